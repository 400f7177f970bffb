"""Das Ende einer Partie (Runde): Kartenpunkte, Siegespunkte, Ruhmeshalle.

Regeln (sabai.ziel, sabai.ass-joker, sabai.ende-spiel):

- Kartenpunkte = Summe der Zahlen; Joker −4; keine Karten = 0.
- Die wenigsten Kartenpunkte bekommen einen Siegespunkt; bei Gleichstand je einen
  (Konvention, ``Regeln.gleichstand``).
- Wer den Ass-Joker hält, verliert die Partie (−1 Siegespunkt); der Siegespunkt
  geht an die wenigsten Kartenpunkte unter den übrigen. Ausnahme: nur die vier
  Joker (3 Joker + Ass-Joker, unsere Lesart) → Sieg und Ruhmeshalle.
- Ein Spiel besteht aus mehreren Partien; in der letzten darf niemand sabai-sabai
  sagen, sie endet erst, wenn jemand alle Karten ablegen konnte. Wer dann die
  meisten Siegespunkte hat, gewinnt.

>>> r = werte_runde(lies_runde({"Anna": "3 7 J", "Ben": "AJ 2 2", "Cem": "", "Dora": "14 0"}))
>>> [(s.name, s.punkte, s.siegpunkte) for s in r.spieler]
[('Anna', 6, 0), ('Ben', 0, -1), ('Cem', 0, 1), ('Dora', 14, 0)]
>>> r.sieger
('Cem',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import Eingabefehler, UnbekannteKarte
from referee.sabai.karten import (
    ERLAUBTE_FORMEN,
    Karte,
    _lies_token,
    alle_vier_joker,
    deck,
    deck_lesart,
    parse_hand,
    tokens,
)
from referee.sabai.regeln import Gleichstand, Hinweis, HinweisArt, Regeln

MIN_SPIELER = 2
MAX_SPIELER = 12


@dataclass(frozen=True)
class Hand:
    """Die verdeckten Karten einer Spieler:in am Ende der Partie."""

    name: str
    karten: tuple[Karte, ...]

    def __str__(self) -> str:
        return f'{self.name}="{" ".join(map(str, self.karten))}"'


@dataclass(frozen=True)
class Runde:
    """Die Hände aller Spieler:innen am Ende einer Partie, geprüft gegen das Kartenset."""

    haende: tuple[Hand, ...]

    @property
    def namen(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.haende)


def lies_runde(eingaben: Mapping[str, str] | Iterable[tuple[str, str]]) -> Runde:
    """Hände aus Texten wie ``{"Anna": "3 7 J", "Cem": ""}`` lesen und prüfen.

    Meldet alle Mängel auf einmal: unbekannte Tokens (mit Spieler und Position),
    Spieleranzahl, doppelte Namen, mehr Karten als das Kartenset hat.
    """
    paare = list(eingaben.items() if isinstance(eingaben, Mapping) else eingaben)
    haende: list[Hand] = []
    kartenfehler: list[str] = []
    for name, text in paare:
        try:
            haende.append(Hand(name, parse_hand(text, spieler=name)))
        except UnbekannteKarte as exc:
            kartenfehler.append(exc.meldung.split(" Erlaubt sind:")[0])
            # die lesbaren Karten trotzdem mitprüfen, damit alle Mängel auf einmal kommen
            lesbar = tuple(k for t in tokens(text) if (k := _lies_token(t)) is not None)
            haende.append(Hand(name, lesbar))
    runde = Runde(tuple(haende))
    if kartenfehler:
        weitere = maengel(runde)
        raise UnbekannteKarte(
            " ".join(kartenfehler)
            + f" Erlaubt sind: {ERLAUBTE_FORMEN}."
            + "".join(" " + m for m in weitere)
        )
    pruefe_runde(runde)
    return runde


def maengel(runde: Runde) -> list[str]:
    """Alle Gründe, warum diese Runde so nicht möglich ist (leer = möglich)."""
    fehler: list[str] = []
    n = len(runde.haende)
    if not MIN_SPIELER <= n <= MAX_SPIELER:
        fehler.append(
            f"Eine Partie hat {MIN_SPIELER} bis {MAX_SPIELER} Spieler:innen, hier sind es {n}."
        )
    gesehen: dict[str, str] = {}
    for h in runde.haende:
        if not h.name.strip():
            fehler.append("Ein Spielername ist leer.")
            continue
        schluessel = h.name.strip().casefold()
        if schluessel in gesehen:
            fehler.append(
                f"Der Name „{h.name}“ kommt doppelt vor (schon als „{gesehen[schluessel]}“)."
            )
        else:
            gesehen[schluessel] = h.name
    gezaehlt = Counter(k for h in runde.haende for k in h.karten)
    vorrat = deck()
    zu_viele = False
    for karte in Karte:
        if gezaehlt[karte] > vorrat[karte]:
            zu_viele = True
            wer = ", ".join(
                f"{h.name} {h.karten.count(karte)}×" for h in runde.haende if karte in h.karten
            )
            fehler.append(
                f"„{karte}“ kommt {gezaehlt[karte]}-mal vor ({wer}), das Kartenset hat nur "
                f"{vorrat[karte]}."
            )
    if zu_viele:
        fehler.append(f"({deck_lesart()})")
    return fehler


def pruefe_runde(runde: Runde) -> None:
    """``Eingabefehler`` mit allen Mängeln, wenn die Runde so nicht möglich ist."""
    fehler = maengel(runde)
    if fehler:
        raise Eingabefehler(" ".join(fehler))


def kartenpunkte(karten: Iterable[Karte], regeln: Regeln = Regeln()) -> int:
    """Summe der Zahlen; Joker −4; Ass-Joker ``regeln.ass_joker_wert``; keine Karten = 0."""
    return sum(regeln.ass_joker_wert if k is Karte.ASS_JOKER else k.wert for k in karten)


def hat_alle_vier_joker(karten: Iterable[Karte]) -> bool:
    """Genau die vier Joker des Kartensets und sonst nichts (sabai.ass-joker, Lesart)."""
    return Counter(karten) == alle_vier_joker()


@dataclass(frozen=True)
class Spielerergebnis:
    """Eine Spieler:in am Ende der Partie: Karten, Kartenpunkte, Siegespunkte, Hall of Fame."""

    name: str
    karten: tuple[Karte, ...]
    punkte: int
    siegpunkte: int
    ruhmeshalle: bool

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "karten": [str(k) for k in self.karten],
            "punkte": self.punkte,
            "siegpunkte": self.siegpunkte,
            "ruhmeshalle": self.ruhmeshalle,
        }


@dataclass(frozen=True)
class Rundenergebnis:
    """Das Ergebnis einer Partie; ``hinweise`` nennen Regel, Konvention und Lesart."""

    spieler: tuple[Spielerergebnis, ...]
    sieger: tuple[str, ...]
    hinweise: tuple[Hinweis, ...] = field(default=())

    def als_json(self) -> dict[str, Any]:
        """Der JSON-Vertrag von ``referee sabai runde --json``."""
        return {"spieler": [s.als_json() for s in self.spieler], "sieger": list(self.sieger)}

    def als_eintrag(self, letzte: bool = False) -> dict[str, Any]:
        """Das ``ergebnis`` für den Speicher (Vertrag in GEMEINSAM.md)."""
        return {
            "punkte": {s.name: s.punkte for s in self.spieler},
            "siegpunkte": {s.name: s.siegpunkte for s in self.spieler},
            "ruhmeshalle": [s.name for s in self.spieler if s.ruhmeshalle],
            "sieger": list(self.sieger),
            "letzte": letzte,
        }


def zahl(n: int, vorzeichen: bool = False) -> str:
    """Eine Zahl mit echtem Minuszeichen wie im Regeltext: ``-4`` → ``−4``; mit
    ``vorzeichen`` (Siegespunkte) auch ``+1`` – die Null bleibt ``0``.

    >>> zahl(-4), zahl(1, vorzeichen=True), zahl(-1, vorzeichen=True), zahl(0, vorzeichen=True)
    ('−4', '+1', '−1', '0')
    """
    return (f"{n:+d}" if vorzeichen and n else str(n)).replace("-", "−")


def _namen(namen: Iterable[str]) -> str:
    namen = list(namen)
    if len(namen) <= 1:
        return "".join(namen)
    return ", ".join(namen[:-1]) + " und " + namen[-1]


def werte_runde(runde: Runde, regeln: Regeln = Regeln()) -> Rundenergebnis:
    """Kartenpunkte und Siegespunkte einer Partie (sabai.ziel, sabai.ass-joker)."""
    pruefe_runde(runde)
    punkte = {h.name: kartenpunkte(h.karten, regeln) for h in runde.haende}
    siegpunkte = dict.fromkeys(punkte, 0)
    ruhmeshalle: set[str] = set()
    hinweise: list[Hinweis] = []
    halter = next((h for h in runde.haende if Karte.ASS_JOKER in h.karten), None)

    if halter is not None:
        hinweise.append(
            Hinweis(
                f"Der Ass-Joker zählt {zahl(regeln.ass_joker_wert)} Kartenpunkte (der Regeltext "
                "sagt nur "
                "„Ausnahme: siehe Ass-Joker“; einstellbar: --ass-joker-wert). Für den Siegespunkt "
                "zählt das nicht: Wer ihn hält, verliert die Partie oder gewinnt sie mit allen "
                "vier Jokern.",
                "sabai.ziel",
                HinweisArt.KONVENTION,
            )
        )

    if halter is not None and hat_alle_vier_joker(halter.karten):
        siegpunkte[halter.name] = 1
        ruhmeshalle.add(halter.name)
        sieger: tuple[str, ...] = (halter.name,)
        hinweise.append(
            Hinweis(
                f"{halter.name} schliesst nur mit allen vier Jokern ab: gewinnt die Partie und "
                "wird in die Hall of Fame aufgenommen.",
                "sabai.ass-joker",
            )
        )
        hinweise.append(
            Hinweis(
                "„alle vier Joker“ = die 3 Joker und der Ass-Joker des Kartensets.",
                "sabai.ass-joker",
                HinweisArt.LESART,
            )
        )
    else:
        andere = [h.name for h in runde.haende if h is not halter]
        if halter is not None:
            siegpunkte[halter.name] = -1
            text = (
                f"{halter.name} hält den Ass-Joker: verliert die Partie und bekommt einen "
                "Siegespunkt abgezogen; der Siegespunkt geht an die wenigsten Kartenpunkte "
                "unter den übrigen."
            )
            bester_anderer = min(punkte[n] for n in andere)
            if punkte[halter.name] < bester_anderer:
                text += (
                    f" (Nach Kartenpunkten allein hätte {halter.name} die wenigsten – "
                    "das zählt mit dem Ass-Joker nicht.)"
                )
            elif punkte[halter.name] == bester_anderer:
                text += (
                    f" (Nach Kartenpunkten allein läge {halter.name} gleichauf bei den "
                    "wenigsten – das zählt mit dem Ass-Joker nicht.)"
                )
            hinweise.append(Hinweis(text, "sabai.ass-joker"))
        tiefst = min(punkte[n] for n in andere)
        gleichauf = [n for n in andere if punkte[n] == tiefst]
        if len(gleichauf) == 1 or regeln.gleichstand is Gleichstand.ALLE:
            for n in gleichauf:
                siegpunkte[n] += 1
            sieger = tuple(gleichauf)
        else:
            sieger = ()
        if len(gleichauf) > 1:
            text = (
                f"Gleichstand um die wenigsten Kartenpunkte ({zahl(tiefst)}) zwischen "
                f"{_namen(gleichauf)}: "
            )
            if regeln.gleichstand is Gleichstand.ALLE:
                text += "jede:r bekommt einen Siegespunkt (einstellbar: --gleichstand keiner)."
            else:
                text += "niemand bekommt den Siegespunkt (einstellbar: --gleichstand alle)."
            hinweise.append(Hinweis(text, "sabai.ziel", HinweisArt.KONVENTION))

    spieler = tuple(
        Spielerergebnis(h.name, h.karten, punkte[h.name], siegpunkte[h.name], h.name in ruhmeshalle)
        for h in runde.haende
    )
    return Rundenergebnis(spieler, sieger, tuple(hinweise))


def pruefe_letzte_partie(runde: Runde) -> None:
    """Die letzte Partie endet erst, wenn jemand alle Karten ablegen konnte (sabai.ende-spiel)."""
    if all(h.karten for h in runde.haende):
        raise Eingabefehler(
            "Die letzte Partie eines Spiels wird ohne sabai-sabai gespielt und endet erst, "
            "wenn jemand alle Karten ablegen konnte – hier hat aber jede Hand noch Karten "
            "(sabai.ende-spiel)."
        )


def hinweis_letzte_partie() -> Hinweis:
    """Der Hinweis zur letzten Partie eines Spiels (``sabai.ende-spiel``)."""
    return Hinweis(
        "Letzte Partie des Spiels: sabai-sabai darf nicht gesagt werden; sie endet, wenn jemand "
        "alle Karten ablegen konnte. Wer dann die meisten Siegespunkte hat, gewinnt das Spiel.",
        "sabai.ende-spiel",
    )


@dataclass(frozen=True)
class Spielstand:
    """Siegespunkte eines Spiels (mehrerer Partien) und wer die meisten hat.

    ``beendet``: die letzte Partie (``--letzte``) ist gespielt; erst dann ist
    ``sieger`` der Spielsieger, vorher nur die Führenden.
    """

    siegpunkte: dict[str, int]
    sieger: tuple[str, ...]
    hinweise: tuple[Hinweis, ...] = ()
    partien: int = 0
    beendet: bool = False

    def als_json(self) -> dict[str, Any]:
        return {
            "partien": self.partien,
            "beendet": self.beendet,
            "siegpunkte": dict(self.siegpunkte),
            "sieger": list(self.sieger),
        }


def werte_spiel(runden: Iterable[Mapping[str, int]], beendet: bool = False) -> Spielstand:
    """Siegespunkte über die Partien eines Spiels summieren (sabai.ende-spiel).

    ``runden`` sind die ``siegpunkte``-Abbildungen der Partien. Bei Gleichstand um die
    meisten Siegespunkte gewinnen alle gleichauf Liegenden (Konvention, gesagt).
    """
    summe: dict[str, int] = {}
    partien = 0
    for sp in runden:
        partien += 1
        for name, wert in sp.items():
            summe[name] = summe.get(name, 0) + wert
    if not summe:
        return Spielstand({}, (), partien=partien, beendet=beendet)
    best = max(summe.values())
    sieger = tuple(n for n, w in summe.items() if w == best)
    hinweise: tuple[Hinweis, ...] = ()
    if len(sieger) > 1:
        hinweise = (
            Hinweis(
                f"Gleichstand um die meisten Siegespunkte ({best}) zwischen {_namen(sieger)}: "
                "alle gewinnen gemeinsam.",
                "sabai.ende-spiel",
                HinweisArt.KONVENTION,
            ),
        )
    return Spielstand(summe, sieger, hinweise, partien, beendet)


def spiele_aus_partien(partien: Iterable[tuple[Mapping[str, int], bool]]) -> list[Spielstand]:
    """Partien (je Siegespunkte und ob sie die letzte ihres Spiels war; in Reihenfolge) in
    Spiele teilen.

    Ein Spiel endet mit der Partie, die ``letzte`` ist; was danach kommt, gehört zum nächsten
    (noch laufenden) Spiel.
    """
    spiele: list[Spielstand] = []
    laufend: list[Mapping[str, int]] = []
    for siegpunkte, letzte in partien:
        laufend.append(siegpunkte)
        if letzte:
            spiele.append(werte_spiel(laufend, beendet=True))
            laufend = []
    if laufend:
        spiele.append(werte_spiel(laufend, beendet=False))
    return spiele
