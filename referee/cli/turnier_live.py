"""``referee turnier live``: die Rangliste live und je Tisch ein Schreib-Link mit QR-Code (im
Terminal und als PDF zum Auslegen).

Dünn wie ``referee.cli.turnier``: Optionen lesen → ``referee.live.starte_turnier_im_thread`` →
Links und QR-Codes ausgeben, bis Strg-C kommt. Eigenes Modul, damit ``cli/turnier.py`` bei
den Befehlen der Turnierleitung bleibt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli import gruppen
from referee.cli.eingabe import DB, HOST, NEU_LADEN, PORT
from referee.cli.gruppen import db_wahl
from referee.cli.turnier import TURNIER, _schreibe

if TYPE_CHECKING:
    from referee.live.server import TurnierServer

turnier = gruppen.turnier


def _tische_hinweis(nur_lokal: bool, schreiben: bool) -> str:
    """Wer was kann (stderr); die letzte Zeile ist wie bei ``referee live`` „Beenden mit
    Strg-C.“."""
    if nur_lokal:
        zeilen = ["Nur auf diesem Rechner erreichbar (127.0.0.1): die Handys sehen ihn so nicht."]
    else:
        zeilen = [
            "Jeder im selben WLAN mit dem Link „Rangliste“ sieht Rangliste und Tische; nur lesen."
        ]
    if schreiben:
        zeilen += [
            "Wer den Link eines Tisches hat, kann an diesem Tisch in dieser Runde eintragen, "
            "rückgängig machen und korrigieren – an keinem anderen Tisch; jeder Link hat seinen "
            "eigenen Schlüssel. Also je Tisch nur seinen QR-Code zeigen.",
            "Wird die nächste Runde ausgelost, erscheinen hier neue Links; die alten schreiben "
            "weiter, bis an der neuen Runde das erste Spiel oder Blatt eingetragen ist.",
        ]
    zeilen += [
        "Ohne Link (mit seinem Schlüssel) sieht niemand etwas. Die Links stehen im Buch: nach "
        "einem Neustart von „referee turnier live“ gelten dieselben (gedruckte QR-Codes "
        "bleiben gültig); erreichbar sind sie, solange es läuft.",
        "Beenden mit Strg-C.",
    ]
    return "\n".join(zeilen) + "\n"


@turnier.command("live")
def turnier_live(
    host: HOST = None,
    port: PORT = 8723,
    schreiben: Annotated[
        bool,
        typer.Option(
            "--schreiben",
            help="Dazu je Tisch der laufenden Runde ein eigener Link mit QR-Code: das Handy "
            "dieses Tisches trägt dessen Spiele ein (nur dort).",
        ),
    ] = False,
    qr_pdf: Annotated[
        Path | None,
        typer.Option(
            "--qr-pdf",
            metavar="DATEI",
            help="Mit --schreiben: je Tisch eine Seite mit seinem QR-Code als PDF (bei jeder "
            "neuen Runde neu geschrieben).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Eine vorhandene Datei bei --qr-pdf überschreiben.")
    ] = False,
    ohne_qr: Annotated[bool, typer.Option("--ohne-qr", help="Keine QR-Codes zeigen.")] = False,
    neu_laden: NEU_LADEN = 10,
    turnier_id: TURNIER = None,
    db: DB = None,
    als_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Für Skripte: zuerst eine Zeile {"lesen": URL, "tische": [{"tisch", '
            '"schreiben"}], …} auf stdout (ohne QR-Code); jede neue Runde eine weitere.',
        ),
    ] = False,
) -> None:
    """Die Rangliste live auf Handys und Beamer: eine Seite im lokalen Netz (Platz, Startnummer, Name, Punkte, Soli, wie weit jeder Tisch ist), die sich bei jedem Eintrag selbst aktualisiert. Mit --schreiben dazu je Tisch ein Link mit QR-Code, über den dieser Tisch seine Spiele vom Handy einträgt. Strg-C beendet.

    Beispiel: referee turnier live --schreiben --qr-pdf qr-codes.pdf
    """
    import json
    import sys

    from referee.cli.live import _kann_halbbloecke, _schreibe, diene
    from referee.errors import Eingabefehler
    from referee.live import starte_turnier_im_thread

    if qr_pdf is not None and not schreiben:
        raise Eingabefehler("--qr-pdf gibt es nur mit --schreiben (die QR-Codes der Tische).")
    if qr_pdf is not None and qr_pdf.exists() and not force:
        raise Eingabefehler(f"{qr_pdf} gibt es schon; überschreiben mit --force.")
    server = starte_turnier_im_thread(
        db_wahl(db), turnier_id, host, port, neu_laden=neu_laden, schreiben=schreiben
    )
    kompakt = _kann_halbbloecke()
    gezeigt: dict[str, object] = {"links": None, "runde": 0}

    def tische_ausgeben(erste: bool) -> None:
        runde, links = server.runde_und_links()  # eine Aufnahme: alle Tische der Runde
        # neue Links: eine neue Runde, eine neue Auslosung oder eine zurückgenommene
        if not schreiben or links == gezeigt["links"] or (not links and not erste):
            return
        vorher = gezeigt["runde"]
        gezeigt["links"], gezeigt["runde"] = links, runde
        if qr_pdf is not None and links:
            _qr_pdf_schreiben(server, qr_pdf, runde, links, force=True)
        if als_json:
            if not erste:
                zeile = {"runde": runde, "tische": [{"tisch": t, "schreiben": u} for t, u in links]}
                _schreibe(json.dumps(zeile, ensure_ascii=False) + "\n")
            return
        if not links:
            _schreibe(
                "Noch keine Runde ausgelost: die Links der Tische erscheinen hier, sobald "
                "referee turnier auslosung gelaufen ist.\n",
                sys.stderr,
            )
            return
        if not erste:
            if isinstance(vorher, int) and runde > vorher:
                _schreibe(f"Runde {runde} ist ausgelost – die neuen Links der Tische:\n")
            else:  # eine Auslosung zurückgenommen (und vielleicht neu ausgelost)
                _schreibe(f"Die Auslosung hat sich geändert – die Links von Runde {runde}:\n")
        for tisch, url in links:
            _schreibe(f"Tisch {tisch}: {url}\n")
            if not ohne_qr:
                _schreibe(server.qr_text(kompakt=kompakt, url=url))
        if qr_pdf is not None:
            _schreibe(f"QR-Codes je Tisch: {qr_pdf}\n", sys.stderr)

    def beginn() -> None:
        if als_json:
            runde, links = server.runde_und_links()
            zeile = {
                "lesen": server.url,
                "tische": [{"tisch": t, "schreiben": u} for t, u in links],
                "turnier": server.turnier_id,
                "runde": runde,
                "host": server.host,
                "port": server.port,
                "nur_lokal": server.nur_lokal,
            }
            _schreibe(json.dumps(zeile, ensure_ascii=False) + "\n")
        else:
            _schreibe(f"Rangliste: {server.url}\n")
            if not ohne_qr:
                _schreibe(server.qr_text(kompakt=kompakt))
        tische_ausgeben(True)
        _schreibe(_tische_hinweis(server.nur_lokal, schreiben), sys.stderr)

    diene(server, beginn, nebenbei=lambda: tische_ausgeben(False))
    _schreibe(
        "Turnier live beendet – die Seiten bleiben beim letzten Stand. Tschüss!\n", sys.stderr
    )


def _qr_pdf_schreiben(
    server: TurnierServer, ziel: Path, runde: int, links: list[tuple[int, str]], *, force: bool
) -> None:
    """Je Tisch eine Seite mit dem QR-Code seines Links (``referee.buch.turnier.pdf``). Die Tische
    kommen vom Beobachter des Servers – ein zweites Buch in diesem Prozess öffnete die Datei
    neben den Verbindungen des Servers (siehe ``referee.live.prozess``)."""
    import time

    from referee.buch.turnier.pdf import qr_seiten_pdf
    from referee.live.terminal import qr_png

    # die Links kommen aus einer Aufnahme des Servers; die Lage dazu kann einen Augenblick
    # später da sein (erster Start, neue Runde) – kurz warten statt kein PDF zu schreiben
    ende = time.monotonic() + 5
    lage = server.aufnahme.lage
    while (lage is None or lage.runde != runde) and time.monotonic() < ende:
        time.sleep(0.05)
        lage = server.aufnahme.lage
    if lage is None or lage.runde != runde:
        return
    url = dict(links)
    seiten = [(t, url[t.nr], qr_png(url[t.nr])) for t in lage.tische if t.nr in url]
    _schreibe(ziel, qr_seiten_pdf(lage.turnier.name, runde, seiten), force)
