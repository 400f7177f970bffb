"""sabai-sabai als Bibliothek: Karten, Rundenwertung, Siegespunkte, Entscheide am Tisch.

Reiner Regelkern ohne Ein-/Ausgabe (nur das Kartenset wird aus ``data/`` gelesen).

>>> from referee.sabai import lies_runde, werte_runde
>>> werte_runde(lies_runde({"Anna": "J J J AJ", "Ben": "0"})).sieger
('Anna',)
"""

from referee.sabai.entscheide import (
    AssJokerFrage,
    Auskunft,
    Kartenerklaerung,
    Move,
    ass_joker_auskunft,
    ass_joker_erlaubt,
    ass_joker_uebersicht,
    erklaere_karte,
    pruefe_ass_joker,
    pruefe_reinwerfen,
    reinwerfen_auskunft,
    reinwerfen_erlaubt,
)
from referee.sabai.karten import Funktion, Karte, alle_vier_joker, deck, deck_lesart, parse_hand
from referee.sabai.regeln import Gleichstand, Hinweis, HinweisArt, Regeln
from referee.sabai.runde import (
    Hand,
    Runde,
    Rundenergebnis,
    Spielerergebnis,
    Spielstand,
    hat_alle_vier_joker,
    hinweis_letzte_partie,
    kartenpunkte,
    lies_runde,
    maengel,
    pruefe_letzte_partie,
    pruefe_runde,
    spiele_aus_partien,
    werte_runde,
    werte_spiel,
    zahl,
)

#: Alle Regelabschnitte, auf die sich dieses Paket stützt.
ABSCHNITTE = (
    "sabai.ziel",
    "sabai.vorbereitung",
    "sabai.funktionskarten",
    "sabai.ass-joker",
    "sabai.reinwerfen",
    "sabai.sabai-sabai-move",
    "sabai.ass-move",
    "sabai.alle-vier",
    "sabai.ende-spiel",
)

__all__ = [
    "ABSCHNITTE",
    "AssJokerFrage",
    "Auskunft",
    "Funktion",
    "Gleichstand",
    "Hand",
    "Hinweis",
    "HinweisArt",
    "Karte",
    "Kartenerklaerung",
    "Move",
    "Regeln",
    "Runde",
    "Rundenergebnis",
    "Spielerergebnis",
    "Spielstand",
    "alle_vier_joker",
    "ass_joker_auskunft",
    "ass_joker_erlaubt",
    "ass_joker_uebersicht",
    "deck",
    "deck_lesart",
    "erklaere_karte",
    "hat_alle_vier_joker",
    "hinweis_letzte_partie",
    "kartenpunkte",
    "lies_runde",
    "maengel",
    "parse_hand",
    "pruefe_ass_joker",
    "pruefe_letzte_partie",
    "pruefe_reinwerfen",
    "pruefe_runde",
    "reinwerfen_auskunft",
    "reinwerfen_erlaubt",
    "spiele_aus_partien",
    "werte_runde",
    "werte_spiel",
    "zahl",
]
