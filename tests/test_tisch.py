"""``referee tisch``: Skriptmodus über stdin, gleicher Stand wie die einzelnen Befehle,
die Schleife mit prompt_toolkit (Pipe-Eingabe) und einmal echt im Terminal (tmux)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from werkzeuge import werkzeug

from tests.conftest import ROOT, ok

SPIELER = ("--spieler", "Anna", "Ben", "Cem", "Dora")


def _abend_aus_readme() -> str:
    """Der Abend aus dem README (Abschnitt „Am Tisch“, der Block nach „`abend.txt`“)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    abschnitt = text.split("### Am Tisch: referee tisch", 1)[1]
    nach = abschnitt.split("`abend.txt`", 1)[1]
    return nach.split("```text\n", 1)[1].split("```", 1)[0]


# Der Abend aus dem README: Korrektur, Rückgängig, sabai, SAUFN, Schlafmütze – und daneben
# derselbe Abend als einzelne referee-Befehle.
ABEND_TISCH = _abend_aus_readme()
ABEND_BEFEHLE = [
    ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"],
    ["schafkopf", "eintragen", "wenz", "Cem", "--augen", "45", "--klopfer", "1"],
    ["schafkopf", "eintragen", "herz-solo", "Dora", "--augen", "95"],
    ["schafkopf", "eintragen", "geier", "Anna", "--augen", "30"],
    ["schafkopf", "eintragen", "rufspiel", "Cem+Dora", "--augen", "61", "--stoss", "1"],
    ["schafkopf", "eintragen", "eichel-wenz", "Ben", "--augen", "80"],
    ["schafkopf", "eintragen", "ramsch", "Dora", "--jungfrau", "Ben"],
    ["schafkopf", "eintragen", "eichel-solo", "Anna", "--augen", "120", "--schwarz"],
    ["korrektur", "2", "wenz", "Cem", "--augen", "65", "--klopfer", "1"],
    ["schafkopf", "eintragen", "rufspiel", "Anna+Dora", "--augen", "40"],
    ["rueckgaengig"],
    ["sabai", "runde", "Anna=3 7 J", "Ben=AJ 2", "Cem=", "Dora=14 0", "--eintragen"],
    ["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"],
    ["schlafmuetze", "sieg", "Dora"],
    ["schafkopf", "eintragen", "rufspiel", "Ben+Cem", "--augen", "58", "--laufende", "4"],
]


def _stand(cli) -> dict:
    return json.loads(ok(cli("stand", "--json")).stdout)


def test_skript_abend_gleich_einzelnen_befehlen(cli, tmp_path):
    r = ok(cli("tisch", *SPIELER, input=ABEND_TISCH))
    zeilen = r.stdout.splitlines()
    assert len(zeilen) == len(ABEND_TISCH.splitlines())  # eine Ergebniszeile je Eingabezeile
    assert zeilen[0].startswith("#1 Rufspiel Anna+Ben gewonnen · 71 Augen · 3 Laufende → 50 ct:")
    assert "Stand: Anna +0,50 · Ben +0,50 · Cem -0,50 · Dora -0,50" in zeilen[0]
    assert zeilen[8].startswith("#9 ersetzt #2: Wenz Cem gewonnen · 65 Augen · 1× geklopft")
    assert zeilen[10].startswith("Eintrag #10 storniert (Storno #11).")
    tisch = _stand(cli)

    andere_db = str(tmp_path / "befehle.db")
    ok(cli("abend", "neu", *SPIELER, env={"REFEREE_DB": andere_db}))
    for befehl in ABEND_BEFEHLE:
        ok(cli(*befehl, env={"REFEREE_DB": andere_db}))
    befehle = json.loads(ok(cli("stand", "--json", env={"REFEREE_DB": andere_db})).stdout)
    assert tisch == befehle
    # von Hand gerechnet (Standardtarif 10-20-50), ohne das stornierte Spiel, mit Wenz 65:
    # Anna +50 -100 -60 -180 -40 -50 +40 +210 +60 = -70; Ben +50 -100 -60 +60 -40 +150 +40
    # -70 -60 = -30; Cem -50 +300 -60 +60 +40 -50 +40 -70 -60 = +150; Dora = -50
    assert tisch["schafkopf"] == {"Anna": -70, "Ben": -30, "Cem": 150, "Dora": -50}
    assert tisch["sabai"] == {"Anna": 0, "Ben": -1, "Cem": 1, "Dora": 0}
    assert tisch["saufn"]["Cem"] == {"1": 1, "2": 0, "3": 0}
    assert tisch["schlafmuetze"] == {"Anna": 0, "Ben": 0, "Cem": 0, "Dora": 1}
    assert tisch["partien"] == {"schafkopf": 9, "sabai": 1, "saufn": 1, "schlafmuetze": 1}


