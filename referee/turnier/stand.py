"""Was im Turnier zählt: je Tisch das Blatt vor den Spielen, je Startnummer ihr Konto.

Turnierbrauch: das Tischblatt, das der Turnierleiter vom Papier abtippt, ist die Abrechnung des
Tisches – gibt es eines, zählt es statt der einzeln eingetragenen Spiele (``tischsumme``); sonst
zählt die Summe der Spiele, und ein Tisch ohne beides ist noch offen. Aus den Tischsummen aller
Runden entsteht je Startnummer ihr Konto für die Rangliste (``konten``): Punkte je Runde,
gewonnene Soli, ob abgemeldet, wen ein Ersatzspieler ersetzte.

Rein: der Speicher summiert (``Tischwerte``), hier wird entschieden, was davon gilt.

>>> w = Tischwerte(1, 3, blatt={7: (12, 1), 2: (-12, 0)}, spiele={7: (3, 0), 2: (-3, 0)},
...                anzahl_spiele=2)
>>> s = tischsumme(w)
>>> s.quelle, dict(s.punkte), dict(s.soli), s.spiele
('blatt', {7: 12, 2: -12}, {7: 1, 2: 0}, 2)
>>> tischsumme(Tischwerte(1, 4)).quelle
'offen'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from referee.turnier.daten import Teilnehmer, Tischsumme, Tischwerte
from referee.turnier.rangliste import Konto


def tischsumme(w: Tischwerte) -> Tischsumme:
    """Was ein Tisch einer Runde zählt: ein geltendes Blatt geht den Spielen vor (``quelle``
    ``blatt``), sonst die Summe der geltenden Spiele (``spiele``), sonst ``offen``."""
    if w.blatt:
        quelle, je = "blatt", w.blatt
    elif w.spiele:
        quelle, je = "spiele", w.spiele
    else:
        quelle, je = "offen", {}
    return Tischsumme(
        w.runde,
        w.tisch,
        quelle,
        {nr: p for nr, (p, _) in je.items()},
        {nr: s for nr, (_, s) in je.items()},
        w.anzahl_spiele,
    )


def konten(
    teilnehmer: Iterable[Teilnehmer],
    summen: Iterable[Tischsumme],
    runden: int,
    runde: int | None = None,
    gesessen: Mapping[int, set[int]] | None = None,
    *,
    fehlrunde: str = "0",
) -> list[Konto]:
    """Je Startnummer ihr Konto über alle ``runden`` Runden (``runde``: nur diese Runde, dann nur
    wer in ihr saß): Punkte je Runde (was ihre Tische zählen; ``None`` für eine Runde, in der sie
    an keinem Tisch saß – ``gesessen``: je ausgeloste Runde die Startnummern an ihren Tischen),
    die Punkte der Wertung (die Summe oder die der Runde), gewonnene Soli, abgemeldet, frühere
    Namen. ``fehlrunde`` ``schnitt``: eine ausgeloste Runde, in der sie nicht saß, zählt den
    Schnitt ihrer gespielten (``schnitt``); ``0``: nichts. Eine Startnummer behält mit dem
    Ersatzspieler ihre Punkte; ihr Name ist der, unter dem sie jetzt (bzw. in ``runde``)
    spielt."""
    sitze = gesessen or {}
    punkte: dict[int, list[int]] = {}
    soli: dict[int, int] = {}
    for s in summen:
        for nr, p in s.punkte.items():
            punkte.setdefault(nr, [0] * runden)[s.runde - 1] += p
        if runde is None or s.runde == runde:
            for nr, n in s.soli.items():
                soli[nr] = soli.get(nr, 0) + n
    aus = []
    for x in teilnehmer:
        nr = x.startnummer
        if runde is not None and nr not in sitze.get(runde, set()):
            continue
        roh = punkte.get(nr, [0] * runden)
        je = tuple(roh[r - 1] if nr in sitze.get(r, set()) else None for r in range(1, runden + 1))
        gespielt = [p for p in je if p is not None]
        gesamt = sum(gespielt)
        if fehlrunde == "schnitt" and gespielt:
            fehlt = sum(1 for r, p in enumerate(je, 1) if p is None and r in sitze)
            gesamt += fehlt * schnitt(gespielt)
        aus.append(
            Konto(
                nr,
                x.name if runde is None else x.name_in(runde),
                (je[runde - 1] or 0) if runde is not None else gesamt,
                soli.get(nr, 0),
                je,
                x.abgemeldet_ab is not None,
                x.ersetzt,
            )
        )
    return aus


def schnitt(werte: Sequence[int]) -> int:
    """Der Schnitt ganzer Punkte, kaufmännisch gerundet (die Hälfte von der Null weg).

    >>> schnitt([3, 4]), schnitt([-3, -4]), schnitt([1, 1, 2]), schnitt([5])
    (4, -4, 1, 5)
    """
    n = len(werte)
    summe = sum(werte)
    betrag = (2 * abs(summe) + n) // (2 * n)
    return betrag if summe >= 0 else -betrag


__all__ = ["konten", "schnitt", "tischsumme"]
