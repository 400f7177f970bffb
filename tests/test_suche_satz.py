"""``referee.suche.satz``: eine Frage in Wörter zerlegen – Mundart, Fragewörter, Absicht,
Gerüst, Ortsangaben, fremde Spiele."""

from __future__ import annotations

import doctest

import pytest

from referee.suche import satz
from referee.suche.satz import (
    ABSICHT_IN_FRAGE,
    FRAGEWOERTER,
    absicht_im_text,
    betragsfrage,
    frage_woerter,
    fremdes_spiel,
    geruest_menge,
    inhaltswoerter,
    nomen_nach_artikel,
    nur_ortsangabe,
    verb_mit_partikel,
)


def test_doctests():
    ergebnis = doctest.testmod(satz)
    assert ergebnis.failed == 0 and ergebnis.attempted >= 1


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        ("koa sau", ["kein", "sau"]),
        ("hob i", ["hab", "ich"]),
        ("mogst", ["magst"]),
        ("gibts trumpf", ["gibt", "es", "trumpf"]),
        ("wer gibt", ["wer", "geben"]),
        ("was gibt es", ["was", "gibt", "es"]),
    ],
)
def test_mundart_in_schriftform(frage, erwartet):
    assert frage_woerter(frage) == erwartet


def test_a_ist_artikel_der_mundart_ausser_beim_buchstaben():
    assert frage_woerter("wos is a wenz") == ["was", "ist", "ein", "wenz"]
    # SAUFN kennt die Karte „A“: „auf ein A“ bleibt der Buchstabe
    assert frage_woerter("darf ich bei saufn auf a legen")[-2:] == ["a", "legen"]


@pytest.mark.parametrize(
    ("frage", "fremd"),
    [
        ("Wie viele Karten hat man beim Doppelkopf?", True),
        ("wie geht skat", True),
        ("Ist das wie beim Skat?", False),  # nur ein Vergleich
        ("Gibt es im Gegensatz zum Doppelkopf eine Hochzeit?", False),
        ("Wer gibt beim Sauspiel?", False),
    ],
)
def test_fremdes_spiel_oder_nur_vergleich(frage, fremd):
    assert fremdes_spiel(frage) is fremd


def test_ortsangabe_und_nomen_nach_artikel():
    roh = frage_woerter("was zahlt man beim Sauspiel")
    assert nur_ortsangabe(roh, roh.index("sauspiel"))
    roh = frage_woerter("Sauspiel oder Solo")
    assert not nur_ortsangabe(roh, 0)
    roh = frage_woerter("was kostet ein Sie")
    assert nomen_nach_artikel(roh, roh.index("sie"))
    roh = frage_woerter("haben sie gestochen")
    assert not nomen_nach_artikel(roh, roh.index("sie"))


def test_inhaltswoerter_ohne_fuellwort_und_ortsangabe():
    """„darf“, „ich“, „die“ sind Füllwörter, „beim Sauspiel“ nur Ortsangabe."""
    roh = frage_woerter("darf ich beim Sauspiel die Sau schmieren")
    assert inhaltswoerter(roh) == ["sau", "schmieren"]
    # ohne „beim“ ist das Sauspiel selbst gemeint
    assert inhaltswoerter(frage_woerter("Sauspiel oder Solo")) == ["sauspiel", "solo"]


def test_absicht_geld_und_zahl():
    assert ABSICHT_IN_FRAGE["kostet"] == "#geld"
    assert ABSICHT_IN_FRAGE["wieviele"] == "#zahl"
    # im Text: eine Zahl beantwortet „wie viele“, ein Preis nur in einer Konvention
    assert absicht_im_text("61", "regel") == "#zahl"
    assert absicht_im_text("grundpreis", "konvention") == "#geld"
    assert absicht_im_text("grundpreis", "regel") is None


def test_geruest_traegt_die_frage_ohne_regelbegriff():
    geruest = geruest_menge()
    assert {"viele", "wer", "sabai", "dreizehn", "koa", "raus"} <= geruest
    assert geruest >= FRAGEWOERTER
    assert not {"trumpf", "davonlaufen", "joker"} & geruest


def test_verb_mit_partikel_nur_am_satzende():
    assert "zusammenspielt" in verb_mit_partikel(frage_woerter("wer spielt zusammen"))
    assert verb_mit_partikel(frage_woerter("wer kommt nach dem Stich")) == []


@pytest.mark.parametrize(
    ("frage", "betrag"),
    [
        ("was kostet ein wenz", True),
        ("wie viel geld kriegt man fürs rufspiel", True),
        ("wie teuer ist der schneider", True),
        ("verdoppelt ein stoss den preis", True),
        ("wer zahlt beim sauspiel an wen", False),  # wer an wen: das sagt der Text
        ("wie viele karten bekommt jeder", False),  # eine Anzahl, kein Geld
        ("wie viele gewinner gibt es und wer zahlt an wen", False),
    ],
)
def test_betragsfrage(frage, betrag):
    assert betragsfrage(frage_woerter(frage)) is betrag
