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
    from referee import suche
    from referee.regeltexte import abschnitte

    ziel = Path(__file__).resolve().parent.parent / "data" / "beispielprofil.txt"
    if not ziel.parent.is_dir():
        print("Nur im Quellbaum: data/ neben dem Paket fehlt.", file=sys.stderr)
        return 2
    liste = [*abschnitte(), *(k.als_abschnitt() for k in suche.konventionen())]
    ix = suche.Suchindex(liste, suche.beispielfragen())
    if ix._profile is None:
        print("Keine Beispielfragen: kein Profil zu lernen.", file=sys.stderr)
        return 2
    text = ix._profile.als_text()
    neu = ziel.with_suffix(".tmp")
    neu.write_text(text, encoding="utf-8")
    neu.replace(ziel)
    print(f"{ziel}: {len(text.splitlines())} Zeilen, Prüfsumme {ix._profile.pruefsumme}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
