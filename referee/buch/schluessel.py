"""Der Idempotenz-Schlüssel eines Schreibers übers Netz – für die Abende (``referee.buch``) und
die Turniertische (``referee.buch.turnier``). Hier unten, damit das Turnierbuch nicht das Paket
über ihm importiert (``tests/test_architektur.py``: kein Zyklus in einem Paket)."""

from __future__ import annotations

from referee.errors import Eingabefehler

_SCHLUESSEL_ZEICHEN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


def pruefe_schluessel(schluessel: str | None) -> str | None:
    """Ein Idempotenz-Schlüssel: 8–100 Zeichen aus Buchstaben, Ziffern, - und _."""
    if schluessel is None:
        return None
    if not (8 <= len(schluessel) <= 100) or not set(schluessel) <= _SCHLUESSEL_ZEICHEN:
        raise Eingabefehler(
            "Der Schlüssel einer Eingabe hat 8 bis 100 Zeichen aus Buchstaben, Ziffern, - und _."
        )
    return schluessel


__all__ = ["pruefe_schluessel"]
