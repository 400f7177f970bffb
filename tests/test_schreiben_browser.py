"""Eintragen vom Handy im echten Browser: headless Chromium bei 320×568 und 390×844.

Ein ganzer Abend, nur mit Tipps auf der Eingabeseite: Rufspiel, Solo mit Laufenden und
Klopfer, Wenz mit getippten Augen, Ramsch, Bettel (erst nach der Hausregel), sabai, SAUFN,
Schlafmütze; dann Rückgängig über das Blatt und Korrekturen. Nach jedem Schritt: jedes Ziel,
das man antippen kann, ist mindestens 44 × 44 px groß, kein Knopf bricht mitten im Wort, nichts
ragt seitlich hinaus. Die Lese-Seite läuft in einem zweiten Browserkontext (eigener Speicher –
wie ein zweites Handy) und zeigt jede Änderung binnen einer Sekunde.

Erwartete Beträge von Hand nach Tarif 10-20-50: Rufspiel 20 ct, Solo/Wenz/Bettel 50 ct,
Laufender und Schneider je 10 ct, jeder Klopfer verdoppelt, Ramsch 20 ct, jede Jungfrau
verdoppelt ihn.

Mit ``REFEREE_BILDER=benchmarks/bilder`` legen die Tests ihre Bildschirmfotos (hell und dunkel,
beide Größen) dort ab, klein gerechnet; sonst im tmp-Verzeichnis des Tests.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from test_live_browser import Chromium, _csp_verstoesse, _png_groesse, _warte_bis

from referee.buch import Buch
from referee.live import starte_im_thread

GROESSEN = [(320, 568), (390, 844)]
VIER = ["Anna", "Ben", "Cem", "Dora"]


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


# ---------------------------------------------------------------- Tippen und Schauen


def _tippe(seite, selektor: str) -> None:
    """Ein Tipp: ``click()`` auf das erste passende, sichtbare und freigegebene Element."""
    ausdruck = (
        "(function(){var e=document.querySelector(SEL);"
        "if(!e||e.disabled||e.closest('[hidden]'))return false;e.click();return true;})()"
    ).replace("SEL", json.dumps(selektor))
    assert seite.auswerten(ausdruck), f"nicht antippbar: {selektor}"


def _echter_tipp(seite, selektor: str) -> tuple[float, float]:
    """Ein Tipp wie mit dem Finger: Maus drücken und loslassen mitten auf dem Element (das
    vorher in die Mitte des Bildschirms gescrollt wird) – trifft, was dort *jetzt* liegt."""
    mitte = seite.auswerten(
        (
            "(function(){var e=document.querySelector(SEL);e.scrollIntoView({block:'center'});"
            "var r=e.getBoundingClientRect();return [r.left+r.width/2, r.top+r.height/2];})()"
        ).replace("SEL", json.dumps(selektor))
    )
    return _tipp_bei(seite, *mitte)


def _tipp_bei(seite, x: float, y: float) -> tuple[float, float]:
    for art in ("mousePressed", "mouseReleased"):
        seite.befehl(
            "Input.dispatchMouseEvent",
            {"type": art, "x": x, "y": y, "button": "left", "clickCount": 1},
        )
    return x, y


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


def _sichtbar(seite, selektor: str) -> bool:
    return seite.auswerten(
        "(function(){var e=document.querySelector(SEL);if(!e)return false;"
        "var r=e.getBoundingClientRect();return r.width>0&&r.height>0;})()".replace(
            "SEL", json.dumps(selektor)
        )
    )


def _rechteck(seite, selektor: str) -> dict[str, float]:
    return seite.auswerten(
        "(function(){var r=document.querySelector(SEL).getBoundingClientRect();"
        "return {top:r.top,bottom:r.bottom,left:r.left,right:r.right,height:r.height};})()".replace(
            "SEL", json.dumps(selektor)
        )
    )


#: Jedes sichtbare Ziel (Knopf, Link, Aufklapper), das kleiner als 44 × 44 px ist.
_ZU_KLEIN = """(function(){var zu=[];
document.querySelectorAll('button, a[href], summary, input, select, [role=button]').forEach(function(e){
  var r=e.getBoundingClientRect(); if(r.width===0&&r.height===0)return;
  if(r.width<43.99||r.height<43.99)
    zu.push((e.id||e.textContent.trim().slice(0,30))+': '+r.width.toFixed(1)+'×'+r.height.toFixed(1));
});return zu;})()"""

#: Jeder sichtbare Knopf, in dem ein Wort über zwei Zeilen läuft oder der Text hinausragt.
#: Ein weiches Trennzeichen (``&shy;``, „Durch-marsch“) ist eine erlaubte Trennstelle.
#: (Geprüft wird jedes Stück Text, das ein Wort ist: liegt es auf zwei Zeilen, bricht es.)
_BRICHT = """(function(){var aus=[];
document.querySelectorAll('button').forEach(function(b){
  var r=b.getBoundingClientRect(); if(r.width===0&&r.height===0)return;
  if(b.scrollWidth>b.clientWidth+1){aus.push(b.textContent.trim()+': ragt hinaus');return;}
  var w=document.createTreeWalker(b,NodeFilter.SHOW_TEXT);var t;
  while((t=w.nextNode())){var re=/[^\\s\\u00ad]+/g,m;
    while((m=re.exec(t.data))){var g=document.createRange();g.setStart(t,m.index);
      g.setEnd(t,m.index+m[0].length);var zeilen={};
      /* nach einem weichen Trennzeichen zählt Chromium den Strich „-“ zum nächsten Wort */
      var strich=m.index>0&&t.data[m.index-1]==='\\u00ad'?8:0;
      [].forEach.call(g.getClientRects(),function(q){if(q.width>strich)zeilen[Math.round(q.top)]=1;});
      if(Object.keys(zeilen).length>1)aus.push(m[0]+' bricht in „'+b.textContent.trim()+'“');}}
});return aus;})()"""


def _pruefe_ziele(seite, breite: int, wo: str) -> None:
    """Alles, was man gerade sieht, ist mit dem Daumen gut zu treffen und zu lesen."""
    assert seite.auswerten(_ZU_KLEIN) == [], wo
    assert seite.auswerten(_BRICHT) == [], wo
    assert seite.auswerten("document.documentElement.scrollWidth") <= breite, wo


def _pruefe_ziele_390_und_320(seite, wo: str) -> None:
    """``_pruefe_ziele`` bei 390 px, dann bei 320 px; danach wieder 390×844."""
    _pruefe_ziele(seite, 390, wo)
    klein = {"width": 320, "height": 568, "deviceScaleFactor": 1, "mobile": True}
    seite.befehl("Emulation.setDeviceMetricsOverride", klein)
    _pruefe_ziele(seite, 320, f"{wo}, 320 px")
    seite.befehl("Emulation.setDeviceMetricsOverride", {**klein, "width": 390, "height": 844})


def _bild(seite, ordner: Path, name: str, ablegen: bool = True) -> Path:
    """Ein Bildschirmfoto; mit ``REFEREE_BILDER`` (und ``ablegen``) dort abgelegt und klein
    gerechnet."""
    ziel = os.environ.get("REFEREE_BILDER") if ablegen else None
    datei = (Path(ziel) if ziel else ordner) / f"{name}.png"
    datei.parent.mkdir(parents=True, exist_ok=True)
    seite.bildschirmfoto(datei)
    if ziel:
        from PIL import Image

        with Image.open(datei) as roh:
            # 128 Farben, ohne Rauschen; „max coverage“ mit k-means hält auch kleine Flächen
            # (der grüne Punkt „live“) und nahe Töne (Grau der Knöpfe neben Weiß) auseinander
            klein = roh.convert("RGB").quantize(
                colors=128, method=Image.Quantize.MAXCOVERAGE, kmeans=3, dither=Image.Dither.NONE
            )
        klein.save(datei, optimize=True)
    return datei


def _bilder(seite, ordner: Path, name: str, breite: int, hoehe: int, ablegen: bool = True) -> None:
    """Hell und dunkel, je ein Foto (``eingabe-<name>-<breite>x<hoehe>-hell.png`` …)."""
    for schema in ("light", "dark"):
        seite.farbschema(schema)
        wie = "hell" if schema == "light" else "dunkel"
        datei = _bild(seite, ordner, f"eingabe-{name}-{breite}x{hoehe}-{wie}", ablegen)
        assert _png_groesse(datei) == (breite, hoehe)
    seite.farbschema("light")


def _vorschau_bereit(seite) -> bool:
    return seite.auswerten(
        "!document.getElementById('senden').disabled && "
        "document.getElementById('vorschau').className===''"
    )


def _live(seite) -> bool:
    return seite.auswerten("document.getElementById('status').className") == "live"


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


def _schlafmuetze(seite, sieger: str, vorschau: bool = True) -> None:
    """Schlafmütze, ``sieger`` gewinnt – und (``vorschau``) warten, bis Eintragen bereit ist."""
    _tippe(seite, '[data-spiel="sm"]')
    _chip(seite, sieger)
    if vorschau:
        assert _warte_bis(lambda: _vorschau_bereit(seite), 5), _text(seite, "#vorschau")


def _oeffne_eingabe(seite, server) -> None:
    seite.oeffne(server.url_schreiben)
    assert _warte_bis(lambda: _live(seite))


def _saldo(db: Path) -> dict[str, int]:
    with Buch(db) as b:
        return dict(b.stand().schafkopf)


def _neuer_abend(db: Path, **optionen: Any):
    with Buch(db) as b:
        b.abend_neu(VIER, ort="Post")
    return starte_im_thread(db, host="127.0.0.1", port=0, schreiben=True, **optionen)


# ---------------------------------------------------------------- ein ganzer Abend


@pytest.mark.parametrize(("breite", "hoehe"), GROESSEN, ids=["320x568", "390x844"])
def test_ein_abend_nur_mit_tipps(db_pfad, browser, tmp_path, breite, hoehe):
    server = _neuer_abend(db_pfad)
    s = browser
    try:
        leser = ZweiterKontext(browser)
        leser.oeffne(server.url)
        assert _warte_bis(lambda: _live(leser))
        s.befehl(
            "Emulation.setDeviceMetricsOverride",
            {"width": breite, "height": hoehe, "deviceScaleFactor": 1, "mobile": True},
        )
        _oeffne_eingabe(s, server)
        _pruefe_ziele(s, breite, "leer")
        # Bettel ist im Tarif aus: nicht angeboten, und die Seite sagt, wie er anginge
        assert not _sichtbar(s, '[data-spiel="b"]')
        assert _text(s, "#spiele-hinweis") == (
            "Bettel ist an diesem Abend aus (Hausregel). "
            "Einschalten am Rechner: referee abend regel bettel_erlaubt=ja"
        )
        _bilder(s, tmp_path, "leer", breite, hoehe)
        verzug = []

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
        _pruefe_ziele(s, breite, "Rufspiel")
        _bilder(s, tmp_path, "rufspiel", breite, hoehe)
        verzug.append(_eintragen_und_sehen(s, leser, "Rufspiel Anna+Ben gewonnen (61 Augen)"))
        assert _saldo(db_pfad) == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
        # die Meldung steht unten in der Leiste, nicht über dem Kopf der Seite
        assert _text(s, "#meldung").startswith("#1 eingetragen: Rufspiel Anna+Ben")
        assert _rechteck(s, "#meldung")["top"] >= _rechteck(s, "header")["bottom"]

        # 2. Herz-Solo Dora, 80 Augen, 3 Laufende, 1 Klopfer: (50 + 3 × 10) × 2 = 160 ct
        _tippe(s, '[data-spiel="solo"]')
        _tippe(s, '[data-farbe="h"]')
        _chip(s, "Dora")
        _tippe(s, '[data-augen="61"]')
        for _ in range(3):
            _tippe(s, '[data-stepper="laufende"] [data-schritt="1"]')
        _tippe(s, '[data-stepper="klopfer"] [data-schritt="1"]')
        _tippe(s, "#genau")  # die Tasten: die erste Ziffer ersetzt die 61
        assert _text(s, "#ziffern-hinweis") == "Die erste Ziffer ersetzt 61."
        _pruefe_ziele(s, breite, "Zifferntasten")
        _tippe(s, '[data-ziffer="8"]')
        _tippe(s, '[data-ziffer="0"]')
        _tippe(s, '[data-ziffer="ok"]')
        assert _text(s, "#zeile") == "Zeile: hs do 80 l3 k1"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        vorschau = _text(s, "#vorschau")
        assert "Dora +4,80 €" in vorschau and "Anna -1,60 €" in vorschau, vorschau
        verzug.append(_eintragen_und_sehen(s, leser, "Herz-Solo Dora gewonnen (80 Augen"))
        assert _saldo(db_pfad) == {"Anna": -140, "Ben": -140, "Cem": -180, "Dora": 460}

        # 3. Wenz Cem, die Augen getippt: 1·2·5 gibt es nicht – sichtbar abgelehnt
        _tippe(s, '[data-spiel="w"]')
        _chip(s, "Cem")
        _tippe(s, "#genau")
        for z in "125":
            _tippe(s, f'[data-ziffer="{z}"]')
        assert _text(s, "#augenzahl") == "125"
        assert s.auswerten("document.getElementById('augenzahl').className") == "zahl falsch"
        falsch = "125 Augen gibt es nicht: höchstens 120. Mit ⌫ korrigieren."
        assert _text(s, "#ziffern-hinweis") == falsch and _text(s, "#vorschau") == falsch
        assert s.auswerten("document.getElementById('senden').disabled")
        _bilder(s, tmp_path, "augen-125", breite, hoehe, ablegen=False)
        for z in ("weg", "weg", "weg", "4", "5", "ok"):
            _tippe(s, f'[data-ziffer="{z}"]')
        # Wenz verloren, 45 Augen: Wert 50, Cem zahlt jedem 50 ct
        assert _text(s, "#zeile") == "Zeile: w ce 45"
        verzug.append(_eintragen_und_sehen(s, leser, "Wenz Cem verloren (45 Augen)"))
        assert _saldo(db_pfad) == {"Anna": -90, "Ben": -90, "Cem": -330, "Dora": 510}

        # 4. Ramsch: Dora verliert, Ben ist Jungfrau: 20 × 2 = 40 ct an jeden
        _tippe(s, '[data-spiel="ramsch"]')
        _chip(s, "Dora")
        _tippe(s, '[data-modus="jungfrau"]')
        _chip(s, "Ben")
        _pruefe_ziele(s, breite, "Ramsch")
        verzug.append(_eintragen_und_sehen(s, leser, "Ramsch: verliert Dora, Jungfrau Ben"))
        assert _saldo(db_pfad) == {"Anna": -50, "Ben": -50, "Cem": -290, "Dora": 390}

        # 5. Bettel: erst nach der Hausregel (am Rechner) – die Seite zeigt ihn sofort
        with Buch(db_pfad) as b:
            b.regel(["bettel_erlaubt=ja"])
        assert _warte_bis(lambda: _sichtbar(s, '[data-spiel="b"]'), 5)
        assert not _sichtbar(s, "#spiele-hinweis")
        _tippe(s, '[data-spiel="b"]')
        _chip(s, "Anna")
        _tippe(s, '[data-stiche="0"]')
        # Bettel gewonnen: 50 ct von jedem
        verzug.append(_eintragen_und_sehen(s, leser, "Bettel Anna gewonnen"))
        assert _saldo(db_pfad) == {"Anna": 100, "Ben": -100, "Cem": -340, "Dora": 340}

        # 6. sabai: ein Tipp ist keine Runde – jede Hand braucht Karten oder „keine Karten“
        _tippe(s, '[data-spiel="sb"]')
        assert s.auswerten("document.getElementById('senden').disabled")
        assert _text(s, "#vorschau") == (
            "Karten von Anna, Ben, Cem, Dora fehlen (oder „keine Karten“ antippen)."
        )
        _pruefe_ziele(s, breite, "sabai")
        for karte in ("3", "7", "J"):
            _tippe(s, f'[data-karte="{karte}"]')
        _tippe(s, "#weiter")
        for karte in ("AJ", "2"):
            _tippe(s, f'[data-karte="{karte}"]')
        _tippe(s, "#weiter")
        _tippe(s, "#keine-karten")  # Cem ist alle Karten los, weiter zu Dora
        for karte in ("14", "0"):
            _tippe(s, f'[data-karte="{karte}"]')
        assert _text(s, "#zeile") == "Zeile: sb an 3 7 J / be AJ 2 / ce / do 14 0"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        # Kartenpunkte: Anna 3 + 7 − 4 (Joker) = 6, Ben −4 (Ass-Joker) + 2 = −2, Cem 0,
        # Dora 14. Ben hat den Ass-Joker: er verliert, −1; die wenigsten übrigen hat Cem: +1
        assert _text(s, "#vorschau").startswith(
            "sabai-sabai: Anna 6 · Ben −2 · Cem 0 · Dora 14 → Siegespunkte: Ben −1, Cem +1"
        )
        _pruefe_ziele(s, breite, "sabai ausgefüllt")
        _bilder(s, tmp_path, "sabai", breite, hoehe)
        verzug.append(_eintragen_und_sehen(s, leser, "sabai (1 Runde)"))
        # dasselbe Wort und dasselbe Minus in der Liste wie in der Vorschau
        assert "sabai-sabai: Siegespunkte Ben −1, Cem +1" in _text(s, "#eintraege")
        assert "· sabai" in _text(s, "#eintraege") and "Sabai" not in _text(s, "#eintraege")

        # 7. SAUFN: Plätze der Reihe nach antippen
        _tippe(s, '[data-spiel="sf"]')
        for name in ("Cem", "Anna", "Ben"):
            _chip(s, name)
        assert _text(s, "#zeile") == "Zeile: sf ce an be"
        verzug.append(_eintragen_und_sehen(s, leser, "SAUFN: 1. Cem 2. Anna 3. Ben"))

        # 8. Schlafmütze: der Sieger, und wer mitspielte (Cem nicht)
        _tippe(s, '[data-spiel="sm"]')
        _pruefe_ziele(s, breite, "Schlafmütze gewählt")  # bricht nie mitten im Wort
        _chip(s, "Dora")
        _tippe(s, "#mit summary")
        _pruefe_ziele(s, breite, "Schlafmütze mit")
        for name in ("Anna", "Ben", "Dora"):
            _chip(s, name, "#mit-chips")
        assert _text(s, "#zeile") == "Zeile: sm do mit an be do"
        verzug.append(_eintragen_und_sehen(s, leser, "Schlafmütze: gewonnen hat Dora"))

        # 9. Rückgängig: ein eigenes Blatt mit dem Eintrag und „Abbrechen“
        assert _warte_bis(lambda: _sichtbar(s, "[data-rueckgaengig]"))
        nr = s.auswerten("document.querySelector('[data-rueckgaengig]').dataset.rueckgaengig")
        _tippe(s, "[data-rueckgaengig]")
        assert s.auswerten("document.getElementById('blatt').open")
        assert _text(s, "#blatt-titel") == f"Eintrag #{nr} zurücknehmen?"
        assert "Schlafmütze: gewonnen hat Dora" in _text(s, "#blatt-eintrag")
        _pruefe_ziele(s, breite, "Blatt Rückgängig")
        time.sleep(0.7)  # das Foto zeigt „Ja“ scharf, wie nach dem ersten Moment
        _bilder(s, tmp_path, "rueckgaengig", breite, hoehe)
        _tippe(s, "#blatt-nein")
        assert not s.auswerten("document.getElementById('blatt').open")
        _tippe(s, "[data-rueckgaengig]")
        time.sleep(0.7)  # das Blatt nimmt erst nach einem Moment einen Tipp an
        start = time.monotonic()
        _tippe(s, "#blatt-ja")
        assert _warte_bis(lambda: "Schlafmütze" not in _text(leser, "#stand"), 5, 0.02)
        verzug.append(time.monotonic() - start)
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 0
            assert b.eintrag(int(nr)).gilt is False

        # 10. Korrektur: das Rufspiel war ein Schneider (91 Augen): 20 + 10 = 30 ct
        _tippe(s, '[data-korrigiere="1"]')
        assert _sichtbar(s, "#korrektur")
        assert _text(s, "#zeile") == "Zeile: r an be 61"  # aus dem Eintrag gefüllt
        _tippe(s, "#genau")
        # das Band bleibt oben sichtbar, auch wenn die Tasten aufgehen
        band = _rechteck(s, "#korrektur")
        assert band["top"] >= -0.5 and band["bottom"] <= hoehe and band["height"] > 0
        _tippe(s, '[data-ziffer="9"]')
        _tippe(s, '[data-ziffer="1"]')  # ersetzt die 61 (nicht 619)
        assert _text(s, "#zeile") == "Zeile: r an be 91"
        assert _text(s, "#senden") == "Korrektur eintragen"
        _pruefe_ziele(s, breite, "Korrektur")
        verzug.append(_eintragen_und_sehen(s, leser, "Korrektur von #1"))
        assert _saldo(db_pfad) == {"Anna": 110, "Ben": -90, "Cem": -350, "Dora": 330}
        # eine Korrektur der Korrektur nennt den ersten Eintrag des Spiels, nicht die Korrektur
        korrektur = s.auswerten(
            "[].filter.call(document.querySelectorAll('#eintraege li'),function(li){"
            "return li.innerText.indexOf('Korrektur von #1')>=0;})[0]"
            ".querySelector('[data-korrigiere]').dataset.korrigiere"
        )
        _tippe(s, f'[data-korrigiere="{korrektur}"]')
        _tippe(s, '[data-augen="60"]')  # doch verloren: je 20 ct an Cem und Dora
        verzug.append(
            _eintragen_und_sehen(s, leser, "Korrektur von #1: Rufspiel Anna+Ben verloren")
        )
        assert f"Korrektur von #{korrektur}" not in _text(s, "#eintraege")
        assert _saldo(db_pfad) == {"Anna": 60, "Ben": -140, "Cem": -300, "Dora": 380}

        # 11. Ohne Netz: der Ausgang sagt, warum der Eintrag wartet
        s.befehl("Network.enable")
        netz = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": True})
        _schlafmuetze(s, "Cem", vorschau=False)
        assert _warte_bis(lambda: s.auswerten("!document.getElementById('senden').disabled"), 10)
        _tippe(s, "#senden")
        assert _warte_bis(lambda: "kein Netz, neuer Versuch in" in _text(s, "#ausgang"), 5)
        # ohne Netz keine Vorschau: der Ausgang nennt das Spiel in Worten, die Zeile dahinter
        assert "Schlafmütze · Cem (sm ce)" in _text(s, "#ausgang")
        _pruefe_ziele(s, breite, "Ausgang")
        _bilder(s, tmp_path, "ausgang", breite, hoehe)
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": False})
        s.auswerten("window.dispatchEvent(new Event('online'))")
        assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 10)
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 1

        print(
            f"\n{breite}×{hoehe} POST → Lese-Seite: "
            + ", ".join(f"{v * 1000:.0f} ms" for v in verzug)
        )
        assert _csp_verstoesse(browser) == []
    finally:
        server.stoppe()


def test_jedes_spiel_jeder_knopf_passt_auf_kleine_handys(db_pfad, browser):
    """Jedes Spiel, jede Farbe, alle Schalter und Chips gedrückt (fett ist breiter), bei
    320 und 390 px, hell: alle Ziele ab 44 px, kein Wort bricht, nichts ragt hinaus."""
    server = _neuer_abend(db_pfad)
    s = browser
    try:
        _oeffne_eingabe(s, server)
        for breite, hoehe in GROESSEN:
            s.befehl(
                "Emulation.setDeviceMetricsOverride",
                {"width": breite, "height": hoehe, "deviceScaleFactor": 1, "mobile": True},
            )
            for spiel in ("r", "w", "g", "solo", "fw", "fg", "ramsch", "sb", "sf", "sm"):
                _tippe(s, f'[data-spiel="{spiel}"]')
                for wahl in (
                    '[data-farbe="s"]',
                    '[data-augen="90"]',
                    '[data-augen="0"]',
                    '[data-schalter="tout"]',
                    '[data-schalter="kurz"]',
                    '[data-modus="durchmarsch"]',
                    '[data-schalter="letzte"]',
                ):
                    if _sichtbar(s, wahl):
                        _tippe(s, wahl)
                for name in VIER:
                    _chip(s, name)
                _pruefe_ziele(s, breite, f"{spiel} bei {breite} px")
                _tippe(s, "#spielwahl")  # alle Spiele, eines davon gedrückt
                _pruefe_ziele(s, breite, f"alle Spiele, {spiel} gewählt, bei {breite} px")
                _tippe(s, "#leeren")
    finally:
        server.stoppe()


# ---------------------------------------------------------------- Rückgängig in echten Händen


def test_doppeltipp_auf_rueckgaengig_nimmt_nichts_zurueck(db_pfad, browser):
    """Zwei Tipps binnen 200 ms auf „Rückgängig …“ (wie ein zittriger Daumen): der erste
    öffnet das Blatt, der zweite trifft es – und nimmt trotzdem nichts zurück."""
    server = _neuer_abend(db_pfad)
    s = browser
    try:
        _oeffne_eingabe(s, server)
        _schlafmuetze(s, "Dora")
        _tippe(s, "#senden")
        assert _warte_bis(lambda: _sichtbar(s, "[data-rueckgaengig]"), 5)
        # wo „Ja, … zurücknehmen“ erscheint (einmal öffnen, messen, abbrechen)
        _echter_tipp(s, "[data-rueckgaengig]")
        ja = _rechteck(s, "#blatt-ja")
        ja_mitte = ((ja["left"] + ja["right"]) / 2, (ja["top"] + ja["bottom"]) / 2)
        _tippe(s, "#blatt-nein")
        # der zweite Tipp an derselben Stelle (trifft den Rand ums Blatt) und – schlimmer – genau
        # dort, wo der Knopf „Ja“ aufgeht; je zweimal
        for zweiter in ("dieselbe Stelle", "Ja", "dieselbe Stelle", "Ja"):
            x, y = _echter_tipp(s, "[data-rueckgaengig]")
            start = time.monotonic()
            time.sleep(0.1)
            _tipp_bei(s, *((x, y) if zweiter == "dieselbe Stelle" else ja_mitte))
            assert time.monotonic() - start < 0.2, zweiter
            time.sleep(1.0)  # hätte der zweite Tipp etwas ausgelöst, wäre es jetzt im Buch
            with Buch(db_pfad) as b:
                assert b.stand().partien["schlafmuetze"] == 1, zweiter
                assert b.eintrag(1).gilt is True, zweiter
            # das Blatt ist noch offen und wartet auf einen Entschluss
            assert s.auswerten("document.getElementById('blatt').open"), zweiter
            _tippe(s, "#blatt-nein")
        # mit Bedacht: öffnen, lesen, bestätigen
        _echter_tipp(s, "[data-rueckgaengig]")
        time.sleep(0.8)
        _echter_tipp(s, "#blatt-ja")
        assert _warte_bis(lambda: "Eintrag #1 ist storniert." in _text(s, "#meldung"), 5)
        with Buch(db_pfad) as b:
            assert b.eintrag(1).gilt is False
    finally:
        server.stoppe()


# ---------------------------------------------------------------- Ausgang und zweite Handys


def test_unbeantwortete_rueckfrage_haelt_nichts_auf(db_pfad, browser):
    """Ein zweites Handy trug dasselbe Spiel ein; die Rückfrage bleibt offen – das nächste
    Spiel geht trotzdem sofort hinaus, und der Ausgang sagt, worauf der erste wartet."""
    server = _neuer_abend(db_pfad)
    s = browser
    try:
        with Buch(db_pfad) as b:  # „das andere Handy“
            from referee.live.formular import angaben

            b.eintragen(angaben("sm ce", VIER), eingabe={"handy": "sm ce"})
        _oeffne_eingabe(s, server)
        _schlafmuetze(s, "Cem")
        # die Warnung steht ganz da, außerhalb des Kastens, der scrollt
        warnung = "Gleiches Spiel steht schon als #1 – von einem anderen Handy?"
        assert _text(s, "#doppelt").startswith(warnung)
        w = _rechteck(s, "#doppelt")
        assert w["bottom"] <= 844 and w["height"] > 20
        _tippe(s, "#senden")
        assert _warte_bis(lambda: _sichtbar(s, "#frage"), 5)
        assert "wartet auf deine Antwort zu #1" in _text(s, "#ausgang")
        # nicht antworten, gleich das nächste Spiel
        _tippe(s, '[data-spiel="sf"]')
        for name in ("Anna", "Ben", "Dora"):
            _chip(s, name)
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        start = time.monotonic()
        _tippe(s, "#senden")
        with Buch(db_pfad) as b:
            assert _warte_bis(lambda: b.stand().partien["saufn"] == 1, 3, 0.02)
        print(
            f"\nneben offener Rückfrage eingetragen nach {(time.monotonic() - start) * 1000:.0f} ms"
        )
        assert _warte_bis(lambda: "SAUFN: 1. Anna 2. Ben 3. Dora" in _text(s, "#eintraege"), 5)
        # die Rückfrage wartet weiter, der Ausgang sagt es; „Nicht eintragen“ verwirft sie
        titel = "document.getElementById('ausgang-titel').textContent"
        # die Liste der Einträge kommt über den Ereignisstrom, die Antwort auf das Absenden kann
        # einen Augenblick später ankommen: erst dann verlässt SAUFN den Ausgang
        assert _warte_bis(lambda: s.auswerten(titel) == "Noch nicht gesendet (1)", 5)
        assert "wartet auf deine Antwort zu #1" in _text(s, "#ausgang")
        _tippe(s, "#frage-nein")
        assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 5)
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 1 and b.stand().partien["saufn"] == 1
    finally:
        server.stoppe()


def test_korrektur_eines_eben_ersetzten_eintrags_sagt_es_sofort(db_pfad, browser):
    """Handy A korrigiert #1; inzwischen ersetzt ein anderes Handy #1 durch #2. Die Seite sagt
    es über den Ereignisstrom, bevor jemand „Korrektur eintragen“ tippt – und bietet #2 an.
    (Auf dem kleinen Handy, 320 × 568: das rote Band passt mit beiden Knöpfen.)"""
    server = _neuer_abend(db_pfad)
    s = browser
    s.befehl(
        "Emulation.setDeviceMetricsOverride",
        {"width": 320, "height": 568, "deviceScaleFactor": 1, "mobile": True},
    )
    from referee.live.formular import angaben

    try:
        with Buch(db_pfad) as b:
            b.eintragen(angaben("r an be 61", VIER), eingabe={"handy": "r an be 61"})
        _oeffne_eingabe(s, server)
        _tippe(s, '[data-korrigiere="1"]')
        _tippe(s, '[data-augen="91"]')
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        with Buch(db_pfad) as b:
            b.korrigieren(1, angaben("r an be 71", VIER), eingabe={"handy": "r an be 71"})
        assert _warte_bis(lambda: "wurde inzwischen ersetzt" in _text(s, "#korrektur"), 3)
        assert _text(s, "#korrektur-text") == "#1 wurde inzwischen ersetzt – jetzt gilt #2."
        assert s.auswerten("document.getElementById('senden').disabled")
        assert _text(s, "#korrektur-neu") == "#2 korrigieren"
        _pruefe_ziele(s, 320, "Korrektur veraltet")
        _tippe(s, "#korrektur-neu")
        assert _text(s, "#korrektur-text") == "Korrektur von #2"
        assert _text(s, "#zeile") == "Zeile: r an be 71"
    finally:
        server.stoppe()


def test_ausgang_verwerfen_und_abgelehnt(db_pfad, browser):
    """Der Ausgang (``ausgang.js``): ein wartender Eintrag lässt sich verwerfen; einen, den der
    Server ablehnt (der Abend wurde inzwischen beendet: 409), meldet die Seite und füllt das
    Formular wieder damit – nichts geht verloren, nichts wird geschrieben."""
    server = _neuer_abend(db_pfad)
    s = browser
    netz = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    try:
        _oeffne_eingabe(s, server)
        s.befehl("Network.enable")
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": True})
        frei = "!document.getElementById('senden').disabled"
        for sieger in ("Cem", "Dora"):
            _schlafmuetze(s, sieger, vorschau=False)
            # ohne Netz keine Vorschau – eintragen geht trotzdem (in den Ausgang)
            assert _warte_bis(lambda: s.auswerten(frei), 10)
            _tippe(s, "#senden")
        ausgang = "document.getElementById('ausgang').textContent"
        assert _warte_bis(lambda: "Noch nicht gesendet (2)" in s.auswerten(ausgang), 5)
        assert "wartet, bis der davor angekommen ist" in s.auswerten(ausgang)
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
        assert _warte_bis(lambda: _sichtbar(s, "#meldung"), 10)
        assert _text(s, "#meldung").startswith("Nicht eingetragen: Kein offener Abend")
        assert s.auswerten("document.getElementById('ausgang').hidden")
        assert _text(s, "#zeile") == "Zeile: sm do"  # wieder im Formular
        with Buch(db_pfad) as b:
            assert b.stand().partien["schlafmuetze"] == 0
    finally:
        server.stoppe()


def test_ohne_wlan_wartet_der_eintrag_im_ausgang(db_pfad, browser):
    """Kein Netz beim Eintragen: der Eintrag bleibt auf dem Handy („noch nicht gesendet“),
    übersteht ein Neuladen der Seite und geht genau einmal ins Buch, sobald das Netz zurück ist;
    dasselbe Spiel noch einmal fragt nach (nein verwirft, ja trägt ein)."""
    server = _neuer_abend(db_pfad)
    s = browser
    try:
        _oeffne_eingabe(s, server)
        _schlafmuetze(s, "Cem")
        s.befehl("Network.enable")
        netz = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        s.befehl("Network.emulateNetworkConditions", {**netz, "offline": True})
        _tippe(s, "#senden")
        assert _warte_bis(lambda: "kein Netz" in _text(s, "#ausgang"), 5)
        ausgang = s.auswerten("document.getElementById('ausgang').textContent")
        assert "Noch nicht gesendet (1)" in ausgang and "sm ce" in ausgang
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

        for antwort, erwartet in (("#frage-nein", 1), ("#frage-ja", 2)):
            _schlafmuetze(s, "Cem")
            assert "Gleiches Spiel steht schon als #1" in _text(s, "#doppelt")
            _tippe(s, "#senden")
            assert _warte_bis(lambda: _sichtbar(s, "#frage"), 5)
            frage = _text(s, "#frage-text")
            assert frage.startswith("Schon eingetragen als #1 (") and "trotzdem eintragen?" in frage
            _tippe(s, antwort)
            assert _warte_bis(lambda: not _sichtbar(s, "#frage"), 5)
            assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 5)
            with Buch(db_pfad) as b:
                assert b.stand().partien["schlafmuetze"] == erwartet
    finally:
        server.stoppe()
