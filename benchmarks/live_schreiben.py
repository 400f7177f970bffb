"""Last auf ``referee live --schreiben``: acht Handys tragen ein, fünfzig schauen zu.

Ablauf (nur Loopback, begrenzt in Zahl und Zeit, endet von selbst):

1. ``referee live --schreiben --json --host 127.0.0.1 --port 0`` als eigener Prozess auf einer
   frischen Datenbank mit einem offenen Abend (Anna, Ben, Cem, Dora);
2. ``--zuseher`` (50) Verbindungen auf den Ereignisstrom der Lese-Seite;
3. ``--handys`` (8) Handys, jedes von einer eigenen Loopback-Adresse (127.0.0.11, …12, …), wie
   echte Handys mit eigener IP – die Drossel je Adresse gilt also wie im WLAN. Zusammen
   ``--eintraege`` (200) Rufspiele, jedes anders (Partei und Augen), je Eintrag erst die
   Vorschau, dann der Eintrag mit Schlüssel; dazwischen ``--pause`` s. Bei jedem 20. Eintrag
   geht die Antwort „verloren“ (die Verbindung schließt gleich nach dem Senden) und das Handy
   wiederholt mit demselben Schlüssel – wie die Seite mit ihrem Ausgang;
4. jeder Zuseher merkt sich, wann er welchen Eintrag (``#id`` unter „Letzte Einträge“) zuerst
   sah; am Ende zählt das Buch selbst, was da ist.

Ziele (issue 26): 0 verloren, 0 doppelt, jeder Zuseher sieht jeden Eintrag; p95 vom Absenden
des Eintrags bis zum Zuseher ≤ 300 ms; Vorschau hin und zurück ≤ 50 ms im Median.
Druckt die Zahlen; Exit 1, wenn ein Ziel verfehlt ist. Kein Test mit Zeitgrenze.

Aufruf:  .venv/bin/python benchmarks/live_schreiben.py [--handys 8] [--eintraege 200]
         [--zuseher 50] [--pause 0.2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOECHSTENS_SEKUNDEN = 120  # der ganze Lauf; danach wird abgebrochen
PAARE = [("an", "be"), ("ce", "do"), ("an", "ce"), ("be", "do"), ("an", "do"), ("be", "ce")]
EINTRAG_ID = re.compile(r'class="kopf">#(\d+) ')


def zeile(i: int) -> str:
    """Das i-te Spiel: Partei und Augen so gewählt, dass keine zwei gleich sind (sonst fragte
    das Buch „schon eingetragen?“) – (i mod 6, 37·i mod 117) wiederholt sich erst nach 234."""
    a, b = PAARE[i % len(PAARE)]
    return f"r {a} {b} {2 + (37 * i) % 117}"


def perzentil(werte: list[float], p: float) -> float:
    s = sorted(werte)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


# --------------------------------------------------------------------------- HTTP, klein


async def lies_antwort(r: asyncio.StreamReader) -> tuple[int, dict, float]:
    """(Status, JSON, Sekunden aus Retry-After – 0 ohne)."""
    status = int((await r.readline()).split()[1])
    laenge, warte = 0, 0.0
    while True:
        z = await r.readline()
        if z in (b"\r\n", b""):
            break
        name, _, wert = z.decode("latin-1").partition(":")
        if name.lower() == "content-length":
            laenge = int(wert)
        if name.lower() == "retry-after":
            warte = float(wert)
    koerper = await r.readexactly(laenge)
    return status, json.loads(koerper) if koerper else {}, warte


def anfrage(port: int, pfad: str, daten: dict) -> bytes:
    koerper = json.dumps(daten).encode()
    return (
        f"POST {pfad} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Origin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(koerper)}\r\n\r\n"
    ).encode() + koerper


class Handy:
    """Ein Handy mit eigener Adresse und einer Verbindung (keep-alive)."""

    def __init__(self, nr: int, port: int, basis: str) -> None:
        self.adresse = f"127.0.0.{11 + nr}"
        self.port, self.basis = port, basis
        self.r: asyncio.StreamReader | None = None
        self.w: asyncio.StreamWriter | None = None
        self.gedrosselt = 0

    async def verbinde(self) -> None:
        self.r, self.w = await asyncio.open_connection(
            "127.0.0.1", self.port, local_addr=(self.adresse, 0)
        )

    async def post(self, was: str, daten: dict) -> tuple[int, dict, float]:
        """(Status, JSON, Zeitpunkt des Versuchs, der durchkam). Gedrosselt (429): wie die
        Seite so lange warten, wie der Server sagt, und wiederholen – gemessen wird der Weg ab
        dem Versuch, den der Server annahm (die Wartezeit ist Absicht, keine Verzögerung)."""
        while True:
            if self.w is None or self.w.is_closing():
                await self.verbinde()
            assert self.r is not None and self.w is not None
            t = time.monotonic()
            try:
                self.w.write(anfrage(self.port, f"{self.basis}api/{was}", daten))
                await self.w.drain()
                status, d, warte = await lies_antwort(self.r)
            except (IndexError, ConnectionError, asyncio.IncompleteReadError):
                # der Server schloss die ruhende Verbindung (keep-alive abgelaufen): wie ein
                # Browser neu verbinden und dieselbe Anfrage schicken (sie trägt ihren Schlüssel)
                self.schliesse()
                self.w = None
                continue
            if status != 429:
                return status, d, t
            self.gedrosselt += 1
            await asyncio.sleep(warte or 1.0)

    async def verliere_antwort(self, was: str, daten: dict) -> None:
        """Senden und die Verbindung gleich schließen: die Antwort geht verloren."""
        _, w = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.adresse, 0))
        w.write(anfrage(self.port, f"{self.basis}api/{was}", daten))
        await w.drain()
        w.close()

    def schliesse(self) -> None:
        if self.w is not None:
            self.w.close()


# --------------------------------------------------------------------------- Zuseher


async def zuseher(port: int, pfad: str, gesehen: dict[int, float], alle: int) -> None:
    """Ein Ereignisstrom (chunked): je Eintrags-id die Zeit, zu der sie zuerst ankam."""
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
                        for m in EINTRAG_ID.finditer(json.loads(z[6:])["html"]):
                            gesehen.setdefault(int(m.group(1)), jetzt)
    finally:
        w.close()


# --------------------------------------------------------------------------- der Lauf


async def lauf(args: argparse.Namespace, port: int, lesen: str, schreiben: str) -> dict:
    lese_pfad = "/" + lesen.split("/", 3)[3]
    schreib_pfad = "/" + schreiben.split("/", 3)[3]
    gesehen: list[dict[int, float]] = [{} for _ in range(args.zuseher)]
    leser = [asyncio.create_task(zuseher(port, lese_pfad, g, args.eintraege)) for g in gesehen]
    await asyncio.sleep(0.5)  # alle verbunden, die erste Fassung ist da
    gesendet: dict[int, float] = {}
    vorschau_ms: list[float] = []
    verlorene = 0
    wiederholt = 0
    gedrosselt = 0
    fehler: list[str] = []

    async def handy(nr: int) -> None:
        nonlocal verlorene, wiederholt, gedrosselt
        h = Handy(nr, port, schreib_pfad)
        try:
            for i in range(nr, args.eintraege, args.handys):
                z = zeile(i)
                status, d, t = await h.post("vorschau", {"zeile": z})
                vorschau_ms.append((time.monotonic() - t) * 1000)
                if status != 200:
                    fehler.append(f"Vorschau {z}: {status} {d}")
                koerper = {"zeile": z, "schluessel": f"bank-{i:04d}-{secrets.token_hex(6)}"}
                if i % 20 == 7:
                    await h.verliere_antwort("eintrag", koerper)
                    verlorene += 1
                    await asyncio.sleep(0.05)
                status, d, t = await h.post("eintrag", koerper)
                if status != 200:
                    fehler.append(f"Eintrag {z}: {status} {d}")
                    continue
                wiederholt += bool(d["wiederholt"])
                gesendet[d["eintrag"]] = t
                await asyncio.sleep(args.pause * (0.5 + secrets.randbelow(1000) / 1000))
        finally:
            gedrosselt += h.gedrosselt
            h.schliesse()

    start = time.monotonic()
    await asyncio.gather(*(handy(n) for n in range(args.handys)))
    dauer = time.monotonic() - start
    ende = time.monotonic() + 10
    while time.monotonic() < ende and any(len(g) < len(gesendet) for g in gesehen):
        await asyncio.sleep(0.05)
    for t in leser:
        t.cancel()
    await asyncio.gather(*leser, return_exceptions=True)
    verzug = [(g[eid] - t) * 1000 for g in gesehen for eid, t in gesendet.items() if eid in g]
    return {
        "gesendet": gesendet,
        "gesehen": gesehen,
        "verzug": verzug,
        "vorschau_ms": vorschau_ms,
        "verlorene": verlorene,
        "wiederholt": wiederholt,
        "fehler": fehler,
        "gedrosselt": gedrosselt,
        "dauer": dauer,
    }


def vorbereiten(ordner: Path) -> Path:
    db = ordner / "referee.db"
    sys.path.insert(0, str(ROOT))
    from referee.buch import Buch

    with Buch(db) as b:
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"])
    return db


def buch_zaehlen(db: Path, anzahl: int) -> tuple[int, int, int]:
    """(verloren, doppelt, geltende Einträge) – gezählt im Buch selbst, an den Zeilen."""
    c = sqlite3.connect(db)
    try:
        zeilen = [
            json.loads(e)["handy"]
            for (e,) in c.execute("SELECT eingabe FROM eintraege WHERE gilt = 1 AND art = 'spiel'")
        ]
    finally:
        c.close()
    erwartet = {zeile(i) for i in range(anzahl)}
    verloren = len(erwartet - set(zeilen))
    doppelt = len(zeilen) - len(set(zeilen))
    return verloren, doppelt, len(zeilen)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--handys", type=int, default=8)
    p.add_argument("--eintraege", type=int, default=200)
    p.add_argument("--zuseher", type=int, default=50)
    p.add_argument("--pause", type=float, default=0.2, help="Sekunden zwischen zwei Einträgen")
    args = p.parse_args()
    if not (1 <= args.handys <= 50 and 1 <= args.eintraege <= 230 and 1 <= args.zuseher <= 150):
        p.error("höchstens 50 Handys, 230 Einträge, 150 Zuseher")

    with tempfile.TemporaryDirectory(prefix="referee-bank-") as tmp:
        db = vorbereiten(Path(tmp))
        env = dict(os.environ, NO_COLOR="1", REFEREE_DB=str(db), PYTHONPATH=str(ROOT))
        server = subprocess.Popen(
            [sys.executable, "-m", "referee", "live", "--schreiben", "--json"]
            + ["--host", "127.0.0.1", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        try:
            assert server.stdout is not None
            links = json.loads(server.stdout.readline())
            r = asyncio.run(
                asyncio.wait_for(
                    lauf(args, links["port"], links["lesen"], links["schreiben"]),
                    HOECHSTENS_SEKUNDEN,
                )
            )
        finally:
            server.terminate()
            server.wait(10)
        verloren, doppelt, im_buch = buch_zaehlen(db, args.eintraege)

    alle_sahen_alles = sum(all(eid in g for eid in r["gesendet"]) for g in r["gesehen"])
    p95 = perzentil(r["verzug"], 95) if r["verzug"] else float("inf")
    median_vorschau = statistics.median(r["vorschau_ms"])
    print(
        f"Eintragen vom Handy: {args.handys} Handys, {args.eintraege} Einträge, "
        f"{args.zuseher} Zuseher (Loopback), {r['dauer']:.1f} s"
    )
    print(
        f"im Buch: {im_buch} · verloren: {verloren} · doppelt: {doppelt} · "
        f"Antworten verloren und mit demselben Schlüssel wiederholt: {r['verlorene']} "
        f"(davon als Wiederholung beantwortet: {r['wiederholt']})"
    )
    print(f"jeder Zuseher sah jeden Eintrag: {alle_sahen_alles}/{args.zuseher}")
    print(
        f"Absenden → Zuseher: Median {statistics.median(r['verzug']):.0f} ms · "
        f"p95 {p95:.0f} ms · max {max(r['verzug']):.0f} ms ({len(r['verzug'])} Messungen)"
    )
    print(
        f"Vorschau hin und zurück (unter Last): Median {median_vorschau:.1f} ms · "
        f"p95 {perzentil(r['vorschau_ms'], 95):.1f} ms ({len(r['vorschau_ms'])})"
    )
    print(f"gedrosselt (429, nach Retry-After wiederholt): {r['gedrosselt']}")
    for f in r["fehler"][:5]:
        print("Fehler:", f)
    ziele = (
        verloren == 0
        and doppelt == 0
        and im_buch == args.eintraege
        and not r["fehler"]
        and alle_sahen_alles == args.zuseher
        and p95 <= 300
        and median_vorschau <= 50
    )
    print("Ziele erreicht." if ziele else "Ziele VERFEHLT.")
    return 0 if ziele else 1


if __name__ == "__main__":
    sys.exit(main())
