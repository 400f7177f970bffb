"""Die Wertung einer Saison: wie aus den Ergebnissen der Abende und Turniere eine Rangliste wird.

Eine Saison zählt Ereignisse – Spielabende (ihr Schafkopf-Saldo in Cent) und Turniere (ihre
Punkte) – nach einer ``Saisonwertung``:

- ``grundlage``: ``summe`` (die Werte zusammengezählt), ``platzpunkte`` (je Ereignis Punkte nach
  dem Platz, ``punkte``; Gleichplatzierte teilen sich die Punkte ihrer Plätze) oder ``schnitt``
  (die Summe geteilt durch die Spiele, gewertet ab ``mindestspiele`` Spielen);
- ``beste``: nur die besten N Ergebnisse je Spieler zählen (Streichergebnisse; 0 = alle);
- ``abende``, ``turniere``: ganzzahlige Gewichte je Art (0: diese Art zählt nicht).

Geld und Punkte: ein Cent eines Abends zählt wie ein Punkt eines Turniers (Konvention); wer
beides mischt, gewichtet (``--set turniere=20``: ein Turnierpunkt wie ein Rufspiel im Tarif
10-20-50) oder nimmt ``platzpunkte`` (ohne Einheit).

Benannte Wertungen mit Quelle stehen in ``data/saison_wertungen.json``. ``wertung_laden`` liest
``NAME[:ZAHLEN]`` – ``summe``, ``beste:8``, ``platzpunkte:25,18,15``, ``formel1``, ``schnitt:50`` –
und überschreibt mit ``--set`` (``["beste=6", "abende=0"]``), wie ``tarif_laden`` die Tarife.

>>> w = wertung_laden("beste:3", ["turniere=2"])
>>> (w.grundlage, w.beste, w.abende, w.turniere)
('summe', 3, 1, 2)
>>> wertung_laden("platzpunkte:10,6,3").punkte
(10, 6, 3)
>>> wertung_laden("schnitt", ["mindestspiele=50"]).mindestspiele
50
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from referee.errors import Eingabefehler

GRUNDLAGEN = ("summe", "platzpunkte", "schnitt")
STANDARD_WERTUNG = "summe"
#: Was ``--set`` kennt (und die gespeicherte Form außer ``name``).
SCHLUESSEL = ("grundlage", "beste", "punkte", "abende", "turniere", "mindestspiele")
#: Beschreibende Felder (nicht Teil der Rechnung).
_TEXTE = ("beschreibung", "quelle")
#: Grenzen: beste, je Gewicht, Punkte je Platz, Zahl der Plätze, Mindestspiele.
BESTE_HOECHSTENS = 1000
GEWICHT_HOECHSTENS = 1000
PUNKTE_HOECHSTENS = 10**6
PLAETZE_HOECHSTENS = 200
MINDESTSPIELE_HOECHSTENS = 10**6


@dataclass(frozen=True)
class Saisonwertung:
    """Die Rechenregel einer Saison (siehe Modul); ``name`` und die Texte nur zur Anzeige."""

    grundlage: str = "summe"
    beste: int = 0
    punkte: tuple[int, ...] = ()
    abende: int = 1
    turniere: int = 1
    mindestspiele: int = 0
    name: str = field(default="", compare=False)
    beschreibung: str = field(default="", compare=False)
    quelle: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        fehler = []
        if self.grundlage not in GRUNDLAGEN:
            fehler.append(
                f"Unbekannte grundlage „{self.grundlage}“; erlaubt: {', '.join(GRUNDLAGEN)}."
            )
        for was, wert, oben in (
            ("beste", self.beste, BESTE_HOECHSTENS),
            ("abende", self.abende, GEWICHT_HOECHSTENS),
            ("turniere", self.turniere, GEWICHT_HOECHSTENS),
            ("mindestspiele", self.mindestspiele, MINDESTSPIELE_HOECHSTENS),
        ):
            if isinstance(wert, bool) or not isinstance(wert, int) or not 0 <= wert <= oben:
                fehler.append(f"{was} ist eine ganze Zahl von 0 bis {oben}, nicht „{wert}“.")
        if len(self.punkte) > PLAETZE_HOECHSTENS or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= PUNKTE_HOECHSTENS
            for p in self.punkte
        ):
            fehler.append(
                f"punkte sind höchstens {PLAETZE_HOECHSTENS} ganze Zahlen von 0 bis "
                f"{PUNKTE_HOECHSTENS}, mit Komma getrennt (z. B. punkte=25,20,16)."
            )
        if not fehler:
            if self.grundlage == "platzpunkte" and not any(self.punkte):
                fehler.append("platzpunkte braucht Punkte je Platz, z. B. platzpunkte:25,20,16.")
            if self.grundlage == "schnitt" and self.beste:
                fehler.append(
                    "Der Schnitt zählt alle Spiele; beste=N gibt es nur bei summe und platzpunkte."
                )
            if not self.abende and not self.turniere:
                fehler.append("abende=0 und turniere=0: dann zählt nichts; eines muss bleiben.")
        if fehler:
            raise Eingabefehler(" ".join(fehler))

    def gewicht(self, art: str) -> int:
        """Das Gewicht der Ereignisart ``abend`` oder ``turnier``."""
        return self.abende if art == "abend" else self.turniere

    def text(self) -> str:
        """Die Wertung in einem Satz (für ``saison zeigen``, Kopf der Rangliste)."""
        if self.grundlage == "platzpunkte":
            punkte = list(self.punkte)
            while punkte and punkte[-1] == 0:
                punkte.pop()
            reihe = "-".join(map(str, punkte[:10])) + ("…" if len(punkte) > 10 else "")
            kern = f"Platzpunkte {reihe} je Ereignis (geteilte Plätze teilen die Punkte)"
        elif self.grundlage == "schnitt":
            kern = "Schnitt je Spiel (Abende: Cent, Turniere: Punkte)"
            if self.mindestspiele:
                kern += f", gewertet ab {self.mindestspiele} Spielen"
        else:
            kern = "Summe (Abende: Saldo in Cent, Turniere: Punkte; 1 ct zählt wie 1 Punkt)"
        if self.beste:
            kern = f"die besten {self.beste} Ergebnisse: " + kern
        teile = [kern]
        if self.abende != 1 or self.turniere != 1:
            gewichte = []
            for art, g in (("Abende", self.abende), ("Turniere", self.turniere)):
                gewichte.append(f"{art} zählen nicht" if g == 0 else f"{art} ×{g}")
            teile.append(", ".join(gewichte))
        kopf = f"Wertung {self.name}" if self.name else "Eigene Wertung"
        return (
            f"{kopf}: {'; '.join(teile)}. Gleichstand: mehr Siege, dann bestes Einzelergebnis, "
            "dann direkter Vergleich."
        )

    def als_json(self) -> dict[str, Any]:
        """Die gespeicherte Form (auch in ``saison stand --json``)."""
        return {
            "name": self.name,
            "grundlage": self.grundlage,
            "beste": self.beste,
            "punkte": list(self.punkte),
            "abende": self.abende,
            "turniere": self.turniere,
            "mindestspiele": self.mindestspiele,
            "beschreibung": self.beschreibung,
            "quelle": self.quelle,
        }

    @classmethod
    def aus_json(cls, daten: object) -> Saisonwertung:
        """Aus der gespeicherten Form oder einem Eintrag der Datei; Falsches: ``Eingabefehler``."""
        if not isinstance(daten, Mapping):
            raise Eingabefehler(f"Eine Saisonwertung ist ein JSON-Objekt, nicht „{daten}“.")
        unbekannt = [k for k in daten if k not in SCHLUESSEL and k not in _TEXTE and k != "name"]
        if unbekannt:
            raise Eingabefehler(
                "Unbekannte Schlüssel einer Saisonwertung: "
                + ", ".join(f"„{k}“" for k in unbekannt)
                + f". Erlaubt: {', '.join(SCHLUESSEL)}."
            )
        punkte = daten.get("punkte", [])
        if not isinstance(punkte, list | tuple):
            raise Eingabefehler(f"punkte „{punkte}“ ist keine Liste von Zahlen.")
        texte = {k: str(daten.get(k) or "") for k in ("name", *_TEXTE)}
        return cls(
            grundlage=str(daten.get("grundlage", "summe")),
            beste=daten.get("beste", 0),
            punkte=tuple(punkte),
            abende=daten.get("abende", 1),
            turniere=daten.get("turniere", 1),
            mindestspiele=daten.get("mindestspiele", 0),
            **texte,
        )

    def mit(self, setzen: Sequence[str] | Mapping[str, str]) -> Saisonwertung:
        """Kopie mit den Schlüsseln aus ``["beste=6", "abende=0"]`` (Texte wie bei ``--set``);
        alle Fehler auf einmal als ``Eingabefehler``."""
        if not isinstance(setzen, Mapping):
            setzen = setzungen(setzen)
        neu: dict[str, Any] = {}
        fehler: list[str] = []
        for roh, text in setzen.items():
            k = roh.strip().lower()
            wert = str(text).strip()
            if k == "grundlage":
                neu[k] = wert.lower()
            elif k == "punkte":
                neu[k] = _zahlenliste(wert, "punkte", fehler)
            elif k in SCHLUESSEL:
                neu[k] = _zahl(wert, k, fehler)
            else:
                fehler.append(
                    f"Unbekannter Schlüssel „{roh}“ einer Saisonwertung. Erlaubt: "
                    f"{', '.join(SCHLUESSEL)}."
                )
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        if neu.get("grundlage") == "platzpunkte" and "punkte" not in neu and not self.punkte:
            neu["punkte"] = _vorlage("platzpunkte").punkte
        return replace(self, **neu)


# --------------------------------------------------------------------------- Laden


def setzungen(paare: Sequence[str]) -> dict[str, str]:
    """``["beste=8", "abende=0"]`` → ``{"beste": "8", "abende": "0"}``; ohne ``=``: Fehler."""
    aus: dict[str, str] = {}
    for p in paare:
        k, gleich, v = str(p).partition("=")
        if not gleich or not k.strip():
            raise Eingabefehler(
                f"„{p}“ hat nicht die Form SCHLUESSEL=WERT (z. B. --set beste=8 abende=0)."
            )
        aus[k.strip()] = v
    return aus


def _zahl(text: str, was: str, fehler: list[str]) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        fehler.append(f"{was}={text}: keine ganze Zahl ab 0.")
        return 0
    return int(text)


def _zahlenliste(text: str, was: str, fehler: list[str]) -> tuple[int, ...]:
    teile = [t.strip() for t in text.split(",") if t.strip()]
    if not teile:
        fehler.append(f"{was} braucht Zahlen mit Komma getrennt, z. B. {was}=25,20,16.")
        return ()
    if len(teile) > PLAETZE_HOECHSTENS:
        fehler.append(f"{was}: höchstens {PLAETZE_HOECHSTENS} Plätze.")
        return ()
    return tuple(_zahl(t, was, fehler) for t in teile)


def wertung_texte() -> dict[str, dict[str, Any]]:
    """Die benannten Wertungen aus ``data/saison_wertungen.json`` (Name → Eintrag)."""
    from referee.resources import lade_json

    daten: dict[str, dict[str, Any]] = lade_json("saison_wertungen.json")["wertungen"]
    return daten


def wertung_namen() -> tuple[str, ...]:
    return tuple(wertung_texte())


def _vorlage(name: str) -> Saisonwertung:
    texte = wertung_texte()
    if name not in texte:
        from referee.namen import vorschlag

        raise Eingabefehler(
            f"Unbekannte Saisonwertung „{name}“."
            + (vorschlag(name, texte) or "")
            + f" Mitgeliefert: {', '.join(texte)} (referee saison wertungen)."
        )
    return Saisonwertung.aus_json({"name": name, **texte[name]})


def wertung_laden(text: str | None = None, setzen: Sequence[str] = ()) -> Saisonwertung:
    """``NAME[:ZAHLEN]`` (ohne: ``summe``) mit den Setzungen ``setzen``.

    Die Zahlen nach dem Doppelpunkt: bei ``beste`` wie viele zählen, bei ``platzpunkte`` (und
    jeder Wertung mit Platzpunkten) die Punkte je Platz, bei ``schnitt`` die Mindestzahl der
    Spiele; sonst gibt es keine."""
    roh = (text or STANDARD_WERTUNG).strip()
    name, doppelpunkt, zahlen = roh.partition(":")
    name = name.strip().lower()
    w = _vorlage(name)
    if doppelpunkt:
        zusatz = zahlen.strip()
        fehler: list[str] = []
        if w.grundlage == "platzpunkte":
            neu: dict[str, Any] = {"punkte": _zahlenliste(zusatz, name, fehler)}
        elif w.grundlage == "schnitt":
            neu = {"mindestspiele": _zahl(zusatz, name, fehler)}
        elif w.beste:
            neu = {"beste": _zahl(zusatz, name, fehler)}
        else:
            neu = {}
            fehler.append(f"„{name}“ nimmt keine Zahl nach dem Doppelpunkt.")
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        w = replace(w, **neu)
        if neu.get("beste") == 0:
            raise Eingabefehler(f"{roh}: die besten 0 Ergebnisse – nimm summe.")
        w = replace(w, name=f"{name}:{zusatz}")
    if setzen:
        w = w.mit(setzen)
    return w


__all__ = [
    "GRUNDLAGEN",
    "SCHLUESSEL",
    "STANDARD_WERTUNG",
    "Saisonwertung",
    "setzungen",
    "wertung_laden",
    "wertung_namen",
    "wertung_texte",
]
