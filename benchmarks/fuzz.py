"""Der lange Fuzz-Lauf (REFEREE_FUZZ=lang) mit Zählung: wie viele Aufrufe, welche Exit-Codes.

    python benchmarks/fuzz.py            # alle Fuzz-Tests, lang, auf allen Kernen

Druckt die zusammengezählte Statistik aller pytest-xdist-Arbeiter (Aufrufe, Exit-Codes, davon
an einem ASCII-Strom, geprüfte JSON-Antworten, tisch-Zeilen, angenommene/abgelehnte Importe)
und den Exit-Code von pytest. Ziel (issue 24): ≥ 20.000 Aufrufe, 0 × Exit 3, 0 × ungültiges
JSON (ein ungültiges JSON lässt den Test scheitern).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

WURZEL = Path(__file__).resolve().parent.parent


def main() -> int:
    with tempfile.TemporaryDirectory() as ordner:
        bericht = Path(ordner) / "fuzz.json"
        env = dict(os.environ, REFEREE_FUZZ="lang", REFEREE_FUZZ_BERICHT=str(bericht))
        start = time.monotonic()
        lauf = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/test_fuzz.py",
                *sys.argv[1:],
            ],
            cwd=WURZEL,
            env=env,
        )
        dauer = time.monotonic() - start
        summe: Counter = Counter()
        for datei in Path(ordner).glob("fuzz.json*"):
            summe.update(json.loads(datei.read_text()))
    print()
    print(f"Fuzz lang: {dauer:.0f} s, pytest Exit {lauf.returncode}")
    for schluessel in sorted(summe):
        print(f"  {schluessel:28} {summe[schluessel]:>8}")
    return lauf.returncode


if __name__ == "__main__":
    raise SystemExit(main())
