"""Die Tisch-Sitzung an einem Turniertisch (``referee tisch --turnier ID --tisch T``).

Ein zweites Buch für ``referee.tisch.sitzung.Tisch`` neben ``Sitzungsbuch`` (dem Abend): es
schreibt die Spiele eines Tisches der laufenden Runde über das Turnierbuch
(``referee.buch.turnier.Turnierbuch``) – dieselben Kurzformen (``r an be 71``, die Namen
dieses Tisches), ``u`` (das letzte Spiel des Tisches), ``#N …`` (Spiel N korrigieren), gezählt
nach der Wertung des Turniers. Die Fußleiste zeigt Tisch, Spiel N von M, wer gibt (am
Fünfertisch: wer aussetzt) und die Punkte des Tisches.

Was nur zum Spielabend gehört – sabai, SAUFN, Schlafmütze, ``live``, Befehle wie ``stand`` oder
``abend`` –, lehnt die Sitzung mit einer Zeile ab; Regelfragen (``?…``, ``frage``, ``regeln``,
``ruf``) und ``turnier …`` (etwa ``turnier stand``) gehen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.eingabe import kurz
from referee.errors import Eingabefehler, Zustandsfehler
from referee.tisch.dienst import Gebucht

if TYPE_CHECKING:
    from referee.turnier.spiel import Tischlage

#: Befehle der Kommandozeile, die am Turniertisch gehen (Regeln und das Turnier selbst).
ERLAUBTE_BEFEHLE = frozenset({"frage", "regeln", "ruf", "turnier"})


@dataclass(frozen=True)
class Turniertischlage:
    """Was Fußleiste und Antworten am Turniertisch zeigen."""

    turnier: int
    runde: int
    tisch: int
    spieler: tuple[str, ...]
    startnummern: tuple[int, ...]
    punkte: dict[str, int] = field(default_factory=dict)
    spiele: int = 0
    soll: int = 0
    geber: str | None = None
    aussetzer: str | None = None
    blatt: bool = False

    def kopf(self) -> str:
        """``Tisch 3 · Runde 1 · Spiel 5/32 · gibt Anna`` (fertig: ``32/32 fertig``)."""
        teile = [f"Tisch {self.tisch}", f"Runde {self.runde}"]
        if self.blatt:
            teile.append("Tischblatt eingegeben")
        elif self.spiele >= self.soll:
            teile.append(f"{self.spiele}/{self.soll} fertig")
        else:
            teile.append(f"Spiel {self.spiele + 1}/{self.soll}")
            if self.geber:
                teile.append(f"gibt {self.geber}" + (" (setzt aus)" if self.aussetzer else ""))
        return " · ".join(teile)


def _punkte(n: int) -> str:
    return f"{n:+d}" if n else "0"


class TurnierSitzungsbuch:
    """Das Buch einer Tisch-Sitzung an Tisch ``tisch`` eines Turniers: dieselben Methoden wie
    ``referee.tisch.dienst.Sitzungsbuch``, die die Sitzung braucht."""

    def __init__(
        self,
        db: str | None = None,
        *,
        tisch: int,
        turnier_id: int | None = None,
        runde: int | None = None,
    ) -> None:
        from referee.buch.turnier import Turnierbuch

        self._tb = Turnierbuch(db)
        self.pfad = self._tb.pfad
        try:
            plan = self._tb.tische(runde, turnier_id)  # ohne Runde: die zuletzt ausgeloste
            self.turnier_id = plan.turnier.id
            self.runde = plan.runde
            self.tisch = tisch
            self._tb.tischlage(self.runde, tisch, self.turnier_id)  # gibt es den Tisch?
        except Exception:
            self._tb.schliessen()
            raise
        self.turnier_name = plan.turnier.name
        self._version: int | None = None

    def schliessen(self) -> None:
        self._tb.schliessen()

    # ------------------------------------------------------------ was die Sitzung fragt

    def _lage_roh(self) -> Tischlage:
        return self._tb.tischlage(self.runde, self.tisch, self.turnier_id)

    def spieler(self) -> tuple[str, ...]:
        """Die Namen am Tisch mit ihren Startnummern (``#12`` in einer Zeile)."""
        sitze = self._lage_roh().sitze
        return kurz.Mitspieler(
            [s.name for s in sitze], f"an Tisch {self.tisch}", [s.startnummer for s in sitze]
        )

    def geaendert(self) -> bool:
        v = self._tb.datenversion()
        alt, self._version = self._version, v
        return alt != v

    def lage(self) -> Turniertischlage:
        """Plätze, Punkte aus den Spielen, Spiel N von M und Geber des Tisches."""
        from referee.turnier.spiel import Turnierspiel

        tl = self._lage_roh()
        namen = {s.startnummer: s.name for s in tl.sitze}
        punkte = dict.fromkeys(namen.values(), 0)
        for e in self._tb.tischspiele(self.runde, self.tisch, self.turnier_id):
            for nr, p in Turnierspiel.aus_eintrag(e).punkte:
                punkte[namen[nr]] += p
        stand = next(
            s for s in self._tb.tische(self.runde, self.turnier_id).stand if s.tisch == self.tisch
        )
        return Turniertischlage(
            turnier=self.turnier_id,
            runde=self.runde,
            tisch=self.tisch,
            spieler=kurz.Mitspieler(list(namen.values()), f"an Tisch {self.tisch}", list(namen)),
            startnummern=tuple(namen),
            punkte=punkte,
            spiele=tl.spiele,
            soll=stand.soll,
            geber=tl.geber.name,
            aussetzer=tl.aussetzer.name if tl.aussetzer else None,
            blatt=stand.quelle == "blatt",
        )

    def leiste(self, lage: Any, breite: int = 40) -> list[str]:
        """Die Fußleiste: Kopf des Tisches, dann die Punkte je Platz."""
        from referee.tisch.anzeige import _umbrechen, kuerzel, umbrechen

        if not isinstance(lage, Turniertischlage):
            return ["Kein Turniertisch."]
        k = kuerzel(list(lage.spieler))
        zeilen = umbrechen(lage.kopf(), max(20, breite))
        zeilen += _umbrechen(
            ["Pkt"] + [f"{k.get(n, n[:3])} {_punkte(p)}" for n, p in lage.punkte.items()],
            max(20, breite),
        )
        return zeilen

    def stand_zeile(self, lage: Any, spiel: str) -> str:
        """Nach einem Eintrag: ``Tisch 3: 5/32 · Anna +2 · Ben -1 …`` mit ganzen Namen."""
        if not isinstance(lage, Turniertischlage):
            return ""
        punkte = " · ".join(f"{n} {_punkte(p)}" for n, p in lage.punkte.items())
        return f"Tisch {lage.tisch}: {lage.spiele}/{lage.soll} · {punkte}"

    @property
    def hilfe(self) -> str:
        """Die Hilfe am Turniertisch mit den Spielarten, die die Wertung erlaubt."""
        from referee.schafkopf.spielart import Spielart

        w = self._lage_roh().wertung
        erlaubt = ", ".join(
            "Solo" if s == Spielart.SOLO.value else Spielart(s).name_de for s in w.spielarten
        )
        return HILFE.format(tisch=self.tisch, runde=self.runde, erlaubt=erlaubt)

    def ablehnen(self, e: kurz.Eingabe) -> str | None:
        """Was am Turniertisch nicht geht: eine Zeile, warum (sonst ``None``)."""
        am_abend = (
            "gehört zum Spielabend; am Turniertisch gehen Schafkopf-Spiele (r an be 71), u, "
            "#N …, ?Frage, turnier … (z. B. turnier stand), hilfe und q."
        )
        if isinstance(e, kurz.SabaiAngaben | kurz.SaufnAngaben | kurz.SchlafmuetzeAngaben):
            was = {
                kurz.SabaiAngaben: "sabai",
                kurz.SaufnAngaben: "SAUFN",
                kurz.SchlafmuetzeAngaben: "Schlafmütze",
            }
            return f"{was[type(e)]} {am_abend}"
        if isinstance(e, kurz.Korrektur) and not isinstance(e.spiel, kurz.SchafkopfAngaben):
            return f"Diese Korrektur {am_abend}"
        if isinstance(e, kurz.Befehl) and e.args and e.args[0] not in ERLAUBTE_BEFEHLE:
            return f"„{e.args[0]}“ {am_abend}"
        if isinstance(e, kurz.Sitzung) and e.was == "live":
            return (
                "„live“ gehört zum Spielabend; für das Turnier: referee turnier live "
                "--schreiben (je Tisch ein Link zum Eintragen)."
            )
        return None

    # ------------------------------------------------------------ Schreiben

    @staticmethod
    def _angaben(spiel: kurz.Spiel) -> kurz.SchafkopfAngaben:
        if not isinstance(spiel, kurz.SchafkopfAngaben):
            raise Eingabefehler("Am Turniertisch wird nur Schafkopf eingetragen.")
        return spiel

    def eintragen(self, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Ein Spiel an diesem Tisch der laufenden Runde (eine Transaktion)."""
        r = self._tb.spiel_eintragen(
            self.runde,
            self.tisch,
            self._angaben(spiel),
            turnier_id=self.turnier_id,
            eingabe={"tisch": zeile},
            laufend=True,
        )
        return Gebucht(r.eintrag.id, "schafkopf", _text(r, f"Spiel {r.tisch.spiele}"))

    def korrigieren(self, nr: int, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Spiel ``nr`` dieses Tisches durch ``spiel`` ersetzen; das Original bleibt."""
        r = self._tb.spiel_korrigieren(
            nr,
            self._angaben(spiel),
            runde=self.runde,
            tisch=self.tisch,
            turnier_id=self.turnier_id,
            eingabe={"tisch": zeile},
            laufend=True,
        )
        ids = [e.id for e in self._tb.tischspiele(self.runde, self.tisch, self.turnier_id)]
        platz = ids.index(r.eintrag.id) + 1 if r.eintrag.id in ids else "?"
        return Gebucht(r.eintrag.id, "schafkopf", _text(r, f"Spiel {platz}"), r.ersetzt)

    def rueckgaengig(self, eintrag: int | None = None) -> tuple[str, str]:
        """Das letzte geltende Spiel dieses Tisches (oder Spiel ``eintrag`` des Tisches)
        stornieren: (Meldung, Spiel)."""
        if eintrag is None:
            spiele = self._tb.tischspiele(self.runde, self.tisch, self.turnier_id)
            if not spiele:
                raise Zustandsfehler(f"An Tisch {self.tisch} gilt noch kein Spiel.")
            eintrag = spiele[-1].id
        r = self._tb.rueckgaengig(
            eintrag,
            runde=self.runde,
            tisch=self.tisch,
            turnier_id=self.turnier_id,
            laufend=True,
        )
        text = f"Spiel #{r.storniert.id} storniert (Storno #{r.storno.id})"
        if r.wieder_gueltig is not None:
            text += f"; es gilt wieder #{r.wieder_gueltig}"
        return text + ".", "schafkopf"


def _text(r: Any, was: str) -> str:
    """``#12 Spiel 5: Herz-Solo Cem gewonnen (95 Augen, Schneider) · 3 Punkte (…) · Anna -3 …``"""
    namen = dict(r.namen)
    punkte = " · ".join(f"{namen[nr]} {_punkte(p)}" for nr, p in r.spiel.punkte)
    return f"{was}: {r.spiel.zeile()} · {r.spiel.wert_text()} · {punkte}"


HILFE = """\
Am Turniertisch {tisch} (Runde {runde}): eine Zeile je Spiel, nur Schafkopf – gespielt wird
  {erlaubt}. Spieler: Name oder eindeutiger Anfang (an = Anna), #12 = Startnummer 12;
  zwei gleiche Vornamen: Anfang des Nachnamens (hu = Sepp Huber) oder sepp.h.
  r an be 71 l3      Rufspiel Anna+Ben, 71 Augen, 3 Laufende
  w cem 45           Wenz Cem, 45 Augen
  hs dora 95         Herz-Solo (es gs ss: Eichel-, Gras-, Schellen-Solo)
  Zusätze: l3 Laufende, k1 Klopfer, x1 Stoß, schwarz, tout, sie (soweit das Turnier sie zählt);
  eine Zahl 0–120 = Augen der Spielerpartei. Am Fünfertisch setzt der Geber aus.
Sitzung:
  #12 r an be 61     Eintrag #12 korrigieren (die Nummer vorn in der Antwort)
  u, u 12            letztes Spiel des Tisches stornieren, Eintrag #12 stornieren
  ?davonlaufen       Regelfrage (= frage davonlaufen)
  turnier stand      die Rangliste (auch turnier tische)
  hilfe, q           diese Hilfe, Sitzung beenden (auch Ctrl-D)
Die Fußleiste zeigt Tisch, Spiel N von M, wer gibt, die Punkte des Tisches."""


__all__ = ["ERLAUBTE_BEFEHLE", "HILFE", "TurnierSitzungsbuch", "Turniertischlage"]
