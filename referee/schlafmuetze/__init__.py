"""Schlafmütze-Regelkern: Wohin muss diese Karte, war das eine „Schlafmütze!“, Zugablauf.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.
"""

from referee.schlafmuetze.regeln import (
    Mitspieler,
    Pruefung,
    Tisch,
    Wohin,
    Zugschritt,
    ablage_richtig,
    naechster_schritt,
    pruefe_ablage,
    pruefe_ablage_streng,
    pruefe_sieg,
    wohin,
)

__all__ = ["Mitspieler", "Pruefung", "Tisch", "Wohin", "Zugschritt", "ablage_richtig",
           "naechster_schritt", "pruefe_ablage", "pruefe_ablage_streng", "pruefe_sieg", "wohin"]
