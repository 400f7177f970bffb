"""Darstellungen des Abendberichts: Text (Messenger), Markdown, CSV, JSON, HTML.

Alle Funktionen nehmen das dict aus ``abendbericht.baue_bericht`` (die Einträge darin getypt:
``referee.ergebnis.Eintrag``) und geben Text zurück (CSV auch zeilenweise in eine Datei). Keine
Ein-/Ausgabe außer der übergebenen Datei.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping, Sequence, Set
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, TextIO, cast

from referee.bericht.geld import dezimal, euro
from referee.bericht.grafik import svg_verlauf
from referee.ergebnis import SABAI, SAUFN, SCHAFKOPF, SCHLAFMUETZE
from referee.text import html_text as _h

if TYPE_CHECKING:  # die Ergebnisklassen nur für die Typprüfung (Startzeit von ``export``)
    from referee.bericht.abendbericht import Bericht
    from referee.bericht.statistik import Daten
    from referee.ergebnis import Eintrag
    from referee.sabai.ergebnis import SabaiErgebnis
    from referee.saufn.ergebnis import SaufnErgebnis
    from referee.schafkopf.ergebnis import SchafkopfErgebnis
    from referee.schlafmuetze.ergebnis import SchlafmuetzeErgebnis

SPIELNAMEN = {
    "schafkopf": "Schafkopf",
    "sabai": "Sabai",
    "saufn": "SAUFN",
    "schlafmuetze": "Schlafmütze",
}
WOCHENTAGE = ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")
TARIF_TEILE = (
    ("grund", "Rufspiel"),
    ("solo", "Solo"),
    ("schneider", "Schneider"),
    ("schwarz", "Schwarz"),
    ("laufende", "Laufender"),
)
FORMATE = ("text", "md", "csv", "json", "html")


# ---------------------------------------------------------------- kleine Helfer


def datum_de(iso: str | None, wochentag: bool = False) -> str:
    """``2026-11-28`` → ``28.11.2026`` (mit ``wochentag``: ``Sa 28.11.2026``); Unlesbares bleibt."""
    if not iso:
        return ""
    try:
        d = date.fromisoformat(str(iso)[:10])
    except ValueError:
        return str(iso)
    text = f"{d.day:02d}.{d.month:02d}.{d.year}"
    return f"{WOCHENTAGE[d.weekday()]} {text}" if wochentag else text


def uhrzeit(iso: str | None) -> str:
    """``2026-11-28T19:03:12`` → ``19:03``; Unlesbares bleibt."""
    if not iso:
        return ""
    try:
        return datetime.fromisoformat(str(iso)).strftime("%H:%M")
    except ValueError:
        return str(iso)


def tarif_text(tarif: object) -> str:
    """Ein Tarif als kurzer Text: sein Name oder ``Rufspiel 0,20 €, Solo 0,50 €, …``."""
    if not tarif:
        return ""
    if isinstance(tarif, str):
        return tarif
    if isinstance(tarif, Mapping):
        if tarif.get("name"):
            return str(tarif["name"])
        teile = [
            f"{text} {euro(tarif[k], vorzeichen=False)}"
            for k, text in TARIF_TEILE
            if isinstance(tarif.get(k), int) and not isinstance(tarif.get(k), bool)
        ]
        return ", ".join(teile)
    return str(tarif)


def _anzahl(n: int, einzahl: str, mehrzahl: str) -> str:
    return f"{n} {einzahl if n == 1 else mehrzahl}"


def _titel(b: Bericht) -> str:
    abende = b["abende"]
    if b["art"] == "gesamt":
        daten = sorted(str(a.get("datum") or "") for a in abende if a.get("datum"))
        spanne = f", {datum_de(daten[0])} – {datum_de(daten[-1])}" if daten else ""
        return f"Alle Abende ({len(abende)}{spanne})"
    a = abende[0]
    ort = f" · {a['ort']}" if a.get("ort") else ""
    return f"Kartenabend {datum_de(a.get('datum'), wochentag=True)}{ort}".rstrip()


def _gespielt(b: Bericht) -> str:
    teile = [
        f"{b['schafkopf']['spiele']}× Schafkopf" if b["schafkopf"]["spiele"] else "",
        f"{b['sabai']['runden']}× Sabai" if b["sabai"]["runden"] else "",
        f"{b['saufn']['spiele']}× SAUFN" if b["saufn"]["spiele"] else "",
        f"{b['schlafmuetze']['spiele']}× Schlafmütze" if b["schlafmuetze"]["spiele"] else "",
    ]
    return ", ".join(t for t in teile if t) or "noch nichts"


def _sortiert(werte: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted(werte.items(), key=lambda kv: (-kv[1], kv[0].casefold(), kv[0]))


def _abend_tarif(b: Bericht) -> str:
    if b["art"] == "abend":
        return tarif_text(b["abende"][0].get("tarif"))
    return ""


# ---------------------------------------------------------------- Text


def text(b: Bericht) -> str:
    """Kompakter deutscher Text zum Einfügen in einen Messenger."""
    z = [_titel(b)]
    if b["spieler"]:
        z.append("Spieler: " + ", ".join(b["spieler"]))
    z.append("Gespielt: " + _gespielt(b))
    sk = b["schafkopf"]
    if sk["spiele"]:
        tarif = _abend_tarif(b)
        z += ["", f"Schafkopf{f' (Tarif {tarif})' if tarif else ''}:"]
        z += [f"  {n} {euro(c)}" for n, c in _sortiert(sk["salden"])]
        if sk["ausgleich"]:
            z += [
                "",
                "Wer zahlt wem"
                + (" (alle Abende zusammen)" if b["art"] == "gesamt" else "")
                + (" (noch offen; Bezahltes abgezogen)" if sk.get("bezahlt") else "")
                + ":",
            ]
            z += [
                f"  {u['von']} → {u['an']}: {euro(u['cent'], vorzeichen=False)}"
                for u in sk["ausgleich"]
            ]
        elif sk.get("bezahlt"):
            z.append("  Alles bezahlt.")
        else:
            z.append("  Alle sind quitt.")
    sab = b["sabai"]
    if sab["runden"]:
        z += [
            "",
            f"Sabai ({_anzahl(sab['runden'], 'Runde', 'Runden')}), Siegespunkte: "
            + ", ".join(f"{n} {p}" for n, p in _sortiert(sab["siegpunkte"])),
        ]
        if sab["ruhmeshalle"]:
            z.append("  Ruhmeshalle: " + ", ".join(r["name"] for r in sab["ruhmeshalle"]))
    sau = b["saufn"]
    if sau["spiele"]:
        z += ["", f"SAUFN ({_anzahl(sau['spiele'], 'Spiel', 'Spiele')}):"]
        if sau["spiele"] <= 5:
            for p in sau["podeste"]:
                z.append("  " + " ".join(f"{i}. {n}" for i, n in enumerate(p["plaetze"], 1)))
        else:
            reihen = sorted(
                sau["plaetze"].items(), key=lambda kv: ([-x for x in kv[1]], kv[0].casefold())
            )
            z.append(
                "  Plätze 1/2/3: " + ", ".join(f"{n} {'/'.join(map(str, p))}" for n, p in reihen)
            )
    slm = b["schlafmuetze"]
    if slm["spiele"]:
        z += [
            "",
            f"Schlafmütze ({_anzahl(slm['spiele'], 'Spiel', 'Spiele')}), Siege: "
            + ", ".join(f"{n} {s}" for n, s in _sortiert(slm["siege"])),
        ]
    return "\n".join(z) + "\n"


# ---------------------------------------------------------------- Einträge als Zeilen


class Betrag(int):
    """Ein Geldbetrag in Cent, der in Tabellen als Euro-Zahl erscheint (Saldo: mit Vorzeichen)."""


class Preis(Betrag):
    """Ein Spielwert in Cent (ohne ``+``)."""


EINHEIT = {"schafkopf": "€", "sabai": "Siegespunkte", "saufn": "Platz", "schlafmuetze": "Sieg"}


def spalten(spieler: Sequence[str]) -> list[str]:
    """Kopfzeile der Eintragstabelle (CSV, Markdown)."""
    return [
        "Abend",
        "Datum",
        "Ort",
        "Nr",
        "Zeit",
        "Spiel",
        "Spielart",
        "Spieler",
        "Partner",
        "Gewonnen",
        "Wert",
        "Augen",
        "Laufende",
        "Schneider",
        "Schwarz",
        "Tout",
        "Klopfer",
        "Stöße",
        "Einheit",
        *spieler,
    ]


def _kern(e: Eintrag) -> tuple[list[object], dict[str, object]]:
    """Die Spalten Spielart … Einheit eines Eintrags und seine Werte je Spieler (typisiert; der
    Speicher hat das Ergebnis in die Klasse seines Spiels gelesen)."""
    spiel = e.spiel
    je: dict[str, object] = {}
    art: object = None
    wer = partner = None
    gewonnen = wert = augen = laufende = schneider = schwarz = tout = klopfer = stoesse = None
    if spiel == SCHAFKOPF and e.ergebnis is not None:
        erg = cast("SchafkopfErgebnis", e.ergebnis)
        art, wer, partner = erg.spielart, erg.spieler, erg.partner
        if erg.farbe:  # Herz-Solo bleibt „herz-solo“, nicht „solo“
            from referee.schafkopf.spielart import ansage_aus_ergebnis

            ansage = ansage_aus_ergebnis(art, erg.farbe)
            art = ansage.wort if ansage else art
        gewonnen, augen, laufende = erg.gewonnen, erg.augen, erg.laufende
        schneider, schwarz, tout = erg.schneider, erg.schwarz, erg.tout
        klopfer, stoesse = erg.klopfer, erg.stoesse
        wert = None if erg.wert is None else Preis(erg.wert)
        je = {n: Betrag(c) for n, c in erg.zahlungen}
    elif spiel == SABAI and e.ergebnis is not None:
        sb = cast("SabaiErgebnis", e.ergebnis)
        je = dict(sb.siegpunkte)
        art = "letzte Runde" if sb.letzte else "Runde"
        wer = ", ".join(sb.sieger) or None
    elif spiel == SAUFN and e.ergebnis is not None:
        sf = cast("SaufnErgebnis", e.ergebnis)
        je = {n: i for i, n in enumerate(sf.plaetze, 1)}
        wer = sf.plaetze[0] if sf.plaetze else None
    elif spiel == SCHLAFMUETZE and e.ergebnis is not None:
        sm = cast("SchlafmuetzeErgebnis", e.ergebnis)
        je = {n: int(n == sm.sieger) for n in sm.spieler}
        if sm.sieger:
            je[sm.sieger] = 1
        wer = sm.sieger
    return (
        [
            art,
            wer,
            partner,
            gewonnen,
            wert,
            augen,
            laufende,
            schneider,
            schwarz,
            tout,
            klopfer,
            stoesse,
            EINHEIT.get(str(spiel)),
        ],
        je,
    )


def zeile(
    e: Eintrag, spieler: Sequence[str], abend: Daten | None = None, kurz: bool = False
) -> list[object]:
    """Ein Eintrag als Tabellenzeile; Zahlen bleiben ``int``/``Betrag``, Wahrheitswerte ``bool``.

    Die Spielerspalten tragen den Wert in der Einheit des Spiels: Schafkopf den Betrag,
    Sabai die Siegespunkte, SAUFN den Platz (leer ohne Platz), Schlafmütze 1 für den Sieger.
    ``abend`` liefert Datum und Ort. ``kurz``: Datum deutsch und nur die Uhrzeit (für
    Markdown/HTML); sonst ISO wie gespeichert.
    """
    abend = abend or {}
    datum, ort, zeit = abend.get("datum"), abend.get("ort"), e.zeit
    if kurz:
        datum, zeit = datum_de(datum), uhrzeit(zeit)
    mitte, je = _kern(e)
    return [
        e.abend_id,
        datum,
        ort,
        e.nr,
        zeit,
        SPIELNAMEN.get(e.spiel, e.spiel),
        *mitte,
        *(je.get(n) for n in spieler),
    ]


def zeilen(b: Bericht, kurz: bool = False) -> Iterator[list[object]]:
    """Alle Einträge des Berichts als Tabellenzeilen (``zeile``)."""
    abende = {a.get("id"): a for a in b["abende"]}
    for e in b["eintraege"]:
        yield zeile(e, b["spieler"], abende.get(e.abend_id), kurz)


# ---------------------------------------------------------------- CSV

GEFAEHRLICH = ("=", "+", "-", "@", "\t", "\r")


def entschaerfe(text: str) -> str:
    """Text, den ein Tabellenprogramm als Formel läse, bekommt ein führendes ``'``.

    >>> entschaerfe("=HYPERLINK(1)"), entschaerfe("-Ben"), entschaerfe("Anna")
    ("'=HYPERLINK(1)", "'-Ben", 'Anna')
    """
    return "'" + text if text.startswith(GEFAEHRLICH) else text


def csv_feld(wert: object, komma: bool) -> str:
    """Ein Feld: Zahlen bleiben Zahlen (Beträge in Euro), Text wird entschärft."""
    if wert is None:
        return ""
    if isinstance(wert, bool):
        return "ja" if wert else "nein"
    if isinstance(wert, Betrag):
        return dezimal(int(wert), komma)
    if isinstance(wert, int):
        return str(wert)
    return entschaerfe(str(wert))


def csv_zeilen(b: Bericht, komma: bool) -> Iterator[list[str]]:
    """Die Eintragszeilen fertig als CSV-Texte – dasselbe wie ``csv_feld`` über ``zeilen(b)``,
    nur schnell: jeder verschiedene Wert wird einmal umgewandelt (100.000 Einträge)."""
    spieler = list(b["spieler"])
    abende = {a.get("id"): a for a in b["abende"]}
    schon: dict[tuple[type, object], str] = {}

    def f(wert: object) -> str:
        if wert is None:
            return ""
        schluessel = (type(wert), wert)
        try:
            return schon[schluessel]
        except KeyError:
            x = schon[schluessel] = csv_feld(wert, komma)
            return x
        except TypeError:  # nicht hashbar (sollte nicht vorkommen)
            return csv_feld(wert, komma)

    for e in b["eintraege"]:
        a = abende.get(e.abend_id) or {}
        mitte, je = _kern(e)
        yield [
            f(e.abend_id),
            f(a.get("datum")),
            f(a.get("ort")),
            f(e.nr),
            f(e.zeit),
            f(SPIELNAMEN.get(e.spiel, e.spiel)),
            *map(f, mitte),
            *(f(je.get(n)) for n in spieler),
        ]


def schreibe_csv(b: Bericht, datei: TextIO, trennzeichen: str = ",") -> None:
    """Eine Zeile je geltendem Eintrag, mit Kopfzeile. Bei ``;`` Dezimalkomma, sonst Punkt."""
    from referee.errors import Eingabefehler

    if len(trennzeichen) != 1 or trennzeichen in "\"'\r\n" or trennzeichen.isalnum():
        raise Eingabefehler(
            f"Trennzeichen „{trennzeichen}“ geht nicht; erlaubt ist ein Zeichen wie „,“, „;“ oder Tab."
        )
    komma = trennzeichen != ","
    w = csv.writer(datei, delimiter=trennzeichen, lineterminator="\r\n")
    w.writerow([entschaerfe(s) for s in spalten(b["spieler"])])
    w.writerows(csv_zeilen(b, komma))


def csv_text(b: Bericht, trennzeichen: str = ",") -> str:
    """Die CSV-Tabelle des Berichts als Text (``schreibe_csv``)."""
    puffer = io.StringIO(newline="")
    schreibe_csv(b, puffer, trennzeichen)
    return puffer.getvalue()


# ---------------------------------------------------------------- JSON


def json_text(b: Bericht) -> str:
    """Der vollständige Bericht als JSON (UTF-8 lesbar, stabile Schlüssel; die Einträge mit
    ``Eintrag.als_json()``)."""
    return json.dumps(b, ensure_ascii=False, indent=1, default=lambda e: e.als_json()) + "\n"


def json_export_text(daten: Mapping[str, Any], roh: Sequence[str] = ()) -> str:
    """Ein Export-dict als JSON: ein Schlüssel je Zeile, Listen mit einem Element je Zeile.

    Lesbar, diff-freundlich und schnell (jedes Element mit dem C-Kodierer). Die Listen unter
    den Schlüsseln in ``roh`` enthalten schon fertige JSON-Texte und werden nur eingesetzt.
    """
    zeilen = ["{"]
    teile = list(daten.items())
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    for i, (k, v) in enumerate(teile):
        komma = "," if i < len(teile) - 1 else ""
        schluessel = dumps(k)
        if isinstance(v, list) and v:
            zeilen.append(f"{schluessel}: [")
            zeilen.append(",\n".join(v if k in roh else map(dumps, v)))
            zeilen.append(f"]{komma}")
        else:
            zeilen.append(f"{schluessel}: {dumps(v)}{komma}")
    zeilen.append("}")
    return "\n".join(zeilen) + "\n"


# ---------------------------------------------------------------- Markdown


def md_zelle(wert: object) -> str:
    """Eine Tabellenzelle: Markdown-Zeichen und ``|`` maskiert, Zeilenumbrüche zu Leerzeichen."""
    if wert is None:
        return ""
    if isinstance(wert, bool):
        return "ja" if wert else "nein"
    if isinstance(wert, Betrag):
        return euro(int(wert), vorzeichen=not isinstance(wert, Preis))
    text_ = " ".join(str(wert).split())
    for zeichen in "\\`*_[]<>|#":
        text_ = text_.replace(zeichen, "\\" + zeichen)
    return text_


def _md_tabelle(
    kopf: Sequence[str], reihen: Sequence[Sequence[object]], rechts: Set[int] = frozenset()
) -> list[str]:
    schon: dict[tuple[type, object], str] = {}

    def zelle(v: object) -> str:
        k = (type(v), v)
        x = schon.get(k)
        if x is None:
            x = schon[k] = md_zelle(v)
        return x

    z = [
        "| " + " | ".join(md_zelle(k) for k in kopf) + " |",
        "|" + "|".join("---:" if i in rechts else "---" for i in range(len(kopf))) + "|",
    ]
    z += ["| " + " | ".join(map(zelle, r)) + " |" for r in reihen]
    return z


def _aufhebung(e: Eintrag, was: str) -> str:
    """``- Eintrag 9 (Nr 9, 20:15): Storno von Eintrag 5`` (Markdown-Listenpunkt)."""
    wo = ", ".join(t for t in (f"Nr {e.nr}", uhrzeit(e.zeit)) if t)
    bezug = f" von Eintrag {e.bezug}" if e.bezug is not None else ""
    return f"- Eintrag {md_zelle(e.id)}{f' ({wo})' if wo else ''}: {was}{bezug}"


def markdown(b: Bericht) -> str:
    """Derselbe Inhalt wie ``text`` als Markdown-Tabellen, dazu alle Einträge."""
    z = [f"# {md_zelle(_titel(b))}", ""]
    if b["spieler"]:
        z.append("Spieler: " + ", ".join(md_zelle(n) for n in b["spieler"]) + "  ")
    tarif = _abend_tarif(b)
    if tarif:
        z.append(f"Tarif: {md_zelle(tarif)}  ")
    z += [f"Gespielt: {_gespielt(b)}", ""]
    sk = b["schafkopf"]
    if sk["spiele"]:
        z += ["## Schafkopf", ""]
        z += _md_tabelle(
            ["Spieler", "Saldo"], [[n, Betrag(c)] for n, c in _sortiert(sk["salden"])], {1}
        )
        z += ["", "### Wer zahlt wem", ""]
        if sk["ausgleich"]:
            z += _md_tabelle(
                ["Von", "An", "Betrag"],
                [[u["von"], u["an"], euro(u["cent"], vorzeichen=False)] for u in sk["ausgleich"]],
                {2},
            )
        else:
            z.append("Alle sind quitt.")
        z.append("")
    sab = b["sabai"]
    if sab["runden"]:
        z += [f"## Sabai ({_anzahl(sab['runden'], 'Runde', 'Runden')})", ""]
        ruhm: dict[str, int] = {}
        for r in sab["ruhmeshalle"]:
            ruhm[r["name"]] = ruhm.get(r["name"], 0) + 1
        z += _md_tabelle(
            ["Spieler", "Siegespunkte", "Ruhmeshalle"],
            [[n, p, ruhm.get(n, 0)] for n, p in _sortiert(sab["siegpunkte"])],
            {1, 2},
        )
        z.append("")
    sau = b["saufn"]
    if sau["spiele"]:
        z += [f"## SAUFN ({_anzahl(sau['spiele'], 'Spiel', 'Spiele')})", ""]
        reihen = sorted(
            sau["plaetze"].items(), key=lambda kv: ([-x for x in kv[1]], kv[0].casefold())
        )
        z += _md_tabelle(["Spieler", "1.", "2.", "3."], [[n, *p] for n, p in reihen], {1, 2, 3})
        z.append("")
    slm = b["schlafmuetze"]
    if slm["spiele"]:
        z += [f"## Schlafmütze ({_anzahl(slm['spiele'], 'Spiel', 'Spiele')})", ""]
        z += _md_tabelle(["Spieler", "Siege"], [[n, s] for n, s in _sortiert(slm["siege"])], {1})
        z.append("")
    if b["eintraege"]:
        z += ["## Einträge", ""]
        z += _md_tabelle(spalten(b["spieler"]), list(zeilen(b, kurz=True)))
        z.append("")
    if b["stornos"] or b["korrekturen"]:
        z += ["## Stornos und Korrekturen", ""]
        z += [_aufhebung(s, "Storno") for s in b["stornos"]]
        z += [_aufhebung(k, "Korrektur") for k in b["korrekturen"]]
        z.append("")
    return "\n".join(z).rstrip("\n") + "\n"


# ---------------------------------------------------------------- HTML

_STIL = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:1rem;max-width:48rem;color:#111;line-height:1.4}
h1{font-size:1.4rem;margin:.2rem 0 .6rem}h2{font-size:1.15rem;margin-top:1.6rem}
table{border-collapse:collapse;width:100%;margin:.4rem 0}
th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
td.z,th.z{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.plus{color:#1a7f37}.minus{color:#c62828}.meta{color:#444}
figure{margin:.6rem 0}svg{width:100%;height:auto;display:block}
.breit{overflow-x:auto}
""".strip()


