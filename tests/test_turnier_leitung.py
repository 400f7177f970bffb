"""Die Turnierleitung durch die Kommandozeile (im selben Prozess): Eckdaten, Kasse (nur
anhängend, zurücknehmbar), Preise an der Rangliste, Sitzplan, Laufzettel, Mannschaften, die
Rangliste als CSV und HTML, und die PDFs dazu.

Das Turnier: 8 Spieler, 2 Tische. Die Punkte hängen am Platz der Auslosung (Tisch 1: +10, +4,
−6, −8; Tisch 2: +7, +4, −3, −8), die erwartete Rangliste ist daraus von Hand gerechnet:
10, 7, 4, 4, −3, −6, −8, −8 – Plätze 3/4 und 7/8 geteilt.
"""

from __future__ import annotations

import json
import shlex
import sqlite3
import subprocess

import pytest
from hilfen import logischer_inhalt
from werkzeuge import werkzeug

PUNKTE = {1: [10, 4, -6, -8], 2: [7, 4, -3, -8]}
LISTE = (
    "\ufeffName;Verein\nSepp Huber;SV Post\nSepp Maier;FC Au\nŁukasz Nowak;FC Au\n"
    "Ärmin Öttl;SV Post\nAnna Bauer;TSV Moos\nOtto Lang;\nZenzi Ried;TSV Moos\n"
)


@pytest.fixture
def t(cli, db_pfad):
    def aufruf(zeile: str, code: int = 0):
        r = cli("turnier", *shlex.split(zeile), "--json")
        assert r.returncode == code, (zeile, r.stdout, r.stderr)
        return json.loads(r.stdout)

    def abgewiesen(zeile: str, art: str, text: str) -> None:
        vorher = logischer_inhalt(db_pfad)
        fehler = aufruf(zeile, 2)["fehler"]
        assert fehler["art"] == art and text in fehler["meldung"], fehler
        assert logischer_inhalt(db_pfad) == vorher

    aufruf.abgewiesen = abgewiesen
    return aufruf


@pytest.fixture
def gespielt(t, tmp_path):
    """Angelegt mit Startgeld, 8 angemeldet (7 aus der Liste mit Verein, einer mit --verein),
    Runde 1 ausgelost und gespielt; gibt die Startnummern je Platz der Rangliste zurück."""
    neu = t('neu Post --runden 2 --spiele 4 --seed 3 --startgeld 15 --ort "Gasthaus „Post“" '
            "--datum 2026-11-28")  # fmt: skip
    assert neu["eckdaten"] == {"ort": "Gasthaus „Post“", "datum": "2026-11-28", "startgeld": 1500}
    liste = tmp_path / "liste.csv"
    liste.write_text(LISTE, encoding="utf-8")
    t(f"anmelden --datei {liste}")
    t('anmelden "Ben Stadler" --verein "SV Post"')
    tische = t("auslosung")["tische"]
    reihe = []
    for tisch in tische:
        nummern = [s["startnummer"] for s in tisch["spieler"]]
        werte = " ".join(f"#{n}={p:+d}" for n, p in zip(nummern, PUNKTE[tisch["tisch"]]))
        t(f"ergebnis -r 1 -t {tisch['tisch']} {werte}")
        reihe += list(zip(nummern, PUNKTE[tisch["tisch"]]))
    # nach Punkten; bei gleichen Punkten (0 Soli) nach Startnummer (so listet die Rangliste)
    return [n for n, _ in sorted(reihe, key=lambda np: (-np[1], np[0]))]


def test_kasse_nur_anhaengend_und_zuruecknehmbar(t, gespielt, db_pfad):
    k = t("bezahlt #1 #2 #3 #4 #5 #6 #7")
    assert k["kasse"] == {"startgeld": 1500, "bezahlt": 7, "summe": 10500}
    assert k["eingetragen"] == [1, 2, 3, 4, 5, 6, 7] and [x["startnummer"] for x in k["offen"]] == [
        8
    ]
    t.abgewiesen("bezahlt #8 #3", "zustand", "Schon bezahlt: Startnummer 3")
    t.abgewiesen("bezahlt #8 Niemand", "eingabe", "Niemand")
    t.abgewiesen("bezahlt #8 #8", "eingabe", "zweimal")
    t.abgewiesen("bezahlt #8 --betrag 1,234", "eingabe", "kein Eurobetrag")
    z = t("bezahlt #3 --zuruecknehmen")
    assert z["zurueckgenommen"] == [3] and z["kasse"]["summe"] == 9000
    t.abgewiesen("bezahlt #3 --zuruecknehmen", "zustand", "Nicht bezahlt: Startnummer 3")
    assert t("bezahlt #3 --betrag 10")["kasse"] == {"startgeld": 1500, "bezahlt": 7, "summe": 10000}
    # nichts gelöscht, nichts geändert: 7 Zahlungen + 1 Rücknahme + 1 neue Zahlung
    with sqlite3.connect(db_pfad) as c:
        zeilen = c.execute("SELECT startnummer, betrag, bezug FROM turnier_zahlungen ORDER BY id")
        assert [z[1:] for z in zeilen.fetchall() if z[0] == 3] == [
            (1500, None),
            (0, 3),
            (1000, None),
        ]
        with pytest.raises(sqlite3.IntegrityError):
            c.execute("DELETE FROM turnier_zahlungen")
    assert t("bezahlt")["kasse"]["bezahlt"] == 7


