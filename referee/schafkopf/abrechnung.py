"""Schafkopf-Abrechnung: aus den Fakten eines Spiels den Preis und die Zahlungen.

Regeltext (Abschnitte ``schafkopf.faq-augen``, ``schafkopf.laufende``,
``schafkopf.stoss``): Die Spielerpartei gewinnt mit mindestens 61 Augen; Laufende
zählen ohne Unterbrechung vom höchsten Trumpf abwärts über die Hände einer Partei,
beim Rufspiel ab den drei höchsten Obern; Stoß und Retour verändern den Preis,
nicht die Gewinnschwellen; der Tarif wird vereinbart.

Alles Weitere ist Konvention und steht in ``Abrechnung.konventionen``:

- Schneider: gewonnen mit ≥ 91 Augen, verloren mit ≤ 30 Augen.
- Schwarz: eine Partei hat keinen Stich (Hausregel: nach Augen 120:0); Schwarz
  zählt Schneider und Schwarz.
- Laufende zählen erst ab ``tarif.laufende_ab`` (3; Wenz und Geier 2).
- Wert = Grundpreis + Schneider (+ Schwarz) + Laufende × Preis, dann × 2 je Klopfer
  und × 2 je Stoß/Retour.
- Tout: (Grundpreis + Laufende) × 2, ohne Schneider/Schwarz, nur mit allen Stichen
  gewonnen. Sie: (Solopreis + 8 × Laufende) × 4.
- Solo-artig (Solo, Wenz, Farbwenz, Geier, Farbgeier, Bettel): der Spieler erhält
  oder zahlt 3 × Wert, jeder Gegenspieler 1 × Wert. Rufspiel: jeder der Partei.
- Ramsch: wer die meisten Augen hat, zahlt jedem anderen den Ramschpreis;
  Gleichstand: wer den höheren Trumpf hat, verliert; jede Jungfrau verdoppelt;
  Durchmarsch gewinnt den Solopreis von jedem. Bettel: Spieler darf keinen Stich machen.

>>> a = abrechnen(Fakten(Spielart.RUFSPIEL, augen_spieler=61, laufende=3))
>>> a.wert, a.gewonnen
(50, True)
>>> zahlungen(a, ["Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"])
{'Anna': 50, 'Ben': 50, 'Cem': -50, 'Dora': -50}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, TypeVar

from referee.errors import Eingabefehler
from referee.schafkopf.karten import Blatt, Farbe, Karte
from referee.schafkopf.spielart import SPIELNAMEN, Ansage, Spiel, Spielart, spielname
from referee.schafkopf.tarif import Tarif, tarif_laden

T = TypeVar("T")

GEWINNSCHWELLE = 61
SCHNEIDER_GEWONNEN = 91
SCHNEIDER_VERLOREN = 30

#: Abschnitte des Regeltexts, auf die sich die Abrechnung stützt.
ABSCHNITTE = ("schafkopf.faq-augen", "schafkopf.laufende", "schafkopf.stoss")

#: Trümpfe je Spielart (lange Karte, kurze Karte) – die Obergrenze der Laufenden.
TRUEMPFE: dict[Spielart, tuple[int, int]] = {
    Spielart.RUFSPIEL: (14, 12),
    Spielart.SOLO: (14, 12),
    Spielart.WENZ: (4, 4),
    Spielart.GEIER: (4, 4),
    Spielart.FARBWENZ: (11, 9),
    Spielart.FARBGEIER: (11, 9),
}

#: Höchstens so oft wird geklopft (jeder der vier einmal) …
HOECHSTENS_KLOPFER = 4
#: … und so oft gestoßen (Stoß, Retour und weiter).
HOECHSTENS_STOESSE = 10

_K = "Konvention, nicht im Regeltext: "
K_SCHNEIDER = (
    _K
    + "Schneider gewinnt die Spielerpartei mit mindestens 91 Augen, Schneider verliert sie mit höchstens 30 Augen; Schneider kostet den Schneiderpreis extra."
)
K_SCHWARZ_STICHE = (
    _K
    + "Schwarz ist, wer keinen Stich gemacht hat; Schwarz kostet Schneider- und Schwarzpreis extra."
)
K_SCHWARZ_AUGEN = (
    _K
    + "Schwarz nach Augen (120:0, Hausregel schwarz_nach_augen); Schwarz kostet Schneider- und Schwarzpreis extra."
)
K_KLOPFER = _K + "Jeder Klopfer (Legen) verdoppelt den Preis."
K_STOSS = (
    _K
    + "Jeder Stoß und jedes Retour verdoppelt den Preis (der Regeltext sagt nur, dass sie den Preis verändern)."
)
K_SOLO = (
    _K
    + "Beim Solo-artigen Spiel erhält oder zahlt der Spieler das Dreifache, jeder Gegenspieler den einfachen Wert."
)
K_TOUT = (
    _K
    + "Tout ist nur mit allen Stichen gewonnen und kostet (Grundpreis + Laufende) × {f}, ohne Schneider und Schwarz."
)
K_SIE = (
    _K + "Sie (alle vier Ober und Unter) kostet (Solopreis + 8 Laufende) × {f} und ist gewonnen."
)
K_RAMSCH = (
    _K + "Ramsch: Wer die meisten Augen hat, verliert und zahlt jedem anderen den Ramschpreis."
)
K_GLEICH_TRUMPF = (
    _K + "Ramsch bei Gleichstand: Wer von den Gleichen den höheren Trumpf hat, verliert allein."
)
K_GLEICH_ALLE = (
    _K
    + "Ramsch bei Gleichstand: Alle Gleichen verlieren und zahlen jedem anderen (Hausregel ramsch_gleichstand=alle)."
)
K_JUNGFRAU = _K + "Ramsch: Jeder Spieler ohne Stich (Jungfrau) verdoppelt den Preis."
K_DURCHMARSCH = (
    _K + "Ramsch: Durchmarsch (ein Spieler macht alle Stiche) gewinnt von jedem den Solopreis."
)
K_BETTEL = (
    _K
    + "Bettel: Der Spieler gewinnt nur, wenn er keinen Stich macht; Preis laut Tarif, Zahlung wie beim Solo."
)
K_LAUFENDE_AB = _K + "Laufende zählen beim {spiel} erst ab {ab}."


@dataclass(frozen=True, slots=True)
class Fakten:
    """Was die Runde nach dem Spiel festhält (Eingabe der Abrechnung).

    ``augen_spieler``: Augen der Spielerpartei (0–120). ``stiche_spieler``: ihre
    Stiche (optional; bestimmt Schwarz und Tout genau). ``schwarz``: eine Partei
    hat keinen Stich gemacht (bei 0 Augen die Spielerpartei, bei 120 die Gegner).
    ``laufende``: Zahl der Laufenden („mit“ oder „ohne“). ``klopfer``: Zahl der
    Klopfer/Legen; ``stoesse``: Zahl der Stöße, Retours … ``kurz``: kurze Karte
    (24 Blatt, 6 Stiche).

    Ramsch, zwei Wege (Plätze 0–3):

    - *Nur die Fakten, auf die sich der Tisch einigt* (ohne Augen je Platz):
      ``ramsch_verlierer`` (der Platz mit den meisten Augen; bei der Hausregel
      ``ramsch_gleichstand=alle`` auch ein Tupel der gleichauf Liegenden),
      ``jungfrauen`` (Plätze ohne Stich) – oder statt des Verlierers
      ``durchmarsch`` (der Platz, der alle Stiche gemacht hat).
      ``Fakten(Spielart.RAMSCH, ramsch_verlierer=1, jungfrauen=(2,))``.
    - *Augen und Stiche je Platz*: ``augen`` und ``stiche`` (je 4 Werte); dann ist
      ``ramsch_verlierer`` nur bei Gleichstand der Höchsten nötig (wer davon den
      höheren Trumpf hat). Werden ``jungfrauen``/``durchmarsch`` zusätzlich
      angegeben, müssen sie zu den Stichen passen.

    Bettel: ``stiche_spieler`` (0 = gewonnen).
    """

    spielart: Spielart
    augen_spieler: int | None = None
    laufende: int = 0
    #: Trumpffarbe beim Farbsolo/Farbwenz/Farbgeier, Ruffarbe beim Rufspiel (nur für den Namen:
    #: „Herz-Solo“; der Preis hängt nicht davon ab).
    farbe: Farbe | None = None
    schwarz: bool = False
    stiche_spieler: int | None = None
    tout: bool = False
    sie: bool = False
    klopfer: int = 0
    stoesse: int = 0
    kurz: bool = False
    augen: tuple[int, ...] | None = None
    stiche: tuple[int, ...] | None = None
    ramsch_verlierer: int | tuple[int, ...] | None = None
    jungfrauen: tuple[int, ...] = ()
    durchmarsch: int | None = None


@dataclass(frozen=True, slots=True)
class Abrechnung:
    """Das Ergebnis: Wert je Gegenspieler (Cent) und wie er zustande kam.

    ``wert`` ist der Betrag, den jeder Verlierer an jeden Gewinner zahlt (Rufspiel,
    Ramsch) bzw. den jeder Gegenspieler zahlt oder erhält (Solo-artig: der
    Spieler das Dreifache). ``wert == summe(bestandteile) × faktor``.
    ``gewonnen`` gilt für die Spielerpartei; beim Ramsch heißt es Durchmarsch.
    ``laufende_gewertet``: die bezahlten Laufenden (0 unter dem Mindestwert).
    ``bestandteile``: (Bezeichnung, Cent); ``faktoren``: (Bezeichnung, Faktor).
    ``konventionen``: deutsche Sätze zu jeder angewandten Konvention.
    Ramsch: ``verlierer`` (Plätze, die zahlen), ``jungfrauen``, ``durchmarsch`` (Platz).
    """

    spielart: Spielart
    wert: int
    gewonnen: bool
    schneider: bool
    schwarz: bool
    laufende_gewertet: int
    faktor: int
    bestandteile: tuple[tuple[str, int], ...]
    faktoren: tuple[tuple[str, int], ...]
    konventionen: tuple[str, ...]
    solo_artig: bool
    tout: bool = False
    sie: bool = False
    verlierer: tuple[int, ...] = ()
    jungfrauen: tuple[int, ...] = ()
    durchmarsch: int | None = None
    farbe: Farbe | None = None

    @property
    def ansage(self) -> Ansage:
        """Spielart mit Farbe: ``Ansage(SOLO, HERZ)`` – ``.name_de`` ist „Herz-Solo“."""
        return Ansage(self.spielart, self.farbe)

    @property
    def erklaerung(self) -> str:
        """``"20 (Rufspiel) + 30 (3 Laufende × 10) = 50 × 2 (1 Klopfer) = 100"``."""
        teile = " + ".join(f"{c} ({t})" for t, c in self.bestandteile)
        summe = sum(c for _, c in self.bestandteile)
        text = teile if len(self.bestandteile) == 1 else f"{teile} = {summe}"
        for t, f in self.faktoren:
            text += f" × {f} ({t})"
        if self.faktoren:
            text += f" = {self.wert}"
        return text

    def als_json(self) -> dict[str, Any]:
        """JSON-Form ohne Zahlungen (die hängen an Plätzen/Namen, siehe ``zahlungen``)."""
        d: dict[str, Any] = {
            "spielart": self.spielart.value,
            "farbe": self.farbe.wort if self.farbe is not None else None,
            "spiel": spielname(self.spielart, self.farbe),
            "wert": self.wert,
            "gewonnen": self.gewonnen,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "laufende": self.laufende_gewertet,
            "faktor": self.faktor,
            "tout": self.tout,
            "sie": self.sie,
            "bestandteile": [{"text": t, "cent": c} for t, c in self.bestandteile],
            "faktoren": [{"text": t, "faktor": f} for t, f in self.faktoren],
            "konventionen": list(self.konventionen),
        }
        if self.spielart is Spielart.RAMSCH:
            d["verlierer"] = list(self.verlierer)
            d["jungfrauen"] = list(self.jungfrauen)
            d["durchmarsch"] = self.durchmarsch
        return d


def _ganz(name: str, wert: object, lo: int, hi: int | None, fehler: list[str]) -> None:
    if isinstance(wert, bool) or not isinstance(wert, int):
        fehler.append(f"Ungültige Angabe {name}: „{wert}“ ist keine ganze Zahl.")
    elif wert < lo or (hi is not None and wert > hi):
        bereich = f"{lo} bis {hi}" if hi is not None else f"ab {lo}"
        fehler.append(f"Unmögliche Angabe {name}: „{wert}“ (erlaubt: {bereich}).")


def _verdopplungen(f: Fakten, fehler: list[str]) -> list[tuple[str, int]]:
    _ganz("Klopfer", f.klopfer, 0, HOECHSTENS_KLOPFER, fehler)
    _ganz("Stöße", f.stoesse, 0, HOECHSTENS_STOESSE, fehler)
    if fehler:
        return []
    faktoren = []
    if f.klopfer:
        faktoren.append((f"{f.klopfer} Klopfer", 2**f.klopfer))
    if f.stoesse:
        wort = "Stoß" if f.stoesse == 1 else "Stöße"
        faktoren.append((f"{f.stoesse} {wort}", 2**f.stoesse))
    return faktoren


def _raise(fehler: list[str]) -> None:
    if fehler:
        raise Eingabefehler(" ".join(fehler))


def unklare_angaben(fakten: Fakten, tarif: Tarif | None = None) -> list[str]:
    """Angaben vom Tisch, die ``abrechnen`` zwar annimmt, die aber wohl vergessen wurden.

    Tout mit 120 Augen ohne Schwarz und ohne Stiche: ``abrechnen`` wertet das als verloren
    (ein Stich ohne Augen der Gegner), gemeint ist meist „alle Stiche“. ``schafkopf
    abrechnung`` und ``schafkopf eintragen`` fragen deshalb nach (``Eingabefehler``).
    """
    regeln = (tarif or tarif_laden()).regeln
    if (
        fakten.tout
        and fakten.augen_spieler == 120
        and not fakten.schwarz
        and fakten.stiche_spieler is None
        and not regeln.schwarz_nach_augen
    ):
        return [
            "Tout mit 120 Augen: --schwarz angeben, wenn der Spieler alle Stiche gemacht hat "
            "(sonst --stiche N); ein Stich ohne Augen der Gegner verliert das Tout."
        ]
    return []


def abrechnen(fakten: Fakten, tarif: Tarif | None = None) -> Abrechnung:
    """Wert eines Spiels aus den Fakten; widersprüchliche Fakten sind ``Eingabefehler``.

    Folgt ``schafkopf.faq-augen`` (61 Augen), ``schafkopf.laufende`` und
    ``schafkopf.stoss``; die übrigen Regeln sind Konventionen (siehe Modultext).
    """
    if tarif is None:
        tarif = tarif_laden()
    spielart = fakten.spielart
    if not isinstance(spielart, Spielart):
        try:
            spielart = Spielart(spielart)
        except ValueError:
            raise Eingabefehler(
                f"Unbekannte Spielart „{spielart}“. Erlaubt: {', '.join(s.value for s in Spielart)}."
            ) from None
    if spielart is Spielart.RAMSCH:
        return _ramsch(fakten, tarif)
    if spielart is Spielart.BETTEL:
        return _bettel(fakten, tarif)
    return _normal(fakten, spielart, tarif)


def _normal(f: Fakten, spielart: Spielart, tarif: Tarif) -> Abrechnung:
    fehler: list[str] = []
    regeln = tarif.regeln
    name = spielname(spielart, f.farbe)
    solo_artig = spielart is not Spielart.RUFSPIEL
    n_stiche = _blatt(f).handgroesse
    max_lauf = TRUEMPFE[spielart][1 if f.kurz else 0]
    augen = f.augen_spieler
    _ganz("Laufende", f.laufende, 0, max_lauf, fehler)
    if (
        fehler
        and isinstance(f.laufende, int)
        and not isinstance(f.laufende, bool)
        and f.laufende > max_lauf
    ):
        fehler[-1] = (
            f"Unmögliche Angabe Laufende: „{f.laufende}“ – beim {name} gibt es mit "
            f"{'kurzer' if f.kurz else 'langer'} Karte nur {max_lauf} Trümpfe."
        )
    faktoren = _verdopplungen(f, fehler)
    if f.tout and f.sie:
        fehler.append("Tout und Sie zugleich ist unmöglich.")
    if (f.tout or f.sie) and not solo_artig:
        fehler.append(
            f"{'Tout' if f.tout else 'Sie'} gibt es nur bei Solo-artigen Spielen, nicht beim Rufspiel."
        )
    if f.sie and spielart is not Spielart.SOLO and solo_artig:
        fehler.append(
            f"Sie (alle Ober und Unter als Trumpf) gibt es nur beim Solo, nicht beim {name}."
        )
    if f.sie and f.kurz:
        fehler.append("Sie gibt es nur mit langer Karte.")
    sie_moeglich = f.sie and spielart is Spielart.SOLO and not f.kurz
    if sie_moeglich and (augen not in (None, 120) or f.stiche_spieler not in (None, n_stiche)):
        angabe = f"{augen} Augen" if augen not in (None, 120) else f"{f.stiche_spieler} Stiche"
        fehler.append(
            f"Sie macht alle Stiche (120 Augen, {n_stiche} Stiche); angegeben sind {angabe}. "
            "Ohne alle Stiche war es kein Sie, sondern ein Solo (ggf. Tout)."
        )
    if augen is None:
        if not (f.sie or (f.tout and f.stiche_spieler is not None)):
            fehler.append("Es fehlt --augen N (Augen der Spielerpartei, 0–120).")
    else:
        _ganz("Augen", augen, 0, 120, fehler)
        if augen in (1, 119):
            fehler.append(f"Unmögliche Angabe Augen: „{augen}“ – keine Karte zählt 1 Auge.")
    s = f.stiche_spieler
    if s is not None:
        _ganz("Stiche der Spielerpartei", s, 0, n_stiche, fehler)
    _raise(fehler)

    # Schwarz: eine Partei ohne Stich (oder nach Augen, Hausregel).
    if s is not None and augen is not None:
        if s == 0 and augen > 0:
            fehler.append(f"Ohne Stich kann die Spielerpartei keine {augen} Augen haben.")
        if s == n_stiche and augen < 120:
            fehler.append(
                f"Mit allen {n_stiche} Stichen hat die Spielerpartei 120 Augen, nicht {augen}."
            )
    if f.schwarz and augen is not None and augen not in (0, 120):
        fehler.append(
            f"Schwarz passt nicht zu {augen} Augen: Schwarz ist nur bei 0 oder 120 Augen der Spielerpartei möglich."
        )
    if f.schwarz and s is not None and s not in (0, n_stiche):
        fehler.append(
            f"Schwarz passt nicht zu {s} Stichen der Spielerpartei: Schwarz heißt, eine Partei hat keinen Stich."
        )
    _raise(fehler)
    if regeln.schwarz_nach_augen:
        schwarz = augen in (0, 120)
        alle_stiche = augen == 120 if s is None else s == n_stiche
    else:
        schwarz = f.schwarz or (s is not None and s in (0, n_stiche))
        alle_stiche = s == n_stiche if s is not None else (f.schwarz and augen == 120)

    konventionen: list[str] = []
    ab = tarif.laufende_ab_fuer(spielart)
    lauf = f.laufende if f.laufende >= ab else 0
    if f.laufende and (spielart is not Spielart.RUFSPIEL or ab != 3):
        konventionen.append(K_LAUFENDE_AB.format(spiel=name, ab=ab))
    grund = tarif.grundpreis(spielart)
    bestandteile = [(name, grund)]

    if f.sie:
        lauf = 8
        bestandteile = [
            ("Solo", tarif.solo),
            (f"8 Laufende × {tarif.laufende}", 8 * tarif.laufende),
        ]
        faktoren.insert(0, ("Sie", regeln.sie_faktor))
        konventionen = [K_SIE.format(f=regeln.sie_faktor)]
        gewonnen, schneider, schwarz = True, False, False
    elif f.tout:
        if lauf:
            bestandteile.append((f"{lauf} Laufende × {tarif.laufende}", lauf * tarif.laufende))
        faktoren.insert(0, ("Tout", regeln.tout_faktor))
        konventionen.append(K_TOUT.format(f=regeln.tout_faktor))
        gewonnen, schneider, schwarz = alle_stiche, False, False
    else:
        assert augen is not None  # oben geprüft: ohne Sie/Tout fehlen die Augen nie
        gewonnen = augen >= GEWINNSCHWELLE
        schneider = schwarz or augen >= SCHNEIDER_GEWONNEN or augen <= SCHNEIDER_VERLOREN
        if schneider:
            bestandteile.append(("Schneider", tarif.schneider))
            if not schwarz:
                konventionen.append(K_SCHNEIDER)
        if schwarz:
            bestandteile.append(("Schwarz", tarif.schwarz))
            konventionen.append(K_SCHWARZ_AUGEN if regeln.schwarz_nach_augen else K_SCHWARZ_STICHE)
        if lauf:
            bestandteile.append((f"{lauf} Laufende × {tarif.laufende}", lauf * tarif.laufende))
    if f.klopfer:
        konventionen.append(K_KLOPFER)
    if f.stoesse:
        konventionen.append(K_STOSS)
    if solo_artig:
        konventionen.append(K_SOLO)

    faktor = prod(x for _, x in faktoren)
    summe = 0
    for _, c in bestandteile:
        summe += c
    return Abrechnung(
        spielart=spielart,
        wert=summe * faktor,
        gewonnen=gewonnen,
        schneider=schneider,
        schwarz=schwarz,
        laufende_gewertet=lauf,
        faktor=faktor,
        bestandteile=tuple(bestandteile),
        faktoren=tuple(faktoren),
        konventionen=tuple(konventionen),
        solo_artig=solo_artig,
        tout=f.tout,
        sie=f.sie,
        farbe=f.farbe,
    )


def _blatt(f: Fakten) -> Blatt:
    return Blatt.KURZ if f.kurz else Blatt.LANG


def _nicht_bei(f: Fakten, spiel: str, fehler: list[str]) -> None:
    if f.laufende:
        fehler.append(f"Laufende gibt es beim {spiel} nicht (angegeben: {f.laufende}).")
    if f.tout:
        fehler.append(f"Tout gibt es beim {spiel} nicht.")
    if f.sie:
        fehler.append(f"Sie gibt es beim {spiel} nicht.")
    if f.schwarz:
        fehler.append(f"Schwarz wird beim {spiel} nicht gewertet.")


def _bettel(f: Fakten, tarif: Tarif) -> Abrechnung:
    fehler: list[str] = []
    if not tarif.regeln.bettel_erlaubt:
        fehler.append(
            "Bettel ist in diesem Tarif nicht erlaubt (Hausregel bettel_erlaubt=ja setzen)."
        )
    _nicht_bei(f, "Bettel", fehler)
    faktoren = _verdopplungen(f, fehler)
    n_stiche = _blatt(f).handgroesse
    s = f.stiche_spieler
    if s is None:
        fehler.append("Beim Bettel fehlt die Zahl der Stiche des Spielers (0 = gewonnen).")
    else:
        _ganz("Stiche des Spielers", s, 0, n_stiche, fehler)
    if f.augen_spieler is not None:
        _ganz("Augen", f.augen_spieler, 0, 120, fehler)
        if s == 0 and isinstance(f.augen_spieler, int) and f.augen_spieler > 0:
            fehler.append(f"Ohne Stich kann der Spieler keine {f.augen_spieler} Augen haben.")
    _raise(fehler)
    konventionen = [K_BETTEL, K_SOLO]
    if f.klopfer:
        konventionen.append(K_KLOPFER)
    if f.stoesse:
        konventionen.append(K_STOSS)
    faktor = prod(x for _, x in faktoren)
    return Abrechnung(
        spielart=Spielart.BETTEL,
        wert=tarif.bettel * faktor,
        gewonnen=s == 0,
        schneider=False,
        schwarz=False,
        laufende_gewertet=0,
        faktor=faktor,
        bestandteile=(("Bettel", tarif.bettel),),
        faktoren=tuple(faktoren),
        konventionen=tuple(konventionen),
        solo_artig=True,
    )


def _platz(name: str, wert: object, fehler: list[str]) -> int | None:
    """Ein Platz 0–3 (in Meldungen als Platz 1–4 wie am Tisch gezählt)."""
    if isinstance(wert, bool) or not isinstance(wert, int) or not 0 <= wert <= 3:
        fehler.append(
            f"Ungültige Angabe {name}: „{wert}“ ist kein Platz (erlaubt: 0 bis 3, "
            "in Meldungen gezählt als Platz 1 bis 4)."
        )
        return None
    return wert


def _plaetze(name: str, wert: object, fehler: list[str]) -> tuple[int, ...]:
    """Ein Platz oder ein Tupel/eine Liste von Plätzen → Tupel verschiedener Plätze."""
    if wert is None:
        return ()
    roh = (wert,) if isinstance(wert, int) else wert
    if not isinstance(roh, (tuple, list, set, frozenset)):
        fehler.append(
            f"Ungültige Angabe {name}: „{wert}“ ist kein Platz und keine Liste von Plätzen."
        )
        return ()
    aus: list[int] = []
    for x in roh:
        p = _platz(name, x, fehler)
        if p is not None:
            if p in aus:
                fehler.append(f"Ungültige Angabe {name}: Platz {p + 1} steht doppelt da.")
            else:
                aus.append(p)
    return tuple(sorted(aus))


def _liste(plaetze: Iterable[int]) -> str:
    return ", ".join(str(p + 1) for p in plaetze)


def _ramsch(f: Fakten, tarif: Tarif) -> Abrechnung:
    """Ramsch: aus den Fakten des Tisches (Verlierer, Jungfrauen, Durchmarsch) oder aus
    Augen und Stichen je Platz."""
    regeln = tarif.regeln
    fehler: list[str] = []
    if not regeln.ramsch_erlaubt:
        fehler.append(
            "Ramsch ist in diesem Tarif nicht erlaubt (Hausregel ramsch_erlaubt=ja setzen)."
        )
    _nicht_bei(f, "Ramsch", fehler)
    if f.stoesse:
        fehler.append(f"Beim Ramsch gibt es keinen Stoß (angegeben: {f.stoesse}).")
    if f.augen_spieler is not None or f.stiche_spieler is not None:
        fehler.append(
            "Beim Ramsch gibt es keine Spielerpartei: Augen/Stiche je Platz (augen, stiche) "
            "oder Verlierer, Jungfrauen und Durchmarsch angeben."
        )
    faktoren = _verdopplungen(f, fehler)
    verlierer = _plaetze("Verlierer", f.ramsch_verlierer, fehler)
    jungfrauen = _plaetze("Jungfrauen", f.jungfrauen, fehler)
    durch = None if f.durchmarsch is None else _platz("Durchmarsch", f.durchmarsch, fehler)
    _raise(fehler)
    konventionen = [K_RAMSCH] + ([K_KLOPFER] if f.klopfer else [])
    if f.augen is None and f.stiche is None:
        return _ramsch_aus_fakten(verlierer, jungfrauen, durch, faktoren, konventionen, tarif)
    return _ramsch_aus_augen(f, verlierer, jungfrauen, durch, faktoren, konventionen, tarif)


def _ramsch_aus_fakten(
    verlierer: tuple[int, ...],
    jungfrauen: tuple[int, ...],
    durch: int | None,
    faktoren: list[tuple[str, int]],
    konventionen: list[str],
    tarif: Tarif,
) -> Abrechnung:
    """Ramsch aus dem, worauf sich der Tisch einigt – ohne Augen je Platz."""
    regeln = tarif.regeln
    fehler: list[str] = []
    if durch is not None:
        andere = tuple(i for i in range(4) if i != durch)
        if verlierer:
            fehler.append(
                f"Durchmarsch von Platz {durch + 1}: Dann gibt es keinen Verlierer mit den "
                f"meisten Augen (angegeben: Platz {_liste(verlierer)})."
            )
        if jungfrauen and jungfrauen != andere:
            fehler.append(
                f"Beim Durchmarsch von Platz {durch + 1} sind alle anderen Jungfrauen "
                f"(Plätze {_liste(andere)}), nicht Platz {_liste(jungfrauen)}."
            )
        _raise(fehler)
        if not regeln.durchmarsch:  # Hausregel aus: er hat 120 Augen und verliert
            verlierer, jungfrauen, durch = (durch,), andere, None
    else:
        if not verlierer:
            fehler.append(
                "Beim Ramsch fehlt, wer verliert: der Verlierer (die meisten Augen; dazu jede "
                "Jungfrau ohne Stich) oder der Durchmarsch (alle Stiche) – oder die Augen und "
                "Stiche je Platz (je vier Zahlen)."
            )
        if set(verlierer) & set(jungfrauen):
            fehler.append(
                f"Platz {_liste(sorted(set(verlierer) & set(jungfrauen)))} verliert mit den "
                "meisten Augen und kann keine Jungfrau (ohne Stich) sein."
            )
        if len(verlierer) > 1 and regeln.ramsch_gleichstand != "alle":
            fehler.append(
                f"Bei Gleichstand verliert nach der Hausregel ramsch_gleichstand=hoechster_trumpf "
                f"nur einer: anzugeben ist, wer von den Plätzen {_liste(verlierer)} den höheren "
                "Trumpf hatte."
            )
        if len(verlierer) == 1 and len(jungfrauen) == 3 and regeln.durchmarsch:
            fehler.append(
                f"Haben die drei anderen keinen Stich, hat Platz {verlierer[0] + 1} alle Stiche "
                "gemacht: Das ist ein Durchmarsch (durchmarsch angeben), kein verlorener Ramsch."
            )
        _raise(fehler)
        if len(verlierer) > 1:
            konventionen.append(K_GLEICH_ALLE)
    return _ramsch_ergebnis(verlierer, jungfrauen, durch, faktoren, konventionen, tarif)


def _ramsch_aus_augen(
    f: Fakten,
    vorgabe_verlierer: tuple[int, ...],
    vorgabe_jungfrauen: tuple[int, ...],
    vorgabe_durch: int | None,
    faktoren: list[tuple[str, int]],
    konventionen: list[str],
    tarif: Tarif,
) -> Abrechnung:
    """Ramsch aus Augen und Stichen je Platz (z. B. aus einer geprüften Partie)."""
    regeln = tarif.regeln
    fehler: list[str] = []
    n_stiche = _blatt(f).handgroesse
    augen, stiche = f.augen, f.stiche
    for was, werte in (("Augen", augen), ("Stiche", stiche)):
        if werte is None or len(werte) != 4:
            angegeben = "keine" if not werte else ", ".join(map(str, werte))
            fehler.append(
                f"Beim Ramsch braucht es die {was} aller vier Spieler (vier Zahlen, je Platz), "
                f"angegeben: {angegeben}."
            )
    _raise(fehler)
    assert augen is not None and stiche is not None
    for i, (a, s) in enumerate(zip(augen, stiche, strict=True)):
        _ganz(f"Augen von Platz {i + 1}", a, 0, 120, fehler)
        _ganz(f"Stiche von Platz {i + 1}", s, 0, n_stiche, fehler)
    _raise(fehler)
    if sum(augen) != 120:
        fehler.append(f"Die Augen ergeben {sum(augen)}, nicht 120 ({' + '.join(map(str, augen))}).")
    if sum(stiche) != n_stiche:
        fehler.append(f"Die Stiche ergeben {sum(stiche)}, nicht {n_stiche}.")
    for i, (a, s) in enumerate(zip(augen, stiche)):
        if s == 0 and a > 0:
            fehler.append(f"Platz {i + 1} hat keinen Stich, aber {a} Augen.")
        if a == 1:
            fehler.append(f"Platz {i + 1}: 1 Auge ist unmöglich.")
    _raise(fehler)

    jungfrauen = tuple(i for i, s in enumerate(stiche) if s == 0)
    durch = next((i for i, s in enumerate(stiche) if s == n_stiche), None)
    if vorgabe_jungfrauen and vorgabe_jungfrauen != jungfrauen:
        fehler.append(
            f"Jungfrauen laut Stichen: Platz {_liste(jungfrauen) or 'keiner'}, "
            f"angegeben: Platz {_liste(vorgabe_jungfrauen)}."
        )
    if vorgabe_durch is not None and vorgabe_durch != durch:
        fehler.append(
            f"Durchmarsch von Platz {vorgabe_durch + 1} passt nicht zu den Stichen "
            f"({', '.join(map(str, stiche))})."
        )
    _raise(fehler)
    if durch is not None and regeln.durchmarsch:
        return _ramsch_ergebnis((), jungfrauen, durch, faktoren, konventionen, tarif)

    hoechst = max(augen)
    gleiche = tuple(i for i, a in enumerate(augen) if a == hoechst)
    if len(gleiche) > 1:
        if regeln.ramsch_gleichstand == "alle":
            if not set(vorgabe_verlierer) <= set(gleiche):  # der Trumpf-Entscheid ist hier egal
                raise Eingabefehler(
                    f"Bei Gleichstand verlieren alle Gleichen (Plätze {_liste(gleiche)}), "
                    f"angegeben: Platz {_liste(vorgabe_verlierer)}."
                )
            verlierer = gleiche
            konventionen.append(K_GLEICH_ALLE)
        else:
            if not vorgabe_verlierer:
                raise Eingabefehler(
                    f"Gleichstand bei {hoechst} Augen (Plätze {_liste(gleiche)}): Es fehlt, wer davon den "
                    "höheren Trumpf hat und verliert."
                )
            if not set(vorgabe_verlierer) <= set(gleiche):
                raise Eingabefehler(
                    f"Verlierer „Platz {_liste(vorgabe_verlierer)}“ hat nicht die meisten Augen; gleichauf "
                    f"mit {hoechst} Augen sind die Plätze {_liste(gleiche)}."
                )
            if len(vorgabe_verlierer) != 1:
                raise Eingabefehler(
                    f"Bei Gleichstand verliert nach der Hausregel ramsch_gleichstand=hoechster_trumpf nur "
                    f"einer: anzugeben ist, wer von den Plätzen {_liste(gleiche)} den höheren Trumpf hatte."
                )
            verlierer = vorgabe_verlierer
            konventionen.append(K_GLEICH_TRUMPF)
    else:
        if vorgabe_verlierer and vorgabe_verlierer != gleiche:
            raise Eingabefehler(
                f"Verlierer „Platz {_liste(vorgabe_verlierer)}“ hat nicht die meisten Augen; "
                f"die hat Platz {gleiche[0] + 1} mit {hoechst}."
            )
        verlierer = gleiche
    return _ramsch_ergebnis(verlierer, jungfrauen, None, faktoren, konventionen, tarif)


def _ramsch_ergebnis(
    verlierer: tuple[int, ...],
    jungfrauen: tuple[int, ...],
    durch: int | None,
    faktoren: list[tuple[str, int]],
    konventionen: list[str],
    tarif: Tarif,
) -> Abrechnung:
    """Preis des Ramsch: Durchmarsch (Solopreis von jedem) oder Ramschpreis × Jungfrauen × Klopfer."""
    regeln = tarif.regeln
    if durch is not None:
        konventionen = [K_DURCHMARSCH] + [k for k in konventionen if k != K_RAMSCH]
        faktor = prod(x for _, x in faktoren)
        return Abrechnung(
            spielart=Spielart.RAMSCH,
            wert=tarif.solo * faktor,
            gewonnen=True,
            schneider=False,
            schwarz=False,
            laufende_gewertet=0,
            faktor=faktor,
            bestandteile=(("Durchmarsch zum Solopreis", tarif.solo),),
            faktoren=tuple(faktoren),
            konventionen=tuple(konventionen),
            solo_artig=True,
            jungfrauen=tuple(i for i in range(4) if i != durch),
            durchmarsch=durch,
        )
    faktoren = list(faktoren)
    if jungfrauen and regeln.jungfrau_verdoppelt:
        n = len(jungfrauen)
        faktoren.insert(0, (f"{n} Jungfrau" if n == 1 else f"{n} Jungfrauen", 2**n))
        konventionen.append(K_JUNGFRAU)
    faktor = prod(x for _, x in faktoren)
    return Abrechnung(
        spielart=Spielart.RAMSCH,
        wert=tarif.ramsch * faktor,
        gewonnen=False,
        schneider=False,
        schwarz=False,
        laufende_gewertet=0,
        faktor=faktor,
        bestandteile=(("Ramsch", tarif.ramsch),),
        faktoren=tuple(faktoren),
        konventionen=tuple(konventionen),
        solo_artig=False,
        verlierer=verlierer,
        jungfrauen=jungfrauen,
    )


def hoechster_trumpf_platz(
    karten_je_platz: Sequence[Iterable[Karte]], plaetze: Iterable[int]
) -> int | None:
    """Ramsch-Gleichstand: welcher der ``plaetze`` hält den höchsten Trumpf (Rufspiel-Trümpfe)?

    ``karten_je_platz`` sind die Karten je Platz, die die Runde vergleicht (üblich:
    das ausgegebene Blatt). Ergebnis für ``Fakten.ramsch_verlierer``; ``None``, wenn
    keiner der Plätze einen Trumpf hat.
    """
    spiel = Spiel(Spielart.RAMSCH)
    best, best_rang = None, -1
    for platz in plaetze:
        for karte in karten_je_platz[platz]:
            if spiel.ist_trumpf(karte) and spiel.staerke(karte) > best_rang:
                best, best_rang = platz, spiel.staerke(karte)
    return best


def zahlungen(
    abrechnung: Abrechnung, spieler_partei: Collection[T], alle: Sequence[T]
) -> dict[T, int]:
    """Betrag je Teilnehmer (Cent, + erhält, − zahlt), in der Reihenfolge von ``alle``.

    ``alle`` sind die vier Teilnehmer (Plätze oder Namen) in Sitzordnung,
    ``spieler_partei`` die Spielerpartei daraus (Rufspiel zwei, Solo-artig einer;
    beim Ramsch ohne Bedeutung, die Plätze stehen in der Abrechnung). Rufspiel:
    jeder Gewinner erhält den Wert, jeder Verlierer zahlt ihn. Solo-artig: der
    Spieler 3 × Wert, jeder Gegenspieler 1 × Wert. Die Summe ist immer 0.
    """
    w = abrechnung.wert
    n = len(alle)
    if n != 4 or len(set(alle)) != 4:
        raise Eingabefehler(f"Es braucht genau vier verschiedene Teilnehmer, nicht {list(alle)!r}.")
    if abrechnung.spielart is Spielart.RAMSCH:
        if abrechnung.durchmarsch is not None:
            d = abrechnung.durchmarsch
            return {x: (w * (n - 1) if i == d else -w) for i, x in enumerate(alle)}
        verl = abrechnung.verlierer
        k = len(verl)
        return {x: (-w * (n - k) if i in verl else w * k) for i, x in enumerate(alle)}
    partei = set(spieler_partei)
    soll = 1 if abrechnung.solo_artig else 2
    if len(partei) != soll or not partei <= set(alle):
        raise Eingabefehler(
            f"Die Spielerpartei {sorted(map(str, partei))} passt nicht: Beim "
            f"{SPIELNAMEN[abrechnung.spielart]} besteht sie aus {soll} der Teilnehmer {list(map(str, alle))}."
        )
    v = w if abrechnung.gewonnen else -w
    if abrechnung.solo_artig:
        return {x: (v * (n - 1) if x in partei else -v) for x in alle}
    return {x: (v if x in partei else -v) for x in alle}


def abrechnung_mit_zahlungen(
    fakten: Fakten, spieler_partei: Collection[T], alle: Sequence[T], tarif: Tarif | None = None
) -> tuple[Abrechnung, dict[T, int]]:
    """Die Frage am Tisch in einem Aufruf: Fakten prüfen (auch ``unklare_angaben``),
    abrechnen und die Beträge je Teilnehmer (``zahlungen``). Fehler: ``Eingabefehler``."""
    unklar = unklare_angaben(fakten, tarif)
    if unklar:
        raise Eingabefehler(" ".join(unklar))
    abrechnung = abrechnen(fakten, tarif)
    return abrechnung, zahlungen(abrechnung, spieler_partei, alle)


def zahlungen_nach_sitz(abrechnung: Abrechnung, spieler_partei: Collection[int]) -> list[int]:
    """Zahlungen der Plätze 0–3 als Liste (für die Partie-JSON)."""
    return list(zahlungen(abrechnung, spieler_partei, (0, 1, 2, 3)).values())


__all__ = [
    "ABSCHNITTE",
    "GEWINNSCHWELLE",
    "SCHNEIDER_GEWONNEN",
    "SCHNEIDER_VERLOREN",
    "SPIELNAMEN",
    "TRUEMPFE",
    "Abrechnung",
    "Fakten",
    "abrechnen",
    "abrechnung_mit_zahlungen",
    "hoechster_trumpf_platz",
    "spielname",
    "unklare_angaben",
    "zahlungen",
    "zahlungen_nach_sitz",
]
