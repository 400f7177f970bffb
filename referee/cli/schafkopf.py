"""Schafkopf-Befehle: ``referee schafkopf zug``, ``referee schafkopf partie`` (``ruf``: ``cli/ruf.py``).

Dünn: Eingabe lesen → Regelkern (``referee.schafkopf``) fragen → ausgeben.
Den Regelkern und rich erst in den Befehlen importieren (Startzeit).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import typer

from referee.cli import ausgabe
from referee.cli.gruppen import schafkopf
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from referee.schafkopf.karten import Karte
    from referee.schafkopf.partie import Partie, Partiebericht, Partiefehler


@schafkopf.command("zug")
def zug(
    spiel: str = typer.Option(
        ..., "--spiel", help="rufspiel, solo, wenz, farbwenz, geier, farbgeier, ramsch oder bettel."
    ),
    farbe: str | None = typer.Option(
        None,
        "--farbe",
        help="Gerufene Sau (rufspiel) bzw. Trumpffarbe (solo, farbwenz, farbgeier).",
    ),
    hand: str = typer.Option(..., "--hand", help="Meine restlichen Karten."),
    stich: str = typer.Option(
        "",
        "--stich",
        help="Die Karten, die im Stich schon liegen, in Spielreihenfolge (leer = ich spiele aus).",
    ),
    gesucht: bool = typer.Option(
        False, "--gesucht", help="Die Ruf-Sau ist schon gesucht oder gespielt."
    ),
    davongelaufen: bool = typer.Option(
        False, "--davongelaufen", help="Ich (Halter der Ruf-Sau) bin schon davongelaufen."
    ),
    letzter_stich: bool = typer.Option(False, "--letzter-stich", help="Es ist der letzte Stich."),
    deck: str = typer.Option(
        "lang",
        "--deck",
        help="lang (höchstens 8 Karten) oder kurz (höchstens 6, ohne Acht und Sieben).",
    ),
    karte: str | None = typer.Option(
        None, "--karte", help="Nur diese Karte prüfen: Exit 0 = erlaubt, 1 = verboten."
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Welche Karte darf ich spielen?

    Bedienpflicht, Suchen der Ruf-Sau, Bindung der Ruf-Sau und Davonlaufen; für jede verbotene Karte der Grund mit Regelabschnitt. Ohne --karte: die erlaubten Karten (Exit 0). Mit --karte K: darf K gelegt werden? Exit 0 = ja, 1 = nein (mit Grund und den erlaubten Karten), 2 = unbrauchbare Eingabe.

    Beispiel: referee schafkopf zug --spiel rufspiel --farbe schellen --hand "SA S7 S8 S9 GO" --stich "SK" --karte S7
    """
    from referee.schafkopf.karten import Blatt, Karte, parse_hand
    from referee.schafkopf.spielart import Spiel
    from referee.schafkopf.zug import Zuglage, erlaubte_karten, zug_auskunft

    sp = Spiel.aus_text(spiel, farbe)
    blatt = Blatt.parse(deck)
    karten = parse_hand(hand, deck=blatt)
    liegt = parse_hand(stich, deck=blatt) if stich.strip() else ()
    lage: Zuglage = {
        "gesucht": gesucht,
        "davongelaufen": davongelaufen,
        "letzter_stich": letzter_stich,
        "blatt": blatt,
    }
    zeilen: list[tuple[str, str | None]] = []
    if karte is not None:
        a = zug_auskunft(karten, liegt, sp, Karte.parse(karte), **lage)
        daten = a.als_json()
        if a.erlaubt:
            zeilen.append((f"{a.karte} ist erlaubt.", "bold green"))
        else:
            zeilen.append((f"{a.karte} ist nicht erlaubt.", "bold red"))
        zeilen.append((f"  {a.grund}", None))
        if not a.erlaubt:
            zeilen.append(("Erlaubt wären: " + " ".join(str(k) for k in a.erlaubte), None))
        erlaubt = a.erlaubt
    else:
        w = erlaubte_karten(karten, liegt, sp, **lage)
        daten = w.als_json()
        lage_text = (
            "Du spielst aus." if not liegt else "Im Stich: " + " ".join(map(str, liegt)) + "."
        )
        zeilen.append((f"{sp.beschreibung}. {lage_text}", None))
        zeilen.append(("Erlaubt: " + " ".join(str(k) for k in w.erlaubte), "bold green"))
        if w.verboten:
            zeilen.append(("Verboten:", "bold red"))
            zeilen.extend((f"  {v.karte!s:4} {v.grund}", None) for v in w.verboten)
        if w.hinweis:
            zeilen.append((w.hinweis, "bold"))
        erlaubt = True
    if sp.konvention:
        daten["konventionen"] = [sp.konvention]
        zeilen.append((sp.konvention, "dim"))
    if als_json:
        ausgabe.drucke_json(daten)
    else:
        ausgabe.drucke_zeilen(zeilen)
    if not erlaubt:
        raise typer.Exit(1)


