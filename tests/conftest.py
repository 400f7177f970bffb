"""Gemeinsame Test-Helfer.

Zwei Wege, referee aufzurufen – beide mit echten Exit-Codes, stdout und stderr getrennt,
NO_COLOR und 80 Spalten, Ergebnis mit ``returncode``/``stdout``/``stderr``:

* im selben Prozess über ``referee.cli.main`` (``cli``, ``cli_im_prozess``, ``im_prozess``) –
  der Normalfall: ein eigener Interpreter kostet je Aufruf über 100 ms, die Suite startete so
  tausende;
* als eigener Prozess ``python -m referee`` (``cli_prozess``, ``run_cli``) – nur, wo der
  Prozess selbst Gegenstand ist: Signale, ``live`` als Server, Startzeit und Importe,
  ``python -m referee``, tmux, geschlossene Pipes und echte Dateideskriptoren, die
  Strom-Kodierung des Interpreters (``PYTHONIOENCODING``, ``LC_ALL``), gleichzeitige Prozesse.
  Braucht ein solcher Test viele Befehle, startet ``Gabelung`` einen Interpreter, der sich je
  Befehl gabelt: echte Prozesse ohne die Startkosten.

``REFEREE_DB`` zeigt – solange ein Test nichts anderes sagt – auf eine Datei im
tmp-Verzeichnis des Tests, nie auf die echte Datenbank.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import weakref
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
#: Ein Suchindex-Cache für alle Prozesse dieses Testlaufs (geschlüsselt mit einer Prüfsumme
#: über Korpus und Code, also gefahrlos geteilt): sonst baut jeder Test mit leerem HOME den
#: Index neu. Ein Test, der den Cache selbst prüft, setzt ``XDG_CACHE_HOME`` eigens.
#: Der Hauptprozess legt ihn an und räumt ihn weg; die xdist-Arbeiter erben ihn über
#: ``_CACHE_VARIABLE`` – so baut ein Lauf den Index einmal, nicht einmal je Arbeiter.
_CACHE_VARIABLE = "REFEREE_TEST_SUCHINDEX_CACHE"
if os.path.isdir(os.environ.get(_CACHE_VARIABLE, "")):
    _CACHE = os.environ[_CACHE_VARIABLE]
else:
    _CACHE = tempfile.mkdtemp(prefix="referee-test-cache-")
    os.environ[_CACHE_VARIABLE] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)
    if sys.platform.startswith("linux"):  # pip (Wheel-Test) behält seinen Cache (Zeile unten)
        benutzer = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        os.environ.setdefault("PIP_CACHE_DIR", os.path.join(benutzer, "pip"))
#: Auch ``suche.index()`` direkt im Testprozess nimmt diesen Cache, nicht ``~/.cache`` des
#: Benutzers: so findet ein Arbeiter den Index, den ein anderer oder ein Kindprozess gebaut hat,
#: und ein Bau im Arbeiter nützt den Kindprozessen danach.
os.environ["XDG_CACHE_HOME"] = _CACHE


#: Die tmp-Verzeichnisse der Tests (``tmp_path``) im Arbeitsspeicher, wenn es dort Platz gibt:
#: jedes neue Buch schaltet auf WAL und jede Transaktion wartet auf ``fsync`` – auf einer Platte
#: gut 90 ms je neuem Buch unter Last, in ``/dev/shm`` 14 ms, bei tausenden Büchern der Suite
#: ein guter Teil ihrer Zeit. Geprüft wird das Verhalten, nicht die Platte (ein Stromausfall
#: kommt in keinem Test vor; ein SIGKILL trifft den Prozess, nicht den Seitencache). Nur mit
#: mindestens 1 GiB frei (ein Container hat oft 64 MB) und nur, wenn niemand anderes es wählte;
#: xdist-Arbeiter und Kindprozesse erben die Variable.
_SHM = "/dev/shm"
if "PYTEST_DEBUG_TEMPROOT" not in os.environ and os.path.isdir(_SHM) and os.access(_SHM, os.W_OK):
    with contextlib.suppress(OSError):
        _frei = os.statvfs(_SHM)
        if _frei.f_bavail * _frei.f_frsize >= 1 << 30:
            os.environ["PYTEST_DEBUG_TEMPROOT"] = _SHM


#: Bibliotheken, deren eigene Asserts pytest nicht umschreiben soll (``pytest_configure``).
_NICHT_UMSCHREIBEN = frozenset({"hypothesis", "anyio", "platformdirs"})


def pytest_configure(config: pytest.Config) -> None:
    """Die Asserts von hypothesis, anyio und platformdirs nicht umschreiben. pytest schreibt
    jedes Paket um, das ein pytest-Plugin mitbringt – hypothesis ganz, gut hundert Module –, ohne
    Bytecode-Cache (frische Umgebung, PYTHONDONTWRITEBYTECODE) bei jedem Lauf in jedem Prozess
    neu: über 3 s CPU je Arbeiter und im Hauptprozess am Ende (dessen Zusammenfassung lädt
    hypothesis). Die Asserts der Tests bleiben umgeschrieben. Private Namen von pytest: fehlen
    sie, bleibt alles, wie es war (nur langsamer)."""
    haken = getattr(config.pluginmanager, "rewrite_hook", None)
    markiert = getattr(haken, "_must_rewrite", None)
    if isinstance(markiert, set) and markiert & _NICHT_UMSCHREIBEN:
        markiert.difference_update(_NICHT_UMSCHREIBEN)
        getattr(haken, "_marked_for_rewrite_cache", {}).clear()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: ein Arbeiter mehr als Kerne (höchstens ``--maxprocesses``, in pyproject 4).
    Viele Tests warten – auf einen Server, einen Browser, einen Kindprozess –, ein dritter
    Arbeiter auf zwei Kernen füllt diese Pausen: gemessen in einem frischen Klon auf 2 Kernen
    108 s mit 2 Arbeitern, 84 s mit 3."""
    return (os.cpu_count() or 1) + 1


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"NO_COLOR": "1", "COLUMNS": "80", "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"})
    env.pop("FORCE_COLOR", None)
    env["XDG_CACHE_HOME"] = _CACHE
    # Bytecode der Kindprozesse im Cache dieses Laufs (nie im Quellbaum): mit
    # PYTHONDONTWRITEBYTECODE übersetzte sonst jeder der Hunderte Kindprozesse referee neu
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(_CACHE, "pycache")
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


