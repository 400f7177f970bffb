"""Optionen mit mehreren Werten (referee.cli.mehrwert) und deutsche click-Fehler."""

from __future__ import annotations

import doctest

import pytest
from conftest import cli_im_prozess

from referee.cli import mehrwert
from referee.cli.mehrwert import spreize, werte


def test_doctests():
    assert doctest.testmod(mehrwert).failed == 0


@pytest.mark.parametrize(
    "args, erwartet",
    [
        (["--s", "A", "B", "C"], ["--s", "A", "--s", "B", "--s", "C"]),
        (["--s", "A", "--e", "-x", "B"], ["--s", "A", "--e", "-x", "B"]),  # Wert von --e bleibt
        (["--s", "A", "--", "--s", "B"], ["--s", "A", "--", "--s", "B"]),
        (["x", "--s", "A", "B", "--f"], ["x", "--s", "A", "--s", "B", "--f"]),
        (["--s"], ["--s"]),  # click meldet dann „fehlt ein Wert“
    ],
)
def test_spreize(args, erwartet):
    assert spreize(args, {"--s"}, {"--e"}) == erwartet


def test_spreize_hoechstzahl_und_pruefung():
    assert spreize(["--z", "1", "2", "3"], {"--z"}, set(), {"--z": 2}) == [
        "--z",
        "1",
        "--z",
        "2",
        "3",
    ]
    assert spreize(["--z", "1", "x", "2"], {"--z"}, set(), passt={"--z": str.isdigit}) == [
        "--z",
        "1",
        "x",
        "2",
    ]


def test_werte_trennt_kommas():
    assert werte(["Anna,Ben", " Cem ", ""]) == ["Anna", "Ben", "Cem"]
    assert werte(None) == []


def test_sitzordnung_bleibt_erhalten(cli):
    r = cli("abend", "neu", "--spieler", "Dora", "Anna", "Cem", "Ben", "--ort", "Post", "--json")
    assert r.returncode == 0, r.stderr
    import json

    assert json.loads(r.stdout)["abend"]["spieler"] == ["Dora", "Anna", "Cem", "Ben"]


@pytest.mark.parametrize(
    "args, meldung",
    [
        (("ruf", "--hand", "EO", "x"), "Unerwartete Angabe „x“"),
        (("schafkopf", "abrechnung", "rufspiel", "--augen"), "Nach „--augen“ fehlt ein Wert."),
        (("sabai", "reinwerfen", "7", "--auf", "7", "--anzahl", "x"), "'x' ist keine ganze Zahl"),
    ],
)
def test_click_fehler_auf_deutsch(args, meldung):
    r = cli_im_prozess(*args)
    assert r.returncode == 2
    assert meldung in r.stderr
    assert "Traceback" not in r.stderr
