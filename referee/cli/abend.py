"""Spielabende und das Buch: ``referee abend …``, ``stand``, ``verlauf``, ``rueckgaengig``,
``korrektur`` und ``referee schafkopf eintragen``.

Dünn: Argumente lesen → ``referee.store`` (und für Schafkopf ``referee.schafkopf.abrechnung``)
fragen → mit rich oder ``--json`` ausgeben. Store, Regelkern und rich werden erst in den
Befehlen importiert (Startzeit). Andere Befehlsmodule dürfen ``DB`` und ``store_oeffnen``
von hier benutzen.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, euro
from referee.cli.mehrwert import mehrwertig
from referee.cli.mehrwert import werte as _namen

DB = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="PFAD",
        help="Datenbankdatei (sonst $REFEREE_DB, sonst ~/.local/share/referee/referee.db).",
    ),
]
JSON = Annotated[bool, typer.Option("--json", help="Ausgabe als JSON auf stdout.")]


def store_oeffnen(db: str | None = None):
    """Den Store für ``--db`` (oder $REFEREE_DB / Standardpfad) öffnen."""
    from referee.store import oeffne

    return oeffne(db)


def _meldung(text: str) -> None:
    """Eine Meldung auf stderr (nie als Markup gedeutet)."""
    sys.stderr.write(text + "\n")


# --------------------------------------------------------------------------- Darstellung


def _kopfzeile(abend) -> str:
    teile = [f"Abend {abend.id}", abend.datum]
    if abend.ort:
        teile.append(abend.ort)
    teile.append("offen" if abend.offen else "beendet")
    return " · ".join(teile)


def _tarif_text(abend) -> str:
    t = abend.tarif or {}
    if not t:
        return "–"
    name = t.get("name") or "eigener"
    preise = []
    for k, wort in (
        ("grund", "Rufspiel"),
        ("solo", "Solo"),
        ("schneider", "Schneider"),
        ("laufende", "Laufende"),
    ):
        if k in t:
            preise.append(f"{wort} {euro(t[k]).lstrip('+')}")
    return f"{name} ({', '.join(preise)})" if preise else name


def _trend(s, abend_id: int, namen) -> dict[str, str]:
    """Sparkline des Schafkopf-Saldos je Spieler über den Abend (gemeinsame Skala;
    der Saldo-Verlauf aus ``referee.bericht.statistik.verlauf``)."""
    from referee.bericht.grafik import sparklines
    from referee.bericht.statistik import verlauf

    spiele = [
        {"spiel": "schafkopf", "ergebnis": {"zahlungen": z}}
        for _, z in s.verlauf_schafkopf(abend_id)
    ]
    reihen = {n: r for n, r in verlauf(spiele, list(namen)).items() if n in namen}
    if all(len(r) < 3 for r in reihen.values()):
        return {}
    return sparklines(reihen, breite=16)


def _zeige_stand(stand: dict, titel: str, trend: dict[str, str] | None = None) -> None:
    """Tabelle, dann „Wer zahlt wem“ (Schafkopf)."""
    _druck(_stand_tabelle(stand, titel, trend))
    if any(stand["schafkopf"].values()):
        from referee.bericht.ausgleich import ausgleich_zeilen

        _druck(_text("Wer zahlt wem:"))
        for zeile in ausgleich_zeilen(stand["schafkopf"]):
            _druck(_text("  " + zeile))


def _stand_tabelle(stand: dict, titel: str, trend: dict[str, str] | None = None):
    """Eine rich-Tabelle: je Spieler die Spalten der Spiele, die Daten haben."""
    from rich.table import Table
    from rich.text import Text

    spalten = []
    if trend:
        spalten.append(("Verlauf", lambda n: trend.get(n, "")))
    if stand["schafkopf"] or stand["abend"] is not None:
        spalten.append(
            ("Schafkopf", lambda n: euro(stand["schafkopf"][n]) if n in stand["schafkopf"] else "")
        )
    if stand["sabai"]:
        spalten.append(
            (
                "Sabai SP",
                lambda n: (
                    (f"{stand['sabai'][n]:+d}" if stand["sabai"][n] else "0")
                    if n in stand["sabai"]
                    else ""
                ),
            )
        )
    if stand.get("ruhmeshalle"):
        spalten.append(("Ruhmeshalle", lambda n: str(stand["ruhmeshalle"].get(n, "")) or ""))
    if stand["saufn"]:
        spalten.append(
            (
                "SAUFN 1./2./3.",
                lambda n: (
                    "/".join(str(stand["saufn"][n][p]) for p in "123")
                    if n in stand["saufn"]
                    else ""
                ),
            )
        )
    if stand["schlafmuetze"]:
        spalten.append(
            (
                "Schlafmütze",
                lambda n: str(stand["schlafmuetze"][n]) if n in stand["schlafmuetze"] else "",
            )
        )
    namen: list[str] = []
    for spiel in ("schafkopf", "sabai", "saufn", "schlafmuetze"):
        for n in stand[spiel]:
            if n not in namen:
                namen.append(n)
    from rich.console import Group

    tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler")
    for kopf, _ in spalten:
        tab.add_column(kopf, justify="left" if kopf == "Verlauf" else "right")
    for n in namen:
        tab.add_row(Text(n), *[Text(f(n)) for _, f in spalten])
    return Group(Text(titel, style="bold"), tab)


def _beschreibung(e, namen_nach_id: dict | None = None) -> str:
    """Eine Zeile: was der Eintrag festhält (ohne Beträge)."""
    r = e.ergebnis
    if e.art == "storno":
        return f"Storno von #{e.bezug}"
    vor = f"Korrektur von #{e.bezug}: " if e.art == "korrektur" else ""
    if e.spiel == "schafkopf":
        art = str(r.get("spielart") or "").capitalize() or "Spiel"
        if r.get("spielart") == "ramsch":
            if r.get("durchmarsch"):
                text = f"Ramsch: Durchmarsch {r['durchmarsch']}"
            else:
                text = "Ramsch: verliert " + "+".join(r.get("verlierer") or [])
            if r.get("jungfrauen"):
                text += ", Jungfrau " + "+".join(r["jungfrauen"])
        else:
            wer = "+".join(x for x in (r.get("spieler"), r.get("partner")) if x)
            text = f"{art} {wer} " + ("gewonnen" if r.get("gewonnen") else "verloren")
            extra = []
            if r.get("augen") is not None:
                extra.append(f"{r['augen']} Augen")
            if r.get("laufende"):
                extra.append(f"{r['laufende']} Laufende")
            for k, wort in (("schwarz", "schwarz"), ("tout", "Tout"), ("sie", "Sie")):
                if r.get(k):
                    extra.append(wort)
            if r.get("schneider") and not r.get("schwarz"):
                extra.append("Schneider")
            if r.get("klopfer"):
                extra.append(f"{r['klopfer']}× geklopft")
            if r.get("stoesse"):
                extra.append(f"{r['stoesse']}× Stoß")
            if extra:
                text += " (" + ", ".join(extra) + ")"
        return vor + text
    if e.spiel == "sabai":
        sp = ", ".join(f"{n} {v:+d}" for n, v in (r.get("siegpunkte") or {}).items() if v)
        text = "sabai-sabai: Siegpunkte " + (sp or "keine")
        if r.get("ruhmeshalle"):
            text += "; Ruhmeshalle: " + ", ".join(r["ruhmeshalle"])
        if r.get("letzte"):
            text += " (letzte Partie)"
        return vor + text
    if e.spiel == "saufn":
        plaetze = " ".join(f"{i}. {n}" for i, n in enumerate(r.get("plaetze") or [], start=1))
        return vor + f"SAUFN: {plaetze}"
    if e.spiel == "schlafmuetze":
        return vor + f"Schlafmütze: gewonnen hat {r.get('sieger')}"
    return vor + e.spiel


def _betraege(e) -> str:
    if e.spiel == "schafkopf" and e.ergebnis.get("zahlungen"):
        return " · ".join(f"{n} {euro(c)}" for n, c in e.ergebnis["zahlungen"].items())
    return ""


def _zeit(iso: str) -> str:
    return iso[11:16] if len(iso) >= 16 else iso


def _druck(*teile) -> None:
    from referee.cli.ausgabe import konsole

    konsole().print(*teile)


def _text(s: str, stil: str = ""):
    from rich.text import Text

    return Text(s, style=stil)


def _geber_text(g: dict) -> str:
    text = f"Geber: {g['geber']} · spielt aus: {g['ausspieler']}"
    if g["aussetzer"]:
        text += f" · setzt aus: {', '.join(g['aussetzer'])}"
    return text


_GEBER_KONVENTION = (
    "Konvention, nicht im Regeltext: Der Geber wechselt nach jedem Schafkopfspiel "
    "im Uhrzeigersinn (Reihenfolge von --spieler); es spielt aus, wer links vom "
    "Geber sitzt; bei fünf Spielern setzt der Geber aus."
)


# --------------------------------------------------------------------------- referee abend


@gruppen.abend.callback(invoke_without_command=True)
def abend_zeigen(ctx: typer.Context, db: DB = None, als_json: JSON = False) -> None:
    """Spielabende: ohne Unterbefehl den aktuellen Abend zeigen (Spieler, Tarif, Geber, Stand).

    Beispiel: referee abend neu --spieler Anna Ben Cem Dora
    """
    if ctx.invoked_subcommand is not None:
        if db:  # „referee abend --db X neu …“: gilt auch für den Unterbefehl (dessen --db geht vor)
            import os

            os.environ["REFEREE_DB"] = db
        return
    s = store_oeffnen(db)
    a = s.abend()
    stand = s.stand(a.id, ueberweisungen=True)
    g = s.geber(a)
    if als_json:
        drucke_json({"abend": a.als_dict(), "geber": g, "stand": stand})
        return
    _zeige_abend(s, a, stand, g)


def _zeige_abend(s, a, stand, g) -> None:
    _druck(_text(_kopfzeile(a), "bold"))
    _druck(_text("Spieler: " + ", ".join(a.spieler)))
    _druck(_text("Tarif: " + _tarif_text(a)))
    if a.hausregeln:
        _druck(_text("Hausregeln: " + ", ".join(f"{k}={v}" for k, v in a.hausregeln.items())))
    if a.offen and len(a.spieler) >= 4:
        _druck(_text(_geber_text(g) + f" (nach {g['spiele']} Schafkopfspielen)"))
        _druck(_text(_GEBER_KONVENTION, "dim"))
    if "ueberweisungen" in stand:
        _zeige_stand(stand, "Stand", _trend(s, a.id, stand["schafkopf"]))
    else:
        _druck(_stand_tabelle(stand, "Stand"))


@gruppen.abend.command("neu", cls=mehrwertig())
def abend_neu(
    vorne: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[NAME]...",
            help="Spieler auch ohne --spieler (stehen vor denen nach --spieler).",
        ),
    ] = None,
    spieler: Annotated[
        list[str] | None,
        typer.Option(
            "--spieler",
            "-s",
            help="Die Spieler in Sitzordnung im Uhrzeigersinn: --spieler Anna Ben Cem Dora.",
        ),
    ] = None,
    ort: Annotated[str | None, typer.Option("--ort", help="Wo gespielt wird.")] = None,
    datum: Annotated[
        str | None,
        typer.Option("--datum", metavar="JJJJ-MM-TT", help="Datum (Standard: heute)."),
    ] = None,
    tarif: Annotated[
        str | None,
        typer.Option(
            "--tarif",
            help="Schafkopf-Tarif (z. B. 10-20-50, 5-10-20; Liste: referee schafkopf tarife).",
        ),
    ] = None,
    setzen: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="SCHLUESSEL=WERT",
            help="Tarif/Hausregel überschreiben, z. B. --set laufende_ab=2.",
        ),
    ] = None,
    neu: Annotated[
        list[str] | None,
        typer.Option(
            "--neu",
            metavar="NAME",
            help="Diesen Namen neu anlegen, obwohl er einem bekannten ähnelt.",
        ),
    ] = None,
    geber: Annotated[
        str | None, typer.Option("--geber", help="Wer zuerst gibt (Standard: der Erste).")
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Einen neuen Spielabend beginnen: Spieler (Sitzordnung), Ort, Tarif und Hausregeln.

    Unbekannte Namen werden angelegt; ähnelt ein Name einem bekannten (Tippfehler?), kommt
    „Meintest du …?“ – mit --neu NAME wird er trotzdem angelegt.

    Beispiel: referee abend neu --spieler Anna Ben Cem Dora --ort Gasthaus --tarif 10-20-50
    """
    from referee.schafkopf.tarif import setzungen, tarif_laden

    namen = _namen(vorne) + _namen(spieler)
    gesetzt = setzungen(setzen or [])
    t = tarif_laden(tarif, gesetzt)
    s = store_oeffnen(db)
    a, angelegt = s.abend_neu(
        namen,
        ort=ort,
        datum=datum,
        tarif=t.to_dict(),
        hausregeln=gesetzt,
        neu=_namen(neu),
        geber=geber,
    )
    if angelegt:
        _meldung("Neu angelegt: " + ", ".join(angelegt) + ".")
    g = s.geber(a)
    if als_json:
        drucke_json({"abend": a.als_dict(), "geber": g, "neu_angelegt": angelegt})
        return
    _druck(_text(f"Abend {a.id} begonnen.", "bold"))
    _zeige_abend(s, a, s.stand(a.id), g)


