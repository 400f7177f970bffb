"""``referee live``: der Stand des Abends live auf jedem Handy im selben WLAN; mit
``--schreiben`` dazu ein Link, über den Handys eintragen.

Dünn: Optionen lesen → ``referee.live.starte_im_thread`` → Links, QR-Codes und Hinweis
ausgeben → warten bis Strg-C. Starlette, uvicorn und segno lädt erst dieser Befehl.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, NoReturn, Protocol, TextIO

import typer

from referee.cli import gruppen
from referee.cli.eingabe import DB, HOST, NEU_LADEN, PORT
from referee.cli.gruppen import db_wahl
from referee.live import STANDARD_PORT

if TYPE_CHECKING:
    from referee.live.server import AbendServer


class Bedienbar(Protocol):
    """Was ``diene`` von einem laufenden Server braucht (``referee live``, ``turnier live``)."""

    @property
    def laeuft(self) -> bool: ...

    def stoppe(self) -> None: ...


ABSCHIED = "Live-Stand beendet – die Seite auf den Handys bleibt beim letzten Stand. Tschüss!"


def _schreibe(text: str, datei: TextIO | None = None) -> None:
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


def hinweis(nur_lokal: bool, schreiben: bool) -> str:
    """Wer was kann – der Hinweis unter den Links (stderr); die letzte Zeile ist immer
    „Beenden mit Strg-C.“ (daran erkennt ``referee tisch``, dass der Server bereit ist)."""
    if nur_lokal:
        zeilen = ["Nur auf diesem Rechner erreichbar (127.0.0.1): die Handys sehen ihn so nicht."]
    elif schreiben:
        zeilen = ["Jeder im selben WLAN mit dem Link „Live-Stand“ sieht den Stand; nur lesen."]
    else:
        zeilen = ["Jeder im selben WLAN mit diesem Link/QR-Code sieht den Stand; nur lesen."]
    if schreiben:
        zeilen.append(
            "Wer den Link „Eintragen“ hat, kann eintragen, korrigieren und rückgängig machen – nur an die "
            "weitergeben, die schreiben sollen."
        )
    zeilen += [
        "Ohne den Link (mit seinem Schlüssel) sieht niemand etwas; er gilt, bis "
        "„referee live“ endet.",
        "Beenden mit Strg-C.",
    ]
    return "\n".join(zeilen) + "\n"


def _links_ausgeben(server: AbendServer, als_json: bool, ohne_qr: bool, abend: int | None) -> None:
    """Die Links auf stdout: als eine JSON-Zeile (``--json``) oder je Link eine Zeile und sein
    QR-Code. Die erste Zeile bleibt „Live-Stand: URL“ (Skripte und ``tisch`` lesen sie)."""
    if als_json:
        import json

        gezeigt = server.abend  # der Abend der Seite (offen, sonst der letzte)
        zeile = {
            "lesen": server.url,
            "schreiben": server.url_schreiben,
            "abend": gezeigt if gezeigt is not None else abend,
            "host": server.host,
            "port": server.port,
            "nur_lokal": server.nur_lokal,
        }
        _schreibe(json.dumps(zeile, ensure_ascii=False) + "\n")
        return
    kompakt = _kann_halbbloecke()
    _schreibe(f"Live-Stand: {server.url}\n")
    if not ohne_qr:
        _schreibe(server.qr_text(kompakt=kompakt))
    if server.url_schreiben is not None:
        _schreibe(f"Eintragen: {server.url_schreiben}\n")
        if not ohne_qr:
            _schreibe(server.qr_text(kompakt=kompakt, url=server.url_schreiben))


@gruppen.app.command("live")
def live(
    abend: Annotated[
        int | None,
        typer.Option("--abend", metavar="ID", help="Diesen Abend zeigen (sonst den offenen)."),
    ] = None,
    host: HOST = None,
    port: PORT = STANDARD_PORT,
    ohne_qr: Annotated[bool, typer.Option("--ohne-qr", help="Keinen QR-Code zeigen.")] = False,
    neu_laden: NEU_LADEN = 10,
    schreiben: Annotated[
        bool,
        typer.Option(
            "--schreiben",
            help="Dazu ein Link zum Eintragen vom Handy (eigener Schlüssel): wer ihn hat, kann "
            "eintragen, rückgängig machen und korrigieren.",
        ),
    ] = False,
    als_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Für Skripte: zuerst eine Zeile {"lesen": URL, "schreiben": URL oder null, …} '
            "auf stdout (ohne QR-Code).",
        ),
    ] = False,
    mit_eltern: Annotated[
        bool,
        typer.Option(
            "--mit-eltern", hidden=True, help="Enden, sobald stdin endet (Start aus referee tisch)."
        ),
    ] = False,
    db: DB = None,
) -> None:
    """Den Stand live aufs Handy: eine Seite im lokalen Netz, die sich bei jedem Eintrag
    selbst aktualisiert; Link und QR-Code erscheinen im Terminal. Ohne --schreiben nur lesen;
    mit --schreiben dazu ein zweiter Link, über den Handys Spiele eintragen. Strg-C beendet.

    Beispiel: referee live --schreiben
    """
    from referee.errors import Eingabefehler
    from referee.live import starte_im_thread

    if schreiben and abend is not None:
        raise Eingabefehler(
            "--schreiben trägt in den offenen Abend ein; ohne --abend starten "
            "(referee live --schreiben)."
        )
    server = starte_im_thread(
        db_wahl(db), abend, host, port, neu_laden=neu_laden, schreiben=schreiben
    )

    def beginn() -> None:
        _links_ausgeben(server, als_json, ohne_qr, abend)
        _schreibe(hinweis(server.nur_lokal, server.url_schreiben is not None), sys.stderr)

    diene(server, beginn, mit_eltern=mit_eltern)
    _schreibe(ABSCHIED + "\n", sys.stderr)


def diene(
    server: Bedienbar,
    beginn: Callable[[], None],
    *,
    mit_eltern: bool = False,
    nebenbei: Callable[[], None] | None = None,
) -> None:
    """Den laufenden Server bedienen, bis Strg-C (oder SIGTERM, oder mit ``mit_eltern`` das
    Ende von stdin) kommt, dann anhalten: ``beginn()`` gibt Links und Hinweis aus, ``nebenbei()``
    läuft alle 0,2 s (``turnier live``: neue Runde → neue Links). Auch für ``turnier live``."""
    import signal
    import time

    def beenden(*_: object) -> NoReturn:
        raise KeyboardInterrupt

    try:
        # auch wenn die Shell Strg-C für Hintergrundprozesse ignorieren lässt
        signal.signal(signal.SIGINT, beenden)
        signal.signal(signal.SIGTERM, beenden)
        if mit_eltern:
            _ende_mit_stdin()
        beginn()
        while server.laeuft:
            time.sleep(0.2)
            if nebenbei is not None:
                nebenbei()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(
            signal.SIGINT, signal.SIG_IGN
        )  # ein zweites Strg-C bricht das Aufräumen nicht ab
        server.stoppe()
