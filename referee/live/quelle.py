"""Die Quelle der Live-Seiten: was gelesen und geschrieben wird – ein Abend
(``referee.live.abend``) oder ein Turnier (``referee.live.turnierquelle``).

Die Anwendung (``referee.live.app``), der Beobachter und der Schreiber kennen nur diese
Schnittstelle; Pfade, Sicherheit, Ereignisströme und die Form jeder Antwort
(``referee.live.vertrag``) sind für beide dieselben. Eine Quelle

- öffnet ihr Buch (je Faden eines, SQLite-Verbindungen gehören einem Faden);
- liest bei jeder Änderung einmal alles, was die Lese-Seite zeigt (``Lesung``, im Faden der
  Ereignisschleife);
- nennt ihre Schreib-Links und baut je Link die Eingabeseite (``Schreibansicht``);
- beantwortet die vier Anfragen der Eingabeseite (in den Fäden des Schreibers) und sagt zu
  einem 409, wie es jetzt steht (``Konflikt``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from referee.live.vertrag import (
    Eingetragen,
    Eintragsanfrage,
    Konflikt,
    Korrekturanfrage,
    Rueckgaengiganfrage,
    Storniert,
    Vorschau,
    Vorschauanfrage,
)

#: (Runde, Tisch) eines Turniertisches.
Ort = tuple[int, int]


class Buchartig(Protocol):
    """Was Beobachter und Schreiber von einem Buch brauchen (``Buch``, ``Turnierbuch``)."""

    def datenversion(self) -> int: ...

    def meldungen_fd(self) -> int | None: ...

    def schliessen(self) -> None: ...


B = TypeVar("B", bound=Buchartig)
D = TypeVar("D")


@dataclass(frozen=True)
class Lesung(Generic[D]):
    """Was der Beobachter bei einer Änderung einmal liest, als Ganzes: erst ganz gebaut, dann
    in einem Zug ausgetauscht. ``daten``: was die Quelle daraus braucht (Abend: der Stand,
    Turnier: Lage und Tisch-Links); ``teil``: der veränderliche Teil der Lese-Seite;
    ``stand_text``: ``stand.json`` (``None``: es gibt keinen, dann steht in ``fehler`` warum)."""

    daten: D
    teil: str
    stand_text: str | None
    fehler: dict[str, Any] | None


@dataclass(frozen=True)
class Schreiblink:
    """Wofür ein Schreib-Link schreibt: am Turniertisch ``ort`` (Runde, Tisch) – aus dem
    Token, nie aus der Anfrage; beim Abend ``None``."""

    ort: Ort | None = None


@dataclass(frozen=True)
class Schreibansicht:
    """Die Eingabeseite eines Schreib-Links in einer Fassung. ``schluessel`` ändert sich genau
    dann, wenn sich für diesen Link etwas ändert (nur dann bekommt sein Ereignisstrom ein
    Ereignis); ``html`` der Stand unter dem Formular; ``ereignis`` der Text des Ereignisses."""

    schluessel: object
    titel: str
    wer: str
    html: str
    ereignis: str


class Quelle(Protocol[B, D]):
    """Ein Abend oder ein Turnier als Quelle der Live-Seiten."""

    #: Felder der Anfragen, die diese Quelle nicht kennt (``vertrag.lies_anfrage``)
    ohne_felder: frozenset[str]
    #: frühestens so viele Sekunden nach dem letzten Lesen liest der Beobachter nach einem
    #: Schreiben vom Handy neu
    mindestabstand: float

    def lese_token(self) -> str:
        """Das Token des Lese-Links."""
        ...

    def oeffne(self) -> B:
        """Ein Buch für den Faden, der fragt."""
        ...

    def lies(self, buch: B | None, vorher: Lesung[D] | None) -> Lesung[D]:
        """Alles für die Lese-Seite (``buch`` ``None``: es ließ sich nicht öffnen).
        ``sqlite3.Error``: gerade nicht lesbar, gleich noch einmal."""
        ...

    def leseseite(self, lesung: Lesung[D], pfad: str, zeit: str, neu_laden: int) -> str:
        """Die ganze Lese-Seite (HTML) um ``lesung.teil``."""
        ...

    def schreiblinks(self, lesung: Lesung[D]) -> Sequence[tuple[Schreiblink, str]]:
        """Jeder Schreib-Link mit seinem Token."""
        ...

    def schreibansicht(
        self, buch: B | None, lesung: Lesung[D], link: Schreiblink, nr: int, zeit: str
    ) -> Schreibansicht:
        """Die Eingabeseite von ``link`` in der Fassung ``nr`` (im Faden der Schleife)."""
        ...

    def vorschau(self, buch: B, link: Schreiblink, anfrage: Vorschauanfrage) -> Vorschau: ...

    def eintrag(self, buch: B, link: Schreiblink, anfrage: Eintragsanfrage) -> Eingetragen: ...

    def rueckgaengig(
        self, buch: B, link: Schreiblink, anfrage: Rueckgaengiganfrage
    ) -> Storniert: ...

    def korrektur(self, buch: B, link: Schreiblink, anfrage: Korrekturanfrage) -> Eingetragen: ...

    def konflikt(self, buch: B, link: Schreiblink, exc: BaseException) -> Konflikt:
        """Zu einem 409 der jetzige Stand (Lesefehler darin: ``None``-Werte, kein Fehler)."""
        ...


__all__ = ["Buchartig", "Lesung", "Ort", "Quelle", "Schreibansicht", "Schreiblink"]
