"""Bewertung: wie gut ein Abschnitt zu einer Frage passt (Text, Beispielfragen, Profile).

1. **Text** (``rangliste``): jedes Suchwort wird mit dem Vokabular verglichen
   (``Wortindex.aehnliche``); ein Abschnitt bekommt je Suchwort den besten Treffer, gewichtet
   nach Feld und Seltenheit (idf). Der Roh-Score ist die Summe im Verhältnis zu einem
   Abschnitt, der jedes Suchwort im Titel trägt (= 100; unbekannte Wörter wie Namen zählen
   dabei wenig), plus Zuschläge für benachbarte Wortpaare, für Ähnlichkeit der ganzen Frage
   mit dem Titel und für ein genanntes Spiel. Angezeigt wird ``100·tanh(roh/100)``: 0–100,
   streng monoton. Ein Abschnitt zählt nur, wenn mindestens ein Suchwort (nicht bloß ein
   Spielname) darin sicher erkannt ist (``konstanten.SICHER_ERKANNT``).
2. **Beispielfragen** (``mit_beispielen``): ein Abschnitt bekommt den besseren von Text-Score
   und ``konstanten.GEWICHT_BEISPIEL`` × Score seiner ähnlichsten Beispielfrage (gemindert, wenn die Frage
   nur einen kleinen Teil der Beispielfrage abdeckt, und erst ab ``konstanten.MINDEST_BEISPIEL``); das
   kann über 100 liegen (zählt beim Sortieren, angezeigt wird 100).
3. **Genanntes Spiel** (``genanntes_spiel_zuerst``): andere Spiele treten zurück.
4. **Profile** (``nach_profil``): die Passung der Frage zu den gelernten Profilen ordnet die
   Abschnitte je Art neu, ohne einen Score zu ändern – Schwelle und „der Regeltext schweigt“
   bleiben beim Text.

Die Zahlen stehen in ``referee.suche.konstanten``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from referee.regeltexte import Abschnitt
from referee.suche import konstanten
from referee.suche.satz import ANTWORTWOERTER, frage_woerter, fremdes_spiel, inhaltswoerter
from referee.suche.suchwoerter import Suchwort, suchwoerter
from referee.suche.woerterbuch import spielnamen, staemme, synonyme, synonyme_gebeugt
from referee.suche.wortindex import art as art_von

if TYPE_CHECKING:
    from referee.suche.wortindex import Wortindex


class Treffer(NamedTuple):
    """Ein Suchergebnis: der Abschnitt, sein Score (0–100) und die passenden Korpuswörter."""

    abschnitt: Abschnitt
    score: float
    woerter: frozenset[str]


def anzeige_genau(roh: float) -> float:
    """Roh-Score (Summe samt Zuschlägen, kann über 100 liegen) → 0–100, streng monoton."""
    return 100.0 * math.tanh(roh / 100.0)


def suche(
    ix: Wortindex,
    frage: str,
    spiel: str | None = None,
    anzahl: int = 3,
    mindest_score: float = konstanten.MINDEST_SCORE,
    vage: bool = False,
    art: str | None = "regel",
    namen: frozenset[str] = frozenset(),
) -> list[Treffer]:
    """Die besten ``anzahl`` Abschnitte zu ``frage`` (bester zuerst).

    Leere Liste, wenn nichts den ``mindest_score`` erreicht. ``Eingabefehler`` bei
    leerer Frage oder einer Frage ohne Suchbegriffe. ``vage=True`` lässt auch
    Abschnitte zu, in denen kein Suchwort sicher erkannt wurde (für „Meintest du“).
    ``art``: ``"regel"`` nur Regelabschnitte, ``"konvention"`` nur Konventionen,
    ``None`` beide. ``namen``: die Namen vom Tisch, Füllwörter.
    """
    gesucht = suchwoerter(ix, frage, namen)
    if spiel is None and not gesucht[1] and not vage and fremdes_spiel(frage):
        return []  # „Wer gibt beim Doppelkopf?“: dessen Regeln kennt referee nicht
    reihe, passend = rangliste(ix, frage, gesucht, spiel, vage, art, namen)
    if ix.beispiele is not None:
        reihe = mit_beispielen(ix, reihe, frage, gesucht, spiel, vage, art, namen)
    if gesucht[1] and spiel is None:
        reihe = genanntes_spiel_zuerst(ix, reihe, gesucht[1])
    reihe = nach_profil(ix, reihe, frage, namen)
    grenze = anzeige_genau(mindest_score)
    ergebnisse: list[Treffer] = []
    for score, i in reihe:
        if score < grenze or len(ergebnisse) >= anzahl:
            break
        ergebnisse.append(treffer(ix, i, score, passend))
    return ergebnisse


def treffer(ix: Wortindex, i: int, score: float, passend: dict[int, set[str]]) -> Treffer:
    """Abschnitt ``i`` als Treffer: Score auf eine Stelle gerundet, höchstens 100."""
    return Treffer(ix.abschnitte[i], min(round(score, 1), 100.0), frozenset(passend.get(i, ())))


def genanntes_spiel_zuerst(
    ix: Wortindex, reihe: list[tuple[float, int]], spiele: set[str]
) -> list[tuple[float, int]]:
    """Nennt die Frage ein Spiel („wer verliert bei sabai“), treten die anderen zurück –
    auch wenn eine ihrer Beispielfragen gut passt (``konstanten.BONUS_SPIEL`` im Roh-Score sättigt)."""
    gewichtet = [
        (score if ix.abschnitte[i].spiel in spiele else score * konstanten.FAKTOR_ANDERES_SPIEL, i)
        for score, i in reihe
    ]
    return sorted(gewichtet, key=lambda k: (-k[0], k[1]))


def rangliste(
    ix: Wortindex,
    frage: str,
    gesucht: tuple[list[Suchwort], set[str]],
    spiel: str | None,
    vage: bool,
    art: str | None,
    namen: frozenset[str] = frozenset(),
    alle_woerter: bool = True,
) -> tuple[list[tuple[float, int]], dict[int, set[str]]]:
    """Alle relevanten Abschnitte mit Anzeige-Score (0–100, ungerundet), bester zuerst,
    und je Abschnitt die passenden Korpuswörter. ``gesucht``: ``suchwoerter(ix, frage)``.
    ``alle_woerter``: die passenden Wörter auch für Abschnitte ohne sicher erkanntes Suchwort
    (sie kommen über eine Beispielfrage in die Antwort und werden markiert); der Beispielindex
    braucht sie nur für seine relevanten Einträge."""
    liste, spiele_in_frage = gesucht
    posting = ix.posting
    sicher = konstanten.SICHER_ERKANNT
    # Ein bloßer Spielname („Hochzeit beim Schafkopf“) macht keinen Abschnitt relevant –
    # außer die Frage besteht nur aus Spielnamen
    nur_spielnamen = all(s.gewicht <= konstanten.GEWICHT_SPIELNAME or s.fragewort for s in liste)
    nenner = 0.0
    nahe: list[tuple[set[str], set[str], float]] = []  # je Suchwort: Varianten, Kandidaten, Ideal
    # 1. je Suchwort die ähnlichen Korpuswörter, ihr Gewicht (idf des besten Treffers) und je
    #    Abschnitt der beste; dabei die Abschnitte, deren bester Treffer eines Suchworts sicher
    #    erkannt ist – nur sie kommen in Frage
    gewichtet: list[tuple[Suchwort, dict[str, float], float]] = []
    for such in liste:
        # Varianten: das Wort selbst und seine Synonyme (etwas schwächer)
        varianten = {such.wort: 1.0}
        # sortiert: die Reihenfolge entscheidet Gleichstände, sie darf nicht am Hash hängen
        for s in () if such.fragewort else sorted(synonyme_gebeugt(such.wort)):
            varianten.setdefault(s, konstanten.GEWICHT_SYNONYM)
        aehnlich: dict[str, float] = {}
        if such.fragewort:  # nur das Wort selbst: „wer“ ≠ „werfen“
            varianten = {}
            if such.wort in posting:
                aehnlich[such.wort] = 1.0
            for antwortwort in ANTWORTWOERTER.get(such.wort, ()):
                if antwortwort in posting:
                    aehnlich.setdefault(antwortwort, konstanten.GEWICHT_SYNONYM)
        for variante, faktor in varianten.items():
            for kandidat, sim in ix.aehnliche(variante, variante == such.wort).items():
                wert = sim / 100.0 * faktor
                if wert > aehnlich.get(kandidat, 0.0):
                    aehnlich[kandidat] = wert
        # Gewicht des Suchworts: idf seines besten Treffers (bei Gleichstand des häufigeren)
        if aehnlich:
            bester = max(aehnlich, key=lambda k: (aehnlich[k], -ix.idf(k)))
            idf = ix.idf(bester)
        else:
            # im Korpus unbekannt (Namen, Mundart, „Sepp“, „mei“): trennt keine
            # Abschnitte, senkt nur alle Scores – zählt daher nur halb
            idf = ix.idf_max * konstanten.GEWICHT_UNBEKANNT
        ideal = konstanten.GEWICHT_TITEL * idf * such.gewicht
        nenner += ideal
        nahe.append((set(varianten), {k for k, v in aehnlich.items() if v >= 0.85}, ideal))
        gewichtet.append((such, aehnlich, idf))

    def macht_relevant(such: Suchwort) -> bool:
        return not such.fragewort and (
            such.gewicht > konstanten.GEWICHT_SPIELNAME or nur_spielnamen
        )

    # Sind alle Feldgewichte gleich (der Beispielindex: jede Beispielfrage ist ein Titel), ist
    # der beste Treffer eines Suchworts der ähnlichste: erkannt ist ein Abschnitt genau dann,
    # wenn ein sicher erkanntes Wort in ihm steht – vorab bestimmt, und nur für diese
    # Abschnitte wird gerechnet (der Beispielindex hat Tausende, die meisten fallen weg).
    erkannt: set[int] = set()
    vorab = not vage and not alle_woerter and posting.einheitlich()
    if vorab:
        for such, aehnlich, _ in gewichtet:
            if macht_relevant(such):
                for kandidat, sim in aehnlich.items():
                    if sim >= sicher:
                        erkannt.update(posting[kandidat][0])
    je_suchwort: list[tuple[Suchwort, dict[int, tuple[float, str]], float]] = []
    for such, aehnlich, idf in gewichtet:
        # je berührtem Abschnitt der beste Treffer des Suchworts (Ähnlichkeit × Feldgewicht)
        beste: dict[int, tuple[float, str]] = {}
        if vorab:
            # gleiche Feldgewichte: der ähnlichste Kandidat gewinnt, bei Gleichstand der frühere –
            # also die Kandidaten absteigend (stabil) und je Abschnitt nur der erste, als
            # Mengenoperation statt Schleife über Tausende Beispielfragen
            for kandidat in sorted(aehnlich, key=aehnlich.__getitem__, reverse=True):
                nummern, gewichte = posting[kandidat]
                if nummern:
                    frisch = erkannt.intersection(nummern).difference(beste)
                    beste.update(
                        dict.fromkeys(frisch, (aehnlich[kandidat] * gewichte[0], kandidat))
                    )
        else:
            for kandidat, sim in aehnlich.items():
                for i, feld in zip(*posting[kandidat]):
                    beitrag = sim * feld
                    bisher = beste.get(i)
                    if bisher is None or beitrag > bisher[0]:
                        beste[i] = (beitrag, kandidat)
        je_suchwort.append((such, beste, idf))
        if not vorab and macht_relevant(such):
            erkannt.update(i for i, (_, k) in beste.items() if aehnlich[k] >= sicher)
    # 2. die Summe je Abschnitt, gewichtet nach idf (nur berührte Abschnitte: beim 100-fachen
    #    Korpus zählt das; ohne ``vage`` nur die erkannten – die anderen fallen ohnehin weg),
    #    und die passenden Wörter
    summe: dict[int, float] = {}
    passend: dict[int, set[str]] = {}
    for such, beste, idf in je_suchwort:
        for i, (beitrag, kandidat) in beste.items():
            if vage or i in erkannt:
                summe[i] = summe.get(i, 0.0) + beitrag * idf * such.gewicht
            elif not alle_woerter:
                continue
            woerter_i = passend.get(i)
            if woerter_i is None:
                passend[i] = {kandidat}
            else:
                woerter_i.add(kandidat)
    # Wortpaare der Frage, die im Abschnitt ebenso aufeinander folgen – oder dort ein
    # Kompositum bilden („Ruf Sau“ → rufsau, „wie viele Karten“ → kartenanzahl)
    for (var1, erste, ideal1), (var2, zweite, ideal2) in zip(nahe, nahe[1:]):
        gefunden: set[int] = set()
        for w1 in erste:
            for w2 in zweite:
                gefunden.update(ix.paar(w1, w2))
                gefunden.update(ix.paar(w2, w1))
        for v1 in var1:
            for v2 in var2:
                for kompositum in (v1 + v2, v2 + v1):
                    for i in posting[kompositum][0] if kompositum in posting else ():
                        gefunden.add(i)
                        passend.setdefault(i, set()).add(kompositum)
        for i in gefunden:
            summe[i] = summe.get(i, 0.0) + konstanten.BONUS_PAAR * (ideal1 + ideal2) / 2
    kandidaten: list[tuple[float, int]] = []  # (−Score, Abschnitt): aufsteigend sortiert
    for i, wert in summe.items():
        a = ix.abschnitte[i]
        if (
            wert <= 0.0
            or not (i in erkannt or vage)
            or (spiel is not None and a.spiel != spiel)
            or (art is not None and art_von(a) != art)
        ):
            continue
        score = 100.0 * wert / nenner if nenner else 0.0
        if spiel is None and a.spiel in spiele_in_frage:
            score *= konstanten.BONUS_SPIEL
        kandidaten.append((-score, i))
    kandidaten.sort()
    # Neu sortieren: wie sehr gleicht die ganze Frage dem Titel?
    spiel_je_name = spielnamen()
    roh = frage_woerter(frage)
    frage_staemme = frozenset(
        staemme(w for w in inhaltswoerter(roh, namen) if w not in spiel_je_name or synonyme(w))
    )
    neu: list[tuple[float, int]] = []
    for minus_score, i in kandidaten[: konstanten.NEU_SORTIEREN]:
        score = -minus_score
        titel = ix.titel_staemme[i].split()
        gemeinsam = len(frage_staemme.intersection(titel))
        if gemeinsam and frage_staemme:
            anteil = 0.7 * gemeinsam / len(titel) + 0.3 * gemeinsam / len(frage_staemme)
            score += konstanten.BONUS_TITEL * anteil
        neu.append((anzeige_genau(score), i))
    neu.sort(key=lambda k: (-k[0], k[1]))
    return neu, passend


def mit_beispielen(
    ix: Wortindex,
    reihe: list[tuple[float, int]],
    frage: str,
    gesucht: tuple[list[Suchwort], set[str]],
    spiel: str | None,
    vage: bool,
    art: str | None,
    namen: frozenset[str] = frozenset(),
) -> list[tuple[float, int]]:
    """Die Rangliste aus dem Text, verbunden mit der ähnlichsten Beispielfrage.

    Je Abschnitt zählt der bessere von Text-Score und ``konstanten.GEWICHT_BEISPIEL`` × Score der
    ähnlichsten Beispielfrage, die er beantwortet (``data/beispielfragen.json``).
    """
    assert ix.beispiele is not None
    beste = dict((i, score) for score, i in reihe)
    bsp = ix.beispiele
    beispieltreffer, passend = rangliste(
        bsp, frage, gesucht, spiel, vage, art, namen, alle_woerter=False
    )
    for score, b in beispieltreffer:
        i = ix.ziele[b]
        # Wie viel der Beispielfrage die Frage abdeckt: ein einzelnes gemeinsames Wort
        # mit einer langen Beispielfrage ist schwacher Beleg
        laenge = len(bsp.titel_staemme[b].split())
        abdeckung = min(1.0, len(passend.get(b, ())) / max(laenge, 1))
        wert = (
            konstanten.GEWICHT_BEISPIEL * score * abdeckung**konstanten.ABDECKUNG
        )  # über 100 möglich
        if wert < anzeige_genau(konstanten.MINDEST_BEISPIEL):
            continue
        if wert > beste.get(i, 0.0):
            beste[i] = wert
    return sorted(((score, i) for i, score in beste.items()), key=lambda k: (-k[0], k[1]))


def nach_profil(
    ix: Wortindex,
    reihe: list[tuple[float, int]],
    frage: str,
    namen: frozenset[str] = frozenset(),
) -> list[tuple[float, int]]:
    """Die Reihenfolge je Art (Regelstellen, Konventionen) nach Score plus
    ``konstanten.GEWICHT_PROFIL`` × 100 × Ähnlichkeit mit dem Profil des Abschnitts.

    Die Scores selbst bleiben, nur ihre Zuordnung ändert sich: der beste Score einer Art
    geht an den Abschnitt, der mit Profil vorn liegt. So bleiben Schwelle („Nichts
    Passendes“) und die Entscheidung „der Regeltext schweigt“ beim Text-Score, und ein
    Abschnitt ohne erkanntes Suchwort kommt nie hinein.
    """
    if ix.profile is None or not reihe:
        return reihe
    aehnlich = ix.profil_bewertung(frage, namen)[0]
    neu: list[tuple[float, int]] = []
    for art in ("regel", "konvention"):
        eigene = [(score, i) for score, i in reihe if art_von(ix.abschnitte[i]) == art]
        werte = [score for score, _ in eigene]  # absteigend wie die Rangliste
        gemischt = sorted(
            (
                (score + konstanten.GEWICHT_PROFIL * 100.0 * aehnlich.get(i, 0.0), i)
                for score, i in eigene
            ),
            key=lambda k: (-k[0], k[1]),
        )
        neu.extend((wert, i) for wert, (_, i) in zip(werte, gemischt, strict=True))
    return sorted(neu, key=lambda k: (-k[0], k[1]))