def _test_umgebung(db_pfad: Path, tmp_path: Path, env: dict[str, str] | None) -> dict[str, str]:
    basis = {"REFEREE_DB": str(db_pfad), "HOME": str(tmp_path / "home")}
    if env:
        basis.update(env)
    return basis


@pytest.fixture
def cli(db_pfad, tmp_path):
    """``cli("frage", "Davonlaufen")`` – im selben Prozess (``cli_im_prozess``), mit eigener
    Test-Datenbank und leerem HOME; ``kodierung="ascii"`` gibt Ströme, die nur ASCII können."""

    def _run(
        *args: str,
        input: str | None = None,
        env: dict[str, str] | None = None,
        kodierung: str = "utf-8",
    ):
        umgebung = _test_umgebung(db_pfad, tmp_path, env)
        return cli_im_prozess(*args, input=input, env=umgebung, kodierung=kodierung)

    return _run


@pytest.fixture
def cli_prozess(db_pfad, tmp_path):
    """Wie ``cli``, aber als eigener Prozess ``python -m referee`` – für Tests, deren
    Gegenstand der Prozess ist (Kodierung des Interpreters, gleichzeitige Schreiber …)."""

    def _run(*args: str, input: str | None = None, env: dict[str, str] | None = None):
        return run_cli(*args, input=input, env=_test_umgebung(db_pfad, tmp_path, env))

    return _run


@pytest.fixture
def buecher(tmp_path, cli):
    """Mehrere Bücher in einem Test (``import --dazu``): ``rufe(db, *args)`` ruft referee im
    selben Prozess gegen die Datei ``db`` in tmp_path und prüft den Exit-Code ``code``."""

    def rufe(db: str, *args: str, code: int = 0, eingabe: str | None = None):
        r = cli(*args, "--db", str(tmp_path / db), input=eingabe)
        assert r.returncode == code, (args, r.returncode, r.stdout, r.stderr)
        assert "Traceback" not in r.stdout + r.stderr
        return r

    return rufe


# ---------------------------------------------------------------- echte Prozesse, gegabelt

