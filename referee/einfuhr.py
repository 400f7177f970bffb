"""Import eines JSON-Exports: erst ganz prüfen, dann alles oder nichts schreiben.

Reihenfolge (``importieren``):

1. ``pruefe_export``: die ganze Datei gegen das Exportformat – Typen, Pflichtfelder, nur
   ganze Zahlen (keine Kommazahlen, keine Wahrheitswerte als Zahl) im Bereich
   ``referee.zahlen.GRENZE``, eindeutige Ids und Namen, gültige Bezüge (Abend, Storno,
   Korrektur), höchstens ein offener Abend, Texte ohne Steuerzeichen, Tarife, die der
   Schafkopf-Kern kennt. Die Wertzeilen jedes Eintrags (Cent, Punkte …) werden aus seinem
   Ergebnis mit dem Code des Spiels **neu berechnet** (``_werte_neu_berechnen``) und mit der
   Datei verglichen; jeder Abend muss in Cent null ergeben; ein Storno hat keine Werte.
   Jedes Ergebnis wird aus den Fakten seines Spiels **nachgerechnet, wie ``eintragen`` es
   tut** (``_ergebnisse_nachrechnen``: Schafkopf aus Spielart, Spielern, Augen, Laufenden,
   Klopfern … nach dem Tarif, der an dieser Stelle des Abends galt, oder aus der Partie;
   sabai aus den Händen; SAUFN und Schlafmütze aus Plätzen, Sieger und Mitspielenden) und muss
   der Datei gleichen. Datum und Zeiten müssen echte ISO-Daten und -Zeiten sein.
2. Probeimport in eine temporäre Datenbank neben dem Ziel, deren Export genau der Datei
   gleichen muss (so fällt auch ein falsches ``gilt`` oder eine falsche Reihenfolge auf), und
   Stand, Bericht und Statistik müssen sich aus ihr berechnen lassen.
3. Erst dann das Ziel: ein neuer Pfad bekommt die geprüfte Datei durch atomares Verlinken;
   eine vorhandene leere Datenbank den Import in einer Transaktion.

Die temporäre Datei heißt ``.referee-import-<pid>-<zufall>.db``. SIGTERM und SIGHUP brechen
einen Import ab wie Strg-C (die temporären Dateien werden entfernt); was ein getöteter Import
(SIGKILL) liegen ließ, räumt der nächste Import im selben Verzeichnis weg – nur Dateien genau
dieses Musters, deren Prozess nicht mehr lebt.

Jeder Fehler ist ein ``Eingabefehler`` (Exit 2) mit einer Meldung, die die erste schlechte
Stelle nennt (``Eintrag 7, Spieler „Ben“: …``); das Ziel bleibt genau, wie es war.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from referee.errors import Eingabefehler, Zustandsfehler
from referee.text import ist_steuerzeichen, zeigbar
from referee.zahlen import GRENZE, GRENZE_TARIF

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
            wo, f"„{feld}“ = {_kurz(wert)} liegt nicht im Bereich {minimum} bis {maximum}."
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

    _text(wert, wo, feld, hoechstens=32)
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", wert, re.ASCII):
            date.fromisoformat(wert)
            return wert
    except ValueError:
        pass
    raise _fehler(wo, f"„{feld}“ = „{zeigbar(wert, 32)}“ ist kein Datum der Form JJJJ-MM-TT.")


def _zeitpunkt(wert: Any, wo: str, feld: str) -> str:
    """Ein ISO-Zeitpunkt, wie referee ihn schreibt (``2026-11-28T19:03:12+01:00``), mit
    gültigem Datum, gültiger Uhrzeit und gültigem Versatz."""
    from datetime import datetime

    _text(wert, wo, feld, hoechstens=64)
    try:
        if _ZEITPUNKT.fullmatch(wert):
            datetime.fromisoformat(wert)
            return wert
    except ValueError:
        pass
    raise _fehler(
        wo,
        f"„{feld}“ = „{zeigbar(wert, 32)}“ ist kein Zeitpunkt der Form JJJJ-MM-TTTHH:MM:SS+HH:MM.",
    )


def _wahr(wert: Any, wo: str, feld: str) -> bool:
    if not isinstance(wert, bool):
        raise _fehler(wo, f"„{feld}“ muss true oder false sein, nicht {_art(wert)}.")
    return wert


def _objekt(wert: Any, wo: str, felder: tuple[str, ...] | None = None) -> dict:
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


def _liste(wert: Any, wo: str, feld: str) -> list:
    if not isinstance(wert, list):
        raise _fehler(wo, f"„{feld}“ muss eine Liste sein, nicht {_art(wert)}.")
    return wert


def _art(wert: Any) -> str:
    if wert is None:
        return "null"
    if isinstance(wert, bool):
        return "true/false"
    if isinstance(wert, float):
        return f"die Kommazahl {_kurz(wert)}"
    if isinstance(wert, int):
        return f"die Zahl {_kurz(wert)}"
    if isinstance(wert, str):
        return f"der Text „{zeigbar(wert, 30)}“"
    if isinstance(wert, list):
        return "eine Liste"
    return "ein Objekt"


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


# ---------------------------------------------------------------- Werte neu berechnen


def _werte_neu_berechnen(spiel: str, ergebnis: dict) -> dict[str, dict[str, int]]:
    """Die Wertzeilen ``{groesse: {name: wert}}`` eines Ergebnisses, mit dem Code des Spiels.

    Die einzige Stelle, die wissen muss, wo die Spiele ihre Werte berechnen: das typisierte
    Ergebnis des Spiels (``SchafkopfErgebnis.aus_json(…).werte()`` …, ``referee.buch.spiele``).
    """
    from referee.buch.spiele import werte_aus

    return werte_aus(spiel, ergebnis)


# ---------------------------------------------------------------- Ergebnisse nachrechnen

#: Die Felder eines Ergebnisses, die referee liest (``<Spiel>Ergebnis.aus_json``). Sie müssen
#: genau so in der Datei stehen, wie ``eintragen`` sie schreibt; ein fremdes Feld (von einem
#: anderen Werkzeug) wertet niemand aus und bleibt unverglichen.
_ERGEBNIS_FELDER = {
    "schafkopf": frozenset(
        (
            "zahlungen",
            "spielart",
            "farbe",
            "spieler",
            "partner",
            "gewonnen",
            "wert",
            "augen",
            "laufende",
            "schneider",
            "schwarz",
            "tout",
            "sie",
            "klopfer",
            "stoesse",
            "stiche",
            "konventionen",
            "verlierer",
            "jungfrauen",
            "durchmarsch",
        )
    ),
    "sabai": frozenset(("punkte", "siegpunkte", "ruhmeshalle", "sieger", "letzte")),
    "saufn": frozenset(("plaetze", "spieler", "schluecke")),
    "schlafmuetze": frozenset(("sieger", "spieler")),
}

#: Die Felder, die ``eintragen`` immer schreibt (``als_json`` jedes Spiels). Fehlt eines, hat
#: kein ``eintragen`` dieses Ergebnis geschrieben, sondern die Speicher-API (Testdaten, der
#: Benchmark-Generator): es lässt sich nicht wie ``eintragen`` nachrechnen und wird, wie jeder
#: Eintrag, über seine Werte geprüft (``_pruefe_eintrag``).
_IMMER_GESCHRIEBEN = {
    "schafkopf": (
        "zahlungen",
        "spielart",
        "spieler",
        "partner",
        "gewonnen",
        "wert",
        "augen",
        "laufende",
        "schneider",
        "schwarz",
        "tout",
        "klopfer",
        "stoesse",
        "konventionen",
    ),
    "sabai": ("punkte", "siegpunkte", "ruhmeshalle", "sieger", "letzte"),
    "saufn": ("plaetze", "spieler", "schluecke"),
    "schlafmuetze": ("sieger", "spieler"),
}

_FEHLT = object()


def _regelverlauf(ereignisse: list[dict]) -> dict[int, list[tuple[int, dict, int | None]]]:
    """Je Abend seine Regeländerungen in der Reihenfolge des Schreibens:
    ``(nach_eintrag, tarif, nach_eintrag des Stornos oder None)``."""
    storniert = {v["bezug"]: v["nach_eintrag"] for v in ereignisse if v["art"] == "storno"}
    verlauf: dict[int, list[tuple[int, dict, int | None]]] = {}
    for v in sorted(ereignisse, key=lambda v: v["id"]):
        if v["art"] == "regel":
            verlauf.setdefault(v["abend"], []).append(
                (v["nach_eintrag"], v["daten"]["tarif"], storniert.get(v["id"]))
            )
    return verlauf


def _tarif_an_der_stelle(
    abend: dict, verlauf: dict[int, list[tuple[int, dict, int | None]]], bis: int, eid: int
) -> dict:
    """Der Tarif, mit dem referee Eintrag ``eid`` rechnete (``Buch.lage``): der beim Anlegen
    des Abends, ersetzt durch die jüngste Regeländerung, die vor Eintrag ``bis`` kam (ein
    Spiel: ``bis`` = ``eid``; eine Korrektur: das ursprüngliche Spiel, ``Store.abend(bis=…)``)
    und beim Schreiben von ``eid`` nicht storniert war."""
    tarif = abend["tarif"]
    for nach, neu, storno_nach in verlauf.get(abend["id"], ()):
        if nach < bis and (storno_nach is None or storno_nach >= eid):
            tarif = neu
    return tarif


def _ergebnisse_nachrechnen(
    eintraege: dict[int, dict], abende: dict[int, dict], ereignisse: list[dict]
) -> None:
    """Jedes Ergebnis aus den Fakten seines Spiels nachrechnen, wie ``eintragen`` bzw.
    ``korrigieren`` es tat, und mit der Datei vergleichen; die erste Abweichung ist ein
    ``Eingabefehler`` mit dem Eintrag (und Spieler)."""
    verlauf = _regelverlauf(ereignisse)
    tarife: dict[int, Any] = {}
    for eid, e in eintraege.items():
        if e["art"] == "storno":
            continue
        ursprung = eid
        while eintraege[ursprung]["art"] == "korrektur":
            ursprung = eintraege[ursprung]["bezug"]
        abend = abende[e["abend"]]
        tarif = _tarif_an_der_stelle(abend, verlauf, ursprung, eid)
        _eintrag_nachrechnen(e, f"Eintrag {eid}", abend, tarif, tarife)


def _eintrag_nachrechnen(
    e: dict, wo: str, abend: dict, tarif: dict, tarife: dict[int, Any]
) -> None:
    spiel, erg, eingabe = e["spiel"], e["ergebnis"], e["eingabe"]
    if not all(k in erg for k in _IMMER_GESCHRIEBEN[spiel]):
        return  # nicht von ``eintragen`` geschrieben (siehe ``_IMMER_GESCHRIEBEN``)
    argv = eingabe.get("argv")
    if not (isinstance(argv, list) and all(isinstance(t, str) for t in argv)):
        argv = []
    versuche: list[Any] = []
    grund: str | None = None
    try:
        if spiel == "schafkopf":
            versuche = _schafkopf_versuche(erg, eingabe, abend, _tarif_objekt(tarif, tarife))
        elif spiel == "sabai":
            versuche = _sabai_versuche(erg, eingabe, abend, argv)
        elif spiel == "saufn":
            versuche = [lambda: _saufn_neu(erg, argv)]
        else:
            versuche = [lambda: _schlafmuetze_neu(erg)]
    except Eingabefehler as exc:
        grund = exc.meldung
    except Exception:
        grund = "es lässt sich nicht nachrechnen."
    ist = {k: v for k, v in erg.items() if k in _ERGEBNIS_FELDER[spiel]}
    erstes: dict | None = None
    for versuch in versuche:
        try:
            soll = versuch()
        except Eingabefehler as exc:
            grund = grund or exc.meldung
            continue
        except Exception:
            grund = grund or "es lässt sich nicht nachrechnen."
            continue
        if _gleich(ist, soll):
            return
        if erstes is None:
            erstes = soll
    if erstes is None:
        raise _fehler(
            wo, f"die Fakten des Spiels ergeben so keinen Eintrag: {grund or 'unbekannt.'}"
        )
    _abweichung(wo, ist, erstes)


def _tarif_objekt(tarif: dict, tarife: dict[int, Any]) -> Any:
    """``Tarif.aus_json`` je Tarif einmal (wie ``Buch.lage``: leer = der Standardtarif)."""
    from referee.schafkopf.tarif import Tarif

    schluessel = id(tarif)  # dasselbe Objekt der Datei: des Abends oder einer Regeländerung
    if schluessel not in tarife:
        tarife[schluessel] = Tarif.aus_json(dict(tarif)) if tarif else None
    return tarife[schluessel]


def _gleich(a: Any, b: Any) -> bool:
    """Gleich auch im Typ (``true`` ist nicht ``1``); die Reihenfolge der Namen zählt nicht."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_gleich(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_gleich, a, b))
    return bool(a == b)


