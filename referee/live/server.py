"""Der Live-Server: Starlette-Antworten unter uvicorn, in einem eigenen Thread.

Nur lesen, nur mit Schlüssel: Jeder Pfad beginnt mit einem zufälligen Token
(``secrets.token_urlsafe``, 128 Bit), das in konstanter Zeit verglichen wird; ohne oder mit
falschem Token gibt es 404 ohne Einzelheiten, für andere Methoden als GET/HEAD 405. Jede
Antwort trägt eine strenge Content-Security-Policy, ``nosniff`` und ``no-referrer``.

Pfade (``T`` = Token)::

    /T/            die Seite (ohne JavaScript: lädt regelmäßig neu)
    /T/app.js      das Skript, das die Seite über Server-Sent Events aktuell hält
    /T/ereignisse  text/event-stream: bei jeder Änderung der neue Teil der Seite
    /T/stand.json  genau das, was ``referee stand --json`` für den Abend druckt

Leere Verbindungen sperren niemanden aus: wer nach dem Verbinden (oder nach einer Antwort)
binnen ``KOPF_FRIST`` Sekunden keinen vollständigen Anfragekopf schickt, wird getrennt; ist
``HOECHSTENS_VERBINDUNGEN`` erreicht, verdrängt jede neue Verbindung die älteste wartende.
Die Grenze ``HOECHSTENS_ZUSEHER`` gilt nur für laufende Ereignisströme (``LiveApp._strom``).

Wird nur von ``referee live`` und ``referee.live.starte_im_hintergrund`` geladen.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import secrets
import socket
import threading
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any, Self

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from uvicorn.protocols.http.h11_impl import H11Protocol

from referee.errors import Eingabefehler, Zustandsfehler
from referee.live import schreiben, seite
from referee.live.beobachter import Beobachter
from referee.live.schreiben import Anfragefehler, Drossel, Schreiber
from referee.live.terminal import nur_lokal, qr_text

#: So viele Ereignisströme dürfen gleichzeitig laufen (jeder weitere: 503); Seitenaufrufe und
#: Verbindungen ohne Anfrage zählen nicht mit.
HOECHSTENS_ZUSEHER = 200
#: Höchstens so viele offene Verbindungen insgesamt (weniger, wenn ``ulimit -n`` nicht reicht).
#: Ist die Grenze erreicht, schließt jede neue die älteste, die noch auf ihren Anfragekopf wartet.
HOECHSTENS_VERBINDUNGEN = 1000
#: So viele Sekunden hat eine Verbindung für einen vollständigen Anfragekopf: nach dem Verbinden
#: und nach jeder Antwort. Wer bis dahin nichts oder nur einen Teil geschickt hat, wird getrennt.
KOPF_FRIST = 5.0
#: So viele Dateideskriptoren bleiben neben den Verbindungen frei (Datenbank, Pipes, Logs).
RESERVE_DATEIEN = 64
#: Alle so viele Sekunden ein Kommentar im Ereignisstrom (hält Verbindungen durch WLAN-Router offen).
LEBENSZEICHEN = 15.0

SICHERHEIT = {
    "content-security-policy": seite.CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
}


def lokale_adresse() -> str:
    """Die Adresse dieses Rechners im lokalen Netz (privater Bereich), sonst ``127.0.0.1``.

    Ein UDP-Socket, der sich mit einer privaten Adresse „verbindet“, verschickt nichts; das
    Betriebssystem wählt dabei nur die Quelladresse der Route, die wir dann ablesen.
    Öffentliche Adressen werden nie gewählt (dann bleibt es bei ``127.0.0.1``).
    """
    for ziel in ("10.254.254.254", "192.168.254.254", "172.31.254.254"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((ziel, 9))
                ip = s.getsockname()[0]
        except OSError:
            continue
        adresse = ipaddress.ip_address(ip)
        if adresse.is_private and not adresse.is_loopback and not adresse.is_unspecified:
            return ip
    return "127.0.0.1"


def binde(host: str, port: int) -> socket.socket:
    """Den Socket öffnen – belegter Port oder fremde Adresse: eine klare deutsche Meldung."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise Eingabefehler(
            f"Unbekannte Adresse „{host}“ für --host; z. B. 127.0.0.1 oder 192.168.1.20."
        ) from None
    familie, _, _, _, adresse = infos[0]
    sock = socket.socket(familie, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(adresse)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise Zustandsfehler(
                f"Port {port} auf {host} ist schon belegt – läuft schon ein „referee live“? "
                f"Einen anderen Port wählen: referee live --port {port + 1}"
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise Eingabefehler(
                f"Die Adresse „{host}“ gehört nicht zu diesem Rechner; "
                "ohne --host wird die Adresse im lokalen Netz gewählt."
            ) from None
        if exc.errno == errno.EACCES:
            raise Eingabefehler(
                f"Port {port} darf nur der Administrator öffnen; einen ab 1024 wählen."
            ) from None
        raise Zustandsfehler(f"Port {port} auf {host} lässt sich nicht öffnen ({exc}).") from None
    sock.setblocking(False)
    return sock


def verbindungsgrenze() -> int:
    """``HOECHSTENS_VERBINDUNGEN``, soweit es die offenen Dateien erlauben (``ulimit -n``).

    Reicht die weiche Grenze nicht, wird sie bis zur harten angehoben (das darf jeder Prozess);
    sonst bleibt es bei weniger Verbindungen – lieber eine verdrängte leere Verbindung als ein
    ``accept``, das an ``EMFILE`` scheitert und den Server eine Sekunde lang taub macht.
    """
    try:
        import resource
    except ImportError:  # Windows: keine solche Grenze
        return HOECHSTENS_VERBINDUNGEN
    bedarf = HOECHSTENS_VERBINDUNGEN + RESERVE_DATEIEN
    weich, hart = resource.getrlimit(resource.RLIMIT_NOFILE)
    if weich != resource.RLIM_INFINITY and weich < bedarf:
        neu = bedarf if hart == resource.RLIM_INFINITY else min(bedarf, hart)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (neu, hart))
        weich = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if weich == resource.RLIM_INFINITY:
        return HOECHSTENS_VERBINDUNGEN
    return max(1, min(HOECHSTENS_VERBINDUNGEN, weich - RESERVE_DATEIEN))


class _Verbindung(H11Protocol):
    """uvicorns HTTP/1.1-Protokoll mit einer Frist für den Anfragekopf und einer Verbindungsgrenze.

    uvicorn selbst kennt nur ``timeout_keep_alive`` zwischen zwei Anfragen, und das endet schon
    mit dem ersten Byte; vor der ersten Anfrage gibt es keine Frist. Wer nichts oder eine halbe
    Anfragezeile schickt, bliebe also für immer verbunden. Hier läuft, solange eine Verbindung
    auf einen Anfragekopf wartet (nach dem Verbinden und nach jeder Antwort), eine Uhr von
    ``KOPF_FRIST`` Sekunden; anhalten kann sie nur ein vollständiger Kopf – an ihm legt uvicorn
    einen neuen ``RequestResponseCycle`` an. Einzelne Bytes verlängern nichts.

    ``grenze`` setzt ``LiveServer`` je Server (``verbindungsgrenze()``).
    """

    grenze = HOECHSTENS_VERBINDUNGEN

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._frist: asyncio.TimerHandle | None = None
        #: ``loop.time()``, seit dem auf einen Anfragekopf gewartet wird; ``None``: keiner fällig
        self.wartet_seit: float | None = None
        self._zyklus_davor: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._warte_auf_kopf()
        if len(self.connections) > self.grenze:
            self._verdraenge()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.wartet_seit is not None and self.cycle is not self._zyklus_davor:
            self.wartet_seit = None  # der Kopf ist vollständig: eine neue Anfrage läuft
            self._stoppe_frist()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # gleich weiter (Pipelining) oder geschlossen: dann wartet hier niemand auf einen Kopf
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._warte_auf_kopf()

    def connection_lost(self, exc: Exception | None) -> None:
        self.wartet_seit = None
        self._stoppe_frist()
        super().connection_lost(exc)

    def _warte_auf_kopf(self) -> None:
        self._stoppe_frist()
        self._zyklus_davor = self.cycle
        self.wartet_seit = self.loop.time()
        self._frist = self.loop.call_later(KOPF_FRIST, self._frist_abgelaufen)

    def _stoppe_frist(self) -> None:
        if self._frist is not None:
            self._frist.cancel()
            self._frist = None

    def _frist_abgelaufen(self) -> None:
        self._frist = None
        if self.wartet_seit is not None:
            self.trenne()

    def trenne(self) -> None:
        """Die Verbindung schließen (sie wartet auf einen Kopf: keine Antwort ist unterwegs)."""
        self.wartet_seit = None
        self._stoppe_frist()
        self.connections.discard(self)  # zählt ab sofort nicht mehr zur Grenze
        if not self.transport.is_closing():
            self.transport.close()

    def _verdraenge(self) -> None:
        """Grenze überschritten: die älteste auf einen Kopf wartende Verbindung schließen.

        Nie eine, die eine Anfrage bearbeitet oder einen Ereignisstrom hält; gibt es keine
        wartende außer dieser neuen, wird die neue geschlossen.
        """
        aelteste: _Verbindung = self
        for andere in self.connections:
            if (
                isinstance(andere, _Verbindung)
                and andere.wartet_seit is not None
                and aelteste.wartet_seit is not None
                and andere.wartet_seit < aelteste.wartet_seit
            ):
                aelteste = andere
        aelteste.trenne()


def _ist_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _nicht_gefunden() -> Response:
    return Response("Nicht gefunden.\n", 404, SICHERHEIT, "text/plain")


class LiveApp:
    """Die ASGI-Anwendung: der Lese-Link (vier Pfade, nur GET und HEAD) und, mit
    ``schreib_token``, der Schreib-Link (Eingabeseite und ``api/…``, ``referee.live.schreiben``)."""

    def __init__(
        self,
        beobachter: Beobachter,
        token: str,
        neu_laden: int,
        *,
        schreib_token: str | None = None,
        schreiber: Schreiber | None = None,
        origin: str | None = None,
        drossel: tuple[float, float] | None = None,
    ) -> None:
        self.beobachter = beobachter
        self.token = token.encode()
        self.pfad = f"/{token}"
        self.neu_laden = neu_laden
        self.zuseher = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._wache: asyncio.Task[None] | None = None
        # Schreiben (nur mit --schreiben): ein eigenes Token, ein Faden mit dem Buch
        self.schreib_token = schreib_token.encode() if schreib_token else None
        self.schreib_pfad = f"/{schreib_token}" if schreib_token else None
        self.schreiber = schreiber
        self.origin = origin  # ``http://host:port`` dieser Seite (None: aus dem Host-Kopf)
        self.drossel = Drossel(*(drossel or (schreiben.STOSS, schreiben.RATE)))

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self._lebenszeit(receive, send)
        elif scope["type"] == "http":
            antwort = await self._antwort(Request(scope, receive))
            if isinstance(antwort, StreamingResponse):
                await self._strom(antwort, scope, receive, send)
            else:
                await antwort(scope, receive, send)

    async def _antwort(self, request: Request) -> Response:
        """Welcher Link, welcher Pfad → die Antwort (``TurnierApp`` hat eigene Links)."""
        art, was = self._zugang(request)
        if art == "schreiben" and was.startswith("api/"):
            return await self._api(request, was[4:])
        if art == "schreiben":
            return self._schreibseite(request, was)
        if art == "lesen":
            return self._leseseite(request, was)
        return _nicht_gefunden()

    async def _strom(self, strom: StreamingResponse, scope: dict, receive: Any, send: Any) -> None:
        """Ein Ereignisstrom zählt als Zuseher, solange er läuft; ist die Grenze voll: 503.

        Prüfen und Zählen ohne ``await`` dazwischen: gleichzeitige Anfragen können die Grenze
        nicht gemeinsam überschreiten, und ``finally`` zählt jeden Strom genau einmal ab.
        """
        if self.zuseher >= HOECHSTENS_ZUSEHER:
            voll = Response("Zu viele Zuseher.\n", 503, SICHERHEIT, "text/plain")
            await voll(scope, receive, send)
            return
        self.zuseher += 1
        try:
            await strom(scope, receive, send)
        finally:
            self.zuseher -= 1

    async def _lebenszeit(self, receive: Any, send: Any) -> None:
        while True:
            nachricht = await receive()
            if nachricht["type"] == "lifespan.startup":
                self.loop = asyncio.get_running_loop()
                self.beobachter.pruefe()
                self._wache = asyncio.create_task(self.beobachter.laufe())
                await send({"type": "lifespan.startup.complete"})
            elif nachricht["type"] == "lifespan.shutdown":
                self.beobachter.beende()
                if self._wache is not None:
                    self._wache.cancel()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _zugang(self, request: Request) -> tuple[str | None, str]:
        """Welcher Link: ``"lesen"``, ``"schreiben"`` oder ``None`` (404) – beide Tokens in
        konstanter Zeit verglichen, immer beide; dazu der Rest des Pfads."""
        _, _, rest = request.scope["path"].partition("/")
        token, _, was = rest.partition("/")
        roh = token.encode("utf-8", "surrogatepass")
        lesen = secrets.compare_digest(roh, self.token)
        schreiben_ = self.schreib_token is not None and secrets.compare_digest(
            roh, self.schreib_token
        )
        return ("lesen" if lesen else "schreiben" if schreiben_ else None), was

    def antwort(self, request: Request) -> Response:
        """Eine Anfrage an den Lese-Link (Token, dann Methode, dann Pfad); ohne passendes
        Token 404."""
        art, was = self._zugang(request)
        return self._leseseite(request, was) if art == "lesen" else _nicht_gefunden()

    def _leseseite(self, request: Request, was: str) -> Response:
        """Der Lese-Link: nur GET und HEAD, vier Pfade."""
        if request.method not in ("GET", "HEAD"):
            return Response("", 405, {**SICHERHEIT, "allow": "GET, HEAD"}, "text/plain")
        b = self.beobachter
        if was in ("", "index.html"):
            b.pruefe()  # eine Änderung seit dem letzten Takt gleich zeigen
            return Response(self._lese_html(), 200, SICHERHEIT, "text/html; charset=utf-8")
        if was == "app.js":
            return Response(seite.SKRIPT, 200, SICHERHEIT, "text/javascript; charset=utf-8")
        if was == "stand.json":
            b.pruefe()
            if b.stand_text is None:
                text = json.dumps(b.fehler, ensure_ascii=False, indent=2) + "\n"
                return Response(text, 503, SICHERHEIT, "application/json")
            return Response(b.stand_text, 200, SICHERHEIT, "application/json")
        if was == "ereignisse":
            return self._ereignisstrom(request, "stand")
        return _nicht_gefunden()

    def _lese_html(self) -> str:
        """Die Lese-Seite um den zuletzt gelesenen Teil (ein Turnier zeigt seine Rangliste)."""
        b = self.beobachter
        nr = b.stand.abend.id if b.stand is not None else None
        return seite.seite(b.teil, nr, self.pfad, b.zeit, self.neu_laden)

    def _ereignisstrom(self, request: Request, art: str) -> Response:
        kopf = {**SICHERHEIT, "x-accel-buffering": "no"}
        if request.method == "HEAD":
            return Response("", 200, kopf, "text/event-stream")
        return StreamingResponse(self._ereignisse(art), 200, kopf, "text/event-stream")

    async def _ereignisse(self, art: str = "stand") -> AsyncIterator[str]:
        """Sofort die aktuelle Fassung, dann jede neue; dazwischen Lebenszeichen. ``art``:
        ``stand`` (Lese-Seite) oder ``schreiben`` (Eingabeseite)."""
        b = self.beobachter
        yield "retry: 2000\n\n"
        gesendet = -1
        while not b.beendet:
            if b.nr != gesendet:
                gesendet = b.nr
                daten = b.sse_daten if art == "stand" else b.sse_schreiben
                yield f"id: {gesendet}\nevent: {art}\ndata: {daten}\n\n"
            else:
                yield ": lebt\n\n"
            await b.warte(gesendet, LEBENSZEICHEN)

    # ------------------------------------------------------------ der Schreib-Link

    def _schreibseite(self, request: Request, was: str) -> Response:
        """Die Eingabeseite, ihr Skript, ihr Ereignisstrom und ``stand.json`` (GET/HEAD)."""
        from referee.live import eingabeseite

        if request.method not in ("GET", "HEAD"):
            return Response("", 405, {**SICHERHEIT, "allow": "GET, HEAD"}, "text/plain")
        b = self.beobachter
        assert self.schreib_pfad is not None
        if was in ("", "index.html"):
            b.pruefe()
            nr = b.stand.abend.id if b.stand is not None else None
            teil = seite.inhalt(b.stand, None, eintraege=False)
            html = eingabeseite.seite(teil, nr, self.schreib_pfad, b.zeit)
            return Response(html, 200, SICHERHEIT, "text/html; charset=utf-8")
        if was == "eingabe.js":
            js = eingabeseite.skript()
            return Response(js, 200, SICHERHEIT, "text/javascript; charset=utf-8")
        if was == "ereignisse":
            return self._ereignisstrom(request, "schreiben")
        if was == "stand.json":
            return self._leseseite(request, was)
        return _nicht_gefunden()

    def _eigener_ursprung(self, request: Request) -> set[str]:
        """Die Origins dieser Seite: der Link selbst (bei 127.0.0.1 auch ``localhost``);
        lauscht der Server auf allen Adressen, der Host-Kopf der Anfrage."""
        if self.origin is None:
            return {"http://" + request.headers.get("host", "")}
        aus = {self.origin}
        if self.origin.startswith("http://127.0.0.1:"):
            aus.add("http://localhost:" + self.origin.rsplit(":", 1)[1])
        return aus

    async def _api(
        self,
        request: Request,
        was: str,
        *,
        felder: Mapping[str, Mapping[str, tuple[type, bool]]] = schreiben.FELDER,
        ort: Mapping[str, Any] | None = None,
    ) -> Response:
        """Eine Schreib-Anfrage: Methode, Pfad, Drossel, Herkunft, Inhaltstyp, Größe, Felder –
        erst dann das Buch (im Schreib-Faden). ``felder``: was die Anfragen enthalten dürfen;
        ``ort``: vom Link bestimmte Felder dazu (der Tisch eines Tisch-Links), nie vom Handy."""
        kopf = dict(SICHERHEIT)
        try:
            if request.method != "POST":
                return Response("", 405, {**kopf, "allow": "POST"}, "text/plain")
            if was not in felder or self.schreiber is None:
                return _nicht_gefunden()
            wer = request.client.host if request.client else ""
            if not self.drossel.erlaubt(wer):
                raise Anfragefehler(
                    429, "Zu viele Anfragen von diesem Gerät; kurz warten.", {"retry-after": "1"}
                )
            seite_ = request.headers.get("sec-fetch-site")
            origin = request.headers.get("origin")
            if (seite_ is not None and seite_ not in ("same-origin", "none")) or (
                origin is not None and origin not in self._eigener_ursprung(request)
            ):
                raise Anfragefehler(403, "Anfragen von fremden Seiten werden abgewiesen.")
            typ = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if typ != "application/json":
                raise Anfragefehler(415, "Nur Content-Type: application/json.")
            roh = await schreiben.lies_koerper(request)
            try:
                daten = json.loads(roh)
            except ValueError:  # auch UnicodeDecodeError und zu lange Zahlen
                raise Anfragefehler(400, "Die Anfrage ist kein gültiges JSON.") from None
            geprueft = {**schreiben.pruefe_felder(was, daten, felder), **(ort or {})}
            status, antwort = await self.schreiber.fuehre_aus(was, geprueft)
        except Anfragefehler as exc:
            art = "intern" if exc.status >= 500 else "eingabe"
            return schreiben.json_antwort(
                schreiben.fehler_json(art, exc.meldung), exc.status, {**kopf, **exc.kopf}
            )
        if status == 200 and was != "vorschau":
            self.beobachter.anstossen()  # die Handys sehen es gleich, nicht erst beim Takt
        return schreiben.json_antwort(antwort, status, kopf)


class LiveServer:
    """Ein laufender Live-Server (uvicorn in einem Daemon-Thread).

    ``url`` ist der Link mit Token; ``qr_text()`` der QR-Code dazu fürs Terminal;
    ``stoppe()`` beendet ihn sauber (offene Verbindungen enden).
    """

    #: Mit ``schreiben`` ein Schreib-Link für alle (ein Turnier hat stattdessen einen je Tisch).
    EIN_SCHREIBLINK = True

    def __init__(
        self,
        db: Path,
        abend_id: int | None = None,
        host: str | None = None,
        port: int = 0,
        *,
        neu_laden: int = seite.NEU_LADEN,
        takt: float = 0.25,
        schreiben: bool = False,
        drossel: tuple[float, float] | None = None,
    ) -> None:
        import uvicorn

        self.host = host or lokale_adresse()
        self.token = self._lese_token(Path(db))
        # ein zweites, eigenes Token für den Schreib-Link (128 Bit wie das Lese-Token)
        self.schreib_token = (
            secrets.token_urlsafe(16) if schreiben and self.EIN_SCHREIBLINK else None
        )
        sock = binde(self.host, port)
        self.port = sock.getsockname()[1]
        unbestimmt = ipaddress.ip_address(self.host).is_unspecified if _ist_ip(self.host) else False
        self.app = self._baue_app(
            Path(db),
            abend_id,
            neu_laden,
            takt=takt,
            schreiben=schreiben,
            origin=None if unbestimmt else self._basis,
            drossel=drossel,
        )
        self.beobachter = self.app.beobachter
        self.schreiber = self.app.schreiber
        # je Server eine eigene Unterklasse: die Grenze hängt an ``ulimit -n`` beim Start
        protokoll = type("Verbindung", (_Verbindung,), {"grenze": verbindungsgrenze()})
        config = uvicorn.Config(
            self.app,
            lifespan="on",
            http=protokoll,
            ws="none",
            loop="asyncio",
            log_config=None,
            log_level="critical",
            access_log=False,
            server_header=False,
            # kein limit_concurrency: uvicorn zählte dort auch leere Verbindungen mit, 250
            # davon sperrten jede Anfrage. Die Grenzen stehen in ``_Verbindung`` und ``_strom``.
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._faden = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, name="referee-live", daemon=True
        )
        self._sock = sock

    def _lese_token(self, db: Path) -> str:
        """Das Token des Lese-Links: zufällig je Lauf (128 Bit)."""
        return secrets.token_urlsafe(16)

    def _baue_app(
        self,
        db: Path,
        abend_id: int | None,
        neu_laden: int,
        *,
        takt: float,
        schreiben: bool,
        origin: str | None,
        drossel: tuple[float, float] | None,
    ) -> LiveApp:
        """Beobachter, Schreiber und Anwendung (``TurnierServer`` baut die eines Turniers)."""
        return LiveApp(
            Beobachter(db, abend_id, takt, schreiben=schreiben),
            self.token,
            neu_laden,
            schreib_token=self.schreib_token,
            schreiber=Schreiber(db) if schreiben else None,
            origin=origin,
            drossel=drossel,
        )

    @property
    def _basis(self) -> str:
        """``http://192.168.1.20:8723`` – auch der Origin der Seiten."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def url(self) -> str:
        """``http://192.168.1.20:8723/<token>/`` – der Lese-Link."""
        return f"{self._basis}/{self.token}/"

    @property
    def url_schreiben(self) -> str | None:
        """Der Schreib-Link (``None`` ohne ``schreiben``)."""
        return f"{self._basis}/{self.schreib_token}/" if self.schreib_token else None

    @property
    def laeuft(self) -> bool:
        return self._faden.is_alive()

    @property
    def nur_lokal(self) -> bool:
        """Nur von diesem Rechner aus erreichbar (Loopback)?"""
        return nur_lokal(self.host)

    def starte(self, frist: float = 10.0) -> Self:
        self._faden.start()
        ende = time.monotonic() + frist
        while not self._server.started:
            if not self._faden.is_alive() or time.monotonic() > ende:
                self._sock.close()
                raise Zustandsfehler("Der Live-Server ließ sich nicht starten.")
            time.sleep(0.01)
        return self

    def qr_text(self, kompakt: bool = True, url: str | None = None) -> str:
        """Der QR-Code des Links (oder ``url``) fürs Terminal (``referee.live.terminal.qr_text``)."""
        return qr_text(url or self.url, kompakt)

    def stoppe(self, frist: float = 5.0) -> None:
        """Alle Verbindungen beenden und den Server anhalten (wartet höchstens ``frist`` s)."""
        if not self._faden.is_alive():
            self._schreiber_schliessen()
            return
        loop = self.app.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # Schleife gerade geschlossen
                loop.call_soon_threadsafe(self.beobachter.beende)
        self._server.should_exit = True
        self._faden.join(frist)
        self._schreiber_schliessen()

    def _schreiber_schliessen(self) -> None:
        if self.schreiber is not None:
            self.schreiber.schliesse()
            self.schreiber = None
