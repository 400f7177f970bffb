"""Das Buch der Spielabende: eine SQLite-Datenbank (sqlite-utils), nur anhängend.

Der Speicher kennt keine Spielregeln: er legt ab, was ``referee.buch`` ihm gibt – je Eintrag
das Ergebnis als JSON (``Ergebnis.als_json()`` des Spiels) und die summierbaren Werte
(``Ergebnis.werte()``: ``{groesse: {name: wert}}``, z. B. ``cent``, ``siegpunkte``,
``platz1``, ``sieg``, ``partien``) – und fragt sie ab. Benutzt wird er über ``referee.buch``;
die Methoden hier sind dessen Unterbau::

    store = oeffne(pfad, werte_aus=...)  # Pfad: oeffne(pfad) > $REFEREE_DB > Benutzer-Datenverz.
    store.existiert                      # gibt es schon Daten? (Lesen legt nie eine Datei an)
    store.datenversion()                 # PRAGMA data_version: ändert sich bei fremden Commits
    store.abend(None | id), store.aktueller_abend(), store.abende(), store.abende_waehlen(…)
    store.abend_neu([...], ort=…, datum=…, tarif={…}, hausregeln={…}, neu=(), geber=None)
    store.abend_beenden(None | id)
    e = store.eintragen(spiel, ergebnis_json, eingabe, werte={…}, abend_id=None)
    store.korrektur(17, ergebnis_json, eingabe, werte={…})   # Korrektur-Eintrag ersetzt 17
    store.rueckgaengig(eintrag_id=None)  # Storno des letzten geltenden Eintrags (oder von id)
    store.eintrag(17), store.eintraege(abend_id, alle=False, spiel=None)
    store.spielreihenfolge(3)            # {korrektur_id: original_id}: Korrektur am Platz des Originals
    store.summen(abend_id), store.partien_je_spiel(abend_id)    # Summen je spiel/groesse/name
    store.werte_in_spielfolge(3, "schafkopf", "cent")        # Werte je Eintrag in Spielfolge
    store.export(abend_id) / store.importieren(daten)   # JSON-Rundreise (nur in leere Datei)

Fehler: ``Eingabefehler`` (Exit 2: unbekannter Spieler, unbrauchbares Ergebnis),
``Zustandsfehler`` (Exit 2: kein offener Abend, Abend beendet, schon storniert, Datei nicht
leer), ``KeineDaten`` (ein ``Zustandsfehler``: nichts Passendes da), ``SpeicherFehler``
(Exit 2: keine/fremde/neuere Datenbank, Sperre). Bei jedem Fehler bleibt die Datei
unverändert (alles in einer Transaktion, Prüfungen vor dem Schreiben).

Summen werden nie gespeichert, immer aus den geltenden Werten abgeleitet (ein indiziertes
SQL-Aggregat). Einträge werden nie geändert oder gelöscht (Trigger verbieten es): ein Storno
(``art = 'storno'``) oder eine Korrektur (``art = 'korrektur'``) verweist mit ``bezug`` auf
den Eintrag, den es aufhebt; ein Trigger setzt dabei das abgeleitete Merkmal ``gilt`` des
alten Eintrags und seiner Werte auf 0. Wird eine Korrektur storniert, gilt das Ersetzte
wieder (Schema 3).

Verbindung: ``verbinde()`` ist die einzige Stelle, die eine Verbindung öffnet
(``foreign_keys=ON``, WAL, ``busy_timeout``); jede schreibende Einheit läuft in
``BEGIN IMMEDIATE … COMMIT`` (``Store._schreiben``), bei Fehlern ROLLBACK. Die Datei entsteht
erst beim ersten Schreiben; lesende Befehle legen nichts an. Schemaversionen mit
``sqlite_utils.Migrations`` (``PRAGMA user_version`` = Zahl der angewandten Migrationen).
Die Migration auf Schema 2 leitet Werte aus alten Ergebnissen ab: dafür bekommt der Store
``werte_aus`` (``referee.buch`` gibt die Ableitung der Spiele mit). sqlite3 und sqlite-utils
werden erst in den Funktionen importiert (Startzeit der CLI).
"""

from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from referee.ergebnis import SPIELE, Werte
from referee.errors import Eingabefehler, SpeicherFehler, Zustandsfehler
from referee.namen import namensschluessel, pruefe_name
from referee.namen import vorschlag as _meintest_du
from referee.pfade import db_pfad
from referee.zahlen import pruefe_bereich

#: ``werte_aus(spiel, ergebnis_json) -> {groesse: {name: wert}}`` (von ``referee.buch``)
WerteAus = Callable[[str, dict], Werte]

ARTEN = ("spiel", "storno", "korrektur")
#: Ereignisse eines Abends (Schema 4): Hausregel geändert, bezahlt, beendet, wieder geöffnet,
#: und der Storno eines Ereignisses
EREIGNIS_ARTEN = ("regel", "bezahlt", "ende", "wieder", "storno")
SCHEMA_AKTUELL = 4
APPLICATION_ID = 0x52454652  # "REFR"
WARTEZEIT_MS = 30_000  # so lange wartet ein Befehl höchstens auf Sperren (Lesen und Schreiben)
_VERSUCH_MS = 5  # Schreibsperre: SQLite wartet je Versuch nur so kurz, dann neuer Versuch
EXPORT_FORMAT = "referee-export"
_KOPF = b"SQLite format 3\x00"


class KeineDaten(Zustandsfehler):
    """Es gibt (noch) keine Datenbank oder nichts Passendes darin (Exit-Code 2, „zustand“)."""


# --------------------------------------------------------------------------- Datentypen


@dataclass(frozen=True)
class Spieler:
    """Ein Spieler, wie er gespeichert ist."""

    id: int
    name: str


@dataclass(frozen=True)
class Abend:
    """Ein Spielabend: Datum, Ort, Spieler in Sitzordnung, Tarif und Hausregeln."""

    id: int
    datum: str
    ort: str | None
    spieler: tuple[str, ...]  # Sitzordnung (im Uhrzeigersinn)
    tarif: dict = field(hash=False)
    hausregeln: dict = field(hash=False)
    offen: bool
    begonnen: str
    beendet: str | None
    geber_start: int  # Index in ``spieler`` des ersten Gebers

    def als_json(self) -> dict:
        return {
            "id": self.id,
            "datum": self.datum,
            "ort": self.ort,
            "spieler": list(self.spieler),
            "tarif": self.tarif,
            "hausregeln": self.hausregeln,
            "offen": self.offen,
            "begonnen": self.begonnen,
            "beendet": self.beendet,
            "geber_start": self.geber_start,
        }


@dataclass(frozen=True)
class Eintrag:
    """Ein Eintrag im Buch: ein Spiel, ein Storno oder eine Korrektur (``art``, ``bezug``)."""

    id: int
    abend_id: int
    nr: int
    zeit: str
    spiel: str
    art: str
    bezug: int | None
    eingabe: dict = field(hash=False)
    ergebnis: dict = field(hash=False)
    gilt: bool = True

    def als_json(self) -> dict:
        return {
            "id": self.id,
            "abend": self.abend_id,
            "nr": self.nr,
            "zeit": self.zeit,
            "spiel": self.spiel,
            "art": self.art,
            "bezug": self.bezug,
            "gilt": self.gilt,
            "eingabe": self.eingabe,
            "ergebnis": self.ergebnis,
        }


@dataclass(frozen=True)
class Ereignis:
    """Ein Ereignis eines Abends (Schema 4), nur anhängend wie die Einträge: eine Hausregel
    gilt ab jetzt (``regel``), die Überweisungen sind bezahlt (``bezahlt``), der Abend ist
    beendet (``ende``) oder wieder geöffnet (``wieder``); ``storno`` hebt ``bezug`` auf.

    ``nach_eintrag``: die höchste Eintrags-id beim Schreiben – ein Eintrag mit größerer id
    kam danach (so ordnen sich Einträge und Ereignisse für ``rueckgaengig``)."""

    id: int
    abend_id: int
    zeit: str
    art: str
    bezug: int | None
    nach_eintrag: int
    daten: dict = field(hash=False)
    gilt: bool = True

    def als_json(self) -> dict:
        return {
            "id": self.id,
            "abend": self.abend_id,
            "zeit": self.zeit,
            "art": self.art,
            "bezug": self.bezug,
            "nach_eintrag": self.nach_eintrag,
            "gilt": self.gilt,
            "daten": self.daten,
        }


