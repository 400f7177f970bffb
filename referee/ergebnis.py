"""Der Vertrag zwischen den Spielen und dem Buch (``referee.buch``): typisierte Ergebnisse.

Jedes Spiel hat in ``referee/<spiel>/ergebnis.py`` eine eingefrorene Datenklasse
(``SchafkopfErgebnis``, ``SabaiErgebnis``, ``SaufnErgebnis``, ``SchlafmuetzeErgebnis``), die
``Ergebnis`` erfüllt: ``werte()`` (die summierbaren Zahlen je Spieler, die der Speicher
ablegt), ``namen()``/``mit_namen()`` (Namen in der Schreibweise des Abends), ``als_json()``
(die gespeicherte und exportierte Form) und ``aus_json()`` (zurück; ``werte()`` davon
stimmt mit den gespeicherten Werten überein – so prüft ein Import jeden Eintrag nach).

Wo ein Ergebnis erst mit dem Abend entsteht (Schafkopf: wer sitzt am Tisch; SAUFN und
Schlafmütze: wer spielt mit), gibt es ``Angaben``: die Fakten, wie der Tisch sie nennt, und
``ergebnis(lage)`` mit der ``Abendlage`` (Spieler in Sitzordnung, Tarif, Geberfolge).

Reine Standardbibliothek, kein I/O: die Regelkerne importieren dieses Modul.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

from referee.errors import Eingabefehler
from referee.namen import namen_am_abend

#: ``{groesse: {name: wert}}``, z. B. ``{"cent": {"Anna": 50, "Ben": -50}}``
Werte = dict[str, dict[str, int]]

SPIELE = ("schafkopf", "sabai", "saufn", "schlafmuetze")
SPIEL_NAMEN = {
    "schafkopf": "Schafkopf",
    "sabai": "sabai-sabai",
    "saufn": "SAUFN",
    "schlafmuetze": "Schlafmütze",
}


class Ergebnis(Protocol):
    """Was das Buch von einem Spielergebnis braucht."""

    spiel: ClassVar[str]

    def werte(self) -> Werte: ...

    def namen(self) -> tuple[str, ...]: ...

    def mit_namen(self, ersetze: Callable[[str], str]) -> Self: ...

    def als_json(self) -> dict[str, Any]: ...

    @classmethod
    def aus_json(cls, daten: object) -> Self:
        """Aus der gespeicherten Form (beliebiges JSON, geprüft; sonst ``Eingabefehler``)."""
        ...

    def zeile(self) -> str:
        """Was das Ergebnis festhält, eine Zeile ohne Beträge (Verlauf, Live-Seite)."""
        ...

    def zeile_mit_wert(self) -> str:
        """Die lange Form eines eben eingetragenen Ergebnisses, mit Wert (``tisch``)."""
        ...


@dataclass(frozen=True)
class Abendlage:
    """Was ein Spiel vom Abend wissen muss, um aus Angaben ein Ergebnis zu machen."""

    abend_id: int
    spieler: tuple[str, ...]  # Sitzordnung im Uhrzeigersinn
    #: der Tarif des Abends in seiner JSON-Form (``Tarif.als_json()``, wie gespeichert)
    tarif: Mapping[str, Any] = field(default_factory=dict, hash=False)
    geber_start: int = 0
    schafkopf_spiele: int = 0  # geltende Schafkopfspiele bisher (Geberfolge)
    #: bei einer Korrektur: die Spieler des ursprünglichen Eintrags (Schafkopf: der Tisch)
    tisch: tuple[str, ...] | None = None

    def name(self, name: str) -> str:
        """Der Name in der Schreibweise des Abends; sonst ``Eingabefehler`` mit Vorschlag."""
        return namen_am_abend(self.spieler, [name], self.abend_id)[0]

    def namen(self, namen: Sequence[str]) -> list[str]:
        """Mehrere Namen auf einmal (alle unbekannten in einer Meldung)."""
        return namen_am_abend(self.spieler, namen, self.abend_id)


class Angaben(Protocol):
    """Fakten eines Spiels, die erst mit dem Abend ein ``Ergebnis`` werden."""

    spiel: ClassVar[str]

    def ergebnis(self, lage: Abendlage) -> Ergebnis: ...


# --------------------------------------------------------------------------- Prüfhilfen
# Sie nehmen ``object`` (ungeprüftes JSON) und geben den geprüften Typ zurück. ``objekt`` gibt
# ``dict[str, Any]`` weiter: die Werte sind noch JSON, das der Aufrufer Feld für Feld prüft.


def ganzzahl(wert: object, wo: str) -> int:
    """``wert`` als ganze Zahl (kein bool, keine Gleitkommazahl); sonst ``Eingabefehler``."""
    if isinstance(wert, bool) or not isinstance(wert, int):
        raise Eingabefehler(f"{wo}: {wert!r} ist keine ganze Zahl.")
    return wert


def text(wert: object, wo: str) -> str:
    if not isinstance(wert, str):
        raise Eingabefehler(f"{wo}: {wert!r} ist kein Text.")
    return wert


def objekt(daten: object, spiel: str) -> dict[str, Any]:
    if not isinstance(daten, dict):
        raise Eingabefehler(f"Ergebnis für {spiel} muss ein JSON-Objekt sein.")
    return daten


def namensliste(wert: object, wo: str) -> tuple[str, ...]:
    if wert is None:
        return ()
    if not isinstance(wert, list | tuple):
        raise Eingabefehler(f"{wo}: {wert!r} ist keine Liste von Namen.")
    return tuple(text(n, wo) for n in wert)


def zahlen_je_name(wert: object, wo: str) -> tuple[tuple[str, int], ...]:
    if wert is None:
        return ()
    if not isinstance(wert, dict):
        raise Eingabefehler(f"{wo}: {wert!r} ist kein Objekt Name → Zahl.")
    return tuple((text(n, wo), ganzzahl(v, f"{wo} „{n}“")) for n, v in wert.items())


def zaehle(ziel: Werte, groesse: str, name: str, wert: int) -> None:
    """``ziel[groesse][name] += wert``."""
    je = ziel.setdefault(groesse, {})
    je[name] = je.get(name, 0) + wert


__all__ = [
    "SPIELE",
    "SPIEL_NAMEN",
    "Abendlage",
    "Angaben",
    "Ergebnis",
    "Werte",
    "ganzzahl",
    "namensliste",
    "objekt",
    "text",
    "zaehle",
    "zahlen_je_name",
]
