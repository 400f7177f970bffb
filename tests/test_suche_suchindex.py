"""``referee.suche.suchindex``: Felder, Wortpaare, Vokabular (gleich, Stamm, Tippfehler,
Teilwort), Zerlegen unbekannter Komposita, Zustand für den Cache."""

from __future__ import annotations

import math

import pytest

from referee.regeltexte import Abschnitt
from referee.suche import Suchindex, index, konstanten
from referee.suche.wortindex import art


@pytest.fixture(scope="module")
def klein() -> Suchindex:
    """Drei Abschnitte, ein Titel mit Kompositum, eine Konvention mit Preis."""
    return Suchindex(
        [
            Abschnitt(
                "schafkopf.a",
                "schafkopf",
                "Schlückeverteilung",
                "Die Ruf-Sau wird gesucht, die Karten liegen.",
                ("farbe",),
            ),
            Abschnitt(
                "schafkopf.b",
                "schafkopf",
                "Anschauen",
                "Karten anschauen ist erlaubt, die Verteilung auch.",
                (),
            ),
            Abschnitt(
                "konvention.x", "schafkopf", "Preis", "Ein Spiel kostet 20 Cent.", ("grundpreis",)
            ),
        ]
    )


def test_art_nach_id():
    assert art(Abschnitt("konvention.tarif", "schafkopf", "T", "")) == "konvention"
    assert art(Abschnitt("schafkopf.stoss", "schafkopf", "S", "")) == "regel"


def test_felder_und_kunstwoerter(klein):
    nummern, gewichte = klein.posting["schlueckeverteilung"]
    assert nummern == (0,) and gewichte == (konstanten.GEWICHT_TITEL,)
    # Text einer Regel 0,55, Text einer Konvention nur 0,2
    assert klein.posting["gesucht"] == ((0,), (konstanten.GEWICHT_TEXT,))
    assert klein.posting["cent"] == ((2,), (konstanten.GEWICHT_TEXT_KONVENTION,))
    # eine Zahl trägt #zahl, ein Geldwort in einer Konvention #geld
    assert 2 in klein.posting["#zahl"][0] and klein.posting["#geld"][0] == (2,)
    assert klein.posting["rufsau"][0] == (0,)  # Ruf-Sau auch zusammengezogen


def test_wortpaare_im_selben_feld(klein):
    assert klein.paar("karten", "anschauen") == [1]
    assert klein.paar("anschauen", "karten") == []  # Reihenfolge wie im Text
    assert klein.paar("karten", "gibtsnicht") == []


def test_idf_seltener_ist_hoeher(klein):
    assert math.isclose(klein.idf("gesucht"), math.log(1 + 3 / 1))
    assert math.isclose(klein.idf("karten"), math.log(1 + 3 / 2))  # in zwei Abschnitten


def test_aehnliche_woerter(klein):
    # gleich
    assert klein.aehnliche("gesucht")["gesucht"] == 100.0
    # gleicher Stamm: angeschaut ~ anschauen
    assert klein.aehnliche("angeschaut")["anschauen"] == konstanten.AEHNLICH_STAMM
    # Teil eines echten Kompositums: schluecke|verteilung
    assert klein.aehnliche("schluecke")["schlueckeverteilung"] == 90.0
    # kurze Wörter nur genau
    assert "karten" not in klein.aehnliche("kar")


def test_ist_wortanfang(klein):
    assert klein.ist_wortanfang("schluecke") and klein.ist_wortanfang("gesucht")
    assert not klein.ist_wortanfang("teilung")  # steckt nur mitten in „verteilung“


def test_unbekanntes_kompositum_wird_zerlegt():
    ix = index()
    assert ix.zerteile("trumpfkoenige") == ["trumpf", "koenig"]
    assert ix.zerteile("trumpfkarten") is None  # „Trumpfkarte“ steht in Beispielfragen
    assert ix.zerteile("hochzeit") is None  # „zeit“ ist zu kurz für einen letzten Teil
    assert ix.zerteile("davonlaufen") is None  # bekannt: bleibt ganz


def test_ueberlange_woerter_werden_nicht_zerlegt():
    """Über 40 Buchstaben ist kein Kompositum (die Zerlegung wüchse kubisch: 2.000 „ä“ in
    einer tisch-Zeile kosteten 2,9 s); bis 40 wird zerlegt wie sonst."""
    ix = index()
    assert ix.zerteile("gegenspieler" + "trumpfkoenige") == ["gegenspieler", "trumpf", "koenig"]
    assert ix.zerteile("gegenspieler" * 3 + "koenige") is None  # 43 Buchstaben
    assert ix.zerteile("ä" * 1999) is None


def test_zwischengespeicherter_index_antwortet_gleich():
    import marshal

    ix = index()
    kopie = Suchindex.aus_zustand(ix.abschnitte, marshal.loads(marshal.dumps(ix.zustand())))
    for frage in ("Davonlaufen", "wer muss am ende die zeche zahlen", "was kostet ein wenz"):
        assert kopie.antwort(frage) == ix.antwort(frage)


def test_postings_als_text_und_zurueck():
    from referee.suche.wortindex import Postings

    felder = {"sau": ((0, 3, 17), (1.0, 0.55, 1.0)), "ober": ((2,), (1.0,))}
    p = Postings.aus_feldern(felder)
    assert p.text() == {"sau": "0 3:0.55 17", "ober": "2"}
    assert p["sau"] == felder["sau"] and p["ober"] == felder["ober"]
    assert "sau" in p and "unter" not in p and sorted(p) == ["ober", "sau"] and len(p) == 2
    assert not p.einheitlich()
    assert Postings.aus_feldern({"ober": ((2, 5), (1.0, 1.0))}).einheitlich()


def test_aehnliche_woerter_werden_gemerkt(klein):
    erste = klein.aehnliche("gesucht")
    assert klein.aehnliche("gesucht") is erste
