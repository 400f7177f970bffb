"""Der Live-Stand fürs Handy: eine Seite im lokalen Netz, die sich bei jedem Eintrag selbst
aktualisiert (``referee live``, in ``referee tisch`` der Befehl ``live``).

Eine Anwendung für beide Quellen – einen Abend oder ein Turnier:

- ``quelle``: was eine Quelle kann (lesen, ihre Schreib-Links, die vier Anfragen beantworten);
  ``abend`` (``referee live``), ``turnierquelle`` (``referee turnier live``: die Rangliste
  für Handys und Beamer, je Tisch ein Schreib-Link) und ``saisonquelle`` (``referee saison
  live``: die Rangliste einer Saison, nur lesen) sind die drei;
- ``daten`` und ``turnierdaten``: was die Seiten zeigen, an einer Stelle aus dem Buch gelesen;
- ``basis``, ``seite``, ``eingabeseite``, ``turnierseite``: die Seiten als HTML (reine
  Funktionen; Rahmen und Grundstil in ``basis``);
- ``formular``: die Zeile von ``tisch`` und der Zustand des Formulars, die Grammatik als Daten
  für das Skript der Eingabeseite (``formular.js``, ``ausgang.js``, ``eingabe.js``);
- ``vertrag``: die Anfragen, Antworten und Ereignisse der Eingabeseite, einmal geschrieben;
- ``beobachter``: Änderungen über ``PRAGMA data_version`` bemerken;
- ``app``: die eine Tabelle der Pfade, Token, Sicherheitsköpfe, Ereignisströme, die
  Schreib-API mit Herkunftsprüfung und Drossel; ``schreiben``: was um das Buch herum
  geschieht (Körper lesen, Drossel, die Fäden des Schreibers);
- ``server``: die Anwendung unter uvicorn in einem Thread;
- ``prozess``: derselbe Server als Kindprozess (für ``tisch``; warum, steht dort);
- ``terminal``: Links als QR-Code fürs Terminal und als PNG (für das PDF der Tisch-Links).

Starlette, uvicorn und segno werden erst geladen, wenn ein Server startet.

>>> import sys, referee.live
>>> "starlette" in sys.modules or "uvicorn" in sys.modules
False
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.live.prozess import LiveProzess
    from referee.live.server import AbendServer, SaisonServer, TurnierServer

__all__ = [
    "STANDARD_PORT",
    "starte_im_hintergrund",
    "starte_im_thread",
    "starte_saison_im_thread",
    "starte_turnier_im_thread",
]

#: Der Port von ``referee live`` ohne ``--port``.
STANDARD_PORT = 8723


def starte_im_hintergrund(
    db_pfad: str | os.PathLike[str] | None = None,
    abend_id: int | None = None,
    host: str | None = None,
    port: int | None = None,
    *,
    neu_laden: int | None = None,
    schreiben: bool = False,
) -> LiveProzess:
    """``referee live`` als Kindprozess starten; zurück, sobald er annimmt (für ``tisch``).

    ``db_pfad`` wie ``--db`` (sonst ``$REFEREE_DB``, sonst der Standardpfad); ohne ``abend_id``
    folgt die Seite dem offenen (sonst letzten) Abend; ohne ``host`` die Adresse im lokalen
    Netz. ``.url`` ist der Link, ``.qr_text()`` der QR-Code, ``.nur_lokal``, ``.stoppe()``
    beendet ihn; stirbt der aufrufende Prozess, endet der Server von selbst. ``schreiben``:
    dazu der Schreib-Link ``.url_schreiben`` (Eintragen vom Handy, ``referee.live.schreiben``).
    Belegter Port: ``Zustandsfehler``; ``abend_id`` unbekannt: ``KeineDaten``.
    """
    from referee.live.prozess import LiveProzess, argumente
    from referee.store import db_pfad as pfad_von

    pfad = pfad_von(db_pfad).absolute()
    port = STANDARD_PORT if port is None else port
    return LiveProzess(argumente(pfad, abend_id, host, port, neu_laden, schreiben))


def starte_im_thread(
    db_pfad: str | os.PathLike[str] | None = None,
    abend_id: int | None = None,
    host: str | None = None,
    port: int | None = None,
    **optionen: Any,
) -> AbendServer:
    """Den Live-Server in einem Thread dieses Prozesses starten (``referee live`` selbst).

    Nur in einem Prozess, der sonst keine Verbindung zur Datenbank offen hält (siehe
    ``referee.live.prozess``); Parameter wie ``starte_im_hintergrund``.
    """
    from referee.live.daten import pruefe_abend
    from referee.live.server import AbendServer
    from referee.store import db_pfad as pfad_von

    pfad = pfad_von(db_pfad)
    if abend_id is not None:
        pruefe_abend(pfad, abend_id)
    server = AbendServer(pfad, abend_id, host, STANDARD_PORT if port is None else port, **optionen)
    return server.starte()


def starte_turnier_im_thread(
    db_pfad: str | os.PathLike[str] | None = None,
    turnier_id: int | None = None,
    host: str | None = None,
    port: int | None = None,
    **optionen: Any,
) -> TurnierServer:
    """``referee turnier live`` in einem Thread dieses Prozesses: die Rangliste des Turniers
    ``turnier_id`` (sonst des offenen) live; ``schreiben=True``: je Tisch der laufenden Runde
    ein Schreib-Link (``.tischlinks()``). Kein Turnier: ``KeineDaten``. Sonst wie
    ``starte_im_thread``."""
    from referee.buch.turnier import Turnierbuch
    from referee.live.server import TurnierServer
    from referee.store import db_pfad as pfad_von

    pfad = pfad_von(db_pfad)
    with Turnierbuch(pfad) as tb:
        tid = tb.turnier(turnier_id).turnier.id
    server = TurnierServer(pfad, tid, host, STANDARD_PORT if port is None else port, **optionen)
    return server.starte()


def starte_saison_im_thread(
    db_pfad: str | os.PathLike[str] | None = None,
    saison_id: int | None = None,
    host: str | None = None,
    port: int | None = None,
    **optionen: Any,
) -> SaisonServer:
    """``referee saison live`` in einem Thread dieses Prozesses: die Rangliste der Saison
    ``saison_id`` (sonst der jüngsten), nur lesen. Keine Saison: ``KeineDaten``. Sonst wie
    ``starte_im_thread``."""
    from referee.buch.saison import Saisonbuch
    from referee.live.server import SaisonServer
    from referee.store import db_pfad as pfad_von

    pfad = pfad_von(db_pfad)
    with Saisonbuch(pfad) as sb:
        sid = sb.zeigen(saison_id).saison.id
    server = SaisonServer(pfad, sid, host, STANDARD_PORT if port is None else port, **optionen)
    return server.starte()
