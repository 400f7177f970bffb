"""Ganze Partien prüfen und abrechnen: 84 echte Partien, gebaute Regelverstöße, CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import cli_im_prozess
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler
from referee.schafkopf.karten import Blatt, Karte, parse_hand
from referee.schafkopf.partie import laufende, lies_partie, partie_bericht
from referee.schafkopf.ruf import RUFFARBEN, ruf_erlaubt
from referee.schafkopf.spielart import Spiel, Spielart
from referee.schafkopf.zug import erlaubte_karten, ist_davonlaufen

DATEI = Path(__file__).parent / "data" / "partien.json"
PARTIEN = json.loads(DATEI.read_text(encoding="utf-8"))


def test_84_partien_vorhanden():
    assert len(PARTIEN) == 84
    arten = {g["spiel"] for g in PARTIEN}
    assert {"rufspiel", "solo", "wenz", "farbwenz", "geier"} <= arten
    assert any(len(g["haende"][0]) == 6 for g in PARTIEN)


@pytest.mark.parametrize("g", PARTIEN, ids=[g["quelle"].split("games/")[-1] for g in PARTIEN])
def test_echte_partie_exakt(g):
    b = partie_bericht(g)
    assert b.gueltig, [f.als_json() for f in b.fehler]
    e = g["erwartet"]
    assert list(b.zahlungen) == e["zahlungen"]
    assert b.augen_spieler == e["augen_spieler"]
    assert b.laufende == e["laufende"]
    assert sum(b.zahlungen) == 0
    assert sum(b.augen) == 120


@pytest.mark.parametrize("g", PARTIEN[::7], ids=lambda g: g["quelle"].split("games/")[-1])
def test_jede_karte_der_echten_partien_erlaubt(g):
    """Unabhängig von partie_bericht: jede gespielte Karte über erlaubte_karten nachspielen."""
    spiel = Spiel.aus_text(g["spiel"], g["farbe"])
    haende = [list(parse_hand(h)) for h in g["haende"]]
    n = len(haende[0])
    davon = [False] * 4
    for i, stich in enumerate(g["stiche"]):
        liegt: list[Karte] = []
        for j, karte in enumerate(parse_hand(stich["karten"])):
            sitz = (stich["aus"] + j) % 4
            a = erlaubte_karten(
                haende[sitz], liegt, spiel, davongelaufen=davon[sitz], letzter_stich=i == n - 1
            )
            assert karte in a.erlaubte, (i, sitz, str(karte), a.grund(karte))
            if ist_davonlaufen(haende[sitz], liegt, spiel, karte, davon[sitz]):
                davon[sitz] = True
            haende[sitz].remove(karte)
            liegt.append(karte)


def test_json_vertrag_echte_partie():
    g = next(g for g in PARTIEN if g["spiel"] == "rufspiel")
    d = partie_bericht(g).als_json()
    for schluessel in (
        "gueltig",
        "spieler_partei",
        "augen_spieler",
        "stiche_spieler",
        "gewonnen",
        "schneider",
        "schwarz",
        "laufende",
        "wert",
        "zahlungen",
    ):
        assert schluessel in d
    assert d["gueltig"] is True and len(d["spieler_partei"]) == 2
    assert g["spieler"] in d["spieler_partei"]
    assert d["zahlungen"] == g["erwartet"]["zahlungen"]


# --- Laufende ---------------------------------------------------------------


def test_laufende_mit_und_ohne_ueber_beide_haende():
    spiel = Spiel(Spielart.RUFSPIEL, Spiel.aus_text("rufspiel", "gras").farbe)
    haende = [
        parse_hand("EO HO EU HA H10 G7 S7 E7"),
        parse_hand("GO SO GU GA E8 E9 S8 S9"),
        parse_hand("SU HU HK H9 H8 H7 EA EK"),
        parse_hand("E10 G10 GK G9 G8 SA S10 SK"),
    ]
    # Spielerpartei 0 + 1 (Gras-Sau bei Sitz 1): EO GO HO SO EU GU = 6 „mit“, dann SU bei Sitz 2.
    assert laufende(spiel, haende, (0, 1)) == 6
    assert laufende(spiel, haende, (2, 3)) == 6  # dieselben 6 zählen „ohne“
    wenz = Spiel(Spielart.WENZ)
    assert laufende(wenz, haende, (0,)) == 1  # EU, dann GU bei Sitz 1
    assert laufende(wenz, haende, (1,)) == 1  # ohne EU
    assert laufende(Spiel(Spielart.GEIER), haende, (0, 1)) == 4


# --- Zufallspartien mit gezielten Regelverstößen -----------------------------

SPIELE = [
    ("rufspiel", None),
    ("solo", "gras"),
    ("wenz", None),
    ("farbwenz", "herz"),
    ("geier", None),
    ("farbgeier", "eichel"),
    ("ramsch", None),
    ("bettel", None),
]


def baue_partie(art, farbe, blatt, rng, p_falsch=0.0, haende=None, spieler=None):
    """Eine Partie zufällig spielen; mit Wahrscheinlichkeit p_falsch eine verbotene Karte.

    Gibt (Partie-JSON, erwartete Fehler als Menge (stich, sitz, karte)) zurück.
    """
    n = blatt.handgroesse
    if haende is None:
        karten = list(blatt.karten)
        rng.shuffle(karten)
        haende = [karten[i * n : (i + 1) * n] for i in range(4)]
    spieler = rng.randrange(4) if spieler is None else spieler
    if art == "rufspiel":
        moeglich = [(s, f) for s in range(4) for f in RUFFARBEN if ruf_erlaubt(haende[s], f)]
        if not moeglich:
            return None, None
        spieler, f = rng.choice(moeglich)
        farbe = f.wort
    spiel = Spiel.aus_text(art, farbe)
    rest = [list(h) for h in haende]
    davon = [False] * 4
    stiche, erwartet = [], set()
    aus = 0
    for i in range(n):
        liegt = []
        for j in range(4):
            sitz = (aus + j) % 4
            a = erlaubte_karten(
                rest[sitz], liegt, spiel, davongelaufen=davon[sitz], letzter_stich=i == n - 1
            )
            if a.verboten and rng.random() < p_falsch:
                karte = rng.choice(a.verboten).karte
                erwartet.add((i + 1, sitz, str(karte)))
            else:
                karte = rng.choice(a.erlaubte)
                if ist_davonlaufen(rest[sitz], liegt, spiel, karte, davon[sitz]):
                    davon[sitz] = True
            rest[sitz].remove(karte)
            liegt.append(karte)
        stiche.append({"aus": aus, "karten": [str(k) for k in liegt]})
        aus = (aus + spiel.stich_gewinner(liegt)) % 4
    g = {
        "spiel": art,
        "farbe": farbe,
        "tout": False,
        "spieler": spieler,
        "haende": [[str(k) for k in h] for h in haende],
        "klopfer": [],
        "stoesse": [],
        "stiche": stiche,
        "tarif": {
            "grund": 20,
            "solo": 50,
            "schneider": 10,
            "schwarz": 10,
            "laufende": 10,
            "laufende_ab": 3,
            "bettel_erlaubt": True,
            "ramsch_gleichstand": "alle",
        },
    }
    return g, erwartet


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SPIELE),
    st.sampled_from([Blatt.LANG, Blatt.KURZ]),
    st.randoms(use_true_random=False),
)
def test_zufallspartien_gueltig_und_nullsumme(art_farbe, blatt, rng):
    g, _ = baue_partie(*art_farbe, blatt, rng)
    assume(g is not None)
    b = partie_bericht(g)
    assert b.gueltig, [f.als_json() for f in b.fehler]
    assert sum(b.zahlungen) == 0
    assert sum(b.augen) == 120 and sum(b.stiche_je_sitz) == blatt.handgroesse
    if g["spiel"] == "ramsch":
        assert b.spieler_partei == ()
        hoechst = max(b.augen)
        for s in range(4):
            assert (b.zahlungen[s] < 0) == (
                b.augen[s] == hoechst
            ) or b.abrechnung.durchmarsch is not None
        # Standard-Hausregel: bei Gleichstand verliert, wer den höchsten Trumpf bekommen hat.
        g2 = dict(g, tarif={k: v for k, v in g["tarif"].items() if k != "ramsch_gleichstand"})
        b2 = partie_bericht(g2)
        gleiche = [s for s in range(4) if b2.augen[s] == hoechst]
        if b2.abrechnung.durchmarsch is None:
            spiel = Spiel(Spielart.RAMSCH)
            rang = {
                s: max(
                    (spiel.staerke(k) for k in parse_hand(g["haende"][s]) if spiel.ist_trumpf(k)),
                    default=-1,
                )
                for s in gleiche
            }
            verlierer = max(gleiche, key=lambda s: rang[s])
            assert [s for s in range(4) if b2.zahlungen[s] < 0] == [verlierer]
    else:
        if g["spiel"] == "bettel":
            assert any("Sau, König, Ober, Unter, Zehn" in k for k in b.konventionen)
            assert b.abrechnung.gewonnen == (b.stiche_spieler == 0)
        assert b.augen_spieler == sum(b.augen[s] for s in b.spieler_partei)
        assert (b.zahlungen[g["spieler"]] > 0) == b.abrechnung.gewonnen


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SPIELE),
    st.sampled_from([Blatt.LANG, Blatt.KURZ]),
    st.randoms(use_true_random=False),
)
def test_verbotene_karten_werden_genau_gefunden(art_farbe, blatt, rng):
    g, erwartet = baue_partie(*art_farbe, blatt, rng, p_falsch=0.15)
    assume(g is not None)
    b = partie_bericht(g)
    gefunden = {(f.stich, f.sitz, f.karte) for f in b.fehler}
    assert gefunden == erwartet
    assert b.gueltig == (not erwartet)
    assert all(f.grund.endswith(")") or f.grund.endswith(".") for f in b.fehler)


def _rufspiel_mit(bedingung, versuche=3000):
    """Erste Zufallspartie (Rufspiel), in der ``bedingung(g, bericht)`` gilt."""
    for seed in range(versuche):
        g, erwartet = baue_partie("rufspiel", None, Blatt.LANG, random.Random(seed), p_falsch=0.1)
        if g is not None and erwartet and bedingung(g, partie_bericht(g)):
            return g, partie_bericht(g)
    raise AssertionError("keine passende Partie gefunden")


@pytest.mark.parametrize(
    "abschnitt,text",
    [
        ("schafkopf.stichregeln", "Bedienpflicht"),
        ("schafkopf.ruf-sau-suchen", "muss zugegeben werden"),
        ("schafkopf.ruf-sau-bindung", "nicht abgeworfen"),
        ("schafkopf.davonlaufen", "Davonlaufen geht erst mit mindestens 4"),
    ],
)
def test_jede_art_von_verstoss_wird_begruendet(abschnitt, text):
    g, b = _rufspiel_mit(lambda g, b: any(f.abschnitt == abschnitt for f in b.fehler))
    f = next(f for f in b.fehler if f.abschnitt == abschnitt)
    assert text in f.grund and f"({abschnitt})" in f.grund
    karten_im_stich = g["stiche"][f.stich - 1]["karten"]
    assert f.karte in karten_im_stich
    assert (g["stiche"][f.stich - 1]["aus"] + karten_im_stich.index(f.karte)) % 4 == f.sitz


def test_davonlaufen_wird_mitgefuehrt():
    """Nach dem Davonlaufen ist die Ruf-Sau frei: später darf eine kleine Ruffarbe zugegeben werden."""
    for seed in range(20000):
        g, _ = baue_partie("rufspiel", None, Blatt.LANG, random.Random(seed))
        if g is None:
            continue
        b = partie_bericht(g)
        if b.davongelaufen is not None:
            assert b.gueltig
            assert b.davongelaufen in b.spieler_partei and b.davongelaufen != g["spieler"]
            return
    raise AssertionError("kein Davonlaufen in 20000 Partien")


def test_tout_und_sie():
    g = json.loads(
        json.dumps(next(g for g in PARTIEN if g["spiel"] == "solo" and len(g["haende"][0]) == 8))
    )
    normal = partie_bericht(g)
    g["tout"] = True
    b = partie_bericht(g)
    assert b.gueltig
    alle = b.stiche_spieler == 8
    assert b.abrechnung.gewonnen == alle
    lauf = b.laufende if b.laufende >= 3 else 0
    wert = (
        (g["tarif"]["solo"] + lauf * g["tarif"]["laufende"])
        * 2
        * 2 ** len(g["klopfer"] + g["stoesse"])
    )
    assert b.abrechnung.wert == wert
    assert b.zahlungen[g["spieler"]] == (3 * wert if alle else -3 * wert)
    assert normal.zahlungen == tuple(g["erwartet"]["zahlungen"])
    # Sie: Sitz 0 hält alle Ober und Unter.
    ou = [k for k in Blatt.LANG.karten if k.schlag.value in "OU"]
    rest = [k for k in Blatt.LANG.karten if k not in ou]
    random.Random(7).shuffle(rest)
    haende = [ou, rest[0:8], rest[8:16], rest[16:24]]
    sie, _ = baue_partie("solo", "eichel", Blatt.LANG, random.Random(1), haende=haende, spieler=0)
    sie["sie"] = True
    b = partie_bericht(sie)
    assert b.gueltig and b.abrechnung.sie
    assert b.zahlungen[0] == 3 * (50 + 8 * 10) * 4
    sie["spieler"] = 1
    assert "Sie heißt" in partie_bericht(sie).fehler[0].grund


def test_falscher_ausspieler():
    g = json.loads(json.dumps(PARTIEN[0]))
    g["stiche"][2]["aus"] = (g["stiche"][2]["aus"] + 1) % 4
    b = partie_bericht(g)
    assert not b.gueltig
    f = b.fehler[0]
    assert f.stich == 3 and f.karte is None and "muss ausspielen" in f.grund


def test_unerlaubter_ruf_und_stoss():
    g = json.loads(
        json.dumps(next(g for g in PARTIEN if g["spiel"] == "rufspiel" and g["stoesse"]))
    )
    # Die Spielerpartei stößt zuerst: verboten.
    partei = partie_bericht(g).spieler_partei
    g["stoesse"] = [partei[0]]
    b = partie_bericht(g)
    assert [(f.stich, f.sitz) for f in b.fehler] == [(None, partei[0])]
    assert "schafkopf.stoss" in b.fehler[0].grund
    # Eine Sau rufen, die man selbst hält:
    g, eigene = next(
        (json.loads(json.dumps(g)), f)
        for g in PARTIEN
        if g["spiel"] == "rufspiel"
        for f in ("eichel", "gras", "schellen")
        if f[0].upper() + "A" in g["haende"][g["spieler"]]
    )
    g["farbe"] = eigene
    b = partie_bericht(g)
    assert b.fehler[0].stich is None and "Der Ruf ist nicht erlaubt" in b.fehler[0].grund


@pytest.mark.parametrize(
    "aendern,meldung",
    [
        (lambda g: g["haende"][1].__setitem__(0, g["haende"][0][0]), "Doppelt gegeben"),
        (lambda g: g["haende"][2].__setitem__(3, "XY"), "„XY“"),
        (lambda g: g["stiche"].pop(), "7 Stiche"),
        (lambda g: g.__setitem__("spieler", 5), "„5“ ist kein Sitz"),
        (lambda g: g.__setitem__("spiel", "schach"), "Unbekannte Spielart „schach“"),
        (lambda g: g["haende"][0].pop(), "8 Karten"),
        (lambda g: g.__setitem__("tarif", {"grundpreis": 20}), "„grundpreis“"),
    ],
)
def test_eingabefehler(aendern, meldung):
    g = json.loads(json.dumps(next(g for g in PARTIEN if len(g["haende"][0]) == 8)))
    aendern(g)
    with pytest.raises(Eingabefehler) as e:
        lies_partie(g)
    assert meldung in str(e.value)


# --- CLI --------------------------------------------------------------------


def test_cli_partie_json_und_exit_0(tmp_path):
    g = PARTIEN[4]
    datei = tmp_path / "p.json"
    datei.write_text(json.dumps(g), encoding="utf-8")
    r = cli_im_prozess("schafkopf", "partie", str(datei), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["gueltig"] is True and d["zahlungen"] == g["erwartet"]["zahlungen"]


def test_cli_partie_stdin_regelverstoss_exit_1():
    g = json.loads(json.dumps(PARTIEN[4]))
    k = g["stiche"][1]["karten"]
    k[2], k[3] = k[3], k[2]
    r = cli_im_prozess("schafkopf", "partie", "-", "--json", input=json.dumps(g))
    assert r.returncode == 1
    d = json.loads(r.stdout)
    assert d["gueltig"] is False
    assert d["fehler"][0] == {
        "stich": 2,
        "sitz": 3,
        "karte": k[2],
        "grund": d["fehler"][0]["grund"],
    }
    r = cli_im_prozess("schafkopf", "partie", "-", input=json.dumps(g))
    assert r.returncode == 1
    assert (
        "Stich 2:" in r.stdout
        and "✗ Sitz 3 legt" in r.stdout
        and "Sitz 3 hatte da noch:" in r.stdout
    )
    assert "Regel „Stichregeln“ (schafkopf.stichregeln)" in r.stdout


def test_cli_partie_mit_namen_und_tarif_option(tmp_path):
    g = dict(PARTIEN[0], namen=["Anna", "[bold]Ben", "Cem", "Dora"])
    g.pop("tarif")
    datei = tmp_path / "p.json"
    datei.write_text(json.dumps(g), encoding="utf-8")
    r = cli_im_prozess("schafkopf", "partie", str(datei))
    assert r.returncode == 0, r.stderr
    assert "[bold]Ben" in r.stdout and "Zahlungen:" in r.stdout
    r = cli_im_prozess("schafkopf", "partie", str(datei), "--json", "--tarif", "5-10-20")
    d = json.loads(r.stdout)
    assert d["zahlungen_namen"]["Anna"] == d["zahlungen"][0]
    assert abs(d["zahlungen"][3]) == 3 * d["wert"]  # Spieler (Sitz 3) zahlt/erhält dreifach


def test_cli_liste_von_partien():
    r = cli_im_prozess("schafkopf", "partie", str(DATEI), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert [x["zahlungen"] for x in d] == [g["erwartet"]["zahlungen"] for g in PARTIEN]


def test_cli_eingabefehler_exit_2(tmp_path):
    r = cli_im_prozess("schafkopf", "partie", str(tmp_path / "fehlt.json"))
    assert r.returncode == 2 and "gibt es nicht" in r.stderr
    r = cli_im_prozess("schafkopf", "partie", "-", input="{kaputt")
    assert r.returncode == 2 and "kein gültiges JSON" in r.stderr
    g = json.loads(json.dumps(PARTIEN[0]))
    g["haende"][0][0] = "EX"
    r = cli_im_prozess("schafkopf", "partie", "-", input=json.dumps(g))
    assert r.returncode == 2 and "„EX“" in r.stderr and "Traceback" not in r.stderr


def test_abschnitte_existieren():
    """Jede Regel-id, die der Schafkopf-Kern zitiert, gibt es im Korpus."""
    from referee.regeltexte import abschnitt
    from referee.schafkopf import partie, ruf, zug

    ids = {
        zug.STICHREGELN,
        zug.SUCHEN,
        zug.BINDUNG,
        zug.DAVONLAUFEN,
        partie.STOSS,
        ruf._VORAUSSETZUNGEN,
        ruf._RUFBARE,
        ruf._GESPERRT,
        "schafkopf.truempfe",
    }
    for i in ids:
        assert abschnitt(i).id == i


def _rufspiel_mit_namen():
    g = next(json.loads(json.dumps(x)) for x in PARTIEN if x["spiel"] == "rufspiel")
    g["namen"] = ["Anna", "Ben", "Cem", "Dora"]
    return g


def test_cli_regelverstoss_liest_sich_mit_namen_hand_und_erlaubten_karten():
    """Der Halter der Ruf-Sau wirft beim Suchen etwas anderes ab: Stich, Hand, erlaubte Karte, Regel."""
    g = _rufspiel_mit_namen()
    p = lies_partie(g)
    rufsau = p.spiel.rufsau
    halter = next(s for s in range(4) if rufsau in p.haende[s])
    # der erste Stich, in dem die Ruf-Sau fällt und ein anderer die Ruffarbe ausgespielt hat
    i, st_ = next(
        (i, s) for i, s in enumerate(p.stiche) if rufsau in s.karten and s.karten[0] is not rufsau
    )
    st_.karten.index(rufsau)
    ersatz = next(
        k for k in p.haende[halter] if k.farbe is not rufsau.farbe and k not in st_.karten
    )
    # Ruf-Sau und Ersatzkarte tauschen (in diesem und dem späteren Stich)
    for s in g["stiche"]:
        s["karten"] = [
            str(ersatz) if k == str(rufsau) else str(rufsau) if k == str(ersatz) else k
            for k in s["karten"]
        ]
    r = cli_im_prozess("schafkopf", "partie", "-", input=json.dumps(g))
    assert r.returncode == 1, r.stderr
    name = g["namen"][halter]
    text = " ".join(r.stdout.split())
    assert f"Stich {i + 1}:" in text
    assert f"✗ {name} legt {ersatz} – nicht erlaubt: Die Ruffarbe" in text
    assert f"Erlaubt wären: {rufsau}." in text
    assert f"{name} hatte da noch:" in text
    assert "Regel „Die Ruf-Sau suchen“ (schafkopf.ruf-sau-suchen)" in text
    d = json.loads(cli_im_prozess("schafkopf", "partie", "-", "--json", input=json.dumps(g)).stdout)
    assert d["fehler"][0]["stich"] == i + 1 and d["fehler"][0]["sitz"] == halter
    assert d["fehler"][0]["karte"] == str(ersatz)
    assert set(d["fehler"][0]) == {"stich", "sitz", "karte", "grund"}


def test_cli_partie_tarif_zeile_und_set_mit_mehreren_werten():
    g = _rufspiel_mit_namen()
    r = cli_im_prozess("schafkopf", "partie", "-", input=json.dumps(g))
    assert (
        r.returncode == 0
        and "vereinbart, der Regeltext kennt keinen verbindlichen Tarif" in r.stdout
    )
    ohne = json.loads(
        cli_im_prozess("schafkopf", "partie", "-", "--json", input=json.dumps(g)).stdout
    )
    r = cli_im_prozess(
        "schafkopf",
        "partie",
        "-",
        "--json",
        "--set",
        "grund=100",
        "schneider=0",
        input=json.dumps(g),
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    basis = g["tarif"]["grund"] + (g["tarif"]["schneider"] if ohne["schneider"] else 0)
    assert d["wert"] == ohne["wert"] - basis + 100
    r = cli_im_prozess("schafkopf", "partie", "-", "--set", "fuenf=5", input=json.dumps(g))
    assert r.returncode == 2 and "„fuenf“" in r.stderr and "laufende_ab" in r.stderr


def test_unbekannte_karte_nennt_die_erlaubten_formen():
    g = _rufspiel_mit_namen()
    g["haende"][1][2] = "XX"
    with pytest.raises(Eingabefehler, match="„XX“ \\(Hand von Sitz 1, Position 3\\).*Kurzform"):
        lies_partie(g)


# --- Textform für Menschen ------------------------------------------------------------------


def als_text(g: dict, namen=("Anna", "Ben", "Cem", "Dora")) -> str:
    t = g["tarif"]
    zeilen = [
        "# eine echte Partie in der Textform",
        f"spiel: {g['spiel']} {g['farbe'] or ''}".rstrip(),
        f"namen: {' '.join(namen)}",
        f"spieler: {namen[g['spieler']]}",
        f"klopfer: {' '.join(namen[s] for s in g['klopfer'])}",
        f"stoesse: {' '.join(str(s) for s in g['stoesse'])}   # Sitze als Zahl gehen auch",
        f"tout: {'ja' if g['tout'] else 'nein'}",
        "tarif: "
        + " ".join(
            f"{k}={t[k]}"
            for k in ("grund", "solo", "schneider", "schwarz", "laufende", "laufende_ab")
        ),
        "haende:",
        *(f"  {namen[i]}: {', '.join(h)}" for i, h in enumerate(g["haende"])),
        "Stiche:",
        *(f"  {namen[s['aus']]}: {' '.join(s['karten'])}" for s in g["stiche"]),
    ]
    return "\n".join(zeilen) + "\n"


@pytest.mark.parametrize("g", PARTIEN, ids=lambda g: g["quelle"].split("games/")[-1])
def test_textform_reproduziert_die_echten_partien(g):
    assert isinstance(g["tarif"]["laufende_ab"], int)  # die Textform kennt laufende_ab=N
    b = partie_bericht(als_text(g))
    assert b.gueltig and list(b.zahlungen) == g["erwartet"]["zahlungen"]


def test_textform_ohne_namen_und_fehler_mit_zeile(tmp_path):
    g = PARTIEN[0]
    text = als_text(g, namen=("0", "1", "2", "3")).replace("namen: 0 1 2 3\n", "")
    b = partie_bericht(text)
    assert b.gueltig and list(b.zahlungen) == g["erwartet"]["zahlungen"]
    with pytest.raises(
        Eingabefehler, match="Zeile 4: „Bert“ ist kein Sitz; erlaubt: 0–3 oder einer der Namen"
    ):
        partie_bericht(als_text(g).replace("spieler: ", "spieler: Bert #"))
    with pytest.raises(Eingabefehler, match="Zeile 2: unbekannte Angabe „farbe gras“"):
        partie_bericht("spiel: rufspiel\nfarbe gras\n")
    with pytest.raises(Eingabefehler, match="stehen 3 Zeilen; es braucht vier"):
        partie_bericht(als_text(g).replace(f"  Dora: {', '.join(g['haende'][3])}\n", ""))
    datei = tmp_path / "partie.txt"
    datei.write_text(als_text(g), encoding="utf-8")
    r = cli_im_prozess("schafkopf", "partie", str(datei), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["zahlungen"] == g["erwartet"]["zahlungen"]
    r = cli_im_prozess("schafkopf", "partie", "-", input="spiel: rufspiel gras\nspieler: 9\n")
    assert (
        r.returncode == 2
        and "Zeile 2: „9“ ist kein Sitz" in r.stderr
        and "Traceback" not in r.stderr
    )


def test_cli_ramsch_partie_nennt_verlierer_jungfrau_und_klopfer():
    g = _rufspiel_mit_namen()
    g.update(spiel="ramsch", farbe=None, klopfer=[1], stoesse=[])
    b = partie_bericht(g)
    assert b.gueltig
    r = cli_im_prozess("schafkopf", "partie", "-", input=json.dumps(g))
    assert r.returncode == 0, r.stderr
    verlierer = " und ".join(g["namen"][s] for s in b.abrechnung.verlierer)
    assert f"Verliert: {verlierer} (die meisten Augen)" in r.stdout
    assert "Geklopft: Ben." in r.stdout
    assert "Konvention, nicht im Regeltext: Ramsch" in " ".join(r.stdout.split())


def test_textform_spiel_zeile_hoechstens_spielart_und_farbe():
    """``spiel:`` nimmt ein oder zwei Wörter; drei sind ein Eingabefehler mit Zeilennummer."""
    from referee.schafkopf.partie import partie_aus_text

    assert partie_aus_text("spiel: solo herz\n")["farbe"] == "herz"
    assert partie_aus_text("spiel: herz-solo\n")["spiel"] == "herz-solo"
    with pytest.raises(Eingabefehler, match="Zeile 1: „spiel: rufspiel gras eichel“ – erwartet"):
        partie_aus_text("spiel: rufspiel gras eichel\n")
    with pytest.raises(Eingabefehler, match="Zeile 2: „spiel: “ – erwartet"):
        partie_aus_text("# Kommentar\nspiel:\n")


def test_textform_ja_nein_wie_beim_tarif():
    from referee.schafkopf.partie import partie_aus_text

    d = partie_aus_text("tout: an\nsie: aus\n")
    assert d["tout"] is True and d["sie"] is False
    with pytest.raises(Eingabefehler, match="Zeile 1: Ungültiger Wert „vielleicht“ für tout:"):
        partie_aus_text("tout: vielleicht\n")


def test_herz_solo_partie_heisst_herz_solo():
    g = next(p for p in PARTIEN if p["spiel"] == "solo" and p["farbe"])
    b = partie_bericht(g)
    farbe = {"herz": "Herz", "gras": "Gras", "eichel": "Eichel", "schellen": "Schellen"}
    name = f"{farbe[g['farbe'].casefold()]}-Solo"
    assert b.abrechnung.bestandteile[0][0] == name
    assert b.als_json()["name"] == name and f"({name})" in b.als_json()["erklaerung"]
