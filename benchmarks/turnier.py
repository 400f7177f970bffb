"""Benchmark eines großen Preisschafkopfs (issue 27): Auslosung und Rangliste.

1. Auslosung: 200 Spieler, 3 Runden – je Runde die Zeit von ``Turnierbuch.auslosung()`` (Buch
   lesen, auslosen, Tische schreiben) und des Kerns allein (``referee.turnier.auslosung``),
   dazu die Wiederbegegnungen. Ziel: eine Auslosung ≤ 1 s.
2. Rangliste: dasselbe Turnier mit jedem Spiel eingetragen (50 Tische × 32 Spiele × 3 Runden =
   4.800 Spiele, 19.200 Werte) – Median von ``Turnierbuch.stand()`` (SQL-Summen und Rangliste)
   und der Rangliste allein. Ziel: ≤ 100 ms.

Die Spiele werden für den Aufbau direkt über den Speicher geschrieben (dieselben Werte, die
``spiel_eintragen`` schriebe, ohne dessen Prüfungen: der Aufbau soll nicht das Gemessene sein).

Aufruf:  .venv/bin/python benchmarks/turnier.py [--spieler 200] [--runden 3] [--spiele 32]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from referee.buch.turnier import Turnierbuch
    from referee.schafkopf.ergebnis import SchafkopfAngaben
    from referee.turnier.auslosung import auslosen
    from referee.turnier.rangliste import Konto, rangliste
    from referee.turnier.spiel import spiel_werten

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--spieler", type=int, default=200)
    p.add_argument("--runden", type=int, default=3)
    p.add_argument("--spiele", type=int, default=32)
    p.add_argument("--messungen", type=int, default=20)
    a = p.parse_args()

    with tempfile.TemporaryDirectory() as ordner:
        tb = Turnierbuch(Path(ordner) / "turnier.db")
        t = tb.neu("Benchmark", runden=a.runden, spiele=a.spiele, seed=2027).turnier
        tb.anmelden([f"Spieler {i:03d}" for i in range(1, a.spieler + 1)])
        zufall = random.Random(1)
        print(f"Auslosung, {a.spieler} Spieler, {a.runden} Runden (Ziel ≤ 1 s je Runde):")
        for runde in range(1, a.runden + 1):
            paare, fuenf = tb.store.begegnungen(t.id)
            t0 = time.perf_counter()
            kern = auslosen(range(1, a.spieler + 1), paare, seed=t.seed, runde=runde, fuenfer=fuenf)
            t_kern = time.perf_counter() - t0
            t0 = time.perf_counter()
            plan = tb.auslosung()
            t_buch = time.perf_counter() - t0
            assert plan.wiederholungen == kern.wiederholungen
            print(
                f"  Runde {runde}: {t_buch * 1000:6.1f} ms mit Buch, {t_kern * 1000:6.1f} ms "
                f"Kern allein, {len(plan.tische)} Tische, {plan.wiederholungen} Wiederbegegnungen"
            )
            # jedes Spiel jedes Tisches eintragen: Rufspiele und Soli, gewertet wie im Turnier
            t0 = time.perf_counter()
            for tisch in plan.tische:
                lage = tb.tischlage(runde, tisch.nr)
                for k in range(a.spiele):
                    lage = type(lage)(lage.tisch, lage.wertung, k, lage.aliase)
                    mit = [
                        s.name
                        for i, s in enumerate(tisch.sitze)
                        if i != k % len(tisch.sitze) or len(tisch.sitze) == 4
                    ]
                    if zufall.random() < 0.8:
                        angaben = SchafkopfAngaben(
                            "rufspiel", tuple(zufall.sample(mit, 2)), augen=zufall.randint(20, 100)
                        )
                    else:
                        angaben = SchafkopfAngaben(
                            "solo", (zufall.choice(mit),), augen=zufall.randint(20, 100)
                        )
                    spiel = spiel_werten(angaben, lage)
                    soli = dict(spiel.soli)
                    tb.store.turnier_eintragen(
                        t.id,
                        runde,
                        tisch.nr,
                        "spiel",
                        spiel.als_json(),
                        [(s, pkt, soli.get(s, 0)) for s, pkt in spiel.punkte],
                    )
            print(
                f"          ({a.spiele * len(plan.tische)} Spiele eingetragen in {time.perf_counter() - t0:.1f} s)"
            )

        zeiten = []
        for _ in range(a.messungen):
            t0 = time.perf_counter()
            stand = tb.stand()
            zeiten.append(time.perf_counter() - t0)
        konten = [z.konto for z in stand.rangliste]
        nur = []
        for _ in range(a.messungen):
            t0 = time.perf_counter()
            rangliste(Konto(k.startnummer, k.name, k.punkte, k.soli) for k in konten)
            nur.append(time.perf_counter() - t0)
        werte = tb.store._lies("SELECT count(*) FROM turnier_werte")[0][0]
        print(f"Rangliste, {len(konten)} Startnummern, {werte} Werte (Ziel ≤ 100 ms):")
        print(
            f"  Turnierbuch.stand(): Median {statistics.median(zeiten) * 1000:.1f} ms, "
            f"höchstens {max(zeiten) * 1000:.1f} ms"
        )
        print(f"  rangliste() allein:  Median {statistics.median(nur) * 1000:.2f} ms")
        print(f"  Platz 1: {stand.rangliste[0].name} mit {stand.rangliste[0].punkte:+d} Punkten")
        tb.schliessen()


if __name__ == "__main__":
    main()
