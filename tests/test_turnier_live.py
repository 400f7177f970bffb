"""``referee turnier live`` (issue 27): die Rangliste live und je Tisch ein Schreib-Link – jede
Regel der Tisch-Links über echtes HTTP (Server im Test-Prozess auf 127.0.0.1), dazu die
Kommandozeile (``--json``, ``--qr-pdf``) und ``referee tisch --turnier``.

Das Turnier: 17 Spieler, zwei Runden zu je vier Spielen, Wertung solo-6-2, Startwert 5. Die
Auslosung von Runde 1 (hier wörtlich, damit dieselbe Auslosung dieselben Tische gibt)::

    Tisch 1: Dora (4), Otto (15), Ida (9), Nina (14)
    Tisch 2: Quirin (17), Lena (12), Emil (5), Hans (8)
    Tisch 3: Franz (6), Anna (1), Gabi (7), Max (13)
    Tisch 4: Ben (2), Cem (3), Karl (11), Jakob (10), Paula (16)   (Fünfertisch)

Punkte von Hand nach solo-6-2: Rufspiel ±1 je Spieler (Schneider ±2), Solo und Wenz 2 je
Gegenspieler (Schneider 3), der Solospieler das Dreifache; am Fünfertisch setzt der Geber aus
(Spiel 1 gibt Platz 1).
"""

from __future__ import annotations

import http.client
import json
import socket
import sqlite3
import time

import pytest
from conftest import ok
from werkzeuge import werkzeug

from referee.buch.turnier import Turnierbuch
from referee.live import starte_turnier_im_thread

NAMEN = "Anna Ben Cem Dora Emil Franz Gabi Hans Ida Jakob Karl Lena Max Nina Otto Paula Quirin"
RUNDE_1 = {
    1: ["Dora", "Otto", "Ida", "Nina"],
    2: ["Quirin", "Lena", "Emil", "Hans"],
    3: ["Franz", "Anna", "Gabi", "Max"],
    4: ["Ben", "Cem", "Karl", "Jakob", "Paula"],
}


def _turnier(pfad) -> None:
    with Turnierbuch(pfad) as tb:
        tb.neu("Preisschafkopf Post", runden=2, spiele=4, seed=5, wertung="solo-6-2")
        tb.anmelden(NAMEN.split())
        plan = tb.auslosung()
        assert {t.nr: [s.name for s in t.sitze] for t in plan.tische} == RUNDE_1


@pytest.fixture
def server(db_pfad):
    _turnier(db_pfad)
    s = starte_turnier_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    yield s
    s.stoppe()


@pytest.fixture(scope="module")
def geteilt(tmp_path_factory):
    """Ein Server für die Tests, in denen nichts geschrieben wird (spart Serverstarts)."""
    pfad = tmp_path_factory.mktemp("turnier-live") / "referee.db"
    _turnier(pfad)
    s = starte_turnier_im_thread(pfad, host="127.0.0.1", port=0, schreiben=True, drossel=(1e6, 1e6))
    yield s, pfad
    s.stoppe()


def token(server, tisch: int, runde: int | None = None) -> str:
    return dict(server.tischlinks(runde))[tisch].rstrip("/").rsplit("/", 1)[1]


def anfrage(server, tisch, pfad, daten=None, *, methode="POST", kopf=None, tok=None):
    """(Status, Antwort als JSON oder Text) für ``/<Token von Tisch>/<pfad>``."""
    t = tok if tok is not None else token(server, tisch)
    k = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{server.port}"}
    k.update(kopf or {})
    v = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        v.request(methode, f"/{t}/{pfad}", None if daten is None else json.dumps(daten), k)
        a = v.getresponse()
        text = a.read().decode("utf-8")
    finally:
        v.close()
    try:
        return a.status, json.loads(text)
    except ValueError:
        return a.status, text


