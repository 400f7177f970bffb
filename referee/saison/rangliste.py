"""Die Rangliste einer Saison: aus den Ergebnissen der Ereignisse, nach der ``Saisonwertung``.

Ein Ereignis (``Ereignis``) ist ein Spielabend oder ein Turnier mit seinen Teilnahmen: je Person
der Wert (am Abend der Schafkopf-Saldo in Cent, im Turnier die Punkte der Rangliste), der Platz
im Ereignis (gleiche Werte teilen den Platz: 1, 1, 3), die Spiele und die gewonnenen Soli.

Je Person und Ereignis entsteht ein Beitrag (``Einzelwert``):

- ``summe`` und ``schnitt``: Wert × Gewicht der Art;
- ``platzpunkte``: die Punkte des Platzes × Gewicht. Belegen k Personen gemeinsam die Plätze
  p … p+k−1, bekommt jede genau ein k-tel der Summe dieser Plätze (Formel 1, Sportliches
  Reglement Art. 7.1); Plätze jenseits der Liste bringen 0. Gerechnet wird mit Brüchen: die
  Punkte eines Ereignisses ergeben mit und ohne Gleichstand dieselbe Summe.

Der Saisonwert ist die Summe der zählenden Beiträge – bei ``beste`` = N nur der N größten (bei
gleichen Beiträgen zählt das frühere Ereignis); beim ``schnitt`` die Summe aller Beiträge
geteilt durch alle Spiele, gewertet ab ``mindestspiele`` (wer darunter bleibt, steht ohne
Platz am Ende).

Gleichstand (Konvention nach Formel 1 und Motorrad-WM: erst die Siege): mehr Siege in
Ereignissen (Platz 1, geteilt zählt mit), dann das beste Einzelergebnis (der größte Beitrag),
dann der direkte Vergleich unter den noch Gleichen (je Paar: in wie vielen gemeinsamen
Ereignissen lag der eine vor dem anderen, minus umgekehrt, summiert). Sind auch diese gleich,
teilen sie den Platz, der nächste wird übersprungen (1, 1, 3) – gelost wird nicht.

Die Reihenfolge, in der die Ereignisse übergeben werden, ändert nichts: sie werden nach Datum,
Art und Nummer geordnet.

>>> abend = Ereignis("abend", 1, "2027-01-04", (Teilnahme("Anna", 120, 1), Teilnahme("Ben", -120, 2)))
>>> [(z.platz, z.name, z.wert) for z in saisonrangliste([abend], Saisonwertung())]
[(1, 'Anna', Fraction(120, 1)), (2, 'Ben', Fraction(-120, 1))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from referee.namen import namensschluessel
from referee.saison.wertung import Saisonwertung

ARTEN = ("abend", "turnier")


def zahl(wert: Fraction) -> int | float:
    """Ein Wert für JSON: ganz als ``int``, sonst auf zwei Nachkommastellen gerundet.

    >>> zahl(Fraction(49, 3)), zahl(Fraction(12))
    (16.33, 12)
    """
    if wert.denominator == 1:
        return int(wert)
    return round(float(wert), 2)


@dataclass(frozen=True)
class Teilnahme:
    """Eine Person in einem Ereignis: Wert (Cent oder Punkte), Platz, Spiele, gewonnene Soli."""

    name: str
    wert: int
    platz: int
    spiele: int = 0
    soli: int = 0


@dataclass(frozen=True)
class Ereignis:
    """Ein Abend oder Turnier der Saison mit seinen Teilnahmen (je Person eine)."""

    art: str
    id: int
    datum: str
    teilnahmen: tuple[Teilnahme, ...]
    titel: str = ""

    @property
    def ordnung(self) -> tuple[str, int, int]:
        """Datum, Art (Abende vor Turnieren am selben Tag), Nummer."""
        return (self.datum, ARTEN.index(self.art) if self.art in ARTEN else 9, self.id)


def plaetze(werte: Mapping[str, int]) -> dict[str, int]:
    """Die Plätze nach Werten (größter zuerst), gleiche Werte teilen den Platz (1, 1, 3).

    >>> plaetze({"Anna": 50, "Ben": 50, "Cem": -100})
    {'Anna': 1, 'Ben': 1, 'Cem': 3}
    """
    sortiert = sorted(werte.items(), key=lambda x: -x[1])
    aus: dict[str, int] = {}
    for i, (name, wert) in enumerate(sortiert):
        aus[name] = aus[sortiert[i - 1][0]] if i and sortiert[i - 1][1] == wert else i + 1
    return aus


def platzpunkte(platz_je: Mapping[str, int], punkte: Sequence[int]) -> dict[str, Fraction]:
    """Die Platzpunkte je Person: wer sich mit k anderen den Platz p teilt, bekommt ein
    k-tel der Punkte der Plätze p … p+k−1 (fehlende Plätze: 0).

    >>> platzpunkte({"A": 1, "B": 2, "C": 2, "D": 4}, [25, 20, 16, 13])
    {'A': Fraction(25, 1), 'B': Fraction(18, 1), 'C': Fraction(18, 1), 'D': Fraction(13, 1)}
    """
    wie_viele: dict[int, int] = {}
    for p in platz_je.values():
        wie_viele[p] = wie_viele.get(p, 0) + 1

    def punkte_von(platz: int) -> int:
        return punkte[platz - 1] if 1 <= platz <= len(punkte) else 0

    return {
        name: Fraction(sum(punkte_von(q) for q in range(p, p + wie_viele[p])), wie_viele[p])
        for name, p in platz_je.items()
    }


@dataclass(frozen=True)
class Einzelwert:
    """Was ein Ereignis einer Person in der Saison bringt (``wert``) und ob es zählt."""

    art: str
    id: int
    datum: str
    wert: Fraction
    platz: int
    zaehlt: bool = True

    def als_json(self) -> dict[str, Any]:
        return {
            "art": self.art,
            "id": self.id,
            "datum": self.datum,
            "wert": zahl(self.wert),
            "zaehlt": self.zaehlt,
        }


@dataclass(frozen=True)
class Saisonzeile:
    """Eine Zeile der Rangliste: Platz (``None``: unter der Mindestzahl der Spiele), Person,
    Saisonwert, ihre Ereignisse (zeitlich), Spiele, gewonnene Soli, Siege, bestes Ergebnis."""

    platz: int | None
    name: str
    wert: Fraction
    ereignisse: tuple[Einzelwert, ...]
    spiele: int
    soli: int
    siege: int
    bestes: Fraction

    def als_json(self) -> dict[str, Any]:
        return {
            "platz": self.platz,
            "name": self.name,
            "wert": zahl(self.wert),
            "ereignisse": [e.als_json() for e in self.ereignisse],
            "spiele": self.spiele,
            "soli": self.soli,
        }


def beitraege(ereignis: Ereignis, wertung: Saisonwertung) -> dict[str, Fraction]:
    """Der Beitrag jeder Teilnahme des Ereignisses (Wert oder Platzpunkte, mal Gewicht)."""
    g = wertung.gewicht(ereignis.art)
    if wertung.grundlage == "platzpunkte":
        pp = platzpunkte({t.name: t.platz for t in ereignis.teilnahmen}, wertung.punkte)
        return {n: p * g for n, p in pp.items()}
    return {t.name: Fraction(t.wert * g) for t in ereignis.teilnahmen}


@dataclass
class _Konto:
    name: str
    werte: list[Einzelwert]
    spiele: int = 0
    soli: int = 0


def _gezaehlt(werte: list[Einzelwert], beste: int) -> list[Einzelwert]:
    """Die Einzelwerte (zeitlich) mit ``zaehlt``: bei ``beste`` nur die N größten (bei
    gleichem Wert das frühere Ereignis)."""
    if not beste or len(werte) <= beste:
        return werte
    rang = sorted(range(len(werte)), key=lambda i: -werte[i].wert)[:beste]
    zaehlen = set(rang)
    return [
        w if i in zaehlen else Einzelwert(w.art, w.id, w.datum, w.wert, w.platz, False)
        for i, w in enumerate(werte)
    ]


def saisonrangliste(
    ereignisse: Iterable[Ereignis], wertung: Saisonwertung
) -> tuple[Saisonzeile, ...]:
    """Die Rangliste (siehe Modul): Plätze nach Wert, Siegen, bestem Ergebnis, direktem
    Vergleich; Ereignisse einer Art mit Gewicht 0 zählen nicht (auch nicht für Spiele und
    Soli)."""
    gewertet = sorted((e for e in ereignisse if wertung.gewicht(e.art)), key=lambda e: e.ordnung)
    konten: dict[str, _Konto] = {}
    for e in gewertet:
        b = beitraege(e, wertung)
        for t in e.teilnahmen:
            k = konten.get(t.name)
            if k is None:
                k = konten[t.name] = _Konto(t.name, [])
            k.werte.append(Einzelwert(e.art, e.id, e.datum, b[t.name], t.platz))
            k.spiele += t.spiele
            k.soli += t.soli
    zeilen = []
    for k in konten.values():
        werte = _gezaehlt(k.werte, wertung.beste)
        summe = sum((w.wert for w in werte if w.zaehlt), Fraction(0))
        if wertung.grundlage == "schnitt":
            summe = summe / k.spiele if k.spiele else Fraction(0)
        zeilen.append(
            Saisonzeile(
                platz=0,
                name=k.name,
                wert=summe,
                ereignisse=tuple(werte),
                spiele=k.spiele,
                soli=k.soli,
                siege=sum(w.platz == 1 for w in werte),
                bestes=max(w.wert for w in werte),
            )
        )
    gewertete = [z for z in zeilen if z.spiele >= wertung.mindestspiele]
    darunter = [z for z in zeilen if z.spiele < wertung.mindestspiele]
    return _platziert(gewertete, gewertet) + tuple(
        _mit_platz(z, None) for z in sorted(darunter, key=_reihenfolge)
    )


def _reihenfolge(z: Saisonzeile) -> tuple[Fraction, int, Fraction, str, str]:
    return (-z.wert, -z.siege, -z.bestes, namensschluessel(z.name), z.name)


def _mit_platz(z: Saisonzeile, platz: int | None) -> Saisonzeile:
    return replace(z, platz=platz)


def _platziert(
    zeilen: list[Saisonzeile], ereignisse: Sequence[Ereignis]
) -> tuple[Saisonzeile, ...]:
    """Plätze: erst Wert, Siege, bestes Ergebnis; unter Gleichen der direkte Vergleich."""
    sortiert = sorted(zeilen, key=_reihenfolge)
    aus: list[Saisonzeile] = []
    i = 0
    while i < len(sortiert):
        j = i + 1
        schluessel = _reihenfolge(sortiert[i])[:3]
        while j < len(sortiert) and _reihenfolge(sortiert[j])[:3] == schluessel:
            j += 1
        gruppe = sortiert[i:j]
        if len(gruppe) > 1:
            vergleich = direkter_vergleich([z.name for z in gruppe], ereignisse)
            gruppe.sort(key=lambda z: -vergleich[z.name])  # stabil: sonst nach Namen
            for k, z in enumerate(gruppe):
                gleich = k and vergleich[gruppe[k - 1].name] == vergleich[z.name]
                aus.append(_mit_platz(z, aus[-1].platz if gleich else i + k + 1))
        else:
            aus.append(_mit_platz(gruppe[0], i + 1))
        i = j
    return tuple(aus)


def direkter_vergleich(namen: Sequence[str], ereignisse: Iterable[Ereignis]) -> dict[str, int]:
    """Je Person: in gemeinsamen Ereignissen mit den anderen aus ``namen`` die Zahl der Male,
    die sie vor einer anderen lag, minus die Male dahinter.

    >>> e = Ereignis("abend", 1, "2027-01-04", (Teilnahme("A", 5, 2), Teilnahme("B", 9, 1)))
    >>> direkter_vergleich(["A", "B"], [e])
    {'A': -1, 'B': 1}
    """
    wer = set(namen)
    bilanz = dict.fromkeys(namen, 0)
    for e in ereignisse:
        platz = {t.name: t.platz for t in e.teilnahmen if t.name in wer}
        for a, pa in platz.items():
            for b, pb in platz.items():
                if pa < pb:
                    bilanz[a] += 1
                    bilanz[b] -= 1
    return bilanz


def rangverlauf(
    ereignisse: Iterable[Ereignis], wertung: Saisonwertung
) -> tuple[tuple[Ereignis, ...], dict[str, list[int | None]]]:
    """Der Platz jeder Person nach jedem Ereignis (zeitlich): die Ereignisse und je Name die
    Plätze (``None``: noch nicht dabei oder ohne Platz) – für das Diagramm der Saison."""
    gewertet = tuple(
        sorted((e for e in ereignisse if wertung.gewicht(e.art)), key=lambda e: e.ordnung)
    )
    verlauf: dict[str, list[int | None]] = {}
    for i in range(len(gewertet)):
        for z in saisonrangliste(gewertet[: i + 1], wertung):
            verlauf.setdefault(z.name, [None] * len(gewertet))[i] = z.platz
    return gewertet, verlauf


__all__ = [
    "ARTEN",
    "Einzelwert",
    "Ereignis",
    "Saisonzeile",
    "Teilnahme",
    "beitraege",
    "direkter_vergleich",
    "plaetze",
    "platzpunkte",
    "rangverlauf",
    "saisonrangliste",
    "zahl",
]
