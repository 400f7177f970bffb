"""Statistik über gültige Einträge: Schafkopf, Sabai, SAUFN, Schlafmütze.

Eingabe ist eine Folge gespeicherter Einträge (``referee.ergebnis.Eintrag``) in zeitlicher
Reihenfolge, jeder mit seinem getypten Ergebnis (``SchafkopfErgebnis``, ``SabaiErgebnis`` …).
Stornierte oder ersetzte Einträge gehören nicht hinein – die Statistik zählt nur, was gilt.
Die Antwort ist JSON-fähig (``referee statistik --json``, der Abendbericht):
``Kennzahlen.aus(statistik(...))`` macht daraus die getypte Antwort des Buchs.

Gewonnen hat ein Schafkopf-Spieler ein Spiel, wenn sein Betrag positiv ist (das gilt
für Spieler, Partner und Gegner, auch im Ramsch). Solo heißt hier jedes Spiel, in dem
einer allein gegen drei spielt (Farbsolo, Wenz, Farbwenz, Geier, Farbgeier, Bettel).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from referee.ergebnis import SABAI, SAUFN, SCHAFKOPF, SCHLAFMUETZE

if TYPE_CHECKING:  # zur Laufzeit nicht geladen (Startzeit von ``stand`` und ``export``)
    from referee.ergebnis import Eintrag
    from referee.sabai.ergebnis import SabaiErgebnis
    from referee.saufn.ergebnis import SaufnErgebnis
    from referee.schafkopf.ergebnis import SchafkopfErgebnis
    from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis

#: Ein Abend (``Abend.als_json()``) im Bericht: JSON-Daten, deren Werte je Schlüssel verschieden
#: sind – daher ``Any``. Auch was die Statistik baut, ist JSON (``referee statistik --json``, der
#: Abendbericht): ``dict[str, Any]`` aus demselben Grund.
Daten: TypeAlias = Mapping[str, Any]

_KEINE_SOLI = frozenset({"rufspiel", "ramsch"})


def solo_artig(spielart: str) -> bool:
    """Spielt einer allein gegen drei? (Rufspiel und Ramsch nicht.)"""
    try:
        from referee.schafkopf.spielart import Spielart

        return Spielart(spielart).solo_artig
    except (ImportError, ValueError):
        return spielart not in _KEINE_SOLI


# Die Einträge eines Spiels mit ihrem Ergebnis. Der Speicher liest jedes Ergebnis in die Klasse
# seines Spiels (``referee.spiele``): ``spiel`` sagt, welche es ist.


def _nach(eintraege: Iterable[Eintrag], spiel: str) -> Iterator[Eintrag]:
    return (e for e in eintraege if e.spiel == spiel and e.ergebnis is not None)


def schafkopf_ergebnisse(
    eintraege: Iterable[Eintrag],
) -> Iterator[tuple[Eintrag, SchafkopfErgebnis]]:
    return ((e, cast("SchafkopfErgebnis", e.ergebnis)) for e in _nach(eintraege, SCHAFKOPF))


def _sabai(eintraege: Iterable[Eintrag]) -> Iterator[tuple[Eintrag, SabaiErgebnis]]:
    return ((e, cast("SabaiErgebnis", e.ergebnis)) for e in _nach(eintraege, SABAI))


def _saufn(eintraege: Iterable[Eintrag]) -> Iterator[tuple[Eintrag, SaufnErgebnis]]:
    return ((e, cast("SaufnErgebnis", e.ergebnis)) for e in _nach(eintraege, SAUFN))


def _schlafmuetze(eintraege: Iterable[Eintrag]) -> Iterator[tuple[Eintrag, SchlafmuetzeErgebnis]]:
    return ((e, cast("SchlafmuetzeErgebnis", e.ergebnis)) for e in _nach(eintraege, SCHLAFMUETZE))


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


def schafkopf_statistik(eintraege: Iterable[Eintrag]) -> dict[str, Any]:
    """Je Spieler: Spiele, Rollen, gewonnen %, Soli, Tout, Schneider/Schwarz, Extremwerte, Saldo.

    ``spielarten`` zählt je Spielart die Spiele und wie oft die Spielerpartei gewann.
    Beträge in Cent.
    """
    spieler: dict[str, dict[str, Any]] = {}
    arten: dict[str, dict[str, int]] = {}
    solo_je_art: dict[str, bool] = {}
    anzahl = 0
    for _, erg in schafkopf_ergebnisse(eintraege):
        anzahl += 1
        art = str(erg.spielart or "unbekannt")
        gewonnen = bool(erg.gewonnen)
        if art not in arten:
            arten[art] = {"gespielt": 0, "gewonnen": 0}
            solo_je_art[art] = solo_artig(art)
        solo = solo_je_art[art]
        a = arten[art]
        a["gespielt"] += 1
        a["gewonnen"] += gewonnen
        spieler_name, partner_name = erg.spieler, erg.partner
        schneider, schwarz = erg.schneider, erg.schwarz
        for name, betrag in erg.zahlungen:
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
                if erg.tout:
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


def sabai_statistik(eintraege: Iterable[Eintrag]) -> dict[str, Any]:
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

    for e, erg in _sabai(eintraege):
        if e.abend_id != abend_davor:
            laufend = {}
            abend_davor = e.abend_id
        runden += 1
        for name in erg.namen():
            eintrag(name)["runden"] += 1
            laufend.setdefault(name, 0)
        for name, sp in erg.siegpunkte:
            eintrag(name)["siegpunkte"] += sp
            laufend[name] = laufend.get(name, 0) + sp
        for name in erg.sieger:
            eintrag(name)["rundensiege"] += 1
        for name in erg.ruhmeshalle:
            eintrag(name)["ruhmeshalle"] += 1
            ruhmeshalle.append({"name": name, "abend": e.abend_id, "nr": e.nr, "zeit": e.zeit})
        if erg.letzte:
            if laufend:
                hoechst = max(laufend.values())
                sieger = sorted((n for n, v in laufend.items() if v == hoechst), key=str.casefold)
                for name in sieger:
                    eintrag(name)["spielsiege"] += 1
                spiele.append(
                    {"abend": e.abend_id, "nr": e.nr, "sieger": sieger, "siegpunkte": dict(laufend)}
                )
            laufend = {}
    return {"runden": runden, "spieler": spieler, "ruhmeshalle": ruhmeshalle, "spiele": spiele}


def saufn_statistik(eintraege: Iterable[Eintrag]) -> dict[str, Any]:
    """Spiele und Plätze 1/2/3 je Spieler, dazu jedes Podest."""
    spieler: dict[str, dict[str, Any]] = {}
    podeste: list[dict[str, Any]] = []
    anzahl = 0
    for e, erg in _saufn(eintraege):
        anzahl += 1
        plaetze = list(erg.plaetze)
        for name in erg.namen():
            s = spieler.get(name)
            if s is None:
                s = spieler[name] = {"spiele": 0, "plaetze": [0, 0, 0]}
            s["spiele"] += 1
        for i, name in enumerate(plaetze[:3]):
            spieler[name]["plaetze"][i] += 1
        podeste.append({"abend": e.abend_id, "nr": e.nr, "plaetze": plaetze[:3]})
    return {"spiele": anzahl, "spieler": spieler, "podeste": podeste}


def schlafmuetze_statistik(eintraege: Iterable[Eintrag]) -> dict[str, Any]:
    """Spiele und Siege je Spieler."""
    spieler: dict[str, dict[str, int]] = {}
    anzahl = 0
    for _, erg in _schlafmuetze(eintraege):
        anzahl += 1
        sieger = erg.sieger
        for name in erg.namen():
            s = spieler.get(name)
            if s is None:
                s = spieler[name] = {"spiele": 0, "siege": 0}
            s["spiele"] += 1
        if sieger:
            spieler[sieger]["siege"] += 1
    return {"spiele": anzahl, "spieler": spieler}


def statistik(eintraege: Sequence[Eintrag]) -> dict[str, Any]:
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


def verlauf(eintraege: Iterable[Eintrag], namen: Sequence[str] = ()) -> dict[str, list[int]]:
    """Laufender Schafkopf-Saldo je Spieler über die Schafkopf-Einträge (``saldo_verlauf``)."""
    return saldo_verlauf([dict(erg.zahlungen) for _, erg in schafkopf_ergebnisse(eintraege)], namen)


def saldo_verlauf(
    spiele: Sequence[Mapping[str, int]], namen: Sequence[str] = ()
) -> dict[str, list[int]]:
    """Laufender Saldo je Spieler: Start 0, dann ein Wert nach jedem Spiel (``spiele``: Cent je
    Name, in Spielfolge).

    Alle Reihen sind gleich lang (Spiele + 1); wer an einem Spiel nicht teilnimmt,
    behält seinen Stand. ``namen`` legt die Reihenfolge fest, weitere Namen folgen.

    >>> saldo_verlauf([{"Anna": 20, "Ben": -20}, {"Anna": -50, "Cem": 50}], ["Ben"])
    {'Ben': [0, -20, -20], 'Anna': [0, 20, -30], 'Cem': [0, 0, 50]}
    """
    alle = list(dict.fromkeys([*namen, *(n for z in spiele for n in z)]))
    stand = dict.fromkeys(alle, 0)
    reihen = {n: [0] for n in alle}
    for z in spiele:
        for n, betrag in z.items():
            stand[n] += betrag
        for n in alle:
            reihen[n].append(stand[n])
    return reihen
