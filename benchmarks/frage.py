"""Benchmark für ``referee frage`` (issue 2, §4) – ein einfaches Skript, kein Test.

Misst im selben Lauf:

1. Median der Wandzeit von ≥ 10 ganzen Prozessen: ``referee frage Davonlaufen``,
   ``referee --help`` und ``python -c pass`` (Interpreterstart), dazu das Verhältnis.
   Ziel: ``frage`` ≤ 8 × Interpreterstart.
2. Suche im Prozess (Index schon gebaut): Median je Frage über den Fragenkatalog
   ``tests/data/fragen.json`` auf dem mitgelieferten Korpus (Ziel ≤ 5 ms) und auf einem
   synthetischen Korpus, 100 × so groß (Ziel ≤ 50 ms). Der synthetische Korpus wird hier
   erzeugt: jeder Abschnitt 100-mal, Sätze gemischt, ein Viertel der Wörter durch
   Kunstwörter aus einem Vorrat von 20 000 ersetzt (Zufall mit festem Startwert).
3. Güte auf dem Fragenkatalog: Top-1- und Top-3-Quote.

Aufruf: ``.venv/bin/python benchmarks/frage.py [--laeufe 15]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _referee_befehl() -> list[str]:
    skript = Path(sys.executable).with_name("referee")
    if skript.exists():
        return [str(skript)]
    gefunden = shutil.which("referee")
    return [gefunden] if gefunden else [sys.executable, "-m", "referee"]


def prozess_median(befehl: list[str], laeufe: int, env: dict[str, str]) -> float:
    """Median der Wandzeit (ms) über ``laeufe`` Prozesse, nach einem Aufwärmlauf."""
    subprocess.run(befehl, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    zeiten = []
    for _ in range(laeufe):
        start = time.perf_counter()
        r = subprocess.run(befehl, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        zeiten.append((time.perf_counter() - start) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(befehl)} endete mit {r.returncode}")
    return statistics.median(zeiten)


_PHASEN = """
import io, json, sys, time
m = {}
t = time.perf_counter()
import referee.cli
m["import referee.cli"] = time.perf_counter() - t
t = time.perf_counter()
import typer.main
typer.main.get_command(referee.cli.app)
m["typer get_command"] = time.perf_counter() - t
t = time.perf_counter()
import rapidfuzz.process
m["import rapidfuzz"] = time.perf_counter() - t
t = time.perf_counter()
from referee import suche
treffer = suche.suche("Davonlaufen")
m["Korpus laden + Index + Suche"] = time.perf_counter() - t
t = time.perf_counter()
from rich.console import Console
from referee.cli.frage import _panel
konsole = Console(file=io.StringIO(), width=80, color_system=None)
for x in treffer:
    konsole.print(_panel(x.abschnitt, x.score, x.woerter))
