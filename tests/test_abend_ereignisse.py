"""Am Tisch: Hausregeln während des Abends, bezahlt, Abend wieder öffnen, Änderung einer
Korrektur, Konventionen je Abend einmal, Partner-Form, Stand bei 40 Spalten – über die
Kommandozeile und über ``referee.buch.Buch``.

Erwartete Beträge von Hand (Tarif 10-20-50): Rufspiel 20 ct (mit grund=30: 30 ct),
je Laufender 10 ct ab 3; Wenz 50 ct, der Spieler zahlt/erhält das Dreifache; Bettel 50 ct
wie ein Solo."""

from __future__ import annotations

import json

import pytest
from conftest import ok
from hilfen import eintragen

from referee.buch import Bezahlt, Buch, EreignisRueckgaengig, RegelGeaendert
from referee.errors import Eingabefehler, Zustandsfehler
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben

VIER = ["Anna", "Ben", "Cem", "Dora"]
RUF = SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71)  # Anna, Ben je +20
WENZ = SchafkopfAngaben.angesagt("wenz", ("Cem",), augen=45)  # verloren: Cem −150, die drei +50


@pytest.fixture
def buch(tmp_path):
    b = Buch(tmp_path / "r.db")
    b.abend_neu(VIER)
    yield b
    b.schliessen()


@pytest.fixture
def abend(cli):
    ok(cli("abend", "neu", "--spieler", *VIER))
    return cli


def _json(r) -> dict:
    return json.loads(r.stdout)


# --------------------------------------------------------------------------- Partner-Form


@pytest.mark.parametrize(
    "argv",
    [
        ("rufspiel", "Anna", "Ben", "--augen", "71"),
        ("rufspiel", "Anna,Ben", "--augen", "71"),
        ("rufspiel", "Anna", "Ben"),
    ],
)
def test_partner_ohne_plus_nennt_die_form(abend, argv):
    r = ok(abend("schafkopf", "eintragen", *argv), 2)
    assert "Partner mit + verbinden: Anna+Ben" in r.stderr
    assert "zu viele Argumente" not in r.stderr and "Meintest du" not in r.stderr
    assert _json(ok(abend("verlauf", "--json")))["eintraege"] == []


def test_ramsch_durchmarsch_mit_verlierer_nennt_die_form(abend):
    r = ok(abend("schafkopf", "eintragen", "ramsch", "Anna", "--durchmarsch", "Anna"), 2)
    assert "referee schafkopf eintragen ramsch --durchmarsch Anna" in r.stderr
    r = ok(abend("schafkopf", "eintragen", "ramsch", "--durchmarsch", "Anna", "--json"))
    st = _json(r)["stand"]  # Durchmarsch: Anna gewinnt allein, jeder andere zahlt gleich
    assert st["Anna"] > 0 and st["Anna"] == -3 * st["Ben"] and st["Ben"] == st["Cem"] == st["Dora"]


