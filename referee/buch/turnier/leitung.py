"""Die Turnierleitung am Abend: Eckdaten (Ort, Datum, Startgeld), wer bezahlt hat, die Preise,
Listen zum Aushängen (Sitzplan, Laufzettel), die Mannschaftswertung und die Rangliste zum
Aushang (PDF, CSV, HTML) – je eine Methode des ``Turnierbuchs``.

Gerechnet wird im Kern (``referee.turnier.preise``, ``mannschaften``, ``aushang``); hier wird
gelesen, geprüft, in einer Transaktion geschrieben (``referee.store.turnierkasse``) und die
Antwort zusammengesetzt (``antworten_leitung``). Alles nur anhängend: eine Zahlung wird
zurückgenommen, nie gelöscht; eine neue Preisliste oder neue Eckdaten gelten ab jetzt, die alten
bleiben im Buch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.buch.turnier.grund import Turniergrund
from referee.errors import Eingabefehler, Zustandsfehler
from referee.turnier.daten import Eckdaten, Zugehoerigkeit

if TYPE_CHECKING:
    from referee.buch.turnier.antworten import Turnierstand
    from referee.buch.turnier.antworten_leitung import (
        Aushang,
        EckdatenAntwort,
        Kasse,
        Laufzettelliste,
        Mannschaftswertung,
        Preisverteilung,
        Sitzplan,
    )
    from referee.turnier.daten import Teilnehmer, Turnier

#: Höchstlänge von Ort und Verein (Zeichen).
ORT_HOECHSTENS = 200
#: So viele Spieler zählen in einer Mannschaft höchstens (``--beste``).
BESTE_HOECHSTENS = 50


def eckdaten_pruefen(ort: str | None, datum: str | None, startgeld: str | None) -> dict[str, str]:
    """Ort (gesäubert), Datum (``JJJJ-MM-TT``) und Startgeld (Euro → Cent) als gespeicherte
    Texte; was ``None`` ist, fehlt. Unlesbares: ``Eingabefehler``."""
    from datetime import date

    from referee.text import freier_text
    from referee.zahlen import euro_in_cent

    werte: dict[str, str] = {}
    if ort is not None:
        sauber = freier_text(ort, "--ort", ORT_HOECHSTENS)
        if not sauber:
            raise Eingabefehler("--ort ist leer; z. B. --ort „Gasthaus zur Post“.")
        werte["ort"] = sauber
    if datum is not None:
        roh = datum.strip()
        try:
            ok = len(roh) == 10 and date.fromisoformat(roh).isoformat() == roh
        except ValueError:
            ok = False
        if not ok:
            raise Eingabefehler(f"Datum „{roh[:20]}“ ist kein Datum der Form JJJJ-MM-TT.")
        werte["datum"] = roh
    if startgeld is not None:
        werte["startgeld"] = str(euro_in_cent(startgeld, "--startgeld"))
    return werte


class Turnierleitung(Turniergrund):
    """Was die Turnierleitung neben den Tischen tut (Teil des ``Turnierbuchs``)."""

    # ------------------------------------------------------------ vom Turnierbuch

    def _finde(self, t: Turnier, text: str) -> Teilnehmer:  # ``Turnierbuch._finde``
        raise NotImplementedError

    def stand(self, runde: int | None = None, turnier_id: int | None = None) -> Turnierstand:
        raise NotImplementedError  # ``Turnierbuch.stand``

    # ------------------------------------------------------------ Eckdaten

    def eckdaten_von(self, t: Turnier) -> Eckdaten:
        """Ort, Datum und Startgeld des Turniers (was festgehalten ist)."""
        e = self.store.eckdaten(t.id)
        geld = e.get("startgeld")
        return Eckdaten(e.get("ort"), e.get("datum"), int(geld) if geld is not None else None)

    def eckdaten(
        self,
        *,
        ort: str | None = None,
        datum: str | None = None,
        startgeld: str | None = None,
        turnier_id: int | None = None,
    ) -> EckdatenAntwort:
        """Ort, Datum, Startgeld (Euro, z. B. ``"15"``) festhalten – nur, was angegeben ist;
        ohne Angabe: zeigen."""
        from referee.buch.turnier.antworten_leitung import EckdatenAntwort

        werte = eckdaten_pruefen(ort, datum, startgeld)
        if werte:
            t = self._offen(turnier_id)
            self.store.eckdaten_setzen(t.id, werte)
        else:
            t = self._turnier(turnier_id)
        return EckdatenAntwort(t, self.eckdaten_von(t), tuple(werte))

    # ------------------------------------------------------------ Kasse

    def kasse(self, turnier_id: int | None = None) -> Kasse:
        """Wer bezahlt hat und wer nicht; der Topf (die bezahlten Startgelder)."""
        return self._kasse(self._turnier(turnier_id))

    def _kasse(
        self, t: Turnier, eingetragen: Sequence[int] = (), zurueck: Sequence[int] = ()
    ) -> Kasse:
        from referee.buch.turnier.antworten_leitung import Kasse

        wer = {x.startnummer: x for x in self.store.teilnehmer(t.id)}
        bezahlt = [(wer[nr], cent, zeit) for _, nr, cent, zeit in self.store.zahlungen(t.id)]
        schon = {x.startnummer for x, _, _ in bezahlt}
        return Kasse(
            t,
            self.eckdaten_von(t).startgeld,
            tuple(sorted(bezahlt, key=lambda b: b[0].startnummer)),
            tuple(x for nr, x in sorted(wer.items()) if nr not in schon),
            tuple(eingetragen),
            tuple(zurueck),
        )

    def bezahlen(
        self,
        namen: Sequence[str],
        *,
        betrag: str | None = None,
        zuruecknehmen: bool = False,
        turnier_id: int | None = None,
    ) -> Kasse:
        """``namen`` (Namen oder ``#Startnummer``) haben bezahlt – das Startgeld des Turniers
        oder ``betrag`` (Euro); mit ``zuruecknehmen`` wird ihre Zahlung zurückgenommen. Alle oder
        keiner; ohne Namen: die Kasse zeigen."""
        from referee.zahlen import euro_in_cent

        if not namen:
            if betrag is not None or zuruecknehmen:
                raise Eingabefehler("Es fehlen die Namen, z. B. referee turnier bezahlt Anna #7.")
            return self.kasse(turnier_id)
        t = self._offen(turnier_id)
        wer = [self._finde(t, n) for n in namen]
        nummern = list(dict.fromkeys(x.startnummer for x in wer))
        if len(nummern) < len(wer):
            raise Eingabefehler("Ein Teilnehmer steht zweimal in der Liste; niemand eingetragen.")
        if zuruecknehmen:
            if betrag is not None:
                raise Eingabefehler("--betrag gibt es nur beim Bezahlen, nicht beim Zurücknehmen.")
            self.store.zahlungen_zuruecknehmen(t.id, nummern)
            return self._kasse(t, zurueck=nummern)
        if betrag is not None:
            cent = euro_in_cent(betrag, "--betrag")
        else:
            startgeld = self.eckdaten_von(t).startgeld
            if startgeld is None:
                raise Zustandsfehler(
                    f"Turnier {t.id} hat kein Startgeld: referee turnier eckdaten --startgeld 15 "
                    "(oder --betrag 15 bei bezahlt)."
                )
            cent = startgeld
        self.store.bezahlen(t.id, [(nr, cent) for nr in nummern])
        return self._kasse(t, eingetragen=nummern)

    # ------------------------------------------------------------ Preise

    def _vorlaeufig(self, t: Turnier, stand: Turnierstand) -> bool:
        return self.store.gezogene_runden(t.id) < t.runden or any(
            not s.fertig for s in stand.tische
        )

    def preise(
        self,
        angaben: Sequence[str] = (),
        *,
        anteile: str | None = None,
        turnier_id: int | None = None,
    ) -> Preisverteilung:
        """Die Preisliste an der jetzigen Rangliste. Mit ``angaben`` (``["1=300", "4-10=20",
        "3=Geschenkkorb", "1=40%"]``) oder ``anteile`` (``"40,25,15"``) wird vorher eine neue
        Preisliste festgelegt (``referee.turnier.preise``)."""
        from referee.buch.turnier.antworten_leitung import Preisverteilung
        from referee.turnier.preise import Preisliste, preisliste_lesen, verteile

        gesetzt = bool(angaben) or anteile is not None
        if gesetzt:
            t = self._offen(turnier_id)
            liste = preisliste_lesen(angaben, anteile)
            self.store.preisliste_setzen(t.id, liste.als_json())
        else:
            t = self._turnier(turnier_id)
            roh = self.store.preisliste(t.id)
            if roh is None:
                raise Zustandsfehler(
                    f"Turnier {t.id} hat noch keine Preisliste: referee turnier preise 1=300 "
                    "2=200 3=100 (oder --anteile 40,25,15)."
                )
            liste = Preisliste.aus_json(roh)
        stand = self.stand(turnier_id=t.id)
        kasse = self._kasse(t)
        return Preisverteilung(
            t,
            self.eckdaten_von(t),
            kasse,
            liste,
            verteile(stand.rangliste, liste, kasse.summe),
            self._vorlaeufig(t, stand),
            gesetzt,
        )

    # ------------------------------------------------------------ Listen

    def sitzplan(self, runde: int | None = None, turnier_id: int | None = None) -> Sitzplan:
        """Jeder Spieler der Runde (ohne ``runde``: der zuletzt ausgelosten) nach Namen, mit
        Tisch und Platz."""
        from referee.buch.turnier.antworten_leitung import Sitzplan
        from referee.turnier.aushang import sitzplan

        t = self._turnier(turnier_id)
        runde = self._ausgeloste_runde(t, runde)
        return Sitzplan(t, self.eckdaten_von(t), runde, sitzplan(self.store.tische(t.id, runde)))

    def laufzettel(self, turnier_id: int | None = None) -> Laufzettelliste:
        """Je Startnummer ihre Karte: Tisch und Platz in jeder ausgelosten Runde."""
        from referee.buch.turnier.antworten_leitung import Laufzettelliste
        from referee.turnier.aushang import laufzettel

        t = self._turnier(turnier_id)
        teilnehmer = self.store.teilnehmer(t.id)
        if not teilnehmer:
            raise Zustandsfehler(
                f"In Turnier {t.id} ist noch niemand angemeldet (referee turnier anmelden)."
            )
        vereine = {nr: v or m for nr, (v, m) in self.store.vereine(t.id).items()}
        zettel = laufzettel(teilnehmer, self.store.tische(t.id), t.runden, vereine)
        return Laufzettelliste(t, self.eckdaten_von(t), self.store.gezogene_runden(t.id), zettel)

    def vereine_von(self, t: Turnier) -> dict[int, Zugehoerigkeit]:
        """Verein und Mannschaft je Startnummer (wer keines hat, fehlt)."""
        return {nr: Zugehoerigkeit(v, m) for nr, (v, m) in self.store.vereine(t.id).items()}

    def mannschaften(self, beste: int = 3, turnier_id: int | None = None) -> Mannschaftswertung:
        """Die Mannschaftswertung: Vereine (oder angemeldete Mannschaften) nach der Summe ihrer
        besten ``beste`` Spieler (``referee.turnier.mannschaften``)."""
        from referee.buch.turnier.antworten_leitung import Mannschaftswertung
        from referee.turnier.mannschaften import mannschaftswertung
        from referee.zahlen import pruefe_bereich

        pruefe_bereich(beste, "--beste", 1, BESTE_HOECHSTENS)
        t = self._turnier(turnier_id)
        gruppe = {nr: z.gruppe for nr, z in self.vereine_von(t).items() if z.gruppe}
        if not gruppe:
            raise Zustandsfehler(
                f"In Turnier {t.id} hat niemand einen Verein oder eine Mannschaft: anmelden mit "
                "--verein „SV Post“ oder einer Liste mit der Spalte Verein (--datei)."
            )
        stand = self.stand(turnier_id=t.id)
        return Mannschaftswertung(
            t,
            self.eckdaten_von(t),
            beste,
            mannschaftswertung(stand.rangliste, gruppe, beste),
            sum(1 for z in stand.rangliste if z.startnummer not in gruppe),
            self._vorlaeufig(t, stand),
        )

    def aushang(self, runde: int | None = None, turnier_id: int | None = None) -> Aushang:
        """Die Rangliste (gesamt oder einer Runde) mit Ort, Datum, Vereinen und der Wertung in
        Worten – für PDF, CSV und HTML."""
        from referee.buch.turnier.antworten_leitung import Aushang

        stand = self.stand(runde, turnier_id)
        t = stand.turnier
        return Aushang(
            stand, self.eckdaten_von(t), self.vereine_von(t), self.wertung_von(t).beschreibung()
        )


__all__ = ["BESTE_HOECHSTENS", "Turnierleitung", "eckdaten_pruefen"]
