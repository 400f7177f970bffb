"""``referee.suche.wortformen``: Vorsilben, Ablaut starker Verben, grober Stamm."""

from __future__ import annotations

import doctest

import pytest

from referee.suche import wortformen
from referee.suche.wortformen import VORSILBEN, grundform, stamm


def test_doctests():
    ergebnis = doctest.testmod(wortformen)
    assert ergebnis.failed == 0 and ergebnis.attempted >= 3


@pytest.mark.parametrize(
    ("wort", "erwartet"),
    [
        ("angeschaut", "anschau"),
        ("anschauen", "anschau"),
        ("gelegt", "leg"),
        ("legen", "leg"),
        ("abzulegen", "ableg"),
        ("gesucht", "such"),
        ("suchen", "such"),
        ("verteilung", "verteil"),
        ("geben", "geb"),
        ("zugstapel", "zugstapel"),
        ("spieler", "spieler"),
        ("14", "14"),
        ("ass", "ass"),
    ],
)
def test_stamm(wort, erwartet):
    assert stamm(wort) == erwartet


@pytest.mark.parametrize(
    ("form", "grund"),
    [
        ("genannt", "nennen"),
        ("nannte", "nennen"),
        ("gezogen", "ziehen"),
        ("gezogene", "ziehen"),
        ("abgeworfen", "abwerfen"),
        ("wirft", "werfen"),
        ("sticht", "stechen"),
        ("laeuft", "laufen"),
        ("gewonnen", "gewinnen"),
        ("lage", "lage"),  # ein Nomen, kein gebeugtes Partizip
        ("karte", "karte"),
    ],
)
def test_ablaut_starker_verben(form, grund):
    assert grundform(form) == grund


def test_ablaut_gleicher_stamm():
    assert stamm("genannt") == stamm("nennt") == stamm("nennen")
    assert stamm("abgeworfen") == stamm("abwerfen")


@pytest.mark.parametrize(
    ("formen", "gemeinsam"),
    [
        (("gespielt", "spielen", "spielt"), "spiel"),  # ge- und Endung ab
        (("ausgespielt", "ausspielen"), "ausspiel"),  # Vorsilbe + ge
        (("angesagt", "ansagen"), "ansag"),
        (("gestochen", "stechen", "sticht"), "stech"),  # Ablaut
    ],
)
def test_formen_eines_verbs_haben_einen_stamm(formen, gemeinsam):
    assert {stamm(f) for f in formen} == {gemeinsam}


def test_vorsilbe_vor_ablaut_bleibt():
    assert grundform("mitgenommen") == "mitnehmen"
    assert grundform("abgestochen") == "abstechen"


def test_laengere_vorsilben_stehen_vor_ihren_anfaengen():
    """„zurueck“ vor „zu“, „rein“/„raus“ vor einem kürzeren Anfang: der Einschub-Ausdruck
    nimmt die erste passende Vorsilbe."""
    assert VORSILBEN.index("zurueck") < VORSILBEN.index("zu")
    assert VORSILBEN.index("zusammen") < VORSILBEN.index("zu")