def aufgehoben_durch(eintraege: Iterable[Eintrag]) -> dict[int, Eintrag]:
    """Für jeden nicht (mehr) geltenden Eintrag unter ``eintraege`` (``eintraege(…, alle=True)``)
    der Storno oder die Korrektur, die ihn aufhebt: der jüngste Bezug. Eine stornierte Korrektur
    macht das Original wieder gültig – es steht dann nicht in der Antwort."""
    eintraege = list(eintraege)
    letzter = {e.bezug: e for e in eintraege if e.bezug is not None}
    gilt = {e.id: e.gilt for e in eintraege}
    return {i: e for i, e in letzter.items() if not gilt.get(i, True)}


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


#: Datenbankdateien, die dieser Prozess neu angelegt hat, mit (Gerät, Inode) der angelegten
#: Datei (``angelegte_leere_entfernen``).
_ANGELEGT: list[tuple[Path, tuple[int, int] | None]] = []
#: Die Speicher dieses Prozesses (schwach gehalten): vor dem Entfernen einer angelegten Datei
#: werden ihre Verbindungen geschlossen – sonst löschte SQLite beim späteren Schließen eine
#: ``-wal``-Datei gleichen Namens, die inzwischen zu einer neuen Datei gehören kann.
_SPEICHER: weakref.WeakSet[Store] = weakref.WeakSet()


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


def _nur_lesend(pfad: Path):
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


def _schreibgeschuetzt(exc, pfad: Path) -> bool:
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


def verbinde(pfad: Path, *, _versuche: int = 3):
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


def _geduldig(conn, sql: str) -> None:
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


def _gesperrt(exc) -> bool:
    """Ist ``exc`` ein SQLITE_BUSY/SQLITE_LOCKED (auch erweiterte Codes)?"""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _beginne_schreiben(conn, pfad: Path) -> None:
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


def _pruefe_schema(conn, pfad: Path) -> int:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
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


# --------------------------------------------------------------------------- Migrationen


def migrationen(werte_aus: WerteAus | None = None):
    """Die Schemaversionen als ``sqlite_utils.Migrations`` (erst beim Aufruf importiert).

    ``werte_aus`` leitet bei der Migration auf Schema 2 die Werte alter Einträge ab (die
    Spiele kennt nur ``referee.buch``); ohne sie lässt sich eine Datei mit Einträgen im
    Schema 1 nicht aktualisieren."""
    from sqlite_utils import Migrations

    m = Migrations("referee")

    @m(name="v1_grundschema")
    def v1(db):
        db["spieler"].create(
            {"id": int, "name": str, "schluessel": str, "angelegt": str},
            pk="id",
            not_null={"name", "schluessel", "angelegt"},
        )
        db["spieler"].create_index(["schluessel"], unique=True)
        db["abende"].create(
            {
                "id": int,
                "datum": str,
                "ort": str,
                "tarif": str,
                "hausregeln": str,
                "offen": int,
                "begonnen": str,
                "beendet": str,
            },
            pk="id",
            not_null={"datum", "tarif", "hausregeln", "offen", "begonnen"},
        )
        db["abend_spieler"].create(
            {"abend_id": int, "spieler_id": int, "platz": int},
            pk=("abend_id", "spieler_id"),
            not_null={"platz"},
            foreign_keys=[("abend_id", "abende", "id"), ("spieler_id", "spieler", "id")],
        )
        db["eintraege"].create(
            {
                "id": int,
                "abend_id": int,
                "zeit": str,
                "spiel": str,
                "art": str,
                "bezug": int,
                "eingabe": str,
                "ergebnis": str,
            },
            pk="id",
            not_null={"abend_id", "zeit", "spiel", "art", "eingabe", "ergebnis"},
            foreign_keys=[("abend_id", "abende", "id"), ("bezug", "eintraege", "id")],
        )
        db["eintraege"].create_index(["abend_id"])
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")

    @m(name="v2_werte_geber_nur_anhaengen")
    def v2(db):
        # Sitzordnung/Geber, laufende Nummer je Abend, abgeleitetes „gilt“
        db["abende"].add_column("geber_start", int, not_null_default=0)
        db["eintraege"].add_column("nr", int, not_null_default=0)
        db["eintraege"].add_column("gilt", int, not_null_default=1)
        db.execute(
            "UPDATE eintraege SET nr = (SELECT count(*) FROM eintraege e2 "
            "WHERE e2.abend_id = eintraege.abend_id AND e2.id <= eintraege.id)"
        )
        db.execute(
            "UPDATE eintraege SET gilt = 0 WHERE art = 'storno' "
            "OR id IN (SELECT bezug FROM eintraege WHERE bezug IS NOT NULL)"
        )
        db["eintraege"].create_index(["abend_id", "nr"], unique=True)
        db["eintraege"].create_index(["gilt", "spiel"])
        db.execute(
            "CREATE UNIQUE INDEX eintraege_bezug_einmal ON eintraege(bezug) WHERE bezug IS NOT NULL"
        )
        db["werte"].create(
            {
                "eintrag_id": int,
                "abend_id": int,
                "spieler_id": int,
                "spiel": str,
                "groesse": str,
                "wert": int,
                "gilt": int,
            },
            not_null={"eintrag_id", "abend_id", "spieler_id", "spiel", "groesse", "wert", "gilt"},
            foreign_keys=[
                ("eintrag_id", "eintraege", "id"),
                ("abend_id", "abende", "id"),
                ("spieler_id", "spieler", "id"),
            ],
        )
        db["werte"].create_index(["eintrag_id"])
        db["werte"].create_index(
            ["gilt", "spiel", "groesse", "spieler_id", "wert"], index_name="werte_stand_gesamt"
        )
        db["werte"].create_index(
            ["abend_id", "gilt", "spiel", "groesse", "spieler_id", "wert"],
            index_name="werte_stand_abend",
        )
        # Werte der vorhandenen Einträge aus ihren Ergebnissen nachtragen
        ids = {namensschluessel(r[1]): r[0] for r in db.execute("SELECT id, name FROM spieler")}
        alte = db.execute(
            "SELECT id, abend_id, spiel, ergebnis, gilt FROM eintraege WHERE art != 'storno'"
        ).fetchall()
        if alte and werte_aus is None:
            raise SpeicherFehler(
                "Die Datenbank hat Einträge im Schema 1; zum Aktualisieren über referee.buch öffnen."
            )
        for eid, abend_id, spiel, ergebnis, gilt in alte:
            assert werte_aus is not None
            for groesse, je in werte_aus(spiel, json.loads(ergebnis)).items():
                for name, wert in je.items():
                    db.execute(
                        "INSERT INTO werte VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [eid, abend_id, ids[namensschluessel(name)], spiel, groesse, wert, gilt],
                    )
        # nur anhängen: Einträge nie löschen oder ändern; Storno/Korrektur heben auf
        db.execute(
            "CREATE TRIGGER eintraege_nie_loeschen BEFORE DELETE ON eintraege BEGIN "
            "SELECT RAISE(ABORT, 'Einträge werden nie gelöscht, nur storniert.'); END"
        )
        db.execute(
            "CREATE TRIGGER eintraege_unveraenderlich BEFORE UPDATE OF id, abend_id, nr, zeit, "
            "spiel, art, bezug, eingabe, ergebnis ON eintraege BEGIN "
            "SELECT RAISE(ABORT, 'Einträge sind unveränderlich; Korrektur statt Änderung.'); END"
        )
        db.execute(
            "CREATE TRIGGER werte_unveraenderlich BEFORE UPDATE OF eintrag_id, abend_id, "
            "spieler_id, spiel, groesse, wert ON werte BEGIN "
            "SELECT RAISE(ABORT, 'Werte sind unveränderlich.'); END"
        )
        db.execute(
            "CREATE TRIGGER werte_nie_loeschen BEFORE DELETE ON werte BEGIN "
            "SELECT RAISE(ABORT, 'Werte werden nie gelöscht.'); END"
        )
        db.execute(
            "CREATE TRIGGER eintraege_aufheben AFTER INSERT ON eintraege "
            "WHEN NEW.bezug IS NOT NULL BEGIN "
            "UPDATE eintraege SET gilt = 0 WHERE id = NEW.bezug; "
            "UPDATE werte SET gilt = 0 WHERE eintrag_id = NEW.bezug; END"
        )
        db.execute("PRAGMA user_version = 2")

    @m(name="v3_storno_einer_korrektur")
    def v3(db):
        # Storno einer Korrektur: das ersetzte Eintrag gilt wieder („rueckgaengig“ nach
        # „korrektur“ stellt das Original her). Danach darf ein Eintrag mehrfach Bezug sein
        # (erste Korrektur storniert, dann neu korrigiert); doppelte Aufhebung verhindert
        # ``Store._aufhebbar`` innerhalb derselben BEGIN-IMMEDIATE-Transaktion.
        db.execute("DROP INDEX eintraege_bezug_einmal")
        db["eintraege"].create_index(["bezug"], index_name="eintraege_bezug")
        db.execute("DROP TRIGGER eintraege_aufheben")
        db.execute(
            "CREATE TRIGGER eintraege_aufheben AFTER INSERT ON eintraege "
            "WHEN NEW.bezug IS NOT NULL BEGIN "
            "UPDATE eintraege SET gilt = 0 WHERE id = NEW.bezug; "
            "UPDATE werte SET gilt = 0 WHERE eintrag_id = NEW.bezug; "
            "UPDATE eintraege SET gilt = 1 WHERE NEW.art = 'storno' AND id = "
            "(SELECT bezug FROM eintraege WHERE id = NEW.bezug AND art = 'korrektur'); "
            "UPDATE werte SET gilt = 1 WHERE NEW.art = 'storno' AND eintrag_id = "
            "(SELECT bezug FROM eintraege WHERE id = NEW.bezug AND art = 'korrektur'); END"
        )
        # vorhandene Stornos von Korrekturen nachziehen (in Reihenfolge, wie der Trigger)
        for (korrektur,) in db.execute(
            "SELECT s.bezug FROM eintraege s JOIN eintraege k ON k.id = s.bezug "
            "WHERE s.art = 'storno' AND k.art = 'korrektur' ORDER BY s.id"
        ).fetchall():
            original = db.execute(
                "SELECT bezug FROM eintraege WHERE id = ?", [korrektur]
            ).fetchone()[0]
            db.execute("UPDATE eintraege SET gilt = 1 WHERE id = ?", [original])
            db.execute("UPDATE werte SET gilt = 1 WHERE eintrag_id = ?", [original])
        db.execute("PRAGMA user_version = 3")

    @m(name="v4_abend_ereignisse")
    def v4(db):
        # Ereignisse eines Abends, nur anhängend: Hausregel ab jetzt, bezahlt, beendet,
        # wieder geöffnet; ein Storno hebt ein Ereignis auf (Trigger setzt „gilt“).
        db["ereignisse"].create(
            {
                "id": int,
                "abend_id": int,
                "zeit": str,
                "art": str,
                "bezug": int,
                "nach_eintrag": int,
                "daten": str,
                "gilt": int,
            },
            pk="id",
            not_null={"abend_id", "zeit", "art", "nach_eintrag", "daten", "gilt"},
            foreign_keys=[("abend_id", "abende", "id"), ("bezug", "ereignisse", "id")],
        )
        db["ereignisse"].create_index(["abend_id", "art", "gilt"])
        db.execute(
            "CREATE TRIGGER ereignisse_nie_loeschen BEFORE DELETE ON ereignisse BEGIN "
            "SELECT RAISE(ABORT, 'Ereignisse werden nie gelöscht, nur storniert.'); END"
        )
        db.execute(
            "CREATE TRIGGER ereignisse_unveraenderlich BEFORE UPDATE OF id, abend_id, zeit, art, "
            "bezug, nach_eintrag, daten ON ereignisse BEGIN "
            "SELECT RAISE(ABORT, 'Ereignisse sind unveränderlich; Storno statt Änderung.'); END"
        )
        db.execute(
            "CREATE TRIGGER ereignisse_aufheben AFTER INSERT ON ereignisse "
            "WHEN NEW.bezug IS NOT NULL BEGIN "
            "UPDATE ereignisse SET gilt = 0 WHERE id = NEW.bezug; END"
        )
        # schon beendete Abende: ihr Ende als Ereignis nachtragen (Verlauf vollständig)
        for abend_id, beendet in db.execute(
            "SELECT id, beendet FROM abende WHERE offen = 0 ORDER BY id"
        ).fetchall():
            nach = db.execute(
                "SELECT COALESCE(MAX(id), 0) FROM eintraege WHERE abend_id = ?", [abend_id]
            ).fetchone()[0]
            db.execute(
                "INSERT INTO ereignisse (abend_id, zeit, art, bezug, nach_eintrag, daten, gilt) "
                "VALUES (?, ?, 'ende', NULL, ?, '{}', 1)",
                [abend_id, beendet or "", nach],
            )
        db.execute("PRAGMA user_version = 4")

    return m


