"""Der Stand – typisiert, aus den Summen des Speichers gebaut.

Der Speicher (``referee.store``) summiert Wertzeilen ``(spiel, groesse, name) → Summe``
(``referee.ergebnis.Summen``) und zählt geltende Einträge je Spiel, ohne zu wissen, was die
Größen bedeuten. Hier wird daraus der Stand der vier Spiele – mit den Namen der Größen, unter
denen die Spiele ablegen (``CENT``, ``SIEGPUNKTE`` … aus ``referee.ergebnis``): Schafkopf in
Cent (dazu, was schon bezahlt ist, was offen bleibt und wer wem zahlt), sabai-Siegpunkte und
Ruhmeshalle, SAUFN-Plätze, Schlafmütze-Siege.

``Stand.als_json()`` ist genau ``referee stand --json``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.ergebnis import (
    CENT,
    PARTIEN,
    PLAETZE,
    RUHMESHALLE,
    RUNDEN,
    SABAI,
    SAUFN,
    SCHAFKOPF,
    SCHLAFMUETZE,
    SIEG,
    SIEGPUNKTE,
    SPIELE,
)
from referee.namen import namensschluessel

if TYPE_CHECKING:
    from referee.bericht.ausgleich import Ueberweisung
    from referee.store import Abend, Abendspeicher


@dataclass(frozen=True, slots=True)
class SaufnPlaetze:
    """Wie oft jemand bei SAUFN Erster, Zweiter, Dritter wurde."""

    erster: int = 0
    zweiter: int = 0
    dritter: int = 0

    def als_json(self) -> dict[str, int]:
        return {"1": self.erster, "2": self.zweiter, "3": self.dritter}

    def __str__(self) -> str:
        """``2/0/1`` (so steht es in der Tabelle)."""
        return f"{self.erster}/{self.zweiter}/{self.dritter}"


@dataclass(frozen=True)
class Stand:
    """Der Stand eines Abends (``abend``) oder über alle Abende (``abend is None``).

    Namen stehen beim Abend in Sitzordnung (Schafkopf auch mit 0), danach alphabetisch.
    ``ueberweisungen``: „Wer zahlt wem“ für das, was nach ``bezahlt`` noch ``offen`` ist.
    ``verlauf``: Schafkopf-Saldo je Spieler nach jedem Spiel des Abends (für die Sparkline;
    leer beim Gesamtstand)."""

    abend: Abend | None
    schafkopf: Mapping[str, int] = field(hash=False)  # Cent
    sabai: Mapping[str, int] = field(hash=False)  # Siegpunkte
    saufn: Mapping[str, SaufnPlaetze] = field(hash=False)
    schlafmuetze: Mapping[str, int] = field(hash=False)  # Siege
    ruhmeshalle: Mapping[str, int] = field(hash=False)  # Zahl der Einträge je Name
    partien: Mapping[str, int] = field(hash=False)  # geltende Einträge je Spiel
    ueberweisungen: tuple[Ueberweisung, ...] = ()
    bezahlt: Mapping[str, int] = field(default_factory=dict, hash=False)  # Cent, ≠ 0
    offen: Mapping[str, int] = field(default_factory=dict, hash=False)  # schafkopf − bezahlt
    verlauf: Mapping[str, tuple[int, ...]] = field(default_factory=dict, hash=False)

    @property
    def abend_id(self) -> int | None:
        return None if self.abend is None else self.abend.id

    def teil(self, spiel: str) -> dict[str, Any]:
        """Der Teil eines Spiels, wie im JSON (``"schafkopf"`` → Cent je Name)."""
        return dict(self.als_json()[spiel])

    def als_json(self) -> dict[str, Any]:
        return {
            "abend": self.abend_id,
            "schafkopf": dict(self.schafkopf),
            "sabai": dict(self.sabai),
            "saufn": {n: p.als_json() for n, p in self.saufn.items()},
            "schlafmuetze": dict(self.schlafmuetze),
            "ruhmeshalle": dict(self.ruhmeshalle),
            "partien": dict(self.partien),
            "ueberweisungen": [u.als_json() for u in self.ueberweisungen],
            "bezahlt": dict(self.bezahlt),
            "offen": dict(self.offen),
        }


def stand_lesen(store: Abendspeicher, abend: Abend | None, *, verlauf: bool = False) -> Stand:
    """Der Stand von ``abend`` (``None``: alle Abende) aus den Summen des Speichers; mit
    ``verlauf`` dazu der Schafkopf-Saldo nach jedem Spiel."""
    abend_id = None if abend is None else abend.id
    s = store.summen(abend_id)
    reihenfolge = list(abend.spieler) if abend is not None else []

    def ordnen(namen: Iterable[str]) -> list[str]:
        menge = set(namen)
        vorne = [n for n in reihenfolge if n in menge]
        return vorne + sorted(menge - set(vorne), key=namensschluessel)

    sk = s.von(SCHAFKOPF, CENT)
    siegpunkte, siege = s.von(SABAI, SIEGPUNKTE), s.von(SCHLAFMUETZE, SIEG)
    plaetze = [s.von(SAUFN, p) for p in PLAETZE]
    sf_namen = s.namen(SAUFN, PARTIEN, *PLAETZE)
    sm_namen = s.namen(SCHLAFMUETZE, PARTIEN, SIEG)
    sb_namen = s.namen(SABAI, RUNDEN, SIEGPUNKTE)
    partien = store.partien_je_spiel(abend_id)
    schafkopf = {n: sk.get(n, 0) for n in ordnen(set(sk) | set(reihenfolge))}
    bezahlt = bezahlt_summen(store, abend_id)
    offen = {
        n: schafkopf.get(n, 0) - bezahlt.get(n, 0)
        for n in [*schafkopf, *(n for n in bezahlt if n not in schafkopf)]
    }
    from referee.bericht.ausgleich import ausgleich

    return Stand(
        abend=abend,
        schafkopf=schafkopf,
        sabai={n: siegpunkte.get(n, 0) for n in ordnen(sb_namen)},
        saufn={n: SaufnPlaetze(*(p.get(n, 0) for p in plaetze)) for n in ordnen(sf_namen)},
        schlafmuetze={n: siege.get(n, 0) for n in ordnen(sm_namen)},
        ruhmeshalle=dict(sorted(s.von(SABAI, RUHMESHALLE).items())),
        partien={sp: partien.get(sp, 0) for sp in SPIELE},
        ueberweisungen=ausgleich(offen),
        bezahlt={n: c for n, c in bezahlt.items() if c},
        offen=offen,
        verlauf=_saldo_verlauf(store, abend, list(schafkopf)) if verlauf and abend else {},
    )


def bezahlt_summen(store: Abendspeicher, abend_id: int | None) -> dict[str, int]:
    """Schon bezahlt (Schafkopf, Cent je Spieler): die Summe der geltenden ``bezahlt``."""
    summe: dict[str, int] = {}
    for e in store.ereignisse(abend_id, art="bezahlt"):
        for n, c in (e.daten.get("cent") or {}).items():
            summe[n] = summe.get(n, 0) + int(c)
    return summe


def _saldo_verlauf(
    store: Abendspeicher, abend: Abend, namen: list[str]
) -> dict[str, tuple[int, ...]]:
    """Schafkopf-Saldo je Spieler nach jedem geltenden Spiel (Korrekturen am Platz des
    Originals), für die Sparkline und das Diagramm."""
    from referee.bericht.statistik import saldo_verlauf

    spiele = [z for _, z in store.werte_in_spielfolge(abend.id, SCHAFKOPF, CENT)]
    return {n: tuple(r) for n, r in saldo_verlauf(spiele, namen).items() if n in namen}


__all__ = ["SaufnPlaetze", "Stand", "bezahlt_summen", "stand_lesen"]
