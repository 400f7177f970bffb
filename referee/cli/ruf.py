"""``referee ruf``: welche Sau darf ich rufen? – ein eigenes Modul, damit der häufigste
Einmal-Aufruf am Tisch nur diesen einen Befehl baut (Startzeit).

Dünn: Hand lesen → Regelkern (``referee.schafkopf.ruf``) fragen → ausgeben.
"""

from __future__ import annotations

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import app


@app.command("ruf")
def ruf(
    hand: str = typer.Option(
        ..., "--hand", help='Die eigene Hand, z. B. "EO GU H9 G10 G7 S8 SK EA".'
    ),
    sau: str | None = typer.Option(
        None,
        "--sau",
        help="Diese Sau prüfen: eichel, gras oder schellen (auch GA, „die Blaue“ …); "
        "herz ist nie rufbar (Trumpf, Exit 1).",
    ),
    deck: str | None = typer.Option(
        None, "--deck", help="lang (8 Karten) oder kurz (6 Karten); ohne Angabe nach der Handgröße."
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Welche Sau darf ich rufen? Bin ich gesperrt?

    Für Eichel-, Gras- und Schellen-Sau: rufbar oder nicht, mit Grund und Regelabschnitt. Die Herz-Sau ist Trumpf und nie rufbar. Mit --sau: Exit 0, wenn dieser Ruf erlaubt ist, 1 wenn nicht (auch --sau herz: die Herz-Sau ist Trumpf), 2 bei falscher Eingabe.

    Beispiel: referee ruf --hand "EO GU H9 G10 G7 S8 SK EA" --sau gras
    """
    from referee.schafkopf.karten import blatt_fuer, parse_hand
    from referee.schafkopf.ruf import (
        GESPERRT_ABSCHNITT,
        GESPERRT_TEXT,
        parse_gefragte_sau,
        ruf_bericht,
    )

    blatt = blatt_fuer(hand, deck)
    karten = parse_hand(hand, deck=blatt, anzahl=blatt.handgroesse)
    # --sau herz ist eine Frage an die Regeln (Antwort: nein, Trumpf – Exit 1), keine falsche
    # Eingabe; nur eine unbekannte Sau ist Exit 2.
    bericht = ruf_bericht(karten, parse_gefragte_sau(sau) if sau is not None else None)

    if als_json:
        ausgabe.drucke_json(bericht.als_json())
    else:
        zeilen: list[tuple[str, str | None]] = [
            (f"Hand ({blatt.value}es Blatt): " + " ".join(str(k) for k in karten), None)
        ]
        for f, a in bericht.saeue.items():
            zeichen = "rufbar" if a.erlaubt else "nicht rufbar"
            zeilen.append(
                (f"{f.name_de}-Sau: {zeichen}", "bold green" if a.erlaubt else "bold red")
            )
            zeilen.append((f"  {a.grund}", None))
        zeilen.append(("Herz-Sau: nie rufbar", "bold red"))
        zeilen.append((f"  {bericht.herz.grund}", None))
        if bericht.gesperrt:
            zeilen.append((GESPERRT_TEXT, "bold"))
        else:
            zeilen.append(
                (f"Nicht gesperrt: Ein Rufspiel ist möglich ({GESPERRT_ABSCHNITT}).", None)
            )
        frage = bericht.frage
        if frage is not None:
            nicht = "" if frage.erlaubt else "nicht "
            zeilen.append(
                (
                    f"→ Die {frage.farbe.name_de}-Sau darf {nicht}gerufen werden.",
                    "bold green" if frage.erlaubt else "bold red",
                )
            )
        ausgabe.drucke_zeilen(zeilen)
    if bericht.frage is not None and not bericht.frage.erlaubt:
        raise typer.Exit(1)
