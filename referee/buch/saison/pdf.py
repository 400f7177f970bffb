"""Die Rangliste einer Saison als PDF (fpdf2), zum Aushängen: A4 quer, Platz, Name, Wert, je
Ereignis sein Wert (Streichergebnisse grau in Klammern), Ereignisse, Spiele, Soli; darunter (oder
auf der nächsten Seite) der Verlauf der Plätze als Linien – dieselben Linien wie das SVG der
HTML-Form (``referee.buch.saison.formate``). Schrift (DejaVu Sans) wie die PDFs der Turniere
(``referee.buch.turnier.pdf``). Gibt Bytes zurück; fpdf2 wird erst beim Aufruf geladen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.buch.saison.formate import FARBEN, linien, spalte, wert_text, zellen
from referee.buch.turnier.pdf import HELL, RAND, SCHRIFT, darstellbar, kurz, neues_pdf

if TYPE_CHECKING:
    from referee.buch.saison.antworten import Rangverlauf, Saisonstand

#: Höhe einer Tabellenzeile und des Diagramms (mm).
ZEILE = 6.0
DIAGRAMM = 80.0


def _farbe(hex_farbe: str) -> tuple[int, int, int]:
    return (int(hex_farbe[1:3], 16), int(hex_farbe[3:5], 16), int(hex_farbe[5:7], 16))


def stand_pdf(stand: Saisonstand, verlauf: Rangverlauf) -> bytes:
    """Die Rangliste und der Verlauf als PDF-Bytes (Kopf der Tabelle auf jeder Seite)."""
    pdf = neues_pdf(quer=True)
    s = stand.saison
    breite = pdf.w - 2 * RAND
    ereignisse = list(stand.ereignisse)
    fest = 12 + 22 + 3 * 18  # „Ereign.“ fett in 10 pt braucht gut 15 mm
    rest = breite - fest
    je_ereignis = min(14.0, max(7.0, (rest - 40) / max(len(ereignisse), 1)))
    name_b = rest - je_ereignis * len(ereignisse)
    spalten: list[tuple[str, float, str]] = [
        ("Platz", 12, "R"),
        ("Name", name_b, "L"),
        ("Wert", 22, "R"),
        *((spalte(e), je_ereignis, "R") for e in ereignisse),
        ("Ereign.", 18, "R"),
        ("Spiele", 18, "R"),
        ("Soli", 18, "R"),
    ]
    klein = 8 if je_ereignis < 11 else 10

    def kopf() -> None:
        pdf.add_page()
        pdf.set_font(SCHRIFT, "B", 15)
        pdf.cell(
            breite, 8, kurz(pdf, f"{s.name} – Rangliste", breite), new_x="LMARGIN", new_y="NEXT"
        )
        pdf.set_font(SCHRIFT, "", 9)
        pdf.multi_cell(
            breite,
            4.5,
            darstellbar(f"{s.von} bis {s.bis}. {stand.wertung.text()}"),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.ln(2)
        pdf.set_fill_color(*HELL)
        pdf.set_font(SCHRIFT, "B", klein)
        for k, b, ausr in spalten:
            pdf.cell(b, ZEILE, k, border="B", align=ausr, fill=True)
        pdf.ln(ZEILE)
        pdf.set_font(SCHRIFT, "", klein)

    kopf()
    for z in stand.rangliste:
        if pdf.get_y() + ZEILE > pdf.h - RAND:
            kopf()
        werte = [
            "-" if z.platz is None else f"{z.platz}.",
            z.name,
            wert_text(z.wert),
            *zellen(z, ereignisse),
            str(len(z.ereignisse)),
            str(z.spiele),
            str(z.soli),
        ]
        for i, ((_, b, ausr), w) in enumerate(zip(spalten, werte)):
            gestrichen = 3 <= i < 3 + len(ereignisse) and w.startswith("(")
            pdf.set_text_color(*((150, 150, 150) if gestrichen else (0, 0, 0)))
            pdf.cell(b, ZEILE, kurz(pdf, w, b - 1), align=ausr)
        pdf.ln(ZEILE)
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(SCHRIFT, "", 8)
    legende = "  ".join(f"{spalte(e)} = {e.titel or e.art} ({e.datum})" for e in ereignisse)
    if legende:
        pdf.ln(1)
        pdf.multi_cell(breite, 4, darstellbar(legende), new_x="LMARGIN", new_y="NEXT")
    _diagramm(pdf, verlauf, [z.name for z in stand.rangliste])
    return bytes(pdf.output())


def _diagramm(pdf: Any, verlauf: Rangverlauf, namen: list[str]) -> None:
    """Der Verlauf der Plätze als Linien (Platz 1 oben), rechts die Namen."""
    reihen = linien(verlauf, namen)
    n = len(verlauf.ereignisse)
    if not reihen or not n:
        return
    if pdf.get_y() + DIAGRAMM + 12 > pdf.h - RAND:
        pdf.add_page()
    pdf.ln(4)
    pdf.set_font(SCHRIFT, "B", 11)
    pdf.cell(0, 6, darstellbar("Verlauf der Plätze"), new_x="LMARGIN", new_y="NEXT")
    tiefste = max((p for _, ps in reihen for p in ps if p is not None), default=1)
    x0, y0 = RAND + 10, pdf.get_y() + 3
    breite = pdf.w - 2 * RAND - 60
    hoehe = DIAGRAMM - 15
    dx = breite / max(n - 1, 1)
    dy = hoehe / max(tiefste - 1, 1)
    pdf.set_font(SCHRIFT, "", 7)
    pdf.set_draw_color(220, 220, 220)
    pdf.set_line_width(0.2)
    for p in range(1, tiefste + 1):
        y = y0 + (p - 1) * dy
        pdf.line(x0, y, x0 + breite, y)
        pdf.text(x0 - 7, y + 1, f"{p}.")
    for i, e in enumerate(verlauf.ereignisse):
        pdf.text(x0 + i * dx - 2, y0 + hoehe + 5, spalte(e))
    pdf.set_line_width(0.6)
    for k, (name, plaetze) in enumerate(reihen):
        farbe = _farbe(FARBEN[k % len(FARBEN)])
        pdf.set_draw_color(*farbe)
        pdf.set_fill_color(*farbe)
        punkte = [(x0 + i * dx, y0 + (p - 1) * dy) for i, p in enumerate(plaetze) if p is not None]
        for (a, b), (c, d) in zip(punkte, punkte[1:]):
            pdf.line(a, b, c, d)
        for a, b in punkte:
            pdf.ellipse(a - 0.8, b - 0.8, 1.6, 1.6, style="F")
        if punkte:
            pdf.set_text_color(*farbe)
            pdf.text(x0 + breite + 3, punkte[-1][1] + 1, kurz(pdf, name, 50))
    pdf.set_text_color(0, 0, 0)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_y(y0 + hoehe + 8)


__all__ = ["stand_pdf"]
