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

from collections.abc import Callable, Iterable


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


__all__ = ["aehnliche", "meintest_du"]
