"""Ein Ort für Fehler (issue 25, Punkt 5): ``referee.cli.ausfuehren`` macht aus jeder
Ausnahme Exit-Code und deutsche Meldung – für die Kommandozeile (``main``) und für jede
Befehlszeile am Tisch (``Tisch.cli``). Dieselbe falsche Eingabe gibt in beiden dieselbe Meldung;
``tisch`` braucht keine internen Namen von ``referee.cli``."""

from __future__ import annotations

import ast
import json
import shlex
from pathlib import Path

import pytest

from tests.conftest import ROOT, ok

SPIELER = ("--spieler", "Anna", "Ben", "Cem", "Dora")
HAND = "EO GU H9 G10 G7 S8 SK EA"
RUF = ("ruf", "--hand", HAND, "--sau", "gras")


def _zeile(args: tuple[str, ...]) -> str:
    return shlex.join(args)


def _meldung_der_kommandozeile(stderr: str) -> str:
    zeile = stderr.splitlines()[0]
    assert zeile.startswith("Fehler: "), stderr
    return zeile.removeprefix("Fehler: ")


# ---------------------------------------------------------------- dieselbe Meldung


@pytest.mark.parametrize(
    "args, art",
    [
        (("stand", "--gibtsnicht"), "eingabe"),  # click: unbekannte Option
        (("verlauf", "--abend", "²"), "eingabe"),  # click: keine ganze Zahl
        (("schafkopf", "zaubern"), "eingabe"),  # click: unbekannter Unterbefehl
        (("ruf", "--hand", "EO GU"), "eingabe"),  # RefereeFehler aus dem Regelkern
        (("verlauf", "--abend", "99"), "zustand"),  # RefereeFehler aus dem Buch
    ],
)
def test_dieselbe_falsche_eingabe_dieselbe_meldung(cli, args, art):
    ok(cli("abend", "neu", *SPIELER))
    shell = ok(cli(*args), 2)
    meldung = _meldung_der_kommandozeile(shell.stderr)
    als_json = ok(cli(*args, "--json"), 2)
    fehler = json.loads(als_json.stdout)["fehler"]
    assert (fehler["art"], fehler["meldung"]) == (art, meldung)
    am_tisch = ok(cli("tisch", input=_zeile(args) + "\nr an be 71\n"), 2)
    # eine Zeile „Fehler: Zeile 1: …“ mit genau der Meldung der Kommandozeile (ohne „Hilfe:“)
    assert am_tisch.stderr.splitlines()[-1] == f"Fehler: Zeile 1: {meldung}"
    assert "Hilfe:" not in am_tisch.stderr


def test_tisch_meldet_eine_zeile_und_macht_weiter(tisch):
    """Der Fehler einer Befehlszeile ist eine Meldung (eine Zeile), die Sitzung geht weiter."""
    a = tisch.verarbeite("stand --gibtsnicht")
    assert (a.ok, a.ende, a.meldung) == (False, False, "Unbekannte Option „--gibtsnicht“.")
    assert tisch.verarbeite("r an be 71").ok
    assert any(z.startswith("#1 Rufspiel Anna+Ben") for z in tisch.ausgabe)


# ---------------------------------------------------------------- Exit 1 ist eine Antwort


def test_regel_sagt_nein_ist_am_tisch_eine_antwort(cli):
    ok(cli("abend", "neu", *SPIELER))
    herz = ("ruf", "--hand", HAND, "--sau", "herz")
    shell = ok(cli(*herz), 1)
    assert "→ Die Herz-Sau darf nicht gerufen werden." in shell.stdout
    r = ok(cli("tisch", input=_zeile(herz) + "\nr an be 71\n"))
    assert "→ Die Herz-Sau darf nicht gerufen werden." in r.stdout
    assert "Fehler" not in r.stderr
    assert json.loads(ok(cli("stand", "--json")).stdout)["schafkopf"]["Anna"] == 20


