"""Schafkopf-Regelkern: reine Daten rein, reine Daten raus (kein I/O, kein typer/rich).

Von oben nach unten lesen: ``karten`` (Karten, Notation, Blätter) → ``spielart``
(Spielarten, Trumpfreihenfolgen, Stichsieger) → ``ruf`` (welche Sau ist rufbar) →
``zug`` (welche Karte darf ich spielen) → ``partie`` (ganze Partie prüfen) →
``abrechnung`` (Wert und Zahlungen aus den Fakten) mit ``tarif`` (Preise, Hausregeln) →
``eintrag`` (das Ergebnis eines Spiels, aus Fakten oder Partie).

>>> from referee.schafkopf import Karte, parse_hand, Spiel, Spielart, Farbe, erlaubte_karten
>>> [str(k) for k in erlaubte_karten(parse_hand("SA S7 S8 S9 GO"), parse_hand("SK"),
...                                  Spiel(Spielart.RUFSPIEL, Farbe.SCHELLEN)).erlaubte]
['SA']
>>> from referee.schafkopf import Fakten, abrechnen, zahlungen
>>> a = abrechnen(Fakten(Spielart.RUFSPIEL, augen_spieler=71, laufende=3))
>>> zahlungen(a, ["Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"])
{'Anna': 50, 'Ben': 50, 'Cem': -50, 'Dora': -50}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # für Typprüfer die echten Namen; zur Laufzeit lädt ``__getattr__``
    from referee.schafkopf.karten import (
        Blatt,
        Farbe,
        Karte,
        Schlag,
        augen,
        kurz,
        lang,
        parse_hand,
    )
    from referee.schafkopf.ruf import (
        gesperrt,
        pruefe_ruf,
        ruf_auskunft,
        ruf_erlaubt,
        rufbare_saeue,
    )

# Alles erst bei Bedarf laden: ``import referee.schafkopf`` (etwa für ``schafkopf.tisch`` in
# ``referee abend``) lädt kein Modul; ``referee ruf`` lädt nur Karten und Ruf.
_SPAETER = {
    "Blatt": "karten",
    "Farbe": "karten",
    "Karte": "karten",
    "Schlag": "karten",
    "augen": "karten",
    "kurz": "karten",
    "lang": "karten",
    "parse_hand": "karten",
    "gesperrt": "ruf",
    "pruefe_ruf": "ruf",
    "ruf_auskunft": "ruf",
    "ruf_erlaubt": "ruf",
    "rufbare_saeue": "ruf",
    "Spiel": "spielart",
    "Spielart": "spielart",
    "parse_ansage": "spielart",
    "stichsieger": "spielart",
    "Kartenwahl": "zug",
    "Zugauskunft": "zug",
    "erlaubte_karten": "zug",
    "zug_auskunft": "zug",
    "zug_erlaubt": "zug",
    "pruefe_zug": "zug",
    "Partie": "partie",
    "Partiebericht": "partie",
    "Partiefehler": "partie",
    "partie_bericht": "partie",
    "lies_partie": "partie",
    "laufende": "partie",
    "Fakten": "abrechnung",
    "Abrechnung": "abrechnung",
    "abrechnen": "abrechnung",
    "zahlungen": "abrechnung",
    "zahlungen_nach_sitz": "abrechnung",
    "hoechster_trumpf_platz": "abrechnung",
    "unklare_angaben": "abrechnung",
    "ergebnis_aus_fakten": "eintrag",
    "ergebnis_aus_partie": "eintrag",
    "Tarif": "tarif",
    "Hausregeln": "tarif",
    "tarif_laden": "tarif",
    "tarif_namen": "tarif",
}


def __getattr__(name: str) -> object:
    modul = _SPAETER.get(name)
    if modul is not None:
        import importlib

        return getattr(importlib.import_module(f"referee.schafkopf.{modul}"), name)
    raise AttributeError(f"module 'referee.schafkopf' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [  # noqa: PLE0604 - _SPAETER sind Namen (str)
    "Blatt",
    "Farbe",
    "Karte",
    "Schlag",
    "augen",
    "gesperrt",
    "kurz",
    "lang",
    "parse_hand",
    "pruefe_ruf",
    "ruf_auskunft",
    "ruf_erlaubt",
    "rufbare_saeue",
    *_SPAETER,
]
