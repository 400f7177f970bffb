"""Darstellungen des Abendberichts: Text, Markdown, CSV (Formel-Schutz), JSON, HTML/SVG."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from test_bericht import ABEND, abend_eintraege, eintrag, sk, storno
from werkzeuge import werkzeug

from referee.bericht import formate
from referee.bericht.abendbericht import baue_bericht
from referee.bericht.grafik import svg_verlauf
from referee.errors import Eingabefehler

SVG_NS = "{http://www.w3.org/2000/svg}"


def bericht(stornos=()):
    return baue_bericht([ABEND], abend_eintraege(), stornos, [])


# Namen, die ein Tabellenprogramm als Formel ausführen würde, und solche, die HTML/Markdown brechen
BOESE = ['=HYPERLINK("http://x";"klick")', "-Ben", "@x", "+Cem", "\tTab", "\rWagen"]


def boeser_bericht():
    namen = BOESE[:4]
    e = [
        sk(
            1,
            "rufspiel",
            namen[0],
            namen[1],
            True,
            20,
            {namen[0]: 20, namen[1]: 20, namen[2]: -20, namen[3]: -20},
        ),
        eintrag(
            {
                "id": 2,
                "abend": 3,
                "nr": 2,
                "zeit": "2026-11-28T20:00:00",
                "spiel": "schlafmuetze",
                "ergebnis": {"sieger": BOESE[4], "spieler": [BOESE[4], BOESE[5]]},
            }
        ),
    ]
    return baue_bericht([dict(ABEND, spieler=namen, ort="=1+1")], e)


# ------------------------------------------------------------------ Text


def test_text_fuer_den_messenger():
    assert formate.text(bericht()) == (
        "Kartenabend Sa 28.11.2026 · Gasthaus Post\n"
        "Spieler: Anna, Ben, Cem, Dora\n"
        "Gespielt: 5× Schafkopf, 2× Sabai, 2× SAUFN, 1× Schlafmütze\n"
        "\n"
        "Schafkopf (Tarif 10-20-50):\n"
        "  Cem +8,50 €\n"
        "  Anna -1,50 €\n"
        "  Ben -2,10 €\n"
        "  Dora -4,90 €\n"
        "\n"
        "Wer zahlt wem:\n"
        "  Dora → Cem: 4,90 €\n"
        "  Ben → Cem: 2,10 €\n"
        "  Anna → Cem: 1,50 €\n"
        "\n"
        "Sabai (2 Runden), Siegespunkte: Dora 1, Anna 0, Ben 0, Cem 0\n"
        "  Ruhmeshalle: Dora\n"
        "\n"
        "SAUFN (2 Spiele):\n"
        "  1. Ben 2. Cem 3. Anna\n"
        "  1. Ben\n"
        "\n"
        "Schlafmütze (1 Spiel), Siege: Anna 1, Ben 0, Cem 0\n"
    )


def test_text_leerer_abend_und_quitt():
    leer = formate.text(baue_bericht([dict(ABEND, ort=None)], []))
    assert (
        leer == "Kartenabend Sa 28.11.2026\nSpieler: Anna, Ben, Cem, Dora\nGespielt: noch nichts\n"
    )
    e = [
        sk(
            1, "rufspiel", "Anna", "Ben", True, 20, {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
        ),
        sk(
            2, "rufspiel", "Cem", "Dora", True, 20, {"Anna": -20, "Ben": -20, "Cem": 20, "Dora": 20}
        ),
    ]
    assert "  Alle sind quitt.\n" in formate.text(baue_bericht([ABEND], e))


def test_text_gesamt_mit_zeitraum_und_vielen_saufn_spielen():
    saufn = [
        eintrag(
            {
                "id": i,
                "abend": 3 + i % 2,
                "nr": i,
                "spiel": "saufn",
                "ergebnis": {"plaetze": ["Anna", "Ben", "Cem"], "spieler": ["Anna", "Ben", "Cem"]},
            }
        )
        for i in range(6)
    ]
    b = baue_bericht([ABEND, dict(ABEND, id=4, datum="2026-12-05")], saufn, gesamt=True)
    t = formate.text(b)
    assert t.startswith("Alle Abende (2, 28.11.2026 – 05.12.2026)\n")
    assert "SAUFN (6 Spiele):\n  Plätze 1/2/3: Anna 6/0/0, Ben 0/6/0, Cem 0/0/6\n" in t


def test_tarif_und_datum_helfer():
    assert (
        formate.tarif_text({"grund": 20, "solo": 50, "laufende": 10})
        == "Rufspiel 0,20 €, Solo 0,50 €, Laufender 0,10 €"
    )
    assert formate.tarif_text("5-10-20") == "5-10-20" and formate.tarif_text(None) == ""
    assert formate.datum_de("2026-11-29", wochentag=True) == "So 29.11.2026"
    assert formate.datum_de("gestern") == "gestern"
    assert formate.uhrzeit("2026-11-28T19:03:12+00:00") == "19:03"


# ------------------------------------------------------------------ Markdown


def test_markdown_tabellen():
    md = formate.markdown(bericht([storno(11, 5)]))
    assert md.startswith("# Kartenabend Sa 28.11.2026 · Gasthaus Post\n")
    assert "| Spieler | Saldo |\n|---|---:|\n| Cem | +8,50 € |\n" in md
    assert "| Von | An | Betrag |\n|---|---|---:|\n| Dora | Cem | 4,90 € |\n" in md
    assert "| Dora | 1 | 1 |" in md  # Sabai: Siegespunkte, Ruhmeshalle
    assert "| Ben | 2 | 0 | 0 |" in md  # SAUFN-Plätze
    assert (
        "| 3 | 28.11.2026 | Gasthaus Post | 2 | 19:02 | Schafkopf | wenz | Cem |  | ja | 0,60 € | 70 | 2 |"
        in md
    )
    assert "- Eintrag 11 (Nr 11, 22:30): Storno von Eintrag 5" in md
    # jede Tabellenzeile hat so viele Zellen wie ihr Kopf
    for block in md.split("\n\n"):
        zeilen = [z for z in block.splitlines() if z.startswith("|")]
        if zeilen:
            assert len({z.replace("\\|", "").count("|") for z in zeilen}) == 1, block


def test_markdown_maskiert_namen():
    e = [sk(1, "rufspiel", "A|B", "*C*", True, 20, {"A|B": 20, "*C*": 20, "D": -20, "E": -20})]
    md = formate.markdown(baue_bericht([dict(ABEND, spieler=["A|B", "*C*", "D", "E"])], e))
    assert "| A\\|B | +0,20 € |" in md and "| \\*C\\* | +0,20 € |" in md


# ------------------------------------------------------------------ CSV


def lies_csv(text, trenn=","):
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=trenn))


def test_csv_eine_zeile_je_eintrag():
    zeilen = lies_csv(formate.csv_text(bericht()))
    kopf, daten = zeilen[0], zeilen[1:]
    assert kopf == [
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
        "Anna",
        "Ben",
        "Cem",
        "Dora",
    ]
    assert len(daten) == 10
    assert daten[1] == [
        "3",
        "2026-11-28",
        "Gasthaus Post",
        "2",
        "2026-11-28T19:02:00",
        "Schafkopf",
        "wenz",
        "Cem",
        "",
        "ja",
        "0.60",
        "70",
        "2",
        "nein",
        "nein",
        "nein",
        "0",
        "0",
        "€",
        "-0.60",
        "-0.60",
        "1.80",
        "-0.60",
    ]
    assert daten[5][5:8] == ["Sabai", "Runde", "Ben"] and daten[5][-4:] == ["0", "1", "0", "0"]
    assert daten[7][5] == "SAUFN" and daten[7][-4:] == [
        "3",
        "1",
        "2",
        "",
    ]  # Plätze, Dora ohne Platz
    assert daten[9][5] == "Schlafmütze" and daten[9][-4:] == ["1", "0", "0", ""]


def test_csv_semikolon_mit_dezimalkomma():
    text = formate.csv_text(bericht(), ";")
    assert text.splitlines()[0].startswith("Abend;Datum;Ort;Nr;")
    assert "\r\n" in text
    daten = lies_csv(text, ";")[2]
    assert daten[10] == "0,60" and daten[-4:] == ["-0,60", "-0,60", "1,80", "-0,60"]


@pytest.mark.parametrize("trenn", ["", ";;", '"', "a", "\n"])
def test_csv_falsches_trennzeichen(trenn):
    with pytest.raises(Eingabefehler, match="Trennzeichen"):
        formate.csv_text(bericht(), trenn)


def test_csv_formel_schutz_text_ja_zahlen_nein():
    for trenn in (",", ";"):
        zeilen = lies_csv(formate.csv_text(boeser_bericht(), trenn), trenn)
        kopf = zeilen[0]
        assert kopf[-6:] == ["'" + n for n in BOESE]
        rufspiel = zeilen[1]
        assert rufspiel[2] == "'=1+1"  # Ort
        assert rufspiel[7] == "'" + BOESE[0] and rufspiel[8] == "'-Ben"  # Spieler, Partner
        assert rufspiel[-6:-2] == (
            ["0.20", "0.20", "-0.20", "-0.20"]
            if trenn == ","
            else ["0,20", "0,20", "-0,20", "-0,20"]
        )  # Zahlen bleiben Zahlen
        assert zeilen[2][7] == "'\tTab"
        for z in zeilen:
            for feld in z:
                if feld[:1] in ("=", "+", "@", "\t", "\r"):
                    pytest.fail(f"ungeschütztes Feld {feld!r}")
                if feld.startswith("-"):
                    float(feld.replace(",", "."))  # nur negative Zahlen dürfen mit - beginnen


def test_entschaerfe():
    assert formate.entschaerfe("=1+1") == "'=1+1"
    assert formate.entschaerfe("Anna-Lena") == "Anna-Lena"
    assert formate.csv_feld(-20, True) == "-20"
    assert formate.csv_feld(formate.Betrag(-20), True) == "-0,20"
    assert formate.csv_feld("-20", True) == "'-20"  # Text, der wie eine Zahl aussieht


# ------------------------------------------------------------------ JSON


def test_json_ist_der_bericht():
    b = bericht()
    erwartet = dict(b, eintraege=[e.als_json() for e in b["eintraege"]])
    assert json.loads(formate.json_text(b)) == json.loads(json.dumps(erwartet))
    assert "\\u" not in formate.json_text(boeser_bericht())  # UTF-8 lesbar


def test_rendere_unbekanntes_format():
    with pytest.raises(
        Eingabefehler, match="Unbekanntes Format „pdf“; erlaubt sind text, md, csv, json, html."
    ):
        formate.rendere(bericht(), "pdf")


# ------------------------------------------------------------------ HTML / SVG

VOID = {"meta", "br", "link", "img", "input", "hr", "col", "area", "base", "wbr", "source"}


class Pruefer(HTMLParser):
    """Sammelt Tags, prüft Verschachtelung und merkt sich Verweise nach draußen."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stapel, self.tags, self.fehler, self.extern, self.text = [], [], [], [], []
        self.meta = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "meta":
            self.meta.append(a)
        for k in ("src", "href"):
            if k in a:
                self.extern.append((tag, a[k]))
        if tag not in VOID:
            self.stapel.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "meta":
            self.meta.append(dict(attrs))

    def handle_endtag(self, tag):
        if not self.stapel or self.stapel[-1] != tag:
            self.fehler.append(f"</{tag}> schließt {self.stapel[-1:]} ")
        else:
            self.stapel.pop()

    def handle_data(self, data):
        self.text.append(data)


