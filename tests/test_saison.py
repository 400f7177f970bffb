"""Saison (issue 36): eine Jahreswertung über Abende und Turniere – von Hand gerechnete Szenarien
(die Werte stehen hier, die Rechnung in den Kommentaren), Aliase, Zuordnung, Formate, live.

Das Szenario: drei Abende und zwei Turniere, „Sepp“ an den Abenden ist „Sepp Huber“ im Turnier.

Abend 1 (2027-01-04), Anna Ben Cem Dora:
  Rufspiel Anna+Ben gewinnt: Anna +20, Ben +20, Cem −20, Dora −20
  Solo Cem gewinnt:          Cem +150, Anna −50, Ben −50, Dora −50
  Saldo: Anna −30, Ben −30, Cem +130, Dora −70; je 2 Spiele; Cem 1 Solo gewonnen.
Abend 2 (2027-01-11), Anna Ben Cem Sepp:
  Rufspiel Sepp+Cem gewinnt: Sepp +20, Cem +20, Anna −20, Ben −20; je 1 Spiel.
Abend 3 (2027-02-01), Anna Ben Dora Sepp:
  Wenz Anna gewinnt:          Anna +150, Ben −50, Dora −50, Sepp −50
  Rufspiel Ben+Dora verliert: Ben −30, Dora −30, Anna +30, Sepp +30
  Saldo: Anna +180, Ben −80, Dora −80, Sepp −20; je 2 Spiele; Anna 1 Solo gewonnen.
Turnier 1, eine Runde zu 4 Spielen, ein Tisch: Anna +12 (1 Solo), Ben −5, Cem −4, Sepp Huber −3.
Turnier 2, eine Runde zu 4 Spielen, ein Tisch: Ben +8 (1 Solo), Cem +2, Dora −6, Sepp Huber −4.
"""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from fractions import Fraction

import pytest
from hilfen import eintragen, logischer_inhalt
from hypothesis import given
from hypothesis import strategies as st
from werkzeuge import werkzeug

from referee.buch import Buch
from referee.buch.saison import Saisonbuch
from referee.buch.turnier import Turnierbuch
from referee.errors import Eingabefehler, Mehrdeutig, Zustandsfehler
from referee.saison.rangliste import Ereignis, Teilnahme, platzpunkte, saisonrangliste
from referee.saison.wertung import Saisonwertung, wertung_laden


def _spiel(zahlungen, spielart, spieler, gewonnen, partner=None):
    daten = {"zahlungen": zahlungen, "spielart": spielart, "spieler": spieler}
    daten |= {"gewonnen": gewonnen, "partner": partner}
    return daten


def _abend(buch, spieler, datum, spiele):
    a = buch.abend_neu(spieler, datum=datum).abend
    for s in spiele:
        eintragen(buch.store, "schafkopf", s, abend_id=a.id)
    buch.abend_ende(a.id)
    return a.id


def _turnier(pfad, name, blatt, soli):
    with Turnierbuch(pfad) as tb:
        t = tb.neu(name, runden=1, spiele=4, seed=1).turnier
        tb.anmelden(list(blatt), turnier_id=t.id)
        tb.auslosung(t.id)
        tb.ergebnis(1, 1, blatt, soli=soli, turnier_id=t.id)
        return t.id