def ereignis(server, tok: str) -> dict:
    """Das erste Ereignis des Stroms ``/<tok>/ereignisse`` (die jetzige Fassung)."""
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        s.sendall(f"GET /{tok}/ereignisse HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        roh = b""
        while b"\ndata: " not in roh or not roh.split(b"\ndata: ", 1)[1].count(b"\n"):
            stueck = s.recv(65536)
            assert stueck, roh
            roh += stueck
    finally:
        s.close()
    return json.loads(roh.split(b"\ndata: ", 1)[1].split(b"\n", 1)[0])


def spiele_im_buch(db) -> list[tuple[int, int, str]]:
    """(Tisch, Runde, Art) aller Einträge – gezählt im Buch selbst."""
    c = sqlite3.connect(db)
    try:
        return c.execute("SELECT tisch, runde, art FROM turnier_eintraege ORDER BY id").fetchall()
    finally:
        c.close()


def warte_bis(bedingung, frist=5.0):
    ende = time.monotonic() + frist
    while time.monotonic() < ende:
        if bedingung():
            return True
        time.sleep(0.02)
    return bool(bedingung())


# ---------------------------------------------------------------- Vorschau und Eintrag


def test_vorschau_punkte_nach_der_wertung_nichts_geschrieben(geteilt):
    server, db = geteilt
    status, a = anfrage(server, 3, "api/vorschau", {"zeile": "hs ga 95"})
    assert status == 200, a
    v = a["vorschau"]
    # Herz-Solo Gabi mit Schneider: 2 + 1 = 3 je Gegenspieler, Gabi 9
    assert v["text"] == "Herz-Solo Gabi gewonnen (95 Augen, Schneider)"
    assert v["erklaerung"] == "3 Punkte (2 (Solo) + 1 (Schneider) = 3)"
    assert v["anzeige"] == [
        ["Franz", "-3", "minus"],
        ["Anna", "-3", "minus"],
        ["Gabi", "+9", "plus"],
        ["Max", "-3", "minus"],
    ]
    assert v["punkte"][2] == {"startnummer": 7, "name": "Gabi", "punkte": 9} and v["soli"] == [7]
    assert spiele_im_buch(db) == []


def test_eintrag_derselbe_schluessel_zweimal_ein_spiel(server, db_pfad):
    erst = anfrage(server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "t3-0000001"})
    noch = anfrage(server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "t3-0000001"})
    assert erst[0] == noch[0] == 200, (erst, noch)
    assert noch[1]["eintrag"] == erst[1]["eintrag"] and noch[1]["wiederholt"] is True
    assert erst[1]["text"] == "Rufspiel Anna+Franz gewonnen (71 Augen)"
    assert erst[1]["erklaerung"] == "1 Punkt (Rufspiel)"
    e = erst[1]["ergebnis"]
    assert [(p["name"], p["punkte"]) for p in e["punkte"]] == [
        ("Franz", 1),
        ("Anna", 1),
        ("Gabi", -1),
        ("Max", -1),
    ]
    assert e["fortschritt"]["spiele"] == 1 and e["naechster_geber"] == 1  # Anna gibt Spiel 2
    assert spiele_im_buch(db_pfad) == [(3, 1, "spiel")]
    with Turnierbuch(db_pfad) as tb:
        assert tb.tischspiele(1, 3)[0].eingabe["handy"] == "r an fr 71"


def test_fuenfertisch_der_geber_setzt_aus(server, db_pfad):
    status, a = anfrage(server, 4, "api/eintrag", {"zeile": "r be ce 71", "schluessel": "t4-0001x"})
    assert status == 422
    assert a["fehler"]["meldung"].startswith("Ben gibt dieses Spiel (Spiel 1 an Tisch 4)")
    status, a = anfrage(server, 4, "api/eintrag", {"zeile": "r ce ka 71", "schluessel": "t4-00001"})
    assert status == 200, a
    assert [(p["name"], p["punkte"]) for p in a["ergebnis"]["punkte"]] == [
        ("Ben", 0),
        ("Cem", 1),
        ("Karl", 1),
        ("Jakob", -1),
        ("Paula", -1),
    ]
    assert spiele_im_buch(db_pfad) == [(4, 1, "spiel")]


