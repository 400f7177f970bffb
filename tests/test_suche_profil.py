"""``referee.suche.profil``: Merkmale einer Frage, gelernte Profile je Abschnitt und die Art
der Frage (Regel oder Konvention)."""

from __future__ import annotations

import doctest
import math

from referee.suche import index, profil
from referee.suche.profil import Profile, profil_merkmale, tfidf_vektor


def test_doctests():
    ergebnis = doctest.testmod(profil)
    assert ergebnis.failed == 0 and ergebnis.attempted >= 1


def test_merkmale_behalten_modalverben_und_fragewoerter():
    """„darf“ ist in der Suche ein Füllwort, trägt fürs Profil aber die Art der Frage; „ich“
    fällt weg. Buchstaben-Vierer nur von Inhaltswörtern."""
    merkmale = profil_merkmale("darf ich davonlaufen")
    assert "w:darf" in merkmale and "w:ich" not in merkmale
    assert "p:darf davonlauf" in merkmale
    assert "v:<dav" in merkmale and not any(m.startswith("v:<dar") for m in merkmale)


def test_tfidf_vektor_ist_normiert_und_laesst_unbekanntes_weg():
    v = tfidf_vektor({"a": 1.0, "b": 2.0, "c": 1.0}, {"a": 1.0, "b": 0.5})
    assert set(v) == {"a", "b"}
    assert math.isclose(sum(x * x for x in v.values()), 1.0)


def test_profil_setzt_jede_beispielfrage_vor_die_anderen_abschnitte():
    # drei Abschnitte mit gemeinsamen Wörtern („sau“, „wer“, „darf“): gelernt wird, was sie
    # unterscheidet
    fragen = [
        ("welche sau darf ich rufen", 0),
        ("darf ich die herz sau rufen", 0),
        ("wer hat die gerufene sau", 1),
        ("wer spielt mit der sau zusammen", 1),
        ("wann darf ich davonlaufen", 2),
        ("darf ich mit der sau davonlaufen", 2),
    ]
    profile = Profile.lernen(fragen)
    for frage, ziel in fragen:
        aehnlich = profile.aehnlichkeit(frage)
        assert max(aehnlich, key=aehnlich.__getitem__) == ziel, frage
    # eine neue Frage mit dem unterscheidenden Wort
    aehnlich = profile.aehnlichkeit("davonlaufen mit der gerufenen farbe")
    assert max(aehnlich, key=aehnlich.__getitem__) == 2
    assert profile.aehnlichkeit("pizza bestellen") == {}


def test_profil_als_text_gilt_nur_fuer_dieselben_beispiele():
    fragen = [("wer gibt", 0), ("wer mischt", 0), ("wann darf ich davonlaufen", 1)]
    gelernt = Profile.lernen(fragen)
    text = gelernt.als_text()
    kopie = Profile.aus_text(text)
    assert kopie is not None and kopie.pruefsumme == gelernt.pruefsumme
    assert kopie.aehnlichkeit("wer gibt aus") == gelernt.aehnlichkeit("wer gibt aus")
    # dieselben Beispiele: das fertige Profil gilt (ohne neu zu lernen: gleiche Fächer)
    assert Profile.lernen(fragen, text).zustand() == kopie.zustand()
    # eine Beispielfrage mehr: neu gelernt, andere Prüfsumme
    anders = Profile.lernen([*fragen, ("wer teilt aus", 0)], text)
    assert anders.pruefsumme != gelernt.pruefsumme
    assert Profile.aus_text("kein profil") is None
    assert Profile.aus_text("# pruefsumme abc\nzeile ohne tab\n") is None


def test_art_der_frage_trennt_regel_und_konvention():
    # Abschnitte 0 und 1 sind Regeln, 2 und 3 Konventionen
    fragen = [
        ("darf ich mit der sau davonlaufen", 0),
        ("wann darf ich davonlaufen", 0),
        ("muss ich die ruffarbe zugeben", 1),
        ("darf ich schmieren wenn ich frei bin", 1),
        ("was kostet ein wenz", 2),
        ("wie viel kostet ein solo", 2),
        ("wie viel zahlt man fuer schneider", 3),
        ("was kostet schwarz extra", 3),
    ]
    profile = Profile.lernen(fragen, konventionen=[2, 3])
    assert profile.bewerten("was kostet ein geier")[1] > 0
    assert profile.bewerten("darf ich die farbe schmieren")[1] < 0
    # ohne Konventionen keine Art; gespeichert und gelesen: dieselbe Art
    assert Profile.lernen(fragen).bewerten("was kostet ein geier")[1] == 0.0
    kopie = Profile.aus_text(profile.als_text())
    assert kopie is not None
    assert kopie.bewerten("was kostet ein geier") == profile.bewerten("was kostet ein geier")
    # andere Arten, andere Prüfsumme (das mitgelieferte Profil gilt dann nicht)
    assert Profile.lernen(fragen, konventionen=[3]).pruefsumme != profile.pruefsumme


def test_mitgeliefertes_beispielprofil_ist_aktuell():
    """data/beispielprofil.txt ist aus genau diesen Beispielfragen gelernt; sonst:
    ``python -m referee.beispielprofil``."""
    from referee.suche import beispielfragen, beispielprofil
    from referee.suche.profil import profil_fragen

    ix = index()
    mitgeliefert = Profile.aus_text(beispielprofil() or "")
    assert mitgeliefert is not None
    konventionen = [i for i, a in enumerate(ix.abschnitte) if a.id.startswith("konvention.")]
    _, pruefsumme = Profile._dokumente(profil_fragen(ix.abschnitte, beispielfragen()), konventionen)
    assert mitgeliefert.pruefsumme == pruefsumme, "python -m referee.beispielprofil ausführen"
    assert ix.profile is not None and ix.profile.pruefsumme == pruefsumme
