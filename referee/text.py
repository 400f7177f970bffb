"""Freier Text an den Rändern: Steuer- und Escape-Zeichen entfernen, Länge begrenzen, für HTML
maskieren (``html_text``); Buchstaben für Vergleiche falten (``falte_buchstaben``: Suche, Namen).

Was ein Mensch eintippt oder eine Datei mitbringt (Ort, Namen, Texte aus einem Import),
wird vor dem Speichern oder Ausgeben durch diese Funktionen geschickt. So kann kein
``ESC ] 0 ; …`` das Terminal umbenennen, kein ``ESC [ 2 J`` den Schirm leeren und kein
Bidi-Override (U+202E) die Schrift umdrehen.
"""

from __future__ import annotations

import re
import unicodedata

from referee.errors import Eingabefehler

#: Höchstlänge freier Texte (Ort, Bemerkungen) in Zeichen.
TEXT_HOECHSTENS = 200
#: Höchstlänge eines einzelnen Kommandozeilen-Arguments in Zeichen.
ARGUMENT_HOECHSTENS = 4096

# Bidi-Steuerzeichen (Einbettungen, Overrides, Isolates, Marken): unsichtbar und gefährlich.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def ist_steuerzeichen(z: str, zeilen_erlaubt: bool = False) -> bool:
    """Gehört ``z`` nicht in angezeigten Text? C0/C1-Steuerzeichen (auch ESC, DEL), Bidi-
    Steuerzeichen und einzelne Surrogate. Mit ``zeilen_erlaubt`` bleiben Zeilenumbruch und Tab."""
    if zeilen_erlaubt and z in "\n\t":
        return False
    if z in _BIDI:
        return True
    kat = unicodedata.category(z)
    return kat in ("Cc", "Cs")


def saeubern(text: str, zeilen_erlaubt: bool = False) -> str:
    """``text`` ohne Steuerzeichen (siehe ``ist_steuerzeichen``); Tab und Zeilenumbruch werden
    ohne ``zeilen_erlaubt`` zu Leerzeichen."""
    if text.isprintable():
        return text
    aus = []
    for z in text:
        if not zeilen_erlaubt and z in "\n\t\r":
            aus.append(" ")
        elif not ist_steuerzeichen(z, zeilen_erlaubt):
            aus.append(z)
    return "".join(aus)


def freier_text(text: str | None, was: str, hoechstens: int = TEXT_HOECHSTENS) -> str | None:
    """Ein freier Text von der Eingabe (z. B. ``--ort``): gesäubert, Leerraum zusammengefasst,
    höchstens ``hoechstens`` Zeichen (sonst ``Eingabefehler``); leer → ``None``."""
    if text is None:
        return None
    sauber = " ".join(saeubern(text).split())
    if len(sauber) > hoechstens:
        raise Eingabefehler(
            f"{was} ist {len(sauber)} Zeichen lang; erlaubt sind höchstens {hoechstens}."
        )
    return sauber or None


def zeigbar(text: str, hoechstens: int = 300) -> str:
    """Für Fehlermeldungen: fremden Text gesäubert und gekürzt (``…``) zitieren."""
    sauber = saeubern(text)
    return sauber if len(sauber) <= hoechstens else sauber[: hoechstens - 1] + "…"


def json_art(wert: object) -> str:
    """Für Fehlermeldungen: was ein JSON-Wert statt des erwarteten ist („nicht …“) – Import,
    Schreib-API; Zahlen und Texte kurz zitiert.

    >>> json_art(None), json_art(True), json_art(1.5), json_art(7), json_art("ja"), json_art([])
    ('null', 'true', 'die Kommazahl 1.5', 'die Zahl 7', 'der Text „ja“', 'eine Liste')
    """
    if wert is None:
        return "null"
    if isinstance(wert, bool):
        return "true" if wert else "false"
    if isinstance(wert, float):
        return f"die Kommazahl {zeigbar(repr(wert), 20)}"
    if isinstance(wert, int):
        return f"die Zahl {zeigbar(str(wert), 20)}"
    if isinstance(wert, str):
        return f"der Text „{zeigbar(wert, 30)}“"
    return "eine Liste" if isinstance(wert, list) else "ein Objekt"


#: Was ``html_text`` maskiert (wie ``html.escape(…, quote=True)``, ohne dessen Import beim Start).
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def html_text(wert: object) -> str:
    """``wert`` als Text in HTML (Inhalt oder Attributwert in Anführungszeichen): ``&``, ``<``,
    ``>``, ``"`` und ``'`` maskiert – die eine Stelle dafür (HTML-Export, Live-Seiten).

    >>> html_text('<b title="x">Anna & Ben</b>')
    '&lt;b title=&quot;x&quot;&gt;Anna &amp; Ben&lt;/b&gt;'
    """
    return str(wert).translate(_HTML)


