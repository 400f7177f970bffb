"""Benchmark des Speichers: 100.000 Einträge über 500 Abende, dann ganze Prozesse messen.

Ziele (issue 5): ``referee stand --gesamt`` ≤ 300 ms, ``referee schafkopf eintragen …``
≤ 200 ms – jeweils Median über ganze Prozessläufe (Start, Import, Öffnen, Abfrage, Ausgabe).

Aufruf:  .venv/bin/python benchmarks/store.py [--eintraege 100000] [--abende 500] [--laeufe 15]
"""

from __future__ import annotations

import argparse
import json
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

NAMEN = [
    "Anna",
    "Ben",
    "Cem",
    "Dora",
    "Eva",
    "Fritz",
    "Gabi",
    "Hans",
    "Ines",
    "Jörg",
    "Kati",
    "Lutz",
]


def erzeugen(pfad: Path, eintraege: int, abende: int, seed: int = 5) -> float:
    """Schnelles Massen-Einfügen in einer Transaktion (gleiches Schema, gleiche Trigger)."""
    from referee.namen import namensschluessel
    from referee.schafkopf.tarif import tarif_laden
    from referee.store import oeffne

    rnd = random.Random(seed)
    t0 = time.perf_counter()
    s = oeffne(pfad)
    tarif = json.dumps(tarif_laden().als_json())
    with s._schreiben() as c:
        c.executemany(
            "INSERT INTO spieler (id, name, schluessel, angelegt) VALUES (?, ?, ?, ?)",
            [
                (i + 1, n, namensschluessel(n), "2025-01-01T19:00:00+01:00")
                for i, n in enumerate(NAMEN)
            ],
        )
        eid = 0
        je_abend = eintraege // abende
        for a in range(1, abende + 1):
            offen = 1 if a == abende else 0
            datum = f"{2016 + a // 52:04d}-{(a // 4) % 12 + 1:02d}-{a % 28 + 1:02d}"
            c.execute(
                "INSERT INTO abende (id, datum, ort, tarif, hausregeln, offen, begonnen, beendet, "
                "geber_start) VALUES (?, ?, 'Post', ?, '{}', ?, ?, ?, 0)",
                [
                    a,
                    datum,
                    tarif,
                    offen,
                    datum + "T19:00:00+01:00",
                    None if offen else datum + "T23:30:00+01:00",
                ],
            )
            tisch = rnd.sample(range(1, len(NAMEN) + 1), 4) if a < abende else [1, 2, 3, 4]
            c.executemany(
                "INSERT INTO abend_spieler VALUES (?, ?, ?)",
                [(a, p, i) for i, p in enumerate(tisch)],
            )
            e_rows, w_rows = [], []
            letzte_spiele: list[int] = []
            for nr in range(1, je_abend + 1):
                eid += 1
                zeit = f"{datum}T{19 + nr // 60 % 5:02d}:{nr % 60:02d}:00+01:00"
                r = rnd.random()
                namen = [NAMEN[p - 1] for p in tisch]
                if r < 0.03 and letzte_spiele:
                    bezug = letzte_spiele.pop()
                    e_rows.append((eid, a, nr, zeit, "schafkopf", "storno", bezug, "{}", "{}", 0))
                    continue
                if r < 0.85:
                    w = rnd.choice([20, 30, 50, 70])
                    if rnd.random() < 0.8:
                        gew = rnd.random() < 0.6
                        z = [w, w, -w, -w] if gew else [-w, -w, w, w]
                    else:
                        z = [3 * w, -w, -w, -w] if rnd.random() < 0.6 else [-3 * w, w, w, w]
                    rnd.shuffle(z)
                    erg = {"zahlungen": dict(zip(namen, z)), "spielart": "rufspiel", "wert": w}
                    spiel, werte = "schafkopf", [(p, "cent", v) for p, v in zip(tisch, z)]
                elif r < 0.92:
                    sp = [rnd.choice([-1, 0, 0, 1]) for _ in tisch]
                    erg = {"siegpunkte": dict(zip(namen, sp)), "punkte": dict.fromkeys(namen, 5)}
                    spiel, werte = (
                        "sabai",
                        [(p, "siegpunkte", v) for p, v in zip(tisch, sp)]
                        + [(p, "runden", 1) for p in tisch],
                    )
                elif r < 0.97:
                    pl = rnd.sample(tisch, 3)
                    erg = {"plaetze": [NAMEN[p - 1] for p in pl], "spieler": namen}
                    spiel, werte = (
                        "saufn",
                        [(p, f"platz{i}", 1) for i, p in enumerate(pl, 1)]
                        + [(p, "partien", 1) for p in tisch],
                    )
                else:
                    sieger = rnd.choice(tisch)
                    erg = {"sieger": NAMEN[sieger - 1], "spieler": namen}
                    spiel, werte = (
                        "schlafmuetze",
                        [(sieger, "sieg", 1)] + [(p, "partien", 1) for p in tisch],
                    )
                e_rows.append(
                    (eid, a, nr, zeit, spiel, "spiel", None, '{"argv": []}', json.dumps(erg), 1)
                )
                w_rows += [(eid, a, p, spiel, g, v) for p, g, v in werte]
                letzte_spiele.append(eid)
            # Werte vor den Stornos einfügen, damit der Trigger sie aufheben kann
            normale = [e for e in e_rows if e[5] != "storno"]
            c.executemany(
                "INSERT INTO eintraege (id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                normale,
            )
            c.executemany(
                "INSERT INTO werte (eintrag_id, abend_id, spieler_id, spiel, groesse, wert, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, 1)",
                w_rows,
            )
            c.executemany(
                "INSERT INTO eintraege (id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [e for e in e_rows if e[5] == "storno"],
            )
    s.verbindung._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.verbindung._conn.execute("ANALYZE")
    s.schliessen()
    return time.perf_counter() - t0


