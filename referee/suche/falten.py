"""Deutschen Text für den Vergleich aufbereiten: falten, zerlegen, Zahlen, Kartenkürzel.

1. **Falten** (``falte``): typografische Anführungszeichen und Striche (–, −) nach ASCII, dann
   die Buchstaben wie überall (``referee.text.falte_buchstaben``: casefold, ä→ae, ö→oe, ü→ue,
   ß→ss, Ł→l, übrige Akzente weg).
2. **Wörter** (``woerter``): Bindestrich-Komposita liefern Teile *und* das zusammengesetzte
   Wort (``Ruf-Sau`` → ``ruf``, ``sau``, ``rufsau``); Zahlwörter, Ordnungszahlen und „-er“-Formen
   werden Ziffern (``dreizehn`` → ``13``, ``dritte`` → ``3``), SAUFN-Karten „+2“ eigene Wörter.
3. **Kartenkürzel** wie bei ``referee ruf --hand`` (EO, GU, H10) werden zur Langform.
4. **Markierungen**: welche Stellen eines Originaltexts zu gefundenen (gefalteten) Wörtern passen.

Nur Standardbibliothek; nichts hier liest Daten aus ``data/``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from referee.text import falte_buchstaben

_ERSETZUNGEN = (
    ("„", '"'),
    ("“", '"'),
    ("”", '"'),
    ("‟", '"'),
    ("«", '"'),
    ("»", '"'),
    ("‚", "'"),
    ("‘", "'"),
    ("’", "'"),
    ("‛", "'"),
    ("‹", "'"),
    ("›", "'"),
    ("–", "-"),
    ("—", "-"),
    ("−", "-"),
    ("‐", "-"),
    ("‑", "-"),
    ("‒", "-"),
    ("\u00a0", " "),
    ("\u202f", " "),
    ("\u2009", " "),
    ("\u2007", " "),
    ("\u200b", ""),
)
_WORT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_APOSTROPH_S = re.compile(r"(?<=[a-z])'s\b")  # gibt's → gibts
_PLUS_ZAHL = re.compile(r"\+\s*(\d+)")  # SAUFN-Karten „+2“, „+ 4“ → plus2, plus4
_WORT_ROH = re.compile(r"[^\W_]+(?:[-‐‑–][^\W_]+)*")


def falte(text: str) -> str:
    """Text für den Vergleich falten.

    >>> falte("Schlücke – „Ruf‑Sau“ −4 STRASSE Straße")
    'schluecke - "ruf-sau" -4 strasse strasse'
    """
    t = text.casefold()
    if t.isascii():
        return t
    t = unicodedata.normalize("NFKC", t).casefold()  # 𝕬 → a, zerlegtes ü → ü
    for zeichen, ersatz in _ERSETZUNGEN:
        if zeichen in t:
            t = t.replace(zeichen, ersatz)
    return falte_buchstaben(t)  # ä → ae, ß → ss, Ł → l, übrige Akzente weg


def gekuerzt(text: str, laenge: int = 60) -> str:
    """Eingabe für eine Meldung kürzen: eine Zeile, höchstens ``laenge`` Zeichen.

    >>> gekuerzt("wann darf ich " * 10, 20)
    'wann darf ich wann d…'
    """
    einzeilig = " ".join(text.split())
    return einzeilig if len(einzeilig) <= laenge else einzeilig[:laenge] + "…"


_EINER = {
    "eins": 1,
    "zwei": 2,
    "drei": 3,
    "vier": 4,
    "fuenf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
}
_ZEHNER = {
    "zwanzig": 20,
    "dreissig": 30,
    "vierzig": 40,
    "fuenfzig": 50,
    "sechzig": 60,
    "siebzig": 70,
    "achtzig": 80,
    "neunzig": 90,
    # Mundart und Umgangssprache („zehn-zwanzig-fuffzig“)
    "zwanzg": 20,
    "dreissg": 30,
    "vierzg": 40,
    "fuffzig": 50,
    "fuffzg": 50,
    "fuchzig": 50,
    "fuchzg": 50,
    "sechzg": 60,
}
GRUNDZAHLEN = {
    **_EINER,
    **_ZEHNER,
    "null": 0,
    "zehn": 10,
    "elf": 11,
    "zwoelf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fuenfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
    "hundert": 100,
    "einhundert": 100,
}
#: Ordnungszahlen mit eigenem Stamm (erste, dritte, siebte, achte).
_ORDNUNG = {"ers": 1, "drit": 3, "sieb": 7, "ach": 8}
_ORDNUNG_ENDUNGEN = ("sten", "ster", "stes", "stem", "ste", "ten", "ter", "tes", "tem", "te")
_ER_ENDUNG = re.compile(r"(?:ern?)$")


#: Zahladverbien „zu zweit“, „zu dritt“ … (wie viele Personen).
_ZU_N = {"zweit": 2, "dritt": 3, "viert": 4, "fuenft": 5, "sechst": 6, "siebt": 7}


def _grundzahl(wort: str) -> int | None:
    if wort in GRUNDZAHLEN:
        return GRUNDZAHLEN[wort]
    if wort in _ZU_N:
        return _ZU_N[wort]
    if "und" in wort:  # einundsechzig
        einer, _, zehner = wort.partition("und")
        einer = "eins" if einer == "ein" else einer
        if einer in _EINER and zehner in _ZEHNER:
            return _EINER[einer] + _ZEHNER[zehner]
    if wort.startswith("hundert") and len(wort) > 7:  # hundertzwanzig
        rest = _grundzahl(wort[7:])
        return 100 + rest if rest is not None and rest < 100 else None
    return None


@cache
def zahl(wort: str) -> str | None:
    """Zahlwort, Ordnungszahl oder „-er“-Form als Ziffern (gefaltet), sonst None.

    >>> zahl("dreizehn"), zahl("dritte"), zahl("einundsechzig"), zahl("elfer"), zahl("1er")
    ('13', '3', '61', '11', '1')
    >>> zahl("achten"), zahl("zwoelften"), zahl("einer"), zahl("erster"), zahl("lauf")
    ('8', '12', None, '1', None)
    >>> zahl("zweit"), zahl("dritt")
    ('2', '3')
    """
    if wort.isdigit():
        return None
    if wort[:-2].isdigit() and wort.endswith("er") and wort[:-2]:
        return wort[:-2]
    wert = _grundzahl(wort)
    if wert is None and len(wort) > 3:
        for endung in _ORDNUNG_ENDUNGEN:
            if wort.endswith(endung):
                ohne = wort[: -len(endung)]
                wert = _ORDNUNG.get(ohne, _grundzahl(ohne))
                if wert is not None:
                    break
        if wert is None:
            ohne = _ER_ENDUNG.sub("", wort)
            if ohne != wort and ohne != "ein":
                wert = _grundzahl(ohne)
    return None if wert is None else str(wert)


def _ziffern(woerter: list[str]) -> list[str]:
    return [zahl(w) or w for w in woerter]


def _zerlege(gefaltet: str) -> list[str]:
    if "'" in gefaltet:
        gefaltet = _APOSTROPH_S.sub("s", gefaltet)
    if "+" in gefaltet:
        gefaltet = _PLUS_ZAHL.sub(r" plus\1 ", gefaltet)
    roh = _ziffern(_WORT.findall(gefaltet))
    if "-" not in gefaltet:
        return roh
    woerter: list[str] = []
    for wort in roh:
        if "-" in wort:
            teile = _ziffern([t for t in wort.split("-") if t])
            woerter.extend(teile)
            woerter.append("".join(teile))
        else:
            woerter.append(wort)
    return woerter


def woerter(text: str) -> list[str]:
    """Gefaltete Wörter eines Textes, Komposita zusätzlich zusammengezogen.

    >>> woerter("Ruf-Sau gesucht?"), woerter("noch ne +2"), woerter("zehn-zwanzig-fuffzig")
    (['ruf', 'sau', 'rufsau', 'gesucht'], ['noch', 'ne', 'plus2'], ['10', '20', '50', '102050'])
    """
    return _zerlege(falte(text))


#: Schafkopfkarten in der Kurzform von ``referee ruf --hand`` (EO, GU, H10, SZ, S7):
#: großgeschrieben oder mit Ziffer („h10“), nie ein Wort wie „so“ oder „ha“ in Kleinschrift;
#: „SO“ und „HA“ allein können auch Betonung sein („SO teuer?“), sie zählen nur neben
#: einem anderen Kürzel.
_KURZFORM_GROSS = re.compile(r"(?<![\w-])([EGHS])(10|[AZKOU987])(?![\w-])")
_KURZFORM_ZIFFER = re.compile(r"(?<![\w-])([eghsEGHS])(10|[987])(?![\w-])")
_BETONUNG = frozenset({"SO", "HA"})


def karten_langform(frage: str) -> str:
    """Kartenkürzel als Langform: „hab nur GO u GU“ → „hab nur Gras-Ober u Gras-Unter“.

    Großbuchstaben zählen nur, wenn die Frage nicht ganz in Großbuchstaben steht („SO
    GEHT DAS?“ nennt keinen Schellen-Ober) – außer sie besteht nur aus Kürzeln („EO“).

    >>> karten_langform("EO und SO hab ich, h10 auch"), karten_langform("SO teuer?")
    ('Eichel-Ober und Schellen-Ober hab ich, Herz-Zehn auch', 'SO teuer?')
    >>> karten_langform("EO"), karten_langform("SO GEHT DAS?")
    ('Eichel-Ober', 'SO GEHT DAS?')
    """

    def lang(m: re.Match[str]) -> str:
        # erst hier: die allermeisten Fragen nennen kein Kürzel
        from referee.schafkopf.karten import Farbe, Schlag

        schlag = "10" if m[2] in "zZ" else m[2].upper()
        return f"{Farbe(m[1].upper()).name_de}-{Schlag(schlag).name_de}"

    woerter_roh = re.findall(r"[\w-]+", frage)
    nur_kuerzel = bool(woerter_roh) and all(_KURZFORM_GROSS.fullmatch(w) for w in woerter_roh)
    gross = [] if frage == frage.upper() and not nur_kuerzel else _KURZFORM_GROSS.findall(frage)
    mit_ziffer = _KURZFORM_ZIFFER.sub(lang, frage)
    andere = nur_kuerzel or mit_ziffer != frage or any(f + s not in _BETONUNG for f, s in gross)
    return _KURZFORM_GROSS.sub(lang, mit_ziffer) if gross and andere else mit_ziffer


def markierungen(text: str, gesucht: Iterable[str]) -> list[tuple[int, int]]:
    """Zeichenbereiche in ``text``, deren gefaltete Wörter in ``gesucht`` vorkommen.

    >>> t = "Die Ruf-Sau wird gesucht."
    >>> [t[a:b] for a, b in markierungen(t, {"rufsau", "gesucht"})]
    ['Ruf-Sau', 'gesucht']
    """
    gesucht = set(gesucht)
    bereiche: list[tuple[int, int]] = []
    for m in _WORT_ROH.finditer(text):
        teile = _zerlege(falte(m.group()))
        if not teile:
            continue
        if teile[-1] in gesucht or (len(teile) == 1 and teile[0] in gesucht):
            bereiche.append(m.span())
            continue
        # einzelne Teile eines Kompositums
        pos = m.start()
        for stueck in re.split(r"([-‐‑–])", m.group()):
            gefaltet = _zerlege(falte(stueck))
            if gefaltet and gefaltet[0] in gesucht:
                bereiche.append((pos, pos + len(stueck)))
            pos += len(stueck)
    return bereiche
