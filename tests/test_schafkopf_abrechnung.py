"""Schafkopf-Abrechnung im Kern: Grenztabelle (Issue 4 §5), echte Partien, Tarife,
Ramsch, Bettel, widersprüchliche Fakten und Invarianten (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler
from referee.schafkopf.abrechnung import (
    ABSCHNITTE,
    TRUEMPFE,
    Fakten,
    abrechnen,
    zahlungen,
    zahlungen_nach_sitz,
)
from referee.schafkopf.spielart import Spielart
from referee.schafkopf.tarif import SCHLUESSEL, Tarif, tarif_laden, tarif_namen

R, SOLO, WENZ = Spielart.RUFSPIEL, Spielart.SOLO, Spielart.WENZ
NORMAL = (
    Spielart.RUFSPIEL,
    Spielart.SOLO,
    Spielart.WENZ,
    Spielart.FARBWENZ,
    Spielart.GEIER,
    Spielart.FARBGEIER,
)
STANDARD = tarif_laden()  # 10-20-50: Rufspiel 20, Solo 50, Extras 10


def betrag_spieler(fakten: Fakten, tarif: Tarif = STANDARD) -> int:
    a = abrechnen(fakten, tarif)
    partei = [0] if a.solo_artig else [0, 1]
    return zahlungen_nach_sitz(a, partei)[0]


# --- Grenztabelle aus Issue 4 §5 (Tarif 20/50, Extras 10) --------------------------------

GRENZTABELLE = [
    # (Fakten, Betrag des Spielers)
    (Fakten(R, augen_spieler=0, schwarz=True), -40),
    (Fakten(R, augen_spieler=30), -30),
    (Fakten(R, augen_spieler=31), -20),
    (Fakten(R, augen_spieler=60), -20),
    (Fakten(R, augen_spieler=61), 20),
    (Fakten(R, augen_spieler=90), 20),
    (Fakten(R, augen_spieler=91), 30),
    (Fakten(R, augen_spieler=120, schwarz=True), 40),
    (Fakten(R, augen_spieler=61, laufende=3), 50),
    (Fakten(R, augen_spieler=60, klopfer=1, stoesse=1), -80),
    (Fakten(SOLO, augen_spieler=61), 150),
    (Fakten(WENZ, augen_spieler=61, laufende=2), 210),
    (Fakten(WENZ, augen_spieler=120, schwarz=True, tout=True), 300),
    (Fakten(WENZ, augen_spieler=100, tout=True), -300),
]


@pytest.mark.parametrize(
    ("fakten", "erwartet"),
    GRENZTABELLE,
    ids=[f"{f.spielart.value}-{f.augen_spieler}-{e}" for f, e in GRENZTABELLE],
)
def test_grenztabelle(fakten, erwartet):
    assert betrag_spieler(fakten) == erwartet


def test_beispiel_aus_dem_issue_rufspiel_schwarz_mit_drei_laufenden():
    a = abrechnen(Fakten(R, augen_spieler=120, schwarz=True, laufende=3))
    assert a.wert == 70
    assert a.bestandteile == (
        ("Rufspiel", 20),
        ("Schneider", 10),
        ("Schwarz", 10),
        ("3 Laufende × 10", 30),
    )
    assert (
        a.erklaerung == "20 (Rufspiel) + 10 (Schneider) + 10 (Schwarz) + 30 (3 Laufende × 10) = 70"
    )


def test_schwarz_aus_den_stichen():
    a = abrechnen(Fakten(R, augen_spieler=120, stiche_spieler=8))
    assert (a.schwarz, a.schneider, a.wert) == (True, True, 40)
    # 120 Augen, aber die Gegner haben einen Stich ohne Augen: nur Schneider.
    b = abrechnen(Fakten(R, augen_spieler=120, stiche_spieler=7))
    assert (b.schwarz, b.schneider, b.wert) == (False, True, 30)


def test_schwarz_nach_augen_als_hausregel():
    t = tarif_laden(setzen={"schwarz_nach_augen": "ja"})
    a = abrechnen(Fakten(R, augen_spieler=120, stiche_spieler=7), t)
    assert a.schwarz and a.wert == 40
    assert any("120:0" in k for k in a.konventionen)


def test_laufende_unter_mindestwert_zaehlen_nicht():
    a = abrechnen(Fakten(R, augen_spieler=71, laufende=2))
    assert (a.wert, a.laufende_gewertet) == (20, 0)
    b = abrechnen(Fakten(R, augen_spieler=71, laufende=2), tarif_laden(setzen={"laufende_ab": "2"}))
    assert (b.wert, b.laufende_gewertet) == (40, 2)
    assert any("erst ab 2" in k for k in b.konventionen)


def test_tout_ohne_schneider_und_schwarz_mit_laufenden():
    a = abrechnen(Fakten(SOLO, augen_spieler=120, stiche_spieler=8, tout=True, laufende=4))
    assert (a.gewonnen, a.schneider, a.schwarz, a.wert) == (True, False, False, 180)  # (50+40)×2
    verloren = abrechnen(Fakten(SOLO, augen_spieler=120, stiche_spieler=7, tout=True, laufende=4))
    assert not verloren.gewonnen and verloren.wert == 180


def test_sie_ist_solopreis_plus_acht_laufende_mal_vier():
    a = abrechnen(Fakten(SOLO, sie=True))
    assert a.gewonnen and a.wert == (50 + 80) * 4
    assert zahlungen_nach_sitz(a, [2]) == [-520, -520, 1560, -520]
    anders = abrechnen(Fakten(SOLO, sie=True), tarif_laden(setzen={"sie_faktor": "2"}))
    assert anders.wert == 260


def test_konventionen_werden_genannt():
    a = abrechnen(Fakten(WENZ, augen_spieler=95, laufende=2, klopfer=1, stoesse=1))
    text = " ".join(a.konventionen)
    for wort in ("Schneider", "Klopfer", "Stoß", "Dreifache", "Wenz erst ab 2"):
        assert wort in text
    assert all(k.startswith("Konvention, nicht im Regeltext: ") for k in a.konventionen)
    # Rufspiel ohne Extras: der Regeltext deckt alles (61 Augen, Laufende ab 3).
    assert abrechnen(Fakten(R, augen_spieler=70, laufende=3)).konventionen == ()


# --- Die 84 echten Partien (sauspiel.de über openschafkopf), als Fakten ------------------
# (spiel, kurz, grund, solo, laufende_ab, augen, stiche der Spielerpartei, laufende,
#  klopfer, stoesse, spielerpartei, erwartete Zahlungen je Platz)
PARTIEN = [
    ("farbwenz", True, 50, 50, 3, 120, 6, 2, 1, 0, [3], [-140, -140, -140, 420]),  # farbwenz/7.html
    ("farbwenz", True, 50, 50, 3, 72, 3, 5, 1, 0, [1], [-200, 600, -200, -200]),  # farbwenz/5.html
    ("farbwenz", False, 50, 50, 3, 64, 5, 1, 0, 0, [0], [150, -50, -50, -50]),  # farbwenz/9.html
    ("farbwenz", False, 50, 50, 3, 88, 6, 1, 0, 0, [0], [150, -50, -50, -50]),  # 4.html
    ("farbwenz", False, 50, 50, 3, 57, 5, 3, 0, 0, [0], [-240, 80, 80, 80]),  # 17.html
    (
        "farbwenz",
        False,
        50,
        50,
        3,
        80,
        5,
        5,
        2,
        1,
        [2],
        [-800, -800, 2400, -800],
    ),  # farbwenz/8.html
    ("farbwenz", False, 50, 50, 3, 68, 5, 1, 0, 0, [0], [150, -50, -50, -50]),  # 54.html
    ("geier", False, 50, 50, 2, 68, 5, 2, 3, 0, [0], [1680, -560, -560, -560]),  # geier/5.html
    ("geier", False, 50, 50, 2, 103, 7, 1, 0, 0, [2], [-60, -60, 180, -60]),  # 42.html
    ("geier", False, 50, 50, 2, 64, 6, 2, 0, 0, [1], [-70, 210, -70, -70]),  # geier/9.html
    ("geier", False, 50, 50, 2, 78, 6, 1, 0, 0, [0], [150, -50, -50, -50]),  # geier/8.html
    ("geier", False, 50, 50, 2, 61, 5, 1, 0, 0, [3], [-50, -50, -50, 150]),  # geier/4.html
    ("rufspiel", False, 20, 20, 3, 114, 7, 3, 0, 0, [2, 3], [-60, -60, 60, 60]),  # 16.html
    ("rufspiel", False, 20, 20, 3, 60, 4, 1, 0, 2, [0, 2], [-80, 80, -80, 80]),  # 2.html
    ("rufspiel", False, 20, 20, 3, 26, 2, 1, 0, 0, [0, 3], [-30, 30, 30, -30]),  # 14.html
    ("rufspiel", False, 20, 20, 3, 54, 3, 4, 0, 0, [0, 1], [-60, -60, 60, 60]),  # 30.html
    ("rufspiel", False, 20, 20, 3, 80, 6, 1, 0, 0, [2, 3], [-20, -20, 20, 20]),  # 33.html
    ("rufspiel", False, 20, 20, 3, 86, 6, 1, 0, 0, [2, 3], [-20, -20, 20, 20]),  # 38.html
    ("rufspiel", False, 20, 20, 3, 112, 7, 1, 0, 0, [0, 3], [30, -30, -30, 30]),  # 46.html
    ("rufspiel", False, 20, 20, 3, 112, 6, 1, 0, 0, [2, 3], [-30, -30, 30, 30]),  # 31.html
    ("rufspiel", False, 20, 20, 3, 59, 4, 1, 0, 0, [0, 1], [-20, -20, 20, 20]),  # 19.html
    ("rufspiel", False, 20, 20, 3, 106, 6, 1, 0, 0, [0, 3], [30, -30, -30, 30]),  # 40.html
    ("rufspiel", False, 20, 20, 3, 61, 3, 1, 0, 0, [0, 3], [20, -20, -20, 20]),  # 47.html
    ("rufspiel", False, 20, 20, 3, 55, 3, 1, 0, 0, [2, 3], [20, 20, -20, -20]),  # 51.html
    ("rufspiel", False, 20, 20, 3, 71, 5, 1, 0, 0, [0, 1], [20, 20, -20, -20]),  # 26.html
    ("rufspiel", False, 20, 20, 3, 77, 5, 2, 0, 0, [1, 3], [-20, 20, -20, 20]),  # 21.html
    ("rufspiel", False, 20, 20, 3, 82, 5, 2, 0, 0, [0, 3], [20, -20, -20, 20]),  # 29.html
    (
        "solo",
        False,
        50,
        50,
        3,
        58,
        4,
        1,
        0,
        0,
        [0],
        [-150, 50, 50, 50],
    ),  # solo/173-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        66,
        4,
        1,
        0,
        0,
        [3],
        [-50, -50, -50, 150],
    ),  # solo/203-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        29,
        3,
        7,
        0,
        1,
        [2],
        [260, 260, -780, 260],
    ),  # solo/49-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        44,
        2,
        7,
        0,
        0,
        [2],
        [120, 120, -360, 120],
    ),  # solo/161-herz-solo.html
    ("solo", False, 50, 50, 3, 5, 1, 3, 0, 0, [3], [90, 90, 90, -270]),  # solo/86-eichel-solo.html
    ("solo", False, 50, 50, 3, 55, 4, 2, 0, 0, [0], [-150, 50, 50, 50]),  # solo/98-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        41,
        3,
        2,
        0,
        1,
        [0],
        [-300, 100, 100, 100],
    ),  # solo/183-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        60,
        4,
        3,
        0,
        0,
        [1],
        [80, -240, 80, 80],
    ),  # solo/209-eichel-solo.html
    ("solo", False, 50, 50, 3, 70, 6, 4, 0, 0, [1], [-90, 270, -90, -90]),  # solo/44-gras-solo.html
    ("solo", False, 50, 50, 3, 63, 4, 1, 0, 0, [3], [-50, -50, -50, 150]),  # solo/54-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        62,
        5,
        1,
        0,
        0,
        [3],
        [-50, -50, -50, 150],
    ),  # solo/74-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        86,
        6,
        2,
        0,
        0,
        [2],
        [-50, -50, 150, -50],
    ),  # solo/84-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        65,
        4,
        3,
        0,
        0,
        [2],
        [-80, -80, 240, -80],
    ),  # solo/181-eichel-solo.html
    ("solo", False, 50, 50, 3, 45, 4, 2, 0, 0, [1], [50, -150, 50, 50]),  # solo/180-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        80,
        6,
        2,
        0,
        0,
        [0],
        [150, -50, -50, -50],
    ),  # solo/182-eichel-solo.html
    ("solo", False, 50, 50, 3, 95, 6, 1, 0, 0, [0], [180, -60, -60, -60]),  # solo/26-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        62,
        3,
        1,
        0,
        0,
        [2],
        [-50, -50, 150, -50],
    ),  # solo/111-herz-solo.html
    ("solo", False, 50, 50, 3, 44, 4, 1, 0, 0, [0], [-150, 50, 50, 50]),  # solo/87-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        56,
        5,
        1,
        0,
        1,
        [3],
        [100, 100, 100, -300],
    ),  # solo/22-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        92,
        6,
        1,
        0,
        0,
        [2],
        [-60, -60, 180, -60],
    ),  # solo/113-herz-solo.html
    ("solo", False, 50, 50, 3, 74, 6, 3, 0, 0, [3], [-80, -80, -80, 240]),  # solo/40-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        66,
        4,
        1,
        0,
        0,
        [3],
        [-50, -50, -50, 150],
    ),  # solo/168-gras-solo.html
    ("solo", False, 50, 50, 3, 75, 5, 1, 0, 0, [0], [150, -50, -50, -50]),  # solo/25-gras-solo.html
    ("solo", False, 50, 50, 3, 70, 5, 2, 0, 0, [3], [-50, -50, -50, 150]),  # solo/37-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        67,
        6,
        1,
        0,
        0,
        [0],
        [150, -50, -50, -50],
    ),  # solo/211-eichel-solo.html
    ("solo", False, 50, 50, 3, 81, 6, 2, 0, 0, [0], [150, -50, -50, -50]),  # solo/55-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        99,
        7,
        3,
        0,
        0,
        [3],
        [-90, -90, -90, 270],
    ),  # solo/104-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        53,
        3,
        2,
        0,
        0,
        [0],
        [-150, 50, 50, 50],
    ),  # solo/146-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        99,
        7,
        2,
        0,
        0,
        [0],
        [180, -60, -60, -60],
    ),  # solo/114-eichel-solo.html
    ("solo", False, 50, 50, 3, 54, 5, 2, 0, 0, [0], [-150, 50, 50, 50]),  # solo/32-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        65,
        5,
        2,
        0,
        0,
        [0],
        [150, -50, -50, -50],
    ),  # solo/157-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        79,
        6,
        1,
        0,
        0,
        [0],
        [150, -50, -50, -50],
    ),  # solo/149-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        84,
        7,
        3,
        0,
        0,
        [1],
        [-80, 240, -80, -80],
    ),  # solo/159-herz-solo.html
    ("solo", False, 50, 50, 3, 99, 6, 1, 0, 0, [1], [-60, 180, -60, -60]),  # solo/36-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        72,
        6,
        1,
        0,
        0,
        [1],
        [-50, 150, -50, -50],
    ),  # solo/57-eichel-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        83,
        5,
        1,
        0,
        0,
        [3],
        [-50, -50, -50, 150],
    ),  # solo/132-herz-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        120,
        8,
        3,
        0,
        0,
        [0],
        [300, -100, -100, -100],
    ),  # solo/67-gras-solo.html
    ("solo", False, 50, 50, 3, 54, 5, 1, 0, 0, [2], [50, 50, -150, 50]),  # solo/139-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        69,
        6,
        3,
        0,
        0,
        [3],
        [-80, -80, -80, 240],
    ),  # solo/172-gras-solo.html
    ("solo", False, 50, 50, 3, 46, 4, 2, 0, 0, [0], [-150, 50, 50, 50]),  # solo/166-gras-solo.html
    ("solo", False, 50, 50, 3, 52, 4, 2, 0, 0, [3], [50, 50, 50, -150]),  # solo/58-eichel-solo.html
    ("solo", False, 50, 50, 3, 95, 7, 3, 0, 0, [3], [-90, -90, -90, 270]),  # solo/82-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        89,
        6,
        1,
        0,
        0,
        [2],
        [-50, -50, 150, -50],
    ),  # solo/156-eichel-solo.html
    ("solo", False, 50, 50, 3, 89, 7, 2, 0, 0, [0], [150, -50, -50, -50]),  # solo/72-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        88,
        7,
        3,
        0,
        0,
        [2],
        [-80, -80, 240, -80],
    ),  # solo/160-gras-solo.html
    ("solo", False, 50, 50, 3, 34, 4, 2, 0, 0, [0], [-150, 50, 50, 50]),  # solo/129-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        80,
        6,
        2,
        0,
        0,
        [1],
        [-50, 150, -50, -50],
    ),  # solo/202-gras-solo.html
    ("solo", False, 50, 50, 3, 42, 3, 2, 0, 0, [0], [-150, 50, 50, 50]),  # solo/127-gras-solo.html
    (
        "solo",
        False,
        50,
        50,
        3,
        104,
        6,
        1,
        0,
        0,
        [0],
        [180, -60, -60, -60],
    ),  # solo/38-gras-solo.html
    ("wenz", True, 50, 50, 2, 0, 0, 1, 2, 1, [0], [-1680, 560, 560, 560]),  # wenz/1.html
    ("wenz", True, 50, 50, 2, 42, 2, 4, 2, 1, [2], [720, 720, -2160, 720]),  # wenz/14.html
    ("wenz", True, 50, 50, 2, 96, 5, 1, 1, 2, [1], [-480, 1440, -480, -480]),  # wenz/11.html
    ("wenz", False, 50, 50, 2, 101, 7, 1, 0, 0, [0], [180, -60, -60, -60]),  # 13.html
    ("wenz", False, 50, 50, 2, 57, 5, 3, 0, 0, [1], [80, -240, 80, 80]),  # wenz/3.html
    ("wenz", False, 50, 50, 2, 65, 5, 2, 0, 0, [3], [-70, -70, -70, 210]),  # 52.html
    ("wenz", False, 50, 50, 2, 68, 4, 4, 0, 0, [2], [-90, -90, 270, -90]),  # wenz/10.html
    ("wenz", False, 50, 50, 2, 73, 5, 2, 0, 0, [0], [210, -70, -70, -70]),  # 8.html
]


@pytest.mark.parametrize("zeile", PARTIEN, ids=[f"{i}-{z[0]}" for i, z in enumerate(PARTIEN)])
def test_echte_partien(zeile):
    spiel, kurz, grund, solo, ab, augen, stiche, laufende, klopfer, stoesse, partei, erwartet = (
        zeile
    )
    tarif = Tarif.aus_json(
        {
            "grund": grund,
            "solo": solo,
            "schneider": 10,
            "schwarz": 10,
            "laufende": 10,
            "laufende_ab": ab,
        }
    )
    fakten = Fakten(
        Spielart(spiel),
        augen_spieler=augen,
        stiche_spieler=stiche,
        laufende=laufende,
        klopfer=klopfer,
        stoesse=stoesse,
        kurz=kurz,
    )
    assert zahlungen_nach_sitz(abrechnen(fakten, tarif), partei) == erwartet


# --- Zahlungen --------------------------------------------------------------------------


def test_zahlungen_mit_namen_in_sitzordnung():
    a = abrechnen(Fakten(R, augen_spieler=40))
    assert zahlungen(a, ["Ben", "Dora"], ["Anna", "Ben", "Cem", "Dora"]) == {
        "Anna": 20,
        "Ben": -20,
        "Cem": 20,
        "Dora": -20,
    }
    s = abrechnen(Fakten(SOLO, augen_spieler=95, laufende=3))
    assert zahlungen(s, ["Cem"], ["Anna", "Ben", "Cem", "Dora"]) == {
        "Anna": -90,
        "Ben": -90,
        "Cem": 270,
        "Dora": -90,
    }


@pytest.mark.parametrize(
    ("fakten", "partei"),
    [
        (Fakten(R, augen_spieler=70), [0]),
        (Fakten(SOLO, augen_spieler=70), [0, 1]),
        (Fakten(R, augen_spieler=70), [0, 7]),
    ],
)
def test_falsche_spielerpartei_ist_eingabefehler(fakten, partei):
    with pytest.raises(Eingabefehler, match="Spielerpartei"):
        zahlungen_nach_sitz(abrechnen(fakten), partei)


# --- Ramsch und Bettel ------------------------------------------------------------------


def ramsch(augen, stiche, tarif=STANDARD, **kw):
    a = abrechnen(Fakten(Spielart.RAMSCH, augen=augen, stiche=stiche, **kw), tarif)
    return a, zahlungen_nach_sitz(a, ())


def test_ramsch_meiste_augen_zahlt_jedem():
    a, z = ramsch((35, 50, 20, 15), (2, 3, 2, 1))
    assert a.verlierer == (1,) and a.wert == 20
    assert z == [20, -60, 20, 20]


def test_ramsch_jungfrau_verdoppelt_je_jungfrau_und_klopfer():
    a, z = ramsch((70, 50, 0, 0), (5, 3, 0, 0), klopfer=1)
    assert a.jungfrauen == (2, 3)
    assert a.wert == 20 * 4 * 2
    assert z == [-480, 160, 160, 160]
    ohne, _ = ramsch(
        (70, 50, 0, 0), (5, 3, 0, 0), tarif_laden(setzen={"jungfrau_verdoppelt": "nein"})
    )
    assert ohne.wert == 20


def test_ramsch_gleichstand_hoeherer_trumpf_verliert():
    _a, z = ramsch((40, 40, 30, 10), (3, 2, 2, 1), ramsch_verlierer=1)
    assert z == [20, -60, 20, 20]
    with pytest.raises(Eingabefehler, match="Gleichstand bei 40 Augen"):
        ramsch((40, 40, 30, 10), (3, 2, 2, 1))
    with pytest.raises(Eingabefehler, match="nicht die meisten Augen"):
        ramsch((40, 40, 30, 10), (3, 2, 2, 1), ramsch_verlierer=2)


def test_ramsch_gleichstand_alle_verlieren_als_hausregel():
    t = tarif_laden(setzen={"ramsch_gleichstand": "alle"})
    a, z = ramsch((40, 40, 30, 10), (3, 2, 2, 1), t)
    assert a.verlierer == (0, 1)
    assert z == [-40, -40, 40, 40]


def test_ramsch_durchmarsch_gewinnt_solopreis():
    a, z = ramsch((0, 120, 0, 0), (0, 8, 0, 0))
    assert a.durchmarsch == 1 and a.gewonnen
    assert z == [-50, 150, -50, -50]
    ohne, z2 = ramsch((0, 120, 0, 0), (0, 8, 0, 0), tarif_laden(setzen={"durchmarsch": "nein"}))
    assert ohne.verlierer == (1,) and z2 == [160, -480, 160, 160]  # drei Jungfrauen: 20 × 8


@pytest.mark.parametrize(
    ("kw", "token"),
    [
        ({"augen": (60, 30, 20, 0), "stiche": (4, 2, 2, 0)}, "ergeben 110"),
        ({"augen": (60, 40, 20, 0), "stiche": (4, 2, 1, 0)}, "ergeben 7"),
        ({"augen": (60, 40, 10, 10), "stiche": (4, 2, 2, 0)}, "keinen Stich, aber 10 Augen"),
        (
            {"augen": (60, 40, 20, 0), "stiche": (4, 2, 2, 0), "laufende": 3},
            "Laufende gibt es beim Ramsch nicht",
        ),
        ({"augen": (60, 40, 20, 0), "stiche": (4, 2, 2, 0), "stoesse": 1}, "keinen Stoß"),
        ({"augen": (60, 60), "stiche": (4, 4, 0, 0)}, "Augen aller vier"),
    ],
)
def test_ramsch_widersprueche(kw, token):
    with pytest.raises(Eingabefehler, match=token):
        abrechnen(Fakten(Spielart.RAMSCH, **kw))


def test_ramsch_abschaltbar():
    with pytest.raises(Eingabefehler, match="ramsch_erlaubt"):
        ramsch((60, 40, 20, 0), (4, 2, 2, 0), tarif_laden(setzen={"ramsch_erlaubt": "nein"}))


def test_bettel_aus_bis_erlaubt():
    with pytest.raises(Eingabefehler, match="bettel_erlaubt"):
        abrechnen(Fakten(Spielart.BETTEL, stiche_spieler=0))
    t = tarif_laden(setzen={"bettel_erlaubt": "ja", "bettel": "30"})
    gewonnen = abrechnen(Fakten(Spielart.BETTEL, stiche_spieler=0, klopfer=1), t)
    assert gewonnen.gewonnen and zahlungen_nach_sitz(gewonnen, [3]) == [-60, -60, -60, 180]
    verloren = abrechnen(Fakten(Spielart.BETTEL, stiche_spieler=1), t)
    assert not verloren.gewonnen and zahlungen_nach_sitz(verloren, [3]) == [30, 30, 30, -90]
    with pytest.raises(Eingabefehler, match="Laufende gibt es beim Bettel nicht"):
        abrechnen(Fakten(Spielart.BETTEL, stiche_spieler=0, laufende=2), t)


# --- Widersprüchliche Fakten -------------------------------------------------------------


@pytest.mark.parametrize(
    ("fakten", "token"),
    [
        (Fakten(R, augen_spieler=121), "„121“"),
        (Fakten(R, augen_spieler=-1), "„-1“"),
        (Fakten(R, augen_spieler=119), "„119“"),
        (Fakten(R), "Es fehlt --augen N .Augen der Spielerpartei, 0–120"),
        (Fakten(R, augen_spieler=75, schwarz=True), "Schwarz passt nicht zu 75 Augen"),
        (
            Fakten(R, augen_spieler=120, schwarz=True, stiche_spieler=7),
            "Schwarz passt nicht zu 7 Stichen",
        ),
        (Fakten(R, augen_spieler=30, stiche_spieler=0), "keine 30 Augen"),
        (Fakten(R, augen_spieler=100, stiche_spieler=8), "120 Augen, nicht 100"),
        (Fakten(R, augen_spieler=70, laufende=15), "nur 14 Trümpfe"),
        (Fakten(R, augen_spieler=70, laufende=13, kurz=True), "nur 12 Trümpfe"),
        (Fakten(WENZ, augen_spieler=70, laufende=5), "nur 4 Trümpfe"),
        (Fakten(Spielart.FARBWENZ, augen_spieler=70, laufende=12), "nur 11 Trümpfe"),
        (Fakten(Spielart.FARBGEIER, augen_spieler=70, laufende=10, kurz=True), "nur 9 Trümpfe"),
        (Fakten(R, augen_spieler=70, tout=True), "nicht beim Rufspiel"),
        (Fakten(WENZ, sie=True), "nur beim Solo"),
        (Fakten(SOLO, sie=True, kurz=True), "langer Karte"),
        (Fakten(R, augen_spieler=70, klopfer=5), "Klopfer"),
        (Fakten(R, augen_spieler=70, stoesse=-1), "Stöße"),
    ],
)
def test_widerspruechliche_fakten_sind_eingabefehler(fakten, token):
    with pytest.raises(Eingabefehler, match=token) as info:
        abrechnen(fakten)
    assert info.value.meldung.endswith(".")


def test_mehrere_fehler_auf_einmal():
    with pytest.raises(Eingabefehler) as info:
        abrechnen(Fakten(R, augen_spieler=130, laufende=15))
    assert "„130“" in info.value.meldung and "„15“" in info.value.meldung


def test_truempfe_je_spielart_und_blatt():
    assert TRUEMPFE[R] == (14, 12)
    assert TRUEMPFE[WENZ] == (4, 4)
    assert TRUEMPFE[Spielart.FARBGEIER] == (11, 9)


# --- Tarife -------------------------------------------------------------------------------


def test_benannte_tarife():
    assert {"10-20-50", "5-10-20"} <= set(tarif_namen())
    t = tarif_laden("5-10-20")
    assert (t.grund, t.solo, t.schneider, t.schwarz, t.laufende) == (10, 20, 5, 5, 5)
    assert tarif_laden() == tarif_laden("10-20-50") == Tarif()
    assert betrag_spieler(Fakten(R, augen_spieler=95, laufende=3), t) == 30


def test_tarif_ueberschreiben_je_schluessel_und_spielart():
    t = tarif_laden("10-20-50", ["laufende_ab=2", "laufende_ab.wenz=3", "grund=30"])
    assert t.grund == 30
    assert t.laufende_ab_fuer(R) == 2 and t.laufende_ab_fuer(WENZ) == 3
    assert t.laufende_ab_fuer(Spielart.GEIER) == 2
    assert tarif_laden().laufende_ab_fuer(Spielart.GEIER) == 2
    assert tarif_laden().laufende_ab_fuer(Spielart.FARBGEIER) == 3


@pytest.mark.parametrize(
    ("name", "setzen", "token"),
    [
        ("gibtsnicht", None, "Unbekannter Tarif „gibtsnicht“. Bekannt: 10-20-50"),
        (None, {"gurnd": "20"}, "Unbekannter Tarif-Schlüssel „gurnd“. Erlaubt: grund"),
        (None, {"grund": "zwanzig"}, "„zwanzig“ für grund"),
        (None, {"laufende_ab": "0"}, "„0“ für laufende_ab"),
        (None, {"laufende_ab.ramsch": "2"}, "Unbekannte Spielart „ramsch“"),
        (None, {"bettel_erlaubt": "vielleicht"}, "ja oder nein"),
        (None, {"ramsch_gleichstand": "los"}, "hoechster_trumpf, alle"),
        (None, ["grund"], "schluessel=wert"),
    ],
)
def test_tarif_fehler_nennen_das_token(name, setzen, token):
    with pytest.raises(Eingabefehler, match=token.replace(".", r"\.")):
        tarif_laden(name, setzen)


def test_tarif_aus_partie_json_und_zurueck():
    d = {"grund": 50, "solo": 50, "schneider": 10, "schwarz": 10, "laufende": 10, "laufende_ab": 2}
    t = Tarif.aus_json(d)
    assert t.laufende_ab_fuer(R) == 2 and t.laufende_ab_fuer(Spielart.FARBWENZ) == 2
    assert {k: t.als_json()[k] for k in d} == d
    assert Tarif.aus_json(t.als_json()) == t
    with pytest.raises(Eingabefehler, match="„tarifff“"):
        Tarif.aus_json({"tarifff": 1})


@settings(max_examples=100, deadline=None)
@given(
    preise=st.tuples(*(st.integers(0, 500) for _ in range(7))),
    ab=st.one_of(st.integers(1, 14), st.dictionaries(st.sampled_from(NORMAL), st.integers(1, 14))),
    schalter=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    gleich=st.sampled_from(("hoechster_trumpf", "alle")),
)
def test_tarif_json_rundreise(preise, ab, schalter, gleich):
    keys = ("grund", "solo", "schneider", "schwarz", "laufende", "ramsch", "bettel")
    d = dict(zip(keys, preise, strict=True))
    d["laufende_ab"] = ab if isinstance(ab, int) else {k.value: v for k, v in ab.items()}
    for k, v in zip(
        (
            "schwarz_nach_augen",
            "ramsch_erlaubt",
            "jungfrau_verdoppelt",
            "durchmarsch",
            "bettel_erlaubt",
        ),
        schalter,
        strict=True,
    ):
        d[k] = v
    d["ramsch_gleichstand"] = gleich
    t = Tarif.aus_json(d)
    assert Tarif.aus_json(t.als_json()) == t
    assert set(t.als_json()) <= set(SCHLUESSEL)


# --- Invarianten ------------------------------------------------------------------------


@st.composite
def fakten_normal(draw):
    spielart = draw(st.sampled_from(NORMAL))
    kurz = draw(st.booleans())
    n = 6 if kurz else 8
    stiche = draw(st.integers(0, n))
    if stiche == 0:
        augen = 0
    elif stiche == n:
        augen = 120
    else:
        augen = draw(st.integers(0, 120).filter(lambda a: a not in (1, 119)))
    tout = spielart is not R and draw(st.booleans())
    return Fakten(
        spielart,
        augen_spieler=augen,
        stiche_spieler=draw(st.sampled_from((stiche, None))) if stiche not in (0, n) else stiche,
        laufende=draw(st.integers(0, TRUEMPFE[spielart][1 if kurz else 0])),
        tout=tout,
        klopfer=draw(st.integers(0, 4)),
        stoesse=draw(st.integers(0, 3)),
        kurz=kurz,
    )


@st.composite
def fakten_ramsch(draw):
    stiche = [0, 0, 0, 0]
    for _ in range(8):
        stiche[draw(st.integers(0, 3))] += 1
    mit = [i for i in range(4) if stiche[i]]
    augen = [0, 0, 0, 0]
    rest = 120
    for i in mit[:-1]:
        a = draw(st.integers(0, rest).filter(lambda x, r=rest: x != 1 and r - x != 1))
        augen[i] = a
        rest -= a
    augen[mit[-1]] = rest
    hoechst = max(augen)
    gleiche = [i for i in range(4) if augen[i] == hoechst]
    return Fakten(
        Spielart.RAMSCH,
        augen=tuple(augen),
        stiche=tuple(stiche),
        klopfer=draw(st.integers(0, 4)),
        ramsch_verlierer=draw(st.sampled_from(gleiche)),
    )


RAMSCH_TARIFE = [
    STANDARD,
    tarif_laden(setzen={"ramsch_gleichstand": "alle", "durchmarsch": "nein"}),
]


@settings(max_examples=200, deadline=None)
@given(
    fakten=st.one_of(fakten_normal(), fakten_ramsch()),
    tarif=st.sampled_from(RAMSCH_TARIFE),
    partner=st.integers(1, 3),
)
def test_zahlungen_summieren_zu_null(fakten, tarif, partner):
    try:
        a = abrechnen(fakten, tarif)
    except Eingabefehler as e:  # nur bei Augen 1-ähnlichen Sonderfällen zulässig
        pytest.fail(f"gültige Fakten abgelehnt: {fakten}: {e.meldung}")
    partei = [0] if a.solo_artig else [0, partner]
    z = zahlungen_nach_sitz(a, partei)
    assert sum(z) == 0
    assert a.wert > 0
    assert all(abs(x) in (a.wert, 3 * a.wert, 2 * a.wert) for x in z)
    assert a.wert == sum(c for _, c in a.bestandteile) * a.faktor


@settings(max_examples=200, deadline=None)
@given(fakten=fakten_normal())
def test_mehr_laufende_oder_verdopplungen_senken_den_wert_nie(fakten):
    wert = abrechnen(fakten).wert
    maximal = TRUEMPFE[fakten.spielart][1 if fakten.kurz else 0]
    if fakten.laufende < maximal:
        mehr = Fakten(**{**_felder(fakten), "laufende": fakten.laufende + 1})
        assert abrechnen(mehr).wert >= wert
    if fakten.klopfer < 4:
        assert (
            abrechnen(Fakten(**{**_felder(fakten), "klopfer": fakten.klopfer + 1})).wert == 2 * wert
        )
    assert abrechnen(Fakten(**{**_felder(fakten), "stoesse": fakten.stoesse + 1})).wert == 2 * wert


def _felder(f: Fakten) -> dict:
    return {name: getattr(f, name) for name in Fakten.__slots__}


def test_zitierte_abschnitte_existieren():
    from referee.regeltexte import abschnitt

    for sid in ABSCHNITTE:
        assert abschnitt(sid).id == sid


def test_hoechster_trumpf_platz_fuer_ramsch_gleichstand():
    from referee.schafkopf.abrechnung import hoechster_trumpf_platz
    from referee.schafkopf.karten import parse_hand

    blaetter = [parse_hand(h) for h in ("GO HA EA", "EO S7 G8", "HU HK SA", "GA EK SK")]
    assert hoechster_trumpf_platz(blaetter, [0, 1]) == 1  # Eichel-Ober vor Gras-Ober
    assert hoechster_trumpf_platz(blaetter, [0, 2]) == 0  # Gras-Ober vor Herz-Unter
    assert hoechster_trumpf_platz(blaetter, [2, 3]) == 2  # Herz-Unter; Platz 4 ohne Trumpf
    assert hoechster_trumpf_platz(blaetter, [3]) is None
    v = hoechster_trumpf_platz(blaetter, [0, 1])
    a = abrechnen(
        Fakten(Spielart.RAMSCH, augen=(40, 40, 30, 10), stiche=(3, 2, 2, 1), ramsch_verlierer=v)
    )
    assert zahlungen_nach_sitz(a, ()) == [20, -60, 20, 20]


def test_tarif_aus_json_prueft_typen_trotz_cache_und_kennt_einzelschluessel():
    assert Tarif.aus_json({"grund": 1}).grund == 1
    with pytest.raises(Eingabefehler, match="„True“ für grund"):
        Tarif.aus_json({"grund": True})
    t = Tarif.aus_json({"laufende_ab": 3, "laufende_ab.wenz": 4})
    assert t.laufende_ab_fuer(WENZ) == 4 and t.laufende_ab_fuer(Spielart.GEIER) == 3


# --- Ramsch nur aus den Fakten des Tisches (ohne Augen je Platz) -------------------------


def ramsch_fakten(tarif=STANDARD, **kw):
    a = abrechnen(Fakten(Spielart.RAMSCH, **kw), tarif)
    return a, zahlungen_nach_sitz(a, ())


def test_ramsch_aus_fakten_verlierer_und_jungfrauen():
    a, z = ramsch_fakten(ramsch_verlierer=1)
    assert (a.verlierer, a.wert, z) == ((1,), 20, [20, -60, 20, 20])
    a, z = ramsch_fakten(ramsch_verlierer=3, jungfrauen=(0,))
    assert (a.jungfrauen, a.wert, z) == ((0,), 40, [40, 40, 40, -120])
    a, z = ramsch_fakten(ramsch_verlierer=0, jungfrauen=[3, 2], klopfer=1)
    assert a.wert == 20 * 4 * 2 and z == [-480, 160, 160, 160]
    assert a.erklaerung == "20 (Ramsch) × 4 (2 Jungfrauen) × 2 (1 Klopfer) = 160"
    assert any("Jungfrau" in k for k in a.konventionen) and any(
        "Klopfer" in k for k in a.konventionen
    )


def test_ramsch_aus_fakten_durchmarsch():
    a, z = ramsch_fakten(durchmarsch=2)
    assert a.durchmarsch == 2 and a.jungfrauen == (0, 1, 3) and z == [-50, -50, 150, -50]
    assert ramsch_fakten(durchmarsch=2, jungfrauen=(0, 1, 3))[1] == z
    assert not any("meisten Augen" in k for k in a.konventionen)
    # Hausregel ohne Durchmarsch: er hat 120 Augen und zahlt, drei Jungfrauen (× 8)
    ohne, z2 = ramsch_fakten(tarif_laden(setzen={"durchmarsch": "nein"}), durchmarsch=2)
    assert ohne.verlierer == (2,) and z2 == [160, 160, -480, 160]


def test_ramsch_aus_fakten_gleichstand_alle():
    t = tarif_laden(setzen={"ramsch_gleichstand": "alle"})
    a, z = ramsch_fakten(t, ramsch_verlierer=(0, 1))
    assert a.verlierer == (0, 1) and z == [-40, -40, 40, 40]
    assert any("Alle Gleichen" in k for k in a.konventionen)


@pytest.mark.parametrize(
    ("kw", "token"),
    [
        ({}, "fehlt, wer verliert"),
        ({"ramsch_verlierer": (0, 1)}, "nur einer"),
        ({"ramsch_verlierer": 1, "jungfrauen": (1,)}, "Platz 2 verliert .* keine Jungfrau"),
        ({"ramsch_verlierer": 1, "jungfrauen": (0, 2, 3)}, "Durchmarsch"),
        ({"durchmarsch": 1, "ramsch_verlierer": 2}, "keinen Verlierer"),
        ({"durchmarsch": 1, "jungfrauen": (2,)}, "alle anderen Jungfrauen"),
        ({"ramsch_verlierer": 4}, "„4“ ist kein Platz"),
        ({"ramsch_verlierer": True}, "„True“ ist kein Platz"),
        ({"ramsch_verlierer": 0, "jungfrauen": (2, 2)}, "doppelt"),
        ({"ramsch_verlierer": 0, "augen_spieler": 70}, "keine Spielerpartei"),
        ({"ramsch_verlierer": 0, "laufende": 2}, "Laufende gibt es beim Ramsch nicht"),
        ({"ramsch_verlierer": 0, "stoesse": 1}, "keinen Stoß"),
        (
            {"augen": (50, 40, 30, 0), "stiche": (3, 3, 2, 0), "jungfrauen": (2,)},
            "Jungfrauen laut Stichen",
        ),
        (
            {"augen": (50, 40, 30, 0), "stiche": (3, 3, 2, 0), "durchmarsch": 0},
            "passt nicht zu den Stichen",
        ),
        (
            {"augen": (50, 40, 30, 0), "stiche": (3, 3, 2, 0), "ramsch_verlierer": 1},
            "nicht die meisten Augen",
        ),
    ],
)
def test_ramsch_aus_fakten_widersprueche(kw, token):
    with pytest.raises(Eingabefehler, match=token):
        abrechnen(Fakten(Spielart.RAMSCH, **kw))


@settings(max_examples=200, deadline=None)
@given(fakten=fakten_ramsch(), tarif=st.sampled_from(RAMSCH_TARIFE))
def test_ramsch_aus_fakten_gleich_ramsch_aus_augen(fakten, tarif):
    """Wer Verlierer, Jungfrauen und Durchmarsch kennt, bekommt dasselbe Geld wie mit allen Augen."""
    voll = abrechnen(fakten, tarif)
    if voll.durchmarsch is not None:
        kurz = Fakten(Spielart.RAMSCH, durchmarsch=voll.durchmarsch, klopfer=fakten.klopfer)
    else:
        durch = next((i for i, s in enumerate(fakten.stiche) if s == 8), None)
        if durch is not None:  # Hausregel ohne Durchmarsch: wie ein Durchmarsch melden
            kurz = Fakten(Spielart.RAMSCH, durchmarsch=durch, klopfer=fakten.klopfer)
        else:
            kurz = Fakten(
                Spielart.RAMSCH,
                ramsch_verlierer=voll.verlierer,
                jungfrauen=voll.jungfrauen,
                klopfer=fakten.klopfer,
            )
    knapp = abrechnen(kurz, tarif)
    assert knapp.wert == voll.wert
    assert zahlungen_nach_sitz(knapp, ()) == zahlungen_nach_sitz(voll, ())


# --- Untergrenzen, Sie, Tarifnamen, Farbsolo-Namen (Lücken der Mutationstests) -------------


def test_laufende_ab_wenz_eins_ist_die_untergrenze():
    """``--set laufende_ab.wenz=1``: schon ein Laufender zählt (50 + 1 × 10); 0 ist unmöglich."""
    eins = tarif_laden(None, ["laufende_ab.wenz=1"])
    assert abrechnen(Fakten(Spielart.WENZ, augen_spieler=61, laufende=1), eins).wert == 60
    assert abrechnen(Fakten(Spielart.WENZ, augen_spieler=61, laufende=1)).wert == 50
    with pytest.raises(
        Eingabefehler, match="„0“ für laufende_ab.wenz: erwartet eine ganze Zahl ab 1"
    ):
        tarif_laden(None, ["laufende_ab.wenz=0"])
    with pytest.raises(Eingabefehler, match="„0“ für laufende_ab: erwartet eine ganze Zahl ab 1"):
        tarif_laden(None, ["laufende_ab=0"])


@pytest.mark.parametrize(
    "fakten",
    [
        Fakten(Spielart.SOLO, augen_spieler=71, sie=True),
        Fakten(Spielart.SOLO, augen_spieler=119 - 1, sie=True),
        Fakten(Spielart.SOLO, stiche_spieler=7, sie=True),
    ],
)
def test_sie_ohne_alle_stiche_ist_eingabefehler(fakten):
    with pytest.raises(Eingabefehler, match="Sie macht alle Stiche"):
        abrechnen(fakten)


def test_sie_mit_allen_stichen_oder_ohne_angabe():
    assert abrechnen(Fakten(Spielart.SOLO, augen_spieler=120, sie=True)).wert == 520
    assert abrechnen(Fakten(Spielart.SOLO, stiche_spieler=8, sie=True)).wert == 520
    assert abrechnen(Fakten(Spielart.SOLO, sie=True)).wert == 520


def test_unbekannter_tarif_nennt_die_bekannten_und_set():
    with pytest.raises(Eingabefehler) as e:
        tarif_laden("10-20")
    meldung = e.value.meldung
    assert "Unbekannter Tarif „10-20“" in meldung and "Bekannt: 10-20-50" in meldung
    assert "--set" in meldung and "grund=10" in meldung


def test_ja_nein_eine_wortliste():
    from referee.schafkopf.tarif import ja_nein

    for wort in ("ja", "J", "wahr", "an", "1", "yes", "on"):
        assert ja_nein(wort, "x") is True
    for wort in ("nein", "N", "falsch", "aus", "0", "no", "off"):
        assert ja_nein(wort, "x") is False
    with pytest.raises(
        Eingabefehler, match="„vielleicht“ für bettel_erlaubt: erwartet ja oder nein"
    ):
        ja_nein("vielleicht", "bettel_erlaubt")
    assert tarif_laden(None, ["bettel_erlaubt=an"]).regeln.bettel_erlaubt is True


def test_farbsolo_behaelt_die_farbe():
    from referee.schafkopf.karten import Farbe

    a = abrechnen(Fakten(Spielart.SOLO, farbe=Farbe.HERZ, augen_spieler=61))
    assert a.bestandteile == (("Herz-Solo", 50),)
    assert a.als_json()["spiel"] == "Herz-Solo" and a.als_json()["farbe"] == "herz"
    a = abrechnen(Fakten(Spielart.FARBWENZ, farbe=Farbe.EICHEL, augen_spieler=61))
    assert a.bestandteile[0][0] == "Eichel-Wenz"
    assert abrechnen(Fakten(Spielart.SOLO, augen_spieler=61)).bestandteile[0][0] == "Solo"
