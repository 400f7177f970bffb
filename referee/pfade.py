"""Wo die Datenbank liegt – leicht zu importieren (ohne den Speicher selbst).

``frage`` braucht nur zu wissen, ob es eine Datenbank gibt, bevor es den Speicher lädt.
"""

from __future__ import annotations

import os
from pathlib import Path


def db_pfad(pfad: str | os.PathLike[str] | None = None) -> Path:
    """``pfad`` > Umgebungsvariable ``REFEREE_DB`` > ``<Benutzer-Datenverz.>/referee.db``."""
    if pfad:
        return Path(pfad).expanduser()
    env = os.environ.get("REFEREE_DB")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("referee", appauthor=False) / "referee.db"