@gruppen.abend.command("liste")
def abend_liste(db: DB = None, als_json: JSON = False) -> None:
    """Alle Spielabende mit Datum, Ort, Spielern und Zahl der Einträge.

    Beispiel: referee abend liste --json
    """
    s = store_oeffnen(db)
    abende = s.abende()
    zahlen = s.anzahl_eintraege() if abende else {}
    if als_json:
        drucke_json([dict(a.als_dict(), eintraege=zahlen.get(a.id, 0)) for a in abende])
        return
    if not abende:
        _meldung("Noch keine Abende. Beispiel: referee abend neu --spieler Anna Ben Cem Dora")
        return
    from rich.table import Table

    tab = Table(show_edge=False, pad_edge=False)
    for kopf in ("Nr", "Datum", "Ort", "Spieler", "Einträge", ""):
        tab.add_column(kopf)
    for a in abende:
        tab.add_row(
            str(a.id),
            a.datum,
            _text(a.ort or ""),
            _text(", ".join(a.spieler)),
            str(zahlen.get(a.id, 0)),
            "offen" if a.offen else "",
        )
    _druck(tab)


@gruppen.abend.command("ende")
def abend_ende(db: DB = None, als_json: JSON = False) -> None:
    """Den aktuellen Abend beenden und den Endstand zeigen; danach nimmt er nichts mehr an.

    Beispiel: referee abend ende
    """
    s = store_oeffnen(db)
    a = s.abend_beenden()
    stand = s.stand(a.id, ueberweisungen=True)
    if als_json:
        drucke_json({"abend": a.als_dict(), "stand": stand})
        return
    _druck(_text(f"Abend {a.id} beendet.", "bold"))
    _zeige_stand(stand, "Endstand", _trend(s, a.id, stand["schafkopf"]))


