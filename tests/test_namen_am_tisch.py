"""Namen am Tisch (issue 35, Punkt 1): zwei Sepps an einem Tisch, ``#12``, Nachnamen, Namen in
Anführungszeichen, Rückfragen statt Raten, gefaltete Buchstaben (Łukasz, Jörg).

Das Turnier: acht Spieler, Startwert 1, Startnummer = Platz der Anmeldung. Tisch 1 der
Runde 1 sitzt (Sitzordnung) Cem #4, Sepp Maier #7, Sepp Huber #2, Anna #1. Punkte nach
solo-6-2: Rufspiel ±1 je Spieler, Solo 2 je Gegenspieler, der Solospieler das Dreifache.
"""

from __future__ import annotations

import pytest
from conftest import ok

from referee.buch import Buch
from referee.buch.turnier import Turnierbuch
from referee.eingabe.kurz import Mitspieler, lies, spieler_aufloesen
from referee.errors import Eingabefehler, Mehrdeutig
from referee.namen import anzeigenamen, namen_am_abend, namen_zum_wort, pruefe_name
from referee.text import falte_buchstaben

ANMELDUNG = ["Anna", "Sepp Huber", "Ben", "Cem", "Dora", "Emil", "Sepp Maier", "Franz"]
#: Tisch 1 in Sitzordnung mit Startnummern.
TISCH_1 = [("Cem", 4), ("Sepp Maier", 7), ("Sepp Huber", 2), ("Anna", 1)]
AM_TISCH_1 = Mitspieler([n for n, _ in TISCH_1], "an Tisch 1", [nr for _, nr in TISCH_1])
SEPP_FRAGE = "„sepp“: Sepp Maier (#7, „maier“) oder Sepp Huber (#2, „huber“)?"


def _turnier(pfad) -> None:
    with Turnierbuch(pfad) as tb:
        tb.neu("Zwei Sepps", runden=1, spiele=4, wertung="solo-6-2", seed=1)
        tb.anmelden(ANMELDUNG)
        plan = tb.auslosung()
    assert [(s.name, s.startnummer) for s in plan.tische[0].sitze] == TISCH_1


def _gespielt(pfad) -> list[tuple[str | None, str | None, dict[int, int]]]:
    """Die geltenden Spiele an Tisch 1: (Spieler, Partner, Punkte je Startnummer)."""
    with Turnierbuch(pfad) as tb:
        return [
            (e.ergebnis.ergebnis.spieler, e.ergebnis.ergebnis.partner, dict(e.ergebnis.punkte))
            for e in tb.tischspiele(1, 1)
        ]


# --------------------------------------------------------------------------- Faltung


def test_buchstaben_falten():
    assert falte_buchstaben("Łukasz") == "lukasz"
    assert falte_buchstaben("Jörg") == "joerg"
    assert falte_buchstaben("Jörg", umlaut_e=False) == "jorg"
    assert falte_buchstaben("Søren Đorđević") == "soren dordevic"
    assert falte_buchstaben("Straßer") == "strasser"
    assert falte_buchstaben("Zoë Čapek") == "zoe capek"


def test_lu_findet_lukasz_und_jorg_joerg_findet_joerg():
    namen = ["Łukasz", "Jörg", "Jonas", "Søren", "Sepp Straßer"]
    assert namen_zum_wort("lu", namen) == ["Łukasz"]
    assert namen_zum_wort("lukasz", namen) == ["Łukasz"]
    assert namen_zum_wort("jorg", namen) == ["Jörg"]
    assert namen_zum_wort("joerg", namen) == ["Jörg"]
    assert namen_zum_wort("JÖ", namen) == ["Jörg"]
    assert namen_zum_wort("jo", namen) == ["Jörg", "Jonas"]  # beide: wird gefragt
    assert namen_zum_wort("soren", namen) == ["Søren"]
    assert namen_zum_wort("strass", namen) == ["Sepp Straßer"]
    # in einer Zeile am Abend und beim Eintragen am Rechner
    s = lies("r lu jorg 71", ["Łukasz", "Jörg", "Anna", "Ben"])
    assert s.partei == ("Łukasz", "Jörg") and s.augen == 71
    assert namen_am_abend(["Łukasz", "Jörg", "Anna"], ["lu", "joerg"]) == ["Łukasz", "Jörg"]
    with pytest.raises(Mehrdeutig) as e:
        spieler_aufloesen("jo", ["Jörg", "Jonas", "Anna"])
    assert e.value.meldung == "„jo“: Jörg oder Jonas?"


