"""Benchmark für ``referee frage`` (issues 2, 11 §10, 14, 28) – ein einfaches Skript, kein Test.

Druckt zuerst, was die Suche auf Fragen kann, die sie nie gesehen hat, dann den Rest:

1. **Zurückgehalten** (``tests/data/fragen_aufteilung.json``, Rolle „zurueckgehalten“: der
   zurückgehaltene Teil von ``fragen_saetze.json`` und die blinden Runden 29–36): je Katalog
   Top-1, Top-3, Konvention genannt (bei Fragen, die der Regeltext offen lässt), fälschlich
   „Regeltext schweigt“ (bei Regelfragen) und Enthaltung bei fremden Fragen; dazu dieselben
   Kataloge ohne Beispielfragen. Kein Satz dieser Kataloge steht in den Beispielfragen
   (``tests/test_frage_saetze.py`` prüft es), keine Zahl ist auf ihnen gewählt.
2. **Trainings-Recall** (Rolle „gelernt“: Abstimmungsteil, Runden 2–4 und 6–28 – ihre Sätze
   sind Beispielfragen) und Runde 5 (Rolle „abgestimmt“: nur in der Kreuzvalidierung).
3. Stichwortkatalog ``tests/data/fragen.json`` (Top-1/Top-3; auch er steht fast ganz in den
   Beispielfragen, also Trainings-Recall).
4. Suche im Prozess (Index schon gebaut): Median je Frage über alle Kataloge auf dem
   mitgelieferten Korpus (Ziel ≤ 5 ms) und auf einem synthetischen Korpus, 100 × so groß
   (Ziel ≤ 50 ms; ``--gross``).
5. Start (ohne ``--ohne-start``): ganze Prozesse ``referee frage …`` gegen eine nackte
   Typer-App mit zwei Befehlen, die genauso gestartet wird (Ziel ≤ 1,3 × beim Median),
   abwechselnd in einer Schleife; referee dafür **nicht editierbar** in ein Temp-Verzeichnis
   installiert (``pip install --no-deps --target``, mit Bytecode), der Suchindex schon im
   Cache. Dazu die Phasen eines ``frage``-Prozesses.

``--kalibrieren`` wählt die Gewichte der Suche gemeinsam (``GITTER``; nur auf Runden 2 bis 4,
denselben Sätzen mit einem unbekannten Namen davor, fremden Fragen und Stichworten; etwa 10
Minuten auf 2 Kernen). ``--kreuzvalidierung`` wählt die Gewichte der Profile und die Schwelle
für „schweigt“ (je Katalog der Rollen „gelernt“ und „abgestimmt“ Beispielfragen ohne ihn).
Beide setzen die Zahlen in ``referee.suche.konstanten`` um – nie auf den zurückgehaltenen.

Messung 2026-12-02 (issue 28, 2 Kerne, geteilt, load 1–4; Median der Wandzeit, × nackte App):
vor der Arbeit an Punkt 5 ``frage Davonlaufen`` 1,55 ×, Satz nach Geld 1,60 ×, Satz mit zwei
unbekannten Namen 1,72 ×, derselbe mit Buch (Namen vom Tisch) 1,84 ×, im Prozess 7,4 ms je
Satzfrage; danach 1,28–1,32 ×, 1,51–1,57 ×, 1,53–1,58 ×, 1,60–1,76 ×, 3,4–4,2 ms. Was bleibt
(Phasen oben): typer selbst, ``import referee.suche`` (~7 ms, zwölf Module), der Index aus dem
Cache (~7 ms Objekte anlegen), bei Geldfragen der Tarif (``referee.schafkopf.tarif`` lädt das
ganze Paket ``referee.schafkopf``), bei unbekannten Wörtern rapidfuzz, mit Buch
``referee.buch`` und SQLite.

Aufruf: ``.venv/bin/python benchmarks/frage.py [--laeufe 21] [--ohne-start | --nur-start] [--gross]
[--kalibrieren] [--kreuzvalidierung] [--fehler]``
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATEN = ROOT / "tests" / "data"


def rollen() -> dict[str, str]:
    """Teil eines Satzkatalogs → Rolle (gelernt, abgestimmt, zurueckgehalten)."""
    return json.loads((DATEN / "fragen_aufteilung.json").read_text(encoding="utf-8"))["rollen"]


def kataloge() -> dict[str, list[dict]]:
    """Alle Satzkataloge nach ihrem Teil (``abstimmung``, ``zurueckgehalten``, ``neu``,
    ``runde3`` …), in der Reihenfolge der Dateien."""
    dateien = [DATEN / "fragen_saetze.json", DATEN / "fragen_saetze_neu.json"]
    nr = 3
    while (DATEN / f"fragen_saetze_runde{nr}.json").is_file():
        dateien.append(DATEN / f"fragen_saetze_runde{nr}.json")
        nr += 1
    teile: dict[str, list[dict]] = {}
    for pfad in dateien:
        for e in json.loads(pfad.read_text(encoding="utf-8"))["fragen"]:
            teile.setdefault(e["teil"], []).append(e)
    return teile


def _name(teil: str) -> str:
    if teil.startswith("runde"):
        return f"Runde {teil[5:]}"
    return {"abstimmung": "Abstimmungsteil", "neu": "Runde 2"}.get(teil, teil)


def installiere(ziel: Path) -> list[str]:
    """referee nicht editierbar nach ``ziel`` installieren; der Befehl, der es startet."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(ziel),
            str(ROOT),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return [sys.executable, "-c", "import sys; from referee.cli import main; sys.exit(main())"]


