"""Änderungen am Buch bemerken, ohne es ständig neu zu lesen.

SQLites ``PRAGMA data_version`` liefert auf einer Verbindung einen anderen Wert, sobald eine
*andere* Verbindung – aus diesem oder einem anderen Prozess – etwas festgeschrieben hat
(https://sqlite.org/pragma.html#pragma_data_version). Der Beobachter hält ein Buch
(``referee.buch.Buch``) mit seiner einen, langlebigen Verbindung offen und fragt sie alle
``takt`` Sekunden (``Buch.datenversion``, Mikrosekunden je Frage). Erst wenn sich der Wert ändert, liest er den Abend über ``referee.live.daten`` neu,
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

    def __init__(
        self, db: Path, abend_id: int | None = None, takt: float = 0.25, *, schreiben: bool = False
    ) -> None:
        self.db = Path(db).resolve()
        self.abend_id = abend_id
        self.takt = takt
        #: frühestens so viele Sekunden nach dem letzten Lesen liest ``anstossen`` neu (viele
        #: Schreibvorgänge kurz hintereinander ergeben ein Lesen; ein Turnier liest mehr)
        self.mindestabstand = 0.0
        self._gelesen = 0.0  # ``loop.time()`` des letzten Lesens
        self.schreiben = schreiben  # auch die Daten der Eingabeseite rechnen
        self.sse_schreiben = ""  # Ereignis der Eingabeseite: Stand ohne Einträge + Formulardaten
        self._geplant = False
        self.nr = 0
        self.zeit = ""
        self.stand: daten.Abendstand | None = None
        self.stand_text: str | None = None  # wie ``referee stand --json``
        self.fehler: dict[str, Any] | None = None  # JSON-Fehlerform, solange es keinen Stand gibt
        self.teil = ""  # der veränderliche Teil der Seite (``seite.inhalt``)
        self.sse_daten = ""
        self.beendet = False
        self._version: int | None = None
        self._buch: Any = None
        self._wechsel: asyncio.Future[None] | None = None

    # ------------------------------------------------------------ Änderungen bemerken

    def _datenversion(self) -> int | None:
        """``PRAGMA data_version`` der einen Verbindung des Buchs (``None``: gerade nicht lesbar).

        Das Buch wird einmal geöffnet und bleibt offen; entsteht die Datei erst später, verbindet
        es sich dann. Kein zweites Öffnen: ``oeffne`` liest den Dateikopf mit ``open()``/
        ``close()``, und unter POSIX gäbe das Schließen die SQLite-Sperren des Prozesses frei.
        """
        try:
            if self._buch is None:
                self._buch = self._oeffne()
            return self._buch.datenversion()
        except (sqlite3.Error, RefereeFehler):
            self._trenne()
            return None

    def _oeffne(self) -> Any:
        """Das Buch, das beobachtet wird (hier das der Abende; ein Turnier nimmt seines)."""
        from referee.buch import Buch

        return Buch(self.db)

    def _trenne(self) -> None:
        if self._buch is not None:
            self._buch.schliessen()
            self._buch = None

    def pruefe(self) -> bool:
        """Hat sich seit dem letzten Blick etwas geändert? Dann neu lesen; ``True`` bei neuer Fassung."""
        if self.beendet:
            return False
        version = self._datenversion()
        if self.nr and (version is None or version == self._version):
            return False
        self._version = version
        with contextlib.suppress(RuntimeError):  # ohne laufende Schleife (Tests)
            self._gelesen = asyncio.get_running_loop().time()
        return self._lies()

    def _lies(self) -> bool:
        try:
            stand = (
                daten.abendstand(self._buch, self.abend_id, formulare=self.schreiben)
                if self._buch
                else None
            )
        except RefereeFehler as exc:
            stand, self.fehler = None, exc.als_json()
        except sqlite3.Error:  # z. B. mitten in einer Umstellung des Schemas: gleich nochmal
            self._version = None
            return False
        else:
            self.fehler = None if stand is not None else _kein_abend()
        self.stand = stand
        self.stand_text = (
            json.dumps(stand.stand.als_json(), ensure_ascii=False, indent=2) + "\n"
            if stand
            else None
        )
        meldung = self.fehler["fehler"]["meldung"] if self.fehler and self.abend_id else None
        self._fassung(seite.inhalt(stand, meldung))
        if self.schreiben:
            from referee.live import eingabeseite

            self.sse_schreiben = json.dumps(
                {
                    "nr": self.nr,
                    "zeit": self.zeit,
                    "html": seite.inhalt(stand, meldung, eintraege=False),
                    "daten": eingabeseite.daten(stand, meldung),
                },
                ensure_ascii=False,
            )
        self._melde()
        return True

    def _fassung(self, teil: str) -> None:
        """Eine neue Fassung: Nummer, Uhrzeit, der Teil der Seite und sein Ereignis."""
        self.nr += 1
        self.zeit = datetime.now().strftime("%H:%M:%S")
        self.teil = teil
        self.sse_daten = json.dumps(
            {"nr": self.nr, "zeit": self.zeit, "html": self.teil}, ensure_ascii=False
        )

    def anstossen(self) -> None:
        """Gleich nachsehen (nach einem Schreiben vom Handy), nicht erst beim nächsten Takt –
        aber frühestens ``mindestabstand`` s nach dem letzten Lesen; mehrere Anstöße bis dahin
        ergeben ein Lesen. Nur im Faden der Ereignisschleife."""
        if self._geplant or self.beendet:
            return
        self._geplant = True
        loop = asyncio.get_running_loop()

        def jetzt() -> None:
            self._geplant = False
            try:
                self.pruefe()
            except Exception:  # wie in ``laufe``: beim nächsten Takt neu lesen
                self._version = None

        warten = self._gelesen + self.mindestabstand - loop.time()
        if warten > 0:
            loop.call_later(warten, jetzt)
        else:
            loop.call_soon(jetzt)

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
