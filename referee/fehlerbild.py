"""Ein Ort, an dem ein Fehler zu Meldung, Exit-Code und HTTP-Status wird.

Die Kommandozeile (``referee.cli.ausfuehren``), die Tisch-Sitzung (über dieselbe) und die
Eingabe vom Handy (``referee.live.schreiben``) nehmen alle ``fehlerbild``: dieselbe falsche
Eingabe gibt überall dieselbe deutsche Meldung und dieselbe JSON-Fehlerform
``{"fehler": {"art", "meldung", "abschnitt"}}``.

=================  ===========  =========  ======================================
Ausnahme           ``art``      Exit-Code  HTTP
=================  ===========  =========  ======================================
Eingabefehler      eingabe      2          422 (die Zeile ist falsch)
Regelverstoss      regel        1          422 (die Regeln sagen nein)
Zustandsfehler     zustand      2          409 (das Buch ist anders, als gedacht)
jede andere        intern       3          500
=================  ===========  =========  ======================================

>>> from referee.errors import Zustandsfehler
>>> b = fehlerbild(Zustandsfehler("Kein offener Abend."))
>>> (b.art, b.code, b.http, b.meldung)
('zustand', 2, 409, 'Kein offener Abend.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Die Meldung bei einem Programmfehler (Exit 3, HTTP 500) – für jeden Aufruf dieselbe.
INTERNER_FEHLER = (
    "Interner Fehler in referee (ein Programmfehler, nicht deine Eingabe). "
    "Mit REFEREE_DEBUG=1 erscheint der vollständige Traceback."
)

#: HTTP-Status je ``art``.
HTTP_STATUS = {"eingabe": 422, "regel": 422, "zustand": 409, "intern": 500}


@dataclass(frozen=True)
class Fehlerbild:
    """Wie ein Fehler gemeldet wird: ``art`` (wie in der JSON-Fehlerform), ``meldung``
    (gesäubert, deutsch), ``abschnitt`` (Regelabschnitt oder ``None``), ``code`` (Exit-Code)
    und ``http`` (Status einer Antwort übers Netz)."""

    art: str
    meldung: str
    abschnitt: str | None
    code: int
    http: int

    def als_json(self) -> dict[str, Any]:
        """``{"fehler": {"art", "meldung", "abschnitt"}}``."""
        return {"fehler": {"art": self.art, "meldung": self.meldung, "abschnitt": self.abschnitt}}


def fehlerbild(exc: BaseException) -> Fehlerbild:
    """Ein fachlicher Fehler (``RefereeFehler``) mit seiner Art und Meldung; alles andere ist
    ein Programmfehler (``intern``, ohne Einzelheiten nach außen)."""
    from referee.errors import RefereeFehler
    from referee.text import saeubern

    if isinstance(exc, RefereeFehler):
        art = exc.art
        return Fehlerbild(
            art, saeubern(exc.meldung), exc.abschnitt, exc.exit_code, HTTP_STATUS.get(art, 422)
        )
    return Fehlerbild("intern", INTERNER_FEHLER, None, 3, 500)


__all__ = ["HTTP_STATUS", "INTERNER_FEHLER", "Fehlerbild", "fehlerbild"]
