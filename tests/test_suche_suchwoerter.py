"""``referee.suche.suchwoerter``: aus einer Frage die gewichteten Suchwörter – Füllwörter weg,
Tippfehler berichtigt, Verbzusätze ans Verb, Komposita zerlegt, Absichten dazu."""

from __future__ import annotations

import pytest

from referee.errors import Eingabefehler
from referee.suche import antwort, index, suche
from referee.suche.konstanten import (
    GEWICHT_ABSICHT,
    GEWICHT_FRAGEWORT,
    GEWICHT_SCHWACH,
    GEWICHT_SPIELNAME,
    GEWICHT_TEIL,
)


def _woerter(frage: str) -> list[str]:
    return [s.wort for s in index()._suchwoerter(frage)[0]]


@pytest.mark.parametrize("frage", ["", "   ", "%%%", "?!", "…"])
def test_leere_oder_wortlose_frage_ist_eingabefehler(frage):
    with pytest.raises(Eingabefehler) as info:
        suche(frage)
    assert info.value.meldung.endswith('"') or info.value.meldung.endswith(".")


def test_nur_fuellwoerter_ist_eingabefehler():
    with pytest.raises(Eingabefehler, match="nur Füllwörter"):
        suche("Wie ist das denn?")


def test_trennbares_verb_wird_zusammengesetzt():
    liste, _ = index()._suchwoerter("Wer kommt raus nach dem Stich?")
    assert [s.wort for s in liste] == ["wer", "rauskommt", "stich"]  # „wer“ als Fragewort
    liste, _ = index()._suchwoerter("bei wem leg ich zuerst ab")
    assert [s.wort for s in liste] == ["wem", "ableg", "zuerst"]
    # „mitkommt“ gibt es im Korpus nicht: „kommt“ bleibt, „mit“ ist Füllwort
    liste, _ = index()._suchwoerter("wer kommt mit")
    assert [s.wort for s in liste] == ["wer", "kommt"]


def test_praeposition_vor_pronomen_ist_keine_vorsilbe():
    """„zahlt … an wen“: „an“ ist Präposition. Früher wurde daraus „anzahlt“ (Stamm wie
    „Anzahl“), und die Frage landete bei SAUFN-Kartenzahlen oder bei „Nichts Passendes“."""
    woerter = [s.wort for s in index()._suchwoerter("beim sauspiel zahlt wer an wen")[0]]
    assert "zahlt" in woerter and "anzahlt" not in woerter
    a = index().antwort("beim sauspiel zahlt wer an wen")
    assert a.treffer[0].abschnitt.id == "schafkopf.laufende"
    woerter = [s.wort for s in index()._suchwoerter("wer kommt an die Reihe")[0]]
    assert "ankommt" not in woerter


def test_spielname_als_ortsangabe_zaehlt_wenig():
    gewichte = {
        s.wort: s.gewicht for s in index()._suchwoerter("wieviel zahlt man beim Sauspiel")[0]
    }
    assert gewichte["sauspiel"] == GEWICHT_SPIELNAME
    gewichte = {s.wort: s.gewicht for s in index()._suchwoerter("Sauspiel und Rufspiel gleich?")[0]}
    assert gewichte["sauspiel"] == gewichte["rufspiel"] == 1.0


def test_kompositumteile_zaehlen_halb():
    gewichte = {s.wort: s.gewicht for s in index()._suchwoerter("Gras-Sau gesucht")[0]}
    assert gewichte == {"gras": GEWICHT_TEIL, "sau": GEWICHT_TEIL, "grassau": 1.0, "gesucht": 1.0}


def test_kurzes_unbekanntes_wort_wird_kein_fuellwort():
    """„Handy“ ist kein vertipptes „Hand“, „Bier“ kein vertipptes „hier“."""
    assert [s.wort for s in index()._suchwoerter("hast du mein handy gesehen")[0]] == [
        "handy",
        "gesehen",
    ]
    assert not any(t.abschnitt.id.startswith("saufn.") for t in antwort("handy").treffer)


@pytest.mark.parametrize(
    ("frage", "suchwoerter"),
    [
        ("Durfte der Kurt gestern davonlaufen?", ["davonlaufen"]),
        ("Hätte die Uschi vorhin die Sau zugeben müssen?", ["sau", "zugeben"]),
        (
            "Der Hias hat neulich einen Geier angesagt, was war da Trumpf?",
            ["geier", "angesagt", "trumpf"],
        ),
    ],
)
def test_namen_zeit_und_vergangenheit_sind_fuellwoerter(frage, suchwoerter):
    # am Tag danach fragt man zurück und nennt Mitspieler: das trägt keine Regel
    assert [s.wort for s in index()._suchwoerter(frage)[0]] == suchwoerter


def test_wer_gibt_ist_keine_fuellwortfrage():
    antwort("wer gibt")  # früher: „enthält nur Füllwörter“
    with pytest.raises(Eingabefehler):
        antwort("wer wann wo")


def test_gewichte_je_art_des_worts():
    """„wer“ Fragewort, „viele“ schwach, „sabai“ nur Spielname, dazu die Absicht #zahl."""
    liste, spiele = index()._suchwoerter("wer bekommt wie viele Karten bei sabai")
    gewichte = {s.wort: (s.gewicht, s.fragewort) for s in liste}
    assert gewichte["wer"] == (GEWICHT_FRAGEWORT, True)
    assert gewichte["viele"] == (GEWICHT_SCHWACH, False)
    assert gewichte["sabai"] == (GEWICHT_SPIELNAME, False)
    assert gewichte["#zahl"] == (GEWICHT_ABSICHT["#zahl"], True)
    assert spiele == {"sabai"}


def test_tippfehler_im_geruest_und_im_korpus():
    # vertipptes Zahlwort, vertippter Spielname
    assert "13" in _woerter("was macht die drizehn")
    assert index()._suchwoerter("wie viele karten beim saabi")[1] == {"sabai"}
    # ein Korpuswort mit genau einem möglichen Tippfehler
    assert "kriegt" in _woerter("was kreigt man fuer schneider")


def test_geldfrage_sucht_geld():
    assert "#geld" in _woerter("was kostet ein Wenz")
    assert "#geld" not in _woerter("was ist ein Wenz")
