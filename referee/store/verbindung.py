"""Die eine Verbindung zu einer Buchdatei und ihr Transaktionshelfer – für beide Speicher.

``verbinde()`` ist die einzige Stelle, die eine Verbindung öffnet (``foreign_keys=ON``, WAL,
``busy_timeout``); ``Verbindung`` hält sie für einen Speicher (``Abendspeicher``,
``Turnierspeicher``): Lesen (``lies``), eine schreibende Einheit (``schreiben``: ``BEGIN
IMMEDIATE … COMMIT``, bei Fehlern ROLLBACK), das Schema auf den neuesten Stand bringen
(``sqlite_utils.Migrations``) und „gibt es schon Daten?“. Die Datei entsteht erst beim ersten
Schreiben; lesende Befehle legen nichts an. SQL über Tabellen steht in den Speichern, nicht hier.
Kommt PostgreSQL dazu, bekommt es hier eine zweite Verbindung mit denselben Zusagen.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import SpeicherFehler
from referee.store.datei import (
    _ANGELEGT,
    _GEPRUEFT,
    _SPEICHER,
    _beginne_schreiben,
    _entfernt,
    _geduldig,
    _inode,
    _kennung,
    _nur_lesend,
    _pruefe_kopf,
    _schreibgeschuetzt,
)
from referee.store.daten import (
    APPLICATION_ID,
    SCHEMA_AKTUELL,
    WARTEZEIT_MS,
    ErgebnisAus,
    KeineDaten,
    _jetzt,
)
from referee.store.dialekt import SQLITE, Dialekt
from referee.store.schema import migrationen, neues_buch_anlegen

if TYPE_CHECKING:
    import sqlite3


def verbinde(pfad: Path, *, _versuche: int = 3) -> sqlite3.Connection:
    """Die eine Stelle, an der eine Verbindung entsteht: Fremdschlüssel, Wartezeit, WAL.

    Vor dem Umschalten auf WAL wird geprüft, dass die Datei zu referee gehört und nicht von
    einer neueren Version stammt – sonst bleibt sie unverändert. Lässt sich eine vorhandene
    Datei nicht beschreiben (schreibgeschützte Datei oder schreibgeschütztes Verzeichnis),
    wird sie nur lesend geöffnet: Lesen geht, Schreiben endet mit ``SpeicherFehler``.

    Hat ein gescheiterter anderer Prozess die neue Datei entfernt, während hier verbunden wurde
    (``angelegte_leere_entfernen``), wird neu verbunden: nie in eine entfernte Datei schreiben.
    """
    import sqlite3

    neu = not pfad.exists()
    try:
        conn = sqlite3.connect(str(pfad), timeout=WARTEZEIT_MS / 1000, isolation_level=None)
    except sqlite3.Error as exc:
        if not neu and _schreibgeschuetzt(exc, pfad):
            conn = None
        else:
            raise SpeicherFehler(f"Die Datenbank {pfad} lässt sich nicht öffnen ({exc}).") from None
    # Die Datei, mit der diese Verbindung arbeitet (siehe angelegte_leere_entfernen)
    datei = _inode(pfad) if conn is not None else None
    if neu:
        _ANGELEGT.append((pfad, datei))
    try:
        if conn is not None:
            try:
                conn.execute(f"PRAGMA busy_timeout = {WARTEZEIT_MS}")
                conn.execute("PRAGMA foreign_keys = ON")
                _pruefe_schema(conn, pfad)
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    if _entfernt(pfad, datei, _versuche):
                        conn.close()  # ein anderer Prozess hat die neue Datei gerade entfernt
                        return verbinde(pfad, _versuche=_versuche - 1)
                    # Legen zwei Prozesse die Datei gleichzeitig an, wollen beide umschalten;
                    # SQLite wartet dabei nicht (sonst verklemmten sie sich): geduldig erneut
                    _geduldig(conn, "PRAGMA journal_mode = WAL")
                # Ab jetzt hält diese WAL-Verbindung eine geteilte Sperre: niemand entfernt die
                # Datei mehr. Wurde sie vorher entfernt, gilt die Verbindung einer toten Datei.
                conn.execute("PRAGMA user_version").fetchone()
                if _entfernt(pfad, datei, _versuche):
                    conn.close()
                    return verbinde(pfad, _versuche=_versuche - 1)
                kennung = _kennung(pfad)
                if kennung is not None:  # verbunden: nie mehr roh öffnen (siehe _GEPRUEFT)
                    _GEPRUEFT.add(kennung)
                return conn
            except sqlite3.OperationalError as exc:
                if neu or not _schreibgeschuetzt(exc, pfad):
                    raise
                conn.close()
        conn = _nur_lesend(pfad)
        conn.execute("PRAGMA foreign_keys = ON")
        _pruefe_schema(conn, pfad)
        return conn
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        if "not a database" in str(exc) or "malformed" in str(exc):
            raise SpeicherFehler(
                f"{pfad} ist keine lesbare SQLite-Datenbank ({exc}); die Datei bleibt unverändert."
            ) from None
        raise SpeicherFehler(f"Die Datenbank {pfad} lässt sich nicht benutzen ({exc}).") from None
    except BaseException:
        if conn is not None:
            conn.close()
        raise


def _pruefe_schema(conn: sqlite3.Connection, pfad: Path) -> int:
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    tabellen = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app not in (0, APPLICATION_ID) or (version == 0 and tabellen and app == 0):
        raise SpeicherFehler(
            f"{pfad} ist eine SQLite-Datenbank, aber nicht von referee; die Datei bleibt "
            "unverändert. Gib mit --db oder REFEREE_DB einen anderen Pfad an."
        )
    if version > SCHEMA_AKTUELL:
        raise SpeicherFehler(
            f"Die Datenbank {pfad} stammt von einer neueren referee-Version (Schema {version}, "
            f"diese Version kennt bis {SCHEMA_AKTUELL}). Bitte referee aktualisieren; die Datei "
            "bleibt unverändert."
        )
    return version


class Buchverbindung:
    """Was beide Datenbanken des Buchs gleich tun (SQLite: ``Verbindung``, PostgreSQL:
    ``referee.store.postgres.PgVerbindung``); die Speicher sehen nur diese Oberfläche:
    ``existiert``, ``version()``, ``datenversion()``, ``lies``, ``schreiben``, ``geheimnis``,
    ``integritaet``, ``schliessen`` und ``dialekt`` (``referee.store.dialekt``)."""

    pfad: Any
    dialekt: Dialekt = SQLITE

    @property
    def existiert(self) -> bool:
        raise NotImplementedError

    def version(self) -> int:
        raise NotImplementedError

    def datenversion(self) -> int:
        raise NotImplementedError

    def meldungen_fd(self) -> int | None:
        """Ein Dateideskriptor, der lesbar wird, sobald jemand anderes etwas festschreibt
        (PostgreSQL: die Verbindung, die ``LISTEN`` hört) – dann ``datenversion()`` fragen.
        SQLite hat keinen (``None``): dort fragt man ``data_version`` im Takt."""
        return None

    def schliessen(self) -> None:
        raise NotImplementedError

    def schreiben(self) -> contextlib.AbstractContextManager[Any]:
        raise NotImplementedError

    def lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def integritaet(self) -> str:
        raise NotImplementedError

    def lesend(self) -> contextlib.AbstractContextManager[None]:
        """Eine Lesetransaktion: alle Abfragen darin sehen denselben Stand des Buchs."""
        raise NotImplementedError

    def zeiger(self) -> Any:
        """Die Verbindung zum Lesen mit ``execute`` (``?`` als Platzhalter, ``description``),
        für Code, der wie auf ``sqlite3.Connection`` liest (``turnieraustausch``)."""
        raise NotImplementedError

    def braucht_daten(self) -> None:
        """Vor Schreibvorgängen, die vorhandene Daten brauchen: nie eine leere Datei anlegen."""
        if not self.existiert:
            raise KeineDaten(
                f"Noch keine Daten ({self.pfad} gibt es nicht). "
                "Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
            )

    def geheimnis(self, name: str) -> str:
        """Ein zufälliges Geheimnis des Buchs (256 Bit, hexadezimal) unter ``name`` – beim
        ersten Mal angelegt (eine Transaktion), danach immer dasselbe."""
        import secrets

        if self.existiert and self.version() >= 7:
            z = self.lies("SELECT wert FROM geheimnisse WHERE name = ?", [name])
            if z:
                return str(z[0][0])
        with self.schreiben() as conn:
            z2 = conn.execute("SELECT wert FROM geheimnisse WHERE name = ?", [name]).fetchone()
            if z2 is not None:
                return str(z2[0])
            wert = secrets.token_hex(32)
            conn.execute("INSERT INTO geheimnisse VALUES (?, ?, ?)", [name, wert, _jetzt()])
        return wert


class Verbindung(Buchverbindung):
    """Die Verbindung zu einer Buchdatei (``pfad``): lesen, schreiben in einer Transaktion,
    Schema. Ohne Datei liefert Lesen „leer“; die Datei entsteht beim ersten Schreiben.

    ``ergebnis_aus`` braucht nur die Migration alter Dateien (Schema 1 → 2 leitet Werte aus
    gespeicherten Ergebnissen ab)."""

    def __init__(self, pfad: Path, *, ergebnis_aus: ErgebnisAus | None = None) -> None:
        self.pfad = Path(pfad)
        self._ergebnis_aus = ergebnis_aus
        self._conn: Any = None
        self._tiefe = 0  # wie tief in einer schreibenden Einheit (``schreiben``)
        _SPEICHER.add(self)
        if _pruefe_kopf(self.pfad):
            self._conn = verbinde(self.pfad)
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                pass  # leere SQLite-Datei: wie „noch keine Daten“
            elif version < SCHEMA_AKTUELL:
                self._migriere()

    @property
    def existiert(self) -> bool:
        """Gibt es schon Daten (eine Datenbank mit Schema)?"""
        return self._conn is not None and self.version() > 0

    def datenversion(self) -> int:
        """``PRAGMA data_version``: ändert sich, sobald eine andere Verbindung etwas
        festschreibt (billig; für Live-Ansichten). Ohne Datei 0; entsteht die Datei später
        (ein anderer Prozess schreibt zuerst), wird dann verbunden."""
        if self._conn is None:
            if not _pruefe_kopf(self.pfad):
                return 0
            self._conn = verbinde(self.pfad)
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def version(self) -> int:
        """Die Schemaversion der Datei (``PRAGMA user_version``)."""
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    def schliessen(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __del__(self) -> None:
        """Wer den Speicher fallen lässt, ohne ihn zu schließen (``buch_oeffnen(db).stand()``),
        schließt ihn damit: die ``sqlite3.Connection`` hängt sonst in einem Zyklus (ihr
        Anweisungs-Cache) und bliebe offen bis zur nächsten Speicherbereinigung – in einer langen
        ``tisch``-Sitzung sammelten sich so offene Verbindungen an."""
        with contextlib.suppress(Exception):  # beim Beenden kann sqlite3 schon fort sein
            self.schliessen()

    def _migriere(self) -> None:
        """Fehlende Migrationen in einer BEGIN-IMMEDIATE-Transaktion anwenden."""
        from sqlite_utils import Database

        conn = self._conn
        db = Database(conn, execute_plugins=False, recursive_triggers=False)
        _beginne_schreiben(conn, self.pfad)
        try:
            # ein anderer Prozess kann schneller gewesen sein
            leer = (
                _pruefe_schema(conn, self.pfad) == 0
                and not conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
            )
            # ein neues Buch: das Ergebnis der Migrationen auf einmal (wenn es das Schema ist,
            # das hier erwartet wird); sonst Schritt für Schritt
            if not (leer and neues_buch_anlegen(conn, SCHEMA_AKTUELL)):
                migrationen(self._ergebnis_aus).apply(db)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @contextmanager
    def schreiben(self) -> Iterator[Any]:
        """Eine schreibende Einheit: BEGIN IMMEDIATE … COMMIT, bei Fehlern ROLLBACK.

        Legt die Datei beim ersten Schreiben an und bringt das Schema auf den neuesten Stand.

        Innerhalb einer Einheit dieser Verbindung ist eine weitere Einheit ein Teil von ihr:
        kein zweites BEGIN, kein eigenes COMMIT – ein Fehler darin hebt die ganze äußere
        Einheit auf. So kann das Buch lesen, rechnen und schreiben, während es die
        Schreibsperre hält (``Grund.einheit``): was es gelesen hat, ändert niemand, bevor es
        geschrieben ist (der Geber eines Turnierspiels und seine Nummer).
        """
        if self._tiefe:
            self._tiefe += 1
            try:
                yield self._conn
            finally:
                self._tiefe -= 1
            return
        if self._conn is None:
            self.pfad.parent.mkdir(parents=True, exist_ok=True)
            self._conn = verbinde(self.pfad)
        if self.version() < SCHEMA_AKTUELL:
            self._migriere()
        import sqlite3

        conn = self._conn
        _beginne_schreiben(conn, self.pfad)
        self._tiefe = 1
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.OperationalError):
                raise SpeicherFehler(
                    f"Schreiben in {self.pfad} fehlgeschlagen ({exc}); nichts geschrieben."
                ) from None
            raise
        finally:
            self._tiefe = 0

    def lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Die Zeilen einer lesenden Abfrage (ohne Datei: keine)."""
        if not self.existiert:
            return []
        return list(self._conn.execute(sql, tuple(params)).fetchall())

    def zeiger(self) -> Any:
        return self._conn

    @contextmanager
    def lesend(self) -> Iterator[None]:
        """Eine Lesetransaktion (``BEGIN`` … ``COMMIT``; im WAL ein Schnappschuss): alle
        Abfragen darin sehen denselben Stand, Schreiber warten nicht. Ohne Datei: nichts."""
        conn = self._conn
        if conn is None or conn.in_transaction:
            yield
            return
        conn.execute("BEGIN")
        try:
            yield
        finally:
            conn.execute("COMMIT")

    def integritaet(self) -> str:
        """``PRAGMA integrity_check`` (``"ok"`` wenn alles stimmt)."""
        z = self.lies("PRAGMA integrity_check")
        return z[0][0] if z else "ok"


__all__ = ["Buchverbindung", "Verbindung", "verbinde"]
