"""SAUFN-Karten: Buchstaben, Kategorien und das Einlesen von Karten-Angaben.

110 Karten (saufn.spielmaterial): je 14 S-, A-, U-, F- und N-Karten, 12 goldene
und 28 weiße Karten. Manche Buchstabenkarten tragen einen Namen („A – Abändern“,
„U – Urwald“ …), die fünf Reaktionskarten sind Buchstabenkarten mit farbigem
Rahmen – ihren Buchstaben nennt der Regeltext nicht. Die Kartenliste steht in
``data/saufn_karten.json``.

Angaben werden groß/klein- und umlaut-unabhängig gelesen:

>>> str(Karte.parse("n"))
'N'
>>> str(Karte.parse("urwald"))
'U:Urwald'
>>> str(Karte.parse("U:Urwald"))
'U:Urwald'
>>> str(Karte.parse("Abaendern"))
'A:Abändern'
>>> str(Karte.parse("F – Freeze"))
'F:Freeze'
>>> Karte.parse("+4").kategorie.value
'weiss'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from referee.errors import Mehrdeutig, UnbekannteKarte


class Buchstabe(StrEnum):
    """Ein Buchstabe des Worts SAUFN; der Wert ist der Buchstabe selbst."""

    S = "S"
    A = "A"
    U = "U"
    F = "F"
    N = "N"

    @property
    def naechster(self) -> Buchstabe:
        """Der darauffolgende Buchstabe in S→A→U→F→N, nach N wieder S."""
        folge = list(Buchstabe)
        return folge[(folge.index(self) + 1) % len(folge)]


class Kategorie(StrEnum):
    """Kartenkategorie; ``unbekannt``: der Regeltext sagt es nicht (Sauftrumpf)."""

    BUCHSTABE = "buchstabe"
    GOLD = "gold"
    WEISS = "weiss"
    UNBEKANNT = "unbekannt"


#: Wie die Kategorien in Antworten heißen („moeglich“).
KATEGORIE_TEXT = {Kategorie.WEISS: "weiße Karte", Kategorie.GOLD: "goldene Karte"}

_PRAEFIX_KATEGORIE = {
    "weiss": Kategorie.WEISS,
    "weisse": Kategorie.WEISS,
    "w": Kategorie.WEISS,
    "gold": Kategorie.GOLD,
    "goldene": Kategorie.GOLD,
    "g": Kategorie.GOLD,
}

_ALLGEMEIN = {
    # ohne Namen: irgendeine weiße bzw. goldene Karte
    "weiss": Kategorie.WEISS,
    "weisse": Kategorie.WEISS,
    "weissekarte": Kategorie.WEISS,
    "gold": Kategorie.GOLD,
    "goldene": Kategorie.GOLD,
    "goldenekarte": Kategorie.GOLD,
    "goldkarte": Kategorie.GOLD,
}


def falte(text: str) -> str:
    """Für Vergleiche: klein, ä→ae, ö→oe, ü→ue, ß→ss, ohne Leer- und Satzzeichen.

    >>> falte("Schnick, Schnack, Schnuck")
    'schnickschnackschnuck'
    >>> falte("ABÄNDERN")
    'abaendern'
    """
    t = text.casefold()
    for alt, neu in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("ẞ", "ss")):
        t = t.replace(alt, neu)
    t = unicodedata.normalize("NFKD", t)
    t = "".join(c for c in t if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9+]", "", t)


@dataclass(frozen=True)
class Eintrag:
    """Eine benannte Karte aus ``data/saufn_karten.json``."""

    name: str
    kategorie: Kategorie
    buchstabe: Buchstabe | None
    abschnitt: str
    synonyme: tuple[str, ...] = ()
    reaktion: bool = False
    schluecke: int | None = None
    anmerkung: str | None = None


@cache
def katalog() -> tuple[Eintrag, ...]:
    """Alle benannten Karten (aus der Datendatei, einmal gelesen)."""
    from referee.resources import lade_json

    daten = lade_json("saufn_karten.json")
    return tuple(
        Eintrag(
            name=k["name"],
            kategorie=Kategorie(k["kategorie"]),
            buchstabe=Buchstabe(k["buchstabe"]) if k.get("buchstabe") else None,
            abschnitt=k["abschnitt"],
            synonyme=tuple(k.get("synonyme", ())),
            reaktion=bool(k.get("reaktion", False)),
            schluecke=k.get("schluecke"),
            anmerkung=k.get("anmerkung"),
        )
        for k in daten["karten"]
    )


@cache
def _index() -> dict[str, Eintrag]:
    idx: dict[str, Eintrag] = {}
    for e in katalog():
        for n in (e.name, *e.synonyme):
            idx[falte(n)] = e
    return idx


def _erlaubte_formen() -> str:
    return (
        "ein Buchstabe S, A, U, F, N, ein Kartenname wie „Urwald“, „Freeze“, "
        "„+4“, „Spielverderber“, „Sheriff“, „weiss“/„gold“ für irgendeine weiße/goldene "
        "Karte, oder „U:Urwald“"
    )


def finde_eintrag(name: str) -> Eintrag:
    """Die benannte Karte zu ``name``: genau, sonst eindeutiger Anfang (ab 3 Zeichen)."""
    f = falte(name)
    idx = _index()
    if f in idx:
        return idx[f]
    treffer: dict[str, Eintrag] = {}
    if len(f) >= 3:
        for schluessel, e in idx.items():
            if schluessel.startswith(f):
                treffer[e.name] = e
    if len(treffer) == 1:
        return next(iter(treffer.values()))
    if len(treffer) > 1:
        namen = " oder ".join(f"„{n}“" for n in sorted(treffer))
        raise Mehrdeutig(f"Karte „{name}“ ist mehrdeutig: {namen}?")
    raise UnbekannteKarte(f"Unbekannte SAUFN-Karte „{name}“. Erlaubt: {_erlaubte_formen()}.")


@dataclass(frozen=True)
class Karte:
    """Eine SAUFN-Karte: Kategorie, Buchstabe (nur Buchstabenkarten) und Name.

    ``str()`` gibt die Notation zurück, die ``parse()`` wieder liest:
    ``N``, ``U:Urwald``, ``N:Nase``, ``Sheriff``, ``+2``, ``weiss``, ``gold``,
    ``weiss:Sauftrumpf``.
    """

    kategorie: Kategorie
    buchstabe: Buchstabe | None = None
    name: str | None = None
    #: Kategorie/Buchstabe stammen aus der Angabe, nicht aus dem Regeltext.
    angenommen: bool = False

    @classmethod
    def parse(cls, text: str) -> Karte:
        """Liest ``N``, ``Urwald``, ``U:Urwald``, ``+4``, ``weiss``, ``gold:Sheriff`` …"""
        roh = text.strip()
        if not roh:
            raise UnbekannteKarte(f"Leere Kartenangabe. Erlaubt: {_erlaubte_formen()}.")
        if ":" in roh:
            vorne, _, hinten = roh.partition(":")
            return cls._mit_praefix(roh, vorne.strip(), hinten.strip())
        if m := re.fullmatch(r"([SAUFNsaufn])\s*[–—-]\s*(\S.*)", roh):  # „A – Abändern“
            return cls._mit_praefix(roh, m[1], m[2].strip())
        f = falte(roh)
        if f.upper() in Buchstabe.__members__ and len(f) == 1:
            return cls(Kategorie.BUCHSTABE, Buchstabe(f.upper()))
        if f in _ALLGEMEIN:
            return cls(_ALLGEMEIN[f])
        e = finde_eintrag(roh)
        if e.kategorie is Kategorie.UNBEKANNT:
            raise Mehrdeutig(
                f"Bei „{e.name}“ nennt der Regeltext weder Kategorie noch Buchstaben "
                f"(Kategorie: unbekannt). Gib sie mit an, z. B. „weiss:{e.name}“, "
                f"„gold:{e.name}“ oder „S:{e.name}“."
            )
        if e.kategorie is Kategorie.BUCHSTABE and e.buchstabe is None:
            raise Mehrdeutig(
                f"„{e.name}“ ist eine Reaktionskarte (Buchstabenkarte mit farbigem Rahmen); "
                f"ihren Buchstaben nennt der Regeltext nicht. Gib ihn mit an, z. B. "
                f"„N:{e.name}“."
            )
        return cls(e.kategorie, e.buchstabe, e.name)

    @classmethod
    def _mit_praefix(cls, roh: str, vorne: str, hinten: str) -> Karte:
        fv = falte(vorne)
        if fv.upper() in Buchstabe.__members__ and len(fv) == 1:
            kategorie, buchstabe = Kategorie.BUCHSTABE, Buchstabe(fv.upper())
        elif fv in _PRAEFIX_KATEGORIE:
            kategorie, buchstabe = _PRAEFIX_KATEGORIE[fv], None
        else:
            raise UnbekannteKarte(
                f"In „{roh}“ ist „{vorne}“ weder ein Buchstabe (S, A, U, F, N) "
                f"noch „weiss“ oder „gold“."
            )
        if not hinten:
            raise UnbekannteKarte(f"In „{roh}“ fehlt nach dem Doppelpunkt der Kartenname.")
        e = finde_eintrag(hinten)
        if e.kategorie is Kategorie.UNBEKANNT:
            return cls(kategorie, buchstabe, e.name, angenommen=True)
        if e.kategorie is Kategorie.BUCHSTABE and e.buchstabe is None:  # Reaktionskarte
            if kategorie is not Kategorie.BUCHSTABE:
                raise UnbekannteKarte(
                    f"„{roh}“: „{e.name}“ ist eine Buchstabenkarte (Reaktionskarte), "
                    f"keine {KATEGORIE_TEXT[kategorie]}."
                )
            return cls(kategorie, buchstabe, e.name, angenommen=True)
        if e.kategorie is not kategorie or e.buchstabe is not buchstabe:
            richtig = cls(e.kategorie, e.buchstabe, e.name)
            raise UnbekannteKarte(
                f"„{roh}“ passt nicht zusammen: „{e.name}“ ist {richtig.beschreibung}; "
                f"schreib „{richtig}“."
            )
        return cls(e.kategorie, e.buchstabe, e.name)

    def __str__(self) -> str:
        if self.kategorie is Kategorie.BUCHSTABE:
            assert self.buchstabe is not None
            return f"{self.buchstabe.value}:{self.name}" if self.name else self.buchstabe.value
        if self.name is None:
            return self.kategorie.value
        return f"{self.kategorie.value}:{self.name}" if self.angenommen else self.name

    @property
    def beschreibung(self) -> str:
        """„eine U-Karte“, „eine weiße Karte“, „eine goldene Karte“."""
        if self.kategorie is Kategorie.BUCHSTABE and self.buchstabe is not None:
            return f"eine {self.buchstabe.value}-Karte"
        return f"eine {KATEGORIE_TEXT[self.kategorie]}"

    @property
    def anzeige(self) -> str:
        """Für Sätze: „U – Urwald“, „N“, „Sheriff (goldene Karte)“."""
        if self.kategorie is Kategorie.BUCHSTABE and self.buchstabe is not None:
            return f"{self.buchstabe.value} – {self.name}" if self.name else self.buchstabe.value
        if self.name is None:
            return KATEGORIE_TEXT[self.kategorie]
        return f"{self.name} ({KATEGORIE_TEXT[self.kategorie]})"

    @property
    def schluecke(self) -> int:
        """+2 → 2, +4 → 4, sonst 0."""
        return (
            {"+2": 2, "+4": 4}.get(self.name or "", 0) if self.kategorie is Kategorie.WEISS else 0
        )

    @property
    def ist_plus(self) -> bool:
        return self.schluecke > 0


def alle_karten() -> list[Karte]:
    """Jede unterscheidbare Karte ohne Zusatzangaben (für Rundlauf-Tests)."""
    karten = [Karte(Kategorie.BUCHSTABE, b) for b in Buchstabe]
    karten += [Karte(Kategorie.WEISS), Karte(Kategorie.GOLD)]
    for e in katalog():
        if e.kategorie is Kategorie.UNBEKANNT:
            continue
        if e.kategorie is Kategorie.BUCHSTABE and e.buchstabe is None:
            karten += [Karte(Kategorie.BUCHSTABE, b, e.name, angenommen=True) for b in Buchstabe]
            continue
        karten.append(Karte(e.kategorie, e.buchstabe, e.name))
    return karten
