"""Aus einer Frage die gewichteten Suchwörter – mit dem Vokabular des Index.

``suchwoerter`` zerlegt die Frage (``satz.frage_woerter``), berichtigt Tippfehler im Gerüst und
in Korpuswörtern, setzt abgetrennte Verbzusätze wieder ans Verb („wer kommt raus“ →
``rauskommt``), lässt Füllwörter weg und gewichtet den Rest: Fragewörter und Spielnamen wenig,
schwache Wörter halb, Teile eines Kompositums halb; ein unbekanntes Kompositum wird in bekannte
Teile zerlegt. Dazu kommen die Absichten der Frage (``#zahl``, ``#geld``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import Eingabefehler
from referee.suche import konstanten
from referee.suche.falten import gekuerzt, zahl
from referee.suche.satz import (
    ABSICHT_IN_FRAGE,
    FRAGEWOERTER,
    NACH_PRAEPOSITION,
    frage_woerter,
    geruest,
    geruest_menge,
    nomen_nach_artikel,
    nur_ortsangabe,
)
from referee.suche.woerterbuch import (
    mundart,
    schwache_woerter,
    spielnamen,
    stoppwoerter,
    synonyme,
)
from referee.suche.wortformen import VORSILBEN, stamm

if TYPE_CHECKING:
    from referee.suche.wortindex import Wortindex


class Suchwort(NamedTuple):
    """Ein Wort der Frage mit seinem Gewicht."""

    wort: str
    gewicht: float  # 1.0, GEWICHT_SCHWACH, GEWICHT_SPIELNAME oder GEWICHT_FRAGEWORT (konstanten)
    fragewort: bool = False  # „wer“, „wann“ …: nur genau, macht nichts relevant


def suchwoerter(
    ix: Wortindex, frage: str, namen: frozenset[str] = frozenset()
) -> tuple[list[Suchwort], set[str]]:
    """Die gewichteten Suchwörter der Frage und die Spiele, die sie nennt. ``namen``: die
    Namen vom Tisch (``woerterbuch.namen_als_fuellwoerter``), Füllwörter wie die aus
    ``data/stoppwoerter.txt``.

    ``Eingabefehler`` bei leerer Frage, einer Frage ohne Wörter oder nur aus Füllwörtern.
    """
    if not frage or not frage.strip():
        raise Eingabefehler(
            'Die Frage ist leer. Beispiel: referee frage "Wann darf ich davonlaufen?"'
        )
    roh = frage_woerter(frage)
    if not roh:
        raise Eingabefehler(
            f"Die Frage „{gekuerzt(frage)}“ enthält keine Wörter. "
            'Beispiel: referee frage "Davonlaufen"'
        )
    stopp = stoppwoerter() | namen if namen else stoppwoerter()
    roh = tippfehler_im_geruest(ix, roh, stopp, namen)
    roh = trennbare_verben(ix, roh, stopp)
    spiel_je_name = spielnamen()
    spiele: set[str] = set()
    liste: list[Suchwort] = []
    gesehen: set[str] = set()
    # Teile eines Bindestrich-Kompositums (Gras-Sau → gras, sau, grassau) zählen
    # zusammen mit dem Kompositum nur wenig mehr als ein Wort
    teile: set[int] = set()
    for i in range(2, len(roh)):
        for n in (2, 3):
            if i >= n and roh[i] == "".join(roh[i - n : i]):
                teile.update(range(i - n, i))
    for nr, w in enumerate(roh):
        if w in FRAGEWOERTER and w not in gesehen:
            gesehen.add(w)
            liste.append(Suchwort(w, konstanten.GEWICHT_FRAGEWORT, fragewort=True))
            continue
        if w in gesehen or (w in stopp and not nomen_nach_artikel(roh, nr)):
            continue
        gesehen.add(w)
        if w in spiel_je_name:
            spiele.add(spiel_je_name[w])
            # Spielnamen, die zugleich Regelbegriffe sind (Sauspiel/Rufspiel), zählen voll –
            # außer als Ortsangabe („wie viel zahlt man beim Sauspiel“)
            regelbegriff = synonyme(w) and not nur_ortsangabe(roh, nr)
            gewicht = 1.0 if regelbegriff else konstanten.GEWICHT_SPIELNAME
        elif w in schwache_woerter():
            gewicht = konstanten.GEWICHT_SCHWACH
        else:
            gewicht = 1.0
        if nr in teile:
            gewicht *= konstanten.GEWICHT_TEIL
        zerlegt = ix.zerteile(w)
        if zerlegt:  # unbekanntes Kompositum: seine Teile (Ruffarbenkarte → ruf, farbe, karte)
            # ein bloß abgetrenntes Verb (zurück|stoßen) trägt die Bedeutung fast allein
            anteil = (
                konstanten.GEWICHT_TEIL
                if len(zerlegt) > 1
                else konstanten.GEWICHT_VERB_OHNE_VORSILBE
            )
            for teil in zerlegt:
                if teil not in gesehen and teil not in stopp:
                    gesehen.add(teil)
                    liste.append(Suchwort(teil, gewicht * anteil))
            continue
        liste.append(Suchwort(w, gewicht))
    for absicht in sorted({ABSICHT_IN_FRAGE[w] for w in roh if w in ABSICHT_IN_FRAGE}):
        liste.append(Suchwort(absicht, konstanten.GEWICHT_ABSICHT[absicht], fragewort=True))
    if all(s.fragewort for s in liste):
        raise Eingabefehler(
            f"Die Frage „{gekuerzt(frage)}“ enthält nur Füllwörter. Nenne den Regelbegriff, "
            'z. B. referee frage "Wann darf ich davonlaufen?"'
        )
    return liste, spiele


def tippfehler_im_geruest(
    ix: Wortindex, roh: list[str], stopp: frozenset[str], namen: frozenset[str] = frozenset()
) -> list[str]:
    """Vertippte Wörter berichtigen, bevor Synonyme, Zahlen und Verbzusätze greifen.

    1. Umlaut als bloßer Vokal (``uber``, ``funf``, ``zuruckstossen``): die Form mit
       ``ue``/``oe``/``ae``, wenn sie bekannt ist.
    2. Gerüstwörter (Füllwort, Spielname, Zahlwort, Mundart) stehen nicht im Korpus,
       die unscharfe Suche fände sie nie (``vile`` → ``viele``, ``saabi`` → ``sabai``,
       ``drizehn`` → ``13``): ab ``konstanten.MINDEST_LAENGE_BERICHTIGUNG`` Buchstaben.
    3. Ein Korpuswort, wenn genau eines in Frage kommt (``kreigt`` → ``kriegt``), ab
       ``konstanten.MINDEST_LAENGE_KORPUS`` Buchstaben – kürzere sind zu oft ein anderes Wort.
    Als Tippfehler gilt genau einer: ein Buchstabe zu viel, zu wenig, falsch oder zwei
    vertauscht (Damerau-Distanz 1). Die ``namen`` vom Tisch gehören zum Gerüst: ein Name ist
    kein vertipptes Wort, ein vertippter Name („Kunigunda“) wird zum Namen.
    """
    woerter_im_geruest = geruest() if not namen else (*geruest(), *sorted(namen))
    ergebnis: list[list[str]] = []
    zu_fuellwort: list[int] = []
    for w in roh:
        if (
            len(w) < 3
            or not w.isalpha()
            or w in namen
            or _bekanntes_wort(ix, w)
            or ix.zerteile(w)  # ein Kompositum aus bekannten Teilen ist kein Tippfehler
        ):
            ergebnis.append([w])
            continue
        richtig = _umlaut(ix, w) or _naechstes(ix, w, woerter_im_geruest, stopp)
        if richtig is None:
            ergebnis.append([w])
            continue
        if richtig in stopp:
            zu_fuellwort.append(len(ergebnis))
        ergebnis.append(mundart().get(richtig, [zahl(richtig) or richtig]))
    if zu_fuellwort and all(x in stopp or x in FRAGEWOERTER for t in ergebnis for x in t):
        # Bliebe nur Füllwerk, war das vertippte Wort der Begriff („Regln“ → Regeln)
        for i in zu_fuellwort:
            ergebnis[i] = [roh[i]]
    return [x for teil in ergebnis for x in teil]


def _bekanntes_wort(ix: Wortindex, w: str) -> bool:
    """Ist ``w`` bekannt: Korpuswort, Gerüstwort, Synonym, Stamm eines Korpusworts, Zahl?"""
    return (
        w in ix.posting
        or w in geruest_menge()
        or bool(synonyme(w))
        or stamm(w) in ix.stammwoerter
        or zahl(w) is not None
    )


def _umlaut(ix: Wortindex, w: str) -> str | None:
    """``uber`` → ``ueber``: die erste Umschreibung eines Vokals, die bekannt ist."""
    for i, vokal in enumerate(w):
        if vokal in "aou" and w[i + 1 : i + 2] != "e":
            variante = w[: i + 1] + "e" + w[i + 1 :]
            if _bekanntes_wort(ix, variante) or ix.zerteile(variante):
                return variante
    return None


def _naechstes(ix: Wortindex, w: str, gerueste: Sequence[str], stopp: frozenset[str]) -> str | None:
    """Das Gerüst- oder Korpuswort mit genau einem Tippfehler Abstand, sonst None."""
    if len(w) < 4:
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    nah = process.extractOne(w, gerueste, scorer=OSA.distance, score_cutoff=1)
    if nah is not None and (
        len(w) >= konstanten.MINDEST_LAENGE_BERICHTIGUNG or nah[0] not in stopp
    ):
        return nah[0]  # kurze Wörter nur als Mengen-, Zahl-, Spielwort (vile → viele)
    if len(w) < konstanten.MINDEST_LAENGE_KORPUS or ix.ist_wortanfang(w):
        return None  # zu kurz, oder Anfang eines Korpusworts (kleine → kleinere)
    kandidaten = process.extract(w, ix.vokabular, scorer=OSA.distance, score_cutoff=1, limit=2)
    return kandidaten[0][0] if len(kandidaten) == 1 else None


def trennbare_verben(ix: Wortindex, roh: list[str], stopp: frozenset[str]) -> list[str]:
    """Nachgestellte Partikel wieder ans Verb: „wer kommt raus“ → ``rauskommt``.

    Das Verb steht in der Frage vorn (erste bis dritte Stelle: „kommt er raus“, „wer
    kommt raus“, „bei wem leg ich ab“); das Kompositum ersetzt Verb und Partikel nur,
    wenn es, sein Stamm oder ein Synonym im Korpus vorkommt – und nicht, wenn nach der
    Partikel ein Artikel oder Pronomen folgt: dann ist sie Präposition („zahlt an wen“).
    """
    ergebnis = list(roh)
    for j in range(len(roh) - 1, 0, -1):
        partikel = roh[j]
        if partikel not in VORSILBEN or (j + 1 < len(roh) and roh[j + 1] in NACH_PRAEPOSITION):
            continue
        for k in (1, 0, 2):
            if k >= j or ergebnis[k] in stopp or ergebnis[k] in VORSILBEN:
                continue
            kompositum = partikel + ergebnis[k]
            if (
                kompositum in ix.posting
                or synonyme(kompositum)
                or stamm(kompositum) in ix.stammwoerter
            ):
                ergebnis[k] = kompositum
                del ergebnis[j]
                break
    return ergebnis
