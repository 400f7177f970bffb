"""Die getypte Eingabe eines Schafkopfspiels: was der Tisch festhält, einmal gelesen.

Jeder Weg, auf dem ein Spiel hereinkommt – die Optionen von ``schafkopf eintragen``
(``referee.eingabe.schafkopf``), die Kurzzeile von ``tisch`` und vom Handy
(``referee.eingabe.kurz``), ein Tisch im Turnier – macht daraus genau einmal
``SchafkopfAngaben``; eine ganze Partie aus einer Datei wird ``SchafkopfPartie``. Von da an
wird nichts mehr zu Text oder JSON und zurück: ``ergebnis(lage)`` löst die Namen mit der
``Abendlage`` auf, bestimmt die vier am Tisch (Geberfolge, ``referee.schafkopf.tisch``) und
rechnet (``referee.schafkopf.eintrag``) – heraus kommt das ``SchafkopfErgebnis``.

>>> a = SchafkopfAngaben.angesagt("herz-solo", ("Cem",), augen=95)
>>> a.spielart, a.farbe, a.ansage.name_de
(<Spielart.SOLO: 'solo'>, <Farbe.HERZ: 'H'>, 'Herz-Solo')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from referee.ergebnis import SCHAFKOPF, Abendlage
from referee.errors import Eingabefehler
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schafkopf.karten import Farbe
from referee.schafkopf.spielart import Ansage, Spielart

if TYPE_CHECKING:
    from referee.schafkopf.tarif import Tarif


def _tarif(lage: Abendlage) -> Tarif | None:
    from referee.schafkopf.tarif import Tarif

    return Tarif.aus_json(dict(lage.tarif)) if lage.tarif else None


def tisch_der_lage(
    lage: Abendlage, tisch: Sequence[str] = (), *, spielfolge: bool = False
) -> list[str]:
    """Die vier Spieler dieses Spiels: ``--tisch``, sonst bei einer Korrektur die des Originals,
    sonst laut Geberfolge (``referee.schafkopf.tisch``)."""
    from referee.schafkopf import tisch as t

    namen = lage.namen(list(tisch)) if tisch else list(lage.tisch or ())
    return t.tisch(
        lage.spieler, lage.geber_start, lage.schafkopf_spiele, namen, spielfolge=spielfolge
    )


@dataclass(frozen=True)
class SchafkopfAngaben:
    """Die Fakten eines Spiels, wie der Tisch sie nennt: Spielart samt Farbe (Herz-Solo), die
    Spielerpartei (beim Ramsch der Verlierer), Augen, Laufende, Klopfer, Stöße, Stiche,
    Schwarz/Tout/Sie, beim Ramsch Jungfrauen und Durchmarsch; ``tisch`` die vier dieses Spiels
    (bei mehr als fünf am Abend). Namen so, wie sie eingegeben wurden (oder schon aufgelöst)."""

    spiel: ClassVar[str] = SCHAFKOPF

    spielart: Spielart
    farbe: Farbe | None = None
    partei: tuple[str, ...] = ()
    augen: int | None = None
    laufende: int = 0
    klopfer: int = 0
    stoesse: int = 0
    stiche: int | None = None
    schwarz: bool = False
    tout: bool = False
    sie: bool = False
    kurz: bool = False
    jungfrauen: tuple[str, ...] = ()
    durchmarsch: str | None = None
    tisch: tuple[str, ...] = ()

    @classmethod
    def angesagt(cls, ansage: str, partei: Sequence[str] = (), **fakten: Any) -> SchafkopfAngaben:
        """Die Angaben zu einer Spielart, wie man sie ansagt (``rufspiel``, ``Herz-Solo``,
        ``eichel-wenz``; ``parse_ansage``) – die Spielart wird dabei einmal gelesen."""
        from referee.schafkopf.spielart import parse_ansage

        art, farbe = parse_ansage(ansage)
        return cls(art, farbe, tuple(partei), **fakten)

    @property
    def ansage(self) -> Ansage:
        """Spielart samt Farbe: ``name_de`` „Herz-Solo“, ``wort`` „herz-solo“."""
        return Ansage(self.spielart, self.farbe)

    @property
    def name(self) -> str:
        """``Rufspiel``, ``Herz-Solo``, ``Gras-Wenz`` …"""
        return self.ansage.name_de

    def als_json(self) -> dict[str, Any]:
        """Wie die Angaben eines Turnierspiels in dessen ``eingabe`` stehen (die Spielart als
        Wort der Kommandozeile, ``herz-solo``)."""
        return {
            "spielart": self.ansage.wort,
            "partei": list(self.partei),
            "augen": self.augen,
            "laufende": self.laufende,
            "schwarz": self.schwarz,
            "tout": self.tout,
            "sie": self.sie,
            "klopfer": self.klopfer,
            "stoesse": self.stoesse,
            "stiche": self.stiche,
            "kurz": self.kurz,
            "jungfrauen": list(self.jungfrauen),
            "durchmarsch": self.durchmarsch,
            "tisch": list(self.tisch),
        }

    def ergebnis(self, lage: Abendlage) -> SchafkopfErgebnis:
        """Namen auflösen, Tisch bestimmen, abrechnen (``referee.schafkopf.eintrag``)."""
        from referee.schafkopf.eintrag import ergebnis_aus_fakten

        alle = tisch_der_lage(lage, self.tisch)

        def finde(n: str) -> str:
            name = lage.name(n)
            if name not in alle:
                raise Eingabefehler(
                    f"„{name}“ spielt dieses Spiel nicht mit (am Tisch: {', '.join(alle)})."
                )
            return name

        return ergebnis_aus_fakten(
            self.spielart,
            alle,
            [finde(n) for n in self.partei],
            farbe=self.farbe,
            augen=self.augen,
            laufende=self.laufende,
            schwarz=self.schwarz,
            stiche=self.stiche,
            tout=self.tout,
            sie=self.sie,
            klopfer=self.klopfer,
            stoesse=self.stoesse,
            kurz=self.kurz,
            jungfrauen=[finde(n) for n in self.jungfrauen],
            durchmarsch=finde(self.durchmarsch) if self.durchmarsch else None,
            tarif=_tarif(lage),
        )


@dataclass(frozen=True)
class SchafkopfPartie:
    """Eine ganze Partie, wie die Datei sie nennt (JSON-Objekt oder Textform gelesen:
    ``referee.schafkopf.partie.partie_daten``): Hände und Stiche je Sitz; geprüft und
    abgerechnet wird sie erst mit dem Abend (``ergebnis``), der die Namen und den Tarif gibt."""

    spiel: ClassVar[str] = SCHAFKOPF

    daten: Mapping[str, Any] = field(hash=False)
    quelle: str = "Partie"
    tisch: tuple[str, ...] = ()

    def ergebnis(self, lage: Abendlage) -> SchafkopfErgebnis:
        """Prüfen und abrechnen; Sitz 0 (spielt aus) ohne „namen“ laut Geberfolge."""
        from dataclasses import replace

        from referee.schafkopf.eintrag import ergebnis_aus_partie
        from referee.schafkopf.partie import partie_bericht

        if not isinstance(self.daten, Mapping):
            raise Eingabefehler(f"„{self.quelle}“: eine Partie ist ein JSON-Objekt.")
        namen = self.daten.get("namen") or tisch_der_lage(lage, self.tisch, spielfolge=True)
        if not isinstance(namen, list | tuple) or len(namen) != 4:
            raise Eingabefehler(f"„namen“ in „{self.quelle}“ muss vier Spieler nennen (Sitz 0–3).")
        daten = dict(self.daten, namen=lage.namen([str(n) for n in namen]))
        if daten.get("tarif") is None and lage.tarif:
            daten["tarif"] = dict(lage.tarif)
        erg = ergebnis_aus_partie(partie_bericht(daten))
        # die Partie selbst gehört in die ``eingabe`` des Eintrags (gespeichert, nachrechenbar)
        return replace(erg, erklaerung=None, eingabe_zusatz={"partie": daten})


__all__ = ["SchafkopfAngaben", "SchafkopfPartie", "tisch_der_lage"]
