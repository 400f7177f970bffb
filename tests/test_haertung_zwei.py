"""Härtung, zweite Runde (issue 24): was 10.600 Fuzz-Aufrufe und gezielte Angriffe noch fanden.

Jeder Test geht durch die öffentliche Schnittstelle – die Kommandozeile im selben Prozess
(``im_prozess``), ``tisch`` im Skript-Modus, ``live`` als echter Prozess über HTTP – und
schlug vor der Änderung fehl. Die erwarteten Werte stehen hier von Hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest
from conftest import ROOT, _env, im_prozess, ok
from hilfen import logischer_inhalt

SPIELER = ("--spieler", "Anna", "Ben", "Cem", "Dora")


@pytest.fixture
def buch(tmp_path, monkeypatch):
    """Ein eigenes Standard-Buch (``REFEREE_DB``) und leeres HOME; gibt dessen Pfad."""
    pfad = tmp_path / "standard.db"
    monkeypatch.setenv("REFEREE_DB", str(pfad))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return pfad


# ---------------------------------------------------------------- 1. nur ASCII-Ziffern


@pytest.mark.parametrize(
    ("option", "wert"),
    [("--stoss", "²"), ("--klopfer", "²"), ("--laufende", "³"), ("--stoss", "③")],
)
def test_hochgestellte_ziffern_sind_keine_zahl(buch, option, wert):
    r = ok(im_prozess("schafkopf", "abrechnung", "wenz", "--augen", "61", option, wert), 2)
    assert r.stderr == f"Fehler: „{wert}“ bei {option} ist keine ganze Zahl.\n"


def test_ramsch_verlierer_hochgestellt(buch):
    r = ok(
        im_prozess(
            "schafkopf",
            "abrechnung",
            "ramsch",
            "--augen",
            "30",
            "30",
            "30",
            "30",
            "--verlierer",
            "²",
        ),
        2,
    )
    assert "Unbekannt bei --verlierer: „²“" in r.stderr


def test_fremde_ziffern_werden_nicht_still_als_zahl_gelesen(buch):
    # Arabisch-indische Ziffern: int("٦١") wäre 61 – referee nimmt nur 0–9
    r = ok(im_prozess("schafkopf", "abrechnung", "wenz", "--augen", "٦١"), 2)
    assert r.stderr == "Fehler: „٦١“ bei --augen ist keine ganze Zahl.\n"
    r = ok(im_prozess("frage", "Davonlaufen", "-n", "٢", "--json"), 2)
    assert json.loads(r.stdout)["fehler"]["meldung"] == (
        "Ungültiger Wert für --anzahl: '٢' ist keine ganze Zahl."
    )
    r = ok(im_prozess("verlauf", "--abend", "1_0"), 2)
    assert "'1_0' ist keine ganze Zahl" in r.stderr


def test_tisch_hochgestellte_augen_mit_zeilennummer(buch):
    r = ok(im_prozess("tisch", *SPIELER, input="r an be 71\nr an be ²\n"), 2)
    assert "Interner Fehler" not in r.stderr
    assert r.stderr.splitlines()[-1].startswith("Fehler: Zeile 2: ")
    assert r.stdout.count("\n") == 1  # Zeile 1 steht, Zeile 2 nicht


def test_tisch_live_port_hochgestellt(buch):
    ok(im_prozess("abend", "neu", *SPIELER))
    r = ok(im_prozess("tisch", input="live --port ²\n"), 2)
    assert r.stderr == "Fehler: Zeile 1: --port „²“ ist keine Zahl.\n"


def test_partie_textdatei_mit_hochgestelltem_sitz(buch, tmp_path):
    datei = tmp_path / "p.txt"
    datei.write_text("spieler: ²\n", encoding="utf-8")
    r = ok(im_prozess("schafkopf", "partie", str(datei)), 2)
    assert "„²“ ist kein Sitz" in r.stderr


# ---------------------------------------------------------------- 2. riesige JSON-Zahlen


@pytest.mark.parametrize("vorzeichen", ["", "-"])
def test_partie_json_mit_riesiger_zahl(buch, tmp_path, vorzeichen):
    datei = tmp_path / "p.json"
    datei.write_text('{"spiel": "wenz", "spieler": ' + vorzeichen + "9" * 5000 + "}")
    r = ok(im_prozess("schafkopf", "partie", str(datei), "--json"), 2)
    meldung = json.loads(r.stdout)["fehler"]["meldung"]
    assert meldung == (
        f"Eine ganze Zahl mit 5000 Ziffern ({vorzeichen}{'9' * (12 - len(vorzeichen))}…) ist "
        "kein Wert, den referee annimmt: Beträge, Ids und Zählungen liegen höchstens bei "
        "1000000000."
    )


# ---------------------------------------------------------------- 4. JSON an ASCII-Strömen


@pytest.fixture
def abend_mit_umlauten(buch):
    ok(im_prozess("abend", "neu", "--spieler", "Jörg", "Ümit", "Cem", "Dora", "--ort", "Bräu"))
    ok(im_prozess("schafkopf", "eintragen", "rufspiel", "Jörg+Ümit", "--augen", "71"))
    return buch


@pytest.mark.parametrize(
    "args",
    [
        ("frage", "Schlücke verteilen", "--json"),
        ("saufn", "folgt", "N", "U", "--json"),
        ("saufn", "karten", "--json"),
        ("abend", "--json"),
        ("abend", "liste", "--json"),
        ("stand", "--json"),
        ("verlauf", "--json"),
        ("export", "--format", "json"),
        ("abend", "neu", "--spieler", "Jörg", "Ärger", "--json"),  # Fehlerobjekt mit Umlauten
    ],
    ids=lambda a: " ".join(a),
)
def test_json_bleibt_json_an_einem_ascii_strom(abend_mit_umlauten, args):
    utf8 = im_prozess(*args)
    ascii_ = im_prozess(*args, kodierung="ascii")
    assert ascii_.returncode == utf8.returncode
    assert ascii_.stdout.isascii()
    # dasselbe JSON wie an einem UTF-8-Strom, nur mit \\u-Escapes
    assert json.loads(ascii_.stdout) == json.loads(utf8.stdout)


def test_export_an_ascii_strom_laesst_sich_wieder_einlesen(abend_mit_umlauten, tmp_path):
    r = ok(im_prozess("export", "--format", "json", "--gesamt", kodierung="ascii"))
    datei = tmp_path / "sicherung.json"
    datei.write_text(r.stdout, encoding="ascii")
    ziel = tmp_path / "neu.db"
    ok(im_prozess("import", str(datei), "--db", str(ziel)))
    stand = json.loads(ok(im_prozess("--db", str(ziel), "stand", "--json")).stdout)
    assert stand["schafkopf"] == {"Jörg": 20, "Ümit": 20, "Cem": -20, "Dora": -20}


# ---------------------------------------------------------------- 5. --db gilt für tisch und live


def test_tisch_schreibt_in_das_globale_db(buch, tmp_path):
    anderes = tmp_path / "g.db"
    r = ok(im_prozess("--db", str(anderes), "tisch", *SPIELER, input="r an be 71\n"))
    assert r.stdout.startswith("#1 Rufspiel Anna+Ben gewonnen · 71 Augen")
    assert not buch.exists()  # das Standard-Buch bleibt unberührt
    stand = json.loads(ok(im_prozess("--db", str(anderes), "stand", "--json")).stdout)
    assert stand["schafkopf"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}


def test_tisch_zeile_mit_eigenem_db_wird_abgelehnt(buch, tmp_path):
    fremd = tmp_path / "fremd.db"
    r = ok(
        im_prozess("tisch", *SPIELER, input=f"r an be 71\nabend neu --spieler X Y --db {fremd}\n"),
        2,
    )
    assert "Fehler: Zeile 2: In der Sitzung gilt ihr Buch" in r.stderr
    assert "--db geht hier nicht" in r.stderr
    assert not fremd.exists()
    r = ok(im_prozess("tisch", input=f"stand --db={fremd}\n"), 2)
    assert "--db geht hier nicht" in r.stderr


def test_live_zeigt_das_buch_des_globalen_db(tmp_path):
    standard, anderes = tmp_path / "standard.db", tmp_path / "g.db"
    env = {"REFEREE_DB": str(standard), "HOME": str(tmp_path / "home")}
    ok(
        im_prozess(
            "--db",
            str(anderes),
            "abend",
            "neu",
            "--spieler",
            "Xaver",
            "Yvonne",
            "Zora",
            "Wim",
            env=env,
        )
    )
    ok(
        im_prozess(
            "--db",
            str(anderes),
            "schafkopf",
            "eintragen",
            "rufspiel",
            "Xaver+Zora",
            "--augen",
            "40",
            env=env,
        )
    )
    ok(im_prozess("--db", str(standard), "abend", "neu", *SPIELER, env=env))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "--db",
            str(anderes),
            "live",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--ohne-qr",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env(env),
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        zeile = proc.stdout.readline()
        assert zeile.startswith("Live-Stand: http://"), zeile
        url = zeile.split(": ", 1)[1].strip()
        with urllib.request.urlopen(url + "stand.json", timeout=10) as antwort:
            stand = json.loads(antwort.read())
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
    assert stand["schafkopf"] == {"Xaver": -20, "Yvonne": 20, "Zora": -20, "Wim": 20}


# ---------------------------------------------------------------- 6. Sitzungswörter


@pytest.mark.parametrize("wort", ["q anything", "quit jetzt", "exit 0", "hilfe mir"])
def test_sitzungswort_mit_weiteren_woertern_ist_ein_fehler(buch, wort):
    r = ok(im_prozess("tisch", *SPIELER, input=f"r an be 71\n{wort}\nr cem do 61\n"), 2)
    assert r.stderr.splitlines()[-1].startswith("Fehler: Zeile 2: ")
    assert "ein Sitzungswort steht ohne weitere Wörter" in r.stderr
    verlauf = json.loads(ok(im_prozess("verlauf", "--json")).stdout)
    assert len(verlauf["eintraege"]) == 1  # Zeile 3 lief nicht


def test_u_mit_nummer_storniert_genau_diesen_eintrag(buch):
    ok(im_prozess("tisch", *SPIELER, input="r an be 71\nw cem 61\nu 1\n"))
    stand = json.loads(ok(im_prozess("stand", "--json")).stdout)
    # nur der Wenz von Cem (50 ct je Gegner) gilt noch; #1 (Rufspiel) ist storniert
    assert stand["schafkopf"] == {"Anna": -50, "Ben": -50, "Cem": 150, "Dora": -50}


@pytest.mark.parametrize("zeile", ["u x", "u 1 2", "u -1"])
def test_u_mit_anderem_als_einer_nummer(buch, zeile):
    r = ok(im_prozess("tisch", *SPIELER, input=f"r an be 71\n{zeile}\n"), 2)
    assert r.stderr.splitlines()[-1].startswith("Fehler: Zeile 2: ")
    stand = json.loads(ok(im_prozess("stand", "--json")).stdout)
    assert stand["schafkopf"]["Anna"] == 20  # nichts storniert


# ---------------------------------------------------------------- 9. Kleineres


def test_megabyte_zeile_nennt_ihre_wahre_laenge(buch):
    eingabe = "r an be 71\n" + "x" * 999_000 + "ä" * 1000 + "\nr cem do 61\n"
    r = ok(im_prozess("tisch", *SPIELER, input=eingabe), 2)
    assert r.stderr.splitlines()[-1] == (
        "Fehler: Zeile 2: Die Zeile ist zu lang (1000000 Zeichen, höchstens 2000). "
        "(die Zeilen davor sind eingetragen)"
    )


def test_zeile_aus_2000_umlauten_ist_nicht_zu_lang(buch):
    # 2000 Zeichen sind 4000 Bytes: gelesen wird nach Zeichen, nicht nach Bytes
    r = ok(im_prozess("tisch", *SPIELER, input="?" + "ä" * 1999 + "\n"), 0)
    assert "zu lang" not in r.stderr


def test_nach_abend_ende_keine_leere_liste(buch):
    r = ok(im_prozess("tisch", *SPIELER, input="abend ende\nr an be 71\n"), 2)
    letzte = r.stderr.splitlines()[-1]
    assert "Dabei sind: ." not in letzte
    assert letzte.startswith("Fehler: Zeile 2: Kein offener Abend")


def test_schmales_terminal_schneidet_keine_betraege_ab(buch):
    ok(im_prozess("abend", "neu", *SPIELER))
    ok(im_prozess("schafkopf", "eintragen", "solo", "Cem", "--augen", "91", "--laufende", "3"))
    r = ok(im_prozess("stand", env={"COLUMNS": "10"}))
    # Herz-Solo mit 3 Laufenden (Tarif 10-20-50): 50 + 10 Schneider + 30 = 90 ct je Gegner
    for betrag in ("+2,70", "-0,90"):
        assert betrag in r.stdout, r.stdout


def test_tisch_verwirft_den_neuen_abend_wenn_zeile_1_scheitert(buch):
    r = ok(im_prozess("tisch", *SPIELER, input="r an xaver 71\n"), 2)
    assert r.stderr.splitlines()[-2].startswith("Fehler: Zeile 1: „xaver“ spielt")
    assert "(die Zeilen davor sind eingetragen)" not in r.stderr
    assert r.stderr.splitlines()[-1] == (
        "Abend 1 wieder verworfen (noch nichts eingetragen): nichts geändert."
    )
    liste = json.loads(ok(im_prozess("abend", "liste", "--json")).stdout)
    assert liste == []
    # auch die Spieler sind wieder weg: ein neuer Abend legt sie neu an
    r = ok(im_prozess("abend", "neu", *SPIELER))
    assert "Neu angelegt: Anna, Ben, Cem, Dora" in r.stdout + r.stderr


def test_tisch_behaelt_abend_mit_eintraegen(buch):
    r = ok(im_prozess("tisch", *SPIELER, input="r an be 71\nr an xaver 71\n"), 2)
    assert "verworfen" not in r.stderr
    stand = json.loads(ok(im_prozess("stand", "--json")).stdout)
    assert stand["schafkopf"]["Anna"] == 20


def test_offener_abend_wird_nie_verworfen(buch):
    ok(im_prozess("abend", "neu", *SPIELER))
    vorher = logischer_inhalt(buch)
    r = ok(im_prozess("tisch", input="r an xaver 71\n"), 2)
    assert "verworfen" not in r.stderr
    assert logischer_inhalt(buch) == vorher