# ---------------------------------------------------------------- ein Tisch, nur dieser


def test_tisch_3_schreibt_nie_an_tisch_4(server, db_pfad):
    status, a = anfrage(server, 4, "api/eintrag", {"zeile": "r ce ka 71", "schluessel": "t4-00001"})
    assert status == 200
    fremd = a["eintrag"]
    # über den Link von Tisch 3: das Spiel von Tisch 4 weder korrigieren noch zurücknehmen
    status, a = anfrage(
        server,
        3,
        "api/korrektur",
        {"eintrag": fremd, "zeile": "r an fr 71", "schluessel": "k3-0001x"},
    )
    assert status == 422 and a["fehler"]["meldung"] == (
        f"Eintrag #{fremd} steht an Tisch 4 (Runde 1), nicht an Tisch 3 (Runde 1); "
        "nichts eingetragen."
    )
    status, a = anfrage(server, 3, "api/rueckgaengig", {"eintrag": fremd, "schluessel": "u3-0001x"})
    assert status == 422 and "nichts storniert" in a["fehler"]["meldung"]
    # der Tisch steht nie in der Anfrage: ein Feld „tisch“ ist eine kaputte Anfrage
    status, a = anfrage(
        server, 3, "api/eintrag", {"zeile": "r ce ka 71", "schluessel": "t3-0002x", "tisch": 4}
    )
    assert status == 400 and a["fehler"]["meldung"].startswith("Unbekanntes Feld „tisch“")
    # Namen von Tisch 4 kennt Tisch 3 nicht
    status, a = anfrage(server, 3, "api/eintrag", {"zeile": "r ce ka 71", "schluessel": "t3-0003x"})
    assert status == 422, a
    assert a["fehler"]["meldung"].startswith("„ce“ spielt an Tisch 3 nicht mit.")
    # ein ausgedachtes Token, ein altes Format: 404 ohne Einzelheiten
    status, a = anfrage(server, 3, "api/eintrag", {"zeile": "r an fr 71"}, tok="A" * 22)
    assert (status, a) == (404, "Nicht gefunden.\n")
    # der Lese-Link schreibt nie
    status, _ = anfrage(server, 3, "api/eintrag", {"zeile": "r an fr 71"}, tok=server.token)
    assert status == 405
    assert spiele_im_buch(db_pfad) == [(4, 1, "spiel")]


def test_tokens_je_tisch_eigen_und_lang(geteilt):
    server, _ = geteilt
    links = server.tischlinks()
    assert [t for t, _ in links] == [1, 2, 3, 4]
    tokens = [u.rstrip("/").rsplit("/", 1)[1] for _, u in links] + [server.token]
    assert len(set(tokens)) == 5
    assert all(len(t) >= 22 for t in tokens)  # 16 Bytes = 128 Bit, base64url


@pytest.mark.parametrize(
    ("kopf", "status", "meldung"),
    [
        ({"Origin": "http://evil.example"}, 403, "Anfragen von fremden Seiten werden abgewiesen."),
        ({"Sec-Fetch-Site": "cross-site"}, 403, "Anfragen von fremden Seiten werden abgewiesen."),
        ({"Content-Type": "text/plain"}, 415, "Nur Content-Type: application/json."),
    ],
)
def test_fremde_seite_und_falscher_inhaltstyp(geteilt, kopf, status, meldung):
    server, db = geteilt
    a = anfrage(
        server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "fremd-001"}, kopf=kopf
    )
    assert a == (status, {"fehler": {"art": "eingabe", "meldung": meldung, "abschnitt": None}})
    assert spiele_im_buch(db) == []


