"""Die Grammatik der Kurzzeile: eine Zeile → die getypte Eingabe eines Spiels (rein, ohne I/O).

Eine Grammatik für alle, die Zeilen lesen: die Tisch-Sitzung (``referee tisch``), das Handy
(Eingabeseite von ``referee live``) und der Turniertisch. Sie steht unter beiden (``tisch`` und
``live`` importieren sie, sie keinen von ihnen) und gibt, was die Befehle der Spiele dem Buch
geben: ``SchafkopfAngaben``, ``SabaiAngaben``, ``SaufnAngaben``, ``SchlafmuetzeAngaben`` – direkt,
ohne die Zeile erst in Optionen oder Text zurückzuverwandeln.

Eine Zeile ist entweder ein Befehl der Kommandozeile ohne ``referee`` (``stand``,
``ruf --hand …``), ein Befehl der Sitzung (``u``, ``q``, ``hilfe``, ``live``, ``?TEXT``)
oder ein Spiel in Kurzform. Mehrdeutiges wird gefragt, nie geraten.

Spieler nennt ein Wort (``referee.namen.namen_zum_wort``; Groß-/Kleinschreibung und Akzente
egal: ``lu`` ist Łukasz, ``jo`` Jörg): der Name, ein Wort von ihm oder ein eindeutiger Anfang
(``an`` = Anna, ``hu`` = Sepp Huber), Vorname Punkt Anfang des Nachnamens (``sepp.h``), der
ganze Name in Anführungszeichen (``"sepp huber"``; in Anführungszeichen ist ein Wort immer ein
Name, nie ein Zusatz oder eine Zahl) und am Turniertisch die Startnummer (``#12``). ``#12``
ganz vorn in der Zeile ist dagegen die Korrektur von Eintrag 12 (``#12 r #2 #7 61``).

Schafkopf (Spiel zuerst, danach Spieler und Zusätze in beliebiger Reihenfolge):

- ``r an be 71 l3`` → Rufspiel Anna+Ben, 71 Augen, 3 Laufende (zwei Spieler = Spieler und
  Partner; ``an+be`` geht auch)
- ``w cem 45 k1`` Wenz, ``g`` Geier, ``fw``/``fg`` + Farbbuchstabe (``fwe``, ``fgh``)
  Farbwenz/Farbgeier, ``hs``/``es``/``gs``/``ss`` Herz-/Eichel-/Gras-/Schellen-Solo, ``b`` Bettel
- Zusätze: ``l3``/``3l`` Laufende, ``k1``/``1k`` Klopfer, ``x1``/``1x`` Stoß/Retour,
  ``st5``/``5st`` Stiche, ``schwarz``, ``tout``, ``sie``, ``kurz``; eine Zahl 0–120 sind die
  Augen der Spielerpartei (beim Bettel die Stiche des Spielers: ``b ben 0``)
- ``ramsch dora j ben`` (Verlierer Dora, Jungfrau Ben), ``ramsch dm cem`` (Durchmarsch)
- ``@an+be+cem+do``: die vier dieses Spiels, wenn mehr als fünf am Abend sind

Andere Spiele: ``sb an 3 7 J / be AJ 2 / cem / do 14 0`` (sabai-Runde, ``letzte`` am Ende
für die letzte Partie), ``sf cem an be`` (SAUFN-Plätze 1–3), ``sm dora`` (Schlafmütze-Sieg,
``sm dora mit an be cem`` mit diesen Mitspielern). ``#12 r an be 61`` korrigiert Eintrag 12.

Die Wörter stehen als Tabellen auf Modulebene (``SPIELARTEN``, ``FARBEN``, ``FARBSPIELE``,
``ANDERE``, ``SITZUNG``, ``SCHALTER``, ``ZUSAETZE``, ``ZUSATZ_WOERTER``, ``RAMSCH_WOERTER``,
``SABAI_LETZTE``, ``SCHLAFMUETZE_MIT``): eine Quelle für den Parser, die Vervollständigung von
``tisch`` und die Eingabeseite des Handys.

>>> lies("r an be 71 l3", ("Anna", "Ben", "Cem", "Dora"))
SchafkopfAngaben(spielart=<Spielart.RUFSPIEL: 'rufspiel'>, farbe=None, partei=('Anna', 'Ben'), augen=71, laufende=3, klopfer=0, stoesse=0, stiche=None, schwarz=False, tout=False, sie=False, kurz=False, jungfrauen=(), durchmarsch=None, tisch=())
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from referee.errors import Eingabefehler, Mehrdeutig, Zustandsfehler
from referee.sabai.ergebnis import SabaiAngaben
from referee.saufn.ergebnis import SaufnAngaben
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.schafkopf.karten import Farbe
from referee.schafkopf.spielart import Ansage, Spielart
from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben
from referee.text import zeigbar
from referee.zahlen import ist_ziffern

#: Längste Zeile, die gelesen wird (alles darüber ist ein Irrtum, kein Spiel).
MAX_ZEICHEN = 2000

# --------------------------------------------------------------------------- Was eine Zeile ist

#: Ein Spiel in Kurzform ist die getypte Eingabe seines Spiels (dieselbe wie die der Befehle).
Spiel = SchafkopfAngaben | SabaiAngaben | SaufnAngaben | SchlafmuetzeAngaben


@dataclass(frozen=True)
class Korrektur:
    """``#12 r an be 61``: Eintrag ``nr`` durch ``spiel`` ersetzen."""

    nr: int
    spiel: Spiel