def _zeige(wert: Any) -> str:
    if wert is _FEHLT:
        return "nicht da"
    if isinstance(wert, str):
        return f"„{zeigbar(wert, 40)}“"
    return zeigbar(json.dumps(wert, ensure_ascii=False), 60)


def _abweichung(wo: str, ist: dict, soll: dict) -> None:
    """Die erste Abweichung als Fehler: ``Eintrag 7, Spieler „Ben“: „zahlungen“ ist …``."""
    for feld in [*soll, *(k for k in ist if k not in soll)]:
        a, b = ist.get(feld, _FEHLT), soll.get(feld, _FEHLT)
        if _gleich(a, b):
            continue
        stelle = wo
        if isinstance(a, dict) and isinstance(b, dict):
            for name in [*b, *(n for n in a if n not in b)]:
                x, y = a.get(name, _FEHLT), b.get(name, _FEHLT)
                if not _gleich(x, y):
                    stelle, a, b = f"{wo}, Spieler „{zeigbar(str(name), 40)}“", x, y
                    break
        raise _fehler(
            stelle,
            f"„{feld}“ ist in der Datei {_zeige(a)}; nachgerechnet wie beim Eintragen (aus den "
            f"Fakten des Spiels und den Regeln des Abends an dieser Stelle) ergibt sich "
            f"{_zeige(b)}.",
        )
    raise _fehler(wo, "das Ergebnis passt nicht zu den Fakten des Spiels.")  # pragma: no cover


