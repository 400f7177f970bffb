"""Eintragen übers Netz: die JSON-API unter dem Schreib-Link (``referee live --schreiben``).

Pfade (``W`` = Schreib-Token, nur ``POST``, nur ``Content-Type: application/json``)::

    /W/api/vorschau      {"zeile"[, "eintrag"]}               → was es ergäbe, nichts geschrieben
    /W/api/eintrag       {"zeile", "schluessel"[, "trotzdem"]} → der Eintrag und der Stand
    /W/api/rueckgaengig  {"eintrag", "schluessel"}             → der Storno und der Stand
    /W/api/korrektur     {"eintrag", "zeile", "schluessel"}    → die Korrektur und der Stand

Die Zeile ist die von ``referee tisch`` (``r an be 71 l3``); gelesen wird sie mit dessen Parser
(``referee.live.formular.lies_zeile``), geschrieben wird über das Buch (``referee.buch.Buch``)
wie auf der Kommandozeile: jede Änderung eine Transaktion, ein Fehler ändert nichts.

Sicher gegen doppelte Buchungen: ``schluessel`` macht die Seite je Absendung; derselbe noch
einmal schreibt nichts und bekommt die erste Antwort (``"wiederholt": true``). Ein gleicher
Eintrag eines anderen Handys in den letzten Minuten ist 409 mit ``doppelt`` (``trotzdem``
trägt ihn bewusst ein). Rückgängig nimmt nur den Eintrag, den das Handy nennt, und nur, solange
er der jüngste ist; eine Korrektur nur, solange er gilt – sonst 409 mit dem jetzigen Stand.

Gegen fremde Seiten: andere Methoden 405, anderer Inhaltstyp 415, ein ``Origin`` (oder
``Sec-Fetch-Site``), der nicht diese Seite ist, 403; mehr als ``GROESSTER_KOERPER`` Bytes 413;
je Adresse höchstens ``STOSS`` Anfragen am Stück und ``RATE`` je Sekunde (429). Fehler sind
``{"fehler": {"art", "meldung", "abschnitt"}}`` mit der Meldung der Kommandozeile
(``referee.fehlerbild``): 400 eine kaputte Anfrage, 422 eine falsche Zeile, 409 ein anderer
Stand als gedacht.

Das Buch ist blockierend (SQLite); es läuft in eigenen Fäden (``Schreiber``: einer schreibt
nacheinander, einer rechnet Vorschauen) – die Ereignisschleife wartet nie darauf.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from referee.errors import RefereeFehler
from referee.fehlerbild import fehlerbild

#: Größter Anfragekörper in Bytes (eine Zeile hat höchstens 500 Zeichen).
GROESSTER_KOERPER = 8 * 1024
#: Je Adresse so viele Anfragen am Stück …
STOSS = 30
#: … und danach so viele je Sekunde (eine Vorschau je Tipp, ein Eintrag je Spiel).
RATE = 5.0
#: So viele Anfragen dürfen auf den Schreib-Faden warten; jede weitere: 503.
HOECHSTENS_WARTEND = 64

#: Die Felder jeder Anfrage: Name → (Typ, Pflicht).
FELDER: dict[str, dict[str, tuple[type, bool]]] = {
    "vorschau": {"zeile": (str, True), "eintrag": (int, False)},
    "eintrag": {"zeile": (str, True), "schluessel": (str, True), "trotzdem": (bool, False)},
    "rueckgaengig": {"eintrag": (int, True), "schluessel": (str, True)},
    "korrektur": {"eintrag": (int, True), "zeile": (str, True), "schluessel": (str, True)},
}
_TYPNAME = {str: "Text", int: "ganze Zahl", bool: "true oder false"}
_GROESSTE_ID = 2**53


class Anfragefehler(Exception):
    """Eine Anfrage, die gar nicht erst ans Buch geht (400, 403, 413, 415, 429 …)."""

    def __init__(self, status: int, meldung: str, kopf: Mapping[str, str] | None = None) -> None:
        super().__init__(meldung)
        self.status = status
        self.meldung = meldung
        self.kopf = dict(kopf or {})


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
        jetzt = time.monotonic()
        vorrat, zuletzt = self._eimer.pop(wer, (self.stoss, jetzt))
        vorrat = min(self.stoss, vorrat + (jetzt - zuletzt) * self.rate)
        frei = vorrat >= 1
        if frei:
            vorrat -= 1
        self._eimer[wer] = (vorrat, jetzt)
        while len(self._eimer) > self.hoechstens:
            del self._eimer[next(iter(self._eimer))]
        return frei


def json_antwort(daten: Any, status: int, kopf: Mapping[str, str]) -> Response:
    text = json.dumps(daten, ensure_ascii=False)
    return Response(text, status, dict(kopf), "application/json; charset=utf-8")


def fehler_json(art: str, meldung: str) -> dict[str, Any]:
    return {"fehler": {"art": art, "meldung": meldung, "abschnitt": None}}


# --------------------------------------------------------------------------- Anfrage prüfen


def pruefe_felder(
    was: str, daten: Any, alle: Mapping[str, Mapping[str, tuple[type, bool]]] = FELDER
) -> dict[str, Any]:
    """Ein JSON-Objekt mit genau den Feldern von ``was`` (aus ``alle``: ``FELDER`` oder die
    eines Turniertisches), jedes mit seinem Typ (400 sonst).

    Texte verlieren Steuerzeichen und Leerraum am Rand; Zahlen sind ganze Zahlen ab 1.
    """
    if not isinstance(daten, dict):
        raise Anfragefehler(400, "Die Anfrage ist kein JSON-Objekt.")
    felder = alle[was]
    fremd = sorted(k for k in daten if k not in felder)
    if fremd:
        raise Anfragefehler(
            400,
            f"Unbekanntes Feld „{str(fremd[0])[:40]}“; {was} kennt: {', '.join(felder)}.",
        )
    aus: dict[str, Any] = {}
    for name, (typ, pflicht) in felder.items():
        if name not in daten:
            if pflicht:
                raise Anfragefehler(400, f"Es fehlt das Feld „{name}“.")
            continue
        wert = daten[name]
        if typ is int:
            ok = isinstance(wert, int) and not isinstance(wert, bool) and 1 <= wert <= _GROESSTE_ID
        else:
            ok = isinstance(wert, typ)
        if not ok:
            raise Anfragefehler(400, f"Das Feld „{name}“ muss {_TYPNAME[typ]} sein.")
        if typ is str:
            wert = "".join(c for c in wert if c.isprintable()).strip()
            if len(wert) > 500:
                raise Anfragefehler(
                    400, f"Das Feld „{name}“ ist zu lang ({len(wert)} Zeichen, höchstens 500)."
                )
        aus[name] = wert
    return aus


async def lies_koerper(request: Request, grenze: int = GROESSTER_KOERPER) -> bytes:
    """Den Körper lesen, aber nie mehr als ``grenze`` Bytes (413)."""
    laenge = request.headers.get("content-length")
    if laenge is not None and (not laenge.isdigit() or int(laenge) > grenze):
        raise Anfragefehler(413, f"Die Anfrage ist zu groß (höchstens {grenze} Bytes).")
    koerper = bytearray()
    async for stueck in request.stream():
        koerper += stueck
        if len(koerper) > grenze:
            raise Anfragefehler(413, f"Die Anfrage ist zu groß (höchstens {grenze} Bytes).")
    return bytes(koerper)


# --------------------------------------------------------------------------- das Buch


class Schreiber:
    """Das Buch der Schreib-API in zwei eigenen Fäden, jeder mit seiner Verbindung
    (SQLite-Verbindungen gehören einem Faden): einer schreibt – die Schreibvorgänge
    nacheinander, wie SQLite ohnehin schreibt –, einer rechnet Vorschauen, damit eine Vorschau
    nie hinter Schreibvorgängen wartet (WAL: Lesen neben Schreiben). Jede Methode hier läuft in
    einem dieser Fäden und gibt (Status, JSON)."""

    def __init__(self, db: Path) -> None:
        self.db = Path(db)
        self._faeden = {
            "schreiben": ThreadPoolExecutor(1, thread_name_prefix="referee-schreiben"),
            "vorschau": ThreadPoolExecutor(1, thread_name_prefix="referee-vorschau"),
        }
        self._buecher: dict[str, Any] = {}  # Faden → sein Buch (nur in diesem Faden benutzt)
        self.wartend = 0

    async def fuehre_aus(self, was: str, felder: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """``was`` mit den geprüften ``felder`` in seinem Faden (wartet nicht in der Schleife)."""
        if self.wartend >= HOECHSTENS_WARTEND:
            raise Anfragefehler(503, "Zu viele Anfragen auf einmal; gleich noch einmal.")
        self.wartend += 1
        try:
            faden = "vorschau" if was == "vorschau" else "schreiben"
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._faeden[faden], self._rufe, was, felder)
        finally:
            self.wartend -= 1

    def schliesse(self) -> None:
        """Jede Verbindung in ihrem Faden schließen und die Fäden beenden."""
        for faden in self._faeden.values():
            faden.submit(self._trenne)
            faden.shutdown(wait=True)

    def _trenne(self) -> None:
        import threading

        buch = self._buecher.pop(threading.current_thread().name, None)
        if buch is not None:
            buch.schliessen()

    def _b(self) -> Any:
        """Das Buch dieses Fadens (beim ersten Gebrauch geöffnet)."""
        import threading

        name = threading.current_thread().name
        if name not in self._buecher:
            self._buecher[name] = self._oeffne()
        return self._buecher[name]

    def _oeffne(self) -> Any:
        """Ein Buch für einen Faden (hier das der Abende; ein Turnier nimmt seines)."""
        from referee.buch import Buch

        return Buch(self.db)

    def _schritte(self) -> dict[str, Callable[..., dict[str, Any]]]:
        """Die vier Anfragen → ihre Methode (ein Turniertisch hat eigene)."""
        return {
            "vorschau": self._vorschau,
            "eintrag": self._eintrag,
            "rueckgaengig": self._rueckgaengig,
            "korrektur": self._korrektur,
        }

    def _rufe(self, was: str, felder: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            return 200, self._schritte()[was](**felder)
        except Exception as exc:
            bild = fehlerbild(exc)
            daten = bild.als_json()
            if bild.http == 409:
                daten.update(self._lage(exc, felder))
            return bild.http, daten

    # ------------------------------------------------------------ die vier Anfragen

    def _spiel(self, zeile: str) -> Any:
        from referee.live.formular import lies_zeile

        return lies_zeile(zeile, self._b().lage().spieler)

    def _vorschau(self, zeile: str, eintrag: int | None = None) -> dict[str, Any]:
        from referee.live.eingabeseite import vorschau_anzeige

        v = self._b().vorschau(self._spiel(zeile), korrektur_von=eintrag)
        j = v.als_json()
        erg = v.ergebnis
        j["text"] = erg.zeile() if erg.spiel == "schafkopf" else erg.zeile_mit_wert()
        j["anzeige"] = vorschau_anzeige(j["werte"])
        return {"vorschau": j}

    def _eintrag(self, zeile: str, schluessel: str, trotzdem: bool = False) -> dict[str, Any]:
        frueher = self._b().wiederholung(schluessel)  # Antwort verloren: auch nach Abendende
        if frueher is not None:
            return self._eingetragen(frueher)
        r = self._b().eintragen(
            self._spiel(zeile),
            eingabe={"handy": zeile},
            schluessel=schluessel,
            doppelt_ok=trotzdem,
        )
        return self._eingetragen(r)

    def _korrektur(self, eintrag: int, zeile: str, schluessel: str) -> dict[str, Any]:
        frueher = self._b().wiederholung(schluessel)
        if frueher is not None:
            return self._eingetragen(frueher)
        r = self._b().korrigieren(
            eintrag, self._spiel(zeile), eingabe={"handy": zeile}, schluessel=schluessel
        )
        return self._eingetragen(r)

    def _rueckgaengig(self, eintrag: int, schluessel: str) -> dict[str, Any]:
        r = self._b().rueckgaengig(eintrag, nur_letzten=True, schluessel=schluessel)
        text = f"Eintrag #{r.storniert.id} storniert"
        if r.wieder is not None:
            text += f"; es gilt wieder #{r.wieder.id}"
        return {
            "storno": r.storno.id,
            "storniert": r.storniert.id,
            "wieder": None if r.wieder is None else r.wieder.id,
            "text": text + ".",
            "wiederholt": r.wiederholt,
            "stand": r.stand.als_json(),
        }

    @staticmethod
    def _eingetragen(r: Any) -> dict[str, Any]:
        from referee.buch import ansicht

        return {
            "eintrag": r.eintrag.id,
            "spiel": r.eintrag.spiel,
            "text": ansicht.zeile(r.eintrag),
            "erklaerung": ansicht.erklaerung(r.eintrag, r.abend.tarif),
            "ersetzt": None if r.ersetzt is None else r.ersetzt.id,
            "wiederholt": r.wiederholt,
            "stand": r.stand.als_json(),
        }

    def _lage(self, exc: BaseException, felder: Mapping[str, Any]) -> dict[str, Any]:
        """Zu einem 409 der jetzige Stand (wie ``stand --json``), der jüngste geltende Eintrag
        und – bei einem gleichen Eintrag eines anderen Handys – dieser Eintrag."""
        from referee.bericht.formate import uhrzeit
        from referee.buch import DoppelterEintrag, ansicht

        aus: dict[str, Any] = {"stand": None, "letzter": None}
        buch = self._b()
        try:
            verlauf = buch.verlauf()
            aus["stand"] = buch.stand(verlauf.abend.id).als_json()
            aus["letzter"] = max((e.id for e in verlauf.eintraege), default=None)
        except RefereeFehler:
            pass
        if isinstance(exc, DoppelterEintrag):
            e = exc.eintrag
            aus["doppelt"] = {"id": e.id, "zeit": uhrzeit(e.zeit), "text": ansicht.zeile(e)}
        return aus


__all__ = [
    "FELDER",
    "GROESSTER_KOERPER",
    "RATE",
    "STOSS",
    "Anfragefehler",
    "Drossel",
    "Schreiber",
    "lies_koerper",
    "pruefe_felder",
]
