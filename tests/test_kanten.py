"""Die Ränder (issue 12): Exit-Codes und JSON-Fehler, jedes Terminal, jede Datei, begrenzte
Eingaben, nichts geschrieben bei einem Fehler, Lesen ohne Schreiben. Je Punkt ein Test."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from conftest import ROOT, Gabelung, _env, cli_im_prozess, ok

HAND = "EO GU H9 G10 G7 S8 SK EA"


def _abend(cli, *extra: str) -> None:
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", *extra))


def _zahl_eintraege(db) -> int:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT count(*) FROM eintraege").fetchone()[0]


def _json_fehler(r, code: int = 2, art: str = "eingabe") -> dict:
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    daten = json.loads(r.stdout)
    assert set(daten) == {"fehler"}
    assert set(daten["fehler"]) == {"art", "meldung", "abschnitt"}
    assert daten["fehler"]["art"] == art
    assert "Traceback" not in r.stdout + r.stderr
    return daten["fehler"]


# ---------------------------------------------------------------- 1. Exit-Codes, JSON-Fehler


def _alle_befehle():
    import typer.main

    from referee.cli import app, lade_befehle

    lade_befehle()

    def alle(cmd, pfad):
        unter = getattr(cmd, "commands", {})
        if pfad:  # jeder Befehl und jede Gruppe (``referee abend`` zeigt selbst etwas)
            yield pfad, cmd
        for name, sub in unter.items():
            yield from alle(sub, [*pfad, name])

    return list(alle(typer.main.get_command(app), []))


BEFEHLE = _alle_befehle()


@pytest.mark.parametrize("pfad", [p for p, _ in BEFEHLE], ids=" ".join)
def test_jeder_befehl_falsches_token_exit_2_und_json_fehlerform(pfad, tmp_path):
    """Jeder Befehl und Unterbefehl: eine unbekannte Option ist Exit 2, mit --json als
    ``{"fehler": {"art": "eingabe", …}}`` auf stdout, ohne Klassennamen."""
    import typer.main

    from referee.cli import app

    cmd = dict((" ".join(p), c) for p, c in BEFEHLE)[" ".join(pfad)]
    hat_json = any("--json" in getattr(p, "opts", ()) for p in cmd.params)
    env = {"REFEREE_DB": str(tmp_path / "x.db"), "HOME": str(tmp_path)}
    r = cli_im_prozess(*pfad, "--gibtsnicht-xyz", env=env)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "--gibtsnicht-xyz" in r.stderr
    assert "Error" not in r.stderr and "Traceback" not in r.stderr
    if hat_json:
        f = _json_fehler(cli_im_prozess(*pfad, "--json", "--gibtsnicht-xyz", env=env))
        assert "--gibtsnicht-xyz" in f["meldung"]
    assert not (tmp_path / "x.db").exists()
    assert typer.main.get_command(app) is not None


def test_fachlicher_fehler_als_json_mit_art_und_exit(cli):
    f = _json_fehler(cli("ruf", "--hand", "EO GU", "--sau", "gras", "--json"))
    assert "8" in f["meldung"] or "Karten" in f["meldung"]
    f = _json_fehler(cli("stand", "--json"), code=2, art="zustand")
    assert "Noch keine Daten" in f["meldung"]


def test_interner_fehler_ohne_klassennamen_exit_3(tmp_path):
    """Ein Programmfehler: „Interner Fehler“, Exit 3, kein Klassenname; REFEREE_DEBUG zeigt
    den Traceback."""
    code = (
        "import sys, typer\n"
        "from referee.cli import gruppen, main\n"
        "@gruppen.app.command('kaputt')\n"
        "def kaputt(json_: bool = typer.Option(False, '--json')):\n"
        "    raise KeyError('abende')\n"
        "main(sys.argv[1:])\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, "kaputt", "--json"],
        capture_output=True,
        text=True,
        env=_env({"HOME": str(tmp_path)}),
        cwd=ROOT,
    )
    assert r.returncode == 3, (r.stdout, r.stderr)
    f = json.loads(r.stdout)["fehler"]
    assert f["art"] == "intern" and f["meldung"].startswith("Interner Fehler")
    assert "KeyError" not in r.stdout + r.stderr and "Traceback" not in r.stderr
    r = subprocess.run(
        [sys.executable, "-c", code, "kaputt"],
        capture_output=True,
        text=True,
        env=_env({"HOME": str(tmp_path), "REFEREE_DEBUG": "1"}),
        cwd=ROOT,
    )
    assert "Traceback" in r.stderr and "KeyError" in r.stderr


# ---------------------------------------------------------------- 2. Jedes Terminal


@pytest.mark.parametrize(
    "kodierung",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}],
    ids=["ascii", "C-Locale"],
)
def test_nicht_utf8_terminal_stuerzt_nie_ab(cli, db_pfad, tmp_path, kodierung):
    """``ascii`` im selben Prozess mit Strömen, die nur ASCII können (was
    ``PYTHONIOENCODING=ascii`` dem Interpreter gibt); die C-Locale in echten Prozessen, denn da
    richtet der Interpreter selbst die Ströme ein (ASCII, ``surrogateescape``) – ein Interpreter,
    je Befehl gegabelt (``Gabelung``)."""
    _abend(cli, "--ort", "Gasthaus „Zur Post“ – Stüberl")
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"))
    befehle = [
        ("stand",),
        ("abend",),
        ("abend", "liste"),
        ("verlauf",),
        ("export",),
        ("statistik",),
        ("ruf", "--hand", HAND),
        ("frage", "Davonlaufen"),
        ("schafkopf", "tarife"),
        ("saufn", "karten"),
        ("sabai", "karte", "AJ"),
    ]
    alle = [*befehle, ("stand",), ("abend",)]
    if "LC_ALL" in kodierung:
        env = {"REFEREE_DB": str(db_pfad), "HOME": str(tmp_path / "home"), **kodierung}
        laeufe = Gabelung(alle, env=env).ergebnis()
    else:
        laeufe = [cli(*b, kodierung=kodierung["PYTHONIOENCODING"]) for b in alle]
    for b, r in zip(befehle, laeufe, strict=False):
        assert r.returncode == 0, (b, r.stdout, r.stderr)
        assert "UnicodeEncodeError" not in r.stderr and "Traceback" not in r.stderr
    r = laeufe[-2]  # stand
    assert "EUR" in r.stdout and "€" not in r.stdout
    assert "Zur Post" in laeufe[-1].stdout  # abend


def test_argument_mit_kaputten_bytes_exit_2_ohne_datei(tmp_path):
    db = tmp_path / "neu.db"
    r = subprocess.run(
        [
            sys.executable.encode(),
            b"-m",
            b"referee",
            b"abend",
            b"neu",
            b"--spieler",
            b"Anna",
            b"Ben",
            b"--ort",
            b"P\xffost",
            b"--db",
            os.fsencode(db),
        ],
        capture_output=True,
        env=_env(),
        cwd=ROOT,
    )
    assert r.returncode == 2
    fehler = r.stderr.decode()
    assert "P\\xffost" in fehler and "--ort" in fehler
    assert not db.exists()


@pytest.mark.parametrize("als_json", [False, True])
def test_geschlossene_pipe_endet_mit_dem_code_der_antwort(tmp_path, als_json):
    """``referee ruf … --sau gras | true``: Gras darf gerufen werden (Exit 0), auch wenn
    niemand liest; ``--sau eichel`` (Eichel-Ass auf der Hand) bleibt 1."""
    extra = " --json" if als_json else ""
    for sau, code in (("gras", 0), ("eichel", 1)):
        befehl = (
            f'"{sys.executable}" -m referee ruf --hand "{HAND}" --sau {sau}{extra} | true; '
            'echo "code=${PIPESTATUS[0]}"'
        )
        for _ in range(3):
            r = subprocess.run(
                ["bash", "-c", befehl], capture_output=True, text=True, env=_env(), cwd=ROOT
            )
            assert f"code={code}" in r.stdout, r.stdout + r.stderr
            assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr


# ---------------------------------------------------------------- 3. Dateien und OSError


def test_fifo_und_geraete_haengen_nicht(cli, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = ok(cli("--db", str(fifo), "stand"), 2)
    assert "keine gewöhnliche Datei" in r.stderr
    r = ok(cli("import", str(fifo)), 2)
    assert "FIFO" in r.stderr
    r = ok(cli("import", "/dev/zero"), 2)
    assert "Gerät" in r.stderr
    r = ok(cli("schafkopf", "partie", str(fifo)), 2)
    r = ok(cli("import", str(tmp_path)), 2)
    assert "Verzeichnis" in r.stderr


def test_zu_grosse_datei_wird_nicht_gelesen(cli, tmp_path):
    from referee.dateien import HOECHSTENS_BYTES

    gross = tmp_path / "gross.json"
    with open(gross, "wb") as f:
        f.truncate(HOECHSTENS_BYTES + 1)
    r = ok(cli("import", str(gross)), 2)
    assert "50 MB" in r.stderr


def test_betriebssystemfehler_eine_zeile_exit_2(cli, tmp_path):
    _abend(cli)
    r = ok(cli("export", "-o", str(tmp_path / ("x" * 300 + ".txt"))), 2)
    assert "zu langen Namen" in r.stderr and r.stderr.count("\n") == 1
    datei = tmp_path / "datei"
    datei.write_text("x")
    r = ok(cli("export", "-o", str(datei / "a.txt")), 2)
    r = ok(cli("--db", str(tmp_path / ("y" * 300 + ".db")), "abend", "neu", "-s", "A", "B"), 2)
    assert "zu langen Namen" in r.stderr
    # HOME fehlt und das Datenverzeichnis lässt sich nicht anlegen
    env = dict(_env())
    env.pop("HOME", None)
    env.pop("REFEREE_DB", None)
    env["XDG_DATA_HOME"] = str(datei / "unter")
    r = subprocess.run(
        [sys.executable, "-m", "referee", "abend", "neu", "-s", "A", "B"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and r.stderr.startswith("Fehler: ")


def _nur_lesen(ordner, befehle, tmp_path):
    """``referee`` je Befehl so, dass ``ordner`` nicht beschreibbar ist: als root in einem
    eigenen Mount-Namensraum mit schreibgeschütztem Bind-Mount (root umgeht Dateirechte), sonst
    über die Rechte des Verzeichnisses. Echte Prozesse, ein Interpreter je Befehl gegabelt
    (``Gabelung``); ``Lauf.danach`` ist der Inhalt von ``ordner`` nach dem Befehl."""
    huelle = None
    if os.getuid() == 0:
        import shlex

        def huelle(befehl: list[str]) -> list[str]:
            skript = (
                f"mount --bind -o ro {shlex.quote(str(ordner))} {shlex.quote(str(ordner))} && "
                + " ".join(map(shlex.quote, befehl))
            )
            return ["unshare", "-m", "--propagation", "private", "sh", "-c", skript]

    env = {"HOME": str(tmp_path)}
    return Gabelung(befehle, env=env, cwd="/", huelle=huelle, beobachte=ordner).ergebnis()


def test_schreibgeschuetztes_verzeichnis_export_und_lesen(cli, db_pfad, tmp_path):
    """Ein schreibgeschütztes Verzeichnis: ``export -o`` dorthin ist Exit 2; ``stand`` &
    Co. lesen die Datenbank darin, ohne Seitendateien anzulegen."""
    _abend(cli)
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"))
    ordner = tmp_path / "nurlesen"
    ordner.mkdir()
    ziel = ordner / "abend.db"
    ok(cli("export", "--format", "json", "-o", str(tmp_path / "ex.json")))
    ok(cli("import", str(tmp_path / "ex.json"), "--db", str(ziel)))
    assert sorted(os.listdir(ordner)) == ["abend.db"]
    os.chmod(ordner, 0o555)
    try:
        lesend = [
            ("stand",),
            ("verlauf",),
            ("abend",),
            ("abend", "liste"),
            ("export",),
            ("statistik",),
            ("stand", "--json"),
        ]
        befehle = [["--db", str(ziel), *befehl] for befehl in lesend]
        befehle.append(["--db", str(ziel), "export", "-o", str(ordner / "x")])
        befehle.append(["--db", str(ziel), "abend", "ende"])
        laeufe = _nur_lesen(ordner, befehle, tmp_path)
        for befehl, r in zip(lesend, laeufe, strict=False):
            assert r.returncode == 0, (befehl, r.stdout, r.stderr)
            assert r.danach == ["abend.db"]
        r = laeufe[-2]  # export -o in den Ordner
        assert r.returncode == 2, r.stderr
        assert "Berechtigung" in r.stderr or "schreibgeschützt" in r.stderr, r.stderr
        r = laeufe[-1]  # abend ende
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert sorted(os.listdir(ordner)) == ["abend.db"]
    finally:
        os.chmod(ordner, 0o755)


# ---------------------------------------------------------------- 4. Begrenzte Eingaben


@pytest.mark.parametrize(
    "args",
    [
        ("korrektur", "9223372036854775808", "rufspiel", "Anna+Ben", "--augen", "61"),
        ("rueckgaengig", "--eintrag", "9223372036854775808"),
        ("stand", "--abend", "-9223372036854775809"),
        ("verlauf", "--abend", "1" * 400),
        ("saufn", "folgt", "+4", "+2", "--plus", "9" * 5001),
        ("saufn", "folgt", "+4", "+2", "--plus", "²"),
        ("abend", "neu", "-s", "X", "Y", "--set", "grund=4611686018427387904"),
        ("schafkopf", "abrechnung", "solo", "--augen", "61", "--set", "solo=" + "9" * 5000),
    ],
    ids=["korrektur", "rueckgaengig", "stand", "verlauf", "plus", "plus-hoch2", "set", "abr"],
)
def test_riesige_zahlen_exit_2(cli, db_pfad, args):
    _abend(cli)
    vorher = _zahl_eintraege(db_pfad)
    r = ok(cli(*args), 2)
    assert "Interner Fehler" not in r.stderr
    assert _zahl_eintraege(db_pfad) == vorher


def test_korrektur_mit_fuehrender_null_und_plus(cli):
    _abend(cli)
    ok(cli("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"))
    for id_text in ("01", "+1"):
        r = ok(cli("korrektur", id_text, "Anna=3", "Ben=AJ", "Cem=", "Dora=14 0"))
        assert "ersetzt Eintrag #" in r.stdout
        ok(cli("rueckgaengig"))


def test_ort_ohne_escape_sequenzen(cli, tmp_path):
    _abend(cli, "--ort", "\x1b]0;PWNED\x07\x1b[2J Post\u202e")
    for befehl in (("abend",), ("abend", "liste"), ("stand",), ("verlauf",), ("export",)):
        r = ok(cli(*befehl))
        assert "\x1b" not in r.stdout and "\x07" not in r.stdout and "\u202e" not in r.stdout
    ok(cli("export", "-f", "md", "-o", str(tmp_path / "a.md")))
    assert "\x1b" not in (tmp_path / "a.md").read_text()
    assert "]0;PWNED[2J Post" in ok(cli("abend")).stdout
    r = ok(cli("abend", "neu", "-s", "X", "Y", "--ort", "x" * 201), 2)
    assert "höchstens 200" in r.stderr


def test_fehlermeldungen_geben_keine_escape_sequenzen_aus(cli):
    r = ok(cli("ruf", "--hand", "\x1b]0;PWNED\x07 EO", "--sau", "gras"), 2)
    assert "\x1b" not in r.stderr and "\x07" not in r.stderr


# ---------------------------------------------------------------- 5. Kein Schreiben, das scheitert


def test_riesiger_tarif_aus_alter_datei_schreibt_nichts(cli, db_pfad):
    """Ein Tarif, der zu riesigen Beträgen führt (wie früher ``--set grund=2**62``), endet vor
    dem Commit mit Exit 2; ``stand`` funktioniert danach weiter."""
    _abend(cli)
    ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"))
    with sqlite3.connect(db_pfad) as c:
        tarif = json.loads(c.execute("SELECT tarif FROM abende").fetchone()[0])
        tarif["grund"] = 4611686018427387904
        c.execute("UPDATE abende SET tarif = ?", [json.dumps(tarif)])
    for _ in range(2):
        r = ok(cli("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"), 2)
        assert "liegt nicht im Bereich" in r.stderr
    assert _zahl_eintraege(db_pfad) == 1
    ok(cli("stand"))


# ---------------------------------------------------------------- 7. Import


@pytest.fixture(scope="module")
def _export_vorlage(tmp_path_factory):
    """Ein echter Export mit allen Spielen, Storno und Korrektur – einmal je Modul gebaut."""
    ordner = tmp_path_factory.mktemp("export")
    env = {"REFEREE_DB": str(ordner / "quelle.db"), "HOME": str(ordner)}
    for args in (
        ("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--ort", "Post"),
        ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "70"),
        ("schafkopf", "eintragen", "solo", "Cem", "--augen", "91"),
        ("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"),
        ("rueckgaengig",),
        ("korrektur", "2", "solo", "Cem", "--augen", "40"),
        ("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"),
        ("schlafmuetze", "sieg", "Ben"),
        ("abend", "regel", "grund=30"),
        ("schafkopf", "eintragen", "rufspiel", "Dora+Ben", "--augen", "40"),
        ("abend", "bezahlt", "1"),
    ):
        ok(cli_im_prozess(*args, env=env))
    return json.loads(ok(cli_im_prozess("export", "--format", "json", env=env)).stdout)


@pytest.fixture
def export_json(_export_vorlage):
    import copy

    return copy.deepcopy(_export_vorlage)


def _importiere(cli, tmp_path, daten, ziel="neu.db"):
    pfad = tmp_path / "mut.json"
    pfad.write_text(json.dumps(daten, ensure_ascii=False))
    return cli("import", str(pfad), "--db", str(tmp_path / ziel))


def _schaf(daten):
    return next(e for e in daten["eintraege"] if e["spiel"] == "schafkopf" and e["gilt"])


def _mutationen():
    def cent_plus_1(d):
        _schaf(d)["werte"]["cent"]["Ben"] += 1

    def zahlung_widerspricht(d):
        e = _schaf(d)
        e["ergebnis"]["zahlungen"]["Ben"] += 10
        e["ergebnis"]["zahlungen"]["Anna"] -= 10

    def kommazahl(d):
        _schaf(d)["werte"]["cent"]["Ben"] = 12.5

    def werte_am_storno(d):
        s = next(e for e in d["eintraege"] if e["art"] == "storno")
        s["werte"] = {"cent": {"Anna": 0}}

    def zwei_offene(d):
        a = dict(d["abende"][0], id=2)
        d["abende"].append(a)

    def doppelte_eintrag_id(d):
        d["eintraege"][1]["id"] = d["eintraege"][0]["id"]

    def doppelte_spieler_id(d):
        d["spieler"][1]["id"] = d["spieler"][0]["id"]

    def doppelter_name(d):
        d["spieler"].append({"id": 99, "name": "anna", "angelegt": "x"})

    def doppelte_nr(d):
        d["eintraege"][1]["nr"] = d["eintraege"][0]["nr"]

    def falscher_abend(d):
        d["eintraege"][0]["abend"] = 7

    def falscher_bezug(d):
        s = next(e for e in d["eintraege"] if e["art"] == "storno")
        s["bezug"] = 999

    def gilt_falsch(d):
        d["eintraege"][1]["gilt"] = not d["eintraege"][1]["gilt"]

    def ort_escape(d):
        d["abende"][0]["ort"] = "\x1b]0;PWNED\x07"

    def name_escape(d):
        d["spieler"][0]["name"] = "An\u202ena"

    def riesig(d):
        _schaf(d)["werte"]["cent"]["Ben"] = 2**70

    def wahrheitswert(d):
        d["eintraege"][0]["nr"] = True

    def ereignis_ohne_abend(d):
        d["ereignisse"][0]["abend"] = 9

    def regel_mit_riesigem_tarif(d):
        regel = next(v for v in d["ereignisse"] if v["art"] == "regel")
        regel["daten"]["tarif"]["grund"] = 2**62

    def bezahlt_ohne_von(d):
        bezahlt = next(v for v in d["ereignisse"] if v["art"] == "bezahlt")
        del bezahlt["daten"]["ueberweisungen"][0]["von"]

    def storno_ohne_gilt_anpassung(d):
        d["ereignisse"].append(
            dict(d["ereignisse"][-1], id=99, art="storno", bezug=d["ereignisse"][-1]["id"])
        )

    return [
        f
        for f in (
            cent_plus_1,
            zahlung_widerspricht,
            kommazahl,
            werte_am_storno,
            zwei_offene,
            doppelte_eintrag_id,
            doppelte_spieler_id,
            doppelter_name,
            doppelte_nr,
            falscher_abend,
            falscher_bezug,
            gilt_falsch,
            ort_escape,
            name_escape,
            riesig,
            wahrheitswert,
            ereignis_ohne_abend,
            regel_mit_riesigem_tarif,
            bezahlt_ohne_von,
            storno_ohne_gilt_anpassung,
        )
    ]


@pytest.mark.parametrize("mutation", _mutationen(), ids=lambda f: f.__name__)
def test_import_lehnt_kaputte_exporte_ab_ohne_datei(cli, tmp_path, export_json, mutation):
    mutation(export_json)
    r = ok(_importiere(cli, tmp_path, export_json), 2)
    assert r.stderr.startswith("Fehler: Import abgelehnt") and "Nichts importiert" in r.stderr
    assert "Error" not in r.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(("neu", ".referee"))] == []


def test_import_nennt_eintrag_und_spieler(cli, tmp_path, export_json):
    e = _schaf(export_json)
    e["werte"]["cent"]["Ben"] += 1
    r = ok(_importiere(cli, tmp_path, export_json), 2)
    assert f"Eintrag {e['id']}, Spieler „Ben“" in r.stderr


@pytest.mark.parametrize("schema", [None, "abc", 1e400, 1.0, True, 99, -1])
def test_import_schema_feld(cli, tmp_path, export_json, schema):
    export_json["schema"] = schema
    r = _importiere(cli, tmp_path, export_json)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert not (tmp_path / "neu.db").exists()


def test_import_rundreise_und_nur_in_leere_datenbank(cli, tmp_path, export_json):
    ok(_importiere(cli, tmp_path, export_json))
    r = ok(cli("export", "--format", "json", "--gesamt", "--db", str(tmp_path / "neu.db")))
    zurueck = json.loads(r.stdout)
    zurueck.pop("stand")
    export_json.pop("stand")
    assert zurueck == export_json
    r = _importiere(cli, tmp_path, export_json)
    f = ok(r, 2)
    assert "nicht leer" in f.stderr


def test_import_in_vorhandene_leere_datei(cli, tmp_path, export_json):
    (tmp_path / "leer.db").write_bytes(b"")
    ok(_importiere(cli, tmp_path, export_json, "leer.db"))
    r = ok(cli("stand", "--json", "--db", str(tmp_path / "leer.db")))
    assert json.loads(r.stdout)["schafkopf"]


def test_riesiges_argument_exit_2_sofort(cli):
    r = ok(cli("frage", "x" * 100_000), 2)
    assert "100000 Zeichen" in r.stderr and "höchstens 4096" in r.stderr


def test_export_ersetzt_nie_fifo_oder_geraet(cli, tmp_path):
    import stat

    _abend(cli)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = ok(cli("export", "-o", str(fifo), "--force"), 2)
    assert "keine gewöhnliche Datei" in r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_tief_verschachtelte_partie_exit_2(cli, tmp_path):
    tief = tmp_path / "tief.json"
    tief.write_text("[" * 50_000)
    r = ok(cli("schafkopf", "partie", str(tief)), 2)
    assert "zu tief verschachtelt" in r.stderr


def test_namen_ohne_bidi_und_steuerzeichen(cli, db_pfad):
    for name in ("An\u202ena", "An\x1bna", "Ann\u2066a"):
        r = ok(cli("abend", "neu", "--spieler", name, "Ben"), 2)
        assert "Steuerzeichen" in r.stderr
    assert not db_pfad.exists()


def test_gescheiterter_befehl_laesst_keine_neue_datei_zurueck(cli, db_pfad):
    for args in (
        ("abend", "neu", "-s", "A", "B", "--geber", "Zoe"),
        ("sabai", "eintragen", "A=3", "B=4"),
        ("schafkopf", "eintragen", "rufspiel", "A+B", "--augen", "61"),
        ("rueckgaengig",),
        ("abend", "ende"),
    ):
        r = cli(*args)
        assert r.returncode in (1, 2), (args, r.stderr)
        assert not db_pfad.exists(), args
        assert not any(db_pfad.parent.glob("referee.db*")), args


def test_angelegte_leere_datei_wird_nach_fehler_entfernt(tmp_path):
    """Scheitert ein Schreiben nach dem Anlegen des Schemas (hier: ein Text, den SQLite nicht
    kodieren kann), entfernt der Rand der CLI die leere neue Datei; eine mit Daten bleibt."""
    from referee import store

    neu = tmp_path / "neu.db"
    with pytest.raises(UnicodeEncodeError), store.oeffne(neu) as s:
        s.abend_neu(["Anna", "Ben"], ort="P\udcffost")
    assert neu.exists()
    store.angelegte_leere_entfernen()
    assert not neu.exists() and list(tmp_path.iterdir()) == []
    with store.oeffne(neu) as s:
        s.abend_neu(["Anna", "Ben"])
    store.angelegte_leere_entfernen()
    assert neu.exists()


def test_leere_angaben_beim_eintragen_exit_2(cli):
    """Vom Fuzz gefunden: drei leere Argumente waren ein interner Fehler (IndexError)."""
    _abend(cli)
    r = ok(cli("schafkopf", "eintragen", "", "", ""), 2)
    assert "Spielart" in r.stderr
