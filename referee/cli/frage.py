"""``referee frage`` (Regelstelle zu einer Tischfrage) und ``referee regeln`` (nachlesen).

Dünn: parsen → ``referee.suche`` / ``referee.regeltexte`` → rich-Panel oder ``--json``.
Regeltext wird nie als rich-Markup gedeutet (``Text`` statt Markup-Strings).
"""

# Bewusst ohne ``from __future__ import annotations``: Typer müsste die Annotationen
# sonst beim Start als Zeichenketten auswerten (kostet Startzeit). Die Typen, die nur mypy
# braucht, stehen darum in Anführungszeichen.
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import app

if TYPE_CHECKING:
    from pathlib import Path

    from rich.panel import Panel

    from referee.regeltexte import Abschnitt
    from referee.suche.antwort import Antwort, KonventionsTreffer
    from referee.suche.bewertung import Treffer

_MARKIERUNG = "bold reverse"


def _oder(teile: list[str]) -> str:
    """„a“, „b“ oder „c“."""
    return teile[0] if len(teile) == 1 else ", ".join(teile[:-1]) + " oder " + teile[-1]


def _spiel(eingabe: str | None) -> str | None:
    if eingabe is None:
        return None
    from referee.suche import spiel_kuerzel

    return spiel_kuerzel(eingabe)


def _panel(
    abschnitt: "Abschnitt", score: float | None = None, woerter: frozenset[str] = frozenset()
) -> "Panel":
    """Ein Abschnitt als Panel: Spiel · Titel, Text mit markierten Wörtern, id unten."""
    from rich.panel import Panel
    from rich.text import Text

    from referee.regeltexte import spielname
    from referee.suche import markierungen

    text = Text(abschnitt.text)
    for start, ende in markierungen(abschnitt.text, woerter):
        text.stylize(_MARKIERUNG, start, ende)
    titel = Text(f"{spielname(abschnitt.spiel)} · {abschnitt.titel}", style="bold")
    unten = abschnitt.id if score is None else f"{abschnitt.id} · Score {score:.1f}"
    return Panel(
        text,
        title=titel,
        title_align="left",
        subtitle=Text(unten),
        subtitle_align="right",
        expand=True,
    )


def _db_datei() -> "Path":
    """Die Datenbankdatei dieses Aufrufs (``--db``, ``REFEREE_DB``, sonst das
    Benutzer-Datenverzeichnis wie ``referee.pfade.db_pfad``) – unter Linux ohne platformdirs zu
    laden (es kostete jede Frage ~5 ms); ``tests/test_frage_cli.py`` prüft, dass es derselbe
    Pfad ist."""
    import os

    from referee.cli.gruppen import db_wahl
    from referee.pfade import db_pfad

    wahl = db_wahl()
    if wahl or os.environ.get("REFEREE_DB") or not sys.platform.startswith("linux"):
        return db_pfad(wahl)
    from pathlib import Path

    basis = os.environ.get("XDG_DATA_HOME", "")
    if not basis.strip():
        basis = os.path.expanduser("~/.local/share")
    return Path(basis) / "referee" / "referee.db"


def _namen_vom_tisch() -> tuple[str, ...]:
    """Die Spieler des offenen Abends und alle bekannten Spieler des Buchs: für die Suche
    Füllwörter („darf die Kunigunde davonlaufen“). Nur lesend; gibt es keine Datenbankdatei,
    wird der Speicher nicht einmal geladen."""
    pfad = _db_datei()
    if not pfad.is_file():
        return ()
    import sqlite3

    from referee.buch import Buch
    from referee.errors import RefereeFehler

    try:
        with Buch(pfad) as buch:
            namen = buch.namen()
    except (RefereeFehler, sqlite3.Error):
        return ()
    return (*namen.am_tisch, *namen.bekannt)


