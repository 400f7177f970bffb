"""Das PostgreSQL-Schema (``referee.store.pg_schema``) hat dieselben Tabellen und Spalten wie
eine frisch migrierte SQLite-Datei – sonst scheitert dieser Test laut.

Kommt auf der SQLite-Seite eine Tabelle oder Spalte dazu (eine neue Migration), nennt die
Meldung, was in ``pg_schema.TABELLEN`` fehlt. Der erste Teil braucht keinen Server (er liest
die Beschreibung des PG-Schemas); der zweite prüft die echte Datenbank (``REFEREE_TEST_PG``).
"""

from __future__ import annotations

import sqlite3

import buchorte

from referee.store import SCHEMA_AKTUELL, pg_schema
from referee.store.postgres import uebersetze
from referee.store.verbindung import Verbindung

# die Fixtures aus buchorte (als Namen dieses Moduls findet pytest sie)
pg_buch = buchorte.pg_buch

#: Buchhaltung der Migrationen, keine Daten des Buchs (SQLite: sqlite_utils; PG: Version)
BUCHHALTUNG = {"_sqlite_migrations", "referee_schema"}
#: SQLites versteckte Zeilennummer heißt auf PostgreSQL ``rowid`` (Reihenfolge des Schreibens)
NUR_PG = {"rowid"}


def _sqlite_schema(tmp_path) -> dict[str, list[str]]:
    v = Verbindung(tmp_path / "frisch.db")
    with v.schreiben():
        pass  # legt die Datei an und spielt alle Migrationen ein
    v.schliessen()
    conn = sqlite3.connect(tmp_path / "frisch.db")
    try:
        tabellen = [
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {
            t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")]
            for t in tabellen
            if t not in BUCHHALTUNG
        }
    finally:
        conn.close()


def _pg_beschrieben() -> dict[str, list[str]]:
    return {t: [c for c in pg_schema.spalten(t) if c not in NUR_PG] for t in pg_schema.TABELLEN}


def _unterschiede(sqlite: dict[str, list[str]], pg: dict[str, list[str]]) -> list[str]:
    """Was fehlt oder anders ist – auch die Reihenfolge der Spalten (der Turnier-Export nennt
    die Spalten in Tabellenreihenfolge; der Umzug muss Byte für Byte gleich exportieren)."""
    aus = [
        f"Tabelle {t} fehlt in referee/store/pg_schema.py (TABELLEN, INDIZES, Trigger)"
        for t in sorted(set(sqlite) - set(pg))
    ]
    aus += [f"Tabelle {t} gibt es nur auf PostgreSQL" for t in sorted(set(pg) - set(sqlite))]
    for t in sorted(set(sqlite) & set(pg)):
        a, b = set(sqlite[t]), set(pg[t])
        if a != b:
            aus.append(f"{t}: nur SQLite {sorted(a - b)}, nur PostgreSQL {sorted(b - a)}")
        elif sqlite[t] != pg[t]:
            aus.append(f"{t}: Spalten in anderer Reihenfolge: SQLite {sqlite[t]}, PG {pg[t]}")
    return aus


def test_pg_schema_beschreibt_dieselbe_version():
    assert pg_schema.SCHEMA == SCHEMA_AKTUELL, (
        "Das SQLite-Schema hat eine neue Version: referee/store/pg_schema.py nachziehen "
        "(Tabellen, Indizes, Trigger) und SCHEMA erhöhen"
    )


def test_pg_schema_hat_die_tabellen_und_spalten_von_sqlite(tmp_path):
    assert _unterschiede(_sqlite_schema(tmp_path), _pg_beschrieben()) == []


def test_der_vergleich_merkt_eine_neue_tabelle():
    """Der Vergleich selbst: eine Tabelle oder Spalte nur auf einer Seite fällt auf."""
    pg = _pg_beschrieben()
    sqlite = {**pg, "pokale": ["id", "name"], "spieler": [*pg["spieler"], "verein"]}
    sqlite["abende"] = [*pg["abende"][1:], "id"]
    assert _unterschiede(sqlite, pg) == [
        "Tabelle pokale fehlt in referee/store/pg_schema.py (TABELLEN, INDIZES, Trigger)",
        "abende: Spalten in anderer Reihenfolge: SQLite "
        + str([*pg["abende"][1:], "id"])
        + f", PG {pg['abende']}",
        "spieler: nur SQLite ['verein'], nur PostgreSQL []",
    ]


def test_jede_zusage_nennt_eine_tabelle_des_schemas():
    for tabelle in [*pg_schema.NUR_ANHAENGEN, *pg_schema.UNVERAENDERLICH]:
        assert tabelle in pg_schema.TABELLEN
    for tabelle, spalten, _ in pg_schema.INDIZES:
        assert set(spalten) <= set(pg_schema.spalten(tabelle)), tabelle
    for tabelle, (fest, _) in pg_schema.UNVERAENDERLICH.items():
        assert fest is None or set(fest) <= set(pg_schema.spalten(tabelle)), tabelle


def test_die_echte_pg_datenbank_hat_dieselben_spalten(pg_buch, tmp_path):
    from referee.spiele import store_oeffnen

    with store_oeffnen(pg_buch) as s:
        with s.verbindung.schreiben():
            pass  # legt das Schema an
        zeilen = s.verbindung.lies(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        )
    echt: dict[str, list[str]] = {}
    for t, c in zeilen:
        if t not in BUCHHALTUNG and c not in NUR_PG:
            echt.setdefault(t, []).append(c)
    assert _unterschiede(_sqlite_schema(tmp_path), echt) == []


def test_uebersetzung_haelt_die_werte_als_parameter():
    """``?`` wird zu ``%s`` nur außerhalb von Zeichenketten; ``%`` wird verdoppelt; ein INSERT
    in eine Tabelle mit id liefert sie mit ``RETURNING id``."""
    assert uebersetze("SELECT id FROM spieler WHERE name = ? AND x = '?%'") == (
        "SELECT id FROM spieler WHERE name = %s AND x = '?%%'"
    )
    assert uebersetze("INSERT INTO abende (datum) VALUES (?)") == (
        "INSERT INTO abende (datum) VALUES (%s) RETURNING id"
    )
    assert uebersetze("INSERT INTO schluessel VALUES (?, ?, ?)") == (
        "INSERT INTO schluessel VALUES (%s, %s, %s)"
    )
