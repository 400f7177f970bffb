"""Die Eingabeseite fürs Handy (``referee live --schreiben``): HTML, Stil und Daten – rein.

Gebaut für Daumen bei 360–430 px: Spielart, Spieler-Chips, Augen als Schnellwahl oder Zahl,
Stepper für Laufende, Klopfer und Stoß, Schalter für Tout, Sie und kurz, sabai-Karten je
Spieler. Das Skript (``skript``) baut daraus die Zeile von ``tisch``, holt die Vorschau vom
Server und trägt mit einem Tipp ein; unbeantwortete Schreibvorgänge hält es im Ausgang des
Handys (``localStorage``) und schickt sie mit ihrem Schlüssel erneut.

Die Seite selbst ist eine feste Hülle; was sich ändert (Spieler, letzte Einträge mit ihrem
Formular, der Stand darunter als HTML), kommt über denselben Ereignisstrom wie dort
(``referee.live.vertrag.Eingabedaten``). Das Skript besteht aus drei Dateien neben diesem
Modul (``SKRIPTE``): ``formular.js`` (das Formular ohne DOM: Tipps, Zeile, was fehlt – mit der
Grammatik als Daten), ``ausgang.js`` (der Ausgang) und ``eingabe.js`` (die Seite).
"""

from __future__ import annotations

from functools import cache

from referee.live.basis import BASIS, STAND, dokument, stil
from referee.text import html_text

