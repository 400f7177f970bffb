"""Die Zeile vom Handy und das Formular der Eingabeseite (``referee.live.formular``): eine
Grammatik mit ``tisch``, Kürzel, die der Parser eindeutig liest, und „Korrigieren“ füllt das
Formular aus jedem Eintrag – auch aus einem von der Kommandozeile."""

from __future__ import annotations

import pytest
from conftest import ok

from referee.buch import Buch
from referee.eingabe import kurz
from referee.errors import Eingabefehler, Mehrdeutig
from referee.live.formular import formular, kuerzel, lies_zeile, spiel_eines_eintrags

VIER = ("Anna", "Ben", "Cem", "Dora")


def test_lies_zeile_ist_der_parser_von_tisch():
    for zeile in ("r an be 71 l3", "sb an 3 7 J / be AJ 2", "sf cem an be", "sm dora"):
        assert lies_zeile(zeile, VIER) == kurz.lies(zeile, VIER)


@pytest.mark.parametrize(
    "zeile, meldung",
    [
        ("", "Die Zeile ist leer"),
        ("   ", "Die Zeile ist leer"),
        ("u", "ist kein Spiel"),
        ("q", "ist kein Spiel"),
        ("live schreiben", "ist kein Spiel"),
        ("?davonlaufen", "ist kein Spiel"),
        ("#3 r an be 61", "als „Korrigieren“ am Eintrag"),
        ("r " * 300, "zu lang"),
    ],
)
def test_nur_spiele(zeile, meldung):
    with pytest.raises(Eingabefehler, match=meldung):
        lies_zeile(zeile, VIER)


def test_mehrdeutig_wird_gefragt_nicht_geraten():
    with pytest.raises(Mehrdeutig, match="„b“: Ben oder Berta?"):
        lies_zeile("r an b 71", ("Anna", "Ben", "Berta", "Dora"))


def test_kuerzel_liest_der_parser_als_genau_diesen_spieler():
    assert kuerzel(VIER) == {"Anna": "an", "Ben": "be", "Cem": "ce", "Dora": "do"}
    namen = ("Karl", "Kurt", "Siegfried", "Sieglinde", "Jana", "Mitra", "Xaver", "L3")
    k = kuerzel(namen)
    # kein Zusatzwort (k, x, sie, j, mit, l3 …) und eindeutig
    assert k["Karl"] == "ka" and k["Kurt"] == "ku" and k["Jana"] == "ja" and k["Xaver"] == "xa"
    assert k["Siegfried"] == "siegf" and k["Sieglinde"] == "siegl" and k["Mitra"] == "mi"
    assert k["L3"] is None  # „l3“ sind drei Laufende: dieser Name geht in keiner Zeile
    for name, token in k.items():
        if token is not None:
            assert lies_zeile(f"w {token} 61", namen).partei == (name,)
            assert lies_zeile(f"sm {token}", namen).sieger == name


def test_kuerzel_eines_namens_mit_leerzeichen():
    assert kuerzel(("Anna Maria", "Ben", "Cem", "Dora"))["Anna Maria"] == "an"
    # „anna“ ist auch der ganze Name von Anna: „Anna Maria“ hat kein Kürzel
    assert kuerzel(("Anna Maria", "Anna", "Cem", "Dora"))["Anna Maria"] is None


def test_formular_eines_ramsch_und_der_anderen_spiele():
    assert formular(lies_zeile("ramsch dora j ben k1", VIER)) == {
        "spiel": "ramsch",
        "farbe": None,
        "partei": ["Dora"],
        "augen": None,
        "stiche": None,
        "laufende": 0,
        "klopfer": 1,
        "stoesse": 0,
        "schwarz": False,
        "tout": False,
        "sie": False,
        "kurz": False,
        "jungfrauen": ["Ben"],
        "durchmarsch": None,
        "tisch": [],
    }
    f = formular(lies_zeile("fgh be 30 x1 kurz", VIER))
    assert (f["spiel"], f["farbe"], f["augen"], f["stoesse"], f["kurz"]) == ("fg", "h", 30, 1, True)
    assert formular(lies_zeile("sb an 3 7 J / be / cem AJ letzte", VIER)) == {
        "spiel": "sb",
        "haende": [["Anna", "3 7 J"], ["Ben", ""], ["Cem", "AJ"]],
        "letzte": True,
    }
    assert formular(lies_zeile("sf cem an", VIER)) == {"spiel": "sf", "plaetze": ["Cem", "Anna"]}
    assert formular(lies_zeile("sm dora mit an be do", VIER)) == {
        "spiel": "sm",
        "sieger": "Dora",
        "mit": ["Anna", "Ben", "Dora"],
    }


