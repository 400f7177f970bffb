"""Die Rangliste: Punkte, dann gewonnene Soli; bei vollem Gleichstand derselbe Platz.

Turnierbrauch: „Sieger ist der Spieler mit den meisten Punkten nach beiden Durchgängen“; bei
Punktgleichheit zählt, wer mehr Soli gewonnen hat (beim Pfaffenhausener Turnier entschied
„ein Solo mehr“ über den Sieg). Sind auch die Soli gleich, teilen sich die Spieler den Platz,
und der nächste Platz wird übersprungen (1, 1, 3) – ein Los zieht referee nicht.

Gezählt wird je Startnummer: ein Ersatzspieler übernimmt mit der Startnummer ihre Punkte.

>>> zeilen = rangliste([Konto(1, "Anna", 12, 1), Konto(2, "Ben", 12, 1), Konto(3, "Cem", 12, 0),
...                     Konto(4, "Dora", -36, 0)])
>>> [(z.platz, z.name) for z in zeilen]
[(1, 'Anna'), (1, 'Ben'), (3, 'Cem'), (4, 'Dora')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Konto:
    """Was eine Startnummer gesammelt hat (über die gewählten Runden)."""

    startnummer: int
    name: str
    punkte: int
    soli: int = 0
    #: Punkte je Runde; ``None``: die Runde hat sie nicht gespielt (nicht ausgelost, später
    #: gekommen, abgemeldet) – wie sie zählt, sagt die Wertung (``fehlrunde``)
    je_runde: tuple[int | None, ...] = ()
    abgemeldet: bool = False
    ersetzt: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rangzeile:
    """Eine Zeile der Rangliste: Platz und das Konto."""

    platz: int
    konto: Konto

    @property
    def startnummer(self) -> int:
        return self.konto.startnummer

    @property
    def name(self) -> str:
        return self.konto.name

    @property
    def punkte(self) -> int:
        return self.konto.punkte

    @property
    def soli(self) -> int:
        return self.konto.soli

    def als_json(self) -> dict[str, Any]:
        k = self.konto
        return {
            "platz": self.platz,
            "startnummer": k.startnummer,
            "name": k.name,
            "punkte": k.punkte,
            "soli": k.soli,
            "je_runde": list(k.je_runde),
            "abgemeldet": k.abgemeldet,
            "ersetzt": list(k.ersetzt),
        }


def rang_schluessel(konto: Konto) -> tuple[int, int]:
    """Was über den Platz entscheidet: Punkte, dann gewonnene Soli (je mehr, desto besser)."""
    return (konto.punkte, konto.soli)


def rangliste(konten: Iterable[Konto]) -> tuple[Rangzeile, ...]:
    """Die Konten nach Punkten, dann Soli (absteigend); gleiche Punkte und Soli teilen den
    Platz (Startnummer nur als Reihenfolge in der Anzeige), danach wird übersprungen."""
    sortiert = sorted(konten, key=lambda k: (-k.punkte, -k.soli, k.startnummer))
    aus: list[Rangzeile] = []
    for i, k in enumerate(sortiert):
        if aus and rang_schluessel(aus[-1].konto) == rang_schluessel(k):
            platz = aus[-1].platz
        else:
            platz = i + 1
        aus.append(Rangzeile(platz, k))
    return tuple(aus)


__all__ = ["Konto", "Rangzeile", "rang_schluessel", "rangliste"]
