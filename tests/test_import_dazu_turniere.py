"""``referee import --dazu`` mit Turnieren (issue 36, Punkt 6): die Abende *und* Turniere
eines anderen Buchs kommen dazu.

Jedes Turnier trägt seine Kennung im Export (``turniere.kennungen``). Dieselbe Datei zweimal
bringt nichts; ein späterer Stand eines Turniers (mehr Blätter, eine Korrektur, eine
zurückgenommene Auslosung) bringt nur das Neue; zwei verschiedene Fortsetzungen desselben
Turniers werden ganz abgelehnt. Die Zahlen sind von Hand gerechnet: Grundtarif (Rufspiel 20 ct
je Spieler), Turnierpunkte wie eingetragen, Saison ``summe`` = Cent der Abende + Punkte der
Turniere.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _export(rufe, db: str) -> str:
    return rufe(db, "export", "--gesamt", "--format", "json").stdout


def _sichern(rufe, db: str, datei) -> str:
    text = _export(rufe, db)
    datei.write_text(text, encoding="utf-8")
    return text


def _punkte(rufe, db: str, turnier: int) -> dict[str, int]:
    r = rufe(db, "turnier", "stand", "--turnier", str(turnier), "--json")
    return {z["name"]: z["punkte"] for z in json.loads(r.stdout)["rangliste"]}


def _blatt(rufe, db: str, turnier: int, *werte: str) -> None:
    rufe(db, "turnier", "ergebnis", "--turnier", str(turnier), "--runde", "1", "--tisch", "1",
         *werte)  # fmt: skip


def _abend(rufe, db: str, datum: str, spieler: list[str], paar: str, augen: int) -> None:
    rufe(db, "abend", "neu", *spieler, "--datum", datum)
    rufe(db, "schafkopf", "eintragen", "rufspiel", paar, "--augen", str(augen))
    rufe(db, "abend", "ende")


def _turnier(rufe, db: str, name: str, seed: int, spieler: list[str]) -> None:
    rufe(db, "turnier", "neu", name, "--runden", "1", "--spiele", "32", "--seed", str(seed))
    rufe(db, "turnier", "anmelden", *spieler)
    rufe(db, "turnier", "auslosung")


def _buch_a(rufe) -> None:
    """Abend: Anna+Ben gewinnen (Anna, Ben +20; Cem, Dora −20); Turnier „Post“."""
    _abend(rufe, "a.db", "2027-01-08", ["Anna", "Ben", "Cem", "Dora"], "Anna+Ben", 71)
    _turnier(rufe, "a.db", "Post", 1, ["Anna", "Ben", "Cem", "Dora"])
    _blatt(rufe, "a.db", 1, "Anna=+12", "Ben=-5", "Cem=+3", "Dora=-10", "--soli", "Anna=1")


def _buch_b(rufe) -> None:
    """Abend: Eva+Ben gewinnen (Eva, Ben +20; Anna, Cem −20); Turnier „Krone“, ausgelost."""
    _abend(rufe, "b.db", "2027-01-15", ["Anna", "Ben", "Cem", "Eva"], "Eva+Ben", 75)
    _turnier(rufe, "b.db", "Krone", 2, ["Anna", "Ben", "Eva", "Franz"])


def _saison(rufe, db: str) -> list[dict]:
    """Eine Saison ``summe`` über alles (die Turniere tragen das heutige Datum)."""
    heute = dt.date.today()
    von = min(heute, dt.date(2027, 1, 1)).isoformat()
    bis = max(heute, dt.date(2027, 12, 31)).isoformat()
    rufe(db, "saison", "neu", "Alles", "--von", von, "--bis", bis, "--wertung", "summe")
    return json.loads(rufe(db, "saison", "stand", "--json").stdout)["rangliste"]


def test_zwei_buecher_mit_abend_und_turnier(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    _blatt(buecher, "b.db", 1, "Anna=+2", "Ben=-5", "Eva=+13", "Franz=-10")
    b = json.loads(_sichern(buecher, "b.db", tmp_path / "b.json"))

    r = buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu", "--json")
    assert json.loads(r.stdout) == {
        "abende_neu": 1,
        "abende_ergaenzt": 0,
        "abende_vorhanden": 0,
        "eintraege_neu": 1,
        "spieler_neu": 1,  # Eva (Franz spielt nur im Turnier)
        "turniere_neu": 1,
        "turniere_ergaenzt": 0,
        "turniere_vorhanden": 0,
        "ohne_kennung": 0,
        "buch": {"spieler": 5, "abende": 2, "eintraege": 2},
    }
    assert _punkte(buecher, "a.db", 1) == {"Anna": 12, "Cem": 3, "Ben": -5, "Dora": -10}
    assert _punkte(buecher, "a.db", 2) == {"Eva": 13, "Anna": 2, "Ben": -5, "Franz": -10}
    # die Kennung des Turniers aus B ist in A dieselbe
    a = json.loads(_export(buecher, "a.db"))
    assert [k["id"] for k in a["turniere"]["kennungen"]] == [1, 2]
    assert a["turniere"]["kennungen"][1]["uuid"] == b["turniere"]["kennungen"][0]["uuid"]
    assert a["turniere"]["kennungen"][0]["uuid"] != b["turniere"]["kennungen"][0]["uuid"]

    # dieselbe Datei noch einmal: nichts
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    assert "0 Abende neu, 1 Abend schon da, 1 Turnier schon da" in r.stderr
    assert "Das Buch hat jetzt 2 Abende und 2 Turniere." in r.stderr
    assert _export(buecher, "a.db") == vorher

    # die Saison über beides: Anna +20 −20 +12 +2 = 14, Ben +20 +20 −5 −5 = 30,
    # Cem −20 −20 +3 = −37, Dora −20 −10 = −30, Eva +20 +13 = 33, Franz −10
    rangliste = _saison(buecher, "a.db")
    assert [(z["platz"], z["name"], z["wert"]) for z in rangliste] == [
        (1, "Eva", 33),
        (2, "Ben", 30),
        (3, "Anna", 14),
        (4, "Franz", -10),
        (5, "Dora", -30),
        (6, "Cem", -37),
    ]


def test_spaeterer_stand_eines_turniers_bringt_nur_das_neue(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)  # Krone: ausgelost, noch nichts eingetragen
    _sichern(buecher, "b.db", tmp_path / "b1.json")
    r = buecher("a.db", "import", str(tmp_path / "b1.json"), "--dazu", "--json")
    assert json.loads(r.stdout)["turniere_neu"] == 1
    assert _punkte(buecher, "a.db", 2) == {"Anna": 0, "Ben": 0, "Eva": 0, "Franz": 0}

    # in B geht es weiter: die Auslosung zurück und neu, ein Blatt, dessen Korrektur
    buecher("b.db", "turnier", "auslosung", "--zuruecknehmen")
    buecher("b.db", "turnier", "auslosung")
    _blatt(buecher, "b.db", 1, "Anna=+2", "Ben=-5", "Eva=+13", "Franz=-10")
    _blatt(buecher, "b.db", 1, "Anna=+3", "Ben=-6", "Eva=+13", "Franz=-10")  # Korrektur
    b = json.loads(_sichern(buecher, "b.db", tmp_path / "b2.json"))
    r = buecher("a.db", "import", str(tmp_path / "b2.json"), "--dazu", "--json")
    z = json.loads(r.stdout)
    assert (z["turniere_neu"], z["turniere_ergaenzt"], z["turniere_vorhanden"]) == (0, 1, 0)
    assert (z["abende_neu"], z["abende_vorhanden"], z["eintraege_neu"]) == (0, 1, 0)
    # es gilt die Korrektur
    assert _punkte(buecher, "a.db", 2) == {"Eva": 13, "Anna": 3, "Ben": -6, "Franz": -10}
    assert _punkte(buecher, "a.db", 1) == {"Anna": 12, "Cem": 3, "Ben": -5, "Dora": -10}

    # das Turnier in A ist jetzt genau wie in B, bis auf die Nummern
    a = json.loads(_export(buecher, "a.db"))
    zwei = [e for e in a["turniere"]["turnier_eintraege"] if e["turnier_id"] == 2]
    assert [(e["art"], e["gilt"]) for e in zwei] == [("blatt", 0), ("blatt", 1)]
    assert zwei[1]["bezug"] == zwei[0]["id"]
    assert [(e["art"], e["gilt"]) for e in b["turniere"]["turnier_eintraege"]] == [
        ("blatt", 0),
        ("blatt", 1),
    ]
    runden = [(x["auslosung"], x["gilt"]) for x in a["turniere"]["turnier_runden"]]
    assert runden == [(1, 1), (1, 0), (2, 1)]  # Post Runde 1; Krone Auslosung 1 zurück, 2 gilt
    tische = [x for x in a["turniere"]["turnier_tische"] if x["turnier_id"] == 2]
    assert [(x["auslosung"], x["gilt"]) for x in tische] == [(1, 0)] * 4 + [(2, 1)] * 4

    # der ältere Stand danach noch einmal: nichts (das Buch ist weiter)
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "b1.json"), "--dazu", "--json")
    assert json.loads(r.stdout)["turniere_vorhanden"] == 1
    assert _export(buecher, "a.db") == vorher


def test_zwei_fortsetzungen_desselben_turniers_werden_abgelehnt(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    b1 = json.loads(_sichern(buecher, "b.db", tmp_path / "b1.json"))
    buecher("a.db", "import", str(tmp_path / "b1.json"), "--dazu")
    # beide schreiben am selben Turnier weiter, jeder etwas anderes
    _blatt(buecher, "a.db", 2, "Anna=+2", "Ben=-5", "Eva=+13", "Franz=-10")
    _blatt(buecher, "b.db", 1, "Anna=+4", "Ben=-5", "Eva=+11", "Franz=-10")
    _sichern(buecher, "b.db", tmp_path / "b2.json")
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "b2.json"), "--dazu", "--json", code=2)
    fehler = json.loads(r.stdout)["fehler"]
    kennung = b1["turniere"]["kennungen"][0]["uuid"]
    assert fehler["art"] == "zustand"
    assert fehler["meldung"] == (
        f"Import abgelehnt: das Turnier „Krone“ (Kennung {kennung}) haben beide Bücher, aber "
        "mit verschiedenen Spielen oder Blättern (keines ist die Fortsetzung des anderen). "
        "Nichts importiert."
    )
    assert _export(buecher, "a.db") == vorher

    # dieselbe Kennung mit anderen Angaben des Turniers (Seed)
    falsch = json.loads(json.dumps(b1))
    falsch["turniere"]["turniere"][0]["seed"] = 3
    (tmp_path / "falsch.json").write_text(json.dumps(falsch), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "falsch.json"), "--dazu", code=2)
    assert "das Turnier „Krone“" in r.stderr and "mit verschiedenem „seed“" in r.stderr
    assert _export(buecher, "a.db") == vorher


def test_turnier_ohne_kennung_kommt_neu_mit_warnung(buecher, tmp_path):
    _buch_a(buecher)
    _buch_b(buecher)
    b = json.loads(_export(buecher, "b.db"))
    del b["turniere"]["kennungen"]  # ein Export von vor diesem Feld
    (tmp_path / "alt.json").write_text(json.dumps(b), encoding="utf-8")
    r = buecher("a.db", "import", str(tmp_path / "alt.json"), "--dazu", "--json")
    z = json.loads(r.stdout)
    assert (z["turniere_neu"], z["abende_neu"], z["ohne_kennung"]) == (1, 1, 1)
    assert "Warnung: 1 Turnier der Datei ohne Kennung" in r.stderr and " bekam " in r.stderr
    # noch einmal: wieder ohne Kennung, also wieder neu (darum die Warnung)
    r = buecher("a.db", "import", str(tmp_path / "alt.json"), "--dazu", "--json")
    z = json.loads(r.stdout)
    assert (z["turniere_neu"], z["abende_vorhanden"]) == (1, 1)
    liste = buecher("a.db", "turnier", "liste").stdout
    assert liste.count("Krone") == 2
    # ins leere Buch: gewöhnlicher Import, auch mit Warnung, und eine neue Kennung
    r = buecher("c.db", "import", str(tmp_path / "alt.json"))
    assert "Warnung: 1 Turnier der Datei ohne Kennung" in r.stderr
    assert len(json.loads(_export(buecher, "c.db"))["turniere"]["kennungen"]) == 1


def _umbauen(b: dict, wie: str) -> None:
    t = b["turniere"]
    if wie == "art":
        t["kennungen"][0]["art"] = "abend"
    elif wie == "fremdes_turnier":
        t["turnier_teilnehmer"][0]["turnier_id"] = 7
    elif wie == "kennung_doppelt":
        t["kennungen"][0]["uuid"] = b["abende"][0]["uuid"]


@pytest.mark.parametrize(
    ("wie", "meldung"),
    [
        ("art", "je Turnier eine Kennung mit „art“ = „turnier“"),
        ("fremdes_turnier", "die Zeile gehört zu keinem Turnier der Datei"),
        ("kennung_doppelt", "die Kennung („uuid“) kommt zweimal vor"),
    ],
)
def test_falsche_turnierkennungen_werden_abgewiesen(buecher, tmp_path, wie, meldung):
    _buch_a(buecher)
    _buch_b(buecher)
    b = json.loads(_export(buecher, "b.db"))
    _umbauen(b, wie)
    (tmp_path / "f.json").write_text(json.dumps(b), encoding="utf-8")
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "f.json"), "--dazu", code=2)
    assert meldung in r.stderr, r.stderr
    assert _export(buecher, "a.db") == vorher
    r = buecher("c.db", "import", str(tmp_path / "f.json"), code=2)
    assert meldung in r.stderr, r.stderr


# ---------------------------------------------------------------- Eigenschaften

_NAMEN = ["Anna", "Ben", "Cem", "Dora"]

#: ein Buch: vielleicht ein Abend (ein Spiel), vielleicht ein Turnier (ein Blatt)
_BUCH = st.tuples(
    st.none() | st.tuples(st.sampled_from(["Anna+Ben", "Cem+Dora"]), st.integers(31, 89)),
    st.none() | st.lists(st.integers(-20, 20), min_size=3, max_size=3),
).filter(lambda buch: buch != (None, None))


def _baue(rufe, db: str, buch, datum: str, name: str) -> None:
    abend, blatt = buch
    if abend is not None:
        _abend(rufe, db, datum, _NAMEN, abend[0], abend[1])
    if blatt is not None:
        _turnier(rufe, db, name, 5, _NAMEN)
        punkte = [*blatt, -sum(blatt)]  # ein Blatt geht auf null auf
        _blatt(rufe, db, 1, *(f"{n}={p:+d}" for n, p in zip(_NAMEN, punkte, strict=True)))


def _ohne_nummern(rangliste: list[dict]) -> list[tuple]:
    return [
        (
            z["platz"],
            z["name"],
            z["wert"],
            z["spiele"],
            z["soli"],
            sorted((e["art"], e["datum"], e["wert"], e["zaehlt"]) for e in z["ereignisse"]),
        )
        for z in rangliste
    ]


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(a=_BUCH, b=_BUCH)
def test_zweimal_ist_einmal_und_beide_richtungen_geben_dieselbe_saison(buecher, tmp_path, a, b):
    """Mit Turnieren: dieselbe Datei zweimal ist einmal; A in B und B in A geben dieselbe
    Saison-Rangliste (bis auf die Nummern der Abende und Turniere)."""
    for datei in tmp_path.glob("*.db*"):
        datei.unlink()
    _baue(buecher, "a.db", a, "2027-02-01", "Post")
    _baue(buecher, "b.db", b, "2027-02-08", "Krone")
    _sichern(buecher, "a.db", tmp_path / "a.json")
    _sichern(buecher, "b.db", tmp_path / "b.json")
    buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    einmal = _export(buecher, "a.db")
    buecher("a.db", "import", str(tmp_path / "b.json"), "--dazu")
    assert _export(buecher, "a.db") == einmal
    buecher("b.db", "import", str(tmp_path / "a.json"), "--dazu")
    assert _ohne_nummern(_saison(buecher, "a.db")) == _ohne_nummern(_saison(buecher, "b.db"))
    ka = {k["uuid"] for k in json.loads(einmal).get("turniere", {}).get("kennungen", [])}
    kb = {
        k["uuid"]
        for k in json.loads(_export(buecher, "b.db")).get("turniere", {}).get("kennungen", [])
    }
    assert ka == kb and len(ka) == (a[1] is not None) + (b[1] is not None)


def test_zwei_geltende_auslosungen_einer_runde_sind_eingabefehler(buecher, tmp_path):
    """Was SQLite ablehnt (hier: zwei geltende Auslosungen einer Runde), ist ein Fehler der
    Datei (Exit 2), kein Programmfehler – beim Import wie beim Dazunehmen."""
    _buch_a(buecher)
    _buch_b(buecher)
    buecher("b.db", "turnier", "auslosung", "--zuruecknehmen")
    buecher("b.db", "turnier", "auslosung")
    b = json.loads(_export(buecher, "b.db"))
    for runde in b["turniere"]["turnier_runden"]:
        runde["gilt"] = 1
    (tmp_path / "f.json").write_text(json.dumps(b), encoding="utf-8")
    meldung = "„turniere.turnier_runden“, Zeile 2: passt nicht zu den übrigen Zeilen"
    r = buecher("c.db", "import", str(tmp_path / "f.json"), code=2)
    assert meldung in r.stderr
    assert not (tmp_path / "c.db").exists()
    vorher = _export(buecher, "a.db")
    r = buecher("a.db", "import", str(tmp_path / "f.json"), "--dazu", code=2)
    assert "„turniere.turnier_runden“, Zeile 3: passt nicht" in r.stderr  # nach Post Runde 1
    assert _export(buecher, "a.db") == vorher
