"""Die Listen der Turnierleitung als PDF (fpdf2): Preise, Sitzplan, Laufzettel, Mannschaften.

``preise_pdf(verteilung)``: die Preisliste an der Rangliste – Platz, Nr., Name, Preis; darunter
die geteilten Plätze in Worten und die Kasse (Topf, ausgezahlt, Rest, was bleibt).
``sitzplan_pdf(plan)``: alle Spieler einer Runde nach Namen in zwei Spalten (Name, Nr., Tisch,
Platz; der Tisch fett) – zum Aushängen am Eingang.
``laufzettel_pdf(liste)``: je Spieler eine Karte (acht je A4-Seite, mit Schnittlinien): Name,
Startnummer, Verein, je Runde Tisch und Platz, ein Feld für die Punkte.
``mannschaften_pdf(wertung)``: Platz, Mannschaft, Punkte, Soli und die Wertungsspieler (A4
quer).

Schrift, Seite und die Hilfen für Text, der passt, kommen aus ``pdf.py``. Gibt Bytes zurück.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.buch.turnier.pdf import (
    HELL,
    RAND,
    SCHRIFT,
    datum_und_ort,
    kopf,
    kurz,
    neues_pdf,
    passend,
    punkte_text,
)

if TYPE_CHECKING:
    from referee.buch.turnier.antworten_leitung import (
        Laufzettelliste,
        Mannschaftswertung,
        Preisverteilung,
        Sitzplan,
    )

#: Eine Spalte: Titel, Breite (mm; 0 = der Rest), Ausrichtung (``L``/``R``/``C``), fett?
Spalte = tuple[str, float, str, bool]


def _tabelle(
    pdf: Any,
    titel: str,
    unter: str,
    spalten: Sequence[Spalte],
    zeilen: Sequence[Sequence[str]],
    *,
    bloecke: int = 1,
    hoehe: float = 7.0,
    groesse: float = 10.5,
    fuss: Sequence[str] = (),
) -> None:
    """Eine Tabelle über so viele Seiten wie nötig, Kopf auf jeder Seite; mit ``bloecke`` > 1
    stehen so viele Tabellen nebeneinander (Zeitungsspalten: erst die linke voll). ``fuss``:
    Zeilen Text nach der Tabelle (auf der letzten Seite, sonst auf einer neuen)."""
    breite = pdf.w - 2 * RAND
    luecke = 6.0
    oben = RAND + 8 + 5.5 + 3
    je_block = max(1, int((pdf.h - RAND - oben - hoehe) // hoehe))
    if len(zeilen) <= je_block:  # passt in eine Spalte: die ganze Breite für die Namen
        bloecke = 1
    block_b = (breite - luecke * (bloecke - 1)) / bloecke
    fest = sum(b for _, b, _, _ in spalten)
    rest = max(10.0, block_b - fest)
    spalten = [(t, b or rest, a, f) for t, b, a, f in spalten]
    je_seite = je_block * bloecke
    seiten = max(1, -(-len(zeilen) // je_seite))
    for s in range(seiten):
        pdf.add_page()
        kopf(pdf, titel, unter + (f"  ·  Seite {s + 1}/{seiten}" if seiten > 1 else ""), breite)
        teil = zeilen[s * je_seite : (s + 1) * je_seite]
        for b in range(bloecke):
            stueck = teil[b * je_block : (b + 1) * je_block]
            if not stueck and b:
                break
            x = RAND + b * (block_b + luecke)
            pdf.set_xy(x, oben)
            pdf.set_fill_color(*HELL)
            pdf.set_font(SCHRIFT, "B", groesse)
            for t, w, a, _ in spalten:
                pdf.cell(w, hoehe, kurz(pdf, t, w - 1), border="B", align=a, fill=True)
            for i, z in enumerate(stueck, 1):
                pdf.set_xy(x, oben + i * hoehe)
                for (_, w, a, fett), wert in zip(spalten, z):
                    pdf.set_font(SCHRIFT, "B" if fett else "", groesse)
                    pdf.cell(w, hoehe, kurz(pdf, wert, w - 1), align=a, fill=i % 2 == 0)
    if fuss:
        pdf.set_font(SCHRIFT, "", 10)
        y = oben + (min(len(zeilen) - (seiten - 1) * je_seite, je_block) + 1) * hoehe + 4
        if y + 5.5 * len(fuss) > pdf.h - RAND:
            pdf.add_page()
            y = RAND
        pdf.set_xy(RAND, y)
        for zeile in fuss:
            pdf.multi_cell(breite, 5.5, kurz(pdf, zeile, breite * 3), align="L", new_x="LMARGIN")


def preise_pdf(p: Preisverteilung) -> bytes:
    """Die Preise an der jetzigen Rangliste als PDF-Bytes (siehe Moduldoku)."""
    from referee.bericht.geld import euro

    pdf = neues_pdf()
    v, k = p.verteilung, p.kasse
    zeilen = [
        [
            f"{z.platz}.",
            str(z.startnummer),
            z.name,
            z.preis_text() + (" (geteilt)" if z.teilung and not z.teilung.entscheiden else ""),
        ]
        for z in v.zeilen
    ]
    startgeld = "kein Startgeld" if k.startgeld is None else f"Startgeld {euro(k.startgeld, False)}"
    fuss = [t.text() for t in v.teilungen]
    fuss.append(
        f"Kasse: {startgeld}, {len(k.bezahlt)} bezahlt, Topf {euro(k.summe, False)}; ausgezahlt "
        f"{euro(v.ausgezahlt, False)}"
        + (f", Rest aus Teilungen {euro(v.rest, False)}" if v.rest else "")
        + (f", noch zu entscheiden {euro(v.offen, False)}" if v.offen else "")
        + (f", Preise ohne Spieler {euro(v.nicht_vergeben, False)}" if v.nicht_vergeben else "")
        + f"; {v.bleibt_text()}."
    )
    if p.vorlaeufig:
        fuss.append("Vorläufig: noch sind Tische offen oder Runden nicht gespielt.")
    _tabelle(
        pdf,
        f"Preise – {p.turnier.name}",
        datum_und_ort(p.turnier, p.eckdaten),
        [
            ("Platz", 16, "R", False),
            ("Nr.", 13, "R", False),
            ("Name", 0, "L", True),
            ("Preis", 55, "R", True),
        ],
        zeilen,
        hoehe=7.5,
        groesse=11.5,
        fuss=fuss,
    )
    return bytes(pdf.output())


def sitzplan_pdf(s: Sitzplan) -> bytes:
    """Der Sitzplan einer Runde (nach Namen, zwei Spalten) als PDF-Bytes."""
    pdf = neues_pdf()
    zeilen = [[p.name, str(p.startnummer), str(p.tisch), str(p.platz)] for p in s.plaetze]
    _tabelle(
        pdf,
        f"Sitzplan Runde {s.runde} – {s.turnier.name}",
        datum_und_ort(s.turnier, s.eckdaten) + "  ·  nach Namen: Tisch und Platz",
        [
            ("Name", 0, "L", False),
            ("Nr.", 11, "R", False),
            ("Tisch", 15, "R", True),
            ("Platz", 13, "R", False),
        ],
        zeilen,
        bloecke=2,
        hoehe=6.8,
        groesse=11.5,
    )
    return bytes(pdf.output())


#: Laufzettel: Karten je Seite (Spalten × Zeilen) und ihre Größe auf A4 hoch.
_KARTEN_X, _KARTEN_Y = 2, 4


def laufzettel_pdf(liste: Laufzettelliste) -> bytes:
    """Je Startnummer eine Karte, acht je Seite mit gestrichelten Schnittlinien, als PDF-Bytes."""
    pdf = neues_pdf()
    t = liste.turnier
    w = (pdf.w - 2 * RAND) / _KARTEN_X
    h = (pdf.h - 2 * RAND) / _KARTEN_Y
    je_seite = _KARTEN_X * _KARTEN_Y
    runden = t.runden
    zeile_h = min(8.0, (h - 30) / max(1, runden + 1))
    kopfzeile = f"{t.name} · {datum_und_ort(t, replace(liste.eckdaten, ort=None))}"
    for i, z in enumerate(liste.zettel):
        if i % je_seite == 0:
            pdf.add_page()
            pdf.set_draw_color(150, 150, 150)
            pdf.set_dash_pattern(dash=1.5, gap=1.5)
            for k in range(1, _KARTEN_X):
                pdf.line(RAND + k * w, RAND, RAND + k * w, pdf.h - RAND)
            for k in range(1, _KARTEN_Y):
                pdf.line(RAND, RAND + k * h, pdf.w - RAND, RAND + k * h)
            pdf.set_dash_pattern()
            pdf.set_draw_color(0, 0, 0)
        x = RAND + (i % _KARTEN_X) * w + 5
        y = RAND + ((i % je_seite) // _KARTEN_X) * h + 4
        innen = w - 10
        pdf.set_xy(x, y)
        pdf.set_font(SCHRIFT, "", 8)
        pdf.cell(innen, 4, kurz(pdf, kopfzeile, innen))
        pdf.set_xy(x, y + 4.5)
        pdf.set_font(SCHRIFT, "B", 20)
        nr = f"Nr. {z.startnummer}"
        nr_b = pdf.get_string_width(nr) + 4
        pdf.cell(nr_b, 9, nr)
        name = passend(pdf, z.name, innen - nr_b, 13, 8, "B")
        pdf.cell(innen - nr_b, 9, name, align="R")
        pdf.set_xy(x, y + 13.5)
        pdf.set_font(SCHRIFT, "", 9)
        pdf.cell(innen, 4.5, kurz(pdf, z.verein or "", innen))
        pdf.set_xy(x, y + 19)
        pdf.set_fill_color(*HELL)
        pdf.set_font(SCHRIFT, "B", 9)
        spalten = [("Runde", 0.22), ("Tisch", 0.22), ("Platz", 0.22), ("Punkte", 0.34)]
        for titel, anteil in spalten:
            pdf.cell(innen * anteil, zeile_h, titel, border=1, align="C", fill=True)
        for r, wo in enumerate(z.runden, 1):
            pdf.set_xy(x, y + 19 + r * zeile_h)
            pdf.set_font(SCHRIFT, "", 10)
            pdf.cell(innen * 0.22, zeile_h, str(r), border=1, align="C")
            pdf.set_font(SCHRIFT, "B", 11)
            pdf.cell(innen * 0.22, zeile_h, str(wo[0]) if wo else "", border=1, align="C")
            pdf.set_font(SCHRIFT, "", 10)
            pdf.cell(innen * 0.22, zeile_h, str(wo[1]) if wo else "", border=1, align="C")
            pdf.cell(innen * 0.34, zeile_h, "", border=1)
    return bytes(pdf.output())


def mannschaften_pdf(m: Mannschaftswertung) -> bytes:
    """Die Mannschaftswertung als PDF-Bytes (A4 quer: Platz für die Wertungsspieler)."""
    pdf = neues_pdf(quer=True)
    zeilen = [
        [
            f"{z.platz}.",
            z.name + ("" if z.vollstaendig else " (unvollständig)"),
            punkte_text(z.punkte),
            str(z.soli),
            ", ".join(f"{w.name} {punkte_text(w.punkte)}" for w in z.wertung),
        ]
        for z in m.zeilen
    ]
    fuss = [m.regel]
    if m.ohne:
        fuss.append(f"Ohne Verein oder Mannschaft: {m.ohne} Spieler (in keiner Wertung).")
    if m.vorlaeufig:
        fuss.append("Vorläufig: noch sind Tische offen oder Runden nicht gespielt.")
    _tabelle(
        pdf,
        f"Mannschaftswertung (beste {m.beste}) – {m.turnier.name}",
        datum_und_ort(m.turnier, m.eckdaten),
        [
            ("Platz", 15, "R", False),
            ("Mannschaft", 85, "L", True),
            ("Punkte", 18, "R", True),
            ("Soli", 12, "R", False),
            ("gewertet", 0, "L", False),
        ],
        zeilen,
        groesse=10,
        fuss=fuss,
    )
    return bytes(pdf.output())


__all__ = ["laufzettel_pdf", "mannschaften_pdf", "preise_pdf", "sitzplan_pdf"]