@dataclass(frozen=True)
class Befehl:
    """Ein Befehl der Kommandozeile ohne ``referee`` (``stand``, ``frage davonlaufen``)."""

    args: tuple[str, ...]


@dataclass(frozen=True)
class Sitzung:
    """Ein Befehl der Sitzung: ``rueckgaengig`` (u), ``ende`` (q), ``hilfe``, ``live``."""

    was: str
    args: tuple[str, ...] = field(default=())


Eingabe = Spiel | Korrektur | Befehl | Sitzung

# --------------------------------------------------------------------------- Wörter

#: Kurzformen der Spielarten (ohne Farbe); dazu ``fw``/``fg`` + Farbe und ``hs``/``es``/…
SPIELARTEN: dict[str, Spielart] = {
    "r": Spielart.RUFSPIEL,
    "rufspiel": Spielart.RUFSPIEL,
    "sauspiel": Spielart.RUFSPIEL,
    "w": Spielart.WENZ,
    "wenz": Spielart.WENZ,
    "g": Spielart.GEIER,
    "geier": Spielart.GEIER,
    "solo": Spielart.SOLO,
    "b": Spielart.BETTEL,
    "bettel": Spielart.BETTEL,
    "ra": Spielart.RAMSCH,
    "ramsch": Spielart.RAMSCH,
}
#: Die Farbbuchstaben: ``fw``/``fg`` + Buchstabe (``fwe``) ist Farbwenz/Farbgeier,
#: Buchstabe + ``s`` (``hs``) ein Farbsolo.
FARBEN = {"e": Farbe.EICHEL, "g": Farbe.GRAS, "h": Farbe.HERZ, "s": Farbe.SCHELLEN}
#: Farbspiele: Vorsilbe vor dem Farbbuchstaben (``fwe``) → Spielart; ``SOLO_ENDUNG`` nach ihm.
FARBSPIELE = {"fw": Spielart.FARBWENZ, "fg": Spielart.FARBGEIER}
SOLO_ENDUNG = "s"
#: Die anderen Spiele in einer Zeile.
ANDERE = {"sb": "sabai", "sf": "saufn", "sm": "schlafmuetze"}
#: Befehle der Sitzung (``?TEXT`` ist ``frage TEXT``).
SITZUNG = {
    "u": "rueckgaengig",
    "q": "ende",
    "quit": "ende",
    "exit": "ende",
    "hilfe": "hilfe",
    "h": "hilfe",
    "?": "hilfe",
    "live": "live",
}
#: Zusätze ohne Zahl (Felder von ``SchafkopfAngaben`` gleichen Namens).
SCHALTER = ("schwarz", "tout", "sie", "kurz")
#: Zusätze mit Zahl: Buchstabe (vor oder nach der Zahl: ``l3``/``3l``) → Feld der Angaben;
#: ``k`` und ``x`` allein zählen 1.
ZUSAETZE = {"l": "laufende", "k": "klopfer", "x": "stoesse", "st": "stiche"}
#: … und wie die Meldungen sie nennen.
ZUSATZ_WOERTER = {"l": "Laufende", "k": "Klopfer", "x": "Stoß/Retour", "st": "Stiche"}
#: Beim Ramsch: nach diesen Wörtern kommen die Jungfrauen bzw. wer durchmarschiert.
RAMSCH_WOERTER = {
    "j": "jungfrau",
    "jungfrau": "jungfrau",
    "dm": "durchmarsch",
    "durchmarsch": "durchmarsch",
}
#: sabai: das letzte Wort, das die Runde zur letzten Partie macht; was die Hände trennt.
SABAI_LETZTE = ("letzte", "!")
SABAI_TRENNER = "/"
#: Schlafmütze: nach diesem Wort stehen die Mitspieler.
SCHLAFMUETZE_MIT = "mit"
_BUCHSTABEN = "|".join(sorted(ZUSAETZE, key=len, reverse=True))
#: jede Zahl (auch mit Vorzeichen, auch zu lang): ``_zusatzzahl`` sagt, was an ihr falsch ist
_ZAHL_ZUSATZ = re.compile(rf"^(?:({_BUCHSTABEN})(-?[0-9]+)|(-?[0-9]+)({_BUCHSTABEN}))$")
#: Sieht aus wie eine Zahl, ist aber keine ganze ohne Vorzeichen (``-5``, ``61.5``, ``61,5``).
_ZAHLARTIG = re.compile(r"^-?[0-9]+(?:[.,][0-9]*)?$")


