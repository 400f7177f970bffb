"""Das ganze Buch kopieren: ``sicherung`` (eine geprüfte SQLite-Kopie, auch während ``live``
schreibt) und ``umziehen`` (in ein leeres anderes Buch, SQLite ↔ PostgreSQL) – ein Teil von
``referee.buch.Buch``."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from referee.errors import Eingabefehler

if TYPE_CHECKING:
    from referee.buch.antworten import Sicherung, Umzug
    from referee.store import Abendspeicher


class Buchkopien:
    """``Buch.sicherung`` und ``Buch.umziehen`` (der Speicher ist der des Buchs)."""

    store: Abendspeicher

    def sicherung(self, ziel: str | os.PathLike[str], *, ueberschreiben: bool = False) -> Sicherung:
        """Eine geprüfte Kopie des ganzen Buchs (Abende und Turniere) nach ``ziel`` – sicher
        auch, während ``live`` oder ``turnier live`` schreiben (statt ``cp``, das die
        ``-wal``-Datei verliert)."""
        from pathlib import Path

        from referee.buch.antworten import Sicherung

        return Sicherung(self.store.sichern(Path(ziel), ueberschreiben))

    def umziehen(self, ziel: str | os.PathLike[str]) -> Umzug:
        """Das ganze Buch (Abende, Turniere, Schreib-Schlüssel, Geheimnisse) in ein leeres
        anderes: SQLite → PostgreSQL oder zurück, eine Transaktion im Ziel
        (``referee.store.umzug``). Danach gibt das Ziel denselben JSON-Export."""
        from referee.buch.antworten import Umzug
        from referee.spiele import store_oeffnen
        from referee.store.umzug import umziehen

        with store_oeffnen(ziel) as neu:
            if _derselbe_ort(neu.pfad, self.store.pfad):
                raise Eingabefehler(
                    f"{neu.pfad} ist dasselbe Buch; umgezogen wird in ein anderes, leeres."
                )
            zeilen = umziehen(self.store.verbindung, neu.verbindung)
            return Umzug(str(self.store.pfad), str(neu.pfad), zeilen)


def _derselbe_ort(a: object, b: object) -> bool:
    """Zeigen zwei Buchorte (Pfade oder PostgreSQL-Adressen) auf dasselbe Buch?"""
    from pathlib import Path

    if isinstance(a, Path) and isinstance(b, Path):
        return a.absolute() == b.absolute()
    return str(a) == str(b)
