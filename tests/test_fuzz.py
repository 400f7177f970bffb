"""Fuzz-Tests der Kommandozeile (hypothesis, im selben Prozess über ``referee.cli.main``).

Für jeden Befehl und Unterbefehl: zufällige und feindliche Argumente (leer, 100.000 Zeichen,
Emoji/RTL/kombinierende Zeichen, negative und riesige Zahlen, doppelte Karten, Namen mit
Anführungszeichen/HTML/Formelanfang, fehlende und seltsame Dateien). Jeder Aufruf endet mit
Exit 0, 1 oder 2 – nie mit einem internen Fehler –, gibt mit ``--json`` gültiges JSON aus und
lässt die Datenbank logisch unverändert, wenn er scheitert.

Mit ``--json`` läuft ein Teil der Aufrufe an einem ASCII-Strom (wie ``PYTHONIOENCODING=ascii``);
die Antwort bleibt gültiges JSON. Unter den feindlichen Werten: fremde und hochgestellte Ziffern
(„²“, „٣“), Zahlen mit 4.400 Ziffern, eine JSON-Datei mit einer 5.000-stelligen Zahl.

Dazu ein Import-Fuzz: Mutanten eines echten Exports werden entweder importiert (und ergeben
beim erneuten Export genau die Datei) oder mit Exit 2 abgelehnt, ohne dass eine Datei entsteht;
und ein tisch-Fuzz: zufällige Skripte aus Kurzformen, Namen, Sitzungswörtern und feindlichen
Wörtern enden mit Exit 0 oder 2, und der Schafkopf-Stand geht danach auf null auf.

Standard: wenige Beispiele je Befehl (die ganze Suite bleibt unter drei Minuten).
``REFEREE_FUZZ=lang``: viele Beispiele (vor einer Veröffentlichung; ``benchmarks/fuzz.py``
startet den langen Lauf und zählt zusammen). Mit ``REFEREE_FUZZ_BERICHT=datei.json`` werden
Zahl der Aufrufe und Exit-Codes dorthin geschrieben.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from pathlib import Path

import pytest
from conftest import im_prozess
from hilfen import logischer_inhalt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LANG = os.environ.get("REFEREE_FUZZ") == "lang"
BEISPIELE = 600 if LANG else 12
IMPORT_BEISPIELE = 3000 if LANG else 60
STATISTIK: Counter = Counter()


def _einstellungen(beispiele: int):
    """Ohne REFEREE_FUZZ=lang reproduzierbar (derandomize), sonst zufällig und lang."""
    return settings(
        max_examples=beispiele,
        deadline=None,
        derandomize=not LANG,
        suppress_health_check=list(HealthCheck),
    )


def _bericht() -> None:
    """Die Zählung nach REFEREE_FUZZ_BERICHT (unter pytest-xdist je Arbeiter eine Datei
    ``….gw0``, ``….gw1``; ``benchmarks/fuzz_bericht.py`` zählt sie zusammen)."""
    ziel = os.environ.get("REFEREE_FUZZ_BERICHT")
    if ziel:
        arbeiter = os.environ.get("PYTEST_XDIST_WORKER")
        datei = Path(f"{ziel}.{arbeiter}" if arbeiter else ziel)
        datei.write_text(json.dumps(dict(STATISTIK), indent=1, sort_keys=True))


# ---------------------------------------------------------------- Aufruf im Prozess


class Ergebnis:
    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code, self.stdout, self.stderr = code, stdout, stderr


def rufe(args: list[str], db: Path, stdin: str = "", kodierung: str = "utf-8") -> Ergebnis:
    """``referee *args`` im selben Prozess (``conftest.im_prozess``) gegen ``db``, gezählt.
    stdout und stderr mit ``kodierung`` (``"ascii"`` wie ``PYTHONIOENCODING=ascii``)."""
    lauf = im_prozess(*args, input=stdin, env={"REFEREE_DB": str(db)}, kodierung=kodierung)
    code, texte = lauf.returncode, (lauf.stdout, lauf.stderr)
    STATISTIK[f"exit {code}"] += 1
    STATISTIK["aufrufe"] += 1
    if kodierung != "utf-8":
        STATISTIK[f"aufrufe {kodierung}"] += 1
    return Ergebnis(code, *texte)


# ---------------------------------------------------------------- feindliche Texte

_KURZ = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    max_size=12,
)
FEINDLICH = [
    "",
    " ",
    "-",
    "--",
    "x" * 100_000,
    "😀" * 50,
    "\u202eAnna",
    "Ben\u0301\u0301\u0301",
    "עברית",
    "\x1b]0;PWNED\x07\x1b[2J",
    '"Anna"',
    "'; DROP TABLE spieler; --",
    "<script>alert(1)</script>",
    '=HYPERLINK("x")',
    "+1",
    "-1",
    "0",
    "03",
    "+3",
    "9223372036854775808",
    "-9223372036854775809",
    "1" * 5001,
    "1e400",
    "NaN",
    "1.5",
    "²",
    "³",
    "③",
    "٣",
    "٦١",
    "1_0",
    " 7 ",
    "1²",
    "l²",
    "k³",
    "#²",
    "9" * 4400,
    "-" + "9" * 4400,
    "EO EO EO",
    "EO GU H9 G10 G7 S8 SK EA",
    "EO GU H9 G10 G7 S8 SK EO",
    "SA S7 S8 S9 GO",
    "Anna+Ben",
    "Anna=3 7 J",
    "Ben=",
    "Anna,Ben,Cem,Dora",
    "grund=4611686018427387904",
    "grund=-1",
    "laufende_ab.wenz=1",
    "rufspiel",
    "solo",
    "wenz",
    "ramsch",
    "gras",
    "herz",
    "eichel",
    "N",
    "U",
    "+4",
    "weiss",
    "3",
    "2 1 5 1 1",
    "Anna",
    "Ben",
    "Cem",
    "Dora",
    "json",
    "csv",
    "md",
    "html",
    "text",
    "tab",
    ";",
]


def _dateien(ordner: Path) -> list[str]:
    """Seltsame Dateien: fehlend, Verzeichnis, FIFO, Gerät, leer, binär, kaputtes JSON."""
    (ordner / "leer.json").write_text("")
    (ordner / "binaer.json").write_bytes(bytes(range(256)) * 4)
    (ordner / "kaputt.json").write_text('{"format": "referee-export", "schema": 3,')
    (ordner / "liste.json").write_text("[1, 2, 3]")
    (ordner / "tief.json").write_text("[" * 50_000)
    riesig = "9" * 5000
    (ordner / "riesig.json").write_text(
        f'{{"format": "referee-export", "schema": {riesig}, "spiel": "wenz", "spieler": -{riesig}}}'
    )
    fifo = ordner / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    (ordner / "verz").mkdir(exist_ok=True)
    return [
        str(ordner / "fehlt.json"),
        str(ordner / "verz"),
        str(fifo),
        "/dev/zero",
        "/dev/null",
        str(ordner / "leer.json"),
        str(ordner / "binaer.json"),
        str(ordner / "kaputt.json"),
        str(ordner / "liste.json"),
        str(ordner / "tief.json"),
        str(ordner / "riesig.json"),
        str(ordner / ("n" * 300)),
        "-",
    ]


def _befehle() -> list[tuple[tuple[str, ...], list[str], list[str]]]:
    """Alle Blätter des Befehlsbaums mit ihren Optionsnamen (ohne Hilfe) und den Argumenten
    des Beispiels aus ihrer Hilfe (ein gültiger Aufruf, den der Fuzzer abwandelt)."""
    import re
    import shlex

    import typer.main

    from referee.cli import app, lade_befehle

    lade_befehle()
    aus = []

    def alle(cmd, pfad):
        unter = getattr(cmd, "commands", {})
        if pfad and (not unter or cmd.params):  # Blätter und Gruppen mit eigenen Optionen
            opts = [o for p in cmd.params for o in getattr(p, "opts", ()) if o.startswith("-")]
            beispiel = re.findall(r"Beispiel: referee (.*)", cmd.help or "")
            args = shlex.split(beispiel[0])[len(pfad) :] if beispiel else []
            aus.append((tuple(pfad), [o for o in opts if o not in ("--help", "-h")], args))
        for name, sub in unter.items():
            alle(sub, [*pfad, name])

    alle(typer.main.get_command(app), [])
    return aus


#: Befehle, die mit gültigen Angaben nicht enden, sondern dienen, bis Strg-C kommt (``live``
#: startet einen Server): ihre Eingabefehler prüft test_kanten (jeder Befehl, falsches Token).
DIENENDE = {("live",), ("turnier", "live")}
BEFEHLE = [b for b in _befehle() if b[0] not in DIENENDE]


@pytest.fixture(scope="module")
def werkstatt(tmp_path_factory):
    """Ein Ordner mit einer Datenbank voller Einträge (Vorlage) und seltsamen Dateien."""
    ordner = tmp_path_factory.mktemp("fuzz")
    vorlage = ordner / "vorlage.db"
    schritte = [
        ["abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Post"],
        ["schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"],
        ["schafkopf", "eintragen", "solo", "Cem", "--augen", "91", "--laufende", "3"],
        ["sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"],
        ["saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"],
        ["schlafmuetze", "sieg", "Ben"],
        ["korrektur", "2", "solo", "Cem", "--augen", "40"],
        ["abend", "regel", "grund=30"],
        ["schafkopf", "eintragen", "rufspiel", "Dora+Ben", "--augen", "40"],
        ["abend", "bezahlt", "1"],
    ]
    for s in schritte:
        r = rufe(s, vorlage)
        assert r.code == 0, (s, r.stderr)
    r = rufe(["export", "--format", "json", "-o", str(ordner / "abende.json")], vorlage)
    assert r.code == 0, r.stderr
    partien = json.loads((Path(__file__).parent / "data" / "partien.json").read_text())
    (ordner / "partie.json").write_text(json.dumps(partien[0].get("partie", partien[0])))
    return ordner, vorlage, _dateien(ordner)


_INHALT: dict[Path, list] = {}


def _pruefe_aufruf(
    args: list[str], db: Path, hat_json: bool, kodierung: str = "utf-8", stdin: str = ""
) -> Ergebnis:
    # der logische Inhalt ändert sich nur durch erfolgreiche Befehle: so oft wie nötig lesen
    vorher = _INHALT[db] if db in _INHALT else logischer_inhalt(db)
    r = rufe(args, db, stdin=stdin, kodierung=kodierung)
    assert r.code in (0, 1, 2), (args, r.code, r.stdout[-500:], r.stderr[-500:])
    assert "Interner Fehler" not in r.stderr + r.stdout, (args, r.stderr)
    assert "Traceback" not in r.stderr
    from referee.cli import _befehl, will_json

    json_gewaehlt = hat_json and will_json(args, _befehl())
    if json_gewaehlt and r.stdout.strip():
        try:
            json.loads(r.stdout)
        except ValueError:
            raise AssertionError(f"kein JSON bei {args!r}: {r.stdout[:300]!r}") from None
        STATISTIK[f"json geprüft {kodierung}"] += 1
    if json_gewaehlt and r.code == 2:
        daten = json.loads(r.stdout)
        assert set(daten["fehler"]) == {"art", "meldung", "abschnitt"}
    nachher = logischer_inhalt(db)
    if r.code != 0:
        assert nachher == vorher, (args, r.code, r.stderr)
    _INHALT[db] = nachher
    return r


def _gueltige_dateien(args: list[str], ordner: Path) -> list[str]:
    """Die Dateinamen der Hilfe-Beispiele durch echte Dateien ersetzen."""
    ersatz = {
        "partie.json": str(ordner / "partie.json"),
        "abende.json": str(ordner / "abende.json"),
    }
    return [ersatz.get(a, a) for a in args]


@pytest.mark.parametrize("befehl", BEFEHLE, ids=lambda b: " ".join(b[0]))
def test_fuzz_jeder_befehl(befehl, werkstatt, tmp_path_factory):
    pfad, optionen, beispiel = befehl
    ordner, vorlage, dateien = werkstatt
    beispiel = _gueltige_dateien(beispiel, ordner)
    hat_json = "--json" in optionen
    arbeit = tmp_path_factory.mktemp("lauf")
    db = arbeit / "referee.db"
    db.write_bytes(vorlage.read_bytes())
    token = st.one_of(
        st.sampled_from(optionen) if optionen else st.nothing(),
        st.sampled_from(FEINDLICH),
        st.sampled_from(dateien),
        _KURZ,
        st.integers(-(2**70), 2**70).map(str),
    )

    aenderung = st.tuples(
        st.sampled_from(["ersetzen", "einfuegen", "loeschen"]), st.integers(0, 20), token
    )

    @_einstellungen(BEISPIELE)
    @given(
        zufall=st.lists(token, max_size=8),
        aenderungen=st.lists(aenderung, max_size=3),
        vom_beispiel=st.booleans(),
        mit_json=st.booleans(),
        ascii_strom=st.booleans(),
    )
    def lauf(zufall, aenderungen, vom_beispiel, mit_json, ascii_strom):
        _dateien(ordner)  # ``export -o … --force`` darf die FIFO ersetzt haben
        args = list(beispiel) if vom_beispiel else zufall
        for art, stelle, neu in aenderungen if vom_beispiel else ():
            i = stelle % (len(args) + 1)
            if art == "einfuegen" or not args:
                args.insert(i, neu)
            elif art == "ersetzen":
                args[i % len(args)] = neu
            else:
                del args[i % len(args)]
        alle = [*pfad, *args] + (["--json"] if mit_json and hat_json else [])
        # mit --json auch an einem Strom ohne UTF-8: die Antwort bleibt gültiges JSON
        _pruefe_aufruf(alle, db, hat_json, "ascii" if ascii_strom and mit_json else "utf-8")

    alt = os.getcwd()
    os.chdir(arbeit)  # relative Pfade (z. B. ``-o x``) landen im Arbeitsordner
    try:
        lauf()
    finally:
        os.chdir(alt)
        _bericht()


@pytest.mark.parametrize(
    "befehl", [b for b in BEFEHLE if "--json" in b[1]], ids=lambda b: " ".join(b[0])
)
def test_json_jedes_befehls_an_einem_ascii_strom(befehl, werkstatt, tmp_path_factory):
    """Das Beispiel aus der Hilfe jedes Befehls mit ``--json`` an einem ASCII-Strom (wie
    ``PYTHONIOENCODING=ascii``): gültiges JSON, nur ASCII, derselbe Inhalt wie an UTF-8."""
    pfad, _, beispiel = befehl
    ordner, vorlage, _ = werkstatt
    args = [*pfad, *_gueltige_dateien(beispiel, ordner), "--json"]
    ergebnisse = []
    alt = os.getcwd()
    try:
        for kodierung in ("utf-8", "ascii"):
            arbeit = tmp_path_factory.mktemp("ascii")
            os.chdir(arbeit)  # relative Pfade der Beispiele (``--db neu.db``) je Lauf neu
            db = arbeit / "referee.db"
            db.write_bytes(vorlage.read_bytes())
            ergebnisse.append(_pruefe_aufruf(args, db, True, kodierung))
    finally:
        os.chdir(alt)
    utf8, ascii_ = ergebnisse
    assert ascii_.code == utf8.code, (args, ascii_.stderr)
    assert ascii_.stdout.isascii()
    if utf8.stdout.strip():
        assert _ohne_uhrzeit(json.loads(ascii_.stdout)) == _ohne_uhrzeit(json.loads(utf8.stdout))


def _ohne_uhrzeit(daten):
    """Zeitstempel des Augenblicks (``angelegt`` …) unkenntlich: die zwei Läufe eines
    Vergleichs können in verschiedene Sekunden fallen; alles andere muss gleich sein."""
    import re

    if isinstance(daten, dict):
        return {k: _ohne_uhrzeit(v) for k, v in daten.items()}
    if isinstance(daten, list):
        return [_ohne_uhrzeit(v) for v in daten]
    if isinstance(daten, str) and re.fullmatch(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?\S*", daten):
        return "<Zeitpunkt>"
    return daten


# ---------------------------------------------------------------- tisch-Skripte

_TISCH_WORT = st.one_of(
    st.sampled_from(
        [
            "r",
            "w",
            "g",
            "hs",
            "es",
            "fwe",
            "fgh",
            "b",
            "ramsch",
            "sb",
            "sf",
            "sm",
            "u",
            "q",
            "hilfe",
            "?",
            "#2",
            "live",
            "stand",
            "verlauf",
            "abend",
            "ende",
            "an",
            "be",
            "cem",
            "do",
            "dora",
            "anna",
            "j",
            "dm",
            "/",
            "l3",
            "3l",
            "k",
            "x",
            "st5",
            "k1",
            "x2",
            "schwarz",
            "tout",
            "sie",
            "kurz",
            "@an+be+cem+do",
            "71",
            "61",
            "0",
            "120",
            "121",
            "--db",
            "--port",
            "--json",
            "referee",
            "7",
            "J",
            "AJ",
            "14",
        ]
    ),
    st.sampled_from(FEINDLICH[:4] + FEINDLICH[5:]),  # ohne die 100.000 Zeichen je Wort
    _KURZ,
    st.integers(-(2**70), 2**70).map(str),
)


def test_fuzz_tisch_skript(werkstatt, tmp_path_factory):
    """``referee tisch`` im Skript-Modus mit zufälligen Zeilen: Exit 0 oder 2, nie ein
    interner Fehler; was eingetragen ist, geht im Schafkopf-Stand in Cent auf null auf."""
    _, vorlage, _ = werkstatt
    arbeit = tmp_path_factory.mktemp("tisch")
    db = arbeit / "referee.db"

    @_einstellungen(BEISPIELE)
    @given(zeilen=st.lists(st.lists(_TISCH_WORT, max_size=7).map(" ".join), max_size=6))
    def lauf(zeilen):
        db.write_bytes(vorlage.read_bytes())
        _INHALT.pop(db, None)
        r = rufe(["tisch"], db, stdin="".join(z.replace("\n", " ") + "\n" for z in zeilen))
        assert r.code in (0, 2), (zeilen, r.code, r.stderr[-500:])
        assert "Interner Fehler" not in r.stderr + r.stdout, (zeilen, r.stderr)
        assert "Traceback" not in r.stderr
        STATISTIK["tisch-zeilen"] += len(zeilen)
        stand = rufe(["stand", "--json"], db)
        if stand.code == 0:
            assert sum(json.loads(stand.stdout)["schafkopf"].values()) == 0, zeilen

    alt = os.getcwd()
    os.chdir(arbeit)
    try:
        lauf()
    finally:
        os.chdir(alt)
        _bericht()


# ---------------------------------------------------------------- Import-Fuzz


def _pfade(wert, pfad=()):
    yield pfad
    if isinstance(wert, dict):
        for k, v in wert.items():
            yield from _pfade(v, (*pfad, k))
    elif isinstance(wert, list):
        for i, v in enumerate(wert):
            yield from _pfade(v, (*pfad, i))


def _hole(wert, pfad):
    for p in pfad:
        wert = wert[p]
    return wert


def _mutiere(daten, pfad, art: str, zahl: int):
    """Eine Mutation an ``pfad``: löschen, verdoppeln, ±1, riesig, anderer Typ, vertauschen."""
    d = copy.deepcopy(daten)
    if not pfad:
        return {"anders": d} if art == "typ" else d
    eltern, letzter = _hole(d, pfad[:-1]), pfad[-1]
    if not isinstance(eltern, (dict, list)):  # eine frühere Mutation hat den Pfad verändert
        return d
    alt = eltern[letzter]
    if art == "loeschen":
        del eltern[letzter]
    elif art == "verdoppeln":
        if isinstance(eltern, list):
            eltern.insert(letzter, copy.deepcopy(alt))
        else:
            eltern[f"{letzter}_"] = copy.deepcopy(alt)
    elif art == "plus1" and isinstance(alt, int) and not isinstance(alt, bool):
        eltern[letzter] = alt + (1 if zahl % 2 else -1)
    elif art == "riesig":
        eltern[letzter] = [2**63, -(2**63), 10**400, 1e300, 2**31][zahl % 5]
    elif art == "typ":
        eltern[letzter] = [None, True, 1.5, "x", [], {}, "\x1b[2J", 0][zahl % 8]
    elif art == "vertauschen" and isinstance(eltern, list) and len(eltern) > 1:
        j = (letzter + 1) % len(eltern)
        eltern[letzter], eltern[j] = eltern[j], eltern[letzter]
    elif art == "text" and isinstance(alt, str):
        eltern[letzter] = [alt + " ", alt.upper(), "", alt + "\u202e", "Zoë"][zahl % 5]
    return d


@pytest.fixture(scope="module")
def export_vorlage(werkstatt):
    _, vorlage, _ = werkstatt
    r = rufe(["export", "--format", "json", "--gesamt"], vorlage)
    assert r.code == 0, r.stderr
    daten = json.loads(r.stdout)
    daten.pop("stand")
    return daten


def test_fuzz_import(export_vorlage, tmp_path_factory):
    pfade = [p for p in _pfade(export_vorlage)]
    arbeit = tmp_path_factory.mktemp("import")
    zaehler = Counter()

    @_einstellungen(IMPORT_BEISPIELE)
    @given(
        auswahl=st.lists(
            st.tuples(
                st.integers(0, len(pfade) - 1),
                st.sampled_from(
                    ["loeschen", "verdoppeln", "plus1", "riesig", "typ", "vertauschen", "text"]
                ),
                st.integers(0, 100),
            ),
            min_size=1,
            max_size=3,
        )
    )
    def lauf(auswahl):
        daten = export_vorlage
        for i, art, zahl in auswahl:
            pfad = pfade[i]
            try:
                _hole(daten, pfad)
            except (KeyError, IndexError, TypeError):
                continue
            daten = _mutiere(daten, pfad, art, zahl)
        datei = arbeit / "mutant.json"
        datei.write_text(json.dumps(daten, ensure_ascii=False))
        ziel = arbeit / "ziel.db"
        for p in arbeit.iterdir():
            if p.name.startswith("ziel.db"):
                p.unlink()
        r = rufe(["import", str(datei), "--db", str(ziel)], ziel)
        assert r.code in (0, 2), (auswahl, r.code, r.stderr)
        zaehler[r.code] += 1
        if r.code == 2:
            assert not ziel.exists(), (auswahl, r.stderr)
            assert [p.name for p in arbeit.iterdir() if p.name != "mutant.json"] == []
            return
        zurueck = rufe(["export", "--format", "json", "--gesamt"], ziel)
        assert zurueck.code == 0, zurueck.stderr
        neu = json.loads(zurueck.stdout)
        neu.pop("stand")
        ohne = {k: v for k, v in daten.items() if k != "stand"}
        assert json.dumps(neu, ensure_ascii=False) == json.dumps(ohne, ensure_ascii=False)
        for befehl in (["stand"], ["verlauf"], ["abend", "liste"], ["statistik"]):
            r = rufe(befehl, ziel)
            assert r.code in (0, 1), (auswahl, befehl, r.stderr)

    try:
        lauf()
    finally:
        STATISTIK["import angenommen"] += zaehler[0]
        STATISTIK["import abgelehnt"] += zaehler[2]
        _bericht()
    assert zaehler[2] > 0
