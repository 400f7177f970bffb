"""Ein Spiel an einem Turniertisch: dieselbe Abrechnung wie am Abend, in Punkten der Wertung.

Die Fakten eines Spiels kommen wie beim Abend als ``SchafkopfAngaben``
(``referee.eingabe.schafkopf.schafkopf_angaben``: Spielart, Spielerpartei, Augen, Laufende …).
``Tischlage`` ist, was der Tisch dazu weiß: wer auf welchem Platz sitzt (Startnummern), wie
viele Spiele schon gelten (daraus der Geber; am Fünfertisch setzt der Geber aus), die Wertung.
``spiel_werten`` prüft die Turnierregeln (``referee.turnier.wertung.pruefe_spiel``), löst die
Namen am Tisch auf und rechnet über ``SchafkopfAngaben.ergebnis`` – also mit
``referee.schafkopf.abrechnung`` und dem Tarif der Wertung (Punkte statt Cent) –, dann nach der
Schreibweise (``nurplus``: nur Gewinne). Ein gewonnenes Solo-artiges Spiel (Solo, Wenz, Geier,
ihre Farbvarianten, Bettel) zählt dem Spieler ein Solo (die zweite Wertung der Rangliste).

>>> from referee.schafkopf.angaben import SchafkopfAngaben
>>> from referee.turnier.daten import Sitz, Tisch
>>> from referee.turnier.wertung import wertung_laden
>>> tisch = Tisch(1, 3, (Sitz(7, "Anna"), Sitz(2, "Ben"), Sitz(11, "Cem"), Sitz(5, "Dora")))
>>> lage = Tischlage(tisch, wertung_laden(), spiele=0)
>>> s = spiel_werten(SchafkopfAngaben.angesagt("solo", ("Cem",), augen=95), lage)
>>> dict(s.punkte), dict(s.soli)
({7: -3, 2: -3, 11: 9, 5: -3}, {11: 1})
>>> s.wert_text()
'3 Punkte (2 (Solo) + 1 (Schneider) = 3)'
>>> spiel_werten(SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71), lage).wert_text()
'1 Punkt (Rufspiel)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.ergebnis import Abendlage
from referee.errors import Eingabefehler, Mehrdeutig, Zustandsfehler
from referee.namen import namen_zum_wort, namensschluessel, rueckfrage, vorschlag
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schafkopf.spielart import Spielart
from referee.schafkopf.tarif import Tarif
from referee.turnier.blatt import Tischblatt
from referee.turnier.daten import Sitz, Tisch, Turniereintrag
from referee.turnier.wertung import Wertung, geschrieben, pruefe_spiel


@dataclass(frozen=True)
class Tischlage:
    """Ein Tisch einer Runde, wie ihn das nächste Spiel (oder eine Korrektur) sieht.

    ``spiele``: die geltenden Spiele des Tisches vor diesem (bei einer Korrektur: vor dem
    Original) – Spiel ``spiele + 1`` gibt Platz ``spiele mod n + 1``. ``aliase``: weitere
    Namen einer Startnummer (ein Ersatzspieler und wen er ersetzt), die am Tisch gelten.
    """

    tisch: Tisch
    wertung: Wertung
    spiele: int = 0
    aliase: Mapping[int, tuple[str, ...]] = field(default_factory=dict, hash=False)

    @property
    def sitze(self) -> tuple[Sitz, ...]:
        return self.tisch.sitze

    @property
    def geber(self) -> Sitz:
        """Wer dieses Spiel gibt (reihum ab Platz 1)."""
        return self.sitze[self.spiele % len(self.sitze)]

    @property
    def aussetzer(self) -> Sitz | None:
        """Am Fünfertisch setzt der Geber aus; am Vierertisch niemand."""
        return self.geber if len(self.sitze) == 5 else None

    def wo(self) -> str:
        return f"Runde {self.tisch.runde}, Tisch {self.tisch.nr}"

    def startnummer(self, text: str) -> int:
        """Ein Platz am Tisch aus ``#12``/``Nr. 12``, Name (ohne Groß-/Kleinschreibung),
        früherem Namen der Startnummer oder wie am Tisch (``referee.namen.namen_zum_wort``:
        ein Wort des Namens, sein eindeutiger Anfang, ``sepp.h``); passt das auf mehrere,
        ``Mehrdeutig`` mit allen; sonst ``Eingabefehler`` mit Vorschlag."""
        roh = str(text).strip()
        nummer = roh.removeprefix("#").removeprefix("Nr.").strip()
        namen = [s.name for s in self.sitze]
        nr_von = {s.name: s.startnummer for s in self.sitze}
        if nummer.isascii() and nummer.isdigit() and roh[:1] in "#N":
            if int(nummer) in self.tisch.startnummern:
                return int(nummer)
        else:
            k = namensschluessel(roh)
            for s in self.sitze:
                if k == namensschluessel(s.name) or any(
                    k == namensschluessel(a) for a in self.aliase.get(s.startnummer, ())
                ):
                    return s.startnummer
            treffer = namen_zum_wort(roh, namen)
            if len(treffer) == 1:
                return nr_von[treffer[0]]
            if treffer:
                raise Mehrdeutig(
                    rueckfrage(roh, treffer, namen, nummern=nr_von) + " Nichts eingetragen."
                )
        dabei = ", ".join(f"{s.name} (Nr. {s.startnummer})" for s in self.sitze)
        raise Eingabefehler(
            f"„{roh}“ sitzt nicht an Tisch {self.tisch.nr} (Runde {self.tisch.runde})."
            + vorschlag(roh, namen)
            + f" Dort sitzen: {dabei}. Nichts eingetragen."
        )

    def name(self, text: str) -> str:
        """Der Name des Platzes, den ``text`` meint (``startnummer``)."""
        nr = self.startnummer(text)
        return next(s.name for s in self.sitze if s.startnummer == nr)

    def abendlage(self) -> Abendlage:
        """Die Lage, mit der ``SchafkopfAngaben.ergebnis`` rechnet: die Plätze als Sitzordnung,
        der Tarif der Wertung (Punkte), der Geber aus der Zahl der Spiele."""
        return Abendlage(
            abend_id=0,
            spieler=tuple(s.name for s in self.sitze),
            tarif=self.wertung.tarif.als_json(),
            geber_start=0,
            schafkopf_spiele=self.spiele,
        )


@dataclass(frozen=True)
class Turnierspiel:
    """Ein gewertetes Spiel: das Schafkopf-Ergebnis (Werte in Punkten, Plus/Minus), die
    geschriebenen Punkte je Startnummer (jeder Platz, der Aussetzer mit 0), gewonnene Soli,
    der Geber."""

    runde: int
    tisch: int
    ergebnis: SchafkopfErgebnis
    punkte: tuple[tuple[int, int], ...]
    soli: tuple[tuple[int, int], ...] = ()
    geber: int | None = None

    def zeile(self) -> str:
        """``Herz-Solo Cem gewonnen (95 Augen, Schneider)`` – wie im Verlauf des Abends."""
        return self.ergebnis.zeile()

    def wert_text(self) -> str:
        """``3 Punkte (2 (Solo) + 1 (Schneider) = 3)``: der Wert je Gegenspieler; besteht er
        aus einem Teil, kurz ``1 Punkt (Rufspiel)``."""
        wert = self.ergebnis.wert
        text = f"{wert} Punkt{'e' if wert != 1 else ''}"
        erklaerung = self.ergebnis.erklaerung
        if not erklaerung:
            return text
        zahl, _, rest = erklaerung.partition(" ")
        if "=" not in erklaerung and zahl == str(wert) and rest.startswith("("):
            return f"{text} {rest}"
        return f"{text} ({erklaerung})"

    def als_json(self) -> dict[str, Any]:
        return {
            "runde": self.runde,
            "tisch": self.tisch,
            "geber": self.geber,
            "punkte": {str(s): p for s, p in self.punkte},
            "soli": {str(s): n for s, n in self.soli},
            "zeile": self.zeile(),
            "schafkopf": self.ergebnis.als_json(),
        }

    @classmethod
    def aus_json(cls, daten: Mapping[str, Any], tarif: Tarif | None = None) -> Turnierspiel:
        """Aus der gespeicherten Form (``als_json``); mit dem ``tarif`` der Wertung samt
        Werterklärung (``mit_tarif``)."""
        spiel = cls(
            runde=int(daten["runde"]),
            tisch=int(daten["tisch"]),
            ergebnis=SchafkopfErgebnis.aus_json(dict(daten["schafkopf"])),
            punkte=tuple((int(s), int(p)) for s, p in dict(daten["punkte"]).items()),
            soli=tuple((int(s), int(n)) for s, n in dict(daten.get("soli") or {}).items()),
            geber=None if daten.get("geber") is None else int(daten["geber"]),
        )
        return spiel if tarif is None else spiel.mit_tarif(tarif)

    def mit_tarif(self, tarif: Tarif) -> Turnierspiel:
        """Mit der Werterklärung nach dem ``tarif`` der Wertung (nachgerechnet: gespeichert ist
        nur der Wert)."""
        erklaerung = self.ergebnis.erklaerung_nach(tarif.als_json())
        ergebnis = replace(self.ergebnis, erklaerung=(erklaerung or "").removesuffix(" ct") or None)
        return replace(self, ergebnis=ergebnis)

    @classmethod
    def aus_eintrag(cls, e: Turniereintrag, tarif: Tarif | None = None) -> Turnierspiel:
        """Das Spiel eines gespeicherten Eintrags (``art`` ``spiel``; sonst ``Zustandsfehler``),
        mit ``tarif`` samt Werterklärung."""
        if not isinstance(e.ergebnis, Turnierspiel):
            raise Zustandsfehler(f"Eintrag {e.id} ist kein Spiel ({e.art}).")
        return e.ergebnis if tarif is None else e.ergebnis.mit_tarif(tarif)


def tischergebnis_aus_json(art: str, daten: object) -> Tischblatt | Turnierspiel:
    """Die gespeicherte Form eines Tischeintrags → ``Tischblatt`` (``art`` ``blatt``) oder
    ``Turnierspiel`` (``spiel``) – der Leser, den der Speicher der Turniere mitbekommt."""
    if not isinstance(daten, Mapping):
        raise Eingabefehler(f"Turniereintrag ({art}): das Ergebnis ist kein JSON-Objekt.")
    if art == "blatt":
        return Tischblatt.aus_json(daten)
    if art == "spiel":
        return Turnierspiel.aus_json(daten)
    raise Eingabefehler(f"Unbekannte Eintragsart „{art}“; möglich: blatt, spiel.")


def spiel_werten(angaben: SchafkopfAngaben, lage: Tischlage) -> Turnierspiel:
    """Die Fakten eines Spiels an diesem Tisch → das gewertete Spiel.

    Erst die Turnierregeln (``Regelverstoss``, Exit 1: Spielart nicht erlaubt, Klopfen oder
    Stoß verboten), dann die Namen (``Eingabefehler``: wer nicht am Tisch sitzt oder als
    Aussetzer nicht mitspielt), dann die Abrechnung (``Eingabefehler`` bei widersprüchlichen
    Fakten – wie am Abend)."""
    w = lage.wertung
    art = angaben.spielart
    pruefe_spiel(w, art, angaben.klopfer, angaben.stoesse)
    mitspieler = tuple(lage.name(n) for n in angaben.tisch)
    aus = lage.aussetzer
    for name in [*angaben.partei, *angaben.jungfrauen, *filter(None, [angaben.durchmarsch])]:
        if aus is not None and not mitspieler and lage.name(name) == aus.name:
            raise Eingabefehler(
                f"{aus.name} gibt dieses Spiel (Spiel {lage.spiele + 1} an Tisch "
                f"{lage.tisch.nr}) und setzt am Fünfertisch aus. Nichts eingetragen."
            )
    gelesen = replace(
        angaben,
        partei=tuple(lage.name(n) for n in angaben.partei),
        jungfrauen=tuple(lage.name(n) for n in angaben.jungfrauen),
        durchmarsch=lage.name(angaben.durchmarsch) if angaben.durchmarsch else None,
        tisch=mitspieler,
        klopfer=angaben.klopfer if w.klopfen == "doppelt" else 0,
        stoesse=angaben.stoesse if w.stoss == "doppelt" else 0,
    )
    ergebnis = gelesen.ergebnis(lage.abendlage())
    nummer = {s.name: s.startnummer for s in lage.sitze}
    zahlen = geschrieben(w, dict(ergebnis.zahlungen))
    punkte = tuple((s.startnummer, zahlen.get(s.name, 0)) for s in lage.sitze)
    soli: tuple[tuple[int, int], ...] = ()
    if art.solo_artig and art is not Spielart.RAMSCH and ergebnis.gewonnen and ergebnis.spieler:
        soli = ((nummer[ergebnis.spieler], 1),)
    return Turnierspiel(
        lage.tisch.runde, lage.tisch.nr, ergebnis, punkte, soli, lage.geber.startnummer
    )


__all__ = ["Tischlage", "Turnierspiel", "spiel_werten", "tischergebnis_aus_json"]
