"""Saisons und Spieler: ``referee saison …`` (anlegen, Ereignisse dazu/weg, Rangliste, Statistik,
live) und ``referee spieler …`` (zusammenführen, trennen, liste).

Dünn: je Befehl eine Methode von ``referee.buch.saison.Saisonbuch``, dann mit rich oder
``--json`` ausgeben. Buch, rich und fpdf2 erst in den Befehlen (Startzeit).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import drucke_json, drucke_text
from referee.cli.eingabe import DB, HOST, JSON, NEU_LADEN, PORT
from referee.cli.gruppen import db_wahl
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from referee.buch.saison import Saisonbuch
    from referee.buch.saison.antworten import (
        Ereignisinfo,
        SaisonAnsicht,
        Saisonstand,
        Saisonstatistik,
    )

saison = gruppen.saison
spieler = gruppen.spieler

SAISON = Annotated[
    int | None,
    typer.Option(
        "--saison",
        metavar="ID",
        min=1,
        help="Diese Saison (Nummer aus „referee saison liste“); sonst die jüngste.",
    ),
]
FORCE = Annotated[bool, typer.Option("--force", help="Eine vorhandene Datei bei -o überschreiben.")]
WERTUNG = Annotated[
    str | None,
    typer.Option(
        "--wertung",
        metavar="NAME[:ZAHLEN]",
        help="summe, beste:8, platzpunkte:25,20,16, formel1, schnitt:30 (referee saison wertungen).",
    ),
]
SETZEN = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="SCHLUESSEL=WERT",
        help="Wertung überschreiben, z. B. --set beste=6 turniere=20 abende=0 mindestspiele=50.",
    ),
]
ART = Annotated[str, typer.Argument(metavar="abend|turnier", help="Was: abend oder turnier.")]
NUMMER = Annotated[int, typer.Argument(metavar="N", min=1, help="Die Nummer des Abends/Turniers.")]


def _buch(db: str | None) -> Saisonbuch:
    from referee.buch.saison import Saisonbuch

    return Saisonbuch(db_wahl(db))


def _zeile(text: str, stil: str | None = None) -> None:
    drucke_text(text, stil)


def _tabelle(koepfe: list[str], rechts: list[bool], zeilen: list[list[str]]) -> None:
    from referee.cli.turnier import _tabelle as tabelle

    tabelle(koepfe, rechts, zeilen)


def _schreibe(ziel: Path, daten: bytes | str, force: bool) -> None:
    from referee.dateien import schreibe_atomar

    schreibe_atomar(ziel, daten, force)


def _ereignisse(infos: Iterable[Ereignisinfo]) -> None:
    for e in infos:
        grund = {"datum": "", "dazu": " (dazugenommen)", "weg": " (weggelassen)"}[e.grund]
        _zeile(f"  {e.datum}  {e.titel} [{e.art} {e.id}], {e.teilnehmer} Teilnehmer{grund}")


# --------------------------------------------------------------------------- anlegen


@saison.command("neu", cls=mehrwertig())
def saison_neu(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Der Name der Saison.")],
    von: Annotated[str, typer.Option("--von", metavar="JJJJ-MM-TT", help="Erster Tag.")],
    bis: Annotated[str, typer.Option("--bis", metavar="JJJJ-MM-TT", help="Letzter Tag.")],
    wertung: WERTUNG = None,
    setzen: SETZEN = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Eine Saison anlegen: Zeitraum und Wertung. Abende und Turniere im Zeitraum gehören dazu; andere nimmt „saison dazu“ auf, „saison weg“ lässt welche weg. Saisons dürfen sich überschneiden.

    Beispiel: referee saison neu "Jahreswertung 2027" --von 2027-01-01 --bis 2027-12-31 --wertung beste:8
    """
    with _buch(db) as sb:
        r = sb.neu(name, von=von, bis=bis, wertung=wertung, setzen=setzen or [])
    if als_json:
        drucke_json(r.als_json())
        return
    s = r.saison
    _zeile(f"Saison {s.id}: {s.name} ({s.von} bis {s.bis})", "bold")
    _zeile(r.wertung_text)
    _zeile(f"{len(r.ereignisse)} Abende und Turniere gehören nach dem Datum dazu.")
    _zeile("Weiter: referee saison stand (oder saison dazu turnier N)", "dim")


