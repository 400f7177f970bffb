"""Der Spielkatalog: welche Ergebnisklasse zu welchem Spiel gehört (erst beim Gebrauch importiert).

Über den Spielen und dem Speicher, unter Buch und Einfuhr: der Speicher kennt die Spiele nicht,
wer ihn öffnet, gibt ihm von hier die Ableitung aus einem gespeicherten Ergebnis mit
(``werte_aus`` für die Migration alter Dateien und die Prüfung eines Imports:
``ergebnis_aus_json(spiel, daten).werte()``). Buch (``referee.buch``) und Einfuhr
(``referee.einfuhr``) nehmen ihn beide von hier – keiner von beiden muss den anderen kennen.
"""

from __future__ import annotations

import importlib
from typing import Any

from referee.ergebnis import SPIELE, Ergebnis, Werte
from referee.errors import Eingabefehler

_KLASSEN = {
    "schafkopf": ("referee.schafkopf.ergebnis", "SchafkopfErgebnis"),
    "sabai": ("referee.sabai.ergebnis", "SabaiErgebnis"),
    "saufn": ("referee.saufn.ergebnis", "SaufnErgebnis"),
    "schlafmuetze": ("referee.schlafmuetze.ergebnis", "SchlafmuetzeErgebnis"),
}


def ergebnisklasse(spiel: str) -> Any:
    """Die Ergebnisklasse des Spiels; unbekanntes Spiel: ``Eingabefehler``."""
    if spiel not in _KLASSEN:
        raise Eingabefehler(f"Unbekanntes Spiel „{spiel}“; möglich: {', '.join(SPIELE)}.")
    modul, name = _KLASSEN[spiel]
    return getattr(importlib.import_module(modul), name)


def ergebnis_aus_json(spiel: str, daten: Any) -> Ergebnis:
    """Das typisierte Ergebnis aus der gespeicherten/exportierten Form."""
    erg: Ergebnis = ergebnisklasse(spiel).aus_json(daten)
    return erg


def werte_aus(spiel: str, daten: dict[str, Any]) -> Werte:
    """Die Werte eines gespeicherten Ergebnisses (``ergebnis_aus_json(...).werte()``)."""
    return ergebnis_aus_json(spiel, daten).werte()


def store_oeffnen(pfad: Any = None) -> Any:
    """Der Speicher (``referee.store.Store``) mit der Wertableitung der Spiele – für Werkzeuge
    und Tests, die unter dem Buch arbeiten (``eintragen`` ohne ``werte``, Migrationen)."""
    from referee.store import oeffne

    return oeffne(pfad, werte_aus=werte_aus)


__all__ = ["ergebnis_aus_json", "ergebnisklasse", "store_oeffnen", "werte_aus"]
