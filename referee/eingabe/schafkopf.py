"""Schafkopf: die Angaben von ``schafkopf eintragen`` (und ``korrektur``) – die Fakten eines
Spiels oder eine ganze Partie (``--partie``) – und ihr Weg zu ``SchafkopfAngaben`` bzw.
``SchafkopfPartie`` (die Kurzzeile ``r an be 71 l3`` liest ``referee.eingabe.kurz``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.eingabe import werte as _namen

if TYPE_CHECKING:
    from referee.schafkopf.angaben import SchafkopfAngaben, SchafkopfPartie

#: Der Befehl, den die Meldungen nennen, wenn der Aufrufer keinen anderen sagt.
BEFEHL = "referee schafkopf eintragen"


def schafkopf_angaben(
    spielart: str | None,
    wer: str | None,
    *,
    augen: int | None = None,
    laufende: int = 0,
    schwarz: bool = False,
    tout: bool = False,
    sie: bool = False,
    klopfer: int = 0,
    stoss: int = 0,
    stiche: int | None = None,
    kurz: bool = False,
    jungfrau: Sequence[str] | None = None,
    durchmarsch: str | None = None,
    tisch: Sequence[str] | None = None,
    partie: str | None = None,
    befehl: str = BEFEHL,
) -> SchafkopfAngaben | SchafkopfPartie:
    """Die Angaben eines Schafkopfspiels → die getypte Eingabe: die Fakten (``wer``:
    ``Anna+Ben``; ``jungfrau``/``tisch``: Namen, auch ``Ben+Cem`` oder ``A,B,C,D``) oder eine
    ganze Partie (``partie``: Datei, ``-`` = stdin). ``befehl`` nennt die Meldung, wenn die
    Spielart fehlt."""
    from referee.errors import Eingabefehler
    from referee.schafkopf.angaben import SchafkopfAngaben, SchafkopfPartie

    tisch_namen = tuple(_namen(tisch or []))
    if partie is not None:
        if spielart or wer:
            raise Eingabefehler("Mit --partie DATEI keine Spielart und keine Spieler angeben.")
        from referee.dateien import lies_text
        from referee.schafkopf.partie import partie_daten

        daten = partie_daten(lies_text(partie), partie)
        if not isinstance(daten, dict):
            raise Eingabefehler(f"„{partie}“: eine Partie ist ein JSON-Objekt.")
        return SchafkopfPartie(daten, partie, tisch_namen)
    if spielart is None:
        raise Eingabefehler(f"Es fehlt die Spielart, z. B. {befehl} rufspiel Anna+Ben --augen 71.")
    return SchafkopfAngaben.angesagt(
        spielart,
        tuple(n for n in (wer or "").split("+") if n.strip()),
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoesse=stoss,
        stiche=stiche,
        kurz=kurz,
        jungfrauen=tuple(_namen([x.replace("+", ",") for x in jungfrau or []])),
        durchmarsch=durchmarsch,
        tisch=tisch_namen,
    )


def pruefe_form(
    spielart: str | None, wer: str | None, weitere: list[str], durchmarsch: str | None, befehl: str
) -> None:
    """Häufige Verwechslungen bei der Spielerpartei: ``Anna Ben`` oder ``Anna,Ben`` statt
    ``Anna+Ben``; beim Durchmarsch zusätzlich ein Verlierer. Nennt die richtige Form."""
    import re

    from referee.errors import Eingabefehler

    art = (spielart or "").strip().lower()
    # Komma und Semikolon sind in Namen verboten (``referee.namen``), Leerzeichen nicht
    teile = [t.strip() for t in re.split(r"[,;]", wer or "") if t.strip()] + [
        t.strip() for w in weitere for t in re.split(r"[,;]", w) if t.strip()
    ]
    if art == "ramsch" and durchmarsch and wer:
        raise Eingabefehler(
            f"Beim Durchmarsch gibt es keinen Verlierer; ohne „{wer}“ eintragen: "
            f"{befehl} ramsch --durchmarsch {durchmarsch}"
        )
    if not teile or (not weitere and len(teile) <= 1):  # leere Angaben meldet der Aufrufer
        return
    zusammen = "+".join(n for t in teile for n in t.split("+") if n)
    if art.startswith("ruf"):
        raise Eingabefehler(
            f"Partner mit + verbinden: {zusammen} (z. B. {befehl} {art} {zusammen} --augen 71)."
        )
    if art == "ramsch":
        raise Eingabefehler(
            f"Beim Ramsch steht nur der Verlierer da (bei Gleichstand mit +: {zusammen}); "
            f"Jungfrauen mit --jungfrau: {befehl} ramsch {teile[0]} --jungfrau {teile[-1]}"
        )
    raise Eingabefehler(
        f"Unerwartete Angabe „{' '.join(teile[1:])}“: "
        f"{spielart or 'dieses Spiel'} spielt einer allein ({befehl} {art} {teile[0]} --augen 61)."
    )
