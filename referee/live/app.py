"""Die ASGI-Anwendung der Live-Seiten: eine Tabelle der Pfade, eine Anwendung für jede Quelle
(ein Abend, ``referee.live.abend``; ein Turnier, ``referee.live.turnierquelle``).

Nur mit Schlüssel: Jeder Pfad beginnt mit einem Token – dem des Lese-Links oder dem eines
Schreib-Links der Quelle –, das in konstanter Zeit verglichen wird, immer gegen alle
(``secrets.compare_digest``, kein früher Abbruch); ohne passendes Token gibt es 404 ohne
Einzelheiten. Jede Antwort trägt eine strenge Content-Security-Policy, ``nosniff`` und
``no-referrer``. Pfade (``L`` = Lese-Token, ``W`` = Token eines Schreib-Links)::

    /L/               die Lese-Seite (ohne JavaScript: lädt regelmäßig neu)     GET, HEAD
    /L/app.js         das Skript, das sie über Server-Sent Events aktuell hält
    /L/ereignisse     text/event-stream: bei jeder Änderung der neue Teil der Seite
    /L/stand.json     was ``referee stand --json`` (``referee turnier stand --json``) druckt
    /W/               die Eingabeseite                                         GET, HEAD
    /W/eingabe.js     ihr Skript (mit der Grammatik der Zeile als Daten)
    /W/ereignisse     ihr Ereignisstrom (nur wenn sich für diesen Link etwas ändert)
    /W/stand.json     wie beim Lese-Link
    /W/api/…          vorschau, eintrag, rueckgaengig, korrektur                POST

Eine Schreib-Anfrage geht erst ans Buch (im Faden des Schreibers), wenn Methode, Pfad, Drossel
(429), Herkunft (403), Inhaltstyp (415), Größe (413), JSON und Felder (400) stimmen; jeder
Fehler der API ist das JSON-Fehlerobjekt mit den Sicherheitsköpfen – auch ein unerwarteter
(500, ``intern``), nie der nackte Text von uvicorn. Ein Ereignisstrom zählt als Zuseher,
solange er läuft (höchstens ``HOECHSTENS_ZUSEHER``, sonst 503).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Generic

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from referee.live import eingabeseite, schreiben, seite, turnierseite
from referee.live.basis import csp
from referee.live.beobachter import Beobachter
from referee.live.quelle import B, D, Quelle, Schreiblink
from referee.live.schreiben import Drossel, Schreiber
from referee.live.vertrag import (
    ANFRAGEN,
    Anfragefehler,
    Vorschauanfrage,
    fehler_json,
    lies_anfrage,
)

#: So viele Ereignisströme dürfen gleichzeitig laufen (jeder weitere: 503); Seitenaufrufe und
#: Verbindungen ohne Anfrage zählen nicht mit.
HOECHSTENS_ZUSEHER = 200
#: Alle so viele Sekunden ein Kommentar im Ereignisstrom (hält Verbindungen durch WLAN-Router offen).
LEBENSZEICHEN = 15.0

#: Die Köpfe jeder Antwort; der Stil jeder Seite ist genau einer der drei eingebetteten Blöcke.
SICHERHEIT = {
    "content-security-policy": csp(seite.STIL, eingabeseite.STIL, turnierseite.STIL),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "no-store",
}
_HTML = "text/html; charset=utf-8"
_JS = "text/javascript; charset=utf-8"


def nicht_gefunden() -> Response:
    return Response("Nicht gefunden.\n", 404, SICHERHEIT, "text/plain")


@dataclass(frozen=True)
class Zugang:
    """Welcher Link eine Anfrage trägt: ``lesen`` oder ein Schreib-Link (``link``), dazu der
    Rest des Pfads und das Token (der Pfad der Seite ist ``/<token>``)."""

    token: str
    was: str
    lesen: bool = False
    link: Schreiblink | None = None


Seite = Callable[[Request, Zugang], Response]

#: Die Pfade unter einem Link (nur GET und HEAD) → die Methode der Anwendung, die antwortet.
#: Was nicht hier steht, ist 404; ``api/…`` eines Schreib-Links steht in ``vertrag.ANFRAGEN``.
PFADE: dict[tuple[str, str], str] = {
    ("lesen", ""): "_leseseite",
    ("lesen", "index.html"): "_leseseite",
    ("lesen", "app.js"): "_leseskript",
    ("lesen", "stand.json"): "_stand_json",
    ("lesen", "ereignisse"): "_lesestrom",
    ("schreiben", ""): "_schreibseite",
    ("schreiben", "index.html"): "_schreibseite",
    ("schreiben", "eingabe.js"): "_eingabeskript",
    ("schreiben", "stand.json"): "_stand_json",
    ("schreiben", "ereignisse"): "_schreibstrom",
}


class LiveApp(Generic[B, D]):
    """Die Anwendung: Lese-Link und Schreib-Links einer Quelle, beobachtet vom ``beobachter``;
    ``schreiber`` (nur mit ``--schreiben``) führt die Anfragen der Schreib-Links aus."""

    def __init__(
        self,
        quelle: Quelle[B, D],
        beobachter: Beobachter[B, D],
        token: str,
        neu_laden: int,
        *,
        schreiber: Schreiber[B, D] | None = None,
        origin: str | None = None,
        drossel: tuple[float, float] | None = None,
    ) -> None:
        """``drossel``: (Stoß, Rate) für Schreibvorgänge und Vorschauen (Tests); ohne: die
        Werte aus ``referee.live.schreiben``."""
        self.quelle = quelle
        self.beobachter = beobachter
        self.token = token.encode()
        self.neu_laden = neu_laden
        self.zuseher = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._wache: asyncio.Task[None] | None = None
        self.schreiber = schreiber
        self.origin = origin  # ``http://host:port`` dieser Seite (None: aus dem Host-Kopf)
        self.drosseln = {
            "schreiben": Drossel(*(drossel or (schreiben.STOSS, schreiben.RATE))),
            "vorschau": Drossel(*(drossel or (schreiben.VORSCHAU_STOSS, schreiben.VORSCHAU_RATE))),
        }

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self._lebenszeit(receive, send)
        elif scope["type"] == "http":
            request = Request(scope, receive)
            try:
                antwort = await self._antwort(request)
            except Exception:
                # ein Fehler im Programm: gemeldet wie jeder andere, mit den Sicherheitsköpfen
                logging.getLogger("referee.live").exception("Fehler bei %s", scope.get("path"))
                antwort = schreiben.json_antwort(
                    fehler_json("intern", "Interner Fehler; die Anfrage hat nichts geändert."),
                    500,
                    SICHERHEIT,
                )
            if isinstance(antwort, StreamingResponse):
                await self._strom(antwort, scope, receive, send)
            else:
                await antwort(scope, receive, send)

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

    # ------------------------------------------------------------ Link und Pfad

    def _zugang(self, request: Request) -> Zugang | None:
        """Welcher Link (``None``: keiner, 404) – das Lese-Token und jedes Token eines
        Schreib-Links in konstanter Zeit verglichen, immer alle."""
        _, _, rest = request.scope["path"].partition("/")
        token, _, was = rest.partition("/")
        roh = token.encode("utf-8", "surrogatepass")
        lesen = secrets.compare_digest(roh, self.token)
        gefunden = None
        if self.schreiber is not None and self.beobachter.lesung is not None:
            for link, t in self.quelle.schreiblinks(self.beobachter.lesung):
                if secrets.compare_digest(roh, t.encode()):
                    gefunden = link
        if lesen:
            return Zugang(token, was, lesen=True)
        return Zugang(token, was, link=gefunden) if gefunden is not None else None

    async def _antwort(self, request: Request) -> Response:
        """Link, dann Methode, dann Pfad → die Antwort."""
        z = self._zugang(request)
        if z is None:
            return nicht_gefunden()
        if z.link is not None and z.was.startswith("api/"):
            return await self._api(request, z.link, z.was[4:])
        if request.method not in ("GET", "HEAD"):
            return Response("", 405, {**SICHERHEIT, "allow": "GET, HEAD"}, "text/plain")
        name = PFADE.get(("lesen" if z.lesen else "schreiben", z.was))
        if name is None:
            return nicht_gefunden()
        seite_: Seite = getattr(self, name)
        return seite_(request, z)

    # ------------------------------------------------------------ die Seiten

    def _leseseite(self, request: Request, z: Zugang) -> Response:
        b = self.beobachter
        b.pruefe()  # eine Änderung seit dem letzten Takt gleich zeigen
        assert b.lesung is not None
        html = self.quelle.leseseite(b.lesung, f"/{z.token}", b.zeit, self.neu_laden)
        return Response(html, 200, SICHERHEIT, _HTML)

    def _leseskript(self, request: Request, z: Zugang) -> Response:
        return Response(seite.SKRIPT, 200, SICHERHEIT, _JS)

    def _stand_json(self, request: Request, z: Zugang) -> Response:
        b = self.beobachter
        b.pruefe()
        lesung = b.lesung
        if lesung is None or lesung.stand_text is None:
            fehler = lesung.fehler if lesung is not None else None
            text = json.dumps(fehler, ensure_ascii=False, indent=2) + "\n"
            return Response(text, 503, SICHERHEIT, "application/json")
        return Response(lesung.stand_text, 200, SICHERHEIT, "application/json")

    def _lesestrom(self, request: Request, z: Zugang) -> Response:
        b = self.beobachter
        return self._ereignisstrom(request, "stand", lambda: (b.nr, b.sse_daten))

    def _schreibseite(self, request: Request, z: Zugang) -> Response:
        assert z.link is not None
        b = self.beobachter
        b.pruefe()
        a = b.schreibansicht(z.link)
        html = eingabeseite.seite(a.html, f"/{z.token}", b.zeit, a.titel, a.wer)
        return Response(html, 200, SICHERHEIT, _HTML)

    def _eingabeskript(self, request: Request, z: Zugang) -> Response:
        return Response(eingabeseite.skript(), 200, SICHERHEIT, _JS)

    def _schreibstrom(self, request: Request, z: Zugang) -> Response:
        link = z.link
        assert link is not None

        def ansicht() -> tuple[object, str]:
            a = self.beobachter.schreibansicht(link)
            return a.schluessel, a.ereignis

        return self._ereignisstrom(request, "schreiben", ansicht)

    # ------------------------------------------------------------ Ereignisströme

    def _ereignisstrom(
        self, request: Request, art: str, ansicht: Callable[[], tuple[object, str]]
    ) -> Response:
        kopf = {**SICHERHEIT, "x-accel-buffering": "no"}
        if request.method == "HEAD":
            return Response("", 200, kopf, "text/event-stream")
        return StreamingResponse(self._ereignisse(art, ansicht), 200, kopf, "text/event-stream")

    async def _ereignisse(
        self, art: str, ansicht: Callable[[], tuple[object, str]]
    ) -> AsyncIterator[str]:
        """Sofort die jetzige Fassung, dann jede neue – aber nur, wenn sich für diesen Strom
        etwas geändert hat (``ansicht``: Schlüssel und Ereignis; am Turniertisch schreiben die
        anderen Tische nebenher); dazwischen Lebenszeichen."""
        b = self.beobachter
        yield "retry: 2000\n\n"
        gesehen = -1
        gesendet: object = _NICHTS
        while not b.beendet:
            if b.nr != gesehen:
                gesehen = b.nr
                schluessel, daten = ansicht()
                if schluessel != gesendet:
                    gesendet = schluessel
                    yield f"id: {gesehen}\nevent: {art}\ndata: {daten}\n\n"
            else:
                yield ": lebt\n\n"
            await b.warte(gesehen, LEBENSZEICHEN)

    async def _strom(
        self, strom: StreamingResponse, scope: dict[str, Any], receive: Any, send: Any
    ) -> None:
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

    # ------------------------------------------------------------ die Schreib-API

    def _eigener_ursprung(self, request: Request) -> set[str]:
        """Die Origins dieser Seite: der Link selbst (bei 127.0.0.1 auch ``localhost``);
        lauscht der Server auf allen Adressen, der Host-Kopf der Anfrage."""
        if self.origin is None:
            return {"http://" + request.headers.get("host", "")}
        aus = {self.origin}
        if self.origin.startswith("http://127.0.0.1:"):
            aus.add("http://localhost:" + self.origin.rsplit(":", 1)[1])
        return aus

    async def _api(self, request: Request, link: Schreiblink, was: str) -> Response:
        """Eine Schreib-Anfrage: Methode, Pfad, Drossel, Herkunft, Inhaltstyp, Größe, Felder –
        erst dann das Buch (im Faden des Schreibers). Der Ort eines Tisch-Links kommt aus dem
        Token, nie aus der Anfrage."""
        kopf = dict(SICHERHEIT)
        try:
            if request.method != "POST":
                return Response("", 405, {**kopf, "allow": "POST"}, "text/plain")
            art = ANFRAGEN.get(was)
            if art is None or self.schreiber is None:
                return nicht_gefunden()
            wer = request.client.host if request.client else ""
            eimer = "vorschau" if art is Vorschauanfrage else "schreiben"
            warte = self.drosseln[eimer].warte(wer)
            if warte:
                raise Anfragefehler(
                    429,
                    _ZU_VIELE[eimer],
                    {"retry-after": str(max(1, math.ceil(warte)))},
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
            except RecursionError:
                raise Anfragefehler(400, "Die Anfrage ist zu tief verschachtelt.") from None
            anfrage = lies_anfrage(art, daten, self.quelle.ohne_felder)
            status, antwort = await self.schreiber.fuehre_aus(link, anfrage)
        except Anfragefehler as exc:
            fehlerart = "intern" if exc.status >= 500 else "eingabe"
            return schreiben.json_antwort(
                fehler_json(fehlerart, exc.meldung), exc.status, {**kopf, **exc.kopf}
            )
        if status == 200 and was != "vorschau":
            self.beobachter.anstossen()  # die Handys sehen es gleich, nicht erst beim Takt
        return schreiben.json_antwort(antwort, status, kopf)


_NICHTS = object()  # noch nichts gesendet (jeder Schlüssel ist anders)

#: Die Meldung bei 429 je Eimer der Drossel (die Zahlen aus ``referee.live.schreiben``).
_ZU_VIELE = {
    "schreiben": f"Zu viele Einträge von diesem Gerät in kurzer Zeit (höchstens {schreiben.STOSS} "
    f"am Stück, dann einer alle {round(1 / schreiben.RATE)} s); gleich geht es weiter.",
    "vorschau": "Zu viele Vorschauen von diesem Gerät in kurzer Zeit; gleich geht es weiter.",
}

__all__ = ["HOECHSTENS_ZUSEHER", "LEBENSZEICHEN", "PFADE", "SICHERHEIT", "LiveApp", "Zugang"]
