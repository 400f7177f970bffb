"""Ein Schafkopfspiel eintragen und einen Eintrag korrigieren: ``referee schafkopf eintragen``,
``referee korrektur``.

Dünn: die Angaben liest der Adapter des Spiels (``referee.cli.eingabe``) – bei ``korrektur N``
der Adapter des Spiels von Eintrag N, mit dessen Optionen allein –, dann eine Methode von
``referee.buch.Buch``, dann mit rich (Darstellung aus ``referee.cli.abend``) oder ``--json``
ausgeben. Buch, Regelkern und rich werden erst in den Befehlen importiert (Startzeit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated

import typer
import typer.core

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, euro
from referee.cli.eingabe import DB, JSON, mit_angaben
from referee.cli.eingabe.schafkopf import ADAPTER as SCHAFKOPF
from referee.cli.gruppen import buch_oeffnen
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from typer import _click  # Typers eingebautes click (die Typen seiner Befehle)

    from referee.buch.antworten import Eingetragen
    from referee.schafkopf.angaben import SchafkopfAngaben, SchafkopfPartie

# --------------------------------------------------------------------------- schafkopf eintragen


@gruppen.schafkopf.command(
    "eintragen", cls=mehrwertig(), context_settings={"allow_extra_args": True}
)
@mit_angaben(SCHAFKOPF)
def schafkopf_eintragen(
    angaben: SchafkopfAngaben | SchafkopfPartie, db: DB = None, als_json: JSON = False
) -> None:
    """Ein Schafkopfspiel in den aktuellen Abend eintragen; zeigt Beträge und neuen Stand.

    Beispiel: referee schafkopf eintragen rufspiel Anna+Ben --augen 71 --laufende 3
    (Solo: wenz Cem --augen 45; Ramsch: ramsch Dora --jungfrau Ben; --partie partie.json)
    """
    r = buch_oeffnen(db).eintragen(angaben, eingabe={"argv": aufruf()})
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_eintrag(r, "Eintrag")


def _zeige_eintrag(r: Eingetragen, titel: str) -> None:
    """Ein Schafkopf-Eintrag: Beschreibung, Werterklärung, Beträge und Stand, nächster Geber."""
    from rich.table import Table

    from referee.cli.abend import beschreibung, druck, geber_text, rich_text
    from referee.schafkopf.ergebnis import SchafkopfErgebnis

    e, a = r.eintrag, r.abend
    stand = r.stand.schafkopf
    druck(rich_text(f"{titel} #{e.id} · Abend {a.id}: {beschreibung(e)}", "bold"))
    if isinstance(r.ergebnis, SchafkopfErgebnis) and r.ergebnis.erklaerung:
        druck(rich_text("Wert: " + r.ergebnis.erklaerung + " ct"))
    tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler")
    tab.add_column("Spiel", justify="right")
    tab.add_column("Stand", justify="right")
    zahlungen = dict(r.ergebnis.werte().get("cent", {}))  # das typisierte Ergebnis
    for n, c in zahlungen.items():
        tab.add_row(rich_text(n), euro(c), euro(stand.get(n, 0)))
    for n in stand:
        if n not in zahlungen:
            tab.add_row(rich_text(n), "", euro(stand[n]))
    druck(tab)
    for k in r.konventionen_neu:  # je Abend einmal; alle: referee abend
        druck(rich_text(k, "dim"))
    if r.geber is not None:
        druck(rich_text("Nächstes Spiel · " + geber_text(r.geber)))


# --------------------------------------------------------------------------- korrektur


class _KorrekturBefehl(typer.core.TyperCommand):
    """``korrektur``: die Hilfe zeigt nach den eigenen Optionen die Angaben jedes Spiels."""

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        super().format_help(ctx, formatter)
        from referee.cli.eingabe import hilfe_je_spiel

        hilfe_je_spiel(ctx, formatter, self.rich_markup_mode)


@gruppen.app.command(
    "korrektur",
    cls=_KorrekturBefehl,
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
def korrektur(
    ctx: typer.Context,
    eintrag: Annotated[
        int,
        typer.Argument(metavar="ID", help="Der zu ersetzende Eintrag (#ID aus referee verlauf)."),
    ],
    angaben: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[ANGABEN]...",
            help="Die richtigen Angaben mit den Optionen des Spiels von Eintrag ID, wie beim "
            "Eintragen (je Spiel unten).",
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ersetzt einen Eintrag durch die richtigen Angaben; das Original bleibt sichtbar (verlauf --alle).

    Nach der ID folgen dieselben Angaben wie beim Eintragen des Spiels, mit den Optionen dieses Spiels allein (unten je Spiel): Schafkopf wie „schafkopf eintragen“, sabai wie „sabai eintragen“, SAUFN wie „saufn ende“, Schlafmütze wie „schlafmuetze sieg“. Stände ergeben sich aus den geltenden Einträgen; die Korrektur steht in der Spielfolge am Platz des Originals. Eine Korrektur lässt sich korrigieren; „rueckgaengig“ einer Korrektur stellt das Original wieder her.

    Beispiel: referee korrektur 12 rufspiel Anna+Ben --augen 61 --laufende 3
    (sabai: referee korrektur 13 Anna="3 7" Ben="AJ" Cem="" Dora="14 0";
    SAUFN: referee korrektur 14 --platz Cem Anna Ben; Schlafmütze: referee korrektur 15 Ben)
    """
    from referee.cli.abend import beschreibung, druck, rich_text, stand_tabelle
    from referee.cli.eingabe import korrektur_angaben
    from referee.ergebnis import SPIEL_NAMEN

    buch = buch_oeffnen(db)
    spiel = buch.eintrag(eintrag).spiel
    neu = korrektur_angaben(spiel, eintrag, [*(angaben or []), *ctx.args], ctx)
    r = buch.korrigieren(eintrag, neu, eingabe={"argv": aufruf()})
    if als_json:
        drucke_json(r.als_json())
        return
    if spiel == "schafkopf":
        _zeige_eintrag(r, "Korrektur")
    else:
        druck(
            rich_text(
                f"Korrektur #{r.eintrag.id} ersetzt Eintrag #{eintrag} ({SPIEL_NAMEN[spiel]}): "
                f"{beschreibung(r.eintrag)}; das Original bleibt in „referee verlauf --alle“ "
                "sichtbar.",
                "bold",
            )
        )
        druck(stand_tabelle(r.stand, "Neuer Stand"))
    druck(rich_text(_aenderung_text(eintrag, r.aenderung or {})))


#: Wie eine Größe der Werte in der Änderung einer Korrektur heißt (``partien``/``runden``
#: ändern sich bei einer Korrektur nur mit den Mitspielern und bleiben ungenannt)
_GROESSEN = {
    "siegpunkte": "SP",
    "ruhmeshalle": "× Ruhmeshalle",
    "platz1": "× 1. Platz",
    "platz2": "× 2. Platz",
    "platz3": "× 3. Platz",
    "sieg": "× Sieg",
}


def _aenderung_text(eintrag_id: int, aenderung: Mapping[str, Mapping[str, int]]) -> str:
    """``Änderung gegenüber #12: Anna +0,40 €, Ben +0,40 €, …`` (oder „keine“)."""
    teile = []
    for groesse, je in aenderung.items():
        for name, d in je.items():
            if groesse == "cent":
                teile.append(f"{name} {euro(d)}")
            elif groesse in _GROESSEN:
                teile.append(f"{name} {d:+d} {_GROESSEN[groesse]}")
    return f"Änderung gegenüber #{eintrag_id}: " + (", ".join(teile) or "keine im Stand") + "."
