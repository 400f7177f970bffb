"""SAUFN: die Angaben von ``saufn ende`` (und ``korrektur``) – die Plätze, wer mitspielte, eine
Verteilung zum Prüfen – und ihr Weg zu ``SaufnAngaben``. Die Tisch-Sitzung nimmt
``saufn_angaben`` mit den Plätzen ihrer Kurzform (``sf cem an be``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.cli.mehrwert import werte

if TYPE_CHECKING:
    from referee.saufn.ergebnis import SaufnAngaben


def saufn_angaben(
    platz: Sequence[str] | None,
    spieler: Sequence[str] | None = None,
    verteilung: str | None = None,
    alle_verteilen: bool = False,
) -> SaufnAngaben:
    """Die Plätze 1–3 (und wer mitspielte; auch ``Anna,Ben``) und die Optionen → die getypte
    Eingabe."""
    from referee.errors import Eingabefehler
    from referee.saufn.ergebnis import SaufnAngaben

    plaetze = werte(platz)
    if not plaetze:
        raise Eingabefehler("Es fehlt --platz: gib die Plätze an, z. B. --platz Anna Ben Cem.")
    return SaufnAngaben(tuple(plaetze), tuple(werte(spieler)), verteilung, alle_verteilen)


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
