"""Kurzeingaben (referee.eingabe.kurz): Zeile → getypte Eingabe des Spiels, als Tabellen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.eingabe.kurz import (
    Befehl,
    Korrektur,
    SabaiAngaben,
    SaufnAngaben,
    SchafkopfAngaben,
    SchlafmuetzeAngaben,
    Sitzung,
    lies,
    spieler_aufloesen,
)
from referee.errors import Eingabefehler, Mehrdeutig
from referee.schafkopf.karten import Farbe
from referee.schafkopf.spielart import Spielart

ABEND = ("Anna", "Ben", "Cem", "Dora")
BEFEHLE = {"stand", "verlauf", "frage", "ruf", "schafkopf", "sabai", "korrektur", "export"}

R = Spielart.RUFSPIEL

SCHAFKOPF = [
    ("r an be 71 l3", SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71, laufende=3)),
    ("r an be 71 3l", SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71, laufende=3)),
    ("r 71 l3 an be", SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71, laufende=3)),
    ("R AN+BE 71", SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71)),
    (
        "rufspiel anna ben 0 schwarz",
        SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=0, schwarz=True),
    ),
    ("w cem 45 k1", SchafkopfAngaben(Spielart.WENZ, partei=("Cem",), augen=45, klopfer=1)),
    (
        "w cem 45 1k x2",
        SchafkopfAngaben(Spielart.WENZ, partei=("Cem",), augen=45, klopfer=1, stoesse=2),
    ),
    (
        "w cem 45 k x",
        SchafkopfAngaben(Spielart.WENZ, partei=("Cem",), augen=45, klopfer=1, stoesse=1),
    ),
    ("g do 61", SchafkopfAngaben(Spielart.GEIER, partei=("Dora",), augen=61)),
    ("fwe an 70", SchafkopfAngaben(Spielart.FARBWENZ, Farbe.EICHEL, ("Anna",), augen=70)),
    (
        "fgh be 30 l2",
        SchafkopfAngaben(Spielart.FARBGEIER, Farbe.HERZ, ("Ben",), augen=30, laufende=2),
    ),
    ("hs dora 95", SchafkopfAngaben(Spielart.SOLO, Farbe.HERZ, ("Dora",), augen=95)),
    (
        "es an 120 tout",
        SchafkopfAngaben(Spielart.SOLO, Farbe.EICHEL, ("Anna",), augen=120, tout=True),
    ),
    ("gs be 61", SchafkopfAngaben(Spielart.SOLO, Farbe.GRAS, ("Ben",), augen=61)),
    (
        "ss cem 90 sie",
        SchafkopfAngaben(Spielart.SOLO, Farbe.SCHELLEN, ("Cem",), augen=90, sie=True),
    ),
    ("herz-solo do 80", SchafkopfAngaben(Spielart.SOLO, Farbe.HERZ, ("Dora",), augen=80)),
    ("w cem 70 st6", SchafkopfAngaben(Spielart.WENZ, partei=("Cem",), augen=70, stiche=6)),
    ("w cem 70 kurz", SchafkopfAngaben(Spielart.WENZ, partei=("Cem",), augen=70, kurz=True)),
    ("bettel ben 0", SchafkopfAngaben(Spielart.BETTEL, partei=("Ben",), stiche=0)),
    ("b an 2", SchafkopfAngaben(Spielart.BETTEL, partei=("Anna",), stiche=2)),
    ("ramsch dora j ben", SchafkopfAngaben(Spielart.RAMSCH, partei=("Dora",), jungfrauen=("Ben",))),
    (
        "ramsch dora j ben cem",
        SchafkopfAngaben(Spielart.RAMSCH, partei=("Dora",), jungfrauen=("Ben", "Cem")),
    ),
    ("ramsch dm cem", SchafkopfAngaben(Spielart.RAMSCH, durchmarsch="Cem")),
    ("ra an+be k1", SchafkopfAngaben(Spielart.RAMSCH, partei=("Anna", "Ben"), klopfer=1)),
    (
        "r an be 71 @an+be+cem+do",
        SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71, tisch=("Anna", "Ben", "Cem", "Dora")),
    ),
]


@pytest.mark.parametrize(("zeile", "erwartet"), SCHAFKOPF)
def test_schafkopf_kurzformen(zeile, erwartet):
    assert lies(zeile, ABEND, BEFEHLE) == erwartet


@pytest.mark.parametrize(
    ("kurz", "ansage", "name"),
    [
        ("hs do 80", "herz-solo", "Herz-Solo"),
        ("fwg do 80", "gras-wenz", "Gras-Wenz"),
        ("fgs do 80", "schellen-geier", "Schellen-Geier"),
        ("w do 80", "wenz", "Wenz"),
    ],
)
def test_farbe_bleibt_im_namen(kurz, ansage, name):
    s = lies(kurz, ABEND)
    assert isinstance(s, SchafkopfAngaben)
    assert (s.ansage.wort, s.name) == (ansage, name)


ANDERE = [
    (
        "sb an 3 7 J / be AJ 2 / cem / do 14 0",
        SabaiAngaben((("Anna", "3 7 J"), ("Ben", "AJ 2"), ("Cem", ""), ("Dora", "14 0"))),
    ),
    ("sb an 1 / be / cem 4 letzte", SabaiAngaben((("Anna", "1"), ("Ben", ""), ("Cem", "4")), True)),
    ("sf cem an be", SaufnAngaben(("Cem", "Anna", "Ben"))),
    ("sf dora", SaufnAngaben(("Dora",))),
    ("sm dora", SchlafmuetzeAngaben("Dora")),
    ("sm dora mit an be do", SchlafmuetzeAngaben("Dora", ("Anna", "Ben", "Dora"))),
    ("#12 r an be 61", Korrektur(12, SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=61))),
    ("#3 sf be an cem", Korrektur(3, SaufnAngaben(("Ben", "Anna", "Cem")))),
    ("u", Sitzung("rueckgaengig")),
    ("q", Sitzung("ende")),
    ("hilfe", Sitzung("hilfe")),
    ("live", Sitzung("live")),
    ("?davonlaufen", Befehl(("frage", "davonlaufen"))),
    ("? wer muss ausspielen", Befehl(("frage", "wer muss ausspielen"))),
    ("stand", Befehl(("stand",))),
    # wie in den Hinweisen der Befehle („Rückgängig: referee rueckgaengig“)
    ("referee stand", Befehl(("stand",))),
    ("referee u", Sitzung("rueckgaengig")),
    ("Referee r an be 71", SchafkopfAngaben(R, partei=("Anna", "Ben"), augen=71)),
    (
        'ruf --hand "EO GU H9 G10 G7 S8 SK EA"',
        Befehl(("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA")),
    ),
    ('sabai runde Anna="3 7 J" Ben=', Befehl(("sabai", "runde", "Anna=3 7 J", "Ben="))),
    (
        "korrektur 12 rufspiel Anna+Ben --augen 61",
        Befehl(("korrektur", "12", "rufspiel", "Anna+Ben", "--augen", "61")),
    ),
    ("", None),
    ("   ", None),
]


@pytest.mark.parametrize(("zeile", "erwartet"), ANDERE)
def test_andere_zeilen(zeile, erwartet):
    assert lies(zeile, ABEND, BEFEHLE) == erwartet


FEHLER = [
    ("r an 71", "Rufspiel: zwei Spieler"),
    ("w an be 71", "Wenz: genau ein Spieler, angegeben: 2 (Anna+Ben)"),
    ("r an an 71", "Ein Spieler doppelt"),
    ("r an be 121", "„121“: Augen gehen von 0 bis 120."),
    ("r an be 71 60", "Zwei Zahlen ohne Zusatz"),
    ("r an be 71 l3 l2", "Laufende doppelt angegeben („l2“)"),
    ("b an 9", "Stiche gehen von 0 bis 8"),
    ("r an xaver 71", "„xaver“ spielt an diesem Abend nicht mit."),
    ("r an bn 71", "Meintest du „Ben“?"),
    ("rufspeil an be 71", "Meintest du „rufspiel“?"),
    ("stnad", "Meintest du „stand“?"),
    ("ramsch dm", "Nach „dm“ fehlt"),
    ("sb an 3 / / be 2", "sabai: je Spieler Name und Karten"),
    ("sb an 3 / an 2", "sabai: Anna doppelt."),
    ("sf", "SAUFN: Platz 1 bis 3 nennen, angegeben: 0"),
    ("sf an be cem do", "angegeben: 4"),
    ("sm", "Schlafmütze: genau einen Sieger"),
    ("#x r an be 61", "Form: #NR"),
    ("r an be 71 @an+be+cem", "der Tisch sind vier verschiedene Spieler"),
    ('ruf --hand "EO', "Anführungszeichen nicht geschlossen"),
]


@pytest.mark.parametrize(("zeile", "teil"), FEHLER)
def test_fehler_nennen_das_token(zeile, teil):
    with pytest.raises(Eingabefehler) as e:
        lies(zeile, ABEND, BEFEHLE)
    assert teil in e.value.meldung


def test_mehrdeutig_wird_gefragt_nie_geraten():
    spieler = ("Anna", "Ben", "Berta", "Cem")
    with pytest.raises(Mehrdeutig) as e:
        lies("r an b 71", spieler)
    assert e.value.meldung == "„b“: Ben oder Berta?"
    # der ganze Name ist eindeutig, auch wenn er Anfang eines anderen ist
    assert spieler_aufloesen("ben", spieler) == "Ben"
    assert spieler_aufloesen("BER", spieler) == "Berta"
    with pytest.raises(Mehrdeutig) as e:
        spieler_aufloesen("a", ("Anna", "Anton", "Axel"))
    assert e.value.meldung == "„a“: Anna, Anton oder Axel?"


def test_zusaetze_gehen_vor_namensanfaengen():
    # „sie“ ist der Zusatz Sie, nicht der Anfang von Siegfried (Hilfe sagt es)
    s = lies("w sieg 70 sie", ("Anna", "Siegfried", "Cem", "Dora"))
    assert isinstance(s, SchafkopfAngaben)
    assert (s.partei, s.sie) == (("Siegfried",), True)


def test_befehle_gehen_vor_kurzformen():
    # „stand“ ist ein Befehl, auch wenn es „Standa“ am Tisch gäbe
    assert lies("stand", ("Anna", "Standa"), {"stand"}) == Befehl(("stand",))


def test_steuerzeichen_werden_entfernt_und_lange_zeilen_abgelehnt():
    assert lies("r an\x1b be 71\x07", ABEND) == SchafkopfAngaben(
        R, partei=("Anna", "Ben"), augen=71
    )
    with pytest.raises(Eingabefehler, match="zu lang"):
        lies("r " + "an " * 1000, ABEND)


@given(st.text(max_size=60))
def test_jede_zeile_ist_eingabe_oder_eingabefehler(zeile):
    try:
        lies(zeile, ABEND, BEFEHLE)
    except Eingabefehler as e:
        assert e.meldung and "Traceback" not in e.meldung


@given(
    st.sampled_from(["r an be", "w cem", "hs do", "g be"]),
    st.integers(0, 120),
    st.integers(0, 8),
    st.integers(0, 4),
)
def test_zusaetze_in_jeder_reihenfolge(kopf, augen, laufende, klopfer):
    teile = [str(augen), f"l{laufende}", f"{klopfer}k"]
    a = lies(" ".join([kopf, *teile]), ABEND)
    b = lies(" ".join([kopf, *reversed(teile)]), ABEND)
    assert a == b
    assert isinstance(a, SchafkopfAngaben)
    assert (a.augen, a.laufende, a.klopfer) == (augen, laufende, klopfer)
