"""Turniere im Export und Import (issue 35, Punkt 11): ``export --gesamt --format json`` →
``import`` in ein neues Buch → ``turnier stand --json`` und ein zweiter Export byte-gleich –
auch für ein Buch nur mit einem Turnier; ein verfälschter Export wird abgewiesen."""

from __future__ import annotations

import json

import pytest
from conftest import ok

from referee.buch.turnier import Turnierbuch
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.turnier.daten import Zugehoerigkeit

NAMEN = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Hans", "Ida"]


def _turnier(pfad) -> None:
    """Ein Turnier mit allem, was es gibt: Blätter, Spiele, Korrektur, Storno, Ersatz,
    Abmeldung, eine zurückgenommene Auslosung, Ende und Wiederöffnen."""
    with Turnierbuch(pfad) as tb:
        tb.neu("Post", runden=2, spiele=4, seed=11, setzen=["fehlrunde=schnitt"])
        # die Turnierleitung (Schema 10): Eckdaten, Vereine, Zahlungen mit Rücknahme, Preise
        tb.eckdaten(ort="Gasthof Post", datum="2027-01-16", startgeld="15")
        verein = Zugehoerigkeit(verein="FC Moosach")
        tb.anmelden(NAMEN, vereine=[verein, verein] + [None] * (len(NAMEN) - 2))
        tb.bezahlen(["Anna", "#2", "Cem"])
        tb.bezahlen(["#2"], zuruecknehmen=True)
        tb.preise(["1=300", "2=Geschenkkorb"])
        tb.auslosung()
        t1 = [s.name for s in tb.tische(1).tische[0].sitze]
        t2 = [s.name for s in tb.tische(1).tische[1].sitze]
        e1 = tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", t1[:2], augen=71))
        tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("solo", t1[2:3], augen=95))
        tb.spiel_korrigieren(e1.eintrag.id, SchafkopfAngaben.angesagt("rufspiel", t1[:2], augen=91))
        s = tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("wenz", t1[3:4], augen=30))
        tb.rueckgaengig(s.eintrag.id)
        tb.ergebnis(1, 2, dict(zip(t2, (5, -2, -1, -1, -1))), soli={t2[0]: 1})
        tb.ergebnis(1, 2, dict(zip(t2, (4, -2, -1, -1, 0))))  # Korrektur, Soli bleiben
        tb.ergebnis(1, 1, dict(zip(t1, (3, -1, -1, -1))))
        tb.ersetzen(t1[3], "Xaver", ab_runde=2)
        tb.abmelden([t2[4]])
        tb.anmelden(["Zenzi"])
        tb.auslosung()
        tb.auslosung_zuruecknehmen()
        tb.auslosung()
        for t in tb.tische(2).tische:
            tb.ergebnis(2, t.nr, dict.fromkeys([x.name for x in t.sitze], 0))
        tb.ende()
        tb.wieder()


def test_rundreise_mit_abend_und_turnier(cli, db_pfad, tmp_path):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    _turnier(db_pfad)
    erst = ok(cli("export", "--gesamt", "--format", "json")).stdout
    daten = json.loads(erst)
    assert [t["name"] for t in daten["turniere"]["turniere"]] == ["Post"]
    assert len(daten["turniere"]["turnier_runden"]) == 3  # Runde 2 zweimal ausgelost
    neu = tmp_path / "neu.db"
    datei = tmp_path / "export.json"
    datei.write_text(erst, "utf-8")
    r = ok(cli("--db", str(neu), "import", str(datei), "--json"))
    assert json.loads(r.stdout) == {"spieler": 4, "abende": 1, "eintraege": 1, "turniere": 1}
    assert ok(cli("--db", str(neu), "export", "--gesamt", "--format", "json")).stdout == erst
    vorher = ok(cli("turnier", "stand", "--json")).stdout
    assert ok(cli("--db", str(neu), "turnier", "stand", "--json")).stdout == vorher
    # Kasse, Preise und Vereine kommen mit: 2 × 15 € bezahlt (#2 zurückgenommen)
    preise = json.loads(ok(cli("--db", str(neu), "turnier", "preise", "--json")).stdout)
    assert preise["kasse"]["bezahlt"] == 2 and preise["kasse"]["summe"] == 3000
    assert (
        ok(cli("--db", str(neu), "turnier", "preise", "--json")).stdout
        == ok(cli("turnier", "preise", "--json")).stdout
    )
    assert len(daten["turniere"]["turnier_vereine"]) == 2
    assert len(daten["turniere"]["turnier_zahlungen"]) == 4
    # das Turnier geht im neuen Buch weiter
    ok(cli("--db", str(neu), "turnier", "ende"))


