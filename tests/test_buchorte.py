"""Dieselben Zusagen auf beiden Datenbanken des Buchs (issue 37): jeder Test hier läuft mit
``buchort`` einmal auf einer SQLite-Datei und einmal auf PostgreSQL (``REFEREE_TEST_PG``; ohne
die Variable überspringt der PostgreSQL-Teil mit Grund, unter CI scheitert er).

Die erwarteten Werte sind von Hand aus dem Tarif gerechnet (10-20-50: Rufspiel 20 Cent, jeder
Laufende ab dem dritten 10 Cent), nicht vom Programm abgeschrieben.
"""

from __future__ import annotations

import json
import multiprocessing
import time

import buchorte
import pytest
from conftest import im_prozess, ok

from referee.buch import Buch
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.spiele import store_oeffnen

# die Fixtures aus buchorte (als Namen dieses Moduls findet pytest sie)
buchort = buchorte.buchort

SPIELER = ["Anna", "Ben", "Cem", "Dora"]


def _r(buchort: str, *args: str):
    return im_prozess(*args, env={"REFEREE_DB": buchort})


def _stand(buchort: str) -> dict[str, int]:
    return json.loads(ok(_r(buchort, "stand", "--json")).stdout)["schafkopf"]


def test_abend_eintragen_korrigieren_stornieren(buchort):
    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    # Rufspiel gewonnen, 3 Laufende: 20 + 3 × 10 = 50 Cent je Spieler
    ok(
        _r(
            buchort,
            "schafkopf",
            "eintragen",
            "rufspiel",
            "Anna+Ben",
            "--augen",
            "71",
            "--laufende",
            "3",
        )
    )
    assert _stand(buchort) == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
    # Korrektur: Cem+Dora gewinnen ohne Laufende: 20 Cent
    ok(_r(buchort, "korrektur", "1", "rufspiel", "Cem+Dora", "--augen", "61"))
    assert _stand(buchort) == {"Anna": -20, "Ben": -20, "Cem": 20, "Dora": 20}
    # Storno der Korrektur: das Original gilt wieder (Trigger auf beiden Seiten)
    ok(_r(buchort, "rueckgaengig"))
    assert _stand(buchort) == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
    verlauf = json.loads(ok(_r(buchort, "verlauf", "--alle", "--json")).stdout)
    assert [(e["id"], e["art"], e["gilt"]) for e in verlauf["eintraege"]] == [
        (1, "spiel", True),
        (2, "korrektur", False),
        (3, "storno", False),
    ]
    ok(_r(buchort, "abend", "ende"))
    r = _r(buchort, "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71")
    ok(r, 2)
    assert _stand(buchort) == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}


def test_nur_anhaengen_gilt_in_der_datenbank(buchort):
    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    ok(_r(buchort, "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    with store_oeffnen(buchort) as s:
        for sql, teil in (
            ("DELETE FROM eintraege", "nie gelöscht"),
            ("UPDATE eintraege SET ergebnis = '{}'", "unveränderlich"),
            ("DELETE FROM werte", "nie gelöscht"),
            ("UPDATE werte SET wert = 0", "unveränderlich"),
            ("INSERT INTO schluessel VALUES ('k', 99, 'jetzt')", "(?i)foreign"),
        ):
            with pytest.raises(Exception, match=teil), s.verbindung.schreiben() as conn:
                conn.execute(sql)
        # das abgeleitete „gilt“ darf sich ändern (das tun die Trigger selbst)
        with s.verbindung.schreiben() as conn:
            conn.execute("UPDATE eintraege SET gilt = 1 WHERE id = 1")
    assert _stand(buchort) == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}


def test_derselbe_schluessel_schreibt_einmal(buchort):
    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    angaben = SchafkopfAngaben.angesagt("rufspiel", ["Anna", "Ben"], augen=71)
    with Buch(buchort) as b:
        erst = b.eintragen(angaben, schluessel="handy-0001")
        noch = b.eintragen(angaben, schluessel="handy-0001")
        assert noch.eintrag.id == erst.eintrag.id and noch.wiederholt
    assert _stand(buchort) == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}


def test_geheimnis_bleibt(buchort):
    with store_oeffnen(buchort) as s:
        eins = s.geheimnis("lesen")
    with store_oeffnen(buchort) as s:
        assert s.geheimnis("lesen") == eins and len(eins) == 64
        assert s.integritaet() == "ok"


def test_fremder_commit_aendert_die_datenversion(buchort):
    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    with Buch(buchort) as leser, Buch(buchort) as schreiber:
        vorher = leser.datenversion()
        assert leser.datenversion() == vorher  # nichts geschrieben: gleich
        schreiber.abend_ende()
        frist = time.monotonic() + 3
        while leser.datenversion() == vorher and time.monotonic() < frist:
            time.sleep(0.01)
        assert leser.datenversion() != vorher


