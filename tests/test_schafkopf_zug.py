"""Welche Karte darf ich spielen? – Regelkern, Zufallspartien und ``referee schafkopf zug``."""

from __future__ import annotations

import json
import random

import pytest
from conftest import cli_im_prozess
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.karten import Blatt, Farbe, Karte, parse_hand
from referee.schafkopf.ruf import RUFFARBEN, ruf_erlaubt
from referee.schafkopf.spielart import Spiel, Spielart
from referee.schafkopf.zug import (
    erlaubte_karten,
    ist_davonlaufen,
    pruefe_zug,
    zug_auskunft,
    zug_erlaubt,
)

RUF_SCHELLEN = Spiel(Spielart.RUFSPIEL, Farbe.SCHELLEN)


def frage(hand, stich="", spiel=RUF_SCHELLEN, **fakten):
    return erlaubte_karten(parse_hand(hand), parse_hand(stich) if stich else (), spiel, **fakten)


def namen(karten):
    return [str(k) for k in karten]


# --- die Fälle aus dem Issue -----------------------------------------------


@pytest.mark.parametrize(
    "hand,stich,erlaubt,davonlaufen",
    [
        ("SU S7 H8 E9 GA", "EU", ["SU", "H8"], False),  # Trumpf bedienen: SU und H8 sind Trumpf
        ("SU S7 H8 E9 GA", "E7", ["E9"], False),  # Eichel bedienen
        ("SA S7 S8 S9 GO", "SK", ["SA"], False),  # gesucht: nur die Ruf-Sau
        ("SA S7 S8 S9", "E7", ["S7", "S8", "S9"], False),  # Ruf-Sau nicht abwerfen
        ("SA S7 S8 S9", "", ["SA", "S7", "S8", "S9"], True),  # Davonlaufen mit vier Schellen
        ("SA S7 S9 GO", "", ["SA", "GO"], False),  # nur drei: S7/S9 verboten
        ("SA S7 S8 S9 GO", "EU HO", ["GO"], False),  # Trumpf bedienen
        ("SA S10 S9 E7", "EU HO", ["S10", "S9", "E7"], False),  # frei, aber die Ruf-Sau bleibt
    ],
)
def test_rufspiel_faelle(hand, stich, erlaubt, davonlaufen):
    a = frage(hand, stich)
    assert namen(a.erlaubte) == erlaubt
    assert a.davonlaufen is davonlaufen
    assert sorted(namen(v.karte for v in a.verboten)) == sorted(set(hand.split()) - set(erlaubt))


def test_gruende_und_abschnitte():
    a = frage("SA S7 S8 S9 GO", "SK")
    assert {v.abschnitt for v in a.verboten} == {"schafkopf.ruf-sau-suchen"}
    assert "muss zugegeben werden" in a.grund(parse_hand("S7")[0])
    a = frage("SA S7 S9 GO")
    assert a.verbot(parse_hand("S7")[0]).abschnitt == "schafkopf.davonlaufen"
    assert "du hast 3" in a.grund(parse_hand("S9")[0])
    a = frage("SA S7 S8 S9", "E7")
    assert a.verbot(parse_hand("SA")[0]).abschnitt == "schafkopf.ruf-sau-bindung"
    a = frage("SU S7 H8 E9 GA", "EU")
    assert "Bedienpflicht: Trumpf" in a.grund(parse_hand("GA")[0])
    assert frage("SA S7 S8 S9").hinweis.startswith("Davonlaufen erlaubt")


def test_wenz_ober_ist_farbe():
    a = frage("E9 SU S7 H8 GO", "EO", Spiel(Spielart.WENZ))
    assert namen(a.erlaubte) == ["E9"]


def test_rufspiel_ober_ist_kein_gras():
    a = frage("GO G7 H7", "GA", Spiel(Spielart.RUFSPIEL, Farbe.EICHEL))
    assert namen(a.erlaubte) == ["G7"]