def pruefe_html(seite):
    p = Pruefer()
    p.feed(seite)
    p.close()
    assert not p.fehler and not p.stapel, (p.fehler, p.stapel)
    return p


def svg_aus(seite):
    anfang, ende = seite.index("<svg"), seite.index("</svg>") + len("</svg>")
    return ET.fromstring(seite[anfang:ende])


def test_html_eigenstaendig_und_wohlgeformt():
    seite = formate.html(bericht())
    assert seite.startswith('<!DOCTYPE html>\n<html lang="de">')
    p = pruefe_html(seite)
    assert {"name": "viewport", "content": "width=device-width, initial-scale=1"} in p.meta
    assert {"charset": "utf-8"} in p.meta
    assert "script" not in p.tags and "link" not in p.tags and "img" not in p.tags
    assert p.extern == []
    assert "@import" not in seite and "url(" not in seite
    assert p.tags.count("table") == 6  # Stand, Wer zahlt wem, Sabai, SAUFN, Schlafmütze, Einträge
    text = "".join(p.text)
    assert "+8,50 €" in text and "Dora" in text and "Wer zahlt wem" in text


def test_html_svg_verlauf():
    svg = svg_aus(formate.html(bericht()))
    assert svg.tag == SVG_NS + "svg"
    linien = svg.findall(SVG_NS + "polyline")
    assert len(linien) == 4
    titel = [li.find(SVG_NS + "title").text for li in linien]
    assert titel == ["Anna: -1,50 €", "Ben: -2,10 €", "Cem: +8,50 €", "Dora: -4,90 €"]
    punkte = [tuple(map(float, p.split(","))) for p in linien[2].get("points").split()]
    assert len(punkte) == 6  # Start + 5 Schafkopf-Spiele
    xs = [x for x, _ in punkte]
    assert xs == sorted(xs)
    ys = [y for _, y in punkte]
    assert ys[-1] == min(ys)  # Cem endet ganz oben (größter Saldo)
    breite, hoehe = map(float, svg.get("viewBox").split()[2:])
    assert all(0 <= x <= breite and 0 <= y <= hoehe for x, y in punkte)


