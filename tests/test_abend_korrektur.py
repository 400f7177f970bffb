"""Korrektur für alle Spiele, Ramsch aus den Fakten des Tisches, faire Schreibsperre."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import pytest
from conftest import ok
from hilfen import eintragen, korrektur, stand

from referee.spiele import store_oeffnen as oeffne


@pytest.fixture
def abend(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora"))
    return cli


# --------------------------------------------------------------------------- Ramsch


def test_ramsch_aus_fakten_zwei_jungfrauen(abend):
    r = ok(abend("schafkopf", "eintragen", "ramsch", "Dora", "--jungfrau", "Ben", "Cem", "--json"))
    e = json.loads(r.stdout)["ergebnis"]
    # Tarif 10-20-50: Ramsch 20 ct × 2 × 2 (zwei Jungfrauen) = 80 ct an jeden
    assert e["zahlungen"] == {"Anna": 80, "Ben": 80, "Cem": 80, "Dora": -240}
    assert e["verlierer"] == ["Dora"] and e["jungfrauen"] == ["Ben", "Cem"]
    assert e["augen"] is None and "stiche" not in e


def test_ramsch_drei_jungfrauen_ist_durchmarsch(abend, db_pfad):
    vorher = db_pfad.read_bytes()
    r = ok(abend("schafkopf", "eintragen", "ramsch", "Dora", "--jungfrau", "Anna", "Ben", "Cem"), 2)
    assert "Durchmarsch (--durchmarsch Dora)" in r.stderr
    assert db_pfad.read_bytes() == vorher


def test_ramsch_gleichstand_alle_mit_hausregel(cli):
    ok(
        cli(
            "abend",
            "neu",
            "--spieler",
            "Anna",
            "Ben",
            "Cem",
            "Dora",
            "--set",
            "ramsch_gleichstand=alle",
        )
    )
    r = ok(cli("schafkopf", "eintragen", "ramsch", "Anna+Ben", "--json"))
    assert json.loads(r.stdout)["ergebnis"]["zahlungen"] == {
        "Anna": -40,
        "Ben": -40,
        "Cem": 40,
        "Dora": 40,
    }


# --------------------------------------------------------------------------- Korrektur


def _stand(cli):
    return json.loads(ok(cli("stand", "--json")).stdout)


def test_korrektur_saufn_schlafmuetze_sabai(abend):
    ok(abend("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"))  # 1
    ok(abend("schlafmuetze", "sieg", "Anna", "--spieler", "Anna", "Ben", "Cem"))  # 2
    ok(abend("sabai", "runde", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0", "--eintragen"))  # 3
    assert _stand(abend)["sabai"] == {"Anna": 0, "Ben": -1, "Cem": 1, "Dora": 0}

    r = ok(abend("korrektur", "1", "--platz", "anna", "Cem", "Ben"))
    assert "Korrektur #4 ersetzt Eintrag #1 (SAUFN)" in r.stdout
    r = ok(abend("korrektur", "2", "ben", "--spieler", "Anna", "Ben", "Cem", "--json"))
    k = json.loads(r.stdout)
    assert (k["eintrag"], k["ersetzt"], k["spiel"]) == (5, 2, "schlafmuetze")
    assert k["ergebnis"] == {"sieger": "Ben", "spieler": ["Anna", "Ben", "Cem"]}
    assert k["stand"] == {"Anna": 0, "Ben": 1, "Cem": 0}
    ok(abend("korrektur", "3", "Anna=3 7", "Ben=2 2", "Cem=5", "Dora=14 0"))

    st = _stand(abend)
    assert st["saufn"]["Anna"] == {"1": 1, "2": 0, "3": 0}
    assert st["saufn"]["Cem"] == {"1": 0, "2": 1, "3": 0}
    assert st["schlafmuetze"] == {"Anna": 0, "Ben": 1, "Cem": 0}
    assert st["sabai"] == {"Anna": 0, "Ben": 1, "Cem": 0, "Dora": 0}
    assert st["partien"] == {"schafkopf": 0, "sabai": 1, "saufn": 1, "schlafmuetze": 1}

    v = json.loads(ok(abend("verlauf", "--alle", "--json")).stdout)["eintraege"]
    assert [(e["id"], e["art"], e["bezug"], e["aufgehoben_durch"]) for e in v] == [
        (1, "spiel", None, 4),
        (2, "spiel", None, 5),
        (3, "spiel", None, 6),
        (4, "korrektur", 1, None),
        (5, "korrektur", 2, None),
        (6, "korrektur", 3, None),
    ]
    assert v[3]["eingabe"]["argv"][:2] == ["korrektur", "1"]
    # schon ersetzt → Exit 2 (Zustand), unverändert
    r = ok(abend("korrektur", "1", "--platz", "Ben", "Cem", "Anna"), 2)
    assert "schon ersetzt (durch Eintrag 4)" in r.stderr


def test_korrektur_fehler_aendern_nichts(abend, db_pfad):
    ok(abend("saufn", "ende", "--platz", "Cem", "Anna", "Ben", "--eintragen"))
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))
    vorher = db_pfad.read_bytes()
    r = ok(abend("korrektur", "1"), 2)
    assert "referee korrektur 1 --platz" in r.stderr
    r = ok(abend("korrektur", "1", "--platz", "Anna", "Bne", "Cem"), 2)
    assert "„Bne“" in r.stderr and "Meintest du" in r.stderr
    r = ok(abend("korrektur", "2", "rufspiel", "Anna+Cem", "--auge", "61"), 2)
    assert "Unerwartete Angabe „--auge 61“" in r.stderr
    ok(abend("rueckgaengig"))
    vorher = db_pfad.read_bytes()
    r = ok(abend("korrektur", "3", "rufspiel", "Anna+Ben", "--augen", "61"), 2)
    assert "ist ein Storno" in r.stderr
    assert db_pfad.read_bytes() == vorher


def test_korrektur_steht_am_platz_des_originals(tmp_path):
    """Eine sabai-Partie eines früheren Spiels bleibt nach der Korrektur in diesem Spiel."""
    with oeffne(tmp_path / "r.db") as s:
        s.abend_neu(["Anna", "Ben"])
        sp = {"punkte": {"Anna": 1, "Ben": 5}, "siegpunkte": {"Anna": 1, "Ben": 0}}
        a = eintragen(s, "sabai", dict(sp, letzte=False))
        b = eintragen(s, "sabai", dict(sp, letzte=True))
        c = eintragen(s, "sabai", dict(sp, letzte=False))
        k = korrektur(
            s,
            a.id,
            {"punkte": {"Anna": 5, "Ben": 1}, "siegpunkte": {"Anna": 0, "Ben": 1}, "letzte": False},
        )
        assert k.art == "korrektur" and k.bezug == a.id
        assert [e.id for e in s.eintraege(1, spiel="sabai")] == [k.id, b.id, c.id]
        assert s.spielreihenfolge(1) == {k.id: a.id}
        # Korrektur einer Korrektur steht weiter am ersten Platz
        k2 = korrektur(
            s, k.id, {"punkte": {"Anna": 2, "Ben": 1}, "siegpunkte": {"Anna": 0, "Ben": 1}}
        )
        assert [e.id for e in s.eintraege(1)] == [k2.id, b.id, c.id]
        assert len(s.eintraege(1, alle=True)) == 5


def test_korrektur_verlauf_schafkopf_in_spielfolge(tmp_path):
    with oeffne(tmp_path / "r.db") as s:
        s.abend_neu(["Anna", "Ben", "Cem", "Dora"])
        z = {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
        a = eintragen(s, "schafkopf", {"zahlungen": z})
        b = eintragen(s, "schafkopf", {"zahlungen": {n: -v for n, v in z.items()}})
        k = korrektur(s, a.id, {"zahlungen": {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}})
        assert [eid for eid, _ in s.werte_in_spielfolge(1, "schafkopf", "cent")] == [k.id, b.id]


# --------------------------------------------------------------------------- Sperre


def test_schreiben_wartet_auf_die_sperre(tmp_path):
    """Hält ein anderer die Schreibsperre länger als ein Versuch, wird gewartet, nicht abgebrochen."""
    pfad = tmp_path / "r.db"
    with oeffne(pfad) as s:
        s.abend_neu(["Anna", "Ben"])
    fremd = sqlite3.connect(pfad, isolation_level=None, check_same_thread=False)
    fremd.execute("BEGIN IMMEDIATE")
    frei = threading.Timer(0.4, lambda: fremd.execute("COMMIT"))
    frei.start()
    t = time.monotonic()
    try:
        with oeffne(pfad) as s:
            e = eintragen(s, "schlafmuetze", {"sieger": "Anna", "spieler": ["Anna", "Ben"]})
    finally:
        frei.join()
        fremd.close()
    assert e.id == 1 and time.monotonic() - t >= 0.35


# --------------------------------------------------------------------------- Storno einer Korrektur

Z = {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
Z2 = {"Anna": -50, "Ben": -50, "Cem": 50, "Dora": 50}


def test_rueckgaengig_nach_korrektur_stellt_original_her(abend):
    ok(abend("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71"))  # 1: +20
    ok(abend("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "50"))  # 2: -20
    r = ok(abend("rueckgaengig"))  # 3: Storno von 2
    assert "Damit gilt wieder Eintrag #1" in r.stdout
    assert _stand(abend)["schafkopf"] == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    ok(abend("korrektur", "1", "rufspiel", "Anna+Cem", "--augen", "80"))  # 4: neu korrigiert
    assert _stand(abend)["schafkopf"] == {"Anna": 20, "Ben": -20, "Cem": 20, "Dora": -20}
    v = json.loads(ok(abend("verlauf", "--alle", "--json")).stdout)["eintraege"]
    assert [(e["id"], e["gilt"], e["aufgehoben_durch"]) for e in v] == [
        (1, False, 4),
        (2, False, 3),
        (3, False, None),
        (4, True, None),
    ]
    r = ok(abend("rueckgaengig", "--eintrag", "1"), 2)
    assert "schon ersetzt (durch Eintrag 4)" in r.stderr


def test_migration_v2_zu_v3_storno_einer_korrektur(tmp_path, monkeypatch):
    import referee.store.verbindung as st  # dort wendet die Verbindung die Migrationen an

    echt = st.migrationen

    class BisV2:
        def __init__(self, werte_aus=None):
            pass

        def apply(self, db):
            echt().apply(db, stop_before="v3_storno_einer_korrektur")

    monkeypatch.setattr(st, "migrationen", BisV2)
    monkeypatch.setattr(st, "SCHEMA_AKTUELL", 2)
    pfad = tmp_path / "v2.db"
    with oeffne(pfad) as s:
        s.abend_neu(["Anna", "Ben", "Cem", "Dora"])
        eintragen(s, "schafkopf", {"zahlungen": Z})
        korrektur(s, 1, {"zahlungen": Z2})
        s.rueckgaengig()
        assert s._version() == 2
        assert set(stand(s, 1)["schafkopf"].values()) == {0}  # altes Verhalten: beides weg
    monkeypatch.undo()
    with oeffne(pfad) as s:
        assert s._version() == st.SCHEMA_AKTUELL == 11
        assert stand(s, 1)["schafkopf"] == Z
        k = korrektur(s, 1, {"zahlungen": Z2})
        assert k.bezug == 1 and stand(s, 1)["schafkopf"] == Z2
        assert s.integritaet() == "ok"


# --------------------------------------------------------------------------- Partie: Sitz 0 spielt aus


def test_partie_ohne_namen_sitz_null_ist_ausspieler(abend, tmp_path):
    from conftest import DATA

    partien = json.loads((DATA / "partien.json").read_text(encoding="utf-8"))
    p = dict(
        next(
            x
            for x in partien
            if x["spiel"] == "rufspiel" and len(x["haende"][0]) == 8 and x["stiche"][0]["aus"] == 0
        )
    )
    erwartet = p.pop("erwartet")["zahlungen"]
    p.pop("tarif", None)
    datei = tmp_path / "partie.json"
    datei.write_text(json.dumps(p), encoding="utf-8")
    # erstes Spiel: Anna gibt, Ben spielt aus → Sitz 0 = Ben, 1 = Cem, 2 = Dora, 3 = Anna
    ok(abend("schafkopf", "eintragen", "wenz", "Cem", "--augen", "70"))
    # zweites Spiel: Ben gibt, Cem spielt aus → Sitz 0 = Cem, 1 = Dora, 2 = Anna, 3 = Ben
    d = json.loads(ok(abend("schafkopf", "eintragen", "--partie", str(datei), "--json")).stdout)
    sitze = ["Cem", "Dora", "Anna", "Ben"]
    assert d["ergebnis"]["spieler"] == sitze[p["spieler"]]
    # anderer Tarif als in der Quelle, aber wer gewinnt und wer zahlt, hängt am Sitz
    z = d["ergebnis"]["zahlungen"]
    assert [(z[n] > 0) - (z[n] < 0) for n in sitze] == [(e > 0) - (e < 0) for e in erwartet]
