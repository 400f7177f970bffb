"""Bausteine der Import-Prüfung: Fehlerform, Typen, Datum und Zeit, freie Daten."""

from __future__ import annotations

import re
from typing import Any, TypeAlias

from referee.errors import Eingabefehler
from referee.text import ist_steuerzeichen, zeigbar
from referee.text import json_art as _art
from referee.zahlen import GRENZE

_KOPF_FELDER = ("format", "schema", "spieler", "abende", "ereignisse", "eintraege")
_EREIGNIS_FELDER = ("id", "abend", "zeit", "art", "bezug", "nach_eintrag", "gilt", "daten")
_SPIELER_FELDER = ("id", "name", "angelegt")
_ABEND_FELDER = (
    "id",
    "datum",
    "ort",
    "spieler",
    "tarif",
    "hausregeln",
    "offen",
    "begonnen",
    "beendet",
    "geber_start",
)
_EINTRAG_FELDER = (
    "id",
    "abend",
    "nr",
    "zeit",
    "spiel",
    "art",
    "bezug",
    "gilt",
    "eingabe",
    "ergebnis",
    "werte",
)
#: Ein JSON-Objekt der Importdatei, nachdem ``_objekt`` es als Objekt erkannt hat. Die Werte
#: bleiben JSON (``Any``), das die Prüfung Feld für Feld liest und prüft – wie
#: ``referee.ergebnis.objekt``; die Einfuhr ist die Kante, an der die Datei hereinkommt.
JsonObjekt: TypeAlias = dict[str, Any]

_TEXT_HOECHSTENS = 10_000
_TIEFE_HOECHSTENS = 40


class _Fehler(Eingabefehler):
    """Ein Fehler im Export; die Meldung nennt die Stelle."""


def _fehler(wo: str, was: str) -> _Fehler:
    return _Fehler(f"Import abgelehnt – {wo}: {was} Nichts importiert.")


# ---------------------------------------------------------------- Bausteine


def _ganz(wert: Any, wo: str, feld: str, minimum: int = -GRENZE, maximum: int = GRENZE) -> int:
    if isinstance(wert, bool) or not isinstance(wert, int):
        raise _fehler(wo, f"„{feld}“ muss eine ganze Zahl sein, nicht {_art(wert)}.")
    if not minimum <= wert <= maximum:
        raise _fehler(
            wo,
            f"„{feld}“ = {_kurz(wert)} liegt nicht im Bereich {minimum} bis {maximum}.",
        )
    return wert


def _text(wert: Any, wo: str, feld: str, leer_ok: bool = False, hoechstens: int = 200) -> str:
    if not isinstance(wert, str):
        raise _fehler(wo, f"„{feld}“ muss ein Text sein, nicht {_art(wert)}.")
    if not leer_ok and not wert.strip():
        raise _fehler(wo, f"„{feld}“ ist leer.")
    if len(wert) > hoechstens:
        raise _fehler(wo, f"„{feld}“ ist länger als {hoechstens} Zeichen.")
    if any(ist_steuerzeichen(z) for z in wert):
        raise _fehler(wo, f"„{feld}“ enthält Steuerzeichen.")
    return wert


#: So schreibt referee Zeitpunkte (``2026-11-28T19:03:12+01:00``); Sekundenbruchteile und
#: ein fehlender Versatz (ältere Dateien, Werkzeuge) sind auch echte ISO-Zeitpunkte.
_ZEITPUNKT = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?([+-]\d{2}:\d{2}|Z)?", re.ASCII
)


def _datum(wert: Any, wo: str, feld: str) -> str:
    """Ein Kalenderdatum ``JJJJ-MM-TT`` (wie ``abend neu --datum``), das es gibt."""
    from datetime import date

    text = _text(wert, wo, feld, hoechstens=32)
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
            date.fromisoformat(text)
            return text
    except ValueError:
        pass
    raise _fehler(wo, f"„{feld}“ = „{zeigbar(text, 32)}“ ist kein Datum der Form JJJJ-MM-TT.")