def test_nach_davonlaufen_ist_die_sau_gewoehnlich():
    a = frage("SA S7 S8", "SK", davongelaufen=True)
    assert namen(a.erlaubte) == ["SA", "S7", "S8"]
    a = frage("SA S7 E8", "GK", davongelaufen=True)
    assert namen(a.erlaubte) == ["SA", "S7", "E8"]
    a = frage("SA S7", "", davongelaufen=True)
    assert namen(a.erlaubte) == ["SA", "S7"] and not a.davonlaufen


def test_letzter_stich_ruf_sau_darf_abgeworfen_werden():
    assert namen(frage("SA", "E7").erlaubte) == ["SA"]  # eine Karte = letzter Stich
    with pytest.raises(Eingabefehler, match="letzten Stich hat jeder nur noch eine Karte"):
        frage("SA S7", "E7", letzter_stich=True)


def test_ohne_ruf_sau_gilt_nur_bedienpflicht():
    # Der Spielmacher selbst oder ein Gegenspieler: kleine Schellen ausspielen ist frei.
    assert namen(frage("S7 S9 GO").erlaubte) == ["S7", "S9", "GO"]


def test_widersprueche_sind_eingabefehler():
    with pytest.raises(Eingabefehler, match="noch in deiner Hand"):
        frage("SA S7", "", gesucht=True)
    with pytest.raises(Eingabefehler, match="zugleich in deiner Hand"):
        frage("SU S7 H8 E9 GA", "E9")
    with pytest.raises(Eingabefehler, match="höchstens 3"):
        frage("SA", "E7 E8 E9 EK")


def test_pruefe_zug_und_zug_erlaubt():
    h, s = parse_hand("SA S7 S8 S9 GO"), parse_hand("SK")
    pruefe_zug(h, s, RUF_SCHELLEN, parse_hand("SA")[0])
    with pytest.raises(Regelverstoss, match="S7 ist hier nicht erlaubt"):
        pruefe_zug(h, s, RUF_SCHELLEN, parse_hand("S7")[0])
    assert not zug_erlaubt(h, s, RUF_SCHELLEN, parse_hand("EA")[0])  # nicht in der Hand
    assert ist_davonlaufen(parse_hand("SA S7 S8 S9"), (), RUF_SCHELLEN, parse_hand("S7")[0])
    assert not ist_davonlaufen(parse_hand("SA S7 S8 S9"), (), RUF_SCHELLEN, parse_hand("SA")[0])


def test_bettel_ohne_truempfe():
    a = frage("EO GU H9", "E7", Spiel(Spielart.BETTEL))
    assert namen(a.erlaubte) == ["EO"]


# --- Zufallspartien: jede Spielart bis zum Ende ----------------------------

SPIELE = [
    ("rufspiel", None),
    ("solo", "eichel"),
    ("solo", "herz"),
    ("wenz", None),
    ("farbwenz", "gras"),
    ("geier", None),
    ("farbgeier", "schellen"),
    ("ramsch", None),
    ("bettel", None),
]