@pytest.mark.parametrize(
    ("zeile", "meldung"),
    [
        (
            "g an 71",
            "Geier wird in diesem Turnier nicht gespielt (erlaubt: Rufspiel, Solo, Wenz). "
            "Nichts eingetragen.",
        ),
        ("r an fr 71 k1", "Klopfen ist in diesem Turnier nicht erlaubt. Nichts eingetragen."),
        (
            "sm an",
            "Am Turniertisch wird nur Schafkopf eingetragen (z. B. r an be 71); sabai, SAUFN und "
            "Schlafmütze gehören zum Spielabend.",
        ),
    ],
)
def test_was_die_wertung_nicht_kennt_422(geteilt, zeile, meldung):
    server, db = geteilt
    for was, felder in (("vorschau", {}), ("eintrag", {"schluessel": "verboten-01"})):
        status, a = anfrage(server, 3, f"api/{was}", {"zeile": zeile, **felder})
        assert status == 422 and a["fehler"]["meldung"] == meldung, a
    assert spiele_im_buch(db) == []


# ---------------------------------------------------------------- veraltet: 409


def test_veraltetes_rueckgaengig_409(server, db_pfad):
    ids = []
    for i, zeile in enumerate(["r an fr 71", "w ma 61"], 1):
        status, a = anfrage(
            server, 3, "api/eintrag", {"zeile": zeile, "schluessel": f"t3-e{i:05d}"}
        )
        assert status == 200, a
        ids.append(a["eintrag"])
    status, a = anfrage(
        server, 3, "api/rueckgaengig", {"eintrag": ids[0], "schluessel": "t3-u00001"}
    )
    assert status == 409 and a["fehler"]["meldung"] == (
        f"Spiel #{ids[0]} ist nicht mehr das letzte an Tisch 3 (zuletzt gilt #{ids[1]}); "
        "nichts rückgängig gemacht."
    )
    assert a["letzter"] == ids[1] and a["fortschritt"]["spiele"] == 2
    status, a = anfrage(
        server, 3, "api/rueckgaengig", {"eintrag": ids[1], "schluessel": "t3-u00002"}
    )
    assert status == 200 and a["storniert"] == ids[1] and a["fortschritt"]["spiele"] == 1
    # ein zweites Handy sah noch das zweite Spiel: schon storniert
    status, a = anfrage(
        server, 3, "api/rueckgaengig", {"eintrag": ids[1], "schluessel": "t3-u00003"}
    )
    assert status == 409 and "schon storniert" in a["fehler"]["meldung"] and a["letzter"] == ids[0]
    # eine Korrektur des stornierten Spiels (ein Handy sah es noch): 409, nichts geändert
    status, a = anfrage(
        server,
        3,
        "api/korrektur",
        {"eintrag": ids[1], "zeile": "w ma 91", "schluessel": "t3-k00001"},
    )
    assert status == 409 and "schon storniert" in a["fehler"]["meldung"]
    # die Nummer des Spiels: das Handy meint Spiel 1, es gilt schon eines
    status, a = anfrage(
        server, 3, "api/eintrag", {"zeile": "w ma 61", "schluessel": "t3-e00003", "spiel_nr": 1}
    )
    assert status == 409 and "dieses wäre Spiel 2, nicht 1" in a["fehler"]["meldung"]
    assert [art for _, _, art in spiele_im_buch(db_pfad)] == ["spiel", "spiel", "storno"]


def test_fertiger_tisch_nimmt_kein_spiel_mehr_korrigieren_geht(server, db_pfad):
    for i in range(4):
        status, a = anfrage(
            server,
            3,
            "api/eintrag",
            {"zeile": "r an fr 71", "schluessel": f"voll-{i:04d}", "spiel_nr": i + 1},
        )
        assert status == 200, a
    erstes = a["eintrag"] - 3
    status, a = anfrage(
        server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "voll-0005"}
    )
    assert status == 409 and a["fehler"]["meldung"] == (
        "Tisch 3 hat alle 4 Spiele von Runde 1; ein weiteres wird nicht eingetragen "
        "(Korrigieren und Rückgängig gehen weiter)."
    )
    # Spiel 1 war ein Schneider: 2 je Spieler
    status, a = anfrage(
        server,
        3,
        "api/korrektur",
        {"eintrag": erstes, "zeile": "r an fr 91", "schluessel": "voll-k001"},
    )
    assert status == 200 and a["ersetzt"] == erstes
    with Turnierbuch(db_pfad) as tb:
        anna = next(z for z in tb.stand().rangliste if z.name == "Anna")
    assert anna.punkte == 2 + 1 + 1 + 1


