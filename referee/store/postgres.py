"""Das Buch auf PostgreSQL: dieselben Zusagen wie die SQLite-Datei (``referee.store.verbindung``).

Nur hier wird ``psycopg`` (psycopg 3, ``pip install "referee[postgres]"``) importiert – und nur,
wenn ``--db``/``REFEREE_DB`` eine ``postgresql://``-URL ist; der SQLite-Weg lädt nichts davon.

**Sperren und Isolation.** Jede schreibende Einheit (``schreiben``) läuft in *READ COMMITTED*
und holt als Erstes ``pg_advisory_xact_lock`` auf den Schlüssel des Buchs: ein Schreiber zur
Zeit je Buch, bis zum COMMIT/ROLLBACK – genau das, was SQLites ``BEGIN IMMEDIATE`` zusagt. Die
Speicher prüfen vor dem Schreiben in derselben Transaktion (Schlüssel schon benutzt? Abend noch
offen? noch die laufende Runde? nächste Nummer, nächste id); unter der Sperre sieht jede dieser
Prüfungen alles, was vorher festgeschrieben wurde (READ COMMITTED nimmt je Anweisung einen neuen
Schnappschuss), und niemand schreibt dazwischen. So gilt jede Invariante wie auf SQLite, ohne
dass der Code eine zweite Denkweise braucht. SERIALIZABLE wäre die Alternative: es bricht bei
Konflikten ab und verlangt, die ganze Einheit zu wiederholen – aber die Einheiten sind Python-
Code (``with schreiben() as conn: …``) mit Rückfragen und Ausnahmen dazwischen und lassen sich
nicht blind wiederholen. Schreibvorgänge dauern Millisekunden; 400 gleichzeitige Handys
(issue 37) reihen sich dahinter an, Lesen wartet nie (MVCC). Eine feinere Sperre (je Abend oder
Turnier) bringt erst etwas, wenn ein Buch viele gleichzeitige Turniere trägt.

**Änderungen melden.** Jede Schreib-Transaktion schickt vor dem COMMIT ``NOTIFY referee_buch``;
jede Verbindung hört mit ``LISTEN`` zu. ``datenversion()`` zählt die eingegangenen Meldungen
(ohne Rundreise zum Server) – für ``referee live`` dasselbe wie SQLites ``data_version``, nur
über Prozesse *und* Rechner.

**Das Passwort** der URL steht nie in einer Meldung: die ``PgAdresse`` ist die URL ohne es
(``referee.pfade``), und jeder Fehlertext des Servers wird vorher davon gesäubert.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from referee.errors import SpeicherFehler
from referee.pfade import PgAdresse
from referee.store import pg_schema
from referee.store.daten import SCHEMA_AKTUELL, ErgebnisAus
from referee.store.dialekt import POSTGRES
from referee.store.verbindung import Buchverbindung

#: so lange wartet der Verbindungsaufbau höchstens (wenn die URL nichts anderes sagt)
WARTEZEIT_S = 10
#: der Kanal für LISTEN/NOTIFY
KANAL = "referee_buch"
#: Schlüssel der Schreibsperre (``pg_advisory_xact_lock``): „REFR“ wie die application_id
SPERRE = 0x52454652

_INSERT = re.compile(r"\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


@lru_cache(maxsize=1024)
def uebersetze(sql: str) -> str:
    """Das SQL der Speicher (``?`` als Platzhalter) für psycopg: ``?`` → ``%s`` außerhalb von
    Zeichenketten, jedes ``%`` verdoppelt; ein ``INSERT`` in eine Tabelle mit id bekommt
    ``RETURNING id`` (statt SQLites ``lastrowid``). Die Werte bleiben Parameter."""
    aus = []
    zitat = ""
    for zeichen in sql:
        if zitat:
            if zeichen == zitat:
                zitat = ""
        elif zeichen in "'\"":
            zitat = zeichen
        elif zeichen == "?":
            aus.append("%s")
            continue
        aus.append("%%" if zeichen == "%" else zeichen)
    text = "".join(aus)
    treffer = _INSERT.match(text)
    if treffer and treffer.group(1) in pg_schema.MIT_ID and "RETURNING" not in text.upper():
        text += " RETURNING id"
    return text


def _gesaeubert(text: str, adresse: PgAdresse) -> str:
    passwort = adresse.passwort()
    if passwort:
        text = text.replace(passwort, "***")
    return " ".join(text.split())


class _Zeiger:
    """Ein Ergebnis wie ``sqlite3.Cursor``: ``fetchone``/``fetchall``/Iteration, ``rowcount``,
    ``lastrowid`` (aus ``RETURNING id``)."""

    def __init__(self, cur: Any, mit_id: bool) -> None:
        self._cur = cur
        self.rowcount: int = cur.rowcount
        self.description: Any = cur.description
        self.lastrowid: int | None = None
        if mit_id:
            self.lastrowid = int(cur.fetchone()[0])

    def fetchone(self) -> Any:
        return self._cur.fetchone()

    def fetchall(self) -> list[Any]:
        return list(self._cur.fetchall())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._cur)


class PgConn:
    """Die Verbindung innerhalb einer Schreib-Transaktion, mit der Oberfläche, die die Speicher
    von ``sqlite3.Connection`` benutzen (``execute``, ``executemany``)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Iterable[Any] = ()) -> _Zeiger:
        text = uebersetze(sql)
        cur = self._conn.execute(text, tuple(params))
        return _Zeiger(cur, text.endswith(" RETURNING id"))

    def executemany(self, sql: str, zeilen: Iterable[Sequence[Any]]) -> None:
        text = uebersetze(sql)
        if text.endswith(" RETURNING id"):
            text = text.removesuffix(" RETURNING id")
        with self._conn.cursor() as cur:
            cur.executemany(text, [tuple(z) for z in zeilen])


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise SpeicherFehler(
            "Für ein Buch auf PostgreSQL fehlt psycopg: pip install 'referee[postgres]'."
        ) from None
    return psycopg


