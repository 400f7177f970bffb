"""``referee schlafmuetze …``: Wohin muss diese Karte? Zugablauf. Siege eintragen.

Dünn: parsen → ``referee.schlafmuetze`` fragen → ausgeben. Regelkern und rich erst in den
Befehlen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, drucke_text
from referee.cli.eingabe import mit_angaben
from referee.cli.eingabe.schlafmuetze import ADAPTER as SCHLAFMUETZE
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben


def _titel(abschnitt_id: str) -> str:
    """„saufn.abaendern (A – Abändern)“ (``referee.regeltexte.bezeichnung``)."""
    from referee.regeltexte import bezeichnung

    return bezeichnung(abschnitt_id)


def _regel(abschnitte: Iterable[str]) -> None:
    drucke_text("Abschnitt: " + "; ".join(_titel(a) for a in abschnitte))


@gruppen.schlafmuetze.command("passt")
def passt(
    karte: str = typer.Argument(..., help="Der Wert der Karte (2–20)."),
    mitte: str = typer.Option(
        ...,
        "--mitte",
        metavar='"W W W W W"',
        help='Die obersten Karten der fünf Stapel in der Mitte, von links, z. B. "2 1 5 1 1".',
    ),
    mitspieler: str = typer.Option(
        None,
        "--mitspieler",
        metavar='"NAME=W,…"',
        help='Oberste Karten der Ablagestapel der Mitspieler im Uhrzeigersinn (links von dir zuerst); „-“ = leer. Z. B. "Ben=10,Cem=4,Dora=-".',
    ),
    nach: str = typer.Option(
        None,
        "--nach",
        metavar="mitte|mitte:N|NAME|eigene",
        help="Einen Zug prüfen: wohin die Karte gelegt wurde.",
    ),
    ablage: str = typer.Option(
        None,
        "--ablage",
        metavar="W",
        help="Mit --nach: KARTE kam vom Zugstapel, und oben auf deinem Ablagestapel liegt W (passt W irgendwo, ist jedes Ablegen von KARTE „Schlafmütze!“).",
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Wohin muss die Karte? Mit --nach: war das richtig oder „Schlafmütze!“?

    Mitte: nur oben + 1 (passen mehrere Mitte-Stapel: freie Wahl).
    Mitspieler: oben + 1 oder oben − 1; leerer Ablagestapel („-“): nichts.
    Passt die Karte mehrfach: zuerst die Mitte, dann die Mitspieler im
    Uhrzeigersinn (Reihenfolge von --mitspieler, links von dir zuerst).
    Nur wenn nichts passt: auf den eigenen Ablagestapel.
    Mit --ablage W: KARTE kam vom Zugstapel, obwohl oben auf dem eigenen
    Ablagestapel W lag – passt W, ist jedes Ablegen von KARTE „Schlafmütze!“.
    Exit-Code 0 = richtig (oder ohne --nach), 1 = Schlafmütze!, 2 = Eingabe.

    Beispiel: referee schlafmuetze passt 3 --mitte "2 1 5 1 1" --mitspieler "Ben=10,Cem=4,Dora=-" --nach Cem
    """
    from referee.schlafmuetze import Tisch, ablage_auskunft, parse_wert, wohin, ziel_text

    tisch = Tisch.parse(mitte, mitspieler)
    k = parse_wert(karte, "KARTE")
    if nach is None and ablage is not None:
        from referee.errors import Eingabefehler

        raise Eingabefehler(
            "--ablage gehört zu --nach (einen Zug prüfen). Was zuerst kommt, "
            "sagt: referee schlafmuetze zug --ablage W --aufgedeckt KARTE …"
        )
    if nach is None:
        w = wohin(k, tisch)
        if als_json:
            drucke_json(w.als_json())
        else:
            if w.muss == "mitte":
                ziel = "auf einen dieser Stapel der Mitte: " + ", ".join(w.zulaessig)
            else:
                ziel = "auf " + ziel_text(w.muss)
            drucke_text(f"Die {k} muss {ziel}.", stil="bold")
            drucke_text(w.grund)
            if w.passt:
                drucke_text("Passt auf: " + ", ".join(w.passt) + ".")
            if not tisch.mitspieler:
                drucke_text("Ohne --mitspieler ist nur die Mitte geprüft.")
            _regel(w.abschnitte)
        raise typer.Exit(0)

    oben = parse_wert(ablage, "--ablage") if ablage is not None else None
    p = ablage_auskunft(k, tisch, nach, oben)
    if als_json:
        drucke_json(p.als_json())
    else:
        if p.schlafmuetze:
            drucke_text(p.grund, stil="bold red")
            drucke_text(p.strafe or "")
        else:
            drucke_text(p.grund, stil="bold green")
        if not tisch.mitspieler:
            drucke_text("Ohne --mitspieler ist nur die Mitte geprüft.")
        _regel(p.abschnitte)
    raise typer.Exit(1 if p.schlafmuetze else 0)


