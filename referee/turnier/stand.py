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

from collections.abc import Iterable, Sequence

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
    gesessen: set[int] | None = None,
) -> list[Konto]:
    """Je Startnummer ihr Konto über alle ``runden`` Runden (``runde``: nur diese Runde, dann nur
    wer in ihr saß – ``gesessen``): Punkte je Runde (was ihre Tische zählen), die Punkte der
    Wertung (die Summe oder die der Runde), gewonnene Soli, abgemeldet, frühere Namen. Eine
    Startnummer behält mit dem Ersatzspieler ihre Punkte; ihr Name ist der, unter dem sie jetzt
    (bzw. in ``runde``) spielt."""
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
        if gesessen is not None and x.startnummer not in gesessen:
            continue
        je: Sequence[int] = punkte.get(x.startnummer, [0] * runden)
        aus.append(
            Konto(
                x.startnummer,
                x.name if runde is None else x.name_in(runde),
                je[runde - 1] if runde is not None else sum(je),
                soli.get(x.startnummer, 0),
                tuple(je),
                x.abgemeldet_ab is not None,
                x.ersetzt,
            )
        )
    return aus


__all__ = ["konten", "tischsumme"]
