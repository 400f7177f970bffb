"""Gerüst der Kommandozeile: Hilfe, Fehler ohne Traceback, schlanke Importe."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT, _env, cli_im_prozess, run_cli


def test_hilfe_ohne_befehl_zeigt_beispiel():
    r = cli_im_prozess("--help")
    assert r.returncode == 0
    assert "Beispiel: referee frage" in r.stdout


def test_python_m_referee_funktioniert():
    """Gegenstand ist ``python -m referee`` selbst: ein eigener Prozess."""
    r = run_cli("schafkopf", "--help")
    assert r.returncode == 0
    assert "Schafkopf" in r.stdout


def test_unbekannte_option_deutsch_exit_2_ohne_traceback():
    r = cli_im_prozess("--gibtsnicht")
    assert r.returncode == 2
    assert "Unbekannte Option „--gibtsnicht“" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_unbekannter_befehl():
    r = cli_im_prozess("zaubern")
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
    """``main`` lädt nur die Module des Befehls: jeder Befehl muss so auffindbar sein.

    Je Befehl ein frischer Interpreter, in dem nur dessen Module geladen sind: ein Prozess
    lädt typer und ``referee.cli`` einmal und gabelt sich (``os.fork``) je Befehl – so viel
    wie ein eigener Start je Befehl, ohne dessen Kosten."""
    import json

    import typer.main

    from referee.cli import BEFEHL_MODULE, app, lade_befehle

    lade_befehle()
    wurzel = typer.main.get_command(app)
    assert set(wurzel.commands) == set(BEFEHL_MODULE)
    code = (
        "import json, os, sys, typer.main, referee.cli as c\n"
        "assert not [m for m in c.MODULE if f'referee.cli.{m}' in sys.modules]\n"
        "ergebnis = {}\n"
        "for name in sorted(c.BEFEHL_MODULE):\n"
        "    lesen, schreiben = os.pipe()\n"
        "    if os.fork() == 0:\n"
        "        os.close(lesen)\n"
        "        c.lade_befehle(c.BEFEHL_MODULE[name])\n"
        "        cmd = typer.main.get_command(c.app).commands[name]\n"
        "        os.write(schreiben, ','.join(sorted(getattr(cmd, 'commands', {}))).encode())\n"
        "        os._exit(0)\n"
        "    os.close(schreiben)\n"
        "    with os.fdopen(lesen, 'rb') as f:\n"
        "        ergebnis[name] = f.read().decode()\n"
        "    assert os.waitstatus_to_exitcode(os.wait()[1]) == 0, name\n"
        "print(json.dumps(ergebnis))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), cwd=ROOT
    )
    assert r.returncode == 0, r.stderr
    gefunden = json.loads(r.stdout)
    assert set(gefunden) == set(wurzel.commands)
    for name, sub in wurzel.commands.items():
        unter = sorted(getattr(sub, "commands", {}))
        assert gefunden[name] == ",".join(unter), name


def test_globale_db_option_vor_dem_befehl(tmp_path):
    db = tmp_path / "global.db"
    env = {"HOME": str(tmp_path), "REFEREE_DB": str(tmp_path / "nicht-diese.db")}
    r = cli_im_prozess("--db", str(db), "abend", "neu", "-s", "Anna", "Ben", "Cem", "Dora", env=env)
    assert r.returncode == 0, r.stderr
    r = cli_im_prozess("--db", str(db), "schlafmuetze", "sieg", "Ben", "--json", env=env)
    assert r.returncode == 0, r.stderr
    r = cli_im_prozess("--db", str(db), "stand", "--json", env=env)
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
