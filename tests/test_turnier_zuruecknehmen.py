"""Die Turnierleitung am Abend (issue 35): eine Auslosung zurücknehmen, nur mit ``trotzdem``
auslosen oder beenden, ein Turnier wieder öffnen – alles festgehalten, nie gelöscht; Namen mit
„#“ werden nicht angemeldet."""

from __future__ import annotations

import sqlite3

import pytest
from hilfen import logischer_inhalt

from referee.buch.turnier import Turnierbuch
from referee.errors import Eingabefehler, Zustandsfehler
from referee.schafkopf.angaben import SchafkopfAngaben

NAMEN = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Hans", "Ida"]


@pytest.fixture
def tb(tmp_path):
    """Neun Teilnehmer (ein Vierer-, ein Fünfertisch), 2 Runden zu 4 Spielen, Runde 1 gelost."""
    with Turnierbuch(tmp_path / "t.db") as buch:
        buch.neu("Preisschafkopf Post", runden=2, spiele=4, seed=11)
        buch.anmelden(NAMEN)
        buch.auslosung()
        yield buch


def _namen(tb, nr, runde=1):
    return [s.name for s in next(t for t in tb.tische(runde).tische if t.nr == nr).sitze]


def _unveraendert(tb, aufruf, fehler, match):
    vorher = logischer_inhalt(tb.store.pfad)
    with pytest.raises(fehler, match=match):
        aufruf()
    assert logischer_inhalt(tb.store.pfad) == vorher


def _runde_1_fertig(tb):
    tb.ergebnis(1, 1, dict(zip(_namen(tb, 1), (2, -2, 0, 0))))
    tb.ergebnis(1, 2, dict(zip(_namen(tb, 2), (1, -1, 0, 0, 0))))


def _zeilen(tb, sql):
    with sqlite3.connect(tb.store.pfad) as c:
        return c.execute(sql).fetchall()


def test_auslosung_bei_offenen_tischen_nennt_sie(tb):
    a, b, _, _ = _namen(tb, 1)
    tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71))
    _unveraendert(
        tb,
        tb.auslosung,
        Zustandsfehler,
        "Runde 1 läuft noch – Runde 1: Tisch 1 \\(1/4\\), Tisch 2 \\(0/4\\) offen",
    )
    plan = tb.auslosung(trotzdem=True)
    assert plan.runde == 2
    assert [(s.tisch, s.spiele) for s in plan.offen_gelassen] == [(1, 1), (2, 0)]


def test_zuruecknehmen_und_neu_auslosen(tb):
    _runde_1_fertig(tb)
    erste = tb.auslosung()
    links = {tb.tisch_link(2, t.nr) for t in erste.tische}
    z = tb.auslosung_zuruecknehmen()
    assert (z.runde, z.auslosung, z.laufende_runde) == (2, 1, 1)
    assert [s.text() for s in z.fortschritt] == [
        "Tisch 1: Blatt eingegeben",
        "Tisch 2: Blatt eingegeben",
    ]
    # Runde 2 ist nicht mehr ausgelost: eintragen geht nicht, tische zeigt Runde 1
    with pytest.raises(Zustandsfehler, match="Runde 2 ist nicht ausgelost"):
        tb.ergebnis(2, 1, {"Anna": 0})
    assert tb.tische().runde == 1
    zweite = tb.auslosung()
    # derselbe Startwert, dieselben Paare bisher: dieselben Tische – aber neue Links
    assert zweite.auslosung == 2
    assert [t.startnummern for t in zweite.tische] == [t.startnummern for t in erste.tische]
    assert links.isdisjoint({tb.tisch_link(2, t.nr) for t in zweite.tische})
    # nichts gelöscht: beide Auslosungen stehen im Buch, die erste gilt nicht
    assert _zeilen(tb, "SELECT runde, auslosung, gilt FROM turnier_runden ORDER BY 1, 2") == [
        (1, 1, 1),
        (2, 1, 0),
        (2, 2, 1),
    ]
    assert _zeilen(
        tb, "SELECT auslosung, gilt, count(*) FROM turnier_tische WHERE runde = 2 GROUP BY 1, 2"
    ) == [(1, 0, 9), (2, 1, 9)]
    assert _zeilen(tb, "SELECT art, runde, auslosung FROM turnier_ereignisse") == [
        ("auslosung_zurueck", 2, 1)
    ]
    with sqlite3.connect(tb.store.pfad) as c, pytest.raises(sqlite3.IntegrityError):
        c.execute("DELETE FROM turnier_tische WHERE runde = 2")
    with sqlite3.connect(tb.store.pfad) as c, pytest.raises(sqlite3.IntegrityError):
        c.execute("UPDATE turnier_runden SET gilt = 1 WHERE runde = 2 AND auslosung = 1")