def test_preise_fest_anteile_und_sachpreis(t, gespielt, tmp_path):
    t("bezahlt #1 #2 #3 #4 #5 #6 #7")  # Topf 105 €
    p = t("preise 1=300 2=200 3=100 4-10=20")
    # Plätze 3/4 teilen (100 + 20) / 2 = 60 €; 5, 6: 20 €; 7/8 teilen (20 + 20) / 2 = 20 €
    assert [(z["platz"], z["startnummer"], z["preis"]) for z in p["preise"]] == [
        (1, gespielt[0], 30000),
        (2, gespielt[1], 20000),
        (3, gespielt[2], 6000),
        (3, gespielt[3], 6000),
        (5, gespielt[4], 2000),
        (6, gespielt[5], 2000),
        (7, gespielt[6], 2000),
        (7, gespielt[7], 2000),
    ]
    assert p["kasse"] == {
        "startgeld": 1500,
        "bezahlt": 7,
        "summe": 10500,
        "ausgezahlt": 70000,
        "rest": 0,
        "offen": 0,
        "nicht_vergeben": 4000,  # Plätze 9 und 10
        "bleibt": 10500 - 70000,
    }
    assert p["vorlaeufig"] is True  # Runde 2 ist noch nicht gespielt
    # Anteile: 40 % = 42 €, 25 % = 26,25 €, 15 % = 15,75 € für Platz 3/4: je 7,87 €, 1 Cent Rest
    a = t("preise --anteile 40,25,15")
    assert [z["preis"] for z in a["preise"]] == [4200, 2625, 787, 787]
    assert a["kasse"]["ausgezahlt"] == 8399 and a["kasse"]["rest"] == 1
    assert a["kasse"]["bleibt"] == 10500 - 8399
    assert a["teilungen"][0]["text"].endswith("Rest 0,01 € bleibt in der Kasse")
    # die Liste gilt weiter, ohne Angaben gezeigt
    assert t("preise")["preise"] == a["preise"]
    s = t("preise 1=Geschenkkorb 3=Brotzeit 4=20")
    assert [(z["startnummer"], z["preis"], z["sache"], z["text"]) for z in s["preise"]] == [
        (gespielt[0], None, "Geschenkkorb", "Geschenkkorb"),
        (gespielt[2], None, None, "zu entscheiden"),
        (gespielt[3], None, None, "zu entscheiden"),
    ]
    assert s["teilungen"][0]["entscheiden"] and s["kasse"]["offen"] == 2000
    t.abgewiesen("preise 1=300 1=200", "eingabe", "Platz 1 hat schon einen Preis")
    t.abgewiesen("preise --anteile 60,50", "eingabe", "110 %")


def test_sitzplan_laufzettel_mannschaften(t, gespielt):
    s = t("sitzplan")
    assert [p["name"] for p in s["plaetze"]] == [
        "Ärmin Öttl",  # DIN 5007-2: „aermin“ vor „anna“
        "Anna Bauer",
        "Ben Stadler",
        "Łukasz Nowak",
        "Otto Lang",
        "Sepp Huber",
        "Sepp Maier",
        "Zenzi Ried",
    ]
    assert sorted((p["tisch"], p["platz"]) for p in s["plaetze"]) == [
        (tisch, platz) for tisch in (1, 2) for platz in (1, 2, 3, 4)
    ]
    z = t("laufzettel")
    assert z["ausgelost"] == 1 and len(z["laufzettel"]) == 8
    erster = z["laufzettel"][0]
    assert erster["name"] == "Sepp Huber" and erster["verein"] == "SV Post"
    wo = {(p["startnummer"]): (p["tisch"], p["platz"]) for p in s["plaetze"]}
    assert erster["runden"] == [{"runde": 1, "tisch": wo[1][0], "platz": wo[1][1]}, None]
    # Punkte je Startnummer (von oben); Vereine: SV Post 1, 4, 8; FC Au 2, 3; TSV Moos 5, 7
    punkte = dict(zip(gespielt, [10, 7, 4, 4, -3, -6, -8, -8]))
    m = t("mannschaften --beste 2")

    def beste2(*nummern):
        return sum(sorted((punkte[n] for n in nummern), reverse=True)[:2])

    erwartet = {"SV Post": beste2(1, 4, 8), "FC Au": beste2(2, 3), "TSV Moos": beste2(5, 7)}
    assert {x["mannschaft"]: x["punkte"] for x in m["mannschaften"]} == erwartet
    assert [x["punkte"] for x in m["mannschaften"]] == sorted(erwartet.values(), reverse=True)
    assert m["ohne_mannschaft"] == 1  # Otto Lang
    t.abgewiesen("mannschaften --beste 0", "eingabe", "--beste")


