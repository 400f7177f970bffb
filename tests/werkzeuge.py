"""Systemwerkzeuge der Ende-zu-Ende-Tests: Chromium, pdftotext/pdftoppm, tmux.

Ein frischer Rechner hat nur Python. Ein Test, der ein Werkzeug braucht, ruft ``werkzeug(name)``:
ist es da (``shutil.which`` findet es – kein fester Pfad als Ersatz), bekommt er den Pfad; fehlt
es, wird der Test mit sichtbarem Grund übersprungen (``pytest -ra`` zeigt ihn: welches Werkzeug,
welches Debian-Paket). Unter ``CI=true`` ist dasselbe Fehlen ein Fehlschlag – ``.ci/run``
installiert die Pakete vorher.
"""

from __future__ import annotations

import os
import shutil

import pytest

#: Werkzeug → Debian-Paket, das es mitbringt
PAKETE = {
    "chromium": "chromium",
    "pdftotext": "poppler-utils",
    "pdftoppm": "poppler-utils",
    "tmux": "tmux",
}


def unter_ci() -> bool:
    """``CI=true`` (oder ``1``/``yes``): fehlende Werkzeuge sind dann Fehler, keine Lücken."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def werkzeug(name: str) -> str:
    """Der Pfad von ``name`` – sonst überspringt der Test mit Grund (unter CI: scheitert)."""
    pfad = shutil.which(name)
    if pfad:
        return pfad
    paket = PAKETE.get(name, name)
    grund = f"{name} fehlt (nicht im PATH) – installieren mit: apt-get install {paket}"
    if unter_ci():
        pytest.fail(f"{grund}; unter CI=true ist das ein Fehler, .ci/run installiert es")
    pytest.skip(grund)