def _ganzzahl_laden(conn: Any) -> None:
    """``SUM`` über ``bigint`` liefert in PostgreSQL ``numeric``; die Summen des Buchs sind
    ganze Zahlen (Cent, Punkte) – als ``int`` laden wie SQLite, nicht als ``Decimal``."""
    from decimal import Decimal

    from psycopg.adapt import Loader

    class _Ganz(Loader):
        def load(self, data: Any) -> int | Decimal:
            text = bytes(data).decode()
            return int(text) if text.lstrip("-").isdigit() else Decimal(text)

    conn.adapters.register_loader("numeric", _Ganz)


def verbinde_pg(adresse: PgAdresse) -> Any:
    """Eine Verbindung (autocommit: jede lesende Anweisung für sich; geschrieben wird in
    ``PgVerbindung.schreiben`` mit expliziter Transaktion), die ``LISTEN`` hört."""
    psycopg = _psycopg()
    extra: dict[str, Any] = {}
    if adresse.passwort() is not None:
        extra["password"] = adresse.passwort()
    if "connect_timeout" not in adresse:  # ein Rechner, der nicht antwortet: nicht ewig warten
        extra["connect_timeout"] = WARTEZEIT_S
    try:
        conn = psycopg.connect(str(adresse), autocommit=True, application_name="referee", **extra)
    except psycopg.Error as exc:
        raise SpeicherFehler(
            f"Die Datenbank {adresse} ist nicht erreichbar ({_gesaeubert(str(exc), adresse)})."
        ) from None
    _ganzzahl_laden(conn)
    conn.execute(f"LISTEN {KANAL}")
    return conn


