"""Die eine Ansicht eines gespeicherten Eintrags – für Verlauf, Live-Seite und Tisch.

Ein Eintrag trägt das typisierte Ergebnis seines Spiels (der Speicher liest es), und das
Ergebnis beschreibt sich selbst (``zeile()``, ``zeile_mit_wert()``, beim Schafkopf
``erklaerung_nach(tarif)``). Dazu kommt nur, was der Eintrag selbst ist: ein Storno oder eine
Korrektur. Jede Oberfläche nimmt diese Zeilen, keine baut sie aus dem JSON nach.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.ergebnis import SCHAFKOPF

if TYPE_CHECKING:
    from referee.ergebnis import Eintrag, Ergebnis


def ergebnis(e: Eintrag) -> Ergebnis | None:
    """Das typisierte Ergebnis des Eintrags (``None`` bei einem Storno)."""
    return e.ergebnis


def zeile(e: Eintrag, ursprung: int | None = None) -> str:
    """Eine Zeile ohne Beträge: ``Rufspiel Anna+Ben gewonnen (71 Augen)``,
    ``Korrektur von #3: …``, ``Storno von #5``. ``ursprung``: der erste Eintrag des Spiels
    (eine Korrektur einer Korrektur nennt dann ihn, nicht die Korrektur davor)."""
    return darstellung(e, ursprung)[0]


def betraege(e: Eintrag) -> tuple[tuple[str, int], ...]:
    """Cent je Spieler eines Schafkopf-Eintrags (sonst leer)."""
    return darstellung(e)[1]


def darstellung(e: Eintrag, ursprung: int | None = None) -> tuple[str, tuple[tuple[str, int], ...]]:
    """Zeile und Beträge zusammen – das Ergebnis wird dafür nur einmal gelesen (``verlauf``
    über Hunderte Einträge); ``ursprung`` wie bei ``zeile``."""
    erg = ergebnis(e)
    if erg is None:
        return f"Storno von #{e.bezug}", ()
    vor = f"Korrektur von #{ursprung or e.bezug}: " if e.art == "korrektur" else ""
    zahlungen: tuple[tuple[str, int], ...] = ()
    if e.spiel == SCHAFKOPF:
        from referee.schafkopf.ergebnis import SchafkopfErgebnis

        if isinstance(erg, SchafkopfErgebnis):
            zahlungen = erg.zahlungen
    return vor + erg.zeile(), zahlungen


def erklaerung(e: Eintrag, tarif: Mapping[str, Any] | None) -> str | None:
    """Die Werterklärung eines Schafkopf-Eintrags nach ``tarif`` (sonst ``None``)."""
    if e.spiel != SCHAFKOPF or e.ergebnis is None:
        return None
    from referee.schafkopf.ergebnis import SchafkopfErgebnis

    erg = e.ergebnis
    return erg.erklaerung_nach(tarif) if isinstance(erg, SchafkopfErgebnis) else None


__all__ = ["betraege", "darstellung", "ergebnis", "erklaerung", "zeile"]
