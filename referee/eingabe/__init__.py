"""Ein Eingabe-Adapter je Spiel: die Fakten eines Eintrags → die getypte Eingabe des Buchs.

Rein, ohne Kommandozeile: ``referee.cli.eingabe`` erklärt die Optionen der Befehle und gibt
ihre Werte hierher, die Tisch-Sitzung und die Eingabe vom Handy geben die Fakten ihrer
Kurzform hierher (``aus_kurzform``) – ein Weg von den Fakten zur getypten Eingabe für
``eintragen``, ``korrektur``, ``tisch`` und das Handy.

- ``referee.eingabe.schafkopf.schafkopf_angaben`` → ``SchafkopfAngaben``/``SchafkopfPartie``
- ``referee.eingabe.sabai.sabai_angaben`` → ``SabaiAngaben``
- ``referee.eingabe.saufn.saufn_angaben`` → ``SaufnAngaben``
- ``referee.eingabe.schlafmuetze.schlafmuetze_angaben`` → ``SchlafmuetzeAngaben``
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.ergebnis import Angaben
    from referee.tisch.kurz import Spiel


def werte(eingaben: Iterable[str] | None) -> list[str]:
    """Mehrere Werte, Kommas trennen auch: ``["Anna,Ben", "Cem"]`` → 3."""
    return [t.strip() for e in (eingaben or []) for t in e.split(",") if t.strip()]


def aus_kurzform(spiel: Spiel) -> Angaben:
    """Eine gelesene Kurzform (``referee.tisch.kurz``: ``r an be 71 l3``, ``sb …``, ``sf …``,
    ``sm …``) → die Angaben, wie die Befehle der Spiele sie dem Buch geben."""
    from referee.tisch import kurz

    if isinstance(spiel, kurz.Schafkopf):
        from referee.eingabe.schafkopf import schafkopf_angaben

        return schafkopf_angaben(
            spiel.ansage,
            "+".join(spiel.partei),
            augen=spiel.augen,
            laufende=spiel.laufende,
            schwarz=spiel.schwarz,
            tout=spiel.tout,
            sie=spiel.sie,
            klopfer=spiel.klopfer,
            stoss=spiel.stoesse,
            stiche=spiel.stiche,
            kurz=spiel.kurz,
            jungfrau=spiel.jungfrauen,
            durchmarsch=spiel.durchmarsch,
            tisch=spiel.tisch,
        )
    if isinstance(spiel, kurz.Sabai):
        from referee.eingabe.sabai import sabai_angaben

        return sabai_angaben([f"{n}={k}" for n, k in spiel.haende], spiel.letzte)
    if isinstance(spiel, kurz.Saufn):
        from referee.eingabe.saufn import saufn_angaben

        return saufn_angaben(spiel.plaetze)
    from referee.eingabe.schlafmuetze import schlafmuetze_angaben

    return schlafmuetze_angaben(spiel.sieger, spiel.spieler)


__all__ = ["aus_kurzform", "werte"]
