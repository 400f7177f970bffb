"""``referee live`` als Kindprozess – so startet ``referee tisch`` den Live-Stand.

Warum ein eigener Prozess und kein Thread neben der Sitzung: Ein zweiter ``Store`` im selben
Prozess liest beim Öffnen den Dateikopf mit ``open()``/``close()``; unter POSIX gibt das
Schließen *jedes* Deskriptors auf die Datei alle Sperren des Prozesses auf sie frei, auch die
der offenen SQLite-Verbindungen der Sitzung. Schließt dann ein anderes Terminal seine
Verbindung, hält es sich für die letzte, räumt das WAL weg – und die Sitzung schriebe in ein
gelöschtes WAL (Einträge verloren). Im eigenen Prozess kann das nicht geschehen; außerdem
bleiben Starlette, uvicorn und die Arbeit des Servers aus der Sitzung heraus (Tippen bleibt
flüssig), und Strg-C in der Sitzung trifft den Server nicht (eigene Sitzungsgruppe).

Der Kindprozess endet mit ``stoppe()`` – oder von selbst, wenn der Elternprozess stirbt
(``--mit-eltern``: er liest stdin bis zum Ende). Seine Links liest ``LiveProzess`` aus der
ersten Zeile von ``referee live --json``; ein Fehler kommt dort als JSON-Fehlerform.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.parse

from referee.errors import Zustandsfehler
from referee.live.terminal import nur_lokal, qr_text
from referee.pfade import Buchort


class LiveProzess:
    """Ein ``referee live`` im Hintergrund: ``url``, ``qr_text()``, ``stoppe()`` wie ``LiveServer``."""

    def __init__(
        self, argumente: list[str], frist: float = 20.0, umgebung: dict[str, str] | None = None
    ) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "referee", "live", *argumente, "--json", "--mit-eltern"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            start_new_session=True,
            env=dict(os.environ, NO_COLOR="1", **(umgebung or {})),
        )
        assert self._proc.stdout is not None and self._proc.stderr is not None
        zeile = self._proc.stdout.readline()
        try:
            links = json.loads(zeile)
        except ValueError:
            links = None
        if not isinstance(links, dict) or not isinstance(links.get("lesen"), str):
            # ein Fehler: die JSON-Fehlerform (über mehrere Zeilen) oder eine Meldung auf stderr
            # (nicht ``communicate``: es läse am Puffer vorbei, den ``readline`` schon füllte)
            ganz = self._proc.stdout.read()
            fehler = self._proc.stderr.read()
            self._proc.wait(frist)
            try:
                links = json.loads(zeile + ganz)
            except ValueError:
                links = None
            fehler = fehler.strip()
            fehlerform = links.get("fehler") if isinstance(links, dict) else None
            if isinstance(fehlerform, dict):
                meldung = str(fehlerform.get("meldung") or "")
                fehlerart = _fehlerart(fehlerform.get("art"))
            else:
                meldung = fehler.removeprefix("Fehler: ").splitlines()[0] if fehler else ""
                fehlerart = Zustandsfehler
            raise fehlerart(meldung or "Der Live-Server ließ sich nicht starten.")
        self.url: str = links["lesen"]
        self.url_schreiben: str | None = links.get("schreiben")
        teile = urllib.parse.urlsplit(self.url)
        self.host = teile.hostname or ""
        self.port = teile.port or 0
        self.token = teile.path.strip("/")
        # bereit, sobald der Hinweis dasteht (seine letzte Zeile: „Beenden mit Strg-C.“)
        hinweis = []
        for _ in range(10):
            z = self._proc.stderr.readline()
            hinweis.append(z)
            if not z or z.startswith("Beenden mit Strg-C."):
                break
        self.hinweis = "".join(hinweis)

    @property
    def laeuft(self) -> bool:
        return self._proc.poll() is None

    @property
    def nur_lokal(self) -> bool:
        return nur_lokal(self.host)

    @property
    def pid(self) -> int:
        return self._proc.pid

    def qr_text(self, kompakt: bool = True, url: str | None = None) -> str:
        return qr_text(url or self.url, kompakt)

    def stoppe(self, frist: float = 10.0) -> None:
        """Den Server sauber beenden (SIGTERM wie Strg-C; notfalls nach ``frist`` s hart)."""
        if self._proc.poll() is None:
            self._proc.send_signal(signal.SIGTERM)
        try:
            self._proc.communicate(timeout=frist)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.communicate()


def _fehlerart(art: object) -> type[Exception]:
    """Die Fehlerart der JSON-Fehlerform als Ausnahme (``eingabe``, ``regel``, sonst Zustand)."""
    from referee.errors import Eingabefehler, Regelverstoss

    return {"eingabe": Eingabefehler, "regel": Regelverstoss}.get(str(art), Zustandsfehler)


def argumente(
    db: Buchort,
    abend_id: int | None,
    host: str | None,
    port: int,
    neu_laden: int | None,
    schreiben: bool = False,
) -> list[str]:
    """Die Kommandozeile des Kindprozesses."""
    args = ["--db", str(db), "--port", str(port)]
    if schreiben:
        args.append("--schreiben")
    if abend_id is not None:
        args += ["--abend", str(abend_id)]
    if host is not None:
        args += ["--host", host]
    if neu_laden is not None:
        args += ["--neu-laden", str(neu_laden)]
    return args
