"""Optionen mit mehreren Werten hintereinander: ``--spieler Anna Ben Cem Dora``.

click (und damit Typer) kennt nur Optionen mit fester Wertezahl; eine als Liste deklarierte
Option (``list[str]``, click: ``multiple=True``) muss man wiederholen. ``mehrwertig(...)``
liefert eine Befehlsklasse, die die Kommandozeile vor dem Parsen umschreibt:
``--spieler Anna Ben`` → ``--spieler Anna --spieler Ben``. So bleiben die Optionen in der
Hilfe sichtbar, und die Reihenfolge der Werte (Sitzordnung, Plätze) bleibt erhalten.

Eine mehrwertige Option nimmt die folgenden Tokens, bis eines mit „-“ beginnt, die Höchstzahl
erreicht ist oder ``passt(token)`` nein sagt. Danach folgende Tokens sind wieder
Argumente. ``--opt=a,b`` und ``--opt a,b`` gehen ebenfalls: Kommas trennen die Werte im Befehl
(siehe ``werte``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import typer.core

if TYPE_CHECKING:
    from typer import _click  # Typers eingebautes click (die Typen seiner Befehle)


def spreize(
    args: list[str],
    mehrfach: set[str],
    einzeln: set[str],
    hoechstens: Mapping[str, int] | None = None,
    passt: Mapping[str, Callable[[str], bool]] | None = None,
) -> list[str]:
    """``--opt a b c`` → ``--opt a --opt b --opt c`` für jede Option in ``mehrfach``.

    ``einzeln`` sind Optionen mit genau einem Wert (ihr Wert wird übersprungen, auch wenn er
    mit „-“ beginnt nicht). ``hoechstens`` begrenzt die Zahl der Werte je Option.

    >>> spreize(["--spieler", "Anna", "Ben", "--ort", "Post", "x"], {"--spieler"}, {"--ort"})
    ['--spieler', 'Anna', '--spieler', 'Ben', '--ort', 'Post', 'x']
    """
    hoechstens = hoechstens or {}
    passt = passt or {}
    aus: list[str] = []
    i, n = 0, len(args)
    while i < n:
        tok = args[i]
        if tok == "--":
            aus.extend(args[i:])
            break
        if tok in mehrfach and i + 1 < n:
            aus += [tok, args[i + 1]]
            i += 2
            zahl, grenze, pruefe = 1, hoechstens.get(tok), passt.get(tok)
            while i < n and (grenze is None or zahl < grenze):
                nxt = args[i]
                if nxt.startswith("-") or (pruefe is not None and not pruefe(nxt)):
                    break
                aus += [tok, nxt]
                i += 1
                zahl += 1
            continue
        if tok in einzeln and i + 1 < n:
            aus += [tok, args[i + 1]]
            i += 2
            continue
        aus.append(tok)
        i += 1
    return aus


def mehrwertig(
    hoechstens: Mapping[str, int] | None = None,
    passt: Mapping[str, Callable[[str], bool]] | None = None,
) -> type[typer.core.TyperCommand]:
    """Eine Typer-Befehlsklasse (``cls=``), deren Listen-Optionen mehrere Werte nehmen."""

    class MehrwertBefehl(typer.core.TyperCommand):
        def umschreiben(self, args: list[str]) -> list[str]:
            """Die Argumente, wie click sie danach parst (Listen-Optionen wiederholt)."""
            mehrfach: set[str] = set()
            einzeln: set[str] = set()
            for p in self.params:
                if getattr(p, "param_type_name", "") != "option" or getattr(p, "is_flag", False):
                    continue
                (mehrfach if p.multiple else einzeln).update(p.opts)
            return spreize(list(args), mehrfach, einzeln, hoechstens, passt)

        def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
            return super().parse_args(ctx, self.umschreiben(args))

    return MehrwertBefehl


def werte(eingaben: Iterable[str] | None) -> list[str]:
    """Die Werte einer mehrwertigen Option, Kommas trennen auch: ``["Anna,Ben", "Cem"]`` → 3."""
    from referee.eingabe import werte as _werte

    return _werte(eingaben)
