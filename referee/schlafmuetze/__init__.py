"""Schlafmütze-Regelkern: Wohin muss diese Karte, war das eine „Schlafmütze!“, Zugablauf.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.
"""

from referee.schlafmuetze.regeln import (
    ZITATE,
    Ablageauskunft,
    Fehlerart,
    Mitspieler,
    Stapel,
    Tisch,
    Wohin,
    Zugschritt,
    ablage_auskunft,
    ablage_erlaubt,
    naechster_schritt,
    parse_wert,
    pruefe_ablage,
    pruefe_sieg,
    wohin,
    ziel_text,
)

__all__ = [
    "ZITATE",
    "Ablageauskunft",
    "Fehlerart",
    "Mitspieler",
    "Stapel",
    "Tisch",
    "Wohin",
    "Zugschritt",
    "ablage_auskunft",
    "ablage_erlaubt",
    "naechster_schritt",
    "parse_wert",
    "pruefe_ablage",
    "pruefe_sieg",
    "wohin",
    "ziel_text",
]
