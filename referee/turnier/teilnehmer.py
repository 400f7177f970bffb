"""Die Teilnehmerliste aus einer Datei (``referee turnier anmelden --datei teilnehmer.csv``).

Eine Zeile je Teilnehmer; Trennzeichen Komma, Semikolon oder Tab (wie Excel und
LibreOffice speichern). Der Name ist die erste Spalte – oder, wenn die Kopfzeile „Vorname“
und „Nachname“ nennt, beide zusammen. Eine Kopfzeile (``Name``, ``Spieler``, ``Teilnehmer``,
``Vorname`` …) und leere Zeilen werden übersprungen, ein BOM am Anfang auch.

>>> namen_aus_liste("Name;Ort\\nAnna Huber;Au\\n\\nBen Maier;Moos\\n")
['Anna Huber', 'Ben Maier']
>>> namen_aus_liste("Vorname,Nachname\\nAnna,Huber\\n")
['Anna Huber']
"""

from __future__ import annotations

import csv

from referee.errors import Eingabefehler

#: Mehr Zeilen liest ``namen_aus_liste`` nicht (ein Turnier hat selten über 500 Teilnehmer).
ZEILEN_HOECHSTENS = 2000
_KOPF = {"name", "namen", "spieler", "spielerin", "teilnehmer", "teilnehmerin", "vorname"}


def namen_aus_liste(text: str) -> list[str]:
    """Die Namen einer Teilnehmerliste (CSV-Text), in der Reihenfolge der Datei."""
    text = text.removeprefix("\ufeff")
    zeilen = text.splitlines()
    if len(zeilen) > ZEILEN_HOECHSTENS:
        raise Eingabefehler(
            f"Die Teilnehmerliste hat {len(zeilen)} Zeilen; gelesen werden höchstens "
            f"{ZEILEN_HOECHSTENS}."
        )
    erste = next((z for z in zeilen if z.strip()), "")
    trenner = max(",;\t", key=erste.count) if any(t in erste for t in ",;\t") else ","
    reihen = [[z.strip() for z in r] for r in csv.reader(zeilen, delimiter=trenner)]
    reihen = [r for r in reihen if any(r)]
    if not reihen:
        raise Eingabefehler("Die Teilnehmerliste ist leer: eine Zeile je Teilnehmer.")
    kopf = [z.casefold() for z in reihen[0]]
    vor = kopf.index("vorname") if "vorname" in kopf else None
    nach = kopf.index("nachname") if "nachname" in kopf else None
    if (kopf and kopf[0] in _KOPF) or vor is not None:
        reihen = reihen[1:]
    namen = []
    for r in reihen:
        if vor is not None and nach is not None:
            teile = [r[i] for i in (vor, nach) if i < len(r) and r[i]]
            name = " ".join(teile)
        else:
            name = next((z for z in r if z), "")
        if name:
            namen.append(name)
    return namen


__all__ = ["ZEILEN_HOECHSTENS", "namen_aus_liste"]