def test_stand_als_csv_und_html(cli, t, gespielt, tmp_path):
    r = cli("turnier", "stand", "--format", "csv")
    assert r.returncode == 0, r.stderr
    zeilen = r.stdout.splitlines()
    assert zeilen[0] == "Platz;Nr.;Name;Verein;Punkte;Soli;R1;R2"
    assert len(zeilen) == 9
    erste = zeilen[1].split(";")
    assert erste[0] == "1" and erste[1] == str(gespielt[0]) and erste[4:7] == ["10", "0", "10"]
    # Runde 2 ist nicht gespielt: eine Runde ohne Wert ist in der CSV leer (``None``); solange
    # der Stand sie als 0 führt, steht 0 da
    assert len(erste) == 8 and erste[7] in ("", "0")
    html = tmp_path / "rang.html"
    assert cli("turnier", "stand", "--format", "html", "-o", str(html)).returncode == 0
    text = html.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Sa 28.11.2026" in text
    assert "Gasthaus „Post“" in text and "<script" not in text
    assert "Ärmin Öttl" in text or "Sepp Huber" in text
    f = cli("turnier", "stand", "--format", "xls", "--json")
    assert f.returncode == 2 and json.loads(f.stdout)["fehler"]["art"] == "eingabe"
    assert cli("turnier", "stand", "--format", "csv", "--json").returncode == 2


def test_pdfs_der_turnierleitung(cli, t, gespielt, tmp_path):
    t("bezahlt #1 #2 #3 #4 #5 #6 #7")
    t("preise --anteile 40,25,15")
    dateien = {}
    for befehl in ("preise", "sitzplan", "laufzettel", "mannschaften --beste 2", "stand"):
        ziel = tmp_path / f"{befehl.split()[0]}.pdf"
        r = cli("turnier", *befehl.split(), "-o", str(ziel))
        assert r.returncode == 0, r.stderr
        assert ziel.read_bytes().startswith(b"%PDF-") and "Geschrieben" in r.stdout
        dateien[befehl.split()[0]] = ziel
    # ohne --force bleibt die Datei
    r = cli("turnier", "sitzplan", "-o", str(dateien["sitzplan"]), "--json")
    assert r.returncode == 2
    pdftotext = werkzeug("pdftotext")

    def text(name):
        aus = subprocess.run([pdftotext, "-layout", str(dateien[name]), "-"], capture_output=True)
        return aus.stdout.decode("utf-8")

    p = text("preise")
    assert "Sa 28.11.2026" in p and "Gasthaus „Post“" in p
    assert "Rest 0,01 € bleibt in der Kasse" in p and "Topf 105,00 €" in p
    sitz = text("sitzplan")
    assert sitz.index("Ärmin Öttl") < sitz.index("Łukasz Nowak") < sitz.index("Zenzi Ried")
    lauf = text("laufzettel")
    assert lauf.count("Nr. ") == 8 and "Łukasz Nowak" in lauf and "SV Post" in lauf
    assert "Mannschaftswertung (beste 2)" in text("mannschaften")
    rang = text("stand")
    assert "Sa 28.11.2026" in rang and "Verein" in rang and "TSV Moos" in rang


def test_fuenfertisch_kopf_zeigt_jede_startnummer_ganz(cli, t, tmp_path):
    """Punkt 5 aus issue 35: am Fünfertisch stand „Rosl Wimmer (2.“ im Kopf."""
    t("neu Post --runden 1 --spiele 32 --seed 1")
    t('anmelden "Rosl Wimmer" "Jürgen Großhuber-Edelmann" "Franz Xaver Niederstraßer" '
      '"Maximiliane Obermaier-Schwarzenberger" "Bartholomäus Schwarzenberger"')  # fmt: skip
    tisch = t("auslosung")["tische"][0]
    assert len(tisch["spieler"]) == 5
    ziel = tmp_path / "blatt.pdf"
    assert cli("turnier", "blatt", "--runde", "1", "-o", str(ziel)).returncode == 0
    pdftotext = werkzeug("pdftotext")
    aus = subprocess.run([pdftotext, str(ziel), "-"], capture_output=True).stdout.decode()
    assert aus.count("\f") == 1  # 32 Spiele: ein Blatt
    for platz, s in enumerate(tisch["spieler"], 1):
        assert f"Nr. {s['startnummer']} · Platz {platz}" in aus
