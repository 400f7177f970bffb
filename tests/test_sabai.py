"""sabai-sabai-Regelkern: Karten, Rundenwertung, Siegespunkte, Entscheide (in-process)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Regelverstoss, UnbekannteKarte
from referee.sabai import (
    ABSCHNITTE,
    AssJokerFrage,
    Funktion,
    Gleichstand,
    HinweisArt,
    Karte,
    Move,
    Regeln,
    ass_joker_auskunft,
    ass_joker_erlaubt,
    deck,
    erklaere_karte,
    hat_alle_vier_joker,
    kartenpunkte,
    lies_runde,
    parse_hand,
    pruefe_ass_joker,
    pruefe_letzte_partie,
    pruefe_reinwerfen,
    reinwerfen_auskunft,
    reinwerfen_erlaubt,
    werte_runde,
    werte_spiel,
)


def wertung(regeln: Regeln = Regeln(), **haende: str):
    e = werte_runde(lies_runde(haende), regeln)
    return {s.name: (s.punkte, s.siegpunkte, s.ruhmeshalle) for s in e.spieler}, e


# --- Karten und Kartenset -------------------------------------------------------------------


def test_deck_lesart_64_karten():
    d = deck()
    assert sum(d.values()) == 64
    assert all(d[Karte(str(w))] == 4 for w in range(15))
    assert d[Karte.JOKER] == 3 and d[Karte.ASS_JOKER] == 1


def test_funktionskarten():
    assert [Karte(str(w)).funktion for w in (11, 12, 13, 14)] == [
        Funktion.PEEK,
        Funktion.SPY,
        Funktion.GIVE,
        Funktion.SWITCH,
    ]
    assert all(Karte(str(w)).funktion is None for w in range(11))
    assert Funktion.GIVE.karte is Karte.DREIZEHN


@pytest.mark.parametrize("karte", list(Karte))
def test_notation_rundlauf(karte):
    assert Karte.parse(str(karte)) is karte
    assert Karte.parse(str(karte).lower()) is karte


@pytest.mark.parametrize(
    "token, karte",
    [
        ("J", Karte.JOKER),
        ("joker", Karte.JOKER),
        ("JOKER", Karte.JOKER),
        ("AJ", Karte.ASS_JOKER),
        ("aj", Karte.ASS_JOKER),
        ("Ass-Joker", Karte.ASS_JOKER),
        ("Assjoker", Karte.ASS_JOKER),
        ("ASS–JOKER", Karte.ASS_JOKER),
        ("0", Karte.NULL),
        ("07", Karte.SIEBEN),
        ("14", Karte.VIERZEHN),
        ("give", Karte.DREIZEHN),
    ],
)
def test_schreibweisen(token, karte):
    assert Karte.parse(token) is karte


@pytest.mark.parametrize("token", ["15", "-4", "Q", "Ass", "Joker2", "1.5", "", "７"])
def test_unbekannte_karte(token):
    with pytest.raises(UnbekannteKarte) as exc:
        Karte.parse(token)
    assert f"„{token}“" in exc.value.meldung
    assert "Erlaubt sind:" in exc.value.meldung and "Ass-Joker" in exc.value.meldung


def test_hand_mit_kommas_und_leer():
    assert parse_hand("3, 7,J") == (Karte.DREI, Karte.SIEBEN, Karte.JOKER)
    assert parse_hand("") == ()
    assert parse_hand("   ") == ()


def test_mehrere_falsche_tokens_mit_spieler_und_position():
    with pytest.raises(UnbekannteKarte) as exc:
        lies_runde({"Anna": "3 x 7", "Ben": "2", "Cem": "J 99"})
    m = exc.value.meldung
    assert "„x“ bei Anna an Position 2" in m
    assert "„99“ bei Cem an Position 2" in m
    assert m.count("Erlaubt sind:") == 1 and m.endswith(".")


# --- Rundenwertung ---------------------------------------------------------------------------


def test_beispiel_aus_dem_issue():
    w, e = wertung(Anna="3 7 J", Ben="AJ 2 2", Cem="", Dora="14 0")
    assert w == {
        "Anna": (6, 0, False),
        "Ben": (0, -1, False),
        "Cem": (0, 1, False),
        "Dora": (14, 0, False),
    }
    assert e.sieger == ("Cem",)


def test_leere_hand_null_punkte_gewinnt():
    w, e = wertung(Anna="1", Ben="", Cem="2 2")
    assert w["Ben"] == (0, 1, False)
    assert e.sieger == ("Ben",)


def test_negative_summe_schlaegt_leere_hand():
    w, e = wertung(Anna="J J 3", Ben="", Cem="5")
    assert w["Anna"] == (-5, 1, False)
    assert w["Ben"] == (0, 0, False)
    assert e.sieger == ("Anna",)


def test_gleichstand_alle_bekommen_einen_siegespunkt_mit_hinweis():
    w, e = wertung(Anna="3 4", Ben="7", Cem="9")
    assert w["Anna"][1] == 1 and w["Ben"][1] == 1 and w["Cem"][1] == 0
    assert e.sieger == ("Anna", "Ben")
    konv = [h for h in e.hinweise if h.art is HinweisArt.KONVENTION]
    assert any("Gleichstand" in h.text for h in konv)
    assert any(str(h).startswith("Konvention, nicht im Regeltext:") for h in konv)


def test_gleichstand_keiner_einstellbar():
    w, e = wertung(Regeln(gleichstand=Gleichstand.KEINER), Anna="3 4", Ben="7", Cem="9")
    assert all(sp == 0 for _, sp, _ in w.values())
    assert e.sieger == ()
    assert any("niemand" in h.text for h in e.hinweise)


def test_kein_gleichstand_kein_konventionshinweis():
    _, e = wertung(Anna="3", Ben="7")
    assert not e.hinweise


def test_ass_joker_halter_mit_wenigsten_punkten_verliert():
    w, e = wertung(Anna="AJ J 1", Ben="0 1", Cem="9")
    assert w["Anna"] == (-7, -1, False)
    assert w["Ben"] == (1, 1, False)
    assert e.sieger == ("Ben",)
    assert any("Nach Kartenpunkten allein hätte Anna die wenigsten" in h.text for h in e.hinweise)
    assert any(h.abschnitt == "sabai.ass-joker" for h in e.hinweise)


def test_ass_joker_halter_punkt_geht_an_gleichauf_liegende_uebrige():
    w, e = wertung(Anna="AJ", Ben="2", Cem="2", Dora="5")
    assert [w[n][1] for n in ("Anna", "Ben", "Cem", "Dora")] == [-1, 1, 1, 0]
    assert e.sieger == ("Ben", "Cem")


def test_alle_vier_joker_hall_of_fame():
    w, e = wertung(Anna="J AJ J J", Ben="", Cem="0")
    assert w["Anna"] == (-16, 1, True)
    assert w["Ben"] == (0, 0, False) and w["Cem"] == (0, 0, False)
    assert e.sieger == ("Anna",)
    assert any(h.art is HinweisArt.LESART for h in e.hinweise)
    assert e.als_eintrag()["ruhmeshalle"] == ["Anna"]


@pytest.mark.parametrize("hand", ["AJ J J", "AJ J J J 0", "AJ J J J 1"])
def test_fast_alle_vier_joker_verliert(hand):
    w, e = wertung(Anna=hand, Ben="5")
    assert w["Anna"][1:] == (-1, False)
    assert e.sieger == ("Ben",)


def test_drei_joker_ohne_ass_joker_normal():
    w, _e = wertung(Anna="J J J", Ben="AJ 0")
    assert w["Anna"] == (-12, 1, False)
    assert w["Ben"] == (-4, -1, False)


def test_ass_joker_wert_einstellbar():
    w, e = wertung(Regeln(ass_joker_wert=0), Anna="AJ 3", Ben="9")
    assert w["Anna"] == (3, -1, False)
    assert any("zählt 0 Kartenpunkte" in h.text for h in e.hinweise)


def test_fuenf_siebenen_unmoeglich():
    with pytest.raises(Eingabefehler) as exc:
        lies_runde({"Anna": "7 7 7", "Ben": "7 7"})
    m = exc.value.meldung
    assert "„7“ kommt 5-mal vor (Anna 3×, Ben 2×), das Kartenset hat nur 4." in m
    assert "Lesart, nicht ausdrücklich im Regeltext" in m


def test_mehrere_maengel_auf_einmal():
    with pytest.raises(Eingabefehler) as exc:
        lies_runde({"Anna": "AJ J J J J", "anna": "AJ"})
    m = exc.value.meldung
    assert "„anna“ kommt doppelt vor" in m
    assert "„J“ kommt 4-mal vor" in m
    assert "„AJ“ kommt 2-mal vor" in m


@pytest.mark.parametrize("n", [1, 13])
def test_spieleranzahl(n):
    with pytest.raises(Eingabefehler, match=f"2 bis 12 Spieler:innen, hier sind es {n}"):
        lies_runde({f"S{i}": "" for i in range(n)})


def test_zwoelf_spieler_gehen():
    e = werte_runde(lies_runde({f"S{i}": str(i) for i in range(12)}))
    assert e.sieger == ("S0",)


def test_json_vertrag():
    _, e = wertung(Anna="3 7 J", Dora="14 0")
    assert e.als_json() == {
        "spieler": [
            {
                "name": "Anna",
                "karten": ["3", "7", "J"],
                "punkte": 6,
                "siegpunkte": 1,
                "ruhmeshalle": False,
            },
            {
                "name": "Dora",
                "karten": ["14", "0"],
                "punkte": 14,
                "siegpunkte": 0,
                "ruhmeshalle": False,
            },
        ],
        "sieger": ["Anna"],
    }


def test_eintrag_fuer_den_speicher():
    _, e = wertung(Anna="3 7 J", Ben="AJ 2 2", Cem="", Dora="14 0")
    assert e.als_eintrag(letzte=True) == {
        "punkte": {"Anna": 6, "Ben": 0, "Cem": 0, "Dora": 14},
        "siegpunkte": {"Anna": 0, "Ben": -1, "Cem": 1, "Dora": 0},
        "ruhmeshalle": [],
        "sieger": ["Cem"],
        "letzte": True,
    }


def test_letzte_partie_braucht_leere_hand():
    with pytest.raises(Eingabefehler, match="sabai.ende-spiel"):
        pruefe_letzte_partie(lies_runde({"Anna": "1", "Ben": "2"}))
    pruefe_letzte_partie(lies_runde({"Anna": "", "Ben": "2"}))


def test_spielsieger_meiste_siegespunkte():
    s = werte_spiel([{"Anna": 1, "Ben": -1}, {"Anna": 0, "Ben": 1, "Cem": 1}, {"Cem": 1}])
    assert s.siegpunkte == {"Anna": 1, "Ben": 0, "Cem": 2}
    assert s.sieger == ("Cem",)
    assert not s.hinweise
    g = werte_spiel([{"Anna": 1, "Ben": 1}])
    assert g.sieger == ("Anna", "Ben") and g.hinweise[0].art is HinweisArt.KONVENTION


# --- Invarianten -----------------------------------------------------------------------------


@st.composite
def runden(draw):
    stapel = [k for k, n in deck().items() for _ in range(n)]
    gemischt = draw(st.permutations(stapel))
    n = draw(st.integers(2, 12))
    groessen = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n))
    haende, pos = {}, 0
    for i, g in enumerate(groessen):
        haende[f"P{i}"] = " ".join(map(str, gemischt[pos : pos + g]))
        pos += g
    return haende


@settings(max_examples=200, deadline=None)
@given(runden(), st.sampled_from(list(Gleichstand)))
def test_invarianten_der_wertung(haende, gleichstand):
    e = werte_runde(lies_runde(haende), Regeln(gleichstand=gleichstand))
    punkte = {s.name: s.punkte for s in e.spieler}
    sp = {s.name: s.siegpunkte for s in e.spieler}
    halter = [s.name for s in e.spieler if Karte.ASS_JOKER in s.karten]
    assert all(v in (-1, 0, 1) for v in sp.values())
    assert set(e.sieger) == {n for n, v in sp.items() if v == 1}
    for s in e.spieler:
        assert s.punkte == kartenpunkte(s.karten)
        assert s.ruhmeshalle == (hat_alle_vier_joker(s.karten))
    if halter and not hat_alle_vier_joker(parse_hand(haende[halter[0]])):
        assert sp[halter[0]] == -1
        andere = [n for n in punkte if n != halter[0]]
        if e.sieger:
            assert all(punkte[s] == min(punkte[a] for a in andere) for s in e.sieger)
    elif halter:
        assert e.sieger == (halter[0],) and sp[halter[0]] == 1
    else:
        tief = min(punkte.values())
        if gleichstand is Gleichstand.ALLE or list(punkte.values()).count(tief) == 1:
            assert set(e.sieger) == {n for n, p in punkte.items() if p == tief}
        else:
            assert e.sieger == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list(Karte)), max_size=20))
def test_hand_rundlauf(karten):
    assert parse_hand(" ".join(map(str, karten))) == tuple(karten)


def test_zu_viele_karten_immer_erkannt():
    for karte in Karte:
        zu_viel = " ".join([str(karte)] * (karte.anzahl + 1))
        with pytest.raises(Eingabefehler, match=f"„{karte}“ kommt {karte.anzahl + 1}-mal vor"):
            lies_runde({"Anna": zu_viel, "Ben": ""})


# --- Reinwerfen ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "karte, oben, anzahl, erlaubt, abschnitt",
    [
        ("7", "7", 1, True, "sabai.reinwerfen"),
        ("7", "7", 3, True, "sabai.reinwerfen"),
        ("0", "0", 2, True, "sabai.reinwerfen"),
        ("8", "7", 1, False, "sabai.reinwerfen"),
        ("7", "8", 2, False, "sabai.reinwerfen"),
        ("J", "J", 2, True, "sabai.reinwerfen"),
        ("AJ", "J", 1, True, "sabai.ass-joker"),
        ("J", "AJ", 1, True, "sabai.reinwerfen"),
        ("J", "AJ", 3, True, "sabai.reinwerfen"),
        ("AJ", "7", 1, False, "sabai.ass-joker"),
        ("J", "7", 1, False, "sabai.reinwerfen"),
        ("7", "J", 1, False, "sabai.reinwerfen"),
        ("13", "14", 1, False, "sabai.reinwerfen"),
    ],
)
def test_reinwerfen_tabelle(karte, oben, anzahl, erlaubt, abschnitt):
    e = reinwerfen_auskunft(Karte.parse(karte), Karte.parse(oben), anzahl)
    assert e.erlaubt is erlaubt
    assert reinwerfen_erlaubt(Karte.parse(karte), Karte.parse(oben), anzahl) is erlaubt
    assert e.abschnitt == abschnitt
    assert (e.folge is None) is erlaubt
    if not erlaubt:
        assert "Strafkarte" in e.folge
        with pytest.raises(Regelverstoss, match=abschnitt.replace(".", r"\.")) as fehler:
            pruefe_reinwerfen(Karte.parse(karte), Karte.parse(oben), anzahl)
        assert fehler.value.abschnitt == abschnitt
    else:
        pruefe_reinwerfen(Karte.parse(karte), Karte.parse(oben), anzahl)


def test_reinwerfen_auch_ausser_der_reihe_gesagt():
    assert "nicht an der Reihe" in reinwerfen_auskunft(Karte.SIEBEN, Karte.SIEBEN).grund


def test_joker_auf_ass_joker_ist_konvention_und_einstellbar():
    e = reinwerfen_auskunft(Karte.JOKER, Karte.ASS_JOKER)
    assert any(h.art is HinweisArt.KONVENTION and "--streng" in h.text for h in e.hinweise)
    streng = reinwerfen_auskunft(
        Karte.JOKER, Karte.ASS_JOKER, regeln=Regeln(joker_auf_ass_joker=False)
    )
    assert not streng.erlaubt and "Strafkarte" in streng.folge
    # Der Ass-Joker auf einen Joker bleibt auch streng erlaubt: so steht es im Text.
    assert reinwerfen_auskunft(
        Karte.ASS_JOKER, Karte.JOKER, regeln=Regeln(joker_auf_ass_joker=False)
    ).erlaubt


@pytest.mark.parametrize(
    "karte, oben, anzahl",
    [
        ("7", "7", 4),
        ("AJ", "J", 2),
        ("J", "J", 3),
        ("AJ", "AJ", 1),
        ("7", "7", 0),
        ("5", "6", 5),
    ],
)
def test_reinwerfen_unmoegliche_anzahl(karte, oben, anzahl):
    with pytest.raises(Eingabefehler):
        reinwerfen_auskunft(Karte.parse(karte), Karte.parse(oben), anzahl)


def test_alle_vier_und_funktionen_als_hinweis():
    e = reinwerfen_auskunft(Karte.SIEBEN, Karte.SIEBEN, 3)
    assert any(h.abschnitt == "sabai.alle-vier" for h in e.hinweise)
    f = reinwerfen_auskunft(Karte.ZWOELF, Karte.ZWOELF, 2)
    assert any("spy" in h.text and "niemand wird übersprungen" in h.text for h in f.hinweise)
    assert not any(h.abschnitt == "sabai.alle-vier" for h in f.hinweise)


def test_fuer_andere_und_vereinfacht():
    e = reinwerfen_auskunft(Karte.SIEBEN, Karte.SIEBEN, fuer_andere=True)
    assert e.erlaubt and any(h.abschnitt == "sabai.sabai-sabai-move" for h in e.hinweise)
    v = reinwerfen_auskunft(
        Karte.SIEBEN, Karte.SIEBEN, fuer_andere=True, regeln=Regeln(vereinfacht=True)
    )
    assert not v.erlaubt and v.abschnitt == "sabai.ass-move"
    assert reinwerfen_auskunft(Karte.SIEBEN, Karte.SIEBEN, regeln=Regeln(vereinfacht=True)).erlaubt


# --- Ass-Joker ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "frage, auf, erlaubt",
    [
        ("ablegen", None, False),
        ("tauschen", None, False),
        ("aufgedeckt", None, False),
        ("geben", None, True),
        ("13", None, True),
        ("give", None, True),
        ("switch", None, True),
        ("14", None, True),
        ("verbrennen", "J", True),
        ("verbrennen", "3", False),
        ("verbrennen", "13", False),
    ],
)
def test_ass_joker_fragen(frage, auf, erlaubt):
    f = AssJokerFrage.parse(frage)
    e = ass_joker_auskunft(f, Karte.parse(auf) if auf else None)
    assert e.erlaubt is erlaubt
    assert ass_joker_erlaubt(f, Karte.parse(auf) if auf else None) is erlaubt
    assert e.abschnitt == "sabai.ass-joker"
    if not erlaubt:
        with pytest.raises(Regelverstoss) as fehler:
            pruefe_ass_joker(f, Karte.parse(auf) if auf else None)
        assert fehler.value.abschnitt == "sabai.ass-joker"


def test_ass_joker_aufgedeckt_gezogene_karte_spielen():
    e = ass_joker_auskunft(AssJokerFrage.AUFGEDECKT)
    assert "gezogene Karte muss gespielt werden" in e.grund


def test_ass_joker_verbrennen_braucht_oben():
    with pytest.raises(Eingabefehler, match="--auf"):
        ass_joker_auskunft(AssJokerFrage.VERBRENNEN)
    with pytest.raises(Eingabefehler, match="nur einen Ass-Joker"):
        ass_joker_auskunft(AssJokerFrage.VERBRENNEN, Karte.ASS_JOKER)


def test_ass_joker_unbekannte_frage():
    with pytest.raises(Eingabefehler, match="„fliegen“.*„ablegen“"):
        AssJokerFrage.parse("fliegen")


# --- Erklärungen ----------------------------------------------------------------------------


def test_karte_13_erklaert_give():
    e = erklaere_karte(Karte.DREIZEHN)
    assert e.funktion is Funktion.GIVE and e.abschnitt == "sabai.funktionskarten"
    assert "an eine andere Person abgeben" in e.erklaerung
    assert any(h.abschnitt == "sabai.ass-move" for h in e.hinweise)
    assert erklaere_karte(Karte.JOKER).wert == -4
    assert erklaere_karte(Karte.SIEBEN).funktion is None


def test_moves():
    assert Move.parse("sabai-sabai-Move") is Move.SABAI_SABAI
    assert Move.parse("Ass") is Move.ASS and Move.ASS.abschnitt == "sabai.ass-move"
    with pytest.raises(Eingabefehler):
        Move.parse("x")


def test_zitierte_abschnitte_existieren():
    import re
    from pathlib import Path

    from referee.regeltexte import abschnitt

    wurzel = Path(__file__).resolve().parent.parent / "referee"
    quellen = [*sorted((wurzel / "sabai").glob("*.py")), wurzel / "cli" / "sabai.py"]
    zitiert = {
        m
        for q in quellen
        for m in re.findall(
            r"[\"'(](sabai\.[a-z][a-z-]*[a-z])[\"')]", q.read_text(encoding="utf-8")
        )
    }
    assert len(zitiert) >= 8
    assert zitiert <= set(ABSCHNITTE), zitiert - set(ABSCHNITTE)
    for a in ABSCHNITTE:
        assert abschnitt(a).id == a


def test_spiele_aus_partien_teilt_an_der_letzten():
    from referee.sabai import spiele_aus_partien

    spiele = spiele_aus_partien(
        [({"A": 1, "B": 0}, False), ({"A": -1, "B": 1}, True), ({"A": 0, "B": 1}, False)]
    )
    assert [(s.partien, s.beendet, s.siegpunkte, s.sieger) for s in spiele] == [
        (2, True, {"A": 0, "B": 1}, ("B",)),
        (1, False, {"A": 0, "B": 1}, ("B",)),
    ]
    assert spiele_aus_partien([]) == []


@pytest.mark.parametrize("modul", ["karten", "runde", "entscheide", "__init__"])
def test_doctests(modul):
    import doctest
    import importlib

    name = "referee.sabai" if modul == "__init__" else f"referee.sabai.{modul}"
    ergebnis = doctest.testmod(importlib.import_module(name))
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_unbekannte_tokens_und_zu_viele_karten_zusammen_gemeldet():
    with pytest.raises(UnbekannteKarte) as exc:
        lies_runde({"Anna": "3 Q", "Ben": "AJ AJ"})
    m = exc.value.meldung
    assert "Unbekannte Karte „Q“ bei Anna an Position 2." in m
    assert "„AJ“ kommt 2-mal vor (Ben 2×), das Kartenset hat nur 1." in m


def test_gezogener_ass_joker_muss_behalten_werden():
    e = ass_joker_auskunft(AssJokerFrage.ABLEGEN)
    assert not e.erlaubt and "gerade vom Nachziehstapel gezogen" in e.grund
    assert "behalten" in e.folge and e.abschnitt == "sabai.ass-joker"


def test_ass_joker_uebersicht():
    from referee.sabai import ass_joker_uebersicht

    u = ass_joker_uebersicht()
    assert list(u) == list(AssJokerFrage)
    erlaubt = {f.value for f, a in u.items() if a.erlaubt}
    assert erlaubt == {"geben", "switch", "verbrennen"}