def kurzformen() -> list[str]:
    """Alle Spiel-Kurzformen (für die Vervollständigung und die Hilfe)."""
    formen = list(SPIELARTEN)
    formen += [f"{f}{SOLO_ENDUNG}" for f in "ehgs"]
    formen += [f"{v}{f}" for v in FARBSPIELE for f in "eghs"]
    return formen + list(ANDERE)


# --------------------------------------------------------------------------- Spieler


class Mitspieler(tuple[str, ...]):
    """Die Namen, gegen die eine Zeile gelesen wird, wo sie sitzen – für die Meldung bei einem
    unbekannten Namen (``an diesem Abend``, am Turniertisch ``an Tisch 3``) – und am Turniertisch
    ihre Startnummern (in derselben Reihenfolge; ``#12`` nennt den Spieler mit Nr. 12).

    >>> m = Mitspieler(["Anna", "Ben"], "an Tisch 3", (7, 2))
    >>> m.wo, m.nummern
    ('an Tisch 3', {'Anna': 7, 'Ben': 2})
    """

    wo: str
    startnummern: tuple[int, ...]

    def __new__(
        cls, namen: Sequence[str], wo: str = "an diesem Abend", startnummern: Sequence[int] = ()
    ) -> Mitspieler:
        neu = super().__new__(cls, namen)
        if startnummern and len(startnummern) != len(neu):
            raise ValueError("Mitspieler: je Name eine Startnummer")
        neu.wo = wo
        neu.startnummern = tuple(startnummern)
        return neu

    @property
    def nummern(self) -> dict[str, int]:
        """Name → Startnummer (am Abend leer)."""
        return dict(zip(self, self.startnummern, strict=True)) if self.startnummern else {}


def _wo(spieler: Sequence[str]) -> str:
    return spieler.wo if isinstance(spieler, Mitspieler) else "an diesem Abend"


def _nummern(spieler: Sequence[str]) -> dict[str, int]:
    return spieler.nummern if isinstance(spieler, Mitspieler) else {}


def _dabei(spieler: Sequence[str]) -> str:
    """``Anna, Ben`` (am Turniertisch ``Sepp Huber (#2), Anna (#5)``)."""
    nr = _nummern(spieler)
    return ", ".join(f"{n} (#{nr[n]})" if n in nr else n for n in spieler)


#: Anführungszeichen um einen Namen mit Leerzeichen (gerade und typografische vom Handy).
ANFUEHRUNGSZEICHEN = '"„“”'


class Wort(str):
    """Ein Wort der Zeile (ohne Anführungszeichen); ``roh``: wie es getippt war (mit ihnen);
    ``zitiert``: stand ganz oder zum Teil in Anführungszeichen – was darin steht, ist ein Name;
    ``trenner``: ein Trennzeichen außerhalb von Anführungszeichen."""

    roh: str = ""
    zitiert: bool = False
    trenner: bool = False


def zeilenwoerter(text: str, trenner: str = "") -> list[Wort]:
    """Die Wörter einer Zeile: getrennt an Leerraum, außer in Anführungszeichen (die wegfallen);
    jedes Zeichen aus ``trenner`` außerhalb davon ist ein eigenes Wort (sabai: ``/``).
    Ein Apostroph ist ein Buchstabe (O'Brien).

    >>> zeilenwoerter('r "Sepp Huber" an+„sepp maier“ 71')
    ['r', 'Sepp Huber', 'an+sepp maier', '71']
    >>> [w.zitiert for w in zeilenwoerter('w "k" k')]
    [False, True, False]
    """
    aus: list[Wort] = []
    teil: list[str] = []
    roh: list[str] = []
    zitiert = offen = False

    def fertig() -> None:
        nonlocal zitiert
        if teil or zitiert:
            w = Wort("".join(teil))
            w.roh, w.zitiert = "".join(roh), zitiert
            aus.append(w)
        teil.clear()
        roh.clear()
        zitiert = False

    for z in text:
        if z in ANFUEHRUNGSZEICHEN:
            offen, zitiert = not offen, True
            roh.append(z)
        elif offen or not (z.isspace() or z in trenner):
            teil.append(z)
            roh.append(z)
        else:
            fertig()
            if z in trenner:
                t = Wort(z)
                t.roh, t.trenner = z, True
                aus.append(t)
    if offen:
        raise Eingabefehler(f"Anführungszeichen nicht geschlossen: {zeigbar(text, 60)}")
    fertig()
    return aus


