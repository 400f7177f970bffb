"""``referee import --dazu``: die Abende eines anderen Buchs zu einem Buch mit Daten nehmen.

Rein und ohne Datenbank: ``zusammenfuehren(alt, neu)`` bekommt zwei Exporte (das Buch und die
Datei) und gibt den Export des zusammengeführten Buchs. Das Buch behält alle seine Nummern;
was neu ist, bekommt die nächsten freien. Wiedererkannt wird ein Abend an seiner Kennung
(``uuid``, Schema 9), die er aus seinem ersten Buch mitnimmt:

* dieselbe Kennung, derselbe Inhalt (ohne die Nummern): schon da, nichts zu tun;
* dieselbe Kennung, und die eine Seite ist die Fortsetzung der anderen (ein späterer Export
  desselben Buchs: dieselben ersten Einträge und Ereignisse, danach mehr): das Neue kommt dazu;
* dieselbe Kennung, aber verschiedener Inhalt: ein Widerspruch – abgelehnt, ganz, mit dem
  Grund (``Zustandsfehler``);
* eine unbekannte Kennung: ein neuer Abend.

Spieler sind dieselben, wenn ihre Namen denselben Schlüssel haben (``namensschluessel``); das
Buch behält seine Schreibweise. Ein Export ohne Kennungen (vor Schema 9) bekommt mit
``kennungen_ergaenzen`` neue – seine Abende kommen dann als neue dazu (der Aufrufer warnt).

Die Turniere führt ``referee.einfuhr.dazu_turniere`` nach denselben Regeln zusammen.

Das Ergebnis prüft und rechnet der Aufrufer wie jeden Import ganz nach (``pruefe_export``,
Probeimport); geschrieben wird nur, was im Buch noch fehlt.
"""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.einfuhr.bausteine import _ABEND_FELDER
from referee.einfuhr.dazu_turniere import Turnierzaehlung, turniere_zusammenfuehren
from referee.errors import Zustandsfehler

#: Felder eines Abends, die zwei Bücher gleich haben müssen (alles außer Nummer und Kennung).
_ABEND_INHALT = tuple(f for f in _ABEND_FELDER if f != "id")

#: was ein späterer Export desselben Abends anders haben darf: er ist inzwischen beendet
_BEENDEN = ("offen", "beendet")


@dataclass(frozen=True)
class Zusammenfuehrung:
    """Was ``zusammenfuehren`` ergab: ``daten`` ist der Export des zusammengeführten Buchs."""

    daten: dict[str, Any]
    abende_neu: int
    abende_ergaenzt: int
    abende_vorhanden: int
    eintraege_neu: int
    ereignisse_neu: int
    spieler_neu: int
    turniere: Turnierzaehlung = field(default_factory=Turnierzaehlung)

    @property
    def nichts_neu(self) -> bool:
        return not (
            self.abende_neu
            or self.abende_ergaenzt
            or self.spieler_neu
            or self.turniere.neu
            or self.turniere.ergaenzt
        )


def kennungen_ergaenzen(
    daten: dict[str, Any], neue_kennung: Callable[[], str] | None = None
) -> tuple[dict[str, Any], int, int]:
    """Abende ohne ``uuid`` und Turniere ohne Zeile in ``turniere.kennungen`` (ältere
    Exporte) bekommen eine neue Kennung; gibt eine Kopie und die Zahl der ergänzten Abende
    und Turniere. ``daten`` bleibt, wie es war."""
    erzeugen = neue_kennung or (lambda: str(uuid.uuid4()))
    kopie = dict(daten)
    fehlen = {i for i, a in enumerate(daten["abende"]) if "uuid" not in a}
    if fehlen:
        kopie["abende"] = [
            dict(a, uuid=erzeugen()) if i in fehlen else a for i, a in enumerate(daten["abende"])
        ]
    turniere = daten.get("turniere") or {}
    da = {k["id"] for k in turniere.get("kennungen", [])}
    ohne = sorted(t["id"] for t in turniere.get("turniere", []) if t["id"] not in da)
    if ohne:
        dazu = [{"art": "turnier", "id": t, "uuid": erzeugen()} for t in ohne]
        kennungen = sorted([*turniere.get("kennungen", []), *dazu], key=lambda k: k["id"])
        kopie["turniere"] = {"kennungen": kennungen} | {
            k: v for k, v in turniere.items() if k != "kennungen"
        }
    return (kopie if fehlen or ohne else daten), len(fehlen), len(ohne)


