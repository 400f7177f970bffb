"""Der Importgraph von ``referee`` (issue 33, Punkt 5) – ein Skript, kein Test.

Liest den Syntaxbaum jeder Datei unter ``referee/`` (nichts wird importiert) und zählt jeden
Import: ``import x``, ``from x import y`` (auch relativ) und ``importlib.import_module("…")``
mit einem festen Text – auf Modulebene, in Funktionen und unter ``if TYPE_CHECKING:``. Ein
Import zeigt auf das genaueste Modul, das es gibt (``from referee.store import turnier`` auf
``referee.store.turnier``, ``from referee.store import oeffne`` auf ``referee.store``).

Druckt
1. den Graphen zwischen den Paketen (``referee.cli``, ``referee.tisch`` … und die Module der
   obersten Ebene wie ``referee.text``): je Kante die Zahl der Importe, davon in Funktionen
   (``f``) und nur für den Typprüfer (``t``);
2. die Zyklen zwischen Paketen (alle Importe), mit den Stellen der Kanten;
3. die Zyklen zwischen den Modulen eines Pakets (auch hier jeder Import, auch in Funktionen
   und unter ``TYPE_CHECKING``: ein Import in einer Funktion versteckt einen Zyklus nur);
4. Importe mit einem berechneten Namen, die das Skript nicht auflösen kann.

``tests/test_architektur.py`` liest dieselben Kanten (``kanten``) und prüft damit die
Schichten.

Aufruf: ``.venv/bin/python benchmarks/importgraph.py [WURZEL]`` (Wurzel des Projekts, ohne
Angabe dieses; etwa ein ``git worktree`` eines älteren Stands).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Import:
    """Ein Import an einer Stelle: von Modul ``von`` (Datei ``datei``, Zeile ``zeile``) auf
    Modul ``nach``."""

    von: str
    nach: str
    datei: str
    zeile: int
    in_funktion: bool
    nur_typen: bool  # unter ``if TYPE_CHECKING:``

    @property
    def stelle(self) -> str:
        return f"{self.datei}:{self.zeile}"


def module(wurzel: Path) -> dict[str, Path]:
    """Alle Module unter ``wurzel/referee`` nach ihrem Namen."""
    gefunden = {}
    for datei in sorted((wurzel / "referee").rglob("*.py")):
        teile = list(datei.relative_to(wurzel).with_suffix("").parts)
        if teile[-1] == "__init__":
            teile.pop()
        gefunden[".".join(teile)] = datei
    return gefunden


def paket(modul: str) -> str:
    """Das Paket der obersten Ebene eines Moduls (``referee.buch.turnier.pdf`` →
    ``referee.buch``); ein Modul direkt unter ``referee`` ist sein eigenes Paket."""
    return ".".join(modul.split(".")[:2])


def _genauestes(name: str, bekannt: dict[str, Path]) -> str:
    """Das längste bekannte Modul, mit dem ``name`` beginnt (ein Name aus einem Modul zeigt
    auf das Modul)."""
    teile = name.split(".")
    while teile and ".".join(teile) not in bekannt:
        teile.pop()
    return ".".join(teile)


def _ist_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _ist_import_module(aufruf: ast.Call) -> bool:
    f = aufruf.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return name in ("import_module", "__import__")


class _Sammler(ast.NodeVisitor):
    def __init__(self, modul: str, ist_paket: bool, datei: str, bekannt: dict[str, Path]):
        self.modul, self.datei, self.bekannt = modul, datei, bekannt
        self.paket = modul if ist_paket else modul.rpartition(".")[0]
        self.tiefe = 0  # in wie vielen Funktionen
        self.typen = 0  # in wie vielen ``if TYPE_CHECKING:``
        self.importe: list[Import] = []
        self.offen: list[str] = []  # berechnete Namen

    def _kante(self, name: str, knoten: ast.AST) -> None:
        if name != "referee" and not name.startswith("referee."):
            return
        ziel = _genauestes(name, self.bekannt) or name
        self.importe.append(
            Import(
                self.modul,
                ziel,
                self.datei,
                getattr(knoten, "lineno", 0),
                self.tiefe > 0,
                self.typen > 0,
            )
        )

    def _relativ(self, stufe: int, name: str | None) -> str:
        basis = self.paket.split(".")
        basis = basis[: len(basis) - (stufe - 1)]
        return ".".join(basis + ([name] if name else []))

    def visit_FunctionDef(self, knoten: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for d in knoten.decorator_list:  # Dekoratoren laufen beim Laden
            self.visit(d)
        self.tiefe += 1
        for k in knoten.body:
            self.visit(k)
        self.tiefe -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, knoten: ast.Lambda) -> None:
        self.tiefe += 1
        self.generic_visit(knoten)
        self.tiefe -= 1

    def visit_If(self, knoten: ast.If) -> None:
        if _ist_type_checking(knoten.test):
            self.typen += 1
            for k in knoten.body:
                self.visit(k)
            self.typen -= 1
            for k in knoten.orelse:
                self.visit(k)
        else:
            self.generic_visit(knoten)

    def visit_Import(self, knoten: ast.Import) -> None:
        for alias in knoten.names:
            self._kante(alias.name, knoten)

    def visit_ImportFrom(self, knoten: ast.ImportFrom) -> None:
        basis = self._relativ(knoten.level, knoten.module) if knoten.level else knoten.module or ""
        for alias in knoten.names:
            voll = f"{basis}.{alias.name}"
            self._kante(voll if voll in self.bekannt else basis, knoten)

    def visit_Call(self, knoten: ast.Call) -> None:
        if _ist_import_module(knoten) and knoten.args:
            arg = knoten.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                name = arg.value
                if name.startswith("."):
                    stufe = len(name) - len(name.lstrip("."))
                    name = self._relativ(stufe, name.lstrip(".") or None)
                self._kante(name, knoten)
            else:
                self.offen.append(f"{self.datei}:{knoten.lineno}: {ast.unparse(knoten)}")
        self.generic_visit(knoten)


def kanten(wurzel: Path = ROOT) -> tuple[list[Import], list[str]]:
    """Alle Importe zwischen Modulen von ``referee`` und die nicht auflösbaren Aufrufe."""
    bekannt = module(wurzel)
    alle: list[Import] = []
    offen: list[str] = []
    for name, datei in bekannt.items():
        rel = datei.relative_to(wurzel).as_posix()
        s = _Sammler(name, datei.name == "__init__.py", rel, bekannt)
        s.visit(ast.parse(datei.read_text(encoding="utf-8"), rel))
        alle += [i for i in s.importe if i.nach != i.von]
        offen += s.offen
    return alle, offen


def zyklen(knoten: set[str], nachbarn: dict[str, set[str]]) -> list[list[str]]:
    """Die stark zusammenhängenden Komponenten mit mehr als einem Knoten (Tarjan, iterativ
    nicht nötig: die Graphen hier sind klein), je sortiert."""
    index: dict[str, int] = {}
    tief: dict[str, int] = {}
    stapel: list[str] = []
    auf_stapel: set[str] = set()
    gefunden: list[list[str]] = []

    def besuche(v: str) -> None:
        index[v] = tief[v] = len(index)
        stapel.append(v)
        auf_stapel.add(v)
        for w in sorted(nachbarn.get(v, ())):
            if w not in index:
                besuche(w)
                tief[v] = min(tief[v], tief[w])
            elif w in auf_stapel:
                tief[v] = min(tief[v], index[w])
        if tief[v] == index[v]:
            teil = []
            while True:
                w = stapel.pop()
                auf_stapel.discard(w)
                teil.append(w)
                if w == v:
                    break
            if len(teil) > 1:
                gefunden.append(sorted(teil))

    for v in sorted(knoten):
        if v not in index:
            besuche(v)
    return sorted(gefunden)


def kreis(teil: list[str], kanten: Iterable[tuple[str, str]]) -> list[str]:
    """Ein kürzester Kreis durch den ersten Knoten von ``teil`` (einer Komponente aus
    ``zyklen``): ``[a, b, …, a]``."""
    nachbarn: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(kanten):
        if a in teil and b in teil:
            nachbarn[a].append(b)
    start = teil[0]
    weg: dict[str, list[str]] = {start: [start]}
    reihe = [start]
    for v in reihe:  # Breitensuche; die Komponente ist stark zusammenhängend
        for w in nachbarn[v]:
            if w == start:
                return [*weg[v], start]
            if w not in weg:
                weg[w] = [*weg[v], w]
                reihe.append(w)
    raise ValueError(f"kein Kreis durch {start}")


def paketkanten(importe: list[Import]) -> dict[tuple[str, str], list[Import]]:
    """Die Importe je Kante zwischen zwei verschiedenen Paketen."""
    je: dict[tuple[str, str], list[Import]] = defaultdict(list)
    for i in importe:
        a, b = paket(i.von), paket(i.nach)
        if a != b:
            je[(a, b)].append(i)
    return dict(je)


def paketzyklen(importe: list[Import]) -> list[list[str]]:
    nachbarn: dict[str, set[str]] = defaultdict(set)
    for a, b in paketkanten(importe):
        nachbarn[a].add(b)
    return zyklen(set(nachbarn), nachbarn)


def innere_zyklen(importe: list[Import]) -> list[list[str]]:
    """Zyklen zwischen Modulen desselben Pakets (jeder Import)."""
    nachbarn: dict[str, set[str]] = defaultdict(set)
    for i in importe:
        if paket(i.von) == paket(i.nach):
            nachbarn[i.von].add(i.nach)
    return zyklen(set(nachbarn), nachbarn)


def _kurz(name: str) -> str:
    return name.removeprefix("referee.") or "referee"


def bericht(wurzel: Path) -> str:
    importe, offen = kanten(wurzel)
    je = paketkanten(importe)
    zeilen = [f"Importgraph von {wurzel}: {len(importe)} Importe zwischen Modulen", ""]
    zeilen.append("Pakete (Importe; f = davon in Funktionen, t = nur TYPE_CHECKING):")
    von_nach: dict[str, list[str]] = defaultdict(list)
    for (a, b), liste in sorted(je.items()):
        f = sum(i.in_funktion for i in liste)
        t = sum(i.nur_typen for i in liste)
        zusatz = ",".join(x for x in (f"{f}f" if f else "", f"{t}t" if t else "") if x)
        von_nach[a].append(f"{_kurz(b)} {len(liste)}" + (f" ({zusatz})" if zusatz else ""))
    for a in sorted(von_nach):
        zeilen.append(f"  {_kurz(a)} → " + ", ".join(von_nach[a]))
    zeilen += ["", "Zyklen zwischen Paketen:"]
    pz = paketzyklen(importe)
    for teil in pz:
        zeilen.append("  " + " ↔ ".join(_kurz(p) for p in teil))
        for (a, b), liste in sorted(je.items()):
            if a in teil and b in teil:
                zeilen.append(
                    f"    {_kurz(a)} → {_kurz(b)}: "
                    + ", ".join(dict.fromkeys(i.stelle for i in liste))
                )
    if not pz:
        zeilen.append("  keine")
    zeilen += [
        "",
        "Zyklen zwischen Modulen eines Pakets (f = in einer Funktion, t = TYPE_CHECKING):",
    ]
    iz = innere_zyklen(importe)
    for teil in iz:
        zeilen.append("  " + " ↔ ".join(_kurz(m) for m in teil))
        orte: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
        for i in importe:
            if i.von in teil and i.nach in teil:
                orte[(i.von, i.nach)][i.stelle] = (
                    "f" if i.in_funktion else "t" if i.nur_typen else ""
                )
        for (a, b), stellen in sorted(orte.items()):
            zeilen.append(
                f"    {_kurz(a)} → {_kurz(b)}: "
                + ", ".join(f"{o}{f' ({m})' if m else ''}" for o, m in stellen.items())
            )
    if not iz:
        zeilen.append("  keine")
    zeilen += ["", "Importe mit berechnetem Namen (nicht aufgelöst):"]
    zeilen += [f"  {o}" for o in offen] or ["  keine"]
    return "\n".join(zeilen)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("wurzel", nargs="?", type=Path, default=ROOT)
    a = p.parse_args(argv)
    print(bericht(a.wurzel.resolve()))


if __name__ == "__main__":
    main(sys.argv[1:])
