"""Die Antworten des Turnierbuchs (``referee.buch.turnier.Turnierbuch``): eingefrorene
Datenklassen, jede mit ``als_json()`` – genau das dict, das ``referee turnier … --json``
druckt (und später die Live-Seite und die Handys bekommen). Nur Standardbibliothek und die
Datensätze des Kerns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.turnier.blatt import Tischblatt
from referee.turnier.daten import Eckdaten, Teilnehmer, Tisch, Turnier, Turniereintrag
from referee.turnier.rangliste import Rangzeile
from referee.turnier.spiel import Turnierspiel


def turnier_kopf(t: Turnier) -> dict[str, Any]:
    """Das Turnier kurz, wie es jede Antwort nennt."""
    return {"id": t.id, "name": t.name, "runden": t.runden, "spiele": t.spiele}


@dataclass(frozen=True)
class Tischstand:
    """Wie weit ein Tisch einer Runde ist: ``Tisch 3: 27/32``. ``quelle``: ``blatt`` (das
    Tischblatt ist eingegeben und zählt), ``spiele`` (es zählen die Spiele) oder ``offen``."""

    runde: int
    tisch: int
    spiele: int
    soll: int
    quelle: str

    @property
    def fertig(self) -> bool:
        return self.quelle == "blatt" or self.spiele >= self.soll

    def kurz(self) -> str:
        """``27/32`` – oder ``Blatt eingegeben``: dann ist der Tisch fertig, wie viele Spiele
        auch einzeln eingetragen waren (das Blatt geht ihnen vor)."""
        return "Blatt eingegeben" if self.quelle == "blatt" else f"{self.spiele}/{self.soll}"

    def text(self) -> str:
        return f"Tisch {self.tisch}: {self.kurz()}"

    def als_json(self) -> dict[str, Any]:
        return {
            "runde": self.runde,
            "tisch": self.tisch,
            "spiele": self.spiele,
            "soll": self.soll,
            "quelle": self.quelle,
            "fertig": self.fertig,
        }


@dataclass(frozen=True)
class TurnierNeu:
    """``referee turnier neu``: das neue Turnier und seine Wertung in Worten."""

    turnier: Turnier
    wertung_text: str
    eckdaten: Eckdaten = field(default_factory=Eckdaten)

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": self.turnier.als_json(),
            "wertung_text": self.wertung_text,
            "eckdaten": self.eckdaten.als_json(),
        }


@dataclass(frozen=True)
class TurnierAnsicht:
    """``referee turnier``: das Turnier, seine Wertung, die Teilnehmer, wie weit es ist."""

    turnier: Turnier
    wertung_text: str
    teilnehmer: tuple[Teilnehmer, ...]
    ausgelost: int
    tische: tuple[Tischstand, ...] = ()
    eckdaten: Eckdaten = field(default_factory=Eckdaten)

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": self.turnier.als_json(),
            "wertung_text": self.wertung_text,
            "eckdaten": self.eckdaten.als_json(),
            "ausgelost": self.ausgelost,
            "teilnehmer": [t.als_json() for t in self.teilnehmer],
            "tische": [t.als_json() for t in self.tische],
        }


@dataclass(frozen=True)
class TurnierListe:
    """``referee turnier liste``: alle Turniere (leer ist keine Fehler)."""

    turniere: tuple[Turnier, ...]
    teilnehmer: tuple[int, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turniere": [
                dict(turnier_kopf(t), offen=t.offen, angelegt=t.angelegt, teilnehmer=n)
                for t, n in zip(self.turniere, self.teilnehmer)
            ]
        }


@dataclass(frozen=True)
class Angemeldet:
    """``referee turnier anmelden``: die neuen Startnummern (oder die wieder angemeldete), ab
    welcher Runde sie ausgelost werden."""

    turnier: Turnier
    teilnehmer: tuple[Teilnehmer, ...]
    ab_runde: int
    wieder: bool = False

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "ab_runde": self.ab_runde,
            "wieder": self.wieder,
            "angemeldet": [{"startnummer": t.startnummer, "name": t.name} for t in self.teilnehmer],
        }


@dataclass(frozen=True)
class Abgemeldet:
    """``referee turnier abmelden``: ab welcher Runde sie nicht mehr ausgelost werden."""

    turnier: Turnier
    teilnehmer: tuple[Teilnehmer, ...]
    ab_runde: int

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "ab_runde": self.ab_runde,
            "abgemeldet": [{"startnummer": t.startnummer, "name": t.name} for t in self.teilnehmer],
        }


@dataclass(frozen=True)
class Ersetzt:
    """``referee turnier ersatz``: wer ab welcher Runde die Startnummer (und ihre Punkte)
    übernimmt."""

    turnier: Turnier
    startnummer: int
    alt: str
    neu: str
    ab_runde: int

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "startnummer": self.startnummer,
            "alt": self.alt,
            "neu": self.neu,
            "ab_runde": self.ab_runde,
        }


@dataclass(frozen=True)
class Tischplan:
    """``referee turnier auslosung`` (eben ausgelost) und ``referee turnier tische``: die
    Tische einer Runde und wie viele Paare sich darin wieder treffen."""

    turnier: Turnier
    runde: int
    tische: tuple[Tisch, ...]
    wiederholungen: int
    wiederholte: tuple[tuple[int, int], ...] = ()
    stand: tuple[Tischstand, ...] = ()
    #: die wievielte Auslosung der Runde gilt (nach ``auslosung --zuruecknehmen`` die nächste)
    auslosung: int = 1
    #: bei ``auslosung --trotzdem``: die Tische der Runde davor, die nicht fertig waren
    offen_gelassen: tuple[Tischstand, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "runde": self.runde,
            "auslosung": self.auslosung,
            "tische": [t.als_json() for t in self.tische],
            "wiederholungen": self.wiederholungen,
            "wiederholte_paare": [list(p) for p in self.wiederholte],
            "fortschritt": [s.als_json() for s in self.stand],
            "offen_gelassen": [s.als_json() for s in self.offen_gelassen],
        }


@dataclass(frozen=True)
class AuslosungZurueck:
    """``referee turnier auslosung --zuruecknehmen``: welche Auslosung (Runde, ihre Nummer)
    mit welchen Tischen nicht mehr gilt, und welche Runde jetzt läuft (0: keine)."""

    turnier: Turnier
    runde: int
    auslosung: int
    tische: tuple[Tisch, ...]
    laufende_runde: int
    fortschritt: tuple[Tischstand, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "zurueckgenommen": {
                "runde": self.runde,
                "auslosung": self.auslosung,
                "tische": [t.als_json() for t in self.tische],
            },
            "laufende_runde": self.laufende_runde,
            "fortschritt": [s.als_json() for s in self.fortschritt],
        }


@dataclass(frozen=True)
class BlattEingetragen:
    """``referee turnier ergebnis``: das eingetragene Tischblatt (``ersetzt``: das Blatt, das
    es korrigiert; ``soli_uebernommen``: die Korrektur nannte keine Soli und behielt die des
    korrigierten Blatts)."""

    turnier: Turnier
    eintrag: Turniereintrag
    blatt: Tischblatt
    namen: tuple[tuple[int, str], ...]
    ersetzt: int | None = None
    soli_uebernommen: bool = False

    def als_json(self) -> dict[str, Any]:
        soli = dict(self.blatt.soli)
        return {
            "turnier": turnier_kopf(self.turnier),
            "eintrag": self.eintrag.id,
            "runde": self.blatt.runde,
            "tisch": self.blatt.tisch,
            "ersetzt": self.ersetzt,
            "soli_uebernommen": self.soli_uebernommen,
            "punkte": [
                {"startnummer": s, "name": dict(self.namen)[s], "punkte": p, "soli": soli.get(s, 0)}
                for s, p in self.blatt.punkte
            ],
        }


@dataclass(frozen=True)
class SpielEingetragen:
    """``referee turnier spiel`` (und die Eingabe vom Handy): das gewertete Spiel, der Tisch
    danach, wer als Nächstes gibt. ``ersetzt``: das korrigierte Spiel; ``wiederholt``: derselbe
    Schlüssel kam schon einmal, nichts wurde neu geschrieben."""

    turnier: Turnier
    eintrag: Turniereintrag
    spiel: Turnierspiel
    namen: tuple[tuple[int, str], ...]
    tisch: Tischstand
    summen: tuple[tuple[int, int], ...] = ()
    naechster_geber: int | None = None
    ersetzt: int | None = None
    wiederholt: bool = False

    def als_json(self) -> dict[str, Any]:
        namen = dict(self.namen)
        summen = dict(self.summen)
        return {
            "turnier": turnier_kopf(self.turnier),
            "eintrag": self.eintrag.id,
            "runde": self.spiel.runde,
            "tisch": self.spiel.tisch,
            "spiel": self.spiel.zeile(),
            "wert": self.spiel.ergebnis.wert,
            "geber": self.spiel.geber,
            "punkte": [
                {"startnummer": s, "name": namen[s], "punkte": p, "summe": summen.get(s, 0)}
                for s, p in self.spiel.punkte
            ],
            "soli": [s for s, n in self.spiel.soli if n],
            "fortschritt": self.tisch.als_json(),
            "naechster_geber": self.naechster_geber,
            "ersetzt": self.ersetzt,
            "wiederholt": self.wiederholt,
        }


@dataclass(frozen=True)
class TurnierStorno:
    """``referee turnier storno``: der Storno und was er aufhebt (ein Blatt oder Spiel)."""

    turnier: Turnier
    storno: Turniereintrag
    storniert: Turniereintrag
    tisch: Tischstand
    wieder_gueltig: int | None = None
    #: derselbe Schlüssel kam schon einmal (ein Handy wiederholte): nichts neu storniert
    wiederholt: bool = False

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "storno": self.storno.id,
            "storniert": self.storniert.id,
            "art": self.storniert.art,
            "runde": self.storniert.runde,
            "tisch": self.storniert.tisch,
            "wieder_gueltig": self.wieder_gueltig,
            "fortschritt": self.tisch.als_json(),
        }


@dataclass(frozen=True)
class Turnierstand:
    """``referee turnier stand``: die Rangliste (gesamt oder einer Runde) und wie weit die
    Tische sind."""

    turnier: Turnier
    rangliste: tuple[Rangzeile, ...]
    runde: int | None = None
    tische: tuple[Tischstand, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": turnier_kopf(self.turnier),
            "runde": self.runde,
            "rangliste": [z.als_json() for z in self.rangliste],
            "fortschritt": [t.als_json() for t in self.tische],
        }


@dataclass(frozen=True)
class TurnierEnde:
    """``referee turnier ende``: das beendete Turnier und seine Rangliste; ``offen`` und
    ``nicht_ausgelost``: was bei ``--trotzdem`` noch fehlte."""

    turnier: Turnier
    stand: Turnierstand
    offen: tuple[Tischstand, ...] = ()
    nicht_ausgelost: tuple[int, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": self.turnier.als_json(),
            "rangliste": self.stand.als_json()["rangliste"],
            "offen": [s.als_json() for s in self.offen],
            "nicht_ausgelost": list(self.nicht_ausgelost),
        }


@dataclass(frozen=True)
class TurnierWieder:
    """``referee turnier wieder``: das wieder geöffnete Turnier, wann es beendet worden war,
    wie weit seine Tische sind."""

    turnier: Turnier
    war_beendet: str
    fortschritt: tuple[Tischstand, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "turnier": self.turnier.als_json(),
            "war_beendet": self.war_beendet,
            "fortschritt": [s.als_json() for s in self.fortschritt],
        }


@dataclass(frozen=True)
class Wertungsbeschreibung:
    """Eine mitgelieferte Wertung: Name, Beschreibung, Quelle, Annahmen und ihre Werte
    (``Wertung.als_json()``)."""

    name: str
    beschreibung: str
    quelle: str
    annahmen: str
    werte: dict[str, Any] = field(hash=False)

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "beschreibung": self.beschreibung,
            "quelle": self.quelle,
            "annahmen": self.annahmen,
            "werte": dict(self.werte),
        }


@dataclass(frozen=True)
class Wertungen:
    """``referee turnier wertungen``: die mitgelieferten Wertungen mit Quelle."""

    wertungen: tuple[Wertungsbeschreibung, ...]

    def als_json(self) -> dict[str, Any]:
        return {"wertungen": [w.als_json() for w in self.wertungen]}


__all__ = [
    "Abgemeldet",
    "Angemeldet",
    "AuslosungZurueck",
    "BlattEingetragen",
    "Ersetzt",
    "SpielEingetragen",
    "Tischplan",
    "Tischstand",
    "TurnierAnsicht",
    "TurnierEnde",
    "TurnierListe",
    "TurnierNeu",
    "TurnierStorno",
    "TurnierWieder",
    "Turnierstand",
    "Wertungen",
    "Wertungsbeschreibung",
]