def _teile(wort: Wort, trenner: str) -> list[Wort]:
    """Die Teile eines Wortes zwischen ``trenner`` außerhalb von Anführungszeichen
    (``an+"sepp huber"`` → ``an``, ``sepp huber``), jedes mit seinem ``zitiert``."""
    return [t for t in zeilenwoerter(wort.roh or wort, trenner) if not t.trenner]


def spieler_aufloesen(token: str, spieler: Sequence[str], *, zitiert: bool = False) -> str:
    """Ein Spieler-Token → der Name am Tisch (``referee.namen.namen_zum_wort``: ganzer Name,
    ein Wort davon, eindeutiger Anfang, ``sepp.h``; am Turniertisch ``#12``). ``zitiert``: das
    Wort stand in Anführungszeichen (dann ist ``#12`` ein Name, keine Startnummer).

    >>> spieler_aufloesen("be", ["Anna", "Ben", "Cem"])
    'Ben'
    >>> spieler_aufloesen("hu", ["Sepp Huber", "Sepp Maier"])
    'Sepp Huber'
    >>> spieler_aufloesen("b", ["Ben", "Berta"])
    Traceback (most recent call last):
    ...
    referee.errors.Mehrdeutig: „b“: Ben oder Berta?
    """
    t = token.strip()
    if not t:
        raise Eingabefehler("Leerer Spielername.")
    if not spieler:
        raise Zustandsfehler(
            f"Kein offener Abend, „{zeigbar(token, 40)}“ spielt also nirgends mit. Einen beginnen: "
            "abend neu --spieler Anna Ben Cem Dora."
        )
    if t.startswith("#") and not zitiert:
        return _startnummer(t, spieler)
    from referee.namen import namen_zum_wort, rueckfrage

    treffer = namen_zum_wort(t, spieler)
    if len(treffer) == 1:
        return treffer[0]
    if treffer:
        raise Mehrdeutig(
            rueckfrage(t, treffer, spieler, nummern=_nummern(spieler), geht=namenswort)
        )
    from referee.namen import aehnliche, schreibweise

    vorschlag = " oder ".join(
        f"„{n}“" + (f" ({w})" if w and w.casefold() != n.casefold() else "")
        for n in aehnliche(token, spieler)
        for w in [schreibweise(n, spieler, namenswort)]
    )
    vorschlag = f"Meintest du {vorschlag}?" if vorschlag else ""
    raise Eingabefehler(
        f"„{zeigbar(token, 40)}“ spielt {_wo(spieler)} nicht mit. "
        + (vorschlag or f"Dabei sind: {_dabei(spieler)}.")
    )


def _startnummer(token: str, spieler: Sequence[str]) -> str:
    """``#12`` an einer Namensstelle: der Spieler mit Startnummer 12 an diesem Turniertisch."""
    nr = token[1:].strip()
    nummern = _nummern(spieler)
    if not (ist_ziffern(nr) and len(nr) <= 9):
        raise Eingabefehler(
            f"„{zeigbar(token, 40)}“: nach # steht eine Startnummer (#12); ein Name, der mit # "
            'beginnt, steht in Anführungszeichen ("#…").'
        )
    if not nummern:
        raise Eingabefehler(
            f"„{zeigbar(token, 40)}“: Startnummern gibt es nur am Turniertisch; {_wo(spieler)} "
            f"nennt man Spieler beim Namen oder seinem Anfang. Dabei sind: {_dabei(spieler)}."
        )
    name = next((n for n, x in nummern.items() if x == int(nr)), None)
    if name is None:
        raise Eingabefehler(
            f"„{zeigbar(token, 40)}“: Startnummer {int(nr)} sitzt nicht {_wo(spieler)}. "
            f"Dort sitzen: {_dabei(spieler)}."
        )
    return name


