"""Kleine Helfer für Tests, die mit dem Speicher (``referee.store``) direkt arbeiten."""

from __future__ import annotations

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