def messen(args: list[str], env: dict, laeufe: int) -> tuple[float, list[float]]:
    zeiten = []
    for _ in range(laeufe):
        t0 = time.perf_counter()
        r = subprocess.run(
            [sys.executable, "-m", "referee", *args], env=env, capture_output=True, text=True
        )
        zeiten.append((time.perf_counter() - t0) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"referee {' '.join(args)} scheiterte: {r.stderr}")
    return statistics.median(zeiten), zeiten


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eintraege", type=int, default=100_000)
    ap.add_argument("--abende", type=int, default=500)
    ap.add_argument("--laeufe", type=int, default=15)
    ap.add_argument("--db", help="Datenbank hier anlegen (sonst temporär)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pfad = Path(a.db) if a.db else Path(tmp) / "bench.db"
        if pfad.exists():
            raise SystemExit(f"{pfad} gibt es schon.")
        dauer = erzeugen(pfad, a.eintraege, a.abende)
        import sqlite3

        c = sqlite3.connect(pfad)
        n_e = c.execute("SELECT count(*) FROM eintraege").fetchone()[0]
        n_w = c.execute("SELECT count(*) FROM werte").fetchone()[0]
        c.close()
        print(
            f"Erzeugt: {n_e} Einträge, {n_w} Wertzeilen, {a.abende} Abende in {dauer:.1f} s "
            f"({pfad.stat().st_size / 1e6:.1f} MB)"
        )
        env = dict(
            os.environ,
            REFEREE_DB=str(pfad),
            NO_COLOR="1",
            COLUMNS="80",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        messen(["--help"], env, 2)  # .pyc anlegen
        basis, _ = messen(["--help"], env, a.laeufe)
        print(f"referee --help (Interpreter + CLI-Start):           Median {basis:6.0f} ms")
        for args, ziel in (
            (["stand", "--gesamt"], 300),
            (["stand", "--gesamt", "--json"], 300),
            (["stand"], 300),
            (
                [
                    "schafkopf",
                    "eintragen",
                    "rufspiel",
                    "Anna+Ben",
                    "--augen",
                    "71",
                    "--laufende",
                    "3",
                ],
                200,
            ),
        ):
            med, zeiten = messen(args, env, a.laeufe)
            ok = "ok" if med <= ziel else "ZU LANGSAM"
            print(
                f"referee {' '.join(args):42s} Median {med:6.0f} ms (min {min(zeiten):.0f}, "
                f"max {max(zeiten):.0f}; Ziel ≤ {ziel} ms: {ok})"
            )


if __name__ == "__main__":
    main()