# --------------------------------------------------------------------------- Zeilen am Tisch


def test_zeilen_am_turniertisch_mit_startnummer_nachname_und_anfuehrungszeichen():
    s = lies("r #2 an 71", AM_TISCH_1)
    assert s.partei == ("Sepp Huber", "Anna") and s.augen == 71
    assert lies("r huber maier 61", AM_TISCH_1).partei == ("Sepp Huber", "Sepp Maier")
    assert lies("r #7 hu 61", AM_TISCH_1).partei == ("Sepp Maier", "Sepp Huber")
    assert lies('r "sepp maier" cem 61', AM_TISCH_1).partei == ("Sepp Maier", "Cem")
    assert lies("r „Sepp Huber“ cem 61", AM_TISCH_1).partei == ("Sepp Huber", "Cem")
    assert lies('r an+"sepp huber" 71', AM_TISCH_1).partei == ("Anna", "Sepp Huber")
    assert lies("hs sepp.m 61", AM_TISCH_1).partei == ("Sepp Maier",)
    assert lies("w s.hu 61 k1", AM_TISCH_1).partei == ("Sepp Huber",)


def test_mehrdeutiges_wird_gefragt_nie_geraten():
    with pytest.raises(Mehrdeutig) as e:
        lies("r sepp an 71", AM_TISCH_1)
    assert e.value.meldung == SEPP_FRAGE
    # am Abend ohne Startnummern
    abend = ["Sepp Huber", "Anna", "Sepp Maier", "Ben"]
    with pytest.raises(Mehrdeutig) as e:
        lies("r sepp an 71", abend)
    assert e.value.meldung == "„sepp“: Sepp Huber („huber“) oder Sepp Maier („maier“)?"
    with pytest.raises(Mehrdeutig) as e:
        lies("r an s 71", abend)
    assert e.value.meldung == "„s“: Sepp Huber („huber“) oder Sepp Maier („maier“)?"


def test_startnummern_gibt_es_nur_am_turniertisch():
    with pytest.raises(Eingabefehler) as e:
        lies("r #3 an 71", AM_TISCH_1)
    assert e.value.meldung == (
        "„#3“: Startnummer 3 sitzt nicht an Tisch 1. "
        "Dort sitzen: Cem (#4), Sepp Maier (#7), Sepp Huber (#2), Anna (#1)."
    )
    with pytest.raises(Eingabefehler) as e:
        lies("r #2 an 71", ["Sepp Huber", "Anna", "Sepp Maier", "Ben"])
    assert e.value.meldung.startswith(
        "„#2“: Startnummern gibt es nur am Turniertisch; an diesem Abend nennt man Spieler"
    )
    # ein Name darf nicht mit # beginnen (sonst hieße „#2“ zweierlei)
    with pytest.raises(Eingabefehler, match="beginnt mit „#“"):
        pruefe_name("#2")


def test_tisch_sitzung_am_turniertisch_mit_zwei_sepps(db_pfad):
    from referee.tisch.sitzung import Tisch
    from referee.tisch.turnier import TurnierSitzungsbuch

    _turnier(db_pfad)
    buch = TurnierSitzungsbuch(str(db_pfad), tisch=1)
    t = Tisch(buch, lambda _text: None)
    try:
        a = t.verarbeite("r sepp an 61")
        assert not a.ok and SEPP_FRAGE in a.meldung
        a = t.verarbeite("r #3 an 61")
        assert not a.ok and "Startnummer 3 sitzt nicht an Tisch 1" in a.meldung
        assert t.verarbeite("r #2 maier 61").ok
        assert t.verarbeite('hs "sepp huber" 61').ok
    finally:
        t.schliessen()
        buch.schliessen()
    # Rufspiel Huber+Maier: ±1; Herz-Solo Huber: +6, die anderen -2
    assert _gespielt(db_pfad) == [
        ("Sepp Huber", "Sepp Maier", {4: -1, 7: 1, 2: 1, 1: -1}),
        ("Sepp Huber", None, {4: -2, 7: -2, 2: 6, 1: -2}),
    ]


# --------------------------------------------------------------------------- Kommandozeile


