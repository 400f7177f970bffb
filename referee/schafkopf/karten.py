"""Die Schafkopf-Karten: Farbe, Schlag, Augen, Karte, Blätter und das Lesen einer Hand.

Die Notation *ist* der Wert (wie bei pokerkit): ``Farbe.EICHEL.value == "E"``,
``Schlag.ZEHN.value == "10"``, ``str(Karte.parse("Herz-Zehn")) == "H10"``.

Kurzform: Farbbuchstabe ``E G H S`` + Schlag ``A`` (Sau) ``10``/``Z`` ``K`` ``O`` ``U``
``9`` ``8`` ``7`` – Groß-/Kleinschreibung egal. Langform: ``Eichel-Ober``,
``Gras Sau``, ``Herz-Zehn``, ``Schellen-Ass``; Grün/Laub/Blatt = Gras, Schelle =
Schellen, Ass/Daus = Sau.

>>> Karte.parse("hz"), Karte.parse("Grün-Daus").lang_name
(Karte.parse('H10'), 'Gras-Sau')
>>> [str(k) for k in parse_hand("EO, GA  H10")]
['EO', 'GA', 'H10']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from referee.errors import Eingabefehler, Mehrdeutig, UnbekannteKarte


class Farbe(StrEnum):
    """Die vier Farben; der Wert ist der Buchstabe der Kurzform."""

    EICHEL = "E"
    GRAS = "G"
    HERZ = "H"
    SCHELLEN = "S"

    @property
    def name_de(self) -> str:
        """``Eichel``, ``Gras``, ``Herz``, ``Schellen``."""
        return _FARBNAMEN[self]

    @property
    def wort(self) -> str:
        """Kleingeschriebener Name wie auf der Kommandozeile/in JSON: ``eichel``."""
        return _FARBNAMEN[self].lower()

    @classmethod
    def parse(cls, text: str) -> Farbe:
        """``eichel``, ``E``, ``Grün``, ``Laub``, ``Schelle`` … → Farbe.

        Auch die Sau selbst, wie man sie am Tisch ruft: ``Gras-Sau``, ``GA``, „die Alte“
        (Eichel-Sau), „mit der Blauen“ (Gras-Sau), „die Bumbs“/„Hundsgfickte“ (Schellen-Sau).

        >>> Farbe.parse("mit der Blauen"), Farbe.parse("Alte"), Farbe.parse("Schellen-Sau")
        (<Farbe.GRAS: 'G'>, <Farbe.EICHEL: 'E'>, <Farbe.SCHELLEN: 'S'>)
        """
        g = _falte(str(text))
        for vorn in ("mitder", "mitdem", "die", "der", "den"):
            if g.startswith(vorn) and len(g) > len(vorn) + 1:
                g = g[len(vorn) :]
                break
        farbe = _FARB_WOERTER.get(g) or _SAU_NAMEN.get(g)
        if farbe is None:
            karte = _NACH_TEXT.get(g)
            if karte is not None and karte.schlag is Schlag.SAU:
                farbe = karte.farbe
        if farbe is None:
            raise Eingabefehler(
                f"Unbekannte Farbe „{text}“. Erlaubt sind eichel, gras, herz, schellen "
                "(auch E/G/H/S, Grün/Laub/Blatt/Blau für Gras, Rot für Herz, Schelle für Schellen) "
                "oder die Sau selbst (Gras-Sau, GA, „die Alte“, „die Blaue“, „die Bumbs“)."
            )
        return farbe

    def __str__(self) -> str:
        return self.value


class Schlag(StrEnum):
    """Die acht Schläge; der Wert ist die Kurzform (``10`` für die Zehn)."""

    SAU = "A"
    ZEHN = "10"
    KOENIG = "K"
    OBER = "O"
    UNTER = "U"
    NEUN = "9"
    ACHT = "8"
    SIEBEN = "7"

    @property
    def augen(self) -> int:
        """Sau 11, Zehn 10, König 4, Ober 3, Unter 2, sonst 0 (120 im Blatt)."""
        return _AUGEN[self]

    @property
    def name_de(self) -> str:
        """``Sau``, ``Zehn``, ``König`` …"""
        return _SCHLAGNAMEN[self]

    def __str__(self) -> str:
        return self.value


_FARBNAMEN = {
    Farbe.EICHEL: "Eichel",
    Farbe.GRAS: "Gras",
    Farbe.HERZ: "Herz",
    Farbe.SCHELLEN: "Schellen",
}
_SCHLAGNAMEN = {
    Schlag.SAU: "Sau",
    Schlag.ZEHN: "Zehn",
    Schlag.KOENIG: "König",
    Schlag.OBER: "Ober",
    Schlag.UNTER: "Unter",
    Schlag.NEUN: "Neun",
    Schlag.ACHT: "Acht",
    Schlag.SIEBEN: "Sieben",
}
_AUGEN = {
    Schlag.SAU: 11,
    Schlag.ZEHN: 10,
    Schlag.KOENIG: 4,
    Schlag.OBER: 3,
    Schlag.UNTER: 2,
    Schlag.NEUN: 0,
    Schlag.ACHT: 0,
    Schlag.SIEBEN: 0,
}

#: Eingabeform, die jede Fehlermeldung nennt.
FORMEN = (
    "Kurzform Farbe E/G/H/S + Schlag A/10/Z/K/O/U/9/8/7 (z. B. EO, GA, H10, HZ, S7) "
    "oder Langform wie „Eichel-Ober“, „Gras Sau“, „Herz-Zehn“, „Schellen-Ass“"
)


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Karte:
    """Eine Spielkarte. ``str()`` gibt die Kurzform, ``lang_name`` die Langform.

    Jede der 32 Karten gibt es genau einmal: ``Karte(Farbe.EICHEL, Schlag.OBER)`` liefert
    dasselbe Objekt wie ``Karte.parse("EO")``. Gleichheit ist deshalb Identität (schnell in
    Mengen und Listen); ``nr`` (0–31) ist ein fester Index für Tabellen im Regelkern.
    """

    farbe: Farbe
    schlag: Schlag
    nr: int = field(init=False, repr=False, compare=False)

    def __new__(cls, farbe: Farbe, schlag: Schlag) -> Karte:
        vorhanden = _EINMAL.get((farbe, schlag))
        if vorhanden is not None:
            return vorhanden
        if not isinstance(farbe, Farbe) or not isinstance(schlag, Schlag):
            raise TypeError(f"Karte(Farbe, Schlag) erwartet, nicht Karte({farbe!r}, {schlag!r}).")
        neu = object.__new__(cls)
        object.__setattr__(neu, "farbe", farbe)
        object.__setattr__(neu, "schlag", schlag)
        object.__setattr__(neu, "nr", _FARB_INDEX[farbe] * 8 + _SCHLAG_INDEX[schlag])
        _EINMAL[(farbe, schlag)] = neu
        return neu

    def __init__(self, farbe: Farbe, schlag: Schlag) -> None:
        """Alles geschieht in ``__new__`` (jede Karte gibt es nur einmal)."""

    def __reduce__(self) -> tuple[type[Karte], tuple[Farbe, Schlag]]:
        return (Karte, (self.farbe, self.schlag))

    @property
    def augen(self) -> int:
        return _AUGEN[self.schlag]

    @property
    def lang_name(self) -> str:
        """``Eichel-Ober``, ``Herz-Zehn``."""
        return f"{_FARBNAMEN[self.farbe]}-{_SCHLAGNAMEN[self.schlag]}"

    def __str__(self) -> str:
        return self.farbe.value + self.schlag.value

    def __repr__(self) -> str:
        return f"Karte.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Karte:
        """Eine Karte in Kurz- oder Langform lesen; sonst ``UnbekannteKarte``/``Mehrdeutig``."""
        karte = _NACH_TEXT.get(text)
        if karte is None:
            karte = _NACH_TEXT.get(_falte(text))
            if karte is None:
                raise _token_fehler(text, None)
        return karte


_EINMAL: dict[tuple[Farbe, Schlag], Karte] = {}
_FARB_INDEX = {f: i for i, f in enumerate(Farbe)}
_SCHLAG_INDEX = {s: i for i, s in enumerate(Schlag)}

#: Alle 32 Karten, Index = ``Karte.nr`` (Eichel A 10 K O U 9 8 7, Gras …, Herz …, Schellen …).
ALLE: tuple[Karte, ...] = tuple(Karte(f, s) for f in Farbe for s in Schlag)
#: Augen je ``Karte.nr`` (Tabelle für die schnelle Partieprüfung).
AUGEN_JE_NR: tuple[int, ...] = tuple(_AUGEN[k.schlag] for k in ALLE)


class Blatt(StrEnum):
    """Das lange (32 Karten, 8 je Spieler) oder kurze Blatt (24, ohne Acht und Sieben)."""

    LANG = "lang"
    KURZ = "kurz"

    @property
    def karten(self) -> tuple[Karte, ...]:
        return _BLATT_KARTEN[self]

    @property
    def handgroesse(self) -> int:
        """Karten je Spieler = Zahl der Stiche: 8 bzw. 6."""
        return 8 if self is Blatt.LANG else 6

    @property
    def beschreibung(self) -> str:
        return (
            "langes Blatt (32 Karten)"
            if self is Blatt.LANG
            else "kurzes Blatt (24 Karten, ohne Acht und Sieben)"
        )

    @classmethod
    def parse(cls, text: str | Blatt) -> Blatt:
        if isinstance(text, Blatt):
            return text
        try:
            return Blatt(str(text).strip().lower())
        except ValueError:
            raise Eingabefehler(
                f"Unbekanntes Blatt „{text}“. Erlaubt sind lang und kurz."
            ) from None

    @classmethod
    def zu_handgroesse(cls, n: int) -> Blatt | None:
        """8 → lang, 6 → kurz, sonst ``None``."""
        return _NACH_HANDGROESSE.get(n)


_NACH_HANDGROESSE = {8: Blatt.LANG, 6: Blatt.KURZ}
lang: tuple[Karte, ...] = ALLE
kurz: tuple[Karte, ...] = tuple(k for k in ALLE if k.schlag not in (Schlag.ACHT, Schlag.SIEBEN))
_BLATT_KARTEN = {Blatt.LANG: lang, Blatt.KURZ: kurz}


# --- Lesen ---------------------------------------------------------------

_UMLAUTE = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "-": "", " ": "", "_": "", "–": "", "‐": ""}
)


def _falte(text: str) -> str:
    """Kleinschreibung, Umlaute ausschreiben, Trenner entfernen."""
    return text.strip().casefold().translate(_UMLAUTE)


_FARB_WOERTER: dict[str, Farbe] = {
    "e": Farbe.EICHEL,
    "eichel": Farbe.EICHEL,
    "eicheln": Farbe.EICHEL,
    "g": Farbe.GRAS,
    "gras": Farbe.GRAS,
    "gruen": Farbe.GRAS,
    "laub": Farbe.GRAS,
    "blatt": Farbe.GRAS,
    "h": Farbe.HERZ,
    "herz": Farbe.HERZ,
    "herzen": Farbe.HERZ,
    "s": Farbe.SCHELLEN,
    "schellen": Farbe.SCHELLEN,
    "schelle": Farbe.SCHELLEN,
    # Mundart und Kartenbild: Eichl, Blau (Gras), Rot (Herz), Schelln
    "eichl": Farbe.EICHEL,
    "blau": Farbe.GRAS,
    "rot": Farbe.HERZ,
    "schelln": Farbe.SCHELLEN,
    "schell": Farbe.SCHELLEN,
}
#: Namen der Säue am Tisch: die Alte (Eichel), die Blaue (Gras), die Bumbs/Kugl/Hundsgfickte (Schellen).
_SAU_NAMEN: dict[str, Farbe] = {
    "alte": Farbe.EICHEL,
    "alten": Farbe.EICHEL,
    "blaue": Farbe.GRAS,
    "blauen": Farbe.GRAS,
    "bumbs": Farbe.SCHELLEN,
    "bums": Farbe.SCHELLEN,
    "bumbe": Farbe.SCHELLEN,
    "bumbl": Farbe.SCHELLEN,
    "kugl": Farbe.SCHELLEN,
    "kugel": Farbe.SCHELLEN,
    "hundsgfickte": Farbe.SCHELLEN,
    "hundsgfickten": Farbe.SCHELLEN,
    "hundsgefickte": Farbe.SCHELLEN,
    "hundsgefickten": Farbe.SCHELLEN,
}
_SCHLAG_KURZ: dict[str, Schlag] = {
    "a": Schlag.SAU,
    "10": Schlag.ZEHN,
    "z": Schlag.ZEHN,
    "k": Schlag.KOENIG,
    "o": Schlag.OBER,
    "u": Schlag.UNTER,
    "9": Schlag.NEUN,
    "8": Schlag.ACHT,
    "7": Schlag.SIEBEN,
}
_SCHLAG_WOERTER: dict[str, Schlag] = {
    "sau": Schlag.SAU,
    "ass": Schlag.SAU,
    "as": Schlag.SAU,
    "daus": Schlag.SAU,
    "zehn": Schlag.ZEHN,
    "zehner": Schlag.ZEHN,
    "10": Schlag.ZEHN,
    "koenig": Schlag.KOENIG,
    "konig": Schlag.KOENIG,
    "ober": Schlag.OBER,
    "unter": Schlag.UNTER,
    "neun": Schlag.NEUN,
    "neuner": Schlag.NEUN,
    "9": Schlag.NEUN,
    "acht": Schlag.ACHT,
    "achter": Schlag.ACHT,
    "8": Schlag.ACHT,
    "sieben": Schlag.SIEBEN,
    "siebener": Schlag.SIEBEN,
    "7": Schlag.SIEBEN,
}


def _baue_nachschlag() -> dict[str, Karte]:
    tab: dict[str, Karte] = {}
    farb_kurz = {"e": Farbe.EICHEL, "g": Farbe.GRAS, "h": Farbe.HERZ, "s": Farbe.SCHELLEN}
    for fb, farbe in farb_kurz.items():
        for sb, schlag in _SCHLAG_KURZ.items():
            k = ALLE[_FARB_INDEX[farbe] * 8 + _SCHLAG_INDEX[schlag]]
            tab[fb + sb] = k
            tab[(fb + sb).upper()] = k  # schneller Weg ohne Falten
    for fw, farbe in _FARB_WOERTER.items():
        if len(fw) == 1:
            continue
        for sw, schlag in _SCHLAG_WOERTER.items():
            tab[fw + sw] = ALLE[_FARB_INDEX[farbe] * 8 + _SCHLAG_INDEX[schlag]]
    for name, farbe in _SAU_NAMEN.items():  # „Alte“ = Eichel-Sau …
        tab[name] = ALLE[_FARB_INDEX[farbe] * 8]
    return tab


_NACH_TEXT = _baue_nachschlag()


def _token_fehler(token: str, position: int | None, formen: bool = True) -> Eingabefehler:
    wo = f" an Position {position}" if position is not None else ""
    erlaubt = f" Erlaubt sind: {FORMEN}." if formen else ""
    g = _falte(token)
    if g in _SCHLAG_WOERTER:
        schlag = _SCHLAG_WOERTER[g]
        return Mehrdeutig(
            f"„{token}“{wo} ist mehrdeutig: Die Farbe fehlt (z. B. "
            f"E{schlag.value} oder Eichel-{_SCHLAGNAMEN[schlag]})." + erlaubt
        )
    if g in _FARB_WOERTER:
        return Mehrdeutig(
            f"„{token}“{wo} ist mehrdeutig: Der Schlag fehlt (z. B. "
            f"{_FARB_WOERTER[g].value}A oder {_FARB_WOERTER[g].name_de}-Sau)." + erlaubt
        )
    return UnbekannteKarte(f"Unbekannte Karte „{token}“{wo}." + erlaubt)


def _tokens(text: str) -> list[str]:
    """Trennt an Leerzeichen und Kommas; fügt „Gras Sau“ zu einem Token zusammen."""
    roh = [t for t in text.replace(",", " ").replace(";", " ").split() if t]
    aus: list[str] = []
    i = 0
    while i < len(roh):
        t = roh[i]
        if (
            i + 1 < len(roh)
            and _falte(t) in _FARB_WOERTER
            and len(_falte(t)) > 1
            and _falte(roh[i + 1]) in _SCHLAG_WOERTER
        ):
            aus.append(f"{t} {roh[i + 1]}")
            i += 2
        else:
            aus.append(t)
            i += 1
    return aus


def parse_hand(
    text: str | Iterable[str] | Iterable[Karte],
    deck: Blatt | str | None = None,
    anzahl: int | None = None,
) -> tuple[Karte, ...]:
    """Eine Hand lesen: Karten durch Leerzeichen und/oder Kommas getrennt.

    Prüft alle Tokens und meldet *alle* Mängel in einer Fehlermeldung: unbekannte
    Tokens (mit Position), Karten außerhalb des Blatts ``deck``, doppelte Karten und
    eine falsche Anzahl (wenn ``anzahl`` gesetzt ist).

    >>> parse_hand("EO GO", anzahl=3)
    Traceback (most recent call last):
    referee.errors.Eingabefehler: Die Hand hat 2 Karten statt 3.
    """
    blatt = Blatt.parse(deck) if deck is not None else None
    if isinstance(text, str):
        tokens: Sequence[str | Karte] = _tokens(text)
    else:
        tokens = list(text)
    karten: list[Karte] = []
    maengel: list[str] = []
    unbekannt = False
    positionen: dict[Karte, list[int]] = {}
    for pos, tok in enumerate(tokens, start=1):
        k: Karte | None
        if isinstance(tok, Karte):
            k = tok
        else:
            k = _NACH_TEXT.get(tok) or _NACH_TEXT.get(_falte(str(tok)))
        if k is None:
            unbekannt = True
            maengel.append(_token_fehler(str(tok), pos, formen=False).meldung)
            continue
        karten.append(k)
        positionen.setdefault(k, []).append(pos)
        if blatt is Blatt.KURZ and k.schlag in (Schlag.ACHT, Schlag.SIEBEN):
            maengel.append(
                f"Die Karte „{tok}“ an Position {pos} gehört nicht zum kurzen Blatt (ohne Acht und Sieben)."
            )
    doppelt = [(k, p) for k, p in positionen.items() if len(p) > 1]
    if doppelt:
        liste = ", ".join(f"{k} (Position {' und '.join(map(str, p))})" for k, p in doppelt)
        maengel.append(
            f"Doppelte Karte{'n' if len(doppelt) > 1 else ''}: {liste} – jede Karte gibt es nur einmal."
        )
    if anzahl is not None and len(tokens) != anzahl:
        n = len(tokens)
        maengel.append(f"Die Hand hat {n} Karte{'' if n == 1 else 'n'} statt {anzahl}.")
    if maengel:
        if unbekannt:
            maengel.append(f"Erlaubt sind: {FORMEN}.")
        meldung = " ".join(maengel)
        raise (UnbekannteKarte(meldung) if unbekannt else Eingabefehler(meldung))
    return tuple(karten)


def augen(karten: Iterable[Karte]) -> int:
    """Summe der Augen."""
    return sum(_AUGEN[k.schlag] for k in karten)


def blatt_fuer(hand: str, deck: str | Blatt | None = None) -> Blatt:
    """Das Blatt aus ``deck`` (``lang``/``kurz``) oder – ohne Angabe – aus der Hand: sechs
    Karten ohne Acht und Sieben sind die kurze Karte, alles andere die lange. Eine unlesbare
    Hand gilt hier als lang; den genauen Fehler meldet erst ``parse_hand``.

    >>> blatt_fuer("EO GO HO SO EU GU"), blatt_fuer("EO GO HO SO EU G7"), blatt_fuer("??", "kurz")
    (<Blatt.KURZ: 'kurz'>, <Blatt.LANG: 'lang'>, <Blatt.KURZ: 'kurz'>)
    """
    if deck is not None:
        return Blatt.parse(deck)
    try:
        karten = parse_hand(hand)
    except Eingabefehler:
        return Blatt.LANG
    if len(karten) == 6 and not any(k.schlag in (Schlag.ACHT, Schlag.SIEBEN) for k in karten):
        return Blatt.KURZ
    return Blatt.LANG


__all__ = [
    "ALLE",
    "FORMEN",
    "Blatt",
    "Farbe",
    "Karte",
    "Schlag",
    "augen",
    "blatt_fuer",
    "kurz",
    "lang",
    "parse_hand",
]
