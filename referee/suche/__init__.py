"""Regelsuche für ``referee frage``: findet zu einer Tischfrage den passenden Abschnitt.

Ohne Sprachmodell, über eine unscharfe Wortsuche in den Regeltexten (``rules_de/``), den
Konventionen (``data/konventionen.md``) und Beispielfragen von Spielern. Die Teile, je mit
einer Aufgabe, in der Reihenfolge, in der eine Frage sie durchläuft:

1. **Text aufbereiten** – ``falten`` (casefold, Umlaute, Striche, Zahlwörter, Komposita,
   Kartenkürzel), ``wortformen`` (Vorsilben, Ablaut, Stamm), ``woerterbuch`` (Füllwörter,
   Synonyme, Spielnamen, Mundart aus ``data/``), ``satz`` (eine Frage in Wörter: Mundart,
   Fragewörter, Absicht, Gerüst, fremde Spiele).
2. **Index** – ``wortindex`` (Felder, Wortpaare, Vokabular, Beispielfragen, Profile),
   ``suchwoerter`` (die gewichteten Suchwörter einer Frage, Tippfehler berichtigt).
3. **Bewerten** – ``bewertung`` (Text-Score, ähnlichste Beispielfrage, genanntes Spiel,
   Profile), ``profil`` (die gelernten Profile und die Art der Frage).
4. **Antworten** – ``antwort`` (Schwelle, Enthaltung, Konventionen, „der Regeltext
   schweigt“, JSON-Vertrag).
5. **Oben** – ``suchindex`` (``Suchindex``: der Wortindex mit Suche, Abwägung, Antwort als
   Methoden), ``cache`` (einmal bauen, danach aus dem Benutzer-Cache oder dem Wheel laden).

Die Namen der Spieler am Tisch sind Füllwörter: ``antwort(frage, namen=…)`` (``referee frage``
nimmt sie aus dem Buch, ``woerterbuch.namen_als_fuellwoerter``).

Die abgestimmten Zahlen stehen alle in ``konstanten``, je mit ihrer Herkunft; gemessen wird
mit ``benchmarks/frage.py``. rapidfuzz wird erst geladen, wenn eine Frage ein Wort enthält,
dessen Nachbarn nicht vorberechnet sind. Für den Start (jede Frage ist ein eigener Prozess):
die Ergebnisse (``Treffer``, ``Antwort`` …) sind NamedTuples – eine eingefrorene Datenklasse
kostete beim Import je fast 1 ms –, der Cache bringt die gefalteten Wortlisten mit, und die
Felder je Wort liegen dort als Text, zerlegt erst für die Wörter einer Frage.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.regeltexte import Abschnitt
from referee.suche.antwort import (
    Abwaegung,
    Antwort,
    KonventionsTreffer,
    als_json,
    regeltext_schweigt,
)
from referee.suche.bewertung import Treffer
from referee.suche.cache import (
    beispielfragen,
    beispielprofil,
    beispielprofil_lernen,
    index,
    index_bauen,
    mitgelieferten_index_schreiben,
)
from referee.suche.falten import falte, gekuerzt, markierungen, woerter, zahl
from referee.suche.satz import frage_woerter
from referee.suche.suchindex import Suchindex
from referee.suche.woerterbuch import spiel_kuerzel, synonyme
from referee.suche.wortformen import grundform, stamm

__all__ = [
    "Abwaegung",
    "Antwort",
    "KonventionsTreffer",
    "Suchindex",
    "Treffer",
    "als_json",
    "antwort",
    "beispielfragen",
    "beispielprofil",
    "beispielprofil_lernen",
    "falte",
    "frage_woerter",
    "gekuerzt",
    "grundform",
    "index",
    "index_bauen",
    "markierungen",
    "mitgelieferten_index_schreiben",
    "regeltext_schweigt",
    "spiel_kuerzel",
    "stamm",
    "suche",
    "synonyme",
    "vorschlaege",
    "woerter",
    "zahl",
]


def suche(
    frage: str, spiel: str | None = None, anzahl: int = 3, namen: Iterable[str] = ()
) -> list[Treffer]:
    """Die besten Abschnitte zu einer Frage im mitgelieferten Korpus."""
    return index().suche(frage, spiel=spiel, anzahl=anzahl, namen=namen)


def vorschlaege(
    frage: str, spiel: str | None = None, anzahl: int = 3, namen: Iterable[str] = ()
) -> list[Abschnitt]:
    """Abschnittstitel, die der Frage ähneln (auch wenn kein Treffer relevant war)."""
    return index().vorschlaege(frage, spiel=spiel, anzahl=anzahl, namen=namen)


def antwort(
    frage: str, spiel: str | None = None, anzahl: int = 3, namen: Iterable[str] = ()
) -> Antwort:
    """Regelstellen und passende Konventionen zu einer Frage; sagt, ob der Text schweigt.
    ``namen``: die Spieler am Tisch und die bekannten Spieler – Füllwörter wie die Vornamen in
    ``data/stoppwoerter.txt``."""
    return index().antwort(frage, spiel=spiel, anzahl=anzahl, namen=namen)
