"""Das Buch (``referee.buch``): ein Weg für jedes Spiel – eintragen, korrigieren, rückgängig,
Verlauf und Export in derselben Reihenfolge; typisierte Ergebnisse mit Rundreise."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import ok
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.buch import Buch
from referee.ergebnis import Abendlage
from referee.errors import Eingabefehler, Regelverstoss, Zustandsfehler
from referee.sabai.ergebnis import SabaiAngaben, SabaiErgebnis
from referee.saufn.ergebnis import SaufnAngaben, SaufnErgebnis
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben, SchlafmuetzeErgebnis

VIER = ["Anna", "Ben", "Cem", "Dora"]


@pytest.fixture
def buch(tmp_path):
    b = Buch(tmp_path / "r.db")
    b.abend_neu(VIER)  # Tarif 10-20-50
    yield b
    b.schliessen()


# Je Spiel: Angaben des Originals, der ersten und der zweiten Korrektur und der Teil des
# Stands, der sich danach ergibt (von Hand: Tarif 10-20-50, Regeln der Spiele).
FAELLE = {
    "schafkopf": (
        SchafkopfAngaben.angesagt("rufspiel", ("anna", "Ben"), augen=71),  # +20 Anna, Ben
        SchafkopfAngaben.angesagt("wenz", ("Cem",), augen=45),  # verloren: Cem −150, sonst +50
        SchafkopfAngaben.angesagt(
            "rufspiel", ("Anna", "Cem"), augen=91, laufende=3
        ),  # 20+10+30 = 60
        {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20},
        {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50},
        {"Anna": 60, "Ben": -60, "Cem": 60, "Dora": -60},
    ),
    "sabai": (
        SabaiAngaben((("Anna", "3 7 J"), ("Ben", "AJ 2 2"), ("Cem", ""), ("Dora", "14 0"))),
        SabaiAngaben((("Anna", "3 7"), ("Ben", "2 2"), ("cem", "5"), ("Dora", "14 0"))),
        SabaiAngaben((("Anna", "0"), ("Ben", "2 2"), ("Cem", "5"), ("Dora", "14 0"))),
        # Cem ohne Karten: Siegespunkt; Ben hält den Ass-Joker: −1
        {"Anna": 0, "Ben": -1, "Cem": 1, "Dora": 0},
        # Ben 4 Kartenpunkte sind die wenigsten
        {"Anna": 0, "Ben": 1, "Cem": 0, "Dora": 0},
        # Anna 0 Kartenpunkte
        {"Anna": 1, "Ben": 0, "Cem": 0, "Dora": 0},
    ),
    "saufn": (
        SaufnAngaben(("Cem", "Anna", "Ben")),
        SaufnAngaben(("anna", "Cem", "Ben")),
        SaufnAngaben(("Dora", "Ben", "Cem")),
        {
            "Anna": {"1": 0, "2": 1, "3": 0},
            "Ben": {"1": 0, "2": 0, "3": 1},
            "Cem": {"1": 1, "2": 0, "3": 0},
        },
        {
            "Anna": {"1": 1, "2": 0, "3": 0},
            "Ben": {"1": 0, "2": 0, "3": 1},
            "Cem": {"1": 0, "2": 1, "3": 0},
        },
        {
            "Ben": {"1": 0, "2": 1, "3": 0},
            "Cem": {"1": 0, "2": 0, "3": 1},
            "Dora": {"1": 1, "2": 0, "3": 0},
        },
    ),
    "schlafmuetze": (
        SchlafmuetzeAngaben("Anna", ("Anna", "Ben", "Cem")),
        SchlafmuetzeAngaben("ben"),  # ohne --spieler: die Spieler des Originals
        SchlafmuetzeAngaben("Cem"),
        {"Anna": 1, "Ben": 0, "Cem": 0},
        {"Anna": 0, "Ben": 1, "Cem": 0},
        {"Anna": 0, "Ben": 0, "Cem": 1},
    ),
}


def _teil(buch: Buch, spiel: str) -> dict:
    teil = buch.stand().als_json()[spiel]
    if spiel == "saufn":  # wer nur mitspielte (0/0/0), zählt hier nicht
        return {n: p for n, p in teil.items() if any(p.values())}
    return teil


@pytest.mark.parametrize("spiel", FAELLE)
def test_korrektur_rueckgaengig_und_korrektur_der_korrektur(buch, spiel):
    original, erste, zweite, stand0, stand1, stand2 = FAELLE[spiel]
    e = buch.eintragen(original).eintrag
    # ein Eintrag eines anderen Spiels danach
    if spiel == "saufn":
        buch.eintragen(SchlafmuetzeAngaben("Dora", ("Dora", "Ben")))
    else:
        buch.eintragen(SaufnAngaben(("Dora", "Ben", "Cem"), ("Ben", "Cem", "Dora")))
    assert _teil(buch, spiel) == stand0
    k1 = buch.korrigieren(e.id, erste)
    assert k1.ersetzt is not None and k1.ersetzt.id == e.id
    assert (k1.eintrag.art, k1.eintrag.bezug) == ("korrektur", e.id)
    assert _teil(buch, spiel) == stand1
    # rückgängig der Korrektur: das Original gilt wieder
    r = buch.rueckgaengig(k1.eintrag.id)
    assert r.wieder is not None and r.wieder.id == e.id
    assert _teil(buch, spiel) == stand0
    # neu korrigieren, dann die Korrektur korrigieren
    k2 = buch.korrigieren(e.id, erste)
    k3 = buch.korrigieren(k2.eintrag.id, zweite)
    assert k3.eintrag.bezug == k2.eintrag.id
    assert _teil(buch, spiel) == stand2
    # die Korrektur steht am Platz des Originals – im Verlauf wie im Export
    v = buch.verlauf()
    assert [x.id for x in v.eintraege] == [k3.eintrag.id, 2]
    zeilen = list(csv.reader(io.StringIO(buch.exportieren(format="csv").inhalt)))
    nr = zeilen[0].index("Nr")
    assert [int(z[nr]) for z in zeilen[1:]] == [x.nr for x in v.eintraege]
    # das ganze Protokoll in Schreibreihenfolge, jeder Aufgehobene mit seinem Aufheber
    alle = buch.verlauf(alle=True)
    assert [x.id for x in alle.eintraege] == [1, 2, 3, 4, 5, 6]
    assert {i: x.id for i, x in alle.aufgehoben.items()} == {1: 5, 3: 4, 5: 6}
    assert json.loads(json.dumps(v.als_json()))["eintraege"][0]["bezug"] == k2.eintrag.id


def test_korrektur_anderes_spiel_storno_unbekannt_aendert_nichts(buch):
    e = buch.eintragen(SchlafmuetzeAngaben("Anna")).eintrag
    with pytest.raises(Eingabefehler, match="ist Schlafmütze, nicht SAUFN"):
        buch.korrigieren(e.id, SaufnAngaben(("Anna", "Ben", "Cem")))
    s = buch.rueckgaengig()
    with pytest.raises(Zustandsfehler, match="ist ein Storno"):
        buch.korrigieren(s.storno.id, SchlafmuetzeAngaben("Ben"))
    with pytest.raises(Zustandsfehler, match="keinen Eintrag 99"):
        buch.korrigieren(99, SchlafmuetzeAngaben("Ben"))
    with pytest.raises(Zustandsfehler, match="schon storniert"):
        buch.korrigieren(e.id, SchlafmuetzeAngaben("Ben"))
    assert len(buch.verlauf(alle=True).eintraege) == 2


def test_saufn_ungueltige_verteilung_wird_nicht_eingetragen(buch):
    angaben = SaufnAngaben(("Cem", "Anna", "Ben"), verteilung="Cem:Anna=25")
    with pytest.raises(Regelverstoss, match="Verteilung verstößt"):
        buch.eintragen(angaben)
    assert buch.verlauf(alle=True).eintraege == ()


def test_datenversion_merkt_fremde_schreiber_auch_ohne_datei_am_anfang(tmp_path):
    pfad = tmp_path / "r.db"
    with Buch(pfad) as leser:
        assert leser.datenversion() == 0 and not pfad.exists()
        with Buch(pfad) as schreiber:
            schreiber.abend_neu(VIER)
            v1 = leser.datenversion()
            assert leser.datenversion() == v1  # nichts Neues: gleich
            schreiber.eintragen(SchlafmuetzeAngaben("Anna"))
            assert leser.datenversion() != v1
            assert leser.stand().als_json()["schlafmuetze"]["Anna"] == 1


def test_eintragen_ohne_offenen_abend_ist_zustandsfehler(tmp_path):
    with Buch(tmp_path / "r.db") as b:
        with pytest.raises(Zustandsfehler, match="Kein offener Abend"):
            b.eintragen(SchlafmuetzeAngaben("Anna", ("Anna", "Ben")))
        assert b.abende().als_json() == []
        assert b.stand(gesamt=True).als_json()["schafkopf"] == {}
    assert not (tmp_path / "r.db").exists()


def test_unbekannte_namen_alle_auf_einmal(buch):
    with pytest.raises(Eingabefehler) as info:
        buch.eintragen(SabaiAngaben((("Anan", "1"), ("Zoe", "2"))))
    assert "„Anan“ spielt an Abend 1 nicht mit. Meintest du „Anna“?" in str(info.value)
    assert "„Zoe“ spielt an Abend 1 nicht mit." in str(info.value)


def test_schafkopf_tisch_folgt_dem_geber(tmp_path):
    with Buch(tmp_path / "r.db") as b:
        b.abend_neu([*VIER, "Eva"])  # Anna gibt und setzt aus
        r = b.eintragen(SchafkopfAngaben.angesagt("wenz", ("Ben",), augen=61))
        assert r.ergebnis.zahlungen == (("Ben", 150), ("Cem", -50), ("Dora", -50), ("Eva", -50))
        assert r.geber is not None and (r.geber.geber, r.geber.aussetzer) == ("Ben", ("Ben",))
        with pytest.raises(Eingabefehler, match="„Ben“ spielt dieses Spiel nicht mit"):
            b.eintragen(SchafkopfAngaben.angesagt("wenz", ("Ben",), augen=61))
        # die Korrektur behält den Tisch des Originals, auch wenn jetzt Ben aussetzt
        k = b.korrigieren(r.eintrag.id, SchafkopfAngaben.angesagt("wenz", ("Ben",), augen=45))
        assert dict(k.ergebnis.zahlungen) == {"Ben": -150, "Cem": 50, "Dora": 50, "Eva": 50}
        assert "Anna" not in dict(k.ergebnis.zahlungen)


def test_als_json_ist_die_cli_ausgabe(cli, db_pfad):
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    with Buch(db_pfad) as b:
        assert json.loads(ok(cli("stand", "--json")).stdout) == b.stand().als_json()
        assert json.loads(ok(cli("abend", "--json")).stdout) == b.abend().als_json()
        assert json.loads(ok(cli("verlauf", "--json")).stdout) == b.verlauf().als_json()
        vorher = b.datenversion()
        ok(cli("schlafmuetze", "sieg", "Anna"))
        assert b.datenversion() != vorher  # ein anderer Prozess hat geschrieben
        assert b.datenversion() == b.datenversion()


# --------------------------------------------------------------------------- Rundreise

_NAME = st.sampled_from(["Anna", "Ben", "Cem", "Dora", "Zoë 🍺"])


@st.composite
def _schafkopf(draw):
    namen = draw(st.lists(_NAME, min_size=2, max_size=4, unique=True))
    betraege = draw(
        st.lists(st.integers(-(10**6), 10**6), min_size=len(namen) - 1, max_size=len(namen) - 1)
    )
    zahlungen = tuple(zip(namen, [*betraege, -sum(betraege)]))
    ramsch = draw(st.booleans())
    return SchafkopfErgebnis(
        zahlungen,
        spielart="ramsch" if ramsch else draw(st.sampled_from(["rufspiel", "wenz", "solo"])),
        farbe=draw(st.sampled_from([None, "herz"])),
        spieler=namen[0],
        partner=None if ramsch else namen[1],
        gewonnen=draw(st.booleans()),
        wert=draw(st.integers(0, 1000)),
        augen=None if ramsch else draw(st.integers(0, 120)),
        laufende=draw(st.integers(0, 8)),
        klopfer=draw(st.integers(0, 3)),
        konventionen=("x",),
        verlierer=(namen[0],) if ramsch else None,
        jungfrauen=(namen[1],) if ramsch else None,
    )


@st.composite
def _sabai(draw):
    namen = draw(st.lists(_NAME, min_size=1, max_size=5, unique=True))
    punkte = tuple((n, draw(st.integers(-16, 100))) for n in namen)
    sp = tuple((n, draw(st.integers(-1, 1))) for n in namen)
    return SabaiErgebnis(punkte, sp, tuple(namen[:1]), tuple(namen[-1:]), draw(st.booleans()))


@st.composite
def _saufn(draw):
    namen = draw(st.lists(_NAME, min_size=3, max_size=5, unique=True))
    schluecke = draw(st.none() | st.just(tuple((n, 5) for n in namen)))
    return SaufnErgebnis(tuple(namen[:3]), tuple(namen), schluecke)


@st.composite
def _schlafmuetze(draw):
    namen = draw(st.lists(_NAME, min_size=2, max_size=5, unique=True))
    return SchlafmuetzeErgebnis(draw(st.sampled_from(namen)), tuple(namen))


@settings(max_examples=60, deadline=None)
@given(st.one_of(_schafkopf(), _sabai(), _saufn(), _schlafmuetze()))
def test_ergebnis_rundreise_und_werte(erg):
    from referee.spiele import ergebnis_aus_json, werte_aus

    daten = json.loads(json.dumps(erg.als_json(), ensure_ascii=False))
    zurueck = ergebnis_aus_json(erg.spiel, daten)
    assert zurueck == erg
    assert zurueck.als_json() == erg.als_json()
    assert werte_aus(erg.spiel, daten) == erg.werte()
    assert set(n for je in erg.werte().values() for n in je) <= set(erg.namen())
    gross = erg.mit_namen(str.upper)
    assert set(gross.namen()) == {n.upper() for n in erg.namen()}


def test_werte_je_spiel_von_hand():
    assert SchafkopfErgebnis((("A", 30), ("B", -10), ("C", -20))).werte() == {
        "cent": {"A": 30, "B": -10, "C": -20}
    }
    assert SabaiErgebnis((("A", 3), ("B", 9)), (("A", 1), ("B", 0)), ("B",)).werte() == {
        "siegpunkte": {"A": 1, "B": 0},
        "runden": {"A": 1, "B": 1},
        "ruhmeshalle": {"B": 1},
    }
    assert SaufnErgebnis(("C", "A", "B"), ("A", "B", "C", "D")).werte() == {
        "platz1": {"C": 1},
        "platz2": {"A": 1},
        "platz3": {"B": 1},
        "partien": {"A": 1, "B": 1, "C": 1, "D": 1},
    }
    assert SchlafmuetzeErgebnis("B", ("A", "B")).werte() == {
        "sieg": {"B": 1},
        "partien": {"A": 1, "B": 1},
    }


@pytest.mark.parametrize(
    "spiel, daten, meldung",
    [
        ("schafkopf", {"zahlungen": {"A": 1, "B": 0}}, "ergeben 1 Cent statt null"),
        ("schafkopf", {"zahlungen": {"A": 1.5, "B": -1.5}}, "keine ganze Zahl"),
        ("schafkopf", {"zahlungen": {}}, "ohne „zahlungen“"),
        ("schafkopf", {"zahlungen": {"A": 1, "B": -1}, "schwarz": "ja"}, "nicht true/false"),
        ("sabai", {"siegpunkte": {"A": True}}, "keine ganze Zahl"),
        ("saufn", {"plaetze": ["A", "B", "C", "D"], "spieler": []}, "höchstens drei Plätze"),
        ("schlafmuetze", {"sieger": 3, "spieler": []}, "kein Text"),
        ("schlafmuetze", [], "muss ein JSON-Objekt sein"),
        ("skat", {}, "Unbekanntes Spiel „skat“"),
    ],
)
def test_aus_json_lehnt_kaputtes_ab(spiel, daten, meldung):
    from referee.spiele import ergebnis_aus_json

    with pytest.raises(Eingabefehler, match=meldung):
        ergebnis_aus_json(spiel, daten)


def test_abendlage_namen():
    lage = Abendlage(1, ("Anna", "Ben"))
    assert lage.namen(["ben", "ANNA"]) == ["Ben", "Anna"]
    with pytest.raises(Eingabefehler, match="„Bne“ spielt an Abend 1 nicht mit. Meintest du „Ben“"):
        lage.name("Bne")


# --------------------------------------------------------------------------- CLI: ein Weg


@pytest.mark.parametrize(
    "eintragen, korrektur, korrektur2, teil",
    [
        (
            ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"),
            ("wenz", "Cem", "--augen", "45"),
            ("rufspiel", "Anna+Cem", "--augen", "91", "--laufende", "3"),
            ("schafkopf", {"Anna": 60, "Ben": -60, "Cem": 60, "Dora": -60}),
        ),
        (
            ("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"),
            ("Anna=3 7", "Ben=2 2", "Cem=5", "Dora=14 0"),
            ("Anna=0", "Ben=2 2", "Cem=5", "Dora=14 0"),
            ("sabai", {"Anna": 1, "Ben": 0, "Cem": 0, "Dora": 0}),
        ),
        (
            ("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"),
            ("--platz", "Anna", "Cem", "Ben"),
            ("--platz", "Dora", "Ben", "Cem"),
            ("saufn", {"Dora": {"1": 1, "2": 0, "3": 0}}),
        ),
        (
            ("schlafmuetze", "sieg", "Anna", "--spieler", "Anna", "Ben", "Cem"),
            ("Ben",),
            ("Cem",),
            ("schlafmuetze", {"Anna": 0, "Ben": 0, "Cem": 1}),
        ),
    ],
)
def test_cli_korrektur_je_spiel(cli, eintragen, korrektur, korrektur2, teil):
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli(*eintragen))  # 1
    r = json.loads(ok(cli("korrektur", "1", *korrektur, "--json")).stdout)  # 2
    assert (r["eintrag"], r["ersetzt"], r["spiel"]) == (2, 1, teil[0])
    ok(cli("rueckgaengig"))  # 3: Storno der Korrektur, #1 gilt wieder
    assert [e["id"] for e in json.loads(ok(cli("verlauf", "--json")).stdout)["eintraege"]] == [1]
    ok(cli("korrektur", "1", *korrektur))  # 4
    ok(cli("korrektur", "4", *korrektur2))  # 5: Korrektur der Korrektur
    stand = json.loads(ok(cli("stand", "--json")).stdout)[teil[0]]
    for name, wert in teil[1].items():
        assert stand[name] == wert
    v = json.loads(ok(cli("verlauf", "--json")).stdout)["eintraege"]
    assert [(e["id"], e["bezug"]) for e in v] == [(5, 4)]
    # eine Option eines anderen Spiels wird genannt, nichts geschrieben
    fremd = ("--letzte",) if teil[0] != "sabai" else ("--augen", "61")
    r = ok(cli("korrektur", "5", *korrektur, *fremd), 2)
    assert fremd[0] in r.stderr and "passt nicht zu Eintrag #5" in r.stderr


def test_namen_offener_abend_und_alle_bekannten(tmp_path):
    b = Buch(tmp_path / "n.db")
    assert b.namen().am_tisch == () and b.namen().bekannt == ()
    assert not (tmp_path / "n.db").exists()  # Lesen legt keine Datei an
    b.abend_neu(["Kunigunde", "Xaver", "Anna", "Ben"])
    b.abend_ende()
    b.abend_neu(["Vroni", "Sepp", "Anna", "Ben"])
    n = b.namen()
    assert n.am_tisch == ("Vroni", "Sepp", "Anna", "Ben")
    assert set(n.bekannt) == {"Kunigunde", "Xaver", "Anna", "Ben", "Vroni", "Sepp"}
    b.abend_ende()
    assert b.namen().am_tisch == ()
    b.schliessen()


def test_antworten_liste_des_buchs_ist_vollstaendig():
    """``referee.buch`` lädt die Antworten erst beim Zugriff: seine Liste muss alle kennen."""
    import referee.buch
    from referee.buch import antworten

    assert set(referee.buch.ANTWORTEN) == set(antworten.__all__)
    # jede Antwortklasse, die ``antworten`` definiert, steht in der Liste
    definiert = {
        n
        for n, w in vars(antworten).items()
        if isinstance(w, type) and w.__module__ in (antworten.__name__, "referee.buch.stand")
    }
    assert definiert <= set(referee.buch.ANTWORTEN), definiert - set(referee.buch.ANTWORTEN)
    for name in antworten.__all__:
        assert getattr(referee.buch, name) is getattr(antworten, name)
    with pytest.raises(AttributeError):
        referee.buch.GibtEsNicht  # noqa: B018
