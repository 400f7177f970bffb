"""JSON von außen lesen – an einem Ort für Partie-Dateien und Importe.

Jeder Fehler ist ein ``Eingabefehler`` mit einer deutschen Zeile: kein gültiges JSON (mit
Zeile und Spalte), zu tief verschachtelt, oder eine Zahl mit mehr als 4.300 Ziffern (Python
bräche dort mit ``ValueError`` ab; ``referee.zahlen.json_ganzzahl``).
"""

from __future__ import annotations

import json
from typing import Any

from referee.errors import Eingabefehler
from referee.zahlen import json_ganzzahl


def json_laden(text: str) -> Any:
    """``json.loads`` mit ``json_ganzzahl``: eine Zahl mit tausenden Ziffern wird ein
    ``Eingabefehler``; ``json.JSONDecodeError`` und ``RecursionError`` behandelt der Aufrufer
    (``json_von_aussen`` oder ``referee import`` mit eigener Meldung). ``Any``: beliebiges
    JSON, geprüft vom Aufrufer."""
    return json.loads(text, parse_int=json_ganzzahl)


def json_von_aussen(text: str, quelle: str, hinweis: str = "") -> Any:
    """``text`` als JSON; ``quelle`` (z. B. „Die Partie“ oder der Dateiname) und ``hinweis``
    (was erwartet wird) stehen in der Meldung. ``Any``: beliebiges JSON, geprüft vom Aufrufer."""
    try:
        return json_laden(text)
    except json.JSONDecodeError as e:
        raise Eingabefehler(
            f"{quelle} ist kein gültiges JSON: {e.msg} (Zeile {e.lineno}, Spalte {e.colno}).{hinweis}"
        ) from None
    except RecursionError:
        raise Eingabefehler(f"{quelle} ist zu tief verschachtelt.{hinweis}") from None
