"""Das Buch der Spielabende: eine SQLite-Datenbank (sqlite-utils), nur anhängend.

Der Speicher kennt keine Spielregeln: er legt ab, was ``referee.buch`` ihm gibt – ein
typisiertes Ergebnis (``referee.ergebnis.Ergebnis``): seine JSON-Form (``als_json()``, die Spalte
``ergebnis``) und seine summierbaren Werte (``werte()``: ``{groesse: {name: wert}}``, z. B.
``cent``, ``siegpunkte``, ``platz1``, ``sieg``, ``partien``) – und gibt getypte Einträge zurück
(``Eintrag``, das Ergebnis mit ``ergebnis_aus`` gelesen, dem Spielkatalog ``referee.spiele``,
den man ihm beim Öffnen gibt) und getypte Summen (``Summen``). Benutzt wird er über
``referee.buch``; die Methoden hier sind dessen Unterbau::

    store = oeffne(pfad, ergebnis_aus=...)  # Pfad: oeffne(pfad) > $REFEREE_DB > Datenverz.
    store.existiert                      # gibt es schon Daten? (Lesen legt nie eine Datei an)
    store.datenversion()                 # PRAGMA data_version: ändert sich bei fremden Commits
    store.abend(None | id), store.aktueller_abend(), store.abende(), store.abende_waehlen(…)
    store.abend_neu([...], ort=…, datum=…, tarif={…}, hausregeln={…}, neu=(), geber=None)
    store.abend_beenden(None | id)
    e = store.eintragen(ergebnis, eingabe, abend_id=None)   # -> Eintrag (ergebnis getypt)
    store.korrektur(17, ergebnis, eingabe)   # Korrektur-Eintrag ersetzt 17
    store.rueckgaengig(eintrag_id=None)  # Storno des letzten geltenden Eintrags (oder von id)
    store.eintrag(17), store.eintraege(abend_id, alle=False, spiel=None)
    store.spielreihenfolge(3)            # {korrektur_id: original_id}: Korrektur am Platz des Originals
    store.summen(abend_id), store.partien_je_spiel(abend_id)    # Summen je spiel/groesse/name
    store.werte_in_spielfolge(3, spiel, groesse)        # Werte je Eintrag in Spielfolge
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
Die Migration auf Schema 2 leitet Werte aus alten Ergebnissen ab: auch dafür liest er sie mit
``ergebnis_aus``. sqlite3 und sqlite-utils
werden erst in den Funktionen importiert (Startzeit der CLI).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.ergebnis import Eintrag, Ergebnis, Summen, Werte
from referee.errors import Eingabefehler, SpeicherFehler, Zustandsfehler
from referee.namen import namensschluessel
from referee.namen import vorschlag as _meintest_du
from referee.pfade import db_pfad
from referee.store.austausch import Austausch
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
    angelegte_leere_entfernen,
)
from referee.store.daten import (
    APPLICATION_ID,
    ARTEN,
    EREIGNIS_ARTEN,
    EXPORT_FORMAT,
    EXPORT_SCHEMA_AB,
    SCHEMA_AKTUELL,
    WARTEZEIT_MS,
    Abend,
    Ereignis,
    ErgebnisAus,
    KeineDaten,
    Spieler,
    Wiederholt,
    _bedingungen,
    _jetzt,
    aufgehoben_durch,
)
from referee.store.schema import migrationen
from referee.store.turnier import Turniere
from referee.zahlen import pruefe_bereich

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


# --------------------------------------------------------------------------- Store


def oeffne(
    pfad: str | os.PathLike[str] | None = None, *, ergebnis_aus: ErgebnisAus | None = None
) -> Store:
    """Den Store öffnen. Legt nichts an: die Datei entsteht beim ersten Schreiben.

    ``ergebnis_aus`` (der Spielkatalog, ``referee.spiele``) liest gespeicherte Ergebnisse in die
    Datenklassen ihrer Spiele: für jeden gelesenen Eintrag und die Migration alter Dateien.
    Ohne ihn gehen Abende, Ereignisse und Turniere, aber keine Einträge.

    Wirft ``SpeicherFehler``, wenn am Pfad keine (referee-)SQLite-Datenbank liegt oder sie
    von einer neueren Version stammt – die Datei bleibt dann unverändert.
    """
    return Store(db_pfad(pfad), ergebnis_aus=ergebnis_aus)


class Store(Austausch, Turniere):
    """Zugriff auf eine Datenbankdatei. Lesen ohne Datei liefert „leer“."""

    def __init__(self, pfad: Path, *, ergebnis_aus: ErgebnisAus | None = None) -> None:
        self.pfad = Path(pfad)
        self._ergebnis_aus = ergebnis_aus
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

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

    def _migriere(self) -> None:
        """Fehlende Migrationen in einer BEGIN-IMMEDIATE-Transaktion anwenden."""
        from sqlite_utils import Database

        conn = self._conn
        db = Database(conn, execute_plugins=False, recursive_triggers=False)
        _beginne_schreiben(conn, self.pfad)
        try:
            _pruefe_schema(conn, self.pfad)  # ein anderer Prozess kann schneller gewesen sein
            migrationen(self._ergebnis_aus).apply(db)
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

    def _lies(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        if not self.existiert:
            return []
        return list(self._conn.execute(sql, tuple(params)).fetchall())

    # ------------------------------------------------------------ Einträge

    _EINTRAG_SQL = (
        "SELECT id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt FROM eintraege"
    )

    def _ergebnis(self, spiel: str, art: str, ergebnis_json: str) -> Ergebnis | None:
        """Die Spalte ``ergebnis`` → das getypte Ergebnis (die eine Stelle, an der der Speicher
        JSON liest); ein Storno hat keines."""
        if art == "storno":
            return None
        if self._ergebnis_aus is None:
            raise RuntimeError(
                "Der Speicher wurde ohne Spielkatalog geöffnet (ergebnis_aus); Einträge liest "
                "nur, wer ihn mitgibt (referee.spiele.store_oeffnen, referee.buch)."
            )
        return self._ergebnis_aus(spiel, json.loads(ergebnis_json))

    def _eintrag_aus(self, z: tuple[Any, ...]) -> Eintrag:
        # Spalten wie ``_EINTRAG_SQL``: id, abend_id, nr, zeit, spiel, art, bezug, eingabe,
        # ergebnis, gilt
        return Eintrag(
            id=z[0],
            abend_id=z[1],
            nr=z[2],
            zeit=z[3],
            spiel=z[4],
            art=z[5],
            bezug=z[6],
            eingabe=json.loads(z[7]),
            ergebnis=self._ergebnis(z[4], z[5], z[8]),
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

    def _pruefe_offen(self, conn: sqlite3.Connection, abend_id: int) -> None:
        z = conn.execute("SELECT offen FROM abende WHERE id = ?", [abend_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
        if not z[0]:
            raise Zustandsfehler(
                f"Abend {abend_id} ist beendet; dort wird nichts mehr eingetragen."
            )

    @staticmethod
    def _werte_zeilen(
        conn: sqlite3.Connection, abend_id: int, spiel: str, werte: Werte
    ) -> list[tuple[Any, ...]]:
        """Wertzeilen ``(spieler_id, spiel, groesse, wert)``: jeder Name ein Spieler des Abends."""
        am_abend = {
            namensschluessel(n): (i, n)
            for i, n in conn.execute(
                "SELECT s.id, s.name FROM abend_spieler x JOIN spieler s ON s.id = x.spieler_id "
                "WHERE x.abend_id = ? ORDER BY x.platz",
                [abend_id],
            )
        }
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
        conn: sqlite3.Connection,
        abend_id: int,
        spiel: str,
        art: str,
        bezug: int | None,
        eingabe: Mapping[str, Any],
        ergebnis: Mapping[str, Any],
        zeilen: list[tuple[Any, ...]],
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
                json.dumps(dict(eingabe), ensure_ascii=False),
                json.dumps(dict(ergebnis), ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        eid = cur.lastrowid
        assert eid is not None  # nach einem INSERT immer gesetzt
        if zeilen:
            conn.executemany(
                "INSERT INTO werte (eintrag_id, abend_id, spieler_id, spiel, groesse, wert, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, 1)",
                [(eid, abend_id, *z) for z in zeilen],
            )
        return eid

    def eintragen(
        self,
        ergebnis: Ergebnis,
        eingabe: Mapping[str, Any] | None = None,
        *,
        abend_id: int | None = None,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Ein Spiel/eine Runde in den (offenen) Abend eintragen; eine Transaktion.

        Gespeichert werden ``ergebnis.als_json()`` und ``ergebnis.werte()`` (``{groesse: {name:
        wert}}``); ``eingabe`` ist, was der Benutzer eingab (z. B. ``{"argv": [...]}`` oder die
        Partie-JSON). Alle Namen der Werte müssen Spieler des Abends sein. Fehler → nichts
        geschrieben. ``schluessel``: war er schon da, wird nichts geschrieben (``Wiederholt``
        mit dem ersten Eintrag).
        """
        self._braucht_daten()
        if abend_id is None:
            abend_id = self.abend().id
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
            self._pruefe_offen(conn, abend_id)
            zeilen = self._werte_zeilen(conn, abend_id, ergebnis.spiel, ergebnis.werte())
            eid = self._einfuegen(
                conn,
                abend_id,
                ergebnis.spiel,
                "spiel",
                None,
                eingabe or {},
                ergebnis.als_json(),
                zeilen,
            )
            self._schluessel_merken(conn, schluessel, eid)
        return self.eintrag(eid)

    def geheimnis(self, name: str) -> str:
        """Ein zufälliges Geheimnis des Buchs (256 Bit, hexadezimal) unter ``name`` – beim
        ersten Mal angelegt (eine Transaktion), danach immer dasselbe."""
        import secrets

        if self.existiert and self._version() >= 7:
            z = self._lies("SELECT wert FROM geheimnisse WHERE name = ?", [name])
            if z:
                return str(z[0][0])
        with self._schreiben() as conn:
            z2 = conn.execute("SELECT wert FROM geheimnisse WHERE name = ?", [name]).fetchone()
            if z2 is not None:
                return str(z2[0])
            wert = secrets.token_hex(32)
            conn.execute("INSERT INTO geheimnisse VALUES (?, ?, ?)", [name, wert, _jetzt()])
        return wert

    def eintrag_zum_schluessel(self, schluessel: str) -> Eintrag | None:
        """Der Eintrag, den ``schluessel`` geschrieben hat (sonst ``None``)."""
        if not self.existiert or self._version() < 5:
            return None
        z = self._lies(
            self._EINTRAG_SQL
            + " WHERE id = (SELECT eintrag_id FROM schluessel WHERE schluessel = ?)",
            [schluessel],
        )
        return self._eintrag_aus(z[0]) if z else None

    def _schluessel_frei(self, conn: sqlite3.Connection, schluessel: str | None) -> None:
        """In der Schreib-Transaktion (also ohne Wettlauf): gab es ``schluessel`` schon,
        ``Wiederholt`` mit dem Eintrag, den er damals schrieb (nichts wird geschrieben)."""
        if schluessel is None:
            return
        z = conn.execute(
            "SELECT eintrag_id FROM schluessel WHERE schluessel = ?", [schluessel]
        ).fetchone()
        if z is not None:
            e = conn.execute(self._EINTRAG_SQL + " WHERE id = ?", [z[0]]).fetchone()
            raise Wiederholt(self._eintrag_aus(e))

    @staticmethod
    def _schluessel_merken(conn: sqlite3.Connection, schluessel: str | None, eid: int) -> None:
        if schluessel is not None:
            conn.execute("INSERT INTO schluessel VALUES (?, ?, ?)", [schluessel, eid, _jetzt()])

    def rueckgaengig(
        self,
        eintrag_id: int | None = None,
        abend_id: int | None = None,
        *,
        nur_letzten: bool = False,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Storniert den letzten geltenden Eintrag des (offenen) Abends – oder ``eintrag_id``.

        Gibt den neuen Storno-Eintrag zurück; das Original bleibt sichtbar (``alle=True``).
        ``nur_letzten``: ``eintrag_id`` muss der letzte geltende seines Abends sein.
        """
        self._braucht_daten()
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
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
            if nur_letzten:
                letzter = conn.execute(
                    "SELECT id FROM eintraege WHERE abend_id = ? AND gilt = 1 "
                    "ORDER BY id DESC LIMIT 1",
                    [alt.abend_id],
                ).fetchone()
                if letzter is None or letzter[0] != alt.id:
                    raise Zustandsfehler(
                        f"Eintrag #{alt.id} ist nicht mehr der letzte (zuletzt gilt "
                        f"#{letzter[0] if letzter else '?'}); nichts rückgängig gemacht."
                    )
            sid = self._einfuegen(
                conn, alt.abend_id, alt.spiel, "storno", alt.id, {"storniert": alt.id}, {}, []
            )
            self._schluessel_merken(conn, schluessel, sid)
        return self.eintrag(sid)

    def _aufhebbar(self, conn: sqlite3.Connection, eintrag_id: int) -> Eintrag:
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
        ergebnis: Ergebnis,
        eingabe: Mapping[str, Any] | None = None,
        *,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Ersetzt Eintrag ``eintrag_id`` durch ein neues Ergebnis desselben Spiels
        (Korrektur-Eintrag)."""
        self._braucht_daten()
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
            alt = self._aufhebbar(conn, eintrag_id)
            if ergebnis.spiel != alt.spiel:
                raise Eingabefehler(
                    f"Eintrag {alt.id} ist ein anderes Spiel ({alt.spiel}); nichts korrigiert."
                )
            self._pruefe_offen(conn, alt.abend_id)
            zeilen = self._werte_zeilen(conn, alt.abend_id, alt.spiel, ergebnis.werte())
            eid = self._einfuegen(
                conn,
                alt.abend_id,
                alt.spiel,
                "korrektur",
                alt.id,
                eingabe or {},
                ergebnis.als_json(),
                zeilen,
            )
            self._schluessel_merken(conn, schluessel, eid)
        return self.eintrag(eid)

    # ------------------------------------------------------------ Auswertung

    def summen(self, abend_id: int | None = None) -> Summen:
        """Die Summen je Spiel, Größe und Name über die geltenden Einträge (ein SQL-Aggregat)."""
        if abend_id is None:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par: list[Any] = []
        else:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE abend_id = ? AND gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par = [abend_id]
        je: dict[tuple[str, str], dict[str, int]] = {}
        for spiel, groesse, name, summe in self._lies(sql, par):
            je.setdefault((spiel, groesse), {})[name] = summe
        return Summen(je)

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


__all__ = [
    "ARTEN",
    "EREIGNIS_ARTEN",
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA_AB",
    "SCHEMA_AKTUELL",
    "Abend",
    "Eintrag",
    "Ereignis",
    "ErgebnisAus",
    "KeineDaten",
    "Spieler",
    "Store",
    "Summen",
    "Wiederholt",
    "angelegte_leere_entfernen",
    "aufgehoben_durch",
    "db_pfad",
    "migrationen",
    "oeffne",
    "verbinde",
]
