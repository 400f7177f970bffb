"""``referee import --dazu`` (issue 36, Punkt 6): Bücher mehrerer Schreiber zusammenführen.

Jeder Abend trägt eine Kennung aus seinem ersten Buch (``uuid`` im Export, Schema 9). Dieselbe
Datei zweimal oder ein späterer Export desselben Buchs bringt nur Neues; derselbe Abend mit
anderem Inhalt wird ganz abgelehnt; ältere Dateien ohne Kennung kommen als neue Abende mit
einer Warnung. Die Beträge unten sind von Hand gerechnet (Grundtarif: Rufspiel 20 ct je
Spieler, ohne Schneider und Laufende).
"""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.einfuhr.dazu import zusammenfuehren

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")


def _export(rufe, db: str) -> str:
    return rufe(db, "export", "--gesamt", "--format", "json").stdout


def _schafkopf(rufe, db: str) -> dict[str, int]:
    return json.loads(rufe(db, "stand", "--gesamt", "--json").stdout)["schafkopf"]


def _buch_a(rufe) -> None:
    rufe("a.db", "abend", "neu", "Anna", "Ben", "Cem", "Dora", "--datum", "2027-01-08")
    rufe("a.db", "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71")
    rufe("a.db", "schafkopf", "eintragen", "rufspiel", "Anna+Cem", "--augen", "61")
    rufe("a.db", "abend", "ende")


def _buch_b(rufe) -> None:
    rufe("b.db", "abend", "neu", "Anna", "Ben", "Cem", "Eva", "--datum", "2027-01-15")
    rufe("b.db", "schafkopf", "eintragen", "rufspiel", "Eva+Ben", "--augen", "75")


def test_zwei_buecher_zusammen_und_zweimal_ist_einmal(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    buecher("b.db", "abend", "ende")
    (tmp_path / "b.json").write_text(_export(buecher, "b.db"), encoding="utf-8")
    # A allein: Anna +20 +20, Ben +20 -20, Cem -20 +20, Dora -20 -20
    assert _schafkopf(buecher, "a.db") == {"Anna": 40, "Ben": 0, "Cem": 0, "Dora": -40}

    r = buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu", "--json")
    assert json.loads(r.stdout) == {
        "abende_neu": 1,
        "abende_ergaenzt": 0,
        "abende_vorhanden": 0,
        "eintraege_neu": 1,
        "spieler_neu": 1,
        "turniere_neu": 0,
        "turniere_ergaenzt": 0,
        "turniere_vorhanden": 0,
        "ohne_kennung": 0,
        "buch": {"spieler": 5, "abende": 2, "eintraege": 3},
    }
    # dazu B: Eva +20, Ben +20, Anna -20, Cem -20
    assert _schafkopf(buecher, "a.db") == {
        "Anna": 20,
        "Ben": 20,
        "Cem": -20,
        "Dora": -40,
        "Eva": 20,
    }
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    assert "0 Abende neu, 1 Abend schon da" in r.stderr
    assert _export(buecher, "a.db") == vorher  # dieselbe Datei noch einmal: nichts

    # die Kennung von B ist im Buch A dieselbe wie in B
    a = json.loads(vorher)
    b = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))
    assert a["abende"][1]["uuid"] == b["abende"][0]["uuid"]
    assert (
        UUID.fullmatch(a["abende"][0]["uuid"]) and a["abende"][0]["uuid"] != b["abende"][0]["uuid"]
    )


def test_spaeterer_export_bringt_nur_das_neue_und_das_ende(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)  # B noch offen: ein Spiel
    (tmp_path / "b1.json").write_text(_export(buecher, "b.db"), encoding="utf-8")
    buecher("a.db", "import", str(tmp_path / "b1.json"), "--dazu")
    # in B geht es weiter: ein zweites Spiel, ein Storno des ersten, dann das Ende
    buecher("b.db", "schafkopf", "eintragen", "rufspiel", "Anna+Cem", "--augen", "70")
    buecher("b.db", "rueckgaengig", "--eintrag", "1")
    buecher("b.db", "abend", "ende")
    (tmp_path / "b2.json").write_text(_export(buecher, "b.db"), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "b2.json"), "--dazu", "--json")
    z = json.loads(r.stdout)
    assert (z["abende_neu"], z["abende_ergaenzt"], z["eintraege_neu"]) == (0, 1, 2)
    # B gilt nur noch: Anna +20, Cem +20, Ben -20, Eva -20; dazu A
    assert _schafkopf(buecher, "a.db") == {
        "Anna": 60,
        "Ben": -20,
        "Cem": 20,
        "Dora": -40,
        "Eva": -20,
    }
    liste = json.loads(buecher("a.db", "abend", "liste", "--json").stdout)
    assert [a["offen"] for a in liste] == [False, False]
    # der Abend aus B ist in A jetzt genau wie in B (bis auf die Nummern)
    a = json.loads(_export(buecher, "a.db"))
    b = json.loads(_export(buecher, "b.db"))
    hier = [(e["art"], e["gilt"]) for e in a["eintraege"] if e["abend"] == 2]
    assert hier == [(e["art"], e["gilt"]) for e in b["eintraege"]]
    assert hier[0] == ("spiel", False) and hier[1] == ("spiel", True)
    # und der ältere Export danach noch einmal: nichts
    vorher = _export(buecher, "a.db")
    buecher("a.db", "import", str(tmp_path / "b1.json"), "--dazu")
    assert _export(buecher, "a.db") == vorher


