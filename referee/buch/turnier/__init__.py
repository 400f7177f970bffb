"""Das Turnierbuch: was ein Turnierleiter (und ein Tisch-Handy) tut, je eine Methode.

::

    from referee.buch.turnier import Turnierbuch

    with Turnierbuch(pfad) as tb:                     # dieselbe Datei wie die Abende
        tb.neu("Preisschafkopf Post", runden=2, spiele=32, wertung="solo-6-2")
        tb.anmelden(["Anna", "Ben", …])              # -> Angemeldet (Startnummern)
        tb.auslosung()                                # -> Tischplan der nächsten Runde
        tb.ergebnis(1, 3, {"Anna": 12, "Ben": -5, …}, soli={"Anna": 1})   # Tischblatt
        tb.spiel_eintragen(1, 3, SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71),
                           schluessel="a1b2c3d4")     # ein Spiel an Tisch 3 (Handy)
        tb.spiel_korrigieren(17, SchafkopfAngaben(…)); tb.rueckgaengig(17)
        tb.stand(), tb.stand(runde=1), tb.tische(1), tb.tischlage(1, 3)

Jede Methode antwortet mit einer eingefrorenen Datenklasse (``referee.buch.turnier.antworten``,
wie die Antworten des Abends in ``referee.buch.antworten``) mit ``als_json()``; jede
schreibende ist eine Transaktion des Speichers, ein Fehler ändert nichts. Welches Turnier:
``turnier_id`` oder das offene (das jüngste nicht beendete).

Nach Aufgaben geteilt: ``grund.py`` (Datei, Turnier, Runde, Tische, wie weit sie sind),
``tische.py`` (die Arbeit an den Tischen: Blatt, Spiel, Korrektur, Storno, Links),
``leitung.py`` (Eckdaten, Kasse, Preise, Sitzplan, Laufzettel, Mannschaften, Aushang), hier
anlegen, anmelden, auslosen, Rangliste; ``pdf.py`` und ``pdf_listen.py`` setzen die PDFs,
``aushang.py`` die Rangliste als CSV und HTML.

Fehler wie im Buch der Abende: ``Eingabefehler`` (Exit 2: falsche Namen, ein Blatt geht nicht
auf), ``Zustandsfehler`` (Exit 2: kein Turnier, Runde nicht ausgelost, schon storniert),
``Regelverstoss`` (Exit 1: die Turnierregeln verbieten das Spiel, etwa Geier oder Stoß).

Die Rechnung steckt im Kern (``referee.turnier``): Wertung, Auslosung, Tischblatt, Spiel,
was ein Tisch zählt und die Konten der Rangliste; hier wird nur gelesen, zusammengesetzt und
geschrieben.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.buch.turnier.antworten import (
    Abgemeldet,
    Angemeldet,
    AuslosungZurueck,
    Ersetzt,
    Tischplan,
    Tischstand,
    TurnierAnsicht,
    TurnierEnde,
    TurnierListe,
    TurnierNeu,
    Turnierstand,
    TurnierWieder,
    Wertungen,
)
from referee.buch.turnier.leitung import Turnierleitung, eckdaten_pruefen
from referee.buch.turnier.tische import Tischarbeit
from referee.errors import Eingabefehler, Zustandsfehler

if TYPE_CHECKING:
    from referee.turnier.daten import Teilnehmer, Turnier, Zugehoerigkeit

#: Grenzen der Eingaben: Runden, Spiele je Runde, Teilnehmer, Länge des Namens.
RUNDEN_HOECHSTENS = 20
SPIELE_HOECHSTENS = 200
TEILNEHMER_HOECHSTENS = 1000
NAME_HOECHSTENS = 100


class Turnierbuch(Tischarbeit, Turnierleitung):
    """Die Turniere einer Buchdatei (``--db``; sonst ``$REFEREE_DB``/Datenverzeichnis).
    Lesen legt nie eine Datei an."""

    # ------------------------------------------------------------ Turnier

    def neu(
        self,
        name: str,
        *,
        runden: int,
        spiele: int,
        wertung: str | None = None,
        setzen: Sequence[str] = (),
        seed: int | None = None,
        ort: str | None = None,
        datum: str | None = None,
        startgeld: str | None = None,
    ) -> TurnierNeu:
        """Ein Turnier anlegen: Name, Runden, Spiele je Runde, Wertung (Name wie
        ``solo-6-2`` und ``setzen``: ``["solo=5"]``), Startwert der Auslosung (ohne: zufällig,
        danach gespeichert – jede Auslosung ist aus dem Buch reproduzierbar); Ort, Datum
        (``JJJJ-MM-TT``) und Startgeld (Euro, ``"15"``) in derselben Transaktion."""
        import secrets

        from referee.text import freier_text
        from referee.turnier.wertung import wertung_laden
        from referee.zahlen import pruefe_bereich

        titel = freier_text(name, "Der Turniername", NAME_HOECHSTENS)
        if not titel:
            raise Eingabefehler("Das Turnier braucht einen Namen, z. B. „Preisschafkopf Post“.")
        pruefe_bereich(runden, "--runden", 1, RUNDEN_HOECHSTENS)
        pruefe_bereich(spiele, "--spiele", 1, SPIELE_HOECHSTENS)
        if seed is None:
            seed = secrets.randbelow(10**9)
        pruefe_bereich(seed, "--seed", 0, 10**9)
        w = wertung_laden(wertung, list(setzen))
        eckdaten = eckdaten_pruefen(ort, datum, startgeld)
        t = self.store.turnier_neu(
            titel, runden=runden, spiele=spiele, wertung=w.als_json(), seed=seed, eckdaten=eckdaten
        )
        return TurnierNeu(t, w.beschreibung(), self.eckdaten_von(t))

    def turnier(self, turnier_id: int | None = None) -> TurnierAnsicht:
        """Das Turnier: Wertung in Worten, Teilnehmer, ausgeloste Runden, Stand der Tische."""
        t = self._turnier(turnier_id)
        return TurnierAnsicht(
            t,
            self.wertung_von(t).beschreibung(),
            tuple(self.store.teilnehmer(t.id)),
            self.store.gezogene_runden(t.id),
            self._tischstaende(t),
            self.eckdaten_von(t),
        )

    def liste(self) -> TurnierListe:
        """Alle Turniere der Datei mit der Zahl ihrer Startnummern."""
        turniere = tuple(self.store.turniere())
        return TurnierListe(turniere, tuple(len(self.store.teilnehmer(t.id)) for t in turniere))

    def ende(self, turnier_id: int | None = None, *, trotzdem: bool = False) -> TurnierEnde:
        """Das (offene) Turnier beenden; danach nimmt es nichts mehr an (``wieder`` öffnet es
        wieder). Sind Tische ausgeloster Runden offen oder Runden nicht ausgelost, nur mit
        ``trotzdem`` (sonst ``Zustandsfehler``, der sie nennt) – die Antwort nennt sie auch
        dann."""
        with self.store.einheit():
            t = self._offen(turnier_id)
            offen = tuple(s for s in self._tischstaende(t) if not s.fertig)
            gezogen = self.store.gezogene_runden(t.id)
            fehlen = tuple(range(gezogen + 1, t.runden + 1))
            if (offen or fehlen) and not trotzdem:
                raise Zustandsfehler(
                    f"Turnier {t.id} ist nicht fertig: {_was_fehlt(offen, fehlen)}. Beenden "
                    "trotzdem mit --trotzdem; nichts geändert."
                )
            t = self.store.turnier_ende(t.id)
        return TurnierEnde(t, self.stand(turnier_id=t.id), offen, fehlen)

    def wieder(self, turnier_id: int | None = None) -> TurnierWieder:
        """Ein beendetes Turnier wieder öffnen (``turnier ende`` aufheben; beides bleibt im
        Buch). Ohne ``turnier_id``: das zuletzt angelegte Turnier."""
        from referee.store import KeineDaten
        from referee.store.turnier import BEISPIEL

        with self.store.einheit():
            if turnier_id is None:
                alle = self.store.turniere()
                if not alle:
                    raise KeineDaten(f"Es gibt noch kein Turnier. {BEISPIEL}")
                turnier_id = alle[-1].id
            t = self._turnier(turnier_id)
            if t.offen:
                raise Zustandsfehler(f"Turnier {t.id} ist offen; nichts wieder zu öffnen.")
            beendet = t.beendet
            t = self.store.turnier_wieder(t.id)
        return TurnierWieder(t, beendet or "", self._tischstaende(t))

    @staticmethod
    def wertungen() -> Wertungen:
        """Die mitgelieferten Wertungen mit Beschreibung, Quelle und Annahmen."""
        from referee.buch.turnier.antworten import Wertungsbeschreibung
        from referee.turnier.wertung import wertung_laden, wertung_namen, wertung_texte

        texte = wertung_texte()
        return Wertungen(
            tuple(
                Wertungsbeschreibung(
                    n,
                    texte[n]["beschreibung"],
                    texte[n]["quelle"],
                    texte[n]["annahmen"],
                    wertung_laden(n).als_json(),
                )
                for n in wertung_namen()
            )
        )

    # ------------------------------------------------------------ Teilnehmer

    def _finde(self, t: Turnier, text: str) -> Teilnehmer:
        """Eine Startnummer aus Name (jeder ihrer Namen) oder ``#12``."""
        from referee.namen import namensschluessel, vorschlag

        alle = self.store.teilnehmer(t.id)
        roh = str(text).strip()
        if roh.startswith("#") and roh[1:].isascii() and roh[1:].isdigit():
            for x in alle:
                if x.startnummer == int(roh[1:]):
                    return x
        k = namensschluessel(roh)
        for x in alle:
            if any(namensschluessel(n) == k for _, n in x.namen):
                return x
        raise Eingabefehler(
            f"„{roh}“ ist in Turnier {t.id} nicht angemeldet."
            + vorschlag(roh, [x.name for x in alle])
        )

    def anmelden(
        self,
        namen: Sequence[str],
        turnier_id: int | None = None,
        *,
        vereine: Sequence[Zugehoerigkeit | None] = (),
    ) -> Angemeldet:
        """Neue Startnummern für ``namen`` (alle oder keiner), ausgelost ab der nächsten Runde;
        ``vereine``: je Name Verein und Mannschaft (für die Mannschaftswertung). Ein einzelner
        Name einer abgemeldeten Startnummer meldet sie wieder an."""
        t = self._offen(turnier_id)
        if not namen:
            raise Eingabefehler("Es fehlen die Namen, z. B. referee turnier anmelden Anna Ben.")
        ab = self._naechste_runde(t)
        if ab > t.runden:
            raise Zustandsfehler(
                f"Alle {t.runden} Runden sind ausgelost; niemand kommt mehr an einen Tisch."
            )
        vorhanden = len(self.store.teilnehmer(t.id))
        if vorhanden + len(namen) > TEILNEHMER_HOECHSTENS:
            raise Eingabefehler(
                f"Mehr als {TEILNEHMER_HOECHSTENS} Teilnehmer nimmt ein Turnier nicht an."
            )
        if len(namen) == 1:
            try:
                x = self._finde(t, namen[0])
            except Eingabefehler:
                x = None
            if x is not None and x.abgemeldet_ab is not None:
                self.store.abmeldung_aufheben(t.id, x.startnummer)
                wieder = self._finde(t, f"#{x.startnummer}")
                return Angemeldet(t, (wieder,), max(ab, wieder.ab_runde), wieder=True)
        neu = self.store.anmelden(
            t.id,
            list(namen),
            ab_runde=ab,
            vereine=[(v.verein, v.mannschaft) if v else (None, None) for v in vereine],
        )
        return Angemeldet(t, tuple(neu), ab)

    def abmelden(self, namen: Sequence[str], turnier_id: int | None = None) -> Abgemeldet:
        """Die Startnummern werden ab der nächsten Runde nicht mehr ausgelost; ihre Punkte
        bleiben (und stehen in der Rangliste)."""
        t = self._offen(turnier_id)
        if not namen:
            raise Eingabefehler("Es fehlen die Namen, z. B. referee turnier abmelden Anna.")
        wer = [self._finde(t, n) for n in namen]
        schon = [x for x in wer if x.abgemeldet_ab is not None]
        if schon:
            raise Zustandsfehler(
                ", ".join(f"{x.name} (Nr. {x.startnummer})" for x in schon)
                + " ist schon abgemeldet; niemand abgemeldet."
            )
        ab = self._naechste_runde(t)
        self.store.abmelden(t.id, [x.startnummer for x in wer], ab_runde=ab)
        nummern = {x.startnummer for x in wer}
        return Abgemeldet(
            t, tuple(x for x in self.store.teilnehmer(t.id) if x.startnummer in nummern), ab
        )

    def ersetzen(
        self, alt: str, neu: str, *, ab_runde: int | None = None, turnier_id: int | None = None
    ) -> Ersetzt:
        """Ein Ersatzspieler ``neu`` übernimmt die Startnummer von ``alt`` mit ihren Punkten –
        ab ``ab_runde`` (ohne: die laufende Runde, ist sie fertig, die nächste)."""
        from referee.zahlen import pruefe_bereich

        t = self._offen(turnier_id)
        x = self._finde(t, alt)
        if ab_runde is None:
            gezogen = self.store.gezogene_runden(t.id)
            laufend = [s for s in self._tischstaende(t) if s.runde == gezogen]
            ab_runde = gezogen if laufend and not all(s.fertig for s in laufend) else gezogen + 1
            ab_runde = max(1, min(ab_runde, t.runden))
        pruefe_bereich(ab_runde, "--ab-runde", 1, t.runden)
        self.store.ersetzen(t.id, x.startnummer, neu, ab_runde=ab_runde)
        jetzt = self._finde(t, f"#{x.startnummer}")
        return Ersetzt(t, x.startnummer, x.name_in(ab_runde - 1 or 1), jetzt.name, ab_runde)

    # ------------------------------------------------------------ Auslosung

    def auslosung(self, turnier_id: int | None = None, *, trotzdem: bool = False) -> Tischplan:
        """Die Tische der nächsten Runde auslosen (aus dem Startwert des Turniers und den
        bisherigen Tischen: dasselbe Buch ergibt dieselben Tische) und festhalten. Sind Tische
        der laufenden Runde noch nicht fertig, nur mit ``trotzdem`` (sonst ``Zustandsfehler``,
        der sie nennt): ihre Handys schreiben weiter, bis an der neuen Runde etwas
        eingetragen ist (``store.laufende_runden``)."""
        from referee.turnier.auslosung import auslosen

        with self.store.einheit():
            t = self._offen(turnier_id)
            runde = self._naechste_runde(t)
            if runde > t.runden:
                raise Zustandsfehler(f"Alle {t.runden} Runden von Turnier {t.id} sind ausgelost.")
            offen = [s for s in self._tischstaende(t, runde - 1) if not s.fertig]
            if offen and not trotzdem:
                raise Zustandsfehler(
                    f"Runde {runde - 1} läuft noch – {_was_fehlt(offen, ())}. Runde {runde} "
                    "wird erst ausgelost, wenn alle Tische fertig sind, oder mit --trotzdem "
                    "(ihre Links schreiben weiter, bis an Runde "
                    f"{runde} das erste Spiel oder Blatt eingetragen ist). Nichts ausgelost."
                )
            feld = [x.startnummer for x in self.store.teilnehmer(t.id) if x.spielt_in(runde)]
            paare, fuenfer = self.store.begegnungen(t.id)
            a = auslosen(feld, paare, seed=t.seed, runde=runde, fuenfer=fuenfer)
            self.store.auslosung_speichern(t.id, runde, a.tische, a.wiederholungen, feld)
            return Tischplan(
                t,
                runde,
                tuple(self.store.tische(t.id, runde)),
                a.wiederholungen,
                a.wiederholte,
                self._tischstaende(t, runde),
                self.store.auslosung_nr(t.id, runde),
                tuple(offen),
            )

    def auslosung_zuruecknehmen(self, turnier_id: int | None = None) -> AuslosungZurueck:
        """Die letzte Auslosung zurücknehmen, solange an ihr nichts eingetragen ist (sonst
        ``Zustandsfehler`` mit dem Grund): ihre Tische gelten nicht mehr, die Runde davor
        läuft wieder (ihre Links schreiben wieder). Festgehalten als Ereignis, nichts wird
        gelöscht; eine neue Auslosung der Runde ist deren nächste Fassung."""
        with self.store.einheit():
            t = self._offen(turnier_id)
            runde = self.store.gezogene_runden(t.id)
            tische = tuple(self.store.tische(t.id, runde)) if runde else ()
            nr = self.store.auslosung_zuruecknehmen(t.id, runde)
            return AuslosungZurueck(
                t, runde, nr, tische, runde - 1, self._tischstaende(t, runde - 1)
            )

    def tische(self, runde: int | None = None, turnier_id: int | None = None) -> Tischplan:
        """Die Tische einer ausgelosten Runde (ohne ``runde``: der zuletzt ausgelosten)."""
        from referee.turnier.auslosung import wiederholte_paare

        t = self._turnier(turnier_id)
        runde = self._ausgeloste_runde(t, runde)
        tische = tuple(self.store.tische(t.id, runde))
        frueher = [
            p for x in self.store.tische(t.id) if x.runde < runde for p in _paare(x.startnummern)
        ]
        wiederholt = wiederholte_paare((x.startnummern for x in tische), frueher)
        return Tischplan(
            t,
            runde,
            tische,
            len(wiederholt),
            wiederholt,
            self._tischstaende(t, runde),
            self.store.auslosung_nr(t.id, runde),
        )

    # ------------------------------------------------------------ Stand

    def stand(self, runde: int | None = None, turnier_id: int | None = None) -> Turnierstand:
        """Die Rangliste (Punkte, dann gewonnene Soli, gleiche Plätze bei vollem Gleichstand)
        über alle Runden oder eine (``runde``: nur wer in ihr saß), dazu der Stand der Tische.
        Je Tisch zählt ein eingegebenes Blatt, sonst die Summe seiner Spiele."""
        from referee.turnier.rangliste import rangliste
        from referee.turnier.stand import konten

        t = self._turnier(turnier_id)
        if runde is not None:
            self._ausgeloste_runde(t, runde)
        summen = self._tischsummen(t)
        gesessen: dict[int, set[int]] = {}
        for x in self.store.tische(t.id, runde):
            gesessen.setdefault(x.runde, set()).update(x.startnummern)
        fehlrunde = self.wertung_von(t).fehlrunde
        k = konten(
            self.store.teilnehmer(t.id), summen, t.runden, runde, gesessen, fehlrunde=fehlrunde
        )
        return Turnierstand(t, rangliste(k), runde, self._tischstaende(t, runde, summen))


# --------------------------------------------------------------------------- Hilfen


#: So viele offene Tische nennt eine Meldung einzeln, dann „und N weitere“.
OFFENE_GENANNT = 8


def _was_fehlt(offen: Sequence[Tischstand], fehlen: Sequence[int]) -> str:
    """``Runde 1: Tisch 2 (27/32), Tisch 5 (0/32) offen; Runde 3 nicht ausgelost``."""
    teile = []
    for runde in sorted({s.runde for s in offen}):
        hier = [s for s in offen if s.runde == runde]
        tische = ", ".join(f"Tisch {s.tisch} ({s.kurz()})" for s in hier[:OFFENE_GENANNT])
        if len(hier) > OFFENE_GENANNT:
            tische += f" und {len(hier) - OFFENE_GENANNT} weitere"
        teile.append(f"Runde {runde}: {tische} offen")
    if fehlen:
        wort = "Runde" if len(fehlen) == 1 else "Runden"
        teile.append(f"{wort} {', '.join(map(str, fehlen))} nicht ausgelost")
    return "; ".join(teile)


def _paare(nummern: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(nummern) for b in nummern[i + 1 :]]


__all__ = ["Turnierbuch"]
