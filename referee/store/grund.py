"""Was jeder Speicher hat: eine Verbindung zu einer Buchdatei (``referee.store.verbindung``).

``Abendspeicher`` (Spieler, Abende, Ereignisse, Einträge, Austausch) und ``Turnierspeicher``
(Turniere, Teilnehmer, Auslosungen, Tischeinträge) bauen beide darauf auf: dieselbe Datei, ein
Transaktionshelfer (``_schreiben``), lesen (``_lies``).
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from referee.store.verbindung import Buchverbindung

if TYPE_CHECKING:
    from referee.store.sicherung import Gesichert


class Grund:
    """Ein Speicher über einer ``Verbindung``: die Datei, Lesen, Schreiben in einer Transaktion."""

    def __init__(self, verbindung: Buchverbindung) -> None:
        self.verbindung = verbindung

    @property
    def pfad(self) -> Path:
        """Die Datei – oder bei PostgreSQL die Adresse (``referee.pfade.PgAdresse``, ohne
        Passwort), die sich an diesen Stellen wie ein Pfad benimmt."""
        return self.verbindung.pfad  # type: ignore[no-any-return]

    @property
    def existiert(self) -> bool:
        """Gibt es schon Daten (eine Datenbank mit Schema)? Lesen legt nie eine Datei an."""
        return self.verbindung.existiert

    def datenversion(self) -> int:
        """``PRAGMA data_version``: ändert sich bei fremden Commits (für Live-Ansichten)."""
        return self.verbindung.datenversion()

    def meldungen_fd(self) -> int | None:
        """Lesbar bei fremden Commits (PostgreSQL: ``LISTEN``); SQLite: ``None``."""
        return self.verbindung.meldungen_fd()

    def geheimnis(self, name: str) -> str:
        """Ein zufälliges Geheimnis des Buchs unter ``name`` (beim ersten Mal angelegt)."""
        return self.verbindung.geheimnis(name)

    def einheit(self) -> AbstractContextManager[Any]:
        """Eine schreibende Einheit über mehrere Methoden (``with store.einheit(): …``): lesen,
        rechnen und schreiben in einer Transaktion (``BEGIN IMMEDIATE``); die schreibenden
        Methoden darin sind Teil von ihr, ein Fehler schreibt nichts von allem. Ohne Datei
        keine Transaktion (es gibt nichts zu lesen, und Lesen legt nie eine Datei an); eine
        schreibende Methode darin legt sie an wie sonst."""
        if not self.existiert:
            return nullcontext()
        return self.verbindung.schreiben()

    def sichern(self, ziel: Path, ueberschreiben: bool = False) -> Gesichert:
        """Eine geprüfte Kopie des Buchs nach ``ziel`` (SQLites Online-Backup, auch während
        ein Live-Server schreibt; ``referee.store.sicherung``)."""
        from referee.store.sicherung import sichern

        return sichern(self.verbindung, ziel, ueberschreiben)

    def integritaet(self) -> str:
        """``PRAGMA integrity_check`` (``"ok"`` wenn alles stimmt)."""
        return self.verbindung.integritaet()

    def schliessen(self) -> None:
        self.verbindung.schliessen()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

    # ------------------------------------------------------------ für die Teile

    def _version(self) -> int:
        return self.verbindung.version()

    def _schreiben(self) -> AbstractContextManager[Any]:
        return self.verbindung.schreiben()

    def _braucht_daten(self) -> None:
        self.verbindung.braucht_daten()

    def _lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        return self.verbindung.lies(sql, params)


__all__ = ["Grund"]
