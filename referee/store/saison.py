"""Der Speicher der Saisons (``Saisonspeicher``, Schema 8) – neben dem der Abende und dem der
Turniere, über derselben Datei und Verbindung (``referee.store.verbindung``).

Nur anhängend: eine Saison wird nie geändert. Jede neue Fassung (Name, Zeitraum, Wertung) und
jedes Dazunehmen oder Weglassen eines Abends oder Turniers ist eine Zeile in
``saison_aenderungen`` – die jüngste gilt. Ebenso die Namen: „Sepp ist Sepp Huber“ ist eine Zeile
in ``spieler_aliase``, die Trennung eine weitere mit ``bezug``; die Namen in Abenden und
Turnieren bleiben, wie sie geschrieben wurden.

Der Speicher kennt keine Wertung und kein Spiel: er legt die Wertung als JSON ab, wie das Buch
(``referee.buch.saison``) sie ihm gibt, und prüft nur, was zur Datei gehört (gibt es die Saison,
den Abend, das Turnier? hat der Name schon einen Alias?). Jede schreibende Methode ist eine
BEGIN-IMMEDIATE-Transaktion; ein Fehler schreibt nichts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.errors import Zustandsfehler
from referee.namen import namensschluessel, pruefe_name
from referee.store.daten import KeineDaten, _jetzt
from referee.store.grund import Grund

if TYPE_CHECKING:
    import sqlite3

    from referee.saison.daten import Aenderung, Alias, Saison

BEISPIEL = (
    'Beispiel: referee saison neu "Jahreswertung 2027" --von 2027-01-01 --bis 2027-12-31 '
    "--wertung beste:8"
)
#: Die Tabelle je Ereignisart (zum Prüfen, ob es Abend oder Turnier gibt).
_TABELLE = {"abend": "abende", "turnier": "turniere"}


class Saisonspeicher(Grund):
    """Saisons, ihre Änderungen und die Aliase der Namen einer Buchdatei."""

    def _hat_saisons(self) -> bool:
        return self.existiert and self._version() >= 8

    # ------------------------------------------------------------ Saisons

    def _saison_aus(self, z: tuple[Any, ...], fassungen: Mapping[int, Aenderung]) -> Saison:
        from referee.saison.daten import Saison

        sid, name, von, bis, wertung, angelegt = z
        f = fassungen.get(sid)
        if f is None:
            return Saison(sid, name, von, bis, json.loads(wertung), angelegt)
        d = f.daten
        return Saison(sid, d["name"], d["von"], d["bis"], d["wertung"], angelegt, f.zeit)

    def _fassungen(self) -> dict[int, Aenderung]:
        """Je Saison ihre jüngste Fassung (falls sie je geändert wurde)."""
        return {a.saison_id: a for a in self._aenderungen_lesen(" WHERE art = 'fassung'")}

    def saisons(self) -> list[Saison]:
        """Alle Saisons in ihrer jüngsten Fassung, älteste zuerst (ohne Datei: keine)."""
        if not self._hat_saisons():
            return []
        fassungen = self._fassungen()
        return [
            self._saison_aus(z, fassungen)
            for z in self._lies(
                "SELECT id, name, von, bis, wertung, angelegt FROM saisons ORDER BY id"
            )
        ]

    def saison(self, saison_id: int) -> Saison:
        """Saison ``saison_id``; unbekannt: ``KeineDaten``."""
        for s in self.saisons():
            if s.id == saison_id:
                return s
        raise KeineDaten(f"Es gibt keine Saison {saison_id}. {BEISPIEL}")

    def saison_neu(self, name: str, von: str, bis: str, wertung: Mapping[str, Any]) -> Saison:
        """Eine Saison anlegen (Zeitraum und Wertung prüft das Buch)."""
        with self._schreiben() as conn:
            cur = conn.execute(
                "INSERT INTO saisons (name, von, bis, wertung, angelegt) VALUES (?, ?, ?, ?, ?)",
                [name, von, bis, json.dumps(dict(wertung), ensure_ascii=False), _jetzt()],
            )
            sid = int(cur.lastrowid or 0)
        return self.saison(sid)

    def saison_fassung(
        self, saison_id: int, name: str, von: str, bis: str, wertung: Mapping[str, Any]
    ) -> Saison:
        """Eine neue Fassung der Saison (die alte bleibt als Zeile stehen)."""
        daten = {"name": name, "von": von, "bis": bis, "wertung": dict(wertung)}
        with self._schreiben() as conn:
            self._gibt_saison(conn, saison_id)
            self._aenderung(conn, saison_id, "fassung", None, None, daten)
        return self.saison(saison_id)

    @staticmethod
    def _gibt_saison(conn: sqlite3.Connection, saison_id: int) -> None:
        if conn.execute("SELECT 1 FROM saisons WHERE id = ?", [saison_id]).fetchone() is None:
            raise KeineDaten(f"Es gibt keine Saison {saison_id}. {BEISPIEL}")

    # ------------------------------------------------------------ Änderungen

    @staticmethod
    def _aenderung(
        conn: sqlite3.Connection,
        saison_id: int,
        art: str,
        ereignis_art: str | None,
        ereignis_id: int | None,
        daten: Mapping[str, Any],
    ) -> int:
        cur = conn.execute(
            "INSERT INTO saison_aenderungen (saison_id, zeit, art, ereignis_art, ereignis_id, "
            "daten) VALUES (?, ?, ?, ?, ?, ?)",
            [
                saison_id,
                _jetzt(),
                art,
                ereignis_art,
                ereignis_id,
                json.dumps(dict(daten), ensure_ascii=False),
            ],
        )
        return int(cur.lastrowid or 0)

    def _aenderungen_lesen(self, wo: str = "", params: list[Any] | None = None) -> list[Aenderung]:
        from referee.saison.daten import Aenderung

        if not self._hat_saisons():
            return []
        return [
            Aenderung(i, s, z, a, ea, ei, json.loads(d))
            for i, s, z, a, ea, ei, d in self._lies(
                "SELECT id, saison_id, zeit, art, ereignis_art, ereignis_id, daten "
                f"FROM saison_aenderungen{wo} ORDER BY id",
                params or [],
            )
        ]

    def aenderungen(self, saison_id: int) -> list[Aenderung]:
        """Alle Änderungen der Saison in der Reihenfolge des Schreibens."""
        return self._aenderungen_lesen(" WHERE saison_id = ?", [saison_id])

    def zuordnen(self, saison_id: int, art: str, ereignis_art: str, ereignis_id: int) -> Aenderung:
        """Abend oder Turnier ``ereignis_id`` gehört zur Saison (``art`` ``dazu``) oder nicht
        (``weg``) – gleich welches Datum; eine Zeile, die jüngste gilt."""
        if ereignis_art not in _TABELLE or art not in ("dazu", "weg"):
            raise ValueError(f"{art} {ereignis_art}")  # das Buch prüft vorher
        self._braucht_daten()
        with self._schreiben() as conn:
            self._gibt_saison(conn, saison_id)
            tabelle = _TABELLE[ereignis_art]
            if (
                conn.execute(f"SELECT 1 FROM {tabelle} WHERE id = ?", [ereignis_id]).fetchone()
                is None
            ):
                wort = "keinen Abend" if ereignis_art == "abend" else "kein Turnier"
                raise KeineDaten(f"Es gibt {wort} {ereignis_id}; nichts geändert.")
            aid = self._aenderung(conn, saison_id, art, ereignis_art, ereignis_id, {})
        return next(a for a in self.aenderungen(saison_id) if a.id == aid)

    # ------------------------------------------------------------ Aliase

    def alias_verlauf(self) -> list[Alias]:
        """Alle Zeilen der Aliase (auch aufgehobene und die Trennungen), älteste zuerst."""
        from referee.saison.daten import Alias

        if not self._hat_saisons():
            return []
        return [
            Alias(*z)
            for z in self._lies(
                "SELECT id, zeit, art, name, ziel, bezug FROM spieler_aliase ORDER BY id"
            )
        ]

    def _verlauf_in(self, conn: sqlite3.Connection) -> list[Alias]:
        from referee.saison.daten import Alias

        return [
            Alias(*z)
            for z in conn.execute(
                "SELECT id, zeit, art, name, ziel, bezug FROM spieler_aliase ORDER BY id"
            )
        ]

    def alias_neu(self, name: str, ziel: str) -> Alias:
        """„``name`` ist ``ziel``“ festhalten. In der Transaktion geprüft (``pruefe_alias``):
        ``name`` hat noch keinen Alias, kein Kreis."""
        from referee.saison.namen import geltende, pruefe_alias

        name, ziel = pruefe_name(name), pruefe_name(ziel)
        with self._schreiben() as conn:
            pruefe_alias(name, ziel, geltende(self._verlauf_in(conn)))
            cur = conn.execute(
                "INSERT INTO spieler_aliase (zeit, art, name, schluessel, ziel, ziel_schluessel, "
                "bezug) VALUES (?, 'alias', ?, ?, ?, ?, NULL)",
                [_jetzt(), name, namensschluessel(name), ziel, namensschluessel(ziel)],
            )
            aid = int(cur.lastrowid or 0)
        return next(a for a in self.alias_verlauf() if a.id == aid)

    def alias_aufheben(self, name: str) -> tuple[Alias, Alias]:
        """Den geltenden Alias von ``name`` aufheben (eine Zeile ``trennung``); zurück: die
        Trennung und der aufgehobene Alias. Keiner: ``Zustandsfehler``."""
        from referee.saison.namen import geltende

        self._braucht_daten()
        k = namensschluessel(name)
        with self._schreiben() as conn:
            alt = [a for a in geltende(self._verlauf_in(conn)) if namensschluessel(a.name) == k]
            if not alt:
                raise Zustandsfehler(
                    f"„{name}“ ist mit niemandem zusammengeführt; nichts getrennt "
                    "(referee spieler liste zeigt, wer wer ist)."
                )
            a = alt[-1]
            cur = conn.execute(
                "INSERT INTO spieler_aliase (zeit, art, name, schluessel, ziel, ziel_schluessel, "
                "bezug) VALUES (?, 'trennung', ?, ?, ?, ?, ?)",
                [_jetzt(), a.name, k, a.ziel, namensschluessel(a.ziel), a.id],
            )
            tid = int(cur.lastrowid or 0)
        return next(x for x in self.alias_verlauf() if x.id == tid), a


__all__ = ["BEISPIEL", "Saisonspeicher"]
