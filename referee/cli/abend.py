"""Spielabende und das Buch: ``referee abend …``, ``stand``, ``verlauf``, ``rueckgaengig``,
``korrektur`` und ``referee schafkopf eintragen``.

Dünn: Argumente lesen → eine Methode von ``referee.buch.Buch`` → mit rich oder ``--json``
(``als_json()`` der Antwort) ausgeben. Buch, Regelkern und rich werden erst in den Befehlen
importiert (Startzeit).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, euro
from referee.cli.gruppen import buch_oeffnen
from referee.cli.mehrwert import mehrwertig
from referee.cli.mehrwert import werte as _namen

DB = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="PFAD",
        help="Datenbankdatei (sonst $REFEREE_DB, sonst ~/.local/share/referee/referee.db).",
    ),
]
JSON = Annotated[bool, typer.Option("--json", help="Ausgabe als JSON auf stdout.")]


def _meldung(text: str) -> None:
    """Eine Meldung auf stderr (nie als Markup gedeutet)."""
    sys.stderr.write(text + "\n")


# --------------------------------------------------------------------------- Darstellung


def _kopfzeile(abend) -> str:
    teile = [f"Abend {abend.id}", abend.datum]
    if abend.ort:
        teile.append(abend.ort)
    teile.append("offen" if abend.offen else "beendet")
    return " · ".join(teile)


def _tarif_text(abend) -> str:
    t = abend.tarif or {}
    if not t:
        return "–"
    name = t.get("name") or "eigener"
    preise = []
    for k, wort in (
        ("grund", "Rufspiel"),
        ("solo", "Solo"),
        ("schneider", "Schneider"),
        ("laufende", "Laufende"),
    ):
        if k in t:
            preise.append(f"{wort} {euro(t[k]).lstrip('+')}")
    return f"{name} ({', '.join(preise)})" if preise else name


def _trend(stand) -> dict[str, str]:
    """Sparkline des Schafkopf-Saldos je Spieler über den Abend (gemeinsame Skala)."""
    from referee.bericht.grafik import sparklines

    reihen = {n: list(r) for n, r in stand.verlauf.items()}
    if all(len(r) < 3 for r in reihen.values()):
        return {}
    return sparklines(reihen, breite=16)


def _zeige_stand(stand: dict, titel: str, trend: dict[str, str] | None = None) -> None:
    """Tabelle, dann „Wer zahlt wem“ (Schafkopf)."""
    _druck(_stand_tabelle(stand, titel, trend))
    if any(stand["schafkopf"].values()):
        from referee.bericht.ausgleich import ausgleich_zeilen

        _druck(_text("Wer zahlt wem:"))
        for zeile in ausgleich_zeilen(stand["schafkopf"]):
            _druck(_text("  " + zeile))


def _stand_tabelle(stand: dict, titel: str, trend: dict[str, str] | None = None):
    """Eine rich-Tabelle: je Spieler die Spalten der Spiele, die Daten haben."""
    from rich.table import Table
    from rich.text import Text

    spalten = []
    if trend:
        spalten.append(("Verlauf", lambda n: trend.get(n, "")))
    if stand["schafkopf"] or stand["abend"] is not None:
        spalten.append(
            ("Schafkopf", lambda n: euro(stand["schafkopf"][n]) if n in stand["schafkopf"] else "")
        )
    if stand["sabai"]:
        spalten.append(
            (
                "Sabai SP",
                lambda n: (
                    (f"{stand['sabai'][n]:+d}" if stand["sabai"][n] else "0")
                    if n in stand["sabai"]
                    else ""
                ),
            )
        )
    if stand.get("ruhmeshalle"):
        spalten.append(("Ruhmeshalle", lambda n: str(stand["ruhmeshalle"].get(n, "")) or ""))
    if stand["saufn"]:
        spalten.append(
            (
                "SAUFN 1./2./3.",
                lambda n: (
                    "/".join(str(stand["saufn"][n][p]) for p in "123")
                    if n in stand["saufn"]
                    else ""
                ),
            )
        )
    if stand["schlafmuetze"]:
        spalten.append(
            (
                "Schlafmütze",
                lambda n: str(stand["schlafmuetze"][n]) if n in stand["schlafmuetze"] else "",
            )
        )
    namen: list[str] = []
    for spiel in ("schafkopf", "sabai", "saufn", "schlafmuetze"):
        for n in stand[spiel]:
            if n not in namen:
                namen.append(n)
    from rich.console import Group

    tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler")
    for kopf, _ in spalten:
        tab.add_column(kopf, justify="left" if kopf == "Verlauf" else "right")
    for n in namen:
        tab.add_row(Text(n), *[Text(f(n)) for _, f in spalten])
    return Group(Text(titel, style="bold"), tab)


def _beschreibung(e, namen_nach_id: dict | None = None) -> str:
    """Eine Zeile: was der Eintrag festhält (ohne Beträge)."""
    r = e.ergebnis
    if e.art == "storno":
        return f"Storno von #{e.bezug}"
    vor = f"Korrektur von #{e.bezug}: " if e.art == "korrektur" else ""
    if e.spiel == "schafkopf":
        art = str(r.get("spielart") or "").capitalize() or "Spiel"
        if r.get("spielart") == "ramsch":
            if r.get("durchmarsch"):
                text = f"Ramsch: Durchmarsch {r['durchmarsch']}"
            else:
                text = "Ramsch: verliert " + "+".join(r.get("verlierer") or [])
            if r.get("jungfrauen"):
                text += ", Jungfrau " + "+".join(r["jungfrauen"])
        else:
            wer = "+".join(x for x in (r.get("spieler"), r.get("partner")) if x)
            text = f"{art} {wer} " + ("gewonnen" if r.get("gewonnen") else "verloren")
            extra = []
            if r.get("augen") is not None:
                extra.append(f"{r['augen']} Augen")
            if r.get("laufende"):
                extra.append(f"{r['laufende']} Laufende")
            for k, wort in (("schwarz", "schwarz"), ("tout", "Tout"), ("sie", "Sie")):
                if r.get(k):
                    extra.append(wort)
            if r.get("schneider") and not r.get("schwarz"):
                extra.append("Schneider")
            if r.get("klopfer"):
                extra.append(f"{r['klopfer']}× geklopft")
            if r.get("stoesse"):
                extra.append(f"{r['stoesse']}× Stoß")
            if extra:
                text += " (" + ", ".join(extra) + ")"
        return vor + text
    if e.spiel == "sabai":
        sp = ", ".join(f"{n} {v:+d}" for n, v in (r.get("siegpunkte") or {}).items() if v)
        text = "sabai-sabai: Siegpunkte " + (sp or "keine")
        if r.get("ruhmeshalle"):
            text += "; Ruhmeshalle: " + ", ".join(r["ruhmeshalle"])
        if r.get("letzte"):
            text += " (letzte Partie)"
        return vor + text
    if e.spiel == "saufn":
        plaetze = " ".join(f"{i}. {n}" for i, n in enumerate(r.get("plaetze") or [], start=1))
        return vor + f"SAUFN: {plaetze}"
    if e.spiel == "schlafmuetze":
        return vor + f"Schlafmütze: gewonnen hat {r.get('sieger')}"
    return vor + e.spiel


def _betraege(e) -> str:
    if e.spiel == "schafkopf" and e.ergebnis.get("zahlungen"):
        return " · ".join(f"{n} {euro(c)}" for n, c in e.ergebnis["zahlungen"].items())
    return ""


def _zeit(iso: str) -> str:
    return iso[11:16] if len(iso) >= 16 else iso


def _druck(*teile) -> None:
    from referee.cli.ausgabe import konsole

    konsole().print(*teile)


def _text(s: str, stil: str = ""):
    from rich.text import Text

    return Text(s, style=stil)


def _geber_text(g) -> str:
    text = f"Geber: {g.geber} · spielt aus: {g.ausspieler}"
    if g.aussetzer:
        text += f" · setzt aus: {', '.join(g.aussetzer)}"
    return text


# --------------------------------------------------------------------------- referee abend


@gruppen.abend.callback(invoke_without_command=True)
def abend_zeigen(ctx: typer.Context, db: DB = None, als_json: JSON = False) -> None:
    """Spielabende: ohne Unterbefehl den aktuellen Abend zeigen (Spieler, Tarif, Geber, Stand).

    Beispiel: referee abend neu --spieler Anna Ben Cem Dora
    """
    if ctx.invoked_subcommand is not None:
        return  # „referee abend --db X neu …“: der Unterbefehl liest --db (gruppen.db_wahl)
    ansicht = buch_oeffnen(db).abend()
    if als_json:
        drucke_json(ansicht.als_json())
        return
    _zeige_abend(ansicht.abend, ansicht.stand, ansicht.geber)


def _zeige_abend(a, stand, g) -> None:
    from referee.schafkopf.tisch import KONVENTION

    _druck(_text(_kopfzeile(a), "bold"))
    _druck(_text("Spieler: " + ", ".join(a.spieler)))
    _druck(_text("Tarif: " + _tarif_text(a)))
    if a.hausregeln:
        _druck(_text("Hausregeln: " + ", ".join(f"{k}={v}" for k, v in a.hausregeln.items())))
    if a.offen and len(a.spieler) >= 4:
        _druck(_text(_geber_text(g) + f" (nach {g.spiele} Schafkopfspielen)"))
        _druck(_text(KONVENTION, "dim"))
    _zeige_stand(stand.als_json(), "Stand", _trend(stand))


@gruppen.abend.command("neu", cls=mehrwertig())
def abend_neu(
    vorne: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME]...",
            help="Spieler auch ohne --spieler (stehen vor denen nach --spieler).",
        ),
    ] = None,
    spieler: Annotated[
        list[str] | None,
        typer.Option(
            "--spieler",
            "-s",
            help="Die Spieler in Sitzordnung im Uhrzeigersinn: --spieler Anna Ben Cem Dora.",
        ),
    ] = None,
    ort: Annotated[str | None, typer.Option("--ort", help="Wo gespielt wird.")] = None,
    datum: Annotated[
        str | None,
        typer.Option("--datum", metavar="JJJJ-MM-TT", help="Datum (Standard: heute)."),
    ] = None,
    tarif: Annotated[
        str | None,
        typer.Option(
            "--tarif",
            help="Schafkopf-Tarif (z. B. 10-20-50, 5-10-20; Liste: referee schafkopf tarife).",
        ),
    ] = None,
    setzen: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="SCHLUESSEL=WERT",
            help="Tarif/Hausregel überschreiben, z. B. --set laufende_ab=2.",
        ),
    ] = None,
    neu: Annotated[
        list[str] | None,
        typer.Option(
            "--neu",
            metavar="NAME",
            help="Diesen Namen neu anlegen, obwohl er einem bekannten ähnelt.",
        ),
    ] = None,
    geber: Annotated[
        str | None, typer.Option("--geber", help="Wer zuerst gibt (Standard: der Erste).")
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Einen neuen Spielabend beginnen: Spieler (Sitzordnung), Ort, Tarif und Hausregeln.

    Unbekannte Namen werden angelegt; ähnelt ein Name einem bekannten (Tippfehler?), kommt
    „Meintest du …?“ – mit --neu NAME wird er trotzdem angelegt.

    Beispiel: referee abend neu --spieler Anna Ben Cem Dora --ort Gasthaus --tarif 10-20-50
    """
    r = buch_oeffnen(db).abend_neu(
        _namen(vorne) + _namen(spieler),
        ort=ort,
        datum=datum,
        tarif=tarif,
        setzen=setzen or [],
        neu=_namen(neu),
        geber=geber,
    )
    if r.neu_angelegt:
        _meldung("Neu angelegt: " + ", ".join(r.neu_angelegt) + ".")
    if als_json:
        drucke_json(r.als_json())
        return
    _druck(_text(f"Abend {r.abend.id} begonnen.", "bold"))
    _zeige_abend(r.abend, r.stand, r.geber)


