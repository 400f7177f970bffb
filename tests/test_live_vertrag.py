"""Der JSON-Vertrag der Eingabeseite (``referee.live.vertrag``) ohne Server: wie eine Anfrage
gelesen wird und welche Form jede Antwort und jedes Ereignis hat – beim Abend und am
Turniertisch, erwartet von Hand (dieselben Formen prüfen die API-Tests über echtes HTTP)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from referee.live.vertrag import (
    ANFRAGEN,
    Anfragefehler,
    Anhang,
    Doppelt,
    Eingabedaten,
    Eingetragen,
    Eintragsanfrage,
    Ereignis,
    Konflikt,
    Korrekturanfrage,
    Listeneintrag,
    Mitspieler,
    Rueckgaengiganfrage,
    Sitz,
    Storniert,
    Tischangaben,
    Vorschau,
    Vorschauanfrage,
    lies_anfrage,
)

ABEND = frozenset({"spiel_nr"})  # was eine Anfrage an den Abend nicht kennt
TISCH = frozenset({"trotzdem"})  # … und an einen Turniertisch


@dataclass(frozen=True)
class Stand:
    """Ein Stand, wie das Buch ihn als JSON schreibt (hier nur ein Wert)."""

    anna: int

    def als_json(self) -> dict[str, Any]:
        return {"schafkopf": {"Anna": self.anna}}


def test_die_vier_pfade():
    assert {
        "vorschau": Vorschauanfrage,
        "eintrag": Eintragsanfrage,
        "rueckgaengig": Rueckgaengiganfrage,
        "korrektur": Korrekturanfrage,
    } == ANFRAGEN


def test_anfragen_lesen():
    assert lies_anfrage(Vorschauanfrage, {"zeile": "r an be 71"}, ABEND) == Vorschauanfrage(
        "r an be 71"
    )
    # Steuerzeichen und Leerraum am Rand fallen weg
    gelesen = lies_anfrage(
        Eintragsanfrage, {"zeile": " w cem\x07 45 ", "schluessel": "k-1", "trotzdem": True}, ABEND
    )
    assert gelesen == Eintragsanfrage("w cem 45", "k-1", trotzdem=True)
    am_tisch = lies_anfrage(
        Eintragsanfrage, {"zeile": "r", "schluessel": "k", "spiel_nr": 3}, TISCH
    )
    assert am_tisch == Eintragsanfrage("r", "k", spiel_nr=3)
    assert lies_anfrage(Korrekturanfrage, {"eintrag": 2**53, "zeile": "x", "schluessel": "k"}) == (
        Korrekturanfrage(2**53, "x", "k")
    )


@pytest.mark.parametrize(
    ("art", "daten", "ohne", "meldung"),
    [
        (Vorschauanfrage, ["r an be 71"], ABEND, "Die Anfrage ist kein JSON-Objekt."),
        (Vorschauanfrage, {}, ABEND, "Es fehlt das Feld „zeile“."),
        # spiel_nr gibt es nur am Turniertisch, trotzdem nur beim Abend
        (
            Eintragsanfrage,
            {"zeile": "r", "schluessel": "k", "spiel_nr": 1},
            ABEND,
            "Unbekanntes Feld „spiel_nr“; eintrag kennt: zeile, schluessel, trotzdem.",
        ),
        (
            Eintragsanfrage,
            {"zeile": "r", "schluessel": "k", "trotzdem": True},
            TISCH,
            "Unbekanntes Feld „trotzdem“; eintrag kennt: zeile, schluessel, spiel_nr.",
        ),
        (
            Rueckgaengiganfrage,
            {"eintrag": 1, "schluessel": "k", "b": 1, "a": 2},
            ABEND,
            "Unbekanntes Feld „a“; rueckgaengig kennt: eintrag, schluessel.",
        ),
        (
            Rueckgaengiganfrage,
            {"eintrag": True, "schluessel": "k"},
            ABEND,
            "Das Feld „eintrag“ muss eine ganze Zahl sein, nicht true.",
        ),
        (
            Rueckgaengiganfrage,
            {"eintrag": 0, "schluessel": "k"},
            ABEND,
            "Das Feld „eintrag“ zählt ab 1; eine Nummer 0 gibt es nicht.",
        ),
        (
            Rueckgaengiganfrage,
            {"eintrag": -1, "schluessel": "k"},
            ABEND,
            "Das Feld „eintrag“ ist eine Nummer ab 1, keine negative Zahl.",
        ),
        (
            Rueckgaengiganfrage,
            {"eintrag": 2**53 + 1, "schluessel": "k"},
            ABEND,
            "Das Feld „eintrag“ ist zu groß für eine Nummer (höchstens 2^53).",
        ),
        (
            Vorschauanfrage,
            {"zeile": 71},
            ABEND,
            "Das Feld „zeile“ muss Text sein, nicht die Zahl 71.",
        ),
        (
            Eintragsanfrage,
            {"zeile": "r", "schluessel": "k", "trotzdem": 1},
            ABEND,
            "Das Feld „trotzdem“ muss true oder false sein, nicht die Zahl 1.",
        ),
        (
            Vorschauanfrage,
            {"zeile": "r " * 251},
            ABEND,
            "Das Feld „zeile“ ist zu lang (501 Zeichen, höchstens 500).",
        ),
    ],
)
def test_kaputte_anfragen(art, daten, ohne, meldung):
    with pytest.raises(Anfragefehler) as fehler:
        lies_anfrage(art, daten, ohne)
    assert fehler.value.status == 400 and meldung in fehler.value.meldung


def test_antworten_beim_abend_und_am_tisch():
    anzeige = (("Anna", "+0,20 €", "plus"), ("Ben", "-0,20 €", "minus"))
    v = Vorschau("Rufspiel", "20 ct", anzeige, None, 3, Stand(20))
    # die Einzelheiten der Quelle zuerst, die gemeinsamen Felder darüber
    assert v.als_json() == {
        "vorschau": {
            "schafkopf": {"Anna": 20},
            "text": "Rufspiel",
            "erklaerung": "20 ct",
            "anzeige": [["Anna", "+0,20 €", "plus"], ["Ben", "-0,20 €", "minus"]],
            "ersetzt": None,
            "doppelt": 3,
        }
    }
    e = Eingetragen(5, "schafkopf", "Wenz", None, 4, False, Anhang("stand", Stand(-20)))
    assert e.als_json() == {
        "eintrag": 5,
        "spiel": "schafkopf",
        "text": "Wenz",
        "erklaerung": None,
        "ersetzt": 4,
        "wiederholt": False,
        "stand": {"schafkopf": {"Anna": -20}},
    }
    s = Storniert(7, 6, None, "Spiel #6 storniert.", True, Anhang("fortschritt", None))
    assert s.als_json() == {
        "storno": 7,
        "storniert": 6,
        "wieder": None,
        "text": "Spiel #6 storniert.",
        "wiederholt": True,
        "fortschritt": None,
    }
    k = Konflikt(Anhang("stand", Stand(0)), 2, Doppelt(1, "20:15", "Rufspiel Cem+Dora"))
    assert k.als_json() == {
        "stand": {"schafkopf": {"Anna": 0}},
        "letzter": 2,
        "doppelt": {"id": 1, "zeit": "20:15", "text": "Rufspiel Cem+Dora"},
    }
    assert Konflikt(Anhang("fortschritt", None), None).als_json() == {
        "fortschritt": None,
        "letzter": None,
    }


def test_ereignisse_der_eingabeseite():
    eintrag = Listeneintrag(
        1, "20:15", "Schafkopf", "Wenz", None, (("Anna", "+1", "plus"),), {"spiel": "w"}, True
    )
    abend = Eingabedaten(3, True, None, (Mitspieler("Anna", "an"),), (eintrag,), 1)
    assert abend.als_json() == {
        "abend": 3,
        "offen": True,
        "meldung": None,
        "spieler": [{"name": "Anna", "anzeige": "Anna", "kuerzel": "an"}],
        "eintraege": [
            {
                "id": 1,
                "zeit": "20:15",
                "spiel": "Schafkopf",
                "text": "Wenz",
                "erklaerung": None,
                "betraege": [["Anna", "+1", "plus"]],
                "formular": {"spiel": "w"},
                "letzter": True,
            }
        ],
        "letzter": 1,
        "aufgehoben": {},
    }
    tisch = Eingabedaten(
        None,
        False,
        "Tisch 3 ist fertig.",
        (
            Mitspieler("Ben", "be", Sitz(2, True, "setzt aus")),
            Mitspieler("Sepp Huber", "hu", Sitz(5, False, ""), "Sepp H. · 5"),
        ),
        letzter=None,
        aendern=True,
        tisch=Tischangaben(1, 2, 3, "Tisch 3 · Runde 2", None, False, True, False),
        spiele=("r", "solo"),
        spiele_hinweis="Nur die Spiele der Wertung.",
        aufgehoben={4: 6},
    )
    assert tisch.als_json() == {
        "abend": None,
        "turnier": 1,
        "runde": 2,
        "tisch": 3,
        "offen": False,
        "aendern": True,
        "meldung": "Tisch 3 ist fertig.",
        "kopf": "Tisch 3 · Runde 2",
        "naechstes": None,
        "spieler": [
            {
                "name": "Ben",
                "anzeige": "Ben",
                "kuerzel": "be",
                "startnummer": 2,
                "aussetzer": True,
                "hinweis": "setzt aus",
            },
            {
                "name": "Sepp Huber",
                "anzeige": "Sepp H. · 5",
                "kuerzel": "hu",
                "startnummer": 5,
                "aussetzer": False,
                "hinweis": "",
            },
        ],
        "spiele": ["r", "solo"],
        "spiele_hinweis": "Nur die Spiele der Wertung.",
        "zusaetze": {"laufende": False, "klopfer": True, "stoesse": False},
        "eintraege": [],
        "letzter": None,
        "aufgehoben": {"4": 6},
    }
    assert Eingabedaten.geschlossen("Kein Turnier.").als_json() == {
        "abend": None,
        "offen": False,
        "aendern": False,
        "meldung": "Kein Turnier.",
        "spieler": [],
        "eintraege": [],
        "letzter": None,
        "aufgehoben": {},
    }
    # die Lese-Seite bekommt nur Nummer, Uhrzeit und HTML, die Eingabeseite dazu ihre Daten
    assert json.loads(Ereignis(4, "20:15", "<p>x</p>").als_text()) == {
        "nr": 4,
        "zeit": "20:15",
        "html": "<p>x</p>",
    }
    mit = json.loads(Ereignis(4, "20:15", "", Eingabedaten.geschlossen("zu")).als_text())
    assert mit["daten"]["meldung"] == "zu"
