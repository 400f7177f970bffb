"""Das Schema des Speichers und seine Migrationen (``sqlite_utils.Migrations``)."""

from __future__ import annotations

import functools
import json
from datetime import UTC
from typing import TYPE_CHECKING

from referee.errors import SpeicherFehler
from referee.namen import namensschluessel
from referee.store.daten import APPLICATION_ID, ErgebnisAus

if TYPE_CHECKING:
    import sqlite3

    from sqlite_utils import Database, Migrations

# --------------------------------------------------------------------------- Migrationen


def migrationen(ergebnis_aus: ErgebnisAus | None = None) -> Migrations:
    """Die Schemaversionen als ``sqlite_utils.Migrations`` (erst beim Aufruf importiert).

    ``ergebnis_aus`` liest bei der Migration auf Schema 2 die Ergebnisse alter Einträge, um
    ihre Werte abzuleiten (die Spiele kennt nur der Spielkatalog ``referee.spiele``); ohne ihn
    lässt sich eine Datei mit Einträgen im Schema 1 nicht aktualisieren."""
    from sqlite_utils import Migrations

    m = Migrations("referee")

    @m(name="v1_grundschema")
    def v1(db: Database) -> None:
        db.table("spieler").create(
            {"id": int, "name": str, "schluessel": str, "angelegt": str},
            pk="id",
            not_null={"name", "schluessel", "angelegt"},
        )
        db.table("spieler").create_index(["schluessel"], unique=True)
        db.table("abende").create(
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
        db.table("abend_spieler").create(
            {"abend_id": int, "spieler_id": int, "platz": int},
            pk=("abend_id", "spieler_id"),
            not_null={"platz"},
            foreign_keys=[("abend_id", "abende", "id"), ("spieler_id", "spieler", "id")],
        )
        db.table("eintraege").create(
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
        db.table("eintraege").create_index(["abend_id"])
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")

    @m(name="v2_werte_geber_nur_anhaengen")
    def v2(db: Database) -> None:
        # Sitzordnung/Geber, laufende Nummer je Abend, abgeleitetes „gilt“
        db.table("abende").add_column("geber_start", int, not_null_default=0)
        db.table("eintraege").add_column("nr", int, not_null_default=0)
        db.table("eintraege").add_column("gilt", int, not_null_default=1)
        db.execute(
            "UPDATE eintraege SET nr = (SELECT count(*) FROM eintraege e2 "
            "WHERE e2.abend_id = eintraege.abend_id AND e2.id <= eintraege.id)"
        )
        db.execute(
            "UPDATE eintraege SET gilt = 0 WHERE art = 'storno' "
            "OR id IN (SELECT bezug FROM eintraege WHERE bezug IS NOT NULL)"
        )
        db.table("eintraege").create_index(["abend_id", "nr"], unique=True)
        db.table("eintraege").create_index(["gilt", "spiel"])
        db.execute(
            "CREATE UNIQUE INDEX eintraege_bezug_einmal ON eintraege(bezug) WHERE bezug IS NOT NULL"
        )
        db.table("werte").create(
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
        db.table("werte").create_index(["eintrag_id"])
        db.table("werte").create_index(
            ["gilt", "spiel", "groesse", "spieler_id", "wert"], index_name="werte_stand_gesamt"
        )
        db.table("werte").create_index(
            ["abend_id", "gilt", "spiel", "groesse", "spieler_id", "wert"],
            index_name="werte_stand_abend",
        )
        # Werte der vorhandenen Einträge aus ihren Ergebnissen nachtragen
        ids = {namensschluessel(r[1]): r[0] for r in db.execute("SELECT id, name FROM spieler")}
        alte = db.execute(
            "SELECT id, abend_id, spiel, ergebnis, gilt FROM eintraege WHERE art != 'storno'"
        ).fetchall()
        if alte and ergebnis_aus is None:
            raise SpeicherFehler(
                "Die Datenbank hat Einträge im Schema 1; zum Aktualisieren über referee.buch öffnen."
            )
        for eid, abend_id, spiel, ergebnis, gilt in alte:
            assert ergebnis_aus is not None
            for groesse, je in ergebnis_aus(spiel, json.loads(ergebnis)).werte().items():
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
    def v3(db: Database) -> None:
        # Storno einer Korrektur: das ersetzte Eintrag gilt wieder („rueckgaengig“ nach
        # „korrektur“ stellt das Original her). Danach darf ein Eintrag mehrfach Bezug sein
        # (erste Korrektur storniert, dann neu korrigiert); doppelte Aufhebung verhindert
        # ``Abendspeicher._aufhebbar`` innerhalb derselben BEGIN-IMMEDIATE-Transaktion.
        db.execute("DROP INDEX eintraege_bezug_einmal")
        db.table("eintraege").create_index(["bezug"], index_name="eintraege_bezug")
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
    def v4(db: Database) -> None:
        # Ereignisse eines Abends, nur anhängend: Hausregel ab jetzt, bezahlt, beendet,
        # wieder geöffnet; ein Storno hebt ein Ereignis auf (Trigger setzt „gilt“).
        db.table("ereignisse").create(
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
        db.table("ereignisse").create_index(["abend_id", "art", "gilt"])
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

    @m(name="v5_schluessel")
    def v5(db: Database) -> None:
        # Idempotenz für Schreiber übers Netz: ein Schlüssel je Formular-Absendung, in
        # derselben Transaktion wie der Eintrag geschrieben; derselbe Schlüssel noch einmal
        # findet den ersten Eintrag statt einen zweiten anzulegen. Nur anhängend.
        db.table("schluessel").create(
            {"schluessel": str, "eintrag_id": int, "zeit": str},
            pk="schluessel",
            not_null={"eintrag_id", "zeit"},
            foreign_keys=[("eintrag_id", "eintraege", "id")],
        )
        db.execute(
            "CREATE TRIGGER schluessel_unveraenderlich BEFORE UPDATE ON schluessel BEGIN "
            "SELECT RAISE(ABORT, 'Schlüssel sind unveränderlich.'); END"
        )
        db.execute("PRAGMA user_version = 5")

    @m(name="v6_turniere")
    def v6(db: Database) -> None:
        _turniere(db)
        db.execute("PRAGMA user_version = 6")

    @m(name="v7_geheimnisse")
    def v7(db: Database) -> None:
        # Zufällige Geheimnisse des Buchs (z. B. woraus die Schreib-Links der Turniertische
        # abgeleitet werden: sie gelten so auch nach einem Neustart). Nur anhängend.
        db.table("geheimnisse").create(
            {"name": str, "wert": str, "angelegt": str},
            pk="name",
            not_null={"wert", "angelegt"},
        )
        db.execute(
            "CREATE TRIGGER geheimnisse_unveraenderlich BEFORE UPDATE ON geheimnisse BEGIN "
            "SELECT RAISE(ABORT, 'Geheimnisse sind unveränderlich.'); END"
        )
        db.execute("PRAGMA user_version = 7")

    @m(name="v8_saisons")
    def v8(db: Database) -> None:
        _saisons(db)
        db.execute("PRAGMA user_version = 8")

    @m(name="v9_kennungen")
    def v9(db: Database) -> None:
        _kennungen(db)
        db.execute("PRAGMA user_version = 9")

    @m(name="v10_turnier_kasse")
    def v10(db: Database) -> None:
        _turnier_kasse(db)
        db.execute("PRAGMA user_version = 10")

    @m(name="v11_turnierleitung")
    def v11(db: Database) -> None:
        _turnierleitung(db)
        db.execute("PRAGMA user_version = 11")

    return m


# --------------------------------------------------------------------------- ein neues Buch


@functools.cache
def _bauplan() -> tuple[tuple[str, ...], tuple[str, ...], int, int]:
    """Das Schema eines neuen Buchs, einmal je Prozess aus den Migrationen gewonnen: alle
    Migrationen auf eine leere Datenbank im Speicher angewandt, dann ihre Tabellen, Indizes und
    Trigger in der Reihenfolge, in der sie entstanden (``sqlite_master`` nach ``rowid``), die
    Namen der angewandten Migrationen, ``user_version`` und ``application_id``.

    Die Migrationen bleiben die eine Quelle des Schemas; ein neues Buch bekommt nur ihr
    Ergebnis auf einmal statt Schritt für Schritt (über 600 Anweisungen mit Tabellen-Umbauten
    gegen gut hundert) – schneller beim ersten Schreiben und beim Probeimport."""
    import sqlite3

    from sqlite_utils import Database

    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        db = Database(conn, execute_plugins=False, recursive_triggers=False)
        migrationen().apply(db)
        sql = tuple(
            z[0]
            for z in conn.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND substr(name, 1, 7) != 'sqlite_' "
                "ORDER BY rowid"
            )
        )
        namen = tuple(z[0] for z in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id"))
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        app = int(conn.execute("PRAGMA application_id").fetchone()[0])
    finally:
        conn.close()
    return sql, namen, version, app


def neues_buch_anlegen(conn: sqlite3.Connection, version_erwartet: int) -> bool:
    """Eine leere Datenbank (keine Tabelle, ``user_version`` 0) in der laufenden Transaktion des
    Aufrufers auf das aktuelle Schema bringen – dasselbe Ergebnis wie alle Migrationen
    (``tests/test_store.py`` vergleicht beides), mit den Migrationen als angewandt vermerkt.
    ``False`` (nichts getan), wenn die Migrationen nicht bei ``version_erwartet`` enden."""
    from datetime import datetime

    sql, namen, version, app = _bauplan()
    if version != version_erwartet:
        return False
    for anweisung in sql:
        conn.execute(anweisung)
    jetzt = str(datetime.now(UTC))
    conn.executemany(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
        [("referee", n, jetzt) for n in namen],
    )
    conn.execute(f"PRAGMA application_id = {app}")
    conn.execute(f"PRAGMA user_version = {version}")
    return True


#: Eine zufällige UUID (Version 4) in SQLite: 16 Zufallsbytes, Version und Variante gesetzt.
_UUID_SQL = (
    "lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || "
    "substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || "
    "substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))"
)

#: Tabellen, deren Zeilen eine Kennung bekommen, und ihre Art in ``kennungen``.
KENNUNG_ARTEN = {"abende": "abend", "turniere": "turnier"}


def _kennungen(db: Database) -> None:
    """Schema 9: jeder Abend und jedes Turnier trägt eine dauerhafte Kennung (UUID) aus seinem
    ersten Buch (issue 36, ``import --dazu``): so erkennt ein Import, was er schon hat.

    Ein Trigger gibt jeder neuen Zeile eine zufällige Kennung, wenn nicht schon eine da ist
    (der Import trägt die aus der Datei vorher ein); vorhandene Zeilen bekommen hier eine.
    Nur anhängend: eine Kennung wird nie geändert oder gelöscht."""
    db.execute(
        "CREATE TABLE kennungen (art TEXT NOT NULL, id INTEGER NOT NULL, uuid TEXT NOT NULL "
        "UNIQUE, PRIMARY KEY (art, id))"
    )
    for tabelle, art in KENNUNG_ARTEN.items():
        db.execute(
            f"INSERT INTO kennungen (art, id, uuid) SELECT '{art}', id, {_UUID_SQL} "
            f"FROM {tabelle} ORDER BY id"
        )
        db.execute(
            f"CREATE TRIGGER {tabelle}_kennung AFTER INSERT ON {tabelle} BEGIN "
            f"INSERT OR IGNORE INTO kennungen (art, id, uuid) VALUES ('{art}', NEW.id, "
            f"{_UUID_SQL}); END"
        )
        # ein eben angelegter, leer verworfener Abend (``abend_verwerfen``) nimmt seine
        # Kennung mit: sonst erbte der nächste Abend mit derselben id sie
        db.execute(
            f"CREATE TRIGGER {tabelle}_kennung_weg AFTER DELETE ON {tabelle} BEGIN "
            f"DELETE FROM kennungen WHERE art = '{art}' AND id = OLD.id; END"
        )
    db.execute(
        "CREATE TRIGGER kennungen_unveraenderlich BEFORE UPDATE ON kennungen BEGIN "
        "SELECT RAISE(ABORT, 'Kennungen sind unveränderlich.'); END"
    )
    bestehend = " OR ".join(
        f"(OLD.art = '{art}' AND EXISTS (SELECT 1 FROM {tabelle} WHERE id = OLD.id))"
        for tabelle, art in KENNUNG_ARTEN.items()
    )
    db.execute(
        "CREATE TRIGGER kennungen_nie_loeschen BEFORE DELETE ON kennungen "
        f"WHEN {bestehend} BEGIN "
        "SELECT RAISE(ABORT, 'Kennungen werden nie gelöscht.'); END"
    )


def _saisons(db: Database) -> None:
    """Schema 8: Saisons (``referee.store.saison``) und Namen, die dieselbe Person meinen – nur
    anhängend. Eine Saison wird nie geändert: eine neue Fassung (Name, Zeitraum, Wertung) und
    jedes Dazunehmen oder Weglassen eines Abends oder Turniers ist eine weitere Zeile in
    ``saison_aenderungen`` (die jüngste gilt). Ein Alias („Sepp“ ist „Sepp Huber“) ist eine
    Zeile in ``spieler_aliase``, seine Aufhebung eine weitere mit ``bezug``; Geschichte (die
    Namen in Abenden und Turnieren) wird nie umgeschrieben."""
    db.table("saisons").create(
        {"id": int, "name": str, "von": str, "bis": str, "wertung": str, "angelegt": str},
        pk="id",
        not_null={"name", "von", "bis", "wertung", "angelegt"},
    )
    db.table("saison_aenderungen").create(
        {
            "id": int,
            "saison_id": int,
            "zeit": str,
            "art": str,
            "ereignis_art": str,
            "ereignis_id": int,
            "daten": str,
        },
        pk="id",
        not_null={"saison_id", "zeit", "art", "daten"},
        foreign_keys=[("saison_id", "saisons", "id")],
    )
    db.table("saison_aenderungen").create_index(["saison_id", "art"])
    db.table("spieler_aliase").create(
        {
            "id": int,
            "zeit": str,
            "art": str,
            "name": str,
            "schluessel": str,
            "ziel": str,
            "ziel_schluessel": str,
            "bezug": int,
        },
        pk="id",
        not_null={"zeit", "art", "name", "schluessel", "ziel", "ziel_schluessel"},
        foreign_keys=[("bezug", "spieler_aliase", "id")],
    )
    db.table("spieler_aliase").create_index(["schluessel"])
    for tabelle in ("saisons", "saison_aenderungen", "spieler_aliase"):
        db.execute(
            f"CREATE TRIGGER {tabelle}_nie_loeschen BEFORE DELETE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Saisondaten werden nie gelöscht; eine Änderung ist eine "
            "neue Zeile.'); END"
        )
        db.execute(
            f"CREATE TRIGGER {tabelle}_unveraenderlich BEFORE UPDATE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Saisondaten sind unveränderlich; eine Änderung ist eine "
            "neue Zeile.'); END"
        )


def _turniere(db: Database) -> None:
    """Schema 6: Preisschafkopf-Turniere (``referee.store.turnier``), nur anhängend wie die
    Abende. Ein Turnier und seine Teilnehmer, Auslosungen und Tische werden nie geändert; ein
    Tisch bekommt Einträge (Blatt = Summen vom Papier, Spiel = ein Spiel vom Handy/der
    Kommandozeile, Storno), eine Korrektur ist ein Eintrag mit ``bezug`` – ein Trigger setzt
    das abgeleitete ``gilt`` des Ersetzten und seiner Werte auf 0 (ein Storno einer Korrektur
    lässt das Original wieder gelten). Abmeldungen und das Ende sind Ereignisse."""
    db.table("turniere").create(
        {
            "id": int,
            "name": str,
            "runden": int,
            "spiele": int,
            "wertung": str,
            "seed": int,
            "angelegt": str,
        },
        pk="id",
        not_null={"name", "runden", "spiele", "wertung", "seed", "angelegt"},
    )
    # Startnummern: eine Zeile je Name (die Anmeldung, danach Ersatzspieler ab einer Runde)
    db.table("turnier_teilnehmer").create(
        {
            "id": int,
            "turnier_id": int,
            "startnummer": int,
            "name": str,
            "schluessel": str,
            "ab_runde": int,
            "art": str,
            "zeit": str,
        },
        pk="id",
        not_null={"turnier_id", "startnummer", "name", "schluessel", "ab_runde", "art", "zeit"},
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_teilnehmer").create_index(["turnier_id", "schluessel"], unique=True)
    db.table("turnier_teilnehmer").create_index(["turnier_id", "startnummer", "ab_runde"])
    db.table("turnier_runden").create(
        {"turnier_id": int, "runde": int, "zeit": str, "wiederholungen": int},
        pk=("turnier_id", "runde"),
        not_null={"zeit", "wiederholungen"},
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_tische").create(
        {"turnier_id": int, "runde": int, "tisch": int, "platz": int, "startnummer": int},
        pk=("turnier_id", "runde", "tisch", "platz"),
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_tische").create_index(["turnier_id", "runde", "startnummer"], unique=True)
    db.table("turnier_eintraege").create(
        {
            "id": int,
            "turnier_id": int,
            "runde": int,
            "tisch": int,
            "zeit": str,
            "art": str,
            "bezug": int,
            "eingabe": str,
            "ergebnis": str,
            "gilt": int,
        },
        pk="id",
        not_null={"turnier_id", "runde", "tisch", "zeit", "art", "eingabe", "ergebnis", "gilt"},
        foreign_keys=[("turnier_id", "turniere", "id"), ("bezug", "turnier_eintraege", "id")],
    )
    db.table("turnier_eintraege").create_index(["turnier_id", "runde", "tisch", "gilt"])
    db.table("turnier_eintraege").create_index(["bezug"])
    db.table("turnier_werte").create(
        {
            "eintrag_id": int,
            "turnier_id": int,
            "runde": int,
            "tisch": int,
            "startnummer": int,
            "punkte": int,
            "soli": int,
            "gilt": int,
        },
        not_null={"turnier_id", "runde", "tisch", "startnummer", "punkte", "soli", "gilt"},
        foreign_keys=[("eintrag_id", "turnier_eintraege", "id")],
    )
    db.table("turnier_werte").create_index(["eintrag_id"])
    db.table("turnier_werte").create_index(
        ["turnier_id", "gilt", "runde", "tisch", "startnummer", "punkte", "soli"],
        index_name="turnier_werte_stand",
    )
    db.table("turnier_ereignisse").create(
        {
            "id": int,
            "turnier_id": int,
            "zeit": str,
            "art": str,
            "startnummer": int,
            "runde": int,
            "bezug": int,
            "gilt": int,
        },
        pk="id",
        not_null={"turnier_id", "zeit", "art", "gilt"},
        foreign_keys=[("turnier_id", "turniere", "id"), ("bezug", "turnier_ereignisse", "id")],
    )
    db.table("turnier_ereignisse").create_index(["turnier_id", "art", "gilt"])
    db.table("turnier_schluessel").create(
        {"schluessel": str, "eintrag_id": int, "zeit": str},
        pk="schluessel",
        not_null={"eintrag_id", "zeit"},
        foreign_keys=[("eintrag_id", "turnier_eintraege", "id")],
    )
    # nur anhängen: nichts davon wird gelöscht oder (außer dem abgeleiteten „gilt“) geändert
    for tabelle in (
        "turniere",
        "turnier_teilnehmer",
        "turnier_runden",
        "turnier_tische",
        "turnier_eintraege",
        "turnier_werte",
        "turnier_ereignisse",
        "turnier_schluessel",
    ):
        db.execute(
            f"CREATE TRIGGER {tabelle}_nie_loeschen BEFORE DELETE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Turnierdaten werden nie gelöscht, nur storniert.'); END"
        )
    for tabelle in ("turniere", "turnier_teilnehmer", "turnier_runden", "turnier_tische"):
        db.execute(
            f"CREATE TRIGGER {tabelle}_unveraenderlich BEFORE UPDATE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Turnierdaten sind unveränderlich.'); END"
        )
    db.execute(
        "CREATE TRIGGER turnier_schluessel_unveraenderlich BEFORE UPDATE ON turnier_schluessel "
        "BEGIN SELECT RAISE(ABORT, 'Schlüssel sind unveränderlich.'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_eintraege_unveraenderlich BEFORE UPDATE OF id, turnier_id, "
        "runde, tisch, zeit, art, bezug, eingabe, ergebnis ON turnier_eintraege BEGIN "
        "SELECT RAISE(ABORT, 'Einträge sind unveränderlich; Korrektur statt Änderung.'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_werte_unveraenderlich BEFORE UPDATE OF eintrag_id, turnier_id, "
        "runde, tisch, startnummer, punkte, soli ON turnier_werte BEGIN "
        "SELECT RAISE(ABORT, 'Werte sind unveränderlich.'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_ereignisse_unveraenderlich BEFORE UPDATE OF id, turnier_id, "
        "zeit, art, startnummer, runde, bezug ON turnier_ereignisse BEGIN "
        "SELECT RAISE(ABORT, 'Ereignisse sind unveränderlich; Storno statt Änderung.'); END"
    )
    # ein Eintrag mit Bezug hebt das Bezogene auf; ein Storno einer Korrektur lässt das
    # Original wieder gelten (wie bei den Abenden, Schema 3)
    db.execute(
        "CREATE TRIGGER turnier_eintraege_aufheben AFTER INSERT ON turnier_eintraege "
        "WHEN NEW.bezug IS NOT NULL BEGIN "
        "UPDATE turnier_eintraege SET gilt = 0 WHERE id = NEW.bezug; "
        "UPDATE turnier_werte SET gilt = 0 WHERE eintrag_id = NEW.bezug; "
        "UPDATE turnier_eintraege SET gilt = 1 WHERE NEW.art = 'storno' AND id = "
        "(SELECT bezug FROM turnier_eintraege WHERE id = NEW.bezug AND art != 'storno'); "
        "UPDATE turnier_werte SET gilt = 1 WHERE NEW.art = 'storno' AND eintrag_id = "
        "(SELECT bezug FROM turnier_eintraege WHERE id = NEW.bezug AND art != 'storno'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_ereignisse_aufheben AFTER INSERT ON turnier_ereignisse "
        "WHEN NEW.bezug IS NOT NULL BEGIN "
        "UPDATE turnier_ereignisse SET gilt = 0 WHERE id = NEW.bezug; END"
    )


def _turnier_kasse(db: Database) -> None:
    """Schema 10: was die Turnierleitung am Abend dazu festhält (``referee.store.turnierkasse``),
    vier Tabellen, nur anhängend (kein Trigger setzt etwas nach, nichts wird geändert oder
    gelöscht – was gilt, ergibt sich beim Lesen):

    - ``turnier_eckdaten``: Ort, Datum, Startgeld (Cent) eines Turniers; je Art gilt die
      jüngste Zeile.
    - ``turnier_zahlungen``: ein bezahltes Startgeld je Zeile (``betrag`` in Cent); eine Zeile
      mit ``bezug`` nimmt die Zahlung ``bezug`` zurück (dann ``betrag`` 0).
    - ``turnier_preislisten``: die Preisliste (JSON, ``referee.turnier.preise``); es gilt die
      jüngste.
    - ``turnier_vereine``: Verein und Mannschaft einer Startnummer; es gilt die jüngste Zeile.
    """
    db.table("turnier_eckdaten").create(
        {"id": int, "turnier_id": int, "zeit": str, "art": str, "wert": str},
        pk="id",
        not_null={"turnier_id", "zeit", "art", "wert"},
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_eckdaten").create_index(["turnier_id", "art"])
    db.table("turnier_zahlungen").create(
        {
            "id": int,
            "turnier_id": int,
            "zeit": str,
            "startnummer": int,
            "betrag": int,
            "bezug": int,
        },
        pk="id",
        not_null={"turnier_id", "zeit", "startnummer", "betrag"},
        foreign_keys=[("turnier_id", "turniere", "id"), ("bezug", "turnier_zahlungen", "id")],
    )
    db.table("turnier_zahlungen").create_index(["turnier_id", "startnummer"])
    db.table("turnier_zahlungen").create_index(["bezug"], unique=True)
    db.table("turnier_preislisten").create(
        {"id": int, "turnier_id": int, "zeit": str, "liste": str},
        pk="id",
        not_null={"turnier_id", "zeit", "liste"},
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_preislisten").create_index(["turnier_id"])
    db.table("turnier_vereine").create(
        {
            "id": int,
            "turnier_id": int,
            "zeit": str,
            "startnummer": int,
            "verein": str,
            "mannschaft": str,
        },
        pk="id",
        not_null={"turnier_id", "zeit", "startnummer"},
        foreign_keys=[("turnier_id", "turniere", "id")],
    )
    db.table("turnier_vereine").create_index(["turnier_id", "startnummer"])
    for tabelle in (
        "turnier_eckdaten",
        "turnier_zahlungen",
        "turnier_preislisten",
        "turnier_vereine",
    ):
        db.execute(
            f"CREATE TRIGGER {tabelle}_nie_loeschen BEFORE DELETE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Turnierdaten werden nie gelöscht, nur storniert.'); END"
        )
        db.execute(
            f"CREATE TRIGGER {tabelle}_unveraenderlich BEFORE UPDATE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Turnierdaten sind unveränderlich.'); END"
        )


def _turnierleitung(db: Database) -> None:
    """Schema 11: eine Auslosung lässt sich zurücknehmen, ein Turnier wieder öffnen (issue 35) –
    nur anhängend wie bisher.

    Eine Runde kann mehrere Auslosungen haben (``auslosung`` 1, 2, …), von denen höchstens eine
    gilt: ``gilt`` ist abgeleitet wie bei den Einträgen – das Ereignis ``auslosung_zurueck``
    (mit Runde und Nummer der Auslosung) setzt es für die Runde und ihre Tische auf 0, ein
    Trigger, kein UPDATE von Hand, nie ein DELETE. Dafür werden ``turnier_runden`` und
    ``turnier_tische`` mit der Nummer der Auslosung im Primärschlüssel neu gebaut (SQLite kann
    einen Primärschlüssel nicht ändern); was darin stand, ist Auslosung 1 und gilt.
    ``wieder`` (ein Turnier wieder öffnen) ist ein Ereignis mit Bezug auf das Ende und braucht
    nur den Trigger, den es schon gibt."""
    db.execute(
        "CREATE TABLE turnier_runden_neu (turnier_id INTEGER NOT NULL REFERENCES turniere(id), "
        "runde INTEGER NOT NULL, auslosung INTEGER NOT NULL, zeit TEXT NOT NULL, "
        "wiederholungen INTEGER NOT NULL, gilt INTEGER NOT NULL, "
        "PRIMARY KEY (turnier_id, runde, auslosung))"
    )
    db.execute(
        "INSERT INTO turnier_runden_neu SELECT turnier_id, runde, 1, zeit, wiederholungen, 1 "
        "FROM turnier_runden"
    )
    db.execute(
        "CREATE TABLE turnier_tische_neu (turnier_id INTEGER NOT NULL REFERENCES turniere(id), "
        "runde INTEGER NOT NULL, auslosung INTEGER NOT NULL, tisch INTEGER NOT NULL, "
        "platz INTEGER NOT NULL, startnummer INTEGER NOT NULL, gilt INTEGER NOT NULL, "
        "PRIMARY KEY (turnier_id, runde, auslosung, tisch, platz))"
    )
    db.execute(
        "INSERT INTO turnier_tische_neu SELECT turnier_id, runde, 1, tisch, platz, startnummer, 1 "
        "FROM turnier_tische"
    )
    # DROP TABLE löst keine Trigger aus; die alten Trigger und Indizes gehen mit der Tabelle
    for tabelle in ("turnier_runden", "turnier_tische"):
        db.execute(f"DROP TABLE {tabelle}")
        db.execute(f"ALTER TABLE {tabelle}_neu RENAME TO {tabelle}")
        db.execute(
            f"CREATE TRIGGER {tabelle}_nie_loeschen BEFORE DELETE ON {tabelle} BEGIN "
            "SELECT RAISE(ABORT, 'Turnierdaten werden nie gelöscht, nur storniert.'); END"
        )
        # „gilt“ geht nur von 1 auf 0 (durch das Zurücknehmen), alles andere bleibt
        db.execute(
            f"CREATE TRIGGER {tabelle}_gilt_nur_einmal BEFORE UPDATE OF gilt ON {tabelle} "
            "WHEN NOT (OLD.gilt = 1 AND NEW.gilt = 0) BEGIN "
            "SELECT RAISE(ABORT, 'Eine zurückgenommene Auslosung bleibt zurückgenommen.'); END"
        )
    db.execute(
        "CREATE TRIGGER turnier_runden_unveraenderlich BEFORE UPDATE OF turnier_id, runde, "
        "auslosung, zeit, wiederholungen ON turnier_runden BEGIN "
        "SELECT RAISE(ABORT, 'Turnierdaten sind unveränderlich.'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_tische_unveraenderlich BEFORE UPDATE OF turnier_id, runde, "
        "auslosung, tisch, platz, startnummer ON turnier_tische BEGIN "
        "SELECT RAISE(ABORT, 'Turnierdaten sind unveränderlich.'); END"
    )
    # je Runde gilt höchstens eine Auslosung; darin sitzt jede Startnummer einmal
    db.execute(
        "CREATE UNIQUE INDEX turnier_runden_eine_gilt ON turnier_runden (turnier_id, runde) "
        "WHERE gilt = 1"
    )
    db.execute(
        "CREATE UNIQUE INDEX turnier_tische_einmal ON turnier_tische "
        "(turnier_id, runde, auslosung, startnummer)"
    )
    db.execute(
        "CREATE INDEX turnier_tische_geltend ON turnier_tische (turnier_id, gilt, runde, tisch)"
    )
    db.execute("ALTER TABLE turnier_ereignisse ADD COLUMN auslosung INTEGER")
    db.execute("DROP TRIGGER turnier_ereignisse_unveraenderlich")
    db.execute(
        "CREATE TRIGGER turnier_ereignisse_unveraenderlich BEFORE UPDATE OF id, turnier_id, "
        "zeit, art, startnummer, runde, bezug, auslosung ON turnier_ereignisse BEGIN "
        "SELECT RAISE(ABORT, 'Ereignisse sind unveränderlich; Storno statt Änderung.'); END"
    )
    db.execute(
        "CREATE TRIGGER turnier_auslosung_zurueck AFTER INSERT ON turnier_ereignisse "
        "WHEN NEW.art = 'auslosung_zurueck' BEGIN "
        "UPDATE turnier_runden SET gilt = 0 WHERE turnier_id = NEW.turnier_id "
        "AND runde = NEW.runde AND auslosung = NEW.auslosung AND gilt = 1; "
        "UPDATE turnier_tische SET gilt = 0 WHERE turnier_id = NEW.turnier_id "
        "AND runde = NEW.runde AND auslosung = NEW.auslosung AND gilt = 1; END"
    )
