"""Die Kommandozeile ``referee``: dünn, ohne Regel-Logik.

Parsen → Regelkern aufrufen → mit rich darstellen oder ``--json`` ausgeben.
Schwere Bibliotheken (rich.console, rapidfuzz, sqlite-utils) werden erst in den
Befehlen importiert, die sie brauchen.

Öffentlich für andere Teile von referee: ``ausfuehren`` (ein Aufruf → ``Ausgang`` mit Exit-Code
und Meldung – der eine Ort, an dem Fehler abgebildet werden; ``main`` und ``tisch`` nutzen ihn),
``befehlsbaum`` (alle Befehle, für die Vervollständigung) und ``BEFEHL_MODULE`` (die Befehle).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.cli.gruppen import app

# die Meldung bei einem Programmfehler (Exit 3) und die eine Abbildung Fehler → Meldung,
# Exit-Code, HTTP-Status (auch für die Eingabe vom Handy)
from referee.fehlerbild import INTERNER_FEHLER as INTERNER_FEHLER
from referee.fehlerbild import Fehlerbild

if TYPE_CHECKING:
    # Typers eingebautes click (``_click()`` lädt zur Laufzeit dieses oder click selbst)
    from typer import _click as click_typen

# Welches Modul welchen Befehl anhängt, steht in den Modulen selbst (ihre Dekoratoren). Damit
# eine Antwort am Tisch sofort kommt, lädt ``main`` nur die Module, die der aufgerufene Befehl
# braucht; die Zuordnung dafür liest ``befehlskarte`` aus dem Quelltext, ohne die Module zu
# importieren (ein Test prüft sie gegen das, was die Module beim Import wirklich anhängen).

#: Die Reihenfolge, in der die Befehlsmodule geladen werden, wenn alle gebraucht werden – sie ist
#: die Reihenfolge der Befehle in ``referee --help`` (Typer zeigt sie, wie sie angehängt wurden).
#: Nur Darstellung: ein Modul, das hier fehlt, kommt danach (alphabetisch), und nichts fehlt.
REIHENFOLGE = (
    "frage",
    "ruf",
    "schafkopf",
    "schafkopf_abrechnung",
    "abend",
    "eintragen",
    "sabai",
    "saufn",
    "schlafmuetze",
    "export",
    "tisch",
    "live",
    "turnier",
    "turnier_leitung",
    "turnier_live",
    "saison",
)

#: ``@gruppen.app.command("stand")``, ``@schafkopf.command(\n    "eintragen", …)``,
#: ``@gruppen.abend.callback(…)`` – am Zeilenanfang; der Name (falls angegeben) als erstes
#: Argument. Gesucht wird in Bytes und ab „\n@“ (ein fester Anfang): so kostet das Lesen aller
#: Module zusammen weniger als eine Millisekunde.
_DEKORATOR = re.compile(rb'\n@(?:gruppen\.)?(\w+)\.(command|callback)\(\s*(?:"([^"]+)")?')
#: ``app.add_typer(schafkopf, name="schafkopf")`` in ``gruppen.py``.
_GRUPPE = re.compile(rb'\napp\.add_typer\(\s*(\w+)\s*,\s*name="([^"]+)"')
_DEF = re.compile(rb"\n(?:async\s+)?def\s+(\w+)")


def befehlskarte(
    ordner: str | None = None,
) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """Aus dem Quelltext der Module in ``referee/cli/`` (oder ``ordner``): alle Befehlsmodule
    (in ``REIHENFOLGE``) und je Befehl oder Gruppe der obersten Ebene die Module, die etwas
    daran anhängen – ohne ein Modul zu importieren (im installierten Wheel liegen die
    Quelltexte ebenso im Paket).

    Ein Modul zählt, sobald eine Zeile mit ``@….command(`` oder ``@….callback(`` beginnt; ein
    Befehl, den die Karte nicht kennt, lädt alle Module – eine unvollständige Karte macht
    einen Aufruf langsamer, nie falsch.

    >>> module, karte = befehlskarte()
    >>> karte["stand"], karte["ruf"]
    (('abend',), ('ruf',))
    """
    ordner = ordner or os.path.dirname(os.path.abspath(__file__))

    def lies(name: str) -> bytes:
        try:
            with open(os.path.join(ordner, name), "rb") as f:
                return f.read()
        except OSError:
            return b""

    gruppen = {
        var.decode(): name.decode() for var, name in _GRUPPE.findall(lies("gruppen.py"))
    }  # Variable → Name der Gruppe
    karte: dict[str, set[str]] = {}
    module: set[str] = set()
    for datei in os.listdir(ordner):
        modul, endung = os.path.splitext(datei)
        if endung != ".py" or modul in ("__init__", "gruppen"):
            continue
        text = lies(datei)
        for m in _DEKORATOR.finditer(text):
            module.add(modul)
            ziel, art, roh = (t.decode("utf-8", "replace") if t else None for t in m.groups())
            if ziel in gruppen:  # ein Unterbefehl oder der Rückruf einer Gruppe
                karte.setdefault(gruppen[ziel], set()).add(modul)
            elif ziel == "app" and art == "command":
                name = roh
                if name is None:  # Typer nimmt dann den Funktionsnamen, _ als -
                    funktion = _DEF.search(text, m.end())
                    if funktion is None:
                        continue
                    name = funktion.group(1).decode().lower().replace("_", "-")
                karte.setdefault(name, set()).add(modul)
    if not module:  # ohne Quelltexte (nur .pyc): alle Module laden, für jeden Befehl
        import pkgutil

        module = {i.name for i in pkgutil.iter_modules([ordner])} - {"gruppen"}

    def rang(modul: str) -> tuple[int, str]:
        bekannt = modul in REIHENFOLGE
        return (REIHENFOLGE.index(modul) if bekannt else len(REIHENFOLGE), modul)

    return (
        tuple(sorted(module, key=rang)),
        {befehl: tuple(sorted(m, key=rang)) for befehl, m in sorted(karte.items())},
    )


#: Alle Befehlsmodule und je Befehl der obersten Ebene seine Module (``befehlskarte``).
MODULE, BEFEHL_MODULE = befehlskarte()


def lade_befehle(module: tuple[str, ...] = MODULE) -> None:
    """Die Befehlsmodule importieren (jedes hängt seine Befehle an ``app``)."""
    import importlib

    for name in module:
        importlib.import_module(f"referee.cli.{name}")


def _module_fuer(args: list[str]) -> tuple[str, ...]:
    """Nur die Module des aufgerufenen Befehls; bei Hilfe oder Unbekanntem alle."""
    rest = list(args)
    while rest[:1] == ["--db"] and len(rest) > 1:  # globale Option vor dem Befehl
        rest = rest[2:]
    if rest and rest[0].startswith("--db="):
        rest = rest[1:]
    if not rest or rest[0].startswith("-"):
        return MODULE  # z. B. ``referee --help``: die Übersicht braucht alle Befehle
    return BEFEHL_MODULE.get(rest[0], MODULE)


def _click() -> Any:
    """Typer ≥ 0.28 bringt click eingebaut mit (typer._click), ältere nutzen click."""
    import importlib

    try:
        return importlib.import_module("typer._click")
    except ImportError:  # pragma: no cover - typer 0.27
        return importlib.import_module("click")


def _usage_deutsch(exc: click_typen.exceptions.UsageError) -> str:
    click = _click()

    if isinstance(exc, click.exceptions.NoSuchOption):
        text = f"Unbekannte Option „{exc.option_name}“."
        if exc.possibilities:
            text += " Meintest du " + " oder ".join(f"„{p}“" for p in exc.possibilities) + "?"
        return text
    if isinstance(exc, click.exceptions.MissingParameter):
        param = exc.param
        name = None
        if param is not None:
            name = param.opts[0] if getattr(param, "opts", None) else param.name
            if getattr(param, "param_type_name", "") == "argument":
                name = (param.name or "").upper()
        return f"Es fehlt eine Angabe: {name or 'Parameter'}."
    if isinstance(exc, click.exceptions.BadParameter):
        param = exc.param
        if param is not None and getattr(param, "param_type_name", "") == "argument":
            name = param.metavar or (param.name or "").upper() or "Argument"
        elif param is not None and getattr(param, "opts", None):
            name = param.opts[0]
        else:
            name = "Parameter"
        return f"Ungültiger Wert für {name}: {_wert_deutsch(exc.message)}"
    msg = exc.format_message()
    m = re.match(r"No such command '([^']*)'(?:\. Did you mean '([^']*)'\?)?", msg)
    if m:
        text = f"Unbekannter Befehl „{m.group(1)}“."
        return text + (f" Meintest du „{m.group(2)}“?" if m.group(2) else "")
    m = re.match(r"Got unexpected extra argument(?:\(s\)|s)? \((.*)\)", msg)
    if m:
        return f"Unerwartete Angabe „{m.group(1)}“ (zu viele Argumente)."
    m = re.match(r"Option '(.*)' requires (an argument|(\d+) arguments)", msg)
    if m:
        return f"Nach „{m.group(1)}“ fehlt ein Wert."
    m = re.match(r"Option '(.*)' does not take a value", msg)
    if m:
        return f"Die Option „{m.group(1)}“ nimmt keinen Wert."
    return f"Falsche Verwendung: {msg}"


def _wert_deutsch(meldung: str) -> str:
    """Die häufigsten Typfehler von click auf Deutsch."""
    m = re.match(r"(.*) is not a valid (integer|int|float)", meldung, re.S)
    if m:
        art = "Zahl" if m.group(2) == "float" else "ganze Zahl"
        return f"{m.group(1)} ist keine {art}."
    m = re.match(r"(.*) is not in the range (-?\d+)<=x<=(-?\d+)\.", meldung)
    if m:
        return f"{m.group(1)} liegt nicht im Bereich {m.group(2)} bis {m.group(3)}."
    m = re.match(r"(.*) is not in the range (.*)\.", meldung)
    if m:
        return f"{m.group(1)} liegt nicht im Bereich {m.group(2)}."
    m = re.match(r"(.*) is not (one of )?(.*)\.", meldung)
    if m:
        return f"{m.group(1)} ist nicht erlaubt; erlaubt: {m.group(3)}."
    m = re.match(r"'(.*)': No such file or directory", meldung)
    if m:
        return f"Die Datei „{m.group(1)}“ gibt es nicht."
    return meldung


def _hilfe_eindeutschen() -> None:
    """Typers Hilfe-Überschriften auf Deutsch (erst beim Anzeigen der Hilfe, ohne Vorab-Import).

    Stützt sich auf Interna von Typer; schlägt das fehl, bleibt die Hilfe englisch.
    """
    try:
        import typer.core

        tc: Any = typer.core

        def deutsch(format_help: Callable[..., None]) -> Callable[..., None]:
            def wrapper(
                self: object, ctx: click_typen.Context, formatter: click_typen.HelpFormatter
            ) -> None:
                from typer import rich_utils as ru

                ru.ARGUMENTS_PANEL_TITLE = "Argumente"
                ru.OPTIONS_PANEL_TITLE = "Optionen"
                ru.COMMANDS_PANEL_TITLE = "Befehle"
                ru.DEFAULT_STRING = "[Standard: {}]"
                ru.REQUIRED_LONG_STRING = "[Pflicht]"
                ru.ENVVAR_STRING = "[Umgebungsvariable: {}]"
                format_help(self, ctx, formatter)

            return wrapper

        klasse: Any
        for klasse in (tc.TyperCommand, tc.TyperGroup):
            if "format_help" in klasse.__dict__ and not getattr(klasse.format_help, "_de", False):
                klasse.format_help = deutsch(klasse.__dict__["format_help"])
                klasse.format_help._de = True
        basis: Any = tc.TyperCommand.__mro__[1]
        original = basis.get_help_option
        if not getattr(original, "_de", False):

            def get_help_option(self: Any, ctx: Any) -> Any:
                opt = original(self, ctx)
                if opt is not None:
                    opt.help = "Diese Hilfe zeigen und beenden."
                return opt

            get_help_option._de = True  # type: ignore[attr-defined]
            basis.get_help_option = get_help_option
    except Exception:  # pragma: no cover - andere Typer-Version
        pass


def will_json(args: list[str], befehl: Any = None) -> bool:
    """Steht ``--json`` als Schalter unter den Optionen (vor einem ``--``)? Dann auch Fehler als
    JSON. Mit dem click-Befehl ``befehl`` zählt ``--json`` nicht, wo es der Wert einer Option
    ist (``--db --json``, ``--auf --json``)."""
    vorne = args[: args.index("--")] if "--" in args else args
    if "--json" not in vorne:
        return False
    if befehl is None:
        return True
    nimmt_wert: set[str] = set()

    def sammle(cmd: Any) -> None:
        for p in getattr(cmd, "params", ()):
            if getattr(p, "param_type_name", "") == "option" and not (p.is_flag or p.count):
                nimmt_wert.update(p.opts)

    cmd = befehl
    sammle(cmd)
    i = 0
    while i < len(vorne):
        tok = vorne[i]
        if tok == "--json":
            return True
        if tok in nimmt_wert:
            i += 2
            continue
        unter = getattr(cmd, "commands", {}).get(tok)
        if unter is not None:
            cmd = unter
            sammle(cmd)
        i += 1
    return False


def pruefe_argumente(args: list[str]) -> None:
    """Argumente, die kein Text sind (undekodierbare Bytes, NUL), abweisen – bevor irgendetwas
    geöffnet oder angelegt wird. Die Meldung nennt das Argument (und die Option davor)."""
    from referee.errors import Eingabefehler
    from referee.text import ARGUMENT_HOECHSTENS, zeigbar

    for i, arg in enumerate(args):
        if len(arg) > ARGUMENT_HOECHSTENS:
            raise Eingabefehler(
                f"Das Argument „{zeigbar(arg, 30)}“ ist {len(arg)} Zeichen lang; erlaubt sind "
                f"höchstens {ARGUMENT_HOECHSTENS}."
            )
        kaputt = "\x00" in arg or any("\ud800" <= z <= "\udfff" for z in arg)
        if not kaputt:
            continue
        roh = arg.encode("utf-8", "surrogateescape") if "\x00" not in arg else b""
        lesbar = (
            roh.decode("utf-8", "backslashreplace")
            if roh
            else arg.replace("\x00", "\\0").encode("utf-8", "replace").decode("utf-8")
        )
        davor = args[i - 1] if i and args[i - 1].startswith("-") else None
        wo = f" (nach {zeigbar(davor, 40)})" if davor else ""
        raise Eingabefehler(
            f"Das Argument „{zeigbar(lesbar, 80)}“{wo} ist kein gültiger Text: "
            "es enthält Bytes, die kein UTF-8 sind, oder ein Nullzeichen. Bitte als UTF-8 eingeben."
        )


def begrenze_zahlen(befehl: object) -> None:
    """Jede ganzzahlige Option und jedes ganzzahlige Argument (Ids, Zählungen, Augen …) liest
    ``referee.zahlen.zahl_oder_wertfehler`` (nur ASCII-Ziffern; „²“ oder „٣“ sind keine Zahl)
    und liegt in ±``referee.zahlen.GRENZE`` oder dem engeren Bereich der Option – einmal hier
    statt in jedem Befehl."""
    from referee.zahlen import GRENZE

    click = _click()
    for param in getattr(befehl, "params", ()):
        typ = param.type
        if isinstance(typ, click.types.IntParamType) and not isinstance(typ, _ascii_zahl()):
            unten = getattr(typ, "min", None)
            oben = getattr(typ, "max", None)
            param.type = _ascii_zahl()(
                -GRENZE if unten is None else unten, GRENZE if oben is None else oben
            )
    for unter in getattr(befehl, "commands", {}).values():
        begrenze_zahlen(unter)


_ASCII_ZAHL: list[type] = []


def _ascii_zahl() -> type:
    """click's ``IntRange``, das Zahlen mit dem einen Parser von ``referee.zahlen`` liest."""
    if not _ASCII_ZAHL:
        from referee.zahlen import zahl_oder_wertfehler

        class AsciiZahl(_click().types.IntRange):  # type: ignore[misc]
            _number_class = staticmethod(zahl_oder_wertfehler)

        _ASCII_ZAHL.append(AsciiZahl)
    return _ASCII_ZAHL[0]


_BEFEHLE: dict[frozenset[str], Any] = {}


def _befehl() -> Any:
    """Der click-Befehl der App (mit begrenzten Zahlen), einmal je Menge geladener Module –
    Typer baut ihn sonst bei jedem Aufruf im selben Prozess neu (Tisch-Modus, Tests)."""
    import typer.main

    geladen = frozenset(m for m in MODULE if f"referee.cli.{m}" in sys.modules)
    if geladen not in _BEFEHLE:
        befehl = typer.main.get_command(app)
        begrenze_zahlen(befehl)
        _BEFEHLE[geladen] = befehl
    return _BEFEHLE[geladen]


def befehlsbaum() -> Any:
    """Der click-Befehlsbaum mit allen Befehlen (Hilfe deutsch, Zahlen begrenzt) – derselbe,
    mit dem ``ausfuehren`` arbeitet, sobald alle Module geladen sind; für die
    Vervollständigung am Tisch."""
    lade_befehle()
    _hilfe_eindeutschen()
    return _befehl()


@dataclass(frozen=True)
class Ausgang:
    """Wie ein Aufruf ausging – das Ergebnis von ``ausfuehren``.

    ``code`` ist der Exit-Code: 0 ja/ok, 1 die Regel sagt nein (oder abgebrochen), 2 Eingabe
    oder Zustand falsch, 3 ein Programmfehler, 130 Ctrl-C. Hat der Rand eine Ausnahme
    abgefangen, sagen ``art`` (wie in der JSON-Fehlerform: ``eingabe``, ``zustand``,
    ``regel``, ``intern``; ``abbruch`` für Ctrl-C), ``meldung`` (gesäubert, deutsch),
    ``abschnitt`` und ``hilfe`` (der Hinweis auf ``--help`` bei falscher Verwendung), was zu
    melden ist; sonst ist ``art`` None – der Befehl hat selbst geantwortet, auch mit Exit 1
    oder 2. ``als_json``: der Aufruf wollte Fehler als JSON (``--json``).
    """

    code: int
    art: str | None = None
    meldung: str = ""
    abschnitt: str | None = None
    hilfe: str = ""
    als_json: bool = False

    @property
    def gemeldet(self) -> bool:
        """Gibt es eine Meldung vom Rand (statt einer Antwort des Befehls selbst)?"""
        return self.art is not None


def _mit_meldung(
    code: int,
    art: str,
    meldung: str,
    als_json: bool,
    abschnitt: str | None = None,
    hilfe: str = "",
) -> Ausgang:
    from referee.text import saeubern

    return Ausgang(code, art, saeubern(meldung), abschnitt, hilfe, als_json)


def _aus_bild(bild: Fehlerbild, als_json: bool) -> Ausgang:
    """Ein Fehler, wie ``referee.fehlerbild`` ihn abbildet (dieselbe Meldung wie übers Netz)."""
    return Ausgang(bild.code, bild.art, bild.meldung, bild.abschnitt, "", als_json)


def ausfuehren(args: list[str], *, debug: bool | None = None) -> Ausgang:
    """``referee *args`` im selben Prozess ausführen – der eine Ort, an dem jede Ausnahme zu
    Exit-Code und deutscher Meldung wird (``Ausgang``). Gibt nichts aus außer dem, was der
    Befehl selbst schreibt: ``main`` meldet den Fehler auf stderr bzw. als JSON, ``tisch`` als
    eine Zeile der Sitzung.

    Lädt nur die Befehlsmodule, die der Befehl braucht (``BEFEHL_MODULE``). Mit ``debug`` (ohne
    Angabe: ``REFEREE_DEBUG`` gesetzt) fliegen Fehler in Eingabe und Programm weiter, damit
    der vollständige Traceback erscheint.
    """
    import typer

    from referee.errors import RefereeFehler
    from referee.fehlerbild import fehlerbild

    click = _click()
    if debug is None:
        debug = bool(os.environ.get("REFEREE_DEBUG"))
    als_json = will_json(args)
    try:
        pruefe_argumente(args)
        from referee.cli.ausgabe import merke_aufruf

        merke_aufruf(args)
        lade_befehle(_module_fuer(args))
        _hilfe_eindeutschen()
        befehl = _befehl()
        als_json = will_json(args, befehl)
        rv = befehl.main(args=args, prog_name="referee", standalone_mode=False)
    except typer.Exit as exc:
        return Ausgang(exc.exit_code, als_json=als_json)
    except click.exceptions.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # Hilfe wurde schon gezeigt
            return Ausgang(0, als_json=als_json)
        if debug:
            raise
        ctx = exc.ctx
        hilfe = f"{ctx.command_path} --help" if ctx is not None else "referee --help"
        return _mit_meldung(2, "eingabe", _usage_deutsch(exc), als_json, hilfe=f"Hilfe: {hilfe}\n")
    except click.exceptions.ClickException as exc:  # z. B. eine Datei, die click nicht öffnet
        if debug:
            raise
        return _mit_meldung(2, "eingabe", exc.format_message(), als_json)
    except typer.Abort:
        return _mit_meldung(1, "eingabe", "Abgebrochen.", als_json)
    except RefereeFehler as exc:
        if debug:
            raise
        return _aus_bild(fehlerbild(exc), als_json)
    except KeyboardInterrupt:
        return _mit_meldung(130, "abbruch", "Abgebrochen.", als_json)
    except BrokenPipeError:  # eine Ausgabe am Strom vorbei: still, wie eine gelesene Antwort
        return Ausgang(0, als_json=als_json)
    except OSError as exc:
        if debug:
            raise
        from referee.dateien import os_meldung

        return _mit_meldung(2, "eingabe", os_meldung(exc), als_json)
    except SystemExit as exc:  # ein Befehl, der selbst beendet: sein Exit-Code
        code = exc.code
        return Ausgang(code if isinstance(code, int) else int(code is not None), als_json=als_json)
    except Exception as exc:
        if debug:
            raise
        return _aus_bild(fehlerbild(exc), als_json)
    return Ausgang(rv if isinstance(rv, int) else 0, als_json=als_json)


def _melden(ausgang: Ausgang) -> None:
    """Die Meldung eines Aufrufs: JSON-Fehlerform auf stdout (``--json``) oder eine Zeile
    „Fehler: …“ (und der Hinweis auf ``--help``) auf stderr; Ctrl-C nur „Abgebrochen.“."""
    if not ausgang.gemeldet:
        return
    if ausgang.art == "abbruch":
        sys.stderr.write(f"{ausgang.meldung}\n")
    elif ausgang.als_json:
        from referee.cli.ausgabe import drucke_json

        drucke_json(
            {
                "fehler": {
                    "art": ausgang.art,
                    "meldung": ausgang.meldung,
                    "abschnitt": ausgang.abschnitt,
                }
            }
        )
    else:
        sys.stderr.write(f"Fehler: {ausgang.meldung}\n{ausgang.hilfe}")
    sys.stderr.flush()


def _neue_leere_dateien_entfernen() -> None:
    """Ist ein Befehl gescheitert, bleibt keine Datenbank zurück, die er selbst angelegt hat
    und die keine Daten enthält (kein Schema-Gerippe für einen neuen Pfad)."""
    store = sys.modules.get("referee.store")
    if store is not None:
        store.angelegte_leere_entfernen()


def einstieg() -> None:
    """Einstieg des Kommandos ``referee`` und von ``python -m referee``: ``main`` in einem
    eigenen Prozess.

    Endet ein Aufruf mit Exit 130 (Strg-C; SIGTERM/SIGHUP während eines Imports), endet der
    Prozess sofort mit 130, nach dem Leeren der Ströme. Beobachtet: kam das Signal an, während
    ein Modul geladen wurde und dataclasses/namedtuple darin Code aus Text ausführten
    (``exec``), endete CPython den Prozess nach ``sys.exit(130)`` trotzdem mit SIGINT (Exit -2,
    etwa 1 von 30 Importen unter Last). Im selben Prozess (Tests, ``tisch``) wird ``main``
    direkt gerufen.
    """
    try:
        main()
    except SystemExit as exc:
        if exc.code == 130:
            for strom in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    strom.flush()
            os._exit(130)
        raise


def main(argv: list[str] | None = None) -> None:
    """Einstieg für das Kommando ``referee`` und ``python -m referee``.

    ``ausfuehren`` macht aus jedem Fehler einen Exit-Code (0 ja/ok, 1 die Regel sagt nein,
    2 Eingabe oder Zustand falsch, 3 nur bei einem Programmfehler) und eine Meldung; hier wird
    sie ausgegeben – mit ``--json`` in der JSON-Fehlerform. Ausgaben überstehen jedes Terminal
    und jede geschlossene Pipe.
    """
    from referee.cli.ausgabe import raender_loesen, raender_sichern

    args = list(sys.argv[1:] if argv is None else argv)
    alt = raender_sichern()
    try:
        ausgang = ausfuehren(args)
        _melden(ausgang)
        if ausgang.code:
            _neue_leere_dateien_entfernen()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        raender_loesen(alt)
    sys.exit(ausgang.code)
