"""Das Buch: was ein Punkteschreiber tut, je eine Methode – für CLI, Tischmodus und Live-Seite.

::

    from referee.buch import Buch

    with Buch(pfad) as buch:                      # pfad: --db; sonst $REFEREE_DB / Datenverz.
        buch.abend_neu(["Anna", "Ben", "Cem", "Dora"], tarif="10-20-50")   # -> AbendNeu
        buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71))  # -> Eingetragen
        buch.korrigieren(1, SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=61))
        buch.rueckgaengig()                       # -> Rueckgaengig
        buch.stand().als_json()                   # == referee stand --json
        buch.verlauf(alle=True), buch.geber(), buch.abend(), buch.abend_ende()
        buch.regel(["bettel_erlaubt=ja"])         # Hausregel ab dem nächsten Eintrag
        buch.bezahlt(3), buch.abend_wieder(3)     # Abend 3 beglichen / wieder geöffnet

Eingetragen wird ein typisiertes Ergebnis eines Spiels (``referee.<spiel>.ergebnis``:
``SchafkopfErgebnis``, ``SabaiErgebnis``, ``SaufnErgebnis``, ``SchlafmuetzeErgebnis``) oder
Angaben, aus denen mit dem Abend eines wird (``SchafkopfAngaben``, ``SchafkopfPartie``,
``SabaiAngaben``, ``SaufnAngaben``, ``SchlafmuetzeAngaben``). Jede Methode gibt eine
eingefrorene Antwort (``referee.buch.antworten``) mit ``als_json()`` zurück.

Fehler: ``Eingabefehler`` (Exit 2, „eingabe“), ``Zustandsfehler`` (Exit 2, „zustand“: kein
offener Abend, Abend beendet, Eintrag unbekannt oder schon aufgehoben, Datei nicht leer),
``Regelverstoss`` (Exit 1: die Regeln sagen nein, z. B. eine Partie ist nicht regelgerecht).
Ein Fehler ändert nichts.

Leicht zu importieren: Speicher, sqlite und die Spiele werden erst in den Methoden geladen.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from referee.buch.antwortnamen import ANTWORTEN
from referee.buch.kopie import Buchkopien
from referee.buch.schluessel import pruefe_schluessel as _pruefe_schluessel
from referee.ergebnis import SABAI, SCHAFKOPF
from referee.errors import Eingabefehler, Regelverstoss, Zustandsfehler

if TYPE_CHECKING:
    from referee.buch.antworten import (
        AbendAnsicht,
        AbendEnde,
        AbendListe,
        AbendNeu,
        AbendWieder,
        Bezahlt,
        Dazugenommen,
        Eingetragen,
        EreignisRueckgaengig,
        Export,
        Importiert,
        Namen,
        RegelGeaendert,
        Rueckgaengig,
        Ruhmeshalle,
        SabaiSpielstand,
        Statistik,
        Verlauf,
        Vorschau,
    )
    from referee.buch.stand import Stand
    from referee.ergebnis import Abendlage, Angaben, Eintrag, Ergebnis
    from referee.sabai.runde import Spielstand
    from referee.schafkopf.tisch import Geberfolge
    from referee.store import Abend, Abendspeicher, Ereignis, Wiederholt

_BEISPIEL = "Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
#: so lange gilt ein gleicher Eintrag als „schon eingetragen“ (zwei Handys, ein Spiel):
#: ein Spiel dauert am Tisch kaum unter zwei Minuten, dieselbe Eingabe danach ist ein neues
DOPPELT_SEKUNDEN = 120


class DoppelterEintrag(Zustandsfehler):
    """Ein gleicher Eintrag steht schon im Buch (``eintrag``); nichts geschrieben."""

    def __init__(self, eintrag: Eintrag) -> None:
        super().__init__(
            f"Schon eingetragen als #{eintrag.id} ({eintrag.zeit[11:16]} Uhr); trotzdem eintragen?"
        )
        self.eintrag = eintrag


class Buch(Buchkopien):
    """Ein geöffnetes Buch (eine Datenbankdatei). Lesen legt nie eine Datei an."""

    def __init__(self, pfad: str | os.PathLike[str] | None = None) -> None:
        from referee.spiele import store_oeffnen

        self.store: Abendspeicher = store_oeffnen(pfad)

    # ------------------------------------------------------------ Verbindung

    @property
    def pfad(self) -> str:
        return str(self.store.pfad)

    @property
    def existiert(self) -> bool:
        """Gibt es schon Daten?"""
        return self.store.existiert

    def datenversion(self) -> int:
        """Billig: ändert sich, sobald ein anderer Prozess etwas festschreibt (``PRAGMA
        data_version``); für Live-Ansichten, die nur bei Änderungen neu zeichnen."""
        return self.store.datenversion()

    def meldungen_fd(self) -> int | None:
        """Ein Dateideskriptor, der bei fremden Commits lesbar wird (PostgreSQL: LISTEN/NOTIFY);
        ``None`` bei SQLite. Live-Server warten darauf, statt nur im Takt zu fragen."""
        return self.store.meldungen_fd()

    def schliessen(self) -> None:
        self.store.schliessen()

    def __enter__(self) -> Buch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

    # ------------------------------------------------------------ Abende

    def _offener_abend(self) -> Abend:
        a = self.store.aktueller_abend()
        if a is None:
            raise Zustandsfehler(f"Kein offener Abend. {_BEISPIEL}")
        return a

    def _abend(self, abend_id: int | None) -> Abend:
        """Abend ``abend_id``; sonst der offene, sonst der zuletzt angelegte."""
        if not self.store.existiert:
            raise Zustandsfehler(f"Noch keine Daten ({self.store.pfad} gibt es nicht). {_BEISPIEL}")
        return self.store.abende_waehlen(abend_id)[0]

    def abend_neu(
        self,
        spieler: Sequence[str],
        *,
        ort: str | None = None,
        datum: str | None = None,
        tarif: str | None = None,
        setzen: Sequence[str] = (),
        neu: Iterable[str] = (),
        geber: str | None = None,
    ) -> AbendNeu:
        """Einen Abend beginnen: Spieler in Sitzordnung, Ort, Datum, Tarif (Name wie
        ``10-20-50``) und Hausregeln/Preise (``setzen``: ``["laufende_ab=2", …]``)."""
        from referee.buch.antworten import AbendNeu
        from referee.schafkopf.tarif import setzungen, tarif_laden
        from referee.text import freier_text

        gesetzt = setzungen(list(setzen))
        t = tarif_laden(tarif, gesetzt)
        a, angelegt = self.store.abend_neu(
            list(spieler),
            ort=freier_text(ort, "--ort"),
            datum=datum,
            tarif=t.als_json(),
            hausregeln=gesetzt,
            neu=neu,
            geber=geber,
        )
        return AbendNeu(a, tuple(angelegt), self._geberfolge(a), self._stand(a))

    def abend_verwerfen(self, neu: AbendNeu) -> bool:
        """Den eben mit ``abend_neu`` begonnenen Abend zurücknehmen, solange nichts darin steht
        (samt der dabei angelegten Spieler): der Befehl, der ihn begann, ist gescheitert und
        soll nichts verändert haben. ``False``, wenn er schon etwas enthält."""
        return self.store.abend_verwerfen(neu.abend.id, neu.neu_angelegt)

    def abend_ende(self, abend_id: int | None = None) -> AbendEnde:
        """Den offenen Abend schließen; danach nimmt er nichts mehr an."""
        from referee.buch.antworten import AbendEnde

        if abend_id is None:
            abend_id = self._offener_abend().id
        a = self.store.abend_beenden(abend_id)
        return AbendEnde(a, self._stand(a))

    def abend(self, abend_id: int | None = None) -> AbendAnsicht:
        """Der offene Abend (oder ``abend_id``): Spieler, Tarif und Hausregeln, wie sie jetzt
        gelten, Geber, Stand, Ereignisse und die Konventionen des Abends (je einmal)."""
        from referee.buch.antworten import AbendAnsicht
        from referee.schafkopf.tisch import KONVENTION

        a = self._offener_abend() if abend_id is None else self.store.abend(abend_id)
        konventionen = self.store.konventionen(a.id)
        if a.offen and len(a.spieler) >= 4:
            konventionen.append(KONVENTION)
        return AbendAnsicht(
            a,
            self._geberfolge(a),
            self._stand(a),
            tuple(self.store.ereignisse(a.id, alle=True)),
            tuple(konventionen),
        )

    def regel(self, setzen: Sequence[str], abend_id: int | None = None) -> RegelGeaendert:
        """Hausregeln/Preise im offenen Abend ändern (``["bettel_erlaubt=ja"]``, wie ``--set``
        bei ``abend neu``): gilt ab dem nächsten Eintrag; festgehalten als Ereignis, mit
        ``rueckgaengig`` aufhebbar. Schon geltende Werte: ``Zustandsfehler``."""
        from referee.buch.antworten import RegelGeaendert
        from referee.schafkopf.tarif import Tarif, setzungen

        a = self._offener_abend() if abend_id is None else self.store.abend(abend_id)
        if not a.offen:
            raise Zustandsfehler(f"Abend {a.id} ist beendet; dort gilt keine neue Regel mehr.")
        if not setzen:
            raise Eingabefehler(
                "Es fehlt die Regel, z. B. referee abend regel bettel_erlaubt=ja "
                "(Schlüssel: referee schafkopf tarife)."
            )
        gesetzt = {k.strip().lower(): v for k, v in setzungen(list(setzen)).items()}
        alt = Tarif.aus_json(a.tarif) if a.tarif else Tarif()
        neu = alt.mit(gesetzt)
        alt_d, neu_d = alt.als_json(), neu.als_json()
        geaendert = {k: neu_d[k] for k in neu_d if neu_d[k] != alt_d.get(k)}
        if not geaendert:
            raise Zustandsfehler(
                "Das gilt an diesem Abend schon: "
                + ", ".join(f"{k}={v}" for k, v in gesetzt.items())
                + "."
            )
        daten = {
            "setzen": gesetzt,
            "geaendert": geaendert,
            "vorher": {k: alt_d.get(k) for k in geaendert},
            "tarif": neu_d,
            "hausregeln": {**a.hausregeln, **gesetzt},
        }
        e = self.store.ereignis_eintragen(a.id, "regel", daten)
        return RegelGeaendert(e, self.store.abend(a.id), geaendert, daten["vorher"])

    def bezahlt(self, abend_id: int | None = None) -> Bezahlt:
        """Festhalten, dass die Überweisungen des Abends (Standard: der offene, sonst der
        letzte) bezahlt sind; „Wer zahlt wem“ zählt danach nur, was noch offen ist. Mit
        ``rueckgaengig`` aufhebbar. Nichts offen: ``Zustandsfehler``."""
        from referee.buch.antworten import Bezahlt

        a = self._abend(abend_id)
        st = self._stand(a)
        if not st.ueberweisungen:
            raise Zustandsfehler(
                f"Abend {a.id}: nichts offen, alle sind quitt"
                + (" (schon bezahlt)." if st.bezahlt else ".")
            )
        daten = {
            "cent": {n: c for n, c in st.offen.items() if c},
            "ueberweisungen": [u.als_json() for u in st.ueberweisungen],
        }
        e = self.store.ereignis_eintragen(a.id, "bezahlt", daten)
        a = self.store.abend(a.id)
        return Bezahlt(e, a, self._stand(a))

    def abend_wieder(self, abend_id: int) -> AbendWieder:
        """Einen beendeten Abend wieder öffnen (``abend ende`` aufheben, als Ereignis
        festgehalten); nur, wenn kein anderer Abend offen ist."""
        from referee.buch.antworten import AbendWieder

        a = self.store.abend_wieder(abend_id)
        e = self.store.ereignisse(a.id, art="wieder")[-1]
        return AbendWieder(a, e, self._stand(a))

    def namen(self) -> Namen:
        """Die Spieler des offenen Abends und alle bekannten Namen; ohne Buch beide leer
        (legt keine Datei an)."""
        from referee.buch.antworten import Namen

        if not self.store.existiert:
            return Namen((), ())
        offen = self.store.aktueller_abend()
        bekannt = tuple(s.name for s in self.store.spieler_alle())
        return Namen(offen.spieler if offen else (), bekannt)

    def abende(self) -> AbendListe:
        """Alle Abende, älteste zuerst (leer ist eine Antwort, kein Fehler)."""
        from referee.buch.antworten import AbendListe

        abende = tuple(self.store.abende())
        return AbendListe(abende, self.store.anzahl_eintraege() if abende else {})

    def lage(
        self,
        abend_id: int | None = None,
        *,
        tisch: Sequence[str] | None = None,
        bis: int | None = None,
    ) -> Abendlage:
        """Was ein Spiel vom (offenen) Abend wissen muss: Sitzordnung, Tarif, Geberfolge.
        ``bis``: Tarif und Hausregeln, wie sie vor Eintrag ``bis`` galten (Korrektur)."""
        from referee.ergebnis import Abendlage

        if abend_id is None:
            a = self._offener_abend()
            if bis is not None:
                a = self.store.abend(a.id, bis=bis)
        else:
            a = self.store.abend(abend_id, bis=bis)
        return Abendlage(
            abend_id=a.id,
            spieler=a.spieler,
            tarif=a.tarif,
            geber_start=a.geber_start,
            schafkopf_spiele=self._schafkopf_spiele(a.id),
            tisch=None if tisch is None else tuple(tisch),
        )

    # ------------------------------------------------------------ Einträge

    def eintrag(self, eintrag_id: int) -> Eintrag:
        """Ein Eintrag (auch storniert/ersetzt); unbekannt: ``Zustandsfehler``."""
        return self.store.eintrag(eintrag_id)

    def eintragen(
        self,
        ergebnis: Ergebnis | Angaben,
        *,
        eingabe: Mapping[str, Any] | None = None,
        schluessel: str | None = None,
        doppelt_ok: bool = True,
    ) -> Eingetragen:
        """Ein Spiel in den offenen Abend eintragen (eine Transaktion).

        ``ergebnis``: ein typisiertes Ergebnis oder Angaben, die mit dem Abend eines werden.
        Namen werden in die Schreibweise des Abends gebracht; wer nicht mitspielt: nichts
        eingetragen. ``eingabe``: was der Benutzer eingab (wird mitgespeichert).

        Für Schreiber übers Netz: ``schluessel`` (je Absendung): derselbe noch einmal schreibt
        nichts und antwortet mit dem ersten Eintrag (``wiederholt``). ``doppelt_ok=False``:
        ein gleicher geltender Eintrag der letzten ``DOPPELT_SEKUNDEN`` → ``DoppelterEintrag``.
        """
        schluessel = _pruefe_schluessel(schluessel)
        if schluessel is not None:
            # eine wiederholte Absendung (Antwort verloren) bekommt die erste Antwort – auch
            # wenn der Abend inzwischen beendet ist, und ohne „schon eingetragen“
            frueher = self.store.eintrag_zum_schluessel(schluessel)
            if frueher is not None:
                return self._wiederholt(frueher)
        lage = self.lage()
        erg = self._ergebnis(ergebnis, lage)
        if not doppelt_ok:
            gleich = self._gleicher(lage.abend_id, erg)
            if gleich is not None:
                raise DoppelterEintrag(gleich)
        try:
            e = self.store.eintragen(
                erg, self._eingabe(eingabe, erg), abend_id=lage.abend_id, schluessel=schluessel
            )
        except self._wiederholt_art as w:
            return self._wiederholt(w.eintrag)
        return self._eingetragen(e, erg)

    def wiederholung(self, schluessel: str) -> Eingetragen | None:
        """Hat ``schluessel`` schon einen Eintrag oder eine Korrektur geschrieben, die Antwort
        darauf (``wiederholt``) – vor allem anderen zu fragen: eine Wiederholung braucht weder
        einen offenen Abend noch gültige Namen. Sonst ``None``."""
        frueher = self.store.eintrag_zum_schluessel(_pruefe_schluessel(schluessel) or "")
        if frueher is None or frueher.art == "storno":
            return None
        return self._wiederholt(frueher)

    @property
    def _wiederholt_art(self) -> type[Wiederholt]:
        """Die Ausnahme ``Wiederholt`` (erst bei Bedarf geladen)."""
        from referee.store import Wiederholt

        return Wiederholt

    def vorschau(
        self, ergebnis: Ergebnis | Angaben, *, korrektur_von: int | None = None
    ) -> Vorschau:
        """Was ``eintragen`` (oder ``korrigieren(korrektur_von, …)``) ergäbe – durch denselben
        Code, aber nichts geschrieben; mit einem gleichen Eintrag der letzten
        ``DOPPELT_SEKUNDEN`` (``doppelt``), falls es ihn gibt."""
        from referee.buch.antworten import Vorschau

        if korrektur_von is not None:
            alt, lage = self._korrektur_lage(korrektur_von, ergebnis)
            erg = self._ergebnis(ergebnis, lage)
            return Vorschau(erg, self.store.abend(alt.abend_id), None, alt)
        lage = self.lage()
        erg = self._ergebnis(ergebnis, lage)
        a = self.store.abend(lage.abend_id)
        return Vorschau(erg, a, self._gleicher(a.id, erg))

    def _gleicher(self, abend_id: int, erg: Ergebnis) -> Eintrag | None:
        """Der jüngste geltende Eintrag mit demselben Ergebnis aus den letzten
        ``DOPPELT_SEKUNDEN`` (zwei Handys, ein Spiel)."""
        from datetime import datetime, timedelta

        if not self.store.existiert:
            return None
        grenze = datetime.now().astimezone() - timedelta(seconds=DOPPELT_SEKUNDEN)
        for e in reversed(self.store.eintraege(abend_id, spiel=erg.spiel)):
            if e.ergebnis == erg and datetime.fromisoformat(e.zeit) >= grenze:
                return e
        return None

    def _wiederholt(self, e: Eintrag) -> Eingetragen:
        """Die Antwort auf einen wiederholten Schlüssel: der damals geschriebene Eintrag mit
        dem Stand von jetzt (``wiederholt=True``)."""
        from dataclasses import replace

        ersetzt = self.store.eintrag(e.bezug) if e.art == "korrektur" and e.bezug else None
        assert e.ergebnis is not None  # ein Spiel oder eine Korrektur, kein Storno
        aus = self._eingetragen(e, e.ergebnis, ersetzt=ersetzt)
        return replace(aus, wiederholt=True)

    def korrigieren(
        self,
        eintrag_id: int,
        ergebnis: Ergebnis | Angaben,
        *,
        eingabe: Mapping[str, Any] | None = None,
        schluessel: str | None = None,
    ) -> Eingetragen:
        """Eintrag ``eintrag_id`` durch ein neues Ergebnis desselben Spiels ersetzen.

        Das Original bleibt sichtbar (``verlauf(alle=True)``); die Korrektur steht in der
        Spielfolge an seinem Platz. Eine Korrektur lässt sich korrigieren; ihr Storno
        (``rueckgaengig``) lässt das Ersetzte wieder gelten. Angaben ohne Tisch/Spieler
        nehmen die Spieler des Originals. ``schluessel`` wie bei ``eintragen``; ist
        ``eintrag_id`` schon storniert oder ersetzt: ``Zustandsfehler``, nichts geschrieben."""
        schluessel = _pruefe_schluessel(schluessel)
        if schluessel is not None:
            frueher = self.store.eintrag_zum_schluessel(schluessel)
            if frueher is not None:
                return self._wiederholt(frueher)
        alt, lage = self._korrektur_lage(eintrag_id, ergebnis)
        erg = self._ergebnis(ergebnis, lage)
        try:
            e = self.store.korrektur(
                alt.id, erg, self._eingabe(eingabe, erg), schluessel=schluessel
            )
        except self._wiederholt_art as w:
            return self._wiederholt(w.eintrag)
        return self._eingetragen(e, erg, ersetzt=alt, aenderung=self._aenderung(alt, erg))

    def _korrektur_lage(
        self, eintrag_id: int, ergebnis: Ergebnis | Angaben
    ) -> tuple[Eintrag, Abendlage]:
        """Das zu ersetzende Original und die Lage, die bei ihm galt."""
        from referee.ergebnis import SPIEL_NAMEN

        alt = self.store.eintrag(eintrag_id)
        if alt.ergebnis is None:  # ein Storno
            raise Zustandsfehler(
                f"Eintrag #{alt.id} ist ein Storno; korrigiert wird das Spiel selbst (#{alt.bezug})."
            )
        if ergebnis.spiel != alt.spiel:
            raise Eingabefehler(
                f"Eintrag #{alt.id} ist {SPIEL_NAMEN[alt.spiel]}, nicht "
                f"{SPIEL_NAMEN[ergebnis.spiel]}; korrigiert wird mit den Angaben desselben Spiels."
            )
        a = self.store.abend(alt.abend_id)
        if not a.offen:
            raise Zustandsfehler(f"Abend {a.id} ist beendet; dort wird nichts mehr korrigiert.")
        alt_namen = alt.ergebnis.namen()
        # es gelten die Regeln, die beim ursprünglichen Eintrag galten (nicht spätere)
        ursprung = self.store.spielreihenfolge(a.id).get(alt.id, alt.id)
        return alt, self.lage(a.id, tisch=alt_namen or None, bis=ursprung)

    @staticmethod
    def _aenderung(alt: Eintrag, erg: Ergebnis) -> dict[str, dict[str, int]]:
        """Was eine Korrektur gegenüber dem Ersetzten ändert: ``{groesse: {name: differenz}}``,
        nur Differenzen ≠ 0 (Schafkopf ``cent``, sabai ``siegpunkte``, SAUFN ``platz1`` …)."""
        neu = erg.werte()
        vorher = alt.ergebnis.werte() if alt.ergebnis is not None else {}
        aus: dict[str, dict[str, int]] = {}
        for groesse in [*neu, *(g for g in vorher if g not in neu)]:
            n, v = neu.get(groesse, {}), vorher.get(groesse, {})
            je = {
                name: n.get(name, 0) - v.get(name, 0)
                for name in [*n, *(x for x in v if x not in n)]
                if n.get(name, 0) != v.get(name, 0)
            }
            if je:
                aus[groesse] = je
        return aus

    def rueckgaengig(
        self,
        eintrag_id: int | None = None,
        *,
        nur_letzten: bool = False,
        schluessel: str | None = None,
    ) -> Rueckgaengig | EreignisRueckgaengig:
        """Den letzten geltenden Eintrag des offenen Abends stornieren (oder ``eintrag_id``).
        Storno einer Korrektur: das Ersetzte gilt wieder. Kam danach noch eine Regeländerung
        oder ``bezahlt`` (ohne offenen Abend: ``bezahlt`` des letzten Abends), wird diese
        aufgehoben (``EreignisRueckgaengig``).

        Übers Netz: ``nur_letzten`` – ``eintrag_id`` muss noch der letzte geltende sein
        (sonst ``Zustandsfehler``); ``schluessel`` wie bei ``eintragen``."""
        from referee.buch.antworten import EreignisRueckgaengig

        if not self.store.existiert:
            raise Zustandsfehler(f"Noch keine Daten; nichts rückgängig zu machen. {_BEISPIEL}")
        schluessel = _pruefe_schluessel(schluessel)
        if schluessel is not None:
            try:
                storno = self.store.rueckgaengig(
                    eintrag_id, nur_letzten=nur_letzten, schluessel=schluessel
                )
            except self._wiederholt_art as w:
                storno = w.eintrag
                if storno.art != "storno":
                    raise Zustandsfehler(
                        f"Der Schlüssel gehört zu Eintrag #{storno.id}, nicht zu einem Storno."
                    ) from None
                return replace(self._rueckgaengig_aus(storno), wiederholt=True)
            return self._rueckgaengig_aus(storno)
        if eintrag_id is None:
            ereignis = self._letztes_ereignis()
            if ereignis is not None:
                storno_e = self.store.ereignis_stornieren(ereignis.id)
                return EreignisRueckgaengig(
                    storno_e,
                    self.store.ereignis(ereignis.id),
                    self._stand(self.store.abend(ereignis.abend_id)),
                )
        return self._rueckgaengig_aus(self.store.rueckgaengig(eintrag_id, nur_letzten=nur_letzten))

    def _rueckgaengig_aus(self, storno: Eintrag) -> Rueckgaengig:
        from referee.buch.antworten import Rueckgaengig

        assert storno.bezug is not None
        alt = self.store.eintrag(storno.bezug)
        wieder = self.store.eintrag(alt.bezug) if alt.art == "korrektur" and alt.bezug else None
        return Rueckgaengig(storno, alt, self._stand(self.store.abend(alt.abend_id)), wieder)

    def _letztes_ereignis(self) -> Ereignis | None:
        """Die jüngste aufhebbare Sache, falls sie ein Ereignis ist: Regeländerung/``bezahlt``
        des offenen Abends nach dessen letztem geltenden Eintrag; ohne offenen Abend das
        letzte geltende ``bezahlt``."""
        a = self.store.aktueller_abend()
        if a is None:
            bezahlt = self.store.ereignisse(art="bezahlt")
            return bezahlt[-1] if bezahlt else None
        kandidaten = [e for e in self.store.ereignisse(a.id) if e.art in ("regel", "bezahlt")]
        if not kandidaten:
            return None
        if self.store.letzter_geltender(a.id) > kandidaten[-1].nach_eintrag:
            return None
        return kandidaten[-1]

    def _ergebnis(self, ergebnis: Ergebnis | Angaben, lage: Abendlage) -> Ergebnis:
        if hasattr(ergebnis, "werte"):  # schon ein Ergebnis
            erg = cast("Ergebnis", ergebnis)
        else:  # Angaben: mit dem Abend zum Ergebnis
            erg = ergebnis.ergebnis(lage)
        pruefung = getattr(erg, "pruefung", None)
        if pruefung is not None and not pruefung.gueltig:  # SAUFN: Verteilung gegen die Regeln
            raise Regelverstoss(
                "Nicht eingetragen: die Verteilung verstößt gegen die Regeln: "
                + "; ".join(pruefung.fehler)
            )
        namen = lage.namen(list(erg.namen()))  # alle Unbekannten auf einmal
        schreibweise = dict(zip(erg.namen(), namen))
        return erg.mit_namen(lambda n: schreibweise.get(n) or lage.name(n))

    @staticmethod
    def _eingabe(eingabe: Mapping[str, Any] | None, erg: Ergebnis) -> dict[str, Any]:
        zusatz = getattr(erg, "eingabe_zusatz", None) or {}
        return {**(eingabe or {}), **zusatz}

    def _eingetragen(
        self,
        e: Eintrag,
        erg: Ergebnis,
        ersetzt: Eintrag | None = None,
        aenderung: Mapping[str, Mapping[str, int]] | None = None,
    ) -> Eingetragen:
        from referee.buch.antworten import Eingetragen

        a = self.store.abend(e.abend_id)
        genannt = set(self.store.konventionen(a.id, vor=e.id))
        neu = tuple(k for k in getattr(erg, "konventionen", ()) if k not in genannt)
        geber = self._geberfolge(a) if e.spiel == SCHAFKOPF and a.offen else None
        sabai = None
        if e.spiel == SABAI:
            sabai = self._sabai_spiele(a.id)[-1]
        return Eingetragen(e, a, erg, self._stand(a), ersetzt, geber, sabai, aenderung, neu)

    # ------------------------------------------------------------ Auswertung

    def _schafkopf_spiele(self, abend_id: int) -> int:
        return self.store.zahl_spiele(abend_id, SCHAFKOPF)

    def _geberfolge(self, a: Abend) -> Geberfolge:
        from referee.schafkopf.tisch import geber

        return geber(a.spieler, a.geber_start, self._schafkopf_spiele(a.id))

    def _stand(self, a: Abend | None, *, verlauf: bool = False) -> Stand:
        from referee.buch.stand import stand_lesen

        return stand_lesen(self.store, a, verlauf=verlauf)

    def stand(self, abend_id: int | None = None, *, gesamt: bool = False) -> Stand:
        """Der Stand: ohne Angabe der offene Abend, sonst der letzte; ``gesamt``: alle Abende
        (ohne Daten ein leerer Stand). ``stand().als_json()`` ist ``referee stand --json``."""
        if gesamt:
            if abend_id is not None:
                raise Eingabefehler("--abend und --gesamt schließen sich aus; nimm eines davon.")
            return self._stand(None)
        return self._stand(self._abend(abend_id), verlauf=True)

    def verlauf(self, abend_id: int | None = None, *, alle: bool = False) -> Verlauf:
        """Die geltenden Einträge eines Abends in Spielfolge: eine Korrektur steht am Platz
        des Originals (wie im Export). Mit ``alle`` das ganze Protokoll in der Reihenfolge
        des Schreibens, auch Stornos, Storniertes und Ersetztes."""
        from referee.buch.antworten import Verlauf
        from referee.store import aufgehoben_durch

        a = self._abend(abend_id)
        alle_eintraege = self.store.eintraege(a.id, alle=True)
        aufgehoben = aufgehoben_durch(alle_eintraege)
        platz = self.store.spielreihenfolge(a.id)
        if alle:
            zeigen = alle_eintraege
        else:
            zeigen = sorted(
                (e for e in alle_eintraege if e.gilt), key=lambda e: (platz.get(e.id, e.id), e.id)
            )
        return Verlauf(
            a, tuple(zeigen), aufgehoben, tuple(self.store.ereignisse(a.id, alle=alle)), platz
        )

    def geber(self, abend_id: int | None = None) -> Geberfolge:
        """Wer das nächste Schafkopfspiel gibt, ausspielt, aussetzt (Konvention:
        ``referee.schafkopf.tisch``)."""
        a = self._offener_abend() if abend_id is None else self.store.abend(abend_id)
        return self._geberfolge(a)

    def sabai_spielstand(self, abend_id: int | None = None) -> SabaiSpielstand:
        """Die sabai-Spiele des Abends (je bis zur Partie mit ``letzte``) mit Siegespunkten."""
        from referee.buch.antworten import SabaiSpielstand

        a = self._offener_abend() if abend_id is None else self.store.abend(abend_id)
        return SabaiSpielstand(a, tuple(self._sabai_spiele(a.id)))

    def _sabai_spiele(self, abend_id: int) -> list[Spielstand]:
        """Die sabai-Spiele eines Abends aus seinen geltenden Partien (in Spielfolge)."""
        from referee.sabai.ergebnis import SabaiErgebnis
        from referee.sabai.runde import spiele_aus_partien

        return spiele_aus_partien(
            (dict(x.ergebnis.siegpunkte), x.ergebnis.letzte)
            for x in self.store.eintraege(abend_id, spiel=SABAI)
            if isinstance(x.ergebnis, SabaiErgebnis)
        )

    def ruhmeshalle(self) -> Ruhmeshalle:
        """Die Hall of Fame über alle Abende (leer ist eine Antwort)."""
        from referee.buch.antworten import Ruhmeshalle

        abende = {a.id: a for a in self.store.abende()}
        from referee.buch.antworten import Ruhmestat
        from referee.sabai.ergebnis import SabaiErgebnis

        return Ruhmeshalle(
            tuple(
                Ruhmestat(
                    name=name,
                    datum=abende[x.abend_id].datum,
                    abend=x.abend_id,
                    ort=abende[x.abend_id].ort,
                    eintrag=x.id,
                    zeit=x.zeit,
                )
                for x in self.store.eintraege(spiel=SABAI)
                if isinstance(x.ergebnis, SabaiErgebnis)
                for name in x.ergebnis.ruhmeshalle
            )
        )

    # ------------------------------------------------------------ Export, Import, Statistik

    def _abende(self, abend_id: int | None, gesamt: bool) -> list[Abend]:
        if not self.store.existiert and abend_id is None:
            raise Zustandsfehler(f"Es gibt noch keinen Abend. {_BEISPIEL}")
        return self.store.abende_waehlen(abend_id, gesamt)

    def _bericht(
        self, abende: list[Abend], gesamt: bool, nur_tabelle: bool, mit_verlauf: bool
    ) -> dict[str, Any]:
        from referee.bericht.abendbericht import baue_bericht, spieler_reihenfolge
        from referee.buch.stand import bezahlt_summen

        alle = self.store.eintraege_leicht(None if gesamt else abende[0].id)
        geltend = [e for e in alle if e.gilt and e.ergebnis is not None]
        abende_d = [a.als_json() for a in abende]
        if nur_tabelle:
            return {
                "abende": abende_d,
                "eintraege": geltend,
                "spieler": spieler_reihenfolge(abende_d, geltend),
            }
        stornos = [e for e in alle if e.art == "storno"]
        korrekturen = [e for e in alle if e.art == "korrektur"]
        return baue_bericht(
            abende_d,
            geltend,
            stornos,
            korrekturen,
            gesamt=gesamt,
            mit_verlauf=mit_verlauf,
            bezahlt=bezahlt_summen(self.store, None if gesamt else abende[0].id),
        )

    def exportieren(
        self,
        abend_id: int | None = None,
        *,
        gesamt: bool = False,
        format: str = "json",
        trennzeichen: str = ",",
    ) -> Export:
        """Der Abend (oder alle) als ``text``, ``md``, ``csv``, ``json`` (vollständig, für
        ``importieren``, dazu ``stand``) oder ``html``."""
        from referee.bericht import formate
        from referee.buch.antworten import Export

        if format not in formate.FORMATE:
            raise Eingabefehler(
                f"Unbekanntes Format „{format}“; erlaubt sind {', '.join(formate.FORMATE)}."
            )
        if format == "json" and gesamt and self.store.export_turniere() is not None:
            abende = self.store.abende()  # ein Buch nur mit Turnieren: auch ohne Abend
        else:
            abende = self._abende(abend_id, gesamt)
        if format == "json":
            wahl = None if gesamt else abende[0].id
            kopf: dict[str, Any] = self.store.export_kopf(wahl)
            zeilen = self.store.export_eintraege_json(wahl)
            kopf["eintraege"] = zeilen
            kopf["stand"] = self._stand(None if wahl is None else self.store.abend(wahl)).als_json()
            if wahl is None and (turniere := self.store.export_turniere()) is not None:
                kopf["turniere"] = turniere
            inhalt = formate.json_export_text(kopf, roh=("eintraege",))
            anzahl = len(zeilen)
        else:
            b = self._bericht(abende, gesamt, format == "csv", format == "html")
            inhalt = formate.rendere(b, format, trennzeichen)
            anzahl = len(b["eintraege"])
        return Export(inhalt, format, anzahl, tuple(abende), gesamt)

    def importieren(self, daten: Any) -> Importiert:
        """Einen JSON-Export in eine leere Datenbank übernehmen (ids und Zeiten bleiben):
        geprüft und alles oder nichts (``referee.einfuhr``)."""
        from referee.buch.antworten import Importiert
        from referee.einfuhr import importieren
        from referee.spiele import store_oeffnen

        pfad = self.store.pfad
        zahlen = importieren(daten, pfad, _auswerten)
        self.store.schliessen()  # die Datei kann neu entstanden sein: neu verbinden
        self.store = store_oeffnen(pfad)
        return Importiert(
            zahlen["spieler"],
            zahlen["abende"],
            zahlen["eintraege"],
            self.pfad,
            zahlen["ohne_kennung"],
            zahlen.get("turniere", 0),
            zahlen["ohne_kennung_turniere"],
        )

    def dazunehmen(self, daten: Any) -> Dazugenommen:
        """Die Abende und Turniere eines JSON-Exports zu diesem Buch nehmen, auch wenn es Daten hat
        (``import --dazu``): Bekanntes (gleiche Kennung) wird erkannt und nicht verdoppelt,
        ein Widerspruch ganz abgelehnt; alles geprüft und nachgerechnet (``referee.einfuhr``)."""
        from referee.buch.antworten import Dazugenommen
        from referee.einfuhr import importieren
        from referee.spiele import store_oeffnen

        pfad = self.store.pfad
        self.store.schliessen()
        z = importieren(daten, pfad, _auswerten, dazu=True)
        self.store = store_oeffnen(pfad)
        return Dazugenommen(
            z["abende_neu"],
            z["abende_ergaenzt"],
            z["abende_vorhanden"],
            z["eintraege_neu"],
            z["spieler_neu"],
            z["spieler"],
            z["abende"],
            z["eintraege"],
            self.pfad,
            z["ohne_kennung"],
            z["turniere_neu"],
            z["turniere_ergaenzt"],
            z["turniere_vorhanden"],
            z["turniere"],
            z["ohne_kennung_turniere"],
        )

    def statistik(
        self, abend_id: int | None = None, *, gesamt: bool = False, spieler: str | None = None
    ) -> Statistik:
        """Kennzahlen je Spieler (Rollen, gewonnen %, Soli …), Sabai, SAUFN, Schlafmütze."""
        from referee.bericht import statistik as st
        from referee.bericht.kennzahlen import Kennzahlen
        from referee.buch.antworten import Statistik

        abende = self._abende(abend_id, gesamt)
        eintraege = [
            e
            for e in self.store.eintraege_leicht(None if gesamt else abende[0].id)
            if e.gilt and e.ergebnis is not None
        ]
        alle = Kennzahlen.aus(st.statistik(eintraege))
        if spieler is None:
            return Statistik(tuple(abende), gesamt, alle)
        name = st.finde_spieler(spieler, alle.namen())
        return Statistik(tuple(abende), gesamt, alle.fuer(name))


def _auswerten(pfad: os.PathLike[str]) -> None:
    """Was die lesenden Befehle aus einem Import zeigen, muss sich berechnen lassen: Stand,
    Verlauf, Geber und Abendansicht je Abend, Statistik und jedes Exportformat über alle
    (``referee.einfuhr`` ruft es mit der Probedatei; ein Fehler verwirft den Import)."""
    from referee.bericht.formate import FORMATE
    from referee.buch.turnier import Turnierbuch
    from referee.buch.turnier.nachrechnen import nachrechnen

    with Turnierbuch(pfad) as tb:
        try:
            nachrechnen(tb)
        except Eingabefehler as exc:  # die Stelle nennen, wie die Einfuhr es tut
            from referee.einfuhr.bausteine import _fehler

            raise _fehler("Turniere", exc.meldung) from None
    with Buch(pfad) as buch:
        if not buch.store.abende():  # ein Buch nur mit Turnieren
            return
        buch.abende()
        buch.stand(gesamt=True)
        buch.statistik(gesamt=True)
        buch.ruhmeshalle()
        for a in buch.store.abende():
            buch.abend(a.id)
            buch.stand(a.id)
            buch.verlauf(a.id, alle=True)
            buch.geber(a.id)
            buch.sabai_spielstand(a.id)
        for format in FORMATE:  # gesamt: alle Einträge in jedem Format
            buch.exportieren(gesamt=True, format=format)


def __getattr__(name: str) -> Any:
    """Die Antworten (``ANTWORTEN``) erst beim ersten Zugriff laden (Startzeit)."""
    if name in ANTWORTEN:
        from referee.buch import antworten

        return getattr(antworten, name)
    raise AttributeError(f"module 'referee.buch' has no attribute {name!r}")


__all__ = ["Buch", "DoppelterEintrag", "DOPPELT_SEKUNDEN", *ANTWORTEN]  # noqa: PLE0604
