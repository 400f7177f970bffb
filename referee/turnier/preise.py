"""Die Preise eines Turniers: die Preisliste und wie sie sich auf die Rangliste verteilt.

Eine Preisliste nennt je Platz einen Preis – einen festen Betrag (``1=300``: 300 €), einen
Anteil am Topf (``1=40%``: 40 % der bezahlten Startgelder) oder einen Sachpreis
(``3=Geschenkkorb``); ``4-10=20`` gibt den Plätzen 4 bis 10 je 20 €. Geld immer in Cent.

Wie verteilt wird (Turnierbrauch, an der Rangliste von ``referee.turnier.rangliste``):

- **Anteile**: ein Anteil ist ``Topf × Anteil`` auf den Cent **abgerundet**; die Anteile
  zusammen höchstens 100 %. Was beim Abrunden übrig bleibt, bleibt in der Kasse – ausgezahlt
  wird so nie mehr als der Topf.
- **Gleichstand über eine Preisgrenze**: teilen sich k Spieler einen Platz p, belegen sie die
  Plätze p bis p+k−1 und teilen sich deren Preise (ein Platz ohne Preis zählt 0): jeder
  bekommt ``Summe // k`` Cent, der Rest (``Summe % k``, weniger als k Cent) **bleibt in der
  Kasse** – niemand bekommt einen Cent mehr als der andere, und keiner wird gelost.
  Beispiel: Plätze 3 und 4 gleich, Preise 100 € und 20 € → je 60 €.
- **Sachpreise** lassen sich nicht teilen: ist an einem geteilten Platz ein Sachpreis
  beteiligt, verteilt referee dort nichts; die Gruppe steht mit allen beteiligten Preisen als
  „zu entscheiden“ da (Stechen oder Los: das entscheidet die Turnierleitung).

>>> liste = preisliste_lesen(["1=300", "2=200", "3=100", "4-10=20"])
>>> [p.text() for p in liste.preise[:4]]
['300,00 €', '200,00 €', '100,00 €', '20,00 €']
>>> from referee.turnier.rangliste import Konto, rangliste
>>> r = rangliste([Konto(1, "Anna", 9), Konto(2, "Ben", 7), Konto(3, "Cem", 5), Konto(4, "Dora", 5)])
>>> v = verteile(r, liste, topf=0)
>>> [(z.platz, z.name, z.cent) for z in v.zeilen]
[(1, 'Anna', 30000), (2, 'Ben', 20000), (3, 'Cem', 6000), (3, 'Dora', 6000)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import Eingabefehler
from referee.turnier.rangliste import Rangzeile

#: Der höchste Platz einer Preisliste (so viele Teilnehmer nimmt ein Turnier an).
PLAETZE_HOECHSTENS = 1000
#: Länge eines Sachpreises in Zeichen.
SACHE_HOECHSTENS = 100
#: 100 % in Basispunkten (ein Anteil von 12,5 % ist 1250).
GANZ = 10_000


def _euro(cent: int) -> str:
    from referee.zahlen import euro

    return euro(cent, vorzeichen=False)


def prozent_text(anteil: int) -> str:
    """Basispunkte als Prozent: 4000 → ``40 %``, 1250 → ``12,5 %``."""
    ganz, rest = divmod(anteil, 100)
    return f"{ganz} %" if not rest else f"{ganz},{rest:02d}".rstrip("0") + " %"


@dataclass(frozen=True)
class Preis:
    """Der Preis eines Platzes: genau eines von ``cent`` (fester Betrag), ``anteil``
    (Basispunkte des Topfs) und ``sache`` (ein Sachpreis)."""

    platz: int
    cent: int | None = None
    anteil: int | None = None
    sache: str | None = None

    def betrag(self, topf: int) -> int | None:
        """Was der Preis in Cent ist (ein Anteil abgerundet); ``None`` bei einem Sachpreis."""
        if self.cent is not None:
            return self.cent
        if self.anteil is not None:
            return topf * self.anteil // GANZ
        return None

    def text(self, topf: int | None = None) -> str:
        """``300,00 €``, ``40 % des Topfs`` (mit ``topf``: ``40 % = 240,00 €``), ``Geschenkkorb``."""
        if self.sache is not None:
            return self.sache
        if self.anteil is not None:
            if topf is None:
                return f"{prozent_text(self.anteil)} des Topfs"
            return f"{prozent_text(self.anteil)} = {_euro(self.betrag(topf) or 0)}"
        return _euro(self.cent or 0)

    def als_json(self) -> dict[str, Any]:
        return {"platz": self.platz, "cent": self.cent, "anteil": self.anteil, "sache": self.sache}


@dataclass(frozen=True)
class Preisliste:
    """Die Preise nach Platz (jeder Platz höchstens einmal)."""

    preise: tuple[Preis, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {"preise": [p.als_json() for p in self.preise]}

    @classmethod
    def aus_json(cls, daten: Mapping[str, Any]) -> Preisliste:
        """Die gespeicherte Form (``als_json``) wieder als Preisliste."""
        return cls(
            tuple(
                Preis(int(p["platz"]), p.get("cent"), p.get("anteil"), p.get("sache"))
                for p in daten.get("preise", [])
            )
        )

    @property
    def anteile(self) -> int:
        """Die Anteile zusammen (Basispunkte)."""
        return sum(p.anteil or 0 for p in self.preise)


# --------------------------------------------------------------------------- lesen


def _plaetze(text: str, angabe: str) -> range:
    from referee.zahlen import ist_ziffern

    von, strich, bis = text.strip().partition("-")
    if not ist_ziffern(von.strip()) or (strich and not ist_ziffern(bis.strip())):
        raise Eingabefehler(
            f"„{angabe}“: vor dem = steht ein Platz oder ein Bereich (3 oder 4-10)."
        )
    a, b = int(von), int(bis) if strich else int(von)
    if not 1 <= a <= b <= PLAETZE_HOECHSTENS:
        raise Eingabefehler(
            f"„{angabe}“: die Plätze liegen zwischen 1 und {PLAETZE_HOECHSTENS}, der erste zuerst."
        )
    return range(a, b + 1)


def _anteil(text: str, angabe: str) -> int:
    """``40`` oder ``12,5`` (Prozent) → Basispunkte."""
    from referee.zahlen import ist_ziffern

    ganz, trenner, nach = text.strip().replace(",", ".").partition(".")
    if not ist_ziffern(ganz) or (trenner and not (ist_ziffern(nach) and len(nach) <= 2)):
        raise Eingabefehler(f"„{angabe}“ ist kein Anteil in Prozent (z. B. 40 oder 12,5).")
    if len(ganz.lstrip("0")) > 3:
        raise Eingabefehler(f"„{angabe}“: ein Anteil ist höchstens 100 %.")
    return int(ganz) * 100 + int((nach or "0").ljust(2, "0"))


def _preis(platz: int, wert: str, angabe: str) -> Preis:
    from referee.text import freier_text
    from referee.zahlen import euro_in_cent

    roh = wert.strip()
    if roh.endswith("%"):
        return Preis(platz, anteil=_anteil(roh[:-1], angabe))
    if roh[:1].isdigit():
        try:
            return Preis(platz, cent=euro_in_cent(roh, f"Der Preis für Platz {platz}"))
        except Eingabefehler:
            if all(z.isdigit() or z in ".,€ " for z in roh):
                raise
    sache = freier_text(roh, f"Der Sachpreis für Platz {platz}", SACHE_HOECHSTENS)
    if not sache:
        raise Eingabefehler(f"„{angabe}“: nach dem = fehlt der Preis (300, 40% oder ein Text).")
    return Preis(platz, sache=sache)


def preisliste_lesen(angaben: Sequence[str], anteile: str | None = None) -> Preisliste:
    """Die Preisliste aus ``["1=300", "4-10=20", "3=Geschenkkorb", "1=40%"]`` und
    ``anteile`` (``"40,25,15"``: Plätze 1, 2, 3 in Prozent des Topfs; Dezimalpunkt erlaubt).
    Ein Platz zweimal, Anteile über 100 % oder eine unlesbare Angabe: ``Eingabefehler``.

    >>> [p.anteil for p in preisliste_lesen([], "40,25,12.5").preise]
    [4000, 2500, 1250]
    >>> preisliste_lesen(["4-5=Geschenkkorb"]).preise[1]
    Preis(platz=5, cent=None, anteil=None, sache='Geschenkkorb')
    """
    preise: dict[int, Preis] = {}

    def dazu(p: Preis, angabe: str) -> None:
        if p.platz in preise:
            raise Eingabefehler(f"Platz {p.platz} hat schon einen Preis („{angabe}“).")
        preise[p.platz] = p

    if anteile is not None:
        teile = [t for t in anteile.replace(";", ",").split(",") if t.strip()]
        if not teile:
            raise Eingabefehler("--anteile braucht Prozente, z. B. --anteile 40,25,15.")
        if len(teile) > PLAETZE_HOECHSTENS:
            raise Eingabefehler(f"Mehr als {PLAETZE_HOECHSTENS} Anteile gehen nicht.")
        for platz, t in enumerate(teile, 1):
            dazu(Preis(platz, anteil=_anteil(t.removesuffix("%"), t)), f"--anteile {anteile}")
    for angabe in angaben:
        platz_text, gleich, wert = angabe.partition("=")
        if not gleich:
            raise Eingabefehler(
                f"„{angabe}“ hat nicht die Form PLATZ=PREIS (1=300, 4-10=20, 1=40%, "
                "3=Geschenkkorb)."
            )
        for platz in _plaetze(platz_text, angabe):
            dazu(_preis(platz, wert, angabe), angabe)
    liste = Preisliste(tuple(sorted(preise.values(), key=lambda p: p.platz)))
    if liste.anteile > GANZ:
        raise Eingabefehler(
            f"Die Anteile ergeben zusammen {prozent_text(liste.anteile)}; mehr als der ganze "
            "Topf (100 %) geht nicht."
        )
    return liste


# --------------------------------------------------------------------------- verteilen


@dataclass(frozen=True)
class Teilung:
    """Spieler, die sich einen Platz teilen, und die Preise der Plätze ``von`` bis ``bis``, die
    sie gemeinsam belegen. Ohne Sachpreis: ``je`` Cent für jeden, ``rest`` Cent bleiben in der
    Kasse (``je × Spieler + rest == summe``). Mit Sachpreis (``sachen``): zu entscheiden, ``je``
    ist ``None``."""

    von: int
    bis: int
    startnummern: tuple[int, ...]
    summe: int
    je: int | None
    rest: int
    sachen: tuple[str, ...] = ()

    @property
    def entscheiden(self) -> bool:
        return bool(self.sachen)

    def text(self) -> str:
        """``Platz 3–4 geteilt: 120,00 € / 2 = je 60,00 €`` (mit Rest und was bleibt)."""
        k = len(self.startnummern)
        wo = f"Platz {self.von}–{self.bis} geteilt"
        if self.entscheiden:
            teile = list(self.sachen) + ([_euro(self.summe)] if self.summe else [])
            return (
                f"{wo}: {' und '.join(teile)} – ein Sachpreis lässt sich nicht teilen, die "
                "Turnierleitung entscheidet (Stechen oder Los)."
            )
        text = f"{wo}: {_euro(self.summe)} / {k} = je {_euro(self.je or 0)}"
        if self.rest:
            text += f", Rest {_euro(self.rest)} bleibt in der Kasse"
        return text

    def als_json(self) -> dict[str, Any]:
        return {
            "von": self.von,
            "bis": self.bis,
            "startnummern": list(self.startnummern),
            "summe": self.summe,
            "je": self.je,
            "rest": self.rest,
            "sachen": list(self.sachen),
            "entscheiden": self.entscheiden,
        }


@dataclass(frozen=True)
class Preiszeile:
    """Ein Spieler mit Preis: Platz der Rangliste, Startnummer, Name, was er bekommt (``cent``
    oder ``sache``; beides ``None``, solange seine ``teilung`` zu entscheiden ist)."""

    platz: int
    startnummer: int
    name: str
    cent: int | None
    sache: str | None = None
    teilung: Teilung | None = None

    def preis_text(self) -> str:
        if self.sache is not None:
            return self.sache
        if self.cent is not None:
            return _euro(self.cent)
        return "zu entscheiden"


@dataclass(frozen=True)
class Verteilung:
    """Die Preisliste an der Rangliste: die Spieler mit Preis (in Ranglistenfolge), die
    Teilungen, und was in der Kasse bleibt."""

    zeilen: tuple[Preiszeile, ...]
    teilungen: tuple[Teilung, ...]
    topf: int
    #: Geldpreise (Cent) der Plätze, die niemand belegt (weniger Spieler als Preise)
    nicht_vergeben: int = 0

    @property
    def ausgezahlt(self) -> int:
        """Geld, das an Spieler geht (Cent)."""
        return sum(z.cent or 0 for z in self.zeilen)

    @property
    def rest(self) -> int:
        """Reste der geteilten Plätze (Cent), die in der Kasse bleiben."""
        return sum(t.rest for t in self.teilungen)

    @property
    def offen(self) -> int:
        """Geld in Teilungen, die die Turnierleitung noch entscheidet (Cent)."""
        return sum(t.summe for t in self.teilungen if t.entscheiden)

    @property
    def bleibt(self) -> int:
        """Was vom Topf bleibt, wenn ausgezahlt und entschieden ist (negativ: so viel legt der
        Veranstalter dazu)."""
        return self.topf - self.ausgezahlt - self.offen

    def bleibt_text(self) -> str:
        """``bleibt 35,01 €`` oder, wenn die Preise den Topf übersteigen, ``der Veranstalter legt
        365,00 € dazu``."""
        if self.bleibt < 0:
            return f"der Veranstalter legt {_euro(-self.bleibt)} dazu"
        return f"bleibt {_euro(self.bleibt)}"


def verteile(rangliste: Sequence[Rangzeile], liste: Preisliste, topf: int) -> Verteilung:
    """Die Preise an die Rangliste (Zeilen in ihrer Reihenfolge; gleicher ``platz`` = geteilter
    Platz) bei einem Topf von ``topf`` Cent – nach den Regeln oben."""
    preis = {p.platz: p for p in liste.preise}
    zeilen: list[Preiszeile] = []
    teilungen: list[Teilung] = []
    i = 0
    while i < len(rangliste):
        gruppe = [rangliste[i]]
        while (
            i + len(gruppe) < len(rangliste) and rangliste[i + len(gruppe)].platz == gruppe[0].platz
        ):
            gruppe.append(rangliste[i + len(gruppe)])
        von, bis = i + 1, i + len(gruppe)
        i += len(gruppe)
        beteiligt = [preis[p] for p in range(von, bis + 1) if p in preis]
        if not beteiligt:
            continue
        if len(gruppe) == 1:
            z, p = gruppe[0], beteiligt[0]
            zeilen.append(Preiszeile(z.platz, z.startnummer, z.name, p.betrag(topf), p.sache))
            continue
        summe = sum(p.betrag(topf) or 0 for p in beteiligt)
        sachen = tuple(p.sache for p in beteiligt if p.sache is not None)
        if sachen:
            t = Teilung(von, bis, tuple(z.startnummer for z in gruppe), summe, None, 0, sachen)
            je: int | None = None
        else:
            je, rest = divmod(summe, len(gruppe))
            t = Teilung(von, bis, tuple(z.startnummer for z in gruppe), summe, je, rest)
        teilungen.append(t)
        zeilen += [Preiszeile(z.platz, z.startnummer, z.name, je, None, t) for z in gruppe]
    frei = sum(p.betrag(topf) or 0 for p in liste.preise if p.platz > len(rangliste))
    return Verteilung(tuple(zeilen), tuple(teilungen), topf, frei)


__all__ = [
    "GANZ",
    "PLAETZE_HOECHSTENS",
    "Preis",
    "Preisliste",
    "Preiszeile",
    "Teilung",
    "Verteilung",
    "preisliste_lesen",
    "prozent_text",
    "verteile",
]
