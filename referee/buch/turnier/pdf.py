"""Tischblätter und Rangliste als PDF (fpdf2) – zum Ausdrucken und Aushängen.

``tischblaetter_pdf(plan, wertung)``: je Tisch ein Blatt (A4 hoch; bei vielen Spielen mehrere
Seiten mit Übertrag): Turnier, Runde, Tisch, die Plätze mit Startnummer und Name, eine Zeile je
Spiel mit dem Geber und je Spieler Plus und Minus, Summe, gewonnene Soli, Unterschriften. Am
Fünfertisch sind die Felder des Gebers grau – er setzt aus.
``rangliste_pdf(stand)``: Platz, Startnummer, Name, Punkte, Soli, Punkte je Runde; der Kopf
wiederholt sich auf jeder Seite.
``qr_seiten_pdf(name, runde, seiten)``: je Tisch eine Seite mit dem QR-Code seines
Schreib-Links (``referee turnier live --schreiben --qr-pdf``), zum Hinlegen auf den Tisch.

Schrift: die Standardschrift Helvetica von PDF (eingebaut, nichts einzubetten). Sie kann
Latin-1 – ä, ö, ü, ß, é, ñ … –, also alle Namen einer bayerischen Turnierliste; fremde
Buchstaben werden zu ihrem Grundbuchstaben (Ł → L, č → c), Typografie zu ASCII („“ → ",
– → -). So ist das PDF auf jedem Rechner gleich, ohne Schriftdatei im Paket.

Gibt Bytes zurück (kein Datei-I/O); fpdf2 wird erst beim Aufruf geladen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.buch.turnier.antworten import Tischplan, Turnierstand
    from referee.turnier.daten import Tisch
    from referee.turnier.wertung import Wertung

SCHRIFT = "Helvetica"
RAND = 12.0  # mm
ZEILE = 6.5  # kleinste Höhe einer Spielzeile (mm): noch gut zum Schreiben (wie Schulheft-Lineatur)
GRAU = (215, 215, 215)
HELL = (240, 240, 240)

_ERSATZ = {
    "–": "-",
    "—": "-",
    "‒": "-",
    "−": "-",
    "„": '"',
    "“": '"',
    "”": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "…": "...",
    "€": "EUR",
    "Ł": "L",
    "ł": "l",
    "Ø": "O",
    "ø": "o",
    "Đ": "D",
    "đ": "d",
    "Œ": "OE",
    "œ": "oe",
    "ı": "i",
}


def latin1(text: str) -> str:
    """``text`` in Zeichen, die die eingebaute Schrift kann (Latin-1): Umlaute bleiben,
    Typografie wird ASCII, fremde Buchstaben ihr Grundbuchstabe, der Rest „?“.

    >>> latin1("Jürgen Łukasz – „Čech“ 😀")
    'Jürgen Lukasz - "Cech" ?'
    """
    aus = []
    for z in unicodedata.normalize("NFC", text):
        if ord(z) < 256 and (z.isprintable() or z == " "):
            aus.append(z)
        elif z in _ERSATZ:
            aus.append(_ERSATZ[z])
        else:
            grund = "".join(
                c for c in unicodedata.normalize("NFKD", z) if ord(c) < 256 and c.isprintable()
            )
            aus.append(grund or "?")
    return "".join(aus)


def _pdf(quer: bool = False) -> Any:
    from fpdf import FPDF

    pdf = FPDF(orientation="L" if quer else "P", unit="mm", format="A4")
    pdf.set_margins(RAND, RAND, RAND)
    pdf.set_auto_page_break(False)
    pdf.set_creator("referee")
    return pdf


def _kurz(pdf: Any, text: str, breite: float) -> str:
    """``text`` so gekürzt (mit „.“), dass er in ``breite`` mm passt."""
    text = latin1(text)
    if pdf.get_string_width(text) <= breite:
        return text
    while text and pdf.get_string_width(text + ".") > breite:
        text = text[:-1]
    return text.rstrip() + "."


# --------------------------------------------------------------------------- Tischblätter


def tischblaetter_pdf(plan: Tischplan, wertung: Wertung) -> bytes:
    """Die Tischblätter einer Runde (je Tisch eine oder mehrere Seiten) als PDF-Bytes."""
    pdf = _pdf()
    for tisch in plan.tische:
        _tischblatt(pdf, plan, tisch, wertung)
    return bytes(pdf.output())


def _seiten(spiele: int, platz: float) -> tuple[list[range], float]:
    """Die Spiele je Seite (so viele Zeilen, wie mit ``ZEILE`` mm passen, gleichmäßig
    verteilt) und die Zeilenhöhe, die den Platz dann füllt (höchstens 11 mm)."""
    je_seite = max(1, int(platz // ZEILE))
    seiten = -(-spiele // je_seite)
    gleich = -(-spiele // seiten)
    hoehe = min(11.0, platz / gleich)
    return [range(i, min(i + gleich, spiele)) for i in range(0, spiele, gleich)], hoehe


def _tischblatt(pdf: Any, plan: Tischplan, tisch: Tisch, wertung: Wertung) -> None:
    t = plan.turnier
    sitze = tisch.sitze
    n = len(sitze)
    breite = pdf.w - 2 * RAND
    nr_b, geber_b = 10.0, 26.0
    spieler_b = (breite - nr_b - geber_b) / n
    kopf_h = 58.0 if n == 5 else 52.0
    fuss_h = 3 * ZEILE + 24
    platz = pdf.h - 2 * RAND - kopf_h - 14 - fuss_h
    seiten, zeile = _seiten(t.spiele, platz)
    summen_art = (
        "Plus/Minus – jede Zeile und die Summe gehen auf 0 auf"
        if wertung.plusminus
        else ("nur Pluspunkte")
    )
    for s, spiele in enumerate(seiten, 1):
        pdf.add_page()
        # Kopf: Turnier, Runde, Tisch, Seite
        pdf.set_font(SCHRIFT, "B", 16)
        pdf.cell(breite * 0.7, 8, _kurz(pdf, t.name, breite * 0.7))
        pdf.set_font(SCHRIFT, "B", 20)
        pdf.cell(breite * 0.3, 8, f"Tisch {tisch.nr}", align="R", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(SCHRIFT, "", 11)
        seite = f"  ·  Seite {s}/{len(seiten)}" if len(seiten) > 1 else ""
        pdf.cell(
            breite,
            6,
            latin1(f"Runde {tisch.runde}  ·  {t.spiele} Spiele  ·  {summen_art}{seite}"),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.ln(2)
        # die Plätze
        pdf.set_font(SCHRIFT, "", 12)
        for i, sitz in enumerate(sitze, 1):
            pdf.set_font(SCHRIFT, "B", 12)
            pdf.cell(20, 6.5, f"Platz {i}")
            pdf.set_font(SCHRIFT, "", 12)
            pdf.cell(22, 6.5, f"Nr. {sitz.startnummer}")
            pdf.cell(
                breite - 42, 6.5, _kurz(pdf, sitz.name, breite - 42), new_x="LMARGIN", new_y="NEXT"
            )
        pdf.set_font(SCHRIFT, "I", 9)
        hinweis = "Es gibt reihum, Platz 1 gibt das erste Spiel."
        if n == 5:
            hinweis += " Am Fünfertisch setzt der Geber aus (graue Felder)."
        pdf.cell(breite, 5, latin1(hinweis), new_x="LMARGIN", new_y="NEXT")
        pdf.set_y(RAND + kopf_h)
        _tabellenkopf(pdf, sitze, nr_b, geber_b, spieler_b)
        if s > 1:
            _summenzeile(pdf, "Übertrag", n, nr_b, geber_b, spieler_b, fett=False)
        pdf.set_font(SCHRIFT, "", 11)
        for k in spiele:
            geber = k % n
            pdf.cell(nr_b, zeile, str(k + 1), border=1, align="C")
            pdf.cell(geber_b, zeile, _kurz(pdf, sitze[geber].name, geber_b - 2), border=1)
            for j in range(n):
                grau = n == 5 and j == geber
                if grau:
                    pdf.set_fill_color(*GRAU)
                pdf.cell(spieler_b / 2, zeile, "", border=1, fill=grau)
                pdf.cell(spieler_b / 2, zeile, "", border=1, fill=grau)
            pdf.ln(zeile)
        letzte = s == len(seiten)
        _summenzeile(pdf, "Summe" if letzte else "Übertrag", n, nr_b, geber_b, spieler_b, fett=True)
        if letzte:
            pdf.set_font(SCHRIFT, "", 10)
            pdf.cell(nr_b + geber_b, ZEILE, "Gewonnene Soli", border=1)
            for _ in sitze:
                pdf.cell(spieler_b, ZEILE, "", border=1)
            pdf.ln(ZEILE + 6)
            pdf.set_font(SCHRIFT, "", 10)
            pdf.cell(breite, 6, "Unterschriften:", new_x="LMARGIN", new_y="NEXT")
            y = pdf.get_y() + 8
            for j in range(n):
                x = RAND + j * (breite / n)
                pdf.line(x + 2, y, x + breite / n - 4, y)


def _tabellenkopf(pdf: Any, sitze: Any, nr_b: float, geber_b: float, spieler_b: float) -> None:
    pdf.set_fill_color(*HELL)
    pdf.set_font(SCHRIFT, "B", 10)
    x, y = pdf.get_x(), pdf.get_y()
    pdf.cell(nr_b, 14, "Nr.", border=1, align="C", fill=True)
    pdf.cell(geber_b, 14, "Geber", border=1, align="C", fill=True)
    for sitz in sitze:
        text = f"{sitz.name} ({sitz.startnummer})"
        pdf.cell(spieler_b, 7, _kurz(pdf, text, spieler_b - 2), border=1, align="C", fill=True)
    pdf.set_xy(x + nr_b + geber_b, y + 7)
    pdf.set_font(SCHRIFT, "", 9)
    for _ in sitze:
        pdf.cell(spieler_b / 2, 7, "Plus", border=1, align="C", fill=True)
        pdf.cell(spieler_b / 2, 7, "Minus", border=1, align="C", fill=True)
    pdf.set_xy(x, y + 14)


def _summenzeile(
    pdf: Any, text: str, n: int, nr_b: float, geber_b: float, spieler_b: float, *, fett: bool
) -> None:
    pdf.set_font(SCHRIFT, "B" if fett else "", 11)
    pdf.set_fill_color(*HELL)
    pdf.cell(nr_b + geber_b, ZEILE, latin1(text), border=1, fill=True)
    for _ in range(n):
        pdf.cell(spieler_b / 2, ZEILE, "", border=1, fill=True)
        pdf.cell(spieler_b / 2, ZEILE, "", border=1, fill=True)
    pdf.ln(ZEILE)


# --------------------------------------------------------------------------- Rangliste


def rangliste_pdf(stand: Turnierstand) -> bytes:
    """Die Rangliste (gesamt oder einer Runde) als PDF-Bytes, Kopf auf jeder Seite."""
    pdf = _pdf()
    t = stand.turnier
    breite = pdf.w - 2 * RAND
    runden = list(range(1, t.runden + 1)) if stand.runde is None else []
    spalten: list[tuple[str, float, str]] = [
        ("Platz", 16, "R"),
        ("Nr.", 14, "R"),
        ("Name", 0, "L"),
        ("Punkte", 22, "R"),
        ("Soli", 14, "R"),
        *((f"R{r}", 16.0, "R") for r in runden),
    ]
    rest = breite - sum(b for _, b, _ in spalten)
    spalten[2] = ("Name", rest, "L")
    hoehe = 7.0
    wo = f"Runde {stand.runde}" if stand.runde is not None else "gesamt"
    offen = [s for s in stand.tische if not s.fertig]
    zeilen = list(stand.rangliste)
    je_seite = int((pdf.h - 2 * RAND - 30) // hoehe)
    seiten = max(1, -(-len(zeilen) // je_seite))
    for s in range(seiten):
        pdf.add_page()
        pdf.set_font(SCHRIFT, "B", 16)
        pdf.cell(
            breite,
            8,
            _kurz(pdf, f"Rangliste {wo} – {t.name}", breite),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_font(SCHRIFT, "", 10)
        unter = "Punkte, dann gewonnene Soli; gleicher Platz bei vollem Gleichstand."
        if offen:
            unter += f" Noch offen: {len(offen)} Tisch{'e' if len(offen) > 1 else ''} (vorläufig)."
        if seiten > 1:
            unter += f"  Seite {s + 1}/{seiten}"
        pdf.cell(breite, 6, latin1(unter), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        pdf.set_fill_color(*HELL)
        pdf.set_font(SCHRIFT, "B", 11)
        for kopf, b, ausr in spalten:
            pdf.cell(b, hoehe, kopf, border="B", align=ausr, fill=True)
        pdf.ln(hoehe)
        pdf.set_font(SCHRIFT, "", 11)
        for i, z in enumerate(zeilen[s * je_seite : (s + 1) * je_seite]):
            streifen = i % 2 == 1
            if streifen:
                pdf.set_fill_color(*HELL)
            name = z.name + (" (abgemeldet)" if z.konto.abgemeldet else "")
            if z.konto.ersetzt:
                name += " für " + ", ".join(z.konto.ersetzt)
            werte = [
                f"{z.platz}.",
                str(z.startnummer),
                name,
                f"{z.punkte:+d}" if z.punkte else "0",
                str(z.soli),
                *(_rundenwert(z.konto.je_runde[r - 1]) for r in runden),
            ]
            for (_, b, ausr), w in zip(spalten, werte):
                pdf.cell(b, hoehe, _kurz(pdf, w, b - 1), align=ausr, fill=streifen)
            pdf.ln(hoehe)
    return bytes(pdf.output())


__all__ = ["latin1", "rangliste_pdf", "tischblaetter_pdf"]


# --------------------------------------------------------------------------- QR-Codes je Tisch


def qr_seiten_pdf(name: str, runde: int, seiten: Sequence[tuple[Tisch, str, bytes]]) -> bytes:
    """Je Tisch eine Seite (A4 hoch): groß „Tisch N“, Turnier und Runde, die Plätze, der
    QR-Code (``seiten``: Tisch, Link, QR-Code als PNG) mit dem Link darunter und wer damit was
    kann – zum Hinlegen auf den Tisch oder Anheften ans Tischblatt."""
    import io

    pdf = _pdf()
    breite = pdf.w - 2 * RAND
    for tisch, link, png in seiten:
        pdf.add_page()
        pdf.set_font(SCHRIFT, "B", 44)
        pdf.cell(breite, 22, latin1(f"Tisch {tisch.nr}"), align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(SCHRIFT, "", 16)
        pdf.cell(
            breite,
            9,
            _kurz(pdf, f"{name} · Runde {runde}", breite),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        plaetze = ", ".join(f"{s.name} ({s.startnummer})" for s in tisch.sitze)
        pdf.set_font(SCHRIFT, "", 12)
        pdf.multi_cell(breite, 6, latin1(plaetze), align="C", new_x="LMARGIN", new_y="NEXT")
        seite_qr = 130.0
        pdf.image(io.BytesIO(png), x=(pdf.w - seite_qr) / 2, y=pdf.get_y() + 6, w=seite_qr)
        pdf.set_y(pdf.get_y() + seite_qr + 12)
        pdf.set_font(SCHRIFT, "B", 14)
        pdf.multi_cell(
            breite,
            7,
            latin1(f"Mit der Handykamera scannen: die Spiele von Tisch {tisch.nr} eintragen."),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_font(SCHRIFT, "", 10)
        pdf.multi_cell(
            breite,
            5,
            latin1(
                f"Der Link gilt nur für Tisch {tisch.nr} in Runde {runde} (im WLAN des "
                "Turniers, solange die Turnierleitung „referee turnier live“ laufen lässt)."
            ),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_font("Courier", "", 9)
        pdf.multi_cell(breite, 5, latin1(link), align="C", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _rundenwert(p: int | None) -> str:
    """``+3``, ``0``, ``-2`` – oder ``–`` für eine Runde, die nicht gespielt wurde."""
    if p is None:
        return "–"
    return f"{p:+d}" if p else "0"