def test_regelverstoss_exit_1_haelt_am_tisch_an(cli, monkeypatch):
    """Ein geworfener ``Regelverstoss`` (Exit 1) ist in der Kommandozeile „Fehler: …“ mit
    Exit 1; am Tisch dieselbe Meldung, und ein Skript hält an (wie vor der einen Abbildung):
    ein „Nicht eingetragen“ darf keine späteren Zeilen überholen."""
    from referee.errors import Regelverstoss

    def nein(*_a, **_k):
        raise Regelverstoss("Das verbietet die Regel.", "schafkopf.rufbare-saeue")

    monkeypatch.setattr("referee.schafkopf.ruf.ruf_bericht", nein)
    ok(cli("abend", "neu", *SPIELER))
    shell = ok(cli(*RUF), 1)
    assert shell.stderr == "Fehler: Das verbietet die Regel.\n"
    fehler = json.loads(ok(cli(*RUF, "--json"), 1).stdout)["fehler"]
    assert fehler == {
        "art": "regel",
        "meldung": "Das verbietet die Regel.",
        "abschnitt": "schafkopf.rufbare-saeue",
    }
    r = ok(cli("tisch", input=_zeile(RUF) + "\nr an be 71\n"), 2)
    assert r.stderr.splitlines()[-1] == "Fehler: Zeile 1: Das verbietet die Regel."
    assert json.loads(ok(cli("stand", "--json")).stdout)["schafkopf"]["Anna"] == 0


# ---------------------------------------------------------------- Programmfehler


@pytest.fixture
def kaputt(monkeypatch):
    """``ruf`` scheitert mit einem Programmfehler (RuntimeError im Regelkern)."""

    def kaputt_(*_a, **_k):
        raise RuntimeError("geheimes Innenleben")

    monkeypatch.delenv("REFEREE_DEBUG", raising=False)
    monkeypatch.setattr("referee.schafkopf.ruf.ruf_bericht", kaputt_)


def test_interner_fehler_in_der_kommandozeile(cli, kaputt):
    from referee.cli import INTERNER_FEHLER

    r = cli(*RUF)
    assert r.returncode == 3
    assert r.stderr == f"Fehler: {INTERNER_FEHLER}\n"
    assert INTERNER_FEHLER.startswith("Interner Fehler in referee")
    assert "RuntimeError" not in r.stdout + r.stderr and "geheim" not in r.stderr
    r = cli(*RUF, "--json")
    assert r.returncode == 3
    assert json.loads(r.stdout)["fehler"] == {
        "art": "intern",
        "meldung": INTERNER_FEHLER,
        "abschnitt": None,
    }


def test_interner_fehler_am_tisch_eine_zeile_und_weiter(tisch, kaputt):
    from referee.cli import INTERNER_FEHLER

    a = tisch.verarbeite(_zeile(RUF))
    assert (a.ok, a.ende, a.meldung) == (False, False, INTERNER_FEHLER)
    assert "\n" not in a.meldung
    assert tisch.verarbeite("r an be 71").ok  # die Sitzung geht weiter
    assert any(z.startswith("#1 Rufspiel Anna+Ben") for z in tisch.ausgabe)


def test_interner_fehler_im_tisch_skript(cli, kaputt):
    from referee.cli import INTERNER_FEHLER

    ok(cli("abend", "neu", *SPIELER))
    r = cli("tisch", input="r an be 71\n" + _zeile(RUF) + "\n")
    assert r.returncode == 2
    assert r.stderr.splitlines()[-1] == (
        f"Fehler: Zeile 2: {INTERNER_FEHLER} (die Zeilen davor sind eingetragen)"
    )


def test_eigener_exit_code_ohne_meldung_am_tisch(tisch, monkeypatch):
    """Beendet sich ein Befehl selbst mit Exit 2 (seine Meldung hat er schon geschrieben),
    sagt der Tisch, womit er endete."""
    import typer

    def selbst(*_a, **_k):
        raise typer.Exit(2)

    monkeypatch.setattr("referee.schafkopf.ruf.ruf_bericht", selbst)
    a = tisch.verarbeite(_zeile(RUF))
    assert not a.ok
    assert a.meldung == f"„{' '.join(RUF)}“ endete mit Exit-Code 2."