@gruppen.abend.command("liste")
def abend_liste(db: DB = None, als_json: JSON = False) -> None:
    """Alle Spielabende mit Datum, Ort, Spielern und Zahl der Einträge.

    Beispiel: referee abend liste --json
    """
    liste = buch_oeffnen(db).abende()
    if als_json:
        drucke_json(liste.als_json())
        return
    if not liste.abende:
        _meldung("Noch keine Abende. Beispiel: referee abend neu --spieler Anna Ben Cem Dora")
        return
    from rich.table import Table

    tab = Table(show_edge=False, pad_edge=False)
    for kopf in ("Nr", "Datum", "Ort", "Spieler", "Einträge", ""):
        tab.add_column(kopf)
    for a in liste.abende:
        tab.add_row(
            str(a.id),
            a.datum,
            _text(a.ort or ""),
            _text(", ".join(a.spieler)),
            str(liste.eintraege.get(a.id, 0)),
            "offen" if a.offen else "",
        )
    _druck(tab)


@gruppen.abend.command("ende")
def abend_ende(db: DB = None, als_json: JSON = False) -> None:
    """Den aktuellen Abend beenden und den Endstand zeigen; danach nimmt er nichts mehr an.

    Beispiel: referee abend ende
    """
    r = buch_oeffnen(db).abend_ende()
    if als_json:
        drucke_json(r.als_json())
        return
    _druck(_text(f"Abend {r.abend.id} beendet.", "bold"))
    _zeige_stand(r.stand.als_json(), "Endstand", _trend(r.stand))


