"""``referee saufn …`` als Prozess: Exit-Codes, JSON-Vertrag, deutsche Fehler, kein Traceback."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess
from conftest import ok as _ok

HINWEIS_TEIL = "ohne alkoholische Getränke"


def test_folgt_n_auf_u_json_vertrag():
    r = cli_im_prozess("saufn", "folgt", "N", "U", "--json")
    _ok(r, 1)
    d = json.loads(r.stdout)
    assert d["erlaubt"] is False
    assert d["moeglich"] == ["U", "F", "weiße Karte", "goldene Karte"]
    assert "Liegt ein U, kann ein U oder F gelegt werden." in d["grund"]
    assert d["abschnitt"] == "saufn.saufn-prinzip"


def test_folgt_s_auf_n_ja_text():
    r = cli_im_prozess("saufn", "folgt", "S", "N")
    _ok(r, 0)
    assert r.stdout.startswith("Ja – S darf auf N.")
    assert "wieder ein S" in r.stdout.replace("\n", " ")
    assert "Abschnitt: saufn.saufn-prinzip" in r.stdout


def test_folgt_gold_oben_bleibt():
    r = cli_im_prozess("saufn", "folgt", "sheriff", "u", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["erlaubt"] is True and d["oben_danach"] == "U"


def test_folgt_abaendern_braucht_gold():
    _ok(cli_im_prozess("saufn", "folgt", "Abändern", "S"), 1)
    _ok(cli_im_prozess("saufn", "folgt", "Abändern", "S", "--gold"), 0)


def test_folgt_plus_stapeln():
    r = cli_im_prozess("saufn", "folgt", "+4", "+2", "--plus", "6", "--json")
    _ok(r, 0)
    assert json.loads(r.stdout)["schluecke"] == 10
    r2 = cli_im_prozess("saufn", "folgt", "U", "+2", "--plus", "6", "--json")
    _ok(r2, 1)
    d = json.loads(r2.stdout)
    assert d["moeglich"] == ["+2", "+4"] and d["selbst_trinken"] == 6


def test_folgt_kopf_erstmals():
    for extra in ((), ("--kopf-erstmals",)):
        r = cli_im_prozess("saufn", "folgt", "Auf den Kopf", "S", *extra, "--json")
        _ok(r, 0)
        assert json.loads(r.stdout)["oben_danach"] == "S"
    r = cli_im_prozess("saufn", "folgt", "kopf", "S", "--kopf-erneut", "--json")
    _ok(r, 0)
    assert json.loads(r.stdout)["oben_danach"] == "A:Auf den Kopf"


@pytest.mark.parametrize(
    "args, teil",
    [
        (("Xyz", "S"), "KARTE: Unbekannte SAUFN-Karte „Xyz“"),
        (("S", "Qq"), "OBEN: Unbekannte SAUFN-Karte „Qq“"),
        (("Nase", "S"), "KARTE: „Nase“ ist eine Reaktionskarte"),
        (("Sauftrumpf", "S"), "weder Kategorie noch Buchstaben"),
        (("N", "N", "--plus", "abc"), "--plus „abc“"),
        (("N", "Sheriff"), "goldene Karten liegen nie oben"),
    ],
)
def test_folgt_eingabefehler(args, teil):
    r = cli_im_prozess("saufn", "folgt", *args)
    _ok(r, 2)
    assert r.stdout == ""
    assert r.stderr.startswith("Fehler: ") and teil in r.stderr


def test_ende_vier_personen_mit_hinweis_einmal():
    r = cli_im_prozess(
        "saufn", "ende", "--platz", "Anna", "Ben", "Cem", "--spieler", "Anna", "Ben", "Cem", "Dora"
    )
    _ok(r, 0)
    out = r.stdout.replace("\n", " ")
    assert "Platz 1: Anna verteilt 20 Schlücke an Anna, Ben, Cem, Dora" in r.stdout
    assert "Platz 2: Ben verteilt 15 Schlücke an Ben, Cem, Dora" in r.stdout
    assert "Platz 3: Cem verteilt 10 Schlücke an Cem, Dora" in r.stdout
    assert out.count("verantwortungsvoller Konsum") == 1
    assert HINWEIS_TEIL in out


def test_ende_drei_personen_json():
    r = cli_im_prozess("saufn", "ende", "--platz", "Anna", "--spieler", "Anna,Ben,Cem", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["spiel_endet"] is True and d["plaetze"] == ["Anna"]
    assert d["verteilen"] == [
        {"platz": 1, "name": "Anna", "schluecke": 20, "an": ["Anna", "Ben", "Cem"]}
    ]
    assert HINWEIS_TEIL in d["hinweis"]


def test_ende_verteilung_ungueltig_exit_1():
    r = cli_im_prozess(
        "saufn",
        "ende",
        "--platz",
        "Anna",
        "Ben",
        "Cem",
        "--spieler",
        "Anna",
        "Ben",
        "Cem",
        "Dora",
        "--verteilung",
        "Anna:Ben=5,Cem=15 Ben:Anna=15",
        "--json",
    )
    _ok(r, 1)
    v = json.loads(r.stdout)["verteilung"]
    assert v["gueltig"] is False
    assert len(v["fehler"]) == 1 and "Ben (Platz 2) darf nicht an Anna" in v["fehler"][0]


def test_ende_verteilung_gueltig():
    r = cli_im_prozess(
        "saufn",
        "ende",
        "--verteilung",
        "Anna:Ben=5,Cem=15 Ben:Cem=15 Cem:Dora=10",
        "--platz",
        "Anna",
        "Ben",
        "Cem",
        "--spieler",
        "Anna",
        "Ben",
        "Cem",
        "Dora",
    )
    _ok(r, 0)
    assert "Verteilung in Ordnung." in r.stdout


@pytest.mark.parametrize(
    "args, teil",
    [
        (("--platz", "Anna", "--spieler", "Anna", "Ben"), "3–8 Personen"),
        (("--platz", "Anna", "--spieler", *[f"P{i}" for i in range(8)], "Anna"), "nicht für 9"),
        (("--spieler", "Anna", "Ben", "Cem"), "Es fehlt --platz"),
        (
            ("--platz", "Anna", "--spieler", "Anna", "Ben", "Cem", "--jsn"),
            "Unbekannte Option „--jsn“",
        ),
        (("Anna",), "Unerwartete Angabe „Anna“"),
        (("--platz", "Zoe", "--spieler", "Anna", "Ben", "Cem"), "„Zoe“"),
        (
            (
                "--platz",
                "Anna",
                "Ben",
                "Cem",
                "--spieler",
                "Anna",
                "Ben",
                "Cem",
                "Dora",
                "--verteilung",
                "Anna:Ben=x",
            ),
            "„x“",
        ),
        (("--platz",), "Nach „--platz“ fehlt ein Wert"),
    ],
)
def test_ende_eingabefehler(cli, args, teil):
    r = cli("saufn", "ende", *args)
    _ok(r, 2)
    assert r.stderr.startswith("Fehler: ") and teil in r.stderr


def test_ende_ohne_spieler_und_ohne_abend(cli):
    r = cli("saufn", "ende", "--platz", "Anna", "Ben", "Cem")
    _ok(r, 2)
    assert "Es fehlt --spieler" in r.stderr


def test_karten_json_und_text():
    r = cli_im_prozess("saufn", "karten", "--json")
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["anzahl"]["gesamt"] == 110
    t = cli_im_prozess("saufn", "karten")
    _ok(t, 0)
    assert "Sauftrumpf: Kategorie unbekannt" in t.stdout


def test_hilfe_mit_beispiel():
    for befehl in ("folgt", "ende", "karten"):
        r = cli_im_prozess("saufn", befehl, "--help")
        _ok(r, 0)
        assert "Beispiel" in r.stdout


# --- Eintragen in den Abend (Store) ------------------------------------------------------------


def _abend(cli, *spieler):
    r = cli("abend", "neu", "--spieler", *spieler)
    assert r.returncode == 0, r.stderr


def test_ende_eintragen_und_stand(cli, db_pfad):
    _abend(cli, "Anna", "Ben", "Cem", "Dora")
    r = cli(
        "saufn",
        "ende",
        "--platz",
        "cem",
        "Anna",
        "Dora",
        "--eintragen",
        "--verteilung",
        "Cem:Ben=20 Anna:Ben=15",
        "--json",
    )
    _ok(r, 0)
    assert isinstance(json.loads(r.stdout)["eintrag"], int)
    s = json.loads(cli("stand", "--json").stdout)
    assert s["saufn"]["Cem"] == {"1": 1, "2": 0, "3": 0}
    assert s["saufn"]["Anna"] == {"1": 0, "2": 1, "3": 0}
    assert s["saufn"]["Dora"] == {"1": 0, "2": 0, "3": 1}
    from referee.saufn.ergebnis import SaufnErgebnis
    from referee.spiele import store_oeffnen

    e = store_oeffnen(db_pfad).eintraege()[-1]
    assert e.spiel == "saufn"
    assert e.ergebnis == SaufnErgebnis(  # der Speicher gibt das getypte Ergebnis zurück
        plaetze=("Cem", "Anna", "Dora"),
        spieler=("Anna", "Ben", "Cem", "Dora"),
        schluecke=(("Anna", 0), ("Ben", 35), ("Cem", 0), ("Dora", 0)),
    )


def test_ende_eintragen_drei_personen_nur_platz_eins(cli, db_pfad):
    _abend(cli, "Anna", "Ben", "Cem")
    r = cli("saufn", "ende", "--platz", "Ben", "Anna", "--eintragen")
    _ok(r, 0)
    from referee.saufn.ergebnis import SaufnErgebnis
    from referee.spiele import store_oeffnen

    e = store_oeffnen(db_pfad).eintraege()[-1]
    assert isinstance(e.ergebnis, SaufnErgebnis)
    assert e.ergebnis.plaetze == ("Ben",) and e.ergebnis.schluecke is None


def test_ende_ungueltige_verteilung_traegt_nichts_ein(cli, db_pfad):
    _abend(cli, "Anna", "Ben", "Cem", "Dora")
    r = cli(
        "saufn",
        "ende",
        "--platz",
        "Anna",
        "Ben",
        "Cem",
        "--eintragen",
        "--verteilung",
        "Ben:Anna=5",
    )
    _ok(r, 1)
    assert "Nicht eingetragen" in r.stderr
    s = json.loads(cli("stand", "--json").stdout)
    assert s["partien"]["saufn"] == 0


def test_ende_eintragen_namen_wie_am_abend_und_meintest_du(cli, db_pfad):
    _abend(cli, "Anna", "Ben", "Cem", "Dora")
    r = cli(
        "saufn",
        "ende",
        "--platz",
        "anna",
        "ben",
        "cem",
        "--spieler",
        "anna",
        "ben",
        "cem",
        "dora",
        "--eintragen",
        "--json",
    )
    _ok(r, 0)
    d = json.loads(r.stdout)
    assert d["spieler"] == ["Anna", "Ben", "Cem", "Dora"] and d["plaetze"] == ["Anna", "Ben", "Cem"]
    assert "selbst ein" in d["lesart"]
    vorher = db_pfad.read_bytes()
    f = cli(
        "saufn",
        "ende",
        "--platz",
        "Anna",
        "Ben",
        "Cem",
        "--spieler",
        "Anna",
        "Ben",
        "Cem",
        "Dorra",
        "--eintragen",
    )
    _ok(f, 2)
    assert "„Dorra“ spielt an Abend 1 nicht mit. Meintest du „Dora“?" in f.stderr
    g = cli("saufn", "ende", "--platz", "Ana", "Ben", "Cem", "--eintragen")
    _ok(g, 2)
    assert "„Ana“ (Meintest du „Anna“?)" in g.stderr
    assert db_pfad.read_bytes() == vorher
