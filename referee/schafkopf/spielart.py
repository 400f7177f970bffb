"""Die Spielarten des Schafkopf und ihre Trumpfreihenfolgen; wer den Stich bekommt.

Trümpfe, stärkster zuerst (Regelabschnitt ``schafkopf.truempfe``):

- Rufspiel (Sauspiel) und Ramsch: EO GO HO SO EU GU HU SU, dann Herz A 10 K 9 8 7 (14 Trümpfe).
- Farbsolo (Farbe X): die vier Ober, die vier Unter, dann X A 10 K 9 8 7.
- Wenz: nur EU GU HU SU; die Ober stehen in ihrer Farbe zwischen König und Neun.
- Farbwenz (X): die vier Unter, dann X A 10 K O 9 8 7.
- Geier: nur die vier Ober; die Unter stehen in ihrer Farbe. Farbgeier (X): die vier Ober,
  dann X A 10 K U 9 8 7.
- Bettel: keine Trümpfe. Konvention, nicht im Regeltext: Ober und Unter rücken in ihre
  Farbe ein, und zwar in der verbreiteten Bettel-Reihenfolge A K O U 10 9 8 7 (die Zehn
  steht unter dem Unter). Mit ``Spiel(..., bettel_zehn_hoch=True)`` gilt stattdessen
  A 10 K O U 9 8 7.

Nichttrümpfe einer Farbe: Sau, Zehn, König, (Ober), (Unter), Neun, Acht, Sieben.
Den Stich bekommt der höchste Trumpf, sonst die höchste Karte der ausgespielten Farbe
(Ober/Unter, die Trumpf sind, gehören nicht zu ihrer aufgedruckten Farbe)
(``schafkopf.stichregeln``).

>>> s = Spiel(Spielart.RUFSPIEL, Farbe.SCHELLEN)
>>> [str(k) for k in s.truempfe()][:9]
['EO', 'GO', 'HO', 'SO', 'EU', 'GU', 'HU', 'SU', 'HA']
>>> stichsieger(s, parse_hand("SK S9 H7 SA"), ausspieler=2)  # Herz-Sieben sticht: Sitz 2+2 = 0
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from referee.errors import Eingabefehler
from referee.schafkopf.karten import ALLE, Blatt, Farbe, Karte, Schlag, parse_hand  # noqa: F401
from referee.schafkopf.ruf import RUFBAR_TEXT


class Spielart(StrEnum):
    """Spielart; der Wert ist der Name in der Partie-JSON und auf der Kommandozeile."""

    RUFSPIEL = "rufspiel"
    SOLO = "solo"  # Farbsolo
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

    @property
    def name_de(self) -> str:
        """``Rufspiel``, ``Farbsolo``, ``Wenz`` …"""
        return _NAMEN[self]

    @classmethod
    def parse(cls, text: str | Spielart) -> Spielart:
        """``rufspiel``/``sauspiel``, ``solo``/``farbsolo``, ``wenz`` … → Spielart."""
        if isinstance(text, Spielart):
            return text
        t = str(text).strip().casefold().replace("-", "").replace(" ", "")
        art = _ALIASE.get(t)
        if art is None:
            raise _unbekannte_spielart(str(text))
        return art


_NAMEN = {
    Spielart.RUFSPIEL: "Rufspiel",
    Spielart.SOLO: "Farbsolo",
    Spielart.WENZ: "Wenz",
    Spielart.FARBWENZ: "Farbwenz",
    Spielart.GEIER: "Geier",
    Spielart.FARBGEIER: "Farbgeier",
    Spielart.RAMSCH: "Ramsch",
    Spielart.BETTEL: "Bettel",
}
_ALIASE = {a.value: a for a in Spielart} | {
    "sauspiel": Spielart.RUFSPIEL,
    "ruf": Spielart.RUFSPIEL,
    "farbsolo": Spielart.SOLO,
    "ramschspiel": Spielart.RAMSCH,
}

#: Farbspiele, wie man sie ansagt (``herz-solo``, ``eichel-wenz``, ``gras-geier``): Endung → Spielart.
_FARBSPIEL_ENDUNG = {"solo": "Solo", "wenz": "Wenz", "geier": "Geier"}


def _unbekannte_spielart(text: str) -> Eingabefehler:
    """„Meintest du …?“ bei einem Tippfehler (``rufspeil``), sonst die Liste aller Spielarten."""
    from referee.namen import aehnliche, meintest_du

    woerter = [a.value for a in Spielart] + [
        f"{f.wort}-{e}" for f in Farbe for e in _FARBSPIEL_ENDUNG
    ]
    falten = lambda w: w.casefold().replace("-", "")  # noqa: E731
    vorschlag = meintest_du(aehnliche(text.strip(), woerter, schluessel=falten, n=1))
    if vorschlag:
        return Eingabefehler(f"Unbekannte Spielart „{text}“. {vorschlag}")
    erlaubt = ", ".join(a.value for a in Spielart)
    return Eingabefehler(
        f"Unbekannte Spielart „{text}“. Erlaubt sind: {erlaubt} "
        "(Farbspiele auch als herz-solo, eichel-wenz, gras-geier …)."
    )


#: Gruppe der Trümpfe in den Tabellen (Farben haben die Gruppen 0–3 = ``Karte.nr // 8``).
TRUMPF = 4

_OBER = tuple(Karte(f, Schlag.OBER) for f in Farbe)
_UNTER = tuple(Karte(f, Schlag.UNTER) for f in Farbe)
_NATUERLICH = (
    Schlag.SAU,
    Schlag.ZEHN,
    Schlag.KOENIG,
    Schlag.OBER,
    Schlag.UNTER,
    Schlag.NEUN,
    Schlag.ACHT,
    Schlag.SIEBEN,
)
_BETTEL = (
    Schlag.SAU,
    Schlag.KOENIG,
    Schlag.OBER,
    Schlag.UNTER,
    Schlag.ZEHN,
    Schlag.NEUN,
    Schlag.ACHT,
    Schlag.SIEBEN,
)


def _trumpfliste(art: Spielart, farbe: Farbe | None) -> tuple[Karte, ...]:
    def farbe_ohne(f: Farbe, ohne: tuple[Schlag, ...]) -> tuple[Karte, ...]:
        return tuple(Karte(f, s) for s in _NATUERLICH if s not in ohne)

    ou = (Schlag.OBER, Schlag.UNTER)
    if art in (Spielart.RUFSPIEL, Spielart.RAMSCH):
        return _OBER + _UNTER + farbe_ohne(Farbe.HERZ, ou)
    if art is Spielart.WENZ:
        return _UNTER
    if art is Spielart.GEIER:
        return _OBER
    if art is Spielart.BETTEL:
        return ()
    assert farbe is not None  # Solo, Farbwenz, Farbgeier: braucht_farbe (Spiel.__post_init__)
    if art is Spielart.SOLO:
        return _OBER + _UNTER + farbe_ohne(farbe, ou)
    if art is Spielart.FARBWENZ:
        return _UNTER + farbe_ohne(farbe, (Schlag.UNTER,))
    return _OBER + farbe_ohne(farbe, (Schlag.OBER,))  # Farbgeier


@dataclass(frozen=True, slots=True)
class _Tabellen:
    truempfe: tuple[Karte, ...]
    rang: tuple[int, ...]  # je Karte.nr: höher = stärker; Trümpfe ≥ 100
    gruppe: tuple[int, ...]  # je Karte.nr: TRUMPF oder Farbindex 0–3


_TABELLEN_CACHE: dict[tuple[Spielart, Farbe | None, bool], _Tabellen] = {}


def _tabellen(art: Spielart, farbe: Farbe | None, zehn_hoch: bool) -> _Tabellen:
    schluessel = (art, farbe, zehn_hoch)
    tab = _TABELLEN_CACHE.get(schluessel)
    if tab is None:
        truempfe = _trumpfliste(art, farbe)
        rang = [0] * 32
        gruppe = [0] * 32
        reihe = _BETTEL if art is Spielart.BETTEL and not zehn_hoch else _NATUERLICH
        for k in ALLE:
            gruppe[k.nr] = k.nr // 8
            rang[k.nr] = 8 - reihe.index(k.schlag)
        for i, k in enumerate(truempfe):
            gruppe[k.nr] = TRUMPF
            rang[k.nr] = 100 + len(truempfe) - i
        tab = _Tabellen(truempfe, tuple(rang), tuple(gruppe))
        _TABELLEN_CACHE[schluessel] = tab
    return tab


K_RAMSCH_TRUMPF = (
    "Konvention, nicht im Regeltext: Ramsch (niemand spielt) – jeder für sich, mit den "
    "Trümpfen und der Bedienpflicht des Rufspiels, ohne Ruf-Sau."
)
K_BETTEL_REIHE = (
    "Konvention, nicht im Regeltext: Beim Bettel gibt es keine Trümpfe; jede Farbe "
    "sticht in der Reihenfolge Sau, König, Ober, Unter, Zehn, Neun, Acht, Sieben."
)
K_BETTEL_REIHE_HOCH = (
    "Konvention, nicht im Regeltext: Beim Bettel gibt es keine Trümpfe; jede Farbe "
    "sticht in der Reihenfolge Sau, Zehn, König, Ober, Unter, Neun, Acht, Sieben."
)

_FARBEN = tuple(Farbe)
_SPIEL_CACHE: dict[tuple[str | Spielart, str | Farbe | None], Spiel] = {}


@dataclass(frozen=True, slots=True)
class Spiel:
    """Ein angesagtes Spiel: Spielart und Farbe (Ruffarbe beim Rufspiel, sonst Trumpffarbe).

    ``Spiel(Spielart.RUFSPIEL, Farbe.GRAS)`` ist ein Sauspiel mit der Gras-Sau.
    """

    art: Spielart
    farbe: Farbe | None = None
    bettel_zehn_hoch: bool = False
    _tab: _Tabellen = field(init=False, repr=False, compare=False)
    _rufsau: Karte | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.art.braucht_farbe and self.farbe is None:
            if self.art is Spielart.RUFSPIEL:
                was = "die gerufene Sau (eichel, gras oder schellen)"
            else:
                was = "die Trumpffarbe (eichel, gras, herz oder schellen)"
            raise Eingabefehler(f"Beim {self.art.name_de} fehlt {was}.")
        if not self.art.braucht_farbe and self.farbe is not None:
            raise Eingabefehler(
                f"Beim {self.art.name_de} gibt es keine Farbe; „{self.farbe.wort}“ passt nicht."
            )
        if self.art is Spielart.RUFSPIEL and self.farbe is Farbe.HERZ:
            raise Eingabefehler(
                f"Die Herz-Sau ist Trumpf und kann nie gerufen werden. {RUFBAR_TEXT}",
                "schafkopf.rufbare-saeue",
            )
        object.__setattr__(self, "_tab", _tabellen(self.art, self.farbe, self.bettel_zehn_hoch))
        rufsau = None
        if self.art is Spielart.RUFSPIEL and self.farbe is not None:
            rufsau = Karte(self.farbe, Schlag.SAU)
        object.__setattr__(self, "_rufsau", rufsau)

    @classmethod
    def aus_text(cls, art: str | Spielart, farbe: str | Farbe | None = None) -> Spiel:
        """``Spiel.aus_text("rufspiel", "schellen")`` – mit deutschen Fehlern.

        Auch zusammengesetzt, wie man es ansagt: ``Spiel.aus_text("Herz-Solo")``,
        ``"Eichel-Wenz"`` (Farbwenz), ``"Gras-Geier"`` (Farbgeier).
        """
        try:
            return _SPIEL_CACHE[(art, farbe)]
        except (KeyError, TypeError):
            pass
        if farbe in (None, "") and isinstance(art, str):
            zerlegt = _farbspiel(art)
            if zerlegt is not None:
                return cls(*zerlegt)
        a = Spielart.parse(art)
        f = (
            None
            if farbe in (None, "")
            else (farbe if isinstance(farbe, Farbe) else Farbe.parse(farbe))
        )
        spiel = cls(a, f)
        if (
            isinstance(art, str)
            and (farbe is None or isinstance(farbe, str))
            and len(_SPIEL_CACHE) < 512
        ):
            _SPIEL_CACHE[(art, farbe)] = spiel
        return spiel

    # --- Fragen ----------------------------------------------------------

    @property
    def rufsau(self) -> Karte | None:
        """Die gerufene Sau (nur beim Rufspiel)."""
        return self._rufsau

    def ist_trumpf(self, karte: Karte) -> bool:
        return self._tab.gruppe[karte.nr] == TRUMPF

    def farbe_im_spiel(self, karte: Karte) -> Farbe | None:
        """Wozu die Karte beim Bedienen gehört: ``None`` = Trumpf, sonst ihre aufgedruckte Farbe."""
        g = self._tab.gruppe[karte.nr]
        return None if g == TRUMPF else _FARBEN[g]

    def gruppe_name(self, karte: Karte) -> str:
        """``Trumpf`` oder der Farbname – für Meldungen."""
        f = self.farbe_im_spiel(karte)
        return "Trumpf" if f is None else f.name_de

    def staerke(self, karte: Karte) -> int:
        """Rangzahl: höher schlägt niedriger innerhalb einer Gruppe; jeder Trumpf > jede Farbkarte."""
        return self._tab.rang[karte.nr]

    def truempfe(self, blatt: Blatt | str = Blatt.LANG) -> tuple[Karte, ...]:
        """Alle Trümpfe im Blatt, stärkster zuerst (Grundlage der Laufenden)."""
        t = self._tab.truempfe
        if Blatt.parse(blatt) is Blatt.KURZ:
            return tuple(k for k in t if k.schlag not in (Schlag.ACHT, Schlag.SIEBEN))
        return t

    def stich_gewinner(self, karten: Sequence[Karte]) -> int:
        """Position (0-basiert) der Karte, die den Stich bekommt."""
        tab = self._tab
        rang, gruppe = tab.rang, tab.gruppe
        erste = karten[0].nr
        bedient = gruppe[erste]
        best = 0
        best_rang = rang[erste]
        for i, k in enumerate(karten):
            nr = k.nr
            if rang[nr] > best_rang and (gruppe[nr] == bedient or gruppe[nr] == TRUMPF):
                best, best_rang = i, rang[nr]
        return best

    def sortiert(self, karten: Sequence[Karte]) -> list[Karte]:
        """Zum Anzeigen: Trümpfe (stärkster zuerst), dann Eichel, Gras, Herz, Schellen."""
        tab = self._tab
        return sorted(
            karten, key=lambda k: (tab.gruppe[k.nr] != TRUMPF, tab.gruppe[k.nr], -tab.rang[k.nr])
        )

    @property
    def konvention(self) -> str | None:
        """Satz zur Konvention, wenn die Spielart nicht im Regeltext steht (Ramsch, Bettel)."""
        if self.art is Spielart.RAMSCH:
            return K_RAMSCH_TRUMPF
        if self.art is Spielart.BETTEL:
            return K_BETTEL_REIHE_HOCH if self.bettel_zehn_hoch else K_BETTEL_REIHE
        return None

    @property
    def ansage(self) -> Ansage:
        """Spielart und Farbe als ``Ansage`` (``Herz-Solo``)."""
        return Ansage(self.art, self.farbe)

    @property
    def beschreibung(self) -> str:
        """``Rufspiel mit der Schellen-Sau``, ``Herz-Solo``, ``Eichel-Wenz``, ``Wenz``."""
        return self.ansage.name_de

    def __str__(self) -> str:
        return self.beschreibung


def _farbspiel(text: str) -> tuple[Spielart, Farbe] | None:
    """``Herz-Solo`` → (Solo, Herz), ``Eichel-Wenz`` → (Farbwenz, Eichel) …; sonst ``None``."""
    from referee.schafkopf.karten import _FARB_WOERTER, _falte

    t = _falte(text)
    for ende, art in (
        ("solo", Spielart.SOLO),
        ("wenz", Spielart.FARBWENZ),
        ("geier", Spielart.FARBGEIER),
    ):
        if t.endswith(ende) and len(t) > len(ende):
            farbe = _FARB_WOERTER.get(t[: -len(ende)])
            if farbe is not None:
                return art, farbe
    return None


class Ansage(NamedTuple):
    """Eine angesagte Spielart samt Farbe, wie man sie am Tisch nennt: ``Herz-Solo`` ist
    ``Ansage(Spielart.SOLO, Farbe.HERZ)``. Die Farbe geht nicht verloren: ``name_de`` ist
    „Herz-Solo“, ``wort`` „herz-solo“ (so wird sie gespeichert und exportiert).
    Als Tupel entpackbar: ``art, farbe = parse_ansage("herz-solo")``.
    """

    art: Spielart
    farbe: Farbe | None = None

    @property
    def name_de(self) -> str:
        """``Herz-Solo``, ``Eichel-Wenz``, ``Gras-Geier``; ohne Farbe ``Farbsolo``, ``Rufspiel`` …"""
        if self.farbe is not None and self.art in _FARBSPIEL_NAME:
            return f"{self.farbe.name_de}-{_FARBSPIEL_NAME[self.art]}"
        if self.farbe is not None and self.art is Spielart.RUFSPIEL:
            return f"Rufspiel mit der {self.farbe.name_de}-Sau"
        return self.art.name_de

    @property
    def wort(self) -> str:
        """``herz-solo``, ``eichel-wenz``; ohne Farbe der Wert der Spielart (``rufspiel``)."""
        if self.farbe is not None and self.art in _FARBSPIEL_NAME:
            return f"{self.farbe.wort}-{_FARBSPIEL_NAME[self.art].lower()}"
        return self.art.value

    def __str__(self) -> str:
        return self.name_de


_FARBSPIEL_NAME = {Spielart.SOLO: "Solo", Spielart.FARBWENZ: "Wenz", Spielart.FARBGEIER: "Geier"}


def parse_ansage(text: str | Spielart) -> Ansage:
    """Die Spielart, wie man sie ansagt: ``Herz-Solo`` → (Solo, Herz), ``Eichel-Wenz`` →
    (Farbwenz, Eichel), ``sauspiel`` → (Rufspiel, ``None``) … Unbekanntes: ``Eingabefehler``
    (bei einem Tippfehler mit „Meintest du …?“).

    >>> parse_ansage("Gras-Geier")
    Ansage(art=<Spielart.FARBGEIER: 'farbgeier'>, farbe=<Farbe.GRAS: 'G'>)
    >>> parse_ansage("herz-solo").name_de, parse_ansage("Sauspiel").farbe
    ('Herz-Solo', None)
    """
    if isinstance(text, str):
        zerlegt = _farbspiel(text)
        if zerlegt is not None:
            return Ansage(*zerlegt)
    return Ansage(Spielart.parse(text))


#: Wie die Abrechnung die Spielarten nennt (wie ``Spielart.name_de``, das Farbsolo kurz „Solo“).
SPIELNAMEN: dict[Spielart, str] = {a: "Solo" if a is Spielart.SOLO else a.name_de for a in Spielart}


def spielname(spielart: Spielart, farbe: Farbe | None = None) -> str:
    """Der Name in der Abrechnung: „Herz-Solo“, „Eichel-Wenz“; ohne Farbe „Solo“, „Wenz“ …
    (das Rufspiel heißt immer „Rufspiel“).

    >>> spielname(Spielart.SOLO), spielname(Spielart.SOLO, Farbe.HERZ)
    ('Solo', 'Herz-Solo')
    """
    if farbe is None or spielart is Spielart.RUFSPIEL:
        return SPIELNAMEN[spielart]
    return Ansage(spielart, farbe).name_de


def ansage_aus_ergebnis(spielart: object, farbe: object = None) -> Ansage | None:
    """Die Ansage eines gespeicherten Spiels (``"spielart"``, ``"farbe"`` des Ergebnisses):
    ``("solo", "herz")`` → Herz-Solo, ``("farbwenz", "eichel")`` → Eichel-Wenz. Unbekanntes
    (ältere oder fremde Einträge): ``None``.

    >>> ansage_aus_ergebnis("solo", "herz").name_de, ansage_aus_ergebnis("solo", "herz").wort
    ('Herz-Solo', 'herz-solo')
    """
    from referee.errors import Eingabefehler
    from referee.schafkopf.karten import Farbe

    try:
        art = Spielart.parse(str(spielart))
    except Eingabefehler:
        return None
    f = None
    if isinstance(farbe, str) and art is not Spielart.RUFSPIEL:
        try:
            f = Farbe.parse(farbe)
        except Eingabefehler:
            f = None
    return Ansage(art, f)


def spielname_aus_ergebnis(spielart: object, farbe: object = None) -> str:
    """Der Anzeigename eines gespeicherten Spiels: „Herz-Solo“, „Eichel-Wenz“, „Rufspiel“.

    >>> spielname_aus_ergebnis("solo", "herz"), spielname_aus_ergebnis("wenz")
    ('Herz-Solo', 'Wenz')
    """
    ansage = ansage_aus_ergebnis(spielart, farbe)
    if ansage is None:
        return str(spielart or "Spiel").capitalize()
    return spielname(ansage.art, ansage.farbe)  # derselbe Name wie in der Abrechnung


def stichsieger(
    spiel: Spiel, karten: Sequence[Karte], ausspieler: int, spieler_zahl: int = 4
) -> int:
    """Sitz (0–3) des Spielers, der den Stich bekommt; ``karten`` in Spielreihenfolge ab ``ausspieler``."""
    return (ausspieler + spiel.stich_gewinner(karten)) % spieler_zahl


__all__ = [
    "SPIELNAMEN",
    "TRUMPF",
    "Ansage",
    "Spiel",
    "Spielart",
    "ansage_aus_ergebnis",
    "parse_ansage",
    "spielname",
    "spielname_aus_ergebnis",
    "stichsieger",
]
