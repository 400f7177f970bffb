"""``referee.suche.konstanten``: jede Zahl mit Herkunft, und der Benchmark wählt nur, was es
dort gibt – mit den heutigen Werten im Gitter."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from referee.suche import konstanten

ROOT = Path(__file__).resolve().parent.parent


def test_jede_zahl_hat_einen_kommentar():
    """Vor jeder Zahl steht ihr Kommentar – oder eine Zahl derselben Gruppe direkt davor
    (``GEWICHT_TITEL``, ``GEWICHT_STICHWORT``, ``GEWICHT_TEXT`` teilen einen)."""
    text = (ROOT / "referee" / "suche" / "konstanten.py").read_text(encoding="utf-8")
    zeilen = text.splitlines()
    ohne = []
    for knoten in ast.parse(text).body:
        if not isinstance(knoten, ast.Assign):
            continue
        i = knoten.lineno - 2
        while i >= 0 and zeilen[i].strip() and not zeilen[i].lstrip().startswith("#"):
            i -= 1  # eine Zahl derselben Gruppe
        if i < 0 or not zeilen[i].lstrip().startswith("#"):
            ohne.append(knoten.targets[0].id)
    assert ohne == []


def _benchmark():
    spec = importlib.util.spec_from_file_location(
        "benchmark_frage", ROOT / "benchmarks" / "frage.py"
    )
    assert spec is not None and spec.loader is not None
    modul = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modul)
    return modul


def test_gitter_des_benchmarks_nennt_konstanten_mit_heutigem_wert():
    """``benchmarks/frage.py`` setzt die Zahlen in ``konstanten`` um; jede gewählte Zahl ist
    einer der Werte ihres Gitters (sonst wäre sie nicht so gewählt, wie ihr Kommentar sagt)."""
    bench = _benchmark()
    for gitter in (bench.GITTER, bench.PROFIL_GITTER, bench.SCHWEIGT_GITTER):
        for name, werte in gitter.items():
            assert hasattr(konstanten, name), name
            assert getattr(konstanten, name) in werte, (name, getattr(konstanten, name), werte)