def test_neue_runde_der_alte_link_schreibt_nicht_mehr(server, db_pfad, cli):
    alt = token(server, 3, 1)
    status, a = anfrage(
        server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "r1-t3-001"}
    )
    assert status == 200
    ok(cli("turnier", "auslosung", "--trotzdem"))
    assert warte_bis(lambda: server.runde == 2)
    # Runde 2: neue Links, jeder anders als die von Runde 1
    neu = {t for _, u in server.tischlinks(2) for t in [u.rstrip("/").rsplit("/", 1)[1]]}
    assert len(neu) == 4 and alt not in neu
    # Runde 2 hat noch nicht begonnen: der Link von Runde 1 schreibt weiter (issue 35, Punkt 2)
    status, b = anfrage(
        server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "r1-t3-00a"}, tok=alt
    )
    assert status == 200, b
    ok(cli("turnier", "storno", str(b["eintrag"])))
    # das erste Spiel von Runde 2 (von der Turnierleitung): jetzt ist Runde 1 vorbei
    with Turnierbuch(db_pfad) as tb:
        n = [s.name for s in tb.tische(2).tische[0].sitze]
    ok(cli("turnier", "spiel", "-r", "2", "-t", "1", "rufspiel", f"{n[1]}+{n[2]}", "--augen", "71"))
    for was, felder in (
        ("eintrag", {"zeile": "w ma 61", "schluessel": "r1-t3-002"}),
        ("vorschau", {"zeile": "w ma 61"}),
        ("rueckgaengig", {"eintrag": a["eintrag"], "schluessel": "r1-t3-003"}),
    ):
        status, b = anfrage(server, 3, f"api/{was}", felder, tok=alt)
        assert status == 409, (was, b)
        assert b["fehler"]["meldung"].startswith(
            "Runde 1 ist vorbei: Runde 2 ist ausgelost. Eingetragen wird nur in der laufenden "
            "Runde – dafür gibt es neue Links je Tisch"
        )
    # die Seite von Tisch 3 in Runde 1 sagt es auch
    d = ereignis(server, alt)["daten"]
    assert d["offen"] is False and d["aendern"] is False
    assert d["meldung"].startswith("Runde 1 ist vorbei")
    assert spiele_im_buch(db_pfad) == [
        (3, 1, "spiel"),
        (3, 1, "spiel"),
        (3, 1, "storno"),
        (1, 2, "spiel"),
    ]


def test_neue_runde_nie_ohne_die_links_all_ihrer_tische(db_pfad, monkeypatch):
    """Der Wechsel der Runde (issue 32): wer die neue Runde sieht, sieht auch die Links all
    ihrer Tische. Ein Link zu leiten ist hier künstlich langsam (20 ms je Tisch), und ein Leser
    fragt während der Auslosung ohne Pause nach Runde und Links – früher sah er Runde 2 mit
    erst einem Teil der Links (und der Drucker im Terminal zeigte nur diese Tische)."""
    import threading

    _turnier(db_pfad)
    echt = Turnierbuch.tisch_link

    def langsam(self, runde, tisch, turnier_id=None):
        time.sleep(0.02)
        return echt(self, runde, tisch, turnier_id)

    monkeypatch.setattr(Turnierbuch, "tisch_link", langsam)
    s = starte_turnier_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        assert len(s.tischlinks(1)) == 4
        gesehen: list[tuple[int, int, int]] = []

        def lies() -> None:  # bis Runde 2 zwanzigmal vollständig gesehen ist (höchstens 10 s)
            ende = time.monotonic() + 10
            while time.monotonic() < ende and gesehen.count((2, 4, 4)) < 20:
                runde = s.runde
                gesehen.append((runde, len(s.tischlinks(runde)), len(s.tischlinks())))

        leser = threading.Thread(target=lies)
        leser.start()
        with Turnierbuch(db_pfad) as tb:
            tb.auslosung(trotzdem=True)
        leser.join()
        zwei = [g for g in gesehen if g[0] == 2]
        assert zwei, "der Leser hat Runde 2 nie gesehen"
        assert all(g == (2, 4, 4) for g in zwei), sorted(set(zwei))
        # was der Drucker im Terminal liest: Runde und Links aus einer Aufnahme
        runde, links = s.runde_und_links()
        assert runde == 2 and [t for t, _ in links] == [1, 2, 3, 4]
    finally:
        s.stoppe()


