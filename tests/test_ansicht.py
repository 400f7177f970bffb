"""Eine Ansicht je Ergebnis (issue 25, Punkt 3): jedes typisierte Ergebnis beschreibt sich
selbst, und Verlauf, Live-Seite und Tisch zeigen dieselbe Zeile für denselben Eintrag.

Erwartete Zeilen und Beträge stehen hier von Hand (Tarif 10-20-50).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT, im_prozess, ok

from referee.sabai.ergebnis import SabaiErgebnis
from referee.saufn.ergebnis import SaufnErgebnis
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis

VIER = {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}


def test_schafkopf_zeile_und_lange_form():
    e = SchafkopfErgebnis.aus_json(
        {
            "zahlungen": VIER,
            "spielart": "rufspiel",
            "farbe": "gras",
            "spieler": "Anna",
            "partner": "Ben",
            "gewonnen": True,
            "wert": 50,
            "augen": 71,
            "laufende": 3,
        }
    )
    assert e.zeile() == "Rufspiel Anna+Ben gewonnen (71 Augen, 3 Laufende)"
    assert e.erklaerung_nach(None) == "20 (Rufspiel) + 30 (3 Laufende × 10) = 50 ct"
    # ein anderer Tarif ergibt einen anderen Wert: dann keine (falsche) Erklärung
    assert e.erklaerung_nach({"grund": 30}) is None


def test_schafkopf_ramsch_zeile():
    e = SchafkopfErgebnis.aus_json(
        {
            "zahlungen": {"Anna": 20, "Ben": 20, "Cem": -60, "Dora": 20},
            "spielart": "ramsch",
            "wert": 20,
            "verlierer": ["Cem"],
            "jungfrauen": ["Dora"],
        }
    )
    assert e.zeile() == "Ramsch: verliert Cem, Jungfrau Dora"


def test_die_anderen_spiele_beschreiben_sich():
    sabai = SabaiErgebnis.aus_json(
        {
            "punkte": {"Anna": 10, "Ben": 13},
            "siegpunkte": {"Anna": 1, "Ben": -1},
            "ruhmeshalle": [],
            "sieger": ["Anna"],
            "letzte": True,
        }
    )
    assert sabai.zeile() == "sabai-sabai: Siegespunkte Anna +1, Ben −1 (letzte Partie)"
    assert sabai.zeile_mit_wert() == (
        # die Kartenpunkte-Form schreibt das typografische Minus (wie referee sabai runde)
        "sabai-sabai: Anna 10 · Ben 13 → Siegespunkte: Anna +1, Ben \u22121 (letzte Partie)"
    )
    saufn = SaufnErgebnis.aus_json({"plaetze": ["Cem", "Anna"], "spieler": ["Anna", "Cem"]})
    assert saufn.zeile() == "SAUFN: 1. Cem 2. Anna"
    assert saufn.zeile_mit_wert() == "SAUFN: 1. Cem · 2. Anna"
    sm = SchlafmuetzeErgebnis.aus_json({"sieger": "Dora", "spieler": ["Anna", "Dora"]})
    assert sm.zeile() == "Schlafmütze: gewonnen hat Dora"
    assert sm.zeile_mit_wert() == "Schlafmütze: Dora gewinnt (mit Anna, Dora)"


@pytest.fixture
def abend(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "a.db"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    ok(
        im_prozess(
            "tisch",
            "--spieler",
            "Anna",
            "Ben",
            "Cem",
            "Dora",
            input="r an be 71 l3\nsm dora mit an be do\nsf cem an be\n",
        )
    )
    return tmp_path / "a.db"


def test_verlauf_live_und_tisch_zeigen_dieselbe_zeile(abend):
    from referee.buch import Buch
    from referee.live.daten import abendstand

    verlauf = ok(im_prozess("verlauf")).stdout
    with Buch(abend) as buch:
        seite = abendstand(buch)
    assert seite is not None
    texte = {z.id: z.text for z in seite.eintraege}
    assert texte[1] == "Rufspiel Anna+Ben gewonnen (71 Augen, 3 Laufende)"
    assert texte[2] == "Schlafmütze: gewonnen hat Dora"
    assert texte[3] == "SAUFN: 1. Cem 2. Anna 3. Ben"
    for nr, text in texte.items():
        assert f"#{nr:<4}" in verlauf and text in verlauf
    rufspiel = next(z for z in seite.eintraege if z.id == 1)
    assert rufspiel.erklaerung == "20 (Rufspiel) + 30 (3 Laufende × 10) = 50 ct"
    assert rufspiel.betraege == VIER


def test_keine_oberflaeche_baut_zeilen_aus_dem_json():
    """Die Oberflächen lesen keine Ergebnis-Schlüssel mehr („spielart“, „zahlungen“ …) aus
    den gespeicherten dicts, um einen Eintrag zu beschreiben."""
    schluessel = {"spielart", "zahlungen", "siegpunkte", "plaetze", "sieger", "durchmarsch"}
    for datei in ("referee/live/daten.py", "referee/tisch/dienst.py"):
        baum = ast.parse(Path(ROOT, datei).read_text(encoding="utf-8"))
        gelesen = {
            k.value
            for k in ast.walk(baum)
            if isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value in schluessel
        }
        assert gelesen == set(), (datei, gelesen)


def test_schlichte_zeichen_sind_fuer_rich_eine_spalte():
    """Die schlichte Ausgabe (ohne rich, ``ausgabe.schlicht_schreiben``) nimmt Zeichen ab
    U+1100 nur, wenn rich sie auch als eine Spalte zählt – sonst bräche rich anders um."""
    from rich.cells import cell_len

    from referee.cli.ausgabe import _schmal
    from referee.text import ASCII_FORMEN

    for z in ASCII_FORMEN:
        if ord(z) >= 0x1100 and z.isprintable():
            assert _schmal(z) and cell_len(z) == 1, z
    assert not _schmal("界") and cell_len("界") == 2


def test_verlauf_in_der_pipe_wie_rich(abend, monkeypatch):
    """Dieselben Zeilen mit und ohne den schnellen Weg an rich vorbei."""
    import referee.cli.ausgabe as ausgabe

    schnell = ok(im_prozess("verlauf")).stdout
    monkeypatch.setattr(ausgabe, "schlicht_schreiben", lambda zeilen: False)
    ueber_rich = ok(im_prozess("verlauf")).stdout
    assert schnell == ueber_rich
    assert "Anna +0,50 € · Ben +0,50 € · Cem -0,50 € · Dora -0,50 €" in schnell
