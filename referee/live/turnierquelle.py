"""Ein Turnier als Quelle der Live-Seiten (``referee turnier live``): die Rangliste für Handys
und Beamer, mit ``schreiben`` je Tisch der laufenden Runde ein eigener Link, über den das Handy
dieses Tisches seine Spiele einträgt.

Dieselbe Anwendung wie beim Abend (``referee.live.app``): Beobachter, Ereignisströme,
Sicherheitsköpfe, Drossel, Herkunftsprüfung, Schreib-Fäden mit Schlüssel, dieselben Antworten
(``referee.live.vertrag``). Anders ist, was gelesen und geschrieben wird – das Turnierbuch
(``referee.buch.turnier``) – und welche Links es gibt:

    /L/            die Rangliste (L = Lese-Token; Pfade wie beim Abend: app.js, ereignisse,
                   stand.json = ``referee turnier stand --json``)
    /T/            die Eingabeseite eines Tisches (T = Token dieses Tisches in dieser Runde)
    /T/api/…       vorschau, eintrag, rueckgaengig, korrektur – nur für diesen Tisch

Jeder Tisch jeder Runde bekommt sein eigenes Token (128 Bit, aus dem Geheimnis des Buchs
abgeleitet: nach einem Neustart dasselbe), sobald die Runde ausgelost ist; verglichen wird in
konstanter Zeit gegen jedes. Ein Tisch-Link kennt nur seinen Tisch: der Tisch steht nie in der
Anfrage, sondern kommt aus dem Token; ein Spiel eines anderen Tisches (oder Turniers) lässt
sich darüber weder korrigieren noch stornieren (422), und ist die Runde vorbei (eine neue
ausgelost) oder das Turnier beendet, schreibt er nichts mehr (409 mit dem Grund).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeFehler
from referee.live import turnierdaten, turnierseite
from referee.live.quelle import Lesung, Ort, Schreibansicht, Schreiblink
from referee.live.vertrag import (
    Anhang,
    Eingabedaten,
    Eingetragen,
    Eintragsanfrage,
    Ereignis,
    Konflikt,
    Korrekturanfrage,
    Rueckgaengiganfrage,
    Storniert,
    Vorschau,
    Vorschauanfrage,
)
from referee.pfade import db_pfad

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.buch.turnier.antworten import SpielEingetragen
    from referee.pfade import Buchort
    from referee.schafkopf.angaben import SchafkopfAngaben
    from referee.turnier.spiel import Tischlage

#: Sekunden zwischen zwei Lesevorgängen des Beobachters nach Schreibvorgängen vom Handy.
MINDESTABSTAND = 0.1


@dataclass(frozen=True)
class Aufnahme:
    """Was der Beobachter zuletzt las, als ein Ganzes: die Lage des Turniers und die
    Schreib-Links jedes Tisches jeder bis dahin ausgelosten Runde (mit ``schreiben``).

    Sie wird erst ganz gebaut und dann in einem Zug ausgetauscht: wer ``lage.runde == R``
    sieht, sieht in derselben Aufnahme auch die Links aller Tische von Runde R (vorher konnte
    ein Leser die neue Runde schon sehen, ihre Links aber erst zum Teil)."""

    lage: turnierdaten.Turnierlage | None = None
    links: Mapping[Ort, str] = field(default_factory=lambda: MappingProxyType({}))
    #: je Runde die Auslosung, zu der ihre Links gehören
    auslosungen: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def runde(self) -> int:
        """Die zuletzt ausgeloste Runde (0: noch keine)."""
        return self.lage.runde if self.lage is not None else 0

    def tischlinks(self, runde: int) -> list[tuple[int, str]]:
        """(Tisch, Token) je Tisch von ``runde``, nach Tischnummer."""
        return sorted((tisch, token) for (r, tisch), token in self.links.items() if r == runde)


Turnierlesung = Lesung[Aufnahme]


class Turnierquelle:
    """Das Turnier ``turnier_id``. Die Eingabeseite eines Tisches rechnet sie erst, wenn ein
    Handy sie braucht, und nur neu, wenn sich an diesem Tisch etwas geändert hat."""

    ohne_felder = frozenset({"trotzdem"})  # am Tisch zählt die Nummer des Spiels (spiel_nr)
    # Rangliste und Tische neu zu lesen kostet bei 200 Spielern um 10 ms: schreiben viele
    # Tische zugleich, höchstens zehnmal je Sekunde (jede Änderung ist dann ≤ 0,1 s später da)
    mindestabstand = MINDESTABSTAND

    def __init__(self, db: Buchort, turnier_id: int, *, schreiben: bool = False) -> None:
        self.db = db_pfad(db)  # ein Pfad oder eine PostgreSQL-Adresse
        self.turnier_id = turnier_id
        self.schreiben = schreiben
        self._tische: dict[Ort, tuple[object, Schreibansicht]] = {}

    def lese_token(self) -> str:
        """Aus dem Geheimnis des Buchs (wie die Tisch-Links): nach einem Neustart derselbe
        Link – ein ausgehängter oder an den Beamer gegebener QR-Code gilt weiter."""
        with self.oeffne() as tb:
            return tb.lese_link(self.turnier_id)

    def oeffne(self) -> Turnierbuch:
        from referee.buch.turnier import Turnierbuch

        return Turnierbuch(self.db)

    # ------------------------------------------------------------ lesen

    def lies(self, buch: Turnierbuch | None, vorher: Turnierlesung | None) -> Turnierlesung:
        """Rangliste und Tische neu (``turnierdaten.turnierlage``); die Links der Tische einer
        neuen Runde dazu – in derselben Aufnahme."""
        fehler: dict[str, Any] | None = None
        try:
            lage = turnierdaten.turnierlage(buch, self.turnier_id) if buch else None
        except RefereeFehler as exc:
            lage, fehler = None, exc.als_json()
        links = dict(vorher.daten.links) if vorher is not None else {}
        auslosungen = dict(vorher.daten.auslosungen) if vorher is not None else {}
        if self.schreiben and lage is not None and buch is not None:
            # eine zurückgenommene Auslosung: ihre Links schreiben nirgends mehr hin (404), auch
            # nicht an die Tische einer neuen Auslosung derselben Runde
            neu = auslosungen.get(lage.runde) != lage.auslosung
            for ort in [o for o in links if o[0] > lage.runde or (neu and o[0] == lage.runde)]:
                del links[ort]
            auslosungen = {r: a for r, a in auslosungen.items() if r < lage.runde}
            auslosungen[lage.runde] = lage.auslosung
            for t in lage.tische:
                if (lage.runde, t.nr) not in links:  # gilt auch nach einem Neustart
                    links[(lage.runde, t.nr)] = buch.tisch_link(lage.runde, t.nr, lage.turnier.id)
        text = (
            json.dumps(lage.stand.als_json(), ensure_ascii=False, indent=2) + "\n" if lage else None
        )
        teil = turnierseite.inhalt(lage, _meldung(fehler))
        # erst jetzt, in einem Zug: die neue Runde nie ohne die Links all ihrer Tische
        aufnahme = Aufnahme(lage, MappingProxyType(links), MappingProxyType(auslosungen))
        return Lesung(aufnahme, teil, text, fehler)

    def leseseite(self, lesung: Turnierlesung, pfad: str, zeit: str, neu_laden: int) -> str:
        lage = lesung.daten.lage
        titel = f"Rangliste · {lage.turnier.name}" if lage else "Rangliste"
        return turnierseite.seite(lesung.teil, titel, pfad, zeit, neu_laden)

    def schreiblinks(self, lesung: Turnierlesung) -> list[tuple[Schreiblink, str]]:
        return [(Schreiblink(ort), token) for ort, token in lesung.daten.links.items()]

    def schreibansicht(
        self, buch: Turnierbuch | None, lesung: Turnierlesung, link: Schreiblink, nr: int, zeit: str
    ) -> Schreibansicht:
        """Die Eingabeseite des Tisches ``link.ort``. Neu gerechnet nur, wenn sich an ihm etwas
        geändert hat: in der laufenden Runde sein jüngster Eintrag, seine Plätze, das Turnier
        offen oder nicht; ein Tisch einer früheren Runde nur, wenn eine neue Runde kommt oder
        das Turnier endet."""
        assert link.ort is not None
        runde, tisch = ort = link.ort
        lage = lesung.daten.lage
        titel = f"Tisch {tisch} · Runde {runde}"
        wer = (
            f"an Tisch {tisch} (Runde {runde}) eintragen, korrigieren und rückgängig machen, "
            "an keinem anderen"
        )

        def ansicht(schluessel: object, html: str, daten: Eingabedaten) -> Schreibansicht:
            ereignis = Ereignis(nr, zeit, html, daten).als_text()
            return Schreibansicht(schluessel, titel, wer, html, ereignis)

        if lage is None or buch is None:
            meldung = _meldung(lesung.fehler) or "Kein Turnier."
            html = turnierseite.tisch_inhalt(None, meldung)
            return ansicht(("fehler", meldung), html, Eingabedaten.geschlossen(meldung))
        if runde == lage.runde:
            sitze = next((t.sitze for t in lage.tische if t.nr == tisch), ())
            schluessel: object = (lage.versionen.get(tisch, 0), sitze, lage.turnier.offen)
        else:
            schluessel = ("frueher", lage.runde, lage.turnier.offen)
        gemerkt = self._tische.get(ort)
        if gemerkt is not None and gemerkt[0] == schluessel:
            return gemerkt[1]
        try:
            a = turnierdaten.tischansicht(buch, lage, runde, tisch)
        except RefereeFehler as exc:
            html = turnierseite.tisch_inhalt(None, exc.meldung)
            neu = ansicht(schluessel, html, Eingabedaten.geschlossen(exc.meldung))
        else:
            html = turnierseite.tisch_inhalt(a)
            neu = ansicht(schluessel, html, turnierdaten.eingabedaten(a))
        self._tische[ort] = (schluessel, neu)
        return neu

    # ------------------------------------------------------------ schreiben

    def _angaben(
        self, buch: Turnierbuch, zeile: str, ort: Ort, lage: Tischlage | None = None
    ) -> SchafkopfAngaben:
        """Die Zeile vom Handy (``r an be 71``) mit den Namen dieses Tisches gelesen.
        ``lage``: die schon gelesene ``Tischlage`` (sonst wird sie gelesen)."""
        from referee.live.formular import schafkopf_angaben

        if lage is None:
            lage = buch.tischlage(*ort, self.turnier_id)
        return schafkopf_angaben(
            zeile,
            [s.name for s in lage.sitze],
            f"an Tisch {ort[1]}",
            [s.startnummer for s in lage.sitze],
        )

    def vorschau(self, buch: Turnierbuch, link: Schreiblink, anfrage: Vorschauanfrage) -> Vorschau:
        ort = _ort(link)
        lage = buch.tischlage(*ort, self.turnier_id)
        angaben = self._angaben(buch, anfrage.zeile, ort, lage)
        buch.pruefe_laufenden_tisch(*ort, self.turnier_id, neues_spiel=anfrage.eintrag is None)
        sp = buch.vorschau(*ort, angaben, korrektur_von=anfrage.eintrag, turnier_id=self.turnier_id)
        namen = {s.startnummer: s.name for s in lage.sitze}
        return Vorschau(
            text=sp.zeile(),
            erklaerung=sp.wert_text(),
            anzeige=turnierdaten.punkte_anzeige(sp.punkte, namen),
            ersetzt=anfrage.eintrag,
            doppelt=None,
            einzelheiten=turnierdaten.Tischpunkte(
                tuple((nr, namen[nr], p) for nr, p in sp.punkte),
                tuple(nr for nr, n in sp.soli if n),
            ),
        )

    def eintrag(
        self, buch: Turnierbuch, link: Schreiblink, anfrage: Eintragsanfrage
    ) -> Eingetragen:
        ort = _ort(link)
        r = buch.spiel_eintragen(
            *ort,
            self._angaben(buch, anfrage.zeile, ort),
            schluessel=anfrage.schluessel,
            turnier_id=self.turnier_id,
            spiel_nr=anfrage.spiel_nr,
            eingabe={"handy": anfrage.zeile},
            laufend=True,
        )
        return _eingetragen(r)

    def korrektur(
        self, buch: Turnierbuch, link: Schreiblink, anfrage: Korrekturanfrage
    ) -> Eingetragen:
        runde, tisch = ort = _ort(link)
        r = buch.spiel_korrigieren(
            anfrage.eintrag,
            self._angaben(buch, anfrage.zeile, ort),
            schluessel=anfrage.schluessel,
            runde=runde,
            tisch=tisch,
            turnier_id=self.turnier_id,
            eingabe={"handy": anfrage.zeile},
            laufend=True,
        )
        return _eingetragen(r)

    def rueckgaengig(
        self, buch: Turnierbuch, link: Schreiblink, anfrage: Rueckgaengiganfrage
    ) -> Storniert:
        runde, tisch = _ort(link)
        r = buch.rueckgaengig(
            anfrage.eintrag,
            schluessel=anfrage.schluessel,
            runde=runde,
            tisch=tisch,
            turnier_id=self.turnier_id,
            nur_letztes=True,
            laufend=True,
        )
        text = f"Spiel #{r.storniert.id} storniert"
        if r.wieder_gueltig is not None:
            text += f"; es gilt wieder #{r.wieder_gueltig}"
        return Storniert(
            storno=r.storno.id,
            storniert=r.storniert.id,
            wieder=r.wieder_gueltig,
            text=text + ".",
            wiederholt=r.wiederholt,
            anhang=Anhang("fortschritt", r.tisch),
        )

    def konflikt(self, buch: Turnierbuch, link: Schreiblink, exc: BaseException) -> Konflikt:
        """Der jetzige Stand des Tisches und sein letztes geltendes Spiel."""
        ort = _ort(link)
        try:
            spiele = buch.tischspiele(*ort, self.turnier_id)
            plan = buch.tische(ort[0], self.turnier_id)
        except RefereeFehler:
            return Konflikt(Anhang("fortschritt", None), None)
        stand = next((s for s in plan.stand if s.tisch == ort[1]), None)
        return Konflikt(Anhang("fortschritt", stand), spiele[-1].id if spiele else None)


def _ort(link: Schreiblink) -> Ort:
    """Der Tisch eines Tisch-Links (ein Turnier hat keine anderen Schreib-Links)."""
    assert link.ort is not None
    return link.ort


def _meldung(fehler: Mapping[str, Any] | None) -> str | None:
    meldung = fehler["fehler"]["meldung"] if fehler else None
    return meldung if isinstance(meldung, str) else None


def _eingetragen(r: SpielEingetragen) -> Eingetragen:
    return Eingetragen(
        eintrag=r.eintrag.id,
        spiel="schafkopf",
        text=r.spiel.zeile(),
        erklaerung=r.spiel.wert_text(),
        ersetzt=r.ersetzt,
        wiederholt=r.wiederholt,
        anhang=Anhang("ergebnis", r),
    )


__all__ = ["MINDESTABSTAND", "Aufnahme", "Turnierquelle"]
