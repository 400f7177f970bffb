"""Benchmark einer Saison (issue 36): ein Jahr Stammtisch und zwölf Turniere.

Aufbau (nicht gemessen): 52 wöchentliche Abende zu je 30 Schafkopfspielen (1.560 Spiele, je
Abend vier von acht Stammspielern, zufällige Beträge wie im Tarif 10-20-50) und 12 monatliche
Turniere mit je 40 Spielern (10 Tische, 2 Runden, je Tisch ein Tischblatt), darunter die acht
vom Stammtisch; „Sepp“ am Abend ist „Sepp Huber“ im Turnier (ein Alias). Die Spiele werden
direkt über den Speicher geschrieben (dieselben Werte, ohne die Prüfungen des Buchs).

Gemessen (Median über ``--laeufe``):

1. ``Saisonbuch.stand()`` mit ``beste:8`` – alles, was ``referee saison stand`` tut: Abende und
   Turniere der Saison finden, Saldo je Abend (ein SQL-Aggregat), Soli, je Turnier die
   Rangliste, Aliase auflösen, die Rangliste rechnen. Ziel: ≤ 150 ms.
2. Die Rangliste allein (``referee.saison.rangliste.saisonrangliste``) über die gelesenen
   Ereignisse, mit ``beste:8`` und mit ``platzpunkte``.
3. Zum Vergleich: ``Saisonbuch.statistik()`` (jedes Spiel gelesen) und der Verlauf der Plätze.

Exit 1, wenn das Ziel verfehlt ist.

Aufruf:  .venv/bin/python benchmarks/saison.py [--laeufe 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ZIEL_MS = 150.0
STAMM = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Sepp"]


def _aufbau(pfad: Path, rng: random.Random) -> None:
    from datetime import date, timedelta

    from referee.buch import Buch
    from referee.buch.saison import Saisonbuch
    from referee.buch.turnier import Turnierbuch
    from referee.spiele import ergebnis_aus_json

    with Buch(pfad) as b:
        tag = date(2027, 1, 4)
        for _ in range(52):
            tisch = rng.sample(STAMM, 4)
            a = b.abend_neu(tisch, datum=tag.isoformat()).abend
            for _ in range(30):
                spieler, partner = rng.sample(tisch, 2)
                solo = rng.random() < 0.2
                gewonnen = rng.random() < 0.6
                if solo:
                    wert = rng.choice((50, 60, 70))
                    zahl = {n: (3 * wert if n == spieler else -wert) for n in tisch}
                    daten = {"spielart": "solo", "spieler": spieler}
                else:
                    wert = rng.choice((20, 30, 40))
                    zahl = {n: (wert if n in (spieler, partner) else -wert) for n in tisch}
                    daten = {"spielart": "rufspiel", "spieler": spieler, "partner": partner}
                if not gewonnen:
                    zahl = {n: -c for n, c in zahl.items()}
                daten |= {"zahlungen": zahl, "gewonnen": gewonnen}
                b.store.eintragen(ergebnis_aus_json("schafkopf", daten), None, abend_id=a.id)
            b.abend_ende(a.id)
            tag += timedelta(days=7)
    gaeste = [f"Gast {i}" for i in range(60)]
    for monat in range(12):
        namen = [n if n != "Sepp" else "Sepp Huber" for n in STAMM] + rng.sample(gaeste, 32)
        with Turnierbuch(pfad) as tb:
            t = tb.neu(f"Preisschafkopf {monat + 1}", runden=2, spiele=32, seed=monat).turnier
            tb.anmelden(namen, turnier_id=t.id)
            for runde in (1, 2):
                plan = tb.auslosung(t.id)
                for tisch in plan.tische:
                    sitz = [s.name for s in tisch.sitze]
                    werte = [rng.randrange(-30, 31) for _ in sitz[:-1]]
                    punkte = dict(zip(sitz, [*werte, -sum(werte)]))
                    tb.ergebnis(runde, tisch.nr, punkte, turnier_id=t.id)
    with Saisonbuch(pfad) as sb:
        sid = sb.neu("Jahreswertung 2027", von="2027-01-01", bis="2027-12-31", wertung="beste:8")
        for t in range(1, 13):
            sb.zuordnen("dazu", "turnier", t, sid.saison.id)
        sb.zusammenfuehren("Sepp", "Sepp Huber")


def _median_ms(aufruf, laeufe: int) -> float:
    zeiten = []
    for _ in range(laeufe):
        t0 = time.perf_counter()
        aufruf()
        zeiten.append((time.perf_counter() - t0) * 1000)
    return statistics.median(zeiten)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--laeufe", type=int, default=7)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    from referee.buch.saison import Saisonbuch
    from referee.saison.rangliste import rangverlauf, saisonrangliste
    from referee.saison.wertung import wertung_laden

    with tempfile.TemporaryDirectory() as ordner:
        pfad = Path(ordner) / "saison.db"
        t0 = time.perf_counter()
        _aufbau(pfad, random.Random(args.seed))
        print(
            f"Aufbau: 52 Abende × 30 Spiele, 12 Turniere × 40 Spieler in {time.perf_counter() - t0:.1f} s"
        )
        with Saisonbuch(pfad) as sb:
            stand = sb.stand()
            _, ereignisse = sb.ereignisse()
            print(
                f"Saison: {len(stand.ereignisse)} Ereignisse, {len(stand.rangliste)} Personen, "
                f"{sum(z.spiele for z in stand.rangliste) // 4} Spiele (je vier Spieler gezählt)"
            )
            ms_stand = _median_ms(sb.stand, args.laeufe)
            beste = wertung_laden("beste:8")
            platz = wertung_laden("platzpunkte")
            ms_kern = _median_ms(lambda: saisonrangliste(ereignisse, beste), args.laeufe)
            ms_platz = _median_ms(lambda: saisonrangliste(ereignisse, platz), args.laeufe)
            ms_stat = _median_ms(sb.statistik, max(1, args.laeufe // 2))
            ms_verlauf = _median_ms(
                lambda: rangverlauf(ereignisse, beste), max(1, args.laeufe // 2)
            )
    print(f"saison stand (beste:8, alles):   {ms_stand:7.1f} ms   Ziel ≤ {ZIEL_MS:.0f} ms")
    print(f"  Rangliste allein (beste:8):    {ms_kern:7.1f} ms")
    print(f"  Rangliste allein (platzpunkte):{ms_platz:7.1f} ms")
    print(f"saison statistik (alles):        {ms_stat:7.1f} ms")
    print(f"  Verlauf der Plätze (Diagramm): {ms_verlauf:7.1f} ms")
    if ms_stand > ZIEL_MS:
        print("Ziel verfehlt.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
