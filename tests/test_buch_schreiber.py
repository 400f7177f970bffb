"""Schreiben übers Netz (issue 26) im Buch: Idempotenz-Schlüssel, Vorschau ohne Schreiben,
gleicher Eintrag zweier Handys, Rückgängig nur des letzten Eintrags."""

from __future__ import annotations

import sqlite3

import pytest

from referee.buch import Buch, DoppelterEintrag
from referee.errors import Eingabefehler, Zustandsfehler
from referee.sabai.ergebnis import SabaiAngaben
from referee.schafkopf.angaben import SchafkopfAngaben
from referee.store import SCHEMA_AKTUELL

VIER = ["Anna", "Ben", "Cem", "Dora"]
RUF = SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=71)  # 10-20-50: +20 Anna, Ben


@pytest.fixture
def buch(tmp_path):
    b = Buch(tmp_path / "s.db")
    b.abend_neu(VIER)
    yield b
    b.schliessen()


def _zahl(buch, tabelle):
    c = sqlite3.connect(buch.pfad)
    try:
        return c.execute(f"SELECT count(*) FROM {tabelle}").fetchone()[0]
    finally:
        c.close()


def test_derselbe_schluessel_schreibt_einmal(buch):
    a = buch.eintragen(RUF, schluessel="handy-1-abcdef")
    b = buch.eintragen(RUF, schluessel="handy-1-abcdef")
    assert not a.wiederholt and b.wiederholt
    assert a.eintrag.id == b.eintrag.id
    assert _zahl(buch, "eintraege") == 1
    assert buch.stand().teil("schafkopf")["Anna"] == 20
    # auch mit anderem Inhalt: derselbe Schlüssel ist dieselbe Absendung
    c = buch.eintragen(
        SchafkopfAngaben.angesagt("wenz", ("Cem",), augen=80), schluessel="handy-1-abcdef"
    )
    assert c.wiederholt and c.eintrag.id == a.eintrag.id and _zahl(buch, "eintraege") == 1


def test_anderer_schluessel_schreibt_neu(buch):
    buch.eintragen(RUF, schluessel="aaaaaaaa1")
    buch.eintragen(RUF, schluessel="aaaaaaaa2")
    assert _zahl(buch, "eintraege") == 2
    assert buch.stand().teil("schafkopf")["Anna"] == 40


@pytest.mark.parametrize("schluessel", ["kurz", "x" * 101, "mit leer zeichen", "ümlaut123", ""])
def test_schlechter_schluessel_ist_eingabefehler_und_schreibt_nichts(buch, schluessel):
    with pytest.raises(Eingabefehler):
        buch.eintragen(RUF, schluessel=schluessel)
    assert _zahl(buch, "eintraege") == 0


def test_vorschau_schreibt_nichts_und_rechnet_wie_eintragen(buch):
    v = buch.vorschau(SchafkopfAngaben.angesagt("wenz", ("Cem",), augen=45))
    j = v.als_json()
    # verlorener Wenz, Tarif 10-20-50: Cem zahlt je 50 an drei = −150
    assert j["werte"]["cent"] == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    assert j["spiel"] == "schafkopf" and j["doppelt"] is None
    assert "50" in j["erklaerung"]
    assert _zahl(buch, "eintraege") == 0


def test_gleicher_eintrag_zweier_handys(buch):
    erst = buch.eintragen(RUF, schluessel="phone-a-0001", doppelt_ok=False)
    assert buch.vorschau(RUF).doppelt.id == erst.eintrag.id
    with pytest.raises(DoppelterEintrag) as f:
        buch.eintragen(RUF, schluessel="phone-b-0001", doppelt_ok=False)
    assert f.value.eintrag.id == erst.eintrag.id
    assert f"#{erst.eintrag.id}" in str(f.value) and "trotzdem" in str(f.value)
    assert _zahl(buch, "eintraege") == 1
    # „trotzdem eintragen“: bewusst ein zweites Mal
    buch.eintragen(RUF, schluessel="phone-b-0001", doppelt_ok=True)
    assert _zahl(buch, "eintraege") == 2
    # anderes Spiel ist kein Doppel
    buch.eintragen(SabaiAngaben((("Anna", "3"), ("Ben", "5"), ("Cem", "7"), ("Dora", "9"))))
    assert (
        buch.vorschau(SchafkopfAngaben.angesagt("rufspiel", ("Cem", "Dora"), augen=71)).doppelt
        is None
    )


