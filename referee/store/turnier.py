"""Der Speicher der Turniere (``Turnierspeicher``, Schema 6) – neben dem der Abende, über derselben
Datei und Verbindung (``referee.store.verbindung``).

Wie die Abende nur anhängend: ein Turnier, seine Startnummern (Anmeldung, Ersatzspieler ab
einer Runde), die Auslosungen und Tische werden nie geändert; an einem Tisch stehen Einträge
(``blatt``: die Summen vom Papier, ``spiel``: ein einzelnes Spiel, ``storno``), eine Korrektur
ist ein Eintrag mit ``bezug``. Abmeldungen und das Ende sind Ereignisse (stornierbar).

Der Speicher kennt keine Spielregeln und keine Wertung: er legt die Werte ab, die
``referee.buch.turnier`` ihm gibt (Punkte und gewonnene Soli je Startnummer), prüft nur, was
zur Datei gehört (gibt es Turnier, Runde, Tisch, Startnummer? ist der Eintrag noch gültig?),
und summiert; was zählt (ein Tischblatt geht den Spielen vor), entscheidet der Kern
(``referee.turnier.stand``). Jede schreibende Methode ist eine BEGIN-IMMEDIATE-Transaktion; ein Fehler
schreibt nichts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.errors import Eingabefehler, Zustandsfehler
from referee.namen import namensschluessel, pruefe_name
from referee.store.daten import KeineDaten, _jetzt
from referee.store.turnierkasse import Turnierkasse
from referee.store.verbindung import Buchverbindung

if TYPE_CHECKING:
    import sqlite3

    from referee.turnier.daten import (
        Sitz,
        Teilnehmer,
        Tisch,
        Tischergebnis,
        TischergebnisAus,
        Tischwerte,
        Turnier,
        Turniereintrag,
    )

BEISPIEL = 'Beispiel: referee turnier neu "Preisschafkopf Post" --runden 2 --spiele 32'

#: Ein Wert je Startnummer eines Eintrags: (Startnummer, Punkte, gewonnene Soli).
Wertzeile = tuple[int, int, int]


class Turnierspeicher(Turnierkasse):
    """Turniere, Teilnehmer, Auslosungen und Tischeinträge einer Buchdatei.

    ``tischergebnis_aus`` liest die gespeicherten Ergebnisse der Tischeinträge getypt
    (``referee.turnier.spiel.tischergebnis_aus_json``: ``Tischblatt`` oder ``Turnierspiel``);
    ohne ihn gehen Turniere, Teilnehmer und Tische, aber keine Einträge. Eckdaten, Zahlungen,
    Preislisten und Vereine: ``Turnierkasse`` (``referee.store.turnierkasse``)."""

    def __init__(
        self, verbindung: Buchverbindung, tischergebnis_aus: TischergebnisAus | None = None
    ) -> None:
        super().__init__(verbindung)
        self._tischergebnis_aus = tischergebnis_aus

    # ------------------------------------------------------------ Turniere

    _TURNIER_SQL = (
        "SELECT t.id, t.name, t.runden, t.spiele, t.wertung, t.seed, t.angelegt, "
        "(SELECT e.zeit FROM turnier_ereignisse e WHERE e.turnier_id = t.id AND e.art = 'ende' "
        "AND e.gilt = 1 ORDER BY e.id DESC LIMIT 1) FROM turniere t"
    )

    @staticmethod
    def _turnier_aus(z: tuple[Any, ...]) -> Turnier:
        # Spalten wie _TURNIER_SQL: id, name, runden, spiele, wertung (JSON), seed, angelegt, Ende
        from referee.turnier.daten import Turnier

        return Turnier(z[0], z[1], z[2], z[3], json.loads(z[4]), z[5], z[6], z[7])

    def _hat_turniere(self) -> bool:
        return self.existiert and self._version() >= 6

    def turniere(self) -> list[Turnier]:
        """Alle Turniere, älteste zuerst (ohne Datei: keine)."""
        if not self._hat_turniere():
            return []
        return [self._turnier_aus(z) for z in self._lies(self._TURNIER_SQL + " ORDER BY t.id")]

    def turnier(self, turnier_id: int | None = None) -> Turnier:
        """Turnier ``turnier_id`` oder das offene (das jüngste nicht beendete), ohne offenes das
        zuletzt angelegte (nach ``turnier ende`` zeigen ``stand``, ``preise``, ``laufzettel`` …
        es weiter; was schreibt, sagt dann „ist beendet“); ohne Turnier ``KeineDaten``."""
        if turnier_id is None:
            alle = self.turniere()
            if not alle:
                raise KeineDaten(f"Kein Turnier. {BEISPIEL}")
            offen = [t for t in alle if t.offen]
            return offen[-1] if offen else alle[-1]
        z = (
            self._lies(self._TURNIER_SQL + " WHERE t.id = ?", [turnier_id])
            if self._hat_turniere()
            else []
        )
        if not z:
            raise KeineDaten(f"Es gibt kein Turnier {turnier_id}.")
        return self._turnier_aus(z[0])

    def turnier_neu(
        self,
        name: str,
        *,
        runden: int,
        spiele: int,
        wertung: dict[str, Any],
        seed: int,
        eckdaten: Mapping[str, str] | None = None,
    ) -> Turnier:
        """Ein neues (offenes) Turnier anlegen; mehrere dürfen offen sein. ``eckdaten`` (Ort,
        Datum, Startgeld) in derselben Transaktion."""
        with self._schreiben() as conn:
            cur = conn.execute(
                "INSERT INTO turniere (name, runden, spiele, wertung, seed, angelegt) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [name, runden, spiele, json.dumps(wertung, ensure_ascii=False), seed, _jetzt()],
            )
            tid = int(cur.lastrowid or 0)
            if eckdaten:
                self._eckdaten_einfuegen(conn, tid, eckdaten)
        return self.turnier(tid)

    def _offenes(self, conn: sqlite3.Connection, turnier_id: int) -> None:
        """In der Transaktion: gibt es das Turnier, und ist es offen?"""
        if conn.execute("SELECT 1 FROM turniere WHERE id = ?", [turnier_id]).fetchone() is None:
            raise KeineDaten(f"Es gibt kein Turnier {turnier_id}.")
        if conn.execute(
            "SELECT 1 FROM turnier_ereignisse WHERE turnier_id = ? AND art = 'ende' AND gilt = 1",
            [turnier_id],
        ).fetchone():
            raise Zustandsfehler(
                f"Turnier {turnier_id} ist beendet; dort wird nichts mehr eingetragen."
            )

    def turnier_ende(self, turnier_id: int) -> Turnier:
        """Das Turnier beenden (Ereignis ``ende``)."""
        self._braucht_daten()
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            self._ereignis(conn, turnier_id, "ende")
        return self.turnier(turnier_id)

    def turnier_wieder(self, turnier_id: int) -> Turnier:
        """Ein beendetes Turnier wieder öffnen: das Ereignis ``wieder`` mit Bezug auf das Ende
        (ein Trigger hebt das Ende auf; beides bleibt sichtbar)."""
        self._braucht_daten()
        with self._schreiben() as conn:
            if conn.execute("SELECT 1 FROM turniere WHERE id = ?", [turnier_id]).fetchone() is None:
                raise KeineDaten(f"Es gibt kein Turnier {turnier_id}.")
            ende = conn.execute(
                "SELECT id FROM turnier_ereignisse WHERE turnier_id = ? AND art = 'ende' "
                "AND gilt = 1 ORDER BY id DESC LIMIT 1",
                [turnier_id],
            ).fetchone()
            if ende is None:
                raise Zustandsfehler(f"Turnier {turnier_id} ist nicht beendet; es ist offen.")
            self._ereignis(conn, turnier_id, "wieder", bezug=ende[0])
        return self.turnier(turnier_id)

    def auslosung_nr(self, turnier_id: int, runde: int) -> int:
        """Die Nummer der geltenden Auslosung von ``runde`` (1, nach einem Zurücknehmen 2 …;
        0: die Runde ist nicht ausgelost)."""
        if not self._hat_turniere():
            return 0
        z = self._lies(
            "SELECT auslosung FROM turnier_runden WHERE turnier_id = ? AND runde = ? AND gilt = 1",
            [turnier_id, runde],
        )
        return int(z[0][0]) if z else 0

    def auslosung_zuruecknehmen(self, turnier_id: int, runde: int) -> int:
        """Die geltende Auslosung von ``runde`` zurücknehmen (Ereignis ``auslosung_zurueck``;
        ein Trigger setzt ihre Tische auf „gilt nicht“ – nichts wird gelöscht). Nur die zuletzt
        ausgeloste Runde und nur, solange an ihr nichts eingetragen ist (kein Blatt, kein Spiel,
        auch kein storniertes): sonst ``Zustandsfehler`` mit dem Grund. Gibt die Nummer der
        zurückgenommenen Auslosung zurück."""
        self._braucht_daten()
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            gezogen = self._gezogen(conn, turnier_id)
            if gezogen == 0:
                raise Zustandsfehler(
                    f"In Turnier {turnier_id} ist keine Runde ausgelost; nichts zurückzunehmen."
                )
            if runde != gezogen:
                raise Zustandsfehler(
                    f"Zurücknehmen lässt sich nur die letzte Auslosung (Runde {gezogen}), nicht "
                    f"Runde {runde}; nichts geändert."
                )
            zeilen = conn.execute(
                "SELECT art, tisch FROM turnier_eintraege WHERE turnier_id = ? AND runde = ? "
                "AND art != 'storno'",
                [turnier_id, runde],
            ).fetchall()
            if zeilen:
                teile = []
                for art, ein, mehr in (("spiel", "Spiel", "Spiele"), ("blatt", "Blatt", "Blätter")):
                    tische = sorted({t for a, t in zeilen if a == art})
                    n = sum(1 for a, _ in zeilen if a == art)
                    if n:
                        wo = ", ".join(map(str, tische))
                        teile.append(f"{n} {ein if n == 1 else mehr} (Tisch {wo})")
                raise Zustandsfehler(
                    f"Die Auslosung von Runde {runde} bleibt: an ihren Tischen ist schon "
                    f"eingetragen – {' und '.join(teile)}. Einträge (auch stornierte) gehören zu "
                    "dieser Auslosung; nichts geändert."
                )
            nr = conn.execute(
                "SELECT auslosung FROM turnier_runden WHERE turnier_id = ? AND runde = ? "
                "AND gilt = 1",
                [turnier_id, runde],
            ).fetchone()[0]
            self._ereignis(conn, turnier_id, "auslosung_zurueck", runde=runde, auslosung=nr)
        return int(nr)

    @staticmethod
    def _ereignis(
        conn: sqlite3.Connection,
        turnier_id: int,
        art: str,
        startnummer: int | None = None,
        runde: int | None = None,
        bezug: int | None = None,
        auslosung: int | None = None,
    ) -> int:
        cur = conn.execute(
            "INSERT INTO turnier_ereignisse (turnier_id, zeit, art, startnummer, runde, bezug, "
            "gilt, auslosung) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                turnier_id,
                _jetzt(),
                art,
                startnummer,
                runde,
                bezug,
                0 if art == "storno" else 1,
                auslosung,
            ],
        )
        return int(cur.lastrowid or 0)

    # ------------------------------------------------------------ Teilnehmer

    def teilnehmer(self, turnier_id: int) -> list[Teilnehmer]:
        """Die Startnummern des Turniers (aufsteigend) mit ihren Namen je Runde und ihrer
        geltenden Abmeldung."""
        from referee.turnier.daten import Teilnehmer

        if not self._hat_turniere():
            return []
        namen: dict[int, list[tuple[int, str]]] = {}
        ab: dict[int, int] = {}
        for nr, name, ab_runde, art in self._lies(
            "SELECT startnummer, name, ab_runde, art FROM turnier_teilnehmer "
            "WHERE turnier_id = ? ORDER BY startnummer, ab_runde, id",
            [turnier_id],
        ):
            namen.setdefault(nr, []).append((ab_runde, name))
            if art == "anmeldung":
                ab[nr] = ab_runde
        abgemeldet = dict(
            self._lies(
                "SELECT startnummer, MIN(runde) FROM turnier_ereignisse WHERE turnier_id = ? "
                "AND art = 'abmeldung' AND gilt = 1 GROUP BY startnummer",
                [turnier_id],
            )
        )
        return [
            Teilnehmer(nr, tuple(n), ab.get(nr, 1), abgemeldet.get(nr))
            for nr, n in sorted(namen.items())
        ]

    def _namen_frei(
        self, conn: sqlite3.Connection, turnier_id: int, namen: Sequence[str]
    ) -> list[str]:
        """Geprüfte Namen, keiner doppelt und keiner schon im Turnier; sonst ``Eingabefehler``
        mit allen Doppelten auf einmal."""
        geprueft = [pruefe_name(n) for n in namen]
        vorhanden = {
            k: (nr, n)
            for k, nr, n in conn.execute(
                "SELECT schluessel, startnummer, name FROM turnier_teilnehmer WHERE turnier_id = ?",
                [turnier_id],
            )
        }
        fehler, gesehen = [], set()
        for n in geprueft:
            k = namensschluessel(n)
            if k in vorhanden:
                nr, alt = vorhanden[k]
                fehler.append(f"„{alt}“ hat schon die Startnummer {nr}.")
            elif k in gesehen:
                fehler.append(f"„{n}“ steht zweimal in der Liste.")
            gesehen.add(k)
        if fehler:
            raise Eingabefehler(
                " ".join(fehler) + " Zwei Gleichnamige bitte unterscheiden, z. B. „Hans Maier "
                "(Au)“. Niemand angemeldet."
            )
        return geprueft

    def anmelden(
        self,
        turnier_id: int,
        namen: Sequence[str],
        *,
        ab_runde: int,
        vereine: Sequence[tuple[str | None, str | None]] = (),
    ) -> list[Teilnehmer]:
        """Neue Startnummern (fortlaufend) für ``namen``, ausgelost ab Runde ``ab_runde``;
        alle oder keiner. ``vereine``: je Name (Verein, Mannschaft), in derselben Transaktion."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            geprueft = self._namen_frei(conn, turnier_id, namen)
            naechste = conn.execute(
                "SELECT COALESCE(MAX(startnummer), 0) + 1 FROM turnier_teilnehmer "
                "WHERE turnier_id = ?",
                [turnier_id],
            ).fetchone()[0]
            zeit = _jetzt()
            conn.executemany(
                "INSERT INTO turnier_teilnehmer (turnier_id, startnummer, name, schluessel, "
                "ab_runde, art, zeit) VALUES (?, ?, ?, ?, ?, 'anmeldung', ?)",
                [
                    (turnier_id, naechste + i, n, namensschluessel(n), ab_runde, zeit)
                    for i, n in enumerate(geprueft)
                ],
            )
            self._vereine_einfuegen(
                conn,
                turnier_id,
                ((naechste + i, v, m) for i, (v, m) in enumerate(vereine[: len(geprueft)])),
            )
        neu = set(range(naechste, naechste + len(geprueft)))
        return [t for t in self.teilnehmer(turnier_id) if t.startnummer in neu]

    def ersetzen(self, turnier_id: int, startnummer: int, name: str, *, ab_runde: int) -> None:
        """Ein Ersatzspieler ``name`` spielt Startnummer ``startnummer`` ab ``ab_runde``."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            (geprueft,) = self._namen_frei(conn, turnier_id, [name])
            conn.execute(
                "INSERT INTO turnier_teilnehmer (turnier_id, startnummer, name, schluessel, "
                "ab_runde, art, zeit) VALUES (?, ?, ?, ?, ?, 'ersatz', ?)",
                [turnier_id, startnummer, geprueft, namensschluessel(geprueft), ab_runde, _jetzt()],
            )

    def abmelden(self, turnier_id: int, startnummern: Iterable[int], *, ab_runde: int) -> None:
        """Die Startnummern werden ab ``ab_runde`` nicht mehr ausgelost (Ereignisse)."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            for nr in startnummern:
                self._ereignis(conn, turnier_id, "abmeldung", nr, ab_runde)

    def abmeldung_aufheben(self, turnier_id: int, startnummer: int) -> None:
        """Die geltende Abmeldung einer Startnummer stornieren (wieder angemeldet)."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            z = conn.execute(
                "SELECT id FROM turnier_ereignisse WHERE turnier_id = ? AND art = 'abmeldung' "
                "AND gilt = 1 AND startnummer = ?",
                [turnier_id, startnummer],
            ).fetchall()
            if not z:
                raise Zustandsfehler(f"Startnummer {startnummer} ist nicht abgemeldet.")
            for (eid,) in z:
                self._ereignis(conn, turnier_id, "storno", startnummer, bezug=eid)

    # ------------------------------------------------------------ Auslosung, Tische

    def gezogene_runden(self, turnier_id: int) -> int:
        """Die höchste ausgeloste Runde (0: noch keine)."""
        if not self._hat_turniere():
            return 0
        z = self._lies(
            "SELECT COALESCE(MAX(runde), 0) FROM turnier_runden WHERE turnier_id = ? AND gilt = 1",
            [turnier_id],
        )
        return int(z[0][0])

    def wiederholungen(self, turnier_id: int) -> dict[int, int]:
        """``{runde: wiederholte Paare}`` der Auslosungen."""
        return dict(
            self._lies(
                "SELECT runde, wiederholungen FROM turnier_runden WHERE turnier_id = ? AND gilt = 1",
                [turnier_id],
            )
        )

    def auslosung_speichern(
        self,
        turnier_id: int,
        runde: int,
        tische: Sequence[Sequence[int]],
        wiederholungen: int,
        teilnehmer: Iterable[int],
    ) -> None:
        """Die Tische von Runde ``runde`` festhalten. Wurde inzwischen (anderer Prozess)
        ausgelost oder hat sich das Teilnehmerfeld geändert (``teilnehmer`` waren die
        Startnummern der Auslosung): ``Zustandsfehler``, nichts geschrieben."""
        with self._schreiben() as conn:
            self._offenes(conn, turnier_id)
            gezogen = self._gezogen(conn, turnier_id)
            if gezogen != runde - 1:
                raise Zustandsfehler(
                    f"Inzwischen ist Runde {gezogen} ausgelost; nichts geschrieben. Nochmal "
                    "auslosen zeigt die nächste Runde."
                )
            feld = {
                nr
                for (nr,) in conn.execute(
                    "SELECT startnummer FROM turnier_teilnehmer WHERE turnier_id = ? "
                    "AND art = 'anmeldung' AND ab_runde <= ? AND startnummer NOT IN (SELECT "
                    "startnummer FROM turnier_ereignisse WHERE turnier_id = ? AND art = "
                    "'abmeldung' AND gilt = 1 AND runde <= ?)",
                    [turnier_id, runde, turnier_id, runde],
                )
            }
            if feld != set(teilnehmer):
                raise Zustandsfehler(
                    "Während der Auslosung hat sich das Teilnehmerfeld geändert; nichts "
                    "geschrieben. Bitte noch einmal auslosen."
                )
            # die wievielte Auslosung dieser Runde (frühere wurden zurückgenommen)
            nr_auslosung = conn.execute(
                "SELECT COALESCE(MAX(auslosung), 0) + 1 FROM turnier_runden "
                "WHERE turnier_id = ? AND runde = ?",
                [turnier_id, runde],
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO turnier_runden (turnier_id, runde, auslosung, zeit, wiederholungen, "
                "gilt) VALUES (?, ?, ?, ?, ?, 1)",
                [turnier_id, runde, nr_auslosung, _jetzt(), wiederholungen],
            )
            conn.executemany(
                "INSERT INTO turnier_tische (turnier_id, runde, auslosung, tisch, platz, "
                "startnummer, gilt) VALUES (?, ?, ?, ?, ?, ?, 1)",
                [
                    (turnier_id, runde, nr_auslosung, t, p, nr)
                    for t, tisch in enumerate(tische, 1)
                    for p, nr in enumerate(tisch, 1)
                ],
            )

    def tische(self, turnier_id: int, runde: int | None = None) -> list[Tisch]:
        """Die Tische einer Runde (ohne ``runde``: aller Runden), die Sitze mit dem Namen, unter
        dem die Startnummer in dieser Runde spielt."""
        from referee.turnier.daten import Sitz, Tisch

        if not self._hat_turniere():
            return []
        wer = {t.startnummer: t for t in self.teilnehmer(turnier_id)}
        sitze: dict[tuple[int, int], list[Sitz]] = {}
        for r, t, nr in self._lies(
            "SELECT runde, tisch, startnummer FROM turnier_tische WHERE turnier_id = ? AND gilt = 1"
            + (" AND runde = ?" if runde is not None else "")
            + " ORDER BY runde, tisch, platz",
            [turnier_id] + ([runde] if runde is not None else []),
        ):
            sitze.setdefault((r, t), []).append(Sitz(nr, wer[nr].name_in(r)))
        return [Tisch(r, t, tuple(s)) for (r, t), s in sitze.items()]

    # ------------------------------------------------------------ Einträge an den Tischen

    _TURNIEREINTRAG_SQL = (
        "SELECT id, turnier_id, runde, tisch, zeit, art, bezug, eingabe, ergebnis, gilt "
        "FROM turnier_eintraege"
    )

    def _turniereintrag_aus(self, z: tuple[Any, ...]) -> Turniereintrag:
        # Spalten wie _TURNIEREINTRAG_SQL: id … bezug, dann eingabe, ergebnis (JSON), gilt
        from referee.turnier.daten import Turniereintrag

        art = z[5]
        ergebnis = None
        if art != "storno":  # die eine Stelle, an der die Spalte ``ergebnis`` gelesen wird
            if self._tischergebnis_aus is None:
                raise RuntimeError(
                    "Der Turnierspeicher wurde ohne Leser der Tischergebnisse geöffnet."
                )
            ergebnis = self._tischergebnis_aus(art, json.loads(z[8]))
        e = json.loads(z[7])
        return Turniereintrag(z[0], z[1], z[2], z[3], z[4], art, z[6], e, ergebnis, bool(z[9]))

    def turnier_eintrag(self, eintrag_id: int) -> Turniereintrag:
        z = (
            self._lies(self._TURNIEREINTRAG_SQL + " WHERE id = ?", [eintrag_id])
            if self._hat_turniere()
            else []
        )
        if not z:
            raise KeineDaten(f"Es gibt keinen Turniereintrag {eintrag_id}.")
        return self._turniereintrag_aus(z[0])

    def turnier_eintrag_geltend(self, eintrag_id: int) -> Turniereintrag:
        """Eintrag ``eintrag_id``, wenn er gilt; sonst ``Zustandsfehler`` (schon storniert oder
        ersetzt, durch welchen Eintrag) bzw. ``KeineDaten``."""
        alt = self.turnier_eintrag(eintrag_id)
        nach = self._lies(
            "SELECT id, art FROM turnier_eintraege WHERE bezug = ? ORDER BY id DESC LIMIT 1",
            [eintrag_id],
        )
        self._pruefe_geltend(alt, nach[0] if nach else None)
        return alt

    def turnier_eintraege(
        self,
        turnier_id: int,
        *,
        runde: int | None = None,
        tisch: int | None = None,
        alle: bool = False,
    ) -> list[Turniereintrag]:
        """Die Einträge (ohne ``alle`` nur die geltenden) in der Reihenfolge des Schreibens."""
        if not self._hat_turniere():
            return []
        bed, par = ["turnier_id = ?"], [turnier_id]
        for spalte, wert in (("runde", runde), ("tisch", tisch)):
            if wert is not None:
                bed.append(f"{spalte} = ?")
                par.append(wert)
        if not alle:
            bed.append("gilt = 1")
        return [
            self._turniereintrag_aus(z)
            for z in self._lies(
                self._TURNIEREINTRAG_SQL + " WHERE " + " AND ".join(bed) + " ORDER BY id", par
            )
        ]

    def turnier_eintrag_zum_schluessel(self, schluessel: str) -> Turniereintrag | None:
        """Der Eintrag, den ``schluessel`` geschrieben hat (sonst ``None``)."""
        if not self._hat_turniere():
            return None
        z = self._lies(
            self._TURNIEREINTRAG_SQL
            + " WHERE id = (SELECT eintrag_id FROM turnier_schluessel WHERE schluessel = ?)",
            [schluessel],
        )
        return self._turniereintrag_aus(z[0]) if z else None

    def _tisch_da(self, conn: sqlite3.Connection, turnier_id: int, runde: int, tisch: int) -> None:
        if not conn.execute(
            "SELECT 1 FROM turnier_runden WHERE turnier_id = ? AND runde = ? AND gilt = 1",
            [turnier_id, runde],
        ).fetchone():
            raise Zustandsfehler(
                f"Runde {runde} ist noch nicht ausgelost; nichts eingetragen "
                "(referee turnier auslosung)."
            )
        if not conn.execute(
            "SELECT 1 FROM turnier_tische WHERE turnier_id = ? AND runde = ? AND tisch = ? "
            "AND gilt = 1",
            [turnier_id, runde, tisch],
        ).fetchone():
            anzahl = conn.execute(
                "SELECT MAX(tisch) FROM turnier_tische WHERE turnier_id = ? AND runde = ? "
                "AND gilt = 1",
                [turnier_id, runde],
            ).fetchone()[0]
            raise Eingabefehler(
                f"Runde {runde} hat keinen Tisch {tisch} (Tische 1 bis {anzahl}); nichts "
                "eingetragen."
            )

    def _gilt_noch(self, conn: sqlite3.Connection, eintrag_id: int) -> Turniereintrag:
        z = conn.execute(self._TURNIEREINTRAG_SQL + " WHERE id = ?", [eintrag_id]).fetchone()
        if z is None:
            raise KeineDaten(f"Es gibt keinen Turniereintrag {eintrag_id}.")
        alt = self._turniereintrag_aus(z)
        nach = conn.execute(
            "SELECT id, art FROM turnier_eintraege WHERE bezug = ? ORDER BY id DESC LIMIT 1",
            [eintrag_id],
        ).fetchone()
        self._pruefe_geltend(alt, nach)
        return alt

    @staticmethod
    def _pruefe_geltend(alt: Turniereintrag, nach: tuple[Any, ...] | None) -> None:
        """Gilt ``alt`` (kein Storno, nicht storniert oder ersetzt – ``nach``: der jüngste
        Eintrag mit Bezug darauf)? Sonst ``Zustandsfehler``, der sagt, wodurch."""
        if alt.art == "storno":
            raise Zustandsfehler(f"Eintrag {alt.id} ist selbst ein Storno.")
        if not alt.gilt:
            wie = "storniert" if nach and nach[1] == "storno" else "ersetzt"
            raise Zustandsfehler(
                f"Eintrag {alt.id} ist schon {wie} (durch Eintrag {nach[0] if nach else '?'})."
            )

    def turnier_eintragen(
        self,
        turnier_id: int,
        runde: int,
        tisch: int,
        art: str,
        ergebnis: Tischergebnis,
        *,
        eingabe: Mapping[str, Any] | None = None,
        bezug: int | None = None,
        schluessel: str | None = None,
        nur_gueltig: Iterable[int] = (),
        spiele_vorher: int | None = None,
        nur_laufende_runde: bool = False,
    ) -> Turniereintrag:
        """Ein Blatt oder Spiel an Tisch ``tisch`` von Runde ``runde`` (mit ``bezug``: als
        Korrektur, die ``bezug`` ersetzt): gespeichert werden ``ergebnis.als_json()`` und je
        Startnummer am Tisch Punkte und gewonnene Soli (``ergebnis.punkte``/``soli``).
        ``nur_gueltig``: Einträge, die beim Rechnen galten und noch gelten müssen (sonst
        ``Zustandsfehler``, etwa wenn ein anderes Handy inzwischen korrigierte);
        ``spiele_vorher``: so viele Spiele gelten am Tisch (sonst kam inzwischen eines dazu). Ein
        ``schluessel`` (Idempotenz), der schon etwas schrieb: ``Wiederholt``, nichts geschrieben.
        ``nur_laufende_runde``: ``runde`` muss die zuletzt ausgeloste sein – in derselben
        Transaktion geprüft, eine gleichzeitige Auslosung lässt also nichts in die alte Runde.
        """
        if art not in ("blatt", "spiel"):
            raise Eingabefehler(f"Unbekannte Eintragsart „{art}“; möglich: blatt, spiel.")
        soli = dict(ergebnis.soli)
        werte = [(nr, p, soli.get(nr, 0)) for nr, p in ergebnis.punkte]
        with self._schreiben() as conn:
            self._schluessel_frei_turnier(conn, schluessel)
            self._offenes(conn, turnier_id)
            self._tisch_da(conn, turnier_id, runde, tisch)
            if nur_laufende_runde:
                self._laufende_runde(conn, turnier_id, runde)
            am_tisch = {
                nr
                for (nr,) in conn.execute(
                    "SELECT startnummer FROM turnier_tische WHERE turnier_id = ? AND runde = ? "
                    "AND tisch = ? AND gilt = 1",
                    [turnier_id, runde, tisch],
                )
            }
            fremd = [nr for nr, _, _ in werte if nr not in am_tisch]
            if fremd:
                raise Eingabefehler(
                    f"Startnummer {', '.join(map(str, fremd))} sitzt nicht an Tisch {tisch} "
                    f"(Runde {runde}); nichts eingetragen."
                )
            for eid in nur_gueltig:
                self._gilt_noch(conn, eid)
            if spiele_vorher is not None:
                jetzt = conn.execute(
                    "SELECT count(*) FROM turnier_eintraege WHERE turnier_id = ? AND runde = ? "
                    "AND tisch = ? AND art = 'spiel' AND gilt = 1",
                    [turnier_id, runde, tisch],
                ).fetchone()[0]
                if jetzt != spiele_vorher:
                    raise Zustandsfehler(
                        f"An Tisch {tisch} (Runde {runde}) wurde inzwischen ein Spiel eingetragen "
                        f"({jetzt} statt {spiele_vorher}); nichts eingetragen – bitte neu laden."
                    )
            if bezug is not None:
                alt = self._gilt_noch(conn, bezug)
                if (alt.turnier_id, alt.runde, alt.tisch, alt.art) != (
                    turnier_id,
                    runde,
                    tisch,
                    art,
                ):
                    raise Eingabefehler(
                        f"Eintrag {bezug} ist kein {art} an Tisch {tisch} (Runde {runde})."
                    )
            eid = self._turnier_einfuegen(
                conn,
                turnier_id,
                runde,
                tisch,
                art,
                bezug,
                eingabe or {},
                ergebnis.als_json(),
                werte,
            )
            if schluessel is not None:
                conn.execute(
                    "INSERT INTO turnier_schluessel VALUES (?, ?, ?)", [schluessel, eid, _jetzt()]
                )
        return self.turnier_eintrag(eid)

    def turnier_storno(
        self,
        eintrag_id: int,
        *,
        schluessel: str | None = None,
        nur_laufende_runde: bool = False,
    ) -> Turniereintrag:
        """Storniert einen geltenden Eintrag (ein Blatt oder Spiel); der Storno bleibt
        sichtbar, eine stornierte Korrektur lässt das Original wieder gelten.
        ``nur_laufende_runde`` wie bei ``turnier_eintragen``."""
        self._braucht_daten()
        with self._schreiben() as conn:
            self._schluessel_frei_turnier(conn, schluessel)
            alt = self._gilt_noch(conn, eintrag_id)
            self._offenes(conn, alt.turnier_id)
            if nur_laufende_runde:
                self._laufende_runde(conn, alt.turnier_id, alt.runde)
            sid = self._turnier_einfuegen(
                conn,
                alt.turnier_id,
                alt.runde,
                alt.tisch,
                "storno",
                alt.id,
                {"storniert": alt.id},
                {},
                [],
            )
            if schluessel is not None:
                conn.execute(
                    "INSERT INTO turnier_schluessel VALUES (?, ?, ?)", [schluessel, sid, _jetzt()]
                )
        return self.turnier_eintrag(sid)

    @staticmethod
    def _gezogen(conn: sqlite3.Connection, turnier_id: int) -> int:
        """In der Transaktion: die höchste Runde mit geltender Auslosung (0: keine)."""
        return int(
            conn.execute(
                "SELECT COALESCE(MAX(runde), 0) FROM turnier_runden WHERE turnier_id = ? "
                "AND gilt = 1",
                [turnier_id],
            ).fetchone()[0]
        )

    def _laufende_runde(self, conn: sqlite3.Connection, turnier_id: int, runde: int) -> None:
        if runde not in self._laufende(conn, turnier_id):
            gezogen = self._gezogen(conn, turnier_id)
            raise Zustandsfehler(
                f"Runde {runde} ist vorbei: Runde {gezogen} ist ausgelost; nichts eingetragen."
            )

    def _laufende(self, conn: sqlite3.Connection, turnier_id: int) -> tuple[int, ...]:
        """Die Runden, an deren Tischen noch geschrieben wird: die zuletzt ausgeloste – und die
        davor, solange an der neuen nichts eingetragen ist (eine mit ``--trotzdem`` ausgeloste
        Runde beginnt erst mit ihrem ersten Eintrag; bis dahin spielen die Tische der alten
        mit ihren Links zu Ende)."""
        return _laufende(lambda sql, p: conn.execute(sql, p).fetchall(), turnier_id)

    def laufende_runden(self, turnier_id: int) -> tuple[int, ...]:
        """``_laufende`` außerhalb einer Transaktion (ohne Datei: keine)."""
        if not self._hat_turniere():
            return ()
        return _laufende(self._lies, turnier_id)

    def _schluessel_frei_turnier(self, conn: sqlite3.Connection, schluessel: str | None) -> None:
        if schluessel is None:
            return
        z = conn.execute(
            self._TURNIEREINTRAG_SQL
            + " WHERE id = (SELECT eintrag_id FROM turnier_schluessel WHERE schluessel = ?)",
            [schluessel],
        ).fetchone()
        if z is not None:
            raise TurnierWiederholt(self._turniereintrag_aus(z))

    @staticmethod
    def _turnier_einfuegen(
        conn: sqlite3.Connection,
        turnier_id: int,
        runde: int,
        tisch: int,
        art: str,
        bezug: int | None,
        eingabe: Mapping[str, Any],
        ergebnis: Mapping[str, Any],
        werte: Sequence[Wertzeile],
    ) -> int:
        cur = conn.execute(
            "INSERT INTO turnier_eintraege (turnier_id, runde, tisch, zeit, art, bezug, eingabe, "
            "ergebnis, gilt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                turnier_id,
                runde,
                tisch,
                _jetzt(),
                art,
                bezug,
                json.dumps(dict(eingabe), ensure_ascii=False),
                json.dumps(dict(ergebnis), ensure_ascii=False),
                0 if art == "storno" else 1,
            ],
        )
        eid = int(cur.lastrowid or 0)
        if werte:
            conn.executemany(
                "INSERT INTO turnier_werte (eintrag_id, turnier_id, runde, tisch, startnummer, "
                "punkte, soli, gilt) VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
                [(eid, turnier_id, runde, tisch, nr, p, s) for nr, p, s in werte],
            )
        return eid

    # ------------------------------------------------------------ Summen

    def tischwerte(self, turnier_id: int) -> list[Tischwerte]:
        """Je ausgelostem Tisch (nach Runde, Tisch) die Summen seiner geltenden Blätter und seiner
        geltenden Spiele je Startnummer und die Zahl der geltenden Spiele – zwei SQL-Aggregate
        über die geltenden Werte. Was davon zählt (ein Blatt geht den Spielen vor), entscheidet
        der Kern (``referee.turnier.stand``)."""
        from referee.turnier.daten import Tischwerte

        if not self._hat_turniere():
            return []
        summen: dict[tuple[int, int, str], dict[int, tuple[int, int]]] = {}
        for r, t, art, nr, p, s in self._lies(
            "SELECT w.runde, w.tisch, e.art, w.startnummer, SUM(w.punkte), SUM(w.soli) "
            "FROM turnier_werte w JOIN turnier_eintraege e ON e.id = w.eintrag_id "
            "WHERE w.turnier_id = ? AND w.gilt = 1 GROUP BY w.runde, w.tisch, e.art, "
            "w.startnummer",
            [turnier_id],
        ):
            summen.setdefault((r, t, art), {})[nr] = (p, s)
        spiele = {
            (r, t): n
            for r, t, n in self._lies(
                "SELECT runde, tisch, count(*) FROM turnier_eintraege WHERE turnier_id = ? "
                "AND gilt = 1 AND art = 'spiel' GROUP BY runde, tisch",
                [turnier_id],
            )
        }
        return [
            Tischwerte(
                r,
                t,
                summen.get((r, t, "blatt"), {}),
                summen.get((r, t, "spiel"), {}),
                spiele.get((r, t), 0),
            )
            for r, t in self._lies(
                "SELECT DISTINCT runde, tisch FROM turnier_tische WHERE turnier_id = ? "
                "AND gilt = 1 ORDER BY runde, tisch",
                [turnier_id],
            )
        ]

    def begegnungen(self, turnier_id: int) -> tuple[list[tuple[int, int]], dict[int, int]]:
        """Alle Paare, die schon an einem Tisch saßen (je Runde einmal), und wie oft jeder
        schon an einem Fünfertisch saß (wer nie dort saß, fehlt)."""
        paare = [
            (a, b)
            for a, b in self._lies(
                "SELECT x.startnummer, y.startnummer FROM turnier_tische x JOIN turnier_tische y "
                "ON x.turnier_id = y.turnier_id AND x.runde = y.runde AND x.tisch = y.tisch "
                "AND x.auslosung = y.auslosung AND x.startnummer < y.startnummer "
                "WHERE x.turnier_id = ? AND x.gilt = 1 AND y.gilt = 1 "
                "ORDER BY x.runde, x.startnummer, y.startnummer",
                [turnier_id],
            )
        ]
        fuenf = {
            nr: zahl
            for nr, zahl in self._lies(
                "SELECT startnummer, count(*) FROM turnier_tische t WHERE turnier_id = ? AND "
                "gilt = 1 AND (SELECT count(*) FROM turnier_tische u WHERE u.turnier_id = "
                "t.turnier_id AND u.runde = t.runde AND u.tisch = t.tisch AND u.gilt = 1) = 5 "
                "GROUP BY startnummer",
                [turnier_id],
            )
        }
        return paare, fuenf


class TurnierWiederholt(Exception):
    """Ein Schreiben mit einem schon benutzten Schlüssel: nichts geschrieben; ``eintrag`` ist,
    was der Schlüssel beim ersten Mal schrieb."""

    def __init__(self, eintrag: Turniereintrag) -> None:
        super().__init__(eintrag.id)
        self.eintrag = eintrag


__all__ = ["BEISPIEL", "TurnierWiederholt", "Turnierspeicher", "Wertzeile"]


def _laufende(lies: Any, turnier_id: int) -> tuple[int, ...]:
    (gezogen,) = lies(
        "SELECT COALESCE(MAX(runde), 0) FROM turnier_runden WHERE turnier_id = ? AND gilt = 1",
        [turnier_id],
    )[0]
    if gezogen <= 1:
        return (gezogen,) if gezogen else ()
    begonnen = lies(
        "SELECT 1 FROM turnier_eintraege WHERE turnier_id = ? AND runde = ? LIMIT 1",
        [turnier_id, gezogen],
    )
    return (gezogen,) if begonnen else (gezogen - 1, gezogen)
