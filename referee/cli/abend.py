"""Spielabende und das Buch: ``referee abend …``, ``stand``, ``verlauf``, ``rueckgaengig``.

Dünn: Argumente lesen → eine Methode von ``referee.buch.Buch`` → mit rich oder ``--json``
(``als_json()`` der Antwort) ausgeben. Buch, Regelkern und rich werden erst in den Befehlen
importiert (Startzeit). Öffentlich für ``referee.cli.eintragen`` (``schafkopf eintragen``,
``korrektur``): die Darstellung – ``druck``, ``rich_text``, ``beschreibung``,
``stand_tabelle``, ``geber_text``.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import drucke_json, euro
from referee.cli.eingabe import DB, JSON
from referee.cli.gruppen import buch_oeffnen
from referee.cli.mehrwert import mehrwertig
from referee.cli.mehrwert import werte as _namen
from referee.text import darstellbar

if TYPE_CHECKING:
    from rich.console import Group, RenderableType
    from rich.text import Text

    from referee.buch.antworten import AbendAnsicht, RegelGeaendert
    from referee.buch.stand import Stand
    from referee.ergebnis import Eintrag
    from referee.schafkopf.tisch import Geberfolge
    from referee.store import Abend, Ereignis


def _meldung(text: str) -> None:
    """Eine Meldung auf stderr (nie als Markup gedeutet)."""
    sys.stderr.write(text + "\n")


# --------------------------------------------------------------------------- Darstellung


def _kopfzeile(abend: Abend) -> str:
    teile = [f"Abend {abend.id}", abend.datum]
    if abend.ort:
        teile.append(abend.ort)
    teile.append("offen" if abend.offen else "beendet")
    return " · ".join(teile)


def _tarif_text(abend: Abend) -> str:
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


def _trend(stand: Stand) -> dict[str, str]:
    """Sparkline des Schafkopf-Saldos je Spieler über den Abend (gemeinsame Skala)."""
    from referee.bericht.grafik import sparklines

    reihen = {n: list(r) for n, r in stand.verlauf.items()}
    if all(len(r) < 3 for r in reihen.values()):
        return {}
    return sparklines(reihen, breite=16)


def _zeige_stand(stand: Stand, titel: str, trend: dict[str, str] | None = None) -> None:
    """Tabelle, dann „Wer zahlt wem“ (Schafkopf; nur was noch offen ist). In eine Datei oder
    Pipe ohne rich (``_stand_schlicht``), wo das denselben Text ergibt."""
    if _stand_schlicht(stand, titel, trend):
        return
    druck(stand_tabelle(stand, titel, trend))
    if any(stand.schafkopf.values()):
        _zeige_ueberweisungen(stand)


def _ueberweisungs_zeilen(stand: Stand) -> list[str]:
    zeilen = [str(u) for u in stand.ueberweisungen] or [
        "Alles bezahlt." if stand.bezahlt else "Alle sind quitt."
    ]
    kopf = "Wer zahlt wem (noch offen; Bezahltes abgezogen):" if stand.bezahlt else "Wer zahlt wem:"
    return [kopf, *("  " + z for z in zeilen)]


def _zeige_ueberweisungen(stand: Stand) -> None:
    for zeile in _ueberweisungs_zeilen(stand):
        druck(rich_text(zeile))


#: Unter dieser Breite wird der Stand schmal gesetzt (Handy-Terminal, 40 Spalten):
#: kurze Spaltenköpfe mit Legende, Beträge ohne €-Zeichen, kein Verlauf, keine Rahmen
SCHMAL_AB = 70


def _stand_spalten(
    stand: Stand, trend: dict[str, str] | None, schmal: bool
) -> tuple[list[tuple[str, str]], list[str], list[list[str]]]:
    """Die Spalten des Stands: je Spalte (Kopf, Kürzel für schmal), die Namen in Reihenfolge
    und je Name die Zellen – für die rich-Tabelle und die schlichte Ausgabe dieselben."""
    spalten: list[tuple[str, str, object]] = []  # (Kopf, Kürzel für schmal, Zelle je Name)
    if trend and not schmal:
        spalten.append(("Verlauf", "", lambda n: trend.get(n, "")))
    if stand.schafkopf or stand.abend is not None:
        spalten.append(
            (
                "Schafkopf",
                "€",
                lambda n: (
                    (euro(stand.schafkopf[n])[:-2] if schmal else euro(stand.schafkopf[n]))
                    if n in stand.schafkopf
                    else ""
                ),
            )
        )
    if stand.sabai:
        spalten.append(
            (
                "Sabai SP",
                "SP",
                lambda n: (
                    (f"{stand.sabai[n]:+d}" if stand.sabai[n] else "0") if n in stand.sabai else ""
                ),
            )
        )
    if stand.ruhmeshalle:
        spalten.append(("Ruhmeshalle", "RH", lambda n: str(stand.ruhmeshalle.get(n, "")) or ""))
    if stand.saufn:
        spalten.append(
            (
                "SAUFN 1./2./3.",
                "SF",
                lambda n: str(stand.saufn[n]) if n in stand.saufn else "",
            )
        )
    if stand.schlafmuetze:
        spalten.append(
            (
                "Schlafmütze",
                "SM",
                lambda n: str(stand.schlafmuetze[n]) if n in stand.schlafmuetze else "",
            )
        )
    namen: list[str] = []
    for teil in (stand.schafkopf, stand.sabai, stand.saufn, stand.schlafmuetze):
        for n in teil:
            if n not in namen:
                namen.append(n)
    zellen = [[f(n) for _, _, f in spalten] for n in namen]  # type: ignore[operator]
    # gemessen wird, was das Terminal zeigt: ohne UTF-8 „Joerg“ und „EUR“ (Spalten bündig)
    kodierung = getattr(sys.stdout, "encoding", None)
    return (
        [(darstellbar(k, kodierung), darstellbar(kurz, kodierung)) for k, kurz, _ in spalten],
        [darstellbar(n, kodierung) for n in namen],
        [[darstellbar(z, kodierung) for z in zeile] for zeile in zellen],
    )


def _stand_schlicht(stand: Stand, titel: str, trend: dict[str, str] | None) -> bool:
    """Der Stand ohne rich, wenn rich dort genau diesen Text ausgäbe (kein Terminal, breit
    genug, schmale Zeichen): dieselbe Tabelle, Zeichen für Zeichen (ein Test vergleicht mit
    rich). ``False``: nichts geschrieben, der Aufrufer nimmt rich."""
    from referee.cli.ausgabe import schlicht_breite, schlicht_schreiben, schlichte_tabelle

    breite = schlicht_breite()
    if breite is None or breite < SCHMAL_AB:
        return False
    spalten, namen, zellen = _stand_spalten(stand, trend, False)
    koepfe = ["Spieler", *(k for k, _ in spalten)]
    rechts = [False, *(k != "Verlauf" for k, _ in spalten)]
    tabelle = schlichte_tabelle(koepfe, rechts, [[n, *z] for n, z in zip(namen, zellen)], 4)
    if tabelle is None:
        return False
    zeilen = [titel, *tabelle]
    if any(stand.schafkopf.values()):
        zeilen += _ueberweisungs_zeilen(stand)
    return schlicht_schreiben(zeilen)


def stand_tabelle(
    stand: Stand, titel: str, trend: dict[str, str] | None = None, breite: int | None = None
) -> Group:
    """Eine rich-Tabelle: je Spieler die Spalten der Spiele, die Daten haben.

    Schmal (``breite`` < ``SCHMAL_AB``, Standard: die Breite des Terminals): Kürzel als
    Spaltenköpfe und eine Legende darunter; Beträge werden nie gekürzt, nur Namen."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if breite is None:
        from referee.cli.ausgabe import konsole

        breite = konsole().width
    schmal = breite < SCHMAL_AB
    spalten, namen, zellen = _stand_spalten(stand, trend, schmal)
    if schmal:
        tab = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    else:
        tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler", overflow="ellipsis", no_wrap=True, min_width=4)
    for i, (kopf, kurz) in enumerate(spalten):
        k = kurz if schmal else kopf
        breit = max([len(k)] + [len(z[i]) for z in zellen])
        tab.add_column(
            k,
            justify="left" if kopf == "Verlauf" else "right",
            no_wrap=True,
            min_width=breit,
        )
    for n, z in zip(namen, zellen):
        tab.add_row(Text(n), *[Text(x) for x in z])
    teile: list[Text | Table] = [Text(titel, style="bold"), tab]
    if schmal and spalten:
        legende = {
            "€": "€ Schafkopf",
            "SP": "SP sabai-Siegespunkte",
            "RH": "RH Ruhmeshalle",
            "SF": "SF SAUFN-Plätze 1./2./3.",
            "SM": "SM Schlafmütze-Siege",
        }
        kodierung = getattr(sys.stdout, "encoding", None)  # die Kürzel, wie die Spalten sie zeigen
        legende = {darstellbar(k, kodierung): v for k, v in legende.items()}
        teile.append(Text(" · ".join(legende[k] for _, k in spalten if k in legende), style="dim"))
    return Group(*teile)


