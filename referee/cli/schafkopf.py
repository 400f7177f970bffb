"""Schafkopf-Befehle: ``referee ruf``, ``referee schafkopf zug``, ``referee schafkopf partie``.

Dünn: Eingabe lesen → Regelkern (``referee.schafkopf``) fragen → ausgeben.
Den Regelkern und rich erst in den Befehlen importieren (Startzeit).
"""

from __future__ import annotations

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import app, schafkopf


def _blatt_fuer(hand_text: str, deck: str | None):
    """Blatt aus ``--deck`` oder – ohne Angabe – aus der Handgröße (6 Karten = kurz)."""
    from referee.schafkopf.karten import Blatt, Schlag, parse_hand

    if deck is not None:
        return Blatt.parse(deck)
    try:
        karten = parse_hand(hand_text)
    except Exception:  # noqa: BLE001 - der genaue Fehler kommt beim eigentlichen Lesen
        return Blatt.LANG
    if len(karten) == 6 and not any(k.schlag in (Schlag.ACHT, Schlag.SIEBEN) for k in karten):
        return Blatt.KURZ
    return Blatt.LANG


@app.command("ruf")
def ruf(
    hand: str = typer.Option(..., "--hand", help="Die eigene Hand, z. B. \"EO GU H9 G10 G7 S8 SK EA\"."),
    sau: str | None = typer.Option(None, "--sau", help="Diese Sau prüfen: eichel, gras, schellen oder herz."),
    deck: str | None = typer.Option(None, "--deck", help="lang (8 Karten) oder kurz (6 Karten); "
                                    "ohne Angabe nach der Handgröße."),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Welche Sau darf ich rufen? Bin ich gesperrt?

    Für Eichel-, Gras- und Schellen-Sau: rufbar oder nicht, mit Grund und Regelabschnitt. Die Herz-Sau ist Trumpf und nie rufbar. Mit --sau: Exit 0, wenn dieser Ruf erlaubt ist, sonst 1.

    Beispiel: referee ruf --hand "EO GU H9 G10 G7 S8 SK EA" --sau gras
    """
    from referee.schafkopf.karten import Farbe, parse_hand
    from referee.schafkopf.ruf import GESPERRT_ABSCHNITT, GESPERRT_TEXT, ruf_auskunft, rufbare_saeue

    blatt = _blatt_fuer(hand, deck)
    karten = parse_hand(hand, deck=blatt, anzahl=blatt.handgroesse)
    gewaehlt = Farbe.parse(sau) if sau is not None else None
    auskunft = rufbare_saeue(karten)
    ist_gesperrt = not any(a.rufbar for a in auskunft.values())
    frage = ruf_auskunft(karten, gewaehlt) if gewaehlt is not None else None

    if als_json:
        daten: dict = {
            "hand": [str(k) for k in karten],
            "gesperrt": ist_gesperrt,
            "saeue": {f.wort: {"rufbar": a.rufbar, "grund": a.grund, "abschnitt": a.abschnitt}
                      for f, a in auskunft.items()},
        }
        if ist_gesperrt:
            daten["hinweis"] = GESPERRT_TEXT
        if frage is not None:
            daten.update({"sau": frage.farbe.wort, "rufbar": frage.rufbar, "grund": frage.grund,
                          "abschnitt": frage.abschnitt})
        ausgabe.drucke_json(daten)
    else:
        ausgabe.drucke_text(f"Hand ({blatt.value}es Blatt): " + " ".join(str(k) for k in karten))
        for f, a in auskunft.items():
            zeichen = "rufbar" if a.rufbar else "nicht rufbar"
            ausgabe.drucke_text(f"{f.name_de}-Sau: {zeichen}", stil="bold green" if a.rufbar else "bold red")
            ausgabe.drucke_text(f"  {a.grund}")
        herz = ruf_auskunft(karten, Farbe.HERZ)
        ausgabe.drucke_text("Herz-Sau: nie rufbar", stil="bold red")
        ausgabe.drucke_text(f"  {herz.grund}")
        if ist_gesperrt:
            ausgabe.drucke_text(GESPERRT_TEXT, stil="bold")
        else:
            ausgabe.drucke_text(f"Nicht gesperrt: Ein Rufspiel ist möglich ({GESPERRT_ABSCHNITT}).")
        if frage is not None:
            if frage.rufbar:
                ausgabe.drucke_text(f"→ Die {frage.farbe.name_de}-Sau darf gerufen werden.", stil="bold green")
            else:
                ausgabe.drucke_text(f"→ Die {frage.farbe.name_de}-Sau darf nicht gerufen werden.",
                                    stil="bold red")
    if frage is not None and not frage.rufbar:
        raise typer.Exit(1)


@schafkopf.command("zug")
def zug(
    spiel: str = typer.Option(..., "--spiel", help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, "
                              "ramsch oder bettel."),
    farbe: str | None = typer.Option(None, "--farbe", help="Gerufene Sau (rufspiel) bzw. Trumpffarbe "
                                     "(solo, farbwenz, farbgeier)."),
    hand: str = typer.Option(..., "--hand", help="Meine restlichen Karten."),
    stich: str = typer.Option("", "--stich", help="Die Karten, die im Stich schon liegen, in "
                              "Spielreihenfolge (leer = ich spiele aus)."),
    gesucht: bool = typer.Option(False, "--gesucht", help="Die Ruf-Sau ist schon gesucht oder gespielt."),
    davongelaufen: bool = typer.Option(False, "--davongelaufen", help="Ich (Halter der Ruf-Sau) bin "
                                       "schon davongelaufen."),
    letzter_stich: bool = typer.Option(False, "--letzter-stich", help="Es ist der letzte Stich."),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Welche Karte darf ich spielen?

    Bedienpflicht, Suchen der Ruf-Sau, Bindung der Ruf-Sau und Davonlaufen; für jede verbotene Karte der Grund mit Regelabschnitt. Exit 0.

    Beispiel: referee schafkopf zug --spiel rufspiel --farbe schellen --hand "SA S7 S8 S9 GO" --stich "SK"
    """
    from referee.schafkopf.karten import parse_hand
    from referee.schafkopf.spielart import Spiel
    from referee.schafkopf.zug import erlaubte_karten

    sp = Spiel.aus_text(spiel, farbe)
    karten = parse_hand(hand)
    liegt = parse_hand(stich) if stich.strip() else ()
    a = erlaubte_karten(karten, liegt, sp, gesucht=gesucht, davongelaufen=davongelaufen,
                        letzter_stich=letzter_stich)
    if als_json:
        daten = a.als_json()
        if a.hinweis:
            daten["hinweis"] = a.hinweis
        ausgabe.drucke_json(daten)
        return
    lage = ("Du spielst aus." if not liegt else "Im Stich: " + " ".join(str(k) for k in liegt) + ".")
    ausgabe.drucke_text(f"{sp.beschreibung}. {lage}")
    ausgabe.drucke_text("Erlaubt: " + " ".join(str(k) for k in a.erlaubt), stil="bold green")
    if a.verboten:
        ausgabe.drucke_text("Verboten:", stil="bold red")
        for v in a.verboten:
            ausgabe.drucke_text(f"  {str(v.karte):4} {v.grund}")
    if a.hinweis:
        ausgabe.drucke_text(a.hinweis, stil="bold")