def _option(argv: list[str], name: str) -> str | None:
    """Der Wert der Option ``name`` in der gespeicherten Kommandozeile (der letzte zählt)."""
    wert = None
    for i, t in enumerate(argv):
        if t == name and i + 1 < len(argv):
            wert = argv[i + 1]
        elif t.startswith(name + "="):
            wert = t[len(name) + 1 :]
    return wert


def _schafkopf_versuche(erg: dict, eingabe: dict, abend: dict, tarif: Any) -> list[Any]:
    """Wie ``SchafkopfPartie``/``SchafkopfAngaben.ergebnis``: aus der gespeicherten Partie,
    sonst aus den Fakten im Ergebnis (``ergebnis_aus_fakten``).

    Was ``eintragen`` nicht speichert, wird durchprobiert: kurze Karte oder lange, Laufende
    unter dem Mindestwert (gespeichert als 0) und Schwarz beim Tout (gespeichert als false)."""
    from referee.schafkopf.eintrag import ergebnis_aus_fakten, ergebnis_aus_partie
    from referee.schafkopf.ergebnis import SchafkopfErgebnis
    from referee.schafkopf.karten import Farbe
    from referee.schafkopf.spielart import Spielart

    if "partie" in eingabe:
        partie = eingabe["partie"]

        def aus_partie() -> dict:
            from referee.schafkopf.partie import partie_bericht

            if not isinstance(partie, dict):
                raise Eingabefehler("„eingabe.partie“ ist keine Partie (JSON-Objekt).")
            return SchafkopfErgebnis.aus_json(
                ergebnis_aus_partie(partie_bericht(partie))
            ).als_json()

        return [aus_partie]

    e = SchafkopfErgebnis.aus_json(erg)
    try:
        art = Spielart(e.spielart or "")
    except ValueError:
        raise Eingabefehler(
            f"„spielart“ = {_zeige(e.spielart)} ist keine Spielart "
            f"({', '.join(a.value for a in Spielart)})."
        ) from None
    farbe = None
    if e.farbe is not None:
        farbe = next((f for f in Farbe if f.wort == e.farbe), None)
        if farbe is None or art not in (Spielart.SOLO, Spielart.FARBWENZ, Spielart.FARBGEIER):
            raise Eingabefehler(f"„farbe“ = {_zeige(e.farbe)} passt nicht zu „{art.value}“.")
    alle = [n for n, _ in e.zahlungen]
    if len(alle) != 4:
        raise Eingabefehler(f"„zahlungen“ nennt {len(alle)} Spieler, am Schafkopftisch sitzen 4.")
    ramsch = art is Spielart.RAMSCH
    if ramsch:
        partei = [] if e.durchmarsch is not None else list(e.verlierer or ())
    else:
        partei = [n for n in (e.spieler, e.partner) if n is not None]
    jungfrauen = list(e.jungfrauen or ())
    for n in [*partei, *jungfrauen, *([e.durchmarsch] if e.durchmarsch else [])]:
        if n not in alle:
            raise Eingabefehler(
                f"„{zeigbar(n, 40)}“ spielt dieses Spiel nicht mit (am Tisch: {', '.join(alle)})."
            )
    if ramsch or e.sie:
        laufende: tuple[int, ...] = (e.laufende,) if ramsch else (0,)
    else:
        laufende = (e.laufende,) if e.laufende else (0, 1)
    schwarz = (False, True) if e.tout else (e.schwarz,)

    def rechne(kurz: bool, lauf: int, schw: bool) -> dict:
        daten, _ = ergebnis_aus_fakten(
            art,
            alle,
            partei,
            augen=e.augen,
            laufende=lauf,
            schwarz=schw,
            stiche=e.stiche,
            tout=e.tout,
            sie=e.sie,
            klopfer=e.klopfer,
            stoesse=e.stoesse,
            kurz=kurz,
            jungfrauen=jungfrauen,
            durchmarsch=e.durchmarsch,
            tarif=tarif,
        )
        if farbe is not None:
            daten["farbe"] = farbe.wort
        return SchafkopfErgebnis.aus_json(daten).als_json()

    return [
        lambda k=k, lauf=lauf, s=s: rechne(k, lauf, s)
        for k in (False, True)
        for lauf in laufende
        for s in schwarz
    ]


