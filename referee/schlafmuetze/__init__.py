"""Schlafmütze-Regelkern: Wohin muss diese Karte, war das eine „Schlafmütze!“, Zugablauf.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.
"""

from referee.schlafmuetze.regeln import (
    ZITATE,
    Mitspieler,
    Pruefung,
    Tisch,
    Wohin,
    Zugschritt,
    ablage_richtig,
    naechster_schritt,
    parse_wert,
    pruefe_ablage,
    pruefe_ablage_streng,
    pruefe_sieg,
    wohin,
    ziel_text,
)

__all__ = [
    "ZITATE",
    "Mitspieler",
    "Pruefung",
    "Tisch",
    "Wohin",
    "Zugschritt",
    "ablage_richtig",
    "naechster_schritt",
    "parse_wert",
    "pruefe_ablage",
    "pruefe_ablage_streng",
    "pruefe_sieg",
    "wohin",
    "ziel_text",
]