def lies_eingabe(datei: str) -> str:
    """Der Text der Datei ``datei`` (``-`` = stdin), begrenzt (``referee.dateien``)."""
    from referee.dateien import lies_text

    return lies_text(datei)


def _sitzname(partie: Partie, sitz: int | None) -> str:
    """``Dora`` (mit Namen) bzw. ``Sitz 3``."""
    if sitz is None:
        return "–"
    if partie.namen:
        return partie.namen[sitz]
    return f"Sitz {sitz}"


def _karten(karten: Iterable[Karte]) -> str:
    return " ".join(str(k) for k in karten)


def _zeige_bericht(bericht: Partiebericht, nr: int | None = None) -> None:
    """Menschenlesbare Ausgabe eines Partieberichts (fremde Namen nie als Markup)."""
    from referee.regeltexte import abschnitt as regel
    from referee.schafkopf.tarif import tarif_laden

    p = bericht.partie

    def name(s: int | None) -> str:
        return _sitzname(p, s)

    kopf = f"Partie {nr}: " if nr is not None else "Partie: "
    kopf += f"{p.spiel.beschreibung}{' (Tout)' if p.tout else ''}{' (Sie)' if p.sie else ''}"
    if p.spiel.art.value != "ramsch":
        kopf += f", Spieler {name(p.spieler)}"
    if p.spiel.rufsau is not None and len(bericht.spieler_partei) == 2:
        partner = next(s for s in bericht.spieler_partei if s != p.spieler)
        kopf += f", Partner {name(partner)}"
    if p.namen:
        kopf += " – Sitze: " + ", ".join(f"{i} {n}" for i, n in enumerate(p.namen))
    ausgabe.drucke_text(kopf, stil="bold")
    if p.klopfer or p.stoesse:
        teile = []
        if p.klopfer:
            teile.append("geklopft: " + ", ".join(name(s) for s in p.klopfer))
        if p.stoesse:
            teile.append("Stoß/Retour: " + " → ".join(name(s) for s in p.stoesse))
        zeile = "; ".join(teile)
        ausgabe.drucke_text(zeile[:1].upper() + zeile[1:] + ".")
    fehler_je_stich: dict[int | None, list[Partiefehler]] = {}
    for f in bericht.fehler:
        fehler_je_stich.setdefault(f.stich, []).append(f)
    for f in fehler_je_stich.get(None, []):
        ausgabe.drucke_text(f"✗ Vor dem ersten Stich, {name(f.sitz)}: {f.grund}", stil="red")
    for i, st in enumerate(p.stiche, start=1):
        teile = [f"{name((st.aus + j) % 4)} {k}" for j, k in enumerate(st.karten)]
        zeile = f"Stich {i}: " + ", ".join(teile)
        if i <= len(bericht.sieger):
            s = bericht.sieger[i - 1]
            zeile += f" → {name(s)} ({sum(k.augen for k in st.karten)} Augen)"
        ausgabe.drucke_text(zeile, stil="red" if i in fehler_je_stich else None)
        for f in fehler_je_stich.get(i, []):
            if f.karte:
                ausgabe.drucke_text(
                    f"  ✗ {name(f.sitz)} legt {f.karte} – nicht erlaubt: {f.grund}", stil="red"
                )
                if f.hand:
                    ausgabe.drucke_text(f"    {name(f.sitz)} hatte da noch: {_karten(f.hand)}")
            else:
                ausgabe.drucke_text(f"  ✗ {f.grund}", stil="red")
    if not bericht.gueltig:
        n = len(bericht.fehler)
        ausgabe.drucke_text(
            f"Ungültig: {n} {'Regelverstoß' if n == 1 else 'Regelverstöße'}.", stil="bold red"
        )
        ids: list[str] = []
        for f in bericht.fehler:
            if f.abschnitt and f.abschnitt not in ids:
                ids.append(f.abschnitt)
        for abschnitt_id in ids:
            try:
                r = regel(abschnitt_id)
            except (KeyError, FileNotFoundError):
                continue
            ausgabe.drucke_text(f"Regel „{r.titel}“ ({r.id}):", stil="bold")
            text = " ".join(r.text.split())
            ausgabe.drucke_text(
                "  " + (text if len(text) <= 400 else text[:400].rsplit(" ", 1)[0] + " …")
            )
        return
    a = bericht.abrechnung
    assert a is not None  # gültige Partie: abgerechnet
    if p.spiel.art.value == "ramsch":
        augen = ", ".join(f"{name(s)} {bericht.augen[s]}" for s in range(4))
        ausgabe.drucke_text(f"Augen: {augen}")
        if a.durchmarsch is not None:
            ausgabe.drucke_text(f"Durchmarsch: {name(a.durchmarsch)} hat alle Stiche.", stil="bold")
        else:
            zeile = f"Verliert: {' und '.join(name(s) for s in a.verlierer)} (die meisten Augen)"
            if a.jungfrauen:
                zeile += "; Jungfrau: " + ", ".join(name(s) for s in a.jungfrauen)
            ausgabe.drucke_text(zeile + ".", stil="bold")
    else:
        partei = " + ".join(name(s) for s in bericht.spieler_partei)
        ergebnis = "gewonnen" if a.gewonnen else "verloren"
        extra = ", Schwarz" if a.schwarz else (", Schneider" if a.schneider else "")
        ausgabe.drucke_text(
            f"Spielerpartei {partei}: {bericht.augen_spieler} Augen, "
            f"{bericht.stiche_spieler} Stiche – {ergebnis}{extra}.",
            stil="bold",
        )
        mit = "mit" if bericht.laufende and bericht.laufende_mit else "ohne"
        ausgabe.drucke_text(
            f"Laufende: {mit} {bericht.laufende} (gewertet: {a.laufende_gewertet})."
        )
        if bericht.davongelaufen is not None:
            ausgabe.drucke_text(f"Davongelaufen: {name(bericht.davongelaufen)}.")
    ausgabe.drucke_text(f"Wert: {a.erklaerung}")
    ausgabe.drucke_text(
        "Zahlungen: "
        + ", ".join(f"{name(s)} {ausgabe.euro(c)}" for s, c in enumerate(bericht.zahlungen))
    )
    ausgabe.drucke_text((p.tarif or tarif_laden()).beschreibung, stil="dim")
    for k in bericht.konventionen:
        ausgabe.drucke_text(k, stil="dim")