def test_zuruecknehmen_nach_zwei_spielen_abgewiesen(tb):
    _runde_1_fertig(tb)
    tb.auslosung()
    a, b, c, d = _namen(tb, 1, runde=2)[:4]
    tb.spiel_eintragen(2, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71))
    zweit = tb.spiel_eintragen(2, 1, SchafkopfAngaben.angesagt("rufspiel", (c, d), augen=71))
    tb.rueckgaengig(zweit.eintrag.id)  # auch ein storniertes Spiel gehört zur Auslosung
    _unveraendert(
        tb,
        tb.auslosung_zuruecknehmen,
        Zustandsfehler,
        "Die Auslosung von Runde 2 bleibt: an ihren Tischen ist schon eingetragen – 2 Spiele "
        "\\(Tisch 1\\)",
    )


def test_zuruecknehmen_ohne_auslosung_und_beendet(tmp_path):
    with Turnierbuch(tmp_path / "t.db") as tb:
        tb.neu("Post", runden=1, spiele=4, seed=1)
        tb.anmelden(NAMEN[:4])
        _unveraendert(tb, tb.auslosung_zuruecknehmen, Zustandsfehler, "keine Runde ausgelost")


def test_alte_runde_schreibt_bis_die_neue_beginnt(tb):
    """Nach ``auslosung --trotzdem`` spielen die offenen Tische von Runde 1 zu Ende, bis an
    Runde 2 das erste Spiel oder Blatt eingetragen ist."""
    a, b = _namen(tb, 1)[:2]
    tb.auslosung(trotzdem=True)
    assert tb.store.laufende_runden(1) == (1, 2)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    tb.spiel_eintragen(1, 1, ruf, laufend=True)
    assert tb.pruefe_laufenden_tisch(1, 1, neues_spiel=True).spiele == 1
    x, y = _namen(tb, 1, runde=2)[:2]
    tb.spiel_eintragen(2, 1, SchafkopfAngaben.angesagt("rufspiel", (x, y), augen=71))
    assert tb.store.laufende_runden(1) == (2,)
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(1, 1, ruf, laufend=True),
        Zustandsfehler,
        "Runde 1 ist vorbei: Runde 2 ist ausgelost",
    )
    # die Turnierleitung trägt weiter nach
    assert tb.spiel_eintragen(1, 1, ruf).eintrag.runde == 1


def test_ende_nur_mit_trotzdem_und_wieder(tb):
    a, b, _, _ = _namen(tb, 1)
    tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71))
    _unveraendert(
        tb,
        tb.ende,
        Zustandsfehler,
        "Turnier 1 ist nicht fertig: Runde 1: Tisch 1 \\(1/4\\), Tisch 2 \\(0/4\\) offen; Runde 2 "
        "nicht ausgelost. Beenden trotzdem mit --trotzdem",
    )
    e = tb.ende(trotzdem=True)
    assert [s.tisch for s in e.offen] == [1, 2] and e.nicht_ausgelost == (2,)
    with pytest.raises(Zustandsfehler, match="Turnier 1 ist beendet"):
        tb.ergebnis(1, 2, dict(zip(_namen(tb, 2), (1, -1, 0, 0, 0))))
    w = tb.wieder()
    assert w.turnier.offen and w.war_beendet == e.turnier.beendet
    tb.ergebnis(1, 2, dict(zip(_namen(tb, 2), (1, -1, 0, 0, 0))))
    _unveraendert(tb, tb.wieder, Zustandsfehler, "Turnier 1 ist offen; nichts wieder zu öffnen")
    # beides bleibt im Buch: das Ende gilt nicht mehr, „wieder“ verweist darauf
    assert _zeilen(tb, "SELECT id, art, bezug, gilt FROM turnier_ereignisse ORDER BY id") == [
        (1, "ende", None, 0),
        (2, "wieder", 1, 1),
    ]
    # fertig: jetzt ohne --trotzdem
    tb.ergebnis(1, 1, dict(zip(_namen(tb, 1), (2, -2, 0, 0))))
    tb.auslosung()
    for t in tb.tische(2).tische:
        tb.ergebnis(2, t.nr, dict(zip([s.name for s in t.sitze], (0,) * len(t.sitze))))
    assert tb.ende().offen == ()


