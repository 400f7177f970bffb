"""Benchmark des Exports: 100.000 Einträge, ganze Prozesse ``referee export --gesamt``.

Ziel (issue 8): ``--format csv`` und ``--format json`` je ≤ 3 s (Median über ganze
Prozessläufe: Interpreter, CLI-Start, Datenbank lesen, umwandeln, Datei atomar schreiben).

Die Datenbank erzeugt der Generator aus ``benchmarks/store.py`` (gleiches Schema, 500 Abende);
fehlt er, baut dieses Skript sie selbst über ``Store.importieren`` (die Store-API, in einem Zug).

Aufruf:  .venv/bin/python benchmarks/export.py [--eintraege 100000] [--abende 500] [--laeufe 5]
         [--db bench.db]  (vorhandene Datenbank wiederverwenden)  [--rundreise]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMEN = ["Anna", "Ben", "Cem", "Dora", "Eva", "Fritz", "Gabi", "Hans"]


def _generator_aus_store_benchmark():
    pfad = ROOT / "benchmarks" / "store.py"
    if not pfad.exists():
        return None
    spec = importlib.util.spec_from_file_location("benchmark_store", pfad)
    modul = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modul)
    return getattr(modul, "erzeugen", None)


def erzeugen_selbst(pfad: Path, eintraege: int, abende: int, seed: int = 8) -> float:
    """Eigener Generator: ein Export-dict bauen und mit ``Store.importieren`` einspielen."""
    from referee.spiele import werte_aus
    from referee.store import EXPORT_FORMAT, SCHEMA_AKTUELL, oeffne

    rnd = random.Random(seed)
    t0 = time.perf_counter()
    spieler = [
        {"id": i + 1, "name": n, "angelegt": "2025-01-01T19:00:00+01:00"}
        for i, n in enumerate(NAMEN)
    ]
    daten = {
        "format": EXPORT_FORMAT,
        "schema": SCHEMA_AKTUELL,
        "spieler": spieler,
        "abende": [],
        "eintraege": [],
    }
    eid = 0
    for a in range(1, abende + 1):
        tisch = rnd.sample(NAMEN, 4)
        datum = f"{2016 + a // 52:04d}-{(a // 4) % 12 + 1:02d}-{a % 28 + 1:02d}"
        daten["abende"].append(
            {
                "id": a,
                "datum": datum,
                "ort": "Post",
                "spieler": tisch,
                "tarif": {"name": "10-20-50"},
                "hausregeln": {},
                "offen": False,
                "begonnen": datum + "T19:00:00+01:00",
                "beendet": datum + "T23:30:00+01:00",
                "geber_start": 0,
            }
        )
        for nr in range(1, eintraege // abende + 1):
            eid += 1
            w = rnd.choice([20, 30, 50, 70])
            z = [w, w, -w, -w] if rnd.random() < 0.6 else [-w, -w, w, w]
            erg = {
                "zahlungen": dict(zip(tisch, z)),
                "spielart": "rufspiel",
                "spieler": tisch[0],
                "partner": tisch[1],
                "gewonnen": z[0] > 0,
                "wert": w,
                "augen": 70,
                "laufende": 0,
                "schneider": False,
                "schwarz": False,
                "tout": False,
                "klopfer": 0,
                "stoesse": 0,
            }
            daten["eintraege"].append(
                {
                    "id": eid,
                    "abend": a,
                    "nr": nr,
                    "zeit": f"{datum}T20:{nr % 60:02d}:00+01:00",
                    "spiel": "schafkopf",
                    "art": "spiel",
                    "bezug": None,
                    "gilt": True,
                    "eingabe": {},
                    "ergebnis": erg,
                    "werte": werte_aus("schafkopf", erg),
                }
            )
    with oeffne(pfad) as s:
        s.importieren(daten)
    return time.perf_counter() - t0


def messen(args: list[str], env: dict, laeufe: int) -> list[float]:
    zeiten = []
    for _ in range(laeufe):
        t0 = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-m", "referee", *args], env=env, capture_output=True, text=True
        )
        zeiten.append(time.perf_counter() - t0)
        if r.returncode != 0:
            raise SystemExit(f"referee {' '.join(args)} scheiterte: {r.stderr}")
    return zeiten


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eintraege", type=int, default=100_000)
    ap.add_argument("--abende", type=int, default=500)
    ap.add_argument("--laeufe", type=int, default=5)
    ap.add_argument("--db", help="Datenbank (wird angelegt, wenn es sie nicht gibt)")
    ap.add_argument(
        "--selbst", action="store_true", help="eigenen Generator statt benchmarks/store.py nehmen"
    )
    ap.add_argument(
        "--rundreise",
        action="store_true",
        help="zusätzlich JSON → import → JSON messen und vergleichen",
    )
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        pfad = Path(a.db) if a.db else tmp / "bench.db"
        if not pfad.exists():
            gen = None if a.selbst else _generator_aus_store_benchmark()
            wie = "benchmarks/store.py" if gen else "Store.importieren"
            dauer = (gen or erzeugen_selbst)(pfad, a.eintraege, a.abende)
            print(
                f"Datenbank erzeugt ({wie}): {a.eintraege} Einträge, {a.abende} Abende in {dauer:.1f} s, "
                f"{pfad.stat().st_size / 1e6:.0f} MB"
            )
        env = dict(
            os.environ,
            REFEREE_DB=str(pfad),
            NO_COLOR="1",
            COLUMNS="80",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        messen(["--help"], env, 2)
        start = statistics.median(messen(["--help"], env, a.laeufe))
        print(f"referee --help (Interpreter + CLI-Start): Median {start:.2f} s")
        for fmt, ziel in (
            ("csv", 3.0),
            ("json", 3.0),
            ("text", None),
            ("md", None),
            ("html", None),
        ):
            datei = tmp / f"export.{fmt}"
            zeiten = messen(
                ["export", "--gesamt", "--format", fmt, "-o", str(datei), "--force"], env, a.laeufe
            )
            med = statistics.median(zeiten)
            bewertung = (
                ""
                if ziel is None
                else (f"; Ziel ≤ {ziel:.0f} s: " + ("ok" if med <= ziel else "ZU LANGSAM"))
            )
            print(
                f"referee export --gesamt --format {fmt:4s} -o …: Median {med:.2f} s "
                f"(min {min(zeiten):.2f}, max {max(zeiten):.2f}; {datei.stat().st_size / 1e6:.1f} MB{bewertung})"
            )
        stat = statistics.median(messen(["statistik", "--gesamt", "--json"], env, a.laeufe))
        print(f"referee statistik --gesamt --json:          Median {stat:.2f} s")
        if a.rundreise:
            neu = tmp / "neu.db"
            t0 = time.perf_counter()
            messen(["import", str(tmp / "export.json"), "--db", str(neu)], env, 1)
            t1 = time.perf_counter()
            messen(
                [
                    "export",
                    "--gesamt",
                    "--format",
                    "json",
                    "-o",
                    str(tmp / "zwei.json"),
                    "--db",
                    str(neu),
                ],
                env,
                1,
            )
            gleich = (tmp / "export.json").read_bytes() == (tmp / "zwei.json").read_bytes()
            print(
                f"referee import (ganzer Prozess): {t1 - t0:.1f} s; Export danach identisch: {gleich}"
            )


if __name__ == "__main__":
    main()
