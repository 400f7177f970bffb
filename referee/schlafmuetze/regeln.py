"""Schlafmütze: Wohin muss diese Karte? (schlafmuetze.mitte, .mitspieler, .reihenfolge, .fehler)

- 100 Karten, je fünf mit den Werten 1 bis 20; die fünf 1er liegen zu Beginn als
  Stapel in der Mitte (schlafmuetze.vorbereitung).
- Mitte: nur unmittelbar aufsteigend (oben + 1). Passt die Karte auf mehrere Stapel
  in der Mitte, darf man sich einen davon aussuchen (schlafmuetze.mitte).
- Ablagestapel eines Mitspielers: oben + 1 oder oben − 1 (schlafmuetze.mitspieler);
  ein leerer Ablagestapel („-“) nimmt nichts.
- Passt die Karte auf mehrere Stapel: zuerst die Mitte, dann die Mitspieler im
  Uhrzeigersinn (schlafmuetze.reihenfolge). Nur wenn nichts passt, auf den eigenen
  Ablagestapel – damit endet der Zug.
- Fehler („Schlafmütze!“): eine Karte übersehen oder auf einen falschen Stapel
  gelegt; Strafe: von jedem Mitspieler die unterste Karte seines Zugstapels
  (schlafmuetze.fehler).
- Zugablauf: zuerst die oberste Karte des eigenen Ablagestapels, erst dann den
  Zugstapel umdrehen (schlafmuetze.spielablauf); ist der Zugstapel leer, wird der
  Ablagestapel umgedreht (schlafmuetze.zugstapel-leer).

Ziele heißen ``mitte:3`` (dritter Stapel der Mitte, von links gezählt), der Name
eines Mitspielers, oder ``eigene`` (eigener Ablagestapel).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from referee.errors import Eingabefehler, Regelverstoss

MIN_WERT, MAX_WERT = 1, 20
JE_WERT = 5
MITTE_STAPEL = 5
MIN_SPIELER, MAX_SPIELER = 2, 8
EIGENE = "eigene"
MITTE = "mitte"

ZITATE: dict[str, tuple[str, str]] = {
    "mitte": (
        "schlafmuetze.mitte",
        "In der Mitte können Karten immer nur in unmittelbar aufsteigender Reihenfolge "
        "abgelegt werden.",
    ),
    "mitte_wahl": (
        "schlafmuetze.mitte",
        "Passt die Karte auf mehrere Stapel in der Mitte, darf sich der Spieler einen "
        "beliebigen Stapel davon aussuchen.",
    ),
    "mitspieler": (
        "schlafmuetze.mitspieler",
        "Bei Mitspielern können Karten in unmittelbar aufsteigender oder absteigender "
        "Reihenfolge abgelegt werden.",
    ),
    "reihenfolge": (
        "schlafmuetze.reihenfolge",
        "Hat ein Spieler die Möglichkeit, eine Karte auf mehr als einem Stapel "
        "abzulegen, muss die Karte immer zuerst in die Mitte gelegt werden. Danach "
        "folgen die Stapel der Mitspieler im Uhrzeigersinn.",
    ),
    "eigene": (
        "schlafmuetze.spielablauf",
        "Erst wenn er eine Karte nicht mehr loswerden kann, muss er sie auf seinen eigenen "
        "Ablagestapel legen und beendet damit seinen Zug.",
    ),
    "ablauf": (
        "schlafmuetze.spielablauf",
        "Zu jeder Zeit muss der Spieler, der am Zug ist, schauen, ob er die oberste Karte "
        "seines Ablagestapels auf einen anderen Stapel (Mitspieler oder Mitte) ablegen "
        "kann. Kann er das nicht oder ist sein Ablagestapel leer, dreht er die oberste "
        "Karte seines Zugstapels um und versucht diese nun auf einen anderen Stapel "
        "(Mitspieler oder Mitte) abzulegen.",
    ),
    "fehler": (
        "schlafmuetze.fehler",
        "Zur Strafe erhält der Spieler die unterste Karte vom Zugstapel jedes Mitspielers.",
    ),
    "zugstapel_leer": (
        "schlafmuetze.zugstapel-leer",
        "Erst sobald er das nächste Mal eine Karte aufdecken muss, dreht er den "
        "Ablagestapel um und macht ihn damit zum neuen Zugstapel.",
    ),
    "erst_abgelegt": (
        "schlafmuetze.fehler",
        "Achtung: Ein Fehler ist erst dann gemacht, wenn eine Karte falsch abgelegt wurde.",
    ),
    "spielende": (
        "schlafmuetze.spielende",
        "Das Spiel endet, sobald ein Spieler seine letzte Karte losgeworden ist.",
    ),
}


def _z(schluessel: str) -> str:
    return f"„{ZITATE[schluessel][1]}“"


# --- Eingaben ----------------------------------------------------------------------------


def parse_wert(text: str, wo: str = "KARTE") -> int:
    """Ein Kartenwert 1–20."""
    t = str(text).strip()
    if not re.fullmatch(r"[0-9]{1,2}", t) or not MIN_WERT <= int(t) <= MAX_WERT:
        raise Eingabefehler(f"{wo} „{text}“ ist kein Kartenwert; erlaubt sind 1 bis 20.")
    return int(t)


@dataclass(frozen=True)
class Mitspieler:
    """Ein Mitspieler mit der obersten Karte seines Ablagestapels (``None``: leer)."""

    name: str
    oben: int | None

    def __str__(self) -> str:
        return f"{self.name}={'-' if self.oben is None else self.oben}"


@dataclass(frozen=True)
class Tisch:
    """Was offen liegt: die fünf Stapel der Mitte und die Ablagestapel der Mitspieler.

    Die Mitspieler stehen im Uhrzeigersinn, beginnend links vom Spieler am Zug.
    """

    mitte: tuple[int, ...]
    mitspieler: tuple[Mitspieler, ...] = ()

    @classmethod
    def parse(cls, mitte: str, mitspieler: str | None = None) -> Tisch:
        """``Tisch.parse("2 1 5 1 1", "Ben=10,Cem=4,Dora=-")``"""
        fehler: list[str] = []
        teile = [t for t in re.split(r"[\s,;]+", mitte.strip()) if t]
        werte: list[int] = []
        for i, t in enumerate(teile, 1):
            try:
                werte.append(parse_wert(t, f"Mitte-Stapel {i}"))
            except Eingabefehler as e:
                fehler.append(e.meldung.rstrip("."))
        if len(teile) != MITTE_STAPEL:
            fehler.append(
                f"--mitte braucht genau 5 Werte (die fünf Stapel der Mitte), nicht "
                f"{len(teile)} („{mitte}“)"
            )
        spieler: list[Mitspieler] = []
        if mitspieler is not None and mitspieler.strip():
            gesehen: set[str] = set()
            for pos, teil in enumerate([t for t in re.split(r"[,;]+", mitspieler) if t.strip()], 1):
                name, gleich, wert = (s.strip() for s in teil.partition("="))
                if not gleich or not name or not wert:
                    fehler.append(
                        f"--mitspieler: „{teil.strip()}“ (Stelle {pos}) hat nicht die "
                        f"Form NAME=WERT oder NAME=- (leerer Ablagestapel)"
                    )
                    continue
                if name.casefold() in (MITTE, EIGENE) or ":" in name:
                    fehler.append(f"--mitspieler: „{name}“ ist als Name nicht erlaubt")
                    continue
                if name.casefold() in gesehen:
                    fehler.append(f"--mitspieler: „{name}“ steht zweimal")
                    continue
                gesehen.add(name.casefold())
                if wert == "-":
                    spieler.append(Mitspieler(name, None))
                    continue
                try:
                    w = parse_wert(wert, f"Wert von {name}")
                except Eingabefehler as e:
                    fehler.append(
                        "--mitspieler: "
                        + e.meldung.rstrip(".")
                        + " oder „-“ für einen leeren Ablagestapel"
                    )
                    continue
                if w == 1:
                    fehler.append(
                        f"--mitspieler: {name}=1 kann nicht sein – alle fünf 1er "
                        f"liegen in der Mitte"
                    )
                    continue
                spieler.append(Mitspieler(name, w))
            if len(spieler) + 1 > MAX_SPIELER and not fehler:
                fehler.append(
                    f"--mitspieler: {len(spieler)} Mitspieler – Schlafmütze ist für 2–8 Personen"
                )
        if fehler:
            raise Eingabefehler("; ".join(fehler) + ".")
        return cls(tuple(werte), tuple(spieler))

    def pruefe_karte(self, karte: int) -> None:
        """Gibt es die Karte noch? Je Wert fünf Karten; die fünf 1er liegen in der Mitte."""
        if not MIN_WERT <= karte <= MAX_WERT:
            raise Eingabefehler(f"KARTE „{karte}“ ist kein Kartenwert; erlaubt sind 1 bis 20.")
        if karte == 1:
            raise Eingabefehler(
                "KARTE „1“ kann es nicht geben: alle fünf 1er liegen von Anfang an in der Mitte."
            )
        sichtbar: Counter[int] = Counter()
        for oben in self.mitte:  # ein Mitte-Stapel mit oben x enthält 1..x
            for w in range(1, oben + 1):
                sichtbar[w] += 1
        for m in self.mitspieler:
            if m.oben is not None:
                sichtbar[m.oben] += 1
        sichtbar[karte] += 1
        zu_viel = sorted(w for w, n in sichtbar.items() if n > JE_WERT)
        if zu_viel:
            w = zu_viel[0]
            raise Eingabefehler(
                f"Das passt nicht zusammen: es gibt nur fünf Karten mit dem Wert {w}, hier "
                f"wären es {sichtbar[w]} (Mitte „{' '.join(map(str, self.mitte))}“, "
                f"Mitspieler und KARTE {karte})."
            )

    def mitspieler_namen(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.mitspieler)


# --- passt die Karte? --------------------------------------------------------------------


def passt_mitte(karte: int, oben: int) -> bool:
    """Mitte: nur die unmittelbar nächsthöhere Karte."""
    return karte == oben + 1


def passt_mitspieler(karte: int, oben: int | None) -> bool:
    """Mitspieler: eins höher oder eins niedriger; leerer Ablagestapel nimmt nichts."""
    return oben is not None and abs(karte - oben) == 1


@dataclass(frozen=True)
class Wohin:
    """Wohin die Karte passt und wohin sie muss."""

    karte: int
    #: Alle passenden Stapel in Vorrangfolge: ``mitte:i`` …, dann Mitspieler im Uhrzeigersinn.
    passt: tuple[str, ...]
    #: ``mitte:i``, ``mitte`` (mehrere Mitte-Stapel zur Wahl), ein Name, oder ``eigene``.
    muss: str
    #: Jedes Ziel, das richtig ist (bei mehreren Mitte-Stapeln alle davon).
    zulaessig: tuple[str, ...]
    grund: str
    abschnitte: tuple[str, ...]

    def als_json(self) -> dict[str, Any]:
        """Die JSON-Antwort von ``referee schlafmuetze passt`` (ohne ``--nach``)."""
        return {
            "passt": list(self.passt),
            "muss": self.muss,
            "zulaessig": list(self.zulaessig),
            "schlafmuetze": False,
            "grund": self.grund,
            "abschnitt": self.abschnitte[0],
            "abschnitte": list(self.abschnitte),
        }


def wohin(karte: int, tisch: Tisch) -> Wohin:
    """Wohin muss ``karte``? Mitte vor Mitspielern, Mitspieler im Uhrzeigersinn."""
    tisch.pruefe_karte(karte)
    mitte = [f"{MITTE}:{i}" for i, oben in enumerate(tisch.mitte, 1) if passt_mitte(karte, oben)]
    spieler = [m.name for m in tisch.mitspieler if passt_mitspieler(karte, m.oben)]
    passt = tuple(mitte + spieler)
    zulaessig: tuple[str, ...]
    if len(mitte) == 1:
        muss, zulaessig = mitte[0], (mitte[0],)
        grund = f"Die {karte} muss auf Stapel {mitte[0][6:]} der Mitte (dort liegt {karte - 1}): {_z('mitte')}"
        abschnitte = [ZITATE["mitte"][0]]
        if spieler:
            grund += (
                f" Sie passt auch bei {_liste(spieler)}, aber die Mitte geht vor: "
                f"{_z('reihenfolge')}"
            )
            abschnitte.append(ZITATE["reihenfolge"][0])
    elif mitte:
        muss, zulaessig = MITTE, tuple(mitte)
        nummern = _liste([m[6:] for m in mitte])
        grund = (
            f"Die {karte} passt auf die Stapel {nummern} der Mitte (dort liegt jeweils "
            f"{karte - 1}); einer davon nach Wahl: {_z('mitte_wahl')}"
        )
        abschnitte = [ZITATE["mitte_wahl"][0]]
        if spieler:
            grund += f" Die Mitte geht vor {_liste(spieler)}: {_z('reihenfolge')}"
            abschnitte.append(ZITATE["reihenfolge"][0])
    elif spieler:
        muss, zulaessig = spieler[0], (spieler[0],)
        oben = {m.name: m.oben for m in tisch.mitspieler}[spieler[0]]
        grund = (
            f"In der Mitte passt die {karte} nicht (dort braucht es jeweils oben + 1); sie "
            f"muss zu {spieler[0]} (oben {oben}): {_z('mitspieler')}"
        )
        abschnitte = [ZITATE["mitspieler"][0]]
        if len(spieler) > 1:
            grund += (
                f" Sie passt auch bei {_liste(spieler[1:])}, aber {spieler[0]} kommt im "
                f"Uhrzeigersinn zuerst: {_z('reihenfolge')}"
            )
            abschnitte.append(ZITATE["reihenfolge"][0])
    else:
        muss, zulaessig = EIGENE, (EIGENE,)
        wo = "in der Mitte" + (" und bei keinem Mitspieler" if tisch.mitspieler else "")
        grund = (
            f"Die {karte} passt nirgends ({wo}); sie kommt auf den eigenen Ablagestapel "
            f"und der Zug endet: {_z('eigene')}"
        )
        abschnitte = [ZITATE["eigene"][0]]
    return Wohin(karte, passt, muss, zulaessig, grund, tuple(abschnitte))


def _liste(xs: list[str]) -> str:
    xs = list(xs)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " und " + xs[-1]


# --- einen Zug prüfen --------------------------------------------------------------------


class Fehlerart(StrEnum):
    """Welche „Schlafmütze!“ es war (schlafmuetze.fehler)."""

    UEBERSEHEN = "uebersehen"  # eine Karte übersehen (passte, kam aber auf den eigenen Stapel)
    REIHENFOLGE = "reihenfolge"  # passt dort, muss aber zuerst woanders hin
    FALSCHER_STAPEL = "falscher-stapel"  # passt dort gar nicht


@dataclass(frozen=True)
class Ablageauskunft:
    """Antwort auf „War es richtig, die Karte dorthin zu legen?“: ``erlaubt`` (richtig) oder
    „Schlafmütze!“ mit ``fehlerart``, Grund, Strafe und Regelabschnitten; ``wohin`` nennt die
    richtigen Ziele (die Alternativen)."""

    wohin: Wohin
    nach: str
    erlaubt: bool
    fehlerart: Fehlerart | None
    grund: str
    strafe: str | None
    abschnitte: tuple[str, ...]

    @property
    def abschnitt(self) -> str:
        return self.abschnitte[0]

    @property
    def schlafmuetze(self) -> bool:
        """„Schlafmütze!“ – das Gegenteil von ``erlaubt``."""
        return not self.erlaubt

    def als_json(self) -> dict[str, object]:
        """Die JSON-Antwort von ``referee schlafmuetze passt --nach …``."""
        w = self.wohin
        daten: dict[str, object] = {
            "passt": list(w.passt),
            "muss": w.muss,
            "zulaessig": list(w.zulaessig),
            "erlaubt": self.erlaubt,
            "schlafmuetze": self.schlafmuetze,
            "grund": self.grund,
            "nach": self.nach,
            "abschnitt": self.abschnitt,
            "abschnitte": list(self.abschnitte),
        }
        if self.schlafmuetze:
            daten["fehler"] = self.fehlerart
            daten["strafe"] = self.strafe
        return daten


def normalisiere_ziel(nach: str, tisch: Tisch) -> str:
    """``mitte``, ``mitte:3``, ``eigene`` oder ein Mitspielername (groß/klein egal)."""
    t = nach.strip()
    f = t.casefold()
    if f in (MITTE, EIGENE):
        return f
    m = re.fullmatch(r"mitte:([0-9]{1,9})", f)
    if m:
        i = int(m[1])
        if not 1 <= i <= MITTE_STAPEL:
            raise Eingabefehler(f"--nach „{nach}“: die Mitte hat die Stapel 1 bis 5.")
        return f"{MITTE}:{i}"
    for name in tisch.mitspieler_namen():
        if name.casefold() == f:
            return name
    namen = ", ".join(tisch.mitspieler_namen()) or "keine – --mitspieler fehlt"
    raise Eingabefehler(
        f"--nach „{nach}“ ist kein Ziel. Erlaubt: mitte, mitte:1 … mitte:5, "
        f"eigene oder ein Mitspieler ({namen})."
    )


def ziel_text(ziel: str) -> str:
    """``mitte:3`` → „Stapel 3 der Mitte (mitte:3)“, ``Ben`` → „den Ablagestapel von Ben“."""
    if ziel == EIGENE:
        return "den eigenen Ablagestapel"
    if ziel == MITTE:
        return "einen Stapel der Mitte"
    if ziel.startswith(MITTE + ":"):
        return f"Stapel {ziel[6:]} der Mitte ({ziel})"
    return f"den Ablagestapel von {ziel}"


def strafe_text(tisch: Tisch, eigene: bool) -> str:
    """Was nach „Schlafmütze!“ geschieht (schlafmuetze.fehler, Beispiel 5)."""
    zurueck = (
        "Die Karte bleibt auf deinem Ablagestapel."
        if eigene
        else "Die Karte zurücknehmen und auf den eigenen Ablagestapel legen."
    )
    n = len(tisch.mitspieler)
    if n:
        von = f" ({n} Karte{'n' if n != 1 else ''}: von {_liste(list(tisch.mitspieler_namen()))})"
    else:
        von = ""
    return (
        f"{zurueck} Strafe: von jedem Mitspieler die unterste Karte seines Zugstapels"
        f"{von}, unter den eigenen Zugstapel. Damit ist der Zug beendet."
    )


def ablage_auskunft(
    karte: int, tisch: Tisch, nach: str, ablage_oben: int | None = None
) -> Ablageauskunft:
    """Ist es richtig, ``karte`` nach ``nach`` zu legen? Sonst „Schlafmütze!“ mit Grund.

    ``ablage_oben``: ``karte`` ist vom Zugstapel umgedreht, und auf dem eigenen
    Ablagestapel liegt oben diese Karte. Passt sie irgendwo, hätte sie zuerst gespielt
    werden müssen: Wer dann die umgedrehte Karte irgendwo ablegt, macht den Fehler
    (schlafmuetze.fehler, „Achtung“ und Beispiel 5).
    """
    w = wohin(karte, tisch)
    ziel = normalisiere_ziel(nach, tisch)
    if ablage_oben is not None:
        wa = wohin(ablage_oben, tisch)
        if wa.muss != EIGENE:
            grund = (
                f"Schlafmütze! Übersehen: Die {ablage_oben} auf deinem Ablagestapel hätte "
                f"vor dem Umdrehen gespielt werden müssen (erst der eigene Ablagestapel, "
                f"dann der Zugstapel). {wa.grund} Mit dem Ablegen der umgedrehten {karte} "
                f"ist der Fehler gemacht: {_z('erst_abgelegt')}"
            )
            quellen = (ZITATE["fehler"][0], ZITATE["ablauf"][0], *wa.abschnitte)
            return Ablageauskunft(
                w,
                ziel,
                False,
                Fehlerart.UEBERSEHEN,
                grund,
                strafe_text(tisch, eigene=ziel == EIGENE),
                tuple(dict.fromkeys(quellen)),
            )
    if ziel == MITTE:
        richtig = w.muss == MITTE or w.muss.startswith(MITTE + ":")
    else:
        richtig = ziel in w.zulaessig
    if richtig:
        grund = f"Richtig: {w.grund}"
        return Ablageauskunft(w, ziel, True, None, grund, None, w.abschnitte)

    # Fehlerart bestimmen
    abschnitte = [ZITATE["fehler"][0]]
    if ziel == EIGENE:
        art = Fehlerart.UEBERSEHEN
        grund = (
            f"Schlafmütze! Übersehen: die {karte} hätte nicht auf den eigenen "
            f"Ablagestapel gedurft, sie passt auf {_liste(list(w.passt))}. {w.grund}"
        )
        abschnitte += list(w.abschnitte)
    elif ziel in w.passt:
        art = Fehlerart.REIHENFOLGE
        grund = (
            f"Schlafmütze! Falsche Reihenfolge: die {karte} passt zwar auf "
            f"{ziel_text(ziel)}, muss aber zuerst auf {_muss_text(w)}. "
            f"{_z('reihenfolge')}"
        )
        abschnitte.append(ZITATE["reihenfolge"][0])
    else:
        art = Fehlerart.FALSCHER_STAPEL
        grund = (
            f"Schlafmütze! Falscher Stapel: die {karte} passt nicht auf {ziel_text(ziel)} "
            f"({_warum_nicht(karte, ziel, tisch)}). {w.grund}"
        )
        abschnitte += list(w.abschnitte)
    strafe = strafe_text(tisch, eigene=ziel == EIGENE)
    return Ablageauskunft(w, ziel, False, art, grund, strafe, tuple(dict.fromkeys(abschnitte)))


def _muss_text(w: Wohin) -> str:
    if w.muss == MITTE:
        return "einen der Stapel " + _liste(list(w.zulaessig))
    return ziel_text(w.muss)


def _warum_nicht(karte: int, ziel: str, tisch: Tisch) -> str:
    if ziel == MITTE:
        return "kein Stapel der Mitte hat oben " + str(karte - 1)
    if ziel.startswith(MITTE + ":"):
        oben = tisch.mitte[int(ziel[6:]) - 1]
        return (
            f"dort liegt {oben}, in der Mitte passt nur {oben + 1}"
            if oben < MAX_WERT
            else f"dort liegt {oben}, darauf passt nichts mehr"
        )
    bei = {m.name: m.oben for m in tisch.mitspieler}[ziel]
    if bei is None:
        return f"der Ablagestapel von {ziel} ist leer und nimmt nichts"
    passend = " oder ".join(str(x) for x in (bei - 1, bei + 1) if MIN_WERT <= x <= MAX_WERT)
    return f"dort liegt {bei}, passend wäre nur {passend}"


def ablage_erlaubt(karte: int, tisch: Tisch, nach: str, ablage_oben: int | None = None) -> bool:
    """Ist das Ablegen von ``karte`` auf ``nach`` richtig (keine „Schlafmütze!“)?"""
    return ablage_auskunft(karte, tisch, nach, ablage_oben).erlaubt


def pruefe_ablage(karte: int, tisch: Tisch, nach: str, ablage_oben: int | None = None) -> None:
    """Wie ``ablage_auskunft``, aber „Schlafmütze!“ wird als ``Regelverstoss`` geworfen."""
    a = ablage_auskunft(karte, tisch, nach, ablage_oben)
    if not a.erlaubt:
        raise Regelverstoss(a.grund, a.abschnitt)


# --- Zugablauf --------------------------------------------------------------------------


class Stapel(StrEnum):
    """Womit der Zug weitergeht: die oberste eigene Ablagekarte spielen oder umdrehen."""

    ABLAGESTAPEL = "ablagestapel"
    ZUGSTAPEL = "zugstapel"


@dataclass(frozen=True)
class Zugschritt:
    """Was der Spieler am Zug als Nächstes tun muss."""

    #: Ablagestapel (oberste eigene Ablagekarte spielen) oder Zugstapel (umdrehen).
    zuerst: Stapel
    karte: int | None
    muss: str | None
    grund: str
    abschnitte: tuple[str, ...]

    @property
    def abschnitt(self) -> str:
        return self.abschnitte[0]

    def als_json(self) -> dict[str, object]:
        """Die JSON-Antwort von ``referee schlafmuetze zug``."""
        return {
            "zuerst": self.zuerst,
            "karte": self.karte,
            "muss": self.muss,
            "grund": self.grund,
            "abschnitt": self.abschnitte[0],
            "abschnitte": list(self.abschnitte),
        }


def naechster_schritt(
    tisch: Tisch | None = None,
    ablage_oben: int | None = None,
    zugstapel_leer: bool = False,
    *,
    ablage_leer: bool = False,
    aufgedeckt: int | None = None,
) -> Zugschritt:
    """Zuerst die oberste Karte des eigenen Ablagestapels, erst dann den Zugstapel.

    Ohne ``tisch`` nur die allgemeine Regel; ``ablage_leer``: der eigene Ablagestapel
    ist leer; ``zugstapel_leer``: der eigene Zugstapel ist aufgebraucht;
    ``aufgedeckt``: die schon umgedrehte Karte vom Zugstapel (wohin muss sie – oder,
    wenn die Ablagekarte passt: noch kein Fehler, erst die Ablagekarte spielen).
    """
    if aufgedeckt is not None:
        if tisch is None:
            raise Eingabefehler("Mit einer aufgedeckten Karte braucht es auch die Mitte (--mitte).")
        if ablage_oben is not None and wohin(ablage_oben, tisch).muss != EIGENE:
            w = wohin(ablage_oben, tisch)
            return Zugschritt(
                Stapel.ABLAGESTAPEL,
                ablage_oben,
                w.muss,
                f"Noch keine Schlafmütze: du hast die {aufgedeckt} schon umgedreht, obwohl die "
                f"{ablage_oben} von deinem Ablagestapel passt. {_z('erst_abgelegt')} Spiel jetzt "
                f"noch die {ablage_oben}: {w.grund} Legst du stattdessen die {aufgedeckt} ab, "
                f"ist es „Schlafmütze!“.",
                tuple(dict.fromkeys([ZITATE["erst_abgelegt"][0], *w.abschnitte])),
            )
        w = wohin(aufgedeckt, tisch)
        return Zugschritt(
            Stapel.ZUGSTAPEL,
            aufgedeckt,
            w.muss,
            w.grund,
            tuple(dict.fromkeys([ZITATE["ablauf"][0], *w.abschnitte])),
        )
    abschnitte = [ZITATE["ablauf"][0]]
    umdrehen = "Drehe die oberste Karte deines Zugstapels um"
    if zugstapel_leer:
        umdrehen = (
            "Dein Zugstapel ist leer: drehe deinen Ablagestapel um – er wird dein neuer "
            f"Zugstapel – und decke dessen oberste Karte auf ({_z('zugstapel_leer')})"
        )
        abschnitte.append(ZITATE["zugstapel_leer"][0])
    if ablage_leer:
        if zugstapel_leer:
            raise Eingabefehler(
                "Ablagestapel und Zugstapel sind beide leer: dann hast du keine "
                "Karte mehr und hast gewonnen (schlafmuetze.spielende)."
            )
        return Zugschritt(
            Stapel.ZUGSTAPEL,
            None,
            None,
            f"Dein Ablagestapel ist leer. {umdrehen}. Regel: {_z('ablauf')}",
            tuple(abschnitte),
        )
    if tisch is None or ablage_oben is None:
        return Zugschritt(
            Stapel.ABLAGESTAPEL,
            None,
            None,
            "Zuerst prüfst du die oberste Karte deines eigenen Ablagestapels; erst wenn sie "
            "nirgends passt (oder der Ablagestapel leer ist), drehst du die oberste Karte deines "
            f"Zugstapels um. Regel: {_z('ablauf')}",
            (ZITATE["ablauf"][0],),
        )
    w = wohin(ablage_oben, tisch)
    if w.muss != EIGENE:
        return Zugschritt(
            Stapel.ABLAGESTAPEL,
            ablage_oben,
            w.muss,
            f"Erst die {ablage_oben} von deinem Ablagestapel spielen, bevor du eine Karte "
            f"umdrehst: {w.grund} Regel: {_z('ablauf')}",
            tuple(dict.fromkeys([ZITATE["ablauf"][0], *w.abschnitte])),
        )
    return Zugschritt(
        Stapel.ZUGSTAPEL,
        ablage_oben,
        None,
        f"Die {ablage_oben} auf deinem Ablagestapel passt nirgends. {umdrehen}. "
        f"Regel: {_z('ablauf')}",
        tuple(abschnitte),
    )


# --- Spielende ---------------------------------------------------------------------------


def pruefe_sieg(sieger: str, spieler: list[str] | tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """Sieger und Spielerliste prüfen (2–8 Personen, Sieger spielt mit)."""
    spieler = [s.strip() for s in spieler if s.strip()]
    fehler = []
    if not MIN_SPIELER <= len(spieler) <= MAX_SPIELER:
        fehler.append(f"Schlafmütze ist für 2–8 Personen, nicht für {len(spieler)}")
    doppelt = sorted(
        {s for s in spieler if [x.casefold() for x in spieler].count(s.casefold()) > 1}
    )
    if doppelt:
        fehler.append("doppelt bei den Spielern: " + ", ".join(f"„{d}“" for d in doppelt))
    treffer = [s for s in spieler if s.casefold() == sieger.strip().casefold()]
    if not treffer:
        from referee.namen import aehnliche, meintest_du

        vorschlag = meintest_du(aehnliche(sieger.strip(), spieler))
        vorschlag = f". {vorschlag}" if vorschlag else ""
        fehler.append(
            f"„{sieger}“ ist nicht unter den Spielern ({', '.join(spieler) or '–'}){vorschlag}"
        )
    if fehler:
        t = "; ".join(fehler)
        raise Eingabefehler(t[0].upper() + t[1:] + ("" if t.endswith("?") else "."))
    return treffer[0], tuple(spieler)
