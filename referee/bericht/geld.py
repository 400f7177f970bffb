"""Geldbeträge in deutscher Schreibweise (Cent → Text).

Alles Geld ist ganzzahlig in Cent. ``euro(140)`` → ``"+1,40 €"``,
``euro(-20)`` → ``"-0,20 €"``, ``euro(123450, vorzeichen=False)`` → ``"1.234,50 €"``.
``referee.cli.ausgabe.euro`` macht dasselbe und könnte hierher delegieren.

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


def _pruefe_cent(cent: object) -> int:
    if isinstance(cent, bool) or not isinstance(cent, int):
        from referee.errors import Eingabefehler

        raise Eingabefehler(f"Betrag „{cent!r}“ ist keine ganze Zahl von Cent.")
    return cent


def euro(cent: int, vorzeichen: bool = True) -> str:
    """Cent als Eurobetrag mit Tausenderpunkt und Dezimalkomma.

    ``vorzeichen=True`` setzt vor Gewinne ein ``+`` (Salden); Verluste tragen immer ``-``.
    """
    cent = _pruefe_cent(cent)
    zeichen = "-" if cent < 0 else ("+" if vorzeichen and cent > 0 else "")
    euros, rest = divmod(abs(cent), 100)
    tausender = f"{euros:,}".replace(",", ".")
    return f"{zeichen}{tausender},{rest:02d} €"


def dezimal(cent: int, komma: bool = True) -> str:
    """Cent als Zahl in Euro ohne Tausendertrennung und ohne Währung (für CSV).

    ``komma=True`` für deutsche Tabellenprogramme (Trennzeichen ``;``).
    """
    cent = _pruefe_cent(cent)
    zeichen = "-" if cent < 0 else ""
    euros, rest = divmod(abs(cent), 100)
    return f"{zeichen}{euros}{',' if komma else '.'}{rest:02d}"
