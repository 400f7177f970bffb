"""Die Kommandozeile ``referee``: dünn, ohne Regel-Logik.

Parsen → Regelkern aufrufen → mit rich darstellen oder ``--json`` ausgeben.
Schwere Bibliotheken (rich.console, rapidfuzz, sqlite-utils) werden erst in den
Befehlen importiert, die sie brauchen.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from referee.cli.gruppen import app

# Jedes Befehlsmodul hängt sich beim Import an app bzw. seine Gruppe. Damit eine Antwort am
# Tisch sofort kommt, lädt ``main`` nur die Module, die der aufgerufene Befehl braucht
# (ein Test prüft, dass diese Zuordnung vollständig ist).
MODULE = (
    "frage",
    "ruf",
    "schafkopf",
    "schafkopf_abrechnung",
    "abend",
    "sabai",
    "saufn",
    "schlafmuetze",
    "export",
    "tisch",
    "live",
)
BEFEHL_MODULE: dict[str, tuple[str, ...]] = {
    "frage": ("frage",),
    "regeln": ("frage",),
    "ruf": ("ruf",),
    "schafkopf": ("schafkopf", "schafkopf_abrechnung", "abend"),
    "abend": ("abend",),
    "stand": ("abend",),
    "verlauf": ("abend",),
    "rueckgaengig": ("abend",),
    "korrektur": ("abend",),
    "sabai": ("sabai",),
    "saufn": ("saufn",),
    "schlafmuetze": ("schlafmuetze",),
    "export": ("export",),
    "import": ("export",),
    "statistik": ("export",),
    "tisch": ("tisch",),
    "live": ("live",),
}


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


def _usage_deutsch(exc) -> str:
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

        def deutsch(format_help):
            def wrapper(self, ctx, formatter):
                from typer import rich_utils as ru

                ru.ARGUMENTS_PANEL_TITLE = "Argumente"
                ru.OPTIONS_PANEL_TITLE = "Optionen"
                ru.COMMANDS_PANEL_TITLE = "Befehle"
                ru.DEFAULT_STRING = "[Standard: {}]"
                ru.REQUIRED_LONG_STRING = "[Pflicht]"
                ru.ENVVAR_STRING = "[Umgebungsvariable: {}]"
                return format_help(self, ctx, formatter)

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


def begrenze_zahlen(befehl) -> None:
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


def _ausgeben_fehler(art: str, meldung: str, abschnitt, als_json: bool, hilfe: str = "") -> None:
    """Eine Fehlermeldung: JSON-Fehlerform auf stdout (``--json``) oder eine Zeile auf stderr."""
    from referee.text import saeubern

    meldung = saeubern(meldung)
    if als_json:
        from referee.cli.ausgabe import drucke_json

        drucke_json({"fehler": {"art": art, "meldung": meldung, "abschnitt": abschnitt}})
    else:
        sys.stderr.write(f"Fehler: {meldung}\n{hilfe}")
        sys.stderr.flush()


def _neue_leere_dateien_entfernen() -> None:
    """Ist ein Befehl gescheitert, bleibt keine Datenbank zurück, die er selbst angelegt hat
    und die keine Daten enthält (kein Schema-Gerippe für einen neuen Pfad)."""
    store = sys.modules.get("referee.store")
    if store is not None:
        store.angelegte_leere_entfernen()


def main(argv: list[str] | None = None) -> None:
    """Einstieg für das Kommando ``referee`` und ``python -m referee``.

    Hier, am Rand, werden alle Fehler zu Exit-Codes (0 ja/ok, 1 die Regel sagt nein,
    2 Eingabe oder Zustand falsch, 3 nur bei einem Programmfehler) und – mit ``--json`` – zur
    JSON-Fehlerform; Ausgaben überstehen jedes Terminal und jede geschlossene Pipe.
    """
    from referee.cli.ausgabe import raender_loesen, raender_sichern

    args = list(sys.argv[1:] if argv is None else argv)
    alt = raender_sichern()
    try:
        code = _ausfuehren(args)
        if code:
            _neue_leere_dateien_entfernen()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        raender_loesen(alt)
    sys.exit(code)


def _ausfuehren(args: list[str]) -> int:
    """Den Befehl ausführen und den Exit-Code liefern (Fehler schon ausgegeben)."""
    import typer

    from referee.errors import RefereeFehler

    click = _click()
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
        return exc.exit_code
    except click.exceptions.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # Hilfe wurde schon gezeigt
            return 0
        if debug:
            raise
        ctx = exc.ctx
        hilfe = f"{ctx.command_path} --help" if ctx is not None else "referee --help"
        _ausgeben_fehler("eingabe", _usage_deutsch(exc), None, als_json, f"Hilfe: {hilfe}\n")
        return 2
    except click.exceptions.ClickException as exc:  # z. B. eine Datei, die click nicht öffnet
        if debug:
            raise
        _ausgeben_fehler("eingabe", exc.format_message(), None, als_json)
        return 2
    except typer.Abort:
        _ausgeben_fehler("eingabe", "Abgebrochen.", None, als_json)
        return 1
    except RefereeFehler as exc:
        if debug:
            raise
        _ausgeben_fehler(exc.art, exc.meldung, exc.abschnitt, als_json)
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("Abgebrochen.\n")
        return 130
    except BrokenPipeError:  # eine Ausgabe am Strom vorbei: still, wie eine gelesene Antwort
        return 0
    except OSError as exc:
        if debug:
            raise
        from referee.dateien import os_meldung

        _ausgeben_fehler("eingabe", os_meldung(exc), None, als_json)
        return 2
    except Exception:
        if debug:
            raise
        _ausgeben_fehler(
            "intern",
            "Interner Fehler in referee (ein Programmfehler, nicht deine Eingabe). "
            "Mit REFEREE_DEBUG=1 erscheint der vollständige Traceback.",
            None,
            als_json,
        )
        return 3
    return rv if isinstance(rv, int) else 0
