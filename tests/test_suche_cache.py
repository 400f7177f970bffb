"""``referee.suche.cache``: woher ``referee frage`` seinen Suchindex nimmt (issue 24, Punkt 9).

Der Reihe nach: Benutzer-Cache, mitgelieferter Index im Wheel (nur mit passendem Schlüssel),
sonst einmal im Speicher gebaut – auch wenn der Cache nicht schreibbar ist, baut ein Prozess
höchstens einmal.

Wirklich gebaut wird hier einmal (``vorgebaut``, über ``mitgelieferten_index_schreiben`` wie
in ``hatch_build.py``) und im Wheel-Test ein zweites Mal. Gegenstand der übrigen Tests ist, *wann*
``index()`` baut, nicht der Bau (einige Sekunden): ``bauten`` zählt jeden Aufruf von
``cache.index_bauen`` und gibt dafür eine eigene Kopie jenes Index (über ``marshal`` wie der
Cache, nichts geteilt); dazu zählt jeder andere Bau über ``Suchindex.nachbarn_berechnen``.
"""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee import suche
from referee.suche import cache

ROOT = Path(__file__).resolve().parent.parent

#: Fragen für den Vergleich mit einem frisch gebauten Index: Titelwort, Satz, Tippfehler
#: (rapidfuzz zur Laufzeit), Mundart, eine Konventionsfrage.
FRAGEN = (
    "Davonlaufen",
    "Wer kommt beim Sauspiel raus?",
    "davonlaufn",
    "Derf i mit der Rufsau schmiern?",
    "Was kostet ein Solo?",
)


def _frage_json(ix: suche.Suchindex | None, frage: str) -> dict:
    """Wie ``referee frage … --json`` (ohne Abend): aus ``ix`` oder aus ``suche.index()``."""
    a = suche.antwort(frage) if ix is None else ix.antwort(frage)
    return suche.als_json(frage, a.treffer, a.konventionen, a.regeltext_schweigt)


@pytest.fixture
def bauten(monkeypatch, vorgebaut):
    """``suche.index`` ohne gemerktes Ergebnis; ``bauten["n"]`` zählt die Bauten.

    Ein Bau über ``cache.index_bauen`` (der einzige Weg in ``index()``) liefert eine frische
    Kopie des einmal gebauten Index aus ``vorgebaut``; ein Bau auf anderem Weg zählt über
    ``nachbarn_berechnen`` ebenso (echt ausgeführt)."""
    zaehler = {"n": 0}
    zustand = marshal.dumps(vorgebaut[2].zustand())

    def bauen(liste=None) -> suche.Suchindex:
        zaehler["n"] += 1
        liste = cache._korpus_liste() if liste is None else liste
        assert [a.id for a in liste] == [a.id for a in cache._korpus_liste()]
        return suche.Suchindex.aus_zustand(liste, marshal.loads(zustand))

    echt = suche.Suchindex.nachbarn_berechnen

    def zaehlend(self: suche.Suchindex) -> None:
        zaehler["n"] += 1
        echt(self)

    monkeypatch.setattr(cache, "index_bauen", bauen)
    monkeypatch.setattr(suche.Suchindex, "nachbarn_berechnen", zaehlend)
    suche.index.cache_clear()
    yield zaehler
    suche.index.cache_clear()


@pytest.fixture
def cache_unschreibbar(monkeypatch, tmp_path) -> Path:
    """``XDG_CACHE_HOME`` zeigt auf eine Datei: kein Ordner anzulegen, nichts zu lesen
    (ein schreibgeschützter Ordner hilft nicht: als root ist er trotzdem schreibbar)."""
    datei = tmp_path / "cache-ist-eine-datei"
    datei.write_text("kein Ordner\n", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(datei))
    return datei


def _mitgeliefert(monkeypatch, pfad: Path) -> None:
    monkeypatch.setattr(cache, "_mitgelieferter_index", lambda: pfad)


@pytest.fixture(scope="module")
def vorgebaut(tmp_path_factory) -> tuple[Path, dict[str, dict], suche.Suchindex]:
    """Ein mitgelieferter Index wie aus ``hatch_build.py`` (``mitgelieferten_index_schreiben``,
    darin der einzige echte Bau dieses Moduls), die Antworten des frisch gebauten Index im
    Speicher auf ``FRAGEN`` – verglichen wird also Datei gegen Bau – und der Index selbst."""
    pfad = tmp_path_factory.mktemp("wheel") / "suchindex.bin"
    gebaut: list[suche.Suchindex] = []
    echt = cache.index_bauen

    def merkend(liste=None) -> suche.Suchindex:
        gebaut.append(echt(liste))
        return gebaut[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cache, "index_bauen", merkend)
        schluessel = suche.mitgelieferten_index_schreiben(pfad)
    assert schluessel == cache._korpus_schluessel()
    (frisch,) = gebaut
    return pfad, {f: _frage_json(frisch, f) for f in FRAGEN}, frisch


