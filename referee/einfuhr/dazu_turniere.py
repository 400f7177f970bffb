"""``referee import --dazu`` für Turniere: die Turniere zweier Exporte zusammenführen.

Rein und ohne Datenbank, wie ``referee.einfuhr.dazu`` für die Abende. Ein Turnier wird an
seiner Kennung wiedererkannt (``turniere.kennungen``, Schema 9). Verglichen wird ohne die
Nummern: je Tabelle (``TURNIER_TABELLEN``) die Zeilen des Turniers in ihrer Reihenfolge, ohne
``id`` und ``turnier_id``, ein ``bezug`` als Stelle der bezogenen Zeile in derselben Tabelle,
und ohne das abgeleitete ``gilt`` (das eine spätere Korrektur, ein Storno, ein Wiederöffnen
oder eine zurückgenommene Auslosung ändert):

* dieselbe Kennung, dieselben Zeilen: schon da;
* dieselbe Kennung, und in jeder Tabelle sind die Zeilen des Buchs der Anfang derer der Datei
  (ein späterer Stand desselben Turniers): der Rest kommt dazu, ``gilt`` von der längeren
  Seite; ist umgekehrt das Buch weiter, ist das Turnier schon da;
* dieselbe Kennung, aber verschiedene Angaben des Turniers oder keines die Fortsetzung des
  anderen: ein Widerspruch – abgelehnt, ganz (``Zustandsfehler``, mit Name und Kennung);
* eine unbekannte Kennung: ein neues Turnier, jede ``id`` die nächste freie ihrer Tabelle.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.errors import Zustandsfehler
from referee.store.turnieraustausch import TURNIER_TABELLEN, Turniertabelle

#: Spalten, die beim Vergleich nicht zählen: die Nummern und das Abgeleitete
_OHNE = ("id", "turnier_id", "gilt")

#: die Tabellen mit den Zeilen eines Turniers (ohne ``kennungen`` und ``turniere`` selbst)
_TEILE = [t for t in TURNIER_TABELLEN if t.name not in ("kennungen", "turniere")]

#: wie der Grund einer Ablehnung eine Tabelle nennt („mit verschiedenen …“)
_WORTE = {
    "turnier_teilnehmer": "Teilnehmern",
    "turnier_runden": "Auslosungen",
    "turnier_tische": "Tischen",
    "turnier_ereignisse": "Ereignissen (Abmeldung, Ende …)",
    "turnier_eintraege": "Spielen oder Blättern",
    "turnier_eckdaten": "Eckdaten",
    "turnier_zahlungen": "Zahlungen",
    "turnier_preislisten": "Preislisten",
    "turnier_vereine": "Vereinen",
}


@dataclass(frozen=True)
class Turnierzaehlung:
    """Was ``turniere_zusammenfuehren`` mit den Turnieren der Datei tat."""

    neu: int = 0
    ergaenzt: int = 0
    vorhanden: int = 0


def _gleich(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(
        b, sort_keys=True, ensure_ascii=False
    )


def _ordnung(t: Turniertabelle) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """Die Reihenfolge des Exports dieser Tabelle (``ORDER BY``) als Sortierschlüssel."""
    spalten = t.schluessel
    return lambda z: tuple(z[s] for s in spalten)


class _Turnier:
    """Ein Turnier eines Exports: sein Kopf, je Tabelle seine Zeilen (die Objekte des Exports,
    in dessen Reihenfolge) und ihre Formen ohne Nummern."""

    def __init__(self, kopf: dict[str, Any], daten: dict[str, Any]) -> None:
        self.kopf = kopf
        self.form = {k: v for k, v in kopf.items() if k != "id"}
        self.zeilen: dict[str, list[dict[str, Any]]] = {}
        self.formen: dict[str, list[dict[str, Any]]] = {}
        for t in _TEILE:
            zeilen = sorted(
                (z for z in daten.get(t.name, []) if z["turnier_id"] == kopf["id"]),
                key=_ordnung(t),
            )
            stelle = {z["id"]: i for i, z in enumerate(zeilen) if "id" in z}
            self.zeilen[t.name] = zeilen
            self.formen[t.name] = [
                {
                    k: (stelle.get(v, -1) if k == "bezug" and v is not None else v)
                    for k, v in z.items()
                    if k not in _OHNE
                }
                for z in zeilen
            ]

    def fehlt_vom_anfang(self, anderer: _Turnier) -> str | None:
        """Die erste Tabelle, in der die Zeilen von ``anderer`` *nicht* der Anfang von diesen
        sind; ``None``, wenn ``anderer`` überall ein Anfang ist (dieses Turnier hat alles)."""
        for t in _TEILE:
            mein, sein = self.formen[t.name], anderer.formen[t.name]
            if len(sein) > len(mein) or not _gleich(mein[: len(sein)], sein):
                return t.name
        return None


def _widerspruch(kopf: dict[str, Any], kennung: str, was: str) -> Zustandsfehler:
    return Zustandsfehler(
        f"Import abgelehnt: das Turnier „{kopf['name']}“ (Kennung {kennung}) haben beide "
        f"Bücher, aber {was}. Nichts importiert."
    )


def turniere_zusammenfuehren(
    alt: dict[str, Any] | None, neu: dict[str, Any] | None
) -> tuple[dict[str, Any] | None, Turnierzaehlung]:
    """Die Turniere des Buchs (``alt``, der ``turniere``-Teil seines Exports; wird verändert –
    der Aufrufer gibt eine Kopie) und der Datei (``neu``, geprüft, jedes Turnier mit Kennung)
    zusammen: der ``turniere``-Teil des zusammengeführten Exports, ``None`` ohne Turniere."""
    tabellen: dict[str, list[dict[str, Any]]] = {
        t.name: list((alt or {}).get(t.name, [])) for t in TURNIER_TABELLEN
    }
    if not neu or not neu.get("turniere"):
        return (tabellen if tabellen["turniere"] else None), Turnierzaehlung()
    kennung_alt = {k["id"]: k["uuid"] for k in tabellen["kennungen"]}
    kennung_neu = {k["id"]: k["uuid"] for k in neu["kennungen"]}
    alte = {kennung_alt[k["id"]]: _Turnier(k, tabellen) for k in tabellen["turniere"]}
    zaehler = {"neu": 0, "ergaenzt": 0, "vorhanden": 0}

    for kopf in sorted(neu["turniere"], key=lambda k: k["id"]):
        kennung = kennung_neu[kopf["id"]]
        hier = _Turnier(kopf, neu)
        dort = alte.get(kennung)
        if dort is None:
            tid = max((k["id"] for k in tabellen["turniere"]), default=0) + 1
            tabellen["turniere"].append(dict(kopf, id=tid))
            tabellen["kennungen"].append({"art": "turnier", "id": tid, "uuid": kennung})
            zaehler["neu"] += 1
        else:
            feld = next((k for k in dort.form if not _gleich(dort.form[k], hier.form.get(k))), None)
            if feld is not None:  # das Turnier heißt, wie das Buch es kennt
                raise _widerspruch(dort.kopf, kennung, f"mit verschiedenem „{feld}“")
            if dort.fehlt_vom_anfang(hier) is None:
                zaehler["vorhanden"] += 1  # schon da (oder das Buch ist weiter)
                continue
            tabelle = hier.fehlt_vom_anfang(dort)
            if tabelle is not None:
                raise _widerspruch(
                    kopf,
                    kennung,
                    f"mit verschiedenen {_WORTE[tabelle]} (keines ist die Fortsetzung des anderen)",
                )
            tid = dort.kopf["id"]
            zaehler["ergaenzt"] += 1
        for t in _TEILE:
            _anhaengen(t, hier.zeilen[t.name], dort.zeilen[t.name] if dort else [], tid, tabellen)

    for t in TURNIER_TABELLEN:
        tabellen[t.name].sort(key=_ordnung(t))
    return tabellen, Turnierzaehlung(**zaehler)


def _anhaengen(
    t: Turniertabelle,
    hier: list[dict[str, Any]],
    dort: list[dict[str, Any]],
    tid: int,
    tabellen: dict[str, list[dict[str, Any]]],
) -> None:
    """Die Zeilen der Datei (``hier``) hinter die des Buchs (``dort``, ihr Anfang): ``gilt``
    der gemeinsamen Zeilen von der Datei (sie ist weiter), die übrigen mit neuen Nummern."""
    nummer: dict[int, int] = {}
    for z, d in zip(hier, dort, strict=False):
        if "id" in z:
            nummer[z["id"]] = d["id"]
        if "gilt" in z:
            d["gilt"] = z["gilt"]  # ein Objekt in ``tabellen`` (das Buch, weiter gereicht)
    naechste = max((z["id"] for z in tabellen[t.name] if "id" in z), default=0) + 1
    for z in hier[len(dort) :]:
        zeile = dict(z, turnier_id=tid)
        if "id" in z:
            nummer[z["id"]] = naechste
            zeile["id"] = naechste
            naechste += 1
        if z.get("bezug") is not None:
            zeile["bezug"] = nummer[z["bezug"]]
        tabellen[t.name].append(zeile)
