"""Ende des Abends: ``referee export``, ``referee import``, ``referee statistik``.

Dünn: ``referee.buch.Buch`` (``exportieren``, ``importieren``, ``statistik``) → Text/Datei.
Schwere Module (sqlite, rich, der Berichtskern) erst in den Befehlen importieren.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from referee.cli import gruppen
from referee.dateien import schreibe_atomar

_DB = typer.Option(
    None,
    "--db",
    metavar="DATEI",
    help="Datenbankdatei (sonst REFEREE_DB oder das Benutzer-Datenverzeichnis).",
)
_ABEND = typer.Option(
    None, "--abend", metavar="ID", help="Dieser Abend (Nummer aus „referee abend liste“)."
)
_GESAMT = typer.Option(False, "--gesamt", help="Alle Abende zusammen.")


# ---------------------------------------------------------------- Datei schreiben


def _ausgeben(
    inhalt: str, ziel: Path | None, force: bool, was: str, ist_json: bool = False
) -> None:
    if ziel is None:
        if ist_json:  # gültiges JSON auch an einem Strom, der nicht UTF-8 kann
            from referee.cli.ausgabe import schreibe_json

            schreibe_json(inhalt)
            return
        sys.stdout.write(inhalt)
        sys.stdout.flush()
        return
    schreibe_atomar(ziel, inhalt, force)
    sys.stderr.write(f"Geschrieben: {ziel} ({was}).\n")


# ---------------------------------------------------------------- export


@gruppen.app.command("export")
def export(
    abend: int = _ABEND,
    gesamt: bool = _GESAMT,
    format: str = typer.Option(
        "text",
        "--format",
        "-f",
        metavar="text|md|csv|json|html",
        help="text (für den Messenger), md, csv (eine Zeile je Eintrag), "
        "json (vollständig, für „referee import“), html (eine Seite mit Diagramm).",
    ),
    ausgabe: Path = typer.Option(
        None,
        "-o",
        "--ausgabe",
        metavar="DATEI",
        help="In diese Datei schreiben (atomar) statt auf stdout.",
    ),
    force: bool = typer.Option(
        False, "--force", help="Eine vorhandene Datei bei -o überschreiben."
    ),
    trennzeichen: str = typer.Option(
        ",",
        "--trennzeichen",
        metavar="ZEICHEN",
        help="CSV-Trennzeichen; „;“ für deutsche Tabellenprogramme "
        "(dann auch Dezimalkomma), „tab“ für Tabulator.",
    ),
    bom: bool = typer.Option(
        False, "--bom", help="UTF-8-BOM voranstellen (damit Excel Umlaute richtig liest)."
    ),
    db: str = _DB,
) -> None:
    """Der Abend (oder alle) als Text, Markdown, CSV, JSON oder HTML.

    Ohne --abend/--gesamt: der offene Abend, sonst der zuletzt angelegte. Der Text
    passt in den Gruppenchat: Stand in €, wer wem zahlt, Sabai, SAUFN, Schlafmütze.
    CSV-Felder, die ein Tabellenprogramm als Formel läse (= + - @ am Anfang), bekommen
    ein ' davor; Zahlen bleiben Zahlen.

    Beispiel: referee export --format csv --trennzeichen ";" --bom -o abend.csv
    """
    from referee.cli.gruppen import buch_oeffnen

    if trennzeichen == "\\t" or trennzeichen.lower() == "tab":
        trennzeichen = "\t"
    with buch_oeffnen(db) as buch:
        ex = buch.exportieren(abend, gesamt=gesamt, format=format, trennzeichen=trennzeichen)
    inhalt = "\ufeff" + ex.inhalt if bom else ex.inhalt
    _ausgeben(inhalt, ausgabe, force, ex.beschreibung, ist_json=format == "json")


# ---------------------------------------------------------------- import


@gruppen.app.command("import")
def import_(
    datei: str = typer.Argument(
        ..., metavar="DATEI", help="JSON aus „referee export --format json“ (- = stdin)."
    ),
    als_json: bool = typer.Option(False, "--json", help="Zusammenfassung als JSON."),
    dazu: bool = typer.Option(
        False,
        "--dazu",
        help="Zu einem Buch mit Daten dazunehmen (Bekanntes wird erkannt, nie verdoppelt).",
    ),
    db: str = _DB,
) -> None:
    """Einen JSON-Export in eine leere Datenbank übernehmen (Nummern und Zeiten bleiben).

    Export → Import → Export ergibt dieselbe JSON-Datei. In eine Datenbank mit Daten
    wird nur mit --dazu importiert: die Abende und Turniere eines anderen Buchs kommen dazu,
    was schon da ist (gleiche Kennung), nicht noch einmal, ein späterer Stand ergänzt;
    derselbe Abend oder dasselbe Turnier mit anderem Inhalt wird abgelehnt (Exit 2, nichts
    importiert).

    Beispiel: referee import abende.json --db neu.db
    Beispiel: referee import von-hans.json --dazu
    """
    import json

    from referee.buch.antworten import Dazugenommen
    from referee.cli.ausgabe import drucke_json
    from referee.cli.gruppen import buch_oeffnen
    from referee.dateien import lies_text
    from referee.errors import Eingabefehler
    from referee.jsonform import json_laden

    text = lies_text(datei)
    try:
        daten = json_laden(text)  # eine Zahl mit 5000 Ziffern: Eingabefehler, kein Absturz
    except (json.JSONDecodeError, RecursionError) as exc:
        wo = (
            f" (Zeile {exc.lineno}, Spalte {exc.colno})"
            if isinstance(exc, json.JSONDecodeError)
            else ""
        )
        raise Eingabefehler(
            f"{datei} ist kein gültiges JSON{wo}; "
            "erwartet wird die Ausgabe von „referee export --format json“."
        ) from None
    except Eingabefehler as exc:  # eine Zahl mit tausenden Ziffern
        raise Eingabefehler(f"Import abgelehnt – Datei: {exc.meldung} Nichts importiert.") from None
    with buch_oeffnen(db) as buch:
        r = buch.dazunehmen(daten) if dazu else buch.importieren(daten)
    if r.ohne_kennung:
        abende = r.ohne_kennung - r.ohne_kennung_turniere
        was = " und ".join(
            ([_abende(abende)] if abende else [])
            + ([_turniere(r.ohne_kennung_turniere)] if r.ohne_kennung_turniere else [])
        )
        sys.stderr.write(
            f"Warnung: {was} der Datei ohne Kennung (ein Export einer älteren "
            f"referee-Version) {'bekam' if r.ohne_kennung == 1 else 'bekamen'} eine neue; ein späteres „import --dazu“ derselben Datei "
            "erkennt sie nicht wieder. Besser neu exportieren.\n"
        )
    if als_json:
        drucke_json(r.als_json())
        return
    if isinstance(r, Dazugenommen):
        teile = [f"{_abende(r.abende_neu)} neu"]
        if r.abende_ergaenzt:
            teile.append(f"{_abende(r.abende_ergaenzt)} ergänzt")
        if r.abende_vorhanden:
            teile.append(f"{_abende(r.abende_vorhanden)} schon da")
        for n, wie in (
            (r.turniere_neu, "neu"),
            (r.turniere_ergaenzt, "ergänzt"),
            (r.turniere_vorhanden, "schon da"),
        ):
            if n:
                teile.append(f"{_turniere(n)} {wie}")
        sys.stderr.write(
            f"Dazugenommen nach {r.pfad}: {', '.join(teile)}; {_eintraege(r.eintraege_neu)} und "
            f"{r.spieler_neu} Spieler neu. Das Buch hat jetzt {_abende(r.abende)}"
            f"{' und ' + _turniere(r.turniere) if r.turniere else ''}.\n"
        )
        return
    sys.stderr.write(
        f"Importiert nach {r.pfad}: {r.spieler} Spieler, {_abende(r.abende)}, "
        f"{_eintraege(r.eintraege)}{', ' + _turniere(r.turniere) if r.turniere else ''}.\n"
    )


def _abende(n: int) -> str:
    return f"{n} Abend" + ("" if n == 1 else "e")


def _eintraege(n: int) -> str:
    return f"{n} Eintr" + ("ag" if n == 1 else "äge")


# ---------------------------------------------------------------- umziehen


@gruppen.app.command("umziehen")
def umziehen(
    ziel: str = typer.Argument(
        ...,
        metavar="ZIEL",
        help="Das leere Ziel: eine Datei oder eine PostgreSQL-URL (postgresql://…).",
    ),
    als_json: bool = typer.Option(False, "--json", help="Zusammenfassung als JSON."),
    db: str = _DB,
) -> None:
    """Das ganze Buch in ein leeres anderes bringen: SQLite → PostgreSQL oder zurück.

    Abende, Turniere, Schreib-Schlüssel und Geheimnisse (die Tisch-Links gelten weiter)
    ziehen mit; Nummern und Zeiten bleiben, der JSON-Export ist danach derselbe. Ein Ziel mit
    Daten wird nicht angerührt (Exit 2).

    Beispiel: referee umziehen verein.db
    """
    from referee.cli.ausgabe import drucke_json
    from referee.cli.gruppen import buch_oeffnen

    with buch_oeffnen(db) as buch:
        u = buch.umziehen(ziel)
    if als_json:
        drucke_json(u.als_json())
    else:
        sys.stderr.write(
            f"Umgezogen nach {u.ziel}: {u.zeilen.get('spieler', 0)} Spieler, "
            f"{_abende(u.zeilen.get('abende', 0))}, {_eintraege(u.zeilen.get('eintraege', 0))}, "
            f"{_turniere(u.zeilen.get('turniere', 0))} ({sum(u.zeilen.values())} Zeilen).\n"
        )


def _turniere(n: int) -> str:
    return f"{n} Turnier" + ("" if n == 1 else "e")


# ---------------------------------------------------------------- sicherung

#: Was die Zeile nach einer Sicherung nennt (Tabelle → Wort, Einzahl/Mehrzahl)
_GESICHERT_WORTE = (
    ("abende", "Abend", "Abende"),
    ("eintraege", "Eintrag", "Einträge"),
    ("turniere", "Turnier", "Turniere"),
    ("turnier_eintraege", "Turniereintrag", "Turniereinträge"),
)


@gruppen.app.command("sicherung")
def sicherung(
    datei: str = typer.Argument(..., metavar="DATEI", help="Wohin die Kopie geschrieben wird."),
    force: bool = typer.Option(False, "--force", help="Eine vorhandene DATEI überschreiben."),
    als_json: bool = typer.Option(False, "--json", help="Was geschrieben wurde, als JSON."),
    db: str = _DB,
) -> None:
    """Das ganze Buch (Abende und Turniere) sicher kopieren – auch während „live“ oder „turnier live“ schreibt; statt cp, das die -wal-Datei verliert. Die Kopie wird geprüft (integrity_check, Zeilen je Tabelle).

    Beispiel: referee sicherung turnier-sicherung.db
    """
    from referee.cli.ausgabe import drucke_json
    from referee.cli.gruppen import buch_oeffnen

    with buch_oeffnen(db) as buch:
        r = buch.sicherung(Path(datei), ueberschreiben=force)
    if als_json:
        drucke_json(r.als_json())
        return
    g = r.gesichert
    zahlen = dict(g.tabellen)
    teile = [
        f"{zahlen[t]} {ein if zahlen[t] == 1 else mehr}"
        for t, ein, mehr in _GESICHERT_WORTE
        if zahlen.get(t)
    ]
    was = ", ".join(teile) or "keine Einträge"
    sys.stdout.write(
        f"Gesichert: {g.datei} ({g.groesse} Bytes, Schema {g.schema}; geprüft: "
        f"integrity_check {g.integritaet}, {was}).\n"
    )


# ---------------------------------------------------------------- statistik


@gruppen.app.command("statistik")
def statistik(
    abend: int = _ABEND,
    gesamt: bool = _GESAMT,
    spieler: str = typer.Option(None, "--spieler", metavar="NAME", help="Nur diese Person."),
    als_json: bool = typer.Option(False, "--json", help="Als JSON (Beträge in Cent)."),
    db: str = _DB,
) -> None:
    """Statistik: Schafkopf je Spieler (Rollen, gewonnen %, Soli, Schneider …), Sabai, SAUFN, Schlafmütze.

    Ohne --abend/--gesamt: der offene Abend, sonst der zuletzt angelegte.

    Beispiel: referee statistik --gesamt --spieler Anna
    """
    from referee.cli.ausgabe import drucke_json
    from referee.cli.gruppen import buch_oeffnen

    with buch_oeffnen(db) as buch:
        s = buch.statistik(abend, gesamt=gesamt, spieler=spieler)
    daten, abende = s.als_json(), s.abende
    if als_json:
        drucke_json(daten)
        return
    from referee.bericht.formate import datum_de, spieler_text, statistik_text

    titel = "Alle Abende" if gesamt else f"Abend {abende[0].id} ({datum_de(abende[0].datum)})"
    text = spieler_text(daten, titel) if spieler is not None else statistik_text(daten, titel)
    sys.stdout.write(text)
