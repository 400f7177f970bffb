"""Benchmark eines großen Preisschafkopfs (issue 27): Auslosung und Rangliste.

1. Auslosung: 200 Spieler, 3 Runden – je Runde die Zeit von ``Turnierbuch.auslosung()`` (Buch
   lesen, auslosen, Tische schreiben) und des Kerns allein (``referee.turnier.auslosung``),
   dazu die Wiederbegegnungen. Ziel: eine Auslosung ≤ 1 s.
2. Rangliste: dasselbe Turnier mit jedem Spiel eingetragen (50 Tische × 32 Spiele × 3 Runden =
   4.800 Spiele, 19.200 Werte) – Median von ``Turnierbuch.stand()`` (SQL-Summen und Rangliste)
   und der Rangliste allein. Ziel: ≤ 100 ms.

3. Handys an den Tischen: ``referee turnier live --schreiben --json`` als eigener Prozess auf
   einem frischen Turnier (``--tische`` 50 Vierertische, eine Runde); jeder Tisch trägt von
   seinem eigenen Tisch-Link (eigenes Token) und von einer eigenen Loopback-Adresse
   (127.0.0.11, …12, … wie echte Handys, die Drossel gilt je Adresse) ``--handy-spiele`` (8)
   Spiele ein, alle Tische gleichzeitig: je Spiel Vorschau, dann Eintrag mit Schlüssel und
   Spielnummer; bei jedem 20. Spiel geht die Antwort „verloren“ und das Handy wiederholt mit
   demselben Schlüssel. Ein Leser hält den Ereignisstrom der Rangliste offen und merkt sich,
   wann er welches Spiel (``Tisch N`` mit ``k/8``) zuerst sah. Am Ende zählt das Buch selbst:
   0 verloren, 0 doppelt, jede Tischsumme 0 (Plus/Minus); p95 vom Absenden bis zur Rangliste.
   ``--pause`` 2 s je Tisch sind rund 20 Spiele je Sekunde – ein echtes Turnier mit 50 Tischen
   schreibt etwa alle drei Sekunden eines; ``--pause 0.1`` sättigt den Server (dann misst p95
   die Warteschlange der Schreibvorgänge, die nacheinander geschrieben werden).

Die Spiele von 2. werden für den Aufbau direkt über den Speicher geschrieben (dieselben Werte,
die ``spiel_eintragen`` schriebe, ohne dessen Prüfungen: der Aufbau soll nicht das Gemessene
sein). Exit 1, wenn ein Ziel verfehlt ist.

Aufruf:  .venv/bin/python benchmarks/turnier.py [--spieler 200] [--runden 3] [--spiele 32]
         [--tische 50] [--handy-spiele 8] [--pause 2.0] [--ohne-handys]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import statistics
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from referee.buch.turnier import Turnierbuch
    from referee.schafkopf.angaben import SchafkopfAngaben
    from referee.turnier.auslosung import auslosen
    from referee.turnier.rangliste import Konto, rangliste
    from referee.turnier.spiel import spiel_werten

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--spieler", type=int, default=200)
    p.add_argument("--runden", type=int, default=3)
    p.add_argument("--spiele", type=int, default=32)
    p.add_argument("--messungen", type=int, default=20)
    p.add_argument("--tische", type=int, default=50, help="Tische mit Handy (Teil 3)")
    p.add_argument("--handy-spiele", type=int, default=8, help="Spiele je Tisch (Teil 3)")
    p.add_argument(
        "--pause", type=float, default=2.0, help="Sekunden zwischen zwei Spielen eines Tisches"
    )
    p.add_argument("--ohne-handys", action="store_true", help="Teil 3 auslassen")
    a = p.parse_args()
    if not (1 <= a.tische <= 100 and 1 <= a.handy_spiele <= 32 and 0 <= a.pause <= 5):
        p.error("höchstens 100 Tische, 32 Spiele je Tisch, 5 s Pause")

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
            plan = tb.auslosung(trotzdem=True)
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
                        angaben = SchafkopfAngaben.angesagt(
                            "rufspiel", tuple(zufall.sample(mit, 2)), augen=zufall.randint(20, 100)
                        )
                    else:
                        angaben = SchafkopfAngaben.angesagt(
                            "solo", (zufall.choice(mit),), augen=zufall.randint(20, 100)
                        )
                    spiel = spiel_werten(angaben, lage)
                    tb.store.turnier_eintragen(t.id, runde, tisch.nr, "spiel", spiel)
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
    if a.ohne_handys:
        return 0
    return handys(a)


# --------------------------------------------------------------------------- 3. Handys

HOECHSTENS_SEKUNDEN = 180  # der ganze Lauf von Teil 3; danach wird abgebrochen

# Das Handy (eigene Loopback-Adresse, eine Verbindung, „verlorene“ Antworten) und das Perzentil
# sind die von benchmarks/live_schreiben.py.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from live_schreiben import Handy, perzentil  # noqa: E402

FORTSCHRITT = re.compile(r'<span>Tisch (\d+)</span><progress max="\d+" value="(\d+)"')


def spielzeile(namen: list[str], k: int) -> str:
    """Spiel ``k`` (ab 0) eines Tisches: abwechselnd Rufspiele und Soli, mal gewonnen, mal
    verloren, mal Schneider (verschiedene Punkte, jede Tischsumme trotzdem 0)."""
    n = [x.lower() for x in namen]
    augen = [71, 30, 91, 45, 61, 95, 20, 100][k % 8]
    if k % 3 == 2:
        return f"{'ehgs'[k % 4]}s {n[(k + 1) % 4]} {augen}"
    return f"r {n[k % 4]} {n[(k + 2) % 4]} {augen}"


async def rangliste_lesen(port: int, pfad: str, gesehen: dict[tuple[int, int], float], alle: int):
    """Der Ereignisstrom der Rangliste: je (Tisch, Spiel k) die Zeit, zu der die Rangliste
    zuerst „k/N“ für diesen Tisch zeigte."""
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(f"GET {pfad}ereignisse HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    await w.drain()
    while (await r.readline()) not in (b"\r\n", b""):
        pass
    puffer = b""
    try:
        while len(gesehen) < alle:
            groesse = int((await r.readline()).strip() or b"0", 16)
            if groesse == 0:
                return
            puffer += (await r.readexactly(groesse + 2))[:-2]
            while b"\n\n" in puffer:
                ereignis, puffer = puffer.split(b"\n\n", 1)
                for z in ereignis.split(b"\n"):
                    if z.startswith(b"data: "):
                        jetzt = time.monotonic()
                        for m in FORTSCHRITT.finditer(json.loads(z[6:])["html"]):
                            for k in range(1, int(m.group(2)) + 1):
                                gesehen.setdefault((int(m.group(1)), k), jetzt)
    finally:
        w.close()


async def handy_lauf(a: argparse.Namespace, links: list[dict], namen: dict[int, list[str]]) -> dict:
    """Alle Tische tragen gleichzeitig ein; ``links`` je Server (``turnier live --json``): Tisch
    ``nr`` schreibt über Server ``nr % len(links)`` (die Tisch-Links sind auf allen Servern
    eines Buchs dieselben), an jedem Server liest ein Zuseher die Rangliste. ``gesehen`` je
    Leser; ``verzug`` je Leser und Spiel, ``fremd`` nur die Leser an einem anderen Server als
    dem schreibenden."""
    tische = {t["tisch"]: t["schreiben"] for t in links[0]["tische"]}
    alle = len(tische) * a.handy_spiele
    gesehen: list[dict[tuple[int, int], float]] = [{} for _ in links]
    leser = [
        asyncio.create_task(
            rangliste_lesen(ln["port"], "/" + ln["lesen"].split("/", 3)[3], gesehen[i], alle)
        )
        for i, ln in enumerate(links)
    ]
    await asyncio.sleep(0.3)
    gesendet: dict[tuple[int, int], float] = {}
    vorschau_ms: list[float] = []
    fehler: list[str] = []
    zaehler = {"verloren": 0, "wiederholt": 0, "gedrosselt": 0}

    async def tisch(i: int, nr: int) -> None:
        port = links[nr % len(links)]["port"]
        h = Handy(i, port, "/" + tische[nr].split("/", 3)[3])  # eigene Adresse 127.0.0.(11+i)
        try:
            await asyncio.sleep(secrets.randbelow(1000) / 1000 * a.pause)
            for k in range(a.handy_spiele):
                z = spielzeile(namen[nr], k)
                status, d, t = await h.post("vorschau", {"zeile": z})
                vorschau_ms.append((time.monotonic() - t) * 1000)
                if status != 200:
                    fehler.append(f"Tisch {nr} Vorschau {z}: {status} {d}")
                koerper = {
                    "zeile": z,
                    "schluessel": f"bank-t{nr:03d}-{k:02d}-{secrets.token_hex(4)}",
                    "spiel_nr": k + 1,
                }
                t = time.monotonic()
                gesendet[(nr, k + 1)] = t
                if (nr * a.handy_spiele + k) % 20 == 7:
                    await h.verliere_antwort("eintrag", koerper)
                    zaehler["verloren"] += 1
                    await asyncio.sleep(0.05)
                status, d, _t = await h.post("eintrag", koerper)
                if status != 200:
                    fehler.append(f"Tisch {nr} Eintrag {z}: {status} {d}")
                    continue
                zaehler["wiederholt"] += bool(d["wiederholt"])
                await asyncio.sleep(a.pause * (0.5 + secrets.randbelow(1000) / 1000))
        finally:
            zaehler["gedrosselt"] += h.gedrosselt
            h.schliesse()

    start = time.monotonic()
    await asyncio.gather(*(tisch(i, nr) for i, nr in enumerate(sorted(tische))))
    dauer = time.monotonic() - start
    ende = time.monotonic() + 10
    while time.monotonic() < ende and any(len(g) < len(gesendet) for g in gesehen):
        await asyncio.sleep(0.05)
    for aufgabe in leser:
        aufgabe.cancel()
    await asyncio.gather(*leser, return_exceptions=True)
    verzug = [(g[x] - t) * 1000 for g in gesehen for x, t in gesendet.items() if x in g]
    fremd = [
        (g[x] - t) * 1000
        for i, g in enumerate(gesehen)
        for x, t in gesendet.items()
        if x in g and x[0] % len(links) != i
    ]
    return {
        "gesendet": gesendet,
        "gesehen": gesehen,
        "verzug": verzug,
        "fremd": fremd,
        "vorschau_ms": vorschau_ms,
        "fehler": fehler,
        "dauer": dauer,
        **zaehler,
    }


def im_buch_zaehlen(tb, namen: dict[int, list[str]], a: argparse.Namespace, fehler: list[str]):
    """Im Buch selbst gezählt: (verloren, doppelt, Tische mit Summe ≠ 0, Spiele im Buch)."""
    verloren = doppelt = nicht_null = 0
    for nr, sitze in namen.items():
        zeilen = [e.eingabe.get("handy") for e in tb.tischspiele(1, nr)]
        erwartet = [spielzeile(sitze, k) for k in range(a.handy_spiele)]
        verloren += len(set(erwartet) - set(zeilen))
        doppelt += len(zeilen) - len(set(zeilen))
        if zeilen != erwartet:
            fehler.append(f"Tisch {nr}: {zeilen} statt {erwartet}")
    for s in tb._tischsummen(tb.stand().turnier):
        nicht_null += sum(s.punkte.values()) != 0
    return verloren, doppelt, nicht_null, sum(s.spiele for s in tb.stand().tische)


def handys(a: argparse.Namespace) -> int:
    """Teil 3: 50 Tische tragen gleichzeitig von ihren Handys ein (Loopback)."""
    from referee.buch.turnier import Turnierbuch

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="referee-turnier-") as ordner:
        db = Path(ordner) / "turnier.db"
        with Turnierbuch(db) as tb:
            tb.neu("Handys", runden=1, spiele=a.handy_spiele, seed=2027)
            # Namen aus Buchstaben (P + zwei Buchstaben): jeder ist ein Wort der Kurzzeile
            tb.anmelden(
                ["P" + x + y for x in string.ascii_lowercase for y in string.ascii_lowercase][
                    : 4 * a.tische
                ]
            )
            plan = tb.auslosung(trotzdem=True)
        namen = {t.nr: [s.name for s in t.sitze] for t in plan.tische}
        env = dict(os.environ, NO_COLOR="1", REFEREE_DB=str(db), PYTHONPATH=str(root))
        server = subprocess.Popen(
            [sys.executable, "-m", "referee", "turnier", "live", "--schreiben", "--json"]
            + ["--host", "127.0.0.1", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        try:
            assert server.stdout is not None
            links = json.loads(server.stdout.readline())
            r = asyncio.run(asyncio.wait_for(handy_lauf(a, [links], namen), HOECHSTENS_SEKUNDEN))
        finally:
            server.terminate()
            server.wait(10)
        # gezählt im Buch selbst: je Tisch die geltenden Spiele, ihre Zeilen, ihre Summe
        with Turnierbuch(db) as tb:
            verloren, doppelt, nicht_null, im_buch = im_buch_zaehlen(tb, namen, a, r["fehler"])
    alle = a.tische * a.handy_spiele
    gesehen_alle = all(x in r["gesehen"][0] for x in r["gesendet"])
    p95 = perzentil(r["verzug"], 95) if r["verzug"] else float("inf")
    print(
        f"Handys an den Tischen: {a.tische} Tische × {a.handy_spiele} Spiele gleichzeitig, je "
        f"Tisch ein eigener Link und eine eigene Adresse (Loopback), {r['dauer']:.1f} s"
    )
    print(
        f"  im Buch: {im_buch}/{alle} · verloren: {verloren} · doppelt: {doppelt} · Antworten "
        f"verloren und mit demselben Schlüssel wiederholt: {r['verloren']} (als Wiederholung "
        f"beantwortet: {r['wiederholt']})"
    )
    print(
        f"  Tischsummen = 0 (Plus/Minus): {a.tische - nicht_null}/{a.tische} · die Rangliste "
        f"sah jedes Spiel: {'ja' if gesehen_alle else 'NEIN'} ({len(r['gesehen'][0])}/{alle})"
    )
    if r["verzug"]:
        print(
            f"  Absenden → Rangliste: Median {statistics.median(r['verzug']):.0f} ms · p95 "
            f"{p95:.0f} ms · max {max(r['verzug']):.0f} ms ({len(r['verzug'])} Messungen)"
        )
    print(
        f"  Vorschau hin und zurück (unter Last): Median "
        f"{statistics.median(r['vorschau_ms']):.1f} ms · p95 {perzentil(r['vorschau_ms'], 95):.1f} ms"
    )
    print(f"  gedrosselt (429, nach Retry-After wiederholt): {r['gedrosselt']}")
    for f in r["fehler"][:5]:
        print("  Fehler:", f)
    ziele = (
        verloren == 0
        and doppelt == 0
        and nicht_null == 0
        and im_buch == alle
        and not r["fehler"]
        and gesehen_alle
    )
    print("Ziele erreicht." if ziele else "Ziele VERFEHLT.")
    return 0 if ziele else 1


if __name__ == "__main__":
    sys.exit(main())