def test_html_und_svg_maskieren_namen():
    b = boeser_bericht()
    b2 = baue_bericht(
        [dict(ABEND, spieler=["<b>Ben</b>", "A&B", 'C"D', "E'F"])],
        [
            sk(
                1,
                "rufspiel",
                "<b>Ben</b>",
                "A&B",
                True,
                20,
                {"<b>Ben</b>": 20, "A&B": 20, 'C"D': -20, "E'F": -20},
            )
        ],
    )
    for x in (b, b2):
        seite = formate.html(x)
        p = pruefe_html(seite)
        assert "b" not in p.tags
        svg = svg_aus(seite)
        assert svg is not None
    seite = formate.html(b2)
    assert "&lt;b&gt;Ben&lt;/b&gt;" in seite and "A&amp;B" in seite
    legende = [t.text for t in svg_aus(seite).iter(SVG_NS + "text")]
    assert "<b>Ben</b> +0,20 €" in legende


def test_html_gesamt_zeigt_abende_und_kuerzt_eintraege():
    e = [
        sk(
            i,
            "rufspiel",
            "Anna",
            "Ben",
            True,
            20,
            {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20},
            abend=3 + i % 2,
        )
        for i in range(1, 21)
    ]
    b = baue_bericht([ABEND, dict(ABEND, id=4)], e, gesamt=True)
    seite = formate.html(b, hoechstens_zeilen=5)
    pruefe_html(seite)
    assert "Die letzten 5 von 20 Einträgen." in seite
    svg = svg_aus(seite)
    assert len(svg.find(SVG_NS + "polyline").get("points").split()) == 3  # Start + 2 Abende
    assert "Abend (1–2)" in [t.text for t in svg.iter(SVG_NS + "text")]


