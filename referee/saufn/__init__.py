"""SAUFN-Regelkern: Karten, „darf KARTE auf OBEN?“, Platzierungen und Schlücke.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.
"""

from referee.saufn.karten import Buchstabe, Karte, Kategorie
from referee.saufn.regeln import Entscheid, folgt, folgt_erlaubt, pruefe_folgt

__all__ = ["Buchstabe", "Karte", "Kategorie", "Entscheid", "folgt", "folgt_erlaubt",
           "pruefe_folgt"]
