"""Die Tischauslosung einer Runde: reproduzierbar, Vierertische, so wenig Wiederbegegnungen
wie möglich.

Turnierbrauch (etwa Donauries-Schafkopfcup, Großreuth, Vohenstrauß): jede Runde werden die
Tische neu ausgelost, an einem Tisch sitzen vier; geht die Zahl nicht auf, sitzen an so wenigen
Tischen wie nötig fünf (dort setzt der Geber jedes Spiel aus). Wer sich schon an einem Tisch
gegenübersaß, soll sich möglichst nicht wieder treffen.

- ``tischgroessen(n)``: Vierertische und so wenige Fünfertische wie nötig (``n mod 4``);
  6, 7 und 11 Spieler (und weniger als 4) lassen sich so nicht setzen
  (``tische_auskunft``/``tische_moeglich``/``pruefe_tische``).
- ``auslosen(...)``: mischt mit einem Zufallsgenerator aus Startwert und Runde (dieselben
  Teilnehmer, derselbe Startwert, dieselben früheren Tische und Fünferplätze → dieselben
  Tische), besetzt zuerst die Fünfertische mit denen, die dort am seltensten saßen, setzt die
  übrigen gierig (jeder an den Tisch mit den wenigsten Bekannten) und tauscht dann Spieler
  zwischen Tischen, solange es etwas spart. Was zählt, in dieser Reihenfolge:

  1. Wiederbegegnungen. ``Auslosung.wiederholungen``: wie viele Paare sich wieder treffen (0,
     wenn es sich vermeiden ließ – bei 26 Spielern in Runde 2 immer).
  2. Die Fünferplätze reihum: ``fuenfer`` sagt, wie oft jeder schon dort saß, und ein
     (k+1)-ter Platz dort kostet mehr als alle k-ten zusammen (steil: ``(f + 1) ** z - 1``
     bei ``f`` Fünferplätzen, ``z`` über den wenigsten im Feld).

  Verbürgt ist je Runde: wer am Fünfertisch öfter saß als einer am Vierertisch, könnte mit
  ihm nur tauschen, wenn sich dabei mehr Paare wieder träfen. Über mehrere Runden hält das die
  Spanne (die meisten minus die wenigsten Fünferplätze) meist bei 1, aber nicht immer: jede
  Runde wird für sich ausgelost, und manchmal geht es ohne Wiederbegegnung gar nicht – bei 26
  Spielern in 3 Runden sitzt keiner dreimal am Fünfertisch, einer aber nie (der Beweis steht
  in ``tests/test_turnier_auslosung.py``).

>>> tischgroessen(26)
(4, 4, 4, 4, 5, 5)
>>> a = auslosen(range(1, 9), [], seed=7, runde=1)
>>> sorted(len(t) for t in a.tische), a.wiederholungen
([4, 4], 0)
>>> a == auslosen(range(1, 9), [], seed=7, runde=1)
True

Fünf saßen noch nie am Fünfertisch, alle anderen schon einmal: die fünf kommen dran.

>>> zahl = dict.fromkeys(range(1, 22), 1) | dict.fromkeys((2, 4, 6, 8, 10), 0)
>>> b = auslosen(range(1, 22), [], seed=7, runde=2, fuenfer=zahl)
>>> [sorted(t) for t in b.tische if len(t) == 5]
[[2, 4, 6, 8, 10]]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.errors import Zustandsfehler


def tischgroessen(n: int) -> tuple[int, ...]:
    """Die Tische für ``n`` Spieler: Vierertische, dazu ``n mod 4`` Fünfertische (am Ende);
    geht es nicht, ``Zustandsfehler`` (``pruefe_tische``)."""
    pruefe_tische(n)
    fuenfer = n % 4
    return (4,) * ((n - 5 * fuenfer) // 4) + (5,) * fuenfer


@dataclass(frozen=True)
class Tischauskunft:
    """Lassen sich ``spieler`` an Tische zu vier oder fünf setzen? Sonst ``grund``."""

    moeglich: bool
    spieler: int
    grund: str = ""


def tische_auskunft(n: int) -> Tischauskunft:
    """Ob ``n`` Spieler an Vierer- und Fünfertische passen: jede Zahl ab 4 außer 6, 7, 11."""
    if n >= 4 and 5 * (n % 4) <= n:
        return Tischauskunft(True, n)
    if n < 4:
        grund = f"Mit {n} Spielern gibt es keinen Tisch; ein Schafkopftisch braucht vier."
    else:
        naechste = [m for m in (n - 1, n + 1, n - 2, n + 2) if m >= 4 and 5 * (m % 4) <= m]
        grund = (
            f"{n} Spieler lassen sich nicht an Tische zu vier oder fünf setzen; "
            f"möglich wären z. B. {naechste[0]} (einen an- oder abmelden)."
        )
    return Tischauskunft(False, n, grund)


def tische_moeglich(n: int) -> bool:
    """``tische_auskunft(n).moeglich``."""
    return tische_auskunft(n).moeglich


def pruefe_tische(n: int) -> None:
    """Wie ``tische_auskunft``; geht es nicht, ``Zustandsfehler`` mit dem Grund."""
    auskunft = tische_auskunft(n)
    if not auskunft.moeglich:
        raise Zustandsfehler(auskunft.grund + " Nichts ausgelost.")


@dataclass(frozen=True)
class Auslosung:
    """Die Tische einer Runde (Startnummern in Sitzordnung) und die Paare, die sich dabei
    wieder treffen (``wiederholte``, je ``(kleinere, größere Startnummer)``)."""

    tische: tuple[tuple[int, ...], ...]
    wiederholte: tuple[tuple[int, int], ...] = ()

    @property
    def wiederholungen(self) -> int:
        """Wie viele Paare sich an einem Tisch wieder treffen."""
        return len(self.wiederholte)


def wiederholte_paare(
    tische: Iterable[Iterable[int]], begegnungen: Iterable[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    """Die Paare an ``tische``, die schon in ``begegnungen`` stehen (sortiert)."""
    frueher = {(min(a, b), max(a, b)) for a, b in begegnungen}
    aus = set()
    for tisch in tische:
        t = sorted(tisch)
        for i, a in enumerate(t):
            for b in t[i + 1 :]:
                if (a, b) in frueher:
                    aus.add((a, b))
    return tuple(sorted(aus))


def auslosen(
    startnummern: Iterable[int],
    begegnungen: Iterable[tuple[int, int]],
    *,
    seed: int,
    runde: int,
    fuenfer: Mapping[int, int] | Iterable[int] = (),
) -> Auslosung:
    """Die Tische für ``startnummern`` in Runde ``runde``.

    ``begegnungen``: Paare, die schon an einem Tisch saßen (frühere Runden); ``fuenfer``: wie
    oft jeder schon an einem Fünfertisch saß (Startnummer → Zahl; eine bloße Folge von
    Startnummern zählt jede einmal). Dieselben Eingaben ergeben dieselben Tische (der Zufall
    kommt nur aus ``seed`` und ``runde``). Weniger als 4, 6, 7 oder 11 Spieler:
    ``Zustandsfehler``.
    """
    spieler = sorted(set(startnummern))
    groessen = tischgroessen(len(spieler))
    n = len(spieler)
    index = {p: i for i, p in enumerate(spieler)}
    kennt = [0] * n  # je Spieler (Index in ``spieler``) die Bekannten als Bitmaske
    paare = []
    for a, b in begegnungen:
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None and i != j:
            kennt[i] |= 1 << j
            kennt[j] |= 1 << i
        paare.append((a, b))
    if isinstance(fuenfer, Mapping):
        zahl = [int(fuenfer.get(p, 0)) for p in spieler]
    else:
        schon = set(fuenfer)
        zahl = [1 if p in schon else 0 for p in spieler]
    k = _Kosten.fuer(groessen, kennt, zahl)
    zufall = random.Random(f"referee-turnier/{seed}/{runde}")
    # kleine Felder sind billig: mehrere Anläufe, falls der erste nicht das Beste erreicht
    anlaeufe = max(1, min(25, 2000 // n))
    bestes: _Lage | None = None
    for _ in range(anlaeufe):
        folge = list(range(n))
        zufall.shuffle(folge)
        lage = _Lage(k, _gierig(folge, groessen, k, fuenfer_zuerst=any(k.gewicht)))
        lage.verbessern(zufall, schritte=40 * n)
        lage.ausgleichen()
        if bestes is None or lage.kosten < bestes.kosten:
            bestes = lage
        if lage.kosten <= k.untergrenze:  # besser geht es nicht
            break
    assert bestes is not None
    tische = [[spieler[p] for p in t] for t in bestes.tische]
    for t in tische:
        zufall.shuffle(t)  # die Sitzordnung am Tisch
    fertig = tuple(tuple(t) for t in tische)
    return Auslosung(fertig, wiederholte_paare(fertig, paare))


@dataclass(frozen=True)
class _Kosten:
    """Was eine Auslosung kostet: ``paar`` je Wiederbegegnung, dazu je Fünferplatz das
    ``gewicht`` dessen, der ihn bekommt – ``(f + 1) ** z - 1`` bei ``f`` Fünferplätzen und
    ``z`` früheren Fünferplätzen über den wenigsten im Feld. Ein (k+1)-ter Platz kostet so mehr
    als alle k-ten zusammen und eine Wiederbegegnung mehr als alle Fünferplätze zusammen.
    Spieler sind Indizes, ``kennt`` je Spieler die Bekannten als Bitmaske. ``untergrenze``:
    keine Wiederbegegnung und die Fünferplätze für die, die am seltensten dort saßen – besser
    geht es nicht (erreichbar ist es nicht immer)."""

    kennt: list[int]
    gewicht: list[int]
    paar: int
    untergrenze: int

    @classmethod
    def fuer(cls, groessen: tuple[int, ...], kennt: list[int], zahl: list[int]) -> _Kosten:
        plaetze = sum(g for g in groessen if g == 5)
        unten = min(zahl)
        gewicht = [(plaetze + 1) ** (z - unten) - 1 if plaetze else 0 for z in zahl]
        paar = plaetze * max(gewicht) + 1
        return cls(kennt, gewicht, paar, sum(sorted(gewicht)[:plaetze]))


def _gierig(
    folge: list[int], groessen: tuple[int, ...], k: _Kosten, fuenfer_zuerst: bool = False
) -> list[list[int]]:
    """Jeden der Reihe nach an den Tisch mit den wenigsten Bekannten (bei Gleichstand den
    billigsten, dann den leersten, dann den ersten).

    ``fuenfer_zuerst``: vorher die Fünfertische besetzen – in der Reihenfolge der früheren
    Fünferplätze (die wenigsten zuerst, sonst wie ``folge``) jeden an den leersten Fünfertisch,
    an dem er niemanden kennt."""
    tische: list[list[int]] = [[] for _ in groessen]
    masken = [0] * len(groessen)
    if fuenfer_zuerst:
        fuenf = [i for i, g in enumerate(groessen) if g == 5]
        rest = []
        for p in sorted(folge, key=lambda p: k.gewicht[p]):
            offen = [
                (len(tische[i]), i)
                for i in fuenf
                if len(tische[i]) < 5 and not k.kennt[p] & masken[i]
            ]
            if offen:
                i = min(offen)[1]
                tische[i].append(p)
                masken[i] |= 1 << p
            else:
                rest.append(p)
        uebrig = set(rest)
        folge = [p for p in folge if p in uebrig]
    for p in folge:
        bekannt = k.kennt[p]
        beste = None
        for i, t in enumerate(tische):
            frei = groessen[i] - len(t)
            if not frei:
                continue
            kosten = k.paar * (bekannt & masken[i]).bit_count()
            if groessen[i] == 5:
                kosten += k.gewicht[p]
            schluessel = (kosten, -frei, i)
            if beste is None or schluessel < beste:
                beste = schluessel
        assert beste is not None
        tische[beste[2]].append(p)
        masken[beste[2]] |= 1 << p
    return tische


class _Lage:
    """Tische während der Suche (Spieler als Indizes), mit Bitmasken je Tisch und den
    laufenden Kosten (``_Kosten``)."""

    def __init__(self, k: _Kosten, tische: list[list[int]]) -> None:
        self.k = k
        self.tische = tische
        self.fuenf = [len(t) == 5 for t in tische]
        self.masken = [sum(1 << p for p in t) for t in tische]
        self.wo = [0] * len(k.kennt)
        for i, t in enumerate(tische):
            for p in t:
                self.wo[p] = i
        self.kosten = sum(self._tischkosten(i) for i in range(len(tische)))

    def _tischkosten(self, i: int) -> int:
        k, maske = self.k, self.masken[i]
        paare = sum((k.kennt[p] & maske).bit_count() for p in self.tische[i]) // 2
        if self.fuenf[i]:
            return k.paar * paare + sum(k.gewicht[p] for p in self.tische[i])
        return k.paar * paare

    def bekannte(self, p: int) -> int:
        """Wie viele an ``p``s Tisch ``p`` schon traf."""
        return (self.k.kennt[p] & self.masken[self.wo[p]]).bit_count()

    def delta(self, p: int, q: int) -> int:
        """Um wie viel die Kosten steigen (negativ: sinken), wenn ``p`` und ``q`` (an zwei
        verschiedenen Tischen) die Plätze tauschen."""
        k, i, j = self.k, self.wo[p], self.wo[q]
        kp, kq, mi, mj = k.kennt[p], k.kennt[q], self.masken[i], self.masken[j]
        bp, bq = 1 << p, 1 << q
        d = k.paar * (
            (kp & (mj ^ bq)).bit_count()
            + (kq & (mi ^ bp)).bit_count()
            - (kp & mi).bit_count()
            - (kq & mj).bit_count()
        )
        if self.fuenf[i] != self.fuenf[j]:
            g = k.gewicht[q] - k.gewicht[p]
            d += g if self.fuenf[i] else -g
        return d

    def tauschen(self, p: int, q: int, delta: int) -> None:
        i, j = self.wo[p], self.wo[q]
        self.tische[i][self.tische[i].index(p)] = q
        self.tische[j][self.tische[j].index(q)] = p
        wechsel = (1 << p) | (1 << q)
        self.masken[i] ^= wechsel
        self.masken[j] ^= wechsel
        self.wo[p], self.wo[q] = j, i
        self.kosten += delta

    def schlecht(self) -> list[int]:
        """Wer umgesetzt werden sollte: wer Bekannte am Tisch hat und wer am Fünfertisch
        sitzt, obwohl einer am Vierertisch dort seltener saß."""
        k = self.k
        billigster = min(
            (k.gewicht[p] for i, t in enumerate(self.tische) if not self.fuenf[i] for p in t),
            default=0,
        )
        return [
            p
            for p in range(len(self.wo))
            if self.bekannte(p) or (self.fuenf[self.wo[p]] and k.gewicht[p] > billigster)
        ]

    def verbessern(self, zufall: random.Random, schritte: int) -> None:
        """Lokale Suche: einen, der umgesetzt werden sollte (``schlecht``), gegen den besten
        Spieler eines anderen Tisches tauschen (auch gleich gute Tausche, um Plateaus zu
        verlassen)."""
        bester, ohne_besserung = self.kosten, 0
        for _ in range(schritte):
            if self.kosten <= self.k.untergrenze:
                break
            # Plateau: weitere Tausche bringen nichts; ohne Wiederbegegnung kürzer
            geduld = 50 if self.kosten < self.k.paar else 4 * len(self.wo) + 50
            if ohne_besserung > geduld:
                break
            schlecht = self.schlecht()
            if not schlecht:
                break
            p = zufall.choice(schlecht)
            i = self.wo[p]
            beste: list[int] = []
            beste_delta = None
            for j, t in enumerate(self.tische):
                if j == i:
                    continue
                for q in t:
                    delta = self.delta(p, q)
                    if beste_delta is None or delta < beste_delta:
                        beste_delta, beste = delta, [q]
                    elif delta == beste_delta:
                        beste.append(q)
            if beste_delta is None or beste_delta > 0:
                ohne_besserung += 1
                continue
            self.tauschen(p, zufall.choice(beste), beste_delta)
            if self.kosten < bester:
                bester, ohne_besserung = self.kosten, 0
            else:
                ohne_besserung += 1

    def ausgleichen(self) -> None:
        """Zum Schluss ohne Zufall: solange einer am Fünfertisch mit einem am Vierertisch, der
        dort seltener saß, tauschen kann, ohne dass sich mehr Paare wieder treffen, tauschen.
        Danach gilt: wer am Fünfertisch öfter saß als einer am Vierertisch, kann mit ihm nur
        tauschen, wenn sich dabei mehr Paare wieder treffen."""
        k = self.k
        getauscht = True
        while getauscht:
            getauscht = False
            for i, t in enumerate(self.tische):
                if not self.fuenf[i]:
                    continue
                for p in sorted(t):
                    kandidaten = [
                        (self.delta(p, q), q)
                        for j, u in enumerate(self.tische)
                        if not self.fuenf[j]
                        for q in u
                        if k.gewicht[q] < k.gewicht[p]
                    ]
                    delta, q = min(kandidaten, default=(0, -1))
                    if delta < 0:
                        self.tauschen(p, q, delta)
                        getauscht = True


__all__ = [
    "Auslosung",
    "Tischauskunft",
    "auslosen",
    "pruefe_tische",
    "tische_auskunft",
    "tische_moeglich",
    "tischgroessen",
    "wiederholte_paare",
]