def test_turnier_spiel_und_ergebnis_mit_startnummer_und_nachname(cli, db_pfad):
    _turnier(db_pfad)
    r = ok(cli("turnier", "spiel", "-r", "1", "-t", "1", "rufspiel", "sepp+an", "--augen", "71"), 2)
    assert SEPP_FRAGE in r.stderr
    assert _gespielt(db_pfad) == []
    ok(cli("turnier", "spiel", "-r", "1", "-t", "1", "rufspiel", "#7+an", "--augen", "71"))
    ok(cli("turnier", "spiel", "-r", "1", "-t", "1", "wenz", "huber", "--augen", "61"))
    assert _gespielt(db_pfad) == [
        ("Sepp Maier", "Anna", {4: -1, 7: 1, 2: -1, 1: 1}),
        ("Sepp Huber", None, {4: -2, 7: -2, 2: 6, 1: -2}),
    ]
    # Tisch 2 vom Papier: Dora #5, Emil #6, Franz #8, Ben #3 – mit Startnummer und Anfang
    ok(cli("turnier", "ergebnis", "-r", "1", "-t", "2", "#5=+6", "em=-2", "fr=-2", "Ben=-2"))
    with Turnierbuch(db_pfad) as tb:
        blatt = [e for e in tb.store.turnier_eintraege(1, runde=1, tisch=2) if e.art == "blatt"]
    assert dict(blatt[0].ergebnis.punkte) == {5: 6, 6: -2, 8: -2, 3: -2}
    # am Tisch 1 fragt auch das Blatt zurück
    r = ok(cli("turnier", "ergebnis", "-r", "1", "-t", "1", "sepp=1", "cem=-1", "an=0", "#7=0"), 2)
    assert SEPP_FRAGE in r.stderr and "Nichts eingetragen." in r.stderr


def test_abend_eintragen_mit_nachname_und_rueckfrage(cli, db_pfad):
    ok(cli("abend", "neu", "--spieler", "Sepp Huber", "Anna", "Sepp Maier", "Ben"))
    r = ok(cli("schafkopf", "eintragen", "rufspiel", "sepp+an", "--augen", "71"), 2)
    assert r.stderr.strip().endswith(
        "„sepp“: Sepp Huber („huber“) oder Sepp Maier („maier“)? Nichts eingetragen."
    )
    r = ok(cli("schafkopf", "eintragen", "rufspiel", "#2+an", "--augen", "71"), 2)
    assert "„#2“: Startnummern gibt es nur im Turnier" in r.stderr
    ok(cli("schafkopf", "eintragen", "rufspiel", "maier+an", "--augen", "71"))
    ok(cli("schafkopf", "eintragen", "wenz", "sepp.h", "--augen", "61"))
    with Buch(db_pfad) as b:
        e1, e2 = b.eintrag(1).ergebnis, b.eintrag(2).ergebnis
    assert (e1.spieler, e1.partner, e2.spieler) == ("Sepp Maier", "Anna", "Sepp Huber")


# --------------------------------------------------------------------------- Handy


def test_anzeigenamen_zweier_sepps():
    assert anzeigenamen(["Sepp Huber", "Anna", "Sepp Maier"]) == {
        "Sepp Huber": "Sepp H.",
        "Anna": "Anna",
        "Sepp Maier": "Sepp M.",
    }
    assert anzeigenamen(["Sepp Huber", "Sepp Hofer"]) == {
        "Sepp Huber": "Sepp Hu.",
        "Sepp Hofer": "Sepp Ho.",
    }


def test_handy_am_abend_zeigt_und_schreibt_beide_sepps(db_pfad):
    from test_schreiben_api import anfrage
    from test_turnier_live import ereignis

    from referee.live import starte_im_thread

    with Buch(db_pfad) as b:
        b.abend_neu(["Sepp Huber", "Anna", "Sepp Maier", "Ben"])
    s = starte_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        d = ereignis(s, s.schreib_token)
        assert d["daten"]["spieler"] == [
            {"name": "Sepp Huber", "anzeige": "Sepp H.", "kuerzel": "hu"},
            {"name": "Anna", "anzeige": "Anna", "kuerzel": "an"},
            {"name": "Sepp Maier", "anzeige": "Sepp M.", "kuerzel": "ma"},
            {"name": "Ben", "anzeige": "Ben", "kuerzel": "be"},
        ]
        status, _, antwort = anfrage(
            s, "api/eintrag", {"zeile": "r sepp an 71", "schluessel": "sepp-0001"}
        )
        assert status == 422 and "„huber“" in str(antwort)
        status, _, _ = anfrage(s, "api/eintrag", {"zeile": "r ma an 71", "schluessel": "sepp-0002"})
        assert status == 200
    finally:
        s.stoppe()
    with Buch(db_pfad) as b:
        e = b.eintrag(1).ergebnis
    assert (e.spieler, e.partner) == ("Sepp Maier", "Anna")


