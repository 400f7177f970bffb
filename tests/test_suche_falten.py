"""``referee.suche.falten``: Text falten, in Wörter zerlegen, Zahlwörter, Kartenkürzel,
Markierungen im Originaltext."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.suche import falten
from referee.suche.falten import falte, gekuerzt, karten_langform, markierungen, woerter, zahl


def test_doctests():
    ergebnis = doctest.testmod(falten)
    assert ergebnis.failed == 0 and ergebnis.attempted >= 6


def test_falte_umlaute_und_typografie():
    assert falte("Schlücke – „Ruf‑Sau“ −4 Straße ÄÖÜ") == 'schluecke - "ruf-sau" -4 strasse aeoeue'
    assert falte("Spass\u202fhaben") == "spass haben"
    assert falte("café") == "cafe"
    assert falte("u\u0308ber") == "ueber"  # zerlegtes ü


def test_woerter_komposita_und_apostroph():
    assert woerter("Ruf-Sau") == ["ruf", "sau", "rufsau"]
    assert woerter("1er-Karten +2") == ["1", "karten", "1karten", "plus2"]  # „Einser“, SAUFN-Karte
    assert woerter("gibt’s") == ["gibts"]
    assert woerter("%%% ??? …") == []


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_falte_ist_idempotent(text):
    einmal = falte(text)
    assert falte(einmal) == einmal
    assert not any(c in einmal for c in "äöüßÄÖÜ„“–−")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_woerter_sind_gefaltet_und_ascii_alnum(text):
    for w in woerter(text):
        assert w and w == falte(w) and w.isascii() and w.isalnum()


def test_gekuerzt():
    assert gekuerzt("kurz") == "kurz"
    assert gekuerzt("a\n b") == "a b"
    assert gekuerzt("x" * 100) == "x" * 60 + "…"


def test_markierungen_findet_originalwoerter():
    text = "Die Ruf-Sau zählt. Schlücke für alle, auch Herz-Ober."
    teile = [text[a:b] for a, b in markierungen(text, {"zaehlt", "schluecke", "ober", "rufsau"})]
    assert teile == ["Ruf-Sau", "zählt", "Schlücke", "Ober"]


@pytest.mark.parametrize(
    ("wort", "ziffern"),
    [
        ("dreizehn", "13"),
        ("vierzehn", "14"),
        ("elf", "11"),
        ("zwoelf", "12"),
        ("sechzig", "60"),
        ("einundsechzig", "61"),
        ("zwanzig", "20"),
        ("dritte", "3"),
        ("dritten", "3"),
        ("achten", "8"),
        ("erste", "1"),
        ("vierte", "4"),
        ("siebte", "7"),
        ("zwanzigste", "20"),
        ("dreizehner", "13"),
        ("einser", "1"),
        ("1er", "1"),
    ],
)
def test_zahlwoerter_werden_ziffern(wort, ziffern):
    assert zahl(wort) == ziffern


@pytest.mark.parametrize(("wort", "ziffern"), [("zweit", "2"), ("dritt", "3"), ("viert", "4")])
def test_zu_zweit_ist_eine_zahl(wort, ziffern):
    assert zahl(wort) == ziffern


@pytest.mark.parametrize("wort", ["einer", "ein", "unter", "ober", "achtung", "karte", "13"])
def test_keine_zahlwoerter(wort):
    assert zahl(wort) is None


def test_zahlwoerter_in_frage_und_text_gleich():
    assert woerter("die Dreizehn") == ["die", "13"]
    assert woerter("13 give") == ["13", "give"]
    assert woerter("Zwölf Spieler, der dritte Platz") == ["12", "spieler", "der", "3", "platz"]


@pytest.mark.parametrize(
    ("wort", "ziffern"),
    [
        ("neunzehnte", "19"),  # Ordnungszahl einer Grundzahl
        ("zweiundzwanzig", "22"),
        ("hundertzwanzig", "120"),  # die Augen eines ganzen Spiels
        ("vierziger", "40"),
        ("siebter", "7"),  # eigener Stamm (sieb-)
    ],
)
def test_weitere_zahlwoerter(wort, ziffern):
    assert zahl(wort) == ziffern


def test_kartenkuerzel_werden_langform():
    """Wie ``referee ruf --hand``: Farbe E/G/H/S, Schlag A/10/Z/K/O/U/9/8/7."""
    assert karten_langform("S7 und GA, dazu HK") == "Schellen-Sieben und Gras-Sau, dazu Herz-König"
    assert karten_langform("EZ") == "Eichel-Zehn"  # Z ist die Zehn
    # klein nur mit Ziffer: „ga“ bleibt ein Wort, „h10“ ist die Herz-Zehn
    assert karten_langform("ga und h10") == "ga und Herz-Zehn"
    assert woerter(karten_langform("HO")) == ["herz", "ober", "herzober"]


def test_komposita_mit_mehreren_teilen():
    assert woerter("Herz-Ober, Eichel-Unter") == [
        "herz",
        "ober",
        "herzober",
        "eichel",
        "unter",
        "eichelunter",
    ]
    assert woerter("„Schneider“ – 91 Augen") == ["schneider", "91", "augen"]


def test_markierung_eines_kompositumteils():
    text = "Wer die Herz-Sau hat, spielt mit."
    assert [text[a:b] for a, b in markierungen(text, {"sau"})] == ["Sau"]
    assert [text[a:b] for a, b in markierungen(text, {"herzsau", "spielt"})] == [
        "Herz-Sau",
        "spielt",
    ]
    assert falte("Straße") == "strasse"
