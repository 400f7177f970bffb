"""Preisschafkopf: ``referee turnier …`` – anlegen, anmelden, auslosen, Blätter und Spiele
eintragen, Rangliste, PDFs.

Dünn: je Befehl eine Methode von ``referee.buch.turnier.Turnierbuch``, dann mit rich oder
``--json`` ausgeben. Die Gruppe ``turnier`` steht in ``gruppen.py`` wie die der Spiele; ohne
Befehl zeigt ihr Rückruf das offene Turnier. Buch, rich und fpdf2 erst in den Befehlen
(Startzeit; fpdf2 nur beim Schreiben einer PDF).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
import typer.core

from referee.cli import gruppen
from referee.cli.ausgabe import drucke_json, drucke_text
from referee.cli.eingabe import DB, JSON, mit_angaben
from referee.cli.gruppen import db_wahl
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.buch.turnier.antworten import Tischplan, Turnierstand
    from referee.cli.eingabe import Adapter
    from referee.schafkopf.angaben import SchafkopfAngaben, SchafkopfPartie

turnier = gruppen.turnier

TURNIER = Annotated[
    int | None,
    typer.Option(
        "--turnier",
        metavar="ID",
        min=1,
        help="Dieses Turnier (Nummer aus „referee turnier liste“); sonst das offene.",
    ),
]
RUNDE = Annotated[int, typer.Option("--runde", "-r", min=1, help="Die Runde (1, 2, …).")]
TISCH = Annotated[
    int, typer.Option("--tisch", "-t", min=1, help="Der Tisch (Nummer der Auslosung).")
]
FORCE = Annotated[bool, typer.Option("--force", help="Eine vorhandene Datei bei -o überschreiben.")]
#: Die Eckdaten eines Turniers (``neu`` und ``eckdaten``).
ORT = Annotated[str | None, typer.Option("--ort", help="Wo gespielt wird.")]
DATUM = Annotated[str | None, typer.Option("--datum", metavar="JJJJ-MM-TT", help="Der Turniertag.")]
STARTGELD = Annotated[
    str | None,
    typer.Option("--startgeld", metavar="EURO", help="Startgeld je Teilnehmer (z. B. 15)."),
]


def _buch(db: str | None) -> Turnierbuch:
    from referee.buch.turnier import Turnierbuch

    return Turnierbuch(db_wahl(db))


def _zeile(text: str, stil: str | None = None) -> None:
    drucke_text(text, stil)


def _tabelle(koepfe: list[str], rechts: list[bool], zeilen: list[list[str]]) -> None:
    """Eine Tabelle mit rich (fremder Text als ``Text``, nie als Markup)."""
    from rich.table import Table
    from rich.text import Text

    from referee.cli.abend import druck

    tab = Table(show_edge=False, pad_edge=False)
    for k, r in zip(koepfe, rechts):
        tab.add_column(k, justify="right" if r else "left", no_wrap=True)
    for z in zeilen:
        tab.add_row(*[Text(x) for x in z])
    druck(tab)


def _zahl(p: int) -> str:
    return f"{p:+d}" if p else "0"


# --------------------------------------------------------------------------- die Gruppe


@gruppen.turnier.callback(invoke_without_command=True)
def turnier_zeigen(
    ctx: typer.Context,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Preisschafkopf: anlegen, anmelden, auslosen, Blätter und Spiele eintragen, Rangliste und PDFs. Ohne Befehl: das offene Turnier (Wertung, Teilnehmer, Stand der Tische).

    Ablauf: turnier neu → anmelden → auslosung → blatt -o tische.pdf → ergebnis (je Tisch) oder spiel (je Spiel) → stand -o rangliste.pdf; dann die nächste Runde auslosen.

    Beispiel: referee turnier --json
    """
    if ctx.invoked_subcommand is not None:
        return
    a = _buch(db).turnier(turnier_id)
    if als_json:
        drucke_json(a.als_json())
        return
    t = a.turnier
    status = "offen" if t.offen else f"beendet {t.beendet}"
    _zeile(f"Turnier {t.id}: {t.name} ({status})", "bold")
    _zeile(f"{t.runden} Runden zu {t.spiele} Spielen; ausgelost: {a.ausgelost}. {a.wertung_text}")
    aktiv = [x for x in a.teilnehmer if x.abgemeldet_ab is None]
    _zeile(f"{len(a.teilnehmer)} Startnummern, davon {len(aktiv)} dabei.")
    for s in a.tische:
        if s.runde == a.ausgelost:
            _zeile("  " + s.text(), None if s.fertig else "dim")


