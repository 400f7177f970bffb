"""Die Live-Seite als HTML: eine Handyseite, ohne externe Quellen, hell/dunkel nach Gerät.

Reine Funktionen: ``Abendstand`` (``referee.live.daten``) hinein, Text heraus. Tabellen,
Escaping und das Saldo-Diagramm kommen aus dem HTML-Export (``referee.bericht``); hier steht
nur, was die Live-Seite anders macht: Aufbau fürs Handy, dunkles Farbschema, der Teil, den
der Server bei jeder Änderung neu schickt (``inhalt``), und das kleine Skript (``SKRIPT``).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping
from html import escape

from referee.bericht.formate import (
    SPIELNAMEN,
    Betrag,
    _html_tabelle,
    datum_de,
    tarif_text,
    uhrzeit,
)
from referee.bericht.geld import euro
from referee.bericht.grafik import svg_verlauf
from referee.live.daten import Abendstand
from referee.live.eingabeseite import STIL as EINGABE_STIL
from referee.live.turnierseite import STIL as TURNIER_STIL

#: Ohne JavaScript lädt die Seite so oft neu (Sekunden).
NEU_LADEN = 10

STIL = """
:root{color-scheme:light dark;--bg:#fff;--fg:#111;--mut:#555;--linie:#ddd;--karte:#f3f4f6;--plus:#1a7f37;--minus:#c62828;--akzent:#0b63c5}
@media (prefers-color-scheme:dark){:root{--bg:#111316;--fg:#ececec;--mut:#a4a8ae;--linie:#33373d;--karte:#1c1f24;--plus:#5bd68f;--minus:#ff7b72;--akzent:#6cb6ff}
figure svg>rect{fill:var(--karte)}figure svg text{fill:var(--fg)}figure svg line[stroke="#dddddd"]{stroke:#3a3f46}
figure svg line[stroke="#555555"]{stroke:#8a9099}figure svg [stroke="#000000"]{stroke:#ececec}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:40rem;padding:.6rem .75rem 2rem;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);-webkit-text-size-adjust:100%}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 .6rem;border-bottom:1px solid var(--linie);padding-bottom:.3rem}
h1{font-size:1.25rem;margin:0}h2,.meta{overflow-wrap:anywhere}h2{font-size:1.05rem;margin:1.1rem 0 .3rem}h3{font-size:.95rem;margin:.8rem 0 .2rem}
#status{font-size:.85rem;color:var(--mut);margin:0}#status.live::before{content:"● ";color:var(--plus)}#status.weg{color:var(--minus)}
.meta{color:var(--mut);margin:.3rem 0;font-size:.92rem}
.geber{background:var(--karte);border-radius:.5rem;padding:.45rem .6rem;margin:.6rem 0}
table{border-collapse:collapse;width:100%;margin:.2rem 0}
th,td{padding:.28rem .35rem;border-bottom:1px solid var(--linie);text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{font-size:.85rem;color:var(--mut);font-weight:600}
td.z,th.z{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.plus{color:var(--plus)}.minus{color:var(--minus)}
figure{margin:.5rem 0;border-radius:.5rem;overflow:hidden}svg{width:100%;height:auto;display:block}
ol.eintraege{list-style:none;padding:0;margin:0}
ol.eintraege li{border-bottom:1px solid var(--linie);padding:.4rem 0;overflow-wrap:anywhere}
.kopf{font-size:.8rem;color:var(--mut)}.wert{font-size:.88rem;color:var(--mut)}
.betraege{font-size:.9rem;font-variant-numeric:tabular-nums}.nw{display:inline-block;max-width:100%;overflow-wrap:anywhere}
footer{margin-top:1.4rem;font-size:.8rem;color:var(--mut)}a{color:var(--akzent)}
""".strip()

SKRIPT = """"use strict";
(function () {
  var ziel = document.getElementById("stand");
  var status = document.getElementById("status");
  if (!ziel || !status || !window.EventSource) { return; }
  var quelle = new EventSource(ziel.getAttribute("data-quelle"));
  quelle.addEventListener("stand", function (ev) {
    var d = JSON.parse(ev.data);
    ziel.innerHTML = d.html;
    status.textContent = "live · Stand " + d.zeit;
    status.className = "live";
  });
  quelle.addEventListener("error", function () {
    status.textContent = "Verbindung unterbrochen – verbinde neu …";
    status.className = "weg";
  });
})();
"""


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


#: Content-Security-Policy: nichts von außen, Skript nur vom eigenen Server, der Stil nur
#: als genau diese eingebetteten Blöcke (Hash: Lese- und Eingabeseite, Rangliste eines
#: Turniers), keine Formulare, kein Einbetten in fremde Seiten.
CSP = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; "
    f"style-src {_hash(STIL)} {_hash(EINGABE_STIL)} {_hash(TURNIER_STIL)}; img-src 'self'; "
    "base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)


def _h(wert: object) -> str:
    return escape(str(wert), quote=True)


def _nach_wert(werte: Mapping[str, int]) -> list[tuple[str, int]]:
    """Höchster Wert zuerst; bei Gleichstand die Sitzordnung (Reihenfolge von ``werte``)."""
    return sorted(werte.items(), key=lambda kv: -kv[1])


def _abschnitt(titel: str, *teile: str) -> str:
    return f"<section><h2>{_h(titel)}</h2>" + "".join(teile) + "</section>"


def _kopf(a: Abendstand) -> str:
    ab = a.abend
    titel = f"Abend {ab.id} · {datum_de(ab.datum, wochentag=True)}"
    if ab.ort:
        titel += f" · {ab.ort}"
    partien = a.stand.partien
    gespielt = ", ".join(f"{n}× {SPIELNAMEN[sp]}" for sp, n in partien.items() if n)
    zeilen = [
        "Spieler: " + ", ".join(ab.spieler),
        "Gespielt: " + (gespielt or "noch nichts") + ("" if ab.offen else " · beendet"),
    ]
    tarif = tarif_text(ab.tarif)
    if tarif and partien.get("schafkopf"):
        zeilen.append("Tarif: " + tarif)
    aus = f'<h2>{_h(titel)}</h2><p class="meta">{"<br>".join(_h(z) for z in zeilen)}</p>'
    g = a.geber
    if g:
        andere = [n for n in g.aussetzer if n != g.geber]
        wer = f"<b>{_h(g.geber)}</b> gibt"
        if g.geber in g.aussetzer:
            wer += " (setzt aus)"
        text = f"Nächstes Spiel: {wer}, {_h(g.ausspieler)} spielt aus"
        if andere:
            text += f", {_h(', '.join(andere))} setzt aus"
        aus += f'<p class="geber">{text}.</p>'
    return aus


def _schafkopf(a: Abendstand) -> str:
    st = a.stand
    if not st.partien.get("schafkopf"):
        return ""
    tabelle = _html_tabelle(
        ["Spieler", "Saldo"], [[n, Betrag(c)] for n, c in _nach_wert(st.schafkopf)], {1}
    )
    teile = [tabelle]
    verlauf = a.verlauf
    if verlauf and max(len(r) for r in verlauf.values()) >= 2:
        teile.append(
            "<figure>"
            + svg_verlauf(
                verlauf, "Schafkopf-Saldo im Verlauf", breite=360, hoehe=200, hoechstens_punkte=80
            )
            + "</figure>"
        )
    teile.append("<h3>Wer zahlt wem</h3>")
    if st.ueberweisungen:
        teile.append(
            _html_tabelle(
                ["Von", "An", "Betrag"],
                [[u.von, u.an, euro(u.cent, vorzeichen=False)] for u in st.ueberweisungen],
                {2},
            )
        )
    else:
        teile.append("<p>Alle sind quitt.</p>")
    return _abschnitt("Schafkopf", *teile)


def _andere_spiele(a: Abendstand) -> str:
    st = a.stand
    partien = st.partien
    teile = []
    if partien.get("sabai"):
        teile.append(
            _abschnitt(
                f"Sabai ({partien['sabai']} Runden)"
                if partien["sabai"] != 1
                else "Sabai (1 Runde)",
                _html_tabelle(
                    ["Spieler", "Siegpunkte", "Ruhmeshalle"],
                    [[n, p, st.ruhmeshalle.get(n, 0)] for n, p in _nach_wert(st.sabai)],
                    {1, 2},
                ),
            )
        )
    if partien.get("saufn"):
        plaetze = sorted(
            st.saufn.items(), key=lambda kv: (-kv[1].erster, -kv[1].zweiter, -kv[1].dritter)
        )
        teile.append(
            _abschnitt(
                f"SAUFN ({partien['saufn']}× gespielt) · Podestplätze",
                _html_tabelle(
                    ["Spieler", "1.", "2.", "3."],
                    [[n, p.erster, p.zweiter, p.dritter] for n, p in plaetze],
                    {1, 2, 3},
                ),
            )
        )
    if partien.get("schlafmuetze"):
        teile.append(
            _abschnitt(
                f"Schlafmütze ({partien['schlafmuetze']}× gespielt)",
                _html_tabelle(
                    ["Spieler", "Siege"], [[n, s] for n, s in _nach_wert(st.schlafmuetze)], {1}
                ),
            )
        )
    return "".join(teile)


def _eintraege(a: Abendstand) -> str:
    if not a.eintraege:
        return _abschnitt("Einträge", "<p>Noch keine Einträge.</p>")
    punkte = []
    for e in a.eintraege:
        teile = [
            f'<div class="kopf">#{e.id} · {_h(uhrzeit(e.zeit))} · '
            f"{_h(SPIELNAMEN.get(e.spiel, e.spiel))}</div>",
            f"<div>{_h(e.text)}</div>",
        ]
        if e.erklaerung:
            teile.append(f'<div class="wert">Wert: {_h(e.erklaerung)}</div>')
        if e.betraege:
            betraege = " · ".join(
                f'<span class="nw">{_h(n)} <span class="{"plus" if c > 0 else "minus" if c < 0 else ""}">'
                f"{_h(euro(c))}</span></span>"
                for n, c in e.betraege.items()
            )
            teile.append(f'<div class="betraege">{betraege}</div>')
        punkte.append("<li>" + "".join(teile) + "</li>")
    titel = "Letzte Einträge"
    if a.anzahl_eintraege > len(a.eintraege):
        titel += f" ({len(a.eintraege)} von {a.anzahl_eintraege})"
    return _abschnitt(titel, '<ol class="eintraege">' + "".join(punkte) + "</ol>")


def inhalt(a: Abendstand | None, meldung: str | None = None, *, eintraege: bool = True) -> str:
    """Der Teil der Seite, der sich ändert (bei jeder Änderung neu an die Handys geschickt).

    Ohne Abend steht dort ``meldung`` oder der Hinweis, wie einer beginnt. Ohne ``eintraege``
    nur Kopf und Stände (die Eingabeseite zeigt die Einträge selbst, mit Knöpfen).
    """
    if a is None and meldung:
        return f"<p>{_h(meldung)}</p>"
    if a is None:
        return (
            "<p>Noch kein Spielabend. Sobald einer beginnt (<code>referee abend neu …</code>), "
            "erscheint er hier.</p>"
        )
    return _kopf(a) + _schafkopf(a) + _andere_spiele(a) + (_eintraege(a) if eintraege else "")


def dokument(
    titel: str,
    stil: str,
    skript: str,
    ueberschrift: str,
    zeit: str,
    koerper: list[str],
    kopf: str = "",
) -> str:
    """Der Rahmen beider Seiten (Lese- und Eingabeseite): Kopf fürs Handy, ``stil`` eingebettet
    (sein Hash steht in der CSP), ``skript`` als einzige Skriptquelle, die Überschrift mit dem
    Status, dann ``koerper`` (schon HTML). ``kopf``: weitere Zeilen im ``<head>``."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="de">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light dark">',
            '<meta name="referrer" content="no-referrer">',
            *([kopf] if kopf else []),
            f"<title>{_h(titel)}</title>",
            f"<style>{stil}</style>",
            f'<script src="{_h(skript)}" defer></script>',
            "</head>",
            "<body>",
            f'<header><h1>{_h(ueberschrift)}</h1><p id="status">Stand {_h(zeit)}</p></header>',
            *koerper,
            "</body>",
            "</html>",
        ]
    )


def seite(
    teil: str,
    abend_nr: int | None,
    pfad: str,
    zeit: str,
    neu_laden: int = NEU_LADEN,
    *,
    titel: str | None = None,
    ueberschrift: str = "Live-Stand",
    stil: str = STIL,
) -> str:
    """Die ganze Seite um ``teil`` (aus ``inhalt``); ``pfad`` ist ``/<token>`` (Skript,
    Ereignisse und JSON liegen darunter). Die Rangliste eines Turniers nimmt denselben Rahmen
    mit eigenem ``titel``, ``ueberschrift`` und ``stil``."""
    if titel is None:
        titel = f"Live-Stand · Abend {abend_nr}" if abend_nr is not None else "Live-Stand"
    p = _h(pfad)
    return dokument(
        titel,
        stil,
        f"{pfad}/app.js",
        ueberschrift,
        zeit,
        [
            f'<noscript><p class="meta">Ohne JavaScript lädt die Seite alle {int(neu_laden)} s '
            "neu.</p></noscript>",
            f'<main id="stand" data-quelle="{p}/ereignisse">{teil}</main>',
            f'<footer>Nur lesen · aktualisiert sich selbst · <a href="{p}/stand.json">'
            "stand.json</a></footer>",
        ],
        kopf=f'<noscript><meta http-equiv="refresh" content="{int(neu_laden)}"></noscript>',
    )
