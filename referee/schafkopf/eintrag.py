"""Vom Spiel zum Ergebnis: die Rechnung, die aus dem, was der Tisch festhält, das typisierte
``SchafkopfErgebnis`` macht (``referee.schafkopf.ergebnis``) – ohne Umweg über JSON.

Zwei Wege, beide über ``referee.schafkopf.abrechnung``:

- ``ergebnis_aus_fakten``: was der Tisch festhält (Spielart, Spielerpartei, Augen,
  Laufende …; beim Ramsch Verlierer, Jungfrauen, Durchmarsch), mit Namen statt Plätzen.
- ``ergebnis_aus_partie``: eine geprüfte ganze Partie (``referee.schafkopf.partie``).

``Fakten`` und ``Abrechnung`` (Plätze 0–3 statt Namen) sind die Rechnung des Regelkerns; sie
bleiben in diesen Funktionen, nach außen geht nur das Ergebnis (mit der Werterklärung).

Namen auflösen (Tippfehler, Schreibweise des Abends) und den Tisch bestimmen ist Sache der
Angaben mit der ``Abendlage`` (``referee.schafkopf.angaben``); hier kommen die Namen schon so
an, wie sie gespeichert werden.

>>> e = ergebnis_aus_fakten(Spielart.RUFSPIEL, ["Anna", "Ben", "Cem", "Dora"], ["Anna", "Ben"],
...                         augen=71, laufende=3)
>>> dict(e.zahlungen), e.partner, e.erklaerung
({'Anna': 50, 'Ben': 50, 'Cem': -50, 'Dora': -50}, 'Ben', '20 (Rufspiel) + 30 (3 Laufende × 10) = 50')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.abrechnung import Fakten, abrechnen, unklare_angaben, zahlungen
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schafkopf.spielart import Spielart
from referee.schafkopf.tarif import Tarif, tarif_laden

if TYPE_CHECKING:
    from referee.schafkopf.karten import Farbe
    from referee.schafkopf.partie import Partiebericht


def ergebnis_aus_fakten(
    spielart: Spielart,
    alle: Sequence[str],
    partei: Sequence[str],
    *,
    farbe: Farbe | None = None,
    augen: int | None = None,
    laufende: int = 0,
    schwarz: bool = False,
    stiche: int | None = None,
    tout: bool = False,
    sie: bool = False,
    klopfer: int = 0,
    stoesse: int = 0,
    kurz: bool = False,
    jungfrauen: Sequence[str] = (),
    durchmarsch: str | None = None,
    tarif: Tarif | None = None,
) -> SchafkopfErgebnis:
    """Die Fakten eines Spiels am Tisch ``alle`` (vier Namen, Sitzordnung) → das Ergebnis (mit
    der Werterklärung ``erklaerung``).

    ``partei`` ist die Spielerpartei (Rufspiel zwei Namen, Solo-artig einer); beim Ramsch
    der Verlierer mit den meisten Augen (bei der Hausregel ``ramsch_gleichstand=alle``
    auch mehrere). ``farbe``: die Farbe eines Farbspiels (Herz-Solo bleibt Herz-Solo: im
    Verlauf, im Export, auf der Live-Seite). Widersprüchliche Fakten sind ``Eingabefehler``,
    alle auf einmal.
    """
    alle = list(alle)
    partei = list(partei)
    jungfrauen = list(jungfrauen)
    farbwort = farbe.wort if farbe is not None and spielart is not Spielart.RUFSPIEL else None
    if spielart is Spielart.RAMSCH:
        return _ramsch(
            alle,
            partei,
            jungfrauen,
            durchmarsch,
            tarif,
            andere_fakten=augen is not None
            or bool(laufende)
            or tout
            or sie
            or schwarz
            or stiche is not None,
            klopfer=klopfer,
            stoesse=stoesse,
            kurz=kurz,
            farbe=farbwort,
        )
    if jungfrauen or durchmarsch:
        raise Eingabefehler("--jungfrau und --durchmarsch gibt es nur beim Ramsch.")
    soll = 1 if spielart.solo_artig else 2
    if len(partei) != soll or len(set(partei)) != soll:
        form = "Anna+Ben" if soll == 2 else "Cem"
        raise Eingabefehler(
            f"Beim {spielart.name_de} besteht die Spielerpartei aus {soll} Spieler{'n' if soll > 1 else ''}, "
            f"angegeben: „{'+'.join(partei)}“. Form: referee schafkopf eintragen {spielart.value} {form} --augen 71."
        )
    fakten = Fakten(
        spielart,
        augen_spieler=augen,
        laufende=laufende,
        schwarz=schwarz,
        stiche_spieler=stiche,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoesse=stoesse,
        kurz=kurz,
    )
    unklar = unklare_angaben(fakten, tarif)
    if unklar:
        raise Eingabefehler(" ".join(unklar))
    ab = abrechnen(fakten, tarif)
    return SchafkopfErgebnis(
        zahlungen=tuple(zahlungen(ab, partei, alle).items()),
        spielart=spielart.value,
        farbe=farbwort,
        spieler=partei[0],
        partner=partei[1] if soll == 2 else None,
        gewonnen=ab.gewonnen,
        wert=ab.wert,
        augen=augen,
        laufende=ab.laufende_gewertet,
        schneider=ab.schneider,
        schwarz=ab.schwarz,
        tout=ab.tout,
        sie=ab.sie,
        klopfer=klopfer,
        stoesse=stoesse,
        stiche=stiche,
        konventionen=tuple(ab.konventionen),
        erklaerung=ab.erklaerung,
    )


def _ramsch(
    alle: list[str],
    partei: list[str],
    jungfrauen: list[str],
    dm: str | None,
    tarif: Tarif | None,
    *,
    andere_fakten: bool,
    klopfer: int,
    stoesse: int,
    kurz: bool,
    farbe: str | None,
) -> SchafkopfErgebnis:
    """Ramsch aus dem, worauf sich der Tisch einigt: Verlierer (meiste Augen), Jungfrauen,
    Durchmarsch – ohne Augen je Platz (``Fakten.ramsch_verlierer`` usw.)."""
    regeln = (tarif or tarif_laden()).regeln
    fehler = []
    if andere_fakten:
        fehler.append(
            "Beim Ramsch gibt es keine Augen der Spielerpartei, Laufende, Stiche, Schwarz, "
            "Tout oder Sie; anzugeben sind der Verlierer, --jungfrau NAME und --durchmarsch NAME."
        )
    if dm and partei:
        fehler.append(
            f"Durchmarsch von {dm}: dann gibt es keinen Verlierer („{'+'.join(partei)}“)."
        )
    if not dm and not partei:
        fehler.append(
            "Beim Ramsch fehlt der Verlierer (der mit den meisten Augen), "
            "z. B. referee schafkopf eintragen ramsch Dora."
        )
    if set(partei) & set(jungfrauen):
        fehler.append(
            f"{'+'.join(n for n in partei if n in jungfrauen)} verliert mit den meisten Augen "
            "und kann keine Jungfrau (ohne Stich) sein."
        )
    if dm and jungfrauen and sorted(jungfrauen) != sorted(n for n in alle if n != dm):
        fehler.append("Beim Durchmarsch sind alle anderen Jungfrauen; --jungfrau entfällt.")
    if len(partei) > 1 and regeln.ramsch_gleichstand != "alle":
        fehler.append(
            "Bei Gleichstand verliert nach der Hausregel ramsch_gleichstand=hoechster_trumpf nur einer: "
            "gib an, wer davon den höheren Trumpf hatte."
        )
    if len(partei) == 1 and len(set(jungfrauen)) == 3 and regeln.durchmarsch:
        fehler.append(
            f"Haben die drei anderen keinen Stich, hat {partei[0]} alle Stiche gemacht: das ist "
            f"ein Durchmarsch (--durchmarsch {partei[0]}), kein verlorener Ramsch."
        )
    if fehler:
        raise Eingabefehler(" ".join(fehler))
    sitz = {n: i for i, n in enumerate(alle)}
    if dm:
        fakten = Fakten(
            Spielart.RAMSCH, klopfer=klopfer, stoesse=stoesse, kurz=kurz, durchmarsch=sitz[dm]
        )
    else:
        verlierer = sitz[partei[0]] if len(partei) == 1 else tuple(sitz[n] for n in partei)
        fakten = Fakten(
            Spielart.RAMSCH,
            klopfer=klopfer,
            stoesse=stoesse,
            kurz=kurz,
            ramsch_verlierer=verlierer,
            jungfrauen=tuple(dict.fromkeys(sitz[n] for n in jungfrauen)),
        )
    ab = abrechnen(fakten, tarif)
    durch = alle[ab.durchmarsch] if ab.durchmarsch is not None else None
    return SchafkopfErgebnis(
        zahlungen=tuple(zahlungen(ab, [], alle).items()),
        spielart=Spielart.RAMSCH.value,
        farbe=farbe,
        spieler=durch or alle[ab.verlierer[0]],
        gewonnen=ab.gewonnen,
        wert=ab.wert,
        klopfer=klopfer,
        stoesse=stoesse,
        konventionen=tuple(ab.konventionen),
        verlierer=tuple(alle[i] for i in ab.verlierer),
        jungfrauen=tuple(alle[i] for i in ab.jungfrauen) if durch is None else (),
        durchmarsch=durch,
        erklaerung=ab.erklaerung,
    )


def ergebnis_aus_partie(bericht: Partiebericht) -> SchafkopfErgebnis:
    """Eine geprüfte Partie (``partie_bericht(...)`` mit ``namen``) → das Ergebnis.

    Ist die Partie nicht regelgerecht, ``Regelverstoss`` mit allen Fehlern (Stich, Name,
    Karte, Grund).
    """
    p = bericht.partie
    namen = list(p.namen or ("Sitz 0", "Sitz 1", "Sitz 2", "Sitz 3"))
    if not bericht.gueltig or bericht.abrechnung is None:
        gruende = "; ".join(
            (f"Stich {f.stich}" if f.stich else "vor dem ersten Stich")
            + (f", {namen[f.sitz]}" if f.sitz is not None else "")
            + (f", {f.karte}" if f.karte else "")
            + f": {f.grund}"
            for f in bericht.fehler
        )
        raise Regelverstoss(f"Die Partie ist nicht regelgerecht, nicht eingetragen. {gruende}")
    a = bericht.abrechnung
    ramsch = p.spiel.art is Spielart.RAMSCH
    durch = namen[a.durchmarsch] if ramsch and a.durchmarsch is not None else None
    verlierer = tuple(namen[i] for i in a.verlierer) if ramsch else None
    spieler = None if ramsch else namen[p.spieler]
    if ramsch:
        spieler = durch or (verlierer[0] if verlierer else None)
    return SchafkopfErgebnis(
        zahlungen=tuple(zip(namen, bericht.zahlungen)),
        spielart=p.spiel.art.value,
        farbe=p.spiel.farbe.wort if p.spiel.farbe else None,
        spieler=spieler,
        partner=next((namen[i] for i in bericht.spieler_partei if i != p.spieler), None),
        gewonnen=a.gewonnen,
        wert=a.wert,
        augen=bericht.augen_spieler,
        laufende=a.laufende_gewertet,
        schneider=a.schneider,
        schwarz=a.schwarz,
        tout=bool(p.tout),
        klopfer=len(p.klopfer),
        stoesse=len(p.stoesse),
        stiche=bericht.stiche_spieler,
        konventionen=bericht.konventionen,
        verlierer=verlierer,
        jungfrauen=tuple(namen[i] for i in a.jungfrauen) if ramsch else None,
        durchmarsch=durch,
        erklaerung=a.erklaerung,
    )


__all__ = ["ergebnis_aus_fakten", "ergebnis_aus_partie"]
