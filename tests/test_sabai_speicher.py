"""sabai-sabai mit dem Speicher: eintragen, Spielstand über Partien, Hall of Fame über Abende."""

from __future__ import annotations

import json

from hilfen import stand

import referee.store as store_modul
from referee.sabai.ergebnis import SabaiErgebnis
from referee.spiele import store_oeffnen


def abend(db_pfad, spieler=("Anna", "Ben", "Cem", "Dora"), ort=None, beenden_vorher=False):
    with store_modul.oeffne(db_pfad) as s:
        if beenden_vorher:
            s.abend_beenden()
        return s.abend_neu(list(spieler), ort=ort)[0].id


def test_ohne_offenen_abend_exit_2_und_keine_datei(cli, db_pfad):
    r = cli("sabai", "runde", "Anna=1", "Ben=2", "--eintragen")
    assert r.returncode == 2  # Zustand: kein offener Abend
    assert "Kein offener Abend" in r.stderr
    assert not db_pfad.exists()


def test_eintragen_spielstand_und_spielsieger(cli, db_pfad):
    abend(db_pfad)
    r1 = cli("sabai", "runde", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0", "--eintragen")
    assert r1.returncode == 0, r1.stderr
    assert "Eingetragen: Eintrag #1 · Abend 1" in r1.stdout
    assert "(rückgängig: referee rueckgaengig)" in r1.stdout
    assert "Spiel nach 1 Partie: Anna 0, Ben −1, Cem +1, Dora 0" in r1.stdout
    r2 = cli("sabai", "eintragen", "anna=1", "Ben=", "Cem=5", "Dora=9", "--json")
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout)["sieger"] == ["Ben"]
    r3 = cli("sabai", "eintragen", "Anna=", "Ben=4", "Cem=5", "Dora=9", "--letzte")
    assert r3.returncode == 0, r3.stderr
    assert "Spielsieger: Ben" not in r3.stdout  # Ben: −1 + 1 = 0
    assert "Spielsieger: Anna, Cem (meiste Siegespunkte)." in r3.stdout
    assert "Konvention, nicht im Regeltext: Gleichstand um die meisten" in r3.stdout
    # ein neues Spiel beginnt nach der letzten Partie
    cli("sabai", "eintragen", "Anna=9", "Ben=1", "Cem=5", "Dora=9")
    st = json.loads(cli("sabai", "spielstand", "--json").stdout)
    assert st["abend"] == 1
    assert st["spiele"] == [
        {
            "partien": 3,
            "beendet": True,
            "siegpunkte": {"Anna": 1, "Ben": 0, "Cem": 1, "Dora": 0},
            "sieger": ["Anna", "Cem"],
        },
        {
            "partien": 1,
            "beendet": False,
            "siegpunkte": {"Anna": 0, "Ben": 1, "Cem": 0, "Dora": 0},
            "sieger": ["Ben"],
        },
    ]
    with store_oeffnen(db_pfad) as s:
        assert stand(s, 1)["sabai"] == {"Anna": 1, "Ben": 1, "Cem": 1, "Dora": 0}
        eintrag = s.eintraege(abend_id=1, spiel="sabai")[0]
    assert eintrag.ergebnis == SabaiErgebnis(
        punkte=(("Anna", 6), ("Ben", 0), ("Cem", 0), ("Dora", 14)),
        siegpunkte=(("Anna", 0), ("Ben", -1), ("Cem", 1), ("Dora", 0)),
        ruhmeshalle=(),
        sieger=("Cem",),
        letzte=False,
    )
    assert eintrag.eingabe["haende"]["Ben"] == "AJ 2 2"


def test_falsche_runde_schreibt_nichts(cli, db_pfad):
    abend(db_pfad)
    vorher = db_pfad.read_bytes()
    for args, meldung in (
        (("Anna=7 7 7", "Ben=7 7"), "„7“ kommt 5-mal vor"),
        (("Anna=1", "Eva=2"), "„Eva“ spielt an Abend 1 nicht mit"),
        (("Anna=Q", "Ben=1"), "Unbekannte Karte „Q“"),
    ):
        r = cli("sabai", "runde", *args, "--eintragen")
        assert r.returncode == 2, r.stderr
        assert meldung in r.stderr
    assert db_pfad.read_bytes() == vorher


