"""SAUFN-Regelkern: Karten, „darf KARTE auf OBEN?“, Platzierungen und Schlücke.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.

>>> from referee.saufn import Karte, folgt
>>> folgt(Karte.parse("N"), Karte.parse("U")).moeglich
('U', 'F', 'weiße Karte', 'goldene Karte')
"""

from referee.saufn.ende import (
    HINWEIS,
    LESART_SELBST,
    Spielende,
    parse_verteilung,
    pruefe_verteilung,
    pruefe_verteilung_streng,
    schluecke_je_person,
    spielende,
)
from referee.saufn.karten import Buchstabe, Karte, Kategorie
from referee.saufn.regeln import Entscheid, folgt, folgt_erlaubt, pruefe_folgt

__all__ = [
    "HINWEIS",
    "LESART_SELBST",
    "Buchstabe",
    "Entscheid",
    "Karte",
    "Kategorie",
    "Spielende",
    "folgt",
    "folgt_erlaubt",
    "parse_verteilung",
    "pruefe_folgt",
    "pruefe_verteilung",
    "pruefe_verteilung_streng",
    "schluecke_je_person",
    "spielende",
]