# --------------------------------------------------------------------------- stand, verlauf


@gruppen.app.command("stand")
def stand(
    abend: Annotated[
        int | None, typer.Option("--abend", metavar="ID", help="Dieser Abend.")
    ] = None,
    gesamt: Annotated[bool, typer.Option("--gesamt", help="Über alle Abende.")] = False,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Der Stand: Schafkopf in €, sabai-Siegpunkte, SAUFN-Plätze, Schlafmütze-Siege.

    Ohne Angabe: der aktuelle (offene) Abend, sonst der letzte.

    Beispiel: referee stand --gesamt --json
    """
    st = buch_oeffnen(db).stand(abend, gesamt=gesamt)
    if als_json:
        drucke_json(st.als_json())
        return
    titel = (
        "Gesamtstand über alle Abende" if st.abend is None else "Stand · " + _kopfzeile(st.abend)
    )
    _zeige_stand(st.als_json(), titel, _trend(st))


@gruppen.app.command("verlauf")
def verlauf(
    abend: Annotated[
        int | None, typer.Option("--abend", metavar="ID", help="Dieser Abend.")
    ] = None,
    alle: Annotated[
        bool, typer.Option("--alle", help="Auch Stornierte, Stornos und Ersetzte zeigen.")
    ] = False,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Einträge eines Abends in Spielfolge (#ID); mit --alle auch Stornos und Korrekturen.

    Eine Korrektur steht am Platz des Eintrags, den sie ersetzt (wie im Export).

    Beispiel: referee verlauf --alle
    """
    v = buch_oeffnen(db).verlauf(abend, alle=alle)
    if als_json:
        drucke_json(v.als_json())
        return
    _druck(_text(_kopfzeile(v.abend), "bold"))
    if not v.eintraege:
        _druck(_text("Noch keine Einträge."))
        return
    for e in v.eintraege:
        stil = "dim" if (e.id in v.aufgehoben or e.art == "storno") else ""
        _druck(_text(f"#{e.id:<4} {_zeit(e.zeit)}  {_beschreibung(e)}", stil))
        b = _betraege(e)
        if b:
            _druck(_text("       " + b, stil))
        if e.id in v.aufgehoben:
            x = v.aufgehoben[e.id]
            wie = "storniert durch" if x.art == "storno" else "ersetzt durch"
            _druck(_text(f"       ({wie} #{x.id})", stil))


@gruppen.app.command("rueckgaengig")
def rueckgaengig(
    eintrag: Annotated[
        int | None,
        typer.Option(
            "--eintrag", metavar="ID", help="Diesen Eintrag stornieren statt des letzten."
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Storniert den letzten geltenden Eintrag des aktuellen Abends (das Original bleibt sichtbar).

    Beispiel: referee rueckgaengig
    """
    r = buch_oeffnen(db).rueckgaengig(eintrag)
    if als_json:
        drucke_json(r.als_json())
        return
    alt = r.storniert
    _druck(_text(f"Eintrag #{alt.id} storniert (Storno #{r.storno.id}): {_beschreibung(alt)}"))
    if r.wieder is not None:
        _druck(_text(f"Damit gilt wieder Eintrag #{r.wieder.id}: {_beschreibung(r.wieder)}"))
    _druck(_stand_tabelle(r.stand.als_json(), "Neuer Stand"))


# --------------------------------------------------------------------------- Schafkopf eintragen


def schafkopf_angaben(
    spielart: str | None,
    wer: str | None,
    *,
    partie: str | None,
    tisch: list[str] | None,
    fehlt: str,
    augen: int | None,
    laufende: int,
    schwarz: bool,
    tout: bool,
    sie: bool,
    klopfer: int,
    stoss: int,
    stiche: int | None,
    kurz: bool,
    jungfrau: list[str] | None,
    durchmarsch: str | None,
):
    """Die Angaben eines Schafkopfspiels aus der Kommandozeile (``schafkopf eintragen`` und
    ``korrektur``): die Fakten oder eine ganze Partie (``--partie DATEI``, ``-`` = stdin)."""
    from referee.errors import Eingabefehler
    from referee.schafkopf.ergebnis import SchafkopfAngaben, SchafkopfPartie

    tisch_namen = tuple(_namen(tisch or []))
    if partie is not None:
        if spielart or wer:
            raise Eingabefehler("Mit --partie DATEI keine Spielart und keine Spieler angeben.")
        from referee.cli.schafkopf import lies_eingabe
        from referee.schafkopf.partie import partie_daten

        daten = partie_daten(lies_eingabe(partie), partie)
        if not isinstance(daten, dict):
            raise Eingabefehler(f"„{partie}“: eine Partie ist ein JSON-Objekt.")
        return SchafkopfPartie(daten, partie, tisch_namen)
    if spielart is None:
        raise Eingabefehler(fehlt)
    return SchafkopfAngaben(
        spielart,
        tuple(n for n in (wer or "").split("+") if n.strip()),
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoesse=stoss,
        stiche=stiche,
        kurz=kurz,
        jungfrauen=tuple(_namen([x.replace("+", ",") for x in jungfrau or []])),
        durchmarsch=durchmarsch,
        tisch=tisch_namen,
    )


def _zeige_eintrag(r, titel: str) -> None:
    """Ein Schafkopf-Eintrag: Beschreibung, Werterklärung, Beträge und Stand, nächster Geber."""
    from rich.table import Table

    e, a = r.eintrag, r.abend
    stand = r.stand.schafkopf
    _druck(_text(f"{titel} #{e.id} · Abend {a.id}: {_beschreibung(e)}", "bold"))
    if getattr(r.ergebnis, "erklaerung", None):
        _druck(_text("Wert: " + r.ergebnis.erklaerung + " ct"))
    tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler")
    tab.add_column("Spiel", justify="right")
    tab.add_column("Stand", justify="right")
    for n, c in e.ergebnis["zahlungen"].items():
        tab.add_row(_text(n), euro(c), euro(stand.get(n, 0)))
    for n in stand:
        if n not in e.ergebnis["zahlungen"]:
            tab.add_row(_text(n), "", euro(stand[n]))
    _druck(tab)
    for k in e.ergebnis.get("konventionen") or []:
        _druck(_text(k, "dim"))
    if r.geber is not None:
        _druck(_text("Nächstes Spiel · " + _geber_text(r.geber)))


# Gemeinsame Optionen von „schafkopf eintragen“ und „korrektur“
_WER = Annotated[
    str | None,
    typer.Argument(
        metavar="[SPIELER]",
        help="Spielerpartei: Anna+Ben (Rufspiel), Cem (Solo …); beim Ramsch der Verlierer.",
    ),
]
_AUGEN = Annotated[int | None, typer.Option("--augen", help="Augen der Spielerpartei (0–120).")]
_LAUFENDE = Annotated[int, typer.Option("--laufende", help="Laufende (mit oder ohne).")]
_SCHWARZ = Annotated[bool, typer.Option("--schwarz", help="Eine Partei hat keinen Stich.")]
_TOUT = Annotated[bool, typer.Option("--tout", help="Tout angesagt.")]
_SIE = Annotated[bool, typer.Option("--sie", help="Sie (alle Ober und Unter).")]
_KLOPFER = Annotated[int, typer.Option("--klopfer", help="Zahl der Klopfer/Legen.")]
_STOSS = Annotated[int, typer.Option("--stoss", help="Zahl der Stöße/Retour.")]
_STICHE = Annotated[
    int | None, typer.Option("--stiche", help="Stiche der Spielerpartei (Bettel: 0 = gewonnen).")
]
_KURZ = Annotated[bool, typer.Option("--kurz", help="Kurze Karte (24 Blatt).")]
_JUNGFRAU = Annotated[
    list[str] | None,
    typer.Option(
        "--jungfrau", metavar="NAME", help="Ramsch: Spieler ohne Stich (mehrfach oder Ben+Cem)."
    ),
]
_DURCHMARSCH = Annotated[
    str | None,
    typer.Option("--durchmarsch", metavar="NAME", help="Ramsch: wer alle Stiche machte."),
]
_TISCH = Annotated[
    list[str] | None,
    typer.Option(
        "--tisch",
        metavar="A,B,C,D",
        help="Die vier Spieler dieses Spiels (bei mehr als vier am Abend).",
    ),
]


@gruppen.schafkopf.command("eintragen", cls=mehrwertig())
def schafkopf_eintragen(
    spielart: Annotated[
        str | None,
        typer.Argument(
            metavar="[SPIELART]",
            help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, ramsch, bettel.",
        ),
    ] = None,
    wer: _WER = None,
    augen: _AUGEN = None,
    laufende: _LAUFENDE = 0,
    schwarz: _SCHWARZ = False,
    tout: _TOUT = False,
    sie: _SIE = False,
    klopfer: _KLOPFER = 0,
    stoss: _STOSS = 0,
    stiche: _STICHE = None,
    kurz: _KURZ = False,
    jungfrau: _JUNGFRAU = None,
    durchmarsch: _DURCHMARSCH = None,
    tisch: _TISCH = None,
    partie: Annotated[
        str | None,
        typer.Option(
            "--partie",
            metavar="DATEI",
            help="Eine ganze Partie (JSON, - = stdin) prüfen und eintragen.",
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Schafkopfspiel in den aktuellen Abend eintragen; zeigt Beträge und neuen Stand.

    Beispiel: referee schafkopf eintragen rufspiel Anna+Ben --augen 71 --laufende 3
    (Solo: wenz Cem --augen 45; Ramsch: ramsch Dora --jungfrau Ben; --partie partie.json)
    """
    angaben = schafkopf_angaben(
        spielart,
        wer,
        partie=partie,
        tisch=tisch,
        fehlt="Es fehlt die Spielart, z. B. referee schafkopf eintragen rufspiel Anna+Ben --augen 71.",
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoss=stoss,
        stiche=stiche,
        kurz=kurz,
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
    )
    r = buch_oeffnen(db).eintragen(angaben, eingabe={"argv": aufruf()})
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_eintrag(r, "Eintrag")


# --------------------------------------------------------------------------- korrektur

_KORREKTUR_FORM = {
    "schafkopf": "referee korrektur {id} rufspiel Anna+Ben --augen 61 (wie „schafkopf eintragen“)",
    "sabai": 'referee korrektur {id} Anna="3 7 J" Ben="AJ 2 2" Cem="" Dora="14 0" (wie „sabai eintragen“)',
    "saufn": "referee korrektur {id} --platz Cem Anna Ben (wie „saufn ende“)",
    "schlafmuetze": "referee korrektur {id} Ben --spieler Anna Ben Cem (wie „schlafmuetze sieg“)",
}
# Welche Optionen zu welchem Spiel gehören (die anderen dürfen nicht gesetzt sein)
_OPTIONEN = {
    "schafkopf": {
        "augen": "--augen",
        "laufende": "--laufende",
        "schwarz": "--schwarz",
        "tout": "--tout",
        "sie": "--sie",
        "klopfer": "--klopfer",
        "stoss": "--stoss",
        "stiche": "--stiche",
        "kurz": "--kurz",
        "jungfrau": "--jungfrau",
        "durchmarsch": "--durchmarsch",
        "tisch": "--tisch",
        "partie": "--partie",
    },
    "sabai": {
        "letzte": "--letzte",
        "gleichstand": "--gleichstand",
        "ass_joker_wert": "--ass-joker-wert",
    },
    "saufn": {
        "platz": "--platz",
        "spieler": "--spieler",
        "verteilung": "--verteilung",
        "alle_verteilen": "--alle-verteilen",
    },
    "schlafmuetze": {"spieler": "--spieler"},
}


def _korrektur_angaben(spiel: str, eintrag_id: int, angaben: list[str], o: dict):
    """Die Angaben für Eintrag ``eintrag_id`` mit dem Parser seines Spiels – derselbe Weg wie
    beim Eintragen (``schafkopf_angaben``, ``sabai_angaben``, ``saufn_angaben``,
    ``schlafmuetze_angaben``)."""
    from referee.ergebnis import SPIEL_NAMEN
    from referee.errors import Eingabefehler

    form = _KORREKTUR_FORM[spiel].format(id=eintrag_id)
    fremd = [
        schalter
        for anderes, optionen in _OPTIONEN.items()
        if anderes != spiel
        for name, schalter in optionen.items()
        if name not in _OPTIONEN[spiel] and o[name] not in (None, False, 0, [], "alle", -4)
    ]
    if fremd:
        raise Eingabefehler(
            f"{', '.join(dict.fromkeys(fremd))} passt nicht zu Eintrag #{eintrag_id} "
            f"({SPIEL_NAMEN[spiel]}); Form: {form}."
        )

    def unerwartet(extra: list[str]) -> None:
        if extra:
            raise Eingabefehler(f"Unerwartete Angabe „{' '.join(extra)}“; Form: {form}.")

    if spiel == "schafkopf":
        unerwartet(angaben[2:])
        return schafkopf_angaben(
            angaben[0] if angaben else None,
            angaben[1] if len(angaben) > 1 else None,
            fehlt=f"Es fehlen die richtigen Fakten, z. B. {form}.",
            **{k: o[k] for k in _OPTIONEN["schafkopf"]},
        )
    if not angaben and not any(o[k] for k in _OPTIONEN[spiel]):
        raise Eingabefehler(
            f"Es fehlen die richtigen Angaben für Eintrag #{eintrag_id} "
            f"({SPIEL_NAMEN[spiel]}), z. B. {form}."
        )
    if spiel == "sabai":
        from referee.cli.sabai import sabai_angaben

        unerwartet([t for t in angaben if t.startswith("-")])
        return sabai_angaben(angaben, o["letzte"], o["gleichstand"], o["ass_joker_wert"])
    if spiel == "saufn":
        from referee.cli.saufn import saufn_angaben

        unerwartet(angaben)
        return saufn_angaben(o["platz"], o["spieler"], o["verteilung"], o["alle_verteilen"])
    from referee.cli.schlafmuetze import schlafmuetze_angaben

    unerwartet(angaben[1:])
    return schlafmuetze_angaben(angaben[0] if angaben else None, o["spieler"])


@gruppen.app.command(
    "korrektur",
    cls=mehrwertig(),
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
            help="Die richtigen Angaben, wie beim Eintragen des Spiels (siehe oben).",
        ),
    ] = None,
    augen: _AUGEN = None,
    laufende: _LAUFENDE = 0,
    schwarz: _SCHWARZ = False,
    tout: _TOUT = False,
    sie: _SIE = False,
    klopfer: _KLOPFER = 0,
    stoss: _STOSS = 0,
    stiche: _STICHE = None,
    kurz: _KURZ = False,
    jungfrau: _JUNGFRAU = None,
    durchmarsch: _DURCHMARSCH = None,
    tisch: _TISCH = None,
    partie: Annotated[
        str | None,
        typer.Option(
            "--partie",
            metavar="DATEI",
            help="Schafkopf: die ganze Partie (JSON, - = stdin) statt der Fakten.",
        ),
    ] = None,
    letzte: Annotated[
        bool, typer.Option("--letzte", help="sabai: letzte Partie des Spiels.")
    ] = False,
    gleichstand: Annotated[
        str, typer.Option("--gleichstand", metavar="alle|keiner", help="sabai: Gleichstand.")
    ] = "alle",
    ass_joker_wert: Annotated[
        int, typer.Option("--ass-joker-wert", help="sabai: Kartenpunkte des Ass-Jokers.")
    ] = -4,
    platz: Annotated[
        list[str] | None,
        typer.Option("--platz", metavar="NAME …", help="SAUFN: Platz 1, 2, 3."),
    ] = None,
    spieler: Annotated[
        list[str] | None,
        typer.Option(
            "--spieler", metavar="NAME …", help="SAUFN, Schlafmütze: wer mitgespielt hat."
        ),
    ] = None,
    verteilung: Annotated[
        str | None,
        typer.Option("--verteilung", metavar="TEXT", help="SAUFN: die Schlückeverteilung."),
    ] = None,
    alle_verteilen: Annotated[
        bool, typer.Option("--alle-verteilen", help="SAUFN: jeder Platz verteilt ganz.")
    ] = False,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ersetzt einen Eintrag durch die richtigen Angaben; das Original bleibt sichtbar (verlauf --alle).

    Nach der ID folgen dieselben Angaben wie beim Eintragen des Spiels:
    Schafkopf wie „schafkopf eintragen“, sabai wie „sabai eintragen“, SAUFN wie
    „saufn ende“, Schlafmütze wie „schlafmuetze sieg“. Stände ergeben sich aus den
    geltenden Einträgen; die Korrektur steht in der Spielfolge am Platz des Originals.
    Eine Korrektur lässt sich korrigieren; „rueckgaengig“ einer Korrektur stellt das
    Original wieder her.

    Beispiel: referee korrektur 12 rufspiel Anna+Ben --augen 61 --laufende 3
    (sabai: referee korrektur 13 Anna="3 7" Ben="AJ" Cem="" Dora="14 0";
    SAUFN: referee korrektur 14 --platz Cem Anna Ben; Schlafmütze: referee korrektur 15 Ben)
    """
    from referee.ergebnis import SPIEL_NAMEN

    optionen = {
        "augen": augen,
        "laufende": laufende,
        "schwarz": schwarz,
        "tout": tout,
        "sie": sie,
        "klopfer": klopfer,
        "stoss": stoss,
        "stiche": stiche,
        "kurz": kurz,
        "jungfrau": jungfrau,
        "durchmarsch": durchmarsch,
        "tisch": tisch,
        "partie": partie,
        "letzte": letzte,
        "gleichstand": gleichstand,
        "ass_joker_wert": ass_joker_wert,
        "platz": platz,
        "spieler": spieler,
        "verteilung": verteilung,
        "alle_verteilen": alle_verteilen,
    }
    buch = buch_oeffnen(db)
    spiel = buch.eintrag(eintrag).spiel
    neu = _korrektur_angaben(spiel, eintrag, list(angaben or []) + list(ctx.args), optionen)
    r = buch.korrigieren(eintrag, neu, eingabe={"argv": aufruf()})
    if als_json:
        drucke_json(r.als_json())
        return
    if spiel == "schafkopf":
        _zeige_eintrag(r, "Korrektur")
        return
    _druck(
        _text(
            f"Korrektur #{r.eintrag.id} ersetzt Eintrag #{eintrag} ({SPIEL_NAMEN[spiel]}): "
            f"{_beschreibung(r.eintrag)}; das Original bleibt in „referee verlauf --alle“ sichtbar.",
            "bold",
        )
    )
    _druck(_stand_tabelle(r.stand.als_json(), "Neuer Stand"))
