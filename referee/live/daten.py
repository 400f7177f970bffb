"""Was die Live-Seite zeigt – an einer Stelle aus dem Buch gelesen.

Die einzige Stelle von ``referee.live``, die das Buch (``referee.buch``) fragt. ``stand`` ist
genau das, was ``referee stand --json`` für den Abend druckt (``Buch.stand().als_json()``); dazu kommen der Abend, der nächste Geber, die letzten Einträge mit ihrer
Beschreibung und Werterklärung und der Verlauf des Schafkopf-Saldos für das Diagramm.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: So viele Einträge zeigt die Seite (die neuesten zuerst); der Rest steht in ``verlauf``.
LETZTE = 8


@dataclass(frozen=True, slots=True)
class Eintragszeile:
    """Ein Eintrag für die Seite: Nummer, Uhrzeit, Spiel, was geschah und was es wert war."""

    id: int
    zeit: str
    spiel: str
    text: str
    erklaerung: str | None = None
    betraege: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Abendstand:
    """Alles, was die Seite über einen Abend zeigt (reine Daten)."""

    stand: dict[str, Any]
    abend: dict[str, Any]
    geber: dict[str, Any] | None
    eintraege: tuple[Eintragszeile, ...]
    anzahl_eintraege: int
    verlauf: dict[str, list[int]]


def stand_json(buch, abend_id: int | None = None) -> dict[str, Any]:
    """Was ``referee stand [--abend N] --json`` druckt (offener, sonst letzter Abend)."""
    return buch.stand(abend_id).als_json()


def abendstand(buch, abend_id: int | None = None, letzte: int = LETZTE) -> Abendstand | None:
    """Der Stand des Abends ``abend_id`` (sonst des offenen, sonst des letzten) für die Seite,
    aus dem Buch (``referee.buch.Buch``). ``None``, solange es noch keinen Abend gibt.
    """
    from referee.cli.abend import _beschreibung
    from referee.store import KeineDaten

    if not buch.existiert:
        return None
    try:
        st = buch.stand(abend_id)
    except KeineDaten:
        if abend_id is not None:
            raise
        return None
    a = st.abend
    geltend = buch.verlauf(a.id).eintraege  # die geltenden, in Spielfolge
    zeilen = tuple(
        Eintragszeile(
            id=e.id,
            zeit=e.zeit,
            spiel=e.spiel,
            text=_beschreibung(e),
            erklaerung=wert_erklaerung(e.ergebnis, a.tarif) if e.spiel == "schafkopf" else None,
            betraege=dict(e.ergebnis.get("zahlungen") or {}) if e.spiel == "schafkopf" else {},
        )
        for e in reversed(geltend[-letzte:])
    )
    return Abendstand(
        stand=st.als_json(),
        abend=a.als_json(),
        geber=buch.geber(a.id).als_json() if a.offen and len(a.spieler) >= 4 else None,
        eintraege=zeilen,
        anzahl_eintraege=len(geltend),
        verlauf={n: list(r) for n, r in st.verlauf.items()},
    )


def wert_erklaerung(ergebnis: dict[str, Any], tarif: dict[str, Any] | None) -> str | None:
    """Die Werterklärung eines gespeicherten Schafkopfspiels (``20 (Rufspiel) + 30 (…) = 50 ct``).

    Der Speicher hält den Wert, nicht seine Bestandteile: die Abrechnung des Regelkerns
    rechnet sie aus den gespeicherten Fakten nach. Nur wenn sie denselben Wert ergibt, gilt
    die Erklärung (sonst – etwa nach einer Tarifänderung am Abend – ``None``).
    """
    from referee.errors import RefereeFehler
    from referee.schafkopf.abrechnung import Fakten, abrechnen
    from referee.schafkopf.spielart import Spielart
    from referee.schafkopf.tarif import Tarif

    try:
        art = Spielart.parse(str(ergebnis.get("spielart")))
        sitz = {n: i for i, n in enumerate(ergebnis.get("zahlungen") or {})}
        klopfer = int(ergebnis.get("klopfer") or 0)
        stoesse = int(ergebnis.get("stoesse") or 0)
        if art is Spielart.RAMSCH and ergebnis.get("durchmarsch"):
            fakten = Fakten(
                art, durchmarsch=sitz[ergebnis["durchmarsch"]], klopfer=klopfer, stoesse=stoesse
            )
        elif art is Spielart.RAMSCH:
            verlierer = tuple(sitz[n] for n in ergebnis.get("verlierer") or ())
            fakten = Fakten(
                art,
                ramsch_verlierer=verlierer[0] if len(verlierer) == 1 else verlierer,
                jungfrauen=tuple(sitz[n] for n in ergebnis.get("jungfrauen") or ()),
                klopfer=klopfer,
                stoesse=stoesse,
            )
        else:
            fakten = Fakten(
                art,
                augen_spieler=ergebnis.get("augen"),
                laufende=int(ergebnis.get("laufende") or 0),
                schwarz=bool(ergebnis.get("schwarz")),
                stiche_spieler=ergebnis.get("stiche"),
                tout=bool(ergebnis.get("tout")),
                sie=bool(ergebnis.get("sie")),
                klopfer=klopfer,
                stoesse=stoesse,
            )
        ab = abrechnen(fakten, Tarif.aus_json(tarif) if tarif else None)
    except (RefereeFehler, KeyError, TypeError, ValueError):
        return None
    return f"{ab.erklaerung} ct" if ab.wert == ergebnis.get("wert") else None


def pruefe_abend(pfad, abend_id: int) -> None:
    """Gibt es den Abend ``abend_id``? Sonst der Fehler des Buchs (wie ``referee stand``)."""
    from referee.buch import Buch

    with Buch(pfad) as buch:
        buch.stand(abend_id)
