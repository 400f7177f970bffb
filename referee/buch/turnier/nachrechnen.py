"""Ein importiertes Turnier nachrechnen (issue 35, Punkt 11): wie die Abende eines Imports.

Jedes geltende Spiel wird aus seinen gespeicherten Angaben an der Stelle, an der es steht
(Geber, Aussetzer, Wertung des Turniers), neu gewertet und muss seinem Ergebnis gleichen; jedes
geltende Tischblatt muss die Prüfung bestehen, die ``turnier ergebnis`` macht (Plätze des
Tisches, Summe null bei Plus/Minus, höchstens so viele Soli wie Spiele); Rangliste und Tische
jeder ausgelosten Runde müssen sich berechnen lassen. Was nicht stimmt: ``Eingabefehler`` mit
dem Eintrag.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.errors import Eingabefehler, RefereeFehler

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.schafkopf.angaben import SchafkopfAngaben


def _angaben(daten: Any) -> SchafkopfAngaben:
    from referee.schafkopf.angaben import SchafkopfAngaben

    d = dict(daten)
    return SchafkopfAngaben.angesagt(
        str(d.pop("spielart")),
        tuple(d.pop("partei")),
        jungfrauen=tuple(d.pop("jungfrauen")),
        tisch=tuple(d.pop("tisch")),
        **d,
    )


def nachrechnen(tb: Turnierbuch) -> int:
    """Alle Turniere des Buchs ``tb`` nachrechnen; gibt zurück, wie viele Einträge geprüft
    wurden."""
    from referee.turnier.blatt import Tischblatt, pruefe_blatt
    from referee.turnier.spiel import Turnierspiel, spiel_werten

    geprueft = 0
    for t in tb.store.turniere():
        tb.stand(turnier_id=t.id)
        wertung = tb.wertung_von(t)
        for runde in range(1, tb.store.gezogene_runden(t.id) + 1):
            tb.tische(runde, t.id)
        for e in tb.store.turnier_eintraege(t.id, alle=True):
            if not e.gilt or e.art == "storno":
                continue
            wo = f"Turniereintrag {e.id} (Turnier {t.id}, Runde {e.runde}, Tisch {e.tisch})"
            try:
                if isinstance(e.ergebnis, Turnierspiel):
                    lage = tb.tischlage(e.runde, e.tisch, t.id, vor=e.id)
                    neu = spiel_werten(_angaben(e.eingabe["angaben"]), lage)
                    gleich = neu.als_json() == e.ergebnis.als_json()
                elif isinstance(e.ergebnis, Tischblatt):
                    b = e.ergebnis
                    x = tb.tischlage(e.runde, e.tisch, t.id).tisch
                    pruefe_blatt(
                        dict(b.punkte),
                        x.startnummern,
                        wertung,
                        soli=dict(b.soli),
                        spiele=t.spiele,
                        namen={s.startnummer: s.name for s in x.sitze},
                    )
                    gleich = [s for s, _ in b.punkte] == list(x.startnummern)
                else:
                    gleich = False
            except (RefereeFehler, KeyError, TypeError, ValueError) as exc:
                grund = exc.meldung if isinstance(exc, RefereeFehler) else "Angaben unvollständig"
                raise Eingabefehler(f"{wo}: lässt sich nicht nachrechnen ({grund}).") from None
            if not gleich:
                raise Eingabefehler(
                    f"{wo}: das gespeicherte Ergebnis passt nicht zu seinen Angaben."
                )
            geprueft += 1
    return geprueft


__all__ = ["nachrechnen"]
