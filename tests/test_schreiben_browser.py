"""Eintragen vom Handy im echten Browser: headless Chromium bei 390×844 (wie die Live-Tests).

Ein Abend, nur mit Tipps auf der Eingabeseite: ein Rufspiel, ein Solo mit Laufenden und
Klopfer, eine sabai-Runde, ein SAUFN-Podest, ein Schlafmütze-Sieg; dann Rückgängig und eine
Korrektur. Die Lese-Seite läuft in einem zweiten Browserkontext (eigene Cookies, eigener
Speicher – wie ein zweites Handy) und zeigt jede Änderung binnen einer Sekunde.

Erwartete Beträge von Hand nach Tarif 10-20-50 (Rufspiel 20 ct, Solo 50 ct, Laufender und
Schneider je 10 ct, jeder Klopfer verdoppelt).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from test_live_browser import Chromium, _csp_verstoesse, _png_groesse, _warte_bis

from referee.buch import Buch
from referee.live import starte_im_thread


class ZweiterKontext:
    """Eine zweite Seite im selben Browser, aber in einem eigenen Browserkontext (ein zweites
    Handy: kein gemeinsamer Speicher). Nur was der Test braucht: öffnen und auswerten."""

    def __init__(self, browser: Chromium, breite: int = 390, hoehe: int = 844) -> None:
        self.browser = browser
        kontext = browser._sende("Target.createBrowserContext")["browserContextId"]
        ziel = browser._sende(
            "Target.createTarget", {"url": "about:blank", "browserContextId": kontext}
        )["targetId"]
        self.sitzung = browser._sende("Target.attachToTarget", {"targetId": ziel, "flatten": True})[
            "sessionId"
        ]
        self.befehl(
            "Emulation.setDeviceMetricsOverride",
            {"width": breite, "height": hoehe, "deviceScaleFactor": 1, "mobile": True},
        )

    def befehl(self, methode: str, params: dict | None = None) -> dict[str, Any]:
        return self.browser._sende(methode, params, self.sitzung)

    def auswerten(self, ausdruck: str) -> Any:
        r = self.befehl("Runtime.evaluate", {"expression": ausdruck, "returnByValue": True})
        return r["result"].get("value")

    def oeffne(self, url: str) -> None:
        self.befehl("Page.navigate", {"url": url})
        assert _warte_bis(lambda: self.auswerten("document.readyState") == "complete", 10)


@pytest.fixture
def browser(tmp_path):
    b = Chromium(tmp_path / "profil")
    yield b
    b.schliesse()


def _tippe(seite, selektor: str) -> None:
    """Ein Tipp: ``click()`` auf das erste passende, sichtbare und freigegebene Element."""
    ausdruck = (
        "(function(){var e=document.querySelector(SEL);"
        "if(!e||e.disabled||e.closest('[hidden]'))return false;e.click();return true;})()"
    ).replace("SEL", json.dumps(selektor))
    assert seite.auswerten(ausdruck), f"nicht antippbar: {selektor}"


def _chip(seite, name: str, wo: str = "#chips") -> None:
    """Den Spieler-Chip mit diesem Namen antippen."""
    ausdruck = (
        (
            "(function(){var b=[].slice.call(document.querySelectorAll(WO+' button'))"
            ".filter(function(x){return x.firstChild.textContent===NAME;})[0];"
            "if(!b||b.disabled)return false;b.click();return true;})()"
        )
        .replace("WO", json.dumps(wo))
        .replace("NAME", json.dumps(name))
    )
    assert seite.auswerten(ausdruck), f"kein Chip {name}"


def _text(seite, selektor: str) -> str:
    return seite.auswerten(
        "(function(){var e=document.querySelector(SEL);return e?e.innerText:'';})()".replace(
            "SEL", json.dumps(selektor)
        )
    )


def _vorschau_bereit(seite) -> bool:
    return seite.auswerten(
        "!document.getElementById('senden').disabled && "
        "document.getElementById('vorschau').className===''"
    )


def _eintragen_und_sehen(
    schreiber, leser, erwartet: str, frist: float = 1.0, knopf: str = "#senden"
) -> float:
    """Eintragen antippen; die Lese-Seite zeigt ``erwartet`` binnen ``frist`` Sekunden."""
    assert _warte_bis(lambda: _vorschau_bereit(schreiber), 5), _text(schreiber, "#vorschau")
    assert erwartet not in _text(leser, "#stand")
    start = time.monotonic()
    _tippe(schreiber, knopf)
    assert _warte_bis(lambda: erwartet in _text(leser, "#stand"), 5, 0.02), erwartet
    verzug = time.monotonic() - start
    assert verzug < frist, (erwartet, verzug)
    # der Ausgang ist leer: beantwortet
    assert _warte_bis(lambda: schreiber.auswerten("document.getElementById('ausgang').hidden"), 5)
    return verzug


def _saldo(db: Path) -> dict[str, int]:
    with Buch(db) as b:
        return dict(b.stand().schafkopf)


def test_ein_abend_nur_mit_tipps(db_pfad, browser, tmp_path):
    with Buch(db_pfad) as b:
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"], ort="Post")
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        leser = ZweiterKontext(browser)
        leser.oeffne(server.url)
        assert _warte_bis(
            lambda: leser.auswerten("document.getElementById('status').className") == "live"
        )
        s = browser
        s.oeffne(server.url_schreiben)
        assert _warte_bis(
            lambda: s.auswerten("document.getElementById('status').className") == "live"
        )
        leer = s.bildschirmfoto(tmp_path / "eingabe-leer.png")
        assert _png_groesse(leer) == (390, 844)
        assert s.auswerten("document.documentElement.scrollWidth") <= 390

        # 1. Rufspiel Anna+Ben gewonnen: fünf Tipps vom leeren Formular bis eingetragen
        _tippe(s, '[data-spiel="r"]')
        _chip(s, "Anna")
        _chip(s, "Ben")
        _tippe(s, '[data-augen="61"]')
        assert _text(s, "#zeile") == "Zeile: r an be 61"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        vorschau = _text(s, "#vorschau")
        # Rufspiel gewonnen, 61 Augen: 20 ct von jedem Gegenspieler
        assert "Rufspiel Anna+Ben gewonnen (61 Augen)" in vorschau
        assert "Anna +0,20 €" in vorschau and "Dora -0,20 €" in vorschau
        bild = s.bildschirmfoto(tmp_path / "eingabe-vorschau.png")
        print(f"\nBildschirmfotos: {leer} {bild}")
        verzug = [_eintragen_und_sehen(s, leser, "Rufspiel Anna+Ben gewonnen (61 Augen)")]
        assert _saldo(db_pfad) == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}

        # 2. Herz-Solo Dora, 80 Augen, 3 Laufende, 1 Klopfer: (50 + 3 × 10) × 2 = 160 ct
        _tippe(s, '[data-spiel="solo"]')
        _tippe(s, '[data-farbe="h"]')
        _chip(s, "Dora")
        _tippe(s, "#genau")
        _tippe(s, '[data-ziffer="8"]')
        _tippe(s, '[data-ziffer="0"]')
        _tippe(s, '[data-ziffer="ok"]')
        for _ in range(3):
            _tippe(s, '[data-stepper="laufende"] [data-schritt="1"]')
        _tippe(s, '[data-stepper="klopfer"] [data-schritt="1"]')
        assert _text(s, "#zeile") == "Zeile: hs do 80 l3 k1"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        vorschau = _text(s, "#vorschau")
        assert "Dora +4,80 €" in vorschau and "Anna -1,60 €" in vorschau, vorschau
        s.bildschirmfoto(tmp_path / "eingabe-solo.png")
        verzug.append(_eintragen_und_sehen(s, leser, "Herz-Solo Dora gewonnen (80 Augen"))
        assert _saldo(db_pfad) == {"Anna": -140, "Ben": -140, "Cem": -180, "Dora": 460}

        # 3. sabai-Runde: je Spieler antippen, dann Karten
        _tippe(s, '[data-spiel="sb"]')
        for karte in ("3", "7", "J"):
            _tippe(s, f'[data-karte="{karte}"]')
        _tippe(s, "#weiter")
        for karte in ("AJ", "2"):
            _tippe(s, f'[data-karte="{karte}"]')
        _tippe(s, "#weiter")
        _tippe(s, "#weiter")
        for karte in ("14", "0"):
            _tippe(s, f'[data-karte="{karte}"]')
        assert _text(s, "#zeile") == "Zeile: sb an 3 7 J / be AJ 2 / ce / do 14 0"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        # Kartenpunkte: Anna 3 + 7 − 4 (Joker) = 6, Ben −4 (Ass-Joker) + 2 = −2, Dora 14
        assert "sabai-sabai: Anna 6 · Ben −2 · Cem 0 · Dora 14 → " in _text(s, "#vorschau")
        s.bildschirmfoto(tmp_path / "eingabe-sabai.png")
        verzug.append(_eintragen_und_sehen(s, leser, "Sabai (1 Runde)"))

        # 4. SAUFN: Plätze der Reihe nach antippen
        _tippe(s, '[data-spiel="sf"]')
        for name in ("Cem", "Anna", "Ben"):
            _chip(s, name)
        assert _text(s, "#zeile") == "Zeile: sf ce an be"
        verzug.append(_eintragen_und_sehen(s, leser, "SAUFN: 1. Cem 2. Anna 3. Ben"))

        # 5. Schlafmütze: der Sieger
        _tippe(s, '[data-spiel="sm"]')
        _chip(s, "Dora")
        assert _text(s, "#zeile") == "Zeile: sm do"
        verzug.append(_eintragen_und_sehen(s, leser, "Schlafmütze: gewonnen hat Dora"))

        # 6. Rückgängig (zwei Tipps: antippen, bestätigen) nimmt den Schlafmütze-Sieg zurück
        assert _warte_bis(lambda: s.auswerten("!!document.querySelector('[data-rueckgaengig]')"))
        nr = s.auswerten("document.querySelector('[data-rueckgaengig]').dataset.rueckgaengig")
        _tippe(s, "[data-rueckgaengig]")
        start = time.monotonic()
        _tippe(s, "[data-rueckgaengig]")
        assert _warte_bis(lambda: "Schlafmütze" not in _text(leser, "#stand"), 5, 0.02)
        verzug.append(time.monotonic() - start)
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 0
            assert b.eintrag(int(nr)).gilt is False

        # 7. Korrektur: das Rufspiel war ein Schneider (91 Augen): 20 + 10 = 30 ct
        _tippe(s, '[data-korrigiere="1"]')
        assert not s.auswerten("document.getElementById('korrektur').hidden")
        assert _text(s, "#zeile") == "Zeile: r an be 61"  # aus dem Eintrag gefüllt
        _tippe(s, '[data-augen="91"]')
        assert _text(s, "#senden") == "Korrektur eintragen"
        verzug.append(_eintragen_und_sehen(s, leser, "Korrektur von #1"))
        assert _saldo(db_pfad) == {"Anna": -130, "Ben": -130, "Cem": -190, "Dora": 450}

        print(f"POST → Lese-Seite: {', '.join(f'{v * 1000:.0f} ms' for v in verzug)}")
        # 360 px, dunkel, das breiteste Formular (sabai mit Kartentasten): nichts ragt hinaus
        s.befehl(
            "Emulation.setDeviceMetricsOverride",
            {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True},
        )
        s.farbschema("dark")
        _tippe(s, '[data-spiel="sb"]')
        assert s.auswerten("document.documentElement.scrollWidth") <= 360
        _tippe(s, "#spielwahl")
        _tippe(s, '[data-spiel="ramsch"]')
        assert s.auswerten("document.documentElement.scrollWidth") <= 360
        s.bildschirmfoto(tmp_path / "eingabe-360-dunkel.png")
        assert _csp_verstoesse(browser) == []
    finally:
        server.stoppe()


def test_ohne_wlan_wartet_der_eintrag_im_ausgang(db_pfad, browser, tmp_path):
    """Kein Netz beim Eintragen: der Eintrag bleibt auf dem Handy („noch nicht gesendet“),
    übersteht ein Neuladen der Seite und geht genau einmal ins Buch, sobald das Netz zurück ist."""
    with Buch(db_pfad) as b:
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"])
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    s = browser
    try:
        s.oeffne(server.url_schreiben)
        assert _warte_bis(
            lambda: s.auswerten("document.getElementById('status').className") == "live"
        )
        _tippe(s, '[data-spiel="sm"]')
        _chip(s, "Cem")
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        s.befehl("Network.enable")
        netz = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": True})
        _tippe(s, "#senden")
        assert _warte_bis(lambda: "noch nicht gesendet" in _text(s, "#ausgang"), 5)
        ausgang = s.auswerten("document.getElementById('ausgang').textContent")
        assert "Noch nicht gesendet (1)" in ausgang and "sm ce" in ausgang
        s.bildschirmfoto(tmp_path / "eingabe-ausgang.png")
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 0
        # die Seite neu laden (das Handy war kurz weg): der Ausgang bleibt
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": False})
        s.oeffne(server.url_schreiben)
        assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 10)
        assert _warte_bis(lambda: "Schlafmütze: gewonnen hat Cem" in _text(s, "#eintraege"), 5)
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 1  # genau einmal
            assert dict(b.stand().schlafmuetze)["Cem"] == 1

        # dasselbe Spiel gleich noch einmal (wie von einem zweiten Handy): die Seite fragt nach
        for antwort, erwartet in (("#frage-nein", 1), ("#frage-ja", 2)):
            _tippe(s, '[data-spiel="sm"]')
            _chip(s, "Cem")
            assert _warte_bis(lambda: _vorschau_bereit(s), 5)
            assert "Gleiches Spiel steht schon als #1" in _text(s, "#vorschau")
            _tippe(s, "#senden")
            assert _warte_bis(lambda: not s.auswerten("document.getElementById('frage').hidden"), 5)
            frage = _text(s, "#frage-text")
            assert frage.startswith("Schon eingetragen als #1 (") and "trotzdem eintragen?" in frage
            if erwartet == 1:
                s.bildschirmfoto(tmp_path / "eingabe-rueckfrage.png")
            _tippe(s, antwort)
            assert _warte_bis(lambda: s.auswerten("document.getElementById('frage').hidden"), 5)
            assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 5)
            with Buch(db_pfad) as b:
                assert b.stand().partien["schlafmuetze"] == erwartet
    finally:
        server.stoppe()


def test_ausgang_verwerfen_und_abgelehnt(db_pfad, browser):
    """Der Ausgang (``ausgang.js``): ein wartender Eintrag lässt sich verwerfen; einen, den der
    Server ablehnt (der Abend wurde inzwischen beendet: 409), meldet die Seite und füllt das
    Formular wieder damit – nichts geht verloren, nichts wird geschrieben."""
    with Buch(db_pfad) as b:
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"])
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    s = browser
    netz = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    try:
        s.oeffne(server.url_schreiben)
        assert _warte_bis(
            lambda: s.auswerten("document.getElementById('status').className") == "live"
        )
        s.befehl("Network.enable")
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": True})
        frei = "!document.getElementById('senden').disabled"
        for sieger in ("Cem", "Dora"):
            _tippe(s, '[data-spiel="sm"]')
            _chip(s, sieger)
            # ohne Netz keine Vorschau – eintragen geht trotzdem (in den Ausgang)
            assert _warte_bis(lambda: s.auswerten(frei), 10)
            _tippe(s, "#senden")
        ausgang = "document.getElementById('ausgang').textContent"
        assert _warte_bis(lambda: "Noch nicht gesendet (2)" in s.auswerten(ausgang), 5)
        # den ersten (sm ce) verwerfen: es bleibt sm do
        _tippe(s, "#ausgang li button")
        ausgang = s.auswerten(ausgang)
        assert (
            "Noch nicht gesendet (1)" in ausgang and "sm do" in ausgang and "sm ce" not in ausgang
        )
        with Buch(db_pfad) as b:
            b.abend_ende()
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": False})
        s.auswerten("window.dispatchEvent(new Event('online'))")
        assert _warte_bis(lambda: not s.auswerten("document.getElementById('meldung').hidden"), 10)
        assert _text(s, "#meldung").startswith("Nicht eingetragen: Kein offener Abend")
        assert s.auswerten("document.getElementById('ausgang').hidden")
        assert _text(s, "#zeile") == "Zeile: sm do"  # wieder im Formular
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 0
    finally:
        server.stoppe()
