"""Schlichte Ausgabe ohne rich (issue 25, Punkt 10): wo stdout kein Terminal ist, schreibt
``referee stand`` seine Tabelle selbst – Zeichen für Zeichen, was rich schriebe. Verglichen
wird mit rich selbst: mit zufälligen Tabellen und mit dem ganzen Befehl."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import abend as abend_cli
from referee.cli.ausgabe import schlichte_tabelle

_ZEICHEN = st.sampled_from(list("abcxyzÄöüß ABC0123456789+-,.€→·▁▄█"))
_ZELLE = st.text(_ZEICHEN, max_size=14).map(str.strip)


def _rich(koepfe, rechts, zeilen, erste_mindestens, breite):
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    tab = Table(show_edge=False, pad_edge=False)
    for i, k in enumerate(koepfe):
        if i == 0:
            tab.add_column(k, overflow="ellipsis", no_wrap=True, min_width=erste_mindestens)
        else:
            breit = max(len(z[i]) for z in [koepfe, *zeilen])
            tab.add_column(
                k, justify="right" if rechts[i] else "left", no_wrap=True, min_width=breit
            )
    for z in zeilen:
        tab.add_row(*[Text(x) for x in z])
    aus = io.StringIO()
    Console(file=aus, width=breite, color_system=None, highlight=False, soft_wrap=False).print(tab)
    return aus.getvalue().splitlines()


@settings(max_examples=120, deadline=None)
@given(
    spalten=st.integers(1, 6),
    daten=st.data(),
    breite=st.integers(20, 140),
)
def test_schlichte_tabelle_ist_was_rich_schreibt(spalten, daten, breite):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", str(breite))
        _vergleiche(spalten, daten, breite)


def _vergleiche(spalten, daten, breite):
    koepfe = [daten.draw(_ZELLE.filter(bool)) for _ in range(spalten)]
    rechts = [False, *(daten.draw(st.booleans()) for _ in range(spalten - 1))]
    zeilen = daten.draw(st.lists(st.lists(_ZELLE, min_size=spalten, max_size=spalten), max_size=5))
    schlicht = schlichte_tabelle(koepfe, rechts, zeilen, 4)
    if schlicht is not None:  # sonst zeichnet rich selbst – nie etwas anderes
        assert schlicht == _rich(koepfe, rechts, zeilen, 4, breite)


def test_schlichte_tabelle_gibt_ab_wo_sie_nicht_sicher_ist(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    assert schlichte_tabelle(["Spieler", "Wert"], [False, True], [["X" * 40, "1"]]) is None
    monkeypatch.setenv("COLUMNS", "80")
    assert schlichte_tabelle(["Spieler", "Wert"], [False, True], [["李雷", "1"]]) is None
    assert (
        schlichte_tabelle(["Spieler", "Verlauf"], [False, False], [["A", "▁"], ["B", ""]]) is None
    )
    assert schlichte_tabelle(["Spieler", "Wert"], [False, True], [["Anna", "+1"]]) == [
        "Spieler ┃ Wert",
        "━━━━━━━━╇━━━━━",
        "Anna    │   +1",
    ]


@pytest.mark.parametrize("spalten", ["120", "80", "60"])
def test_lesebefehle_ohne_rich_sind_derselbe_text(cli, monkeypatch, spalten):
    """``stand``, ``verlauf`` (auch ``--alle``) und ``abend``: in eine Pipe ohne rich genau
    das, was rich schriebe – verglichen mit einem zweiten Lauf, in dem nur rich schreibt."""
    from referee.cli import ausgabe

    assert cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora").returncode == 0
    for args in (
        ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"),
        ("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"),
        ("schafkopf", "eintragen", "rufspiel", "Cem+Dora", "--augen", "91", "--laufende", "3"),
        ("sabai", "eintragen", "Anna=3 7", "Ben=2", "Cem=", "Dora=14 0"),
        ("saufn", "ende", "--platz", "Dora", "Ben", "Anna"),
        ("schlafmuetze", "sieg", "Ben"),
        ("abend", "regel", "bettel_erlaubt=ja"),
        ("korrektur", "2", "wenz", "Cem", "--augen", "61"),
        ("rueckgaengig",),
    ):
        assert cli(*args).returncode == 0, args
    env = {"COLUMNS": spalten}
    befehle = [("stand",), ("verlauf",), ("verlauf", "--alle"), ("abend",)]
    schlicht = [cli(*b, env=env) for b in befehle]
    monkeypatch.setattr(abend_cli, "_stand_schlicht", lambda *a: False)
    monkeypatch.setattr(ausgabe, "schlicht_schreiben", lambda zeilen: False)
    mit_rich = [cli(*b, env=env) for b in befehle]
    for b, s, r in zip(befehle, schlicht, mit_rich):
        assert s.returncode == r.returncode == 0, b
        assert s.stdout == r.stdout, b
    assert "Wer zahlt wem:" in schlicht[0].stdout and "Cem → " in schlicht[0].stdout
    assert "(storniert durch #" in schlicht[2].stdout  # die Korrektur, zurückgenommen