def test_ausfuehren_liefert_den_ausgang_ohne_auszugeben(capsys):
    from referee.cli import Ausgang, ausfuehren

    a = ausfuehren(["stand", "--gibtsnicht", "--json"])
    assert a == Ausgang(
        2,
        "eingabe",
        "Unbekannte Option „--gibtsnicht“.",
        None,
        "Hilfe: referee stand --help\n",
        True,
    )
    assert capsys.readouterr() == ("", "")


def test_db_am_tisch_abgelehnt(tisch):
    a = tisch.verarbeite("stand --db anderes.db")
    assert not a.ok and "--db geht hier nicht" in a.meldung


# ---------------------------------------------------------------- keine internen Namen


def _importe(datei: Path, quelle: str | None = None) -> list[tuple[str, str | None]]:
    """(Modul, Name) jedes Imports in ``datei`` (auch in Funktionen); relative aufgelöst.
    ``quelle``: dieser Text statt des Inhalts von ``datei``."""
    paket = ".".join(datei.relative_to(ROOT).with_suffix("").parts[:-1])
    if quelle is None:
        quelle = datei.read_text(encoding="utf-8")
    aus: list[tuple[str, str | None]] = []
    for knoten in ast.walk(ast.parse(quelle)):
        if isinstance(knoten, ast.Import):
            aus += [(a.name, None) for a in knoten.names]
        elif isinstance(knoten, ast.ImportFrom):
            modul = knoten.module or ""
            if knoten.level:
                basis = paket.split(".")[: len(paket.split(".")) - knoten.level + 1]
                modul = ".".join([*basis, modul] if modul else basis)
            aus += [(modul, a.name) for a in knoten.names]
    return aus


def _ist_cli(modul: str) -> bool:
    return modul == "referee.cli" or modul.startswith("referee.cli.")


def _intern(modul: str, name: str | None) -> bool:
    """Ein Unterstrich-Name unterhalb von ``referee.cli`` (im Modulpfad oder der Name selbst)."""
    teile = [*modul.split("."), *([name] if name else [])]
    return _ist_cli(modul) and any(t.startswith("_") for t in teile[2:])


def _interne_namen(datei: Path, quelle: str | None = None) -> list[str]:
    """Jeder Unterstrich-Name aus ``referee.cli``, den ``datei`` nutzt: importiert
    (``from referee.cli import _click``) oder als Attribut eines CLI-Moduls
    (``import referee.cli as c; c._click()``, ``referee.cli._click``)."""
    if quelle is None:
        quelle = datei.read_text(encoding="utf-8")
    funde = [f"{m}.{n}" if n else m for m, n in _importe(datei, quelle) if _intern(m, n)]
    module: set[str] = set()  # Namen, die an ein CLI-Modul gebunden sind
    for knoten in ast.walk(ast.parse(quelle)):
        if isinstance(knoten, ast.Import):
            module.update(a.asname for a in knoten.names if a.asname and _ist_cli(a.name))
        elif isinstance(knoten, ast.ImportFrom):
            ganz = [(f"{knoten.module}.{a.name}", a.asname or a.name) for a in knoten.names]
            module.update(lokal for voll, lokal in ganz if _ist_cli(voll))
    for knoten in ast.walk(ast.parse(quelle)):
        if isinstance(knoten, ast.Attribute) and knoten.attr.startswith("_"):
            davor = ast.unparse(knoten.value)
            if davor in module or _ist_cli(davor):
                funde.append(f"{davor}.{knoten.attr}")
    return funde


def test_tisch_und_live_nutzen_nichts_internes_aus_der_cli():
    dateien = [
        *(ROOT / "referee" / "tisch").glob("*.py"),
        *(ROOT / "referee" / "live").glob("*.py"),
    ]
    assert len(dateien) > 5
    funde = {str(d.relative_to(ROOT)): _interne_namen(d) for d in dateien}
    assert {d: f for d, f in funde.items() if f} == {}


