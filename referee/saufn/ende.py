"""Spielende bei SAUFN: Plätze und Schlückeverteilung (saufn.spielende, saufn.schlueckeverteilung).

- 3 Personen: nur Platz 1, er verteilt 20 Schlücke an alle; dann endet das Spiel.
- 4–8 Personen: Platz 1 verteilt 20 an alle, Platz 2 15 an alle außer den Sieger,
  Platz 3 10 an alle außer Platz 1 und 2.
- Weniger als 3 oder mehr als 8 Personen: SAUFN ist für 3–8 Personen.

„Alle teilnehmenden Personen“ schließt dem Wortlaut nach die verteilende Person
selbst ein; der Regeltext verbietet das nicht.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from referee.errors import Eingabefehler, Regelverstoss
from referee.saufn.karten import falte

MIN_SPIELER, MAX_SPIELER = 3, 8
#: Schlücke je Platz (Platz 1, 2, 3).
SCHLUECKE = (20, 15, 10)

ABSCHNITT = "saufn.schlueckeverteilung"
ZITATE = {
    "drei": "Hier endet das Spiel, da das Spiel nicht zu zweit gespielt werden kann.",
    1: "Platz 1 darf 20 Schlücke verteilen. Der erste Platz darf die Schlücke an alle "
    "teilnehmenden Personen verteilen.",
    2: "Platz 2 darf 15 Schlücke verteilen. Der zweite Platz darf die Schlücke an alle "
    "teilnehmenden Personen bis auf den Sieger verteilen.",
    3: "Platz 3 darf 10 Schlücke verteilen. Der dritte Platz darf die Schlücke an alle "
    "teilnehmenden Personen bis auf den Sieger und den zweiten Platz verteilen.",
}

#: Hinweis zu verantwortungsvollem Konsum, wörtlich aus saufn.hinweis und saufn.einleitung
#: (derselbe Text steht in ``referee saufn --help``).
HINWEIS = (
    "Hinweis aus der Anleitung (verantwortungsvoller Konsum): „Wir empfehlen und bitten "
    "alle Personen, im Rahmen dieses Spiels respektvoll zu handeln, aufmerksam zu sein und "
    "Alkohol bewusst und in Maßen zu konsumieren.“ – „Das Spiel kann jederzeit auch ohne "
    "alkoholische Getränke gespielt werden.“"
)
HINWEIS_ABSCHNITT = "saufn.hinweis"

#: Unsere Lesart von „an alle teilnehmenden Personen“ (in der Ausgabe genannt).
LESART_SELBST = (
    "Lesart, nicht ausdrücklich im Regeltext: „an alle teilnehmenden Personen“ schließt dem "
    "Wortlaut nach die verteilende Person selbst ein."
)


@dataclass(frozen=True)
class Verteiler:
    """Ein Platz, der Schlücke verteilen darf."""

    platz: int
    name: str
    schluecke: int
    an: tuple[str, ...]


@dataclass(frozen=True)
class Spielende:
    """Wer wie viele Schlücke an wen verteilen darf."""

    spieler: tuple[str, ...]
    plaetze: tuple[str, ...]
    verteiler: tuple[Verteiler, ...]
    #: Bei 3 Personen endet das Spiel nach Platz 1.
    nur_platz_eins: bool
    hinweise: tuple[str, ...] = ()

    @property
    def abschnitt(self) -> str:
        return ABSCHNITT

    def als_eintrag(self, verteilung: dict[str, dict[str, int]] | None = None) -> dict[str, Any]:
        """Das ``ergebnis`` für den Speicher (Vertrag in GEMEINSAM.md); mit ``verteilung``
        (``parse_verteilung``) auch die Schlücke je Person."""
        return {
            "plaetze": list(self.plaetze),
            "spieler": list(self.spieler),
            "schluecke": schluecke_je_person(verteilung, self.spieler) if verteilung else None,
        }


def _doppelte(namen: list[str]) -> list[str]:
    gesehen: dict[str, str] = {}
    doppelt = []
    for n in namen:
        f = falte(n)
        if f in gesehen and n not in doppelt:
            doppelt.append(n)
        gesehen.setdefault(f, n)
    return doppelt


def _meintest_du(name: str, bekannt: dict[str, str]) -> str:
    """`` (Meintest du „Anna“?)`` für einen Tippfehler, sonst leer (``referee.namen``)."""
    from referee.namen import aehnliche, meintest_du

    vorschlag = meintest_du(aehnliche(name, bekannt.values(), schluessel=falte))
    return f" ({vorschlag})" if vorschlag else ""


def spielende(
    plaetze: list[str] | tuple[str, ...], spieler: list[str] | tuple[str, ...]
) -> Spielende:
    """Plätze prüfen und sagen, wer wie viele Schlücke an wen verteilen darf.

    Wirft ``Eingabefehler`` bei falscher Spielerzahl, doppelten oder fremden Namen.
    """
    plaetze, spieler = list(plaetze), list(spieler)
    fehler: list[str] = []
    n = len(spieler)
    if n < MIN_SPIELER:
        fehler.append(
            f"SAUFN ist für 3–8 Personen; mit {n} Person{'en' if n != 1 else ''} "
            f"({', '.join(spieler) or '–'}) kann es nicht gespielt werden "
            f"(„{ZITATE['drei']}“)"
        )
    elif n > MAX_SPIELER:
        fehler.append(f"SAUFN ist für 3–8 Personen, nicht für {n}")
    if d := _doppelte(spieler):
        fehler.append("doppelt bei den Spielern: " + ", ".join(f"„{x}“" for x in d))
    if not plaetze:
        fehler.append("es fehlt mindestens Platz 1 (--platz NAME …)")
    if d := _doppelte(plaetze):
        fehler.append("doppelt bei den Plätzen: " + ", ".join(f"„{x}“" for x in d))
    bekannt = {falte(s): s for s in spieler}
    fremd = [p for p in plaetze if falte(p) not in bekannt]
    if fremd:
        fehler.append(
            "nicht unter den Spielern ("
            + ", ".join(spieler)
            + "): "
            + ", ".join(f"„{x}“{_meintest_du(x, bekannt)}" for x in fremd)
        )
    nur_eins = n == MIN_SPIELER
    if not nur_eins and MIN_SPIELER < n <= MAX_SPIELER and plaetze and len(plaetze) < 3:
        fehler.append(
            f"bei {n} Personen gibt es die Plätze 1, 2 und 3 – angegeben "
            f"{len(plaetze)} ({', '.join(plaetze)})"
        )
    if fehler:
        raise Eingabefehler("; ".join(fehler)[0].upper() + "; ".join(fehler)[1:] + ".")

    plaetze = [bekannt[falte(p)] for p in plaetze]
    hinweise: list[str] = []
    if nur_eins:
        if len(plaetze) > 1:
            hinweise.append(
                f"Bei 3 Personen gibt es nur Platz 1 ({plaetze[0]}); das Spiel endet hier, "
                f"{', '.join(plaetze[1:])} verteil{'t' if len(plaetze) == 2 else 'en'} nichts."
            )
        plaetze = plaetze[:1]
    elif len(plaetze) > 3:  # die ganze Reihenfolge angegeben: ab Platz 4 wird nichts verteilt
        rest = plaetze[3:]
        hinweise.append(
            f"Es gibt nur die Plätze 1, 2 und 3; {', '.join(rest)} "
            f"verteil{'t' if len(rest) == 1 else 'en'} nichts und "
            f"{'wird' if len(rest) == 1 else 'werden'} nicht als Platz eingetragen."
        )
        plaetze = plaetze[:3]
    verteiler = []
    for i, name in enumerate(plaetze):
        ausgenommen = set(plaetze[:i])
        verteiler.append(
            Verteiler(i + 1, name, SCHLUECKE[i], tuple(s for s in spieler if s not in ausgenommen))
        )
    return Spielende(tuple(spieler), tuple(plaetze), tuple(verteiler), nur_eins, tuple(hinweise))


# --- Verteilung ---------------------------------------------------------------------------

_GRUPPE = re.compile(r"^(?P<geber>[^:=,]+):(?P<rest>.*)$")


def parse_verteilung(text: str) -> dict[str, dict[str, int]]:
    """``"Anna:Ben=5,Cem=15 Ben:Cem=15"`` → ``{"Anna": {"Ben": 5, "Cem": 15}, "Ben": {"Cem": 15}}``.

    Gruppen durch Leerzeichen oder „;“ getrennt, Empfänger durch Kommas; Leerzeichen um
    „:“, „,“ und „=“ stören nicht.

    >>> parse_verteilung("Anna: Ben=5, Cem = 15; Ben:Cem=15")
    {'Anna': {'Ben': 5, 'Cem': 15}, 'Ben': {'Cem': 15}}
    """
    ergebnis: dict[str, dict[str, int]] = {}
    fehler: list[str] = []
    text = re.sub(r"\s*([:,=])\s*", r"\1", text)  # „Anna: Ben=5, Cem = 15“ geht auch
    gruppen = [g for g in re.split(r"[;\s]+", text.strip()) if g]
    if not gruppen:
        raise Eingabefehler('Leere Verteilung. Form: --verteilung "Anna:Ben=5,Cem=15 Ben:Cem=15".')
    for pos, gruppe in enumerate(gruppen, 1):
        m = _GRUPPE.match(gruppe)
        if not m:
            fehler.append(f"Gruppe {pos} „{gruppe}“ hat nicht die Form GEBER:EMPFÄNGER=ZAHL,…")
            continue
        geber = m["geber"]
        if geber in ergebnis:
            fehler.append(f"„{geber}“ steht zweimal als Verteiler (Gruppe {pos})")
            continue
        an: dict[str, int] = {}
        for teil in [t for t in m["rest"].split(",") if t] or [""]:
            name, gleich, zahl = teil.partition("=")
            if not gleich or not name or not zahl:
                fehler.append(f"„{teil}“ in Gruppe {pos} hat nicht die Form EMPFÄNGER=ZAHL")
                continue
            if not (zahl.isascii() and zahl.isdigit()) or len(zahl) > 9 or int(zahl) == 0:
                fehler.append(f"„{zahl}“ bei {name} (Gruppe {pos}) ist keine positive ganze Zahl")
                continue
            if name in an:
                fehler.append(f"„{name}“ steht in Gruppe {pos} zweimal")
                continue
            an[name] = int(zahl)
        ergebnis[geber] = an
    if fehler:
        raise Eingabefehler("Verteilung: " + "; ".join(fehler) + ".")
    return ergebnis


@dataclass(frozen=True)
class Verteilungsbericht:
    """Ob eine Schlückeverteilung die Grenzen einhält; alle Fehler und Hinweise auf einmal."""

    gueltig: bool
    fehler: tuple[str, ...]
    hinweise: tuple[str, ...] = ()


def verteilung_bericht(
    ende: Spielende, verteilung: dict[str, dict[str, int]], *, alle_verteilen: bool = False
) -> Verteilungsbericht:
    """Hält die vorgeschlagene Verteilung die Grenzen je Platz ein?

    ``alle_verteilen``: Konvention – jeder Platz muss seine Schlücke ganz verteilen
    (der Regeltext sagt nur „darf … verteilen“).
    """
    namen = {falte(s): s for s in ende.spieler}
    unbekannt = sorted(
        {n for g, an in verteilung.items() for n in (g, *an) if falte(n) not in namen}
    )
    if unbekannt:
        raise Eingabefehler(
            "Verteilung: nicht unter den Spielern ("
            + ", ".join(ende.spieler)
            + "): "
            + ", ".join(f"„{n}“{_meintest_du(n, namen)}" for n in unbekannt)
            + "."
        )
    nach_name = {v.name: v for v in ende.verteiler}
    fehler: list[str] = []
    hinweise: list[str] = []
    for geber_roh, an_roh in verteilung.items():
        geber = namen[falte(geber_roh)]
        an = {namen[falte(n)]: z for n, z in an_roh.items()}
        v = nach_name.get(geber)
        if v is None:
            if ende.nur_platz_eins:
                fehler.append(
                    f"{geber} darf nichts verteilen: bei 3 Personen verteilt nur "
                    f"Platz 1 ({ende.plaetze[0]}) – „{ZITATE['drei']}“"
                )
            else:
                fehler.append(f"{geber} hat keinen der Plätze 1–3 und darf nichts verteilen")
            continue
        summe = sum(an.values())
        if summe > v.schluecke:
            fehler.append(
                f"{geber} (Platz {v.platz}) verteilt {summe} statt höchstens "
                f"{v.schluecke} Schlücke – „{ZITATE[v.platz]}“"
            )
        elif summe < v.schluecke:
            if alle_verteilen:
                fehler.append(
                    f"{geber} (Platz {v.platz}) verteilt nur {summe} von "
                    f"{v.schluecke} Schlücken (--alle-verteilen)"
                )
            else:
                hinweise.append(
                    f"{geber} (Platz {v.platz}) verteilt nur {summe} von {v.schluecke} "
                    f"Schlücken. Konvention, nicht im Regeltext: „darf verteilen“ heißt "
                    f"höchstens; mit --alle-verteilen müssen es genau {v.schluecke} sein."
                )
        verboten = [n for n in an if n not in v.an]
        if verboten:
            fehler.append(
                f"{geber} (Platz {v.platz}) darf nicht an "
                f"{', '.join(verboten)} verteilen – „{ZITATE[v.platz]}“"
            )
    for v in ende.verteiler:
        if alle_verteilen and v.name not in {namen[falte(g)] for g in verteilung}:
            fehler.append(f"{v.name} (Platz {v.platz}) fehlt in der Verteilung (--alle-verteilen)")
    return Verteilungsbericht(not fehler, tuple(fehler), tuple(hinweise))


def schluecke_je_person(
    verteilung: dict[str, dict[str, int]], spieler: tuple[str, ...]
) -> dict[str, int]:
    """Wie viele Schlücke jede Person insgesamt bekommt (für das Eintragen)."""
    namen = {falte(s): s for s in spieler}
    summe = {s: 0 for s in spieler}
    for an in verteilung.values():
        for n, z in an.items():
            summe[namen[falte(n)]] += z
    return summe


def pruefe_verteilung(
    ende: Spielende, verteilung: dict[str, dict[str, int]], *, alle_verteilen: bool = False
) -> None:
    """Wie ``verteilung_bericht``, aber Verstöße als ``Regelverstoss``."""
    p = verteilung_bericht(ende, verteilung, alle_verteilen=alle_verteilen)
    if not p.gueltig:
        raise Regelverstoss("Verteilung ungültig: " + "; ".join(p.fehler) + ".", ABSCHNITT)
