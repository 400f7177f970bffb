"""Build-Hook für hatchling: legt den vorberechneten Suchindex ins Wheel.

Ohne ihn baut ``referee frage`` den Index beim ersten Aufruf (einige Sekunden, auf einem
belasteten Rechner bis zu 15) und – wenn der Benutzer-Cache nicht schreibbar ist – in jedem
Prozess neu. Beim Bau eines normalen (nicht editierbaren) Wheels wird er hier einmal aus dem
Quellbaum gebaut und als ``referee/data/suchindex.bin`` mitgeliefert; die Datei trägt Format
und Korpus-Schlüssel, ``referee.suche.index()`` nimmt sie nur, wenn beides passt.

Gebaut wird in einem temporären Verzeichnis: im Quellbaum entsteht nichts. Der Bau braucht
rapidfuzz (Nachbarn der Korpuswörter), deshalb steht es in ``[build-system] requires``.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Ort im Wheel (neben den übrigen Daten aus ``data/``, siehe ``referee.resources``).
ZIEL = "referee/data/suchindex.bin"


def suchindex_bauen(quelle: Path, ziel: Path) -> str:
    """Den Index aus dem Quellbaum ``quelle`` nach ``ziel`` schreiben; gibt den Schlüssel zurück.

    ``referee`` wird aus ``quelle`` importiert (nicht aus einer Installation); danach sind
    ``sys.path`` und die geladenen Module wie vorher.
    """
    quelle = quelle.resolve()
    pfad_vorher = list(sys.path)
    module_vorher = {
        name: modul
        for name, modul in sys.modules.items()
        if name == "referee" or name.startswith("referee.")
    }
    for name in module_vorher:
        del sys.modules[name]
    sys.path.insert(0, str(quelle))
    try:
        import referee.suche as suche

        herkunft = Path(suche.__file__).resolve()
        if not herkunft.is_relative_to(quelle):
            raise RuntimeError(f"referee.suche kommt aus {herkunft}, nicht aus {quelle}")
        return suche.mitgelieferten_index_schreiben(ziel)
    finally:
        sys.path[:] = pfad_vorher
        for name in [n for n in sys.modules if n == "referee" or n.startswith("referee.")]:
            del sys.modules[name]
        sys.modules.update(module_vorher)


class SuchindexHook(BuildHookInterface):
    """Baut den Suchindex in ein temporäres Verzeichnis und nimmt ihn ins Wheel auf."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._ordner: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return  # editierbar: der Quellbaum gilt, der Index entsteht beim ersten Gebrauch
        self._ordner = tempfile.mkdtemp(prefix="referee-suchindex-")
        datei = Path(self._ordner) / "suchindex.bin"
        try:
            schluessel = suchindex_bauen(Path(self.root), datei)
        except BaseException:
            self._aufraeumen()
            raise
        self.app.display_info(f"Suchindex {schluessel} vorberechnet → {ZIEL}")
        build_data["force_include"][str(datei)] = ZIEL

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self._aufraeumen()

    def _aufraeumen(self) -> None:
        ordner = getattr(self, "_ordner", None)
        if ordner:
            shutil.rmtree(ordner, ignore_errors=True)
            self._ordner = None