def test_ausser_der_cli_importiert_niemand_die_cli():
    """Regelkerne, Buch, Speicher, Berichte, live, tisch: keiner kennt die Kommandozeile (die
    Tisch-Sitzung bekommt ihre Befehle von ihr, ``referee.cli.tisch.neue_sitzung``). Ausnahme
    ist ``referee/__main__.py`` (``python -m referee`` *ist* die Kommandozeile)."""
    paket = ROOT / "referee"
    dateien = [
        d
        for d in paket.rglob("*.py")
        if d.relative_to(paket).parts[0] != "cli" and d.name != "__main__.py"
    ]
    assert len(dateien) > 20
    funde = {
        str(d.relative_to(ROOT)): [
            m for m, n in _importe(d) if _ist_cli(m) or (m == "referee" and n == "cli")
        ]
        for d in dateien
    }
    assert {d: f for d, f in funde.items() if f} == {}


def test_die_pruefung_erkennt_verstoesse():
    """Der Scan selbst: er findet Unterstrich-Namen – importiert, relativ, in Funktionen, als
    Attribut eines CLI-Moduls."""
    quelle = (
        "import referee.cli as c\n"
        "from referee import cli\n"
        "def f():\n"
        "    from referee.cli import _click, main\n"
        "    from ..cli.abend import _beschreibung\n"
        "    import referee.cli._geheim\n"
        "    c._befehl(); cli._usage_deutsch(); referee.cli._hilfe(); c.ausfuehren([])\n"
    )
    ort = ROOT / "referee" / "tisch" / "sitzung.py"
    assert ("referee.cli.abend", "_beschreibung") in _importe(ort, quelle)
    assert sorted(_interne_namen(ort, quelle)) == [
        "c._befehl",
        "cli._usage_deutsch",
        "referee.cli._click",
        "referee.cli._geheim",
        "referee.cli._hilfe",
        "referee.cli.abend._beschreibung",
    ]


# ---------------------------------------------------------------- tisch-Fixture


@pytest.fixture
def tisch(tmp_path):
    from referee.cli.tisch import neue_sitzung
    from referee.tisch.dienst import Sitzungsbuch

    buch = Sitzungsbuch(str(tmp_path / "t.db"))
    buch.abend_sicherstellen(["Anna", "Ben", "Cem", "Dora"])
    ausgabe: list[str] = []
    t = neue_sitzung(buch, ausgabe.append, knapp=True)
    t.ausgabe = ausgabe  # type: ignore[attr-defined]
    yield t
    buch.schliessen()


def test_befehle_am_tisch_lassen_keine_verbindung_offen(tmp_path):
    """Ein Befehl, den ``ausfuehren`` laufen lässt, schließt das Buch, das er selbst geöffnet
    hat; das der Sitzung (vorher offen) bleibt offen. Sonst sammelten sich in einer langen
    ``tisch``-Sitzung offene SQLite-Verbindungen an (jede hängt in einem Zyklus und bliebe bis
    zur nächsten Speicherbereinigung offen). Gezählt werden die Dateideskriptoren des
    Prozesses auf die Datenbank."""
    import gc
    import os

    from referee.cli.tisch import neue_sitzung
    from referee.tisch.dienst import Sitzungsbuch

    pfad = tmp_path / "s.db"

    def offen() -> int:
        n = 0
        for fd in os.listdir("/proc/self/fd"):
            try:
                n += os.readlink(f"/proc/self/fd/{fd}") == str(pfad)
            except OSError:
                continue
        return n

    buch = Sitzungsbuch(str(pfad))
    gc.disable()  # die Speicherbereinigung würde Vergessenes zufällig doch schließen
    try:
        buch.abend_sicherstellen(["Anna", "Ben", "Cem", "Dora"])
        tisch = neue_sitzung(buch, schreibe=lambda _t: None, knapp=True)
        assert tisch.verarbeite("r an be 71").ok
        assert tisch.verarbeite("stand").ok
        # das Buch der Sitzung und höchstens ein Deskriptor, den SQLite nach dem Schließen einer
        # Verbindung für später aufhebt, solange eine andere auf dieselbe Datei Sperren hält
        vorher = offen()
        assert 1 <= vorher <= 2
        for zeile in ("verlauf", "abend", "stand --json", "verlauf --json", "stand"):
            assert tisch.verarbeite(zeile).ok, zeile
            assert offen() == vorher, zeile  # wächst nicht mit jedem Befehl
        assert buch.lage() is not None  # das Buch der Sitzung ist noch offen und liest
    finally:
        gc.enable()
        buch.schliessen()