#: Fürs Handy: jedes Ziel mindestens 44 × 44 px (auch bei 320 px Breite), ein Raster, das
#: bei 320 px nicht seitlich hinausragt, die Leiste mit Vorschau, Meldung und „Eintragen“
#: unten in Daumennähe, das Band einer Korrektur oben (bleibt sichtbar, wenn die Zifferntasten
#: aufgehen). Dazu Grundstil und Stand (``referee.live.basis``), etwas dichter gesetzt.
STIL = stil(
    BASIS,
    STAND,
    """
:root{--linie:#c9cdd2;--an:#0b63c5;--an-fg:#fff;--warn:#7a4f00;--warnbg:#fff1cc;--gefahr:#b3261e;--ziel:2.75rem}
@media (prefers-color-scheme:dark){:root{--linie:#4a5058;--an:#3d8ee6;--an-fg:#fff;--warn:#ffd27a;--warnbg:#3a2f12;--gefahr:#a3281f}}
body{padding:.5rem .6rem 1rem;line-height:1.35}
header{padding-bottom:.25rem}
h1{font-size:1.2rem}h2{font-size:1rem;margin:.9rem 0 .3rem}h3{font-size:.95rem;margin:.7rem 0 .2rem}
section.teil{margin:.55rem 0}
.titel{font-size:.8rem;color:var(--mut);margin:0 0 .2rem;text-transform:uppercase;letter-spacing:.03em}
.raster{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.35rem}
.raster.vier{grid-template-columns:repeat(4,minmax(0,1fr))}.raster.sechs{grid-template-columns:repeat(6,minmax(0,1fr))}
button{font:inherit;color:inherit;background:var(--karte);border:1px solid var(--linie);border-radius:.55rem;min-height:3rem;min-width:var(--ziel);padding:.3rem .25rem;touch-action:manipulation;overflow-wrap:normal;word-break:normal;hyphens:manual;cursor:pointer}
button[aria-pressed=true]{background:var(--an);color:var(--an-fg);border-color:var(--an);font-weight:600}
button:disabled{opacity:.4;cursor:default}
button.klein{min-height:var(--ziel);font-size:.95rem;padding:.2rem .7rem}
button.haupt{background:var(--akzent);color:#fff;border-color:var(--akzent);font-weight:700;font-size:1.1rem}
button.gefahr{background:var(--gefahr);color:#fff;border-color:var(--gefahr);font-weight:700}
button.gefahr.wartet{opacity:.55}
@media (prefers-color-scheme:dark){button.haupt{color:#111}}
@media (max-width:359px){body{padding-left:.45rem;padding-right:.45rem}.raster button{font-size:.94rem}.raster.vier button{font-size:.9rem;padding-left:.1rem;padding-right:.1rem}}
[data-spiel=sm]{grid-column:span 2}
#spiele.zu [aria-pressed=true]{grid-column:span 2}#spiele.zu #spielwahl{grid-column:span 1}
#spielwahl{grid-column:span 2}
.hinweis{font-size:.85rem;color:var(--mut);margin:.3rem 0 0}
.chip{display:flex;flex-direction:column;align-items:center;justify-content:center;line-height:1.15}
.chip small{font-size:.72rem;font-weight:600;min-height:.9rem}
.chip span{max-width:100%;hyphens:auto;overflow-wrap:anywhere}
.zeile2{display:flex;gap:.35rem;align-items:center;flex-wrap:wrap;margin:.35rem 0}
.stepper{display:grid;grid-template-columns:1fr 3rem 2.6rem 3rem;gap:.3rem;align-items:center;margin:.25rem 0}
.stepper span small{display:block;font-size:.75rem;color:var(--mut)}
.stepper output{text-align:center;font-size:1.15rem;font-variant-numeric:tabular-nums}
.stepper output.falsch,.zahl.falsch{color:var(--minus);font-weight:700}
.schalter{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.35rem;margin-top:.35rem}
.hand{display:grid;grid-template-columns:6.5rem 1fr;gap:.35rem;align-items:center;margin:.2rem 0}
.hand button{min-height:var(--ziel)}.hand .karten{text-align:left;font-family:ui-monospace,monospace}
.hand .karten.offen{font-family:inherit;font-style:italic;color:var(--mut)}
.hand .karten.aktiv{border:2px solid var(--an)}
.zahl{font-size:1.3rem;font-variant-numeric:tabular-nums;min-width:3rem;text-align:center;display:inline-block}
#augen-stand{margin:0}
#ziffern-hinweis{margin:.3rem 0}
#ziffern-hinweis.falsch{color:var(--minus);font-weight:600}
#vorschau{border:1px solid var(--linie);border-radius:.55rem;padding:.4rem .55rem;margin:0 0 .35rem;min-height:2.6rem;max-height:9.5rem;overflow-y:auto;overflow-wrap:anywhere;font-size:.95rem}
#vorschau.fehler{border-color:var(--minus);color:var(--minus)}#vorschau.offen{color:var(--mut)}
#vorschau .was{font-weight:600}#vorschau .wert{font-size:.9rem;color:var(--mut)}
.warn{background:var(--warnbg);color:var(--warn);border-radius:.4rem;padding:.35rem .5rem;margin:.35rem 0}
#leiste{position:sticky;bottom:0;z-index:2;background:var(--bg);border-top:1px solid var(--linie);padding:.4rem 0 .5rem;margin-top:.5rem;box-shadow:0 -6px 10px -8px rgba(0,0,0,.35)}
#leiste .warn{margin:0 0 .35rem}
#zeile{display:block;font-family:ui-monospace,monospace;font-size:.85rem;overflow-wrap:anywhere;color:var(--mut);margin:0 0 .3rem}#zeile:empty{display:none}
#leiste .knoepfe{display:grid;grid-template-columns:1fr 2fr;gap:.45rem}
.band{background:var(--warnbg);color:var(--warn);border-radius:.5rem;padding:.3rem .3rem .3rem .6rem;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.3rem .5rem;margin:.5rem 0}
#korrektur{position:sticky;top:0;z-index:3;box-shadow:0 4px 8px -6px rgba(0,0,0,.4)}
#korrektur-text{flex:1 1 9rem}
#korrektur.veraltet{background:var(--gefahr);color:#fff;font-weight:600}
#korrektur.veraltet button{color:var(--fg)}
#korrektur .zeile2{margin:0;flex:0 1 auto;justify-content:flex-end}
#ausgang{border:2px dashed var(--minus);border-radius:.55rem;padding:.3rem .6rem;margin:0 0 .35rem;max-height:11rem;overflow-y:auto}
#ausgang ol{margin:.2rem 0;padding-left:1.2rem}#ausgang li{margin:.25rem 0}
#ausgang .grund{display:block;font-size:.85rem;color:var(--mut)}#ausgang code.klein{font-size:.8rem;color:var(--mut)}
.dialog{border:2px solid var(--akzent);border-radius:.6rem;padding:.5rem .6rem;margin:0 0 .35rem;background:var(--karte)}.dialog p{margin:0 0 .3rem}
.dialog .zeile2 button,li .zeile2 button,#blatt .zeile2 button{flex:1}
#meldung{border-radius:.5rem;padding:.45rem .6rem;margin:0 0 .35rem;background:var(--karte);border-left:4px solid var(--plus);font-size:.95rem}
#meldung.schlecht{border-left-color:var(--minus);color:var(--minus)}
ol.eintraege li{padding:.45rem 0}
.nw{margin-right:.5rem}
#mit{margin:.4rem 0}#mit summary{cursor:pointer;color:var(--akzent);display:flex;align-items:center;min-height:var(--ziel)}
#blatt{border:0;border-radius:1rem 1rem 0 0;padding:1rem .9rem 1.2rem;margin:auto auto 0;width:100%;max-width:40rem;max-height:90vh;background:var(--bg);color:var(--fg);box-shadow:0 -4px 18px rgba(0,0,0,.35)}
#blatt::backdrop{background:rgba(0,0,0,.5)}
#blatt h2{margin:0 0 .5rem;font-size:1.1rem}
#blatt .eintrag{background:var(--karte);border-radius:.5rem;padding:.5rem .6rem;margin:0 0 .6rem;overflow-wrap:anywhere}
#blatt .zeile2{flex-direction:column;align-items:stretch;gap:.5rem}
#stand{border-top:2px solid var(--linie);margin-top:1rem}
footer a{display:inline-flex;align-items:center;min-height:var(--ziel);min-width:var(--ziel);padding:0 .3rem}
footer{margin-top:1.2rem}
[hidden]{display:none!important}
""",
)

