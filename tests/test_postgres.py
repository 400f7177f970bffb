"""PostgreSQL als zweites Buch (issue 37): was über einen einzelnen Speicher hinausgeht –
Importe und Startzeit des SQLite-Wegs, das Passwort der URL, Umziehen, zwei Live-Server auf
einem Buch. Die Tests mit Server brauchen ``REFEREE_TEST_PG`` (sonst übersprungen mit Grund).
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from urllib.parse import urlsplit, urlunsplit

import buchorte
import pytest
from conftest import ROOT, _env, im_prozess, ok

from referee.pfade import PgAdresse, db_pfad, pg_umgebung

# die Fixtures aus buchorte (als Namen dieses Moduls findet pytest sie)
pg_buch = buchorte.pg_buch

SPIELER = ["Anna", "Ben", "Cem", "Dora"]
GEHEIM = "Geh3im-Pa55wort"


def _mit_passwort(url: str, passwort: str = GEHEIM) -> str:
    teile = urlsplit(url)
    wer, _, wo = teile.netloc.rpartition("@")
    netz = f"{wer or 'postgres'}:{passwort}@{wo}"
    return urlunsplit((teile.scheme, netz, teile.path, teile.query, ""))


# ---------------------------------------------------------------- der SQLite-Weg bleibt leicht


@pytest.mark.parametrize("befehl", [["stand"], ["--help"], ["frage", "Davonlaufen"]])
def test_sqlite_weg_laedt_kein_psycopg(tmp_path, befehl):
    """``python -X importtime``: weder ``referee --help`` noch ``stand`` noch ``frage`` auf
    einer SQLite-Datei importieren psycopg (oder den PostgreSQL-Teil des Speichers)."""
    db = tmp_path / "b.db"
    ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env={"REFEREE_DB": str(db)}))
    r = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "referee", *befehl],
        capture_output=True,
        text=True,
        env=_env({"REFEREE_DB": str(db), "HOME": str(tmp_path)}),
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    geladen = {z.split("|")[-1].strip() for z in r.stderr.splitlines() if "|" in z}
    assert not {m for m in geladen if m.startswith("psycopg")}
    assert "referee.store.postgres" not in geladen


# ---------------------------------------------------------------- die Adresse und ihr Passwort


def test_adresse_ohne_passwort():
    a = db_pfad(f"postgresql://verein:{GEHEIM}@db.example.org:5432/buch?sslmode=require")
    assert isinstance(a, PgAdresse)
    assert str(a) == "postgresql://verein@db.example.org:5432/buch?sslmode=require"
    assert a.passwort() == GEHEIM
    assert pg_umgebung(a) == {"PGPASSWORD": GEHEIM}
    # derselbe Text ohne Passwort (z. B. an einen Kindprozess) findet es in diesem Prozess
    assert db_pfad(str(a)).passwort() == GEHEIM
    b = db_pfad(f"postgres://host/buch?password={GEHEIM}&host=/run/postgresql")
    assert GEHEIM not in str(b) and b.passwort() == GEHEIM
    # ein Pfad bleibt ein Pfad
    assert not isinstance(db_pfad("postgres.db"), PgAdresse)


@pytest.mark.parametrize(
    "args",
    [
        ["stand"],
        ["stand", "--json"],
        ["abend", "neu", "--spieler", *SPIELER],
        ["abend", "neu", "--spieler", *SPIELER, "--json"],
        ["umziehen", "x.db"],
    ],
)
def test_passwort_nie_in_einer_meldung_ohne_server(tmp_path, args):
    """Kein Server unter der Adresse: eine klare Meldung (Exit 2), nirgends das Passwort."""
    url = f"postgresql://verein:{GEHEIM}@127.0.0.1:9/buch?connect_timeout=2"
    r = subprocess.run(
        [sys.executable, "-m", "referee", "--db", url, *args],
        capture_output=True,
        text=True,
        env=_env({"HOME": str(tmp_path)}),
        cwd=tmp_path,
    )
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert GEHEIM not in r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert "postgresql://verein@127.0.0.1:9/buch" in r.stdout + r.stderr


def test_passwort_nie_in_einer_ausgabe_mit_server(pg_buch, tmp_path):
    url = _mit_passwort(pg_buch)
    umgebung = {"REFEREE_DB": url}
    texte = []
    for args in (
        ["abend", "neu", "--spieler", *SPIELER],
        ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"],
        ["stand", "--json"],
        ["verlauf"],
        ["abend", "neu", "--spieler", *SPIELER],  # Exit 2: noch offen
        ["umziehen", str(tmp_path / "kopie.db")],
        ["export", "--format", "json"],
    ):
        r = im_prozess(*args, env=umgebung)
        assert r.returncode in (0, 2), (args, r.stderr)
        texte.append(r.stdout + r.stderr)
    assert all(GEHEIM not in t for t in texte)
    assert "Umgezogen nach" in texte[5]


# ---------------------------------------------------------------- umziehen


def _export(buchort: str) -> str:
    return ok(im_prozess("export", "--format", "json", env={"REFEREE_DB": buchort})).stdout


def test_umziehen_hin_und_zurueck_gibt_denselben_export(pg_buch, tmp_path):
    quelle = str(tmp_path / "quelle.db")
    env = {"REFEREE_DB": quelle}
    ok(im_prozess("abend", "neu", "--spieler", *SPIELER, "--ort", "Gasthof Pößl", env=env))
    for args in (
        ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"],
        ["sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"],
        ["korrektur", "1", "rufspiel", "Cem+Dora", "--augen", "61"],
        ["rueckgaengig"],
        ["abend", "regel", "bettel_erlaubt=ja"],
        ["abend", "ende"],
        ["turnier", "neu", "Post", "--runden", "2", "--spiele", "4", "--seed", "3"],
        ["turnier", "anmelden", "Anna", "Ben", "Cem", "Doro"],
        ["turnier", "auslosung"],
        [
            "turnier",
            "ergebnis",
            "--runde",
            "1",
            "--tisch",
            "1",
            "Anna=+12",
            "Ben=-5",
            "Cem=-4",
            "Doro=-3",
        ],
        ["saison", "neu", "Winter", "--von", "2026-01-01", "--bis", "2026-12-31"],
        ["spieler", "zusammenfuehren", "Doro", "Dora"],  # dieselbe Person
    ):
        ok(im_prozess(*args, env=env))
    vorher = _export(quelle)
    turnier_vorher = ok(im_prozess("turnier", "stand", "--json", env=env)).stdout
    saison_vorher = ok(im_prozess("saison", "stand", "--json", env=env)).stdout
    r = ok(im_prozess("umziehen", pg_buch, "--json", env=env))
    zahlen = json.loads(r.stdout)
    assert (zahlen["spieler"], zahlen["abende"], zahlen["eintraege"], zahlen["turniere"]) == (
        4,
        1,
        4,
        1,
    )
    assert _export(pg_buch) == vorher
    assert ok(im_prozess("turnier", "stand", "--json", env={"REFEREE_DB": pg_buch})).stdout == (
        turnier_vorher
    )
    assert ok(im_prozess("saison", "stand", "--json", env={"REFEREE_DB": pg_buch})).stdout == (
        saison_vorher
    )
    zurueck = str(tmp_path / "zurueck.db")
    ok(im_prozess("umziehen", zurueck, env={"REFEREE_DB": pg_buch}))
    assert _export(zurueck) == vorher
    # ein Ziel mit Daten bleibt unberührt
    r = ok(im_prozess("umziehen", pg_buch, env=env), 2)
    assert "nicht leer" in r.stderr


# ---------------------------------------------------------------- zwei Live-Server, ein Buch


def _stand_json(server) -> dict | None:
    verbindung = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        verbindung.request("GET", f"/{server.token}/stand.json")
        antwort = verbindung.getresponse()
        text = antwort.read().decode()
    finally:
        verbindung.close()
    return json.loads(text) if antwort.status == 200 else None


def test_zwei_live_server_sehen_einander(pg_buch):
    """Zwei ``referee live``-Prozesse auf einem PostgreSQL-Buch; ein dritter Prozess schreibt:
    beide zeigen den neuen Stand (LISTEN/NOTIFY über Prozessgrenzen)."""
    from referee.live import starte_im_hintergrund

    env = {"REFEREE_DB": pg_buch}
    ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env=env))
    server = [starte_im_hintergrund(pg_buch, host="127.0.0.1", port=0) for _ in range(2)]
    try:
        for s in server:
            assert _stand_json(s)["schafkopf"] == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 0}
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "referee",
                "schafkopf",
                "eintragen",
                "rufspiel",
                "Anna+Ben",
                "--augen",
                "71",
                "--laufende",
                "3",
            ],
            capture_output=True,
            text=True,
            env=_env(env),
        )
        assert r.returncode == 0, r.stderr
        erwartet = {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
        frist = time.monotonic() + 5
        gesehen = [None, None]
        while time.monotonic() < frist and gesehen != [erwartet, erwartet]:
            gesehen = [(_stand_json(s) or {}).get("schafkopf") for s in server]
            time.sleep(0.05)
        assert gesehen == [erwartet, erwartet]
    finally:
        for s in server:
            s.stoppe()


def test_live_kindprozess_bekommt_das_passwort_nicht_auf_der_kommandozeile(pg_buch):
    from referee.live import starte_im_hintergrund

    url = _mit_passwort(pg_buch)
    ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env={"REFEREE_DB": url}))
    s = starte_im_hintergrund(url, host="127.0.0.1", port=0)
    try:
        with open(f"/proc/{s.pid}/cmdline", "rb") as f:
            kommandozeile = f.read().decode()
        assert GEHEIM not in kommandozeile and "postgres" in kommandozeile
        assert GEHEIM not in s.hinweis
        assert _stand_json(s)["schafkopf"]["Anna"] == 0
    finally:
        s.stoppe()
    assert os.environ.get("PGPASSWORD") != GEHEIM


# ---------------------------------------------------------------- README: Ein Buch für den Verein


def test_readme_verein_datenbank_anlegen_und_benutzen(tmp_path):
    """Die SQL-Zeilen des README-Abschnitts „Ein Buch für den Verein“ legen auf dem Testserver
    Benutzer und Datenbank an (mit eigenen Namen, der Server kennt „referee“ schon); mit der
    URL in der Form des README gehen ein Abend und ein Umzug."""
    import re
    import uuid

    import psycopg
    from buchorte import pg_basis

    basis = pg_basis()
    text = (ROOT / "README.md").read_text("utf-8")
    abschnitt = text.split("### Ein Buch für den Verein", 1)[1].split("\n## ", 1)[0]
    sql = re.search(r"```sql\n(.*?)```", abschnitt, re.S).group(1)
    assert "CREATE ROLE referee LOGIN" in sql and "CREATE DATABASE verein OWNER referee" in sql
    rolle, db = f"r_{uuid.uuid4().hex[:10]}", f"v_{uuid.uuid4().hex[:10]}"
    sql = re.sub(r"\breferee\b", rolle, re.sub(r"\bverein\b", db, sql))
    teile = urlsplit(basis)
    wo = teile.netloc.rpartition("@")[2]  # Rechner und Port des Testservers (oder leer: Socket)
    url = urlunsplit((teile.scheme, f"{rolle}@{wo}", f"/{db}", teile.query, ""))
    with psycopg.connect(basis, autocommit=True) as admin:
        for befehl in filter(None, (z.strip() for z in sql.split(";"))):
            admin.execute(befehl)
        try:
            ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env={"REFEREE_DB": url}))
            alt = str(tmp_path / "alt.db")
            ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env={"REFEREE_DB": alt}))
            r = ok(im_prozess("umziehen", url, env={"REFEREE_DB": alt}), 2)  # nicht leer
            assert "nicht leer" in r.stderr
            stand = json.loads(ok(im_prozess("stand", "--json", env={"REFEREE_DB": url})).stdout)
            assert stand["schafkopf"] == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 0}
        finally:
            admin.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
            admin.execute(f"DROP ROLE IF EXISTS {rolle}")


def test_sicherung_eines_pg_buchs_ist_eine_sqlite_datei_mit_demselben_export(pg_buch, tmp_path):
    """``referee sicherung`` auf einem PostgreSQL-Buch schreibt eine geprüfte SQLite-Datei
    (nur für den Besitzer lesbar), deren Export dem des Buchs gleicht."""
    env = {"REFEREE_DB": pg_buch}
    ok(im_prozess("abend", "neu", "--spieler", *SPIELER, env=env))
    ok(im_prozess("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", env=env))
    ziel = tmp_path / "kopie.db"
    r = json.loads(ok(im_prozess("sicherung", str(ziel), "--json", env=env)).stdout)
    assert r["integritaet"] == "ok"
    zeilen = {t["tabelle"]: t["zeilen"] for t in r["tabellen"]}
    assert (zeilen["spieler"], zeilen["abende"], zeilen["eintraege"], zeilen["werte"]) == (
        4,
        1,
        1,
        4,
    )
    assert ziel.stat().st_mode & 0o777 == 0o600
    assert _export(str(ziel)) == _export(pg_buch)
    ok(im_prozess("sicherung", str(ziel), env=env), 2)  # vorhanden: nur mit --force
