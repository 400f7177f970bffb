"""Der Spielkatalog: welche Ergebnisklasse zu welchem Spiel gehört (erst beim Gebrauch importiert).

Über den Spielen und dem Speicher, unter Buch und Einfuhr: der Speicher kennt die Spiele nicht,
wer ihn öffnet, gibt ihm von hier die Ableitung aus einem gespeicherten Ergebnis mit
(``werte_aus`` für die Migration alter Dateien und die Prüfung eines Imports:
``ergebnis_aus_json(spiel, daten).werte()``). Buch (``referee.buch``) und Einfuhr
(``referee.einfuhr``) nehmen ihn beide von hier – keiner von beiden muss den anderen kennen.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from referee.ergebnis import SABAI, SAUFN, SCHAFKOPF, SCHLAFMUETZE, SPIELE, Ergebnis, Werte
from referee.errors import Eingabefehler

if TYPE_CHECKING:
    import os

    from referee.store import Abendspeicher

_KLASSEN = {
    SCHAFKOPF: ("referee.schafkopf.ergebnis", "SchafkopfErgebnis"),
    SABAI: ("referee.sabai.ergebnis", "SabaiErgebnis"),
    SAUFN: ("referee.saufn.ergebnis", "SaufnErgebnis"),
    SCHLAFMUETZE: ("referee.schlafmuetze.ergebnis", "SchlafmuetzeErgebnis"),
}


def ergebnisklasse(spiel: str) -> Any:
    """Die Ergebnisklasse des Spiels; unbekanntes Spiel: ``Eingabefehler``."""
    klasse = _GELADEN.get(spiel)
    if klasse is None:
        if spiel not in _KLASSEN:
            raise Eingabefehler(f"Unbekanntes Spiel „{spiel}“; möglich: {', '.join(SPIELE)}.")
        modul, name = _KLASSEN[spiel]
        klasse = _GELADEN[spiel] = getattr(importlib.import_module(modul), name)
    return klasse


#: die schon geladenen Klassen (der Speicher fragt je gelesenem Eintrag)
_GELADEN: dict[str, Any] = {}


def ergebnis_aus_json(spiel: str, daten: object) -> Ergebnis:
    """Das typisierte Ergebnis aus der gespeicherten/exportierten Form (``ErgebnisAus`` des
    Speichers)."""
    erg: Ergebnis = ergebnisklasse(spiel).aus_json(daten)
    return erg


def werte_aus(spiel: str, daten: object) -> Werte:
    """Die Werte eines gespeicherten Ergebnisses (``ergebnis_aus_json(...).werte()``) – für die
    Prüfung eines Imports, der die Werte der Datei nachrechnet."""
    return ergebnis_aus_json(spiel, daten).werte()


def store_oeffnen(pfad: str | os.PathLike[str] | None = None) -> Abendspeicher:
    """Der Speicher (``referee.store``) mit diesem Spielkatalog: er liest seine Einträge getypt
    (``ergebnis_aus_json``) – für Buch, Einfuhr, Werkzeuge und Tests unter dem Buch."""
    from referee.store import oeffne

    return oeffne(pfad, ergebnis_aus=ergebnis_aus_json)


__all__ = ["ergebnis_aus_json", "ergebnisklasse", "store_oeffnen", "werte_aus"]
