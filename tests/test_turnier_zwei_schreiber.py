"""Zwei Schreiber an einem Tisch (issue 35, Punkt 10): Nummer des Spiels, Geber und Schreiben
sind eine Transaktion – jede Nummer und jeder Geberplatz kommt genau einmal vor.

Am Tisch gibt Spiel k den Platz ``(k - 1) mod 4 + 1`` (Vierertisch, ab Platz 1) – von Hand
aus der Regel „der Geber reihum ab Platz 1“, nicht aus dem Code."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading

import buchorte
from conftest import ROOT, _env

from referee.buch.turnier import Turnierbuch

SPIELE = 32

#: Ein Schreiber: trägt an Tisch 1 von Runde 1 ein, bis der Tisch voll ist – ohne Pause und ohne
#: ``spiel_nr``, wie zwei Schleifen von ``referee turnier spiel`` in zwei Terminals.
SCHREIBER = """
import sys
from referee.buch.turnier import Turnierbuch
from referee.errors import Zustandsfehler
from referee.schafkopf.angaben import SchafkopfAngaben

db, a, b = sys.argv[1:4]
n = 0
with Turnierbuch(db) as tb:
    while True:
        try:
            tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71))
            n += 1
        except Zustandsfehler as exc:
            if "hat alle" in exc.meldung:
                break
            if "inzwischen" not in exc.meldung:  # der andere war schneller: noch einmal
                raise
print(n)
"""

# die Fixture aus buchorte: je Test ein leeres Buch auf SQLite und auf PostgreSQL
buchort = buchorte.buchort


def _turnier(pfad) -> list[int]:
    """Acht Spieler (zwei Vierertische), eine Runde zu 32 Spielen; die Startnummern an Tisch 1
    in Platzfolge."""
    with Turnierbuch(pfad) as tb:
        tb.neu("Zwei Schreiber", runden=1, spiele=SPIELE, seed=9)
        tb.anmelden(["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Hans"])
        plan = tb.auslosung()
    return [s.startnummer for s in plan.tische[0].sitze]


def _geber_der_spiele(pfad) -> list[int | None]:
    with Turnierbuch(pfad) as tb:
        return [e.ergebnis.geber for e in tb.tischspiele(1, 1)]


def test_zwei_prozesse_ein_tisch_jeder_geber_genau_einmal(buchort):
    db_pfad = buchort  # eine SQLite-Datei oder eine PostgreSQL-URL
    plaetze = _turnier(db_pfad)
    with Turnierbuch(db_pfad) as tb:
        a, b = (s.name for s in tb.tische(1).tische[0].sitze[:2])
    prozesse = [
        subprocess.Popen(
            [sys.executable, "-c", SCHREIBER, str(db_pfad), a, b],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env({}),
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    gezaehlt = []
    for p in prozesse:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        gezaehlt.append(int(out))
    assert sum(gezaehlt) == SPIELE
    erwartet = [plaetze[(k - 1) % 4] for k in range(1, SPIELE + 1)]
    assert _geber_der_spiele(db_pfad) == erwartet


def _post(port: int, tok: str, daten: dict) -> int:
    v = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        kopf = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
        v.request("POST", f"/{tok}/api/eintrag", json.dumps(daten), kopf)
        a = v.getresponse()
        a.read()
        return a.status
    finally:
        v.close()


def _server(db_pfad) -> tuple[subprocess.Popen, int, str]:
    """``referee turnier live --schreiben`` als eigener Prozess: (Prozess, Port, Token von
    Tisch 1)."""
    p = subprocess.Popen(
        [sys.executable, "-m", "referee", "turnier", "live", "--schreiben", "--json"]
        + ["--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env({"REFEREE_DB": str(db_pfad)}),
        cwd=ROOT,
    )
    assert p.stdout is not None
    zeile = json.loads(p.stdout.readline())
    url = next(t["schreiben"] for t in zeile["tische"] if t["tisch"] == 1)
    return p, zeile["port"], url.rstrip("/").rsplit("/", 1)[1]


def test_zwei_handys_ueber_zwei_server_ein_spiel_je_nummer(buchort):
    db_pfad = buchort  # eine SQLite-Datei oder eine PostgreSQL-URL
    """Zwei Server (zwei Prozesse ``turnier live``) auf einem Buch, je ein Handy sendet zugleich
    dasselbe ``spiel_nr``: genau eines bekommt 200, das andere 409 – wie die README verspricht;
    früher bekamen beide 200 mit Geber ``[2, 2]``. Die Drossel je Gerät lässt 20 Schreibvorgänge
    am Stück zu: 16 Spiele je Handy."""
    plaetze = _turnier(db_pfad)
    with Turnierbuch(db_pfad) as tb:
        n = [s.name.lower() for s in tb.tische(1).tische[0].sitze]
    server = []
    try:
        for _ in range(2):
            server.append(_server(db_pfad))
        assert server[0][2] == server[1][2]  # derselbe Tisch, derselbe Link, ein anderer Server
        runden = 16
        antworten: list[list[int]] = []
        for k in range(1, runden + 1):
            schranke = threading.Barrier(2)
            status = [0, 0]

            def handy(i: int, k: int = k, schranke=schranke, status=status) -> None:
                daten = {
                    "zeile": f"r {n[i]} {n[i + 2]} 71",
                    "schluessel": f"handy{i}-spiel{k:03d}",
                    "spiel_nr": k,
                }
                schranke.wait()
                status[i] = _post(server[i][1], server[i][2], daten)

            faeden = [threading.Thread(target=handy, args=(i,)) for i in (0, 1)]
            for f in faeden:
                f.start()
            for f in faeden:
                f.join()
            antworten.append(sorted(status))
    finally:
        for p, _, _ in server:
            p.send_signal(2)
            p.wait(10)
    assert antworten == [[200, 409]] * runden
    assert _geber_der_spiele(db_pfad) == [plaetze[(k - 1) % 4] for k in range(1, runden + 1)]
