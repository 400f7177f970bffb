"""Regelsuche für ``referee frage``: findet zu einer Tischfrage den passenden Abschnitt.

Vorgehen (gemessen mit ``benchmarks/frage.py`` und ``tests/data/fragen.json``):

1. **Falten** (``falte``): casefold, ä→ae, ö→oe, ü→ue, ß→ss, typografische
   Anführungszeichen und Striche (–, −) nach ASCII, übrige Akzente weg.
2. **Wörter** (``woerter``): Bindestrich-Komposita liefern Teile *und* das
   zusammengesetzte Wort (``Ruf-Sau`` → ``ruf``, ``sau``, ``rufsau``; die Teile zählen
   in der Frage halb). In der Frage fallen Füllwörter aus ``data/stoppwoerter.txt``
   weg; schwache Wörter („wie viele“, „alle“) und reine Spielnamen zählen weniger –
   auch ein Regelbegriff wie „Sauspiel“, wenn er nur Ortsangabe ist („beim Sauspiel“).
   Nachgestellte Partikel kommen ans Verb zurück („wer kommt raus“ → ``rauskommt``).
3. **Synonyme** aus ``data/synonyme.json`` (``Kontra`` = ``Stoß``, ``Ass`` = ``Sau`` …);
   sie werden nicht unscharf verglichen (sie sind richtig geschrieben).
4. **Bewertung je Wort**: jedes Suchwort wird mit dem Vokabular des Korpus verglichen
   (rapidfuzz ``ratio`` gegen Tippfehler, grober Stamm für ge-/zu-Formen wie
   ``angeschaut`` ↔ ``anschauen``, Teilwort-Treffer für Komposita wie
   ``schluecke`` ↔ ``schlueckeverteilung``). Ein Abschnitt bekommt je Suchwort den
   besten Treffer, gewichtet nach Feld (Titel > Stichworte > Text) und Seltenheit (idf).
   Der Roh-Score ist die Summe im Verhältnis zu einem Abschnitt, der jedes Suchwort
   im Titel trägt (= 100; im Korpus unbekannte Wörter wie Namen zählen dabei wenig),
   plus Zuschläge für benachbarte Wortpaare, für Ähnlichkeit der ganzen Frage mit dem
   Titel und für ein genanntes Spiel. Ausgegeben wird ``100·tanh(roh/100)``: 0–100,
   streng monoton, keine Gleichstände bei 100 (nur eine fast gleiche Beispielfrage, siehe 5.,
   kann darüber liegen; sie zählt beim Sortieren voll und wird als 100 angezeigt).
5. **Beispielfragen** aus ``data/beispielfragen.json`` (so fragen Spieler danach, je
   Abschnitt und Konvention): ihre Wörter erweitern den Abschnitt als eigenes Feld
   (``GEWICHT_BEISPIELTEXT``), und ein zweiter kleiner Index über die Beispielfragen selbst
   findet die ähnlichste; ein Abschnitt bekommt den besseren von Text-Score und
   ``GEWICHT_BEISPIEL`` × Score seiner ähnlichsten Beispielfrage (gemindert, wenn die Frage
   nur einen kleinen Teil der Beispielfrage abdeckt, und erst ab ``MINDEST_BEISPIEL``).
6. **Relevanz**: ein Abschnitt zählt nur, wenn mindestens ein Suchwort (nicht bloß ein
   Spielname) darin sicher erkannt ist (Ähnlichkeit ≥ 0,8: „hallo“ ≠ „Hall“ of Fame)
   und der Score die Schwelle ``MINDEST_SCORE`` erreicht.
7. **Profile** (``_Profile``): je Abschnitt Gewichte über Stämme, Stammpaare und
   Buchstaben-Vierer der Frage (``profil_merkmale``, tf-idf; Mundart und Tippfehler teilen
   Vierer mit der Schriftform), aus den Beispielfragen gelernt (gemitteltes Perzeptron: jede
   Beispielfrage soll ihren Abschnitt vor alle anderen setzen), mitgeliefert in
   ``data/beispielprofil.txt``. Die Passung der Frage zu den
   Profilen ordnet die Abschnitte je Art neu (``GEWICHT_PROFIL``), ohne einen Score zu
   ändern – Schwelle und Enthaltung bleiben beim Text. Ein zweites, ebenso gelerntes
   Zwei-Klassen-Modell schätzt die Art der Frage (nach einer Regel oder einer Konvention)
   und verschiebt damit die Entscheidung „der Regeltext schweigt“ (``regeltext_schweigt``,
   ``GEWICHT_ART``).

Ein Spielname in der Frage („schlafmütze falsch abgelegt“) bevorzugt die Abschnitte
dieses Spiels. Der Index wird beim ersten Gebrauch einmal gebaut (gefaltete Wörter
vorberechnet); rapidfuzz wird erst in den Suchfunktionen importiert.
"""

from __future__ import annotations

import bisect
import math
import os
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import Eingabefehler
from referee.regeltexte import SPIELE, Abschnitt, Konvention, abschnitte, konvention, konventionen

if TYPE_CHECKING:
    import random

