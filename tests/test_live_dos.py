"""``referee live`` gegen leere Verbindungen (issue 24, Punkt 3).

Wer ohne Token nur TCP-Verbindungen öffnet und nichts (oder eine halbe Anfragezeile) schickt,
darf die Seite für niemanden sperren: solche Verbindungen schließt der Server nach
``KOPF_FRIST``; die Grenze von ``HOECHSTENS_ZUSEHER`` gilt nur für laufende Ereignisströme.

Alles über echtes HTTP auf 127.0.0.1; der Server läuft im Test-Prozess. Jede Schleife ist
begrenzt, jeder Socket wird im ``finally`` geschlossen.
"""

from __future__ import annotations

import http.client
import socket
import time

import pytest
from test_schreiben_api import eintraege

from referee.live import server as live_server
from referee.live import starte_im_thread

#: So viele leere Verbindungen hält der Test, während das Handy die Seite lädt.
LEERE = 500


@pytest.fixture
def genug_dateien():
    """Genug Dateideskriptoren: jede Verbindung zählt hier doppelt (Client und Server)."""
    resource = pytest.importorskip("resource")
    weich, hart = resource.getrlimit(resource.RLIMIT_NOFILE)
    bedarf = 2 * LEERE + 2 * live_server.HOECHSTENS_ZUSEHER + 300
    if weich != resource.RLIM_INFINITY and weich < bedarf:
        if hart != resource.RLIM_INFINITY and hart < bedarf:
            pytest.skip(f"ulimit -n erlaubt nur {hart} offene Dateien, nötig sind {bedarf}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (bedarf, hart))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (weich, hart))


@pytest.fixture
def server_mit(db_pfad, monkeypatch):
    """``server_mit(KOPF_FRIST=…, …)``: Modulkonstanten setzen, dann einen Server starten
    (``optionen``: wie bei ``starte_im_thread``, etwa ``schreiben`` und ``drossel``)."""
    gestartet = []

    def _starte(optionen=None, **konstanten):
        for name, wert in konstanten.items():
            # raising=False: auf altem Code fehlt die Konstante – dann scheitert der Test am
            # Verhalten, nicht an einem AttributeError
            monkeypatch.setattr(live_server, name, wert, raising=False)
        server = starte_im_thread(db_pfad, host="127.0.0.1", port=0, **(optionen or {}))
        gestartet.append(server)
        return server

    yield _starte
    for server in gestartet:
        server.stoppe()


def leere_verbindungen(port: int, anzahl: int, ablage: list[socket.socket]) -> None:
    """``anzahl`` Verbindungen öffnen; jede zweite schickt eine halbe Anfragezeile."""
    for i in range(anzahl):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        ablage.append(s)
        if i % 2:
            s.sendall(b"GET /")


def ist_offen(s: socket.socket) -> bool:
    """Hat der Server die Verbindung noch nicht geschlossen (kein EOF, kein Reset)?"""
    s.setblocking(False)
    try:
        return s.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        s.settimeout(5)


def warte_auf_ende(s: socket.socket, frist: float) -> float | None:
    """Sekunden, bis der Server die Verbindung schließt; ``None``, wenn er es nicht tut."""
    start = time.monotonic()
    s.settimeout(frist)
    try:
        while time.monotonic() - start < frist:
            if s.recv(4096) == b"":
                return time.monotonic() - start
    except TimeoutError:
        return None
    except OSError:  # Reset zählt auch als geschlossen
        return time.monotonic() - start
    return None


def lade(server, pfad: str = "") -> tuple[int, str, float]:
    """Wie ein Handy: GET ``/<token>/<pfad>``; (Status, Text, Sekunden)."""
    start = time.monotonic()
    verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        verbindung.request("GET", f"/{server.token}/{pfad}")
        antwort = verbindung.getresponse()
        text = antwort.read().decode("utf-8")
    finally:
        verbindung.close()
    return antwort.status, text, time.monotonic() - start


def oeffne_strom(server) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    verbindung.request("GET", f"/{server.token}/ereignisse")
    return verbindung, verbindung.getresponse()


def lies_erste_zeile(antwort: http.client.HTTPResponse) -> bytes:
    """Die erste Zeile des Ereignisstroms, roh (chunked): erst die Länge, dann der Text."""
    assert antwort.fp.readline().strip()
    return antwort.fp.readline()


# ---------------------------------------------------------------- leere Verbindungen


def test_500_leere_verbindungen_sperren_die_seite_nicht(server_mit, genug_dateien):
    # lange Frist: die leeren Verbindungen bleiben wirklich offen, solange das Handy lädt
    server = server_mit(KOPF_FRIST=60.0)
    leere: list[socket.socket] = []
    strom = None
    try:
        leere_verbindungen(server.port, LEERE, leere)
        status, html, dauer = lade(server)
        print(f"\nSeite mit {LEERE} gehaltenen leeren Verbindungen: {dauer * 1000:.0f} ms")
        assert status == 200, html
        assert "Noch kein Spielabend" in html
        assert dauer < 3.0
        assert lade(server, "app.js")[0] == 200
        strom, antwort = oeffne_strom(server)
        assert antwort.status == 200
        assert lies_erste_zeile(antwort) == b"retry: 2000\n"
        # die leeren Verbindungen waren die ganze Zeit da (und sind es noch)
        assert sum(ist_offen(s) for s in leere) == LEERE
    finally:
        if strom is not None:
            strom.close()
        for s in leere:
            s.close()


def test_leere_verbindung_wird_nach_der_frist_geschlossen(server_mit):
    server = server_mit(KOPF_FRIST=0.5)
    socks: list[socket.socket] = []
    try:
        stumm = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        socks.append(stumm)
        halb = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        socks.append(halb)
        halb.sendall(b"GET /")
        # nach einer vollständigen Anfrage (Keep-alive) nur den Anfang der nächsten schicken
        verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        verbindung.request("GET", f"/{server.token}/app.js")
        assert verbindung.getresponse().read()
        danach = verbindung.sock
        assert danach is not None
        socks.append(danach)
        danach.sendall(b"G")
        time.sleep(0.2)
        danach.sendall(b"E")
        for name, s in (("stumm", stumm), ("halbe Zeile", halb), ("nach Keep-alive", danach)):
            dauer = warte_auf_ende(s, 4.0)
            assert dauer is not None, f"{name}: nach 4 s noch offen"
            assert dauer < 2.0, (name, dauer)
        # und der Server nimmt weiter an
        assert lade(server)[0] == 200
    finally:
        for s in socks:
            s.close()


def test_ereignisstrom_bleibt_ueber_die_frist_hinaus_offen(server_mit):
    server = server_mit(KOPF_FRIST=0.3)
    verbindung, antwort = oeffne_strom(server)
    try:
        assert antwort.status == 200
        assert lies_erste_zeile(antwort) == b"retry: 2000\n"
        time.sleep(1.0)
        assert verbindung.sock is not None and ist_offen(verbindung.sock)
    finally:
        verbindung.close()


def test_volle_verbindungsgrenze_verdraengt_die_aeltesten_leeren(server_mit):
    grenze = 60
    server = server_mit(KOPF_FRIST=60.0, HOECHSTENS_VERBINDUNGEN=grenze)
    leere: list[socket.socket] = []
    try:
        leere_verbindungen(server.port, 3 * grenze, leere)
        status, _, dauer = lade(server)
        assert status == 200 and dauer < 3.0
        # die ältesten leeren hat der Server geschlossen, die jüngsten hält er
        ende = time.monotonic() + 5
        while sum(ist_offen(s) for s in leere) > grenze and time.monotonic() < ende:
            time.sleep(0.05)
        assert sum(ist_offen(s) for s in leere) <= grenze
        assert not ist_offen(leere[0])
        assert ist_offen(leere[-1])
    finally:
        for s in leere:
            s.close()


# ---------------------------------------------------------------- Grenze der Zuseher


def test_grenze_gilt_fuer_ereignisstroeme_nicht_fuer_die_seite(server_mit, genug_dateien):
    server = server_mit()
    zuseher = live_server.HOECHSTENS_ZUSEHER
    stroeme: list[http.client.HTTPConnection] = []
    try:
        for _ in range(zuseher):
            verbindung, antwort = oeffne_strom(server)
            stroeme.append(verbindung)
            assert antwort.status == 200
        verbindung, antwort = oeffne_strom(server)
        stroeme.append(verbindung)
        assert antwort.status == 503
        assert antwort.read().decode() == "Zu viele Zuseher.\n"
        # die Seite selbst lädt trotzdem
        assert lade(server)[0] == 200
        # ein Zuseher geht, ein neuer kommt herein
        stroeme.pop(0).close()
        ende = time.monotonic() + 5
        status = 503
        while status == 503 and time.monotonic() < ende:
            verbindung, antwort = oeffne_strom(server)
            stroeme.append(verbindung)
            status = antwort.status
            if status == 503:
                time.sleep(0.05)
        assert status == 200
    finally:
        for verbindung in stroeme:
            verbindung.close()


# ---------------------------------------------------------------- langsame Körper (issue 34)

#: So viele Verbindungen schicken den Kopf eines Eintrags und dann nur einen Teil des Körpers –
#: mehr, als der Server Verbindungen hält (``HOECHSTENS_VERBINDUNGEN``), wie im issue.
LANGSAME = 1010


def _langsamer_eintrag(port: int, token: str, quelle: str) -> socket.socket:
    """Ein Eintrag vom Schreib-Link, dessen Körper nie fertig wird: 100 Bytes angekündigt,
    zehn geschickt – von der Adresse ``quelle`` (ein eigenes Gerät)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(quelle, 0))
    s.sendall(
        (
            f"POST /{token}/api/eintrag HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            '{"zeile": '
        ).encode()
    )
    return s


def _schreibe(server, zeile: str, schluessel: str) -> tuple[int, dict]:
    """Ein echter Eintrag vom Handy (eigene Adresse 127.0.0.3): (Status, Antwort)."""
    import json

    v = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=10, source_address=("127.0.0.3", 0)
    )
    try:
        koerper = json.dumps({"zeile": zeile, "schluessel": schluessel})
        v.request(
            "POST",
            f"/{server.schreib_token}/api/eintrag",
            koerper,
            {"Content-Type": "application/json"},
        )
        a = v.getresponse()
        return a.status, json.loads(a.read())
    finally:
        v.close()


@pytest.fixture
def abend_server(db_pfad, server_mit):
    """``abend_server(KOPF_FRIST=…, …)``: ein offener Abend, ein Server mit Schreib-Link ohne
    Drossel (jede langsame Anfrage erreicht die Anwendung – das Schlimmste)."""
    from referee.buch import Buch

    with Buch(db_pfad) as b:
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"])
    return lambda **k: server_mit({"schreiben": True, "drossel": (1e6, 1e6)}, **k)


def test_1010_langsame_koerper_sperren_weder_lesen_noch_schreiben(
    abend_server, db_pfad, genug_dateien
):
    """1010 Verbindungen warten mitten im Körper (lange Fristen: sie bleiben wirklich hängen;
    ohne Drossel: jede erreicht die Anwendung, das Schlimmste). Der Lese-Link lädt trotzdem,
    ein Eintrag von einem anderen Handy geht durch – die ältesten Wartenden werden verdrängt."""
    server = abend_server(KOPF_FRIST=60.0, ANFRAGE_FRIST=60.0)
    langsam: list[socket.socket] = []
    try:
        for _ in range(LANGSAME):
            langsam.append(_langsamer_eintrag(server.port, server.schreib_token, "127.0.0.2"))
        # warten, bis der Server alle angenommen hat: die Grenze ist voll
        grenze = live_server.verbindungsgrenze()
        ende = time.monotonic() + 10
        while sum(ist_offen(s) for s in langsam) > grenze and time.monotonic() < ende:
            time.sleep(0.05)
        assert sum(ist_offen(s) for s in langsam) == grenze
        status, html, dauer = lade(server)
        print(f"\nLese-Seite neben {LANGSAME} langsamen Körpern: {dauer * 1000:.0f} ms")
        assert status == 200 and "Abend 1" in html and dauer < 3.0
        start = time.monotonic()
        status, antwort = _schreibe(server, "sm dora", "langsam-test-1")
        print(f"Eintrag daneben: {(time.monotonic() - start) * 1000:.0f} ms")
        assert status == 200, antwort
        assert antwort["text"] == "Schlafmütze: gewonnen hat Dora"
        # für die Lese-Seite ist die älteste langsame gewichen (danach war deren Verbindung zu,
        # der Eintrag fand einen freien Platz); die jüngsten hält der Server noch
        assert sum(ist_offen(s) for s in langsam) == grenze - 1
        assert not ist_offen(langsam[0]) and ist_offen(langsam[-1])
    finally:
        for s in langsam:
            s.close()
    assert eintraege(db_pfad) == 1  # nur der echte; kein halber Körper wurde geschrieben


def test_langsamer_koerper_wird_nach_der_frist_getrennt(abend_server, db_pfad):
    """Kopf sofort, der Körper tröpfelt (ein Byte je 0,2 s): nach ``ANFRAGE_FRIST`` ist die
    Verbindung zu, obwohl immer wieder Bytes kamen; geschrieben ist nichts."""
    server = abend_server(KOPF_FRIST=0.5, ANFRAGE_FRIST=1.0)
    s = _langsamer_eintrag(server.port, server.schreib_token, "127.0.0.2")
    try:
        start = time.monotonic()
        zu = None
        for z in b'"sm dora", "schluessel": "tropfen-1"}':
            try:
                s.sendall(bytes([z]))
            except OSError:
                zu = time.monotonic() - start
                break
            if not ist_offen(s):
                zu = time.monotonic() - start
                break
            time.sleep(0.2)
        if zu is None:
            zu = warte_auf_ende(s, 4.0)
        assert zu is not None and 0.8 <= zu < 2.0, zu
        # keine Antwort kam (die Verbindung wurde nur geschlossen), nichts im Buch
        assert eintraege(db_pfad) == 0
        assert lade(server)[0] == 200
    finally:
        s.close()


@pytest.mark.parametrize(
    "roh",
    [
        b"GET / HTTP/1.1\r\nHost: x\r\nKopf ohne Doppelpunkt\r\n\r\n",
        # ein Kopf, der über 100 KB nicht endet (h11 hält höchstens 16 KB Unfertiges)
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Lang: " + b"a" * 100_000,
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40,  # TLS an einen HTTP-Port
    ],
    ids=["kopf", "riesig", "tls"],
)
def test_kaputtes_http_ist_ein_400_mit_json_und_den_koepfen(server_mit, roh):
    """Was h11 nicht liest, beantwortet der Server wie jeden anderen Fehler: JSON-Fehlerobjekt,
    die Sicherheitsköpfe, dann zu (issue 34, Punkt 11)."""
    import json

    server = server_mit()
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    try:
        s.sendall(roh)
        antwort = b""
        while True:
            stueck = s.recv(65536)
            if not stueck:
                break
            antwort += stueck
    finally:
        s.close()
    kopf, _, koerper = antwort.partition(b"\r\n\r\n")
    zeilen = kopf.decode("latin-1").split("\r\n")
    assert zeilen[0] == "HTTP/1.1 400 Bad Request"
    koepfe = {z.split(":", 1)[0].lower(): z.split(":", 1)[1].strip() for z in zeilen[1:]}
    assert koepfe["content-type"] == "application/json; charset=utf-8"
    assert koepfe["x-content-type-options"] == "nosniff" and "content-security-policy" in koepfe
    assert json.loads(koerper) == {
        "fehler": {
            "art": "eingabe",
            "meldung": "Die Anfrage ist kein gültiges HTTP.",
            "abschnitt": None,
        }
    }
    assert lade(server)[0] == 200  # und er nimmt weiter an
