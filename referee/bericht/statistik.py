"""Statistik über gültige Einträge: Schafkopf, Sabai, SAUFN, Schlafmütze.

Eingabe ist eine Folge von Einträgen in zeitlicher Reihenfolge, jeder ein dict mit
mindestens ``spiel`` (``schafkopf`` | ``sabai`` | ``saufn`` | ``schlafmuetze``) und
``ergebnis`` in der Form des Store-Vertrags (siehe ``.coord``/README), dazu optional
``abend``, ``nr``, ``zeit``. Stornierte oder ersetzte Einträge gehören nicht hinein –
die Statistik zählt nur, was gilt.

Gewonnen hat ein Schafkopf-Spieler ein Spiel, wenn sein Betrag positiv ist (das gilt
für Spieler, Partner und Gegner, auch im Ramsch). Solo heißt hier jedes Spiel, in dem
einer allein gegen drei spielt (Farbsolo, Wenz, Farbwenz, Geier, Farbgeier, Bettel).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

#: Ein Eintrag (oder Abend, Storno, Korrektur), wie der Speicher ihn liefert: JSON-Daten, deren
#: Werte je Schlüssel verschieden sind – daher ``Any``. Die Ergebnisse darin haben die geprüfte
#: Form von ``als_json()`` der Spiele (``referee.ergebnis``). Auch was die Statistik baut, ist
#: JSON (``referee statistik --json``, der Abendbericht): ``dict[str, Any]`` aus demselben Grund.
Daten: TypeAlias = Mapping[str, Any]

SCHAFKOPF = "schafkopf"
SABAI = "sabai"
SAUFN = "saufn"
SCHLAFMUETZE = "schlafmuetze"
SPIELE = (SCHAFKOPF, SABAI, SAUFN, SCHLAFMUETZE)

_KEINE_SOLI = frozenset({"rufspiel", "ramsch"})


def solo_artig(spielart: str) -> bool:
    """Spielt einer allein gegen drei? (Rufspiel und Ramsch nicht.)"""
    try:
        from referee.schafkopf.spielart import Spielart

        return Spielart(spielart).solo_artig
    except (ImportError, ValueError):
        return spielart not in _KEINE_SOLI


def _nach(eintraege: Iterable[Daten], spiel: str) -> list[Daten]:
    return [e for e in eintraege if e.get("spiel") == spiel]


def _prozent(teil: int, ganz: int) -> float | None:
    return round(100 * teil / ganz, 1) if ganz else None


def _leer_schafkopf() -> dict[str, Any]:
    return {
        "spiele": 0,
        "als_spieler": 0,
        "als_partner": 0,
        "als_gegner": 0,
        "gewonnen": 0,
        "gewonnen_prozent": None,
        "soli": {"gespielt": 0, "gewonnen": 0},
        "als_spieler_nach_spielart": {},
        "tout": {"gespielt": 0, "gewonnen": 0},
        "ramsch": {"gespielt": 0, "verloren": 0},
        "schneider": {"gewonnen": 0, "verloren": 0},
        "schwarz": {"gewonnen": 0, "verloren": 0},
        "groesster_gewinn": 0,
        "groesster_verlust": 0,
        "saldo": 0,
    }


def schafkopf_statistik(eintraege: Iterable[Daten]) -> dict[str, Any]:
    """Je Spieler: Spiele, Rollen, gewonnen %, Soli, Tout, Schneider/Schwarz, Extremwerte, Saldo.

    ``spielarten`` zählt je Spielart die Spiele und wie oft die Spielerpartei gewann.
    Beträge in Cent.
    """
    spieler: dict[str, dict[str, Any]] = {}
    arten: dict[str, dict[str, int]] = {}
    solo_je_art: dict[str, bool] = {}
    anzahl = 0
    for e in _nach(eintraege, SCHAFKOPF):
        erg = e["ergebnis"]
        anzahl += 1
        art = str(erg.get("spielart") or "unbekannt")
        gewonnen = bool(erg.get("gewonnen"))
        if art not in arten:
            arten[art] = {"gespielt": 0, "gewonnen": 0}
            solo_je_art[art] = solo_artig(art)
        solo = solo_je_art[art]
        a = arten[art]
        a["gespielt"] += 1
        a["gewonnen"] += gewonnen
        zahlungen: Mapping[str, int] = erg.get("zahlungen") or {}
        spieler_name, partner_name = erg.get("spieler"), erg.get("partner")
        schneider, schwarz = erg.get("schneider"), erg.get("schwarz")
        for name, betrag in zahlungen.items():
            s = spieler.get(name)
            if s is None:
                s = spieler[name] = _leer_schafkopf()
            s["spiele"] += 1
            s["saldo"] += betrag
            s["gewonnen"] += betrag > 0
            if betrag > s["groesster_gewinn"]:
                s["groesster_gewinn"] = betrag
            elif betrag < s["groesster_verlust"]:
                s["groesster_verlust"] = betrag
            if art == "ramsch":  # jeder für sich: keine Rolle, nur mitgespielt/verloren
                s["ramsch"]["gespielt"] += 1
                s["ramsch"]["verloren"] += betrag < 0
            elif name == spieler_name:
                s["als_spieler"] += 1
                je_art = s["als_spieler_nach_spielart"].setdefault(
                    art, {"gespielt": 0, "gewonnen": 0}
                )
                je_art["gespielt"] += 1
                je_art["gewonnen"] += gewonnen
                if solo:
                    s["soli"]["gespielt"] += 1
                    s["soli"]["gewonnen"] += gewonnen
                if erg.get("tout"):
                    s["tout"]["gespielt"] += 1
                    s["tout"]["gewonnen"] += gewonnen
            elif partner_name is not None and name == partner_name:
                s["als_partner"] += 1
            else:
                s["als_gegner"] += 1
            if schneider and betrag:
                s["schneider"]["gewonnen" if betrag > 0 else "verloren"] += 1
            if schwarz and betrag:
                s["schwarz"]["gewonnen" if betrag > 0 else "verloren"] += 1
    for s in spieler.values():
        s["gewonnen_prozent"] = _prozent(s["gewonnen"], s["spiele"])
    return {"spiele": anzahl, "spielarten": arten, "spieler": spieler}


def sabai_statistik(eintraege: Iterable[Daten]) -> dict[str, Any]:
    """Runden, Siegespunkte, Rundensiege, Ruhmeshalle und gewonnene Spiele je Spieler.

    Ein Spiel sind die Runden eines Abends bis einschließlich der mit ``letzte``;
    es gewinnt, wer darin die meisten Siegespunkte hat (bei Gleichstand alle).
    Ein Spiel, das am Abend nicht zu Ende gespielt wurde, zählt nicht als Spiel.
    """
    spieler: dict[str, dict[str, int]] = {}
    ruhmeshalle: list[dict[str, Any]] = []
    spiele: list[dict[str, Any]] = []
    laufend: dict[str, int] = {}
    abend_davor = object()
    runden = 0

    def eintrag(name: str) -> dict[str, int]:
        s = spieler.get(name)
        if s is None:
            s = spieler[name] = {
                "runden": 0,
                "siegpunkte": 0,
                "rundensiege": 0,
                "ruhmeshalle": 0,
                "spielsiege": 0,
            }
        return s

    for e in _nach(eintraege, SABAI):
        erg = e["ergebnis"]
        if e.get("abend") != abend_davor:
            laufend = {}
            abend_davor = e.get("abend")
        runden += 1
        namen = list(dict.fromkeys([*(erg.get("punkte") or {}), *(erg.get("siegpunkte") or {})]))
        for name in namen:
            eintrag(name)["runden"] += 1
            laufend.setdefault(name, 0)
        for name, sp in (erg.get("siegpunkte") or {}).items():
            eintrag(name)["siegpunkte"] += sp
            laufend[name] = laufend.get(name, 0) + sp
        for name in erg.get("sieger") or ():
            eintrag(name)["rundensiege"] += 1
        for name in erg.get("ruhmeshalle") or ():
            eintrag(name)["ruhmeshalle"] += 1
            ruhmeshalle.append(
                {"name": name, "abend": e.get("abend"), "nr": e.get("nr"), "zeit": e.get("zeit")}
            )
        if erg.get("letzte"):
            if laufend:
                hoechst = max(laufend.values())
                sieger = sorted((n for n, v in laufend.items() if v == hoechst), key=str.casefold)
                for name in sieger:
                    eintrag(name)["spielsiege"] += 1
                spiele.append(
                    {
                        "abend": e.get("abend"),
                        "nr": e.get("nr"),
                        "sieger": sieger,
                        "siegpunkte": dict(laufend),
                    }
                )
            laufend = {}
    return {"runden": runden, "spieler": spieler, "ruhmeshalle": ruhmeshalle, "spiele": spiele}


def saufn_statistik(eintraege: Iterable[Daten]) -> dict[str, Any]:
    """Spiele und Plätze 1/2/3 je Spieler, dazu jedes Podest."""
    spieler: dict[str, dict[str, Any]] = {}
    podeste: list[dict[str, Any]] = []
    anzahl = 0
    for e in _nach(eintraege, SAUFN):
        erg = e["ergebnis"]
        anzahl += 1
        plaetze = list(erg.get("plaetze") or ())
        for name in dict.fromkeys([*(erg.get("spieler") or ()), *plaetze]):
            s = spieler.get(name)
            if s is None:
                s = spieler[name] = {"spiele": 0, "plaetze": [0, 0, 0]}
            s["spiele"] += 1
        for i, name in enumerate(plaetze[:3]):
            spieler[name]["plaetze"][i] += 1
        podeste.append({"abend": e.get("abend"), "nr": e.get("nr"), "plaetze": plaetze[:3]})
    return {"spiele": anzahl, "spieler": spieler, "podeste": podeste}


def schlafmuetze_statistik(eintraege: Iterable[Daten]) -> dict[str, Any]:
    """Spiele und Siege je Spieler."""
    spieler: dict[str, dict[str, int]] = {}
    anzahl = 0
    for e in _nach(eintraege, SCHLAFMUETZE):
        erg = e["ergebnis"]
        anzahl += 1
        sieger = erg.get("sieger")
        for name in dict.fromkeys([*(erg.get("spieler") or ()), *([sieger] if sieger else [])]):
            s = spieler.get(name)
            if s is None:
                s = spieler[name] = {"spiele": 0, "siege": 0}
            s["spiele"] += 1
        if sieger:
            spieler[sieger]["siege"] += 1
    return {"spiele": anzahl, "spieler": spieler}


def statistik(eintraege: Sequence[Daten]) -> dict[str, Any]:
    """Alle vier Spiele auf einmal (Schlüssel wie die Spielnamen)."""
    return {
        SCHAFKOPF: schafkopf_statistik(eintraege),
        SABAI: sabai_statistik(eintraege),
        SAUFN: saufn_statistik(eintraege),
        SCHLAFMUETZE: schlafmuetze_statistik(eintraege),
    }


def finde_spieler(name: str, bekannte: Iterable[str]) -> str:
    """Der bekannte Name zu ``name`` (ohne Groß-/Kleinschreibung), sonst ``Eingabefehler``."""
    from referee.errors import Eingabefehler

    bekannte = list(dict.fromkeys(bekannte))
    for b in bekannte:
        if b == name:
            return b
    treffer = [b for b in bekannte if b.casefold() == name.casefold()]
    if len(treffer) == 1:
        return treffer[0]
    from referee.namen import aehnliche, meintest_du

    vorschlag = meintest_du(aehnliche(name, bekannte))
    if vorschlag:
        raise Eingabefehler(f"Spieler „{name}“ kommt in den Einträgen nicht vor. {vorschlag}")
    liste = ", ".join(f"„{b}“" for b in bekannte) or "keine"
    raise Eingabefehler(
        f"Spieler „{name}“ kommt in den Einträgen nicht vor; bekannt sind: {liste}."
    )


def nur_spieler(stat: Mapping[str, Any], name: str) -> dict[str, Any]:
    """Die Statistik aus ``statistik()`` auf einen Spieler beschränkt (JSON-Form von
    ``Kennzahlen.fuer``)."""
    from referee.bericht.kennzahlen import Kennzahlen

    k = Kennzahlen.aus(stat)
    return k.fuer(finde_spieler(name, k.namen())).als_json()


def verlauf(eintraege: Iterable[Daten], namen: Sequence[str] = ()) -> dict[str, list[int]]:
    """Laufender Schafkopf-Saldo je Spieler: Start 0, dann ein Wert nach jedem Schafkopf-Spiel.

    Alle Reihen sind gleich lang (Spiele + 1); wer an einem Spiel nicht teilnimmt,
    behält seinen Stand. ``namen`` legt die Reihenfolge fest, weitere Namen folgen.
    """
    spiele = _nach(eintraege, SCHAFKOPF)
    alle = list(
        dict.fromkeys([*namen, *(n for e in spiele for n in e["ergebnis"].get("zahlungen") or {})])
    )
    stand = dict.fromkeys(alle, 0)
    reihen = {n: [0] for n in alle}
    for e in spiele:
        for n, betrag in (e["ergebnis"].get("zahlungen") or {}).items():
            stand[n] += betrag
        for n in alle:
            reihen[n].append(stand[n])
    return reihen
