"""Die Mannschaftswertung: Vereine (oder angemeldete Mannschaften) nach der Summe ihrer besten
N Spieler.

Turnierbrauch (Mannschaftswertung beim Preisschafkopf): eine Mannschaft sind die Spieler mit
derselben Mannschaft – ohne angemeldete Mannschaft die mit demselben Verein (groß/klein und
Leerraum egal). Es zählen die besten ``beste`` Spieler nach der Einzelrangliste (Punkte, dann
gewonnene Soli), ihre Punkte zusammen. Bei gleicher Summe entscheidet (in dieser Reihenfolge):

1. die gewonnenen Soli dieser Spieler zusammen,
2. der bessere beste Spieler, dann der bessere zweite … (Punkte der Wertungsspieler der Reihe
   nach verglichen),
3. sonst derselbe Platz (danach wird übersprungen, wie in der Einzelrangliste).

Eine Mannschaft mit weniger als ``beste`` Spielern steht hinter allen vollständigen
(„unvollständig“), unter sich nach denselben Regeln. Wer keinen Verein und keine Mannschaft hat,
steht in keiner.

>>> from referee.turnier.rangliste import Konto, rangliste
>>> r = rangliste([Konto(1, "Anna", 9), Konto(2, "Ben", 7), Konto(3, "Cem", 5), Konto(4, "Dora", 4)])
>>> m = mannschaftswertung(r, {1: "SV Post", 2: "FC Au", 3: "sv post", 4: "FC Au"}, beste=2)
>>> [(z.platz, z.name, z.punkte) for z in m]
[(1, 'SV Post', 14), (2, 'FC Au', 11)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.turnier.rangliste import Rangzeile


@dataclass(frozen=True)
class Mannschaftszeile:
    """Eine Mannschaft: Platz, Name, Punkte und Soli ihrer Wertungsspieler (``wertung``, die
    besten N in Ranglistenfolge), die übrigen Mitglieder (``weitere``), ob sie N Spieler hat."""

    platz: int
    name: str
    punkte: int
    soli: int
    wertung: tuple[Rangzeile, ...]
    weitere: tuple[Rangzeile, ...] = ()
    vollstaendig: bool = True

    def als_json(self) -> dict[str, Any]:
        def spieler(z: Rangzeile) -> dict[str, Any]:
            return {
                "platz": z.platz,
                "startnummer": z.startnummer,
                "name": z.name,
                "punkte": z.punkte,
                "soli": z.soli,
            }

        return {
            "platz": self.platz,
            "mannschaft": self.name,
            "punkte": self.punkte,
            "soli": self.soli,
            "vollstaendig": self.vollstaendig,
            "wertung": [spieler(z) for z in self.wertung],
            "weitere": [spieler(z) for z in self.weitere],
        }


def mannschaftsschluessel(name: str) -> str:
    """Vergleichsform eines Vereins- oder Mannschaftsnamens: Leerraum zusammengefasst, casefold."""
    return " ".join(name.split()).casefold()


def _schluessel(z: Mannschaftszeile) -> tuple[Any, ...]:
    """Was über den Platz entscheidet (je kleiner, desto besser)."""
    return (
        not z.vollstaendig,
        -z.punkte,
        -z.soli,
        tuple(-w.punkte for w in z.wertung),
    )


def mannschaftswertung(
    rangliste: Sequence[Rangzeile], zugehoerig: Mapping[int, str], beste: int
) -> tuple[Mannschaftszeile, ...]:
    """Die Mannschaften aus der Einzelrangliste (``zugehoerig``: Startnummer → Mannschaft oder
    Verein), je mit ihren besten ``beste`` Spielern gewertet – Reihenfolge und Plätze nach den
    Regeln oben."""
    if beste < 1:
        raise ValueError("beste muss mindestens 1 sein")
    gruppen: dict[str, tuple[str, list[Rangzeile]]] = {}
    for r in rangliste:  # in Ranglistenfolge: die ersten sind die besten
        name = zugehoerig.get(r.startnummer)
        if not name or not name.strip():
            continue
        k = mannschaftsschluessel(name)
        gruppen.setdefault(k, (" ".join(name.split()), []))[1].append(r)
    zeilen = [
        Mannschaftszeile(
            0,
            name,
            sum(r.punkte for r in mitglieder[:beste]),
            sum(r.soli for r in mitglieder[:beste]),
            tuple(mitglieder[:beste]),
            tuple(mitglieder[beste:]),
            len(mitglieder) >= beste,
        )
        for name, mitglieder in gruppen.values()
    ]
    zeilen.sort(key=lambda z: (_schluessel(z), z.name.casefold(), z.name))
    aus: list[Mannschaftszeile] = []
    for i, z in enumerate(zeilen):
        gleich = aus and _schluessel(aus[-1]) == _schluessel(z)
        platz = aus[-1].platz if gleich else i + 1
        aus.append(replace(z, platz=platz))
    return tuple(aus)


__all__ = ["Mannschaftszeile", "mannschaftsschluessel", "mannschaftswertung"]
