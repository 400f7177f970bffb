"""Ein Eingabe-Adapter je Spiel (``referee.cli.eingabe``): dieselben Fakten über
``… eintragen``, ``korrektur`` und eine Zeile am Tisch ergeben dasselbe Ergebnis im Buch;
``korrektur N`` nimmt genau die Optionen des Spiels von Eintrag N; die Hilfe zeigt sie je
Spiel. Alles über die öffentliche Kommandozeile, im selben Prozess (``conftest.im_prozess``).
"""

from __future__ import annotations

import json

import pytest
from conftest import ok

VIER = ("Anna", "Ben", "Cem", "Dora")

#: Je Spiel: der Befehl, der es einträgt (mit den Fakten), dieselben Fakten als Angaben von
#: ``korrektur``, als Zeile am Tisch – und andere Fakten für den Eintrag, den die Korrektur
#: ersetzt.
WEGE = {
    "rufspiel": (
        ["schafkopf", "eintragen"],
        ["rufspiel", "Anna+Ben", "--augen", "91", "--laufende", "3", "--klopfer", "1"],
        "r an be 91 l3 k1",
        ["wenz", "Cem", "--augen", "45"],
    ),
    "ramsch": (
        ["schafkopf", "eintragen"],
        ["ramsch", "Dora", "--jungfrau", "Ben", "Cem"],
        "ramsch do j be cem",
        ["rufspiel", "Anna+Ben", "--augen", "61"],
    ),
    "solo": (
        ["schafkopf", "eintragen"],
        ["herz-solo", "Cem", "--augen", "45", "--stoss", "1"],
        "hs cem 45 x1",
        ["rufspiel", "Anna+Ben", "--augen", "61"],
    ),
    "sabai": (
        ["sabai", "eintragen"],
        ["Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0", "--letzte"],
        "sb an 3 7 J / be AJ 2 2 / cem / do 14 0 letzte",
        ["Anna=1", "Ben=2", "Cem=3", "Dora=4"],
    ),
    "saufn": (
        ["saufn", "ende", "--eintragen"],
        ["--platz", "Cem", "Anna", "Ben"],
        "sf cem an be",
        ["--platz", "Dora", "Ben", "Cem"],
    ),
    "schlafmuetze": (
        ["schlafmuetze", "sieg"],
        ["Dora", "--spieler", "Anna", "Ben", "Dora"],
        "sm do mit an be do",
        ["Anna"],
    ),
}


def _eintraege(cli) -> list[dict]:
    return json.loads(ok(cli("verlauf", "--json")).stdout)["eintraege"]


@pytest.mark.parametrize("weg", WEGE, ids=list(WEGE))
def test_dieselben_fakten_auf_drei_wegen_gleich_im_buch(cli, weg):
    befehl, fakten, zeile, andere = WEGE[weg]
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli(*befehl, *fakten))  # 1: eingetragen
    ok(cli(*befehl, *andere))  # 2: andere Fakten …
    ok(cli("korrektur", "2", *fakten))  # 3: … durch dieselben Fakten ersetzt
    ok(cli("tisch", input=zeile + "\n"))  # 4: am Tisch
    eintraege = {e["id"]: e for e in _eintraege(cli)}
    assert sorted(eintraege) == [1, 3, 4]
    assert eintraege[3]["bezug"] == 2 and eintraege[3]["art"] == "korrektur"
    spiel = eintraege[1]["spiel"]
    assert eintraege[3]["spiel"] == eintraege[4]["spiel"] == spiel
    assert eintraege[1]["ergebnis"] == eintraege[3]["ergebnis"] == eintraege[4]["ergebnis"]


