"""Kleine Bilder vom Abend: Unicode-Sparkline fürs Terminal, SVG-Liniendiagramm für HTML.

>>> sparkline([0, 10, 20, 30, 40, 50, 60, 70])
'▁▂▃▄▅▆▇█'
>>> sparkline([5, 5, 5])
'▄▄▄'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from referee.bericht.geld import euro
from referee.text import html_text

BLOECKE = "▁▂▃▄▅▆▇█"

# Okabe-Ito (farbenblind-tauglich), Gelb durch Grau ersetzt (Kontrast auf Weiß)
FARBEN = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#888888")
STRICHE = ("", "6 3", "2 3", "8 3 2 3")
VERSATZ = 3.0  # Pixel zwischen Linien mit gleichem Wert (svg_verlauf)


def ausduennen(werte: Sequence[int], hoechstens: int) -> list[int]:
    """Höchstens ``hoechstens`` Werte, gleichmäßig verteilt, erster und letzter bleiben."""
    n = len(werte)
    if n <= hoechstens or hoechstens < 2:
        return list(werte) if hoechstens >= 2 or n <= 1 else [werte[-1]]
    return [werte[round(i * (n - 1) / (hoechstens - 1))] for i in range(hoechstens)]


def sparkline(
    werte: Sequence[int],
    breite: int | None = None,
    tief: int | None = None,
    hoch: int | None = None,
) -> str:
    """Werte als Balken ``▁…█``; ``tief``/``hoch`` für eine gemeinsame Skala mehrerer Reihen."""
    if not werte:
        return ""
    if breite is not None:
        werte = ausduennen(werte, breite)
    lo = min(werte) if tief is None else tief
    hi = max(werte) if hoch is None else hoch
    if hi <= lo:
        return BLOECKE[3] * len(werte)
    stufen = len(BLOECKE) - 1
    return "".join(
        BLOECKE[max(0, min(stufen, round((v - lo) * stufen / (hi - lo))))] for v in werte
    )


def sparklines(reihen: Mapping[str, Sequence[int]], breite: int = 24) -> dict[str, str]:
    """Eine Sparkline je Spieler, alle auf derselben Skala (vergleichbar)."""
    alle = [v for r in reihen.values() for v in r]
    if not alle:
        return {n: "" for n in reihen}
    lo, hi = min(alle), max(alle)
    return {n: sparkline(r, breite, lo, hi) for n, r in reihen.items()}


def _schritt(spanne: int, ziel: int = 5) -> int:
    """Ein runder Achsenschritt in Cent (1, 2, 5 × 10^k) für etwa ``ziel`` Teilstriche."""
    roh = max(1, spanne / ziel)
    basis = 10 ** math.floor(math.log10(roh))
    for f in (1, 2, 5, 10):
        if f * basis >= roh:
            return int(f * basis)
    return int(10 * basis)  # pragma: no cover


def svg_verlauf(
    reihen: Mapping[str, Sequence[int]],
    titel: str = "Schafkopf-Verlauf",
    x_text: str = "Spiel",
    breite: int = 480,
    hoehe: int = 280,
    hoechstens_punkte: int = 400,
) -> str:
    """Liniendiagramm des Schafkopf-Saldos je Spieler als eigenständiges SVG (gültiges XML).

    ``reihen`` wie aus ``statistik.verlauf``: je Name eine Liste, alle gleich lang.
    """
    rechts, oben, unten = 10, 16, 36
    namen = list(reihen)
    spalten = 2
    legende_h = 24 * math.ceil(len(namen) / spalten) if namen else 0
    gesamt_h = hoehe + legende_h
    innen_h = hoehe - oben - unten
    laenge = max((len(r) for r in reihen.values()), default=0)
    alle = [v for r in reihen.values() for v in r] or [0]
    lo, hi = min(0, *alle), max(0, *alle)
    schritt = _schritt(hi - lo or 100)
    lo = math.floor(lo / schritt) * schritt
    hi = math.ceil(hi / schritt) * schritt
    if hi == lo:
        hi = lo + schritt
    # Platz links für die längste Achsenbeschriftung (≈ 8,5 px je Zeichen bei 14 px Schrift)
    links = 14 + round(8.5 * max(len(euro(lo)), len(euro(hi))))
    innen_b = breite - links - rechts

    def y(v: float) -> float:
        return oben + innen_h * (hi - v) / (hi - lo)

    def x(i: float, n: int) -> float:
        return links + (innen_b * i / (n - 1) if n > 1 else innen_b / 2)

    t = html_text(titel)
    teile = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {breite} {gesamt_h}" '
        f'width="100%" role="img" aria-label="{t}" '
        f'font-family="system-ui, sans-serif" font-size="15">',
        f"<title>{t}</title>",
        f'<rect x="0" y="0" width="{breite}" height="{gesamt_h}" fill="#ffffff"/>',
    ]
    wert = lo
    while wert <= hi:
        yy = y(wert)
        stil = 'stroke="#555555"' if wert == 0 else 'stroke="#dddddd"'
        teile.append(
            f'<line x1="{links}" y1="{yy:.1f}" x2="{breite - rechts}" y2="{yy:.1f}" {stil}/>'
        )
        teile.append(
            f'<text x="{links - 6}" y="{yy + 4:.1f}" text-anchor="end" fill="#333333" '
            f'font-size="14">{html_text(euro(wert))}</text>'
        )
        wert += schritt
    teile.append(
        f'<text x="{links + innen_b / 2:.1f}" y="{hoehe - 8}" text-anchor="middle" '
        f'fill="#333333">{html_text(x_text)} (1–{max(laenge - 1, 0)})</text>'
    )
    # Gleiche Salden lägen genau übereinander (die Partner eines Spiels gewinnen gleich viel):
    # ein Punkt, den schon eine frühere Linie mit demselben Wert hat, rückt je solcher Linie
    # ``VERSATZ`` Pixel nach unten – die Linien laufen dort nebeneinander statt verdeckt.
    gesehen: list[Sequence[int]] = []
    for i, name in enumerate(namen):
        farbe = FARBEN[i % len(FARBEN)]
        strich = STRICHE[(i // len(FARBEN)) % len(STRICHE)]
        werte = list(reihen[name])
        n = len(werte)
        if n > hoechstens_punkte:
            idx = [round(k * (n - 1) / (hoechstens_punkte - 1)) for k in range(hoechstens_punkte)]
        else:
            idx = list(range(n))
        punkte = " ".join(
            f"{x(k, n):.1f},"
            f"{y(werte[k]) + VERSATZ * sum(len(r) > k and r[k] == werte[k] for r in gesehen):.1f}"
            for k in idx
        )
        gesehen.append(werte)
        dash = f' stroke-dasharray="{strich}"' if strich else ""
        teile.append(
            f'<polyline fill="none" stroke="{farbe}" stroke-width="2"{dash} '
            f'points="{punkte}"><title>{html_text(name)}: {html_text(euro(werte[-1] if werte else 0))}'
            f"</title></polyline>"
        )
        lx = 10 + (i % spalten) * (breite - 20) / spalten
        ly = hoehe + 14 + 24 * (i // spalten)
        teile.append(
            f'<line x1="{lx:.1f}" y1="{ly - 4}" x2="{lx + 22:.1f}" y2="{ly - 4}" '
            f'stroke="{farbe}" stroke-width="3"{dash}/>'
        )
        teile.append(
            f'<text x="{lx + 28:.1f}" y="{ly}" fill="#111111">'
            f"{html_text(name)} {html_text(euro(werte[-1] if werte else 0))}</text>"
        )
    teile.append("</svg>")
    return "\n".join(teile)
