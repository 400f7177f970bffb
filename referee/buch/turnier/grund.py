"""Der Grund des Turnierbuchs: die Datei, welches Turnier, die Tische einer Runde und wie weit sie
sind – was die Arbeit an den Tischen (``tische``) und die Turnierleitung (``referee.buch.turnier``)
beide brauchen."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Self

from referee.buch.turnier.antworten import Tischstand
from referee.errors import Eingabefehler, Zustandsfehler

if TYPE_CHECKING:
    from collections.abc import Sequence

    from referee.store import Turnierspeicher
    from referee.turnier.daten import Tisch, Tischsumme, Turnier, Turniereintrag
    from referee.turnier.spiel import Tischlage
    from referee.turnier.wertung import Wertung


class Turniergrund:
    """Die Turniere einer Buchdatei (``--db``; sonst ``$REFEREE_DB``/Datenverzeichnis).
    Lesen legt nie eine Datei an."""

    def __init__(self, pfad: str | os.PathLike[str] | None = None) -> None:
        from referee.spiele import ergebnis_aus_json
        from referee.store import oeffne_turniere
        from referee.turnier.spiel import tischergebnis_aus_json

        self.store: Turnierspeicher = oeffne_turniere(
            pfad, ergebnis_aus=ergebnis_aus_json, tischergebnis_aus=tischergebnis_aus_json
        )

    @property
    def pfad(self) -> str:
        return str(self.store.pfad)

    def datenversion(self) -> int:
        """Ändert sich, sobald ein anderer Prozess etwas festschreibt (für Live-Ansichten)."""
        return self.store.datenversion()

    def meldungen_fd(self) -> int | None:
        """Lesbar bei fremden Commits (PostgreSQL: LISTEN/NOTIFY); ``None`` bei SQLite."""
        return self.store.meldungen_fd()

    def schliessen(self) -> None:
        self.store.schliessen()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

    # ------------------------------------------------------------ welches Turnier, welche Runde

    def _turnier(self, turnier_id: int | None) -> Turnier:
        return self.store.turnier(turnier_id)

    def _offen(self, turnier_id: int | None) -> Turnier:
        t = self._turnier(turnier_id)
        if not t.offen:
            raise Zustandsfehler(f"Turnier {t.id} ist beendet; dort wird nichts mehr geändert.")
        return t

    @staticmethod
    def wertung_von(t: Turnier) -> Wertung:
        """Die Wertung des Turniers (aus der gespeicherten JSON-Form)."""
        from referee.turnier.wertung import Wertung

        return Wertung.aus_json(t.wertung)

    def _naechste_runde(self, t: Turnier) -> int:
        return self.store.gezogene_runden(t.id) + 1

    def _ausgeloste_runde(self, t: Turnier, runde: int | None) -> int:
        gezogen = self.store.gezogene_runden(t.id)
        if runde is None:
            runde = gezogen
        if gezogen == 0:
            raise Zustandsfehler(
                f"In Turnier {t.id} ist noch keine Runde ausgelost (referee turnier auslosung)."
            )
        if not 1 <= runde <= gezogen:
            raise Zustandsfehler(
                f"Runde {runde} ist nicht ausgelost; ausgelost: Runde 1 bis {gezogen}."
            )
        return runde

    # ------------------------------------------------------------ die Tische

    def _tisch(self, t: Turnier, runde: int, tisch: int) -> Tisch:
        self._ausgeloste_runde(t, runde)
        for x in self.store.tische(t.id, runde):
            if x.nr == tisch:
                return x
        anzahl = len(self.store.tische(t.id, runde))
        raise Eingabefehler(f"Runde {runde} hat keinen Tisch {tisch} (Tische 1 bis {anzahl}).")

    def _spiele_am_tisch(self, t: Turnier, runde: int, tisch: int) -> list[Turniereintrag]:
        """Die geltenden Spiele eines Tisches in Spielfolge (eine Korrektur am Platz des
        Originals)."""
        alle = self.store.turnier_eintraege(t.id, runde=runde, tisch=tisch, alle=True)
        bezug = {e.id: e.bezug for e in alle if e.art == "spiel" and e.bezug is not None}

        def ursprung(i: int) -> int:
            while i in bezug:
                i = bezug[i]
            return i

        return sorted(
            (e for e in alle if e.art == "spiel" and e.gilt), key=lambda e: ursprung(e.id)
        )

    def tischlage(
        self, runde: int, tisch: int, turnier_id: int | None = None, *, vor: int | None = None
    ) -> Tischlage:
        """Der Tisch, wie ihn das nächste Spiel sieht (mit ``vor``: wie ihn das geltende Spiel
        ``vor`` sah, für dessen Korrektur): Plätze, Geber, Wertung."""
        return self._lage_und_spiele(self._turnier(turnier_id), runde, tisch, vor=vor)[0]

    def _lage_und_spiele(
        self, t: Turnier, runde: int, tisch: int, *, vor: int | None = None
    ) -> tuple[Tischlage, tuple[int, ...]]:
        """``tischlage`` und die geltenden Spiele des Tisches (ids in Spielfolge), aus einem
        Lesen: daraus kommen Nummer und Geber des nächsten Spiels."""
        from referee.turnier.spiel import Tischlage

        x = self._tisch(t, runde, tisch)
        spiele = self._spiele_am_tisch(t, runde, tisch)
        ids = tuple(e.id for e in spiele)
        if vor is None:
            schon = len(spiele)
        else:
            if vor not in ids:
                raise Zustandsfehler(f"Spiel {vor} gilt an Tisch {tisch} (Runde {runde}) nicht.")
            schon = ids.index(vor)
        # am Tisch gilt nur der Name, unter dem die Startnummer in dieser Runde spielt (die
        # Sitze tragen ihn) – nicht der eines Ersetzten oder eines späteren Ersatzspielers
        return Tischlage(x, self.wertung_von(t), schon), ids

    def _pruefe_keine_ersetzten(self, t: Turnier, tisch: Tisch, namen: Sequence[str]) -> None:
        """Nennt ``namen`` einen Namen einer Startnummer dieses Tisches, unter dem sie in dieser
        Runde nicht spielt (ein Ersetzter, ein späterer Ersatzspieler): ``Eingabefehler`` mit
        dem Namen, der gilt (issue 35, Punkt 9c)."""
        from referee.namen import namensschluessel

        am_tisch = {s.startnummer: s.name for s in tisch.sitze}
        andere = {
            namensschluessel(n): (x.startnummer, n)
            for x in self.store.teilnehmer(t.id)
            if x.startnummer in am_tisch
            for _, n in x.namen
            if n != am_tisch[x.startnummer]
        }
        for name in namen:
            treffer = andere.get(namensschluessel(str(name).strip()))
            if treffer is not None:
                nr, alt = treffer
                raise Eingabefehler(
                    f"„{alt}“ spielt in Runde {tisch.runde} nicht: für Startnummer {nr} sitzt "
                    f"dort {am_tisch[nr]} (Ersatzspieler). Bitte „{am_tisch[nr]}“ oder „#{nr}“ "
                    "schreiben; nichts eingetragen."
                )

    def _tischstand(self, t: Turnier, runde: int, tisch: int) -> Tischstand:
        """Wie weit ein Tisch ist – aus seinen geltenden Einträgen (ein Blatt geht den Spielen
        vor), ohne die Summen des ganzen Turniers (``_tischstaende``) zu lesen."""
        arten = [e.art for e in self.store.turnier_eintraege(t.id, runde=runde, tisch=tisch)]
        spiele = arten.count("spiel")
        quelle = "blatt" if "blatt" in arten else "spiele" if spiele else "offen"
        return Tischstand(runde, tisch, spiele, t.spiele, quelle)

    def _tischsummen(self, t: Turnier) -> list[Tischsumme]:
        """Was jeder ausgeloste Tisch zählt (``referee.turnier.stand``: Blatt vor Spielen)."""
        from referee.turnier.stand import tischsumme

        return [tischsumme(w) for w in self.store.tischwerte(t.id)]

    def _tischstaende(
        self, t: Turnier, runde: int | None = None, summen: Sequence[Tischsumme] | None = None
    ) -> tuple[Tischstand, ...]:
        """Wie weit die Tische (einer Runde) sind; ``summen``: schon gelesen."""
        return tuple(
            Tischstand(s.runde, s.tisch, s.spiele, t.spiele, s.quelle)
            for s in (self._tischsummen(t) if summen is None else summen)
            if runde is None or s.runde == runde
        )


__all__ = ["Turniergrund"]
