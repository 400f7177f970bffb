"""Vom Spiel zum Eintrag: die Ergebnisdaten eines Schafkopfspiels – die gespeicherte JSON-Form
von ``referee.schafkopf.ergebnis.SchafkopfErgebnis`` (``Eintrag.ergebnis``, ``--json``).

Namen, die „Ergebnis“ enthalten, meinen je eines: ``Ergebnis`` (``referee.ergebnis``) ist das
getypte Ergebnis eines Spiels; *Ergebnisdaten* dessen JSON-Form im Speicher und in ``--json``;
``Rundenergebnis`` (sabai) die Wertung einer Partie vor dem Eintragen; ``Ausgang``
(``referee.cli``) wie ein Aufruf endete.

Zwei Wege, beide über ``referee.schafkopf.abrechnung``:

- ``ergebnisdaten_aus_fakten``: was der Tisch festhält (Spielart, Spielerpartei, Augen,
  Laufende …; beim Ramsch Verlierer, Jungfrauen, Durchmarsch), mit Namen statt Plätzen.
- ``ergebnisdaten_aus_partie``: eine geprüfte ganze Partie (``referee.schafkopf.partie``).

Die Ergebnisdaten sind ein reines dict (Beträge in Cent je Name)::

    {"zahlungen": {"Anna": 50, …}, "spielart": "rufspiel", "spieler": "Anna",
     "partner": "Ben", "gewonnen": true, "wert": 50, "augen": 71, "laufende": 3,
     "schneider": false, "schwarz": false, "tout": false, "klopfer": 0, "stoesse": 0, …}

Namen auflösen (Tippfehler, Schreibweise des Abends) und den Tisch bestimmen ist Sache der
Angaben mit der ``Abendlage`` (``referee.schafkopf.ergebnis``); hier kommen die Namen schon so
an, wie sie gespeichert werden.

>>> e, _ = ergebnisdaten_aus_fakten(Spielart.RUFSPIEL, ["Anna", "Ben", "Cem", "Dora"], ["Anna", "Ben"],
...                            augen=71, laufende=3)
>>> e["zahlungen"], e["partner"]
({'Anna': 50, 'Ben': 50, 'Cem': -50, 'Dora': -50}, 'Ben')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf.abrechnung import Abrechnung, Fakten, abrechnen, unklare_angaben, zahlungen
from referee.schafkopf.spielart import Spielart
from referee.schafkopf.tarif import Tarif, tarif_laden

if TYPE_CHECKING:
    from referee.schafkopf.partie import Partiebericht


def ergebnisdaten_aus_fakten(
    spielart: Spielart,
    alle: Sequence[str],
    partei: Sequence[str],
    *,
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
) -> tuple[dict[str, Any], Abrechnung]:
    """Die Fakten eines Spiels am Tisch ``alle`` (vier Namen, Sitzordnung) → (ergebnis, Abrechnung).

    ``partei`` ist die Spielerpartei (Rufspiel zwei Namen, Solo-artig einer); beim Ramsch
    der Verlierer mit den meisten Augen (bei der Hausregel ``ramsch_gleichstand=alle``
    auch mehrere). Widersprüchliche Fakten sind ``Eingabefehler``, alle auf einmal.
    """
    alle = list(alle)
    partei = list(partei)
    jungfrauen = list(jungfrauen)
    basis = {
        "spielart": spielart.value,
        "klopfer": klopfer,
        "stoesse": stoesse,
        "laufende": 0,
        "schneider": False,
        "schwarz": False,
        "tout": False,
        "augen": None,
    }
    if spielart is Spielart.RAMSCH:
        return _ramsch(
            alle,
            partei,
            jungfrauen,
            durchmarsch,
            basis,
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
    ergebnis = dict(
        basis,
        zahlungen=zahlungen(ab, partei, alle),
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
        stiche=stiche,
        konventionen=list(ab.konventionen),
    )
    return ergebnis, ab


def _ramsch(
    alle: list[str],
    partei: list[str],
    jungfrauen: list[str],
    dm: str | None,
    basis: Mapping[str, object],
    tarif: Tarif | None,
    *,
    andere_fakten: bool,
    klopfer: int,
    stoesse: int,
    kurz: bool,
) -> tuple[dict[str, Any], Abrechnung]:
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
    ergebnis = dict(
        basis,
        zahlungen=zahlungen(ab, [], alle),
        wert=ab.wert,
        gewonnen=ab.gewonnen,
        spieler=durch or alle[ab.verlierer[0]],
        partner=None,
        verlierer=[alle[i] for i in ab.verlierer],
        jungfrauen=[alle[i] for i in ab.jungfrauen] if durch is None else [],
        durchmarsch=durch,
        konventionen=list(ab.konventionen),
    )
    return ergebnis, ab


def ergebnisdaten_aus_partie(bericht: Partiebericht) -> dict[str, Any]:
    """Eine geprüfte Partie (``partie_bericht(...)`` mit ``namen``) → ergebnis.

    Ist die Partie nicht regelgerecht, ``Regelverstoss`` mit allen Fehlern (Stich, Name,
    Karte, Grund).
    """
    p = bericht.partie
    namen = list(p.namen or ("Sitz 0", "Sitz 1", "Sitz 2", "Sitz 3"))
    d = bericht.als_json()
    if not bericht.gueltig:
        gruende = "; ".join(
            (f"Stich {f['stich']}" if f.get("stich") else "vor dem ersten Stich")
            + (f", {namen[f['sitz']]}" if f.get("sitz") is not None else "")
            + (f", {f['karte']}" if f.get("karte") else "")
            + f": {f['grund']}"
            for f in d.get("fehler", [])
        )
        raise Regelverstoss(f"Die Partie ist nicht regelgerecht, nicht eingetragen. {gruende}")
    ramsch = d["spiel"] == Spielart.RAMSCH.value
    ergebnis: dict[str, Any] = {
        "zahlungen": dict(zip(namen, d["zahlungen"])),
        "spielart": d["spiel"],
        "farbe": d.get("farbe"),
        "spieler": None if ramsch else namen[p.spieler],
        "partner": next((namen[i] for i in d.get("spieler_partei") or [] if i != p.spieler), None),
        "gewonnen": d.get("gewonnen"),
        "wert": d.get("wert"),
        "augen": d.get("augen_spieler"),
        "laufende": d.get("laufende_gewertet", 0),
        "schneider": d.get("schneider", False),
        "schwarz": d.get("schwarz", False),
        "tout": bool(p.tout),
        "klopfer": len(p.klopfer),
        "stoesse": len(p.stoesse),
        "stiche": d.get("stiche_spieler"),
        "konventionen": d.get("konventionen", []),
    }
    if ramsch:
        durch = namen[d["durchmarsch"]] if d.get("durchmarsch") is not None else None
        ergebnis.update(
            verlierer=[namen[i] for i in d.get("verlierer", [])],
            jungfrauen=[namen[i] for i in d.get("jungfrauen", [])],
            durchmarsch=durch,
        )
        ergebnis["spieler"] = durch or (ergebnis["verlierer"] or [None])[0]
    return ergebnis


__all__ = ["ergebnisdaten_aus_fakten", "ergebnisdaten_aus_partie"]