def test_beendetes_turnier(server, db_pfad, cli):
    ok(cli("turnier", "ende", "--trotzdem"))
    status, a = anfrage(
        server, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "ende-0001"}
    )
    assert status == 409 and "ist beendet" in a["fehler"]["meldung"]
    assert spiele_im_buch(db_pfad) == []


# ---------------------------------------------------------------- die Seiten


def test_eingabeseite_eines_fuenfertisches(geteilt):
    server, _ = geteilt
    tok = token(server, 4)
    status, html = anfrage(server, 4, "", methode="GET")
    assert status == 200 and "<title>Tisch 4 · Runde 1</title>" in html
    assert (
        "an Tisch 4 (Runde 1) eintragen, korrigieren und rückgängig machen, an keinem anderen"
        in html
    )
    assert "Ben</td>" in html and '<td class="z">16</td>' in html  # Plätze mit Startnummer
    d = ereignis(server, tok)
    daten = d["daten"]
    assert daten["kopf"] == "Tisch 4 · Runde 1 · Spiel 1 von 4 · Ben gibt und setzt aus"
    assert [
        (p["name"], p["startnummer"], p["aussetzer"], p["hinweis"]) for p in daten["spieler"]
    ] == [
        ("Ben", 2, True, "setzt aus"),
        ("Cem", 3, False, "Nr. 3"),
        ("Karl", 11, False, "Nr. 11"),
        ("Jakob", 10, False, "Nr. 10"),
        ("Paula", 16, False, "Nr. 16"),
    ]
    # solo-6-2: Rufspiel, Solo, Wenz; keine Laufenden, kein Klopfen, Stoß ohne Wirkung
    assert daten["spiele"] == ["r", "solo", "w"]
    assert daten["zusaetze"] == {"laufende": False, "klopfer": False, "stoesse": False}
    assert (daten["offen"], daten["naechstes"], daten["eintraege"]) == (True, 1, [])
    assert "Tisch 4: 0/4" in d["html"]


def test_rangliste_seite_und_stand_json(server, db_pfad, cli):
    for zeile, schluessel in (("hs ga 95", "rang-0001"), ("r an fr 71", "rang-0002")):
        assert (
            anfrage(server, 3, "api/eintrag", {"zeile": zeile, "schluessel": schluessel})[0] == 200
        )
    status, html = anfrage(server, 0, "", methode="GET", tok=server.token)
    assert status == 200 and "Rangliste live" in html and "Preisschafkopf Post" in html
    # Gabi +9 - 1 = 8 vor allen; Tisch 3 hat 2 von 4 Spielen
    assert html.index("Gabi") < html.index("Anna") and "+8" in html
    assert '<progress max="4" value="2">2/4</progress>' in html
    assert "Fertig: 0 von 4 Tischen · Spiele 2/16" in html
    status, stand = anfrage(server, 0, "stand.json", methode="GET", tok=server.token)
    assert status == 200
    assert stand == json.loads(ok(cli("turnier", "stand", "--json")).stdout)
    assert [(z["name"], z["punkte"], z["soli"]) for z in stand["rangliste"][:1]] == [("Gabi", 8, 1)]


# ---------------------------------------------------------------- Kommandozeile


