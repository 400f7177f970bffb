"""``referee export``, ``referee import``, ``referee statistik`` über die Kommandozeile."""

from __future__ import annotations

import csv
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hilfen import eintragen, korrektur

from referee.spiele import store_oeffnen as oeffne

TARIF = {
    "name": "10-20-50",
    "grund": 20,
    "solo": 50,
    "schneider": 10,
    "schwarz": 10,
    "laufende": 10,
    "laufende_ab": 3,
}


def sk(art, sp, pa, gew, wert, z, **kw):
    """Ein Schafkopf-Ergebnis (JSON-Form), wie ``eintragen`` es schreibt: aus den Fakten gerechnet
    (Tarif 10-20-50), Zahlungen, Wert, Ausgang und Schneider von Hand dagegen geprüft."""
    from referee.schafkopf.eintrag import ergebnis_aus_fakten
    from referee.schafkopf.spielart import Spielart
    from referee.schafkopf.tarif import Tarif

    e = ergebnis_aus_fakten(
        Spielart(art),
        list(z),
        [sp] + ([pa] if pa else []),
        augen=kw.get("augen", 70),
        laufende=kw.get("laufende", 0),
        schwarz=kw.get("schwarz", False),
        tout=kw.get("tout", False),
        klopfer=kw.get("klopfer", 0),
        stoesse=kw.get("stoesse", 0),
        tarif=Tarif.aus_json(TARIF),
    )
    assert (dict(e.zahlungen), e.wert, e.gewonnen, e.schneider) == (
        z,
        wert,
        gew,
        kw.get("schneider", False),
    )
    return e.als_json()


def fuelle(pfad, namen=("Anna", "Ben", "Cem", "Dora"), ort="Gasthaus Post", schliessen=True):
    """Ein Abend mit Storno, Korrektur und allen vier Spielen; gibt die Abend-id zurück."""
    a, b, c, d = namen
    with oeffne(pfad) as s:
        abend, _ = s.abend_neu(list(namen), ort=ort, datum="2026-11-28", tarif=TARIF)
        eintragen(
            s,
            "schafkopf",
            sk("rufspiel", a, b, True, 20, {a: 20, b: 20, c: -20, d: -20}),
            {"argv": ["x"]},
        )
        e2 = eintragen(
            s,
            "schafkopf",
            # Wenz mit Schneider: 50 + 10 (Tarif 10-20-50) – so, wie eintragen es schriebe
            sk(
                "wenz",
                c,
                None,
                True,
                60,
                {a: -60, b: -60, c: 180, d: -60},
                augen=95,
                schneider=True,
            ),
        )
        eintragen(
            s,
            "schafkopf",
            sk(
                "solo",
                d,
                None,
                False,
                60,
                {a: 60, b: 60, c: 60, d: -180},
                schneider=True,
                augen=25,
            ),
        )
        s.rueckgaengig()
        korrektur(
            s,
            e2.id,
            # schwarz: 50 + 10 (Schneider) + 10 (Schwarz)
            sk(
                "wenz",
                c,
                None,
                True,
                70,
                {a: -70, b: -70, c: 210, d: -70},
                augen=120,
                schneider=True,
                schwarz=True,
            ),
        )
        eintragen(
            s,
            "sabai",
            {
                "punkte": {a: 6, b: 3, c: 10, d: -16},
                "siegpunkte": {a: 0, b: 0, c: 0, d: 1},
                "ruhmeshalle": [d],
                "sieger": [d],
                "letzte": True,
            },
        )
        eintragen(s, "saufn", {"plaetze": [b, c, a], "spieler": list(namen), "schluecke": None})
        eintragen(s, "schlafmuetze", {"sieger": a, "spieler": [a, b, c]})
        if schliessen:
            s.abend_beenden()
        return abend.id


# ------------------------------------------------------------------ export text / Abend-Wahl


