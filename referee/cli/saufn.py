"""``referee saufn …``: Darf KARTE auf OBEN? Plätze und Schlückeverteilung am Spielende.

Dünn: parsen → ``referee.saufn`` fragen → ausgeben. Regelkern und rich erst in den Befehlen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from referee.cli import gruppen
from referee.cli.ausgabe import aufruf, drucke_json, drucke_text
from referee.cli.eingabe import mit_angaben
from referee.cli.eingabe.saufn import ADAPTER as SAUFN
from referee.cli.mehrwert import mehrwertig

if TYPE_CHECKING:
    from referee.saufn.ergebnis import SaufnAngaben
    from referee.saufn.karten import Karte


def _karte(text: str, wo: str) -> Karte:
    """``Karte.parse`` mit der Stelle (KARTE/OBEN) in der Fehlermeldung."""
    from referee.errors import RefereeFehler
    from referee.saufn import Karte

    try:
        return Karte.parse(text)
    except RefereeFehler as exc:
        raise type(exc)(f"{wo}: {exc.meldung}") from None


def _titel(abschnitt_id: str) -> str:
    """„saufn.abaendern (A – Abändern)“ (``referee.regeltexte.bezeichnung``)."""
    from referee.regeltexte import bezeichnung

    return bezeichnung(abschnitt_id)


@gruppen.saufn.command("folgt")
def folgt(
    karte: str = typer.Argument(
        ...,
        help="Die Karte, die gelegt werden soll: N, Urwald, U:Urwald, +4, Sheriff, weiss, gold …",
    ),
    oben: str = typer.Argument(..., help="Die oberste Karte des Ablagestapels."),
    gold: bool = typer.Option(
        False, "--gold", help="Mindestens eine goldene Karte liegt vor jemandem (für A – Abändern)."
    ),
    plus: str = typer.Option(
        "0", "--plus", metavar="N", help="Schon aufsummierte Schlücke aus offenen +2/+4-Karten."
    ),
    kopf_erstmals: bool = typer.Option(
        True,
        "--kopf-erstmals/--kopf-erneut",
        help="„A – Auf den Kopf“ aus der Hand: kommt beim ersten Ausspielen auf einen Kopf, oben bleibt die vorige Karte (Voreinstellung). --kopf-erneut: sie kommt auf den Ablagestapel.",
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Darf KARTE auf die oberste Karte OBEN gelegt werden?

    S→A→U→F→N, nach N wieder S; weiße und goldene Karten immer;
    nach einer weißen Karte alles; Abändern nur mit --gold;
    bei offenem +2/+4 (--plus N) nur +2 oder +4; „Auf den Kopf“ kommt
    beim ersten Ausspielen auf einen Kopf (oben bleibt die vorige Karte).
    Karten: N, Urwald, U:Urwald, +4, Spielverderber, Sheriff, weiss, gold.
    Exit-Code 0 = ja, 1 = nein, 2 = unbekannte Karte.

    Beispiel: referee saufn folgt N U
    """
    from referee.saufn.regeln import folgt_auskunft
    from referee.zahlen import ganze_zahl

    k = _karte(karte, "KARTE")
    o = _karte(oben, "OBEN")
    offen = ganze_zahl(plus, "--plus", hinweis=" (offene Schlücke, z. B. --plus 4)")
    e = folgt_auskunft(k, o, gold=gold, plus=offen, kopf_erstmals=kopf_erstmals)
    if als_json:
        drucke_json({**e.als_json(), "karte": str(k), "oben": str(o)})
    else:
        drucke_text(
            f"Ja – {k.anzeige} darf auf {o.anzeige}."
            if e.erlaubt
            else f"Nein – {k.anzeige} darf nicht auf {o.anzeige}.",
            stil="bold green" if e.erlaubt else "bold red",
        )
        drucke_text(e.grund.removeprefix("Ja: ").removeprefix("Nein: "))
        drucke_text(f"Auf {o.anzeige} darf: " + ", ".join(e.moeglich) + ".")
        if e.erlaubt and e.oben_danach != str(k):
            drucke_text(f"Oben auf dem Ablagestapel bleibt: {e.oben_danach}.")
        for h in e.hinweise:
            drucke_text(h)
        drucke_text("Abschnitt: " + "; ".join(_titel(a) for a in e.abschnitte))
    raise typer.Exit(0 if e.erlaubt else 1)


@gruppen.saufn.command("karten")
def karten(als_json: bool = typer.Option(False, "--json", help="Kartenliste als JSON.")) -> None:
    """Die SAUFN-Karten: Buchstaben, benannte Karten, weiße und goldene Karten.

    Zeigt auch, was der Regeltext offen lässt (Buchstaben der Reaktionskarten,
    Kategorie von „Sauftrumpf“).

    Beispiel: referee saufn karten
    """
    from referee.resources import lade_json

    daten = lade_json("saufn_karten.json")
    if als_json:
        drucke_json(daten)
        return
    a = daten["anzahl"]
    drucke_text(
        f"{a['gesamt']} Karten: je {a['S']} S, A, U, F, N; {a['gold']} goldene, {a['weiss']} weiße."
    )
    for k in daten["karten"]:
        wo = k["buchstabe"] or {"gold": "goldene Karte", "weiss": "weiße Karte"}.get(
            k["kategorie"],
            "Kategorie unbekannt" if k["kategorie"] == "unbekannt" else "Buchstabe unbekannt",
        )
        zeile = f"  {k['name']}: {wo}" + (" (Reaktionskarte)" if k.get("reaktion") else "")
        if k.get("anmerkung"):
            zeile += f" – {k['anmerkung']}"
        drucke_text(zeile)
    for anm in daten["anmerkungen"]:
        drucke_text(anm)