def test_cache_unschreibbar_ohne_mitgelieferten_index_baut_einmal(
    bauten, cache_unschreibbar, monkeypatch, tmp_path
):
    _mitgeliefert(monkeypatch, tmp_path / "fehlt.bin")
    erste = _frage_json(None, "Davonlaufen")
    zweite = _frage_json(None, "Wer kommt beim Sauspiel raus?")
    assert bauten["n"] == 1
    assert erste["treffer"][0]["abschnitt"] == "schafkopf.davonlaufen"
    assert zweite["treffer"]
    assert cache_unschreibbar.is_file()  # still: nichts an die Stelle des Caches geschrieben


def test_mitgelieferter_index_wird_ohne_bau_geladen(
    bauten, cache_unschreibbar, monkeypatch, vorgebaut
):
    pfad, erwartet, _ = vorgebaut
    _mitgeliefert(monkeypatch, pfad)
    for frage in FRAGEN:
        assert _frage_json(None, frage) == erwartet[frage], frage
    assert bauten["n"] == 0
    assert erwartet["Davonlaufen"]["treffer"][0]["abschnitt"] == "schafkopf.davonlaufen"


def test_mitgelieferter_index_legt_keinen_cache_an(bauten, monkeypatch, tmp_path, vorgebaut):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _mitgeliefert(monkeypatch, vorgebaut[0])
    assert _frage_json(None, "Davonlaufen")["treffer"]
    assert bauten["n"] == 0
    assert not (tmp_path / "cache").exists()


