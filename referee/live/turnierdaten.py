"""Was die Live-Seiten eines Turniers zeigen – an einer Stelle aus dem Turnierbuch gelesen.

Die einzige Stelle von ``referee.live``, die das Turnierbuch (``referee.buch.turnier``) für
die Seiten fragt:

- ``turnierlage``: die Rangliste, die laufende Runde, ihre Tische und wie weit sie sind (die
  Lese-Seite fürs Handy und den Beamer);
- ``tischansicht``: ein Tisch für sein Handy – die Plätze mit Startnummer, wer gibt (am
  Fünfertisch: wer aussetzt), wie weit der Tisch ist, die letzten Spiele mit ihren Punkten und
  dem Formular fürs Korrigieren, ob noch eingetragen werden darf;
- ``eingabedaten``: daraus die Daten der Eingabeseite (``referee.live.vertrag.Eingabedaten``);
- ``punkte_anzeige``: Punkte je Platz für Vorschau und Liste (``("Anna", "+6", "plus")``);
  ``Tischpunkte``: die Punkte der Vorschau.

>>> punkte_anzeige(((7, 6), (2, -2), (11, 0)), {7: "Anna", 2: "Ben", 11: "Cem"})
(('Anna', '+6', 'plus'), ('Ben', '-2', 'minus'), ('Cem', '0', ''))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.errors import Zustandsfehler
from referee.live.vertrag import (
    Anzeigewert,
    Eingabedaten,
    Listeneintrag,
    Mitspieler,
    Sitz,
    Tischangaben,
)

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.buch.turnier.antworten import Tischstand, Turnierstand
    from referee.turnier.daten import Tisch, Turnier, Turniereintrag
    from referee.turnier.spiel import Tischlage, Turnierspiel
    from referee.turnier.wertung import Wertung

#: So viele Spiele zeigt die Eingabeseite eines Tisches (die neuesten zuerst).
LETZTE = 8


@dataclass(frozen=True)
class Turnierlage:
    """Was die Lese-Seite eines Turniers zeigt: die Rangliste (gesamt) mit dem Fortschritt
    aller Tische, die zuletzt ausgeloste Runde (0: noch keine) mit ihren Tischen und je Tisch
    die Nummer seines jüngsten Eintrags (ändert sie sich, hat sich am Tisch etwas getan)."""

    stand: Turnierstand
    wertung: Wertung
    runde: int
    tische: tuple[Tisch, ...]
    versionen: Mapping[int, int] = field(default_factory=dict, hash=False)
    #: die wievielte Auslosung von ``runde`` gilt (eine zurückgenommene gibt neue Links)
    auslosung: int = 1

    @property
    def turnier(self) -> Turnier:
        return self.stand.turnier

    @property
    def fortschritt(self) -> tuple[Tischstand, ...]:
        """Wie weit die Tische der laufenden Runde sind (``Tisch 3: 27/32``)."""
        return tuple(s for s in self.stand.tische if s.runde == self.runde)

    def tisch(self, runde: int, nr: int) -> Tischstand | None:
        return next((s for s in self.stand.tische if (s.runde, s.tisch) == (runde, nr)), None)


def turnierlage(tb: Turnierbuch, turnier_id: int) -> Turnierlage:
    """Rangliste, laufende Runde und ihre Tische des Turniers ``turnier_id``."""
    stand = tb.stand(turnier_id=turnier_id)
    runde = max((s.runde for s in stand.tische), default=0)
    plan = tb.tische(runde, turnier_id) if runde else None
    versionen = tb.tischversionen(runde, turnier_id) if runde else {}
    return Turnierlage(
        stand,
        tb.wertung_von(stand.turnier),
        runde,
        plan.tische if plan else (),
        versionen,
        plan.auslosung if plan else 0,
    )


# --------------------------------------------------------------------------- ein Tisch


@dataclass(frozen=True)
class Tischansicht:
    """Ein Tisch einer Runde, wie sein Handy ihn sieht. ``offen``: ein neues Spiel darf
    eingetragen werden; ``aendern``: Korrigieren und Rückgängig gehen (laufende Runde);
    ``meldung``: warum nicht."""

    turnier: Turnier
    lage: Tischlage
    stand: Tischstand
    spiele: tuple[tuple[Turniereintrag, Turnierspiel], ...]
    offen: bool
    aendern: bool
    meldung: str | None = None

    @property
    def namen(self) -> dict[int, str]:
        return {s.startnummer: s.name for s in self.lage.sitze}

    def summen(self) -> dict[int, int]:
        """Die Punkte je Startnummer aus den geltenden Spielen (Sitzordnung)."""
        aus = {s.startnummer: 0 for s in self.lage.sitze}
        for _, sp in self.spiele:
            for nr, p in sp.punkte:
                aus[nr] = aus.get(nr, 0) + p
        return aus

    def kopf(self) -> str:
        """``Tisch 3 · Runde 1 · Spiel 28 von 32 · Anna gibt`` (am Fünfertisch: „und setzt aus“)."""
        st, lage = self.stand, self.lage
        teile = [f"Tisch {st.tisch}", f"Runde {st.runde}"]
        if st.quelle == "blatt":
            teile.append("Tischblatt eingegeben")
        elif st.fertig:
            teile.append(f"alle {st.soll} Spiele eingetragen")
        else:
            geber = lage.geber.name + (" gibt und setzt aus" if lage.aussetzer else " gibt")
            teile += [f"Spiel {lage.spiele + 1} von {st.soll}", geber]
        return " · ".join(teile)


def tischansicht(tb: Turnierbuch, lage: Turnierlage, runde: int, tisch: int) -> Tischansicht:
    """Der Tisch ``tisch`` von Runde ``runde`` für sein Handy (``lage``: der eben gelesene
    Stand des Turniers)."""
    t = lage.turnier
    tl = tb.tischlage(runde, tisch, t.id)
    stand = lage.tisch(runde, tisch)
    if stand is None:
        raise Zustandsfehler(f"Runde {runde} hat keinen Tisch {tisch}.")
    offen, aendern, meldung = True, True, None
    try:
        tb.pruefe_laufenden_tisch(runde, tisch, t.id, neues_spiel=True)
    except Zustandsfehler as exc:
        offen, meldung = False, exc.meldung
        try:
            tb.pruefe_laufenden_tisch(runde, tisch, t.id)
        except Zustandsfehler:
            aendern = False
    from referee.turnier.spiel import Turnierspiel

    spiele = tuple(
        (e, Turnierspiel.aus_eintrag(e, tarif=lage.wertung.tarif))
        for e in tb.tischspiele(runde, tisch, t.id)
    )
    return Tischansicht(t, tl, stand, spiele, offen, aendern, meldung)


def punkte_text(p: int) -> str:
    return f"{p:+d}" if p else "0"


def punkte_anzeige(
    punkte: Sequence[tuple[int, int]], namen: Mapping[int, str]
) -> tuple[Anzeigewert, ...]:
    """Punkte je Startnummer als ``("Anna", "+6", "plus")`` (Reihenfolge der Plätze)."""
    return tuple(
        (namen.get(nr, f"Nr. {nr}"), punkte_text(p), "plus" if p > 0 else "minus" if p < 0 else "")
        for nr, p in punkte
    )


@dataclass(frozen=True)
class Tischpunkte:
    """Was die Vorschau am Turniertisch zu Zeile und Wert dazu schickt: (Startnummer, Name,
    Punkte) je Platz und die Startnummern mit gewonnenem Solo."""

    punkte: tuple[tuple[int, str, int], ...]
    soli: tuple[int, ...]

    def als_json(self) -> dict[str, Any]:
        return {
            "punkte": [{"startnummer": nr, "name": n, "punkte": p} for nr, n, p in self.punkte],
            "soli": list(self.soli),
        }


def _formular(
    e: Turniereintrag, spiel: Turnierspiel, namen: Mapping[int, str]
) -> dict[str, Any] | None:
    """Das Spiel als Formular der Eingabeseite: aus der Zeile, mit der es eingegeben wurde
    (Handy, ``tisch``; Startnummer → Name), sonst aus dem gespeicherten Ergebnis."""
    from referee.live.formular import schafkopf_formular

    return schafkopf_formular(
        e.eingabe.get("handy") or e.eingabe.get("tisch"),
        spiel.ergebnis,
        tuple(namen.values()),
        tuple(namen),
    )


def eingabedaten(a: Tischansicht, letzte: int = LETZTE) -> Eingabedaten:
    """Die Daten der Eingabeseite eines Turniertisches: wie beim Abend Spieler und letzte
    Einträge, dazu (``Tischangaben``) erlaubte Spiele und Zusätze der Wertung, wer aussetzt,
    die Kopfzeile, die Nummer des nächsten Spiels."""
    from referee.bericht.formate import uhrzeit
    from referee.live.formular import SPIEL_WORT, kuerzel
    from referee.namen import anzeigenamen

    lage, w = a.lage, a.lage.wertung
    namen = a.namen
    k = kuerzel(tuple(namen.values()), tuple(namen))
    # gleiche Vornamen am Tisch: „Sepp H. · 2“ statt „Sepp Huber“ mit „Nr. 2“ darunter
    kurznamen = anzeigenamen(list(namen.values()))
    zeige = {
        s.name: f"{kurznamen[s.name]} · {s.startnummer}"
        for s in lage.sitze
        if kurznamen[s.name] != s.name
    }
    aus = lage.aussetzer.startnummer if a.offen and lage.aussetzer is not None else None
    letzter = a.spiele[-1][0].id if a.spiele else None
    nummer = {e.id: i for i, (e, _) in enumerate(a.spiele, 1)}
    return Eingabedaten(
        abend=None,
        offen=a.offen,
        meldung=a.meldung,
        aendern=a.aendern,
        tisch=Tischangaben(
            turnier=a.turnier.id,
            runde=a.stand.runde,
            tisch=a.stand.tisch,
            kopf=a.kopf(),
            naechstes=lage.spiele + 1 if a.offen else None,
            # nur was Punkte ändert (Klopfen und Stoß „ohne Wirkung“ zählen nicht)
            laufende=w.tarif.laufende > 0,
            klopfer=w.klopfen == "doppelt",
            stoesse=w.stoss == "doppelt",
        ),
        spieler=tuple(
            Mitspieler(
                s.name,
                k.get(s.name),
                Sitz(
                    s.startnummer,
                    aus == s.startnummer,
                    "setzt aus"
                    if aus == s.startnummer
                    else ""
                    if s.name in zeige
                    else f"Nr. {s.startnummer}",
                ),
                zeige.get(s.name),
            )
            for s in lage.sitze
        ),
        eintraege=tuple(
            Listeneintrag(
                id=e.id,
                zeit=uhrzeit(e.zeit),
                spiel=f"Spiel {nummer[e.id]}" + (" (Korrektur)" if e.bezug else ""),
                text=sp.zeile(),
                erklaerung=sp.wert_text(),
                betraege=punkte_anzeige(sp.punkte, namen),
                formular=_formular(e, sp, namen),
                letzter=e.id == letzter,
            )
            for e, sp in reversed(a.spiele[-letzte:])
        ),
        letzter=letzter,
        spiele=tuple(SPIEL_WORT[s] for s in w.spielarten if s in SPIEL_WORT),
        # eine Korrektur ersetzt ihren Bezug (das sieht ein zweites Handy am Tisch sofort)
        aufgehoben={e.bezug: e.id for e, _ in a.spiele if e.bezug},
    )


__all__ = [
    "LETZTE",
    "Tischansicht",
    "Tischpunkte",
    "Turnierlage",
    "eingabedaten",
    "punkte_anzeige",
    "punkte_text",
    "tischansicht",
    "turnierlage",
]
