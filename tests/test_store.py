"""Der Speicher (referee/store/) in-process: Schema, Migration, Einträge, Summen, Rundreise."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hilfen import eintragen, korrektur, stand
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import Eingabefehler, SpeicherFehler, Zustandsfehler
from referee.namen import namensschluessel
from referee.spiele import store_oeffnen as oeffne
from referee.spiele import werte_aus
from referee.store import SCHEMA_AKTUELL, KeineDaten, migrationen

VIER = ["Anna", "Ben", "Cem", "Dora"]


def sk(anna=50, ben=50, cem=-50, dora=-50, **mehr):
    return {
        "zahlungen": {"Anna": anna, "Ben": ben, "Cem": cem, "Dora": dora},
        "spielart": "rufspiel",
        "spieler": "Anna",
        "partner": "Ben",
        **mehr,
    }


@pytest.fixture
def store(tmp_path):
    s = oeffne(tmp_path / "r.db")
    s.abend_neu(VIER, ort="Post", tarif={"grund": 20})
    yield s
    s.schliessen()


# --------------------------------------------------------------------------- Datei


def test_lesen_legt_keine_datei_an(tmp_path):
    pfad = tmp_path / "sub" / "r.db"
    s = oeffne(pfad)
    assert s.aktueller_abend() is None
    assert stand(s)["schafkopf"] == {}
    assert s.eintraege() == []
    with pytest.raises(KeineDaten):
        s.abend()
    assert not pfad.exists() and not pfad.parent.exists()


def test_pfad_reihenfolge(tmp_path, monkeypatch):
    from referee.store import db_pfad

    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env.db"))
    assert db_pfad(tmp_path / "x.db") == tmp_path / "x.db"
    assert db_pfad() == tmp_path / "env.db"
    monkeypatch.delenv("REFEREE_DB")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert db_pfad() == tmp_path / "home" / ".local" / "share" / "referee" / "referee.db"


def test_verbindung_pragmas(store):
    c = store.verbindung._conn
    assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000
    assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_AKTUELL


def test_keine_sqlite_datei_bleibt_unveraendert(tmp_path):
    pfad = tmp_path / "notiz.db"
    inhalt = b"Einkaufsliste: Brezn, Bier\n" * 10
    pfad.write_bytes(inhalt)
    with pytest.raises(SpeicherFehler, match="keine SQLite-Datenbank"):
        oeffne(pfad)
    assert pfad.read_bytes() == inhalt


def test_fremde_sqlite_datei_bleibt_unveraendert(tmp_path):
    pfad = tmp_path / "fremd.db"
    c = sqlite3.connect(pfad)
    c.execute("CREATE TABLE kunden (id INTEGER PRIMARY KEY, name TEXT)")
    c.commit()
    c.close()
    vorher = pfad.read_bytes()
    with pytest.raises(SpeicherFehler, match="nicht von referee"):
        oeffne(pfad)
    assert pfad.read_bytes() == vorher


def test_neuere_version_wird_abgelehnt_datei_unveraendert(tmp_path):
    pfad = tmp_path / "neu.db"
    s = oeffne(pfad)
    s.abend_neu(VIER)
    s.verbindung._conn.execute(f"PRAGMA user_version = {SCHEMA_AKTUELL + 1}")
    s.schliessen()
    vorher = pfad.read_bytes()
    with pytest.raises(SpeicherFehler, match="neueren referee-Version") as info:
        oeffne(pfad)
    assert info.value.exit_code == 2
    assert pfad.read_bytes() == vorher


def test_migration_von_schema_v1_mit_daten(tmp_path):
    """Eine Datenbank im ersten Schema wird beim Öffnen aktualisiert; nichts geht verloren."""
    from sqlite_utils import Database

    pfad = tmp_path / "alt.db"
    db = Database(pfad)
    migrationen().apply(db, stop_before="v2_werte_geber_nur_anhaengen")
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.execute(
        "INSERT INTO spieler VALUES (1, 'Anna', 'anna', 't'), (2, 'Ben', 'ben', 't'), "
        "(3, 'Cem', 'cem', 't'), (4, 'Dora', 'dora', 't')"
    )
    db.execute("INSERT INTO abende VALUES (1, '2026-01-02', 'Post', '{}', '{}', 1, 't', NULL)")
    for i in range(4):
        db.execute("INSERT INTO abend_spieler VALUES (1, ?, ?)", [i + 1, i])
    e = [
        (1, "spiel", None, sk()),
        (2, "spiel", None, sk(anna=-150, ben=50, cem=50, dora=50)),
        (3, "storno", 2, {}),
        (4, "spiel", None, sk(anna=20, ben=20, cem=-20, dora=-20)),
        (5, "korrektur", 4, sk(anna=30, ben=30, cem=-30, dora=-30)),
    ]
    for eid, art, bezug, erg in e:
        db.execute(
            "INSERT INTO eintraege VALUES (?, 1, 't', 'schafkopf', ?, ?, '{}', ?)",
            [eid, art, bezug, json.dumps(erg)],
        )
    db.execute(
        "INSERT INTO eintraege VALUES (6, 1, 't', 'saufn', 'spiel', NULL, '{}', ?)",
        [json.dumps({"plaetze": ["Dora", "Cem", "Ben"], "spieler": VIER})],
    )
    db.conn.commit()
    db.close()

    s = oeffne(pfad)
    assert s.verbindung._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_AKTUELL
    st_ = stand(s, 1)
    assert st_["schafkopf"] == {"Anna": 80, "Ben": 80, "Cem": -80, "Dora": -80}
    assert st_["saufn"]["Dora"] == {"1": 1, "2": 0, "3": 0}
    assert [x.id for x in s.eintraege(1)] == [1, 5, 6]
    assert [x.nr for x in s.eintraege(1, alle=True)] == [1, 2, 3, 4, 5, 6]
    assert s.integritaet() == "ok"
    # und es geht weiter: Storno nach der Migration
    s.rueckgaengig()
    assert stand(s, 1)["saufn"] == {}
    assert stand(s, 1)["partien"]["saufn"] == 0
    s.schliessen()
    # zweites Öffnen migriert nichts mehr
    c = sqlite3.connect(pfad)
    assert c.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0] == SCHEMA_AKTUELL


# --------------------------------------------------------------------------- Spieler, Abend


def test_spieler_ohne_gross_klein_und_meintest_du(store):
    assert store.spieler_finden("aNNa").name == "Anna"
    with pytest.raises(Eingabefehler, match="Meintest du „Anna“"):
        store.spieler_finden("Anan")
    with pytest.raises(Eingabefehler, match="Unbekannter Spieler „Xaver“"):
        store.spieler_finden("Xaver")


def test_abend_neu_tippfehler_braucht_neu(tmp_path):
    s = oeffne(tmp_path / "r.db")
    s.abend_neu(VIER)
    s.abend_beenden()
    with pytest.raises(Eingabefehler, match="Meintest du „Anna“"):
        s.abend_neu(["Ana", "Ben", "Cem"])
    a, neu = s.abend_neu(["Ana", "ben", "CEM", "Eva"], neu=["Ana"])
    assert neu == ["Ana", "Eva"]
    assert a.spieler == ("Ana", "Ben", "Cem", "Eva")
    assert len(s.spieler_alle()) == 6


def test_nur_ein_offener_abend_und_beenden(store):
    with pytest.raises(Zustandsfehler, match="noch offen"):
        store.abend_neu(["X", "Y"])
    a = store.abend_beenden()
    assert not a.offen and a.beendet
    assert store.aktueller_abend() is None
    with pytest.raises(KeineDaten):
        eintragen(store, "schafkopf", sk())
    with pytest.raises(Zustandsfehler, match="beendet"):
        eintragen(store, "schafkopf", sk(), abend_id=a.id)


@pytest.mark.parametrize("name", ["", "   ", "Anna+Ben", "A,B", "x=y", "a:b", "a\x00b", "x" * 41])
def test_ungueltige_namen(tmp_path, name):
    with pytest.raises(Eingabefehler):
        oeffne(tmp_path / "r.db").abend_neu([name, "Ben"])
    assert not (tmp_path / "r.db").exists()


# --------------------------------------------------------------------------- Einträge


def test_eintragen_stand_alle_vier_spiele(store):
    eintragen(store, "schafkopf", sk())
    eintragen(store, "schafkopf", sk(anna=-150, ben=50, cem=50, dora=50))
    eintragen(
        store,
        "sabai",
        {
            "punkte": {"Anna": 6, "Ben": 3, "Cem": -8, "Dora": 2},
            "siegpunkte": {"Anna": 0, "Ben": 0, "Cem": 1, "Dora": -1},
            "ruhmeshalle": ["Cem"],
            "sieger": ["Cem"],
            "letzte": False,
        },
    )
    eintragen(
        store, "saufn", {"plaetze": ["Dora", "Anna", "Ben"], "spieler": VIER, "schluecke": None}
    )
    eintragen(
        store, "saufn", {"plaetze": ["Dora"], "spieler": ["Anna", "Cem", "Dora"], "schluecke": None}
    )
    eintragen(store, "schlafmuetze", {"sieger": "Ben", "spieler": ["Anna", "Ben", "Cem"]})
    s = stand(store, 1)
    assert s == {
        "abend": 1,
        "schafkopf": {"Anna": -100, "Ben": 100, "Cem": 0, "Dora": 0},
        "sabai": {"Anna": 0, "Ben": 0, "Cem": 1, "Dora": -1},
        "saufn": {
            "Anna": {"1": 0, "2": 1, "3": 0},
            "Ben": {"1": 0, "2": 0, "3": 1},
            "Cem": {"1": 0, "2": 0, "3": 0},
            "Dora": {"1": 2, "2": 0, "3": 0},
        },
        "schlafmuetze": {"Anna": 0, "Ben": 1, "Cem": 0},
        "ruhmeshalle": {"Cem": 1},
        "partien": {"schafkopf": 2, "sabai": 1, "saufn": 2, "schlafmuetze": 1},
    }
    assert stand(store)["schafkopf"] == {"Anna": -100, "Ben": 100, "Cem": 0, "Dora": 0}


def test_storno_und_korrektur_bleiben_sichtbar(store):
    e1 = eintragen(store, "schafkopf", sk())
    e2 = eintragen(store, "schafkopf", sk(anna=-150, ben=50, cem=50, dora=50))
    storno = store.rueckgaengig()
    assert (storno.art, storno.bezug, storno.gilt) == ("storno", e2.id, False)
    k = korrektur(store, e1.id, sk(anna=70, ben=70, cem=-70, dora=-70))
    assert (k.art, k.bezug) == ("korrektur", e1.id)
    assert stand(store, 1)["schafkopf"] == {"Anna": 70, "Ben": 70, "Cem": -70, "Dora": -70}
    assert [e.id for e in store.eintraege(1)] == [k.id]
    alle = store.eintraege(1, alle=True)
    assert [(e.art, e.gilt) for e in alle] == [
        ("spiel", False),
        ("spiel", False),
        ("storno", False),
        ("korrektur", True),
    ]
    assert dict(alle[0].ergebnis.zahlungen)["Anna"] == 50  # Original unverändert
    with pytest.raises(Zustandsfehler, match="schon ersetzt"):
        korrektur(store, e1.id, sk())
    with pytest.raises(Zustandsfehler, match="schon storniert"):
        store.rueckgaengig(e2.id)
    with pytest.raises(Zustandsfehler, match="selbst ein Storno"):
        store.rueckgaengig(storno.id)
    store.rueckgaengig()  # storniert die Korrektur: das Original gilt wieder (Schema 3)
    assert stand(store, 1)["schafkopf"] == dict(e1.ergebnis.zahlungen)
    assert [e.id for e in store.eintraege(1)] == [e1.id]
    store.rueckgaengig()  # storniert das Original
    with pytest.raises(KeineDaten, match="keinen Eintrag"):
        store.rueckgaengig()
    assert stand(store, 1)["schafkopf"] == {n: 0 for n in VIER}


def test_eintraege_sind_unveraenderlich(store):
    eintragen(store, "schafkopf", sk())
    c = store.verbindung._conn
    for sql in (
        "DELETE FROM eintraege",
        "UPDATE eintraege SET ergebnis = '{}'",
        "DELETE FROM werte",
        "UPDATE werte SET wert = 0",
    ):
        with pytest.raises(sqlite3.IntegrityError):
            c.execute(sql)
    assert stand(store, 1)["schafkopf"]["Anna"] == 50


def test_fremder_spieler_und_nullsumme_werden_abgelehnt(store):
    with pytest.raises(
        Eingabefehler, match="„Anan“ spielt an Abend 1 nicht mit. Meintest du „Anna“"
    ):
        eintragen(
            store, "schafkopf", {"zahlungen": {"Anan": 50, "Ben": 50, "Cem": -50, "Dora": -50}}
        )
    with pytest.raises(Eingabefehler, match="ergeben 10 Cent statt null"):
        eintragen(store, "schafkopf", sk(anna=60))
    with pytest.raises(Eingabefehler, match="Unbekanntes Spiel"):
        eintragen(store, "skat", {})
    assert store.eintraege(alle=True) == []


def test_namen_werden_kanonisch_gespeichert(tmp_path):
    from referee.buch import Buch
    from referee.schafkopf.ergebnis import SchafkopfErgebnis

    with Buch(tmp_path / "r.db") as buch:
        buch.abend_neu(VIER)
        erg = SchafkopfErgebnis(
            (("anna", 50), ("BEN", 50), ("cem", -50), ("dora", -50)),
            spielart="rufspiel",
            spieler="anna",
            partner="ben",
        )
        e = buch.eintragen(erg).eintrag
    assert dict(e.ergebnis.zahlungen) == {"Anna": 50, "Ben": 50, "Cem": -50, "Dora": -50}
    assert (e.ergebnis.spieler, e.ergebnis.partner) == ("Anna", "Ben")


def test_geber_wechselt_mit_geltenden_spielen(tmp_path):
    from referee.buch import Buch
    from referee.sabai.ergebnis import SabaiErgebnis
    from referee.schafkopf.ergebnis import SchafkopfErgebnis

    buch = Buch(tmp_path / "r.db")
    buch.abend_neu(VIER, geber="Cem")
    assert (buch.geber().geber, buch.geber().ausspieler) == ("Cem", "Dora")
    buch.eintragen(SchafkopfErgebnis.aus_json(sk()))
    assert buch.geber().geber == "Dora"
    buch.eintragen(SabaiErgebnis((("Anna", 0),), (("Anna", 1),)))
    assert buch.geber().geber == "Dora"  # nur Schafkopf-Spiele zählen
    buch.rueckgaengig()
    buch.rueckgaengig()
    assert buch.geber().geber == "Cem"
    buch.abend_ende()
    buch.abend_neu(VIER + ["Eva"])
    g = buch.geber()
    assert g.aussetzer == ("Anna",) and g.mitspieler == ("Ben", "Cem", "Dora", "Eva")
    buch.schliessen()


def test_werte_aus_ergebnis_vertrag():
    assert werte_aus("saufn", {"plaetze": ["A", "B"], "spieler": ["A", "B", "C"]}) == {
        "platz1": {"A": 1},
        "platz2": {"B": 1},
        "partien": {"A": 1, "B": 1, "C": 1},
    }
    assert werte_aus("schlafmuetze", {"sieger": "A", "spieler": ["A", "B"]}) == {
        "sieg": {"A": 1},
        "partien": {"A": 1, "B": 1},
    }
    with pytest.raises(Eingabefehler):
        werte_aus("schafkopf", {"zahlungen": {"A": 1.5, "B": -1.5}})


SELTSAM = [
    'O\'Brien "Obi"',
    "a;b",
    "[bold]x[/bold]",
    "Zoë 🂡🍺",
    "'; DROP TABLE spieler; --",
    "Robert'); DROP TABLE eintraege;--",
]


def test_seltsame_namen_exakt(tmp_path):
    s = oeffne(tmp_path / "r.db")
    s.abend_neu(SELTSAM)
    z = {n: (10 if i % 2 else -10) for i, n in enumerate(SELTSAM)}
    eintragen(s, "schafkopf", {"zahlungen": z})
    assert list(stand(s, 1)["schafkopf"]) == SELTSAM
    assert stand(s, 1)["schafkopf"] == z
    assert [x.name for x in s.spieler_alle()] == SELTSAM
    assert s.spieler_finden("zoë 🂡🍺").name == "Zoë 🂡🍺"


# --------------------------------------------------------------------------- Eigenschaften


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["spiel", "storno", "korrektur"]),
            st.lists(st.integers(-500, 500), min_size=3, max_size=3),
        ),
        min_size=1,
        max_size=25,
    )
)
def test_stand_ist_summe_der_geltenden_eintraege(tmp_path_factory, aktionen):
    s = oeffne(tmp_path_factory.mktemp("h") / "r.db")
    s.abend_neu(VIER)
    erwartet: dict[int, dict] = {}  # id -> zahlungen in Kraft
    ersetzt: dict[int, tuple[int, dict]] = {}  # Korrektur-id -> (Original-id, dessen Zahlungen)
    for art, (a, b, c) in aktionen:
        z = {"Anna": a, "Ben": b, "Cem": c, "Dora": -(a + b + c)}
        if art == "spiel" or not erwartet:
            erwartet[eintragen(s, "schafkopf", {"zahlungen": z}).id] = z
        elif art == "storno":
            letzte = max(erwartet)
            s.rueckgaengig()
            del erwartet[letzte]
            if letzte in ersetzt:  # Storno einer Korrektur: das Original gilt wieder
                original, oz = ersetzt.pop(letzte)
                erwartet[original] = oz
        else:
            alt = min(erwartet)
            az = erwartet.pop(alt)
            neu = korrektur(s, alt, {"zahlungen": z}).id
            erwartet[neu] = z
            ersetzt[neu] = (alt, az)
    summe = {n: sum(z[n] for z in erwartet.values()) for n in VIER}
    assert stand(s, 1)["schafkopf"] == summe
    assert sum(stand(s)["schafkopf"].values()) == 0
    assert sorted(e.id for e in s.eintraege(1)) == sorted(erwartet)
    s.schliessen()


# --------------------------------------------------------------------------- Export/Import


def test_export_import_rundreise(store, tmp_path):
    eintragen(store, "schafkopf", sk())
    eintragen(store, "schafkopf", sk(anna=-150, ben=50, cem=50, dora=50))
    store.rueckgaengig()
    eintragen(
        store,
        "sabai",
        {
            "siegpunkte": {"Anna": 1, "Cem": -1},
            "punkte": {"Anna": 0, "Cem": 9},
            "ruhmeshalle": ["Anna"],
        },
    )
    korrektur(store, 1, sk(anna=10, ben=10, cem=-10, dora=-10))
    store.abend_beenden()
    store.abend_neu(["Anna", "Ben", "Zoë 🍺"])
    eintragen(store, "schlafmuetze", {"sieger": "Zoë 🍺", "spieler": ["Anna", "Ben", "Zoë 🍺"]})
    ex = json.loads(json.dumps(store.export(), ensure_ascii=False))
    ziel = oeffne(tmp_path / "ziel.db")
    assert ziel.importieren(ex) == {"spieler": 5, "abende": 2, "eintraege": 6, "turniere": 0}
    assert json.loads(json.dumps(ziel.export(), ensure_ascii=False)) == ex
    assert stand(ziel) == stand(store)
    with pytest.raises(Zustandsfehler, match="nicht leer"):
        ziel.importieren(ex)
    # ein einzelner Abend
    einer = store.export(abend_id=2)
    assert [s["name"] for s in einer["spieler"]] == ["Anna", "Ben", "Zoë 🍺"]
    z2 = oeffne(tmp_path / "z2.db")
    z2.importieren(einer)
    assert z2.export() == einer


def test_namensschluessel():
    assert namensschluessel("  ANNA  ") == namensschluessel("anna")
    assert namensschluessel("Stra\u00dfe") == namensschluessel("STRASSE")
    assert namensschluessel("Zoe\u0308") == namensschluessel("Zoë")


def test_neues_buch_auf_einmal_gleicht_allen_migrationen(tmp_path):
    """Ein neues Buch bekommt das Ergebnis der Migrationen auf einmal
    (``schema.neues_buch_anlegen``): Tabellen, Indizes, Trigger, Spalten, Pragmas und die
    vermerkten Migrationen gleichen einem Buch, das Schritt für Schritt migriert wurde."""
    import sqlite3

    from sqlite_utils import Database

    from referee.buch import Buch

    schrittweise = sqlite3.connect(tmp_path / "schritt.db", isolation_level=None)
    migrationen().apply(Database(schrittweise))
    with Buch(tmp_path / "neu.db") as b:  # das erste Schreiben legt das Buch an
        b.abend_neu(["Anna", "Ben", "Cem", "Dora"])
    neu = sqlite3.connect(tmp_path / "neu.db")

    def schema(c):
        return (
            sorted(c.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")),
            c.execute("PRAGMA user_version").fetchone(),
            c.execute("PRAGMA application_id").fetchone(),
            [z[0] for z in c.execute("SELECT name FROM _sqlite_migrations ORDER BY id")],
            {
                t: list(c.execute(f'PRAGMA table_xinfo("{t}")'))
                for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            },
        )

    a, b = schema(schrittweise), schema(neu)
    assert a == b
    assert a[1] == (SCHEMA_AKTUELL,) and len(a[3]) == SCHEMA_AKTUELL
    assert any(t == "trigger" for t, *_ in a[0])  # die Zusagen in der Datenbank kommen mit
