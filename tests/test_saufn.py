"""SAUFN-Regelkern: Karten lesen, „darf KARTE auf OBEN?“, Spielende und Schlückeverteilung."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Mehrdeutig, Regelverstoss, UnbekannteKarte
from referee.resources import lade_json
from referee.saufn import (
    Buchstabe,
    Karte,
    Kategorie,
    folgt_auskunft,
    folgt_erlaubt,
    pruefe_folgt,
    regeln,
)
from referee.saufn import ende as sende
from referee.saufn.karten import alle_karten, falte, katalog

K = Karte.parse
BUCHSTABEN = "SAUFN"


# --- Kartendaten -----------------------------------------------------------------------------


def test_datendatei_zaehlt_110_karten():
    d = lade_json("saufn_karten.json")
    a = d["anzahl"]
    assert [a[b] for b in BUCHSTABEN] == [14] * 5
    assert (a["gold"], a["weiss"]) == (12, 28)
    assert 5 * 14 + 12 + 28 == a["gesamt"] == 110


def test_datendatei_benannte_karten_und_buchstaben():
    karten = {k["name"]: k for k in lade_json("saufn_karten.json")["karten"]}
    assert {
        n: karten[n]["buchstabe"]
        for n in (
            "Abändern",
            "Auf den Kopf",
            "Feuer oder Flamme",
            "Freeze",
            "Schnick, Schnack, Schnuck",
            "StufnSaufn",
            "Urwald",
        )
    } == {
        "Abändern": "A",
        "Auf den Kopf": "A",
        "Feuer oder Flamme": "F",
        "Freeze": "F",
        "Schnick, Schnack, Schnuck": "S",
        "StufnSaufn": "S",
        "Urwald": "U",
    }
    reaktion = sorted(n for n, k in karten.items() if k.get("reaktion"))
    assert reaktion == sorted(
        ["Stirnklatscher", "Sauklauen hoch", "Nase", "Nackenklatscher", "Hau Drauf"]
    )
    assert all(
        karten[n]["buchstabe"] is None and karten[n]["kategorie"] == "buchstabe" for n in reaktion
    )
    assert {n for n, k in karten.items() if k["kategorie"] == "gold"} == {
        "Sheriff",
        "Der Trinkbuddy",
    }
    assert {n for n, k in karten.items() if k["kategorie"] == "weiss"} == {
        "Spielverderber",
        "+2",
        "+4",
        "Aussetzen",
        "Richtungswechsel",
    }
    # Sauftrumpf: Kategorie steht nicht im Regeltext
    assert karten["Sauftrumpf"]["kategorie"] == "unbekannt"
    assert "nicht im Regeltext" in karten["Sauftrumpf"]["anmerkung"]


# --- Karten lesen ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "eingabe, notation",
    [
        ("N", "N"),
        ("n", "N"),
        (" s ", "S"),
        ("Urwald", "U:Urwald"),
        ("URWALD", "U:Urwald"),
        ("u:urwald", "U:Urwald"),
        ("Freeze", "F:Freeze"),
        ("Abändern", "A:Abändern"),
        ("abaendern", "A:Abändern"),
        ("ABÄNDERN", "A:Abändern"),
        ("Auf den Kopf", "A:Auf den Kopf"),
        ("schnick schnack schnuck", "S:Schnick, Schnack, Schnuck"),
        ("Schnick-Schnack-Schnuck", "S:Schnick, Schnack, Schnuck"),
        ("stufnsaufn", "S:StufnSaufn"),
        ("Feuer", "F:Feuer oder Flamme"),
        ("+4", "+4"),
        ("+2", "+2"),
        ("Spielverderber", "Spielverderber"),
        ("Sheriff", "Sheriff"),
        ("trinkbuddy", "Der Trinkbuddy"),
        ("Der Trinkbuddy", "Der Trinkbuddy"),
        ("weiß", "weiss"),
        ("weisse Karte", "weiss"),
        ("gold", "gold"),
        ("Goldkarte", "gold"),
        ("N:Nase", "N:Nase"),
        ("s:hau drauf", "S:Hau Drauf"),
        ("weiss:Sauftrumpf", "weiss:Sauftrumpf"),
        ("S:Sauftrumpf", "S:Sauftrumpf"),
        ("gold:Sheriff", "Sheriff"),
        ("weiss:+4", "+4"),
        ("A – Abändern", "A:Abändern"),
        ("f - freeze", "F:Freeze"),
        ("S–StufnSaufn", "S:StufnSaufn"),
    ],
)
def test_parse_formen(eingabe, notation):
    assert str(K(eingabe)) == notation


def test_parse_kategorien():
    assert K("N").kategorie is Kategorie.BUCHSTABE and K("N").buchstabe is Buchstabe.N
    assert K("Sheriff").kategorie is Kategorie.GOLD
    assert K("Aussetzen").kategorie is Kategorie.WEISS
    assert K("+4").schluecke == 4 and K("+2").schluecke == 2 and K("Aussetzen").schluecke == 0


def test_rundlauf_ueber_alle_karten():
    karten = alle_karten()
    assert len(karten) > 30
    for k in karten:
        assert K(str(k)) == k, str(k)


@pytest.mark.parametrize("eingabe", ["Nase", "Stirnklatscher", "Sauklauen hoch"])
def test_reaktionskarte_ohne_buchstabe_ist_mehrdeutig(eingabe):
    with pytest.raises(Mehrdeutig, match=r"Reaktionskarte.*N:"):
        K(eingabe)


def test_sauftrumpf_ohne_kategorie_ist_mehrdeutig_und_sagt_es():
    with pytest.raises(Mehrdeutig) as e:
        K("Sauftrumpf")
    assert "weder Kategorie noch Buchstaben" in e.value.meldung
    assert "weiss:Sauftrumpf" in e.value.meldung


def test_mehrdeutiger_anfang():
    with pytest.raises(Mehrdeutig, match="„Sauftrumpf“ oder „Sauklauen hoch“"):
        K("Sau")


@pytest.mark.parametrize(
    "eingabe, teil",
    [
        ("Xyz", "„Xyz“"),
        ("", "Leere"),
        ("Q:Urwald", "„Q“"),
        ("U:", "Kartenname"),
        ("U:Freeze", "F:Freeze"),
        ("gold:Urwald", "U:Urwald"),
        ("weiss:Nase", "Buchstabenkarte"),
        ("SA", "„SA“"),
    ],
)
def test_unbekannte_karten_nennen_das_token(eingabe, teil):
    with pytest.raises(UnbekannteKarte) as e:
        K(eingabe)
    assert teil in e.value.meldung
    assert e.value.meldung.endswith(".")


def test_falte():
    assert falte("Schnick, Schnack, Schnuck") == "schnickschnackschnuck"
    assert falte("Straße ÄÖÜ") == "strasseaeoeue"


def test_naechster_buchstabe_mit_umlauf():
    assert [b.naechster.value for b in Buchstabe] == ["A", "U", "F", "N", "S"]


# --- folgt: SAUFN-Prinzip ---------------------------------------------------------------------


@pytest.mark.parametrize("oben", list(BUCHSTABEN))
@pytest.mark.parametrize("karte", list(BUCHSTABEN))
def test_buchstabe_auf_buchstabe(karte, oben):
    i = BUCHSTABEN.index(oben)
    erwartet = karte in (oben, BUCHSTABEN[(i + 1) % 5])
    assert folgt_erlaubt(K(karte), K(oben)) is erwartet


def test_n_auf_u_nein_mit_zitat_und_alternativen():
    e = folgt_auskunft(K("N"), K("U"))
    assert e.erlaubt is False
    assert "„Liegt ein U, kann ein U oder F gelegt werden.“" in e.grund
    assert e.moeglich == ("U", "F", "weiße Karte", "goldene Karte")
    assert e.abschnitt == "saufn.saufn-prinzip"
    assert e.oben_danach == "U"


def test_s_auf_n_ja_umlauf():
    e = folgt_auskunft(K("S"), K("N"))
    assert e.erlaubt is True
    assert "wieder ein S" in e.grund
    assert e.moeglich == ("N", "S", "weiße Karte", "goldene Karte")
    assert e.oben_danach == "S"


def test_benannte_buchstabenkarte_folgt_ihrem_buchstaben():
    assert folgt_erlaubt(K("Urwald"), K("A"))
    assert not folgt_erlaubt(K("Urwald"), K("F"))
    assert folgt_erlaubt(K("Freeze"), K("U:Urwald"))
    assert folgt_erlaubt(K("N:Nase"), K("F:Freeze"))
    assert not folgt_erlaubt(K("N:Nase"), K("S"))


# --- weiße und goldene Karten ------------------------------------------------------------------


@pytest.mark.parametrize(
    "karte", ["Spielverderber", "+2", "+4", "Aussetzen", "Richtungswechsel", "weiss"]
)
@pytest.mark.parametrize("oben", list(BUCHSTABEN) + ["Aussetzen", "weiss"])
def test_weisse_karte_immer(karte, oben):
    e = folgt_auskunft(K(karte), K(oben))
    assert e.erlaubt and e.oben_danach == str(K(karte))


@pytest.mark.parametrize("karte", list(BUCHSTABEN) + ["Urwald", "Aussetzen", "Sheriff"])
@pytest.mark.parametrize("oben", ["Aussetzen", "Richtungswechsel", "Spielverderber", "weiss"])
def test_nach_weisser_karte_alles(karte, oben):
    e = folgt_auskunft(K(karte), K(oben))
    assert e.erlaubt
    assert e.moeglich == ("S", "A", "U", "F", "N", "weiße Karte", "goldene Karte")


def test_weiss_auf_weiss():
    e = folgt_auskunft(K("Aussetzen"), K("Richtungswechsel"))
    assert e.erlaubt and e.oben_danach == "Aussetzen"
    assert "„Auch nach einer weißen Karte kann eine beliebige Karte gelegt werden.“" in e.grund


@pytest.mark.parametrize("oben", list(BUCHSTABEN) + ["Aussetzen"])
def test_goldene_karte_immer_und_oben_bleibt(oben):
    e = folgt_auskunft(K("Sheriff"), K(oben))
    assert e.erlaubt
    assert e.oben_danach == str(K(oben))
    assert "saufn.goldene-karten" in e.abschnitte
    assert f"oben bleibt „{K(oben)}“" in e.grund


@pytest.mark.parametrize("oben", ["Sheriff", "gold", "Der Trinkbuddy"])
def test_goldene_karte_liegt_nie_oben(oben):
    with pytest.raises(Eingabefehler, match="goldene Karte"):
        folgt_auskunft(K("N"), K(oben))


# --- Abändern, Auf den Kopf --------------------------------------------------------------------


def test_abaendern_ohne_goldene_karte_verboten():
    e = folgt_auskunft(K("Abändern"), K("S"))
    assert not e.erlaubt
    assert (
        "„Du darfst diese Karte nur ausspielen, wenn mindestens eine Goldene Karte liegt.“"
        in e.grund
    )
    assert e.abschnitt == "saufn.abaendern"


def test_abaendern_mit_goldener_karte_erlaubt():
    e = folgt_auskunft(K("Abändern"), K("S"), gold=True)
    assert e.erlaubt and e.oben_danach == "A:Abändern"


def test_abaendern_zwei_fehler_auf_einmal():
    e = folgt_auskunft(K("Abändern"), K("F"))
    assert not e.erlaubt
    assert "A folgt nicht auf F" in e.grund and "goldene Karte" in e.grund
    assert e.abschnitte == ("saufn.saufn-prinzip", "saufn.abaendern")


def test_abaendern_mit_gold_aber_falscher_buchstabe():
    assert not folgt_erlaubt(K("Abändern"), K("U"), gold=True)


def test_gewoehnliches_a_braucht_kein_gold():
    assert folgt_erlaubt(K("A"), K("S"))


def test_auf_den_kopf_erstmals_oben_bleibt():
    e = folgt_auskunft(K("Auf den Kopf"), K("S"), kopf_erstmals=True)
    assert e.erlaubt and e.oben_danach == "S"
    assert "saufn.auf-den-kopf" in e.abschnitte
    # die nächste Karte richtet sich nach dem S, nicht nach dem A
    assert folgt_erlaubt(K("S"), K(e.oben_danach)) and not folgt_erlaubt(K("U"), K(e.oben_danach))


def test_auf_den_kopf_aus_der_hand_ist_erstes_ausspielen():
    """Wer „Auf den Kopf“ aus der Hand spielt, spielt sie erstmals: sie kommt auf einen Kopf."""
    e = folgt_auskunft(K("Auf den Kopf"), K("S"))
    assert e.erlaubt and e.oben_danach == "S"
    assert not e.hinweise


def test_auf_den_kopf_erneut_wie_a():
    e = folgt_auskunft(K("Auf den Kopf"), K("S"), kopf_erstmals=False)
    assert e.erlaubt and e.oben_danach == "A:Auf den Kopf"
    assert any("--kopf-erneut" in h for h in e.hinweise)
    # auch beim ersten Ausspielen muss ihr Buchstabe A passen
    assert not folgt_erlaubt(K("Auf den Kopf"), K("U"))


def test_auf_den_kopf_heruntergefallen_liegt_als_a_oben():
    assert folgt_erlaubt(K("U"), K("Auf den Kopf"))
    assert folgt_erlaubt(K("A"), K("Auf den Kopf"))
    assert not folgt_erlaubt(K("F"), K("Auf den Kopf"))


# --- +2/+4 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "plus, karte, summe", [(2, "+2", 4), (2, "+4", 6), (4, "+4", 8), (6, "+2", 8), (10, "+4", 14)]
)
def test_plus_aufsummieren(plus, karte, summe):
    oben = "+2" if plus % 4 else "+4"
    e = folgt_auskunft(K(karte), K(oben), plus=plus)
    assert e.erlaubt and e.schluecke == summe
    assert f"trinkt er {summe} Schlücke" in e.grund
    assert e.moeglich == ("+2", "+4")


@pytest.mark.parametrize("karte", ["U", "S", "Aussetzen", "Spielverderber", "Sheriff", "Urwald"])
def test_bei_offenem_plus_nur_plus(karte):
    e = folgt_auskunft(K(karte), K("+4"), plus=6)
    assert not e.erlaubt
    assert e.selbst_trinken == 6 and e.moeglich == ("+2", "+4")
    assert "trinkst du die 6 Schlücke" in e.grund
    assert e.abschnitt == "saufn.weisse-karten"


def test_plus_ohne_offenes_plus():
    e = folgt_auskunft(K("+4"), K("N"))
    assert e.erlaubt and e.schluecke == 4
    e2 = folgt_auskunft(K("U"), K("+2"))
    assert e2.erlaubt and any("--plus" in h for h in e2.hinweise)


@pytest.mark.parametrize(
    "plus, oben, teil",
    [
        (3, "+2", "gerade"),
        (-2, "+2", "negativ"),
        (2, "N", "passt nicht"),
        (2, "Aussetzen", "passt nicht"),
        (2, "+4", "kleiner"),
    ],
)
def test_plus_eingabefehler(plus, oben, teil):
    with pytest.raises(Eingabefehler, match=teil):
        folgt_auskunft(K("+2"), K(oben), plus=plus)


def test_pruefe_folgt_wirft_regelverstoss():
    with pytest.raises(Regelverstoss, match="Liegt ein U") as e:
        pruefe_folgt(K("N"), K("U"))
    assert e.value.abschnitt == folgt_auskunft(K("N"), K("U")).abschnitt
    assert e.value.abschnitt.startswith("saufn.")
    pruefe_folgt(K("F"), K("U"))  # erlaubt: kein Fehler


def test_sauftrumpf_mit_angabe_hat_hinweis():
    e = folgt_auskunft(K("weiss:Sauftrumpf"), K("N"))
    assert e.erlaubt and any("Sauftrumpf" in h and "Regeltext" in h for h in e.hinweise)
    assert not folgt_erlaubt(K("S:Sauftrumpf"), K("U"))


# --- Invarianten ------------------------------------------------------------------------------

karten_st = st.sampled_from([k for k in alle_karten()])
oben_st = st.sampled_from([k for k in alle_karten() if k.kategorie is not Kategorie.GOLD])


@settings(max_examples=200, deadline=None)
@given(karten_st, oben_st, st.booleans())
def test_invariante_erlaubt_genau_wenn_in_moeglich(karte, oben, gold):
    e = folgt_auskunft(karte, oben, gold=gold)
    if karte.kategorie is Kategorie.BUCHSTABE:
        im_moeglich = karte.buchstabe.value in e.moeglich
        if karte.name == "Abändern" and not gold:
            assert not e.erlaubt
        else:
            assert e.erlaubt is im_moeglich
    else:
        assert e.erlaubt
    assert e.grund.startswith("Ja:" if e.erlaubt else "Nein:")
    if not e.erlaubt:
        assert e.oben_danach == str(oben)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20).map(lambda n: 2 * n), st.sampled_from(["+2", "+4"]))
def test_invariante_summe(plus, karte):
    oben = "+4" if plus >= 4 else "+2"
    e = folgt_auskunft(K(karte), K(oben), plus=plus)
    assert e.schluecke == plus + K(karte).schluecke


# --- Spielende --------------------------------------------------------------------------------


def test_drei_personen_nur_platz_eins():
    se = sende.spielende(["Anna"], ["Anna", "Ben", "Cem"])
    assert se.nur_platz_eins and se.plaetze == ("Anna",)
    assert [(v.platz, v.name, v.schluecke, v.an) for v in se.verteiler] == [
        (1, "Anna", 20, ("Anna", "Ben", "Cem"))
    ]


def test_drei_personen_weitere_plaetze_werden_ignoriert_mit_hinweis():
    se = sende.spielende(["Anna", "Ben", "Cem"], ["Anna", "Ben", "Cem"])
    assert se.plaetze == ("Anna",) and len(se.verteiler) == 1
    assert "nur Platz 1" in se.hinweise[0]


def test_vier_bis_acht_personen_drei_plaetze():
    se = sende.spielende(["Cem", "Anna", "Dora"], ["Anna", "Ben", "Cem", "Dora", "Eva"])
    assert not se.nur_platz_eins
    assert [(v.platz, v.name, v.schluecke, v.an) for v in se.verteiler] == [
        (1, "Cem", 20, ("Anna", "Ben", "Cem", "Dora", "Eva")),
        (2, "Anna", 15, ("Anna", "Ben", "Dora", "Eva")),
        (3, "Dora", 10, ("Ben", "Dora", "Eva")),
    ]


def test_namen_gross_klein_egal():
    se = sende.spielende(["anna", "BEN", "cem"], ["Anna", "Ben", "Cem", "Dora"])
    assert se.plaetze == ("Anna", "Ben", "Cem")


@pytest.mark.parametrize("n", [0, 1, 2, 9, 12])
def test_falsche_spielerzahl(n):
    spieler = [f"P{i}" for i in range(n)]
    with pytest.raises(Eingabefehler, match="3–8 Personen"):
        sende.spielende(spieler[:1] or ["P0"], spieler)


@pytest.mark.parametrize(
    "plaetze, spieler, teil",
    [
        (["Anna", "Zoe", "Ben"], ["Anna", "Ben", "Cem", "Dora"], "„Zoe“"),
        (["Anna", "Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"], "doppelt bei den Plätzen"),
        (["Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"], "Plätze 1, 2 und 3"),
        (["Anna"], ["Anna", "Ben", "ben", "Dora"], "doppelt bei den Spielern"),
        ([], ["Anna", "Ben", "Cem"], "Platz 1"),
    ],
)
def test_spielende_eingabefehler(plaetze, spieler, teil):
    with pytest.raises(Eingabefehler) as e:
        sende.spielende(plaetze, spieler)
    assert teil.casefold() in e.value.meldung.casefold()


def test_mehrere_fehler_auf_einmal():
    with pytest.raises(Eingabefehler) as e:
        sende.spielende(["Zoe", "Zoe"], ["Anna", "Ben"])
    m = e.value.meldung
    assert "3–8" in m and "doppelt" in m and "„Zoe“" in m


# --- Verteilung -------------------------------------------------------------------------------

VIER = ["Anna", "Ben", "Cem", "Dora"]


def test_parse_verteilung():
    assert sende.parse_verteilung("Anna:Ben=5,Cem=15 Ben:Cem=15;Cem:Dora=10") == {
        "Anna": {"Ben": 5, "Cem": 15},
        "Ben": {"Cem": 15},
        "Cem": {"Dora": 10},
    }


@pytest.mark.parametrize(
    "text, teil",
    [
        ("Anna", "„Anna“"),
        ("Anna:Ben", "„Ben“"),
        ("Anna:Ben=x", "„x“"),
        ("Anna:Ben=0", "„0“"),
        ("Anna:Ben=5,Ben=3", "zweimal"),
        ("Anna:Ben=5 Anna:Cem=3", "zweimal"),
        ("", "Leere"),
    ],
)
def test_parse_verteilung_fehler(text, teil):
    with pytest.raises(Eingabefehler) as e:
        sende.parse_verteilung(text)
    assert teil in e.value.meldung


def _pruefe(text, plaetze=("Anna", "Ben", "Cem"), spieler=VIER, **opt):
    se = sende.spielende(list(plaetze), list(spieler))
    return sende.verteilung_bericht(se, sende.parse_verteilung(text), **opt)


def test_gueltige_verteilung():
    p = _pruefe("Anna:Ben=5,Cem=15 Ben:Cem=5,Dora=10 Cem:Dora=10")
    assert p.gueltig and p.fehler == ()


def test_platz1_zu_viele_schluecke():
    p = _pruefe("Anna:Ben=5,Cem=16")
    assert not p.gueltig and "21 statt höchstens 20" in p.fehler[0]


def test_platz2_nicht_an_sieger():
    p = _pruefe("Ben:Anna=5")
    assert not p.gueltig and "Ben (Platz 2) darf nicht an Anna" in p.fehler[0]


def test_platz3_nicht_an_platz1_und_2():
    p = _pruefe("Cem:Anna=2,Ben=3,Dora=5")
    assert not p.gueltig and "darf nicht an Anna, Ben" in p.fehler[0]


def test_platz1_an_alle():
    assert _pruefe("Anna:Ben=5,Cem=5,Dora=10").gueltig


def test_ohne_platz_darf_nicht_verteilen():
    p = _pruefe("Dora:Anna=1")
    assert not p.gueltig and "Dora hat keinen der Plätze" in p.fehler[0]


def test_drei_personen_nur_platz1_verteilt():
    p = _pruefe("Anna:Ben=10,Cem=10 Ben:Cem=5", plaetze=("Anna",), spieler=("Anna", "Ben", "Cem"))
    assert not p.gueltig and "bei 3 Personen verteilt nur Platz 1" in p.fehler[0]
    assert _pruefe("Anna:Ben=10,Cem=10", plaetze=("Anna",), spieler=("Anna", "Ben", "Cem")).gueltig


def test_weniger_verteilen_ist_konvention():
    p = _pruefe("Anna:Ben=5")
    assert p.gueltig and "Konvention, nicht im Regeltext" in p.hinweise[0]
    p2 = _pruefe("Anna:Ben=5", alle_verteilen=True)
    assert not p2.gueltig
    assert any("nur 5 von 20" in f for f in p2.fehler)
    assert any("Ben (Platz 2) fehlt" in f for f in p2.fehler)


def test_verteilung_unbekannter_name_eingabefehler():
    with pytest.raises(Eingabefehler, match="„Zoe“"):
        _pruefe("Anna:Zoe=5")


def test_verteilung_streng_wirft_regelverstoss():
    se = sende.spielende(["Anna", "Ben", "Cem"], VIER)
    with pytest.raises(Regelverstoss, match="darf nicht an Anna") as e:
        sende.pruefe_verteilung(se, {"Ben": {"Anna": 3}})
    assert e.value.abschnitt == "saufn.schlueckeverteilung"
    sende.pruefe_verteilung(se, {"Anna": {"Ben": 3}})  # erlaubt: kein Fehler


def test_schluecke_je_person():
    v = sende.parse_verteilung("Anna:Ben=5,Cem=15 Ben:Cem=15")
    assert sende.schluecke_je_person(v, tuple(VIER)) == {"Anna": 0, "Ben": 5, "Cem": 30, "Dora": 0}


@settings(max_examples=200, deadline=None)
@given(st.integers(4, 8), st.data())
def test_invariante_empfaenger(n, data):
    spieler = [f"P{i}" for i in range(n)]
    plaetze = data.draw(st.permutations(spieler)).copy()[:3]
    se = sende.spielende(plaetze, spieler)
    for i, v in enumerate(se.verteiler):
        assert v.schluecke == (20, 15, 10)[i]
        assert set(v.an) == set(spieler) - set(plaetze[:i])


# --- Regeltexte: jede zitierte Stelle existiert ------------------------------------------------


def _norm(t: str) -> str:
    return re.sub(r"\s+", " ", t).strip()


def test_zitierte_abschnitte_existieren_und_zitate_stehen_darin():
    from referee.regeltexte import abschnitt

    ids = {i for i, _ in regeln.ZITATE.values()} | {sende.ABSCHNITT, sende.HINWEIS_ABSCHNITT}
    ids |= {e.abschnitt for e in katalog()}
    for i in ids:
        assert abschnitt(i).id == i
    for i, z in regeln.ZITATE.values():
        assert _norm(z) in _norm(abschnitt(i).text), (i, z)
    for z in regeln.ZEILE.values():
        assert _norm(z) in _norm(abschnitt("saufn.saufn-prinzip").text)
    for z in sende.ZITATE.values():
        assert _norm(z) in _norm(abschnitt(sende.ABSCHNITT).text)


def test_hinweis_zitate_stehen_im_regeltext():
    from referee.regeltexte import abschnitte

    korpus = _norm(" ".join(a.text for a in abschnitte("saufn")))
    zitate = re.findall(r"„(.+?)“", sende.HINWEIS)
    assert len(zitate) == 2
    for z in zitate:
        assert _norm(z) in korpus
    assert "ohne alkoholische Getränke" in sende.HINWEIS


def test_abaendern_ohne_gold_nennt_andere_a_karte():
    e = folgt_auskunft(K("Abändern"), K("S"))
    assert not e.erlaubt and "Eine andere A-Karte wäre erlaubt." in e.grund
    assert (
        "andere A-Karte" not in folgt_auskunft(K("Abändern"), K("U")).grund
    )  # dort passt gar kein A


def test_auf_den_kopf_oben_sagt_dass_sie_heruntergefallen_ist():
    e = folgt_auskunft(K("U"), K("Auf den Kopf"))
    assert e.erlaubt and any("vom Kopf gefallen" in h for h in e.hinweise)


def test_unbekannter_platz_meintest_du():
    with pytest.raises(Eingabefehler, match="„Ana“ \\(Meintest du „Anna“\\?\\)"):
        sende.spielende(["Ana", "Ben", "Cem"], ["Anna", "Ben", "Cem", "Dora"])
    se = sende.spielende(["Anna", "Ben", "Cem"], ["Anna", "Ben", "Cem", "Dora"])
    with pytest.raises(Eingabefehler, match="Meintest du „Ben“"):
        sende.verteilung_bericht(se, {"Anna": {"Bne": 3}})


@pytest.mark.parametrize("modul", ["referee.saufn", "referee.saufn.karten", "referee.saufn.ende"])
def test_doctests(modul):
    import doctest
    import importlib

    ergebnis = doctest.testmod(importlib.import_module(modul))
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_verteilung_leerzeichen_um_trenner():
    assert sende.parse_verteilung("Anna: Ben=5, Cem = 15") == {"Anna": {"Ben": 5, "Cem": 15}}


def test_nein_sagt_was_sonst_zu_tun_ist():
    e = folgt_auskunft(K("N"), K("U"))
    assert e.moeglich == ("U", "F", "weiße Karte", "goldene Karte")
    assert any("muss eine Karte ziehen" in h and "saufn.nicht-legen" in h for h in e.hinweise)
    assert not any("ziehen" in h for h in folgt_auskunft(K("F"), K("U")).hinweise)


def test_ganze_reihenfolge_ab_platz_vier_verteilt_nichts():
    se = sende.spielende(
        ["Anna", "Ben", "Cem", "Dora", "Eva"], ["Anna", "Ben", "Cem", "Dora", "Eva"]
    )
    assert se.plaetze == ("Anna", "Ben", "Cem") and len(se.verteiler) == 3
    assert "Dora und Eva" not in se.hinweise[0] and "Dora, Eva verteilen nichts" in se.hinweise[0]


def test_spielverderber_mit_gold_zerstoert_goldkarte():
    e = folgt_auskunft(K("Spielverderber"), K("N"), gold=True)
    assert e.erlaubt and "zerstört eine Goldkarte" in e.grund and e.oben_danach == "Spielverderber"
    assert "saufn.weisse-karten" in e.abschnitte