def test_buch_nur_mit_turnier(cli, db_pfad, tmp_path):
    _turnier(db_pfad)
    erst = ok(cli("export", "--gesamt", "--format", "json")).stdout
    assert json.loads(erst)["abende"] == []
    datei = tmp_path / "t.json"
    datei.write_text(erst, "utf-8")
    neu = tmp_path / "neu.db"
    ok(cli("--db", str(neu), "import", str(datei)))
    assert ok(cli("--db", str(neu), "export", "--gesamt", "--format", "json")).stdout == erst
    assert (
        ok(cli("--db", str(neu), "turnier", "stand", "--json")).stdout
        == ok(cli("turnier", "stand", "--json")).stdout
    )
    # in ein Buch mit einem Turnier wird nicht importiert
    r = ok(cli("--db", str(neu), "import", str(datei)), 2)
    assert "ist nicht leer" in r.stderr


def _verfaelscht(daten: dict, wie) -> dict:
    kopie = json.loads(json.dumps(daten))
    wie(kopie["turniere"])
    return kopie


def _spiel(t: dict) -> dict:
    return next(e for e in t["turnier_eintraege"] if e["art"] == "spiel" and e["gilt"])


def _punkte_eines_spiels(t: dict) -> None:
    e = _spiel(t)
    ergebnis = json.loads(e["ergebnis"])
    nr = next(iter(ergebnis["punkte"]))
    ergebnis["punkte"][nr] += 1
    e["ergebnis"] = json.dumps(ergebnis, ensure_ascii=False)


def _gilt_eines_stornierten(t: dict) -> None:
    next(e for e in t["turnier_eintraege"] if e["art"] == "spiel" and not e["gilt"])["gilt"] = 1


def _blatt_geht_nicht_auf(t: dict) -> None:
    e = next(e for e in t["turnier_eintraege"] if e["art"] == "blatt" and e["gilt"])
    ergebnis = json.loads(e["ergebnis"])
    nr = next(iter(ergebnis["punkte"]))
    ergebnis["punkte"][nr] += 1
    e["ergebnis"] = json.dumps(ergebnis, ensure_ascii=False)


def _fremde_spalte(t: dict) -> None:
    t["turniere"][0]["preis"] = 5


@pytest.mark.parametrize(
    ("wie", "meldung"),
    [
        (_punkte_eines_spiels, "passt nicht zu seinen Angaben"),
        (_gilt_eines_stornierten, "„turniere.turnier_eintraege[0].gilt“"),
        (_blatt_geht_nicht_auf, "lässt sich nicht nachrechnen"),
        (_fremde_spalte, "erwartet die Felder"),
    ],
)
def test_verfaelschter_export_wird_abgewiesen(cli, db_pfad, tmp_path, wie, meldung):
    _turnier(db_pfad)
    daten = json.loads(ok(cli("export", "--gesamt", "--format", "json")).stdout)
    datei = tmp_path / "falsch.json"
    datei.write_text(json.dumps(_verfaelscht(daten, wie), ensure_ascii=False), "utf-8")
    neu = tmp_path / "neu.db"
    r = ok(cli("--db", str(neu), "import", str(datei)), 2)
    assert meldung in r.stderr or "passt nicht zu den übrigen Angaben" in r.stderr, r.stderr
    assert not neu.exists()