@pytest.fixture
def buchdatei(tmp_path):
    """Die Datei des Szenarios (siehe Modul), noch ohne Saison und ohne Alias."""
    pfad = tmp_path / "saison.db"
    with Buch(pfad) as b:
        _abend(
            b,
            ["Anna", "Ben", "Cem", "Dora"],
            "2027-01-04",
            [
                _spiel(
                    {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20},
                    "rufspiel",
                    "Anna",
                    True,
                    "Ben",
                ),
                _spiel({"Cem": 150, "Anna": -50, "Ben": -50, "Dora": -50}, "solo", "Cem", True),
            ],
        )
        _abend(
            b,
            ["Anna", "Ben", "Cem", "Sepp"],
            "2027-01-11",
            [
                _spiel(
                    {"Sepp": 20, "Cem": 20, "Anna": -20, "Ben": -20},
                    "rufspiel",
                    "Sepp",
                    True,
                    "Cem",
                )
            ],
        )
        _abend(
            b,
            ["Anna", "Ben", "Dora", "Sepp"],
            "2027-02-01",
            [
                _spiel({"Anna": 150, "Ben": -50, "Dora": -50, "Sepp": -50}, "wenz", "Anna", True),
                _spiel(
                    {"Ben": -30, "Dora": -30, "Anna": 30, "Sepp": 30},
                    "rufspiel",
                    "Ben",
                    False,
                    "Dora",
                ),
            ],
        )
    _turnier(pfad, "Cup 1", {"Anna": 12, "Ben": -5, "Cem": -4, "Sepp Huber": -3}, {"Anna": 1})
    _turnier(pfad, "Cup 2", {"Ben": 8, "Cem": 2, "Dora": -6, "Sepp Huber": -4}, {"Ben": 1})
    return pfad


def _saison(pfad, wertung, setzen=()):
    """Saison 2027 mit beiden Turnieren (ihr Datum ist der Tag ihres Anlegens: ausdrücklich
    dazu) und dem Alias Sepp → Sepp Huber."""
    with Saisonbuch(pfad) as sb:
        s = sb.neu(
            "Jahreswertung 2027", von="2027-01-01", bis="2027-12-31", wertung=wertung, setzen=setzen
        )
        sb.zuordnen("dazu", "turnier", 1)
        sb.zuordnen("dazu", "turnier", 2)
        sb.zusammenfuehren("Sepp", "Sepp Huber")
        return s.saison.id


def _kurz(rangliste):
    """Platz, Name, Wert, Spiele, Soli und je Ereignis (Art+Nummer, Wert, zählt)."""
    return [
        (
            z["platz"],
            z["name"],
            z["wert"],
            z["spiele"],
            z["soli"],
            [(e["art"][0] + str(e["id"]), e["wert"], e["zaehlt"]) for e in z["ereignisse"]],
        )
        for z in rangliste
    ]


def test_beste_4_mit_gewichteten_turnieren_von_hand(buchdatei, cli, db_pfad):
    """``beste:4`` mit ``turniere=10`` (ein Turnierpunkt zählt wie 10 ct).

    Beiträge (Abend: Saldo in ct; Turnier: Punkte × 10), zeitlich: Turniere zuletzt? Nein – die
    Turniere tragen das Datum ihres Anlegens (heute, vor 2027): sie kommen zuerst.
      Anna:  T1 +120, A1 −30, A2 −20, A3 +180            → 4 Ergebnisse, alle zählen: 250
      Ben:   T1 −50, T2 +80, A1 −30, A2 −20, A3 −80      → 5, das kleinste (A3 −80) fällt: −20
      Cem:   T1 −40, T2 +20, A1 +130, A2 +20             → 130
      Dora:  T2 −60, A1 −70, A3 −80                      → −210
      Sepp Huber (Sepp): T1 −30, T2 −40, A2 +20, A3 −20  → −70
    Spiele: Anna 4+2+1+2 = 9, Ben 4+4+2+1+2 = 13, Cem 4+4+2+1 = 11, Dora 4+2+2 = 8,
    Sepp Huber 4+4+1+2 = 11. Soli: Anna 1 (T1) + 1 (Wenz A3) = 2, Ben 1 (T2), Cem 1 (A1).
    """
    _saison(buchdatei, "beste:4", ["turniere=10"])
    r = cli("--db", str(buchdatei), "saison", "stand", "--json")
    assert r.returncode == 0, r.stderr
    daten = json.loads(r.stdout)
    assert daten["saison"]["name"] == "Jahreswertung 2027"
    assert (daten["wertung"]["beste"], daten["wertung"]["turniere"]) == (4, 10)
    assert set(daten) == {"saison", "wertung", "rangliste"}
    assert all(
        set(z) == {"platz", "name", "wert", "ereignisse", "spiele", "soli"}
        and all(set(e) == {"art", "id", "datum", "wert", "zaehlt"} for e in z["ereignisse"])
        for z in daten["rangliste"]
    )
    assert _kurz(daten["rangliste"]) == [
        (
            1,
            "Anna",
            250,
            9,
            2,
            [("t1", 120, True), ("a1", -30, True), ("a2", -20, True), ("a3", 180, True)],
        ),
        (
            2,
            "Cem",
            130,
            11,
            1,
            [("t1", -40, True), ("t2", 20, True), ("a1", 130, True), ("a2", 20, True)],
        ),
        (
            3,
            "Ben",
            -20,
            13,
            1,
            [
                ("t1", -50, True),
                ("t2", 80, True),
                ("a1", -30, True),
                ("a2", -20, True),
                ("a3", -80, False),
            ],
        ),
        (
            4,
            "Sepp Huber",
            -70,
            11,
            0,
            [("t1", -30, True), ("t2", -40, True), ("a2", 20, True), ("a3", -20, True)],
        ),
        (5, "Dora", -210, 8, 0, [("t2", -60, True), ("a1", -70, True), ("a3", -80, True)]),
    ]
    datum = {
        e["art"] + str(e["id"]): e["datum"] for z in daten["rangliste"] for e in z["ereignisse"]
    }
    assert (datum["abend1"], datum["abend2"], datum["abend3"]) == (
        "2027-01-04",
        "2027-01-11",
        "2027-02-01",
    )


