"""``referee live``: der Stand des Abends live auf jedem Handy im selben WLAN.

Dünn: Optionen lesen → ``referee.live.starte_im_hintergrund`` → Link, QR-Code und Hinweis
ausgeben → warten bis Strg-C. Starlette, uvicorn und segno lädt erst dieser Befehl.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli import gruppen
from referee.cli.abend import DB
from referee.cli.gruppen import db_wahl
from referee.live import STANDARD_PORT

ABSCHIED = "Live-Stand beendet – die Seite auf den Handys bleibt beim letzten Stand. Tschüss!"


def _schreibe(text: str, datei=None) -> None:
    """Text ausgeben, auch wenn das Terminal manche Zeichen nicht kann (dann ersetzt)."""
    datei = datei or sys.stdout
    kodierung = getattr(datei, "encoding", None) or "utf-8"
    datei.write(text.encode(kodierung, "replace").decode(kodierung))
    datei.flush()


def _kann_halbbloecke() -> bool:
    try:
        "▀▄█".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _ende_mit_stdin() -> None:
    """Wenn stdin endet (der startende Prozess ist fort): wie Strg-C beenden."""
    import os
    import signal
    import threading

    def warte() -> None:
        while sys.stdin.buffer.read(4096):
            pass
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=warte, name="referee-live-eltern", daemon=True).start()


@gruppen.app.command("live")
def live(
    abend: Annotated[
        int | None,
        typer.Option("--abend", metavar="ID", help="Diesen Abend zeigen (sonst den offenen)."),
    ] = None,
    host: Annotated[
        str | None,
        typer.Option(
            "--host",
            metavar="ADRESSE",
            help="Adresse, auf der gelauscht wird (Standard: die im lokalen Netz; "
            "127.0.0.1 = nur dieser Rechner).",
        ),
    ] = None,
    port: Annotated[
        int,
        typer.Option(
            "--port", min=0, max=65535, metavar="PORT", help="Port (0 = einen freien wählen)."
        ),
    ] = STANDARD_PORT,
    ohne_qr: Annotated[bool, typer.Option("--ohne-qr", help="Keinen QR-Code zeigen.")] = False,
    neu_laden: Annotated[
        int,
        typer.Option(
            "--neu-laden",
            min=1,
            max=3600,
            metavar="SEK",
            help="Ohne JavaScript lädt die Seite alle SEK Sekunden neu.",
        ),
    ] = 10,
    mit_eltern: Annotated[
        bool,
        typer.Option(
            "--mit-eltern", hidden=True, help="Enden, sobald stdin endet (Start aus referee tisch)."
        ),
    ] = False,
    db: DB = None,
) -> None:
    """Den Stand live aufs Handy: eine Seite im lokalen Netz, die sich bei jedem Eintrag
    selbst aktualisiert; Link und QR-Code erscheinen im Terminal. Nur lesen; Strg-C beendet.

    Beispiel: referee live   (dann den QR-Code mit dem Handy scannen)
    """
    import signal
    import time

    from referee.live import starte_im_thread

    server = starte_im_thread(db_wahl(db), abend, host, port, neu_laden=neu_laden)

    def beenden(*_):
        raise KeyboardInterrupt

    try:
        # auch wenn die Shell Strg-C für Hintergrundprozesse ignorieren lässt
        signal.signal(signal.SIGINT, beenden)
        signal.signal(signal.SIGTERM, beenden)
        if mit_eltern:
            _ende_mit_stdin()
        _schreibe(f"Live-Stand: {server.url}\n")
        if not ohne_qr:
            _schreibe(server.qr_text(kompakt=_kann_halbbloecke()))
        if server.nur_lokal:
            wer = "Nur auf diesem Rechner erreichbar (127.0.0.1): die Handys sehen ihn so nicht."
        else:
            wer = "Jeder im selben WLAN mit diesem Link/QR-Code sieht den Stand; nur lesen."
        _schreibe(
            f"{wer}\nOhne den Link (mit seinem Schlüssel) sieht niemand etwas; er gilt, bis "
            "„referee live“ endet.\nBeenden mit Strg-C.\n",
            sys.stderr,
        )
        while server.laeuft:
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(
            signal.SIGINT, signal.SIG_IGN
        )  # ein zweites Strg-C bricht das Aufräumen nicht ab
        server.stoppe()
    _schreibe(ABSCHIED + "\n", sys.stderr)