def beschreibung(e: Eintrag) -> str:
    """Eine Zeile: was der Eintrag festhält (ohne Beträge; ``referee.buch.ansicht``)."""
    from referee.buch.ansicht import zeile

    return zeile(e)


def _zeit(iso: str) -> str:
    return iso[11:16] if len(iso) >= 16 else iso


def druck(*teile: RenderableType) -> None:
    """Teile mit rich ausgeben – nie schmaler, als sie mindestens brauchen: in einem zu
    schmalen Terminal (``COLUMNS=10``) bricht das Terminal die Zeile um, statt dass rich
    Beträge abschneidet („+5,“).

    Schlichte Zeilen (kein Terminal, keine Farben, passt in die Breite) gehen ohne rich direkt
    hinaus – dasselbe, was rich schriebe, nur ohne dessen Aufwand je Zeile (``verlauf`` über
    200 Einträge: Hunderte Zeilen)."""
    from rich.measure import Measurement
    from rich.text import Text

    from referee.cli.ausgabe import konsole, schlicht_schreiben

    schlicht = [t.plain for t in teile if isinstance(t, Text)]
    if len(schlicht) == len(teile) and schlicht_schreiben(schlicht):
        return

    k = konsole()
    weit = k.options.update(width=10_000)  # sonst misst rich höchstens die Konsolenbreite
    mindestens = max((Measurement.get(k, weit, t).minimum for t in teile), default=0)
    breite = k.width
    if mindestens <= breite:
        k.print(*teile)
        return
    k.width = mindestens  # ``print(width=…)`` nähme höchstens die Konsolenbreite
    try:
        k.print(*teile)
    finally:
        k.width = breite