def test_export_text_letzter_abend(cli, db_pfad):
    fuelle(db_pfad)
    r = cli("export")
    assert r.returncode == 0, r.stderr
    assert r.stdout == (
        "Kartenabend Sa 28.11.2026 · Gasthaus Post\n"
        "Spieler: Anna, Ben, Cem, Dora\n"
        "Gespielt: 2× Schafkopf, 1× Sabai, 1× SAUFN, 1× Schlafmütze\n"
        "\n"
        "Schafkopf (Tarif 10-20-50):\n"
        "  Cem +1,90 €\n"
        "  Anna -0,50 €\n"
        "  Ben -0,50 €\n"
        "  Dora -0,90 €\n"
        "\n"
        "Wer zahlt wem:\n"
        "  Dora → Cem: 0,90 €\n"
        "  Anna → Cem: 0,50 €\n"
        "  Ben → Cem: 0,50 €\n"
        "\n"
        "Sabai (1 Runde), Siegespunkte: Dora 1, Anna 0, Ben 0, Cem 0\n"
        "  Ruhmeshalle: Dora\n"
        "\n"
        "SAUFN (1 Spiel):\n"
        "  1. Ben 2. Cem 3. Anna\n"
        "\n"
        "Schlafmütze (1 Spiel), Siege: Anna 1, Ben 0, Cem 0\n"
    )
    assert r.stderr == ""


def test_export_abend_und_gesamt(cli, db_pfad):
    erster = fuelle(db_pfad)
    with oeffne(db_pfad) as s:
        s.abend_neu(["Anna", "Ben", "Cem", "Dora"], datum="2026-12-05")
        eintragen(
            s,
            "schafkopf",
            # 20 (Rufspiel) + 30 (3 Laufende × 10) = 50, geklopft: × 2 = 100
            sk(
                "rufspiel",
                "Anna",
                "Ben",
                True,
                100,
                {"Anna": 100, "Ben": 100, "Cem": -100, "Dora": -100},
                laufende=3,
                klopfer=1,
            ),
        )
    jetzt = cli("export")  # der offene (zweite) Abend
    assert "Kartenabend Sa 05.12.2026" in jetzt.stdout and "Anna +1,00 €" in jetzt.stdout
    frueher = cli("export", "--abend", str(erster))
    assert "Cem +1,90 €" in frueher.stdout
    alle = cli("export", "--gesamt")
    assert alle.stdout.startswith("Alle Abende (2, 28.11.2026 – 05.12.2026)\n")
    assert (
        "  Anna +0,50 €\n" in alle.stdout and "Wer zahlt wem (alle Abende zusammen):" in alle.stdout
    )


def test_export_fehler(cli, db_pfad):
    r = cli("export")
    assert r.returncode == 2 and "Es gibt noch keinen Abend." in r.stderr
    assert not db_pfad.exists()  # lesen legt keine Datenbank an
    fuelle(db_pfad)
    r = cli("export", "--abend", "99")
    assert r.returncode == 2 and r.stderr == "Fehler: Es gibt keinen Abend 99.\n"
    r = cli("export", "--abend", "1", "--gesamt")
    assert r.returncode == 2 and "schließen sich aus" in r.stderr
    r = cli("export", "--format", "pdf")
    assert (
        r.returncode == 2
        and "Unbekanntes Format „pdf“; erlaubt sind text, md, csv, json, html." in r.stderr
    )
    r = cli("export", "--format", "csv", "--trennzeichen", "ab")
    assert r.returncode == 2 and "Trennzeichen „ab“" in r.stderr
    assert "Traceback" not in r.stderr


# ------------------------------------------------------------------ -o, --force, atomar


def test_export_datei_nie_ohne_force_ueberschreiben(cli, db_pfad, tmp_path):
    fuelle(db_pfad)
    ziel = tmp_path / "aus" / "abend.csv"
    ziel.parent.mkdir()
    r = cli("export", "-f", "csv", "-o", str(ziel))
    assert r.returncode == 0 and r.stdout == ""
    assert r.stderr == f"Geschrieben: {ziel} (csv, Abend 1, 5 Einträge).\n"
    erst = ziel.read_bytes()
    assert erst.startswith(b"Abend,Datum,Ort,Nr,")
    ziel.write_text("meins", encoding="utf-8")
    r = cli("export", "-f", "md", "-o", str(ziel))
    assert r.returncode == 2
    assert (
        r.stderr == f"Fehler: Die Datei {ziel} gibt es schon; mit --force wird sie überschrieben.\n"
    )
    assert ziel.read_text(encoding="utf-8") == "meins"
    r = cli("export", "-f", "md", "-o", str(ziel), "--force")
    assert r.returncode == 0 and ziel.read_text(encoding="utf-8").startswith("# Kartenabend")
    assert sorted(p.name for p in ziel.parent.iterdir()) == ["abend.csv"]  # keine Reste
    r = cli("export", "-o", str(tmp_path / "gibtsnicht" / "x.txt"))
    assert r.returncode == 2 and "Das Verzeichnis" in r.stderr


