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


def _prozess(db_pfad, *args: str) -> subprocess.Popen:
    """``referee live *args`` als eigener Prozess (stdout und stderr als Text)."""
    return subprocess.Popen(
        [sys.executable, "-m", "referee", "live", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env({"REFEREE_DB": str(db_pfad)}),
        cwd=ROOT,
    )


def _starte(db_pfad, *args: str) -> tuple[subprocess.Popen, str]:
    proc = _prozess(db_pfad, *args)
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


# ---------------------------------------------------------------- --schreiben und --json


def _starte_json(db_pfad, *args: str) -> tuple[subprocess.Popen, dict]:
    """``referee live --json …``: die erste Zeile (JSON) und der Prozess, sobald er bereit ist
    (der Hinweis auf stderr endet mit „Beenden mit Strg-C.“)."""
    import json

    proc = _prozess(db_pfad, "--json", *args)
    assert proc.stdout is not None and proc.stderr is not None
    links = json.loads(proc.stdout.readline())
    hinweis = []
    while not hinweis or hinweis[-1] != "Beenden mit Strg-C.\n":
        hinweis.append(proc.stderr.readline())
        assert hinweis[-1], hinweis
    proc.hinweis = "".join(hinweis)  # type: ignore[attr-defined]
    return proc, links


def test_live_schreiben_json_und_beide_links(abend, db_pfad):
    import json

    proc, links = _starte_json(db_pfad, "--schreiben", "--host", "127.0.0.1", "--port", "0")
    try:
        assert set(links) == {"lesen", "schreiben", "abend", "host", "port", "nur_lokal"}
        assert links["abend"] == 1 and links["nur_lokal"] is True and links["host"] == "127.0.0.1"
        lesen, schreiben = links["lesen"], links["schreiben"]
        assert lesen.startswith(f"http://127.0.0.1:{links['port']}/") and lesen != schreiben
        with urllib.request.urlopen(schreiben, timeout=10) as antwort:
            assert "Wer diesen Link hat, kann eintragen" in antwort.read().decode()
        anfrage = urllib.request.Request(
            schreiben + "api/eintrag",
            json.dumps({"zeile": "r an be 71", "schluessel": "cli-00001"}).encode(),
            {"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(anfrage, timeout=10) as antwort:
            assert json.loads(antwort.read())["stand"]["schafkopf"]["Anna"] == 20
    finally:
        aus, fehler = _beende(proc)
    assert proc.returncode == 0 and aus == ""  # nach der ersten Zeile nichts mehr auf stdout
    assert (
        "Wer den Link „Eintragen“ hat, kann eintragen, korrigieren und rückgängig machen"
        in proc.hinweis
    )
    assert "Tschüss!" in fehler


def test_live_json_ohne_schreiben(abend, db_pfad):
    proc, links = _starte_json(db_pfad, "--host", "127.0.0.1", "--port", "0")
    _beende(proc)
    assert links["schreiben"] is None and links["lesen"].startswith("http://127.0.0.1:")
    assert "Eintragen" not in proc.hinweis


def test_live_schreiben_zeigt_zwei_links_mit_qr(abend, db_pfad):
    proc = _prozess(db_pfad, "--schreiben", "--host", "127.0.0.1", "--port", "0")
    assert proc.stderr is not None
    while proc.stderr.readline() not in ("Beenden mit Strg-C.\n", ""):
        pass
    aus, _ = _beende(proc)
    zeilen = aus.splitlines()
    assert zeilen[0].startswith("Live-Stand: http://127.0.0.1:")
    eintragen = [i for i, z in enumerate(zeilen) if z.startswith("Eintragen: http://127.0.0.1:")]
    assert len(eintragen) == 1
    # je Link ein QR-Code darunter
    for von, bis in ((1, eintragen[0]), (eintragen[0] + 1, len(zeilen))):
        qr = [z for z in zeilen[von:bis] if z.strip()]
        assert len(qr) >= 15 and all(set(z) <= set("█▀▄ ") for z in qr)


def test_live_schreiben_nur_im_offenen_abend(abend, cli):
    r = ok(cli("live", "--schreiben", "--abend", "1", "--port", "0"), 2)
    assert "--schreiben trägt in den offenen Abend ein; ohne --abend starten" in r.stderr


def test_hilfe_nennt_schreiben_und_json(cli):
    r = ok(cli("live", "--help"))
    assert "--schreiben" in r.stdout and "--json" in r.stdout
    assert "Beispiel: referee live --schreiben" in r.stdout


def test_tisch_live_schreiben(abend, cli):
    r = ok(cli("tisch", input="live schreiben --host 127.0.0.1 --port 0\nlive schreiben\n"))
    zeilen = r.stdout.splitlines()
    assert zeilen[0].startswith("Live-Stand: http://127.0.0.1:")
    assert zeilen[1].startswith("Eintragen: http://127.0.0.1:") and zeilen[1] != zeilen[0]
    assert zeilen[2] == "Nur auf diesem Rechner erreichbar."
    # ein zweites „live schreiben“ nennt die laufenden Links, statt neu zu starten
    assert zeilen[3] == "Der Live-Stand läuft schon: " + zeilen[0].split(": ", 1)[1]
    assert zeilen[4] == zeilen[1]
