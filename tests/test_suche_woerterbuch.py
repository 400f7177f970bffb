"""``referee.suche.woerterbuch``: die Wortlisten aus ``data/`` (Füllwörter, Synonyme,
Spielnamen, Mundart, fremde Spiele)."""

from __future__ import annotations

import doctest

import pytest

from referee.errors import Eingabefehler
from referee.suche import woerterbuch
from referee.suche.woerterbuch import (
    fremde_spiele,
    mundart,
    spiel_kuerzel,
    spielnamen,
    staemme,
    stoppwoerter,
    synonyme,
)


def test_doctests():
    ergebnis = doctest.testmod(woerterbuch)
    assert ergebnis.failed == 0 and ergebnis.attempted >= 2


def test_synonyme_aus_datei():
    assert "stoss" in synonyme("Kontra")
    assert "sau" in synonyme("Ass")
    assert "rufspiel" in synonyme("Sauspiel")
    assert "bedienpflicht" in synonyme("Farbzwang")
    assert synonyme("Quatschwort") == frozenset()


@pytest.mark.parametrize(
    ("eingabe", "kuerzel"),
    [
        ("schafkopf", "schafkopf"),
        ("Sauspiel", "schafkopf"),
        ("rufspiel", "schafkopf"),
        ("sabai", "sabai"),
        ("sabai-sabai", "sabai"),
        ("Sabai Sabai", "sabai"),
        ("saufn", "saufn"),
        ("SAUFN", "saufn"),
        ("schlafmuetze", "schlafmuetze"),
        ("Schlafmütze", "schlafmuetze"),
    ],
)
def test_spiel_aliase(eingabe, kuerzel):
    assert spiel_kuerzel(eingabe) == kuerzel


def test_unbekanntes_spiel_nennt_erlaubte():
    with pytest.raises(Eingabefehler, match=r"„Doppelkopf“.*schafkopf, sabai, saufn, schlafmuetze"):
        spiel_kuerzel("Doppelkopf")


def test_fuellwoerter_ohne_regelbedeutung():
    """Wörter mit Regelbedeutung (nicht, kein, zuerst, letzte) sind nie Füllwörter."""
    stopp = stoppwoerter()
    assert {"der", "die", "das", "mal"} <= stopp
    assert not {"nicht", "kein", "zuerst", "letzte", "trumpf", "sau"} & stopp


def test_mundart_in_schriftform():
    assert mundart()["koa"] == ["kein"]
    assert mundart()["gibts"] == ["gibt", "es"]  # ein Mundartwort, zwei Wörter


def test_spielnamen_und_fremde_spiele_getrennt():
    assert spielnamen()["sauspiel"] == "schafkopf"
    assert spielnamen()["sabaisabai"] == "sabai"  # auch ohne Bindestrich
    assert {"doppelkopf", "skat", "uno"} <= fremde_spiele()
    assert not fremde_spiele() & set(spielnamen())


def test_titelstaemme_mit_synonym_vertreter():
    """Kontra und Stoß haben einen Vertreter; die Endung fällt, der Stamm behält drei
    Buchstaben."""
    assert staemme(["kontra"]) == staemme(["stoss"])
    assert staemme(["welches", "karten"]) == ["welch", "kart"]
    assert staemme(["ass"]) == staemme(["sau"])
    assert synonyme("Stoß") == synonyme("stoss")
