"""Export und Import des Speichers (JSON-Rundreise) und die Integritätsprüfung."""

from __future__ import annotations

import json
from typing import Any

from referee.ergebnis import SPIELE, Eintrag
from referee.errors import Eingabefehler, SpeicherFehler, Zustandsfehler
from referee.namen import namensschluessel, pruefe_name
from referee.store.daten import ARTEN, EREIGNIS_ARTEN, EXPORT_FORMAT, SCHEMA_AKTUELL
from referee.store.eintraege import Eintraege


class Austausch(Eintraege):
    """Export und Import: Teil von ``referee.store.Abendspeicher``."""

    # ------------------------------------------------------------ Export / Import

    def export(self, abend_id: int | None = None) -> dict[str, Any]:
        """Alles (oder ein Abend) als JSON-fähiges dict; ``importieren`` baut es exakt nach.

        Die Einträge gehen, wie sie gespeichert sind (die Spalten ``eingabe`` und ``ergebnis``
        als JSON gelesen, nicht über die Datenklassen der Spiele): der Export ist ein Rand, und
        was in der Datei steht, soll genau so wieder herauskommen."""
        abende = self.abende(roh=True) if abend_id is None else [self.abend(abend_id, roh=True)]
        werte: dict[int, dict[str, dict[str, int]]] = {}
        bed = "" if abend_id is None else " WHERE w.abend_id = ?"
        for eid, groesse, name, wert in self._lies(
            "SELECT w.eintrag_id, w.groesse, s.name, w.wert FROM werte w JOIN spieler s "
            "ON s.id = w.spieler_id" + bed + " ORDER BY w.rowid",
            [] if abend_id is None else [abend_id],
        ):
            werte.setdefault(eid, {}).setdefault(groesse, {})[name] = wert
        loads = json.loads
        ids = [a.id for a in abende]
        eintraege = [
            {
                "id": i,
                "abend": a,
                "nr": nr,
                "zeit": zeit,
                "spiel": spiel,
                "art": art,
                "bezug": bezug,
                "gilt": bool(gilt),
                "eingabe": loads(eingabe),
                "ergebnis": loads(erg),
                "werte": werte.get(i, {}),
            }
            for i, a, nr, zeit, spiel, art, bezug, gilt, eingabe, erg in self._lies(
                "SELECT id, abend_id, nr, zeit, spiel, art, bezug, gilt, eingabe, ergebnis "
                f"FROM eintraege WHERE abend_id IN ({', '.join('?' * len(ids))}) "
                "ORDER BY abend_id, id",
                ids,
            )
        ]
        aus = dict(self.export_kopf(abend_id), eintraege=eintraege)
        if abend_id is None:
            turniere = self.export_turniere()
            if turniere is not None:
                aus["turniere"] = turniere
        return aus

    def export_turniere(self) -> dict[str, Any] | None:
        """Die Turniere des Buchs für den Gesamt-Export (``referee.store.turnieraustausch``);
        ``None``, wenn es keine gibt (der Export bleibt dann, wie er war)."""
        from referee.store.turnieraustausch import hat_turniere, turniere_exportieren

        if not self.existiert:
            return None
        conn = self.verbindung.zeiger()
        return turniere_exportieren(conn) if hat_turniere(conn, self._version()) else None

    def kennungen(self, art: str) -> dict[int, str]:
        """Die dauerhaften Kennungen (UUID) der Abende (``art="abend"``) oder Turniere
        (``"turnier"``): id → Kennung (Schema 9)."""
        return dict(self._lies("SELECT id, uuid FROM kennungen WHERE art = ?", [art]))

    def eintraege_leicht(self, abend_id: int | None = None) -> list[Eintrag]:
        """Alle Einträge (auch Stornos und Ersetztes), getypt, aber ohne ``eingabe`` (leer) –
        für Berichte und Statistik über viele Einträge. Reihenfolge: Abend, dann Spielfolge
        (eine Korrektur am Platz des Originals)."""
        sql = (
            "SELECT id, abend_id, nr, zeit, spiel, art, bezug, '{}', ergebnis, gilt FROM eintraege"
            + (" WHERE abend_id = ?" if abend_id is not None else "")
            + " ORDER BY abend_id, id"
        )
        aus = [
            self._eintrag_aus(z) for z in self._lies(sql, [] if abend_id is None else [abend_id])
        ]
        platz = self.spielreihenfolge(abend_id)
        if platz:
            aus.sort(key=lambda e: (e.abend_id, platz.get(e.id, e.id), e.id))
        return aus

    def export_kopf(self, abend_id: int | None = None) -> dict[str, Any]:
        """``export()`` ohne die Einträge: Format, Schema, Spieler, Abende, Ereignisse."""
        abende = self.abende(roh=True) if abend_id is None else [self.abend(abend_id, roh=True)]
        genutzt = {n for a in abende for n in a.spieler}
        spieler = [
            {"id": i, "name": n, "angelegt": t}
            for i, n, t in self._lies("SELECT id, name, angelegt FROM spieler ORDER BY id")
            if abend_id is None or n in genutzt
        ]
        kennung = self.kennungen("abend")
        return {
            "format": EXPORT_FORMAT,
            "schema": SCHEMA_AKTUELL,
            "spieler": spieler,
            "abende": [dict(a.als_json(), uuid=kennung[a.id]) for a in abende],
            "ereignisse": [e.als_json() for e in self.ereignisse(abend_id, alle=True)],
        }

    def export_eintraege_json(self, abend_id: int | None = None) -> list[str]:
        """Die Einträge von ``export()`` als fertige JSON-Texte (je Eintrag einer), aus SQLite.

        Gleiche Schlüssel, Reihenfolge und Werte wie ``export()["eintraege"]``, nur schnell:
        ``eingabe`` und ``ergebnis`` werden so eingesetzt, wie sie gespeichert sind
        (``json.dumps(..., ensure_ascii=False)`` – schon kanonisch); nur Texte mit
        ``\\u``-Escapes werden neu kodiert, damit Export → Import → Export gleich bleibt.
        ``werte`` baut SQLite in der Reihenfolge der Wertzeilen.
        """
        dumps = json.JSONEncoder(ensure_ascii=False).encode
        loads = json.loads
        sql = (
            "SELECT '{\"id\": ' || e.id || ', \"abend\": ' || e.abend_id || ', \"nr\": ' || e.nr"
            " || ', \"zeit\": ' || json_quote(e.zeit) || ', \"spiel\": ' || json_quote(e.spiel)"
            " || ', \"art\": ' || json_quote(e.art) || ', \"bezug\": ' || COALESCE(e.bezug, 'null')"
            " || ', \"gilt\": ' || CASE WHEN e.gilt THEN 'true' ELSE 'false' END,"
            " e.eingabe, e.ergebnis,"
            " COALESCE((SELECT json_group_object(g, json(je)) FROM ("
            "     SELECT w.groesse AS g, json_group_object(s.name, w.wert) AS je, min(w.rowid) AS erst"
            "     FROM werte w JOIN spieler s ON s.id = w.spieler_id"
            "     WHERE w.eintrag_id = e.id GROUP BY w.groesse ORDER BY erst)), '{}')"
            " FROM eintraege e"
            + (" WHERE e.abend_id = ?" if abend_id is not None else "")
            + " ORDER BY e.abend_id, e.id"
        )
        teile = (
            self._lies(sql, [] if abend_id is None else [abend_id])
            if self.verbindung.dialekt.export_in_sql
            else self._export_teile_python(abend_id)
        )
        zeilen = []
        for kopf, eingabe, ergebnis, werte in teile:
            if "\\u" in eingabe:
                eingabe = dumps(loads(eingabe))
            if "\\u" in ergebnis:
                ergebnis = dumps(loads(ergebnis))
            zeilen.append(
                f'{kopf}, "eingabe": {eingabe}, "ergebnis": {ergebnis}, "werte": {werte}}}'
            )
        return zeilen

    def _export_teile_python(self, abend_id: int | None) -> list[tuple[str, str, str, str]]:
        """Die Teile der Export-Zeilen (Kopf, eingabe, ergebnis, werte) für Datenbanken ohne
        SQLites JSON-Aggregate (PostgreSQL), in Python gebaut – Byte für Byte wie dort: der Kopf
        mit ``", "``/``": "``, ``werte`` so knapp wie ``json_group_object`` (ohne Leerzeichen),
        Größen und Namen in der Reihenfolge der Wertzeilen (``rowid``)."""
        dumps = json.JSONEncoder(ensure_ascii=False).encode
        knapp = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        bed = "" if abend_id is None else " WHERE abend_id = ?"
        par = [] if abend_id is None else [abend_id]
        werte: dict[int, dict[str, dict[str, int]]] = {}
        for eid, groesse, name, wert in self._lies(
            "SELECT w.eintrag_id, w.groesse, s.name, w.wert FROM werte w JOIN spieler s "
            "ON s.id = w.spieler_id" + bed.replace("abend_id", "w.abend_id") + " ORDER BY w.rowid",
            par,
        ):
            werte.setdefault(eid, {}).setdefault(groesse, {})[name] = wert
        return [
            (
                f'{{"id": {i}, "abend": {a}, "nr": {nr}, "zeit": {dumps(zeit)}, '
                f'"spiel": {dumps(spiel)}, "art": {dumps(art)}, '
                f'"bezug": {"null" if bezug is None else bezug}, '
                f'"gilt": {"true" if gilt else "false"}',
                eingabe,
                ergebnis,
                knapp(werte.get(i, {})),
            )
            for i, a, nr, zeit, spiel, art, bezug, gilt, eingabe, ergebnis in self._lies(
                "SELECT id, abend_id, nr, zeit, spiel, art, bezug, gilt, eingabe, ergebnis "
                "FROM eintraege" + bed + " ORDER BY abend_id, id",
                par,
            )
        ]

    def importieren(self, daten: dict[str, Any], *, dazu: bool = False) -> dict[str, Any]:
        """Einen Export in eine leere Datenbank übernehmen (ids und Zeiten bleiben gleich).

        ``dazu``: ``daten`` ist das ganze Buch nach ``referee.einfuhr.dazu.zusammenfuehren``
        (alles Vorhandene mit seinen Nummern, das Neue dahinter): geschrieben wird nur, was
        fehlt, ein inzwischen beendeter Abend wird beendet, und von den Turnieren kommen die
        fehlenden Zeilen dazu (``turniere_importieren(dazu=True)``). Danach muss der Export des
        Buchs ``daten`` gleichen – sonst (jemand schrieb dazwischen) bleibt alles, wie es war."""
        if not isinstance(daten, dict) or daten.get("format") != EXPORT_FORMAT:
            raise Eingabefehler(f"Das ist kein referee-Export (Feld „format“ ≠ „{EXPORT_FORMAT}“).")
        if int(daten.get("schema", 0)) > SCHEMA_AKTUELL:
            raise SpeicherFehler("Der Export stammt von einer neueren referee-Version.")
        try:
            with self._schreiben() as conn:
                from referee.store.turnieraustausch import hat_turniere, turniere_importieren

                da: dict[str, set[int]] = {
                    t: set() for t in ("spieler", "abende", "eintraege", "ereignisse")
                }
                if dazu:
                    for t in da:
                        da[t] = {z[0] for z in conn.execute(f"SELECT id FROM {t}")}
                elif conn.execute(
                    "SELECT (SELECT count(*) FROM spieler) + (SELECT count(*) FROM abende)"
                ).fetchone()[0] or hat_turniere(conn):
                    raise Zustandsfehler(
                        f"Die Datenbank {self.pfad} ist nicht leer; importiert wird nur in eine leere "
                        "(andere Datei mit --db wählen) oder mit --dazu."
                    )
                ids = {}
                for s in daten["spieler"]:
                    name = pruefe_name(s["name"])
                    ids[namensschluessel(name)] = s["id"]
                    if s["id"] in da["spieler"]:
                        continue
                    conn.execute(
                        "INSERT INTO spieler (id, name, schluessel, angelegt) VALUES (?, ?, ?, ?)",
                        [s["id"], name, namensschluessel(name), s["angelegt"]],
                    )
                for a in daten["abende"]:
                    if a["id"] in da["abende"]:
                        conn.execute(
                            "UPDATE abende SET offen = ?, beendet = ? WHERE id = ? AND "
                            f"(offen != ? OR beendet {self.verbindung.dialekt.ist_verschieden} ?)",
                            [int(bool(a["offen"])), a["beendet"], a["id"]]
                            + [int(bool(a["offen"])), a["beendet"]],
                        )
                        continue
                    if a.get("uuid") is not None:  # vor dem Abend: sein Trigger lässt sie stehen
                        conn.execute(
                            "INSERT INTO kennungen (art, id, uuid) VALUES ('abend', ?, ?)",
                            [a["id"], a["uuid"]],
                        )
                    conn.execute(
                        "INSERT INTO abende (id, datum, ort, tarif, hausregeln, offen, begonnen, beendet, "
                        "geber_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            a["id"],
                            a["datum"],
                            a["ort"],
                            json.dumps(a["tarif"], ensure_ascii=False),
                            json.dumps(a["hausregeln"], ensure_ascii=False),
                            int(bool(a["offen"])),
                            a["begonnen"],
                            a["beendet"],
                            a.get("geber_start", 0),
                        ],
                    )
                    conn.executemany(
                        "INSERT INTO abend_spieler (abend_id, spieler_id, platz) VALUES (?, ?, ?)",
                        [
                            (a["id"], ids[namensschluessel(n)], p)
                            for p, n in enumerate(a["spieler"])
                        ],
                    )
                for e in sorted(daten["eintraege"], key=lambda e: e["id"]):
                    if e["id"] in da["eintraege"]:
                        continue
                    if e["spiel"] not in SPIELE or e["art"] not in ARTEN:
                        raise Eingabefehler(
                            f"Eintrag {e['id']}: unbekanntes Spiel oder unbekannte Art."
                        )
                    zeilen = [
                        (ids[namensschluessel(name)], e["spiel"], g, wert)
                        for g, je in (e.get("werte") or {}).items()
                        for name, wert in je.items()
                    ]
                    self._einfuegen(
                        conn,
                        e["abend"],
                        e["spiel"],
                        e["art"],
                        e["bezug"],
                        e["eingabe"],
                        e["ergebnis"],
                        zeilen,
                        zeit=e["zeit"],
                        eid=e["id"],
                        nr=e["nr"],
                    )
                for v in sorted(daten.get("ereignisse") or [], key=lambda v: v["id"]):
                    if v["id"] in da["ereignisse"]:
                        continue
                    if v["art"] not in EREIGNIS_ARTEN:
                        raise Eingabefehler(f"Ereignis {v['id']}: unbekannte Art „{v['art']}“.")
                    conn.execute(
                        "INSERT INTO ereignisse (id, abend_id, zeit, art, bezug, nach_eintrag, "
                        "daten, gilt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            v["id"],
                            v["abend"],
                            v["zeit"],
                            v["art"],
                            v["bezug"],
                            v["nach_eintrag"],
                            json.dumps(v["daten"], ensure_ascii=False),
                            0 if v["art"] == "storno" else 1,
                        ],
                    )
                if "turniere" in daten:
                    turniere_importieren(conn, daten["turniere"], dazu=dazu)
                if dazu:
                    ohne_stand = {k: v for k, v in daten.items() if k != "stand"}
                    if json.dumps(self.export(), ensure_ascii=False) != json.dumps(
                        ohne_stand, ensure_ascii=False
                    ):
                        raise Zustandsfehler(
                            "Das Buch hat sich während des Imports geändert; nichts importiert. "
                            "Bitte noch einmal."
                        )
        except KeyError as exc:
            raise Eingabefehler(
                f"Der Export ist unvollständig: das Feld „{exc.args[0]}“ fehlt."
            ) from None
        except TypeError:
            raise Eingabefehler(
                "Der Export ist beschädigt: ein Feld hat den falschen Typ."
            ) from None
        return {
            "spieler": len(daten["spieler"]),
            "abende": len(daten["abende"]),
            "eintraege": len(daten["eintraege"]),
            "turniere": len((daten.get("turniere") or {}).get("turniere") or []),
        }
