"""Spielabende und das Buch: ``referee abend …``, ``stand``, ``verlauf``, ``rueckgaengig``,
``korrektur`` und ``referee schafkopf eintragen``.

Dünn: Argumente lesen → eine Methode von ``referee.buch.Buch`` → mit rich oder ``--json``
(``als_json()`` der Antwort) ausgeben. Buch, Regelkern und rich werden erst in den Befehlen
importiert (Startzeit).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, euro
from referee.cli.gruppen import buch_oeffnen
from referee.cli.mehrwert import mehrwertig
from referee.cli.mehrwert import werte as _namen

if TYPE_CHECKING:
    from referee.buch.stand import Stand

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


def _zeige_stand(stand: Stand, titel: str, trend: dict[str, str] | None = None) -> None:
    """Tabelle, dann „Wer zahlt wem“ (Schafkopf; nur was noch offen ist)."""
    _druck(_stand_tabelle(stand, titel, trend))
    if any(stand.schafkopf.values()):
        _zeige_ueberweisungen(stand)


def _ueberweisung(u: dict) -> str:
    """``Cem → Anna: 0,20 €`` (wie ``referee.bericht.ausgleich.Ueberweisung``) aus der
    gespeicherten Form eines ``bezahlt``-Ereignisses."""
    return f"{u['von']} → {u['an']}: {euro(u['cent'], vorzeichen=False)}"


def _zeige_ueberweisungen(stand: Stand) -> None:
    zeilen = [str(u) for u in stand.ueberweisungen] or [
        "Alles bezahlt." if stand.bezahlt else "Alle sind quitt."
    ]
    if stand.bezahlt:
        _druck(_text("Wer zahlt wem (noch offen; Bezahltes abgezogen):"))
    else:
        _druck(_text("Wer zahlt wem:"))
    for zeile in zeilen:
        _druck(_text("  " + zeile))


#: Unter dieser Breite wird der Stand schmal gesetzt (Handy-Terminal, 40 Spalten):
#: kurze Spaltenköpfe mit Legende, Beträge ohne €-Zeichen, kein Verlauf, keine Rahmen
SCHMAL_AB = 70


def _stand_tabelle(stand: Stand, titel: str, trend: dict[str, str] | None = None, breite=None):
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
    if schmal:
        tab = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    else:
        tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler", overflow="ellipsis", no_wrap=True, min_width=4)
    zellen = [[f(n) for _, _, f in spalten] for n in namen]  # type: ignore[operator]
    for i, (kopf, kurz, _) in enumerate(spalten):
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
            "SP": "SP sabai-Siegpunkte",
            "RH": "RH Ruhmeshalle",
            "SF": "SF SAUFN-Plätze 1./2./3.",
            "SM": "SM Schlafmütze-Siege",
        }
        teile.append(
            Text(" · ".join(legende[k] for _, k, _ in spalten if k in legende), style="dim")
        )
    return Group(*teile)


def _beschreibung(e) -> str:
    """Eine Zeile: was der Eintrag festhält (ohne Beträge; ``referee.buch.ansicht``)."""
    from referee.buch.ansicht import zeile

    return zeile(e)


def _betraege(e) -> str:
    from referee.buch.ansicht import betraege

    return " · ".join(f"{n} {euro(c)}" for n, c in betraege(e))


def _zeit(iso: str) -> str:
    return iso[11:16] if len(iso) >= 16 else iso


def _druck(*teile) -> None:
    """Teile mit rich ausgeben – nie schmaler, als sie mindestens brauchen: in einem zu
    schmalen Terminal (``COLUMNS=10``) bricht das Terminal die Zeile um, statt dass rich
    Beträge abschneidet („+5,“)."""
    from rich.measure import Measurement

    from referee.cli.ausgabe import konsole

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


def _text(s: str, stil: str = ""):
    from rich.text import Text

    return Text(s, style=stil)


def _geber_text(g) -> str:
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


def _ereignis_text(e) -> str:
    """Eine Zeile je Ereignis des Abends."""
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
        return "Bezahlt: " + (
            ", ".join(_ueberweisung(u) for u in d.get("ueberweisungen") or []) or "–"
        )
    if e.art == "ende":
        return "Abend beendet"
    if e.art == "wieder":
        return "Abend wieder geöffnet"
    return f"Storno von Ereignis {e.bezug}"


def _wert(v) -> str:
    if isinstance(v, bool):
        return "ja" if v else "nein"
    return str(v)


def _zeige_abend(a, stand, g, ansicht=None) -> None:
    from referee.schafkopf.tisch import KONVENTION

    _druck(_text(_kopfzeile(a), "bold"))
    _druck(_text("Spieler: " + ", ".join(a.spieler)))
    _druck(_text("Tarif: " + _tarif_text(a)))
    if a.hausregeln:
        _druck(
            _text(
                "Hausregeln (gelten jetzt): "
                + ", ".join(f"{k}={v}" for k, v in a.hausregeln.items())
            )
        )
    if ansicht is not None:
        for e in ansicht.ereignisse:
            if e.art != "storno":
                zeile = f"{_zeit(e.zeit)}  {_ereignis_text(e)}"
                _druck(_text(zeile, "") if e.gilt else _text(zeile + " (aufgehoben)", "dim"))
    if a.offen and len(a.spieler) >= 4:
        _druck(_text(_geber_text(g) + f" (nach {g.spiele} Schafkopfspielen)"))
    konventionen = (
        ansicht.konventionen
        if ansicht is not None
        else ((KONVENTION,) if a.offen and len(a.spieler) >= 4 else ())
    )
    if konventionen:
        _druck(_text("An diesem Abend gilt nach Konvention, nicht im Regeltext:", "dim"))
        for k in konventionen:
            _druck(_text("  " + k.removeprefix("Konvention, nicht im Regeltext: "), "dim"))
    _zeige_stand(stand, "Stand", _trend(stand))


def _regel_ausgeben(r, als_json: bool) -> None:
    if als_json:
        drucke_json(r.als_json())
        return
    _druck(
        _text(
            f"Abend {r.abend.id}: ab dem nächsten Eintrag gilt "
            + ", ".join(
                f"{k}={_wert(v)} (vorher {_wert(r.vorher.get(k))})" for k, v in r.gesetzt.items()
            )
            + ".",
            "bold",
        )
    )
    _druck(_text("Rückgängig: referee rueckgaengig", "dim"))


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
    for kopf in ("Nr", "Datum", "Ort", "Spieler", "Einträge", "Status"):
        tab.add_column(kopf)
    for a in liste.abende:
        tab.add_row(
            str(a.id),
            a.datum,
            _text(a.ort or ""),
            _text(", ".join(a.spieler)),
            str(liste.eintraege.get(a.id, 0)),
            "offen" if a.offen else "beendet",
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
    _zeige_stand(r.stand, "Endstand", _trend(r.stand))
    _druck(
        _text(
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
    _druck(_text(f"Abend {r.abend.id}: bezahlt.", "bold"))
    for u in r.ueberweisungen:
        _druck(_text("  " + _ueberweisung(u)))
    _druck(_text("Rückgängig: referee rueckgaengig", "dim"))


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
    _druck(_text(f"Abend {r.abend.id} ist wieder offen.", "bold"))
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
    v = buch_oeffnen(db).verlauf(abend, alle=alle)
    if als_json:
        drucke_json(v.als_json())
        return
    _druck(_text(_kopfzeile(v.abend), "bold"))
    ereignisse = [x for x in v.ereignisse if x.art != "storno"]
    if not v.eintraege and not ereignisse:
        _druck(_text("Noch keine Einträge."))
        return

    def ereignisse_bis(grenze: float) -> None:
        while ereignisse and ereignisse[0].nach_eintrag < grenze:
            x = ereignisse.pop(0)
            zeile = f"–     {_zeit(x.zeit)}  {_ereignis_text(x)}"
            _druck(_text(zeile, "") if x.gilt else _text(zeile + " (aufgehoben)", "dim"))

    for e in v.eintraege:
        # eine Korrektur steht am Platz des Originals: Ereignisse vor dem Original
        ereignisse_bis(e.id if alle else v.platz.get(e.id, e.id))
        stil = "dim" if (e.id in v.aufgehoben or e.art == "storno") else ""
        _druck(_text(f"#{e.id:<4} {_zeit(e.zeit)}  {_beschreibung(e)}", stil))
        b = _betraege(e)
        if b:
            _druck(_text("       " + b, stil))
        if e.id in v.aufgehoben:
            x = v.aufgehoben[e.id]
            wie = "storniert durch" if x.art == "storno" else "ersetzt durch"
            _druck(_text(f"       ({wie} #{x.id})", stil))
    ereignisse_bis(float("inf"))


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
    r = buch_oeffnen(db).rueckgaengig(eintrag)
    if als_json:
        drucke_json(r.als_json())
        return
    if not hasattr(r, "wieder"):  # ein Ereignis (Hausregel, bezahlt) aufgehoben
        _druck(
            _text(
                f"Aufgehoben (Abend {r.storniert.abend_id}): {_ereignis_text(r.storniert)}; "
                "es bleibt in „referee abend“ sichtbar."
            )
        )
        _druck(_stand_tabelle(r.stand, "Neuer Stand"))
        if any(r.stand.schafkopf.values()):
            _zeige_ueberweisungen(r.stand)
        return
    alt = r.storniert
    _druck(_text(f"Eintrag #{alt.id} storniert (Storno #{r.storno.id}): {_beschreibung(alt)}"))
    if r.wieder is not None:
        _druck(_text(f"Damit gilt wieder Eintrag #{r.wieder.id}: {_beschreibung(r.wieder)}"))
    _druck(_stand_tabelle(r.stand, "Neuer Stand"))


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
    weitere: list[str] | None = None,
    befehl: str = "referee schafkopf eintragen",
):
    """Die Angaben eines Schafkopfspiels aus der Kommandozeile (``schafkopf eintragen`` und
    ``korrektur``): die Fakten oder eine ganze Partie (``--partie DATEI``, ``-`` = stdin).

    ``weitere``: Wörter nach der Spielerpartei (``rufspiel Anna Ben``) – ein Fehler, der
    die richtige Form nennt (``Anna+Ben``)."""
    from referee.errors import Eingabefehler
    from referee.schafkopf.ergebnis import SchafkopfAngaben, SchafkopfPartie

    _pruefe_form(spielart, wer, list(weitere or []), durchmarsch, befehl)

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


def _pruefe_form(
    spielart: str | None, wer: str | None, weitere: list[str], durchmarsch: str | None, befehl: str
) -> None:
    """Häufige Verwechslungen bei der Spielerpartei: ``Anna Ben`` oder ``Anna,Ben`` statt
    ``Anna+Ben``; beim Durchmarsch zusätzlich ein Verlierer. Nennt die richtige Form."""
    import re

    from referee.errors import Eingabefehler

    art = (spielart or "").strip().lower()
    # Komma und Semikolon sind in Namen verboten (``referee.namen``), Leerzeichen nicht
    teile = [t.strip() for t in re.split(r"[,;]", wer or "") if t.strip()] + [
        t.strip() for w in weitere for t in re.split(r"[,;]", w) if t.strip()
    ]
    if art == "ramsch" and durchmarsch and wer:
        raise Eingabefehler(
            f"Beim Durchmarsch gibt es keinen Verlierer; ohne „{wer}“ eintragen: "
            f"{befehl} ramsch --durchmarsch {durchmarsch}"
        )
    if not teile or (not weitere and len(teile) <= 1):  # leere Angaben meldet der Aufrufer
        return
    zusammen = "+".join(n for t in teile for n in t.split("+") if n)
    if art.startswith("ruf"):
        raise Eingabefehler(
            f"Partner mit + verbinden: {zusammen} (z. B. {befehl} {art} {zusammen} --augen 71)."
        )
    if art == "ramsch":
        raise Eingabefehler(
            f"Beim Ramsch steht nur der Verlierer da (bei Gleichstand mit +: {zusammen}); "
            f"Jungfrauen mit --jungfrau: {befehl} ramsch {teile[0]} --jungfrau {teile[-1]}"
        )
    raise Eingabefehler(
        f"Unerwartete Angabe „{' '.join(teile[1:])}“: "
        f"{spielart or 'dieses Spiel'} spielt einer allein ({befehl} {art} {teile[0]} --augen 61)."
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
    for k in getattr(r, "konventionen_neu", ()):  # je Abend einmal; alle: referee abend
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


@gruppen.schafkopf.command(
    "eintragen", cls=mehrwertig(), context_settings={"allow_extra_args": True}
)
def schafkopf_eintragen(
    ctx: typer.Context,
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
        weitere=list(ctx.args),
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
        if any(t.startswith("-") for t in angaben[2:]):
            unerwartet(angaben[2:])
        return schafkopf_angaben(
            angaben[0] if angaben else None,
            angaben[1] if len(angaben) > 1 else None,
            weitere=angaben[2:],
            befehl=f"referee korrektur {eintrag_id}",
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
    else:
        _druck(
            _text(
                f"Korrektur #{r.eintrag.id} ersetzt Eintrag #{eintrag} ({SPIEL_NAMEN[spiel]}): "
                f"{_beschreibung(r.eintrag)}; das Original bleibt in „referee verlauf --alle“ "
                "sichtbar.",
                "bold",
            )
        )
        _druck(_stand_tabelle(r.stand, "Neuer Stand"))
    _druck(_text(_aenderung_text(eintrag, r.aenderung or {})))


#: Wie eine Größe der Werte in der Änderung einer Korrektur heißt (``partien``/``runden``
#: ändern sich bei einer Korrektur nur mit den Mitspielern und bleiben ungenannt)
_GROESSEN = {
    "siegpunkte": "SP",
    "ruhmeshalle": "× Ruhmeshalle",
    "platz1": "× 1. Platz",
    "platz2": "× 2. Platz",
    "platz3": "× 3. Platz",
    "sieg": "× Sieg",
}


def _aenderung_text(eintrag_id: int, aenderung: dict) -> str:
    """``Änderung gegenüber #12: Anna +0,40 €, Ben +0,40 €, …`` (oder „keine“)."""
    teile = []
    for groesse, je in aenderung.items():
        for name, d in je.items():
            if groesse == "cent":
                teile.append(f"{name} {euro(d)}")
            elif groesse in _GROESSEN:
                teile.append(f"{name} {d:+d} {_GROESSEN[groesse]}")
    return f"Änderung gegenüber #{eintrag_id}: " + (", ".join(teile) or "keine im Stand") + "."