def _offener_abend_tarif() -> dict[str, object] | None:
    """Der Tarif des offenen Abends (``Tarif.als_json()``-Form), nur lesend; sonst None.

    Keine Datei: kein Import des Speichers, nichts wird angelegt.
    """
    pfad = _db_datei()
    if not pfad.is_file():
        return None
    import sqlite3

    from referee.buch import Buch
    from referee.errors import RefereeFehler

    try:
        with Buch(pfad) as buch:
            tarif = buch.lage().tarif  # kein offener Abend: Zustandsfehler
    except (RefereeFehler, sqlite3.Error):
        return None
    return dict(tarif) if tarif else None


def _einstellungen(konventionen: Sequence["KonventionsTreffer"]) -> dict[str, str]:
    """id → Einstellung, mit dem Tarif des offenen Abends (sonst dem Standardtarif) gefüllt."""
    if not any(k.konvention.haengt_vom_tarif_ab for k in konventionen):
        return {k.konvention.id: k.konvention.einstellung for k in konventionen}
    from referee.schafkopf.tarif import Tarif, tarif_laden

    abend = _offener_abend_tarif()
    if abend is not None:
        try:
            tarif = Tarif.aus_json(abend)
        except ValueError:  # Eingabefehler: unbrauchbarer gespeicherter Tarif
            tarif, abend = tarif_laden(), None
    else:
        tarif = tarif_laden()
    name = f"Tarif {tarif.name}" if tarif.name else "eigener Tarif"
    quelle = f"{name} des offenen Abends" if abend is not None else f"{name}, kein offener Abend"
    werte = tarif.als_json()
    return {
        k.konvention.id: (
            f"{k.konvention.einstellung_fuer(werte)} ({quelle})"
            if k.konvention.haengt_vom_tarif_ab
            else k.konvention.einstellung
        )
        for k in konventionen
    }


def _schlicht(titel: str, text: str, unten: str) -> str:
    """Ein Abschnitt als schlichter Text (für Pipes: ohne rich)."""
    return f"{titel}\n{text}\n— {unten}\n"


@app.command("frage")
def frage(
    text: str = typer.Argument(
        ..., metavar="TEXT", help="Die Frage, so wie man sie am Tisch stellt."
    ),
    spiel: str | None = typer.Option(
        None,
        "--spiel",
        "-s",
        help="Nur in einem Spiel suchen: schafkopf, sabai, saufn, schlafmuetze "
        "(auch sabai-sabai, Schlafmütze, Sauspiel).",
    ),
    anzahl: int = typer.Option(
        3, "--anzahl", "-n", min=1, max=50, help="Wie viele Treffer höchstens."
    ),
    json_: bool = typer.Option(False, "--json", help="Treffer als JSON auf stdout."),
) -> None:
    """Die passende Regelstelle zu einer Frage finden (Tippfehler, Mundart, ganze Sätze).

    Zeigt die besten Abschnitte mit wörtlichem Regeltext, die gefundenen Wörter
    markiert, und die Abschnitts-id. Legt der Regeltext etwas nicht fest (Tarif,
    Schneider, Ramsch, Gleichstand …), zeigt frage die passende Stelle und die
    Konvention, nach der referee rechnet – mit dem Wert des offenen Abends. Die
    Namen der Spieler aus dem Buch zählen in der Frage nicht mit.
    Exit 0 = gefunden, 1 = nichts Passendes (mit „Meintest du …?“), 2 = leere
    oder unbrauchbare Frage.

    Beispiel: referee frage "Wann darf ich davonlaufen?" --spiel schafkopf
    """
    from referee.suche import antwort, gekuerzt, vorschlaege

    kuerzel = _spiel(spiel)
    namen = _namen_vom_tisch()
    a = antwort(text, spiel=kuerzel, anzahl=anzahl, namen=namen)
    einstellungen = _einstellungen(a.konventionen) if a.konventionen else {}
    if json_:
        from referee.suche import als_json

        ausgabe.drucke_json(
            als_json(text, a.treffer, a.konventionen, a.regeltext_schweigt, einstellungen)
        )
    if not a.treffer and not a.konventionen:
        wo = f" in {kuerzel}" if kuerzel else ""
        meldung = f"Nichts Passendes zu „{gekuerzt(text)}“{wo} gefunden."
        anderswo = antwort(text, anzahl=1, namen=namen).treffer if kuerzel else ()
        if anderswo:  # „Davonlaufen“ mit --spiel sabai
            b = anderswo[0].abschnitt
            meldung += f" Ohne --spiel: „{b.titel}“ ({b.id})."
        else:
            naechste = [
                f"„{x.titel}“ ({x.id})" for x in vorschlaege(text, spiel=kuerzel, namen=namen)
            ]
            if naechste:
                meldung += " Meintest du " + _oder(naechste) + "?"
        sys.stderr.write(meldung + "\n")
        raise typer.Exit(1)
    if json_:
        return
    if a.regeltext_schweigt:
        _drucke_konvention(a, einstellungen)
        return
    _drucke_treffer(a.treffer)
    for k in a.konventionen:  # der Text antwortet; die Konvention rechnet weiter
        sys.stdout.write(
            f"Dazu rechnet referee nach Konvention (kein Regeltext): {k.konvention.titel} – "
            f"{einstellungen.get(k.konvention.id, k.konvention.einstellung)} ({k.konvention.id})\n"
        )


