"""Zahlen an den Rändern: eine Grenze für alles, was gezählt, bezahlt oder nummeriert wird.

Ids, Zählungen, Tarifwerte und jeder Wert eines Eintrags (Cent, Punkte) liegen betragsmäßig
höchstens bei ``GRENZE`` (10⁹). So passen auch die Summen über Millionen Einträge sicher in
SQLites 64-Bit-Ganzzahlen, und keine Eingabe mit 5000 Ziffern erreicht die Rechnung.
"""

from __future__ import annotations

from referee.errors import Eingabefehler

#: Größter Betrag einer Zahl von außen und eines Werts je Eintrag (Cent, Punkte, Ids).
GRENZE = 10**9


def ganze_zahl(
    text: str, was: str, minimum: int = -GRENZE, maximum: int = GRENZE, hinweis: str = ""
) -> int:
    """``text`` als ganze Zahl (ASCII-Ziffern, Vorzeichen, führende Nullen erlaubt) im Bereich
    ``minimum``…``maximum``; sonst ``Eingabefehler``, der ``was`` und den Text nennt
    (``hinweis`` z. B. `` (offene Schlücke, z. B. --plus 4)``)."""
    from referee.text import zeigbar

    roh = str(text).strip()
    ziffern = roh[1:] if roh[:1] in "+-" else roh
    if not (ziffern.isascii() and ziffern.isdigit()):
        raise Eingabefehler(f"{was} „{zeigbar(roh, 40)}“ ist keine ganze Zahl{hinweis}.")
    ziffern = ziffern.lstrip("0") or "0"
    if len(ziffern) > len(str(GRENZE)) + 1:  # nie eine Zahl mit tausend Ziffern bauen
        raise Eingabefehler(
            f"{was} „{zeigbar(roh, 16)}“ liegt nicht im Bereich {minimum} bis {maximum}."
        )
    wert = int(roh[:1] + ziffern if roh[:1] == "-" else ziffern)
    return pruefe_bereich(wert, was, minimum, maximum)


def pruefe_bereich(wert: int, was: str, minimum: int = -GRENZE, maximum: int = GRENZE) -> int:
    """``wert`` liegt in ``minimum``…``maximum`` – sonst ``Eingabefehler``."""
    if not minimum <= wert <= maximum:
        zahl = str(wert) if len(str(wert)) <= 15 else f"{str(wert)[:12]}…"
        raise Eingabefehler(f"{was} „{zahl}“ liegt nicht im Bereich {minimum} bis {maximum}.")
    return wert


#: Größter Tarifwert (``--set grund=…``, Preise in Cent, Regelzahlen): 10⁷ (100.000 €).
GRENZE_TARIF = 10**7
