"""Ein Spiel, drei Formen: von der Zeile über die getypte Eingabe und das Ergebnis bis zur Zeile
der Datenbank – und getypt zurück. Kein dict und kein Text dazwischen, der wieder gelesen wird
(issue 33). Die erwarteten Beträge stehen von Hand da (Tarif 10-20-50)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from referee.buch import Buch
from referee.eingabe import kurz
from referee.ergebnis import (
    CENT,
    PARTIEN,
    RUNDEN,
    SABAI,
    SCHAFKOPF,
    SCHLAFMUETZE,
    SIEG,
    Eintrag,
    Summen,
)
from referee.sabai.ergebnis import SabaiAngaben, SabaiErgebnis
from referee.saufn.ergebnis import SaufnAngaben, SaufnErgebnis
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schafkopf.spielart import Spielart
from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben, SchlafmuetzeErgebnis

VIER = ("Anna", "Ben", "Cem", "Dora")


@pytest.fixture
def buch(tmp_path):
    with Buch(tmp_path / "b.db") as b:
        b.abend_neu(list(VIER), tarif="10-20-50")
        yield b


def _kein_json_zurueck(monkeypatch):
    """Wer zwischen Zeile und Ergebnis JSON oder Optionstext baute und wieder läse, scheiterte
    jetzt: die Leser der JSON-Form und die Options-Adapter melden jeden Aufruf als Fehler."""

    def verboten(*args, **kwargs):
        raise AssertionError("Rundreise über JSON/Text zwischen Zeile und Ergebnis")

    for klasse in (SchafkopfErgebnis, SabaiErgebnis, SaufnErgebnis, SchlafmuetzeErgebnis):
        monkeypatch.setattr(klasse, "aus_json", classmethod(verboten))
    monkeypatch.setattr("referee.eingabe.schafkopf.schafkopf_angaben", verboten)
    monkeypatch.setattr("referee.eingabe.sabai.lies_haende", verboten)
    monkeypatch.setattr("referee.eingabe.saufn.saufn_angaben", verboten)


def test_zeile_wird_einmal_gelesen_und_direkt_zum_ergebnis(buch, monkeypatch):
    lage = buch.lage()
    _kein_json_zurueck(monkeypatch)
    zeile = kurz.lies("#1 r an ce 61 l3", VIER)
    assert isinstance(zeile, kurz.Korrektur)
    angaben = zeile.spiel
    assert type(angaben) is SchafkopfAngaben
    assert (angaben.spielart, angaben.farbe, angaben.partei, angaben.augen, angaben.laufende) == (
        Spielart.RUFSPIEL,
        None,
        ("Anna", "Cem"),
        61,
        3,
    )
    erg = angaben.ergebnis(lage)
    assert type(erg) is SchafkopfErgebnis
    # Rufspiel 20 + 3 Laufende × 10 = 50, gewonnen mit 61 Augen
    assert dict(erg.zahlungen) == {"Anna": 50, "Ben": -50, "Cem": 50, "Dora": -50}
    assert erg.erklaerung == "20 (Rufspiel) + 30 (3 Laufende × 10) = 50"
    # die Farbe eines Farbspiels kommt aus der Zeile direkt ins Ergebnis (kein Text dazwischen)
    solo = kurz.lies("hs do 95", VIER)
    assert isinstance(solo, SchafkopfAngaben)
    herz = solo.ergebnis(lage)
    assert (herz.spielart, herz.farbe, herz.spielname) == ("solo", "herz", "Herz-Solo")
    # 50 (Solo) + 10 (Schneider) = 60, dreifach für den Spieler
    assert dict(herz.zahlungen) == {"Anna": -60, "Ben": -60, "Cem": -60, "Dora": 180}
    sabai = kurz.lies("sb an 3 7 J / be AJ 2 / cem / do 14 0", VIER)
    assert sabai == SabaiAngaben(
        (("Anna", "3 7 J"), ("Ben", "AJ 2"), ("Cem", ""), ("Dora", "14 0"))
    )
    # wer den Ass-Joker hält, bekommt −1; die wenigsten Kartenpunkte der anderen hat Cem (0)
    sb = sabai.ergebnis(lage)
    assert type(sb) is SabaiErgebnis and sb.sieger == ("Cem",)
    assert dict(sb.siegpunkte) == {"Anna": 0, "Ben": -1, "Cem": 1, "Dora": 0}
    saufn = kurz.lies("sf cem an be", VIER)
    assert saufn == SaufnAngaben(("Cem", "Anna", "Ben"))
    sf = saufn.ergebnis(lage)
    assert type(sf) is SaufnErgebnis and (sf.plaetze, sf.spieler) == (("Cem", "Anna", "Ben"), VIER)
    sm = kurz.lies("sm dora mit an be do", VIER)
    assert sm == SchlafmuetzeAngaben("Dora", ("Anna", "Ben", "Dora"))
    assert sm.ergebnis(lage) == SchlafmuetzeErgebnis("Dora", ("Anna", "Ben", "Dora"))


def test_korrektur_von_der_zeile_bis_zur_zeile_der_datenbank(buch):
    buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71))
    zeile = "#1 r an ce 61"
    korrektur = kurz.lies(zeile, VIER)
    assert isinstance(korrektur, kurz.Korrektur)
    r = buch.korrigieren(korrektur.nr, korrektur.spiel, eingabe={"handy": zeile})
    # die Antwort trägt das Ergebnis (Form 2) und den gespeicherten Eintrag (Form 3)
    assert type(r.ergebnis) is SchafkopfErgebnis and type(r.eintrag) is Eintrag
    assert r.eintrag.ergebnis == r.ergebnis
    assert (r.eintrag.art, r.eintrag.bezug) == ("korrektur", 1)
    # Rufspiel gewonnen, keine Laufenden: je 20 ct
    assert dict(r.ergebnis.zahlungen) == {"Anna": 20, "Ben": -20, "Cem": 20, "Dora": -20}
    # die Zeile der Datenbank: das Ergebnis in seiner JSON-Form (die eine Stelle), die Werte
    with sqlite3.connect(buch.store.pfad) as c:
        spiel, art, bezug, eingabe, ergebnis = c.execute(
            "SELECT spiel, art, bezug, eingabe, ergebnis FROM eintraege WHERE id = ?",
            [r.eintrag.id],
        ).fetchone()
        werte = dict(
            c.execute(
                "SELECT s.name, w.wert FROM werte w JOIN spieler s ON s.id = w.spieler_id "
                "WHERE w.eintrag_id = ? AND w.groesse = 'cent'",
                [r.eintrag.id],
            ).fetchall()
        )
    assert (spiel, art, bezug) == ("schafkopf", "korrektur", 1)
    assert json.loads(eingabe) == {"handy": zeile}
    assert json.loads(ergebnis) == r.ergebnis.als_json()
    assert werte == {"Anna": 20, "Ben": -20, "Cem": 20, "Dora": -20}


def test_der_speicher_gibt_getypte_eintraege_und_summen(buch):
    buch.eintragen(SchafkopfAngaben.angesagt("wenz", ("Cem",), augen=45))  # Cem −150, sonst +50
    buch.eintragen(SabaiAngaben((("Anna", "3 7 J"), ("Ben", "AJ 2"))))
    buch.eintragen(SaufnAngaben(("Dora", "Anna", "Ben")))
    buch.eintragen(SchlafmuetzeAngaben("Ben"))
    buch.rueckgaengig()  # storniert den Schlafmütze-Sieg
    alle = buch.store.eintraege(1, alle=True)
    assert [type(e.ergebnis) for e in alle] == [
        SchafkopfErgebnis,
        SabaiErgebnis,
        SaufnErgebnis,
        SchlafmuetzeErgebnis,
        type(None),  # ein Storno hat kein Ergebnis
    ]
    assert all(type(e) is Eintrag for e in alle)
    s = buch.store.summen(1)
    assert type(s) is Summen
    assert dict(s.von(SCHAFKOPF, CENT)) == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    assert dict(s.von(SCHLAFMUETZE, SIEG)) == {} and dict(s.von(SCHLAFMUETZE, PARTIEN)) == {}
    assert s.namen(SABAI, RUNDEN) == {"Anna", "Ben"}


def test_turniereintrag_traegt_tischblatt_oder_turnierspiel(tmp_path):
    from referee.buch.turnier import Turnierbuch
    from referee.turnier.blatt import Tischblatt
    from referee.turnier.spiel import Turnierspiel

    with Turnierbuch(tmp_path / "t.db") as tb:
        tb.neu("Probe", runden=1, spiele=4, seed=1)
        tb.anmelden(list(VIER))
        plan = tb.auslosung()
        a, b, c, d = (s.name for s in plan.tische[0].sitze)
        r = tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71))
        e = tb.store.turnier_eintrag(r.eintrag.id)
        assert type(e.ergebnis) is Turnierspiel and type(e.ergebnis.ergebnis) is SchafkopfErgebnis
        assert e.ergebnis.ergebnis.spieler == a and e.ergebnis.punkte == r.spiel.punkte
        blatt = tb.ergebnis(1, 1, {a: 1, b: 1, c: -1, d: -1})
        assert type(tb.store.turnier_eintrag(blatt.eintrag.id).ergebnis) is Tischblatt
