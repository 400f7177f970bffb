"""Benchmark von ``referee tisch``: Tastendrücke je Abend und Zeit von Enter bis zur Fußleiste.

1. Tastendrücke: ein Abend mit 16 Schafkopfspielen als Zeilen in ``tisch`` gegen dieselben
   Spiele als einzelne ``referee``-Befehle (Zeichen + Enter, ohne Tab-Vervollständigung).
   Ziel (issue 13): ein typisches Rufspiel ≤ 16 Tasten mit Enter.
2. Latenz in der Sitzung, im selben Prozess, auf einem Abend mit 500 Einträgen: von der
   bestätigten Zeile (Enter) bis der neue Text der Fußleiste fertig ist (Zeile lesen,
   eintragen, Antwort, Stand neu, Leiste für 40 Spalten). Ziel: Median ≤ 20 ms.

Aufruf:  .venv/bin/python benchmarks/tisch.py [--eintraege 500] [--messungen 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# (Zeile in tisch, derselbe Eintrag als referee-Befehl)
ABEND = [
    ("r an be 71 l3", "referee schafkopf eintragen rufspiel Anna+Ben --augen 71 --laufende 3"),
    ("w cem 45 k1", "referee schafkopf eintragen wenz Cem --augen 45 --klopfer 1"),
    ("r cem do 61", "referee schafkopf eintragen rufspiel Cem+Dora --augen 61"),
    ("hs dora 95", "referee schafkopf eintragen herz-solo Dora --augen 95"),
    ("r be an 55", "referee schafkopf eintragen rufspiel Ben+Anna --augen 55"),
    ("g an 30", "referee schafkopf eintragen geier Anna --augen 30"),
    ("r do be 80 l2", "referee schafkopf eintragen rufspiel Dora+Ben --augen 80 --laufende 2"),
    ("fwe be 80", "referee schafkopf eintragen eichel-wenz Ben --augen 80"),
    ("r an cem 91 x1", "referee schafkopf eintragen rufspiel Anna+Cem --augen 91 --stoss 1"),
    ("ramsch dora j ben", "referee schafkopf eintragen ramsch Dora --jungfrau Ben"),
    ("r be do 61 l3", "referee schafkopf eintragen rufspiel Ben+Dora --augen 61 --laufende 3"),
    ("es an 120 schwarz", "referee schafkopf eintragen eichel-solo Anna --augen 120 --schwarz"),
    ("r cem an 40", "referee schafkopf eintragen rufspiel Cem+Anna --augen 40"),
    ("w do 75 l2", "referee schafkopf eintragen wenz Dora --augen 75 --laufende 2"),
    ("r an do 65", "referee schafkopf eintragen rufspiel Anna+Dora --augen 65"),
    ("gs be 70 k1", "referee schafkopf eintragen gras-solo Ben --augen 70 --klopfer 1"),
]


def tasten(zeile: str) -> int:
    """Tastendrücke einer Zeile: jedes Zeichen eine Taste, dazu Enter."""
    return len(zeile) + 1


def tastendruecke() -> None:
    t_tisch = sum(tasten(t) for t, _ in ABEND)
    t_cli = sum(tasten(c) for _, c in ABEND)
    ruf = [tasten(t) for t, _ in ABEND if t.startswith("r ")]
    print(f"Tastendrücke, Abend mit {len(ABEND)} Schafkopfspielen (Zeichen + Enter):")
    print(f"  referee tisch:        {t_tisch:5d}  ({t_tisch / len(ABEND):.1f} je Spiel)")
    print(f"  einzelne Befehle:     {t_cli:5d}  ({t_cli / len(ABEND):.1f} je Spiel)")
    print(f"  Ersparnis:            {1 - t_tisch / t_cli:.0%}")
    print(
        f"  Rufspiele in tisch:   {min(ruf)}–{max(ruf)} Tasten, Median "
        f"{statistics.median(ruf):.0f} (Ziel ≤ 16)"
    )


def latenz(eintraege: int, messungen: int) -> None:
    from referee.cli.tisch import neue_sitzung
    from referee.tisch.dienst import Sitzungsbuch

    with tempfile.TemporaryDirectory() as d:
        buch = Sitzungsbuch(str(Path(d) / "bench.db"))
        buch.abend_sicherstellen(["Anna", "Ben", "Cem", "Dora"])
        ausgabe: list[str] = []
        tisch = neue_sitzung(buch, ausgabe.append, knapp=True)
        zeilen = [t for t, _ in ABEND]
        t0 = time.perf_counter()
        for i in range(eintraege):
            a = tisch.verarbeite(zeilen[i % len(zeilen)])
            assert a.ok, a.meldung
        aufbau = time.perf_counter() - t0
        tisch.leiste(40)
        zeiten = []
        for i in range(messungen):
            t = time.perf_counter()
            a = tisch.verarbeite(zeilen[i % len(zeilen)])
            leiste = tisch.leiste(40)  # was prompt_toolkit nach Enter neu zeichnet
            zeiten.append((time.perf_counter() - t) * 1000)
            assert a.ok and leiste
        mit_prompt = _mit_prompt_toolkit(tisch, zeilen, messungen)
        # Neuzeichnen ohne neuen Eintrag (jeder Tastendruck): nur PRAGMA data_version
        ruhig = []
        for _ in range(messungen):
            t = time.perf_counter()
            tisch.leiste(40)
            ruhig.append((time.perf_counter() - t) * 1000)
        buch.schliessen()
    zeiten.sort()
    print(
        f"\nLatenz Enter → neue Fußleiste, Abend mit {eintraege} Einträgen "
        f"({messungen} Messungen, im Prozess):"
    )
    print(f"  Median {statistics.median(zeiten):.2f} ms (Ziel ≤ 20 ms)")
    print(f"  90 %   {zeiten[int(0.9 * len(zeiten)) - 1]:.2f} ms, max {zeiten[-1]:.2f} ms")
    print(
        f"  durch die Schleife ({len(mit_prompt)} Zeilen, PromptSession, Pipe-Eingabe, "
        f"DummyOutput): Median {statistics.median(mit_prompt):.2f} ms, "
        f"max {max(mit_prompt):.2f} ms"
    )
    print(f"  Neuzeichnen ohne Eintrag: Median {statistics.median(ruhig) * 1000:.0f} µs")
    print(f"  (Aufbau der {eintraege} Einträge über die Sitzung: {aufbau:.1f} s)")


def _mit_prompt_toolkit(tisch, zeilen: list[str], messungen: int) -> list[float]:
    """Dieselbe Messung durch die echte Schleife: von der Rückkehr aus ``prompt()`` (Enter)
    bis prompt_toolkit beim nächsten Prompt die Fußleiste abfragt (Zeichnen in DummyOutput)."""
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.tisch.sitzung import interaktiv, sitzung_bauen

    zeiten: list[float] = []
    enter: list[float] = []
    verarbeite, leiste = tisch.verarbeite, tisch.leiste
    rest = [zeilen[i % len(zeilen)] for i in range(messungen)]

    with create_pipe_input() as eingabe:

        def gemessen_verarbeite(zeile: str):
            enter.append(time.perf_counter())
            return verarbeite(zeile)

        def gemessen_leiste(breite: int = 40) -> str:
            text = leiste(breite)
            if enter:  # die erste Abfrage nach Enter: die Leiste wird gerade neu gezeichnet
                zeiten.append((time.perf_counter() - enter.pop()) * 1000)
            if len(zeiten) == messungen - len(rest):  # erst jetzt die nächste Zeile tippen
                eingabe.send_text(rest.pop(0) + "\r" if rest else "\x04")
            return text

        tisch.verarbeite, tisch.leiste = gemessen_verarbeite, gemessen_leiste
        s = sitzung_bauen(tisch, eingabe=eingabe, ausgabe=DummyOutput(), verlauf=InMemoryHistory())
        try:
            interaktiv(tisch, s)
        finally:
            tisch.verarbeite, tisch.leiste = verarbeite, leiste
    return zeiten


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--eintraege", type=int, default=500)
    p.add_argument("--messungen", type=int, default=100)
    args = p.parse_args()
    tastendruecke()
    latenz(args.eintraege, args.messungen)


if __name__ == "__main__":
    main()