def rich_text(s: str, stil: str = "") -> Text:
    from rich.text import Text

    return Text(s, style=stil)


def geber_text(g: Geberfolge) -> str:
    text = f"Geber: {g.geber} · spielt aus: {g.ausspieler}"
    if g.aussetzer:
        text += f" · setzt aus: {', '.join(g.aussetzer)}"
    return text


# --------------------------------------------------------------------------- referee abend


_SETZEN = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="SCHLUESSEL=WERT",
        help="Hausregel/Preis ab dem nächsten Eintrag ändern (wie „abend regel“).",
    ),
]


@gruppen.abend.callback(invoke_without_command=True)
def abend_zeigen(
    ctx: typer.Context, setzen: _SETZEN = None, db: DB = None, als_json: JSON = False
) -> None:
    """Spielabende: ohne Unterbefehl den aktuellen Abend zeigen (Spieler, Tarif, geltende
    Hausregeln, Geber, Stand, Konventionen); mit --set eine Hausregel ändern.

    Beispiel: referee abend neu --spieler Anna Ben Cem Dora
    """
    if ctx.invoked_subcommand is not None:
        if setzen:
            from referee.errors import Eingabefehler

            raise Eingabefehler(
                "--set gehört vor keinen Unterbefehl: referee abend --set bettel_erlaubt=ja "
                "oder referee abend regel bettel_erlaubt=ja."
            )
        return  # „referee abend --db X neu …“: der Unterbefehl liest --db (gruppen.db_wahl)
    buch = buch_oeffnen(db)
    if setzen:
        _regel_ausgeben(buch.regel(setzen), als_json)
        return
    ansicht = buch.abend()
    if als_json:
        drucke_json(ansicht.als_json())
        return
    _zeige_abend(ansicht.abend, ansicht.stand, ansicht.geber, ansicht)


def _ereignis_text(e: Ereignis) -> str:
    """Eine Zeile je Ereignis des Abends."""
    from referee.buch.antworten import ueberweisungen_aus

    d = e.daten
    if e.art == "regel":
        return "Hausregel ab Eintrag nach #{}: {}".format(
            e.nach_eintrag,
            ", ".join(
                f"{k}={_wert(v)} (vorher {_wert(d.get('vorher', {}).get(k))})"
                for k, v in (d.get("geaendert") or {}).items()
            ),
        )
    if e.art == "bezahlt":
        return "Bezahlt: " + (", ".join(str(u) for u in ueberweisungen_aus(d)) or "–")
    if e.art == "ende":
        return "Abend beendet"
    if e.art == "wieder":
        return "Abend wieder geöffnet"
    return f"Storno von Ereignis {e.bezug}"


def _wert(v: object) -> str:
    if isinstance(v, bool):
        return "ja" if v else "nein"
    return str(v)


