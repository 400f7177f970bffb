"""``referee frage`` (Regelstelle zu einer Tischfrage) und ``referee regeln`` (nachlesen).

Dünn: parsen → ``referee.suche`` / ``referee.regeltexte`` → rich-Panel oder ``--json``.
Regeltext wird nie als rich-Markup gedeutet (``Text`` statt Markup-Strings).
"""

# Bewusst ohne ``from __future__ import annotations``: Typer müsste die Annotationen
# sonst beim Start als Zeichenketten auswerten (kostet Startzeit).
import sys

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import app

_MARKIERUNG = "bold reverse"


def _oder(teile: list[str]) -> str:
    """„a“, „b“ oder „c“."""
    return teile[0] if len(teile) == 1 else ", ".join(teile[:-1]) + " oder " + teile[-1]


def _spiel(eingabe: str | None) -> str | None:
    if eingabe is None:
        return None
    from referee.suche import spiel_kuerzel

    return spiel_kuerzel(eingabe)


def _panel(abschnitt, score: float | None = None, woerter=frozenset()):
    """Ein Abschnitt als Panel: Spiel · Titel, Text mit markierten Wörtern, id unten."""
    from rich.panel import Panel
    from rich.text import Text

    from referee.regeltexte import spielname
    from referee.suche import markierungen

    text = Text(abschnitt.text)
    for start, ende in markierungen(abschnitt.text, woerter):
        text.stylize(_MARKIERUNG, start, ende)
    titel = Text(f"{spielname(abschnitt.spiel)} · {abschnitt.titel}", style="bold")
    unten = abschnitt.id if score is None else f"{abschnitt.id} · Score {score:.1f}"
    return Panel(
        text,
        title=titel,
        title_align="left",
        subtitle=Text(unten),
        subtitle_align="right",
        expand=True,
    )


@app.command("frage")
def frage(
    text: str = typer.Argument(
        ..., metavar="TEXT", help="Die Frage, so wie man sie am Tisch stellt."
    ),
    spiel: str | None = typer.Option(
        None,
        "--spiel",
        "-s",
        help="Nur in einem Spiel suchen: schafkopf, sabai, saufn, schlafmuetze "
        "(auch sabai-sabai, Schlafmütze, Sauspiel).",
    ),
    anzahl: int = typer.Option(
        3, "--anzahl", "-n", min=1, max=50, help="Wie viele Treffer höchstens."
    ),
    json_: bool = typer.Option(False, "--json", help="Treffer als JSON auf stdout."),
) -> None:
    """Die passende Regelstelle zu einer Frage finden (Tippfehler und Umgangssprache erlaubt).

    Zeigt die besten Abschnitte mit wörtlichem Regeltext, die gefundenen Wörter
    markiert, und die Abschnitts-id. Exit 0 = gefunden, 1 = nichts Passendes
    (mit „Meintest du …?“), 2 = leere oder unbrauchbare Frage.

    Beispiel: referee frage "Wann darf ich davonlaufen?" --spiel schafkopf
    """
    from referee.suche import als_json, gekuerzt, suche, vorschlaege

    kuerzel = _spiel(spiel)
    treffer = suche(text, spiel=kuerzel, anzahl=anzahl)
    if json_:
        ausgabe.drucke_json(als_json(text, treffer))
    if not treffer:
        wo = f" in {kuerzel}" if kuerzel else ""
        meldung = f"Nichts Passendes zu „{gekuerzt(text)}“{wo} gefunden."
        anderswo = suche(text, anzahl=1) if kuerzel else []
        if anderswo:  # „Davonlaufen“ mit --spiel sabai
            a = anderswo[0].abschnitt
            meldung += f" Ohne --spiel: „{a.titel}“ ({a.id})."
        else:
            naechste = [f"„{a.titel}“ ({a.id})" for a in vorschlaege(text, spiel=kuerzel)]
            if naechste:
                meldung += " Meintest du " + _oder(naechste) + "?"
        sys.stderr.write(meldung + "\n")
        raise typer.Exit(1)
    if json_:
        return
    konsole = ausgabe.konsole()
    for t in treffer:
        konsole.print(_panel(t.abschnitt, t.score, t.woerter))