def _html_tabelle(
    kopf: Sequence[str], reihen: Sequence[Sequence[object]], rechts: Set[int] = frozenset()
) -> str:
    def zelle(tag: str, i: int, inhalt: object) -> str:
        klassen = ["z"] if i in rechts else []
        if isinstance(inhalt, Preis):
            klassen, inhalt = ["z"], euro(int(inhalt), vorzeichen=False)
        elif isinstance(inhalt, Betrag):
            klassen = ["z"] + (["plus"] if inhalt > 0 else ["minus"] if inhalt < 0 else [])
            inhalt = euro(int(inhalt))
        elif isinstance(inhalt, bool):
            inhalt = "ja" if inhalt else "nein"
        elif inhalt is None:
            inhalt = ""
        klasse = f' class="{" ".join(klassen)}"' if klassen else ""
        return f"<{tag}{klasse}>{_h(inhalt)}</{tag}>"

    kopfzeile = "<tr>" + "".join(zelle("th", i, k) for i, k in enumerate(kopf)) + "</tr>"
    rumpf = "\n".join(
        "<tr>" + "".join(zelle("td", i, v) for i, v in enumerate(r)) + "</tr>" for r in reihen
    )
    return f"<table>\n<thead>{kopfzeile}</thead>\n<tbody>\n{rumpf}\n</tbody>\n</table>"


