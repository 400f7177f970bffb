"""Die Wertung eines Preisschafkopfs: was ein Spiel an Punkten bringt, und was erlaubt ist.

Ein Turnier zählt Punkte statt Cent, rechnet aber wie ein Abend: Rufspiel je Spieler,
Solo je Gegenspieler (der Solospieler das Dreifache), Schneider und Schwarz kommen dazu, Tout
und Sie vervielfachen. Die ``Wertung`` hält deshalb einen ``Tarif`` (``referee.schafkopf.tarif``)
in Punkten – die Abrechnung eines Spiels ist dieselbe wie am Abend
(``referee.schafkopf.abrechnung``) – und dazu, was nur ein Turnier kennt:

- ``schreibweise``: ``plusminus`` (Plus- und Minuspunkte; jedes Tischblatt geht auf null auf)
  oder ``nurplus`` (nur die Gewinner schreiben ihre Punkte, niemand verliert welche);
- ``spielarten``: was gespielt werden darf (oft nur Rufspiel, Solo und Wenz);
- ``klopfen`` und ``stoss``: ``nein`` (nicht erlaubt), ``ohne_wirkung`` (erlaubt, ändert die
  Punkte nicht) oder ``doppelt`` (verdoppelt wie am Abend).

Benannte Wertungen stehen mit ihrer Quelle in ``data/turnier_wertungen.json``;
``wertung_laden("solo-15-5", ["laufende=1"])`` lädt eine und überschreibt Schlüssel – wie
``tarif_laden`` für die Abende.

>>> w = wertung_laden()
>>> w.name, w.tarif.grund, w.tarif.solo, w.schreibweise
('solo-6-2', 1, 2, 'plusminus')
>>> wertung_laden("nur-plus", ["spielarten=rufspiel,solo,wenz"]).spielarten
('rufspiel', 'solo', 'wenz')
>>> spiel_erlaubt(w, "geier")
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.spielart import Spielart
from referee.schafkopf.tarif import SCHLUESSEL as TARIF_SCHLUESSEL
from referee.schafkopf.tarif import Tarif, setzungen

STANDARD_WERTUNG = "solo-6-2"
SCHREIBWEISEN = ("plusminus", "nurplus")
#: Was Klopfen und Stoß im Turnier bewirken.
VERDOPPLUNGEN = ("nein", "ohne_wirkung", "doppelt")
#: Tarif-Schlüssel, die im Turnier ``spielarten`` regelt (Ramsch, Bettel erlaubt).
_UEBER_SPIELARTEN = ("ramsch_erlaubt", "bettel_erlaubt")
#: Die Schlüssel einer Wertung, die nicht aus dem Tarif kommen.
#: Wie eine Runde zählt, die eine Startnummer nicht gespielt hat (später gekommen,
#: abgemeldet): ``0`` (Turnierbrauch im Preisschafkopf: nichts) oder ``schnitt`` (der Schnitt
#: ihrer gespielten Runden, kaufmännisch auf ganze Punkte gerundet – in Ligen und Serien).
FEHLRUNDEN = ("0", "schnitt")
EIGENE_SCHLUESSEL = ("schreibweise", "spielarten", "klopfen", "stoss", "fehlrunde")
#: Alle Schlüssel, die ``--set`` und ``Wertung.aus_json`` kennen.
SCHLUESSEL: tuple[str, ...] = EIGENE_SCHLUESSEL + tuple(
    k for k in TARIF_SCHLUESSEL if k not in _UEBER_SPIELARTEN
)
#: Beschreibende Felder der Datei (nicht Teil der Rechnung).
_TEXTE = ("beschreibung", "quelle", "annahmen")

_SPIELART_WORT = {s.value: "Solo" if s is Spielart.SOLO else s.name_de for s in Spielart}


@dataclass(frozen=True)
class Wertung:
    """Die Punkte eines Preisschafkopfs (``tarif`` in Punkten) und die Turnierregeln."""

    tarif: Tarif
    schreibweise: str = "plusminus"
    spielarten: tuple[str, ...] = ("rufspiel", "solo", "wenz")
    klopfen: str = "nein"
    stoss: str = "nein"
    fehlrunde: str = "0"
    name: str = field(default="", compare=False)
    quelle: str = field(default="", compare=False)
    annahmen: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        fehler = []
        if self.schreibweise not in SCHREIBWEISEN:
            fehler.append(
                f"Ungültiger Wert „{self.schreibweise}“ für schreibweise: erlaubt sind "
                f"{', '.join(SCHREIBWEISEN)}."
            )
        for was in ("klopfen", "stoss"):
            if getattr(self, was) not in VERDOPPLUNGEN:
                fehler.append(
                    f"Ungültiger Wert „{getattr(self, was)}“ für {was}: erlaubt sind "
                    f"{', '.join(VERDOPPLUNGEN)}."
                )
        if self.fehlrunde not in FEHLRUNDEN:
            fehler.append(
                f"Ungültiger Wert „{self.fehlrunde}“ für fehlrunde: erlaubt sind "
                f"{', '.join(FEHLRUNDEN)} (0: eine nicht gespielte Runde zählt nichts; schnitt: "
                "den Schnitt der gespielten)."
            )
        unbekannt = [s for s in self.spielarten if s not in _SPIELART_WORT]
        if unbekannt or not self.spielarten:
            fehler.append(
                f"Ungültige spielarten „{','.join(self.spielarten)}“: erlaubt sind "
                f"{', '.join(_SPIELART_WORT)} (mindestens eine, mit Komma getrennt)."
            )
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        regeln = self.tarif.regeln
        if regeln.ramsch_erlaubt != ("ramsch" in self.spielarten) or regeln.bettel_erlaubt != (
            "bettel" in self.spielarten
        ):  # eine Quelle der Wahrheit: die Spielarten
            from dataclasses import replace

            neu = replace(
                regeln,
                ramsch_erlaubt="ramsch" in self.spielarten,
                bettel_erlaubt="bettel" in self.spielarten,
            )
            object.__setattr__(self, "tarif", replace(self.tarif, regeln=neu))

    @property
    def plusminus(self) -> bool:
        """Plus- und Minuspunkte: jedes Spiel und jedes Tischblatt geht auf null auf."""
        return self.schreibweise == "plusminus"

    def beschreibung(self) -> str:
        """Eine Zeile: ``Wertung solo-6-2: Plus/Minus, Rufspiel 1, Solo 6/2 …``."""
        t = self.tarif
        kopf = f"Wertung {self.name}" if self.name else "Eigene Wertung"
        art = "Plus/Minus" if self.plusminus else "nur Pluspunkte"
        teile = [
            f"Rufspiel {t.grund} je Spieler",
            f"Solo {3 * t.solo}/{t.solo}",
            f"Schneider +{t.schneider}",
            f"Schwarz +{t.schwarz}",
            f"Tout ×{t.regeln.tout_faktor}",
            f"Sie ×{t.regeln.sie_faktor}",
        ]
        if t.laufende:
            ab = t.laufende_ab_einheitlich()
            teile.append(f"Laufende {t.laufende}" + (f" ab {ab}" if ab else ""))
        spiele = ", ".join(_SPIELART_WORT[s] for s in self.spielarten)
        fehlt = (
            "; eine nicht gespielte Runde zählt den Schnitt der gespielten"
            if self.fehlrunde == "schnitt"
            else ""
        )
        return (
            f"{kopf}: {art}; {', '.join(teile)}; gespielt: {spiele}; Klopfen: "
            f"{_VERDOPPLUNG_WORT[self.klopfen]}, Stoß: {_VERDOPPLUNG_WORT[self.stoss]}{fehlt}."
        )

    def als_json(self) -> dict[str, Any]:
        """Flache JSON-Form: die Tarif-Schlüssel (in Punkten) und die eigenen."""
        d: dict[str, Any] = {"name": self.name} if self.name else {}
        if self.quelle:
            d["quelle"] = self.quelle
        if self.annahmen:
            d["annahmen"] = self.annahmen
        d.update(schreibweise=self.schreibweise, spielarten=list(self.spielarten))
        d.update(klopfen=self.klopfen, stoss=self.stoss, fehlrunde=self.fehlrunde)
        for k, v in self.tarif.als_json().items():
            if k != "name" and k not in _UEBER_SPIELARTEN:
                d[k] = v
        return d

    @classmethod
    def aus_json(cls, daten: Mapping[str, Any]) -> Wertung:
        """Aus der JSON-Form (``als_json``, gespeichert oder aus der Datei); fehlende
        Tarif-Schlüssel haben die Werte der Standardwertung. Falsches: ``Eingabefehler``."""
        if not isinstance(daten, Mapping):
            raise Eingabefehler(f"Eine Wertung muss ein JSON-Objekt sein, nicht „{daten}“.")
        unbekannt = [k for k in daten if k not in SCHLUESSEL and k not in _TEXTE and k != "name"]
        if unbekannt:
            raise Eingabefehler(
                "Unbekannte Wertungs-Schlüssel: "
                + ", ".join(f"„{k}“" for k in unbekannt)
                + f". Erlaubt: {', '.join(SCHLUESSEL)}."
            )
        tarif = Tarif.aus_json(
            {k: v for k, v in daten.items() if k in TARIF_SCHLUESSEL}, basis=_BASIS
        )
        spielarten = daten.get("spielarten", ("rufspiel", "solo", "wenz"))
        if not isinstance(spielarten, list | tuple) or not all(
            isinstance(s, str) for s in spielarten
        ):
            raise Eingabefehler(f"spielarten „{spielarten}“ ist keine Liste von Spielarten.")
        return cls(
            tarif=tarif,
            schreibweise=str(daten.get("schreibweise", "plusminus")),
            spielarten=tuple(spielarten),
            klopfen=str(daten.get("klopfen", "nein")),
            stoss=str(daten.get("stoss", "nein")),
            fehlrunde=str(daten.get("fehlrunde", "0")),
            name=str(daten.get("name") or ""),
            quelle=str(daten.get("quelle") or ""),
            annahmen=str(daten.get("annahmen") or ""),
        )

    def mit(self, setzen: Mapping[str, str] | Iterable[str]) -> Wertung:
        """Kopie mit überschriebenen Schlüsseln aus Texten (``["solo=5", "klopfen=doppelt"]``);
        alle Fehler auf einmal als ``Eingabefehler``."""
        from dataclasses import replace

        if not isinstance(setzen, Mapping):
            setzen = setzungen(setzen)
        eigen: dict[str, Any] = {}
        tarif: dict[str, str] = {}
        fehler: list[str] = []
        for roh, text in setzen.items():
            k = roh.strip().lower()
            wert = str(text).strip().lower()
            if k == "spielarten":
                eigen[k] = _spielarten(wert, fehler)
            elif k in EIGENE_SCHLUESSEL:
                eigen[k] = wert
            elif k in _UEBER_SPIELARTEN:
                fehler.append(
                    f"{k} regelt im Turnier der Schlüssel spielarten, z. B. "
                    "--set spielarten=rufspiel,solo,wenz,ramsch."
                )
            elif k in TARIF_SCHLUESSEL:
                tarif[k] = wert
            else:
                fehler.append(
                    f"Unbekannter Wertungs-Schlüssel „{roh}“. Erlaubt: {', '.join(SCHLUESSEL)}."
                )
        neuer_tarif = self.tarif
        if tarif:
            try:
                neuer_tarif = self.tarif.mit(tarif)
            except Eingabefehler as e:
                fehler.append(e.meldung.replace(" (Preise in Cent)", " (Punkte)"))
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        return replace(self, tarif=neuer_tarif, **eigen)


_VERDOPPLUNG_WORT = {"nein": "nicht erlaubt", "ohne_wirkung": "ohne Wirkung", "doppelt": "doppelt"}

#: Was fehlt, ergänzt die Standardwertung (Punkte, nicht die Cent des Abend-Tarifs).
_BASIS = Tarif(grund=1, solo=2, schneider=1, schwarz=1, laufende=0, ramsch=1, bettel=2)


def _spielarten(text: str, fehler: list[str]) -> tuple[str, ...]:
    """``rufspiel,solo,wenz`` → Spielarten (auch ``sauspiel``/``farbsolo``); Unbekanntes
    wird in ``fehler`` gemeldet."""
    aus: list[str] = []
    for teil in (t.strip() for t in text.replace("+", ",").split(",")):
        if not teil:
            continue
        try:
            art = Spielart.parse(teil).value
        except Eingabefehler as e:
            fehler.append(e.meldung)
            continue
        if art not in aus:
            aus.append(art)
    return tuple(aus)


# --------------------------------------------------------------------------- Regeln


@dataclass(frozen=True)
class Spielauskunft:
    """Darf dieses Spiel im Turnier so gespielt werden? ``gruende`` nennt jeden Mangel."""

    erlaubt: bool
    gruende: tuple[str, ...] = ()


def spiel_auskunft(
    wertung: Wertung, spielart: str | Spielart, klopfer: int = 0, stoesse: int = 0
) -> Spielauskunft:
    """Spielart, Klopfer und Stöße gegen die Turnierregeln der Wertung – alle Mängel auf
    einmal (nicht erlaubte Spielart, Klopfen oder Stoß verboten)."""
    art = Spielart.parse(spielart)
    gruende = []
    if art.value not in wertung.spielarten:
        erlaubt = ", ".join(_SPIELART_WORT[s] for s in wertung.spielarten)
        gruende.append(f"{art.name_de} wird in diesem Turnier nicht gespielt (erlaubt: {erlaubt}).")
    if klopfer and wertung.klopfen == "nein":
        gruende.append("Klopfen ist in diesem Turnier nicht erlaubt.")
    if stoesse and wertung.stoss == "nein":
        gruende.append("Stoß (Kontra) ist in diesem Turnier nicht erlaubt.")
    return Spielauskunft(not gruende, tuple(gruende))


def spiel_erlaubt(
    wertung: Wertung, spielart: str | Spielart, klopfer: int = 0, stoesse: int = 0
) -> bool:
    """``spiel_auskunft(...).erlaubt``."""
    return spiel_auskunft(wertung, spielart, klopfer, stoesse).erlaubt


def pruefe_spiel(
    wertung: Wertung, spielart: str | Spielart, klopfer: int = 0, stoesse: int = 0
) -> None:
    """Wie ``spiel_auskunft``; ein Mangel ist ein ``Regelverstoss`` (Exit 1) mit allen Gründen."""
    auskunft = spiel_auskunft(wertung, spielart, klopfer, stoesse)
    if not auskunft.erlaubt:
        raise Regelverstoss(" ".join(auskunft.gruende) + " Nichts eingetragen.")


def geschrieben(wertung: Wertung, zahlungen: Mapping[str, int]) -> dict[str, int]:
    """Was aufs Blatt kommt: Plus/Minus wie gerechnet, ``nurplus`` nur die Gewinne (die
    Verlierer schreiben 0)."""
    if wertung.plusminus:
        return dict(zahlungen)
    return {n: max(p, 0) for n, p in zahlungen.items()}


# --------------------------------------------------------------------------- Datei


def _daten() -> dict[str, dict[str, Any]]:
    from referee.resources import lade_json

    wertungen: dict[str, dict[str, Any]] = lade_json("turnier_wertungen.json")["wertungen"]
    return wertungen


def wertung_namen() -> list[str]:
    """Die Namen der mitgelieferten Wertungen."""
    return list(_daten())


def wertung_texte() -> dict[str, dict[str, str]]:
    """Name → Beschreibung, Quelle, Annahmen der mitgelieferten Wertungen."""
    return {n: {t: str(d.get(t, "")) for t in _TEXTE} for n, d in _daten().items()}


def wertung_laden(
    name: str | None = None, setzen: Mapping[str, str] | Iterable[str] | None = None
) -> Wertung:
    """Eine mitgelieferte Wertung (Standard ``solo-6-2``) laden und Schlüssel überschreiben.
    Unbekannter Name, Schlüssel oder Wert: ``Eingabefehler`` mit den erlaubten."""
    daten = _daten()
    gesucht = (name or STANDARD_WERTUNG).strip()
    if gesucht not in daten:
        from referee.namen import aehnliche, meintest_du

        vorschlag = meintest_du(aehnliche(gesucht, daten, n=1))
        raise Eingabefehler(
            f"Unbekannte Wertung „{gesucht}“.{' ' + vorschlag if vorschlag else ''} Bekannt: "
            f"{', '.join(daten)} (referee turnier wertungen). Eigene Punkte baut man aus einer "
            "bekannten Wertung mit --set, z. B. --wertung solo-6-2 --set solo=5."
        )
    roh = {k: v for k, v in daten[gesucht].items() if k != "beschreibung"}
    wertung = Wertung.aus_json({**roh, "name": gesucht})
    if setzen:
        wertung = wertung.mit(setzen)
    return wertung


__all__ = [
    "SCHLUESSEL",
    "SCHREIBWEISEN",
    "STANDARD_WERTUNG",
    "VERDOPPLUNGEN",
    "Spielauskunft",
    "Wertung",
    "geschrieben",
    "pruefe_spiel",
    "spiel_auskunft",
    "spiel_erlaubt",
    "wertung_laden",
    "wertung_namen",
    "wertung_texte",
]
