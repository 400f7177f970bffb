"""``referee.suche.bewertung``: Text-Score, ähnlichste Beispielfrage, genanntes Spiel,
Profile – und die Invarianten der Rangliste."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler
from referee.regeltexte import SPIELE, Abschnitt
from referee.suche import Suchindex, index, suche
from referee.suche.bewertung import anzeige_genau
from referee.suche.konstanten import MINDEST_SCORE


def _zwei_abschnitte(beispiele=()):
    a = Abschnitt("sabai.ablegen", "sabai", "Ablegen", "Gleiche Karten dürfen abgelegt werden.")
    b = Abschnitt("sabai.ende", "sabai", "Ende", "Wer zuerst 100 Punkte hat, verliert.")
    return Suchindex([a, b], beispiele)


def _ohne_profile(ix: Suchindex) -> Suchindex:
    (ziele, unterzustand, _), *rest = ix.zustand()
    return Suchindex.aus_zustand(ix.abschnitte, ((ziele, unterzustand, None), *rest))


def test_beispiel_zu_unbekannter_id_wird_uebergangen():
    ix = _zwei_abschnitte([("wer muss die zeche blechen", "sabai.gibtsnicht")])
    assert ix.suche("wer muss die zeche blechen") == []


def test_unbekannte_woerter_aendern_die_rangfolge_nicht():
    """Ein unbekannter Name („Xaver“) steht in keinem Abschnitt: gleiche Rangfolge, aber ein
    niedrigerer Score – eine Frage voller fremder Wörter („Taxi rufen“) soll sich enthalten."""
    ohne = suche("davonlaufen")
    mit = suche("Mei, darf der Xaver davonlaufen?")
    assert [t.abschnitt.id for t in mit][:2] == [t.abschnitt.id for t in ohne][:2]
    assert mit[0].abschnitt.id == "schafkopf.davonlaufen"
    assert ohne[0].score > mit[0].score > 35


def test_synonyme_ohne_tippfehlervergleich():
    """„bekommt“ hat das Synonym „kriegen“; das darf nicht unscharf „Regeln“ treffen."""
    ix = Suchindex([Abschnitt("sabai.r", "sabai", "Regeln", "Die Regeln gelten.", ())])
    assert ix.suche("bekommt") == []
    assert [t.abschnitt.id for t in ix.suche("Regln")] == ["sabai.r"]  # Tippfehler im Suchwort


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


def test_eigener_index_und_schwelle():
    a = Abschnitt("sabai.test", "sabai", "Testregel", "Der Joker zählt −4.", ("minus",))
    b = Abschnitt("sabai.anders", "sabai", "Anderes", "Nichts zu sehen.", ())
    ix = Suchindex([a, b])
    assert [t.abschnitt.id for t in ix.suche("jocker minus")] == ["sabai.test"]
    assert ix.suche("Pizza") == []
    assert MINDEST_SCORE > 0


def test_beispielfrage_findet_abschnitt_ohne_gemeinsames_wort():
    # „Zeche“ und „blechen“ stehen in keinem Regeltext, nur in der Beispielfrage
    frage = "zeche blechen"
    assert _zwei_abschnitte().suche(frage) == []
    ix = _zwei_abschnitte([("wer muss die zeche blechen", "sabai.ende")])
    assert [t.abschnitt.id for t in ix.suche(frage)] == ["sabai.ende"]
    assert ix.suche("pizza bestellen") == []


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "wer",
                "darf",
                "wann",
                "muss",
                "was",
                "kostet",
                "ein",
                "wenz",
                "schneider",
                "sau",
                "rufen",
                "davonlaufen",
                "trumpf",
                "ober",
                "karte",
                "legen",
                "joker",
                "dreizehn",
                "schlucke",
                "verteilen",
                "mitte",
                "stapel",
                "beim",
                "sabai",
                "schafkopf",
                "saufn",
                "schlafmuetze",
                "tarif",
                "stoss",
                "spielen",
                "keiner",
            ]
        ),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from([None, "regel", "konvention"]),
)
def test_profile_ordnen_nur_um(woerterliste, art):
    """Die Profile ändern nur, welcher Abschnitt welchen Score bekommt – nie die Scores je
    Art: Schwelle und „Regeltext schweigt“ bleiben beim Text-Score."""
    frage = " ".join(woerterliste)
    ix = index()
    try:
        mit = ix.suche(frage, anzahl=500, art=art)
    except Eingabefehler:
        return
    ohne = _ohne_profile(ix).suche(frage, anzahl=500, art=art)
    for teil in ("regel", "konvention"):
        assert sorted(
            t.score
            for t in mit
            if t.abschnitt.id.startswith("konvention.") == (teil == "konvention")
        ) == sorted(
            t.score
            for t in ohne
            if t.abschnitt.id.startswith("konvention.") == (teil == "konvention")
        )
    # nur Abschnitte, in denen ein Suchwort erkannt ist (ohne Profil auch unter der Schwelle)
    kandidaten = _ohne_profile(ix).suche(frage, anzahl=500, mindest_score=0.0, art=art)
    assert {t.abschnitt.id for t in mit} <= {t.abschnitt.id for t in kandidaten}


def test_anzeige_score_streng_monoton_und_unter_100():
    werte = [anzeige_genau(r) for r in (0.0, 10.0, 35.0, 100.0, 300.0, 1000.0)]
    assert werte == sorted(werte) and len(set(werte)) == len(werte)
    assert werte[0] == 0.0 and all(w < 100.0 for w in werte)
    assert math.isclose(anzeige_genau(100.0), 100.0 * math.tanh(1.0))


def test_titelwort_schlaegt_textwort():
    """Dasselbe Wort im Titel zählt mehr als im Text (Feldgewichte)."""
    ix = Suchindex(
        [
            Abschnitt("sabai.a", "sabai", "Joker", "Eine Karte."),
            Abschnitt("sabai.b", "sabai", "Karten", "Der Joker zählt minus vier."),
        ]
    )
    assert [t.abschnitt.id for t in ix.suche("joker", anzahl=2)] == ["sabai.a", "sabai.b"]


def test_genanntes_spiel_geht_vor():
    ix = Suchindex(
        [
            Abschnitt("sabai.ende", "sabai", "Ende", "Wer zuerst verliert, zahlt."),
            Abschnitt("saufn.ende", "saufn", "Ende", "Wer zuerst verliert, trinkt."),
        ]
    )
    assert ix.suche("ende bei saufn")[0].abschnitt.id == "saufn.ende"
    assert ix.suche("ende bei sabai")[0].abschnitt.id == "sabai.ende"