m["rich importieren + Panels"] = time.perf_counter() - t
print(json.dumps({k: v * 1000 for k, v in m.items()}))
"""


def phasen_median(laeufe: int, env: dict[str, str]) -> dict[str, float]:
    """Wo die Zeit eines ``frage``-Prozesses bleibt (je Phase Median in ms)."""
    werte: dict[str, list[float]] = {}
    for _ in range(laeufe):
        r = subprocess.run(
            [sys.executable, "-c", _PHASEN],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
        for k, v in json.loads(r.stdout).items():
            werte.setdefault(k, []).append(v)
    return {k: statistics.median(v) for k, v in werte.items()}


def synthetischer_korpus(faktor: int = 100, vorrat: int = 20_000, seed: int = 2):
    from referee.regeltexte import Abschnitt, abschnitte

    zufall = random.Random(seed)
    silben = [
        "ka",
        "ber",
        "lo",
        "schu",
        "mi",
        "ten",
        "sta",
        "pel",
        "ru",
        "fen",
        "gel",
        "da",
        "ver",
        "zug",
        "an",
        "ie",
        "ohr",
        "wand",
        "nis",
        "hau",
        "sel",
        "ling",
        "kra",
        "um",
    ]
    kunst = sorted(
        {
            "".join(zufall.choice(silben) for _ in range(zufall.randint(2, 4)))
            for _ in range(vorrat * 2)
        }
    )[:vorrat]
    original = abschnitte()
    liste = list(original)
    for k in range(1, faktor):
        for a in original:
            saetze = re.split(r"(?<=[.!?:])\s+", a.text)
            zufall.shuffle(saetze)
            woerter = " ".join(saetze).split(" ")
            for i in range(len(woerter)):
                if zufall.random() < 0.25:
                    woerter[i] = zufall.choice(kunst)
            titel = " ".join(
                zufall.choice(kunst) if zufall.random() < 0.5 else w for w in a.titel.split(" ")
            )
            liste.append(
                Abschnitt(
                    f"{a.id}-syn{k}",
                    a.spiel,
                    titel,
                    " ".join(woerter),
                    tuple(zufall.sample(a.stichworte, k=len(a.stichworte) // 2)),
                )
            )
    return liste


def suche_median(index, fragen: list[str], runden: int) -> float:
    zeiten = []
    for _ in range(runden):
        for f in fragen:
            start = time.perf_counter()
            index.suche(f)
            zeiten.append((time.perf_counter() - start) * 1000)
    return statistics.median(zeiten)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--laeufe", type=int, default=15, help="Prozessläufe je Befehl (≥ 10)")
    args = parser.parse_args()
    laeufe = max(args.laeufe, 10)

    env = dict(os.environ, NO_COLOR="1", COLUMNS="80", HOME=tempfile.mkdtemp())
    # Wie beim Nutzer: Bytecode wird zwischengespeichert (pip legt .pyc an; im Quellbaum
    # schreibt Python __pycache__). Ist PYTHONDONTWRITEBYTECODE gesetzt, übersetzte jeder
    # Prozess alle referee-Module neu – das misst nicht den echten Start. Die .pyc landen
    # in einem Temp-Verzeichnis, nicht im Repository.
    ohne_cache = env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="referee-pyc-")
    ref = _referee_befehl()
    print(f"Python {sys.version.split()[0]}, {laeufe} Läufe je Befehl, referee = {' '.join(ref)}")
    if ohne_cache:
        print(
            "(PYTHONDONTWRITEBYTECODE war gesetzt; gemessen wird mit Bytecode-Cache "
            f"unter {env['PYTHONPYCACHEPREFIX']})"
        )
    leer = prozess_median([sys.executable, "-c", "pass"], laeufe, env)
    frage = prozess_median([*ref, "frage", "Davonlaufen"], laeufe, env)
    hilfe = prozess_median([*ref, "--help"], laeufe, env)
    print("\n== Ganze Prozesse (Median) ==")
    print(f"python -c pass             {leer:7.1f} ms")
    print(
        f"referee frage Davonlaufen  {frage:7.1f} ms  = {frage / leer:4.1f} × Interpreterstart "
        f"(Ziel ≤ 8 ×: {'ok' if frage / leer <= 8 else 'VERFEHLT'})"
    )
    print(f"referee --help             {hilfe:7.1f} ms  = {hilfe / leer:4.1f} × Interpreterstart")
    print("Phasen eines frage-Prozesses (Median):")
    for name, ms in phasen_median(laeufe, env).items():
        print(f"  {name:30s} {ms:6.1f} ms")

    from referee import suche as suchmodul
    from referee.regeltexte import abschnitte

    fragen_daten = json.loads((ROOT / "tests" / "data" / "fragen.json").read_text(encoding="utf-8"))
    fragen = [e["frage"] for e in fragen_daten["fragen"]]

    start = time.perf_counter()
    index = suchmodul.Suchindex(abschnitte())
    index.suche("Davonlaufen")
    aufbau = (time.perf_counter() - start) * 1000
    klein = suche_median(index, fragen, runden=5)
    print("\n== Suche im Prozess ==")
    print(
        f"Korpus: {len(index.abschnitte)} Abschnitte, {len(index.vokabular)} Wörter; "
        f"Index + erste Suche {aufbau:.1f} ms"
    )
    print(
        f"Median je Frage ({len(fragen)} Fragen × 5)  {klein:6.2f} ms "
        f"(Ziel ≤ 5 ms: {'ok' if klein <= 5 else 'VERFEHLT'})"
    )

    synth = synthetischer_korpus()
    start = time.perf_counter()
    gross = suchmodul.Suchindex(synth)
    aufbau_gross = (time.perf_counter() - start) * 1000
    gross.suche("Davonlaufen")
    median_gross = suche_median(gross, fragen, runden=1)
    print(
        f"100×-Korpus: {len(gross.abschnitte)} Abschnitte, {len(gross.vokabular)} Wörter; "
        f"Indexaufbau {aufbau_gross:.0f} ms"
    )
    print(
        f"Median je Frage ({len(fragen)} Fragen)       {median_gross:6.2f} ms "
        f"(Ziel ≤ 50 ms: {'ok' if median_gross <= 50 else 'VERFEHLT'})"
    )

    top1 = top3 = 0
    for e in fragen_daten["fragen"]:
        richtig = {e["erwartet"], *e.get("auch", [])}
        ids = [t.abschnitt.id for t in index.suche(e["frage"], anzahl=3)]
        top1 += bool(ids) and ids[0] in richtig
        top3 += bool(richtig & set(ids))
    n = len(fragen)
    print("\n== Fragenkatalog tests/data/fragen.json ==")
    print(
        f"Top-1 {top1}/{n} = {100 * top1 / n:.1f} % (Ziel ≥ 90 %), "
        f"Top-3 {top3}/{n} = {100 * top3 / n:.1f} % (Ziel 100 %)"
    )


if __name__ == "__main__":
    main()