def test_korrektur_mit_option_eines_anderen_spiels_aendert_nichts(cli, db_pfad):
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    vorher = db_pfad.read_bytes()
    r = ok(cli("korrektur", "1", "--platz", "Cem", "Anna", "Ben"), 2)
    assert r.stdout == ""
    assert (
        "Fehler: Unerwartete Angabe „--platz Cem Anna Ben“: --platz passt nicht zu Eintrag #1 "
        "(Schafkopf), es ist eine Option von SAUFN. Form: referee korrektur 1 rufspiel "
        "Anna+Ben --augen 61 (wie „schafkopf eintragen“)."
    ) in r.stderr
    r = ok(cli("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "61", "--letzte", "--json"), 2)
    fehler = json.loads(r.stdout)["fehler"]
    assert fehler["art"] == "eingabe"
    assert "--letzte passt nicht zu Eintrag #1 (Schafkopf)" in fehler["meldung"]
    assert "sabai-sabai" in fehler["meldung"] and "Form: referee korrektur 1" in fehler["meldung"]
    assert db_pfad.read_bytes() == vorher
    assert [e["id"] for e in _eintraege(cli)] == [1]


def test_korrektur_unbekannte_option_mit_vorschlag(cli):
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"))
    r = ok(cli("korrektur", "1", "--platz", "Anna", "Cem", "Ben", "--alle-verteile"), 2)
    assert "--alle-verteile passt nicht zu Eintrag #1 (SAUFN)." in r.stderr
    assert "Meintest du „--alle-verteilen“?" in r.stderr
    assert "Form: referee korrektur 1 --platz Cem Anna Ben (wie „saufn ende“)" in r.stderr


#: Die Optionen je Spiel und ein Wert dafür (leer: ein Schalter).
OPTIONEN = {
    "schafkopf": {
        "--augen": ["61"],
        "--laufende": ["2"],
        "--schwarz": [],
        "--tout": [],
        "--sie": [],
        "--klopfer": ["1"],
        "--stoss": ["1"],
        "--stiche": ["3"],
        "--kurz": [],
        "--jungfrau": ["Ben"],
        "--durchmarsch": ["Cem"],
        "--tisch": ["Anna,Ben,Cem,Dora"],
        "--partie": ["gibt-es-nicht.json"],
    },
    "sabai": {"--letzte": [], "--gleichstand": ["keiner"], "--ass-joker-wert": ["-5"]},
    "saufn": {
        "--platz": ["Anna", "Cem", "Ben"],
        "--spieler": ["Anna", "Ben", "Cem", "Dora"],
        "--verteilung": ["Anna:Ben=20"],
        "--alle-verteilen": [],
    },
    "schlafmuetze": {"--spieler": ["Anna", "Ben", "Cem"]},
}
#: Je Spiel: wie es eingetragen wird und die Fakten einer Korrektur ohne weitere Optionen.
SPIELE = {
    "schafkopf": (
        ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"],
        ["wenz", "Cem"],
    ),
    "sabai": (["sabai", "eintragen", "Anna=3", "Ben=4"], ["Anna=5", "Ben=1"]),
    "saufn": (["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"], []),
    "schlafmuetze": (["schlafmuetze", "sieg", "Anna"], ["Ben"]),
}


@pytest.mark.parametrize("spiel", SPIELE)
def test_korrektur_nimmt_genau_die_optionen_des_spiels(cli, db_pfad, spiel):
    eintragen, fakten = SPIELE[spiel]
    ok(cli("abend", "neu", "--spieler", *VIER))
    ok(cli(*eintragen))
    nr = 1
    for opt, wert in OPTIONEN[spiel].items():  # die eigenen: gelesen, nie „passt nicht“
        r = cli("korrektur", str(nr), *fakten, opt, *wert, "--json")
        assert r.returncode in (0, 2), (opt, r.stdout, r.stderr)
        assert "passt nicht zu Eintrag" not in r.stdout + r.stderr, opt
        assert "Unerwartete Angabe" not in r.stdout + r.stderr, opt
        if r.returncode == 0:
            nr = json.loads(r.stdout)["eintrag"]
    eigene = set(OPTIONEN[spiel])
    vorher = db_pfad.read_bytes()
    fremde = {
        o: w
        for s, je in OPTIONEN.items()
        if s != spiel
        for o, w in je.items()
        if o not in eigene  # --spieler gehört zu SAUFN und zu Schlafmütze
    }
    assert fremde
    for opt, wert in fremde.items():
        r = ok(cli("korrektur", str(nr), *fakten, opt, *wert), 2)
        assert f"{opt} passt nicht zu Eintrag #{nr} (" in r.stderr, opt
        assert f"Form: referee korrektur {nr} " in r.stderr, opt
    assert db_pfad.read_bytes() == vorher


def _abschnitte(hilfe: str) -> dict[str, str]:
    """Die Abschnitte der Hilfe (rich-Rahmen „╭─ Titel ─…“) mit ihrem Text."""
    teile: dict[str, str] = {}
    titel = None
    for zeile in hilfe.splitlines():
        if zeile.startswith("╭─"):
            titel = zeile.strip("╭─╮ ").rstrip("─ ")
            teile[titel] = ""
        elif titel is not None:
            teile[titel] += zeile + "\n"
    return teile


def test_korrektur_hilfe_zeigt_die_optionen_je_spiel(cli):
    breit = {"COLUMNS": "200"}  # Hilfetexte ungebrochen
    hilfe = ok(cli("korrektur", "--help", env=breit)).stdout
    abschnitte = _abschnitte(hilfe)
    titel = {
        "schafkopf": "Schafkopf (wie „schafkopf eintragen“)",
        "sabai": "sabai-sabai (wie „sabai eintragen“)",
        "saufn": "SAUFN (wie „saufn ende“)",
        "schlafmuetze": "Schlafmütze (wie „schlafmuetze sieg“)",
    }
    assert list(abschnitte) == ["Argumente", "Optionen", *titel.values()]
    for spiel, optionen in OPTIONEN.items():
        text = abschnitte[titel[spiel]]
        for opt in optionen:
            assert f"│ {opt} " in text, (spiel, opt)
    assert "[SPIELART]" in abschnitte[titel["schafkopf"]]
    assert 'NAME="KARTEN"' in abschnitte[titel["sabai"]]
    # die eigenen Optionen: nur, was für jeden Eintrag gilt
    eigene = abschnitte["Optionen"]
    assert "--db" in eigene and "--json" in eigene and "--augen" not in eigene
    # eine Deklaration: dieselbe Hilfe wie beim Befehl, der das Spiel einträgt
    eintragen = ok(cli("schafkopf", "eintragen", "--help", env=breit)).stdout
    assert "Augen der Spielerpartei (0–120)." in eintragen
    assert "Augen der Spielerpartei (0–120)." in abschnitte[titel["schafkopf"]]
