"""Import gehärtet (issue 24, Punkte 7, 8 und der Import-Teil von 2).

- 7: Ein Export, der in sich stimmig verfälscht wurde (Cent und Zahlungen gemeinsam,
  alles ×10, Spielart, Augen, gewonnen, ein Datum), wird abgelehnt: jedes Ergebnis wird aus
  den Fakten seines Spiels nachgerechnet, wie ``eintragen`` es tat – mit dem Tarif, der an
  dieser Stelle des Abends galt.
- 8: SIGTERM/SIGHUP während eines Imports lassen keine ``.referee-import-*``-Datei zurück;
  was ein getöteter Import liegen ließ, räumt der nächste weg (nur tote Prozesse).
- 2: Eine JSON-Zahl mit 5000 Ziffern ist Exit 2 mit einer deutschen Zeile, kein Absturz.

Das Buch entsteht über die Kommandozeile (im selben Prozess); wo der Prozess selbst der
Gegenstand ist (Signale), läuft referee als eigener Prozess. Erwartete Werte von Hand.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, _env

# ---------------------------------------------------------------- Helfer


def _referee(*args: str) -> tuple[int, str, str]:
    """``referee *args`` über ``referee.cli.main`` im selben Prozess: (Exit-Code, stdout,
    stderr)."""
    from referee.cli import main

    aus, fehler = io.StringIO(), io.StringIO()
    code: int = 0
    with contextlib.redirect_stdout(aus), contextlib.redirect_stderr(fehler):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 3)
    return code, aus.getvalue(), fehler.getvalue()


def _ok(*args: str) -> str:
    code, aus, fehler = _referee(*args)
    assert code == 0, (args, code, fehler)
    return aus


BEFEHLE = [
    ("abend", "neu", "Anna", "Ben", "Cem", "Dora", "--datum", "2026-03-14", "--tarif", "10-20-50"),
    # Eintrag 1: 20 + 3 Laufende × 10 = 50 je Spieler
    ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "3"),
    # Eintrag 2: Wenz verloren, 3 × 50 (später korrigiert)
    ("schafkopf", "eintragen", "wenz", "Cem", "--augen", "45"),
    # Eintrag 3: Herz-Solo Schneider, (50 + 10) × 2 (Klopfer) = 120, Dora 3 × 120
    ("schafkopf", "eintragen", "herz-solo", "Dora", "--augen", "95", "--klopfer", "1"),
    # Regeländerung: Grundpreis 30 ab dem nächsten Eintrag
    ("abend", "regel", "grund=30"),
    # Eintrag 4: Rufspiel verloren, 30 (2 Laufende zählen beim Rufspiel erst ab 3)
    ("schafkopf", "eintragen", "rufspiel", "Cem+Dora", "--augen", "50", "--laufende", "2"),
    # Eintrag 5: Korrektur von 2, Wenz gewonnen, 3 × 50
    ("korrektur", "2", "wenz", "Cem", "--augen", "61"),
    # Eintrag 6–8: sabai, SAUFN, Schlafmütze
    ("sabai", "eintragen", "Anna=3 7 J", "Ben=AJ 2 2", "Cem=", "Dora=14 0"),
    ("saufn", "ende", "--platz", "Ben", "Cem", "Anna", "--eintragen"),
    ("schlafmuetze", "sieg", "Anna", "--spieler", "Anna", "Ben", "Cem"),
    # Eintrag 9 storniert 8; Eintrag 10
    ("rueckgaengig",),
    ("schlafmuetze", "sieg", "Ben"),
    ("abend", "ende"),
]


def _export_ueber_die_kommandozeile(ordner: Path, befehle: list[tuple[str, ...]]) -> dict:
    """Ein Buch aus ``befehle`` (Kommandozeile im selben Prozess) und sein JSON-Export."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HOME", str(ordner / "home"))
        mp.setenv("REFEREE_DB", str(ordner / "buch.db"))
        mp.setenv("NO_COLOR", "1")
        for befehl in befehle:
            _ok(*befehl)
        _ok("export", "--format", "json", "--gesamt", "-o", str(ordner / "export.json"))
    return json.loads((ordner / "export.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def export_vorlage(tmp_path_factory):
    """Der JSON-Export eines Buchs, das die Kommandozeile geschrieben hat."""
    return _export_ueber_die_kommandozeile(tmp_path_factory.mktemp("buch"), BEFEHLE)


@pytest.fixture
def export_json(export_vorlage):
    return copy.deepcopy(export_vorlage)


@pytest.fixture
def umgebung(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "standard.db"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def _eintrag(daten: dict, eid: int) -> dict:
    return next(e for e in daten["eintraege"] if e["id"] == eid)


def _importiere(ordner: Path, daten: dict | str) -> tuple[int, str, Path]:
    """Die Daten als Datei schreiben und nach ``ordner/ziel/neu.db`` importieren."""
    datei = ordner / "export.json"
    text = daten if isinstance(daten, str) else json.dumps(daten, ensure_ascii=False)
    datei.write_text(text, encoding="utf-8")
    zielordner = ordner / "ziel"
    zielordner.mkdir(exist_ok=True)
    ziel = zielordner / "neu.db"
    code, _, fehler = _referee("import", str(datei), "--db", str(ziel))
    return code, fehler, ziel


def _abgelehnt(ordner: Path, daten: dict | str) -> str:
    code, fehler, ziel = _importiere(ordner, daten)
    assert code == 2, fehler
    assert fehler.startswith("Fehler: Import abgelehnt – "), fehler
    assert "Nichts importiert." in fehler and "Traceback" not in fehler
    assert sorted(os.listdir(ziel.parent)) == []  # kein Ziel, keine temporäre Datei
    return fehler


# ---------------------------------------------------------------- 7. unverfälscht


def test_unverfaelschte_exporte_werden_importiert(umgebung, export_json):
    """Das Buch oben, und eines mit der Regeländerung „laufende_ab=2“ (ein Tarifwert je
    Spielart: ihr „vorher“ ist ein Objekt) und einer Korrektur, die nach dem Tarif ihres
    ursprünglichen Spiels rechnet."""
    code, fehler, ziel = _importiere(umgebung, export_json)
    assert code == 0, fehler
    assert sorted(os.listdir(ziel.parent)) == ["neu.db"]
    stand = json.loads(_ok("--db", str(ziel), "stand", "--json"))
    # 1: +50 +50 −50 −50 · 3: −120 −120 −120 +360 · 4: +30 +30 −30 −30 · 5: −50 −50 +150 −50
    assert stand["schafkopf"] == {"Anna": -90, "Ben": -90, "Cem": -50, "Dora": 230}

    zweites = umgebung / "zweites"
    zweites.mkdir()
    je_spielart = _export_ueber_die_kommandozeile(
        zweites,
        [
            BEFEHLE[0],
            # 1: 20 (2 Laufende zählen beim Rufspiel erst ab 3)
            ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "71", "--laufende", "2"),
            ("abend", "regel", "laufende_ab=2", "grund=30"),
            # 2: 30 + 2 Laufende × 10 = 50 – seit der Regel zählen zwei
            ("schafkopf", "eintragen", "rufspiel", "Cem+Dora", "--augen", "71", "--laufende", "2"),
            # 3: Korrektur von 1 – mit dem Tarif von Eintrag 1: wieder 20
            ("korrektur", "1", "rufspiel", "Anna+Ben", "--augen", "75", "--laufende", "2"),
            # 4: mit Grundpreis 50, dann storniert (5) und die Regel wieder aufgehoben
            ("abend", "regel", "grund=50"),
            ("schafkopf", "eintragen", "rufspiel", "Anna+Ben", "--augen", "61"),
            ("rueckgaengig",),
            ("rueckgaengig",),
        ],
    )
    assert [(v["art"], v["gilt"]) for v in je_spielart["ereignisse"]] == [
        ("regel", True),
        ("regel", False),
        ("storno", False),
    ]
    code, fehler, ziel = _importiere(zweites, je_spielart)
    assert code == 0, fehler
    stand = json.loads(_ok("--db", str(ziel), "stand", "--json"))
    assert stand["schafkopf"] == {"Anna": -30, "Ben": -30, "Cem": 30, "Dora": 30}


# ---------------------------------------------------------------- 7. in sich stimmig verfälscht


def test_ein_euro_verschoben_in_zahlungen_und_cent(umgebung, export_json):
    e = _eintrag(export_json, 1)
    for stelle in (e["ergebnis"]["zahlungen"], e["werte"]["cent"]):
        stelle["Anna"] += 100
        stelle["Cem"] -= 100
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 1, Spieler „Anna“: „zahlungen“ ist in der Datei 150" in fehler
    assert "ergibt sich 50." in fehler


def test_alle_betraege_mal_zehn(umgebung, export_json):
    for e in export_json["eintraege"]:
        if e["spiel"] == "schafkopf" and e["art"] != "storno":
            e["ergebnis"]["wert"] *= 10
            for stelle in (e["ergebnis"]["zahlungen"], e["werte"]["cent"]):
                for name in stelle:
                    stelle[name] *= 10
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 1, Spieler „Anna“: „zahlungen“ ist in der Datei 500" in fehler


def test_spielart_rufspiel_wird_solo(umgebung, export_json):
    _eintrag(export_json, 1)["ergebnis"]["spielart"] = "solo"
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 1: die Fakten des Spiels ergeben so keinen Eintrag" in fehler
    assert "Spielerpartei aus 1 Spieler" in fehler


def test_augen_71_werden_40(umgebung, export_json):
    _eintrag(export_json, 1)["ergebnis"]["augen"] = 40
    fehler = _abgelehnt(umgebung, export_json)
    # mit 40 Augen verliert die Spielerpartei: Anna zahlt 50 statt sie zu bekommen
    assert "Eintrag 1, Spieler „Anna“: „zahlungen“ ist in der Datei 50" in fehler
    assert "ergibt sich -50." in fehler


def test_gewonnen_umgedreht(umgebung, export_json):
    _eintrag(export_json, 3)["ergebnis"]["gewonnen"] = False
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 3: „gewonnen“ ist in der Datei false" in fehler
    assert "ergibt sich true." in fehler


def test_feld_weglassen_oeffnet_keine_hintertuer(umgebung, export_json):
    """Ein fehlendes Feld, das ``eintragen`` immer schreibt (hier „konventionen“), macht aus
    dem Eintrag keinen ungeprüften: was da ist, wird nachgerechnet – ein umgedrehtes
    „gewonnen“ fällt trotzdem auf."""
    e = _eintrag(export_json, 3)
    del e["ergebnis"]["konventionen"]
    e["ergebnis"]["gewonnen"] = False
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 3: „gewonnen“ ist in der Datei false" in fehler


def test_fehlendes_feld_allein_ist_kein_grund_zur_ablehnung(umgebung, export_json):
    """Ein älterer Export ohne „konventionen“ bleibt importierbar, wenn alles andere stimmt."""
    del _eintrag(export_json, 3)["ergebnis"]["konventionen"]
    code, fehler, _ = _importiere(umgebung, export_json)
    assert code == 0, fehler


def test_regelaenderung_entfernt(umgebung, export_json):
    """Ohne die Regel „grund=30“ kostet Eintrag 4 nur 20 – gerechnet wird mit dem Tarif, der
    an dieser Stelle des Abends galt (die Einträge davor bleiben bei 20 richtig)."""
    assert [v["art"] for v in export_json["ereignisse"]] == ["regel", "ende"]
    export_json["ereignisse"] = export_json["ereignisse"][1:]
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 4, Spieler „Anna“: „zahlungen“ ist in der Datei 30" in fehler
    assert "ergibt sich 20." in fehler


def test_korrektur_verfaelscht(umgebung, export_json):
    e = _eintrag(export_json, 5)
    assert e["art"] == "korrektur"
    e["ergebnis"]["augen"] = 60  # verloren – aber Zahlungen und Cent sagen gewonnen
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 5, Spieler „Anna“: „zahlungen“ ist in der Datei -50" in fehler


def test_sabai_siegpunkt_verschoben(umgebung, export_json):
    e = _eintrag(export_json, 6)
    # Cem (keine Karten) hat die wenigsten Kartenpunkte und den Siegespunkt
    assert e["ergebnis"]["sieger"] == ["Cem"]
    for stelle in (e["ergebnis"]["siegpunkte"], e["werte"]["siegpunkte"]):
        stelle["Cem"], stelle["Anna"] = 0, 1
    e["ergebnis"]["sieger"] = ["Anna"]
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 6, Spieler „Anna“: „siegpunkte“ ist in der Datei 1" in fehler


def test_saufn_zwei_plaetze_bei_vier_personen(umgebung, export_json):
    e = _eintrag(export_json, 7)
    e["ergebnis"]["plaetze"] = ["Ben", "Cem"]
    del e["werte"]["platz3"]
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 7: die Fakten des Spiels ergeben so keinen Eintrag" in fehler


def test_schlafmuetze_sieger_spielt_nicht_mit(umgebung, export_json):
    e = _eintrag(export_json, 10)
    e["ergebnis"]["spieler"] = ["Anna", "Cem", "Dora"]
    e["werte"]["partien"] = {"Anna": 1, "Cem": 1, "Dora": 1}
    fehler = _abgelehnt(umgebung, export_json)
    assert "Eintrag 10: die Fakten des Spiels ergeben so keinen Eintrag" in fehler


@pytest.mark.parametrize(
    ("liste", "index", "feld", "wert"),
    [
        ("abende", 0, "datum", "2026-02-30"),
        ("abende", 0, "datum", "14.03.2026"),
        ("abende", 0, "begonnen", "gestern Abend"),
        ("abende", 0, "beendet", "2026-03-14T25:00:00+01:00"),
        ("eintraege", 0, "zeit", "2026-13-01T20:00:00+01:00"),
        ("ereignisse", 0, "zeit", "2026-03-14T20:00:00+99:00"),
        ("spieler", 0, "angelegt", "2026-03-14 20:00"),
    ],
)
def test_datum_und_zeit_muessen_echt_sein(umgebung, export_json, liste, index, feld, wert):
    export_json[liste][index][feld] = wert
    fehler = _abgelehnt(umgebung, export_json)
    assert f"„{feld}“ = „{wert}“ ist kein" in fehler


# ---------------------------------------------------------------- 2. riesige Zahl


@pytest.mark.parametrize("vorzeichen", ["", "-"])
def test_zahl_mit_5000_ziffern(umgebung, export_json, vorzeichen):
    text = json.dumps(export_json, ensure_ascii=False)
    assert text.count('"augen": 71,') == 1
    text = text.replace('"augen": 71,', f'"augen": {vorzeichen}{"9" * 5000},')
    fehler = _abgelehnt(umgebung, text)
    assert "Eine ganze Zahl mit 5000 Ziffern" in fehler


# ---------------------------------------------------------------- 8. temporäre Dateien


def _vervielfacht(daten: dict, mal: int) -> dict:
    """Die (beendeten) Abende ``mal``-mal, mit verschobenen Ids – ein großer, stimmiger
    Export, dessen Import eine Weile dauert."""
    aus = copy.deepcopy(daten)
    aus.pop("stand", None)
    de = max(e["id"] for e in daten["eintraege"])
    da = max(a["id"] for a in daten["abende"])
    dv = max(v["id"] for v in daten["ereignisse"])
    for k in range(1, mal):

        def neu(x, d, k=k):
            return None if x is None else x + k * d

        for a in daten["abende"]:
            kopie = dict(a, id=a["id"] + k * da)
            if "uuid" in a:  # jede Kopie ist ein eigener Abend mit eigener Kennung
                kopie["uuid"] = a["uuid"][:-8] + f"{k:08x}"
            aus["abende"].append(kopie)
        for e in daten["eintraege"]:
            aus["eintraege"].append(
                dict(e, id=e["id"] + k * de, abend=e["abend"] + k * da, bezug=neu(e["bezug"], de))
            )
        for v in daten["ereignisse"]:
            aus["ereignisse"].append(
                dict(
                    v,
                    id=v["id"] + k * dv,
                    abend=v["abend"] + k * da,
                    nach_eintrag=v["nach_eintrag"] + k * de,
                    bezug=neu(v["bezug"], dv),
                )
            )
    return aus


def _temp_dateien(ordner: Path) -> list[str]:
    return sorted(n for n in os.listdir(ordner) if n.startswith(".referee-import-"))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_signal_waehrend_des_imports_laesst_nichts_zurueck(tmp_path, export_json, signum):
    datei = tmp_path / "gross.json"
    datei.write_text(json.dumps(_vervielfacht(export_json, 300), ensure_ascii=False))
    zielordner = tmp_path / "ziel"
    zielordner.mkdir()
    ziel = zielordner / "neu.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "import", str(datei), "--db", str(ziel)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env({"HOME": str(tmp_path / "home")}),
        cwd=ROOT,
    )
    try:
        frist = time.monotonic() + 60
        while not _temp_dateien(zielordner):  # der Probeimport hat begonnen
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < frist
            time.sleep(0.002)
        time.sleep(0.05)  # mitten im Probeimport (er dauert hier über eine Sekunde)
        proc.send_signal(signum)
        _, fehler = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, fehler  # wie Strg-C
    assert "Traceback" not in fehler
    assert os.listdir(zielordner) == []


def _tote_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_reste_toter_importe_werden_entfernt(umgebung, export_json):
    zielordner = umgebung / "ziel"
    zielordner.mkdir()
    tot = _tote_pid()
    lebend = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        reste = [f".referee-import-{tot}-ab3d_f7x.db{e}" for e in ("", "-wal", "-shm")]
        bleiben = [
            f".referee-import-{lebend.pid}-q1w2e3r4.db",  # ein laufender Import
            f".referee-import-{lebend.pid}-q1w2e3r4.db-wal",
            f".referee-import-{tot}-ab3d_f7x.db.alt",  # anderes Muster
            f".referee-import-{tot}.db",
            ".referee-import-ab3d_f7x.db",
            "anderes.db",
        ]
        for name in reste + bleiben:
            (zielordner / name).write_bytes(b"x" * 10)
        code, fehler, _ = _importiere(umgebung, export_json)
        assert code == 0, fehler
        assert sorted(os.listdir(zielordner)) == sorted([*bleiben, "neu.db"])
    finally:
        lebend.kill()
        lebend.wait()
