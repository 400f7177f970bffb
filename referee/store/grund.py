"""Was die Teile von ``Store`` (``Abende``, ``Austausch``) voneinander brauchen.

``Store`` (``referee.store``) setzt das um: Verbindung, Transaktion, Lesen. Hier steht es
nur für die Typprüfung, damit die Mischklassen wissen, worauf sie sich verlassen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.ergebnis import Eintrag


class Grund:
    """Die Grundlage jedes Teils von ``Store`` (zur Laufzeit leer)."""

    if TYPE_CHECKING:
        pfad: Path

        @property
        def existiert(self) -> bool: ...

        def _version(self) -> int: ...

        def _schreiben(self) -> AbstractContextManager[Any]: ...

        def _braucht_daten(self) -> None: ...

        def _lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]: ...

        def _pruefe_offen(self, conn: Any, abend_id: int) -> None: ...

        def _eintrag_aus(self, z: tuple[Any, ...]) -> Eintrag: ...

        def eintraege(
            self, abend_id: int | None = None, *, alle: bool = False, spiel: str | None = None
        ) -> list[Eintrag]: ...

        def spielreihenfolge(self, abend_id: int | None = None) -> dict[int, int]: ...

        def _einfuegen(
            self,
            conn: Any,
            abend_id: int,
            spiel: str,
            art: str,
            bezug: int | None,
            eingabe: Mapping[str, Any],
            ergebnis: Mapping[str, Any],
            zeilen: list[tuple[Any, ...]],
            zeit: str | None = None,
            eid: int | None = None,
            nr: int | None = None,
        ) -> int: ...
