"""Die Logik der Eingabeseite im echten Browser, ohne Server und ohne Tipps: das Skript, wie der
Server es ausliefert (``eingabeseite.skript()``: die Grammatik als Daten, ``formular.js``,
``ausgang.js``, ``eingabe.js``), in einer leeren Seite von Chromium geladen; dann wird
``Formular(GRAMMATIK)`` direkt gefragt.

- eine Tabelle angetippter Zustände → die Zeile und was noch fehlt (von Hand geschrieben);
- was ein Tipp am Zustand ändert (Spielwechsel, Spieler, Ramsch, Augen, Karten);
- hypothesis: jedes Spiel, das ``tisch`` liest, ins Formular geholt (``formular``) und vom
  Skript wieder als Zeile geschrieben, liest ``tisch`` als dasselbe Spiel.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_live_browser import Chromium

from referee.eingabe import kurz
from referee.live import eingabeseite
from referee.live.formular import formular, kuerzel
from referee.schafkopf.karten import Farbe
from referee.schafkopf.spielart import Spielart

VIER = ("Anna", "Ben", "Cem", "Dora")
SECHS = ("Anna", "Ben", "Cem", "Dora", "Emil", "Franz")


@pytest.fixture(scope="module")
def seite(tmp_path_factory):
    """Eine leere Seite mit dem ausgelieferten Skript (``eingabe.js`` selbst findet dort
    kein Formular und tut nichts)."""
    b = Chromium(tmp_path_factory.mktemp("logik") / "profil")
    try:
        r = b.befehl("Runtime.evaluate", {"expression": eingabeseite.skript()})
        assert "exceptionDetails" not in r, r
        assert b.auswerten("typeof Formular(GRAMMATIK).zeile") == "function"
        yield b
    finally:
        b.schliesse()


def js(seite, ausdruck: str, **werte: Any) -> Any:
    """``ausdruck`` mit ``F = Formular(GRAMMATIK)`` und den ``werte`` (als JSON) auswerten."""
    vorspann = "var F = Formular(GRAMMATIK);" + "".join(
        f"var {n} = {json.dumps(w)};" for n, w in werte.items()
    )
    r = seite.befehl(
        "Runtime.evaluate",
        {"expression": f"(function(){{{vorspann} return {ausdruck};}})()", "returnByValue": True},
    )
    assert "exceptionDetails" not in r, r
    return r["result"].get("value")


def zustand(seite, **felder: Any) -> dict[str, Any]:
    """Ein Zustand des Formulars: leer, dann ``felder``."""
    return {**js(seite, "F.leer()"), **felder}


# ---------------------------------------------------------------- Zeile und was fehlt


K4 = {"Anna": "an", "Ben": "be", "Cem": "ce", "Dora": "do"}
K6 = {**K4, "Emil": "em", "Franz": "fr"}

#: (Zustand, Kürzel, Spieler am Abend, die Zeile, was fehlt) – von Hand.
FAELLE = [
    ({}, K4, 4, "", "Spiel wählen."),
    ({"spiel": "r"}, K4, 4, "r", "Spieler wählen, dann Partner."),
    ({"spiel": "r", "partei": ["Anna"]}, K4, 4, "r an", "Partner wählen."),
    ({"spiel": "r", "partei": ["Anna", "Ben"]}, K4, 4, "r an be", "Augen wählen."),
    (
        {"spiel": "r", "partei": ["Anna", "Ben"], "augen": 71, "laufende": 3},
        K4,
        4,
        "r an be 71 l3",
        "",
    ),
    ({"spiel": "solo", "partei": ["Dora"]}, K4, 4, "solo do", "Farbe wählen."),
    (
        {
            "spiel": "solo",
            "farbe": "h",
            "partei": ["Dora"],
            "augen": 80,
            "laufende": 3,
            "klopfer": 1,
        },
        K4,
        4,
        "hs do 80 l3 k1",
        "",
    ),
    ({"spiel": "solo", "farbe": "s", "partei": ["Anna"], "sie": True}, K4, 4, "ss an sie", ""),
    ({"spiel": "fw", "partei": ["Cem"], "augen": 45}, K4, 4, "fw ce 45", "Farbe wählen."),
    ({"spiel": "fw", "farbe": "e", "partei": ["Cem"], "augen": 45}, K4, 4, "fwe ce 45", ""),
    (
        {"spiel": "fg", "farbe": "h", "partei": ["Ben"], "augen": 30, "stoesse": 1, "kurz": True},
        K4,
        4,
        "fgh be 30 x1 kurz",
        "",
    ),
    ({"spiel": "w", "partei": ["Cem"]}, K4, 4, "w ce", "Augen wählen."),
    (
        {"spiel": "w", "partei": ["Cem"], "augen": 120, "schwarz": True, "tout": True},
        K4,
        4,
        "w ce 120 schwarz tout",
        "",
    ),
    ({"spiel": "g", "partei": []}, K4, 4, "g", "Spieler wählen."),
    ({"spiel": "b", "partei": ["Ben"]}, K4, 4, "b be", "Gewonnen oder verloren?"),
    # beim Bettel zählt die Zahl die Stiche
    ({"spiel": "b", "partei": ["Ben"], "stiche": 0}, K4, 4, "b be 0", ""),
    ({"spiel": "ramsch"}, K4, 4, "ramsch", "Wer verliert? (oder Durchmarsch)"),
    (
        {"spiel": "ramsch", "partei": ["Dora"], "jungfrauen": ["Ben"], "klopfer": 1},
        K4,
        4,
        "ramsch do j be k1",
        "",
    ),
    ({"spiel": "ramsch", "durchmarsch": "Cem"}, K4, 4, "ramsch dm ce", ""),
    (
        {
            "spiel": "sb",
            "haende": [["Anna", "3 7 J"], ["Ben", "AJ 2"], ["Cem", ""], ["Dora", "14 0"]],
        },
        K4,
        4,
        "sb an 3 7 J / be AJ 2 / ce / do 14 0",
        "",
    ),
    (
        {"spiel": "sb", "haende": [["Anna", "3"], ["Cem", ""]], "letzte": True},
        K4,
        4,
        "sb an 3 / ce letzte",
        "",
    ),
    ({"spiel": "sb", "haende": [["Anna", ""]]}, K4, 4, "sb an", "Mindestens zwei Spieler."),
    ({"spiel": "sf"}, K4, 4, "sf", "Platz 1 antippen, dann 2 und 3."),
    ({"spiel": "sf", "plaetze": ["Cem", "Anna", "Ben"]}, K4, 4, "sf ce an be", ""),
    ({"spiel": "sm"}, K4, 4, "sm", "Wer hat gewonnen?"),
    (
        {"spiel": "sm", "sieger": "Dora", "mit": ["Anna", "Ben", "Dora"]},
        K4,
        4,
        "sm do mit an be do",
        "",
    ),
    # mehr als fünf am Abend: die vier dieses Spiels gehören in die Zeile
    (
        {"spiel": "r", "partei": ["Anna", "Ben"], "augen": 61},
        K6,
        6,
        "r an be 61",
        "Die vier am Tisch wählen.",
    ),
    (
        {
            "spiel": "r",
            "partei": ["Anna", "Ben"],
            "augen": 61,
            "tisch": ["Anna", "Ben", "Emil", "Franz"],
        },
        K6,
        6,
        "r an be 61 @an+be+em+fr",
        "",
    ),
    # fünf am Abend: der Geber setzt aus, kein Tisch nötig
    ({"spiel": "r", "partei": ["Anna", "Ben"], "augen": 61}, K6, 5, "r an be 61", ""),
    # ohne Kürzel: das erste Wort des Namens, klein
    ({"spiel": "sm", "sieger": "Anna Maria"}, K4, 4, "sm anna", ""),
]


@pytest.mark.parametrize(("felder", "kuerzel_", "anzahl", "zeile", "fehlt"), FAELLE)
def test_zeile_und_was_fehlt(seite, felder, kuerzel_, anzahl, zeile, fehlt):
    f = zustand(seite, **felder)
    assert js(seite, "F.zeile(f, k)", f=f, k=kuerzel_) == zeile
    assert js(seite, "F.fehlt(f, n)", f=f, n=anzahl) == fehlt


def test_vollstaendige_zeilen_liest_tisch_so_wie_gemeint(seite):
    """Jede vollständige Zeile der Tabelle liest der Parser von ``tisch`` – und zurück ins
    Formular geholt ist es derselbe Zustand."""
    for felder, k, _anzahl, zeile, fehlt in FAELLE:
        if fehlt or not zeile:
            continue
        namen = VIER if k is K4 else SECHS
        if "Anna Maria" in json.dumps(felder):
            namen = ("Anna Maria", "Ben", "Cem", "Dora")
        gelesen = formular(kurz.lies(zeile, namen))
        erwartet = zustand(seite, **felder)
        assert {n: erwartet[n] for n in gelesen} == gelesen, zeile


def test_bettel_und_ramsch_schreiben_keine_laufenden(seite):
    for spiel, zeile in (("b", "b be 0"), ("ramsch", "ramsch be")):
        f = zustand(seite, spiel=spiel, partei=["Ben"], stiche=0, laufende=2)
        assert js(seite, "F.zeile(f, k)", f=f, k=K4) == zeile


# ---------------------------------------------------------------- Tipps


def test_spielwechsel_behaelt_was_beide_kennen(seite):
    r = zustand(seite, spiel="r", partei=["Anna", "Ben"], augen=71, laufende=2, klopfer=1)
    w = js(seite, "F.wechsleSpiel(f, 'w', n)", f=r, n=list(VIER))
    # Wenz: ein Spieler, Augen, Laufende und Klopfer bleiben
    assert (w["spiel"], w["partei"], w["augen"], w["laufende"], w["klopfer"]) == (
        "w",
        ["Anna"],
        71,
        2,
        1,
    )
    b = js(seite, "F.wechsleSpiel(f, 'b', n)", f=w, n=list(VIER))
    # Bettel: keine Augen, keine Laufenden; der Klopfer bleibt
    assert (b["partei"], b["augen"], b["laufende"], b["klopfer"]) == (["Anna"], None, 0, 1)
    ramsch = js(seite, "F.wechsleSpiel(f, 'ramsch', n)", f=b, n=list(VIER))
    assert ramsch == {**zustand(seite), "spiel": "ramsch"}
    hs = zustand(seite, spiel="solo", farbe="h", partei=["Dora"], augen=80)
    fw = js(seite, "F.wechsleSpiel(f, 'fw', n)", f=hs, n=list(VIER))
    assert (fw["farbe"], fw["partei"], fw["augen"]) == ("h", ["Dora"], 80)
    r2 = js(seite, "F.wechsleSpiel(f, 'r', n)", f=fw, n=list(VIER))
    assert (r2["farbe"], r2["partei"]) == (None, ["Dora"])
    sb = js(seite, "F.wechsleSpiel(f, 'sb', n)", f=r2, n=list(VIER))
    # sabai: jeder eine Hand, deren Karten noch offen sind (None) – nicht „keine Karten“ ("")
    assert sb["haende"] == [["Anna", None], ["Ben", None], ["Cem", None], ["Dora", None]]


def tipps(seite, f: dict[str, Any], namen: list[str], modus: str = "verlierer") -> dict:
    """Die Spieler ``namen`` der Reihe nach antippen."""
    return js(
        seite,
        "(t.forEach(function (x) { F.tippe(f, x, m, n); }), f)",
        f=f,
        t=namen,
        m=modus,
        n=list(VIER),
    )


def test_spieler_antippen(seite):
    # Rufspiel: Spieler, Partner; ein dritter ersetzt den Partner; nochmal tippen nimmt heraus
    r = zustand(seite, spiel="r")
    assert tipps(seite, r, ["Anna", "Ben"])["partei"] == ["Anna", "Ben"]
    assert tipps(seite, r, ["Anna", "Ben", "Cem"])["partei"] == ["Anna", "Cem"]
    assert tipps(seite, r, ["Anna", "Ben", "Anna"])["partei"] == ["Ben"]
    # ein Spieler allein: der letzte Tipp gilt
    assert tipps(seite, zustand(seite, spiel="w"), ["Anna", "Cem"])["partei"] == ["Cem"]
    # SAUFN: höchstens drei Plätze, in der Reihenfolge der Tipps
    sf = tipps(seite, zustand(seite, spiel="sf"), ["Dora", "Ben", "Anna", "Cem"])
    assert sf["plaetze"] == ["Dora", "Ben", "Anna"]
    # sabai: die Hände stehen in der Sitzordnung, wer zweimal getippt wird, ist nicht dabei
    sb = tipps(seite, zustand(seite, spiel="sb"), ["Dora", "Anna", "Cem", "Cem"])
    assert sb["haende"] == [["Anna", None], ["Dora", None]]
    sm = tipps(seite, zustand(seite, spiel="sm"), ["Ben", "Ben", "Cem"])
    assert sm["sieger"] == "Cem"


def test_ramsch_verlierer_jungfrau_durchmarsch(seite):
    f = zustand(seite, spiel="ramsch")
    f = tipps(seite, f, ["Dora"], "verlierer")
    f = tipps(seite, f, ["Ben", "Cem"], "jungfrau")
    assert (f["partei"], f["jungfrauen"]) == (["Dora"], ["Ben", "Cem"])
    # Dora als Jungfrau getippt: nicht mehr Verlierer
    f = tipps(seite, f, ["Dora"], "jungfrau")
    assert (f["partei"], f["jungfrauen"]) == ([], ["Ben", "Cem", "Dora"])
    # ein Durchmarsch hebt die Verlierer auf
    f = tipps(seite, zustand(seite, spiel="ramsch", partei=["Anna"]), ["Cem"], "durchmarsch")
    assert (f["partei"], f["durchmarsch"]) == ([], "Cem")
    assert js(seite, "[F.rolle(f, 'Cem'), F.rolle(f, 'Anna')]", f=f) == ["Durch\u00admarsch", ""]


def test_rollen_unter_den_namen(seite):
    r = zustand(seite, spiel="r", partei=["Anna", "Ben"])
    assert js(seite, "n.map(function (x) { return F.rolle(f, x); })", f=r, n=list(VIER)) == [
        "Spieler",
        "Partner",
        "",
        "",
    ]
    sf = zustand(seite, spiel="sf", plaetze=["Cem", "Anna"])
    assert js(seite, "[F.rolle(f, 'Anna'), F.rolle(f, 'Cem')]", f=sf) == ["2. Platz", "1. Platz"]


@pytest.mark.parametrize(
    ("augen", "ungueltig", "ziffer", "ersetzen", "neu"),
    [
        (None, None, "1", False, (1, None)),
        (12, None, "0", False, (120, None)),
        # 125 Augen gibt es nicht: sie bleiben sichtbar stehen, verschluckt wird nichts
        (12, None, "5", False, (None, "125")),
        (None, "125", "weg", False, (12, None)),
        (120, None, "1", False, (None, "1201")),
        (None, "1201", "5", False, (None, "1201")),  # mehr als vier Ziffern nimmt sie nicht
        (0, None, "5", False, (5, None)),  # eine führende Null fällt weg
        (45, None, "weg", False, (4, None)),
        (4, None, "weg", False, (None, None)),
        # „Korrigieren“ mit 70, Tasten auf, 4: die erste Ziffer ersetzt, dann 5 dazu
        (70, None, "4", True, (4, None)),
        (4, None, "5", False, (45, None)),
    ],
)
def test_augen_ziffer_fuer_ziffer(seite, augen, ungueltig, ziffer, ersetzen, neu):
    f = zustand(seite, spiel="r", augen=augen, ungueltig=ungueltig, schwarz=True)
    f = js(seite, "(F.tippeZiffer(f, z, e), f)", f=f, z=ziffer, e=ersetzen)
    assert (f["augen"], f["ungueltig"]) == neu
    assert f["schwarz"] is False  # getippte Augen sind nie „schwarz“


def test_zahlen_ausserhalb_sagt_das_formular(seite):
    """Was es nicht gibt, lässt sich nicht eintragen – und fehlt() sagt, warum."""
    faelle = [
        (
            {"spiel": "r", "partei": ["Anna", "Ben"], "ungueltig": "125"},
            "125 Augen gibt es nicht: höchstens 120. Mit ⌫ korrigieren.",
        ),
        (
            {"spiel": "w", "partei": ["Cem"], "augen": 61, "laufende": 5},
            "Höchstens 4 Laufende bei diesem Spiel (nicht 5).",
        ),
        (
            {"spiel": "r", "partei": ["Anna", "Ben"], "augen": 61, "laufende": 13, "kurz": True},
            "Höchstens 12 Laufende mit kurzer Karte (nicht 13).",
        ),
        (
            {"spiel": "sb", "haende": [["Anna", "3"], ["Ben", None], ["Cem", None]]},
            "Karten von Ben, Cem fehlen (oder „keine Karten“ antippen).",
        ),
    ]
    for felder, fehlt in faelle:
        assert js(seite, "F.fehlt(f, 4)", f=zustand(seite, **felder)) == fehlt


def test_zaehler_bleiben_in_ihren_grenzen(seite):
    r = zustand(seite, spiel="r")
    # Rufspiel: 14 Trümpfe, mit kurzer Karte 12; Wenz 4; Klopfer 4, Stöße 10; Bettel keine
    assert js(seite, "[F.hoechstens(f, 'laufende'), F.hoechstens(f, 'klopfer')]", f=r) == [14, 4]
    assert js(seite, "F.hoechstens(f, 'laufende')", f={**r, "kurz": True}) == 12
    assert js(seite, "F.hoechstens(f, 'laufende')", f={**r, "spiel": "w"}) == 4
    assert js(seite, "F.hoechstens(f, 'laufende')", f={**r, "spiel": "b"}) == 0
    assert js(seite, "F.hoechstens(f, 'stoesse')", f=r) == 10
    f = js(
        seite,
        "(F.stufe(f, 'klopfer', 1), F.stufe(f, 'klopfer', -1), F.stufe(f, 'klopfer', -1), f)",
        f=r,
    )
    assert f["klopfer"] == 0
    f = js(seite, "([1,2,3,4,5,6].forEach(function(){F.stufe(f, 'klopfer', 1);}), f)", f=r)
    assert f["klopfer"] == 4


def test_schnellwahl_schalter_und_karten(seite):
    f = js(seite, "(F.waehleAugen(f, 120, true), f)", f=zustand(seite, spiel="w"))
    assert (f["augen"], f["schwarz"]) == (120, True)
    f = js(seite, "(F.waehleAugen(f, 120, true), f)", f=f)  # nochmal: wieder leer
    assert (f["augen"], f["schwarz"]) == (None, False)
    f = js(seite, "(F.schalte(f, 'tout'), F.schalte(f, 'sie'), f)", f=zustand(seite))
    assert (f["tout"], f["sie"]) == (False, True)  # Tout und Sie zugleich gibt es nicht
    assert js(seite, "F.karte(null, '3')") == "3"
    assert js(seite, "F.karte('3 7', '')") == "3"
    assert js(seite, "F.karte('3', '')") is None  # leer getippt: wieder offen, nicht „keine“
    zwoelf = " ".join(["1"] * 12)
    assert js(seite, "F.karte(h, 'J')", h=zwoelf) == zwoelf  # mehr hat niemand auf der Hand
    assert js(seite, "[F.volleHand(h), F.volleHand('3'), F.volleHand(null)]", h=zwoelf) == [
        True,
        False,
        False,
    ]
    f = js(
        seite,
        "(F.tippeTisch(f, 'Anna'), F.tippeTisch(f, 'Ben'), F.tippeMit(f, 'Cem'), f)",
        f=zustand(seite),
    )
    assert (f["tisch"], f["mit"]) == (["Anna", "Ben"], ["Cem"])


# ---------------------------------------------------------------- hin und zurück


def _partei(art: Spielart, namen: tuple[str, ...]) -> st.SearchStrategy[tuple[str, ...]]:
    if art is Spielart.RUFSPIEL:
        return st.permutations(namen).map(lambda p: tuple(p[:2]))
    if art is Spielart.RAMSCH:
        return st.lists(st.sampled_from(namen), max_size=3, unique=True).map(tuple)
    return st.sampled_from(namen).map(lambda n: (n,))


@st.composite
def schafkopf(draw: st.DrawFn, namen: tuple[str, ...]) -> kurz.SchafkopfAngaben:
    art = draw(st.sampled_from(list(Spielart)))
    farbe = None
    if art in (Spielart.SOLO, Spielart.FARBWENZ, Spielart.FARBGEIER):
        farbe = draw(st.sampled_from(list(Farbe)))
    tisch: tuple[str, ...] = ()
    if len(namen) > 5:
        tisch = tuple(draw(st.permutations(namen))[:4])
    gemeinsam = {
        "klopfer": draw(st.integers(0, 4)),
        "stoesse": draw(st.integers(0, 4)),
        "kurz": draw(st.booleans()),
        "tisch": tisch,
    }
    if art is Spielart.RAMSCH:
        durchmarsch = draw(st.none() | st.sampled_from(namen))
        partei = () if durchmarsch else draw(_partei(art, namen))
        jungfrauen = draw(st.lists(st.sampled_from(namen), max_size=2, unique=True))
        return kurz.SchafkopfAngaben(
            art,
            partei=partei,
            jungfrauen=tuple(jungfrauen),
            durchmarsch=durchmarsch,
            **gemeinsam,
        )
    if art is Spielart.BETTEL:
        stiche = draw(st.none() | st.integers(0, 8))
        return kurz.SchafkopfAngaben(
            art, partei=draw(_partei(art, namen)), stiche=stiche, **gemeinsam
        )
    return kurz.SchafkopfAngaben(
        art,
        farbe=farbe,
        partei=draw(_partei(art, namen)),
        augen=draw(st.none() | st.integers(0, 120)),
        laufende=draw(st.integers(0, 8)),
        schwarz=draw(st.booleans()),
        tout=draw(st.booleans()),
        sie=draw(st.booleans()),
        **gemeinsam,
    )


@st.composite
def anderes(draw: st.DrawFn, namen: tuple[str, ...]) -> kurz.Spiel:
    art = draw(st.sampled_from(["sb", "sf", "sm"]))
    if art == "sb":
        wer = draw(st.lists(st.sampled_from(namen), min_size=2, max_size=4, unique=True))
        karten = st.lists(st.sampled_from(["0", "3", "7", "11", "14", "J", "AJ"]), max_size=5)
        haende = tuple((n, " ".join(draw(karten))) for n in wer)
        return kurz.SabaiAngaben(haende, draw(st.booleans()))
    if art == "sf":
        return kurz.SaufnAngaben(
            tuple(draw(st.lists(st.sampled_from(namen), min_size=1, max_size=3, unique=True)))
        )
    sieger = draw(st.sampled_from(namen))
    # „mit“: niemand (alle des Abends) oder wenigstens zwei, der Sieger darunter (wie die Regel)
    andere = draw(
        st.lists(st.sampled_from([n for n in namen if n != sieger]), max_size=3, unique=True)
    )
    mit = (*andere, sieger) if andere else ()
    return kurz.SchlafmuetzeAngaben(sieger, tuple(mit))


@settings(max_examples=100, deadline=None)
@given(daten=st.data())
def test_jedes_spiel_hin_und_zurueck(seite, daten):
    """Ein Spiel, wie ``tisch`` es liest → das Formular (``formular``, wie „Korrigieren“ es
    füllt) → die Zeile des Skripts → ``tisch`` liest dasselbe Spiel."""
    namen = daten.draw(st.sampled_from([VIER, SECHS]))
    spiel = daten.draw(schafkopf(namen) | anderes(namen))
    f = zustand(seite, **formular(spiel))
    zeile = js(seite, "F.zeile(f, k)", f=f, k=kuerzel(namen))
    assert kurz.lies(zeile, namen) == spiel, zeile
