"""Schafkopf-Regelkern: reine Daten rein, reine Daten raus (kein I/O, kein typer/rich).

Von oben nach unten lesen: ``karten`` (Karten, Notation, Blätter) → ``spielart``
(Spielarten, Trumpfreihenfolgen, Stichsieger) → ``ruf`` (welche Sau ist rufbar) →
``zug`` (welche Karte darf ich spielen) → ``partie`` (ganze Partie prüfen und abrechnen).

>>> from referee.schafkopf import Karte, parse_hand, Spiel, Spielart, rufbare_saeue, erlaubte_karten
"""

from __future__ import annotations

from referee.schafkopf.karten import Blatt, Farbe, Karte, Schlag, augen, kurz, lang, parse_hand
from referee.schafkopf.ruf import gesperrt, pruefe_ruf, ruf_auskunft, ruf_erlaubt, rufbare_saeue
from referee.schafkopf.spielart import Spiel, Spielart, stichsieger
from referee.schafkopf.zug import Zugauskunft, erlaubte_karten, karte_erlaubt, pruefe_zug

# Die Partieprüfung zieht die Abrechnung (Tarife aus data/) nach – erst bei Bedarf laden.
_PARTIE = ("Partie", "Partiebericht", "Partiefehler", "pruefe_partie", "lies_partie", "laufende")


def __getattr__(name: str):
    if name in _PARTIE:
        from referee.schafkopf import partie

        return getattr(partie, name)
    raise AttributeError(f"module 'referee.schafkopf' has no attribute {name!r}")


__all__ = [
    "Blatt", "Farbe", "Karte", "Schlag", "Spiel", "Spielart", "Zugauskunft", "augen",
    "erlaubte_karten", "gesperrt", "karte_erlaubt", "kurz", "lang", "parse_hand", "pruefe_ruf",
    "pruefe_zug", "ruf_auskunft", "ruf_erlaubt", "rufbare_saeue", "stichsieger", *_PARTIE,
]
