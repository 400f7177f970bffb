"""Last auf ``referee live``: viele Handys hören zu, während der Abend weitergeht.

Ablauf (nur Loopback, begrenzt in Zahl und Zeit, endet von selbst):

1. ``referee live --host 127.0.0.1 --port 0`` als eigener Prozess auf einer frischen Datenbank;
2. ``--zuseher`` (50) gleichzeitige Verbindungen auf den Ereignisstrom (``/<token>/ereignisse``);
3. ein zweiter Prozess schreibt ``--eintraege`` (100) Schafkopfspiele, alle ``--abstand`` s eins,
   und merkt sich die Uhrzeit jedes Commits;
4. jede Verbindung merkt sich, wann sie welchen Stand (Zahl der Spiele) bekam.

Ziele (issue 15): jeder Zuseher sieht jede Änderung (am Ende alle Spiele; für jedes Spiel
ein Ereignis, das es enthält), Median der Verzögerung Commit → Zuseher ≤ 1 s, Speicher des
Servers (RSS) bleibt flach.

Aufruf:  .venv/bin/python benchmarks/live.py [--zuseher 50] [--eintraege 100] [--abstand 0.1]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOECHSTENS_SEKUNDEN = 120  # der ganze Lauf; danach wird abgebrochen
#: „flach“: so viel darf der Server während der Einträge wachsen (SQLite-Seitencache, Allokator)
FLACH_KIB = 8 * 1024

SCHREIBER = """
import json, sys, time
from referee.buch import Buch
from referee.schafkopf.angaben import SchafkopfAngaben

pfad, anzahl, abstand = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
zeiten = []
with Buch(pfad) as buch:
    for i in range(anzahl):
        partei = ("Anna", "Ben") if i % 2 else ("Cem", "Dora")
        buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", partei, augen=61 + (7 * i) % 50))
        zeiten.append(time.time())
        time.sleep(abstand)
