"""Benchmark: Startzeit von ``referee ruf`` als ganzer Prozess – ein Skript, kein Test.

Misst im selben Lauf den Median der Wandzeit von ≥ 15 ganzen Prozessen (Ausgabe in eine
Pipe, wie in einem Skript):

- ``python -c pass`` (Interpreterstart, die Bezugsgröße),
- ``python -c "import typer"`` (was jede Typer-Kommandozeile mindestens kostet),
- ``referee ruf --hand "EO GU H9 G10 G7 S8 SK EA"`` (Ziel: ≤ 6 × Interpreterstart),
- ``referee ruf … --sau gras --json`` und ``referee schafkopf zug … --karte S7``.

Gemessen wird mit Bytecode (``PYTHONDONTWRITEBYTECODE`` wird für die Messung entfernt, ein
Aufwärmlauf schreibt die ``.pyc``) und am besten mit einer nicht-editierbaren Installation:

    python3 -m venv /tmp/rv && /tmp/rv/bin/pip install .
    /tmp/rv/bin/python benchmarks/start.py

Aufruf: ``python benchmarks/start.py [--laeufe 15] [--instruktionen]`` – benutzt das
``referee`` neben dem laufenden Interpreter (sonst ``python -m referee``). Auf einer geteilten,
ausgelasteten Maschine schwanken Wandzeiten stark; ``--instruktionen`` zählt zusätzlich die
Maschinenbefehle jedes Prozesses mit valgrind (callgrind) – unabhängig von der Last, aber
ohne Plattenzugriffe und Seitenfehler, daher liegt das Verhältnis etwas höher als bei der Zeit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from instruktionen import instruktionen

HAND = "EO GU H9 G10 G7 S8 SK EA"


def _referee() -> list[str]:
    skript = Path(sys.executable).with_name("referee")
    if skript.exists():
        return [str(skript)]
    return [sys.executable, "-m", "referee"]


def _umgebung() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("REFEREE_DEBUG", None)
    env["NO_COLOR"] = "1"
    return env


def _zeiten_ms(befehl: list[str], laeufe: int, env: dict[str, str]) -> list[float]:
    subprocess.run(befehl, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    zeiten = []
    for _ in range(laeufe):
        start = time.perf_counter()
        subprocess.run(befehl, env=env, capture_output=True)
        zeiten.append((time.perf_counter() - start) * 1000)
    return zeiten


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--laeufe", type=int, default=15, help="Prozesse je Messung (≥ 10)")
    ap.add_argument(
        "--instruktionen", action="store_true", help="auch Maschinenbefehle zählen (valgrind)"
    )
    args = ap.parse_args()
    env = _umgebung()
    ref = _referee()
    messungen = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ('python -c "import typer"', [sys.executable, "-c", "import typer"]),
        ('referee ruf --hand "…"', [*ref, "ruf", "--hand", HAND]),
        (
            "referee ruf … --sau gras --json",
            [*ref, "ruf", "--hand", HAND, "--sau", "gras", "--json"],
        ),
        (
            "referee schafkopf zug … --karte S7",
            [
                *ref,
                *("schafkopf", "zug", "--spiel", "rufspiel", "--farbe", "schellen"),
                *("--hand", "SA S7 S8 S9 GO", "--stich", "SK", "--karte", "S7"),
            ],
        ),
    ]
    print(f"Interpreter: {sys.executable}; referee: {' '.join(ref)}; {args.laeufe} Läufe")
    print(f"{'':36} {'Median':>9} {'':>8} {'Minimum':>9} {'':>8}")
    basis: tuple[float, float] | None = None
    for name, befehl in messungen:
        zeiten = _zeiten_ms(befehl, args.laeufe, env)
        median, minimum = statistics.median(zeiten), min(zeiten)
        basis = basis or (median, minimum)
        print(
            f"{name:36} {median:6.1f} ms {median / basis[0]:5.1f} × "
            f"{minimum:6.1f} ms {minimum / basis[1]:5.1f} ×"
        )
    print(
        "× = Vielfaches von python -c pass (Median bzw. Minimum). "
        "Ziel: referee ruf ≤ 6 × Interpreterstart."
    )
    if args.instruktionen:
        print("Maschinenbefehle (callgrind, ein Lauf je Befehl):")
        basis_ir = None
        for name, befehl in messungen:
            ir = instruktionen(befehl, env)
            if ir is None:
                print("  valgrind fehlt oder hat nichts gezählt.")
                break
            basis_ir = basis_ir or ir
            print(f"{name:36} {ir / 1e6:8.1f} Mio. {ir / basis_ir:5.1f} ×")


if __name__ == "__main__":
    main()