#: Die Dateien des Skripts der Seite, in dieser Reihenfolge (neben diesem Modul): das
#: Formular ohne DOM, der Ausgang, die Seite selbst.
SKRIPTE = ("formular.js", "ausgang.js", "eingabe.js")


@cache
def skript() -> str:
    """Das Skript der Seite: die Grammatik der Zeile als Daten (``GRAMMATIK``, aus
    ``referee.live.formular.grammatik``), dann ``SKRIPTE`` (mit dem Paket ausgeliefert)."""
    import json
    from importlib.resources import files

    from referee.live.formular import grammatik

    teile = [files("referee.live").joinpath(d).read_text(encoding="utf-8") for d in SKRIPTE]
    daten = json.dumps(grammatik(), separators=(",", ":"))
    return "\n".join([f"var GRAMMATIK = {daten};", *teile])


# --------------------------------------------------------------------------- die Seite

#: Die Aufschrift je Spiel (die Wörter und ihre Reihenfolge kommen aus der Grammatik).
#: „Schlafmütze“ steht auf zwei Spalten (``STIL``) und bricht nie mitten im Wort.
AUFSCHRIFT = {
    "r": "Rufspiel",
    "w": "Wenz",
    "g": "Geier",
    "solo": "Solo",
    "fw": "Farbwenz",
    "fg": "Farbgeier",
    "ramsch": "Ramsch",
    "b": "Bettel",
    "sb": "sabai",
    "sf": "SAUFN",
    "sm": "Schlafmütze",
}


def augen_wahl() -> list[tuple[int, bool, str]]:
    """Die Schnellwahl der Augen der Spielerpartei: (Augen, schwarz, Aufschrift) – die
    Schwellen aus der Abrechnung (``referee.schafkopf.abrechnung``)."""
    from referee.schafkopf.abrechnung import (
        GEWINNSCHWELLE,
        SCHNEIDER_GEWONNEN,
        SCHNEIDER_VERLOREN,
    )
    from referee.schafkopf.karten import AUGEN_JE_NR

    alle = sum(AUGEN_JE_NR)
    return [
        (GEWINNSCHWELLE, False, "gewonnen"),
        (SCHNEIDER_GEWONNEN, False, "Schneider"),
        (alle, True, "Schwarz"),
        (GEWINNSCHWELLE - 1, False, "verloren"),
        (SCHNEIDER_VERLOREN, False, "Schneider verloren"),
        (0, True, "schwarz verloren"),
    ]


def _knopf(text: str, **attr: str) -> str:
    teile = "".join(f' {k.rstrip("_").replace("_", "-")}="{html_text(v)}"' for k, v in attr.items())
    return f'<button type="button"{teile}>{text}</button>'


def _stepper(name: str, titel: str) -> str:
    """Ein Zähler mit − und +; wie weit er geht, sagt das Skript je Spiel (``hoechstens``)."""
    return (
        f'<div class="stepper" data-stepper="{name}">'
        f'<span>{html_text(titel)}<small id="grenze-{name}"></small></span>'
        + _knopf("−", data_schritt="-1", aria_label=f"{titel} weniger")
        + f'<output id="wert-{name}" aria-live="polite">0</output>'
        + _knopf("+", data_schritt="1", aria_label=f"{titel} mehr")
        + "</div>"
    )


