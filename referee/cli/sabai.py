"""``referee sabai …``: Rundenwertung, Eintragen, Ruhmeshalle, Entscheide am Tisch.

Dünn: Argumente lesen → ``referee.sabai`` fragen → mit rich oder ``--json`` ausgeben.
Regelkern, rich und der Speicher werden erst in den Befehlen importiert.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import drucke_json, konsole
from referee.cli.eingabe import mit_angaben
from referee.cli.eingabe.sabai import ADAPTER as SABAI
from referee.eingabe.sabai import regeln as _regeln

if TYPE_CHECKING:
    from rich.console import Console

    from referee.sabai.entscheide import Auskunft
    from referee.sabai.ergebnis import SabaiAngaben
    from referee.sabai.runde import Spielstand

_JSON = Annotated[bool, typer.Option("--json", help="Antwort als JSON auf stdout.")]
_DB = Annotated[str | None, typer.Option("--db", help="Datenbankdatei.")]
_STRENG = Annotated[
    bool, typer.Option("--streng", help="Joker auf den verbrannten Ass-Joker NICHT erlauben.")
]


# --- Hilfen -------------------------------------------------------------------------------


def _hinweise_ausgeben(hinweise: Iterable[object], als_json: bool) -> None:
    """Hinweise: bei --json auf stderr (stdout bleibt der reine Vertrag), sonst auf stdout."""
    if not hinweise:
        return
    if als_json:
        for h in hinweise:
            sys.stderr.write(f"Hinweis: {h}\n")
        return
    from rich.text import Text

    k = konsole()
    for h in hinweise:
        k.print(Text("• " + str(h)))


def _einruecken(c: Console, text: str) -> None:
    """Regeltext um zwei Zeichen eingerückt, umbrochen, ohne Leerzeichen am Zeilenende."""
    import textwrap

    from rich.text import Text

    breite = max(20, c.width - 2)
    for zeile in text.splitlines():
        c.print(
            Text(textwrap.fill(zeile, breite, initial_indent="  ", subsequent_indent="  ") or "")
        )


def _entscheid_ausgeben(
    entscheid: Auskunft, als_json: bool, extra: Mapping[str, object] | None = None
) -> None:
    if als_json:
        drucke_json({**(extra or {}), **entscheid.als_json()})
    else:
        from rich.text import Text

        k = konsole()
        if entscheid.erlaubt:
            k.print(Text("Erlaubt.", style="bold green"))
        else:
            k.print(Text("Nicht erlaubt.", style="bold red"))
        k.print(Text(entscheid.grund))
        if entscheid.folge:
            k.print(Text("Folge: " + entscheid.folge))
        k.print(Text(f"Regel: {entscheid.abschnitt}", style="dim"))
        _hinweise_ausgeben(entscheid.hinweise, False)
    raise typer.Exit(0 if entscheid.erlaubt else 1)


# --- Rundenwertung ------------------------------------------------------------------------


def _runde_werten(
    angaben: SabaiAngaben, als_json: bool, eintragen: bool, db: str | None = None
) -> None:
    from referee.sabai import hinweis_letzte_partie

    letzte = angaben.letzte
    meldung: list[str] = []
    if not eintragen:
        from referee.sabai.ergebnis import werten

        ergebnis = werten(list(angaben.haende), letzte, angaben.regeln).runde
    else:
        from referee.cli.ausgabe import aufruf
        from referee.cli.gruppen import buch_oeffnen
        from referee.sabai.ergebnis import SabaiErgebnis

        eingabe = {"argv": aufruf(), "haende": {n: k for n, k in angaben.haende}}
        r = buch_oeffnen(db).eintragen(angaben, eingabe=eingabe)
        # sabai-Angaben ergeben ein sabai-Ergebnis und (im Buch) den Spielstand des Spiels
        assert isinstance(r.ergebnis, SabaiErgebnis) and r.sabai_spiel is not None
        ergebnis = r.ergebnis.runde
        meldung = [
            f"Eingetragen: Eintrag #{r.eintrag.id} · Abend {r.abend.id} "
            "(rückgängig: referee rueckgaengig).",
            *_spielstand_zeilen(r.sabai_spiel),
        ]
    hinweise = list(ergebnis.hinweise)
    if letzte:
        hinweise.append(hinweis_letzte_partie())

    if als_json:
        drucke_json(ergebnis.als_json())
        _hinweise_ausgeben(hinweise, True)
        for zeile in meldung:
            sys.stderr.write(zeile + "\n")
        return

    from rich.table import Table
    from rich.text import Text

    from referee.sabai import zahl

    k = konsole()
    tabelle = Table(title="sabai-sabai: Ende der Partie" + (" (letzte Partie)" if letzte else ""))
    tabelle.add_column("Spieler:in")
    tabelle.add_column("Karten")
    tabelle.add_column("Kartenpunkte", justify="right")
    tabelle.add_column("Siegespunkte", justify="right")
    tabelle.add_column("Hall of Fame", justify="center")
    for s in ergebnis.spieler:
        karten = " ".join(map(str, s.karten)) or "– (keine)"
        sp = zahl(s.siegpunkte, vorzeichen=True)
        tabelle.add_row(
            Text(s.name),
            Text(karten),
            Text(zahl(s.punkte)),
            Text(sp),
            Text("★" if s.ruhmeshalle else ""),
        )
    k.print(tabelle)
    if ergebnis.sieger:
        k.print(Text("Siegespunkt: " + ", ".join(ergebnis.sieger), style="bold"))
    else:
        k.print(Text("Siegespunkt: niemand", style="bold"))
    _hinweise_ausgeben(hinweise, False)
    for zeile in meldung:
        k.print(Text(zeile))


@gruppen.sabai.command("runde")
@mit_angaben(SABAI)
def runde(
    angaben: SabaiAngaben,
    als_json: _JSON = False,
    eintragen: Annotated[
        bool, typer.Option("--eintragen", help="Die Partie im aktuellen Spielabend eintragen.")
    ] = False,
    db: Annotated[
        str | None, typer.Option("--db", help="Datenbankdatei (nur mit --eintragen).")
    ] = None,
) -> None:
    """Wertet das Ende einer Partie: Kartenpunkte, Siegespunkte, Hall of Fame.

    Karten: Zahlen 0–14, J/Joker (−4), AJ/Ass-Joker. Die wenigsten Kartenpunkte
    bekommen einen Siegespunkt; wer den Ass-Joker hält, verliert (−1), ausser mit
    genau allen vier Jokern (Hall of Fame).

    Beispiel: referee sabai runde Anna="3 7 J" Ben="AJ 2 2" Cem="" Dora="14 0"
    """
    _runde_werten(angaben, als_json, eintragen, db)


@gruppen.sabai.command("eintragen")
@mit_angaben(SABAI)
def eintragen_befehl(
    angaben: SabaiAngaben,
    als_json: _JSON = False,
    db: _DB = None,
) -> None:
    """Wertet eine Partie und trägt sie im aktuellen Spielabend ein (wie runde --eintragen).

    Beispiel: referee sabai eintragen Anna="3 7 J" Ben="AJ 2 2" Cem="" Dora="14 0"
    """
    _runde_werten(angaben, als_json, True, db)


# --- Speicher -----------------------------------------------------------------------------


def _spielstand_zeilen(stand: Spielstand) -> list[str]:
    """Siegespunkte des (laufenden oder beendeten) Spiels als Textzeilen."""
    from referee.sabai import zahl

    werte = ", ".join(f"{n} {zahl(v, vorzeichen=True)}" for n, v in stand.siegpunkte.items())
    partien = "1 Partie" if stand.partien == 1 else f"{stand.partien} Partien"
    zeilen = [f"Spiel nach {partien}: {werte}"]
    if stand.beendet:
        zeilen.append("Spielsieger: " + ", ".join(stand.sieger) + " (meiste Siegespunkte).")
        zeilen += [f"• {h}" for h in stand.hinweise]
    elif stand.sieger:
        zeilen.append("Es führt: " + ", ".join(stand.sieger) + ".")
    return zeilen


@gruppen.sabai.command("spielstand")
def spielstand(
    abend: Annotated[
        int | None, typer.Option("--abend", help="Abend-Nummer (sonst der aktuelle).")
    ] = None,
    als_json: _JSON = False,
    db: _DB = None,
) -> None:
    """Siegespunkte je Spiel im Abend: ein Spiel endet mit der Partie, die --letzte trug.

    Beispiel: referee sabai spielstand --json
    """
    from referee.cli.gruppen import buch_oeffnen

    st = buch_oeffnen(db).sabai_spielstand(abend)
    a, spiele = st.abend, st.spiele
    if als_json:
        drucke_json(st.als_json())
        return
    from rich.text import Text

    k = konsole()
    if not spiele:
        k.print(Text(f"Abend {a.id}: noch keine sabai-sabai-Partie eingetragen."))
        return
    for nr, spiel in enumerate(spiele, start=1):
        k.print(Text(f"Spiel {nr}" + ("" if spiel.beendet else " (läuft)"), style="bold"))
        for z in _spielstand_zeilen(spiel):
            k.print(Text("  " + z))


@gruppen.sabai.command("ruhmeshalle")
def ruhmeshalle(
    als_json: _JSON = False,
    db: _DB = None,
) -> None:
    """Listet die Hall of Fame: wer mit allen vier Jokern abschloss, mit Datum und Abend.

    Beispiel: referee sabai ruhmeshalle
    """
    from referee.cli.gruppen import buch_oeffnen

    halle = buch_oeffnen(db).ruhmeshalle()
    eintraege = halle.eintraege
    if als_json:
        drucke_json(halle.als_json())
        return
    from rich.table import Table
    from rich.text import Text

    k = konsole()
    if not eintraege:
        k.print(
            Text("Die Hall of Fame ist noch leer: niemand hat mit allen vier Jokern abgeschlossen.")
        )
        return
    t = Table(title="sabai-sabai: Hall of Fame")
    t.add_column("Datum")
    t.add_column("Abend", justify="right")
    t.add_column("Ort")
    t.add_column("Spieler:in")
    for e in eintraege:
        t.add_row(Text(e.datum), Text(str(e.abend)), Text(e.ort or ""), Text(e.name))
    k.print(t)


# --- Entscheide am Tisch ------------------------------------------------------------------


@gruppen.sabai.command("reinwerfen")
def reinwerfen(
    karte: Annotated[
        str, typer.Argument(metavar="KARTE", help="Die Karte, die reingeworfen wird.")
    ],
    auf: Annotated[
        str,
        typer.Option(
            "--auf",
            metavar="OBEN",
            help="Die zuletzt gespielte Karte oben auf dem Ablagestapel.",
        ),
    ],
    anzahl: Annotated[
        int, typer.Option("--anzahl", "-n", help="Wie viele identische Karten auf einmal.")
    ] = 1,
    fuer_andere: Annotated[
        bool,
        typer.Option("--fuer-andere", help="Für eine andere Person reinwerfen (sabai-sabai-Move)."),
    ] = False,
    vereinfacht: Annotated[
        bool,
        typer.Option(
            "--vereinfacht", help="Vereinfachte Spielweise: nur eigene Karten reinwerfen."
        ),
    ] = False,
    streng: _STRENG = False,
    als_json: _JSON = False,
) -> None:
    """Darf diese Karte auf die zuletzt gespielte reingeworfen werden? Exit 0 ja, 1 nein.

    Identisch → immer, auch ausser der Reihe, auch mehrere auf einmal. Sonst:
    zurücknehmen und Strafkarte. Der Ass-Joker nur auf einen anderen Joker.

    Beispiel: referee sabai reinwerfen 7 --auf 7 --anzahl 2
    """
    from referee.sabai import Karte, reinwerfen_auskunft

    k, oben = Karte.parse(karte, "bei KARTE"), Karte.parse(auf, "bei --auf")
    regeln = _regeln(streng=streng, vereinfacht=vereinfacht)
    e = reinwerfen_auskunft(k, oben, anzahl, regeln, fuer_andere)
    _entscheid_ausgeben(e, als_json, {"karte": str(k), "auf": str(oben), "anzahl": anzahl})


_ASS_FRAGEN_HILFE = (
    "ablegen (auch: gezogen), tauschen, aufgedeckt, geben (13), switch (14), verbrennen"
)


@gruppen.sabai.command("assjoker")
def assjoker(
    frage: Annotated[
        str | None,
        typer.Argument(metavar="FRAGE", help=_ASS_FRAGEN_HILFE + "; leer = alle."),
    ] = None,
    auf: Annotated[
        str | None,
        typer.Option(
            "--auf",
            metavar="OBEN",
            help="Beim Verbrennen: die oberste Karte des Ablagestapels.",
        ),
    ] = None,
    streng: _STRENG = False,
    als_json: _JSON = False,
) -> None:
    """Was darf man mit dem Ass-Joker? Exit 0 erlaubt, 1 nicht erlaubt.

    Fragen: ablegen (auch: gezogen – direkt spielen?), tauschen (gegen die
    gezogene Karte), aufgedeckt (unwissentlich), geben (13 give), switch
    (14 switch), verbrennen --auf KARTE. Ohne Frage: alle Antworten als Übersicht.

    Beispiel: referee sabai assjoker verbrennen --auf J
    """
    from referee.sabai import AssJokerFrage, Karte, ass_joker_auskunft, ass_joker_uebersicht

    regeln = _regeln(streng=streng)
    if frage is None:
        antworten = {f.value: a for f, a in ass_joker_uebersicht(regeln).items()}
        if als_json:
            drucke_json({"fragen": {n: e.als_json() for n, e in antworten.items()}})
            return
        from rich.table import Table
        from rich.text import Text

        t = Table(title="Ass-Joker (sabai.ass-joker)")
        t.add_column("Frage")
        t.add_column("Erlaubt")
        t.add_column("Grund")
        for n, e in antworten.items():
            n = "verbrennen (auf Joker)" if n == "verbrennen" else n
            t.add_row(Text(n), Text("ja" if e.erlaubt else "nein"), Text(e.grund))
        konsole().print(t)
        return
    f = AssJokerFrage.parse(frage)
    oben = Karte.parse(auf, "bei --auf") if auf is not None else None
    e = ass_joker_auskunft(f, oben, regeln)
    extra = {"frage": f.value}
    if oben is not None:
        extra["auf"] = str(oben)
    _entscheid_ausgeben(e, als_json, extra)


@gruppen.sabai.command("karte")
def karte_erklaeren(
    karte: Annotated[str, typer.Argument(metavar="KARTE", help="z. B. 13, give, J, AJ")],
    als_json: _JSON = False,
) -> None:
    """Erklärt eine Karte: Kartenpunkte, Anzahl im Set und die Funktion (11–14).

    Beispiel: referee sabai karte 13
    """
    from referee.sabai import Karte, erklaere_karte

    k = Karte.parse(karte)
    e = erklaere_karte(k)
    zeilen_mit = f"{k} {k.funktion}" if k.funktion else None
    from referee.regeltexte import zitat

    regeltext = zitat(e.abschnitt, zeilen_mit) if (k.funktion or k is Karte.ASS_JOKER) else None
    if als_json:
        drucke_json({**e.als_json(), "regeltext": regeltext})
        return
    from rich.text import Text

    c = konsole()
    titel = (
        f"Karte {k}"
        + (f" {k.funktion}" if k.funktion else "")
        + (f" ({k.name_de})" if k.name_de != str(k) else "")
    )
    c.print(Text(titel, style="bold"))
    c.print(Text(e.erklaerung))
    if regeltext:
        c.print(Text(f"Regeltext ({e.abschnitt}):", style="dim"))
        _einruecken(c, regeltext)
    else:
        c.print(Text(f"Regel: {e.abschnitt}", style="dim"))
    _hinweise_ausgeben(e.hinweise, False)


@gruppen.sabai.command("move")
def move(
    name: Annotated[str, typer.Argument(metavar="MOVE", help="sabai-sabai oder ass")],
    als_json: _JSON = False,
) -> None:
    """Erklärt den sabai-sabai-Move oder den Ass-Move (mit dem Regeltext).

    Beispiel: referee sabai move ass
    """
    from referee.regeltexte import zitat
    from referee.sabai import Move

    m = Move.parse(name)
    regeltext = zitat(m.abschnitt)
    if als_json:
        drucke_json(
            {
                "move": m.value,
                "titel": m.titel,
                "erklaerung": m.kurz,
                "abschnitt": m.abschnitt,
                "regeltext": regeltext,
            }
        )
        return
    from rich.text import Text

    c = konsole()
    c.print(Text(m.titel, style="bold"))
    c.print(Text(m.kurz))
    if regeltext:
        c.print(Text(f"Regeltext ({m.abschnitt}):", style="dim"))
        _einruecken(c, regeltext)
