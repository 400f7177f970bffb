"""``referee turnier …`` durch die Kommandozeile (im selben Prozess): ein ganzes Turnier mit 26
Spielern und zwei Runden, von der Anmeldung bis zur Rangliste als PDF; die Abweisungen (Exit 2
oder 1, nichts geschrieben); die Form jeder ``--json``-Antwort (``tests/golden/turnier/``).

Die erwartete Rangliste ist von Hand aus den eingegebenen Blättern und Spielen gerechnet (die
Rechnung steht bei den Blättern). Die Tische kommen aus der Auslosung mit Startwert 2027 – sie
stehen hier wörtlich, damit dieselbe Auslosung auch in späteren Versionen dieselben Tische gibt.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest
from hilfen import logischer_inhalt
from werkzeuge import werkzeug

GOLDEN = Path(__file__).resolve().parent / "golden" / "turnier"
NEU = os.environ.get("REFEREE_GOLDEN_NEU") == "1"

ERSTE = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franz", "Gabi", "Hans", "Ida", "Jürgen"]
AUS_DATEI = ["Käthe", "Lutz", "Mia", "Nils", "Olga", "Paul", "Quirin", "Rosi", "Sepp", "Toni"]
LETZTE = ["Uschi", "Vroni", "Wast", "Xaver", "Yvonne", "Zenzi"]

#: Die Tische (Namen in Sitzordnung) der Auslosung mit Startwert 2027.
RUNDE_1 = [
    ["Ben", "Toni", "Yvonne", "Mia"],
    ["Gabi", "Hans", "Xaver", "Zenzi"],
    ["Rosi", "Käthe", "Lutz", "Dora"],
    ["Wast", "Olga", "Vroni", "Cem"],
    ["Emil", "Jürgen", "Sepp", "Franz", "Uschi"],
    ["Paul", "Quirin", "Anna", "Ida", "Nils"],
]
#: Nach Runde 1: Zenzi abgemeldet, Anton spät angemeldet, Berta spielt für Ben.
RUNDE_2 = [
    ["Käthe", "Cem", "Emil", "Quirin"],
    ["Anton", "Nils", "Toni", "Uschi"],
    ["Yvonne", "Anna", "Franz", "Lutz"],
    ["Hans", "Jürgen", "Olga", "Ida"],
    ["Dora", "Berta", "Sepp", "Wast", "Xaver"],
    ["Gabi", "Rosi", "Paul", "Vroni", "Mia"],
]


def _json(r, code=0):
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    return json.loads(r.stdout)


def _tische(antwort):
    return [[s["name"] for s in t["spieler"]] for t in antwort["tische"]]


@pytest.fixture
def turnier(cli, db_pfad):
    """``turnier("ergebnis -r 1 -t 1 Anna=+3 …")``: ``referee turnier … --json`` → die
    Antwort (Exit-Code wie ``code``); ``turnier.abgewiesen(zeile, code, art, text)``: scheitert
    so und lässt die Datei logisch unverändert."""

    def aufruf(zeile: str, code: int = 0):
        return _json(cli("turnier", *shlex.split(zeile), "--json"), code)

    def abgewiesen(zeile: str, code: int, art: str, text: str) -> None:
        vorher = logischer_inhalt(db_pfad)
        fehler = aufruf(zeile, code)["fehler"]
        assert fehler["art"] == art and text in fehler["meldung"], fehler
        assert logischer_inhalt(db_pfad) == vorher

    aufruf.abgewiesen = abgewiesen
    return aufruf


def test_ganzes_turnier_26_spieler_zwei_runden(turnier, tmp_path):
    t = turnier('neu "Preisschafkopf Test" --runden 2 --spiele 32 --wertung solo-6-2 --seed 2027')
    t = t["turnier"]
    assert (t["runden"], t["spiele"], t["seed"], t["wertung"]["name"]) == (2, 32, 2027, "solo-6-2")
    turnier("anmelden " + " ".join(ERSTE))
    liste = tmp_path / "teilnehmer.csv"
    liste.write_text("Name;Verein\n" + "".join(f"{n};SV Post\n" for n in AUS_DATEI), "utf-8")
    aus_datei = turnier(f"anmelden --datei {liste}")
    assert [a["startnummer"] for a in aus_datei["angemeldet"]] == list(range(11, 21))
    turnier("anmelden " + " ".join(LETZTE))

    # Runde 1 ist noch nicht ausgelost: kein Blatt
    turnier.abgewiesen(
        "ergebnis -r 1 -t 1 Ben=+1 Toni=-1", 2, "zustand", "noch keine Runde ausgelost"
    )
    r1 = turnier("auslosung")
    assert r1["runde"] == 1 and r1["wiederholungen"] == 0
    assert _tische(r1) == RUNDE_1

    # Abweisungen: nichts wird geschrieben
    turnier.abgewiesen(
        "ergebnis -r 1 -t 1 Ben=+12 Toni=-5 Yvonne=-4 Mia=-2", 2, "eingabe", "Summe ist +1 statt 0"
    )
    turnier.abgewiesen(
        "ergebnis -r 1 -t 1 Ben=+12 Toni=-5 Yvonne=-4 Gabi=-3",
        2,
        "eingabe",
        "„Gabi“ sitzt nicht an Tisch 1",
    )
    turnier.abgewiesen(
        "spiel -r 1 -t 2 geier Hans --augen 70",
        1,
        "regel",
        "Geier wird in diesem Turnier nicht gespielt",
    )
    turnier.abgewiesen(
        "spiel -r 1 -t 2 rufspiel Hans+Ben --augen 70", 2, "eingabe", "„Ben“ sitzt nicht an Tisch 2"
    )

    # Runde 1. Tisch 1: Ben +12, Toni -5, Yvonne -4, Mia -3 (Summe 0), Ben ein Solo
    turnier("ergebnis -r 1 -t 1 Ben=+12 Toni=-5 Yvonne=-4 Mia=-3 --soli Ben=1")
    # Tisch 2 Spiel für Spiel (Wertung solo-6-2):
    #  1 Rufspiel Hans+Xaver 71:      Hans +1, Xaver +1, Gabi -1, Zenzi -1
    #  2 Solo Gabi 95 (Schneider):    Gabi +9, die drei je -3 (Gabi: ein Solo)
    #  3 Wenz Zenzi 45 (verloren):    Zenzi -6, die drei je +2 – korrigiert zu 25 Augen
    #    (Schneider verloren):        Zenzi -9, die drei je +3
    #  4 Rufspiel Gabi+Zenzi schwarz: Gabi +3, Zenzi +3, Hans -3, Xaver -3
    #  → Gabi -1+9+3+3 = 14, Hans 1-3+3-3 = -2, Xaver -2, Zenzi -1-3-9+3 = -10
    turnier("spiel -r 1 -t 2 rufspiel Hans+Xaver --augen 71")
    s2 = turnier("spiel -r 1 -t 2 herz-solo Gabi --augen 95")
    assert s2["soli"] == [7] and s2["wert"] == 3
    s3 = turnier("spiel -r 1 -t 2 wenz Zenzi --augen 45")
    s4 = turnier("spiel -r 1 -t 2 rufspiel Gabi+Zenzi --augen 120 --schwarz")
    assert s4["fortschritt"] == {
        "runde": 1, "tisch": 2, "spiele": 4, "soll": 32, "quelle": "spiele", "fertig": False,
    }  # fmt: skip
    k = turnier(f"spiel -r 1 -t 2 --korrektur {s3['eintrag']} wenz Zenzi --augen 25")
    assert k["ersetzt"] == s3["eintrag"] and k["geber"] == s3["geber"] == 24  # Spiel 3: Xaver
    summen = {p["name"]: p["summe"] for p in k["punkte"]}
    assert summen == {"Gabi": 14, "Hans": -2, "Xaver": -2, "Zenzi": -10}
    s5 = turnier("spiel -r 1 -t 2 rufspiel Hans+Xaver --augen 80")
    assert turnier(f"storno {s5['eintrag']}")["fortschritt"]["spiele"] == 4
    # Tisch 3: erst Rosi +20 …, dann korrigiert (das zweite Blatt ersetzt das erste)
    turnier("ergebnis -r 1 -t 3 Rosi=+20 Käthe=-8 Lutz=-6 Dora=-6 --soli Rosi=2")
    b3 = turnier("ergebnis -r 1 -t 3 Rosi=+18 käthe=-8 Lutz=-6 #4=-4 --soli Rosi=2")
    assert b3["ersetzt"] is not None
    turnier("ergebnis -r 1 -t 4 Wast=-10 Olga=+4 Vroni=+4 Cem=+2")
    turnier("ergebnis -r 1 -t 5 Emil=+7 Jürgen=+7 Sepp=-4 Franz=-5 Uschi=-5 --soli Emil=1 Jürgen=1")
    turnier("ergebnis -r 1 -t 6 Paul=0 Quirin=-2 Anna=+15 Ida=-6 Nils=-7 --soli Anna=2")

    # zwischen den Runden: Zenzi geht, Anton kommt, Berta spielt für Ben weiter
    assert turnier("abmelden Zenzi")["ab_runde"] == 2
    assert turnier("anmelden Anton")["angemeldet"] == [{"startnummer": 27, "name": "Anton"}]
    # Tisch 2 der Runde 1 ist noch nicht fertig (4/32): ohne --ab-runde spielte Berta schon dort
    e = turnier("ersatz Ben Berta --ab-runde 2")
    assert (e["startnummer"], e["alt"], e["ab_runde"]) == (2, "Ben", 2)
    # Runde 2 erst, wenn Runde 1 fertig ist – oder mit --trotzdem (issue 35, Punkt 2)
    turnier.abgewiesen(
        "auslosung", 2, "zustand", "Runde 1 läuft noch – Runde 1: Tisch 2 (4/32) offen"
    )
    r2 = turnier("auslosung --trotzdem")
    assert r2["runde"] == 2 and r2["wiederholungen"] == 0 and r2["auslosung"] == 1
    assert [(o["runde"], o["tisch"], o["spiele"]) for o in r2["offen_gelassen"]] == [(1, 2, 4)]
    assert _tische(r2) == RUNDE_2

    turnier("ergebnis --runde 2 --tisch 1 Käthe=+3 Cem=+8 Emil=-2 Quirin=-9 --soli Cem=1")
    turnier("ergebnis --runde 2 --tisch 2 Anton=-6 Nils=-2 Toni=+3 Uschi=+5")
    turnier("ergebnis --runde 2 --tisch 3 Yvonne=-1 Anna=-12 Franz=+9 Lutz=+4")
    turnier("ergebnis --runde 2 --tisch 4 Hans=+4 Jürgen=+1 Olga=+6 Ida=-11 --soli Olga=1")
    turnier("ergebnis --runde 2 --tisch 5 Dora=-4 Berta=+2 Sepp=+2 Wast=-3 Xaver=+3")
    turnier("ergebnis --runde 2 --tisch 6 Gabi=-4 Rosi=-4 Paul=0 Vroni=+5 Mia=+3")

    # Rangliste gesamt, von Hand: Runde 1 + Runde 2 je Startnummer, dann Soli
    stand = turnier("stand")
    assert [
        (z["platz"], z["startnummer"], z["name"], z["punkte"], z["soli"])
        for z in stand["rangliste"]
    ] == [
        (1, 18, "Rosi", 14, 2),  # 18 - 4
        (2, 2, "Berta", 14, 1),  # Ben 12 + Berta 2, gleich viele Punkte, ein Solo weniger
        (3, 3, "Cem", 10, 1),  # 2 + 8
        (3, 7, "Gabi", 10, 1),  # 14 - 4
        (3, 15, "Olga", 10, 1),  # 4 + 6
        (6, 22, "Vroni", 9, 0),  # 4 + 5
        (7, 10, "Jürgen", 8, 1),  # 7 + 1
        (8, 5, "Emil", 5, 1),  # 7 - 2
        (9, 6, "Franz", 4, 0),  # -5 + 9
        (10, 1, "Anna", 3, 2),  # 15 - 12
        (11, 8, "Hans", 2, 0),  # -2 + 4
        (12, 24, "Xaver", 1, 0),  # -2 + 3
        (13, 13, "Mia", 0, 0),  # -3 + 3
        (13, 16, "Paul", 0, 0),
        (13, 21, "Uschi", 0, 0),  # -5 + 5
        (16, 12, "Lutz", -2, 0),  # -6 + 4
        (16, 19, "Sepp", -2, 0),  # -4 + 2
        (16, 20, "Toni", -2, 0),  # -5 + 3
        (19, 11, "Käthe", -5, 0),  # -8 + 3
        (19, 25, "Yvonne", -5, 0),  # -4 - 1
        (21, 27, "Anton", -6, 0),  # nur Runde 2
        (22, 4, "Dora", -8, 0),  # -4 - 4
        (23, 14, "Nils", -9, 0),  # -7 - 2
        (24, 26, "Zenzi", -10, 0),  # nur Runde 1, dann abgemeldet
        (25, 17, "Quirin", -11, 0),  # -2 - 9
        (26, 23, "Wast", -13, 0),  # -10 - 3
        (27, 9, "Ida", -17, 0),  # -6 - 11
    ]
    zeilen = {z["name"]: z for z in stand["rangliste"]}
    assert zeilen["Berta"]["je_runde"] == [12, 2] and zeilen["Berta"]["ersetzt"] == ["Ben"]
    # nicht gespielte Runden sind null, nicht 0 (issue 35, Punkt 8)
    assert zeilen["Zenzi"]["abgemeldet"] and zeilen["Zenzi"]["je_runde"] == [-10, None]
    assert zeilen["Anton"]["je_runde"] == [None, -6]
    offen = [f for f in stand["fortschritt"] if not f["fertig"]]
    assert offen == [
        {"runde": 1, "tisch": 2, "spiele": 4, "soll": 32, "quelle": "spiele", "fertig": False}
    ]

    runde1 = [
        (z["platz"], z["name"], z["punkte"], z["soli"])
        for z in turnier("stand --runde 1")["rangliste"]
    ]
    assert runde1 == [
        (1, "Rosi", 18, 2), (2, "Anna", 15, 2), (3, "Gabi", 14, 1), (4, "Ben", 12, 1),
        (5, "Emil", 7, 1), (5, "Jürgen", 7, 1), (7, "Olga", 4, 0), (7, "Vroni", 4, 0),
        (9, "Cem", 2, 0), (10, "Paul", 0, 0), (11, "Hans", -2, 0), (11, "Quirin", -2, 0),
        (11, "Xaver", -2, 0), (14, "Mia", -3, 0), (15, "Dora", -4, 0), (15, "Sepp", -4, 0),
        (15, "Yvonne", -4, 0), (18, "Franz", -5, 0), (18, "Toni", -5, 0), (18, "Uschi", -5, 0),
        (21, "Ida", -6, 0), (21, "Lutz", -6, 0), (23, "Nils", -7, 0), (24, "Käthe", -8, 0),
        (25, "Wast", -10, 0), (25, "Zenzi", -10, 0),
    ]  # fmt: skip

    # PDFs: Tischblätter der Runde 2 und die Rangliste; die Umlaute kommen an
    blatt, rang = tmp_path / "tische.pdf", tmp_path / "rangliste.pdf"
    b = turnier(f"blatt --runde 2 -o {blatt}")
    assert b["tische"] == 6 and blatt.read_bytes().startswith(b"%PDF-")
    turnier(f"stand -o {rang}")
    assert rang.read_bytes().startswith(b"%PDF-")
    # ohne --force bleibt die Datei, wie sie ist
    assert turnier(f"stand -o {rang}", 2)["fehler"]["meldung"].endswith(
        "mit --force wird sie überschrieben."
    )

    turnier.abgewiesen("ende", 2, "zustand", "Turnier 1 ist nicht fertig: Runde 1: Tisch 2 (4/32)")
    ende = turnier("ende --trotzdem")
    assert ende["turnier"]["beendet"] and ende["rangliste"][0]["name"] == "Rosi"
    assert [(o["runde"], o["tisch"]) for o in ende["offen"]] == [(1, 2)]
    assert ende["nicht_ausgelost"] == []
    turnier.abgewiesen("auslosung", 2, "zustand", "Turnier 1 ist beendet")

    pdftotext = werkzeug("pdftotext")  # zuletzt: ohne poppler ist alles davor geprüft
    text = subprocess.run([pdftotext, str(blatt), "-"], capture_output=True, text=True).stdout
    for wort in ("Preisschafkopf Test", "Tisch 6", "Runde 2", "Jürgen", "Käthe",
                 "Summe", "Gewonnene Soli", "Plus", "Minus"):  # fmt: skip
        assert wort in text, wort
    # je Tisch ein Blatt: 32 Spiele passen auf eine Seite, 6 Tische = 6 Seiten, kein Übertrag
    assert text.count("\f") == 6 and "Übertrag" not in text
    lauf = subprocess.run([pdftotext, "-layout", str(rang), "-"], capture_output=True, text=True)
    assert "Rangliste gesamt" in lauf.stdout and "Berta für Ben" in lauf.stdout


def test_textausgabe(cli, tmp_path):
    assert (
        cli("turnier", "neu", "Post", "--runden", "1", "--spiele", "4", "--seed", "1").returncode
        == 0
    )
    r = cli("turnier", "anmelden", "Anna", "Ben", "Cem", "Dora")
    assert "Nr.   1  Anna" in r.stdout
    r = cli("turnier", "auslosung")
    assert "Runde 1: 1 Tisch, niemand trifft jemanden wieder." in r.stdout
    r = cli("turnier", "spiel", "-r", "1", "-t", "1", "wenz", "Anna", "--augen", "91")
    assert r.returncode == 0, r.stderr
    assert "Wenz Anna gewonnen (91 Augen, Schneider)" in r.stdout
    assert "Wert: 3 Punkte (2 (Wenz) + 1 (Schneider) = 3)" in r.stdout
    assert "Tisch 1: 1/4" in r.stdout
    r = cli("turnier", "stand")
    assert "Post – Rangliste gesamt" in r.stdout and "+9" in r.stdout
    r = cli("turnier", "wertungen")
    assert "grossreuth.de" in r.stdout and "donauries-schafkopfcup.de" in r.stdout
    r = cli("turnier", "ergebnis", "-r", "1", "-t", "1", "Anna")
    assert r.returncode == 2 and "NAME=ZAHL" in r.stderr


# --------------------------------------------------------------------------- Form der Antworten


def _form(wert):
    from test_golden import form

    return form(wert)


#: Ein kleines Turnier, das jeden Befehl mit ``--json`` einmal aufruft (mit Exit-Code).
GOLDEN_LAUF = [
    ("neu", ["turnier", "neu", "Post", "--runden", "2", "--spiele", "4", "--seed", "3"], 0),
    ("wertungen", ["turnier", "wertungen"], 0),
    ("anmelden", ["turnier", "anmelden", "Anna", "Ben", "Cem", "Dora", "Emil"], 0),
    ("auslosung", ["turnier", "auslosung"], 0),
    ("turnier", ["turnier"], 0),
    ("liste", ["turnier", "liste"], 0),
    ("tische", ["turnier", "tische", "--runde", "1"], 0),
    ("spiel", ["turnier", "spiel", "-r", "1", "-t", "1", "solo", "Ben", "--augen", "70"], 0),
    ("storno", ["turnier", "storno", "1"], 0),
    (
        "ergebnis",
        [
            "turnier",
            "ergebnis",
            "-r",
            "1",
            "-t",
            "1",
            "Anna=1",
            "Ben=0",
            "Cem=0",
            "Dora=0",
            "Emil=-1",
            "--soli",
            "Anna=1",
        ],
        0,
    ),
    ("ergebnis_falsch", ["turnier", "ergebnis", "-r", "1", "-t", "1", "Anna=1"], 2),
    ("spiel_regel", ["turnier", "spiel", "-r", "1", "-t", "1", "geier", "Ben", "--augen", "70"], 1),
    ("abmelden", ["turnier", "abmelden", "Emil"], 0),
    ("ersatz", ["turnier", "ersatz", "Dora", "Dorothea"], 0),
    ("stand", ["turnier", "stand"], 0),
    ("blatt", ["turnier", "blatt", "--runde", "1", "-o", "{tmp}/t.pdf"], 0),
    ("eckdaten", ["turnier", "eckdaten", "--startgeld", "15", "--ort", "Post"], 0),
    ("bezahlt", ["turnier", "bezahlt", "Anna", "#2"], 0),
    ("preise", ["turnier", "preise", "1=300", "2=200", "3=Geschenkkorb"], 0),
    ("sitzplan", ["turnier", "sitzplan"], 0),
    ("laufzettel", ["turnier", "laufzettel"], 0),
    ("mannschaften_ohne", ["turnier", "mannschaften"], 2),
    ("ende_offen", ["turnier", "ende"], 2),
    ("ende", ["turnier", "ende", "--trotzdem"], 0),
    ("wieder", ["turnier", "wieder"], 0),
    ("auslosung_runde2", ["turnier", "auslosung"], 0),
    ("zuruecknehmen", ["turnier", "auslosung", "--zuruecknehmen"], 0),
    ("auslosung_neu", ["turnier", "auslosung"], 0),
    ("spiel_runde2", ["turnier", "spiel", "-r", "2", "-t", "1", "solo", "Ben", "--augen", "70"], 0),
    ("zuruecknehmen_abgewiesen", ["turnier", "auslosung", "--zuruecknehmen"], 2),
]


def test_json_form_wie_golden(cli, tmp_path):
    """Die Form (Schlüssel und Typen) jeder Antwort eines kleinen Turniers ist Vertrag:
    ``tests/golden/turnier/<schritt>.json``; neu schreiben mit REFEREE_GOLDEN_NEU=1."""
    abweichend = []
    for name, args, code in GOLDEN_LAUF:
        args = [a.replace("{tmp}", str(tmp_path)) for a in args]
        r = cli(*args, "--json")
        assert r.returncode == code, (name, r.stdout, r.stderr)
        live = {
            "args": args[1:] if name != "blatt" else args[1:4],
            "exit": code,
            "form": _form(json.loads(r.stdout)),
        }
        datei = GOLDEN / f"{name}.json"
        if NEU:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            datei.write_text(json.dumps(live, ensure_ascii=False, indent=2) + "\n", "utf-8")
            continue
        if json.loads(datei.read_text("utf-8")) != live:
            abweichend.append(name)
    assert not abweichend, (
        f"Die Form der --json-Antworten weicht ab: {abweichend} (tests/golden/turnier/). "
        "Gewollt? REFEREE_GOLDEN_NEU=1 .venv/bin/pytest -n 0 tests/test_turnier_cli.py und eine "
        "Zeile in CHANGELOG.md."
    )