#: Der Treiber von ``Gabelung``: lädt referee einmal (die Befehlsmodule und was fast jeder
#: Befehl nachlädt: Speicher, Buch, rich), dann je Befehl ``os.fork`` – das Kind lenkt
#: stdout/stderr (Deskriptoren 1 und 2) in Dateien, ruft ``referee.cli.main`` und endet wie
#: ein Interpreter (``sys.exit``: atexit, Speicherbereinigung, offene Verbindungen schließen –
#: ``os._exit`` ließe etwa ``-wal``/``-shm`` liegen). Ausgabe: Exit-Codes (und
#: Verzeichnislisten) als ``ascii()``.
_GABEL_TREIBER = r"""
import ast, importlib, os, sys
from referee.cli import lade_befehle, main
lade_befehle()
for name in ("referee.store", "referee.buch", "rich.console", "rich.table", "rich.text"):
    importlib.import_module(name)
sys.stdin.buffer.readline()  # bereit; los geht es mit einer Zeile (Gabelung.los)
leer = os.open(os.devnull, os.O_RDONLY)
os.dup2(leer, 0)
os.close(leer)
ordner, beobachte, befehle = sys.argv[1], sys.argv[2], ast.literal_eval(sys.argv[3])
ergebnis = []
for i, args in enumerate(befehle):
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        for fd, endung in ((1, "aus"), (2, "err")):
            ziel = os.open(os.path.join(ordner, f"{i}.{endung}"), os.O_WRONLY | os.O_CREAT, 0o600)
            os.dup2(ziel, fd)
            os.close(ziel)
        main(args)  # endet mit sys.exit: das Kind beendet sich wie jeder Interpreter
        sys.exit(0)
    code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    ergebnis.append((code, sorted(os.listdir(beobachte)) if beobachte else None))
print(ascii(ergebnis))
"""


class Gabelung:
    """``referee`` für mehrere Befehle nacheinander, jeder in einem eigenen, echten Prozess –
    aber ohne je einen Interpreter zu starten: *ein* Python (mit ``_env(env)`` und ``cwd``, also
    denselben Strömen, derselben Locale wie ``run_cli``) lädt referee einmal und gabelt sich je
    Befehl (``os.fork``). Jedes Kind hat echte Dateideskriptoren, eigene Sperren und seine
    Verbindungen, endet mit dem Exit-Code von ``referee.cli.main``. Für Tests, deren Gegenstand
    der Prozess ist, die aber viele Befehle brauchen (ein Start kostet 0,2–0,3 s CPU).

    ``huelle`` setzt etwas vor den Interpreter (``unshare … sh -c …``); ``beobachte`` ist ein
    Ordner, dessen Inhalt nach jedem Befehl festgehalten wird (``Lauf.danach``). Der Interpreter
    lädt sofort und wartet dann auf ``los()`` (``ergebnis()`` ruft es sonst selbst): mehrere
    Gabelungen beginnen so im selben Augenblick. stdin der Befehle ist ``/dev/null``.
    """

    def __init__(
        self,
        befehle: list[list[str]] | list[tuple[str, ...]],
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike | None = None,
        huelle=None,
        beobachte: str | os.PathLike | None = None,
    ) -> None:
        self._ordner = tempfile.mkdtemp(prefix="referee-gabel-")
        self._anzahl = len(befehle)
        befehl = [
            sys.executable,
            "-c",
            _GABEL_TREIBER,
            self._ordner,
            str(beobachte or ""),
            ascii([list(b) for b in befehle]),
        ]
        self._proc = subprocess.Popen(
            huelle(befehl) if huelle else befehl,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(env),
            cwd=cwd or ROOT,
        )

    def los(self) -> None:
        """Die Befehle starten (der Interpreter hat referee schon geladen)."""
        if self._proc.stdin is not None:
            self._proc.stdin.write(b"\n")
            self._proc.stdin.close()
            self._proc.stdin = None  # communicate() fasst stdin dann nicht mehr an

    def ergebnis(self, timeout: float = 120) -> list[Lauf]:
        """Je Befehl ein ``Lauf`` (Text wie bei ``run_cli``: UTF-8, Zeilenenden ``\\n``)."""
        import ast

        try:
            self.los()
            aus, fehler = self._proc.communicate(timeout=timeout)
            assert self._proc.returncode == 0, (self._proc.returncode, aus, fehler)
            codes = ast.literal_eval(aus.decode("ascii"))
            assert len(codes) == self._anzahl, (aus, fehler)

            def text(i: int, endung: str) -> str:
                roh = Path(self._ordner, f"{i}.{endung}").read_bytes().decode("utf-8")
                return roh.replace("\r\n", "\n").replace("\r", "\n")

            laeufe = []
            for i, (code, danach) in enumerate(codes):
                lauf = Lauf(code, text(i, "aus"), text(i, "err"))
                lauf.danach = danach  # type: ignore[attr-defined]
                laeufe.append(lauf)
            return laeufe
        finally:
            if self._proc.poll() is None:
                self._proc.kill()
            shutil.rmtree(self._ordner, ignore_errors=True)


