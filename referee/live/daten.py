"""Was die Live-Seiten eines Abends zeigen – an einer Stelle aus dem Buch gelesen.

Die einzige Stelle von ``referee.live``, die das Buch (``referee.buch``) für die Seiten fragt
(geschrieben wird über die Quelle, ``referee.live.abend``). ``stand`` ist
genau das, was ``referee stand --json`` für den Abend druckt (``Buch.stand().als_json()``);
dazu kommen der Abend, der nächste Geber, die letzten Einträge mit ihrer Beschreibung und
Werterklärung und der Verlauf des Schafkopf-Saldos für das Diagramm.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from referee.buch import Buch
    from referee.buch.stand import Stand
    from referee.pfade import Buchort
    from referee.schafkopf.tisch import Geberfolge
    from referee.store import Abend, Eintrag

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
    #: nur für die Eingabeseite: das Spiel als Formular (``referee.live.formular``) fürs Korrigieren
    formular: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Abendstand:
    """Alles, was die Seite über einen Abend zeigt – typisiert, wie das Buch es liefert."""

    stand: Stand
    abend: Abend
    geber: Geberfolge | None
    eintraege: tuple[Eintragszeile, ...]
    anzahl_eintraege: int
    #: die id des jüngsten geltenden Eintrags (nur ihn storniert „Rückgängig“ vom Handy)
    letzter: int | None = None
    #: je nicht mehr geltendem Eintrag, was jetzt an seiner Stelle gilt (die letzte Korrektur;
    #: ``None``: storniert) – die Eingabeseite sagt damit sofort, wenn ein Eintrag, den sie
    #: gerade korrigiert, von einem anderen Handy ersetzt wurde
    aufgehoben: dict[int, int | None] = field(default_factory=dict)

    @property
    def verlauf(self) -> dict[str, list[int]]:
        """Schafkopf-Saldo je Spieler nach jedem Spiel (für das Diagramm)."""
        return {n: list(r) for n, r in self.stand.verlauf.items()}


def abendstand(
    buch: Buch, abend_id: int | None = None, letzte: int = LETZTE, *, formulare: bool = False
) -> Abendstand | None:
    """Der Stand des Abends ``abend_id`` (sonst des offenen, sonst des letzten) für die Seite,
    aus dem Buch (``referee.buch.Buch``). ``None``, solange es noch keinen Abend gibt.
    ``formulare``: je Eintrag dazu das Formular der Eingabeseite (``referee.live.formular``).
    """
    from referee.buch import ansicht
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
    assert a is not None  # der Stand eines Abends (nicht ``gesamt``)
    verlauf = buch.verlauf(a.id)
    geltend = verlauf.eintraege  # die geltenden, in Spielfolge
    zeilen = tuple(
        Eintragszeile(
            id=e.id,
            zeit=e.zeit,
            spiel=e.spiel,
            text=ansicht.zeile(e, verlauf.platz.get(e.id)),
            erklaerung=ansicht.erklaerung(e, a.tarif),
            betraege=dict(ansicht.betraege(e)),
            formular=_formular(e, a.spieler) if formulare else None,
        )
        for e in reversed(geltend[-letzte:])
    )
    return Abendstand(
        stand=st,
        abend=a,
        geber=buch.geber(a.id) if a.offen and len(a.spieler) >= 4 else None,
        eintraege=zeilen,
        anzahl_eintraege=len(geltend),
        letzter=max((e.id for e in geltend), default=None),
        aufgehoben=_was_jetzt_gilt(verlauf.aufgehoben),
    )


def _was_jetzt_gilt(aufgehoben: Mapping[int, Eintrag]) -> dict[int, int | None]:
    """Je aufgehobenem Eintrag der geltende, der ihn ersetzt (über Korrekturen von
    Korrekturen hinweg); ``None``, wenn am Ende ein Storno steht."""
    aus: dict[int, int | None] = {}
    for alt in aufgehoben:
        jetzt: int | None = alt
        while jetzt is not None and jetzt in aufgehoben:
            durch = aufgehoben[jetzt]
            jetzt = None if durch.art == "storno" else durch.id
        aus[alt] = jetzt
    return aus


def _formular(e: Eintrag, spieler: Sequence[str]) -> dict[str, Any] | None:
    from referee.live.formular import formular, spiel_eines_eintrags

    spiel = spiel_eines_eintrags(e, spieler)
    return None if spiel is None else formular(spiel)


def pruefe_abend(pfad: Buchort, abend_id: int) -> None:
    """Gibt es den Abend ``abend_id``? Sonst der Fehler des Buchs (wie ``referee stand``)."""
    from referee.buch import Buch

    with Buch(pfad) as buch:
        buch.stand(abend_id)
