"""``data/beispielprofil.txt`` neu lernen: ``python -m referee.beispielprofil``.

Nötig nach jeder Änderung an ``data/beispielfragen.json``, an den Titeln der Abschnitte oder
daran, wie eine Frage in Merkmale zerlegt wird (``profil_merkmale``); ein Test meldet ein
veraltetes Profil. Ohne passendes Profil lernt ``referee`` beim ersten Start selbst (einige
Sekunden) und legt das Ergebnis im Cache ab.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> int:
    from referee.suche import beispielprofil_lernen

    ziel = Path(__file__).resolve().parent.parent / "data" / "beispielprofil.txt"
    if not ziel.parent.is_dir():
        print("Nur im Quellbaum: data/ neben dem Paket fehlt.", file=sys.stderr)
        return 2
    text, pruefsumme = beispielprofil_lernen()
    neu = ziel.with_suffix(".tmp")
    neu.write_text(text, encoding="utf-8")
    neu.replace(ziel)
    print(f"{ziel}: {len(text.splitlines())} Zeilen, Prüfsumme {pruefsumme}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
