"""sabai-sabai: die Angaben von ``sabai eintragen``/``runde`` (und ``korrektur``) – die Hände
am Ende einer Partie, ``NAME="KARTEN"`` – und ihr Weg zu ``SabaiAngaben`` (die Kurzzeile
``sb an 3 7 J / be AJ 2`` liest ``referee.eingabe.kurz``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.sabai import Regeln
    from referee.sabai.ergebnis import SabaiAngaben


def regeln(
    gleichstand: str = "alle",
    ass_joker_wert: int = -4,
    streng: bool = False,
    vereinfacht: bool = False,
) -> Regeln:
    """Die Regeln der Optionen ``--gleichstand``, ``--ass-joker-wert``, ``--streng`` und
    ``--vereinfacht`` (die letzten beiden: Entscheide am Tisch)."""
    from referee.sabai import Gleichstand, Regeln

    return Regeln(
        gleichstand=Gleichstand.parse(gleichstand),
        ass_joker_wert=ass_joker_wert,
        joker_auf_ass_joker=not streng,
        vereinfacht=vereinfacht,
    )


def lies_haende(haende: Sequence[str]) -> list[tuple[str, str]]:
    """``Anna=3 7 J`` (oder ``Anna:3 7 J``) → ``("Anna", "3 7 J")``; alle Fehler auf einmal."""
    from referee.errors import Eingabefehler

    paare, fehler = [], []
    for pos, arg in enumerate(haende, start=1):
        name, sep, karten = arg.partition("=" if "=" in arg else ":")
        if not sep:
            fehler.append(f"Angabe {pos} „{arg}“ hat kein „=“.")
        elif not name.strip():
            fehler.append(f"Angabe {pos} „{arg}“ hat keinen Namen vor dem „=“.")
        else:
            paare.append((name.strip(), karten))
    if fehler:
        raise Eingabefehler(
            " ".join(fehler) + ' Form: NAME="KARTEN", z. B. Anna="3 7 J" Cem="" '
            "(leer = keine Karten mehr)."
        )
    return paare


def sabai_angaben(
    haende: Sequence[str] | None,
    letzte: bool = False,
    gleichstand: str = "alle",
    ass_joker_wert: int = -4,
) -> SabaiAngaben:
    """Die Hände einer Partie (``NAME=KARTEN``, leer = keine Karten) und die Optionen → die
    getypte Eingabe."""
    from referee.sabai.ergebnis import SabaiAngaben

    if not haende:
        from referee.errors import Eingabefehler

        raise Eingabefehler('Es fehlen die Hände, z. B. Anna="3 7 J" Ben="AJ 2 2" Cem="".')
    return SabaiAngaben(tuple(lies_haende(haende)), letzte, regeln(gleichstand, ass_joker_wert))
