"""Ein Buch umziehen: alle Tabellen aus einer Datenbank in eine leere andere (SQLite ↔
PostgreSQL), in einer Transaktion des Ziels.

Kopiert wird Zeile für Zeile mit ihren ids, in der Reihenfolge des Schreibens (SQLite:
``rowid``, PostgreSQL: ``id``/``rowid``): so bleiben Nummern, Zeiten, ``gilt``, die
Schreib-Schlüssel (Idempotenz) und die Geheimnisse des Buchs (die Links der Turniertische
gelten weiter) gleich, und der JSON-Export des umgezogenen Buchs ist Byte für Byte derselbe.
Die Tabellen stehen in ``pg_schema.TABELLEN`` in der Reihenfolge ihrer Fremdschlüssel; der
Schema-Vergleich (``tests/test_pg_schema.py``) sorgt dafür, dass es dieselben sind wie in
einer SQLite-Datei. Die Trigger des Ziels laufen mit: ein Storno setzt ``gilt`` des
Bezogenen genauso, wie es in der Quelle geschah (jede Zuweisung ist absolut, die letzte
gewinnt), die Werte kommen schon mit ihrem endgültigen ``gilt``.
"""

from __future__ import annotations

from typing import Any

from referee.errors import Zustandsfehler
from referee.store import pg_schema
from referee.store.verbindung import Buchverbindung

#: so viele Zeilen je ``executemany``
_STAPEL = 2000


def _spalten(tabelle: str) -> list[str]:
    """Die Spalten, die beide Datenbanken haben (ohne PostgreSQLs ``rowid``)."""
    return [s for s in pg_schema.spalten(tabelle) if s != "rowid"]


def _ordnung(quelle: Buchverbindung, tabelle: str) -> str:
    alle = pg_schema.spalten(tabelle)
    if "id" in alle:
        return "id"
    if quelle.dialekt.name == "sqlite" or "rowid" in alle:
        return "rowid"
    return ", ".join(alle)


def leer(v: Buchverbindung) -> bool:
    """Hat das Buch keine einzige Zeile (oder noch kein Schema)?"""
    if not v.existiert:
        return True
    return not any(v.lies(f"SELECT 1 FROM {t} LIMIT 1") for t in pg_schema.TABELLEN)


def umziehen(quelle: Buchverbindung, ziel: Buchverbindung) -> dict[str, int]:
    """Alles aus ``quelle`` nach ``ziel`` (muss leer sein; sonst ``Zustandsfehler``, nichts
    geschrieben). Zurück: Zeilen je Tabelle."""
    quelle.braucht_daten()
    zahlen: dict[str, int] = {}
    # die Quelle in einem Schnappschuss lesen: schreibt gerade jemand, zieht ein Stand ganz um
    with quelle.lesend(), ziel.schreiben() as conn:
        for t in pg_schema.TABELLEN:
            if conn.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone() is not None:
                raise Zustandsfehler(
                    f"Die Datenbank {ziel.pfad} ist nicht leer ({t}); umgezogen wird nur in "
                    "ein leeres Buch."
                )
        for t in pg_schema.TABELLEN:
            spalten = _spalten(t)
            liste = ", ".join(spalten)
            zeilen = quelle.lies(f"SELECT {liste} FROM {t} ORDER BY {_ordnung(quelle, t)}")
            platz = ", ".join("?" * len(spalten))
            sql = f"INSERT INTO {t} ({liste}) VALUES ({platz})"
            for i in range(0, len(zeilen), _STAPEL):
                stapel: list[tuple[Any, ...]] = zeilen[i : i + _STAPEL]
                conn.executemany(sql, stapel)
            zahlen[t] = len(zeilen)
    return zahlen


__all__ = ["leer", "umziehen"]
