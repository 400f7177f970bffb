"""``referee live``: Seite, stand.json, Sicherheit (Token, Methoden, Köpfe, Escaping), Ereignisse.

Der Server läuft im Test-Prozess (``starte_im_hintergrund``) auf 127.0.0.1; geschrieben wird
über die echte Kommandozeile in eigenen Prozessen – wie am Tisch aus einem zweiten Terminal.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
import urllib.parse

import pytest
from conftest import ROOT, _env, ok

from referee.live import starte_im_hintergrund, starte_im_thread


@pytest.fixture
def abend(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Gasthaus Post"))
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"))
    return cli


@pytest.fixture
def live(db_pfad):
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    yield server
    server.stoppe()


@pytest.fixture(scope="module")
def geteilt(tmp_path_factory):
    """Ein Abend und ein Server für die Tests, die nur lesen (spart Prozessstarts)."""
    from conftest import run_cli

    pfad = tmp_path_factory.mktemp("live") / "referee.db"
    env = {"REFEREE_DB": str(pfad)}
    ok(run_cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", env=env))
    ok(run_cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", env=env))
    server = starte_im_thread(pfad, host="127.0.0.1", port=0)
    yield server
    server.stoppe()


def hole(server, pfad: str, methode: str = "GET", token: str | None = None):
    """(Status, Köpfe, Text) für ``/<token>/<pfad>``; ``token=""`` lässt ihn weg."""
    t = server.token if token is None else token
    verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    ziel = f"/{t}/{pfad}" if t else f"/{pfad}"
    verbindung.request(methode, ziel)
    antwort = verbindung.getresponse()
    text = antwort.read().decode("utf-8")
    verbindung.close()
    return antwort.status, {k.lower(): v for k, v in antwort.getheaders()}, text


PFADE = ("", "app.js", "stand.json", "ereignisse", "index.html")


# ---------------------------------------------------------------- die Seite


def test_seite_zeigt_stand_wert_und_geber(abend, live):
    status, kopf, html = hole(live, "")
    assert status == 200
    assert kopf["content-type"] == "text/html; charset=utf-8"
    assert "Gasthaus Post" in html
    # Rufspiel 20 ct + 3 Laufende × 10 ct = 50 ct je Gegenspieler
    assert "+0,50 €" in html and "-0,50 €" in html
    assert "Wert: 20 (Rufspiel) + 30 (3 Laufende × 10) = 50 ct" in html
    # nach einem Spiel gibt der Zweite (Ben), der Dritte (Cem) spielt aus
    assert "<b>Ben</b> gibt, Cem spielt aus" in html
    assert "Wer zahlt wem" in html and "<svg" in html
    assert f'src="/{live.token}/app.js"' in html
    assert '<noscript><meta http-equiv="refresh" content="10"></noscript>' in html
    assert len(html.encode()) < 60_000


def test_seite_ohne_abend_und_dann_mit(cli, live):
    status, _, html = hole(live, "")
    assert status == 200 and "Noch kein Spielabend" in html
    status, _, text = hole(live, "stand.json")
    assert status == 503 and json.loads(text)["fehler"]["art"] == "zustand"
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    assert "Anna, Ben, Cem, Dora" in hole(live, "")[2]


def test_fuenf_spieler_der_geber_setzt_aus(cli, db_pfad):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "Emil"))
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    try:
        html = hole(server, "")[2]
    finally:
        server.stoppe()
    # bei fünf Spielern setzt der Geber aus; links von ihm spielt Ben aus
    assert "Nächstes Spiel: <b>Anna</b> gibt (setzt aus), Ben spielt aus." in html


def test_alle_spiele_auf_der_seite(abend, live):
    ok(abend("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"))
    ok(abend("saufn", "ende", "--platz", "Anna", "Ben", "Cem", "--eintragen"))
    ok(abend("schlafmuetze", "sieg", "Cem"))
    html = hole(live, "")[2]
    for titel in (
        "Schafkopf",
        "sabai (1 Runde)",
        "SAUFN (1× gespielt)",
        "Schlafmütze (1× gespielt)",
    ):
        assert f"<h2>{titel}" in html, titel
    assert "SAUFN: 1. Anna 2. Ben 3. Cem" in html
    assert "Schlafmütze: gewonnen hat Cem" in html


def test_grosser_abend_bleibt_unter_60_kb(db_pfad):
    from referee.buch import Buch
    from referee.schafkopf.angaben import SchafkopfAngaben

    with Buch(db_pfad) as buch:
        buch.abend_neu(["Anna", "Ben", "Cem", "Dora"])
        for i in range(300):
            partei = ("Anna", "Ben") if i % 2 else ("Cem", "Dora")
            buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", partei, augen=61 + i % 50))
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    try:
        status, _, html = hole(server, "")
    finally:
        server.stoppe()
    assert status == 200
    assert "(8 von 300)" in html
    assert len(html.encode()) < 60_000


# ---------------------------------------------------------------- stand.json


def test_stand_json_gleich_referee_stand_json(abend, live):
    ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45", "--klopfer", "1"))
    status, kopf, text = hole(live, "stand.json")
    assert status == 200 and kopf["content-type"] == "application/json"
    assert text == ok(abend("stand", "--json")).stdout
    daten = json.loads(text)
    # Rufspiel +50/+50/-50/-50, dann Wenz Cem verloren, 1 Klopfer: 100 ct, Cem zahlt 3 × 100
    assert daten["schafkopf"] == {"Anna": 150, "Ben": 150, "Cem": -350, "Dora": 50}


def test_stand_json_eines_bestimmten_abends(abend, db_pfad):
    ok(abend("abend", "ende"))
    ok(abend("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    server = starte_im_thread(db_pfad, abend_id=1, host="127.0.0.1", port=0)
    try:
        text = hole(server, "stand.json")[2]
    finally:
        server.stoppe()
    assert text == ok(abend("stand", "--abend", "1", "--json")).stdout
    assert json.loads(text)["schafkopf"]["Anna"] == 50


def test_unbekannter_abend(abend, db_pfad):
    from referee.errors import RefereeFehler

    with pytest.raises(RefereeFehler):
        starte_im_thread(db_pfad, abend_id=99, host="127.0.0.1", port=0)


def test_rueckgaengig_und_korrektur_kommen_an(abend, live):
    ok(abend("rueckgaengig"))
    assert json.loads(hole(live, "stand.json")[2])["schafkopf"]["Anna"] == 0
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    eid = json.loads(ok(abend("verlauf", "--json")).stdout)["eintraege"][-1]["id"]
    ok(abend("korrektur", str(eid), "rufspiel", "Anna+Ben", "--augen", "45"))
    stand = json.loads(hole(live, "stand.json")[2])
    assert stand["schafkopf"] == {"Anna": -20, "Ben": -20, "Cem": 20, "Dora": 20}
    assert f"Korrektur von #{eid}" in hole(live, "")[2]


# ---------------------------------------------------------------- Sicherheit


@pytest.mark.parametrize("pfad", PFADE)
def test_ohne_oder_mit_falschem_token_404(geteilt, pfad):
    t = geteilt.token
    for token in ("", "x", t[:-1], t + "x", t.upper() if t.upper() != t else t.lower(), "a" * 22):
        for methode in ("GET", "HEAD", "POST"):
            status, kopf, text = hole(geteilt, pfad, methode, token=token)
            assert status == 404, (token, pfad, methode)
            assert text in ("", "Nicht gefunden.\n")
            assert kopf["x-content-type-options"] == "nosniff"
            assert "server" not in kopf


def test_andere_pfade_404(geteilt):
    for pfad in ("favicon.ico", "../", "stand.json/x", "app.js.map", "%2e%2e/"):
        assert hole(geteilt, pfad)[0] == 404, pfad
    for roh in ("/", "/favicon.ico", "/robots.txt", f"//{geteilt.token}/", f"/x/{geteilt.token}/"):
        verbindung = http.client.HTTPConnection("127.0.0.1", geteilt.port, timeout=10)
        verbindung.request("GET", roh)
        assert verbindung.getresponse().status == 404, roh
        verbindung.close()


@pytest.mark.parametrize("methode", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_nur_get_und_head(geteilt, methode):
    vorher = hole(geteilt, "stand.json")[2]
    for pfad in PFADE:
        status, kopf, text = hole(geteilt, pfad, methode)
        assert status == 405 and text == "" and kopf["allow"] == "GET, HEAD", (pfad, methode)
    assert hole(geteilt, "stand.json")[2] == vorher


def test_head_ohne_inhalt(geteilt):
    for pfad in PFADE:
        status, _, text = hole(geteilt, pfad, "HEAD")
        assert status == 200 and text == "", pfad


def test_sicherheitskoepfe(geteilt):
    for pfad in PFADE[:3]:
        kopf = hole(geteilt, pfad)[1]
        csp = kopf["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "frame-ancestors 'none'" in csp
        assert kopf["x-content-type-options"] == "nosniff"
        assert kopf["referrer-policy"] == "no-referrer"
        assert kopf["cache-control"] == "no-store"


def test_seite_ohne_fremde_quellen_und_ohne_eingebettetes_skript(geteilt):
    html = hole(geteilt, "")[2]
    for fremd in ("http://", "https://", "//cdn", "@import", "url("):
        # der SVG-Namensraum ist keine Quelle, die geladen wird
        assert fremd not in html.replace('xmlns="http://www.w3.org/2000/svg"', ""), fremd
    assert html.count("<script") == 1 and "<script src=" in html
    assert " on" + "click" not in html and "javascript:" not in html


def test_token_hat_mindestens_128_bit(db_pfad):
    tokens = set()
    for _ in range(3):
        server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
        tokens.add(server.token)
        server.stoppe()
    assert len(tokens) == 3
    # token_urlsafe: 6 Bit je Zeichen
    assert all(len(t) * 6 >= 128 for t in tokens)
    assert all(
        set(t) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for t in tokens
    )


def test_name_mit_script_erscheint_als_text(cli, db_pfad):
    boese = "<script>alert(1)</script>"
    ok(cli("abend", "neu", "--spieler", boese, "Ben", "Cem", "Dora", "--ort", '"><img src=x>'))
    ok(cli("schafkopf", "eintragen", "rufspiel", f"{boese}+Ben", "--augen", "71"))
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    try:
        html = hole(server, "")[2]
        ereignis = _erstes_ereignis(server)
    finally:
        server.stoppe()
    assert "<script>alert" not in html and "<img src=x>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&quot;&gt;&lt;img src=x&gt;" in html
    teil = json.loads(ereignis)["html"]
    assert "<script>alert" not in teil and "&lt;script&gt;alert(1)" in teil


# ---------------------------------------------------------------- Ereignisse (SSE)


def _lies_ereignisse(server, bis: int, frist: float = 10.0) -> list[tuple[float, dict]]:
    """Die ersten ``bis`` Ereignisse ``stand`` als (Ankunftszeit, Daten)."""
    verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=frist)
    verbindung.request("GET", f"/{server.token}/ereignisse")
    antwort = verbindung.getresponse()
    assert antwort.status == 200
    assert antwort.getheader("content-type").startswith("text/event-stream")
    aus = []
    while len(aus) < bis:
        zeile = antwort.fp.readline()
        if not zeile:
            break
        if zeile.startswith(b"data: "):
            aus.append((time.monotonic(), json.loads(zeile[6:])))
    verbindung.close()
    return aus


def _erstes_ereignis(server) -> str:
    return json.dumps(_lies_ereignisse(server, 1)[0][1])


def test_ereignis_nach_eintrag_aus_anderem_prozess(abend, live, db_pfad):
    ergebnis: list = []
    leser = threading.Thread(target=lambda: ergebnis.extend(_lies_ereignisse(live, 3)))
    leser.start()
    time.sleep(0.3)
    env = {"REFEREE_DB": str(db_pfad)}
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "referee",
            "schafkopf",
            "eintragen",
            "solo",
            "Dora",
            "--augen",
            "80",
        ],
        capture_output=True,
        text=True,
        env=_env(env),
        cwd=ROOT,
    )
    fertig = time.monotonic()
    assert r.returncode == 0, r.stderr
    time.sleep(0.2)
    r = subprocess.run(
        [sys.executable, "-m", "referee", "rueckgaengig"],
        capture_output=True,
        env=_env(env),
        cwd=ROOT,
    )
    assert r.returncode == 0
    leser.join(10)
    assert len(ergebnis) == 3
    (_, erst), (an, nach_solo), (_, nach_storno) = ergebnis
    assert "+0,50 €" in erst["html"] and "Solo Dora" not in erst["html"]
    # Solo gewonnen, 80 Augen: 50 ct von jedem, Dora +1,50 €
    assert "Solo Dora gewonnen" in nach_solo["html"] and "+1,50 €" in nach_solo["html"]
    assert an - fertig < 1.0
    assert "Solo Dora" not in nach_storno["html"]
    assert nach_solo["nr"] == erst["nr"] + 1 == nach_storno["nr"] - 1


def test_stoppe_beendet_offene_ereignisstroeme(abend, db_pfad):
    server = starte_im_thread(db_pfad, host="127.0.0.1", port=0)
    u = urllib.parse.urlsplit(server.url)
    verbindung = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    verbindung.request("GET", u.path + "ereignisse")
    antwort = verbindung.getresponse()
    antwort.fp.readline()  # roh (chunked): der Strom läuft
    start = time.monotonic()
    server.stoppe()
    assert not server.laeuft
    assert time.monotonic() - start < 3
    rest = antwort.fp.read()  # kommt ohne Hängen zu Ende: mit dem letzten, leeren Chunk
    assert b"event: stand" in rest and rest.endswith(b"\r\n0\r\n\r\n")


# ---------------------------------------------------------------- Start, Adresse, Import-Kosten


def test_url_und_qr(live):
    assert live.url == f"http://127.0.0.1:{live.port}/{live.token}/"
    assert live.nur_lokal
    qr = live.qr_text()
    zeilen = qr.strip("\n").splitlines()
    assert len(zeilen) >= 15 and set("".join(zeilen)) <= set("█▀▄ ")
    assert "\x1b[" in live.qr_text(kompakt=False)  # ANSI-Form für Terminals ohne Halbblöcke


def test_lokale_adresse_ist_privat_oder_loopback():
    import ipaddress

    from referee.live.server import lokale_adresse

    ip = ipaddress.ip_address(lokale_adresse())
    assert ip.is_loopback or ip.is_private


def test_belegter_port_zustandsfehler(live, db_pfad):
    from referee.errors import Zustandsfehler

    with pytest.raises(Zustandsfehler, match=f"Port {live.port} auf 127.0.0.1 ist schon belegt"):
        starte_im_thread(db_pfad, host="127.0.0.1", port=live.port)


def _python(code: str) -> str:
    """``python -c code`` in einem eigenen Prozess; seine Ausgabe ohne Leerraum am Rand."""
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    return r.stdout.strip()


def test_cli_und_andere_befehle_laden_keinen_server():
    code = (
        "import sys, referee.cli as c, referee.live; c.lade_befehle(c.BEFEHL_MODULE['ruf']); "
        "c.lade_befehle(c.BEFEHL_MODULE['live']); print(','.join(sorted(sys.modules)))"
    )
    geladen = set(_python(code).split(","))
    for schwer in ("starlette", "uvicorn", "segno", "anyio", "h11"):
        assert schwer not in geladen, f"{schwer} wird schon beim Laden der Befehle importiert"


# ---------------------------------------------------------------- als Kindprozess (für tisch)


def test_im_hintergrund_neben_einem_offenen_store(abend, db_pfad):
    """Wie in ``referee tisch``: die Sitzung hält einen Store offen, startet live, und ein
    anderes Terminal trägt ein. Kein Eintrag geht verloren, die Seite sieht jeden."""
    from referee.buch import Buch
    from referee.schafkopf.angaben import SchafkopfAngaben

    sitzung = Buch(db_pfad)
    sitzung.stand(1)
    server = starte_im_hintergrund(db_pfad, host="127.0.0.1", port=0)
    try:
        assert server.laeuft and server.nur_lokal and server.hinweis.endswith("Strg-C.\n")
        ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"))
        sitzung.eintragen(
            SchafkopfAngaben.angesagt("rufspiel", ("Cem", "Dora"), augen=71)
        )  # die Sitzung
        ok(abend("schafkopf", "eintragen", "wenz", "Dora", "--augen", "80"))
        stand = json.loads(hole(server, "stand.json")[2])
    finally:
        server.stoppe()
        sitzung.schliessen()
    assert not server.laeuft
    # Rufspiel Anna+Ben +50; Wenz Cem verloren −150/+50; Rufspiel Cem+Dora +20; Wenz Dora +150/−50
    erwartet = {"Anna": 50 + 50 - 20 - 50, "Ben": 50 + 50 - 20 - 50, "Cem": -50 - 150 + 20 - 50}
    erwartet["Dora"] = -sum(erwartet.values())
    assert stand["schafkopf"] == erwartet
    assert stand["partien"]["schafkopf"] == 4
    assert len(json.loads(ok(abend("verlauf", "--json")).stdout)["eintraege"]) == 4


def test_im_hintergrund_fehler_kommen_als_fehler(abend, db_pfad):
    from referee.errors import RefereeFehler, Zustandsfehler

    with pytest.raises(RefereeFehler, match="Es gibt keinen Abend 99"):
        starte_im_hintergrund(db_pfad, abend_id=99, host="127.0.0.1", port=0)
    erster = starte_im_hintergrund(db_pfad, host="127.0.0.1", port=0)
    try:
        with pytest.raises(Zustandsfehler, match="ist schon belegt"):
            starte_im_hintergrund(db_pfad, host="127.0.0.1", port=erster.port)
    finally:
        erster.stoppe()


def test_im_hintergrund_endet_mit_dem_elternprozess(abend, db_pfad):
    code = (
        "import sys; from referee.live import starte_im_hintergrund; "
        f"s = starte_im_hintergrund({str(db_pfad)!r}, host='127.0.0.1', port=0); "
        "print(s.pid, flush=True); import os; os._exit(0)"
    )
    pid = int(_python(code))
    ende = time.monotonic() + 10
    while time.monotonic() < ende and _lebt(pid):
        time.sleep(0.1)
    assert not _lebt(pid)


def _lebt(pid: int) -> bool:
    """Läuft der Prozess noch (kein Zombie)?"""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False
