"""Die Zeile vom Handy und das Formular der Eingabeseite (``referee.live.formular``): eine
Grammatik mit ``tisch``, Kürzel, die der Parser eindeutig liest, „Korrigieren“ füllt das
Formular aus jedem Eintrag – auch aus einem von der Kommandozeile –, und die Grammatik als
Daten für das Skript der Seite (``grammatik``)."""

from __future__ import annotations

import pytest
from conftest import ok

from referee.buch import Buch
from referee.eingabe import kurz
from referee.errors import Eingabefehler, Mehrdeutig
from referee.live.formular import formular, grammatik, kuerzel, lies_zeile, spiel_eines_eintrags

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
    # „l3“ sind drei Laufende: dieser Name geht nur in Anführungszeichen
    assert k["L3"] == '"L3"'
    for name, token in k.items():
        if token is not None:
            assert lies_zeile(f"w {token} 61", namen).partei == (name,)
            assert lies_zeile(f"sm {token}", namen).sieger == name


def test_kuerzel_eines_namens_mit_leerzeichen():
    assert kuerzel(("Anna Maria", "Ben", "Cem", "Dora"))["Anna Maria"] == "an"
    # „anna“ ist auch der ganze Name von Anna: „Anna Maria“ nennt der Anfang des zweiten Wortes
    assert kuerzel(("Anna Maria", "Anna", "Cem", "Dora")) == {
        "Anna Maria": "ma",
        "Anna": "anna",
        "Cem": "ce",
        "Dora": "do",
    }
    # zwei Sepps: der Anfang des Nachnamens; am Turniertisch die Startnummer, wo die kürzer ist
    assert kuerzel(("Sepp Huber", "Sepp Maier", "Anna", "Ben")) == {
        "Sepp Huber": "hu",
        "Sepp Maier": "ma",
        "Anna": "an",
        "Ben": "be",
    }


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


# ---------------------------------------------------------------- die Grammatik als Daten


def test_grammatik_fuer_die_seite_von_hand():
    """Was das Skript der Eingabeseite über die Zeile weiß – von Hand aus den Regeln von
    ``tisch`` (Kurzformen, Zusätze) und Schafkopf (Partei, Augen, Tout, Sie)."""
    g = grammatik()
    assert g["reihe"] == ["r", "w", "g", "solo", "fw", "fg", "ramsch", "b", "sb", "sf", "sm"]
    s = g["spiele"]
    assert s["solo"]["farben"] == {"e": "es", "g": "gs", "h": "hs", "s": "ss"}
    assert s["fw"]["farben"] == {"e": "fwe", "g": "fwg", "h": "fwh", "s": "fws"}
    assert s["fg"]["farben"] == {"e": "fge", "g": "fgg", "h": "fgh", "s": "fgs"}
    assert [w for w in g["reihe"][:8] if s[w]["farben"] is None] == ["r", "w", "g", "ramsch", "b"]
    # Rufspiel zu zweit, Ramsch ohne Partei (Verlierer), sonst einer allein
    assert {w: s[w]["partei"] for w in g["reihe"][:8]} == {
        "r": 2,
        "w": 1,
        "g": 1,
        "solo": 1,
        "fw": 1,
        "fg": 1,
        "ramsch": None,
        "b": 1,
    }
    assert [w for w in g["reihe"][:8] if s[w]["zahl"] == "augen"] == [
        "r",
        "w",
        "g",
        "solo",
        "fw",
        "fg",
    ]
    assert (s["b"]["zahl"], s["ramsch"]["zahl"]) == ("stiche", None)
    assert [w for w in g["reihe"][:8] if s[w]["tout"]] == ["w", "g", "solo", "fw", "fg"]
    assert [w for w in g["reihe"][:8] if s[w]["sie"]] == ["solo"]
    assert [w for w in g["reihe"] if s[w].get("ramsch")] == ["ramsch"]
    assert {w: s[w]["gruppe"] for w in ("sb", "sf", "sm")} == {
        "sb": "sabai",
        "sf": "saufn",
        "sm": "schlafmuetze",
    }
    assert g["farben"] == [["e", "Eichel"], ["g", "Gras"], ["h", "Herz"], ["s", "Schellen"]]
    assert g["zusaetze"] == {"laufende": "l", "klopfer": "k", "stoesse": "x"}
    assert g["schalter"] == {"schwarz": "schwarz", "tout": "tout", "sie": "sie", "kurz": "kurz"}
    assert g["augen"] == 120
    # Laufende höchstens so viele, wie es Trümpfe gibt (lange, kurze Karte): Ober, Unter und
    # sechs (kurz: vier) Herz; beim Wenz nur die vier Unter; beim Farbwenz Unter und sieben
    # (kurz: fünf) der Farbe. Geklopft wird von jedem der vier höchstens einmal.
    assert {w: s[w]["laufende"] for w in g["reihe"][:8]} == {
        "r": [14, 12],
        "w": [4, 4],
        "g": [4, 4],
        "solo": [14, 12],
        "fw": [11, 9],
        "fg": [11, 9],
        "ramsch": None,
        "b": None,
    }
    assert g["hoechstens"] == {"klopfer": 4, "stoesse": 10}
    assert g["tisch"]["ab"] == 6  # bei fünf am Abend setzt der Geber aus
    assert g["sabai"]["karten"] == [str(z) for z in range(15)] + ["J", "AJ"]
    assert (g["sabai"]["mindestens"], s["sf"]["plaetze"]) == (2, 3)


def test_woerter_der_grammatik_liest_tisch():
    """Die Wörter, die ``kurz`` nur in seinem Code kennt, stehen in den Daten so, wie der
    Parser sie liest."""
    g = grammatik()
    r, t, sb = g["ramsch"], g["tisch"], g["sabai"]
    assert kurz.lies(f"ramsch do {r['jungfrau']} be", VIER).jungfrauen == ("Ben",)
    assert kurz.lies(f"ramsch {r['durchmarsch']} ce", VIER).durchmarsch == "Cem"
    sechs = (*VIER, "Emil", "Franz")
    zeile = f"r an be 61 {t['zeichen']}" + t["trenner"].join(["an", "be", "em", "fr"])
    assert kurz.lies(zeile, sechs).tisch == ("Anna", "Ben", "Emil", "Franz")
    assert kurz.lies(f"sb an 3 {sb['trenner']} be {sb['letzte']}", VIER) == kurz.SabaiAngaben(
        (("Anna", "3"), ("Ben", "")), True
    )
    mit = kurz.lies(f"sm do {g['schlafmuetze']['mit']} an be do", VIER).spieler
    assert mit == ("Anna", "Ben", "Dora")
    z = g["zusaetze"]
    spiel = kurz.lies(f"w ce 61 {z['laufende']}3 {z['klopfer']}1 {z['stoesse']}2", VIER)
    assert (spiel.laufende, spiel.klopfer, spiel.stoesse) == (3, 1, 2)
    for wort in g["schalter"].values():
        assert getattr(kurz.lies(f"hs an 120 {wort}", VIER), wort) is True
    assert kurz.lies("sf an be ce", VIER).plaetze == ("Anna", "Ben", "Cem")
    with pytest.raises(Eingabefehler, match="Platz 1 bis 3"):
        kurz.lies("sf an be ce do", VIER)
