"""Der Live-Stand fürs Handy: eine Seite im lokalen Netz, die sich bei jedem Eintrag selbst
aktualisiert (``referee live``, in ``referee tisch`` der Befehl ``live``).

- ``daten``: was die Seite zeigt, an einer Stelle aus dem Buch gelesen;
- ``seite``: die Seite als HTML (reine Funktionen);
- ``beobachter``: Änderungen über ``PRAGMA data_version`` bemerken;
- ``server``: Starlette-Antworten unter uvicorn, Token, Sicherheitsköpfe.

Starlette, uvicorn und segno werden erst geladen, wenn ein Server startet.

>>> import sys, referee.live
>>> "starlette" in sys.modules or "uvicorn" in sys.modules
False
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.live.server import LiveServer

__all__ = ["starte_im_hintergrund"]


def starte_im_hintergrund(
    db_pfad: str | os.PathLike | None = None,
    abend_id: int | None = None,
    host: str | None = None,
    port: int | None = None,
    **optionen,
) -> LiveServer:
    """Den Live-Server in einem Hintergrund-Thread starten und zurückgeben, sobald er annimmt.

    ``db_pfad`` wie ``--db`` (sonst ``$REFEREE_DB``, sonst der Standardpfad); ohne ``abend_id``
    folgt die Seite dem offenen (sonst letzten) Abend; ohne ``host`` die Adresse im lokalen
    Netz. ``.url`` ist der Link, ``.qr_text()`` der QR-Code, ``.stoppe()`` beendet ihn.
    Belegter Port: ``Zustandsfehler``; ``abend_id`` unbekannt: ``KeineDaten``.
    """
    from referee.live.daten import pruefe_abend
    from referee.live.server import STANDARD_PORT, LiveServer
    from referee.store import db_pfad as pfad_von

    pfad = pfad_von(db_pfad)
    if abend_id is not None:
        pruefe_abend(pfad, abend_id)
    server = LiveServer(pfad, abend_id, host, STANDARD_PORT if port is None else port, **optionen)
    return server.starte()
