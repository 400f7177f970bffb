"""Einstellbare Konventionen und die Hinweise, mit denen Entscheide sie offenlegen.

Wo der Regeltext schweigt, entscheidet eine Konvention. Jede ist hier ein Feld
von ``Regeln`` und jeder Entscheid, der auf ihr beruht, trägt einen ``Hinweis``
der Art ``KONVENTION`` (oder ``LESART`` für unsere Lesart des Kartensets).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.errors import Eingabefehler


class Gleichstand(StrEnum):
    """Wer bei Gleichstand um die wenigsten Kartenpunkte den Siegespunkt bekommt."""

    ALLE = "alle"  # jede gleichauf liegende Spieler:in bekommt einen
    KEINER = "keiner"  # niemand bekommt ihn

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | Gleichstand) -> Gleichstand:
        """``alle``/``keiner`` (Groß-/Kleinschreibung egal) → Gleichstand; sonst ``Eingabefehler``.

        >>> Gleichstand.parse(" Keiner ")
        <Gleichstand.KEINER: 'keiner'>
        """
        if isinstance(text, Gleichstand):
            return text
        try:
            return cls(str(text).strip().casefold())
        except ValueError:
            raise Eingabefehler(
                f"Unbekannter Wert „{text}“ für --gleichstand. Erlaubt sind: "
                "„alle“ (jede:r Gleichauf bekommt einen Siegespunkt) und „keiner“."
            ) from None


class HinweisArt(StrEnum):
    """Worauf ein Hinweis beruht: Regeltext, Konvention oder unsere Lesart."""

    REGEL = "regel"  # steht so im Regeltext
    KONVENTION = "konvention"  # Regeltext schweigt, unsere einstellbare Wahl
    LESART = "lesart"  # beruht auf unserer Lesart des Kartensets

    def __str__(self) -> str:
        return self.value


_PRAEFIX = {
    HinweisArt.REGEL: "",
    HinweisArt.KONVENTION: "Konvention, nicht im Regeltext: ",
    HinweisArt.LESART: "Lesart, nicht ausdrücklich im Regeltext: ",
}


@dataclass(frozen=True)
class Hinweis:
    """Ein Satz zu einem Entscheid, mit dem Regelabschnitt, auf den er sich stützt."""

    text: str
    abschnitt: str
    art: HinweisArt = HinweisArt.REGEL

    def __str__(self) -> str:
        return f"{_PRAEFIX[self.art]}{self.text} ({self.abschnitt})"


@dataclass(frozen=True)
class Regeln:
    """Die Konventionen einer Runde; die Voreinstellungen sind unsere Wahl.

    - ``gleichstand``: Gleichstand um die wenigsten Kartenpunkte → ``ALLE`` bekommen
      je einen Siegespunkt (oder ``KEINER``).
    - ``ass_joker_wert``: Kartenpunkte des Ass-Jokers (−4 wie ein Joker).
    - ``joker_auf_ass_joker``: Ein Joker darf auf den verbrannten Ass-Joker
      reingeworfen werden (der Ass-Joker gilt beim Reinwerfen als Joker).
    - ``vereinfacht``: Vereinfachte Spielweise – nur eigene Karten reinwerfen.
    """

    gleichstand: Gleichstand = Gleichstand.ALLE
    ass_joker_wert: int = -4
    joker_auf_ass_joker: bool = True
    vereinfacht: bool = False
