"""Wer gibt, wer spielt aus, wer sitzt am Tisch: Geberfolge über die Sitzordnung des Abends.

Konvention, nicht im Regeltext: der Geber wechselt nach jedem geltenden Schafkopfspiel im
Uhrzeigersinn (Reihenfolge der Spielerliste des Abends); es spielt aus, wer links vom Geber
sitzt; bei fünf Spielern setzt der Geber aus. Reine Funktionen über die Sitzordnung, den
ersten Geber und die Zahl der bisherigen Spiele.

>>> g = geber(("Anna", "Ben", "Cem", "Dora", "Emil"), 0, 0)
>>> g.geber, g.ausspieler, g.mitspieler, g.aussetzer
('Anna', 'Ben', ('Ben', 'Cem', 'Dora', 'Emil'), ('Anna',))
>>> tisch(("Anna", "Ben", "Cem", "Dora"), 0, 1, spielfolge=True)
['Cem', 'Dora', 'Anna', 'Ben']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import Eingabefehler

KONVENTION = (
    "Konvention, nicht im Regeltext: Der Geber wechselt nach jedem Schafkopfspiel "
    "im Uhrzeigersinn (Reihenfolge von --spieler); es spielt aus, wer links vom "
    "Geber sitzt; bei fünf Spielern setzt der Geber aus."
)


@dataclass(frozen=True)
class Geberfolge:
    """Das nächste Schafkopfspiel: Geber, Ausspieler, Mitspieler, Aussetzer."""

    geber: str
    ausspieler: str
    spiele: int  # geltende Schafkopfspiele bisher
    mitspieler: tuple[str, ...]  # ab dem Ausspieler; leer bei mehr als fünf am Abend
    aussetzer: tuple[str, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "geber": self.geber,
            "ausspieler": self.ausspieler,
            "spiele": self.spiele,
            "mitspieler": list(self.mitspieler),
            "aussetzer": list(self.aussetzer),
        }


def geber(spieler: Sequence[str], geber_start: int, spiele: int) -> Geberfolge:
    """Wer das nächste Spiel gibt, nach ``spiele`` geltenden Schafkopfspielen (Konvention oben)."""
    n = len(spieler)
    g = (geber_start + spiele) % n
    if n == 5:
        mit = tuple(spieler[(g + i) % n] for i in range(1, 5))
        aus: tuple[str, ...] = (spieler[g],)
    else:
        mit = tuple(spieler[(g + i) % n] for i in range(1, n + 1)) if n <= 4 else ()
        aus = ()
    return Geberfolge(spieler[g], spieler[(g + 1) % n], spiele, mit, aus)


def tisch(
    spieler: Sequence[str],
    geber_start: int,
    spiele: int,
    namen: Sequence[str] = (),
    *,
    spielfolge: bool = False,
) -> list[str]:
    """Die vier Teilnehmer eines Schafkopfspiels (Namen schon in der Schreibweise des Abends).

    Ohne ``namen`` die Mitspieler laut Geberfolge; bei mehr als vier Spielern am Abend (außer
    fünf: der Geber setzt aus) müssen sie genannt werden. In Sitzordnung des Abends; mit
    ``spielfolge`` ab dem, der ausspielt (Sitz 0 einer Partie), bzw. in der Reihenfolge von
    ``namen``.
    """
    gewaehlt = list(namen)
    if gewaehlt:
        if len(gewaehlt) != 4 or len(set(gewaehlt)) != 4:
            raise Eingabefehler(
                f"--tisch braucht vier verschiedene Spieler des Abends, nicht {len(gewaehlt)}."
            )
    else:
        if len(spieler) < 4:
            raise Eingabefehler(
                f"Schafkopf braucht vier Spieler; am Abend sind nur {len(spieler)}."
            )
        gewaehlt = list(geber(spieler, geber_start, spiele).mitspieler)
        if len(gewaehlt) != 4:
            raise Eingabefehler(
                f"Am Abend sind {len(spieler)} Spieler; sag mit --tisch A,B,C,D, "
                "wer dieses Spiel spielt."
            )
    return gewaehlt if spielfolge else sorted(gewaehlt, key=list(spieler).index)


__all__ = ["KONVENTION", "Geberfolge", "geber", "tisch"]
