"""Ein Eingabe-Adapter je Spiel: seine Angaben auf der Kommandozeile und ihr Weg zur getypten
Eingabe (``SchafkopfAngaben``, ``SabaiAngaben``, ``SaufnAngaben``, ``SchlafmuetzeAngaben``).

Ein ``Adapter`` deklariert die Argumente und Optionen eines Spiels einmal (Name, Typ, Hilfe)
und nennt die Funktion, die aus ihren Werten die getypte Eingabe macht. Daraus entstehen

- die Parameter der Befehle, die ein Spiel eintragen (``mit_angaben``): ``schafkopf
  eintragen``, ``sabai eintragen``/``runde``, ``saufn ende``, ``schlafmuetze sieg``;
- ein kleiner click-Befehl je Spiel (``parser``), mit dem ``korrektur N`` den Rest seiner
  Kommandozeile liest – nur mit den Angaben des Spiels von Eintrag N (``korrektur_angaben``);
  eine Option eines anderen Spiels ist dort schlicht unbekannt. Die Hilfe von ``korrektur``
  zeigt die Angaben je Spiel (``hilfe_je_spiel``).

Die Tisch-Sitzung und das Handy lesen Kurzzeilen mit der Grammatik ``referee.eingabe.kurz``,
die dieselben getypten Eingaben (``SchafkopfAngaben`` …) direkt gibt: zwei Leser, eine Form.

Beim Import nur Typer und die Standardbibliothek (Startzeit); die Adapter der Spiele
(``.schafkopf``, ``.sabai``, ``.saufn``, ``.schlafmuetze``) lädt, wer sie braucht.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

import typer

if TYPE_CHECKING:
    from referee.ergebnis import Angaben

#: Die Spiele mit Adapter, in der Reihenfolge der Hilfe (wie ``referee.ergebnis.SPIELE``).
SPIELE = ("schafkopf", "sabai", "saufn", "schlafmuetze")

# Die gemeinsamen Optionen der Befehle, die das Buch lesen oder schreiben
DB = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="PFAD",
        help="Datenbankdatei (sonst $REFEREE_DB, sonst ~/.local/share/referee/referee.db).",
    ),
]
JSON = Annotated[bool, typer.Option("--json", help="Ausgabe als JSON auf stdout.")]
#: ``referee live`` und ``referee turnier live``: worauf der Server lauscht
HOST = Annotated[
    str | None,
    typer.Option(
        "--host",
        metavar="ADRESSE",
        help="Adresse, auf der gelauscht wird (Standard: die im lokalen Netz; "
        "127.0.0.1 = nur dieser Rechner).",
    ),
]
PORT = Annotated[
    int,
    typer.Option(
        "--port", min=0, max=65535, metavar="PORT", help="Port (0 = einen freien wählen)."
    ),
]
#: ``live``, ``turnier live``, ``saison live``: wie oft die Seite ohne JavaScript neu lädt
NEU_LADEN = Annotated[
    int,
    typer.Option(
        "--neu-laden",
        min=1,
        max=3600,
        metavar="SEK",
        help="Ohne JavaScript lädt die Seite alle SEK Sekunden neu.",
    ),
]

#: Die getypte Eingabe, die ein Adapter liest (``SchafkopfAngaben``, ``SabaiAngaben`` …).
A = TypeVar("A", bound="Angaben")

#: Der Name des Kontext-Parameters in den gebauten Signaturen (Typer erkennt ihn am Typ).
_KONTEXT = "eingabe_kontext"


def parameter(**deklaration: tuple[Any, Any]) -> tuple[inspect.Parameter, ...]:
    """``augen=(Annotated[int | None, typer.Option("--augen", help=…)], None)`` → Parameter,
    wie Typer sie aus einer Signatur liest (Typ mit Argument/Option, Standardwert) – in der
    Reihenfolge der Deklaration, die auch die der Hilfe ist."""
    return tuple(
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=standard, annotation=typ)
        for name, (typ, standard) in deklaration.items()
    )


@dataclass(frozen=True)
class Adapter(Generic[A]):
    """Die Angaben eines Spiels auf der Kommandozeile.

    ``parameter``: seine Argumente und Optionen (``parameter(...)``); ``lesen``: ihre Werte
    (als Schlüsselwörter, wie Typer sie liefert) → die getypte Eingabe. ``befehl`` trägt das
    Spiel ein (``schafkopf eintragen``); ``beispiel`` sind Angaben dafür – beides nennt die
    Form in den Meldungen von ``korrektur``. ``weitere``: ``lesen`` nimmt auch die Wörter nach
    den Argumenten und den Befehl (``weitere=``, ``befehl=``), um die richtige Form zu nennen
    (Schafkopf: ``Anna Ben`` statt ``Anna+Ben``); sonst ist ein Wort zu viel ein Fehler.
    """

    spiel: str
    befehl: str
    beispiel: str
    parameter: tuple[inspect.Parameter, ...]
    lesen: Callable[..., A]  # die Schlüsselwörter sind die Parameter (``namen``)
    weitere: bool = False

    @property
    def namen(self) -> tuple[str, ...]:
        """Die Namen der Parameter (die Schlüsselwörter von ``lesen``)."""
        return tuple(p.name for p in self.parameter)

    def form(self, nr: int) -> str:
        """Die Form einer Korrektur dieses Spiels, z. B. ``referee korrektur 3 --platz Cem
        Anna Ben (wie „saufn ende“)``."""
        return f"referee korrektur {nr} {self.beispiel} (wie „{self.befehl}“)"

    def angaben(
        self, werte: Mapping[str, Any], weitere: Sequence[str] = (), befehl: str | None = None
    ) -> A:
        """Die Werte der Parameter (und die Wörter danach) → die getypte Eingabe."""
        if self.weitere:
            return self.lesen(
                **werte, weitere=list(weitere), befehl=befehl or f"referee {self.befehl}"
            )
        if weitere:
            from referee.errors import Eingabefehler

            raise Eingabefehler(f"Unerwartete Angabe „{' '.join(weitere)}“.")
        return self.lesen(**werte)


def adapter(spiel: str) -> Adapter[Angaben]:
    """Der Adapter eines Spiels (``schafkopf``, ``sabai``, ``saufn``, ``schlafmuetze``)."""
    if spiel not in SPIELE:
        raise KeyError(spiel)
    modul = importlib.import_module(f"{__name__}.{spiel}")
    gefunden: Adapter[Angaben] = modul.ADAPTER
    return gefunden


def _kontext_parameter() -> inspect.Parameter:
    return inspect.Parameter(_KONTEXT, inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)


def _mit_signatur(funktion: Callable[..., Any], params: Sequence[inspect.Parameter]) -> None:
    """Gibt ``funktion`` die Signatur, aus der Typer die Parameter des Befehls liest."""
    signatur = inspect.Signature(list(params))
    funktion.__signature__ = signatur  # type: ignore[attr-defined]
    funktion.__annotations__ = {p.name: p.annotation for p in params}


# --------------------------------------------------------------------------- eintragen


def _ausgewertet(annotation: object, befehl: Callable[..., Any]) -> object:
    """Eine Annotation als Objekt, wie ``inspect.signature(eval_str=True)`` sie gäbe (Typer
    braucht die Objekte). Einzeln statt für die ganze Signatur: ``angaben`` nennt die getypte
    Eingabe des Spiels, die sein Modul nur für mypy importiert (Startzeit); sie wird ersetzt
    und nie ausgewertet."""
    if not isinstance(annotation, str):
        return annotation
    return eval(annotation, befehl.__globals__)  # wie inspect: Text aus dem eigenen Quelltext


def mit_angaben(eingabe: Adapter[A]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Dekorator (unter ``@….command``) für einen Befehl, der ein Spiel einträgt: statt seines
    Parameters ``angaben`` (ohne Annotation) bekommt der Befehl an dieser Stelle die Argumente
    und Optionen des Spiels; beim Aufruf macht ``Adapter.angaben`` aus ihren Werten (und aus
    den Wörtern danach, ``allow_extra_args``) die getypte Eingabe, die der Befehl als
    ``angaben`` bekommt.

    >>> from referee.cli.eingabe.schlafmuetze import ADAPTER
    >>> @mit_angaben(ADAPTER)
    ... def sieg(angaben, als_json: bool = False):
    ...     return angaben
    >>> list(inspect.signature(sieg).parameters)
    ['eingabe_kontext', 'name', 'spieler', 'als_json']
    """

    def dekorator(befehl: Callable[..., Any]) -> Callable[..., Any]:
        eigene = inspect.signature(befehl).parameters
        if "angaben" not in eigene:
            raise TypeError(f"{befehl.__name__}: kein Parameter „angaben“")
        params = [_kontext_parameter()]
        for p in eigene.values():
            if p.name == "angaben":
                params += eingabe.parameter
            else:
                p = p.replace(annotation=_ausgewertet(p.annotation, befehl))
                params.append(p.replace(kind=inspect.Parameter.KEYWORD_ONLY))

        @functools.wraps(befehl)
        def aufruf(**werte: Any) -> Any:
            ctx = werte.pop(_KONTEXT)
            eigen = {n: werte.pop(n) for n in eingabe.namen}
            return befehl(angaben=eingabe.angaben(eigen, ctx.args), **werte)

        del aufruf.__wrapped__  # Typer liest die neue Signatur, nicht die von ``befehl``
        _mit_signatur(aufruf, params)
        return aufruf

    return dekorator