def _sabai_versuche(erg: dict, eingabe: dict, abend: dict, argv: list[str]) -> list[Any]:
    """Wie ``SabaiAngaben.ergebnis``: aus den Händen (``eingabe.haende``) mit den Konventionen
    der Kommandozeile (``--gleichstand``, ``--ass-joker-wert``). Ohne Hände (Korrektur,
    Tischmodus) aus den Kartenpunkten: Siegespunkte, Sieger und Hall of Fame müssen zu ihnen
    passen (``werte_runde``), bei Gleichstand nach einer der beiden Konventionen."""
    from referee.sabai.ergebnis import SabaiErgebnis, werten
    from referee.sabai.regeln import Gleichstand, Regeln

    e = SabaiErgebnis.aus_json(erg)
    haende = eingabe.get("haende")
    if haende is not None:

        def aus_haenden() -> dict:
            from referee.namen import namen_am_abend

            if not isinstance(haende, dict) or not all(isinstance(k, str) for k in haende.values()):
                raise Eingabefehler("„eingabe.haende“ sind keine Hände (Name → Karten).")
            try:
                gleichstand = Gleichstand.parse(_option(argv, "--gleichstand") or "alle")
            except Eingabefehler:
                gleichstand = Gleichstand.ALLE
            wert = _option(argv, "--ass-joker-wert")
            ass = int(wert) if wert is not None and re.fullmatch(r"[+-]?\d{1,10}", wert) else -4
            namen = namen_am_abend(abend["spieler"], list(haende), abend["id"])
            regeln = Regeln(gleichstand=gleichstand, ass_joker_wert=ass)
            return werten(list(zip(namen, haende.values())), e.letzte, regeln).als_json()

        return [aus_haenden]
    return [lambda g=g: _sabai_aus_punkten(e, g) for g in Gleichstand]


def _sabai_aus_punkten(e: Any, gleichstand: Any) -> dict:
    """Siegespunkte und Sieger aus den Kartenpunkten wie ``werte_runde``; wer den Ass-Joker
    hielt, steht (ohne Hände) nur in den Siegespunkten (−1) oder der Hall of Fame."""
    from referee.sabai.regeln import Gleichstand
    from referee.sabai.runde import MAX_SPIELER, MIN_SPIELER

    punkte = dict(e.punkte)
    if not MIN_SPIELER <= len(punkte) <= MAX_SPIELER or len(punkte) != len(e.punkte):
        raise Eingabefehler(f"eine Partie hat {MIN_SPIELER} bis {MAX_SPIELER} Spieler:innen.")
    if [n for n, _ in e.siegpunkte] != list(punkte):
        raise Eingabefehler("„siegpunkte“ nennt nicht dieselben Spieler:innen wie „punkte“.")
    siegpunkte = dict.fromkeys(punkte, 0)
    if e.ruhmeshalle:
        if len(e.ruhmeshalle) != 1 or e.ruhmeshalle[0] not in punkte:
            raise Eingabefehler("in die Hall of Fame kommt höchstens eine:r aus der Partie.")
        siegpunkte[e.ruhmeshalle[0]] = 1
        sieger = [e.ruhmeshalle[0]]
    else:
        halter = [n for n, sp in e.siegpunkte if sp == -1]
        if len(halter) > 1:
            raise Eingabefehler("den Ass-Joker (−1 Siegespunkt) hält höchstens eine:r.")
        andere = [n for n in punkte if n not in halter]
        for n in halter:
            siegpunkte[n] = -1
        tiefst = min(punkte[n] for n in andere)
        gleichauf = [n for n in andere if punkte[n] == tiefst]
        sieger = []
        if len(gleichauf) == 1 or gleichstand is Gleichstand.ALLE:
            for n in gleichauf:
                siegpunkte[n] += 1
            sieger = gleichauf
    return {
        "punkte": punkte,
        "siegpunkte": siegpunkte,
        "ruhmeshalle": list(e.ruhmeshalle),
        "sieger": sieger,
        "letzte": e.letzte,
    }


def _saufn_neu(erg: dict, argv: list[str]) -> dict:
    """Wie ``SaufnAngaben.ergebnis``: Plätze und Mitspielende geprüft (``spielende``), die
    Schlücke aus der Verteilung der Kommandozeile; ohne sie müssen sie sich mit den Plätzen so
    verteilen lassen."""
    from referee.saufn.ende import (
        parse_verteilung,
        schluecke_je_person,
        spielende,
        verteilung_bericht,
    )
    from referee.saufn.ergebnis import SaufnErgebnis

    e = SaufnErgebnis.aus_json(erg)
    se = spielende(list(e.plaetze), list(e.spieler))
    schluecke = None
    if e.schluecke is not None:
        text = _option(argv, "--verteilung")
        if text is not None:
            verteilung = parse_verteilung(text)
            p = verteilung_bericht(se, verteilung, alle_verteilen="--alle-verteilen" in argv)
            if not p.gueltig:
                raise Eingabefehler(
                    "die Verteilung verstößt gegen die Regeln: " + "; ".join(p.fehler)
                )
            schluecke = schluecke_je_person(verteilung, se.spieler)
        else:
            schluecke = _schluecke_moeglich(se, dict(e.schluecke))
    return {"plaetze": list(se.plaetze), "spieler": list(se.spieler), "schluecke": schluecke}


def _schluecke_moeglich(se: Any, schluecke: dict[str, int]) -> dict[str, int]:
    """Lassen sich diese Schlücke je Person mit den Plätzen verteilen? Platz 1 gibt an alle,
    Platz 2 an alle außer Platz 1, Platz 3 an alle außer 1 und 2 (ineinander liegende Mengen):
    was nur die ersten j Plätze geben können, darf deren Schlücke nicht übersteigen."""
    if list(schluecke) != list(se.spieler) or any(s < 0 for s in schluecke.values()):
        raise Eingabefehler("„schluecke“ nennt nicht genau die Mitspielenden mit Zahlen ab 0.")
    tiefe = {n: sum(n in v.an for v in se.verteiler) for n in se.spieler}
    for j in range(len(se.verteiler) + 1):
        bedarf = sum(s for n, s in schluecke.items() if tiefe[n] <= j)
        if bedarf > sum(v.schluecke for v in se.verteiler[:j]):
            raise Eingabefehler("so viele Schlücke können die Plätze nicht verteilen.")
    return schluecke


