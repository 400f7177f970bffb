"""Welche Sau darf ich rufen? Bin ich gesperrt?

Regeln (``schafkopf.rufbare-saeue``, ``schafkopf.ansage-voraussetzungen``, ``schafkopf.gesperrt``):

- Rufbar sind nur Eichel-, Gras- und Schellen-Sau; die Herz-Sau ist Trumpf und nie rufbar.
- Man darf die gerufene Sau nicht selbst halten.
- Man braucht mindestens eine *Farbkarte* der Ruffarbe; Ober und Unter zählen nicht (Trumpf),
  Herzkarten ebenfalls nicht.
- Gesperrt ist, wer keine Sau rufen kann; andere Spielarten bleiben möglich.

>>> ruf_erlaubt(parse_hand("SA G7 EA EO GO HA HK EU"), Farbe.GRAS)
True
>>> gesperrt(parse_hand("GA EO GO HA HK H10 H9 EU"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.errors import Regelverstoss
from referee.schafkopf.karten import Farbe, Karte, Schlag, parse_hand  # noqa: F401

#: Die Farben, deren Sau gerufen werden kann – und Herz, das nie geht (für vollständige Auskünfte).
RUFFARBEN = (Farbe.EICHEL, Farbe.GRAS, Farbe.SCHELLEN)

_VORAUSSETZUNGEN = "schafkopf.ansage-voraussetzungen"
_RUFBARE = "schafkopf.rufbare-saeue"
_GESPERRT = "schafkopf.gesperrt"


@dataclass(frozen=True, slots=True)
class Rufauskunft:
    """Darf die Sau dieser Farbe gerufen werden – und warum (mit Regelabschnitt)."""

    farbe: Farbe
    rufbar: bool
    grund: str
    abschnitt: str

    @property
    def sau(self) -> Karte:
        return Karte(self.farbe, Schlag.SAU)


def _farbkarten(hand: Iterable[Karte], farbe: Farbe) -> list[Karte]:
    """Farbkarten einer Nichttrumpffarbe im Rufspiel: ohne Ober und Unter."""
    return [k for k in hand if k.farbe is farbe and k.schlag not in (Schlag.OBER, Schlag.UNTER)]


def ruf_auskunft(hand: Iterable[Karte], farbe: Farbe) -> Rufauskunft:
    """Die Entscheidung für eine Sau, mit deutscher Begründung."""
    hand = list(hand)
    name = farbe.name_de
    if farbe is Farbe.HERZ:
        return Rufauskunft(
            farbe,
            False,
            f"Die Herz-Sau ist Trumpf und kann nie gerufen werden ({_RUFBARE}).",
            _RUFBARE,
        )
    if Karte(farbe, Schlag.SAU) in hand:
        return Rufauskunft(
            farbe,
            False,
            f"Du hältst die {name}-Sau selbst; eine eigene Sau "
            f"kann man nicht rufen ({_VORAUSSETZUNGEN}).",
            _VORAUSSETZUNGEN,
        )
    eigene = _farbkarten(hand, farbe)
    if not eigene:
        trumpf_dieser_farbe = [str(k) for k in hand if k.farbe is farbe]
        zusatz = ""
        if trumpf_dieser_farbe:
            zusatz = (
                f"; {' und '.join(trumpf_dieser_farbe)} "
                f"{'zählt' if len(trumpf_dieser_farbe) == 1 else 'zählen'} nicht, "
                "weil Ober und Unter Trumpf sind"
            )
        return Rufauskunft(
            farbe,
            False,
            f"Du hast keine {name}-Farbkarte, also keine Karte der "
            f"Ruffarbe{zusatz} ({_VORAUSSETZUNGEN}).",
            _VORAUSSETZUNGEN,
        )
    liste = ", ".join(str(k) for k in eigene)
    return Rufauskunft(
        farbe,
        True,
        f"Rufbar: Die {name}-Sau ist nicht in deiner Hand und du hast "
        f"die {name}-Farbkarte{'n' if len(eigene) > 1 else ''} "
        f"{liste} ({_VORAUSSETZUNGEN}).",
        _VORAUSSETZUNGEN,
    )


def rufbare_saeue(hand: Iterable[Karte]) -> dict[Farbe, Rufauskunft]:
    """Auskunft für Eichel-, Gras- und Schellen-Sau (in dieser Reihenfolge)."""
    hand = list(hand)
    return {f: ruf_auskunft(hand, f) for f in RUFFARBEN}


def gesperrt(hand: Iterable[Karte]) -> bool:
    """Kein Rufspiel möglich, weil keine Sau rufbar ist (``schafkopf.gesperrt``)."""
    return not any(a.rufbar for a in rufbare_saeue(hand).values())


GESPERRT_TEXT = (
    "Gesperrt: Keine Sau ist rufbar, also ist kein Rufspiel möglich. Andere Spielarten "
    f"(Wenz, Farbsolo …) bleiben möglich ({_GESPERRT})."
)
GESPERRT_ABSCHNITT = _GESPERRT


def ruf_erlaubt(hand: Iterable[Karte], farbe: Farbe) -> bool:
    """Darf mit dieser Hand die Sau ``farbe`` gerufen werden?"""
    return ruf_auskunft(hand, farbe).rufbar


def pruefe_ruf(hand: Iterable[Karte], farbe: Farbe) -> None:
    """Wirft ``Regelverstoss`` mit dem Grund, wenn der Ruf nicht erlaubt ist."""
    a = ruf_auskunft(hand, farbe)
    if not a.rufbar:
        raise Regelverstoss(f"Die {farbe.name_de}-Sau darf nicht gerufen werden: {a.grund}")


__all__ = [
    "GESPERRT_TEXT",
    "RUFFARBEN",
    "Rufauskunft",
    "gesperrt",
    "pruefe_ruf",
    "ruf_auskunft",
    "ruf_erlaubt",
    "rufbare_saeue",
]