def _zeige_abend(
    a: Abend, stand: Stand, g: Geberfolge, ansicht: AbendAnsicht | None = None
) -> None:
    from referee.schafkopf.tisch import KONVENTION

    zeilen: list[tuple[str, str]] = [  # (Text, rich-Stil)
        (_kopfzeile(a), "bold"),
        ("Spieler: " + ", ".join(a.spieler), ""),
        ("Tarif: " + _tarif_text(a), ""),
    ]
    if a.hausregeln:
        regeln = ", ".join(f"{k}={v}" for k, v in a.hausregeln.items())
        zeilen.append(("Hausregeln (gelten jetzt): " + regeln, ""))
    if ansicht is not None:
        for e in ansicht.ereignisse:
            if e.art != "storno":
                zeile = f"{_zeit(e.zeit)}  {_ereignis_text(e)}"
                zeilen.append((zeile, "") if e.gilt else (zeile + " (aufgehoben)", "dim"))
    if a.offen and len(a.spieler) >= 4:
        zeilen.append((geber_text(g) + f" (nach {g.spiele} Schafkopfspielen)", ""))
    konventionen = (
        ansicht.konventionen
        if ansicht is not None
        else ((KONVENTION,) if a.offen and len(a.spieler) >= 4 else ())
    )
    if konventionen:
        zeilen.append(("An diesem Abend gilt nach Konvention, nicht im Regeltext:", "dim"))
        for k in konventionen:
            zeilen.append(("  " + k.removeprefix("Konvention, nicht im Regeltext: "), "dim"))
    _zeilen_ausgeben(zeilen)
    _zeige_stand(stand, "Stand", _trend(stand))


def _regel_ausgeben(r: RegelGeaendert, als_json: bool) -> None:
    if als_json:
        drucke_json(r.als_json())
        return
    druck(
        rich_text(
            f"Abend {r.abend.id}: ab dem nächsten Eintrag gilt "
            + ", ".join(
                f"{k}={_wert(v)} (vorher {_wert(r.vorher.get(k))})" for k, v in r.gesetzt.items()
            )
            + ".",
            "bold",
        )
    )
    druck(rich_text("Rückgängig: referee rueckgaengig", "dim"))


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
    druck(rich_text(f"Abend {r.abend.id} begonnen.", "bold"))
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
    for kopf in ("Nr", "Datum", "Ort", "Spieler", "Einträge", "Status"):
        tab.add_column(kopf)
    for a in liste.abende:
        tab.add_row(
            str(a.id),
            a.datum,
            rich_text(a.ort or ""),
            rich_text(", ".join(a.spieler)),
            str(liste.eintraege.get(a.id, 0)),
            "offen" if a.offen else "beendet",
        )
    druck(tab)


@gruppen.abend.command("ende")
def abend_ende(db: DB = None, als_json: JSON = False) -> None:
    """Den aktuellen Abend beenden und den Endstand zeigen; danach nimmt er nichts mehr an.

    Beispiel: referee abend ende
    """
    r = buch_oeffnen(db).abend_ende()
    if als_json:
        drucke_json(r.als_json())
        return
    druck(rich_text(f"Abend {r.abend.id} beendet.", "bold"))
    _zeige_stand(r.stand, "Endstand", _trend(r.stand))
    druck(
        rich_text(
            f"Bezahlt: referee abend bezahlt {r.abend.id} · wieder öffnen: "
            f"referee abend wieder {r.abend.id}",
            "dim",
        )
    )


