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

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.karten import Farbe, Karte, Schlag, parse_hand  # noqa: F401

#: Die Farben, deren Sau gerufen werden kann – und Herz, das nie geht (für vollständige Auskünfte).
RUFFARBEN = (Farbe.EICHEL, Farbe.GRAS, Farbe.SCHELLEN)

_VORAUSSETZUNGEN = "schafkopf.ansage-voraussetzungen"
_RUFBARE = "schafkopf.rufbare-saeue"
_GESPERRT = "schafkopf.gesperrt"

#: Was gerufen werden kann – steht in jeder Fehlermeldung zur Ruffarbe.
RUFBAR_TEXT = (
    "Rufbar sind nur die Eichel-, Gras- und Schellen-Sau (eichel, gras, schellen; auch "
    "E/G/S, GA, „die Alte“, „die Blaue“, „die Bumbs“)."
)


@dataclass(frozen=True, slots=True)
class Rufauskunft:
    """Darf die Sau dieser Farbe gerufen werden – und warum (mit Regelabschnitt)."""

    farbe: Farbe
    erlaubt: bool
    grund: str
    abschnitt: str

    @property
    def sau(self) -> Karte:
        return Karte(self.farbe, Schlag.SAU)

    def als_json(self) -> dict[str, object]:
        return {
            "sau": self.farbe.wort,
            "erlaubt": self.erlaubt,
            "grund": self.grund,
            "abschnitt": self.abschnitt,
        }


def parse_ruffarbe(text: str) -> Farbe:
    """Die Farbe einer rufbaren Sau: ``gras``, ``GA``, „die Blaue“ … → Farbe.

    Für Angaben, die ein Rufspiel *beschreiben*: Herz und Unbekanntes sind ``Eingabefehler``
    (Exit 2), die Herz-Sau ist Trumpf, gerufen werden können nur Eichel-, Gras- und
    Schellen-Sau (``schafkopf.rufbare-saeue``). Wer *fragt*, ob eine Sau rufbar ist
    (``referee ruf --sau``), liest mit ``parse_gefragte_sau``: Herz ist dort eine Auskunft.

    >>> parse_ruffarbe("die Blaue")
    <Farbe.GRAS: 'G'>
    """
    try:
        farbe = Farbe.parse(text)
    except Eingabefehler:
        raise Eingabefehler(f"Unbekannte Sau „{text}“. {RUFBAR_TEXT}", _RUFBARE) from None
    if farbe not in RUFFARBEN:
        raise Eingabefehler(
            f"„{text}“: Die Herz-Sau ist Trumpf und kann nie gerufen werden. {RUFBAR_TEXT}",
            _RUFBARE,
        )
    return farbe


def parse_gefragte_sau(text: str) -> Farbe:
    """Die Sau, nach der ``referee ruf --sau`` fragt: eine der vier Säue, auch die Herz-Sau.

    Anders als ``parse_ruffarbe`` ist Herz hier keine falsche Eingabe, sondern eine Frage an
    die Regeln – die Antwort gibt ``ruf_auskunft``: nicht rufbar, weil Trumpf
    (``schafkopf.rufbare-saeue``, Exit 1). Nur Unbekanntes ist ein ``Eingabefehler`` (Exit 2).

    >>> parse_gefragte_sau("herz")
    <Farbe.HERZ: 'H'>
    """
    try:
        return Farbe.parse(text)
    except Eingabefehler:
        raise Eingabefehler(f"Unbekannte Sau „{text}“. {RUFBAR_TEXT}", _RUFBARE) from None


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
    return not any(a.erlaubt for a in rufbare_saeue(hand).values())


GESPERRT_TEXT = (
    "Gesperrt: Keine Sau ist rufbar, also ist kein Rufspiel möglich. Andere Spielarten "
    f"(Wenz, Farbsolo …) bleiben möglich ({_GESPERRT})."
)
GESPERRT_ABSCHNITT = _GESPERRT


@dataclass(frozen=True, slots=True)
class Rufbericht:
    """Alles zu einer Hand: Auskunft je Sau (Eichel, Gras, Schellen, dazu Herz), gesperrt?,
    und – wenn nach einer Sau gefragt ist – die Auskunft zu ihr (``frage``)."""

    hand: tuple[Karte, ...]
    saeue: dict[Farbe, Rufauskunft]
    herz: Rufauskunft
    frage: Rufauskunft | None = None

    @property
    def gesperrt(self) -> bool:
        return not any(a.erlaubt for a in self.saeue.values())

    @property
    def erlaubt(self) -> bool:
        """Ja, wenn die gefragte Sau rufbar ist (ohne Frage: wenn nicht gesperrt)."""
        return self.frage.erlaubt if self.frage is not None else not self.gesperrt

    def als_json(self) -> dict[str, object]:
        daten: dict[str, object] = {
            "hand": [str(k) for k in self.hand],
            "gesperrt": self.gesperrt,
            "saeue": {
                f.wort: {"erlaubt": a.erlaubt, "grund": a.grund, "abschnitt": a.abschnitt}
                for f, a in self.saeue.items()
            },
        }
        if self.gesperrt:
            daten["hinweis"] = GESPERRT_TEXT
        if self.frage is not None:
            daten.update(self.frage.als_json())
        return daten


def ruf_bericht(hand: Iterable[Karte], farbe: Farbe | None = None) -> Rufbericht:
    """Die Antwort von ``referee ruf``: jede Sau mit Grund, gesperrt?, und die gefragte Sau."""
    hand = tuple(hand)
    frage = ruf_auskunft(hand, farbe) if farbe is not None else None
    return Rufbericht(hand, rufbare_saeue(hand), ruf_auskunft(hand, Farbe.HERZ), frage)


def ruf_erlaubt(hand: Iterable[Karte], farbe: Farbe) -> bool:
    """Darf mit dieser Hand die Sau ``farbe`` gerufen werden?"""
    return ruf_auskunft(hand, farbe).erlaubt


def pruefe_ruf(hand: Iterable[Karte], farbe: Farbe) -> None:
    """Wirft ``Regelverstoss`` mit dem Grund, wenn der Ruf nicht erlaubt ist."""
    a = ruf_auskunft(hand, farbe)
    if not a.erlaubt:
        raise Regelverstoss(
            f"Die {farbe.name_de}-Sau darf nicht gerufen werden: {a.grund}", a.abschnitt
        )


__all__ = [
    "GESPERRT_TEXT",
    "RUFBAR_TEXT",
    "RUFFARBEN",
    "Rufauskunft",
    "Rufbericht",
    "gesperrt",
    "parse_gefragte_sau",
    "parse_ruffarbe",
    "pruefe_ruf",
    "ruf_auskunft",
    "ruf_bericht",
    "ruf_erlaubt",
    "rufbare_saeue",
]
