"""Gemeinsame Ausgabe-Helfer der Kommandozeile.

rich wird erst beim ersten Gebrauch importiert. Fremder Text (Regeltexte,
Spielernamen) wird nie als rich-Markup gedeutet: entweder ``Text(...)`` oder
``escape(...)`` benutzen, oder ``drucke_text``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from referee.text import ASCII_FORMEN, ascii_form, darstellbar

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

_AUFRUF: list[str] = []


def merke_aufruf(args: list[str]) -> None:
    """``referee.cli.main`` merkt sich die Argumente (für ``aufruf``)."""
    _AUFRUF[:] = list(args)


def aufruf() -> list[str]:
    """Die Argumente dieses Aufrufs, wie eingegeben – wird bei Einträgen mitgespeichert."""
    import sys

    return list(_AUFRUF) if _AUFRUF else list(sys.argv[1:])


_KONSOLEN: dict[tuple[bool, int, str | None], Console] = {}


def konsole(stderr: bool = False) -> Console:
    """Eine rich-Console (NO_COLOR wird von rich selbst beachtet) – eine je Strom, nicht eine je
    Zeile: ``schafkopf partie`` über 7.000 Partien druckt sonst zehntausend Consoles."""
    from rich.console import Console

    strom = sys.stderr if stderr else sys.stdout
    schluessel = (stderr, id(strom), os.environ.get("NO_COLOR"))
    k = _KONSOLEN.get(schluessel)
    if k is None:
        if len(_KONSOLEN) > 8:
            _KONSOLEN.clear()
        k = _KONSOLEN[schluessel] = Console(stderr=stderr, highlight=False, soft_wrap=False)
    return k


def drucke_json(daten: object) -> None:
    """JSON auf stdout, UTF-8 lesbar (ensure_ascii=False) – oder escaped, wo stdout das nicht
    kodieren kann (``schreibe_json``)."""
    schreibe_json(json.dumps(daten, ensure_ascii=False, indent=2) + "\n")


def schreibe_json(text: str, strom: TextIO | None = None) -> None:
    """Einen fertigen JSON-Text auf stdout (oder ``strom``) schreiben, immer als gültiges JSON.

    Kann der Strom nicht jedes Zeichen kodieren (``PYTHONIOENCODING=ascii``, ein Latin-1-
    Terminal), wird jedes Nicht-ASCII-Zeichen zu ``\\uXXXX`` – außerhalb von Zeichenketten steht
    in JSON nur ASCII, das Ergebnis ist also dasselbe JSON. Sonst ersetzte die Ersatzform für
    Terminals („ → ") Zeichen mitten in Zeichenketten und zerbräche das JSON.
    """
    strom = sys.stdout if strom is None else strom
    kodierung = getattr(strom, "encoding", None) or "utf-8"
    try:
        text.encode(kodierung)
    except (UnicodeEncodeError, LookupError):
        text = _NICHT_ASCII.sub(lambda m: json.dumps(m.group())[1:-1], text)
    strom.write(text)
    strom.flush()


_NICHT_ASCII = re.compile(r"[^\x00-\x7f]")


def drucke_text(text: str, stil: str | None = None, stderr: bool = False) -> None:
    """Eine Zeile fremden Text ausgeben, ohne Markup zu deuten.

    Geht die Ausgabe nicht an ein Terminal (keine Farben) und passt die Zeile ohne Umbruch,
    wird sie direkt geschrieben – dasselbe, was rich schriebe, nur ohne dessen Aufwand je Zeile.
    """
    strom = sys.stderr if stderr else sys.stdout
    if _SAMMLUNG and not stderr:
        _SAMMLUNG[-1].append((text, stil))
        return
    if _schlicht(strom) and _passt(text):
        strom.write(text + "\n")
        return
    from rich.text import Text

    konsole(stderr).print(Text(text, style=stil or ""))


def schlicht_schreiben(zeilen: list[str]) -> bool:
    """Zeilen ohne rich auf stdout schreiben, wenn rich dort nur genau diesen Text ausgäbe
    (kein Terminal, keine erzwungenen Farben, jede Zeile passt). ``False``: nichts
    geschrieben, der Aufrufer nimmt rich."""
    strom = sys.stdout
    if _SAMMLUNG or not _schlicht(strom) or not all(_passt(z) for z in zeilen):
        return False
    strom.write("".join(z + "\n" for z in zeilen))
    return True


def schlicht_breite() -> int | None:
    """Die Breite, in die rich auf stdout schriebe – ``None``, wenn stdout ein Terminal ist
    oder Farben erzwungen sind (dann schreibt nur rich)."""
    return _breite() if not _SAMMLUNG and _schlicht(sys.stdout) else None


def schlichte_tabelle(
    koepfe: list[str], rechts: list[bool], zeilen: list[list[str]], erste_mindestens: int = 0
) -> list[str] | None:
    """Die Zeilen, die rich für ``Table(show_edge=False, pad_edge=False)`` (Rahmen
    ``HEAVY_HEAD``, Innenabstand 1, keine Umbrüche) mit diesen Zellen schriebe; ``rechts``:
    rechtsbündige Spalten (auch ihr Kopf), ``erste_mindestens``: Mindestbreite der ersten
    Spalte, die übrigen sind so breit wie ihr breitester Inhalt. ``None``, wenn das nicht
    sicher dasselbe wäre (ein Zeichen, das nicht genau eine Spalte breit ist; eine Zeile
    breiter als die Ausgabe oder mit Leerzeichen am Ende) – dann zeichnet rich."""
    kodierung = getattr(sys.stdout, "encoding", None)  # gemessen wird, was der Strom zeigt
    alle = [[darstellbar(z, kodierung) for z in zeile] for zeile in [koepfe, *zeilen]]
    koepfe, zeilen = alle[0], alle[1:]
    if not all(_passt(z) or z == "" for zeile in alle for z in zeile):
        return None
    breiten = [max(len(zeile[i]) for zeile in alle) for i in range(len(koepfe))]
    if breiten:
        breiten[0] = max(breiten[0], erste_mindestens)

    def zeile(zellen: list[str], trenner: str) -> str:
        teile = []
        for i, (z, b) in enumerate(zip(zellen, breiten)):
            inhalt = z.rjust(b) if rechts[i] else z.ljust(b)
            links = "" if i == 0 else " "
            rechts_ = "" if i == len(breiten) - 1 else " "
            teile.append(links + inhalt + rechts_)
        return trenner.join(teile)

    linie = "╇".join(
        "━" * (b + (0 if i == 0 else 1) + (0 if i == len(breiten) - 1 else 1))
        for i, b in enumerate(breiten)
    )
    aus = [zeile(koepfe, "┃"), linie, *(zeile(z, "│") for z in zeilen)]
    if any(len(z) > _breite() or z.endswith(" ") for z in aus):
        return None
    return aus


_SAMMLUNG: list[list[tuple[str, str | None]]] = []


@contextlib.contextmanager
def gesammelt() -> Iterator[None]:
    """Zeilen von ``drucke_text`` (stdout) sammeln und am Ende mit einem Aufruf ausgeben –
    bei Tausenden Zeilen (``schafkopf partie`` über viele Partien) ein Vielfaches schneller."""
    _SAMMLUNG.append([])
    try:
        yield
    finally:
        zeilen = _SAMMLUNG.pop()
        _ausgeben_gesammelt(zeilen)


def _ausgeben_gesammelt(zeilen: list[tuple[str, str | None]]) -> None:
    """Schlichte Zeilen am Stück schreiben, die übrigen mit einem rich-Aufruf je Folge."""
    from rich.text import Text

    strom = sys.stdout
    schlicht = _schlicht(strom)
    schlichte: list[str] = []
    reiche: list[Text] = []
    for text, stil in zeilen:
        if schlicht and _passt(text):
            if reiche:
                konsole().print(*reiche, sep="\n")
                reiche = []
            schlichte.append(text + "\n")
        else:
            if schlichte:
                strom.write("".join(schlichte))
                schlichte = []
            reiche.append(Text(text, style=stil or ""))
    if reiche:
        konsole().print(*reiche, sep="\n")
    if schlichte:
        strom.write("".join(schlichte))


_BREITE: list[int] = []


def _schlicht(strom: TextIO) -> bool:
    """Kein Terminal und keine erzwungenen Farben: rich gäbe nur den Text aus."""
    if os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE"):
        return False
    try:
        return not strom.isatty()
    except (AttributeError, ValueError):
        return False


def _breite() -> int:
    """Die Zeilenbreite, mit der rich umbrechen würde (COLUMNS, sonst ein Terminal, sonst 80)."""
    spalten = os.environ.get("COLUMNS", "")
    if spalten.isascii() and spalten.isdigit() and 0 < len(spalten) < 6 and int(spalten) > 0:
        return int(spalten)
    if not _BREITE:
        breite = 80
        for fd in (0, 1, 2):
            try:
                breite = os.get_terminal_size(fd).columns
                break
            except (OSError, ValueError):
                continue
        _BREITE.append(breite)
    return _BREITE[0]


def _passt(text: str) -> bool:
    """Eine Zeile schmaler Zeichen, die rich nicht umbrechen oder umformen würde."""
    return (
        len(text) <= _breite()
        and text.isprintable()
        and not text.endswith(" ")
        and all(ord(z) < 0x1100 or _schmal(z) for z in text)
    )


def _schmal(zeichen: str) -> bool:
    """Ein Zeichen ab U+1100, das sicher eine Spalte breit ist: die typografischen Zeichen,
    die referee selbst schreibt (€, →, –, ·, „ …; ``ASCII_FORMEN``), die Blöcke der
    Verlaufskurven und die Linien der Tabellen – rich zählt sie wie wir als eine Spalte.
    Alles andere ab U+1100 bleibt rich überlassen."""
    return zeichen in ASCII_FORMEN or zeichen in _EIGENE_ZEICHEN


#: Sparkline-Blöcke (``referee.bericht.grafik``) und Tabellenlinien (``schlichte_tabelle``)
_EIGENE_ZEICHEN = frozenset("▁▂▃▄▅▆▇█┃━╇│")


def fehler(meldung: str, code: int = 2) -> NoReturn:
    """Ein fachlicher Fehler mit deutscher Meldung (``main`` gibt ihn als Zeile auf stderr oder,
    mit ``--json``, als JSON-Fehlerform aus): Exit-Code 1 = Regel sagt nein, sonst 2."""
    from referee.errors import Eingabefehler, Regelverstoss

    raise (Regelverstoss if code == 1 else Eingabefehler)(meldung)


def euro(cent: int, vorzeichen: bool = True) -> str:
    """Cent als deutscher Eurobetrag: ``140`` → ``+1,40 €`` (siehe ``referee.bericht.geld``)."""
    from referee.bericht.geld import euro as _euro

    return _euro(cent, vorzeichen)


# ---------------------------------------------------------------- Ränder: Kodierung, Pipe


def _ersatz(exc: UnicodeError) -> tuple[str, int]:
    """Fehlerbehandlung ``referee-ascii``: nicht kodierbare Zeichen als ASCII-Form."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    teil = exc.object[exc.start : exc.end]
    return "".join(ascii_form(z) for z in teil), exc.end


class SichererStrom:
    """Eine Hülle um stdout/stderr: eine geschlossene Pipe (``referee … | head``) beendet nichts.

    Nach ``BrokenPipeError`` werden weitere Ausgaben verworfen (der Dateideskriptor zeigt dann
    auf ``/dev/null``); der Befehl läuft zu Ende und endet mit dem Exit-Code seiner Antwort.
    """

    def __init__(self, roh: TextIO) -> None:
        self._roh = roh
        self.geschlossen = False

    def _pipe_zu(self) -> None:
        self.geschlossen = True
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._roh.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass

    def write(self, text: str) -> int:
        if self.geschlossen:
            return len(text)
        try:
            return self._roh.write(text)
        except BrokenPipeError:
            self._pipe_zu()
            return len(text)

    def flush(self) -> None:
        if self.geschlossen:
            return
        try:
            self._roh.flush()
        except BrokenPipeError:
            self._pipe_zu()

    def __getattr__(self, name: str) -> Any:  # alles Übrige wie der rohe Strom
        return getattr(self._roh, name)


def raender_sichern() -> tuple[TextIO, TextIO]:
    """stdout/stderr für jedes Terminal und jede Pipe: nicht kodierbare Zeichen als ASCII-Form,
    eine geschlossene Pipe ohne Absturz. Gibt die alten Ströme zurück (``raender_loesen``)."""
    import codecs

    try:
        codecs.lookup_error("referee-ascii")
    except LookupError:
        codecs.register_error("referee-ascii", _ersatz)
    alt = (sys.stdout, sys.stderr)
    for name in ("stdout", "stderr"):
        strom = getattr(sys, name)
        if strom is None or isinstance(strom, SichererStrom):
            continue
        with contextlib.suppress(AttributeError, ValueError, OSError):
            strom.reconfigure(errors="referee-ascii")
        setattr(sys, name, SichererStrom(strom))
    return alt


def raender_loesen(alt: tuple[TextIO, TextIO]) -> None:
    """Die Ströme von vor ``raender_sichern`` zurück (nach dem letzten Flush)."""
    for name, strom in zip(("stdout", "stderr"), alt, strict=True):
        aktuell = getattr(sys, name)
        if isinstance(aktuell, SichererStrom):
            aktuell.flush()
        setattr(sys, name, strom)


def drucke_zeilen(zeilen: list[tuple[str, str | None]]) -> None:
    """Zeilen ausgeben: an einem Terminal mit rich (Farben), sonst (Pipe, Datei) als reiner
    Text ohne rich zu laden – das spart beim Einmal-Aufruf die meiste Startzeit. Zeichen,
    die die Ausgabe-Kodierung nicht kann, werden ersetzt statt abzustürzen."""
    if sys.stdout.isatty():
        for text, stil in zeilen:
            drucke_text(text, stil=stil)
        return
    kodierung = sys.stdout.encoding or "utf-8"
    text = "".join(t + "\n" for t, _ in zeilen)
    sys.stdout.write(text.encode(kodierung, "replace").decode(kodierung))
    sys.stdout.flush()