def test_turnier_blatt_und_korrektur(buchort):
    ok(_r(buchort, "turnier", "neu", "Post", "--runden", "2", "--spiele", "4", "--seed", "3"))
    ok(_r(buchort, "turnier", "anmelden", *SPIELER))
    ok(_r(buchort, "turnier", "auslosung"))
    tisch = ["--runde", "1", "--tisch", "1"]
    ok(
        _r(
            buchort,
            "turnier",
            "ergebnis",
            *tisch,
            "Anna=+12",
            "Ben=-5",
            "Cem=-4",
            "Dora=-3",
            "--soli",
            "Anna=1",
        )
    )
    # Korrektur des Blatts (die Soli bleiben, wenn nicht neu genannt)
    ok(_r(buchort, "turnier", "ergebnis", *tisch, "Anna=+10", "Ben=-5", "Cem=-2", "Dora=-3"))
    stand = json.loads(ok(_r(buchort, "turnier", "stand", "--json")).stdout)
    assert [(z["name"], z["punkte"], z["soli"]) for z in stand["rangliste"]] == [
        ("Anna", 10, 1),
        ("Cem", -2, 0),
        ("Dora", -3, 0),
        ("Ben", -5, 0),
    ]
    ok(_r(buchort, "turnier", "ergebnis", "--runde", "1", "--tisch", "1", "Anna=+1"), 2)


def _schreibe(buchort: str, nr: int, anzahl: int) -> None:
    angaben = SchafkopfAngaben.angesagt("rufspiel", ["Anna", "Ben"], augen=71)
    with Buch(buchort) as b:
        for i in range(anzahl):
            # jeder Schlüssel zweimal (das Handy schickt nach einer Zeitüberschreitung erneut)
            for _ in range(2):
                b.eintragen(angaben, schluessel=f"prozess{nr}-{i:04d}")


def test_gleichzeitige_schreiber_nichts_verloren_nichts_doppelt(buchort):
    """Vier Prozesse schreiben je 15 Spiele in denselben Abend, jedes zweimal mit demselben
    Schlüssel: genau 60 Einträge, Nummern 1…60 ohne Lücke, jede Tischsumme 0."""
    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    ctx = multiprocessing.get_context("spawn")
    prozesse = [ctx.Process(target=_schreibe, args=(buchort, n, 15)) for n in range(4)]
    for p in prozesse:
        p.start()
    for p in prozesse:
        p.join(120)
        assert p.exitcode == 0
    with store_oeffnen(buchort) as s:
        eintraege = s.eintraege(1)
        assert len(eintraege) == 60
        nr = [z[0] for z in s.verbindung.lies("SELECT nr FROM eintraege ORDER BY nr")]
        assert nr == list(range(1, 61))
        assert s.verbindung.lies("SELECT count(*) FROM schluessel")[0][0] == 60
    # 60 gewonnene Rufspiele zu 20 Cent
    assert _stand(buchort) == {"Anna": 1200, "Ben": 1200, "Cem": -1200, "Dora": -1200}


def test_import_eines_exports_gibt_denselben_export(buchort, tmp_path):
    """``referee import`` in ein leeres Buch (auch auf PostgreSQL): geprüft, dann derselbe
    Export wie das Original."""
    quelle = str(tmp_path / "quelle.db")
    ok(_r(quelle, "abend", "neu", "--spieler", *SPIELER, "--ort", "Gasthof Pößl"))
    ok(_r(quelle, "schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    ok(_r(quelle, "sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"))
    ok(_r(quelle, "rueckgaengig"))
    datei = tmp_path / "abende.json"
    ok(_r(quelle, "export", "--format", "json", "-o", str(datei)))
    ok(_r(buchort, "import", str(datei)))
    assert ok(_r(buchort, "export", "--format", "json")).stdout == datei.read_text("utf-8")
    ok(_r(buchort, "import", str(datei)), 2)  # nur in ein leeres Buch


def test_sigkill_mitten_im_schreiben_laesst_nichts_halbes(buchort):
    """Ein Schreiber wird mitten in seiner Schleife mit SIGKILL beendet: jeder Eintrag, der
    da ist, ist ganz da (vier Werte, Summe 0, sein Schlüssel), die Nummern sind lückenlos, und
    die Sperre des Toten hält niemanden auf (ein neuer Schreiber schreibt sofort)."""
    import signal

    ok(_r(buchort, "abend", "neu", "--spieler", *SPIELER))
    ctx = multiprocessing.get_context("spawn")
    p = ctx.Process(target=_schreibe, args=(buchort, 9, 400))
    p.start()
    with store_oeffnen(buchort) as s:
        frist = time.monotonic() + 60
        while time.monotonic() < frist and len(s.eintraege(1)) < 5:
            time.sleep(0.02)
    p.kill()
    p.join(10)
    assert p.exitcode == -signal.SIGKILL
    _schreibe(buchort, 10, 1)
    with store_oeffnen(buchort) as s:
        n = len(s.eintraege(1))
        assert 6 <= n < 401
        v = s.verbindung
        assert [z[0] for z in v.lies("SELECT nr FROM eintraege ORDER BY nr")] == list(
            range(1, n + 1)
        )
        assert v.lies("SELECT count(*) FROM schluessel")[0][0] == n
        je = v.lies("SELECT eintrag_id, count(*), sum(wert) FROM werte GROUP BY eintrag_id")
        assert len(je) == n and all(anzahl == 4 and summe == 0 for _, anzahl, summe in je)
