"""Gerüst der Kommandozeile: Hilfe, Fehler ohne Traceback, schlanke Importe."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT, _env, run_cli


def test_hilfe_ohne_befehl_zeigt_beispiel():
    r = run_cli("--help")
    assert r.returncode == 0
    assert "Beispiel: referee frage" in r.stdout


def test_python_m_referee_funktioniert():
    r = run_cli("schafkopf", "--help")
    assert r.returncode == 0
    assert "Schafkopf" in r.stdout


def test_unbekannte_option_deutsch_exit_2_ohne_traceback():
    r = run_cli("--gibtsnicht")
    assert r.returncode == 2
    assert "Unbekannte Option „--gibtsnicht“" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_unbekannter_befehl():
    r = run_cli("zaubern")
    assert r.returncode == 2
    assert "Unbekannter Befehl „zaubern“" in r.stderr


def test_import_der_cli_laedt_keine_schweren_module():
    code = "import sys, referee.cli; print(','.join(sorted(m for m in sys.modules)))"
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    geladen = set(r.stdout.strip().split(","))
    for schwer in ("sqlite_utils", "rapidfuzz", "rich.table", "rich.console", "sqlite3"):
        assert schwer not in geladen, f"{schwer} wird schon beim Import der CLI geladen"


def test_jeder_befehl_hat_hilfe_mit_beispiel():
    import typer.main

    from referee.cli import app, lade_befehle

    lade_befehle()

    def alle(cmd, pfad):
        yield pfad, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from alle(sub, pfad + [name])

    wurzel = typer.main.get_command(app)
    ohne = [" ".join(p) for p, c in alle(wurzel, ["referee"]) if "Beispiel" not in (c.help or "")]
    assert not ohne, f"Befehle ohne Beispiel in der Hilfe: {ohne}"


def test_jeder_befehl_ist_ueber_die_schnelle_zuordnung_erreichbar():
    """``main`` lädt nur die Module des Befehls: jeder Befehl muss so auffindbar sein."""
    import typer.main

    from referee.cli import BEFEHL_MODULE, app, lade_befehle

    lade_befehle()
    wurzel = typer.main.get_command(app)
    assert set(wurzel.commands) == set(BEFEHL_MODULE)
    for name, sub in wurzel.commands.items():
        unter = sorted(getattr(sub, "commands", {}))
        code = (
            "import typer.main, referee.cli as c; "
            f"c.lade_befehle(c.BEFEHL_MODULE[{name!r}]); "
            f"cmd = typer.main.get_command(c.app).commands[{name!r}]; "
            "print(','.join(sorted(getattr(cmd, 'commands', {}))))"
        )
        r = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), cwd=ROOT
        )
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == ",".join(unter), name


def test_globale_db_option_vor_dem_befehl(tmp_path):
    db = tmp_path / "global.db"
    env = {"HOME": str(tmp_path), "REFEREE_DB": str(tmp_path / "nicht-diese.db")}
    r = run_cli("--db", str(db), "abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", env=env)
    assert r.returncode == 0, r.stderr
    r = run_cli("--db", str(db), "schlafmuetze", "sieg", "Ben", "--json", env=env)
    assert r.returncode == 0, r.stderr
    r = run_cli("--db", str(db), "stand", "--json", env=env)
    assert r.returncode == 0, r.stderr
    import json

    assert json.loads(r.stdout)["schlafmuetze"] == {"Anna": 0, "Ben": 1, "Cem": 0, "Dora": 0}
    assert db.exists() and not (tmp_path / "nicht-diese.db").exists()


def test_schnelle_zuordnung_ueberspringt_globale_db():
    from referee.cli import MODULE, _module_fuer

    assert _module_fuer(["--db", "x.db", "frage", "a"]) == ("frage",)
    assert _module_fuer(["--db=x.db", "ruf"]) == ("ruf",)  # ruf allein: nur sein Modul
    assert _module_fuer(["--help"]) == MODULE
    assert _module_fuer([]) == MODULE