# --------------------------------------------------------------------------- Store


def oeffne(pfad: str | os.PathLike | None = None, *, werte_aus: WerteAus | None = None) -> Store:
    """Den Store öffnen. Legt nichts an: die Datei entsteht beim ersten Schreiben.

    ``werte_aus`` (``referee.buch``) leitet Werte aus gespeicherten Ergebnissen ab: für die
    Migration alter Dateien und für ``eintragen`` ohne ``werte``.

    Wirft ``SpeicherFehler``, wenn am Pfad keine (referee-)SQLite-Datenbank liegt oder sie
    von einer neueren Version stammt – die Datei bleibt dann unverändert.
    """
    return Store(db_pfad(pfad), werte_aus=werte_aus)


def _bedingungen(alle: bool, **gleich: Any) -> tuple[str, list[Any]]:
    """``" WHERE abend_id = ? AND gilt = 1 …"`` und die Parameter: jede Spalte aus ``gleich``,
    die nicht None ist, muss gleich sein; ohne ``alle`` nur Geltendes."""
    bed = [f"{spalte} = ?" for spalte, wert in gleich.items() if wert is not None]
    par = [wert for wert in gleich.values() if wert is not None]
    if not alle:
        bed.append("gilt = 1")
    return (" WHERE " + " AND ".join(bed) if bed else ""), par


def _jetzt() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


