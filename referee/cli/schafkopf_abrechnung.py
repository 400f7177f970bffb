"""``referee schafkopf abrechnung`` und ``referee schafkopf tarife``: abrechnen am Tisch.

Dünn: Fakten aus den Optionen lesen → ``referee.schafkopf.abrechnung`` rechnen
lassen → Wert, Aufbau, Zahlungen und Konventionen ausgeben (oder ``--json``).
Regelkern und rich werden erst im Befehl importiert (Startzeit).

``--gegner Cem Dora``, ``--augen 50 30 25 15`` (Ramsch) und ``--set a=1 b=2``
nehmen mehrere Werte hintereinander (``referee.cli.mehrwert``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import schafkopf
from referee.cli.mehrwert import mehrwertig, werte

if TYPE_CHECKING:
    from referee.schafkopf.abrechnung import Abrechnung, Fakten
    from referee.schafkopf.spielart import Spielart
    from referee.schafkopf.tarif import Tarif


def _keine_spielart(token: str) -> bool:
    """Für ``--gegner``/``--namen`` …: ist das Token ein Name (keine Spielart wie ``wenz``)?"""
    from referee.errors import Eingabefehler
    from referee.schafkopf.spielart import parse_ansage

    try:
        parse_ansage(token)
    except Eingabefehler:
        return True
    return False


def _gleichung(token: str) -> bool:
    return "=" in token


def _ist_ziffern(text: str) -> bool:
    from referee.zahlen import ist_ziffern

    return ist_ziffern(text)


# Optionen mit mehreren Werten (``--gegner Cem Dora``): Höchstzahl und was als Wert zählt.
_Befehl = mehrwertig(
    hoechstens={
        "--gegner": 3,
        "--namen": 4,
        "--augen": 4,
        "--stiche": 4,
        "--verlierer": 4,
        "--jungfrau": 3,
    },
    passt={
        "--augen": _ist_ziffern,
        "--stiche": _ist_ziffern,
        "--set": _gleichung,
        "--gegner": _keine_spielart,
        "--namen": _keine_spielart,
        "--verlierer": _keine_spielart,
        "--jungfrau": _keine_spielart,
    },
)


def _zahlen(option: str, werte: list[str]) -> list[int]:
    from referee.errors import Eingabefehler
    from referee.zahlen import zahl_oder_wertfehler

    ergebnis, fehler = [], []
    for w in werte:
        try:
            ergebnis.append(zahl_oder_wertfehler(w))
        except ValueError:
            fehler.append(f"„{w}“ bei {option} ist keine ganze Zahl.")
    if fehler:
        raise Eingabefehler(" ".join(fehler))
    return ergebnis


def _ein_wert_zahlen(**werte: str) -> list[int]:
    """``--laufende``, ``--klopfer``, ``--stoss`` als ganze Zahlen; alle Fehler auf einmal."""
    from referee.errors import Eingabefehler
    from referee.zahlen import zahl_oder_wertfehler

    fehler, zahlen = [], []
    for option, w in werte.items():
        try:
            zahlen.append(zahl_oder_wertfehler(w.strip()))
        except ValueError:
            fehler.append(f"„{w}“ bei --{option} ist keine ganze Zahl.")
    if fehler:
        raise Eingabefehler(" ".join(fehler))
    return zahlen


def _plaetze(option: str, eingaben: list[str], alle: list[str]) -> tuple[int, ...]:
    """Namen oder Platznummern 1–4 → Plätze 0–3 (sortiert); Unbekanntes ist ein Eingabefehler."""
    from referee.errors import Eingabefehler

    plaetze, fehler = [], []
    for e in eingaben:
        if e in alle:
            plaetze.append(alle.index(e))
        elif _ist_ziffern(e) and len(e) == 1 and 1 <= int(e) <= 4:
            plaetze.append(int(e) - 1)
        else:
            fehler.append(
                f"Unbekannt bei {option}: „{e}“. Erwartet einen der Namen {', '.join(alle)} "
                "oder einen Platz 1–4."
            )
    if len(set(plaetze)) != len(plaetze):
        fehler.append(f"Bei {option} steht jemand doppelt.")
    if fehler:
        raise Eingabefehler(" ".join(fehler))
    return tuple(sorted(plaetze))


def _rollen(
    spielart: Spielart, spieler: str | None, partner: str | None, gegner: list[str]
) -> tuple[list[str], list[str], list[str]]:
    """(alle in Anzeige-Reihenfolge, Spielerpartei, Rollenwörter) – Namen oder Rollenschlüssel."""
    from referee.errors import Eingabefehler

    solo_artig = spielart.solo_artig
    n_gegner = 3 if solo_artig else 2
    rollen = ["Spieler"] + ([] if solo_artig else ["Partner"]) + ["Gegner"] * n_gegner
    if spieler is None and partner is None and not gegner:
        schluessel = (
            ["spieler"]
            + ([] if solo_artig else ["partner"])
            + [f"gegner{i}" for i in range(1, n_gegner + 1)]
        )
        return schluessel, schluessel[: 1 if solo_artig else 2], rollen
    fehler = []
    if solo_artig and partner is not None:
        fehler.append(f"Beim {spielart.name_de} gibt es keinen Partner („{partner}“).")
    if spieler is None:
        fehler.append("Es fehlt --spieler NAME.")
    if not solo_artig and partner is None:
        fehler.append("Es fehlt --partner NAME.")
    if len(gegner) != n_gegner:
        fehler.append(f"--gegner braucht {n_gegner} Namen, nicht {len(gegner)}.")
    namen = [x for x in (spieler, None if solo_artig else partner, *gegner) if x is not None]
    doppelt = sorted({x for x in namen if namen.count(x) > 1})
    if doppelt:
        fehler.append("Doppelte Namen: " + ", ".join(f"„{x}“" for x in doppelt) + ".")
    if fehler:
        form = (
            "--spieler NAME --gegner NAME NAME NAME"
            if solo_artig
            else "--spieler NAME --partner NAME --gegner NAME NAME"
        )
        raise Eingabefehler(" ".join(fehler) + f" Form beim {spielart.name_de}: {form}.")
    return namen, namen[: 1 if solo_artig else 2], rollen


@schafkopf.command("abrechnung", cls=_Befehl)
def abrechnung(
    spielart: str = typer.Argument(
        ...,
        metavar="SPIELART",
        help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, ramsch oder bettel.",
    ),
    augen: list[str] = typer.Option(
        None,
        "--augen",
        metavar="N",
        help="Augen der Spielerpartei (0–120); beim Ramsch vier Zahlen, je Platz.",
    ),
    laufende: str = typer.Option(
        "0", "--laufende", metavar="N", help="Zahl der Laufenden (mit oder ohne)."
    ),
    schwarz: bool = typer.Option(
        False, "--schwarz", help="Eine Partei hat keinen Stich gemacht (bei Tout: alle Stiche)."
    ),
    stiche: list[str] = typer.Option(
        None,
        "--stiche",
        metavar="N",
        help="Stiche der Spielerpartei (Bettel: 0 = gewonnen); beim Ramsch vier Zahlen.",
    ),
    tout: bool = typer.Option(
        False, "--tout", help="Tout angesagt (nur mit allen Stichen gewonnen)."
    ),
    sie: bool = typer.Option(False, "--sie", help="Sie: der Spieler hatte alle Ober und Unter."),
    klopfer: str = typer.Option(
        "0", "--klopfer", "--legen", metavar="N", help="Zahl der Klopfer/Legen (je × 2)."
    ),
    stoss: str = typer.Option(
        "0",
        "--stoss",
        "--kontra",
        metavar="N",
        help="Zahl der Stöße (Kontra) und Retours (Re) zusammen, je × 2: Stoß + Retour = 2.",
    ),
    kurz: bool = typer.Option(False, "--kurz", help="Kurze Karte (24 Blatt, 6 Stiche)."),
    tarif: str | None = typer.Option(
        None, "--tarif", help="Benannter Tarif (Standard 10-20-50; siehe referee schafkopf tarife)."
    ),
    setzen: list[str] = typer.Option(
        None,
        "--set",
        metavar="SCHLUESSEL=WERT",
        help="Tarif-Schlüssel überschreiben, z. B. --set laufende_ab=2 bettel_erlaubt=ja.",
    ),
    spieler: str | None = typer.Option(None, "--spieler", help="Name des Spielers (Spielmacher)."),
    partner: str | None = typer.Option(None, "--partner", help="Name des Partners (nur Rufspiel)."),
    gegner: list[str] = typer.Option(
        None, "--gegner", metavar="NAME", help="Namen der Gegenspieler (2 bzw. 3)."
    ),
    namen: list[str] = typer.Option(
        None, "--namen", metavar="NAME", help="Ramsch: die vier Namen in Sitzordnung."
    ),
    verlierer: list[str] = typer.Option(
        None,
        "--verlierer",
        metavar="NAME",
        help="Ramsch: wer die meisten Augen hat und zahlt (Name oder Platz 1–4); "
        "mit --augen nur bei Gleichstand nötig (wer den höheren Trumpf hatte).",
    ),
    jungfrau: list[str] = typer.Option(
        None,
        "--jungfrau",
        metavar="NAME",
        help="Ramsch: wer keinen Stich gemacht hat (Name oder Platz 1–4); verdoppelt.",
    ),
    durchmarsch: str | None = typer.Option(
        None,
        "--durchmarsch",
        metavar="NAME",
        help="Ramsch: wer alle Stiche gemacht hat (Name oder Platz 1–4).",
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Ein Spiel abrechnen: Wert, wie er entsteht, und was jeder zahlt oder bekommt.

    Die Runde nennt die Fakten (Augen der Spielerpartei, Laufende, Schwarz, Tout,
    Klopfer, Stöße); widersprüchliche Fakten sind Fehler (Exit 2). Rufspiel: jeder
    Gewinner erhält den Wert, jeder Verlierer zahlt ihn; Solo-artig: der Spieler
    das Dreifache. Ramsch: --verlierer NAME [--jungfrau NAME …] oder
    --durchmarsch NAME (mit --namen A B C D), oder --augen und --stiche je Platz
    (vier Zahlen). Bettel:
    --stiche 0 heißt gewonnen (erst mit --set bettel_erlaubt=ja). Konventionen,
    die der Regeltext nicht regelt, werden genannt.

    Beispiel: referee schafkopf abrechnung rufspiel --augen 71 --laufende 3 --spieler Anna --partner Ben --gegner Cem Dora

    Beispiel (Ramsch): referee schafkopf abrechnung ramsch --namen Anna Ben Cem Dora --verlierer Ben --jungfrau Cem
    """
    from referee.errors import Eingabefehler
    from referee.schafkopf.abrechnung import Fakten, abrechnung_mit_zahlungen
    from referee.schafkopf.spielart import Spielart, parse_ansage
    from referee.schafkopf.tarif import tarif_laden

    art, farbe = parse_ansage(spielart)
    gewaehlt = tarif_laden(tarif, setzen or None)
    augen_z = _zahlen("--augen", augen or [])
    stiche_z = _zahlen("--stiche", stiche or [])
    gegner = gegner or []
    lauf_n, klopfer_n, stoss_n = _ein_wert_zahlen(laufende=laufende, klopfer=klopfer, stoss=stoss)
    namen = namen or []

    if art is Spielart.RAMSCH:
        fehler = []
        if spieler is not None or partner is not None or gegner:
            fehler.append(
                "Beim Ramsch spielt jeder für sich: Namen mit --namen A B C D angeben, "
                "nicht --spieler/--partner/--gegner."
            )
        je_platz = bool(augen_z or stiche_z)
        if namen and len(namen) != 4:
            fehler.append(f"--namen braucht vier Namen, nicht {len(namen)}.")
        if namen and len(set(namen)) != len(namen):
            fehler.append("Doppelte Namen bei --namen.")
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        alle = namen or [f"spieler{i}" for i in range(1, 5)]
        v_plaetze = _plaetze("--verlierer", werte(verlierer), alle)
        j_plaetze = _plaetze("--jungfrau", werte(jungfrau), alle)
        d_platz = _plaetze("--durchmarsch", [durchmarsch] if durchmarsch is not None else [], alle)
        fakten = Fakten(
            art,
            laufende=lauf_n,
            schwarz=schwarz,
            tout=tout,
            sie=sie,
            klopfer=klopfer_n,
            stoesse=stoss_n,
            kurz=kurz,
            augen=tuple(augen_z) if je_platz else None,
            stiche=tuple(stiche_z) if je_platz else None,
            ramsch_verlierer=v_plaetze or None,
            jungfrauen=j_plaetze,
            durchmarsch=d_platz[0] if d_platz else None,
        )
        rollen = ["Ramsch"] * 4
        partei: list[str] = []
    else:
        fehler = []
        if namen:
            fehler.append("--namen gibt es nur beim Ramsch; sonst --spieler, --partner, --gegner.")
        if verlierer or jungfrau or durchmarsch is not None:
            fehler.append("--verlierer, --jungfrau und --durchmarsch gibt es nur beim Ramsch.")
        if len(augen_z) > 1:
            fehler.append(
                f"--augen braucht eine Zahl (Augen der Spielerpartei), nicht {len(augen_z)}."
            )
        if len(stiche_z) > 1:
            fehler.append(
                f"--stiche braucht eine Zahl (Stiche der Spielerpartei), nicht {len(stiche_z)}."
            )
        if fehler:
            raise Eingabefehler(" ".join(fehler))
        fakten = Fakten(
            art,
            farbe=farbe,
            augen_spieler=augen_z[0] if augen_z else None,
            laufende=lauf_n,
            schwarz=schwarz,
            stiche_spieler=stiche_z[0] if stiche_z else None,
            tout=tout,
            sie=sie,
            klopfer=klopfer_n,
            stoesse=stoss_n,
            kurz=kurz,
        )
        alle, partei, rollen = _rollen(art, spieler, partner, gegner)
    ergebnis, betraege = abrechnung_mit_zahlungen(fakten, partei, alle, gewaehlt)

    if als_json:
        daten = dict(ergebnis.als_json(), zahlungen=betraege, tarif=gewaehlt.name or None)
        if art is Spielart.RAMSCH:
            wer = list(betraege)
            daten["verlierer"] = [wer[i] for i in ergebnis.verlierer]
            daten["jungfrauen"] = [wer[i] for i in ergebnis.jungfrauen]
            daten["durchmarsch"] = (
                wer[ergebnis.durchmarsch] if ergebnis.durchmarsch is not None else None
            )
        ausgabe.drucke_json(daten)
        return
    _ausgeben(art, fakten, ergebnis, betraege, rollen, gewaehlt, setzen or [])


