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

Jede Methode antwortet mit einer eingefrorenen Datenklasse (``referee.turnier.antworten``)
mit ``als_json()``; jede schreibende ist eine Transaktion des Speichers, ein Fehler ändert
nichts. Welches Turnier: ``turnier_id`` oder das offene (das jüngste nicht beendete).

Fehler wie im Buch der Abende: ``Eingabefehler`` (Exit 2: falsche Namen, ein Blatt geht nicht
auf), ``Zustandsfehler`` (Exit 2: kein Turnier, Runde nicht ausgelost, schon storniert),
``Regelverstoss`` (Exit 1: die Turnierregeln verbieten das Spiel, etwa Geier oder Stoß).

Die Rechnung steckt im Kern (``referee.turnier``): Wertung, Auslosung, Tischblatt, Spiel,
Rangliste; hier wird nur gelesen, zusammengesetzt und geschrieben.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.errors import Eingabefehler, Zustandsfehler
from referee.turnier.antworten import (
    Abgemeldet,
    Angemeldet,
    BlattEingetragen,
    Ersetzt,
    SpielEingetragen,
    Tischplan,
    Tischstand,
    TurnierAnsicht,
    TurnierEnde,
    TurnierListe,
    TurnierNeu,
    Turnierstand,
    TurnierStorno,
    Wertungen,
)

if TYPE_CHECKING:
    from referee.schafkopf.angaben import SchafkopfAngaben
    from referee.store import Turnierspeicher
    from referee.turnier.daten import Teilnehmer, Tisch, Tischsumme, Turnier, Turniereintrag
    from referee.turnier.spiel import Tischlage, Turnierspiel
    from referee.turnier.wertung import Wertung

#: Grenzen der Eingaben: Runden, Spiele je Runde, Teilnehmer, Länge des Namens.
RUNDEN_HOECHSTENS = 20
SPIELE_HOECHSTENS = 200
TEILNEHMER_HOECHSTENS = 1000
NAME_HOECHSTENS = 100


