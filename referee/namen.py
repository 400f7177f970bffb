"""Spielernamen vergleichen und bei Tippfehlern „Meintest du …?“ vorschlagen.

Eine Stelle für alle Spiele und den Speicher (nur Standardbibliothek, kein I/O). Wie
Namen verglichen werden, bestimmt der Aufrufer mit ``schluessel`` (der Speicher: NFC,
Leerraum, Groß-/Kleinschreibung; SAUFN: zusätzlich ä → ae …).

>>> aehnliche("Ana", ["Anna", "Ben", "Cem"])
['Anna']
>>> meintest_du(["Anna", "Anton"])
'Meintest du „Anna“ oder „Anton“?'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from referee.errors import Eingabefehler

#: Diese Zeichen trennen auf der Kommandozeile Namen (``Anna+Ben``, ``Anna=3``, ``a,b``).
VERBOTEN_IM_NAMEN = "+,=:"
MAX_NAMENSLAENGE = 40


def aehnliche(
    name: str,
    kandidaten: Iterable[str],
    *,
    schluessel: Callable[[str], str] = str.casefold,
    n: int = 2,
    cutoff: float = 0.6,
) -> list[str]:
    """Die Kandidaten (in ihrer Schreibweise), die ``name`` ähneln, ähnlichste zuerst (difflib)."""
    import difflib

    nach_schluessel = {schluessel(k): k for k in kandidaten}
    treffer = difflib.get_close_matches(schluessel(name), list(nach_schluessel), n=n, cutoff=cutoff)
    return [nach_schluessel[t] for t in treffer]


def meintest_du(vorschlaege: Iterable[str]) -> str:
    """``Meintest du „Anna“ oder „Anton“?`` – leer ohne Vorschläge."""
    liste = list(vorschlaege)
    if not liste:
        return ""
    return "Meintest du " + " oder ".join(f"„{v}“" for v in liste) + "?"


def namensschluessel(name: str) -> str:
    """Vergleichsform eines Namens: NFC, Leerraum zusammengefasst, casefold.

    >>> namensschluessel("  anna  MARIA ")
    'anna maria'
    """
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def pruefe_name(name: str) -> str:
    """Gibt den bereinigten Namen zurück oder wirft ``Eingabefehler``."""
    sauber = " ".join(unicodedata.normalize("NFC", str(name)).split())
    if not sauber:
        raise Eingabefehler("Ein Spielername ist leer.")
    if len(sauber) > MAX_NAMENSLAENGE:
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ ist länger als {MAX_NAMENSLAENGE} Zeichen."
        )
    from referee.text import ist_steuerzeichen

    schlecht = [z for z in sauber if z in VERBOTEN_IM_NAMEN or ist_steuerzeichen(z)]
    if schlecht and ist_steuerzeichen(schlecht[0]):
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ enthält ein Steuerzeichen (U+{ord(schlecht[0]):04X}); "
            "Steuerzeichen sind in Namen nicht erlaubt."
        )
    if schlecht:
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ enthält „{schlecht[0]}“; die Zeichen + , = : "
            "trennen auf der Kommandozeile Namen und sind in Namen nicht erlaubt."
        )
    return sauber


def vorschlag(name: str, kandidaten: Iterable[str]) -> str:
    """`` Meintest du „Anna“?`` (mit führendem Leerzeichen) oder leer: ähnliche Namen, dazu
    Namen, die so beginnen (Vergleich mit ``namensschluessel``)."""
    nach_schluessel = {namensschluessel(n): n for n in kandidaten}
    treffer = aehnliche(name, nach_schluessel.values(), schluessel=namensschluessel, n=3)
    k = namensschluessel(name)
    if k:  # „ben“ für „Ben [bold]“: ein Name, der so beginnt (erstes Wort)
        treffer += [
            n
            for t, n in nach_schluessel.items()
            if n not in treffer and (t.startswith(k) or t.split()[0] == k.split()[0])
        ][:3]
    text = meintest_du(treffer)
    return f" {text}" if text else ""


def namen_am_abend(
    spieler: Sequence[str], namen: Iterable[str], abend_id: int | None = None
) -> list[str]:
    """Namen in der Schreibweise des Abends (``spieler``, ohne Groß-/Kleinschreibung zugeordnet).

    Alle unbekannten Namen auf einmal als ``Eingabefehler`` mit „Meintest du …?“.

    >>> namen_am_abend(["Anna", "Ben"], ["ben", "ANNA"])
    ['Ben', 'Anna']
    """
    am_abend = {namensschluessel(n): n for n in spieler}
    namen = list(namen)
    wo = f"an Abend {abend_id}" if abend_id is not None else "an diesem Abend"
    fehler = [
        f"„{n}“ spielt {wo} nicht mit." + vorschlag(n, spieler)
        for n in namen
        if namensschluessel(n) not in am_abend
    ]
    if fehler:
        raise Eingabefehler(
            " ".join(fehler) + f" Dabei sind: {', '.join(spieler)}. Nichts eingetragen."
        )
    return [am_abend[namensschluessel(n)] for n in namen]


__all__ = [
    "aehnliche",
    "meintest_du",
    "namen_am_abend",
    "namensschluessel",
    "pruefe_name",
    "vorschlag",
]