# ---------------------------------------------------------------- im selben Prozess


class Lauf:
    """Ergebnis von ``im_prozess``: wie ``subprocess.CompletedProcess`` (returncode, stdout,
    stderr), damit ``ok(...)`` für beide gilt."""

    def __init__(self, returncode: int, stdout: str, stderr: str) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


class _SpeicherFesthalten(weakref.WeakSet):
    """Ersatz für ``store._SPEICHER`` während eines Aufrufs: merkt sich zusätzlich jeden neuen
    Speicher fest, damit ``_prozesszustand_loesen`` ihn schließen kann.

    Die Befehle schließen ihr Buch nicht selbst (``buch_oeffnen(db).abend_neu(…)``); der
    Speicher verschwindet mit dem Aufruf, seine ``sqlite3.Connection`` aber nicht: sie hängt in
    einem Zyklus (der Anweisungs-Cache von sqlite3 ist ein ``lru_cache`` über die Verbindung)
    und bliebe offen, bis die zyklische Speicherbereinigung irgendwann läuft – ein eigener Prozess
    schlösse sie beim Beenden. Offen gebliebene Verbindungen ließen z. B. einen Live-Server im
    Test-Prozess Änderungen anderer Prozesse verpassen. Nur Speicher aus dem Thread des Aufrufs
    zählen: die eines Live-Servers im Test-Prozess (eigener Thread) gehören dem Test."""

    def __init__(self, alt: weakref.WeakSet) -> None:
        super().__init__()
        for speicher in alt:  # die schon offenen, ohne sie als neu zu zählen
            super().add(speicher)
        self.neu: list[object] = []
        self._faden = threading.get_ident()

    def add(self, item: object) -> None:
        if threading.get_ident() == self._faden:
            self.neu.append(item)
        super().add(item)


def _offene_dateien() -> set[tuple[int, int]] | None:
    """(Gerät, Inode) jeder Datei, die dieser Prozess gerade offen hat (``/proc/self/fd``);
    ``None``, wo es das nicht gibt."""
    try:
        fds = os.listdir("/proc/self/fd")
    except OSError:
        return None
    offen = set()
    for fd in fds:
        try:
            st = os.fstat(int(fd))
        except (OSError, ValueError):
            continue
        offen.add((st.st_dev, st.st_ino))
    return offen


def _prozesszustand_sichern() -> tuple[weakref.WeakSet, _SpeicherFesthalten, list[object]]:
    """Was ``referee`` je Prozess festhält, so herrichten, wie ein frischer Prozess es sähe.

    * ``ausgabe._KONSOLEN``: rich-Consoles, geschlüsselt mit ``id(strom)`` und NO_COLOR – die
      Breite (COLUMNS) liest rich beim Anlegen; eine wiederverwendete id gäbe einem Aufruf mit
      ``COLUMNS=40`` die Console eines früheren mit 80 Spalten. ``_BREITE`` und ``_AUFRUF`` ebenso.
    * ``store._GEPRUEFT``: (Gerät, Inode) schon geprüfter Datenbankdateien. Eine gelöschte
      tmp-Datei gibt ihren Inode frei; eine neue Datei mit demselben Inode (etwa eine kaputte)
      gälte sonst als geprüft. Behalten wird nur, was dieser Prozess noch offen hat (eine
      Verbindung des Tests, deren Sperren ein zweites open()/close() lösen würde, siehe
      ``store._GEPRUEFT``) – gefragt wird das Betriebssystem (``_offene_dateien``), nicht die
      Speicher-Objekte: eine Verbindung kann ihren Speicher überleben (``_SpeicherFesthalten``).
    * ``store._ANGELEGT``: Dateien, die der *Test* angelegt hat, entfernt ein scheiternder
      Aufruf nicht (ein eigener Prozess wüsste nichts von ihnen); danach wieder wie vorher.
    * ``store._SPEICHER``: während des Aufrufs ``_SpeicherFesthalten`` (die Verbindungen
      merkt sich ``referee.store.verbindung``; die beiden anderen liegen in ``datei``).

    Gibt zurück, was ``_prozesszustand_loesen`` braucht."""
    from referee.store import datei, verbindung

    ausgabe = sys.modules.get("referee.cli.ausgabe")
    if ausgabe is not None:
        ausgabe._KONSOLEN.clear()
        ausgabe._BREITE.clear()
        ausgabe._AUFRUF.clear()
    offen = _offene_dateien()
    if offen is not None:
        datei._GEPRUEFT.intersection_update(offen)
    angelegt = list(datei._ANGELEGT)
    datei._ANGELEGT.clear()
    alt = verbindung._SPEICHER
    verbindung._SPEICHER = festhalten = _SpeicherFesthalten(alt)
    return alt, festhalten, angelegt