def _drucke_treffer(treffer: Sequence["Treffer"]) -> None:
    """Treffer als Panels (Terminal) oder schlicht (Pipe, ohne rich)."""
    from referee.regeltexte import spielname

    if not sys.stdout.isatty():
        for t in treffer:
            a = t.abschnitt
            sys.stdout.write(
                _schlicht(
                    f"{spielname(a.spiel)} · {a.titel}", a.text, f"{a.id} · Score {t.score:.1f}"
                )
                + "\n"
            )
        return
    konsole = ausgabe.konsole()
    for t in treffer:
        konsole.print(_panel(t.abschnitt, t.score, t.woerter))


def _drucke_konvention(a: "Antwort", einstellungen: dict[str, str]) -> None:
    """Regelstelle (falls es eine gibt), dann die Konvention mit ihrer Einstellung."""
    from referee.regeltexte import abschnitt, spielname, zitat

    k = a.konventionen[0].konvention
    stelle = None
    if k.stelle is not None:
        stelle = (abschnitt(k.stelle), zitat(k.stelle, k.stelle_wort) or "")
    elif a.treffer:
        stelle = (a.treffer[0].abschnitt, a.treffer[0].abschnitt.text)
    zeilen = [
        f"Der Regeltext legt das nicht fest. referee rechnet nach Konvention: {k.text}",
        f"Einstellung: {einstellungen.get(k.id, k.einstellung)}",
    ]
    if k.aendern:
        zeilen.append(f"Ändern: {k.aendern}")
    weitere = [f"{x.konvention.titel} ({x.konvention.id})" for x in a.konventionen[1:]]
    if weitere:
        zeilen.append("Siehe auch: " + ", ".join(weitere))
    if not sys.stdout.isatty():
        if stelle is not None:
            s, auszug = stelle
            sys.stdout.write(_schlicht(f"{spielname(s.spiel)} · {s.titel}", auszug, s.id) + "\n")
        sys.stdout.write(
            _schlicht(
                f"Konvention · {spielname(k.spiel)} · {k.titel}",
                "\n".join(zeilen),
                f"{k.id} (kein Regeltext)",
            )
        )
        return
    from rich.panel import Panel
    from rich.text import Text

    konsole = ausgabe.konsole()
    if stelle is not None:
        s, auszug = stelle
        konsole.print(
            Panel(
                Text(auszug),
                title=Text(f"{spielname(s.spiel)} · {s.titel}", style="bold"),
                title_align="left",
                subtitle=Text(s.id),
                subtitle_align="right",
            )
        )
    konsole.print(
        Panel(
            Text("\n".join(zeilen)),
            title=Text(f"Konvention · {spielname(k.spiel)} · {k.titel}", style="bold"),
            title_align="left",
            subtitle=Text(f"{k.id} · kein Regeltext"),
            subtitle_align="right",
            border_style="yellow",
        )
    )


