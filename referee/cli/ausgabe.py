"""Gemeinsame Ausgabe-Helfer der Kommandozeile.

rich wird erst beim ersten Gebrauch importiert. Fremder Text (Regeltexte,
Spielernamen) wird nie als rich-Markup gedeutet: entweder ``Text(...)`` oder
``escape(...)`` benutzen, oder ``drucke_text``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import typer

_AUFRUF: list[str] = []


def merke_aufruf(args: list[str]) -> None:
    """``referee.cli.main`` merkt sich die Argumente (für ``aufruf``)."""
    _AUFRUF[:] = list(args)


def aufruf() -> list[str]:
    """Die Argumente dieses Aufrufs, wie eingegeben – wird bei Einträgen mitgespeichert."""
    import sys

    return list(_AUFRUF) if _AUFRUF else list(sys.argv[1:])


def konsole(stderr: bool = False):
    """Eine rich-Console (NO_COLOR wird von rich selbst beachtet)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def drucke_json(daten: Any) -> None:
    """JSON auf stdout, UTF-8 lesbar (ensure_ascii=False)."""
    sys.stdout.write(json.dumps(daten, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()


def drucke_text(text: str, stil: str | None = None, stderr: bool = False) -> None:
    """Eine Zeile fremden Text ausgeben, ohne Markup zu deuten."""
    from rich.text import Text

    konsole(stderr).print(Text(text, style=stil or ""))


def fehler(meldung: str, code: int = 2) -> NoReturn:
    """Eine deutsche Fehlermeldung auf stderr, dann Ende mit ``code``."""
    sys.stderr.write(f"Fehler: {meldung}\n")
    raise typer.Exit(code)


def euro(cent: int, vorzeichen: bool = True) -> str:
    """Cent als deutscher Eurobetrag: ``140`` → ``+1,40 €`` (siehe ``referee.bericht.geld``)."""
    from referee.bericht.geld import euro as _euro

    return _euro(cent, vorzeichen)