def test_skript_betraege_von_hand(cli):
    # Standardtarif: Rufspiel 20, Solo 50, Laufende 10 je, Schneider 10
    r = ok(cli("tisch", *SPIELER, input="r an be 71 l3\nw cem 45 k1\nhs dora 95\n"))
    assert "→ 50 ct: 20 (Rufspiel) + 30 (3 Laufende × 10) = 50" in r.stdout
    assert "Wenz Cem verloren · 45 Augen · 1× geklopft → 100 ct" in r.stdout
    assert "Herz-Solo Dora gewonnen · 95 Augen · Schneider → 60 ct" in r.stdout
    # Anna: +50 +100 -60 = +90; Cem: -50 -300 -60 = -410
    assert _stand(cli)["schafkopf"] == {"Anna": 90, "Ben": 90, "Cem": -410, "Dora": 230}


def test_skript_haelt_bei_erster_falscher_zeile(cli):
    r = ok(cli("tisch", *SPIELER, input="r an be 71\nw cem 45\nr an xaver 71\nhs do 95\n"), 2)
    assert r.stderr.strip().splitlines()[-1] == (
        "Fehler: Zeile 3: „xaver“ spielt an diesem Abend nicht mit. "
        "Dabei sind: Anna, Ben, Cem, Dora. (die Zeilen davor sind eingetragen)"
    )
    assert len(r.stdout.splitlines()) == 2
    st = _stand(cli)
    assert st["partien"]["schafkopf"] == 2  # Zeile 4 wurde nicht mehr gelesen
    # Rufspiel 20 je Gegner; Wenz verloren: Cem zahlt 3 × 50
    assert st["schafkopf"] == {"Anna": 70, "Ben": 70, "Cem": -170, "Dora": 30}


