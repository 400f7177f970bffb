"""Die Einträge eines Abends im Speicher: eintragen, korrigieren, stornieren, lesen, summieren.

Nur anhängend: ein Storno (``art = 'storno'``) oder eine Korrektur (``art = 'korrektur'``)
verweist mit ``bezug`` auf den Eintrag, den es aufhebt; ein Trigger setzt dabei das abgeleitete
Merkmal ``gilt`` des alten Eintrags und seiner Werte auf 0. Summen werden nie gespeichert,
immer aus den geltenden Werten abgeleitet (ein indiziertes SQL-Aggregat).

Geschrieben wird ein getyptes Ergebnis (``Ergebnis``: ``als_json()`` in die Spalte
``ergebnis``, ``werte()`` in die Tabelle ``werte``); gelesen wird es mit ``ergebnis_aus`` zurück
in die Datenklasse seines Spiels – die eine Stelle, an der der Speicher diese Spalte liest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.ergebnis import Eintrag, Ergebnis, Summen, Werte
from referee.errors import Eingabefehler, Zustandsfehler
from referee.namen import namensschluessel
from referee.namen import vorschlag as _meintest_du
from referee.store.abende import Abende
from referee.store.daten import ErgebnisAus, KeineDaten, Wiederholt, _bedingungen, _jetzt
from referee.store.verbindung import Verbindung
from referee.zahlen import pruefe_bereich

if TYPE_CHECKING:
    import sqlite3


class Eintraege(Abende):
    """Einträge und ihre Werte (mit Spielern, Abenden und Ereignissen aus ``Abende``)."""

    def __init__(self, verbindung: Verbindung, ergebnis_aus: ErgebnisAus | None = None) -> None:
        super().__init__(verbindung)
        self._ergebnis_aus = ergebnis_aus

    _EINTRAG_SQL = (
        "SELECT id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt FROM eintraege"
    )

    def _ergebnis(self, spiel: str, art: str, ergebnis_json: str) -> Ergebnis | None:
        """Die Spalte ``ergebnis`` → das getypte Ergebnis (die eine Stelle, an der der Speicher
        JSON liest); ein Storno hat keines."""
        if art == "storno":
            return None
        if self._ergebnis_aus is None:
            raise RuntimeError(
                "Der Speicher wurde ohne Spielkatalog geöffnet (ergebnis_aus); Einträge liest "
                "nur, wer ihn mitgibt (referee.spiele.store_oeffnen, referee.buch)."
            )
        return self._ergebnis_aus(spiel, json.loads(ergebnis_json))

    def _eintrag_aus(self, z: tuple[Any, ...]) -> Eintrag:
        # Spalten wie ``_EINTRAG_SQL``: id, abend_id, nr, zeit, spiel, art, bezug, eingabe,
        # ergebnis, gilt
        return Eintrag(
            id=z[0],
            abend_id=z[1],
            nr=z[2],
            zeit=z[3],
            spiel=z[4],
            art=z[5],
            bezug=z[6],
            eingabe={} if z[7] == "{}" else json.loads(z[7]),
            ergebnis=self._ergebnis(z[4], z[5], z[8]),
            gilt=bool(z[9]),
        )

    def eintrag(self, eintrag_id: int) -> Eintrag:
        z = self._lies(self._EINTRAG_SQL + " WHERE id = ?", [eintrag_id])
        if not z:
            raise KeineDaten(f"Es gibt keinen Eintrag {eintrag_id}.")
        return self._eintrag_aus(z[0])

    def eintraege(
        self, abend_id: int | None = None, *, alle: bool = False, spiel: str | None = None
    ) -> list[Eintrag]:
        """Einträge in Reihenfolge; ohne ``alle`` nur die geltenden (ohne Storno/Ersetztes).

        ``abend_id=None`` heißt: über alle Abende.
        """
        wo, par = _bedingungen(alle, abend_id=abend_id, spiel=spiel)
        sql = self._EINTRAG_SQL + wo + " ORDER BY id"
        aus = [self._eintrag_aus(z) for z in self._lies(sql, par)]
        if not alle:
            platz = self.spielreihenfolge(abend_id)
            if platz:
                aus.sort(key=lambda e: (platz.get(e.id, e.id), e.id))
        return aus

    def zahl_spiele(self, abend_id: int, spiel: str) -> int:
        """Zahl der geltenden Einträge eines Spiels im Abend (ein indiziertes Aggregat)."""
        z = self._lies(
            "SELECT count(*) FROM eintraege WHERE abend_id = ? AND gilt = 1 AND spiel = ?",
            [abend_id, spiel],
        )
        return int(z[0][0]) if z else 0

    def letzter_geltender(self, abend_id: int) -> int:
        """Die id des jüngsten geltenden Eintrags des Abends (0: keiner)."""
        z = self._lies(
            "SELECT COALESCE(MAX(id), 0) FROM eintraege WHERE abend_id = ? AND gilt = 1",
            [abend_id],
        )
        return int(z[0][0]) if z else 0

    def anzahl_eintraege(self) -> dict[int, int]:
        """``{abend_id: Zahl der geltenden Einträge}`` (ein SQL-Aggregat, für ``abend liste``)."""
        return dict(
            self._lies("SELECT abend_id, count(*) FROM eintraege WHERE gilt = 1 GROUP BY abend_id")
        )

    def spielreihenfolge(self, abend_id: int | None = None) -> dict[int, int]:
        """``{korrektur_id: id des ursprünglichen Eintrags}``: eine Korrektur steht in der
        Reihenfolge der Spiele dort, wo das Original stand (auch Korrektur einer Korrektur).

        Nach ``(platz.get(id, id), id)`` sortiert stehen die geltenden Einträge in Spielfolge
        (wichtig für Verlaufsgrafiken und die Partienfolge eines sabai-Spiels).
        """
        sql = "SELECT id, bezug FROM eintraege WHERE art = 'korrektur'"
        zeilen = self._lies(
            sql + (" AND abend_id = ?" if abend_id is not None else ""),
            [abend_id] if abend_id is not None else [],
        )
        bezug = dict(zeilen)
        platz = {}
        for k in bezug:
            w = k
            while w in bezug:
                w = bezug[w]
            platz[k] = w
        return platz

    @staticmethod
    def _werte_zeilen(
        conn: sqlite3.Connection, abend_id: int, spiel: str, werte: Werte
    ) -> list[tuple[Any, ...]]:
        """Wertzeilen ``(spieler_id, spiel, groesse, wert)``: jeder Name ein Spieler des Abends."""
        am_abend = {
            namensschluessel(n): (i, n)
            for i, n in conn.execute(
                "SELECT s.id, s.name FROM abend_spieler x JOIN spieler s ON s.id = x.spieler_id "
                "WHERE x.abend_id = ? ORDER BY x.platz",
                [abend_id],
            )
        }
        zeilen = []
        for groesse, je in werte.items():
            for name, wert in je.items():
                if isinstance(wert, bool) or not isinstance(wert, int):
                    raise Eingabefehler(f"Wert {wert!r} für „{name}“ ist keine ganze Zahl.")
                pruefe_bereich(wert, f"Wert für „{name}“ ({groesse})")
                k = namensschluessel(name) if isinstance(name, str) else None
                if k not in am_abend:
                    namen = [v[1] for v in am_abend.values()]
                    raise Eingabefehler(
                        f"„{name}“ spielt an Abend {abend_id} nicht mit."
                        + (
                            _meintest_du(str(name), namen)
                            or " Dabei sind: " + ", ".join(namen) + "."
                        )
                    )
                zeilen.append((am_abend[k][0], spiel, groesse, wert))
        return zeilen

    def _einfuegen(
        self,
        conn: sqlite3.Connection,
        abend_id: int,
        spiel: str,
        art: str,
        bezug: int | None,
        eingabe: Mapping[str, Any],
        ergebnis: Mapping[str, Any],
        zeilen: list[tuple[Any, ...]],
        zeit: str | None = None,
        eid: int | None = None,
        nr: int | None = None,
    ) -> int:
        if nr is None:
            nr = conn.execute(
                "SELECT COALESCE(MAX(nr), 0) + 1 FROM eintraege WHERE abend_id = ?", [abend_id]
            ).fetchone()[0]
        cur = conn.execute(
            "INSERT INTO eintraege (id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                eid,
                abend_id,
                nr,
                zeit or _jetzt(),
                spiel,
                art,
                bezug,
                json.dumps(dict(eingabe), ensure_ascii=False),
                json.dumps(dict(ergebnis), ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        eid = cur.lastrowid
        assert eid is not None  # nach einem INSERT immer gesetzt
        if zeilen:
            conn.executemany(
                "INSERT INTO werte (eintrag_id, abend_id, spieler_id, spiel, groesse, wert, gilt) "
                "VALUES (?, ?, ?, ?, ?, ?, 1)",
                [(eid, abend_id, *z) for z in zeilen],
            )
        return eid

    def eintragen(
        self,
        ergebnis: Ergebnis,
        eingabe: Mapping[str, Any] | None = None,
        *,
        abend_id: int | None = None,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Ein Spiel/eine Runde in den (offenen) Abend eintragen; eine Transaktion.

        Gespeichert werden ``ergebnis.als_json()`` und ``ergebnis.werte()`` (``{groesse: {name:
        wert}}``); ``eingabe`` ist, was der Benutzer eingab (z. B. ``{"argv": [...]}`` oder die
        Partie-JSON). Alle Namen der Werte müssen Spieler des Abends sein. Fehler → nichts
        geschrieben. ``schluessel``: war er schon da, wird nichts geschrieben (``Wiederholt``
        mit dem ersten Eintrag).
        """
        self._braucht_daten()
        if abend_id is None:
            abend_id = self.abend().id
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
            self._pruefe_offen(conn, abend_id)
            zeilen = self._werte_zeilen(conn, abend_id, ergebnis.spiel, ergebnis.werte())
            eid = self._einfuegen(
                conn,
                abend_id,
                ergebnis.spiel,
                "spiel",
                None,
                eingabe or {},
                ergebnis.als_json(),
                zeilen,
            )
            self._schluessel_merken(conn, schluessel, eid)
        return self.eintrag(eid)

    def eintrag_zum_schluessel(self, schluessel: str) -> Eintrag | None:
        """Der Eintrag, den ``schluessel`` geschrieben hat (sonst ``None``)."""
        if not self.existiert or self._version() < 5:
            return None
        z = self._lies(
            self._EINTRAG_SQL
            + " WHERE id = (SELECT eintrag_id FROM schluessel WHERE schluessel = ?)",
            [schluessel],
        )
        return self._eintrag_aus(z[0]) if z else None

    def _schluessel_frei(self, conn: sqlite3.Connection, schluessel: str | None) -> None:
        """In der Schreib-Transaktion (also ohne Wettlauf): gab es ``schluessel`` schon,
        ``Wiederholt`` mit dem Eintrag, den er damals schrieb (nichts wird geschrieben)."""
        if schluessel is None:
            return
        z = conn.execute(
            "SELECT eintrag_id FROM schluessel WHERE schluessel = ?", [schluessel]
        ).fetchone()
        if z is not None:
            e = conn.execute(self._EINTRAG_SQL + " WHERE id = ?", [z[0]]).fetchone()
            raise Wiederholt(self._eintrag_aus(e))

    @staticmethod
    def _schluessel_merken(conn: sqlite3.Connection, schluessel: str | None, eid: int) -> None:
        if schluessel is not None:
            conn.execute("INSERT INTO schluessel VALUES (?, ?, ?)", [schluessel, eid, _jetzt()])

    def rueckgaengig(
        self,
        eintrag_id: int | None = None,
        abend_id: int | None = None,
        *,
        nur_letzten: bool = False,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Storniert den letzten geltenden Eintrag des (offenen) Abends – oder ``eintrag_id``.

        Gibt den neuen Storno-Eintrag zurück; das Original bleibt sichtbar (``alle=True``).
        ``nur_letzten``: ``eintrag_id`` muss der letzte geltende seines Abends sein.
        """
        self._braucht_daten()
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
            if eintrag_id is None:
                if abend_id is None:
                    a = conn.execute(
                        "SELECT id FROM abende WHERE offen = 1 ORDER BY id DESC LIMIT 1"
                    ).fetchone()
                    if a is None:
                        raise KeineDaten("Kein offener Abend; nichts rückgängig zu machen.")
                    abend_id = a[0]
                z = conn.execute(
                    "SELECT id FROM eintraege WHERE abend_id = ? AND gilt = 1 "
                    "ORDER BY id DESC LIMIT 1",
                    [abend_id],
                ).fetchone()
                if z is None:
                    raise KeineDaten(
                        f"Abend {abend_id} hat keinen Eintrag, der rückgängig zu machen wäre."
                    )
                eintrag_id = z[0]
            alt = self._aufhebbar(conn, eintrag_id)
            self._pruefe_offen(conn, alt.abend_id)
            if nur_letzten:
                letzter = conn.execute(
                    "SELECT id FROM eintraege WHERE abend_id = ? AND gilt = 1 "
                    "ORDER BY id DESC LIMIT 1",
                    [alt.abend_id],
                ).fetchone()
                if letzter is None or letzter[0] != alt.id:
                    raise Zustandsfehler(
                        f"Eintrag #{alt.id} ist nicht mehr der letzte (zuletzt gilt "
                        f"#{letzter[0] if letzter else '?'}); nichts rückgängig gemacht."
                    )
            sid = self._einfuegen(
                conn, alt.abend_id, alt.spiel, "storno", alt.id, {"storniert": alt.id}, {}, []
            )
            self._schluessel_merken(conn, schluessel, sid)
        return self.eintrag(sid)

    def _aufhebbar(self, conn: sqlite3.Connection, eintrag_id: int) -> Eintrag:
        z = conn.execute(self._EINTRAG_SQL + " WHERE id = ?", [eintrag_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Eintrag {eintrag_id}.")
        alt = self._eintrag_aus(z)
        if alt.art == "storno":
            raise Zustandsfehler(f"Eintrag {eintrag_id} ist selbst ein Storno.")
        if not alt.gilt:
            nach = conn.execute(
                "SELECT id, art FROM eintraege WHERE bezug = ? ORDER BY id DESC LIMIT 1",
                [eintrag_id],
            ).fetchone()
            wie = "storniert" if nach and nach[1] == "storno" else "ersetzt"
            raise Zustandsfehler(
                f"Eintrag {eintrag_id} ist schon {wie} (durch Eintrag {nach[0] if nach else '?'})."
            )
        return alt

    def korrektur(
        self,
        eintrag_id: int,
        ergebnis: Ergebnis,
        eingabe: Mapping[str, Any] | None = None,
        *,
        schluessel: str | None = None,
    ) -> Eintrag:
        """Ersetzt Eintrag ``eintrag_id`` durch ein neues Ergebnis desselben Spiels
        (Korrektur-Eintrag)."""
        self._braucht_daten()
        with self._schreiben() as conn:
            self._schluessel_frei(conn, schluessel)
            alt = self._aufhebbar(conn, eintrag_id)
            if ergebnis.spiel != alt.spiel:
                raise Eingabefehler(
                    f"Eintrag {alt.id} ist ein anderes Spiel ({alt.spiel}); nichts korrigiert."
                )
            self._pruefe_offen(conn, alt.abend_id)
            zeilen = self._werte_zeilen(conn, alt.abend_id, alt.spiel, ergebnis.werte())
            eid = self._einfuegen(
                conn,
                alt.abend_id,
                alt.spiel,
                "korrektur",
                alt.id,
                eingabe or {},
                ergebnis.als_json(),
                zeilen,
            )
            self._schluessel_merken(conn, schluessel, eid)
        return self.eintrag(eid)

    # ------------------------------------------------------------ Auswertung

    def summen(self, abend_id: int | None = None) -> Summen:
        """Die Summen je Spiel, Größe und Name über die geltenden Einträge (ein SQL-Aggregat)."""
        if abend_id is None:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par: list[Any] = []
        else:
            sql = (
                "SELECT w.spiel, w.groesse, s.name, w.summe FROM (SELECT spiel, groesse, "
                "spieler_id, SUM(wert) AS summe FROM werte WHERE abend_id = ? AND gilt = 1 "
                "GROUP BY spiel, groesse, spieler_id) w JOIN spieler s ON s.id = w.spieler_id "
                "ORDER BY s.schluessel"
            )
            par = [abend_id]
        je: dict[tuple[str, str], dict[str, int]] = {}
        for spiel, groesse, name, summe in self._lies(sql, par):
            je.setdefault((spiel, groesse), {})[name] = summe
        return Summen(je)

    def partien_je_spiel(self, abend_id: int | None = None) -> dict[str, int]:
        """``{spiel: Zahl geltender Einträge}`` (ein Abend oder alle)."""
        return {
            sp: n
            for sp, n in self._lies(
                "SELECT spiel, count(*) FROM eintraege WHERE gilt = 1"
                + (" AND abend_id = ?" if abend_id is not None else "")
                + " GROUP BY spiel",
                [abend_id] if abend_id is not None else [],
            )
        }

    def summen_je_abend(self, spiel: str, groesse: str) -> dict[int, dict[str, tuple[int, int]]]:
        """Je Abend und Name die Summe der geltenden Werte der Größe ``groesse`` im Spiel
        ``spiel`` und wie viele Einträge sie hat: ``{abend_id: {name: (summe, anzahl)}}`` – ein
        SQL-Aggregat über alle Abende (für die Saison: Saldo und Spiele je Abend)."""
        aus: dict[int, dict[str, tuple[int, int]]] = {}
        for abend_id, name, summe, anzahl in self._lies(
            "SELECT w.abend_id, s.name, SUM(w.wert), COUNT(*) FROM werte w "
            "JOIN spieler s ON s.id = w.spieler_id WHERE w.gilt = 1 AND w.spiel = ? "
            "AND w.groesse = ? GROUP BY w.abend_id, w.spieler_id",
            [spiel, groesse],
        ):
            aus.setdefault(abend_id, {})[name] = (int(summe), int(anzahl))
        return aus

    def ergebnisfelder(self, spiel: str, felder: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """Je geltendem Eintrag von ``spiel`` (nach Abend und id): die Abend-id und die Werte
        der Felder ``felder`` seines gespeicherten Ergebnisses (oberste Ebene; fehlt eines:
        ``None``). Ein schneller Weg für Zählungen über viele Abende, ohne jedes Ergebnis ganz
        zu lesen; welche Felder es gibt, weiß der Aufrufer (der Speicher kennt kein Spiel)."""
        if not felder or not all(f.isidentifier() and f.isascii() for f in felder):
            raise ValueError(f"Felder {felder!r}")  # Programmfehler, kein Benutzerfehler
        spalten = ", ".join("json_extract(ergebnis, ?)" for _ in felder)
        return self._lies(
            f"SELECT abend_id, {spalten} FROM eintraege WHERE gilt = 1 AND spiel = ? "
            "ORDER BY abend_id, id",
            [*(f"$.{f}" for f in felder), spiel],
        )

    def werte_in_spielfolge(
        self, abend_id: int, spiel: str, groesse: str
    ) -> list[tuple[int, dict[str, int]]]:
        """Die geltenden Einträge ``spiel`` des Abends mit ihren Werten der Größe ``groesse``:
        ``(Eintrags-id, {name: wert})`` in Spielfolge (Korrekturen am Platz des Originals)."""
        aus: dict[int, dict[str, int]] = {}
        for eid, name, wert in self._lies(
            "SELECT w.eintrag_id, s.name, w.wert FROM werte w JOIN spieler s ON s.id = w.spieler_id "
            "WHERE w.abend_id = ? AND w.gilt = 1 AND w.spiel = ? AND w.groesse = ? "
            "ORDER BY w.eintrag_id",
            [abend_id, spiel, groesse],
        ):
            aus.setdefault(eid, {})[name] = wert
        platz = self.spielreihenfolge(abend_id)
        return sorted(aus.items(), key=lambda x: (platz.get(x[0], x[0]), x[0]))


__all__ = ["Eintraege"]
