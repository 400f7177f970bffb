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
from dataclasses import dataclass
from typing import Any

from referee.eingabe import kurz
from referee.errors import Zustandsfehler
from referee.tisch.anzeige import Lage


@dataclass(frozen=True)
class Gebucht:
    """Ein geschriebener Eintrag: Nummer, Spiel und die lange Form mit Wert."""

    id: int
    spiel: str
    text: str
    ersetzt: int | None = None
    hinweise: tuple[str, ...] = ()  # Konventionen und Lesarten, die für diesen Eintrag galten


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


# --------------------------------------------------------------------------- Hilfe


#: Die Hilfe am Abend (``hilfe`` in der Sitzung; ``referee.tisch.sitzung.hilfe_zeilen``).
HILFE = """\
Am Tisch: eine Zeile je Spiel. Spieler: Name oder eindeutiger Anfang (an = Anna);
  zwei gleiche Vornamen: Anfang des Nachnamens (hu = Sepp Huber), sepp.h oder "sepp huber".
Schafkopf – Spiel zuerst, dann Spieler und Zusätze in beliebiger Reihenfolge:
  r an be 71 l3      Rufspiel Anna+Ben, 71 Augen, 3 Laufende
  w cem 45 k1        Wenz Cem, 45 Augen, 1 Klopfer
  g an 61            Geier Anna, 61 Augen
  fwe an 70          Farbwenz/Farbgeier + Farbe: fwe fwg fwh fws, fge fgg fgh fgs
  hs dora 95         Herz-Solo (es gs ss: Eichel-, Gras-, Schellen-Solo)
  b ben 0            Bettel, Zahl = Stiche des Spielers (0 = gewonnen)
  ramsch dora j ben  Ramsch: verliert Dora, Jungfrau Ben
  ramsch dm cem      Ramsch: Durchmarsch Cem
  Zusätze: l3/3l Laufende, k1/1k (k) Klopfer, x1/1x (x) Stoß/Retour, st5 Stiche,
  schwarz, tout, sie, kurz; eine Zahl 0–120 = Augen der Spielerpartei;
  @an+be+cem+do = die vier dieses Spiels (bei mehr als fünf am Abend).
Andere Spiele:
  sb an 3 7 J / be AJ 2 / cem / do 14 0   sabai-Runde (… letzte = letzte Partie)
  sf cem an be       SAUFN: Platz 1, 2, 3
  sm dora            Schlafmütze: Dora gewinnt (sm dora mit an be do)
Sitzung:
  #12 r an be 61     Eintrag 12 korrigieren (Kurzform des Spiels)
  u, u 12            letzten Eintrag stornieren, Eintrag 12 stornieren
  ?davonlaufen       Regelfrage (= frage davonlaufen)
  live               Live-Stand fürs Handy (QR-Code), läuft im Hintergrund weiter
  live schreiben     dazu ein Link zum Eintragen vom Handy (auch rückgängig)
  hilfe, q           diese Hilfe, Sitzung beenden (auch Ctrl-D)
Jeder Befehl von referee geht ohne „referee“ (und mit): stand, verlauf --alle,
  ruf --hand "…", schafkopf zug …, sabai runde Anna="3 7 J" …, export --format text,
  korrektur 12 rufspiel Anna+Ben --augen 61, abend ende …
Zusätze (schwarz, tout, sie, kurz, k, x, j, dm) gehen vor Namensanfängen."""


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


__all__ = ["HILFE", "Gebucht", "Lage", "Sitzungsbuch"]
