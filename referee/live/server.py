"""Der Live-Server: die Anwendung (``referee.live.app``) unter uvicorn, in einem eigenen Thread.

``LiveServer`` bekommt eine Quelle – einen Abend (``referee.live.abend``) oder, als
``TurnierServer``, ein Turnier (``referee.live.turnierquelle``) – und baut daraus Beobachter,
Schreiber und Anwendung; Pfade, Sicherheit und Antworten sind für beide dieselben.

Leere und langsame Verbindungen sperren niemanden aus: wer nach dem Verbinden (oder nach einer
Antwort) binnen ``KOPF_FRIST`` Sekunden keinen vollständigen Anfragekopf schickt oder binnen
``ANFRAGE_FRIST`` Sekunden nicht die ganze Anfrage mit Körper, wird getrennt; ist
``HOECHSTENS_VERBINDUNGEN`` erreicht, verdrängt jede neue Verbindung die älteste, die noch auf
ihren Kopf oder Körper wartet.
Die Grenze ``HOECHSTENS_ZUSEHER`` gilt nur für laufende Ereignisströme (``LiveApp._strom``).

Wird nur von ``referee live``, ``referee turnier live`` und
``referee.live.starte_im_hintergrund`` geladen.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import socket
import threading
import time
from typing import Any, Generic, Self

from uvicorn.protocols.http.h11_impl import H11Protocol

from referee.errors import Eingabefehler, Zustandsfehler
from referee.live import seite
from referee.live.abend import Abendquelle
from referee.live.app import HOECHSTENS_ZUSEHER, SICHERHEIT, LiveApp
from referee.live.beobachter import Beobachter
from referee.live.quelle import B, D, Quelle
from referee.live.saisonquelle import Saisonquelle
from referee.live.schreiben import Schreiber
from referee.live.terminal import nur_lokal, qr_text
from referee.live.turnierquelle import Aufnahme, Turnierquelle
from referee.live.vertrag import fehler_json
from referee.pfade import Buchort

#: Höchstens so viele offene Verbindungen insgesamt (weniger, wenn ``ulimit -n`` nicht reicht).
#: Ist die Grenze erreicht, schließt jede neue die älteste, die noch auf ihren Anfragekopf wartet.
HOECHSTENS_VERBINDUNGEN = 1000
#: So viele Sekunden hat eine Verbindung für einen vollständigen Anfragekopf: nach dem Verbinden
#: und nach jeder Antwort. Wer bis dahin nichts oder nur einen Teil geschickt hat, wird getrennt.
KOPF_FRIST = 5.0
#: So viele Sekunden (ab demselben Zeitpunkt) für die ganze Anfrage, Kopf und Körper. Ein
#: Eintrag vom Handy ist kleiner als 1 KB; auch im schlechtesten WLAN ist er viel früher da.
ANFRAGE_FRIST = 10.0
#: So viele Dateideskriptoren bleiben neben den Verbindungen frei (Datenbank, Pipes, Logs).
RESERVE_DATEIEN = 64


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
                ip: str = s.getsockname()[0]
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
    """uvicorns HTTP/1.1-Protokoll mit einer Frist für die ganze Anfrage und einer Verbindungsgrenze.

    uvicorn selbst kennt nur ``timeout_keep_alive`` zwischen zwei Anfragen, und das endet schon
    mit dem ersten Byte; vor der ersten Anfrage und für den Körper gibt es keine Frist. Wer
    nichts, eine halbe Anfragezeile oder einen Kopf mit einem halben Körper schickt, bliebe
    also für immer verbunden. Hier läuft, solange eine Verbindung auf eine Anfrage wartet (nach
    dem Verbinden und nach jeder Antwort), eine Uhr: ``KOPF_FRIST`` Sekunden für den
    vollständigen Kopf, ``ANFRAGE_FRIST`` Sekunden (ab demselben Zeitpunkt) für Kopf und Körper
    zusammen. Anhalten kann sie nur eine vollständige Anfrage – den Kopf erkennt das Protokoll
    am neuen ``RequestResponseCycle`` von uvicorn, den Körper an dessen ``more_body``. Einzelne
    Bytes verlängern nichts. Wird der Körper nicht fertig, trennt die Uhr die Verbindung; die
    Anwendung, die auf ihn wartet, sieht das als Abbruch und schreibt nichts.

    ``grenze`` setzt ``LiveServer`` je Server (``verbindungsgrenze()``).
    """

    grenze = HOECHSTENS_VERBINDUNGEN

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._frist: asyncio.TimerHandle | None = None
        #: ``loop.time()``, seit dem auf eine Anfrage (Kopf oder Körper) gewartet wird;
        #: ``None``: keine fällig – eine läuft oder ein Ereignisstrom
        self.wartet_seit: float | None = None
        self._zyklus_davor: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._warte_auf_anfrage()
        if len(self.connections) > self.grenze:
            self._verdraenge()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.wartet_seit is None or self.cycle is self._zyklus_davor:
            return
        # der Kopf ist vollständig: eine neue Anfrage läuft – fehlt noch Körper?
        if self.cycle is not None and self.cycle.more_body and not self.cycle.response_complete:
            self._setze_frist(self.wartet_seit + ANFRAGE_FRIST)
        else:
            self.wartet_seit = None
            self._stoppe_frist()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # gleich weiter (Pipelining) oder geschlossen: dann wartet hier niemand auf eine Anfrage
        if not self.transport.is_closing() and (self.cycle is None or self.cycle.response_complete):
            self._warte_auf_anfrage()

    def connection_lost(self, exc: Exception | None) -> None:
        self.wartet_seit = None
        self._stoppe_frist()
        super().connection_lost(exc)

    def _warte_auf_anfrage(self) -> None:
        self._zyklus_davor = self.cycle
        self.wartet_seit = self.loop.time()
        self._setze_frist(self.wartet_seit + KOPF_FRIST)

    def _setze_frist(self, bis: float) -> None:
        self._stoppe_frist()
        self._frist = self.loop.call_at(bis, self._frist_abgelaufen)

    def _stoppe_frist(self) -> None:
        if self._frist is not None:
            self._frist.cancel()
            self._frist = None

    def _frist_abgelaufen(self) -> None:
        self._frist = None
        if self.wartet_seit is not None:
            self.trenne()

    def trenne(self) -> None:
        """Die Verbindung schließen. Sie wartet auf eine Anfrage: keine Antwort ist unterwegs
        (wartet die Anwendung noch auf den Körper, endet sie mit dem Abbruch)."""
        self.wartet_seit = None
        self._stoppe_frist()
        self.connections.discard(self)  # zählt ab sofort nicht mehr zur Grenze
        if not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Eine kaputte HTTP-Anfrage (h11 liest sie nicht, etwa ein Kopf ohne Doppelpunkt oder
        über 16 KB): 400 als JSON-Fehlerobjekt mit den Sicherheitsköpfen wie jeder andere
        Fehler, nie uvicorns nackter Text; dann zu."""
        import json

        import h11

        koerper = json.dumps(
            fehler_json("eingabe", "Die Anfrage ist kein gültiges HTTP."), ensure_ascii=False
        ).encode()
        kopf = [(k.encode(), v.encode()) for k, v in SICHERHEIT.items()]
        kopf += [(b"content-type", b"application/json; charset=utf-8"), (b"connection", b"close")]
        for ereignis in (
            h11.Response(status_code=400, headers=kopf, reason=b"Bad Request"),
            h11.Data(data=koerper),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(ereignis) or b"")
        self.transport.close()

    def _verdraenge(self) -> None:
        """Grenze überschritten: die älteste Verbindung schließen, die auf eine Anfrage wartet
        (auf ihren Kopf oder den Rest ihres Körpers).

        Nie eine, deren Anfrage bearbeitet wird oder die einen Ereignisstrom hält; gibt es keine
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


class LiveServer(Generic[B, D]):
    """Ein laufender Live-Server einer Quelle (uvicorn in einem Daemon-Thread).

    ``url`` ist der Lese-Link mit Token; ``qr_text()`` der QR-Code dazu fürs Terminal;
    ``stoppe()`` beendet ihn sauber (offene Verbindungen enden).
    """

    def __init__(
        self,
        quelle: Quelle[B, D],
        host: str | None = None,
        port: int = 0,
        *,
        neu_laden: int = seite.NEU_LADEN,
        takt: float = 0.25,
        schreiben: bool = False,
        drossel: tuple[float, float] | None = None,
    ) -> None:
        import uvicorn

        self.quelle = quelle
        self.host = host or lokale_adresse()
        # erst der Socket, dann das Token: das Token kann das Geheimnis des Buchs erst anlegen,
        # und ein Start, der am Port oder an der Adresse scheitert, schreibt nichts ins Buch
        sock = binde(self.host, port)
        try:
            self.token = quelle.lese_token()
        except BaseException:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        unbestimmt = ipaddress.ip_address(self.host).is_unspecified if _ist_ip(self.host) else False
        self.beobachter = Beobachter(quelle, takt)
        self.schreiber: Schreiber[B, D] | None = Schreiber(quelle) if schreiben else None
        self.app = LiveApp(
            quelle,
            self.beobachter,
            self.token,
            neu_laden,
            schreiber=self.schreiber,
            origin=None if unbestimmt else self._basis,
            drossel=drossel,
        )
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


class AbendServer(LiveServer[Any, Any]):
    """``referee live``: der Server eines Abends (``abend_id``, sonst der offene, sonst der
    letzte); mit ``schreiben`` dazu ein Schreib-Link für alle Handys."""

    def __init__(
        self,
        db: Buchort,
        abend_id: int | None = None,
        host: str | None = None,
        port: int = 0,
        *,
        schreiben: bool = False,
        **optionen: Any,
    ) -> None:
        self.abendquelle = Abendquelle(db, abend_id, schreiben=schreiben)
        super().__init__(self.abendquelle, host, port, schreiben=schreiben, **optionen)

    @property
    def schreib_token(self) -> str | None:
        """Das Token des Schreib-Links (``None`` ohne ``schreiben``)."""
        return self.abendquelle.schreib_token

    @property
    def url_schreiben(self) -> str | None:
        """Der Schreib-Link (``None`` ohne ``schreiben``)."""
        return f"{self._basis}/{self.schreib_token}/" if self.schreib_token else None

    @property
    def abend(self) -> int | None:
        """Der Abend, den die Seite zeigt (wie der Beobachter ihn zuletzt las)."""
        lesung = self.beobachter.lesung
        stand = lesung.daten if lesung is not None else None
        return stand.abend.id if stand is not None else None


class TurnierServer(LiveServer[Any, Any]):
    """``referee turnier live``: ``url`` (die Rangliste), ``tischlinks()`` (mit ``schreiben``:
    je Tisch der laufenden Runde ein Link), ``stoppe()``."""

    url_schreiben = None  # einen Schreib-Link für alle gibt es im Turnier nicht

    def __init__(
        self,
        db: Buchort,
        turnier_id: int,
        host: str | None = None,
        port: int = 0,
        *,
        schreiben: bool = False,
        **optionen: Any,
    ) -> None:
        self.turnier_id = turnier_id
        quelle = Turnierquelle(db, turnier_id, schreiben=schreiben)
        super().__init__(quelle, host, port, schreiben=schreiben, **optionen)

    @property
    def aufnahme(self) -> Aufnahme:
        """Lage und Tisch-Links, wie der Beobachter sie zuletzt las – als ein Ganzes."""
        lesung = self.beobachter.lesung
        return lesung.daten if lesung is not None else Aufnahme()

    @property
    def runde(self) -> int:
        """Die zuletzt ausgeloste Runde (0: noch keine), wie der Beobachter sie zuletzt las."""
        return self.aufnahme.runde

    def runde_und_links(self) -> tuple[int, list[tuple[int, str]]]:
        """Die laufende Runde und (Tisch, Link) je Tisch von ihr – aus einer Aufnahme des
        Beobachters, also nie eine neue Runde mit erst einem Teil ihrer Links."""
        aufnahme = self.aufnahme
        return aufnahme.runde, self._urls(aufnahme.tischlinks(aufnahme.runde))

    def tischlinks(self, runde: int | None = None) -> list[tuple[int, str]]:
        """(Tisch, Link) je Tisch von ``runde`` (ohne: der laufenden), nach Tischnummer;
        leer ohne ``schreiben`` oder solange die Runde nicht ausgelost ist."""
        if runde is None:
            return self.runde_und_links()[1]
        return self._urls(self.aufnahme.tischlinks(runde))

    def _urls(self, tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
        return [(tisch, f"{self._basis}/{token}/") for tisch, token in tokens]


class SaisonServer(LiveServer[Any, Any]):
    """``referee saison live``: ``url`` (die Rangliste der Saison), nur lesen."""

    url_schreiben = None

    def __init__(
        self,
        db: Buchort,
        saison_id: int | None,
        host: str | None = None,
        port: int = 0,
        **optionen: Any,
    ) -> None:
        self.saison_id = saison_id
        super().__init__(Saisonquelle(db, saison_id), host, port, **optionen)


__all__ = [
    "ANFRAGE_FRIST",
    "HOECHSTENS_VERBINDUNGEN",
    "HOECHSTENS_ZUSEHER",
    "KOPF_FRIST",
    "AbendServer",
    "LiveServer",
    "SaisonServer",
    "TurnierServer",
    "binde",
    "lokale_adresse",
]