#: Gewichte der Felder eines Abschnitts.
GEWICHT_TITEL = 1.0
GEWICHT_STICHWORT = 0.8
GEWICHT_TEXT = 0.55
#: Der Text einer Konvention erklärt mit vielen allgemeinen Wörtern; er zählt weniger,
#: Titel und Stichworte tragen die Suche.
GEWICHT_TEXT_KONVENTION = 0.2
#: Faktor für ein Wort, das nur über ein Synonym passt.
GEWICHT_SYNONYM = 0.9
#: Schwache Fragewörter („wie viele“, „erlaubt“; Liste in synonyme.json) zählen halb.
GEWICHT_SCHWACH = 0.5
#: Suchwörter, die im Korpus nirgends vorkommen, im Nenner (statt des höchsten idf).
GEWICHT_UNBEKANNT = 1.0
#: Fragewörter („wer gibt“, „wann darf ich“) zählen wenig, nur wörtlich, und bevorzugen
#: Abschnitte, die diese Art Frage beantworten („Wer ist mein Partner?“, Stichwort „wer gibt“).
GEWICHT_FRAGEWORT = 0.3
FRAGEWOERTER = frozenset({"wer", "wann", "wo", "wohin", "warum", "wieso", "wem", "wen", "worum"})
#: Wörter, mit denen ein Text die Frage eines Fragewortes beantwortet: „wann“ → „sobald“,
#: „bevor“; „warum“ → „weil“.
ANTWORTWOERTER: dict[str, tuple[str, ...]] = {
    "warum": ("weil", "deshalb"),
    "wieso": ("weil", "deshalb"),
    "worum": ("ziel", "spielidee"),  # „worum geht es bei …“
}
#: Absicht einer Frage: „wie viele …“ sucht eine Zahl, „was kostet …“ einen Preis, den nur
#: die Konventionen nennen. Ein Abschnitt mit einer Zahl trägt dafür das Kunstwort
#: ``#zahl``, eine Konvention mit einem Geldwort ``#geld``; die Frage sucht es mit diesem
#: Gewicht.
GEWICHT_ABSICHT = {"#zahl": 1.0, "#geld": 0.3}
_GELD = ("kosten", "kostet", "preis", "zahlen", "zahlt", "cent", "ct", "euro", "geld")
_ABSICHT_IN_FRAGE = {
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


def _absicht_im_text(wort: str, art: str) -> str | None:
    """Welche Absicht ein Wort eines Abschnitts beantwortet (``#zahl``, ``#geld``)."""
    if wort.isdigit():
        return "#zahl"
    if art == "konvention" and (wort in _GELD or wort.endswith("preis")):
        return "#geld"
    return None


#: Teile eines Bindestrich-Kompositums (das Kompositum selbst zählt voll).
GEWICHT_TEIL = 0.5
#: Ein unbekanntes Verb, das nach Abtrennen der Vorsilbe bekannt ist (``zurückstoßen``).
GEWICHT_VERB_OHNE_VORSILBE = 0.8
#: Vertippte Füllwörter werden ab dieser Länge berichtigt, andere Gerüstwörter (Spielname,
#: Zahl-, Mengenwort) ab vier Buchstaben; kürzere Füllwörter wären zu oft ein anderes, echtes
#: Wort („Bier“ ist kein vertipptes „hier“).
MINDEST_LAENGE_BERICHTIGUNG = 5
#: Ein vertipptes Korpuswort wird ab dieser Länge berichtigt („Handy“ ist kein „Hand“).
MINDEST_LAENGE_KORPUS = 6
#: Suchwörter, die nur ein Spiel benennen, zählen weniger, bevorzugen dafür das Spiel.
GEWICHT_SPIELNAME = 0.2
BONUS_SPIEL = 2.0
#: Ähnlichkeit (0–100) zweier Wörter mit gleichem Stamm (``stamm``).
AEHNLICH_STAMM = 90.0
#: Ein Abschnitt kommt nur in Frage, wenn mindestens ein Suchwort darin so ähnlich
#: (0–1) vorkommt; nur vage Anklänge („hallo“ ~ „Hall“ of Fame: 0,78) reichen nicht.
SICHER_ERKANNT = 0.8
#: Zwei aufeinanderfolgende Suchwörter, die auch im Abschnitt unmittelbar aufeinander
#: folgen (in beliebiger Reihenfolge: „spielt als erstes aus“ ~ „als erstes ausspielen“).
BONUS_PAAR = 0.35
#: Ähnlichkeit der ganzen Frage mit dem Titel (FAQ-Fragen!) als Zuschlag in Score-Punkten.
BONUS_TITEL = 8.0
#: So viele Kandidaten werden mit dem Titel-Zuschlag neu sortiert.
NEU_SORTIEREN = 30
#: Angezeigte Score-Punkte, um die die beste Konvention vor (> 0) oder hinter (< 0) der
#: besten Regelstelle liegen muss, damit „der Regeltext schweigt“ gilt – weniger je nach der
#: Art der Frage (``GEWICHT_ART``). Gewählt mit ``benchmarks/frage.py --kreuzvalidierung``
#: zusammen mit ``VORTEIL_GELD``, ``PROFIL_ART`` und ``GEWICHT_ART`` (28 Satzkataloge, 4330
#: Fragen, 3520 Einstellungen): die wenigsten Regelfragen mit fälschlich „schweigt“ (0), dann
#: die meisten richtigen Antworten (Top-1 97,9 %, Top-3 98,9 %; eine fälschlich „schweigt“
#: mehr brächte nichts, erst drei brächten 98,2 % / 99,1 %).
VORSPRUNG_KONVENTION = 21.0
#: Fragt die Frage nach Geld („was kostet“, „wie viel kriegt“), genügt der Konvention ein
#: Score so viele Punkte weniger Vorsprung: Preise nennt kein Regeltext („Einen allgemein
#: verbindlichen Tarif gibt es nicht“), nur die Konventionen.
VORTEIL_GELD = 10.0
#: Schweigt der Text nicht, nennt ``antwort`` eine Konvention nur, wenn ihr Score mindestens
#: dieser Anteil vom Score der besten Regelstelle ist.
NAEHE_KONVENTION = 0.9
#: So viele Konventionen nennt ``antwort`` höchstens.
ANZAHL_KONVENTIONEN = 2
# Diese Werte und ``GEWICHT_UNBEKANNT`` sind gemeinsam gewählt mit ``benchmarks/frage.py
# --kalibrieren`` (Gitter ``GITTER`` dort, 144 Kombinationen): die meisten richtigen
# Entscheidungen auf den Satzkatalogen Runden 2 bis 4, denselben Sätzen mit einem unbekannten
# Namen davor („Korbinian, darf ich …“) und den fremden Fragen (831 von 869, mit Schwerpunkt-
# Profilen und 5248 Beispielfragen; mit den gelernten Profilen nicht neu gewählt), dann der
# Stichwortkatalog – mit Beispielfragen ohne genau diese Sätze; nie auf dem zurückgehaltenen
# Teil oder den Runden 5–14. Das Gitter ist flach: die nächsten Nachbarn liegen eine
# Entscheidung darunter.
#: Unter diesem Roh-Score (angezeigt ≈ 33,6) gilt ein Treffer als nicht relevant (45 verliert
#: Fragen mit einem Namen darin: jedes unbekannte Wort senkt den Score).
MINDEST_SCORE = 35.0
#: Ein Abschnitt bekommt mindestens dieses Vielfache des Scores seiner ähnlichsten
#: Beispielfrage (über 100 möglich: zählt beim Sortieren, angezeigt wird 100).
GEWICHT_BEISPIEL = 1.0
#: Der Score einer Beispielfrage zählt mit (Anteil ihrer Wörter, die die Frage trifft) hoch
#: diesem Wert: ein einzelnes gemeinsames Wort mit einer langen Beispielfrage belegt wenig.
ABDECKUNG = 1.0
#: Feldgewicht der Wörter aus Beispielfragen im Abschnitt (Text 0,55, Stichwort 0,8).
GEWICHT_BEISPIELTEXT = 0.5
#: Eine Beispielfrage unter diesem Roh-Score (angezeigt ≈ 38) zählt nicht: sie beruht meist
#: auf einem einzigen, oft nur unscharf getroffenen Wort („Wetter“ ≈ „weiter“).
MINDEST_BEISPIEL = 40.0
#: Nennt die Frage ein Spiel, zählen Abschnitte anderer Spiele mit diesem Anteil ihres Scores
#: (nicht kalibriert: auf den Katalogen ohne Wirkung zwischen 0,6 und 1; „wer verliert bei
#: sabai“ fand sonst über eine Beispielfrage den Ramsch).
FAKTOR_ANDERES_SPIEL = 0.8
#: Profile (``_Profile``): die Reihenfolge je Art folgt Score + dieses Gewicht × 100 ×
#: Passung der Frage zum Profil eines Abschnitts, und der Vorsprung, den eine
#: Konvention für „der Regeltext schweigt“ braucht, sinkt um ``PROFIL_ART`` × 100 × (beste
#: Passung zu einem Konventionsprofil − beste zu einem Regelprofil). Gewählt mit
#: ``benchmarks/frage.py --kreuzvalidierung``: je Satzkatalog (Abstimmungsteil, Runden 2–28)
#: Beispielfragen und Profile ohne diesen Katalog, 4330 Fragen. ``GEWICHT_PROFIL`` nach
#: Top-1: 0 (nur die Art der Frage) 4172, 0,1: 4233, 0,2: 4235, 0,3: 4238, 0,5: 4234;
#: ``PROFIL_ART`` zusammen mit der Schwelle (``VORSPRUNG_KONVENTION``). Nie auf dem
#: zurückgehaltenen Teil oder den blinden Runden ab 29.
GEWICHT_PROFIL = 0.3
PROFIL_ART = 0.2
#: Die gelernte Art der Frage (``_Profile.bewerten``: über 0 eher nach einer Konvention
#: gefragt, etwa −4 bis 4) senkt den Vorsprung, den eine Konvention für „der Regeltext
#: schweigt“ braucht, um dieses Gewicht je Einheit (gewählt mit ``VORSPRUNG_KONVENTION``).
GEWICHT_ART = 5.0

_ERSETZUNGEN = (
    ("„", '"'),
    ("“", '"'),
    ("”", '"'),
    ("‟", '"'),
    ("«", '"'),
    ("»", '"'),
    ("‚", "'"),
    ("‘", "'"),
    ("’", "'"),
    ("‛", "'"),
    ("‹", "'"),
    ("›", "'"),
    ("–", "-"),
    ("—", "-"),
    ("−", "-"),
    ("‐", "-"),
    ("‑", "-"),
    ("‒", "-"),
    ("\u00a0", " "),
    ("\u202f", " "),
    ("\u2009", " "),
    ("\u2007", " "),
    ("\u200b", ""),
    ("ä", "ae"),
    ("ö", "oe"),
    ("ü", "ue"),
    ("ß", "ss"),
)
_KOMBINIEREND = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_WORT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_APOSTROPH_S = re.compile(r"(?<=[a-z])'s\b")  # gibt's → gibts
_PLUS_ZAHL = re.compile(r"\+\s*(\d+)")  # SAUFN-Karten „+2“, „+ 4“ → plus2, plus4
_WORT_ROH = re.compile(r"[^\W_]+(?:[-‐‑–][^\W_]+)*")


def falte(text: str) -> str:
    """Text für den Vergleich falten.

    >>> falte("Schlücke – „Ruf‑Sau“ −4 STRASSE Straße")
    'schluecke - "ruf-sau" -4 strasse strasse'
    """
    t = text.casefold()
    if t.isascii():
        return t
    t = unicodedata.normalize("NFKC", t).casefold()  # 𝕬 → a, zerlegtes ü → ü
    for zeichen, ersatz in _ERSETZUNGEN:
        if zeichen in t:
            t = t.replace(zeichen, ersatz)
    if t.isascii():
        return t
    return _KOMBINIEREND.sub("", unicodedata.normalize("NFKD", t))


def gekuerzt(text: str, laenge: int = 60) -> str:
    """Eingabe für eine Meldung kürzen: eine Zeile, höchstens ``laenge`` Zeichen.

    >>> gekuerzt("wann darf ich " * 10, 20)
    'wann darf ich wann d…'
    """
    einzeilig = " ".join(text.split())
    return einzeilig if len(einzeilig) <= laenge else einzeilig[:laenge] + "…"


_EINER = {
    "eins": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "fuenf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
}
_ZEHNER = {
    "zwanzig": 20,
    "dreissig": 30,
    "vierzig": 40,
    "fuenfzig": 50,
    "sechzig": 60,
    "siebzig": 70,
    "achtzig": 80,
    "neunzig": 90,
    # Mundart und Umgangssprache („zehn-zwanzig-fuffzig“)
    "zwanzg": 20,
    "dreissg": 30,
    "vierzg": 40,
    "fuffzig": 50,
    "fuffzg": 50,
    "fuchzig": 50,
    "fuchzg": 50,
    "sechzg": 60,
}
_GRUNDZAHLEN = {
    **_EINER,
    **_ZEHNER,
    "null": 0,
    "zehn": 10,
    "elf": 11,
    "zwoelf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fuenfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
    "hundert": 100,
    "einhundert": 100,
}
#: Ordnungszahlen mit eigenem Stamm (erste, dritte, siebte, achte).
_ORDNUNG = {"ers": 1, "drit": 3, "sieb": 7, "ach": 8}
_ORDNUNG_ENDUNGEN = ("sten", "ster", "stes", "stem", "ste", "ten", "ter", "tes", "tem", "te")
_ER_ENDUNG = re.compile(r"(?:ern?)$")


#: Zahladverbien „zu zweit“, „zu dritt“ … (wie viele Personen).
_ZU_N = {"zweit": 2, "dritt": 3, "viert": 4, "fuenft": 5, "sechst": 6, "siebt": 7}


def _grundzahl(wort: str) -> int | None:
    if wort in _GRUNDZAHLEN:
        return _GRUNDZAHLEN[wort]
    if wort in _ZU_N:
        return _ZU_N[wort]
    if "und" in wort:  # einundsechzig
        einer, _, zehner = wort.partition("und")
        einer = "eins" if einer == "ein" else einer
        if einer in _EINER and zehner in _ZEHNER:
            return _EINER[einer] + _ZEHNER[zehner]
    if wort.startswith("hundert") and len(wort) > 7:  # hundertzwanzig
        rest = _grundzahl(wort[7:])
        return 100 + rest if rest is not None and rest < 100 else None
    return None


@cache
def zahl(wort: str) -> str | None:
    """Zahlwort, Ordnungszahl oder „-er“-Form als Ziffern (gefaltet), sonst None.

    >>> zahl("dreizehn"), zahl("dritte"), zahl("einundsechzig"), zahl("elfer"), zahl("1er")
    ('13', '3', '61', '11', '1')
    >>> zahl("achten"), zahl("zwoelften"), zahl("einer"), zahl("erster"), zahl("lauf")
    ('8', '12', None, '1', None)
    >>> zahl("zweit"), zahl("dritt")
    ('2', '3')
    """
    if wort.isdigit():
        return None
    if wort[:-2].isdigit() and wort.endswith("er") and wort[:-2]:
        return wort[:-2]
    wert = _grundzahl(wort)
    if wert is None and len(wort) > 3:
        for endung in _ORDNUNG_ENDUNGEN:
            if wort.endswith(endung):
                ohne = wort[: -len(endung)]
                wert = _ORDNUNG.get(ohne, _grundzahl(ohne))
                if wert is not None:
                    break
        if wert is None:
            ohne = _ER_ENDUNG.sub("", wort)
            if ohne != wort and ohne != "ein":
                wert = _grundzahl(ohne)
    return None if wert is None else str(wert)


def _ziffern(woerter: list[str]) -> list[str]:
    return [zahl(w) or w for w in woerter]


def _zerlege(gefaltet: str) -> list[str]:
    if "'" in gefaltet:
        gefaltet = _APOSTROPH_S.sub("s", gefaltet)
    if "+" in gefaltet:
        gefaltet = _PLUS_ZAHL.sub(r" plus\1 ", gefaltet)
    roh = _ziffern(_WORT.findall(gefaltet))
    if "-" not in gefaltet:
        return roh
    woerter: list[str] = []
    for wort in roh:
        if "-" in wort:
            teile = _ziffern([t for t in wort.split("-") if t])
            woerter.extend(teile)
            woerter.append("".join(teile))
        else:
            woerter.append(wort)
    return woerter


def woerter(text: str) -> list[str]:
    """Gefaltete Wörter eines Textes, Komposita zusätzlich zusammengezogen.

    >>> woerter("Ruf-Sau gesucht?"), woerter("noch ne +2"), woerter("zehn-zwanzig-fuffzig")
    (['ruf', 'sau', 'rufsau', 'gesucht'], ['noch', 'ne', 'plus2'], ['10', '20', '50', '102050'])
    """
    return _zerlege(falte(text))


# --------------------------------------------------------------------------- Daten


@cache
def stoppwoerter() -> frozenset[str]:
    """Füllwörter aus ``data/stoppwoerter.txt`` (gefaltet)."""
    from referee.resources import datei

    zeilen = datei("stoppwoerter.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(falte(z.strip()) for z in zeilen if z.strip() and not z.startswith("#"))


@cache
def _synonymdaten() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    from referee.resources import lade_json

    daten = lade_json("synonyme.json")
    gruppen: dict[str, set[str]] = {}
    for gruppe in daten["gruppen"]:
        gefaltet = {falte(w) for w in gruppe}
        for w in gefaltet:
            gruppen.setdefault(w, set()).update(gefaltet - {w})
    spielnamen: dict[str, str] = {}
    for spiel, namen in daten["spiele"].items():
        if spiel not in SPIELE:
            raise ValueError(f"synonyme.json nennt unbekanntes Spiel {spiel}.")
        for name in [spiel, *namen]:
            name_gefaltet = falte(name)
            spielnamen[name_gefaltet] = spiel
            spielnamen[re.sub(r"[\s-]+", "", name_gefaltet)] = spiel  # sabai-sabai → sabaisabai
    return {w: frozenset(s) for w, s in gruppen.items()}, spielnamen


@cache
def _kanon() -> dict[str, str]:
    kanon: dict[str, str] = {}
    for w, gruppe in _synonymdaten()[0].items():
        kanon[w] = min(gruppe | {w})
    return kanon


_ENDUNGEN = ("ern", "en", "er", "es", "em", "e", "n", "s")
#: Trennbare Vorsilben: Partizip „an|ge|schaut“ und nachgestellte Partikel „kommt … raus“.
_VORSILBEN = (
    "zurueck",
    "zusammen",
    "davon",
    "raus",
    "rein",
    "nach",
    "aus",
    "auf",
    "mit",
    "vor",
    "weg",
    "hin",
    "her",
    "los",
    "ab",
    "an",
    "zu",
)
_STAMM_ENDUNGEN = ("ungen", "ung", "en", "es", "em", "et", "st", "t", "e", "n", "s")
# Vorsilbe + ge/zu (an|ge|schaut, ab|zu|legen; Rest ≥ 3) oder ge- am Anfang (ge|legt; Rest ≥ 4)
_EINSCHUB = re.compile(r"^(?:(" + "|".join(_VORSILBEN) + r")(?:ge|zu)(?=[a-z]{3})|ge(?=[a-z]{4}))")
# längste passende Endung, der Stamm behält mindestens 3 Buchstaben
_STAMM_ENDUNG = re.compile(r"(?<=[a-z]{3})(?:" + "|".join(_STAMM_ENDUNGEN) + r")$")


#: Starke und unregelmäßige Verben: Formen mit anderem Stammvokal (Ablaut), die kein
#: Endungsabschneiden auf die Grundform bringt (``genannt`` ↔ ``nennen``). Nur Verben, die
#: am Kartentisch vorkommen; Vorsilben werden davor abgetrennt (``abgeworfen``).
_ABLAUT = {
    **dict.fromkeys(("genannt", "nannte", "nannten"), "nennen"),
    **dict.fromkeys(("gezogen", "zog", "zogen"), "ziehen"),
    **dict.fromkeys(("geworfen", "wirft", "wirfst", "warf", "warfen", "wirf"), "werfen"),
    **dict.fromkeys(("genommen", "nimmt", "nimmst", "nahm", "nahmen", "nimm"), "nehmen"),
    **dict.fromkeys(("gestochen", "sticht", "stichst", "stach", "stachen"), "stechen"),
    **dict.fromkeys(("gab", "gaben"), "geben"),
    **dict.fromkeys(("gewonnen", "gewann", "gewannen"), "gewinnen"),
    **dict.fromkeys(("gelaufen", "laeuft", "laeufst", "lief", "liefen"), "laufen"),
    **dict.fromkeys(("gekommen", "kam", "kamen"), "kommen"),
    **dict.fromkeys(("gelegen", "lag", "lagen"), "liegen"),
    **dict.fromkeys(("gesehen", "sieht", "siehst", "sah", "sahen"), "sehen"),
    **dict.fromkeys(("gefallen", "faellt", "faellst", "fiel", "fielen"), "fallen"),
    **dict.fromkeys(("gehalten", "haelt", "haeltst", "hielt", "hielten"), "halten"),
    **dict.fromkeys(("geschoben", "schob", "schoben"), "schieben"),
    **dict.fromkeys(("rief", "riefen"), "rufen"),
    **dict.fromkeys(("gelassen", "laesst", "liess", "liessen"), "lassen"),
    **dict.fromkeys(("geschrieben", "schrieb", "schrieben"), "schreiben"),
    **dict.fromkeys(("getrunken", "trank", "tranken"), "trinken"),
    **dict.fromkeys(("gesprochen", "spricht", "sprach"), "sprechen"),
    **dict.fromkeys(("geblieben", "blieb", "blieben"), "bleiben"),
    **dict.fromkeys(("verlor", "verloren"), "verlieren"),
    **dict.fromkeys(("getroffen", "trifft", "traf"), "treffen"),
    **dict.fromkeys(("gedacht", "dachte"), "denken"),
}


def grundform(wort: str) -> str:
    """Grundform eines starken Verbs (auch mit Vorsilbe), sonst das Wort selbst.

    >>> grundform("genannt"), grundform("abgeworfene"), grundform("rausgezogen"), grundform("lage")
    ('nennen', 'abwerfen', 'rausziehen', 'lage')
    """
    for vorsilbe in ("", *_VORSILBEN):
        if not wort.startswith(vorsilbe):
            continue
        rest = wort[len(vorsilbe) :]
        if rest in _ABLAUT:
            return vorsilbe + _ABLAUT[rest]
        if rest.startswith("ge"):  # gebeugtes Partizip: die gezogene Karte
            for endung in ("e", "en", "em", "er", "es"):
                if rest.endswith(endung) and rest[: -len(endung)] in _ABLAUT:
                    return vorsilbe + _ABLAUT[rest[: -len(endung)]]
    return wort


def stamm(wort: str) -> str:
    """Grober Wortstamm für Beugungen, die ``ratio`` nicht erkennt (ge-/zu-Einschub, Ablaut).

    >>> stamm("angeschaut"), stamm("anschauen"), stamm("gelegt"), stamm("legen")
    ('anschau', 'anschau', 'leg', 'leg')
    >>> stamm("abzulegen"), stamm("ablegt"), stamm("genannt"), stamm("nennt")
    ('ableg', 'ableg', 'nenn', 'nenn')
    """
    wort = grundform(wort)
    if len(wort) < 5 or not wort.isalpha():
        return wort
    if "ge" in wort or "zu" in wort:
        wort = _EINSCHUB.sub(r"\1", wort, count=1)
    return _STAMM_ENDUNG.sub("", wort, count=1)


def _staemme(liste: Iterable[str]) -> list[str]:
    """Grobe Stämme für den Titelvergleich: Synonym-Vertreter, Endung ab (welches → welch)."""
    kanon = _kanon()
    ergebnis = []
    for w in liste:
        w = kanon.get(w, w)
        for endung in _ENDUNGEN:
            if w.endswith(endung) and len(w) - len(endung) >= 3:
                w = w[: -len(endung)]
                break
        ergebnis.append(w)
    return ergebnis


@cache
def _mundart() -> dict[str, list[str]]:
    from referee.resources import lade_json

    daten = lade_json("synonyme.json").get("mundart", {})
    return {falte(k): woerter(v) for k, v in daten.items()}


def frage_woerter(frage: str) -> list[str]:
    """Gefaltete Wörter einer Frage, Mundart in Schriftform („koa“ → ``kein``).

    „gibt“ heißt ``geben`` („wer gibt“), außer in „gibt es“/„es gibt“ (dann Füllwort).

    >>> frage_woerter("wer gibt"), frage_woerter("gibts koa trumpf")
    (['wer', 'geben'], ['gibt', 'es', 'kein', 'trumpf'])
    """
    roh = woerter(_karten_langform(frage))
    mundart = _mundart()
    if any(w in mundart for w in roh):
        roh = [x for w in roh for x in mundart.get(w, [w])]
    for i, w in enumerate(roh):
        if w == "gibt" and "es" not in roh[max(i - 1, 0) : i + 2]:
            roh[i] = "geben"
        elif w == "a" and _mundart_artikel(roh, i):
            roh[i] = "ein"
    return roh


#: Schafkopfkarten in der Kurzform von ``referee ruf --hand`` (EO, GU, H10, SZ, S7):
#: großgeschrieben oder mit Ziffer („h10“), nie ein Wort wie „so“ oder „ha“ in Kleinschrift;
#: „SO“ und „HA“ allein können auch Betonung sein („SO teuer?“), sie zählen nur neben
#: einem anderen Kürzel.
_KURZFORM_GROSS = re.compile(r"(?<![\w-])([EGHS])(10|[AZKOU987])(?![\w-])")
_KURZFORM_ZIFFER = re.compile(r"(?<![\w-])([eghsEGHS])(10|[987])(?![\w-])")
_BETONUNG = frozenset({"SO", "HA"})


def _karten_langform(frage: str) -> str:
    """Kartenkürzel als Langform: „hab nur GO u GU“ → „hab nur Gras-Ober u Gras-Unter“.

    Großbuchstaben zählen nur, wenn die Frage nicht ganz in Großbuchstaben steht („SO
    GEHT DAS?“ nennt keinen Schellen-Ober) – außer sie besteht nur aus Kürzeln („EO“).

    >>> _karten_langform("EO und SO hab ich, h10 auch"), _karten_langform("SO teuer?")
    ('Eichel-Ober und Schellen-Ober hab ich, Herz-Zehn auch', 'SO teuer?')
    >>> _karten_langform("EO"), _karten_langform("SO GEHT DAS?")
    ('Eichel-Ober', 'SO GEHT DAS?')
    """

    def lang(m: re.Match[str]) -> str:
        # erst hier: die allermeisten Fragen nennen kein Kürzel
        from referee.schafkopf.karten import Farbe, Schlag

        schlag = "10" if m[2] in "zZ" else m[2].upper()
        return f"{Farbe(m[1].upper()).name_de}-{Schlag(schlag).name_de}"

    woerter_roh = re.findall(r"[\w-]+", frage)
    nur_kuerzel = bool(woerter_roh) and all(_KURZFORM_GROSS.fullmatch(w) for w in woerter_roh)
    gross = [] if frage == frage.upper() and not nur_kuerzel else _KURZFORM_GROSS.findall(frage)
    mit_ziffer = _KURZFORM_ZIFFER.sub(lang, frage)
    andere = nur_kuerzel or mit_ziffer != frage or any(f + s not in _BETONUNG for f, s in gross)
    return _KURZFORM_GROSS.sub(lang, mit_ziffer) if gross and andere else mit_ziffer


#: Vor diesen Wörtern ist „a“ der Buchstabe (SAUFN: „auf ein A“), kein Artikel.
_VOR_BUCHSTABE = frozenset(
    {"ein", "eine", "einem", "einen", "der", "die", "das", "den", "dem", "auf", "nach", "kein"}
)


def _mundart_artikel(roh: Sequence[str], i: int) -> bool:
    """Ist „a“ hier der Artikel der Mundart („wos is a wenz“), nicht der Buchstabe A?"""
    if "saufn" in roh or i + 1 >= len(roh) or len(roh[i + 1]) < 3:
        return False
    return i == 0 or roh[i - 1] not in _VOR_BUCHSTABE


@cache
def _schwache_woerter() -> frozenset[str]:
    from referee.resources import lade_json

    return frozenset(falte(w) for w in lade_json("synonyme.json").get("schwach", []))


#: Vor einem Spielnamen machen diese Wörter ihn zur bloßen Ortsangabe („beim Sauspiel“):
#: dann zählt er als Spielname, auch wenn er sonst ein Regelbegriff ist.
_VOR_SPIELNAME = frozenset({"beim", "bei", "im", "in", "fuer", "zum", "vom", "von"})


def _nur_ortsangabe(roh: Sequence[str], i: int) -> bool:
    """Ist ``roh[i]`` ein Spielname in einer Ortsangabe wie „beim Sauspiel“?"""
    return roh[i] in _synonymdaten()[1] and i > 0 and roh[i - 1] in _VOR_SPIELNAME


#: Füllwörter, die nach einem Artikel ein Regelbegriff sind: „ein Sie“ (alle Ober und Unter).
_NOMEN = frozenset({"sie"})
_ARTIKEL = frozenset({"ein", "einen", "einem", "der", "den", "dem", "das"})
# Folgt eines dieser Wörter, ist „an“, „nach“ … eine Präposition, keine abgetrennte Vorsilbe
# („wer zahlt an wen“ ist kein „anzahlen“, „wer kommt an die Reihe“ kein „ankommen“)
_NACH_PRAEPOSITION = _ARTIKEL | frozenset(
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


def _nomen_nach_artikel(roh: Sequence[str], i: int) -> bool:
    """Ist ``roh[i]`` ein Füllwort, das hier als Nomen steht („was kostet ein Sie“)?"""
    return roh[i] in _NOMEN and i > 0 and roh[i - 1] in _ARTIKEL


@cache
def _geruest_menge() -> frozenset[str]:
    return frozenset(_geruest())


@cache
def _geruest() -> tuple[str, ...]:
    """Wörter, die eine Frage tragen, ohne Regelbegriff zu sein: Füllwörter, schwache
    Wörter, Fragewörter, Spielnamen, Zahlwörter, Geld- und Mengenwörter, Mundart."""
    zahlwoerter = [*_GRUNDZAHLEN, *(w + "er" for w in _GRUNDZAHLEN)]
    return tuple(
        sorted(
            {
                *stoppwoerter(),
                *_schwache_woerter(),
                *FRAGEWOERTER,
                *(n for n in _synonymdaten()[1] if n.isalpha()),
                *zahlwoerter,
                *_ABSICHT_IN_FRAGE,
                *_mundart(),
                *_VORSILBEN,
            }
        )
    )


def _inhaltswoerter(roh: Sequence[str]) -> list[str]:
    """Wortfolge ohne Füllwörter und ohne Spielnamen als Ortsangabe (für Wortpaare)."""
    stopp = stoppwoerter()
    spielnamen = _synonymdaten()[1]
    return [
        w
        for i, w in enumerate(roh)
        if w not in stopp and not (w in spielnamen and i > 0 and roh[i - 1] in _VOR_SPIELNAME)
    ]


def synonyme(wort: str) -> frozenset[str]:
    """Gleichbedeutende Wörter (gefaltet) laut ``data/synonyme.json``."""
    return _synonymdaten()[0].get(falte(wort), frozenset())


def synonyme_gebeugt(wort: str) -> frozenset[str]:
    """Synonyme auch einer gebeugten Form: ``Leuten`` → wie ``Leute``, ``Gegners`` → ``Gegner``.

    >>> "spieler" in synonyme_gebeugt("leuten"), synonyme_gebeugt("karten") == synonyme("karten")
    (True, True)
    """
    gruppen = _synonymdaten()[0]
    if wort in gruppen:
        return gruppen[wort]
    for endung in ("en", "n", "e", "s", "es", "er", "em"):
        grund = wort[: -len(endung)]
        if wort.endswith(endung) and len(grund) >= 4 and grund in gruppen:
            return gruppen[grund] | {grund}
    return frozenset()


def spiel_kuerzel(eingabe: str) -> str:
    """``--spiel``-Angabe auf das Spielkürzel abbilden: ``Schlafmütze`` → ``schlafmuetze``.

    >>> spiel_kuerzel("sabai-sabai"), spiel_kuerzel("Schlafmütze"), spiel_kuerzel("Sauspiel")
    ('sabai', 'schlafmuetze', 'schafkopf')
    """
    namen = _synonymdaten()[1]
    gefaltet = falte(eingabe.strip())
    for schluessel in (gefaltet, re.sub(r"[\s-]+", "", gefaltet)):
        if schluessel in namen:
            return namen[schluessel]
    erlaubt = ", ".join(SPIELE)
    raise Eingabefehler(
        f"Unbekanntes Spiel „{eingabe}“. Erlaubt sind: {erlaubt} "
        "(auch sabai-sabai, Schlafmütze, Sauspiel)."
    )


# --------------------------------------------------------------------------- Profile

#: Wörter, die in der Frage Füllwörter sind, aber für das Profil die Art der Frage tragen
#: („darf ich …“ fragt nach einer Regel, „was kostet …“ nach Geld).
_PROFIL_FUELLWOERTER = frozenset({"darf", "muss", "kann", "viel", "kostet", "zahlt"})
#: Gewicht eines Buchstaben-Vierers (4-Gramm) eines Inhaltsworts im Profil: Mundart und
#: Tippfehler teilen Vierer mit der Schriftform („spuin“/„spielen“ kaum, „schelln“/„schellen“ viel).
GEWICHT_VIERER = 0.25


def profil_merkmale(frage: str) -> dict[str, float]:
    """Merkmale einer Frage für die Profile: Stämme, Stammpaare, Buchstaben-Vierer.

    >>> sorted(profil_merkmale("Wer gibt?"))
    ['p:wer geb', 'v:<geb', 'v:ben>', 'v:eben', 'v:gebe', 'w:geb', 'w:wer']
    """
    stopp = stoppwoerter()
    merkmale: dict[str, float] = {}
    staemme: list[str] = []
    for w in frage_woerter(frage):
        fuellwort = w in stopp
        if fuellwort and w not in FRAGEWOERTER and w not in _PROFIL_FUELLWOERTER:
            continue
        s = stamm(w)
        staemme.append(s)
        merkmale["w:" + s] = merkmale.get("w:" + s, 0.0) + 1.0
        if not fuellwort:
            x = f"<{w}>"
            for i in range(len(x) - 3):
                v = "v:" + x[i : i + 4]
                merkmale[v] = merkmale.get(v, 0.0) + GEWICHT_VIERER
    for erstes, zweites in zip(staemme, staemme[1:]):
        paar = f"p:{erstes} {zweites}"
        merkmale[paar] = merkmale.get(paar, 0.0) + 1.0
    return merkmale


#: Gelernte Profile (``_Profile.lernen``): Durchgänge über die Beispielfragen und Marge des
#: gemittelten Perzeptrons. Gewählt mit ``benchmarks/frage.py --kreuzvalidierung``.
PROFIL_DURCHGAENGE = 8
PROFIL_MARGE = 0.3
#: Startwert der Zufallsreihenfolge beim Lernen: gleiche Beispielfragen, gleiche Profile.
_PROFIL_STARTWERT = 1
#: Gewichte unter diesem Betrag fallen beim Speichern weg (kleiner, schneller, gleich gut).
_PROFIL_KLEINST = 1e-3


class _Profile:
    """Je Abschnitt ein gelerntes Profil: Gewichte über ``profil_merkmale`` (tf-idf-Vektor der
    Frage), so gelernt, dass jede Beispielfrage ihren Abschnitt vor alle anderen setzt
    (gemitteltes Mehrklassen-Perzeptron mit Marge). Anders als ein Schwerpunkt der
    Beispielfragen lernt es, welche Merkmale zwei ähnliche Abschnitte *unterscheiden*
    (eine Regelstelle und ihr FAQ-Zwilling, Wenz und Solo). ``aehnlichkeit`` gibt je
    Abschnitt das Skalarprodukt mit der Frage (etwa 0–1, auch negativ).

    Lernen dauert Sekunden; deshalb liegt das Profil der mitgelieferten Beispielfragen fertig
    in ``data/beispielprofil.txt`` (``python -m referee.beispielprofil``) und gilt nur, wenn
    seine Prüfsumme zu den Merkmalen der Beispielfragen passt – sonst wird neu gelernt.

    Gespeichert als Text, eine Zeile „merkmal<Tab>idf nummer:gewicht …“ je Merkmal, in Fächern
    nach den ersten ``_FACH`` Zeichen des Merkmals: rund 900 Zeichenketten statt Zehntausender
    Objekte, schnell aus dem Cache geladen; gelesen nur für die Merkmale der Frage.
    """

    _FACH = 4

    def __init__(self, faecher: dict[str, str], pruefsumme: str = "", art: float = 0.0) -> None:
        self._faecher = faecher
        self.pruefsumme = pruefsumme
        self._art = art  # Grundwert der Art (Konvention gegen Regel), ohne Merkmale

    @staticmethod
    def _dokumente(
        fragen: Iterable[tuple[str, int]], konventionen: Collection[int] = ()
    ) -> tuple[list[tuple[dict[str, float], int]], str]:
        """Merkmale je Frage und die Prüfsumme über alles, woraus gelernt wird."""
        import hashlib

        dokumente = [(profil_merkmale(frage), i) for frage, i in fragen]
        h = hashlib.sha256(
            f"{PROFIL_DURCHGAENGE} {PROFIL_MARGE} {_PROFIL_STARTWERT} {_PROFIL_KLEINST}\n".encode()
        )
        h.update(("konventionen " + " ".join(map(str, sorted(konventionen))) + "\n").encode())
        for merkmale, i in dokumente:
            zeile = " ".join(f"{m}={x:g}" for m, x in sorted(merkmale.items()))
            h.update(f"{i}\t{zeile}\n".encode())
        return dokumente, h.hexdigest()[:32]

    @classmethod
    def lernen(
        cls,
        fragen: Iterable[tuple[str, int]],
        vorgelernt: str | None = None,
        konventionen: Collection[int] = (),
    ) -> _Profile:
        """``fragen``: ``(frage, abschnittsnummer)``. ``vorgelernt``: ``als_text`` eines
        früheren Lernens; gilt, wenn es aus genau diesen Merkmalen gelernt ist.
        ``konventionen``: die Nummern der Konventionen – für die Art (``bewerten``)."""
        import random

        dokumente, pruefsumme = cls._dokumente(fragen, konventionen)
        if vorgelernt is not None:
            fertig = cls.aus_text(vorgelernt)
            if fertig is not None and fertig.pruefsumme == pruefsumme:
                return fertig
        df: dict[str, int] = {}
        for merkmale, _ in dokumente:
            for m in merkmale:
                df[m] = df.get(m, 0) + 1
        idf = {m: math.log(1.0 + len(dokumente) / n) for m, n in df.items()}
        reihe = [(_vektor(merkmale, idf), i) for merkmale, i in dokumente]
        # Gemitteltes Perzeptron: w die laufenden Gewichte, u die mit dem Schritt gewichteten
        # Änderungen; gemittelt ist w − u / schritt (ohne je Schritt alle Gewichte zu summieren).
        w: dict[str, dict[int, float]] = {}
        u: dict[str, dict[int, float]] = {}
        schritt = 1
        zufall = random.Random(_PROFIL_STARTWERT)
        for _ in range(PROFIL_DURCHGAENGE):
            zufall.shuffle(reihe)
            for vektor, ziel in reihe:
                punkte: dict[int, float] = {}
                for m, x in vektor.items():
                    for j, y in w.get(m, {}).items():
                        punkte[j] = punkte.get(j, 0.0) + x * y
                richtig = punkte.pop(ziel, 0.0)
                gegner = max(punkte, key=punkte.__getitem__) if punkte else None
                if richtig - (punkte[gegner] if gegner is not None else 0.0) < PROFIL_MARGE:
                    for m, x in vektor.items():
                        wm = w.setdefault(m, {})
                        um = u.setdefault(m, {})
                        wm[ziel] = wm.get(ziel, 0.0) + x
                        um[ziel] = um.get(ziel, 0.0) + schritt * x
                        if gegner is not None:
                            wm[gegner] = wm.get(gegner, 0.0) - x
                            um[gegner] = um.get(gegner, 0.0) - schritt * x
                schritt += 1
        art, art_grund = cls._art_lernen(reihe, frozenset(konventionen), zufall)
        faecher: dict[str, list[str]] = {}
        for m in sorted(w.keys() | art.keys()):
            eintraege = [
                f"{j}:{g:.4g}"
                for j in sorted(w.get(m, {}))
                if abs(g := w[m][j] - u[m][j] / schritt) >= _PROFIL_KLEINST
            ]
            if abs(art.get(m, 0.0)) >= _PROFIL_KLEINST:
                eintraege.append(f"k:{art[m]:.4g}")
            if eintraege:
                zeile = f"{m}\t{idf[m]:.6g} " + " ".join(eintraege)
                faecher.setdefault(m[: cls._FACH], []).append(zeile)
        return cls(
            {k: "\n" + "\n".join(v) + "\n" for k, v in faecher.items()},
            pruefsumme,
            float(f"{art_grund:.4g}"),
        )

    @staticmethod
    def _art_lernen(
        reihe: list[tuple[dict[str, float], int]],
        konventionen: frozenset[int],
        zufall: random.Random,
    ) -> tuple[dict[str, float], float]:
        """Die Art der Frage: Gewichte und Grundwert eines gemittelten Perzeptrons mit Marge,
        positiv für Fragen nach einer Konvention, negativ für Fragen nach einer Regel.

        Ein eigenes Zwei-Klassen-Modell trennt beides schärfer als der Vergleich des besten
        Konventions- mit dem besten Regelprofil: es sieht alle Konventionsfragen zusammen."""
        if not konventionen:
            return {}, 0.0
        w: dict[str, float] = {}
        u: dict[str, float] = {}
        grund = grund_u = 0.0
        schritt = 1
        for _ in range(PROFIL_DURCHGAENGE):
            zufall.shuffle(reihe)
            for vektor, ziel in reihe:
                y = 1.0 if ziel in konventionen else -1.0
                wert = grund + sum(x * w.get(m, 0.0) for m, x in vektor.items())
                if y * wert < PROFIL_MARGE:
                    for m, x in vektor.items():
                        w[m] = w.get(m, 0.0) + y * x
                        u[m] = u.get(m, 0.0) + schritt * y * x
                    grund += y
                    grund_u += schritt * y
                schritt += 1
        return {m: w[m] - u[m] / schritt for m in w}, grund - grund_u / schritt

    def als_text(self) -> str:
        """Für ``data/beispielprofil.txt``: Kopfzeilen, dann eine Zeile je Merkmal."""
        kopf = (
            "# referee: gelernte Profile der Beispielfragen – erzeugt mit\n"
            "# python -m referee.beispielprofil, nicht von Hand ändern\n"
            f"# pruefsumme {self.pruefsumme}\n"
            f"# art {self._art:.4g}\n"
        )
        zeilen = [z for fach in sorted(self._faecher) for z in self._faecher[fach].split("\n") if z]
        return kopf + "\n".join(zeilen) + "\n"

    @classmethod
    def aus_text(cls, text: str) -> _Profile | None:
        """Umkehrung von ``als_text``; None, wenn der Text nicht so aussieht."""
        pruefsumme = ""
        art = 0.0
        faecher: dict[str, list[str]] = {}
        for zeile in text.splitlines():
            if zeile.startswith("# pruefsumme "):
                pruefsumme = zeile.removeprefix("# pruefsumme ").strip()
            elif zeile.startswith("# art "):
                try:
                    art = float(zeile.removeprefix("# art "))
                except ValueError:
                    return None
            elif zeile and not zeile.startswith("#"):
                if "\t" not in zeile:
                    return None
                faecher.setdefault(zeile[: min(cls._FACH, zeile.index("\t"))], []).append(zeile)
        if not pruefsumme:
            return None
        return cls({k: "\n" + "\n".join(v) + "\n" for k, v in faecher.items()}, pruefsumme, art)

    def zustand(self) -> tuple[dict[str, str], str, float]:
        return self._faecher, self.pruefsumme, self._art

    def _zeile(self, merkmal: str) -> list[str] | None:
        """„idf nummer:gewicht …“ des Merkmals, in Teilen; None, wenn es unbekannt ist."""
        fach = self._faecher.get(merkmal[: self._FACH])
        if fach is None:
            return None
        start = fach.find(f"\n{merkmal}\t")
        if start < 0:
            return None
        start += len(merkmal) + 2
        return fach[start : fach.index("\n", start)].split(" ")

    def bewerten(self, frage: str) -> tuple[dict[int, float], float]:
        """Abschnittsnummer → Skalarprodukt der Frage mit dem Profil (nur Abschnitte mit einem
        Gewicht für ein Merkmal der Frage), und die Art der Frage: über 0 eher nach einer
        Konvention, unter 0 eher nach einer Regel gefragt (etwa −4 bis 4)."""
        merkmale = profil_merkmale(frage)
        zeilen = {m: z for m in merkmale if (z := self._zeile(m)) is not None}
        idf = {m: float(z[0]) for m, z in zeilen.items()}
        ergebnis: dict[int, float] = {}
        art = self._art
        for m, x in _vektor(merkmale, idf).items():
            for eintrag in zeilen[m][1:]:
                nummer, gewicht = eintrag.split(":")
                if nummer == "k":
                    art += x * float(gewicht)
                    continue
                i = int(nummer)
                ergebnis[i] = ergebnis.get(i, 0.0) + x * float(gewicht)
        return ergebnis, art

    def aehnlichkeit(self, frage: str) -> dict[int, float]:
        """Nur die Abschnitte aus ``bewerten``."""
        return self.bewerten(frage)[0]


def _profile_lernen(
    liste: Sequence[Abschnitt], beispiele: Iterable[tuple[str, str]], vorgelernt: str | None = None
) -> _Profile:
    """Die Profile der Abschnitte ``liste`` aus den Beispielfragen (oder ``vorgelernt``)."""
    konventionen = [i for i, a in enumerate(liste) if _art(a) == "konvention"]
    return _Profile.lernen(_profil_fragen(liste, beispiele), vorgelernt, konventionen)


def _profil_fragen(
    liste: Sequence[Abschnitt], beispiele: Iterable[tuple[str, str]]
) -> list[tuple[str, int]]:
    """Woraus die Profile lernen: die Beispielfragen ``(frage, id)`` und jeder Titel, je mit
    der Nummer seines Abschnitts (Beispiele zu fremden ids fallen weg)."""
    nummer = {a.id: i for i, a in enumerate(liste)}
    return [
        *((frage, nummer[ziel]) for frage, ziel in beispiele if ziel in nummer),
        *((a.titel, i) for i, a in enumerate(liste)),
    ]


def _vektor(merkmale: Mapping[str, float], idf: Mapping[str, float]) -> dict[str, float]:
    """Normierter tf-idf-Vektor (tf gedämpft: 1 + ln tf; Vierer unter 1 linear); Merkmale
    ohne idf (nie in einer Beispielfrage) fallen weg."""
    vektor = {
        m: (1.0 + math.log(x) if x >= 1.0 else x) * idf[m] for m, x in merkmale.items() if m in idf
    }
    laenge = math.sqrt(sum(x * x for x in vektor.values())) or 1.0
    return {m: x / laenge for m, x in vektor.items()}


# --------------------------------------------------------------------------- Index


@dataclass(frozen=True)
class Treffer:
    """Ein Suchergebnis: der Abschnitt, sein Score (0–100) und die passenden Korpuswörter."""

    abschnitt: Abschnitt
    score: float
    woerter: frozenset[str]


@dataclass(frozen=True)
class _Suchwort:
    wort: str
    gewicht: float  # 1.0, GEWICHT_SCHWACH, GEWICHT_SPIELNAME oder GEWICHT_FRAGEWORT
    fragewort: bool = False  # „wer“, „wann“ …: nur genau, macht nichts relevant


class Suchindex:
    """Vorberechneter Index über Abschnitte: Vokabular, Felder je Wort, idf."""

    def __init__(
        self,
        liste: Iterable[Abschnitt],
        beispiele: Iterable[tuple[str, str]] = (),
        titel_sind_fragen: bool = False,
        vorgelernt: str | None = None,
    ) -> None:
        """``beispiele``: ``(frage, id)``; ``titel_sind_fragen``: die Titel sind Fragen von
        Spielern (der Beispielindex) und werden wie eine Frage zerlegt; ``vorgelernt``: fertig
        gelernte Profile (``_Profile.als_text``), die gelten, wenn sie zu den Beispielen passen."""
        self.abschnitte: tuple[Abschnitt, ...] = tuple(liste)
        # Beim Beispielindex: der Hauptindex, dessen Vokabular (Tippfehler, Stämme) er nutzt
        self._quelle: Suchindex | None = None
        beispiele = list(beispiele)
        self._beispiele_setzen(beispiele)
        self._profile: _Profile | None = None
        self._letztes_profil: tuple[str, dict[int, float], float] = ("", {}, 0.0)
        if beispiele and not titel_sind_fragen:
            self._profile = _profile_lernen(self.abschnitte, beispiele, vorgelernt)
        je_abschnitt: dict[str, list[str]] = {}
        for frage, ziel in beispiele:
            je_abschnitt.setdefault(ziel, []).append(frage)
        felder: list[dict[str, float]] = []
        paare: dict[str, set[int]] = {}
        for i, a in enumerate(self.abschnitte):
            f: dict[str, float] = {}
            teile = [
                (GEWICHT_TEXT_KONVENTION if _art(a) == "konvention" else GEWICHT_TEXT, a.text),
                *((GEWICHT_STICHWORT, s) for s in a.stichworte),
                (GEWICHT_TITEL, a.titel),
                # Beispielfragen erweitern den Abschnitt um die Wörter der Spieler
                *((GEWICHT_BEISPIELTEXT, frage) for frage in je_abschnitt.get(a.id, ())),
            ]
            for nr, (gewicht, teil) in enumerate(teile):
                stichwort = 0 < nr <= len(a.stichworte)  # (Titel und Beispiele danach)
                titel = nr == len(a.stichworte) + 1
                if nr > len(a.stichworte) + 1 or (titel and titel_sind_fragen):
                    # eine Frage von Spielern: zerlegt wie die Frage selbst (Mundart, Zahlwörter,
                    # „wer spielt zusammen“ → auch ``zusammenspielt``)
                    gefaltet = frage_woerter(teil)
                    folge = _inhaltswoerter(gefaltet)
                    gefaltet = gefaltet + _verb_mit_partikel(gefaltet)
                else:
                    gefaltet = woerter(teil)
                    if stichwort and len(gefaltet) > 1 and gefaltet[-1] in _VORSILBEN:
                        # wie in der Frage: „wer spielt mit“ → auch ``mitspielt``
                        gefaltet.append(gefaltet[-1] + gefaltet[-2])
                    folge = _inhaltswoerter(gefaltet)
                for wort in gefaltet:
                    if gewicht > f.get(wort, 0.0):
                        f[wort] = gewicht
                    absicht = _absicht_im_text(wort, _art(a))
                    if absicht and gewicht > f.get(absicht, 0.0):
                        f[absicht] = gewicht
                # Wortfolgen je Titel, Text und einzelnem Stichwort (nicht über Stichwortgrenzen)
                for erstes, zweites in zip(folge, folge[1:]):
                    paare.setdefault(f"{erstes} {zweites}", set()).add(i)
            felder.append(f)
        # Wortpaar → Abschnittsnummern, als Text je erstem Wort („\nzweites 1,4\nanderes 7“):
        # wenige Objekte, die schnell aus dem Cache geladen und beim Beenden freigegeben sind;
        # gelesen nur für die Paare der Frage (``_paar``)
        je_erstem: dict[str, list[str]] = {}
        for schluessel, menge in paare.items():
            erstes, zweites = schluessel.split(" ")
            je_erstem.setdefault(erstes, []).append(
                f"\n{zweites} " + ",".join(map(str, sorted(menge)))
            )
        self._paare: dict[str, str] = {k: "".join(v) for k, v in je_erstem.items()}
        # Wort → (Abschnittsnummern, Feldgewichte): zwei Tupel statt eines Paars je Abschnitt –
        # weniger Objekte, schneller aus dem Cache geladen und beim Beenden freigegeben
        nummern: dict[str, list[int]] = {}
        gewichte: dict[str, list[float]] = {}
        for i, f in enumerate(felder):
            for wort, g in f.items():
                nummern.setdefault(wort, []).append(i)
                gewichte.setdefault(wort, []).append(g)
        self._ableiten({w: (tuple(nummern[w]), tuple(gewichte[w])) for w in nummern})
        self._nachbarn: dict[str, str] | None = None
        # je Abschnitt die Stämme seines Titels, durch Leerzeichen getrennt
        zerlegen = frage_woerter if titel_sind_fragen else woerter
        self._titel_staemme: list[str] = [
            " ".join(sorted(set(_staemme(_inhaltswoerter(zerlegen(a.titel))))))
            for a in self.abschnitte
        ]

    def _beispiele_setzen(self, beispiele: Iterable[tuple[str, str]]) -> None:
        """Beispielfragen ``(frage, id)`` als eigener kleiner Index: je Frage ein Eintrag,
        dessen Titel die Frage ist und der auf den Abschnitt ``id`` zeigt."""
        nummer = {a.id: i for i, a in enumerate(self.abschnitte)}
        eintraege: list[Abschnitt] = []
        self._ziele: list[int] = []
        for frage, ziel in beispiele:
            if ziel not in nummer:
                continue  # Beispiel zu einem Abschnitt, den dieser Index nicht hat
            a = self.abschnitte[nummer[ziel]]
            eintraege.append(Abschnitt(a.id, a.spiel, frage, ""))
            self._ziele.append(nummer[ziel])
        self._beispiele: Suchindex | None = None
        if eintraege:
            # Die Wörter der Beispielfragen stehen auch im Hauptindex (eigenes Feld): der
            # Beispielindex braucht kein eigenes Vokabular und erkennt dieselben Tippfehler.
            self._beispiele = Suchindex(eintraege, titel_sind_fragen=True)
            self._beispiele._quelle = self

    # -- Zwischenspeichern ---------------------------------------------------------------

    def nachbarn_berechnen(self) -> None:
        """Für jedes Korpuswort die unscharf ähnlichen vorab (wie ``process.extract`` in
        ``_aehnliche``): Fragen aus richtig geschriebenen Wörtern brauchen dann kein
        rapidfuzz beim Start. Für den mitgelieferten Korpus, einmal vor dem Cache."""
        nachbarn: dict[str, str] = {}
        for wort in self.vokabular:
            # „wort ähnlichkeit“ je Zeile: ein Objekt je Korpuswort (schnell geladen)
            nachbarn[wort] = "\n".join(
                f"{k} {sc!r}" for k, sc in _unscharf(wort, self.vokabular, False) if k != wort
            )
        self._nachbarn = nachbarn

    def zustand(self) -> tuple:
        """Der berechnete Zustand als reine Daten (für ``marshal``); ohne die Abschnitte."""
        beispiele = None
        if self._beispiele is not None:
            profile = None if self._profile is None else self._profile.zustand()
            beispiele = (tuple(self._ziele), self._beispiele.zustand(), profile)
        vokabular = (self.vokabular, self._blob, self._anfaenge, self._staemme, self._nachbarn)
        if self._quelle is not None:
            vokabular = ([], "", [], {}, None)  # das der Quelle
        return (
            beispiele,
            tuple(a.id for a in self.abschnitte),
            self._posting,
            self._paare,
            self._titel_staemme,
            self._idf_max,
            *vokabular,
        )

    @classmethod
    def aus_zustand(cls, liste: Iterable[Abschnitt], zustand: tuple) -> Suchindex:
        """Index aus ``zustand()`` und denselben Abschnitten; ``ValueError`` wenn sie abweichen."""
        ix = cls.__new__(cls)
        ix.abschnitte = tuple(liste)
        (
            beispiele,
            ids,
            ix._posting,
            ix._paare,
            ix._titel_staemme,
            ix._idf_max,
            ix.vokabular,
            ix._blob,
            ix._anfaenge,
            ix._staemme,
            ix._nachbarn,
        ) = zustand
        if tuple(a.id for a in ix.abschnitte) != ids:
            raise ValueError("Zwischengespeicherter Index passt nicht zu den Abschnitten.")
        ix._quelle = None
        ix._beispiele = None
        ix._profile = None
        ix._letztes_profil = ("", {}, 0.0)
        ix._ziele = []
        if beispiele is not None:
            ziele, unterzustand, profile = beispiele
            ix._ziele = list(ziele)
            ix._profile = None if profile is None else _Profile(*profile)
            # Nach dem Aufbau braucht der Beispielindex von seinen Einträgen nur id und Spiel:
            # der Abschnitt, auf den die Beispielfrage zeigt, genügt (nichts neu anzulegen).
            ix._beispiele = cls.aus_zustand([ix.abschnitte[i] for i in ziele], unterzustand)
            ix._beispiele._quelle = ix
        return ix

    def _ableiten(self, posting: dict[str, tuple[tuple[int, ...], tuple[float, ...]]]) -> None:
        """Aus den Postings: Vokabular, Teilwort-Blob, Stämme."""
        self._posting = posting
        self._idf_max = math.log(1.0 + max(len(self.abschnitte), 1))
        self.vokabular: list[str] = sorted(posting)
        # Alle Wörter in einer Zeichenkette: Teilwortsuche mit str.find statt Python-Schleife.
        self._blob = "\n".join(self.vokabular) + "\n"
        self._anfaenge: list[int] = []
        pos = 0
        for w in self.vokabular:
            self._anfaenge.append(pos)
            pos += len(w) + 1
        staemme: dict[str, list[str]] = {}
        for w in self.vokabular:
            staemme.setdefault(stamm(w), []).append(w)
        self._staemme: dict[str, str] = {k: " ".join(v) for k, v in staemme.items()}

    def _paar(self, erstes: str, zweites: str) -> list[int]:
        """Die Abschnitte, in denen ``zweites`` direkt auf ``erstes`` folgt."""
        text = self._paare.get(erstes)
        if text is None:
            return []
        start = text.find(f"\n{zweites} ")
        if start < 0:
            return []
        start += len(zweites) + 2
        ende = text.find("\n", start)
        return [int(n) for n in text[start : None if ende < 0 else ende].split(",")]

    def _idf(self, wort: str) -> float:
        """Seltenheit eines Korpusworts: ln(1 + Abschnitte / Abschnitte mit dem Wort)."""
        return math.log(1.0 + max(len(self.abschnitte), 1) / len(self._posting[wort][0]))

    # -- Ähnlichkeit eines Suchworts mit dem Vokabular ---------------------------------

    def _aehnliche(self, wort: str, tippfehler: bool = True) -> dict[str, float]:
        """Korpuswörter, die ``wort`` ähneln, mit Ähnlichkeit 0–100.

        ``tippfehler=False`` für Synonyme aus der Datei: die sind richtig geschrieben,
        unscharfer Vergleich brächte nur Rauschen (``kriegen`` ~ ``regeln``).
        """
        if self._quelle is not None:  # Beispielindex: Ähnliche im Vokabular der Quelle
            return {
                k: v
                for k, v in self._quelle._aehnliche(wort, tippfehler).items()
                if k in self._posting
            }
        treffer: dict[str, float] = {}
        if wort in self._posting:
            treffer[wort] = 100.0
        # Gleicher Stamm (angeschaut ~ anschauen, leg ~ gelegt), nur längere Korpuswörter
        if len(wort) >= 3:
            for kandidat in self._staemme.get(stamm(wort), "").split():
                if len(kandidat) >= 5 and treffer.get(kandidat, 0.0) < AEHNLICH_STAMM:
                    treffer[kandidat] = AEHNLICH_STAMM
        if len(wort) < 4:
            return treffer  # kurze Wörter (Kartenwerte, Buchstaben) sonst nur exakt
        unscharf: Iterable[tuple[str, float]] = ()
        if tippfehler and self._nachbarn is not None and wort in self._nachbarn:
            unscharf = _nachbarn_lesen(self._nachbarn[wort])  # vorberechnet: ohne rapidfuzz
        elif tippfehler:
            unscharf = _unscharf(wort, self.vokabular, wort not in self._posting)
        for kandidat, score in unscharf:
            # Tippfehler: jeder Punkt Abstand zählt doppelt (95 → 90, 77 → 54)
            score = 100.0 - 2.0 * (100.0 - score)
            if score > treffer.get(kandidat, 0.0):
                treffer[kandidat] = score
        # Teilwort: ein Korpuswort enthält das Suchwort (Komposita, Beugungen)
        start = 0
        blob = self._blob
        while True:
            pos = blob.find(wort, start)
            if pos < 0:
                break
            i = bisect.bisect_right(self._anfaenge, pos) - 1
            kandidat = self.vokabular[i]
            start = self._anfaenge[i] + len(kandidat) + 1
            if kandidat == wort:
                continue
            score = self._teilwort(wort, kandidat, pos - self._anfaenge[i])
            if score > treffer.get(kandidat, 0.0):
                treffer[kandidat] = score
        return treffer

    def _bekannt(self, teil: str) -> str | None:
        """Das Korpuswort zu einem Teil eines Kompositums (auch ohne Fugen-s/-n/-en/-e)."""
        if len(teil) < 3 or teil in stoppwoerter():
            return None
        kandidaten = [teil]
        if teil.endswith(("s", "n", "e")):
            kandidaten.append(teil[:-1])
        if teil.endswith("en"):
            kandidaten.append(teil[:-2])
        for kandidat in kandidaten:
            if len(kandidat) >= 3 and kandidat in self._posting:
                return kandidat
        treffer = self._staemme.get(stamm(teil))
        return teil if treffer else None

    def zerteile(self, wort: str, tiefe: int = 3) -> list[str] | None:
        """Ein im Korpus unbekanntes Kompositum in bekannte Teile zerlegen, sonst None.

        Der längste bekannte Anfang zuerst; höchstens ``tiefe`` Teile, jeder ≥ 3 Buchstaben,
        der letzte ≥ 5 („Hochzeit“ bleibt ganz).
        """
        if tiefe < 2 or len(wort) < 6 or not wort.isalpha() or wort in self._posting:
            return None
        if tiefe == 3 and (synonyme(wort) or stamm(wort) in self._staemme):
            return None
        for schnitt in range(len(wort) - 3, 2, -1):
            vorn = self._bekannt(wort[:schnitt])
            if vorn is None:
                continue
            rest = wort[schnitt:]
            hinten = self._bekannt(rest) if len(rest) >= 5 else None  # nicht hoch|zeit
            if hinten is not None:
                return [vorn, hinten]
            weiter = self.zerteile(rest, tiefe - 1)
            if weiter:
                return [vorn, *weiter]
        if tiefe == 3:  # trennbare Vorsilbe vor bekanntem Verb: zurück|stoßen → stoßen
            for vorsilbe in _VORSILBEN:
                rest = wort[len(vorsilbe) :]
                if wort.startswith(vorsilbe) and len(rest) >= 4 and self._bekannt(rest):
                    return [rest]
        return None

    def _ist_wort(self, teil: str) -> bool:
        """Ist ``teil`` ein eigenes Wort des Korpus (auch mit Fugen-s / -e / -n)?"""
        if len(teil) < 3:
            return False
        if teil in self._posting:
            return True
        if teil[-1] in "sen" and teil[:-1] in self._posting and len(teil) > 3:
            return True
        return len(teil) > 3 and teil + "e" in self._posting  # farb|karten ← Farbe

    def _teilwort(self, wort: str, kandidat: str, pos: int) -> float:
        """Ähnlichkeit, wenn ``kandidat`` das Suchwort ``wort`` an Stelle ``pos`` enthält.

        Echte Komposita (der Rest ist selbst ein Wort: ``spiel|ende``,
        ``schluecke|verteilung``) zählen 90; ein Anfang (Beugung: ``laufende|n``) je nach
        Länge 80–100; sonstiges Enthaltensein nur 55–70.
        """
        vorn, hinten = kandidat[:pos], kandidat[pos + len(wort) :]
        anteil = len(wort) / len(kandidat)
        if (not vorn and self._ist_wort(hinten)) or (not hinten and self._ist_wort(vorn)):
            return 90.0
        if not vorn:
            return 80.0 + 20.0 * anteil
        return 55.0 + 15.0 * anteil

    # -- Suche ---------------------------------------------------------------------------

    def _suchwoerter(self, frage: str) -> tuple[list[_Suchwort], set[str]]:
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
        stopp = stoppwoerter()
        roh = self._tippfehler_im_geruest(roh, stopp)
        roh = self._trennbare_verben(roh, stopp)
        spielnamen = _synonymdaten()[1]
        spiele: set[str] = set()
        liste: list[_Suchwort] = []
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
                liste.append(_Suchwort(w, GEWICHT_FRAGEWORT, fragewort=True))
                continue
            if w in gesehen or (w in stopp and not _nomen_nach_artikel(roh, nr)):
                continue
            gesehen.add(w)
            if w in spielnamen:
                spiele.add(spielnamen[w])
                # Spielnamen, die zugleich Regelbegriffe sind (Sauspiel/Rufspiel), zählen voll –
                # außer als Ortsangabe („wie viel zahlt man beim Sauspiel“)
                regelbegriff = synonyme(w) and not _nur_ortsangabe(roh, nr)
                gewicht = 1.0 if regelbegriff else GEWICHT_SPIELNAME
            elif w in _schwache_woerter():
                gewicht = GEWICHT_SCHWACH
            else:
                gewicht = 1.0
            if nr in teile:
                gewicht *= GEWICHT_TEIL
            zerlegt = self.zerteile(w)
            if zerlegt:  # unbekanntes Kompositum: seine Teile (Ruffarbenkarte → ruf, farbe, karte)
                # ein bloß abgetrenntes Verb (zurück|stoßen) trägt die Bedeutung fast allein
                anteil = GEWICHT_TEIL if len(zerlegt) > 1 else GEWICHT_VERB_OHNE_VORSILBE
                for teil in zerlegt:
                    if teil not in gesehen and teil not in stopp:
                        gesehen.add(teil)
                        liste.append(_Suchwort(teil, gewicht * anteil))
                continue
            liste.append(_Suchwort(w, gewicht))
        for absicht in {_ABSICHT_IN_FRAGE[w] for w in roh if w in _ABSICHT_IN_FRAGE}:
            liste.append(_Suchwort(absicht, GEWICHT_ABSICHT[absicht], fragewort=True))
        if all(s.fragewort for s in liste):
            raise Eingabefehler(
                f"Die Frage „{gekuerzt(frage)}“ enthält nur Füllwörter. Nenne den Regelbegriff, "
                'z. B. referee frage "Wann darf ich davonlaufen?"'
            )
        return liste, spiele

    def _tippfehler_im_geruest(self, roh: list[str], stopp: frozenset[str]) -> list[str]:
        """Vertippte Wörter berichtigen, bevor Synonyme, Zahlen und Verbzusätze greifen.

        1. Umlaut als bloßer Vokal (``uber``, ``funf``, ``zuruckstossen``): die Form mit
           ``ue``/``oe``/``ae``, wenn sie bekannt ist.
        2. Gerüstwörter (Füllwort, Spielname, Zahlwort, Mundart) stehen nicht im Korpus,
           die unscharfe Suche fände sie nie (``vile`` → ``viele``, ``saabi`` → ``sabai``,
           ``drizehn`` → ``13``): ab ``MINDEST_LAENGE_BERICHTIGUNG`` Buchstaben.
        3. Ein Korpuswort, wenn genau eines in Frage kommt (``kreigt`` → ``kriegt``), ab
           ``MINDEST_LAENGE_KORPUS`` Buchstaben – kürzere sind zu oft ein anderes Wort.
        Als Tippfehler gilt genau einer: ein Buchstabe zu viel, zu wenig, falsch oder zwei
        vertauscht (Damerau-Distanz 1).
        """
        geruest = _geruest()
        ergebnis: list[list[str]] = []
        zu_fuellwort: list[int] = []
        for w in roh:
            if (
                len(w) < 3
                or not w.isalpha()
                or self._bekanntes_wort(w, geruest)
                or self.zerteile(w)  # ein Kompositum aus bekannten Teilen ist kein Tippfehler
            ):
                ergebnis.append([w])
                continue
            richtig = self._umlaut(w, geruest) or self._naechstes(w, geruest, stopp)
            if richtig is None:
                ergebnis.append([w])
                continue
            if richtig in stopp:
                zu_fuellwort.append(len(ergebnis))
            ergebnis.append(_mundart().get(richtig, [zahl(richtig) or richtig]))
        if zu_fuellwort and all(x in stopp or x in FRAGEWOERTER for t in ergebnis for x in t):
            # Bliebe nur Füllwerk, war das vertippte Wort der Begriff („Regln“ → Regeln)
            for i in zu_fuellwort:
                ergebnis[i] = [roh[i]]
        return [x for teil in ergebnis for x in teil]

    def _bekanntes_wort(self, w: str, geruest: Sequence[str]) -> bool:
        return (
            w in self._posting
            or w in _geruest_menge()
            or bool(synonyme(w))
            or stamm(w) in self._staemme
            or zahl(w) is not None
        )

    def _umlaut(self, w: str, geruest: Sequence[str]) -> str | None:
        """``uber`` → ``ueber``: die erste Umschreibung eines Vokals, die bekannt ist."""
        for i, vokal in enumerate(w):
            if vokal in "aou" and w[i + 1 : i + 2] != "e":
                variante = w[: i + 1] + "e" + w[i + 1 :]
                if self._bekanntes_wort(variante, geruest) or self.zerteile(variante):
                    return variante
        return None

    def _naechstes(self, w: str, geruest: Sequence[str], stopp: frozenset[str]) -> str | None:
        """Das Gerüst- oder Korpuswort mit genau einem Tippfehler Abstand, sonst None."""
        if len(w) < 4:
            return None
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        nah = process.extractOne(w, geruest, scorer=OSA.distance, score_cutoff=1)
        if nah is not None and (len(w) >= MINDEST_LAENGE_BERICHTIGUNG or nah[0] not in stopp):
            return nah[0]  # kurze Wörter nur als Mengen-, Zahl-, Spielwort (vile → viele)
        if len(w) < MINDEST_LAENGE_KORPUS or ("\n" + w) in ("\n" + self._blob):
            return None  # zu kurz, oder Anfang eines Korpusworts (kleine → kleinere)
        kandidaten = process.extract(
            w, self.vokabular, scorer=OSA.distance, score_cutoff=1, limit=2
        )
        return kandidaten[0][0] if len(kandidaten) == 1 else None

    def _trennbare_verben(self, roh: list[str], stopp: frozenset[str]) -> list[str]:
        """Nachgestellte Partikel wieder ans Verb: „wer kommt raus“ → ``rauskommt``.

        Das Verb steht in der Frage vorn (erste bis dritte Stelle: „kommt er raus“, „wer
        kommt raus“, „bei wem leg ich ab“); das Kompositum ersetzt Verb und Partikel nur,
        wenn es, sein Stamm oder ein Synonym im Korpus vorkommt – und nicht, wenn nach der
        Partikel ein Artikel oder Pronomen folgt: dann ist sie Präposition („zahlt an wen“).
        """
        ergebnis = list(roh)
        for j in range(len(roh) - 1, 0, -1):
            partikel = roh[j]
            if partikel not in _VORSILBEN or (
                j + 1 < len(roh) and roh[j + 1] in _NACH_PRAEPOSITION
            ):
                continue
            for k in (1, 0, 2):
                if k >= j or ergebnis[k] in stopp or ergebnis[k] in _VORSILBEN:
                    continue
                kompositum = partikel + ergebnis[k]
                if (
                    kompositum in self._posting
                    or synonyme(kompositum)
                    or stamm(kompositum) in self._staemme
                ):
                    ergebnis[k] = kompositum
                    del ergebnis[j]
                    break
        return ergebnis

    def suche(
        self,
        frage: str,
        spiel: str | None = None,
        anzahl: int = 3,
        mindest_score: float = MINDEST_SCORE,
        vage: bool = False,
        art: str | None = "regel",
    ) -> list[Treffer]:
        """Die besten ``anzahl`` Abschnitte zu ``frage`` (bester zuerst).

        Leere Liste, wenn nichts den ``mindest_score`` erreicht. ``Eingabefehler`` bei
        leerer Frage oder einer Frage ohne Suchbegriffe. ``vage=True`` lässt auch
        Abschnitte zu, in denen kein Suchwort sicher erkannt wurde (für „Meintest du“).
        ``art``: ``"regel"`` nur Regelabschnitte, ``"konvention"`` nur Konventionen,
        ``None`` beide.
        """
        gesucht = self._suchwoerter(frage)
        if spiel is None and not gesucht[1] and not vage and _fremdes_spiel(frage):
            return []  # „Wer gibt beim Doppelkopf?“: dessen Regeln kennt referee nicht
        rangliste, passend = self._rangliste(frage, gesucht, spiel, vage, art)
        if self._beispiele is not None:
            rangliste = self._mit_beispielen(rangliste, frage, gesucht, spiel, vage, art)
        if gesucht[1] and spiel is None:
            rangliste = self._genanntes_spiel_zuerst(rangliste, gesucht[1])
        rangliste = self._nach_profil(rangliste, frage)
        grenze = _anzeige_genau(mindest_score)
        ergebnisse: list[Treffer] = []
        for score, i in rangliste:
            if score < grenze or len(ergebnisse) >= anzahl:
                break
            ergebnisse.append(self._treffer(i, score, passend))
        return ergebnisse

    def _treffer(self, i: int, score: float, passend: dict[int, set[str]]) -> Treffer:
        """Abschnitt ``i`` als Treffer: Score auf eine Stelle gerundet, höchstens 100."""
        return Treffer(
            self.abschnitte[i], min(round(score, 1), 100.0), frozenset(passend.get(i, ()))
        )

    def _genanntes_spiel_zuerst(
        self, rangliste: list[tuple[float, int]], spiele: set[str]
    ) -> list[tuple[float, int]]:
        """Nennt die Frage ein Spiel („wer verliert bei sabai“), treten die anderen zurück –
        auch wenn eine ihrer Beispielfragen gut passt (``BONUS_SPIEL`` im Roh-Score sättigt)."""
        gewichtet = [
            (score if self.abschnitte[i].spiel in spiele else score * FAKTOR_ANDERES_SPIEL, i)
            for score, i in rangliste
        ]
        return sorted(gewichtet, key=lambda k: (-k[0], k[1]))

    def _rangliste(
        self,
        frage: str,
        gesucht: tuple[list[_Suchwort], set[str]],
        spiel: str | None,
        vage: bool,
        art: str | None,
    ) -> tuple[list[tuple[float, int]], dict[int, set[str]]]:
        """Alle relevanten Abschnitte mit Anzeige-Score (0–100, ungerundet), bester zuerst,
        und je Abschnitt die passenden Korpuswörter. ``gesucht``: ``_suchwoerter(frage)``."""
        liste, spiele_in_frage = gesucht
        # nur berührte Abschnitte (beim 100-fachen Korpus zählt das)
        summe: dict[int, float] = {}
        passend: dict[int, set[str]] = {}
        erkannt: set[int] = set()
        # Ein bloßer Spielname („Hochzeit beim Schafkopf“) macht keinen Abschnitt relevant –
        # außer die Frage besteht nur aus Spielnamen
        nur_spielnamen = all(s.gewicht <= GEWICHT_SPIELNAME or s.fragewort for s in liste)
        nenner = 0.0
        nahe: list[
            tuple[set[str], set[str], float]
        ] = []  # je Suchwort: Varianten, Kandidaten, Ideal
        for such in liste:
            # Varianten: das Wort selbst und seine Synonyme (etwas schwächer)
            varianten = {such.wort: 1.0}
            for s in () if such.fragewort else synonyme_gebeugt(such.wort):
                varianten.setdefault(s, GEWICHT_SYNONYM)
            aehnlich: dict[str, float] = {}
            if such.fragewort:  # nur das Wort selbst: „wer“ ≠ „werfen“
                varianten = {}
                if such.wort in self._posting:
                    aehnlich[such.wort] = 1.0
                for antwortwort in ANTWORTWOERTER.get(such.wort, ()):
                    if antwortwort in self._posting:
                        aehnlich.setdefault(antwortwort, GEWICHT_SYNONYM)
            for variante, faktor in varianten.items():
                for kandidat, sim in self._aehnliche(variante, variante == such.wort).items():
                    wert = sim / 100.0 * faktor
                    if wert > aehnlich.get(kandidat, 0.0):
                        aehnlich[kandidat] = wert
            # Gewicht des Suchworts: idf seines besten Treffers (bei Gleichstand des häufigeren)
            if aehnlich:
                bester = max(aehnlich, key=lambda k: (aehnlich[k], -self._idf(k)))
                idf = self._idf(bester)
            else:
                # im Korpus unbekannt (Namen, Mundart, „Sepp“, „mei“): trennt keine
                # Abschnitte, senkt nur alle Scores – zählt daher nur halb
                idf = self._idf_max * GEWICHT_UNBEKANNT
            ideal = GEWICHT_TITEL * idf * such.gewicht
            nenner += ideal
            nahe.append((set(varianten), {k for k, v in aehnlich.items() if v >= 0.85}, ideal))
            beste: dict[int, tuple[float, str]] = {}
            for kandidat, sim in aehnlich.items():
                for i, feld in zip(*self._posting[kandidat]):
                    beitrag = sim * feld
                    if beitrag > beste.get(i, (0.0, ""))[0]:
                        beste[i] = (beitrag, kandidat)
            for i, (beitrag, kandidat) in beste.items():
                summe[i] = summe.get(i, 0.0) + beitrag * idf * such.gewicht
                passend.setdefault(i, set()).add(kandidat)
                if (
                    aehnlich[kandidat] >= SICHER_ERKANNT
                    and not such.fragewort
                    and (such.gewicht > GEWICHT_SPIELNAME or nur_spielnamen)
                ):
                    erkannt.add(i)
        # Wortpaare der Frage, die im Abschnitt ebenso aufeinander folgen – oder dort ein
        # Kompositum bilden („Ruf Sau“ → rufsau, „wie viele Karten“ → kartenanzahl)
        for (var1, erste, ideal1), (var2, zweite, ideal2) in zip(nahe, nahe[1:]):
            gefunden: set[int] = set()
            for w1 in erste:
                for w2 in zweite:
                    gefunden.update(self._paar(w1, w2))
                    gefunden.update(self._paar(w2, w1))
            for v1 in var1:
                for v2 in var2:
                    for kompositum in (v1 + v2, v2 + v1):
                        for i in (
                            self._posting[kompositum][0] if kompositum in self._posting else ()
                        ):
                            gefunden.add(i)
                            passend.setdefault(i, set()).add(kompositum)
            for i in gefunden:
                summe[i] = summe.get(i, 0.0) + BONUS_PAAR * (ideal1 + ideal2) / 2
        kandidaten: list[tuple[float, int]] = []
        for i, wert in summe.items():
            a = self.abschnitte[i]
            if (
                wert <= 0.0
                or not (i in erkannt or vage)
                or (spiel is not None and a.spiel != spiel)
                or (art is not None and _art(a) != art)
            ):
                continue
            score = 100.0 * wert / nenner if nenner else 0.0
            if spiel is None and a.spiel in spiele_in_frage:
                score *= BONUS_SPIEL
            kandidaten.append((score, i))
        kandidaten.sort(key=lambda k: (-k[0], k[1]))
        # Neu sortieren: wie sehr gleicht die ganze Frage dem Titel?
        spielnamen = _synonymdaten()[1]
        roh = frage_woerter(frage)
        frage_staemme = frozenset(
            _staemme(w for w in _inhaltswoerter(roh) if w not in spielnamen or synonyme(w))
        )
        neu: list[tuple[float, int]] = []
        for score, i in kandidaten[:NEU_SORTIEREN]:
            titel = self._titel_staemme[i].split()
            gemeinsam = len(frage_staemme.intersection(titel))
            if gemeinsam and frage_staemme:
                anteil = 0.7 * gemeinsam / len(titel) + 0.3 * gemeinsam / len(frage_staemme)
                score += BONUS_TITEL * anteil
            neu.append((_anzeige_genau(score), i))
        neu.sort(key=lambda k: (-k[0], k[1]))
        return neu, passend

    def _mit_beispielen(
        self,
        rangliste: list[tuple[float, int]],
        frage: str,
        gesucht: tuple[list[_Suchwort], set[str]],
        spiel: str | None,
        vage: bool,
        art: str | None,
    ) -> list[tuple[float, int]]:
        """Die Rangliste aus dem Text, verbunden mit der ähnlichsten Beispielfrage.

        Je Abschnitt zählt der bessere von Text-Score und ``GEWICHT_BEISPIEL`` × Score der
        ähnlichsten Beispielfrage, die er beantwortet (``data/beispielfragen.json``).
        """
        assert self._beispiele is not None
        beste = dict((i, score) for score, i in rangliste)
        bsp = self._beispiele
        treffer, passend = bsp._rangliste(frage, gesucht, spiel, vage, art)
        for score, b in treffer:
            i = self._ziele[b]
            # Wie viel der Beispielfrage die Frage abdeckt: ein einzelnes gemeinsames Wort
            # mit einer langen Beispielfrage ist schwacher Beleg
            laenge = len(bsp._titel_staemme[b].split())
            abdeckung = min(1.0, len(passend.get(b, ())) / max(laenge, 1))
            wert = GEWICHT_BEISPIEL * score * abdeckung**ABDECKUNG  # über 100 möglich
            if wert < _anzeige_genau(MINDEST_BEISPIEL):
                continue
            if wert > beste.get(i, 0.0):
                beste[i] = wert
        return sorted(((score, i) for i, score in beste.items()), key=lambda k: (-k[0], k[1]))

    def _nach_profil(
        self, rangliste: list[tuple[float, int]], frage: str
    ) -> list[tuple[float, int]]:
        """Die Reihenfolge je Art (Regelstellen, Konventionen) nach Score plus
        ``GEWICHT_PROFIL`` × 100 × Ähnlichkeit mit dem Profil des Abschnitts.

        Die Scores selbst bleiben, nur ihre Zuordnung ändert sich: der beste Score einer Art
        geht an den Abschnitt, der mit Profil vorn liegt. So bleiben Schwelle („Nichts
        Passendes“) und die Entscheidung „der Regeltext schweigt“ beim Text-Score, und ein
        Abschnitt ohne erkanntes Suchwort kommt nie hinein.
        """
        if self._profile is None or not rangliste:
            return rangliste
        aehnlich = self._profil_bewertung(frage)[0]
        neu: list[tuple[float, int]] = []
        for art in ("regel", "konvention"):
            eigene = [(score, i) for score, i in rangliste if _art(self.abschnitte[i]) == art]
            werte = [score for score, _ in eigene]  # absteigend wie die Rangliste
            gemischt = sorted(
                ((score + GEWICHT_PROFIL * 100.0 * aehnlich.get(i, 0.0), i) for score, i in eigene),
                key=lambda k: (-k[0], k[1]),
            )
            neu.extend((wert, i) for wert, (_, i) in zip(werte, gemischt, strict=True))
        return sorted(neu, key=lambda k: (-k[0], k[1]))

    def _profil_bewertung(self, frage: str) -> tuple[dict[int, float], float]:
        """``_Profile.bewerten`` der letzten Frage (``antwort`` fragt mehrmals)."""
        assert self._profile is not None
        letztes = self._letztes_profil  # einmal gelesen: der Live-Server fragt aus Threads
        if letztes[0] != frage:
            letztes = (frage, *self._profile.bewerten(frage))
            self._letztes_profil = letztes
        return letztes[1], letztes[2]

    def abwaegung(
        self, frage: str, spiel: str | None = None, mindest_score: float = MINDEST_SCORE
    ) -> Abwaegung:
        """Woraus ``antwort`` entscheidet, ob der Regeltext schweigt (für den Benchmark)."""
        alle = self.suche(
            frage, spiel, 3 + ANZAHL_KONVENTIONEN, mindest_score=mindest_score, art=None
        )
        return self._abwaegung(frage, spiel, alle)

    def _abwaegung(self, frage: str, spiel: str | None, alle: Sequence[Treffer]) -> Abwaegung:
        regel = next((t.score for t in alle if _art(t.abschnitt) == "regel"), None)
        konv = next((t.score for t in alle if _art(t.abschnitt) == "konvention"), None)
        geld = any(s.wort == "#geld" for s in self._suchwoerter(frage)[0])
        unterschied = art_der_frage = 0.0
        if self._profile is not None:
            # Gleicht die Frage eher den Fragen nach einer Konvention oder nach einer Regel?
            aehnlich, art_der_frage = self._profil_bewertung(frage)
            beste_art = {"regel": 0.0, "konvention": 0.0}
            for i, wert in aehnlich.items():
                a = self.abschnitte[i]
                if spiel is None or a.spiel == spiel:
                    beste_art[_art(a)] = max(beste_art[_art(a)], wert)
            unterschied = beste_art["konvention"] - beste_art["regel"]
        vorsprung = None if konv is None else math.inf if regel is None else konv - regel
        return Abwaegung(vorsprung, geld, unterschied, art_der_frage)

    def antwort(
        self,
        frage: str,
        spiel: str | None = None,
        anzahl: int = 3,
        mindest_score: float = MINDEST_SCORE,
    ) -> Antwort:
        """Regelstellen und Konventionen zu ``frage`` in einem Durchgang (gleiche Scores).

        Ob der Regeltext schweigt, entscheidet ``regeltext_schweigt``; dann werden die
        passenden Konventionen (höchstens ``ANZAHL_KONVENTIONEN``) genannt und die Regelstelle
        der besten Konvention steht zuerst unter den Treffern.
        """
        alle = self.suche(
            frage, spiel, anzahl + ANZAHL_KONVENTIONEN, mindest_score=mindest_score, art=None
        )
        treffer = tuple(t for t in alle if _art(t.abschnitt) == "regel")[:anzahl]
        schweigt = regeltext_schweigt(self._abwaegung(frage, spiel, alle))
        # Konventionen: wenn der Text schweigt, die passenden; sonst nur solche, die fast so
        # gut passen wie die beste Regelstelle („Stoß verändert den Preis“ – um wie viel?)
        grenze = 0.0 if schweigt or not treffer else treffer[0].score * NAEHE_KONVENTION
        k_treffer = tuple(
            KonventionsTreffer(konvention(t.abschnitt.id), t.score)
            for t in alle
            if _art(t.abschnitt) == "konvention" and t.score >= grenze
        )[:ANZAHL_KONVENTIONEN]
        stelle = k_treffer[0].konvention.stelle if schweigt and k_treffer else None
        if stelle is not None and (spiel is None or stelle.startswith(spiel + ".")):
            # Die Regelstelle, die zur Konvention etwas sagt („Einen allgemein verbindlichen
            # Tarif gibt es nicht“), kommt zuerst – mit ihrem eigenen Score aus dem Text (ohne
            # Beispielfragen: der Vergleich mit allen Beispielen kostete den Start 2–3 ms).
            eigene = self._text_treffer(frage, spiel, stelle)
            if eigene is not None:
                andere = tuple(t for t in treffer if t.abschnitt.id != stelle)
                treffer = (eigene, *andere)[:anzahl]
        return Antwort(frage, treffer, k_treffer, schweigt)

    def _text_treffer(self, frage: str, spiel: str | None, abschnitt_id: str) -> Treffer | None:
        """Der Abschnitt ``abschnitt_id`` mit seinem Text-Score zu ``frage`` (auch vage); kommt
        kein Wort der Frage in ihm vor, mit Score 0 – er ist trotzdem die Stelle, die zur
        Konvention etwas sagt (wie in der Textausgabe). None nur bei einer unbekannten id."""
        rangliste, passend = self._rangliste(frage, self._suchwoerter(frage), spiel, True, "regel")
        nummer = next((i for i, a in enumerate(self.abschnitte) if a.id == abschnitt_id), None)
        if nummer is None:
            return None
        score = next((s for s, i in rangliste if i == nummer and s > 0.0), 0.0)
        return self._treffer(nummer, score, passend)

    def vorschlaege(self, frage: str, spiel: str | None = None, anzahl: int = 3) -> list[Abschnitt]:
        """Die nächstliegenden Abschnitte für „Meintest du …?“.

        Zuerst die schwachen Treffer unter der Relevanzschwelle; sind es weniger als
        ``anzahl``, dazu die Abschnitte, deren Titel der Frage buchstabenweise am ähnlichsten ist.
        """
        from rapidfuzz import fuzz, process

        try:
            schwach = [
                t.abschnitt for t in self.suche(frage, spiel, anzahl, mindest_score=0.0, vage=True)
            ]
        except Eingabefehler:
            schwach = []
        if len(schwach) >= anzahl:
            return schwach
        # aufgefüllt mit den Abschnitten, deren Titel der Frage am ähnlichsten ist
        frage_gefaltet = " ".join(woerter(frage))
        kandidaten = {
            i: " ".join(woerter(a.titel))
            for i, a in enumerate(self.abschnitte)
            if (spiel is None or a.spiel == spiel) and _art(a) == "regel" and a not in schwach
        }
        ergebnis = process.extract(
            frage_gefaltet, kandidaten, scorer=fuzz.WRatio, limit=anzahl - len(schwach)
        )
        return [*schwach, *(self.abschnitte[i] for _, _, i in ergebnis)]


@cache
def _fremde_spiele() -> frozenset[str]:
    from referee.resources import lade_json

    return frozenset(w for n in lade_json("synonyme.json")["fremde_spiele"] for w in woerter(n))


#: Vor einem anderen Spiel: ein Vergleich („wie bei UNO“, „anders als beim Skat“, „im
#: Gegensatz zum Doppelkopf“).
_VERGLEICH = frozenset({"wie", "als", "gegensatz"})
_VOR_VERGLEICHENEM = _VOR_SPIELNAME | _ARTIKEL | frozenset({"zu", "zur", "die"})


def _fremdes_spiel(frage: str) -> bool:
    """Fragt die Frage nach einem anderen Spiel (Skat, Doppelkopf, UNO … aus
    ``synonyme.json``)? Nicht, wenn sie es nur zum Vergleich nennt: „Gibt es wie bei UNO eine
    Strafkarte, wenn ich reinwerfe?“ fragt nach sabai. Ein „wie“ am Satzanfang ist ein
    Fragewort („Wie beim Skat reizen?“)."""
    w = frage_woerter(frage)
    fremde = _fremde_spiele()
    for i, wort in enumerate(w):
        if wort not in fremde:
            continue
        j = i - 1 if i >= 1 and w[i - 1] in _VOR_VERGLEICHENEM else i
        if not (j >= 2 and w[j - 1] in _VERGLEICH):
            return True
    return False


def _verb_mit_partikel(roh: Sequence[str]) -> list[str]:
    """Für eine Beispielfrage: die Partikel am Satzende mit dem Verb davor verbunden („wer
    spielt zusammen“ → ``zusammenspielt``), wie ``Suchindex._trennbare_verben`` es in der Frage
    tut. Nur am Ende: mitten im Satz ist „nach“, „an“ … meist Präposition („kommt nach dem …“)."""
    if len(roh) < 2 or roh[-1] not in _VORSILBEN:
        return []
    stopp = stoppwoerter()
    return [
        roh[-1] + wort
        for wort in roh[: min(3, len(roh) - 1)]
        if wort not in stopp and wort not in _VORSILBEN and wort not in FRAGEWOERTER
    ]


def _nachbarn_lesen(text: str) -> list[tuple[str, float]]:
    """Die vorberechneten Nachbarn eines Worts aus ihrer Textform (``nachbarn_berechnen``)."""
    return [(k, float(sc)) for k, sc in (z.split(" ") for z in text.split("\n") if z)]


def _unscharf(wort: str, vokabular: Sequence[str], vertippt: bool) -> list[tuple[str, float]]:
    """Korpuswörter, die ``wort`` bis auf Tippfehler gleichen, mit ``ratio`` (0–100).

    Ist ``wort`` selbst kein Korpuswort (``vertippt``), zählen vertauschte Nachbarn
    (shcwarz) als ein Tippfehler statt zwei Änderungen wie bei ``ratio``: dieselbe Formel
    mit der Damerau-Distanz (OSA). Ein richtig geschriebenes Wort rückt so nicht näher an
    andere echte Wörter.
    """
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import OSA

    treffer = process.extract(
        wort, vokabular, scorer=fuzz.ratio, score_cutoff=_grenze(wort), limit=None
    )
    if not vertippt:
        return [(k, float(sc)) for k, sc, _ in treffer]
    return [
        (k, max(float(sc), 100.0 * (1.0 - OSA.distance(wort, k) / (len(wort) + len(k)))))
        for k, sc, _ in treffer
    ]


def _grenze(wort: str) -> float:
    """Mindest-``ratio`` für einen Tippfehler-Kandidaten (kurze Wörter strenger)."""
    return 80.0 if len(wort) <= 5 else 75.0


def _art(a: Abschnitt) -> str:
    """``"konvention"`` für Einträge aus ``data/konventionen.md``, sonst ``"regel"``."""
    return "konvention" if a.id.startswith("konvention.") else "regel"


def _anzeige_genau(roh: float) -> float:
    """Roh-Score (Summe samt Zuschlägen, kann über 100 liegen) → 0–100, streng monoton."""
    return 100.0 * math.tanh(roh / 100.0)


#: Format des zwischengespeicherten Index (bei Änderung des Zustands hochzählen).
_CACHE_FORMAT = 14


def _korpus_schluessel() -> str:
    """Prüfsumme über alles, woraus der Index entsteht: Regeltexte, Daten, dieser Code.

    CRC-32 (``zlib``, schnell importiert) und Länge genügen: Es geht nur darum, einen
    veralteten Cache zu erkennen, nicht um Schutz gegen Absicht.
    """
    import zlib

    from referee.resources import datei, verzeichnis

    pruef = zlib.crc32(str(_CACHE_FORMAT).encode())
    laenge = 0
    regeln = verzeichnis("rules_de")
    for pfad in (
        *(regeln / f"{s}.md" for s in SPIELE),
        datei("konventionen.md"),
        datei("synonyme.json"),
        datei("stoppwoerter.txt"),
        datei("beispielfragen.json"),
        datei("beispielprofil.txt"),
        Path(__file__),
    ):
        inhalt = pfad.read_bytes()
        pruef = zlib.crc32(inhalt, pruef)
        laenge += len(inhalt)
    return f"{pruef:08x}{laenge:x}"


def _cache_pfad(schluessel: str) -> Path:
    """``~/.cache/referee/`` (XDG) unter Linux ohne platformdirs zu laden, sonst platformdirs."""
    import sys

    if sys.platform.startswith("linux"):
        basis = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        ordner = Path(basis) / "referee"
    else:
        import platformdirs

        ordner = platformdirs.user_cache_path("referee", appauthor=False)
    return ordner / f"suchindex-{schluessel}.bin"


#: Der mitgelieferte Index in ``data/`` – nur im gebauten Wheel (``hatch_build.py``).
MITGELIEFERTER_INDEX = "suchindex.bin"


def _mitgelieferter_index() -> Path:
    """Pfad des mitgelieferten Index (``referee/data/suchindex.bin`` im installierten Paket;
    im Quellbaum gibt es ihn nicht)."""
    from referee.resources import datei

    return datei(MITGELIEFERTER_INDEX)


def _kopfzeile(schluessel: str) -> bytes:
    """Erste Zeile einer Indexdatei: Kennung, Format und Korpus-Schlüssel (ASCII).

    Danach folgt der Zustand (``marshal``, nur Daten: Wörterbücher, Listen, Tupel, Zeichenketten,
    Zahlen – über CPython-3-Versionen hinweg lesbar). Passt die Zeile nicht, bleibt der Rest
    ungelesen.
    """
    return f"referee-suchindex {_CACHE_FORMAT} {schluessel}\n".encode("ascii")


def _korpus_liste() -> list[Abschnitt]:
    """Regelabschnitte und Konventionen: alles, worüber der Index sucht."""
    return [*abschnitte(), *(k.als_abschnitt() for k in konventionen())]


def _index_lesen(pfad: Path, schluessel: str, liste: Sequence[Abschnitt]) -> Suchindex | None:
    """Der Index aus einer Datei von ``_index_schreiben``; None, wenn sie fehlt, unlesbar oder
    kaputt ist oder zu einem anderen Korpus (Schlüssel) oder Format gehört."""
    import gc
    import marshal

    kopf = _kopfzeile(schluessel)
    # Der Zustand sind Zehntausende kleiner Objekte ohne Zyklen, die bis zum Ende des
    # Prozesses leben: die Speicherbereinigung liefe beim Laden umsonst (halbiert die
    # Ladezeit), und ``gc.freeze`` nimmt sie aus allen späteren Läufen, auch dem beim Beenden.
    an = gc.isenabled()
    gc.disable()
    try:
        with open(pfad, "rb") as f:
            if f.readline(len(kopf)) != kopf:
                return None
            zustand = marshal.loads(f.read())
        ix = Suchindex.aus_zustand(liste, zustand)
        gc.freeze()
        return ix
    except (OSError, ValueError, EOFError, TypeError, KeyError, IndexError):
        return None
    finally:
        if an:
            gc.enable()


def _index_schreiben(ix: Suchindex, pfad: Path, schluessel: str) -> None:
    """``ix`` nach ``pfad`` (Kopfzeile, dann ``marshal``), über eine temporäre Datei daneben:
    ein gleichzeitig startender Prozess liest nie eine halbe Datei. ``OSError``, wenn der Ordner
    nicht anzulegen oder nicht schreibbar ist."""
    import marshal

    pfad.parent.mkdir(parents=True, exist_ok=True)
    neu = pfad.with_name(f"{pfad.name}.{os.getpid()}.tmp")
    try:
        with open(neu, "wb") as f:
            f.write(_kopfzeile(schluessel))
            f.write(marshal.dumps(ix.zustand()))
        os.replace(neu, pfad)
    finally:
        neu.unlink(missing_ok=True)


def index_bauen(liste: Sequence[Abschnitt] | None = None) -> Suchindex:
    """Den Index neu bauen (einige Sekunden), ohne Cache: samt Beispielfragen, Profilen und
    vorberechneten Nachbarn, also genau das, was ``index`` speichert und lädt."""
    if liste is None:
        liste = _korpus_liste()
    ix = Suchindex(liste, beispielfragen(), vorgelernt=beispielprofil())
    ix.nachbarn_berechnen()
    return ix


def mitgelieferten_index_schreiben(ziel: Path) -> str:
    """Den Index aus dem Korpus dieser Installation bauen und als mitgelieferten Index nach
    ``ziel`` schreiben (für ``hatch_build.py``); gibt den Korpus-Schlüssel zurück."""
    schluessel = _korpus_schluessel()
    _index_schreiben(index_bauen(), ziel, schluessel)
    return schluessel


@cache
def index() -> Suchindex:
    """Der Index über Regeltexte und Konventionen (gleiche idf für beide).

    Gesucht wird der Reihe nach: im Benutzer-Cache (``~/.cache/referee/``); im mitgelieferten
    Index des Wheels (``data/suchindex.bin``), wenn sein Schlüssel zum Korpus passt; sonst wird
    einmal im Speicher gebaut und versucht, das Ergebnis im Benutzer-Cache abzulegen. Ist der
    Cache nicht schreibbar, bleibt das still; je Prozess wird höchstens einmal gebaut
    (``@cache``). Beide Dateien sind nur Daten (``marshal``, kein Code), geschlüsselt mit einer
    Prüfsumme über Korpus und Code (``_korpus_schluessel``).
    """
    liste = _korpus_liste()
    schluessel = _korpus_schluessel()
    cache_pfad: Path | None
    try:
        cache_pfad = _cache_pfad(schluessel)
    except (OSError, RuntimeError, ValueError):
        cache_pfad = None  # kein Heimatverzeichnis bestimmbar: ohne Benutzer-Cache
    for pfad in (cache_pfad, _mitgelieferter_index()):
        if pfad is not None and (ix := _index_lesen(pfad, schluessel, liste)) is not None:
            return ix
    ix = index_bauen(liste)
    if cache_pfad is not None:
        try:
            _index_schreiben(ix, cache_pfad, schluessel)
            for alt in cache_pfad.parent.glob("suchindex-*.bin"):
                if alt != cache_pfad:
                    alt.unlink(missing_ok=True)
        except (OSError, ValueError):
            pass  # Cache nicht schreibbar: dieser Prozess sucht im gebauten Index
    return ix


def beispielfragen() -> list[tuple[str, str]]:
    """``(frage, id)`` aus ``data/beispielfragen.json``: so fragen Spieler nach diesem Abschnitt."""
    from referee.resources import lade_json

    daten = lade_json("beispielfragen.json")["beispiele"]
    return [(frage, ziel) for ziel, fragen in daten.items() for frage in fragen]


def beispielprofil() -> str | None:
    """``data/beispielprofil.txt``: die aus den Beispielfragen gelernten Profile (oder None)."""
    from referee.resources import datei

    try:
        return datei("beispielprofil.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def beispielprofil_lernen() -> tuple[str, str]:
    """Die Profile aus den mitgelieferten Beispielfragen neu lernen (einige Sekunden):
    ``(text für data/beispielprofil.txt, prüfsumme)``."""
    liste = [*abschnitte(), *(k.als_abschnitt() for k in konventionen())]
    profile = _profile_lernen(liste, beispielfragen())
    return profile.als_text(), profile.pruefsumme


def suche(frage: str, spiel: str | None = None, anzahl: int = 3) -> list[Treffer]:
    """Die besten Abschnitte zu einer Frage im mitgelieferten Korpus."""
    return index().suche(frage, spiel=spiel, anzahl=anzahl)


def vorschlaege(frage: str, spiel: str | None = None, anzahl: int = 3) -> list[Abschnitt]:
    """Abschnittstitel, die der Frage ähneln (auch wenn kein Treffer relevant war)."""
    return index().vorschlaege(frage, spiel=spiel, anzahl=anzahl)


def markierungen(text: str, gesucht: Iterable[str]) -> list[tuple[int, int]]:
    """Zeichenbereiche in ``text``, deren gefaltete Wörter in ``gesucht`` vorkommen.

    >>> t = "Die Ruf-Sau wird gesucht."
    >>> [t[a:b] for a, b in markierungen(t, {"rufsau", "gesucht"})]
    ['Ruf-Sau', 'gesucht']
    """
    gesucht = set(gesucht)
    bereiche: list[tuple[int, int]] = []
    for m in _WORT_ROH.finditer(text):
        teile = _zerlege(falte(m.group()))
        if not teile:
            continue
        if teile[-1] in gesucht or (len(teile) == 1 and teile[0] in gesucht):
            bereiche.append(m.span())
            continue
        # einzelne Teile eines Kompositums
        pos = m.start()
        for stueck in re.split(r"([-‐‑–])", m.group()):
            gefaltet = _zerlege(falte(stueck))
            if gefaltet and gefaltet[0] in gesucht:
                bereiche.append((pos, pos + len(stueck)))
            pos += len(stueck)
    return bereiche


def als_json(
    frage: str,
    treffer: Sequence[Treffer],
    konventionen: Sequence[KonventionsTreffer] = (),
    regeltext_schweigt: bool = False,
    einstellungen: Mapping[str, str] | None = None,
) -> dict:
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


# --------------------------------------------------------------------------- Konventionen


@dataclass(frozen=True)
class KonventionsTreffer:
    """Eine Konvention aus ``data/konventionen.md`` mit Score (0–100)."""

    konvention: Konvention
    score: float


@dataclass(frozen=True)
class Abwaegung:
    """Woraus sich entscheidet, ob der Regeltext zu einer Frage schweigt.

    ``vorsprung``: Score der besten Konvention minus den der besten Regelstelle (unendlich
    ohne Regelstelle, None ohne Konvention); ``geld``: die Frage fragt nach Geld;
    ``profil_unterschied``: beste Passung zu einem Konventionsprofil minus beste zu einem
    Regelprofil; ``art``: die gelernte Art der Frage (über 0 eher nach einer Konvention).
    """

    vorsprung: float | None
    geld: bool
    profil_unterschied: float
    art: float


def regeltext_schweigt(abwaegung: Abwaegung) -> bool:
    """Schweigt der Regeltext? Wenn die beste Konvention um mindestens
    ``VORSPRUNG_KONVENTION`` vor der besten Regelstelle liegt – weniger bei Geldfragen, bei
    Fragen, die eher Konventionsfragen gleichen, und je nach der Art der Frage."""
    if abwaegung.vorsprung is None:
        return False
    noetig = (
        VORSPRUNG_KONVENTION
        - (VORTEIL_GELD if abwaegung.geld else 0.0)
        - PROFIL_ART * 100.0 * abwaegung.profil_unterschied
        - GEWICHT_ART * abwaegung.art
    )
    return abwaegung.vorsprung >= noetig


@dataclass(frozen=True)
class Antwort:
    """Regelstellen und Konventionen zu einer Frage.

    ``regeltext_schweigt``: Die Frage betrifft etwas, das der Regeltext nicht festlegt
    (die beste Konvention passt besser als jede Regelstelle); dann gilt die Konvention.
    """

    frage: str
    treffer: tuple[Treffer, ...]
    konventionen: tuple[KonventionsTreffer, ...]
    regeltext_schweigt: bool


def antwort(frage: str, spiel: str | None = None, anzahl: int = 3) -> Antwort:
    """Regelstellen und passende Konventionen zu einer Frage; sagt, ob der Text schweigt."""
    return index().antwort(frage, spiel=spiel, anzahl=anzahl)
