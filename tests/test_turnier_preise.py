"""Die Kerne der Turnierleitung: Preisliste und Verteilung (``referee.turnier.preise``),
Mannschaftswertung, Sitzplan und Laufzettel (``aushang``), Verein aus der Teilnehmerliste,
Eurobeträge. Erwartete Werte von Hand aus den Regeln in den Moduldokus gerechnet; dazu
Eigenschaften mit hypothesis: Anteile zahlen nie mehr als den Topf aus, geteilte Plätze gehen
auf den Cent auf, ein Rest wird genannt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler
from referee.turnier.aushang import laufzettel, sitzplan, sortiername
from referee.turnier.daten import Sitz, Teilnehmer, Tisch
from referee.turnier.mannschaften import mannschaftswertung
from referee.turnier.preise import preisliste_lesen, verteile
from referee.turnier.rangliste import Konto, rangliste
from referee.turnier.teilnehmer import Meldung, teilnehmer_aus_liste
from referee.zahlen import euro_in_cent


def _rang(*punkte_soli):
    """``_rang((9, 0), (5, 1), …)`` → Rangliste der Startnummern 1, 2, … (Name ``S1`` …)."""
    return rangliste([Konto(i, f"S{i}", p, s) for i, (p, s) in enumerate(punkte_soli, 1)])


# --------------------------------------------------------------------------- Preisliste lesen


def test_preisliste_fest_bereich_sache_anteil():
    liste = preisliste_lesen(["1=300", "2=200,50", "3=Geschenkkorb", "4-6=20", "7=5%"])
    assert [(p.platz, p.cent, p.anteil, p.sache) for p in liste.preise] == [
        (1, 30000, None, None),
        (2, 20050, None, None),
        (3, None, None, "Geschenkkorb"),
        (4, 2000, None, None),
        (5, 2000, None, None),
        (6, 2000, None, None),
        (7, None, 500, None),
    ]


@pytest.mark.parametrize(
    ("angaben", "anteile", "text"),
    [
        (["1=300", "1=200"], None, "Platz 1 hat schon einen Preis"),
        ([], "60,30,20", "110 %"),
        (["1=60%"], "50", "Platz 1 hat schon einen Preis"),
        (["1:300"], None, "nicht die Form PLATZ=PREIS"),
        (["0=300"], None, "zwischen 1 und"),
        (["5-3=20"], None, "der erste zuerst"),
        (["1="], None, "fehlt der Preis"),
        (["1=12,345"], None, "kein Eurobetrag"),
        ([], ",", "braucht Prozente"),
    ],
)
def test_preisliste_unlesbar(angaben, anteile, text):
    with pytest.raises(Eingabefehler, match=text):
        preisliste_lesen(angaben, anteile)


# --------------------------------------------------------------------------- verteilen


def test_gleichstand_ueber_preisgrenze_teilt_die_beteiligten_preise():
    # Plätze 3 und 4 gleich (5 Punkte, 0 Soli): (100 + 20) / 2 = 60 € je
    r = _rang((9, 0), (7, 0), (5, 0), (5, 0), (1, 0))
    v = verteile(r, preisliste_lesen(["1=300", "2=200", "3=100", "4-10=20"]), topf=0)
    assert [(z.platz, z.startnummer, z.cent) for z in v.zeilen] == [
        (1, 1, 30000),
        (2, 2, 20000),
        (3, 3, 6000),
        (3, 4, 6000),
        (5, 5, 2000),
    ]
    (t,) = v.teilungen
    assert (t.von, t.bis, t.summe, t.je, t.rest) == (3, 4, 12000, 6000, 0)
    assert t.text() == "Platz 3–4 geteilt: 120,00 € / 2 = je 60,00 €"
    # Plätze 6–10 (20 € je) ohne Spieler: 100 € nicht vergeben
    assert v.nicht_vergeben == 10000 and v.ausgezahlt == 30000 + 20000 + 2 * 6000 + 2000


def test_anteile_mit_rest_der_in_der_kasse_bleibt():
    # Topf 375 €: 40 % = 150 €, 25 % = 93,75 €, 15 % = 56,25 €; Plätze 3 und 4 gleich: 56,25 € /
    # 2 = 28,12 € je, 1 Cent Rest
    r = _rang((9, 0), (7, 0), (5, 1), (5, 1), (1, 0))
    v = verteile(r, preisliste_lesen([], "40,25,15"), topf=37500)
    assert [z.cent for z in v.zeilen] == [15000, 9375, 2812, 2812]
    (t,) = v.teilungen
    assert (t.summe, t.je, t.rest) == (5625, 2812, 1)
    assert (
        t.text() == "Platz 3–4 geteilt: 56,25 € / 2 = je 28,12 €, Rest 0,01 € bleibt in der Kasse"
    )
    assert (v.ausgezahlt, v.rest, v.bleibt) == (29999, 1, 7501)
    assert v.bleibt_text() == "bleibt 75,01 €"


def test_anteil_wird_abgerundet():
    # Topf 10 €: 33,33 % = 3,333 € → 3,33 €
    v = verteile(_rang((1, 0)), preisliste_lesen([], "33.33"), topf=1000)
    assert v.zeilen[0].cent == 333 and v.bleibt == 667


def test_sachpreis_im_gleichstand_ist_zu_entscheiden():
    r = _rang((9, 0), (5, 0), (5, 0))
    v = verteile(r, preisliste_lesen(["1=100", "2=Geschenkkorb", "3=20"]), topf=0)
    assert [(z.startnummer, z.cent, z.preis_text()) for z in v.zeilen] == [
        (1, 10000, "100,00 €"),
        (2, None, "zu entscheiden"),
        (3, None, "zu entscheiden"),
    ]
    (t,) = v.teilungen
    assert t.entscheiden and t.sachen == ("Geschenkkorb",) and t.summe == 2000
    assert "Stechen oder Los" in t.text() and v.offen == 2000
    # allein auf dem Platz: der Sachpreis selbst
    v2 = verteile(_rang((9, 0), (5, 0)), preisliste_lesen(["2=Geschenkkorb"]), topf=0)
    assert [(z.startnummer, z.sache) for z in v2.zeilen] == [(2, "Geschenkkorb")]


def test_ungleiche_soli_sind_kein_gleichstand():
    r = _rang((5, 1), (5, 0))
    v = verteile(r, preisliste_lesen(["1=100", "2=50"]), topf=0)
    assert [(z.platz, z.cent) for z in v.zeilen] == [(1, 10000), (2, 5000)] and not v.teilungen


def test_preise_ueber_dem_topf_legt_der_veranstalter_dazu():
    v = verteile(_rang((1, 0)), preisliste_lesen(["1=300"]), topf=10000)
    assert v.bleibt == -20000 and v.bleibt_text() == "der Veranstalter legt 200,00 € dazu"


_RANGLISTE = st.lists(
    st.tuples(st.integers(-5, 5), st.integers(0, 1)), min_size=1, max_size=30
).map(lambda ps: _rang(*ps))


@settings(max_examples=300, deadline=None)
@given(
    r=_RANGLISTE,
    anteile=st.lists(st.integers(0, 4000), min_size=1, max_size=12).filter(
        lambda a: sum(a) <= 10_000
    ),
    topf=st.integers(0, 10_000_000),
)
def test_eigenschaft_anteile_nie_mehr_als_der_topf(r, anteile, topf):
    text = ",".join(f"{a // 100}.{a % 100:02d}" for a in anteile)
    v = verteile(r, preisliste_lesen([], text), topf)
    assert v.ausgezahlt + v.rest + v.nicht_vergeben <= topf
    assert v.bleibt >= 0


@settings(max_examples=300, deadline=None)
@given(
    r=_RANGLISTE,
    betraege=st.lists(st.integers(0, 50_000), min_size=1, max_size=15),
)
def test_eigenschaft_teilungen_gehen_auf_den_cent_auf(r, betraege):
    liste = preisliste_lesen([f"{i}={c // 100},{c % 100:02d}" for i, c in enumerate(betraege, 1)])
    v = verteile(r, liste, topf=0)
    preis = dict(enumerate(betraege, 1))
    for t in v.teilungen:
        k = len(t.startnummern)
        assert k >= 2 and t.je is not None
        # die Preise der belegten Plätze, gleich verteilt, der Rest kleiner als die Spieler
        assert t.summe == sum(preis.get(p, 0) for p in range(t.von, t.bis + 1))
        assert t.je * k + t.rest == t.summe and 0 <= t.rest < k
        assert {z.cent for z in v.zeilen if z.teilung == t} == {t.je}
        assert ("Rest" in t.text()) == (t.rest > 0)
    # wer allein auf seinem Platz steht, bekommt genau seinen Preis
    allein = [z for z in v.zeilen if z.teilung is None]
    for z in allein:
        platz = next(i for i, x in enumerate(r, 1) if x.startnummer == z.startnummer)
        assert z.cent == preis[platz]
    # ausgezahlt + Reste + nicht vergeben == alle Preise
    assert v.ausgezahlt + v.rest + v.nicht_vergeben == sum(
        c for p, c in preis.items() if p <= len(r)
    ) + sum(c for p, c in preis.items() if p > len(r))


# --------------------------------------------------------------------------- Mannschaften


def test_mannschaften_beste_n_gleichstand_und_unvollstaendig():
    # Punkte (Soli): 1: 9, 2: 7, 3: 6 (1), 4: 5, 5: 4, 6: 2, 7: 8
    r = _rang((9, 0), (7, 0), (6, 1), (5, 0), (4, 0), (2, 0), (8, 0))
    gruppe = {
        1: "SV Post",
        2: "FC Au",
        3: "FC Au",
        4: "sv  post",
        5: "TSV",
        6: "SV Post",
        7: "Ohne",
    }
    m = mannschaftswertung(r, gruppe, beste=2)
    # SV Post: 9 + 5 = 14 (0 Soli); FC Au: 7 + 6 = 13; TSV und „Ohne“: nur einer → dahinter
    assert [(z.platz, z.name, z.punkte, z.soli, z.vollstaendig) for z in m] == [
        (1, "SV Post", 14, 0, True),
        (2, "FC Au", 13, 1, True),
        (3, "Ohne", 8, 0, False),
        (4, "TSV", 4, 0, False),
    ]
    assert [w.startnummer for w in m[0].wertung] == [1, 4] and [
        w.startnummer for w in m[0].weitere
    ] == [6]
    # gleiche Summe: die Soli entscheiden, dann der bessere Erste; sonst derselbe Platz
    r2 = _rang((6, 0), (4, 0), (5, 1), (5, 0), (5, 0), (5, 0))
    m2 = mannschaftswertung(r2, {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C"}, beste=2)
    assert [(z.platz, z.name, z.punkte, z.soli) for z in m2] == [
        (1, "B", 10, 1),
        (2, "A", 10, 0),
        (3, "C", 10, 0),
    ]
    r3 = _rang((5, 0), (5, 0), (5, 0), (5, 0))
    m3 = mannschaftswertung(r3, {1: "A", 2: "A", 3: "B", 4: "B"}, beste=2)
    assert [(z.platz, z.name) for z in m3] == [(1, "A"), (1, "B")]


# --------------------------------------------------------------------------- Listen


def test_sitzplan_nach_telefonbuch_und_laufzettel():
    namen = ["Łukasz", "Zenzi", "Otto", "Öz", "Anna", "Ärmin", "Ben", "Sepp"]
    tische = [
        Tisch(1, 1, (Sitz(1, "Łukasz"), Sitz(2, "Zenzi"), Sitz(3, "Otto"), Sitz(4, "Öz"))),
        Tisch(1, 2, (Sitz(5, "Anna"), Sitz(6, "Ärmin"), Sitz(7, "Ben"), Sitz(8, "Sepp"))),
        Tisch(2, 1, (Sitz(8, "Sepp"), Sitz(1, "Łukasz"), Sitz(6, "Ärmin"), Sitz(3, "Otto"))),
    ]
    plan = sitzplan(t for t in tische if t.runde == 1)
    # DIN 5007-2: Ä = ae, Ö = oe („oez“ vor „otto“), Ł bei L
    assert [(p.name, p.tisch, p.platz) for p in plan] == [
        ("Ärmin", 2, 2),
        ("Anna", 2, 1),
        ("Ben", 2, 3),
        ("Łukasz", 1, 1),
        ("Öz", 1, 4),
        ("Otto", 1, 3),
        ("Sepp", 2, 4),
        ("Zenzi", 1, 2),
    ]
    assert sortiername(" Großer  Ärger ") == "grosser aerger"
    teilnehmer = [Teilnehmer(i, ((1, n),)) for i, n in enumerate(namen, 1)]
    zettel = laufzettel(teilnehmer, tische, runden=3, vereine={1: "FC Au"})
    assert zettel[0].runden == ((1, 1), (1, 2), None) and zettel[0].verein == "FC Au"
    assert zettel[1].runden == ((1, 2), None, None)  # Zenzi sitzt in Runde 2 nicht
    assert zettel[7].runden == ((2, 4), (1, 1), None)


def test_teilnehmerliste_mit_verein_und_mannschaft():
    text = "\ufeffName;Verein;Mannschaft\nSepp Huber;SV Post;Post 1\nŁukasz;;\nAnna;FC\x07 Au;\n"
    assert teilnehmer_aus_liste(text) == [
        Meldung("Sepp Huber", "SV Post", "Post 1"),
        Meldung("Łukasz", None, None),
        Meldung("Anna", "FC Au", None),
    ]
    # ohne Kopfzeile: nur Namen (die zweite Spalte ist kein Verein)
    assert teilnehmer_aus_liste("Anna;SV Post\n") == [Meldung("Anna")]
    with pytest.raises(Eingabefehler, match="Verein"):
        teilnehmer_aus_liste("Name,Club\nAnna," + "x" * 101 + "\n")


@pytest.mark.parametrize(
    ("text", "cent"),
    [("15", 1500), ("15,5", 1550), ("15.50", 1550), ("0,05", 5), ("7 €", 700), ("12EUR", 1200)],
)
def test_euro_in_cent(text, cent):
    assert euro_in_cent(text, "x") == cent


@pytest.mark.parametrize("text", ["", "-5", "1,234", "15,", "abc", "1e3", "99999999999"])
def test_euro_in_cent_unlesbar(text):
    with pytest.raises(Eingabefehler):
        euro_in_cent(text, "--startgeld")
