"""Schafkopf: die Optionen von ``schafkopf eintragen`` (und ``korrektur``); die Fakten
gehen an ``referee.eingabe.schafkopf``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, TypedDict, Unpack

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.eingabe.schafkopf import pruefe_form, schafkopf_angaben

if TYPE_CHECKING:
    from referee.schafkopf.angaben import SchafkopfAngaben, SchafkopfPartie


class _Optionen(TypedDict, total=False):
    """Die Optionen, die ``_von_der_kommandozeile`` an ``schafkopf_angaben`` weiterreicht."""

    augen: int | None
    laufende: int
    schwarz: bool
    tout: bool
    sie: bool
    klopfer: int
    stoss: int
    stiche: int | None
    kurz: bool
    jungfrau: Sequence[str] | None
    tisch: Sequence[str] | None
    partie: str | None


def _von_der_kommandozeile(
    spielart: str | None,
    wer: str | None,
    *,
    weitere: list[str],
    befehl: str,
    durchmarsch: str | None,
    **optionen: Unpack[_Optionen],
) -> SchafkopfAngaben | SchafkopfPartie:
    """Erst die Form der Kommandozeile prüfen (Wörter nach der Spielerpartei), dann die
    Fakten lesen."""
    pruefe_form(spielart, wer, weitere, durchmarsch, befehl)
    return schafkopf_angaben(spielart, wer, durchmarsch=durchmarsch, befehl=befehl, **optionen)


ADAPTER = Adapter(
    spiel="schafkopf",
    befehl="schafkopf eintragen",
    beispiel="rufspiel Anna+Ben --augen 61",
    weitere=True,
    lesen=_von_der_kommandozeile,
    parameter=parameter(
        spielart=(
            Annotated[
                str | None,
                typer.Argument(
                    metavar="[SPIELART]",
                    help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, ramsch, bettel.",
                ),
            ],
            None,
        ),
        wer=(
            Annotated[
                str | None,
                typer.Argument(
                    metavar="[SPIELER]",
                    help="Spielerpartei: Anna+Ben (Rufspiel), Cem (Solo …); beim Ramsch der "
                    "Verlierer.",
                ),
            ],
            None,
        ),
        augen=(
            Annotated[int | None, typer.Option("--augen", help="Augen der Spielerpartei (0–120).")],
            None,
        ),
        laufende=(Annotated[int, typer.Option("--laufende", help="Laufende (mit oder ohne).")], 0),
        schwarz=(
            Annotated[bool, typer.Option("--schwarz", help="Eine Partei hat keinen Stich.")],
            False,
        ),
        tout=(Annotated[bool, typer.Option("--tout", help="Tout angesagt.")], False),
        sie=(Annotated[bool, typer.Option("--sie", help="Sie (alle Ober und Unter).")], False),
        klopfer=(Annotated[int, typer.Option("--klopfer", help="Zahl der Klopfer/Legen.")], 0),
        stoss=(Annotated[int, typer.Option("--stoss", help="Zahl der Stöße/Retour.")], 0),
        stiche=(
            Annotated[
                int | None,
                typer.Option("--stiche", help="Stiche der Spielerpartei (Bettel: 0 = gewonnen)."),
            ],
            None,
        ),
        kurz=(Annotated[bool, typer.Option("--kurz", help="Kurze Karte (24 Blatt).")], False),
        jungfrau=(
            Annotated[
                list[str] | None,
                typer.Option(
                    "--jungfrau",
                    metavar="NAME",
                    help="Ramsch: Spieler ohne Stich (mehrfach oder Ben+Cem).",
                ),
            ],
            None,
        ),
        durchmarsch=(
            Annotated[
                str | None,
                typer.Option(
                    "--durchmarsch", metavar="NAME", help="Ramsch: wer alle Stiche machte."
                ),
            ],
            None,
        ),
        tisch=(
            Annotated[
                list[str] | None,
                typer.Option(
                    "--tisch",
                    metavar="A,B,C,D",
                    help="Die vier Spieler dieses Spiels (bei mehr als vier am Abend).",
                ),
            ],
            None,
        ),
        partie=(
            Annotated[
                str | None,
                typer.Option(
                    "--partie",
                    metavar="DATEI",
                    help="Eine ganze Partie (JSON, - = stdin) prüfen und eintragen, statt der "
                    "Fakten.",
                ),
            ],
            None,
        ),
    ),
)
