"""Karten, Blätter, Notation, Trumpfreihenfolgen und Stichsieger."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Mehrdeutig, UnbekannteKarte
from referee.schafkopf import karten as karten_modul
from referee.schafkopf import spielart as spielart_modul
from referee.schafkopf.karten import ALLE, Blatt, Farbe, Karte, Schlag, kurz, lang, parse_hand
from referee.schafkopf.spielart import Spiel, Spielart, stichsieger


def h(text: str) -> tuple[Karte, ...]:
    return parse_hand(text)


def test_blaetter_und_augen():
    assert len(lang) == 32 and len(set(lang)) == 32
    assert len(kurz) == 24
    assert not any(k.schlag in (Schlag.ACHT, Schlag.SIEBEN) for k in kurz)
    assert sum(k.augen for k in lang) == 120
    assert sum(k.augen for k in kurz) == 120
    assert Blatt.LANG.handgroesse == 8 and Blatt.KURZ.handgroesse == 6
    assert [ALLE[i].nr for i in range(32)] == list(range(32))


def test_augen_je_schlag():
    assert {s: s.augen for s in Schlag} == {
        Schlag.SAU: 11,
        Schlag.ZEHN: 10,
        Schlag.KOENIG: 4,
        Schlag.OBER: 3,
        Schlag.UNTER: 2,
        Schlag.NEUN: 0,
        Schlag.ACHT: 0,
        Schlag.SIEBEN: 0,
    }


@pytest.mark.parametrize("karte", lang, ids=str)
def test_rundreise_kurz_und_lang(karte):
    assert Karte.parse(str(karte)) is karte
    assert Karte.parse(str(karte).lower()) is karte
    assert Karte.parse(karte.lang_name) is karte
    assert Karte.parse(karte.lang_name.replace("-", " ").upper()) is karte


@pytest.mark.parametrize(
    "text,erwartet",
    [
        ("EO", "EO"),
        ("ga", "GA"),
        ("H10", "H10"),
        ("hz", "H10"),
        ("S7", "S7"),
        ("Eichel-Ober", "EO"),
        ("Gras Sau", "GA"),
        ("Herz-Zehn", "H10"),
        ("Schellen-Ass", "SA"),
        ("Grün-Unter", "GU"),
        ("Gruen Koenig", "GK"),
        ("Laub-Neun", "G9"),
        ("Blatt-Acht", "G8"),
        ("Schelle-Daus", "SA"),
        ("Eichel-König", "EK"),
    ],
)
def test_aliase(text, erwartet):
    assert str(Karte.parse(text)) == erwartet


def test_karte_gleichheit_und_hash():
    assert Karte(Farbe.HERZ, Schlag.ZEHN) == Karte.parse("HZ")
    assert hash(Karte(Farbe.HERZ, Schlag.ZEHN)) == hash(Karte.parse("H10"))
    assert Karte.parse("EO") != Karte.parse("GO")
    assert str(Karte(Farbe.GRAS, Schlag.SAU)) == "GA"
    assert Karte.parse("SK").lang_name == "Schellen-König"


def test_hand_mit_kommas_und_langformen():
    assert [str(k) for k in h("EO, GA  H10,S7 Gras Unter Herz-Neuner")[:4]] == [
        "EO",
        "GA",
        "H10",
        "S7",
    ]
    assert [str(k) for k in h("Eichel Ober, Schelle Sau")] == ["EO", "SA"]


def test_unbekannte_karte_nennt_token_position_und_formen():
    with pytest.raises(UnbekannteKarte) as e:
        parse_hand("EO GX H9")
    m = str(e.value)
    assert "„GX“ an Position 2" in m
    assert "EO, GA, H10" in m and m.endswith(".")


def test_ober_ohne_farbe_ist_mehrdeutig():
    with pytest.raises(Mehrdeutig) as e:
        Karte.parse("Ober")
    assert "Farbe fehlt" in str(e.value)


def test_mehrere_maengel_zusammen():
    with pytest.raises(Eingabefehler) as e:
        parse_hand("EO EO H9", anzahl=8)
    m = str(e.value)
    assert "Doppelte Karte: EO (Position 1 und 2)" in m
    assert "3 Karten statt 8" in m


def test_karte_nicht_im_kurzen_blatt():
    with pytest.raises(Eingabefehler) as e:
        parse_hand("EO GA H10 S7 E9 GK", deck="kurz", anzahl=6)
    assert "„S7“ an Position 4" in str(e.value) and "kurzen Blatt" in str(e.value)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(lang), min_size=1, max_size=8, unique=True),
    st.sampled_from([" ", ", ", ","]),
)
def test_hand_rundreise(karten, trenner):
    text = trenner.join(str(k) for k in karten)
    assert list(parse_hand(text, anzahl=len(karten))) == karten
    lang_text = trenner.join(k.lang_name for k in karten)
    assert list(parse_hand(lang_text)) == karten


# --- Spielarten -------------------------------------------------------


@pytest.mark.parametrize(
    "art,farbe,erwartet",
    [
        ("rufspiel", "schellen", "EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7"),
        ("ramsch", None, "EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7"),
        ("solo", "eichel", "EO GO HO SO EU GU HU SU EA E10 EK E9 E8 E7"),
        ("wenz", None, "EU GU HU SU"),
        ("farbwenz", "gras", "EU GU HU SU GA G10 GK GO G9 G8 G7"),
        ("geier", None, "EO GO HO SO"),
        ("farbgeier", "schellen", "EO GO HO SO SA S10 SK SU S9 S8 S7"),
        ("bettel", None, ""),
    ],
)
def test_trumpfreihenfolge(art, farbe, erwartet):
    spiel = Spiel.aus_text(art, farbe)
    assert " ".join(str(k) for k in spiel.truempfe()) == erwartet
    for k in lang:
        assert spiel.ist_trumpf(k) == (str(k) in erwartet.split())


def test_kurzes_blatt_truempfe():
    assert len(Spiel(Spielart.RUFSPIEL, Farbe.GRAS).truempfe("kurz")) == 12
    assert [str(k) for k in Spiel(Spielart.FARBWENZ, Farbe.HERZ).truempfe(Blatt.KURZ)] == [
        "EU",
        "GU",
        "HU",
        "SU",
        "HA",
        "H10",
        "HK",
        "HO",
        "H9",
    ]


def test_farbkarten_reihenfolge_wenz_und_bettel():
    wenz = Spiel(Spielart.WENZ)
    assert [str(k) for k in wenz.sortiert(h("E7 EO EA E9 EK E10 E8"))] == [
        "EA",
        "E10",
        "EK",
        "EO",
        "E9",
        "E8",
        "E7",
    ]
    bettel = Spiel(Spielart.BETTEL)
    assert [str(k) for k in bettel.sortiert(h("G10 GU GO GA GK G7"))] == [
        "GA",
        "GK",
        "GO",
        "GU",
        "G10",
        "G7",
    ]
    zehn_hoch = Spiel(Spielart.BETTEL, bettel_zehn_hoch=True)
    assert [str(k) for k in zehn_hoch.sortiert(h("G10 GU GO GA GK G7"))] == [
        "GA",
        "G10",
        "GK",
        "GO",
        "GU",
        "G7",
    ]


def test_farbe_im_spiel():
    s = Spiel(Spielart.RUFSPIEL, Farbe.GRAS)
    assert s.farbe_im_spiel(Karte.parse("GO")) is None  # Trumpf, nicht Gras
    assert s.farbe_im_spiel(Karte.parse("H7")) is None
    assert s.farbe_im_spiel(Karte.parse("G7")) is Farbe.GRAS
    assert Spiel(Spielart.WENZ).farbe_im_spiel(Karte.parse("GO")) is Farbe.GRAS
    assert s.rufsau == Karte.parse("GA")


@pytest.mark.parametrize(
    "art,farbe,stich,aus,sieger",
    [
        ("rufspiel", "gras", "GK G9 GA G7", 0, 2),  # höchste Gras
        ("rufspiel", "gras", "GK G9 H7 GA", 0, 2),  # Herz-Sieben sticht
        ("rufspiel", "gras", "GK SA E10 G7", 1, 1),  # abgeworfen zählt nicht
        ("rufspiel", "gras", "HU HO H10 SO", 3, 0),  # HO höchster Trumpf (Sitz 3+1)
        ("rufspiel", "gras", "GO G10 G9 GA", 0, 0),  # Ober ist Trumpf, nicht Gras
        ("wenz", None, "EO E9 EK HU", 2, 1),  # Unter sticht
        ("wenz", None, "EO E9 EK E10", 2, 1),  # Ober zwischen König und Neun
        ("geier", None, "SU SK S9 S8", 0, 1),  # Unter ist Farbe
        ("solo", "eichel", "E7 HA SU EO", 0, 3),
        ("bettel", None, "G10 GU GO G9", 0, 2),  # A K O U 10
    ],
)
def test_stichsieger(art, farbe, stich, aus, sieger):
    assert stichsieger(Spiel.aus_text(art, farbe), h(stich), ausspieler=aus) == sieger


def test_spiel_fehler():
    with pytest.raises(Eingabefehler, match="Herz-Sau ist Trumpf"):
        Spiel(Spielart.RUFSPIEL, Farbe.HERZ)
    with pytest.raises(Eingabefehler, match="fehlt die gerufene Sau"):
        Spiel(Spielart.RUFSPIEL)
    with pytest.raises(Eingabefehler, match="keine Farbe"):
        Spiel.aus_text("wenz", "gras")
    with pytest.raises(Eingabefehler, match="Unbekannte Spielart „schach“"):
        Spiel.aus_text("schach")
    assert Spiel.aus_text("Sauspiel", "Grün") == Spiel(Spielart.RUFSPIEL, Farbe.GRAS)


def test_doctests():
    for modul in (karten_modul, spielart_modul):
        ergebnis = doctest.testmod(modul)
        assert ergebnis.failed == 0 and ergebnis.attempted > 0


def test_import_ist_leicht():
    import subprocess
    import sys

    from conftest import ROOT, _env

    code = (
        "import sys, referee.schafkopf as s; s.Karte, s.erlaubte_karten; "
        "print(','.join(sorted(sys.modules)))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    geladen = set(r.stdout.strip().split(","))
    for schwer in ("referee.schafkopf.partie", "referee.schafkopf.abrechnung", "typer", "rich"):
        assert schwer not in geladen
    r = subprocess.run(
        [sys.executable, "-c", "import referee.schafkopf as s; print(s.partie_bericht.__name__)"],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    assert r.stdout.strip() == "partie_bericht"


def test_oeffentliche_api_mit_docstrings_und_doctests():
    """``from referee.schafkopf import …`` liefert die ganze Bibliothek, jede mit Docstring."""
    import importlib

    import referee.schafkopf as s

    for name in (
        "Karte",
        "parse_hand",
        "Spiel",
        "Spielart",
        "Farbe",
        "rufbare_saeue",
        "ruf_erlaubt",
        "pruefe_ruf",
        "erlaubte_karten",
        "pruefe_zug",
        "partie_bericht",
        "lies_partie",
        "abrechnen",
        "Fakten",
        "Abrechnung",
        "zahlungen",
        "tarif_laden",
        "Tarif",
    ):
        assert name in s.__all__, name
        assert (getattr(s, name).__doc__ or "").strip(), name
    for modul in (
        "referee.schafkopf",
        "referee.schafkopf.ruf",
        "referee.schafkopf.zug",
        "referee.schafkopf.abrechnung",
        "referee.schafkopf.tarif",
    ):
        ergebnis = doctest.testmod(importlib.import_module(modul))
        assert ergebnis.failed == 0 and ergebnis.attempted > 0, modul


@pytest.mark.parametrize(
    ("text", "farbe"),
    [
        ("Alte", Farbe.EICHEL),
        ("die Alte", Farbe.EICHEL),
        ("mit der Blauen", Farbe.GRAS),
        ("Blaue", Farbe.GRAS),
        ("Bumbs", Farbe.SCHELLEN),
        ("die Hundsgfickte", Farbe.SCHELLEN),
        ("Gras-Sau", Farbe.GRAS),
        ("SA", Farbe.SCHELLEN),
        ("blau", Farbe.GRAS),
        ("Rot", Farbe.HERZ),
        ("Eichl", Farbe.EICHEL),
        ("Schelln", Farbe.SCHELLEN),
    ],
)
def test_saunamen_am_tisch(text, farbe):
    assert Farbe.parse(text) is farbe


def test_saunamen_als_karten_und_keine_falschen_treffer():
    assert [str(k) for k in parse_hand("Alte, Blaue Bumbs Blau-Zehn Rot-Ober")] == [
        "EA",
        "GA",
        "SA",
        "G10",
        "HO",
    ]
    for falsch in ("GO", "Ober", "die Rote", "Dora"):
        with pytest.raises(Eingabefehler, match="Unbekannte Farbe"):
            Farbe.parse(falsch)


@pytest.mark.parametrize(
    ("text", "art", "farbe"),
    [
        ("Herz-Solo", Spielart.SOLO, Farbe.HERZ),
        ("Schellsolo", Spielart.SOLO, Farbe.SCHELLEN),
        ("Eichel-Wenz", Spielart.FARBWENZ, Farbe.EICHEL),
        ("Gras Geier", Spielart.FARBGEIER, Farbe.GRAS),
    ],
)
def test_farbspiele_wie_angesagt(text, art, farbe):
    assert Spiel.aus_text(text) == Spiel(art, farbe)


def test_cli_abrechnung_versteht_herz_solo():
    from conftest import cli_im_prozess

    r = cli_im_prozess("schafkopf", "abrechnung", "Herz-Solo", "--augen", "61", "--json")
    assert r.returncode == 0, r.stderr
    assert '"spielart": "solo"' in r.stdout and '"spieler": 150' in r.stdout


def test_farbe_ohne_schlag_ist_mehrdeutig_exit_2():
    """„EO Gras“: die Farbe ohne Schlag – Mehrdeutig mit Beispiel, nie ein interner Fehler."""
    from conftest import cli_im_prozess

    with pytest.raises(Mehrdeutig, match="„Gras“ ist mehrdeutig: Der Schlag fehlt .z. B. GA"):
        Karte.parse("Gras")
    with pytest.raises(
        Eingabefehler, match="„Gras“ an Position 2 ist mehrdeutig: Der Schlag fehlt"
    ):
        parse_hand("EO Gras")
    r = cli_im_prozess("ruf", "--hand", "EO Gras")
    assert r.returncode == 2 and r.stdout == ""
    assert "Der Schlag fehlt (z. B. GA oder Gras-Sau)" in r.stderr
    assert "Interner Fehler" not in r.stderr and "Error" not in r.stderr


@pytest.mark.parametrize(
    "text,vorschlag",
    [("rufspeil", "rufspiel"), ("wnez", "wenz"), ("herz-sol", "herz-solo"), ("Bettl", "bettel")],
)
def test_tippfehler_in_der_spielart_bekommt_einen_vorschlag(text, vorschlag):
    from referee.schafkopf.spielart import parse_ansage

    with pytest.raises(Eingabefehler, match=f"Meintest du „{vorschlag}“\\?$"):
        parse_ansage(text)
    with pytest.raises(Eingabefehler, match=f"Meintest du „{vorschlag}“"):
        Spielart.parse(text)


def test_ansage_behaelt_die_farbe():
    from referee.schafkopf.spielart import Ansage, parse_ansage

    a = parse_ansage("herz-solo")
    assert a == Ansage(Spielart.SOLO, Farbe.HERZ)
    assert a.name_de == "Herz-Solo" and a.wort == "herz-solo"
    assert parse_ansage("Eichel-Wenz").name_de == "Eichel-Wenz"
    assert parse_ansage("gras-geier").wort == "gras-geier"
    assert parse_ansage("wenz").name_de == "Wenz" and parse_ansage("wenz").farbe is None
    assert Spiel.aus_text("herz-solo").beschreibung == "Herz-Solo"
