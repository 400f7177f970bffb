"""Schlafmütze: die Optionen von ``schlafmuetze sieg`` (und ``korrektur``); Sieger und
Mitspieler gehen an ``referee.eingabe.schlafmuetze``."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.eingabe.schlafmuetze import schlafmuetze_angaben

ADAPTER = Adapter(
    spiel="schlafmuetze",
    befehl="schlafmuetze sieg",
    beispiel="Ben --spieler Anna Ben Cem",
    lesen=schlafmuetze_angaben,
    parameter=parameter(
        name=(
            Annotated[
                str | None,
                typer.Argument(
                    metavar="NAME",
                    help="Wer seine letzte Karte losgeworden ist (vor --spieler).",
                ),
            ],
            None,
        ),
        spieler=(
            Annotated[
                list[str] | None,
                typer.Option(
                    "--spieler",
                    metavar="NAME …",
                    help="Wer mitgespielt hat (sonst: alle Spieler des Abends).",
                ),
            ],
            None,
        ),
    ),
)
