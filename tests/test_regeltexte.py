"""Der Regelkorpus rules_de/: wörtlich aus den Quellen, vollständig, ohne PDF-Müll."""

from __future__ import annotations

import dataclasses
import re

import pytest
from conftest import DATA, ROOT

from referee.regeltexte import SPIELE, Abschnitt, abschnitt, abschnitte, parse_regeldatei, spielname

QUELLEN = {
    "schafkopf": "schafkopf-sauspiel.txt",
    "sabai": "sabai-sabai.txt",
    "saufn": "saufn.txt",
    "schlafmuetze": "schlafmuetze.txt",
}

# Die ids, die andere Module zitieren (GEMEINSAM.md) – sie dürfen nie verschwinden.
PFLICHT_IDS = [
    "schafkopf.rufspiel",
    "schafkopf.truempfe",
    "schafkopf.rufbare-saeue",
    "schafkopf.ansage-voraussetzungen",
    "schafkopf.gesperrt",
    "schafkopf.ruf-sau-suchen",
    "schafkopf.ruf-sau-bindung",
    "schafkopf.davonlaufen",
    "schafkopf.stichregeln",
    "schafkopf.laufende",
    "schafkopf.stoss",
    "schafkopf.faq-augen",
    "schafkopf.faq-abwerfen",
    "schafkopf.typische-fehler",
    "sabai.ziel",
    "sabai.vorbereitung",
    "sabai.ablauf",
    "sabai.funktionskarten",
    "sabai.ass-joker",
    "sabai.reinwerfen",
    "sabai.sabai-sabai-move",
    "sabai.ass-move",
    "sabai.alle-vier",
    "sabai.ende-partie",
    "sabai.ende-spiel",
    "saufn.hinweis",
    "saufn.spielmaterial",
    "saufn.vorbereitung",
    "saufn.spielverlauf",
    "saufn.saufn-prinzip",
    "saufn.spielende",
    "saufn.schlueckeverteilung",
    "saufn.reaktionskarten",
    "saufn.goldene-karten",
    "saufn.weisse-karten",
    "saufn.abaendern",
    "saufn.auf-den-kopf",
    "saufn.feuer-oder-flamme",
    "saufn.freeze",
    "saufn.schnick-schnack-schnuck",
    "saufn.stufnsaufn",
    "saufn.urwald",
    "saufn.sheriff",
    "saufn.sauftrumpf",
    "schlafmuetze.spielmaterial",
    "schlafmuetze.spielidee",
    "schlafmuetze.vorbereitung",
    "schlafmuetze.spielablauf",
    "schlafmuetze.mitte",
    "schlafmuetze.mitspieler",
    "schlafmuetze.reihenfolge",
    "schlafmuetze.fehler",
    "schlafmuetze.zugstapel-leer",
    "schlafmuetze.spielende",
]

# Zeilen der Quellen, die bewusst nicht übernommen sind (Seitenkopf, Werbung, Adresse,
# Überleitungen) – alles andere muss in einem Abschnitt stehen.
WEGGELASSEN = {
    "Sauspiel beim Schafkopf – das Rufspiel erklärt",  # Seitentitel (= Titel von schafkopf.rufspiel)
    "Spielanleitung für sabai-sabai",
    "Viel Spass beim Spielen! ☺",
    "Spieleanleitung",
    "SAUFN – Anleitung",
    "So, jetzt seid ihr ready to SAUFN! Viel Spaß und denkt dran: Spielt verantwortungsbewusst und "
    "bleibt hydrated!",
    "Cheers, euer SAUFN-Team! 🎉🍻",
    "Auf der nächsten Seite findet ihr noch Erklärungen für Spezialfälle und eine Übersicht über "
    "die wichtigsten Karten…",
    "Wichtige Karten & spezielle Regeln",
    "Für Details oder Beispiele schaut auf unserem Instagram Channel vorbei: @saufngermany – hier "
    "ist alles nochmal anschaulich erklärt 😉",
    "1. Reaktionskarten",
    "2. Goldene Karten",
    "3. Weiße Karten",
    "4. Wichtige Karten erklärt",
    "Das war’s! Wenn ihr weitere Fragen oder Anmerkungen habt, schreibt uns per E-Mail oder "
    "Instagram: @saufngermany",
    "Schlafmütze - Brettspiel Amigo - Kostenlose Bedienungsanleitung",
    "BEDIENUNGSANLEITUNG Schlafmütze Amigo",
    "KARTEN ABLEGEN",
    "Sie haben ein Qualitätsprodukt gekauft. Sollten Sie dennoch Anlass zu einer",
    "Reklamation haben, wenden Sie sich bitte direkt an uns.",
    "Haben Sie noch Fragen? Wir helfen Ihnen gerne:",
    "AMIGO Spiel + Freizeit GmbH, Waldstraße 23 D5, D-63128 Dietzenbach",
    "www.amigo-spiele.de, E-Mail: [e-mail]",
}

