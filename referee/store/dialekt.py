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

import json
from dataclasses import dataclass
from typing import Any


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
    #: ein Feld der obersten Ebene von ``ergebnis`` (ein ``?`` für ``json_pfad(feld)``)
    json_feld: str
    #: „ist verschieden von“, auch wenn eine Seite NULL ist (SQLite: ``IS NOT``)
    ist_verschieden: str

    def json_pfad(self, feld: str) -> str:
        """Der Parameter zu ``json_feld``: SQLites JSON-Pfad ``$.feld`` oder der Schlüssel."""
        return f"$.{feld}" if self.name == "sqlite" else feld

    def json_wert(self, wert: Any) -> Any:
        """Ein Wert aus ``json_feld`` so, wie SQLites ``json_extract`` ihn liefert: Wahrheitswerte
        als 0/1, Objekte und Listen als knapper JSON-Text; sonst wie er ist."""
        if self.name == "sqlite":
            return wert
        if isinstance(wert, bool):
            return int(wert)
        if isinstance(wert, dict | list):
            return json.dumps(wert, ensure_ascii=False, separators=(",", ":"))
        return wert


SQLITE = Dialekt(
    name="sqlite",
    abend_spieler_json=(
        "(SELECT json_group_array(name) FROM (SELECT s.name AS name FROM abend_spieler x "
        "JOIN spieler s ON s.id = x.spieler_id WHERE x.abend_id = a.id ORDER BY x.platz) AS n)"
    ),
    konventionen_je="json_each(e.ergebnis, '$.konventionen') j",
    export_in_sql=True,
    json_feld="json_extract(ergebnis, ?)",
    ist_verschieden="IS NOT",
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
    json_feld="(ergebnis::json -> ?::text)",
    ist_verschieden="IS DISTINCT FROM",
)

__all__ = ["POSTGRES", "SQLITE", "Dialekt"]
