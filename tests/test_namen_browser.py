"""Zwei Sepps an einem Turniertisch, mit Tipps eingetragen (headless Chromium, 390×844).

Das Turnier von ``test_namen_am_tisch.py``: Tisch 1 sitzt Cem #4, Sepp Maier #7, Sepp Huber
#2, Anna #1. Punkte nach solo-6-2: Rufspiel ±1 je Spieler, Solo 2 je Gegenspieler, der
Solospieler das Dreifache.
"""

from __future__ import annotations

from test_live_browser import _png_groesse, _warte_bis
from test_live_browser import browser as browser  # die Fixture: ein Chromium je Test
from test_namen_am_tisch import _gespielt, _turnier
from test_schreiben_browser import (
    _chip,
    _oeffne_eingabe,
    _pruefe_ziele_390_und_320,
    _text,
    _tippe,
    _vorschau_bereit,
)

from referee.live import starte_turnier_im_thread

CHIPS_JS = (
    "[].slice.call(document.querySelectorAll('#chips button'))"
    ".map(function(b){return [b.innerText.replace(/\\n/g,' ').trim(), b.disabled];})"
)


def _senden(s, pfad, anzahl: int) -> None:
    assert _warte_bis(lambda: _vorschau_bereit(s), 5), _text(s, "#vorschau")
    _tippe(s, "#senden")
    assert _warte_bis(lambda: len(_gespielt(pfad)) == anzahl, 5)
    assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 5)


def test_zwei_sepps_mit_tipps_am_turniertisch(db_pfad, browser, tmp_path):
    _turnier(db_pfad)
    server = starte_turnier_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        s = browser
        s.oeffne(dict(server.tischlinks())[1])
        assert _warte_bis(lambda: _text(s, "#tischkopf").startswith("Tisch 1"))
        # Spiel 1: Rufspiel Sepp Huber + Sepp Maier, gewonnen – beide Chips frei, unterscheidbar
        _tippe(s, '[data-spiel="r"]')
        assert s.auswerten(CHIPS_JS) == [
            ["Cem Nr. 4", False],
            ["Sepp M. · 7", False],
            ["Sepp H. · 2", False],
            ["Anna Nr. 1", False],
        ]
        _pruefe_ziele_390_und_320(s, "zwei Sepps")
        _chip(s, "Sepp H. · 2")
        _chip(s, "Sepp M. · 7")
        _tippe(s, '[data-augen="61"]')
        assert _text(s, "#zeile") == "Zeile: r hu ma 61"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5)
        assert "Rufspiel Sepp Huber+Sepp Maier gewonnen" in _text(s, "#vorschau")
        s.auswerten("document.getElementById('meldung').hidden = true")
        bild = s.bildschirmfoto(tmp_path / "zwei-sepps-390.png")
        assert _png_groesse(bild) == (390, 844)
        assert s.auswerten("document.documentElement.scrollWidth") <= 390
        _senden(s, db_pfad, 1)
        # Spiel 2: Herz-Solo Sepp Maier, gewonnen
        _tippe(s, '[data-spiel="solo"]')
        _tippe(s, '[data-farbe="h"]')
        _chip(s, "Sepp M. · 7")
        _tippe(s, '[data-augen="61"]')
        assert _text(s, "#zeile") == "Zeile: hs ma 61"
        _senden(s, db_pfad, 2)
    finally:
        server.stoppe()
    assert _gespielt(db_pfad) == [
        ("Sepp Huber", "Sepp Maier", {4: -1, 7: 1, 2: 1, 1: -1}),
        ("Sepp Maier", None, {4: -2, 7: 6, 2: -2, 1: -2}),
    ]


def test_zwei_sepps_mit_tipps_am_abend(db_pfad, browser, tmp_path):
    from referee.buch import Buch
    from referee.live import starte_im_thread

    with Buch(db_pfad) as b:
        b.abend_neu(["Sepp Huber", "Anna", "Sepp Maier", "Ben"])
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        s = browser
        _oeffne_eingabe(s, server)
        _tippe(s, '[data-spiel="r"]')
        assert s.auswerten(CHIPS_JS) == [
            ["Sepp H.", False],
            ["Anna", False],
            ["Sepp M.", False],
            ["Ben", False],
        ]
        _chip(s, "Sepp M.")
        _chip(s, "Sepp H.")
        _tippe(s, '[data-augen="60"]')
        assert _text(s, "#zeile") == "Zeile: r ma hu 60"
        assert _warte_bis(lambda: _vorschau_bereit(s), 5), _text(s, "#vorschau")
        assert _png_groesse(s.bildschirmfoto(tmp_path / "zwei-sepps-abend-390.png")) == (390, 844)
        _tippe(s, "#senden")
        assert _warte_bis(lambda: s.auswerten("document.getElementById('ausgang').hidden"), 5)
    finally:
        server.stoppe()
    with Buch(db_pfad) as b:
        e = b.eintrag(1).ergebnis
    # Rufspiel Sepp Maier mit Sepp Huber, verloren (60 Augen)
    assert (e.spieler, e.partner, e.gewonnen, e.augen) == ("Sepp Maier", "Sepp Huber", False, 60)