def test_korrektur_partner_ohne_plus(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    r = ok(abend("korrektur", "1", "rufspiel", "Anna", "Cem", "--augen", "71"), 2)
    assert "Partner mit + verbinden: Anna+Cem" in r.stderr
    assert "referee korrektur 1 rufspiel Anna+Cem" in r.stderr


# --------------------------------------------------------------------------- Hausregeln


def test_regel_gilt_ab_dem_naechsten_eintrag_und_ist_aufhebbar(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    r = ok(abend("abend", "regel", "grund=30"))
    assert "ab dem nächsten Eintrag gilt grund=30 (vorher 20)" in r.stdout
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--json"))
    assert _json(r)["ergebnis"]["zahlungen"] == {"Anna": 30, "Ben": 30, "Cem": -30, "Dora": -30}
    # das erste Spiel bleibt beim alten Preis: 20 + 30
    assert _json(ok(abend("stand", "--json")))["schafkopf"] == {
        "Anna": 50,
        "Ben": 50,
        "Cem": -50,
        "Dora": -50,
    }
    d = _json(ok(abend("abend", "--json")))
    assert d["abend"]["hausregeln"] == {"grund": "30"}
    assert d["abend"]["tarif"]["grund"] == 30
    regel = [e for e in d["ereignisse"] if e["art"] == "regel"]
    assert len(regel) == 1 and regel[0]["nach_eintrag"] == 1
    assert regel[0]["daten"]["geaendert"] == {"grund": 30}
    text = ok(abend("abend")).stdout
    assert "Hausregeln (gelten jetzt): grund=30" in text
    assert "Hausregel ab Eintrag nach #1: grund=30 (vorher 20)" in text
    # rueckgaengig: erst das letzte Spiel, dann die Regel
    ok(abend("rueckgaengig"))
    r = ok(abend("rueckgaengig", "--json"))
    assert _json(r)["ereignis_storniert"]["art"] == "regel"
    assert _json(r)["ereignis_storniert"]["gilt"] is False
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--json"))
    assert _json(r)["ergebnis"]["zahlungen"]["Anna"] == 20
    assert _json(ok(abend("abend", "--json")))["abend"]["hausregeln"] == {}


def test_regel_bettel_erlaubt_mit_set_auf_abend(abend):
    r = ok(abend("schafkopf", "eintragen", "bettel", "Ben", "--stiche", "0"), 2)
    assert "nicht erlaubt" in r.stderr
    r = ok(abend("abend", "--set", "bettel_erlaubt=ja", "--json"))
    assert _json(r)["gesetzt"] == {"bettel_erlaubt": True}
    assert _json(r)["vorher"] == {"bettel_erlaubt": False}
    r = ok(abend("schafkopf", "eintragen", "bettel", "Ben", "--stiche", "0", "--json"))
    assert _json(r)["stand"] == {"Anna": -50, "Ben": 150, "Cem": -50, "Dora": -50}


def test_regel_fehler(abend):
    r = ok(abend("abend", "regel", "bettel_erlaubt=nein"), 2)
    assert "gilt an diesem Abend schon: bettel_erlaubt=nein" in r.stderr
    r = ok(abend("abend", "regel", "grund=viel"), 2)
    assert "„viel“" in r.stderr and "grund" in r.stderr
    r = ok(abend("abend", "regel", "gibtsnicht=1"), 2)
    assert "Unbekannter Tarif-Schlüssel „gibtsnicht“" in r.stderr
    r = ok(abend("abend", "--set", "grund=30", "liste"), 2)
    assert "referee abend regel bettel_erlaubt=ja" in r.stderr
    ok(abend("abend", "ende"))
    r = ok(abend("abend", "regel", "grund=30"), 2)
    assert "Kein offener Abend" in r.stderr


def test_korrektur_rechnet_mit_den_regeln_des_originals(buch):
    buch.eintragen(RUF)  # #1 zu 20 ct
    buch.regel(["grund=30"])
    buch.eintragen(RUF)  # #2 zu 30 ct
    k1 = buch.korrigieren(1, SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Cem"), augen=71))
    assert dict(k1.eintrag.ergebnis.zahlungen) == {"Anna": 20, "Cem": 20, "Ben": -20, "Dora": -20}
    k2 = buch.korrigieren(3, SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Dora"), augen=71))
    assert dict(k2.eintrag.ergebnis.zahlungen)["Dora"] == 20  # Korrektur der Korrektur: auch
    k3 = buch.korrigieren(2, SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Cem"), augen=71))
    assert dict(k3.eintrag.ergebnis.zahlungen)["Cem"] == 30
    assert k3.aenderung == {"cent": {"Cem": 60, "Ben": -60}}


def test_regel_im_buch(buch):
    r = buch.regel(["laufende_ab=2"])
    assert isinstance(r, RegelGeaendert)
    assert r.als_json()["gesetzt"] == {"laufende_ab": 2}
    e = buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71, laufende=2))
    assert dict(e.eintrag.ergebnis.zahlungen)["Anna"] == 40  # 20 + 2 × 10
    assert buch.lage().tarif["laufende_ab"] == 2
    with pytest.raises(Eingabefehler):
        buch.regel([])


# --------------------------------------------------------------------------- Konventionen


def test_konvention_einmal_je_abend(abend):
    r1 = ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"))
    assert "Konvention, nicht im Regeltext: Beim Solo-artigen Spiel" in r1.stdout
    r2 = ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"))
    assert "Konvention" not in r2.stdout
    r3 = ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45", "--json"))
    assert _json(r3)["konventionen_neu"] == []
    assert len(_json(r3)["ergebnis"]["konventionen"]) == 1  # das Ergebnis behält sie
    d = _json(ok(abend("abend", "--json")))
    solo = [k for k in d["konventionen"] if "Solo-artigen" in k]
    assert len(solo) == 1
    assert any("Geber wechselt" in k for k in d["konventionen"])
    text = ok(abend("abend")).stdout
    assert text.count("Beim Solo-artigen Spiel") == 1
    # ein neuer Abend nennt sie wieder
    ok(abend("abend", "ende"))
    ok(abend("abend", "neu", "--spieler", *VIER))
    r = ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45", "--json"))
    assert len(_json(r)["konventionen_neu"]) == 1


def test_konvention_im_buch(buch):
    a = buch.eintragen(WENZ)
    b = buch.eintragen(WENZ)
    assert len(a.konventionen_neu) == 1 and b.konventionen_neu == ()


# --------------------------------------------------------------------------- Korrektur


def test_korrektur_zeigt_aenderung(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"))
    r = ok(abend("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "4"))
    assert "Änderung gegenüber #1: Anna +0,10 €, Ben +0,10 €, Cem -0,10 €, Dora -0,10 €." in (
        r.stdout
    )
    r = ok(abend("korrektur", "2", "rufspiel", "Anna+Cem", "--augen", "50", "--json"))
    # vorher Anna, Ben +60, Cem, Dora −60; jetzt verlieren Anna+Cem 20 ct:
    # Anna −20 − 60 = −80, Ben +20 − 60 = −40, Cem −20 + 60 = +40, Dora +20 + 60 = +80
    assert _json(r)["aenderung"] == {"cent": {"Anna": -80, "Ben": -40, "Cem": 40, "Dora": 80}}


def test_korrektur_aenderung_schlafmuetze(abend):
    ok(abend("schlafmuetze", "sieg", "Ben", "--spieler", "Anna", "Ben", "Cem"))
    r = ok(abend("korrektur", "1", "Anna"))
    assert "Änderung gegenüber #1: Anna +1 × Sieg, Ben -1 × Sieg." in r.stdout
    r = ok(abend("korrektur", "2", "Anna", "--json"))
    assert "aenderung" in _json(r) and _json(r)["aenderung"] == {}


def test_korrektur_aenderung_im_buch(buch):
    buch.eintragen(SchlafmuetzeAngaben("Ben", ("Anna", "Ben", "Cem")))
    k = buch.korrigieren(1, SchlafmuetzeAngaben("Cem", ("Anna", "Ben", "Cem")))
    assert k.aenderung == {"sieg": {"Cem": 1, "Ben": -1}}


# --------------------------------------------------------------------------- bezahlt, wieder


def test_bezahlt_ueber_mehrere_abende(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ok(abend("abend", "ende"))
    r = ok(abend("abend", "bezahlt", "1"))
    assert "Abend 1: bezahlt." in r.stdout
    assert "Cem → Anna: 0,20 €" in r.stdout and "Dora → Ben: 0,20 €" in r.stdout
    d = _json(ok(abend("stand", "--abend", "1", "--json")))
    assert d["ueberweisungen"] == []
    assert d["bezahlt"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    assert d["schafkopf"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    r = ok(abend("abend", "bezahlt", "1", "--json"), 2)
    r = ok(abend("abend", "bezahlt", "1"), 2)
    assert "Abend 1: nichts offen" in r.stderr and "schon bezahlt" in r.stderr
    assert "Alles bezahlt." in ok(abend("export", "--abend", "1", "--format", "text")).stdout

    ok(abend("abend", "neu", "--spieler", *VIER))
    ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"))
    d = _json(ok(abend("stand", "--gesamt", "--json")))
    assert d["schafkopf"] == {"Anna": 70, "Ben": 70, "Cem": -170, "Dora": 30}
    assert d["offen"] == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    assert d["ueberweisungen"] == [
        {"von": "Cem", "an": "Anna", "cent": 50},
        {"von": "Cem", "an": "Ben", "cent": 50},
        {"von": "Cem", "an": "Dora", "cent": 50},
    ]
    text = ok(abend("stand", "--gesamt")).stdout
    assert "Wer zahlt wem (noch offen; Bezahltes abgezogen):" in text
    assert "Cem → Dora: 0,50 €" in text and "Dora → " not in text
    export = ok(abend("export", "--gesamt", "--format", "text")).stdout
    assert "Cem → Dora: 0,50 €" in export and "Dora → Ben" not in export
    ansicht = ok(abend("abend")).stdout
    assert "Cem → Anna: 0,50 €" in ansicht


def test_bezahlt_rueckgaengig_ohne_offenen_abend(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ok(abend("abend", "ende"))
    ok(abend("abend", "bezahlt"))  # ohne Nummer: der letzte Abend
    assert "Alles bezahlt." in ok(abend("stand")).stdout
    r = ok(abend("rueckgaengig"))
    assert "Aufgehoben (Abend 1): Bezahlt: Cem → Anna: 0,20 €, Dora → Ben: 0,20 €" in r.stdout
    d = _json(ok(abend("stand", "--json")))
    assert d["ueberweisungen"] == [
        {"von": "Cem", "an": "Anna", "cent": 20},
        {"von": "Dora", "an": "Ben", "cent": 20},
    ]
    assert d["bezahlt"] == {}
    assert "Bezahlt" not in ok(abend("verlauf")).stdout  # nur Geltendes
    verlauf = ok(abend("verlauf", "--alle")).stdout
    assert "Bezahlt: Cem → Anna: 0,20 €, Dora → Ben: 0,20 € (aufgehoben)" in verlauf
    r = ok(abend("rueckgaengig"), 2)
    assert "Kein offener Abend" in r.stderr


def test_bezahlt_im_offenen_abend_dann_spiel_dann_rueckgaengig(buch):
    buch.eintragen(RUF)
    b = buch.bezahlt()
    assert isinstance(b, Bezahlt)
    assert b.als_json()["bezahlt"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    buch.eintragen(WENZ)
    assert buch.stand().als_json()["offen"] == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    r1 = buch.rueckgaengig()  # erst das Spiel nach dem Bezahlen
    assert not isinstance(r1, EreignisRueckgaengig) and r1.storniert.spiel == "schafkopf"
    r2 = buch.rueckgaengig()  # dann das Bezahlen
    assert isinstance(r2, EreignisRueckgaengig) and r2.storniert.art == "bezahlt"
    assert buch.stand().als_json()["offen"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    r3 = buch.rueckgaengig()  # dann das erste Spiel
    assert r3.storniert.id == 1
    with pytest.raises(Zustandsfehler):
        buch.bezahlt()  # alle quitt


def test_abend_wieder(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ok(abend("abend", "ende"))
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"), 2)
    r = ok(abend("abend", "wieder", "1"))
    assert "Abend 1 ist wieder offen." in r.stdout
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    assert _json(ok(abend("stand", "--json")))["schafkopf"]["Anna"] == 40
    r = ok(abend("abend", "wieder", "1", "--json"), 2)
    r = ok(abend("abend", "wieder", "1"), 2)
    assert "Abend 1 ist schon offen." in r.stderr
    zeilen = ok(abend("verlauf")).stdout.splitlines()
    assert [z.rsplit("  ", 1)[-1] if z.startswith("–") else z[:2] for z in zeilen[1:]] == [
        "#1",
        "  ",
        "Abend beendet",
        "Abend wieder geöffnet",
        "#2",
        "  ",
    ]
    assert [e["art"] for e in _json(ok(abend("verlauf", "--json")))["ereignisse"]] == [
        "ende",
        "wieder",
    ]
    d = _json(ok(abend("abend", "--json")))
    assert [e["art"] for e in d["ereignisse"]] == ["ende", "wieder"]
    assert d["abend"]["offen"] is True and d["abend"]["beendet"] is None
    ok(abend("abend", "ende"))
    ok(abend("abend", "neu", "--spieler", "Anna", "Ben"))
    r = ok(abend("abend", "wieder", "1"), 2)
    assert "Abend 2 ist noch offen" in r.stderr
    r = ok(abend("abend", "wieder", "7"), 2)
    assert "Es gibt keinen Abend 7." in r.stderr


def test_abend_wieder_im_buch(buch):
    buch.abend_ende()
    w = buch.abend_wieder(1)
    assert w.abend.offen and w.ereignis.art == "wieder"
    with pytest.raises(Zustandsfehler):
        buch.abend_wieder(1)


def test_ereignisse_export_import_rundreise(buch, tmp_path):
    buch.eintragen(RUF)
    buch.regel(["grund=30"])
    buch.abend_ende()
    buch.bezahlt(1)
    export = json.loads(buch.exportieren(format="json").inhalt)
    assert [e["art"] for e in export["ereignisse"]] == ["regel", "ende", "bezahlt"]
    assert export["abende"][0]["tarif"]["grund"] == 20  # roh: wie beim Anlegen
    with Buch(tmp_path / "neu.db") as neu:
        neu.importieren(export)
        assert neu.stand(1).als_json()["ueberweisungen"] == []
        assert neu.abend(1).abend.tarif["grund"] == 30
        assert json.loads(neu.exportieren(format="json").inhalt) == export


# --------------------------------------------------------------------------- Migration


def test_migration_v3_zu_v4(tmp_path, monkeypatch):
    import referee.store.verbindung as st  # dort wendet die Verbindung die Migrationen an
    from referee.spiele import store_oeffnen

    echt = st.migrationen

    class BisV3:
        def __init__(self, werte_aus=None):
            self.werte_aus = werte_aus

        def apply(self, db):
            echt(self.werte_aus).apply(db, stop_before="v4_abend_ereignisse")

    monkeypatch.setattr(st, "migrationen", BisV3)
    monkeypatch.setattr(st, "SCHEMA_AKTUELL", 3)
    pfad = tmp_path / "v3.db"
    with store_oeffnen(pfad) as s:
        s.abend_neu(VIER)
        eintragen(s, "schafkopf", {"zahlungen": {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}})
        s.abend_beenden()
        s.abend_neu(["Anna", "Ben"])
        assert s._version() == 3
    monkeypatch.undo()
    with Buch(pfad) as b:
        assert b.store._version() == st.SCHEMA_AKTUELL == 11
        v = b.abend(1)
        assert [(e.art, e.nach_eintrag) for e in v.ereignisse] == [("ende", 1)]
        assert b.abend(2).ereignisse == ()
        assert b.stand(1).als_json()["ueberweisungen"] == [
            {"von": "Cem", "an": "Anna", "cent": 20},
            {"von": "Dora", "an": "Ben", "cent": 20},
        ]
        b.bezahlt(1)
        assert b.stand(1).als_json()["ueberweisungen"] == []
        assert b.store.integritaet() == "ok"
        with pytest.raises(Exception, match="nie gelöscht"):
            b.store.verbindung._conn.execute("DELETE FROM ereignisse")


# --------------------------------------------------------------------------- 40 Spalten


def test_stand_bei_40_spalten_mit_allen_spielen(abend):
    for _ in range(6):
        ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "0", "--schwarz"))
    ok(abend("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0", "--letzte"))
    ok(abend("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--spieler", *VIER, "--eintragen"))
    ok(abend("schlafmuetze", "sieg", "Ben", "--spieler", "Anna", "Ben", "Cem"))
    stand = _json(ok(abend("stand", "--json")))
    # Wenz schwarz verloren: 50 + 10 + 10 = 70 ct; Cem zahlt je Spiel 3 × 70
    assert stand["schafkopf"] == {"Anna": 420, "Ben": 420, "Cem": -1260, "Dora": 420}
    r = ok(abend("stand", env={"COLUMNS": "40"}))
    zeilen = r.stdout.splitlines()
    assert all(len(z) <= 40 for z in zeilen), zeilen
    assert "…" not in r.stdout
    for betrag in ("+4,20", "-12,60"):
        assert betrag in r.stdout
    kopf = next(z for z in zeilen if z.startswith("Spieler"))
    assert kopf.split() == ["Spieler", "€", "SP", "SF", "SM"]
    cem = next(z for z in zeilen if z.startswith("Cem"))
    assert cem.split() == ["Cem", "-12,60", "+1", "1/0/0", "0"]
    assert "€ Schafkopf · SP sabai-Siegespunkte" in r.stdout
    # breit: volle Köpfe und Beträge mit €
    breit = ok(abend("stand", env={"COLUMNS": "100"})).stdout
    assert "Schafkopf" in breit and "-12,60 €" in breit and "Schlafmütze" in breit


def test_abend_liste_hat_keinen_leeren_kopf(abend):
    ok(abend("abend", "ende"))
    ok(abend("abend", "neu", "--spieler", "Anna", "Ben"))
    r = ok(abend("abend", "liste"))
    kopf = r.stdout.splitlines()[0]
    assert [k.strip() for k in kopf.split("┃")] == [
        "Nr",
        "Datum",
        "Ort",
        "Spieler",
        "Einträge",
        "Status",
    ]
    assert "beendet" in r.stdout.splitlines()[2] and "offen" in r.stdout.splitlines()[3]
