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
  Teilnehmer, derselbe Startwert, dieselben früheren Tische → dieselben Tische), setzt gierig
  (jeder an den Tisch mit den wenigsten Bekannten) und tauscht dann Spieler zwischen Tischen,
  solange das Wiederbegegnungen spart. Nebenbei sitzt möglichst niemand zweimal am
  Fünfertisch. ``Auslosung.wiederholungen``: wie viele Paare sich wieder treffen (0, wenn es
  sich vermeiden ließ – bei 26 Spielern in Runde 2 immer).

>>> tischgroessen(26)
(4, 4, 4, 4, 5, 5)
>>> a = auslosen(range(1, 9), [], seed=7, runde=1)
>>> sorted(len(t) for t in a.tische), a.wiederholungen
([4, 4], 0)
>>> a == auslosen(range(1, 9), [], seed=7, runde=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from referee.errors import Zustandsfehler

#: So viel mehr als ein zweiter Platz am Fünfertisch kostet eine Wiederbegegnung.
_PAAR = 1000


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
    fuenfer: Iterable[int] = (),
) -> Auslosung:
    """Die Tische für ``startnummern`` in Runde ``runde``.

    ``begegnungen``: Paare, die schon an einem Tisch saßen (frühere Runden); ``fuenfer``: wer
    schon an einem Fünfertisch saß. Dieselben Eingaben ergeben dieselben Tische (der Zufall
    kommt nur aus ``seed`` und ``runde``). Weniger als 4, 6, 7 oder 11 Spieler:
    ``Zustandsfehler``.
    """
    spieler = sorted(set(startnummern))
    groessen = tischgroessen(len(spieler))
    kennt: dict[int, set[int]] = {p: set() for p in spieler}
    paare = []
    for a, b in begegnungen:
        if a in kennt and b in kennt and a != b:
            kennt[a].add(b)
            kennt[b].add(a)
        paare.append((a, b))
    schon_fuenf = frozenset(fuenfer) & set(spieler)
    zufall = random.Random(f"referee-turnier/{seed}/{runde}")
    n = len(spieler)
    # kleine Felder sind billig: mehrere Anläufe, falls der erste nicht ohne Wiederholung endet
    anlaeufe = max(1, min(25, 2000 // n))
    bestes: tuple[int, list[list[int]]] | None = None
    for _ in range(anlaeufe):
        folge = list(spieler)
        zufall.shuffle(folge)
        tische = _gierig(folge, groessen, kennt, schon_fuenf)
        kosten = _verbessern(tische, kennt, schon_fuenf, zufall, schritte=40 * n)
        if bestes is None or kosten < bestes[0]:
            bestes = (kosten, tische)
        if kosten < _PAAR:  # keine Wiederbegegnung mehr
            break
    assert bestes is not None
    tische = bestes[1]
    for t in tische:
        zufall.shuffle(t)  # die Sitzordnung am Tisch
    fertig = tuple(tuple(t) for t in tische)
    return Auslosung(fertig, wiederholte_paare(fertig, paare))


def _strafe(p: int, groesse: int, schon_fuenf: frozenset[int]) -> int:
    return 1 if groesse == 5 and p in schon_fuenf else 0


def _gierig(
    folge: list[int], groessen: tuple[int, ...], kennt: dict[int, set[int]], fuenf: frozenset[int]
) -> list[list[int]]:
    """Jeden der Reihe nach an den Tisch mit den wenigsten Bekannten (bei Gleichstand den
    leersten, dann den ersten)."""
    tische: list[list[int]] = [[] for _ in groessen]
    for p in folge:
        bekannt = kennt[p]
        beste = None
        for i, t in enumerate(tische):
            frei = groessen[i] - len(t)
            if not frei:
                continue
            kosten = _PAAR * sum(1 for q in t if q in bekannt) + _strafe(p, groessen[i], fuenf)
            schluessel = (kosten, -frei, i)
            if beste is None or schluessel < beste:
                beste = schluessel
        assert beste is not None
        tische[beste[2]].append(p)
    return tische


def _verbessern(
    tische: list[list[int]],
    kennt: dict[int, set[int]],
    fuenf: frozenset[int],
    zufall: random.Random,
    schritte: int,
) -> int:
    """Lokale Suche: einen Spieler mit Bekannten am Tisch gegen den besten Spieler eines
    anderen Tisches tauschen (auch gleich gute Tausche, um Plateaus zu verlassen). Ändert
    ``tische`` und gibt die Kosten zurück (``_PAAR`` je Wiederbegegnung)."""
    wo = {p: i for i, t in enumerate(tische) for p in t}
    groesse = [len(t) for t in tische]

    def bekannte(p: int, i: int) -> int:
        k = kennt[p]
        return sum(1 for q in tische[i] if q != p and q in k)

    def kosten_gesamt() -> int:
        paare = sum(bekannte(p, wo[p]) for p in wo) // 2
        return _PAAR * paare + sum(_strafe(p, groesse[wo[p]], fuenf) for p in wo)

    kosten = kosten_gesamt()
    bester, ohne_besserung = kosten, 0
    for _ in range(schritte):
        if kosten < _PAAR and not any(_strafe(p, groesse[wo[p]], fuenf) for p in wo):
            break
        if ohne_besserung > 4 * len(wo) + 50:  # Plateau: weitere Tausche bringen nichts
            break
        schlecht = sorted(p for p in wo if bekannte(p, wo[p]) or _strafe(p, groesse[wo[p]], fuenf))
        if not schlecht:
            break
        p = zufall.choice(schlecht)
        i = wo[p]
        kp = kennt[p]
        alt_p = _PAAR * bekannte(p, i) + _strafe(p, groesse[i], fuenf)
        beste: list[tuple[int, int]] = []
        beste_delta = None
        for j, t in enumerate(tische):
            if j == i:
                continue
            p_bei_j = sum(1 for r in t if r in kp)
            for q in t:
                kq = kennt[q]
                neu_p = _PAAR * (p_bei_j - (1 if q in kp else 0)) + _strafe(p, groesse[j], fuenf)
                q_bei_i = sum(1 for r in tische[i] if r != p and r in kq)
                neu_q = _PAAR * q_bei_i + _strafe(q, groesse[i], fuenf)
                alt_q = _PAAR * (sum(1 for r in t if r != q and r in kq)) + _strafe(
                    q, groesse[j], fuenf
                )
                delta = neu_p + neu_q - alt_p - alt_q
                if beste_delta is None or delta < beste_delta:
                    beste_delta, beste = delta, [(j, q)]
                elif delta == beste_delta:
                    beste.append((j, q))
        if beste_delta is None or beste_delta > 0:
            ohne_besserung += 1
            continue
        j, q = zufall.choice(beste)
        tische[i][tische[i].index(p)] = q
        tische[j][tische[j].index(q)] = p
        wo[p], wo[q] = j, i
        kosten += beste_delta
        if kosten < bester:
            bester, ohne_besserung = kosten, 0
        else:
            ohne_besserung += 1
    return kosten


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