# --------------------------------------------------------------------------- stand, verlauf


@gruppen.app.command("stand")
def stand(
    abend: Annotated[
        int | None, typer.Option("--abend", metavar="ID", help="Dieser Abend.")
    ] = None,
    gesamt: Annotated[bool, typer.Option("--gesamt", help="Über alle Abende.")] = False,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Der Stand: Schafkopf in €, sabai-Siegpunkte, SAUFN-Plätze, Schlafmütze-Siege.

    Ohne Angabe: der aktuelle (offene) Abend, sonst der letzte.

    Beispiel: referee stand --gesamt --json
    """
    from referee.errors import Eingabefehler
    from referee.store import KeineDaten

    if gesamt and abend is not None:
        raise Eingabefehler("--abend und --gesamt schließen sich aus; nimm eines davon.")
    s = store_oeffnen(db)
    if not s.existiert:
        raise KeineDaten(
            f"Noch keine Daten ({s.pfad} gibt es nicht). "
            "Beispiel: referee abend neu --spieler Anna Ben Cem Dora"
        )
    if gesamt:
        st = s.stand(None, ueberweisungen=True)
        titel = "Gesamtstand über alle Abende"
    else:
        a = s.abende_waehlen(abend)[0]
        st = s.stand(a.id, ueberweisungen=True)
        titel = "Stand · " + _kopfzeile(a)
    if als_json:
        drucke_json(st)
        return
    _zeige_stand(st, titel, None if gesamt else _trend(s, a.id, st["schafkopf"]))


@gruppen.app.command("verlauf")
def verlauf(
    abend: Annotated[
        int | None, typer.Option("--abend", metavar="ID", help="Dieser Abend.")
    ] = None,
    alle: Annotated[
        bool, typer.Option("--alle", help="Auch Stornierte, Stornos und Ersetzte zeigen.")
    ] = False,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Die Einträge eines Abends, nummeriert (#ID); mit --alle auch Stornos und Korrekturen.

    Beispiel: referee verlauf --alle
    """
    s = store_oeffnen(db)
    a = s.abende_waehlen(abend)[0]
    from referee.store import aufgehoben_durch

    eintraege = s.eintraege(a.id, alle=True)
    aufgehoben = aufgehoben_durch(eintraege)
    zeigen = eintraege if alle else [e for e in eintraege if e.gilt]
    if als_json:
        drucke_json(
            {
                "abend": a.id,
                "eintraege": [
                    dict(
                        e.als_dict(),
                        aufgehoben_durch=aufgehoben[e.id].id if e.id in aufgehoben else None,
                    )
                    for e in zeigen
                ],
            }
        )
        return
    _druck(_text(_kopfzeile(a), "bold"))
    if not zeigen:
        _druck(_text("Noch keine Einträge."))
        return
    for e in zeigen:
        stil = "dim" if (e.id in aufgehoben or e.art == "storno") else ""
        _druck(_text(f"#{e.id:<4} {_zeit(e.zeit)}  {_beschreibung(e)}", stil))
        b = _betraege(e)
        if b:
            _druck(_text("       " + b, stil))
        if e.id in aufgehoben:
            x = aufgehoben[e.id]
            _druck(
                _text(
                    f"       ({'storniert durch' if x.art == 'storno' else 'ersetzt durch'} #{x.id})",
                    stil,
                )
            )


@gruppen.app.command("rueckgaengig")
def rueckgaengig(
    eintrag: Annotated[
        int | None,
        typer.Option(
            "--eintrag", metavar="ID", help="Diesen Eintrag stornieren statt des letzten."
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Storniert den letzten geltenden Eintrag des aktuellen Abends (das Original bleibt sichtbar).

    Beispiel: referee rueckgaengig
    """
    s = store_oeffnen(db)
    storno = s.rueckgaengig(eintrag)
    alt = s.eintrag(storno.bezug)
    stand = s.stand(alt.abend_id)
    if als_json:
        drucke_json({"storno": storno.als_dict(), "storniert": alt.als_dict(), "stand": stand})
        return
    _druck(_text(f"Eintrag #{alt.id} storniert (Storno #{storno.id}): {_beschreibung(alt)}"))
    if alt.art == "korrektur":
        _druck(
            _text(f"Damit gilt wieder Eintrag #{alt.bezug}: {_beschreibung(s.eintrag(alt.bezug))}")
        )
    _druck(_stand_tabelle(stand, "Neuer Stand"))


# --------------------------------------------------------------------------- Schafkopf eintragen


def _tisch(s, a, tisch: list[str] | None, spielfolge: bool = False) -> list[str]:
    """Die vier Teilnehmer des Spiels (``--tisch A,B,C,D`` oder laut Geberfolge):
    ``Store.schafkopf_tisch``."""
    return s.schafkopf_tisch(a, _namen(tisch or []), spielfolge=spielfolge)


def _schafkopf_ergebnis(
    s,
    a,
    spielart_text: str,
    wer: str | None,
    *,
    augen,
    laufende,
    schwarz,
    tout,
    sie,
    klopfer,
    stoss,
    stiche,
    kurz,
    jungfrau,
    durchmarsch,
    tisch,
) -> tuple[dict, object]:
    """Namen am Tisch auflösen → ``referee.schafkopf.eintrag.ergebnis_aus_fakten``."""
    from referee.errors import Eingabefehler
    from referee.schafkopf.eintrag import ergebnis_aus_fakten
    from referee.schafkopf.spielart import parse_ansage
    from referee.schafkopf.tarif import Tarif

    spielart, _ = parse_ansage(spielart_text)
    alle = _tisch(s, a, tisch)

    def finde(n: str) -> str:
        name = s.spieler_finden(n, unter=a.spieler).name
        if name not in alle:
            raise Eingabefehler(
                f"„{name}“ spielt dieses Spiel nicht mit (am Tisch: {', '.join(alle)})."
            )
        return name

    return ergebnis_aus_fakten(
        spielart,
        alle,
        [finde(n) for n in (wer or "").split("+") if n.strip()],
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        stiche=stiche,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoesse=stoss,
        kurz=kurz,
        jungfrauen=[finde(n) for n in _namen([x.replace("+", ",") for x in jungfrau or []])],
        durchmarsch=finde(durchmarsch) if durchmarsch else None,
        tarif=Tarif.from_dict(a.tarif) if a.tarif else None,
    )


def _partie_ergebnis(s, a, datei: str, tisch) -> tuple[dict, dict]:
    """Eine ganze Partie (Datei in JSON oder Textform, ``-`` = stdin) prüfen und abrechnen lassen."""
    from referee.cli.schafkopf import lies_eingabe
    from referee.errors import Eingabefehler
    from referee.schafkopf.eintrag import ergebnis_aus_partie
    from referee.schafkopf.partie import partie_daten, pruefe_partie

    daten = partie_daten(lies_eingabe(datei), datei)
    if not isinstance(daten, dict):
        raise Eingabefehler(f"„{datei}“: eine Partie ist ein JSON-Objekt.")
    # Sitz 0 spielt zum ersten Stich aus: ohne „namen“ der, der laut Geberfolge ausspielt
    namen = daten.get("namen") or _tisch(s, a, tisch, spielfolge=True)
    if not isinstance(namen, list) or len(namen) != 4:
        raise Eingabefehler(f"„namen“ in „{datei}“ muss vier Spieler nennen (Sitz 0–3).")
    namen = [s.spieler_finden(str(n), unter=a.spieler).name for n in namen]
    daten = dict(daten, namen=namen)
    if daten.get("tarif") is None and a.tarif:
        daten["tarif"] = a.tarif
    return ergebnis_aus_partie(pruefe_partie(daten)), daten


def _ergebnis_und_eingabe(
    s, a, spielart: str | None, wer: str | None, partie: str | None, tisch, fehlt: str, **fakten
) -> tuple[dict, object, dict]:
    """Gemeinsamer Weg von „schafkopf eintragen“ und „korrektur“: aus der Partie-Datei
    oder den Fakten das ergebnis, die Abrechnung (``None`` bei --partie) und die Eingabe."""
    from referee.errors import Eingabefehler

    if partie is not None:
        if spielart or wer:
            raise Eingabefehler("Mit --partie DATEI keine Spielart und keine Spieler angeben.")
        ergebnis, daten = _partie_ergebnis(s, a, partie, tisch)
        return ergebnis, None, {"argv": aufruf(), "partie": daten}
    if spielart is None:
        raise Eingabefehler(fehlt)
    ergebnis, ab = _schafkopf_ergebnis(s, a, spielart, wer, tisch=tisch, **fakten)
    return ergebnis, ab, {"argv": aufruf()}


def _zeige_eintrag(s, a, e, ab, titel: str) -> None:
    stand = s.stand(a.id)["schafkopf"]
    _druck(_text(f"{titel} #{e.id} · Abend {a.id}: {_beschreibung(e)}", "bold"))
    if ab is not None:
        _druck(_text("Wert: " + ab.erklaerung + " ct"))
    from rich.table import Table

    tab = Table(show_edge=False, pad_edge=False)
    tab.add_column("Spieler")
    tab.add_column("Spiel", justify="right")
    tab.add_column("Stand", justify="right")
    for n, c in e.ergebnis["zahlungen"].items():
        tab.add_row(_text(n), euro(c), euro(stand.get(n, 0)))
    for n in stand:
        if n not in e.ergebnis["zahlungen"]:
            tab.add_row(_text(n), "", euro(stand[n]))
    _druck(tab)
    for k in e.ergebnis.get("konventionen") or []:
        _druck(_text(k, "dim"))
    if a.offen:
        _druck(_text("Nächstes Spiel · " + _geber_text(s.geber(s.abend(a.id)))))


# Gemeinsame Optionen von „schafkopf eintragen“ und „korrektur“
_WER = Annotated[
    str | None,
    typer.Argument(
        metavar="[SPIELER]",
        help="Spielerpartei: Anna+Ben (Rufspiel), Cem (Solo …); beim Ramsch der Verlierer.",
    ),
]
_AUGEN = Annotated[int | None, typer.Option("--augen", help="Augen der Spielerpartei (0–120).")]
_LAUFENDE = Annotated[int, typer.Option("--laufende", help="Laufende (mit oder ohne).")]
_SCHWARZ = Annotated[bool, typer.Option("--schwarz", help="Eine Partei hat keinen Stich.")]
_TOUT = Annotated[bool, typer.Option("--tout", help="Tout angesagt.")]
_SIE = Annotated[bool, typer.Option("--sie", help="Sie (alle Ober und Unter).")]
_KLOPFER = Annotated[int, typer.Option("--klopfer", help="Zahl der Klopfer/Legen.")]
_STOSS = Annotated[int, typer.Option("--stoss", help="Zahl der Stöße/Retour.")]
_STICHE = Annotated[
    int | None, typer.Option("--stiche", help="Stiche der Spielerpartei (Bettel: 0 = gewonnen).")
]
_KURZ = Annotated[bool, typer.Option("--kurz", help="Kurze Karte (24 Blatt).")]
_JUNGFRAU = Annotated[
    list[str] | None,
    typer.Option(
        "--jungfrau", metavar="NAME", help="Ramsch: Spieler ohne Stich (mehrfach oder Ben+Cem)."
    ),
]
_DURCHMARSCH = Annotated[
    str | None,
    typer.Option("--durchmarsch", metavar="NAME", help="Ramsch: wer alle Stiche machte."),
]
_TISCH = Annotated[
    list[str] | None,
    typer.Option(
        "--tisch",
        metavar="A,B,C,D",
        help="Die vier Spieler dieses Spiels (bei mehr als vier am Abend).",
    ),
]


@gruppen.schafkopf.command("eintragen", cls=mehrwertig())
def schafkopf_eintragen(
    spielart: Annotated[
        str | None,
        typer.Argument(
            metavar="[SPIELART]",
            help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, ramsch, bettel.",
        ),
    ] = None,
    wer: _WER = None,
    augen: _AUGEN = None,
    laufende: _LAUFENDE = 0,
    schwarz: _SCHWARZ = False,
    tout: _TOUT = False,
    sie: _SIE = False,
    klopfer: _KLOPFER = 0,
    stoss: _STOSS = 0,
    stiche: _STICHE = None,
    kurz: _KURZ = False,
    jungfrau: _JUNGFRAU = None,
    durchmarsch: _DURCHMARSCH = None,
    tisch: _TISCH = None,
    partie: Annotated[
        str | None,
        typer.Option(
            "--partie",
            metavar="DATEI",
            help="Eine ganze Partie (JSON, - = stdin) prüfen und eintragen.",
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ein Schafkopfspiel in den aktuellen Abend eintragen; zeigt Beträge und neuen Stand.

    Beispiel: referee schafkopf eintragen rufspiel Anna+Ben --augen 71 --laufende 3
    (Solo: wenz Cem --augen 45; Ramsch: ramsch Dora --jungfrau Ben; --partie partie.json)
    """
    s = store_oeffnen(db)
    a = s.abend()
    ergebnis, ab, eingabe = _ergebnis_und_eingabe(
        s,
        a,
        spielart,
        wer,
        partie,
        tisch,
        "Es fehlt die Spielart, z. B. referee schafkopf eintragen rufspiel Anna+Ben --augen 71.",
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoss=stoss,
        stiche=stiche,
        kurz=kurz,
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
    )
    e = s.eintragen("schafkopf", ergebnis, eingabe, abend_id=a.id)
    if als_json:
        drucke_json(
            {
                "eintrag": e.id,
                "abend": a.id,
                "ergebnis": e.ergebnis,
                "stand": s.stand(a.id)["schafkopf"],
                "geber": s.geber(s.abend(a.id)),
            }
        )
        return
    _zeige_eintrag(s, a, e, ab, "Eintrag")


_KORREKTUR_BEFEHL = {
    "sabai": ("sabai", "eintragen"),
    "saufn": ("saufn", "ende"),
    "schlafmuetze": ("schlafmuetze", "sieg"),
}
_KORREKTUR_FORM = {
    "schafkopf": "referee korrektur {id} rufspiel Anna+Ben --augen 61 (wie „schafkopf eintragen“)",
    "sabai": 'referee korrektur {id} Anna="3 7 J" Ben="AJ 2 2" Cem="" Dora="14 0" (wie „sabai runde“)',
    "saufn": "referee korrektur {id} --platz Cem Anna Ben (wie „saufn ende“)",
    "schlafmuetze": "referee korrektur {id} Ben --spieler Anna Ben Cem (wie „schlafmuetze sieg“)",
}


def _weiterreichen(args: list[str], eintrag_id: int) -> list[str]:
    """Die Angaben nach ``korrektur ID`` (ohne ``--db``), für den Befehl des Spiels."""
    if "korrektur" in args:
        args = args[args.index("korrektur") + 1 :]
    aus: list[str] = []
    id_gesehen = trenner_gesehen = False
    i = 0
    while i < len(args):
        tok = args[i]
        if tok == "--db":
            i += 2
            continue
        if tok.startswith("--db="):
            i += 1
            continue
        if not id_gesehen and tok == str(eintrag_id):
            id_gesehen = True
        elif tok == "--" and not trenner_gesehen:
            trenner_gesehen = True
        else:
            aus.append(tok)
        i += 1
    return aus


def _korrektur_anderes_spiel(s, alt, als_json: bool, db: str | None) -> None:
    """sabai, SAUFN, Schlafmütze: den Befehl des Spiels mit den Angaben ausführen; sein
    ``store.eintragen`` wird (``referee.store.als_korrektur``) zur Korrektur von ``alt``."""
    import importlib
    import os

    import typer.main

    from referee.errors import Eingabefehler
    from referee.store import SPIEL_NAMEN, als_korrektur

    gruppe, befehl = _KORREKTUR_BEFEHL[alt.spiel]
    rest = _weiterreichen(aufruf(), alt.id)
    if not [t for t in rest if t != "--json"]:
        raise Eingabefehler(
            f"Es fehlen die richtigen Angaben für Eintrag #{alt.id} ({SPIEL_NAMEN[alt.spiel]}), z. B. "
            + _KORREKTUR_FORM[alt.spiel].format(id=alt.id)
            + "."
        )
    if alt.spiel == "saufn" and "--eintragen" not in rest:
        rest.append("--eintragen")
    if db:
        os.environ["REFEREE_DB"] = db
    s.schliessen()
    importlib.import_module(f"referee.cli.{gruppe}")
    with als_korrektur(alt.id) as merker:
        code = typer.main.get_command(gruppen.app).main(
            args=[gruppe, befehl, *rest], prog_name="referee", standalone_mode=False
        )
    code = code if isinstance(code, int) else 0
    e = merker["eintrag"]
    if e is not None:
        text = (
            f"Korrektur #{e.id} ersetzt Eintrag #{alt.id} ({SPIEL_NAMEN[alt.spiel]}); "
            "das Original bleibt in „referee verlauf --alle“ sichtbar."
        )
        if als_json:
            _meldung(text)
        else:
            _druck(_text(text, "bold"))
    elif code == 0:
        raise Eingabefehler(f"Nichts korrigiert: Eintrag #{alt.id} bleibt, wie er ist.")
    if code:
        raise typer.Exit(code)


@gruppen.app.command(
    "korrektur",
    cls=mehrwertig(),
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
def korrektur(
    ctx: typer.Context,
    eintrag: Annotated[
        int,
        typer.Argument(metavar="ID", help="Der zu ersetzende Eintrag (#ID aus referee verlauf)."),
    ],
    angaben: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[ANGABEN]...",
            help="Die richtigen Angaben, wie beim Eintragen des Spiels (siehe oben).",
        ),
    ] = None,
    augen: _AUGEN = None,
    laufende: _LAUFENDE = 0,
    schwarz: _SCHWARZ = False,
    tout: _TOUT = False,
    sie: _SIE = False,
    klopfer: _KLOPFER = 0,
    stoss: _STOSS = 0,
    stiche: _STICHE = None,
    kurz: _KURZ = False,
    jungfrau: _JUNGFRAU = None,
    durchmarsch: _DURCHMARSCH = None,
    tisch: _TISCH = None,
    partie: Annotated[
        str | None,
        typer.Option(
            "--partie",
            metavar="DATEI",
            help="Schafkopf: die ganze Partie (JSON, - = stdin) statt der Fakten.",
        ),
    ] = None,
    db: DB = None,
    als_json: JSON = False,
) -> None:
    """Ersetzt einen Eintrag durch die richtigen Angaben; das Original bleibt sichtbar (verlauf --alle).

    Nach der ID folgen dieselben Angaben wie beim Eintragen des Spiels:
    Schafkopf wie „schafkopf eintragen“, sabai wie „sabai runde“, SAUFN wie
    „saufn ende“, Schlafmütze wie „schlafmuetze sieg“. Stände ergeben sich aus den
    geltenden Einträgen; die Korrektur steht in der Spielfolge am Platz des Originals.

    Beispiel: referee korrektur 12 rufspiel Anna+Ben --augen 61 --laufende 3
    (sabai: referee korrektur 13 Anna="3 7" Ben="AJ" Cem="" Dora="14 0";
    SAUFN: referee korrektur 14 --platz Cem Anna Ben; Schlafmütze: referee korrektur 15 Ben)
    """
    from referee.errors import Eingabefehler, Regelverstoss

    s = store_oeffnen(db)
    alt = s.eintrag(eintrag)
    if alt.art == "storno":
        raise Regelverstoss(
            f"Eintrag #{alt.id} ist ein Storno; korrigiert wird das Spiel selbst (#{alt.bezug})."
        )
    a = s.abend(alt.abend_id)
    if not a.offen:
        raise Regelverstoss(f"Abend {a.id} ist beendet; dort wird nichts mehr korrigiert.")
    if alt.spiel != "schafkopf":
        _korrektur_anderes_spiel(s, alt, als_json, db)
        return
    angaben = list(angaben or [])
    extra = angaben[2:] + list(ctx.args)
    if extra:
        raise Eingabefehler(
            f"Unerwartete Angabe „{' '.join(extra)}“; Form: "
            + _KORREKTUR_FORM["schafkopf"].format(id=alt.id)
            + "."
        )
    spielart = angaben[0] if angaben else None
    wer = angaben[1] if len(angaben) > 1 else None
    ergebnis, ab, eingabe = _ergebnis_und_eingabe(
        s,
        a,
        spielart,
        wer,
        partie,
        tisch or list(alt.ergebnis.get("zahlungen", {})),
        "Es fehlen die richtigen Fakten, z. B. "
        + _KORREKTUR_FORM["schafkopf"].format(id=alt.id)
        + ".",
        augen=augen,
        laufende=laufende,
        schwarz=schwarz,
        tout=tout,
        sie=sie,
        klopfer=klopfer,
        stoss=stoss,
        stiche=stiche,
        kurz=kurz,
        jungfrau=jungfrau,
        durchmarsch=durchmarsch,
    )
    e = s.korrektur(alt.id, ergebnis, eingabe)
    if als_json:
        drucke_json(
            {
                "eintrag": e.id,
                "ersetzt": alt.id,
                "abend": a.id,
                "ergebnis": e.ergebnis,
                "stand": s.stand(a.id)["schafkopf"],
            }
        )
        return
    _zeige_eintrag(s, a, e, ab, "Korrektur")
