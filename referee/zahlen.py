"""Zahlen an den Rändern: eine Grenze für alles, was gezählt, bezahlt oder nummeriert wird.

Ids, Zählungen, Tarifwerte und jeder Wert eines Eintrags (Cent, Punkte) liegen betragsmäßig
höchstens bei ``GRENZE`` (10⁹). So passen auch die Summen über Millionen Einträge sicher in
SQLites 64-Bit-Ganzzahlen, und keine Eingabe mit 5000 Ziffern erreicht die Rechnung.
"""

from __future__ import annotations

from referee.errors import Eingabefehler

#: Größter Betrag einer Zahl von außen und eines Werts je Eintrag (Cent, Punkte, Ids).
GRENZE = 10**9


#: Mehr Ziffern liest ``zahl_oder_wertfehler`` nicht (unter Pythons Grenze von 4.300).
_HOECHSTENS_ZIFFERN = 1000


def ist_ziffern(text: str) -> bool:
    """Nur ASCII-Ziffern 0–9, mindestens eine. ``str.isdigit`` nimmt auch „²“, „③“ oder „٣“ –
    die einen kann ``int`` nicht lesen (Absturz), die anderen liest es still als Zahl."""
    return text.isascii() and text.isdigit()


def zahl_oder_wertfehler(text: str | int) -> int:
    """Der eine Zahlen-Parser für Texte von außen: optionales Vorzeichen, ASCII-Ziffern,
    höchstens ``_HOECHSTENS_ZIFFERN`` Stellen; sonst ``ValueError``.

    Anders als ``int`` keine Unterstriche, keine Leerzeichen ringsum und keine fremden
    Ziffern; eine lange Zahl meldet danach die Bereichsprüfung des Aufrufers mit ihrem Wert.
    Für click (``ValueError`` wird dort zur Meldung); sonst ``ganze_zahl`` mit deutscher
    Meldung. Eine schon ganze Zahl (ein Standardwert) bleibt, wie sie ist."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        raise ValueError(f"keine ganze Zahl: {text!r}")
    ziffern = text[1:] if text[:1] in "+-" else text
    if not ist_ziffern(ziffern) or len(ziffern) > _HOECHSTENS_ZIFFERN:
        raise ValueError(f"invalid literal for int(): {text[:20]!r}")
    return int(text[:1] + ziffern if text[:1] == "-" else ziffern)


def ganze_zahl(
    text: str, was: str, minimum: int = -GRENZE, maximum: int = GRENZE, hinweis: str = ""
) -> int:
    """``text`` als ganze Zahl (ASCII-Ziffern, Vorzeichen, führende Nullen erlaubt) im Bereich
    ``minimum``…``maximum``; sonst ``Eingabefehler``, der ``was`` und den Text nennt
    (``hinweis`` z. B. `` (offene Schlücke, z. B. --plus 4)``)."""
    from referee.text import zeigbar

    roh = str(text).strip()
    ziffern = roh[1:] if roh[:1] in "+-" else roh
    if not ist_ziffern(ziffern):
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


#: Mehr Ziffern hat keine JSON-Zahl, die referee liest (Pythons Grenze liegt bei 4.300).
JSON_ZIFFERN_HOECHSTENS = 4300


def json_ganzzahl(ziffern: str) -> int:
    """``parse_int`` für ``json.loads`` mit Texten von außen (``referee.jsonform``): eine Zahl
    mit mehr als ``JSON_ZIFFERN_HOECHSTENS`` Ziffern ist ein ``Eingabefehler`` (Exit 2) statt
    Pythons ``ValueError`` (Exit 3). Kürzere, aber zu große Zahlen meldet der Aufrufer mit
    ihrer Stelle (Bereichsprüfung)."""
    anzahl = len(ziffern.lstrip("-"))
    if anzahl <= JSON_ZIFFERN_HOECHSTENS:
        try:
            return int(ziffern)
        except ValueError:  # die Grenze des Interpreters ist enger eingestellt
            pass
    raise Eingabefehler(
        f"Eine ganze Zahl mit {anzahl} Ziffern ({ziffern[:12]}…) ist kein Wert, den referee "
        f"annimmt: Beträge, Ids und Zählungen liegen höchstens bei {GRENZE}."
    )


def euro_in_cent(text: str, was: str, maximum: int = GRENZE_TARIF) -> int:
    """Ein Eurobetrag von außen in Cent: ``15`` → 1500, ``15,50`` und ``15.5`` → 1550, auch mit
    ``€`` oder ``EUR`` dahinter; höchstens zwei Nachkommastellen, nicht negativ, höchstens
    ``maximum`` Cent. Sonst ``Eingabefehler``, der ``was`` nennt.

    >>> euro_in_cent("15", "--startgeld"), euro_in_cent("7,5 €", "Preis"), euro_in_cent("0.05", "x")
    (1500, 750, 5)
    """
    from referee.text import zeigbar

    roh = str(text).strip()
    zahl = roh.removesuffix("€").removesuffix("EUR").removesuffix("Euro").strip()
    ganz, trenner, nach = zahl.replace(",", ".").partition(".")
    if not ist_ziffern(ganz) or (trenner and not (ist_ziffern(nach) and len(nach) <= 2)):
        raise Eingabefehler(
            f"{was} „{zeigbar(roh, 30)}“ ist kein Eurobetrag (z. B. 15 oder 12,50)."
        )
    if len(ganz.lstrip("0")) > len(str(maximum)):
        raise Eingabefehler(f"{was} „{zeigbar(roh, 16)}“ ist zu groß.")
    cent = int(ganz) * 100 + int((nach or "0").ljust(2, "0"))
    if cent > maximum:
        raise Eingabefehler(
            f"{was} „{zeigbar(roh, 16)}“ ist zu groß; höchstens {maximum // 100} Euro."
        )
    return cent


def pruefe_cent(cent: object) -> int:
    """``cent`` als ganze Zahl von Cent (kein ``bool``, kein ``float``); sonst ``Eingabefehler``."""
    if isinstance(cent, bool) or not isinstance(cent, int):
        raise Eingabefehler(f"Betrag „{cent!r}“ ist keine ganze Zahl von Cent.")
    return cent


def euro(cent: int, vorzeichen: bool = True) -> str:
    """Cent als Eurobetrag mit Tausenderpunkt und Dezimalkomma; ``vorzeichen=True`` setzt vor
    Gewinne ein ``+`` (Salden), Verluste tragen immer ``-``.

    >>> euro(140), euro(-20), euro(123450, vorzeichen=False)
    ('+1,40 €', '-0,20 €', '1.234,50 €')
    """
    cent = pruefe_cent(cent)
    zeichen = "-" if cent < 0 else ("+" if vorzeichen and cent > 0 else "")
    euros, rest = divmod(abs(cent), 100)
    tausender = f"{euros:,}".replace(",", ".")
    return f"{zeichen}{tausender},{rest:02d} €"