def _gleich(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(
        b, sort_keys=True, ensure_ascii=False
    )


class _Abend:
    """Ein Abend eines Exports mit seinen Einträgen und Ereignissen, die Bezüge als Stellen
    innerhalb des Abends (so lassen sich zwei Bücher mit verschiedenen Nummern vergleichen)."""

    def __init__(
        self, kopf: dict[str, Any], daten: dict[str, Any], name: Callable[[str], str]
    ) -> None:
        self.kopf = kopf
        aid = kopf["id"]
        self.eintraege = sorted(
            (e for e in daten["eintraege"] if e["abend"] == aid), key=lambda e: e["id"]
        )
        self.ereignisse = sorted(
            (v for v in daten["ereignisse"] if v["abend"] == aid), key=lambda v: v["id"]
        )
        stelle = {e["id"]: i for i, e in enumerate(self.eintraege)}
        estelle = {v["id"]: i for i, v in enumerate(self.ereignisse)}
        self.inhalt = {k: kopf[k] for k in _ABEND_INHALT}
        self.inhalt["spieler"] = [name(n) for n in kopf["spieler"]]
        #: je Eintrag und Ereignis der Inhalt ohne Nummern und ohne das abgeleitete ``gilt``
        self.eintrag_formen = [
            {
                "nr": e["nr"],
                "zeit": e["zeit"],
                "spiel": e["spiel"],
                "art": e["art"],
                "bezug": None if e["bezug"] is None else stelle.get(e["bezug"], -1),
                "eingabe": e["eingabe"],
                "ergebnis": e["ergebnis"],
                "werte": {g: {name(n): w for n, w in je.items()} for g, je in e["werte"].items()},
            }
            for e in self.eintraege
        ]
        self.ereignis_formen = [
            {
                "zeit": v["zeit"],
                "art": v["art"],
                "bezug": None if v["bezug"] is None else estelle.get(v["bezug"], -1),
                # wie viele Einträge dieses Abends vor dem Ereignis standen
                "nach": sum(1 for e in self.eintraege if e["id"] <= v["nach_eintrag"]),
                "daten": v["daten"],
            }
            for v in self.ereignisse
        ]

    def beginnt_mit(self, anderer: _Abend) -> bool:
        """Sind die Einträge und Ereignisse von ``anderer`` der Anfang von diesen?"""
        n, m = len(anderer.eintrag_formen), len(anderer.ereignis_formen)
        return (
            n <= len(self.eintrag_formen)
            and m <= len(self.ereignis_formen)
            and _gleich(self.eintrag_formen[:n], anderer.eintrag_formen)
            and _gleich(self.ereignis_formen[:m], anderer.ereignis_formen)
        )


def _widerspruch(kopf: dict[str, Any], was: str) -> Zustandsfehler:
    return Zustandsfehler(
        f"Import abgelehnt: den Abend vom {kopf['datum']} (Kennung {kopf['uuid']}) haben beide "
        f"Bücher, aber {was}. Nichts importiert."
    )


def zusammenfuehren(alt: dict[str, Any], neu: dict[str, Any]) -> Zusammenfuehrung:
    """Das Buch ``alt`` (sein Export) und die Datei ``neu`` (ein geprüfter Export, jeder Abend
    mit ``uuid``) zusammen – als Export; ``alt`` und ``neu`` bleiben unverändert."""
    from referee.namen import namensschluessel

    ergebnis = copy.deepcopy(alt)
    ergebnis.pop("stand", None)
    spieler = ergebnis["spieler"]
    nach_schluessel: dict[str, str] = {namensschluessel(s["name"]): s["name"] for s in spieler}
    spieler_neu = 0
    naechster_spieler = max((s["id"] for s in spieler), default=0) + 1
    for s in sorted(neu["spieler"], key=lambda s: s["id"]):
        k = namensschluessel(s["name"])
        if k not in nach_schluessel:
            spieler.append({"id": naechster_spieler, "name": s["name"], "angelegt": s["angelegt"]})
            nach_schluessel[k] = s["name"]
            naechster_spieler += 1
            spieler_neu += 1

    def name(n: str) -> str:
        return nach_schluessel[namensschluessel(n)]

    alte = {a["uuid"]: _Abend(a, ergebnis, name) for a in ergebnis["abende"]}
    naechster_abend = max((a["id"] for a in alt["abende"]), default=0) + 1
    naechster_eintrag = max((e["id"] for e in alt["eintraege"]), default=0) + 1
    naechstes_ereignis = max((v["id"] for v in alt["ereignisse"]), default=0) + 1
    zaehler = {"neu": 0, "ergaenzt": 0, "vorhanden": 0, "eintraege": 0, "ereignisse": 0}
    # was aus der Datei übernommen wird, je Liste: Nummer im Ergebnis → Objekt
    eintraege = {e["id"]: e for e in ergebnis["eintraege"]}
    ereignisse = {v["id"]: v for v in ergebnis["ereignisse"]}

    for kopf in sorted(neu["abende"], key=lambda a: a["id"]):
        hier = _Abend(kopf, neu, name)
        dort = alte.get(kopf["uuid"])
        if dort is not None:
            # wer weiter ist, darf den Abend inzwischen beendet (oder wieder geöffnet) haben
            weiter = dort.beginnt_mit(hier), hier.beginnt_mit(dort)
            darf = _BEENDEN if weiter[0] != weiter[1] else ()
            feld = next(
                (
                    k
                    for k in _ABEND_INHALT
                    if k not in darf and not _gleich(dort.inhalt[k], hier.inhalt[k])
                ),
                None,
            )
            if feld is not None:
                raise _widerspruch(kopf, f"mit verschiedenem „{feld}“")
            if weiter[0]:
                zaehler["vorhanden"] += 1  # schon da (oder das Buch ist weiter)
                continue
            if not weiter[1]:
                raise _widerspruch(kopf, "mit verschiedenen Spielen oder Ereignissen")
        if dort is None:
            aid = naechster_abend
            naechster_abend += 1
            ergebnis["abende"].append(
                {**{k: kopf[k] for k in kopf if k != "uuid"}, "id": aid}
                | {"spieler": hier.inhalt["spieler"], "uuid": kopf["uuid"]}
            )
            schon_e, schon_v = 0, 0
            eintrag_nr: dict[int, int] = {}
            ereignis_nr: dict[int, int] = {}
            zaehler["neu"] += 1
        else:
            aid = dort.kopf["id"]
            schon_e, schon_v = len(dort.eintraege), len(dort.ereignisse)
            eintrag_nr = {
                e["id"]: d["id"] for e, d in zip(hier.eintraege, dort.eintraege, strict=False)
            }
            ereignis_nr = {
                v["id"]: d["id"] for v, d in zip(hier.ereignisse, dort.ereignisse, strict=False)
            }
            zaehler["ergaenzt"] += 1
            for k in _BEENDEN:
                dort.kopf[k] = kopf[k]  # (eine Kopie: ``alte`` steht auf ``ergebnis``)
            # „gilt“ ist abgeleitet: die längere Seite weiß, was spätere Stornos aufhoben
            for e, d in zip(hier.eintraege, dort.eintraege, strict=False):
                eintraege[d["id"]] = dict(eintraege[d["id"]], gilt=e["gilt"])
            for v, d in zip(hier.ereignisse, dort.ereignisse, strict=False):
                ereignisse[d["id"]] = dict(ereignisse[d["id"]], gilt=v["gilt"])
        basis = naechster_eintrag - 1
        for e in hier.eintraege[schon_e:]:
            eintrag_nr[e["id"]] = naechster_eintrag
            eintraege[naechster_eintrag] = dict(
                e,
                id=naechster_eintrag,
                abend=aid,
                bezug=None if e["bezug"] is None else eintrag_nr[e["bezug"]],
                werte={g: {name(n): w for n, w in je.items()} for g, je in e["werte"].items()},
            )
            naechster_eintrag += 1
            zaehler["eintraege"] += 1
        for v in hier.ereignisse[schon_v:]:
            vorher = [eintrag_nr[e["id"]] for e in hier.eintraege if e["id"] <= v["nach_eintrag"]]
            ereignis_nr[v["id"]] = naechstes_ereignis
            ereignisse[naechstes_ereignis] = dict(
                v,
                id=naechstes_ereignis,
                abend=aid,
                bezug=None if v["bezug"] is None else ereignis_nr[v["bezug"]],
                nach_eintrag=max(vorher, default=basis),
            )
            naechstes_ereignis += 1
            zaehler["ereignisse"] += 1

    offene = [a for a in ergebnis["abende"] if a["offen"]]
    if len(offene) > 1:
        raise Zustandsfehler(
            "Import abgelehnt: beide Bücher haben einen offenen Abend (vom "
            f"{offene[0]['datum']} und vom {offene[1]['datum']}); erst einen mit "
            "„referee abend ende“ beenden. Nichts importiert."
        )
    ergebnis["abende"].sort(key=lambda a: a["id"])
    ergebnis["eintraege"] = sorted(eintraege.values(), key=lambda e: (e["abend"], e["id"]))
    ergebnis["ereignisse"] = sorted(ereignisse.values(), key=lambda v: v["id"])
    turniere, tz = turniere_zusammenfuehren(ergebnis.pop("turniere", None), neu.get("turniere"))
    if turniere is not None:
        ergebnis["turniere"] = turniere
    return Zusammenfuehrung(
        ergebnis,
        zaehler["neu"],
        zaehler["ergaenzt"],
        zaehler["vorhanden"],
        zaehler["eintraege"],
        zaehler["ereignisse"],
        spieler_neu,
        tz,
    )
