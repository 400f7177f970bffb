"""``referee tisch``: die Sitzung am Tisch – eine kurze Zeile je Spiel, Stand in der Fußleiste.

Dünn: Abend sicherstellen (``referee.tisch.dienst``), dann die Schleife
(``referee.tisch.sitzung``) am Terminal oder, wenn stdin kein Terminal ist, Zeile für Zeile.
prompt_toolkit wird nur für die Sitzung am Terminal geladen.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli import gruppen
from referee.cli.gruppen import db_wahl
from referee.cli.mehrwert import mehrwertig, werte


@gruppen.app.command("tisch", cls=mehrwertig())
def tisch(
    spieler: Annotated[
        list[str] | None,
        typer.Option(
            "--spieler",
            "-s",
            help="Ohne offenen Abend: ein neuer mit diesen Spielern (Sitzordnung).",
        ),
    ] = None,
    tarif: Annotated[
        str | None,
        typer.Option("--tarif", help="Tarif eines neuen Abends (z. B. 10-20-50)."),
    ] = None,
    setzen: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="SCHLUESSEL=WERT",
            help="Tarif/Hausregel eines neuen Abends, z. B. --set laufende_ab=2.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", metavar="PFAD", help="Datenbankdatei (sonst wie bei allen Befehlen)."),
    ] = None,
) -> None:
    """Am Tisch: eine kurze Zeile je Spiel (r an be 71 l3), Stand in der Fußleiste.

    Jeder Befehl von referee geht in der Sitzung ohne „referee“; „hilfe“ zeigt die Kurzformen, q oder Ctrl-D beendet. Jeder Eintrag ist geschrieben, sobald er bestätigt ist. Liest stdin kein Terminal, wird Zeile für Zeile eingetragen (eine Antwort je Zeile: ein Eintrag ist eine Zeile, stand, hilfe und ? brauchen mehrere; Halt mit Exit 2 bei der ersten fehlerhaften Zeile, ein eben begonnener leerer Abend wird dann verworfen).

    Beispiel: referee tisch --spieler Anna Ben Cem Dora --tarif 10-20-50
    """
    from referee.tisch.dienst import Sitzungsbuch
    from referee.tisch.sitzung import Tisch, interaktiv, skript, zeilen_lesen

    for strom in (sys.stdout, sys.stderr):  # ein Terminal ohne UTF-8: „?“ statt Absturz
        if hasattr(strom, "reconfigure"):
            strom.reconfigure(errors="replace")
    buch = Sitzungsbuch(db_wahl(db))
    namen = werte(spieler)
    nr, neu, angelegt = buch.abend_sicherstellen(namen, tarif, werte(setzen))
    if angelegt:
        sys.stderr.write("Neu angelegt: " + ", ".join(angelegt) + ".\n")
    if neu:
        sys.stderr.write(f"Abend {nr} begonnen: {', '.join(buch.spieler())}.\n")
    elif namen or tarif or setzen:
        sys.stderr.write(
            f"Abend {nr} ist offen ({', '.join(buch.spieler())}); --spieler, --tarif und "
            "--set gelten nur für einen neuen Abend.\n"
        )
    sitzung = Tisch(buch, knapp=not sys.stdin.isatty())
    try:
        if sitzung.knapp:
            code = skript(sitzung, zeilen_lesen(sys.stdin.buffer), _fehler)
            if code and neu and buch.begonnenen_abend_verwerfen():
                sys.stderr.write(
                    f"Abend {nr} wieder verworfen (noch nichts eingetragen): nichts geändert.\n"
                )
        else:
            code = interaktiv(sitzung)
    finally:
        sitzung.schliessen()
        buch.schliessen()
    raise typer.Exit(code)


def _fehler(text: str) -> None:
    sys.stderr.write(f"Fehler: {text}\n")
