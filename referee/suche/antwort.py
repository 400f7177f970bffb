"""Die Antwort: Schwelle, Enthaltung, Konventionen und „der Regeltext schweigt“.

Aus der Bewertung (``referee.suche.bewertung``) entscheidet ``antwort``, was ``referee frage``
zeigt:

- **Schwelle und Enthaltung**: nur Abschnitte ab ``konstanten.MINDEST_SCORE``; fragt die Frage
  nach einem fremden Spiel oder erreicht nichts die Schwelle, kommt nichts („Nichts
  Passendes“, dann ``vorschlaege`` für „Meintest du …?“).
- **Der Regeltext schweigt** (``regeltext_schweigt``): wenn die beste Konvention um
  ``konstanten.VORSPRUNG_KONVENTION`` vor der besten Regelstelle liegt – weniger bei Geldfragen
  (``konstanten.VORTEIL_GELD``), bei Fragen, die eher Konventionsfragen gleichen (``konstanten.PROFIL_ART``), und je
  nach der gelernten Art der Frage (``konstanten.GEWICHT_ART``). Dann nennt die Antwort die passenden
  Konventionen und zuerst die Regelstelle, die zur Konvention etwas sagt.
- Sonst nennt sie eine Konvention nur, wenn sie fast so gut passt wie die beste Regelstelle
  (``konstanten.NAEHE_KONVENTION``: „Stoß verändert den Preis“ – um wie viel?).

``als_json`` ist der JSON-Vertrag von ``referee frage --json``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import Eingabefehler
from referee.regeltexte import Abschnitt, Konvention, konvention
from referee.suche import bewertung, konstanten
from referee.suche.bewertung import Treffer
from referee.suche.falten import woerter
from referee.suche.satz import absicht_im_text, betragsfrage, frage_woerter
from referee.suche.suchwoerter import suchwoerter
from referee.suche.wortindex import art

if TYPE_CHECKING:
    from referee.suche.wortindex import Wortindex


class KonventionsTreffer(NamedTuple):
    """Eine Konvention aus ``data/konventionen.md`` mit Score (0–100)."""

    konvention: Konvention
    score: float


class Abwaegung(NamedTuple):
    """Woraus sich entscheidet, ob der Regeltext zu einer Frage schweigt.

    ``vorsprung``: Score der besten Konvention minus den der besten Regelstelle (unendlich
    ohne Regelstelle, None ohne Konvention); ``geld``: die Frage fragt nach Geld;
    ``profil_unterschied``: beste Passung zu einem Konventionsprofil minus beste zu einem
    Regelprofil; ``art``: die gelernte Art der Frage (über 0 eher nach einer Konvention);
    ``betrag``: die Frage fragt nach einem Betrag oder einer Verdopplung
    (``satz.betragsfrage``) und die beste Konvention nennt einen Preis; ``regel``: Score der
    besten Regelstelle (None ohne Regelstelle).
    """

    vorsprung: float | None
    geld: bool
    profil_unterschied: float
    art: float
    betrag: bool = False
    regel: float | None = None


def regeltext_schweigt(abwaegung: Abwaegung) -> bool:
    """Schweigt der Regeltext? Wenn die beste Konvention um mindestens
    ``konstanten.VORSPRUNG_KONVENTION`` vor der besten Regelstelle liegt – weniger bei
    Geldfragen, bei Fragen, die eher Konventionsfragen gleichen, und je nach der Art der Frage.

    Fragt die Frage nach einem Betrag und nennt die beste Konvention einen Preis, genügt es,
    dass sie fast so gut passt wie die beste Regelstelle (``NAEHE_KONVENTION``, dieselbe
    Schwelle, mit der eine Konvention neben der Regelstelle genannt wird): einen Betrag legt
    kein Regeltext fest.
    """
    if abwaegung.vorsprung is None:
        return False
    if abwaegung.betrag and (
        abwaegung.regel is None
        or abwaegung.vorsprung >= -(1.0 - konstanten.NAEHE_KONVENTION) * abwaegung.regel
    ):
        return True
    noetig = (
        konstanten.VORSPRUNG_KONVENTION
        - (konstanten.VORTEIL_GELD if abwaegung.geld else 0.0)
        - konstanten.PROFIL_ART * 100.0 * abwaegung.profil_unterschied
        - konstanten.GEWICHT_ART * abwaegung.art
    )
    return abwaegung.vorsprung >= noetig


class Antwort(NamedTuple):
    """Regelstellen und Konventionen zu einer Frage.

    ``regeltext_schweigt``: Die Frage betrifft etwas, das der Regeltext nicht festlegt
    (die beste Konvention passt besser als jede Regelstelle); dann gilt die Konvention.
    """

    frage: str
    treffer: tuple[Treffer, ...]
    konventionen: tuple[KonventionsTreffer, ...]
    regeltext_schweigt: bool


def abwaegung(
    ix: Wortindex,
    frage: str,
    spiel: str | None = None,
    mindest_score: float = konstanten.MINDEST_SCORE,
    namen: frozenset[str] = frozenset(),
) -> Abwaegung:
    """Woraus ``antwort`` entscheidet, ob der Regeltext schweigt (für den Benchmark und die
    Kreuzvalidierung: dieselbe Abwägung, die ``antwort`` trifft)."""
    alle = bewertung.suche(
        ix,
        frage,
        spiel,
        3 + konstanten.ANZAHL_KONVENTIONEN,
        mindest_score=mindest_score,
        art=None,
        namen=namen,
    )
    return _abwaegung(ix, frage, spiel, alle, namen)


def _abwaegung(
    ix: Wortindex,
    frage: str,
    spiel: str | None,
    alle: Sequence[Treffer],
    namen: frozenset[str] = frozenset(),
) -> Abwaegung:
    """Die Abwägung aus den Treffern ``alle`` (beider Arten) und den Profilen."""
    regel = next((t.score for t in alle if art(t.abschnitt) == "regel"), None)
    beste_konvention = next((t for t in alle if art(t.abschnitt) == "konvention"), None)
    konv = None if beste_konvention is None else beste_konvention.score
    betrag = (
        beste_konvention is not None
        and _nennt_preis(beste_konvention.abschnitt.id)
        and betragsfrage(frage_woerter(frage))
    )
    geld = any(s.wort == "#geld" for s in suchwoerter(ix, frage, namen)[0])
    unterschied = art_der_frage = 0.0
    if ix.profile is not None:
        # Gleicht die Frage eher den Fragen nach einer Konvention oder nach einer Regel?
        aehnlich, art_der_frage = ix.profil_bewertung(frage, namen)
        beste_art = {"regel": 0.0, "konvention": 0.0}
        for i, wert in aehnlich.items():
            a = ix.abschnitte[i]
            if spiel is None or a.spiel == spiel:
                beste_art[art(a)] = max(beste_art[art(a)], wert)
        unterschied = beste_art["konvention"] - beste_art["regel"]
    vorsprung = None if konv is None else math.inf if regel is None else konv - regel
    return Abwaegung(vorsprung, geld, unterschied, art_der_frage, betrag, regel)


@cache
def _nennt_preis(konvention_id: str) -> bool:
    """Nennt die Konvention selbst einen Preis (Titel, Text oder Einstellung: Cent, kostet,
    Solopreis …)? Nicht: Kartenpunkte (sabai) oder Schlücke."""
    k = konvention(konvention_id)
    return any(
        absicht_im_text(w, "konvention") == "#geld"
        for w in woerter(f"{k.titel} {k.text} {k.einstellung}")
    )


def antwort(
    ix: Wortindex,
    frage: str,
    spiel: str | None = None,
    anzahl: int = 3,
    mindest_score: float = konstanten.MINDEST_SCORE,
    namen: frozenset[str] = frozenset(),
) -> Antwort:
    """Regelstellen und Konventionen zu ``frage`` in einem Durchgang (gleiche Scores).

    Ob der Regeltext schweigt, entscheidet ``regeltext_schweigt``; dann werden die
    passenden Konventionen (höchstens ``konstanten.ANZAHL_KONVENTIONEN``) genannt und die Regelstelle
    der besten Konvention steht zuerst unter den Treffern. ``namen``: die Namen vom Tisch
    (``woerterbuch.namen_als_fuellwoerter``), Füllwörter.
    """
    alle = bewertung.suche(
        ix,
        frage,
        spiel,
        anzahl + konstanten.ANZAHL_KONVENTIONEN,
        mindest_score=mindest_score,
        art=None,
        namen=namen,
    )
    treffer = tuple(t for t in alle if art(t.abschnitt) == "regel")[:anzahl]
    schweigt = regeltext_schweigt(_abwaegung(ix, frage, spiel, alle, namen))
    # Konventionen: wenn der Text schweigt, die passenden; sonst nur solche, die fast so
    # gut passen wie die beste Regelstelle („Stoß verändert den Preis“ – um wie viel?)
    grenze = 0.0 if schweigt or not treffer else treffer[0].score * konstanten.NAEHE_KONVENTION
    k_treffer = tuple(
        KonventionsTreffer(konvention(t.abschnitt.id), t.score)
        for t in alle
        if art(t.abschnitt) == "konvention" and t.score >= grenze
    )[: konstanten.ANZAHL_KONVENTIONEN]
    stelle = k_treffer[0].konvention.stelle if schweigt and k_treffer else None
    if stelle is not None and (spiel is None or stelle.startswith(spiel + ".")):
        # Die Regelstelle, die zur Konvention etwas sagt („Einen allgemein verbindlichen
        # Tarif gibt es nicht“), kommt zuerst – mit ihrem eigenen Score aus dem Text (ohne
        # Beispielfragen: der Vergleich mit allen Beispielen kostete den Start 2–3 ms).
        eigene = _text_treffer(ix, frage, spiel, stelle, namen)
        if eigene is not None:
            andere = tuple(t for t in treffer if t.abschnitt.id != stelle)
            treffer = (eigene, *andere)[:anzahl]
    return Antwort(frage, treffer, k_treffer, schweigt)


def _text_treffer(
    ix: Wortindex,
    frage: str,
    spiel: str | None,
    abschnitt_id: str,
    namen: frozenset[str] = frozenset(),
) -> Treffer | None:
    """Der Abschnitt ``abschnitt_id`` mit seinem Text-Score zu ``frage`` (auch vage); kommt
    kein Wort der Frage in ihm vor, mit Score 0 – er ist trotzdem die Stelle, die zur
    Konvention etwas sagt (wie in der Textausgabe). None nur bei einer unbekannten id."""
    gesucht = suchwoerter(ix, frage, namen)
    reihe, passend = bewertung.rangliste(ix, frage, gesucht, spiel, True, "regel", namen)
    nummer = next((i for i, a in enumerate(ix.abschnitte) if a.id == abschnitt_id), None)
    if nummer is None:
        return None
    score = next((s for s, i in reihe if i == nummer and s > 0.0), 0.0)
    return bewertung.treffer(ix, nummer, score, passend)


def vorschlaege(
    ix: Wortindex,
    frage: str,
    spiel: str | None = None,
    anzahl: int = 3,
    namen: frozenset[str] = frozenset(),
) -> list[Abschnitt]:
    """Die nächstliegenden Abschnitte für „Meintest du …?“.

    Zuerst die schwachen Treffer unter der Relevanzschwelle; sind es weniger als
    ``anzahl``, dazu die Abschnitte, deren Titel der Frage buchstabenweise am ähnlichsten ist.
    """
    from rapidfuzz import fuzz, process

    try:
        schwach = [
            t.abschnitt
            for t in bewertung.suche(
                ix, frage, spiel, anzahl, mindest_score=0.0, vage=True, namen=namen
            )
        ]
    except Eingabefehler:
        schwach = []
    if len(schwach) >= anzahl:
        return schwach
    # aufgefüllt mit den Abschnitten, deren Titel der Frage am ähnlichsten ist
    frage_gefaltet = " ".join(woerter(frage))
    kandidaten = {
        i: " ".join(woerter(a.titel))
        for i, a in enumerate(ix.abschnitte)
        if (spiel is None or a.spiel == spiel) and art(a) == "regel" and a not in schwach
    }
    ergebnis = process.extract(
        frage_gefaltet, kandidaten, scorer=fuzz.WRatio, limit=anzahl - len(schwach)
    )
    return [*schwach, *(ix.abschnitte[i] for _, _, i in ergebnis)]


def als_json(
    frage: str,
    treffer: Sequence[Treffer],
    konventionen: Sequence[KonventionsTreffer] = (),
    regeltext_schweigt: bool = False,
    einstellungen: Mapping[str, str] | None = None,
) -> dict[str, object]:
    """Der JSON-Vertrag von ``referee frage --json``.

    ``einstellungen``: id → Einstellung mit den Werten des Abends (sonst die Vorlage).
    """
    einstellungen = einstellungen or {}
    return {
        "frage": frage,
        "treffer": [
            {
                "spiel": t.abschnitt.spiel,
                "abschnitt": t.abschnitt.id,
                "titel": t.abschnitt.titel,
                "text": t.abschnitt.text,
                "score": t.score,
            }
            for t in treffer
        ],
        "konventionen": [
            {
                "id": k.konvention.id,
                "titel": k.konvention.titel,
                "text": k.konvention.text,
                "einstellung": einstellungen.get(k.konvention.id, k.konvention.einstellung),
                "score": k.score,
            }
            for k in konventionen
        ],
        "regeltext_schweigt": regeltext_schweigt,
    }
