"""Der eine Zugang der Tisch-Sitzung zum Buch (Adapter über ``referee.buch``).

Alles, was die Sitzung ins Buch schreibt oder daraus liest, geht durch ``Sitzungsbuch``: Abend
sicherstellen, Spiel eintragen, korrigieren, rückgängig, die Lage für die Fußleiste. Die
Kurzzeile liest ``referee.eingabe.kurz`` gleich zu denselben getypten Eingaben
(``SchafkopfAngaben``, ``SabaiAngaben`` …), die auch die Befehle ``referee schafkopf
eintragen``, ``sabai runde --eintragen`` … dem Buch geben – ein Test prüft, dass ein Abend über
beide Wege denselben Stand ergibt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.eingabe import kurz
from referee.errors import Zustandsfehler

if TYPE_CHECKING:
    from referee.buch.stand import SaufnPlaetze


@dataclass(frozen=True)
class Gebucht:
    """Ein geschriebener Eintrag: Nummer, Spiel und die lange Form mit Wert."""

    id: int
    spiel: str
    text: str
    ersetzt: int | None = None
    hinweise: tuple[str, ...] = ()  # Konventionen und Lesarten, die für diesen Eintrag galten


@dataclass(frozen=True)
class Lage:
    """Was die Fußleiste zeigt: Stände des Abends, Geber, Spielnummer."""

    abend: int
    spieler: tuple[str, ...]
    schafkopf: dict[str, int] = field(default_factory=dict)
    sabai: dict[str, int] = field(default_factory=dict)
    saufn: dict[str, SaufnPlaetze] = field(default_factory=dict)
    schlafmuetze: dict[str, int] = field(default_factory=dict)
    spiele: int = 0  # geltende Schafkopfspiele
    eintraege: int = 0  # geltende Einträge aller Spiele
    geber: str | None = None
    ausspieler: str | None = None


class Sitzungsbuch:
    """Das Buch einer Tisch-Sitzung – ein Adapter über ``referee.buch.Buch`` (dem Buch der
    Dienstschicht): eine Datenbank, der offene Abend, die Kurzformen als Angaben."""

    def __init__(self, db: str | None = None) -> None:
        from referee.buch import Buch as Dienst

        self._buch = Dienst(db)
        self.pfad = self._buch.pfad
        self._version: int | None = None
        self._begonnen: Any = None  # der von abend_sicherstellen begonnene Abend (AbendNeu)

    def schliessen(self) -> None:
        self._buch.schliessen()

    # ------------------------------------------------------------ Abend

    def abend_sicherstellen(
        self, spieler: Sequence[str] = (), tarif: str | None = None, setzen: Sequence[str] = ()
    ) -> tuple[int, bool, list[str]]:
        """Der offene Abend, sonst ein neuer mit ``spieler``: (Abend-Nr, neu?, angelegte Namen).

        Ohne offenen Abend und ohne Spieler: ``Zustandsfehler`` mit der Form des Aufrufs.
        """
        try:
            return self._buch.lage().abend_id, False, []
        except Zustandsfehler:
            if not spieler:
                raise Zustandsfehler(
                    "Kein offener Abend. Beginne einen: referee tisch --spieler Anna Ben Cem Dora."
                ) from None
        neu = self._buch.abend_neu(list(spieler), tarif=tarif, setzen=list(setzen))
        self._begonnen = neu
        return neu.abend.id, True, list(neu.neu_angelegt)

    def begonnenen_abend_verwerfen(self) -> bool:
        """Den Abend, den ``abend_sicherstellen`` eben begonnen hat, zurücknehmen, solange
        nichts darin steht (ein gescheitertes Skript soll nichts verändert haben)."""
        neu, self._begonnen = self._begonnen, None
        return neu is not None and self._buch.abend_verwerfen(neu)

    def spieler(self) -> tuple[str, ...]:
        """Die Spieler des offenen Abends (Sitzordnung); leer ohne offenen Abend."""
        try:
            return tuple(self._buch.lage().spieler)
        except Zustandsfehler:
            return ()

    # ------------------------------------------------------------ Schreiben

    def eintragen(self, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Ein Spiel in den offenen Abend eintragen (eine Transaktion)."""
        r = self._buch.eintragen(spiel, eingabe={"tisch": zeile})
        text, hinweise = _text(r.ergebnis)
        return Gebucht(r.eintrag.id, r.eintrag.spiel, text, hinweise=hinweise)

    def korrigieren(self, nr: int, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Eintrag ``nr`` durch ``spiel`` ersetzen (desselben Spiels); das Original bleibt."""
        r = self._buch.korrigieren(nr, spiel, eingabe={"tisch": zeile})
        text, hinweise = _text(r.ergebnis)
        ersetzt = r.ersetzt.id if r.ersetzt is not None else nr
        return Gebucht(r.eintrag.id, r.eintrag.spiel, text, ersetzt, hinweise)

    def rueckgaengig(self, eintrag: int | None = None) -> tuple[str, str]:
        """Den letzten geltenden Eintrag (oder ``eintrag``) stornieren: (Meldung, Spiel des
        stornierten Eintrags)."""
        from referee.buch.antworten import EreignisRueckgaengig

        r = self._buch.rueckgaengig(eintrag)
        if isinstance(r, EreignisRueckgaengig):  # zuletzt kam eine Hausregel oder „bezahlt“
            was = _EREIGNISSE.get(r.storniert.art, r.storniert.art)
            return f"{was} (#{r.storniert.id}) zurückgenommen.", "schafkopf"
        text = f"Eintrag #{r.storniert.id} storniert (Storno #{r.storno.id})"
        if r.wieder is not None:
            text += f"; es gilt wieder #{r.wieder.id}"
        return text + ".", r.storniert.spiel

    # ------------------------------------------------------------ was die Sitzung zeigt

    #: Die Hilfe der Sitzung (``hilfe``); ein Turniertisch hat seine eigene.
    @property
    def hilfe(self) -> str:
        from referee.tisch.sitzung import HILFE

        return HILFE

    @staticmethod
    def leiste(lage: Any, breite: int = 40) -> list[str]:
        """Die Fußleiste (``referee.tisch.anzeige.leiste``)."""
        from referee.tisch import anzeige

        return anzeige.leiste(lage, breite)

    @staticmethod
    def stand_zeile(lage: Any, spiel: str) -> str:
        """Der Stand nach einem Eintrag (``referee.tisch.anzeige.stand_zeile``)."""
        from referee.tisch import anzeige

        return anzeige.stand_zeile(lage, spiel)

    @staticmethod
    def ablehnen(e: kurz.Eingabe) -> str | None:
        """Am Abend geht jede Zeile, die gelesen wurde (ein Turniertisch lehnt manche ab)."""
        return None

    # ------------------------------------------------------------ Lesen

    def geaendert(self) -> bool:
        """Hat eine andere Verbindung (ein anderer Befehl) seit dem letzten Blick geschrieben?

        ``PRAGMA data_version`` kostet Mikrosekunden; so bleibt die Fußleiste aktuell, ohne
        bei jedem Neuzeichnen den Stand zu rechnen.
        """
        v = self._buch.datenversion()
        alt, self._version = self._version, v
        return alt != v

    def lage(self) -> Lage | None:
        """Stände, Geber und Spielnummer des offenen Abends (``None`` ohne offenen Abend)."""
        try:
            ansicht = self._buch.abend()
        except Zustandsfehler:
            return None
        a, st = ansicht.abend, ansicht.stand
        g = ansicht.geber if len(a.spieler) >= 4 else None
        return Lage(
            abend=a.id,
            spieler=tuple(a.spieler),
            schafkopf=dict(st.schafkopf),
            sabai=dict(st.sabai),
            saufn=dict(st.saufn),
            schlafmuetze=dict(st.schlafmuetze),
            spiele=st.partien["schafkopf"],
            eintraege=sum(st.partien.values()),
            geber=g.geber if g else None,
            ausspieler=g.ausspieler if g else None,
        )


# --------------------------------------------------------------------------- je Spiel


_EREIGNISSE = {
    "regel": "Hausregel",
    "bezahlt": "Bezahlt-Vermerk",
    "ende": "Abendende",
    "wieder": "Wiedereröffnung",
}


def _text(erg: Any) -> tuple[str, tuple[str, ...]]:
    """Die lange Form eines Eintrags mit seinem Wert (die Ansicht des Ergebnisses selbst) und
    seine Hinweise: beim Schafkopf die Konventionen, bei sabai die Lesarten der Wertung."""
    if erg.spiel == "schafkopf":
        return erg.zeile_mit_wert(), tuple(erg.konventionen)
    if erg.spiel == "sabai":
        return erg.zeile_mit_wert(), erg.hinweise()
    return erg.zeile_mit_wert(), ()


__all__ = ["Gebucht", "Lage", "Sitzungsbuch"]