def _schlafmuetze_neu(erg: dict) -> dict:
    """Wie ``SchlafmuetzeAngaben.ergebnis``: Sieger und Mitspielende (``pruefe_sieg``)."""
    from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis
    from referee.schlafmuetze.regeln import pruefe_sieg

    e = SchlafmuetzeErgebnis.aus_json(erg)
    if e.sieger is None:
        raise Eingabefehler("es fehlt der Sieger.")
    sieger, alle = pruefe_sieg(e.sieger, list(e.spieler))
    return SchlafmuetzeErgebnis(sieger, tuple(alle)).als_json()


# ---------------------------------------------------------------- Prüfung


def pruefe_export(daten: Any) -> None:
    """Die ganze Datei prüfen; wirft ``Eingabefehler`` an der ersten schlechten Stelle."""
    from referee.namen import namensschluessel, pruefe_name
    from referee.store import EXPORT_FORMAT, SCHEMA_AKTUELL

    if not isinstance(daten, dict):
        raise _fehler("Datei", f"erwartet ein JSON-Objekt, nicht {_art(daten)}.")
    if daten.get("format") != EXPORT_FORMAT:
        raise _fehler("Datei", f"das ist kein referee-Export (Feld „format“ ≠ „{EXPORT_FORMAT}“).")
    _objekt(daten, "Datei", (*_KOPF_FELDER, "stand") if "stand" in daten else _KOPF_FELDER)
    schema = _ganz(daten["schema"], "Datei", "schema", 1, 10**6)
    if schema > SCHEMA_AKTUELL:
        raise Zustandsfehler(
            f"Der Export stammt von einer neueren referee-Version (Schema {schema}, diese "
            f"Version kennt bis {SCHEMA_AKTUELL}); nichts importiert."
        )
    if schema != SCHEMA_AKTUELL:
        raise _fehler(
            "Datei", f"Schema {schema} wird nicht importiert (erwartet {SCHEMA_AKTUELL})."
        )

    # Spieler
    spieler_namen: dict[str, str] = {}
    ids: set[int] = set()
    for i, s in enumerate(_liste(daten["spieler"], "Datei", "spieler"), start=1):
        wo = f"Spieler {i}"
        _objekt(s, wo, _SPIELER_FELDER)
        sid = _ganz(s["id"], wo, "id", 1)
        wo = f"Spieler {sid}"
        if sid in ids:
            raise _fehler(wo, "die Id kommt zweimal vor.")
        ids.add(sid)
        name = _text(s["name"], wo, "name", hoechstens=40)
        try:
            sauber = pruefe_name(name)
        except Eingabefehler as exc:
            raise _fehler(wo, exc.meldung) from None
        if sauber != name:
            raise _fehler(wo, f"der Name „{zeigbar(name, 40)}“ ist nicht in gespeicherter Form.")
        if namensschluessel(name) in spieler_namen:
            raise _fehler(wo, f"den Namen „{name}“ gibt es zweimal.")
        spieler_namen[namensschluessel(name)] = name
        _zeitpunkt(s["angelegt"], wo, "angelegt")
    alle_namen = set(spieler_namen.values())

    # Abende
    abende: dict[int, dict] = {}
    offen = 0
    for i, a in enumerate(_liste(daten["abende"], "Datei", "abende"), start=1):
        wo = f"Abend {i}"
        _objekt(a, wo, _ABEND_FELDER)
        aid = _ganz(a["id"], wo, "id", 1)
        wo = f"Abend {aid}"
        if aid in abende:
            raise _fehler(wo, "die Id kommt zweimal vor.")
        _datum(a["datum"], wo, "datum")
        if a["ort"] is not None:
            _text(a["ort"], wo, "ort")
            if " ".join(a["ort"].split()) != a["ort"]:
                raise _fehler(wo, "„ort“ hat Leerraum am Rand oder doppelt.")
        namen = _liste(a["spieler"], wo, "spieler")
        if not namen:
            raise _fehler(wo, "„spieler“ ist leer.")
        for n in namen:
            if not isinstance(n, str) or n not in alle_namen:
                raise _fehler(wo, f"„{zeigbar(str(n), 40)}“ steht nicht unter „spieler“ der Datei.")
        if len(set(namen)) != len(namen):
            raise _fehler(wo, "ein Spieler sitzt zweimal am Tisch.")
        _pruefe_tarif(a["tarif"], wo)
        _hausregeln(a["hausregeln"], wo)
        if _wahr(a["offen"], wo, "offen"):
            offen += 1
            if offen > 1:
                raise _fehler(wo, "es gibt mehr als einen offenen Abend.")
            if a["beendet"] is not None:
                raise _fehler(wo, "ein offener Abend hat kein „beendet“.")
        elif a["beendet"] is not None:
            _zeitpunkt(a["beendet"], wo, "beendet")
        _zeitpunkt(a["begonnen"], wo, "begonnen")
        _ganz(a["geber_start"], wo, "geber_start", 0, len(namen) - 1)
        abende[aid] = a

    # Einträge
    eintraege: dict[int, dict] = {}
    nummern: set[tuple[int, int]] = set()
    cent_je_abend: dict[int, int] = {}
    for i, e in enumerate(_liste(daten["eintraege"], "Datei", "eintraege"), start=1):
        eid, aid, wo = _id_und_abend(e, "Eintrag", i, _EINTRAG_FELDER, eintraege, abende)
        nr = _ganz(e["nr"], wo, "nr", 1)
        if (aid, nr) in nummern:
            raise _fehler(wo, f"die Nummer {nr} gibt es an Abend {aid} zweimal.")
        nummern.add((aid, nr))
        _zeitpunkt(e["zeit"], wo, "zeit")
        _pruefe_eintrag(e, wo, eintraege, abende[aid])
        gilt = _wahr(e["gilt"], wo, "gilt")
        if gilt and e["art"] != "storno":
            cent = e["werte"].get("cent", {})
            cent_je_abend[aid] = cent_je_abend.get(aid, 0) + sum(cent.values())
        eintraege[eid] = e
    _pruefe_ereignisse(daten["ereignisse"], abende, max(eintraege, default=0))
    _ergebnisse_nachrechnen(eintraege, abende, daten["ereignisse"])
    for aid, summe in cent_je_abend.items():
        if summe:
            raise _fehler(
                f"Abend {aid}", f"die geltenden Einträge ergeben {summe:+d} Cent statt null."
            )


