"""Turniere im JSON-Export und Import (issue 35, Punkt 11): tabellengetrieben.

Der Export nennt je Turniertabelle ihre Zeilen, Spalte für Spalte, wie sie gespeichert sind
(JSON-Spalten wie ``wertung``, ``eingabe``, ``ergebnis`` als Text: so kommt genau dasselbe
wieder heraus). Welche Tabellen in welcher Reihenfolge, steht in ``TURNIER_TABELLEN`` – ein
weiterer Teil des Turniers (Preise, Startgeld …) hängt seine Tabelle mit einer Zeile an.

Beim Import wird eingefügt, was gespeichert war – bis auf das Abgeleitete: ``gilt`` der
Einträge und Ereignisse setzen die Trigger wie beim Eintragen (eingefügt in Reihenfolge der
ids, ein Storno mit ``gilt = 0``, jeder andere mit 1), die Wertzeilen (``turnier_werte``)
entstehen aus dem Ergebnis jedes Eintrags neu. Die Einfuhr (``referee.einfuhr``) vergleicht
danach den Export der Probedatei mit der Datei: ein falsches ``gilt`` fällt so auf; das Buch
rechnet jedes geltende Spiel und Blatt nach (``Turnierbuch.nachrechnen``).

Die Kennung jedes Turniers (Schema 9, issue 36) geht als Tabelle ``kennungen`` mit – nur ihre
Zeilen mit ``art = 'turnier'``, vor den Turnieren eingefügt (der Trigger lässt sie dann
stehen). Ein älterer Export ohne sie: jedes Turnier bekommt beim Import eine neue.

``import --dazu`` (``dazu=True``): die Datei ist das ganze zusammengeführte Buch; eine Zeile,
deren Schlüssel (``Turniertabelle.schluessel``) es schon gibt, bleibt, wie sie ist – bis auf
die Spalten in ``nachziehen``, die vorab den Stand der Datei bekommen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.errors import Eingabefehler

if TYPE_CHECKING:
    import sqlite3


def _gilt_wie_beim_eintragen(zeile: Mapping[str, Any]) -> int:
    """Ein Storno gilt nie selbst, alles andere beim Einfügen; spätere Zeilen heben auf."""
    return 0 if zeile.get("art") == "storno" else 1


@dataclass(frozen=True)
class Turniertabelle:
    """Eine Tabelle im Export: ihr Name, die Reihenfolge ihrer Zeilen (``ORDER BY``), und
    Spalten, die beim Import nicht aus der Datei kommen, sondern abgeleitet werden (im Export
    stehen sie, der Vergleich nach dem Import prüft sie)."""

    name: str
    reihenfolge: str
    abgeleitet: Mapping[str, Callable[[Mapping[str, Any]], Any]] | None = None
    #: nur diese Zeilen der Tabelle (``kennungen``: die der Turniere)
    bedingung: str = "1"
    #: abgeleitete Spalten, die ein Trigger eines *späteren* Ereignisses ändert (eine
    #: zurückgenommene Auslosung): ``dazu`` setzt sie bei vorhandenen Zeilen vorab auf den
    #: Stand der Datei (der Trigger erlaubt nur 1 → 0), damit die neuen Zeilen passen
    nachziehen: tuple[str, ...] = ()

    @property
    def schluessel(self) -> tuple[str, ...]:
        """Woran eine Zeile wiedererkannt wird: die Spalten ihrer Reihenfolge (``rowid`` ist
        bei diesen Tabellen die ``id``)."""
        return tuple(
            "id" if s == "rowid" else s for s in self.reihenfolge.replace(" ", "").split(",")
        )


#: Die Turniertabellen in Einfügereihenfolge (Bezüge zeigen nur auf Früheres). Nicht exportiert:
#: ``turnier_werte`` (aus den Ergebnissen neu), ``turnier_schluessel`` (wie beim Abend).
TURNIER_TABELLEN: list[Turniertabelle] = [
    # die Kennung vor ihrem Turnier (issue 36): ``id`` ist die des Turniers
    Turniertabelle("kennungen", "id", bedingung="art = 'turnier'"),
    Turniertabelle("turniere", "id"),
    Turniertabelle("turnier_teilnehmer", "id"),  # (in SQLite dasselbe wie rowid)
    Turniertabelle("turnier_runden", "turnier_id, runde, auslosung", nachziehen=("gilt",)),
    Turniertabelle(
        "turnier_tische", "turnier_id, runde, auslosung, tisch, platz", nachziehen=("gilt",)
    ),
    Turniertabelle("turnier_ereignisse", "id", {"gilt": _gilt_wie_beim_eintragen}),
    Turniertabelle("turnier_eintraege", "id", {"gilt": _gilt_wie_beim_eintragen}),
    # die Turnierleitung (Schema 10): Eckdaten, Startgeld-Zahlungen, Preislisten, Vereine
    Turniertabelle("turnier_eckdaten", "id"),
    Turniertabelle("turnier_zahlungen", "id"),
    Turniertabelle("turnier_preislisten", "id"),
    Turniertabelle("turnier_vereine", "id"),
]


def _spalten(conn: sqlite3.Connection, tabelle: str) -> list[str]:
    """Die Spalten einer Tabelle in ihrer Reihenfolge (aus der Beschreibung einer leeren
    Abfrage: so auf SQLite wie auf PostgreSQL)."""
    return [d[0] for d in conn.execute(f'SELECT * FROM "{tabelle}" LIMIT 0').description]


def hat_turniere(conn: sqlite3.Connection, schema: int | None = None) -> bool:
    """Gibt es mindestens ein Turnier? ``schema``: die Schemaversion des Buchs, wenn es älter
    sein kann (Turniertabellen gibt es ab Schema 6); ohne: das aktuelle (in einer Schreib-
    Transaktion ist das Schema immer auf dem neuesten Stand)."""
    if schema is not None and schema < 6:
        return False
    return conn.execute("SELECT 1 FROM turniere LIMIT 1").fetchone() is not None


def turniere_exportieren(conn: sqlite3.Connection) -> dict[str, list[dict[str, Any]]]:
    """Je Tabelle aus ``TURNIER_TABELLEN`` ihre Zeilen als ``{Spalte: Wert}``."""
    aus: dict[str, list[dict[str, Any]]] = {}
    for t in TURNIER_TABELLEN:
        spalten = _spalten(conn, t.name)
        liste = ", ".join(f'"{s}"' for s in spalten)
        aus[t.name] = [
            dict(zip(spalten, z, strict=True))
            for z in conn.execute(
                f'SELECT {liste} FROM "{t.name}" WHERE {t.bedingung} ORDER BY {t.reihenfolge}'
            )
        ]
    return aus


def turniere_importieren(conn: sqlite3.Connection, daten: Any, *, dazu: bool = False) -> None:
    """Die Turniere eines Exports in die (leere) Datenbank von ``conn`` – in der Transaktion
    des Aufrufers. Falsche Form: ``Eingabefehler``; was SQLite ablehnt (Fremdschlüssel,
    NOT NULL, Trigger), bricht die Transaktion ab.

    ``dazu``: ``daten`` sind die Turniere des zusammengeführten Buchs; geschrieben wird nur,
    was fehlt (siehe oben)."""
    import sqlite3

    if not isinstance(daten, dict):
        raise Eingabefehler("„turniere“ muss ein JSON-Objekt sein (je Tabelle ihre Zeilen).")
    bekannt = {t.name for t in TURNIER_TABELLEN}
    fremd = [k for k in daten if k not in bekannt]
    if fremd:
        raise Eingabefehler(f"„turniere“: unbekannte Tabelle „{str(fremd[0])[:40]}“.")
    for t in TURNIER_TABELLEN:
        zeilen = daten.get(t.name, [])
        if not isinstance(zeilen, list):
            raise Eingabefehler(f"„turniere.{t.name}“ muss eine Liste sein.")
        spalten = _spalten(conn, t.name)
        liste = ", ".join(f'"{s}"' for s in spalten)
        platz = ", ".join("?" for _ in spalten)
        da: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        if dazu:
            mit = ", ".join(f'"{s}"' for s in (*t.schluessel, *t.nachziehen))
            for z in conn.execute(f'SELECT {mit} FROM "{t.name}" WHERE {t.bedingung}'):
                da[tuple(z[: len(t.schluessel)])] = tuple(z[len(t.schluessel) :])
        for i, z in enumerate(zeilen, 1):
            if not isinstance(z, dict) or sorted(z) != sorted(spalten):
                raise Eingabefehler(
                    f"„turniere.{t.name}“, Zeile {i}: erwartet die Felder {', '.join(spalten)}."
                )
            for s, w in z.items():
                if not (w is None or isinstance(w, str) or type(w) is int):
                    raise Eingabefehler(
                        f"„turniere.{t.name}“, Zeile {i}, „{s}“: nur Text, ganze Zahlen oder null."
                    )
            if t.name == "kennungen" and z["art"] != "turnier":
                raise Eingabefehler(f"„turniere.kennungen“, Zeile {i}: „art“ muss „turnier“ sein.")
            vorhanden = da.get(tuple(z.get(s) for s in t.schluessel))
            try:
                if vorhanden is not None:
                    _nachziehen(conn, t, z, vorhanden)
                    continue
                werte = dict(z)
                for s, ableiten in (t.abgeleitet or {}).items():
                    werte[s] = ableiten(z)
                conn.execute(
                    f'INSERT INTO "{t.name}" ({liste}) VALUES ({platz})',
                    [werte[s] for s in spalten],
                )
                if t.name == "turnier_eintraege":
                    _werte_neu(conn, werte)
            except sqlite3.IntegrityError:  # doppelt, Bezug ins Leere, zwei geltende Auslosungen …
                raise Eingabefehler(
                    f"„turniere.{t.name}“, Zeile {i}: passt nicht zu den übrigen Zeilen (doppelt, "
                    "ein Bezug ins Leere oder zwei geltende Auslosungen einer Runde)."
                ) from None
    # eine Kennung ohne ihr Turnier erbte sonst das nächste mit dieser id
    if conn.execute(
        "SELECT 1 FROM kennungen k WHERE art = 'turnier' AND NOT EXISTS "
        "(SELECT 1 FROM turniere t WHERE t.id = k.id)"
    ).fetchone():
        raise Eingabefehler("„turniere.kennungen“: eine Kennung gehört zu keinem Turnier.")


def _nachziehen(
    conn: sqlite3.Connection,
    t: Turniertabelle,
    z: Mapping[str, Any],
    vorhanden: tuple[Any, ...],
) -> None:
    """Eine vorhandene Zeile (``dazu``): ihre ``nachziehen``-Spalten auf den Stand der Datei."""
    for s, alt in zip(t.nachziehen, vorhanden, strict=True):
        if z[s] != alt:
            bed = " AND ".join(f'"{k}" = ?' for k in t.schluessel)
            conn.execute(
                f'UPDATE "{t.name}" SET "{s}" = ? WHERE {bed}',
                [z[s], *(z[k] for k in t.schluessel)],
            )


def _werte_neu(conn: sqlite3.Connection, e: Mapping[str, Any]) -> None:
    """Die Wertzeilen eines Eintrags aus seinem Ergebnis (wie ``turnier_eintragen``)."""
    if e["art"] == "storno":
        return
    try:
        ergebnis = json.loads(e["ergebnis"])
        soli = {int(nr): int(n) for nr, n in (ergebnis.get("soli") or {}).items()}
        punkte = [(int(nr), int(p)) for nr, p in ergebnis["punkte"].items()]
    except (TypeError, ValueError, KeyError, AttributeError):
        raise Eingabefehler(
            f"Turniereintrag {e['id']}: „ergebnis“ hat keine Punkte je Startnummer."
        ) from None
    conn.executemany(
        "INSERT INTO turnier_werte (eintrag_id, turnier_id, runde, tisch, startnummer, punkte, "
        "soli, gilt) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
        [
            (e["id"], e["turnier_id"], e["runde"], e["tisch"], nr, p, int(soli.get(nr, 0)))
            for nr, p in punkte
        ],
    )


__all__ = [
    "TURNIER_TABELLEN",
    "Turniertabelle",
    "hat_turniere",
    "turniere_exportieren",
    "turniere_importieren",
]
