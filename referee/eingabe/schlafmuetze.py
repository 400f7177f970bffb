"""Schlafmütze: die Angaben von ``schlafmuetze sieg`` (und ``korrektur``) – der Sieger und wer
mitspielte – und ihr Weg zu ``SchlafmuetzeAngaben``; die Kurzzeile (``sm dora mit an be``,
``referee.eingabe.kurz``) prüft ihre Namen ebenso hier."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.eingabe import werte

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
