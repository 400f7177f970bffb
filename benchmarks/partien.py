"""Benchmark: die 84 echten Partien aus tests/data/partien.json lesen, prüfen und abrechnen.

Misst im Prozess (ein Kern), wie viele Partien je Sekunde der volle Schiedsrichter schafft:
Partie-JSON lesen (Karten, Geben), jede Karte nach ``referee.schafkopf.zug`` prüfen
(Bedienpflicht, Suchen, Bindung, Davonlaufen), Stiche, Augen, Laufende, Abrechnung.
Ziel: ≥ 15.000 Partien/s.

Aufruf: ``python benchmarks/partien.py [--sekunden 3] [--instruktionen]``

Auf einer geteilten, ausgelasteten Maschine schwankt die Wandzeit stark. ``--instruktionen``
zählt zusätzlich mit valgrind (callgrind) die Maschinenbefehle je Partie (Prozess mit 10 × 84
Partien minus Prozess ohne) – lastunabhängig und gut zum Vergleich zweier Stände.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

WURZEL = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(WURZEL))

from instruktionen import instruktionen  # noqa: E402

from referee.schafkopf.partie import partie_bericht  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sekunden", type=float, default=3.0, help="Messdauer je Durchgang")
    ap.add_argument("--durchgaenge", type=int, default=3)
    ap.add_argument(
        "--instruktionen", action="store_true", help="auch Maschinenbefehle je Partie (valgrind)"
    )
    ap.add_argument("--nur-runden", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()

    partien = json.loads((WURZEL / "tests" / "data" / "partien.json").read_text(encoding="utf-8"))
    if args.nur_runden is not None:  # für --instruktionen: nur rechnen, nichts messen
        for _ in range(args.nur_runden + 1):
            for g in partien:
                partie_bericht(g)
        return
    for g in partien:  # einmal vorab: alles gültig und richtig abgerechnet?
        b = partie_bericht(g)
        assert b.gueltig and list(b.zahlungen) == g["erwartet"]["zahlungen"], g["quelle"]

    besten = 0.0
    for d in range(args.durchgaenge):
        n = 0
        start = time.perf_counter()
        ende = start + args.sekunden
        while True:
            for g in partien:
                partie_bericht(g)
            n += len(partien)
            jetzt = time.perf_counter()
            if jetzt >= ende:
                break
        rate = n / (jetzt - start)
        besten = max(besten, rate)
        print(
            f"Durchgang {d + 1}: {n} Partien in {jetzt - start:.2f} s = {rate:,.0f} Partien/s".replace(
                ",", "."
            )
        )
    print(f"Bester Wert: {besten:,.0f} Partien/s (Ziel ≥ 15.000)".replace(",", "."))
    if args.instruktionen:
        laeufe = [sys.executable, __file__, "--nur-runden"]
        ohne, mit = instruktionen([*laeufe, "0"]), instruktionen([*laeufe, "10"])
        if ohne is None or mit is None:
            print("Maschinenbefehle: valgrind fehlt oder hat nichts gezählt.")
            return
        je = (mit - ohne) // (10 * len(partien))
        print(f"Maschinenbefehle je Partie (callgrind): {je:,}".replace(",", "."))


if __name__ == "__main__":
    main()