def test_gleicher_eintrag_ausserhalb_des_fensters_oder_storniert_ist_neu(buch, monkeypatch):
    from datetime import UTC, datetime, timedelta

    import referee.buch
    import referee.store.eintraege

    # der erste Eintrag vor 5 s geschrieben (Zeiten sind sekundengenau gespeichert) – statt
    # nach dem Eintragen zu warten, bis er aus einem Fenster von 1 s gefallen ist
    vorhin = (datetime.now(UTC) - timedelta(seconds=5)).astimezone().isoformat(timespec="seconds")
    with monkeypatch.context() as uhr:
        uhr.setattr(referee.store.eintraege, "_jetzt", lambda: vorhin)
        erst = buch.eintragen(RUF)
    assert erst.eintrag.zeit == vorhin
    assert buch.vorschau(RUF).doppelt.id == erst.eintrag.id
    monkeypatch.setattr(referee.buch, "DOPPELT_SEKUNDEN", 1)
    assert buch.vorschau(RUF).doppelt is None
    monkeypatch.setattr(referee.buch, "DOPPELT_SEKUNDEN", 120)
    assert buch.vorschau(RUF).doppelt.id == erst.eintrag.id
    buch.rueckgaengig(erst.eintrag.id)  # storniert gilt nicht mehr als Doppel
    assert buch.vorschau(RUF).doppelt is None


def test_rueckgaengig_nur_letzten(buch):
    e1 = buch.eintragen(RUF).eintrag
    e2 = buch.eintragen(SchafkopfAngaben.angesagt("rufspiel", ("Cem", "Dora"), augen=71)).eintrag
    with pytest.raises(Zustandsfehler, match=f"#{e1.id} ist nicht mehr der letzte"):
        buch.rueckgaengig(e1.id, nur_letzten=True, schluessel="undo-000001")
    assert _zahl(buch, "eintraege") == 2
    r = buch.rueckgaengig(e2.id, nur_letzten=True, schluessel="undo-000002")
    assert r.storniert.id == e2.id and not r.wiederholt
    r2 = buch.rueckgaengig(e2.id, nur_letzten=True, schluessel="undo-000002")
    assert r2.wiederholt and r2.storno.id == r.storno.id
    assert _zahl(buch, "eintraege") == 3
    # schon storniert: ohne Schlüssel-Wiederholung ein Zustandsfehler
    with pytest.raises(Zustandsfehler, match="schon storniert"):
        buch.rueckgaengig(e2.id, nur_letzten=True, schluessel="undo-000003")


def test_korrektur_mit_schluessel_und_veraltet(buch):
    e1 = buch.eintragen(RUF).eintrag
    neu = SchafkopfAngaben.angesagt("rufspiel", ("Anna", "Ben"), augen=91)  # Schneider: 30
    k = buch.korrigieren(e1.id, neu, schluessel="korr-0000001")
    k2 = buch.korrigieren(e1.id, neu, schluessel="korr-0000001")
    assert k2.wiederholt and k2.eintrag.id == k.eintrag.id
    assert buch.stand().teil("schafkopf")["Anna"] == 30
    with pytest.raises(Zustandsfehler, match="schon ersetzt"):
        buch.korrigieren(e1.id, RUF, schluessel="korr-0000002")
    v = buch.vorschau(RUF, korrektur_von=k.eintrag.id)
    assert v.als_json()["werte"]["cent"]["Anna"] == 20 and v.als_json()["ersetzt"] == k.eintrag.id
    assert _zahl(buch, "eintraege") == 2


def test_schema_hat_schluessel_tabelle(buch):
    buch.eintragen(RUF, schluessel="schema-test-1")
    c = sqlite3.connect(buch.pfad)
    assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_AKTUELL == 11
    assert c.execute("SELECT count(*) FROM schluessel").fetchone()[0] == 1
    with pytest.raises(sqlite3.IntegrityError):
        c.execute("UPDATE schluessel SET eintrag_id = 99")
    c.close()


def test_export_schema_4_wird_weiter_importiert(buch, tmp_path):
    import json

    buch.eintragen(RUF, schluessel="export-test-1")
    daten = json.loads(buch.exportieren(format="json").inhalt)
    assert daten["schema"] == 11
    daten["schema"] = 4
    with Buch(tmp_path / "neu4.db") as b4:
        b4.importieren(daten)
        assert b4.stand(1).teil("schafkopf") == {"Anna": 20, "Ben": 20, "Cem": -20, "Dora": -20}
    daten["schema"] = 3
    with Buch(tmp_path / "neu3.db") as b3, pytest.raises(Eingabefehler, match="Schema 3"):
        b3.importieren(daten)


def test_wiederholung_nach_abend_ende_bekommt_die_erste_antwort(buch):
    """Die Antwort ging verloren, inzwischen ist der Abend beendet: die Wiederholung mit
    demselben Schlüssel meldet den geschriebenen Eintrag, keinen Fehler; ein neuer Schlüssel
    wird abgewiesen."""
    e = buch.eintragen(RUF, schluessel="spaet-00001")
    buch.abend_ende()
    w = buch.eintragen(RUF, schluessel="spaet-00001", doppelt_ok=True)
    assert w.wiederholt and w.eintrag.id == e.eintrag.id
    assert w.stand.teil("schafkopf")["Anna"] == 20
    with pytest.raises(Zustandsfehler, match="Kein offener Abend"):
        buch.eintragen(RUF, schluessel="spaet-00002")
    assert _zahl(buch, "eintraege") == 1