def test_schreibe_atomar_ersetzt_in_einem_schritt(tmp_path, monkeypatch):
    from referee.cli import export as ex
    from referee.errors import Eingabefehler

    ziel = tmp_path / "x.txt"
    ziel.write_text("alt", encoding="utf-8")
    gesehen = []
    echt = os.replace

    def replace(a, b):
        gesehen.append(
            (
                os.path.dirname(a),
                Path(a).read_text(encoding="utf-8"),
                ziel.read_text(encoding="utf-8"),
            )
        )
        return echt(a, b)

    monkeypatch.setattr(os, "replace", replace)  # schreibe_atomar: referee.dateien
    ex.schreibe_atomar(ziel, "neu", ueberschreiben=True)
    assert gesehen == [
        (str(tmp_path), "neu", "alt")
    ]  # Temp-Datei im selben Verzeichnis, fertig geschrieben
    assert ziel.read_text(encoding="utf-8") == "neu"
    with pytest.raises(Eingabefehler, match="gibt es schon"):
        ex.schreibe_atomar(ziel, "nochmal", ueberschreiben=False)
    assert ziel.read_text(encoding="utf-8") == "neu"
    assert [p.name for p in tmp_path.iterdir()] == ["x.txt"]


# ------------------------------------------------------------------ CSV


def test_export_csv_semikolon_und_formelschutz(cli, db_pfad):
    fuelle(db_pfad, namen=("-Ben", "@x", "Anna", "Cem 😀"), ort='=HYPERLINK("http://x")')
    r = cli("export", "--format", "csv", "--trennzeichen", ";")
    assert r.returncode == 0, r.stderr
    zeilen = list(csv.reader(io.StringIO(r.stdout, newline=""), delimiter=";"))
    assert zeilen[0][-4:] == ["'-Ben", "'@x", "Anna", "Cem 😀"]
    assert len(zeilen) == 6
    rufspiel = zeilen[1]
    assert rufspiel[2] == '\'=HYPERLINK("http://x")'
    assert rufspiel[7:9] == ["'-Ben", "'@x"]
    assert rufspiel[-4:] == ["0,20", "0,20", "-0,20", "-0,20"]
    korrektur = zeilen[2]
    assert (
        korrektur[3] == "5"
        and korrektur[6] == "wenz"
        and korrektur[-4:] == ["-0,70", "-0,70", "2,10", "-0,70"]
    )


# ------------------------------------------------------------------ JSON und import


def test_export_import_export_identisch(cli, db_pfad, tmp_path):
    fuelle(db_pfad, namen=("Anna", 'Bé\'n "B"', "Cem 😀", "Do;ra [x]"))
    with oeffne(db_pfad) as s:
        s.abend_neu(["Anna", "Cem 😀", "Zoë", "Ede"], datum="2026-12-05", ort=None)
        eintragen(
            s,
            "schafkopf",
            sk(
                "rufspiel",
                "Anna",
                "Zoë",
                True,
                20,
                {"Anna": 20, "Zoë": 20, "Cem 😀": -20, "Ede": -20},
            ),
        )
    for auswahl in (["--gesamt"], ["--abend", "1"], []):
        eins, zwei = tmp_path / f"eins{len(auswahl)}.json", tmp_path / f"zwei{len(auswahl)}.json"
        neu = tmp_path / f"neu{len(auswahl)}.db"
        assert cli("export", *auswahl, "-f", "json", "-o", str(eins)).returncode == 0
        r = cli("import", str(eins), "--db", str(neu))
        assert r.returncode == 0, r.stderr
        assert r.stderr.startswith(f"Importiert nach {neu}: ")
        assert (
            cli("export", *auswahl, "-f", "json", "-o", str(zwei), "--db", str(neu)).returncode == 0
        )
        assert eins.read_bytes() == zwei.read_bytes()
    daten = json.loads((tmp_path / "eins1.json").read_text(encoding="utf-8"))
    assert daten["format"] == "referee-export"
    assert [a["id"] for a in daten["abende"]] == [1, 2]
    arten = [e["art"] for e in daten["eintraege"]]
    assert arten.count("storno") == 1 and arten.count("korrektur") == 1
    assert daten["abende"][0]["tarif"] == TARIF
    assert daten["stand"]["schafkopf"]["Cem 😀"] == 190 - 20
    assert daten["stand"]["ueberweisungen"][0] == {"von": "Do;ra [x]", "an": "Cem 😀", "cent": 90}
    assert "\\u" not in (tmp_path / "eins1.json").read_text(encoding="utf-8")