def test_turnier_live_json_erste_zeile_und_qr_pdf(db_pfad, tmp_path, cli):
    import subprocess
    import sys

    from conftest import ROOT, _env

    _turnier(db_pfad)
    pdf = tmp_path / "qr.pdf"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "referee",
            "turnier",
            "live",
            "--schreiben",
            "--json",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--qr-pdf",
            str(pdf),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env({"REFEREE_DB": str(db_pfad)}),
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        zeile = json.loads(proc.stdout.readline())
        assert sorted(zeile) == ["host", "lesen", "nur_lokal", "port", "runde", "tische", "turnier"]
        assert (zeile["turnier"], zeile["runde"], zeile["nur_lokal"]) == (1, 1, True)
        assert [t["tisch"] for t in zeile["tische"]] == [1, 2, 3, 4]
        assert all(
            t["schreiben"].startswith(f"http://127.0.0.1:{zeile['port']}/") for t in zeile["tische"]
        )
        assert warte_bis(lambda: pdf.exists() and pdf.stat().st_size > 1000, frist=30)
        # eine neue Runde: eine weitere Zeile mit den neuen Links
        ok(cli("turnier", "auslosung", "--trotzdem"))
        weitere = json.loads(proc.stdout.readline())
        assert weitere["runde"] == 2 and len(weitere["tische"]) == 4
        assert not {t["schreiben"] for t in weitere["tische"]} & {
            t["schreiben"] for t in zeile["tische"]
        }
    finally:
        proc.send_signal(2)
        proc.wait(10)
    assert proc.returncode == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    text = subprocess.run(
        [werkzeug("pdftotext"), str(pdf), "-"], capture_output=True, text=True
    ).stdout
    # nach der Auslosung von Runde 2 neu geschrieben: je Tisch von Runde 2 eine Seite
    assert text.count("Mit der Handykamera scannen") == 4 and "Runde 2" in text


def test_qr_pdf_nur_mit_schreiben(cli, db_pfad):
    _turnier(db_pfad)
    r = cli("turnier", "live", "--qr-pdf", "x.pdf", "--json")
    assert r.returncode == 2
    assert json.loads(r.stdout)["fehler"]["meldung"] == (
        "--qr-pdf gibt es nur mit --schreiben (die QR-Codes der Tische)."
    )


# ---------------------------------------------------------------- referee tisch --turnier


def test_tisch_am_turniertisch(cli, db_pfad):
    _turnier(db_pfad)
    zeilen = "r an fr 71\nhs ga 95\nu\n#1 r an fr 91\nturnier tische\n"
    r = ok(cli("tisch", "--tisch", "3", input=zeilen))
    assert r.stderr == (
        "Preisschafkopf Post: Tisch 3 · Runde 1 · Spiel 1/4 · gibt Franz. "
        "Am Tisch: Franz (6), Anna (1), Gabi (7), Max (13).\n"
    )
    aus = r.stdout.splitlines()
    # Rufspiel ±1; Herz-Solo mit Schneider 3 je Gegenspieler, Gabi 9; Korrektur: Schneider ±2
    assert aus[:4] == [
        "#1 Spiel 1: Rufspiel Anna+Franz gewonnen (71 Augen) · 1 Punkt (Rufspiel) · Franz +1 · "
        "Anna +1 · Gabi -1 · Max -1 | Tisch 3: 1/4 · Franz +1 · Anna +1 · Gabi -1 · Max -1",
        "#2 Spiel 2: Herz-Solo Gabi gewonnen (95 Augen, Schneider) · 3 Punkte (2 (Solo) + 1 "
        "(Schneider) = 3) · Franz -3 · Anna -3 · Gabi +9 · Max -3 | Tisch 3: 2/4 · Franz -2 · "
        "Anna -2 · Gabi +8 · Max -4",
        "Spiel #2 storniert (Storno #3). | Tisch 3: 1/4 · Franz +1 · Anna +1 · Gabi -1 · Max -1",
        "#4 ersetzt #1: Spiel 1: Rufspiel Anna+Franz gewonnen (91 Augen, Schneider) · 2 Punkte "
        "(1 (Rufspiel) + 1 (Schneider) = 2) · Franz +2 · Anna +2 · Gabi -2 · Max -2 | Tisch 3: "
        "1/4 · Franz +2 · Anna +2 · Gabi -2 · Max -2",
    ]
    assert "Tisch  3: Franz (6), Anna (1), Gabi (7), Max (13)  [1/4]" in r.stdout
    with Turnierbuch(db_pfad) as tb:
        assert tb.tischspiele(1, 3)[0].eingabe["tisch"] == "#1 r an fr 91"


