"""Wo das Buch liegt – leicht zu importieren (ohne den Speicher selbst).

``frage`` braucht nur zu wissen, ob es eine Datenbank gibt, bevor es den Speicher lädt.

Das Buch ist eine SQLite-Datei (ein Pfad) oder – für einen Verein, an dem viele Rechner
schreiben – eine PostgreSQL-Datenbank (``postgresql://…`` oder ``postgres://…``, jede URL, die
libpq annimmt). Eine solche URL wird hier zur ``PgAdresse``: ihr Text ist die URL *ohne*
Passwort (er darf in jeder Meldung stehen und an Kindprozesse gehen); das Passwort merkt sich
dieser Prozess getrennt (``pg_passwort``) und gibt es Kindprozessen als ``PGPASSWORD`` mit.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: Beginn einer PostgreSQL-URL (wie libpq: ``postgresql://`` oder ``postgres://``)
_PG = re.compile(r"postgres(?:ql)?://", re.IGNORECASE)
#: password-free URL → Passwort (nur in diesem Prozess, nie in einer Ausgabe)
_PASSWOERTER: dict[str, str] = {}


class PgAdresse(str):
    """Die Adresse eines PostgreSQL-Buchs: die URL ohne Passwort (``str``). Sie benimmt sich an
    den Stellen wie ein Pfad, an denen ein Buchpfad gefragt wird (``absolute``, ``is_file``,
    ``exists``, ``expanduser``) – ein Buch auf dem Server „gibt es“ immer; ob es Daten hat,
    sagt erst die Verbindung."""

    __slots__ = ()

    def absolute(self) -> PgAdresse:
        return self

    def expanduser(self) -> PgAdresse:
        return self

    def is_file(self) -> bool:
        return True

    def exists(self) -> bool:
        return True

    def passwort(self) -> str | None:
        """Das Passwort dieser Adresse, falls die URL eines hatte (sonst libpq: ``PGPASSWORD``,
        ``~/.pgpass``)."""
        return _PASSWOERTER.get(str(self))


#: Wo ein Buch liegt: eine SQLite-Datei oder eine PostgreSQL-Datenbank
Buchort = Path | PgAdresse


def ist_pg(pfad: object) -> bool:
    """Ist ``pfad`` eine PostgreSQL-URL (oder schon eine ``PgAdresse``)?"""
    return isinstance(pfad, PgAdresse) or (isinstance(pfad, str) and bool(_PG.match(pfad)))


def pg_adresse(url: str) -> PgAdresse:
    """Die ``PgAdresse`` einer URL: das Passwort (``user:pw@`` oder ``?password=``) kommt
    heraus und wird in diesem Prozess gemerkt."""
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    if isinstance(url, PgAdresse):
        return url
    teile = urlsplit(url)
    from urllib.parse import unquote

    passwort = None
    netz = teile.netloc
    if "@" in netz:
        wer, _, wo = netz.rpartition("@")
        if ":" in wer:
            wer, _, roh = wer.partition(":")
            passwort = unquote(roh)
        netz = f"{wer}@{wo}" if wer else wo
    abfrage = []
    for k, v in parse_qsl(teile.query, keep_blank_values=True):
        if k == "password":
            passwort = v
        else:
            abfrage.append((k, v))
    ohne = urlunsplit((teile.scheme, netz, teile.path, urlencode(abfrage, safe="/"), ""))
    if passwort is not None:
        _PASSWOERTER[ohne] = passwort
    return PgAdresse(ohne)


def db_pfad(pfad: str | os.PathLike[str] | None = None) -> Buchort:
    """``pfad`` > Umgebungsvariable ``REFEREE_DB`` > ``<Benutzer-Datenverz.>/referee.db``;
    eine PostgreSQL-URL wird zur ``PgAdresse``."""
    if pfad:
        if ist_pg(pfad):
            return pg_adresse(str(pfad))
        return Path(pfad).expanduser()
    env = os.environ.get("REFEREE_DB")
    if env:
        if ist_pg(env):
            return pg_adresse(env)
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("referee", appauthor=False) / "referee.db"


def pg_umgebung(pfad: object) -> dict[str, str]:
    """Was ein Kindprozess für ``pfad`` zusätzlich in der Umgebung braucht: bei einem
    PostgreSQL-Buch mit Passwort ``PGPASSWORD`` (nie auf der Kommandozeile: die sieht jeder
    Benutzer des Rechners in ``ps``)."""
    if isinstance(pfad, PgAdresse) and pfad.passwort() is not None:
        return {"PGPASSWORD": pfad.passwort() or ""}
    return {}