@gruppen.saufn.command("ende", cls=mehrwertig())
@mit_angaben(SAUFN)
def ende(
    angaben: SaufnAngaben,
    eintragen: bool = typer.Option(
        False, "--eintragen", help="Die Plätze in den laufenden Abend eintragen."
    ),
    als_json: bool = typer.Option(False, "--json", help="Antwort als JSON."),
) -> None:
    """Spielende: wer darf wie viele Schlücke an wen verteilen?

    3 Personen: Platz 1 verteilt 20 Schlücke an alle, dann endet das Spiel.
    4–8 Personen: Platz 1 verteilt 20 an alle, Platz 2 15 an alle außer
    dem Sieger, Platz 3 10 an alle außer Platz 1 und 2.
    Exit-Code 0 = in Ordnung, 1 = Verteilung verstößt gegen die Grenzen.

    Beispiel: referee saufn ende --platz Anna Ben Cem --spieler Anna Ben Cem Dora --verteilung "Anna:Ben=5,Cem=15"
    """
    from referee.errors import Zustandsfehler
    from referee.saufn import ende as kern

    buch = None
    if not angaben.spieler or eintragen:
        from referee.cli.gruppen import buch_oeffnen

        buch = buch_oeffnen()
    lage = None
    if buch is not None:
        try:
            lage = buch.lage()  # der offene Abend: seine Spieler, Schreibweise der Namen
        except Zustandsfehler:
            if eintragen:
                raise  # kein offener Abend: nichts einzutragen
    erg = angaben.ergebnis(lage)
    se, pruefung, vorschlag = erg.spielende, erg.pruefung, erg.vorschlag
    assert se is not None  # frisch aus den Angaben: mit Spielende (nur gespeichert fehlt es)
    eintrag = None
    ungueltig = not erg.gueltig
    if eintragen and not ungueltig:
        assert buch is not None
        eintrag = buch.eintragen(erg, eingabe={"argv": aufruf()}).eintrag

    if als_json:
        daten = {
            "spieler": list(se.spieler),
            "plaetze": list(se.plaetze),
            "spiel_endet": se.nur_platz_eins,
            "verteilen": [
                {"platz": v.platz, "name": v.name, "schluecke": v.schluecke, "an": list(v.an)}
                for v in se.verteiler
            ],
            "abschnitt": se.abschnitt,
            "hinweise": list(se.hinweise),
            "lesart": kern.LESART_SELBST,
            "hinweis": kern.HINWEIS,
        }
        if pruefung is not None:
            daten["verteilung"] = {
                "gueltig": pruefung.gueltig,
                "fehler": list(pruefung.fehler),
                "hinweise": list(pruefung.hinweise),
                "vorschlag": vorschlag,
            }
        if eintrag is not None:
            daten["eintrag"] = eintrag.id
        drucke_json(daten)
    else:
        n = len(se.spieler)
        if se.nur_platz_eins:
            drucke_text(
                f"3 Personen: nur Platz 1 zählt – {se.plaetze[0]} verteilt 20 Schlücke "
                f"an alle ({', '.join(se.spieler)}). Danach endet das Spiel."
            )
        else:
            drucke_text(f"{n} Personen ({', '.join(se.spieler)}):")
            for v in se.verteiler:
                drucke_text(
                    f"  Platz {v.platz}: {v.name} verteilt {v.schluecke} Schlücke an "
                    f"{', '.join(v.an)}"
                )
        for h in se.hinweise:
            drucke_text(h)
        drucke_text(kern.LESART_SELBST)
        if pruefung is not None:
            if pruefung.gueltig:
                drucke_text("Verteilung in Ordnung.", stil="bold green")
            else:
                drucke_text("Verteilung ungültig:", stil="bold red")
                for f in pruefung.fehler:
                    drucke_text(f"  – {f}")
            for h in pruefung.hinweise:
                drucke_text(h)
        if eintrag is not None:
            drucke_text(
                f"Eingetragen: Eintrag #{eintrag.id} · Abend {eintrag.abend_id} "
                f"(rückgängig: referee rueckgaengig)."
            )
        drucke_text("Abschnitt: " + _titel(se.abschnitt))
        drucke_text("")
        drucke_text(kern.HINWEIS)
    if eintragen and ungueltig:
        import sys

        sys.stderr.write("Nicht eingetragen: die Verteilung verstößt gegen die Regeln.\n")
    raise typer.Exit(1 if ungueltig else 0)