# ---------------------------------------------------------------- Terminals ohne UTF-8

#: ASCII-Formen für Zeichen, die ein Terminal nicht darstellen kann (sonst: NFKD ohne
#: Akzente, zuletzt „?“). Umlaute werden wie in unseren Bezeichnern geschrieben.
ASCII_FORMEN = {
    "€": "EUR",
    "–": "-",
    "—": "-",
    "−": "-",
    "‑": "-",
    "·": "*",
    "•": "*",
    "„": '"',
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "…": "...",
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
    "ß": "ss",
    "×": "x",
    "→": "->",
    "←": "<-",
    "↔": "<->",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "±": "+/-",
    "✓": "ok",
    "✗": "x",
    "♠": "Pik",
    "♥": "Herz",
    "♦": "Karo",
    "♣": "Kreuz",
    "\u00a0": " ",
    "\u202f": " ",
    "\ufeff": "",
}


#: Buchstaben, die ``unicodedata`` nicht in Grundbuchstabe + Akzent zerlegt (nach casefold).
_EIGENE_BUCHSTABEN = (
    ("ł", "l"),
    ("ø", "o"),
    ("đ", "d"),
    ("ħ", "h"),
    ("ı", "i"),
    ("ŧ", "t"),
    ("æ", "ae"),
    ("œ", "oe"),
    ("þ", "th"),
)
_UMLAUTE = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"))
#: Die kombinierenden Zeichen (Akzente), die nach der Zerlegung (NFKD) wegfallen.
_KOMBINIEREND = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def falte_buchstaben(text: str, *, umlaut_e: bool = True) -> str:
    """Buchstaben für den Vergleich falten – die eine Faltung für Suche und Namen: casefold
    (ß → ss), NFKC; ä → ae, ö → oe, ü → ue (mit ``umlaut_e=False``: ä → a …); Buchstaben ohne
    Zerlegung nach ihrem Grundbuchstaben (Ł → l, Ø → o, Æ → ae …); übrige Akzente weg (é → e).
    Satz- und andere Zeichen bleiben.

    >>> falte_buchstaben("Jörg Łukasz Straße Café")
    'joerg lukasz strasse cafe'
    >>> falte_buchstaben("Jörg", umlaut_e=False)
    'jorg'
    """
    t = text.casefold()
    if t.isascii():
        return t
    t = unicodedata.normalize("NFKC", t).casefold()  # 𝕬 → a, zerlegtes ü → ü
    ersetzungen = _UMLAUTE + _EIGENE_BUCHSTABEN if umlaut_e else _EIGENE_BUCHSTABEN
    for zeichen, ersatz in ersetzungen:
        if zeichen in t:
            t = t.replace(zeichen, ersatz)
    if t.isascii():
        return t
    return _KOMBINIEREND.sub("", unicodedata.normalize("NFKD", t))


def ascii_form(zeichen: str) -> str:
    """Die ASCII-Form eines Zeichens: Tabelle, Rahmenlinien, NFKD ohne Akzente, sonst „?“."""
    if zeichen in ASCII_FORMEN:
        return ASCII_FORMEN[zeichen]
    code = ord(zeichen)
    if 0x2500 <= code <= 0x257F:  # Rahmen von rich-Tabellen
        name = unicodedata.name(zeichen, "")
        arme = ("UP", "DOWN", "LEFT", "RIGHT")  # Kreuzungen und Ecken: ╇ ┼ ┬ └ …
        if "VERTICAL" in name and "HORIZONTAL" not in name and not any(a in name for a in arme):
            return "|"
        if "HORIZONTAL" in name and "VERTICAL" not in name and not any(a in name for a in arme):
            return "-"
        return "+"
    if 0x2580 <= code <= 0x259F or 0x2800 <= code <= 0x28FF:  # Blöcke, Braille (Diagramme)
        return "#"
    zerlegt = unicodedata.normalize("NFKD", zeichen)
    einfach = "".join(z for z in zerlegt if z.isascii() and z.isprintable())
    return einfach or "?"


def darstellbar(text: str, kodierung: str | None) -> str:
    """``text`` so, wie ein Strom mit ``kodierung`` ihn zeigt: was er nicht kodieren kann, in
    seiner ASCII-Form (``Jörg`` → ``Joerg``, ``€`` → ``EUR``). Wer Spalten ausrichtet, misst
    diese Form – sonst verrutscht die Spalte, wenn erst der Strom ersetzt."""
    if not kodierung:
        return text
    try:
        text.encode(kodierung)
    except UnicodeEncodeError:
        return "".join(z if _kodierbar(z, kodierung) else ascii_form(z) for z in text)
    except LookupError:
        return text
    return text


def _kodierbar(zeichen: str, kodierung: str) -> bool:
    try:
        zeichen.encode(kodierung)
    except UnicodeEncodeError:
        return False
    return True
