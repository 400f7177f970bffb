"""Regelsuche (referee.suche) im Prozess: Falten, Wörter, Synonyme, Fragenkatalog, Markierung."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from conftest import DATA, ROOT, _env
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler
from referee.regeltexte import SPIELE, Abschnitt, abschnitt
from referee.suche import (
    Suchindex,
    als_json,
    antwort,
    falte,
    gekuerzt,
    index,
    markierungen,
    spiel_kuerzel,
    stamm,
    suche,
    synonyme,
    vorschlaege,
    woerter,
    zahl,
)
from referee.suche.konstanten import GEWICHT_SPIELNAME, GEWICHT_TEIL, MINDEST_SCORE

FRAGEN = json.loads((DATA / "fragen.json").read_text(encoding="utf-8"))["fragen"]


def _richtig(eintrag) -> set[str]:
    return {eintrag["erwartet"], *eintrag.get("auch", [])}


def katalog_auswerten() -> tuple[int, int, int, list[str]]:
    """(Anzahl, Top-1-Treffer, Top-3-Treffer, Fehlschläge) über tests/data/fragen.json."""
    top1 = top3 = 0
    daneben = []
    for e in FRAGEN:
        ids = [t.abschnitt.id for t in suche(e["frage"], anzahl=3)]
        richtig = _richtig(e)
        if ids and ids[0] in richtig:
            top1 += 1
        else:
            daneben.append(f"{e['frage']!r} → {ids[:1]} statt {e['erwartet']}")
        if richtig & set(ids):
            top3 += 1
    return len(FRAGEN), top1, top3, daneben


# ---------------------------------------------------------------- Fragenkatalog


def test_fragenkatalog_umfang_und_gueltige_ids():
    assert len(FRAGEN) >= 45
    for e in FRAGEN:
        for i in _richtig(e):
            abschnitt(i)  # KeyError, falls die erwartete id nicht existiert
    spiele = {e["erwartet"].split(".")[0] for e in FRAGEN}
    assert spiele == set(SPIELE)
    for spiel in SPIELE:
        assert sum(e["erwartet"].startswith(spiel + ".") for e in FRAGEN) >= 10


def test_fragenkatalog_top1_mindestens_90_top3_alle():
    n, top1, top3, daneben = katalog_auswerten()
    zahlen = f"Top-1 {top1}/{n} = {100 * top1 / n:.1f} %, Top-3 {top3}/{n} = {100 * top3 / n:.1f} %"
    assert top1 / n >= 0.90, zahlen + "\n" + "\n".join(daneben)
    assert top3 == n, zahlen + "\n" + "\n".join(daneben)


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        ("davonlaufn", "schafkopf.davonlaufen"),  # Tippfehler
        ("Bedinpflicht", "schafkopf.stichregeln"),
        ("laufende zaehlen", "schafkopf.faq-laufende"),  # ohne Umlaut
        ("Laufende zählen", "schafkopf.faq-laufende"),
        ("LAUFENDE ZÄHLEN", "schafkopf.faq-laufende"),
        ("schluecke verteilen", "saufn.schlueckeverteilung"),
        ("Schlücke verteilen", "saufn.schlueckeverteilung"),
        ("Stoss", "schafkopf.stoss"),  # ß/ss
        ("Stoß", "schafkopf.stoss"),
        ("Kontra", "schafkopf.stoss"),  # Synonym
        ("„Ruf‑Sau“ suchen", "schafkopf.ruf-sau-suchen"),  # typografische Zeichen
        ("Rufsau suchen", "schafkopf.ruf-sau-suchen"),
        ("Ruf Sau suchen", "schafkopf.ruf-sau-suchen"),
        ("Farbzwang", "schafkopf.stichregeln"),
        ("weglaufen", "schafkopf.davonlaufen"),
        ("Wann darf ich davonlaufen?", "schafkopf.faq-davonlaufen"),
    ],
)
def test_typische_schreibweisen(frage, erwartet):
    ids = [t.abschnitt.id for t in suche(frage, anzahl=3)]
    assert ids, frage
    assert erwartet in ids[:2], (frage, ids)


# ---------------------------------------------------------------- Falten und Wörter


def test_falte_umlaute_und_typografie():
    assert falte("Schlücke – „Ruf‑Sau“ −4 Straße ÄÖÜ") == 'schluecke - "ruf-sau" -4 strasse aeoeue'
    assert falte("Spass\u202fhaben") == "spass haben"
    assert falte("café") == "cafe"
    assert falte("u\u0308ber") == "ueber"  # zerlegtes ü


def test_woerter_komposita_und_apostroph():
    assert woerter("Ruf-Sau") == ["ruf", "sau", "rufsau"]
    assert woerter("1er-Karten +2") == ["1", "karten", "1karten", "plus2"]  # „Einser“, SAUFN-Karte
    assert woerter("gibt’s") == ["gibts"]
    assert woerter("%%% ??? …") == []


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_falte_ist_idempotent(text):
    einmal = falte(text)
    assert falte(einmal) == einmal
    assert not any(c in einmal for c in "äöüßÄÖÜ„“–−")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60))
def test_woerter_sind_gefaltet_und_ascii_alnum(text):
    for w in woerter(text):
        assert w and w == falte(w) and w.isascii() and w.isalnum()


def test_synonyme_aus_datei():
    assert "stoss" in synonyme("Kontra")
    assert "sau" in synonyme("Ass")
    assert "rufspiel" in synonyme("Sauspiel")
    assert "bedienpflicht" in synonyme("Farbzwang")
    assert synonyme("Quatschwort") == frozenset()


@pytest.mark.parametrize(
    ("eingabe", "kuerzel"),
    [
        ("schafkopf", "schafkopf"),
        ("Sauspiel", "schafkopf"),
        ("rufspiel", "schafkopf"),
        ("sabai", "sabai"),
        ("sabai-sabai", "sabai"),
        ("Sabai Sabai", "sabai"),
        ("saufn", "saufn"),
        ("SAUFN", "saufn"),
        ("schlafmuetze", "schlafmuetze"),
        ("Schlafmütze", "schlafmuetze"),
    ],
)
def test_spiel_aliase(eingabe, kuerzel):
    assert spiel_kuerzel(eingabe) == kuerzel


def test_unbekanntes_spiel_nennt_erlaubte():
    with pytest.raises(Eingabefehler, match=r"„Doppelkopf“.*schafkopf, sabai, saufn, schlafmuetze"):
        spiel_kuerzel("Doppelkopf")


# ---------------------------------------------------------------- Suche: Verhalten


@pytest.mark.parametrize("frage", ["", "   ", "%%%", "?!", "…"])
def test_leere_oder_wortlose_frage_ist_eingabefehler(frage):
    with pytest.raises(Eingabefehler) as info:
        suche(frage)
    assert info.value.meldung.endswith('"') or info.value.meldung.endswith(".")


def test_nur_fuellwoerter_ist_eingabefehler():
    with pytest.raises(Eingabefehler, match="nur Füllwörter"):
        suche("Wie ist das denn?")


@pytest.mark.parametrize(
    "frage", ["Pizza bestellen", "Doppelkopf Hochzeit", "Wetter morgen", "qwxzv"]
)
def test_nichts_relevantes(frage):
    assert suche(frage) == []
    assert len(vorschlaege(frage)) == 3  # für „Meintest du …?“


@pytest.mark.parametrize("frage", ["hallo", "Prost", "Hallo?", "Pizza Schafkopf"])
def test_vage_anklaenge_sind_nicht_relevant(frage):
    # „hallo“ ähnelt nur „Hall“ (of Fame) – kein Suchwort sicher erkannt
    assert suche(frage) == []
    assert vorschlaege(frage)  # trotzdem ein „Meintest du …?“


def test_hochzeit_ist_eine_variante():
    # Die Hochzeit steht in keinem Regeltext; sie ist eine Variante, und dazu sagt der Text:
    # „Varianten sind Absprachen einer Runde“ (gefunden über die Beispielfragen)
    assert suche("Hochzeit beim Schafkopf")[0].abschnitt.id == "schafkopf.varianten"


def test_nur_spielname_ist_relevant():
    assert suche("Schafkopf")[0].abschnitt.spiel == "schafkopf"


def test_hallo_schlaegt_hall_of_fame_vor():
    assert vorschlaege("hallo")[0].id == "sabai.ass-joker"


def test_unbekannte_woerter_aendern_die_rangfolge_nicht():
    """Ein unbekannter Name („Xaver“) steht in keinem Abschnitt: gleiche Rangfolge, aber ein
    niedrigerer Score – eine Frage voller fremder Wörter („Taxi rufen“) soll sich enthalten."""
    ohne = suche("davonlaufen")
    mit = suche("Mei, darf der Xaver davonlaufen?")
    assert [t.abschnitt.id for t in mit][:2] == [t.abschnitt.id for t in ohne][:2]
    assert mit[0].abschnitt.id == "schafkopf.davonlaufen"
    assert ohne[0].score > mit[0].score > 35


def test_namen_vom_tisch_sind_fuellwoerter():
    """Sepp, Anna, Max … (data/stoppwoerter.txt) ändern nichts – auch nicht über
    Beispielfragen, in denen derselbe Name vorkommt. Verglichen mit derselben Frage ohne
    Namen („darf“ zählt für die Profile: es fragt nach einer Regel)."""
    ohne = suche("darf davonlaufen")
    for frage in ("Mei, darf der Sepp davonlaufen?", "darf die Anna davonlaufen"):
        assert [(t.abschnitt.id, t.score) for t in suche(frage)] == [
            (t.abschnitt.id, t.score) for t in ohne
        ]


@pytest.mark.parametrize(
    ("wort", "erwartet"),
    [
        ("angeschaut", "anschau"),
        ("anschauen", "anschau"),
        ("gelegt", "leg"),
        ("legen", "leg"),
        ("abzulegen", "ableg"),
        ("gesucht", "such"),
        ("suchen", "such"),
        ("verteilung", "verteil"),
        ("geben", "geb"),
        ("zugstapel", "zugstapel"),
        ("spieler", "spieler"),
        ("14", "14"),
        ("ass", "ass"),
    ],
)
def test_stamm(wort, erwartet):
    assert stamm(wort) == erwartet


def test_trennbares_verb_wird_zusammengesetzt():
    liste, _ = index()._suchwoerter("Wer kommt raus nach dem Stich?")
    assert [s.wort for s in liste] == ["wer", "rauskommt", "stich"]  # „wer“ als Fragewort
    liste, _ = index()._suchwoerter("bei wem leg ich zuerst ab")
    assert [s.wort for s in liste] == ["wem", "ableg", "zuerst"]
    # „mitkommt“ gibt es im Korpus nicht: „kommt“ bleibt, „mit“ ist Füllwort
    liste, _ = index()._suchwoerter("wer kommt mit")
    assert [s.wort for s in liste] == ["wer", "kommt"]


def test_praeposition_vor_pronomen_ist_keine_vorsilbe():
    """„zahlt … an wen“: „an“ ist Präposition. Früher wurde daraus „anzahlt“ (Stamm wie
    „Anzahl“), und die Frage landete bei SAUFN-Kartenzahlen oder bei „Nichts Passendes“."""
    woerter = [s.wort for s in index()._suchwoerter("beim sauspiel zahlt wer an wen")[0]]
    assert "zahlt" in woerter and "anzahlt" not in woerter
    a = index().antwort("beim sauspiel zahlt wer an wen")
    assert a.treffer[0].abschnitt.id == "schafkopf.laufende"
    woerter = [s.wort for s in index()._suchwoerter("wer kommt an die Reihe")[0]]
    assert "ankommt" not in woerter


def test_spielname_als_ortsangabe_zaehlt_wenig():
    gewichte = {
        s.wort: s.gewicht for s in index()._suchwoerter("wieviel zahlt man beim Sauspiel")[0]
    }
    assert gewichte["sauspiel"] == GEWICHT_SPIELNAME
    gewichte = {s.wort: s.gewicht for s in index()._suchwoerter("Sauspiel und Rufspiel gleich?")[0]}
    assert gewichte["sauspiel"] == gewichte["rufspiel"] == 1.0


def test_kompositumteile_zaehlen_halb():
    gewichte = {s.wort: s.gewicht for s in index()._suchwoerter("Gras-Sau gesucht")[0]}
    assert gewichte == {"gras": GEWICHT_TEIL, "sau": GEWICHT_TEIL, "grassau": 1.0, "gesucht": 1.0}


def test_synonyme_ohne_tippfehlervergleich():
    """„bekommt“ hat das Synonym „kriegen“; das darf nicht unscharf „Regeln“ treffen."""
    ix = Suchindex([Abschnitt("sabai.r", "sabai", "Regeln", "Die Regeln gelten.", ())])
    assert ix.suche("bekommt") == []
    assert [t.abschnitt.id for t in ix.suche("Regln")] == ["sabai.r"]  # Tippfehler im Suchwort


def test_gekuerzt():
    assert gekuerzt("kurz") == "kurz"
    assert gekuerzt("a\n b") == "a b"
    assert gekuerzt("x" * 100) == "x" * 60 + "…"


def test_spielfilter():
    treffer = suche("Karte ablegen", spiel="schlafmuetze", anzahl=10)
    assert treffer and all(t.abschnitt.spiel == "schlafmuetze" for t in treffer)
    assert suche("Davonlaufen", spiel="sabai") == []


def test_spielname_in_frage_bevorzugt_das_spiel():
    assert suche("wer beginnt bei schlafmuetze")[0].abschnitt.id == "schlafmuetze.spielablauf"
    assert suche("wer faengt an bei saufn")[0].abschnitt.id == "saufn.vorbereitung"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "davonlaufen",
                "sau",
                "joker",
                "schluck",
                "karte",
                "mitte",
                "pizza",
                "wer",
                "darf",
                "ass",
                "kontra",
                "ablegen",
                "freeze",
                "herz",
                "zaehlen",
                "x",
                "12",
                "laufende",
            ]
        ),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from([None, *SPIELE]),
    st.integers(min_value=1, max_value=8),
)
def test_suche_invarianten(woerterliste, spiel, anzahl):
    frage = " ".join(woerterliste)
    try:
        treffer = suche(frage, spiel=spiel, anzahl=anzahl)
    except Eingabefehler:
        assert all(w in {"wer", "darf"} for w in woerterliste)
        return
    assert len(treffer) <= anzahl
    scores = [t.score for t in treffer]
    assert scores == sorted(scores, reverse=True)
    assert all(0 < s <= 100 for s in scores)
    assert len({t.abschnitt.id for t in treffer}) == len(treffer)
    if spiel:
        assert all(t.abschnitt.spiel == spiel for t in treffer)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_beliebiger_text_sucht_oder_meldet_eingabefehler(text):
    """Kein Absturz bei beliebiger Eingabe: Trefferliste (absteigend) oder Eingabefehler."""
    try:
        treffer = suche(text, anzahl=5)
    except Eingabefehler as fehler:
        assert fehler.meldung.endswith((".", '"'))
        return
    scores = [t.score for t in treffer]
    assert scores == sorted(scores, reverse=True) and all(0 < s <= 100 for s in scores)


def test_json_vertrag_in_prozess():
    treffer = suche("Davonlaufen", anzahl=2)
    daten = als_json("Davonlaufen", treffer)
    assert list(daten) == ["frage", "treffer", "konventionen", "regeltext_schweigt"]
    assert daten["konventionen"] == [] and daten["regeltext_schweigt"] is False
    erster = daten["treffer"][0]
    assert list(erster) == ["spiel", "abschnitt", "titel", "text", "score"]
    assert erster["abschnitt"] == "schafkopf.davonlaufen"
    assert erster["text"] == abschnitt("schafkopf.davonlaufen").text


def test_eigener_index_und_schwelle():
    a = Abschnitt("sabai.test", "sabai", "Testregel", "Der Joker zählt −4.", ("minus",))
    b = Abschnitt("sabai.anders", "sabai", "Anderes", "Nichts zu sehen.", ())
    ix = Suchindex([a, b])
    assert [t.abschnitt.id for t in ix.suche("jocker minus")] == ["sabai.test"]
    assert ix.suche("Pizza") == []
    assert MINDEST_SCORE > 0


# ---------------------------------------------------------------- Markierung und Ausgabe


def test_markierungen_findet_originalwoerter():
    text = "Die Ruf-Sau zählt. Schlücke für alle, auch Herz-Ober."
    teile = [text[a:b] for a, b in markierungen(text, {"zaehlt", "schluecke", "ober", "rufsau"})]
    assert teile == ["Ruf-Sau", "zählt", "Schlücke", "Ober"]


def test_treffer_woerter_markieren_den_text():
    t = suche("davonlaufn")[0]
    teile = {t.abschnitt.text[a:b] for a, b in markierungen(t.abschnitt.text, t.woerter)}
    assert "Davonlaufen" in teile


def test_panel_deutet_kein_markup():
    from rich.console import Console

    from referee.cli.frage import _panel

    a = Abschnitt(
        "sabai.x", "sabai", "Titel [bold]x", "Ende [/b] und [bold]Ass[/bold] [e-mail]", ()
    )
    puffer = io.StringIO()
    Console(file=puffer, width=80, color_system=None).print(_panel(a, 50.0, frozenset({"ass"})))
    ausgabe = puffer.getvalue()
    assert "Ende [/b] und [bold]Ass[/bold] [e-mail]" in ausgabe
    assert "Titel [bold]x" in ausgabe
    assert "sabai.x · Score 50.0" in ausgabe


def test_panel_markiert_woerter():
    from rich.console import Console

    from referee.cli.frage import _panel

    puffer = io.StringIO()
    t = suche("Bedinpflicht")[0]
    Console(file=puffer, width=80, force_terminal=True, color_system="standard").print(
        _panel(t.abschnitt, t.score, t.woerter)
    )
    assert "\x1b[1;7mBedienpflicht\x1b[0m" in puffer.getvalue()


def test_import_suche_laedt_kein_rapidfuzz():
    code = "import sys, referee.suche, referee.regeltexte; print('rapidfuzz' in sys.modules)"
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    assert r.stdout.strip() == "False"


def test_plus_karten_und_zahlen_in_mundart():
    """SAUFN-Karten „+2“/„+4“ bleiben eigene Wörter (nicht bloß „2“); „zehn-zwanzig-fuffzig“
    ist der Tarif 10-20-50."""
    assert woerter("noch ne +2") == ["noch", "ne", "plus2"]
    assert woerter("+ 4 Karte") == ["plus4", "karte"]
    assert zahl("fuffzig") == zahl("fuchzg") == "50" and zahl("zwanzg") == "20"
    assert woerter("zehn-zwanzig-fuffzig") == woerter("10-20-50")
    treffer = suche("darf ich auf eine +4 noch eine +2 legen")
    assert treffer[0].abschnitt.id == "saufn.weisse-karten"
    a = antwort("zehn-zwanzig-fuffzig, welche zahl ist für was")
    assert a.regeltext_schweigt and a.konventionen[0].konvention.id == "konvention.tarif"