def _zeitpunkt(wert: Any, wo: str, feld: str) -> str:
    """Ein ISO-Zeitpunkt, wie referee ihn schreibt (``2026-11-28T19:03:12+01:00``), mit
    gültigem Datum, gültiger Uhrzeit und gültigem Versatz."""
    from datetime import datetime

    text = _text(wert, wo, feld, hoechstens=64)
    try:
        if _ZEITPUNKT.fullmatch(text):
            datetime.fromisoformat(text)
            return text
    except ValueError:
        pass
    raise _fehler(
        wo,
        f"„{feld}“ = „{zeigbar(text, 32)}“ ist kein Zeitpunkt der Form JJJJ-MM-TTTHH:MM:SS+HH:MM.",
    )


def _wahr(wert: Any, wo: str, feld: str) -> bool:
    if not isinstance(wert, bool):
        raise _fehler(wo, f"„{feld}“ muss true oder false sein, nicht {_art(wert)}.")
    return wert


def _objekt(wert: Any, wo: str, felder: tuple[str, ...] | None = None) -> JsonObjekt:
    if not isinstance(wert, dict):
        raise _fehler(wo, f"erwartet ein JSON-Objekt, nicht {_art(wert)}.")
    if felder is not None:
        fehlt = [f for f in felder if f not in wert]
        if fehlt:
            raise _fehler(wo, f"das Feld „{fehlt[0]}“ fehlt.")
        fremd = [k for k in wert if k not in felder]
        if fremd:
            raise _fehler(wo, f"unbekanntes Feld „{zeigbar(str(fremd[0]), 40)}“.")
    return wert


def _liste(wert: Any, wo: str, feld: str) -> list[Any]:
    """Eine JSON-Liste; ihre Elemente (JSON, ``Any``) prüft der Aufrufer."""
    if not isinstance(wert, list):
        raise _fehler(wo, f"„{feld}“ muss eine Liste sein, nicht {_art(wert)}.")
    return wert


def _kurz(wert: Any) -> str:
    t = str(wert)
    return t if len(t) <= 20 else t[:17] + "…"


def _freie_daten(wert: Any, wo: str, feld: str, tiefe: int = 0) -> None:
    """``eingabe``/``ergebnis``: beliebiges JSON, aber Texte ohne Steuerzeichen (Tab und
    Zeilenumbruch erlaubt), nur ganze Zahlen im Bereich, begrenzte Tiefe und Länge."""
    if tiefe > _TIEFE_HOECHSTENS:
        raise _fehler(wo, f"„{feld}“ ist zu tief verschachtelt.")
    if isinstance(wert, str):
        if len(wert) > _TEXT_HOECHSTENS:
            raise _fehler(wo, f"ein Text in „{feld}“ ist länger als {_TEXT_HOECHSTENS} Zeichen.")
        if any(ist_steuerzeichen(z, zeilen_erlaubt=True) for z in wert):
            raise _fehler(wo, f"ein Text in „{feld}“ enthält Steuerzeichen.")
    elif isinstance(wert, bool) or wert is None:
        return
    elif isinstance(wert, int):
        _ganz(wert, wo, feld)
    elif isinstance(wert, float):
        raise _fehler(wo, f"„{feld}“ enthält {_art(wert)}; erlaubt sind nur ganze Zahlen.")
    elif isinstance(wert, list):
        for x in wert:
            _freie_daten(x, wo, feld, tiefe + 1)
    elif isinstance(wert, dict):
        for k, x in wert.items():
            _freie_daten(k, wo, feld, tiefe + 1)
            _freie_daten(x, wo, feld, tiefe + 1)


#: Eine Kennung (Schema 9): eine UUID in Kleinbuchstaben, wie ``str(uuid.uuid4())``.
_KENNUNG = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _kennung(wert: Any, wo: str, gesehen: set[str]) -> str:
    """Die Kennung eines Abends oder Turniers: eine UUID, in der Datei nur einmal."""
    if not isinstance(wert, str) or not _KENNUNG.fullmatch(wert):
        raise _fehler(wo, "„uuid“ ist keine Kennung (UUID in Kleinbuchstaben).")
    if wert in gesehen:
        raise _fehler(wo, "die Kennung („uuid“) kommt zweimal vor.")
    gesehen.add(wert)
    return wert
