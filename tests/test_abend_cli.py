"""``referee abend …``, ``stand``, ``verlauf``, ``rueckgaengig``, ``korrektur``,
``schafkopf eintragen`` als echte Prozesse: Exit-Codes, JSON-Vertrag, deutsche Fehler."""

from __future__ import annotations

import json

import pytest
from conftest import ok


@pytest.fixture
def abend(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Post"))
    return cli


def test_lesende_befehle_legen_keine_datenbank_an(cli, db_pfad):
    # Zustand falsch (kein Abend): Exit 2; eine leere Antwort ist aber kein Fehler
    r = ok(cli("stand"), 2)
    assert "Noch keine Daten" in r.stderr
    ok(cli("abend"), 2)
    assert "Kein offener Abend" in cli("abend").stderr
    ok(cli("verlauf"), 2)
    leer = json.loads(ok(cli("stand", "--gesamt", "--json")).stdout)
    assert (leer["schafkopf"], leer["partien"]["schafkopf"]) == ({}, 0)
    r = ok(cli("abend", "liste", "--json"))
    assert json.loads(r.stdout) == []
    cli("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "gras")
    # schreibender Befehl, der scheitert, legt auch nichts an
    r = ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"), 2)
    assert "Kein offener Abend" in r.stderr
    ok(cli("rueckgaengig"), 2)
    assert not db_pfad.exists()


def test_db_option_geht_vor_umgebung(cli, tmp_path, db_pfad):
    anders = tmp_path / "anders.db"
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "--db", str(anders)))
    assert anders.exists() and not db_pfad.exists()
    r = ok(cli("abend", "--json", "--db", str(anders)))
    assert json.loads(r.stdout)["abend"]["spieler"] == ["Anna", "Ben"]
    ok(cli("abend", "--db", str(anders), "ende"))
    assert not db_pfad.exists()
    r = ok(cli("abend", "liste", "--json", "--db", str(anders)))
    assert json.loads(r.stdout)[0]["offen"] is False


def test_abend_neu_zeigen_liste_ende(abend):
    r = ok(abend("abend", "--json"))
    d = json.loads(r.stdout)
    assert d["abend"]["spieler"] == ["Anna", "Ben", "Cem", "Dora"]
    assert d["abend"]["ort"] == "Post" and d["abend"]["offen"] is True
    assert d["abend"]["tarif"]["grund"] == 20 and d["abend"]["tarif"]["solo"] == 50
    assert d["geber"]["geber"] == "Anna" and d["geber"]["ausspieler"] == "Ben"
    r = ok(abend("abend"))
    assert "Geber: Anna · spielt aus: Ben" in r.stdout
    assert "Konvention, nicht im Regeltext" in r.stdout
    r = ok(abend("abend", "neu", "--spieler", "X", "Y"), 2)
    assert "noch offen" in r.stderr
    r = ok(abend("abend", "ende", "--json"))
    assert json.loads(r.stdout)["abend"]["offen"] is False
    ok(abend("abend", "ende"), 2)
    r = ok(abend("abend", "liste", "--json"))
    assert [a["id"] for a in json.loads(r.stdout)] == [1]


def test_abend_neu_tarif_und_hausregel(cli):
    r = ok(
        cli(
            "abend",
            "neu",
            "--spieler",
            "Anna,Ben",
            "Cem",
            "Dora",
            "--tarif",
            "5-10-20",
            "--set",
            "laufende_ab=2",
            "--geber",
            "cem",
            "--json",
        )
    )
    d = json.loads(r.stdout)
    assert d["abend"]["tarif"]["grund"] == 10 and d["abend"]["tarif"]["laufende_ab"] == 2
    assert d["abend"]["hausregeln"] == {"laufende_ab": "2"}
    assert d["geber"]["geber"] == "Cem"
    r = ok(
        cli(
            "schafkopf",
            "eintragen",
            "rufspiel",
            "Anna+Ben",
            "--augen",
            "61",
            "--laufende",
            "2",
            "--json",
        )
    )
    assert json.loads(r.stdout)["ergebnis"]["zahlungen"] == {
        "Anna": 20,
        "Ben": 20,
        "Cem": -20,
        "Dora": -20,
    }