class PgVerbindung(Buchverbindung):
    """Das Buch in einer PostgreSQL-Datenbank: dieselbe Oberfläche wie ``Verbindung``."""

    dialekt = POSTGRES

    def __init__(self, adresse: PgAdresse, *, ergebnis_aus: ErgebnisAus | None = None) -> None:
        self.pfad = adresse
        self._ergebnis_aus = ergebnis_aus
        self._conn: Any = verbinde_pg(adresse)
        self._version = 0
        self._meldungen = 1
        self._tiefe = 0  # wie tief in einer schreibenden Einheit (``schreiben``)
        self._pruefe_schema()

    def _fehler(self, exc: BaseException, was: str) -> SpeicherFehler:
        return SpeicherFehler(
            f"{was} {self.pfad} fehlgeschlagen ({_gesaeubert(str(exc), self.pfad)}); "
            "nichts geschrieben – bitte wiederholen."
        )

    def _pruefe_schema(self) -> int:
        v = self.version()
        if v > SCHEMA_AKTUELL:
            raise SpeicherFehler(
                f"Die Datenbank {self.pfad} stammt von einer neueren referee-Version (Schema {v}, "
                f"diese Version kennt bis {SCHEMA_AKTUELL}). Bitte referee aktualisieren; die "
                "Datenbank bleibt unverändert."
            )
        if 0 < v < SCHEMA_AKTUELL:
            raise SpeicherFehler(
                f"Die Datenbank {self.pfad} hat Schema {v}; diese Version braucht "
                f"{SCHEMA_AKTUELL}. Auf PostgreSQL gibt es noch keine Migration: das Buch mit "
                "referee umziehen in eine leere Datenbank bringen."
            )
        return v

    @property
    def existiert(self) -> bool:
        return self.version() > 0

    def version(self) -> int:
        """Die Schemaversion (``referee_schema``); 0 ohne Schema (noch keine Daten)."""
        if self._version >= SCHEMA_AKTUELL:
            return self._version  # höher wird sie in diesem Prozess nicht mehr
        psycopg = _psycopg()
        try:
            da = self._conn.execute("SELECT to_regclass('referee_schema')").fetchone()[0]
            if da is None:
                if self._conn.execute("SELECT to_regclass('spieler')").fetchone()[0]:
                    raise SpeicherFehler(
                        f"{self.pfad} enthält Tabellen, ist aber kein Buch von referee; sie "
                        "bleiben unverändert. Gib mit --db oder REFEREE_DB ein anderes an."
                    )
                return 0
            self._version = int(
                self._conn.execute("SELECT max(version) FROM referee_schema").fetchone()[0] or 0
            )
        except psycopg.Error as exc:
            raise self._fehler(exc, "Lesen aus") from None
        return self._version

    def datenversion(self) -> int:
        """Zählt die ``NOTIFY`` aller Schreiber dieses Buchs (auch auf anderen Rechnern):
        ändert sich, sobald jemand etwas festschreibt – ohne Rundreise zum Server. (Meldungen,
        die während einer anderen Abfrage ankamen, hebt psycopg auf; ``notifies`` liefert sie
        mit.)"""
        psycopg = _psycopg()
        try:
            for _ in self._conn.notifies(timeout=0):
                self._meldungen += 1
        except psycopg.Error as exc:
            raise self._fehler(exc, "Lesen aus") from None
        return self._meldungen

    def meldungen_fd(self) -> int | None:
        return None if self._conn is None else int(self._conn.fileno())

    def schliessen(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __del__(self) -> None:
        import contextlib

        with contextlib.suppress(Exception):
            self.schliessen()

    @contextmanager
    def schreiben(self) -> Iterator[Any]:
        """Eine schreibende Einheit: BEGIN, die Schreibsperre des Buchs, bei Bedarf das Schema
        (in derselben Transaktion: scheitert der Befehl, bleibt auch kein leeres Schema),
        ``NOTIFY``, COMMIT – bei Fehlern ROLLBACK. Eine Einheit in einer Einheit ist ein Teil
        von ihr (wie bei SQLite: kein zweites BEGIN, ein Fehler hebt die äußere auf)."""
        if self._tiefe:
            self._tiefe += 1
            try:
                yield PgConn(self._conn)
            finally:
                self._tiefe -= 1
            return
        psycopg = _psycopg()
        conn = self._conn
        angelegt = False
        self._tiefe = 1
        try:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", [SPERRE])
                if self.version() == 0:  # unter der Sperre: kein anderer legt es gerade an
                    conn.execute(pg_schema.ddl())
                    angelegt = True
                yield PgConn(conn)
                conn.execute(f"NOTIFY {KANAL}")
        except psycopg.OperationalError as exc:
            if angelegt:
                self._version = 0
            raise self._fehler(exc, "Schreiben in") from None
        except BaseException:
            if angelegt:
                self._version = 0  # mit dem ROLLBACK ist auch das Schema wieder fort
            raise
        finally:
            self._tiefe = 0

    def zeiger(self) -> PgConn:
        return PgConn(self._conn)

    @contextmanager
    def lesend(self) -> Iterator[None]:
        """Eine Lesetransaktion (REPEATABLE READ, nur lesend): alle Abfragen darin sehen
        denselben Stand, auch wenn andere gerade schreiben (für Umzug und Sicherung)."""
        with self._conn.transaction():
            self._conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield

    def lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        if not self.existiert:
            return []
        psycopg = _psycopg()
        try:
            return list(self._conn.execute(uebersetze(sql), tuple(params)).fetchall())
        except psycopg.OperationalError as exc:
            raise self._fehler(exc, "Lesen aus") from None

    def integritaet(self) -> str:
        """PostgreSQL hält Fremdschlüssel und Seiten selbst heil; geprüft wird, dass jede
        Tabelle des Schemas da und lesbar ist (``"ok"``), sonst was fehlt."""
        fehlt = [
            t
            for t in pg_schema.TABELLEN
            if self._conn.execute("SELECT to_regclass(%s)", [t]).fetchone()[0] is None
        ]
        return "ok" if not fehlt else "fehlende Tabellen: " + ", ".join(fehlt)


__all__ = ["KANAL", "SPERRE", "PgConn", "PgVerbindung", "uebersetze", "verbinde_pg"]
