"""Das Tischblatt einer Runde: die Summen je Platz, wie sie der Turnierleiter vom Papier abtippt.

Turnierbrauch: „Es werden nur Listen mit ausgeglichener Punktewertung angenommen“ (Schafkopf-
rennen Heilsbronn) – bei Plus/Minus geht jedes Blatt auf null auf, weil jedes Spiel auf null
aufgeht (beim Solo +6 für den Spieler, −2 für jeden der drei). Bei ``nurplus`` gibt es keine
Minuspunkte. Ein Blatt nennt jeden Platz des Tisches genau einmal.

``blatt_auskunft`` nennt alle Mängel auf einmal, ``blatt_erlaubt`` sagt nur ja/nein,
``pruefe_blatt`` wirft ``Eingabefehler`` (Exit 2: das Blatt ist falsch abgetippt oder falsch
gerechnet – nichts wird eingetragen).

>>> from referee.turnier.wertung import wertung_laden
>>> blatt_auskunft({1: 12, 2: -5, 3: -4, 4: -3}, (1, 2, 3, 4), wertung_laden()).erlaubt
True
>>> blatt_auskunft({1: 12, 2: -5, 3: -4, 4: -2}, (1, 2, 3, 4), wertung_laden()).maengel
('Das Blatt geht nicht auf: die Summe ist +1 statt 0 (Plus/Minus).',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.errors import Eingabefehler
from referee.turnier.wertung import Wertung

#: Größter Betrag der Punkte eines Platzes auf einem Blatt (und der Soli).
PUNKTE_HOECHSTENS = 1_000_000


@dataclass(frozen=True)
class Tischblatt:
    """Die Summen eines Tisches in einer Runde: Punkte und gewonnene Soli je Startnummer
    (Sitzordnung); ``als_json`` ist die gespeicherte Form."""

    runde: int
    tisch: int
    punkte: tuple[tuple[int, int], ...]
    soli: tuple[tuple[int, int], ...] = ()

    @property
    def summe(self) -> int:
        return sum(p for _, p in self.punkte)

    def als_json(self) -> dict[str, Any]:
        return {
            "runde": self.runde,
            "tisch": self.tisch,
            "punkte": {str(s): p for s, p in self.punkte},
            "soli": {str(s): n for s, n in self.soli},
        }

    @classmethod
    def aus_json(cls, daten: Mapping[str, Any]) -> Tischblatt:
        """Aus der gespeicherten Form (``als_json``)."""
        return cls(
            runde=int(daten["runde"]),
            tisch=int(daten["tisch"]),
            punkte=tuple((int(s), int(p)) for s, p in dict(daten["punkte"]).items()),
            soli=tuple((int(s), int(n)) for s, n in dict(daten.get("soli") or {}).items()),
        )


@dataclass(frozen=True)
class Blattauskunft:
    """Geht das Blatt so durch? ``maengel`` nennt jeden Fehler; ``summe`` die Punktsumme."""

    erlaubt: bool
    summe: int
    maengel: tuple[str, ...] = field(default=())


def blatt_auskunft(
    punkte: Mapping[int, int],
    sitze: Sequence[int],
    wertung: Wertung,
    soli: Mapping[int, int] | None = None,
    spiele: int | None = None,
    namen: Mapping[int, str] | None = None,
) -> Blattauskunft:
    """Alle Mängel eines Blatts: ein Platz fehlt oder gehört nicht an den Tisch, Punkte oder
    Soli außerhalb der Grenzen (Soli höchstens ``spiele``), Plus/Minus geht nicht auf null,
    ``nurplus`` mit Minuspunkten. ``namen`` nennt die Plätze in den Meldungen."""
    namen = namen or {}

    def wer(s: int) -> str:
        return f"{namen[s]} (Nr. {s})" if s in namen else f"Nr. {s}"

    maengel: list[str] = []
    fremd = [s for s in punkte if s not in sitze]
    if fremd:
        maengel.append("Nicht an diesem Tisch: " + ", ".join(wer(s) for s in fremd) + ".")
    fehlt = [s for s in sitze if s not in punkte]
    if fehlt:
        maengel.append(
            "Es fehlt " + ", ".join(wer(s) for s in fehlt) + " (jeder Platz mit seiner Summe, "
            "auch 0)."
        )
    for s, p in punkte.items():
        if not -PUNKTE_HOECHSTENS <= p <= PUNKTE_HOECHSTENS:
            maengel.append(f"{wer(s)}: {p} Punkte liegt nicht im Bereich ±{PUNKTE_HOECHSTENS}.")
        elif p < 0 and not wertung.plusminus:
            maengel.append(f"{wer(s)}: {p} Punkte – die Wertung schreibt nur Pluspunkte (nurplus).")
    grenze = PUNKTE_HOECHSTENS if spiele is None else spiele
    for s, n in (soli or {}).items():
        if s not in sitze:
            maengel.append(f"Soli für {wer(s)}: nicht an diesem Tisch.")
        elif not 0 <= n <= grenze:
            maengel.append(f"{wer(s)}: {n} gewonnene Soli liegt nicht im Bereich 0 bis {grenze}.")
    summe = sum(punkte.values())
    if wertung.plusminus and summe != 0 and not fremd and not fehlt:
        maengel.append(f"Das Blatt geht nicht auf: die Summe ist {summe:+d} statt 0 (Plus/Minus).")
    return Blattauskunft(not maengel, summe, tuple(maengel))


def blatt_erlaubt(
    punkte: Mapping[int, int], sitze: Sequence[int], wertung: Wertung, **weiter: Any
) -> bool:
    """``blatt_auskunft(...).erlaubt``."""
    return blatt_auskunft(punkte, sitze, wertung, **weiter).erlaubt


def pruefe_blatt(
    punkte: Mapping[int, int], sitze: Sequence[int], wertung: Wertung, **weiter: Any
) -> None:
    """Wie ``blatt_auskunft``; ein Mangel ist ein ``Eingabefehler`` mit allen Mängeln."""
    auskunft = blatt_auskunft(punkte, sitze, wertung, **weiter)
    if not auskunft.erlaubt:
        raise Eingabefehler(" ".join(auskunft.maengel) + " Nichts eingetragen.")


__all__ = [
    "PUNKTE_HOECHSTENS",
    "Blattauskunft",
    "Tischblatt",
    "blatt_auskunft",
    "blatt_erlaubt",
    "pruefe_blatt",
]