# --------------------------------------------------------------------------- anlegen


@turnier.command("neu", cls=mehrwertig())
def turnier_neu(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Der Name des Turniers.")],
    runden: Annotated[int, typer.Option("--runden", min=1, help="Zahl der Runden.")] = 2,
    spiele: Annotated[
        int, typer.Option("--spiele", min=1, help="Spiele je Runde und Tisch (z. B. 32).")
    ] = 32,
    wertung: Annotated[
        str | None,
        typer.Option(
            "--wertung",
            help="Die Wertung: solo-6-2, solo-15-5, nur-plus (referee turnier wertungen).",
        ),
    ] = None,
    setzen: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="SCHLUESSEL=WERT",
            help="Wertung überschreiben, z. B. --set solo=5 laufende=1 stoss=doppelt.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", min=0, help="Startwert der Auslosung (ohne: zufällig, wird gespeichert)."
        ),
    ] = None,
    ort: ORT = None,
    datum: DATUM = None,
    startgeld: STARTGELD = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Turnier anlegen: Runden, Spiele je Runde, Wertung (Punkte je Spiel); dazu Ort, Datum und Startgeld (für Kasse und Preise).

    Beispiel: referee turnier neu "Preisschafkopf Post" --runden 2 --spiele 32 --wertung solo-6-2 --seed 7 --startgeld 15
    """
    r = _buch(db).neu(
        name,
        runden=runden,
        spiele=spiele,
        wertung=wertung,
        setzen=setzen or [],
        seed=seed,
        ort=ort,
        datum=datum,
        startgeld=startgeld,
    )
    if als_json:
        drucke_json(r.als_json())
        return
    t = r.turnier
    _zeile(f"Turnier {t.id}: {t.name} – {t.runden} Runden zu {t.spiele} Spielen.", "bold")
    _zeile(r.wertung_text)
    _zeile("Weiter: referee turnier anmelden NAME … (oder --datei teilnehmer.csv)", "dim")


@turnier.command("wertungen")
def turnier_wertungen(als_json: JSON = False) -> None:
    """Die mitgelieferten Wertungen mit ihrer Quelle (Turnierordnungen) und Annahmen.

    Beispiel: referee turnier wertungen
    """
    from referee.buch.turnier import Turnierbuch

    r = Turnierbuch.wertungen()
    if als_json:
        drucke_json(r.als_json())
        return
    for w in r.wertungen:
        _zeile(w.name, "bold")
        _zeile("  " + w.beschreibung)
        _zeile("  Quelle: " + w.quelle, "dim")
        _zeile("  Annahmen: " + w.annahmen, "dim")


@turnier.command("liste")
def turnier_liste(db: DB = None, als_json: JSON = False) -> None:
    """Alle Turniere im Buch (Nummer, Name, offen, Startnummern).

    Beispiel: referee turnier liste --json
    """
    r = _buch(db).liste()
    if als_json:
        drucke_json(r.als_json())
        return
    if not r.turniere:
        _zeile("Noch kein Turnier.")
    for t, n in zip(r.turniere, r.teilnehmer):
        _zeile(f"{t.id}  {t.name}  ({'offen' if t.offen else 'beendet'}, {n} Startnummern)")


TROTZDEM = Annotated[
    bool,
    typer.Option(
        "--trotzdem",
        help="Auch wenn Tische noch nicht fertig (oder Runden nicht ausgelost) sind.",
    ),
]


@turnier.command("ende")
def turnier_ende(
    trotzdem: TROTZDEM = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Das Turnier beenden; danach nimmt es nichts mehr an (turnier wieder öffnet es wieder). Sind Tische offen oder Runden nicht ausgelost, nur mit --trotzdem. Zeigt die Rangliste.

    Beispiel: referee turnier ende
    """
    r = _buch(db).ende(turnier_id, trotzdem=trotzdem)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(f"Turnier {r.turnier.id} ({r.turnier.name}) ist beendet.", "bold")
    if r.offen:
        _zeile(
            "Beendet mit offenen Tischen: " + ", ".join(f"R{s.runde} {s.text()}" for s in r.offen)
        )
    if r.nicht_ausgelost:
        _zeile("Nicht ausgelost: Runde " + ", ".join(map(str, r.nicht_ausgelost)))
    _zeige_rangliste(r.stand)


