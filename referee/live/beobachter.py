"""Änderungen am Buch bemerken, ohne es ständig neu zu lesen.

SQLites ``PRAGMA data_version`` liefert auf einer Verbindung einen anderen Wert, sobald eine
*andere* Verbindung – aus diesem oder einem anderen Prozess – etwas festgeschrieben hat
(https://sqlite.org/pragma.html#pragma_data_version). Der Beobachter hält dafür eine
langlebige, nur lesende Verbindung und fragt sie alle ``takt`` Sekunden (Mikrosekunden je
Frage). Erst wenn sich der Wert ändert, liest er den Abend über ``referee.live.daten`` neu,
rendert den veränderlichen Teil der Seite einmal und weckt alle wartenden Verbindungen.

Alles hier läuft im Thread der Ereignisschleife des Servers (SQLite-Verbindungen gehören
einem Thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from referee.errors import RefereeFehler
from referee.live import daten, seite


class Beobachter:
    """Hält den zuletzt gelesenen Stand (``nr`` zählt die Fassungen) und meldet Änderungen."""

    def __init__(self, db: Path, abend_id: int | None = None, takt: float = 0.25) -> None:
        self.db = Path(db).resolve()
        self.abend_id = abend_id
        self.takt = takt
        self.nr = 0
        self.zeit = ""
        self.stand: daten.Abendstand | None = None
        self.stand_text: str | None = None  # wie ``referee stand --json``
        self.fehler: dict[str, Any] | None = None  # JSON-Fehlerform, solange es keinen Stand gibt
        self.teil = ""  # der veränderliche Teil der Seite (``seite.inhalt``)
        self.sse_daten = ""
        self.beendet = False
        self._wache: sqlite3.Connection | None = None
        self._version: int | None = None
        self._store: Any = None
        self._wechsel: asyncio.Future[None] | None = None

    # ------------------------------------------------------------ Änderungen bemerken

    def _verbinde(self) -> bool:
        """Erst den Store, dann die Wach-Verbindung öffnen (``False``: noch keine Datenbank).

        Die Reihenfolge zählt: ``oeffne`` liest den Dateikopf mit ``open()``/``close()``, und
        unter POSIX gibt das Schließen jedes Dateideskriptors alle Sperren des Prozesses auf
        diese Datei frei – auch die der schon offenen SQLite-Verbindungen. Ein anderer Prozess
        hielte sich dann beim Schließen für den letzten, räumte das WAL weg, und diese
        Verbindungen sähen keine neuen Einträge mehr. Darum nach der Wache kein ``oeffne``.
        """
        from referee.store import oeffne

        if not self.db.is_file():
            return False
        self._trenne()
        try:
            self._store = oeffne(self.db)
            if not self._store.existiert:
                self._trenne()
                return False
            self._wache = sqlite3.connect(
                f"{self.db.as_uri()}?mode=ro", uri=True, isolation_level=None
            )
        except (sqlite3.Error, RefereeFehler):
            self._trenne()
            return False
        return True

    def _trenne(self) -> None:
        if self._wache is not None:
            self._wache.close()
            self._wache = None
        if self._store is not None:
            self._store.schliessen()
            self._store = None

    def _datenversion(self) -> int | None:
        """``PRAGMA data_version`` der Wach-Verbindung (``None``: noch keine Datenbank)."""
        if self._wache is None and not self._verbinde():
            return None
        assert self._wache is not None
        try:
            return self._wache.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            self._trenne()
            return None

    def pruefe(self) -> bool:
        """Hat sich seit dem letzten Blick etwas geändert? Dann neu lesen; ``True`` bei neuer Fassung."""
        if self.beendet:
            return False
        version = self._datenversion()
        if self.nr and (version is None or version == self._version):
            return False
        self._version = version
        return self._lies()

    def _lies(self) -> bool:
        try:
            stand = daten.abendstand(self._store, self.abend_id) if self._store else None
        except RefereeFehler as exc:
            stand, self.fehler = None, exc.als_json()
        except sqlite3.Error:  # z. B. mitten in einer Umstellung des Schemas: gleich nochmal
            self._version = None
            return False
        else:
            self.fehler = None if stand is not None else _kein_abend()
        self.stand = stand
        self.stand_text = (
            json.dumps(stand.stand, ensure_ascii=False, indent=2) + "\n" if stand else None
        )
        self.nr += 1
        self.zeit = datetime.now().strftime("%H:%M:%S")
        meldung = self.fehler["fehler"]["meldung"] if self.fehler and self.abend_id else None
        self.teil = seite.inhalt(stand, meldung)
        self.sse_daten = json.dumps(
            {"nr": self.nr, "zeit": self.zeit, "html": self.teil}, ensure_ascii=False
        )
        self._melde()
        return True

    # ------------------------------------------------------------ Warten und Wecken

    def _melde(self) -> None:
        if self._wechsel is not None and not self._wechsel.done():
            self._wechsel.set_result(None)
        self._wechsel = None

    async def warte(self, nr: int, frist: float) -> None:
        """Bis eine neuere Fassung als ``nr`` da ist, der Beobachter endet oder ``frist`` um ist."""
        if self.nr != nr or self.beendet:
            return
        if self._wechsel is None:
            self._wechsel = asyncio.get_running_loop().create_future()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._wechsel), frist)

    async def laufe(self) -> None:
        """Die Wache: alle ``takt`` Sekunden ``pruefe``, bis ``beende``."""
        while not self.beendet:
            try:
                self.pruefe()
            except Exception:  # die Wache darf nie sterben: beim nächsten Takt neu lesen
                self._version = None
            await asyncio.sleep(self.takt)

    def beende(self) -> None:
        """Alle Wartenden wecken (ihre Verbindungen enden) und die Verbindungen schließen."""
        self.beendet = True
        self._melde()
        self._trenne()


def _kein_abend() -> dict[str, Any]:
    from referee.errors import Zustandsfehler

    return Zustandsfehler(
        "Noch kein Spielabend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
    ).als_json()