def test_ruhmeshalle_ueber_abende(cli, db_pfad):
    assert json.loads(cli("sabai", "ruhmeshalle", "--json").stdout) == {"ruhmeshalle": []}
    leer = cli("sabai", "ruhmeshalle")
    assert leer.returncode == 0 and "noch leer" in leer.stdout
    abend(db_pfad, ort="Post")
    assert cli("sabai", "eintragen", "Anna=J J AJ J", "Ben=2").returncode == 0
    abend(db_pfad, spieler=("Cem", "Dora"), beenden_vorher=True)
    assert cli("sabai", "eintragen", "Cem=4", "Dora=AJ J J J").returncode == 0
    assert cli("sabai", "eintragen", "Cem=4", "Dora=AJ J J").returncode == 0
    r = cli("sabai", "ruhmeshalle", "--json")
    halle = json.loads(r.stdout)["ruhmeshalle"]
    assert [(e["name"], e["abend"], e["ort"]) for e in halle] == [
        ("Anna", 1, "Post"),
        ("Dora", 2, None),
    ]
    assert all(len(e["datum"]) == 10 for e in halle)
    t = cli("sabai", "ruhmeshalle")
    assert "Anna" in t.stdout and "Dora" in t.stdout and "Post" in t.stdout


def test_namen_in_gespeicherter_schreibweise_und_meintest_du(cli, db_pfad):
    """Groß/klein anders als am Abend → gespeicherte Schreibweise, auch in der Ausgabe."""
    abend(db_pfad)
    r = cli("sabai", "runde", "anna=3 7 J", "BEN=2", "--eintragen", "--json")
    assert r.returncode == 0, r.stderr
    assert [s["name"] for s in json.loads(r.stdout)["spieler"]] == ["Anna", "Ben"]
    assert "Spiel nach 1 Partie: Anna 0, Ben +1" in r.stderr  # Spielstand bei --json auf stderr
    t = cli("sabai", "runde", "cem=1", "dora=5", "--eintragen")
    assert t.returncode == 0 and "Cem" in t.stdout and "cem" not in t.stdout
    vorher = db_pfad.read_bytes()
    f = cli("sabai", "runde", "Anna=1", "Bne=2", "Zoe=3", "--eintragen")
    assert f.returncode == 2
    assert "„Bne“ spielt an Abend 1 nicht mit. Meintest du „Ben“?" in f.stderr
    assert "„Zoe“ spielt an Abend 1 nicht mit." in f.stderr and "Nichts eingetragen." in f.stderr
    assert "Traceback" not in f.stderr
    assert db_pfad.read_bytes() == vorher


def test_eintragsnummer_ist_die_id_fuer_rueckgaengig(cli, db_pfad):
    """Die gemeldete Nummer ist die, die „referee rueckgaengig --eintrag“ erwartet."""
    abend(db_pfad)
    assert cli("sabai", "runde", "Anna=1", "Ben=2", "--eintragen").returncode == 0
    abend(db_pfad, spieler=("Anna", "Ben"), beenden_vorher=True)
    r = cli("sabai", "runde", "Anna=J J J AJ", "Ben=", "--eintragen")
    assert r.returncode == 0, r.stderr
    assert "Eingetragen: Eintrag #2 · Abend 2" in r.stdout  # im Abend 2 der erste, im Buch der 2.
    halle = json.loads(cli("sabai", "ruhmeshalle", "--json").stdout)["ruhmeshalle"]
    assert [(e["name"], e["eintrag"]) for e in halle] == [("Anna", 2)]
    u = cli("rueckgaengig", "--eintrag", "2")
    assert u.returncode == 0, u.stderr
    assert json.loads(cli("sabai", "ruhmeshalle", "--json").stdout) == {"ruhmeshalle": []}
