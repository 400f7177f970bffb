"""Golden-Tests: die Form jeder ``--json``-Antwort ist ein Vertrag (issue 25, Punkt 8).

Für jeden Befehl mit ``--json`` (aus dem Typer-Befehlsbaum, wie ``tests/test_fuzz.py``) läuft
das Beispiel aus seiner Hilfe („Beispiel: referee …“) gegen ein vorbereitetes Buch, dazu ein
Aufruf mit falscher Eingabe (Exit 2, ``{"fehler": {"art", "meldung", "abschnitt"}}``) und für
einige Befehle weitere Varianten. Festgehalten wird nicht der Wert, sondern die *Form*: die
Schlüssel jeder Ebene, bei Listen die vereinigte Form ihrer Elemente, an den Blättern der Typ
(„int“, „str“, „bool“, „null“, „float“; mehrere mit „|“), dazu der Exit-Code. Werte wechseln
mit Datum und Nummern, die Form nur, wenn sich der Vertrag ändert.

Schlüssel, die selbst Daten sind, stehen als Platzhalter: die Namen am Tisch als ``<Name>``,
Zahlen als ``<Zahl>``, Schafkopf-Karten als ``<Karte>``, Tarifnamen („10-20-50“) als
``<Tarif>``. Eine Stelle, die verschiedene Arten annimmt (etwa ``null`` oder ein Objekt), steht
als ``{"<eines von>": [...]}``.

Je Befehl eine Datei ``tests/golden/<befehl>.json`` (``schafkopf zug`` → ``schafkopf_zug.json``).
Weicht die Form ab, ist das eine Vertragsänderung: gewollt nur mit neuen Golden-Dateien
(``REFEREE_GOLDEN_NEU=1 .venv/bin/pytest -n 0 tests/test_golden.py``) *und* einer Zeile in
``CHANGELOG.md``. Ein neuer Befehl mit ``--json`` braucht eine Golden-Datei.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import sqlite3
from collections.abc import Iterable
from functools import reduce
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, ROOT, _env, im_prozess

GOLDEN = Path(__file__).resolve().parent / "golden"
CHANGELOG = ROOT / "CHANGELOG.md"
#: ``REFEREE_GOLDEN_NEU=1``: die Golden-Dateien aus den Antworten neu schreiben (statt zu prüfen).
NEU = os.environ.get("REFEREE_GOLDEN_NEU") == "1"

NAMEN = frozenset({"Anna", "Ben", "Cem", "Dora"})
ODER = "<eines von>"

# ---------------------------------------------------------------- die Form einer Antwort


def _platzhalter(schluessel: str) -> str:
    """Ein Schlüssel, der selbst ein Wert ist (Name, Zahl, Karte, Tarif), wird zum Platzhalter."""
    if schluessel in NAMEN:
        return "<Name>"
    if re.fullmatch(r"\d+", schluessel):
        return "<Zahl>"
    if re.fullmatch(r"[EGHS](?:A|K|O|U|10|9|8|7)", schluessel):
        return "<Karte>"
    if re.fullmatch(r"\d+(?:-\d+)+", schluessel):
        return "<Tarif>"
    return schluessel


def _alternativen(form: Any) -> list[Any]:
    if isinstance(form, dict) and set(form) == {ODER}:
        return list(form[ODER])
    return [form]


def vereinige(a: Any, b: Any) -> Any:
    """Die Form, die beide Formen umfasst (Blatt-Typen vereinigt, Objekte mit allen
    Schlüsseln, Listen mit der vereinigten Elementform)."""
    blaetter: set[str] = set()
    objekt: dict[str, Any] | None = None
    liste: list[Any] | None = None
    for f in _alternativen(a) + _alternativen(b):
        if isinstance(f, str):
            blaetter.update(f.split("|"))
        elif isinstance(f, list):
            if liste and f:
                liste = [vereinige(liste[0], f[0])]
            elif f or liste is None:  # eine leere Liste sagt nichts über ihre Elemente
                liste = f
        else:
            if objekt is None:
                objekt = f
            else:
                objekt = {
                    k: vereinige(objekt[k], f[k])
                    if k in objekt and k in f
                    else objekt.get(k, f.get(k))
                    for k in sorted(set(objekt) | set(f))
                }
    teile: list[Any] = []
    if blaetter:
        teile.append("|".join(sorted(blaetter)))
    if objekt is not None:
        teile.append(objekt)
    if liste is not None:
        teile.append(liste)
    return teile[0] if len(teile) == 1 else {ODER: teile}


def form(wert: Any) -> Any:
    """Die Form eines JSON-Werts: Schlüssel und Typen, keine Werte."""
    if wert is None:
        return "null"
    if isinstance(wert, bool):
        return "bool"
    if isinstance(wert, int):
        return "int"
    if isinstance(wert, float):
        return "float"
    if isinstance(wert, str):
        return "str"
    if isinstance(wert, list):
        return [reduce(vereinige, map(form, wert))] if wert else []
    if isinstance(wert, dict):
        gruppen: dict[str, list[Any]] = {}
        for k, v in wert.items():
            gruppen.setdefault(_platzhalter(k), []).append(form(v))
        return {k: reduce(vereinige, gruppen[k]) for k in sorted(gruppen)}
    raise TypeError(f"kein JSON-Wert: {wert!r}")


def test_form_haelt_schluessel_und_typen_nicht_werte():
    daten = {
        "Anna": 3,
        "Ben": None,
        "S7": "Grund",
        "liste": [{"a": 1}, {"a": "x", "b": True}, {"a": None}],
        "leer": [],
        "gemischt": [None, {"k": 1.5}, [1]],
        "3": {"Cem": 1},
    }
    assert form(daten) == {
        "<Karte>": "str",
        "<Name>": "int|null",
        "<Zahl>": {"<Name>": "int"},
        "gemischt": [{ODER: ["null", {"k": "float"}, ["int"]]}],
        "leer": [],
        "liste": [{"a": "int|null|str", "b": "bool"}],
    }
    assert form({"x": 1}) != form({"y": 1})
    assert form([1, 2]) == form([3]) == ["int"]


# ---------------------------------------------------------------- die Befehle


def json_befehle(app: Any) -> list[tuple[tuple[str, ...], list[str] | None]]:
    """Alle Befehle mit ``--json`` (Blätter und Gruppen mit eigenen Optionen, wie
    ``_befehle()`` in test_fuzz) mit den Argumenten des Beispiels aus ihrer Hilfe
    (``None``: die Hilfe hat kein Beispiel)."""
    import typer.main

    aus: list[tuple[tuple[str, ...], list[str] | None]] = []

    def alle(cmd: Any, pfad: list[str]) -> None:
        unter = getattr(cmd, "commands", {})
        if pfad and (not unter or cmd.params):
            opts = {o for p in cmd.params for o in getattr(p, "opts", ())}
            if "--json" in opts:
                beispiel = re.findall(r"Beispiel: referee (.*)", cmd.help or "")
                args = shlex.split(beispiel[0])[len(pfad) :] if beispiel else None
                aus.append((tuple(pfad), args))
        for name, sub in unter.items():
            alle(sub, [*pfad, name])

    alle(typer.main.get_command(app), [])
    return aus


def _referee_befehle() -> list[tuple[tuple[str, ...], list[str] | None]]:
    from referee.cli import app, lade_befehle

    lade_befehle()
    return json_befehle(app)


BEFEHLE = _referee_befehle()


def golden_datei(pfad: Iterable[str], ordner: Path = GOLDEN) -> Path:
    return ordner / ("_".join(pfad) + ".json")


def fehlende_golden_dateien(
    befehle: Iterable[tuple[tuple[str, ...], Any]], ordner: Path = GOLDEN
) -> list[tuple[str, ...]]:
    """Die Befehle mit ``--json``, zu denen es keine Golden-Datei gibt."""
    return [pfad for pfad, _ in befehle if not golden_datei(pfad, ordner).is_file()]


# ---------------------------------------------------------------- das vorbereitete Buch

#: Drei Abende: 1 und 2 beendet (1 bezahlt), 3 offen; in 1 und 3 Schafkopf, sabai, SAUFN,
#: Schlafmütze, eine Korrektur und eine Hausregel, in 2 eine sabai-Runde mit Ruhmeshalle.
#: Eintrag 12 ist ein Schafkopf-Spiel im offenen Abend, das das Beispiel von ``korrektur``
#: wirklich ändert.
SCHRITTE = [
    ["abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Post"],
    ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"],
    ["schafkopf", "eintragen", "solo", "Cem", "--augen", "91", "--laufende", "3"],
    ["sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"],
    ["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"],
    ["schlafmuetze", "sieg", "Ben"],
    ["korrektur", "2", "solo", "Cem", "--augen", "40"],
    ["abend", "regel", "grund=30"],
    ["schafkopf", "eintragen", "rufspiel", "Dora+Ben", "--augen", "40"],
    ["abend", "ende"],
    ["abend", "bezahlt", "1"],
    ["abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Krone"],
    ["schafkopf", "eintragen", "wenz", "Dora", "--augen", "61"],
    ["sabai", "eintragen", "Anna=J J J AJ", "Ben=2 2", "Cem=", "Dora=14 0"],
    ["abend", "ende"],
    ["abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Gasthaus"],
    ["abend", "regel", "grund=30"],
    ["schafkopf", "eintragen", "rufspiel", "Cem+Dora", "--augen", "80"],
    ["sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"],
    ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "50"],
    ["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"],
    ["schlafmuetze", "sieg", "Anna"],
    ["korrektur", "10", "rufspiel", "Cem+Dora", "--augen", "91"],
]

#: Eine Saison über die Abende des Buchs und ein Turnier mit einem Tischblatt (für ``saison …``).
_SAISON = [
    ["turnier", "neu", "Post", "--runden", "1", "--spiele", "4", "--seed", "3"],
    ["turnier", "anmelden", "Anna", "Ben", "Cem", "Dora"],
    ["turnier", "auslosung"],
    ["turnier", "ergebnis", "-r", "1", "-t", "1", "Anna=+5", "Ben=-1", "Cem=-1", "Dora=-3"],
    ["saison", "neu", "Jahr", "--von", "2000-01-01", "--bis", "2009-12-31", "--wertung", "beste:2"],
    ["saison", "dazu", "abend", "1"],
    ["saison", "dazu", "abend", "2"],
    ["saison", "dazu", "turnier", "1"],
]
#: „Sepp“ im Turnier, „Sepp Huber“ auch (für ``spieler …``).
_SEPP = [
    ["turnier", "neu", "Post", "--runden", "1", "--spiele", "4", "--seed", "3"],
    ["turnier", "anmelden", "Anna", "Ben", "Sepp", "Sepp Huber"],
]

#: Schritte vor dem Beispiel, damit es im vorbereiteten Buch gilt (ein neuer Abend braucht
#: ein beendetes, ``abend wieder 3`` einen beendeten Abend 3).
VORHER: dict[tuple[str, ...], list[list[str]]] = {
    ("abend",): [["abend", "ende"]],
    ("abend", "neu"): [["abend", "ende"]],
    ("abend", "wieder"): [["abend", "ende"]],
    ("turnier", "live"): [
        ["turnier", "neu", "Post", "--runden", "2", "--spiele", "4", "--seed", "3"],
        ["turnier", "anmelden", "Anna", "Ben", "Cem", "Dora", "Emil"],
        ["turnier", "auslosung"],
    ],
    **{
        ("saison", befehl): _SAISON
        for befehl in ("aendern", "liste", "zeigen", "dazu", "weg", "stand", "statistik", "live")
    },
    ("spieler", "zusammenfuehren"): _SEPP,
    ("spieler", "trennen"): [*_SEPP, ["spieler", "zusammenfuehren", "Sepp", "Sepp Huber"]],
    ("spieler", "liste"): [*_SEPP, ["spieler", "zusammenfuehren", "Sepp", "Sepp Huber"]],
}

#: Weitere Aufrufe, deren Form zum Vertrag gehört (mit ``--json``).
WEITERE: dict[tuple[str, ...], list[list[str]]] = {
    ("ruf",): [
        ["--hand", "EO GU H9 G10 G7 S8 SK EA"],
        ["--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "herz"],
        ["--hand", "GA EO GO HA HK H10 H9 EU"],
    ],
    ("schafkopf", "zug"): [
        ["--spiel", "rufspiel", "--farbe", "schellen", "--hand", "SA S7 S8 S9 GO", "--stich", "SK"],
    ],
    # in ein Buch mit Daten (hier sein eigener Export: alles schon da)
    ("import",): [["abende.json", "--dazu"]],
    ("live",): [[]],  # ohne --schreiben: "schreiben" ist null
    ("turnier", "live"): [[]],  # ohne --schreiben: "tische" ist leer
}

#: Falsche Eingaben mit Regelbezug; sonst ist die falsche Eingabe eine unbekannte Option.
FALSCH: dict[tuple[str, ...], list[str]] = {
    ("ruf",): ["--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "pik"],
    ("schafkopf", "zug"): ["--spiel", "rufspiel", "--farbe", "herz", "--hand", "SA S7 S8 S9 GO"],
}
UNBEKANNTE_OPTION = "--gibt-es-nicht"
#: Befehle, die dienen, bis Strg-C kommt (``live``): ihr Vertrag ist die erste Zeile von
#: ``--json``. Sie laufen als eigener Prozess (mit diesen Argumenten dazu) und enden danach.
DIENENDE: dict[tuple[str, ...], list[str]] = {
    ("live",): ["--host", "127.0.0.1", "--port", "0"],
    ("turnier", "live"): ["--host", "127.0.0.1", "--port", "0"],
    ("saison", "live"): ["--host", "127.0.0.1", "--port", "0"],
}


def _kopiere(quelle: Path, ziel: Path) -> None:
    """Das Buch über die SQLite-Sicherung kopieren (mit dem Inhalt der WAL-Datei)."""
    von, nach = sqlite3.connect(quelle), sqlite3.connect(ziel)
    try:
        von.backup(nach)
    finally:
        von.close()
        nach.close()


@pytest.fixture(scope="module")
def werkstatt(tmp_path_factory):
    """Ordner mit vorbereitetem Buch, Export (``abende.json``) und Partie (``partie.json``)."""
    ordner = tmp_path_factory.mktemp("golden")
    vorlage = ordner / "vorlage.db"
    umgebung = {"REFEREE_DB": str(vorlage), "HOME": str(ordner / "home")}
    for schritt in SCHRITTE:
        r = im_prozess(*schritt, env=umgebung)
        assert r.returncode == 0, (schritt, r.stderr)
    r = im_prozess("export", "--format", "json", "-o", str(ordner / "abende.json"), env=umgebung)
    assert r.returncode == 0, r.stderr
    partien = json.loads((DATA / "partien.json").read_text(encoding="utf-8"))
    (ordner / "partie.json").write_text(json.dumps(partien[0].get("partie", partien[0])))
    return ordner, vorlage


def _lauf(pfad: tuple[str, ...], args: list[str], werkstatt, arbeit: Path) -> dict[str, Any]:
    """Ein Aufruf mit ``--json`` auf einer frischen Kopie des Buchs: Exit-Code und Form."""
    ordner, vorlage = werkstatt
    arbeit.mkdir()
    db = arbeit / "referee.db"
    _kopiere(vorlage, db)
    umgebung = {"REFEREE_DB": str(db), "HOME": str(arbeit / "home")}
    ersatz = {
        "partie.json": str(ordner / "partie.json"),
        "abende.json": str(ordner / "abende.json"),
    }
    echt = [ersatz.get(a, a) for a in args]
    if "--json" not in echt:
        echt.append("--json")
    alt = os.getcwd()
    os.chdir(arbeit)  # relative Pfade der Beispiele (``--db neu.db``) landen hier
    try:
        for schritt in VORHER.get(pfad, []):
            r = im_prozess(*schritt, env=umgebung)
            assert r.returncode == 0, (schritt, r.stderr)
        if pfad in DIENENDE and UNBEKANNTE_OPTION not in echt:
            zeile = _erste_zeile(pfad, [*echt, *DIENENDE[pfad]], umgebung, arbeit)
            return {"args": args, **zeile}
        r = im_prozess(*pfad, *echt, env=umgebung)
    finally:
        os.chdir(alt)
    assert r.returncode in (0, 1, 2), (pfad, echt, r.returncode, r.stderr)
    try:
        antwort = json.loads(r.stdout)
    except ValueError:
        raise AssertionError(f"kein JSON von {pfad} {echt}: {r.stdout[:300]!r}") from None
    return {"args": args, "exit": r.returncode, "form": form(antwort)}


def _erste_zeile(
    pfad: tuple[str, ...], args: list[str], umgebung: dict[str, str], arbeit: Path
) -> dict[str, Any]:
    """Ein dienender Befehl als eigener Prozess: die Form seiner ersten Zeile, dann Strg-C."""
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", *pfad, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=_env(umgebung),
        cwd=arbeit,
    )
    try:
        assert proc.stdout is not None
        zeile = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    return {"exit": proc.returncode, "form": form(json.loads(zeile))}


def live_form(pfad: tuple[str, ...], beispiel: list[str], werkstatt, tmp_path: Path) -> dict:
    """Was die Golden-Datei eines Befehls festhält: Beispiel, weitere Aufrufe, falsche Eingabe."""
    aufrufe = [beispiel, *WEITERE.get(pfad, [])]
    falsch = FALSCH.get(pfad, [*beispiel, UNBEKANNTE_OPTION])
    return {
        "befehl": " ".join(pfad),
        "aufrufe": [
            _lauf(pfad, args, werkstatt, tmp_path / f"lauf{i}") for i, args in enumerate(aufrufe)
        ],
        "falsche_eingabe": _lauf(pfad, falsch, werkstatt, tmp_path / "falsch"),
    }


def _text(daten: Any) -> str:
    return json.dumps(daten, ensure_ascii=False, indent=2) + "\n"


VERTRAG = (
    "Ein geänderter Schlüssel oder Exit-Code ist eine Vertragsänderung. Ist sie gewollt: die "
    "Golden-Datei neu schreiben (REFEREE_GOLDEN_NEU=1 .venv/bin/pytest -n 0 tests/test_golden.py) "
    "UND eine Zeile in CHANGELOG.md (## [Unveröffentlicht]) ergänzen. Sonst den Code so lassen, "
    "wie der Vertrag es sagt."
)


@pytest.mark.parametrize("befehl", BEFEHLE, ids=lambda b: " ".join(b[0]))
def test_json_form_wie_golden(befehl, werkstatt, tmp_path):
    pfad, beispiel = befehl
    assert beispiel is not None, f"referee {' '.join(pfad)}: die Hilfe nennt kein Beispiel"
    live = live_form(pfad, beispiel, werkstatt, tmp_path)
    datei = golden_datei(pfad)
    if NEU:
        GOLDEN.mkdir(exist_ok=True)
        datei.write_text(_text(live), encoding="utf-8")
        return
    assert datei.is_file(), (
        f"`referee {' '.join(pfad)}` hat --json, aber keine Golden-Datei {datei.name}. "
        "Anlegen mit REFEREE_GOLDEN_NEU=1 .venv/bin/pytest -n 0 tests/test_golden.py, die Datei "
        "lesen und prüfen, und den neuen Befehl in CHANGELOG.md eintragen."
    )
    gespeichert = json.loads(datei.read_text(encoding="utf-8"))
    if live != gespeichert:
        unterschied = "".join(
            difflib.unified_diff(
                _text(gespeichert).splitlines(keepends=True),
                _text(live).splitlines(keepends=True),
                f"tests/golden/{datei.name}",
                f"referee {' '.join(pfad)} (jetzt)",
            )
        )
        pytest.fail(
            f"Die Form der --json-Antwort von `referee {' '.join(pfad)}` weicht von "
            f"tests/golden/{datei.name} ab.\n{VERTRAG}\n\n{unterschied}",
            pytrace=False,
        )


def test_jeder_befehl_mit_json_hat_eine_golden_datei():
    if NEU:
        pytest.skip("die Golden-Dateien werden eben neu geschrieben")
    fehlen = fehlende_golden_dateien(BEFEHLE)
    assert not fehlen, f"ohne Golden-Datei: {fehlen}. {VERTRAG}"


def test_keine_golden_datei_ohne_befehl():
    """Fällt ein Befehl (oder sein --json) weg, ist auch das eine Vertragsänderung."""
    if NEU:
        pytest.skip("die Golden-Dateien werden eben neu geschrieben")
    erwartet = {golden_datei(pfad).name for pfad, _ in BEFEHLE}
    uebrig = sorted(p.name for p in GOLDEN.glob("*.json") if p.name not in erwartet)
    assert not uebrig, f"Golden-Dateien ohne Befehl mit --json: {uebrig}. {VERTRAG}"


def test_ein_neuer_befehl_mit_json_ohne_golden_datei_faellt_auf(tmp_path):
    """Die Prüfung findet einen Befehl mit ``--json``, der keine Golden-Datei hat – ein neuer
    Befehl kommt so nie ohne festgehaltene Form durch."""
    import typer

    probe = typer.Typer()

    @probe.command("probe")
    def _probe(als_json: bool = typer.Option(False, "--json")) -> None:
        """Nur für den Test.

        Beispiel: referee probe --json
        """

    @probe.command("ohne")
    def _ohne() -> None:
        """Ohne --json: braucht keine Golden-Datei."""

    befehle = json_befehle(probe)
    assert befehle == [(("probe",), ["--json"])]
    assert fehlende_golden_dateien(befehle, tmp_path) == [("probe",)]
    golden_datei(("probe",), tmp_path).write_text("{}")
    assert fehlende_golden_dateien(befehle, tmp_path) == []
    # und die echte Liste enthält die bekannten Befehle, auch die Untergruppen
    namen = {pfad for pfad, _ in BEFEHLE}
    assert {("ruf",), ("schafkopf", "zug"), ("abend", "neu"), ("sabai", "runde")} <= namen


# ---------------------------------------------------------------- Werte, die Vertrag sind


HAND = "EO GU H9 G10 G7 S8 SK EA"


@pytest.mark.parametrize("sau", ["herz", "rot", "HA"])
def test_ruf_sau_herz_ist_eine_auskunft(sau):
    """``ruf --sau herz`` ist eine Regelauskunft (Exit 1) mit Grund und Abschnitt – mit
    denselben Schlüsseln wie jede ``ruf --sau``-Antwort; kein Eingabefehler (Exit 2)."""
    r = im_prozess("ruf", "--hand", HAND, "--sau", sau, "--json")
    assert r.returncode == 1, (r.stdout, r.stderr)
    d = json.loads(r.stdout)
    assert d["sau"] == "herz"
    assert d["erlaubt"] is False
    assert (
        d["grund"]
        == "Die Herz-Sau ist Trumpf und kann nie gerufen werden (schafkopf.rufbare-saeue)."
    )
    assert d["abschnitt"] == "schafkopf.rufbare-saeue"
    gras = json.loads(im_prozess("ruf", "--hand", HAND, "--sau", "gras", "--json").stdout)
    assert set(d) == set(gras) and d["saeue"] == gras["saeue"]


def test_ruf_sau_herz_als_text():
    r = im_prozess("ruf", "--hand", HAND, "--sau", "herz")
    assert r.returncode == 1 and r.stderr == ""
    assert "Herz-Sau: nie rufbar" in r.stdout
    assert "Die Herz-Sau ist Trumpf" in r.stdout and "(schafkopf.rufbare-saeue)" in r.stdout
    assert r.stdout.rstrip().endswith("→ Die Herz-Sau darf nicht gerufen werden.")


def test_ruf_unbekannte_sau_bleibt_falsche_eingabe():
    r = im_prozess("ruf", "--hand", HAND, "--sau", "pik", "--json")
    assert r.returncode == 2
    fehler = json.loads(r.stdout)["fehler"]
    assert fehler["art"] == "eingabe" and "Unbekannte Sau „pik“" in fehler["meldung"]
    assert fehler["abschnitt"] == "schafkopf.rufbare-saeue"


def test_golden_ruf_und_zug_tragen_die_gueltigen_namen():
    """Die festgehaltene Form sagt, was CHANGELOG und README sagen: ``ruf`` antwortet mit
    ``erlaubt`` (nie ``rufbar``), ``schafkopf zug`` nennt die Liste ``erlaubte``."""
    if NEU:
        pytest.skip("die Golden-Dateien werden eben neu geschrieben")
    ruf = json.loads(golden_datei(("ruf",)).read_text(encoding="utf-8"))
    herz = next(a for a in ruf["aufrufe"] if "herz" in a["args"])
    assert herz["exit"] == 1 and herz["form"]["erlaubt"] == "bool"
    assert {"sau", "grund", "abschnitt"} <= set(herz["form"])
    assert "rufbar" not in json.dumps(ruf)
    zug = json.loads(golden_datei(("schafkopf", "zug")).read_text(encoding="utf-8"))
    formen = [a["form"] for a in zug["aufrufe"]]
    assert all(f["erlaubte"] == ["str"] for f in formen)
    assert formen[0]["erlaubt"] == "bool" and "erlaubt" not in formen[1]


# ---------------------------------------------------------------- CHANGELOG


def _eintraege(text: str) -> list[str]:
    """Die Listeneinträge (``- …`` samt eingerückter Folgezeilen) als je eine Zeile."""
    eintraege: list[str] = []
    for zeile in text.splitlines():
        if zeile.startswith("- "):
            eintraege.append(zeile[2:])
        elif zeile.startswith("  ") and eintraege:
            eintraege[-1] += " " + zeile.strip()
    return eintraege


def test_changelog_nennt_die_umbenennungen_und_die_herz_auskunft():
    text = CHANGELOG.read_text(encoding="utf-8")
    assert "## [Unveröffentlicht]" in text and "Keep a Changelog" in text
    eintraege = _eintraege(text)
    assert any("`ruf" in e and "`rufbar`" in e and "`erlaubt`" in e for e in eintraege)
    assert any("`schafkopf zug" in e and "`erlaubte`" in e and "`erlaubt`" in e for e in eintraege)
    assert any(
        "`ruf --sau herz`" in e and "Exit 1" in e and "schafkopf.rufbare-saeue" in e
        for e in eintraege
    )
