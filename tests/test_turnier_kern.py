"""Der Preisschafkopf-Kern (``referee.turnier``): Wertungen, Auslosung, Tischblatt, Spiel am
Tisch, Rangliste – ohne Datenbank. Die erwarteten Werte stehen von Hand da (aus den
Turnierordnungen, die ``data/turnier_wertungen.json`` nennt)."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
from conftest import ROOT, _env
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Regelverstoss, Zustandsfehler
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.turnier.auslosung import auslosen, tische_moeglich, tischgroessen, wiederholte_paare
from referee.turnier.blatt import blatt_auskunft, blatt_erlaubt, pruefe_blatt
from referee.turnier.daten import Sitz, Teilnehmer, Tisch
from referee.turnier.rangliste import Konto, rangliste
from referee.turnier.spiel import Tischlage, spiel_werten
from referee.turnier.teilnehmer import namen_aus_liste
from referee.turnier.wertung import (
    SCHLUESSEL,
    Wertung,
    pruefe_spiel,
    spiel_auskunft,
    spiel_erlaubt,
    wertung_laden,
    wertung_namen,
)

VIER = Tisch(1, 1, (Sitz(1, "Anna"), Sitz(2, "Ben"), Sitz(3, "Cem"), Sitz(4, "Dora")))
FUENF = Tisch(1, 2, (*VIER.sitze, Sitz(5, "Emil")))


def punkte(angaben: SchafkopfAngaben, wertung: str = "solo-6-2", tisch: Tisch = VIER, spiele=0):
    """Die geschriebenen Punkte je Startnummer eines Spiels."""
    s = spiel_werten(angaben, Tischlage(tisch, wertung_laden(wertung), spiele))
    return dict(s.punkte)


# --------------------------------------------------------------------------- Wertungen


def test_drei_wertungen_mit_quelle():
    assert wertung_namen() == ["solo-6-2", "solo-15-5", "nur-plus"]
    for name in wertung_namen():
        w = wertung_laden(name)
        assert w.name == name and w.quelle and w.annahmen
        assert Wertung.aus_json(w.als_json()) == w


@pytest.mark.parametrize(
    "angaben, erwartet",
    [
        # Großreuth: Rufspiel je 1/2/3, Solospiel 6/2, Schneider 9/3, schwarz 12/4, tout 24/8
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71),
            {1: 1, 2: 1, 3: -1, 4: -1},
        ),
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=95),
            {1: 2, 2: 2, 3: -2, 4: -2},
        ),
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=120, schwarz=True),
            {1: 3, 2: 3, 3: -3, 4: -3},
        ),
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Cem", "Dora"), augen=60),
            {1: 1, 2: 1, 3: -1, 4: -1},
        ),
        (SchafkopfAngaben.angesagt("herz-solo", ("Cem",), augen=61), {1: -2, 2: -2, 3: 6, 4: -2}),
        (SchafkopfAngaben.angesagt("solo", ("Cem",), augen=91), {1: -3, 2: -3, 3: 9, 4: -3}),
        (
            SchafkopfAngaben.angesagt("solo", ("Cem",), augen=120, schwarz=True),
            {1: -4, 2: -4, 3: 12, 4: -4},
        ),
        (SchafkopfAngaben.angesagt("wenz", ("Dora",), augen=40), {1: 2, 2: 2, 3: 2, 4: -6}),
        (
            SchafkopfAngaben.angesagt("solo", ("Ben",), tout=True, augen=120, schwarz=True),
            {1: -8, 2: 24, 3: -8, 4: -8},
        ),
        (
            SchafkopfAngaben.angesagt("solo", ("Ben",), tout=True, augen=100),
            {1: 8, 2: -24, 3: 8, 4: 8},
        ),
    ],
)
def test_solo_6_2(angaben, erwartet):
    assert punkte(angaben) == erwartet


@pytest.mark.parametrize(
    "angaben, erwartet",
    [
        # Donauries-Cup: Solo/Wenz 15/5, Schneider 18/6, Schwarz 21/7, Tout doppelt, Sie vierfach
        (SchafkopfAngaben.angesagt("wenz", ("Anna",), augen=61), {1: 15, 2: -5, 3: -5, 4: -5}),
        (SchafkopfAngaben.angesagt("wenz", ("Anna",), augen=60), {1: -15, 2: 5, 3: 5, 4: 5}),
        (SchafkopfAngaben.angesagt("solo", ("Anna",), augen=91), {1: 18, 2: -6, 3: -6, 4: -6}),
        (SchafkopfAngaben.angesagt("solo", ("Anna",), augen=20), {1: -18, 2: 6, 3: 6, 4: 6}),
        (
            SchafkopfAngaben.angesagt("solo", ("Anna",), augen=120, schwarz=True),
            {1: 21, 2: -7, 3: -7, 4: -7},
        ),
        (
            SchafkopfAngaben.angesagt("solo", ("Anna",), augen=120, tout=True, schwarz=True),
            {1: 30, 2: -10, 3: -10, 4: -10},
        ),
        (SchafkopfAngaben.angesagt("solo", ("Anna",), sie=True), {1: 60, 2: -20, 3: -20, 4: -20}),
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Cem"), augen=20),
            {1: -2, 2: 2, 3: -2, 4: 2},
        ),
    ],
)
def test_solo_15_5(angaben, erwartet):
    assert punkte(angaben, "solo-15-5") == erwartet


@pytest.mark.parametrize(
    "angaben, erwartet",
    [
        # Vohenstrauß: nur Pluspunkte – Rufspiel +1 je Gewinner, Solo +6 oder Gegner je +2
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71),
            {1: 1, 2: 1, 3: 0, 4: 0},
        ),
        (
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=30),
            {1: 0, 2: 0, 3: 2, 4: 2},
        ),
        (SchafkopfAngaben.angesagt("solo", ("Cem",), augen=61), {1: 0, 2: 0, 3: 6, 4: 0}),
        (SchafkopfAngaben.angesagt("solo", ("Cem",), augen=59), {1: 2, 2: 2, 3: 0, 4: 2}),
        (SchafkopfAngaben.angesagt("solo", ("Cem",), augen=100), {1: 0, 2: 0, 3: 9, 4: 0}),
        (
            SchafkopfAngaben.angesagt("solo", ("Cem",), augen=120, tout=True, schwarz=True),
            {1: 0, 2: 0, 3: 24, 4: 0},
        ),
    ],
)
def test_nur_plus(angaben, erwartet):
    assert punkte(angaben, "nur-plus") == erwartet


def test_gewonnenes_solo_zaehlt_als_solo():
    lage = Tischlage(VIER, wertung_laden(), 0)
    assert dict(spiel_werten(SchafkopfAngaben.angesagt("wenz", ("Ben",), augen=70), lage).soli) == {
        2: 1
    }
    assert spiel_werten(SchafkopfAngaben.angesagt("wenz", ("Ben",), augen=50), lage).soli == ()
    ruf = SchafkopfAngaben.angesagt("rufspiel", ("Ben", "Cem"), augen=70)
    assert spiel_werten(ruf, lage).soli == ()


def test_turnierregeln_verbieten_geier_und_klopfen_auf_einmal():
    w = wertung_laden("solo-15-5")
    assert spiel_erlaubt(w, "rufspiel") and not spiel_erlaubt(w, "geier")
    auskunft = spiel_auskunft(w, "geier", klopfer=1, stoesse=1)
    assert not auskunft.erlaubt and len(auskunft.gruende) == 3
    with pytest.raises(Regelverstoss, match="Geier wird in diesem Turnier nicht gespielt"):
        pruefe_spiel(w, "geier")
    with pytest.raises(Regelverstoss, match="Klopfen"):
        punkte(
            SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71, klopfer=1), "solo-15-5"
        )


def test_stoss_ohne_wirkung_oder_doppelt():
    stoss = SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71, stoesse=1)
    assert punkte(stoss) == {1: 1, 2: 1, 3: -1, 4: -1}  # Großreuth: Contra ohne Auswirkung
    w = wertung_laden("solo-6-2", ["stoss=doppelt"])
    s = spiel_werten(stoss, Tischlage(VIER, w, 0))
    assert dict(s.punkte) == {1: 2, 2: 2, 3: -2, 4: -2}


def test_set_ueberschreibt_und_meldet_alle_fehler():
    w = wertung_laden("solo-6-2", ["solo=5", "laufende=1", "spielarten=rufspiel,wenz,geier"])
    assert (w.tarif.solo, w.tarif.laufende, w.spielarten) == (5, 1, ("rufspiel", "wenz", "geier"))
    with pytest.raises(Eingabefehler) as info:
        wertung_laden("solo-6-2", ["gibtsnicht=1", "ramsch_erlaubt=ja", "schreibweise=egal"])
    meldung = str(info.value)
    assert "gibtsnicht" in meldung and "spielarten" in meldung
    with pytest.raises(Eingabefehler, match="Unbekannte Wertung „solo-6-3“"):
        wertung_laden("solo-6-3")
    assert "schreibweise" in SCHLUESSEL and "ramsch_erlaubt" not in SCHLUESSEL


def test_laufende_nach_set():
    w = wertung_laden("solo-6-2", ["laufende=1", "laufende_ab=3"])
    s = spiel_werten(
        SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71, laufende=4),
        Tischlage(VIER, w, 0),
    )
    assert dict(s.punkte) == {1: 5, 2: 5, 3: -5, 4: -5}  # 1 + 4 Laufende × 1


# --------------------------------------------------------------------------- Spiel am Tisch


def test_fuenfertisch_geber_setzt_aus():
    # Spiel 3 gibt Platz 3 (Cem): er setzt aus und bekommt 0
    p = punkte(
        SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Emil"), augen=80), tisch=FUENF, spiele=2
    )
    assert p == {1: 1, 2: -1, 3: 0, 4: -1, 5: 1}
    with pytest.raises(Eingabefehler, match="Cem gibt dieses Spiel .* setzt am Fünfertisch aus"):
        punkte(SchafkopfAngaben.angesagt("solo", ("Cem",), augen=80), tisch=FUENF, spiele=2)


def test_namen_am_tisch_startnummer_und_frueherer_name():
    lage = Tischlage(VIER, wertung_laden(), 0, aliase={2: ("Ben", "Berta")})
    assert lage.startnummer("anna") == 1 and lage.startnummer("#3") == 3
    assert lage.startnummer("Berta") == 2
    with pytest.raises(Eingabefehler, match="„Emil“ sitzt nicht an Tisch 1"):
        lage.startnummer("Emil")
    with pytest.raises(Eingabefehler, match="Meintest du „Dora“"):
        lage.startnummer("Dorra")


@st.composite
def schafkopf_fakten(draw):
    art = draw(st.sampled_from(["rufspiel", "solo", "wenz", "herz-solo"]))
    namen = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    if art == "rufspiel":
        partei = tuple(draw(st.permutations(namen))[:2])
    else:
        partei = (draw(st.sampled_from(namen)),)
    augen = draw(st.integers(0, 120).filter(lambda a: a not in (1, 119)))
    schwarz = augen in (0, 120) and draw(st.booleans())
    tout = art != "rufspiel" and draw(st.booleans())
    return SchafkopfAngaben.angesagt(art, partei, augen=augen, schwarz=schwarz, tout=tout)


@settings(max_examples=150, deadline=None)
@given(
    fakten=schafkopf_fakten(),
    wertung=st.sampled_from(["solo-6-2", "solo-15-5", "nur-plus"]),
    fuenf=st.booleans(),
    spiele=st.integers(0, 40),
)
def test_jedes_spiel_geht_auf_null_oder_hat_nur_pluspunkte(fakten, wertung, fuenf, spiele):
    tisch = FUENF if fuenf else VIER
    try:
        s = spiel_werten(fakten, Tischlage(tisch, wertung_laden(wertung), spiele))
    except (Eingabefehler, Regelverstoss):  # widersprüchliche Fakten, Spielart nicht erlaubt
        assume(False)
        return
    werte = dict(s.punkte)
    assert set(werte) == set(tisch.startnummern)
    if wertung == "nur-plus":
        assert all(p >= 0 for p in werte.values()) and sum(werte.values()) > 0
    else:
        assert sum(werte.values()) == 0
    if fuenf:
        assert werte[tisch.sitze[spiele % 5].startnummer] == 0  # der Geber setzt aus


# --------------------------------------------------------------------------- Tischblatt


def test_blatt_geht_auf_null():
    w = wertung_laden()
    assert blatt_erlaubt({1: 12, 2: -5, 3: -4, 4: -3}, (1, 2, 3, 4), w)
    a = blatt_auskunft({1: 12, 2: -5, 3: -4, 4: -2}, (1, 2, 3, 4), w)
    assert not a.erlaubt and a.summe == 1
    with pytest.raises(Eingabefehler, match=r"Summe ist \+1 statt 0"):
        pruefe_blatt({1: 12, 2: -5, 3: -4, 4: -2}, (1, 2, 3, 4), w)


def test_blatt_alle_maengel_auf_einmal():
    a = blatt_auskunft(
        {1: 3, 2: -3, 9: 0},
        (1, 2, 3, 4),
        wertung_laden("nur-plus"),
        soli={1: 40},
        spiele=32,
        namen={2: "Ben", 3: "Cem", 4: "Dora"},
    )
    text = " ".join(a.maengel)
    assert "Nicht an diesem Tisch: Nr. 9" in text
    assert "Es fehlt Cem (Nr. 3), Dora (Nr. 4)" in text
    assert "Ben (Nr. 2): -3 Punkte" in text and "nurplus" in text
    assert "40 gewonnene Soli liegt nicht im Bereich 0 bis 32" in text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-200, 200), min_size=4, max_size=5))
def test_blatt_plusminus_genau_dann_wenn_summe_null(werte):
    sitze = tuple(range(1, len(werte) + 1))
    erlaubt = blatt_erlaubt(dict(zip(sitze, werte)), sitze, wertung_laden())
    assert erlaubt == (sum(werte) == 0)


# --------------------------------------------------------------------------- Auslosung


@pytest.mark.parametrize(
    "n, groessen",
    [
        (4, (4,)),
        (5, (5,)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (5, 5)),
        (13, (4, 4, 5)),
        (15, (5, 5, 5)),
        (26, (4, 4, 4, 4, 5, 5)),
        (200, (4,) * 50),
    ],
)
def test_tischgroessen(n, groessen):
    assert tischgroessen(n) == groessen


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 7, 11])
def test_diese_zahlen_gehen_nicht(n):
    assert not tische_moeglich(n)
    with pytest.raises(Zustandsfehler, match="Nichts ausgelost"):
        auslosen(range(1, n + 1), [], seed=1, runde=1)


def _begegnungen(tische):
    return [p for t in tische for p in itertools.combinations(sorted(t), 2)]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(4, 120).filter(lambda n: n not in (6, 7, 11)),
    seed=st.integers(0, 10**6),
    runden=st.integers(1, 3),
)
def test_jeder_sitzt_einmal_an_tischen_zu_vier_oder_fuenf(n, seed, runden):
    spieler = list(range(1, n + 1))
    frueher: list[tuple[int, int]] = []
    for r in range(1, runden + 1):
        a = auslosen(spieler, frueher, seed=seed, runde=r)
        gesetzt = [s for t in a.tische for s in t]
        assert sorted(gesetzt) == spieler
        assert all(len(t) in (4, 5) for t in a.tische)
        assert sum(1 for t in a.tische if len(t) == 5) == n % 4
        assert a.wiederholte == wiederholte_paare(a.tische, frueher)
        frueher += _begegnungen(a.tische)


def test_auslosung_reproduzierbar():
    erst = auslosen(range(1, 27), [], seed=2027, runde=1)
    assert erst == auslosen(reversed(range(1, 27)), [], seed=2027, runde=1)
    assert erst != auslosen(range(1, 27), [], seed=2028, runde=1)
    assert erst != auslosen(range(1, 27), [], seed=2027, runde=2)


@pytest.mark.parametrize("seed", range(8))
def test_26_spieler_treffen_sich_in_runde_2_und_3_nie_wieder(seed):
    frueher: list[tuple[int, int]] = []
    for r in (1, 2, 3):
        a = auslosen(range(1, 27), frueher, seed=seed, runde=r)
        assert a.wiederholungen == 0, (r, a.wiederholte)
        frueher += _begegnungen(a.tische)


def test_acht_spieler_runde_2_meldet_die_unvermeidlichen_wiederholungen():
    # zwei Vierertische, dann wieder zwei: jeder neue Tisch hat mindestens zwei von einem alten
    # Tisch; am wenigsten ist 2 + 2 je neuem Tisch, also 2 Paare je Tisch = 4
    runde1 = [(1, 2, 3, 4), (5, 6, 7, 8)]
    a = auslosen(range(1, 9), _begegnungen(runde1), seed=3, runde=2)
    assert a.wiederholungen == 4
    # 4 + 5: je Tisch zwei Paare … am wenigsten 1 + 1 + 1 + 3 = 6
    runde1 = [(1, 2, 3, 4), (5, 6, 7, 8, 9)]
    assert auslosen(range(1, 10), _begegnungen(runde1), seed=3, runde=2).wiederholungen == 6


@pytest.mark.parametrize("seed", range(4))
def test_so_wenige_wie_moeglich_zweimal_am_fuenfertisch(seed):
    # 26 = 4+4+4+4+5+5: ein Fünfertisch der Runde 2 ohne Wiederbegegnung braucht fünf Spieler
    # von fünf verschiedenen Tischen der Runde 1 – es gibt nur vier Vierertische, also sitzt an
    # jedem Fünfertisch genau einer, der schon an einem saß: 2, nicht mehr
    a1 = auslosen(range(1, 27), [], seed=seed, runde=1)
    fuenf = {s for t in a1.tische if len(t) == 5 for s in t}
    a2 = auslosen(range(1, 27), _begegnungen(a1.tische), seed=seed, runde=2, fuenfer=fuenf)
    assert a2.wiederholungen == 0
    assert len(fuenf & {s for t in a2.tische if len(t) == 5 for s in t}) == 2


# --------------------------------------------------------------------------- Rangliste


def test_rangliste_punkte_dann_soli_dann_gleicher_platz():
    z = rangliste(
        [
            Konto(1, "Anna", 10, 0),
            Konto(2, "Ben", 12, 0),
            Konto(3, "Cem", 10, 2),
            Konto(4, "Dora", 10, 0),
            Konto(5, "Emil", -32, 0),
        ]
    )
    assert [(x.platz, x.name) for x in z] == [
        (1, "Ben"),
        (2, "Cem"),
        (3, "Anna"),
        (3, "Dora"),
        (5, "Emil"),
    ]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(-30, 30), st.integers(0, 3)), min_size=1, max_size=40))
def test_rangliste_ordnung(werte):
    konten = [Konto(i, f"S{i}", p, s) for i, (p, s) in enumerate(werte, 1)]
    z = rangliste(konten)
    assert sorted(x.startnummer for x in z) == list(range(1, len(werte) + 1))
    for a, b in zip(z, z[1:]):
        assert (a.punkte, a.soli) >= (b.punkte, b.soli)
        assert (a.platz == b.platz) == ((a.punkte, a.soli) == (b.punkte, b.soli))
    for x in z:  # Platz = 1 + wie viele echt besser sind (1, 1, 3)
        besser = sum(1 for y in z if (y.punkte, y.soli) > (x.punkte, x.soli))
        assert x.platz == besser + 1


# --------------------------------------------------------------------------- Was zählt


def test_blatt_geht_den_spielen_vor():
    """Ein Tischblatt vom Papier zählt statt der Spiele des Tisches (auch wenn sie anders
    stehen); ohne Blatt zählen die Spiele, ohne beides ist der Tisch offen."""
    from referee.turnier.daten import Tischwerte
    from referee.turnier.stand import tischsumme

    spiele = {1: (5, 1), 2: (-5, 0)}
    mit_blatt = tischsumme(Tischwerte(2, 4, {1: (8, 2), 2: (-8, 0)}, spiele, anzahl_spiele=3))
    assert (mit_blatt.quelle, dict(mit_blatt.punkte), dict(mit_blatt.soli)) == (
        "blatt",
        {1: 8, 2: -8},
        {1: 2, 2: 0},
    )
    assert (mit_blatt.runde, mit_blatt.tisch, mit_blatt.spiele) == (2, 4, 3)
    ohne = tischsumme(Tischwerte(2, 4, {}, spiele, anzahl_spiele=3))
    assert (ohne.quelle, dict(ohne.punkte), dict(ohne.soli)) == (
        "spiele",
        {1: 5, 2: -5},
        {1: 1, 2: 0},
    )
    offen = tischsumme(Tischwerte(2, 5))
    assert (offen.quelle, dict(offen.punkte), offen.spiele) == ("offen", {}, 0)


def test_konten_ueber_runden_und_je_runde():
    """Die Konten der Rangliste: Punkte je Runde aus den Tischsummen, Soli nur der gewählten
    Runde, der Name der Runde (Ersatzspieler), abgemeldet; je Runde nur, wer dort saß."""
    from referee.turnier.daten import Tischsumme
    from referee.turnier.stand import konten

    teilnehmer = [
        Teilnehmer(1, ((1, "Anna"),)),
        Teilnehmer(2, ((1, "Ben"), (2, "Berta"))),  # Berta spielt ab Runde 2 für Ben
        Teilnehmer(3, ((1, "Cem"),), abgemeldet_ab=2),
    ]
    summen = [
        Tischsumme(1, 1, "blatt", {1: 6, 2: -3, 3: -3}, {1: 1, 2: 0, 3: 0}, 0),
        Tischsumme(2, 1, "spiele", {1: -2, 2: 2}, {1: 0, 2: 1}, 4),
    ]
    sitze = {1: {1, 2, 3}, 2: {1, 2}}
    gesamt = konten(teilnehmer, summen, runden=2, gesessen=sitze)
    assert [(k.startnummer, k.name, k.punkte, k.soli, k.je_runde) for k in gesamt] == [
        (1, "Anna", 4, 1, (6, -2)),
        (2, "Berta", -1, 1, (-3, 2)),
        (3, "Cem", -3, 0, (-3, None)),  # Runde 2 nicht gespielt: None, zählt 0
    ]
    assert gesamt[2].abgemeldet and gesamt[1].ersetzt == ("Ben",)
    # fehlrunde=schnitt: Cem bekommt für Runde 2 den Schnitt seiner gespielten (-3)
    schnitt = konten(teilnehmer, summen, runden=2, gesessen=sitze, fehlrunde="schnitt")
    assert [(k.punkte, k.je_runde) for k in schnitt] == [
        (4, (6, -2)),
        (-1, (-3, 2)),
        (-6, (-3, None)),
    ]
    # eine Runde, die (noch) niemand gespielt hat, zählt auch mit schnitt nichts
    nur_eine = konten(
        teilnehmer, summen[:1], runden=2, gesessen={1: {1, 2, 3}}, fehlrunde="schnitt"
    )
    assert [(k.punkte, k.je_runde) for k in nur_eine] == [
        (6, (6, None)),
        (-3, (-3, None)),
        (-3, (-3, None)),
    ]
    erste = konten(teilnehmer, summen, runden=2, runde=1, gesessen=sitze)
    assert [(k.name, k.punkte, k.soli) for k in erste] == [
        ("Anna", 6, 1),
        ("Ben", -3, 0),
        ("Cem", -3, 0),
    ]
    zweite = konten(teilnehmer, summen, runden=2, runde=2, gesessen=sitze)
    assert [(k.name, k.punkte, k.soli) for k in zweite] == [("Anna", -2, 0), ("Berta", 2, 1)]


# --------------------------------------------------------------------------- Teilnehmer


def test_teilnehmerliste_aus_csv():
    assert namen_aus_liste("\ufeffName;Verein\nAnna Huber;Au\n\n Ben Maier ;Moos\n") == [
        "Anna Huber",
        "Ben Maier",
    ]
    assert namen_aus_liste("Vorname\tNachname\nJürgen\tSchäfer\n") == ["Jürgen Schäfer"]
    assert namen_aus_liste("Cem\nDora\n") == ["Cem", "Dora"]
    with pytest.raises(Eingabefehler, match="leer"):
        namen_aus_liste("\n \n")


def test_teilnehmer_namen_je_runde():
    t = Teilnehmer(2, ((1, "Ben"), (2, "Berta")), ab_runde=1, abgemeldet_ab=3)
    assert (t.name, t.name_in(1), t.name_in(2), t.ersetzt) == ("Berta", "Ben", "Berta", ("Ben",))
    assert t.spielt_in(2) and not t.spielt_in(3)


# --------------------------------------------------------------------------- Architektur


#: die Module des reinen Kerns (Antworten und PDFs stehen beim Buch: ``referee.buch.turnier``)
KERN = [
    "daten",
    "wertung",
    "auslosung",
    "blatt",
    "rangliste",
    "spiel",
    "stand",
    "teilnehmer",
    "preise",
    "mannschaften",
    "aushang",
]


def _geladen(modul: str) -> set[str]:
    code = f"import sys, {modul}; print(','.join(sorted(sys.modules)))"
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), cwd=ROOT
    )
    return set(r.stdout.strip().split(","))


@pytest.mark.parametrize("modul", KERN)
def test_kernmodule_ohne_ein_ausgabe(modul):
    geladen = _geladen(f"referee.turnier.{modul}")
    for fremd in (
        "typer",
        "click",
        "rich",
        "sqlite3",
        "sqlite_utils",
        "referee.store",
        "referee.buch",
        "fpdf",
    ):
        assert fremd not in geladen, f"referee.turnier.{modul} lädt {fremd}"
    text = (ROOT / "referee" / "turnier" / f"{modul}.py").read_text(encoding="utf-8")
    assert "print(" not in text and "open(" not in text


def test_kern_ohne_antworten_und_pdf():
    """Antworten und PDFs gehören zum Buch (wie die Antworten des Abends), nicht zum Kern."""
    dateien = {d.stem for d in (ROOT / "referee" / "turnier").glob("*.py")}
    assert dateien == {"__init__", *KERN}


@pytest.mark.parametrize("modul", ["antworten", "antworten_leitung", "pdf"])
def test_antworten_und_pdf_laden_kein_fpdf_und_keinen_speicher(modul):
    """fpdf2 erst beim Schreiben einer PDF (Startzeit), den Speicher nie."""
    geladen = _geladen(f"referee.buch.turnier.{modul}")
    for fremd in ("fpdf", "sqlite3", "sqlite_utils", "referee.store", "typer", "rich"):
        assert fremd not in geladen, f"referee.buch.turnier.{modul} lädt {fremd}"


@pytest.mark.parametrize(
    "modul",
    [f"referee.turnier.{m}" for m in KERN if m != "daten"] + ["referee.buch.turnier.pdf"],
)
def test_doctests(modul):
    import doctest
    import importlib

    ergebnis = doctest.testmod(importlib.import_module(modul))
    assert ergebnis.failed == 0 and ergebnis.attempted > 0
