"""Die Karten von sabai-sabai: Notation, Kartenpunkte, Funktionen, das Kartenset.

Eine Karte ist ein ``str``-Enum, dessen Wert ihre Notation ist: ``"0"`` … ``"14"``,
``"J"`` (Joker) und ``"AJ"`` (Ass-Joker). Wie viele Exemplare es gibt, welche
Kartenpunkte sie zählen und welche Funktion 11–14 haben, steht in
``data/sabai_deck.json`` – die Anzahlen sind unsere Lesart (siehe ``deck_lesart()``).

>>> Karte.parse("joker")
<Karte.JOKER: 'J'>
>>> str(Karte.parse("Ass-Joker")), str(Karte.parse(" 07 "))
('AJ', '7')
>>> Karte.parse("13").funktion
<Funktion.GIVE: 'give'>
>>> parse_hand("3 7 J")
(<Karte.DREI: '3'>, <Karte.SIEBEN: '7'>, <Karte.JOKER: 'J'>)
"""

from __future__ import annotations

import re
from collections import Counter
from enum import StrEnum
from functools import cache
from typing import NotRequired, TypedDict

from referee.errors import UnbekannteKarte
from referee.resources import lade_json

DECK_DATEI = "sabai_deck.json"


class _Deckeintrag(TypedDict):
    """Eine Karte in ``data/sabai_deck.json``."""

    karte: str
    wert: int
    anzahl: int
    name: NotRequired[str]
    funktion: NotRequired[str]


class _Funktionseintrag(TypedDict):
    karte: str
    text: str


class _Deck(TypedDict):
    """Die Teile von ``data/sabai_deck.json``, die das Programm liest."""

    hinweis: str
    karten: list[_Deckeintrag]
    funktionen: dict[str, _Funktionseintrag]


def _deck_daten() -> _Deck:
    """``data/sabai_deck.json`` (mitgeliefert, in dieser Form; ``lade_json`` liest es einmal)."""
    daten: _Deck = lade_json(DECK_DATEI)
    return daten


#: Die akzeptierten Schreibweisen, für Fehlermeldungen.
ERLAUBTE_FORMEN = (
    "Zahlen 0 bis 14 (11–14 auch „peek“, „spy“, „give“, „switch“), "
    "„J“ oder „Joker“, „AJ“, „Ass-Joker“ oder „Assjoker“ "
    "(Gross-/Kleinschreibung egal)"
)


class Funktion(StrEnum):
    """Die Funktion einer Funktionskarte (Regel sabai.funktionskarten)."""

    PEEK = "peek"  # 11: eine eigene verdeckte Karte ansehen
    SPY = "spy"  # 12: eine verdeckte Karte einer anderen Person ansehen
    GIVE = "give"  # 13: eine eigene verdeckte Karte abgeben
    SWITCH = "switch"  # 14: eine eigene verdeckte Karte mit einer fremden tauschen

    def __str__(self) -> str:
        return self.value

    @property
    def text(self) -> str:
        """Was die Funktion bewirkt, wörtlich wie im Regeltext."""
        return _deck_daten()["funktionen"][self.value]["text"]

    @property
    def karte(self) -> Karte:
        return Karte(_deck_daten()["funktionen"][self.value]["karte"])


