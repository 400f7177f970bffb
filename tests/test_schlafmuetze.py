"""Schlafmütze-Regelkern: Wohin muss die Karte, „Schlafmütze!“, Zugablauf, Sieger."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Regelverstoss
from referee.schlafmuetze import (
    Fehlerart,
    Tisch,
    ablage_auskunft,
    ablage_erlaubt,
    naechster_schritt,
    pruefe_ablage,
    pruefe_sieg,
    regeln,
    wohin,
)

T = Tisch.parse


# --- Eingaben ---------------------------------------------------------------------------------


def test_tisch_parse():
    t = T("2 1 5 1 1", "Ben=10,Cem=4,Dora=-")
    assert t.mitte == (2, 1, 5, 1, 1)
    assert [(m.name, m.oben) for m in t.mitspieler] == [("Ben", 10), ("Cem", 4), ("Dora", None)]
    assert str(t.mitspieler[2]) == "Dora=-"
    assert T("2,1,5,1,1").mitte == (2, 1, 5, 1, 1)


@pytest.mark.parametrize(
    "mitte, mitspieler, teile",
    [
        ("2 1 5 1", None, ["genau 5 Werte", "nicht 4"]),
        ("2 1 5 1 1 1", None, ["nicht 6"]),
        ("2 1 x 1 21", None, ["Mitte-Stapel 3 „x“", "Mitte-Stapel 5 „21“"]),
        ("0 1 1 1 1", None, ["Mitte-Stapel 1 „0“"]),
        ("1 1 1 1 1", "Ben", ["„Ben“ (Stelle 1)"]),
        ("1 1 1 1 1", "Ben=21", ["Wert von Ben „21“"]),
        ("1 1 1 1 1", "Ben=1", ["Ben=1", "alle fünf 1er"]),
        ("1 1 1 1 1", "Ben=3,ben=4", ["„ben“ steht zweimal"]),
        ("1 1 1 1 1", "mitte=3", ["„mitte“ ist als Name nicht erlaubt"]),
        ("1 1 1 1 1", ",".join(f"P{i}=5" for i in range(8)), ["2–8 Personen"]),
    ],
)
def test_tisch_eingabefehler(mitte, mitspieler, teile):
    with pytest.raises(Eingabefehler) as e:
        T(mitte, mitspieler)
    for teil in teile:
        assert teil in e.value.meldung
    assert e.value.meldung.endswith(".")


def test_mehrere_fehler_auf_einmal():
    with pytest.raises(Eingabefehler) as e:
        T("2 x 5", "Ben,Cem=99")
    m = e.value.meldung
    assert "„x“" in m and "nicht 3" in m and "„Ben“" in m and "„99“" in m


@pytest.mark.parametrize("karte", ["0", "21", "x", "-3", "3.5", ""])
def test_kartenwert_fehler(karte):
    with pytest.raises(Eingabefehler, match="KARTE"):
        regeln.parse_wert(karte)


def test_karte_1_gibt_es_nicht():
    with pytest.raises(Eingabefehler, match="alle fünf 1er"):
        wohin(1, T("1 1 1 1 1"))


def test_nur_fuenf_karten_je_wert():
    # in der Mitte liegen schon fünf 2er (jeder Stapel enthält 1 und 2)
    with pytest.raises(Eingabefehler, match="nur fünf Karten mit dem Wert 2"):
        wohin(2, T("2 2 2 2 2"))
    with pytest.raises(Eingabefehler, match="Wert 7"):
        wohin(7, T("7 7 7 7 1", "Ben=7"))
    assert wohin(7, T("7 7 7 7 1")).muss == "eigene"  # vier 7er sichtbar + KARTE = 5


# --- Mitte: nur oben + 1 -------------------------------------------------------------------


def test_mitte_nur_aufsteigend_plus_eins():
    t = T("2 1 5 1 1")
    assert wohin(3, t).passt == ("mitte:1",)
    assert wohin(6, t).passt == ("mitte:3",)
    assert wohin(4, t).passt == ()  # 5 − 1 passt in der Mitte nicht
    assert wohin(7, t).passt == ()  # keine Lücken


def test_mitte_20_nimmt_nichts_mehr():
    t = T("20 1 1 1 1")
    assert all("mitte:1" not in wohin(k, t).passt for k in range(2, 21))
    assert wohin(20, T("19 1 1 1 1")).muss == "mitte:1"


def test_mehrere_mitte_stapel_freie_wahl():
    t = T("2 1 5 1 1")
    w = wohin(2, t)
    assert w.passt == ("mitte:2", "mitte:4", "mitte:5")
    assert w.muss == "mitte" and w.zulaessig == ("mitte:2", "mitte:4", "mitte:5")
    assert "beliebigen Stapel davon aussuchen" in w.grund
    for ziel in ("mitte", "mitte:2", "mitte:4", "mitte:5"):
        assert ablage_erlaubt(2, t, ziel), ziel
    assert not ablage_erlaubt(2, t, "mitte:1")
    assert not ablage_erlaubt(2, t, "eigene")


def test_json_beispiel_mitte_3():
    w = wohin(6, T("2 1 5 1 1"))
    assert (w.passt, w.muss) == (("mitte:3",), "mitte:3")


# --- Mitspieler: ±1, leer nimmt nichts --------------------------------------------------------


@pytest.mark.parametrize(
    "karte, passt", [(9, True), (11, True), (10, False), (8, False), (12, False)]
)
def test_mitspieler_plus_minus_eins(karte, passt):
    w = wohin(karte, T("1 1 1 1 1", "Ben=10"))
    assert (w.passt == ("Ben",)) is passt


def test_leerer_ablagestapel_nimmt_nichts():
    t = T("1 1 1 1 1", "Dora=-")
    for k in range(3, 21):
        assert wohin(k, t).passt == ()
        assert wohin(k, t).muss == "eigene"
    assert not regeln.passt_mitspieler(5, None)


# --- Vorrang: Mitte, dann Uhrzeigersinn -----------------------------------------------------


def test_mitte_vor_mitspieler():
    t = T("2 1 5 1 1", "Ben=10,Cem=4,Dora=-")
    w = wohin(3, t)
    assert w.passt == ("mitte:1", "Cem") and w.muss == "mitte:1"
    assert "Mitte geht vor" in w.grund and "schlafmuetze.reihenfolge" in w.abschnitte


def test_uhrzeigersinn_in_angegebener_reihenfolge():
    w = wohin(5, T("1 1 1 1 1", "Ben=10,Cem=4,Dora=6"))
    assert w.passt == ("Cem", "Dora") and w.muss == "Cem"
    w2 = wohin(5, T("1 1 1 1 1", "Dora=6,Ben=10,Cem=4"))
    assert w2.passt == ("Dora", "Cem") and w2.muss == "Dora"


def test_nichts_passt_eigene():
    w = wohin(13, T("2 1 5 1 1", "Ben=10,Cem=4,Dora=-"))
    assert w.passt == () and w.muss == "eigene"
    assert "beendet damit seinen Zug" in w.grund


# --- Zug prüfen: Schlafmütze! ----------------------------------------------------------------

TISCH = "2 1 5 1 1", "Ben=10,Cem=4,Dora=6"


def test_richtig():
    p = ablage_auskunft(3, T(*TISCH), "mitte:1")
    assert not p.schlafmuetze and p.strafe is None and p.grund.startswith("Richtig")
    assert not ablage_auskunft(3, T(*TISCH), "mitte").schlafmuetze
    assert not ablage_auskunft(9, T(*TISCH), "ben").schlafmuetze  # Name groß/klein egal
    assert ablage_auskunft(9, T(*TISCH), "ben").nach == "Ben"


def test_falsche_reihenfolge_mitspieler_statt_mitte():
    p = ablage_auskunft(3, T(*TISCH), "Cem")
    assert p.schlafmuetze and p.fehlerart == "reihenfolge"
    assert (
        p.grund.startswith("Schlafmütze!") and "zuerst auf Stapel 1 der Mitte (mitte:1)" in p.grund
    )


def test_falsche_reihenfolge_uhrzeigersinn():
    p = ablage_auskunft(5, T(*TISCH), "Dora")
    assert (
        p.schlafmuetze
        and p.fehlerart == "reihenfolge"
        and "zuerst auf den Ablagestapel von Cem" in p.grund
    )


def test_uebersehen_eigene():
    p = ablage_auskunft(5, T(*TISCH), "eigene")
    assert p.schlafmuetze and p.fehlerart == "uebersehen"
    assert "passt auf Cem und Dora" in p.grund
    assert "bleibt auf deinem Ablagestapel" in p.strafe


def test_eigene_nur_wenn_nichts_passt():
    assert ablage_erlaubt(13, T(*TISCH), "eigene")
    assert not ablage_erlaubt(3, T(*TISCH), "eigene")


def test_falscher_stapel():
    p = ablage_auskunft(5, T(*TISCH), "Ben")
    assert p.schlafmuetze and p.fehlerart == "falscher-stapel"
    assert "passend wäre nur 9 oder 11" in p.grund
    p2 = ablage_auskunft(5, T(*TISCH), "mitte:2")
    assert (
        p2.fehlerart == "falscher-stapel" and "dort liegt 1, in der Mitte passt nur 2" in p2.grund
    )
    p3 = ablage_auskunft(13, T(*TISCH), "mitte")
    assert p3.fehlerart == "falscher-stapel" and "kein Stapel der Mitte hat oben 12" in p3.grund


def test_falscher_stapel_leer():
    p = ablage_auskunft(5, T("1 1 1 1 1", "Ben=-"), "Ben")
    assert p.fehlerart == "falscher-stapel" and "leer und nimmt nichts" in p.grund


def test_strafe_je_mitspieler_unterste_karte():
    p = ablage_auskunft(5, T(*TISCH), "Ben")
    assert "unterste Karte seines Zugstapels" in p.strafe
    assert "3 Karten: von Ben, Cem und Dora" in p.strafe
    assert "zurücknehmen" in p.strafe
    assert p.abschnitte[0] == "schlafmuetze.fehler"


@pytest.mark.parametrize(
    "nach, teil", [("Zoe", "„Zoe“"), ("mitte:6", "1 bis 5"), ("mitte:0", "1 bis 5"), ("", "„“")]
)
def test_ziel_eingabefehler(nach, teil):
    with pytest.raises(Eingabefehler) as e:
        ablage_auskunft(5, T(*TISCH), nach)
    assert teil in e.value.meldung


def test_pruefe_ablage_wirft_regelverstoss_mit_abschnitt():
    with pytest.raises(Regelverstoss, match="Schlafmütze!") as e:
        pruefe_ablage(5, T(*TISCH), "Ben")
    assert e.value.abschnitt == "schlafmuetze.fehler"
    pruefe_ablage(3, T(*TISCH), "mitte:1")  # richtig: kein Fehler


# --- Zugablauf ---------------------------------------------------------------------------------


def test_zug_allgemein():
    s = naechster_schritt()
    assert s.zuerst == "ablagestapel" and s.abschnitte == ("schlafmuetze.spielablauf",)
    assert "oberste Karte seines Ablagestapels" in s.grund


def test_zug_ablagekarte_passt_zuerst_spielen():
    s = naechster_schritt(T("2 1 4 1 1"), 5)
    assert (s.zuerst, s.karte, s.muss) == ("ablagestapel", 5, "mitte:3")


def test_zug_ablagekarte_passt_nicht_zugstapel_umdrehen():
    s = naechster_schritt(T("2 1 4 1 1"), 13)
    assert (s.zuerst, s.muss) == ("zugstapel", None)
    assert "Drehe die oberste Karte deines Zugstapels um" in s.grund


def test_zug_ablage_leer():
    s = naechster_schritt(T("2 1 4 1 1"), None, ablage_leer=True)
    assert s.zuerst == "zugstapel" and "Ablagestapel ist leer" in s.grund


def test_zug_zugstapel_leer():
    s = naechster_schritt(T("2 1 4 1 1"), 13, zugstapel_leer=True)
    assert s.zuerst == "zugstapel" and "schlafmuetze.zugstapel-leer" in s.abschnitte
    assert "drehe deinen Ablagestapel um" in s.grund
    with pytest.raises(Eingabefehler, match="gewonnen"):
        naechster_schritt(T("2 1 4 1 1"), None, True, ablage_leer=True)


def test_zug_aufgedeckt_aber_ablagekarte_passt_noch_kein_fehler():
    s = naechster_schritt(T("2 1 4 1 1"), 5, aufgedeckt=13)
    assert (s.zuerst, s.karte, s.muss) == ("ablagestapel", 5, "mitte:3")
    assert s.grund.startswith("Noch keine Schlafmütze")
    assert "Ein Fehler ist erst dann gemacht" in s.grund
    assert s.abschnitte[0] == "schlafmuetze.fehler"


def test_zug_aufgedeckt_wohin():
    s = naechster_schritt(T("2 1 4 1 1", "Ben=10"), 12, aufgedeckt=9)
    assert (s.zuerst, s.karte, s.muss) == ("zugstapel", 9, "Ben")
    with pytest.raises(Eingabefehler, match="--mitte"):
        naechster_schritt(None, 12, aufgedeckt=9)


# --- Sieg --------------------------------------------------------------------------------------


def test_sieg():
    assert pruefe_sieg("anna", ["Anna", "Ben"]) == ("Anna", ("Anna", "Ben"))


@pytest.mark.parametrize(
    "sieger, spieler, teil",
    [
        ("Anna", ["Anna"], "2–8"),
        ("Zoe", ["Anna", "Ben"], "„Zoe“"),
        ("Anna", [f"P{i}" for i in range(8)] + ["Anna"], "2–8"),
        ("Anna", ["Anna", "anna"], "doppelt"),
    ],
)
def test_sieg_fehler(sieger, spieler, teil):
    with pytest.raises(Eingabefehler) as e:
        pruefe_sieg(sieger, spieler)
    assert teil.casefold() in e.value.meldung.casefold()


# --- Invarianten ------------------------------------------------------------------------------


@st.composite
def tische(draw):
    mitte = draw(st.lists(st.integers(1, 12), min_size=5, max_size=5))
    n = draw(st.integers(0, 4))
    werte = draw(st.lists(st.one_of(st.none(), st.integers(13, 20)), min_size=n, max_size=n))
    spieler = ",".join(f"P{i}={'-' if w is None else w}" for i, w in enumerate(werte))
    return T(" ".join(map(str, mitte)), spieler or None)


@settings(max_examples=200, deadline=None)
@given(tische(), st.integers(13, 20))
def test_invariante_vorrang_und_genau_ein_richtiges_nicht_mitte_ziel(tisch, karte):
    try:
        w = wohin(karte, tisch)
    except Eingabefehler:
        w = None  # zu viele Karten eines Werts
    assume(w is not None)
    mitte = [p for p in w.passt if p.startswith("mitte:")]
    spieler = [p for p in w.passt if not p.startswith("mitte:")]
    assert list(w.passt) == mitte + spieler
    assert spieler == [
        m.name for m in tisch.mitspieler if m.oben is not None and abs(m.oben - karte) == 1
    ]
    ziele = (
        ["eigene", "mitte"]
        + [f"mitte:{i}" for i in range(1, 6)]
        + [m.name for m in tisch.mitspieler]
    )
    richtig = [z for z in ziele if ablage_erlaubt(karte, tisch, z)]
    if not w.passt:
        assert richtig == ["eigene"]
    elif mitte:
        assert set(richtig) == {"mitte", *mitte}
    else:
        assert richtig == [spieler[0]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 19), min_size=5, max_size=5), st.integers(2, 20))
def test_invariante_mitte_nur_plus_eins(mitte, karte):
    t = T(" ".join(map(str, mitte)))
    try:
        w = wohin(karte, t)
    except Eingabefehler:
        w = None
    assume(w is not None)
    assert [int(p[6:]) for p in w.passt] == [i + 1 for i, o in enumerate(mitte) if o + 1 == karte]


# --- Regeltexte --------------------------------------------------------------------------------


def _norm(t: str) -> str:
    return re.sub(r"\s+", " ", t).strip()


def test_zitierte_abschnitte_existieren_und_zitate_stehen_darin():
    from referee.regeltexte import abschnitt

    for i, z in regeln.ZITATE.values():
        assert abschnitt(i).id == i
        assert _norm(z) in _norm(abschnitt(i).text), (i, z)


def test_strafe_ein_mitspieler_und_zug_endet():
    p = ablage_auskunft(9, T("2 1 5 1 1", "Ben=-"), "Ben")
    assert p.fehlerart == "falscher-stapel"
    assert "(1 Karte: von Ben)" in p.strafe and "Damit ist der Zug beendet." in p.strafe


def test_sieg_tippfehler_meintest_du():
    with pytest.raises(Eingabefehler, match="Meintest du „Anna“\\?$"):
        pruefe_sieg("Ana", ["Anna", "Ben", "Cem"])


def test_beispiel_5_ablagekarte_uebersehen_dann_umgedrehte_abgelegt():
    """Dominik übersieht die 5 (passt in die Mitte), dreht eine 13 um und legt sie ab."""
    tisch = T("2 4 1 1 1", "Andreas=15,Thoren=4")
    assert ablage_auskunft(13, tisch, "eigene").schlafmuetze is False  # ohne --ablage: richtig
    p = ablage_auskunft(13, tisch, "eigene", ablage_oben=5)
    assert p.schlafmuetze and p.fehlerart == "uebersehen"
    assert "Die 5 auf deinem Ablagestapel" in p.grund and "Ein Fehler ist erst dann" in p.grund
    assert (
        "bleibt auf deinem Ablagestapel" in p.strafe
        and "2 Karten: von Andreas und Thoren" in p.strafe
    )
    # auch ein sonst richtiges Ablegen der umgedrehten Karte ist dann der Fehler
    q = ablage_auskunft(14, tisch, "Andreas", ablage_oben=5)
    assert q.schlafmuetze and "zurücknehmen" in q.strafe
    # passt die Ablagekarte nirgends, zählt nur die umgedrehte
    assert not ablage_auskunft(13, tisch, "eigene", ablage_oben=7).schlafmuetze
    assert not ablage_erlaubt(14, tisch, "Andreas", ablage_oben=5)


def test_passt_auch_bei_zwei_mitspielern_nennt_beide():
    """Passt die Karte bei mehreren Mitspielern, muss sie zum ersten im Uhrzeigersinn; die
    übrigen werden alle genannt (schlafmuetze.reihenfolge)."""
    w = wohin(5, T("1 1 1 1 1", "Ben=4,Cem=6,Dora=4"))
    assert w.muss == "Ben" and w.passt == ("Ben", "Cem", "Dora")
    assert "Sie passt auch bei Cem und Dora, aber Ben kommt im Uhrzeigersinn zuerst" in w.grund
    assert w.abschnitte == ("schlafmuetze.mitspieler", "schlafmuetze.reihenfolge")
    w = wohin(5, T("1 1 1 1 1", "Ben=4,Cem=6"))
    assert "Sie passt auch bei Cem, aber Ben kommt" in w.grund
    w = wohin(2, T("1 2 2 2 2", "Ben=3,Cem=3"))
    assert w.muss == "mitte:1"
    assert "Sie passt auch bei Ben und Cem, aber die Mitte geht vor" in w.grund
    a = ablage_auskunft(5, T("1 1 1 1 1", "Ben=4,Cem=6,Dora=4"), "Dora")
    assert not a.erlaubt and a.fehlerart is Fehlerart.REIHENFOLGE
    assert "muss aber zuerst auf den Ablagestapel von Ben" in a.grund
