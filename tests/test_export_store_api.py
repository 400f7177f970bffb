"""Export über die öffentliche Store-API, CSV mit BOM, Textspalten mit Emoji, Spielerhinweise."""

from __future__ import annotations

import json

import pytest
from hilfen import eintragen, korrektur

from referee.bericht.formate import anzeigebreite
from referee.errors import Eingabefehler
from referee.spiele import store_oeffnen as oeffne

VIER = ["Anna", "Ben", "Cem 🍺", "Dora"]


@pytest.fixture
def store(tmp_path):
    s = oeffne(tmp_path / "r.db")
    s.abend_neu(VIER)
    z = {"Anna": 20, "Ben": 20, "Cem 🍺": -20, "Dora": -20}
    eintragen(
        s,
        "schafkopf",
        {"zahlungen": z, "spielart": "rufspiel", "spieler": "Anna", "partner": "Ben"},
    )
    eintragen(s, "saufn", {"plaetze": ["Dora", "Anna", "Ben"], "spieler": VIER})
    korrektur(
        s,
        1,
        {
            "zahlungen": {n: -v for n, v in z.items()},
            "spielart": "rufspiel",
            "spieler": "Anna",
            "partner": "Ben",
        },
    )
    s.rueckgaengig(2)
    yield s
    s.schliessen()


def test_schnelle_export_funktionen_gleich_export(store):
    voll = store.export()
    kopf = store.export_kopf()
    assert kopf == {k: v for k, v in voll.items() if k != "eintraege"}
    assert [json.loads(z) for z in store.export_eintraege_json()] == voll["eintraege"]
    assert [json.loads(z) for z in store.export_eintraege_json(1)] == store.export(1)["eintraege"]


def test_eintraege_leicht_in_spielfolge(store):
    leicht = store.eintraege_leicht(1)
    # Korrektur #3 steht am Platz von #1; Storno #4 nach #2
    assert [(e.id, e.art, e.gilt) for e in leicht] == [
        (1, "spiel", False),
        (3, "korrektur", True),
        (2, "spiel", False),
        (4, "storno", False),
    ]
    assert leicht[0].eingabe == {}  # leicht: ohne die Eingabe
    assert dict(leicht[1].ergebnis.zahlungen)["Anna"] == -20 and leicht[3].ergebnis is None


def test_csv_mit_bom_und_ohne(cli, tmp_path):
    cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "@Dora", "--ort", "=SUMME(1)")
    cli("schafkopf", "eintragen", "rufspiel", "Anna+@dora", "--augen", "80")
    ziel = tmp_path / "a.csv"
    r = cli("export", "-f", "csv", "--trennzeichen", ";", "--bom", "-o", str(ziel))
    assert r.returncode == 0, r.stderr
    roh = ziel.read_bytes()
    assert roh.startswith("\ufeff".encode()) and roh.count("\ufeff".encode()) == 1
    zeilen = roh.decode("utf-8-sig").splitlines()
    assert zeilen[0].endswith(";Anna;Ben;Cem;'@Dora")
    assert ";'=SUMME(1);" in zeilen[1] and zeilen[1].endswith(";0,20;-0,20;-0,20;0,20")
    ohne = cli("export", "-f", "csv").stdout
    assert not ohne.startswith("\ufeff")


def test_anzeigebreite_und_spalten_mit_emoji():
    assert (
        anzeigebreite("Cem 🍺") == 6 and anzeigebreite("Anna") == 4 and anzeigebreite("Jörg") == 4
    )
    # Spaltentext: gleiche Anzeigebreite für jede Zeile
    from referee.bericht.formate import _spaltentext

    zeilen = _spaltentext(["Spieler", "Saldo"], [["Cem 🍺", "+1,00 €"], ["Anna", "-1,00 €"]], {1})
    assert [anzeigebreite(z) for z in zeilen] == [anzeigebreite(zeilen[0])] * 3
    assert zeilen[1] == "Cem 🍺   +1,00 €"


def test_spieler_nicht_am_abend_nennt_die_spieler(store):
    with pytest.raises(
        Eingabefehler, match=r"„Xaver“ spielt an diesem Abend nicht mit\. Dabei sind: Anna, Ben"
    ):
        store.spieler_finden("Xaver", unter=VIER)
    with pytest.raises(Eingabefehler, match="Meintest du „Cem 🍺“"):
        store.spieler_finden("cem", unter=VIER)


def test_statistik_spieler_tippfehler():
    from referee.bericht.statistik import finde_spieler

    assert finde_spieler("anna", ["Anna", "Ben"]) == "Anna"
    with pytest.raises(Eingabefehler, match="Meintest du „Anna“"):
        finde_spieler("Anan", ["Anna", "Ben"])
    with pytest.raises(Eingabefehler, match="bekannt sind: „Anna“, „Ben“"):
        finde_spieler("Xaver", ["Anna", "Ben"])
