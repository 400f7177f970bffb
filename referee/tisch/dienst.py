"""Der eine Zugang der Tisch-Sitzung zum Buch (Adapter über ``referee.buch``).

Alles, was die Sitzung ins Buch schreibt oder daraus liest, geht durch ``Buch``: Abend
sicherstellen, Spiel eintragen, korrigieren, rückgängig, die Lage für die Fußleiste. Die
Kurzformen werden zu denselben Angaben (``SchafkopfAngaben``, ``SabaiAngaben`` …), die auch
die Befehle ``referee schafkopf eintragen``, ``sabai runde --eintragen`` … dem Buch geben –
ein Test prüft, dass ein Abend über beide Wege denselben Stand ergibt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.errors import Zustandsfehler
from referee.tisch import kurz

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


class Buch:
    """Das Buch einer Sitzung (``referee.buch.Buch``): eine Datenbank, der offene Abend."""

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
        r = self._buch.eintragen(_angaben(spiel), eingabe={"tisch": zeile})
        text, hinweise = _text(spiel, r.ergebnis)
        return Gebucht(r.eintrag.id, r.eintrag.spiel, text, hinweise=hinweise)

    def korrigieren(self, nr: int, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Eintrag ``nr`` durch ``spiel`` ersetzen (desselben Spiels); das Original bleibt."""
        r = self._buch.korrigieren(nr, _angaben(spiel), eingabe={"tisch": zeile})
        text, hinweise = _text(spiel, r.ergebnis)
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


def _angaben(spiel: kurz.Spiel) -> Any:
    """Kurzform → die Angaben, die auch die Befehle der Spiele dem Buch geben."""
    if isinstance(spiel, kurz.Schafkopf):
        from referee.schafkopf.ergebnis import SchafkopfAngaben

        return SchafkopfAngaben(
            spielart=spiel.ansage,
            partei=spiel.partei,
            augen=spiel.augen,
            laufende=spiel.laufende,
            schwarz=spiel.schwarz,
            tout=spiel.tout,
            sie=spiel.sie,
            klopfer=spiel.klopfer,
            stoesse=spiel.stoesse,
            stiche=spiel.stiche,
            kurz=spiel.kurz,
            jungfrauen=spiel.jungfrauen,
            durchmarsch=spiel.durchmarsch,
            tisch=spiel.tisch,
        )
    if isinstance(spiel, kurz.Sabai):
        from referee.sabai.ergebnis import SabaiAngaben

        return SabaiAngaben(spiel.haende, spiel.letzte)
    if isinstance(spiel, kurz.Saufn):
        from referee.saufn.ergebnis import SaufnAngaben

        return SaufnAngaben(spiel.plaetze)
    from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben

    return SchlafmuetzeAngaben(spiel.sieger, spiel.spieler)


def _text(spiel: kurz.Spiel, erg: Any) -> tuple[str, tuple[str, ...]]:
    """Die lange Form eines Eintrags mit seinem Wert, und seine Hinweise."""
    if isinstance(spiel, kurz.Schafkopf):
        return _schafkopf_text(spiel, erg), tuple(erg.konventionen)
    if isinstance(spiel, kurz.Sabai):
        from referee.sabai import zahl

        punkte = " · ".join(f"{n} {zahl(p)}" for n, p in erg.punkte)
        sp = ", ".join(f"{n} {zahl(v, vorzeichen=True)}" for n, v in erg.siegpunkte if v)
        text = f"sabai-sabai: {punkte} → Siegespunkte: {sp or 'keine'}"
        if erg.ruhmeshalle:
            text += " · Ruhmeshalle: " + ", ".join(erg.ruhmeshalle)
        if erg.letzte:
            text += " (letzte Partie)"
        hinweise = tuple(str(h) for h in getattr(erg.runde, "hinweise", ()) or ())
        return text, hinweise
    if isinstance(spiel, kurz.Saufn):
        plaetze = " · ".join(f"{i}. {n}" for i, n in enumerate(erg.plaetze, start=1))
        verteiler = getattr(erg.spielende, "verteiler", ()) or ()
        verteilen = ", ".join(f"{v.name} {v.schluecke}" for v in verteiler)
        return f"SAUFN: {plaetze}" + (
            f" → Schlücke verteilen: {verteilen}" if verteilen else ""
        ), ()
    return f"Schlafmütze: {erg.sieger} gewinnt (mit {', '.join(erg.spieler)})", ()


def _schafkopf_text(s: kurz.Schafkopf, e: Any) -> str:
    """``Rufspiel Anna+Ben gewonnen · 71 Augen · 3 Laufende → 50 ct: 20 (Rufspiel) + …``."""
    if e.ramsch:
        if e.durchmarsch:
            kopf = f"Ramsch · Durchmarsch {e.durchmarsch}"
        else:
            kopf = "Ramsch · verliert " + "+".join(e.verlierer or ())
            if e.jungfrauen:
                kopf += " · Jungfrau " + "+".join(e.jungfrauen)
        teile = [kopf]
    else:
        wer = "+".join(x for x in (e.spieler, e.partner) if x)
        teile = [f"{s.name} {wer} " + ("gewonnen" if e.gewonnen else "verloren")]
        if e.augen is not None:
            teile.append(f"{e.augen} Augen")
        if e.stiche is not None:
            teile.append(f"{e.stiche} Stiche")
        if e.laufende:
            teile.append(f"{e.laufende} Laufende")
        if e.schwarz:
            teile.append("schwarz")
        elif e.schneider:
            teile.append("Schneider")
        if e.tout:
            teile.append("Tout")
        if e.sie:
            teile.append("Sie")
    if e.klopfer:
        teile.append(f"{e.klopfer}× geklopft")
    if e.stoesse:
        teile.append(f"{e.stoesse}× Stoß")
    return " · ".join(teile) + f" → {e.wert} ct: {e.erklaerung}"


__all__ = ["Buch", "Gebucht", "Lage"]
