"""``referee.suche.antwort``: Schwelle, Enthaltung, Konventionen, „der Regeltext schweigt“,
„Meintest du …?“ und der JSON-Vertrag."""

from __future__ import annotations

import math

from referee.regeltexte import Abschnitt, abschnitt
from referee.suche import Suchindex, als_json, suche, vorschlaege


def test_regeltext_schweigt_nach_vorsprung_und_art(monkeypatch):
    from referee.suche import Abwaegung, konstanten, regeltext_schweigt

    for name, wert in (
        ("VORSPRUNG_KONVENTION", 27.0),
        ("GEWICHT_ART", 25.0),
        ("PROFIL_ART", 0.2),
        ("VORTEIL_GELD", 3.0),
    ):
        monkeypatch.setattr(konstanten, name, wert)
    # nötig: 27 − 25 × Art − 3 (Geld) − 0,2 × 100 × Profilunterschied
    assert regeltext_schweigt(Abwaegung(5.0, False, 0.0, 1.0))  # nötig 2
    assert not regeltext_schweigt(Abwaegung(5.0, False, 0.0, 0.5))  # nötig 14,5
    assert regeltext_schweigt(Abwaegung(15.0, False, 0.0, 0.5))
    assert regeltext_schweigt(Abwaegung(12.0, True, 0.0, 0.5))  # nötig 11,5
    assert not regeltext_schweigt(Abwaegung(12.0, False, 0.0, 0.5))
    assert regeltext_schweigt(Abwaegung(12.0, False, 0.2, 0.5))  # nötig 10,5
    assert not regeltext_schweigt(Abwaegung(-30.0, True, 0.0, -1.0))
    assert not regeltext_schweigt(Abwaegung(None, True, 1.0, 4.0))  # keine Konvention
    assert regeltext_schweigt(Abwaegung(math.inf, False, 0.0, -4.0))  # keine Regelstelle


def test_json_vertrag_in_prozess():
    treffer = suche("Davonlaufen", anzahl=2)
    daten = als_json("Davonlaufen", treffer)
    assert list(daten) == ["frage", "treffer", "konventionen", "regeltext_schweigt"]
    assert daten["konventionen"] == [] and daten["regeltext_schweigt"] is False
    erster = daten["treffer"][0]
    assert list(erster) == ["spiel", "abschnitt", "titel", "text", "score"]
    assert erster["abschnitt"] == "schafkopf.davonlaufen"
    assert erster["text"] == abschnitt("schafkopf.davonlaufen").text


def _index(*abschnitte: Abschnitt) -> Suchindex:
    return Suchindex(list(abschnitte))


def test_ohne_konvention_schweigt_der_text_nie():
    ix = _index(Abschnitt("sabai.j", "sabai", "Joker", "Der Joker zählt minus vier."))
    assert ix.abwaegung("was zählt der joker").vorsprung is None
    a = ix.antwort("was zählt der joker")
    assert not a.regeltext_schweigt and a.konventionen == ()
    assert [t.abschnitt.id for t in a.treffer] == ["sabai.j"]


def test_nur_eine_konvention_passt_dann_schweigt_der_text():
    """Keine Regelstelle passt: der Vorsprung der Konvention ist unendlich."""
    ix = _index(
        Abschnitt("sabai.j", "sabai", "Joker", "Der Joker zählt minus vier."),
        Abschnitt("konvention.tarif", "schafkopf", "Tarif", "Ein Spiel kostet 20 Cent."),
    )
    assert ix.abwaegung("was kostet ein spiel").vorsprung == math.inf
    a = ix.antwort("was kostet ein spiel")
    assert a.regeltext_schweigt
    assert [k.konvention.id for k in a.konventionen] == ["konvention.tarif"]
    assert a.treffer == ()  # die Stelle der Konvention gibt es in diesem Index nicht


def test_fremde_frage_enthaelt_sich_ganz():
    ix = _index(Abschnitt("sabai.j", "sabai", "Joker", "Der Joker zählt minus vier."))
    a = ix.antwort("zählt der joker beim doppelkopf")  # fremdes Spiel, keines der vier
    assert a.treffer == () and a.konventionen == () and not a.regeltext_schweigt


def test_vorschlaege_nur_regelstellen_und_aufgefuellt():
    vorschlag = vorschlaege("Pizza bestellen")
    assert len(vorschlag) == 3
    assert not any(a.id.startswith("konvention.") for a in vorschlag)
    assert all(a.spiel == "saufn" for a in vorschlaege("Pizza bestellen", spiel="saufn"))


def test_json_mit_einstellung_des_abends():
    from referee.suche import antwort

    a = antwort("wie viel kostet schneider")
    daten = als_json(
        "wie viel kostet schneider",
        a.treffer,
        a.konventionen,
        a.regeltext_schweigt,
        {"konvention.schneider": "Schneider: +5 ct"},
    )
    assert daten["regeltext_schweigt"] is True
    assert daten["konventionen"][0]["einstellung"] == "Schneider: +5 ct"


def test_betragsfrage_schweigt_schon_bei_fast_gleicher_konvention(monkeypatch):
    """Fragt die Frage nach einem Betrag und nennt die beste Konvention einen Preis, genügt
    ihr ein Score von 90 % der besten Regelstelle (NAEHE_KONVENTION)."""
    from referee.suche import Abwaegung, konstanten, regeltext_schweigt

    monkeypatch.setattr(konstanten, "NAEHE_KONVENTION", 0.9)
    monkeypatch.setattr(konstanten, "VORSPRUNG_KONVENTION", 21.0)
    monkeypatch.setattr(konstanten, "VORTEIL_GELD", 10.0)
    assert regeltext_schweigt(Abwaegung(-7.0, True, 0.0, 0.0, betrag=True, regel=80.0))
    assert not regeltext_schweigt(Abwaegung(-9.0, True, 0.0, 0.0, betrag=True, regel=80.0))
    assert not regeltext_schweigt(Abwaegung(-7.0, True, 0.0, 0.0, betrag=False, regel=80.0))
    assert not regeltext_schweigt(Abwaegung(None, True, 0.0, 0.0, betrag=True))


def test_nur_preis_konventionen_nennen_einen_preis():
    from referee.suche.antwort import _nennt_preis

    assert _nennt_preis("konvention.tarif") and _nennt_preis("konvention.hochzeit")
    assert _nennt_preis("konvention.bock") and _nennt_preis("konvention.klopfer")
    # Kartenpunkte und Schlücke sind kein Preis
    assert not _nennt_preis("konvention.sabai-ass-joker-wert")
    assert not _nennt_preis("konvention.saufn-verteilen")
    assert not _nennt_preis("konvention.geber")
