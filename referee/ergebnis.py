"""Der Vertrag zwischen den Spielen, dem Buch und dem Speicher: die drei Formen eines Spiels.

Ein Spiel hat von der Zeile bis zur Datenbank genau drei Formen (jede eine eingefrorene
Datenklasse; JSON gibt es nur an den Rändern: ``als_json``/``aus_json`` und die Spalte des
Speichers, je Typ an einer Stelle):

1. **Eingabe** – ``Angaben``: die Fakten, wie der Tisch sie nennt (``SchafkopfAngaben``,
   ``SabaiAngaben``, ``SaufnAngaben``, ``SchlafmuetzeAngaben``; eine ganze Partie
   ``SchafkopfPartie``). So liefern sie alle Leser (``referee.eingabe``: Optionen, Kurzzeile,
   Partie-Datei). Sie kennt den Abend noch nicht: Namen wie eingegeben.
2. **Ergebnis** – ``Ergebnis``: was ``Buch`` mit der ``Abendlage`` (Spieler in Sitzordnung,
   Tarif, Geberfolge) daraus macht (``ergebnis(lage)``), je Spiel in
   ``referee/<spiel>/ergebnis.py`` (``SchafkopfErgebnis`` …): ``werte()`` (die summierbaren
   Zahlen je Spieler, die der Speicher ablegt), ``namen()``/``mit_namen()``, ``als_json()``
   (die gespeicherte und exportierte Form) und ``aus_json()`` (zurück; ``werte()`` davon stimmt
   mit den gespeicherten Werten überein – so prüft ein Import jeden Eintrag nach).
3. **Gespeicherter Eintrag** – ``Eintrag``: ein Ergebnis mit Nummer, Zeit, Art (Spiel, Storno,
   Korrektur) und Bezug, wie der Speicher es zurückgibt – sein Ergebnis wieder getypt (der
   Speicher liest es mit dem Spielkatalog ``referee.spiele``, den man ihm mitgibt; er selbst
   kennt kein Spiel). ``Summen`` sind die summierten Werte, getypt statt verschachtelter dicts.

Die Größen der Werte (``CENT``, ``SIEGPUNKTE`` …) und die Namen der Spiele stehen hier einmal:
die Spiele legen mit ihnen ab, das Buch liest mit ihnen den Stand.

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

SCHAFKOPF = "schafkopf"
SABAI = "sabai"
SAUFN = "saufn"
SCHLAFMUETZE = "schlafmuetze"
SPIELE = (SCHAFKOPF, SABAI, SAUFN, SCHLAFMUETZE)
SPIEL_NAMEN = {
    SCHAFKOPF: "Schafkopf",
    SABAI: "sabai-sabai",
    SAUFN: "SAUFN",
    SCHLAFMUETZE: "Schlafmütze",
}

# Die Größen der Werte (``Ergebnis.werte()``), je Spiel:
#: Schafkopf: Cent je Spieler (+ erhält, − zahlt)
CENT = "cent"
#: sabai: Siegespunkte, 1 je gespielte Partie, 1 für die Ruhmeshalle
SIEGPUNKTE = "siegpunkte"
RUNDEN = "runden"
RUHMESHALLE = "ruhmeshalle"
#: SAUFN: Platz 1, 2, 3 (je 1)
PLAETZE = ("platz1", "platz2", "platz3")
#: Schlafmütze: 1 für den Sieger
SIEG = "sieg"
#: SAUFN und Schlafmütze: 1 je Mitspieler:in
PARTIEN = "partien"


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


@dataclass(frozen=True)
class Eintrag:
    """Ein gespeicherter Eintrag (die dritte Form): ein Spiel, ein Storno oder eine Korrektur
    (``art``; ``bezug``: was er aufhebt bzw. ersetzt). ``ergebnis`` ist das getypte Ergebnis
    seines Spiels (``None`` bei einem Storno); ``eingabe`` hält fest, was der Benutzer eingab
    (die Kommandozeile, die Zeile vom Handy oder aus ``tisch``, die Partie – JSON, wie
    gespeichert, nur zum Nachlesen und Nachrechnen)."""

    id: int
    abend_id: int
    nr: int
    zeit: str
    spiel: str
    art: str
    bezug: int | None
    eingabe: Mapping[str, Any] = field(hash=False)
    ergebnis: Ergebnis | None = field(hash=False)
    gilt: bool = True

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "abend": self.abend_id,
            "nr": self.nr,
            "zeit": self.zeit,
            "spiel": self.spiel,
            "art": self.art,
            "bezug": self.bezug,
            "gilt": self.gilt,
            "eingabe": dict(self.eingabe),
            "ergebnis": {} if self.ergebnis is None else self.ergebnis.als_json(),
        }


@dataclass(frozen=True)
class Summen:
    """Die Summen der geltenden Werte eines Abends (oder aller): je Spiel und Größe die Summe je
    Name – so, wie der Speicher sie aggregiert (``Abendspeicher.summen``).

    >>> s = Summen({(SCHAFKOPF, CENT): {"Anna": 50, "Ben": -50}})
    >>> s.von(SCHAFKOPF, CENT)["Anna"], s.von(SABAI, SIEGPUNKTE)
    (50, {})
    """

    je: Mapping[tuple[str, str], Mapping[str, int]] = field(default_factory=dict, hash=False)

    def von(self, spiel: str, groesse: str) -> Mapping[str, int]:
        """Summe je Name der Größe ``groesse`` im Spiel ``spiel`` (leer, wenn es keine gibt)."""
        return self.je.get((spiel, groesse), {})

    def namen(self, spiel: str, *groessen: str) -> set[str]:
        """Wer in diesen Größen des Spiels vorkommt."""
        return {n for g in groessen for n in self.von(spiel, g)}


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
    if all(type(n) is str for n in wert):  # der schnelle Weg (so liest der Speicher)
        return tuple(wert)
    return tuple(text(n, wo) for n in wert)


def zahlen_je_name(wert: object, wo: str) -> tuple[tuple[str, int], ...]:
    if wert is None:
        return ()
    if not isinstance(wert, dict):
        raise Eingabefehler(f"{wo}: {wert!r} ist kein Objekt Name → Zahl.")
    if all(type(n) is str and type(v) is int for n, v in wert.items()):  # der schnelle Weg
        return tuple(wert.items())
    return tuple((text(n, wo), ganzzahl(v, f"{wo} „{n}“")) for n, v in wert.items())


def zaehle(ziel: Werte, groesse: str, name: str, wert: int) -> None:
    """``ziel[groesse][name] += wert``."""
    je = ziel.setdefault(groesse, {})
    je[name] = je.get(name, 0) + wert


__all__ = [
    "CENT",
    "PARTIEN",
    "PLAETZE",
    "RUHMESHALLE",
    "RUNDEN",
    "SABAI",
    "SAUFN",
    "SCHAFKOPF",
    "SCHLAFMUETZE",
    "SIEG",
    "SIEGPUNKTE",
    "SPIELE",
    "SPIEL_NAMEN",
    "Abendlage",
    "Angaben",
    "Eintrag",
    "Ergebnis",
    "Summen",
    "Werte",
    "ganzzahl",
    "namensliste",
    "objekt",
    "text",
    "zaehle",
    "zahlen_je_name",
]