def html(b: Bericht, hoechstens_zeilen: int = 500) -> str:
    """Eine eigenständige Seite (ohne externe Skripte, Stile, Schriften) fürs Handy.

    Stand, Wer zahlt wem, ein SVG-Diagramm des Schafkopf-Saldos, die anderen Spiele und
    (bis ``hoechstens_zeilen``) die Einträge.
    """
    titel = _titel(b)
    teile = [
        "<!DOCTYPE html>",
        '<html lang="de">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_h(titel)}</title>",
        f"<style>\n{_STIL}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{_h(titel)}</h1>",
    ]
    meta = []
    if b["spieler"]:
        meta.append("Spieler: " + ", ".join(b["spieler"]))
    tarif = _abend_tarif(b)
    if tarif:
        meta.append(f"Tarif: {tarif}")
    meta.append("Gespielt: " + _gespielt(b))
    teile.append('<p class="meta">' + "<br>".join(_h(m) for m in meta) + "</p>")
    sk = b["schafkopf"]
    if sk["spiele"]:
        teile.append("<h2>Schafkopf</h2>")
        teile.append(
            _html_tabelle(
                ["Spieler", "Saldo"], [[n, Betrag(c)] for n, c in _sortiert(sk["salden"])], {1}
            )
        )
        gesamt = b["art"] == "gesamt" and sk.get("verlauf_abende")
        reihen = sk["verlauf_abende"] if gesamt else sk["verlauf"]
        x_text = "Abend" if gesamt else "Spiel"
        teile.append(
            "<figure>"
            + svg_verlauf(reihen, "Schafkopf-Saldo im Verlauf", x_text)
            + f"<figcaption>Saldo je Spieler nach jedem {_h(x_text)}.</figcaption></figure>"
        )
        teile.append("<h2>Wer zahlt wem</h2>")
        if sk["ausgleich"]:
            teile.append(
                _html_tabelle(
                    ["Von", "An", "Betrag"],
                    [
                        [u["von"], u["an"], euro(u["cent"], vorzeichen=False)]
                        for u in sk["ausgleich"]
                    ],
                    {2},
                )
            )
        else:
            teile.append("<p>Alle sind quitt.</p>")
    sab = b["sabai"]
    if sab["runden"]:
        ruhm: dict[str, int] = {}
        for r in sab["ruhmeshalle"]:
            ruhm[r["name"]] = ruhm.get(r["name"], 0) + 1
        teile.append(f"<h2>Sabai ({_h(_anzahl(sab['runden'], 'Runde', 'Runden'))})</h2>")
        teile.append(
            _html_tabelle(
                ["Spieler", "Siegespunkte", "Ruhmeshalle"],
                [[n, p, ruhm.get(n, 0)] for n, p in _sortiert(sab["siegpunkte"])],
                {1, 2},
            )
        )
    sau = b["saufn"]
    if sau["spiele"]:
        reihen_s = sorted(
            sau["plaetze"].items(), key=lambda kv: ([-x for x in kv[1]], kv[0].casefold())
        )
        teile.append(f"<h2>SAUFN ({_h(_anzahl(sau['spiele'], 'Spiel', 'Spiele'))})</h2>")
        teile.append(
            _html_tabelle(["Spieler", "1.", "2.", "3."], [[n, *p] for n, p in reihen_s], {1, 2, 3})
        )
    slm = b["schlafmuetze"]
    if slm["spiele"]:
        teile.append(f"<h2>Schlafmütze ({_h(_anzahl(slm['spiele'], 'Spiel', 'Spiele'))})</h2>")
        teile.append(
            _html_tabelle(["Spieler", "Siege"], [[n, s] for n, s in _sortiert(slm["siege"])], {1})
        )
    if b["eintraege"]:
        alle = list(zeilen(b, kurz=True))
        teile.append("<h2>Einträge</h2>")
        if len(alle) > hoechstens_zeilen:
            teile.append(f"<p>Die letzten {hoechstens_zeilen} von {len(alle)} Einträgen.</p>")
            alle = alle[-hoechstens_zeilen:]
        teile.append('<div class="breit">' + _html_tabelle(spalten(b["spieler"]), alle) + "</div>")
    teile += ["</body>", "</html>"]
    return "\n".join(teile) + "\n"


