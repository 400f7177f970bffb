"""Was die Sitzung zeigt: Fußleiste (passt in 40 Spalten) und die Standzeile nach einem Eintrag.

Rein: aus einer ``Lage`` (die ``referee.tisch.dienst`` aus dem Buch liest) werden Textzeilen.

>>> kuerzel(["Anna", "Anton", "Ben"])
{'Anna': 'Ann', 'Anton': 'Ant', 'Ben': 'Be'}
>>> betrag(150), betrag(-1234), betrag(0)
('+1,50', '-12,34', '0')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.buch.stand import SaufnPlaetze


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


def kuerzel(namen: Sequence[str], mindestens: int = 2) -> dict[str, str]:
    """Je Name der kürzeste eindeutige Anfang (mindestens zwei Zeichen)."""
    aus = {}
    for n in namen:
        k = mindestens
        while k < len(n) and any(
            m != n and m.casefold().startswith(n[:k].casefold()) for m in namen
        ):
            k += 1
        aus[n] = n[:k]
    return aus


def betrag(cent: int) -> str:
    """Cent kurz ohne Währung: ``+1,50``, ``-0,40``, ``0``."""
    if cent == 0:
        return "0"
    euros, rest = divmod(abs(cent), 100)
    return f"{'-' if cent < 0 else '+'}{euros},{rest:02d}"


def punkte(n: int) -> str:
    """Siegespunkte mit Vorzeichen, die Null ohne: ``+2``, ``-1``, ``0``."""
    return f"{n:+d}" if n else "0"


def _umbrechen(teile: Sequence[str], breite: int) -> list[str]:
    """Teile zu Zeilen bis ``breite`` (zwei Leerzeichen zwischen Teilen, eins, wenn es so
    in weniger Zeilen passt); ein zu langes Teil wird gekürzt."""

    def mit(trenner: str) -> list[str]:
        zeilen: list[str] = []
        zeile = ""
        for t in teile:
            t = t if len(t) <= breite else t[: breite - 1] + "…"
            if zeile and len(zeile) + len(trenner) + len(t) > breite:
                zeilen.append(zeile)
                zeile = t
            else:
                zeile = f"{zeile}{trenner}{t}" if zeile else t
        if zeile:
            zeilen.append(zeile)
        return zeilen

    weit, eng = mit("  "), mit(" ")
    return eng if len(eng) < len(weit) else weit


def umbrechen(text: str, breite: int) -> list[str]:
    """Eine lange Antwortzeile für ``breite`` Spalten: an „ · “ und „ → “ umbrechen,
    Fortsetzungen zwei Zeichen eingerückt (``textwrap``, Wörter bleiben ganz)."""
    import textwrap

    if len(text) <= breite:
        return [text]
    return textwrap.wrap(
        text,
        width=max(20, breite),
        subsequent_indent="  ",
        break_on_hyphens=False,
        break_long_words=True,
    )


def leiste(lage: Lage | None, breite: int = 40) -> list[str]:
    """Die Zeilen der Fußleiste: Spiel-Nr., Geber, dann je Spiel mit Daten der Stand."""
    breite = max(20, breite)
    if lage is None:
        return ["Kein offener Abend."]
    k = kuerzel(list(dict.fromkeys([*lage.spieler, *lage.schafkopf, *lage.sabai])))

    def kurz(n: str) -> str:
        return k.get(n, n[:3])

    kopf = [f"Abend {lage.abend}"]
    if lage.geber is not None:
        kopf += [f"Spiel {lage.spiele + 1}", f"gibt {lage.geber}"]
    zeilen = _umbrechen([" · ".join(kopf)], breite)
    if lage.geber is not None:
        zeilen += _umbrechen(
            ["€"] + [f"{kurz(n)} {betrag(c)}" for n, c in lage.schafkopf.items()], breite
        )
    if lage.sabai:
        zeilen += _umbrechen(
            ["SP"] + [f"{kurz(n)} {punkte(v)}" for n, v in lage.sabai.items()], breite
        )
    if lage.saufn:
        zeilen += _umbrechen(
            ["SAUFN"] + [f"{kurz(n)} {p}" for n, p in lage.saufn.items()],
            breite,
        )
    if lage.schlafmuetze:
        zeilen += _umbrechen(
            ["Mütze"] + [f"{kurz(n)} {v}" for n, v in lage.schlafmuetze.items()], breite
        )
    return zeilen


def stand_zeile(lage: Lage | None, spiel: str) -> str:
    """Der Stand des gerade geänderten Spiels, eine Zeile mit ganzen Namen."""
    if lage is None:
        return ""
    daten = {
        "schafkopf": lage.schafkopf,
        "sabai": lage.sabai,
        "saufn": lage.saufn,
        "schlafmuetze": lage.schlafmuetze,
    }
    if not daten.get(spiel):
        return ""  # z. B. nach dem Storno der einzigen sabai-Runde
    if spiel == "schafkopf":
        return "Stand: " + " · ".join(f"{n} {betrag(c)}" for n, c in lage.schafkopf.items())
    if spiel == "sabai":
        return "Siegespunkte: " + " · ".join(f"{n} {punkte(v)}" for n, v in lage.sabai.items())
    if spiel == "saufn":
        return "SAUFN-Plätze 1./2./3.: " + " · ".join(f"{n} {p}" for n, p in lage.saufn.items())
    return "Schlafmütze-Siege: " + " · ".join(f"{n} {v}" for n, v in lage.schlafmuetze.items())


__all__ = ["Lage", "betrag", "kuerzel", "leiste", "punkte", "stand_zeile", "umbrechen"]