class Store:
    """Zugriff auf eine Datenbankdatei. Lesen ohne Datei liefert „leer“."""

    def __init__(self, pfad: Path, *, werte_aus: WerteAus | None = None) -> None:
        self.pfad = Path(pfad)
        self._werte_aus = werte_aus
        self._conn: Any = None
        _SPEICHER.add(self)
        if _pruefe_kopf(self.pfad):
            self._conn = verbinde(self.pfad)
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                pass  # leere SQLite-Datei: wie „noch keine Daten“
            elif version < SCHEMA_AKTUELL:
                self._migriere()

    # ------------------------------------------------------------ Verbindung, Transaktion

    @property
    def existiert(self) -> bool:
        """Gibt es schon Daten (eine Datenbank mit Schema)?"""
        return self._conn is not None and self._version() > 0

    def datenversion(self) -> int:
        """``PRAGMA data_version``: ändert sich, sobald eine andere Verbindung etwas
        festschreibt (billig; für Live-Ansichten). Ohne Datei 0; entsteht die Datei später
        (ein anderer Prozess schreibt zuerst), wird dann verbunden."""
        if self._conn is None:
            if not _pruefe_kopf(self.pfad):
                return 0
            self._conn = verbinde(self.pfad)
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def _version(self) -> int:
        return self._conn.execute("PRAGMA user_version").fetchone()[0]

    def schliessen(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.schliessen()

    def _migriere(self) -> None:
        """Fehlende Migrationen in einer BEGIN-IMMEDIATE-Transaktion anwenden."""
        from sqlite_utils import Database

        conn = self._conn
        db = Database(conn, execute_plugins=False, recursive_triggers=False)
        _beginne_schreiben(conn, self.pfad)
        try:
            _pruefe_schema(conn, self.pfad)  # ein anderer Prozess kann schneller gewesen sein
            migrationen(self._werte_aus).apply(db)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    @contextmanager
    def _schreiben(self) -> Iterator[Any]:
        """Eine schreibende Einheit: BEGIN IMMEDIATE … COMMIT, bei Fehlern ROLLBACK.

        Legt die Datei beim ersten Schreiben an und bringt das Schema auf den neuesten Stand.
        """
        if self._conn is None:
            self.pfad.parent.mkdir(parents=True, exist_ok=True)
            self._conn = verbinde(self.pfad)
        if self._version() < SCHEMA_AKTUELL:
            self._migriere()
        import sqlite3

        conn = self._conn
        _beginne_schreiben(conn, self.pfad)
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

    def _braucht_daten(self) -> None:
        """Vor Schreibvorgängen, die vorhandene Daten brauchen: nie eine leere Datei anlegen."""
        if not self.existiert:
            raise KeineDaten(
                f"Noch keine Daten ({self.pfad} gibt es nicht). "
                "Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
            )

    def _lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple]:
        if not self.existiert:
            return []
        return self._conn.execute(sql, tuple(params)).fetchall()

    # ------------------------------------------------------------ Spieler

    def spieler_alle(self) -> list[Spieler]:
        return [Spieler(i, n) for i, n in self._lies("SELECT id, name FROM spieler ORDER BY id")]

    def spieler_finden(self, name: str, unter: Iterable[str] | None = None) -> Spieler:
        """Den Spieler zu ``name`` (ohne Groß-/Kleinschreibung); sonst „Meintest du …?“.

        ``unter``: nur diese Namen zulassen (z. B. die Spieler des Abends).
        """
        schluessel = namensschluessel(name)
        zeile = self._lies("SELECT id, name FROM spieler WHERE schluessel = ?", [schluessel])
        erlaubt = None if unter is None else {namensschluessel(n) for n in unter}
        if zeile and (erlaubt is None or schluessel in erlaubt):
            return Spieler(*zeile[0])
        if zeile:
            raise Eingabefehler(
                f"„{zeile[0][1]}“ ist an diesem Abend nicht dabei."
                + _meintest_du(name, unter or [])
            )
        if unter is not None:
            raise Eingabefehler(
                f"„{name}“ spielt an diesem Abend nicht mit."
                + (_meintest_du(name, unter) or " Dabei sind: " + ", ".join(unter) + ".")
            )
        raise Eingabefehler(
            f"Unbekannter Spieler „{name}“."
            + (
                _meintest_du(name, [s.name for s in self.spieler_alle()])
                or " Neue Spieler legt der Abend mit --neu an."
            )
        )

    def _spieler_anlegen(self, conn, name: str) -> int:
        name = pruefe_name(name)
        cur = conn.execute(
            "INSERT INTO spieler (name, schluessel, angelegt) VALUES (?, ?, ?)",
            [name, namensschluessel(name), _jetzt()],
        )
        return cur.lastrowid

    # ------------------------------------------------------------ Abende

    _ABEND_SQL = (
        "SELECT a.id, a.datum, a.ort, a.tarif, a.hausregeln, a.offen, a.begonnen, a.beendet, "
        "a.geber_start, (SELECT json_group_array(name) FROM (SELECT s.name FROM abend_spieler x "
        "JOIN spieler s ON s.id = x.spieler_id WHERE x.abend_id = a.id ORDER BY x.platz)) "
        "FROM abende a"
    )

    @staticmethod
    def _abend_aus(z: tuple) -> Abend:
        return Abend(
            id=z[0],
            datum=z[1],
            ort=z[2],
            tarif=json.loads(z[3]),
            hausregeln=json.loads(z[4]),
            offen=bool(z[5]),
            begonnen=z[6],
            beendet=z[7],
            geber_start=z[8],
            spieler=tuple(json.loads(z[9])),
        )

    def _mit_regeln(self, abende: list[Abend], bis: int | None = None) -> list[Abend]:
        """Tarif und Hausregeln, wie sie jetzt gelten (mit ``bis``: wie sie vor Eintrag
        ``bis`` galten): die der jüngsten geltenden Regeländerung (Ereignis ``regel``)
        ersetzen die beim Anlegen gespeicherten."""
        if not abende or self._version() < 4:  # vor Schema 4 gibt es keine Ereignisse
            return abende
        ids = [a.id for a in abende]
        neu: dict[int, dict] = {}
        for abend_id, daten in self._lies(
            "SELECT abend_id, daten FROM ereignisse WHERE art = 'regel' AND gilt = 1 "
            f"AND abend_id IN ({', '.join('?' * len(ids))})"
            + (" AND nach_eintrag < ?" if bis is not None else "")
            + " ORDER BY id",
            ids + ([bis] if bis is not None else []),
        ):
            neu[abend_id] = json.loads(daten)
        if not neu:
            return abende
        return [
            replace(a, tarif=neu[a.id]["tarif"], hausregeln=neu[a.id]["hausregeln"])
            if a.id in neu
            else a
            for a in abende
        ]

    def abende(self, *, roh: bool = False) -> list[Abend]:
        """Alle Abende; ``roh``: Tarif/Hausregeln wie beim Anlegen (für den Export)."""
        abende = [self._abend_aus(z) for z in self._lies(self._ABEND_SQL + " ORDER BY a.id")]
        return abende if roh else self._mit_regeln(abende)

    def abend(
        self, abend_id: int | None = None, *, roh: bool = False, bis: int | None = None
    ) -> Abend:
        """Abend ``abend_id`` oder der aktuelle (offene); sonst ``KeineDaten``. Tarif und
        Hausregeln wie sie jetzt gelten, mit ``bis`` wie vor Eintrag ``bis``, mit ``roh`` wie
        beim Anlegen."""
        if abend_id is None:
            a = self.aktueller_abend()
            if a is None:
                raise KeineDaten(
                    "Kein offener Abend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
                )
            return a
        z = self._lies(self._ABEND_SQL + " WHERE a.id = ?", [abend_id])
        if not z:
            raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
        a = self._abend_aus(z[0])
        return a if roh else self._mit_regeln([a], bis)[0]

    def abende_waehlen(self, abend_id: int | None = None, gesamt: bool = False) -> list[Abend]:
        """Die Abende für Stand, Verlauf, Bericht und Statistik: mit ``gesamt`` alle, mit
        ``abend_id`` diesen, sonst den offenen oder den zuletzt angelegten. Keiner: ``KeineDaten``."""
        if gesamt and abend_id is not None:
            raise Eingabefehler("--abend und --gesamt schließen sich aus; nimm eines davon.")
        if abend_id is not None:
            return [self.abend(abend_id)]
        offen = None if gesamt else self.aktueller_abend()
        if offen is not None:
            return [offen]
        abende = self.abende()
        if not abende:
            raise KeineDaten(
                "Es gibt noch keinen Abend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
            )
        return abende if gesamt else [abende[-1]]

    def aktueller_abend(self) -> Abend | None:
        """Der offene Abend (der jüngste, falls es mehrere gäbe) oder None."""
        z = self._lies(self._ABEND_SQL + " WHERE a.offen = 1 ORDER BY a.id DESC LIMIT 1")
        return self._mit_regeln([self._abend_aus(z[0])])[0] if z else None

    def abend_neu(
        self,
        spieler: list[str],
        *,
        ort: str | None = None,
        datum: str | None = None,
        tarif: dict | None = None,
        hausregeln: dict | None = None,
        neu: Iterable[str] = (),
        geber: str | None = None,
    ) -> tuple[Abend, list[str]]:
        """Einen neuen offenen Abend anlegen; gibt (Abend, neu angelegte Namen) zurück.

        Unbekannte Namen der Spielerliste werden angelegt – außer sie ähneln einem vorhandenen
        Spieler (Tippfehler?): dann „Meintest du …?“, es sei denn, sie stehen in ``neu``.
        Ein noch offener Abend wird nicht stillschweigend beendet: Zustandsfehler.
        """
        namen = [pruefe_name(n) for n in spieler]
        if len(namen) < 2:
            raise Eingabefehler("Ein Abend braucht mindestens zwei Spieler (--spieler Anna Ben …).")
        doppelt = {
            namensschluessel(n)
            for n in namen
            if [namensschluessel(m) for m in namen].count(namensschluessel(n)) > 1
        }
        if doppelt:
            raise Eingabefehler(f"Spieler doppelt angegeben: {', '.join(sorted(doppelt))}.")
        neu_schluessel = {namensschluessel(n) for n in neu}
        if datum is not None:
            try:
                date.fromisoformat(datum)
            except ValueError:
                raise Eingabefehler(
                    f"Datum „{datum}“ ist kein Datum der Form JJJJ-MM-TT."
                ) from None
        geber_start = 0
        if geber is not None:
            g = namensschluessel(geber)
            treffer = [i for i, n in enumerate(namen) if namensschluessel(n) == g]
            if not treffer:
                raise Eingabefehler(
                    f"Geber „{geber}“ ist nicht in der Spielerliste." + _meintest_du(geber, namen)
                )
            geber_start = treffer[0]
        with self._schreiben() as conn:
            offen = conn.execute("SELECT id FROM abende WHERE offen = 1").fetchone()
            if offen:
                raise Zustandsfehler(
                    f"Abend {offen[0]} ist noch offen; erst „referee abend ende“, dann ein neuer Abend."
                )
            vorhanden = {
                namensschluessel(n): (i, n) for i, n in conn.execute("SELECT id, name FROM spieler")
            }
            ids, angelegt, fehler = [], [], []
            for n in namen:
                k = namensschluessel(n)
                if k in vorhanden:
                    ids.append(vorhanden[k][0])
                    continue
                tipp = _meintest_du(n, [v[1] for v in vorhanden.values()])
                if tipp and k not in neu_schluessel:
                    fehler.append(
                        f'Unbekannter Spieler „{n}“.{tipp} Mit --neu "{n}" wird er neu angelegt.'
                    )
                    continue
                ids.append(None)
            if fehler:
                raise Eingabefehler(" ".join(fehler))
            for i, n in enumerate(namen):
                if ids[i] is None:
                    ids[i] = self._spieler_anlegen(conn, n)
                    angelegt.append(n)
            cur = conn.execute(
                "INSERT INTO abende (datum, ort, tarif, hausregeln, offen, begonnen, beendet, geber_start) "
                "VALUES (?, ?, ?, ?, 1, ?, NULL, ?)",
                [
                    datum or date.today().isoformat(),
                    ort or None,
                    json.dumps(tarif or {}, ensure_ascii=False),
                    json.dumps(hausregeln or {}, ensure_ascii=False),
                    _jetzt(),
                    geber_start,
                ],
            )
            abend_id = cur.lastrowid
            conn.executemany(
                "INSERT INTO abend_spieler (abend_id, spieler_id, platz) VALUES (?, ?, ?)",
                [(abend_id, sid, platz) for platz, sid in enumerate(ids)],
            )
        return self.abend(abend_id), angelegt

    def abend_verwerfen(self, abend_id: int, angelegt: Iterable[str] = ()) -> bool:
        """Einen eben angelegten Abend wieder entfernen, als wäre er nie angelegt worden – nur
        solange er nichts enthält (kein Eintrag, kein Ereignis), samt der mit ihm angelegten
        Spieler ``angelegt``, die an keinem anderen Abend sitzen. Für einen Befehl, der den
        Abend selbst angelegt hat und dann scheitert (``tisch --spieler`` mit falscher erster
        Zeile). Eine Transaktion; ``False``, wenn schon etwas darin steht (dann bleibt alles)."""
        with self._schreiben() as conn:
            for tabelle in ("eintraege", "ereignisse"):
                if conn.execute(
                    f"SELECT 1 FROM {tabelle} WHERE abend_id = ? LIMIT 1", [abend_id]
                ).fetchone():
                    return False
            conn.execute("DELETE FROM abend_spieler WHERE abend_id = ?", [abend_id])
            if not conn.execute("DELETE FROM abende WHERE id = ?", [abend_id]).rowcount:
                return False
            for name in angelegt:
                conn.execute(
                    "DELETE FROM spieler WHERE schluessel = ? AND id NOT IN "
                    "(SELECT spieler_id FROM abend_spieler)",
                    [namensschluessel(name)],
                )
        return True

    def abend_beenden(self, abend_id: int | None = None) -> Abend:
        """Den (offenen) Abend schließen (Ereignis ``ende``); danach nimmt er keine Einträge
        mehr an, bis ``abend_wieder`` ihn wieder öffnet."""
        a = self.abend(abend_id)
        if not a.offen:
            raise Zustandsfehler(
                f"Abend {a.id} ist schon beendet. Wieder öffnen: referee abend wieder {a.id}"
            )
        with self._schreiben() as conn:
            zeit = _jetzt()
            if not conn.execute(
                "UPDATE abende SET offen = 0, beendet = ? WHERE id = ? AND offen = 1",
                [zeit, a.id],
            ).rowcount:
                raise Zustandsfehler(f"Abend {a.id} ist schon beendet.")
            if self._version() >= 4:  # (ältere Schemata: die Migration trägt es nach)
                self._ereignis_einfuegen(conn, a.id, "ende", {}, zeit=zeit)
        return self.abend(a.id)

    def abend_wieder(self, abend_id: int) -> Abend:
        """Einen beendeten Abend wieder öffnen (Ereignis ``wieder``) – nur, wenn kein anderer
        offen ist."""
        self._braucht_daten()
        with self._schreiben() as conn:
            z = conn.execute("SELECT offen FROM abende WHERE id = ?", [abend_id]).fetchone()
            if z is None:
                raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
            if z[0]:
                raise Zustandsfehler(f"Abend {abend_id} ist schon offen.")
            offen = conn.execute("SELECT id FROM abende WHERE offen = 1").fetchone()
            if offen:
                raise Zustandsfehler(
                    f"Abend {offen[0]} ist noch offen; erst „referee abend ende“, dann "
                    f"„referee abend wieder {abend_id}“."
                )
            conn.execute("UPDATE abende SET offen = 1, beendet = NULL WHERE id = ?", [abend_id])
            self._ereignis_einfuegen(conn, abend_id, "wieder", {})
        return self.abend(abend_id)

    # ------------------------------------------------------------ Ereignisse (Schema 4)

    _EREIGNIS_SQL = (
        "SELECT id, abend_id, zeit, art, bezug, nach_eintrag, daten, gilt FROM ereignisse"
    )

    @staticmethod
    def _ereignis_aus(z: tuple) -> Ereignis:
        # Spalten wie ``_EREIGNIS_SQL``: id, abend_id, zeit, art, bezug, nach_eintrag, daten, gilt
        return Ereignis(z[0], z[1], z[2], z[3], z[4], z[5], json.loads(z[6]), bool(z[7]))

    def _ereignis_einfuegen(
        self,
        conn,
        abend_id: int,
        art: str,
        daten: dict,
        *,
        bezug: int | None = None,
        zeit: str | None = None,
    ) -> int:
        nach = conn.execute("SELECT COALESCE(MAX(id), 0) FROM eintraege").fetchone()[0]
        cur = conn.execute(
            "INSERT INTO ereignisse (abend_id, zeit, art, bezug, nach_eintrag, daten, gilt) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                abend_id,
                zeit or _jetzt(),
                art,
                bezug,
                nach,
                json.dumps(daten, ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        return int(cur.lastrowid)

    def ereignis(self, ereignis_id: int) -> Ereignis:
        z = self._lies(self._EREIGNIS_SQL + " WHERE id = ?", [ereignis_id])
        if not z:
            raise KeineDaten(f"Es gibt kein Ereignis {ereignis_id}.")
        return self._ereignis_aus(z[0])

    def ereignisse(
        self, abend_id: int | None = None, *, alle: bool = False, art: str | None = None
    ) -> list[Ereignis]:
        """Die Ereignisse (eines Abends) in der Reihenfolge des Schreibens; ohne ``alle`` nur
        die geltenden (ohne Stornos und Storniertes)."""
        if not self.existiert or self._version() < 4:
            return []
        wo, par = _bedingungen(alle, abend_id=abend_id, art=art)
        sql = self._EREIGNIS_SQL + wo + " ORDER BY id"
        return [self._ereignis_aus(z) for z in self._lies(sql, par)]

    def ereignis_eintragen(self, abend_id: int, art: str, daten: dict) -> Ereignis:
        """Ein Ereignis ``regel`` (nur im offenen Abend) oder ``bezahlt`` festhalten."""
        if art not in ("regel", "bezahlt"):
            raise Eingabefehler(f"Unbekannte Ereignisart „{art}“; möglich: regel, bezahlt.")
        self._braucht_daten()
        with self._schreiben() as conn:
            if art == "regel":
                self._pruefe_offen(conn, abend_id)
            elif conn.execute("SELECT 1 FROM abende WHERE id = ?", [abend_id]).fetchone() is None:
                raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
            eid = self._ereignis_einfuegen(conn, abend_id, art, daten)
        return self.ereignis(eid)

    def ereignis_stornieren(self, ereignis_id: int) -> Ereignis:
        """Storno eines geltenden Ereignisses ``regel`` (Abend offen) oder ``bezahlt``;
        gibt den Storno zurück."""
        self._braucht_daten()
        with self._schreiben() as conn:
            z = conn.execute(self._EREIGNIS_SQL + " WHERE id = ?", [ereignis_id]).fetchone()
            if z is None:
                raise KeineDaten(f"Es gibt kein Ereignis {ereignis_id}.")
            alt = self._ereignis_aus(z)
            if alt.art not in ("regel", "bezahlt"):
                raise Zustandsfehler(
                    f"Ereignis {ereignis_id} ({alt.art}) lässt sich nicht stornieren."
                )
            if not alt.gilt:
                raise Zustandsfehler(f"Ereignis {ereignis_id} ist schon storniert.")
            if alt.art == "regel":
                self._pruefe_offen(conn, alt.abend_id)
            sid = self._ereignis_einfuegen(
                conn, alt.abend_id, "storno", {"storniert": alt.id}, bezug=alt.id
            )
        return self.ereignis(sid)

    def konventionen(self, abend_id: int, *, vor: int | None = None) -> list[str]:
        """Die Konventionen (``ergebnis["konventionen"]``), die Einträge des Abends (vor
        Eintrag ``vor``) schon genannt haben – je einmal, in der Reihenfolge des Nennens."""
        zeilen = self._lies(
            "SELECT j.value FROM eintraege e, json_each(e.ergebnis, '$.konventionen') j "
            "WHERE e.abend_id = ? AND e.art != 'storno'"
            + (" AND e.id < ?" if vor is not None else "")
            + " ORDER BY e.id",
            [abend_id] + ([vor] if vor is not None else []),
        )
        return list(dict.fromkeys(str(z[0]) for z in zeilen))

    # ------------------------------------------------------------ Einträge

    _EINTRAG_SQL = (
        "SELECT id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt FROM eintraege"
    )

    @staticmethod
    def _eintrag_aus(z: tuple) -> Eintrag:
        return Eintrag(
            id=z[0],
            abend_id=z[1],
            nr=z[2],
            zeit=z[3],
            spiel=z[4],
            art=z[5],
            bezug=z[6],
            eingabe=json.loads(z[7]),
            ergebnis=json.loads(z[8]),
            gilt=bool(z[9]),
        )

    def eintrag(self, eintrag_id: int) -> Eintrag:
        z = self._lies(self._EINTRAG_SQL + " WHERE id = ?", [eintrag_id])
        if not z:
            raise KeineDaten(f"Es gibt keinen Eintrag {eintrag_id}.")
        return self._eintrag_aus(z[0])

    def eintraege(
        self, abend_id: int | None = None, *, alle: bool = False, spiel: str | None = None
    ) -> list[Eintrag]:
        """Einträge in Reihenfolge; ohne ``alle`` nur die geltenden (ohne Storno/Ersetztes).

        ``abend_id=None`` heißt: über alle Abende.
        """
        wo, par = _bedingungen(alle, abend_id=abend_id, spiel=spiel)
        sql = self._EINTRAG_SQL + wo + " ORDER BY id"
        aus = [self._eintrag_aus(z) for z in self._lies(sql, par)]
        if not alle:
            platz = self.spielreihenfolge(abend_id)
            if platz:
                aus.sort(key=lambda e: (platz.get(e.id, e.id), e.id))
        return aus

    def zahl_spiele(self, abend_id: int, spiel: str) -> int:
        """Zahl der geltenden Einträge eines Spiels im Abend (ein indiziertes Aggregat)."""
        z = self._lies(
            "SELECT count(*) FROM eintraege WHERE abend_id = ? AND gilt = 1 AND spiel = ?",
            [abend_id, spiel],
        )
        return int(z[0][0]) if z else 0

    def letzter_geltender(self, abend_id: int) -> int:
        """Die id des jüngsten geltenden Eintrags des Abends (0: keiner)."""
        z = self._lies(
            "SELECT COALESCE(MAX(id), 0) FROM eintraege WHERE abend_id = ? AND gilt = 1",
            [abend_id],
        )
        return int(z[0][0]) if z else 0

    def anzahl_eintraege(self) -> dict[int, int]:
        """``{abend_id: Zahl der geltenden Einträge}`` (ein SQL-Aggregat, für ``abend liste``)."""
        return dict(
            self._lies("SELECT abend_id, count(*) FROM eintraege WHERE gilt = 1 GROUP BY abend_id")
        )

    def spielreihenfolge(self, abend_id: int | None = None) -> dict[int, int]:
        """``{korrektur_id: id des ursprünglichen Eintrags}``: eine Korrektur steht in der
        Reihenfolge der Spiele dort, wo das Original stand (auch Korrektur einer Korrektur).

        Nach ``(platz.get(id, id), id)`` sortiert stehen die geltenden Einträge in Spielfolge
        (wichtig für Verlaufsgrafiken und die Partienfolge eines sabai-Spiels).
        """
        sql = "SELECT id, bezug FROM eintraege WHERE art = 'korrektur'"
        zeilen = self._lies(
            sql + (" AND abend_id = ?" if abend_id is not None else ""),
            [abend_id] if abend_id is not None else [],
        )
        bezug = dict(zeilen)
        platz = {}
        for k in bezug:
            w = k
            while w in bezug:
                w = bezug[w]
            platz[k] = w
        return platz

    def _pruefe_offen(self, conn, abend_id: int) -> None:
        z = conn.execute("SELECT offen FROM abende WHERE id = ?", [abend_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
        if not z[0]:
            raise Zustandsfehler(
                f"Abend {abend_id} ist beendet; dort wird nichts mehr eingetragen."
            )

    def _werte_zeilen(
        self,
        conn,
        abend_id: int,
        spiel: str,
        ergebnis: dict,
        werte: Werte | None,
    ) -> list[tuple]:
        """Wertzeilen ``(spieler_id, spiel, groesse, wert)``: jeder Name ein Spieler des Abends."""
        am_abend = {
            namensschluessel(n): (i, n)
            for i, n in conn.execute(
                "SELECT s.id, s.name FROM abend_spieler x JOIN spieler s ON s.id = x.spieler_id "
                "WHERE x.abend_id = ? ORDER BY x.platz",
                [abend_id],
            )
        }
        if werte is None:
            if self._werte_aus is None:
                raise Eingabefehler(f"Eintrag für {spiel} ohne Werte; nichts eingetragen.")
            werte = self._werte_aus(spiel, ergebnis)
        zeilen = []
        for groesse, je in werte.items():
            for name, wert in je.items():
                if isinstance(wert, bool) or not isinstance(wert, int):
                    raise Eingabefehler(f"Wert {wert!r} für „{name}“ ist keine ganze Zahl.")
                pruefe_bereich(wert, f"Wert für „{name}“ ({groesse})")
                k = namensschluessel(name) if isinstance(name, str) else None
                if k not in am_abend:
                    namen = [v[1] for v in am_abend.values()]
                    raise Eingabefehler(
                        f"„{name}“ spielt an Abend {abend_id} nicht mit."
                        + (
                            _meintest_du(str(name), namen)
                            or " Dabei sind: " + ", ".join(namen) + "."
                        )
                    )
                zeilen.append((am_abend[k][0], spiel, groesse, wert))
        return zeilen

    def _einfuegen(
        self,
        conn,
        abend_id: int,
        spiel: str,
        art: str,
        bezug: int | None,
        eingabe: dict,
        ergebnis: dict,
        zeilen: list[tuple],
        zeit: str | None = None,
        eid: int | None = None,
        nr: int | None = None,
    ) -> int:
        if nr is None:
            nr = conn.execute(
                "SELECT COALESCE(MAX(nr), 0) + 1 FROM eintraege WHERE abend_id = ?", [abend_id]
            ).fetchone()[0]
        cur = conn.execute(
            "INSERT INTO eintraege (id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                eid,
                abend_id,
                nr,
                zeit or _jetzt(),
                spiel,
                art,
                bezug,
                json.dumps(eingabe, ensure_ascii=False),
                json.dumps(ergebnis, ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        eid = cur.lastrowid
        if zeilen:
            conn.executemany(
                "INSERT INTO werte (eintrag_id, abend_id, spieler_id, spiel, groesse, wert, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, 1)",
                [(eid, abend_id, *z) for z in zeilen],
            )
        return eid

    def eintragen(
        self,
        spiel: str,
        ergebnis: dict,
        eingabe: dict | None = None,
        *,
        abend_id: int | None = None,
        werte: dict[str, dict[str, int]] | None = None,
    ) -> Eintrag:
        """Ein Spiel/eine Runde in den (offenen) Abend eintragen; eine Transaktion.

        ``ergebnis`` ist ``Ergebnis.als_json()`` des Spiels, ``werte`` dessen ``werte()``
        (``{groesse: {name: wert}}``; ohne: ``werte_aus`` des Stores); ``eingabe`` ist, was der
        Benutzer eingab (z. B. ``{"argv": [...]}`` oder die Partie-JSON). Alle Namen der
        Werte müssen Spieler des Abends sein. Fehler → nichts geschrieben.
        """
        if spiel not in SPIELE:
            raise Eingabefehler(f"Unbekanntes Spiel „{spiel}“; möglich: {', '.join(SPIELE)}.")
        self._braucht_daten()
        if abend_id is None:
            abend_id = self.abend().id
        with self._schreiben() as conn:
            self._pruefe_offen(conn, abend_id)
            zeilen = self._werte_zeilen(conn, abend_id, spiel, ergebnis, werte)
            eid = self._einfuegen(
                conn, abend_id, spiel, "spiel", None, eingabe or {}, ergebnis, zeilen
            )
        return self.eintrag(eid)

    def rueckgaengig(self, eintrag_id: int | None = None, abend_id: int | None = None) -> Eintrag:
        """Storniert den letzten geltenden Eintrag des (offenen) Abends – oder ``eintrag_id``.

        Gibt den neuen Storno-Eintrag zurück; das Original bleibt sichtbar (``alle=True``).
        """
        self._braucht_daten()
        with self._schreiben() as conn:
            if eintrag_id is None:
                if abend_id is None:
                    a = conn.execute(
                        "SELECT id FROM abende WHERE offen = 1 ORDER BY id DESC LIMIT 1"
                    ).fetchone()
                    if a is None:
                        raise KeineDaten("Kein offener Abend; nichts rückgängig zu machen.")
                    abend_id = a[0]
                z = conn.execute(
                    "SELECT id FROM eintraege WHERE abend_id = ? AND gilt = 1 "
                    "ORDER BY id DESC LIMIT 1",
                    [abend_id],
                ).fetchone()
                if z is None:
                    raise KeineDaten(
                        f"Abend {abend_id} hat keinen Eintrag, der rückgängig zu machen wäre."
                    )
                eintrag_id = z[0]
            alt = self._aufhebbar(conn, eintrag_id)
            self._pruefe_offen(conn, alt.abend_id)
            sid = self._einfuegen(
                conn, alt.abend_id, alt.spiel, "storno", alt.id, {"storniert": alt.id}, {}, []
            )
        return self.eintrag(sid)

    def _aufhebbar(self, conn, eintrag_id: int) -> Eintrag:
        z = conn.execute(self._EINTRAG_SQL + " WHERE id = ?", [eintrag_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Eintrag {eintrag_id}.")
        alt = self._eintrag_aus(z)
        if alt.art == "storno":
            raise Zustandsfehler(f"Eintrag {eintrag_id} ist selbst ein Storno.")
        if not alt.gilt:
            nach = conn.execute(
                "SELECT id, art FROM eintraege WHERE bezug = ? ORDER BY id DESC LIMIT 1",
                [eintrag_id],
            ).fetchone()
            wie = "storniert" if nach and nach[1] == "storno" else "ersetzt"
            raise Zustandsfehler(
                f"Eintrag {eintrag_id} ist schon {wie} (durch Eintrag {nach[0] if nach else '?'})."
            )
        return alt

    def korrektur(
        self,
        eintrag_id: int,
        ergebnis: dict,
        eingabe: dict | None = None,
        *,
        werte: dict[str, dict[str, int]] | None = None,
    ) -> Eintrag:
        """Ersetzt Eintrag ``eintrag_id`` durch ein neues Ergebnis (Korrektur-Eintrag)."""
        self._braucht_daten()
        with self._schreiben() as conn:
            alt = self._aufhebbar(conn, eintrag_id)
            self._pruefe_offen(conn, alt.abend_id)
            zeilen = self._werte_zeilen(conn, alt.abend_id, alt.spiel, ergebnis, werte)
            eid = self._einfuegen(
                conn, alt.abend_id, alt.spiel, "korrektur", alt.id, eingabe or {}, ergebnis, zeilen
            )
        return self.eintrag(eid)

    # ------------------------------------------------------------ Auswertung

    def summen(self, abend_id: int | None = None) -> dict[str, dict[str, dict[str, int]]]:
        """``{spiel: {groesse: {name: summe}}}`` über die geltenden Einträge (ein SQL-Aggregat)."""
        if abend_id is None:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par: list = []
        else:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE abend_id = ? AND gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par = [abend_id]
        aus: dict[str, dict[str, dict[str, int]]] = {}
        for spiel, groesse, name, summe in self._lies(sql, par):
            aus.setdefault(spiel, {}).setdefault(groesse, {})[name] = summe
        return aus

    def partien_je_spiel(self, abend_id: int | None = None) -> dict[str, int]:
        """``{spiel: Zahl geltender Einträge}`` (ein Abend oder alle)."""
        return {
            sp: n
            for sp, n in self._lies(
                "SELECT spiel, count(*) FROM eintraege WHERE gilt = 1"
                + (" AND abend_id = ?" if abend_id is not None else "")
                + " GROUP BY spiel",
                [abend_id] if abend_id is not None else [],
            )
        }

    def werte_in_spielfolge(
        self, abend_id: int, spiel: str, groesse: str
    ) -> list[tuple[int, dict[str, int]]]:
        """Die geltenden Einträge ``spiel`` des Abends mit ihren Werten der Größe ``groesse``:
        ``(Eintrags-id, {name: wert})`` in Spielfolge (Korrekturen am Platz des Originals)."""
        aus: dict[int, dict[str, int]] = {}
        for eid, name, wert in self._lies(
            "SELECT w.eintrag_id, s.name, w.wert FROM werte w JOIN spieler s ON s.id = w.spieler_id "
            "WHERE w.abend_id = ? AND w.gilt = 1 AND w.spiel = ? AND w.groesse = ? "
            "ORDER BY w.eintrag_id",
            [abend_id, spiel, groesse],
        ):
            aus.setdefault(eid, {})[name] = wert
        platz = self.spielreihenfolge(abend_id)
        return sorted(aus.items(), key=lambda x: (platz.get(x[0], x[0]), x[0]))

    # ------------------------------------------------------------ Export / Import

    def export(self, abend_id: int | None = None) -> dict:
        """Alles (oder ein Abend) als JSON-fähiges dict; ``importieren`` baut es exakt nach."""
        abende = self.abende(roh=True) if abend_id is None else [self.abend(abend_id, roh=True)]
        eintraege = [e for a in abende for e in self.eintraege(a.id, alle=True)]
        werte: dict[int, dict[str, dict[str, int]]] = {}
        bed = "" if abend_id is None else " WHERE w.abend_id = ?"
        for eid, groesse, name, wert in self._lies(
            "SELECT w.eintrag_id, w.groesse, s.name, w.wert FROM werte w JOIN spieler s "
            "ON s.id = w.spieler_id" + bed + " ORDER BY w.rowid",
            [] if abend_id is None else [abend_id],
        ):
            werte.setdefault(eid, {}).setdefault(groesse, {})[name] = wert
        return dict(
            self.export_kopf(abend_id),
            eintraege=[dict(e.als_json(), werte=werte.get(e.id, {})) for e in eintraege],
        )

    def eintraege_leicht(self, abend_id: int | None = None) -> list[dict]:
        """Alle Einträge (auch Stornos und Ersetztes) als dicts wie ``Eintrag.als_json()``, ohne
        ``eingabe`` – schnell genug für Berichte über 100.000 Einträge (ein ``json.loads`` je
        Eintrag). Reihenfolge: Abend, dann Spielfolge (eine Korrektur am Platz des Originals).
        """
        loads = json.loads
        sql = (
            "SELECT id, abend_id, nr, zeit, spiel, art, bezug, gilt, ergebnis FROM eintraege"
            + (" WHERE abend_id = ?" if abend_id is not None else "")
            + " ORDER BY abend_id, id"
        )
        aus = [
            {
                "id": i,
                "abend": a,
                "nr": nr,
                "zeit": zeit,
                "spiel": spiel,
                "art": art,
                "bezug": bezug,
                "gilt": bool(gilt),
                "ergebnis": loads(erg),
            }
            for i, a, nr, zeit, spiel, art, bezug, gilt, erg in self._lies(
                sql, [] if abend_id is None else [abend_id]
            )
        ]
        platz = self.spielreihenfolge(abend_id)
        if platz:
            aus.sort(key=lambda e: (e["abend"], platz.get(e["id"], e["id"]), e["id"]))
        return aus

    def export_kopf(self, abend_id: int | None = None) -> dict:
        """``export()`` ohne die Einträge: Format, Schema, Spieler, Abende, Ereignisse."""
        abende = self.abende(roh=True) if abend_id is None else [self.abend(abend_id, roh=True)]
        genutzt = {n for a in abende for n in a.spieler}
        spieler = [
            {"id": i, "name": n, "angelegt": t}
            for i, n, t in self._lies("SELECT id, name, angelegt FROM spieler ORDER BY id")
            if abend_id is None or n in genutzt
        ]
        return {
            "format": EXPORT_FORMAT,
            "schema": SCHEMA_AKTUELL,
            "spieler": spieler,
            "abende": [a.als_json() for a in abende],
            "ereignisse": [e.als_json() for e in self.ereignisse(abend_id, alle=True)],
        }

    def export_eintraege_json(self, abend_id: int | None = None) -> list[str]:
        """Die Einträge von ``export()`` als fertige JSON-Texte (je Eintrag einer), aus SQLite.

        Gleiche Schlüssel, Reihenfolge und Werte wie ``export()["eintraege"]``, nur schnell:
        ``eingabe`` und ``ergebnis`` werden so eingesetzt, wie sie gespeichert sind
        (``json.dumps(..., ensure_ascii=False)`` – schon kanonisch); nur Texte mit
        ``\\u``-Escapes werden neu kodiert, damit Export → Import → Export gleich bleibt.
        ``werte`` baut SQLite in der Reihenfolge der Wertzeilen.
        """
        dumps = json.JSONEncoder(ensure_ascii=False).encode
        loads = json.loads
        sql = (
            "SELECT '{\"id\": ' || e.id || ', \"abend\": ' || e.abend_id || ', \"nr\": ' || e.nr"
            " || ', \"zeit\": ' || json_quote(e.zeit) || ', \"spiel\": ' || json_quote(e.spiel)"
            " || ', \"art\": ' || json_quote(e.art) || ', \"bezug\": ' || COALESCE(e.bezug, 'null')"
            " || ', \"gilt\": ' || CASE WHEN e.gilt THEN 'true' ELSE 'false' END,"
            " e.eingabe, e.ergebnis,"
            " COALESCE((SELECT json_group_object(g, json(je)) FROM ("
            "     SELECT w.groesse AS g, json_group_object(s.name, w.wert) AS je, min(w.rowid) AS erst"
            "     FROM werte w JOIN spieler s ON s.id = w.spieler_id"
            "     WHERE w.eintrag_id = e.id GROUP BY w.groesse ORDER BY erst)), '{}')"
            " FROM eintraege e"
            + (" WHERE e.abend_id = ?" if abend_id is not None else "")
            + " ORDER BY e.abend_id, e.id"
        )
        zeilen = []
        for kopf, eingabe, ergebnis, werte in self._lies(
            sql, [] if abend_id is None else [abend_id]
        ):
            if "\\u" in eingabe:
                eingabe = dumps(loads(eingabe))
            if "\\u" in ergebnis:
                ergebnis = dumps(loads(ergebnis))
            zeilen.append(
                f'{kopf}, "eingabe": {eingabe}, "ergebnis": {ergebnis}, "werte": {werte}}}'
            )
        return zeilen

    def importieren(self, daten: dict) -> dict:
        """Einen Export in eine leere Datenbank übernehmen (ids und Zeiten bleiben gleich)."""
        if not isinstance(daten, dict) or daten.get("format") != EXPORT_FORMAT:
            raise Eingabefehler(f"Das ist kein referee-Export (Feld „format“ ≠ „{EXPORT_FORMAT}“).")
        if int(daten.get("schema", 0)) > SCHEMA_AKTUELL:
            raise SpeicherFehler("Der Export stammt von einer neueren referee-Version.")
        try:
            with self._schreiben() as conn:
                if conn.execute(
                    "SELECT (SELECT count(*) FROM spieler) + (SELECT count(*) FROM abende)"
                ).fetchone()[0]:
                    raise Zustandsfehler(
                        f"Die Datenbank {self.pfad} ist nicht leer; importiert wird nur in eine leere "
                        "(andere Datei mit --db wählen)."
                    )
                ids = {}
                for s in daten["spieler"]:
                    name = pruefe_name(s["name"])
                    conn.execute(
                        "INSERT INTO spieler (id, name, schluessel, angelegt) VALUES (?, ?, ?, ?)",
                        [s["id"], name, namensschluessel(name), s["angelegt"]],
                    )
                    ids[namensschluessel(name)] = s["id"]
                for a in daten["abende"]:
                    conn.execute(
                        "INSERT INTO abende (id, datum, ort, tarif, hausregeln, offen, begonnen, beendet, "
                        "geber_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            a["id"],
                            a["datum"],
                            a["ort"],
                            json.dumps(a["tarif"], ensure_ascii=False),
                            json.dumps(a["hausregeln"], ensure_ascii=False),
                            int(bool(a["offen"])),
                            a["begonnen"],
                            a["beendet"],
                            a.get("geber_start", 0),
                        ],
                    )
                    conn.executemany(
                        "INSERT INTO abend_spieler (abend_id, spieler_id, platz) VALUES (?, ?, ?)",
                        [
                            (a["id"], ids[namensschluessel(n)], p)
                            for p, n in enumerate(a["spieler"])
                        ],
                    )
                for e in sorted(daten["eintraege"], key=lambda e: e["id"]):
                    if e["spiel"] not in SPIELE or e["art"] not in ARTEN:
                        raise Eingabefehler(
                            f"Eintrag {e['id']}: unbekanntes Spiel oder unbekannte Art."
                        )
                    zeilen = [
                        (ids[namensschluessel(name)], e["spiel"], g, wert)
                        for g, je in (e.get("werte") or {}).items()
                        for name, wert in je.items()
                    ]
                    self._einfuegen(
                        conn,
                        e["abend"],
                        e["spiel"],
                        e["art"],
                        e["bezug"],
                        e["eingabe"],
                        e["ergebnis"],
                        zeilen,
                        zeit=e["zeit"],
                        eid=e["id"],
                        nr=e["nr"],
                    )
                for v in sorted(daten.get("ereignisse") or [], key=lambda v: v["id"]):
                    if v["art"] not in EREIGNIS_ARTEN:
                        raise Eingabefehler(f"Ereignis {v['id']}: unbekannte Art „{v['art']}“.")
                    conn.execute(
                        "INSERT INTO ereignisse (id, abend_id, zeit, art, bezug, nach_eintrag, "
                        "daten, gilt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            v["id"],
                            v["abend"],
                            v["zeit"],
                            v["art"],
                            v["bezug"],
                            v["nach_eintrag"],
                            json.dumps(v["daten"], ensure_ascii=False),
                            0 if v["art"] == "storno" else 1,
                        ],
                    )
        except KeyError as exc:
            raise Eingabefehler(
                f"Der Export ist unvollständig: das Feld „{exc.args[0]}“ fehlt."
            ) from None
        except TypeError:
            raise Eingabefehler(
                "Der Export ist beschädigt: ein Feld hat den falschen Typ."
            ) from None
        return {
            "spieler": len(daten["spieler"]),
            "abende": len(daten["abende"]),
            "eintraege": len(daten["eintraege"]),
        }

    def integritaet(self) -> str:
        """``PRAGMA integrity_check`` (``"ok"`` wenn alles stimmt)."""
        z = self._lies("PRAGMA integrity_check")
        return z[0][0] if z else "ok"
