"""Der reine Berichtskern: Euro-Schreibweise, Wer zahlt wem, Statistik, Abendbericht."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.bericht import statistik as stat
from referee.bericht.abendbericht import baue_bericht, spieler_reihenfolge
from referee.bericht.ausgleich import Ueberweisung, ausgleich, pruefe_salden
from referee.bericht.geld import dezimal, euro
from referee.bericht.grafik import ausduennen, sparkline, sparklines
from referee.errors import Eingabefehler

# ------------------------------------------------------------------ Beispielabend

ABEND = {
    "id": 3,
    "datum": "2026-11-28",
    "ort": "Gasthaus Post",
    "spieler": ["Anna", "Ben", "Cem", "Dora"],
    "tarif": {"name": "10-20-50", "grund": 20, "solo": 50},
    "offen": True,
}


def eintrag(d, art="spiel"):
    """Ein gespeicherter Eintrag, wie der Speicher ihn zurückgibt (``Eintrag`` mit getyptem
    Ergebnis), aus der JSON-Form der Testdaten (``ergebnis`` fehlt bei einem Storno)."""
    from referee.ergebnis import Eintrag
    from referee.spiele import ergebnis_aus_json

    return Eintrag(
        id=d["id"],
        abend_id=d.get("abend", 3),
        nr=d.get("nr", d["id"]),
        zeit=d.get("zeit", "2026-11-28T22:30:00"),
        spiel=d.get("spiel", "schafkopf"),
        art=art,
        bezug=d.get("bezug"),
        eingabe={},
        ergebnis=None if art == "storno" else ergebnis_aus_json(d["spiel"], d["ergebnis"]),
    )


def storno(eid, bezug):
    return eintrag({"id": eid, "bezug": bezug}, art="storno")


def sk(nr, art, spieler, partner, gewonnen, wert, zahlungen, abend=3, **extra):
    erg = {
        "zahlungen": zahlungen,
        "spielart": art,
        "spieler": spieler,
        "partner": partner,
        "gewonnen": gewonnen,
        "wert": wert,
        "augen": extra.pop("augen", 70),
        "laufende": extra.pop("laufende", 0),
        "schneider": extra.pop("schneider", False),
        "schwarz": extra.pop("schwarz", False),
        "tout": extra.pop("tout", False),
        "klopfer": extra.pop("klopfer", 0),
        "stoesse": extra.pop("stoesse", 0),
    }
    assert not extra
    return eintrag(
        {
            "id": nr,
            "abend": abend,
            "nr": nr,
            "zeit": f"2026-11-28T19:{nr:02d}:00",
            "spiel": "schafkopf",
            "ergebnis": erg,
        }
    )


def abend_eintraege():
    return [eintrag(e) if isinstance(e, dict) else e for e in _abend_eintraege()]


def _abend_eintraege():
    return [
        sk(
            1, "rufspiel", "Anna", "Ben", True, 20, {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
        ),
        sk(
            2,
            "wenz",
            "Cem",
            None,
            True,
            60,
            {"Anna": -60, "Ben": -60, "Cem": 180, "Dora": -60},
            laufende=2,
        ),
        sk(
            3,
            "solo",
            "Dora",
            None,
            False,
            60,
            {"Anna": 60, "Ben": 60, "Cem": 60, "Dora": -180},
            schneider=True,
            augen=25,
        ),
        sk(
            4,
            "wenz",
            "Cem",
            None,
            True,
            200,
            {"Anna": -200, "Ben": -200, "Cem": 600, "Dora": -200},
            tout=True,
            augen=120,
        ),
        sk(
            5,
            "rufspiel",
            "Ben",
            "Dora",
            False,
            30,
            {"Anna": 30, "Ben": -30, "Cem": 30, "Dora": -30},
            schneider=True,
            augen=28,
        ),
        {
            "id": 6,
            "abend": 3,
            "nr": 6,
            "zeit": "2026-11-28T20:00:00",
            "spiel": "sabai",
            "ergebnis": {
                "punkte": {"Anna": 6, "Ben": 3, "Cem": 10, "Dora": -16},
                "siegpunkte": {"Anna": 0, "Ben": 1, "Cem": 0, "Dora": 0},
                "ruhmeshalle": [],
                "sieger": ["Ben"],
                "letzte": False,
            },
        },
        {
            "id": 7,
            "abend": 3,
            "nr": 7,
            "zeit": "2026-11-28T20:10:00",
            "spiel": "sabai",
            "ergebnis": {
                "punkte": {"Anna": 6, "Ben": 3, "Cem": 10, "Dora": -16},
                "siegpunkte": {"Anna": 0, "Ben": -1, "Cem": 0, "Dora": 1},
                "ruhmeshalle": ["Dora"],
                "sieger": ["Dora"],
                "letzte": True,
            },
        },
        {
            "id": 8,
            "abend": 3,
            "nr": 8,
            "zeit": "2026-11-28T21:00:00",
            "spiel": "saufn",
            "ergebnis": {
                "plaetze": ["Ben", "Cem", "Anna"],
                "spieler": ["Anna", "Ben", "Cem", "Dora"],
                "schluecke": None,
            },
        },
        {
            "id": 9,
            "abend": 3,
            "nr": 9,
            "zeit": "2026-11-28T21:30:00",
            "spiel": "saufn",
            "ergebnis": {"plaetze": ["Ben"], "spieler": ["Anna", "Ben", "Cem"], "schluecke": None},
        },
        {
            "id": 10,
            "abend": 3,
            "nr": 10,
            "zeit": "2026-11-28T22:00:00",
            "spiel": "schlafmuetze",
            "ergebnis": {"sieger": "Anna", "spieler": ["Anna", "Ben", "Cem"]},
        },
    ]


# ------------------------------------------------------------------ Geld


@pytest.mark.parametrize(
    "cent, text",
    [
        (140, "+1,40 €"),
        (-20, "-0,20 €"),
        (0, "0,00 €"),
        (5, "+0,05 €"),
        (-100, "-1,00 €"),
        (123450, "+1.234,50 €"),
        (-123456789, "-1.234.567,89 €"),
    ],
)
def test_euro(cent, text):
    assert euro(cent) == text


def test_euro_ohne_vorzeichen_und_dezimal():
    assert euro(123450, vorzeichen=False) == "1.234,50 €"
    assert euro(-20, vorzeichen=False) == "-0,20 €"
    assert dezimal(123450) == "1234,50"
    assert dezimal(-5, komma=False) == "-0.05"


def test_euro_wie_cli_helfer():
    from referee.cli.ausgabe import euro as cli_euro

    for cent in (0, 1, -1, 99, 140, -20, 123450, -987654321):
        assert euro(cent) == cli_euro(cent)


@pytest.mark.parametrize("falsch", [1.5, "140", True, None])
def test_euro_nur_ganze_cent(falsch):
    with pytest.raises(Eingabefehler, match="keine ganze Zahl von Cent"):
        euro(falsch)


# ------------------------------------------------------------------ Wer zahlt wem


def test_ausgleich_beispiel():
    u = ausgleich({"Anna": 140, "Ben": -60, "Cem": -100, "Dora": 20})
    assert u == (
        Ueberweisung("Cem", "Anna", 100),
        Ueberweisung("Ben", "Anna", 40),
        Ueberweisung("Ben", "Dora", 20),
    )
    assert str(u[0]) == "Cem → Anna: 1,00 €"
    assert u[0].als_json() == {"von": "Cem", "an": "Anna", "cent": 100}


def test_ausgleich_gleichstand_nach_namen_und_unabhaengig_von_reihenfolge():
    a = ausgleich({"dora": -50, "Ben": -50, "Cem": 50, "anna": 50})
    b = ausgleich({"anna": 50, "Cem": 50, "Ben": -50, "dora": -50})
    assert a == b == (Ueberweisung("Ben", "anna", 50), Ueberweisung("dora", "Cem", 50))


def test_ausgleich_alle_quitt_und_leer():
    assert ausgleich({"Anna": 0, "Ben": 0}) == ()
    assert ausgleich({}) == ()


def test_ausgleich_summe_nicht_null():
    with pytest.raises(Eingabefehler) as e:
        ausgleich({"Anna": 50, "Ben": -40})
    assert "+0,10 €" in str(e.value) and "Anna: +0,50 €" in str(e.value)
    assert str(e.value).endswith(".")


def test_ausgleich_keine_cent():
    with pytest.raises(Eingabefehler, match="„Ben“ ist „0.5“"):
        pruefe_salden({"Anna": -0.5, "Ben": 0.5})
    with pytest.raises(Eingabefehler, match="ganze Cent"):
        ausgleich({"Anna": True, "Ben": -1})


@st.composite
def salden(draw):
    namen = draw(st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=9, unique=True))
    werte = draw(
        st.lists(st.integers(-100_000, 100_000), min_size=len(namen) - 1, max_size=len(namen) - 1)
    )
    return dict(zip(namen, [*werte, -sum(werte)]))


@settings(max_examples=200, deadline=None)
@given(salden())
def test_ausgleich_genau_und_hoechstens_n_minus_1(s):
    ueberweisungen = ausgleich(s)
    rest = dict(s)
    for u in ueberweisungen:
        assert u.cent > 0 and u.von != u.an
        assert s[u.von] < 0 < s[u.an]  # nur Schuldner zahlen, nur Gläubiger bekommen
        rest[u.von] += u.cent
        rest[u.an] -= u.cent
    assert all(v == 0 for v in rest.values())
    offen = sum(1 for v in s.values() if v)
    assert len(ueberweisungen) <= max(offen - 1, 0) <= len(s) - 1
    assert ausgleich(dict(reversed(list(s.items())))) == ueberweisungen  # deterministisch


# ------------------------------------------------------------------ Sparkline, Ausdünnen


def test_sparkline():
    assert sparkline([0, 10, 20, 30, 40, 50, 60, 70]) == "▁▂▃▄▅▆▇█"
    assert sparkline([]) == ""
    assert sparkline([3, 3]) == "▄▄"
    assert sparkline([0, -70]) == "█▁"
    assert len(sparkline(list(range(1000)), breite=20)) == 20


def test_sparklines_gemeinsame_skala():
    s = sparklines({"Anna": [0, 100], "Ben": [0, -100]}, breite=10)
    assert s == {"Anna": "▅█", "Ben": "▅▁"}  # 0 liegt in der Mitte (3,5 → 4)


def test_ausduennen_behaelt_ende():
    w = list(range(101))
    d = ausduennen(w, 11)
    assert d == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    assert ausduennen([1, 2], 10) == [1, 2]


# ------------------------------------------------------------------ Statistik


def test_schafkopf_statistik():
    s = stat.schafkopf_statistik(abend_eintraege())
    assert s["spiele"] == 5
    assert s["spielarten"] == {
        "rufspiel": {"gespielt": 2, "gewonnen": 1},
        "wenz": {"gespielt": 2, "gewonnen": 2},
        "solo": {"gespielt": 1, "gewonnen": 0},
    }
    cem = s["spieler"]["Cem"]
    assert (
        cem["spiele"] == 5
        and cem["als_spieler"] == 2
        and cem["als_partner"] == 0
        and cem["als_gegner"] == 3
    )
    assert cem["soli"] == {"gespielt": 2, "gewonnen": 2}
    assert cem["tout"] == {"gespielt": 1, "gewonnen": 1}
    assert cem["als_spieler_nach_spielart"] == {"wenz": {"gespielt": 2, "gewonnen": 2}}
    assert cem["gewonnen"] == 4 and cem["gewonnen_prozent"] == 80.0
    assert cem["groesster_gewinn"] == 600 and cem["groesster_verlust"] == -20
    assert cem["saldo"] == -20 + 180 + 60 + 600 + 30
    ben = s["spieler"]["Ben"]
    assert (ben["als_spieler"], ben["als_partner"], ben["als_gegner"]) == (1, 1, 3)
    assert ben["schneider"] == {"gewonnen": 1, "verloren": 1}
    dora = s["spieler"]["Dora"]
    assert dora["soli"] == {"gespielt": 1, "gewonnen": 0}
    assert dora["schneider"] == {"gewonnen": 0, "verloren": 2}
    assert dora["groesster_verlust"] == -200
    assert sum(p["saldo"] for p in s["spieler"].values()) == 0


def test_ramsch_ohne_rollen():
    e = [sk(1, "ramsch", "Anna", None, False, 20, {"Anna": -60, "Ben": 20, "Cem": 20, "Dora": 20})]
    s = stat.schafkopf_statistik(e)["spieler"]
    assert s["Anna"]["ramsch"] == {"gespielt": 1, "verloren": 1}
    assert s["Anna"]["als_spieler"] == 0 and s["Ben"]["als_gegner"] == 0
    assert s["Ben"]["gewonnen"] == 1 and s["Ben"]["ramsch"] == {"gespielt": 1, "verloren": 0}


def test_sabai_statistik():
    s = stat.sabai_statistik(abend_eintraege())
    assert s["runden"] == 2
    assert s["spieler"]["Dora"] == {
        "runden": 2,
        "siegpunkte": 1,
        "rundensiege": 1,
        "ruhmeshalle": 1,
        "spielsiege": 1,
    }
    assert s["spieler"]["Ben"]["siegpunkte"] == 0 and s["spieler"]["Ben"]["spielsiege"] == 0
    assert s["ruhmeshalle"] == [
        {"name": "Dora", "abend": 3, "nr": 7, "zeit": "2026-11-28T20:10:00"}
    ]
    assert s["spiele"] == [
        {
            "abend": 3,
            "nr": 7,
            "sieger": ["Dora"],
            "siegpunkte": {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 1},
        }
    ]


def test_sabai_spiel_endet_nicht_ueber_abendgrenze():
    runde = {
        "punkte": {"A": 1, "B": 2},
        "siegpunkte": {"A": 1, "B": 0},
        "ruhmeshalle": [],
        "sieger": ["A"],
    }
    e = [
        eintrag({"id": 1, "abend": 1, "spiel": "sabai", "ergebnis": dict(runde, letzte=False)}),
        eintrag(
            {
                "id": 2,
                "abend": 2,
                "spiel": "sabai",
                "ergebnis": dict(runde, siegpunkte={"A": 0, "B": 1}, letzte=True),
            }
        ),
    ]
    s = stat.sabai_statistik(e)
    assert s["spiele"][0]["sieger"] == ["B"]
    assert s["spieler"]["A"]["spielsiege"] == 0


def test_saufn_und_schlafmuetze_statistik():
    s = stat.saufn_statistik(abend_eintraege())
    assert s["spiele"] == 2
    assert s["spieler"]["Ben"] == {"spiele": 2, "plaetze": [2, 0, 0]}
    assert s["spieler"]["Dora"] == {"spiele": 1, "plaetze": [0, 0, 0]}
    assert s["podeste"][1] == {"abend": 3, "nr": 9, "plaetze": ["Ben"]}
    m = stat.schlafmuetze_statistik(abend_eintraege())
    assert m == {
        "spiele": 1,
        "spieler": {
            "Anna": {"spiele": 1, "siege": 1},
            "Ben": {"spiele": 1, "siege": 0},
            "Cem": {"spiele": 1, "siege": 0},
        },
    }


def test_nur_spieler_findet_ohne_grossschreibung():
    s = stat.statistik(abend_eintraege())
    dora = stat.nur_spieler(s, "dora")
    assert dora["spieler"] == "Dora"
    assert dora["schafkopf"]["soli"]["gespielt"] == 1
    assert dora["schlafmuetze"] is None
    assert [r["nr"] for r in dora["sabai_ruhmeshalle"]] == [7]
    with pytest.raises(
        Eingabefehler, match="„Erna“ kommt in den Einträgen nicht vor; bekannt sind: „Anna“"
    ):
        stat.nur_spieler(s, "Erna")


def test_verlauf():
    v = stat.verlauf(abend_eintraege(), ["Dora", "Anna"])
    assert list(v) == ["Dora", "Anna", "Ben", "Cem"]
    assert v["Anna"] == [0, 20, -40, 20, -180, -150]
    assert v["Dora"][-1] == -20 - 60 - 180 - 200 - 30
    assert all(len(r) == 6 for r in v.values())


def test_verlauf_spieler_nicht_in_jedem_spiel():
    e = [
        sk(1, "rufspiel", "A", "B", True, 20, {"A": 20, "B": 20, "C": -20, "D": -20}),
        sk(2, "rufspiel", "A", "E", True, 20, {"A": 20, "E": 20, "C": -20, "D": -20}),
    ]
    v = stat.verlauf(e)
    assert v["B"] == [0, 20, 20] and v["E"] == [0, 0, 20]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["A", "B", "C", "D", "E"]), st.integers(1, 500)), max_size=30
    )
)
def test_verlauf_endet_beim_saldo_und_summiert_null(spiele):
    eintraege = []
    for i, (sp, w) in enumerate(spiele):
        gegner = [n for n in "ABCDE" if n != sp][:3]
        eintraege.append(
            sk(i + 1, "wenz", sp, None, True, w, {sp: 3 * w, **{g: -w for g in gegner}})
        )
    v = stat.verlauf(eintraege)
    s = stat.schafkopf_statistik(eintraege)["spieler"]
    for n, r in v.items():
        assert r[-1] == s[n]["saldo"]
    for k in range(len(spiele) + 1):
        assert sum(r[k] for r in v.values()) == 0


# ------------------------------------------------------------------ Abendbericht


def test_bericht_abend():
    b = baue_bericht([ABEND], abend_eintraege(), [storno(11, 5)], [])
    assert b["art"] == "abend"
    assert b["spieler"] == ["Anna", "Ben", "Cem", "Dora"]
    sk_ = b["schafkopf"]
    assert sk_["spiele"] == 5
    assert sk_["salden"] == {"Anna": -150, "Ben": -210, "Cem": 850, "Dora": -490}
    assert sk_["ausgleich"] == [
        {"von": "Dora", "an": "Cem", "cent": 490},
        {"von": "Ben", "an": "Cem", "cent": 210},
        {"von": "Anna", "an": "Cem", "cent": 150},
    ]
    assert sk_["verlauf"]["Cem"][-1] == 850 and sk_["verlauf_abende"] is None
    assert b["sabai"]["siegpunkte"] == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 1}
    assert [r["name"] for r in b["sabai"]["ruhmeshalle"]] == ["Dora"]
    assert b["saufn"]["plaetze"]["Cem"] == [0, 1, 0]
    assert b["schlafmuetze"]["siege"] == {"Anna": 1, "Ben": 0, "Cem": 0}
    assert b["stornos"] == [storno(11, 5)]


def test_bericht_gesamt_verlauf_je_abend():
    a2 = dict(ABEND, id=4, datum="2026-12-05")
    e = [
        sk(
            1, "rufspiel", "Anna", "Ben", True, 20, {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
        ),
        sk(
            1,
            "rufspiel",
            "Cem",
            "Ben",
            True,
            50,
            {"Anna": -50, "Ben": 50, "Cem": 50, "Dora": -50},
            abend=4,
        ),
    ]
    b = baue_bericht([ABEND, a2], e, gesamt=True)
    assert b["art"] == "gesamt"
    assert b["schafkopf"]["verlauf_abende"] == {
        "Anna": [0, 20, -30],
        "Ben": [0, 20, 70],
        "Cem": [0, -20, 30],
        "Dora": [0, -20, -70],
    }
    assert b["schafkopf"]["salden"] == {"Anna": -30, "Ben": 70, "Cem": 30, "Dora": -70}


def test_bericht_leerer_abend():
    b = baue_bericht([ABEND], [])
    assert b["schafkopf"] == {
        "spiele": 0,
        "salden": {},
        "ausgleich": [],
        "bezahlt": {},
        "verlauf": {},
        "verlauf_abende": None,
        "spielarten": {},
    }
    assert b["spieler"] == ["Anna", "Ben", "Cem", "Dora"]


def test_bericht_braucht_genau_einen_abend():
    with pytest.raises(Eingabefehler, match="genau einen Abend, nicht 2"):
        baue_bericht([ABEND, ABEND], [])


def test_spieler_reihenfolge_abend_zuerst():
    e = [
        eintrag(
            {
                "id": 1,
                "spiel": "schlafmuetze",
                "ergebnis": {"sieger": "Zoe", "spieler": ["Xaver", "Anna"]},
            }
        )
    ]
    assert spieler_reihenfolge([{"spieler": ["Ben", "Anna"]}], e) == ["Ben", "Anna", "Xaver", "Zoe"]


def test_kern_ist_rein():
    """referee.bericht lädt weder Kommandozeile noch rich, typer oder die Datenbank."""
    import subprocess
    import sys

    from conftest import ROOT, _env

    code = (
        "import sys, referee.bericht.formate, referee.bericht.abendbericht, referee.bericht.statistik; "
        "print(','.join(sorted(sys.modules)))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    geladen = set(r.stdout.strip().split(","))
    for fremd in ("typer", "rich", "sqlite3", "sqlite_utils", "referee.cli", "referee.store"):
        assert fremd not in geladen, fremd


def test_kennzahlen_tragen_genau_die_statistik():
    """Die getypte Antwort (``Kennzahlen``) verliert und erfindet nichts: ihre JSON-Form ist
    die gezählte Statistik, Schlüssel für Schlüssel in derselben Reihenfolge."""
    import json

    from referee.bericht.kennzahlen import Kennzahlen, SabaiSpieler

    s = stat.statistik(abend_eintraege())
    k = Kennzahlen.aus(s)
    assert json.dumps(k.als_json()) == json.dumps(s)
    assert isinstance(k.sabai.spieler["Dora"], SabaiSpieler)
    assert k.schafkopf.spieler["Dora"].soli.gespielt == 1
    assert k.fuer("Dora").schlafmuetze is None
    assert [r.nr for r in k.fuer("Dora").sabai_ruhmeshalle] == [7]
