"""``pruefe_export``: die ganze Datei gegen das Exportformat, mit den nachgerechneten
Ergebnissen (``referee.einfuhr.nachrechnen``)."""

from __future__ import annotations

from typing import Any

from referee.einfuhr.bausteine import (
    _ABEND_FELDER,
    _EINTRAG_FELDER,
    _EREIGNIS_FELDER,
    _KOPF_FELDER,
    _SPIELER_FELDER,
    JsonObjekt,
    _datum,
    _fehler,
    _freie_daten,
    _ganz,
    _kennung,
    _kurz,
    _liste,
    _objekt,
    _text,
    _wahr,
    _zeitpunkt,
)
from referee.einfuhr.nachrechnen import _ergebnisse_nachrechnen, _werte_neu_berechnen
from referee.errors import Eingabefehler, Zustandsfehler
from referee.text import json_art as _art
from referee.text import zeigbar
from referee.zahlen import GRENZE_TARIF

# ---------------------------------------------------------------- Prüfung


def pruefe_export(daten: Any) -> None:
    """Die ganze Datei prüfen; wirft ``Eingabefehler`` an der ersten schlechten Stelle."""
    from referee.namen import namensschluessel, pruefe_name
    from referee.store import EXPORT_FORMAT, EXPORT_SCHEMA_AB, SCHEMA_AKTUELL

    if not isinstance(daten, dict):
        raise _fehler("Datei", f"erwartet ein JSON-Objekt, nicht {_art(daten)}.")
    if daten.get("format") != EXPORT_FORMAT:
        raise _fehler("Datei", f"das ist kein referee-Export (Feld „format“ ≠ „{EXPORT_FORMAT}“).")
    _objekt(
        daten,
        "Datei",
        (*_KOPF_FELDER, *(k for k in ("stand", "turniere") if k in daten)),
    )
    schema = _ganz(daten["schema"], "Datei", "schema", 1, 10**6)
    if schema > SCHEMA_AKTUELL:
        raise Zustandsfehler(
            f"Der Export stammt von einer neueren referee-Version (Schema {schema}, diese "
            f"Version kennt bis {SCHEMA_AKTUELL}); nichts importiert."
        )
    if schema < EXPORT_SCHEMA_AB:
        raise _fehler(
            "Datei",
            f"Schema {schema} wird nicht importiert (erwartet {EXPORT_SCHEMA_AB} bis "
            f"{SCHEMA_AKTUELL}).",
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
    abende: dict[int, JsonObjekt] = {}
    offen = 0
    kennungen: set[str] = set()
    for i, a in enumerate(_liste(daten["abende"], "Datei", "abende"), start=1):
        wo = f"Abend {i}"
        # „uuid“ (Schema 9) fehlt in älteren Exporten: der Import gibt dann neue
        _objekt(
            a,
            wo,
            (*_ABEND_FELDER, "uuid") if isinstance(a, dict) and "uuid" in a else _ABEND_FELDER,
        )
        aid = _ganz(a["id"], wo, "id", 1)
        wo = f"Abend {aid}"
        if aid in abende:
            raise _fehler(wo, "die Id kommt zweimal vor.")
        if "uuid" in a:
            _kennung(a["uuid"], wo, kennungen)
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
    eintraege: dict[int, JsonObjekt] = {}
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
    if "turniere" in daten:
        _pruefe_turniere(daten["turniere"], kennungen)
    _ergebnisse_nachrechnen(eintraege, abende, daten["ereignisse"])
    for aid, summe in cent_je_abend.items():
        if summe:
            raise _fehler(
                f"Abend {aid}", f"die geltenden Einträge ergeben {summe:+d} Cent statt null."
            )


def _id_und_abend(
    obj: Any,
    was: str,
    i: int,
    felder: tuple[str, ...],
    gesehen: dict[int, JsonObjekt],
    abende: dict[int, JsonObjekt],
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


def _pruefe_ereignisse(liste: Any, abende: dict[int, JsonObjekt], letzter_eintrag: int) -> None:
    """Ereignisse der Abende (Schema 4): Regeländerung, bezahlt, Ende, wieder offen, Storno."""
    from referee.store import EREIGNIS_ARTEN

    frueher: dict[int, JsonObjekt] = {}
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


def _ereignis_daten(art: str, daten: Any, wo: str, abend: JsonObjekt, bezug: Any) -> None:
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


def _pruefe_eintrag(
    e: JsonObjekt, wo: str, frueher: dict[int, JsonObjekt], abend: JsonObjekt
) -> None:
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


def _pruefe_turniere(turniere: Any, kennungen: set[str]) -> None:
    """Die Form des ``turniere``-Teils, soweit das Zusammenführen (``import --dazu``) sich auf
    sie stützt: bekannte Tabellen, Zeilen aus Text, ganzen Zahlen und null, je Tabelle
    steigende eindeutige Ids, ``turnier_id`` eines Turniers der Datei, ``bezug`` auf eine
    frühere Zeile desselben Turniers, je Turnier höchstens eine Kennung. Die Spalten je Tabelle
    prüft der Import (``turniere_importieren``), das Nachrechnen das Buch."""
    from referee.store.turnieraustausch import TURNIER_TABELLEN

    t = _objekt(turniere, "Turniere")
    namen = [x.name for x in TURNIER_TABELLEN]
    fremd = [k for k in t if k not in namen]
    if fremd:
        raise _fehler("Turniere", f"unbekannte Tabelle „{zeigbar(str(fremd[0]), 40)}“.")
    turnier_ids: set[int] = set()
    for tabelle in namen[1:] + namen[:1]:  # die Kennungen nach den Turnieren
        ids: dict[int, Any] = {}
        letzte = 0
        for i, z in enumerate(_liste(t.get(tabelle, []), "Turniere", tabelle), start=1):
            wo = f"Turniere, {tabelle}[{i}]"
            _objekt(z, wo)
            for feld, w in z.items():
                if not (w is None or isinstance(w, str) or type(w) is int):
                    raise _fehler(wo, f"„{feld}“: nur Text, ganze Zahlen oder null.")
            tid = z.get("id") if tabelle in ("turniere", "kennungen") else z.get("turnier_id")
            if tabelle != "turniere" and tid not in turnier_ids:
                raise _fehler(wo, "die Zeile gehört zu keinem Turnier der Datei.")
            if tabelle == "kennungen":
                if z.get("art") != "turnier" or tid in ids:
                    raise _fehler(wo, "je Turnier eine Kennung mit „art“ = „turnier“.")
                _kennung(z.get("uuid"), wo, kennungen)
                ids[tid] = tid
                continue
            if "id" not in z:
                continue
            nr = _ganz(z["id"], wo, "id", 1)
            if nr <= letzte:
                raise _fehler(wo, "die Ids steigen nicht.")
            letzte = nr
            if z.get("bezug") is not None and ids.get(z["bezug"]) != tid:
                raise _fehler(wo, "„bezug“ zeigt auf keine frühere Zeile dieses Turniers.")
            ids[nr] = tid
            if tabelle == "turniere":
                turnier_ids.add(nr)
