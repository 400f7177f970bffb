"""sabai-sabai: die Optionen von ``sabai eintragen``/``runde`` (und ``korrektur``); die Hände
gehen an ``referee.eingabe.sabai``."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.eingabe.sabai import sabai_angaben

ADAPTER = Adapter(
    spiel="sabai",
    befehl="sabai eintragen",
    beispiel='Anna="3 7 J" Ben="AJ 2 2" Cem="" Dora="14 0"',
    lesen=sabai_angaben,
    parameter=parameter(
        haende=(
            Annotated[
                list[str] | None,
                typer.Argument(
                    metavar='NAME="KARTEN" ...',
                    help="Die verdeckten Karten jeder Spieler:in am Ende der Partie; leer = "
                    "keine Karten.",
                ),
            ],
            None,
        ),
        letzte=(
            Annotated[
                bool,
                typer.Option(
                    "--letzte",
                    help="Letzte Partie des Spiels (ohne sabai-sabai); danach steht der "
                    "Spielsieger fest.",
                ),
            ],
            False,
        ),
        gleichstand=(
            Annotated[
                str,
                typer.Option(
                    "--gleichstand",
                    metavar="alle|keiner",
                    help="Konvention bei Gleichstand um die wenigsten Kartenpunkte.",
                ),
            ],
            "alle",
        ),
        ass_joker_wert=(
            Annotated[
                int,
                typer.Option(
                    "--ass-joker-wert",
                    help="Kartenpunkte des Ass-Jokers (Konvention: −4 wie ein Joker).",
                ),
            ],
            -4,
        ),
    ),
)
