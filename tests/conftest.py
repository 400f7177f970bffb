"""Gemeinsame Test-Helfer.

``cli(*args)`` startet ``python -m referee`` als eigenen Prozess (echte Exit-Codes,
echte Trennung von stdout/stderr, NO_COLOR, 80 Spalten) und gibt ein
``subprocess.CompletedProcess`` zurück. ``REFEREE_DB`` zeigt – solange ein Test
nichts anderes sagt – auf eine Datei im tmp-Verzeichnis des Tests, nie auf die
echte Datenbank.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
#: Ein Suchindex-Cache für alle Prozesse dieses Testlaufs (geschlüsselt mit einer Prüfsumme
#: über Korpus und Code, also gefahrlos geteilt): sonst baut jeder Test mit leerem HOME den
#: Index neu. Ein Test, der den Cache selbst prüft, setzt ``XDG_CACHE_HOME`` eigens.
_CACHE = tempfile.mkdtemp(prefix="referee-test-cache-")
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"NO_COLOR": "1", "COLUMNS": "80", "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"})
    env.pop("FORCE_COLOR", None)
    env["XDG_CACHE_HOME"] = _CACHE
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if extra:
        env.update(extra)
    return env


def run_cli(
    *args: str,
    input: str | None = None,
    env: dict[str, str] | None = None,
    cwd: str | os.PathLike | None = None,
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(env),
        cwd=cwd or ROOT,
        timeout=120,
    )


def ok(r: subprocess.CompletedProcess, code: int = 0) -> subprocess.CompletedProcess:
    """Exit-Code wie erwartet und nirgends ein Traceback; gibt ``r`` zurück."""
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    return r


@pytest.fixture
def db_pfad(tmp_path) -> Path:
    return tmp_path / "referee.db"


@pytest.fixture
def cli(db_pfad, tmp_path):
    """``cli("frage", "Davonlaufen")`` – mit eigener Test-Datenbank und leerem HOME."""

    def _run(*args: str, input: str | None = None, env: dict[str, str] | None = None):
        basis = {"REFEREE_DB": str(db_pfad), "HOME": str(tmp_path / "home")}
        if env:
            basis.update(env)
        return run_cli(*args, input=input, env=basis)

    return _run


# ---------------------------------------------------------------- im selben Prozess


class Lauf:
    """Ergebnis von ``im_prozess``: wie ``subprocess.CompletedProcess`` (returncode, stdout,
    stderr), damit ``ok(...)`` für beide gilt."""

    def __init__(self, returncode: int, stdout: str, stderr: str) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def im_prozess(
    *args: str,
    input: str | bytes = "",
    env: dict[str, str] | None = None,
    kodierung: str = "utf-8",
) -> Lauf:
    """``referee *args`` über ``referee.cli.main`` im selben Prozess – echte Exit-Codes,
    stdout und stderr getrennt, stdin als Bytestrom (Skript-Modus von ``tisch``), stdout mit
    ``kodierung`` (``"ascii"`` wie ``PYTHONIOENCODING=ascii``). Umgebung und Ströme sind
    danach wie vorher. Für Verhalten, dessen Gegenstand nicht der Prozess selbst ist."""
    import io

    from referee.cli import main

    umgebung = dict(os.environ)
    alt = sys.stdin, sys.stdout, sys.stderr
    aus, fehler = io.BytesIO(), io.BytesIO()
    roh = input.encode("utf-8") if isinstance(input, str) else input
    sys.stdin = io.TextIOWrapper(io.BytesIO(roh), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(aus, encoding=kodierung, write_through=True)
    sys.stderr = io.TextIOWrapper(fehler, encoding=kodierung, write_through=True)
    os.environ.update({"NO_COLOR": "1", "COLUMNS": "80", "XDG_CACHE_HOME": _CACHE})
    os.environ.pop("FORCE_COLOR", None)
    if env:
        os.environ.update(env)
    code: int | str | None = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        texte = aus.getvalue().decode(kodierung), fehler.getvalue().decode(kodierung)
        sys.stdin, sys.stdout, sys.stderr = alt
        os.environ.clear()
        os.environ.update(umgebung)
    return Lauf(code if isinstance(code, int) else (0 if code is None else 3), *texte)
