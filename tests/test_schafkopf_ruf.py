"""Welche Sau darf ich rufen? – Kern und ``referee ruf``."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.karten import Farbe, Schlag, lang, parse_hand
from referee.schafkopf.ruf import (
    gesperrt,
    parse_ruffarbe,
    pruefe_ruf,
    ruf_auskunft,
    ruf_erlaubt,
    rufbare_saeue,
)


def rufbar(text: str) -> set[str]:
    return {f.wort for f, a in rufbare_saeue(parse_hand(text)).items() if a.erlaubt}


@pytest.mark.parametrize(
    "hand,erwartet",
    [
        ("SA G7 EA EO GO HA HK EU", {"gras"}),
        ("GA EO GO HA HK H10 H9 EU", set()),
        ("GO GU EA E10 EK S7 H8 HK", {"schellen"}),  # Gras-Ober/-Unter sind keine Gras-Karten
        ("EO GU H9 G10 G7 S8 SK EA", {"gras", "schellen"}),
        ("E7 G7 S7 HO HU H7 H8 H9", {"eichel", "gras", "schellen"}),
    ],
)
def test_rufbare_saeue(hand, erwartet):
    assert rufbar(hand) == erwartet
    assert gesperrt(parse_hand(hand)) == (not erwartet)


def test_gruende_nennen_regel_und_ursache():
    h = parse_hand("GO GU EA E10 EK S7 H8 HK")
    a = rufbare_saeue(h)
    assert "selbst" in a[Farbe.EICHEL].grund
    assert "GO und GU zählen nicht" in a[Farbe.GRAS].grund
    assert a[Farbe.GRAS].abschnitt == "schafkopf.ansage-voraussetzungen"
    herz = ruf_auskunft(h, Farbe.HERZ)
    assert (
        not herz.erlaubt and "Trumpf" in herz.grund and herz.abschnitt == "schafkopf.rufbare-saeue"
    )


def test_pruefe_ruf():
    h = parse_hand("SA G7 EA EO GO HA HK EU")
    pruefe_ruf(h, Farbe.GRAS)
    with pytest.raises(Regelverstoss, match="Schellen-Sau darf nicht gerufen werden"):
        pruefe_ruf(h, Farbe.SCHELLEN)
    assert not ruf_erlaubt(h, Farbe.HERZ)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(lang), min_size=8, max_size=8, unique=True))
def test_rufbar_genau_wenn_farbkarte_ohne_sau(hand):
    for farbe in (Farbe.EICHEL, Farbe.GRAS, Farbe.SCHELLEN):
        farbkarten = [
            k for k in hand if k.farbe is farbe and k.schlag not in (Schlag.OBER, Schlag.UNTER)
        ]
        hat_sau = any(k.farbe is farbe and k.schlag is Schlag.SAU for k in hand)
        assert ruf_erlaubt(hand, farbe) == (bool(farbkarten) and not hat_sau)


# --- CLI --------------------------------------------------------------


def test_cli_json_vertrag():
    r = cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["hand"] == ["EO", "GU", "H9", "G10", "G7", "S8", "SK", "EA"]
    assert d["gesperrt"] is False
    assert list(d["saeue"]) == ["eichel", "gras", "schellen"]
    assert d["saeue"]["eichel"]["erlaubt"] is False
    assert d["saeue"]["gras"]["erlaubt"] is True and d["saeue"]["schellen"]["erlaubt"] is True
    assert all("schafkopf." in s["grund"] for s in d["saeue"].values())


def test_cli_sau_exit_codes():
    assert (
        cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "gras").returncode == 0
    )
    r = cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "eichel")
    assert r.returncode == 1 and "darf nicht gerufen werden" in r.stdout


def test_cli_herz_ist_eine_auskunft_und_eine_unbekannte_sau_falsche_eingabe():
    """``--sau herz`` ist eine Frage an die Regeln (issue 25, Punkt 8; so war der Vertrag vor
    adcdc4d): Antwort nein, weil die Herz-Sau Trumpf ist – Exit 1 mit Grund und Abschnitt, auf
    stdout. Eine unbekannte Sau bleibt eine falsche Eingabe (Exit 2); ihre Meldung nennt nur
    Eichel, Gras und Schellen als rufbar."""
    r = cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "herz")
    assert r.returncode == 1 and r.stderr == ""
    assert "Herz-Sau ist Trumpf" in r.stdout and "schafkopf.rufbare-saeue" in r.stdout
    assert "→ Die Herz-Sau darf nicht gerufen werden." in r.stdout
    r = cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "rot", "--json")
    assert r.returncode == 1, r.stderr
    d = json.loads(r.stdout)
    assert (d["sau"], d["erlaubt"], d["abschnitt"]) == ("herz", False, "schafkopf.rufbare-saeue")
    assert d["grund"].startswith("Die Herz-Sau ist Trumpf")
    r = cli_im_prozess("ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "pik")
    assert r.returncode == 2 and "Unbekannte Sau „pik“" in r.stderr
    assert "Rufbar sind nur die Eichel-, Gras- und Schellen-Sau" in r.stderr
    assert "herz" not in r.stderr.casefold()


def test_parse_ruffarbe():
    assert parse_ruffarbe("die Blaue") is Farbe.GRAS and parse_ruffarbe("SA") is Farbe.SCHELLEN
    with pytest.raises(Eingabefehler, match="Herz-Sau ist Trumpf") as e:
        parse_ruffarbe("rot")
    assert e.value.abschnitt == "schafkopf.rufbare-saeue"


def test_pruefe_ruf_nennt_den_abschnitt():
    with pytest.raises(Regelverstoss) as e:
        pruefe_ruf(parse_hand("SA G7 EA EO GO HA HK EU"), Farbe.EICHEL)
    assert e.value.abschnitt == "schafkopf.ansage-voraussetzungen"


def test_cli_gesperrt_text():
    r = cli_im_prozess("ruf", "--hand", "GA EO GO HA HK H10 H9 EU")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    assert "Gesperrt" in text and "Andere Spielarten" in text


def test_cli_kurzes_blatt():
    r = cli_im_prozess("ruf", "--hand", "EO GA E9 SK HA H10", "--deck", "kurz", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["saeue"]["eichel"]["erlaubt"] and d["saeue"]["schellen"]["erlaubt"]
    r = cli_im_prozess("ruf", "--hand", "EO GA E9 SK HA H7", "--deck", "kurz")
    assert r.returncode == 2 and "„H7“ an Position 6" in r.stderr


def test_cli_schlechte_hand_exit_2_deutsch():
    r = cli_im_prozess("ruf", "--hand", "EO EO GX H9")
    assert r.returncode == 2
    assert "„GX“ an Position 3" in r.stderr and "Doppelte Karte: EO" in r.stderr
    assert "statt 8" in r.stderr and "Traceback" not in r.stderr


def test_cli_sau_mit_tischnamen():
    r = cli_im_prozess("ruf", "--hand", "SA G7 EA EO GO HA HK EU", "--sau", "die Blaue")
    assert r.returncode == 0 and "Die Gras-Sau darf gerufen werden" in r.stdout
    r = cli_im_prozess("ruf", "--hand", "SA G7 EA EO GO HA HK EU", "--sau", "Alte", "--json")
    d = json.loads(r.stdout)
    assert r.returncode == 1 and d["sau"] == "eichel" and d["erlaubt"] is False


def test_ruf_in_eine_pipe_laedt_weder_rich_noch_die_spaeteren_kerne():
    """Startzeit: ``referee ruf`` mit Ausgabe in eine Pipe braucht kein rich, keine Spielarten,
    keine Abrechnung (gemessen an den Importen des ganzen Prozesses)."""
    import subprocess
    import sys

    r = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "referee",
            "ruf",
            "--hand",
            "EO GU H9 G10 G7 S8 SK EA",
        ],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "NO_COLOR": "1"},
    )
    assert r.returncode == 0 and "Gras-Sau: rufbar" in r.stdout
    geladen = {z.split("|")[-1].strip() for z in r.stderr.splitlines() if "|" in z}
    assert "referee.schafkopf.ruf" in geladen
    assert not {m for m in geladen if m.split(".")[0] == "rich"}
    assert not geladen & {
        "referee.schafkopf.spielart",
        "referee.schafkopf.abrechnung",
        "referee.schafkopf.tarif",
        "referee.store",
    }