def formular_html() -> str:
    """Die feste Hülle des Formulars; das Skript füllt Chips, Karten, Vorschau und Einträge.
    Spiele, Farben und Karten nach der Grammatik (``referee.live.formular.grammatik``)."""
    from referee.live.formular import grammatik

    g = grammatik()
    spiele = "".join(
        _knopf(html_text(AUFSCHRIFT[wort]), data_spiel=wort, aria_pressed="false")
        for wort in g["reihe"]
    )
    farben = "".join(
        _knopf(html_text(name), data_farbe=wort, aria_pressed="false") for wort, name in g["farben"]
    )
    augen = "".join(
        _knopf(
            f"{html_text(text)}<br><small>{a}</small>",
            data_augen=str(a),
            data_schwarz="1" if s else "0",
            aria_pressed="false",
        )
        for a, s, text in augen_wahl()
    )
    ziffern = "".join(_knopf(str(z), data_ziffer=str(z)) for z in [1, 2, 3, 4, 5, 6, 7, 8, 9])
    karten = "".join(_knopf(k, data_karte=k) for k in g["sabai"]["karten"]) + _knopf(
        "⌫", data_karte="", aria_label="letzte Karte weg"
    )
    return "".join(
        [
            '<div id="eingabe" hidden>',
            '<p id="tischkopf" class="geber" hidden></p>',
            '<p id="abendhinweis" class="warn" hidden></p>',
            '<div id="korrektur" class="band" hidden role="status"><span id="korrektur-text">'
            '</span><span class="zeile2">'
            + _knopf("", id="korrektur-neu", class_="klein", hidden="hidden")
            + _knopf("Abbrechen", id="korrektur-ab", class_="klein")
            + "</span></div>",
            '<section class="teil"><p class="titel">Spiel</p>',
            f'<div id="spiele" class="raster">{spiele}'
            + _knopf("anderes Spiel …", id="spielwahl", class_="klein", hidden="hidden")
            + '</div><p id="spiele-hinweis" class="hinweis" hidden></p></section>',
            f'<section id="farben" class="teil" hidden><p class="titel">Farbe</p>'
            f'<div class="raster vier">{farben}</div></section>',
            '<section id="ramschmodus" class="teil" hidden><p class="titel">Tippe Spieler als …</p>'
            '<div class="raster">'
            + _knopf("Verlierer", data_modus="verlierer", aria_pressed="true")
            + _knopf("Jungfrau", data_modus="jungfrau", aria_pressed="false")
            + _knopf("Durch&shy;marsch", data_modus="durchmarsch", aria_pressed="false")
            + "</div></section>",
            '<section id="wer" class="teil" hidden><p class="titel" id="wer-titel">Spieler</p>'
            '<div id="chips" class="raster vier"></div>'
            '<details id="mit" hidden><summary>Nicht alle haben mitgespielt?</summary>'
            '<p class="titel">Mitgespielt (leer = alle)</p><div id="mit-chips" class="raster vier">'
            "</div></details></section>",
            '<section id="tischwahl" class="teil" hidden><p class="titel">Die vier am Tisch</p>'
            '<div id="tisch-chips" class="raster vier"></div></section>',
            '<section id="sabai" class="teil" hidden><p class="titel">Karten je Spieler '
            "(Spieler antippen, dann Karten)</p>"
            '<div id="haende"></div>'
            f'<div class="raster sechs" id="karten">{karten}</div>'
            '<p id="karten-hinweis" class="hinweis" hidden></p>'
            '<div class="schalter">'
            + _knopf("keine Karten", id="keine-karten")
            + _knopf("nächster ›", id="weiter")
            + _knopf("letzte Partie", data_schalter="letzte", aria_pressed="false")
            + "</div></section>",
            '<section id="augen" class="teil" hidden><p class="titel">Augen der Spielerpartei</p>'
            f'<div class="raster">{augen}</div>'
            '<div class="zeile2">'
            + _knopf("Zahl tippen …", id="genau", class_="klein", aria_expanded="false")
            + '<p id="augen-stand">Augen: <span class="zahl" id="augenzahl">–</span></p></div>'
            '<p id="ziffern-hinweis" class="hinweis" hidden></p>'
            f'<div id="ziffern" class="raster" hidden>{ziffern}'
            + _knopf("⌫", data_ziffer="weg", aria_label="Ziffer weg")
            + _knopf("0", data_ziffer="0")
            + _knopf("fertig", data_ziffer="ok")
            + "</div></section>",
            '<section id="bettel" class="teil" hidden><p class="titel">Bettel</p>'
            '<div class="raster">'
            + _knopf("gewonnen<br><small>0 Stiche</small>", data_stiche="0", aria_pressed="false")
            + _knopf("verloren<br><small>1 Stich</small>", data_stiche="1", aria_pressed="false")
            + "</div></section>",
            '<section id="zusaetze" class="teil" hidden><p class="titel">Zusätze</p>',
            _stepper("laufende", "Laufende"),
            _stepper("klopfer", "Klopfer"),
            _stepper("stoesse", "Stoß/Retour"),
            '<div class="schalter">'
            + _knopf("Tout", data_schalter="tout", aria_pressed="false")
            + _knopf("Sie", data_schalter="sie", aria_pressed="false")
            + _knopf("kurze Karte", data_schalter="kurz", aria_pressed="false")
            + "</div></section>",
            # unten, immer in Daumennähe und sichtbar: Rückfrage, Ausgang, Meldung, Vorschau,
            # Zeile, Knöpfe – nichts davon legt sich über den Kopf der Seite
            '<div id="leiste">',
            '<div id="frage" class="dialog" hidden role="alertdialog" aria-live="assertive">'
            '<p id="frage-text"></p><div class="zeile2">'
            + _knopf("Trotzdem eintragen", id="frage-ja", class_="haupt")
            + _knopf("Nicht eintragen", id="frage-nein")
            + "</div></div>",
            '<section id="ausgang" hidden><p class="titel" id="ausgang-titel"></p><ol></ol></section>',
            '<div id="meldung" role="status" aria-live="polite" hidden></div>',
            '<div id="doppelt" class="warn" hidden></div>',
            '<div id="vorschau" class="offen" aria-live="polite">Spiel wählen.</div>',
            '<code id="zeile"></code><div class="knoepfe">'
            + _knopf("Leeren", id="leeren")
            + _knopf("Eintragen", id="senden", class_="haupt", disabled="disabled")
            + "</div></div>",
            '<section class="teil"><h2>Letzte Einträge</h2><ol id="eintraege" class="eintraege">'
            "</ol></section>",
            "</div>",
            # die Rückfrage vor „Rückgängig“: ein eigenes Blatt, nie derselbe Knopf
            '<dialog id="blatt" aria-labelledby="blatt-titel"><h2 id="blatt-titel"></h2>'
            '<div id="blatt-eintrag" class="eintrag"></div>'
            '<p class="hinweis">Der Eintrag wird storniert (im Verlauf bleibt er sichtbar).</p>'
            '<div class="zeile2">'
            + _knopf("", id="blatt-ja", class_="gefahr")
            + _knopf("Abbrechen", id="blatt-nein")
            + "</div></dialog>",
        ]
    )