def _prozesszustand_loesen(
    vorher: tuple[weakref.WeakSet, _SpeicherFesthalten, list[object]],
) -> None:
    """Nach dem Aufruf: jeden Speicher schließen, den er geöffnet hat (ein Prozess schlösse sie
    beim Beenden), die Consoles vergessen, ``_SPEICHER`` und ``_ANGELEGT`` wie vor dem Aufruf."""
    from referee.store import datei, verbindung

    alt, festhalten, angelegt = vorher
    for speicher in festhalten.neu:
        speicher.schliessen()  # type: ignore[attr-defined]
    festhalten.neu.clear()
    verbindung._SPEICHER = alt
    datei._ANGELEGT[:] = angelegt
    ausgabe = sys.modules.get("referee.cli.ausgabe")
    if ausgabe is not None:
        ausgabe._KONSOLEN.clear()


def im_prozess(
    *args: str,
    input: str | bytes = "",
    env: dict[str, str] | None = None,
    kodierung: str = "utf-8",
) -> Lauf:
    """``referee *args`` über ``referee.cli.main`` im selben Prozess – echte Exit-Codes,
    stdout und stderr getrennt, stdin als Bytestrom (Skript-Modus von ``tisch``), stdout mit
    ``kodierung`` (``"ascii"`` wie ``PYTHONIOENCODING=ascii``). Umgebung, Ströme und der
    Prozesszustand von referee (``_prozesszustand_sichern``) sind danach wie vorher. Für
    Verhalten, dessen Gegenstand nicht der Prozess selbst ist."""
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
    zustand = _prozesszustand_sichern()
    code: int | str | None = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            texte = aus.getvalue().decode(kodierung), fehler.getvalue().decode(kodierung)
        finally:
            _prozesszustand_loesen(zustand)
            sys.stdin, sys.stdout, sys.stderr = alt
            os.environ.clear()
            os.environ.update(umgebung)
    return Lauf(code if isinstance(code, int) else (0 if code is None else 3), *texte)


#: Umgebungsvariablen, die nur beim Start eines Interpreters wirken (Kodierung der Ströme,
#: Locale, Suchpfad): im selben Prozess blieben sie ohne Wirkung – dafür ``cli_prozess``.
NUR_BEIM_START = frozenset(
    {"PYTHONIOENCODING", "PYTHONUTF8", "LC_ALL", "LC_CTYPE", "LANG", "PYTHONPATH"}
)


def cli_im_prozess(
    *args: str,
    input: str | None = None,
    env: dict[str, str] | None = None,
    cwd: str | os.PathLike | None = None,
    kodierung: str = "utf-8",
) -> Lauf:
    """Der Zwilling von ``run_cli`` im selben Prozess (über ``im_prozess``): dieselben
    Argumente, dasselbe Arbeitsverzeichnis (``ROOT``), die Ausgaben mit denselben
    Zeilenenden wie ``subprocess.run(text=True)`` (``\\r\\n`` und ``\\r`` werden ``\\n``);
    ``kodierung`` wie bei ``im_prozess``."""
    falsch = NUR_BEIM_START & set(env or ())
    if falsch:
        raise ValueError(
            f"{sorted(falsch)} wirkt nur beim Start eines Prozesses: cli_prozess/run_cli nehmen"
        )
    vorher = os.getcwd()
    os.chdir(cwd or ROOT)
    try:
        r = im_prozess(*args, input=input or "", env=env, kodierung=kodierung)
    finally:
        os.chdir(vorher)

    def zeilen(text: str) -> str:
        return text.replace("\r\n", "\n").replace("\r", "\n")

    return Lauf(r.returncode, zeilen(r.stdout), zeilen(r.stderr))
