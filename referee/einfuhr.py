"""Import eines JSON-Exports: erst ganz prüfen, dann alles oder nichts schreiben.

Reihenfolge (``importieren``):

1. ``pruefe_export``: die ganze Datei gegen das Exportformat – Typen, Pflichtfelder, nur
   ganze Zahlen (keine Kommazahlen, keine Wahrheitswerte als Zahl) im Bereich
   ``referee.zahlen.GRENZE``, eindeutige Ids und Namen, gültige Bezüge (Abend, Storno,
   Korrektur), höchstens ein offener Abend, Texte ohne Steuerzeichen, Tarife, die der
   Schafkopf-Kern kennt. Die Wertzeilen jedes Eintrags (Cent, Punkte …) werden aus seinem
   Ergebnis mit dem Code des Spiels **neu berechnet** (``_werte_neu_berechnen``) und mit der
   Datei verglichen; jeder Abend muss in Cent null ergeben; ein Storno hat keine Werte.
2. Probeimport in eine temporäre Datenbank neben dem Ziel, deren Export genau der Datei
   gleichen muss (so fällt auch ein falsches ``gilt`` oder eine falsche Reihenfolge auf), und
   Stand, Bericht und Statistik müssen sich aus ihr berechnen lassen.
3. Erst dann das Ziel: ein neuer Pfad bekommt die geprüfte Datei durch atomares Verlinken;
   eine vorhandene leere Datenbank den Import in einer Transaktion.

Jeder Fehler ist ein ``Eingabefehler`` (Exit 2) mit einer Meldung, die die erste schlechte
Stelle nennt (``Eintrag 7, Spieler „Ben“: …``); das Ziel bleibt genau, wie es war.
"""

from __future__ import annotations

import contextlib
import json
import os
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
        _text(s["angelegt"], wo, "angelegt", hoechstens=64)
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
        _text(a["datum"], wo, "datum", hoechstens=32)
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
            _text(a["beendet"], wo, "beendet", hoechstens=64)
        _text(a["begonnen"], wo, "begonnen", hoechstens=64)
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
        _text(e["zeit"], wo, "zeit", hoechstens=64)
        _pruefe_eintrag(e, wo, eintraege, abende[aid])
        gilt = _wahr(e["gilt"], wo, "gilt")
        if gilt and e["art"] != "storno":
            cent = e["werte"].get("cent", {})
            cent_je_abend[aid] = cent_je_abend.get(aid, 0) + sum(cent.values())
        eintraege[eid] = e
    _pruefe_ereignisse(daten["ereignisse"], abende, max(eintraege, default=0))
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
        _text(v["zeit"], wo, "zeit", hoechstens=64)
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
    import re

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


def _probe(daten: dict, ordner: Path) -> Path:
    """In eine temporäre Datenbank importieren und prüfen, dass sie genau die Datei ergibt und
    sich auswerten lässt. Gibt den Pfad der geprüften Datei zurück (der Aufrufer räumt auf)."""
    import tempfile

    from referee.buch.spiele import werte_aus
    from referee.store import Store

    fd, name = tempfile.mkstemp(dir=ordner, prefix=".referee-import-", suffix=".db")
    os.close(fd)
    tmp = Path(name)
    tmp.unlink()
    try:
        with Store(tmp, werte_aus=werte_aus) as s:
            s.importieren(daten)
            zurueck = s.export()
            ohne_stand = {k: v for k, v in daten.items() if k != "stand"}
            if json.dumps(zurueck, ensure_ascii=False) != json.dumps(
                ohne_stand, ensure_ascii=False
            ):
                wo, stelle = _benannt(ohne_stand, _erste_abweichung(ohne_stand, zurueck))
                raise _fehler(
                    wo,
                    f"„{stelle}“ passt nicht zu den übrigen Angaben (so speichert referee es nicht; "
                    "z. B. „gilt“ nach Storno/Korrektur, Reihenfolge oder Schreibweise).",
                )
        _auswerten(tmp)
        return tmp
    except BaseException:
        _entfernen(tmp)
        raise


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
    Rückgabe: ``{"spieler": n, "abende": n, "eintraege": n}``.
    """
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
    tmp = _probe(daten, ordner)
    try:
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
