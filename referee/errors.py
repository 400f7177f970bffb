"""Fehlerarten des Regelkerns (wie python-chess: Eingabe, Regel, Mehrdeutigkeit).

Alle sind ``ValueError``-Unterklassen mit einer deutschen Meldung, die das
fehlerhafte Token nennt. Die Kommandozeile übersetzt sie in Exit-Codes:
``Eingabefehler`` → 2, ``Regelverstoss`` → 1.
"""

from __future__ import annotations


class RefereeFehler(ValueError):
    """Basis aller fachlichen Fehler von referee."""

    exit_code = 2

    def __init__(self, meldung: str) -> None:
        super().__init__(meldung)
        self.meldung = meldung

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.meldung


class Eingabefehler(RefereeFehler):
    """Die Eingabe ist syntaktisch oder inhaltlich unbrauchbar (Exit-Code 2)."""


class UnbekannteKarte(Eingabefehler):
    """Ein Karten-Token ist unbekannt oder gehört nicht zum Spiel."""


class Mehrdeutig(Eingabefehler):
    """Eine Eingabe passt auf mehrere Dinge (z. B. „Ober“ ohne Farbe)."""


class Regelverstoss(RefereeFehler):
    """Die Regeln verbieten es (Exit-Code 1)."""

    exit_code = 1


class SpeicherFehler(RefereeFehler):
    """Die Datenbank kann nicht benutzt werden (falsche Datei, neuere Version …)."""
