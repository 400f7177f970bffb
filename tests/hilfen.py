"""Kleine Helfer für Tests, die mit dem Speicher (``referee.store``) direkt arbeiten."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def stand(store: Any, abend_id: int | None = None, *, ueberweisungen: bool = False) -> dict:
    """Der Stand wie ``referee stand --json`` über einem Speicher (``referee.buch.stand``);
    ohne ``ueberweisungen`` nur die Summen (ohne „ueberweisungen“, „bezahlt“, „offen“)."""
    from referee.buch.stand import stand_lesen

    abend = None if abend_id is None else store.abend(abend_id)
    daten = stand_lesen(store, abend).als_json()
    if not ueberweisungen:
        for schluessel in ("ueberweisungen", "bezahlt", "offen"):
            daten.pop(schluessel)
    return daten


def logischer_inhalt(db: Path) -> list:
    """Was in der Datenbank steht (alle Tabellen, sortiert) – ``[]`` ohne Datei."""
    if not db.exists() or db.stat().st_size == 0:
        return []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as c:
        tabellen = [
            r[0]
            for r in c.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
                "ORDER BY name"
            )
        ]
        return [(t, sorted(map(repr, c.execute(f'SELECT * FROM "{t}"')))) for t in tabellen]


def eintragen(store: Any, spiel: str, daten: dict, eingabe: dict | None = None, **kw: Any) -> Any:
    """Ein Ergebnis in seiner gespeicherten JSON-Form (Testdaten) getypt in den Speicher
    eintragen: erst mit dem Spielkatalog gelesen (``referee.spiele``), dann ``store.eintragen``."""
    from referee.spiele import ergebnis_aus_json

    return store.eintragen(ergebnis_aus_json(spiel, daten), eingabe, **kw)


def korrektur(
    store: Any, eintrag_id: int, daten: dict, eingabe: dict | None = None, **kw: Any
) -> Any:
    """Wie ``eintragen`` für ``store.korrektur``: ``daten`` im Spiel des ersetzten Eintrags."""
    from referee.spiele import ergebnis_aus_json

    spiel = store.eintrag(eintrag_id).spiel
    return store.korrektur(eintrag_id, ergebnis_aus_json(spiel, daten), eingabe, **kw)
