"""Eine Frage vom Tisch in Wörter zerlegen: Mundart, Fragewörter, Absicht, Gerüst.

Was eine *Frage* von einem Regeltext unterscheidet und ohne den Index zu erkennen ist:

- ``frage_woerter``: gefaltete Wörter (``referee.suche.falten``), Kartenkürzel in Langform,
  Mundart in Schriftform („koa“ → ``kein``), „gibt“ als ``geben`` („wer gibt“) außer in
  „gibt es“, „a“ als Artikel der Mundart („wos is a wenz“).
- Fragewörter („wer“, „wann“) und die Absicht einer Frage: „wie viele“ sucht eine Zahl
  (``#zahl``), „was kostet“ einen Preis (``#geld``).
- Das Gerüst: Wörter, die eine Frage tragen, ohne Regelbegriff zu sein (Füllwörter,
  Spielnamen, Zahl- und Mengenwörter, Mundart); Tippfehler darin berichtigt
  ``referee.suche.suchwoerter``.
- Ortsangaben („beim Sauspiel“), ein Nomen nach Artikel („ein Sie“), Präpositionen vor
  Pronomen („zahlt an wen“) und der Vergleich mit einem fremden Spiel („wie bei UNO“).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.suche.falten import GRUNDZAHLEN, karten_langform, woerter
from referee.suche.woerterbuch import (
    fremde_spiele,
    mundart,
    schwache_woerter,
    spielnamen,
    stoppwoerter,
    vorraetig,
)
from referee.suche.wortformen import VORSILBEN

#: Fragewörter zählen wenig, nur wörtlich (``konstanten.GEWICHT_FRAGEWORT``).
FRAGEWOERTER = frozenset({"wer", "wann", "wo", "wohin", "warum", "wieso", "wem", "wen", "worum"})
#: Wörter, mit denen ein Text die Frage eines Fragewortes beantwortet: „warum“ → „weil“.
ANTWORTWOERTER: dict[str, tuple[str, ...]] = {
    "warum": ("weil", "deshalb"),
    "wieso": ("weil", "deshalb"),
    "worum": ("ziel", "spielidee"),  # „worum geht es bei …“
}
#: Absicht einer Frage: „wie viele …“ sucht eine Zahl, „was kostet …“ einen Preis, den nur
#: die Konventionen nennen. Ein Abschnitt mit einer Zahl trägt dafür das Kunstwort
#: ``#zahl``, eine Konvention mit einem Geldwort ``#geld``; die Frage sucht es mit dem
#: Gewicht ``konstanten.GEWICHT_ABSICHT``.
_GELD = ("kosten", "kostet", "preis", "zahlen", "zahlt", "cent", "ct", "euro", "geld")
ABSICHT_IN_FRAGE = {
    **dict.fromkeys(("viele", "viel", "wieviel", "wieviele", "anzahl", "wievielten"), "#zahl"),
    **dict.fromkeys(
        (
            *_GELD,
            "bezahlen",
            "bezahlt",
            "kriegt",
            "tarif",
            "abgerechnet",
            "wert",
            "teuer",
            "teurer",
        ),
        "#geld",
    ),
}


#: Wörter, die nach einem Betrag fragen („was kostet“, „wie teuer“, „Preis“) – anders als
#: „zahlt“ oder „kriegt“ allein, die auch fragen können, *wer* an wen zahlt.
_BETRAGSWOERTER = frozenset(
    {
        "kostet",
        "kosten",
        "preis",
        "preise",
        "cent",
        "ct",
        "euro",
        "teuer",
        "teurer",
        "tarif",
        "wert",
    }
)
#: Wörter, die nach einer Verdopplung fragen: um wie viel ein Stoß, Klopfer … den Preis ändert.
_VERDOPPLUNG = frozenset(
    {
        "doppelt",
        "verdoppelt",
        "verdoppeln",
        "verdopplung",
        "verdoppelung",
        "vervierfacht",
        "dreifach",
        "dreifache",
        "faktor",
    }
)


#: „wie viel“ (ein Betrag) – anders als „wie viele“ (eine Anzahl: „wie viele Gewinner“).
_WIE_VIEL = frozenset({"viel", "wieviel"})


def betragsfrage(roh: Sequence[str]) -> bool:
    """Fragt die Frage nach einem Betrag oder einer Verdopplung („was kostet ein Wenz“, „wie
    viel Geld kriegt man“, „verdoppelt ein Retour“)? Einen Betrag legt kein Regeltext fest
    („Einen allgemein verbindlichen Tarif gibt es nicht“); „wer zahlt an wen“ und „wie viele
    Gewinner“ schon.

    >>> betragsfrage(frage_woerter("wie viel geld kriegt man")), betragsfrage(["was", "kostet"])
    (True, True)
    >>> betragsfrage(frage_woerter("wie viele gewinner gibt es und wer zahlt an wen"))
    False
    """
    if _VERDOPPLUNG.intersection(roh):
        return True
    geld = any(ABSICHT_IN_FRAGE.get(w) == "#geld" for w in roh)
    return geld and bool(_BETRAGSWOERTER.intersection(roh) or _WIE_VIEL.intersection(roh))


def absicht_im_text(wort: str, art: str) -> str | None:
    """Welche Absicht ein Wort eines Abschnitts beantwortet (``#zahl``, ``#geld``)."""
    if wort.isdigit():
        return "#zahl"
    if art == "konvention" and (wort in _GELD or wort.endswith("preis")):
        return "#geld"
    return None


def frage_woerter(frage: str) -> list[str]:
    """Gefaltete Wörter einer Frage, Mundart in Schriftform („koa“ → ``kein``).

    „gibt“ heißt ``geben`` („wer gibt“), außer in „gibt es“/„es gibt“ (dann Füllwort).

    >>> frage_woerter("wer gibt"), frage_woerter("gibts koa trumpf")
    (['wer', 'geben'], ['gibt', 'es', 'kein', 'trumpf'])
    """
    roh = woerter(karten_langform(frage))
    schriftform = mundart()
    if any(w in schriftform for w in roh):
        roh = [x for w in roh for x in schriftform.get(w, [w])]
    for i, w in enumerate(roh):
        if w == "gibt" and "es" not in roh[max(i - 1, 0) : i + 2]:
            roh[i] = "geben"
        elif w == "a" and mundart_artikel(roh, i):
            roh[i] = "ein"
    return roh


#: Vor diesen Wörtern ist „a“ der Buchstabe (SAUFN: „auf ein A“), kein Artikel.
_VOR_BUCHSTABE = frozenset(
    {"ein", "eine", "einem", "einen", "der", "die", "das", "den", "dem", "auf", "nach", "kein"}
)


def mundart_artikel(roh: Sequence[str], i: int) -> bool:
    """Ist „a“ hier der Artikel der Mundart („wos is a wenz“), nicht der Buchstabe A?"""
    if "saufn" in roh or i + 1 >= len(roh) or len(roh[i + 1]) < 3:
        return False
    return i == 0 or roh[i - 1] not in _VOR_BUCHSTABE


#: Vor einem Spielnamen machen diese Wörter ihn zur bloßen Ortsangabe („beim Sauspiel“):
#: dann zählt er als Spielname, auch wenn er sonst ein Regelbegriff ist.
_VOR_SPIELNAME = frozenset({"beim", "bei", "im", "in", "fuer", "zum", "vom", "von"})


def nur_ortsangabe(roh: Sequence[str], i: int) -> bool:
    """Ist ``roh[i]`` ein Spielname in einer Ortsangabe wie „beim Sauspiel“?"""
    return roh[i] in spielnamen() and i > 0 and roh[i - 1] in _VOR_SPIELNAME


#: Füllwörter, die nach einem Artikel ein Regelbegriff sind: „ein Sie“ (alle Ober und Unter).
_NOMEN = frozenset({"sie"})
_ARTIKEL = frozenset({"ein", "einen", "einem", "der", "den", "dem", "das"})
# Folgt eines dieser Wörter, ist „an“, „nach“ … eine Präposition, keine abgetrennte Vorsilbe
# („wer zahlt an wen“ ist kein „anzahlen“, „wer kommt an die Reihe“ kein „ankommen“)
NACH_PRAEPOSITION = _ARTIKEL | frozenset(
    [
        "wen",
        "wem",
        "wer",
        "die",
        "des",
        "eine",
        "einer",
        "mich",
        "mir",
        "dich",
        "dir",
        "ihn",
        "ihm",
        "ihr",
        "ihnen",
        "uns",
        "euch",
        "sich",
        "jeden",
        "jedem",
        "jede",
        "jeder",
        "alle",
        "allen",
        "meinen",
        "meinem",
        "seinen",
        "seinem",
        "deinen",
        "deinem",
    ]
)


def nomen_nach_artikel(roh: Sequence[str], i: int) -> bool:
    """Ist ``roh[i]`` ein Füllwort, das hier als Nomen steht („was kostet ein Sie“)?"""
    return roh[i] in _NOMEN and i > 0 and roh[i - 1] in _ARTIKEL


@vorraetig("geruest_menge")
def geruest_menge() -> frozenset[str]:
    """``geruest`` als Menge (zum Nachschlagen)."""
    return frozenset(geruest())


@vorraetig("geruest")
def geruest() -> tuple[str, ...]:
    """Wörter, die eine Frage tragen, ohne Regelbegriff zu sein: Füllwörter, schwache
    Wörter, Fragewörter, Spielnamen, Zahlwörter, Geld- und Mengenwörter, Mundart."""
    zahlwoerter = [*GRUNDZAHLEN, *(w + "er" for w in GRUNDZAHLEN)]
    return tuple(
        sorted(
            {
                *stoppwoerter(),
                *schwache_woerter(),
                *FRAGEWOERTER,
                *(n for n in spielnamen() if n.isalpha()),
                *zahlwoerter,
                *ABSICHT_IN_FRAGE,
                *mundart(),
                *VORSILBEN,
            }
        )
    )


def inhaltswoerter(roh: Sequence[str], namen: frozenset[str] = frozenset()) -> list[str]:
    """Wortfolge ohne Füllwörter (auch die ``namen`` vom Tisch) und ohne Spielnamen als
    Ortsangabe (für Wortpaare)."""
    stopp = stoppwoerter() | namen if namen else stoppwoerter()
    spiele = spielnamen()
    return [
        w
        for i, w in enumerate(roh)
        if w not in stopp and not (w in spiele and i > 0 and roh[i - 1] in _VOR_SPIELNAME)
    ]


#: Vor einem anderen Spiel: ein Vergleich („wie bei UNO“, „anders als beim Skat“, „im
#: Gegensatz zum Doppelkopf“).
_VERGLEICH = frozenset({"wie", "als", "gegensatz"})
_VOR_VERGLEICHENEM = _VOR_SPIELNAME | _ARTIKEL | frozenset({"zu", "zur", "die"})


def fremdes_spiel(frage: str) -> bool:
    """Fragt die Frage nach einem anderen Spiel (Skat, Doppelkopf, UNO … aus
    ``synonyme.json``)? Nicht, wenn sie es nur zum Vergleich nennt: „Gibt es wie bei UNO eine
    Strafkarte, wenn ich reinwerfe?“ fragt nach sabai. Ein „wie“ am Satzanfang ist ein
    Fragewort („Wie beim Skat reizen?“)."""
    w = frage_woerter(frage)
    fremde = fremde_spiele()
    for i, wort in enumerate(w):
        if wort not in fremde:
            continue
        j = i - 1 if i >= 1 and w[i - 1] in _VOR_VERGLEICHENEM else i
        if not (j >= 2 and w[j - 1] in _VERGLEICH):
            return True
    return False


def verb_mit_partikel(roh: Sequence[str]) -> list[str]:
    """Für eine Beispielfrage: die Partikel am Satzende mit dem Verb davor verbunden („wer
    spielt zusammen“ → ``zusammenspielt``), wie ``suchwoerter.trennbare_verben`` es in der Frage
    tut. Nur am Ende: mitten im Satz ist „nach“, „an“ … meist Präposition („kommt nach dem …“)."""
    if len(roh) < 2 or roh[-1] not in VORSILBEN:
        return []
    stopp = stoppwoerter()
    return [
        roh[-1] + wort
        for wort in roh[: min(3, len(roh) - 1)]
        if wort not in stopp and wort not in VORSILBEN and wort not in FRAGEWOERTER
    ]