@gruppen.schlafmuetze.command("zug")
def zug(
    ablage: str = typer.Option(
        None,
        "--ablage",
        metavar="W|-",
        help="Oberste Karte deines eigenen Ablagestapels („-“ = leer).",
    ),
    mitte: str = typer.Option(
        None, "--mitte", metavar='"W W W W W"', help='Die fünf Stapel der Mitte, z. B. "2 1 5 1 1".'
    ),
    mitspieler: str = typer.Option(
        None,
        "--mitspieler",
        metavar='"NAME=W,…"',
        help='Ablagestapel der Mitspieler im Uhrzeigersinn, z. B. "Ben=10,Cem=4".',
    ),
    zugstapel_leer: bool = typer.Option(
        False, "--zugstapel-leer", help="Dein Zugstapel ist aufgebraucht."
    ),
    aufgedeckt: str = typer.Option(
        None, "--aufgedeckt", metavar="W", help="Die schon umgedrehte Karte vom Zugstapel."
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Was kommt im Zug zuerst: die eigene Ablagekarte oder der Zugstapel?

    Immer zuerst die oberste Karte des eigenen Ablagestapels prüfen; erst
    wenn sie nirgends passt oder der Ablagestapel leer ist, die oberste
    Karte des Zugstapels umdrehen. Ohne Angaben: die allgemeine Regel.
    Mit --aufgedeckt: Wohin die umgedrehte Karte muss – oder, wenn die
    Ablagekarte passt: noch kein Fehler, erst die Ablagekarte spielen.

    Beispiel: referee schlafmuetze zug --ablage 5 --mitte "2 1 4 1 1" --mitspieler "Ben=10"
    """
    from referee.errors import Eingabefehler
    from referee.schlafmuetze import Stapel, Tisch, naechster_schritt, parse_wert, ziel_text

    ablage_leer = ablage is not None and ablage.strip() == "-"
    oben = None
    if ablage is not None and not ablage_leer:
        oben = parse_wert(ablage, "--ablage")
    tisch = None
    if mitte is not None:
        tisch = Tisch.parse(mitte, mitspieler)
    elif mitspieler is not None:
        raise Eingabefehler("--mitspieler ohne --mitte: gib auch die fünf Stapel der Mitte an.")
    if oben is not None and tisch is None:
        raise Eingabefehler(
            f"--ablage {ablage} ohne --mitte: wohin die Karte passt, hängt von "
            f'der Mitte ab (z. B. --mitte "2 1 5 1 1").'
        )
    neu = parse_wert(aufgedeckt, "--aufgedeckt") if aufgedeckt is not None else None
    if neu is not None and tisch is None:
        raise Eingabefehler(
            f"--aufgedeckt {aufgedeckt} ohne --mitte: wohin die Karte passt, "
            f"hängt von der Mitte ab."
        )
    s = naechster_schritt(tisch, oben, zugstapel_leer, ablage_leer=ablage_leer, aufgedeckt=neu)
    if als_json:
        drucke_json(s.als_json())
    else:
        if s.karte is not None and s.muss and s.zuerst is Stapel.ABLAGESTAPEL:
            drucke_text(
                f"Zuerst die {s.karte} von deinem Ablagestapel auf {ziel_text(s.muss)}.",
                stil="bold",
            )
        elif s.karte is not None and s.muss:
            drucke_text(f"Die aufgedeckte {s.karte} muss auf {ziel_text(s.muss)}.", stil="bold")
        elif s.zuerst is Stapel.ZUGSTAPEL:
            drucke_text("Zugstapel umdrehen.", stil="bold")
        else:
            drucke_text("Zuerst der eigene Ablagestapel, dann der Zugstapel.", stil="bold")
        drucke_text(s.grund)
        _regel(s.abschnitte)


@gruppen.schlafmuetze.command("sieg", cls=mehrwertig())
@mit_angaben(SCHLAFMUETZE)
def sieg(
    angaben: SchlafmuetzeAngaben,
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Den Sieger eines Schlafmütze-Spiels in den laufenden Abend eintragen.

    Das Spiel endet, sobald jemand seine letzte Karte losgeworden ist.

    Beispiel: referee schlafmuetze sieg Anna --spieler Anna Ben Cem
    """
    from referee.cli.gruppen import buch_oeffnen
    from referee.schlafmuetze import ZITATE

    r = buch_oeffnen().eintragen(angaben, eingabe={"argv": aufruf()})
    e, erg = r.eintrag, r.ergebnis.als_json()  # das typisierte Ergebnis, in JSON-Form
    if als_json:
        drucke_json(
            {
                "sieger": erg["sieger"],
                "spieler": erg["spieler"],
                "eintrag": e.id,
                "abend": e.abend_id,
                "abschnitt": ZITATE["spielende"][0],
            }
        )
    else:
        drucke_text(r.ergebnis.zeile_mit_wert() + ".")
        drucke_text(
            f"Eingetragen: Eintrag #{e.id} · Abend {e.abend_id} (rückgängig: referee rueckgaengig)."
        )