def rendere(b: Bericht, format: str, trennzeichen: str = ",") -> str:
    """Den Bericht im gewünschten Format (``text``, ``md``, ``csv``, ``json``, ``html``)."""
    from referee.errors import Eingabefehler

    if format == "text":
        return text(b)
    if format == "md":
        return markdown(b)
    if format == "csv":
        return csv_text(b, trennzeichen)
    if format == "json":
        return json_text(b)
    if format == "html":
        return html(b)
    raise Eingabefehler(f"Unbekanntes Format „{format}“; erlaubt sind {', '.join(FORMATE)}.")


# ---------------------------------------------------------------- Statistik als Text

SPIELART_NAMEN = {
    "rufspiel": "Rufspiel",
    "solo": "Farbsolo",
    "wenz": "Wenz",
    "farbwenz": "Farbwenz",
    "geier": "Geier",
    "farbgeier": "Farbgeier",
    "ramsch": "Ramsch",
    "bettel": "Bettel",
}


def _spaltentext(
    kopf: Sequence[str], reihen: Sequence[Sequence[object]], rechts: set[int]
) -> list[str]:
    """Eine schlichte Textspalten-Tabelle (für Terminal und Messenger)."""
    zellen = [[str(k) for k in kopf]] + [["" if v is None else str(v) for v in r] for r in reihen]
    breiten = [max(anzeigebreite(z[i]) for z in zellen) for i in range(len(kopf))]

    def fuellen(text_: str, i: int) -> str:
        luecke = " " * (breiten[i] - anzeigebreite(text_))
        return luecke + text_ if i in rechts else text_ + luecke

    return ["  ".join(fuellen(z[i], i) for i in range(len(kopf))).rstrip() for z in zellen]


