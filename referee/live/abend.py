"""Ein Spielabend als Quelle der Live-Seiten (``referee live``): gelesen über
``referee.live.daten``, geschrieben über das Buch (``referee.buch.Buch``).

Ein Lese-Link und – mit ``schreiben`` – ein Schreib-Link für alle Handys, jeder mit einem
eigenen zufälligen Token (128 Bit) je Lauf. Die Zeile vom Handy ist die von ``referee tisch``
(``referee.live.formular``); geschrieben wird wie auf der Kommandozeile: jede Änderung eine
Transaktion, ein Fehler ändert nichts. Antworten tragen den Stand danach (``{"stand": …}``,
wie ``referee stand --json``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeFehler
from referee.live import seite
from referee.live.daten import Abendstand, abendstand
from referee.live.quelle import Lesung, Schreibansicht, Schreiblink
from referee.live.vertrag import (
    Anhang,
    Anzeigewert,
    Doppelt,
    Eingabedaten,
    Eingetragen,
    Eintragsanfrage,
    Ereignis,
    Konflikt,
    Korrekturanfrage,
    Listeneintrag,
    Mitspieler,
    Rueckgaengiganfrage,
    Storniert,
    Vorschau,
    Vorschauanfrage,
)

if TYPE_CHECKING:
    from referee.buch import Buch
    from referee.buch.antworten import Eingetragen as Buchung
    from referee.ergebnis import Angaben
    from referee.store import Eintrag

Abendlesung = Lesung[Abendstand | None]


class Abendquelle:
    """Der offene (sonst letzte) Abend oder der Abend ``abend_id``."""

    ohne_felder = frozenset({"spiel_nr"})
    mindestabstand = 0.0

    def __init__(self, db: Path, abend_id: int | None = None, *, schreiben: bool = False) -> None:
        self.db = Path(db)
        self.abend_id = abend_id
        self.schreiben = schreiben
        #: das Token des Schreib-Links: ein zweites, eigenes (128 Bit wie das Lese-Token)
        self.schreib_token = secrets.token_urlsafe(16) if schreiben else None
        self._ansicht: tuple[int, Schreibansicht] | None = None

    def lese_token(self) -> str:
        """Zufällig je Lauf (128 Bit)."""
        return secrets.token_urlsafe(16)

    def oeffne(self) -> Buch:
        from referee.buch import Buch

        return Buch(self.db)

    # ------------------------------------------------------------ lesen

    def lies(self, buch: Buch | None, vorher: Abendlesung | None) -> Abendlesung:
        fehler: dict[str, Any] | None
        try:
            stand = abendstand(buch, self.abend_id, formulare=self.schreiben) if buch else None
        except RefereeFehler as exc:
            stand, fehler = None, exc.als_json()
        else:
            fehler = None if stand is not None else _kein_abend()
        text = (
            json.dumps(stand.stand.als_json(), ensure_ascii=False, indent=2) + "\n"
            if stand
            else None
        )
        return Lesung(stand, seite.inhalt(stand, self._meldung(fehler)), text, fehler)

    def _meldung(self, fehler: Mapping[str, Any] | None) -> str | None:
        """Was die Seiten statt eines Abends zeigen – nur für einen genannten Abend
        (sonst sagen sie, wie einer beginnt)."""
        meldung = fehler["fehler"]["meldung"] if fehler and self.abend_id else None
        return meldung if isinstance(meldung, str) else None

    def leseseite(self, lesung: Abendlesung, pfad: str, zeit: str, neu_laden: int) -> str:
        nr = lesung.daten.abend.id if lesung.daten is not None else None
        return seite.seite(lesung.teil, nr, pfad, zeit, neu_laden)

    def schreiblinks(self, lesung: Abendlesung) -> list[tuple[Schreiblink, str]]:
        return [(Schreiblink(), self.schreib_token)] if self.schreib_token else []

    def schreibansicht(
        self, buch: Buch | None, lesung: Abendlesung, link: Schreiblink, nr: int, zeit: str
    ) -> Schreibansicht:
        """Je Fassung einmal gerechnet: der Stand ohne Einträge (die Seite zeigt sie selbst,
        mit Knöpfen) und die Daten des Formulars."""
        if self._ansicht is not None and self._ansicht[0] == nr:
            return self._ansicht[1]
        stand = lesung.daten
        meldung = self._meldung(lesung.fehler)
        html = seite.inhalt(stand, meldung, eintraege=False)
        ansicht = Schreibansicht(
            schluessel=nr,
            titel=f"Eintragen · Abend {stand.abend.id}" if stand is not None else "Eintragen",
            wer="eintragen, korrigieren und rückgängig machen",
            html=html,
            ereignis=Ereignis(nr, zeit, html, eingabedaten(stand, meldung)).als_text(),
        )
        self._ansicht = (nr, ansicht)
        return ansicht

    # ------------------------------------------------------------ schreiben

    @staticmethod
    def _spiel(buch: Buch, zeile: str) -> Angaben:
        from referee.live.formular import angaben

        return angaben(zeile, buch.lage().spieler)

    def vorschau(self, buch: Buch, link: Schreiblink, anfrage: Vorschauanfrage) -> Vorschau:
        from referee.schafkopf.ergebnis import SchafkopfErgebnis

        v = buch.vorschau(self._spiel(buch, anfrage.zeile), korrektur_von=anfrage.eintrag)
        erg = v.ergebnis
        werte = erg.werte()
        # Schafkopf: die Zeile und die Werterklärung; die anderen Spiele nennen ihre Wertung
        # schon in der Zeile
        if isinstance(erg, SchafkopfErgebnis):
            text, erklaerung = erg.zeile(), erg.erklaerung_nach(v.abend.tarif)
        else:
            text, erklaerung = erg.zeile_mit_wert(), None
        return Vorschau(
            text=text,
            erklaerung=erklaerung,
            anzeige=euro_anzeige(werte["cent"]) if "cent" in werte else (),
            ersetzt=None if v.ersetzt is None else v.ersetzt.id,
            doppelt=None if v.doppelt is None else v.doppelt.id,
            einzelheiten=v,
        )

    def eintrag(self, buch: Buch, link: Schreiblink, anfrage: Eintragsanfrage) -> Eingetragen:
        frueher = buch.wiederholung(anfrage.schluessel)  # Antwort verloren: auch nach Abendende
        if frueher is not None:
            return _eingetragen(frueher)
        r = buch.eintragen(
            self._spiel(buch, anfrage.zeile),
            eingabe={"handy": anfrage.zeile},
            schluessel=anfrage.schluessel,
            doppelt_ok=anfrage.trotzdem,
        )
        return _eingetragen(r)

    def korrektur(self, buch: Buch, link: Schreiblink, anfrage: Korrekturanfrage) -> Eingetragen:
        frueher = buch.wiederholung(anfrage.schluessel)
        if frueher is not None:
            return _eingetragen(frueher, _ursprung(buch, frueher.eintrag))
        r = buch.korrigieren(
            anfrage.eintrag,
            self._spiel(buch, anfrage.zeile),
            eingabe={"handy": anfrage.zeile},
            schluessel=anfrage.schluessel,
        )
        return _eingetragen(r, _ursprung(buch, r.eintrag))

    def rueckgaengig(
        self, buch: Buch, link: Schreiblink, anfrage: Rueckgaengiganfrage
    ) -> Storniert:
        from referee.buch.antworten import Rueckgaengig

        r = buch.rueckgaengig(anfrage.eintrag, nur_letzten=True, schluessel=anfrage.schluessel)
        assert isinstance(r, Rueckgaengig)  # mit Eintragsnummer nie das Storno eines Ereignisses
        text = f"Eintrag #{r.storniert.id} storniert"
        if r.wieder is not None:
            text += f"; es gilt wieder #{r.wieder.id}"
        return Storniert(
            storno=r.storno.id,
            storniert=r.storniert.id,
            wieder=None if r.wieder is None else r.wieder.id,
            text=text + ".",
            wiederholt=r.wiederholt,
            anhang=Anhang("stand", r.stand),
        )

    def konflikt(self, buch: Buch, link: Schreiblink, exc: BaseException) -> Konflikt:
        """Der jetzige Stand (wie ``stand --json``), der jüngste geltende Eintrag und – bei
        einem gleichen Eintrag eines anderen Handys – dieser Eintrag."""
        from referee.bericht.formate import uhrzeit
        from referee.buch import DoppelterEintrag, ansicht

        stand, letzter = None, None
        try:
            verlauf = buch.verlauf()
            stand = buch.stand(verlauf.abend.id)
            letzter = max((e.id for e in verlauf.eintraege), default=None)
        except RefereeFehler:
            pass
        doppelt = None
        if isinstance(exc, DoppelterEintrag):
            e = exc.eintrag
            doppelt = Doppelt(e.id, uhrzeit(e.zeit), ansicht.zeile(e))
        return Konflikt(Anhang("stand", stand), letzter, doppelt)


def _eingetragen(r: Buchung, ursprung: int | None = None) -> Eingetragen:
    from referee.buch import ansicht

    return Eingetragen(
        eintrag=r.eintrag.id,
        spiel=r.eintrag.spiel,
        text=ansicht.zeile(r.eintrag, ursprung),
        erklaerung=ansicht.erklaerung(r.eintrag, r.abend.tarif),
        ersetzt=None if r.ersetzt is None else r.ersetzt.id,
        wiederholt=r.wiederholt,
        anhang=Anhang("stand", r.stand),
    )


def _ursprung(buch: Buch, e: Eintrag) -> int | None:
    """Der erste Eintrag des Spiels, das die Korrektur ``e`` ersetzt (über Korrekturen von
    Korrekturen hinweg); ``None``, wenn ``e`` keine Korrektur ist."""
    if e.art != "korrektur":
        return None
    while e.art == "korrektur" and e.bezug is not None:
        e = buch.eintrag(e.bezug)
    return e.id


def euro_anzeige(cent: Mapping[str, int]) -> tuple[Anzeigewert, ...]:
    """Cent je Spieler als ``("Anna", "+0,20 €", "plus")`` (Sitzordnung)."""
    from referee.bericht.geld import euro

    return tuple(
        (n, euro(c), "plus" if c > 0 else "minus" if c < 0 else "") for n, c in cent.items()
    )


def eingabedaten(a: Abendstand | None, meldung: str | None = None) -> Eingabedaten:
    """Die Daten der Eingabeseite eines Abends: der Abend, ob er offen ist, die Spieler mit
    ihrem Kürzel in der Zeile, die letzten Einträge mit Formular (fürs Korrigieren)."""
    from referee.bericht.formate import uhrzeit
    from referee.live.formular import kuerzel
    from referee.namen import anzeigenamen

    if a is None:
        return Eingabedaten(
            None,
            False,
            meldung
            or "Noch kein Spielabend. Am Rechner einen beginnen: referee abend neu --spieler …",
        )
    ab = a.abend
    k, zeige = kuerzel(ab.spieler), anzeigenamen(ab.spieler)
    spiele, hinweis = erlaubte_spiele(ab.tarif)
    return Eingabedaten(
        abend=ab.id,
        offen=ab.offen,
        meldung=None
        if ab.offen
        else f"Abend {ab.id} ist beendet; eingetragen wird erst wieder in einem offenen Abend "
        "(am Rechner: referee abend neu … oder referee abend wieder).",
        spieler=tuple(Mitspieler(n, k.get(n), anzeige=zeige[n]) for n in ab.spieler),
        eintraege=tuple(
            Listeneintrag(
                id=e.id,
                zeit=uhrzeit(e.zeit),
                spiel=spielname(e.spiel),
                text=e.text,
                erklaerung=e.erklaerung,
                betraege=euro_anzeige(e.betraege),
                formular=e.formular,
                letzter=e.id == a.letzter,
            )
            for e in a.eintraege
        ),
        letzter=a.letzter,
        spiele=spiele,
        spiele_hinweis=hinweis,
        aufgehoben=a.aufgehoben,
    )


def spielname(spiel: str) -> str:
    """Wie die Eingabeseite ein Spiel nennt: wie ihre Knöpfe – ``sabai`` klein wie im
    Regeltext („sabai-sabai“), sonst der Name des Berichts (Schafkopf, SAUFN, Schlafmütze)."""
    from referee.bericht.formate import SPIELNAMEN

    return "sabai" if spiel == "sabai" else SPIELNAMEN.get(spiel, spiel)


#: Welche Hausregel ein Spiel der Seite an- und ausschaltet (die übrigen gehen immer).
_HAUSREGEL = {"b": ("bettel_erlaubt", "Bettel"), "ramsch": ("ramsch_erlaubt", "Ramsch")}


def erlaubte_spiele(tarif: Mapping[str, Any] | None) -> tuple[tuple[str, ...], str | None]:
    """Die Spiele, die der Abend nach seinen Hausregeln erlaubt (die Wörter der Seite), und –
    fehlt eines – der Hinweis, wie es am Rechner ginge. Der Schreib-Link ändert keine
    Hausregel: sie gilt für alle am Tisch und bleibt Sache dessen, der den Abend führt."""
    from referee.live.formular import grammatik
    from referee.schafkopf.tarif import Tarif

    regeln = (Tarif.aus_json(tarif) if tarif else Tarif()).regeln
    aus = {w: r for w, r in _HAUSREGEL.items() if not getattr(regeln, r[0])}
    spiele = tuple(w for w in grammatik()["reihe"] if w not in aus)
    if not aus:
        return spiele, None
    namen = " und ".join(name for _, name in aus.values())
    setzen = " ".join(f"{regel}=ja" for regel, _ in aus.values())
    return spiele, (
        f"{namen} {'ist' if len(aus) == 1 else 'sind'} an diesem Abend aus (Hausregel). "
        f"Einschalten am Rechner: referee abend regel {setzen}"
    )


def _kein_abend() -> dict[str, Any]:
    from referee.errors import Zustandsfehler

    return Zustandsfehler(
        "Noch kein Spielabend. Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
    ).als_json()


__all__ = ["Abendquelle", "eingabedaten", "erlaubte_spiele", "euro_anzeige", "spielname"]