def test_export_json_gleich_store_export(db_pfad):
    """Der schnelle SQL-Weg (``Buch.exportieren``) liefert genau ``Store.export``."""
    from referee.buch import Buch

    fuelle(db_pfad, namen=("Anna", 'Bé\'n "B"', "Cem 😀", "Do;ra [x]"))
    with Buch(db_pfad) as buch:
        for gesamt in (True, False):
            ex = buch.exportieren(None if gesamt else 1, gesamt=gesamt)
            daten = json.loads(ex.inhalt)
            ref = buch.store.export(None if gesamt else 1)
            assert {k: daten[k] for k in ref} == ref
            assert ex.anzahl == len(ref["eintraege"]) == 8


def test_import_fehler(cli, db_pfad, tmp_path):
    kaputt = tmp_path / "kaputt.json"
    kaputt.write_text('{"format": ', encoding="utf-8")
    r = cli("import", str(kaputt))
    assert r.returncode == 2 and "ist kein gültiges JSON (Zeile 1, Spalte 12" in r.stderr
    r = cli("import", str(tmp_path / "fehlt.json"))
    assert r.returncode == 2 and "gibt es nicht" in r.stderr
    fremd = tmp_path / "fremd.json"
    fremd.write_text('{"a": 1}', encoding="utf-8")
    r = cli("import", str(fremd))
    assert r.returncode == 2 and "kein referee-Export" in r.stderr
    assert not db_pfad.exists()
    fuelle(db_pfad)
    export = tmp_path / "e.json"
    assert cli("export", "-f", "json", "-o", str(export)).returncode == 0
    vorher = db_pfad.read_bytes()
    r = cli("import", str(export))
    assert r.returncode == 2 and "ist nicht leer" in r.stderr
    assert "Traceback" not in r.stderr
    assert db_pfad.read_bytes() == vorher


def test_import_von_stdin_mit_json(cli, db_pfad, tmp_path):
    fuelle(db_pfad)
    text = cli("export", "-f", "json").stdout
    r = cli("import", "-", "--json", "--db", str(tmp_path / "n.db"), input=text)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"spieler": 4, "abende": 1, "eintraege": 8, "turniere": 0}


# ------------------------------------------------------------------ HTML, Markdown


def test_export_html_und_md(cli, db_pfad):
    fuelle(db_pfad, namen=("<b>Ben</b>", "A&B", "Cem", "Dora"))
    r = cli("export", "-f", "html")
    assert r.returncode == 0
    seite = r.stdout
    assert '<meta name="viewport"' in seite and "<script" not in seite
    assert "&lt;b&gt;Ben&lt;/b&gt;" in seite and "<b>Ben</b>" not in seite
    svg = ET.fromstring(seite[seite.index("<svg") : seite.index("</svg>") + 6])
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 4
    md = cli("export", "-f", "md").stdout
    assert "| Cem | +1,90 € |" in md
    assert (
        "- Eintrag 4 (Nr 4" in md
        and "Storno von Eintrag 3" in md
        and "Korrektur von Eintrag 2" in md
    )


# ------------------------------------------------------------------ statistik