def anzeigebreite(text_: str) -> int:
    """Spalten im Terminal: breite Zeichen (Emoji, CJK) zählen doppelt, kombinierende nicht.

    >>> anzeigebreite("Cem 🍺"), anzeigebreite("Anna")
    (6, 4)
    """
    import unicodedata

    if text_.isascii():
        return len(text_)
    breite = 0
    for z in text_:
        if unicodedata.combining(z) or z in "\u200d\ufe0f":
            continue
        breite += 2 if unicodedata.east_asian_width(z) in "WF" else 1
    return breite


def _prozent_text(p: float | None) -> str:
    return "–" if p is None else f"{p:.1f} %".replace(".", ",")


def statistik_text(daten: Mapping[str, Any], titel: str) -> str:
    """Die Statistik aller Spieler als Text mit Spalten (``referee statistik``)."""
    z = [f"Statistik: {titel}"]
    sk = daten["schafkopf"]
    if sk["spiele"]:
        z += ["", f"Schafkopf ({_anzahl(sk['spiele'], 'Spiel', 'Spiele')})"]
        reihen = []
        for n, s in sorted(
            sk["spieler"].items(), key=lambda kv: (-kv[1]["saldo"], kv[0].casefold())
        ):
            reihen.append(
                [
                    n,
                    s["spiele"],
                    f"{s['als_spieler']}/{s['als_partner']}/{s['als_gegner']}",
                    _prozent_text(s["gewonnen_prozent"]),
                    f"{s['soli']['gewonnen']}/{s['soli']['gespielt']}",
                    f"{s['schneider']['gewonnen']}/{s['schneider']['verloren']}",
                    f"{s['schwarz']['gewonnen']}/{s['schwarz']['verloren']}",
                    euro(s["groesster_gewinn"]),
                    euro(s["groesster_verlust"]),
                    euro(s["saldo"]),
                ]
            )
        z += _spaltentext(
            [
                "Spieler",
                "Spiele",
                "S/P/G",
                "gewonnen",
                "Soli",
                "Schn.",
                "Schw.",
                "Top",
                "Flop",
                "Saldo",
            ],
            reihen,
            {1, 2, 3, 4, 5, 6, 7, 8, 9},
        )
        z.append("S/P/G: als Spieler/Partner/Gegner · Soli: gewonnen/gespielt")
        z.append("Schn./Schw.: gewonnen/verloren · Top/Flop: größter Gewinn/Verlust eines Spiels")
        arten = ", ".join(
            f"{SPIELART_NAMEN.get(a, a)} {w['gespielt']} ({w['gewonnen']} gewonnen)"
            for a, w in sorted(sk["spielarten"].items(), key=lambda kv: -kv[1]["gespielt"])
        )
        z.append(f"Spielarten: {arten}")
        for n, s in sk["spieler"].items():
            soli = [
                f"{SPIELART_NAMEN.get(a, a)} {w['gewonnen']}/{w['gespielt']}"
                for a, w in s["als_spieler_nach_spielart"].items()
                if a != "rufspiel"
            ]
            if s["tout"]["gespielt"]:
                soli.append(f"Tout {s['tout']['gewonnen']}/{s['tout']['gespielt']}")
            if soli:
                z.append(f"  {n}: " + ", ".join(soli))
    sab = daten["sabai"]
    if sab["runden"]:
        z += [
            "",
            f"Sabai ({_anzahl(sab['runden'], 'Runde', 'Runden')}, "
            f"{_anzahl(len(sab['spiele']), 'Spiel', 'Spiele')} beendet)",
        ]
        reihen = [
            [n, s["runden"], s["siegpunkte"], s["rundensiege"], s["spielsiege"], s["ruhmeshalle"]]
            for n, s in sorted(
                sab["spieler"].items(), key=lambda kv: (-kv[1]["siegpunkte"], kv[0].casefold())
            )
        ]
        z += _spaltentext(
            ["Spieler", "Runden", "Siegespunkte", "Rundensiege", "Spielsiege", "Ruhmeshalle"],
            reihen,
            {1, 2, 3, 4, 5},
        )
    sau = daten["saufn"]
    if sau["spiele"]:
        z += ["", f"SAUFN ({_anzahl(sau['spiele'], 'Spiel', 'Spiele')})"]
        reihen = [
            [n, s["spiele"], *s["plaetze"]]
            for n, s in sorted(
                sau["spieler"].items(),
                key=lambda kv: ([-x for x in kv[1]["plaetze"]], kv[0].casefold()),
            )
        ]
        z += _spaltentext(["Spieler", "Spiele", "1.", "2.", "3."], reihen, {1, 2, 3, 4})
    slm = daten["schlafmuetze"]
    if slm["spiele"]:
        z += ["", f"Schlafmütze ({_anzahl(slm['spiele'], 'Spiel', 'Spiele')})"]
        reihen = [
            [n, s["spiele"], s["siege"]]
            for n, s in sorted(
                slm["spieler"].items(), key=lambda kv: (-kv[1]["siege"], kv[0].casefold())
            )
        ]
        z += _spaltentext(["Spieler", "Spiele", "Siege"], reihen, {1, 2})
    if len(z) == 1:
        z.append("Noch keine Spiele eingetragen.")
    return "\n".join(z) + "\n"