MUELL = [
    re.compile(r"graph TD"),
    re.compile(r"-->"),
    re.compile(r"\bstyle\w* \w+ fill"),
    re.compile(r'\w+\["'),
    re.compile(r"\d+-\d+-20"),  # Zahlen-Dump aus „SPIELMATERIAL“ (Schlafmütze)
]


def ws(text: str) -> str:
    """Leerraum normalisieren (die einzige erlaubte Änderung am Regeltext)."""
    return " ".join(text.split())


def quelle_roh(spiel: str) -> str:
    return (DATA / "rules-source" / QUELLEN[spiel]).read_text(encoding="utf-8")


def ohne_diagramme(text: str) -> str:
    """Die Mermaid-Reste (``graph TD`` bis zur nächsten Leerzeile) aus der Quelle entfernen."""
    return re.sub(r"(?ms)^graph TD\n.*?(?=^\s*$)", "", text)


def test_pflicht_ids_existieren():
    fehlend = [i for i in PFLICHT_IDS if i not in {a.id for a in abschnitte()}]
    assert not fehlend, f"fehlende Abschnitte: {fehlend}"
    for i in PFLICHT_IDS:
        assert abschnitt(i).id == i


def test_ids_eindeutig_und_wohlgeformt():
    ids = [a.id for a in abschnitte()]
    assert len(ids) == len(set(ids))
    for a in abschnitte():
        assert re.fullmatch(r"[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*", a.id), a.id
        assert a.id.split(".")[0] == a.spiel
    assert len(ids) == 74


@pytest.mark.parametrize("spiel", SPIELE)
def test_jeder_abschnitt_woertlich_aus_der_quelle(spiel):
    quelle = ws(ohne_diagramme(quelle_roh(spiel)))
    for a in abschnitte(spiel):
        assert ws(a.text) in quelle, (
            f"{a.id} ist nicht wörtlich (zusammenhängend) in {QUELLEN[spiel]}"
        )


@pytest.mark.parametrize("spiel", SPIELE)
def test_quelle_vollstaendig_uebernommen(spiel):
    """Jede Zeile der Quelle steht in einem Abschnitt, ist ein Titel oder bewusst weggelassen."""
    texte = " | ".join(ws(a.text) for a in abschnitte(spiel))
    titel = {a.titel.casefold() for a in abschnitte(spiel)}
    fehlend = []
    for zeile in ohne_diagramme(quelle_roh(spiel)).splitlines():
        z = ws(zeile)
        if not z or re.search(r"\d+-\d+-20", z):  # Zahlen-Dump aus Schlafmütze „SPIELMATERIAL“
            continue
        if z in texte or z.rstrip(":").casefold() in titel or z in WEGGELASSEN:
            continue
        fehlend.append(z)
    assert not fehlend, f"nicht übernommen: {fehlend}"


def test_kein_diagramm_muell_in_rules_de():
    for datei in sorted((ROOT / "rules_de").glob("*.md")):
        for nr, zeile in enumerate(datei.read_text(encoding="utf-8").splitlines(), 1):
            for muster in MUELL:
                assert not muster.search(zeile), f"{datei.name}:{nr}: {zeile!r}"


def test_quelle_hat_tatsaechlich_muell():
    """Gegenprobe: die Muster finden den Müll in der Schlafmütze-Quelle."""
    roh = quelle_roh("schlafmuetze")
    assert all(m.search(roh) for m in MUELL)
    assert "graph TD" not in ohne_diagramme(roh)
    assert "Beispiel 3:" in ohne_diagramme(roh)


