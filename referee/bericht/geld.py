"""Geldbeträge in deutscher Schreibweise (Cent → Text).

Alles Geld ist ganzzahlig in Cent. ``euro(140)`` → ``"+1,40 €"``,
``euro(-20)`` → ``"-0,20 €"``, ``euro(123450, vorzeichen=False)`` → ``"1.234,50 €"``.
``euro`` selbst steht in ``referee.zahlen`` (auch der Turnierkern braucht es).

>>> euro(140)
'+1,40 €'
>>> euro(-20)
'-0,20 €'
>>> euro(0)
'0,00 €'
>>> euro(123450, vorzeichen=False)
'1.234,50 €'
>>> dezimal(-123450)
'-1234,50'
>>> dezimal(5, komma=False)
'0.05'
"""

from __future__ import annotations

from referee.zahlen import euro
from referee.zahlen import pruefe_cent as _pruefe_cent

__all__ = ["dezimal", "euro"]


def dezimal(cent: int, komma: bool = True) -> str:
    """Cent als Zahl in Euro ohne Tausendertrennung und ohne Währung (für CSV).

    ``komma=True`` für deutsche Tabellenprogramme (Trennzeichen ``;``).
    """
    cent = _pruefe_cent(cent)
    zeichen = "-" if cent < 0 else ""
    euros, rest = divmod(abs(cent), 100)
    return f"{zeichen}{euros}{',' if komma else '.'}{rest:02d}"
