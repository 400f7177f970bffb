"""``referee sabai …`` als eigener Prozess: Exit-Codes, JSON-Vertrag, deutsche Fehler."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess

BEISPIEL = ("Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0")


def test_runde_json_vertrag_exakt():
    r = cli_im_prozess("sabai", "runde", *BEISPIEL, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {
        "spieler": [
            {
                "name": "Anna",
                "karten": ["3", "7", "J"],
                "punkte": 6,
                "siegpunkte": 0,
                "ruhmeshalle": False,
            },
            {
                "name": "Ben",
                "karten": ["AJ", "2", "2"],
                "punkte": 0,
                "siegpunkte": -1,
                "ruhmeshalle": False,
            },
            {"name": "Cem", "karten": [], "punkte": 0, "siegpunkte": 1, "ruhmeshalle": False},
            {
                "name": "Dora",
                "karten": ["14", "0"],
                "punkte": 14,
                "siegpunkte": 0,
                "ruhmeshalle": False,
            },
        ],
        "sieger": ["Cem"],
    }
    # Hinweise gehen bei --json auf stderr, stdout bleibt reines JSON.
    assert "Hinweis: Ben hält den Ass-Joker" in r.stderr
    assert "Konvention, nicht im Regeltext" in r.stderr


def test_runde_tabelle_mit_hinweisen():
    r = cli_im_prozess("sabai", "runde", "Anna=3 4", "Ben=7", "Cem=J J J AJ")
    assert r.returncode == 0, r.stderr
    assert "Hall of Fame" in r.stdout and "★" in r.stdout
    assert "Siegespunkt: Cem" in r.stdout
    assert "Lesart, nicht ausdrücklich im Regeltext" in r.stdout


def test_runde_gleichstand_sagt_konvention_und_ist_einstellbar():
    r = cli_im_prozess("sabai", "runde", "Anna=3 4", "Ben=7", "--json")
    assert json.loads(r.stdout)["sieger"] == ["Anna", "Ben"]
    assert "Konvention, nicht im Regeltext: Gleichstand" in r.stderr
    k = cli_im_prozess("sabai", "runde", "Anna=3 4", "Ben=7", "--gleichstand", "keiner", "--json")
    assert json.loads(k.stdout)["sieger"] == []
    f = cli_im_prozess("sabai", "runde", "Anna=3 4", "Ben=7", "--gleichstand", "zufall")
    assert f.returncode == 2 and "„zufall“" in f.stderr


def test_runde_namen_werden_nicht_als_markup_gedeutet():
    r = cli_im_prozess("sabai", "runde", "[bold]Anna=3", "Ben=4")
    assert r.returncode == 0, r.stderr
    assert "[bold]Anna" in r.stdout


def test_fuenf_siebenen_exit_2():
    r = cli_im_prozess("sabai", "runde", "Anna=7 7 7", "Ben=7 7", "--json")
    assert r.returncode == 2
    fehler = json.loads(r.stdout)["fehler"]  # mit --json: die JSON-Fehlerform auf stdout
    assert fehler["art"] == "eingabe" and "„7“ kommt 5-mal vor" in fehler["meldung"]
    assert r.stderr == ""


def test_falsches_token_exit_2():
    r = cli_im_prozess("sabai", "runde", "Anna=3 Q", "Ben=1")
    assert r.returncode == 2
    assert "Unbekannte Karte „Q“ bei Anna an Position 2." in r.stderr
    assert "„AJ“" in r.stderr and "Traceback" not in r.stderr


def test_argument_ohne_gleichheitszeichen():
    r = cli_im_prozess("sabai", "runde", "Anna", "Ben=1")
    assert r.returncode == 2
    assert "Angabe 1 „Anna“ hat kein „=“" in r.stderr


def test_letzte_partie():
    r = cli_im_prozess("sabai", "runde", "Anna=", "Ben=1", "--letzte")
    assert r.returncode == 0
    assert "sabai-sabai darf nicht gesagt werden" in r.stdout
    f = cli_im_prozess("sabai", "runde", "Anna=2", "Ben=1", "--letzte")
    assert f.returncode == 2 and "sabai.ende-spiel" in f.stderr


@pytest.mark.parametrize(
    "args, code",
    [
        (("7", "--auf", "7"), 0),
        (("7", "--auf", "7", "--anzahl", "3"), 0),
        (("8", "--auf", "7"), 1),
        (("AJ", "--auf", "J"), 0),
        (("AJ", "--auf", "Joker"), 0),
        (("J", "--auf", "AJ"), 0),
        (("J", "--auf", "AJ", "--streng"), 1),
        (("AJ", "--auf", "5"), 1),
        (("7", "--auf", "7", "--anzahl", "4"), 2),
        (("Q", "--auf", "7"), 2),
    ],
)
def test_reinwerfen_exit_codes(args, code):
    r = cli_im_prozess("sabai", "reinwerfen", *args)
    assert r.returncode == code, r.stdout + r.stderr
    assert "Traceback" not in r.stderr


def test_reinwerfen_json_und_text():
    r = cli_im_prozess("sabai", "reinwerfen", "8", "--auf", "7", "--json")
    assert r.returncode == 1
    d = json.loads(r.stdout)
    assert d["erlaubt"] is False and d["abschnitt"] == "sabai.reinwerfen"
    assert d["karte"] == "8" and d["auf"] == "7" and d["anzahl"] == 1
    assert "Strafkarte" in d["folge"]
    t = cli_im_prozess("sabai", "reinwerfen", "J", "--auf", "AJ")
    assert "Erlaubt." in t.stdout and "Konvention, nicht im Regeltext" in t.stdout
    q = cli_im_prozess("sabai", "reinwerfen", "7", "--auf", "X")
    assert "Unbekannte Karte „X“ bei --auf." in q.stderr


@pytest.mark.parametrize(
    "args, code",
    [
        (("ablegen",), 1),
        (("tauschen",), 1),
        (("aufgedeckt",), 1),
        (("geben",), 0),
        (("13",), 0),
        (("switch",), 0),
        (("verbrennen", "--auf", "J"), 0),
        (("verbrennen", "--auf", "4"), 1),
        (("verbrennen",), 2),
        (("fliegen",), 2),
        ((), 0),
    ],
)
def test_assjoker_exit_codes(args, code):
    r = cli_im_prozess("sabai", "assjoker", *args)
    assert r.returncode == code, r.stdout + r.stderr


def test_assjoker_json():
    r = cli_im_prozess("sabai", "assjoker", "aufgedeckt", "--json")
    d = json.loads(r.stdout)
    assert d["frage"] == "aufgedeckt" and d["erlaubt"] is False
    assert d["abschnitt"] == "sabai.ass-joker"
    assert "gezogene Karte muss gespielt werden" in d["grund"]
    alle = json.loads(cli_im_prozess("sabai", "assjoker", "--json").stdout)["fragen"]
    assert {n: e["erlaubt"] for n, e in alle.items()} == {
        "ablegen": False,
        "tauschen": False,
        "aufgedeckt": False,
        "geben": True,
        "switch": True,
        "verbrennen": True,
    }


def test_karte_13_zitiert_regeltext():
    r = cli_im_prozess("sabai", "karte", "13", "--json")
    assert r.returncode == 0
    d = json.loads(r.stdout)
    assert d["funktion"] == "give" and d["abschnitt"] == "sabai.funktionskarten"
    assert "13 give: Eine der eigenen verdeckten Karten" in d["regeltext"]
    assert "11 peek" not in d["regeltext"]
    t = cli_im_prozess("sabai", "karte", "13")
    assert "Karte 13 give" in t.stdout and "Regeltext (sabai.funktionskarten)" in t.stdout
    assert cli_im_prozess("sabai", "karte", "15").returncode == 2


def test_move_erklaert():
    r = cli_im_prozess("sabai", "move", "ass", "--json")
    d = json.loads(r.stdout)
    assert d["abschnitt"] == "sabai.ass-move" and "zwei 13 give" in d["regeltext"]
    assert cli_im_prozess("sabai", "move", "tanz").returncode == 2


def test_kurzformen_kommas_und_doppelpunkt():
    r = cli_im_prozess("sabai", "runde", "Anna=3,7,J", "Ben: AJ 2 2", "Cem=", "Dora:14,0", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert [(s["name"], s["karten"], s["punkte"]) for s in d["spieler"]] == [
        ("Anna", ["3", "7", "J"], 6),
        ("Ben", ["AJ", "2", "2"], 0),
        ("Cem", [], 0),
        ("Dora", ["14", "0"], 14),
    ]
    assert d["sieger"] == ["Cem"]


def test_regeltext_ohne_leerzeichen_am_zeilenende():
    r = cli_im_prozess("sabai", "karte", "AJ")
    assert r.returncode == 0, r.stderr
    assert "Regeltext (sabai.ass-joker):" in r.stdout
    assert all(z == z.rstrip() for z in r.stdout.splitlines() if z.startswith("  "))


def test_assjoker_gezogen_muss_behalten_werden():
    r = cli_im_prozess("sabai", "assjoker", "gezogen", "--json")
    assert r.returncode == 1, r.stderr
    d = json.loads(r.stdout)
    assert d["frage"] == "ablegen" and d["erlaubt"] is False and "behalten" in d["folge"]