def test_skript_mehrdeutig_und_tippfehler(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Berta", "Cem"))
    r = ok(cli("tisch", input="r an b 71\n"), 2)
    assert "Zeile 1: „b“: Ben oder Berta?" in r.stderr
    r = ok(cli("tisch", input="rufspeil an be 71\n"), 2)
    assert "Meintest du „rufspiel“?" in r.stderr
    assert _stand(cli)["partien"]["schafkopf"] == 0


def test_skript_befehle_in_der_sitzung(cli):
    r = ok(cli("tisch", *SPIELER, input="r an be 71\nstand --json\n?davonlaufen\nhilfe\n"))
    assert '"Anna": 20' in r.stdout
    assert "Davonlaufen" in r.stdout or "davonlaufen" in r.stdout
    assert "sb an 3 7 J / be AJ 2 / cem / do 14 0" in r.stdout  # die Hilfe
    # ein Befehl mit Exit 2 hält das Skript an und beendet nichts sonst
    r = ok(cli("tisch", input="stand --gibtsnicht\nr an be 71\n"), 2)
    assert "Zeile 1: Unbekannte Option „--gibtsnicht“" in r.stderr
    assert "Traceback" not in r.stderr
    # „tisch“ in der Sitzung
    r = ok(cli("tisch", input="tisch\n"), 2)
    assert "Zeile 1: Du bist schon am Tisch." in r.stderr


def test_u_nimmt_auch_eine_hausregel_zurueck(cli):
    """``u`` storniert, was zuletzt kam: erst die Hausregel, dann das Spiel davor."""
    eingabe = "r an be 71 l3\nabend regel bettel_erlaubt=ja\nu\nu\n"
    r = ok(cli("tisch", *SPIELER, input=eingabe))
    zeilen = r.stdout.splitlines()
    assert zeilen[1] == "Abend 1: ab dem nächsten Eintrag gilt bettel_erlaubt=ja (vorher nein)."
    assert zeilen[3].startswith("Hausregel (#1) zurückgenommen.")
    assert "Anna +0,50" in zeilen[3]
    assert zeilen[4].startswith("Eintrag #1 storniert (Storno #2).")
    assert "Anna 0 · Ben 0 · Cem 0 · Dora 0" in zeilen[4]


def test_skript_lange_zeile(cli):
    r = ok(cli("tisch", *SPIELER, input="r an be 71\n" + "r " * 5000 + "\nw cem 70\n"), 2)
    assert "Zeile 2: Die Zeile ist zu lang (10000 Zeichen, höchstens 2000)." in r.stderr
    assert _stand(cli)["partien"]["schafkopf"] == 1


def test_skript_fremde_bytes_und_ascii_terminal(db_pfad, tmp_path):
    """Bytes, die kein UTF-8 sind, auf stdin; Ströme, die nur ASCII können (im selben Prozess
    wie ``PYTHONIOENCODING=ascii``)."""
    from tests.conftest import im_prozess

    r = im_prozess(
        "tisch",
        *SPIELER,
        input=b"r an be 71\nsm \xff\xfe\n",
        env={"REFEREE_DB": str(db_pfad), "HOME": str(tmp_path)},
        kodierung="ascii",
    )
    assert r.returncode == 2, r.stderr
    # nur ASCII geschrieben (sonst hätte schon der Strom abgelehnt): wie .decode("ascii")
    aus, err = r.stdout.encode("ascii").decode("ascii"), r.stderr.encode("ascii").decode("ascii")
    assert aus.startswith("#1 Rufspiel Anna+Ben gewonnen * 71 Augen -> 20 ct")
    assert 'Zeile 2: "??" spielt an diesem Abend nicht mit' in err
    assert "Traceback" not in err


def test_ascii_terminal_wie_jeder_befehl(cli):
    """``printf 'r jö ün 71\\n' | PYTHONIOENCODING=ascii referee tisch`` (issue 32): die
    ASCII-Formen des README (Joerg, EUR) statt „?“, und die Spalten des Stands bündig."""
    r = ok(
        cli(
            "tisch",
            "--spieler",
            "Jörg",
            "Ünal",
            "Anna",
            "Ben",
            input="r jö ün 71\nstand\n",
            kodierung="ascii",
        )
    )
    assert "?" not in r.stdout + r.stderr
    zeilen = r.stdout.splitlines()
    assert zeilen[0] == (
        "#1 Rufspiel Joerg+Uenal gewonnen * 71 Augen -> 20 ct: 20 (Rufspiel) | "
        "Stand: Joerg +0,20 * Uenal +0,20 * Anna -0,20 * Ben -0,20"
    )
    tabelle = zeilen[zeilen.index("Spieler | Schafkopf") :][:6]
    assert tabelle == [
        "Spieler | Schafkopf",
        "--------+----------",
        "Joerg   | +0,20 EUR",
        "Uenal   | +0,20 EUR",
        "Anna    | -0,20 EUR",
        "Ben     | -0,20 EUR",
    ]
    assert "Abend 1 begonnen: Joerg, Uenal, Anna, Ben." in r.stderr


def test_skript_ohne_abend_und_ohne_spieler(cli):
    r = ok(cli("tisch", input="r an be 71\n"), 2)
    assert "Kein offener Abend" in r.stderr and "--spieler" in r.stderr


def test_korrektur_und_rueckgaengig_anderer_spiele(cli):
    r = ok(
        cli(
            "tisch",
            *SPIELER,
            input="sf cem an be\n#1 sf be an cem\nsm dora\nu\n#1 sf dora an be\n",
        ),
        2,
    )
    assert "#2 ersetzt #1: SAUFN: 1. Ben · 2. Anna · 3. Cem" in r.stdout
    assert "Eintrag #3 storniert (Storno #4)." in r.stdout
    assert "Zeile 5: Eintrag 1 ist schon ersetzt" in r.stderr
    st = _stand(cli)
    assert st["saufn"]["Ben"] == {"1": 1, "2": 0, "3": 0}
    assert st["schlafmuetze"] == {}


# --------------------------------------------------------------------------- Schleife


@pytest.fixture
def tisch(tmp_path):
    from referee.cli.tisch import neue_sitzung
    from referee.tisch.dienst import Sitzungsbuch

    buch = Sitzungsbuch(str(tmp_path / "t.db"))
    buch.abend_sicherstellen(["Anna", "Ben", "Cem", "Dora"])
    ausgabe: list[str] = []
    t = neue_sitzung(buch, ausgabe.append)
    t.ausgabe = ausgabe  # type: ignore[attr-defined]
    yield t
    buch.schliessen()


def test_schleife_mit_pipe_eingabe(tisch):
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.tisch.sitzung import interaktiv, sitzung_bauen

    vorher = tisch.leiste(40)
    assert vorher == "Abend 1 · Spiel 1 · gibt Anna\n€  An 0  Be 0  Ce 0  Do 0"
    with create_pipe_input() as eingabe:
        # Ctrl-C verwirft die halbe Zeile, dann ein Spiel, ein Tippfehler, Ctrl-D
        eingabe.send_text("w cem 99\x03")
        eingabe.send_text("r an be 71 l3\r")
        eingabe.send_text("r an xaver 71\r")
        eingabe.send_text("\x04")
        s = sitzung_bauen(tisch, eingabe=eingabe, ausgabe=DummyOutput(), verlauf=InMemoryHistory())
        assert interaktiv(tisch, s) == 0
    text = "\n".join(tisch.ausgabe)
    assert "Wenz" not in text
    assert "#1 Rufspiel Anna+Ben gewonnen · 71 Augen · 3 Laufende → 50 ct" in text
    assert "Fehler: „xaver“ spielt an diesem Abend nicht mit." in text
    assert tisch.leiste(40) == (
        "Abend 1 · Spiel 2 · gibt Ben\n€ An +0,50 Be +0,50 Ce -0,50 Do -0,50"
    )
    assert list(s.history.get_strings()) == ["r an be 71 l3", "r an xaver 71"]


def test_fussleiste_merkt_fremde_schreiber(tisch, cli_prozess):
    """Ein Eintrag aus einem anderen Prozess (referee in einem zweiten Terminal) erscheint –
    darum ein echter zweiter Prozess (eigene Verbindung, eigene Dateisperren)."""
    assert "An 0" in tisch.leiste(40)
    ok(
        cli_prozess(
            "schafkopf",
            "eintragen",
            "wenz",
            "Cem",
            "--augen",
            "70",
            env={"REFEREE_DB": tisch.buch.pfad},
        )
    )
    assert tisch.leiste(40).splitlines()[1] == "€ An -0,50 Be -0,50 Ce +1,50 Do -0,50"


def test_fussleiste_40_spalten_mit_allen_spielen(tisch):
    for z in ["r an be 71 l3", "sb an 3 / be 1 / cem 2 / do 9", "sf do cem an", "sm be"]:
        assert tisch.verarbeite(z).ok
    for _ in range(30):
        assert tisch.verarbeite("es an 120 schwarz l8 k2").ok
    # Solo schwarz mit 8 Laufenden: (50 + 10 + 10 + 80) × 4 (2 Klopfer) = 600 je Gegner
    assert tisch.leiste(40).splitlines() == [
        "Abend 1 · Spiel 32 · gibt Dora",
        "€  An +540,50  Be -179,50  Ce -180,50",
        "Do -180,50",
        "SP  An 0  Be +1  Ce 0  Do 0",
        "SAUFN  An 0/0/1  Be 0/0/0  Ce 0/1/0",
        "Do 1/0/0",
        "Mütze  An 0  Be 1  Ce 0  Do 0",
    ]
    assert all(len(z) <= 30 for z in tisch.leiste(30).splitlines())


def test_konvention_einmal_je_sitzung(tisch):
    for _ in range(3):
        assert tisch.verarbeite("w an 70").ok
    text = " ".join(z.strip() for z in tisch.ausgabe)  # Zeilen sind fürs Terminal umbrochen
    assert text.count("Konvention, nicht im Regeltext: Beim Solo-artigen Spiel") == 1
    assert text.count("Wenz Anna gewonnen · 70 Augen") == 3


def test_hilfe_in_40_spalten():
    from referee.tisch.sitzung import HILFE, hilfe_zeilen

    schmal = hilfe_zeilen(40)
    assert all(len(z) <= 40 for z in schmal)
    assert schmal[8:10] == ["  r an be 71 l3", "      Rufspiel Anna+Ben, 71 Augen, 3"]
    assert schmal[3:6] == [
        "  zwei gleiche Vornamen: Anfang des",
        "  Nachnamens (hu = Sepp Huber), sepp.h",
        '  oder "sepp huber".',
    ]
    assert hilfe_zeilen(100) == HILFE.splitlines()
    for form in ("sb an 3 7 J / be AJ 2 / cem / do 14 0", "sf cem an be", "sm dora", "#12"):
        assert form in HILFE


def test_vervollstaendigung(tisch):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from referee.tisch.vervollstaendigung import TischVervollstaendigung

    v = TischVervollstaendigung(tisch)

    def texte(zeile: str) -> list[str]:
        return [c.text for c in v.get_completions(Document(zeile), CompleteEvent())]

    assert texte("r An") == ["Anna"]
    assert texte("r an+b") == ["an+Ben"]
    assert "schwarz" in texte("w cem 45 ")
    assert texte("fw") == ["fwe", "fwg", "fwh", "fws"]
    assert "stand" in texte("st") and "ruf" in texte("ru")
    assert "--hand" in texte("ruf --h")
    assert texte("schafkopf z") == ["zug"]
    assert texte("ramsch dora j") == []  # „j“ ist schon vollständig
    assert "dm" in texte("ramsch d")


def test_live_in_der_sitzung(tisch):
    import urllib.request

    a = tisch.verarbeite("live --port x")
    assert not a.ok and a.meldung == "--port „x“ ist keine Zahl."
    a = tisch.verarbeite("live --host")
    assert not a.ok and "Form: live [--host H] [--port N]" in a.meldung
    try:
        assert tisch.verarbeite("live --host 127.0.0.1 --port 0").ok
        assert tisch.ausgabe[0].startswith("Live-Stand: http://127.0.0.1:")
        url = tisch.ausgabe[0].split()[1]
        assert tisch.verarbeite("live").ok
        assert tisch.ausgabe[-1].startswith("Der Live-Stand läuft schon: http://127.0.0.1:")
        # ein Spiel am Tisch steht sofort im Stand der Live-Seite (stand.json wie stand --json)
        assert tisch.verarbeite("r an be 71 l3").ok
        with urllib.request.urlopen(url.rstrip("/") + "/stand.json", timeout=10) as antwort:
            stand = json.load(antwort)
        assert stand["schafkopf"] == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
    finally:
        tisch.schliessen()
    assert tisch.live is None


# --------------------------------------------------------------------------- tmux


def _tmux(*args: str) -> str:
    return subprocess.run(
        ["tmux", "-L", "referee-test", *args], capture_output=True, text=True, check=True
    ).stdout


def _warte(text: str, sekunden: float = 20) -> str:
    ende = time.monotonic() + sekunden
    bild = ""
    while time.monotonic() < ende:
        bild = _tmux("capture-pane", "-p", "-t", "tisch")
        if text in bild:
            return bild
        time.sleep(0.1)
    raise AssertionError(f"„{text}“ erscheint nicht:\n{bild}")


def test_echte_sitzung_im_terminal(tmp_path):
    werkzeug("tmux")
    env = {
        "REFEREE_DB": str(tmp_path / "t.db"),
        "XDG_DATA_HOME": str(tmp_path / "daten"),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "NO_COLOR": "1",
        "TERM": "xterm-256color",
        "LC_ALL": "C.UTF-8",
        "PATH": os.environ.get("PATH", ""),
    }
    befehl = " ".join(
        [f"{k}={v!r}" for k, v in env.items()]
        + [sys.executable, "-m", "referee", "tisch", *SPIELER]
    )
    _tmux("new-session", "-d", "-s", "tisch", "-x", "40", "-y", "16", f"env {befehl}")
    try:
        bild = _warte("€  An 0  Be 0  Ce 0  Do 0")  # die Fußleiste vor dem ersten Spiel
        assert "tisch>" in bild and "Abend 1 · Spiel 1 · gibt Anna" in bild
        _tmux("send-keys", "-t", "tisch", "r An")
        _warte("Spieler")  # das Menü der Vervollständigung (beim Tippen) ist da
        _tmux("send-keys", "-t", "tisch", "Tab")
        _warte("tisch> r Anna")
        _tmux("send-keys", "-t", "tisch", " be 71 l3", "Enter")
        bild = _warte("€ An +0,50 Be +0,50 Ce -0,50 Do -0,50")
        assert "#1 Rufspiel Anna+Ben gewonnen · 71 Augen" in bild
        assert "Spiel 2 · gibt Ben" in bild
        assert all(len(z) <= 40 for z in bild.splitlines())
        _tmux("send-keys", "-t", "tisch", "q", "Enter")
        ende = time.monotonic() + 10
        while time.monotonic() < ende:
            r = subprocess.run(["tmux", "-L", "referee-test", "has-session", "-t", "tisch"])
            if r.returncode != 0:  # die Sitzung (und mit ihr referee) ist beendet
                break
            time.sleep(0.1)
    finally:
        subprocess.run(["tmux", "-L", "referee-test", "kill-server"], capture_output=True)
    verlauf = tmp_path / "daten" / "referee" / "tisch-verlauf.txt"
    assert "r Anna be 71 l3" in verlauf.read_text(encoding="utf-8")


def test_sechs_am_abend_tisch_im_spiel(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "Eva", "Fritz"))
    r = ok(cli("tisch", input="r an be 71\n"), 2)
    assert "--tisch" in r.stderr  # wer spielt, muss gesagt werden
    r = ok(cli("tisch", input="r an do 71 @an+be+cem+fr\n"), 2)
    assert "„Dora“ spielt dieses Spiel nicht mit (am Tisch: Anna, Ben, Cem, Fritz)" in r.stderr
    ok(cli("tisch", input="r an fr 71 @an+be+cem+fr\n"))
    assert _stand(cli)["schafkopf"] == {
        "Anna": 20,
        "Ben": -20,
        "Cem": -20,
        "Dora": 0,
        "Eva": 0,
        "Fritz": 20,
    }