@app.command("regeln")
def regeln(
    spiel: str | None = typer.Argument(
        None,
        metavar="[SPIEL]",
        help="schafkopf, sabai, saufn, schlafmuetze – oder gleich eine id wie schafkopf.davonlaufen.",
    ),
    abschnitt_name: str | None = typer.Argument(
        None,
        metavar="[ABSCHNITT]",
        help="Abschnitt: id (schafkopf.davonlaufen) oder Kurzform (davonlaufen).",
    ),
    json_: bool = typer.Option(False, "--json", help="Als JSON auf stdout."),
) -> None:
    """Regeltexte nachlesen: Spiele, Abschnitte eines Spiels oder einen Abschnitt ganz.

    Ohne Angabe: die Spiele mit ihrer Zahl an Abschnitten. Mit SPIEL: dessen
    Abschnitte (id und Titel). Mit SPIEL und ABSCHNITT: der Abschnitt wörtlich.

    Beispiel: referee regeln schafkopf davonlaufen
    """
    from referee.errors import Eingabefehler
    from referee.regeltexte import SPIELE, abschnitt, abschnitte, regelwerk

    gewaehlt = None
    if spiel is not None and "." in spiel and abschnitt_name is None:
        spiel, abschnitt_name = spiel.split(".", 1)
    kuerzel = _spiel(spiel)
    if abschnitt_name is not None:
        from referee.suche import falte

        kurz = "-".join(falte(abschnitt_name).split())  # „Rufbare Säue“ → rufbare-saeue
        if kuerzel is not None and kurz.startswith(f"{kuerzel}."):
            kurz = kurz[len(kuerzel) + 1 :]
        try:
            gewaehlt = abschnitt(f"{kuerzel}.{kurz}")
        except KeyError:
            from referee.suche import vorschlaege

            naechste = vorschlaege(abschnitt_name.replace("-", " "), spiel=kuerzel)
            raise Eingabefehler(
                f"Unbekannter Abschnitt „{abschnitt_name}“ in {kuerzel}. Meintest du "
                + _oder([a.id for a in naechste])
                + f"? Alle Abschnitte: referee regeln {kuerzel}"
            ) from None

    if gewaehlt is not None:
        if json_:
            ausgabe.drucke_json(
                {
                    "spiel": gewaehlt.spiel,
                    "abschnitt": gewaehlt.id,
                    "titel": gewaehlt.titel,
                    "text": gewaehlt.text,
                    "stichworte": list(gewaehlt.stichworte),
                }
            )
        else:
            ausgabe.konsole().print(_panel(gewaehlt))
        return

    if kuerzel is None:
        spiele: list[dict[str, str | int]] = [
            {"spiel": s, "name": regelwerk(s).name, "abschnitte": len(abschnitte(s))}
            for s in SPIELE
        ]
        if json_:
            ausgabe.drucke_json({"spiele": spiele})
            return
        from rich.table import Table

        tabelle = Table(title="Regeltexte", title_justify="left")
        tabelle.add_column("Spiel")
        tabelle.add_column("Name")
        tabelle.add_column("Abschnitte", justify="right")
        for eintrag in spiele:
            tabelle.add_row(str(eintrag["spiel"]), str(eintrag["name"]), str(eintrag["abschnitte"]))
        konsole = ausgabe.konsole()
        konsole.print(tabelle)
        ausgabe.drucke_text("Weiter: referee regeln SPIEL   ·   referee regeln SPIEL ABSCHNITT")
        return

    liste = abschnitte(kuerzel)
    if json_:
        ausgabe.drucke_json(
            {
                "spiel": kuerzel,
                "abschnitte": [{"abschnitt": a.id, "titel": a.titel} for a in liste],
            }
        )
        return
    from rich.table import Table
    from rich.text import Text

    tabelle = Table(
        title=Text(f"{regelwerk(kuerzel).name}: {len(liste)} Abschnitte"), title_justify="left"
    )
    tabelle.add_column("Abschnitt", no_wrap=True)
    tabelle.add_column("Titel")
    for a in liste:
        tabelle.add_row(Text(a.id), Text(a.titel))
    ausgabe.konsole().print(tabelle)
