"""Die Datei des Speichers: Kopf prüfen, Sperren, leere neue Dateien nach einem Fehler entfernen.

``verbinde`` (in ``referee.store.verbindung``) ist die einzige Stelle, die eine Verbindung
öffnet; hier liegen die Bausteine, die sie und ``Verbindung`` brauchen.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from referee.errors import SpeicherFehler
from referee.store.daten import _KOPF, _VERSUCH_MS, WARTEZEIT_MS

if TYPE_CHECKING:
    import sqlite3

# --------------------------------------------------------------------------- Pfad, Verbindung


# Dateien (Gerät, Inode), die dieser Prozess schon als SQLite geprüft oder verbunden hat. Unter
# POSIX gibt das Schließen *irgendeines* Dateideskriptors auf eine Datei alle fcntl-Sperren des
# Prozesses auf ihr frei – auch die der offenen SQLite-Verbindungen. Ein zweites ``open()``/
# ``close()`` des Dateikopfs, während eine Verbindung (etwa die der Tisch-Sitzung) offen ist, ließe
# einen anderen Prozess glauben, er sei der letzte, und die WAL-Datei löschen: bestätigte Einträge
# gingen verloren. Darum wird der Kopf einer Datei nur einmal je Prozess roh gelesen.
_GEPRUEFT: set[tuple[int, int]] = set()


def _kennung(pfad: Path) -> tuple[int, int] | None:
    """(Gerät, Inode) einer nicht leeren gewöhnlichen Datei, ohne sie zu öffnen; sonst ``None``."""
    import stat

    try:
        st = os.stat(pfad)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        return None
    return (st.st_dev, st.st_ino)


def _pruefe_kopf(pfad: Path) -> bool:
    """True, wenn die Datei existiert und nicht leer ist; wirft, wenn sie kein SQLite ist.

    Nur gewöhnliche Dateien: eine FIFO (geöffnet ohne zu warten), ein Gerät wie ``/dev/zero``
    oder ein Verzeichnis wird abgewiesen, bevor gelesen wird.
    """
    import stat

    from referee.dateien import os_meldung

    if _kennung(pfad) in _GEPRUEFT:  # schon geprüft: kein zweites open()/close() (siehe oben)
        return True
    try:
        fd = os.open(pfad, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        return False
    except OSError as exc:
        if pfad.is_dir():
            raise SpeicherFehler(f"{pfad} ist ein Verzeichnis, keine Datenbankdatei.") from None
        raise SpeicherFehler(os_meldung(exc, pfad)) from None
    try:
        modus = os.fstat(fd).st_mode
        if stat.S_ISDIR(modus):
            raise SpeicherFehler(f"{pfad} ist ein Verzeichnis, keine Datenbankdatei.")
        if not stat.S_ISREG(modus):
            raise SpeicherFehler(
                f"{pfad} ist keine gewöhnliche Datei (FIFO, Gerät …); die Datenbank muss eine "
                "Datei sein. Gib mit --db oder REFEREE_DB einen anderen Pfad an."
            )
        kopf = os.read(fd, 100)
        st = os.fstat(fd)
    except OSError as exc:
        raise SpeicherFehler(os_meldung(exc, pfad)) from None
    finally:
        os.close(fd)
    if not kopf:
        return False
    if len(kopf) < 100 or not kopf.startswith(_KOPF):
        raise SpeicherFehler(
            f"{pfad} ist keine SQLite-Datenbank; die Datei bleibt unverändert. "
            "Gib mit --db oder REFEREE_DB einen anderen Pfad an."
        )
    _GEPRUEFT.add((st.st_dev, st.st_ino))
    return True


class _Offen(Protocol):
    """Was ``angelegte_leere_entfernen`` von einer Verbindung (``referee.store.verbindung``)
    braucht – ohne sie zu importieren: die liegt über dieser Datei."""

    pfad: Path

    def schliessen(self) -> None: ...


#: Datenbankdateien, die dieser Prozess neu angelegt hat, mit (Gerät, Inode) der angelegten
#: Datei (``angelegte_leere_entfernen``).
_ANGELEGT: list[tuple[Path, tuple[int, int] | None]] = []
#: Die Verbindungen dieses Prozesses (schwach gehalten): vor dem Entfernen einer angelegten Datei
#: werden sie geschlossen – sonst löschte SQLite beim späteren Schließen eine ``-wal``-Datei
#: gleichen Namens, die inzwischen zu einer neuen Datei gehören kann.
_SPEICHER: weakref.WeakSet[_Offen] = weakref.WeakSet()


def _inode(pfad: Path) -> tuple[int, int] | None:
    """(Gerät, Inode) der Datei unter ``pfad`` (auch einer leeren), ohne sie zu öffnen."""
    try:
        st = os.stat(pfad)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def angelegte_leere_entfernen() -> None:
    """Nach einem gescheiterten Befehl: Dateien, die er selbst angelegt hat und in denen keine
    Daten stehen (weder Spieler noch Abende), wieder entfernen – samt ``-wal``/``-shm``.

    Ein anderer Prozess kann dieselbe neue Datei gerade benutzen (zwei Terminals legen das Buch
    gleichzeitig an, eines scheitert). Darum wird nur entfernt, was niemand sonst offen hat:
    unter einer exklusiven Sperre, die keine andere Verbindung zulässt (jede offene
    WAL-Verbindung hält eine geteilte), und nur die Datei, die dieser Prozess angelegt hat.
    Wer die Datei vorher geöffnet, aber noch nicht gesperrt hatte, merkt in ``verbinde``,
    dass sie entfernt wurde, und verbindet neu."""
    import sqlite3

    while _ANGELEGT:
        pfad, kennung = _ANGELEGT.pop()
        for speicher in list(_SPEICHER):
            if speicher.pfad == pfad:
                speicher.schliessen()
        try:
            _entferne_wenn_leer_und_frei(pfad, kennung)
        except (OSError, sqlite3.Error):
            continue


def _entferne_wenn_leer_und_frei(pfad: Path, kennung: tuple[int, int] | None) -> None:
    import sqlite3

    if kennung is None or _inode(pfad) != kennung:
        return  # nicht mehr die Datei, die dieser Prozess angelegt hat
    conn = sqlite3.connect(str(pfad), timeout=0, isolation_level=None)
    try:
        # Die Sperre nie abgeben; BEGIN EXCLUSIVE scheitert sofort, wenn jemand verbunden ist
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        tabellen = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        daten = sum(
            conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in sorted(tabellen & {"spieler", "abende"})
        )
        conn.execute("COMMIT")
        if daten:
            return
        # WAL verlassen, ohne Journal-Datei: beim Schließen löscht SQLite dann nichts per Namen
        if conn.execute("PRAGMA journal_mode = MEMORY").fetchone()[0].lower() != "memory":
            return
        conn.execute("BEGIN EXCLUSIVE")
        if _inode(pfad) == kennung:
            for endung in ("", "-wal", "-shm", "-journal"):
                Path(str(pfad) + endung).unlink(missing_ok=True)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


def _uri_pfad(pfad: Path) -> str:
    from urllib.parse import quote

    return quote(str(pfad.absolute()))


def _nur_lesend(pfad: Path) -> sqlite3.Connection:
    """Lesend öffnen, ohne etwas anzulegen: ``mode=ro``; geht selbst das nicht (WAL-Datei in
    einem schreibgeschützten Verzeichnis: SQLite kann ``-shm`` nicht anlegen), ``immutable``."""
    import sqlite3

    letzter: sqlite3.Error | None = None
    for zusatz in ("mode=ro", "immutable=1"):
        try:
            conn = sqlite3.connect(
                f"file:{_uri_pfad(pfad)}?{zusatz}",
                uri=True,
                timeout=WARTEZEIT_MS / 1000,
                isolation_level=None,
            )
        except sqlite3.Error as exc:
            letzter = exc
            continue
        try:
            conn.execute(f"PRAGMA busy_timeout = {WARTEZEIT_MS}")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.Error as exc:
            conn.close()
            letzter = exc
    assert letzter is not None
    raise letzter


def _schreibgeschuetzt(exc: BaseException, pfad: Path) -> bool:
    """Sagt der Fehler nur, dass hier nicht geschrieben (oder nichts angelegt) werden darf – und
    ist die Datei oder ihr Verzeichnis wirklich schreibgeschützt? (Nur dann wird nur lesend
    geöffnet; ein vorübergehender Fehler unter Last bleibt ein Fehler.)"""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        passt = code & 0xFF in (3, 8, 14)  # SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN
    else:
        text = str(exc).lower()
        passt = "readonly" in text or "unable to open" in text
    ordner = pfad.parent if str(pfad.parent) else Path(".")
    return passt and not (os.access(pfad, os.W_OK) and os.access(ordner, os.W_OK))


def _entfernt(pfad: Path, datei: tuple[int, int] | None, versuche: int) -> bool:
    """Liegt unter ``pfad`` nicht mehr die Datei ``datei`` (entfernt oder ersetzt)? Dann True,
    solange noch ``versuche`` bleiben – danach ein ``SpeicherFehler`` statt einer Verbindung zu
    einer Datei, die niemand mehr findet."""
    if datei is not None and _inode(pfad) == datei:
        return False
    if versuche:
        return True
    raise SpeicherFehler(
        f"Die Datenbank {pfad} wurde beim Öffnen mehrmals von einem anderen Vorgang entfernt; "
        "nichts geschrieben – bitte wiederholen."
    )


def _geduldig(conn: sqlite3.Connection, sql: str) -> None:
    """``sql`` ausführen; ist die Datei gesperrt, nach ein bis zwölf Millisekunden erneut, bis
    ``WARTEZEIT_MS`` um ist – dann (oder bei jedem anderen Fehler) der ``OperationalError``."""
    import random
    import sqlite3
    import time

    frist = time.monotonic() + WARTEZEIT_MS / 1000
    while True:
        try:
            conn.execute(sql)
            return
        except sqlite3.OperationalError as exc:
            if not _gesperrt(exc) or time.monotonic() >= frist:
                raise
            time.sleep(random.uniform(0.002, 0.012))


def _gesperrt(exc: BaseException) -> bool:
    """Ist ``exc`` ein SQLITE_BUSY/SQLITE_LOCKED (auch erweiterte Codes)?"""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _beginne_schreiben(conn: sqlite3.Connection, pfad: Path) -> None:
    """``BEGIN IMMEDIATE``: die Schreibsperre holen, geduldig und fair.

    SQLites eingebaute Wartefunktion fragt nach einer Weile nur noch alle 100 ms nach; wer
    gerade geschrieben hat, schnappt sich die Sperre meist sofort wieder. Mehrere Terminals,
    die gleichzeitig viel eintragen, lassen so einen Prozess sekundenlang verhungern (unter
    Last mehr als die ganze Wartezeit – dann sah der Benutzer „database is locked“). Darum
    fragt jeder Versuch nur ``_VERSUCH_MS`` lang und der nächste folgt nach ein paar
    Millisekunden (``_geduldig``), bis ``WARTEZEIT_MS`` um sind; erst dann ein ``SpeicherFehler``.
    """
    import sqlite3

    conn.execute(f"PRAGMA busy_timeout = {_VERSUCH_MS}")
    try:
        _geduldig(conn, "BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise SpeicherFehler(
            f"Die Datenbank {pfad} ist gesperrt oder nicht beschreibbar ({exc}); "
            "nichts geschrieben – bitte wiederholen."
        ) from None
    finally:
        conn.execute(f"PRAGMA busy_timeout = {WARTEZEIT_MS}")
