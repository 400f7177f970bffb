"""Spielernamen vergleichen, am Tisch nennen und bei Tippfehlern „Meintest du …?“ vorschlagen.

Eine Stelle für alle Spiele und den Speicher (nur Standardbibliothek, kein I/O). Wie
Namen verglichen werden, bestimmt der Aufrufer mit ``schluessel`` (der Speicher: NFC,
Leerraum, Groß-/Kleinschreibung; SAUFN: zusätzlich ä → ae …).

**Namen am Tisch** (``namen_zum_wort``: die Kurzzeile von ``tisch``, das Handy, ``turnier
spiel``/``ergebnis``): ein Wort meint die Namen, auf die es passt – in Stufen, die erste Stufe
mit einem Treffer gilt:

1. der ganze Name (``Sepp Huber``, gefaltet: ``joerg`` = ``Jörg``);
2. ein ganzes Wort des Namens (``huber``, ``sepp``);
3. der Anfang des Namens oder eines seiner Wörter (``hu``, ``mai``, ``se``) oder Vorname und
   Anfang des Nachnamens mit Punkt dazwischen (``sepp.h``, ``s.hu``: der Anfang des ersten
   Wortes, ein Punkt, der Anfang eines späteren).

Verglichen wird gefaltet (``referee.text.falte_buchstaben``), je einmal mit ä → ae und mit
ä → a: ``lu`` findet Łukasz, ``jo``, ``joe`` und ``jorg`` finden Jörg, ``ss`` findet ß. Passt
ein Wort auf mehrere Namen, fragt ``rueckfrage`` zurück (nie geraten); ``schreibweisen`` sind
die Wörter, die einen Namen eindeutig nennen (das kürzeste ist das Kürzel des Handys),
``anzeigenamen`` zeigt zwei gleiche Vornamen unterscheidbar („Sepp H.“, „Sepp M.“).

>>> aehnliche("Ana", ["Anna", "Ben", "Cem"])
['Anna']
>>> meintest_du(["Anna", "Anton"])
'Meintest du „Anna“ oder „Anton“?'
>>> namen_zum_wort("hu", ["Sepp Huber", "Sepp Maier"])
['Sepp Huber']
>>> namen_zum_wort("sepp", ["Sepp Huber", "Sepp Maier"])
['Sepp Huber', 'Sepp Maier']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

from referee.errors import Eingabefehler
from referee.text import falte_buchstaben

#: Diese Zeichen trennen auf der Kommandozeile Namen (``Anna+Ben``, ``Anna=3``, ``a,b``).
VERBOTEN_IM_NAMEN = "+,=:"
MAX_NAMENSLAENGE = 40


def aehnliche(
    name: str,
    kandidaten: Iterable[str],
    *,
    schluessel: Callable[[str], str] = str.casefold,
    n: int = 2,
    cutoff: float = 0.6,
) -> list[str]:
    """Die Kandidaten (in ihrer Schreibweise), die ``name`` ähneln, ähnlichste zuerst (difflib)."""
    import difflib

    nach_schluessel = {schluessel(k): k for k in kandidaten}
    treffer = difflib.get_close_matches(schluessel(name), list(nach_schluessel), n=n, cutoff=cutoff)
    return [nach_schluessel[t] for t in treffer]


def meintest_du(vorschlaege: Iterable[str]) -> str:
    """``Meintest du „Anna“ oder „Anton“?`` – leer ohne Vorschläge."""
    liste = list(vorschlaege)
    if not liste:
        return ""
    return "Meintest du " + " oder ".join(f"„{v}“" for v in liste) + "?"


def namensschluessel(name: str) -> str:
    """Vergleichsform eines Namens: NFC, Leerraum zusammengefasst, casefold.

    >>> namensschluessel("  anna  MARIA ")
    'anna maria'
    """
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def pruefe_name(name: str) -> str:
    """Gibt den bereinigten Namen zurück oder wirft ``Eingabefehler``."""
    sauber = " ".join(unicodedata.normalize("NFC", str(name)).split())
    if not sauber:
        raise Eingabefehler("Ein Spielername ist leer.")
    if len(sauber) > MAX_NAMENSLAENGE:
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ ist länger als {MAX_NAMENSLAENGE} Zeichen."
        )
    from referee.text import ist_steuerzeichen

    schlecht = [z for z in sauber if z in VERBOTEN_IM_NAMEN or ist_steuerzeichen(z)]
    if schlecht and ist_steuerzeichen(schlecht[0]):
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ enthält ein Steuerzeichen (U+{ord(schlecht[0]):04X}); "
            "Steuerzeichen sind in Namen nicht erlaubt."
        )
    if schlecht:
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ enthält „{schlecht[0]}“; die Zeichen + , = : "
            "trennen auf der Kommandozeile Namen und sind in Namen nicht erlaubt."
        )
    if sauber.startswith("#"):
        raise Eingabefehler(
            f"Der Spielername „{sauber}“ beginnt mit „#“; #12 nennt am Tisch die Startnummer 12, "
            "ein Name darf so nicht beginnen."
        )
    return sauber


def vorschlag(name: str, kandidaten: Iterable[str]) -> str:
    """`` Meintest du „Anna“?`` (mit führendem Leerzeichen) oder leer: ähnliche Namen, dazu
    Namen, die so beginnen (Vergleich mit ``namensschluessel``)."""
    nach_schluessel = {namensschluessel(n): n for n in kandidaten}
    treffer = aehnliche(name, nach_schluessel.values(), schluessel=namensschluessel, n=3)
    k = namensschluessel(name)
    if k:  # „ben“ für „Ben [bold]“: ein Name, der so beginnt (erstes Wort)
        treffer += [
            n
            for t, n in nach_schluessel.items()
            if n not in treffer and (t.startswith(k) or t.split()[0] == k.split()[0])
        ][:3]
    text = meintest_du(treffer)
    return f" {text}" if text else ""


def namen_am_abend(
    spieler: Sequence[str], namen: Iterable[str], abend_id: int | None = None
) -> list[str]:
    """Namen in der Schreibweise des Abends (``spieler``): der Name (ohne Groß-/Kleinschreibung)
    oder wie am Tisch ein Wort von ihm, sein eindeutiger Anfang, ``sepp.h``
    (``namen_zum_wort``). Alle unbekannten auf einmal als ``Eingabefehler`` mit
    „Meintest du …?“; passt ein Wort auf mehrere, ``Mehrdeutig`` mit allen (nie geraten);
    ``#12`` wird abgelehnt (Startnummern hat nur ein Turnier).

    >>> namen_am_abend(["Anna", "Ben"], ["ben", "ANNA"])
    ['Ben', 'Anna']
    >>> namen_am_abend(["Sepp Huber", "Sepp Maier", "Łukasz"], ["huber", "sepp.m", "lu"])
    ['Sepp Huber', 'Sepp Maier', 'Łukasz']
    """
    from referee.errors import Mehrdeutig

    namen = list(namen)
    wo = f"an Abend {abend_id}" if abend_id is not None else "an diesem Abend"
    aus: list[str] = []
    fehler: list[str] = []
    mehrdeutig: list[str] = []
    for n in namen:
        treffer = namen_zum_wort(n, spieler)
        if len(treffer) == 1:
            aus.append(treffer[0])
        elif treffer:
            mehrdeutig.append(rueckfrage(n, treffer, spieler))
        elif n.strip().startswith("#"):
            fehler.append(
                f"„{n.strip()}“: Startnummern gibt es nur im Turnier; {wo} nennt man Spieler "
                "beim Namen, einem Wort davon oder seinem eindeutigen Anfang."
            )
        else:
            fehler.append(f"„{n}“ spielt {wo} nicht mit." + vorschlag(n, spieler))
    if fehler:
        raise Eingabefehler(
            " ".join(fehler + mehrdeutig)
            + f" Dabei sind: {', '.join(spieler)}. Nichts eingetragen."
        )
    if mehrdeutig:
        raise Mehrdeutig(" ".join(mehrdeutig) + " Nichts eingetragen.")
    return aus


# --------------------------------------------------------------------------- Namen am Tisch

#: Trennt die Wörter eines Namens (Leerraum, Bindestrich: „Hans-Peter Müller“ hat drei).
_WORTGRENZE = re.compile(r"[\s\-\u2010\u2011]+")
#: Zwischen Vorname und Anfang des Nachnamens (``sepp.h``).
PUNKT = "."


def _formen(text: str) -> tuple[str, str]:
    """Die zwei gefalteten Formen eines Namens oder Wortes (ä → ae und ä → a)."""
    t = " ".join(text.split())
    return falte_buchstaben(t), falte_buchstaben(t, umlaut_e=False)


def _woerter(form: str) -> list[str]:
    return [w for w in _WORTGRENZE.split(form) if w]


def _stufe(wort: str, name: str) -> int | None:
    """Wie gut ``wort`` (gefaltet) auf ``name`` (gefaltet) passt: 0 ganz, 1 ein ganzes Wort,
    2 ein Anfang oder ``vor.nach``; ``None``: gar nicht."""
    if wort == name:
        return 0
    woerter = _woerter(name)
    if wort in woerter:
        return 1
    if name.startswith(wort) or any(w.startswith(wort) for w in woerter):
        return 2
    vor, punkt, nach = wort.partition(PUNKT)
    folgt = (
        woerter[1:] if punkt and vor and nach and woerter[:1] and woerter[0].startswith(vor) else []
    )
    return 2 if any(w.startswith(nach) for w in folgt) else None


def namen_zum_wort(wort: str, namen: Sequence[str]) -> list[str]:
    """Die Namen, die ``wort`` meint (siehe oben: ganzer Name, ganzes Wort, Anfang, ``vor.nach``;
    die erste Stufe mit Treffern gilt), in der Reihenfolge von ``namen``; leer: keiner.

    >>> namen_zum_wort("lu", ["Łukasz", "Ben"]), namen_zum_wort("jorg", ["Jörg", "Jonas"])
    (['Łukasz'], ['Jörg'])
    >>> namen_zum_wort("sepp.m", ["Sepp Huber", "Sepp Maier"])
    ['Sepp Maier']
    """
    k = namensschluessel(wort)
    if not k:
        return []
    genau = [n for n in namen if namensschluessel(n) == k]
    if genau:  # die Schreibweise selbst geht vor der Faltung (Jörg neben Joerg)
        return genau
    mit_e, ohne_e = _formen(wort)
    # wer den Umlaut tippt (``jö``), meint ihn: dann nur ä → ae (nicht auch Jonas)
    beide = mit_e == ohne_e
    stufen: dict[int, list[str]] = {}
    for n in namen:
        name_e, name_ohne = _formen(n)
        treffer = [_stufe(mit_e, name_e), _stufe(ohne_e, name_ohne) if beide else None]
        beste = min((t for t in treffer if t is not None), default=None)
        if beste is not None:
            stufen.setdefault(beste, []).append(n)
    return stufen[min(stufen)] if stufen else []


def _zitiert(name: str) -> str:
    return f'"{name}"'


def schreibweisen(name: str, *, kuerzeste: bool = False) -> list[str]:
    """Wörter, die ``name`` nennen können (noch nicht auf Eindeutigkeit geprüft): mit
    ``kuerzeste`` jeder Anfang des Vornamens und der anderen Wörter (ab zwei Zeichen), jedes
    ``vor.nach``, der ganze Name in Anführungszeichen – kürzeste zuerst; sonst die lesbaren:
    Vorname, Nachname, die anderen Wörter, Vorname mit Anfang des Nachnamens, der ganze Name.

    >>> schreibweisen("Sepp Huber")
    ['sepp', 'huber', 'sepp.h', 'sepp.hu', 'sepp.hub', 'sepp.hube', 'sepp.huber', '"Sepp Huber"']
    >>> schreibweisen("Sepp Huber", kuerzeste=True)[:5]
    ['se', 'hu', 'sep', 'hub', 's.h']
    """
    woerter = _woerter(" ".join(name.split()).casefold())
    if not woerter:
        return []
    erstes, spaeter = woerter[0], woerter[1:]
    if not kuerzeste:
        aus = [erstes, *reversed(spaeter)]
        if spaeter:
            letztes = spaeter[-1]
            aus += [f"{erstes}{PUNKT}{letztes[:j]}" for j in range(1, len(letztes) + 1)]
        return list(dict.fromkeys([*aus, _zitiert(name)]))
    anfaenge = [w[:i] for w in woerter for i in range(min(2, len(w)), len(w) + 1)]
    punkte = [
        f"{erstes[:i]}{PUNKT}{w[:j]}"
        for w in spaeter
        for i in range(1, len(erstes) + 1)
        for j in range(1, len(w) + 1)
    ]
    alle = list(dict.fromkeys([*anfaenge, *punkte, _zitiert(name)]))
    return sorted(alle, key=len)  # stabil: bei gleicher Länge Anfänge vor ``vor.nach``


def schreibweise(
    name: str, namen: Sequence[str], geht: Callable[[str], bool] = lambda w: True
) -> str | None:
    """Das lesbarste Wort (``schreibweisen``), das ``name`` unter ``namen`` eindeutig nennt und
    das ``geht`` (an dieser Stelle als Name gelesen würde); ``None``: keines.

    >>> schreibweise("Sepp Huber", ["Sepp Huber", "Sepp Maier"])
    'huber'
    """
    return next(
        (
            w
            for w in schreibweisen(name)
            if geht(w) and namen_zum_wort(w.strip('"'), namen) == [name]
        ),
        None,
    )


def rueckfrage(
    wort: str,
    treffer: Sequence[str],
    namen: Sequence[str],
    *,
    nummern: Mapping[str, int] | None = None,
    geht: Callable[[str], bool] = lambda w: True,
) -> str:
    """Die Rückfrage, wenn ``wort`` auf mehrere ``treffer`` passt: alle Kandidaten, je mit
    dem, womit man ihn eindeutig nennt – am Turniertisch seine Startnummer, dazu das lesbarste
    Wort (``schreibweise``; ``geht``: ob ein Wort an dieser Stelle als Name gelesen würde),
    außer es ist nur der Name selbst.

    >>> rueckfrage("sepp", ["Sepp Huber", "Sepp Maier"], ["Sepp Huber", "Sepp Maier", "Anna"])
    '„sepp“: Sepp Huber („huber“) oder Sepp Maier („maier“)?'
    >>> rueckfrage("sepp", ["Sepp Huber", "Sepp Maier"], ["Sepp Huber", "Sepp Maier"],
    ...            nummern={"Sepp Huber": 2, "Sepp Maier": 7})
    '„sepp“: Sepp Huber (#2, „huber“) oder Sepp Maier (#7, „maier“)?'
    >>> rueckfrage("b", ["Ben", "Berta"], ["Anna", "Ben", "Berta"])
    '„b“: Ben oder Berta?'
    """
    from referee.text import zeigbar

    def wie(n: str) -> str:
        teile = [f"#{nummern[n]}"] if nummern and n in nummern else []
        w = schreibweise(n, namen, geht)
        if w and w.strip('"').casefold() != " ".join(n.split()).casefold():
            teile.append(f"„{w}“")
        return f"{n} ({', '.join(teile)})" if teile else n

    wer = [wie(n) for n in treffer]
    liste = wer[0] if len(wer) == 1 else ", ".join(wer[:-1]) + " oder " + wer[-1]
    return f"„{zeigbar(wort, 40)}“: {liste}?"


def anzeigenamen(namen: Sequence[str]) -> dict[str, str]:
    """Je Name, wie eine Liste ihn kurz und unterscheidbar zeigt: der Name selbst, bei gleichem
    Vornamen Vorname und so viel vom Rest, dass er sich unterscheidet („Sepp H.“).

    >>> anzeigenamen(["Sepp Huber", "Sepp Maier", "Sepp Hofer", "Anna"])
    {'Sepp Huber': 'Sepp Hu.', 'Sepp Maier': 'Sepp M.', 'Sepp Hofer': 'Sepp Ho.', 'Anna': 'Anna'}
    >>> anzeigenamen(["Jörg Müller", "Joerg Mueller-Lüdenscheidt"])
    {'Jörg Müller': 'Jörg Müller', 'Joerg Mueller-Lüdenscheidt': 'Joerg Mueller-L.'}
    """

    def vorname(n: str) -> str:
        return _formen(n.split(maxsplit=1)[0])[0] if n.split() else ""

    aus: dict[str, str] = {}
    for n in namen:
        teile = n.split(None, 1)
        gleich = [m for m in namen if m != n and vorname(m) == vorname(n)]
        if len(teile) < 2 or not gleich:
            aus[n] = n
            continue
        rest = " ".join(teile[1].split())
        andere = [_formen(" ".join(m.split()[1:]))[0] for m in gleich]
        aus[n] = n
        for k in range(1, len(rest)):
            stueck = rest[:k]
            if not stueck[-1].isalnum():  # nie „Mueller-.“ oder „Maria .“
                continue
            if not any(a.startswith(_formen(stueck)[0]) for a in andere):
                aus[n] = f"{teile[0]} {stueck}."
                break
    return aus


__all__ = [
    "PUNKT",
    "aehnliche",
    "anzeigenamen",
    "meintest_du",
    "namen_am_abend",
    "namen_zum_wort",
    "namensschluessel",
    "pruefe_name",
    "rueckfrage",
    "schreibweise",
    "schreibweisen",
    "vorschlag",
]
