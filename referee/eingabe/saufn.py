"""SAUFN: die Angaben von ``saufn ende`` (und ``korrektur``) – die Plätze, wer mitspielte, eine
Verteilung zum Prüfen – und ihr Weg zu ``SaufnAngaben`` (die Kurzzeile ``sf cem an be`` liest
``referee.eingabe.kurz``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.eingabe import werte

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