def namenswort(wort: str) -> bool:
    """Würde ``wort`` (ohne Anführungszeichen) an jeder Stelle einer Zeile als Name gelesen –
    ist es also keine Zahl, kein Zusatz (``l3``, ``k``, ``sie``), kein Wort des Ramsch, von
    sabai oder der Schlafmütze (``j``, ``dm``, ``letzte``, ``mit``) und enthält kein Zeichen,
    das die Zeile trennt? Wörter in Anführungszeichen sind immer Namen.

    >>> [namenswort(w) for w in ("hu", "sepp.h", "k", "l3", "mit", "61", "#2", '"k"')]
    [True, True, False, False, False, False, False, True]
    """
    if wort.startswith('"') and wort.endswith('"') and len(wort) > 1:
        return not any(z in ANFUEHRUNGSZEICHEN for z in wort[1:-1])
    t = wort.casefold()
    return not (
        not t
        or ist_ziffern(t)
        or _ZAHL_ZUSATZ.match(t)
        or _ZAHLARTIG.match(t)
        or t in ("k", "x")
        or t in SCHALTER
        or t in RAMSCH_WOERTER
        or t == SCHLAFMUETZE_MIT
        or t in SABAI_LETZTE
        or t[0] in "@#"
        or any(z in t for z in "+,/" + ANFUEHRUNGSZEICHEN)
        or any(z.isspace() for z in t)
    )


def _partei(wort: Wort, spieler: Sequence[str]) -> list[str]:
    """``an+be`` → ``["Anna", "Ben"]`` (``an+"sepp huber"`` geht auch)."""
    return [spieler_aufloesen(t, spieler, zitiert=t.zitiert) for t in _teile(wort, "+")]


# --------------------------------------------------------------------------- Lesen


class UeberlangeZeile(str):
    """Eine Zeile, die zu lang war, um sie ganz zu lesen (``sitzung.zeilen_lesen``);
    ``zeichen`` ist ihre ganze Länge, damit die Meldung die wahre Größe nennt."""

    zeichen: int = 0


def lies(zeile: str, spieler: Sequence[str], befehle: Collection[str] = ()) -> Eingabe | None:
    """Eine Zeile → Eingabe (``None`` bei leerer Zeile); ``Eingabefehler`` mit deutschem Grund.

    ``spieler``: die Spieler des Abends; ``befehle``: die Befehle der Kommandozeile, die in
    der Sitzung ohne ``referee`` gehen (sie haben Vorrang vor den Kurzformen).
    """
    if isinstance(zeile, UeberlangeZeile):
        raise Eingabefehler(
            f"Die Zeile ist zu lang ({zeile.zeichen} Zeichen, höchstens {MAX_ZEICHEN})."
        )
    zeile = "".join(c for c in zeile if c.isprintable() or c == "\t").strip()
    if len(zeile) > MAX_ZEICHEN:
        raise Eingabefehler(
            f"Die Zeile ist zu lang ({len(zeile)} Zeichen, höchstens {MAX_ZEICHEN})."
        )
    if not zeile:
        return None
    if zeile.startswith("?") and zeile != "?":
        return Befehl(("frage", zeile[1:].strip()))
    if zeile.startswith("#"):
        return _korrektur(zeile, spieler)
    try:
        woerter = shlex.split(zeile)
    except ValueError:
        # ein Befehl braucht geschlossene Anführungszeichen; ein Spiel liest ``woerter`` (dort
        # ist ein Apostroph ein Buchstabe: O'Brien)
        kopf = zeile.split()[0]
        if kopf.casefold() in SITZUNG or kopf.casefold() == "referee" or kopf in befehle:
            raise Eingabefehler(f"Anführungszeichen nicht geschlossen: {zeile}") from None
        return lies_spiel(zeile, spieler, befehle)
    if not woerter:
        return None
    kopf = woerter[0].casefold()
    if kopf == "referee" and len(woerter) > 1:
        # Hinweise der Befehle nennen „referee rueckgaengig“ usw.: geht am Tisch ebenso
        zeile = zeile.split(None, 1)[1]
        woerter = woerter[1:]
        kopf = woerter[0].casefold()
    if kopf in SITZUNG:
        return _sitzung(SITZUNG[kopf], woerter)
    if woerter[0] in befehle:
        return Befehl(tuple(woerter))
    return lies_spiel(zeile, spieler, befehle)


def _sitzung(was: str, woerter: Sequence[str]) -> Sitzung:
    """Ein Sitzungswort: ``q``/``hilfe`` stehen allein, ``u`` allein oder mit einer
    Eintragsnummer (``u 12`` storniert #12), ``live`` mit seinen Optionen. Ein Wort zu viel ist
    ein Fehler – sonst endete ``q irgendwas`` still ein Skript mitten drin."""
    rest = tuple(woerter[1:])
    if was == "live" or not rest:
        return Sitzung(was, rest)
    if was == "rueckgaengig" and len(rest) == 1:
        nr = rest[0].lstrip("#")
        if ist_ziffern(nr) and len(nr) <= 9:
            return Sitzung(was, (nr,))
        raise Eingabefehler(
            f"„{woerter[0]} {rest[0]}“: nach u steht nichts oder die Nummer des Eintrags "
            "(u 12 storniert #12)."
        )
    form = "u oder u NR" if was == "rueckgaengig" else f"„{woerter[0]}“ allein"
    raise Eingabefehler(
        f"„{' '.join(woerter)}“: ein Sitzungswort steht ohne weitere Wörter ({form})."
    )