# --------------------------------------------------------------------------- korrektur


@functools.cache
def parser(spiel: str) -> Any:
    """Ein click-Befehl, der die Angaben eines Spiels liest – dieselben Parameter wie beim
    Eintragen, mehrwertige Optionen ebenso (``--platz Cem Anna Ben``), Zahlen begrenzt wie
    überall. Aufgerufen gibt er ``(werte, weitere Wörter)`` zurück."""
    import typer.main

    from referee.cli import begrenze_zahlen
    from referee.cli.mehrwert import mehrwertig

    a = adapter(spiel)

    def lies(**werte: Any) -> tuple[dict[str, Any], list[str]]:
        ctx = werte.pop(_KONTEXT)
        return werte, list(ctx.args)

    _mit_signatur(lies, [_kontext_parameter(), *a.parameter])
    app = typer.Typer(add_completion=False)
    app.command(
        spiel,
        cls=mehrwertig(),
        context_settings={"allow_extra_args": True},
        add_help_option=False,
    )(lies)
    befehl = typer.main.get_command(app)
    begrenze_zahlen(befehl)
    return befehl


def korrektur_angaben(spiel: str, nr: int, args: Sequence[str], ctx: Any) -> Angaben:
    """Die Angaben für Eintrag ``nr`` (Spiel ``spiel``) aus dem Rest der Kommandozeile von
    ``korrektur`` – mit dem Adapter dieses Spiels allein. ``ctx``: der Kontext von
    ``korrektur`` (für den Hinweis auf dessen Hilfe bei falscher Verwendung)."""
    from referee.cli import _click
    from referee.ergebnis import SPIEL_NAMEN
    from referee.errors import Eingabefehler

    a = adapter(spiel)
    name, form = SPIEL_NAMEN[spiel], a.form(nr)
    if not args:
        raise Eingabefehler(
            f"Es fehlen die richtigen Angaben für Eintrag #{nr} ({name}), z. B. {form}."
        )
    click = _click()
    befehl = parser(spiel)
    try:
        with befehl.make_context(f"korrektur {nr}", list(args), parent=ctx) as kontext:
            werte, weitere = befehl.invoke(kontext)
    except click.exceptions.NoSuchOption as exc:
        raise Eingabefehler(_unbekannte_option(exc, args, nr, spiel, form)) from None
    except click.exceptions.UsageError as exc:
        exc.ctx = ctx  # „Hilfe: referee korrektur --help“
        raise
    if weitere and not a.weitere:
        raise Eingabefehler(f"Unerwartete Angabe „{' '.join(weitere)}“; Form: {form}.")
    return a.angaben(werte, weitere, befehl=f"referee korrektur {nr}")


