"""``referee sicherung DATEI`` (issue 35, Punkt 4): eine geprüfte Kopie des Buchs, auch während
ein Live-Server schreibt – ``cp`` verlor, was in der ``-wal``-Datei stand."""

from __future__ import annotations

import http.client
import json
import sqlite3
import string
import threading

from conftest import ok

from referee.buch import Buch
from referee.buch.turnier import Turnierbuch
from referee.live import starte_turnier_im_thread

TISCHE = 8
SPIELE = 12


def _spiele_in(pfad) -> set[int]:
    c = sqlite3.connect(f"file:{pfad}?mode=ro", uri=True)
    try:
        return {i for (i,) in c.execute("SELECT id FROM turnier_eintraege WHERE art = 'spiel'")}
    finally:
        c.close()


def _post(port: int, tok: str, daten: dict) -> tuple[int, dict]:
    v = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        kopf = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
        v.request("POST", f"/{tok}/api/eintrag", json.dumps(daten), kopf)
        a = v.getresponse()
        return a.status, json.loads(a.read().decode("utf-8"))
    finally:
        v.close()


def test_sicherung_waehrend_acht_handys_schreiben(db_pfad, tmp_path, cli):
    """Acht Tische tragen über ``turnier live`` (echter Server, eigener Schreib-Faden) je zwölf
    Spiele ein; währenddessen sichert ``referee sicherung`` immer wieder. Jede Kopie ist in sich
    heil und hat jedes Spiel, dessen 200 vor ihrem Beginn ankam; die letzte hat alle 96."""
    with Turnierbuch(db_pfad) as tb:
        tb.neu("Sicherung", runden=1, spiele=SPIELE, seed=3)
        # Namen aus Buchstaben: jeder ist ein Wort der Kurzzeile des Handys
        tb.anmelden([f"P{x}{y}" for x in "abcdefgh" for y in string.ascii_lowercase[:4]])
        plan = tb.auslosung()
    namen = {t.nr: [s.name.lower() for s in t.sitze] for t in plan.tische}
    server = starte_turnier_im_thread(
        db_pfad, host="127.0.0.1", port=0, schreiben=True, drossel=(1e6, 1e6)
    )
    bestaetigt: list[int] = []  # ids mit 200, in der Reihenfolge der Antworten
    sperre = threading.Lock()
    fehler: list[object] = []

    def handy(tisch: int, tok: str) -> None:
        n = namen[tisch]
        for k in range(SPIELE):
            zeile = f"r {n[k % 4]} {n[(k + 2) % 4]} {[71, 30, 91, 45][k % 4]}"
            status, a = _post(
                server.port, tok, {"zeile": zeile, "schluessel": f"t{tisch}-s{k:04d}"}
            )
            if status != 200:
                fehler.append((tisch, k, status, a))
                return
            with sperre:
                bestaetigt.append(a["eintrag"])

    try:
        links = {t: u.rstrip("/").rsplit("/", 1)[1] for t, u in server.tischlinks(1)}
        faeden = [threading.Thread(target=handy, args=(t, tok)) for t, tok in links.items()]
        for f in faeden:
            f.start()
        kopien = []
        while any(f.is_alive() for f in faeden) or len(kopien) < 2:
            with sperre:
                vorher = set(bestaetigt)
            ziel = tmp_path / f"kopie-{len(kopien)}.db"
            r = ok(cli("sicherung", str(ziel), "--json"))
            kopien.append((vorher, ziel, json.loads(r.stdout)))
        for f in faeden:
            f.join()
        letzte = tmp_path / "letzte.db"
        ok(cli("sicherung", str(letzte)))
    finally:
        server.stoppe()
    assert not fehler
    alle = set(bestaetigt)
    assert len(alle) == TISCHE * SPIELE
    for vorher, ziel, antwort in kopien:
        drin = _spiele_in(ziel)
        assert vorher <= drin <= alle, ziel
        assert antwort["integritaet"] == "ok" and antwort["schema"] == 11
        zeilen = {t["tabelle"]: t["zeilen"] for t in antwort["tabellen"]}
        assert zeilen["turnier_eintraege"] == len(drin)
    assert _spiele_in(letzte) == alle
    # gesichert wurde wirklich mitten im Schreiben
    assert any(0 < len(vorher) < len(alle) for vorher, _, _ in kopien), [len(k[0]) for k in kopien]
    # die Kopie ist ein Buch: dieselbe Rangliste wie das Original
    with Turnierbuch(letzte) as kopie, Turnierbuch(db_pfad) as original:
        assert kopie.stand().als_json() == original.stand().als_json()


def test_sicherung_eines_abends_und_ihre_grenzen(db_pfad, tmp_path, cli):
    r = ok(cli("sicherung", str(tmp_path / "leer.db")), 2)
    assert "Noch keine Daten" in r.stderr and not (tmp_path / "leer.db").exists()
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ziel = tmp_path / "abend.db"
    r = ok(cli("sicherung", str(ziel)))
    assert r.stdout.startswith(f"Gesichert: {ziel} (")
    assert "geprüft: integrity_check ok, 1 Abend, 1 Eintrag)." in r.stdout
    # eine Datei, kein -wal daneben; sie ist ein Buch mit demselben Stand
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("abend")) == ["abend.db"]
    with Buch(ziel) as kopie, Buch(db_pfad) as original:
        assert kopie.stand().als_json() == original.stand().als_json()
    r = ok(cli("sicherung", str(ziel)), 2)
    assert "gibt es schon; mit --force wird sie überschrieben" in r.stderr
    ok(cli("sicherung", str(ziel), "--force"))
    r = ok(cli("sicherung", str(db_pfad), "--force"), 2)
    assert "ist das Buch selbst" in r.stderr
    r = ok(cli("sicherung", str(tmp_path / "fehlt" / "x.db")), 2)
    assert "Das Verzeichnis" in r.stderr
    # keine halben Dateien liegen geblieben
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
