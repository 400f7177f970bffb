"""Die Wortlisten aus ``data/``: Füllwörter, Synonyme, Spielnamen, Mundart, fremde Spiele.

Jede Liste wird beim ersten Gebrauch einmal gelesen und gefaltet (``@vorraetig``) – oder
kommt fertig aus dem Index-Cache (``vorrat_setzen``): er ist mit denselben Dateien geschlüsselt,
und so muss ein ``referee frage`` sie nicht bei jedem Start neu falten.

- ``data/stoppwoerter.txt``: Füllwörter, die eine Frage nicht trägt („der“, „mal“, „eigentlich“)
  und als Rückfall eine Liste verbreiteter Vornamen; die Namen am Tisch kommen aus dem Buch
  (``referee frage`` reicht sie als ``namen`` durch).
- ``data/synonyme.json``: Gruppen gleichbedeutender Wörter (``Kontra`` = ``Stoß``), schwache
  Fragewörter („wie viele“), Spielnamen (``Sauspiel`` → ``schafkopf``), Mundart in Schriftform
  (``koa`` → ``kein``) und fremde Spiele (Skat, Doppelkopf …).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from referee.errors import Eingabefehler
from referee.regeltexte import SPIELE
from referee.suche.falten import falte, woerter
from referee.suche.wortformen import ENDUNGEN

T = TypeVar("T")

#: Die vorberechneten Listen aus dem Index-Cache (Name → Wert) und wer sie berechnet.
_VORRAT: dict[str, Any] = {}
_BERECHNET: dict[str, functools._lru_cache_wrapper[Any]] = {}


def vorraetig(name: str) -> Callable[[Callable[[], T]], functools._lru_cache_wrapper[T]]:
    """Wie ``@cache`` für eine Liste ohne Argumente – aber zuerst aus dem Vorrat des Caches."""

    def deko(berechne: Callable[[], T]) -> functools._lru_cache_wrapper[T]:
        @functools.wraps(berechne)
        def liste() -> T:
            return _VORRAT[name] if name in _VORRAT else berechne()

        gemerkt = functools.cache(liste)
        _BERECHNET[name] = gemerkt
        return gemerkt

    return deko


def vorrat() -> dict[str, Any]:
    """Alle vorrätigen Listen (berechnet, wo nötig) – für den Index-Cache (nur Daten)."""
    return {name: liste() for name, liste in _BERECHNET.items()}


def vorrat_setzen(werte: dict[str, Any]) -> None:
    """Die Listen aus dem Index-Cache übernehmen (derselbe Korpus-Schlüssel: dieselben Dateien)."""
    _VORRAT.clear()
    _VORRAT.update(werte)
    for liste in _BERECHNET.values():
        liste.cache_clear()


@vorraetig("stopp")
def stoppwoerter() -> frozenset[str]:
    """Füllwörter aus ``data/stoppwoerter.txt`` (gefaltet)."""
    from referee.resources import datei

    zeilen = datei("stoppwoerter.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(falte(z.strip()) for z in zeilen if z.strip() and not z.startswith("#"))


@vorraetig("synonyme")
def synonymdaten() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """Wort → seine Synonyme, und Spielname → Spielkürzel (aus ``data/synonyme.json``)."""
    from referee.resources import lade_json

    daten = lade_json("synonyme.json")
    gruppen: dict[str, set[str]] = {}
    for gruppe in daten["gruppen"]:
        gefaltet = {falte(w) for w in gruppe}
        for w in gefaltet:
            gruppen.setdefault(w, set()).update(gefaltet - {w})
    spiel_je_name: dict[str, str] = {}
    for spiel, namen in daten["spiele"].items():
        if spiel not in SPIELE:
            raise ValueError(f"synonyme.json nennt unbekanntes Spiel {spiel}.")
        for name in [spiel, *namen]:
            name_gefaltet = falte(name)
            spiel_je_name[name_gefaltet] = spiel
            spiel_je_name[re.sub(r"[\s-]+", "", name_gefaltet)] = spiel  # sabai-sabai → sabaisabai
    return {w: frozenset(s) for w, s in gruppen.items()}, spiel_je_name


@vorraetig("kanon")
def kanon() -> dict[str, str]:
    """Je Synonym der Vertreter seiner Gruppe (das kleinste Wort): für den Titelvergleich."""
    vertreter: dict[str, str] = {}
    for w, gruppe in synonymdaten()[0].items():
        vertreter[w] = min(gruppe | {w})
    return vertreter


def spielnamen() -> dict[str, str]:
    """Name eines Spiels in einer Frage (gefaltet, auch ohne Leerzeichen) → Spielkürzel."""
    return synonymdaten()[1]


def staemme(liste: Iterable[str]) -> list[str]:
    """Grobe Stämme für den Titelvergleich: Synonym-Vertreter, Endung ab (welches → welch)."""
    vertreter = kanon()
    ergebnis = []
    for w in liste:
        w = vertreter.get(w, w)
        for endung in ENDUNGEN:
            if w.endswith(endung) and len(w) - len(endung) >= 3:
                w = w[: -len(endung)]
                break
        ergebnis.append(w)
    return ergebnis


@vorraetig("mundart")
def mundart() -> dict[str, list[str]]:
    """Mundart und Umgangssprache → Wörter der Schriftform (``gibts`` → ``gibt``, ``es``)."""
    from referee.resources import lade_json

    daten = lade_json("synonyme.json").get("mundart", {})
    return {falte(k): woerter(v) for k, v in daten.items()}


@vorraetig("schwach")
def schwache_woerter() -> frozenset[str]:
    """Fragewörter, die nur halb zählen („wie viele“, „erlaubt“)."""
    from referee.resources import lade_json

    return frozenset(falte(w) for w in lade_json("synonyme.json").get("schwach", []))


def namen_als_fuellwoerter(namen: Iterable[str]) -> frozenset[str]:
    """Die Namen vom Tisch als Füllwörter: gefaltet, je Wort („Anna-Lena“ → ``anna``,
    ``lena``, ``annalena``), ab drei Buchstaben (ein Spieler „A“ nimmt SAUFN nicht die Karte A)
    und ohne Regelbegriffe und Spielnamen aus ``synonyme.json`` (ein Spieler „Geier“ bleibt
    ein Spiel). Wie die Vornamen in ``stoppwoerter.txt`` sagt ein Name nichts über die Regel.

    >>> sorted(namen_als_fuellwoerter(["Kunigunde", "Anna-Lena", "A", "Sau"]))
    ['anna', 'annalena', 'kunigunde', 'lena']
    """
    gruppen, spiele = synonymdaten()
    return frozenset(
        w
        for name in namen
        for w in woerter(name)
        if len(w) >= 3 and w.isalpha() and w not in gruppen and w not in spiele
    )


def synonyme(wort: str) -> frozenset[str]:
    """Gleichbedeutende Wörter (gefaltet) laut ``data/synonyme.json``."""
    return synonymdaten()[0].get(falte(wort), frozenset())


def synonyme_gebeugt(wort: str) -> frozenset[str]:
    """Synonyme auch einer gebeugten Form: ``Leuten`` → wie ``Leute``, ``Gegners`` → ``Gegner``.

    >>> "spieler" in synonyme_gebeugt("leuten"), synonyme_gebeugt("karten") == synonyme("karten")
    (True, True)
    """
    gruppen = synonymdaten()[0]
    if wort in gruppen:
        return gruppen[wort]
    for endung in ("en", "n", "e", "s", "es", "er", "em"):
        grund = wort[: -len(endung)]
        if wort.endswith(endung) and len(grund) >= 4 and grund in gruppen:
            return gruppen[grund] | {grund}
    return frozenset()


def spiel_kuerzel(eingabe: str) -> str:
    """``--spiel``-Angabe auf das Spielkürzel abbilden: ``Schlafmütze`` → ``schlafmuetze``.

    >>> spiel_kuerzel("sabai-sabai"), spiel_kuerzel("Schlafmütze"), spiel_kuerzel("Sauspiel")
    ('sabai', 'schlafmuetze', 'schafkopf')
    """
    namen = synonymdaten()[1]
    gefaltet = falte(eingabe.strip())
    for schluessel in (gefaltet, re.sub(r"[\s-]+", "", gefaltet)):
        if schluessel in namen:
            return namen[schluessel]
    erlaubt = ", ".join(SPIELE)
    raise Eingabefehler(
        f"Unbekanntes Spiel „{eingabe}“. Erlaubt sind: {erlaubt} "
        "(auch sabai-sabai, Schlafmütze, Sauspiel)."
    )


@vorraetig("fremde")
def fremde_spiele() -> frozenset[str]:
    """Wörter, die ein anderes Spiel nennen (Skat, Doppelkopf, UNO …)."""
    from referee.resources import lade_json

    return frozenset(w for n in lade_json("synonyme.json")["fremde_spiele"] for w in woerter(n))