def spiele_aus(spiel: Spiel, haende: list[list], rng: random.Random, ausspieler: int = 0):
    """Jeder legt eine zufällige erlaubte Karte; gibt die Stiche (Ausspieler, Karten, Sieger) zurück."""
    haende = [list(h) for h in haende]
    davongelaufen = [False] * 4
    stiche = []
    n = len(haende[0])
    for nr in range(n):
        stich = []
        for i in range(4):
            sitz = (ausspieler + i) % 4
            a = erlaubte_karten(
                haende[sitz],
                stich,
                spiel,
                davongelaufen=davongelaufen[sitz],
                letzter_stich=(nr == n - 1),
            )
            assert a.erlaubte, f"Sitz {sitz} hat keine erlaubte Karte"
            assert len(a.erlaubte) + len(a.verboten) == len(haende[sitz])
            karte = rng.choice(a.erlaubte)
            if ist_davonlaufen(haende[sitz], stich, spiel, karte, davongelaufen[sitz]):
                assert a.davonlaufen
                davongelaufen[sitz] = True
            haende[sitz].remove(karte)
            stich.append(karte)
        sieger = (ausspieler + spiel.stich_gewinner(stich)) % 4
        stiche.append((ausspieler, stich, sieger))
        ausspieler = sieger
    assert all(not h for h in haende)
    return stiche


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SPIELE),
    st.sampled_from([Blatt.LANG, Blatt.KURZ]),
    st.randoms(use_true_random=False),
)
def test_zufallspartien(art_farbe, blatt, rng):
    art, farbe = art_farbe
    karten = list(blatt.karten)
    rng.shuffle(karten)
    n = blatt.handgroesse
    haende = [karten[i * n : (i + 1) * n] for i in range(4)]
    if art == "rufspiel":
        rufe = [f for f in RUFFARBEN if any(ruf_erlaubt(h, f) for h in haende)]
        assume(rufe)
        farbe = rng.choice(rufe).wort
    spiel = Spiel.aus_text(art, farbe)
    stiche = spiele_aus(spiel, haende, rng, ausspieler=rng.randrange(4))
    assert len(stiche) == n
    gespielt = [k for _, s, _ in stiche for k in s]
    assert sorted(k.nr for k in gespielt) == sorted(k.nr for k in karten)
    augen = [0] * 4
    for _, s, sieger in stiche:
        augen[sieger] += sum(k.augen for k in s)
    assert sum(augen) == 120
    for (_, _, sieger), (aus, _, _) in zip(stiche, stiche[1:]):
        assert aus == sieger


# --- CLI --------------------------------------------------------------