def test_schlafmuetze_beispiele_1_bis_5_erhalten():
    text = " ".join(a.text for a in abschnitte("schlafmuetze"))
    for n in range(1, 6):
        assert f"Beispiel {n}:" in text
    assert "Beispiel 2:" in abschnitt("schlafmuetze.mitspieler").text
    assert "Beispiel 3:" in abschnitt("schlafmuetze.mitspieler").text
    assert "Beispiel 4:" in abschnitt("schlafmuetze.reihenfolge").text
    assert "Beispiel 5:" in abschnitt("schlafmuetze.fehler").text


@pytest.mark.parametrize(
    ("id", "auszug"),
    [
        ("schafkopf.faq-augen", "mindestens 61 Augen"),
        ("schafkopf.faq-abwerfen", "Erst im achten und letzten Stich"),
        ("schafkopf.stichregeln", "Es gilt Bedienpflicht."),
        ("schafkopf.stichregeln", "Es gibt keinen Stichzwang."),
        ("schafkopf.davonlaufen", "mindestens vier Karten der Ruffarbe"),
        ("schafkopf.rufbare-saeue", "Nicht gerufen werden kann die Herz-Sau"),
        ("schafkopf.laufende", "Eichel-Ober, Gras-Ober und Herz-Ober"),
        (
            "schafkopf.stoss",
            "Der gerufene Partner darf den ursprünglichen Stoß nicht selbst geben.",
        ),
        ("sabai.ziel", "Ein Joker hat den Wert von\u202f−4 Punkten"),
        ("sabai.ass-joker", "(„verbrannt“)"),
        ("saufn.saufn-prinzip", "Liegt ein N, kann ein N oder wieder ein S gelegt werden."),
        ("saufn.schlueckeverteilung", "Platz 3 darf 10 Schlücke verteilen."),
        ("schlafmuetze.reihenfolge", "muss die Karte immer zuerst in die Mitte gelegt werden"),
        ("schlafmuetze.fehler", "laut „Schlafmütze!“ rufen"),
        ("schlafmuetze.vorbereitung", "gut ge mischt"),  # Trennfehler der Quelle bleibt wörtlich
    ],
)
def test_abschnitt_inhalt(id, auszug):
    assert auszug in abschnitt(id).text


def test_unbekannte_id_keyerror():
    with pytest.raises(KeyError):
        abschnitt("schafkopf.gibtsnicht")
    with pytest.raises(KeyError):
        abschnitte("doppelkopf")


def test_abschnitte_filter_und_typ():
    sabai = abschnitte("sabai")
    assert [a.id for a in sabai][:3] == ["sabai.ziel", "sabai.vorbereitung", "sabai.ablauf"]
    assert all(a.spiel == "sabai" for a in sabai)
    assert len(abschnitte()) == sum(len(abschnitte(s)) for s in SPIELE)
    a = abschnitt("schafkopf.davonlaufen")
    assert isinstance(a.stichworte, tuple) and "weglaufen" in a.stichworte
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.titel = "x"  # type: ignore[misc]
    assert abschnitt("schafkopf.davonlaufen") is a  # zwischengespeichert
    assert spielname("schlafmuetze") == "Schlafmütze"
    assert spielname("sabai") == "sabai-sabai"


def test_parser_meldet_kaputtes_format():
    with pytest.raises(ValueError, match="keine id"):
        parse_regeldatei("## Titel\nstichworte: a\n\nText\n", "sabai")
    with pytest.raises(ValueError, match="Zeile 2"):
        parse_regeldatei("## Titel\nkein kopf hier\n\nText\n", "sabai")
    with pytest.raises(ValueError, match="gehört nicht"):
        parse_regeldatei("## Titel\nid: saufn.x\n\nText\n", "sabai")
    werk, liste = parse_regeldatei(
        "spiel: sabai\nname: S\n\n## T\nid: sabai.t\n\nZeile [b]\n\n", "sabai"
    )
    assert werk.name == "S"
    assert liste == [Abschnitt("sabai.t", "sabai", "T", "Zeile [b]", ())]
