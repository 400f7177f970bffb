"""Eintragen übers Netz: was die Schreib-Links eines Servers vor und um das Buch tun
(``referee live --schreiben``, ``referee turnier live --schreiben``).

Pfade (``W`` = Token eines Schreib-Links, nur ``POST``, nur ``Content-Type: application/json``)::

    /W/api/vorschau      {"zeile"[, "eintrag"]}               → was es ergäbe, nichts geschrieben
    /W/api/eintrag       {"zeile", "schluessel"[, "trotzdem"]} → der Eintrag und der Stand
    /W/api/rueckgaengig  {"eintrag", "schluessel"}             → der Storno und der Stand
    /W/api/korrektur     {"eintrag", "zeile", "schluessel"}    → die Korrektur und der Stand

Anfragen und Antworten stehen einmal in ``referee.live.vertrag``; was sie im Buch tun, sagt die
Quelle (``referee.live.abend``, ``referee.live.turnierquelle``). Die Zeile ist die von
``referee tisch`` (``r an be 71 l3``, gelesen mit dessen Parser, ``referee.live.formular``);
geschrieben wird wie auf der Kommandozeile: jede Änderung eine Transaktion, ein Fehler ändert
nichts.

Sicher gegen doppelte Buchungen: ``schluessel`` macht die Seite je Absendung; derselbe noch
einmal schreibt nichts und bekommt die erste Antwort (``"wiederholt": true``). Ein gleicher
Eintrag eines anderen Handys in den letzten Minuten ist 409 mit ``doppelt`` (``trotzdem``
trägt ihn bewusst ein). Rückgängig nimmt nur den Eintrag, den das Handy nennt, und nur, solange
er der jüngste ist; eine Korrektur nur, solange er gilt – sonst 409 mit dem jetzigen Stand.

Gegen fremde Seiten (``referee.live.app``): andere Methoden 405, anderer Inhaltstyp 415, ein
``Origin`` (oder ``Sec-Fetch-Site``), der nicht diese Seite ist, 403; mehr als
``GROESSTER_KOERPER`` Bytes 413; je Adresse höchstens ``STOSS`` Schreibvorgänge am Stück und
danach ``RATE`` je Sekunde, Vorschauen ``VORSCHAU_STOSS`` und ``VORSCHAU_RATE`` (429 mit
``Retry-After``, ``Drossel``); wer den Körper nicht binnen der Frist schickt, wird getrennt
(``referee.live.server``), das Buch sieht ihn nie. Fehler sind ``{"fehler": {"art", "meldung", "abschnitt"}}`` mit
der Meldung der Kommandozeile (``referee.fehlerbild``): 400 eine kaputte Anfrage, 422 eine
falsche Zeile, 409 ein anderer Stand als gedacht.

Das Buch ist blockierend (SQLite); es läuft in eigenen Fäden (``Schreiber``: einer schreibt
nacheinander, einer rechnet Vorschauen) – die Ereignisschleife wartet nie darauf.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Generic

from starlette.requests import Request
from starlette.responses import Response

from referee.fehlerbild import fehlerbild
from referee.live.quelle import B, D, Quelle, Schreiblink
from referee.live.vertrag import (
    Anfrage,
    Anfragefehler,
    Antwort,
    Eintragsanfrage,
    Rueckgaengiganfrage,
    Vorschauanfrage,
)

#: Größter Anfragekörper in Bytes (eine Zeile hat höchstens 500 Zeichen).
GROESSTER_KOERPER = 8 * 1024
#: Je Gerät (Adresse) so viele Schreibvorgänge (Eintrag, Korrektur, Rückgängig) am Stück …
STOSS = 20
#: … und danach einer alle drei Sekunden (20 je Minute). Gewählt für einen Daumen: ein Spiel
#: sind mindestens fünf Tipps (gut drei Sekunden); ein Turniertisch schreibt etwa eines je
#: Minute, ein Spielabend eines je halbe Minute, dazu mal ein paar Korrekturen schnell
#: hintereinander. Die 20 am Stück reichen für einen Ausgang, der nach einer Weile ohne WLAN
#: alles auf einmal schickt; ein Skript, das 49 Einträge in vier Sekunden schickt, nicht.
RATE = 1 / 3
#: Vorschauen schreiben nichts (eine je Tipp, der das Formular vollständig macht): 30 am Stück,
#: dann 4 je Sekunde – schneller tippt kein Daumen.
VORSCHAU_STOSS = 30
VORSCHAU_RATE = 4.0
#: So viele Anfragen dürfen auf den Schreib-Faden warten; jede weitere: 503.
HOECHSTENS_WARTEND = 64


class Drossel:
    """Je Adresse ein Eimer mit ``stoss`` Marken, der sich mit ``rate`` je Sekunde füllt.

    Läuft nur im Faden der Ereignisschleife (keine Sperre nötig); höchstens ``hoechstens``
    Adressen werden gemerkt, die am längsten stillen fallen zuerst heraus.
    """

    def __init__(self, stoss: float = STOSS, rate: float = RATE, hoechstens: int = 1024) -> None:
        self.stoss = stoss
        self.rate = rate
        self.hoechstens = hoechstens
        self._eimer: dict[str, tuple[float, float]] = {}

    def erlaubt(self, wer: str) -> bool:
        """Eine Marke für ``wer`` nehmen, wenn eine da ist."""
        return self.warte(wer) == 0

    def warte(self, wer: str) -> float:
        """0: eine Marke genommen, die Anfrage darf; sonst die Sekunden, bis wieder eine da ist."""
        jetzt = time.monotonic()
        vorrat, zuletzt = self._eimer.pop(wer, (self.stoss, jetzt))
        vorrat = min(self.stoss, vorrat + (jetzt - zuletzt) * self.rate)
        frei = vorrat >= 1
        if frei:
            vorrat -= 1
        self._eimer[wer] = (vorrat, jetzt)
        while len(self._eimer) > self.hoechstens:
            del self._eimer[next(iter(self._eimer))]
        return 0.0 if frei else (1 - vorrat) / self.rate


def json_antwort(daten: dict[str, Any], status: int, kopf: Mapping[str, str]) -> Response:
    """Eine JSON-Antwort (eine Zeile, UTF-8)."""
    text = json.dumps(daten, ensure_ascii=False)
    return Response(text, status, dict(kopf), "application/json; charset=utf-8")


async def lies_koerper(request: Request, grenze: int = GROESSTER_KOERPER) -> bytes:
    """Den Körper lesen, aber nie mehr als ``grenze`` Bytes (413). Trennt der Server die
    Verbindung, weil der Körper nicht binnen der Frist kam (``server._Verbindung``), oder
    geht der Client: 408 (die Antwort erreicht niemanden mehr, es wird nichts geschrieben)."""
    from starlette.requests import ClientDisconnect

    laenge = request.headers.get("content-length")
    if laenge is not None and (not laenge.isdigit() or int(laenge) > grenze):
        raise Anfragefehler(413, f"Die Anfrage ist zu groß (höchstens {grenze} Bytes).")
    koerper = bytearray()
    try:
        async for stueck in request.stream():
            koerper += stueck
            if len(koerper) > grenze:
                raise Anfragefehler(413, f"Die Anfrage ist zu groß (höchstens {grenze} Bytes).")
    except ClientDisconnect:
        raise Anfragefehler(408, "Die Anfrage kam nicht rechtzeitig ganz an.") from None
    return bytes(koerper)


# --------------------------------------------------------------------------- das Buch


class Schreiber(Generic[B, D]):
    """Das Buch der Schreib-Links in zwei eigenen Fäden, jeder mit seiner Verbindung
    (SQLite-Verbindungen gehören einem Faden): einer schreibt – die Schreibvorgänge
    nacheinander, wie SQLite ohnehin schreibt –, einer rechnet Vorschauen, damit eine Vorschau
    nie hinter Schreibvorgängen wartet (WAL: Lesen neben Schreiben). Was eine Anfrage im Buch
    tut, sagt die Quelle; hier wird daraus (Status, JSON)."""

    def __init__(self, quelle: Quelle[B, D]) -> None:
        self.quelle = quelle
        self._faeden = {
            "schreiben": ThreadPoolExecutor(1, thread_name_prefix="referee-schreiben"),
            "vorschau": ThreadPoolExecutor(1, thread_name_prefix="referee-vorschau"),
        }
        self._buecher: dict[str, B] = {}  # Faden → sein Buch (nur in diesem Faden benutzt)
        self.wartend = 0

    async def fuehre_aus(self, link: Schreiblink, anfrage: Anfrage) -> tuple[int, dict[str, Any]]:
        """``anfrage`` an ``link`` in ihrem Faden (wartet nicht in der Schleife)."""
        if self.wartend >= HOECHSTENS_WARTEND:
            raise Anfragefehler(503, "Zu viele Anfragen auf einmal; gleich noch einmal.")
        self.wartend += 1
        try:
            faden = "vorschau" if isinstance(anfrage, Vorschauanfrage) else "schreiben"
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._faeden[faden], self._rufe, link, anfrage)
        finally:
            self.wartend -= 1

    def schliesse(self) -> None:
        """Jede Verbindung in ihrem Faden schließen und die Fäden beenden."""
        for faden in self._faeden.values():
            faden.submit(self._trenne)
            faden.shutdown(wait=True)

    def _trenne(self) -> None:
        buch = self._buecher.pop(threading.current_thread().name, None)
        if buch is not None:
            buch.schliessen()

    def _b(self) -> B:
        """Das Buch dieses Fadens (beim ersten Gebrauch geöffnet)."""
        name = threading.current_thread().name
        if name not in self._buecher:
            self._buecher[name] = self.quelle.oeffne()
        return self._buecher[name]

    def _rufe(self, link: Schreiblink, anfrage: Anfrage) -> tuple[int, dict[str, Any]]:
        try:
            return 200, self._schritt(self._b(), link, anfrage).als_json()
        except Exception as exc:
            bild = fehlerbild(exc)
            daten = bild.als_json()
            if bild.http == 409:
                daten.update(self.quelle.konflikt(self._b(), link, exc).als_json())
            return bild.http, daten

    def _schritt(self, buch: B, link: Schreiblink, anfrage: Anfrage) -> Antwort:
        q = self.quelle
        if isinstance(anfrage, Vorschauanfrage):
            return q.vorschau(buch, link, anfrage)
        if isinstance(anfrage, Eintragsanfrage):
            return q.eintrag(buch, link, anfrage)
        if isinstance(anfrage, Rueckgaengiganfrage):
            return q.rueckgaengig(buch, link, anfrage)
        return q.korrektur(buch, link, anfrage)


__all__ = [
    "GROESSTER_KOERPER",
    "RATE",
    "STOSS",
    "VORSCHAU_RATE",
    "VORSCHAU_STOSS",
    "Drossel",
    "Schreiber",
    "json_antwort",
    "lies_koerper",
]