def _id_und_abend(
    obj: Any, was: str, i: int, felder: Any, gesehen: dict, abende: dict[int, dict]
) -> tuple[int, int, str]:
    """Ein Eintrag oder Ereignis: Objekt mit ``felder``, eindeutige ``id``, ``abend`` aus der
    Datei; gibt (id, abend, Ort für Meldungen) zurück."""
    wo = f"{was} {i}"
    _objekt(obj, wo, felder)
    oid = _ganz(obj["id"], wo, "id", 1)
    wo = f"{was} {oid}"
    if oid in gesehen:
        raise _fehler(wo, "die Id kommt zweimal vor.")
    aid = _ganz(obj["abend"], wo, "abend", 1)
    if aid not in abende:
        raise _fehler(wo, f"Abend {aid} gibt es in der Datei nicht.")
    return oid, aid, wo


def _hausregeln(hr: Any, wo: str) -> None:
    _objekt(hr, wo)
    for k, v in hr.items():
        _text(k, wo, "hausregeln", hoechstens=64)
        _text(v, wo, f"hausregeln.{k}", leer_ok=True, hoechstens=64)


def _pruefe_ereignisse(liste: Any, abende: dict[int, dict], letzter_eintrag: int) -> None:
    """Ereignisse der Abende (Schema 4): Regeländerung, bezahlt, Ende, wieder offen, Storno."""
    from referee.store import EREIGNIS_ARTEN

    frueher: dict[int, dict] = {}
    for i, v in enumerate(_liste(liste, "Datei", "ereignisse"), start=1):
        vid, aid, wo = _id_und_abend(v, "Ereignis", i, _EREIGNIS_FELDER, frueher, abende)
        _zeitpunkt(v["zeit"], wo, "zeit")
        art = v["art"]
        if art not in EREIGNIS_ARTEN:
            raise _fehler(
                wo,
                f"unbekannte Art „{zeigbar(str(art), 30)}“; möglich: {', '.join(EREIGNIS_ARTEN)}.",
            )
        if art == "storno":
            bezug = _ganz(v["bezug"], wo, "bezug", 1)
            ziel = frueher.get(bezug)
            if ziel is None or ziel["abend"] != aid or ziel["art"] not in ("regel", "bezahlt"):
                raise _fehler(wo, f"„bezug“ {bezug} ist keine frühere Regel oder Zahlung.")
        elif v["bezug"] is not None:
            raise _fehler(wo, "nur ein Storno hat einen „bezug“.")
        _ganz(v["nach_eintrag"], wo, "nach_eintrag", 0, letzter_eintrag)
        _wahr(v["gilt"], wo, "gilt")
        _freie_daten(v["daten"], wo, "daten")
        _ereignis_daten(art, v["daten"], wo, abende[aid], v["bezug"])
        frueher[vid] = v


def _ereignis_daten(art: str, daten: Any, wo: str, abend: dict, bezug: Any) -> None:
    """Die Daten eines Ereignisses in genau der Form, die referee schreibt (``Buch.regel``,
    ``Buch.bezahlt``, ``abend ende``/``wieder``, Storno)."""
    spieler = set(abend["spieler"])
    if art == "regel":
        _objekt(daten, wo, ("setzen", "geaendert", "vorher", "tarif", "hausregeln"))
        _hausregeln(daten["setzen"], wo)
        for feld in ("geaendert", "vorher"):
            for k, x in _objekt(daten[feld], wo).items():
                # ein Tarifwert: Zahl, Text, ja/nein – oder je Spielart (``laufende_ab``)
                if isinstance(x, dict) and all(isinstance(y, int) for y in x.values()):
                    continue
                if not (x is None or isinstance(x, (bool, int, str))):
                    raise _fehler(wo, f"„{feld}.{zeigbar(k, 30)}“ ist {_art(x)}.")
        _pruefe_tarif(daten["tarif"], wo)
        _hausregeln(daten["hausregeln"], wo)
    elif art == "bezahlt":
        _objekt(daten, wo, ("cent", "ueberweisungen"))
        cent = _objekt(daten["cent"], wo)
        for name, wert in cent.items():
            if name not in spieler:
                raise _fehler(wo, f"„{zeigbar(name, 40)}“ spielt an Abend {abend['id']} nicht mit.")
            _ganz(wert, f"{wo}, Spieler „{name}“", "cent")
        if sum(cent.values()):
            raise _fehler(wo, "die bezahlten Beträge ergeben zusammen nicht null.")
        for u in _liste(daten["ueberweisungen"], wo, "ueberweisungen"):
            _objekt(u, wo, ("von", "an", "cent"))
            for k in ("von", "an"):
                if not isinstance(u[k], str) or u[k] not in spieler:
                    raise _fehler(wo, f"„ueberweisungen.{k}“ ist kein Spieler des Abends.")
            _ganz(u["cent"], wo, "ueberweisungen.cent", 1)
    elif art == "storno":
        if daten != {"storniert": bezug}:
            raise _fehler(wo, 'ein Storno hat genau die Daten {"storniert": bezug}.')
    elif daten != {}:
        raise _fehler(wo, f"ein Ereignis „{art}“ hat keine Daten.")


def _pruefe_tarif(tarif: Any, wo: str) -> None:
    from referee.schafkopf.tarif import Tarif

    _objekt(tarif, wo)
    muster = Tarif().als_json()
    for k, v in tarif.items():
        if k == "name":
            _text(v, wo, "tarif.name", leer_ok=True, hoechstens=64)
            continue
        if k not in muster:
            raise _fehler(wo, f"unbekannter Tarif-Schlüssel „{zeigbar(str(k), 40)}“.")
        soll = muster[k]
        if k == "laufende_ab" and isinstance(v, dict):
            for sk, sv in v.items():
                _text(sk, wo, "tarif.laufende_ab", hoechstens=32)
                _ganz(sv, wo, f"tarif.laufende_ab.{sk}", 1, GRENZE_TARIF)
        elif isinstance(soll, bool):
            _wahr(v, wo, f"tarif.{k}")
        elif isinstance(soll, int):
            _ganz(v, wo, f"tarif.{k}", 0, GRENZE_TARIF)
        elif isinstance(soll, str):
            _text(v, wo, f"tarif.{k}", hoechstens=64)
    try:
        Tarif.aus_json(tarif).als_json()
    except Exception:
        raise _fehler(wo, "der Tarif lässt sich nicht lesen.") from None


