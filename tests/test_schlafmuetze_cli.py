"""``referee schlafmuetze …`` als Prozess: Exit-Codes, JSON-Vertrag, deutsche Fehler."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess
from conftest import ok as _ok

MITTE = ("--mitte", "2 1 5 1 1")
SPIELER = ("--mitspieler", "Ben=10,Cem=4,Dora=6")


def test_passt_json_vertrag():
    r = cli_im_prozess("schlafmuetze", "passt", "6", *MITTE, "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["passt"] == ["mitte:3"] and d["muss"] == "mitte:3"
    assert d["schlafmuetze"] is False and "unmittelbar aufsteigender" in d["grund"]


def test_passt_text_mitte_vor_mitspieler():
    r = cli_im_prozess("schlafmuetze", "passt", "3", *MITTE, *SPIELER)
    _ok(r, 0)
    assert r.stdout.startswith("Die 3 muss auf Stapel 1 der Mitte (mitte:1).")
    assert "Passt auf: mitte:1, Cem." in r.stdout


def test_nach_richtig_exit_0():
    r = cli_im_prozess("schlafmuetze", "passt", "5", *MITTE, *SPIELER, "--nach", "Cem", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["schlafmuetze"] is False and d["muss"] == "Cem" and d["passt"] == ["Cem", "Dora"]


def test_nach_falsche_reihenfolge_exit_1():
    r = cli_im_prozess("schlafmuetze", "passt", "5", *MITTE, *SPIELER, "--nach", "Dora", "--json")
    _ok(r, 1)
    d = json.loads(r.stdout)
    assert d["schlafmuetze"] is True and d["fehler"] == "reihenfolge"
    assert d["grund"].startswith("Schlafmütze!")
    assert "unterste Karte" in d["strafe"]


def test_nach_uebersehen_text():
    r = cli_im_prozess("schlafmuetze", "passt", "3", *MITTE, *SPIELER, "--nach", "eigene")
    _ok(r, 1)
    assert r.stdout.startswith("Schlafmütze! Übersehen")
    assert "unterste Karte seines Zugstapels" in r.stdout.replace("\n", " ")


def test_nach_mitte_bei_mehreren_mitte_stapeln():
    for ziel in ("mitte", "mitte:4"):
        _ok(cli_im_prozess("schlafmuetze", "passt", "2", *MITTE, "--nach", ziel), 0)
    _ok(cli_im_prozess("schlafmuetze", "passt", "2", *MITTE, "--nach", "mitte:1"), 1)


@pytest.mark.parametrize(
    "args, teil",
    [
        (("x", *MITTE), "KARTE „x“"),
        (("1", *MITTE), "alle fünf 1er"),
        (("3", "--mitte", "2 1 5"), "genau 5 Werte"),
        (("3", "--mitte", "2 1 5 1 y"), "Mitte-Stapel 5 „y“"),
        (("3", *MITTE, "--mitspieler", "Ben:10"), "„Ben:10“"),
        (("3", *MITTE, "--nach", "Zoe"), "--nach „Zoe“"),
        (("3",), "Es fehlt eine Angabe: --mitte"),
    ],
)
def test_passt_eingabefehler(args, teil):
    r = cli_im_prozess("schlafmuetze", "passt", *args)
    _ok(r, 2)
    assert r.stderr.startswith("Fehler: ") and teil in r.stderr


def test_zug_json():
    r = cli_im_prozess("schlafmuetze", "zug", "--ablage", "5", "--mitte", "2 1 4 1 1", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert (d["zuerst"], d["karte"], d["muss"]) == ("ablagestapel", 5, "mitte:3")
    assert d["abschnitt"] == "schlafmuetze.spielablauf"


def test_zug_aufgedeckt():
    r = cli_im_prozess(
        "schlafmuetze",
        "zug",
        "--ablage",
        "12",
        "--aufgedeckt",
        "3",
        "--mitte",
        "2 1 4 1 1",
        "--json",
    )
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert (d["zuerst"], d["karte"], d["muss"]) == ("zugstapel", 3, "mitte:1")


def test_zug_allgemein_und_fehler():
    r = cli_im_prozess("schlafmuetze", "zug")
    _ok(r, 0)
    assert "Zuerst der eigene Ablagestapel" in r.stdout
    r2 = cli_im_prozess("schlafmuetze", "zug", "--ablage", "5")
    _ok(r2, 2)
    assert "ohne --mitte" in r2.stderr


def test_sieg_ohne_abend(cli):
    r = cli("schlafmuetze", "sieg", "Anna")
    _ok(r, 2)
    assert "Kein offener Abend" in r.stderr


def test_sieg_eingabefehler(cli):
    r = cli("schlafmuetze", "sieg", "Zoe", "--spieler", "Anna", "Ben")
    _ok(r, 2)
    assert "„Zoe“" in r.stderr


def test_hilfe_mit_beispiel():
    for befehl in ("passt", "zug", "sieg"):
        r = cli_im_prozess("schlafmuetze", befehl, "--help")
        _ok(r, 0)
        assert "Beispiel" in r.stdout


def test_sieg_eintragen_und_stand(cli, db_pfad):
    assert cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem").returncode == 0
    r = cli("schlafmuetze", "sieg", "ben", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["sieger"] == "Ben" and d["spieler"] == ["Anna", "Ben", "Cem"]
    _ok(cli("schlafmuetze", "sieg", "Anna", "--spieler", "Anna", "Ben"), 0)
    s = json.loads(cli("stand", "--json").stdout)
    assert s["schlafmuetze"] == {"Anna": 1, "Ben": 1, "Cem": 0}
    from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis
    from referee.spiele import store_oeffnen

    e = store_oeffnen(db_pfad).eintraege()[-1]
    assert e.ergebnis == SchlafmuetzeErgebnis("Anna", ("Anna", "Ben"))


def test_sieg_fremder_spieler_nicht_am_abend(cli):
    assert cli("abend", "neu", "--spieler", "Anna", "Ben").returncode == 0
    r = cli("schlafmuetze", "sieg", "Eva", "--spieler", "Anna", "Eva")
    _ok(r, 2)
    assert "„Eva“" in r.stderr


def test_sieg_ohne_namen_vor_spieler(cli):
    r = cli("schlafmuetze", "sieg", "--spieler", "Anna", "Ben", "Cem")
    _ok(r, 2)
    assert "Wer hat gewonnen?" in r.stderr and "sieg Anna --spieler" in r.stderr


def test_sieg_gross_klein_wie_am_abend(cli):
    assert cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem").returncode == 0
    r = cli("schlafmuetze", "sieg", "anna", "--spieler", "anna,ben", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["sieger"] == "Anna" and d["spieler"] == ["Anna", "Ben"]


def test_passt_mit_ablage_beispiel_5():
    basis = (
        "schlafmuetze",
        "passt",
        "13",
        "--mitte",
        "2 4 1 1 1",
        "--mitspieler",
        "Andreas=15,Thoren=4",
        "--nach",
        "eigene",
    )
    r = cli_im_prozess(*basis, "--ablage", "5", "--json")
    _ok(r, 1)
    d = json.loads(r.stdout)
    assert d["schlafmuetze"] is True and d["fehler"] == "uebersehen" and d["muss"] == "eigene"
    _ok(cli_im_prozess(*basis, "--ablage", "7"), 0)
    f = cli_im_prozess("schlafmuetze", "passt", "13", "--mitte", "2 4 1 1 1", "--ablage", "5")
    _ok(f, 2)
    assert "--ablage gehört zu --nach" in f.stderr
