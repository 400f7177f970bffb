"""Maschinenbefehle eines ganzen Prozesses zählen (valgrind, callgrind) – für die Benchmarks.

Auf einer geteilten, ausgelasteten Maschine schwankt die Wandzeit stark; die Zahl der
ausgeführten Maschinenbefehle nicht. Gut zum Vergleich zweier Stände desselben Codes.
"""

from __future__ import annotations

import re
import shutil
import subprocess


def instruktionen(befehl: list[str], env: dict[str, str] | None = None) -> int | None:
    """Maschinenbefehle von ``befehl`` (ganzer Prozess); ``None`` ohne valgrind."""
    if shutil.which("valgrind") is None:
        return None
    r = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *befehl],
        env=env,
        capture_output=True,
        text=True,
    )
    m = re.search(r"Collected : ([\d,]+)", r.stderr)
    return int(m.group(1).replace(",", "")) if m else None
