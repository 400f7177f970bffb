"""Die Antworten der Turnierleitung am Abend (``referee.buch.turnier.leitung``): Eckdaten, Kasse,
Preise, Sitzplan, Laufzettel, Mannschaftswertung und der Aushang der Rangliste. Eingefrorene
Datenklassen wie in ``antworten.py``; ``als_json()`` ist genau die ``--json``-Ausgabe. Geld in
Cent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.buch.turnier.antworten import Turnierstand, turnier_kopf
from referee.turnier.aushang import Laufzettel, Sitzplatz
from referee.turnier.daten import Eckdaten, Teilnehmer, Turnier, Zugehoerigkeit
from referee.turnier.mannschaften import Mannschaftszeile
from referee.turnier.preise import Preisliste, Verteilung


@dataclass(frozen=True)
class EckdatenAntwort:
    """``referee turnier eckdaten``: Ort, Datum und Startgeld des Turniers (``geaendert``: was
    dieser Aufruf festhielt)."""

    turnier: Turnier
    eckdaten: Eckdaten
    geaendert: tuple[str, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "eckdaten": self.eckdaten.als_json(),
            "geaendert": list(self.geaendert),
        }


@dataclass(frozen=True)
class Kasse:
    """``referee turnier bezahlt``: wer sein Startgeld bezahlt hat (Startnummer, Betrag, Zeit),
    wer noch nicht, und was dieser Aufruf eintrug oder zurücknahm (Startnummern)."""

    turnier: Turnier
    startgeld: int | None
    bezahlt: tuple[tuple[Teilnehmer, int, str], ...]
    offen: tuple[Teilnehmer, ...]
    eingetragen: tuple[int, ...] = ()
    zurueckgenommen: tuple[int, ...] = ()

    @property
    def summe(self) -> int:
        """Die bezahlten Startgelder zusammen (Cent): der Topf."""
        return sum(cent for _, cent, _ in self.bezahlt)

    def kopf(self) -> dict[str, Any]:
        """``{"startgeld", "bezahlt", "summe"}``: Startgeld je Teilnehmer, wie viele bezahlt
        haben, was im Topf ist (Cent)."""
        return {"startgeld": self.startgeld, "bezahlt": len(self.bezahlt), "summe": self.summe}

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "kasse": self.kopf(),
            "bezahlt": [
                {"startnummer": x.startnummer, "name": x.name, "betrag": cent, "zeit": zeit}
                for x, cent, zeit in self.bezahlt
            ],
            "offen": [{"startnummer": x.startnummer, "name": x.name} for x in self.offen],
            "eingetragen": list(self.eingetragen),
            "zurueckgenommen": list(self.zurueckgenommen),
        }


@dataclass(frozen=True)
class Preisverteilung:
    """``referee turnier preise``: die Preisliste an der jetzigen Rangliste – wer was bekommt,
    geteilte Plätze, was zu entscheiden ist, was in der Kasse bleibt. ``vorlaeufig``: noch
    sind Tische offen oder Runden nicht ausgelost."""

    turnier: Turnier
    eckdaten: Eckdaten
    kasse: Kasse
    liste: Preisliste
    verteilung: Verteilung
    vorlaeufig: bool = False
    gesetzt: bool = False

    def als_json(self) -> dict[str, Any]:
        v = self.verteilung
        return {
            "turnier": turnier_kopf(self.turnier),
            "kasse": dict(
                self.kasse.kopf(),
                ausgezahlt=v.ausgezahlt,
                rest=v.rest,
                offen=v.offen,
                nicht_vergeben=v.nicht_vergeben,
                bleibt=v.bleibt,
            ),
            "preisliste": [
                dict(p.als_json(), betrag=p.betrag(v.topf), text=p.text(v.topf))
                for p in self.liste.preise
            ],
            "preise": [
                {
                    "platz": z.platz,
                    "startnummer": z.startnummer,
                    "name": z.name,
                    "preis": z.cent,
                    "sache": z.sache,
                    "text": z.preis_text(),
                    "geteilt": None if z.teilung is None else [z.teilung.von, z.teilung.bis],
                }
                for z in v.zeilen
            ],
            "teilungen": [dict(t.als_json(), text=t.text()) for t in v.teilungen],
            "vorlaeufig": self.vorlaeufig,
            "gesetzt": self.gesetzt,
        }


@dataclass(frozen=True)
class Sitzplan:
    """``referee turnier sitzplan``: jeder Spieler einer Runde nach Namen mit Tisch und Platz."""

    turnier: Turnier
    eckdaten: Eckdaten
    runde: int
    plaetze: tuple[Sitzplatz, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "runde": self.runde,
            "plaetze": [p.als_json() for p in self.plaetze],
        }


@dataclass(frozen=True)
class Laufzettelliste:
    """``referee turnier laufzettel``: je Startnummer ihre Karte (Tisch und Platz je Runde)."""

    turnier: Turnier
    eckdaten: Eckdaten
    ausgelost: int
    zettel: tuple[Laufzettel, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "ausgelost": self.ausgelost,
            "laufzettel": [z.als_json() for z in self.zettel],
        }


#: Wie die Mannschaftswertung Gleichstände auflöst (für Ausgabe, PDF und README).
MANNSCHAFT_GLEICHSTAND = (
    "Summe der Punkte der besten {n}; bei Gleichstand ihre gewonnenen Soli, dann der bessere "
    "beste Spieler, der bessere zweite …; sonst derselbe Platz. Mannschaften mit weniger als "
    "{n} Spielern stehen dahinter."
)


@dataclass(frozen=True)
class Mannschaftswertung:
    """``referee turnier mannschaften``: die Vereine oder Mannschaften nach der Summe ihrer
    besten ``beste`` Spieler; ``ohne``: so viele Startnummern haben weder Verein noch
    Mannschaft."""

    turnier: Turnier
    eckdaten: Eckdaten
    beste: int
    zeilen: tuple[Mannschaftszeile, ...]
    ohne: int = 0
    vorlaeufig: bool = False

    @property
    def regel(self) -> str:
        return MANNSCHAFT_GLEICHSTAND.format(n=self.beste)

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "beste": self.beste,
            "mannschaften": [z.als_json() for z in self.zeilen],
            "ohne_mannschaft": self.ohne,
            "vorlaeufig": self.vorlaeufig,
            "regel": self.regel,
        }


@dataclass(frozen=True)
class Aushang:
    """Die Rangliste zum Aushängen und Weitergeben (PDF, CSV, HTML): der Stand, Ort und Datum,
    Verein und Mannschaft je Startnummer."""

    stand: Turnierstand
    eckdaten: Eckdaten
    vereine: Mapping[int, Zugehoerigkeit] = field(default_factory=dict, hash=False)
    wertung_text: str = ""

    def als_json(self) -> dict[str, Any]:
        return self.stand.als_json()


__all__ = [
    "MANNSCHAFT_GLEICHSTAND",
    "Aushang",
    "EckdatenAntwort",
    "Kasse",
    "Laufzettelliste",
    "Mannschaftswertung",
    "Preisverteilung",
    "Sitzplan",
]
