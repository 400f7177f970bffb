"""Die Datensätze und Konstanten des Speichers: Spieler, Abend, Ereignis (``Eintrag`` steht im
Vertrag der Spiele, ``referee.ergebnis``: seine dritte Form)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from referee.ergebnis import Eintrag, Ergebnis
from referee.errors import Zustandsfehler

#: ``ergebnis_aus(spiel, daten) -> Ergebnis``: liest die gespeicherte JSON-Form eines Ergebnisses
#: in die Datenklasse seines Spiels (``referee.spiele.ergebnis_aus_json``; wer den Speicher
#: öffnet, gibt ihn mit – der Speicher kennt kein Spiel).
ErgebnisAus = Callable[[str, object], Ergebnis]

ARTEN = ("spiel", "storno", "korrektur")
#: Ereignisse eines Abends (Schema 4): Hausregel geändert, bezahlt, beendet, wieder geöffnet,
#: und der Storno eines Ereignisses
EREIGNIS_ARTEN = ("regel", "bezahlt", "ende", "wieder", "storno")
SCHEMA_AKTUELL = 11
#: das älteste Schema, dessen Export diese Version einliest (Schema 5 fügt nur die
#: Schreib-Schlüssel hinzu, die nicht exportiert werden)
EXPORT_SCHEMA_AB = 4
APPLICATION_ID = 0x52454652  # "REFR"
WARTEZEIT_MS = 30_000  # so lange wartet ein Befehl höchstens auf Sperren (Lesen und Schreiben)
_VERSUCH_MS = 5  # Schreibsperre: SQLite wartet je Versuch nur so kurz, dann neuer Versuch
EXPORT_FORMAT = "referee-export"
_KOPF = b"SQLite format 3\x00"


class KeineDaten(Zustandsfehler):
    """Es gibt (noch) keine Datenbank oder nichts Passendes darin (Exit-Code 2, „zustand“)."""


class Wiederholt(Exception):
    """Ein Schreiben mit einem schon benutzten Schlüssel: nichts geschrieben; ``eintrag`` ist
    der Eintrag, den der Schlüssel beim ersten Mal schrieb."""

    def __init__(self, eintrag: Eintrag) -> None:
        super().__init__(eintrag.id)
        self.eintrag = eintrag


# --------------------------------------------------------------------------- Datentypen


@dataclass(frozen=True)
class Spieler:
    """Ein Spieler, wie er gespeichert ist."""

    id: int
    name: str


@dataclass(frozen=True)
class Abend:
    """Ein Spielabend: Datum, Ort, Spieler in Sitzordnung, Tarif und Hausregeln."""

    id: int
    datum: str
    ort: str | None
    spieler: tuple[str, ...]  # Sitzordnung (im Uhrzeigersinn)
    tarif: dict[str, Any] = field(hash=False)
    hausregeln: dict[str, Any] = field(hash=False)
    offen: bool
    begonnen: str
    beendet: str | None
    geber_start: int  # Index in ``spieler`` des ersten Gebers

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "datum": self.datum,
            "ort": self.ort,
            "spieler": list(self.spieler),
            "tarif": self.tarif,
            "hausregeln": self.hausregeln,
            "offen": self.offen,
            "begonnen": self.begonnen,
            "beendet": self.beendet,
            "geber_start": self.geber_start,
        }


@dataclass(frozen=True)
class Ereignis:
    """Ein Ereignis eines Abends (Schema 4), nur anhängend wie die Einträge: eine Hausregel
    gilt ab jetzt (``regel``), die Überweisungen sind bezahlt (``bezahlt``), der Abend ist
    beendet (``ende``) oder wieder geöffnet (``wieder``); ``storno`` hebt ``bezug`` auf.

    ``nach_eintrag``: die höchste Eintrags-id beim Schreiben – ein Eintrag mit größerer id
    kam danach (so ordnen sich Einträge und Ereignisse für ``rueckgaengig``)."""

    id: int
    abend_id: int
    zeit: str
    art: str
    bezug: int | None
    nach_eintrag: int
    daten: dict[str, Any] = field(hash=False)
    gilt: bool = True

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "abend": self.abend_id,
            "zeit": self.zeit,
            "art": self.art,
            "bezug": self.bezug,
            "nach_eintrag": self.nach_eintrag,
            "gilt": self.gilt,
            "daten": self.daten,
        }


def aufgehoben_durch(eintraege: Iterable[Eintrag]) -> dict[int, Eintrag]:
    """Für jeden nicht (mehr) geltenden Eintrag unter ``eintraege`` (``eintraege(…, alle=True)``)
    der Storno oder die Korrektur, die ihn aufhebt: der jüngste Bezug. Eine stornierte Korrektur
    macht das Original wieder gültig – es steht dann nicht in der Antwort."""
    eintraege = list(eintraege)
    letzter = {e.bezug: e for e in eintraege if e.bezug is not None}
    gilt = {e.id: e.gilt for e in eintraege}
    return {i: e for i, e in letzter.items() if not gilt.get(i, True)}


def _bedingungen(alle: bool, **gleich: Any) -> tuple[str, list[Any]]:
    """``" WHERE abend_id = ? AND gilt = 1 …"`` und die Parameter: jede Spalte aus ``gleich``,
    die nicht None ist, muss gleich sein; ohne ``alle`` nur Geltendes."""
    bed = [f"{spalte} = ?" for spalte, wert in gleich.items() if wert is not None]
    par = [wert for wert in gleich.values() if wert is not None]
    if not alle:
        bed.append("gilt = 1")
    return (" WHERE " + " AND ".join(bed) if bed else ""), par


def _jetzt() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")