def test_platzpunkte_mit_geteilten_plaetzen_von_hand(buchdatei):
    """``platzpunkte:10,6,4,3,2``: je Ereignis Punkte nach Platz, Gleichplatzierte teilen.

      A1: Cem 130 → 10; Anna und Ben −30 teilen Platz 2 und 3: (6+4)/2 = 5; Dora → 3
      A2: Cem und Sepp 20 teilen 1 und 2: (10+6)/2 = 8; Anna und Ben −20 teilen 3 und 4: 3,5
      A3: Anna 10; Sepp (−20) 6; Ben und Dora (−80) teilen 3 und 4: 3,5
      T1: Anna 10, Sepp Huber (−3) 6, Cem (−4) 4, Ben (−5) 3
      T2: Ben 10, Cem 6, Sepp Huber (−4) 4, Dora 3
    Summen: Anna 5+3,5+10+10 = 28,5; Cem 10+8+4+6 = 28; Ben 5+3,5+3,5+3+10 = 25;
    Sepp Huber 8+6+6+4 = 24; Dora 3+3,5+3 = 9,5.
    """
    _saison(buchdatei, "platzpunkte:10,6,4,3,2")
    with Saisonbuch(buchdatei) as sb:
        daten = sb.stand().als_json()
    assert [(z["platz"], z["name"], z["wert"]) for z in daten["rangliste"]] == [
        (1, "Anna", 28.5),
        (2, "Cem", 28),
        (3, "Ben", 25),
        (4, "Sepp Huber", 24),
        (5, "Dora", 9.5),
    ]


def test_ohne_alias_zaehlen_sepp_und_sepp_huber_getrennt_und_trennen_hebt_auf(buchdatei):
    sid = _saison(buchdatei, "summe")
    with Saisonbuch(buchdatei) as sb:
        namen = {z.name for z in sb.stand(sid).rangliste}
        assert "Sepp" not in namen and "Sepp Huber" in namen
        sb.trennen("Sepp")
        namen = {z.name for z in sb.stand(sid).rangliste}
        assert {"Sepp", "Sepp Huber"} <= namen
        liste = sb.spieler().als_json()["spieler"]
        assert {p["name"]: p["namen"] for p in liste}["Sepp Huber"] == ["Sepp Huber"]


