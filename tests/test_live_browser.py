"""Die Live-Seite im echten Browser: headless Chromium bei 390×844, mit und ohne JavaScript.

Gesteuert über das DevTools-Protokoll auf einer Pipe (nur Standardbibliothek).

``--remote-debugging-pipe``: Chromium liest Befehle von Dateideskriptor 3 und schreibt Antworten
und Ereignisse auf 4, jede Nachricht JSON mit einem Null-Byte am Ende. Kein Netzwerkport,
kein Websocket-Paket.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import test_live
from conftest import ROOT, _env, ok
from werkzeuge import werkzeug

from referee.live import starte_im_thread

SCHALTER = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--mute-audio",
    "--remote-debugging-pipe",
]


def _ueber_vier(fd: int) -> int:
    """Derselbe Deskriptor mit einer Nummer ab 10 (der alte wird geschlossen)."""
    import fcntl

    neu = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return neu


class Chromium:
    """Ein Browser mit einer Seite (Tab); ``befehl`` schickt einen CDP-Befehl an die Seite."""

    def __init__(self, profil: Path, javascript: bool = True, breite: int = 390, hoehe: int = 844):
        # die Pipes über Deskriptor 4 legen: in einem frischen Prozess wären sie 3–6, und die
        # Umleitung unten schlösse dann den Deskriptor 3, den Chromium gerade bekommen soll
        befehl_r, befehl_w = (_ueber_vier(fd) for fd in os.pipe())
        antwort_r, antwort_w = (_ueber_vier(fd) for fd in os.pipe())
        args = [*SCHALTER, f"--user-data-dir={profil}", f"--window-size={breite},{hoehe}"]
        if not javascript:
            args.append("--blink-settings=scriptEnabled=false")
        # bash (dash kann keine zweistelligen Deskriptoren) legt die Pipes auf 3 und 4, wie Chromium sie erwartet
        umleitung = f'exec "$0" "$@" 3<&{befehl_r} 4>&{antwort_w} {befehl_r}<&- {antwort_w}>&-'
        self.proc = subprocess.Popen(
            ["/bin/bash", "-c", umleitung, werkzeug("chromium"), *args, "about:blank"],
            pass_fds=(befehl_r, antwort_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(befehl_r)
        os.close(antwort_w)
        self._aus = os.fdopen(befehl_w, "wb", buffering=0)
        self._ein = os.fdopen(antwort_r, "rb", buffering=0)
        self._nr = 0
        self._antworten: dict[int, queue.Queue] = {}
        self.ereignisse: queue.Queue = queue.Queue()
        self.protokoll: list[dict] = []  # alle Ereignisse (auch die schon abgeholten)
        self._sperre = threading.Lock()
        threading.Thread(target=self._lies, daemon=True).start()
        ziel = self._sende("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.sitzung = self._sende("Target.attachToTarget", {"targetId": ziel, "flatten": True})[
            "sessionId"
        ]
        self.befehl("Page.enable")
        self.befehl("Log.enable")  # u. a. Verstöße gegen die Content-Security-Policy
        self.befehl(
            "Emulation.setDeviceMetricsOverride",
            {"width": breite, "height": hoehe, "deviceScaleFactor": 1, "mobile": True},
        )

    def _lies(self) -> None:
        puffer = b""
        while True:
            stueck = self._ein.read(65536)
            if not stueck:
                return
            puffer += stueck
            while b"\0" in puffer:
                roh, puffer = puffer.split(b"\0", 1)
                nachricht = json.loads(roh)
                if "id" in nachricht and nachricht["id"] in self._antworten:
                    self._antworten[nachricht["id"]].put(nachricht)
                else:
                    self.ereignisse.put(nachricht)
                    self.protokoll.append(nachricht)

    def _sende(
        self, methode: str, params: dict | None = None, sitzung: str | None = None
    ) -> dict[str, Any]:
        with self._sperre:
            self._nr += 1
            nr = self._nr
            self._antworten[nr] = queue.Queue()
        nachricht: dict[str, Any] = {"id": nr, "method": methode, "params": params or {}}
        if sitzung:
            nachricht["sessionId"] = sitzung
        self._aus.write(json.dumps(nachricht).encode() + b"\0")
        antwort = self._warte_auf_antwort(self._antworten[nr], methode)
        if "error" in antwort:
            raise RuntimeError(f"{methode}: {antwort['error']}")
        return antwort.get("result", {})

    def _warte_auf_antwort(self, q: queue.Queue, methode: str, frist: float = 20.0) -> dict:
        """Die Antwort auf einen Befehl – aber nie das Warten auf einen Browser, der gar nicht
        (mehr) läuft: endet der Prozess, scheitert der Test sofort mit seinem Exit-Code."""
        ende = time.monotonic() + frist
        while True:
            try:
                return q.get(timeout=0.2)
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        f"Chromium lief nicht (Exit-Code {self.proc.returncode}) – {methode}"
                    ) from None
                if time.monotonic() > ende:
                    raise

    def befehl(self, methode: str, params: dict | None = None) -> dict[str, Any]:
        return self._sende(methode, params, self.sitzung)

    def warte_auf(self, methode: str, frist: float = 10.0) -> dict[str, Any]:
        ende = time.monotonic() + frist
        while True:
            rest = ende - time.monotonic()
            if rest <= 0:
                raise TimeoutError(methode)
            e = self.ereignisse.get(timeout=rest)
            if e.get("method") == methode:
                return e

    def oeffne(self, url: str) -> None:
        """Navigieren und warten, bis die Seite geladen ist."""
        while not self.ereignisse.empty():
            self.ereignisse.get_nowait()
        self.befehl("Page.navigate", {"url": url})
        self.warte_auf("Page.loadEventFired")

    def html(self) -> str:
        """Das aktuelle DOM als HTML (über das DOM-Protokoll, geht auch ohne JavaScript).

        Lädt die Seite gerade neu, verfällt der Knoten zwischen den zwei Befehlen: nochmal.
        """
        for _ in range(20):
            wurzel = self.befehl("DOM.getDocument", {"depth": -1})["root"]
            try:
                return self.befehl("DOM.getOuterHTML", {"nodeId": wurzel["nodeId"]})["outerHTML"]
            except RuntimeError:
                time.sleep(0.05)
        raise RuntimeError("Das DOM kam nicht zur Ruhe.")

    def auswerten(self, ausdruck: str) -> Any:
        r = self.befehl("Runtime.evaluate", {"expression": ausdruck, "returnByValue": True})
        return r["result"].get("value")

    def farbschema(self, schema: str) -> None:
        self.befehl(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-color-scheme", "value": schema}]},
        )

    def bildschirmfoto(self, datei: Path) -> Path:
        daten = self.befehl("Page.captureScreenshot", {"format": "png"})["data"]
        datei.write_bytes(base64.b64decode(daten))
        return datei

    def schliesse(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, queue.Empty):
            self._sende("Browser.close")
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# ---------------------------------------------------------------- die Tests


def _png_groesse(datei: Path) -> tuple[int, int]:
    kopf = datei.read_bytes()[:24]
    assert kopf[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", kopf[16:24])


def _eintragen(db_pfad: Path, *args: str) -> float:
    """Ein Eintrag über die echte Kommandozeile (eigener Prozess); Zeitpunkt des Endes."""
    r = subprocess.run(
        [sys.executable, "-m", "referee", *args],
        capture_output=True,
        text=True,
        env=_env({"REFEREE_DB": str(db_pfad)}),
        cwd=ROOT,
        timeout=60,
    )
    ok(r)
    return time.monotonic()


def _warte_bis(bedingung, frist: float = 5.0, takt: float = 0.05) -> bool:
    ende = time.monotonic() + frist
    while time.monotonic() < ende:
        if bedingung():
            return True
        time.sleep(takt)
    return bool(bedingung())


def _csp_verstoesse(browser: Chromium) -> list[str]:
    return [
        e["params"]["entry"]["text"]
        for e in browser.protokoll
        if e.get("method") == "Log.entryAdded"
        and "Content Security Policy" in e["params"]["entry"].get("text", "")
    ]


abend = test_live.abend  # die Fixture der Server-Tests: ein Abend mit einem Rufspiel


@pytest.fixture
def browser(tmp_path):
    b = Chromium(tmp_path / "profil")
    yield b
    b.schliesse()


def test_seite_aktualisiert_sich_ohne_neu_laden(abend, db_pfad, browser, tmp_path):
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    try:
        browser.oeffne(server.url)
        status = "document.getElementById('status').className"
        assert _warte_bis(lambda: browser.auswerten(status) == "live"), "kein Ereignisstrom"
        text = "document.getElementById('stand').innerText"
        vorher = browser.auswerten(text)
        assert "+0,50 €" in vorher and "-2,00 €" not in vorher
        browser.auswerten("window.marke = 42")
        navigationen = sum(e.get("method") == "Page.frameNavigated" for e in browser.protokoll)

        # Wenz Cem verloren (45 Augen): Wert 50 ct, Cem zahlt 3 × 50 → Cem -0,50 € - 1,50 € = -2,00 €
        fertig = _eintragen(db_pfad, "schafkopf", "eintragen", "wenz", "Cem", "--augen", "45")
        assert _warte_bis(lambda: "-2,00 €" in browser.auswerten(text), frist=5)
        verzug = time.monotonic() - fertig
        assert verzug < 1.5, verzug
        assert browser.auswerten("window.marke") == 42  # dasselbe Dokument: nicht neu geladen
        assert (
            sum(e.get("method") == "Page.frameNavigated" for e in browser.protokoll) == navigationen
        )

        nachher = browser.auswerten(text)
        assert "Wenz Cem verloren (45 Augen)" in nachher
        assert "Wert: 50 (Wenz) ct" in nachher
        assert "Nächstes Spiel: Cem gibt, Dora spielt aus." in nachher
        bild = browser.bildschirmfoto(tmp_path / "live-390x844.png")
        print(f"\nBildschirmfoto (hell): {bild}")
        assert _png_groesse(bild) == (390, 844)
        sichtbar = browser.auswerten("document.body.innerText")
        assert "Live-Stand" in sichtbar and "Abend 1" in sichtbar and "Gasthaus Post" in sichtbar

        # dunkel nach der Einstellung des Geräts
        browser.farbschema("dark")
        grund = "getComputedStyle(document.body).backgroundColor"
        assert browser.auswerten(grund) == "rgb(17, 19, 22)"
        bild = browser.bildschirmfoto(tmp_path / "live-390x844-dunkel.png")
        print(f"Bildschirmfoto (dunkel): {bild}")
        browser.farbschema("light")
        assert browser.auswerten(grund) == "rgb(255, 255, 255)"

        # lesbar bei 360 px: nichts ragt seitlich hinaus
        browser.befehl(
            "Emulation.setDeviceMetricsOverride",
            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True},
        )
        assert browser.auswerten("document.documentElement.scrollWidth") <= 360
        assert _csp_verstoesse(browser) == []
    finally:
        server.stoppe()


def test_seite_ohne_javascript_laedt_neu(abend, db_pfad, tmp_path):
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, neu_laden=1)
    browser = Chromium(tmp_path / "profil", javascript=False)
    try:
        browser.oeffne(server.url)
        html = browser.html()
        assert "+0,50 €" in html and "-2,00 €" not in html
        assert 'class="live"' not in html  # das Skript lief nicht
        assert "Ohne JavaScript lädt die Seite alle 1 s neu." in html
        geladen = sum(e.get("method") == "Page.loadEventFired" for e in browser.protokoll)
        _eintragen(db_pfad, "schafkopf", "eintragen", "wenz", "Cem", "--augen", "45")
        assert _warte_bis(lambda: "-2,00 €" in browser.html(), frist=6)
        # neu geladen (meta refresh), nicht per Skript aktualisiert
        assert sum(e.get("method") == "Page.loadEventFired" for e in browser.protokoll) > geladen
        assert "Wenz Cem verloren" in browser.html()
        bild = browser.bildschirmfoto(tmp_path / "live-ohne-js.png")
        print(f"\nBildschirmfoto (ohne JavaScript): {bild}")
        assert _png_groesse(bild) == (390, 844)
        assert _csp_verstoesse(browser) == []
    finally:
        browser.schliesse()
        server.stoppe()
