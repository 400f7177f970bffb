"""Die Datensätze einer Saison, wie der Speicher sie liefert: die Saison (in ihrer jüngsten
Fassung), eine Änderung (Abend oder Turnier dazu/weg, neue Fassung) und ein Alias (derselbe
Mensch unter zwei Namen). Reine Datenklassen (Standardbibliothek), jede mit ``als_json()``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Was eine Änderung einer Saison sein kann: ein Ereignis dazu, eines weg, eine neue Fassung.
AENDERUNG_ARTEN = ("dazu", "weg", "fassung")
#: Die Arten von Ereignissen einer Saison (so heißen sie auch in ``saison stand --json``).
EREIGNIS_ARTEN = ("abend", "turnier")


@dataclass(frozen=True)
class Saison:
    """Eine Saison: Name, Zeitraum (``von``/``bis``, ISO-Daten, beide eingeschlossen), die
    Wertung (gespeicherte Form von ``Saisonwertung``). ``geaendert``: die Zeit der jüngsten
    Fassung (``None``: wie angelegt)."""

    id: int
    name: str
    von: str
    bis: str
    wertung: Mapping[str, Any] = field(hash=False)
    angelegt: str
    geaendert: str | None = None

    def enthaelt(self, datum: str) -> bool:
        """Liegt ``datum`` (ISO) im Zeitraum?"""
        return self.von <= datum[:10] <= self.bis

    def kopf_json(self) -> dict[str, Any]:
        """Die Saison, wie sie über einer Rangliste steht (``saison stand --json``)."""
        return {"id": self.id, "name": self.name, "von": self.von, "bis": self.bis}

    def als_json(self) -> dict[str, Any]:
        return {
            **self.kopf_json(),
            "wertung": dict(self.wertung),
            "angelegt": self.angelegt,
            "geaendert": self.geaendert,
        }


@dataclass(frozen=True)
class Aenderung:
    """Eine Änderung einer Saison: ``dazu``/``weg`` eines Ereignisses (``ereignis_art``,
    ``ereignis_id``) oder eine neue ``fassung`` (``daten``: Name, Zeitraum, Wertung)."""

    id: int
    saison_id: int
    zeit: str
    art: str
    ereignis_art: str | None = None
    ereignis_id: int | None = None
    daten: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "saison": self.saison_id,
            "zeit": self.zeit,
            "art": self.art,
            "ereignis_art": self.ereignis_art,
            "ereignis_id": self.ereignis_id,
        }


@dataclass(frozen=True)
class Alias:
    """„``name`` ist ``ziel``“: dieselbe Person (``art`` ``alias``); eine Aufhebung (``art``
    ``trennung``) nennt mit ``bezug`` den Alias, den sie aufhebt."""

    id: int
    zeit: str
    art: str
    name: str
    ziel: str
    bezug: int | None = None

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "zeit": self.zeit,
            "art": self.art,
            "name": self.name,
            "ziel": self.ziel,
            "bezug": self.bezug,
        }


__all__ = ["AENDERUNG_ARTEN", "EREIGNIS_ARTEN", "Aenderung", "Alias", "Saison"]