print(json.dumps(zeiten))
"""


def rss_kib(pid: int) -> int:
    """Resident Set Size des Prozesses in KiB (Linux, /proc)."""
    for zeile in Path(f"/proc/{pid}/status").read_text().splitlines():
        if zeile.startswith("VmRSS:"):
            return int(zeile.split()[1])
    raise RuntimeError("VmRSS nicht gefunden")


class Zuseher(threading.Thread):
    """Eine Verbindung auf den Ereignisstrom: (Ankunft, Zahl der Schafkopfspiele) je Ereignis."""

    SPIELE = re.compile(r"(\d+)× Schafkopf")

    def __init__(self, host: str, port: int, pfad: str, ziel: int) -> None:
        super().__init__(daemon=True)
        self.host, self.port, self.pfad, self.ziel = host, port, pfad, ziel
        self.ankuenfte: list[tuple[float, int]] = []
        self.verbunden = threading.Event()
        self.fehler: str | None = None

    def run(self) -> None:
        try:
            v = http.client.HTTPConnection(self.host, self.port, timeout=HOECHSTENS_SEKUNDEN)
            v.request("GET", self.pfad)
            antwort = v.getresponse()
            self.verbunden.set()
            while True:
                zeile = antwort.fp.readline()
                if not zeile:
                    return
                if zeile.startswith(b"data: "):
                    daten = json.loads(zeile[6:])
                    m = self.SPIELE.search(daten["html"])
                    spiele = int(m.group(1)) if m else 0
                    self.ankuenfte.append((time.time(), spiele))
                    if spiele >= self.ziel:
                        v.close()
                        return
        except (OSError, http.client.HTTPException) as exc:
            self.fehler = repr(exc)
            self.verbunden.set()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--zuseher", type=int, default=50)
    p.add_argument("--eintraege", type=int, default=100)
    p.add_argument("--abstand", type=float, default=0.1, help="Sekunden zwischen zwei Einträgen")
    a = p.parse_args()
    if not (1 <= a.zuseher <= 200 and 1 <= a.eintraege <= 1000 and 0 <= a.abstand <= 2):
        p.error("Grenzen: --zuseher 1–200, --eintraege 1–1000, --abstand 0–2")
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1")
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "referee.db")
        env["REFEREE_DB"] = db
        subprocess.run(
            [
                sys.executable,
                "-m",
                "referee",
                "abend",
                "neu",
                "--spieler",
                "Anna",
                "Ben",
                "Cem",
                "Dora",
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "referee",
                "live",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--ohne-qr",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert server.stdout is not None
            url = urllib.parse.urlsplit(server.stdout.readline().split(": ", 1)[1].strip())
            assert url.hostname == "127.0.0.1" and url.port
            rss_start = rss_kib(server.pid)
            zuseher = [
                Zuseher(url.hostname, url.port, url.path + "ereignisse", a.eintraege)
                for _ in range(a.zuseher)
            ]
            for z in zuseher:
                z.start()
            for z in zuseher:
                z.verbunden.wait(30)
            time.sleep(0.5)
            rss_verbunden = rss_kib(server.pid)
            schreiber = subprocess.run(
                [sys.executable, "-c", SCHREIBER, db, str(a.eintraege), str(a.abstand)],
                env=env,
                capture_output=True,
                text=True,
                timeout=HOECHSTENS_SEKUNDEN,
                check=True,
            )
            commits = json.loads(schreiber.stdout)
            rss_mitte = rss_kib(server.pid)
            for z in zuseher:
                z.join(max(1.0, HOECHSTENS_SEKUNDEN - (time.monotonic() - start)))
            rss_ende = rss_kib(server.pid)
        finally:
            server.terminate()
            server.wait(10)

    fehler = [z.fehler for z in zuseher if z.fehler]
    alle_gesehen = sum(1 for z in zuseher if z.ankuenfte and z.ankuenfte[-1][1] == a.eintraege)
    verzoegerungen = []
    for z in zuseher:
        for k, commit in enumerate(commits, start=1):
            # das erste Ereignis, dessen Stand Spiel k enthält
            ankunft = next((t for t, n in z.ankuenfte if n >= k), None)
            if ankunft is not None:
                verzoegerungen.append(ankunft - commit)
    ereignisse = [len(z.ankuenfte) for z in zuseher]
    verzoegerungen.sort()
    n = len(verzoegerungen)
    median = statistics.median(verzoegerungen) if n else float("nan")
    p95 = verzoegerungen[int(0.95 * (n - 1))] if n else float("nan")
    print(
        f"Zuseher: {a.zuseher}, Einträge: {a.eintraege} (alle {a.abstand:.2f} s), Dauer {time.monotonic() - start:.1f} s"
    )
    print(f"Verbindungsfehler: {len(fehler)}" + (f" ({fehler[0]})" if fehler else ""))
    print(f"Zuseher mit dem Endstand ({a.eintraege} Spiele): {alle_gesehen}/{a.zuseher}")
    print(f"Einträge je Zuseher gesehen: {n}/{a.zuseher * a.eintraege} (Commit, Zuseher)-Paare")
    print(
        f"Ereignisse je Zuseher: min {min(ereignisse)}, max {max(ereignisse)} (inkl. des ersten Stands)"
    )
    print(
        f"Verzögerung Commit → Zuseher: Median {median * 1000:.0f} ms, 95 % {p95 * 1000:.0f} ms, "
        f"max {verzoegerungen[-1] * 1000:.0f} ms"
        if n
        else "Verzögerung: keine Messwerte"
    )
    print(
        f"RSS des Servers: Start {rss_start / 1024:.1f} MiB, mit {a.zuseher} Zusehern "
        f"{rss_verbunden / 1024:.1f} MiB, nach den Einträgen {rss_mitte / 1024:.1f} MiB, "
        f"Ende {rss_ende / 1024:.1f} MiB (Zuwachs während der Einträge "
        f"{(rss_ende - rss_verbunden) / 1024:+.1f} MiB)"
    )
    gut = (
        not fehler and alle_gesehen == a.zuseher and n == a.zuseher * a.eintraege and median <= 1.0
    )
    print("Ziele erreicht." if gut else "Ziele NICHT erreicht.")
    return 0 if gut else 1


if __name__ == "__main__":
    sys.exit(main())
