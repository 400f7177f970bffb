"""Deutsche Wortformen: trennbare Vorsilben, Ablaut starker Verben, ein grober Stamm.

``rapidfuzz`` erkennt Tippfehler, aber keine Beugung: ``angeschaut`` und ``anschauen`` sind
sich als Zeichenketten fern. ``stamm`` bringt beide auf ``anschau`` (ge-/zu-Einschub und
Endung ab), ``grundform`` starke Verben auf ihren Infinitiv (``genannt`` → ``nennen``). Die
Vorsilben braucht auch die Frage: „wer kommt raus“ wird ``rauskommt``
(``referee.suche.suchwoerter``).
"""

from __future__ import annotations

import re

ENDUNGEN = ("ern", "en", "er", "es", "em", "e", "n", "s")
#: Trennbare Vorsilben: Partizip „an|ge|schaut“ und nachgestellte Partikel „kommt … raus“.
VORSILBEN = (
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
_EINSCHUB = re.compile(r"^(?:(" + "|".join(VORSILBEN) + r")(?:ge|zu)(?=[a-z]{3})|ge(?=[a-z]{4}))")
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
    for vorsilbe in ("", *VORSILBEN):
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
