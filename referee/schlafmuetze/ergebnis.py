"""Das typisierte Ergebnis eines Schlafmütze-Spiels fürs Buch, und die Angaben dazu.

Drei Formen (``referee.ergebnis``): die Eingabe ``SchlafmuetzeAngaben`` (Sieger und wer
mitspielte; aus den Optionen oder der Kurzzeile ``sm dora mit an be``), das Ergebnis
``SchlafmuetzeErgebnis`` und der gespeicherte ``Eintrag`` damit.

``werte()``: ``SIEG`` (1 für den Sieger) und ``PARTIEN`` (1 je Mitspieler:in).

>>> SchlafmuetzeErgebnis.aus_json({"sieger": "Ben", "spieler": ["Anna", "Ben"]}).werte()
{'sieg': {'Ben': 1}, 'partien': {'Anna': 1, 'Ben': 1}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from referee.ergebnis import (
    PARTIEN,
    SCHLAFMUETZE,
    SIEG,
    Abendlage,
    Werte,
    namensliste,
    objekt,
    text,
    zaehle,
)
from referee.errors import Eingabefehler


@dataclass(frozen=True)
class SchlafmuetzeErgebnis:
    """Ein Schlafmütze-Spiel im Buch: wer gewann, wer mitspielte."""

    spiel: ClassVar[str] = SCHLAFMUETZE

    sieger: str | None
    spieler: tuple[str, ...]

    def werte(self) -> Werte:
        w: Werte = {}
        if self.sieger is not None:
            zaehle(w, SIEG, self.sieger, 1)
        for name in self.spieler:
            zaehle(w, PARTIEN, name, 1)
        return w

    def namen(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.spieler + ((self.sieger,) if self.sieger else ())))

    def mit_namen(self, ersetze: Callable[[str], str]) -> SchlafmuetzeErgebnis:
        return replace(
            self,
            sieger=None if self.sieger is None else ersetze(self.sieger),
            spieler=tuple(ersetze(n) for n in self.spieler),
        )

    # ------------------------------------------------------------ Ansicht (eine für alle)

    def zeile(self) -> str:
        """Wie im Verlauf: ``Schlafmütze: gewonnen hat Dora``."""
        return f"Schlafmütze: gewonnen hat {self.sieger}"

    def zeile_mit_wert(self) -> str:
        """Die lange Form (``tisch``): ``Schlafmütze: Dora gewinnt (mit Anna, Ben, Dora)``."""
        return f"Schlafmütze: {self.sieger} gewinnt (mit {', '.join(self.spieler)})"

    def als_json(self) -> dict[str, Any]:
        return {"sieger": self.sieger, "spieler": list(self.spieler)}

    @classmethod
    def aus_json(cls, daten: object) -> SchlafmuetzeErgebnis:
        d = objekt(daten, "schlafmuetze")
        sieger = d.get("sieger")
        return cls(
            sieger=None if sieger is None else text(sieger, "Schlafmütze-Ergebnis „sieger“"),
            spieler=namensliste(d.get("spieler"), "Schlafmütze-Ergebnis „spieler“"),
        )


@dataclass(frozen=True)
class SchlafmuetzeAngaben:
    """Ein Sieg vom Tisch: der Sieger und wer mitspielte (sonst alle des Abends)."""

    spiel: ClassVar[str] = SCHLAFMUETZE

    sieger: str
    spieler: tuple[str, ...] = ()

    def ergebnis(self, lage: Abendlage) -> SchlafmuetzeErgebnis:
        """Sieger und Spielerliste prüfen (``pruefe_sieg``: 2–8 Personen, Sieger spielt mit)."""
        from referee.schlafmuetze.regeln import pruefe_sieg

        spieler = lage.namen(self.spieler) if self.spieler else list(lage.tisch or lage.spieler)
        if not spieler:
            raise Eingabefehler("Wer hat mitgespielt? --spieler Anna Ben Cem.")
        sieger, alle = pruefe_sieg(self.sieger, spieler)
        return SchlafmuetzeErgebnis(sieger, tuple(alle))


__all__ = ["SchlafmuetzeAngaben", "SchlafmuetzeErgebnis"]
