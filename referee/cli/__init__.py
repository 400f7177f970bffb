"""Die Kommandozeile ``referee``: dünn, ohne Regel-Logik.

Parsen → Regelkern aufrufen → mit rich darstellen oder ``--json`` ausgeben.
Schwere Bibliotheken (rich.console, rapidfuzz, sqlite-utils) werden erst in den
Befehlen importiert, die sie brauchen.
"""

from __future__ import annotations

import os
import re
import sys

from referee.cli.gruppen import app

# Jedes Befehlsmodul hängt sich beim Import an app bzw. seine Gruppe. Damit eine Antwort am
# Tisch sofort kommt, lädt ``main`` nur die Module, die der aufgerufene Befehl braucht
# (ein Test prüft, dass diese Zuordnung vollständig ist).
MODULE = (
    "frage",
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
    "ruf": ("schafkopf",),
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


def _click():
    """Typer ≥ 0.28 bringt click eingebaut mit (typer._click), ältere nutzen click."""
    try:
        from typer import _click as click
    except ImportError:  # pragma: no cover - typer 0.27
        import click
    return click


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
        name = (
            param.opts[0]
            if param is not None and getattr(param, "opts", None)
            else (param.name.upper() if param is not None and param.name else "Parameter")
        )
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
    m = re.match(r"(.*) is not a valid (integer|int|float)", meldung)
    if m:
        art = "Zahl" if m.group(2) == "float" else "ganze Zahl"
        return f"{m.group(1)} ist keine {art}."
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
        import typer.core as tc

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

        for klasse in (tc.TyperCommand, tc.TyperGroup):
            if "format_help" in klasse.__dict__ and not getattr(klasse.format_help, "_de", False):
                klasse.format_help = deutsch(klasse.__dict__["format_help"])
                klasse.format_help._de = True
        basis = tc.TyperCommand.__mro__[1]
        original = basis.get_help_option
        if not getattr(original, "_de", False):

            def get_help_option(self, ctx):
                opt = original(self, ctx)
                if opt is not None:
                    opt.help = "Diese Hilfe zeigen und beenden."
                return opt

            get_help_option._de = True
            basis.get_help_option = get_help_option
    except Exception:  # pragma: no cover - andere Typer-Version
        pass


def main(argv: list[str] | None = None) -> None:
    """Einstieg für das Kommando ``referee`` und ``python -m referee``."""
    import typer
    import typer.main

    from referee.errors import RefereeFehler

    click = _click()
    debug = bool(os.environ.get("REFEREE_DEBUG"))
    args = sys.argv[1:] if argv is None else argv
    from referee.cli.ausgabe import merke_aufruf

    merke_aufruf(args)
    lade_befehle(_module_fuer(args))
    _hilfe_eindeutschen()
    befehl = typer.main.get_command(app)
    try:
        rv = befehl.main(args=args, prog_name="referee", standalone_mode=False)
    except click.exceptions.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # Hilfe wurde schon gezeigt
            sys.exit(0)
        if debug:
            raise
        ctx = exc.ctx
        hilfe = f"{ctx.command_path} --help" if ctx is not None else "referee --help"
        sys.stderr.write(f"Fehler: {_usage_deutsch(exc)}\nHilfe: {hilfe}\n")
        sys.exit(2)
    except typer.Abort:
        sys.stderr.write("Abgebrochen.\n")
        sys.exit(1)
    except RefereeFehler as exc:
        if debug:
            raise
        sys.stderr.write(f"Fehler: {exc.meldung}\n")
        sys.exit(exc.exit_code)
    except BrokenPipeError:  # z. B. referee … | head
        sys.exit(0)
    except KeyboardInterrupt:
        sys.stderr.write("Abgebrochen.\n")
        sys.exit(130)
    except Exception as exc:
        if debug:
            raise
        sys.stderr.write(
            f"Interner Fehler: {type(exc).__name__}: {exc}\n"
            "Mit REFEREE_DEBUG=1 erscheint der vollständige Traceback.\n"
        )
        sys.exit(3)
    sys.exit(rv if isinstance(rv, int) else 0)