def _ausgeben(
    art: Spielart,
    fakten: Fakten,
    ergebnis: Abrechnung,
    betraege: dict[str, int],
    rollen: list[str],
    tarif: Tarif,
    setzen: list[str],
) -> None:
    from rich.table import Table
    from rich.text import Text

    from referee.schafkopf.abrechnung import spielname
    from referee.schafkopf.spielart import Spielart

    euro = ausgabe.euro
    kons = ausgabe.konsole()
    name = spielname(art, fakten.farbe)
    if art is Spielart.RAMSCH:
        alle = list(betraege)
        if ergebnis.durchmarsch is not None:
            kopf = f"Ramsch: Durchmarsch von {alle[ergebnis.durchmarsch]}."
        else:
            wer = " und ".join(alle[i] for i in ergebnis.verlierer)
            mit = f" mit {max(fakten.augen)} Augen" if fakten.augen else " (die meisten Augen)"
            kopf = (
                f"Ramsch: {wer} {'verliert' if len(ergebnis.verlierer) == 1 else 'verlieren'}{mit}."
            )
            if ergebnis.jungfrauen:
                kopf += " Jungfrau: " + ", ".join(alle[i] for i in ergebnis.jungfrauen) + "."
        rollen = []
        for i in range(4):
            if i == ergebnis.durchmarsch:
                rollen.append("Durchmarsch")
            elif i in ergebnis.verlierer:
                rollen.append("verliert")
            else:
                rollen.append("Jungfrau" if i in ergebnis.jungfrauen else "")
    else:
        teile = name + (" Tout" if fakten.tout else "") + (" Sie" if fakten.sie else "")
        kopf = f"{teile} {'gewonnen' if ergebnis.gewonnen else 'verloren'}"
        details = []
        if fakten.augen_spieler is not None and not fakten.sie:
            details.append(f"{fakten.augen_spieler} Augen")
        if not (fakten.tout or fakten.sie):
            if ergebnis.schwarz:
                details.append("schwarz")
            elif ergebnis.schneider:
                details.append("Schneider")
        if fakten.laufende:
            nicht = (
                ""
                if ergebnis.laufende_gewertet or fakten.sie
                else f", zählen erst ab {tarif.laufende_ab_fuer(art)}"
            )
            details.append(f"{fakten.laufende} Laufende{nicht}")
        kopf += f" ({', '.join(details)})." if details else "."
    kons.print(Text(kopf, style="bold"))
    kons.print(
        Text(f"Wert (Cent): {ergebnis.erklaerung} → {euro(ergebnis.wert, vorzeichen=False)}"),
        soft_wrap=True,
    )
    tabelle = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    tabelle.add_column("Wer")
    tabelle.add_column("Rolle")
    tabelle.add_column("Betrag", justify="right")
    for (wer, betrag), rolle in zip(betraege.items(), rollen, strict=True):
        tabelle.add_row(
            Text(str(wer)), Text(rolle), Text(euro(betrag), style="green" if betrag > 0 else "red")
        )
    kons.print(tabelle)
    kons.print(
        Text(tarif.beschreibung + (f" Geändert mit --set {' '.join(setzen)}." if setzen else "")),
        soft_wrap=False,
    )
    for satz in ergebnis.konventionen:
        kons.print(Text(satz, style="italic"))


@schafkopf.command("tarife")
def tarife(
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Die mitgelieferten Tarife und die Schlüssel, die --set überschreiben kann.

    Beispiel: referee schafkopf tarife
    """
    from rich.text import Text

    from referee.schafkopf.tarif import (
        SCHLUESSEL,
        STANDARD_TARIF,
        tarif_beschreibungen,
        tarif_laden,
    )

    beschreibungen = tarif_beschreibungen()
    if als_json:
        ausgabe.drucke_json(
            {
                "standard": STANDARD_TARIF,
                "tarife": {
                    n: {"beschreibung": b, **tarif_laden(n).als_json()}
                    for n, b in beschreibungen.items()
                },
                "schluessel": list(SCHLUESSEL),
            }
        )
        return
    kons = ausgabe.konsole()
    for n, b in beschreibungen.items():
        marke = " (Standard)" if n == STANDARD_TARIF else ""
        kons.print(Text(f"{n}{marke}: {b}"))
    kons.print(Text("Schlüssel für --set: " + ", ".join(SCHLUESSEL), style="dim"))
    kons.print(
        Text(
            "Beispiel: referee schafkopf abrechnung wenz --augen 61 --laufende 2 --tarif 5-10-20 --set laufende_ab.wenz=3"
        )
    )
