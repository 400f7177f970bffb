"""Die Rangliste einer Saison als CSV und HTML, der Verlauf der Plätze als SVG – rein: Antworten
(``referee.buch.saison.antworten``) hinein, Text heraus.

- ``stand_csv``: eine Zeile je Person – Platz, Name, Wert, je Ereignis sein Wert (ein
  Streichergebnis in Klammern), Ereignisse, Spiele, Soli.
- ``stand_html``: ein ganzes HTML-Dokument (ohne Skript, ohne fremde Dateien) mit derselben
  Tabelle (Streichergebnisse durchgestrichen) und dem Verlauf als SVG.
- ``verlauf_svg``: der Platz der Besten nach jedem Ereignis als Linien (Platz 1 oben).
- ``statistik_html``: die Kennzahlen je Person und der Verlauf.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from referee.saison.rangliste import zahl
from referee.text import html_text

if TYPE_CHECKING:
    from referee.buch.saison.antworten import Rangverlauf, Saisonstand, Saisonstatistik
    from referee.saison.rangliste import Ereignis, Saisonzeile

#: So viele Linien zeigt das Diagramm höchstens (die Besten der letzten Rangliste).
LINIEN = 8
#: Farben der Linien (gut unterscheidbar, auch ausgedruckt in Graustufen verschieden hell).
FARBEN = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
)


def wert_text(wert: Fraction, komma: bool = True) -> str:
    """Ein Wert für Tabellen: ganz ohne Nachkommastellen, sonst mit zwei (Dezimalkomma; für
    CSV ``komma=False``: Punkt).

    >>> wert_text(Fraction(49, 3)), wert_text(Fraction(-120)), wert_text(Fraction(1, 2), False)
    ('16,33', '-120', '0.50')
    """
    z = zahl(wert)
    if not isinstance(z, float):
        return str(z)
    return f"{z:.2f}".replace(".", ",") if komma else f"{z:.2f}"


def spalte(e: Ereignis) -> str:
    """Die Überschrift eines Ereignisses: A3 (Abend 3), T2 (Turnier 2)."""
    return ("A" if e.art == "abend" else "T") + str(e.id)


def zellen(z: Saisonzeile, ereignisse: Sequence[Ereignis], komma: bool = True) -> list[str]:
    """Je Ereignis der Wert der Person (leer: nicht dabei; ein Streichergebnis in Klammern)."""
    je = {(w.art, w.id): w for w in z.ereignisse}
    aus = []
    for e in ereignisse:
        w = je.get((e.art, e.id))
        if w is None:
            aus.append("")
        else:
            text = wert_text(w.wert, komma)
            aus.append(text if w.zaehlt else f"({text})")
    return aus


def stand_csv(stand: Saisonstand) -> str:
    """Die Rangliste als CSV (Komma, Dezimalpunkt, Kopfzeile; ``platz`` leer: unter der
    Mindestzahl; Namen, die ein Tabellenprogramm als Formel läse, mit ``'`` davor)."""
    from referee.bericht.formate import entschaerfe

    puffer = io.StringIO()
    w = csv.writer(puffer, lineterminator="\n")
    w.writerow(
        [
            "platz",
            "name",
            "wert",
            *(spalte(e) for e in stand.ereignisse),
            "ereignisse",
            "spiele",
            "soli",
        ]
    )
    for z in stand.rangliste:
        w.writerow(
            [
                "" if z.platz is None else z.platz,
                entschaerfe(z.name),
                wert_text(z.wert, False),
                *zellen(z, stand.ereignisse, False),
                len(z.ereignisse),
                z.spiele,
                z.soli,
            ]
        )
    return puffer.getvalue()


# --------------------------------------------------------------------------- SVG


def linien(verlauf: Rangverlauf, namen: Sequence[str]) -> list[tuple[str, list[int | None]]]:
    """Die Linien des Diagramms: je Name (höchstens ``LINIEN``) seine Plätze."""
    return [(n, verlauf.plaetze[n]) for n in namen[:LINIEN] if n in verlauf.plaetze]


def verlauf_svg(verlauf: Rangverlauf, namen: Sequence[str]) -> str:
    """Der Verlauf der Plätze der Personen ``namen`` (die ersten ``LINIEN``) als SVG: waagrecht
    die Ereignisse, senkrecht der Platz (1 oben); rechts die Namen."""
    reihen = linien(verlauf, namen)
    n = len(verlauf.ereignisse)
    if not reihen or not n:
        return ""
    tiefste = max((p for _, ps in reihen for p in ps if p is not None), default=1)
    links, oben, schritt_y = 36, 16, 22
    breite_x = max(60, min(36, 560 // max(n, 1)) * max(n - 1, 1))
    schritt_x = breite_x / max(n - 1, 1)
    hoehe = oben + schritt_y * max(tiefste - 1, 1) + 30
    breite = links + breite_x + 150

    def x(i: int) -> float:
        return round(links + i * schritt_x, 1)

    def y(p: int) -> float:
        return round(oben + (p - 1) * schritt_y, 1)

    teile = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{breite:.0f}" height="{hoehe:.0f}" '
        f'viewBox="0 0 {breite:.0f} {hoehe:.0f}" role="img" '
        'aria-label="Verlauf der Plätze über die Saison" font-family="sans-serif" font-size="11">'
    ]
    for p in range(1, tiefste + 1):
        teile.append(
            f'<line x1="{links}" y1="{y(p)}" x2="{x(n - 1)}" y2="{y(p)}" stroke="#ddd"/>'
            f'<text x="{links - 6}" y="{y(p) + 4}" text-anchor="end">{p}.</text>'
        )
    for i, e in enumerate(verlauf.ereignisse):
        teile.append(
            f'<text x="{x(i)}" y="{hoehe - 8}" text-anchor="middle">{html_text(spalte(e))}</text>'
        )
    for k, (name, plaetze) in enumerate(reihen):
        farbe = FARBEN[k % len(FARBEN)]
        punkte = [(x(i), y(p)) for i, p in enumerate(plaetze) if p is not None]
        if not punkte:
            continue
        pfad = " ".join(f"{a},{b}" for a, b in punkte)
        teile.append(f'<polyline points="{pfad}" fill="none" stroke="{farbe}" stroke-width="2"/>')
        for a, b in punkte:
            teile.append(f'<circle cx="{a}" cy="{b}" r="3" fill="{farbe}"/>')
        a, b = punkte[-1]
        teile.append(
            f'<text x="{x(n - 1) + 10}" y="{b + 4}" fill="{farbe}">{html_text(name)}</text>'
        )
    teile.append("</svg>")
    return "".join(teile)


# --------------------------------------------------------------------------- HTML

_STIL = """body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse}th,td{padding:.25rem .5rem;border-bottom:1px solid #ddd}
th{text-align:left}td.z,th.z{text-align:right;font-variant-numeric:tabular-nums}
s{color:#999}p.meta{color:#555}"""


def _dokument(titel: str, koerper: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8">'
        f"<title>{html_text(titel)}</title><style>{_STIL}</style></head>"
        f"<body>{koerper}</body></html>\n"
    )


def stand_html(stand: Saisonstand, verlauf: Rangverlauf) -> str:
    """Die Rangliste als HTML-Dokument: Tabelle (Streichergebnisse durchgestrichen) und der
    Verlauf der Plätze als SVG."""
    s = stand.saison
    kopf = "".join(
        f'<th class="z">{html_text(k)}</th>'
        for k in (
            "Platz",
            "Wert",
            *(spalte(e) for e in stand.ereignisse),
            "Ereignisse",
            "Spiele",
            "Soli",
        )
    )
    kopf = kopf.replace('<th class="z">Wert</th>', '<th>Name</th><th class="z">Wert</th>', 1)
    reihen = []
    for z in stand.rangliste:
        je = {(w.art, w.id): w for w in z.ereignisse}
        zellen_html = []
        for e in stand.ereignisse:
            w = je.get((e.art, e.id))
            if w is None:
                zellen_html.append('<td class="z"></td>')
            elif w.zaehlt:
                zellen_html.append(f'<td class="z">{html_text(wert_text(w.wert))}</td>')
            else:
                zellen_html.append(f'<td class="z"><s>{html_text(wert_text(w.wert))}</s></td>')
        platz = "–" if z.platz is None else f"{z.platz}."
        reihen.append(
            f'<tr><td class="z">{platz}</td><td>{html_text(z.name)}</td>'
            f'<td class="z"><b>{html_text(wert_text(z.wert))}</b></td>{"".join(zellen_html)}'
            f'<td class="z">{len(z.ereignisse)}</td><td class="z">{z.spiele}</td>'
            f'<td class="z">{z.soli}</td></tr>'
        )
    namen = [z.name for z in stand.rangliste]
    legende = " ".join(
        f"{spalte(e)} = {html_text(e.titel or e.art)} ({html_text(e.datum)})"
        for e in stand.ereignisse
    )
    koerper = (
        f"<h1>{html_text(s.name)}</h1>"
        f'<p class="meta">{html_text(s.von)} bis {html_text(s.bis)} · '
        f"{html_text(stand.wertung.text())}</p>"
        f"<table><thead><tr>{kopf}</tr></thead><tbody>{''.join(reihen)}</tbody></table>"
        f'<p class="meta">{legende}</p>'
        "<h2>Verlauf der Plätze</h2>" + verlauf_svg(verlauf, namen)
    )
    return _dokument(f"{s.name} – Rangliste", koerper)


def statistik_html(stat: Saisonstatistik) -> str:
    """Die Kennzahlen je Person und der Verlauf der Plätze als HTML-Dokument."""
    from referee.saison.statistik import prozent

    kopf = (
        "<tr><th>Name</th><th class='z'>Spiele</th><th class='z'>gewonnen %</th>"
        "<th class='z'>Soli gespielt</th><th class='z'>Soli gewonnen</th>"
        "<th>bester Abend</th><th class='z'>längste Serie</th><th>bester Partner</th></tr>"
    )
    reihen = []
    for k in stat.spieler:
        pz = prozent(k.gewonnen, k.abendspiele)
        b = k.bester_abend
        partner = k.partner[0] if k.partner else None
        reihen.append(
            f"<tr><td>{html_text(k.name)}</td><td class='z'>{k.spiele}</td>"
            f"<td class='z'>{'' if pz is None else pz}</td>"
            f"<td class='z'>{k.soli.gespielt}</td><td class='z'>{k.soli.gewonnen}</td>"
            f"<td>{'' if b is None else html_text(f'Abend {b[0]} ({b[1]}): {b[2]:+d} ct')}</td>"
            f"<td class='z'>{k.laengste_serie.spiele}</td>"
            f"<td>{'' if partner is None else html_text(f'{partner.name} ({partner.gewonnen}/{partner.spiele})')}</td></tr>"
        )
    namen = sorted(stat.verlauf.plaetze, key=lambda n: _letzter(stat.verlauf.plaetze[n]))
    koerper = (
        f"<h1>{html_text(stat.saison.name)} – Statistik</h1>"
        f"<table><thead>{kopf}</thead><tbody>{''.join(reihen)}</tbody></table>"
        "<h2>Verlauf der Plätze</h2>" + verlauf_svg(stat.verlauf, namen)
    )
    return _dokument(f"{stat.saison.name} – Statistik", koerper)


def _letzter(plaetze: Sequence[int | None]) -> int:
    """Der letzte Platz einer Linie (ohne: ganz hinten) – die Reihenfolge der Linien."""
    for p in reversed(plaetze):
        if p is not None:
            return p
    return 10**9


__all__ = [
    "linien",
    "spalte",
    "stand_csv",
    "stand_html",
    "statistik_html",
    "verlauf_svg",
    "wert_text",
    "zellen",
]