def _pruefe_eintrag(e: dict, wo: str, frueher: dict[int, dict], abend: dict) -> None:
    from referee.ergebnis import SPIELE
    from referee.store import ARTEN

    spiel, art = e["spiel"], e["art"]
    if spiel not in SPIELE:
        raise _fehler(
            wo, f"unbekanntes Spiel „{zeigbar(str(spiel), 30)}“; möglich: {', '.join(SPIELE)}."
        )
    if art not in ARTEN:
        raise _fehler(wo, f"unbekannte Art „{zeigbar(str(art), 30)}“; möglich: {', '.join(ARTEN)}.")
    bezug = e["bezug"]
    if art == "spiel":
        if bezug is not None:
            raise _fehler(wo, "ein Spiel hat keinen „bezug“.")
    else:
        _ganz(bezug, wo, "bezug", 1)
        ziel = frueher.get(bezug)
        if ziel is None:
            raise _fehler(wo, f"„bezug“ {bezug} ist kein früherer Eintrag.")
        if ziel["abend"] != e["abend"] or ziel["spiel"] != spiel:
            raise _fehler(wo, f"„bezug“ {bezug} gehört zu einem anderen Abend oder Spiel.")
        if ziel["art"] == "storno":
            raise _fehler(wo, f"„bezug“ {bezug} ist selbst ein Storno.")
    _objekt(e["eingabe"], wo)
    _freie_daten(e["eingabe"], wo, "eingabe")
    _objekt(e["ergebnis"], wo)
    _freie_daten(e["ergebnis"], wo, "ergebnis")
    werte = _objekt(e["werte"], wo)
    for g, je in werte.items():
        _text(g, wo, "werte", hoechstens=32)
        _objekt(je, wo)
        for name, wert in je.items():
            if name not in abend["spieler"]:
                raise _fehler(
                    wo, f"„{zeigbar(name, 40)}“ in „werte“ spielt an Abend {abend['id']} nicht mit."
                )
            _ganz(wert, f"{wo}, Spieler „{name}“", f"werte.{g}")
    if art == "storno":
        if werte:
            raise _fehler(wo, "ein Storno hat keine Werte.")
        return
    try:
        neu = _werte_neu_berechnen(spiel, e["ergebnis"])
    except Eingabefehler as exc:
        raise _fehler(wo, f"das Ergebnis ist unbrauchbar: {exc.meldung}") from None
    except Exception:
        raise _fehler(wo, "das Ergebnis lässt sich nicht auswerten.") from None
    for g in sorted(set(neu) | set(werte)):
        ist, soll = werte.get(g, {}), neu.get(g, {})
        for name in list(soll) + [n for n in ist if n not in soll]:
            if ist.get(name) != soll.get(name):
                raise _fehler(
                    f"{wo}, Spieler „{zeigbar(str(name), 40)}“",
                    f"„{g}“ ist in der Datei {_kurz(ist.get(name, 'nicht da'))}, aus dem Ergebnis "
                    f"ergibt sich {_kurz(soll.get(name, 'nichts'))}.",
                )


# ---------------------------------------------------------------- Import


def _entfernen(pfad: Path) -> None:
    for endung in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            Path(str(pfad) + endung).unlink(missing_ok=True)


#: Die temporäre Datenbank eines Imports: ``.referee-import-<pid>-<zufall>.db`` (``zufall``
#: wie ``tempfile`` ihn bildet), dazu SQLites ``-wal``, ``-shm``, ``-journal``.
_TEMP_PRAEFIX = ".referee-import-"
_TEMP_MUSTER = re.compile(r"\.referee-import-([0-9]{1,10})-[a-z0-9_]{8}\.db(-wal|-shm|-journal)?")


def _temp_pfad(ordner: Path) -> Path:
    """Ein freier Name für die temporäre Datenbank in ``ordner`` (die Datei selbst legt erst
    SQLite an); mit der eigenen Prozessnummer, damit ein späterer Import Reste erkennt."""
    import tempfile

    fd, name = tempfile.mkstemp(dir=ordner, prefix=f"{_TEMP_PRAEFIX}{os.getpid()}-", suffix=".db")
    try:
        os.close(fd)
    finally:  # auch bei einem Signal genau hier bleibt nichts liegen
        os.unlink(name)
    return Path(name)


def _lebt(pid: int) -> bool:
    """Gibt es den Prozess ``pid`` (noch)? Im Zweifel ja."""
    if pid <= 0 or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # z. B. PermissionError: er lebt, gehört nur anderen
        return True
    return True


def _reste_entfernen(ordner: Path) -> None:
    """Was getötete Importe (SIGKILL, Absturz, Stromausfall) in ``ordner`` liegen ließen:
    nur Dateien genau des Musters ``.referee-import-<pid>-<zufall>.db`` (und ``-wal``,
    ``-shm``, ``-journal``), deren Prozess nicht mehr lebt."""
    if os.name != "posix":  # os.kill(pid, 0) prüft nur unter POSIX, ob es pid gibt
        return
    try:
        namen = os.listdir(ordner)
    except OSError:
        return
    tot: dict[int, bool] = {}
    for name in namen:
        m = _TEMP_MUSTER.fullmatch(name)
        if m is None:
            continue
        pid = int(m.group(1))
        if pid not in tot:
            tot[pid] = not _lebt(pid)
        if tot[pid]:
            with contextlib.suppress(OSError):
                (ordner / name).unlink()