def test_widerspruch_wird_ganz_abgelehnt(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    buecher("b.db", "abend", "ende")
    b = json.loads(_export(buecher, "b.db"))
    (tmp_path / "b.json").write_text(json.dumps(b), encoding="utf-8")
    buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    vorher = _export(buecher, "a.db")
    # dieselbe Kennung, aber ein anderes Spiel (Augen 75 → 55: Eva und Ben verlieren)
    falsch = json.loads(json.dumps(b))
    falsch["abende"][0]["datum"] = "2027-01-16"
    (tmp_path / "falsch.json").write_text(json.dumps(falsch), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "falsch.json"), "--dazu", "--json", code=2)
    fehler = json.loads(r.stdout)["fehler"]
    assert fehler["art"] == "zustand"
    assert b["abende"][0]["uuid"] in fehler["meldung"] and "„datum“" in fehler["meldung"]
    assert "Nichts importiert" in fehler["meldung"]
    assert _export(buecher, "a.db") == vorher


def test_aeltere_datei_ohne_kennung_kommt_neu_mit_warnung(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    buecher("b.db", "abend", "ende")
    b = json.loads(_export(buecher, "b.db"))
    b["schema"] = 7
    for a in b["abende"]:
        del a["uuid"]
    (tmp_path / "alt.json").write_text(json.dumps(b), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "alt.json"), "--dazu")
    assert "Warnung: 1 Abend der Datei ohne Kennung" in r.stderr
    assert "1 Abend neu" in r.stderr
    # ins leere Buch ebenso (gewöhnlicher Import), mit Warnung
    r = buecher("c.db", "import", str(tmp_path / "alt.json"))
    assert "Warnung: 1 Abend der Datei ohne Kennung" in r.stderr
    assert UUID.fullmatch(json.loads(_export(buecher, "c.db"))["abende"][0]["uuid"])


def test_ohne_dazu_bleibt_ein_buch_mit_daten_zu(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    (tmp_path / "b.json").write_text(_export(buecher, "b.db"), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "b.json"), code=2)
    assert "nicht leer" in r.stderr and "--dazu" in r.stderr


def test_zwei_offene_abende_werden_abgelehnt(buecher, tmp_path):
    buecher("a.db", "abend", "neu", "Anna", "Ben", "Cem", "Dora")
    buecher("a.db", "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71")
    _buch_b(buecher)
    (tmp_path / "b.json").write_text(_export(buecher, "b.db"), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu", code=2)
    assert "beide Bücher haben einen offenen Abend" in r.stderr


def test_kennung_unveraenderlich_in_der_datenbank(buecher, tmp_path):
    _buch_a(buecher)
    c = sqlite3.connect(tmp_path / "a.db")
    with pytest.raises(sqlite3.IntegrityError, match="unveränderlich"):
        c.execute("UPDATE kennungen SET uuid = 'x'")
    with pytest.raises(sqlite3.IntegrityError, match="nie gelöscht"):
        c.execute("DELETE FROM kennungen")


# ---------------------------------------------------------------- Eigenschaften


def _buch(rufe, db: str, abende: list[tuple[str, list[tuple[str, int]]]]) -> None:
    """Ein Buch aus Abenden (Datum, Spiele als (Spieler+Partner, Augen)); jeder beendet."""
    for datum, spiele in abende:
        rufe(db, "abend", "neu", "Anna", "Ben", "Cem", "Dora", "--datum", datum)
        for paar, augen in spiele:
            rufe(db, "schafkopf", "eintragen", "rufspiel", paar, "--augen", str(augen))
        rufe(db, "abend", "ende")


_SPIEL = st.tuples(st.sampled_from(["Anna+Ben", "Cem+Dora", "Anna+Dora"]), st.integers(31, 89))
_ABENDE = st.lists(
    st.tuples(
        st.sampled_from(["2027-02-01", "2027-02-08", "2027-03-01"]), st.lists(_SPIEL, max_size=2)
    ),
    min_size=1,
    max_size=2,
)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(a=_ABENDE, b=_ABENDE)
def test_zusammenfuehren_ist_ohne_doppel_und_in_beide_richtungen_gleich(buecher, tmp_path, a, b):
    """Zweimal dieselbe Datei ist einmal; A in B und B in A geben denselben Gesamtstand und
    dieselben Abende (an ihren Kennungen)."""
    for datei in tmp_path.glob("*.db*"):
        datei.unlink()
    _buch(buecher, "a.db", a)
    _buch(buecher, "b.db", b)
    ea, eb = _export(buecher, "a.db"), _export(buecher, "b.db")
    (tmp_path / "a.json").write_text(ea, encoding="utf-8")
    (tmp_path / "b.json").write_text(eb, encoding="utf-8")
    buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    einmal = _export(buecher, "a.db")
    buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    assert _export(buecher, "a.db") == einmal
    buecher("b.db", "import", str(tmp_path / "a.json"), "--dazu")
    assert _schafkopf(buecher, "a.db") == _schafkopf(buecher, "b.db")
    ka = {x["uuid"] for x in json.loads(einmal)["abende"]}
    kb = {x["uuid"] for x in json.loads(_export(buecher, "b.db"))["abende"]}
    assert ka == kb and len(ka) == len(a) + len(b)


def test_zusammenfuehren_rein_laesst_die_eingaben_unberuehrt(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    a, b = json.loads(_export(buecher, "a.db")), json.loads(_export(buecher, "b.db"))
    ka, kb = json.dumps(a), json.dumps(b)
    z = zusammenfuehren(a, b)
    assert json.dumps(a) == ka and json.dumps(b) == kb
    assert [x["id"] for x in z.daten["abende"]] == [1, 2]
    assert [e["id"] for e in z.daten["eintraege"]] == [1, 2, 3]
    assert z.daten["eintraege"][2]["abend"] == 2
