"""Schlafmütze: die Angaben von ``schlafmuetze sieg`` (und ``korrektur``) – der Sieger und wer
mitspielte – und ihr Weg zu ``SchlafmuetzeAngaben``. Die Tisch-Sitzung nimmt
``schlafmuetze_angaben`` mit den Namen ihrer Kurzform (``sm dora mit an be``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.eingabe import Adapter, parameter
from referee.cli.mehrwert import werte

if TYPE_CHECKING:
    from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben


def schlafmuetze_angaben(
    name: str | None, spieler: Sequence[str] | None = None
) -> SchlafmuetzeAngaben:
    """Der Sieger und wer mitspielte (leer: alle des Abends) → die getypte Eingabe; mit
    Spielerliste gleich geprüft, auch ohne offenen Abend."""
    from referee.errors import Eingabefehler
    from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben

    if name is None:
        raise Eingabefehler(
            "Wer hat gewonnen? Den Namen vor --spieler angeben (--spieler nimmt alle folgenden "
            "Namen), z. B.: referee schlafmuetze sieg Anna --spieler Anna Ben Cem."
        )
    angaben = SchlafmuetzeAngaben(name, tuple(werte(spieler)))
    if angaben.spieler:
        from referee.schlafmuetze.regeln import pruefe_sieg

        pruefe_sieg(angaben.sieger, angaben.spieler)
    return angaben


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