@contextlib.contextmanager
def _abbruch_bei_signal() -> Iterator[None]:
    """SIGTERM und SIGHUP brechen ab wie Strg-C: ``KeyboardInterrupt``, die ``finally``-Blöcke
    räumen die temporären Dateien weg, die Kommandozeile endet wie bei Strg-C (Exit 130).

    Nur im Haupt-Thread (nur dort gibt es Signalbehandlung) und nur für Signale mit der
    Standardbehandlung (die den Prozess ohne Aufräumen beendete): wer ein Signal ignoriert
    (``nohup``) oder selbst behandelt, behält das. Ein zweites Signal während des Aufräumens
    unterbricht es nicht; danach gilt wieder die alte Behandlung."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    abgebrochen: list[int] = []

    def abbrechen(signum: int, _frame: Any) -> None:
        if not abgebrochen:
            abgebrochen.append(signum)
            raise KeyboardInterrupt(f"Signal {signum}")

    alt: dict[Any, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(sig) == signal.SIG_DFL:
                alt[sig] = signal.signal(sig, abbrechen)
    try:
        yield
    finally:
        for sig, behandlung in alt.items():
            with contextlib.suppress(OSError, ValueError):
                signal.signal(sig, behandlung)


def _erste_abweichung(a: Any, b: Any, pfad: str = "") -> str:
    """Wo sich zwei JSON-Werte zuerst unterscheiden (``eintraege[3].gilt``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{pfad} (Felder oder ihre Reihenfolge)"
        for k in a:
            if json.dumps(a[k]) != json.dumps(b[k]):
                return _erste_abweichung(a[k], b[k], f"{pfad}.{k}" if pfad else str(k))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if json.dumps(x) != json.dumps(y):
                return _erste_abweichung(x, y, f"{pfad}[{i}]")
    return pfad or "Datei"


def _benannt(daten: dict, stelle: str) -> tuple[str, str]:
    """``eintraege[3].gilt`` → (``Eintrag 7``, ``gilt``): die Stelle so, wie ein Mensch sie sucht."""
    m = re.match(r"(eintraege|abende|spieler|ereignisse)\[(\d+)\]\.?(.*)", stelle)
    if not m:
        return "Datei", stelle
    liste, i, rest = m.group(1), int(m.group(2)), m.group(3)
    wort = {
        "eintraege": "Eintrag",
        "abende": "Abend",
        "spieler": "Spieler",
        "ereignisse": "Ereignis",
    }[liste]
    try:
        nummer = daten[liste][i]["id"]
    except (KeyError, IndexError, TypeError):
        nummer = i + 1
    return f"{wort} {nummer}", rest or "Reihenfolge"


def _probe(daten: dict, tmp: Path) -> None:
    """In die temporäre Datenbank ``tmp`` importieren und prüfen, dass sie genau die Datei
    ergibt und sich auswerten lässt (der Aufrufer räumt ``tmp`` auf)."""
    from referee.buch.spiele import werte_aus
    from referee.store import Store

    with Store(tmp, werte_aus=werte_aus) as s:
        s.importieren(daten)
        zurueck = s.export()
        ohne_stand = {k: v for k, v in daten.items() if k != "stand"}
        if json.dumps(zurueck, ensure_ascii=False) != json.dumps(ohne_stand, ensure_ascii=False):
            wo, stelle = _benannt(ohne_stand, _erste_abweichung(ohne_stand, zurueck))
            raise _fehler(
                wo,
                f"„{stelle}“ passt nicht zu den übrigen Angaben (so speichert referee es nicht; "
                "z. B. „gilt“ nach Storno/Korrektur, Reihenfolge oder Schreibweise).",
            )
    _auswerten(tmp)


def _auswerten(pfad: Path) -> None:
    """Was die lesenden Befehle zeigen, muss sich aus dem Import berechnen lassen: Stand,
    Verlauf, Geber und Abendansicht je Abend, Statistik und jedes Exportformat über alle."""
    from referee.bericht.formate import FORMATE
    from referee.buch import Buch

    buch = Buch(pfad)
    try:
        buch.abende()
        buch.stand(gesamt=True)
        buch.statistik(gesamt=True)
        buch.ruhmeshalle()
        for a in buch.store.abende():
            buch.abend(a.id)
            buch.stand(a.id)
            buch.verlauf(a.id, alle=True)
            buch.geber(a.id)
            buch.sabai_spielstand(a.id)
        for format in FORMATE:  # gesamt: alle Einträge in jedem Format
            buch.exportieren(gesamt=True, format=format)
    except _Fehler:
        raise
    except Exception:
        raise _fehler(
            "Datei", "die Einträge lassen sich nicht auswerten (Stand, Verlauf oder Bericht)."
        ) from None
    finally:
        buch.schliessen()


def importieren(daten: Any, ziel: Path) -> dict:
    """Den Export ``daten`` in die Datenbank ``ziel`` übernehmen – geprüft, alles oder nichts.

    ``ziel`` muss fehlen oder eine leere Datenbank sein (sonst ``Zustandsfehler``).
    Rückgabe: ``{"spieler": n, "abende": n, "eintraege": n}``. SIGTERM und SIGHUP brechen
    ab wie Strg-C (``KeyboardInterrupt``), ohne temporäre Dateien zu hinterlassen.
    """
    with _abbruch_bei_signal():
        return _importieren(daten, ziel)


def _importieren(daten: Any, ziel: Path) -> dict:
    from referee.buch.spiele import werte_aus
    from referee.store import Store

    pruefe_export(daten)
    with Store(ziel, werte_aus=werte_aus) as s:
        if s.existiert and (s.spieler_alle() or s.abende()):
            raise Zustandsfehler(
                f"Die Datenbank {ziel} ist nicht leer; importiert wird nur in eine leere "
                "(andere Datei mit --db wählen)."
            )
        vorhanden = ziel.exists()
    ordner = ziel.parent if str(ziel.parent) else Path(".")
    ordner.mkdir(parents=True, exist_ok=True)
    _reste_entfernen(ordner)
    tmp = _temp_pfad(ordner)
    try:
        _probe(daten, tmp)
        eingesetzt = False
        if not vorhanden:
            try:
                os.link(tmp, ziel)  # atomar, und nie über eine inzwischen entstandene Datei
                eingesetzt = True
            except FileExistsError:
                pass
            except OSError:  # Dateisystem ohne harte Links
                if not ziel.exists():
                    os.replace(tmp, ziel)
                    eingesetzt = True
        if not eingesetzt:
            with Store(ziel, werte_aus=werte_aus) as s:
                s.importieren(daten)
    finally:
        _entfernen(tmp)
    return {
        "spieler": len(daten["spieler"]),
        "abende": len(daten["abende"]),
        "eintraege": len(daten["eintraege"]),
    }
