"""Fehlerarten von referee (wie python-chess: Eingabe, Zustand, Regel, Mehrdeutigkeit).

Alle sind ``ValueError``-Unterklassen mit einer deutschen Meldung, die das fehlerhafte Token
nennt. ``art`` sagt, welche Sorte Fehler es ist (so steht es auch in der JSON-Fehlerform
``{"fehler": {"art", "meldung", "abschnitt"}}``), ``exit_code`` den Exit-Code der Kommandozeile:

=================  ===========  =====================================================
Klasse             ``art``      Exit-Code
=================  ===========  =====================================================
Eingabefehler      eingabe      2 (Token unbekannt, Form falsch)
Zustandsfehler     zustand      2 (kein offener Abend, Abend geschlossen, DB nicht leer …)
Regelverstoss      regel        1 (die Regeln sagen nein)
=================  ===========  =====================================================
"""

from __future__ import annotations

from typing import Any


class RefereeFehler(ValueError):
    """Basis aller fachlichen Fehler von referee."""

    exit_code = 2
    art = "eingabe"

    def __init__(self, meldung: str, abschnitt: str | None = None) -> None:
        super().__init__(meldung)
        self.meldung = meldung
        self.abschnitt = abschnitt

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.meldung

    def als_json(self) -> dict[str, Any]:
        """Die JSON-Fehlerform: ``{"fehler": {"art", "meldung", "abschnitt"}}``."""
        return {"fehler": {"art": self.art, "meldung": self.meldung, "abschnitt": self.abschnitt}}


class Eingabefehler(RefereeFehler):
    """Die Eingabe ist syntaktisch oder inhaltlich unbrauchbar (Exit-Code 2)."""


class UnbekannteKarte(Eingabefehler):
    """Ein Karten-Token ist unbekannt oder gehört nicht zum Spiel."""


class Mehrdeutig(Eingabefehler):
    """Eine Eingabe passt auf mehrere Dinge (z. B. „Ober“ ohne Farbe)."""


class Zustandsfehler(RefereeFehler):
    """Der Zustand erlaubt es nicht (kein offener Abend, Abend geschlossen …; Exit-Code 2)."""

    art = "zustand"


class Regelverstoss(RefereeFehler):
    """Die Regeln verbieten es (Exit-Code 1)."""

    exit_code = 1
    art = "regel"


class SpeicherFehler(Zustandsfehler):
    """Die Datenbank kann nicht benutzt werden (falsche Datei, neuere Version …)."""
