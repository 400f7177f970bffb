"""Die Datensätze eines Turniers, wie der Speicher sie liefert: Turnier, Teilnehmer, Tisch,
Eintrag. Reine Datenklassen (Standardbibliothek), jede mit ``als_json()``.

Ein Eintrag an einem Tisch (``Turniereintrag``) trägt sein Ergebnis getypt: ein ``Tischblatt``
(``referee.turnier.blatt``) oder ein ``Turnierspiel`` (``referee.turnier.spiel``, mit dem
``SchafkopfErgebnis`` des Spiels – dasselbe wie am Abend); beide erfüllen ``Tischergebnis``.
Der Speicher liest sie mit dem Leser, den man ihm mitgibt (``tischergebnis_aus_json``).

Ein Teilnehmer ist seine **Startnummer**: sie sitzt an den Tischen, sammelt Punkte und steht
in der Rangliste. Ein Ersatzspieler übernimmt die Startnummer (und damit ihre Punkte) unter
eigenem Namen ab einer Runde; ``Teilnehmer.namen`` hält alle Namen der Startnummer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

#: Arten der Einträge an einem Tisch: ein Tischblatt (die Summen vom Papier), ein Spiel, ein
#: Storno. Eine Korrektur ist ein Blatt oder Spiel mit ``bezug`` (das ersetzte).
EINTRAG_ARTEN = ("blatt", "spiel", "storno")
#: Ereignisse eines Turniers: Abmeldung einer Startnummer, Ende, wieder geöffnet (Bezug: das
#: Ende), eine Auslosung zurückgenommen (Runde und Nummer der Auslosung), Storno eines
#: Ereignisses (einer Abmeldung).
EREIGNIS_ARTEN = ("abmeldung", "ende", "wieder", "auslosung_zurueck", "storno")


@dataclass(frozen=True)
class Turnier:
    """Ein Preisschafkopf: Runden zu je ``spiele`` Spielen, die Wertung (JSON-Form), der
    Startwert der Auslosung."""

    id: int
    name: str
    runden: int
    spiele: int
    wertung: Mapping[str, Any] = field(hash=False)
    seed: int
    angelegt: str
    beendet: str | None = None

    @property
    def offen(self) -> bool:
        return self.beendet is None

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "runden": self.runden,
            "spiele": self.spiele,
            "wertung": dict(self.wertung),
            "seed": self.seed,
            "angelegt": self.angelegt,
            "beendet": self.beendet,
        }


@dataclass(frozen=True)
class Teilnehmer:
    """Eine Startnummer: wer sie (jetzt) spielt, ab welcher Runde sie ausgelost wird, ob sie
    abgemeldet ist (ab Runde ``abgemeldet_ab`` nicht mehr ausgelost) und ihre Namen je Runde
    (``namen``: ``(ab_runde, name)``, der erste ist der angemeldete, danach Ersatzspieler)."""

    startnummer: int
    namen: tuple[tuple[int, str], ...]
    ab_runde: int = 1
    abgemeldet_ab: int | None = None

    @property
    def name(self) -> str:
        """Der Name, unter dem die Startnummer jetzt spielt."""
        return self.namen[-1][1]

    def name_in(self, runde: int) -> str:
        """Der Name, unter dem die Startnummer in ``runde`` spielte."""
        name = self.namen[0][1]
        for ab, n in self.namen:
            if ab <= runde:
                name = n
        return name

    @property
    def ersetzt(self) -> tuple[str, ...]:
        """Die früheren Namen der Startnummer (vor einem Ersatzspieler)."""
        return tuple(n for _, n in self.namen[:-1])

    def spielt_in(self, runde: int) -> bool:
        """Wird die Startnummer für ``runde`` ausgelost?"""
        return self.ab_runde <= runde and (self.abgemeldet_ab is None or runde < self.abgemeldet_ab)

    def als_json(self) -> dict[str, Any]:
        return {
            "startnummer": self.startnummer,
            "name": self.name,
            "ab_runde": self.ab_runde,
            "abgemeldet_ab": self.abgemeldet_ab,
            "ersetzt": list(self.ersetzt),
        }


@dataclass(frozen=True)
class Sitz:
    """Ein Platz am Tisch: Startnummer und der Name, unter dem sie in dieser Runde spielt."""

    startnummer: int
    name: str

    def als_json(self) -> dict[str, Any]:
        return {"startnummer": self.startnummer, "name": self.name}


@dataclass(frozen=True)
class Tisch:
    """Ein Tisch einer Runde: die Sitze in Sitzordnung (Platz 1 gibt das erste Spiel)."""

    runde: int
    nr: int
    sitze: tuple[Sitz, ...]

    @property
    def startnummern(self) -> tuple[int, ...]:
        return tuple(s.startnummer for s in self.sitze)

    def als_json(self) -> dict[str, Any]:
        return {"tisch": self.nr, "spieler": [s.als_json() for s in self.sitze]}


class Tischergebnis(Protocol):
    """Was an einem Tisch eingetragen wird: ein ``Tischblatt`` oder ein ``Turnierspiel`` – je
    Startnummer die geschriebenen Punkte und gewonnenen Soli, die der Speicher summiert, und die
    gespeicherte Form (``als_json``)."""

    @property
    def runde(self) -> int: ...

    @property
    def tisch(self) -> int: ...

    @property
    def punkte(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def soli(self) -> tuple[tuple[int, int], ...]: ...

    def als_json(self) -> dict[str, Any]: ...


#: ``(art, daten) -> Tischergebnis``: liest die gespeicherte Form eines Tischeintrags
#: (``referee.turnier.spiel.tischergebnis_aus_json``; der Speicher bekommt ihn mit).
TischergebnisAus = Callable[[str, object], Tischergebnis]


@dataclass(frozen=True)
class Turniereintrag:
    """Ein Eintrag an einem Tisch: ein Blatt (Summen vom Papier), ein Spiel oder ein Storno;
    ``bezug``: das Ersetzte (Korrektur) bzw. Stornierte. ``ergebnis`` ist das getypte Ergebnis
    (``Tischblatt`` bzw. ``Turnierspiel``; ``None`` bei einem Storno)."""

    id: int
    turnier_id: int
    runde: int
    tisch: int
    zeit: str
    art: str
    bezug: int | None
    eingabe: Mapping[str, Any] = field(hash=False)
    ergebnis: Tischergebnis | None = field(hash=False)
    gilt: bool = True

    @property
    def korrektur(self) -> bool:
        return self.bezug is not None and self.art != "storno"

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "turnier": self.turnier_id,
            "runde": self.runde,
            "tisch": self.tisch,
            "zeit": self.zeit,
            "art": self.art,
            "bezug": self.bezug,
            "gilt": self.gilt,
            "ergebnis": {} if self.ergebnis is None else self.ergebnis.als_json(),
        }


@dataclass(frozen=True)
class Tischwerte:
    """Was der Speicher für einen ausgelosten Tisch einer Runde summiert, ohne zu werten: die
    Summen der geltenden Tischblätter (``blatt``) und der geltenden Spiele (``spiele``), je
    Startnummer (Punkte, gewonnene Soli), und die Zahl der geltenden Spiele. Was davon zählt,
    entscheidet der Kern (``referee.turnier.stand.tischsumme``)."""

    runde: int
    tisch: int
    blatt: Mapping[int, tuple[int, int]] = field(default_factory=dict, hash=False)
    spiele: Mapping[int, tuple[int, int]] = field(default_factory=dict, hash=False)
    anzahl_spiele: int = 0


@dataclass(frozen=True)
class Tischsumme:
    """Was ein Tisch einer Runde zählt (aus dem Speicher summiert): ``quelle`` ``blatt`` (ein
    eingegebenes Tischblatt gilt), ``spiele`` (die Summe der Spiele) oder ``offen`` (nichts
    eingetragen); ``punkte``/``soli`` je Startnummer; ``spiele`` die Zahl geltender Spiele."""

    runde: int
    tisch: int
    quelle: str
    punkte: Mapping[int, int] = field(hash=False)
    soli: Mapping[int, int] = field(hash=False)
    spiele: int = 0


@dataclass(frozen=True)
class Eckdaten:
    """Was die Turnierleitung zum Turnier festhält: Ort, Datum (``JJJJ-MM-TT``), Startgeld je
    Teilnehmer in Cent – jedes darf fehlen."""

    ort: str | None = None
    datum: str | None = None
    startgeld: int | None = None

    def als_json(self) -> dict[str, Any]:
        return {"ort": self.ort, "datum": self.datum, "startgeld": self.startgeld}


@dataclass(frozen=True)
class Zugehoerigkeit:
    """Verein und (angemeldete) Mannschaft einer Startnummer; die Mannschaftswertung zählt nach
    der Mannschaft, ohne sie nach dem Verein (``gruppe``)."""

    verein: str | None = None
    mannschaft: str | None = None

    @property
    def gruppe(self) -> str | None:
        return self.mannschaft or self.verein


__all__ = [
    "EINTRAG_ARTEN",
    "EREIGNIS_ARTEN",
    "Eckdaten",
    "Sitz",
    "Teilnehmer",
    "Tisch",
    "Tischergebnis",
    "TischergebnisAus",
    "Tischsumme",
    "Tischwerte",
    "Turnier",
    "Turniereintrag",
    "Zugehoerigkeit",
]
