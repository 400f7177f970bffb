"""Die Teilnehmerliste aus einer Datei (``referee turnier anmelden --datei teilnehmer.csv``).

Eine Zeile je Teilnehmer; Trennzeichen Komma, Semikolon oder Tab (wie Excel und
LibreOffice speichern). Der Name ist die erste Spalte – oder, wenn die Kopfzeile „Vorname“
und „Nachname“ nennt, beide zusammen. Eine Kopfzeile (``Name``, ``Spieler``, ``Teilnehmer``,
``Vorname`` …) und leere Zeilen werden übersprungen, ein BOM am Anfang auch.

Nennt die Kopfzeile eine Spalte „Verein“ (oder „Club“, „Klub“) oder „Mannschaft“ (oder
„Team“), kommen Verein und Mannschaft jedes Teilnehmers mit (für die Mannschaftswertung).

>>> namen_aus_liste("Name;Ort\\nAnna Huber;Au\\n\\nBen Maier;Moos\\n")
['Anna Huber', 'Ben Maier']
>>> namen_aus_liste("Vorname,Nachname\\nAnna,Huber\\n")
['Anna Huber']
>>> teilnehmer_aus_liste("Name;Verein\\nAnna;SV Post\\nBen;\\n")
[Meldung(name='Anna', verein='SV Post', mannschaft=None), Meldung(name='Ben', verein=None, mannschaft=None)]
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from referee.errors import Eingabefehler

#: Mehr Zeilen liest ``namen_aus_liste`` nicht (ein Turnier hat selten über 500 Teilnehmer).
ZEILEN_HOECHSTENS = 2000
_KOPF = {"name", "namen", "spieler", "spielerin", "teilnehmer", "teilnehmerin", "vorname"}
_VEREIN = ("verein", "club", "klub")
_MANNSCHAFT = ("mannschaft", "team")
#: Länge eines Vereins- oder Mannschaftsnamens in Zeichen.
VEREIN_HOECHSTENS = 100


@dataclass(frozen=True)
class Meldung:
    """Eine Zeile der Teilnehmerliste: Name, Verein und Mannschaft (wenn die Liste sie nennt)."""

    name: str
    verein: str | None = None
    mannschaft: str | None = None


def namen_aus_liste(text: str) -> list[str]:
    """Die Namen einer Teilnehmerliste (CSV-Text), in der Reihenfolge der Datei."""
    return [m.name for m in teilnehmer_aus_liste(text)]


def _spalte(kopf: list[str], namen: tuple[str, ...]) -> int | None:
    return next((i for i, k in enumerate(kopf) if k in namen), None)


def teilnehmer_aus_liste(text: str) -> list[Meldung]:
    """Die Teilnehmer einer Liste (CSV-Text) mit Verein und Mannschaft, in der Reihenfolge der
    Datei (Verein und Mannschaft gesäubert, höchstens ``VEREIN_HOECHSTENS`` Zeichen)."""
    from referee.text import freier_text

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
    verein = _spalte(kopf, _VEREIN)
    mannschaft = _spalte(kopf, _MANNSCHAFT)
    if (kopf and kopf[0] in _KOPF) or vor is not None:
        reihen = reihen[1:]
    else:
        verein = mannschaft = None  # ohne Kopfzeile: nur Namen
    namen: list[Meldung] = []
    andere = {verein, mannschaft}
    for r in reihen:
        if vor is not None and nach is not None:
            teile = [r[i] for i in (vor, nach) if i < len(r) and r[i]]
            name = " ".join(teile)
        else:
            name = next((z for i, z in enumerate(r) if z and i not in andere), "")
        if not name:
            continue
        v, m = (
            freier_text(r[i], f"{was} von „{name[:40]}“", VEREIN_HOECHSTENS)
            if i is not None and i < len(r)
            else None
            for i, was in ((verein, "Der Verein"), (mannschaft, "Die Mannschaft"))
        )
        namen.append(Meldung(name, v, m))
    return namen


__all__ = [
    "VEREIN_HOECHSTENS",
    "ZEILEN_HOECHSTENS",
    "Meldung",
    "namen_aus_liste",
    "teilnehmer_aus_liste",
]
