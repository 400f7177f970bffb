"""``referee live`` als echter Prozess: Link und QR-Code, Hinweis, Strg-C, belegter Port."""

from __future__ import annotations

import ipaddress
import signal
import subprocess
import sys
import urllib.parse
import urllib.request

import pytest
from conftest import ROOT, _env, ok


def _starte(db_pfad, *args: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "live", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env({"REFEREE_DB": str(db_pfad)}),
        cwd=ROOT,
    )
    assert proc.stdout is not None
    zeile = proc.stdout.readline()
    assert zeile.startswith("Live-Stand: http://"), zeile
    assert proc.stderr is not None
    hinweis = [proc.stderr.readline() for _ in range(3)]  # bereit, sobald der Hinweis steht
    assert hinweis[-1] == "Beenden mit Strg-C.\n", hinweis
    proc.hinweis = "".join(hinweis)  # type: ignore[attr-defined]
    return proc, zeile.split(": ", 1)[1].strip()


def _beende(proc: subprocess.Popen, sig=signal.SIGINT) -> tuple[str, str]:
    proc.send_signal(sig)
    try:
        aus, fehler = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    return aus, fehler


@pytest.fixture
def abend(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    return cli


def test_live_zeigt_link_qr_und_hinweis_und_endet_mit_strg_c(abend, db_pfad):
    proc, url = _starte(db_pfad, "--host", "127.0.0.1", "--port", "0")
    try:
        with urllib.request.urlopen(url + "stand.json", timeout=10) as antwort:
            assert antwort.status == 200
    finally:
        aus, fehler = _beende(proc)
    assert proc.returncode == 0, fehler
    qr = [z for z in aus.splitlines() if z.strip()]
    assert len(qr) >= 15 and all(set(z) <= set("█▀▄ ") for z in qr)
    assert proc.hinweis.startswith("Nur auf diesem Rechner erreichbar (127.0.0.1)")
    assert fehler == (
        "Live-Stand beendet – die Seite auf den Handys bleibt beim letzten Stand. Tschüss!\n"
    )


def test_live_sigterm_endet_sauber(abend, db_pfad):
    proc, _ = _starte(db_pfad, "--host", "127.0.0.1", "--port", "0", "--ohne-qr")
    aus, fehler = _beende(proc, signal.SIGTERM)
    assert proc.returncode == 0 and aus == ""
    assert "Tschüss!" in fehler


def test_zweites_live_auf_demselben_port(abend, db_pfad, cli):
    proc, url = _starte(db_pfad, "--host", "127.0.0.1", "--port", "0", "--ohne-qr")
    try:
        port = str(urllib.parse.urlsplit(url).port)
        r = cli("live", "--host", "127.0.0.1", "--port", port)
    finally:
        _beende(proc)
    ok(r, 2)
    assert r.stdout == ""
    assert r.stderr == (
        f"Fehler: Port {port} auf 127.0.0.1 ist schon belegt – läuft schon ein „referee live“? "
        f"Einen anderen Port wählen: referee live --port {int(port) + 1}\n"
    )


def test_live_unbekannter_abend_und_fremde_adresse(abend, cli):
    # wie „referee stand --abend 99“: dieselbe Meldung, derselbe Exit-Code
    r = cli("live", "--abend", "99", "--port", "0")
    stand = cli("stand", "--abend", "99")
    assert r.returncode == stand.returncode in (1, 2) and r.stdout == ""
    assert r.stderr == stand.stderr == "Fehler: Es gibt keinen Abend 99.\n"
    r = ok(cli("live", "--host", "203.0.113.7", "--port", "0"), 2)
    assert "Die Adresse „203.0.113.7“ gehört nicht zu diesem Rechner" in r.stderr


def test_live_ohne_host_lauscht_im_lokalen_netz(abend, db_pfad):
    proc, url = _starte(db_pfad, "--port", "0", "--ohne-qr")
    try:
        host = urllib.parse.urlsplit(url).hostname
        with urllib.request.urlopen(url, timeout=10) as antwort:
            assert antwort.status == 200
    finally:
        _beende(proc)
    fehler = proc.hinweis
    ip = ipaddress.ip_address(host)
    assert ip.is_private  # nie eine öffentliche Adresse
    if ip.is_loopback:  # Rechner ohne lokales Netz
        assert "Nur auf diesem Rechner erreichbar" in fehler
    else:
        assert "Jeder im selben WLAN mit diesem Link/QR-Code sieht den Stand; nur lesen." in fehler


def test_hilfe_auf_deutsch_mit_beispiel(cli):
    r = ok(cli("live", "--help"))
    assert "Beispiel: referee live" in r.stdout
    assert "--abend" in r.stdout and "--host" in r.stdout and "--port" in r.stdout
