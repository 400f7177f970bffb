"""Listen zum Aushängen und Austeilen: der Sitzplan einer Runde (jeder Spieler nach Namen → Tisch
und Platz) und der Laufzettel je Spieler (sein Tisch in jeder ausgelosten Runde).

Sortiert wird wie im Telefonbuch (DIN 5007, Variante 2): groß/klein egal, ä wie ae, ö wie oe,
ü wie ue, ß wie ss, andere Akzente ohne Akzent (Łukasz bei L); bei gleichem Namen nach
Startnummer. Der Name ist der, unter dem die Startnummer in der Runde spielt, so wie er
angemeldet ist („Sepp Huber“ steht unter S).

>>> sortiername("Ärmin Łukasz"), sortiername("Öz"), sortiername("Otto")
('aermin lukasz', 'oez', 'otto')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.turnier.daten import Teilnehmer, Tisch

_TELEFONBUCH = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ł": "l", "ø": "o", "đ": "d", "æ": "ae", "œ": "oe"}
)


def sortiername(name: str) -> str:
    """Die Sortierform eines Namens (DIN 5007-2): casefold, Umlaute ausgeschrieben, Akzente weg."""
    text = unicodedata.normalize("NFC", name).casefold().translate(_TELEFONBUCH)
    ohne = "".join(z for z in unicodedata.normalize("NFKD", text) if not unicodedata.combining(z))
    return " ".join(ohne.split())


@dataclass(frozen=True)
class Sitzplatz:
    """Wo eine Startnummer in einer Runde sitzt (``platz`` 1 gibt das erste Spiel; ``fuenfer``:
    ein Fünfertisch)."""

    name: str
    startnummer: int
    tisch: int
    platz: int
    fuenfer: bool = False

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "startnummer": self.startnummer,
            "tisch": self.tisch,
            "platz": self.platz,
        }


def sitzplan(tische: Iterable[Tisch]) -> tuple[Sitzplatz, ...]:
    """Alle Sitze der Tische, nach Namen sortiert (``sortiername``, dann Startnummer)."""
    plaetze = [
        Sitzplatz(s.name, s.startnummer, t.nr, i, len(t.sitze) == 5)
        for t in tische
        for i, s in enumerate(t.sitze, 1)
    ]
    return tuple(sorted(plaetze, key=lambda p: (sortiername(p.name), p.name, p.startnummer)))


@dataclass(frozen=True)
class Laufzettel:
    """Die Karte einer Startnummer: wer sie spielt, Verein, und je Runde (1, 2, …) Tisch und
    Platz – ``None``, solange die Runde nicht ausgelost ist oder die Startnummer darin nicht
    sitzt."""

    startnummer: int
    name: str
    verein: str | None
    runden: tuple[tuple[int, int] | None, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "startnummer": self.startnummer,
            "name": self.name,
            "verein": self.verein,
            "runden": [
                None if r is None else {"runde": i, "tisch": r[0], "platz": r[1]}
                for i, r in enumerate(self.runden, 1)
            ],
        }


def laufzettel(
    teilnehmer: Sequence[Teilnehmer],
    tische: Iterable[Tisch],
    runden: int,
    vereine: Mapping[int, str | None] | None = None,
) -> tuple[Laufzettel, ...]:
    """Je Startnummer (aufsteigend) ihre Karte über ``runden`` Runden aus den Tischen aller
    ausgelosten Runden."""
    wo: dict[int, list[tuple[int, int] | None]] = {
        x.startnummer: [None] * runden for x in teilnehmer
    }
    for t in tische:
        for i, s in enumerate(t.sitze, 1):
            if s.startnummer in wo and 1 <= t.runde <= runden:
                wo[s.startnummer][t.runde - 1] = (t.nr, i)
    vereine = vereine or {}
    return tuple(
        Laufzettel(x.startnummer, x.name, vereine.get(x.startnummer), tuple(wo[x.startnummer]))
        for x in sorted(teilnehmer, key=lambda x: x.startnummer)
    )


__all__ = ["Laufzettel", "Sitzplatz", "laufzettel", "sitzplan", "sortiername"]
