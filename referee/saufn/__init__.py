"""SAUFN-Regelkern: Karten, „darf KARTE auf OBEN?“, Platzierungen und Schlücke.

Reine Daten rein, Daten raus; keine Ausgabe, kein Typer/rich.

>>> from referee.saufn import Karte, folgt_auskunft
>>> folgt_auskunft(Karte.parse("N"), Karte.parse("U")).moeglich
('U', 'F', 'weiße Karte', 'goldene Karte')
"""

from referee.saufn.ende import (
    HINWEIS,
    LESART_SELBST,
    Spielende,
    Verteilungsbericht,
    parse_verteilung,
    pruefe_verteilung,
    schluecke_je_person,
    spielende,
    verteilung_bericht,
)
from referee.saufn.karten import Buchstabe, Karte, Kategorie
from referee.saufn.regeln import Folgeauskunft, folgt_auskunft, folgt_erlaubt, pruefe_folgt

__all__ = [
    "HINWEIS",
    "LESART_SELBST",
    "Buchstabe",
    "Folgeauskunft",
    "Karte",
    "Kategorie",
    "Spielende",
    "Verteilungsbericht",
    "folgt_auskunft",
    "folgt_erlaubt",
    "parse_verteilung",
    "pruefe_folgt",
    "pruefe_verteilung",
    "schluecke_je_person",
    "spielende",
    "verteilung_bericht",
]
