"""Eine Sicherung des Buchs, auch während ``live`` oder ``turnier live`` schreibt.

Ein ``cp`` der Datei verliert, was noch in der ``-wal``-Datei steht (issue 35: 181 von 192
Spielen). Hier kopiert SQLites Online-Backup (``Connection.backup``) innerhalb einer
Lesetransaktion: die Kopie ist genau der Stand eines Augenblicks, mit allem, was bis dahin
festgeschrieben war – Schreiber warten nicht (WAL), und was sie danach schreiben, fehlt in
dieser Kopie ganz, nie halb. Dann wird die Kopie geprüft (``integrity_check``, je Tabelle
dieselbe Zahl Zeilen wie im Augenblick der Kopie), erst danach bekommt sie ihren Namen: eine
Sicherung, die scheitert, hinterlässt keine Datei. Die Kopie ist eine einzelne Datei
(Journal ``DELETE``, kein ``-wal``); ``referee --db KOPIE`` öffnet sie wie jedes Buch. Lesen
darf sie nur ihr Besitzer (0600): sie enthält die Geheimnisse der Schreib-Links.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import Eingabefehler, SpeicherFehler

if TYPE_CHECKING:
    import sqlite3

    from referee.store.verbindung import Buchverbindung


@dataclass(frozen=True)
class Gesichert:
    """Was eine Sicherung geschrieben hat: Datei, Größe, Schema, Prüfung, Zeilen je Tabelle."""

    datei: Path
    groesse: int
    schema: int
    integritaet: str
    tabellen: tuple[tuple[str, int], ...]


def _zaehle(conn: sqlite3.Connection) -> tuple[tuple[str, int], ...]:
    namen = [
        n
        for (n,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
    ]
    # die Namen kommen aus dem Schema der Datei selbst, nicht von außen
    return tuple((n, int(conn.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0])) for n in namen)


def sichern(verbindung: Buchverbindung, ziel: Path, ueberschreiben: bool = False) -> Gesichert:
    """Das Buch von ``verbindung`` nach ``ziel`` sichern und die Kopie prüfen (siehe oben).
    ``ziel`` gibt es schon: nur mit ``ueberschreiben``; das Buch selbst: nie."""
    import sqlite3
    import tempfile

    from referee.dateien import pruefe_ziel
    from referee.store.daten import KeineDaten

    ziel = Path(ziel)
    if not verbindung.existiert:
        raise KeineDaten(f"Noch keine Daten ({verbindung.pfad} gibt es nicht); nichts zu sichern.")
    if verbindung.dialekt.name != "sqlite":
        return _sichern_als_datei(verbindung, ziel, ueberschreiben)
    if ziel.exists() and os.path.samefile(ziel, verbindung.pfad):
        raise Eingabefehler(f"{ziel} ist das Buch selbst; bitte eine andere Datei nennen.")
    ordner = pruefe_ziel(ziel, ueberschreiben, "die Sicherung")
    fd, roh = tempfile.mkstemp(dir=ordner, prefix=f".{ziel.name}.", suffix=".tmp")
    os.close(fd)
    tmp = Path(roh)
    try:
        quelle = verbindung.zeiger()  # die sqlite3-Verbindung
        if quelle.in_transaction:  # nie mitten in einer schreibenden Einheit
            raise SpeicherFehler("Sicherung während einer Transaktion; nichts gesichert.")
        nach = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            quelle.execute("BEGIN")  # eine Lesetransaktion: Zählen und Kopie sehen denselben Stand
            try:
                vorher = _zaehle(quelle)
                schema = int(quelle.execute("PRAGMA user_version").fetchone()[0])
                quelle.backup(nach)
            finally:
                quelle.execute("COMMIT")
            nach.execute("PRAGMA journal_mode = DELETE")  # eine Datei, ohne -wal
        finally:
            nach.close()
        pruef = sqlite3.connect(f"{tmp.as_uri()}?mode=ro", uri=True)
        try:
            integritaet = str(pruef.execute("PRAGMA integrity_check").fetchone()[0])
            nachher = _zaehle(pruef)
            schema_kopie = int(pruef.execute("PRAGMA user_version").fetchone()[0])
        finally:
            pruef.close()
        if integritaet != "ok" or nachher != vorher or schema_kopie != schema:
            raise SpeicherFehler(
                f"Die Kopie nach {ziel} hält der Prüfung nicht stand (integrity_check: "
                f"{integritaet}; Zeilen {dict(nachher)} statt {dict(vorher)}); nichts gesichert."
            )
        groesse = tmp.stat().st_size
        _unter_namen(tmp, ziel, ueberschreiben)
    except sqlite3.Error as exc:
        raise SpeicherFehler(
            f"Sichern nach {ziel} fehlgeschlagen ({exc}); nichts gesichert."
        ) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return Gesichert(ziel, groesse, schema, integritaet, vorher)


def _unter_namen(tmp: Path, ziel: Path, ueberschreiben: bool) -> None:
    """Die geprüfte Kopie ``tmp`` unter ``ziel`` – ohne ``ueberschreiben`` nie über eine
    Datei, die inzwischen entstand (``os.link`` schlägt dann fehl)."""
    if ueberschreiben:
        os.replace(tmp, ziel)
        return
    try:
        os.link(tmp, ziel)
    except FileExistsError:
        raise Eingabefehler(
            f"Die Datei {ziel} gibt es schon; mit --force wird sie überschrieben."
        ) from None
    tmp.unlink()


def _sichern_als_datei(verbindung: Buchverbindung, ziel: Path, ueberschreiben: bool) -> Gesichert:
    """Ein Buch auf PostgreSQL als SQLite-Datei sichern: ``referee.store.umzug`` in eine neue
    Datei (aus einem Schnappschuss der Quelle, Schreiber warten nicht), dann geprüft wie oben –
    ``integrity_check`` und je Tabelle dieselbe Zahl Zeilen wie umgezogen –, erst dann unter
    ihrem Namen, nur für den Besitzer lesbar. (Den Server als Ganzes sichert ``pg_dump``.)"""
    import shutil
    import sqlite3
    import tempfile

    from referee.dateien import pruefe_ziel
    from referee.store.umzug import umziehen
    from referee.store.verbindung import Verbindung

    ordner = pruefe_ziel(ziel, ueberschreiben, "die Sicherung")
    arbeit = Path(tempfile.mkdtemp(dir=ordner, prefix=f".{ziel.name}."))
    tmp = (arbeit / "kopie.db").absolute()
    try:
        kopie = Verbindung(tmp)
        try:
            zeilen = umziehen(verbindung, kopie)
        finally:
            kopie.schliessen()
        pruef = sqlite3.connect(f"{tmp.as_uri()}?mode=ro", uri=True)
        try:
            pruef.execute("PRAGMA journal_mode").fetchone()
            integritaet = str(pruef.execute("PRAGMA integrity_check").fetchone()[0])
            nachher = _zaehle(pruef)
            schema = int(pruef.execute("PRAGMA user_version").fetchone()[0])
        finally:
            pruef.close()
        gezaehlt = dict(nachher)
        if integritaet != "ok" or any(gezaehlt.get(t) != n for t, n in zeilen.items()):
            raise SpeicherFehler(
                f"Die Kopie nach {ziel} hält der Prüfung nicht stand (integrity_check: "
                f"{integritaet}; Zeilen {gezaehlt} statt {zeilen}); nichts gesichert."
            )
        nach = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            nach.execute("PRAGMA journal_mode = DELETE")  # eine Datei, ohne -wal
        finally:
            nach.close()
        os.chmod(tmp, 0o600)  # sie enthält die Geheimnisse der Schreib-Links
        groesse = tmp.stat().st_size
        _unter_namen(tmp, ziel, ueberschreiben)
    except sqlite3.Error as exc:
        raise SpeicherFehler(
            f"Sichern nach {ziel} fehlgeschlagen ({exc}); nichts gesichert."
        ) from None
    finally:
        shutil.rmtree(arbeit, ignore_errors=True)
    return Gesichert(ziel, groesse, schema, integritaet, nachher)


__all__ = ["Gesichert", "sichern"]