def test_abend_neu_fehler(cli, db_pfad):
    r = ok(cli("abend", "neu", "--spieler", "Anna", "--tarif", "10-20-50"), 2)
    assert "mindestens zwei Spieler" in r.stderr
    r = ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "--tarif", "99-99"), 2)
    assert "Unbekannter Tarif „99-99“" in r.stderr
    assert not db_pfad.exists()
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben"))
    ok(cli("abend", "ende"))
    r = ok(cli("abend", "neu", "--spieler", "Ana", "Ben"), 2)
    assert "Meintest du „Anna“?" in r.stderr and "--neu" in r.stderr
    ok(cli("abend", "neu", "--spieler", "Ana", "Ben", "--neu", "Ana"))


def test_eintragen_rufspiel_zeigt_betraege_und_stand(abend):
    r = ok(
        abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3")
    )
    assert "Eintrag #1" in r.stdout
    assert "20 (Rufspiel) + 30 (3 Laufende × 10) = 50" in r.stdout
    assert "+0,50 €" in r.stdout and "-0,50 €" in r.stdout
    assert "Geber: Ben · spielt aus: Cem" in r.stdout
    r = ok(abend("schafkopf", "eintragen", "wenz", "cem", "--augen", "45", "--json"))
    d = json.loads(r.stdout)
    assert d["ergebnis"]["zahlungen"] == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    assert d["ergebnis"]["spieler"] == "Cem" and d["ergebnis"]["gewonnen"] is False
    assert d["stand"] == {"Anna": 100, "Ben": 100, "Cem": -200, "Dora": 0}
    r = ok(abend("stand", "--json"))
    assert json.loads(r.stdout)["schafkopf"] == {"Anna": 100, "Ben": 100, "Cem": -200, "Dora": 0}
    assert json.loads(r.stdout)["abend"] == 1


def test_eintragen_vertrag_felder(abend):
    r = ok(
        abend(
            "schafkopf",
            "eintragen",
            "solo",
            "Dora",
            "--augen",
            "120",
            "--schwarz",
            "--laufende",
            "4",
            "--klopfer",
            "1",
            "--stoss",
            "1",
            "--json",
        )
    )
    e = json.loads(r.stdout)["ergebnis"]
    for k in (
        "zahlungen",
        "spielart",
        "spieler",
        "partner",
        "gewonnen",
        "wert",
        "augen",
        "laufende",
        "schneider",
        "schwarz",
        "tout",
        "klopfer",
        "stoesse",
    ):
        assert k in e
    # (50 + 10 + 10 + 40) × 2 × 2 = 440 je Gegenspieler
    assert e["wert"] == 440 and e["zahlungen"]["Dora"] == 1320
    assert (e["schneider"], e["schwarz"], e["klopfer"], e["stoesse"]) == (True, True, 1, 1)


def test_ramsch_jungfrau_und_durchmarsch(abend):
    r = ok(abend("schafkopf", "eintragen", "ramsch", "Dora", "--jungfrau", "Ben", "--json"))
    e = json.loads(r.stdout)["ergebnis"]
    assert e["zahlungen"] == {"Anna": 40, "Ben": 40, "Cem": 40, "Dora": -120}
    assert e["verlierer"] == ["Dora"] and e["jungfrauen"] == ["Ben"]
    r = ok(abend("schafkopf", "eintragen", "ramsch", "--durchmarsch", "Cem", "--json"))
    e = json.loads(r.stdout)["ergebnis"]
    assert e["zahlungen"] == {"Anna": -50, "Ben": -50, "Cem": 150, "Dora": -50}
    assert e["durchmarsch"] == "Cem"
    r = ok(abend("schafkopf", "eintragen", "ramsch", "Dora", "--jungfrau", "Dora"), 2)
    assert "keine Jungfrau" in r.stderr
    r = ok(abend("schafkopf", "eintragen", "ramsch"), 2)
    assert "fehlt der Verlierer" in r.stderr


