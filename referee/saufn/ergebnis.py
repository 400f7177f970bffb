"""Das typisierte Ergebnis eines SAUFN-Spielendes fürs Buch, und die Angaben dazu.

Drei Formen (``referee.ergebnis``): die Eingabe ``SaufnAngaben`` (Plätze, Mitspielende, eine
Verteilung zum Prüfen; aus den Optionen oder der Kurzzeile ``sf cem an be``), das Ergebnis
``SaufnErgebnis`` und der gespeicherte ``Eintrag`` damit. Das geprüfte ``Spielende`` und die
Prüfung der Verteilung (``referee.saufn.ende``) sind die Rechnung und reisen nur ungespeichert
mit (für die Antwort von ``saufn ende``).

``werte()``: ``PLAETZE`` (``platz1``/``platz2``/``platz3``, 1 für den Platz) und ``PARTIEN``
(1 je Mitspieler:in). Die Schlücke (``schluecke``) werden festgehalten, aber nicht summiert.

>>> e = SaufnErgebnis.aus_json({"plaetze": ["Cem", "Anna"], "spieler": ["Anna", "Ben", "Cem"]})
>>> e.werte()
{'platz1': {'Cem': 1}, 'platz2': {'Anna': 1}, 'partien': {'Anna': 1, 'Ben': 1, 'Cem': 1}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from referee.ergebnis import (
    PARTIEN,
    PLAETZE,
    SAUFN,
    Abendlage,
    Werte,
    namensliste,
    objekt,
    zaehle,
    zahlen_je_name,
)
from referee.errors import Eingabefehler

if TYPE_CHECKING:
    from referee.saufn.ende import Spielende, Verteilungsbericht


@dataclass(frozen=True)
class SaufnErgebnis:
    """Ein SAUFN-Spielende im Buch: Plätze 1–3, Mitspielende, Schlücke (falls verteilt)."""

    spiel: ClassVar[str] = SAUFN

    plaetze: tuple[str, ...]
    spieler: tuple[str, ...]
    schluecke: tuple[tuple[str, int], ...] | None = None
    #: nicht gespeichert: das geprüfte Spielende und die Prüfung der Verteilung
    spielende: Spielende | None = field(default=None, compare=False, hash=False)
    pruefung: Verteilungsbericht | None = field(default=None, compare=False, hash=False)
    vorschlag: dict[str, dict[str, int]] | None = field(default=None, compare=False, hash=False)

    def __post_init__(self) -> None:
        if len(self.plaetze) > 3:
            raise Eingabefehler("SAUFN-Ergebnis: höchstens drei Plätze.")

    @property
    def gueltig(self) -> bool:
        """Keine vorgeschlagene Verteilung oder eine regelgerechte."""
        return self.pruefung is None or bool(self.pruefung.gueltig)

    def werte(self) -> Werte:
        w: Werte = {}
        for groesse, name in zip(PLAETZE, self.plaetze):
            zaehle(w, groesse, name, 1)
        for name in self.spieler:
            zaehle(w, PARTIEN, name, 1)
        return w

    def namen(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.spieler + self.plaetze))

    def mit_namen(self, ersetze: Callable[[str], str]) -> SaufnErgebnis:
        return replace(
            self,
            plaetze=tuple(ersetze(n) for n in self.plaetze),
            spieler=tuple(ersetze(n) for n in self.spieler),
            schluecke=None
            if self.schluecke is None
            else tuple((ersetze(n), s) for n, s in self.schluecke),
        )

    # ------------------------------------------------------------ Ansicht (eine für alle)

    def zeile(self) -> str:
        """Wie im Verlauf: ``SAUFN: 1. Cem 2. Anna 3. Ben``."""
        return "SAUFN: " + " ".join(f"{i}. {n}" for i, n in enumerate(self.plaetze, start=1))

    def zeile_mit_wert(self) -> str:
        """Die lange Form (``tisch``): Plätze und, wenn das Spielende es sagt, wer Schlücke
        verteilt: ``SAUFN: 1. Cem · 2. Anna → Schlücke verteilen: Cem 4``."""
        plaetze = " · ".join(f"{i}. {n}" for i, n in enumerate(self.plaetze, start=1))
        verteiler = getattr(self.spielende, "verteiler", ()) or ()
        verteilen = ", ".join(f"{v.name} {v.schluecke}" for v in verteiler)
        return f"SAUFN: {plaetze}" + (f" → Schlücke verteilen: {verteilen}" if verteilen else "")

    def als_json(self) -> dict[str, Any]:
        return {
            "plaetze": list(self.plaetze),
            "spieler": list(self.spieler),
            "schluecke": None if self.schluecke is None else dict(self.schluecke),
        }

    @classmethod
    def aus_json(cls, daten: object) -> SaufnErgebnis:
        d = objekt(daten, "saufn")
        s = d.get("schluecke")
        return cls(
            plaetze=namensliste(d.get("plaetze"), "SAUFN-Ergebnis „plaetze“"),
            spieler=namensliste(d.get("spieler"), "SAUFN-Ergebnis „spieler“"),
            schluecke=None if s is None else zahlen_je_name(s, "SAUFN-Ergebnis „schluecke“"),
        )


@dataclass(frozen=True)
class SaufnAngaben:
    """Spielende vom Tisch: Plätze, Mitspielende (sonst die des Abends), Verteilung (Text)."""

    spiel: ClassVar[str] = SAUFN

    plaetze: tuple[str, ...]
    spieler: tuple[str, ...] = ()
    verteilung: str | None = None
    alle_verteilen: bool = False

    def ergebnis(self, lage: Abendlage | None) -> SaufnErgebnis:
        """Plätze prüfen (``referee.saufn.ende``), die Verteilung prüfen, falls angegeben.

        Ohne ``--spieler``: bei einer Korrektur die des Originals, sonst alle des Abends."""
        from referee.saufn.ende import (
            parse_verteilung,
            schluecke_je_person,
            spielende,
            verteilung_bericht,
        )

        if self.spieler:
            spieler = list(self.spieler) if lage is None else lage.namen(self.spieler)
        elif lage is not None:
            spieler = list(lage.tisch or lage.spieler)
        else:
            raise Eingabefehler(
                "Es fehlt --spieler (und es läuft kein Abend): wer spielt mit? "
                "Z. B. --spieler Anna Ben Cem Dora."
            )
        se = spielende(list(self.plaetze), spieler)
        vorschlag = pruefung = None
        if self.verteilung is not None:
            vorschlag = parse_verteilung(self.verteilung)
            pruefung = verteilung_bericht(se, vorschlag, alle_verteilen=self.alle_verteilen)
        schluecke = schluecke_je_person(vorschlag, se.spieler) if vorschlag else None
        return SaufnErgebnis(
            plaetze=tuple(se.plaetze),
            spieler=tuple(se.spieler),
            schluecke=None if schluecke is None else tuple(schluecke.items()),
            spielende=se,
            pruefung=pruefung,
            vorschlag=vorschlag,
        )


__all__ = ["SaufnAngaben", "SaufnErgebnis"]