def _verdorben(pfad: Path, was: str, ziel: Path) -> Path:
    kopf, rest = pfad.read_bytes().split(b"\n", 1)
    kennung, fmt, schluessel = kopf.split(b" ")
    if was == "schluessel":
        kopf = b" ".join((kennung, fmt, b"0" * len(schluessel)))
    elif was == "format":
        kopf = b" ".join((kennung, str(int(fmt) + 1).encode(), schluessel))
    else:
        rest = rest[: len(rest) // 2]  # Kopf stimmt, der Zustand ist abgeschnitten
    ziel.write_bytes(kopf + b"\n" + rest)
    return ziel


@pytest.mark.parametrize("was", ["schluessel", "format", "kaputt"])
def test_verdorbener_index_wird_nicht_gelesen(was, tmp_path, vorgebaut):
    """Falscher Schlüssel, neueres Format oder abgeschnitten: der Leser gibt ``None`` (dann
    wird gebaut – das prüft der Test darunter einmal ganz)."""
    falsch = _verdorben(vorgebaut[0], was, tmp_path / "suchindex.bin")
    schluessel = cache._korpus_schluessel()
    assert cache._index_lesen(vorgebaut[0], schluessel, cache._korpus_liste()) is not None
    assert cache._index_lesen(falsch, schluessel, cache._korpus_liste()) is None


def test_mitgelieferter_index_mit_falschem_kopf_wird_ignoriert(
    bauten, cache_unschreibbar, monkeypatch, tmp_path, vorgebaut
):
    pfad, erwartet, _ = vorgebaut
    falsch = _verdorben(pfad, "kaputt", tmp_path / "suchindex.bin")
    _mitgeliefert(monkeypatch, falsch)
    assert _frage_json(None, "Davonlaufen") == erwartet["Davonlaufen"]
    assert bauten["n"] == 1


def test_benutzer_cache_wird_geschrieben_und_vor_dem_mitgelieferten_geladen(
    bauten, monkeypatch, tmp_path
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _mitgeliefert(monkeypatch, tmp_path / "fehlt.bin")
    erste = _frage_json(None, "Davonlaufen")
    assert bauten["n"] == 1
    dateien = list((tmp_path / "cache" / "referee").iterdir())
    assert [d.name for d in dateien] == [f"suchindex-{cache._korpus_schluessel()}.bin"]
    # ein neuer Prozess (ohne gemerkten Index): aus dem Cache, der mitgelieferte wird nicht
    # gebraucht – auch ein kaputter stört nicht
    suche.index.cache_clear()
    kaputt = tmp_path / "kaputt.bin"
    kaputt.write_bytes(cache._kopfzeile(cache._korpus_schluessel()) + b"kein marshal")
    _mitgeliefert(monkeypatch, kaputt)
    assert _frage_json(None, "Davonlaufen") == erste
    assert bauten["n"] == 1


def test_wheel_liefert_passenden_index_mit(tmp_path):
    """Das gebaute Wheel enthält ``referee/data/suchindex.bin`` mit dem Schlüssel des
    Quellbaums, und ausgepackt (Layout der Installation) lädt ``index()`` ihn ohne Bau."""
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)]
    r = subprocess.run(pip, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    (wheel,) = tmp_path.glob("referee-*.whl")
    with zipfile.ZipFile(wheel) as z:
        with z.open("referee/data/suchindex.bin") as f:
            kopf = f.readline()
        assert kopf == cache._kopfzeile(cache._korpus_schluessel())
        z.extractall(tmp_path / "installiert")
    # nichts Erzeugtes im Quellbaum
    assert not (ROOT / "data" / "suchindex.bin").exists()
    assert not (ROOT / "referee" / "data").exists()

    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "PYTHONPATH")}
    env.update({"HOME": str(home), "PYTHONPATH": str(tmp_path / "installiert")})
    code = (
        "import referee.suche as s\n"
        "n = []\n"
        "echt = s.Suchindex.nachbarn_berechnen\n"
        "s.Suchindex.nachbarn_berechnen = lambda self: (n.append(1), echt(self))[1]\n"
        "print(s.__file__)\n"
        "print(s.antwort('Davonlaufen').treffer[0].abschnitt.id, len(n))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    datei, ergebnis = r.stdout.splitlines()
    assert Path(datei).is_relative_to(tmp_path / "installiert")
    assert ergebnis == "schafkopf.davonlaufen 0"
    assert not any(home.iterdir())  # kein Benutzer-Cache angelegt


def test_cache_bringt_die_gefalteten_wortlisten_mit(bauten, monkeypatch, tmp_path):
    """Der Cache enthält die gefalteten Wortlisten (Füllwörter, Synonyme, Mundart, Gerüst):
    ein neuer Prozess liest sie aus dem Cache und bekommt dieselben Listen."""
    from referee.suche import woerterbuch
    from referee.suche.satz import geruest

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _mitgeliefert(monkeypatch, tmp_path / "fehlt.bin")
    erste = _frage_json(None, "Derf i mit der Rufsau schmiern?")
    frisch = woerterbuch.vorrat()
    assert {"stopp", "synonyme", "mundart", "geruest"} <= set(frisch)
    suche.index.cache_clear()
    woerterbuch.vorrat_setzen({})  # wie ein neuer Prozess: nichts berechnet
    assert _frage_json(None, "Derf i mit der Rufsau schmiern?") == erste
    assert bauten["n"] == 1  # aus dem Cache gelesen, nicht neu gebaut
    assert woerterbuch.stoppwoerter() == frisch["stopp"] and geruest() == frisch["geruest"]
    assert woerterbuch.mundart() == frisch["mundart"]


@pytest.mark.parametrize(
    "frage",
    [
        "Schellen wird gespielt und ich hab keine, darf ich dann die gerufene Gras-Sau draufschmieren?",
        "wie viele karten bekommt jeder bei saufn",
    ],
)
def test_antwort_haengt_nicht_am_hash(frage):
    """Die Reihenfolge gleichwertiger Synonyme entschied Gleichstände – je nach
    PYTHONHASHSEED kam ein anderer dritter Treffer oder ein anderes markiertes Wort heraus."""
    code = (
        "import json, sys; from referee import suche\n"
        "a = suche.antwort(sys.argv[1])\n"
        "print(json.dumps([(t.abschnitt.id, t.score, sorted(t.woerter)) for t in a.treffer]))\n"
    )
    from conftest import _env

    ausgaben = set()
    for seed in ("0", "1", "3", "7"):
        r = subprocess.run(
            [sys.executable, "-c", code, frage],
            capture_output=True,
            text=True,
            env=_env({"PYTHONHASHSEED": seed}),
            cwd=ROOT,
            timeout=120,
        )
        assert r.returncode == 0, r.stderr
        ausgaben.add(r.stdout)
    assert len(ausgaben) == 1, ausgaben