def test_statistik_json(cli, db_pfad):
    fuelle(db_pfad)
    r = cli("statistik", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["abend"] == 1
    assert set(d) == {"abend", "schafkopf", "sabai", "saufn", "schlafmuetze"}
    cem = d["schafkopf"]["spieler"]["Cem"]
    assert (
        cem["spiele"] == 2
        and cem["als_spieler"] == 1
        and cem["soli"] == {"gespielt": 1, "gewonnen": 1}
    )
    assert cem["saldo"] == 190 and cem["groesster_gewinn"] == 210
    assert d["schafkopf"]["spielarten"] == {
        "rufspiel": {"gespielt": 1, "gewonnen": 1},
        "wenz": {"gespielt": 1, "gewonnen": 1},
    }
    assert d["sabai"]["spieler"]["Dora"]["ruhmeshalle"] == 1
    assert d["saufn"]["spieler"]["Ben"]["plaetze"] == [1, 0, 0]
    assert d["schlafmuetze"]["spieler"]["Anna"] == {"spiele": 1, "siege": 1}


def test_statistik_text_und_spieler(cli, db_pfad):
    fuelle(db_pfad)
    r = cli("statistik", "--gesamt")
    assert r.returncode == 0
    assert r.stdout.startswith("Statistik: Alle Abende\n\nSchafkopf (2 Spiele)\n")
    assert "Cem           2  1/0/1    50,0 %   1/1" in r.stdout
    r = cli("statistik", "--spieler", "cem")
    assert r.stdout.startswith("Statistik für Cem: Abend 1 (28.11.2026)\n")
    assert "  Als Spieler (gewonnen/gespielt): Wenz 1/1\n" in r.stdout
    j = json.loads(cli("statistik", "--spieler", "DORA", "--json").stdout)
    assert j["spieler"] == "Dora" and j["schlafmuetze"] is None
    assert [x["nr"] for x in j["sabai_ruhmeshalle"]] == [6]
    r = cli("statistik", "--spieler", "Erna")
    assert r.returncode == 2
    assert r.stderr == (
        "Fehler: Spieler „Erna“ kommt in den Einträgen nicht vor; bekannt sind: "
        "„Anna“, „Ben“, „Cem“, „Dora“.\n"
    )


def test_rundreise_auch_mit_ascii_escapes_im_buch(cli, db_pfad, tmp_path):
    """Ein Ergebnis, das mit ``ensure_ascii=True`` gespeichert wurde (z. B. vom Benchmark-Generator)."""
    import sqlite3

    fuelle(db_pfad, schliessen=False)
    erg = {"sieger": "Anna", "spieler": ["Anna", "Ben"], "notiz": "Grüße 😀"}
    with sqlite3.connect(db_pfad) as c:
        c.execute(
            "INSERT INTO eintraege (id, abend_id, nr, zeit, spiel, art, bezug, eingabe, ergebnis, gilt) "
            "VALUES (100, 1, 100, '2026-11-28T23:00:00+01:00', 'schlafmuetze', 'spiel', NULL, ?, ?, 1)",
            [json.dumps({"argv": ["ä"]}), json.dumps(erg)],
        )
        # die Wertzeilen, die referee zu diesem Ergebnis schreibt (der Import prüft sie nach)
        ids = dict(c.execute("SELECT name, id FROM spieler"))
        c.executemany(
            "INSERT INTO werte (eintrag_id, abend_id, spieler_id, spiel, groesse, wert, gilt) "
            "VALUES (100, 1, ?, 'schlafmuetze', ?, 1, 1)",
            [(ids["Anna"], "sieg"), (ids["Anna"], "partien"), (ids["Ben"], "partien")],
        )
    eins, zwei = tmp_path / "1.json", tmp_path / "2.json"
    assert cli("export", "--gesamt", "-f", "json", "-o", str(eins)).returncode == 0
    assert json.loads(eins.read_text(encoding="utf-8"))["eintraege"][-1]["ergebnis"] == erg
    assert cli("import", str(eins), "--db", str(tmp_path / "n.db")).returncode == 0
    assert (
        cli(
            "export", "--gesamt", "-f", "json", "-o", str(zwei), "--db", str(tmp_path / "n.db")
        ).returncode
        == 0
    )
    assert eins.read_bytes() == zwei.read_bytes()
