"""Der Regelkorpus ``rules_de/``: Abschnitte mit stabiler id, Titel und wörtlichem Text.

Jede Datei ``rules_de/<spiel>.md`` hat einen Kopf (``spiel:``, ``name:``, ``quelle:``)
und danach Abschnitte in diesem Format::

    ## Davonlaufen
    id: schafkopf.davonlaufen
    stichworte: davonlaufen, weglaufen, vier karten

    Davonlaufen ist die einzige regelkonforme Möglichkeit, …

Der Text ist wörtlich aus der Quelle übernommen (nur Leerraum am Zeilenende
normalisiert, Diagramm-Reste der PDF-Umwandlung entfernt); die Stichworte sind
Suchhilfen und gehören nicht zum Regeltext. Nur Standardbibliothek.

>>> abschnitt("schafkopf.faq-augen").titel
'Wie viele Augen braucht die Spielerpartei?'
>>> abschnitt("schafkopf.faq-augen").spiel
'schafkopf'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from referee.resources import verzeichnis

#: Die Spiele in fester Reihenfolge (Dateiname ohne .md = Spielkürzel).
SPIELE: tuple[str, ...] = ("schafkopf", "sabai", "saufn", "schlafmuetze")


@dataclass(frozen=True)
class Abschnitt:
    """Ein Regelabschnitt: ``id`` wie ``schafkopf.davonlaufen``, ``text`` wörtlich."""

    id: str
    spiel: str
    titel: str
    text: str
    stichworte: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.titel} ({self.id})"


@dataclass(frozen=True)
class Regelwerk:
    """Kopf einer Regeldatei: Spielkürzel, Anzeigename und Quelle."""

    spiel: str
    name: str
    quelle: str


def _kopfzeile(zeile: str) -> tuple[str, str] | None:
    schluessel, sep, wert = zeile.partition(":")
    if not sep or not schluessel.isidentifier():
        return None
    return schluessel.strip(), wert.strip()


@dataclass
class _Rohabschnitt:
    """Ein Abschnitt, während ``parse_regeldatei`` ihn Zeile für Zeile liest."""

    titel: str
    nr: int
    kopf: dict[str, str] = field(default_factory=dict)
    zeilen: list[str] = field(default_factory=list)
    im_kopf: bool = True


def parse_regeldatei(inhalt: str, spiel: str) -> tuple[Regelwerk, list[Abschnitt]]:
    """Eine Regeldatei zerlegen; ``ValueError`` bei kaputtem Format (nennt die Zeile)."""
    kopf: dict[str, str] = {}
    abschnitte: list[Abschnitt] = []
    aktuell: _Rohabschnitt | None = None

    def abschliessen() -> None:
        if aktuell is None:
            return
        text = "\n".join(aktuell.zeilen).strip("\n")
        if "id" not in aktuell.kopf:
            raise ValueError(f"Abschnitt „{aktuell.titel}“ (Zeile {aktuell.nr}) hat keine id.")
        if not text:
            raise ValueError(f"Abschnitt {aktuell.kopf['id']} hat keinen Text.")
        stichworte = tuple(
            w.strip() for w in aktuell.kopf.get("stichworte", "").split(",") if w.strip()
        )
        abschnitte.append(Abschnitt(aktuell.kopf["id"], spiel, aktuell.titel, text, stichworte))

    for nr, roh in enumerate(inhalt.splitlines(), start=1):
        zeile = roh.rstrip()
        if zeile.startswith("## "):
            abschliessen()
            aktuell = _Rohabschnitt(zeile[3:].strip(), nr)
            continue
        if aktuell is None:  # Dateikopf vor dem ersten Abschnitt
            paar = _kopfzeile(zeile)
            if paar and paar[0] in ("spiel", "name", "quelle"):
                kopf[paar[0]] = paar[1]
            continue
        if aktuell.im_kopf:
            if not zeile:
                aktuell.im_kopf = False
                continue
            paar = _kopfzeile(zeile)
            if paar is None:
                raise ValueError(
                    f"Zeile {nr}: erwartet „schlüssel: wert“ im Abschnittskopf, gefunden „{zeile}“."
                )
            aktuell.kopf[paar[0]] = paar[1]
            continue
        aktuell.zeilen.append(zeile)
    abschliessen()
    if kopf.get("spiel", spiel) != spiel:
        raise ValueError(f"Datei für {spiel} nennt spiel: {kopf['spiel']}.")
    for a in abschnitte:
        if not a.id.startswith(spiel + "."):
            raise ValueError(f"id {a.id} gehört nicht zum Spiel {spiel}.")
    werk = Regelwerk(spiel, kopf.get("name", spiel), kopf.get("quelle", ""))
    return werk, abschnitte


@cache
def _korpus() -> tuple[dict[str, Regelwerk], dict[str, Abschnitt]]:
    ordner = verzeichnis("rules_de")
    werke: dict[str, Regelwerk] = {}
    alle: dict[str, Abschnitt] = {}
    for spiel in SPIELE:
        inhalt = (ordner / f"{spiel}.md").read_text(encoding="utf-8")
        werk, liste = parse_regeldatei(inhalt, spiel)
        werke[spiel] = werk
        for a in liste:
            if a.id in alle:
                raise ValueError(f"Doppelte Abschnitts-id {a.id}.")
            alle[a.id] = a
    return werke, alle


def abschnitt(id: str) -> Abschnitt:
    """Den Abschnitt mit dieser id; ``KeyError`` wenn es ihn nicht gibt."""
    return _korpus()[1][id]


def abschnitte(spiel: str | None = None) -> tuple[Abschnitt, ...]:
    """Alle Abschnitte (in Dateireihenfolge), optional nur die eines Spiels."""
    alle = _korpus()[1].values()
    if spiel is None:
        return tuple(alle)
    if spiel not in SPIELE:
        raise KeyError(spiel)
    return tuple(a for a in alle if a.spiel == spiel)


def regelwerk(spiel: str) -> Regelwerk:
    """Anzeigename und Quelle eines Spiels (``KeyError`` wenn unbekannt)."""
    return _korpus()[0][spiel]


def spielname(spiel: str) -> str:
    """Anzeigename: ``schlafmuetze`` → ``Schlafmütze``."""
    return regelwerk(spiel).name


def bezeichnung(id: str) -> str:
    """Die id mit dem Titel, zum Zitieren: ``saufn.abaendern (A – Abändern)``; unbekannt: die id.

    >>> bezeichnung("schafkopf.faq-augen")
    'schafkopf.faq-augen (Wie viele Augen braucht die Spielerpartei?)'
    """
    try:
        return f"{id} ({abschnitt(id).titel})"
    except KeyError:
        return id


def zitat(id: str, zeilen_mit: str | None = None) -> str | None:
    """Der wörtliche Text eines Abschnitts (``None``, wenn es ihn nicht gibt).

    Mit ``zeilen_mit`` nur die Zeilen, die das Wort enthalten (Groß-/Kleinschreibung egal),
    dazu die erste Zeile als Einleitung; passt keine, der ganze Text.
    """
    try:
        text = abschnitt(id).text
    except KeyError:
        return None
    if zeilen_mit is None:
        return text
    zeilen = text.splitlines()
    passend = [z for z in zeilen if zeilen_mit.casefold() in z.casefold()]
    if not passend:
        return text
    return "\n".join([zeilen[0], *passend]) if zeilen[0] not in passend else "\n".join(passend)


# --------------------------------------------------------------------------- Konventionen

_PLATZHALTER = re.compile(r"\{([a-z_.]+)\}")
#: Spielarten mit Laufenden (wie ``referee.schafkopf.tarif.LAUFENDE_SPIELARTEN``; hier ohne
#: den Import, damit ``referee frage`` schnell startet).
_LAUFENDE_SPIELARTEN = ("rufspiel", "solo", "wenz", "farbwenz", "geier", "farbgeier")


@dataclass(frozen=True)
class Konvention:
    """Eine Konvention aus ``data/konventionen.md``: was referee tut, wo der Regeltext schweigt.

    ``stelle`` ist der Regelabschnitt, der zur Frage etwas sagt (mit dem Wort, das die
    zitierten Zeilen auswählt); ``einstellung`` eine Vorlage mit ``{schluessel}`` aus dem
    Tarif (``Schneider: +{schneider} ct``); ``aendern`` sagt, wie man es umstellt.
    """

    id: str
    spiel: str
    titel: str
    text: str
    stichworte: tuple[str, ...] = ()
    stelle: str | None = None
    stelle_wort: str | None = None
    einstellung: str = ""
    aendern: str = ""

    @property
    def haengt_vom_tarif_ab(self) -> bool:
        """Enthält die Einstellung Werte aus dem Tarif (``{schneider}`` …)?"""
        return "{" in self.einstellung

    def einstellung_fuer(self, werte: Mapping[str, Any] | None = None) -> str:
        """Die Einstellung mit den Werten eines Tarifs (``Tarif.als_json()``) gefüllt.

        ``laufende_ab`` als Zahl oder Zuordnung wird zu ``laufende_ab.wenz`` usw.;
        ja/nein-Schalter werden „ja“/„nein“. Fehlt ein Wert, bleibt ``{schluessel}`` stehen.

        >>> k = Konvention("konvention.x", "schafkopf", "X", "Text.",
        ...                einstellung="Schneider: +{schneider} ct, ab {laufende_ab.wenz}")
        >>> k.einstellung_fuer({"schneider": 10, "laufende_ab": {"wenz": 2}})
        'Schneider: +10 ct, ab 2'
        """
        flach: dict[str, Any] = dict(werte or {})
        ab = flach.get("laufende_ab")
        if isinstance(ab, Mapping):
            flach.update({f"laufende_ab.{k}": v for k, v in ab.items()})
        elif ab is not None:
            flach.update({f"laufende_ab.{k}": ab for k in _LAUFENDE_SPIELARTEN})

        def ersetze(m: re.Match[str]) -> str:
            wert = flach.get(m.group(1))
            if wert is None:
                return m.group(0)
            if isinstance(wert, bool):
                return "ja" if wert else "nein"
            return str(wert)

        return _PLATZHALTER.sub(ersetze, self.einstellung)

    def als_abschnitt(self) -> Abschnitt:
        """Für den Suchindex: Titel, Text und Stichworte wie ein Regelabschnitt."""
        return Abschnitt(self.id, self.spiel, self.titel, self.text, self.stichworte)


def parse_konventionen(inhalt: str) -> list[Konvention]:
    """``data/konventionen.md`` zerlegen; ``ValueError`` bei kaputtem Format."""
    liste: list[Konvention] = []
    for block in inhalt.split("\n## ")[1:]:
        zeilen = block.splitlines()
        titel = zeilen[0].strip()
        kopf: dict[str, str] = {}
        i = 1
        while i < len(zeilen) and zeilen[i].strip():
            paar = _kopfzeile(zeilen[i])
            if paar is None:
                raise ValueError(f"Konvention „{titel}“: Kopfzeile „{zeilen[i]}“ ohne schlüssel:.")
            kopf[paar[0]] = paar[1]
            i += 1
        text = "\n".join(zeilen[i:]).strip()
        if "id" not in kopf or not kopf["id"].startswith("konvention."):
            raise ValueError(f"Konvention „{titel}“ hat keine id konvention.….")
        if not text or kopf.get("spiel") not in SPIELE:
            raise ValueError(f"Konvention {kopf['id']}: Text oder spiel fehlt.")
        stelle, _, wort = kopf.get("stelle", "").partition(":")
        liste.append(
            Konvention(
                id=kopf["id"],
                spiel=kopf["spiel"],
                titel=titel,
                text=text,
                stichworte=tuple(
                    w.strip() for w in kopf.get("stichworte", "").split(",") if w.strip()
                ),
                stelle=stelle.strip() or None,
                stelle_wort=wort.strip() or None,
                einstellung=kopf.get("einstellung", ""),
                aendern=kopf.get("aendern", ""),
            )
        )
    return liste


@cache
def _konventionen() -> dict[str, Konvention]:
    from referee.resources import datei

    liste = parse_konventionen(datei("konventionen.md").read_text(encoding="utf-8"))
    return {k.id: k for k in liste}


def konventionen() -> tuple[Konvention, ...]:
    """Alle Konventionen (in Dateireihenfolge)."""
    return tuple(_konventionen().values())


def konvention(id: str) -> Konvention:
    """Die Konvention mit dieser id; ``KeyError`` wenn es sie nicht gibt."""
    return _konventionen()[id]