def test_alias_schreibt_die_geschichte_nicht_um(buchdatei, cli):
    vorher = cli("--db", str(buchdatei), "stand", "--abend", "2", "--json")
    assert vorher.returncode == 0, vorher.stderr
    assert json.loads(vorher.stdout)["schafkopf"] == {
        "Anna": -20,
        "Ben": -20,
        "Cem": 20,
        "Sepp": 20,
    }
    r = cli("--db", str(buchdatei), "spieler", "zusammenfuehren", "Sepp", "Sepp Huber", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["person"] == {
        "name": "Sepp Huber",
        "namen": ["Sepp", "Sepp Huber"],
        "abende": 2,
        "turniere": 2,
    }
    assert cli("--db", str(buchdatei), "stand", "--abend", "2", "--json").stdout == vorher.stdout
    with (
        sqlite3.connect(buchdatei) as c,
        pytest.raises(sqlite3.IntegrityError, match="nie gelöscht"),
    ):
        c.execute("DELETE FROM spieler_aliase")


def test_mehrdeutiger_name_wird_zurueckgefragt_und_schreibt_nichts(buchdatei, cli):
    vorher = logischer_inhalt(buchdatei)
    r = cli("--db", str(buchdatei), "spieler", "zusammenfuehren", "Sep", "Anna", "--json")
    assert r.returncode == 2
    meldung = json.loads(r.stdout)["fehler"]["meldung"]
    assert "„Sepp“ oder „Sepp Huber“?" in meldung
    with Saisonbuch(buchdatei) as sb, pytest.raises(Mehrdeutig):
        sb.zusammenfuehren("sep", "Anna")
    with Saisonbuch(buchdatei) as sb, pytest.raises(Eingabefehler, match="kommt in keinem"):
        sb.zusammenfuehren("Xaver", "Anna")
    assert logischer_inhalt(buchdatei) == vorher


def test_alias_im_kreis_und_doppelt_werden_abgelehnt(buchdatei):
    with Saisonbuch(buchdatei) as sb:
        sb.zusammenfuehren("Sepp", "Sepp Huber")
        with pytest.raises(Zustandsfehler, match="schon als"):
            sb.zusammenfuehren("Sepp", "Anna")
        with pytest.raises(Zustandsfehler, match="Kreis"):
            sb.zusammenfuehren("Sepp Huber", "Sepp")


def test_zwei_namen_einer_person_am_selben_abend_werden_nicht_geraten(buchdatei):
    _saison(buchdatei, "summe")
    with Saisonbuch(buchdatei) as sb:
        sb.zusammenfuehren("Dora", "Anna")  # Dora und Anna saßen an Abend 1 zusammen
        with pytest.raises(Zustandsfehler, match="zwei Menschen"):
            sb.stand()


def test_ueberschneidende_saisons_und_weg(buchdatei):
    """Saison „Winter“ (Januar) und das Jahr überschneiden sich: Abend 1 und 2 zählen in
    beiden; „weg“ nimmt Abend 2 aus dem Jahr, nicht aus dem Winter."""
    with Saisonbuch(buchdatei) as sb:
        jahr = sb.neu("Jahr", von="2027-01-01", bis="2027-12-31").saison.id
        winter = sb.neu("Winter", von="2027-01-01", bis="2027-01-31").saison.id
        assert [(e.art, e.id) for e in sb.zeigen(winter).ereignisse] == [("abend", 1), ("abend", 2)]
        r = sb.zuordnen("weg", "abend", 2, jahr)
        assert [(e.art, e.id) for e in r.ereignisse] == [("abend", 1), ("abend", 3)]
        assert r.ereignis.grund == "weg"
        assert [(e.art, e.id) for e in sb.zeigen(winter).ereignisse] == [("abend", 1), ("abend", 2)]
        # Cem: Jahr ohne Abend 2 → nur A1 +130; Winter A1 +130, A2 +20 = 150
        assert {z.name: z.wert for z in sb.stand(jahr).rangliste}["Cem"] == 130
        assert {z.name: z.wert for z in sb.stand(winter).rangliste}["Cem"] == 150
        with pytest.raises(Exception, match="keinen Abend 9"):
            sb.zuordnen("dazu", "abend", 9, jahr)


@pytest.mark.parametrize(
    "args, meldung",
    [
        (["--von", "2027-13-01", "--bis", "2027-12-31"], "kein Datum"),
        (["--von", "2027-12-31", "--bis", "2027-01-01"], "liegt vor"),
        (
            ["--von", "2027-01-01", "--bis", "2027-12-31", "--wertung", "beste:x"],
            "keine ganze Zahl",
        ),
        (
            ["--von", "2027-01-01", "--bis", "2027-12-31", "--wertung", "kegeln"],
            "Unbekannte Saisonwertung",
        ),
        (
            ["--von", "2027-01-01", "--bis", "2027-12-31", "--set", "abende=0", "turniere=0"],
            "zählt nichts",
        ),
    ],
)
def test_falsche_eingaben_sind_exit_2_und_schreiben_nichts(cli, db_pfad, args, meldung):
    r = cli("saison", "neu", "X", *args, "--json")
    assert r.returncode == 2, r.stdout
    assert meldung in json.loads(r.stdout)["fehler"]["meldung"]
    assert logischer_inhalt(db_pfad) == []


def test_formate_csv_html_pdf(buchdatei, cli, tmp_path):
    _saison(buchdatei, "beste:4", ["turniere=10"])
    csv = cli("--db", str(buchdatei), "saison", "stand", "--format", "csv").stdout.splitlines()
    assert csv[0] == "platz,name,wert,T1,T2,A1,A2,A3,ereignisse,spiele,soli"
    assert csv[3] == "3,Ben,-20,-50,80,-30,-20,(-80),5,13,1"
    html = cli("--db", str(buchdatei), "saison", "stand", "--format", "html").stdout
    assert "<s>-80</s>" in html and "<svg" in html and "<polyline" in html
    pdf = tmp_path / "saison.pdf"
    r = cli("--db", str(buchdatei), "saison", "stand", "-o", str(pdf))
    assert r.returncode == 0, r.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    text = (
        __import__("subprocess")
        .run(
            [werkzeug("pdftotext"), "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        )
        .stdout
    )
    assert "Jahreswertung 2027 – Rangliste" in text  # DejaVu hat den Halbgeviertstrich
    assert "Verlauf der Plätze" in text
    assert "(-80)" in text


def test_statistik_von_hand(buchdatei):
    """Anna an den Abenden: A1 Rufspiel +20 (gewonnen), Solo −50; A2 −20; A3 Wenz +150, Ben+Dora
    verlieren +30 → 5 Abendspiele, 3 gewonnen (60 %), längste Serie 2 (die beiden in A3);
    bester Abend A3 mit +180 ct; Soli: der Wenz (gespielt und gewonnen) und das Turnier-Solo
    (nur gewonnene kennt das Blatt) → 2 gespielt, 2 gewonnen; Spiele 5 + 4 (Turnier 1) = 9.
    Rufspiel-Partner: Ben einmal, gewonnen."""
    _saison(buchdatei, "summe")
    with Saisonbuch(buchdatei) as sb:
        k = sb.statistik(spieler="anna").als_json()["spieler"][0]
    assert (k["name"], k["spiele"], k["abendspiele"], k["gewonnen"]) == ("Anna", 9, 5, 3)
    assert k["gewonnen_prozent"] == 60.0
    assert k["soli"] == {"gespielt": 2, "gewonnen": 2}
    assert k["bester_abend"] == {"abend": 3, "datum": "2027-02-01", "cent": 180}
    assert k["laengste_serie"]["spiele"] == 2
    assert k["partner"] == [{"name": "Ben", "spiele": 1, "gewonnen": 1, "gewonnen_prozent": 100.0}]


def test_live_zeigt_die_rangliste_der_saison(buchdatei):
    from referee.live import starte_saison_im_thread

    _saison(buchdatei, "beste:4", ["turniere=10"])
    server = starte_saison_im_thread(buchdatei, None, "127.0.0.1", 0)
    try:
        with urllib.request.urlopen(server.url + "stand.json", timeout=10) as antwort:
            daten = json.loads(antwort.read())
        with urllib.request.urlopen(server.url, timeout=10) as antwort:
            seite = antwort.read().decode()
    finally:
        server.stoppe()
    assert [(z["platz"], z["name"], z["wert"]) for z in daten["rangliste"]][:2] == [
        (1, "Anna", 250),
        (2, "Cem", 130),
    ]
    assert "Jahreswertung 2027" in seite and "Sepp Huber" in seite


# --------------------------------------------------------------------------- Kern


def test_gleichstand_erst_siege_dann_bestes_dann_direkter_vergleich():
    """Anna und Ben je 30: Anna gewann ein Ereignis, Ben keines → Anna vorn. Cem und Dora je 0,
    keine Siege, bestes Ergebnis je 10; im einzigen gemeinsamen Ereignis lag Dora vor Cem."""
    e1 = Ereignis(
        "abend",
        1,
        "2027-01-01",
        (Teilnahme("Anna", 30, 1), Teilnahme("Ben", 20, 2), Teilnahme("Cem", -50, 3)),
    )
    e2 = Ereignis(
        "abend",
        2,
        "2027-01-08",
        (Teilnahme("Ben", 10, 2), Teilnahme("Eva", 40, 1), Teilnahme("Cem", 10, 2)),
    )
    e3 = Ereignis(
        "abend",
        3,
        "2027-01-15",
        (Teilnahme("Dora", 10, 2), Teilnahme("Cem", 40, 1), Teilnahme("Fritz", 20, 1)),
    )
    e4 = Ereignis("abend", 4, "2027-01-22", (Teilnahme("Dora", -10, 2), Teilnahme("Eva", 10, 1)))
    z = saisonrangliste([e4, e3, e2, e1], Saisonwertung())
    # Summen: Anna 30, Ben 30, Eva 50, Cem 0, Dora 0, Fritz 20
    assert [(x.platz, x.name, x.wert) for x in z] == [
        (1, "Eva", 50),
        (2, "Anna", 30),
        (3, "Ben", 30),
        (4, "Fritz", 20),
        (5, "Cem", 0),
        (6, "Dora", 0),
    ]


def test_gleichstand_ohne_unterschied_teilt_den_platz():
    e = Ereignis(
        "abend",
        1,
        "2027-01-01",
        (Teilnahme("A", 5, 1), Teilnahme("B", 5, 1), Teilnahme("C", -10, 3)),
    )
    assert [(x.platz, x.name) for x in saisonrangliste([e], Saisonwertung())] == [
        (1, "A"),
        (1, "B"),
        (3, "C"),
    ]


def test_schnitt_mit_mindestspielen():
    """Schnitt je Spiel: A 60 ct in 3 Spielen = 20; B 50 in 2 = 25, aber unter 3 Spielen."""
    e = Ereignis("abend", 1, "2027-01-01", (Teilnahme("A", 60, 1, 3), Teilnahme("B", 50, 2, 2)))
    z = saisonrangliste([e], wertung_laden("schnitt:3"))
    assert [(x.platz, x.name, x.wert) for x in z] == [(1, "A", 20), (None, "B", 25)]


def test_abende_null_laesst_abende_weg():
    e = Ereignis("abend", 1, "2027-01-01", (Teilnahme("A", 60, 1),))
    t = Ereignis("turnier", 1, "2027-01-02", (Teilnahme("B", 3, 1),))
    z = saisonrangliste([e, t], wertung_laden("summe", ["abende=0"]))
    assert [(x.name, x.wert) for x in z] == [("B", 3)]


def test_jede_mitgelieferte_wertung_nennt_quelle_oder_konvention():
    r = Saisonbuch.wertungen()
    assert {w.name for w in r.wertungen} >= {"summe", "beste", "platzpunkte", "schnitt"}
    for w in r.wertungen:
        assert w.quelle and ("Konvention" in w.quelle or "(" in w.quelle), w.name


_werte = st.lists(st.integers(-500, 500), min_size=1, max_size=8)


@given(st.lists(_werte, min_size=1, max_size=10), st.integers(1, 6))
def test_beste_n_zaehlt_nie_mehr_als_n(ereignisse, n):
    evs = []
    for i, werte in enumerate(ereignisse):
        teil = tuple(Teilnahme(f"S{j}", w, 1) for j, w in enumerate(werte))
        evs.append(Ereignis("abend", i + 1, f"2027-01-{i + 1:02d}", teil))
    for z in saisonrangliste(evs, wertung_laden(f"beste:{n}")):
        gezaehlt = [e for e in z.ereignisse if e.zaehlt]
        assert len(gezaehlt) == min(n, len(z.ereignisse))
        assert z.wert == sum(e.wert for e in gezaehlt)
        # die gezählten sind die größten
        if len(gezaehlt) < len(z.ereignisse):
            assert min(e.wert for e in gezaehlt) >= max(
                e.wert for e in z.ereignisse if not e.zaehlt
            )


@given(
    st.lists(st.integers(-3, 3), min_size=1, max_size=12),
    st.lists(st.integers(0, 30), min_size=1, max_size=10),
)
def test_platzpunkte_mit_gleichstand_ergeben_dieselbe_summe(werte, punkte):
    """Wie auch immer die Plätze geteilt sind: die Punkte eines Ereignisses ergeben zusammen die
    Punkte der Plätze 1 … k (k Teilnehmer) – wie ohne Gleichstand."""
    from referee.saison.rangliste import plaetze

    namen = {f"S{i}": w for i, w in enumerate(werte)}
    pp = platzpunkte(plaetze(namen), punkte)
    k = len(werte)
    assert sum(pp.values(), Fraction(0)) == sum(punkte[:k])


def test_turnier_zaehlt_nach_seinem_datum_nicht_nach_dem_anlegen(cli, db_pfad):
    """Ein Turnier mit ``--datum`` gehört nach diesem Datum zur Saison (ohne ``saison dazu``);
    eines ohne Datum nach dem Tag seines Anlegens (heute, also nicht ins Jahr 2027)."""
    for args in (
        [
            "turnier",
            "neu",
            "Januar",
            "--runden",
            "1",
            "--spiele",
            "4",
            "--seed",
            "1",
            "--datum",
            "2027-01-16",
        ],
        ["turnier", "anmelden", "Anna", "Ben", "Cem", "Dora"],
        ["turnier", "auslosung"],
        [
            "turnier",
            "ergebnis",
            "--runde",
            "1",
            "--tisch",
            "1",
            "Anna=+3",
            "Ben=-1",
            "Cem=-1",
            "Dora=-1",
        ],
        ["turnier", "ende"],
        ["turnier", "neu", "Ohne Datum", "--runden", "1", "--spiele", "4", "--seed", "1"],
        ["turnier", "anmelden", "Anna", "Ben", "Cem", "Dora"],
        ["turnier", "auslosung"],
        [
            "turnier",
            "ergebnis",
            "--runde",
            "1",
            "--tisch",
            "1",
            "Anna=-3",
            "Ben=+1",
            "Cem=+1",
            "Dora=+1",
        ],
        [
            "saison",
            "neu",
            "2027",
            "--von",
            "2027-01-01",
            "--bis",
            "2027-12-31",
            "--wertung",
            "summe",
        ],
    ):
        r = cli(*args)
        assert r.returncode == 0, (args, r.stderr)
    stand = json.loads(cli("saison", "stand", "--json").stdout)
    anna = next(z for z in stand["rangliste"] if z["name"] == "Anna")
    # nur das Januar-Turnier: Anna +3 (das zweite, heute angelegt, liegt außerhalb)
    assert anna["wert"] == 3
    assert [(e["art"], e["id"], e["datum"]) for e in anna["ereignisse"]] == [
        ("turnier", 1, "2027-01-16")
    ]
