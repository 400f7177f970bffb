"""Kennzahlen einer Saison je Person: Spiele, gewonnen, Soli, bester Abend, längste Serie,
mit wem jemand als Rufspiel-Partner am besten spielt.

Gezählt wird, was sich Spiel für Spiel nachlesen lässt: die Schafkopfspiele der Abende
(``Abendspiel``, in Spielfolge). Von Turnieren kennt die Saison die Summen der Rangliste (Punkte,
Platz, Spiele des Tisches, gewonnene Soli); sie stehen je Person unter ``turniere``, ihre Spiele
und gewonnenen Soli zählen zu den Summen (ein Solo im Turnier zählt nur, wenn es gewonnen wurde:
das Blatt nennt verlorene nicht – es steht dann bei gespielt und gewonnen), ein Turnierspiel aber nicht zu „gewonnen“ und „Serie“
(die Blätter zeigen nur Summen).

Gewonnen hat ein Spieler ein Spiel, wenn sein Betrag positiv ist (wie ``referee statistik``);
eine Serie sind gewonnene Spiele ohne Unterbrechung durch ein Spiel, in dem er mitspielte und
nicht gewann – über die Abende der Saison hinweg, in zeitlicher Folge. Rufspiel-Partner sind
Spieler und Partner eines Rufspiels; ein Paar erscheint in ``paare`` ab ``PAAR_AB`` gemeinsamen
Spielen (Konvention: weniger sagt nichts), am besten nach gewonnen %, dann nach Spielen.

>>> s = Abendspiel(1, "2027-01-04", (("A", 20), ("B", 20), ("C", -20), ("D", -20)),
...                "rufspiel", "A", "B", True, False)
>>> k = kennzahlen([s, s], [])
>>> k["A"].gewonnen, k["A"].laengste_serie.spiele, k["A"].partner[0].name
(2, 2, 'B')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.namen import namensschluessel
from referee.saison.rangliste import Ereignis

#: Ein Paar steht in der Liste der besten Paare ab so vielen gemeinsamen Rufspielen.
PAAR_AB = 3


@dataclass(frozen=True)
class Abendspiel:
    """Ein geltendes Schafkopfspiel eines Abends, mit den Namen der Personen (Aliase schon
    aufgelöst): Abend, Datum, Beträge je Person (Cent), Spielart, Spieler, Partner, ob die
    Spielerpartei gewann, ob es ein Solo war (einer gegen drei)."""

    abend: int
    datum: str
    zahlungen: tuple[tuple[str, int], ...]
    spielart: str
    spieler: str | None
    partner: str | None
    gewonnen: bool
    solo: bool


@dataclass(frozen=True)
class Bilanz:
    gespielt: int = 0
    gewonnen: int = 0

    def als_json(self) -> dict[str, int]:
        return {"gespielt": self.gespielt, "gewonnen": self.gewonnen}


def prozent(teil: int, ganz: int) -> float | None:
    return round(100 * teil / ganz, 1) if ganz else None


@dataclass(frozen=True)
class Partner:
    """Mit ``name`` als Rufspiel-Partner: gemeinsame Spiele, davon gewonnen."""

    name: str
    spiele: int
    gewonnen: int

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "spiele": self.spiele,
            "gewonnen": self.gewonnen,
            "gewonnen_prozent": prozent(self.gewonnen, self.spiele),
        }


@dataclass(frozen=True)
class Serie:
    """Die längste Folge gewonnener Spiele: Länge und wo sie begann (Abend, Datum)."""

    spiele: int = 0
    abend: int | None = None
    datum: str | None = None

    def als_json(self) -> dict[str, Any]:
        return {"spiele": self.spiele, "abend": self.abend, "datum": self.datum}


@dataclass(frozen=True)
class Turniere:
    """Die Turniere einer Person in der Saison: wie viele, Punkte, bester Platz, Soli."""

    anzahl: int = 0
    punkte: int = 0
    bester_platz: int | None = None
    soli: int = 0

    def als_json(self) -> dict[str, Any]:
        return {
            "anzahl": self.anzahl,
            "punkte": self.punkte,
            "bester_platz": self.bester_platz,
            "soli": self.soli,
        }


@dataclass(frozen=True)
class Kennzahlen:
    """Die Kennzahlen einer Person (siehe Modul)."""

    name: str
    spiele: int
    abendspiele: int
    gewonnen: int
    soli: Bilanz
    bester_abend: tuple[int, str, int] | None  # (Abend, Datum, Cent)
    laengste_serie: Serie
    partner: tuple[Partner, ...] = field(default=())
    turniere: Turniere = field(default_factory=Turniere)

    def als_json(self) -> dict[str, Any]:
        a = self.bester_abend
        return {
            "name": self.name,
            "spiele": self.spiele,
            "abendspiele": self.abendspiele,
            "gewonnen": self.gewonnen,
            "gewonnen_prozent": prozent(self.gewonnen, self.abendspiele),
            "soli": self.soli.als_json(),
            "bester_abend": None if a is None else {"abend": a[0], "datum": a[1], "cent": a[2]},
            "laengste_serie": self.laengste_serie.als_json(),
            "partner": [p.als_json() for p in self.partner],
            "turniere": self.turniere.als_json(),
        }


@dataclass
class _Zaehler:
    spiele: int = 0
    gewonnen: int = 0
    soli_gespielt: int = 0
    soli_gewonnen: int = 0
    je_abend: dict[tuple[int, str], int] = field(default_factory=dict)
    serie: int = 0
    serie_start: tuple[int, str] | None = None
    beste: Serie = field(default_factory=Serie)
    partner: dict[str, list[int]] = field(default_factory=dict)


def kennzahlen(
    spiele: Sequence[Abendspiel], ereignisse: Iterable[Ereignis]
) -> dict[str, Kennzahlen]:
    """Je Person ihre Kennzahlen aus den Spielen der Abende (zeitlich, in Spielfolge) und den
    Turnieren unter ``ereignisse`` (Abende darin werden übergangen: ihre Spiele sind
    ``spiele``)."""
    z: dict[str, _Zaehler] = {}
    for s in spiele:
        for name, betrag in s.zahlungen:
            k = z.setdefault(name, _Zaehler())
            k.spiele += 1
            abend = (s.abend, s.datum)
            k.je_abend[abend] = k.je_abend.get(abend, 0) + betrag
            if betrag > 0:
                k.gewonnen += 1
                if not k.serie:
                    k.serie_start = abend
                k.serie += 1
                if k.serie > k.beste.spiele:
                    start = k.serie_start or abend
                    k.beste = Serie(k.serie, start[0], start[1])
            else:
                k.serie = 0
            if s.solo and name == s.spieler:
                k.soli_gespielt += 1
                k.soli_gewonnen += s.gewonnen
        if s.spielart == "rufspiel" and s.spieler and s.partner:
            for a, b in ((s.spieler, s.partner), (s.partner, s.spieler)):
                zaehl = z.setdefault(a, _Zaehler()).partner.setdefault(b, [0, 0])
                zaehl[0] += 1
                zaehl[1] += s.gewonnen
    turniere: dict[str, Turniere] = {}
    turnierspiele: dict[str, int] = {}
    for e in ereignisse:
        if e.art != "turnier":
            continue
        for tn in e.teilnahmen:
            alt = turniere.get(tn.name, Turniere())
            turniere[tn.name] = Turniere(
                alt.anzahl + 1,
                alt.punkte + tn.wert,
                tn.platz if alt.bester_platz is None else min(alt.bester_platz, tn.platz),
                alt.soli + tn.soli,
            )
            turnierspiele[tn.name] = turnierspiele.get(tn.name, 0) + tn.spiele
    aus = {}
    for name in sorted(set(z) | set(turniere), key=namensschluessel):
        k = z.get(name, _Zaehler())
        t = turniere.get(name, Turniere())
        bester = max(k.je_abend.items(), key=lambda x: (x[1], -x[0][0]), default=None)
        partner = sorted(
            (Partner(p, n, g) for p, (n, g) in k.partner.items()),
            key=lambda p: (-p.gewonnen / p.spiele, -p.spiele, namensschluessel(p.name)),
        )
        aus[name] = Kennzahlen(
            name=name,
            spiele=k.spiele + turnierspiele.get(name, 0),
            abendspiele=k.spiele,
            gewonnen=k.gewonnen,
            soli=Bilanz(k.soli_gespielt + t.soli, k.soli_gewonnen + t.soli),
            bester_abend=None if bester is None else (bester[0][0], bester[0][1], bester[1]),
            laengste_serie=k.beste,
            partner=tuple(partner),
            turniere=t,
        )
    return aus


@dataclass(frozen=True)
class Paar:
    """Zwei Rufspiel-Partner (alphabetisch) und ihre gemeinsame Bilanz."""

    namen: tuple[str, str]
    spiele: int
    gewonnen: int

    def als_json(self) -> dict[str, Any]:
        return {
            "namen": list(self.namen),
            "spiele": self.spiele,
            "gewonnen": self.gewonnen,
            "gewonnen_prozent": prozent(self.gewonnen, self.spiele),
        }


def paare(kz: Mapping[str, Kennzahlen], ab: int = PAAR_AB) -> tuple[Paar, ...]:
    """Die Paare mit mindestens ``ab`` gemeinsamen Rufspielen, bestes zuerst (gewonnen %, dann
    Spiele, dann Namen)."""
    gesehen: dict[tuple[str, str], Paar] = {}
    for name, k in kz.items():
        for p in k.partner:
            a, b = sorted((name, p.name), key=namensschluessel)
            if p.spiele >= ab and (a, b) not in gesehen:
                gesehen[(a, b)] = Paar((a, b), p.spiele, p.gewonnen)
    return tuple(
        sorted(
            gesehen.values(),
            key=lambda p: (
                -p.gewonnen / p.spiele,
                -p.spiele,
                [namensschluessel(n) for n in p.namen],
            ),
        )
    )


__all__ = [
    "PAAR_AB",
    "Abendspiel",
    "Bilanz",
    "Kennzahlen",
    "Paar",
    "Partner",
    "Serie",
    "Turniere",
    "kennzahlen",
    "paare",
    "prozent",
]