def test_cli_json_vertrag():
    r = cli_im_prozess(
        "schafkopf",
        "zug",
        "--spiel",
        "rufspiel",
        "--farbe",
        "schellen",
        "--hand",
        "SA S7 S8 S9 GO",
        "--stich",
        "SK",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["erlaubte"] == ["SA"]
    assert set(d["verboten"]) == {"S7", "S8", "S9", "GO"}
    assert d["davonlaufen"] is False


def test_cli_davonlaufen_und_text():
    r = cli_im_prozess(
        "schafkopf", "zug", "--spiel", "rufspiel", "--farbe", "schellen", "--hand", "SA S7 S8 S9"
    )
    assert r.returncode == 0
    assert "Erlaubt: SA S7 S8 S9" in r.stdout and "Davonlaufen erlaubt" in r.stdout
    r = cli_im_prozess(
        "schafkopf", "zug", "--spiel", "wenz", "--hand", "E9 SU S7 H8 GO", "--stich", "EO", "--json"
    )
    assert json.loads(r.stdout)["erlaubte"] == ["E9"]


def test_cli_fehler():
    r = cli_im_prozess("schafkopf", "zug", "--spiel", "rufspiel", "--hand", "SA S7")
    assert r.returncode == 2 and "fehlt die gerufene Sau" in r.stderr
    r = cli_im_prozess(
        "schafkopf", "zug", "--spiel", "rufspiel", "--farbe", "herz", "--hand", "SA S7"
    )
    assert r.returncode == 2 and "Herz-Sau ist Trumpf" in r.stderr
    assert "Rufbar sind nur die Eichel-, Gras- und Schellen-Sau" in r.stderr
    r = cli_im_prozess("schafkopf", "zug", "--spiel", "solo", "--farbe", "gras", "--hand", "SA SX")
    assert r.returncode == 2 and "„SX“ an Position 2" in r.stderr and "Traceback" not in r.stderr


def test_hand_waehrend_des_spiels_und_groessen():
    """Im Spiel hat man weniger als 8 Karten; mehr als 8 (kurz: 6) ist ein Eingabefehler."""
    from referee.schafkopf.karten import Blatt

    assert namen(frage("S9", "SK").erlaubte) == ["S9"]
    assert namen(frage("GO E9 EA", "EK").erlaubte) == ["E9", "EA"]
    with pytest.raises(Eingabefehler, match="9 Karten; mit dem langen Blatt .* höchstens 8"):
        frage("SA S7 S9 GO E7 E8 E9 EK EA")
    spiel = Spiel.aus_text("rufspiel", "schellen")
    with pytest.raises(Eingabefehler, match="7 Karten; mit dem kurzen Blatt .* höchstens 6"):
        erlaubte_karten(parse_hand("SA S9 GO E9 EK EA E10"), (), spiel, blatt=Blatt.KURZ)
    with pytest.raises(Eingabefehler, match="E8 gehört nicht zum kurzen Blatt"):
        erlaubte_karten(parse_hand("SA S9 GO E9"), parse_hand("E8"), spiel, blatt="kurz")
    with pytest.raises(Eingabefehler, match="Doppelt in der Hand: SA"):
        erlaubte_karten([Karte.parse("SA"), Karte.parse("SA")], (), spiel)


def test_cli_deck_kurz_und_zu_grosse_hand():
    r = cli_im_prozess(
        "schafkopf",
        "zug",
        "--spiel",
        "rufspiel",
        "--farbe",
        "schellen",
        "--hand",
        "SA S9 GO E9 EK EA E10",
        "--deck",
        "kurz",
    )
    assert r.returncode == 2 and "höchstens 6" in r.stderr and "Traceback" not in r.stderr
    r = cli_im_prozess(
        "schafkopf",
        "zug",
        "--spiel",
        "rufspiel",
        "--farbe",
        "schellen",
        "--hand",
        "SA S9 GO E9",
        "--stich",
        "EK",
        "--deck",
        "kurz",
        "--json",
    )
    assert r.returncode == 0 and json.loads(r.stdout)["erlaubte"] == ["E9"]
    r = cli_im_prozess(
        "schafkopf",
        "zug",
        "--spiel",
        "rufspiel",
        "--farbe",
        "schellen",
        "--hand",
        "SA S7 S9 GO E7 E8 E9 EK EA",
    )
    assert r.returncode == 2 and "höchstens 8" in r.stderr


def test_cli_ramsch_und_bettel_nennen_die_konvention():
    r = cli_im_prozess(
        "schafkopf", "zug", "--spiel", "bettel", "--hand", "EO E7 SA S7", "--stich", "EK", "--json"
    )
    d = json.loads(r.stdout)
    assert d["erlaubte"] == ["EO", "E7"] and "Sau, König, Ober, Unter, Zehn" in d["konventionen"][0]
    r = cli_im_prozess(
        "schafkopf", "zug", "--spiel", "ramsch", "--hand", "EO H7 SA S7", "--stich", "HK"
    )
    assert r.returncode == 0 and "Erlaubt: EO H7" in r.stdout
    assert "Konvention, nicht im Regeltext: Ramsch" in " ".join(r.stdout.split())
    d = json.loads(
        cli_im_prozess(
            "schafkopf", "zug", "--spiel", "wenz", "--hand", "E9 SU", "--stich", "EO", "--json"
        ).stdout
    )
    assert "konventionen" not in d


# --- Eine Karte prüfen: zug_auskunft / zug_erlaubt / pruefe_zug und zug --karte ------------

SA, S9, GO = Karte.parse("SA"), Karte.parse("S9"), Karte.parse("GO")


def test_letzter_stich_die_gebundene_ruf_sau_darf_abgeworfen_werden():
    """Im letzten Stich (eine Karte) darf die Ruf-Sau auf Eichel; vorher ist sie gebunden."""
    assert zug_erlaubt(parse_hand("SA"), parse_hand("E7"), RUF_SCHELLEN, SA)
    a = zug_auskunft(parse_hand("SA G7"), parse_hand("E7"), RUF_SCHELLEN, SA)
    assert not a.erlaubt and a.abschnitt == "schafkopf.ruf-sau-bindung"
    assert namen(a.erlaubte) == ["G7"]
    with pytest.raises(Regelverstoss) as e:
        pruefe_zug(parse_hand("SA G7"), parse_hand("E7"), RUF_SCHELLEN, SA)
    assert e.value.abschnitt == "schafkopf.ruf-sau-bindung"


def test_nach_dem_davonlaufen_ist_die_ruf_sau_frei():
    hand, stich = parse_hand("SA S9 GO"), parse_hand("E7")
    assert not zug_erlaubt(hand, stich, RUF_SCHELLEN, SA)  # gebunden: nicht abwerfen
    assert zug_erlaubt(hand, stich, RUF_SCHELLEN, SA, davongelaufen=True)
    # Ausspielen einer kleinen Schellen mit nur drei Schellen: verboten; davongelaufen: frei
    a = zug_auskunft(parse_hand("SA S9 S8 GO"), (), RUF_SCHELLEN, S9)
    assert not a.erlaubt and a.abschnitt == "schafkopf.davonlaufen" and "du hast 3" in a.grund
    assert zug_auskunft(parse_hand("SA S9 S8 GO"), (), RUF_SCHELLEN, S9, davongelaufen=True).erlaubt


def test_davonlaufen_ist_erlaubt_und_sagt_es():
    a = zug_auskunft(parse_hand("SA S9 S8 S7 GO"), (), RUF_SCHELLEN, S9)
    assert a.erlaubt and a.abschnitt == "schafkopf.davonlaufen" and "Davonlaufen" in a.grund


def test_karte_nicht_in_der_hand_ist_eine_falsche_frage():
    with pytest.raises(Eingabefehler, match="EA ist nicht in der Hand"):
        zug_auskunft(parse_hand("SA S9"), (), RUF_SCHELLEN, Karte.parse("EA"))
    assert not zug_erlaubt(parse_hand("SA S9"), (), RUF_SCHELLEN, Karte.parse("EA"))


def _zug(*args: str):
    return cli_im_prozess("schafkopf", "zug", "--spiel", "rufspiel", "--farbe", "schellen", *args)


def test_cli_karte_exit_codes():
    r = _zug("--hand", "SA S7 S8 S9 GO", "--stich", "SK", "--karte", "SA")
    assert r.returncode == 0 and "SA ist erlaubt." in r.stdout
    r = _zug("--hand", "SA S7 S8 S9 GO", "--stich", "SK", "--karte", "S7")
    assert r.returncode == 1 and "S7 ist nicht erlaubt." in r.stdout
    assert "Erlaubt wären: SA" in r.stdout and "schafkopf.ruf-sau-suchen" in r.stdout
    r = _zug("--hand", "SA S7 S8 S9 GO", "--stich", "SK", "--karte", "S7", "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 1
    assert d == {
        "karte": "S7",
        "erlaubt": False,
        "grund": d["grund"],
        "abschnitt": "schafkopf.ruf-sau-suchen",
        "erlaubte": ["SA"],
    }
    r = _zug("--hand", "SA S7", "--karte", "EA")
    assert r.returncode == 2 and "EA ist nicht in der Hand" in r.stderr
    r = _zug("--hand", "SA S7", "--karte", "Gras")
    assert r.returncode == 2 and "Der Schlag fehlt" in r.stderr


def test_cli_karte_letzter_stich_und_davongelaufen():
    assert _zug("--hand", "SA", "--stich", "E7", "--karte", "SA").returncode == 0
    assert _zug("--hand", "SA S9 GO", "--stich", "E7", "--karte", "SA").returncode == 1
    r = _zug("--hand", "SA S9 GO", "--stich", "E7", "--karte", "SA", "--davongelaufen")
    assert r.returncode == 0


def test_cli_letzter_stich_mit_vier_karten_ist_exit_2():
    r = _zug("--hand", "SA S9 GO E7", "--stich", "E8", "--letzter-stich")
    assert r.returncode == 2 and r.stdout == ""
    assert "Im letzten Stich hat jeder nur noch eine Karte, die Hand hat aber 4" in r.stderr