def test_svg_duennt_lange_reihen_aus():
    reihen = {"A": list(range(0, 5000)), "B": [-v for v in range(0, 5000)]}
    svg = ET.fromstring(svg_verlauf(reihen, hoechstens_punkte=300))
    for li in svg.findall(SVG_NS + "polyline"):
        assert len(li.get("points").split()) == 300


def test_svg_ohne_bewegung_und_leer():
    ET.fromstring(svg_verlauf({"A": [0, 0, 0]}))
    ET.fromstring(svg_verlauf({}))


def test_html_in_headless_chromium(tmp_path):
    chromium = werkzeug("chromium")
    seite = tmp_path / "abend.html"
    seite.write_text(formate.html(bericht()), encoding="utf-8")
    bild = tmp_path / "abend.png"
    r = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profil'}",
            "--window-size=412,900",
            f"--screenshot={bild}",
            seite.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    daten = bild.read_bytes()
    assert daten[:8] == b"\x89PNG\r\n\x1a\n"
    breite, hoehe = int.from_bytes(daten[16:20], "big"), int.from_bytes(daten[20:24], "big")
    assert (breite, hoehe) == (412, 900)
    assert len(daten) > 10_000  # mehr als eine leere Seite
    # Das DOM nach dem Rendern: die Tabelle und die SVG-Linien sind da
    dom = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={tmp_path / 'profil2'}",
            "--dump-dom",
            seite.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert dom.returncode == 0
    assert dom.stdout.count("<polyline") == 4 and "+8,50 €" in dom.stdout


@pytest.mark.parametrize("spanne", [300, 20_000, 1_234_567])
def test_svg_achsenbeschriftung_passt_links_hinein(spanne):
    svg = ET.fromstring(svg_verlauf({"A": [0, spanne, -spanne], "B": [0, -spanne, spanne]}))
    achse = [t for t in svg.iter(SVG_NS + "text") if t.get("text-anchor") == "end"]
    assert achse[0].text.startswith("-") and achse[-1].text.startswith("+")
    for (
        t
    ) in achse:  # rechtsbündig bei x: der Text (≈ 8,5 px je Zeichen bei 14 px) beginnt rechts von 0
        assert float(t.get("x")) - 8.5 * len(t.text) >= 0, t.text


def test_svg_gleiche_salden_liegen_nebeneinander():
    """Anna und Ben gewinnen zusammen – ihre Linien lägen genau übereinander. Wo Werte gleich
    sind, rückt die spätere Linie 3 Pixel tiefer; wo sie sich unterscheiden, liegt jede Linie
    genau auf ihrem Wert."""
    svg = ET.fromstring(svg_verlauf({"Anna": [0, 20, 20, 50], "Ben": [0, 20, 20, -10]}))
    anna, ben = (
        [tuple(map(float, p.split(","))) for p in li.get("points").split()]
        for li in svg.findall(SVG_NS + "polyline")
    )
    assert [x for x, _ in anna] == [x for x, _ in ben]
    assert [b - a for (_, a), (_, b) in zip(anna[:3], ben[:3], strict=True)] == [3.0, 3.0, 3.0]
    # am Ende verschieden: keiner verschoben; 50 ct liegt 60 ct über -10 ct
    einheit = (ben[3][1] - anna[3][1]) / 60
    assert anna[0][1] - anna[3][1] == pytest.approx(50 * einheit)
