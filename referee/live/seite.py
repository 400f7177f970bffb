"""Die Live-Seite als HTML: eine Handyseite, ohne externe Quellen, hell/dunkel nach Gerät.

Reine Funktionen: ``Abendstand`` (``referee.live.daten``) hinein, Text heraus. Tabellen,
Escaping und das Saldo-Diagramm kommen aus dem HTML-Export (``referee.bericht``); hier steht
nur, was die Live-Seite anders macht: Aufbau fürs Handy, dunkles Farbschema, der Teil, den
der Server bei jeder Änderung neu schickt (``inhalt``), und das kleine Skript (``SKRIPT``).
"""

from __future__ import annotations

from collections.abc import Mapping

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
from referee.live.basis import BASIS, STAND, lesedokument, stil
from referee.live.daten import Abendstand
from referee.text import html_text

#: Ohne JavaScript lädt die Seite so oft neu (Sekunden).
NEU_LADEN = 10

#: Der Stil der Lese-Seite: Grundstil und Stand (``referee.live.basis``), dazu ihre Überschriften
#: und die Kopfzeilen des Abends.
STIL = stil(
    BASIS,
    STAND,
    """
h2{font-size:1.05rem;margin:1.1rem 0 .3rem}h3{font-size:.95rem;margin:.8rem 0 .2rem}
.meta{color:var(--mut);margin:.3rem 0;font-size:.92rem}
""",
)

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


def _nach_wert(werte: Mapping[str, int]) -> list[tuple[str, int]]:
    """Höchster Wert zuerst; bei Gleichstand die Sitzordnung (Reihenfolge von ``werte``)."""
    return sorted(werte.items(), key=lambda kv: -kv[1])


def _abschnitt(titel: str, *teile: str) -> str:
    return f"<section><h2>{html_text(titel)}</h2>" + "".join(teile) + "</section>"


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
    aus = f'<h2>{html_text(titel)}</h2><p class="meta">{"<br>".join(html_text(z) for z in zeilen)}</p>'
    g = a.geber
    if g:
        andere = [n for n in g.aussetzer if n != g.geber]
        wer = f"<b>{html_text(g.geber)}</b> gibt"
        if g.geber in g.aussetzer:
            wer += " (setzt aus)"
        text = f"Nächstes Spiel: {wer}, {html_text(g.ausspieler)} spielt aus"
        if andere:
            text += f", {html_text(', '.join(andere))} setzt aus"
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
                f"sabai ({partien['sabai']} Runden)"
                if partien["sabai"] != 1
                else "sabai (1 Runde)",
                _html_tabelle(
                    ["Spieler", "Siegespunkte", "Ruhmeshalle"],
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
            f'<div class="kopf">#{e.id} · {html_text(uhrzeit(e.zeit))} · '
            f"{html_text(SPIELNAMEN.get(e.spiel, e.spiel))}</div>",
            f"<div>{html_text(e.text)}</div>",
        ]
        if e.erklaerung:
            teile.append(f'<div class="wert">Wert: {html_text(e.erklaerung)}</div>')
        if e.betraege:
            betraege = " · ".join(
                f'<span class="nw">{html_text(n)} <span class="{"plus" if c > 0 else "minus" if c < 0 else ""}">'
                f"{html_text(euro(c))}</span></span>"
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
        return f"<p>{html_text(meldung)}</p>"
    if a is None:
        return (
            "<p>Noch kein Spielabend. Sobald einer beginnt (<code>referee abend neu …</code>), "
            "erscheint er hier.</p>"
        )
    return _kopf(a) + _schafkopf(a) + _andere_spiele(a) + (_eintraege(a) if eintraege else "")


def seite(teil: str, abend_nr: int | None, pfad: str, zeit: str, neu_laden: int = NEU_LADEN) -> str:
    """Die ganze Seite um ``teil`` (aus ``inhalt``); ``pfad`` ist ``/<token>`` (Skript,
    Ereignisse und JSON liegen darunter)."""
    titel = f"Live-Stand · Abend {abend_nr}" if abend_nr is not None else "Live-Stand"
    return lesedokument(teil, titel, "Live-Stand", STIL, pfad, zeit, neu_laden)
