"""``referee schafkopf abrechnung`` und ``referee schafkopf tarife`` über die Kommandozeile:
JSON-Vertrag, Ausgabe, deutsche Fehler mit Exit 2 ohne Traceback."""

from __future__ import annotations

import json

import pytest
from conftest import cli_im_prozess


def abrechnung(*args: str):
    return cli_im_prozess("schafkopf", "abrechnung", *args)


def test_json_vertrag_mit_namen():
    r = abrechnung(
        "rufspiel",
        "--augen",
        "71",
        "--laufende",
        "3",
        "--spieler",
        "Anna",
        "--partner",
        "Ben",
        "--gegner",
        "Cem",
        "Dora",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert {k: d[k] for k in ("wert", "gewonnen", "schneider", "schwarz", "zahlungen")} == {
        "wert": 50,
        "gewonnen": True,
        "schneider": False,
        "schwarz": False,
        "zahlungen": {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50},
    }
    assert list(d["zahlungen"]) == ["Anna", "Ben", "Cem", "Dora"]
    assert r.stderr == ""


def test_json_rollen_ohne_namen_solo_und_rufspiel():
    d = json.loads(abrechnung("wenz", "--augen", "61", "--laufende", "2", "--json").stdout)
    assert d["zahlungen"] == {"spieler": 210, "gegner1": -70, "gegner2": -70, "gegner3": -70}
    d = json.loads(
        abrechnung("rufspiel", "--augen", "60", "--klopfer", "1", "--stoss", "1", "--json").stdout
    )
    assert d["wert"] == 80 and d["gewonnen"] is False
    assert d["zahlungen"] == {"spieler": -80, "partner": -80, "gegner1": 80, "gegner2": 80}
    assert any("Klopfer" in k for k in d["konventionen"])


def test_textausgabe_zeigt_aufbau_betraege_und_konventionen():
    r = abrechnung(
        "solo",
        "--augen",
        "95",
        "--laufende",
        "3",
        "--klopfer",
        "1",
        "--spieler",
        "Anna",
        "--gegner",
        "Ben",
        "Cem",
        "[bold]Dora",
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Solo gewonnen (95 Augen, Schneider, 3 Laufende)." in out
    assert "50 (Solo) + 10 (Schneider) + 30 (3 Laufende × 10) = 90 × 2 (1 Klopfer) = 180" in out
    assert "+5,40 €" in out and "-1,80 €" in out
    assert "[bold]Dora" in out  # Namen werden nicht als Markup gedeutet
    assert "Konvention, nicht im Regeltext:" in out


def test_tarif_und_set():
    d = json.loads(
        abrechnung(
            "rufspiel",
            "--augen",
            "95",
            "--laufende",
            "2",
            "--tarif",
            "5-10-20",
            "--set",
            "laufende_ab=2",
            "grund=15",
            "--json",
        ).stdout
    )
    assert d["wert"] == 15 + 5 + 10
    assert d["tarif"] == "5-10-20"


def test_ramsch_mit_namen_und_verlierer():
    r = abrechnung(
        "ramsch",
        "--augen",
        "40",
        "40",
        "30",
        "10",
        "--stiche",
        "3",
        "2",
        "2",
        "1",
        "--namen",
        "Anna",
        "Ben",
        "Cem",
        "Dora",
        "--verlierer",
        "Ben",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["zahlungen"] == {"Anna": 20, "Ben": -60, "Cem": 20, "Dora": 20}
    text = abrechnung("ramsch", "--augen", "70", "50", "0", "0", "--stiche", "5", "3", "0", "0")
    assert "Ramsch: spieler1 verliert mit 70 Augen. Jungfrau: spieler3, spieler4." in text.stdout
    assert "-2,40 €" in text.stdout


def test_bettel_mit_hausregel():
    r = abrechnung("bettel", "--stiche", "0", "--set", "bettel_erlaubt=ja", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["zahlungen"] == {
        "spieler": 150,
        "gegner1": -50,
        "gegner2": -50,
        "gegner3": -50,
    }


def test_tout_gewonnen_und_verloren():
    gew = json.loads(abrechnung("wenz", "--tout", "--augen", "120", "--schwarz", "--json").stdout)
    assert gew["zahlungen"]["spieler"] == 300
    verl = json.loads(abrechnung("wenz", "--tout", "--augen", "110", "--json").stdout)
    assert verl["zahlungen"]["spieler"] == -300


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["rufspiel", "--augen", "130"], "„130“"),
        (["rufspiel", "--augen", "75", "--schwarz"], "Schwarz passt nicht zu 75 Augen"),
        (["rufspiel", "--augen", "70", "--laufende", "15"], "nur 14 Trümpfe"),
        (
            [
                "ramsch",
                "--augen",
                "60",
                "40",
                "20",
                "0",
                "--stiche",
                "4",
                "2",
                "2",
                "0",
                "--laufende",
                "3",
            ],
            "Laufende gibt es beim Ramsch nicht",
        ),
        (["rufspiel", "--augen", "70", "--tarif", "gibtsnicht"], "Unbekannter Tarif „gibtsnicht“"),
        (["rufspiel", "--augen", "70", "--set", "gurnd=3"], "Unbekannter Tarif-Schlüssel „gurnd“"),
        (["rufspiel", "--augen", "70", "--set", "grund=viel"], "„viel“ für grund"),
        (["rufspiel", "--augen", "siebzig"], "„siebzig“ bei --augen"),
        (["rufspiel", "--augen", "70", "--klopfer", "x"], "„x“ bei --klopfer"),
        (["sauspiel2", "--augen", "70"], "Unbekannte Spielart „sauspiel2“"),
        (["rufspiel"], "Es fehlt --augen"),
        (
            ["rufspiel", "--augen", "70", "--spieler", "Anna", "--gegner", "Cem"],
            "Es fehlt --partner NAME",
        ),
        (
            [
                "solo",
                "--augen",
                "70",
                "--spieler",
                "Anna",
                "--partner",
                "Ben",
                "--gegner",
                "A",
                "B",
                "C",
            ],
            "keinen Partner („Ben“)",
        ),
        (
            [
                "rufspiel",
                "--augen",
                "70",
                "--spieler",
                "Anna",
                "--partner",
                "Anna",
                "--gegner",
                "C",
                "D",
            ],
            "Doppelte Namen: „Anna“",
        ),
        (
            ["ramsch", "--augen", "40", "40", "30", "10", "--stiche", "3", "2", "2", "1"],
            "Gleichstand bei 40 Augen",
        ),
        (["wenz", "--tout", "--augen", "120"], "Tout mit 120 Augen"),
        (["bettel", "--stiche", "0"], "bettel_erlaubt"),
    ],
)
def test_fehler_deutsch_exit_2_ohne_traceback(args, token):
    r = abrechnung(*args)
    assert r.returncode == 2, r.stdout
    assert r.stderr.startswith("Fehler: ")
    assert token in r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert r.stdout == ""


def test_mehrfach_optionen_werden_aufgespreizt():
    import typer.main

    import referee.cli.schafkopf_abrechnung  # noqa: F401 - hängt den Befehl an
    from referee.cli.gruppen import schafkopf

    um = typer.main.get_command(schafkopf).commands["abrechnung"].umschreiben
    assert um(["rufspiel", "--gegner", "Cem", "Dora", "--augen", "71"]) == [
        "rufspiel",
        "--gegner",
        "Cem",
        "--gegner",
        "Dora",
        "--augen",
        "71",
    ]
    # Zahlenoptionen schlucken keine Spielart, Namen auch nicht.
    assert um(["--augen", "71", "rufspiel"]) == ["--augen", "71", "rufspiel"]
    assert um(["--gegner", "Cem", "Dora", "solo"]) == [
        "--gegner",
        "Cem",
        "--gegner",
        "Dora",
        "solo",
    ]
    assert um(["--set", "a=1", "b=2", "wenz"]) == ["--set", "a=1", "--set", "b=2", "wenz"]
    assert um(["solo", "--gegner", "A", "B", "C", "D"]) == [
        "solo",
        "--gegner",
        "A",
        "--gegner",
        "B",
        "--gegner",
        "C",
        "D",
    ]


def test_mehrfach_ueber_die_cli():
    r = cli_im_prozess(
        "schafkopf",
        "abrechnung",
        "--gegner",
        "Cem",
        "Dora",
        "rufspiel",
        "--augen",
        "71",
        "--spieler",
        "Anna",
        "--partner",
        "Ben",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["zahlungen"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}


def test_tarife_auflisten():
    r = cli_im_prozess("schafkopf", "tarife", "--json")
    assert r.returncode == 0
    d = json.loads(r.stdout)
    assert d["standard"] == "10-20-50"
    assert d["tarife"]["5-10-20"]["grund"] == 10
    assert "laufende_ab.wenz" in d["schluessel"]
    text = cli_im_prozess("schafkopf", "tarife").stdout
    assert "10-20-50 (Standard)" in text


def test_hilfe_mit_beispiel():
    r = abrechnung("--help")
    assert r.returncode == 0
    assert "Beispiel: referee schafkopf abrechnung rufspiel" in r.stdout


def test_ramsch_nur_mit_verlierer_und_jungfrau():
    r = abrechnung(
        "ramsch",
        "--namen",
        "Anna",
        "Ben",
        "Cem",
        "Dora",
        "--verlierer",
        "Ben",
        "--jungfrau",
        "Cem",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["wert"] == 40 and d["zahlungen"] == {"Anna": 40, "Ben": -120, "Cem": 40, "Dora": 40}
    assert (d["verlierer"], d["jungfrauen"], d["durchmarsch"]) == (["Ben"], ["Cem"], None)
    # Plätze 1–4 statt Namen, zwei Jungfrauen hintereinander, Klopfer
    d = json.loads(
        abrechnung(
            "ramsch", "--verlierer", "2", "--jungfrau", "3", "4", "--klopfer", "1", "--json"
        ).stdout
    )
    assert d["zahlungen"] == {"spieler1": 160, "spieler2": -480, "spieler3": 160, "spieler4": 160}
    r = abrechnung("ramsch", "--namen", "Anna", "Ben", "Cem", "Dora", "--durchmarsch", "Dora")
    assert r.returncode == 0 and "Durchmarsch von Dora" in r.stdout and "+1,50 €" in r.stdout


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (("ramsch",), "fehlt, wer verliert"),
        (("ramsch", "--namen", "Anna", "Ben", "Cem", "Dora", "--verlierer", "Bert"), "„Bert“"),
        (("ramsch", "--verlierer", "2", "--jungfrau", "2"), "keine Jungfrau"),
        (("rufspiel", "--augen", "61", "--jungfrau", "Ben"), "nur beim Ramsch"),
    ],
)
def test_ramsch_fakten_fehler(args, token):
    r = abrechnung(*args)
    assert r.returncode == 2 and token in r.stderr and "Traceback" not in r.stderr


def test_sie_mit_71_augen_ist_exit_2():
    r = abrechnung("solo", "--sie", "--augen", "71", "--spieler", "A", "--gegner", "B", "C", "D")
    assert r.returncode == 2 and "Sie macht alle Stiche" in r.stderr and r.stdout == ""


def test_unbekannter_tarif_cli():
    r = abrechnung("rufspiel", "--augen", "61", "--tarif", "10-20")
    assert r.returncode == 2 and "Bekannt: 10-20-50" in r.stderr and "--set" in r.stderr


def test_tippfehler_in_der_spielart():
    r = abrechnung("rufspeil", "--augen", "61")
    assert r.returncode == 2 and "Meintest du „rufspiel“?" in r.stderr
    assert "Erlaubt sind" not in r.stderr


def test_herz_solo_heisst_herz_solo():
    r = abrechnung("herz-solo", "--augen", "61", "--spieler", "A", "--gegner", "B", "C", "D")
    assert r.returncode == 0 and r.stdout.startswith("Herz-Solo gewonnen (61 Augen).")
    r = abrechnung("herz-solo", "--augen", "61", "--json")
    d = json.loads(r.stdout)
    assert d["spiel"] == "Herz-Solo" and d["farbe"] == "herz" and d["spielart"] == "solo"
