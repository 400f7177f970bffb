"""Preisschafkopf, die Turnierleitung am Abend: ``referee turnier eckdaten``, ``bezahlt``,
``preise``, ``sitzplan``, ``laufzettel``, ``mannschaften`` – Kasse, Preise und Listen zum
Aushängen und Austeilen.

Dünn wie ``turnier.py``: je Befehl eine Methode von ``referee.buch.turnier.Turnierbuch``, dann
mit rich oder ``--json`` ausgeben, mit ``-o`` als PDF (``referee.buch.turnier.pdf_listen``,
fpdf2 erst dann).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import drucke_json
from referee.cli.eingabe import DB, JSON
from referee.cli.turnier import (
    DATUM,
    FORCE,
    ORT,
    STARTGELD,
    TURNIER,
    _buch,
    _schreibe,
    _tabelle,
    _zahl,
    _zeile,
)

turnier = gruppen.turnier

PDF = Annotated[
    Path | None,
    typer.Option("-o", "--ausgabe", metavar="DATEI", help="Als PDF in diese Datei schreiben."),
]


def _euro(cent: int | None) -> str:
    from referee.bericht.geld import euro

    return "–" if cent is None else euro(cent, vorzeichen=False)


def _pdf_geschrieben(ziel: Path, daten: bytes, force: bool, was: str, als_json: bool) -> bool:
    """Schreibt die PDF; ``True``, wenn damit alles ausgegeben ist (Text: eine Zeile)."""
    _schreibe(ziel, daten, force)
    if not als_json:
        _zeile(f"Geschrieben: {ziel} ({was}).")
    return not als_json


# --------------------------------------------------------------------------- Eckdaten, Kasse


@turnier.command("eckdaten")
def turnier_eckdaten(
    ort: ORT = None,
    datum: DATUM = None,
    startgeld: STARTGELD = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ort, Datum und Startgeld des Turniers festhalten (nur was angegeben ist; das Alte bleibt im Buch). Ohne Angabe: zeigen.

    Beispiel: referee turnier eckdaten --ort "Gasthaus Post" --datum 2026-11-28 --startgeld 15
    """
    r = _buch(db).eckdaten(ort=ort, datum=datum, startgeld=startgeld, turnier_id=turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    e = r.eckdaten
    _zeile(f"Turnier {r.turnier.id}: {r.turnier.name}", "bold")
    _zeile(f"Ort: {e.ort or '–'}  ·  Datum: {e.datum or '–'}  ·  Startgeld: {_euro(e.startgeld)}")


@turnier.command("bezahlt")
def turnier_bezahlt(
    namen: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME|#NR]...", help="Wer sein Startgeld bezahlt hat."),
    ] = None,
    betrag: Annotated[
        str | None,
        typer.Option("--betrag", metavar="EURO", help="Ein anderer Betrag als das Startgeld."),
    ] = None,
    zuruecknehmen: Annotated[
        bool, typer.Option("--zuruecknehmen", help="Die Zahlung dieser Teilnehmer zurücknehmen.")
    ] = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Festhalten, wer das Startgeld bezahlt hat (alle oder keiner; nur anhängend, zurücknehmen mit --zuruecknehmen). Ohne Namen: die Kasse – wer bezahlt hat, wer nicht, der Topf.

    Beispiel: referee turnier bezahlt Anna "#7" Ben
    """
    r = _buch(db).bezahlen(
        namen or [], betrag=betrag, zuruecknehmen=zuruecknehmen, turnier_id=turnier_id
    )
    if als_json:
        drucke_json(r.als_json())
        return
    name = {x.startnummer: x.name for x, _, _ in r.bezahlt} | {
        x.startnummer: x.name for x in r.offen
    }
    if r.eingetragen:
        _zeile("Bezahlt: " + ", ".join(f"{name[n]} (Nr. {n})" for n in r.eingetragen), "bold")
    if r.zurueckgenommen:
        _zeile(
            "Zurückgenommen: " + ", ".join(f"{name[n]} (Nr. {n})" for n in r.zurueckgenommen),
            "bold",
        )
    _zeile(
        f"Kasse: {len(r.bezahlt)} bezahlt, Topf {_euro(r.summe)} (Startgeld {_euro(r.startgeld)});"
        f" offen: {len(r.offen)}."
    )
    if not r.eingetragen and not r.zurueckgenommen and r.offen:
        _zeile("Noch nicht bezahlt: " + ", ".join(f"{x.name} ({x.startnummer})" for x in r.offen))


# --------------------------------------------------------------------------- Preise


@turnier.command("preise")
def turnier_preise(
    angaben: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[PLATZ=PREIS]...",
            help="Die Preisliste: 1=300 2=200 3=100 4-10=20, 1=40% oder 5=Geschenkkorb.",
        ),
    ] = None,
    anteile: Annotated[
        str | None,
        typer.Option(
            "--anteile", metavar="P1,P2,…", help="Anteile am Topf in Prozent für Platz 1, 2, …"
        ),
    ] = None,
    ausgabe: PDF = None,
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Preise an der jetzigen Rangliste; mit Angaben wird vorher die Preisliste festgelegt (feste Beträge, Anteile am Topf der bezahlten Startgelder, Sachpreise). Gleichstand über eine Preisgrenze: die Beteiligten teilen sich die Preise auf den Cent, der Rest bleibt in der Kasse.

    Beispiel: referee turnier preise 1=300 2=200 3=100 4-10=20
    """
    r = _buch(db).preise(angaben or [], anteile=anteile, turnier_id=turnier_id)
    if ausgabe is not None:
        from referee.buch.turnier.pdf_listen import preise_pdf

        if _pdf_geschrieben(ausgabe, preise_pdf(r), force, "Preise", als_json):
            return
    if als_json:
        drucke_json(r.als_json())
        return
    v, k = r.verteilung, r.kasse
    _zeile(f"Preise – {r.turnier.name}" + (" (vorläufig)" if r.vorlaeufig else ""), "bold")
    _tabelle(
        ["Platz", "Nr.", "Name", "Preis"],
        [True, True, False, True],
        [[f"{z.platz}.", str(z.startnummer), z.name, z.preis_text()] for z in v.zeilen],
    )
    for t in v.teilungen:
        _zeile(t.text())
    _zeile(
        f"Topf {_euro(k.summe)} ({len(k.bezahlt)} bezahlt), ausgezahlt {_euro(v.ausgezahlt)}, "
        f"{v.bleibt_text()}.",
        "dim",
    )


# --------------------------------------------------------------------------- Listen


@turnier.command("sitzplan")
def turnier_sitzplan(
    runde: Annotated[
        int | None, typer.Option("--runde", "-r", min=1, help="Die Runde (Standard: die letzte).")
    ] = None,
    ausgabe: PDF = None,
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Der Sitzplan einer Runde: jeder Spieler nach Namen mit Tisch und Platz – mit -o als PDF zum Aushängen am Eingang.

    Beispiel: referee turnier sitzplan --runde 2 -o sitzplan.pdf
    """
    r = _buch(db).sitzplan(runde, turnier_id)
    if ausgabe is not None:
        from referee.buch.turnier.pdf_listen import sitzplan_pdf

        was = f"Sitzplan Runde {r.runde}, {len(r.plaetze)} Spieler"
        if _pdf_geschrieben(ausgabe, sitzplan_pdf(r), force, was, als_json):
            return
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(f"Sitzplan Runde {r.runde} – {r.turnier.name}", "bold")
    _tabelle(
        ["Name", "Nr.", "Tisch", "Platz"],
        [False, True, True, True],
        [[p.name, str(p.startnummer), str(p.tisch), str(p.platz)] for p in r.plaetze],
    )


@turnier.command("laufzettel")
def turnier_laufzettel(
    ausgabe: PDF = None,
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Je Spieler ein Laufzettel: Startnummer, Name, Verein und sein Tisch in jeder ausgelosten Runde – mit -o als PDF (acht Karten je A4-Seite zum Ausschneiden).

    Beispiel: referee turnier laufzettel -o laufzettel.pdf
    """
    r = _buch(db).laufzettel(turnier_id)
    if ausgabe is not None:
        from referee.buch.turnier.pdf_listen import laufzettel_pdf

        was = f"{len(r.zettel)} Laufzettel, {r.ausgelost} Runden ausgelost"
        if _pdf_geschrieben(ausgabe, laufzettel_pdf(r), force, was, als_json):
            return
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(f"Laufzettel – {r.turnier.name} ({r.ausgelost} Runden ausgelost)", "bold")
    _tabelle(
        ["Nr.", "Name", *(f"R{i}" for i in range(1, r.turnier.runden + 1))],
        [True, False, *([True] * r.turnier.runden)],
        [
            [str(z.startnummer), z.name, *(f"T{w[0]}/{w[1]}" if w else "–" for w in z.runden)]
            for z in r.zettel
        ],
    )


@turnier.command("mannschaften")
def turnier_mannschaften(
    beste: Annotated[
        int, typer.Option("--beste", min=1, help="So viele beste Spieler je Mannschaft zählen.")
    ] = 3,
    ausgabe: PDF = None,
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Mannschaftswertung: Vereine (oder angemeldete Mannschaften) nach der Summe der Punkte ihrer besten N Spieler; mit -o als PDF.

    Beispiel: referee turnier mannschaften --beste 3 -o mannschaften.pdf
    """
    r = _buch(db).mannschaften(beste, turnier_id)
    if ausgabe is not None:
        from referee.buch.turnier.pdf_listen import mannschaften_pdf

        was = f"Mannschaftswertung, {len(r.zeilen)} Mannschaften"
        if _pdf_geschrieben(ausgabe, mannschaften_pdf(r), force, was, als_json):
            return
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(f"Mannschaftswertung (beste {r.beste}) – {r.turnier.name}", "bold")
    _tabelle(
        ["Platz", "Mannschaft", "Punkte", "Soli", "gewertet"],
        [True, False, True, True, False],
        [
            [
                f"{z.platz}.",
                z.name + ("" if z.vollstaendig else " (unvollständig)"),
                _zahl(z.punkte),
                str(z.soli),
                ", ".join(f"{w.name} {_zahl(w.punkte)}" for w in z.wertung),
            ]
            for z in r.zeilen
        ],
    )
    _zeile(r.regel, "dim")
