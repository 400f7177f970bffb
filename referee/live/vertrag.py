"""Der JSON-Vertrag der Eingabeseite – einmal geschrieben, für den Abend und den Turniertisch.

Anfragen (``POST`` unter einem Schreib-Link; ``lies_anfrage`` prüft sie: genau diese Felder,
jedes mit seinem Typ, sonst 400)::

    api/vorschau      Vorschauanfrage      {"zeile"[, "eintrag"]}
    api/eintrag       Eintragsanfrage      {"zeile", "schluessel"[, "trotzdem" | "spiel_nr"]}
    api/rueckgaengig  Rueckgaengiganfrage  {"eintrag", "schluessel"}
    api/korrektur     Korrekturanfrage     {"eintrag", "zeile", "schluessel"}

``trotzdem`` (einen gleichen Eintrag eines anderen Handys bewusst eintragen) gibt es nur beim
Abend, ``spiel_nr`` (das wievielte Spiel des Tisches gemeint ist) nur am Turniertisch; welches
eine Quelle nicht kennt, nennt sie in ``ohne_felder``.

Antworten (``als_json``): ``Vorschau``, ``Eingetragen`` (Eintrag und Korrektur), ``Storniert``;
ein Fehler ist ``{"fehler": {"art", "meldung", "abschnitt"}}`` (``fehler_json``), bei 409 dazu
der jetzige Stand (``Konflikt``). Was Abend und Turniertisch verschieden mitschicken, ist ein
``Anhang``: beim Abend ``{"stand": …}`` (wie ``referee stand --json``), am Turniertisch
``{"ergebnis": …}`` bzw. ``{"fortschritt": …}``.

Ereignisse (``text/event-stream``, Feld ``data``): ``Ereignis`` – die Lese-Seite bekommt
``{"nr", "zeit", "html"}``, die Eingabeseite dazu ``"daten"`` (``Eingabedaten``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import MISSING, dataclass, field, fields
from types import NoneType, UnionType
from typing import Any, Protocol, Union, get_args, get_origin, get_type_hints

from referee.text import json_art, zeigbar

#: Die längste Zeile (und jeder andere Text), die eine Anfrage tragen darf.
LAENGSTER_TEXT = 500
_GROESSTE_ID = 2**53
_TYPNAME = {str: "Text", bool: "true oder false"}


class Anfragefehler(Exception):
    """Eine Anfrage, die gar nicht erst ans Buch geht (400, 403, 404, 413, 415, 429, 503)."""

    def __init__(self, status: int, meldung: str, kopf: Mapping[str, str] | None = None) -> None:
        super().__init__(meldung)
        self.status = status
        self.meldung = meldung
        self.kopf = dict(kopf or {})


class AlsJson(Protocol):
    """Etwas, das sich selbst als JSON-Objekt schreibt (die Antworten des Buchs)."""

    def als_json(self) -> dict[str, Any]: ...


def fehler_json(art: str, meldung: str) -> dict[str, Any]:
    """Die Fehlerform einer Anfrage, die nicht ans Buch kam (wie ``Fehlerbild.als_json``)."""
    return {"fehler": {"art": art, "meldung": meldung, "abschnitt": None}}


# --------------------------------------------------------------------------- Anfragen


@dataclass(frozen=True)
class Vorschauanfrage:
    """Was ``zeile`` ergäbe (mit ``eintrag``: als Korrektur dieses Eintrags)."""

    zeile: str
    eintrag: int | None = None


@dataclass(frozen=True)
class Eintragsanfrage:
    """``zeile`` eintragen; ``schluessel`` je Absendung (dieselbe noch einmal schreibt nichts)."""

    zeile: str
    schluessel: str
    trotzdem: bool = False
    spiel_nr: int | None = None


@dataclass(frozen=True)
class Rueckgaengiganfrage:
    """Den Eintrag ``eintrag`` stornieren – nur, solange er der jüngste ist."""

    eintrag: int
    schluessel: str


@dataclass(frozen=True)
class Korrekturanfrage:
    """Den Eintrag ``eintrag`` durch ``zeile`` ersetzen – nur, solange er gilt."""

    eintrag: int
    zeile: str
    schluessel: str


Anfrage = Vorschauanfrage | Eintragsanfrage | Rueckgaengiganfrage | Korrekturanfrage

#: Pfad unter ``api/`` → die Anfrage dort.
ANFRAGEN: dict[str, type[Anfrage]] = {
    "vorschau": Vorschauanfrage,
    "eintrag": Eintragsanfrage,
    "rueckgaengig": Rueckgaengiganfrage,
    "korrektur": Korrekturanfrage,
}


def _felder(art: type[Anfrage]) -> tuple[tuple[str, type, bool], ...]:
    """(Name, Typ, Pflicht) je Feld, aus der Datenklasse selbst (``int | None`` → ``int``)."""
    hinweise = get_type_hints(art)
    aus = []
    for f in fields(art):
        typ = hinweise[f.name]
        if get_origin(typ) in (UnionType, Union):
            typ = next(t for t in get_args(typ) if t is not NoneType)
        aus.append((f.name, typ, f.default is MISSING and f.default_factory is MISSING))
    return tuple(aus)


#: Je Anfrage ihre Felder (Name, Typ, Pflicht), einmal beim Laden gelesen.
_FELDER = {art: _felder(art) for art in ANFRAGEN.values()}


def lies_anfrage(art: type[Anfrage], daten: object, ohne: Collection[str] = ()) -> Anfrage:
    """Ein JSON-Objekt mit genau den Feldern von ``art`` (ohne die in ``ohne``), jedes mit
    seinem Typ – sonst ``Anfragefehler`` 400. Texte verlieren Steuerzeichen und Leerraum am
    Rand (höchstens ``LAENGSTER_TEXT`` Zeichen); Zahlen sind ganze Zahlen ab 1."""
    if not isinstance(daten, dict):
        raise Anfragefehler(400, "Die Anfrage ist kein JSON-Objekt.")
    felder = [f for f in _FELDER[art] if f[0] not in ohne]
    namen = [name for name, _, _ in felder]
    fremd = sorted(str(k) for k in daten if k not in namen)
    if fremd:
        was = next(p for p, a in ANFRAGEN.items() if a is art)
        raise Anfragefehler(
            400, f"Unbekanntes Feld „{zeigbar(fremd[0], 40)}“; {was} kennt: {', '.join(namen)}."
        )
    werte: dict[str, Any] = {}
    for name, typ, pflicht in felder:
        if name not in daten:
            if pflicht:
                raise Anfragefehler(400, f"Es fehlt das Feld „{name}“.")
            continue
        wert = daten[name]
        if typ is int:
            _pruefe_nummer(name, wert)
        elif not isinstance(wert, typ):
            raise Anfragefehler(
                400, f"Das Feld „{name}“ muss {_TYPNAME[typ]} sein, nicht {json_art(wert)}."
            )
        if isinstance(wert, str):
            wert = "".join(c for c in wert if c.isprintable()).strip()
            if len(wert) > LAENGSTER_TEXT:
                raise Anfragefehler(
                    400,
                    f"Das Feld „{name}“ ist zu lang ({len(wert)} Zeichen, höchstens "
                    f"{LAENGSTER_TEXT}).",
                )
        werte[name] = wert
    return art(**werte)


def _pruefe_nummer(name: str, wert: object) -> None:
    """Eine Nummer (Eintrag, Spiel des Tisches): eine ganze Zahl von 1 bis ``_GROESSTE_ID`` –
    sonst eine Meldung, die sagt, was an ``wert`` nicht stimmt."""
    if isinstance(wert, bool) or not isinstance(wert, int):
        raise Anfragefehler(
            400, f"Das Feld „{name}“ muss eine ganze Zahl sein, nicht {json_art(wert)}."
        )
    if wert == 0:
        raise Anfragefehler(400, f"Das Feld „{name}“ zählt ab 1; eine Nummer 0 gibt es nicht.")
    if wert < 0:
        raise Anfragefehler(400, f"Das Feld „{name}“ ist eine Nummer ab 1, keine negative Zahl.")
    if wert > _GROESSTE_ID:
        raise Anfragefehler(400, f"Das Feld „{name}“ ist zu groß für eine Nummer (höchstens 2^53).")


# --------------------------------------------------------------------------- Antworten

#: Eine Zeile der Anzeige je Spieler: ``("Anna", "+0,20 €", "plus")`` (Klasse leer bei 0).
Anzeigewert = tuple[str, str, str]


@dataclass(frozen=True)
class Anhang:
    """Was eine Antwort über den Stand danach mitbringt, unter seinem Namen (``stand``,
    ``ergebnis``, ``fortschritt``); ``wert`` ``None``: der Stand ließ sich nicht lesen."""

    name: str
    wert: AlsJson | None

    def als_json(self) -> dict[str, Any]:
        return {self.name: None if self.wert is None else self.wert.als_json()}


@dataclass(frozen=True)
class Vorschau:
    """``api/vorschau``: was die Zeile ergäbe. ``einzelheiten``: was die Quelle dazu schreibt
    (Abend: Spiel, Zeile, Werte, Ergebnis des Buchs; Turniertisch: Punkte je Platz, Soli)."""

    text: str
    erklaerung: str | None
    anzeige: tuple[Anzeigewert, ...]
    ersetzt: int | None
    doppelt: int | None
    einzelheiten: AlsJson

    def als_json(self) -> dict[str, Any]:
        return {
            "vorschau": {
                **self.einzelheiten.als_json(),
                "text": self.text,
                "erklaerung": self.erklaerung,
                "anzeige": [list(a) for a in self.anzeige],
                "ersetzt": self.ersetzt,
                "doppelt": self.doppelt,
            }
        }


@dataclass(frozen=True)
class Eingetragen:
    """``api/eintrag`` und ``api/korrektur``: der neue Eintrag (``ersetzt``: der korrigierte);
    ``wiederholt``: derselbe Schlüssel kam schon, nichts neu geschrieben."""

    eintrag: int
    spiel: str
    text: str
    erklaerung: str | None
    ersetzt: int | None
    wiederholt: bool
    anhang: Anhang

    def als_json(self) -> dict[str, Any]:
        return {
            "eintrag": self.eintrag,
            "spiel": self.spiel,
            "text": self.text,
            "erklaerung": self.erklaerung,
            "ersetzt": self.ersetzt,
            "wiederholt": self.wiederholt,
            **self.anhang.als_json(),
        }


@dataclass(frozen=True)
class Storniert:
    """``api/rueckgaengig``: der Storno, was er aufhebt und was wieder gilt."""

    storno: int
    storniert: int
    wieder: int | None
    text: str
    wiederholt: bool
    anhang: Anhang

    def als_json(self) -> dict[str, Any]:
        return {
            "storno": self.storno,
            "storniert": self.storniert,
            "wieder": self.wieder,
            "text": self.text,
            "wiederholt": self.wiederholt,
            **self.anhang.als_json(),
        }


@dataclass(frozen=True)
class Doppelt:
    """Ein gleicher Eintrag eines anderen Handys (409 beim Abend): Nummer, Uhrzeit, Zeile."""

    id: int
    zeit: str
    text: str


@dataclass(frozen=True)
class Konflikt:
    """Was ein 409 zur Fehlermeldung mitschickt: der jetzige Stand, der jüngste geltende
    Eintrag, ggf. der gleiche Eintrag eines anderen Handys."""

    anhang: Anhang
    letzter: int | None
    doppelt: Doppelt | None = None

    def als_json(self) -> dict[str, Any]:
        aus: dict[str, Any] = {**self.anhang.als_json(), "letzter": self.letzter}
        if self.doppelt is not None:
            d = self.doppelt
            aus["doppelt"] = {"id": d.id, "zeit": d.zeit, "text": d.text}
        return aus


Antwort = Vorschau | Eingetragen | Storniert


# --------------------------------------------------------------------------- Ereignisse


@dataclass(frozen=True)
class Sitz:
    """Was ein Spieler-Chip am Turniertisch dazu zeigt: Startnummer, ob er aussetzt, den
    Hinweis unter dem Namen."""

    startnummer: int
    aussetzer: bool
    hinweis: str


@dataclass(frozen=True)
class Mitspieler:
    """Ein Spieler der Eingabeseite: Name und das Kürzel, mit dem die Zeile ihn nennt
    (``None``: keines ist eindeutig); am Turniertisch sein ``sitz``; ``anzeige``: was sein
    Chip zeigt (``None``: der Name; bei gleichen Vornamen „Sepp H.“, am Turniertisch
    „Sepp H. · 2“)."""

    name: str
    kuerzel: str | None
    sitz: Sitz | None = None
    anzeige: str | None = None

    def als_json(self) -> dict[str, Any]:
        aus: dict[str, Any] = {
            "name": self.name,
            "anzeige": self.anzeige or self.name,
            "kuerzel": self.kuerzel,
        }
        if self.sitz is not None:
            s = self.sitz
            aus.update(startnummer=s.startnummer, aussetzer=s.aussetzer, hinweis=s.hinweis)
        return aus


@dataclass(frozen=True)
class Listeneintrag:
    """Ein Eintrag unter „Letzte Einträge“ mit dem Formular fürs Korrigieren
    (``referee.live.formular.formular``; ``None``: lässt sich nicht ins Formular holen)."""

    id: int
    zeit: str
    spiel: str
    text: str
    erklaerung: str | None
    betraege: tuple[Anzeigewert, ...]
    formular: Mapping[str, Any] | None
    letzter: bool

    def als_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "zeit": self.zeit,
            "spiel": self.spiel,
            "text": self.text,
            "erklaerung": self.erklaerung,
            "betraege": [list(b) for b in self.betraege],
            "formular": None if self.formular is None else dict(self.formular),
            "letzter": self.letzter,
        }


@dataclass(frozen=True)
class Tischangaben:
    """Was nur ein Turniertisch der Eingabeseite sagt: wo sie steht, die Kopfzeile, die
    Nummer des nächsten Spiels, welche Zusätze die Wertung zählt."""

    turnier: int
    runde: int
    tisch: int
    kopf: str
    naechstes: int | None
    laufende: bool
    klopfer: bool
    stoesse: bool


@dataclass(frozen=True)
class Eingabedaten:
    """Was die Eingabeseite bei jeder Änderung bekommt: der Abend (am Turniertisch ``None``),
    ob eingetragen werden darf (``offen``; sonst sagt ``meldung`` warum), ob Korrigieren geht
    (``aendern``; ``None``: wie ``offen``), die Spieler, die letzten Einträge und welcher der
    jüngste geltende ist (nur ihn nimmt „Rückgängig“ zurück).

    ``spiele``: die Wörter der Spiele, die hier gehen (Abend: nach den Hausregeln, Turnier:
    nach der Wertung; ``None``: alle), ``spiele_hinweis``: was fehlt und wie es ginge;
    ``aufgehoben``: je nicht mehr geltendem Eintrag, was jetzt an seiner Stelle gilt (``None``:
    storniert) – damit sagt die Seite sofort, dass ein Eintrag, den sie gerade korrigiert,
    schon ersetzt ist."""

    abend: int | None
    offen: bool
    meldung: str | None
    spieler: tuple[Mitspieler, ...] = ()
    eintraege: tuple[Listeneintrag, ...] = ()
    letzter: int | None = None
    aendern: bool | None = None
    tisch: Tischangaben | None = None
    spiele: tuple[str, ...] | None = None
    spiele_hinweis: str | None = None
    aufgehoben: Mapping[int, int | None] = field(default_factory=dict)

    @classmethod
    def geschlossen(cls, meldung: str) -> Eingabedaten:
        """Eine Eingabeseite, an der nichts geht (``meldung`` sagt, warum)."""
        return cls(None, False, meldung, aendern=False)

    def als_json(self) -> dict[str, Any]:
        aus: dict[str, Any] = {"abend": self.abend, "offen": self.offen}
        t = self.tisch
        if t is not None:
            aus.update(turnier=t.turnier, runde=t.runde, tisch=t.tisch)
        if self.aendern is not None:
            aus["aendern"] = self.aendern
        aus["meldung"] = self.meldung
        if t is not None:
            aus.update(kopf=t.kopf, naechstes=t.naechstes)
        aus["spieler"] = [s.als_json() for s in self.spieler]
        if self.spiele is not None:
            aus["spiele"] = list(self.spiele)
            aus["spiele_hinweis"] = self.spiele_hinweis
        if t is not None:
            # nur was Punkte ändert (Klopfen und Stoß „ohne Wirkung“ zählen nicht)
            aus["zusaetze"] = {"laufende": t.laufende, "klopfer": t.klopfer, "stoesse": t.stoesse}
        aus["eintraege"] = [e.als_json() for e in self.eintraege]
        aus["letzter"] = self.letzter
        aus["aufgehoben"] = {str(k): v for k, v in self.aufgehoben.items()}
        return aus


@dataclass(frozen=True)
class Ereignis:
    """Eine Fassung im Ereignisstrom: Nummer, Uhrzeit, der veränderliche Teil der Seite als
    HTML und – für die Eingabeseite – ihre Daten."""

    nr: int
    zeit: str
    html: str
    daten: Eingabedaten | None = None

    def als_text(self) -> str:
        """Der Inhalt des ``data:``-Felds (eine Zeile JSON)."""
        aus: dict[str, Any] = {"nr": self.nr, "zeit": self.zeit, "html": self.html}
        if self.daten is not None:
            aus["daten"] = self.daten.als_json()
        return json.dumps(aus, ensure_ascii=False)


__all__ = [
    "ANFRAGEN",
    "LAENGSTER_TEXT",
    "AlsJson",
    "Anfrage",
    "Anfragefehler",
    "Anhang",
    "Antwort",
    "Anzeigewert",
    "Doppelt",
    "Eingabedaten",
    "Eingetragen",
    "Eintragsanfrage",
    "Ereignis",
    "Konflikt",
    "Korrekturanfrage",
    "Listeneintrag",
    "Mitspieler",
    "Rueckgaengiganfrage",
    "Sitz",
    "Storniert",
    "Tischangaben",
    "Vorschau",
    "Vorschauanfrage",
    "fehler_json",
    "lies_anfrage",
]
