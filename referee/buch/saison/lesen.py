"""Die Ereignisse einer Saison aus dem Buch lesen: je Abend und Turnier die Teilnahmen
(``referee.saison.rangliste.Ereignis``), die Namen schon als Personen (Aliase aufgelöst).

- Ein **Abend** zählt mit seinen Schafkopfspielen: wer mindestens eines spielte, nimmt teil –
  mit seinem Saldo in Cent, der Zahl seiner Spiele und den Soli, die er als Spieler gewann
  (jedes gewonnene Solo, Wenz, Geier, Bettel … wie im Turnier). Der Platz am Abend folgt dem
  Saldo (gleicher Saldo, gleicher Platz). Ein Abend ohne Schafkopf hat keine Teilnahmen.
- Ein **Turnier** zählt mit seiner Rangliste, wie das Turnierbuch sie ausgibt (Punkte, dann
  Soli; ``referee.buch.turnier.Turnierbuch.stand``): jede Startnummer, die an einem Tisch saß,
  nimmt unter dem Namen teil, den die Rangliste nennt (ein Ersatzspieler übernimmt mit der
  Startnummer ihre Punkte – so steht es auf der Rangliste), mit Punkten, Platz und Soli. Ihre
  Spiele: je Runde die Spiele ihres Tisches (ein eingegebenes Tischblatt zählt die vollen
  Spiele der Runde).

Zwei Namen eines Ereignisses, die als dieselbe Person vermerkt sind, sind zwei Menschen an einem
Tisch: dann wird nicht geraten (``Zustandsfehler`` mit dem Weg, die Namen zu trennen).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from referee.errors import Zustandsfehler
from referee.saison.namen import person
from referee.saison.rangliste import Ereignis, Teilnahme, plaetze

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.store import Abend, Abendspeicher
    from referee.turnier.daten import Turnier


def _personen(namen: Iterable[str], aufl: Mapping[str, str], wo: str) -> dict[str, str]:
    """Name → Person; zwei Namen derselben Person im selben Ereignis: ``Zustandsfehler``."""
    aus: dict[str, str] = {}
    wer: dict[str, str] = {}
    for n in namen:
        p = person(n, aufl)
        if p in wer:
            raise Zustandsfehler(
                f"„{wer[p]}“ und „{n}“ sind als dieselbe Person („{p}“) vermerkt, spielten aber "
                f"beide {wo} – also zwei Menschen. Nicht geraten: referee spieler trennen "
                f'"{n}" (oder "{wer[p]}") hebt das auf.'
            )
        wer[p] = n
        aus[n] = p
    return aus


def abend_ereignisse(
    store: Abendspeicher, abende: Iterable[Abend], aufl: Mapping[str, str]
) -> list[Ereignis]:
    """Je Abend (mit mindestens einem geltenden Schafkopfspiel) sein Ereignis."""
    from referee.bericht.statistik import solo_artig
    from referee.ergebnis import CENT, SCHAFKOPF

    summen = store.summen_je_abend(SCHAFKOPF, CENT)
    soli: dict[int, dict[str, int]] = {}
    solo_je_art: dict[str, bool] = {}
    for abend_id, spielart, spieler, gewonnen in store.ergebnisfelder(
        SCHAFKOPF, ("spielart", "spieler", "gewonnen")
    ):
        if not gewonnen or not spieler or not isinstance(spielart, str):
            continue
        if spielart not in solo_je_art:
            solo_je_art[spielart] = solo_artig(spielart)
        if solo_je_art[spielart]:
            je = soli.setdefault(abend_id, {})
            je[spieler] = je.get(spieler, 0) + 1
    aus = []
    for a in abende:
        je_name = summen.get(a.id)
        if not je_name:
            continue
        wer = _personen(je_name, aufl, f"an Abend {a.id} ({a.datum})")
        cent = {wer[n]: s for n, (s, _) in je_name.items()}
        platz = plaetze(cent)
        so = soli.get(a.id, {})
        teilnahmen = tuple(
            Teilnahme(wer[n], s, platz[wer[n]], anzahl, so.get(n, 0))
            for n, (s, anzahl) in je_name.items()
        )
        titel = f"Abend {a.id}" + (f" · {a.ort}" if a.ort else "")
        aus.append(Ereignis("abend", a.id, a.datum, teilnahmen, titel))
    return aus


def turnier_ereignis(tb: Turnierbuch, t: Turnier, aufl: Mapping[str, str]) -> Ereignis:
    """Das Ereignis eines Turniers aus seiner Rangliste (nur wer an einem Tisch saß)."""
    stand = tb.stand(turnier_id=t.id)
    runden = sorted({s.runde for s in stand.tische})
    spiele: dict[int, int] = {}
    for r in runden:
        plan = tb.tische(r, t.id)
        gespielt = {s.tisch: (s.soll if s.quelle == "blatt" else s.spiele) for s in plan.stand}
        for tisch in plan.tische:
            for nr in tisch.startnummern:
                spiele[nr] = spiele.get(nr, 0) + gespielt.get(tisch.nr, 0)
    zeilen = [z for z in stand.rangliste if z.startnummer in spiele]
    wer = _personen((z.name for z in zeilen), aufl, f"in Turnier {t.id} ({t.name})")
    teilnahmen = tuple(
        Teilnahme(wer[z.name], z.punkte, z.platz, spiele[z.startnummer], z.soli) for z in zeilen
    )
    # das Datum des Turniers (``turnier neu --datum``, ``eckdaten``), sonst der Tag des Anlegens
    datum = tb.eckdaten_von(t).datum or t.angelegt[:10]
    return Ereignis("turnier", t.id, datum, teilnahmen, t.name)


__all__ = ["abend_ereignisse", "turnier_ereignis"]