# --------------------------------------------------------------------------- Eigenschaft

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_KURZ_ART = {
    "r": "rufspiel",
    "w": "wenz",
    "g": "geier",
    "hs": "herz-solo",
    "es": "eichel-solo",
    "fwg": "gras-wenz",
}
_NAMEN = ["Anna", "Ben", "Cem", "Dora"]


@st.composite
def _spiel(draw):
    kurz = draw(st.sampled_from(sorted(_KURZ_ART)))
    zwei = kurz == "r"
    partei = draw(st.permutations(_NAMEN))[: 2 if zwei else 1]
    augen = draw(st.integers(0, 120))
    laufende = draw(st.integers(0, 5))
    klopfer = draw(st.integers(0, 2))
    stoss = draw(st.integers(0, 1))
    schwarz = draw(st.booleans()) and augen in (0, 120)
    zeile = [kurz, *(n[:2].lower() for n in partei), str(augen)]
    befehl = ["schafkopf", "eintragen", _KURZ_ART[kurz], "+".join(partei), "--augen", str(augen)]
    for wert, k, opt in (
        (laufende, "l", "--laufende"),
        (klopfer, "k", "--klopfer"),
        (stoss, "x", "--stoss"),
    ):
        if wert:
            zeile.append(f"{k}{wert}")
            befehl += [opt, str(wert)]
    if schwarz:
        zeile.append("schwarz")
        befehl.append("--schwarz")
    # Zahl und Zusätze in beliebiger Reihenfolge, die Spieler irgendwo dazwischen
    extra = draw(st.permutations(zeile[1 + len(partei) :]))
    k = draw(st.integers(0, len(extra)))
    namen = zeile[1 : 1 + len(partei)]
    return " ".join([kurz, *extra[:k], *namen, *extra[k:]]), befehl


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(_spiel(), min_size=1, max_size=6))
def test_kurzform_und_befehl_gleich(tmp_path_factory, spiele):
    """Jede Folge von Spielen: Kurzform in der Sitzung und ausgeschriebener Befehl ergeben
    dieselben Annahmen/Ablehnungen und denselben Stand."""
    from referee.cli.tisch import neue_sitzung
    from referee.tisch.dienst import Sitzungsbuch

    ordner = tmp_path_factory.mktemp("gleich")
    staende = []
    for weg in ("kurz", "befehl"):
        buch = Sitzungsbuch(str(ordner / f"{weg}.db"))
        buch.abend_sicherstellen(_NAMEN)
        t = neue_sitzung(buch, lambda _text: None)
        angenommen = []
        for zeile, befehl in spiele:
            if weg == "kurz":
                angenommen.append(t.verarbeite(zeile).ok)
            else:
                angenommen.append(t.cli(befehl).ok)
        lage = t.lage()
        staende.append((angenommen, lage.schafkopf, lage.spiele))
        buch.schliessen()
    assert staende[0] == staende[1]