def seite(teil: str, pfad: str, zeit: str, titel: str, wer: str) -> str:
    """Die Eingabeseite um ``teil`` (der Stand unter dem Formular: beim Abend wie auf der
    Lese-Seite, ohne Einträge); ``pfad`` ist ``/<Schreib-Token>``. ``titel``: „Eintragen · Abend
    3“ oder „Tisch 3 · Runde 1“; ``wer``: was der Link kann („an Tisch 3 eintragen …“)."""
    p = html_text(pfad)
    return dokument(
        titel,
        STIL,
        f"{pfad}/eingabe.js",
        "Eintragen" if titel.startswith("Eintragen") else titel,
        zeit,
        [
            '<noscript><p class="warn">Zum Eintragen braucht diese Seite JavaScript; den Stand '
            "zeigt sie auch so (unten).</p></noscript>",
            f'<div id="wurzel" data-basis="{p}">{formular_html()}</div>',
            f'<main id="stand" data-quelle="{p}/ereignisse">{teil}</main>',
            f"<footer>Wer diesen Link hat, kann {html_text(wer)} – nur an die "
            f'weitergeben, die schreiben sollen. <a href="{p}/stand.json">stand.json</a></footer>',
        ],
    )


__all__ = ["AUFSCHRIFT", "SKRIPTE", "STIL", "augen_wahl", "formular_html", "seite", "skript"]
