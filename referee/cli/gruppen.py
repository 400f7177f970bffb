"""Die Typer-Objekte der Kommandozeile: die Haupt-App und ihre Befehlsgruppen.

Jedes Modul in ``referee/cli/`` hängt seine Befehle an eines dieser Objekte;
``referee/cli/__init__.py`` importiert die Module und startet die App.
Hier nur Typer und die Standardbibliothek importieren (Startzeit!).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from referee.buch import Buch

_KONTEXT = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    name="referee",
    help=(
        "Regel-Schiedsrichter und Punkteschreiber für Kartenabende: "
        "Schafkopf, sabai-sabai, SAUFN und Schlafmütze.\n\n"
        'Beispiel: referee frage "Davonlaufen"'
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=_KONTEXT,
)

schafkopf = typer.Typer(
    help=(
        "Schafkopf: erlaubte Karten, ganze Partien prüfen, abrechnen, eintragen.\n\n"
        'Beispiel: referee schafkopf zug --spiel rufspiel --farbe schellen --hand "SA S7 S8 S9 GO" --stich "SK"'
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)
abend = typer.Typer(
    help=(
        "Spielabende: anlegen, anzeigen, beenden.\n\n"
        "Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
    ),
    context_settings=_KONTEXT,
    invoke_without_command=True,
)
sabai = typer.Typer(
    help=(
        "sabai-sabai: Rundenwertung, Siegespunkte, Ruhmeshalle, Regelentscheide.\n\n"
        'Beispiel: referee sabai runde Anna="3 7 J" Ben="AJ 2 2" Cem=""'
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)
saufn = typer.Typer(
    help=(
        "SAUFN: Darf diese Karte auf jene? Platzierungen und Schlücke.\n\n"
        "Hinweis aus der Anleitung (verantwortungsvoller Konsum): „Wir empfehlen und bitten "
        "alle Personen, im Rahmen dieses Spiels respektvoll zu handeln, aufmerksam zu sein und "
        "Alkohol bewusst und in Maßen zu konsumieren.“ – „Das Spiel kann jederzeit auch ohne "
        "alkoholische Getränke gespielt werden.“\n\n"
        "Beispiel: referee saufn folgt N U"
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)
schlafmuetze = typer.Typer(
    help=(
        "Schlafmütze: Wohin muss diese Karte? Siege eintragen.\n\n"
        'Beispiel: referee schlafmuetze passt 3 --mitte "2 1 5 1 1"'
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)

turnier = typer.Typer(context_settings=_KONTEXT)  # Hilfe: der Rückruf in cli/turnier.py
saison = typer.Typer(
    help=(
        "Saisons: eine Jahreswertung über Abende und Turniere – Rangliste, Statistik, live.\n\n"
        'Beispiel: referee saison neu "Jahreswertung 2027" --von 2027-01-01 --bis 2027-12-31 '
        "--wertung beste:8"
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)
spieler = typer.Typer(
    help=(
        "Spieler: wer wer ist – zwei Namen derselben Person zusammenführen (für die Saison).\n\n"
        'Beispiel: referee spieler zusammenfuehren "Sepp" "Sepp Huber"'
    ),
    no_args_is_help=True,
    context_settings=_KONTEXT,
)

app.add_typer(schafkopf, name="schafkopf")
app.add_typer(abend, name="abend")
app.add_typer(sabai, name="sabai")
app.add_typer(saufn, name="saufn")
app.add_typer(schlafmuetze, name="schlafmuetze")
app.add_typer(turnier, name="turnier")
app.add_typer(saison, name="saison")
app.add_typer(spieler, name="spieler")


@app.callback()
def _wurzel(
    db: str = typer.Option(
        None,
        "--db",
        metavar="PFAD",
        help="Datenbankdatei für alle Befehle (sonst REFEREE_DB, sonst das Benutzer-Datenverzeichnis).",
    ),
) -> None:
    """Regel-Schiedsrichter und Punkteschreiber für Kartenabende: Schafkopf, sabai-sabai, SAUFN und Schlafmütze.

    Beispiel: referee frage "Davonlaufen"
    """
    # ``--db`` vor dem Befehl gilt für alle Befehle: ``db_wahl`` liest es aus dem Kontext.


def db_wahl(db: str | None = None) -> str | None:
    """Die Datenbank dieses Aufrufs: ``--db`` des Befehls, sonst das nächste ``--db`` davor
    (``referee --db X stand``, ``referee abend --db X neu``), sonst None (dann $REFEREE_DB
    oder das Benutzer-Datenverzeichnis, siehe ``referee.pfade.db_pfad``)."""
    if db:
        return db
    try:  # Typer ≥ 0.28 bringt click eingebaut mit
        from typer._click.globals import get_current_context
    except ImportError:  # pragma: no cover - typer 0.27
        from click import get_current_context  # type: ignore[no-redef]

    ctx = get_current_context(silent=True)
    while ctx is not None:
        wert = ctx.params.get("db")
        if wert:
            return str(wert)
        ctx = ctx.parent
    return None


def buch_oeffnen(db: str | None = None) -> Buch:
    """Das Buch (``referee.buch.Buch``) für ``--db`` dieses Aufrufs."""
    from referee.buch import Buch

    return Buch(db_wahl(db))
