"""Zuverlässigkeit des Speichers (issue 5, Abschnitt 4): gleichzeitiges Schreiben,
SIGKILL mitten im Schreiben, fehlerhafte Eingaben ändern die Datei nicht."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import ROOT, Gabelung, _env, cli_im_prozess
from hilfen import eintragen, stand

VIER = ["Anna", "Ben", "Cem", "Dora"]

# Ein Kindprozess: (optional) Abend anlegen, dann N Spiele eintragen; jede id nach dem COMMIT.
KIND = r"""
import random, sys
from referee.buch import Buch
from referee.errors import Zustandsfehler
from referee.schafkopf.ergebnis import SchafkopfErgebnis

pfad, anzahl, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(seed)
s = Buch(pfad)
try:
    s.abend_neu(["Anna", "Ben", "Cem", "Dora"])
except Zustandsfehler:
    pass  # ein anderer Prozess war schneller
s.schliessen()
print("bereit", flush=True)
i = 0
while anzahl < 0 or i < anzahl:
    i += 1
    w = rnd.choice([20, 30, 50, 70])
    z = [w, w, -w, -w]
    rnd.shuffle(z)
    s = Buch(pfad)          # wie ein eigener CLI-Aufruf: jedes Mal neu öffnen
    erg = SchafkopfErgebnis(tuple(zip(["Anna", "Ben", "Cem", "Dora"], z)), "rufspiel", wert=w)
    e = s.eintragen(erg, eingabe={"argv": ["kind", str(seed), str(i)]}).eintrag
    s.schliessen()
    print(e.id, *z, flush=True)
