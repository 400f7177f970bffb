"""Das Formular der Eingabeseite und die Kurzzeile von ``tisch`` – rein, ohne Server.

Die Seite baut aus dem, was angetippt ist, dieselbe Zeile, die ``referee tisch`` versteht
(``r an be 71 l3``, ``sb an 3 7 J / be AJ 2``, ``sf cem an be``, ``sm dora``); der Server liest
sie mit dem Parser von ``tisch`` (``referee.eingabe.kurz``) – eine Grammatik für beide. Dies ist
die eine Stelle von ``referee.live``, die die Grammatik kennt (``kurz``):

- ``grammatik``: ihre Wörter und Regeln als Daten für das Skript der Seite (``formular.js``
  baut damit die Zeile und sagt, was noch fehlt) – aus den Tabellen von ``kurz`` und den
  Regelkernen, das Skript schreibt keine davon ab;
- ``lies_zeile``: eine Zeile vom Handy → ein Spiel (``kurz.Spiel``); alles andere, was ``tisch``
  versteht (Befehle, ``u``, ``#12 …``), ist hier ein Eingabefehler; ``angaben`` und
  ``schafkopf_angaben``: dasselbe gleich als Angaben fürs Buch;
- ``kuerzel``: je Spieler das kürzeste Wort, das der Parser eindeutig diesem Spieler zuordnet
  (geprüft mit dem Parser selbst, also nie ein Zusatzwort wie ``k`` oder ``sie``; bei zwei
  Sepps ``hu`` und ``ma``, am Turniertisch notfalls ``#12``) – das schreibt ein Chip der Seite;
- ``formular``: ein Spiel als Zustand des Formulars (JSON), damit „Korrigieren“ die Seite mit
  einem Eintrag füllt – aus der gespeicherten Zeile (vom Handy oder aus ``tisch``), sonst aus dem
  gespeicherten Ergebnis.

Die Seite liest nie eine Zeile zurück; sie schreibt nur aus dem Formular eine.

>>> k = kuerzel(("Anna", "Ben", "Cem", "Dora"))
>>> k["Anna"], k["Dora"]
('an', 'do')
>>> formular(lies_zeile("r an be 71 l3", ("Anna", "Ben", "Cem", "Dora")))["partei"]
['Anna', 'Ben']
>>> grammatik()["spiele"]["solo"]["farben"]
{'e': 'es', 'g': 'gs', 'h': 'hs', 's': 'ss'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

# Die Grammatik der Kurzzeile – die einzige Stelle in referee.live, die sie importiert.
from referee.eingabe import kurz
from referee.errors import Eingabefehler, RefereeFehler

if TYPE_CHECKING:
    from referee.ergebnis import Angaben
    from referee.schafkopf.angaben import SchafkopfAngaben
    from referee.store import Eintrag

#: Die längste Zeile, die das Handy schicken darf (eine sabai-Runde mit acht Spielern und
#: vollen Händen hat keine 200 Zeichen).
MAX_ZEILE = 500

#: Spielart (``Spielart.value``) → das Wort der Seite (``fw``/``fg``/``solo`` mit Farbe ``e``/``g``/``h``/``s``).
SPIEL_WORT = {
    "rufspiel": "r",
    "wenz": "w",
    "geier": "g",
    "solo": "solo",
    "farbwenz": "fw",
    "farbgeier": "fg",
    "ramsch": "ramsch",
    "bettel": "b",
}
_FARB_BUCHSTABE = {farbe: b for b, farbe in kurz.FARBEN.items()}

# Wörter der Zeile, die ``kurz`` nur in seinem Code kennt (keine Tabelle dort); jedes liest
# ``tests/test_schreiben_formular.py`` mit ``kurz.lies`` zurück.
_RAMSCH = {"jungfrau": "j", "durchmarsch": "dm"}
_TISCH = {"zeichen": "@", "trenner": "+"}
_SABAI = {"trenner": kurz.SABAI_TRENNER, "letzte": "letzte"}
_SCHLAFMUETZE = {"mit": "mit"}
#: SAUFN: so viele Plätze nennt eine Zeile höchstens (das Podest)
_SAUFN_PLAETZE = 3
#: So viele Karten tippt die Seite je sabai-Hand höchstens (mehr hat niemand auf der Hand).
SABAI_KARTEN_HOECHSTENS = 12


@cache
def grammatik() -> dict[str, Any]:
    """Die Kurzzeile als Daten für das Skript der Eingabeseite (``formular.js``).

    ``spiele``: je Wort der Seite (``reihe``) seine Gruppe; beim Schafkopf das Wort je Farbe
    (``farben``, nur wenn die Spielart eine Farbe braucht), wie viele Spieler die Partei hat
    (``partei``; Ramsch: ``null``, dort zählen Verlierer), was die Zahl zählt (``augen`` oder
    ``stiche``), ob Tout und Sie gehen, wie viele Laufende es höchstens gibt (``laufende``:
    mit langer und mit kurzer Karte, nur bei Spielen mit Augen). Dazu die Wörter der Zusätze
    und Schalter, des Ramsch, des Tisches (``@`` und ab wie vielen Spielern am Abend er
    genannt wird), von sabai, SAUFN und Schlafmütze, und die Grenzen (Augen, Klopfer, Stöße,
    Karten, Spieler) – aus der Abrechnung, die eine Zeile darüber ablehnte.
    """
    from referee.sabai.karten import Karte as SabaiKarte
    from referee.sabai.runde import MIN_SPIELER as SABAI_MIN_SPIELER
    from referee.schafkopf.abrechnung import HOECHSTENS_KLOPFER, HOECHSTENS_STOESSE, TRUEMPFE
    from referee.schafkopf.karten import AUGEN_JE_NR
    from referee.schafkopf.spielart import Spielart
    from referee.schafkopf.tisch import geber

    # jede Kurzform eines Schafkopfspiels, wie der Parser sie liest: Wort → (Spielart, Farbe)
    formen = {t: kurz.spielart(t) for t in kurz.kurzformen() if t not in kurz.ANDERE}
    spiele: dict[str, dict[str, Any]] = {}
    for wert, wort in SPIEL_WORT.items():
        art = Spielart(wert)
        farben = {
            b: t for b, farbe in kurz.FARBEN.items() for t in formen if formen[t] == (art, farbe)
        }
        zahl = {Spielart.RAMSCH: None, Spielart.BETTEL: "stiche"}.get(art, "augen")
        spiele[wort] = {
            "gruppe": "schafkopf",
            "farben": farben or None,
            "partei": None if art is Spielart.RAMSCH else 1 if art.solo_artig else 2,
            "zahl": zahl,
            "tout": art.solo_artig and zahl == "augen",
            "sie": art is Spielart.SOLO,
            "ramsch": art is Spielart.RAMSCH,
            "laufende": list(TRUEMPFE[art]) if zahl == "augen" else None,
        }
    for wort, gruppe in kurz.ANDERE.items():
        spiele[wort] = {"gruppe": gruppe}
    spiele["sf"]["plaetze"] = _SAUFN_PLAETZE
    namen = [f"S{i}" for i in range(12)]
    tisch_ab = next(n for n in range(4, 13) if len(geber(namen[:n], 0, 0).mitspieler) != 4)
    zusatz = {name: b for b, name in kurz.ZUSAETZE.items() if name != "stiche"}
    return {
        "reihe": list(spiele),
        "spiele": spiele,
        "farben": [[b, f.name_de] for b, f in kurz.FARBEN.items()],
        "zusaetze": zusatz,
        "schalter": {wort: wort for wort in kurz.SCHALTER},
        "augen": sum(AUGEN_JE_NR),
        "hoechstens": {"klopfer": HOECHSTENS_KLOPFER, "stoesse": HOECHSTENS_STOESSE},
        "ramsch": _RAMSCH,
        "tisch": {**_TISCH, "ab": tisch_ab},
        "sabai": {
            **_SABAI,
            "karten": [k.value for k in SabaiKarte],
            "mindestens": SABAI_MIN_SPIELER,
            "hoechstens": SABAI_KARTEN_HOECHSTENS,
        },
        "schlafmuetze": _SCHLAFMUETZE,
    }


def lies_zeile(zeile: str, spieler: Sequence[str]) -> kurz.Spiel:
    """Eine Zeile vom Handy → ein Spiel, gelesen vom Parser von ``tisch`` (``kurz.lies``).

    Nur Spiele: eine leere Zeile, ein Befehl (``stand``), ein Sitzungswort (``u``) oder eine
    Korrektur (``#12 …``, übers Netz heißt die ``korrektur`` mit ``eintrag``) ist ein
    ``Eingabefehler``.
    """
    if len(zeile) > MAX_ZEILE:
        raise Eingabefehler(f"Die Zeile ist zu lang ({len(zeile)} Zeichen, höchstens {MAX_ZEILE}).")
    e = kurz.lies(zeile, spieler)
    if e is None:
        raise Eingabefehler("Die Zeile ist leer: erst ein Spiel wählen.")
    if isinstance(e, kurz.Korrektur):
        raise Eingabefehler(
            "Eine Korrektur („#12 …“) kommt hier als „Korrigieren“ am Eintrag, nicht als Zeile."
        )
    if isinstance(e, kurz.Befehl | kurz.Sitzung):
        raise Eingabefehler(
            f"„{zeile.strip()[:40]}“ ist kein Spiel. Hier gehen nur Spiele in Kurzform, "
            "z. B. r an be 71, sb an 3 7 J / be AJ 2, sf cem an be, sm dora."
        )
    return e


def angaben(zeile: str, spieler: Sequence[str]) -> Angaben:
    """Eine Zeile vom Handy → die Angaben des Spiels fürs Buch (die Grammatik liest sie gleich
    getypt: ``referee.eingabe.kurz``)."""
    return lies_zeile(zeile, spieler)


def schafkopf_angaben(
    zeile: str, namen: Sequence[str], wo: str, startnummern: Sequence[int] = ()
) -> SchafkopfAngaben:
    """Eine Zeile vom Handy eines Turniertisches, gelesen mit den Namen dieses Tisches
    (``wo``: „an Tisch 3“, für die Meldung bei einem unbekannten Namen; ``startnummern``: je
    Name seine, für ``#12``) → die Angaben eines Schafkopfspiels; andere Spiele gibt es am
    Turniertisch nicht."""
    spiel = lies_zeile(zeile, kurz.Mitspieler(namen, wo, startnummern))
    if isinstance(spiel, kurz.SchafkopfAngaben):
        return spiel
    raise Eingabefehler(
        "Am Turniertisch wird nur Schafkopf eingetragen (z. B. r an be 71); sabai, "
        "SAUFN und Schlafmütze gehören zum Spielabend."
    )


# --------------------------------------------------------------------------- Kürzel


def _ist(zeile: str, spieler: Sequence[str], name: str) -> bool:
    """Liest der Parser ``zeile`` als ein Spiel, in dem genau ``name`` genannt ist?"""
    try:
        s = kurz.lies_spiel(zeile, spieler)
    except RefereeFehler:
        return False
    if isinstance(s, kurz.SchafkopfAngaben):
        return s.partei == (name,) and not s.jungfrauen and s.durchmarsch is None
    if isinstance(s, kurz.SabaiAngaben):
        return [n for n, _ in s.haende] == [name] and not s.letzte
    if isinstance(s, kurz.SaufnAngaben):
        return s.plaetze == (name,)
    return s.sieger == name and not s.spieler


def _passt(token: str, spieler: Sequence[str], name: str) -> bool:
    """Ein Kürzel gilt, wenn es in jeder Art Zeile genau diesen Spieler meint (kein Zusatzwort
    wie ``k``, ``sie``, ``j``, ``dm``, ``mit``, ``letzte``, keine Zahl)."""
    return all(_ist(f"{kopf} {token}", spieler, name) for kopf in ("w", "ramsch", "sb", "sf", "sm"))


@lru_cache(maxsize=32)
def _kuerzel(
    namen: tuple[str, ...], wo: str, startnummern: tuple[int, ...]
) -> tuple[tuple[str, str | None], ...]:
    from referee.namen import namen_zum_wort, schreibweisen

    spieler = kurz.Mitspieler(namen, wo, startnummern)
    nummern = spieler.nummern

    def eindeutig(k: str, name: str) -> bool:
        """Vorab ohne Parser: nennt das Wort allein schon genau diesen Namen?"""
        return k.startswith("#") or namen_zum_wort(k.strip('"'), namen) == [name]

    aus: list[tuple[str, str | None]] = []
    for name in namen:
        kandidaten = schreibweisen(name, kuerzeste=True)
        if name in nummern:  # bei gleicher Länge geht der Name vor (hu vor #2)
            kandidaten = sorted([*kandidaten, f"#{nummern[name]}"], key=len)
        aus.append(
            (
                name,
                next(
                    (k for k in kandidaten if eindeutig(k, name) and _passt(k, spieler, name)),
                    None,
                ),
            )
        )
    return tuple(aus)


def kuerzel(spieler: Sequence[str], startnummern: Sequence[int] = ()) -> dict[str, str | None]:
    """Je Spieler das kürzeste Wort, das ``tisch`` eindeutig diesem Spieler zuordnet – geprüft
    mit dem Parser selbst: ein Anfang des Vornamens oder eines anderen Wortes (mindestens zwei
    Zeichen, soweit das Wort so lang ist: ``an``, bei zwei Sepps ``hu`` und ``ma``), sonst
    ``vor.nach`` (``s.hu``), am Turniertisch (``startnummern``: je Name seine) die Startnummer
    (``#2``), zuletzt der ganze Name in Anführungszeichen (``"L3"``); ``None`` nur, wenn nicht
    einmal der geht (ein Name mit Anführungszeichen).

    >>> kuerzel(["Sepp Huber", "Sepp Maier", "Sepp Hofer", "Huberta"], (2, 7, 9, 4))
    {'Sepp Huber': '#2', 'Sepp Maier': 'ma', 'Sepp Hofer': 'ho', 'Huberta': '#4'}
    """
    if isinstance(spieler, kurz.Mitspieler):
        return dict(_kuerzel(tuple(spieler), spieler.wo, spieler.startnummern))
    return dict(_kuerzel(tuple(spieler), "an diesem Abend", tuple(startnummern)))


# --------------------------------------------------------------------------- Formular


def formular(spiel: kurz.Spiel) -> dict[str, Any]:
    """Ein Spiel als Zustand des Formulars der Seite (Namen in der Schreibweise des Abends)."""
    if isinstance(spiel, kurz.SchafkopfAngaben):
        return {
            "spiel": SPIEL_WORT[spiel.spielart.value],
            "farbe": _FARB_BUCHSTABE.get(spiel.farbe) if spiel.farbe else None,
            "partei": list(spiel.partei),
            "augen": spiel.augen,
            "stiche": spiel.stiche,
            "laufende": spiel.laufende,
            "klopfer": spiel.klopfer,
            "stoesse": spiel.stoesse,
            "schwarz": spiel.schwarz,
            "tout": spiel.tout,
            "sie": spiel.sie,
            "kurz": spiel.kurz,
            "jungfrauen": list(spiel.jungfrauen),
            "durchmarsch": spiel.durchmarsch,
            "tisch": list(spiel.tisch),
        }
    if isinstance(spiel, kurz.SabaiAngaben):
        return {"spiel": "sb", "haende": [[n, k] for n, k in spiel.haende], "letzte": spiel.letzte}
    if isinstance(spiel, kurz.SaufnAngaben):
        return {"spiel": "sf", "plaetze": list(spiel.plaetze)}
    return {"spiel": "sm", "sieger": spiel.sieger, "mit": list(spiel.spieler)}


def _gespeicherte_zeile(e: Eintrag) -> str | None:
    zeile = e.eingabe.get("handy") or e.eingabe.get("tisch")
    return zeile if isinstance(zeile, str) else None


def spiel_eines_eintrags(e: Eintrag, spieler: Sequence[str]) -> kurz.Spiel | None:
    """Das Spiel eines gespeicherten Eintrags, so wie das Formular es braucht: die Zeile, mit
    der er eingetragen wurde (Handy, ``tisch``), sonst aus dem gespeicherten Ergebnis.
    ``None`` bei einem Storno oder wenn sich nichts ablesen lässt."""
    if e.art == "storno":
        return None
    gelesen = spiel_aus_zeile(_gespeicherte_zeile(e), spieler)
    return gelesen if gelesen is not None else _aus_ergebnis(e, spieler)


def spiel_aus_zeile(zeile: object, spieler: Sequence[str]) -> kurz.Spiel | None:
    """Das Spiel einer gespeicherten Zeile (vom Handy oder aus ``tisch``; eine Korrektur
    ``#12 …`` gibt ihr Spiel); ``None``, wenn es keine ist oder sie sich nicht mehr lesen
    lässt (etwa nach einem Ersatzspieler)."""
    if not isinstance(zeile, str):
        return None
    try:
        gelesen = kurz.lies(zeile, spieler)
    except RefereeFehler:
        return None
    if isinstance(gelesen, kurz.Korrektur):
        gelesen = gelesen.spiel
    if isinstance(
        gelesen,
        kurz.SchafkopfAngaben | kurz.SabaiAngaben | kurz.SaufnAngaben | kurz.SchlafmuetzeAngaben,
    ):
        return gelesen
    return None


def _aus_ergebnis(e: Eintrag, spieler: Sequence[str]) -> kurz.Spiel | None:
    """Ein Spiel aus dem gespeicherten Ergebnis (Einträge von der Kommandozeile)."""
    from referee.buch import ansicht

    try:
        erg = ansicht.ergebnis(e)
    except RefereeFehler:
        return None
    if erg is None:
        return None
    if e.spiel == "schafkopf":
        return schafkopf_aus_ergebnis(erg)
    if e.spiel == "sabai":
        haende = e.eingabe.get("haende")
        karten = haende if isinstance(haende, Mapping) else {}
        namen = erg.namen()
        return kurz.SabaiAngaben(
            tuple((n, str(karten.get(n, ""))) for n in namen), bool(getattr(erg, "letzte", False))
        )
    if e.spiel == "saufn":
        return kurz.SaufnAngaben(tuple(getattr(erg, "plaetze", ())))
    sieger = getattr(erg, "sieger", None)
    if not isinstance(sieger, str):
        return None
    mit = tuple(getattr(erg, "spieler", ()))
    return kurz.SchlafmuetzeAngaben(sieger, () if set(mit) == set(spieler) else mit)


def schafkopf_formular(
    zeile: object, ergebnis: object, namen: Sequence[str], startnummern: Sequence[int] = ()
) -> dict[str, Any] | None:
    """Ein Spiel eines Turniertisches als Formular: aus der Zeile, mit der es eingegeben
    wurde (Handy, ``tisch``; ``startnummern`` für ``#12``), sonst aus dem gespeicherten
    Ergebnis (``SchafkopfErgebnis``)."""
    gelesen = spiel_aus_zeile(zeile, kurz.Mitspieler(namen, startnummern=startnummern))
    if isinstance(gelesen, kurz.SchafkopfAngaben):
        return formular(gelesen)
    aus_ergebnis = schafkopf_aus_ergebnis(ergebnis)
    return None if aus_ergebnis is None else formular(aus_ergebnis)


def schafkopf_aus_ergebnis(erg: Any) -> kurz.SchafkopfAngaben | None:
    """Ein Schafkopfspiel fürs Formular aus einem gespeicherten Ergebnis (``SchafkopfErgebnis``:
    Abend oder Turniertisch); ``None``, wenn es sich nicht ablesen lässt."""
    from referee.schafkopf.karten import Farbe
    from referee.schafkopf.spielart import Spielart

    try:
        art = Spielart(erg.spielart)
        farbe = Farbe.parse(erg.farbe) if erg.farbe else None
    except (ValueError, RefereeFehler):
        return None
    if art is Spielart.RAMSCH:
        return kurz.SchafkopfAngaben(
            art,
            partei=() if erg.durchmarsch else tuple(erg.verlierer or ()),
            klopfer=erg.klopfer,
            stoesse=erg.stoesse,
            jungfrauen=tuple(erg.jungfrauen or ()),
            durchmarsch=erg.durchmarsch,
        )
    return kurz.SchafkopfAngaben(
        art,
        farbe=farbe,
        partei=tuple(n for n in (erg.spieler, erg.partner) if n),
        augen=erg.augen,
        laufende=erg.laufende,
        klopfer=erg.klopfer,
        stoesse=erg.stoesse,
        stiche=erg.stiche,
        schwarz=bool(erg.schwarz and erg.augen in (0, 120)),
        tout=erg.tout,
        sie=erg.sie,
    )


__all__ = [
    "MAX_ZEILE",
    "SABAI_KARTEN_HOECHSTENS",
    "SPIEL_WORT",
    "angaben",
    "formular",
    "grammatik",
    "kuerzel",
    "lies_zeile",
    "schafkopf_angaben",
    "schafkopf_aus_ergebnis",
    "schafkopf_formular",
    "spiel_aus_zeile",
    "spiel_eines_eintrags",
]