#: Arbeitsverzeichnis der gemessenen Prozesse: nicht der Quellbaum (sonst käme ``referee``
#: über ``sys.path[0]`` aus dem Quellbaum statt aus der Installation).
_CWD = tempfile.gettempdir()


#: Die Fragen, deren ganzen Prozess der Benchmark misst: ein Stichwort, ein Satz nach Geld
#: („schweigt“ mit Konvention), ein Satz mit einem Namen vom Tisch.
START_FRAGEN = (
    "Davonlaufen",
    "wie viel kostet ein wenz wenn man zwei laufende hat",
    "Darf die Kunigunde beim Sauspiel davonlaufen, wenn sie vier Herz hat?",
)


def _lauf_ms(befehl: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Ein ganzer Prozess, Ausgabe in Pipes: (Wandzeit ms, CPU-Zeit ms des Kindes)."""
    import resource

    vorher = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    r = subprocess.run(befehl, capture_output=True, env=env, cwd=_CWD)
    ms = (time.perf_counter() - start) * 1000
    nachher = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(befehl)} endete mit {r.returncode}: {r.stderr[-300:]!r}")
    cpu = (nachher.ru_utime + nachher.ru_stime - vorher.ru_utime - vorher.ru_stime) * 1000
    return ms, cpu


def ganze_prozesse(
    messungen: list[tuple[str, list[str], dict[str, str]]], laeufe: int
) -> dict[str, list[tuple[float, float]]]:
    """Abwechselnd: Runde i beginnt beim i-ten Befehl (keiner immer zuerst); je Befehl die
    Liste (Wandzeit, CPU-Zeit). Vorher ein Aufwärmlauf je Befehl (.pyc, Seiten-Cache, Index)."""
    for _, befehl, env in messungen:
        _lauf_ms(befehl, env)
    zeiten: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in messungen}
    for runde in range(laeufe):
        k = runde % len(messungen)
        for name, befehl, env in messungen[k:] + messungen[:k]:
            zeiten[name].append(_lauf_ms(befehl, env))
    return zeiten


_PHASEN = """
import io, json, sys, time
m = {}
t0 = t = time.perf_counter()
import typer
m["import typer (Anteil von referee.cli)"] = time.perf_counter() - t
t = time.perf_counter()
import referee.cli
m["import referee.cli (ohne typer)"] = time.perf_counter() - t
t = time.perf_counter()
from referee import suche
m["import referee.suche"] = time.perf_counter() - t
t = time.perf_counter()
suche.index()
m["Korpus lesen + Index aus dem Cache"] = time.perf_counter() - t
t = time.perf_counter()
a = suche.antwort("Davonlaufen")
m["Suche (rapidfuzz wird dabei nicht geladen)" if "rapidfuzz" not in sys.modules else "Suche samt import rapidfuzz"] = time.perf_counter() - t
t = time.perf_counter()
from referee.cli import frage
puffer, sys.stdout = sys.stdout, io.StringIO()
frage._drucke_treffer(a.treffer)
sys.stdout = puffer
m["Ausgabe (schlicht, ohne rich)"] = time.perf_counter() - t
m["Summe im Prozess"] = time.perf_counter() - t0
print(json.dumps({k: v * 1000 for k, v in m.items()}))
"""


def phasen_median(laeufe: int, env: dict[str, str]) -> dict[str, float]:
    """Wo die Zeit eines ``frage``-Prozesses bleibt (je Phase Median in ms)."""
    werte: dict[str, list[float]] = {}
    for _ in range(laeufe):
        r = subprocess.run(
            [sys.executable, "-c", _PHASEN],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=_CWD,
        )
        for k, v in json.loads(r.stdout).items():
            werte.setdefault(k, []).append(v)
    return {k: statistics.median(v) for k, v in werte.items()}


def synthetischer_korpus(faktor: int = 100, vorrat: int = 20_000, seed: int = 2):
    from referee.regeltexte import Abschnitt, abschnitte

    zufall = random.Random(seed)
    silben = [
        "ka",
        "ber",
        "lo",
        "schu",
        "mi",
        "ten",
        "sta",
        "pel",
        "ru",
        "fen",
        "gel",
        "da",
        "ver",
        "zug",
        "an",
        "ie",
        "ohr",
        "wand",
        "nis",
        "hau",
        "sel",
        "ling",
        "kra",
        "um",
    ]
    kunst = sorted(
        {
            "".join(zufall.choice(silben) for _ in range(zufall.randint(2, 4)))
            for _ in range(vorrat * 2)
        }
    )[:vorrat]
    original = abschnitte()
    liste = list(original)
    for k in range(1, faktor):
        for a in original:
            saetze = re.split(r"(?<=[.!?:])\s+", a.text)
            zufall.shuffle(saetze)
            woerter = " ".join(saetze).split(" ")
            for i in range(len(woerter)):
                if zufall.random() < 0.25:
                    woerter[i] = zufall.choice(kunst)
            titel = " ".join(
                zufall.choice(kunst) if zufall.random() < 0.5 else w for w in a.titel.split(" ")
            )
            liste.append(
                Abschnitt(
                    f"{a.id}-syn{k}",
                    a.spiel,
                    titel,
                    " ".join(woerter),
                    tuple(zufall.sample(a.stichworte, k=len(a.stichworte) // 2)),
                )
            )
    return liste


def suche_median(index, fragen: list[str], runden: int) -> float:
    from referee.errors import Eingabefehler

    zeiten = []
    for _ in range(runden):
        for f in fragen:
            start = time.perf_counter()
            with contextlib.suppress(Eingabefehler):
                index.antwort(f)
            zeiten.append((time.perf_counter() - start) * 1000)
    return statistics.median(zeiten)


def bewerte_saetze(index, fragen: list[dict], mindest_score: float | None = None) -> dict:
    """Top-1/Top-3 auf Satzfragen; Konventionsfragen zählen über die genannte Konvention.

    Regelfrage: richtig, wenn der (beste) Treffer ein erwarteter Abschnitt ist und der
    Regeltext nicht als schweigend gilt. Konventionsfrage: richtig, wenn der Regeltext
    schweigt und die (beste) Konvention eine erwartete ist. Fremde Frage: richtig, wenn
    nichts kommt.
    """
    from referee.errors import Eingabefehler
    from referee.suche import Antwort
    from referee.suche.konstanten import MINDEST_SCORE

    grenze = MINDEST_SCORE if mindest_score is None else mindest_score
    z = dict.fromkeys(
        (
            "n",
            "top1",
            "top3",
            "konv_n",
            "konv_genannt",
            "regel_n",
            "falsch_schweigt",
            "regel_mit_konvention",
            "fremd_n",
            "fremd_leer",
        ),
        0,
    )
    for e in fragen:
        try:
            a = index.antwort(e["frage"], mindest_score=grenze)
        except Eingabefehler:
            a = Antwort(e["frage"], (), (), False)
        ids = [t.abschnitt.id for t in a.treffer]
        kids = [k.konvention.id for k in a.konventionen]
        z["n"] += 1
        if e.get("nichts"):
            ok1 = ok3 = not ids and not kids
            z["fremd_n"] += 1
            z["fremd_leer"] += ok1
        elif e["schweigt"]:
            erwartet = set(e["konventionen"])
            ok1 = a.regeltext_schweigt and bool(kids) and kids[0] in erwartet
            ok3 = a.regeltext_schweigt and bool(erwartet & set(kids[:3]))
            z["konv_n"] += 1
            z["konv_genannt"] += bool(erwartet & set(kids))
        else:
            erwartet = set(e["abschnitte"])
            ok1 = bool(ids) and ids[0] in erwartet and not a.regeltext_schweigt
            ok3 = bool(erwartet & set(ids[:3])) and not a.regeltext_schweigt
            z["regel_n"] += 1
            z["falsch_schweigt"] += a.regeltext_schweigt
            z["regel_mit_konvention"] += bool(kids)
        z["top1"] += ok1
        z["top3"] += ok3
    return z


def zeige_fehler(index, fragen: list[dict]) -> None:
    """Jede Frage des Abstimmungsteils, die nicht Top-1 richtig ist (nie die zurückgehaltenen)."""
    from referee.errors import Eingabefehler
    from referee.suche import Antwort

    print("\n== Fehlgriffe im Abstimmungsteil ==")
    for e in fragen:
        if bewerte_saetze(index, [e])["top1"]:
            continue
        try:
            a = index.antwort(e["frage"])
        except Eingabefehler:
            a = Antwort(e["frage"], (), (), False)
        erwartet = e["konventionen"] if e["schweigt"] else e["abschnitte"]
        if e.get("nichts"):
            erwartet = ["(nichts)"]
        treffer = [f"{t.abschnitt.id}:{t.score:.0f}" for t in a.treffer[:3]]
        konv = [f"{k.konvention.id}:{k.score:.0f}" for k in a.konventionen[:2]]
        print(f"- {e['frage']!r} erwartet {erwartet} schweigt={e['schweigt']}")
        print(f"    bekommen {treffer} konv {konv} schweigt={a.regeltext_schweigt}")


def stoerungen(index, fragen: list[dict], seed: int = 7) -> dict[str, tuple[int, int]]:
    """Wie robust sind richtig beantwortete Fragen des Abstimmungsteils gegen Störungen?

    Je Frage (Top-1 richtig, keine fremde): ein Tippfehler in einem Wort ab fünf Buchstaben
    (zwei Nachbarn vertauscht, einer fehlt oder doppelt; fester Startwert), Umlaute ohne e
    (ü/ue → u), erstes Wort ans Ende. Ergebnis: je Störung (noch richtig, gestört).
    """
    zufall = random.Random(seed)

    def tippfehler(q: str) -> str | None:
        ws = q.split()
        lange = [i for i, w in enumerate(ws) if len(w) >= 5]
        if not lange:
            return None
        i = zufall.choice(lange)
        w, j = ws[i], zufall.randrange(1, len(ws[i]) - 1)
        art = zufall.choice(("tausch", "weg", "doppelt"))
        if art == "tausch":
            w = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
        elif art == "weg":
            w = w[:j] + w[j + 1 :]
        else:
            w = w[:j] + w[j] + w[j:]
        ws[i] = w
        return " ".join(ws)

    def ohne_umlaut(q: str) -> str | None:
        r = q
        for alt, neu in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ae", "a"), ("oe", "o"), ("ue", "u")):
            r = r.replace(alt, neu)
        return r if r != q else None

    def umgestellt(q: str) -> str | None:
        ws = q.split()
        return " ".join(ws[1:] + ws[:1]) if len(ws) >= 3 else None

    ergebnis: dict[str, list[int]] = {}
    for e in fragen:
        if e.get("nichts") or not bewerte_saetze(index, [e])["top1"]:
            continue
        for name, stoere in (
            ("Tippfehler", tippfehler),
            ("ohne Umlaut", ohne_umlaut),
            ("umgestellt", umgestellt),
        ):
            gestoert = stoere(e["frage"])
            if gestoert is None:
                continue
            z = ergebnis.setdefault(name, [0, 0])
            z[0] += bewerte_saetze(index, [dict(e, frage=gestoert)])["top1"]
            z[1] += 1
    return {k: (v[0], v[1]) for k, v in ergebnis.items()}


def _quote(a: int, n: int) -> str:
    return f"{a}/{n} = {100 * a / n:.1f} %" if n else "–"


def stichwort_quoten(index, fragen: list[dict], mindest_score: float | None = None):
    """(Top-1, Top-3) auf dem Stichwortkatalog."""
    from referee.suche.konstanten import MINDEST_SCORE

    grenze = MINDEST_SCORE if mindest_score is None else mindest_score
    top1 = top3 = 0
    for e in fragen:
        richtig = {e["erwartet"], *e.get("auch", [])}
        ids = [t.abschnitt.id for t in index.suche(e["frage"], anzahl=3, mindest_score=grenze)]
        top1 += bool(ids) and ids[0] in richtig
        top3 += bool(richtig & set(ids))
    return top1, top3


#: Die Gewichte, die ``kalibrieren`` gemeinsam wählt, und die Werte im Gitter.
GITTER = {
    "GEWICHT_BEISPIELTEXT": (0.3, 0.5),
    "ABDECKUNG": (0.5, 1.0),
    "GEWICHT_BEISPIEL": (0.9, 1.0, 1.1),
    "MINDEST_SCORE": (35.0, 40.0, 45.0),
    "MINDEST_BEISPIEL": (40.0, 50.0),
    "GEWICHT_UNBEKANNT": (0.5, 1.0),
}
#: Ein Name, den die Suche nicht kennt, vor jeder Satzfrage („Korbinian, darf ich …“): am
#: Tisch fragt man so, und ein unbekanntes Wort senkt jeden Score.
NAME = "Korbinian, "


def _beispiele_ohne(fragen: list[dict]) -> list[tuple[str, str]]:
    """Die Beispielfragen ohne genau die Sätze aus ``fragen``: kein Satz findet sich selbst."""
    from referee.suche import beispielfragen

    ohne = {e["frage"].strip().casefold() for e in fragen}
    return [(f, z) for f, z in beispielfragen() if f.strip().casefold() not in ohne]


def kalibrieren(liste, abstimmung: list[dict], stichworte: list[dict]) -> None:
    """Die Gewichte in ``GITTER`` gemeinsam wählen, wie in ``referee/suche.py`` notiert.

    Gemessen auf ``abstimmung`` (Satzkataloge Runden 2 bis 4 und die fremden Fragen des
    Abstimmungsteils), denselben Sätzen mit einem unbekannten Namen davor und dem
    Stichwortkatalog; die Beispielfragen dafür ohne genau diese Sätze, damit kein Satz sich
    selbst findet. Bewertet: richtige Entscheidungen (Top-1 auf den Sätzen mit und ohne Namen
    und Enthaltung bei fremden Fragen, jede gleich viel), dann Top-1 der Stichworte.
    """
    import itertools

    from referee import suche as suchmodul
    from referee.suche import konstanten

    beispiele = _beispiele_ohne(abstimmung)
    saetze = [e for e in abstimmung if not e.get("nichts")]
    mit_namen = [dict(e, frage=NAME + e["frage"]) for e in saetze]
    fremde = [e for e in abstimmung if e.get("nichts")]
    print(f"\n== Kalibrierung ({len(saetze)} Sätze, {len(fremde)} fremde, Stichworte) ==")
    alt = {n: getattr(konstanten, n) for n in GITTER}
    beste = None
    for text in GITTER["GEWICHT_BEISPIELTEXT"]:
        konstanten.GEWICHT_BEISPIELTEXT = text
        ix = suchmodul.Suchindex(liste, beispiele)
        for werte in itertools.product(*list(GITTER.values())[1:]):
            for name, wert in zip(list(GITTER)[1:], werte, strict=True):
                setattr(konstanten, name, wert)
            schwelle = konstanten.MINDEST_SCORE
            z = bewerte_saetze(ix, saetze, schwelle)
            n = bewerte_saetze(ix, mit_namen, schwelle)
            f = bewerte_saetze(ix, fremde, schwelle)
            s1, _ = stichwort_quoten(ix, stichworte, schwelle)
            bewertung = (z["top1"] + n["top1"] + f["fremd_leer"], s1)
            einstellung = " ".join(f"{k} {v}" for k, v in zip(GITTER, (text, *werte), strict=True))
            print(
                f"{einstellung}: Sätze Top-1 {_quote(z['top1'], z['n'])}, mit Namen "
                f"{_quote(n['top1'], n['n'])}, fremde leer {_quote(f['fremd_leer'], f['fremd_n'])}, "
                f"Stichworte Top-1 {s1}"
            )
            if beste is None or bewertung > beste[0]:
                beste = (bewertung, einstellung)
    for name, wert in alt.items():
        setattr(konstanten, name, wert)
    print(f"Beste: {beste[1]}")


#: Das Gewicht der Profile in der Reihenfolge, das ``--kreuzvalidierung`` vergleicht.
PROFIL_GITTER = {"GEWICHT_PROFIL": (0.0, 0.1, 0.2, 0.3, 0.5)}


#: Die Entscheidung „der Regeltext schweigt“ (``suche.regeltext_schweigt``), die
#: ``--kreuzvalidierung`` danach vergleicht: Schwelle, Vorteil bei Geldfragen und wie stark
#: der Vergleich der Profile und die gelernte Art der Frage sie verschieben.
SCHWEIGT_GITTER = {
    "PROFIL_ART": (0.0, 0.2, 0.4, 0.6, 0.8),
    "VORSPRUNG_KONVENTION": (
        *(0.0, 3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0, 27.0, 30.0, 33.0),
        *(36.0, 39.0, 42.0, 45.0),
    ),
    "VORTEIL_GELD": (0.0, 3.0, 6.0, 10.0),
    "GEWICHT_ART": (0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0, 80.0),
}


def _zeile(einstellung: str, top1: int, top3: int, schweigt: int, n: int, je_katalog) -> str:
    return (
        f"{einstellung}: Top-1 {_quote(top1, n)}, Top-3 {_quote(top3, n)}, "
        f"fälschlich „schweigt“ {schweigt} ({', '.join(je_katalog)})"
    )


def _einstellen(konstanten, gitter: dict[str, tuple], werte: tuple) -> str:
    """Die Gewichte ``gitter`` in ``referee.suche.konstanten`` auf ``werte`` setzen; die
    Einstellung als Text."""
    for k, wert in zip(gitter, werte, strict=True):
        setattr(konstanten, k, wert)
    return " ".join(f"{k} {v}" for k, v in zip(gitter, werte, strict=True))


def kreuzvalidierung(liste, kataloge: dict[str, list[dict]]) -> None:
    """Die Gewichte der Profile (``PROFIL_GITTER``) und danach die Schwelle für „der
    Regeltext schweigt“ (``SCHWEIGT_GITTER``) über eine Kreuzvalidierung wählen.

    Je Katalog der Rollen „gelernt“ und „abgestimmt“ (``tests/data/fragen_aufteilung.json``)
    Beispielfragen und Profile ohne genau dessen Sätze: jeder Satz wird wie eine neue Frage
    beantwortet. Bewertet: Profile nach Top-1 über alle, dann Top-3, dann den wenigsten
    fälschlich „schweigt“; die Schwelle nach den wenigsten Regelfragen mit fälschlich
    „schweigt“ (Ziel des Issues: nie), dann Top-1, dann Top-3 – nie auf den zurückgehaltenen.

    Die Schwelle ändert nur, ob der Text schweigt: je Frage wird die Antwort einmal mit
    erzwungenem „schweigt“ und einmal ohne bewertet und mit ``suche.regeltext_schweigt`` über
    ihre ``Abwaegung`` gewählt – dasselbe Ergebnis wie ein ganzer Lauf je Einstellung.
    """
    import itertools
    import math

    from referee import suche as suchmodul
    from referee.errors import Eingabefehler
    from referee.suche import konstanten

    indizes = {
        name: suchmodul.Suchindex(liste, _beispiele_ohne(fragen))
        for name, fragen in kataloge.items()
    }
    n = sum(len(f) for f in kataloge.values())
    print(f"\n== Kreuzvalidierung der Profile ({n} Sätze, {len(kataloge)} Kataloge) ==")
    alt = {k: getattr(konstanten, k) for k in (*PROFIL_GITTER, *SCHWEIGT_GITTER)}
    beste = None
    for werte in itertools.product(*PROFIL_GITTER.values()):
        einstellung = _einstellen(konstanten, PROFIL_GITTER, werte)
        top1 = top3 = schweigt = 0
        je_katalog = []
        for name, fragen in kataloge.items():
            z = bewerte_saetze(indizes[name], fragen)
            top1 += z["top1"]
            top3 += z["top3"]
            schweigt += z["falsch_schweigt"]
            je_katalog.append(f"{name} {z['top1']}/{z['n']}")
        print(_zeile(einstellung, top1, top3, schweigt, n, je_katalog))
        if beste is None or (top1, top3, -schweigt) > beste[0]:
            beste = ((top1, top3, -schweigt), einstellung, werte)
    print(f"Beste: {beste[1]}")
    _einstellen(konstanten, PROFIL_GITTER, beste[2])  # gilt für die Schwelle
    # je Frage: Bewertung mit und ohne „schweigt“ und die Abwägung
    fall: dict[str, list[tuple[dict, dict, object]]] = {}
    for name, fragen in kataloge.items():
        ix = indizes[name]
        fall[name] = []
        for e in fragen:
            erzwungen = {}
            for schweigt_ja, vorsprung in ((True, -math.inf), (False, math.inf)):
                konstanten.VORSPRUNG_KONVENTION = vorsprung
                erzwungen[schweigt_ja] = bewerte_saetze(ix, [e])
            try:
                abwaegung = ix.abwaegung(e["frage"])
            except Eingabefehler:
                abwaegung = None
            fall[name].append((erzwungen[True], erzwungen[False], abwaegung))
    je_fehlzahl: dict[int, tuple[tuple[int, int], str]] = {}
    for werte in itertools.product(*SCHWEIGT_GITTER.values()):
        einstellung = _einstellen(konstanten, SCHWEIGT_GITTER, werte)
        top1 = top3 = schweigt = 0
        je_katalog = []
        for name, faelle in fall.items():
            t1 = 0
            for ja, nein, abwaegung in faelle:
                ja_hier = abwaegung is not None and suchmodul.regeltext_schweigt(abwaegung)
                z = ja if ja_hier else nein
                t1 += z["top1"]
                top3 += z["top3"]
                schweigt += z["falsch_schweigt"]
            top1 += t1
            je_katalog.append(f"{name} {t1}/{len(faelle)}")
        if schweigt not in je_fehlzahl or (top1, top3) > je_fehlzahl[schweigt][0]:
            je_fehlzahl[schweigt] = (
                (top1, top3),
                _zeile(einstellung, top1, top3, schweigt, n, je_katalog),
            )
    anzahl = len(list(itertools.product(*SCHWEIGT_GITTER.values())))
    print(f"Schwelle ({anzahl} Einstellungen), die beste je Zahl fälschlich „schweigt“:")
    for schweigt in sorted(je_fehlzahl)[:4]:
        print(je_fehlzahl[schweigt][1])
    print(f"Beste: {je_fehlzahl[min(je_fehlzahl)][1]}")
    for k, wert in alt.items():
        setattr(konstanten, k, wert)


def _katalogzeile(name: str, z: dict) -> str:
    """Eine Zeile je Katalog: Top-1, Top-3, Konvention genannt, fälschlich „schweigt“, fremde."""
    zeile = (
        f"  {name:26s} {z['n']:4d}  Top-1 {_quote(z['top1'], z['n']):>17s}  "
        f"Top-3 {_quote(z['top3'], z['n']):>17s}  "
        f"Konvention {_quote(z['konv_genannt'], z['konv_n']):>15s}  "
        f"fälschlich „schweigt“ {z['falsch_schweigt']}/{z['regel_n']}"
    )
    if z["fremd_n"]:
        zeile += f"  fremde enthalten {z['fremd_leer']}/{z['fremd_n']}"
    return zeile


def _summe(zahlen: list[dict]) -> dict:
    return {k: sum(z[k] for z in zahlen) for k in zahlen[0]} if zahlen else {}


def kataloge_zeigen(index, ohne_beispiele, teile: dict[str, list[dict]]) -> None:
    """Zuerst die zurückgehaltenen Kataloge (mit und ohne Beispielfragen), dann der
    Trainings-Recall und Runde 5."""
    rolle = rollen()
    gruppen: dict[str, list[str]] = {}
    for teil in teile:
        gruppen.setdefault(rolle[teil], []).append(teil)
    titel = {
        "zurueckgehalten": "Zurückgehalten: nie gelernt, nie abgestimmt (das zählt)",
        "gelernt": "Trainings-Recall: ihre Sätze sind Beispielfragen (nur gegen Rückschritte)",
        "abgestimmt": "Abgestimmt ohne Beispielfragen (Runde 5: Kreuzvalidierung)",
    }
    for art in ("zurueckgehalten", "gelernt", "abgestimmt"):
        print(f"\n== {titel[art]} ==")
        zahlen = []
        for teil in gruppen.get(art, []):
            z = bewerte_saetze(index, teile[teil])
            zahlen.append(z)
            print(_katalogzeile(_name(teil), z))
        print(_katalogzeile("zusammen", _summe(zahlen)))
        if art == "zurueckgehalten":
            print(
                "  Ziel (issue 28): Top-1 ≥ 95 %, Top-3 ≥ 96 %, Konvention genannt ≥ 95 %, "
                "fälschlich „schweigt“ ≤ 0,5 %"
            )
            zahlen = [bewerte_saetze(ohne_beispiele, teile[t]) for t in gruppen.get(art, [])]
            print(_katalogzeile("ohne Beispielfragen", _summe(zahlen)))


def _last() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def start_zeigen(laeufe: int) -> None:
    """Ganze Prozesse: referee frage gegen die nackte Typer-App, abwechselnd gemessen."""
    # dieselbe nackte Typer-App mit zwei Befehlen wie benchmarks/lesen.py
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from lesen import NACKTE_APP

    ziel = Path(tempfile.mkdtemp(prefix="referee-installiert-"))
    ref = installiere(ziel)
    (ziel / "nackte_app.py").write_text(NACKTE_APP, encoding="utf-8")
    app = [sys.executable, str(ziel / "nackte_app.py")]
    heim = Path(tempfile.mkdtemp(prefix="referee-heim-"))
    env = dict(os.environ, NO_COLOR="1", COLUMNS="80", HOME=str(heim))
    for weg in ("PYTHONDONTWRITEBYTECODE", "REFEREE_DB", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env.pop(weg, None)
    env["PYTHONPATH"] = str(ziel)
    # ein Buch mit offenem Abend: dann liest frage die Namen vom Tisch
    buch = heim / "abend.db"
    spieler = ["Kunigunde", "Xaver", "Vroni", "Sepp"]
    subprocess.run(
        [*ref, "--db", str(buch), "abend", "neu", "--spieler", *spieler],
        env=env,
        cwd=_CWD,
        check=True,
        capture_output=True,
    )
    herkunft = subprocess.run(
        [sys.executable, "-c", "import referee; print(referee.__file__)"],
        env=env,
        cwd=_CWD,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    app_name = "nackte Typer-App (eins)"
    messungen = [
        ("python -c pass", [sys.executable, "-c", "pass"], env),
        (app_name, [*app, "eins"], env),
        *((f"frage {f[:36]!r}", [*ref, "frage", f], env) for f in START_FRAGEN),
        (
            f"frage {START_FRAGEN[2][:24]!r}, Buch",
            [*ref, "--db", str(buch), "frage", START_FRAGEN[2]],
            env,
        ),
    ]
    print(f"\n== Ganze Prozesse ({laeufe} Läufe je Befehl, abwechselnd) ==")
    print(f"Python {sys.version.split()[0]}, referee aus {herkunft}; {_last()}")
    zeiten = ganze_prozesse(messungen, laeufe)
    basis = statistics.median(w for w, _ in zeiten[app_name])
    basis_cpu = statistics.median(c for _, c in zeiten[app_name])
    print(f"  {'':48s} {'Median':>8s}  ×App {'Minimum':>8s} {'CPU-Median':>10s}  ×App")
    for name, _, _ in messungen:
        wand = [w for w, _ in zeiten[name]]
        cpu = statistics.median(c for _, c in zeiten[name])
        med = statistics.median(wand)
        urteil = ""
        if name.startswith("frage"):
            urteil = "ok" if med / basis <= 1.3 else "ZU LANGSAM"
        print(
            f"  {name:48s} {med:5.0f} ms {med / basis:5.2f} {min(wand):5.0f} ms "
            f"{cpu:7.0f} ms {cpu / basis_cpu:5.2f}  {urteil}".rstrip()
        )
    print(f"  (Ziel issue 28: jede Frage ≤ 1,3 × die nackte App, Median der Wandzeit); {_last()}")
    print("Phasen eines frage-Prozesses (Median):")
    for name, ms in phasen_median(laeufe, env).items():
        print(f"  {name:48s} {ms:6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--laeufe", type=int, default=21, help="Prozessläufe je Befehl (≥ 10)")
    parser.add_argument("--ohne-start", action="store_true", help="Startzeit nicht messen")
    parser.add_argument(
        "--nur-start", action="store_true", help="nur die ganzen Prozesse und die Suche im Prozess"
    )
    parser.add_argument("--gross", action="store_true", help="auch den 100×-Korpus messen")
    parser.add_argument("--kalibrieren", action="store_true", help="Gewichte wählen")
    parser.add_argument(
        "--kreuzvalidierung", action="store_true", help="Gewichte der Profile wählen"
    )
    parser.add_argument(
        "--fehler", action="store_true", help="Fehlgriffe im Abstimmungsteil (nur dort) zeigen"
    )
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]

    from referee import suche as suchmodul

    teile = kataloge()
    index = suchmodul.index()
    if args.nur_start:
        fragen = [e["frage"] for f in teile.values() for e in f]
        print(f"Median je Frage im Prozess ({len(fragen)} Satzfragen): ", end="")
        print(f"{suche_median(index, fragen, runden=1):.2f} ms (Ziel ≤ 5 ms)")
        start_zeigen(max(args.laeufe, 10))
        return
    ohne_beispiele = suchmodul.Suchindex(index.abschnitte)
    kataloge_zeigen(index, ohne_beispiele, teile)

    stichwort = json.loads((DATEN / "fragen.json").read_text(encoding="utf-8"))["fragen"]
    top1, top3 = stichwort_quoten(index, stichwort)
    n = len(stichwort)
    print(
        "\n== Stichwortkatalog tests/data/fragen.json (gelernt: fast alle sind Beispielfragen) =="
    )
    print(f"Top-1 {_quote(top1, n)} (Ziel ≥ 90 %), Top-3 {_quote(top3, n)} (Ziel 100 %)")
    abstimmung = teile["abstimmung"]
    robust = stoerungen(index, abstimmung)
    print(
        "Störungen (Abstimmungsteil, Top-1 bleibt richtig): "
        + "; ".join(f"{name} {_quote(a, n)}" for name, (a, n) in robust.items())
    )

    fragen = [e["frage"] for e in stichwort] + [e["frage"] for f in teile.values() for e in f]
    klein = suche_median(index, fragen, runden=1)
    print("\n== Suche im Prozess ==")
    print(
        f"Korpus: {len(index.abschnitte)} Abschnitte (mit Konventionen), "
        f"{len(index.vokabular)} Wörter, {len(index.ziele)} Beispielfragen"
    )
    print(
        f"Median je Frage ({len(fragen)} Fragen, Index aus dem Cache)  {klein:6.2f} ms "
        f"(Ziel ≤ 5 ms: {'ok' if klein <= 5 else 'VERFEHLT'})"
    )
    if args.gross:
        synth = synthetischer_korpus()
        start = time.perf_counter()
        gross = suchmodul.Suchindex(synth, suchmodul.beispielfragen())
        aufbau_gross = (time.perf_counter() - start) * 1000
        gross.suche("Davonlaufen")
        median_gross = suche_median(gross, [e["frage"] for e in stichwort], runden=1)
        print(
            f"100×-Korpus: {len(gross.abschnitte)} Abschnitte, {len(gross.vokabular)} Wörter; "
            f"Indexaufbau mit Lernen der Profile {aufbau_gross / 1000:.0f} s; Median je "
            f"Stichwortfrage {median_gross:6.2f} ms "
            f"(Ziel ≤ 50 ms: {'ok' if median_gross <= 50 else 'VERFEHLT'})"
        )

    if not args.ohne_start:
        start_zeigen(max(args.laeufe, 10))
    if args.fehler:
        zeige_fehler(index, abstimmung)
    rolle = rollen()
    if args.kreuzvalidierung:
        kreuzvalidierung(
            index.abschnitte,
            {
                _name(teil): fragen
                for teil, fragen in teile.items()
                if rolle[teil] in ("gelernt", "abgestimmt")
            },
        )
    if args.kalibrieren:
        fremde = [e for e in abstimmung if e.get("nichts")]
        runden = teile["neu"] + teile["runde3"] + teile["runde4"]
        kalibrieren(index.abschnitte, runden + fremde, stichwort)


if __name__ == "__main__":
    main()