@saison.command("aendern", cls=mehrwertig())
def saison_aendern(
    name: Annotated[str | None, typer.Option("--name", help="Neuer Name.")] = None,
    von: Annotated[str | None, typer.Option("--von", metavar="JJJJ-MM-TT")] = None,
    bis: Annotated[str | None, typer.Option("--bis", metavar="JJJJ-MM-TT")] = None,
    wertung: WERTUNG = None,
    setzen: SETZEN = None,
    saison_id: SAISON = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Name, Zeitraum oder Wertung einer Saison ändern (eine neue Fassung; die alte bleibt im Verlauf).

    Beispiel: referee saison aendern --set beste=6
    """
    with _buch(db) as sb:
        r = sb.aendern(saison_id, name=name, von=von, bis=bis, wertung=wertung, setzen=setzen or [])
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_saison(r)


@saison.command("wertungen")
def saison_wertungen(als_json: JSON = False) -> None:
    """Die mitgelieferten Wertungen mit ihrer Quelle (oder dem Hinweis, dass sie Konvention sind).

    Beispiel: referee saison wertungen
    """
    from referee.buch.saison import Saisonbuch

    r = Saisonbuch.wertungen()
    if als_json:
        drucke_json(r.als_json())
        return
    for w in r.wertungen:
        _zeile(w.name, "bold")
        _zeile("  " + w.beschreibung)
        _zeile("  Quelle: " + w.quelle, "dim")


@saison.command("liste")
def saison_liste(db: DB = None, als_json: JSON = False) -> None:
    """Alle Saisons im Buch (Nummer, Name, Zeitraum, Ereignisse).

    Beispiel: referee saison liste --json
    """
    with _buch(db) as sb:
        r = sb.liste()
    if als_json:
        drucke_json(r.als_json())
        return
    if not r.saisons:
        _zeile("Noch keine Saison (referee saison neu NAME --von … --bis …).")
        return
    _tabelle(
        ["Nr.", "Name", "von", "bis", "Ereignisse"],
        [True, False, False, False, True],
        [[str(s.id), s.name, s.von, s.bis, str(n)] for s, n in zip(r.saisons, r.ereignisse)],
    )


def _zeige_saison(r: SaisonAnsicht) -> None:
    s = r.saison
    _zeile(f"Saison {s.id}: {s.name} ({s.von} bis {s.bis})", "bold")
    _zeile(r.wertung_text)
    _zeile(f"{len(r.ereignisse)} Abende und Turniere:")
    _ereignisse(r.ereignisse)
    if r.weggelassen:
        _zeile("Weggelassen:")
        _ereignisse(r.weggelassen)


@saison.command("zeigen")
def saison_zeigen(saison_id: SAISON = None, db: DB = None, als_json: JSON = False) -> None:
    """Eine Saison: Wertung, ihre Abende und Turniere (und warum), die weggelassenen, alle Änderungen.

    Beispiel: referee saison zeigen --saison 1
    """
    with _buch(db) as sb:
        r = sb.zeigen(saison_id)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_saison(r)


def _zuordnen(
    art: str, was: str, nummer: int, saison_id: int | None, db: str | None, als_json: bool
) -> None:
    with _buch(db) as sb:
        r = sb.zuordnen(art, was, nummer, saison_id)
    if als_json:
        drucke_json(r.als_json())
        return
    wort = "gehört jetzt dazu" if art == "dazu" else "zählt jetzt nicht mehr"
    _zeile(f"{r.ereignis.titel} ({r.ereignis.datum}) {wort}: Saison {r.saison.name}.")
    _zeile(f"Die Saison hat {len(r.ereignisse)} Abende und Turniere.", "dim")


@saison.command("dazu")
def saison_dazu(
    was: ART, nummer: NUMMER, saison_id: SAISON = None, db: DB = None, als_json: JSON = False
) -> None:
    """Einen Abend oder ein Turnier in die Saison nehmen, gleich welches Datum.

    Beispiel: referee saison dazu turnier 1
    """
    _zuordnen("dazu", was, nummer, saison_id, db, als_json)


@saison.command("weg")
def saison_weg(
    was: ART, nummer: NUMMER, saison_id: SAISON = None, db: DB = None, als_json: JSON = False
) -> None:
    """Einen Abend oder ein Turnier aus der Saison lassen, auch wenn sein Datum passt.

    Beispiel: referee saison weg abend 2
    """
    _zuordnen("weg", was, nummer, saison_id, db, als_json)


# --------------------------------------------------------------------------- Rangliste


@saison.command("stand")
def saison_stand(
    format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            metavar="text|csv|html",
            help="text (Tabelle), csv (eine Zeile je Person), html (Seite mit Verlauf als SVG).",
        ),
    ] = "text",
    ausgabe: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--ausgabe",
            metavar="DATEI",
            help="In diese Datei schreiben: als PDF (mit Verlauf), mit --format csv|html in "
            "diesem Format.",
        ),
    ] = None,
    force: FORCE = False,
    saison_id: SAISON = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Rangliste der Saison: Platz, Name, Wert, je Ereignis sein Ergebnis (Streichergebnisse in Klammern), Ereignisse, Spiele, gewonnene Soli. Gleichstand: mehr Siege, bestes Einzelergebnis, direkter Vergleich.

    Beispiel: referee saison stand --json
    """
    from referee.errors import Eingabefehler

    if format not in ("text", "csv", "html"):
        raise Eingabefehler(f"--format „{format}“ gibt es nicht; erlaubt: text, csv, html.")
    with _buch(db) as sb:
        r = sb.stand(saison_id)
    if ausgabe is not None or format != "text":
        from referee.buch.saison import formate

        if format == "csv":
            inhalt: str | bytes = formate.stand_csv(r)
        else:
            from referee.buch.saison.antworten import Rangverlauf
            from referee.saison.rangliste import rangverlauf

            verlauf = Rangverlauf(*rangverlauf(r.ereignisse, r.wertung))
            if format == "html":
                inhalt = formate.stand_html(r, verlauf)
            else:
                from referee.buch.saison.pdf import stand_pdf

                inhalt = stand_pdf(r, verlauf)
        if ausgabe is not None:
            _schreibe(ausgabe, inhalt, force)
            if not als_json:
                was = "PDF" if format == "text" else format.upper()
                _zeile(f"Geschrieben: {ausgabe} (Rangliste als {was}, {len(r.rangliste)} Zeilen).")
        elif not als_json:
            import sys

            assert isinstance(inhalt, str)
            sys.stdout.write(inhalt)
            sys.stdout.flush()
            return
    if als_json:
        drucke_json(r.als_json())
        return
    if ausgabe is not None:
        return
    _zeige_stand(r)


def _zeige_stand(r: Saisonstand) -> None:
    from referee.buch.saison.formate import spalte, wert_text, zellen

    _zeile(f"{r.saison.name} ({r.saison.von} bis {r.saison.bis})", "bold")
    _zeile(r.wertung.text(), "dim")
    if not r.rangliste:
        _zeile("Noch keine Ergebnisse in dieser Saison.")
        return
    spalten = [spalte(e) for e in r.ereignisse]
    _tabelle(
        ["Platz", "Name", "Wert", *spalten, "Ereign.", "Spiele", "Soli"],
        [True, False, True, *([True] * len(spalten)), True, True, True],
        [
            [
                "–" if z.platz is None else f"{z.platz}.",
                z.name,
                wert_text(z.wert),
                *zellen(z, r.ereignisse),
                str(len(z.ereignisse)),
                str(z.spiele),
                str(z.soli),
            ]
            for z in r.rangliste
        ],
    )
    _zeile("  ".join(f"{spalte(e)} = {e.titel} ({e.datum})" for e in r.ereignisse), "dim")


@saison.command("statistik")
def saison_statistik(
    name: Annotated[
        str | None, typer.Option("--spieler", metavar="NAME", help="Nur diese Person.")
    ] = None,
    format: Annotated[
        str,
        typer.Option(
            "--format", "-f", metavar="text|html", help="text oder html (mit Verlauf als SVG)."
        ),
    ] = "text",
    ausgabe: Annotated[
        Path | None,
        typer.Option("-o", "--ausgabe", metavar="DATEI", help="Die HTML-Seite in diese Datei."),
    ] = None,
    force: FORCE = False,
    saison_id: SAISON = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Kennzahlen der Saison je Person: Spiele, gewonnen %, Soli gespielt und gewonnen, bester Abend, längste Serie gewonnener Spiele, bester Rufspiel-Partner; die besten Paare; der Verlauf der Plätze.

    Beispiel: referee saison statistik --spieler Anna
    """
    from referee.errors import Eingabefehler

    if format not in ("text", "html"):
        raise Eingabefehler(f"--format „{format}“ gibt es nicht; erlaubt: text, html.")
    with _buch(db) as sb:
        r = sb.statistik(saison_id, name)
    if als_json:
        drucke_json(r.als_json())
        return
    if format == "html" or ausgabe is not None:
        from referee.buch.saison.formate import statistik_html

        html = statistik_html(r)
        if ausgabe is None:
            import sys

            sys.stdout.write(html)
            return
        _schreibe(ausgabe, html, force)
        _zeile(f"Geschrieben: {ausgabe} (Statistik als HTML).")
        return
    _zeige_statistik(r)


def _zeige_statistik(r: Saisonstatistik) -> None:
    from referee.saison.statistik import prozent

    _zeile(f"{r.saison.name} – Statistik", "bold")
    for k in r.spieler:
        _zeile(k.name, "bold")
        pz = prozent(k.gewonnen, k.abendspiele)
        gew = "" if pz is None else f", am Abend {k.gewonnen} von {k.abendspiele} gewonnen ({pz} %)"
        _zeile(f"  {k.spiele} Spiele{gew}")
        _zeile(f"  Soli: {k.soli.gespielt} gespielt, {k.soli.gewonnen} gewonnen")
        if k.bester_abend is not None:
            a, datum, cent = k.bester_abend
            _zeile(f"  Bester Abend: Abend {a} ({datum}) mit {cent:+d} ct")
        if k.laengste_serie.spiele:
            s = k.laengste_serie
            _zeile(f"  Längste Serie: {s.spiele} gewonnene Spiele in Folge (ab Abend {s.abend})")
        if k.partner:
            p = k.partner[0]
            _zeile(f"  Bester Rufspiel-Partner: {p.name} ({p.gewonnen} von {p.spiele} gewonnen)")
        if k.turniere.anzahl:
            t = k.turniere
            _zeile(f"  Turniere: {t.anzahl}, {t.punkte:+d} Punkte, bester Platz {t.bester_platz}")
    if r.paare:
        _zeile("Beste Rufspiel-Paare:", "bold")
        for paar in r.paare[:5]:
            _zeile(
                f"  {paar.namen[0]} + {paar.namen[1]}: {paar.gewonnen} von {paar.spiele} gewonnen"
            )


# --------------------------------------------------------------------------- live


@saison.command("live")
def saison_live(
    host: HOST = None,
    port: PORT = 8723,
    neu_laden: NEU_LADEN = 10,
    ohne_qr: Annotated[bool, typer.Option("--ohne-qr", help="Keinen QR-Code zeigen.")] = False,
    saison_id: SAISON = None,
    db: DB = None,
    als_json: Annotated[
        bool,
        typer.Option(
            "--json", help='Für Skripte: eine Zeile {"lesen": URL, "saison", "host", "port", …}.'
        ),
    ] = False,
) -> None:
    """Die Rangliste der Saison live auf Handys und Beamer (nur lesen): eine Seite im lokalen Netz, die sich bei jedem neuen Spiel, Tischblatt oder jeder Änderung der Saison selbst aktualisiert. Strg-C beendet.

    Beispiel: referee saison live --port 8724
    """
    import json
    import sys

    from referee.cli.live import _kann_halbbloecke, diene
    from referee.cli.live import _schreibe as schreibe
    from referee.live import starte_saison_im_thread

    server = starte_saison_im_thread(db_wahl(db), saison_id, host, port, neu_laden=neu_laden)

    def beginn() -> None:
        if als_json:
            zeile = {
                "lesen": server.url,
                "saison": server.saison_id,
                "host": server.host,
                "port": server.port,
                "nur_lokal": server.nur_lokal,
            }
            schreibe(json.dumps(zeile, ensure_ascii=False) + "\n")
        else:
            schreibe(f"Saison: {server.url}\n")
            if not ohne_qr:
                schreibe(server.qr_text(kompakt=_kann_halbbloecke()))
        schreibe(
            "Jeder mit dem Link sieht die Rangliste der Saison; nur lesen.\nBeenden mit Strg-C.\n",
            sys.stderr,
        )

    diene(server, beginn)
    schreibe("Saison live beendet. Tschüss!\n", sys.stderr)


# --------------------------------------------------------------------------- Spieler


@spieler.command("zusammenfuehren")
def spieler_zusammenfuehren(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Der andere Name, z. B. „Sepp“.")],
    ziel: Annotated[
        str, typer.Argument(metavar="ZIEL", help="Der Name, unter dem die Person zählt.")
    ],
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Zwei Namen derselben Person zusammenführen: in jeder Saison zählen ihre Abende und Turniere als eine Person (unter ZIEL). Nur ein Vermerk – die Abende und Turniere bleiben, wie sie geschrieben wurden; „spieler trennen“ hebt ihn auf.

    Beispiel: referee spieler zusammenfuehren "Sepp" "Sepp Huber"
    """
    with _buch(db) as sb:
        r = sb.zusammenfuehren(name, ziel)
    if als_json:
        drucke_json(r.als_json())
        return
    p = r.person
    _zeile(f"„{r.alias.name}“ zählt jetzt als „{p.name}“.", "bold")
    _zeile(f"{p.name}: {', '.join(p.namen)} – {p.abende} Abende, {p.turniere} Turniere.")


@spieler.command("trennen")
def spieler_trennen(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Der zusammengeführte Name.")],
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Eine Zusammenführung aufheben (eine neue Zeile; die alte bleibt im Verlauf).

    Beispiel: referee spieler trennen "Sepp"
    """
    with _buch(db) as sb:
        r = sb.trennen(name)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(f"„{r.aufgehoben.name}“ zählt wieder für sich (nicht mehr als „{r.aufgehoben.ziel}“).")


@spieler.command("liste")
def spieler_liste(db: DB = None, als_json: JSON = False) -> None:
    """Wer wer ist: jede Person mit allen Namen, unter denen sie in Abenden und Turnieren steht.

    Beispiel: referee spieler liste --json
    """
    with _buch(db) as sb:
        r = sb.spieler()
    if als_json:
        drucke_json(r.als_json())
        return
    if not r.personen:
        _zeile("Noch keine Spieler im Buch.")
        return
    _tabelle(
        ["Person", "Namen", "Abende", "Turniere"],
        [False, False, True, True],
        [[p.name, ", ".join(p.namen), str(p.abende), str(p.turniere)] for p in r.personen],
    )
