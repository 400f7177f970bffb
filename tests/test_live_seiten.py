"""Der Aufbau der Live-Seiten (issue 33, Punkt 3): ein Grundstil, den jede Seite nimmt und nicht
wiederholt; keine Seite importiert eine andere; eine Stelle maskiert HTML; eine Tabelle der
Pfade für Abend und Turnier; die Content-Security-Policy nennt genau die drei Stile."""

from __future__ import annotations

import ast
import base64
import hashlib
import re
from pathlib import Path

from conftest import ROOT

from referee.live import app, basis, eingabeseite, seite, turnierseite

SEITEN = {"seite": seite, "eingabeseite": eingabeseite, "turnierseite": turnierseite}


def regeln(stil: str) -> list[str]:
    """Die Regeln eines Stils auf oberster Ebene (eine ``@media``-Klammer ist eine Regel)."""
    aus, tiefe, anfang = [], 0, 0
    for i, z in enumerate(stil):
        if z == "{":
            tiefe += 1
        elif z == "}":
            tiefe -= 1
            if tiefe == 0:
                aus.append(stil[anfang : i + 1].strip())
                anfang = i + 1
    assert tiefe == 0 and not stil[anfang:].strip()
    return aus


def test_ein_grundstil_den_keine_seite_wiederholt():
    grund = set(regeln(basis.BASIS))
    stand = set(regeln(basis.STAND))
    eigen = {}
    for name, modul in SEITEN.items():
        stil = modul.STIL
        assert stil.startswith(basis.BASIS), name
        alle = regeln(stil)
        assert len(alle) == len(set(alle)), f"{name}: eine Regel doppelt"
        eigen[name] = set(alle) - grund - stand
        # die eigenen Regeln folgen dem Grundstil (und dem Stand), keine wiederholt ihn
        assert alle[: len(alle) - len(eigen[name])] == list(
            regeln(basis.BASIS) + (regeln(basis.STAND) if stand <= set(alle) else [])
        ), name
    # Lese- und Eingabeseite zeigen beide den Stand eines Abends, die Rangliste nicht
    assert stand <= set(regeln(seite.STIL)) and stand <= set(regeln(eingabeseite.STIL))
    assert not stand & set(regeln(turnierseite.STIL))
    # keine Regel steht in zwei Seiten
    namen = list(eigen)
    for i, a in enumerate(namen):
        for b in namen[i + 1 :]:
            assert not eigen[a] & eigen[b], (a, b, eigen[a] & eigen[b])


def _importe(datei: Path) -> set[str]:
    baum = ast.parse(datei.read_text(encoding="utf-8"))
    aus = set()
    for knoten in ast.walk(baum):
        if isinstance(knoten, ast.ImportFrom) and knoten.module:
            aus.add(knoten.module)
            aus.update(f"{knoten.module}.{n.name}" for n in knoten.names)
        elif isinstance(knoten, ast.Import):
            aus.update(n.name for n in knoten.names)
    return aus


def test_keine_seite_importiert_eine_andere():
    for name in SEITEN:
        importe = _importe(ROOT / "referee" / "live" / f"{name}.py")
        andere = {f"referee.live.{n}" for n in SEITEN if n != name}
        assert not importe & andere, (name, importe & andere)
        assert "referee.live.basis" in importe, name


def test_eine_stelle_maskiert_html():
    """Kein eigenes ``_h`` mehr und kein ``html.escape`` außerhalb von ``referee.text``."""
    import_html = re.compile(r"^\s*(?:from html(?:\.\w+)? import|import html\b)", re.M)
    for datei in (ROOT / "referee").rglob("*.py"):
        text = datei.read_text(encoding="utf-8")
        assert "def _h(" not in text, datei
        assert not import_html.search(text), datei


def test_csp_nennt_genau_die_drei_stile():
    hashes = {
        "'sha256-" + base64.b64encode(hashlib.sha256(m.STIL.encode()).digest()).decode() + "'"
        for m in SEITEN.values()
    }
    csp = app.SICHERHEIT["content-security-policy"]
    stil = next(t for t in csp.split("; ") if t.startswith("style-src "))
    assert set(stil.split()[1:]) == hashes
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp


def test_eine_tabelle_der_pfade():
    """Dieselben Pfade für Abend und Turnier: Lese-Link und Schreib-Link."""
    lesen = {p for art, p in app.PFADE if art == "lesen"}
    schreiben = {p for art, p in app.PFADE if art == "schreiben"}
    assert lesen == {"", "index.html", "app.js", "stand.json", "ereignisse"}
    assert schreiben == {"", "index.html", "eingabe.js", "stand.json", "ereignisse"}
    for methode in app.PFADE.values():
        assert callable(getattr(app.LiveApp, methode)), methode
