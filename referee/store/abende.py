"""Spieler, Abende und Ereignisse des Speichers der Abende (der Grund von ``Abendspeicher``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from referee.errors import Eingabefehler, Zustandsfehler
from referee.namen import namensschluessel, pruefe_name
from referee.namen import vorschlag as _meintest_du
from referee.store.daten import Abend, Ereignis, KeineDaten, Spieler, _bedingungen, _jetzt
from referee.store.grund import Grund

if TYPE_CHECKING:
    import sqlite3


class Abende(Grund):
    """Spieler, Abende, Ereignisse: Teil von ``referee.store.Abendspeicher``."""

    # ------------------------------------------------------------ Spieler

    def spieler_alle(self) -> list[Spieler]:
        return [Spieler(i, n) for i, n in self._lies("SELECT id, name FROM spieler ORDER BY id")]

    def spieler_finden(self, name: str, unter: Iterable[str] | None = None) -> Spieler:
        """Den Spieler zu ``name`` (ohne Groß-/Kleinschreibung); sonst „Meintest du …?“.

        ``unter``: nur diese Namen zulassen (z. B. die Spieler des Abends).
        """
        schluessel = namensschluessel(name)
        zeile = self._lies("SELECT id, name FROM spieler WHERE schluessel = ?", [schluessel])
        erlaubt = None if unter is None else {namensschluessel(n) for n in unter}
        if zeile and (erlaubt is None or schluessel in erlaubt):
            return Spieler(*zeile[0])
        if zeile:
            raise Eingabefehler(
                f"„{zeile[0][1]}“ ist an diesem Abend nicht dabei."
                + _meintest_du(name, unter or [])
            )
        if unter is not None:
            raise Eingabefehler(
                f"„{name}“ spielt an diesem Abend nicht mit."
                + (_meintest_du(name, unter) or " Dabei sind: " + ", ".join(unter) + ".")
            )
        raise Eingabefehler(
            f"Unbekannter Spieler „{name}“."
            + (
                _meintest_du(name, [s.name for s in self.spieler_alle()])
                or " Neue Spieler legt der Abend mit --neu an."
            )
        )

    def _spieler_anlegen(self, conn: sqlite3.Connection, name: str) -> int:
        name = pruefe_name(name)
        cur = conn.execute(
            "INSERT INTO spieler (name, schluessel, angelegt) VALUES (?, ?, ?)",
            [name, namensschluessel(name), _jetzt()],
        )
        return int(cur.lastrowid or 0)

    # ------------------------------------------------------------ Abende

    @property
    def _abend_sql(self) -> str:
        return (
            "SELECT a.id, a.datum, a.ort, a.tarif, a.hausregeln, a.offen, a.begonnen, "
            "a.beendet, a.geber_start, "
            + self.verbindung.dialekt.abend_spieler_json
            + " FROM abende a"
        )

    @staticmethod
    def _abend_aus(z: tuple[Any, ...]) -> Abend:
        return Abend(
            id=z[0],
            datum=z[1],
            ort=z[2],
            tarif=json.loads(z[3]),
            hausregeln=json.loads(z[4]),
            offen=bool(z[5]),
            begonnen=z[6],
            beendet=z[7],
            geber_start=z[8],
            spieler=tuple(json.loads(z[9])),
        )

    def _mit_regeln(self, abende: list[Abend], bis: int | None = None) -> list[Abend]:
        """Tarif und Hausregeln, wie sie jetzt gelten (mit ``bis``: wie sie vor Eintrag
        ``bis`` galten): die der jüngsten geltenden Regeländerung (Ereignis ``regel``)
        ersetzen die beim Anlegen gespeicherten."""
        if not abende or self._version() < 4:  # vor Schema 4 gibt es keine Ereignisse
            return abende
        ids = [a.id for a in abende]
        neu: dict[int, dict[str, Any]] = {}
        for abend_id, daten in self._lies(
            "SELECT abend_id, daten FROM ereignisse WHERE art = 'regel' AND gilt = 1 "
            f"AND abend_id IN ({', '.join('?' * len(ids))})"
            + (" AND nach_eintrag < ?" if bis is not None else "")
            + " ORDER BY id",
            ids + ([bis] if bis is not None else []),
        ):
            neu[abend_id] = json.loads(daten)
        if not neu:
            return abende
        return [
            replace(a, tarif=neu[a.id]["tarif"], hausregeln=neu[a.id]["hausregeln"])
            if a.id in neu
            else a
            for a in abende
        ]

    def abende(self, *, roh: bool = False) -> list[Abend]:
        """Alle Abende; ``roh``: Tarif/Hausregeln wie beim Anlegen (für den Export)."""
        abende = [self._abend_aus(z) for z in self._lies(self._abend_sql + " ORDER BY a.id")]
        return abende if roh else self._mit_regeln(abende)

    def abend(
        self, abend_id: int | None = None, *, roh: bool = False, bis: int | None = None
    ) -> Abend:
        """Abend ``abend_id`` oder der aktuelle (offene); sonst ``KeineDaten``. Tarif und
        Hausregeln wie sie jetzt gelten, mit ``bis`` wie vor Eintrag ``bis``, mit ``roh`` wie
        beim Anlegen."""
        if abend_id is None:
            a = self.aktueller_abend()
            if a is None:
                raise KeineDaten(
                    "Kein offener Abend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
                )
            return a
        z = self._lies(self._abend_sql + " WHERE a.id = ?", [abend_id])
        if not z:
            raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
        a = self._abend_aus(z[0])
        return a if roh else self._mit_regeln([a], bis)[0]

    def abende_waehlen(self, abend_id: int | None = None, gesamt: bool = False) -> list[Abend]:
        """Die Abende für Stand, Verlauf, Bericht und Statistik: mit ``gesamt`` alle, mit
        ``abend_id`` diesen, sonst den offenen oder den zuletzt angelegten. Keiner: ``KeineDaten``."""
        if gesamt and abend_id is not None:
            raise Eingabefehler("--abend und --gesamt schließen sich aus; nimm eines davon.")
        if abend_id is not None:
            return [self.abend(abend_id)]
        offen = None if gesamt else self.aktueller_abend()
        if offen is not None:
            return [offen]
        abende = self.abende()
        if not abende:
            raise KeineDaten(
                "Es gibt noch keinen Abend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
            )
        return abende if gesamt else [abende[-1]]

    def aktueller_abend(self) -> Abend | None:
        """Der offene Abend (der jüngste, falls es mehrere gäbe) oder None."""
        z = self._lies(self._abend_sql + " WHERE a.offen = 1 ORDER BY a.id DESC LIMIT 1")
        return self._mit_regeln([self._abend_aus(z[0])])[0] if z else None

    def abend_neu(
        self,
        spieler: list[str],
        *,
        ort: str | None = None,
        datum: str | None = None,
        tarif: dict[str, Any] | None = None,
        hausregeln: dict[str, Any] | None = None,
        neu: Iterable[str] = (),
        geber: str | None = None,
    ) -> tuple[Abend, list[str]]:
        """Einen neuen offenen Abend anlegen; gibt (Abend, neu angelegte Namen) zurück.

        Unbekannte Namen der Spielerliste werden angelegt – außer sie ähneln einem vorhandenen
        Spieler (Tippfehler?): dann „Meintest du …?“, es sei denn, sie stehen in ``neu``.
        Ein noch offener Abend wird nicht stillschweigend beendet: Zustandsfehler.
        """
        namen = [pruefe_name(n) for n in spieler]
        if len(namen) < 2:
            raise Eingabefehler("Ein Abend braucht mindestens zwei Spieler (--spieler Anna Ben …).")
        doppelt = {
            namensschluessel(n)
            for n in namen
            if [namensschluessel(m) for m in namen].count(namensschluessel(n)) > 1
        }
        if doppelt:
            raise Eingabefehler(f"Spieler doppelt angegeben: {', '.join(sorted(doppelt))}.")
        neu_schluessel = {namensschluessel(n) for n in neu}
        if datum is not None:
            try:
                date.fromisoformat(datum)
            except ValueError:
                raise Eingabefehler(
                    f"Datum „{datum}“ ist kein Datum der Form JJJJ-MM-TT."
                ) from None
        geber_start = 0
        if geber is not None:
            g = namensschluessel(geber)
            treffer = [i for i, n in enumerate(namen) if namensschluessel(n) == g]
            if not treffer:
                raise Eingabefehler(
                    f"Geber „{geber}“ ist nicht in der Spielerliste." + _meintest_du(geber, namen)
                )
            geber_start = treffer[0]
        with self._schreiben() as conn:
            offen = conn.execute("SELECT id FROM abende WHERE offen = 1").fetchone()
            if offen:
                raise Zustandsfehler(
                    f"Abend {offen[0]} ist noch offen; erst „referee abend ende“, dann ein neuer Abend."
                )
            vorhanden = {
                namensschluessel(n): (i, n) for i, n in conn.execute("SELECT id, name FROM spieler")
            }
            ids, angelegt, fehler = [], [], []
            for n in namen:
                k = namensschluessel(n)
                if k in vorhanden:
                    ids.append(vorhanden[k][0])
                    continue
                tipp = _meintest_du(n, [v[1] for v in vorhanden.values()])
                if tipp and k not in neu_schluessel:
                    fehler.append(
                        f'Unbekannter Spieler „{n}“.{tipp} Mit --neu "{n}" wird er neu angelegt.'
                    )
                    continue
                ids.append(None)
            if fehler:
                raise Eingabefehler(" ".join(fehler))
            for i, n in enumerate(namen):
                if ids[i] is None:
                    ids[i] = self._spieler_anlegen(conn, n)
                    angelegt.append(n)
            cur = conn.execute(
                "INSERT INTO abende (datum, ort, tarif, hausregeln, offen, begonnen, beendet, geber_start) "
                "VALUES (?, ?, ?, ?, 1, ?, NULL, ?)",
                [
                    datum or date.today().isoformat(),
                    ort or None,
                    json.dumps(tarif or {}, ensure_ascii=False),
                    json.dumps(hausregeln or {}, ensure_ascii=False),
                    _jetzt(),
                    geber_start,
                ],
            )
            abend_id = cur.lastrowid
            conn.executemany(
                "INSERT INTO abend_spieler (abend_id, spieler_id, platz) VALUES (?, ?, ?)",
                [(abend_id, sid, platz) for platz, sid in enumerate(ids)],
            )
        return self.abend(abend_id), angelegt

    def abend_verwerfen(self, abend_id: int, angelegt: Iterable[str] = ()) -> bool:
        """Einen eben angelegten Abend wieder entfernen, als wäre er nie angelegt worden – nur
        solange er nichts enthält (kein Eintrag, kein Ereignis), samt der mit ihm angelegten
        Spieler ``angelegt``, die an keinem anderen Abend sitzen. Für einen Befehl, der den
        Abend selbst angelegt hat und dann scheitert (``tisch --spieler`` mit falscher erster
        Zeile). Eine Transaktion; ``False``, wenn schon etwas darin steht (dann bleibt alles)."""
        with self._schreiben() as conn:
            for tabelle in ("eintraege", "ereignisse"):
                if conn.execute(
                    f"SELECT 1 FROM {tabelle} WHERE abend_id = ? LIMIT 1", [abend_id]
                ).fetchone():
                    return False
            conn.execute("DELETE FROM abend_spieler WHERE abend_id = ?", [abend_id])
            if not conn.execute("DELETE FROM abende WHERE id = ?", [abend_id]).rowcount:
                return False
            for name in angelegt:
                conn.execute(
                    "DELETE FROM spieler WHERE schluessel = ? AND id NOT IN "
                    "(SELECT spieler_id FROM abend_spieler)",
                    [namensschluessel(name)],
                )
        return True

    def abend_beenden(self, abend_id: int | None = None) -> Abend:
        """Den (offenen) Abend schließen (Ereignis ``ende``); danach nimmt er keine Einträge
        mehr an, bis ``abend_wieder`` ihn wieder öffnet."""
        a = self.abend(abend_id)
        if not a.offen:
            raise Zustandsfehler(
                f"Abend {a.id} ist schon beendet. Wieder öffnen: referee abend wieder {a.id}"
            )
        with self._schreiben() as conn:
            zeit = _jetzt()
            if not conn.execute(
                "UPDATE abende SET offen = 0, beendet = ? WHERE id = ? AND offen = 1",
                [zeit, a.id],
            ).rowcount:
                raise Zustandsfehler(f"Abend {a.id} ist schon beendet.")
            if self._version() >= 4:  # (ältere Schemata: die Migration trägt es nach)
                self._ereignis_einfuegen(conn, a.id, "ende", {}, zeit=zeit)
        return self.abend(a.id)

    def abend_wieder(self, abend_id: int) -> Abend:
        """Einen beendeten Abend wieder öffnen (Ereignis ``wieder``) – nur, wenn kein anderer
        offen ist."""
        self._braucht_daten()
        with self._schreiben() as conn:
            z = conn.execute("SELECT offen FROM abende WHERE id = ?", [abend_id]).fetchone()
            if z is None:
                raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
            if z[0]:
                raise Zustandsfehler(f"Abend {abend_id} ist schon offen.")
            offen = conn.execute("SELECT id FROM abende WHERE offen = 1").fetchone()
            if offen:
                raise Zustandsfehler(
                    f"Abend {offen[0]} ist noch offen; erst „referee abend ende“, dann "
                    f"„referee abend wieder {abend_id}“."
                )
            conn.execute("UPDATE abende SET offen = 1, beendet = NULL WHERE id = ?", [abend_id])
            self._ereignis_einfuegen(conn, abend_id, "wieder", {})
        return self.abend(abend_id)

    def _pruefe_offen(self, conn: sqlite3.Connection, abend_id: int) -> None:
        z = conn.execute("SELECT offen FROM abende WHERE id = ?", [abend_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
        if not z[0]:
            raise Zustandsfehler(
                f"Abend {abend_id} ist beendet; dort wird nichts mehr eingetragen."
            )

    # ------------------------------------------------------------ Ereignisse (Schema 4)

    _EREIGNIS_SQL = (
        "SELECT id, abend_id, zeit, art, bezug, nach_eintrag, daten, gilt FROM ereignisse"
    )

    @staticmethod
    def _ereignis_aus(z: tuple[Any, ...]) -> Ereignis:
        # Spalten wie ``_EREIGNIS_SQL``: id, abend_id, zeit, art, bezug, nach_eintrag, daten, gilt
        return Ereignis(z[0], z[1], z[2], z[3], z[4], z[5], json.loads(z[6]), bool(z[7]))

    def _ereignis_einfuegen(
        self,
        conn: sqlite3.Connection,
        abend_id: int,
        art: str,
        daten: dict[str, Any],
        *,
        bezug: int | None = None,
        zeit: str | None = None,
    ) -> int:
        nach = conn.execute("SELECT COALESCE(MAX(id), 0) FROM eintraege").fetchone()[0]
        cur = conn.execute(
            "INSERT INTO ereignisse (abend_id, zeit, art, bezug, nach_eintrag, daten, gilt) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                abend_id,
                zeit or _jetzt(),
                art,
                bezug,
                nach,
                json.dumps(daten, ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        assert cur.lastrowid is not None  # nach einem INSERT immer gesetzt
        return cur.lastrowid

    def ereignis(self, ereignis_id: int) -> Ereignis:
        z = self._lies(self._EREIGNIS_SQL + " WHERE id = ?", [ereignis_id])
        if not z:
            raise KeineDaten(f"Es gibt kein Ereignis {ereignis_id}.")
        return self._ereignis_aus(z[0])

    def ereignisse(
        self, abend_id: int | None = None, *, alle: bool = False, art: str | None = None
    ) -> list[Ereignis]:
        """Die Ereignisse (eines Abends) in der Reihenfolge des Schreibens; ohne ``alle`` nur
        die geltenden (ohne Stornos und Storniertes)."""
        if not self.existiert or self._version() < 4:
            return []
        wo, par = _bedingungen(alle, abend_id=abend_id, art=art)
        sql = self._EREIGNIS_SQL + wo + " ORDER BY id"
        return [self._ereignis_aus(z) for z in self._lies(sql, par)]

    def ereignis_eintragen(self, abend_id: int, art: str, daten: dict[str, Any]) -> Ereignis:
        """Ein Ereignis ``regel`` (nur im offenen Abend) oder ``bezahlt`` festhalten."""
        if art not in ("regel", "bezahlt"):
            raise Eingabefehler(f"Unbekannte Ereignisart „{art}“; möglich: regel, bezahlt.")
        self._braucht_daten()
        with self._schreiben() as conn:
            if art == "regel":
                self._pruefe_offen(conn, abend_id)
            elif conn.execute("SELECT 1 FROM abende WHERE id = ?", [abend_id]).fetchone() is None:
                raise KeineDaten(f"Es gibt keinen Abend {abend_id}.")
            eid = self._ereignis_einfuegen(conn, abend_id, art, daten)
        return self.ereignis(eid)

    def ereignis_stornieren(self, ereignis_id: int) -> Ereignis:
        """Storno eines geltenden Ereignisses ``regel`` (Abend offen) oder ``bezahlt``;
        gibt den Storno zurück."""
        self._braucht_daten()
        with self._schreiben() as conn:
            z = conn.execute(self._EREIGNIS_SQL + " WHERE id = ?", [ereignis_id]).fetchone()
            if z is None:
                raise KeineDaten(f"Es gibt kein Ereignis {ereignis_id}.")
            alt = self._ereignis_aus(z)
            if alt.art not in ("regel", "bezahlt"):
                raise Zustandsfehler(
                    f"Ereignis {ereignis_id} ({alt.art}) lässt sich nicht stornieren."
                )
            if not alt.gilt:
                raise Zustandsfehler(f"Ereignis {ereignis_id} ist schon storniert.")
            if alt.art == "regel":
                self._pruefe_offen(conn, alt.abend_id)
            sid = self._ereignis_einfuegen(
                conn, alt.abend_id, "storno", {"storniert": alt.id}, bezug=alt.id
            )
        return self.ereignis(sid)

    def konventionen(self, abend_id: int, *, vor: int | None = None) -> list[str]:
        """Die Konventionen (``ergebnis["konventionen"]``), die Einträge des Abends (vor
        Eintrag ``vor``) schon genannt haben – je einmal, in der Reihenfolge des Nennens."""
        zeilen = self._lies(
            "SELECT j.value FROM eintraege e, "
            + self.verbindung.dialekt.konventionen_je
            + " WHERE e.abend_id = ? AND e.art != 'storno'"
            + (" AND e.id < ?" if vor is not None else "")
            + " ORDER BY e.id, j.key",
            [abend_id] + ([vor] if vor is not None else []),
        )
        return list(dict.fromkeys(str(z[0]) for z in zeilen))
