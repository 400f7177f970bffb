"""Benchmark: ``referee schafkopf partie`` über 7.000 Partien, als Text und mit ``--json``.

issue 12 fand 12,3 s für den Text gegen 1,4 s mit ``--json``: für jede Zeile entstand eine
neue rich-Console. Gemessen wird je ganzer Prozess (Start, Lesen, Prüfen, Ausgabe in eine
Datei) die CPU-Zeit des Kindprozesses (Nutzer + System) – sie hängt weniger als die Wanduhr
davon ab, was sonst auf der Maschine läuft.

Aufruf: ``python benchmarks/partie_text.py [--partien 7000] [--laeufe 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WURZEL = Path(__file__).resolve().parent.parent


def _lauf(args: list[str], ziel: Path) -> tuple[float, float]:
    """(Wanduhr, CPU) eines ganzen Prozesses ``python -m referee *args > ziel``."""
    vorher = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(ziel, "w", encoding="utf-8") as aus:
        subprocess.run(
            [sys.executable, "-m", "referee", *args],
            stdout=aus,
            stderr=subprocess.DEVNULL,
            cwd=WURZEL,
            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"},
            check=False,
        )
    wand = time.perf_counter() - start
    nachher = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (nachher.ru_utime - vorher.ru_utime) + (nachher.ru_stime - vorher.ru_stime)
    return wand, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--partien", type=int, default=7000)
    ap.add_argument("--laeufe", type=int, default=3)
    args = ap.parse_args()

    daten = json.loads((WURZEL / "tests" / "data" / "partien.json").read_text(encoding="utf-8"))
    partien = [g.get("partie", g) for g in daten]
    viele = (partien * (args.partien // len(partien) + 1))[: args.partien]
    with tempfile.TemporaryDirectory() as ordner:
        datei = Path(ordner) / "partien.json"
        datei.write_text(json.dumps(viele), encoding="utf-8")
        for name, extra in (("Text", []), ("JSON", ["--json"])):
            laeufe = [
                _lauf(["schafkopf", "partie", str(datei), *extra], Path(ordner) / "aus")
                for _ in range(args.laeufe)
            ]
            cpu = min(c for _, c in laeufe)
            wand = min(w for w, _ in laeufe)
            zeilen = (Path(ordner) / "aus").read_text(encoding="utf-8").count("\n")
            print(
                f"{name:4}: {args.partien} Partien, bester von {args.laeufe}: "
                f"CPU {cpu:.2f} s, Wanduhr {wand:.2f} s, {zeilen} Zeilen"
            )


if __name__ == "__main__":
    main()