def _gleichung(token: str) -> bool:
    return "=" in token


@schafkopf.command("partie", cls=mehrwertig(passt={"--set": _gleichung}))
def partie(
    datei: str = typer.Argument(
        ..., help="Partie-Datei (JSON oder Textform), oder - für die Standardeingabe."
    ),
    tarif: str | None = typer.Option(
        None, "--tarif", help="Benannter Tarif (z. B. 10-20-50); ersetzt den Tarif aus der Datei."
    ),
    setzen: list[str] = typer.Option(
        [],
        "--set",
        metavar="SCHLUESSEL=WERT",
        help="Tarif-Schlüssel überschreiben, z. B. --set laufende_ab=2 grund=30 "
        "(Liste: referee schafkopf tarife).",
    ),
    als_json: bool = typer.Option(False, "--json", help="Ergebnis als JSON."),
) -> None:
    """Eine ganze Partie prüfen und abrechnen.

    Prüft das Geben, den Ruf, Klopfer und Stöße und jeden Stich (wer ausspielt, Bedienpflicht, Ruf-Sau, Davonlaufen), zählt Augen, Stiche und Laufende und rechnet nach dem Tarif ab. Eine Datei mit einer Liste von Partien prüft jede. Exit 0 = alles regelgerecht, 1 = Regelverstoß (mit Stich, Sitz, Karte und Grund), 2 = unbrauchbare Eingabe.

    Statt JSON geht auch eine Textform (eine Partie je Datei):

    \b
    spiel: rufspiel gras
    namen: Anna Ben Cem Dora
    spieler: Anna
    stoesse: Dora
    haende:
      Anna: HO GU SU HA H9 H8 GK G8
      Ben: …   (vier Zeilen, Sitz 0–3)
    stiche:
      Anna: H8 H7 HK H10   (Ausspieler: Karten in Spielreihenfolge)
      …

    Beispiel: referee schafkopf partie partie.json --json
    """
    from referee.schafkopf.partie import partie_berichte

    berichte, liste = partie_berichte(lies_eingabe(datei), datei, tarif, setzen)

    if als_json:
        antworten = [b.als_json() for b in berichte]
        ausgabe.drucke_json(antworten if liste else antworten[0])
    else:
        with ausgabe.gesammelt():  # eine Ausgabe statt einer je Zeile
            for i, b in enumerate(berichte, start=1):
                _zeige_bericht(b, i if liste else None)
                if liste and i < len(berichte):
                    ausgabe.drucke_text("")
    if not all(b.gueltig for b in berichte):
        raise typer.Exit(1)