def _korrektur(zeile: str, spieler: Sequence[str]) -> Korrektur:
    m = re.match(r"^#\s*([0-9]{1,9})\s+(.+)$", zeile)
    if not m:
        raise Eingabefehler(
            f"Korrektur: „{zeile}“ – Form: #NR und das Spiel in Kurzform, z. B. #12 r an be 61."
        )
    return Korrektur(int(m.group(1)), lies_spiel(m.group(2), spieler))


def lies_spiel(text: str, spieler: Sequence[str], befehle: Collection[str] = ()) -> Spiel:
    """Ein Spiel in Kurzform (ohne Korrektur-Präfix) → seine getypte Eingabe
    (``SchafkopfAngaben``, ``SabaiAngaben``, ``SaufnAngaben``, ``SchlafmuetzeAngaben``)."""
    teile = text.split(None, 1)
    if not teile:
        raise Eingabefehler("Die Zeile ist leer: ein Spiel in Kurzform, z. B. r an be 71.")
    kopf, rest = teile[0], teile[1] if len(teile) > 1 else ""
    anderes = ANDERE.get(kopf.casefold())
    if anderes == "sabai":
        return _sabai(zeilenwoerter(rest, SABAI_TRENNER), spieler)
    if anderes == "saufn":
        return _saufn(zeilenwoerter(rest), spieler)
    if anderes == "schlafmuetze":
        return _schlafmuetze(zeilenwoerter(rest), spieler)
    art, farbe = spielart(kopf, befehle)
    return _schafkopf(art, farbe, zeilenwoerter(rest), spieler)


def spielart(token: str, befehle: Collection[str] = ()) -> Ansage:
    """Ein Spiel-Token (``r``, ``fwe``, ``hs``, ``herz-solo`` …) → (Spielart, Farbe)."""
    t = token.casefold()
    if t in SPIELARTEN:
        return Ansage(SPIELARTEN[t])
    if t[:-1] in FARBSPIELE and t[-1:] in FARBEN:
        return Ansage(FARBSPIELE[t[:-1]], FARBEN[t[-1]])
    if len(t) == len(SOLO_ENDUNG) + 1 and t.endswith(SOLO_ENDUNG) and t[0] in FARBEN:
        return Ansage(Spielart.SOLO, FARBEN[t[0]])
    from referee.schafkopf.spielart import parse_ansage

    try:
        return parse_ansage(token)
    except Eingabefehler:
        pass
    from referee.namen import aehnliche, meintest_du

    lang = [a.value for a in Spielart] + ["sauspiel"]
    vorschlag = meintest_du(aehnliche(token, lang + sorted(befehle), n=2, cutoff=0.7))
    raise Eingabefehler(
        f"Unbekannte Spielart oder unbekannter Befehl „{zeigbar(token, 40)}“. "
        + (vorschlag + " " if vorschlag else "")
        + "(hilfe zeigt alle Kurzformen: r w g fwe hs … sb sf sm)"
    )