@pytest.mark.parametrize("name", ["#2", "#", "  #Anna"])
def test_name_mit_raute_wird_nicht_angemeldet(tb, name):
    _unveraendert(
        tb,
        lambda: tb.anmelden(["Zenzi", name]),
        Eingabefehler,
        "beginnt mit „#“; #12 nennt am Tisch die Startnummer 12",
    )
    _unveraendert(tb, lambda: tb.ersetzen("Anna", name), Eingabefehler, "beginnt mit „#“")
    # „#“ mitten im Namen stört nicht
    assert tb.anmelden(["Anna #2"]).teilnehmer[0].name == "Anna #2"


@pytest.mark.parametrize(("regel", "spaet_gesamt"), [("0", 7), ("schnitt", 11)])
def test_fehlende_runde_nach_der_regel_des_turniers(tmp_path, regel, spaet_gesamt):
    """Zenzi kommt zu Runde 2 (Runde 1: keine Punkte, ``None``); sie spielt +3 und +4. Mit
    ``fehlrunde=0`` zählt Runde 1 nichts (7), mit ``schnitt`` den Schnitt 3,5 → 4 (11)."""
    with Turnierbuch(tmp_path / "t.db") as tb:
        tb.neu("Post", runden=3, spiele=4, seed=5, setzen=[f"fehlrunde={regel}"])
        tb.anmelden(NAMEN[:8])
        tb.auslosung()
        for t in tb.tische(1).tische:
            tb.ergebnis(1, t.nr, dict.fromkeys([s.name for s in t.sitze], 0))
        tb.anmelden(["Zenzi", "Xaver", "Yvonne", "Wast"])
        for runde, wert in ((2, 3), (3, 4)):
            tb.auslosung()
            for t in tb.tische(runde).tische:
                namen = [s.name for s in t.sitze]
                if "Zenzi" in namen:
                    andere = [n for n in namen if n != "Zenzi"]
                    punkte = {"Zenzi": wert, andere[0]: -wert, **dict.fromkeys(andere[1:], 0)}
                else:
                    punkte = dict.fromkeys(namen, 0)
                tb.ergebnis(runde, t.nr, punkte)
        zenzi = next(z for z in tb.stand().rangliste if z.name == "Zenzi")
        assert zenzi.konto.je_runde == (None, 3, 4)
        assert zenzi.punkte == spaet_gesamt
        assert zenzi.als_json()["je_runde"] == [None, 3, 4]
        assert tb.turnier().turnier.wertung["fehlrunde"] == regel


@pytest.mark.parametrize("befehl", [("turnier", "live", "--schreiben"), ("live", "--schreiben")])
def test_live_an_fremder_adresse_schreibt_nichts(cli, db_pfad, befehl):
    """Issue 35, Punkt 14: ``turnier live --host 192.0.2.1`` scheitert (Exit 2) – und hat kein
    Geheimnis für die Links ins Buch geschrieben (ein Befehl, der scheitert, ändert nichts)."""
    from conftest import ok

    with Turnierbuch(db_pfad) as tb:
        tb.neu("Post", runden=1, spiele=4, seed=1)
        tb.anmelden(NAMEN[:4])
        tb.auslosung()
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    vorher = logischer_inhalt(db_pfad)
    r = ok(cli(*befehl, "--host", "192.0.2.1", "--port", "0"), 2)
    assert "Die Adresse „192.0.2.1“ gehört nicht zu diesem Rechner" in r.stderr
    assert logischer_inhalt(db_pfad) == vorher
    assert _zeilen_in(db_pfad, "SELECT count(*) FROM geheimnisse") == [(0,)]


def _zeilen_in(pfad, sql):
    with sqlite3.connect(pfad) as c:
        return c.execute(sql).fetchall()