def test_unmoegliche_fakten_und_falsche_spieler(abend):
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "130"), 2)
    assert "„130“" in r.stderr and "120" in r.stderr
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna", "--augen", "71"), 2)
    assert "Anna+Ben" in r.stderr
    r = ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Bne", "--augen", "71"), 2)
    assert "Meintest du „Ben“?" in r.stderr
    r = ok(abend("schafkopf", "eintragen", "skat", "Anna", "--augen", "71"), 2)
    assert "Unbekannte Spielart „skat“" in r.stderr
    r = ok(abend("verlauf", "--json"))
    assert json.loads(r.stdout)["eintraege"] == []


def test_verlauf_rueckgaengig_korrektur(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"))
    ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"))
    r = ok(abend("rueckgaengig", "--json"))
    d = json.loads(r.stdout)
    assert d["storniert"]["id"] == 2 and d["storno"]["art"] == "storno"
    assert d["stand"]["schafkopf"] == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
    r = ok(abend("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "91", "--json"))
    d = json.loads(r.stdout)
    assert d["ersetzt"] == 1 and d["stand"] == {"Anna": 30, "Ben": 30, "Cem": -30, "Dora": -30}
    r = ok(abend("verlauf", "--json"))
    assert [e["id"] for e in json.loads(r.stdout)["eintraege"]] == [4]
    r = ok(abend("verlauf", "--alle", "--json"))
    alle = json.loads(r.stdout)["eintraege"]
    assert [(e["id"], e["art"], e["aufgehoben_durch"]) for e in alle] == [
        (1, "spiel", 4),
        (2, "spiel", 3),
        (3, "storno", None),
        (4, "korrektur", None),
    ]
    r = ok(abend("verlauf", "--alle"))
    assert "(ersetzt durch #4)" in r.stdout and "(storniert durch #3)" in r.stdout
    assert "Storno von #2" in r.stdout and "Korrektur von #1" in r.stdout
    r = ok(abend("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "91"), 2)
    assert "schon ersetzt" in r.stderr
    r = ok(abend("korrektur", "99", "rufspiel", "Anna+Ben", "--augen", "91"), 2)
    assert "keinen Eintrag 99" in r.stderr


def test_stand_gesamt_ueber_abende(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ok(abend("abend", "ende"))
    ok(abend("abend", "neu", "--spieler", "Anna", "Cem", "Dora", "Eva"))
    ok(abend("schafkopf", "eintragen", "solo", "Eva", "--augen", "61"))
    r = ok(abend("stand", "--gesamt", "--json"))
    d = json.loads(r.stdout)
    assert d["abend"] is None
    assert d["schafkopf"] == {"Anna": -30, "Ben": 20, "Cem": -70, "Dora": -70, "Eva": 150}
    r = ok(abend("stand", "--abend", "1", "--json"))
    assert json.loads(r.stdout)["schafkopf"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    r = ok(abend("stand", "--gesamt"))
    assert "Gesamtstand" in r.stdout and "+1,50 €" in r.stdout
    ok(abend("stand", "--abend", "7"), 2)
    ok(abend("stand", "--abend", "1", "--gesamt"), 2)


def test_fuenf_spieler_geber_setzt_aus_und_tisch(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "Eva"))
    r = ok(cli("abend", "--json"))
    assert json.loads(r.stdout)["geber"]["aussetzer"] == ["Anna"]
    r = ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"), 2)
    assert "spielt dieses Spiel nicht mit" in r.stderr
    r = ok(cli("schafkopf", "eintragen", "rufspiel", "Eva+Ben", "--augen", "71", "--json"))
    assert json.loads(r.stdout)["ergebnis"]["zahlungen"] == {
        "Ben": 20,
        "Cem": -20,
        "Dora": -20,
        "Eva": 20,
    }
    r = ok(
        cli(
            "schafkopf",
            "eintragen",
            "rufspiel",
            "Anna+Ben",
            "--augen",
            "71",
            "--tisch",
            "Anna,Ben,Cem,Eva",
            "--json",
        )
    )
    assert json.loads(r.stdout)["ergebnis"]["zahlungen"] == {
        "Anna": 20,
        "Ben": 20,
        "Cem": -20,
        "Eva": -20,
    }
    r = ok(cli("stand", "--json"))
    assert json.loads(r.stdout)["schafkopf"] == {
        "Anna": 20,
        "Ben": 40,
        "Cem": -40,
        "Dora": -20,
        "Eva": 0,
    }


SELTSAM = ['O\'Brien "Obi"', "a;b", "[bold]x[/bold]", "Zoë 🂡🍺", "'; DROP TABLE spieler; --"]


def test_seltsame_namen_exakt_gespeichert_und_gedruckt(cli):
    ok(cli("abend", "neu", "--spieler", *SELTSAM[:4]))
    r = ok(cli("schafkopf", "eintragen", "rufspiel", f"{SELTSAM[0]}+{SELTSAM[2]}", "--augen", "80"))
    for n in SELTSAM[:4]:
        assert n in r.stdout
    r = ok(cli("stand", "--json"))
    assert json.loads(r.stdout)["schafkopf"] == {
        SELTSAM[0]: 20,
        SELTSAM[1]: -20,
        SELTSAM[2]: 20,
        SELTSAM[3]: -20,
    }
    r = ok(cli("stand"))
    for n in SELTSAM[:4]:
        assert n in r.stdout
    ok(cli("abend", "ende"))
    ok(cli("abend", "neu", "--spieler", SELTSAM[4], "Anna"))
    r = ok(cli("verlauf", "--abend", "1"))
    assert "[bold]x[/bold]" in r.stdout
    r = ok(cli("abend", "liste"))
    assert SELTSAM[4] in r.stdout


def test_partie_datei(abend, tmp_path):
    """Eine ganze Partie aus einer Datei eintragen."""
    partien = json.loads((__import__("conftest").DATA / "partien.json").read_text(encoding="utf-8"))
    p = dict(
        next(
            x
            for x in partien
            if x.get("spiel") == "rufspiel" and len(x.get("haende", [[]])[0]) == 8
        )
    )
    erwartet = p.pop("erwartet")["zahlungen"]
    p["namen"] = ["Anna", "Ben", "Cem", "Dora"]
    datei = tmp_path / "partie.json"
    datei.write_text(json.dumps(p), encoding="utf-8")
    r = ok(abend("schafkopf", "eintragen", "--partie", str(datei), "--json"))
    d = json.loads(r.stdout)
    assert list(d["ergebnis"]["zahlungen"].values()) == erwartet
    assert "partie" in abend("verlauf", "--json").stdout


def test_wer_zahlt_wem_und_verlauf_im_stand(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"))
    ok(abend("schafkopf", "eintragen", "solo", "Dora", "--augen", "80"))
    ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "30"))
    r = ok(abend("stand", "--json"))
    d = json.loads(r.stdout)
    assert d["schafkopf"] == {"Anna": 60, "Ben": 60, "Cem": -280, "Dora": 160}
    assert d["ueberweisungen"] == [
        {"von": "Cem", "an": "Dora", "cent": 160},
        {"von": "Cem", "an": "Anna", "cent": 60},
        {"von": "Cem", "an": "Ben", "cent": 60},
    ]
    r = ok(abend("stand"))
    assert (
        "Wer zahlt wem:\n  Cem → Dora: 1,60 €\n  Cem → Anna: 0,60 €\n  Cem → Ben: 0,60 €\n"
        in r.stdout
    )
    assert "Verlauf" in r.stdout and "█" in r.stdout and "▁" in r.stdout
    r = ok(abend("abend", "ende", "--json"))
    assert len(json.loads(r.stdout)["stand"]["ueberweisungen"]) == 3


def test_sitzordnung_wie_getippt(cli):
    r = ok(
        cli(
            "abend",
            "neu",
            "Anna",
            "--ort",
            "Post",
            "--spieler",
            "Ben",
            "Cem",
            "-s",
            "Dora",
            "--json",
        )
    )
    assert json.loads(r.stdout)["abend"]["spieler"] == ["Anna", "Ben", "Cem", "Dora"]
