"""Das typisierte Ergebnis einer sabai-sabai-Partie fürs Buch, und die Angaben dazu.

Drei Formen (``referee.ergebnis``): die Eingabe ``SabaiAngaben`` (die Hände vom Tisch, aus den
Optionen oder der Kurzzeile ``sb an 3 7 J / be AJ 2``), das Ergebnis ``SabaiErgebnis`` und der
gespeicherte ``Eintrag`` damit. Mit der ``Abendlage`` werden die Namen in die Schreibweise des
Abends gebracht und die Partie gewertet (``referee.sabai.runde``); deren ``Rundenergebnis``
(Karten, Lesarten) ist die Rechnung selbst und reist nur ungespeichert mit (``runde``), damit
``sabai runde`` die Hinweise zeigen kann.

``werte()``: ``SIEGPUNKTE`` je Spieler:in, ``RUNDEN`` (1 je Teilnehmer:in) und ``RUHMESHALLE``
(1, wer mit allen vier Jokern abschloss).

>>> e = SabaiErgebnis.aus_json({"punkte": {"Anna": 3, "Ben": 7}, "siegpunkte": {"Anna": 1,
...     "Ben": 0}, "ruhmeshalle": [], "sieger": ["Anna"], "letzte": False})
>>> e.werte()
{'siegpunkte': {'Anna': 1, 'Ben': 0}, 'runden': {'Anna': 1, 'Ben': 1}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from referee.ergebnis import (
    RUHMESHALLE,
    RUNDEN,
    SABAI,
    SIEGPUNKTE,
    Abendlage,
    Werte,
    namensliste,
    objekt,
    zaehle,
    zahlen_je_name,
)
from referee.errors import Eingabefehler
from referee.sabai.regeln import Regeln

if TYPE_CHECKING:
    from referee.sabai.runde import Rundenergebnis


@dataclass(frozen=True)
class SabaiErgebnis:
    """Eine Partie sabai-sabai im Buch: Kartenpunkte, Siegespunkte, Hall of Fame."""

    spiel: ClassVar[str] = SABAI

    punkte: tuple[tuple[str, int], ...]
    siegpunkte: tuple[tuple[str, int], ...]
    ruhmeshalle: tuple[str, ...] = ()
    sieger: tuple[str, ...] = ()
    letzte: bool = False
    #: nicht gespeichert: die Wertung der Partie (Karten, Hinweise), falls gerade gewertet –
    #: ein ``Rundenergebnis`` oder ``None``. ``Any`` nur, weil ``referee/cli/sabai.py`` das Feld
    #: nach ``werten``/``eintragen`` ohne None-Prüfung liest; mit einem ``assert`` dort wird es
    #: ``Rundenergebnis | None``.
    runde: Any = field(default=None, compare=False, hash=False)

    def werte(self) -> Werte:
        w: Werte = {}
        for name, sp in self.siegpunkte:
            zaehle(w, SIEGPUNKTE, name, sp)
        for name, _ in self.punkte:
            zaehle(w, RUNDEN, name, 1)
        for name in self.ruhmeshalle:
            zaehle(w, RUHMESHALLE, name, 1)
        return w

    def namen(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([n for n, _ in self.punkte] + [n for n, _ in self.siegpunkte]))

    def mit_namen(self, ersetze: Callable[[str], str]) -> SabaiErgebnis:
        return replace(
            self,
            punkte=tuple((ersetze(n), p) for n, p in self.punkte),
            siegpunkte=tuple((ersetze(n), p) for n, p in self.siegpunkte),
            ruhmeshalle=tuple(ersetze(n) for n in self.ruhmeshalle),
            sieger=tuple(ersetze(n) for n in self.sieger),
        )

    # ------------------------------------------------------------ Ansicht (eine für alle)

    def zeile(self) -> str:
        """Ohne Kartenpunkte, wie im Verlauf: ``sabai-sabai: Siegespunkte Anna +1, Ben −1``
        (das Wort und das Minuszeichen wie in ``zeile_mit_wert`` und im Regeltext)."""
        from referee.sabai import zahl

        sp = ", ".join(f"{n} {zahl(v, vorzeichen=True)}" for n, v in self.siegpunkte if v)
        text = "sabai-sabai: Siegespunkte " + (sp or "keine")
        if self.ruhmeshalle:
            text += "; Ruhmeshalle: " + ", ".join(self.ruhmeshalle)
        return text + (" (letzte Partie)" if self.letzte else "")

    def zeile_mit_wert(self) -> str:
        """Die lange Form einer eben gewerteten Runde (``tisch``), mit den Kartenpunkten:
        ``sabai-sabai: Anna 10 · Ben 13 → Siegespunkte: Anna +1``."""
        from referee.sabai import zahl

        punkte = " · ".join(f"{n} {zahl(p)}" for n, p in self.punkte)
        sp = ", ".join(f"{n} {zahl(v, vorzeichen=True)}" for n, v in self.siegpunkte if v)
        text = f"sabai-sabai: {punkte} → Siegespunkte: {sp or 'keine'}"
        if self.ruhmeshalle:
            text += " · Ruhmeshalle: " + ", ".join(self.ruhmeshalle)
        return text + (" (letzte Partie)" if self.letzte else "")

    def hinweise(self) -> tuple[str, ...]:
        """Lesarten und Hinweise der Wertung, falls die Runde eben gewertet wurde."""
        return tuple(str(h) for h in getattr(self.runde, "hinweise", ()) or ())

    def als_json(self) -> dict[str, Any]:
        return {
            "punkte": dict(self.punkte),
            "siegpunkte": dict(self.siegpunkte),
            "ruhmeshalle": list(self.ruhmeshalle),
            "sieger": list(self.sieger),
            "letzte": self.letzte,
        }

    @classmethod
    def aus_json(cls, daten: object) -> SabaiErgebnis:
        d = objekt(daten, "sabai")
        letzte = d.get("letzte", False)
        if not isinstance(letzte, bool):
            raise Eingabefehler(f"sabai-Ergebnis „letzte“: {letzte!r} ist nicht true/false.")
        return cls(
            punkte=zahlen_je_name(d.get("punkte"), "sabai-Ergebnis „punkte“"),
            siegpunkte=zahlen_je_name(d.get("siegpunkte"), "sabai-Ergebnis „siegpunkte“"),
            ruhmeshalle=namensliste(d.get("ruhmeshalle"), "sabai-Ergebnis „ruhmeshalle“"),
            sieger=namensliste(d.get("sieger"), "sabai-Ergebnis „sieger“"),
            letzte=letzte,
        )

    @classmethod
    def aus_runde(cls, runde: Rundenergebnis, letzte: bool = False) -> SabaiErgebnis:
        """Aus einer gewerteten Partie (``werte_runde``)."""
        return cls(
            punkte=tuple((s.name, s.punkte) for s in runde.spieler),
            siegpunkte=tuple((s.name, s.siegpunkte) for s in runde.spieler),
            ruhmeshalle=tuple(s.name for s in runde.spieler if s.ruhmeshalle),
            sieger=tuple(runde.sieger),
            letzte=letzte,
            runde=runde,
        )


def werten(
    paare: list[tuple[str, str]], letzte: bool = False, regeln: Regeln = Regeln()
) -> SabaiErgebnis:
    """Hände lesen, prüfen und werten (bei ``letzte``: jemand muss alle Karten los sein)."""
    from referee.sabai.runde import lies_runde, pruefe_letzte_partie, werte_runde

    runde = lies_runde(paare)
    if letzte:
        pruefe_letzte_partie(runde)
    return SabaiErgebnis.aus_runde(werte_runde(runde, regeln), letzte)


@dataclass(frozen=True)
class SabaiAngaben:
    """Die Hände einer Partie vom Tisch: ``(("Anna", "3 7 J"), ("Ben", "AJ 2 2"), …)``."""

    spiel: ClassVar[str] = SABAI

    haende: tuple[tuple[str, str], ...]
    letzte: bool = False
    regeln: Regeln = Regeln()

    def ergebnis(self, lage: Abendlage) -> SabaiErgebnis:
        """Namen in der Schreibweise des Abends (alle unbekannten auf einmal), dann werten."""
        namen = lage.namen([n for n, _ in self.haende])
        return werten(list(zip(namen, (k for _, k in self.haende))), self.letzte, self.regeln)


__all__ = ["SabaiAngaben", "SabaiErgebnis", "werten"]