class Karte(StrEnum):
    """Eine sabai-sabai-Karte; der Wert ist die Notation."""

    NULL = "0"
    EINS = "1"
    ZWEI = "2"
    DREI = "3"
    VIER = "4"
    FUENF = "5"
    SECHS = "6"
    SIEBEN = "7"
    ACHT = "8"
    NEUN = "9"
    ZEHN = "10"
    ELF = "11"
    ZWOELF = "12"
    DREIZEHN = "13"
    VIERZEHN = "14"
    JOKER = "J"
    ASS_JOKER = "AJ"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, token: str, wo: str | None = None) -> Karte:
        """Eine Karte aus ihrer Notation; ``UnbekannteKarte`` nennt Token, Ort und Formen."""
        karte = _lies_token(token)
        if karte is None:
            bei = f" {wo}" if wo else ""
            raise UnbekannteKarte(
                f"Unbekannte Karte „{token.strip()}“{bei}. Erlaubt sind: {ERLAUBTE_FORMEN}."
            )
        return karte

    @property
    def ist_joker(self) -> bool:
        """Joker oder Ass-Joker (beide gehören zu den „vier Jokern“)."""
        return self in (Karte.JOKER, Karte.ASS_JOKER)

    @property
    def name_de(self) -> str:
        """Anzeigename: „Joker“, „Ass-Joker“ oder die Zahl."""
        return _deck_eintrag(self).get("name", self.value)

    @property
    def wert(self) -> int:
        """Kartenpunkte laut Kartenset (Joker −4; Ass-Joker −4 als Voreinstellung)."""
        return _deck_eintrag(self)["wert"]

    @property
    def anzahl(self) -> int:
        """Wie oft die Karte im Kartenset liegt (unsere Lesart, siehe ``deck_lesart()``)."""
        return _deck_eintrag(self)["anzahl"]

    @property
    def funktion(self) -> Funktion | None:
        """Die Funktion der Karten 11–14, sonst ``None``."""
        name = _deck_eintrag(self).get("funktion")
        return Funktion(name) if name else None


_ALIASE = {
    "J": Karte.JOKER,
    "JOKER": Karte.JOKER,
    "AJ": Karte.ASS_JOKER,
    "ASS-JOKER": Karte.ASS_JOKER,
    "ASSJOKER": Karte.ASS_JOKER,
    "PEEK": Karte.ELF,
    "SPY": Karte.ZWOELF,
    "GIVE": Karte.DREIZEHN,
    "SWITCH": Karte.VIERZEHN,
}
_STRICHE = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "_": "-"})


def _lies_token(token: str) -> Karte | None:
    t = token.strip().translate(_STRICHE).upper()
    if t.isascii() and t.isdigit():
        try:
            return Karte(str(int(t)))
        except ValueError:
            return None
    return _ALIASE.get(t)


@cache
def _deck_index() -> dict[str, _Deckeintrag]:
    return {e["karte"]: e for e in _deck_daten()["karten"]}


def _deck_eintrag(karte: Karte) -> _Deckeintrag:
    return _deck_index()[karte.value]


def deck() -> Counter[Karte]:
    """Das ganze Kartenset als ``Counter`` Karte → Anzahl (64 Karten in unserer Lesart)."""
    return Counter({k: k.anzahl for k in Karte})


def alle_vier_joker() -> Counter[Karte]:
    """Die „vier Joker“ des Kartensets: nach unserer Lesart 3 Joker und 1 Ass-Joker."""
    return Counter({k: k.anzahl for k in Karte if k.ist_joker})


def deck_lesart() -> str:
    """Der Satz, der sagt, dass die Anzahlen unsere Lesart sind."""
    return _deck_daten()["hinweis"]


_TRENNER = re.compile(r"[\s,;]+")


def tokens(text: str) -> list[str]:
    """Eine Hand in Tokens zerlegen (Leerzeichen, Kommas, Semikolons trennen)."""
    return [t for t in _TRENNER.split(text.strip()) if t]


def parse_hand(text: str, spieler: str | None = None) -> tuple[Karte, ...]:
    """Eine Hand wie ``"3 7 J"``; leer = keine Karten mehr.

    Alle unbekannten Tokens werden auf einmal gemeldet, mit Spieler und Position.
    """
    karten: list[Karte] = []
    fehler: list[str] = []
    for pos, token in enumerate(tokens(text), start=1):
        karte = _lies_token(token)
        if karte is None:
            bei = f" bei {spieler}" if spieler is not None else ""
            fehler.append(f"Unbekannte Karte „{token}“{bei} an Position {pos}.")
        else:
            karten.append(karte)
    if fehler:
        raise UnbekannteKarte(" ".join(fehler) + f" Erlaubt sind: {ERLAUBTE_FORMEN}.")
    return tuple(karten)
