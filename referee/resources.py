"""Wo die mitgelieferten Dateien liegen: ``rules_de/`` und ``data/``.

Im installierten Paket liegen sie unter ``referee/rules_de`` und ``referee/data``
(siehe ``pyproject.toml``, force-include); im Quellbaum neben dem Paket.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_PAKET = Path(__file__).resolve().parent


@cache
def verzeichnis(name: str) -> Path:
    """Pfad zu ``rules_de`` oder ``data`` – im Paket, sonst im Quellbaum."""
    for kandidat in (_PAKET / name, _PAKET.parent / name):
        if kandidat.is_dir():
            return kandidat
    raise FileNotFoundError(f"Verzeichnis {name!r} fehlt in der Installation.")


def datei(name: str) -> Path:
    """Pfad zu einer Datei in ``data/``."""
    return verzeichnis("data") / name


@cache
def lade_json(name: str) -> Any:
    """Eine JSON-Datei aus ``data/`` (einmal gelesen, danach aus dem Cache). ``Any``: JSON, wie
    es kommt; die Aufrufer kennen den Aufbau ihrer mitgelieferten Datei."""
    with open(datei(name), encoding="utf-8") as f:
        return json.load(f)
