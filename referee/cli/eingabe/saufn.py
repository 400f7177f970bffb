"""SAUFN: die Optionen von ``saufn ende`` (und ``korrektur``); die Plätze gehen an
``referee.eingabe.saufn``."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.eingabe.saufn import saufn_angaben

ADAPTER = Adapter(
    spiel="saufn",
    befehl="saufn ende",
    beispiel="--platz Cem Anna Ben",
    lesen=saufn_angaben,
    parameter=parameter(
        platz=(
            Annotated[
                list[str] | None,
                typer.Option(
                    "--platz",
                    metavar="NAME …",
                    help="Platz 1, 2, 3 in dieser Reihenfolge (3 Personen: nur Platz 1).",
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
                    help="Alle Mitspielenden (sonst: die Spieler des Abends).",
                ),
            ],
            None,
        ),
        verteilung=(
            Annotated[
                str | None,
                typer.Option(
                    "--verteilung",
                    metavar="TEXT",
                    help='Vorgeschlagene Verteilung prüfen: "Anna:Ben=5,Cem=15 Ben:Cem=15".',
                ),
            ],
            None,
        ),
        alle_verteilen=(
            Annotated[
                bool,
                typer.Option(
                    "--alle-verteilen",
                    help="Konvention: jeder Platz muss seine Schlücke ganz verteilen "
                    "(Regeltext: „darf“).",
                ),
            ],
            False,
        ),
    ),
)
