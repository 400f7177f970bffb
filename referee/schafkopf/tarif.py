"""Schafkopf-Tarife: was ein Spiel kostet, und die Hausregeln der Runde.

Der Regeltext sagt nur: „Einen allgemein verbindlichen Tarif gibt es nicht. Der
Tarif wird vor Spielbeginn vereinbart.“ (Abschnitt ``schafkopf.laufende``). Ein
``Tarif`` hält deshalb alle Preise (ganze Cent) und die Schalter für die
Konventionen, die der Regeltext nicht regelt (``Hausregeln``).

Benannte Tarife stehen in ``data/tarife.json``; ``tarif_laden("5-10-20",
{"laufende_ab": "2"})`` lädt einen und überschreibt einzelne Schlüssel.
``Tarif.als_json()``/``Tarif.aus_json()`` sind die JSON-Form (flach, ein Schlüssel
je Preis bzw. Schalter); die Partie-JSON benutzt davon nur ``grund``, ``solo``,
``schneider``, ``schwarz``, ``laufende`` und ``laufende_ab``.

>>> t = tarif_laden()
>>> t.grund, t.solo, t.laufende_ab_fuer(Spielart.WENZ)
(20, 50, 2)
>>> tarif_laden(setzen={"laufende_ab": "2"}).laufende_ab_fuer(Spielart.RUFSPIEL)
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, TypeAlias

from referee.errors import Eingabefehler
from referee.schafkopf.spielart import Spielart

#: Spielarten, bei denen Laufende gezählt werden (nicht Ramsch, nicht Bettel).
LAUFENDE_SPIELARTEN: tuple[Spielart, ...] = (
    Spielart.RUFSPIEL,
    Spielart.SOLO,
    Spielart.WENZ,
    Spielart.FARBWENZ,
    Spielart.GEIER,
    Spielart.FARBGEIER,
)

#: Üblicher Mindestwert für Laufende: 3, beim Wenz und Geier 2 (nur vier Trümpfe).
LAUFENDE_AB_STANDARD: dict[Spielart, int] = {
    Spielart.RUFSPIEL: 3,
    Spielart.SOLO: 3,
    Spielart.WENZ: 2,
    Spielart.FARBWENZ: 3,
    Spielart.GEIER: 2,
    Spielart.FARBGEIER: 3,
}

#: Was ``Tarif(laufende_ab=…)`` annimmt: eine Zahl für alle Spielarten, eine Zuordnung Spielart
#: (oder ihr Wert, ``"wenz"``) → Zahl, oder die normalisierte Form ``((Spielart.RUFSPIEL, 3), …)``
#: in der Reihenfolge von ``LAUFENDE_SPIELARTEN`` – die hält der Tarif nach ``__post_init__``.
LaufendeAb: TypeAlias = (
    int | Mapping[Spielart, int] | Mapping[str, int] | tuple[tuple[Spielart, int], ...]
)

#: Regeln für den Gleichstand der Höchsten beim Ramsch.
RAMSCH_GLEICHSTAND = ("hoechster_trumpf", "alle")

STANDARD_TARIF = "10-20-50"

_WAHR = frozenset({"ja", "j", "true", "wahr", "an", "ein", "1", "yes", "y", "on"})
_FALSCH = frozenset({"nein", "n", "false", "falsch", "aus", "0", "no", "off"})


def ja_nein(text: str, wofuer: str) -> bool:
    """``ja``/``nein`` (auch j/n, wahr/falsch, an/aus, 1/0, yes/no, on/off) → bool – die eine
    Stelle für Hausregeln (``--set bettel_erlaubt=ja``) und die Textform der Partie
    (``tout: ja``). Sonst ``Eingabefehler``, der ``wofuer`` und den Wert nennt.

    >>> ja_nein("Ja", "tout"), ja_nein("aus", "durchmarsch")
    (True, False)
    """
    roh = str(text).strip().casefold()
    if roh in _WAHR:
        return True
    if roh in _FALSCH:
        return False
    raise Eingabefehler(f"Ungültiger Wert „{text}“ für {wofuer}: erwartet ja oder nein.")


@dataclass(frozen=True, slots=True)
class Hausregeln:
    """Konventionen der Runde, die der Regeltext nicht festlegt (alle umschaltbar)."""

    #: Schwarz nach Augen (120:0) statt „eine Partei hat keinen Stich“.
    schwarz_nach_augen: bool = False
    #: Tout: (Grundpreis + Laufende) × tout_faktor, ohne Schneider/Schwarz.
    tout_faktor: int = 2
    #: Sie: (Solopreis + 8 × Laufende) × sie_faktor.
    sie_faktor: int = 4
    #: Wird Ramsch gespielt, wenn niemand spielt?
    ramsch_erlaubt: bool = True
    #: Gleichstand der Höchsten: "hoechster_trumpf" (wer den höheren Trumpf hat,
    #: verliert allein) oder "alle" (alle Gleichen verlieren).
    ramsch_gleichstand: str = "hoechster_trumpf"
    #: Jede Jungfrau (Spieler ohne Stich) verdoppelt den Ramsch.
    jungfrau_verdoppelt: bool = True
    #: Durchmarsch (ein Spieler macht alle Stiche) gewinnt den Solopreis von jedem.
    durchmarsch: bool = True
    #: Bettel ist in der Runde erlaubt.
    bettel_erlaubt: bool = False


_REGEL_FELDER = tuple(f.name for f in dataclasses.fields(Hausregeln))
_PREIS_FELDER = ("grund", "solo", "schneider", "schwarz", "laufende", "ramsch", "bettel")


def _normalisiere_ab(wert: object) -> tuple[tuple[Spielart, int], ...]:
    if isinstance(wert, bool):
        raise Eingabefehler(
            f"Ungültiger Wert „{wert}“ für laufende_ab: erwartet eine ganze Zahl ab 1."
        )
    if isinstance(wert, int):
        return tuple((s, wert) for s in LAUFENDE_SPIELARTEN)
    if isinstance(wert, Mapping):
        werte = dict(LAUFENDE_AB_STANDARD)
        for schluessel, zahl in wert.items():
            try:
                spielart = (
                    Spielart(schluessel) if not isinstance(schluessel, Spielart) else schluessel
                )
            except ValueError:
                spielart = None
            if spielart not in LAUFENDE_AB_STANDARD:
                erlaubt = ", ".join(s.value for s in LAUFENDE_SPIELARTEN)
                raise Eingabefehler(
                    f"Unbekannte Spielart „{schluessel}“ bei laufende_ab. Erlaubt: {erlaubt}."
                )
            werte[spielart] = zahl
        return tuple((s, werte[s]) for s in LAUFENDE_SPIELARTEN)
    if isinstance(wert, tuple):  # schon normalisiert
        return _normalisiere_ab(dict(wert))
    raise Eingabefehler(
        f"Ungültiger Wert „{wert}“ für laufende_ab: erwartet eine Zahl oder eine Zuordnung Spielart → Zahl."
    )


@dataclass(frozen=True, slots=True)
class Tarif:
    """Preise in ganzen Cent und die Hausregeln; Standard ist der Tarif 10-20-50.

    ``grund`` ist der Preis des Rufspiels, ``solo`` der aller Solo-artigen Spiele
    (Farbsolo, Wenz, Farbwenz, Geier, Farbgeier); ``schneider``, ``schwarz`` und
    ``laufende`` (je Laufendem) kommen dazu. ``laufende_ab`` ist eine Zahl für alle
    Spielarten oder eine Zuordnung je Spielart (fehlende: 3, Wenz/Geier 2).
    """

    grund: int = 20
    solo: int = 50
    schneider: int = 10
    schwarz: int = 10
    laufende: int = 10
    laufende_ab: LaufendeAb = field(default_factory=lambda: dict(LAUFENDE_AB_STANDARD))
    ramsch: int = 20
    bettel: int = 50
    regeln: Hausregeln = field(default_factory=Hausregeln)
    name: str = field(default="", compare=False)
    _ab: dict[Spielart, int] | None = field(
        init=False, repr=False, compare=False, hash=False, default=None
    )

    def __post_init__(self) -> None:
        ab = _normalisiere_ab(self.laufende_ab)
        object.__setattr__(self, "laufende_ab", ab)
        object.__setattr__(self, "_ab", dict(ab))
        fehler = []
        for name in _PREIS_FELDER:
            wert = getattr(self, name)
            if isinstance(wert, bool) or not isinstance(wert, int) or wert < 0:
                fehler.append(f"Ungültiger Wert „{wert}“ für {name}: erwartet ganze Cent ab 0.")
        for spielart, zahl in ab:
            if isinstance(zahl, bool) or not isinstance(zahl, int) or not 1 <= zahl <= 14:
                fehler.append(
                    f"Ungültiger Wert „{zahl}“ für laufende_ab.{spielart.value}: erwartet eine ganze Zahl von 1 bis 14."
                )
        r = self.regeln
        for name in ("tout_faktor", "sie_faktor"):
            wert = getattr(r, name)
            if isinstance(wert, bool) or not isinstance(wert, int) or wert < 1:
                fehler.append(
                    f"Ungültiger Wert „{wert}“ für {name}: erwartet eine ganze Zahl ab 1."
                )
        if r.ramsch_gleichstand not in RAMSCH_GLEICHSTAND:
            fehler.append(
                f"Ungültiger Wert „{r.ramsch_gleichstand}“ für ramsch_gleichstand: "
                f"erlaubt sind {', '.join(RAMSCH_GLEICHSTAND)}."
            )
        for name in _REGEL_FELDER:
            if name in ("tout_faktor", "sie_faktor", "ramsch_gleichstand"):
                continue
            if not isinstance(getattr(r, name), bool):
                fehler.append(
                    f"Ungültiger Wert „{getattr(r, name)}“ für {name}: erwartet ja oder nein."
                )
        if fehler:
            raise Eingabefehler(" ".join(fehler))

    @property
    def _ab_paare(self) -> tuple[tuple[Spielart, int], ...]:
        """``laufende_ab`` nach ``__post_init__``: immer die normalisierte Form (Paare)."""
        ab = self.laufende_ab
        assert isinstance(ab, tuple)  # in __post_init__ normalisiert
        return ab

    @property
    def beschreibung(self) -> str:
        """Für Ausgaben: ``Tarif 10-20-50 (vereinbart, nicht im Regeltext): Rufspiel 20 ct, …``."""
        name = f"Tarif {self.name}" if self.name else "Eigener Tarif"
        werte = [z for _, z in self._ab_paare]
        haeufig = max(set(werte), key=lambda z: (werte.count(z), -z))
        ab_text = f"ab {haeufig}"
        anders: dict[int, list[str]] = {}
        for s, z in self._ab_paare:
            if z != haeufig:
                anders.setdefault(z, []).append(s.name_de)
        for z, arten in anders.items():
            ab_text += f", beim {' und '.join(arten)} ab {z}"
        return (
            f"{name} (vereinbart, der Regeltext kennt keinen verbindlichen Tarif): "
            f"Rufspiel {self.grund} ct, Solo {self.solo} ct, Schneider {self.schneider} ct, "
            f"Schwarz {self.schwarz} ct, je Laufender {self.laufende} ct ({ab_text})."
        )

    def laufende_ab_fuer(self, spielart: Spielart) -> int:
        """Ab wie vielen Laufenden sie bei dieser Spielart zählen."""
        assert self._ab is not None  # in __post_init__ gesetzt
        return self._ab[spielart]

    def grundpreis(self, spielart: Spielart) -> int:
        """Grundpreis der Spielart: Rufspiel ``grund``, Solo-artige ``solo``, Ramsch, Bettel."""
        if spielart is Spielart.RUFSPIEL:
            return self.grund
        if spielart is Spielart.RAMSCH:
            return self.ramsch
        if spielart is Spielart.BETTEL:
            return self.bettel
        return self.solo

    def laufende_ab_einheitlich(self) -> int | None:
        """Die Zahl, wenn ``laufende_ab`` für alle Spielarten gleich ist, sonst None."""
        werte = {z for _, z in self._ab_paare}
        return next(iter(werte)) if len(werte) == 1 else None

    def als_json(self) -> dict[str, Any]:
        """Flache JSON-Form (alle Schlüssel, die ``--set`` kennt; ``laufende_ab`` Zahl oder Objekt)."""
        d: dict[str, Any] = {}
        if self.name:
            d["name"] = self.name
        for n in ("grund", "solo", "schneider", "schwarz", "laufende"):
            d[n] = getattr(self, n)
        einheitlich = self.laufende_ab_einheitlich()
        d["laufende_ab"] = (
            einheitlich if einheitlich is not None else {s.value: z for s, z in self._ab_paare}
        )
        d["ramsch"] = self.ramsch
        d["bettel"] = self.bettel
        for n in _REGEL_FELDER:
            d[n] = getattr(self.regeln, n)
        return d

    @classmethod
    def aus_json(cls, d: Mapping[str, Any], basis: Tarif | None = None) -> Tarif:
        """Tarif aus der JSON-Form; fehlende Schlüssel kommen aus ``basis`` (Standard 10-20-50).

        Akzeptiert das ``tarif``-Objekt der Partie-JSON ebenso wie ``als_json()``.
        Unbekannte Schlüssel sind ein ``Eingabefehler``.
        """
        if not isinstance(d, Mapping):
            raise Eingabefehler(f"Ein Tarif muss ein JSON-Objekt sein, nicht „{d}“.")
        try:  # schneller Weg für wiederkehrende Tarife (Partien in Serie)
            return _aus_dict_gecacht(tuple((k, v.__class__, v) for k, v in d.items()), basis)
        except TypeError:  # z. B. laufende_ab als Objekt: nicht hashbar
            return cls._aus_dict(d, basis)

    @classmethod
    def _aus_dict(cls, d: Mapping[str, Any], basis: Tarif | None) -> Tarif:
        basis = basis if basis is not None else Tarif()
        unbekannt = [k for k in d if k not in SCHLUESSEL and k != "name"]
        if unbekannt:
            raise Eingabefehler(
                "Unbekannte Tarif-Schlüssel: "
                + ", ".join(f"„{k}“" for k in unbekannt)
                + f". Erlaubt: {', '.join(SCHLUESSEL)}."
            )
        preise = {n: d.get(n, getattr(basis, n)) for n in _PREIS_FELDER}
        ab = d.get("laufende_ab", basis.laufende_ab)
        if isinstance(ab, Mapping):
            ab = {**dict(basis._ab_paare), **{_spielart_ab(k): v for k, v in ab.items()}}
        einzeln = {
            _spielart_ab(k.split(".", 1)[1]): v
            for k, v in d.items()
            if k.startswith("laufende_ab.")
        }
        if einzeln:
            ab = {**dict(_normalisiere_ab(ab)), **einzeln}
        regeln = (
            dataclasses.replace(basis.regeln, **{n: d[n] for n in _REGEL_FELDER if n in d})
            if any(n in d for n in _REGEL_FELDER)
            else basis.regeln
        )
        return cls(
            **preise, laufende_ab=ab, regeln=regeln, name=str(d.get("name", basis.name) or "")
        )

    def mit(self, setzen: Mapping[str, str] | Iterable[str]) -> Tarif:
        """Kopie mit überschriebenen Schlüsseln aus Texten (``{"laufende_ab": "2"}`` oder ``["grund=30"]``)."""
        return _setze(self, setzen)


@lru_cache(maxsize=256)
def _aus_dict_gecacht(
    eintraege: tuple[tuple[str, type, object], ...], basis: Tarif | None
) -> Tarif:
    return Tarif._aus_dict({k: v for k, _, v in eintraege}, basis)


def _spielart_ab(k: object) -> Spielart:
    if isinstance(k, Spielart):
        return k
    try:
        s = Spielart(str(k).strip().lower())
    except ValueError:
        s = None
    if s not in LAUFENDE_AB_STANDARD:
        erlaubt = ", ".join(x.value for x in LAUFENDE_SPIELARTEN)
        raise Eingabefehler(f"Unbekannte Spielart „{k}“ bei laufende_ab. Erlaubt: {erlaubt}.")
    return s


#: Alle Schlüssel, die ``--set`` und ``aus_json`` kennen.
SCHLUESSEL: tuple[str, ...] = (
    "grund",
    "solo",
    "schneider",
    "schwarz",
    "laufende",
    "laufende_ab",
    *(f"laufende_ab.{s.value}" for s in LAUFENDE_SPIELARTEN),
    "ramsch",
    "bettel",
    *_REGEL_FELDER,
)


def _zahl(schluessel: str, text: str, minimum: int) -> int:
    roh = str(text).strip()
    try:
        wert = int(roh) if len(roh) <= 20 else int("x")
    except ValueError:
        raise Eingabefehler(
            f"Ungültiger Wert „{text}“ für {schluessel}: erwartet eine ganze Zahl ab {minimum}"
            + (" (Preise in Cent)." if schluessel in _PREIS_FELDER else ".")
        ) from None
    if wert < minimum:
        raise Eingabefehler(
            f"Ungültiger Wert „{text}“ für {schluessel}: erwartet eine ganze Zahl ab {minimum}."
        )
    from referee.zahlen import GRENZE_TARIF, pruefe_bereich

    return pruefe_bereich(wert, f"--set {schluessel}", minimum, GRENZE_TARIF)


def setzungen(liste: Iterable[str]) -> dict[str, str]:
    """``["laufende_ab=2", "grund=30"]`` → ``{"laufende_ab": "2", "grund": "30"}``."""
    ergebnis: dict[str, str] = {}
    for eintrag in liste:
        if "=" not in eintrag:
            raise Eingabefehler(
                f"„{eintrag}“ hat nicht die Form schluessel=wert (z. B. laufende_ab=2). "
                f"Erlaubte Schlüssel: {', '.join(SCHLUESSEL)}."
            )
        k, v = eintrag.split("=", 1)
        ergebnis[k.strip()] = v.strip()
    return ergebnis


def _setze(tarif: Tarif, setzen: Mapping[str, str] | Iterable[str]) -> Tarif:
    if not isinstance(setzen, Mapping):
        setzen = setzungen(setzen)
    preise: dict[str, int] = {}
    ab = dict(tarif._ab_paare)
    # Werte verschiedener Hausregel-Felder für ``dataclasses.replace(**regeln)``: ``Any``, denn
    # mypy prüft jeden Wert gegen jedes Feld, und ``int | str | bool`` passt auf keins; die Werte
    # prüfen ``_zahl``/``ja_nein`` hier und ``Tarif.__post_init__``.
    regeln: dict[str, Any] = {}
    fehler: list[str] = []
    for roh_schluessel, text in setzen.items():
        k = roh_schluessel.strip().lower()
        try:
            if k in _PREIS_FELDER:
                preise[k] = _zahl(k, text, 0)
            elif k == "laufende_ab":
                zahl = _zahl(k, text, 1)
                ab = {s: zahl for s in LAUFENDE_SPIELARTEN}
            elif k.startswith("laufende_ab."):
                ab[_spielart_ab(k.split(".", 1)[1])] = _zahl(k, text, 1)
            elif k in ("tout_faktor", "sie_faktor"):
                regeln[k] = _zahl(k, text, 1)
            elif k == "ramsch_gleichstand":
                wert = str(text).strip().lower()
                if wert not in RAMSCH_GLEICHSTAND:
                    raise Eingabefehler(
                        f"Ungültiger Wert „{text}“ für ramsch_gleichstand: erlaubt sind {', '.join(RAMSCH_GLEICHSTAND)}."
                    )
                regeln[k] = wert
            elif k in _REGEL_FELDER:
                regeln[k] = ja_nein(text, k)
            else:
                raise Eingabefehler(
                    f"Unbekannter Tarif-Schlüssel „{roh_schluessel}“. Erlaubt: {', '.join(SCHLUESSEL)}."
                )
        except Eingabefehler as e:
            fehler.append(e.meldung)
    if fehler:
        raise Eingabefehler(" ".join(fehler))
    aenderungen: dict[str, Any] = {**preise, "laufende_ab": ab}  # ebenso: Felder je eigenen Typs
    aenderungen["regeln"] = dataclasses.replace(tarif.regeln, **regeln) if regeln else tarif.regeln
    return dataclasses.replace(tarif, **aenderungen)


def _tarif_daten() -> dict[str, dict[str, Any]]:
    """Die mitgelieferten Tarife (``data/tarife.json``): Name → JSON-Form mit Beschreibung."""
    from referee.resources import lade_json

    tarife: dict[str, dict[str, Any]] = lade_json("tarife.json")["tarife"]
    return tarife


def tarif_namen() -> list[str]:
    """Die Namen der mitgelieferten Tarife (``data/tarife.json``)."""
    return list(_tarif_daten())


def tarif_beschreibungen() -> dict[str, str]:
    """Name → kurze deutsche Beschreibung der mitgelieferten Tarife."""
    return {n: d.get("beschreibung", "") for n, d in _tarif_daten().items()}


@cache
def _benannt(name: str) -> Tarif:
    daten = _tarif_daten()
    if name not in daten:
        from referee.namen import aehnliche, meintest_du

        vorschlag = meintest_du(aehnliche(name, daten, n=1))
        raise Eingabefehler(
            f"Unbekannter Tarif „{name}“.{' ' + vorschlag if vorschlag else ''} Bekannt: "
            f"{', '.join(daten)} (Preise: referee schafkopf tarife). Eigene Preise baut man "
            f"aus einem bekannten Tarif mit --set, z. B. --tarif {STANDARD_TARIF} --set "
            "grund=10 solo=20 (Cent; Schlüssel: grund, solo, schneider, schwarz, laufende …)."
        )
    werte = {k: v for k, v in daten[name].items() if k != "beschreibung"}
    return Tarif.aus_json({**werte, "name": name})


def tarif_laden(
    name: str | None = None, setzen: Mapping[str, str] | Iterable[str] | None = None
) -> Tarif:
    """Benannten Tarif laden (Standard ``10-20-50``) und Schlüssel überschreiben.

    ``setzen`` ist ``{"laufende_ab": "2", "laufende_ab.wenz": "2", "bettel_erlaubt": "ja"}``
    oder eine Liste ``["grund=30", …]``. Unbekannter Tarif, unbekannter Schlüssel oder
    unbrauchbarer Wert: ``Eingabefehler``, der das Token nennt und die erlaubten aufzählt.
    """
    tarif = _benannt((name or STANDARD_TARIF).strip())
    if setzen:
        tarif = _setze(tarif, setzen)
    return tarif


__all__ = [
    "LAUFENDE_AB_STANDARD",
    "LAUFENDE_SPIELARTEN",
    "RAMSCH_GLEICHSTAND",
    "SCHLUESSEL",
    "STANDARD_TARIF",
    "Hausregeln",
    "Tarif",
    "ja_nein",
    "setzungen",
    "tarif_beschreibungen",
    "tarif_laden",
    "tarif_namen",
]
