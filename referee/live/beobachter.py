"""Änderungen am Buch bemerken, ohne es ständig neu zu lesen.

SQLites ``PRAGMA data_version`` liefert auf einer Verbindung einen anderen Wert, sobald eine
*andere* Verbindung – aus diesem oder einem anderen Prozess – etwas festgeschrieben hat
(https://sqlite.org/pragma.html#pragma_data_version). Der Beobachter hält ein Buch seiner
Quelle (``referee.live.quelle``: ein Abend oder ein Turnier) mit seiner einen, langlebigen
Verbindung offen und fragt sie alle ``takt`` Sekunden (``datenversion``, Mikrosekunden je
Frage). Erst wenn sich der Wert ändert, liest die Quelle einmal alles neu (``Lesung``), der
Beobachter tauscht es in einem Zug aus und weckt alle wartenden Verbindungen.

Alles hier läuft im Thread der Ereignisschleife des Servers (SQLite-Verbindungen gehören
einem Thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from datetime import datetime
from typing import Generic

from referee.errors import RefereeFehler
from referee.live.quelle import B, D, Lesung, Quelle, Schreibansicht, Schreiblink
from referee.live.vertrag import Ereignis


class Beobachter(Generic[B, D]):
    """Hält die zuletzt gelesene ``lesung`` (``nr`` zählt die Fassungen) und meldet Änderungen."""

    def __init__(self, quelle: Quelle[B, D], takt: float = 0.25) -> None:
        self.quelle = quelle
        self.takt = takt
        #: frühestens so viele Sekunden nach dem letzten Lesen liest ``anstossen`` neu (viele
        #: Schreibvorgänge kurz hintereinander ergeben ein Lesen; ein Turnier liest mehr)
        self.mindestabstand = quelle.mindestabstand
        self._gelesen = 0.0  # ``loop.time()`` des letzten Lesens
        self._geplant = False
        self.nr = 0
        self.zeit = ""
        #: was zuletzt gelesen wurde (``None``: noch nichts)
        self.lesung: Lesung[D] | None = None
        self.sse_daten = ""  # das Ereignis der Lese-Seite zur jetzigen Fassung
        self.beendet = False
        self._version: int | None = None
        self._buch: B | None = None
        #: die Schleife und der Meldekanal des Buchs, falls es einen hat (``_hoere``)
        self._fd: tuple[asyncio.AbstractEventLoop, int] | None = None
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
                self._buch = self.quelle.oeffne()
                self._hoere()
            return self._buch.datenversion()
        except (sqlite3.Error, RefereeFehler):
            self._trenne()
            return None

    def _hoere(self) -> None:
        """Hat das Buch einen Meldekanal (PostgreSQL: LISTEN/NOTIFY, ``meldungen_fd``), weckt
        jede Meldung eines anderen Prozesses – auch auf einem anderen Rechner – den Beobachter
        sofort, statt erst beim nächsten Takt. Die Meldung wird gleich abgeholt
        (``datenversion``), sonst bliebe der Deskriptor lesbar."""
        fd = self._buch.meldungen_fd() if self._buch is not None else None
        if fd is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # ohne laufende Schleife (Tests): im Takt fragen genügt
            return

        def gemeldet() -> None:
            if self._buch is None:
                return
            try:
                self._buch.datenversion()
            except RefereeFehler:
                self._trenne()
                return
            self.anstossen()

        loop.add_reader(fd, gemeldet)
        self._fd = (loop, fd)

    def _trenne(self) -> None:
        if self._fd is not None:
            loop, fd = self._fd
            with contextlib.suppress(Exception):  # die Schleife kann schon geschlossen sein
                loop.remove_reader(fd)
            self._fd = None
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
        try:
            lesung = self.quelle.lies(self._buch, self.lesung)
        except sqlite3.Error:  # z. B. mitten in einer Umstellung des Schemas: gleich nochmal
            self._version = None
            if self.lesung is not None:
                return False
            lesung = self.quelle.lies(None, None)  # bis dahin: wie ohne Buch
        self.lesung = lesung  # in einem Zug: wer sie liest, sieht sie ganz
        self.nr += 1
        self.zeit = datetime.now().strftime("%H:%M:%S")
        self.sse_daten = Ereignis(self.nr, self.zeit, lesung.teil).als_text()
        self._melde()
        return True

    def schreibansicht(self, link: Schreiblink) -> Schreibansicht:
        """Die Eingabeseite von ``link`` zur jetzigen Fassung (die Quelle merkt sie sich)."""
        if self.lesung is None:
            self.pruefe()
        assert self.lesung is not None
        return self.quelle.schreibansicht(self._buch, self.lesung, link, self.nr, self.zeit)

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


__all__ = ["Beobachter"]
