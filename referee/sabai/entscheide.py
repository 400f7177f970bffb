"""Entscheide am Tisch: Reinwerfen, der Ass-Joker, Funktionskarten, die Moves.

Jede Frage hat drei Funktionen (wie überall in referee): ``X_auskunft()`` liefert eine
``Auskunft`` (erlaubt ja/nein, deutscher Grund, Regelabschnitt, Folge), ``X_erlaubt()``
nur ja/nein, und ``pruefe_X()`` wirft bei „nicht erlaubt“ ``Regelverstoss``. Unmögliche
Eingaben (z. B. fünf identische Karten, zwei Ass-Joker) sind ``Eingabefehler``.

>>> reinwerfen_erlaubt(Karte.SIEBEN, Karte.SIEBEN)
True
>>> reinwerfen_auskunft(Karte.ASS_JOKER, Karte.JOKER).abschnitt
'sabai.ass-joker'
>>> reinwerfen_erlaubt(Karte.ACHT, Karte.SIEBEN)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from referee.errors import Eingabefehler, Regelverstoss
from referee.sabai.karten import Funktion, Karte, deck_lesart
from referee.sabai.regeln import Hinweis, HinweisArt, Regeln
from referee.sabai.runde import zahl

STRAFKARTE = (
    "Die Karte zurücknehmen und eine weitere verdeckte Karte vom Nachziehstapel ziehen, "
    "ohne sie anzuschauen (Strafkarte). Ein erneuter Versuch ist nur zulässig, wenn jemand "
    "anderes eine weitere identische Karte reinwerfen konnte."
)


@dataclass(frozen=True)
class Auskunft:
    """Antwort auf eine Regelfrage am Tisch: erlaubt?, warum, welcher Regelabschnitt, welche Folge."""

    erlaubt: bool
    grund: str
    abschnitt: str
    folge: str | None = None
    hinweise: tuple[Hinweis, ...] = ()

    def als_json(self) -> dict[str, object]:
        return {
            "erlaubt": self.erlaubt,
            "grund": self.grund,
            "abschnitt": self.abschnitt,
            "folge": self.folge,
            "hinweise": [str(h) for h in self.hinweise],
        }

    def pruefe(self) -> None:
        """``Regelverstoss`` mit Grund und Abschnitt, wenn nicht erlaubt."""
        if not self.erlaubt:
            raise Regelverstoss(f"{self.grund} ({self.abschnitt})", self.abschnitt)


# --- Reinwerfen (sabai.reinwerfen, sabai.ass-joker, sabai.sabai-sabai-move) ---------------


def _pruefe_anzahl(karte: Karte, oben: Karte, anzahl: int) -> None:
    if anzahl < 1:
        raise Eingabefehler(f"Die Anzahl muss mindestens 1 sein, nicht {anzahl}.")
    liegen = anzahl + (1 if karte is oben else 0)
    if liegen > karte.anzahl:
        if karte is oben:
            was = f"„{oben}“ liegt schon oben; dazu {anzahl} weitere wären {liegen}"
        else:
            was = f"{anzahl}-mal „{karte}“"
        raise Eingabefehler(
            f"Das geht nicht: {was}, das Kartenset hat nur {karte.anzahl}-mal „{karte}“. "
            f"({deck_lesart()})"
        )


def reinwerfen_auskunft(
    karte: Karte, oben: Karte, anzahl: int = 1, regeln: Regeln = Regeln(), fuer_andere: bool = False
) -> Auskunft:
    """Darf ``anzahl``-mal ``karte`` auf die zuletzt gespielte Karte ``oben``?

    Identisch → immer erlaubt, auch ausser der Reihe, auch mehrere auf einmal.
    Der Ass-Joker darf nur auf einen anderen Joker („verbrannt“). Ein Joker auf den
    verbrannten Ass-Joker: Konvention ``regeln.joker_auf_ass_joker``.
    Nicht identisch → zurücknehmen plus Strafkarte.
    """
    _pruefe_anzahl(karte, oben, anzahl)
    hinweise: list[Hinweis] = []
    mehrere = anzahl > 1

    if fuer_andere and regeln.vereinfacht:
        return Auskunft(
            False,
            "Vereinfachte Spielweise: Karten anderer dürfen nicht für sie reingeworfen "
            "werden, sondern nur die eigenen.",
            "sabai.ass-move",
        )

    if karte is Karte.ASS_JOKER and oben is Karte.JOKER:
        erlaubt = True
        grund = (
            "Der Ass-Joker darf auf einen anderen Joker reingeworfen („verbrannt“) werden – "
            "auch ausser der Reihe."
        )
        abschnitt = "sabai.ass-joker"
    elif karte is Karte.JOKER and oben is Karte.ASS_JOKER:
        abschnitt = "sabai.reinwerfen"
        if regeln.joker_auf_ass_joker:
            erlaubt = True
            grund = (
                "Ein Joker darf auf den verbrannten Ass-Joker reingeworfen werden: Beim "
                "Reinwerfen gilt der Ass-Joker als Joker."
            )
            hinweise.append(
                Hinweis(
                    "Der Regeltext erlaubt ausdrücklich nur den Ass-Joker auf einen anderen Joker; "
                    "umgekehrt behandeln wir ihn ebenso als Joker (einstellbar: --streng).",
                    "sabai.ass-joker",
                    HinweisArt.KONVENTION,
                )
            )
        else:
            erlaubt = False
            grund = (
                "Ein Joker ist nicht identisch mit dem Ass-Joker; der Regeltext erlaubt nur "
                "den Ass-Joker auf einen Joker, nicht umgekehrt (strenge Auslegung, "
                "--streng)."
            )
    elif karte is Karte.ASS_JOKER:
        erlaubt = False
        grund = (
            f"Der Ass-Joker darf nur auf einen anderen Joker reingeworfen werden, nicht auf "
            f"„{oben}“; direkt ablegen darf man ihn nie."
        )
        abschnitt = "sabai.ass-joker"
    elif karte is oben:
        erlaubt = True
        abschnitt = "sabai.reinwerfen"
        if mehrere:
            grund = (
                f"{anzahl} identische Karten „{karte}“ wie die zuletzt gespielte dürfen "
                "gleichzeitig reingeworfen werden, auch wenn man nicht an der Reihe ist."
            )
        else:
            grund = (
                f"Eine identische Karte „{karte}“ wie die zuletzt gespielte darf immer "
                "reingeworfen werden, auch wenn man nicht an der Reihe ist."
            )
    else:
        erlaubt = False
        abschnitt = "sabai.reinwerfen"
        grund = f"„{karte}“ ist nicht identisch mit der zuletzt gespielten Karte „{oben}“."

    if erlaubt and karte.funktion is not None:
        hinweise.append(
            Hinweis(
                f"Die Funktion von {karte} {karte.funktion} wird für jede reingeworfene Karte "
                "ausgeführt, der Reihe nach; niemand wird übersprungen.",
                "sabai.reinwerfen",
            )
        )
    if erlaubt and karte is oben and not karte.ist_joker and anzahl + 1 == karte.anzahl:
        hinweise.append(
            Hinweis(
                f"Damit liegen alle vier „{karte}“ aufgedeckt übereinander: alle fassen sich so "
                "schnell wie möglich an die Nase, die letzte Person zieht eine Strafkarte.",
                "sabai.alle-vier",
            )
        )
    if fuer_andere:
        if erlaubt:
            hinweise.append(
                Hinweis(
                    "sabai-sabai-Move: Für andere nur, solange sie ihre Karte nicht kennen oder "
                    "vergessen haben (kennen sie sie, haben sie das Vorrecht). Pro richtig "
                    "reingeworfene Karte gibst du eine deiner Karten an die andere Person ab; "
                    "Funktionen führst du selbst aus.",
                    "sabai.sabai-sabai-move",
                )
            )
        else:
            hinweise.append(
                Hinweis(
                    "sabai-sabai-Move: Die Strafkarte bekommt, wer reingeworfen hat, nicht die "
                    "andere Person.",
                    "sabai.sabai-sabai-move",
                )
            )
    folge = None if erlaubt else STRAFKARTE
    return Auskunft(erlaubt, grund, abschnitt, folge, tuple(hinweise))


def reinwerfen_erlaubt(
    karte: Karte, oben: Karte, anzahl: int = 1, regeln: Regeln = Regeln(), fuer_andere: bool = False
) -> bool:
    """Darf ``anzahl``-mal ``karte`` auf ``oben`` reingeworfen werden? (ja/nein)"""
    return reinwerfen_auskunft(karte, oben, anzahl, regeln, fuer_andere).erlaubt


def pruefe_reinwerfen(
    karte: Karte, oben: Karte, anzahl: int = 1, regeln: Regeln = Regeln(), fuer_andere: bool = False
) -> None:
    """``Regelverstoss``, wenn das Reinwerfen nicht erlaubt ist."""
    reinwerfen_auskunft(karte, oben, anzahl, regeln, fuer_andere).pruefe()


# --- Ass-Joker (sabai.ass-joker) ---------------------------------------------------------


class AssJokerFrage(StrEnum):
    """Was man mit dem Ass-Joker tun will."""

    ABLEGEN = "ablegen"  # direkt auf den Ablagestapel legen
    TAUSCHEN = "tauschen"  # gegen die gezogene Karte austauschen (er würde abgelegt)
    AUFGEDECKT = "aufgedeckt"  # unwissentlich aufgedeckt – was nun?
    GEBEN = "geben"  # mit 13 give abgeben
    SWITCH = "switch"  # mit 14 switch tauschen
    VERBRENNEN = "verbrennen"  # auf einen anderen Joker reinwerfen

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> AssJokerFrage:
        t = text.strip().casefold()
        frage = _ASS_JOKER_ALIASE.get(t)
        if frage is None:
            try:
                frage = cls(t)
            except ValueError:
                formen = ", ".join(f"„{f.value}“" for f in cls)
                raise Eingabefehler(
                    f"Unbekannte Ass-Joker-Frage „{text}“. Erlaubt sind: {formen} "
                    "(auch „gezogen“, „13“/„give“ und „14“)."
                ) from None
        return frage


_ASS_JOKER_ALIASE = {
    "13": AssJokerFrage.GEBEN,
    "give": AssJokerFrage.GEBEN,
    "abgeben": AssJokerFrage.GEBEN,
    "14": AssJokerFrage.SWITCH,
    "umtauschen": AssJokerFrage.SWITCH,
    "reinwerfen": AssJokerFrage.VERBRENNEN,
    "aufdecken": AssJokerFrage.AUFGEDECKT,
    "gezogen": AssJokerFrage.ABLEGEN,
    "spielen": AssJokerFrage.ABLEGEN,
    "abwerfen": AssJokerFrage.ABLEGEN,
    "verbrannt": AssJokerFrage.VERBRENNEN,
}


def ass_joker_auskunft(
    frage: AssJokerFrage, auf: Karte | None = None, regeln: Regeln = Regeln()
) -> Auskunft:
    """Darf der Ass-Joker so die Hand verlassen? (sabai.ass-joker)

    Nur durch 13 give, 14 switch oder verbrannt auf einem anderen Joker; nie direkt
    abgelegt oder gegen die gezogene Karte getauscht. Unwissentlich aufgedeckt → die
    gezogene Karte muss gespielt werden.
    """
    a = "sabai.ass-joker"
    if frage is AssJokerFrage.ABLEGEN:
        return Auskunft(
            False,
            "Der Ass-Joker darf nicht direkt abgelegt werden – auch nicht, "
            "wenn man ihn gerade vom Nachziehstapel gezogen hat.",
            a,
            "Gezogen: Man muss ihn behalten, also gegen eine eigene verdeckte Karte "
            "austauschen (die aufgedeckt auf den Ablagestapel kommt). Danach werden "
            "ihn nur 13 give, 14 switch oder Verbrennen auf einem anderen Joker los.",
        )
    if frage is AssJokerFrage.TAUSCHEN:
        return Auskunft(
            False,
            "Der Ass-Joker darf nicht gegen die gezogene Karte ausgetauscht "
            "(und so abgelegt) werden.",
            a,
            "Die gezogene Karte direkt spielen oder gegen eine andere eigene Karte tauschen.",
        )
    if frage is AssJokerFrage.AUFGEDECKT:
        return Auskunft(
            False,
            "Wird der Ass-Joker unwissentlich aufgedeckt, darf er trotzdem "
            "nicht abgelegt werden: Die gezogene Karte muss gespielt werden.",
            a,
            "Der Ass-Joker kommt zurück an seinen Platz; die gezogene Karte geht "
            "aufgedeckt auf den Ablagestapel.",
        )
    if frage is AssJokerFrage.GEBEN:
        return Auskunft(
            True,
            "Mit der Funktion von 13 give darf der Ass-Joker an eine andere "
            "Person abgegeben werden (ohne dass sie ihn ansieht).",
            a,
            hinweise=(Hinweis(Funktion.GIVE.text, "sabai.funktionskarten"),),
        )
    if frage is AssJokerFrage.SWITCH:
        return Auskunft(
            True,
            "Mit der Funktion von 14 switch darf der Ass-Joker gegen eine "
            "Karte einer anderen Person getauscht werden.",
            a,
            hinweise=(Hinweis(Funktion.SWITCH.text, "sabai.funktionskarten"),),
        )
    # VERBRENNEN
    if auf is None:
        raise Eingabefehler(
            "Verbrennen braucht die oberste Karte des Ablagestapels: --auf KARTE (z. B. --auf J)."
        )
    if auf is Karte.ASS_JOKER:
        raise Eingabefehler(
            "Es gibt nur einen Ass-Joker; er kann nicht auf sich selbst "
            f"verbrannt werden. ({deck_lesart()})"
        )
    return reinwerfen_auskunft(Karte.ASS_JOKER, auf, 1, regeln)


def ass_joker_uebersicht(regeln: Regeln = Regeln()) -> dict[AssJokerFrage, Auskunft]:
    """Jede Ass-Joker-Frage mit ihrer Auskunft (Verbrennen: auf einen Joker)."""
    return {
        f: ass_joker_auskunft(f, Karte.JOKER if f is AssJokerFrage.VERBRENNEN else None, regeln)
        for f in AssJokerFrage
    }


def ass_joker_erlaubt(
    frage: AssJokerFrage, auf: Karte | None = None, regeln: Regeln = Regeln()
) -> bool:
    """Darf der Ass-Joker so die Hand verlassen? (ja/nein)"""
    return ass_joker_auskunft(frage, auf, regeln).erlaubt


def pruefe_ass_joker(
    frage: AssJokerFrage, auf: Karte | None = None, regeln: Regeln = Regeln()
) -> None:
    """Wie ``ass_joker_auskunft``, aber „nicht erlaubt“ wird als ``Regelverstoss`` geworfen."""
    ass_joker_auskunft(frage, auf, regeln).pruefe()


# --- Karten und Moves erklären ------------------------------------------------------------


@dataclass(frozen=True)
class Kartenerklaerung:
    """Was eine Karte ist: Kartenpunkte, Anzahl im Set, Funktion (11–14) und Erklärung."""

    karte: Karte
    wert: int
    anzahl: int
    funktion: Funktion | None
    erklaerung: str
    abschnitt: str
    hinweise: tuple[Hinweis, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "karte": str(self.karte),
            "name": self.karte.name_de,
            "wert": self.wert,
            "anzahl": self.anzahl,
            "funktion": self.funktion.value if self.funktion else None,
            "erklaerung": self.erklaerung,
            "abschnitt": self.abschnitt,
            "hinweise": [str(h) for h in self.hinweise],
        }


def erklaere_karte(karte: Karte, regeln: Regeln = Regeln()) -> Kartenerklaerung:
    """Was eine Karte zählt und bewirkt (sabai.funktionskarten, sabai.ziel, sabai.ass-joker)."""
    lesart = Hinweis(f"{karte.anzahl}-mal im Kartenset.", "sabai.vorbereitung", HinweisArt.LESART)
    if karte.funktion is not None:
        f = karte.funktion
        text = (
            f"{karte} {f}: {f.text} Wer sie ausspielt, führt die "
            f"Funktion umgehend aus. Am Ende zählt sie {karte.wert} Kartenpunkte."
        )
        hinweise = [lesart]
        if f in (Funktion.GIVE, Funktion.SWITCH):
            hinweise.append(
                Hinweis(
                    f"Mit {karte} {f} darf auch der Ass-Joker die Hand verlassen.",
                    "sabai.ass-joker",
                )
            )
            hinweise.append(
                Hinweis(
                    f"Ass-Move: Wer zwei {karte} {f} hat, spielt die erste und schiebt die zweite "
                    "mit deren Funktion einer anderen Person zu, um sie dann für sie reinzuwerfen.",
                    "sabai.ass-move",
                )
            )
        return Kartenerklaerung(
            karte, karte.wert, karte.anzahl, f, text, "sabai.funktionskarten", tuple(hinweise)
        )
    if karte is Karte.JOKER:
        text = (
            "Joker: zählt −4 Kartenpunkte – mit Jokern sind auch Minuspunkte möglich. Wer am "
            "Ende nur die vier Joker (3 Joker und den Ass-Joker) hat, kommt in die Hall of "
            "Fame."
        )
        return Kartenerklaerung(
            karte, karte.wert, karte.anzahl, None, text, "sabai.ziel", (lesart,)
        )
    if karte is Karte.ASS_JOKER:
        text = (
            "Ass-Joker: Wer ihn am Ende der Partie hat, verliert die Partie und bekommt einen "
            "Siegespunkt abgezogen – ausser mit genau allen vier Jokern: Sieg und Hall of "
            "Fame. Er darf weder direkt abgelegt noch gegen die gezogene Karte getauscht "
            "werden; wird er unwissentlich aufgedeckt, muss die gezogene Karte gespielt "
            "werden. Er verlässt die Hand nur durch 13 give, 14 switch oder verbrannt auf "
            "einem anderen Joker."
        )
        return Kartenerklaerung(
            karte,
            regeln.ass_joker_wert,
            karte.anzahl,
            None,
            text,
            "sabai.ass-joker",
            (
                lesart,
                Hinweis(
                    f"Er zählt {zahl(regeln.ass_joker_wert)} Kartenpunkte wie ein "
                    "Joker (einstellbar).",
                    "sabai.ziel",
                    HinweisArt.KONVENTION,
                ),
            ),
        )
    text = f"Zahlkarte ohne Funktion: zählt am Ende {karte.wert} Kartenpunkte."
    return Kartenerklaerung(karte, karte.wert, karte.anzahl, None, text, "sabai.ziel", (lesart,))


class Move(StrEnum):
    """Die beiden Moves: sabai-sabai (Partie beenden) und der Ass-Move."""

    SABAI_SABAI = "sabai-sabai"
    ASS = "ass"

    def __str__(self) -> str:
        return self.value

    @property
    def abschnitt(self) -> str:
        return "sabai.sabai-sabai-move" if self is Move.SABAI_SABAI else "sabai.ass-move"

    @property
    def titel(self) -> str:
        return "sabai-sabai-Move" if self is Move.SABAI_SABAI else "Ass-Move"

    @property
    def kurz(self) -> str:
        """Eine Zusammenfassung in eigenen Worten (der Regeltext steht in rules_de/)."""
        if self is Move.SABAI_SABAI:
            return (
                "Du darfst identische Karten für andere reinwerfen, solange sie ihre Karten "
                "noch nicht kennen oder vergessen haben; kennen sie sie, haben sie das "
                "Vorrecht. Pro richtig reingeworfene Karte gibst du eine deiner Karten an die "
                "Person ab. Strafkarten bekommst du, Funktionen führst du aus."
            )
        return (
            "Mit zwei 13 give oder zwei 14 switch: die erste spielen, die zweite mit deren "
            "Funktion einer anderen Person zuschieben und sie dann für diese Person "
            "reinwerfen – so führst du die Funktion noch einmal aus und gibst ihr danach eine "
            "Karte ab. Vereinfachte Spielweise: nur eigene Karten reinwerfen."
        )

    @classmethod
    def parse(cls, text: str) -> Move:
        t = text.strip().casefold().replace("_", "-").removesuffix("-move").removesuffix("move")
        t = {"sabai": "sabai-sabai", "sabaisabai": "sabai-sabai", "ass-": "ass"}.get(t, t)
        try:
            return cls(t.strip("-"))
        except ValueError:
            raise Eingabefehler(
                f"Unbekannter Move „{text}“. Erlaubt sind: „sabai-sabai“ und „ass“."
            ) from None
