"""Welche Karte darf ich spielen? – die eine Entscheidung für Auskunft und Partieprüfung.

Regeln in der Reihenfolge, in der sie greifen:

1. **Bedienpflicht** (``schafkopf.stichregeln``): Ist Trumpf ausgespielt, muss Trumpf
   zugeben, wer Trumpf hat; ist eine Farbe ausgespielt, muss diese Farbe zugeben, wer
   eine Farbkarte davon hat (Ober/Unter, die Trumpf sind, zählen nicht zur Farbe).
   Sonst ist jede Karte erlaubt. Es gibt keinen Stichzwang.
2. **Suchen** (``schafkopf.ruf-sau-suchen``): Wird im Rufspiel die Ruffarbe von einem
   anderen Spieler angespielt, muss der Halter der Ruf-Sau die Ruf-Sau zugeben – auch mit
   vier oder mehr Karten der Ruffarbe.
3. **Bindung** (``schafkopf.ruf-sau-bindung``): Die gebundene Ruf-Sau darf nicht auf eine
   andere Farbe (oder Trumpf) abgeworfen werden; erst im letzten Stich.
4. **Ausspielen und Davonlaufen** (``schafkopf.davonlaufen``): Wer die Ruf-Sau hält, darf
   die Ruf-Sau selbst, jede andere Farbe und Trumpf ausspielen, eine kleinere Karte der
   Ruffarbe aber nur mit mindestens vier Karten der Ruffarbe einschließlich der Sau – das ist
   Davonlaufen. Danach ist die Ruf-Sau eine gewöhnliche Karte.

Gebunden ist die Ruf-Sau, solange ihr Halter sie hat und nicht davongelaufen ist.

>>> from referee.schafkopf.karten import parse_hand
>>> from referee.schafkopf.spielart import Spiel
>>> a = erlaubte_karten(parse_hand("SA S7 S8 S9 GO"), parse_hand("SK"), Spiel.aus_text("rufspiel", "schellen"))
>>> [str(k) for k in a.erlaubte]
['SA']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.karten import Blatt, Karte, Schlag
from referee.schafkopf.spielart import TRUMPF, Spiel

STICHREGELN = "schafkopf.stichregeln"
SUCHEN = "schafkopf.ruf-sau-suchen"
BINDUNG = "schafkopf.ruf-sau-bindung"
DAVONLAUFEN = "schafkopf.davonlaufen"

#: Mindestzahl an Karten der Ruffarbe (einschließlich Ruf-Sau) zum Davonlaufen.
DAVONLAUFEN_AB = 4


@dataclass(frozen=True, slots=True)
class Verbot:
    """Eine verbotene Karte mit deutschem Grund und Regelabschnitt."""

    karte: Karte
    grund: str
    abschnitt: str


@dataclass(frozen=True, slots=True)
class Kartenwahl:
    """Antwort auf „Welche Karten darf ich spielen?“: die erlaubten, die verbotenen mit Grund."""

    erlaubte: tuple[Karte, ...]
    verboten: tuple[Verbot, ...]
    davonlaufen: bool
    """Ausspielen einer kleineren Karte der Ruffarbe wäre jetzt (erlaubtes) Davonlaufen."""
    hinweis: str | None = None

    def ist_erlaubt(self, karte: Karte) -> bool:
        return karte in self.erlaubte

    def verbot(self, karte: Karte) -> Verbot | None:
        """Das Verbot für ``karte`` (``None`` wenn erlaubt)."""
        for v in self.verboten:
            if v.karte == karte:
                return v
        return None

    def grund(self, karte: Karte) -> str | None:
        """Grund, warum ``karte`` verboten ist (``None`` wenn erlaubt)."""
        v = self.verbot(karte)
        return v.grund if v is not None else None

    def als_json(self) -> dict[str, object]:
        daten: dict[str, object] = {
            "erlaubte": [str(k) for k in self.erlaubte],
            "verboten": {str(v.karte): v.grund for v in self.verboten},
            "davonlaufen": self.davonlaufen,
        }
        if self.hinweis:
            daten["hinweis"] = self.hinweis
        return daten


@dataclass(frozen=True, slots=True)
class Zugauskunft:
    """Antwort auf „Darf ich diese Karte spielen?“ – mit Grund, Regelabschnitt und den
    erlaubten Karten als Alternativen."""

    karte: Karte
    erlaubt: bool
    grund: str
    abschnitt: str
    erlaubte: tuple[Karte, ...]
    hinweis: str | None = None

    def als_json(self) -> dict[str, object]:
        daten: dict[str, object] = {
            "karte": str(self.karte),
            "erlaubt": self.erlaubt,
            "grund": self.grund,
            "abschnitt": self.abschnitt,
            "erlaubte": [str(k) for k in self.erlaubte],
        }
        if self.hinweis:
            daten["hinweis"] = self.hinweis
        return daten


_KEINE: list[Verbot] = []


def _entscheide(
    hand: Sequence[Karte],
    ausgespielt: Karte | None,
    spiel: Spiel,
    gebunden: bool,
    letzter: bool,
    gruende: bool,
) -> tuple[Sequence[Karte], list[Verbot], bool]:
    """Der Regelkern: (erlaubte Karten, Verbote mit Grund, Davonlaufen möglich?).

    ``gruende=False`` spart die Texte (Partieprüfung, schneller Weg); die erlaubten Karten
    sind dann, wo alles erlaubt ist, ``hand`` selbst (nur lesen).
    """
    gruppe = spiel._tab.gruppe
    rufsau = spiel.rufsau if gebunden else None
    # Ohne Gründe wird nie angehängt: dann genügt die eine leere Liste (spart Zeit).
    verboten: list[Verbot] = [] if gruende else _KEINE

    if ausgespielt is None:
        # Ausspielen: frei, außer kleineren Karten der Ruffarbe bei gebundener Ruf-Sau.
        if rufsau is None or letzter:
            return hand, verboten, False
        rg = gruppe[rufsau.nr]
        ruffarbe = [k for k in hand if gruppe[k.nr] == rg]
        if len(ruffarbe) >= DAVONLAUFEN_AB:
            return hand, verboten, True
        erlaubt = [k for k in hand if gruppe[k.nr] != rg or k == rufsau]
        if gruende:
            name = rufsau.farbe.name_de
            for k in hand:
                if gruppe[k.nr] == rg and k != rufsau:
                    verboten.append(
                        Verbot(
                            k,
                            (
                                f"Solange du die gerufene {name}-Sau hältst, darfst du keine kleinere "
                                f"{name}-Karte ausspielen; Davonlaufen geht erst mit mindestens "
                                f"{DAVONLAUFEN_AB} {name}-Karten einschließlich der Sau, du hast "
                                f"{len(ruffarbe)} ({DAVONLAUFEN})."
                            ),
                            DAVONLAUFEN,
                        )
                    )
        return erlaubt, verboten, False

    bedient = gruppe[ausgespielt.nr]
    passend = [k for k in hand if gruppe[k.nr] == bedient]
    if passend:
        if rufsau is not None and gruppe[rufsau.nr] == bedient:
            # Die Ruffarbe wird gesucht: nur die Ruf-Sau.
            if gruende:
                name = rufsau.farbe.name_de
                auch = f", auch wenn du weitere {name}-Karten hast" if len(passend) > 1 else ""
                for k in hand:
                    if k != rufsau:
                        verboten.append(
                            Verbot(
                                k,
                                (
                                    f"Die Ruffarbe {name} ist angespielt: Die gerufene {name}-Sau muss "
                                    f"zugegeben werden{auch} ({SUCHEN})."
                                ),
                                SUCHEN,
                            )
                        )
            return [rufsau], verboten, False
        if gruende and len(passend) < len(hand):
            if bedient == TRUMPF:
                text = f"Bedienpflicht: Trumpf ist ausgespielt und du hast Trumpf ({STICHREGELN})."
            else:
                name = ausgespielt.farbe.name_de
                text = (
                    f"Bedienpflicht: {name} ist ausgespielt und du hast {name} – "
                    f"zuerst {name} zugeben ({STICHREGELN})."
                )
            for k in hand:
                if gruppe[k.nr] != bedient:
                    verboten.append(Verbot(k, text, STICHREGELN))
        return passend, verboten, False

    # Frei: nicht bedienen können. Nur die gebundene Ruf-Sau darf nicht abgeworfen werden.
    if rufsau is None or letzter:
        return hand, verboten, False
    erlaubt = [k for k in hand if k != rufsau]
    if gruende:
        verboten.append(
            Verbot(
                rufsau,
                (
                    f"Die gerufene {rufsau.farbe.name_de}-Sau darf nicht abgeworfen werden, solange sie "
                    f"gebunden ist – erst im letzten Stich ({BINDUNG})."
                ),
                BINDUNG,
            )
        )
    return erlaubt, verboten, False


def _pruefe_eingabe(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    gesucht: bool,
    davongelaufen: bool,
    letzter_stich: bool,
    blatt: Blatt,
) -> None:
    maengel = []
    if not hand:
        maengel.append("Die Hand ist leer.")
    if len(hand) > blatt.handgroesse:
        welches = "langen Blatt (32 Karten)" if blatt is Blatt.LANG else "kurzen Blatt (24 Karten)"
        maengel.append(
            f"Die Hand hat {len(hand)} Karten; mit dem {welches} hat man höchstens "
            f"{blatt.handgroesse}."
        )
    if len(set(hand)) != len(hand):
        doppelt = sorted({str(k) for k in hand if hand.count(k) > 1})
        maengel.append(
            f"Doppelt in der Hand: {', '.join(doppelt)} – jede Karte gibt es nur einmal."
        )
    if blatt is Blatt.KURZ:
        fremd = [str(k) for k in (*hand, *stich) if k.schlag in (Schlag.ACHT, Schlag.SIEBEN)]
        if fremd:
            maengel.append(
                f"{', '.join(fremd)} {'gehört' if len(fremd) == 1 else 'gehören'} nicht zum "
                "kurzen Blatt (ohne Acht und Sieben)."
            )
    if len(stich) > 3:
        maengel.append(
            f"Im Stich liegen schon {len(stich)} Karten; höchstens 3 dürfen vor dir liegen."
        )
    doppelt = [str(k) for k in stich if k in hand]
    if doppelt:
        maengel.append(
            f"{', '.join(doppelt)} {'liegt' if len(doppelt) == 1 else 'liegen'} im Stich "
            "und zugleich in deiner Hand."
        )
    if len(set(stich)) != len(stich):
        maengel.append("Eine Karte liegt doppelt im Stich.")
    if letzter_stich and len(hand) > 1:
        maengel.append(
            f"Im letzten Stich hat jeder nur noch eine Karte, die Hand hat aber {len(hand)}. "
            "Ohne --letzter-stich fragen oder nur die letzte Karte angeben."
        )
    rufsau = spiel.rufsau
    if gesucht and rufsau is not None and rufsau in hand and not davongelaufen:
        maengel.append(
            f"Widerspruch: Die Ruf-Sau {rufsau} ist noch in deiner Hand, kann also nicht "
            "schon gesucht oder gespielt sein."
        )
    if maengel:
        raise Eingabefehler(" ".join(maengel))


def erlaubte_karten(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    *,
    gesucht: bool = False,
    davongelaufen: bool = False,
    letzter_stich: bool = False,
    blatt: Blatt | str = Blatt.LANG,
) -> Kartenwahl:
    """Welche Karten aus ``hand`` darf ich legen, wenn ``stich`` (in Spielreihenfolge) schon liegt?

    ``gesucht``: die Ruf-Sau ist schon gesucht oder gespielt; ``davongelaufen``: ich (Halter der
    Ruf-Sau) bin schon davongelaufen; ``letzter_stich``: es ist der letzte Stich (auch wenn nur
    noch eine Karte in der Hand ist). Die Hand darf kleiner sein als beim Geben (höchstens 8,
    mit ``blatt="kurz"`` 6 Karten); doppelte Karten, Karten zugleich in Hand und Stich und
    beim kurzen Blatt Acht/Sieben sind ``Eingabefehler``. Jede verbotene Karte bekommt ihren
    Grund.
    """
    hand = tuple(hand)
    stich = tuple(stich)
    _pruefe_eingabe(hand, stich, spiel, gesucht, davongelaufen, letzter_stich, Blatt.parse(blatt))
    rufsau = spiel.rufsau
    gebunden = rufsau is not None and rufsau in hand and not davongelaufen and not gesucht
    letzter = letzter_stich or len(hand) == 1
    erlaubt, verboten, davon = _entscheide(
        hand, stich[0] if stich else None, spiel, gebunden, letzter, True
    )
    hinweis = None
    if davon:
        assert rufsau is not None  # davonlaufen kann nur, wer die Ruf-Sau hält
        name = rufsau.farbe.name_de
        hinweis = (
            f"Davonlaufen erlaubt: Du hältst mindestens {DAVONLAUFEN_AB} {name}-Karten "
            f"einschließlich der Ruf-Sau. Spielst du eine kleinere {name}-Karte aus, läufst du "
            f"davon; danach ist die {name}-Sau eine gewöhnliche Karte ({DAVONLAUFEN})."
        )
    return Kartenwahl(tuple(erlaubt), tuple(verboten), davon, hinweis)


def zug_auskunft(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    karte: Karte,
    *,
    gesucht: bool = False,
    davongelaufen: bool = False,
    letzter_stich: bool = False,
    blatt: Blatt | str = Blatt.LANG,
) -> Zugauskunft:
    """Darf ``karte`` jetzt gelegt werden? Mit Grund, Regelabschnitt und den erlaubten Karten.

    Eine Karte, die nicht in der Hand ist, ist eine falsche Frage (``Eingabefehler``).
    """
    if karte not in hand:
        raise Eingabefehler(
            f"Die Karte {karte} ist nicht in der Hand ({' '.join(str(k) for k in hand)})."
        )
    wahl = erlaubte_karten(
        hand,
        stich,
        spiel,
        gesucht=gesucht,
        davongelaufen=davongelaufen,
        letzter_stich=letzter_stich,
        blatt=blatt,
    )
    v = wahl.verbot(karte)
    if v is not None:
        return Zugauskunft(karte, False, v.grund, v.abschnitt, wahl.erlaubte, wahl.hinweis)
    if wahl.davonlaufen and ist_davonlaufen(hand, stich, spiel, karte, davongelaufen):
        grund = wahl.hinweis or ""
        abschnitt = DAVONLAUFEN
    elif stich and len(wahl.erlaubte) < len(hand):
        grund = f"{karte} bedient, wie es die Bedienpflicht verlangt ({STICHREGELN})."
        abschnitt = STICHREGELN
    else:
        grund = f"{karte} darf gelegt werden: keine Regel verbietet sie hier ({STICHREGELN})."
        abschnitt = STICHREGELN
    return Zugauskunft(karte, True, grund, abschnitt, wahl.erlaubte, wahl.hinweis)


class Zuglage(TypedDict, total=False):
    """Was außer Hand, Stich und Spiel zählt (wie bei ``erlaubte_karten``)."""

    gesucht: bool
    davongelaufen: bool
    letzter_stich: bool
    blatt: Blatt | str


def zug_erlaubt(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    karte: Karte,
    **lage: Unpack[Zuglage],
) -> bool:
    """Darf ``karte`` jetzt gelegt werden? (``False`` auch, wenn sie nicht in der Hand ist.)"""
    return karte in hand and zug_auskunft(hand, stich, spiel, karte, **lage).erlaubt


def pruefe_zug(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    karte: Karte,
    **lage: Unpack[Zuglage],
) -> None:
    """Wirft ``Regelverstoss`` mit Grund und Abschnitt, wenn ``karte`` jetzt nicht gelegt
    werden darf (``Eingabefehler``, wenn sie nicht in der Hand ist)."""
    a = zug_auskunft(hand, stich, spiel, karte, **lage)
    if not a.erlaubt:
        raise Regelverstoss(f"{karte} ist hier nicht erlaubt: {a.grund}", a.abschnitt)


def ist_davonlaufen(
    hand: Sequence[Karte],
    stich: Sequence[Karte],
    spiel: Spiel,
    karte: Karte,
    davongelaufen: bool = False,
) -> bool:
    """Ist das Ausspielen von ``karte`` ein Davonlaufen (Halter spielt kleinere Karte der Ruffarbe aus)?"""
    rufsau = spiel.rufsau
    return (
        not stich
        and not davongelaufen
        and rufsau is not None
        and rufsau in hand
        and karte != rufsau
        and spiel._tab.gruppe[karte.nr] == spiel._tab.gruppe[rufsau.nr]
    )


__all__ = [
    "DAVONLAUFEN_AB",
    "Kartenwahl",
    "Verbot",
    "Zugauskunft",
    "Zuglage",
    "erlaubte_karten",
    "ist_davonlaufen",
    "pruefe_zug",
    "zug_auskunft",
    "zug_erlaubt",
]
