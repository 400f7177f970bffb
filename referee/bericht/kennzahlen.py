"""Die Statistik als getypte Antwort: je Spiel und je Spieler eingefrorene Datenklassen.

``referee.bericht.statistik`` zählt über die geltenden Einträge (JSON aus dem Speicher);
``Kennzahlen.aus(statistik(...))`` macht daraus, was ``Buch.statistik()`` antwortet. Die Felder
tragen die Namen und die Reihenfolge der Schlüssel von ``referee statistik --json`` –
``als_json()`` ist genau diese Form (``dataclasses.asdict``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Bilanz:
    """Gespielt und davon gewonnen (Soli, Tout, eine Spielart)."""

    gespielt: int = 0
    gewonnen: int = 0


@dataclass(frozen=True)
class RamschBilanz:
    gespielt: int = 0
    verloren: int = 0


@dataclass(frozen=True)
class Ausgang:
    """Schneider/Schwarz: wie oft auf der gewinnenden, wie oft auf der verlierenden Seite."""

    gewonnen: int = 0
    verloren: int = 0


@dataclass(frozen=True)
class SchafkopfSpieler:
    spiele: int
    als_spieler: int
    als_partner: int
    als_gegner: int
    gewonnen: int
    gewonnen_prozent: float | None
    soli: Bilanz
    als_spieler_nach_spielart: Mapping[str, Bilanz]
    tout: Bilanz
    ramsch: RamschBilanz
    schneider: Ausgang
    schwarz: Ausgang
    groesster_gewinn: int  # Cent
    groesster_verlust: int  # Cent
    saldo: int  # Cent


@dataclass(frozen=True)
class SchafkopfKennzahlen:
    spiele: int
    spielarten: Mapping[str, Bilanz]
    spieler: Mapping[str, SchafkopfSpieler]


@dataclass(frozen=True)
class SabaiSpieler:
    runden: int
    siegpunkte: int
    rundensiege: int
    ruhmeshalle: int
    spielsiege: int


@dataclass(frozen=True)
class Ruhmesrunde:
    """Eine sabai-Runde, die jemanden in die Ruhmeshalle brachte: wer, Abend, Eintrag, Zeit."""

    name: str
    abend: int | None
    nr: int | None
    zeit: str | None


@dataclass(frozen=True)
class SabaiSpiel:
    """Ein zu Ende gespieltes sabai-Spiel: seine Sieger und die Siegespunkte."""

    abend: int | None
    nr: int | None
    sieger: tuple[str, ...]
    siegpunkte: Mapping[str, int]


@dataclass(frozen=True)
class SabaiKennzahlen:
    runden: int
    spieler: Mapping[str, SabaiSpieler]
    ruhmeshalle: tuple[Ruhmesrunde, ...]
    spiele: tuple[SabaiSpiel, ...]


@dataclass(frozen=True)
class SaufnSpieler:
    spiele: int
    plaetze: tuple[int, int, int]  # wie oft Platz 1, 2, 3


@dataclass(frozen=True)
class Podest:
    abend: int | None
    nr: int | None
    plaetze: tuple[str, ...]


@dataclass(frozen=True)
class SaufnKennzahlen:
    spiele: int
    spieler: Mapping[str, SaufnSpieler]
    podeste: tuple[Podest, ...]


@dataclass(frozen=True)
class SchlafmuetzeSpieler:
    spiele: int
    siege: int


@dataclass(frozen=True)
class SchlafmuetzeKennzahlen:
    spiele: int
    spieler: Mapping[str, SchlafmuetzeSpieler]


@dataclass(frozen=True)
class Kennzahlen:
    """Die Statistik aller vier Spiele (``referee.bericht.statistik.statistik``), getypt."""

    schafkopf: SchafkopfKennzahlen
    sabai: SabaiKennzahlen
    saufn: SaufnKennzahlen
    schlafmuetze: SchlafmuetzeKennzahlen

    @classmethod
    def aus(cls, d: Mapping[str, Any]) -> Kennzahlen:
        """Aus dem, was ``statistik()`` zählt (JSON-Form), die getypte Antwort."""
        sk, sb, sf, sm = d["schafkopf"], d["sabai"], d["saufn"], d["schlafmuetze"]
        return cls(
            SchafkopfKennzahlen(
                sk["spiele"],
                {a: Bilanz(**b) for a, b in sk["spielarten"].items()},
                {n: _schafkopf_spieler(s) for n, s in sk["spieler"].items()},
            ),
            SabaiKennzahlen(
                sb["runden"],
                {n: SabaiSpieler(**s) for n, s in sb["spieler"].items()},
                tuple(Ruhmesrunde(**r) for r in sb["ruhmeshalle"]),
                tuple(
                    SabaiSpiel(s["abend"], s["nr"], tuple(s["sieger"]), dict(s["siegpunkte"]))
                    for s in sb["spiele"]
                ),
            ),
            SaufnKennzahlen(
                sf["spiele"],
                {
                    n: SaufnSpieler(s["spiele"], _drei(s["plaetze"]))
                    for n, s in sf["spieler"].items()
                },
                tuple(Podest(p["abend"], p["nr"], tuple(p["plaetze"])) for p in sf["podeste"]),
            ),
            SchlafmuetzeKennzahlen(
                sm["spiele"], {n: SchlafmuetzeSpieler(**s) for n, s in sm["spieler"].items()}
            ),
        )

    def fuer(self, name: str) -> SpielerKennzahlen:
        """Die Kennzahlen einer Person (Name wie gespeichert); fehlt sie in einem Spiel:
        ``None`` dort."""
        return SpielerKennzahlen(
            name,
            self.schafkopf.spieler.get(name),
            self.sabai.spieler.get(name),
            self.saufn.spieler.get(name),
            self.schlafmuetze.spieler.get(name),
            tuple(r for r in self.sabai.ruhmeshalle if r.name == name),
        )

    def namen(self) -> list[str]:
        """Alle Namen, die in einer der Statistiken vorkommen (Reihenfolge der Spiele)."""
        return [
            *self.schafkopf.spieler,
            *self.sabai.spieler,
            *self.saufn.spieler,
            *self.schlafmuetze.spieler,
        ]

    def als_json(self) -> dict[str, Any]:
        return _json(self)


@dataclass(frozen=True)
class SpielerKennzahlen:
    """``referee statistik --spieler NAME``: die Kennzahlen einer Person in jedem Spiel."""

    spieler: str
    schafkopf: SchafkopfSpieler | None
    sabai: SabaiSpieler | None
    saufn: SaufnSpieler | None
    schlafmuetze: SchlafmuetzeSpieler | None
    sabai_ruhmeshalle: tuple[Ruhmesrunde, ...]

    def als_json(self) -> dict[str, Any]:
        return _json(self)


def _schafkopf_spieler(s: Mapping[str, Any]) -> SchafkopfSpieler:
    return SchafkopfSpieler(
        s["spiele"],
        s["als_spieler"],
        s["als_partner"],
        s["als_gegner"],
        s["gewonnen"],
        s["gewonnen_prozent"],
        Bilanz(**s["soli"]),
        {a: Bilanz(**b) for a, b in s["als_spieler_nach_spielart"].items()},
        Bilanz(**s["tout"]),
        RamschBilanz(**s["ramsch"]),
        Ausgang(**s["schneider"]),
        Ausgang(**s["schwarz"]),
        s["groesster_gewinn"],
        s["groesster_verlust"],
        s["saldo"],
    )


def _drei(plaetze: Any) -> tuple[int, int, int]:
    a, b, c = plaetze
    return (int(a), int(b), int(c))


def _json(wert: Any) -> dict[str, Any]:
    """``asdict`` mit Listen statt Tupeln (JSON-Form wie vorher)."""
    return _listen(asdict(wert))  # type: ignore[no-any-return]


def _listen(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _listen(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_listen(v) for v in x]
    return x


__all__ = [
    "Ausgang",
    "Bilanz",
    "Kennzahlen",
    "Podest",
    "RamschBilanz",
    "Ruhmesrunde",
    "SabaiKennzahlen",
    "SabaiSpiel",
    "SabaiSpieler",
    "SaufnKennzahlen",
    "SaufnSpieler",
    "SchafkopfKennzahlen",
    "SchafkopfSpieler",
    "SchlafmuetzeKennzahlen",
    "SchlafmuetzeSpieler",
    "SpielerKennzahlen",
]
