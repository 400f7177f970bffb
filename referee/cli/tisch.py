"""``referee tisch``: die Sitzung am Tisch – eine kurze Zeile je Spiel, Stand in der Fußleiste.

Dünn: Abend sicherstellen (``referee.tisch.dienst``), dann die Schleife
(``referee.tisch.sitzung``) am Terminal oder, wenn stdin kein Terminal ist, Zeile für Zeile.
Die Sitzung bekommt von hier, was über ihr liegt (``neue_sitzung``): die Befehle von
``referee`` und den Start des Live-Stands. prompt_toolkit wird nur für die Sitzung am Terminal
geladen.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli import gruppen
from referee.cli.gruppen import db_wahl
from referee.cli.mehrwert import mehrwertig, werte

if TYPE_CHECKING:
    from referee.live.prozess import LiveProzess
    from referee.tisch.dienst import Sitzungsbuch
    from referee.tisch.sitzung import Tisch
    from referee.tisch.turnier import TurnierSitzungsbuch


@gruppen.app.command("tisch", cls=mehrwertig())
def tisch(
    spieler: Annotated[
        list[str] | None,
        typer.Option(
            "--spieler",
            "-s",
            help="Ohne offenen Abend: ein neuer mit diesen Spielern (Sitzordnung).",
        ),
    ] = None,
    tarif: Annotated[
        str | None,
        typer.Option("--tarif", help="Tarif eines neuen Abends (z. B. 10-20-50)."),
    ] = None,
    setzen: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="SCHLUESSEL=WERT",
            help="Tarif/Hausregel eines neuen Abends, z. B. --set laufende_ab=2.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", metavar="PFAD", help="Datenbankdatei (sonst wie bei allen Befehlen)."),
    ] = None,
    turnier_id: Annotated[
        int | None,
        typer.Option(
            "--turnier",
            metavar="ID",
            min=1,
            help="Am Turniertisch (mit --tisch): dieses Turnier (sonst das offene).",
        ),
    ] = None,
    runde: Annotated[
        int | None,
        typer.Option(
            "--runde", metavar="R", min=1, help="Am Turniertisch: die Runde (sonst die laufende)."
        ),
    ] = None,
    tisch_nr: Annotated[
        int | None,
        typer.Option(
            "--tisch",
            metavar="T",
            min=1,
            help="Am Turniertisch T: dessen Spiele der laufenden Runde eintragen.",
        ),
    ] = None,
) -> None:
    """Am Tisch: eine kurze Zeile je Spiel (r an be 71 l3), Stand in der Fußleiste.

    Jeder Befehl von referee geht in der Sitzung ohne „referee“; „hilfe“ zeigt die Kurzformen, q oder Ctrl-D beendet. Jeder Eintrag ist geschrieben, sobald er bestätigt ist. Liest stdin kein Terminal, wird Zeile für Zeile eingetragen (eine Antwort je Zeile: ein Eintrag ist eine Zeile, stand, hilfe und ? brauchen mehrere; Halt mit Exit 2 bei der ersten fehlerhaften Zeile, ein eben begonnener leerer Abend wird dann verworfen).

    Am Turniertisch (--tisch T, dazu --turnier ID und --runde R, sonst das offene Turnier und die laufende Runde): dieselben Kurzformen mit den Namen dieses Tisches, u, #N …; gezählt nach der Wertung des Turniers; Befehle des Spielabends werden abgelehnt.

    Beispiel: referee tisch --spieler Anna Ben Cem Dora --tarif 10-20-50
    """
    from referee.tisch.dienst import Sitzungsbuch

    # ein Terminal ohne UTF-8: die ASCII-Formen wie bei jedem Befehl (``raender_sichern``)
    if tisch_nr is not None or turnier_id is not None or runde is not None:
        _turniertisch(db, tisch_nr, turnier_id, runde, spieler, tarif, setzen)
        return
    buch = Sitzungsbuch(db_wahl(db))
    namen = werte(spieler)
    nr, neu, angelegt = buch.abend_sicherstellen(namen, tarif, werte(setzen))
    if angelegt:
        sys.stderr.write("Neu angelegt: " + ", ".join(angelegt) + ".\n")
    if neu:
        sys.stderr.write(f"Abend {nr} begonnen: {', '.join(buch.spieler())}.\n")
    elif namen or tarif or setzen:
        sys.stderr.write(
            f"Abend {nr} ist offen ({', '.join(buch.spieler())}); --spieler, --tarif und "
            "--set gelten nur für einen neuen Abend.\n"
        )

    def verwerfen() -> None:
        if neu and buch.begonnenen_abend_verwerfen():
            sys.stderr.write(
                f"Abend {nr} wieder verworfen (noch nichts eingetragen): nichts geändert.\n"
            )

    raise typer.Exit(_sitzung(buch, nach_fehler=verwerfen))


def neue_sitzung(
    buch: Sitzungsbuch | TurnierSitzungsbuch,
    schreibe: Callable[[str], None] | None = None,
    *,
    knapp: bool = False,
) -> Tisch:
    """Die Sitzung (``referee.tisch.sitzung.Tisch``) über ``buch`` mit dem, was sie von hier
    bekommt – sie liegt unter der Kommandozeile und importiert sie nicht: die Befehle von
    ``referee`` (``BEFEHL_MODULE``, ``ausfuehren``, ``befehlsbaum``) und den Start des
    Live-Stands (``referee.live`` erst, wenn jemand ``live`` tippt)."""
    from referee.cli import BEFEHL_MODULE, ausfuehren, befehlsbaum
    from referee.tisch.sitzung import Kommandozeile, Tisch

    return Tisch(
        buch,
        schreibe,
        knapp=knapp,
        kommandozeile=Kommandozeile(frozenset(BEFEHL_MODULE), ausfuehren, befehlsbaum),
        live_starten=_live_starten,
    )


def _live_starten(db: str | os.PathLike[str], **optionen: Any) -> LiveProzess:
    """``live`` in der Sitzung: der Live-Stand im Hintergrund (``referee.live``)."""
    from referee.live import starte_im_hintergrund

    return starte_im_hintergrund(db, **optionen)


def _sitzung(
    buch: Sitzungsbuch | TurnierSitzungsbuch,
    *,
    vorweg: Callable[[Tisch], None] | None = None,
    nach_fehler: Callable[[], None] | None = None,
) -> int:
    """Die Sitzung über ``buch``: am Terminal interaktiv, sonst Zeile für Zeile (nach einer
    fehlerhaften Zeile ``nach_fehler()``); ``vorweg(sitzung)`` vor der ersten Zeile. Schließt
    Sitzung und Buch; zurück der Exit-Code."""
    from referee.tisch.sitzung import interaktiv, skript, zeilen_lesen

    sitzung = neue_sitzung(buch, knapp=not sys.stdin.isatty())
    try:
        if vorweg is not None:
            vorweg(sitzung)
        if not sitzung.knapp:
            return interaktiv(sitzung)
        code = skript(sitzung, zeilen_lesen(sys.stdin.buffer), _fehler)
        if code and nach_fehler is not None:
            nach_fehler()
        return code
    finally:
        sitzung.schliessen()
        buch.schliessen()


def _fehler(text: str) -> None:
    sys.stderr.write(f"Fehler: {text}\n")


def _turniertisch(
    db: str | None,
    tisch_nr: int | None,
    turnier_id: int | None,
    runde: int | None,
    spieler: list[str] | None,
    tarif: str | None,
    setzen: list[str] | None,
) -> None:
    """``tisch --tisch T [--turnier ID] [--runde R]``: die Sitzung an einem Turniertisch."""
    from referee.errors import Eingabefehler
    from referee.tisch.turnier import TurnierSitzungsbuch

    if tisch_nr is None:
        raise Eingabefehler(
            "Am Turniertisch fehlt --tisch, z. B. referee tisch --turnier 1 --tisch 3."
        )
    if spieler or tarif or setzen:
        raise Eingabefehler(
            "--spieler, --tarif und --set gehören zu einem Spielabend; am Turniertisch sitzen "
            "die Spieler der Auslosung, gezählt wird nach der Wertung des Turniers."
        )
    buch = TurnierSitzungsbuch(db_wahl(db), tisch=tisch_nr, turnier_id=turnier_id, runde=runde)

    def vorweg(_sitzung: Tisch) -> None:
        lage = buch.lage()
        plaetze = ", ".join(
            f"{n} ({nr})" for n, nr in zip(lage.spieler, lage.startnummern, strict=True)
        )
        sys.stderr.write(f"{buch.turnier_name}: {lage.kopf()}. Am Tisch: {plaetze}.\n")

    raise typer.Exit(_sitzung(buch, vorweg=vorweg))
