"""Der Abendbericht: ein schlichtes dict über einen Abend (oder alle), aus Store-Einträgen gebaut.

Eingabe:

- ``abende``: ``{"id": 3, "datum": "2026-11-28", "ort": "Gasthaus Post" | None,
  "spieler": ["Anna", …], "tarif": {...} | "10-20-50" | None, "geschlossen": bool}``
  (``Abend.als_json()``)
- ``eintraege`` (nur die geltenden, zeitlich geordnet): gespeicherte Einträge
  (``referee.ergebnis.Eintrag``) mit ihrem getypten Ergebnis.
- ``stornos`` und ``korrekturen``: ebenso, unverändert übernommen.

Ausgabe (Beträge in Cent; die Einträge bleiben ``Eintrag``, ``formate.json_text`` schreibt sie
mit ``als_json()``)::

    {"art": "abend" | "gesamt", "abende": [...], "spieler": [...],
     "eintraege": [...], "stornos": [...], "korrekturen": [...],
     "schafkopf": {"spiele", "salden", "ausgleich": [{"von","an","cent"}] (nur Offenes),
                   "bezahlt": {name: cent},
                   "verlauf": {name: [0, …]}, "verlauf_abende": {name: [0, …]}, "spielarten"},
     "sabai": {"runden", "siegpunkte", "ruhmeshalle": [{"name","abend","nr","zeit"}], "spiele"},
     "saufn": {"spiele", "podeste": [{"abend","nr","plaetze"}], "plaetze": {name: [n1, n2, n3]}},
     "schlafmuetze": {"spiele", "siege": {name: n}}}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from referee.bericht import statistik as st
from referee.bericht.ausgleich import ausgleich
from referee.bericht.statistik import Daten
from referee.ergebnis import SABAI, SAUFN, SCHAFKOPF, SCHLAFMUETZE

if TYPE_CHECKING:
    from referee.ergebnis import Eintrag

#: Der Bericht aus ``baue_bericht`` (Schlüssel oben): JSON-fähig, die Werte je Schlüssel
#: verschieden – daher ``Any``.
Bericht: TypeAlias = Mapping[str, Any]


def _kopie(d: Daten) -> dict[str, Any]:
    return dict(d)


def spieler_reihenfolge(abende: Sequence[Daten], eintraege: Iterable[Eintrag]) -> list[str]:
    """Erst die Spielerlisten der Abende, dann jeder weitere Name in der Reihenfolge seines
    Auftretens (je Ergebnis in der Reihenfolge von ``namen()``)."""
    namen: dict[str, None] = {}
    for a in abende:
        for n in a.get("spieler") or ():
            namen.setdefault(n)
    for e in eintraege:
        for n in e.ergebnis.namen() if e.ergebnis is not None else ():
            namen.setdefault(n)
    return list(namen)


def _verlauf_abende(
    eintraege: Sequence[Eintrag], abende: Sequence[Daten], namen: Sequence[str]
) -> dict[str, list[int]]:
    """Schafkopf-Stand je Spieler nach jedem Abend (Start 0); ``namen`` enthält alle Zahlenden."""
    je_abend: dict[Hashable, dict[str, int]] = {a.get("id"): {} for a in abende}
    for e, erg in st.schafkopf_ergebnisse(eintraege):
        summe = je_abend.setdefault(e.abend_id, {})
        for n, betrag in erg.zahlungen:
            summe[n] = summe.get(n, 0) + betrag
    stand = dict.fromkeys(namen, 0)
    reihen = {n: [0] for n in namen}
    for summe in je_abend.values():
        for n, betrag in summe.items():
            stand[n] += betrag
        for n in namen:
            reihen[n].append(stand[n])
    return reihen


def _offen(salden: Mapping[str, int], bezahlt: Mapping[str, int]) -> dict[str, int]:
    """Was nach dem Bezahlten noch offen ist: Saldo minus bezahlt, je Spieler."""
    namen = [*salden, *(n for n in bezahlt if n not in salden)]
    return {n: salden.get(n, 0) - bezahlt.get(n, 0) for n in namen}


def baue_bericht(
    abende: Sequence[Daten],
    eintraege: Sequence[Eintrag],
    stornos: Sequence[Eintrag] = (),
    korrekturen: Sequence[Eintrag] = (),
    *,
    gesamt: bool = False,
    mit_verlauf: bool = True,
    bezahlt: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """Den Bericht über einen Abend (``gesamt=False``, genau ein Abend) oder alle Abende bauen.

    ``mit_verlauf=False`` lässt die (langen) Verlaufsreihen weg (``None``). ``bezahlt``:
    schon beglichene Cent je Spieler (``abend bezahlt``); ``ausgleich`` nennt nur, was
    danach noch offen ist.
    """
    from referee.errors import Eingabefehler

    abende = [_kopie(a) for a in abende]
    if not gesamt and len(abende) != 1:
        raise Eingabefehler(f"Ein Abendbericht braucht genau einen Abend, nicht {len(abende)}.")
    eintraege = list(eintraege)
    namen = spieler_reihenfolge(abende, eintraege)
    stat = st.statistik(eintraege)

    sk = stat[SCHAFKOPF]
    salden = {n: sk["spieler"][n]["saldo"] for n in namen if n in sk["spieler"]}
    sab = stat[SABAI]
    sau = stat[SAUFN]
    slm = stat[SCHLAFMUETZE]
    return {
        "art": "gesamt" if gesamt else "abend",
        "abende": abende,
        "spieler": namen,
        "eintraege": eintraege,
        "stornos": list(stornos),
        "korrekturen": list(korrekturen),
        SCHAFKOPF: {
            "spiele": sk["spiele"],
            "salden": salden,
            "ausgleich": [u.als_json() for u in ausgleich(_offen(salden, bezahlt or {}))],
            "bezahlt": {n: c for n, c in (bezahlt or {}).items() if c},
            "verlauf": st.verlauf(eintraege, [n for n in namen if n in salden])
            if mit_verlauf
            else None,
            "verlauf_abende": (
                _verlauf_abende(eintraege, abende, [n for n in namen if n in salden])
                if gesamt and mit_verlauf
                else None
            ),
            "spielarten": sk["spielarten"],
        },
        SABAI: {
            "runden": sab["runden"],
            "siegpunkte": {n: s["siegpunkte"] for n, s in sab["spieler"].items()},
            "ruhmeshalle": sab["ruhmeshalle"],
            "spiele": sab["spiele"],
        },
        SAUFN: {
            "spiele": sau["spiele"],
            "podeste": sau["podeste"],
            "plaetze": {n: s["plaetze"] for n, s in sau["spieler"].items()},
        },
        SCHLAFMUETZE: {
            "spiele": slm["spiele"],
            "siege": {n: s["siege"] for n, s in slm["spieler"].items()},
        },
    }