def spieler_text(daten: Mapping[str, Any], titel: str) -> str:
    """Die Statistik einer Person (``referee statistik --spieler NAME``)."""
    n = daten["spieler"]
    z = [f"Statistik für {n}: {titel}"]
    s = daten["schafkopf"]
    if s:
        z += [
            "",
            "Schafkopf:",
            f"  Spiele: {s['spiele']} (als Spieler {s['als_spieler']}, Partner {s['als_partner']}, "
            f"Gegner {s['als_gegner']}), gewonnen {s['gewonnen']} ({_prozent_text(s['gewonnen_prozent'])})",
            f"  Soli: {s['soli']['gespielt']} gespielt, {s['soli']['gewonnen']} gewonnen",
        ]
        arten = [
            f"{SPIELART_NAMEN.get(a, a)} {w['gewonnen']}/{w['gespielt']}"
            for a, w in s["als_spieler_nach_spielart"].items()
        ]
        if arten:
            z.append("  Als Spieler (gewonnen/gespielt): " + ", ".join(arten))
        if s["tout"]["gespielt"]:
            z.append(f"  Tout: {s['tout']['gespielt']} gespielt, {s['tout']['gewonnen']} gewonnen")
        if s["ramsch"]["gespielt"]:
            z.append(
                f"  Ramsch: {s['ramsch']['gespielt']} gespielt, {s['ramsch']['verloren']} verloren"
            )
        z += [
            f"  Schneider: {s['schneider']['gewonnen']} gewonnen, {s['schneider']['verloren']} verloren; "
            f"Schwarz: {s['schwarz']['gewonnen']} gewonnen, {s['schwarz']['verloren']} verloren",
            f"  Bestes Spiel {euro(s['groesster_gewinn'])}, schlechtestes {euro(s['groesster_verlust'])}, "
            f"Saldo {euro(s['saldo'])}",
        ]
    sab = daten["sabai"]
    if sab:
        z += [
            "",
            f"Sabai: {_anzahl(sab['runden'], 'Runde', 'Runden')}, "
            f"{_anzahl(sab['siegpunkte'], 'Siegespunkt', 'Siegespunkte')}, "
            f"{_anzahl(sab['rundensiege'], 'Rundensieg', 'Rundensiege')}, "
            f"{_anzahl(sab['spielsiege'], 'Spielsieg', 'Spielsiege')}, Ruhmeshalle {sab['ruhmeshalle']}×",
        ]
    sau = daten["saufn"]
    if sau:
        p = sau["plaetze"]
        z += [
            "",
            f"SAUFN: {_anzahl(sau['spiele'], 'Spiel', 'Spiele')}, Platz 1: {p[0]}, Platz 2: {p[1]}, Platz 3: {p[2]}",
        ]
    slm = daten["schlafmuetze"]
    if slm:
        z += [
            "",
            f"Schlafmütze: {_anzahl(slm['spiele'], 'Spiel', 'Spiele')}, "
            f"{_anzahl(slm['siege'], 'Sieg', 'Siege')}",
        ]
    return "\n".join(z) + "\n"
