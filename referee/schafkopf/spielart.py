"""Die Spielarten des Schafkopf (Gerüst; Trumpfreihenfolgen folgen im Regelkern)."""

from __future__ import annotations

from enum import Enum


class Spielart(str, Enum):
    """Spielart; der Wert ist der Name in der Partie-JSON und auf der Kommandozeile."""

    RUFSPIEL = "rufspiel"
    SOLO = "solo"          # Farbsolo
    WENZ = "wenz"
    FARBWENZ = "farbwenz"
    GEIER = "geier"
    FARBGEIER = "farbgeier"
    RAMSCH = "ramsch"
    BETTEL = "bettel"

    @property
    def solo_artig(self) -> bool:
        """Ein Spieler allein gegen drei (Zahlung 3 × Wert)."""
        return self not in (Spielart.RUFSPIEL, Spielart.RAMSCH)

    @property
    def braucht_farbe(self) -> bool:
        """Ruffarbe (Rufspiel) bzw. Trumpffarbe (Solo, Farbwenz, Farbgeier)."""
        return self in (Spielart.RUFSPIEL, Spielart.SOLO, Spielart.FARBWENZ, Spielart.FARBGEIER)