def _schafkopf(
    art: Spielart, farbe: Farbe | None, woerter: Sequence[Wort], spieler: Sequence[str]
) -> SchafkopfAngaben:
    zahlen: dict[str, int] = {}
    schalter: set[str] = set()
    partei: list[str] = []
    jungfrauen: list[str] = []
    durchmarsch: str | None = None
    tisch: list[str] = []
    modus = "partei"  # beim Ramsch: nach „j“ Jungfrauen, nach „dm“ der Durchmarsch
    zahl: int | None = None

    def nenne(w: Wort) -> None:
        """Namen an dieser Stelle: Partei, nach „j“ Jungfrauen, nach „dm“ der Durchmarsch."""
        nonlocal durchmarsch, modus
        namen = _partei(w, spieler)
        if not namen:
            raise Eingabefehler("Leerer Spielername.")
        if modus == "jungfrau":
            jungfrauen.extend(namen)
        elif modus == "durchmarsch":
            if durchmarsch is not None or len(namen) != 1:
                raise Eingabefehler("Durchmarsch: genau ein Name, z. B. ramsch dm cem.")
            durchmarsch = namen[0]
            modus = "partei"
        else:
            partei.extend(namen)

    for w in woerter:
        t = w.casefold()
        m = _ZAHL_ZUSATZ.match(t)
        if w.zitiert and not w.roh.startswith("@"):  # in Anführungszeichen: ein Name
            nenne(w)
        elif ist_ziffern(t):
            if zahl is not None:
                raise Eingabefehler(
                    f"Zwei Zahlen ohne Zusatz: „{zahl}“ und „{zeigbar(w, 40)}“ (Augen nur einmal)."
                )
            zahl = int(t)
        elif m:
            buchstabe = m.group(1) or m.group(4)
            wert = _zusatzzahl(w, buchstabe, m.group(2) or m.group(3))
            name = ZUSAETZE[buchstabe]
            if name in zahlen:
                raise Eingabefehler(
                    f"{ZUSATZ_WOERTER[buchstabe]} doppelt angegeben („{zeigbar(w, 40)}“)."
                )
            zahlen[name] = wert
        elif t in ("k", "x"):  # ein Klopfer / ein Stoß ohne Zahl
            name = ZUSAETZE[t]
            if name in zahlen:
                raise Eingabefehler(f"{ZUSATZ_WOERTER[t]} doppelt angegeben („{zeigbar(w, 40)}“).")
            zahlen[name] = 1
        elif t in SCHALTER:
            schalter.add(t)
        elif w.roh.startswith("@"):
            if tisch:
                raise Eingabefehler(f"Der Tisch ist doppelt angegeben („{zeigbar(w, 40)}“).")
            tisch = [
                spieler_aufloesen(x, spieler, zitiert=x.zitiert)
                for x in _teile(Wort(w.roh[1:]), "+,")
            ]
            if len(tisch) != 4 or len(set(tisch)) != 4:
                raise Eingabefehler(
                    f"„{zeigbar(w, 40)}“: der Tisch sind vier verschiedene Spieler, z. B. @an+be+cem+do."
                )
        elif _ZAHLARTIG.match(t):
            was = "Stiche gehen" if art is Spielart.BETTEL else "Augen gehen"
            raise Eingabefehler(
                f"„{zeigbar(w, 40)}“: {was} von 0 bis {8 if art is Spielart.BETTEL else 120}, "
                "als ganze Zahl ohne Vorzeichen."
            )
        elif art is Spielart.RAMSCH and t in RAMSCH_WOERTER:
            modus = RAMSCH_WOERTER[t]
        else:
            nenne(w)
    if modus == "durchmarsch" and durchmarsch is None:
        raise Eingabefehler("Nach „dm“ fehlt, wer alle Stiche hat: ramsch dm cem.")
    augen, stiche = None, zahlen.get("stiche")
    if zahl is not None:
        if art is Spielart.BETTEL:
            if stiche is not None:
                raise Eingabefehler(f"Beim Bettel ist die Zahl „{zahl}“ schon die Stiche.")
            if zahl > 8:
                raise Eingabefehler(f"„{zahl}“: Stiche gehen von 0 bis 8 (b ben 0 = gewonnen).")
            stiche = zahl
        elif zahl > 120:
            raise Eingabefehler(f"„{zahl}“: Augen gehen von 0 bis 120.")
        else:
            augen = zahl
    _pruefe_partei(art, partei, farbe)
    return SchafkopfAngaben(
        spielart=art,
        farbe=farbe,
        partei=tuple(partei),
        augen=augen,
        laufende=zahlen.get("laufende", 0),
        klopfer=zahlen.get("klopfer", 0),
        stoesse=zahlen.get("stoesse", 0),
        stiche=stiche,
        schwarz="schwarz" in schalter,
        tout="tout" in schalter,
        sie="sie" in schalter,
        kurz="kurz" in schalter,
        jungfrauen=tuple(dict.fromkeys(jungfrauen)),
        durchmarsch=durchmarsch,
        tisch=tuple(tisch),
    )


def _zusatzzahl(wort: str, buchstabe: str, zahl: str) -> int:
    """Die Zahl eines Zusatzes (``l3``, ``k1``): nie negativ, nie unsinnig lang; wie viele
    es höchstens sein dürfen, sagt die Abrechnung."""
    mehrzahl = {"x": "Stöße"}.get(buchstabe, ZUSATZ_WOERTER[buchstabe])
    if zahl.startswith("-"):
        raise Eingabefehler(f"„{zeigbar(wort, 40)}“: weniger als 0 {mehrzahl} gibt es nicht.")
    if len(zahl) > 3:
        raise Eingabefehler(f"„{zeigbar(wort, 40)}“: so viele {mehrzahl} gibt es nicht.")
    return int(zahl)