@app.command("regeln")
def regeln(
    spiel: str | None = typer.Argument(
        None,
        metavar="[SPIEL]",
        help="schafkopf, sabai, saufn, schlafmuetze – oder gleich eine id wie schafkopf.davonlaufen.",
    ),
    abschnitt_name: str | None = typer.Argument(
        None,
        metavar="[ABSCHNITT]",
        help="Abschnitt: id (schafkopf.davonlaufen) oder Kurzform (davonlaufen).",
    ),
    json_: bool = typer.Option(False, "--json", help="Als JSON auf stdout."),
) -> None:
    """Regeltexte nachlesen: Spiele, Abschnitte eines Spiels oder einen Abschnitt ganz.

    Ohne Angabe: die Spiele mit ihrer Zahl an Abschnitten. Mit SPIEL: dessen
    Abschnitte (id und Titel). Mit SPIEL und ABSCHNITT: der Abschnitt wörtlich.

    Beispiel: referee regeln schafkopf davonlaufen
    """
    from referee.errors import Eingabefehler
    from referee.regeltexte import SPIELE, abschnitt, abschnitte, regelwerk

    gewaehlt = None
    if spiel is not None and "." in spiel and abschnitt_name is None:
        spiel, abschnitt_name = spiel.split(".", 1)
    kuerzel = _spiel(spiel)
    if abschnitt_name is not None:
        from referee.suche import falte

        kurz = "-".join(falte(abschnitt_name).split())  # „Rufbare Säue“ → rufbare-saeue
        if kurz.startswith(f"{kuerzel}."):
            kurz = kurz[len(kuerzel) + 1 :]
        try:
            gewaehlt = abschnitt(f"{kuerzel}.{kurz}")
        except KeyError:
            from referee.suche import vorschlaege

            naechste = vorschlaege(abschnitt_name.replace("-", " "), spiel=kuerzel)
            raise Eingabefehler(
                f"Unbekannter Abschnitt „{abschnitt_name}“ in {kuerzel}. Meintest du "
                + _oder([a.id for a in naechste])
                + f"? Alle Abschnitte: referee regeln {kuerzel}"
            ) from None

    if gewaehlt is not None:
        if json_:
            ausgabe.drucke_json(
                {
                    "spiel": gewaehlt.spiel,
                    "abschnitt": gewaehlt.id,
                    "titel": gewaehlt.titel,
                    "text": gewaehlt.text,
                    "stichworte": list(gewaehlt.stichworte),
                }
            )
        else:
            ausgabe.konsole().print(_panel(gewaehlt))
        return

    if kuerzel is None:
        spiele = [
            {"spiel": s, "name": regelwerk(s).name, "abschnitte": len(abschnitte(s))}
            for s in SPIELE
        ]
        if json_:
            ausgabe.drucke_json({"spiele": spiele})
            return
        from rich.table import Table

        tabelle = Table(title="Regeltexte", title_justify="left")
        tabelle.add_column("Spiel")
        tabelle.add_column("Name")
        tabelle.add_column("Abschnitte", justify="right")
        for eintrag in spiele:
            tabelle.add_row(eintrag["spiel"], eintrag["name"], str(eintrag["abschnitte"]))
        konsole = ausgabe.konsole()
        konsole.print(tabelle)
        ausgabe.drucke_text("Weiter: referee regeln SPIEL   ·   referee regeln SPIEL ABSCHNITT")
        return

    liste = abschnitte(kuerzel)
    if json_:
        ausgabe.drucke_json(
            {
                "spiel": kuerzel,
                "abschnitte": [{"abschnitt": a.id, "titel": a.titel} for a in liste],
            }
        )
        return
    from rich.table import Table
    from rich.text import Text

    tabelle = Table(
        title=Text(f"{regelwerk(kuerzel).name}: {len(liste)} Abschnitte"), title_justify="left"
    )
    tabelle.add_column("Abschnitt", no_wrap=True)
    tabelle.add_column("Titel")
    for a in liste:
        tabelle.add_row(Text(a.id), Text(a.titel))
    ausgabe.konsole().print(tabelle)