@pytest.mark.parametrize(
    ("zeile", "meldung"),
    [
        ("stand", "„stand“ gehört zum Spielabend; am Turniertisch gehen Schafkopf-Spiele"),
        ("sm an", "Schlafmütze gehört zum Spielabend"),
        ("sb an 3 / fr 4", "sabai gehört zum Spielabend"),
        ("live", "„live“ gehört zum Spielabend; für das Turnier: referee turnier live --schreiben"),
        ("abend neu --spieler A B C D", "„abend“ gehört zum Spielabend"),
        ("g an 71", "Geier wird in diesem Turnier nicht gespielt"),
        ("r be ce 71", "„be“"),
        ("r xaver an 71", "„xaver“ spielt an Tisch 3 nicht mit."),
    ],
)
def test_tisch_lehnt_ab_was_zum_abend_gehoert(cli, db_pfad, zeile, meldung):
    _turnier(db_pfad)
    r = cli("tisch", "--turnier", "1", "--runde", "1", "--tisch", "3", input=zeile + "\n")
    assert r.returncode == 2
    assert meldung in r.stderr.splitlines()[-1], r.stderr
    assert spiele_im_buch(db_pfad) == []


def test_tisch_am_fuenfertisch_und_fussleiste(db_pfad):
    from referee.tisch.sitzung import Tisch
    from referee.tisch.turnier import TurnierSitzungsbuch

    _turnier(db_pfad)
    buch = TurnierSitzungsbuch(str(db_pfad), tisch=4)
    ausgabe: list[str] = []
    t = Tisch(buch, ausgabe.append, knapp=True)
    try:
        assert t.leiste(40).splitlines() == [
            "Tisch 4 · Runde 1 · Spiel 1/4 · gibt Ben",
            "  (setzt aus)",
            "Pkt  Be 0  Ce 0  Ka 0  Ja 0  Pa 0",
        ]
        assert t.verarbeite("w ka 61").ok
        # Wenz Karl gewonnen: 2 je Gegenspieler (Ben gibt und setzt aus)
        assert ausgabe[-1].endswith(
            "| Tisch 4: 1/4 · Ben 0 · Cem -2 · Karl +6 · Jakob -2 · Paula -2"
        )
        assert (
            t.leiste(80).splitlines()[0] == "Tisch 4 · Runde 1 · Spiel 2/4 · gibt Cem (setzt aus)"
        )
        a = t.verarbeite("u 99")
        assert not a.ok and a.meldung == "Es gibt keinen Turniereintrag 99."
    finally:
        t.schliessen()
        buch.schliessen()


def test_tischlink_schreibt_nie_in_den_spielabend(db_pfad):
    """Ein offener Spielabend im selben Buch: der Tisch-Link schreibt ins Turnier, nie in den
    Abend; einen Schreib-Link für den Abend gibt es unter ``turnier live`` nicht."""
    from referee.buch import Buch

    with Buch(db_pfad) as b:
        b.abend_neu(["Anna", "Franz", "Gabi", "Max"])
    _turnier(db_pfad)
    s = starte_turnier_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        assert s.url_schreiben is None
        status, _ = anfrage(
            s, 3, "api/eintrag", {"zeile": "r an fr 71", "schluessel": "abend-0001"}
        )
        assert status == 200
    finally:
        s.stoppe()
    c = sqlite3.connect(db_pfad)
    try:
        assert c.execute("SELECT count(*) FROM eintraege").fetchone()[0] == 0
    finally:
        c.close()
    assert spiele_im_buch(db_pfad) == [(3, 1, "spiel")]
