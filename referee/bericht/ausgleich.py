"""Wer zahlt wem: ein Schafkopf-Saldo wird mit möglichst wenigen Überweisungen beglichen.

Verfahren (gierig): der größte Schuldner zahlt dem größten Gläubiger so viel, wie
einer von beiden noch offen hat; Gleichstände entscheidet der Name (alphabetisch,
ohne Groß-/Kleinschreibung), damit die Liste immer gleich ausfällt. Jede Überweisung
erledigt mindestens eine Person, die letzte zwei – also höchstens n − 1 Überweisungen
für n Personen mit offenem Betrag, auf den Cent genau.

>>> [str(u) for u in ausgleich({"Anna": 140, "Ben": -60, "Cem": -100, "Dora": 20})]
['Cem → Anna: 1,00 €', 'Ben → Anna: 0,40 €', 'Ben → Dora: 0,20 €']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.bericht.geld import euro
from referee.errors import Eingabefehler


@dataclass(frozen=True)
class Ueberweisung:
    """``von`` zahlt ``an`` den Betrag ``cent`` (immer > 0)."""

    von: str
    an: str
    cent: int

    def __str__(self) -> str:
        return f"{self.von} → {self.an}: {euro(self.cent, vorzeichen=False)}"

    def als_json(self) -> dict[str, str | int]:
        return {"von": self.von, "an": self.an, "cent": self.cent}


def _ordnung(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def pruefe_salden(salden: Mapping[str, int]) -> None:
    """Wirft ``Eingabefehler``, wenn die Salden keine ganzen Cent sind oder nicht null ergeben."""
    fehler = []
    for name, cent in salden.items():
        if not isinstance(name, str) or not name:
            fehler.append(f"Name „{name!r}“ ist kein Spielername")
        if isinstance(cent, bool) or not isinstance(cent, int):
            fehler.append(f"Saldo von „{name}“ ist „{cent!r}“, erwartet ganze Cent")
    if fehler:
        raise Eingabefehler("; ".join(fehler) + ".")
    summe = sum(salden.values())
    if summe != 0:
        einzeln = ", ".join(f"{n}: {euro(c)}" for n, c in salden.items())
        raise Eingabefehler(
            f"Die Salden ergeben zusammen {euro(summe)} statt 0,00 € ({einzeln}); "
            "ausgleichen lässt sich nur ein Saldo, der sich zu null aufhebt."
        )


def ausgleich(salden: Mapping[str, int]) -> tuple[Ueberweisung, ...]:
    """Überweisungen, nach denen jeder Saldo genau null ist (höchstens n − 1 Stück)."""
    pruefe_salden(salden)
    schulden = {n: -c for n, c in salden.items() if c < 0}
    guthaben = {n: c for n, c in salden.items() if c > 0}
    ergebnis: list[Ueberweisung] = []
    while schulden:
        von = min(schulden, key=lambda n: (-schulden[n], _ordnung(n)))
        an = min(guthaben, key=lambda n: (-guthaben[n], _ordnung(n)))
        betrag = min(schulden[von], guthaben[an])
        ergebnis.append(Ueberweisung(von, an, betrag))
        for topf, name in ((schulden, von), (guthaben, an)):
            topf[name] -= betrag
            if topf[name] == 0:
                del topf[name]
    return tuple(ergebnis)


def ausgleich_zeilen(salden: Mapping[str, int]) -> list[str]:
    """Wer zahlt wem, als Zeilen: ``["Dora → Cem: 4,90 €", …]`` oder ``["Alle sind quitt."]``.

    >>> ausgleich_zeilen({"Anna": 50, "Ben": -50}), ausgleich_zeilen({"Anna": 0})
    (['Ben → Anna: 0,50 €'], ['Alle sind quitt.'])
    """
    u = ausgleich(salden)
    return [str(x) for x in u] if u else ["Alle sind quitt."]
