"""Die Naht zwischen den zwei Datenbanken des Buchs: was SQLite und PostgreSQL verschieden
schreiben.

Die Speicher (``abende``, ``eintraege``, ``austausch``, ``turnier``) schreiben ihr SQL einmal, mit
``?`` als Platzhalter und in der Schnittmenge beider Dialekte; was nur eine Seite kann, holen sie
sich hier (``verbindung.dialekt``): JSON-Aggregate, das Zerlegen einer JSON-Liste, ob der schnelle
Export in SQL gebaut werden kann. Den Rest übersetzt die PostgreSQL-Verbindung selbst
(``referee.store.postgres``: ``?`` → ``%s``, ``lastrowid`` über ``RETURNING id``); PRAGMAs,
``data_version``, Sperren und die Integritätsprüfung stecken in den Verbindungen
(``Verbindung`` für SQLite, ``PgVerbindung`` für PostgreSQL).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialekt:
    """Die SQL-Bausteine einer Datenbank."""

    name: str
    #: ``(SELECT <JSON-Liste der Namen in Sitzordnung>)`` zu einem Abend ``a``
    abend_spieler_json: str
    #: eine Tabellenfunktion über die Elemente der JSON-Liste ``e.ergebnis → konventionen``, mit
    #: den Spalten ``value`` (Text) und ``key`` (Stelle in der Liste)
    konventionen_je: str
    #: Kann die Datenbank die Export-Zeilen selbst bauen (SQLite: ``json_group_object``)?
    export_in_sql: bool


SQLITE = Dialekt(
    name="sqlite",
    abend_spieler_json=(
        "(SELECT json_group_array(name) FROM (SELECT s.name AS name FROM abend_spieler x "
        "JOIN spieler s ON s.id = x.spieler_id WHERE x.abend_id = a.id ORDER BY x.platz) AS n)"
    ),
    konventionen_je="json_each(e.ergebnis, '$.konventionen') j",
    export_in_sql=True,
)

POSTGRES = Dialekt(
    name="postgresql",
    abend_spieler_json=(
        "(SELECT COALESCE(json_agg(s.name ORDER BY x.platz), '[]')::text FROM abend_spieler x "
        "JOIN spieler s ON s.id = x.spieler_id WHERE x.abend_id = a.id)"
    ),
    konventionen_je=(
        "json_array_elements_text((e.ergebnis::json) -> 'konventionen') WITH ORDINALITY "
        "AS j(value, key)"
    ),
    export_in_sql=False,
)

__all__ = ["POSTGRES", "SQLITE", "Dialekt"]