class Turnierbuch:
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

    def schliessen(self) -> None:
        self.store.schliessen()

    def __enter__(self) -> Turnierbuch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

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
    ) -> TurnierNeu:
        """Ein Turnier anlegen: Name, Runden, Spiele je Runde, Wertung (Name wie
        ``solo-6-2`` und ``setzen``: ``["solo=5"]``), Startwert der Auslosung (ohne: zufällig,
        danach gespeichert – jede Auslosung ist aus dem Buch reproduzierbar)."""
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
        t = self.store.turnier_neu(
            titel, runden=runden, spiele=spiele, wertung=w.als_json(), seed=seed
        )
        return TurnierNeu(t, w.beschreibung())

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

    def turnier(self, turnier_id: int | None = None) -> TurnierAnsicht:
        """Das Turnier: Wertung in Worten, Teilnehmer, ausgeloste Runden, Stand der Tische."""
        t = self._turnier(turnier_id)
        return TurnierAnsicht(
            t,
            self.wertung_von(t).beschreibung(),
            tuple(self.store.teilnehmer(t.id)),
            self.store.gezogene_runden(t.id),
            self._tischstaende(t),
        )

    def liste(self) -> TurnierListe:
        """Alle Turniere der Datei mit der Zahl ihrer Startnummern."""
        turniere = tuple(self.store.turniere())
        return TurnierListe(turniere, tuple(len(self.store.teilnehmer(t.id)) for t in turniere))

    def ende(self, turnier_id: int | None = None) -> TurnierEnde:
        """Das (offene) Turnier beenden; danach nimmt es nichts mehr an."""
        t = self._offen(turnier_id)
        t = self.store.turnier_ende(t.id)
        return TurnierEnde(t, self.stand(turnier_id=t.id))

    @staticmethod
    def wertungen() -> Wertungen:
        """Die mitgelieferten Wertungen mit Beschreibung, Quelle und Annahmen."""
        from referee.turnier.antworten import Wertungsbeschreibung
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

    def _naechste_runde(self, t: Turnier) -> int:
        return self.store.gezogene_runden(t.id) + 1

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

    def anmelden(self, namen: Sequence[str], turnier_id: int | None = None) -> Angemeldet:
        """Neue Startnummern für ``namen`` (alle oder keiner), ausgelost ab der nächsten Runde.
        Ein einzelner Name einer abgemeldeten Startnummer meldet sie wieder an."""
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
        neu = self.store.anmelden(t.id, list(namen), ab_runde=ab)
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

    def auslosung(self, turnier_id: int | None = None) -> Tischplan:
        """Die Tische der nächsten Runde auslosen (aus dem Startwert des Turniers und den
        bisherigen Tischen: dasselbe Buch ergibt dieselben Tische) und festhalten."""
        from referee.turnier.auslosung import auslosen

        t = self._offen(turnier_id)
        runde = self._naechste_runde(t)
        if runde > t.runden:
            raise Zustandsfehler(f"Alle {t.runden} Runden von Turnier {t.id} sind ausgelost.")
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
            t, runde, tische, len(wiederholt), wiederholt, self._tischstaende(t, runde)
        )

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

    # ------------------------------------------------------------ an den Tischen

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
        from referee.turnier.spiel import Tischlage

        t = self._turnier(turnier_id)
        x = self._tisch(t, runde, tisch)
        spiele = self._spiele_am_tisch(t, runde, tisch)
        if vor is None:
            schon = len(spiele)
        else:
            ids = [e.id for e in spiele]
            if vor not in ids:
                raise Zustandsfehler(f"Spiel {vor} gilt an Tisch {tisch} (Runde {runde}) nicht.")
            schon = ids.index(vor)
        wer = {p.startnummer: p for p in self.store.teilnehmer(t.id)}
        aliase = {s.startnummer: tuple(n for _, n in wer[s.startnummer].namen) for s in x.sitze}
        return Tischlage(x, self.wertung_von(t), schon, aliase)

    def ergebnis(
        self,
        runde: int,
        tisch: int,
        punkte: Mapping[str, int],
        soli: Mapping[str, int] | None = None,
        turnier_id: int | None = None,
    ) -> BlattEingetragen:
        """Das Tischblatt einer Runde (die Summen vom Papier, Name → Punkte, dazu gewonnene
        Soli): geprüft (jeder Platz genau einmal, Plus/Minus geht auf null) und eingetragen;
        gibt es schon ein Blatt für den Tisch, ersetzt es dieses als Korrektur. Ein Blatt geht
        den einzelnen Spielen des Tisches vor."""
        from referee.turnier.blatt import Tischblatt, pruefe_blatt

        t = self._offen(turnier_id)
        lage = self.tischlage(runde, tisch, t.id)
        je = _je_startnummer(lage, punkte, "Punkte")
        soli_je = _je_startnummer(lage, soli or {}, "Soli")
        namen = {s.startnummer: s.name for s in lage.sitze}
        pruefe_blatt(
            je, lage.tisch.startnummern, lage.wertung, soli=soli_je, spiele=t.spiele, namen=namen
        )
        reihe = lage.tisch.startnummern
        blatt = Tischblatt(
            runde,
            tisch,
            tuple((s, je[s]) for s in reihe),
            tuple((s, soli_je.get(s, 0)) for s in reihe),
        )
        alt = [
            e
            for e in self.store.turnier_eintraege(t.id, runde=runde, tisch=tisch)
            if e.art == "blatt"
        ]
        bezug = alt[-1].id if alt else None
        e = self.store.turnier_eintragen(
            t.id,
            runde,
            tisch,
            "blatt",
            blatt,
            eingabe={"punkte": dict(punkte), "soli": dict(soli or {})},
            bezug=bezug,
        )
        return BlattEingetragen(t, e, blatt, tuple(namen.items()), bezug)

    def spiel_eintragen(
        self,
        runde: int,
        tisch: int,
        angaben: SchafkopfAngaben,
        *,
        schluessel: str | None = None,
        turnier_id: int | None = None,
        spiel_nr: int | None = None,
        eingabe: Mapping[str, str] | None = None,
        laufend: bool = False,
    ) -> SpielEingetragen:
        """Ein Spiel an Tisch ``tisch`` von Runde ``runde`` eintragen (Kommandozeile, Handy).

        Geprüft werden die Turnierregeln (``Regelverstoss``: Spielart, Klopfen, Stoß), die
        Namen am Tisch und die Fakten; gezählt mit der Wertung des Turniers. ``schluessel``
        (je Absendung eines Handys): derselbe noch einmal schreibt nichts und antwortet mit dem
        ersten Eintrag (``wiederholt``). Hat inzwischen jemand anderes an diesem Tisch
        eingetragen (anderer Geber), ``Zustandsfehler`` – nichts geschrieben; ebenso, wenn
        ``spiel_nr`` (das wievielte Spiel des Tisches der Schreiber einzutragen meint) nicht
        das nächste ist. ``eingabe``: wie es eingegeben wurde (``{"handy": "r an be 71"}``),
        wird mit den Angaben gespeichert. ``laufend``: nur in der laufenden Runde und solange
        der Tisch nicht fertig ist (``pruefe_laufenden_tisch``; ein Tisch-Handy)."""
        from referee.turnier.spiel import spiel_werten

        schluessel = _schluessel(schluessel)
        frueher = self._wiederholt(schluessel)
        if frueher is not None:
            return frueher
        t = self._offen(turnier_id)
        if laufend:
            self.pruefe_laufenden_tisch(runde, tisch, t.id, neues_spiel=True)
        lage = self.tischlage(runde, tisch, t.id)
        if lage.spiele >= t.spiele:
            raise Zustandsfehler(
                f"Tisch {tisch} hat alle {t.spiele} Spiele von Runde {runde}; ein weiteres wird "
                "nicht eingetragen (ein falsches Spiel korrigieren: --korrektur ID)."
            )
        if spiel_nr is not None and spiel_nr != lage.spiele + 1:
            raise Zustandsfehler(
                f"An Tisch {tisch} (Runde {runde}) gelten schon {lage.spiele} Spiele; dieses "
                f"wäre Spiel {lage.spiele + 1}, nicht {spiel_nr} – nichts eingetragen. Steht es "
                "schon in den letzten Einträgen (von einem anderen Handy)?"
            )
        spiel = spiel_werten(angaben, lage)
        vorher = [e.id for e in self._spiele_am_tisch(t, runde, tisch)]
        return self._spiel_schreiben(
            t, lage, spiel, angaben, None, schluessel, vorher, eingabe, laufend=laufend
        )

    def vorschau(
        self,
        runde: int,
        tisch: int,
        angaben: SchafkopfAngaben,
        *,
        korrektur_von: int | None = None,
        turnier_id: int | None = None,
    ) -> Turnierspiel:
        """Was das Spiel an diesem Tisch ergäbe (Punkte je Startnummer, Soli, Werterklärung) –
        dieselbe Rechnung wie ``spiel_eintragen``, nichts geschrieben. ``korrektur_von``: als
        Korrektur dieses geltenden Spiels des Tisches (derselbe Geber wie damals)."""
        from referee.turnier.spiel import spiel_werten

        t = self._turnier(turnier_id)
        if korrektur_von is not None:
            self._am_tisch(korrektur_von, t.id, runde, tisch, "nichts berechnet")
        lage = self.tischlage(runde, tisch, t.id, vor=korrektur_von)
        return spiel_werten(angaben, lage)

    def spiel_korrigieren(
        self,
        eintrag_id: int,
        angaben: SchafkopfAngaben,
        *,
        schluessel: str | None = None,
        runde: int | None = None,
        tisch: int | None = None,
        turnier_id: int | None = None,
        eingabe: Mapping[str, str] | None = None,
        laufend: bool = False,
    ) -> SpielEingetragen:
        """Ein geltendes Spiel durch neue Fakten ersetzen (Korrektur, das Original bleibt
        sichtbar); es zählt an seinem Platz in der Spielfolge (derselbe Geber). ``runde``,
        ``tisch`` und ``turnier_id``, falls angegeben, müssen die des Spiels sein (ein
        Tisch-Handy korrigiert nur seinen Tisch); ``laufend``: nur in der laufenden Runde."""
        from referee.turnier.spiel import spiel_werten

        schluessel = _schluessel(schluessel)
        frueher = self._wiederholt(schluessel)
        if frueher is not None:
            return frueher
        if (runde, tisch, turnier_id) != (None, None, None):
            self._am_tisch(eintrag_id, turnier_id, runde, tisch, "nichts eingetragen")
        alt = self.store.turnier_eintrag_geltend(eintrag_id)
        if alt.art != "spiel":
            raise Eingabefehler(
                f"Eintrag {eintrag_id} ist kein Spiel ({alt.art}); ein Blatt korrigiert ein "
                "neues „referee turnier ergebnis“ für denselben Tisch."
            )
        t = self._offen(alt.turnier_id)
        if laufend:
            self.pruefe_laufenden_tisch(alt.runde, alt.tisch, t.id)
        lage = self.tischlage(alt.runde, alt.tisch, t.id, vor=eintrag_id)
        spiel = spiel_werten(angaben, lage)
        return self._spiel_schreiben(
            t, lage, spiel, angaben, eintrag_id, schluessel, [], eingabe, laufend=laufend
        )

    def _am_tisch(
        self,
        eintrag_id: int,
        turnier_id: int | None,
        runde: int | None,
        tisch: int | None,
        folge: str,
    ) -> Turniereintrag:
        """Der Eintrag ``eintrag_id`` – er muss zu Turnier, Runde und Tisch gehören, soweit
        angegeben (ein Tisch-Handy ändert nur seinen Tisch); sonst ``Eingabefehler``."""
        e = self.store.turnier_eintrag(eintrag_id)
        if turnier_id is not None and e.turnier_id != turnier_id:
            raise Eingabefehler(
                f"Eintrag #{eintrag_id} gehört nicht zu Turnier {turnier_id}; {folge}."
            )
        if (runde is not None and e.runde != runde) or (tisch is not None and e.tisch != tisch):
            raise Eingabefehler(
                f"Eintrag #{eintrag_id} steht an Tisch {e.tisch} (Runde {e.runde}), nicht an "
                f"Tisch {tisch} (Runde {runde}); {folge}."
            )
        return e

    def _spiel_schreiben(
        self,
        t: Turnier,
        lage: Tischlage,
        spiel: object,
        angaben: SchafkopfAngaben,
        bezug: int | None,
        schluessel: str | None,
        vorher: list[int],
        eingabe: Mapping[str, str] | None = None,
        *,
        laufend: bool = False,
    ) -> SpielEingetragen:
        from referee.store.turnier import TurnierWiederholt
        from referee.turnier.spiel import Turnierspiel

        assert isinstance(spiel, Turnierspiel)
        try:
            e = self.store.turnier_eintragen(
                t.id,
                spiel.runde,
                spiel.tisch,
                "spiel",
                spiel,
                eingabe={**(eingabe or {}), "angaben": angaben.als_json()},
                bezug=bezug,
                schluessel=schluessel,
                nur_gueltig=vorher,
                spiele_vorher=None if bezug is not None else len(vorher),
                nur_laufende_runde=laufend,
            )
        except TurnierWiederholt as w:
            return self._gespielt(t, w.eintrag, wiederholt=True)
        return self._gespielt(t, e, spiel)

    def _wiederholt(self, schluessel: str | None) -> SpielEingetragen | None:
        if schluessel is None:
            return None
        e = self.store.turnier_eintrag_zum_schluessel(schluessel)
        if e is None or e.art != "spiel":
            return None
        return self._gespielt(self._turnier(e.turnier_id), e, wiederholt=True)

    def _gespielt(
        self,
        t: Turnier,
        e: Turniereintrag,
        gewertet: object = None,
        *,
        wiederholt: bool = False,
    ) -> SpielEingetragen:
        """Die Antwort zu einem geschriebenen Spiel (``gewertet``: das eben gerechnete
        ``Turnierspiel`` mit Werterklärung), mit dem Tisch, wie er jetzt steht."""
        from referee.turnier.spiel import Turnierspiel

        if isinstance(gewertet, Turnierspiel):
            spiel = gewertet
        else:
            spiel = Turnierspiel.aus_eintrag(e, tarif=self.wertung_von(t).tarif)
        lage = self.tischlage(e.runde, e.tisch, t.id)
        stand = self._tischstand(t, e.runde, e.tisch)
        summen: dict[int, int] = {}
        for x in self._spiele_am_tisch(t, e.runde, e.tisch):
            for s, p in Turnierspiel.aus_eintrag(x).punkte:
                summen[s] = summen.get(s, 0) + p
        return SpielEingetragen(
            t,
            e,
            spiel,
            tuple((s.startnummer, s.name) for s in lage.sitze),
            stand,
            tuple(summen.items()),
            lage.geber.startnummer if not stand.fertig else None,
            e.bezug,
            wiederholt,
        )

    def rueckgaengig(
        self,
        eintrag_id: int,
        *,
        schluessel: str | None = None,
        runde: int | None = None,
        tisch: int | None = None,
        turnier_id: int | None = None,
        nur_letztes: bool = False,
        laufend: bool = False,
    ) -> TurnierStorno:
        """Ein geltendes Blatt oder Spiel stornieren (bleibt sichtbar); eine stornierte
        Korrektur lässt das Original wieder gelten. ``runde``/``tisch``/``turnier_id``, falls
        angegeben, müssen die des Eintrags sein (ein Tisch-Handy storniert nur an seinem
        Tisch); ``nur_letztes``: nur, solange er das letzte geltende Spiel seines Tisches ist
        (sonst ``Zustandsfehler`` – ein Handy nimmt nicht zurück, was es nicht als letztes
        sah); ``laufend``: nur in der laufenden Runde. Ein wiederholter ``schluessel``
        antwortet mit dem ersten Storno."""
        from referee.store.turnier import TurnierWiederholt

        schluessel = _schluessel(schluessel)
        frueher = self.store.turnier_eintrag_zum_schluessel(schluessel) if schluessel else None
        if frueher is not None and frueher.art == "storno":
            return self._storniert(frueher, wiederholt=True)
        if (runde, tisch, turnier_id) != (None, None, None):
            self._am_tisch(eintrag_id, turnier_id, runde, tisch, "nichts storniert")
        if nur_letztes or laufend:
            e = self.store.turnier_eintrag(eintrag_id)
            t = self._turnier(e.turnier_id)
            if laufend:
                self.pruefe_laufenden_tisch(e.runde, e.tisch, t.id)
        if nur_letztes:
            spiele = self._spiele_am_tisch(t, e.runde, e.tisch)
            if e.gilt and e.art == "spiel" and spiele and spiele[-1].id != eintrag_id:
                raise Zustandsfehler(
                    f"Spiel #{eintrag_id} ist nicht mehr das letzte an Tisch {e.tisch} (zuletzt "
                    f"gilt #{spiele[-1].id}); nichts rückgängig gemacht."
                )
        try:
            storno = self.store.turnier_storno(
                eintrag_id, schluessel=schluessel, nur_laufende_runde=laufend
            )
        except TurnierWiederholt as w:
            storno = w.eintrag
            if storno.art != "storno":
                raise Zustandsfehler(
                    "Dieser Schlüssel gehört schon zu einem anderen Eintrag; nichts storniert."
                ) from None
            return self._storniert(storno, wiederholt=True)
        return self._storniert(storno)

    def _storniert(self, storno: Turniereintrag, *, wiederholt: bool = False) -> TurnierStorno:
        """Die Antwort zu einem Storno: was er aufhob, was wieder gilt, wie weit der Tisch ist."""
        alt = self.store.turnier_eintrag(storno.bezug or storno.id)
        t = self._turnier(alt.turnier_id)
        wieder = (
            alt.bezug
            if alt.bezug is not None and self.store.turnier_eintrag(alt.bezug).gilt
            else None
        )
        stand = self._tischstand(t, alt.runde, alt.tisch)
        return TurnierStorno(t, storno, alt, stand, wieder, wiederholt)

    # ------------------------------------------------------------ für die Tische (Handy, tisch)

    def tischspiele(
        self, runde: int, tisch: int, turnier_id: int | None = None
    ) -> tuple[Turniereintrag, ...]:
        """Die geltenden Spiele eines Tisches in Spielfolge (eine Korrektur am Platz des
        Originals) – für die Liste der letzten Einträge am Tisch."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        return tuple(self._spiele_am_tisch(t, runde, tisch))

    def tischversionen(self, runde: int, turnier_id: int | None = None) -> dict[int, int]:
        """Je Tisch der Runde die Nummer seines jüngsten Eintrags (Spiel, Blatt oder Storno;
        ein Tisch ohne Eintrag fehlt): ändert sich, sobald sich am Tisch etwas ändert (für
        Live-Ansichten)."""
        t = self._turnier(turnier_id)
        aus: dict[int, int] = {}
        for e in self.store.turnier_eintraege(t.id, runde=runde, alle=True):
            aus[e.tisch] = max(aus.get(e.tisch, 0), e.id)
        return aus

    def tisch_link(self, runde: int, tisch: int, turnier_id: int | None = None) -> str:
        """Der Schlüssel im Schreib-Link eines Tisches (128 Bit, URL-sicher): abgeleitet aus
        einem Geheimnis des Buchs, also nach einem Neustart von ``turnier live`` derselbe –
        die gedruckten QR-Codes gelten weiter; je Turnier, Runde und Tisch ein anderer."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        return self._abgeleitet(f"turnier {t.id} runde {runde} tisch {tisch}")

    def lese_link(self, turnier_id: int | None = None) -> str:
        """Der Schlüssel im Lese-Link von ``turnier live`` (Rangliste), abgeleitet wie die
        Tisch-Links – nie einer von ihnen."""
        return self._abgeleitet(f"turnier {self._turnier(turnier_id).id} lesen")

    def _abgeleitet(self, wofuer: str) -> str:
        import base64
        import hashlib
        import hmac

        geheim = bytes.fromhex(self.store.geheimnis("turnier-tischlinks"))
        roh = hmac.new(geheim, wofuer.encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(roh).rstrip(b"=").decode()

    def pruefe_laufenden_tisch(
        self, runde: int, tisch: int, turnier_id: int | None = None, *, neues_spiel: bool = False
    ) -> Tischstand:
        """Darf an diesem Tisch noch geschrieben werden (ein Tisch-Handy, ``tisch --turnier``)?
        Das Turnier ist offen und ``runde`` die zuletzt ausgeloste; für ``neues_spiel`` dazu:
        kein Tischblatt eingegeben und noch nicht alle Spiele. Sonst ``Zustandsfehler`` mit
        dem Grund; zurück der Stand des Tisches."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        if not t.offen:
            raise Zustandsfehler(f"Turnier {t.id} ist beendet; hier wird nichts mehr eingetragen.")
        gezogen = self.store.gezogene_runden(t.id)
        if runde != gezogen:
            raise Zustandsfehler(
                f"Runde {runde} ist vorbei: Runde {gezogen} ist ausgelost. Eingetragen wird nur "
                f"in der laufenden Runde – dafür gibt es neue Links je Tisch; Korrekturen an "
                f"Runde {runde} macht die Turnierleitung."
            )
        stand = self._tischstand(t, runde, tisch)
        if neues_spiel and stand.quelle == "blatt":
            raise Zustandsfehler(
                f"Für Tisch {tisch} (Runde {runde}) ist das Tischblatt vom Papier eingegeben; "
                "es zählt statt der Spiele. Nichts eingetragen."
            )
        if neues_spiel and stand.fertig:
            raise Zustandsfehler(
                f"Tisch {tisch} hat alle {stand.soll} Spiele von Runde {runde}; ein weiteres "
                "wird nicht eingetragen (Korrigieren und Rückgängig gehen weiter)."
            )
        return stand

    # ------------------------------------------------------------ Stand

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
        gesessen = (
            {nr for x in self.store.tische(t.id, runde) for nr in x.startnummern}
            if runde is not None
            else None
        )
        k = konten(self.store.teilnehmer(t.id), summen, t.runden, runde, gesessen)
        return Turnierstand(t, rangliste(k), runde, self._tischstaende(t, runde, summen))


# --------------------------------------------------------------------------- Hilfen


def _paare(nummern: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(nummern) for b in nummern[i + 1 :]]


def _je_startnummer(lage: Tischlage, werte: Mapping[str, int], was: str) -> dict[int, int]:
    """Name → Wert zu Startnummer → Wert; unbekannte Namen auf einmal, doppelte Plätze."""
    aus: dict[int, int] = {}
    fehler: list[str] = []
    for name, wert in werte.items():
        try:
            nr = lage.startnummer(name)
        except Eingabefehler as e:
            fehler.append(e.meldung.removesuffix(" Nichts eingetragen."))
            continue
        if nr in aus:
            fehler.append(f"{was}: Nr. {nr} steht doppelt da („{name}“).")
        aus[nr] = wert
    if fehler:
        raise Eingabefehler(" ".join(fehler) + " Nichts eingetragen.")
    return aus


def _schluessel(schluessel: str | None) -> str | None:
    """Ein Idempotenz-Schlüssel wie beim Buch der Abende (8–100 Zeichen)."""
    from referee.buch import _pruefe_schluessel

    return _pruefe_schluessel(schluessel)


__all__ = ["Turnierbuch"]
