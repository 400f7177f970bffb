"""Tischblätter, Rangliste und QR-Seiten als PDF (fpdf2) – zum Ausdrucken und Aushängen; dazu
der Grund aller Turnier-PDFs (Schrift, Seite, Text, der passt). Preise, Sitzplan, Laufzettel und
Mannschaften: ``pdf_listen.py``.

``tischblaetter_pdf(plan, wertung)``: je Tisch ein Blatt (A4 hoch; bis ``SPIELE_JE_BLATT``
Spiele eine Seite, mehr auf weiteren Seiten mit Übertrag): Turnier, Runde, Tisch, je Platz eine
Spalte (Startnummer, Platz, Name in bis zu zwei Zeilen – am Fünfertisch notfalls kleiner, nie
abgeschnitten an der Startnummer), eine Zeile je Spiel mit dem Geber und je Spieler Plus und
Minus, Summe, gewonnene Soli, Unterschriften. Am Fünfertisch sind die Felder des Gebers grau –
er setzt aus.
``rangliste_pdf(aushang)``: Datum und Ort, Platz, Startnummer, Name (Verein), Punkte, Soli,
Punkte je Runde; der Kopf wiederholt sich auf jeder Seite.
``qr_seiten_pdf(name, runde, seiten)``: je Tisch eine Seite mit dem QR-Code seines
Schreib-Links (``referee turnier live --schreiben --qr-pdf``), zum Hinlegen auf den Tisch.

Schrift: DejaVu Sans (normal und fett), als Teilmenge im Paket (``referee/schrift/``, mit
Lizenz): Latein mit allen Akzenten (ä, ß, Ł, č, ø …), Griechisch, Kyrillisch, „€“. fpdf2 bettet
davon nur die benutzten Zeichen ein; das PDF sieht auf jedem Rechner gleich aus. Was auch diese
Schrift nicht hat (ein Emoji), wird zum Grundbuchstaben oder „?“ (``darstellbar``).

Gibt Bytes zurück (kein Datei-I/O außer dem Lesen der Schrift); fpdf2 wird erst beim Aufruf
geladen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.buch.turnier.antworten import Tischplan
    from referee.buch.turnier.antworten_leitung import Aushang
    from referee.turnier.daten import Eckdaten, Sitz, Tisch, Turnier
    from referee.turnier.wertung import Wertung

SCHRIFT = "DejaVu"
#: Die Schriftdateien im Paket je Stil (``""`` normal, ``"B"`` fett).
SCHRIFTDATEIEN = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
SCHRIFTORDNER = Path(__file__).resolve().parents[2] / "schrift"
RAND = 12.0  # mm
#: kleinste Höhe einer Spielzeile (mm): 5,5 mm ist eine enge Schulheft-Lineatur – noch gut zum
#: Schreiben; damit passen bis zu ``SPIELE_JE_BLATT`` Spiele auf eine Seite
ZEILE = 5.5
SUMME_H = 6.5  # Summen-, Soli- und Übertragszeile (mm)
SPIELE_JE_BLATT = 37
GRAU = (215, 215, 215)
HELL = (240, 240, 240)
DUNKEL = (90, 90, 90)

#: Ersatz für Zeichen, die die Schrift nicht hat (vor dem Grundbuchstaben versucht).
_ERSATZ = {"…": "...", "€": "EUR", "„": '"', "“": '"', "”": '"', "–": "-", "—": "-"}
_zeichen: frozenset[int] | None = None


# --------------------------------------------------------------------------- Grund


def neues_pdf(quer: bool = False) -> Any:
    """Ein leeres A4-PDF mit Rändern, ohne automatischen Seitenumbruch, mit der Schrift."""
    from fpdf import FPDF

    pdf = FPDF(orientation="L" if quer else "P", unit="mm", format="A4")
    pdf.set_margins(RAND, RAND, RAND)
    pdf.set_auto_page_break(False)
    pdf.set_creator("referee")
    for stil, datei in SCHRIFTDATEIEN.items():
        pdf.add_font(SCHRIFT, stil, str(SCHRIFTORDNER / datei))
    pdf.set_font(SCHRIFT, "", 11)
    global _zeichen
    if _zeichen is None:
        _zeichen = frozenset.intersection(
            *(frozenset(getattr(f, "cmap", ())) for f in pdf.fonts.values())
        )
    return pdf


def darstellbar(text: str) -> str:
    """``text`` in Zeichen, die die Schrift hat: was fehlt, wird zu seinem Grundbuchstaben
    (NFKD ohne Akzent), zu einem ASCII-Ersatz oder zu „?“. Ohne geladene Schrift (vor dem
    ersten ``neues_pdf``) bleibt der Text, wie er ist.

    >>> _ = neues_pdf()
    >>> darstellbar("Łukasz Čech – 😀")
    'Łukasz Čech – ?'
    """
    vorhanden = _zeichen
    text = unicodedata.normalize("NFC", str(text))
    if vorhanden is None or all(ord(z) in vorhanden for z in text):
        return text
    aus = []
    for z in text:
        if ord(z) in vorhanden:
            aus.append(z)
        elif not z.isprintable():
            aus.append(" " if z.isspace() else "")
        elif z in _ERSATZ:
            aus.append(_ERSATZ[z])
        else:
            grund = "".join(
                c
                for c in unicodedata.normalize("NFKD", z)
                if ord(c) in vorhanden and c.isprintable()
            )
            aus.append(grund or "?")
    return "".join(aus)


def kurz(pdf: Any, text: str, breite: float) -> str:
    """``text`` so gekürzt (mit „.“), dass er in ``breite`` mm passt (in der gesetzten Schrift)."""
    text = darstellbar(text)
    if pdf.get_string_width(text) <= breite:
        return text
    while text and pdf.get_string_width(text + ".") > breite:
        text = text[:-1]
    return text.rstrip() + "."


def passend(
    pdf: Any, text: str, breite: float, groesse: float, kleinste: float, stil: str = ""
) -> str:
    """Setzt die größte Schriftgröße zwischen ``groesse`` und ``kleinste`` (in halben Punkten),
    in der ``text`` in ``breite`` mm passt; passt er auch in ``kleinste`` nicht, gekürzt."""
    text = darstellbar(text)
    g = groesse
    while True:
        pdf.set_font(SCHRIFT, stil, g)
        if pdf.get_string_width(text) <= breite or g <= kleinste:
            return kurz(pdf, text, breite)
        g = max(kleinste, g - 0.5)


def zwei_zeilen(
    pdf: Any, text: str, breite: float, groesse: float, kleinste: float, stil: str = ""
) -> list[str]:
    """``text`` in einer Zeile oder, an einem Leerzeichen geteilt, in zwei – in der größten
    Schriftgröße zwischen ``groesse`` und ``kleinste``, die das erlaubt (sie bleibt gesetzt);
    passt es auch klein nicht, wird die letzte Zeile gekürzt."""
    text = darstellbar(" ".join(text.split()))
    woerter = text.split(" ")
    g = groesse
    while True:
        pdf.set_font(SCHRIFT, stil, g)
        if pdf.get_string_width(text) <= breite:
            return [text]
        teilungen = [(" ".join(woerter[:i]), " ".join(woerter[i:])) for i in range(1, len(woerter))]
        passt = [t for t in teilungen if max(pdf.get_string_width(x) for x in t) <= breite]
        if passt:  # die ausgewogenste Teilung
            return list(min(passt, key=lambda t: max(pdf.get_string_width(x) for x in t)))
        if g <= kleinste:
            if not teilungen:
                return [kurz(pdf, text, breite)]
            erste, rest = min(teilungen, key=lambda t: abs(len(t[0]) - len(t[1])))
            return [kurz(pdf, erste, breite), kurz(pdf, rest, breite)]
        g = max(kleinste, g - 0.5)


def datum_und_ort(t: Turnier, eckdaten: Eckdaten) -> str:
    """``Sa 28.11.2026 · Gasthaus Post`` (Datum des Turniers, sonst der Tag, an dem es
    angelegt wurde)."""
    from referee.bericht.formate import datum_de

    teile = [datum_de(eckdaten.datum or t.angelegt[:10], wochentag=True)]
    if eckdaten.ort:
        teile.append(eckdaten.ort)
    return "  ·  ".join(x for x in teile if x)


def kopf(pdf: Any, titel: str, unter: str, breite: float, groesse: float = 16) -> None:
    """Titel (fett) und eine Zeile darunter, dann etwas Abstand."""
    pdf.set_font(SCHRIFT, "B", groesse)
    pdf.cell(breite, 8, kurz(pdf, titel, breite), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(SCHRIFT, "", 10)
    pdf.cell(breite, 5.5, kurz(pdf, unter, breite), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)


# --------------------------------------------------------------------------- Tischblätter


def tischblaetter_pdf(plan: Tischplan, wertung: Wertung) -> bytes:
    """Die Tischblätter einer Runde (je Tisch ein Blatt, bei mehr als ``SPIELE_JE_BLATT``
    Spielen mehrere Seiten) als PDF-Bytes."""
    pdf = neues_pdf()
    for tisch in plan.tische:
        _tischblatt(pdf, plan, tisch, wertung)
    return bytes(pdf.output())


#: die festen Höhen eines Tischblatts (mm): Kopf, Tabellenkopf, Fuß (Summe, Soli, Unterschrift)
_KOPF_H = 20.0
_SPALTENKOPF_H = 4.5 + 2 * 4.0 + 4.5
_FUSS_H = 2 * SUMME_H + 3 + 5 + 12


def _seiten(spiele: int, platz: float) -> tuple[list[range], float]:
    """Die Spiele je Seite (so viele Zeilen, wie mit ``ZEILE`` mm passen, gleichmäßig
    verteilt; ab der zweiten Seite eine Zeile weniger für den Übertrag) und die Zeilenhöhe, die
    den Platz dann füllt (höchstens 11 mm)."""
    je_seite = max(1, int(platz // ZEILE))
    if spiele <= je_seite:
        return [range(spiele)], min(11.0, platz / max(1, spiele))
    je_seite = max(1, int((platz - SUMME_H) // ZEILE))
    seiten = -(-spiele // je_seite)
    gleich = -(-spiele // seiten)
    hoehe = min(11.0, (platz - SUMME_H) / gleich)
    return [range(i, min(i + gleich, spiele)) for i in range(0, spiele, gleich)], hoehe


def _tischblatt(pdf: Any, plan: Tischplan, tisch: Tisch, wertung: Wertung) -> None:
    t = plan.turnier
    sitze = tisch.sitze
    n = len(sitze)
    breite = pdf.w - 2 * RAND
    nr_b, geber_b = 10.0, 26.0
    spieler_b = (breite - nr_b - geber_b) / n
    platz = pdf.h - 2 * RAND - _KOPF_H - _SPALTENKOPF_H - _FUSS_H
    seiten, zeile = _seiten(t.spiele, platz)
    summen_art = (
        "Plus/Minus – jede Zeile und die Summe gehen auf 0 auf"
        if wertung.plusminus
        else "nur Pluspunkte"
    )
    for s, spiele in enumerate(seiten, 1):
        pdf.add_page()
        # Kopf: Turnier, Tisch, Runde, Seite, Hinweis
        pdf.set_font(SCHRIFT, "B", 20)
        tisch_b = pdf.get_string_width(f"Tisch {tisch.nr}") + 2
        pdf.set_font(SCHRIFT, "B", 15)
        pdf.cell(breite - tisch_b, 8, kurz(pdf, t.name, breite - tisch_b - 2))
        pdf.set_font(SCHRIFT, "B", 20)
        pdf.cell(tisch_b, 8, f"Tisch {tisch.nr}", align="R", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(SCHRIFT, "", 10)
        seite = f"  ·  Seite {s}/{len(seiten)}" if len(seiten) > 1 else ""
        pdf.cell(
            breite,
            5.5,
            kurz(pdf, f"Runde {tisch.runde}  ·  {t.spiele} Spiele  ·  {summen_art}{seite}", breite),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        hinweis = "Es gibt reihum, Platz 1 gibt das erste Spiel."
        if n == 5:
            hinweis += " Am Fünfertisch setzt der Geber aus (graue Felder)."
        pdf.set_text_color(*DUNKEL)
        pdf.set_font(SCHRIFT, "", 8.5)
        pdf.cell(breite, 4.5, kurz(pdf, hinweis, breite), new_x="LMARGIN", new_y="NEXT")
        pdf.set_text_color(0, 0, 0)
        pdf.set_y(RAND + _KOPF_H)
        _tabellenkopf(pdf, sitze, nr_b, geber_b, spieler_b)
        if s > 1:
            _summenzeile(pdf, "Übertrag", n, nr_b, geber_b, spieler_b, fett=False)
        for k in spiele:
            geber = k % n
            pdf.set_font(SCHRIFT, "", 10)
            pdf.cell(nr_b, zeile, str(k + 1), border=1, align="C")
            pdf.cell(geber_b, zeile, passend(pdf, sitze[geber].name, geber_b - 2, 9, 7), border=1)
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
            pdf.cell(nr_b + geber_b, SUMME_H, "Gewonnene Soli", border=1)
            for _ in sitze:
                pdf.cell(spieler_b, SUMME_H, "", border=1)
            pdf.ln(SUMME_H + 3)
            pdf.cell(breite, 5, "Unterschriften:", new_x="LMARGIN", new_y="NEXT")
            y = pdf.get_y() + 9
            for j in range(n):
                x = RAND + j * (breite / n)
                pdf.line(x + 2, y, x + breite / n - 4, y)


def _tabellenkopf(
    pdf: Any, sitze: Sequence[Sitz], nr_b: float, geber_b: float, spieler_b: float
) -> None:
    """Je Platz eine Spalte: „Nr. 12 · Platz 3“, darunter der Name in bis zu zwei Zeilen (am
    Fünfertisch notfalls kleiner – die Startnummer steht immer ganz da), dann Plus und Minus."""
    pdf.set_fill_color(*HELL)
    x, y = pdf.get_x(), pdf.get_y()
    h = _SPALTENKOPF_H
    pdf.set_font(SCHRIFT, "B", 10)
    pdf.cell(nr_b, h, "Nr.", border=1, align="C", fill=True)
    pdf.cell(geber_b, h, "Geber", border=1, align="C", fill=True)
    for i, sitz in enumerate(sitze):
        links = x + nr_b + geber_b + i * spieler_b
        pdf.rect(links, y, spieler_b, h - 4.5, style="DF")
        pdf.set_xy(links, y + 0.3)
        pdf.set_font(SCHRIFT, "B", 9)
        nummer = f"Nr. {sitz.startnummer} · Platz {i + 1}"
        if pdf.get_string_width(nummer) > spieler_b - 2:
            nummer = f"Nr. {sitz.startnummer}"
        pdf.cell(spieler_b, 4.2, nummer, align="C")
        zeilen = zwei_zeilen(pdf, sitz.name, spieler_b - 2, 9.5, 6.5, "B")
        oben = y + 4.5 + (4.0 if len(zeilen) == 1 else 0.0) / 2
        for j, z in enumerate(zeilen):
            pdf.set_xy(links, oben + j * 4.0)
            pdf.cell(spieler_b, 4.0, z, align="C")
    pdf.set_xy(x + nr_b + geber_b, y + h - 4.5)
    pdf.set_font(SCHRIFT, "", 8)
    for _ in sitze:
        pdf.cell(spieler_b / 2, 4.5, "Plus", border=1, align="C", fill=True)
        pdf.cell(spieler_b / 2, 4.5, "Minus", border=1, align="C", fill=True)
    pdf.set_xy(x, y + h)


def _summenzeile(
    pdf: Any, text: str, n: int, nr_b: float, geber_b: float, spieler_b: float, *, fett: bool
) -> None:
    pdf.set_font(SCHRIFT, "B" if fett else "", 10.5)
    pdf.set_fill_color(*HELL)
    pdf.cell(nr_b + geber_b, SUMME_H, darstellbar(text), border=1, fill=True)
    for _ in range(n):
        pdf.cell(spieler_b / 2, SUMME_H, "", border=1, fill=True)
        pdf.cell(spieler_b / 2, SUMME_H, "", border=1, fill=True)
    pdf.ln(SUMME_H)


# --------------------------------------------------------------------------- Rangliste


def punkte_text(p: int | None) -> str:
    """``+12``, ``-3``, ``0``; eine Runde ohne Wert (nicht gespielt): „–“."""
    if p is None:
        return "–"
    return f"{p:+d}" if p else "0"


def rangliste_pdf(aushang: Aushang) -> bytes:
    """Die Rangliste (gesamt oder einer Runde) mit Datum und Ort als PDF-Bytes, Kopf auf jeder
    Seite; mit Vereinen eine Spalte Verein."""
    pdf = neues_pdf()
    stand = aushang.stand
    t = stand.turnier
    breite = pdf.w - 2 * RAND
    runden = list(range(1, t.runden + 1)) if stand.runde is None else []
    verein = {nr: z.verein or z.mannschaft or "" for nr, z in aushang.vereine.items()}
    mit_verein = any(verein.values())
    je_runde_b = 16.0 if len(runden) <= 6 else max(9.0, 96.0 / len(runden))
    rest = breite - (15 + 12 + 19 + 12) - je_runde_b * len(runden)
    spalten: list[tuple[str, float, str]] = [
        ("Platz", 15, "R"),
        ("Nr.", 12, "R"),
        ("Name", rest * 0.6 if mit_verein else rest, "L"),
        *([("Verein", rest * 0.4, "L")] if mit_verein else []),
        ("Punkte", 19, "R"),
        ("Soli", 12, "R"),
        *((f"R{r}", je_runde_b, "R") for r in runden),
    ]
    hoehe = 7.0
    wo = f"Runde {stand.runde}" if stand.runde is not None else "gesamt"
    offen = [s for s in stand.tische if not s.fertig]
    zeilen = list(stand.rangliste)
    je_seite = int((pdf.h - 2 * RAND - 36) // hoehe)
    seiten = max(1, -(-len(zeilen) // je_seite))
    for s in range(seiten):
        pdf.add_page()
        unter = datum_und_ort(t, aushang.eckdaten)
        if seiten > 1:
            unter += f"  ·  Seite {s + 1}/{seiten}"
        kopf(pdf, f"Rangliste {wo} – {t.name}", unter, breite)
        pdf.set_font(SCHRIFT, "", 9)
        erklaerung = "Punkte, dann gewonnene Soli; gleicher Platz bei vollem Gleichstand."
        if offen:
            erklaerung += (
                f" Noch offen: {len(offen)} Tisch{'e' if len(offen) > 1 else ''} (vorläufig)."
            )
        pdf.cell(breite, 5, kurz(pdf, erklaerung, breite), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
        pdf.set_fill_color(*HELL)
        pdf.set_font(SCHRIFT, "B", 10.5)
        for titel, b, ausr in spalten:
            pdf.cell(b, hoehe, titel, border="B", align=ausr, fill=True)
        pdf.ln(hoehe)
        pdf.set_font(SCHRIFT, "", 10.5)
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
                *([verein.get(z.startnummer, "")] if mit_verein else []),
                punkte_text(z.punkte),
                str(z.soli),
                *(punkte_text(z.konto.je_runde[r - 1]) for r in runden),
            ]
            for (_, b, ausr), w in zip(spalten, werte):
                pdf.cell(b, hoehe, kurz(pdf, w, b - 1), align=ausr, fill=streifen)
            pdf.ln(hoehe)
    return bytes(pdf.output())


# --------------------------------------------------------------------------- QR-Codes je Tisch


def qr_seiten_pdf(name: str, runde: int, seiten: Sequence[tuple[Tisch, str, bytes]]) -> bytes:
    """Je Tisch eine Seite (A4 hoch): groß „Tisch N“, Turnier und Runde, die Plätze, der
    QR-Code (``seiten``: Tisch, Link, QR-Code als PNG) mit dem Link darunter und wer damit was
    kann – zum Hinlegen auf den Tisch oder Anheften ans Tischblatt."""
    import io

    pdf = neues_pdf()
    breite = pdf.w - 2 * RAND
    for tisch, link, png in seiten:
        pdf.add_page()
        pdf.set_font(SCHRIFT, "B", 44)
        pdf.cell(breite, 22, f"Tisch {tisch.nr}", align="C", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(SCHRIFT, "", 16)
        pdf.cell(
            breite,
            9,
            kurz(pdf, f"{name} · Runde {runde}", breite),
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        plaetze = ", ".join(f"{s.name} ({s.startnummer})" for s in tisch.sitze)
        pdf.set_font(SCHRIFT, "", 12)
        pdf.multi_cell(breite, 6, darstellbar(plaetze), align="C", new_x="LMARGIN", new_y="NEXT")
        seite_qr = 130.0
        pdf.image(io.BytesIO(png), x=(pdf.w - seite_qr) / 2, y=pdf.get_y() + 6, w=seite_qr)
        pdf.set_y(pdf.get_y() + seite_qr + 12)
        pdf.set_font(SCHRIFT, "B", 14)
        pdf.multi_cell(
            breite,
            7,
            f"Mit der Handykamera scannen: die Spiele von Tisch {tisch.nr} eintragen.",
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_font(SCHRIFT, "", 10)
        pdf.multi_cell(
            breite,
            5,
            f"Der Link gilt nur für Tisch {tisch.nr} in Runde {runde}, im WLAN des Turniers. "
            "Er bleibt derselbe, auch wenn die Turnierleitung „referee turnier live“ neu "
            "startet; nach der Auslosung der nächsten Runde trägt er nichts mehr ein.",
            align="C",
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.set_font("Courier", "", 9)
        pdf.multi_cell(breite, 5, link.encode("ascii", "replace").decode(), align="C")
    return bytes(pdf.output())


__all__ = [
    "SCHRIFT",
    "darstellbar",
    "datum_und_ort",
    "kopf",
    "kurz",
    "neues_pdf",
    "passend",
    "punkte_text",
    "qr_seiten_pdf",
    "rangliste_pdf",
    "tischblaetter_pdf",
    "zwei_zeilen",
]
