"""Benchmark des PostgreSQL-Buchs (issue 37): ``stand`` über 100.000 Einträge auf beiden
Datenbanken, dann 50 Tische × 8 Spiele von Handys über zwei Live-Server auf einem Buch.

1. ``stand``: dasselbe Buch wie ``benchmarks/store.py`` (100.000 Einträge über 500 Abende) als
   SQLite-Datei, mit ``referee umziehen`` nach PostgreSQL gebracht (Dauer wird gedruckt); je
   Buch der Median ganzer Prozessläufe von ``referee stand --gesamt`` (``--json``), ``stand``
   und ``schafkopf eintragen`` (Start, Import, Verbindung, Abfrage, Ausgabe).
2. Zwei ``referee turnier live --schreiben`` als eigene Prozesse auf *einem* PostgreSQL-Buch
   (``--tische`` 50 Vierertische, eine Runde). Die Schreib-Links hängen am Geheimnis des Buchs,
   beide Server kennen also dieselben; die geraden Tische schreiben über Server A, die
   ungeraden über Server B – gleichzeitig, je Spiel Vorschau und Eintrag mit Schlüssel, jede
   20. Antwort geht „verloren“ und wird mit demselben Schlüssel wiederholt (wie
   ``benchmarks/turnier.py``). Je Server liest ein Zuseher den Ereignisstrom der Rangliste:
   POST → *jeder* Leser (auch der am anderen Server, über LISTEN/NOTIFY) p95. Am Ende zählt
   das Buch selbst: 0 verloren, 0 doppelt, jede Tischsumme 0.

Braucht einen PostgreSQL-Server: ``--pg URL`` oder ``REFEREE_TEST_PG`` (``.ci/run`` zeigt,
wie man einen Wegwerf-Server startet); jeder Lauf legt ein eigenes Schema an und entfernt es.
Druckt die Zahlen; Exit 1, wenn Teil 2 etwas verliert oder verdoppelt. Kein Test mit
Zeitgrenze.

Aufruf:  .venv/bin/python benchmarks/pg.py [--pg URL] [--eintraege 100000] [--laeufe 9]
         [--tische 50] [--handy-spiele 8] [--pause 2.0] [--nur-stand | --nur-handys]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import string
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_schreiben import perzentil  # noqa: E402
from store import erzeugen, messen  # noqa: E402
from turnier import handy_lauf, im_buch_zaehlen  # noqa: E402

HOECHSTENS_SEKUNDEN = 240


def schema_anlegen(basis: str) -> tuple[str, str]:
    """Ein frisches Schema im Server ``basis``: (Name, URL mit ``search_path`` dorthin)."""
    import psycopg

    name = "bench_" + uuid.uuid4().hex[:12]
    with psycopg.connect(basis, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {name}")
    teile = urlsplit(basis)
    abfrage = [(k, v) for k, v in parse_qsl(teile.query) if k != "options"]
    abfrage.append(("options", f"-csearch_path={name}"))
    return name, urlunsplit((teile.scheme, teile.netloc, teile.path, urlencode(abfrage), ""))


def schema_weg(basis: str, name: str) -> None:
    import psycopg

    with psycopg.connect(basis, autocommit=True) as c:
        c.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def _env(db: str) -> dict[str, str]:
    return dict(
        os.environ,
        REFEREE_DB=db,
        NO_COLOR="1",
        COLUMNS="80",
        PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )


# ---------------------------------------------------------------- 1. stand über 100.000


def stand(a: argparse.Namespace, basis: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pfad = Path(tmp) / "bench.db"
        dauer = erzeugen(pfad, a.eintraege, a.abende)
        print(f"SQLite-Buch erzeugt: {a.eintraege} Einträge, {a.abende} Abende in {dauer:.1f} s")
        name, url = schema_anlegen(basis)
        try:
            t0 = time.perf_counter()
            r = subprocess.run(
                [sys.executable, "-m", "referee", "umziehen", url, "--json"],
                env=_env(str(pfad)),
                capture_output=True,
                text=True,
            )
            if r.returncode != 0:
                raise SystemExit(f"umziehen scheiterte: {r.stderr}")
            zeilen = json.loads(r.stdout)["zeilen"]
            print(
                f"referee umziehen SQLite → PostgreSQL: {zeilen} Zeilen in "
                f"{time.perf_counter() - t0:.1f} s"
            )
            import psycopg

            with psycopg.connect(url, autocommit=True) as c:
                c.execute("ANALYZE")
            for art, db in (("SQLite", str(pfad)), ("PostgreSQL", url)):
                env = _env(db)
                messen(["stand", "--gesamt"], env, 2)  # .pyc und Caches warm
                print(f"{art}:")
                for args in (
                    ["stand", "--gesamt"],
                    ["stand", "--gesamt", "--json"],
                    ["stand"],
                    ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"],
                ):
                    med, zeiten = messen(args, env, a.laeufe)
                    print(
                        f"  referee {' '.join(args):42s} Median {med:6.0f} ms "
                        f"(min {min(zeiten):.0f}, max {max(zeiten):.0f})"
                    )
        finally:
            schema_weg(basis, name)


# ---------------------------------------------------------------- 2. zwei Live-Server


def handys(a: argparse.Namespace, basis: str) -> int:
    from referee.buch.turnier import Turnierbuch

    name, url = schema_anlegen(basis)
    server: list[subprocess.Popen[str]] = []
    try:
        with Turnierbuch(url) as tb:
            tb.neu("Handys", runden=1, spiele=a.handy_spiele, seed=2027)
            tb.anmelden(
                ["P" + x + y for x in string.ascii_lowercase for y in string.ascii_lowercase][
                    : 4 * a.tische
                ]
            )
            plan = tb.auslosung()
        namen = {t.nr: [s.name for s in t.sitze] for t in plan.tische}
        links = []
        for _ in range(2):
            p = subprocess.Popen(
                [sys.executable, "-m", "referee", "turnier", "live", "--schreiben", "--json"]
                + ["--host", "127.0.0.1", "--port", "0"],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                env=_env(url),
            )
            server.append(p)
            assert p.stdout is not None
            links.append(json.loads(p.stdout.readline()))
        assert [t["schreiben"].split("/", 3)[3] for t in links[0]["tische"]] == [
            t["schreiben"].split("/", 3)[3] for t in links[1]["tische"]
        ], "beide Server müssen dieselben Tisch-Links haben (Geheimnis des Buchs)"
        r = asyncio.run(asyncio.wait_for(handy_lauf(a, links, namen), HOECHSTENS_SEKUNDEN))
        for p in server:
            p.terminate()
            p.wait(10)
        with Turnierbuch(url) as tb:
            verloren, doppelt, nicht_null, im_buch = im_buch_zaehlen(tb, namen, a, r["fehler"])
    finally:
        for p in server:
            if p.poll() is None:
                p.kill()
                p.wait(10)
        schema_weg(basis, name)
    alle = a.tische * a.handy_spiele
    gesehen_alle = all(x in g for g in r["gesehen"] for x in r["gesendet"])
    print(
        f"Zwei turnier-live-Server auf einem PostgreSQL-Buch: {a.tische} Tische × "
        f"{a.handy_spiele} Spiele, gerade Tische über A, ungerade über B, {r['dauer']:.1f} s"
    )
    print(
        f"  im Buch: {im_buch}/{alle} · verloren: {verloren} · doppelt: {doppelt} · Antworten "
        f"verloren und mit demselben Schlüssel wiederholt: {r['verloren']} (als Wiederholung "
        f"beantwortet: {r['wiederholt']})"
    )
    print(
        f"  Tischsummen = 0: {a.tische - nicht_null}/{a.tische} · jeder Leser (A und B) sah "
        f"jedes Spiel: {'ja' if gesehen_alle else 'NEIN'} "
        f"({'/'.join(str(len(g)) for g in r['gesehen'])} von {alle})"
    )
    if r["verzug"]:
        print(
            f"  POST → jeder Leser: Median {statistics.median(r['verzug']):.0f} ms · p95 "
            f"{perzentil(r['verzug'], 95):.0f} ms · max {max(r['verzug']):.0f} ms "
            f"({len(r['verzug'])} Messungen)"
        )
    if r["fremd"]:
        print(
            f"  davon am anderen Server (über LISTEN/NOTIFY): Median "
            f"{statistics.median(r['fremd']):.0f} ms · p95 {perzentil(r['fremd'], 95):.0f} ms"
        )
    print(f"  gedrosselt (429, wiederholt): {r['gedrosselt']}")
    for f in r["fehler"][:5]:
        print("  Fehler:", f)
    ziele = verloren == 0 and doppelt == 0 and nicht_null == 0 and im_buch == alle
    ziele = ziele and not r["fehler"] and gesehen_alle
    print("Ziele erreicht." if ziele else "Ziele VERFEHLT.")
    return 0 if ziele else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pg", default=os.environ.get("REFEREE_TEST_PG"), help="Server-URL")
    p.add_argument("--eintraege", type=int, default=100_000)
    p.add_argument("--abende", type=int, default=500)
    p.add_argument("--laeufe", type=int, default=9)
    p.add_argument("--tische", type=int, default=50)
    p.add_argument("--handy-spiele", type=int, default=8)
    p.add_argument("--pause", type=float, default=2.0)
    p.add_argument("--nur-stand", action="store_true")
    p.add_argument("--nur-handys", action="store_true")
    a = p.parse_args()
    if not a.pg:
        p.error("kein PostgreSQL: --pg postgresql://… oder REFEREE_TEST_PG setzen")
    if not (1 <= a.tische <= 100 and 1 <= a.handy_spiele <= 32 and 0 <= a.pause <= 5):
        p.error("höchstens 100 Tische, 32 Spiele je Tisch, 5 s Pause")
    if not a.nur_handys:
        stand(a, a.pg)
    return 0 if a.nur_stand else handys(a, a.pg)


if __name__ == "__main__":
    sys.exit(main())
