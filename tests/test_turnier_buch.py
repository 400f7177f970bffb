"""Das Turnierbuch (``referee.buch.turnier.Turnierbuch``) über einer echten Datei: jede
Schreibmethode eine Transaktion, ein Fehler schreibt nichts (logischer Inhalt vorher = nachher),
Korrekturen und Stornos bleiben sichtbar, die Auslosung ist aus dem Buch reproduzierbar."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from hilfen import logischer_inhalt

from referee.buch.turnier import Turnierbuch
from referee.errors import Eingabefehler, Regelverstoss, Zustandsfehler
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.store import KeineDaten

NAMEN = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Hans", "Ida"]


@pytest.fixture
def tb(tmp_path):
    """Ein Turnier mit neun Teilnehmern (ein Vierer-, ein Fünfertisch), Runde 1 ausgelost."""
    with Turnierbuch(tmp_path / "t.db") as buch:
        buch.neu("Preisschafkopf Post", runden=2, spiele=4, seed=11)
        buch.anmelden(NAMEN)
        buch.auslosung()
        yield buch


def _tisch(tb, nr, runde=1):
    return next(t for t in tb.tische(runde).tische if t.nr == nr)


def _namen(tb, nr, runde=1):
    return [s.name for s in _tisch(tb, nr, runde).sitze]


def _unveraendert(tb, aufruf, fehler, match=None):
    """``aufruf()`` scheitert mit ``fehler`` und lässt die Datei logisch unverändert."""
    vorher = logischer_inhalt(tb.store.pfad)
    with pytest.raises(fehler, match=match):
        aufruf()
    assert logischer_inhalt(tb.store.pfad) == vorher


def test_lesen_ohne_datei_legt_nichts_an(tmp_path):
    pfad = tmp_path / "leer.db"
    tb = Turnierbuch(pfad)
    assert tb.liste().als_json() == {"turniere": []}
    with pytest.raises(KeineDaten, match="Kein Turnier"):
        tb.stand()
    assert not pfad.exists()


def test_tische_der_auslosung(tb):
    plan = tb.tische(1)
    assert sorted(len(t.sitze) for t in plan.tische) == [4, 5]
    assert sorted(s.name for t in plan.tische for s in t.sitze) == NAMEN
    assert plan.wiederholungen == 0
    assert [s.text() for s in plan.stand] == ["Tisch 1: 0/4", "Tisch 2: 0/4"]


def test_blatt_das_nicht_aufgeht_schreibt_nichts(tb):
    a, b, c, d = _namen(tb, 1)
    _unveraendert(
        tb,
        lambda: tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -2}),
        Eingabefehler,
        r"Summe ist \+1 statt 0",
    )


def test_name_nicht_am_tisch_schreibt_nichts(tb):
    a, b, c, _ = _namen(tb, 1)
    fremd = _namen(tb, 2)[0]
    _unveraendert(
        tb,
        lambda: tb.ergebnis(1, 1, {a: 3, b: -1, c: -1, fremd: -1}),
        Eingabefehler,
        f"„{fremd}“ sitzt nicht an Tisch 1",
    )


def test_runde_nicht_ausgelost_schreibt_nichts(tb):
    a, b, c, d = _namen(tb, 1)
    _unveraendert(
        tb, lambda: tb.ergebnis(2, 1, {a: 1, b: -1, c: 0, d: 0}), Zustandsfehler, "Runde 2"
    )
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(2, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)),
        Zustandsfehler,
        "Runde 2 ist nicht ausgelost",
    )
    _unveraendert(
        tb, lambda: tb.ergebnis(1, 7, {a: 1, b: -1, c: 0, d: 0}), Eingabefehler, "keinen Tisch 7"
    )


def test_verbotenes_spiel_ist_ein_regelverstoss_und_schreibt_nichts(tb):
    a, b, _, _ = _namen(tb, 1)
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("geier", (a,), augen=71)),
        Regelverstoss,
        "Geier wird in diesem Turnier nicht gespielt",
    )
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(
            1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71, klopfer=1)
        ),
        Regelverstoss,
        "Klopfen",
    )


def test_zweites_blatt_ist_eine_korrektur(tb):
    a, b, c, d = _namen(tb, 1)
    erst = tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -3}, soli={a: 1})
    zweit = tb.ergebnis(1, 1, {a: 10, b: -5, c: -4, d: -1})
    assert zweit.ersetzt == erst.eintrag.id
    alle = tb.store.turnier_eintraege(tb.stand().turnier.id, alle=True)
    assert [(e.art, e.bezug, e.gilt) for e in alle] == [
        ("blatt", None, False),
        ("blatt", erst.eintrag.id, True),
    ]
    # ohne --soli behält die Korrektur die Soli des korrigierten Blatts (issue 35, Punkt 7)
    assert zweit.soli_uebernommen and dict(zweit.blatt.soli)[_nr(tb, a)] == 1
    stand = {z.name: (z.punkte, z.soli) for z in tb.stand().rangliste}
    assert (stand[a], stand[d]) == ((10, 1), (-1, 0))
    # Storno der Korrektur: das erste Blatt gilt wieder
    s = tb.rueckgaengig(zweit.eintrag.id)
    assert s.wieder_gueltig == erst.eintrag.id
    stand = {z.name: (z.punkte, z.soli) for z in tb.stand().rangliste}
    assert (stand[a], stand[d]) == ((12, 1), (-3, 0))


def test_korrektur_mit_soli_setzt_sie_neu(tb):
    a, b, c, d = _namen(tb, 1)
    tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -3}, soli={a: 1})
    zweit = tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -3}, soli={b: 2})
    assert not zweit.soli_uebernommen
    stand = {z.name: z.soli for z in tb.stand().rangliste}
    assert (stand[a], stand[b]) == (0, 2)
    # ausdrücklich keine Soli: alle 0
    dritt = tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -3}, soli={})
    assert not dritt.soli_uebernommen and all(n == 0 for _, n in dritt.blatt.soli)


def _nr(tb, name):
    return next(x.startnummer for x in tb.turnier().teilnehmer if x.name == name)


def test_spiele_ergeben_die_summen_und_den_fortschritt(tb):
    a, b, c, d = _namen(tb, 1)
    tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (b, c), augen=71))  # b, c +1
    r = tb.spiel_eintragen(
        1, 1, SchafkopfAngaben.angesagt("wenz", (d,), augen=95)
    )  # d +9, sonst -3
    assert r.tisch.text() == "Tisch 1: 2/4"
    assert dict(r.summen) == dict(zip(_tisch(tb, 1).startnummern, [-1 - 3, 1 - 3, 1 - 3, -1 + 9]))
    assert r.naechster_geber == _tisch(tb, 1).startnummern[2]  # Spiel 3 gibt Platz 3
    stand = {z.name: (z.punkte, z.soli) for z in tb.stand().rangliste}
    assert stand[a] == (-4, 0) and stand[d] == (8, 1)
    # ein Blatt geht den Spielen vor
    tb.ergebnis(1, 1, {a: 1, b: 1, c: -1, d: -1})
    stand = {z.name: (z.punkte, z.soli) for z in tb.stand().rangliste}
    assert stand[a] == (1, 0) and stand[d] == (-1, 0)
    assert tb.tische(1).stand[0].quelle == "blatt"


def test_korrektur_eines_spiels_behaelt_seinen_geber(tb):
    namen = _namen(tb, 2)  # Fünfertisch: Spiel 1 gibt Platz 1 und setzt aus
    erst = tb.spiel_eintragen(
        1, 2, SchafkopfAngaben.angesagt("rufspiel", (namen[1], namen[2]), augen=71)
    )
    tb.spiel_eintragen(1, 2, SchafkopfAngaben.angesagt("rufspiel", (namen[2], namen[3]), augen=71))
    k = tb.spiel_korrigieren(
        erst.eintrag.id, SchafkopfAngaben.angesagt("solo", (namen[4],), augen=80), runde=1, tisch=2
    )
    assert k.ersetzt == erst.eintrag.id and k.spiel.geber == erst.spiel.geber
    assert dict(k.spiel.punkte)[_tisch(tb, 2).startnummern[0]] == 0  # der Geber setzt aus
    with pytest.raises(Zustandsfehler, match="schon ersetzt"):
        tb.spiel_korrigieren(
            erst.eintrag.id, SchafkopfAngaben.angesagt("solo", (namen[4],), augen=80)
        )
    with pytest.raises(Eingabefehler, match="steht an Tisch 2"):
        tb.rueckgaengig(k.eintrag.id, runde=1, tisch=1)
    with pytest.raises(Eingabefehler, match="steht an Tisch 2"):
        tb.spiel_korrigieren(
            k.eintrag.id, SchafkopfAngaben.angesagt("solo", (namen[4],), augen=80), runde=1, tisch=1
        )


def test_schluessel_macht_die_eingabe_vom_handy_idempotent(tb):
    a, b, _, _ = _namen(tb, 1)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    erst = tb.spiel_eintragen(1, 1, ruf, schluessel="tisch1-abc-0001")
    noch = tb.spiel_eintragen(1, 1, ruf, schluessel="tisch1-abc-0001")
    assert noch.wiederholt and noch.eintrag.id == erst.eintrag.id
    assert noch.tisch.spiele == 1
    with pytest.raises(Eingabefehler, match="Schlüssel"):
        tb.spiel_eintragen(1, 1, ruf, schluessel="kurz")


def test_zwei_handys_am_selben_tisch_zugleich(tb):
    """Beide rechneten mit demselben Geber: das zweite wird abgewiesen, nichts doppelt."""
    from referee.turnier.spiel import spiel_werten

    a, b, c, d = _namen(tb, 1)
    t = tb.stand().turnier
    lage = tb.tischlage(1, 1)
    spiel = spiel_werten(SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71), lage)
    tb.spiel_eintragen(1, 1, SchafkopfAngaben.angesagt("rufspiel", (c, d), augen=71))
    _unveraendert(
        tb,
        lambda: tb._spiel_schreiben(
            t, spiel, SchafkopfAngaben.angesagt("rufspiel"), None, None, []
        ),
        Zustandsfehler,
        "inzwischen ein Spiel",
    )


def test_spaet_anmelden_abmelden_wieder_anmelden(tb):
    neu = tb.anmelden(["Jakob"])
    assert neu.ab_runde == 2 and [x.startnummer for x in neu.teilnehmer] == [10]
    ab = tb.abmelden(["Anna"])
    assert ab.ab_runde == 2
    with pytest.raises(Zustandsfehler, match="schon abgemeldet"):
        tb.abmelden(["anna"])
    wieder = tb.anmelden(["Anna"])
    assert wieder.wieder and wieder.teilnehmer[0].startnummer == 1
    tb.abmelden(["Anna"])
    with pytest.raises(Eingabefehler, match="„Ben“ hat schon die Startnummer 2"):
        tb.anmelden(["Ben", "Kathi"])
    plan = tb.auslosung(trotzdem=True)
    gesetzt = sorted(s.name for t in plan.tische for s in t.sitze)
    assert "Anna" not in gesetzt and "Jakob" in gesetzt and len(gesetzt) == 9
    with pytest.raises(Zustandsfehler, match="Alle 2 Runden"):
        tb.anmelden(["Lena"])
    with pytest.raises(Zustandsfehler, match="Alle 2 Runden"):
        tb.auslosung()


def test_ersatzspieler_uebernimmt_die_punkte(tb):
    a, b, c, d = _namen(tb, 1)
    tb.ergebnis(1, 1, {a: 12, b: -5, c: -4, d: -3}, soli={a: 1})
    e = tb.ersetzen(a, "Xaver", ab_runde=2)
    assert (e.alt, e.neu, e.ab_runde) == (a, "Xaver", 2)
    zeile = next(z for z in tb.stand().rangliste if z.name == "Xaver")
    assert (zeile.punkte, zeile.soli, zeile.konto.ersetzt) == (12, 1, (a,))
    assert a not in [z.name for z in tb.stand().rangliste]
    # in Runde 1 saß noch der alte Name: dort gilt er (und die Startnummer), nicht der neue
    assert next(z for z in tb.stand(runde=1).rangliste if z.punkte == 12).name == a
    nr = e.startnummer
    _unveraendert(
        tb,
        lambda: tb.ergebnis(1, 1, {"Xaver": 10, b: -5, c: -4, d: -1}),
        Eingabefehler,
        f"„Xaver“ spielt in Runde 1 nicht: für Startnummer {nr} sitzt dort {a}",
    )
    tb.ergebnis(1, 1, {f"#{nr}": 10, b: -5, c: -4, d: -1})
    assert next(z for z in tb.stand().rangliste if z.name == "Xaver").punkte == 10


def test_ersetzter_name_gilt_auf_dem_blatt_des_ersatzspielers_nicht(tb):
    """Issue 35, Punkt 9c: ab der Runde des Ersatzspielers ist der alte Name am Tisch falsch –
    auf dem Blatt wie in einem Spiel; nichts wird eingetragen."""
    tb.ergebnis(1, 1, dict(zip(_namen(tb, 1), (1, -1, 0, 0))))
    tb.ergebnis(1, 2, dict(zip(_namen(tb, 2), (1, -1, 0, 0, 0))))
    tb.auslosung(trotzdem=True)
    a, b, c, d = _namen(tb, 1, runde=2)[:4]
    e = tb.ersetzen(a, "Xaver", ab_runde=2)
    rest = dict(zip(_namen(tb, 1, runde=2)[4:], [0] * 5))
    meldung = f"„{a}“ spielt in Runde 2 nicht: für Startnummer {e.startnummer} sitzt dort Xaver"
    _unveraendert(
        tb, lambda: tb.ergebnis(2, 1, {a: 3, b: -1, c: -1, d: -1, **rest}), Eingabefehler, meldung
    )
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(2, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)),
        Eingabefehler,
        meldung,
    )
    r = tb.ergebnis(2, 1, {"xaver": 3, b: -1, c: -1, d: -1, **rest})
    assert dict(r.namen)[e.startnummer] == "Xaver"


def test_auslosung_auf_einer_kopie_gibt_dieselben_tische(tmp_path, tb):
    kopie = tmp_path / "kopie.db"
    with sqlite3.connect(tb.store.pfad) as von, sqlite3.connect(kopie) as nach:
        von.backup(nach)
    zweite = tmp_path / "zweite.db"
    shutil.copy(kopie, zweite)
    with Turnierbuch(kopie) as k1, Turnierbuch(zweite) as k2:
        assert (
            k1.auslosung(trotzdem=True).als_json()["tische"]
            == k2.auslosung(trotzdem=True).als_json()["tische"]
        )


def test_nur_anhaengen(tb):
    a, b, c, d = _namen(tb, 1)
    tb.ergebnis(1, 1, {a: 1, b: -1, c: 0, d: 0})
    with sqlite3.connect(tb.store.pfad) as c:
        for sql in (
            "DELETE FROM turnier_eintraege",
            "UPDATE turnier_werte SET punkte = 99",
            "UPDATE turniere SET name = 'x'",
            "DELETE FROM turnier_tische",
            "UPDATE turnier_teilnehmer SET name = 'x'",
        ):
            with pytest.raises(sqlite3.IntegrityError):
                c.execute(sql)


def test_beendetes_turnier_nimmt_nichts_mehr(tb):
    a, b, c, d = _namen(tb, 1)
    ende = tb.ende(trotzdem=True)
    assert ende.turnier.beendet is not None
    tid = ende.turnier.id
    _unveraendert(
        tb,
        lambda: tb.ergebnis(1, 1, {a: 1, b: -1, c: 0, d: 0}, turnier_id=tid),
        Zustandsfehler,
        "ist beendet",
    )
    # ohne --turnier: das zuletzt angelegte – schreiben sagt „ist beendet“, lesen geht weiter
    with pytest.raises(Zustandsfehler, match=f"Turnier {tid} ist beendet"):
        tb.auslosung(trotzdem=True)
    assert tb.stand(turnier_id=ende.turnier.id).turnier.id == ende.turnier.id
    assert tb.stand().turnier.id == tid


def test_neu_prueft_die_eingaben(tmp_path):
    tb = Turnierbuch(tmp_path / "n.db")
    with pytest.raises(Eingabefehler, match="--runden"):
        tb.neu("X", runden=0, spiele=32)
    with pytest.raises(Eingabefehler, match="höchstens 100"):
        tb.neu("x" * 101, runden=2, spiele=32)
    with pytest.raises(Eingabefehler, match="Unbekannte Wertung"):
        tb.neu("X", runden=2, spiele=32, wertung="gibts-nicht")
    assert not (tmp_path / "n.db").exists()
    t = tb.neu("\x1b[2JPost\u202e", runden=2, spiele=32).turnier
    assert "\x1b" not in t.name and "\u202e" not in t.name and 0 <= t.seed <= 10**9


# --------------------------------------------------------------------------- für die Tische


def test_vorschau_rechnet_wie_eintragen_und_schreibt_nichts(tb):
    a, b, c, _ = _namen(tb, 1)
    nr = _tisch(tb, 1).startnummern
    solo = SchafkopfAngaben.angesagt("solo", (c,), augen=95)
    vorher = logischer_inhalt(tb.store.pfad)
    v = tb.vorschau(1, 1, solo)
    assert logischer_inhalt(tb.store.pfad) == vorher
    # solo-6-2: Solo 2 + Schneider 1 = 3 je Gegenspieler, der Spieler dreimal so viel
    assert dict(v.punkte) == {nr[0]: -3, nr[1]: -3, nr[2]: 9, nr[3]: -3}
    assert dict(v.soli) == {nr[2]: 1} and v.geber == nr[0]
    assert v.wert_text() == "3 Punkte (2 (Solo) + 1 (Schneider) = 3)"
    e = tb.spiel_eintragen(1, 1, solo)
    assert e.spiel.punkte == v.punkte
    # als Korrektur von Spiel 1: derselbe Geber, ein Rufspiel ist 1 Punkt je Spieler
    k = tb.vorschau(
        1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=61), korrektur_von=e.eintrag.id
    )
    assert dict(k.punkte) == {nr[0]: 1, nr[1]: 1, nr[2]: -1, nr[3]: -1} and k.geber == nr[0]
    assert k.wert_text() == "1 Punkt (Rufspiel)"
    with pytest.raises(Eingabefehler, match="steht an Tisch 1 .Runde 1., nicht an Tisch 2"):
        tb.vorschau(1, 2, solo, korrektur_von=e.eintrag.id)
    with pytest.raises(Regelverstoss, match="Geier wird in diesem Turnier nicht gespielt"):
        tb.vorschau(1, 1, SchafkopfAngaben.angesagt("geier", (a,), augen=71))


def test_spiel_nr_nennt_das_spiel_das_der_schreiber_meint(tb):
    a, b, _, _ = _namen(tb, 1)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    assert tb.spiel_eintragen(1, 1, ruf, spiel_nr=1).tisch.spiele == 1
    # ein zweites Handy sah noch 0 Spiele und meint auch Spiel 1
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(1, 1, ruf, spiel_nr=1),
        Zustandsfehler,
        "gelten schon 1 Spiele; dieses wäre Spiel 2, nicht 1",
    )
    assert (
        tb.spiel_eintragen(1, 1, ruf, spiel_nr=2, eingabe={"handy": "r x y 71"}).tisch.spiele == 2
    )
    assert tb.tischspiele(1, 1)[-1].eingabe["handy"] == "r x y 71"


def test_laufender_tisch_fertig_blatt_neue_runde_ende(tb):
    a, b, c, d = _namen(tb, 1)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    ids = [tb.spiel_eintragen(1, 1, ruf, laufend=True).eintrag.id for _ in range(4)]
    # vier von vier Spielen: kein fünftes vom Tisch, korrigieren und zurücknehmen gehen
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(1, 1, ruf, laufend=True),
        Zustandsfehler,
        "Tisch 1 hat alle 4 Spiele von Runde 1",
    )
    k = tb.spiel_korrigieren(
        ids[0], SchafkopfAngaben.angesagt("rufspiel", (c, d), augen=71), laufend=True
    )
    assert k.ersetzt == ids[0]
    # am Fünfertisch ist das Blatt vom Papier eingegeben: es zählt, der Tisch nimmt keine Spiele
    x = _namen(tb, 2)
    tb.ergebnis(1, 2, {x[0]: 2, x[1]: -2, x[2]: 0, x[3]: 0, x[4]: 0})
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(
            1, 2, SchafkopfAngaben.angesagt("rufspiel", (x[1], x[2]), augen=71), laufend=True
        ),
        Zustandsfehler,
        "Tischblatt vom Papier eingegeben",
    )
    # Runde 2 ausgelost und begonnen: an Runde 1 schreibt kein Tisch mehr – die Leitung schon
    tb.auslosung(trotzdem=True)
    tb.ergebnis(2, 1, dict.fromkeys(_namen(tb, 1, runde=2), 0))
    for aufruf in (
        lambda: tb.spiel_korrigieren(ids[1], ruf, laufend=True),
        lambda: tb.rueckgaengig(ids[3], laufend=True),
    ):
        _unveraendert(tb, aufruf, Zustandsfehler, "Runde 1 ist vorbei: Runde 2 ist ausgelost")
    assert tb.rueckgaengig(ids[3]).storniert.id == ids[3]
    tid = tb.ende(trotzdem=True).turnier.id
    with pytest.raises(Zustandsfehler, match=f"Turnier {tid} ist beendet; hier wird nichts"):
        tb.pruefe_laufenden_tisch(2, 1, tid)


def test_rueckgaengig_nur_das_letzte_mit_schluessel(tb):
    a, b, c, d = _namen(tb, 1)
    e1 = tb.spiel_eintragen(
        1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    ).eintrag.id
    e2 = tb.spiel_eintragen(
        1, 1, SchafkopfAngaben.angesagt("rufspiel", (c, d), augen=71)
    ).eintrag.id
    _unveraendert(
        tb,
        lambda: tb.rueckgaengig(e1, nur_letztes=True, runde=1, tisch=1),
        Zustandsfehler,
        f"Spiel #{e1} ist nicht mehr das letzte an Tisch 1 .zuletzt gilt #{e2}.",
    )
    erst = tb.rueckgaengig(e2, schluessel="u-tisch1-0001", nur_letztes=True, runde=1, tisch=1)
    assert (erst.storniert.id, erst.wiederholt, erst.tisch.spiele) == (e2, False, 1)
    # dieselbe Absendung noch einmal (Antwort verloren): der erste Storno, nichts Neues
    noch = tb.rueckgaengig(e2, schluessel="u-tisch1-0001", nur_letztes=True, runde=1, tisch=1)
    assert (noch.storno.id, noch.wiederholt) == (erst.storno.id, True)
    assert [e.id for e in tb.tischspiele(1, 1)] == [e1]
    # ein zweites Turnier im selben Buch: sein Tisch-Handy erreicht Spiel e1 nicht
    zweites = tb.neu("Zweites", runden=1, spiele=4, seed=1).turnier.id
    with pytest.raises(Eingabefehler, match=f"#{e1} gehört nicht zu Turnier {zweites}"):
        tb.rueckgaengig(e1, turnier_id=zweites)
    with pytest.raises(Eingabefehler, match=f"#{e1} gehört nicht zu Turnier {zweites}"):
        tb.spiel_korrigieren(
            e1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=61), turnier_id=zweites
        )


def test_tischspiele_und_tischversionen(tb):
    a, b, c, d = _namen(tb, 1)
    assert tb.tischversionen(1) == {} and tb.tischspiele(1, 1) == ()
    e1 = tb.spiel_eintragen(
        1, 1, SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    ).eintrag.id
    e2 = tb.spiel_eintragen(
        1, 1, SchafkopfAngaben.angesagt("rufspiel", (c, d), augen=71)
    ).eintrag.id
    k = tb.spiel_korrigieren(e1, SchafkopfAngaben.angesagt("rufspiel", (a, c), augen=71)).eintrag.id
    # die Korrektur steht am Platz des ersten Spiels
    assert [e.id for e in tb.tischspiele(1, 1)] == [k, e2]
    assert tb.tischversionen(1) == {1: k}
    s = tb.rueckgaengig(e2).storno.id
    assert tb.tischversionen(1) == {1: s}
    with pytest.raises(Eingabefehler, match="keinen Tisch 7"):
        tb.tischspiele(1, 7)


def test_nach_der_auslosung_schreibt_ein_tisch_nichts_mehr_in_die_alte_runde(tb):
    """Ein Tisch-Handy sah noch Runde 1, inzwischen lost die Turnierleitung (ein anderer
    Prozess) Runde 2 aus: Eintrag, Korrektur und Storno vom Handy schreiben nichts – geprüft in
    der Transaktion, die schreiben würde (die Prüfung und das Schreiben sind eine Einheit)."""
    a, b, _, _ = _namen(tb, 1)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    e = tb.spiel_eintragen(1, 1, ruf, laufend=True).eintrag
    for nr in (1, 2):
        tb.ergebnis(1, nr, dict(zip(_namen(tb, nr), (1, -1) + (0,) * 3)))
    with Turnierbuch(tb.store.pfad) as leitung:
        leitung.auslosung()
        leitung.ergebnis(2, 1, dict.fromkeys(_namen(leitung, 1, runde=2), 0))  # Runde 2 beginnt
    _unveraendert(
        tb,
        lambda: tb.spiel_eintragen(1, 1, ruf, laufend=True),
        Zustandsfehler,
        "Runde 1 ist vorbei: Runde 2 ist ausgelost",
    )
    _unveraendert(
        tb, lambda: tb.rueckgaengig(e.id, laufend=True), Zustandsfehler, "Runde 1 ist vorbei"
    )
    _unveraendert(
        tb,
        lambda: tb.store.turnier_storno(e.id, nur_laufende_runde=True),
        Zustandsfehler,
        "Runde 1 ist vorbei",
    )
    assert tb.store.turnier_eintrag(e.id).gilt


def test_mehr_spiele_als_die_runde_hat_nimmt_auch_die_turnierleitung_nicht(tb):
    a, b, _, _ = _namen(tb, 1)
    ruf = SchafkopfAngaben.angesagt("rufspiel", (a, b), augen=71)
    for _ in range(4):  # das Turnier hat 4 Spiele je Runde
        tb.spiel_eintragen(1, 1, ruf)
    _unveraendert(
        tb, lambda: tb.spiel_eintragen(1, 1, ruf), Zustandsfehler, "Tisch 1 hat alle 4 Spiele"
    )


def test_tischlinks_gelten_nach_einem_neustart(tb, tmp_path):
    """Die Schreib-Links der Tische kommen aus einem Geheimnis des Buchs: dasselbe Buch neu
    geöffnet gibt dieselben (die gedruckten QR-Codes gelten weiter), jeder Tisch und jede
    Runde einen anderen, ein anderes Buch andere."""
    import re
    import shutil

    erster = {(1, t.nr): tb.tisch_link(1, t.nr) for t in tb.tische(1).tische}
    assert len(set(erster.values())) == len(erster) == 2
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", x) for x in erster.values())  # 128 Bit
    kopie = tmp_path / "kopie.db"
    shutil.copy(tb.store.pfad, kopie)
    lesen = tb.lese_link()
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", lesen) and lesen not in erster.values()
    with Turnierbuch(tb.store.pfad) as wieder:
        assert {k: wieder.tisch_link(*k) for k in erster} == erster
        assert wieder.lese_link() == lesen
    tb.auslosung(trotzdem=True)
    assert {tb.tisch_link(2, t.nr) for t in tb.tische(2).tische}.isdisjoint(erster.values())
    with Turnierbuch(tmp_path / "anderes.db") as anderes:
        anderes.neu("Preisschafkopf Post", runden=2, spiele=4, seed=11)
        anderes.anmelden(NAMEN)
        anderes.auslosung(trotzdem=True)
        assert anderes.tisch_link(1, 1) != erster[(1, 1)]
    with pytest.raises(Eingabefehler, match="Runde 1 hat keinen Tisch 9"):
        tb.tisch_link(1, 9)
