"""Jedes Ergebnis eines Exports aus den Fakten seines Spiels nachrechnen, wie ``eintragen`` es
tut (Schafkopf mit dem Tarif, der an dieser Stelle des Abends galt; sabai, SAUFN, Schlafmütze).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

from referee.einfuhr.bausteine import JsonObjekt, _fehler
from referee.errors import Eingabefehler
from referee.text import zeigbar

if TYPE_CHECKING:
    from referee.ergebnis import Werte
    from referee.sabai.ergebnis import SabaiErgebnis
    from referee.sabai.regeln import Gleichstand
    from referee.saufn.ende import Spielende
    from referee.schafkopf.tarif import Tarif

#: Ein Weg, das Ergebnis aus den Fakten nachzurechnen (``als_json``-Form); mehrere, wo
#: ``eintragen`` nicht speichert, welcher galt (kurze oder lange Karte …).
Versuch: TypeAlias = Callable[[], JsonObjekt]
#: Je Abend seine Regeländerungen: ``(nach_eintrag, tarif, nach_eintrag des Stornos oder None)``.
Regelverlauf: TypeAlias = dict[int, list[tuple[int, JsonObjekt, int | None]]]
#: ``Tarif.aus_json`` je Tarifobjekt der Datei (``id()``), einmal gelesen; ``None`` = Standard.
Tarife: TypeAlias = "dict[int, Tarif | None]"

# ---------------------------------------------------------------- Werte neu berechnen


def _werte_neu_berechnen(spiel: str, ergebnis: JsonObjekt) -> Werte:
    """Die Wertzeilen ``{groesse: {name: wert}}`` eines Ergebnisses, mit dem Code des Spiels.

    Die einzige Stelle, die wissen muss, wo die Spiele ihre Werte berechnen: das typisierte
    Ergebnis des Spiels (``SchafkopfErgebnis.aus_json(…).werte()`` …, ``referee.spiele``).
    """
    from referee.spiele import werte_aus

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

#: Die Felder, die ``eintragen`` heute immer schreibt (``als_json`` jedes Spiels). Fehlt eines
#: (ein Export einer älteren Version, ein Werkzeug über die Speicher-API), wird trotzdem
#: nachgerechnet: jedes Feld, das da ist, muss dem Nachgerechneten gleichen, und die Fakten,
#: die das Nachrechnen braucht, müssen da sein – weglassen lässt sich nur, was nichts ändert.
#: Abgeleitet: ``_ERGEBNIS_FELDER`` ohne die Felder, die nur manche Spielarten haben.
_IMMER_GESCHRIEBEN = {
    spiel: felder
    - {"schafkopf": {"farbe", "sie", "stiche", "verlierer", "jungfrauen", "durchmarsch"}}.get(
        spiel, set()
    )
    for spiel, felder in _ERGEBNIS_FELDER.items()
}

_FEHLT = object()


def _regelverlauf(ereignisse: list[JsonObjekt]) -> Regelverlauf:
    """Je Abend seine Regeländerungen in der Reihenfolge des Schreibens:
    ``(nach_eintrag, tarif, nach_eintrag des Stornos oder None)``."""
    storniert = {v["bezug"]: v["nach_eintrag"] for v in ereignisse if v["art"] == "storno"}
    verlauf: Regelverlauf = {}
    for v in sorted(ereignisse, key=lambda v: v["id"]):
        if v["art"] == "regel":
            verlauf.setdefault(v["abend"], []).append(
                (v["nach_eintrag"], v["daten"]["tarif"], storniert.get(v["id"]))
            )
    return verlauf


def _tarif_an_der_stelle(
    abend: JsonObjekt, verlauf: Regelverlauf, bis: int, eid: int
) -> JsonObjekt:
    """Der Tarif, mit dem referee Eintrag ``eid`` rechnete (``Buch.lage``): der beim Anlegen
    des Abends, ersetzt durch die jüngste Regeländerung, die vor Eintrag ``bis`` kam (ein
    Spiel: ``bis`` = ``eid``; eine Korrektur: das ursprüngliche Spiel, ``Abendspeicher.abend(bis=…)``)
    und beim Schreiben von ``eid`` nicht storniert war."""
    tarif: JsonObjekt = abend["tarif"]
    for nach, neu, storno_nach in verlauf.get(abend["id"], ()):
        if nach < bis and (storno_nach is None or storno_nach >= eid):
            tarif = neu
    return tarif


def _ergebnisse_nachrechnen(
    eintraege: dict[int, JsonObjekt], abende: dict[int, JsonObjekt], ereignisse: list[JsonObjekt]
) -> None:
    """Jedes Ergebnis aus den Fakten seines Spiels nachrechnen, wie ``eintragen`` bzw.
    ``korrigieren`` es tat, und mit der Datei vergleichen; die erste Abweichung ist ein
    ``Eingabefehler`` mit dem Eintrag (und Spieler)."""
    verlauf = _regelverlauf(ereignisse)
    tarife: Tarife = {}
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
    e: JsonObjekt, wo: str, abend: JsonObjekt, tarif: JsonObjekt, tarife: Tarife
) -> None:
    spiel, erg, eingabe = e["spiel"], e["ergebnis"], e["eingabe"]
    vollstaendig = all(k in erg for k in _IMMER_GESCHRIEBEN[spiel])
    argv = eingabe.get("argv")
    if not (isinstance(argv, list) and all(isinstance(t, str) for t in argv)):
        argv = []
    versuche: list[Versuch] = []
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
    erstes: JsonObjekt | None = None
    for versuch in versuche:
        try:
            soll = versuch()
        except Eingabefehler as exc:
            grund = grund or exc.meldung
            continue
        except Exception:
            grund = grund or "es lässt sich nicht nachrechnen."
            continue
        if not vollstaendig:  # nur die Felder vergleichen, die da sind (s. _IMMER_GESCHRIEBEN)
            soll = {k: v for k, v in soll.items() if k in ist}
        if _gleich(ist, soll):
            return
        if erstes is None:
            erstes = soll
    if erstes is None:
        raise _fehler(
            wo, f"die Fakten des Spiels ergeben so keinen Eintrag: {grund or 'unbekannt.'}"
        )
    _abweichung(wo, ist, erstes)


def _tarif_objekt(tarif: JsonObjekt, tarife: Tarife) -> Tarif | None:
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


def _abweichung(wo: str, ist: JsonObjekt, soll: JsonObjekt) -> None:
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


def _schafkopf_versuche(
    erg: JsonObjekt, eingabe: JsonObjekt, abend: JsonObjekt, tarif: Tarif | None
) -> list[Versuch]:
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

        def aus_partie() -> JsonObjekt:
            from referee.schafkopf.partie import partie_bericht

            if not isinstance(partie, dict):
                raise Eingabefehler("„eingabe.partie“ ist keine Partie (JSON-Objekt).")
            return ergebnis_aus_partie(partie_bericht(partie)).als_json()

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

    def rechne(kurz: bool, lauf: int, schw: bool) -> JsonObjekt:
        return ergebnis_aus_fakten(
            art,
            alle,
            partei,
            farbe=farbe,
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
        ).als_json()

    return [
        partial(rechne, k, lauf, s) for k in (False, True) for lauf in laufende for s in schwarz
    ]


def _sabai_versuche(
    erg: JsonObjekt, eingabe: JsonObjekt, abend: JsonObjekt, argv: list[str]
) -> list[Versuch]:
    """Wie ``SabaiAngaben.ergebnis``: aus den Händen (``eingabe.haende``) mit den Konventionen
    der Kommandozeile (``--gleichstand``, ``--ass-joker-wert``). Ohne Hände (Korrektur,
    Tischmodus) aus den Kartenpunkten: Siegespunkte, Sieger und Hall of Fame müssen zu ihnen
    passen (``werte_runde``), bei Gleichstand nach einer der beiden Konventionen."""
    from referee.sabai.ergebnis import SabaiErgebnis, werten
    from referee.sabai.regeln import Gleichstand, Regeln

    e = SabaiErgebnis.aus_json(erg)
    haende = eingabe.get("haende")
    if haende is not None:

        def aus_haenden() -> JsonObjekt:
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
    return [partial(_sabai_aus_punkten, e, g) for g in Gleichstand]


def _sabai_aus_punkten(e: SabaiErgebnis, gleichstand: Gleichstand) -> JsonObjekt:
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


def _saufn_neu(erg: JsonObjekt, argv: list[str]) -> JsonObjekt:
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


def _schluecke_moeglich(se: Spielende, schluecke: dict[str, int]) -> dict[str, int]:
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


def _schlafmuetze_neu(erg: JsonObjekt) -> JsonObjekt:
    """Wie ``SchlafmuetzeAngaben.ergebnis``: Sieger und Mitspielende (``pruefe_sieg``)."""
    from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis
    from referee.schlafmuetze.regeln import pruefe_sieg

    e = SchlafmuetzeErgebnis.aus_json(erg)
    if e.sieger is None:
        raise Eingabefehler("es fehlt der Sieger.")
    sieger, alle = pruefe_sieg(e.sieger, list(e.spieler))
    return SchlafmuetzeErgebnis(sieger, tuple(alle)).als_json()
