"""Die Farbe eines Farbsolos, Farbwenz oder Farbgeiers geht nicht verloren (Issue 13):
gespeichert, im Verlauf, im Export und auf der Live-Seite heißt ein Herz-Solo „Herz-Solo“."""

from __future__ import annotations

import csv
import io
import json

from referee.schafkopf.spielart import ansage_aus_ergebnis, spielname_aus_ergebnis
from tests.conftest import ok

VIER = ("Anna", "Ben", "Cem", "Dora")


def test_anzeigename_aus_gespeichertem_ergebnis():
    assert spielname_aus_ergebnis("solo", "herz") == "Herz-Solo"
    assert spielname_aus_ergebnis("farbwenz", "eichel") == "Eichel-Wenz"
    assert spielname_aus_ergebnis("farbgeier", "schellen") == "Schellen-Geier"
    assert spielname_aus_ergebnis("solo") == "Solo"  # ohne Farbe wie in der Abrechnung
    assert spielname_aus_ergebnis("rufspiel", "gras") == "Rufspiel"
    assert spielname_aus_ergebnis("quatsch") == "Quatsch"
    assert ansage_aus_ergebnis("quatsch") is None
    assert ansage_aus_ergebnis("solo", "herz").wort == "herz-solo"


def test_herz_solo_bleibt_herz_solo(cli):
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli("schafkopf", "eintragen", "herz-solo", "Dora", "--augen", "95"))
    ok(cli("schafkopf", "eintragen", "eichel-wenz", "Cem", "--augen", "70"))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "61"))

    verlauf = ok(cli("verlauf")).stdout
    assert "Herz-Solo Dora gewonnen (95 Augen, Schneider)" in verlauf
    assert "Eichel-Wenz Cem gewonnen (70 Augen)" in verlauf
    assert "Rufspiel Anna+Ben gewonnen (61 Augen)" in verlauf

    zeilen = list(csv.DictReader(io.StringIO(ok(cli("export", "--format", "csv")).stdout)))
    assert [z["Spielart"] for z in zeilen] == ["herz-solo", "eichel-wenz", "rufspiel"]
    # Herz-Solo mit Schneider: 50 + 10 = 60 ct von jedem der drei Gegner
    assert [zeilen[0][n] for n in VIER] == ["-0.60", "-0.60", "-0.60", "1.80"]

    daten = json.loads(ok(cli("export", "--format", "json")).stdout)
    ergebnisse = [e["ergebnis"] for e in daten["eintraege"]]
    assert [(e["spielart"], e.get("farbe")) for e in ergebnisse] == [
        ("solo", "herz"),
        ("farbwenz", "eichel"),
        ("rufspiel", None),
    ]