def test_handy_am_turniertisch_zeigt_beide_sepps(db_pfad):
    from test_turnier_live import anfrage, ereignis, token

    from referee.live import starte_turnier_im_thread

    _turnier(db_pfad)
    s = starte_turnier_im_thread(db_pfad, host="127.0.0.1", port=0, schreiben=True)
    try:
        d = ereignis(s, token(s, 1))
        assert [
            (p["name"], p["anzeige"], p["kuerzel"], p["hinweis"]) for p in d["daten"]["spieler"]
        ] == [
            ("Cem", "Cem", "ce", "Nr. 4"),
            ("Sepp Maier", "Sepp M. · 7", "ma", ""),
            ("Sepp Huber", "Sepp H. · 2", "hu", ""),
            ("Anna", "Anna", "an", "Nr. 1"),
        ]
        status, antwort = anfrage(
            s, 1, "api/eintrag", {"zeile": "r #2 ma 61", "schluessel": "sepp-0001"}
        )
        assert status == 200, antwort
    finally:
        s.stoppe()
    assert _gespielt(db_pfad) == [("Sepp Huber", "Sepp Maier", {4: -1, 7: 1, 2: 1, 1: -1})]


def test_vervollstaendigung_setzt_ein_eindeutiges_wort_ein(tmp_path):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from referee.tisch.dienst import Sitzungsbuch
    from referee.tisch.sitzung import Tisch
    from referee.tisch.vervollstaendigung import TischVervollstaendigung

    buch = Sitzungsbuch(str(tmp_path / "t.db"))
    buch.abend_sicherstellen(["Sepp Huber", "Łukasz", "Sepp Maier", "Jörg"])
    t = Tisch(buch, lambda _text: None)
    v = TischVervollstaendigung(t)

    def vorschlaege(zeile: str) -> list[tuple[str, str]]:
        return [
            (c.text, c.display_text) for c in v.get_completions(Document(zeile), CompleteEvent())
        ]

    try:
        # gezeigt der Name, eingesetzt ein Wort, das ihn eindeutig nennt
        assert vorschlaege("r se") == [("huber", "Sepp Huber"), ("maier", "Sepp Maier")]
        assert vorschlaege("r an+se") == [
            ("an+huber", "an+Sepp Huber"),
            ("an+maier", "an+Sepp Maier"),
        ]
        assert vorschlaege("r sepp.m") == [("maier", "Sepp Maier")]
        assert vorschlaege("r lu") == [("Łukasz", "Łukasz")]
        assert vorschlaege("r jo") == [("Jörg", "Jörg")]
    finally:
        t.schliessen()
        buch.schliessen()


@pytest.mark.parametrize("modul", ["referee.text", "referee.live.formular"])
def test_doctests(modul):
    import doctest
    import importlib

    ergebnis = doctest.testmod(importlib.import_module(modul))
    assert ergebnis.failed == 0 and ergebnis.attempted > 0


# --------------------------------------------------------------------------- Eigenschaften

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_WORT = st.text(alphabet="abeghlmnrsuäöüßłøé", min_size=1, max_size=7).map(str.capitalize)
_NAME = st.lists(_WORT, min_size=1, max_size=2).map(" ".join)


@settings(max_examples=40, deadline=None)
@given(st.lists(_NAME, min_size=2, max_size=6), st.booleans())
def test_jedes_kuerzel_nennt_genau_seinen_spieler(namen, turnier):
    """Was die Chips des Handys schreiben, liest die Zeile als genau diesen Spieler; und der
    ganze Name nennt immer nur sich selbst."""
    from referee.live.formular import kuerzel
    from referee.namen import namensschluessel

    namen = list({namensschluessel(n): pruefe_name(n) for n in namen}.values())
    nummern = list(range(3, 3 + len(namen))) if turnier else []
    spieler = Mitspieler(namen, "an Tisch 1", nummern) if turnier else namen
    for name, k in kuerzel(spieler).items():
        assert namen_zum_wort(name, namen) == [name]
        assert k is not None, name
        assert lies(f"w {k} 61", spieler).partei == (name,), (k, name)
        assert lies(f"ramsch {k}", spieler).partei == (name,), (k, name)
        assert lies(f"sm {k}", spieler).sieger == name, (k, name)