def test_korrigieren_fuellt_auch_eintraege_der_kommandozeile(cli, db_pfad):
    ok(cli("abend", "neu", "--spieler", *VIER))
    befehle = [
        [
            "schafkopf",
            "eintragen",
            "herz-solo",
            "Dora",
            "--augen",
            "80",
            "--laufende",
            "3",
            "--klopfer",
            "1",
        ],
        ["schafkopf", "eintragen", "ramsch", "Cem", "--jungfrau", "Ben"],
        ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "0", "--schwarz"],
        ["sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2", "Cem=", "Dora=14 0"],
        ["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"],
        ["schlafmuetze", "sieg", "Dora"],
    ]
    for b in befehle:
        ok(cli(*b))
    with Buch(db_pfad) as buch:
        f = [formular(spiel_eines_eintrags(buch.eintrag(i), VIER)) for i in range(1, 7)]
    solo, ramsch, schwarz, sabai, saufn, sm = f
    assert (solo["spiel"], solo["farbe"], solo["partei"], solo["augen"]) == (
        "solo",
        "h",
        ["Dora"],
        80,
    )
    assert (solo["laufende"], solo["klopfer"]) == (3, 1)
    assert (ramsch["spiel"], ramsch["partei"], ramsch["jungfrauen"]) == ("ramsch", ["Cem"], ["Ben"])
    assert (schwarz["augen"], schwarz["schwarz"]) == (0, True)
    assert sabai["haende"] == [["Anna", "3 7 J"], ["Ben", "AJ 2"], ["Cem", ""], ["Dora", "14 0"]]
    assert saufn["plaetze"] == ["Cem", "Anna", "Ben"]
    assert sm == {"spiel": "sm", "sieger": "Dora", "mit": []}


def test_korrigieren_nimmt_die_zeile_von_tisch(cli, db_pfad):
    ok(cli("tisch", "--spieler", *VIER, input="r an be 71 l3 kurz\n#1 r an be 45 kurz\nu\n"))
    with Buch(db_pfad) as buch:
        # die Zeile von tisch behält, was das Ergebnis nicht speichert („kurz“)
        assert formular(spiel_eines_eintrags(buch.eintrag(1), VIER))["kurz"] is True
        korrektur = formular(spiel_eines_eintrags(buch.eintrag(2), VIER))
        assert korrektur["augen"] == 45 and korrektur["kurz"] is True
        assert spiel_eines_eintrags(buch.eintrag(3), VIER) is None  # ein Storno


# ---------------------------------------------------------------- eine Fehlerabbildung für alle


@pytest.mark.parametrize("modul", ["referee.live.formular", "referee.fehlerbild"])
def test_doctests(modul):
    import doctest
    import importlib

    ergebnis = doctest.testmod(importlib.import_module(modul))
    assert ergebnis.failed == 0 and ergebnis.attempted > 0


def test_fehlerbild_fuer_kommandozeile_und_netz():
    import referee.cli
    from referee.errors import Regelverstoss, UnbekannteKarte, Zustandsfehler
    from referee.fehlerbild import INTERNER_FEHLER, fehlerbild
    from referee.store import KeineDaten

    faelle = [
        (Eingabefehler("Zeile falsch."), "eingabe", 2, 422),
        (Mehrdeutig("„b“: Ben oder Berta?"), "eingabe", 2, 422),
        (UnbekannteKarte("Unbekannte Karte „Q“."), "eingabe", 2, 422),
        (Regelverstoss("Die Regeln sagen nein."), "regel", 1, 422),
        (Zustandsfehler("Kein offener Abend."), "zustand", 2, 409),
        (KeineDaten("Es gibt keinen Eintrag 9."), "zustand", 2, 409),
    ]
    for exc, art, code, http in faelle:
        b = fehlerbild(exc)
        assert (b.art, b.code, b.http, b.meldung) == (art, code, http, str(exc))
        assert b.als_json() == {"fehler": {"art": art, "meldung": str(exc), "abschnitt": None}}
    intern = fehlerbild(KeyError("geheim"))
    assert (intern.art, intern.code, intern.http) == ("intern", 3, 500)
    assert intern.meldung == INTERNER_FEHLER and "geheim" not in intern.meldung
    assert referee.cli.INTERNER_FEHLER is INTERNER_FEHLER  # dieselbe Meldung auf der Kommandozeile
    # mit Abschnitt und gesäubert (Steuerzeichen aus Eingaben kommen nicht ins Terminal)
    b = fehlerbild(Regelverstoss("Nein\x1b[31m.", "schafkopf.ruf"))
    assert b.abschnitt == "schafkopf.ruf" and "\x1b" not in b.meldung
