"""Was die Turnierleitung neben den Tischen festhält (Schema 10): Eckdaten (Ort, Datum,
Startgeld), wer bezahlt hat, die Preisliste, Verein und Mannschaft je Startnummer.

Vier Tabellen, nur anhängend wie alles im Buch (Trigger verbieten Ändern und Löschen); was gilt,
ergibt sich beim Lesen: je Art die jüngste Eckdaten-Zeile, die jüngste Preisliste, je
Startnummer die jüngste Vereinszeile, und jede Zahlung, die keine spätere Zeile zurücknimmt.

``Turnierkasse`` ist der Unterbau von ``Turnierspeicher`` (``referee.store.turnier``): dessen
Turniere, Teilnehmer und Transaktionen, hier nur diese Tabellen. Jede schreibende Methode ist eine
BEGIN-IMMEDIATE-Transaktion; ein Fehler schreibt nichts. Geld in Cent.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.errors import Zustandsfehler
from referee.store.daten import _jetzt
from referee.store.grund import Grund

if TYPE_CHECKING:
    import sqlite3

#: Ab dieser Schemaversion gibt es die Tabellen (``referee.store.schema``, ``v10_turnier_kasse``).
SCHEMA_KASSE = 10
#: Die Arten der Eckdaten: Ort und Datum (Text), Startgeld (Cent als Text).
ECKDATEN_ARTEN = ("ort", "datum", "startgeld")

#: Eine Zahlung, wie der Speicher sie liest: (Id, Startnummer, Betrag in Cent, Zeit).
Zahlung = tuple[int, int, int, str]
#: Verein und Mannschaft einer Startnummer (beide dürfen fehlen).
Vereinszeile = tuple[str | None, str | None]
#: Die geltenden Zahlungen eines Turniers (``?``): keine Rücknahme, und keine Zeile nimmt sie zurück.
_GELTEND = (
    "FROM turnier_zahlungen z WHERE z.turnier_id = ? AND z.bezug IS NULL AND NOT EXISTS "
    "(SELECT 1 FROM turnier_zahlungen r WHERE r.bezug = z.id)"
)


class Turnierkasse(Grund):
    """Eckdaten, Zahlungen, Preislisten und Vereine der Turniere einer Buchdatei. Lesen ohne
    Datei (oder in einer Datei vor Schema 10) liefert „nichts festgehalten“."""

    # von ``Turnierspeicher`` gefüllt: gibt es das Turnier, und ist es offen (in der Transaktion)?
    def _offenes(self, conn: sqlite3.Connection, turnier_id: int) -> None:
        raise NotImplementedError

    def _hat_kasse(self) -> bool:
        return self.existiert and self._version() >= SCHEMA_KASSE

    # ------------------------------------------------------------ Eckdaten

    def eckdaten(self, turnier_id: int) -> dict[str, str]:
        """``{art: wert}`` der geltenden (jüngsten) Eckdaten des Turniers."""
        if not self._hat_kasse():
            return {}
        return {
            art: wert
            for art, wert in self._lies(
                "SELECT art, wert FROM turnier_eckdaten WHERE turnier_id = ? ORDER BY id",
                [turnier_id],
            )
        }

    def eckdaten_setzen(self, turnier_id: int, werte: Mapping[str, str]) -> None:
        """Neue Eckdaten (je Art eine Zeile; die jüngste gilt)."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            self._eckdaten_einfuegen(conn, turnier_id, werte)

    @staticmethod
    def _eckdaten_einfuegen(
        conn: sqlite3.Connection, turnier_id: int, werte: Mapping[str, str]
    ) -> None:
        for art in werte:
            if art not in ECKDATEN_ARTEN:
                raise ValueError(f"unbekannte Eckdaten-Art {art!r}")
        zeit = _jetzt()
        conn.executemany(
            "INSERT INTO turnier_eckdaten (turnier_id, zeit, art, wert) VALUES (?, ?, ?, ?)",
            [(turnier_id, zeit, art, wert) for art, wert in werte.items()],
        )

    # ------------------------------------------------------------ Zahlungen

    def zahlungen(self, turnier_id: int) -> list[Zahlung]:
        """Die geltenden Zahlungen (nicht zurückgenommen), älteste zuerst."""
        if not self._hat_kasse():
            return []
        return [
            (i, nr, betrag, zeit)
            for i, nr, betrag, zeit in self._lies(
                f"SELECT z.id, z.startnummer, z.betrag, z.zeit {_GELTEND} ORDER BY z.id",
                [turnier_id],
            )
        ]

    def bezahlen(self, turnier_id: int, betraege: Sequence[tuple[int, int]]) -> None:
        """Je ``(Startnummer, Cent)`` eine Zahlung – alle oder keine. Hat eine Startnummer
        schon (geltend) bezahlt: ``Zustandsfehler``, nichts geschrieben."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            schon = self._bezahlt_in(conn, turnier_id)
            doppelt = sorted({nr for nr, _ in betraege if nr in schon})
            if doppelt:
                raise Zustandsfehler(
                    "Schon bezahlt: Startnummer "
                    + ", ".join(map(str, doppelt))
                    + "; niemand eingetragen (zurücknehmen mit --zuruecknehmen)."
                )
            zeit = _jetzt()
            conn.executemany(
                "INSERT INTO turnier_zahlungen (turnier_id, zeit, startnummer, betrag) "
                "VALUES (?, ?, ?, ?)",
                [(turnier_id, zeit, nr, cent) for nr, cent in betraege],
            )

    def zahlungen_zuruecknehmen(self, turnier_id: int, startnummern: Iterable[int]) -> None:
        """Die geltende Zahlung jeder Startnummer zurücknehmen (eine Zeile mit ``bezug``) –
        alle oder keine; ohne geltende Zahlung: ``Zustandsfehler``."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            schon = self._bezahlt_in(conn, turnier_id)
            nummern = list(startnummern)
            fehlt = sorted({nr for nr in nummern if nr not in schon})
            if fehlt:
                raise Zustandsfehler(
                    "Nicht bezahlt: Startnummer "
                    + ", ".join(map(str, fehlt))
                    + "; nichts zurückgenommen."
                )
            zeit = _jetzt()
            conn.executemany(
                "INSERT INTO turnier_zahlungen (turnier_id, zeit, startnummer, betrag, bezug) "
                "VALUES (?, ?, ?, 0, ?)",
                [(turnier_id, zeit, nr, schon[nr]) for nr in nummern],
            )

    @staticmethod
    def _bezahlt_in(conn: sqlite3.Connection, turnier_id: int) -> dict[int, int]:
        """In der Transaktion: ``{Startnummer: Id der geltenden Zahlung}``."""
        return {
            nr: i for i, nr in conn.execute(f"SELECT z.id, z.startnummer {_GELTEND}", [turnier_id])
        }

    # ------------------------------------------------------------ Preisliste

    def preisliste(self, turnier_id: int) -> dict[str, Any] | None:
        """Die geltende (jüngste) Preisliste in ihrer JSON-Form; ``None``: keine festgelegt."""
        if not self._hat_kasse():
            return None
        z = self._lies(
            "SELECT liste FROM turnier_preislisten WHERE turnier_id = ? ORDER BY id DESC LIMIT 1",
            [turnier_id],
        )
        return dict(json.loads(z[0][0])) if z else None

    def preisliste_setzen(self, turnier_id: int, liste: Mapping[str, Any]) -> None:
        """Eine neue Preisliste (die vorige bleibt gespeichert, gilt aber nicht mehr)."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            conn.execute(
                "INSERT INTO turnier_preislisten (turnier_id, zeit, liste) VALUES (?, ?, ?)",
                [turnier_id, _jetzt(), json.dumps(dict(liste), ensure_ascii=False)],
            )

    # ------------------------------------------------------------ Vereine

    def vereine(self, turnier_id: int) -> dict[int, Vereinszeile]:
        """``{Startnummer: (Verein, Mannschaft)}`` – je Startnummer die jüngste Zeile."""
        if not self._hat_kasse():
            return {}
        return {
            nr: (verein, mannschaft)
            for nr, verein, mannschaft in self._lies(
                "SELECT startnummer, verein, mannschaft FROM turnier_vereine WHERE turnier_id = ? "
                "ORDER BY id",
                [turnier_id],
            )
        }

    @staticmethod
    def _vereine_einfuegen(
        conn: sqlite3.Connection,
        turnier_id: int,
        zeilen: Iterable[tuple[int, str | None, str | None]],
    ) -> None:
        zeit = _jetzt()
        conn.executemany(
            "INSERT INTO turnier_vereine (turnier_id, zeit, startnummer, verein, mannschaft) "
            "VALUES (?, ?, ?, ?, ?)",
            [
                (turnier_id, zeit, nr, verein, mannschaft)
                for nr, verein, mannschaft in zeilen
                if verein or mannschaft
            ],
        )


__all__ = ["ECKDATEN_ARTEN", "SCHEMA_KASSE", "Turnierkasse", "Vereinszeile", "Zahlung"]