"""


def _kind(pfad: Path, anzahl: int, seed: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", KIND, str(pfad), str(anzahl), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        cwd=ROOT,
    )


def _pruefe_datei(pfad: Path) -> sqlite3.Connection:
    c = sqlite3.connect(pfad)
    assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    return c


def test_vier_prozesse_je_hundert_spiele_gleichzeitig(tmp_path):
    """Auch das Anlegen der Datei und die Migration laufen hier um die Wette."""
    pfad = tmp_path / "gleichzeitig.db"
    kinder = [_kind(pfad, 100, seed) for seed in range(4)]
    ausgaben = [k.communicate(timeout=120) for k in kinder]
    for k, (_out, err) in zip(kinder, ausgaben):
        assert k.returncode == 0, err
        assert err == ""
    ids = [int(z.split()[0]) for out, _ in ausgaben for z in out.splitlines()[1:]]
    assert len(ids) == 400 and len(set(ids)) == 400
    c = _pruefe_datei(pfad)
    assert c.execute("SELECT count(*) FROM abende").fetchone()[0] == 1
    assert c.execute("SELECT count(*) FROM eintraege").fetchone()[0] == 400
    assert sorted(r[0] for r in c.execute("SELECT nr FROM eintraege")) == list(range(1, 401))
    summen = dict(
        c.execute(
            "SELECT s.name, SUM(w.wert) FROM werte w JOIN spieler s ON s.id = w.spieler_id "
            "WHERE w.gilt = 1 GROUP BY s.name"
        ).fetchall()
    )
    assert sum(summen.values()) == 0
    # jede gemeldete Zahlung steht genau so in der Datenbank
    erwartet = {n: 0 for n in VIER}
    for out, _ in ausgaben:
        for z in out.splitlines()[1:]:
            for n, v in zip(VIER, map(int, z.split()[1:])):
                erwartet[n] += v
    assert summen == erwartet
    from referee.spiele import store_oeffnen as oeffne

    assert stand(oeffne(pfad))["schafkopf"] == erwartet


def test_neue_datei_wartet_auf_die_sperre_eines_anderen(tmp_path):
    """Legt ein anderer Prozess die Datei gerade an (er hält die Schreibsperre), wartet das
    Umschalten auf WAL, statt sofort mit „database is locked“ abzubrechen."""
    from referee.store import verbinde

    pfad = tmp_path / "neu.db"
    anderer = sqlite3.connect(pfad, isolation_level=None, check_same_thread=False)
    anderer.execute("BEGIN IMMEDIATE")
    freigabe = threading.Timer(0.3, anderer.execute, ("COMMIT",))
    start = time.monotonic()
    freigabe.start()
    try:
        conn = verbinde(pfad)
        try:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        finally:
            conn.close()
        assert time.monotonic() - start >= 0.25  # hat auf die Sperre gewartet
    finally:
        freigabe.join()
        anderer.close()


def test_gleichzeitig_ueber_die_kommandozeile(tmp_path):
    """Vier Terminals tragen gleichzeitig ein: keiner sieht einen Fehler. Jedes Terminal ist
    ein Interpreter, der je Eintrag einen echten Prozess gabelt (``Gabelung``); alle vier
    beginnen im selben Augenblick."""
    pfad = tmp_path / "cli.db"
    env = {"REFEREE_DB": str(pfad)}
    r = cli_im_prozess("abend", "neu", "--spieler", *VIER, env=env)
    assert r.returncode == 0, r.stderr
    eintragen = ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"]
    terminals = [Gabelung([eintragen] * 6, env=env) for _ in range(4)]
    for terminal in terminals:
        terminal.los()
    for terminal in terminals:
        for r in terminal.ergebnis():
            assert r.returncode == 0 and r.stderr == "", r.stderr
    c = _pruefe_datei(pfad)
    assert c.execute("SELECT count(*) FROM eintraege").fetchone()[0] == 24
    r = cli_im_prozess("stand", "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["schafkopf"] == {"Anna": 480, "Ben": 480, "Cem": -480, "Dora": -480}


#: Der Elternprozess der SIGKILL-Runden: lädt, was ``KIND`` braucht, einmal; je Zeile auf stdin
#: (Argumente von ``KIND`` und eine Ausgabedatei, durch Tabulatoren getrennt) gabelt er ein Kind,
#: das ``KIND`` ausführt – stdout in die Datei –, meldet dessen pid und, sobald es beendet ist,
#: seinen Exit-Status. Echte Prozesse, getötet mitten im Schreiben, ohne je Runde einen
#: Interpreter zu starten (wie ``conftest.Gabelung``).
KIND_GEGABELT = r"""
import os, sys
import random, referee.buch, referee.errors, referee.schafkopf.ergebnis
kind = compile(sys.argv[1], "<kind>", "exec")
for zeile in sys.stdin:
    *argumente, ausgabe = zeile.rstrip("\n").split("\t")
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        ziel = os.open(ausgabe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(ziel, 1)
        os.close(ziel)
        sys.argv = ["-c", *argumente]
        exec(kind, {"__name__": "__main__"})
        sys.exit(0)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""


def test_sigkill_mitten_im_schreiben_verliert_nichts_gemeldetes(tmp_path):
    pfad = tmp_path / "absturz.db"
    rnd = random.Random(20261129)
    gemeldet: dict[int, list[int]] = {}
    eltern = subprocess.Popen(
        [sys.executable, "-c", KIND_GEGABELT, KIND],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        cwd=ROOT,
    )
    try:
        for runde in range(24):
            ausgabe = tmp_path / f"kind{runde}.aus"
            eltern.stdin.write(f"{pfad}\t-1\t{runde}\t{ausgabe}\n")
            eltern.stdin.flush()
            pid = int(eltern.stdout.readline())
            # Bereitschaft abwarten, dann zu einem zufälligen Zeitpunkt hart beenden
            frist = time.monotonic() + 60
            while not (ausgabe.exists() and ausgabe.read_text().startswith("bereit\n")):
                os.kill(pid, 0)  # ProcessLookupError: das Kind endete vorher (stderr unten)
                assert time.monotonic() < frist
                time.sleep(0.002)
            time.sleep(rnd.uniform(0.0, 0.25))
            os.kill(pid, signal.SIGKILL)
            assert int(eltern.stdout.readline()) == -signal.SIGKILL
            for zeile in ausgabe.read_text().splitlines()[1:]:
                teile = zeile.split()
                if len(teile) == 5:  # eine nur halb geschriebene letzte Zeile zählt nicht
                    gemeldet[int(teile[0])] = [int(x) for x in teile[1:]]
            c = _pruefe_datei(pfad)
            c.close()
        _, fehler = eltern.communicate(timeout=30)
        assert eltern.returncode == 0 and fehler == "", fehler
    finally:
        if eltern.poll() is None:
            eltern.kill()
            eltern.communicate()
    assert len(gemeldet) >= 24
    c = _pruefe_datei(pfad)
    zeilen = {i: json.loads(e) for i, e in c.execute("SELECT id, ergebnis FROM eintraege")}
    for eid, z in gemeldet.items():
        assert eid in zeilen, f"gemeldeter Eintrag {eid} fehlt"
        assert list(zeilen[eid]["zahlungen"].values()) == z
    # höchstens die Einträge, die nach dem COMMIT, aber vor der Meldung getötet wurden, sind mehr
    assert len(zeilen) - len(gemeldet) <= 24
    assert c.execute("SELECT SUM(wert) FROM werte WHERE gilt = 1").fetchone()[0] == 0
    assert c.execute("SELECT count(*) FROM werte").fetchone()[0] == 4 * len(zeilen)


def test_sigkill_beim_anlegen_hinterlaesst_brauchbare_datei(tmp_path):
    from referee.spiele import store_oeffnen as oeffne
    from referee.store import SCHEMA_AKTUELL

    rnd = random.Random(7)
    for runde in range(6):
        pfad = tmp_path / f"neu{runde}.db"
        k = _kind(pfad, 1, runde)
        time.sleep(rnd.uniform(0.05, 0.4))
        k.kill()
        k.communicate(timeout=30)
        if pfad.exists():
            s = oeffne(pfad)
            assert s.integritaet() == "ok"
            if not s.existiert or s.aktueller_abend() is None:
                s.abend_neu(VIER)
            eintragen(
                s, "schafkopf", {"zahlungen": {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}}
            )
            assert s.verbindung._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_AKTUELL
            s.schliessen()


# --------------------------------------------------------------------------- Byte-Identität


def _cli(pfad: Path, *args: str):
    """``referee *args`` auf ``pfad`` – im selben Prozess: Gegenstand ist die Datei, nicht der
    Prozess (am Ende jedes Aufrufs sind seine Verbindungen zu, wie beim Ende eines Prozesses)."""
    return cli_im_prozess(*args, env={"REFEREE_DB": str(pfad)})


def _bytes(pfad: Path) -> tuple[bytes, bool, bool]:
    return pfad.read_bytes(), Path(str(pfad) + "-wal").exists(), Path(str(pfad) + "-shm").exists()


FALSCHE_EINGABEN = [
    (("schafkopf", "eintragen", "rufspiel", "Anna+Xaver", "--augen", "71"), 2, "Xaver"),
    (("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "130"), 2, "130"),
    (
        ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "60", "--schwarz"),
        2,
        "Schwarz",
    ),
    (("schafkopf", "eintragen", "wenz", "Cem", "--augen", "61", "--laufende", "5"), 2, "Laufende"),
    (("schafkopf", "eintragen", "ramsch", "Dora", "--laufende", "3"), 2, "Ramsch"),
    (("schafkopf", "eintragen", "rufspiel", "Anna+Anna", "--augen", "71"), 2, "Anna"),
    (("korrektur", "2", "rufspiel", "Anna+Ben", "--augen", "71"), 2, "Storno"),
    (("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "999"), 2, "999"),
    (("rueckgaengig", "--eintrag", "2"), 2, "Storno"),
    (("rueckgaengig", "--eintrag", "42"), 2, "42"),
    (("abend", "neu", "--spieler", "Anna", "Ben"), 2, "offen"),
]


def test_falsche_eingaben_aendern_die_datei_nicht(tmp_path):
    pfad = tmp_path / "fest.db"
    assert _cli(pfad, "abend", "neu", "--spieler", *VIER).returncode == 0
    assert (
        _cli(pfad, "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71").returncode
        == 0
    )
    assert _cli(pfad, "rueckgaengig").returncode == 0  # Eintrag 2 ist das Storno von 1
    assert _cli(pfad, "schafkopf", "eintragen", "solo", "Cem", "--augen", "80").returncode == 0
    vorher = _bytes(pfad)
    for args, code, wort in FALSCHE_EINGABEN:
        r = _cli(pfad, *args)
        assert r.returncode == code, (args, r.stderr)
        assert wort in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        assert _bytes(pfad) == vorher, f"Datei verändert durch: referee {' '.join(args)}"
    # geschlossener Abend
    assert _cli(pfad, "abend", "ende").returncode == 0
    vorher = _bytes(pfad)
    for args, code, wort in [
        (
            ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"),
            2,
            "Kein offener Abend",
        ),
        (("korrektur", "3", "solo", "Cem", "--augen", "90"), 2, "beendet"),
        (("rueckgaengig", "--eintrag", "3"), 2, "beendet"),
        (("rueckgaengig",), 2, "Kein offener Abend"),
        (("abend", "ende"), 2, "Kein offener Abend"),
        (("abend", "neu", "--spieler", "Ana", "Ben"), 2, "Meintest du „Anna“"),
        (("stand", "--abend", "9"), 2, "keinen Abend 9"),
    ]:
        r = _cli(pfad, *args)
        assert r.returncode == code, (args, r.stderr)
        assert wort in r.stderr, (args, r.stderr)
        assert _bytes(pfad) == vorher, f"Datei verändert durch: referee {' '.join(args)}"


@pytest.mark.parametrize("inhalt", [b"kein SQLite\n" * 20, b"SQLite format 3\x00" + b"\xff" * 200])
def test_cli_fremde_datei_klare_meldung_unveraendert(tmp_path, inhalt):
    pfad = tmp_path / "fremd.db"
    pfad.write_bytes(inhalt)
    for args in (("stand",), ("abend", "neu", "--spieler", "Anna", "Ben")):
        r = _cli(pfad, *args)
        assert r.returncode == 2, r.stderr
        assert "SQLite-Datenbank" in r.stderr and "unverändert" in r.stderr
        assert "Traceback" not in r.stderr
        assert pfad.read_bytes() == inhalt


def test_cli_neuere_version_klare_meldung(tmp_path):
    from referee.store import SCHEMA_AKTUELL

    pfad = tmp_path / "zukunft.db"
    assert _cli(pfad, "abend", "neu", "--spieler", *VIER).returncode == 0
    c = sqlite3.connect(pfad)
    c.execute(f"PRAGMA user_version = {SCHEMA_AKTUELL + 3}")
    c.commit()
    c.close()
    vorher = pfad.read_bytes()
    for args in (("stand",), ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71")):
        r = _cli(pfad, *args)
        assert r.returncode == 2
        assert "neueren referee-Version" in r.stderr and "unverändert" in r.stderr
        assert pfad.read_bytes() == vorher


def test_zweites_oeffnen_im_selben_prozess_verliert_keine_eintraege(tmp_path):
    """Zwei Bücher auf derselben Datei in einem Prozess (wie die Tisch-Sitzung plus ein
    Befehl in ihr) und Schreiber in anderen Prozessen: kein bestätigter Eintrag geht verloren.

    Früher las jedes Öffnen den Dateikopf mit open()/close(); das gab die POSIX-Sperren der
    schon offenen Verbindung frei, ein anderer Prozess löschte beim Schließen die WAL-Datei,
    und der nächste Eintrag des ersten Buchs landete in der gelöschten WAL.
    """
    from referee.buch import Buch
    from referee.schafkopf.angaben import SchafkopfAngaben

    pfad = tmp_path / "abend.db"
    env = _env({"REFEREE_DB": str(pfad)})

    def referee(*args: str) -> subprocess.CompletedProcess:
        r = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert r.returncode == 0, r.stderr
        return r

    referee("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora")
    with Buch(pfad) as a, Buch(pfad) as b:
        a.stand()
        b.stand()
        referee("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71")
        a.eintragen(SchafkopfAngaben.angesagt("rufspiel", ("Cem", "Dora"), augen=80))
        referee("schafkopf", "eintragen", "wenz", "Cem", "--augen", "61")
    verlauf = json.loads(referee("verlauf", "--json").stdout)
    nummern = [e["id"] for e in verlauf["eintraege"]]
    assert nummern == [1, 2, 3]


# Ein zweiter Prozess öffnet eine vorhandene (neue, leere) Datei, wartet auf eine Zeile auf
# stdin und legt dann einen Abend an.
SPAETER = r"""
import sys
from referee import store
s = store.oeffne(sys.argv[1])
print("offen", flush=True)
sys.stdin.readline()
s.abend_neu(["Anna", "Ben"])
s.schliessen()
"""


def test_gescheiterter_prozess_entfernt_keine_datei_die_ein_anderer_offen_hat(tmp_path):
    """Zwei Terminals legen dasselbe neue Buch an; das erste scheitert nach dem Anlegen und
    räumt auf, während das zweite die Datei offen hat. Früher entfernte das erste die Datei,
    und der Abend des zweiten landete in einer gelöschten Datei – verloren."""
    from referee import store

    neu = tmp_path / "neu.db"
    with pytest.raises(UnicodeEncodeError), store.oeffne(neu) as s:
        s.abend_neu(["Anna", "Ben"], ort="P\udcffost")
    anderer = subprocess.Popen(
        [sys.executable, "-c", SPAETER, str(neu)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_env(),
        cwd=ROOT,
    )
    try:
        assert anderer.stdout.readline().strip() == "offen"
        store.angelegte_leere_entfernen()
        assert neu.exists()
        anderer.communicate("weiter\n", timeout=30)
        assert anderer.returncode == 0
    finally:
        if anderer.poll() is None:
            anderer.kill()
    with store.oeffne(neu) as s:
        assert [a.spieler for a in s.abende()] == [("Anna", "Ben")]


def test_verbindung_zu_einer_gerade_entfernten_datei_verbindet_neu(tmp_path, monkeypatch):
    """Ein anderer Prozess entfernt die neue Datei, nachdem sie hier geöffnet, aber bevor sie
    gesperrt wurde: ``verbinde`` merkt es und verbindet neu – nichts wird in die entfernte
    Datei geschrieben."""
    from referee.store import verbindung as store

    pfad = tmp_path / "neu.db"
    sqlite3.connect(pfad).close()  # eine neue, leere Datei (wie eben von jemandem angelegt)
    echt = store._pruefe_schema
    entfernt: list[int] = []

    def _pruefe_und_entferne(conn, p):
        if not entfernt:  # beim ersten Verbinden: die Datei verschwindet
            entfernt.append(1)
            p.unlink()
        return echt(conn, p)

    monkeypatch.setattr(store, "_pruefe_schema", _pruefe_und_entferne)
    conn = store.verbinde(pfad)
    try:
        conn.execute("CREATE TABLE t (x)")
        conn.execute("INSERT INTO t VALUES (7)")
    finally:
        conn.close()
    assert entfernt == [1]
    with sqlite3.connect(pfad) as c:
        assert c.execute("SELECT x FROM t").fetchall() == [(7,)]


def test_aufraeumen_schliesst_eigene_offene_verbindungen_zuerst(tmp_path):
    """Hält dieser Prozess die gescheiterte neue Datei noch offen, wird seine Verbindung vor
    dem Entfernen geschlossen (sonst löschte SQLite beim späteren Schließen eine ``-wal``
    gleichen Namens); die leere Datei verschwindet samt ``-wal``/``-shm``."""
    from referee import store

    neu = tmp_path / "neu.db"
    s = store.oeffne(neu)
    with pytest.raises(UnicodeEncodeError):
        s.abend_neu(["Anna", "Ben"], ort="P\udcffost")
    assert s.verbindung._conn is not None and neu.exists()
    store.angelegte_leere_entfernen()
    assert s.verbindung._conn is None
    assert list(tmp_path.iterdir()) == []
