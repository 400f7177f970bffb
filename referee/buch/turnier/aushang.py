"""Die Rangliste zum Weitergeben: als CSV (für die Tabellenkalkulation, die Vereinsseite) und als
eigenständige HTML-Seite (zum Hochladen oder Mailen) – aus dem ``Aushang`` der Turnierleitung.

CSV: Semikolon, UTF-8, eine Kopfzeile ``Platz;Nr.;Name;Verein;Punkte;Soli;R1;…`` (Runden nur
in der Gesamtrangliste); eine nicht gespielte Runde ist leer, Punkte ohne „+“ (Zahlen, die eine
Tabellenkalkulation liest). HTML: Titel, Datum und Ort, die Tabelle wie im PDF; aller fremde
Text maskiert, keine Skripte, keine Verweise nach außen.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from referee.buch.turnier.pdf import punkte_text

if TYPE_CHECKING:
    from referee.buch.turnier.antworten_leitung import Aushang


def _zeilen(a: Aushang) -> tuple[list[str], list[list[str]], list[int]]:
    """Kopf, Zeilen (Platz, Nr., Name, Verein, Punkte, Soli, je Runde) und die Runden."""
    stand = a.stand
    runden = list(range(1, stand.turnier.runden + 1)) if stand.runde is None else []
    kopf = ["Platz", "Nr.", "Name", "Verein", "Punkte", "Soli", *(f"R{r}" for r in runden)]
    zeilen = []
    for z in stand.rangliste:
        zug = a.vereine.get(z.startnummer)
        name = z.name + (" (abgemeldet)" if z.konto.abgemeldet else "")
        if z.konto.ersetzt:
            name += " für " + ", ".join(z.konto.ersetzt)
        zeilen.append(
            [
                str(z.platz),
                str(z.startnummer),
                name,
                (zug.verein or zug.mannschaft or "") if zug else "",
                str(z.punkte),
                str(z.soli),
                *("" if p is None else str(p) for p in (z.konto.je_runde[r - 1] for r in runden)),
            ]
        )
    return kopf, zeilen, runden


def rangliste_csv(a: Aushang) -> str:
    """Die Rangliste als CSV-Text (Semikolon, ``\\r\\n`` wie RFC 4180)."""
    kopf, zeilen, _ = _zeilen(a)
    puffer = io.StringIO()
    w = csv.writer(puffer, delimiter=";")
    w.writerow(kopf)
    w.writerows(zeilen)
    return puffer.getvalue()


def rangliste_html(a: Aushang) -> str:
    """Die Rangliste als eigenständige HTML-Seite (UTF-8)."""
    from referee.buch.turnier.pdf import datum_und_ort
    from referee.text import html_text as escape

    kopf, zeilen, runden = _zeilen(a)
    t = a.stand.turnier
    wo = f"Runde {a.stand.runde}" if a.stand.runde is not None else "gesamt"
    rechts = {0, 1, 4, 5, *range(6, 6 + len(runden))}
    th = "".join(
        f"<th{' class=r' if i in rechts else ''}>{escape(k)}</th>" for i, k in enumerate(kopf)
    )
    koerper = []
    for z in zeilen:
        zellen = list(z)
        zellen[0] += "."
        zellen[4] = punkte_text(int(z[4]))
        for j in range(6, len(zellen)):
            zellen[j] = punkte_text(int(z[j])) if z[j] else "–"
        koerper.append(
            "<tr>"
            + "".join(
                f"<td{' class=r' if i in rechts else ''}>{escape(x)}</td>"
                for i, x in enumerate(zellen)
            )
            + "</tr>"
        )
    offen = [s for s in a.stand.tische if not s.fertig]
    hinweis = "Punkte, dann gewonnene Soli; gleicher Platz bei vollem Gleichstand."
    if offen:
        hinweis += f" Noch offen: {len(offen)} Tisch{'e' if len(offen) > 1 else ''} (vorläufig)."
    titel = f"Rangliste {wo} – {t.name}"
    return (
        '<!DOCTYPE html>\n<html lang="de">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(titel)}</title>\n"
        "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
        "th,td{padding:.25em .6em;text-align:left}th{border-bottom:1px solid #888}"
        "tr:nth-child(even) td{background:#f0f0f0}.r{text-align:right}"
        "p{color:#444}</style>\n</head>\n<body>\n"
        f"<h1>{escape(titel)}</h1>\n<p>{escape(datum_und_ort(t, a.eckdaten))}</p>\n"
        f"<p>{escape(a.wertung_text)}<br>{escape(hinweis)}</p>\n"
        f"<table>\n<thead><tr>{th}</tr></thead>\n<tbody>\n"
        + "\n".join(koerper)
        + "\n</tbody>\n</table>\n</body>\n</html>\n"
    )


__all__ = ["rangliste_csv", "rangliste_html"]