@turnier.command("wieder")
def turnier_wieder(turnier_id: TURNIER = None, db: DB = None, als_json: JSON = False) -> None:
    """Ein beendetes Turnier wieder öffnen („turnier ende“ aufheben; beides bleibt im Buch). Ohne --turnier: das zuletzt angelegte.

    Beispiel: referee turnier wieder --turnier 1
    """
    r = _buch(db).wieder(turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(
        f"Turnier {r.turnier.id} ({r.turnier.name}) ist wieder offen (war beendet "
        f"{r.war_beendet}).",
        "bold",
    )


# --------------------------------------------------------------------------- Teilnehmer


@turnier.command("anmelden")
def turnier_anmelden(
    namen: Annotated[
        list[str] | None, typer.Argument(metavar="[NAME]...", help="Die Namen der Teilnehmer.")
    ] = None,
    datei: Annotated[
        str | None,
        typer.Option(
            "--datei",
            metavar="DATEI",
            help="Teilnehmerliste (CSV, ein Name je Zeile; Spalten Verein und Mannschaft "
            "kommen mit; - = stdin).",
        ),
    ] = None,
    verein: Annotated[
        str | None,
        typer.Option("--verein", help="Der Verein der genannten Namen (Mannschaftswertung)."),
    ] = None,
    mannschaft: Annotated[
        str | None,
        typer.Option("--mannschaft", help="Die Mannschaft der genannten Namen (statt Verein)."),
    ] = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Teilnehmer anmelden: jeder bekommt die nächste Startnummer; nach der Auslosung spielen sie ab der nächsten Runde mit. Ein abgemeldeter Name allein meldet ihn wieder an.

    Beispiel: referee turnier anmelden Anna Ben Cem Dora --verein "SV Post"
    """
    from referee.turnier.daten import Zugehoerigkeit

    alle = list(namen or [])
    zugehoerig: list[Zugehoerigkeit | None] = [
        Zugehoerigkeit(verein, mannschaft) if verein or mannschaft else None for _ in alle
    ]
    if datei is not None:
        from referee.dateien import lies_text
        from referee.turnier.teilnehmer import teilnehmer_aus_liste

        for m in teilnehmer_aus_liste(lies_text(datei)):
            alle.append(m.name)
            v, ms = m.verein or verein, m.mannschaft or mannschaft
            zugehoerig.append(Zugehoerigkeit(v, ms) if v or ms else None)
    r = _buch(db).anmelden(alle, turnier_id, vereine=zugehoerig)
    if als_json:
        drucke_json(r.als_json())
        return
    wie = "wieder angemeldet" if r.wieder else "angemeldet"
    _zeile(f"{len(r.teilnehmer)} {wie}, ausgelost ab Runde {r.ab_runde}:", "bold")
    for x in r.teilnehmer:
        _zeile(f"  Nr. {x.startnummer:>3}  {x.name}")


@turnier.command("abmelden")
def turnier_abmelden(
    namen: Annotated[list[str], typer.Argument(metavar="NAME...", help="Namen oder #Startnummer.")],
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Teilnehmer abmelden: ab der nächsten Runde nicht mehr ausgelost; ihre Punkte bleiben in der Rangliste.

    Beispiel: referee turnier abmelden Dora
    """
    r = _buch(db).abmelden(namen, turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    for x in r.teilnehmer:
        _zeile(f"{x.name} (Nr. {x.startnummer}) wird ab Runde {r.ab_runde} nicht mehr ausgelost.")


@turnier.command("ersatz")
def turnier_ersatz(
    alt: Annotated[str, typer.Argument(metavar="ALT", help="Wer ausfällt (Name oder #Nr.).")],
    neu: Annotated[str, typer.Argument(metavar="NEU", help="Der Ersatzspieler.")],
    ab_runde: Annotated[
        int | None,
        typer.Option(
            "--ab-runde",
            min=1,
            help="Ab dieser Runde (Standard: die laufende, ist sie fertig, die nächste).",
        ),
    ] = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Ersatzspieler übernimmt Startnummer, Platz und Punkte eines Teilnehmers.

    Beispiel: referee turnier ersatz Dora Emil
    """
    r = _buch(db).ersetzen(alt, neu, ab_runde=ab_runde, turnier_id=turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeile(
        f"{r.neu} spielt ab Runde {r.ab_runde} für {r.alt} (Nr. {r.startnummer}) und übernimmt "
        "die Punkte der Startnummer."
    )


# --------------------------------------------------------------------------- Auslosung


@turnier.command("auslosung")
def turnier_auslosung(
    zuruecknehmen: Annotated[
        bool,
        typer.Option(
            "--zuruecknehmen",
            help="Die letzte Auslosung zurücknehmen, solange an ihr nichts eingetragen ist; "
            "die Runde davor läuft dann wieder.",
        ),
    ] = False,
    trotzdem: Annotated[
        bool,
        typer.Option(
            "--trotzdem",
            help="Auslosen, obwohl Tische der laufenden Runde noch nicht fertig sind; ihre "
            "Links schreiben weiter, bis an der neuen Runde etwas eingetragen ist.",
        ),
    ] = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Tische der nächsten Runde auslosen: Vierertische (Fünfer nur, wenn die Zahl es verlangt), möglichst niemand trifft jemanden wieder; reproduzierbar aus dem Startwert des Turniers. Sind Tische der laufenden Runde noch offen, nur mit --trotzdem; --zuruecknehmen nimmt die letzte Auslosung zurück (festgehalten, nichts gelöscht).

    Beispiel: referee turnier auslosung
    """
    from referee.errors import Eingabefehler

    buch = _buch(db)
    if zuruecknehmen:
        if trotzdem:
            raise Eingabefehler("--trotzdem gibt es nur beim Auslosen, nicht mit --zuruecknehmen.")
        z = buch.auslosung_zuruecknehmen(turnier_id)
        if als_json:
            drucke_json(z.als_json())
            return
        _zeile(
            f"Auslosung von Runde {z.runde} zurückgenommen ({len(z.tische)} Tische gelten nicht "
            "mehr; festgehalten, nichts gelöscht).",
            "bold",
        )
        if z.laufende_runde:
            laufend = ", ".join(s.text() for s in z.fortschritt)
            _zeile(f"Es läuft wieder Runde {z.laufende_runde}: {laufend}")
        return
    r = buch.auslosung(turnier_id, trotzdem=trotzdem)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_tische(r)
    if r.offen_gelassen:
        offen = ", ".join(s.text() for s in r.offen_gelassen)
        _zeile(f"Trotzdem ausgelost; in Runde {r.runde - 1} offen: {offen}", "dim")


@turnier.command("tische")
def turnier_tische(
    runde: Annotated[
        int | None, typer.Option("--runde", "-r", min=1, help="Die Runde (Standard: die letzte).")
    ] = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Tische einer ausgelosten Runde und wie weit sie sind (Tisch 3: 27/32).

    Beispiel: referee turnier tische --runde 1
    """
    r = _buch(db).tische(runde, turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    _zeige_tische(r)


def _zeige_tische(r: Tischplan) -> None:
    wieder = (
        "niemand trifft jemanden wieder"
        if not r.wiederholungen
        else (f"{r.wiederholungen} Paare treffen sich wieder (weniger ging nicht)")
    )
    anzahl = f"{len(r.tische)} Tisch{'e' if len(r.tische) != 1 else ''}"
    _zeile(f"Runde {r.runde}: {anzahl}, {wieder}.", "bold")
    stand = {s.tisch: s for s in r.stand}
    for t in r.tische:
        plaetze = ", ".join(f"{s.name} ({s.startnummer})" for s in t.sitze)
        fortschritt = f"  [{stand[t.nr].kurz()}]" if t.nr in stand else ""
        _zeile(f"Tisch {t.nr:>2}: {plaetze}{fortschritt}")


# --------------------------------------------------------------------------- Blatt, Spiel


def _namenswerte(paare: list[str], was: str, beispiel: str) -> dict[str, int]:
    """``["Anna=+12", "Ben=-5"]`` → ``{"Anna": 12, "Ben": -5}`` (Name ohne Leerraum ringsum)."""
    from referee.errors import Eingabefehler
    from referee.zahlen import ganze_zahl

    aus: dict[str, int] = {}
    for p in paare:
        name, gleich, wert = p.rpartition("=")
        if not gleich or not name.strip():
            raise Eingabefehler(f"„{p}“ hat nicht die Form NAME=ZAHL ({beispiel}).")
        aus[name.strip()] = ganze_zahl(wert, f"{was} von {name.strip()}")
    return aus


@turnier.command("ergebnis", cls=mehrwertig())
def turnier_ergebnis(
    punkte: Annotated[
        list[str],
        typer.Argument(metavar="NAME=PUNKTE...", help="Die Summe jedes Platzes: Anna=+12 Ben=-5 …"),
    ],
    runde: RUNDE,
    tisch: TISCH,
    soli: Annotated[
        list[str] | None,
        typer.Option(
            "--soli",
            metavar="NAME=N",
            help="Gewonnene Soli (für Gleichstände). Eine Korrektur ohne --soli behält die Soli "
            "des korrigierten Blatts.",
        ),
    ] = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Tischblatt eintragen (die Summen vom Papier): jeder Platz mit seinen Punkten; bei Plus/Minus muss es auf null aufgehen, sonst wird nichts eingetragen. Ein zweites Blatt für denselben Tisch ist eine Korrektur (das erste bleibt sichtbar).

    Beispiel: referee turnier ergebnis --runde 1 --tisch 3 Anna=+12 Ben=-5 Cem=-4 Dora=-3 --soli Anna=1
    """
    je = _namenswerte(punkte, "Punkte", "Anna=+12 Ben=-5")
    solo = None if soli is None else _namenswerte(soli, "Soli", "--soli Anna=1")
    r = _buch(db).ergebnis(runde, tisch, je, solo, turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    wie = f"Korrektur von Eintrag #{r.ersetzt}" if r.ersetzt else "eingetragen"
    _zeile(f"#{r.eintrag.id} Runde {runde}, Tisch {tisch}: Blatt {wie}.", "bold")
    if r.soli_uebernommen:
        _zeile(f"Soli von #{r.ersetzt} übernommen (ändern mit --soli NAME=N).", "dim")
    namen = dict(r.namen)
    s = dict(r.blatt.soli)
    _tabelle(
        ["Nr.", "Name", "Punkte", "Soli"],
        [True, False, True, True],
        [[str(n), namen[n], _zahl(p), str(s.get(n, 0))] for n, p in r.blatt.punkte],
    )


def _ohne(
    adapter: Adapter[SchafkopfAngaben | SchafkopfPartie], *namen: str
) -> Adapter[SchafkopfAngaben | SchafkopfPartie]:
    """Der Schafkopf-Adapter ohne ``namen`` (``--tisch`` heißt hier die Tischnummer; eine
    Partie-Datei gibt es im Turnier nicht)."""
    from dataclasses import replace

    return replace(
        adapter,
        befehl="turnier spiel",
        parameter=tuple(p for p in adapter.parameter if p.name not in namen),
    )


def _spiel_adapter() -> Adapter[SchafkopfAngaben | SchafkopfPartie]:
    from referee.cli.eingabe.schafkopf import ADAPTER

    return _ohne(ADAPTER, "tisch", "partie")


@turnier.command("spiel", cls=mehrwertig(), context_settings={"allow_extra_args": True})
@mit_angaben(_spiel_adapter())
def turnier_spiel(
    angaben: SchafkopfAngaben,
    runde: RUNDE,
    tisch: TISCH,
    mitspieler: Annotated[
        list[str] | None,
        typer.Option(
            "--mitspieler",
            metavar="A,B,C,D",
            help="Am Fünfertisch: die vier dieses Spiels (sonst setzt der Geber aus).",
        ),
    ] = None,
    korrektur: Annotated[
        int | None,
        typer.Option("--korrektur", metavar="ID", min=1, help="Ersetzt Spiel ID (#ID)."),
    ] = None,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Spiel an einem Tisch eintragen, mit denselben Angaben wie „schafkopf eintragen“; gezählt nach der Wertung des Turniers. Die Summen des Tisches kommen dann aus den Spielen (Tisch 3: 27/32).

    Beispiel: referee turnier spiel --runde 1 --tisch 3 rufspiel Anna+Ben --augen 71
    """
    from dataclasses import replace

    from referee.eingabe import werte

    if mitspieler:
        angaben = replace(angaben, tisch=tuple(werte(mitspieler)))
    buch = _buch(db)
    if korrektur is not None:
        r = buch.spiel_korrigieren(korrektur, angaben, runde=runde, tisch=tisch)
    else:
        r = buch.spiel_eintragen(runde, tisch, angaben, turnier_id=turnier_id)
    if als_json:
        drucke_json(r.als_json())
        return
    wie = f"Korrektur von #{r.ersetzt}" if r.ersetzt else f"Spiel {r.tisch.spiele}"
    _zeile(f"#{r.eintrag.id} Runde {runde}, Tisch {tisch} ({wie}): {r.spiel.zeile()}", "bold")
    _zeile("Wert: " + r.spiel.wert_text())
    namen, summen = dict(r.namen), dict(r.summen)
    _tabelle(
        ["Nr.", "Name", "Spiel", "Summe"],
        [True, False, True, True],
        [[str(n), namen[n], _zahl(p), _zahl(summen.get(n, 0))] for n, p in r.spiel.punkte],
    )
    weiter = r.tisch.text()
    if r.naechster_geber is not None:
        weiter += f" · nächstes Spiel gibt {namen[r.naechster_geber]}"
    _zeile(weiter, "dim")


@turnier.command("storno")
def turnier_storno(
    eintrag: Annotated[int, typer.Argument(metavar="ID", min=1, help="Das Blatt oder Spiel #ID.")],
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Blatt oder Spiel stornieren; es bleibt sichtbar. Eine stornierte Korrektur lässt das Original wieder gelten.

    Beispiel: referee turnier storno 12
    """
    r = _buch(db).rueckgaengig(eintrag)
    if als_json:
        drucke_json(r.als_json())
        return
    was = "Blatt" if r.storniert.art == "blatt" else "Spiel"
    text = (
        f"{was} #{r.storniert.id} (Runde {r.storniert.runde}, Tisch {r.storniert.tisch}) storniert"
    )
    if r.wieder_gueltig:
        text += f"; #{r.wieder_gueltig} gilt wieder"
    _zeile(text + ". " + r.tisch.text())


# --------------------------------------------------------------------------- Stand, PDFs


@turnier.command("stand")
def turnier_stand(
    runde: Annotated[
        int | None, typer.Option("--runde", "-r", min=1, help="Nur diese Runde.")
    ] = None,
    ausgabe: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--ausgabe",
            metavar="DATEI",
            help="Die Rangliste in diese Datei schreiben (PDF; mit --format CSV oder HTML).",
        ),
    ] = None,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="csv|html|pdf",
            help="Die Rangliste als CSV oder HTML (ohne -o auf stdout) oder PDF (mit -o).",
        ),
    ] = None,
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Rangliste: Punkte, dann gewonnene Soli; bei vollem Gleichstand derselbe Platz. Gesamt oder je Runde; mit -o als PDF zum Aushängen (mit Datum und Ort), mit --format csv|html zum Weitergeben (referee turnier stand --format csv > rangliste.csv).

    Beispiel: referee turnier stand --json
    """
    from referee.errors import Eingabefehler

    art = (format_ or ("pdf" if ausgabe is not None else "")).strip().lower()
    if art not in ("", "pdf", "csv", "html"):
        raise Eingabefehler(f"--format „{art[:20]}“ gibt es nicht; csv, html oder pdf.")
    if art == "pdf" and ausgabe is None:
        raise Eingabefehler("Eine PDF braucht eine Datei: --format pdf -o rangliste.pdf.")
    if art in ("csv", "html") and als_json:
        raise Eingabefehler(f"--format {art} und --json schließen sich aus (beides auf stdout).")
    buch = _buch(db)
    r = buch.stand(runde, turnier_id)
    if art:
        from referee.buch.turnier import aushang as fmt
        from referee.buch.turnier.pdf import rangliste_pdf

        a = buch.aushang(runde, turnier_id)
        if art == "pdf":
            daten = rangliste_pdf(a)
        else:
            text = fmt.rangliste_csv(a) if art == "csv" else fmt.rangliste_html(a)
            if ausgabe is None:
                import sys

                sys.stdout.write(text)
                return
            daten = text.encode("utf-8")
        assert ausgabe is not None
        _schreibe(ausgabe, daten, force)
    if als_json:
        drucke_json(r.als_json())
        return
    if ausgabe is not None:
        _zeile(f"Geschrieben: {ausgabe} (Rangliste als {art.upper()}, {len(r.rangliste)} Plätze).")
        return
    wo = f"Runde {runde}" if runde else "gesamt"
    _zeile(f"{r.turnier.name} – Rangliste {wo}", "bold")
    _zeige_rangliste(r)


def _zeige_rangliste(r: Turnierstand) -> None:
    # über alle Runden: je ausgeloste Runde eine Spalte („–“: nicht gespielt), ab zwei Runden
    runden = range(1, max((s.runde for s in r.tische), default=0) + 1) if r.runde is None else ()
    runden = runden if len(runden) > 1 else ()
    _tabelle(
        ["Platz", "Nr.", "Name", "Punkte", "Soli", *(f"R{n}" for n in runden)],
        [True, True, False, True, True, *(True for _ in runden)],
        [
            [
                f"{z.platz}.",
                str(z.startnummer),
                z.name + (" (abgemeldet)" if z.konto.abgemeldet else ""),
                _zahl(z.punkte),
                str(z.soli),
                *("–" if (p := z.konto.je_runde[n - 1]) is None else _zahl(p) for n in runden),
            ]
            for z in r.rangliste
        ],
    )
    offen = [s for s in r.tische if not s.fertig]
    if offen:
        _zeile("Noch offen: " + ", ".join(f"R{s.runde} {s.text()}" for s in offen), "dim")


@turnier.command("blatt")
def turnier_blatt(
    runde: RUNDE,
    ausgabe: Annotated[
        Path, typer.Option("-o", "--ausgabe", metavar="DATEI", help="Die PDF-Datei.")
    ],
    force: FORCE = False,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Tischblätter einer Runde als PDF (A4, je Tisch ein Blatt): Plätze mit Startnummern, eine Zeile je Spiel mit Plus/Minus je Spieler, der Geber je Spiel, Summe und Übertrag.

    Beispiel: referee turnier blatt --runde 1 -o tische.pdf
    """
    from referee.buch.turnier.pdf import tischblaetter_pdf

    buch = _buch(db)
    plan = buch.tische(runde, turnier_id)
    daten = tischblaetter_pdf(plan, buch.wertung_von(plan.turnier))
    _schreibe(ausgabe, daten, force)
    if als_json:
        drucke_json(
            {
                "datei": str(ausgabe),
                "runde": plan.runde,
                "tische": len(plan.tische),
                "bytes": len(daten),
            }
        )
        return
    _zeile(f"Geschrieben: {ausgabe} ({len(plan.tische)} Tischblätter, Runde {plan.runde}).")


def _schreibe(ziel: Path, daten: bytes, force: bool) -> None:
    """Eine PDF atomar schreiben (``referee.dateien.schreibe_atomar``, wie ``export -o``); eine
    vorhandene Datei nur mit ``--force``."""
    from referee.dateien import schreibe_atomar

    schreibe_atomar(ziel, daten, force)


# --------------------------------------------------------------------------- live
