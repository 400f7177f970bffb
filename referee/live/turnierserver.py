"""``referee turnier live``: die Rangliste live für Handys und Beamer; mit ``--schreiben`` je
Tisch der laufenden Runde ein eigener Link, über den das Handy dieses Tisches seine Spiele
einträgt.

Dieselbe Maschine wie ``referee live`` (``referee.live.server``): uvicorn in einem Faden, ein
Beobachter über ``PRAGMA data_version``, Ereignisströme, Sicherheitsköpfe, Drossel,
Herkunftsprüfung, Schreib-Fäden mit Schlüssel. Anders ist nur, was gelesen und geschrieben
wird – das Turnierbuch (``referee.buch.turnier``) – und welche Links es gibt:

    /L/            die Rangliste (L = Lese-Token; Pfade wie beim Abend: app.js, ereignisse,
                   stand.json = ``referee turnier stand --json``)
    /T/            die Eingabeseite eines Tisches (T = Token dieses Tisches in dieser Runde)
    /T/api/…       vorschau, eintrag, rueckgaengig, korrektur – nur für diesen Tisch

Jeder Tisch jeder Runde bekommt sein eigenes zufälliges Token (128 Bit), sobald die Runde
ausgelost ist; verglichen wird in konstanter Zeit gegen jedes. Ein Tisch-Link kennt nur seinen
Tisch: der Tisch steht nie in der Anfrage, sondern kommt aus dem Token; ein Spiel eines
anderen Tisches (oder Turniers) lässt sich darüber weder korrigieren noch stornieren (422),
und ist die Runde vorbei (eine neue ausgelost) oder das Turnier beendet, schreibt er nichts
mehr (409 mit dem Grund).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from referee.errors import Eingabefehler, RefereeFehler
from referee.live import turnierdaten, turnierseite
from referee.live.beobachter import Beobachter
from referee.live.schreiben import FELDER, Schreiber
from referee.live.server import (
    LEBENSZEICHEN,
    SICHERHEIT,
    LiveApp,
    LiveServer,
    _nicht_gefunden,
)

#: Die Felder der Anfragen eines Tisch-Links: wie beim Abend, aber ohne „trotzdem“ (am Tisch
#: zählt die Nummer des Spiels) und mit ``spiel_nr`` – das wievielte Spiel des Tisches das Handy
#: einzutragen meint (ist inzwischen ein anderes dazugekommen: 409).
TISCH_FELDER: dict[str, dict[str, tuple[type, bool]]] = {
    "vorschau": FELDER["vorschau"],
    "eintrag": {"zeile": (str, True), "schluessel": (str, True), "spiel_nr": (int, False)},
    "rueckgaengig": FELDER["rueckgaengig"],
    "korrektur": FELDER["korrektur"],
}

Ort = tuple[int, int]  # (Runde, Tisch)

#: Sekunden zwischen zwei Lesevorgängen des Beobachters nach Schreibvorgängen vom Handy.
MINDESTABSTAND = 0.1


@dataclass(frozen=True)
class Aufnahme:
    """Was der Beobachter zuletzt las, als ein Ganzes: die Lage des Turniers und die
    Schreib-Links jedes Tisches jeder bis dahin ausgelosten Runde (mit ``schreiben``).

    Sie wird erst ganz gebaut und dann in einem Zug ausgetauscht: wer ``lage.runde == R``
    sieht, sieht in derselben Aufnahme auch die Links aller Tische von Runde R (vorher konnte
    ein Leser die neue Runde schon sehen, ihre Links aber erst zum Teil)."""

    lage: turnierdaten.Turnierlage | None = None
    links: Mapping[Ort, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def runde(self) -> int:
        """Die zuletzt ausgeloste Runde (0: noch keine)."""
        return self.lage.runde if self.lage is not None else 0

    def tischlinks(self, runde: int) -> list[tuple[int, str]]:
        """(Tisch, Token) je Tisch von ``runde``, nach Tischnummer."""
        return sorted((tisch, token) for (r, tisch), token in self.links.items() if r == runde)


class TurnierBeobachter(Beobachter):
    """Der Beobachter eines Turniers: liest bei jeder Änderung Rangliste und Tische neu
    (``turnierdaten.turnierlage``) und hält je Tisch der laufenden Runde ein Token; die Daten
    einer Eingabeseite rechnet er erst, wenn ein Handy sie braucht, und nur neu, wenn sich an
    diesem Tisch etwas geändert hat."""

    def __init__(
        self, db: Path, turnier_id: int, takt: float = 0.25, *, schreiben: bool = False
    ) -> None:
        super().__init__(db, None, takt, schreiben=schreiben)
        # Rangliste und Tische neu zu lesen kostet bei 200 Spielern um 10 ms: schreiben viele
        # Tische zugleich, höchstens zehnmal je Sekunde (jede Änderung ist dann ≤ 0,1 s später da)
        self.mindestabstand = MINDESTABSTAND
        self.turnier_id = turnier_id
        #: Lage und Tisch-Links, zusammen gelesen und zusammen ausgetauscht (``Aufnahme``)
        self.aufnahme = Aufnahme()
        self._tische: dict[Ort, tuple[object, str, str]] = {}

    @property
    def lage(self) -> turnierdaten.Turnierlage | None:
        return self.aufnahme.lage

    @property
    def links(self) -> Mapping[Ort, str]:
        """(Runde, Tisch) → Token des Tisch-Links (nur mit ``schreiben``)."""
        return self.aufnahme.links

    def _oeffne(self) -> Any:
        from referee.buch.turnier import Turnierbuch

        return Turnierbuch(self.db)

    def _lies(self) -> bool:
        try:
            lage = turnierdaten.turnierlage(self._buch, self.turnier_id) if self._buch else None
        except RefereeFehler as exc:
            lage, self.fehler = None, exc.als_json()
        except sqlite3.Error:  # z. B. mitten in einer Umstellung des Schemas: gleich nochmal
            self._version = None
            return False
        else:
            self.fehler = None
        links = dict(self.aufnahme.links)
        if self.schreiben and lage is not None:
            for t in lage.tische:
                if (lage.runde, t.nr) not in links:  # gilt auch nach einem Neustart
                    links[(lage.runde, t.nr)] = self._buch.tisch_link(
                        lage.runde, t.nr, lage.turnier.id
                    )
        # erst jetzt, in einem Zug: die neue Runde nie ohne die Links all ihrer Tische
        self.aufnahme = Aufnahme(lage, MappingProxyType(links))
        self.stand_text = (
            json.dumps(lage.stand.als_json(), ensure_ascii=False, indent=2) + "\n" if lage else None
        )
        meldung = self.fehler["fehler"]["meldung"] if self.fehler else None
        self._fassung(turnierseite.inhalt(lage, meldung))
        self._melde()
        return True

    def tischdaten(self, ort: Ort) -> tuple[object, str, str]:
        """(Schlüssel der Fassung, HTML des Tischstands, Ereignis der Eingabeseite) für den
        Tisch ``ort``. Neu gerechnet nur, wenn sich an ihm etwas geändert hat: in der laufenden
        Runde sein jüngster Eintrag, seine Plätze, das Turnier offen oder nicht; ein Tisch
        einer früheren Runde nur, wenn eine neue Runde kommt oder das Turnier endet."""
        lage = self.lage
        if lage is None:
            meldung = self.fehler["fehler"]["meldung"] if self.fehler else "Kein Turnier."
            html = turnierseite.tisch_inhalt(None, meldung)
            return ("fehler", meldung), html, self._ereignis(html, _geschlossen(meldung))
        runde, tisch = ort
        if runde == lage.runde:
            sitze = next((t.sitze for t in lage.tische if t.nr == tisch), ())
            schluessel: object = (lage.versionen.get(tisch, 0), sitze, lage.turnier.offen)
        else:
            schluessel = ("frueher", lage.runde, lage.turnier.offen)
        gemerkt = self._tische.get(ort)
        if gemerkt is not None and gemerkt[0] == schluessel:
            return gemerkt
        try:
            ansicht = turnierdaten.tischansicht(self._buch, lage, runde, tisch)
        except RefereeFehler as exc:
            html = turnierseite.tisch_inhalt(None, exc.meldung)
            neu = (schluessel, html, self._ereignis(html, _geschlossen(exc.meldung)))
        else:
            html = turnierseite.tisch_inhalt(ansicht)
            neu = (schluessel, html, self._ereignis(html, turnierdaten.tisch_json(ansicht)))
        self._tische[ort] = neu
        return neu

    def _ereignis(self, html: str, daten: dict[str, Any]) -> str:
        return json.dumps(
            {"nr": self.nr, "zeit": self.zeit, "html": html, "daten": daten}, ensure_ascii=False
        )


def _geschlossen(meldung: str) -> dict[str, Any]:
    """Daten einer Eingabeseite, an der nichts geht (``meldung`` sagt, warum)."""
    return {
        "abend": None,
        "offen": False,
        "aendern": False,
        "meldung": meldung,
        "spieler": [],
        "eintraege": [],
        "letzter": None,
    }


class TurnierSchreiber(Schreiber):
    """Die Schreib-API eines Tisch-Links über das Turnierbuch (in den Fäden des
    ``Schreiber``). Jede Anfrage trägt ``ort`` (Runde, Tisch) – vom Server aus dem Token, nie
    vom Handy – und geht nur an diesen Tisch der laufenden Runde."""

    def __init__(self, db: Path, turnier_id: int) -> None:
        super().__init__(db)
        self.turnier_id = turnier_id

    @property
    def lage(self) -> turnierdaten.Turnierlage | None:
        return self.aufnahme.lage

    @property
    def links(self) -> Mapping[Ort, str]:
        """(Runde, Tisch) → Token des Tisch-Links (nur mit ``schreiben``)."""
        return self.aufnahme.links

    def _oeffne(self) -> Any:
        from referee.buch.turnier import Turnierbuch

        return Turnierbuch(self.db)

    def _schritte(self) -> dict[str, Callable[..., dict[str, Any]]]:
        return {
            "vorschau": self._tisch_vorschau,
            "eintrag": self._tisch_eintrag,
            "rueckgaengig": self._tisch_rueckgaengig,
            "korrektur": self._tisch_korrektur,
        }

    def _angaben(self, zeile: str, ort: Ort, lage: Any = None) -> Any:
        """Die Zeile vom Handy (``r an be 71``) mit den Namen dieses Tisches gelesen →
        ``SchafkopfAngaben``; andere Spiele als Schafkopf gibt es am Turniertisch nicht.
        ``lage``: die schon gelesene ``Tischlage`` (sonst wird sie gelesen)."""
        from referee.eingabe import kurz
        from referee.live.formular import lies_zeile

        if lage is None:
            lage = self._b().tischlage(*ort, self.turnier_id)
        namen = kurz.Mitspieler([s.name for s in lage.sitze], f"an Tisch {ort[1]}")
        spiel = lies_zeile(zeile, namen)
        if not isinstance(spiel, kurz.SchafkopfAngaben):
            raise Eingabefehler(
                "Am Turniertisch wird nur Schafkopf eingetragen (z. B. r an be 71); sabai, "
                "SAUFN und Schlafmütze gehören zum Spielabend."
            )
        return spiel

    def _tisch_vorschau(self, zeile: str, ort: Ort, eintrag: int | None = None) -> dict[str, Any]:
        tb = self._b()
        lage = tb.tischlage(*ort, self.turnier_id)
        angaben = self._angaben(zeile, ort, lage)
        tb.pruefe_laufenden_tisch(*ort, self.turnier_id, neues_spiel=eintrag is None)
        sp = tb.vorschau(*ort, angaben, korrektur_von=eintrag, turnier_id=self.turnier_id)
        namen = {s.startnummer: s.name for s in lage.sitze}
        return {
            "vorschau": {
                "text": sp.zeile(),
                "erklaerung": sp.wert_text(),
                "punkte": [
                    {"startnummer": nr, "name": namen[nr], "punkte": p} for nr, p in sp.punkte
                ],
                "soli": [nr for nr, n in sp.soli if n],
                "anzeige": turnierdaten.punkte_anzeige(sp.punkte, namen),
                "ersetzt": eintrag,
                "doppelt": None,
            }
        }

    def _tisch_eintrag(
        self, zeile: str, schluessel: str, ort: Ort, spiel_nr: int | None = None
    ) -> dict[str, Any]:
        r = self._b().spiel_eintragen(
            *ort,
            self._angaben(zeile, ort),
            schluessel=schluessel,
            turnier_id=self.turnier_id,
            spiel_nr=spiel_nr,
            eingabe={"handy": zeile},
            laufend=True,
        )
        return self._eingetragen(r)

    def _tisch_korrektur(
        self, eintrag: int, zeile: str, schluessel: str, ort: Ort
    ) -> dict[str, Any]:
        tb = self._b()
        runde, tisch = ort
        r = tb.spiel_korrigieren(
            eintrag,
            self._angaben(zeile, ort),
            schluessel=schluessel,
            runde=runde,
            tisch=tisch,
            turnier_id=self.turnier_id,
            eingabe={"handy": zeile},
            laufend=True,
        )
        return self._eingetragen(r)

    def _tisch_rueckgaengig(self, eintrag: int, schluessel: str, ort: Ort) -> dict[str, Any]:
        runde, tisch = ort
        r = self._b().rueckgaengig(
            eintrag,
            schluessel=schluessel,
            runde=runde,
            tisch=tisch,
            turnier_id=self.turnier_id,
            nur_letztes=True,
            laufend=True,
        )
        text = f"Spiel #{r.storniert.id} storniert"
        if r.wieder_gueltig is not None:
            text += f"; es gilt wieder #{r.wieder_gueltig}"
        return {
            "storno": r.storno.id,
            "storniert": r.storniert.id,
            "wieder": r.wieder_gueltig,
            "text": text + ".",
            "wiederholt": r.wiederholt,
            "fortschritt": r.tisch.als_json(),
        }

    @staticmethod
    def _eingetragen(r: Any) -> dict[str, Any]:
        return {
            "eintrag": r.eintrag.id,
            "spiel": "schafkopf",
            "text": r.spiel.zeile(),
            "erklaerung": r.spiel.wert_text(),
            "ersetzt": r.ersetzt,
            "wiederholt": r.wiederholt,
            "ergebnis": r.als_json(),
        }

    def _lage(self, exc: BaseException, felder: Any) -> dict[str, Any]:
        """Zu einem 409 der jetzige Stand des Tisches und sein letztes geltendes Spiel."""
        aus: dict[str, Any] = {"fortschritt": None, "letzter": None}
        ort = felder.get("ort")
        if ort is None:
            return aus
        tb = self._b()
        try:
            spiele = tb.tischspiele(*ort, self.turnier_id)
            plan = tb.tische(ort[0], self.turnier_id)
        except RefereeFehler:
            return aus
        aus["letzter"] = spiele[-1].id if spiele else None
        aus["fortschritt"] = next((s.als_json() for s in plan.stand if s.tisch == ort[1]), None)
        return aus


class TurnierApp(LiveApp):
    """Die ASGI-Anwendung eines Turniers: der Lese-Link (Rangliste) und je Tisch ein
    Schreib-Link (Eingabeseite und API nur dieses Tisches)."""

    beobachter: TurnierBeobachter

    def _tisch_von(self, roh: bytes) -> Ort | None:
        """Der Tisch, dessen Token ``roh`` ist – jedes Token in konstanter Zeit verglichen,
        immer alle (kein früher Abbruch)."""
        gefunden = None
        for ort, token in self.beobachter.links.items():
            if secrets.compare_digest(roh, token.encode()):
                gefunden = ort
        return gefunden

    async def _antwort(self, request: Request) -> Response:
        _, _, rest = request.scope["path"].partition("/")
        token, _, was = rest.partition("/")
        roh = token.encode("utf-8", "surrogatepass")
        lesen = secrets.compare_digest(roh, self.token)
        ort = self._tisch_von(roh) if self.schreiber is not None else None
        if lesen:
            return self._leseseite(request, was)
        if ort is not None and was.startswith("api/"):
            return await self._api(request, was[4:], felder=TISCH_FELDER, ort={"ort": ort})
        if ort is not None:
            return self._tischseite(request, was, ort, token)
        return _nicht_gefunden()

    def _lese_html(self) -> str:
        b = self.beobachter
        titel = f"Rangliste · {b.lage.turnier.name}" if b.lage else "Rangliste"
        return turnierseite.seite(b.teil, titel, self.pfad, b.zeit, self.neu_laden)

    def _tischseite(self, request: Request, was: str, ort: Ort, token: str) -> Response:
        """Die Eingabeseite eines Tisches, ihr Skript, ihr Ereignisstrom (GET/HEAD)."""
        from referee.live import eingabeseite

        if request.method not in ("GET", "HEAD"):
            return Response("", 405, {**SICHERHEIT, "allow": "GET, HEAD"}, "text/plain")
        b = self.beobachter
        runde, tisch = ort
        if was in ("", "index.html"):
            b.pruefe()
            _, html, _ = b.tischdaten(ort)
            seite_ = eingabeseite.seite(
                html,
                None,
                f"/{token}",
                b.zeit,
                titel=f"Tisch {tisch} · Runde {runde}",
                wer=f"an Tisch {tisch} (Runde {runde}) eintragen und korrigieren, an keinem "
                "anderen",
            )
            return Response(seite_, 200, SICHERHEIT, "text/html; charset=utf-8")
        if was == "eingabe.js":
            js = eingabeseite.skript()
            return Response(js, 200, SICHERHEIT, "text/javascript; charset=utf-8")
        if was == "stand.json":
            return self._leseseite(request, was)
        if was == "ereignisse":
            kopf = {**SICHERHEIT, "x-accel-buffering": "no"}
            if request.method == "HEAD":
                return Response("", 200, kopf, "text/event-stream")
            return StreamingResponse(self._tisch_ereignisse(ort), 200, kopf, "text/event-stream")
        return _nicht_gefunden()

    async def _tisch_ereignisse(self, ort: Ort) -> AsyncIterator[str]:
        """Sofort die Fassung des Tisches, dann jede neue – aber nur, wenn sich an diesem Tisch
        etwas geändert hat (die anderen Tische schreiben nebenher); dazwischen Lebenszeichen."""
        b = self.beobachter
        yield "retry: 2000\n\n"
        gesehen = -1
        gesendet: object = None
        while not b.beendet:
            if b.nr != gesehen:
                gesehen = b.nr
                schluessel, _, daten = b.tischdaten(ort)
                if schluessel != gesendet:
                    gesendet = schluessel
                    yield f"id: {gesehen}\nevent: schreiben\ndata: {daten}\n\n"
            else:
                yield ": lebt\n\n"
            await b.warte(gesehen, LEBENSZEICHEN)


class TurnierServer(LiveServer):
    """Ein laufender Turnier-Live-Server: ``url`` (die Rangliste), ``tischlinks()`` (mit
    ``schreiben``: je Tisch der laufenden Runde ein Link), ``stoppe()``."""

    EIN_SCHREIBLINK = False

    def __init__(
        self, db: Path, turnier_id: int, host: str | None = None, port: int = 0, **optionen: Any
    ) -> None:
        self.turnier_id = turnier_id
        super().__init__(db, None, host, port, **optionen)

    def _lese_token(self, db: Path) -> str:
        """Aus dem Geheimnis des Buchs (wie die Tisch-Links): nach einem Neustart derselbe
        Link – ein ausgehängter oder an den Beamer gegebener QR-Code gilt weiter."""
        from referee.buch.turnier import Turnierbuch

        with Turnierbuch(db) as tb:
            return tb.lese_link(self.turnier_id)

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
        self.turnierbeobachter = TurnierBeobachter(db, self.turnier_id, takt, schreiben=schreiben)
        return TurnierApp(
            self.turnierbeobachter,
            self.token,
            neu_laden,
            schreiber=TurnierSchreiber(db, self.turnier_id) if schreiben else None,
            origin=origin,
            drossel=drossel,
        )

    @property
    def runde(self) -> int:
        """Die zuletzt ausgeloste Runde (0: noch keine), wie der Beobachter sie zuletzt las."""
        return self.turnierbeobachter.aufnahme.runde

    def runde_und_links(self) -> tuple[int, list[tuple[int, str]]]:
        """Die laufende Runde und (Tisch, Link) je Tisch von ihr – aus einer Aufnahme des
        Beobachters, also nie eine neue Runde mit erst einem Teil ihrer Links."""
        aufnahme = self.turnierbeobachter.aufnahme
        return aufnahme.runde, self._urls(aufnahme.tischlinks(aufnahme.runde))

    def tischlinks(self, runde: int | None = None) -> list[tuple[int, str]]:
        """(Tisch, Link) je Tisch von ``runde`` (ohne: der laufenden), nach Tischnummer;
        leer ohne ``schreiben`` oder solange die Runde nicht ausgelost ist."""
        if runde is None:
            return self.runde_und_links()[1]
        return self._urls(self.turnierbeobachter.aufnahme.tischlinks(runde))

    def _urls(self, tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
        return [(tisch, f"{self._basis}/{token}/") for tisch, token in tokens]


__all__ = ["TISCH_FELDER", "TurnierApp", "TurnierBeobachter", "TurnierSchreiber", "TurnierServer"]