@gruppen.abend.command("regel")
def abend_regel(
    setzen: Annotated[
        list[str],
        typer.Argument(metavar="SCHLUESSEL=WERT...", help="z. B. bettel_erlaubt=ja grund=30."),
    ],
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Eine Hausregel oder einen Preis im offenen Abend ändern; gilt ab dem nächsten Eintrag.

    Die Änderung steht im Abend (referee abend) und lässt sich mit „referee rueckgaengig“
    aufheben. Schlüssel wie bei --set (referee schafkopf tarife).

    Beispiel: referee abend regel bettel_erlaubt=ja
    """
    _regel_ausgeben(buch_oeffnen(db).regel(setzen), als_json)


@gruppen.abend.command("bezahlt")
def abend_bezahlt(
    abend: Annotated[
        int | None,
        typer.Argument(metavar="[NR]", help="Der Abend (Standard: der offene, sonst der letzte)."),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Festhalten, dass die Überweisungen eines Abends bezahlt sind.

    Danach zählt „Wer zahlt wem“ (auch stand --gesamt und der Export) nur, was noch offen
    ist. Aufheben: referee rueckgaengig.

    Beispiel: referee abend bezahlt 3
    """
    r = buch_oeffnen(db).bezahlt(abend)
    if als_json:
        drucke_json(r.als_json())
        return
    druck(rich_text(f"Abend {r.abend.id}: bezahlt.", "bold"))
    for u in r.ueberweisungen:
        druck(rich_text("  " + str(u)))
    druck(rich_text("Rückgängig: referee rueckgaengig", "dim"))


@gruppen.abend.command("wieder")
def abend_wieder(
    abend: Annotated[int, typer.Argument(metavar="NR", help="Der beendete Abend.")],
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Einen beendeten Abend wieder öffnen („abend ende“ aufheben; festgehalten im Abend).

    Beispiel: referee abend wieder 3
    """
    r = buch_oeffnen(db).abend_wieder(abend)
    if als_json:
        drucke_json(r.als_json())
        return
    druck(rich_text(f"Abend {r.abend.id} ist wieder offen.", "bold"))
    _zeige_stand(r.stand, "Stand", _trend(r.stand))


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
    """Der Stand: Schafkopf in €, sabai-Siegespunkte, SAUFN-Plätze, Schlafmütze-Siege.

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
    _zeige_stand(st, titel, _trend(st))


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
    from referee.buch.ansicht import darstellung

    v = buch_oeffnen(db).verlauf(abend, alle=alle)
    if als_json:
        drucke_json(v.als_json())
        return
    zeilen: list[tuple[str, str]] = [(_kopfzeile(v.abend), "bold")]  # (Text, rich-Stil)
    ereignisse = [x for x in v.ereignisse if x.art != "storno"]
    if not v.eintraege and not ereignisse:
        zeilen.append(("Noch keine Einträge.", ""))

    def ereignisse_bis(grenze: float) -> None:
        while ereignisse and ereignisse[0].nach_eintrag < grenze:
            x = ereignisse.pop(0)
            zeile = f"–     {_zeit(x.zeit)}  {_ereignis_text(x)}"
            zeilen.append((zeile, "") if x.gilt else (zeile + " (aufgehoben)", "dim"))

    for e in v.eintraege:
        # eine Korrektur steht am Platz des Originals: Ereignisse vor dem Original
        ereignisse_bis(e.id if alle else v.platz.get(e.id, e.id))
        stil = "dim" if (e.id in v.aufgehoben or e.art == "storno") else ""
        text, zahlungen = darstellung(e)
        zeilen.append((f"#{e.id:<4} {_zeit(e.zeit)}  {text}", stil))
        b = " · ".join(f"{n} {euro(c)}" for n, c in zahlungen)
        if b:
            zeilen.append(("       " + b, stil))
        if e.id in v.aufgehoben:
            x = v.aufgehoben[e.id]
            wie = "storniert durch" if x.art == "storno" else "ersetzt durch"
            zeilen.append((f"       ({wie} #{x.id})", stil))
    ereignisse_bis(float("inf"))
    _zeilen_ausgeben(zeilen)


def _zeilen_ausgeben(zeilen: list[tuple[str, str]]) -> None:
    """Zeilen mit ihrem Stil: in eine Datei oder Pipe ohne rich, wo rich dasselbe schriebe
    (``schlicht_schreiben``), sonst Zeile für Zeile mit rich."""
    from referee.cli.ausgabe import schlicht_schreiben

    if schlicht_schreiben([t for t, _ in zeilen]):
        return
    for text, stil in zeilen:
        druck(rich_text(text, stil))


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

    Kam danach eine Hausregel („abend regel“) oder „abend bezahlt“, wird diese aufgehoben;
    ohne offenen Abend das letzte „abend bezahlt“.

    Beispiel: referee rueckgaengig
    """
    from referee.buch.antworten import EreignisRueckgaengig

    r = buch_oeffnen(db).rueckgaengig(eintrag)
    if als_json:
        drucke_json(r.als_json())
        return
    if isinstance(r, EreignisRueckgaengig):  # ein Ereignis (Hausregel, bezahlt) aufgehoben
        druck(
            rich_text(
                f"Aufgehoben (Abend {r.storniert.abend_id}): {_ereignis_text(r.storniert)}; "
                "es bleibt in „referee abend“ sichtbar."
            )
        )
        druck(stand_tabelle(r.stand, "Neuer Stand"))
        if any(r.stand.schafkopf.values()):
            _zeige_ueberweisungen(r.stand)
        return
    alt = r.storniert
    druck(rich_text(f"Eintrag #{alt.id} storniert (Storno #{r.storno.id}): {beschreibung(alt)}"))
    if r.wieder is not None:
        druck(rich_text(f"Damit gilt wieder Eintrag #{r.wieder.id}: {beschreibung(r.wieder)}"))
    druck(stand_tabelle(r.stand, "Neuer Stand"))
