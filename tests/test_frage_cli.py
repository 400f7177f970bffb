"""`referee frage` und `referee regeln` als Prozess: Exit-Codes, JSON-Vertrag, Meldungen."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess, ok

from referee.regeltexte import abschnitt, abschnitte


def _ohne_traceback(r):
    assert "Traceback" not in r.stdout + r.stderr


def test_frage_davonlaufen_panel():
    r = cli_im_prozess("frage", "Davonlaufen")
    assert r.returncode == 0, r.stderr
    assert "Schafkopf · Davonlaufen" in r.stdout
    assert "schafkopf.davonlaufen · Score" in r.stdout
    assert "mindestens vier Karten der Ruffarbe" in r.stdout
    assert r.stderr == ""


def test_frage_json_vertrag():
    r = cli_im_prozess("frage", "Wann darf ich davonlaufen?", "--json")
    assert r.returncode == 0, r.stderr
    daten = json.loads(r.stdout)
    assert list(daten) == ["frage", "treffer", "konventionen", "regeltext_schweigt"]
    assert daten["konventionen"] == [] and daten["regeltext_schweigt"] is False
    assert daten["frage"] == "Wann darf ich davonlaufen?"
    assert len(daten["treffer"]) == 3
    for t in daten["treffer"]:
        assert list(t) == ["spiel", "abschnitt", "titel", "text", "score"]
        a = abschnitt(t["abschnitt"])
        assert (t["spiel"], t["titel"], t["text"]) == (a.spiel, a.titel, a.text)
        assert isinstance(t["score"], float) and 0 < t["score"] <= 100
    scores = [t["score"] for t in daten["treffer"]]
    assert scores == sorted(scores, reverse=True)
    assert {t["abschnitt"] for t in daten["treffer"][:2]} == {
        "schafkopf.davonlaufen",
        "schafkopf.faq-davonlaufen",
    }
    assert "ä" in r.stdout or "ö" in r.stdout or "ü" in r.stdout  # ensure_ascii=False
    assert r.stderr == ""


def test_frage_anzahl_und_spielalias():
    r = cli_im_prozess(
        "frage", "Karte falsch abgelegt", "--spiel", "Schlafmütze", "--anzahl", "2", "--json"
    )
    assert r.returncode == 0, r.stderr
    treffer = json.loads(r.stdout)["treffer"]
    assert len(treffer) == 2
    assert {t["spiel"] for t in treffer} == {"schlafmuetze"}
    assert treffer[0]["abschnitt"] == "schlafmuetze.fehler"


@pytest.mark.parametrize("alias", ["sabai-sabai", "sabai", "SABAI"])
def test_frage_spielalias_sabai(alias):
    r = cli_im_prozess("frage", "Joker", "-s", alias, "--json")
    assert r.returncode == 0
    assert {t["spiel"] for t in json.loads(r.stdout)["treffer"]} == {"sabai"}


def test_frage_unbekanntes_spiel_exit_2():
    r = cli_im_prozess("frage", "Joker", "--spiel", "doppelkopf")
    assert r.returncode == 2
    assert "Fehler: Unbekanntes Spiel „doppelkopf“." in r.stderr
    assert r.stdout == ""
    _ohne_traceback(r)


def test_frage_nichts_gefunden_exit_1_meintest_du():
    r = cli_im_prozess("frage", "Pizza bestellen")
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith("Nichts Passendes zu „Pizza bestellen“ gefunden. Meintest du „")
    assert r.stderr.rstrip().endswith("?")
    _ohne_traceback(r)


def test_frage_hallo_ist_nichts_relevantes():
    r = cli_im_prozess("frage", "hallo")
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith(
        "Nichts Passendes zu „hallo“ gefunden. Meintest du „Ass-Joker“ (sabai.ass-joker)"
    )
    _ohne_traceback(r)


def test_frage_mit_falschem_spiel_nennt_treffer_ohne_filter():
    r = cli_im_prozess("frage", "Davonlaufen", "--spiel", "sabai")
    assert r.returncode == 1
    assert r.stderr == (
        "Nichts Passendes zu „Davonlaufen“ in sabai gefunden. "
        "Ohne --spiel: „Davonlaufen“ (schafkopf.davonlaufen).\n"
    )


def test_frage_lange_eingabe_wird_in_meldungen_gekuerzt():
    r = cli_im_prozess("frage", "x" * 2000)
    assert r.returncode == 1
    assert r.stderr.startswith("Nichts Passendes zu „" + "x" * 60 + "…“ gefunden.")
    assert len(r.stderr) < 400
    r = cli_im_prozess("frage", "%" * 2000)
    assert r.returncode == 2
    assert r.stderr.startswith("Fehler: Die Frage „" + "%" * 60 + "…“ enthält keine Wörter.")
    _ohne_traceback(r)


def test_frage_lange_frage_findet_und_json_behaelt_sie():
    frage = ("Wann darf ich davonlaufen? " * 80)[:2000]
    r = cli_im_prozess("frage", frage, "--json", "--anzahl", "1")
    assert r.returncode == 0, r.stderr
    daten = json.loads(r.stdout)
    assert daten["frage"] == frage
    assert daten["treffer"][0]["abschnitt"] in {
        "schafkopf.davonlaufen",
        "schafkopf.faq-davonlaufen",
    }


def test_frage_nichts_gefunden_json_leere_treffer():
    r = cli_im_prozess("frage", "Wetter morgen", "--json")
    assert r.returncode == 1
    assert json.loads(r.stdout) == {
        "frage": "Wetter morgen",
        "treffer": [],
        "konventionen": [],
        "regeltext_schweigt": False,
    }
    assert "Meintest du" in r.stderr


@pytest.mark.parametrize(
    ("frage", "meldung"),
    [
        ("", "Fehler: Die Frage ist leer."),
        ("%%%", "Fehler: Die Frage „%%%“ enthält keine Wörter."),
        ("wie ist das", "Fehler: Die Frage „wie ist das“ enthält nur Füllwörter."),
    ],
)
def test_frage_leer_oder_unbrauchbar_exit_2(frage, meldung):
    r = cli_im_prozess("frage", frage)
    assert r.returncode == 2
    assert r.stderr.startswith(meldung)
    assert r.stdout == ""
    _ohne_traceback(r)


def test_frage_anzahl_null_ist_bedienfehler():
    r = cli_im_prozess("frage", "Joker", "--anzahl", "0")
    assert r.returncode == 2
    _ohne_traceback(r)


def test_frage_hilfe_mit_beispiel():
    r = cli_im_prozess("frage", "--help")
    assert r.returncode == 0
    assert 'Beispiel: referee frage "Wann darf ich davonlaufen?"' in r.stdout


def test_regeln_ohne_angabe_listet_spiele():
    r = cli_im_prozess("regeln", "--json")
    assert r.returncode == 0
    spiele = json.loads(r.stdout)["spiele"]
    assert [s["spiel"] for s in spiele] == ["schafkopf", "sabai", "saufn", "schlafmuetze"]
    assert sum(s["abschnitte"] for s in spiele) == len(abschnitte())
    r = cli_im_prozess("regeln")
    assert r.returncode == 0 and "Schlafmütze" in r.stdout


def test_regeln_spiel_listet_abschnitte():
    r = cli_im_prozess("regeln", "sabai-sabai")
    assert r.returncode == 0
    for a in abschnitte("sabai"):
        assert a.id in r.stdout
    daten = json.loads(cli_im_prozess("regeln", "saufn", "--json").stdout)
    assert daten["spiel"] == "saufn"
    assert [x["abschnitt"] for x in daten["abschnitte"]] == [a.id for a in abschnitte("saufn")]


@pytest.mark.parametrize(
    "args",
    [
        ("schafkopf", "davonlaufen"),
        ("schafkopf", "schafkopf.davonlaufen"),
        ("schafkopf.davonlaufen",),
        ("Sauspiel", "Davonlaufen"),
    ],
)
def test_regeln_ein_abschnitt(args):
    r = cli_im_prozess("regeln", *args)
    assert r.returncode == 0, r.stderr
    assert "Schafkopf · Davonlaufen" in r.stdout
    assert "Die Ruf-Sau kann danach wie eine gewöhnliche Karte zugegeben werden." in r.stdout


def test_regeln_ein_abschnitt_json_woertlich():
    r = cli_im_prozess("regeln", "schlafmuetze", "fehler", "--json")
    daten = json.loads(r.stdout)
    assert daten["abschnitt"] == "schlafmuetze.fehler"
    assert daten["text"] == abschnitt("schlafmuetze.fehler").text


def test_regeln_abschnitt_mit_umlaut_und_leerzeichen():
    r = cli_im_prozess("regeln", "schafkopf", "Rufbare Säue", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["abschnitt"] == "schafkopf.rufbare-saeue"


def test_regeln_unbekannter_abschnitt_exit_2():
    r = cli_im_prozess("regeln", "saufn", "urwalt")
    assert r.returncode == 2
    assert r.stderr.startswith(
        "Fehler: Unbekannter Abschnitt „urwalt“ in saufn. Meintest du saufn.urwald"
    )
    _ohne_traceback(r)


def test_regeln_unbekanntes_spiel_exit_2():
    r = cli_im_prozess("regeln", "doppelkopf")
    assert r.returncode == 2
    assert "Unbekanntes Spiel „doppelkopf“" in r.stderr
    _ohne_traceback(r)


def test_konvention_nimmt_den_tarif_aus_db_option(cli, tmp_path):
    """``referee --db X frage …`` liest den Tarif des offenen Abends aus X, nicht aus $REFEREE_DB."""
    andere = tmp_path / "andere.db"
    ok(
        cli(
            "--db",
            str(andere),
            "abend",
            "neu",
            "--spieler",
            "A1",
            "B1",
            "C1",
            "D1",
            "--tarif",
            "5-10-20",
        )
    )
    r = ok(cli("--db", str(andere), "frage", "wie viel kostet schneider"))
    assert "Schneider: +5 ct (Tarif 5-10-20 des offenen Abends)" in r.stdout
    # die Standard-Datenbank des Tests gibt es nicht: Standardtarif, und sie wird nicht angelegt
    r = ok(cli("frage", "wie viel kostet schneider"))
    assert "Schneider: +10 ct (Tarif 10-20-50, kein offener Abend)" in r.stdout
    assert not (tmp_path / "referee.db").exists()


# --------------------------------------------------------------------------- Namen vom Tisch


def _json(r) -> dict:
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _treffer(daten: dict) -> list[tuple[str, float]]:
    return [(t["abschnitt"], t["score"]) for t in daten["treffer"]]


def test_spieler_am_tisch_sind_fuellwoerter(cli):
    """Kunigunde und Xaver stehen in keiner Liste: ohne Abend sind sie unbekannte Wörter, die
    den Score unter die Schwelle drücken („Nichts Passendes“); sitzen sie am Tisch, zählt die
    Frage wie ohne Namen."""
    mit_namen = "Darf die Kunigunde davonlaufen, sagt der Xaver?"
    ohne_namen = "Darf die davonlaufen, sagt der?"
    assert cli("frage", mit_namen, "--json").returncode == 1
    bezug = _json(cli("frage", ohne_namen, "--json"))
    assert bezug["treffer"][0]["abschnitt"] in {
        "schafkopf.davonlaufen",
        "schafkopf.faq-davonlaufen",
    }
    ok(cli("abend", "neu", "--spieler", "Kunigunde", "Xaver", "Anna", "Sepp"))
    am_tisch = _json(cli("frage", mit_namen, "--json"))
    assert _treffer(am_tisch) == _treffer(bezug)
    assert am_tisch["frage"] == mit_namen  # die Frage selbst bleibt, wie sie war


def test_bekannte_spieler_auch_nach_dem_abend(cli):
    """Wer einmal mitgespielt hat, ist auch an einem späteren Abend ohne ihn ein Name."""
    ok(cli("abend", "neu", "--spieler", "Walburga", "Anna", "Ben", "Sepp"))
    ok(cli("abend", "ende"))
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    mit = _json(cli("frage", "Muss die Walburga die Ruf-Sau zugeben?", "--json"))
    ohne = _json(cli("frage", "Muss die die Ruf-Sau zugeben?", "--json"))
    assert _treffer(mit) == _treffer(ohne)


def test_namen_der_test_spieler_kommen_vom_tisch_nicht_aus_der_liste(cli):
    """Cem und Dora (die Spieler der Tests) sind nur am Tisch Füllwörter."""
    from referee.suche.woerterbuch import stoppwoerter

    assert not {"ben", "cem", "dora"} & stoppwoerter()
    frage = "Hat die Dora beim Sauspiel einen Stoß gegeben oder der Cem?"
    ohne_tisch = _json(cli("frage", frage, "--json"))
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    am_tisch = _json(cli("frage", frage, "--json"))
    bezug = _json(cli("frage", "Hat die beim Sauspiel einen Stoß gegeben oder der?", "--json"))
    assert _treffer(am_tisch) == _treffer(bezug) != _treffer(ohne_tisch)
    assert am_tisch["treffer"][0]["abschnitt"] == "schafkopf.stoss"


def test_namen_aus_der_db_option(cli, tmp_path):
    """``referee --db X frage …`` liest die Namen aus X; die Standard-Datenbank des Tests gibt
    es nicht und wird nicht angelegt."""
    andere = tmp_path / "andere.db"
    ok(cli("--db", str(andere), "abend", "neu", "--spieler", "Xaver", "Anna", "Ben", "Sepp"))
    frage = "Wann darf der Xaver davonlaufen?"
    bezug = _json(cli("frage", "Wann darf der davonlaufen?", "--json"))
    assert _treffer(_json(cli("--db", str(andere), "frage", frage, "--json"))) == _treffer(bezug)
    assert _treffer(_json(cli("frage", frage, "--json"))) != _treffer(bezug)
    assert not (tmp_path / "referee.db").exists()


def test_ein_name_der_ein_regelbegriff_ist_bleibt_regelbegriff(cli):
    """Heißt einer am Tisch „Geier“ oder nur „A“, bleibt die Frage nach dem Geier (und
    SAUFNs Karte A) eine Frage danach."""

    def kurz(daten: dict) -> tuple:
        konv = [(k["id"], k["score"]) for k in daten["konventionen"]]
        return _treffer(daten), konv, daten["regeltext_schweigt"]

    ohne = _json(cli("frage", "Was ist ein Geier?", "--json"))
    ok(cli("abend", "neu", "--spieler", "Geier", "A", "Anna", "Sepp"))
    mit = _json(cli("frage", "Was ist ein Geier?", "--json"))
    assert kurz(mit) == kurz(ohne)
    assert mit["konventionen"][0]["id"] == "konvention.geier"
    saufn = "darf ich auf ein A bei saufn noch was legen"
    assert kurz(_json(cli("frage", saufn, "--json"))) == kurz(
        _json(cli("--db", "/nicht/da.db", "frage", saufn, "--json"))
    )


@pytest.mark.parametrize("xdg", [None, "", "   ", "/tmp/xdg-daten"])
def test_standardpfad_der_datenbank_wie_referee_pfade(monkeypatch, tmp_path, xdg):
    """``frage`` sucht die Datenbank ohne platformdirs, aber am selben Ort wie alle anderen
    Befehle (``referee.pfade.db_pfad``)."""
    from referee.cli.frage import _db_datei
    from referee.pfade import db_pfad

    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert _db_datei() == db_pfad()
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "x.db"))
    assert _db_datei() == db_pfad() == tmp_path / "x.db"