def _optionen(spiel: str) -> list[str]:
    """Die Optionen eines Spiels (``--augen`` …), wie sein Parser sie kennt."""
    return [o for p in parser(spiel).params if p.param_type_name == "option" for o in p.opts]


def _unbekannte_option(exc: Any, args: Sequence[str], nr: int, spiel: str, form: str) -> str:
    """Eine Option, die das Spiel von Eintrag ``nr`` nicht kennt: sie mit ihren Werten nennen,
    dazu das Spiel, zu dem sie gehört (sonst eine ähnliche eigene), und die Form."""
    import difflib

    from referee.ergebnis import SPIEL_NAMEN
    from referee.namen import meintest_du

    opt = exc.option_name
    teil = [opt]
    for i, t in enumerate(args):
        if t == opt or t.startswith(opt + "="):
            teil = [t]
            for w in args[i + 1 :]:
                if w.startswith("-"):
                    break
                teil.append(w)
            break
    text = (
        f"Unerwartete Angabe „{' '.join(teil)}“: {opt} passt nicht zu Eintrag #{nr} "
        f"({SPIEL_NAMEN[spiel]})"
    )
    andere = [SPIEL_NAMEN[s] for s in SPIELE if s != spiel and opt in _optionen(s)]
    if andere:
        text += f", es ist eine Option von {' und '.join(andere)}."
    else:
        aehnlich = difflib.get_close_matches(opt, _optionen(spiel), n=2, cutoff=0.8)
        text += "." + (f" {meintest_du(aehnlich)}" if aehnlich else "")
    return text + f" Form: {form}."


def hilfe_je_spiel(ctx: Any, formatter: Any, markup: Any) -> None:
    """Die Angaben jedes Spiels als eigener Abschnitt der Hilfe von ``korrektur`` – mit rich
    (``markup``: der Modus von Typer, sonst None) wie die übrigen Abschnitte, sonst als Text
    im ``formatter`` von click."""
    from referee.ergebnis import SPIEL_NAMEN

    panel = None
    if markup is not None:
        from typer import core, rich_utils

        if core.HAS_RICH:
            panel = getattr(rich_utils, "_print_options_panel", None)
    for spiel in SPIELE:
        a = adapter(spiel)
        titel = f"{SPIEL_NAMEN[spiel]} (wie „{a.befehl}“)"
        params = parser(spiel).get_params(ctx)
        if panel is not None:
            from typer import rich_utils

            panel(
                name=titel,
                params=params,
                ctx=ctx,
                markup_mode=markup,
                console=rich_utils._get_rich_console(),
            )
            continue
        zeilen = [z for z in (p.get_help_record(ctx) for p in params) if z]
        with formatter.section(titel):
            formatter.write_dl(zeilen)