def _pruefe_partei(art: Spielart, partei: list[str], farbe: Farbe | None) -> None:
    if len(set(partei)) != len(partei):
        raise Eingabefehler(f"Ein Spieler doppelt: {'+'.join(partei)}.")
    if art is Spielart.RAMSCH:
        return  # Verlierer (einer, bei Gleichstand mehrere) prüft der Regelkern
    if art is Spielart.RUFSPIEL and len(partei) != 2:
        raise Eingabefehler(
            f"Rufspiel: zwei Spieler (Spieler und Partner), angegeben: {len(partei)}. "
            "Form: r an be 71."
        )
    if art is not Spielart.RUFSPIEL and len(partei) != 1:
        name = Ansage(art, farbe).name_de
        raise Eingabefehler(
            f"{name}: genau ein Spieler, angegeben: {len(partei)}"
            + (f" ({'+'.join(partei)})" if partei else "")
            + ". Form z. B.: w cem 45."
        )


def _sabai(woerter: Sequence[Wort], spieler: Sequence[str]) -> SabaiAngaben:
    letzte = bool(woerter) and not woerter[-1].zitiert and woerter[-1].casefold() in SABAI_LETZTE
    if letzte:
        woerter = woerter[:-1]
    teile: list[list[Wort]] = [[]]
    for w in woerter:
        if w.trenner:
            teile.append([])
        else:
            teile[-1].append(w)
    if not woerter or any(not t for t in teile):
        raise Eingabefehler(
            "sabai: je Spieler Name und Karten, getrennt durch „/“, "
            "z. B. sb an 3 7 J / be AJ 2 / cem / do 14 0."
        )
    haende = [
        (spieler_aufloesen(name, spieler, zitiert=name.zitiert), " ".join(karten))
        for name, *karten in teile
    ]
    namen = [n for n, _ in haende]
    doppelt = sorted({n for n in namen if namen.count(n) > 1})
    if doppelt:
        raise Eingabefehler(f"sabai: {', '.join(doppelt)} doppelt.")
    return SabaiAngaben(tuple(haende), letzte)


def _saufn(woerter: Sequence[Wort], spieler: Sequence[str]) -> SaufnAngaben:
    plaetze = [n for w in woerter for n in _partei(w, spieler)]
    if not 1 <= len(plaetze) <= 3:
        raise Eingabefehler(
            f"SAUFN: Platz 1 bis 3 nennen, angegeben: {len(plaetze)}. Form: sf cem an be."
        )
    if len(set(plaetze)) != len(plaetze):
        raise Eingabefehler(f"SAUFN: ein Platz doppelt ({' '.join(plaetze)}).")
    return SaufnAngaben(tuple(plaetze))


def _schlafmuetze(woerter: Sequence[Wort], spieler: Sequence[str]) -> SchlafmuetzeAngaben:
    klein = ["" if w.zitiert else w.casefold() for w in woerter]
    mit: list[str] = []
    if SCHLAFMUETZE_MIT in klein:
        i = klein.index(SCHLAFMUETZE_MIT)
        mit = [n for w in woerter[i + 1 :] for n in _partei(w, spieler)]
        woerter = woerter[:i]
    if len(woerter) != 1:
        raise Eingabefehler(
            "Schlafmütze: genau einen Sieger nennen, z. B. sm dora (oder sm dora mit an be do)."
        )
    from referee.eingabe.schlafmuetze import schlafmuetze_angaben

    # mit Mitspielern gleich geprüft (Sieger spielt mit, 2–8 Personen), wie bei ``sieg``
    sieger = woerter[0]
    return schlafmuetze_angaben(spieler_aufloesen(sieger, spieler, zitiert=sieger.zitiert), mit)


__all__ = [
    "ANDERE",
    "ANFUEHRUNGSZEICHEN",
    "FARBEN",
    "FARBSPIELE",
    "MAX_ZEICHEN",
    "RAMSCH_WOERTER",
    "SABAI_LETZTE",
    "SABAI_TRENNER",
    "SCHALTER",
    "SCHLAFMUETZE_MIT",
    "SITZUNG",
    "SOLO_ENDUNG",
    "SPIELARTEN",
    "ZUSAETZE",
    "ZUSATZ_WOERTER",
    "Befehl",
    "Eingabe",
    "Korrektur",
    "Mitspieler",
    "SabaiAngaben",
    "SaufnAngaben",
    "SchafkopfAngaben",
    "SchlafmuetzeAngaben",
    "Sitzung",
    "Spiel",
    "UeberlangeZeile",
    "Wort",
    "kurzformen",
    "lies",
    "lies_spiel",
    "namenswort",
    "spielart",
    "spieler_aufloesen",
    "zeilenwoerter",
]
