"""Die Antworten des Saisonbuchs (``referee.buch.saison.Saisonbuch``): eingefrorene Datenklassen,
jede mit ``als_json()`` – genau das dict, das ``referee saison … --json`` und
``referee spieler … --json`` drucken (und die Live-Seite der Saison ausliefert).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.saison.daten import Aenderung, Alias, Saison
from referee.saison.rangliste import Ereignis, Saisonzeile
from referee.saison.statistik import Kennzahlen, Paar
from referee.saison.wertung import Saisonwertung


@dataclass(frozen=True)
class Ereignisinfo:
    """Ein Ereignis der Saison kurz: Art, Nummer, Datum, Titel, warum es dazugehört
    (``datum``: im Zeitraum, ``dazu``: ausdrücklich dazugenommen, ``weg``: ausdrücklich
    weggelassen), wie viele teilnahmen."""

    art: str
    id: int
    datum: str
    titel: str
    grund: str
    teilnehmer: int

    def als_json(self) -> dict[str, Any]:
        return {
            "art": self.art,
            "id": self.id,
            "datum": self.datum,
            "titel": self.titel,
            "grund": self.grund,
            "teilnehmer": self.teilnehmer,
        }


@dataclass(frozen=True)
class SaisonNeu:
    """``referee saison neu``: die Saison, ihre Wertung in Worten, die Ereignisse darin."""

    saison: Saison
    wertung_text: str
    ereignisse: tuple[Ereignisinfo, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "saison": self.saison.als_json(),
            "wertung_text": self.wertung_text,
            "ereignisse": [e.als_json() for e in self.ereignisse],
        }


@dataclass(frozen=True)
class SaisonAnsicht:
    """``referee saison zeigen`` (und ``saison aendern``): die Saison, ihre Wertung, die
    Ereignisse darin, die ausdrücklich weggelassenen und alle Änderungen."""

    saison: Saison
    wertung_text: str
    ereignisse: tuple[Ereignisinfo, ...]
    weggelassen: tuple[Ereignisinfo, ...] = ()
    aenderungen: tuple[Aenderung, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "saison": self.saison.als_json(),
            "wertung_text": self.wertung_text,
            "ereignisse": [e.als_json() for e in self.ereignisse],
            "weggelassen": [e.als_json() for e in self.weggelassen],
            "aenderungen": [a.als_json() for a in self.aenderungen],
        }


@dataclass(frozen=True)
class SaisonListe:
    """``referee saison liste``: alle Saisons mit der Zahl ihrer Ereignisse (leer ist keine
    Fehler)."""

    saisons: tuple[Saison, ...]
    ereignisse: tuple[int, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "saisons": [
                {**s.als_json(), "ereignisse": n} for s, n in zip(self.saisons, self.ereignisse)
            ]
        }


@dataclass(frozen=True)
class Zugeordnet:
    """``referee saison dazu|weg``: die Änderung und die Ereignisse der Saison danach."""

    saison: Saison
    aenderung: Aenderung
    ereignis: Ereignisinfo
    ereignisse: tuple[Ereignisinfo, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "saison": self.saison.kopf_json(),
            "aenderung": self.aenderung.als_json(),
            "ereignis": self.ereignis.als_json(),
            "ereignisse": [e.als_json() for e in self.ereignisse],
        }


@dataclass(frozen=True)
class Saisonstand:
    """``referee saison stand``: die Rangliste der Saison nach ihrer Wertung. ``ereignisse``:
    die gewerteten Ereignisse in zeitlicher Folge (die Spalten der Tabelle)."""

    saison: Saison
    wertung: Saisonwertung
    rangliste: tuple[Saisonzeile, ...]
    ereignisse: tuple[Ereignis, ...] = field(default=())

    def als_json(self) -> dict[str, Any]:
        return {
            "saison": self.saison.kopf_json(),
            "wertung": self.wertung.als_json(),
            "rangliste": [z.als_json() for z in self.rangliste],
        }


@dataclass(frozen=True)
class Rangverlauf:
    """Der Platz jeder Person nach jedem gewerteten Ereignis (für das Diagramm)."""

    ereignisse: tuple[Ereignis, ...]
    plaetze: dict[str, list[int | None]] = field(hash=False)

    def als_json(self) -> dict[str, Any]:
        return {
            "ereignisse": [{"art": e.art, "id": e.id, "datum": e.datum} for e in self.ereignisse],
            "plaetze": {n: list(p) for n, p in self.plaetze.items()},
        }


@dataclass(frozen=True)
class Saisonstatistik:
    """``referee saison statistik``: Kennzahlen je Person, die besten Rufspiel-Paare, der
    Verlauf der Plätze."""

    saison: Saison
    spieler: tuple[Kennzahlen, ...]
    paare: tuple[Paar, ...]
    verlauf: Rangverlauf

    def als_json(self) -> dict[str, Any]:
        return {
            "saison": self.saison.kopf_json(),
            "spieler": [k.als_json() for k in self.spieler],
            "paare": [p.als_json() for p in self.paare],
            "verlauf": self.verlauf.als_json(),
        }


@dataclass(frozen=True)
class Saisonwertungsbeschreibung:
    """Eine mitgelieferte Saisonwertung: Name, Beschreibung, Quelle, ihre Werte."""

    name: str
    beschreibung: str
    quelle: str
    werte: dict[str, Any] = field(hash=False)

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "beschreibung": self.beschreibung,
            "quelle": self.quelle,
            "werte": self.werte,
        }


@dataclass(frozen=True)
class SaisonWertungen:
    """``referee saison wertungen``: die mitgelieferten Wertungen."""

    wertungen: tuple[Saisonwertungsbeschreibung, ...]

    def als_json(self) -> dict[str, Any]:
        return {"wertungen": [w.als_json() for w in self.wertungen]}


# --------------------------------------------------------------------------- Namen


@dataclass(frozen=True)
class Person:
    """Eine Person der Saisons: ihr Name, alle Namen, unter denen sie geschrieben wurde (mit
    Aliasen), in wie vielen Abenden und Turnieren."""

    name: str
    namen: tuple[str, ...]
    abende: int
    turniere: int

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "namen": list(self.namen),
            "abende": self.abende,
            "turniere": self.turniere,
        }


@dataclass(frozen=True)
class Zusammengefuehrt:
    """``referee spieler zusammenfuehren``: der neue Alias und die Person danach."""

    alias: Alias
    person: Person

    def als_json(self) -> dict[str, Any]:
        return {"alias": self.alias.als_json(), "person": self.person.als_json()}


@dataclass(frozen=True)
class Getrennt:
    """``referee spieler trennen``: die Trennung und der Alias, den sie aufhebt."""

    trennung: Alias
    aufgehoben: Alias

    def als_json(self) -> dict[str, Any]:
        return {"trennung": self.trennung.als_json(), "aufgehoben": self.aufgehoben.als_json()}


@dataclass(frozen=True)
class Spielerliste:
    """``referee spieler liste``: wer wer ist – jede Person mit ihren Namen."""

    personen: tuple[Person, ...]

    def als_json(self) -> dict[str, Any]:
        return {"spieler": [p.als_json() for p in self.personen]}


__all__ = [
    "Ereignisinfo",
    "Getrennt",
    "Person",
    "Rangverlauf",
    "SaisonAnsicht",
    "SaisonListe",
    "SaisonNeu",
    "SaisonWertungen",
    "Saisonstand",
    "Saisonstatistik",
    "Saisonwertungsbeschreibung",
    "Spielerliste",
    "Zugeordnet",
    "Zusammengefuehrt",
]
