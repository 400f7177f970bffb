"""Architektur: reine Regelkerne ohne I/O-Bibliotheken; der gemeinsame Weg Fakten/Partie →
Ergebnis (``referee.schafkopf.eintrag``), den ``schafkopf eintragen`` und ``korrektur`` nehmen;
die Befehlskarte der Kommandozeile; die Schichten (``SCHICHTEN``: jeder Import zeigt nach
unten, kein Zyklus in einem Paket – gelesen mit ``benchmarks/importgraph.py``)."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, _env
from hilfen import eintragen, korrektur, stand

from referee.errors import Eingabefehler, Regelverstoss
from referee.schafkopf import (
    Farbe,
    Spielart,
    ergebnis_aus_fakten,
    ergebnis_aus_partie,
    parse_ansage,
)
from referee.schafkopf.ergebnis import SchafkopfErgebnis
from referee.schafkopf.partie import partie_bericht, partie_daten

TISCH = ["Anna", "Ben", "Cem", "Dora"]
KERNE = (
    "referee.schafkopf",
    "referee.schafkopf.partie",
    "referee.schafkopf.abrechnung",
    "referee.schafkopf.eintrag",
    "referee.schafkopf.tarif",
    "referee.sabai",
    "referee.saufn",
    "referee.schlafmuetze",
    "referee.bericht.formate",
    "referee.bericht.abendbericht",
    "referee.bericht.statistik",
    "referee.regeltexte",
    "referee.suche",
    "referee.turnier",
)


def _geladen(modul: str) -> set[str]:
    """Die Module, die ``import modul`` in einem frischen Interpreter lädt."""
    code = f"import sys, {modul}; print(','.join(sorted(sys.modules)))"
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT,
        check=True,
    )
    return set(r.stdout.strip().split(","))


@pytest.mark.parametrize("kern", KERNE)
def test_kern_laedt_keine_ein_ausgabe_bibliothek(kern):
    geladen = _geladen(kern)
    for fremd in (
        "typer",
        "click",
        "rich",
        "sqlite_utils",
        "sqlite3",
        "referee.cli",
        "referee.store",
    ):
        assert fremd not in geladen, f"{kern} lädt {fremd}"


@pytest.mark.parametrize("kern", ("schafkopf", "sabai", "saufn", "schlafmuetze", "bericht"))
def test_kern_druckt_nicht(kern):
    """Kein print() und kein open() im Regelkern (Daten nur über referee.resources)."""
    for datei in (ROOT / "referee" / kern).glob("*.py"):
        text = datei.read_text(encoding="utf-8")
        assert "print(" not in text, datei
        assert "open(" not in text, datei


@pytest.mark.parametrize(
    "text, art, farbe",
    [
        ("rufspiel", Spielart.RUFSPIEL, None),
        ("Sauspiel", Spielart.RUFSPIEL, None),
        ("ruf", Spielart.RUFSPIEL, None),
        ("farbsolo", Spielart.SOLO, None),
        ("Herz-Solo", Spielart.SOLO, Farbe.HERZ),
        ("Eichel-Wenz", Spielart.FARBWENZ, Farbe.EICHEL),
        ("wenz", Spielart.WENZ, None),
        ("Ramsch", Spielart.RAMSCH, None),
    ],
)
def test_parse_ansage(text, art, farbe):
    assert parse_ansage(text) == (art, farbe)


def test_parse_ansage_unbekannt():
    with pytest.raises(Eingabefehler, match="Unbekannte Spielart „skat“"):
        parse_ansage("skat")


def test_ergebnis_rufspiel_nach_store_vertrag():
    e = ergebnis_aus_fakten(
        Spielart.RUFSPIEL, TISCH, ["Ben", "Dora"], augen=71, laufende=3, klopfer=1
    )
    assert isinstance(e, SchafkopfErgebnis)  # das Ergebnis, kein dict dazwischen
    assert dict(e.zahlungen) == {"Anna": -100, "Ben": 100, "Cem": -100, "Dora": 100}
    assert (e.spieler, e.partner, e.gewonnen, e.wert, e.augen) == ("Ben", "Dora", True, 100, 71)
    assert (e.laufende, e.klopfer, e.stoesse, e.schneider) == (3, 1, 0, False)
    # Rufspiel 20 + 3 Laufende à 10 = 50, ein Klopfer verdoppelt (Tarif 10-20-50)
    assert e.erklaerung == "20 (Rufspiel) + 30 (3 Laufende × 10) = 50 × 2 (1 Klopfer) = 100"
    assert sum(c for _, c in e.zahlungen) == 0


def test_ergebnis_solo_verloren():
    e = ergebnis_aus_fakten(Spielart.WENZ, TISCH, ["Cem"], augen=45)
    assert dict(e.zahlungen) == {"Anna": 50, "Ben": 50, "Cem": -150, "Dora": 50}
    assert e.partner is None and e.gewonnen is False


def test_ergebnis_partei_passt_nicht():
    with pytest.raises(Eingabefehler, match="besteht die Spielerpartei aus 2 Spielern"):
        ergebnis_aus_fakten(Spielart.RUFSPIEL, TISCH, ["Anna"], augen=71)
    with pytest.raises(Eingabefehler, match="nur beim Ramsch"):
        ergebnis_aus_fakten(Spielart.SOLO, TISCH, ["Anna"], augen=71, jungfrauen=["Ben"])


def test_ergebnis_ramsch_mit_jungfrau():
    e = ergebnis_aus_fakten(Spielart.RAMSCH, TISCH, ["Dora"], jungfrauen=["Ben"])
    assert e.verlierer == ("Dora",) and e.jungfrauen == ("Ben",) and e.durchmarsch is None
    assert e.spieler == "Dora" and e.wert == 40
    assert dict(e.zahlungen) == {"Anna": 40, "Ben": 40, "Cem": 40, "Dora": -120}


def test_ergebnis_ramsch_durchmarsch():
    e = ergebnis_aus_fakten(Spielart.RAMSCH, TISCH, [], durchmarsch="Cem")
    assert e.durchmarsch == "Cem" and e.spieler == "Cem" and e.jungfrauen == ()
    assert e.wert is not None and dict(e.zahlungen)["Cem"] == 3 * e.wert
    assert sum(c for _, c in e.zahlungen) == 0


def test_ergebnis_ramsch_mehrere_maengel_auf_einmal():
    with pytest.raises(Eingabefehler) as info:
        ergebnis_aus_fakten(Spielart.RAMSCH, TISCH, ["Dora"], augen=70, jungfrauen=["Dora"])
    meldung = str(info.value)
    assert "keine Augen der Spielerpartei" in meldung
    assert "Dora verliert mit den meisten Augen und kann keine Jungfrau" in meldung


def test_ergebnis_ramsch_drei_jungfrauen_ist_durchmarsch():
    with pytest.raises(Eingabefehler, match=r"Durchmarsch \(--durchmarsch Anna\)"):
        ergebnis_aus_fakten(Spielart.RAMSCH, TISCH, ["Anna"], jungfrauen=["Ben", "Cem", "Dora"])


def _echte_partie(nr: int = 0) -> dict:
    partien = json.loads(
        (Path(__file__).parent / "data" / "partien.json").read_text(encoding="utf-8")
    )
    return dict(partien[nr], namen=TISCH)


def test_ergebnis_aus_partie_stimmt_mit_erwartung():
    for nr in range(0, 84, 7):
        daten = _echte_partie(nr)
        e = ergebnis_aus_partie(partie_bericht(daten))
        assert [c for _, c in e.zahlungen] == daten["erwartet"]["zahlungen"], daten["quelle"]
        assert e.spielart == daten["spiel"]
        assert e.spieler == TISCH[daten["spieler"]]
        assert e.klopfer == len(daten.get("klopfer") or [])


def test_ergebnis_aus_partie_regelverstoss_nennt_stich_und_name():
    daten = _echte_partie(0)
    stiche = [dict(s) for s in daten["stiche"]]
    erster = list(stiche[0]["karten"])
    erster[1], erster[2] = erster[2], erster[1]  # falscher Sitz spielt die Karte
    stiche[0] = dict(stiche[0], karten=erster)
    with pytest.raises(
        Regelverstoss, match="Die Partie ist nicht regelgerecht, nicht eingetragen. Stich 1"
    ):
        ergebnis_aus_partie(partie_bericht(dict(daten, stiche=stiche)))


def test_partie_daten_json_und_fehler():
    assert partie_daten('{"spiel": "wenz"}') == {"spiel": "wenz"}
    with pytest.raises(Eingabefehler, match="„x.json“ ist kein gültiges JSON"):
        partie_daten("{kaputt", "x.json")


@pytest.mark.parametrize(
    "modul",
    (
        "referee.schafkopf.eintrag",
        "referee.schafkopf.partie",
        "referee.regeltexte",
        "referee.sabai.regeln",
        "referee.bericht.ausgleich",
        "referee.sabai.runde",
        "referee.namen",
        "referee.schafkopf.tisch",
        "referee.schafkopf.ergebnis",
        "referee.schafkopf.angaben",
        "referee.sabai.ergebnis",
        "referee.saufn.ergebnis",
        "referee.schlafmuetze.ergebnis",
        "referee.ergebnis",
        "referee.eingabe.kurz",
        "referee.bericht.statistik",
    ),
)
def test_doctests(modul):
    import importlib

    ergebnis = doctest.testmod(importlib.import_module(modul))
    assert ergebnis.failed == 0 and ergebnis.attempted > 0


def test_saufn_spielende_als_eintrag():
    from referee.saufn.ende import parse_verteilung, spielende

    se = spielende(["Cem", "Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"])
    assert se.als_eintrag() == {
        "plaetze": ["Cem", "Anna", "Ben"],
        "spieler": ["Anna", "Ben", "Cem", "Dora"],
        "schluecke": None,
    }
    e = se.als_eintrag(parse_verteilung("Cem:Anna=5,Ben=15;Anna:Dora=15"))
    assert e["schluecke"] == {"Anna": 5, "Ben": 15, "Cem": 0, "Dora": 15}


def test_regeltexte_bezeichnung_und_zitat():
    from referee.regeltexte import abschnitt, bezeichnung, zitat

    assert bezeichnung("gibt.es.nicht") == "gibt.es.nicht"
    assert (
        bezeichnung("sabai.ass-joker") == f"sabai.ass-joker ({abschnitt('sabai.ass-joker').titel})"
    )
    assert zitat("gibt.es.nicht") is None
    assert zitat("sabai.funktionskarten") == abschnitt("sabai.funktionskarten").text
    teil = zitat("sabai.funktionskarten", "13").splitlines()
    assert all("13" in z for z in teil[1:]) and len(teil) < len(
        zitat("sabai.funktionskarten").splitlines()
    )


def test_store_aufgehoben_durch(tmp_path):
    from referee.spiele import store_oeffnen as oeffne
    from referee.store import aufgehoben_durch

    def ergebnis(w):
        return {
            "zahlungen": {"Anna": w, "Ben": w, "Cem": -w, "Dora": -w},
            "spielart": "rufspiel",
            "wert": w,
        }

    with oeffne(tmp_path / "t.db") as s:
        s.abend_neu(TISCH)
        e1 = eintragen(s, "schafkopf", ergebnis(20), {})
        e2 = eintragen(s, "schafkopf", ergebnis(30), {})
        k = korrektur(s, e1.id, ergebnis(50), {})
        st = s.rueckgaengig(e2.id)
        alle = s.eintraege(alle=True)
        assert {i: e.id for i, e in aufgehoben_durch(alle).items()} == {e1.id: k.id, e2.id: st.id}
        st_k = s.rueckgaengig(k.id)  # Korrektur storniert: e1 gilt wieder
        assert {i: e.id for i, e in aufgehoben_durch(s.eintraege(alle=True)).items()} == {
            e2.id: st.id,
            k.id: st_k.id,
        }


def test_schafkopf_tisch_aus_sitzordnung_und_geberfolge():
    from referee.schafkopf.tisch import geber, tisch

    fuenf = ("Anna", "Ben", "Cem", "Dora", "Emil")
    # fünf am Tisch: der Geber (Anna) setzt aus; Sitzordnung bzw. ab dem Ausspieler
    assert tisch(fuenf, 0, 0) == ["Ben", "Cem", "Dora", "Emil"]
    assert tisch(fuenf, 0, 0, ["Dora", "Anna", "Ben", "Cem"]) == ["Anna", "Ben", "Cem", "Dora"]
    assert tisch(fuenf, 0, 0, ["Dora", "Anna", "Ben", "Cem"], spielfolge=True) == [
        "Dora",
        "Anna",
        "Ben",
        "Cem",
    ]
    # nach zwei Spielen gibt Cem, Dora spielt aus, Cem setzt aus
    g = geber(fuenf, 0, 2)
    assert (g.geber, g.ausspieler, g.aussetzer) == ("Cem", "Dora", ("Cem",))
    assert tisch(fuenf, 0, 2, spielfolge=True) == ["Dora", "Emil", "Anna", "Ben"]
    # --geber Dora (Start 3), vier am Tisch: Anna spielt aus
    assert geber(("Anna", "Ben", "Cem", "Dora"), 3, 0).ausspieler == "Anna"
    with pytest.raises(Eingabefehler, match="vier verschiedene Spieler des Abends, nicht 3"):
        tisch(fuenf, 0, 0, ["Anna", "Ben", "Cem"])
    with pytest.raises(Eingabefehler, match="Am Abend sind 6 Spieler; sag mit --tisch"):
        tisch((*fuenf, "Fritz"), 0, 0)


def test_store_importiert_kein_spielpaket():
    """Der Speicher kennt keine Spielregeln: er importiert kein Spielpaket (auch nicht über
    Umwege), und im Quelltext steht keines."""
    geladen = _geladen("referee.store")
    for spiel in ("schafkopf", "sabai", "saufn", "schlafmuetze", "buch", "cli"):
        assert not any(
            m == f"referee.{spiel}" or m.startswith(f"referee.{spiel}.") for m in geladen
        ), spiel
    import ast

    spiele = {"schafkopf", "sabai", "saufn", "schlafmuetze"}
    for datei in sorted((ROOT / "referee" / "store").glob("*.py")):
        quelle = datei.read_text(encoding="utf-8")
        for spiel in spiele:
            assert f"referee.{spiel}" not in quelle, (datei.name, spiel)
        # und kein Spielname als Wert im Code (Docstrings ausgenommen): der Stand der Spiele,
        # das Offene und der Ausgleich entstehen im Buch (referee.buch.stand)
        baum = ast.parse(quelle)
        doku = {
            id(k.body[0].value)
            for k in ast.walk(baum)
            if isinstance(k, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and k.body
            and isinstance(k.body[0], ast.Expr)
            and isinstance(k.body[0].value, ast.Constant)
        }
        werte = {
            k.value
            for k in ast.walk(baum)
            if isinstance(k, ast.Constant) and isinstance(k.value, str) and id(k) not in doku
        }
        assert not werte & spiele, (datei.name, werte & spiele)


def test_buch_laedt_leicht():
    """``import referee.buch`` lädt weder Speicher noch sqlite, rich, typer oder ein Spiel."""
    geladen = _geladen("referee.buch")
    for fremd in ("sqlite3", "sqlite_utils", "rich", "typer", "referee.store", "referee.schafkopf"):
        assert fremd not in geladen, fremd


def test_schafkopf_paket_laedt_erst_bei_bedarf():
    """Start-up: ``import referee.schafkopf`` lädt kein Modul des Kerns (``referee abend``
    braucht nur ``schafkopf.tisch``); ``referee ruf`` lädt Karten und Ruf, nicht Spielarten
    und Züge."""
    assert not {m for m in _geladen("referee.schafkopf") if m.startswith("referee.schafkopf.")}
    geladen = _geladen("referee.schafkopf; from referee.schafkopf import rufbare_saeue")
    assert {"referee.schafkopf.karten", "referee.schafkopf.ruf"} <= geladen
    assert not geladen & {
        "referee.schafkopf.spielart",
        "referee.schafkopf.zug",
        "referee.schafkopf.abrechnung",
        "referee.schafkopf.partie",
    }


def test_schafkopf_paket_alle_namen_erreichbar():
    import referee.schafkopf as paket

    for name in paket.__all__:
        assert getattr(paket, name) is not None, name
    assert sorted(dir(paket)) == sorted(paket.__all__)


def test_store_abende_waehlen(tmp_path):
    from referee.store import KeineDaten, oeffne

    with oeffne(tmp_path / "t.db") as s:
        with pytest.raises(KeineDaten, match="Es gibt noch keinen Abend"):
            s.abende_waehlen()
        a1, _ = s.abend_neu(TISCH)
        s.abend_beenden()
        a2, _ = s.abend_neu(TISCH)
        assert [a.id for a in s.abende_waehlen()] == [a2.id]  # der offene
        s.abend_beenden()
        assert [a.id for a in s.abende_waehlen()] == [a2.id]  # sonst der letzte
        assert [a.id for a in s.abende_waehlen(a1.id)] == [a1.id]
        assert [a.id for a in s.abende_waehlen(gesamt=True)] == [a1.id, a2.id]
        with pytest.raises(Eingabefehler, match="schließen sich aus"):
            s.abende_waehlen(a1.id, gesamt=True)


def test_partiebericht_laufende_mit_oder_ohne():
    # Farbwenz Gras, Spieler Sitz 3 hält den Eichel-Unter (höchster Trumpf): „mit“
    b = partie_bericht(_echte_partie(0))
    assert b.partie.spiel.art is Spielart.FARBWENZ and b.laufende_mit is True
    partien = json.loads(
        (Path(__file__).parent / "data" / "partien.json").read_text(encoding="utf-8")
    )
    ohne = [
        p
        for p in partien
        if p["spiel"] == "rufspiel"
        and not any("EO" in p["haende"][s] for s in partie_bericht(p).spieler_partei)
    ]
    assert ohne, "keine Rufspiel-Partie ohne den Eichel-Ober bei der Spielerpartei"
    for p in ohne:
        assert partie_bericht(p).laufende_mit is False


def test_sabai_gleichstand_parse():
    from referee.sabai import Gleichstand

    assert Gleichstand.parse("ALLE") is Gleichstand.ALLE
    with pytest.raises(Eingabefehler, match="Unbekannter Wert „beide“ für --gleichstand"):
        Gleichstand.parse("beide")


def test_schlafmuetze_und_saufn_als_json():
    from referee.saufn import Karte as SaufnKarte
    from referee.saufn import folgt_auskunft
    from referee.schlafmuetze import Tisch, ablage_auskunft, naechster_schritt, wohin

    t = Tisch.parse("2 1 5 1 1", "Ben=10,Cem=4,Dora=-")
    w = wohin(3, t).als_json()
    assert (w["passt"], w["muss"], w["zulaessig"], w["schlafmuetze"]) == (
        ["mitte:1", "Cem"],
        "mitte:1",
        ["mitte:1"],
        False,
    )
    p = ablage_auskunft(3, t, "Cem").als_json()
    assert (p["schlafmuetze"], p["nach"], p["fehler"], p["abschnitt"]) == (
        True,
        "Cem",
        "reihenfolge",
        "schlafmuetze.fehler",
    )
    assert "fehler" not in ablage_auskunft(3, t, "mitte:1").als_json()
    z = naechster_schritt(t, 5).als_json()
    assert (z["zuerst"], z["karte"], z["muss"]) == ("ablagestapel", 5, "Cem")
    e = folgt_auskunft(SaufnKarte.parse("N"), SaufnKarte.parse("U")).als_json()
    assert (e["erlaubt"], e["moeglich"], e["oben_danach"]) == (
        False,
        ["U", "F", "weiße Karte", "goldene Karte"],
        "U",
    )
    assert "schluecke" not in e


def test_namen_vorschlaege():
    from referee.namen import aehnliche, meintest_du
    from referee.saufn.karten import falte

    assert aehnliche("ana", ["Anna", "Ben", "Hanna"]) == ["Anna", "Hanna"]
    assert aehnliche("Joerg", ["Jörg", "Ben"], schluessel=falte) == ["Jörg"]
    assert aehnliche("Xaver", ["Anna", "Ben"]) == []
    assert meintest_du([]) == ""
    assert meintest_du(["Ben"]) == "Meintest du „Ben“?"


def test_tout_mit_120_augen_fragt_nach_auch_beim_eintragen():
    from referee.schafkopf import Fakten, abrechnen, tarif_laden
    from referee.schafkopf.abrechnung import unklare_angaben

    unklar = Fakten(Spielart.WENZ, augen_spieler=120, tout=True)
    assert unklare_angaben(unklar)[0].startswith("Tout mit 120 Augen")
    assert abrechnen(unklar).gewonnen is False  # abrechnen selbst bleibt bei seiner Lesart
    with pytest.raises(Eingabefehler, match="Tout mit 120 Augen"):
        ergebnis_aus_fakten(Spielart.WENZ, TISCH, ["Cem"], augen=120, tout=True)
    assert unklare_angaben(Fakten(Spielart.WENZ, augen_spieler=120, tout=True, schwarz=True)) == []
    assert (
        unklare_angaben(Fakten(Spielart.WENZ, augen_spieler=120, tout=True, stiche_spieler=7)) == []
    )
    # Hausregel schwarz_nach_augen: 120 Augen heißen alle Stiche
    assert unklare_angaben(unklar, tarif_laden(None, ["schwarz_nach_augen=ja"])) == []


def test_partie_mit_tarif():
    from referee.schafkopf.partie import lies_partie, mit_tarif

    p = lies_partie(_echte_partie(0))
    assert p.tarif is not None
    assert mit_tarif(p) is p
    assert mit_tarif(p, None, ["grund=30"]).tarif.grund == 30
    assert mit_tarif(p, None, ["grund=30"]).tarif.solo == p.tarif.solo  # Tarif der Partie geändert
    assert mit_tarif(p, "5-10-20").tarif.grund == 10
    ohne = lies_partie({k: v for k, v in _echte_partie(0).items() if k != "tarif"})
    assert mit_tarif(ohne, None, ["grund=30"]).tarif.solo == 50  # Standardtarif 10-20-50


def test_store_stand_mit_ueberweisungen(tmp_path):
    from referee.spiele import store_oeffnen as oeffne

    with oeffne(tmp_path / "t.db") as s:
        s.abend_neu(TISCH)
        eintragen(
            s,
            "schafkopf",
            {
                "zahlungen": {"Anna": 60, "Ben": 20, "Cem": -20, "Dora": -60},
                "spielart": "rufspiel",
                "wert": 20,
            },
            {},
        )
        assert stand(s, 1, ueberweisungen=True)["ueberweisungen"] == [
            {"von": "Dora", "an": "Anna", "cent": 60},
            {"von": "Cem", "an": "Ben", "cent": 20},
        ]


# ---------------------------------------------------------------- Befehlskarte der CLI


def _angehaengt() -> tuple[set[str], dict[str, set[str]]]:
    """Was die Module in ``referee/cli/`` beim Import wirklich anhängen – unabhängig von der
    Karte: alle Module (``pkgutil``) importieren, dann Typers Registrierungen lesen. Gibt die
    Module mit Befehlen und je Befehl oder Gruppe der obersten Ebene die Module der Funktionen
    darunter (Unterbefehle und Rückruf der Gruppe)."""
    import importlib
    import pkgutil

    import referee.cli
    from referee.cli import gruppen

    for info in pkgutil.iter_modules(referee.cli.__path__):
        importlib.import_module(f"referee.cli.{info.name}")

    def modul(funktion) -> str | None:  # nur Module der CLI (kein Befehl eines Tests)
        name = getattr(funktion, "__module__", "") or ""
        return name.removeprefix("referee.cli.") if name.startswith("referee.cli.") else None

    def unter(typer_app) -> set[str | None]:
        gefunden = {modul(c.callback) for c in typer_app.registered_commands}
        if typer_app.registered_callback is not None:
            gefunden.add(modul(typer_app.registered_callback.callback))
        for g in typer_app.registered_groups:
            gefunden |= unter(g.typer_instance)
        return gefunden

    karte: dict[str, set[str]] = {}
    for c in gruppen.app.registered_commands:
        m = modul(c.callback)
        if m is not None:
            name = c.name or c.callback.__name__.lower().replace("_", "-")
            karte.setdefault(name, set()).add(m)
    for g in gruppen.app.registered_groups:
        karte[g.name] = {m for m in unter(g.typer_instance) if m is not None}
    return set().union(*karte.values()), karte


def test_befehlskarte_aus_dem_quelltext_stimmt_mit_den_modulen():
    """``MODULE``/``BEFEHL_MODULE`` liest ``befehlskarte`` aus dem Quelltext; sie müssen genau
    das sein, was die Module beim Import anhängen – jeder Befehl, jede Gruppe mit allen Modulen,
    die etwas daran hängen (sonst fehlte ein Unterbefehl), und kein Modul zu viel (Startzeit)."""
    from referee.cli import BEFEHL_MODULE, MODULE, REIHENFOLGE

    module, karte = _angehaengt()
    assert {b: set(m) for b, m in BEFEHL_MODULE.items()} == karte
    assert set(MODULE) == module and len(MODULE) == len(module)
    for befehl, m in BEFEHL_MODULE.items():  # in der Lade-Reihenfolge (= Reihenfolge der Hilfe)
        assert list(m) == [x for x in MODULE if x in m], befehl
    assert set(REIHENFOLGE) <= module, "REIHENFOLGE nennt ein Modul, das es nicht mehr gibt"


def test_befehlskarte_braucht_nur_die_dateien_des_pakets(tmp_path):
    """Die Karte liest nur die Dateien des Pakets (so liegen sie auch im installierten Wheel)
    und erkennt ein neues Modul samt Befehl ohne ausdrücklichen Namen von selbst."""
    import shutil

    from referee.cli import BEFEHL_MODULE, MODULE, befehlskarte

    quelle = ROOT / "referee" / "cli"
    assert befehlskarte(str(quelle)) == (MODULE, BEFEHL_MODULE)
    for datei in quelle.glob("*.py"):
        shutil.copy(datei, tmp_path)
    (tmp_path / "neu.py").write_text(
        "from referee.cli import gruppen\n\n\n"
        "@gruppen.app.command()\ndef neuer_befehl() -> None:\n    pass\n\n\n"
        '@gruppen.sabai.command(\n    "probe", help="x"\n)\ndef probe() -> None:\n    pass\n',
        encoding="utf-8",
    )
    module, karte = befehlskarte(str(tmp_path))
    assert module == (*MODULE, "neu")  # nicht in REIHENFOLGE: danach
    assert karte["neuer-befehl"] == ("neu",)
    assert karte["sabai"] == (*BEFEHL_MODULE["sabai"], "neu")
    assert {b: m for b, m in karte.items() if b not in ("neuer-befehl", "sabai")} == {
        b: m for b, m in BEFEHL_MODULE.items() if b != "sabai"
    }


@pytest.mark.parametrize(
    "args, erwartet",
    [
        (["ruf", "--hand", "EO GU H9 G10 G7 S8 SK EA", "--sau", "gras"], "ruf"),
        (["stand"], "abend"),
        (["schafkopf", "tarife"], "schafkopf,schafkopf_abrechnung,eintragen"),
    ],
)
def test_einmal_befehl_laedt_nur_seine_module(tmp_path, args, erwartet):
    """Startzeit: ``main`` importiert für einen Befehl nur dessen Befehlsmodule."""
    code = (
        "import sys\n"
        "from referee.cli import MODULE, main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "geladen = [m for m in MODULE if f'referee.cli.{m}' in sys.modules]\n"
        "sys.stderr.write('\\nGELADEN ' + ','.join(geladen))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env({"HOME": str(tmp_path), "REFEREE_DB": str(tmp_path / "t.db")}),
        cwd=ROOT,
    )
    assert r.stderr.rsplit("GELADEN ", 1)[-1] == erwartet, r.stderr


def test_befehlskarte_ohne_quelltexte_laedt_alles(tmp_path):
    """Liegen nur .pyc-Dateien im Paket, kennt die Karte keinen Befehl: dann lädt jeder Aufruf
    alle Module (langsamer, aber vollständig)."""
    import py_compile

    from referee.cli import MODULE, befehlskarte

    for datei in (ROOT / "referee" / "cli").glob("*.py"):
        py_compile.compile(str(datei), cfile=str(tmp_path / f"{datei.stem}.pyc"), doraise=True)
    module, karte = befehlskarte(str(tmp_path))
    assert karte == {} and set(MODULE) <= set(module) and "gruppen" not in module
    assert module[: len(MODULE)] == MODULE


# ---------------------------------------------------------------- Schichten (issue 33, Punkt 5)

#: Die Schichten von unten nach oben, je Schicht die Pakete unter ``referee/`` (ein Modul direkt
#: unter ``referee`` ist sein eigenes Paket; ``referee`` allein ist ``referee/__init__.py``).
#: Ein Paket importiert nur aus Schichten *unter* seiner: nie nach oben und nie aus seiner
#: eigenen Schicht (zwei Pakete einer Schicht kennen einander nicht). So kann es zwischen
#: Paketen keinen Zyklus geben.
SCHICHTEN: tuple[tuple[str, ...], ...] = (
    ("referee", "errors", "resources", "pfade"),  # ohne Import aus dem Projekt
    ("text", "regeltexte"),  # Text säubern und zeigen; die Regeltexte lesen
    ("zahlen", "namen", "dateien", "fehlerbild"),  # Grenzen, Namen, Dateien, Fehler → Meldung
    ("jsonform", "ergebnis"),  # JSON von außen; der Vertrag der drei Formen eines Spiels
    ("schafkopf", "sabai", "saufn", "schlafmuetze"),  # die reinen Regelkerne
    ("turnier", "suche", "saison"),  # reine Kerne: Turnier (Schafkopf am Tisch), Regelsuche, Saison
    ("eingabe", "bericht"),  # die getypte Eingabe (Kurzzeile, Optionen); Berichte
    ("store",),  # der Speicher: legt ab, kennt kein Spiel
    ("spiele",),  # der Spielkatalog, den Buch und Einfuhr dem Speicher mitgeben
    ("einfuhr",),  # Import: prüfen und nachrechnen
    ("buch",),  # die Dienstschicht
    ("tisch", "live"),  # Tischmodus und Live-Seite: Front-Ends, die einander nicht kennen
    ("cli",),  # die Kommandozeile; baut die Tisch-Sitzung (Befehle, Live-Start)
    ("__main__", "beispielprofil"),  # python -m referee, python -m referee.beispielprofil
)

#: Importe mit berechnetem Namen (``importlib.import_module(f"…")``), die der Syntaxbaum nicht
#: auflöst, je Datei mit dem Grund, warum sie keine Schicht verletzen. Ein neuer scheitert.
BERECHNET = {
    "referee/cli/__init__.py": "die Befehlsmodule der Kommandozeile selbst (referee.cli.*)",
    "referee/cli/eingabe/__init__.py": "die Optionen je Spiel (referee.cli.eingabe.*)",
    "referee/schafkopf/__init__.py": "Namen des Pakets erst beim Gebrauch (referee.schafkopf.*)",
    "referee/spiele.py": "die Ergebnisklassen der Spiele (referee.<spiel>.ergebnis, darunter)",
}


def _importgraph():
    """``benchmarks/importgraph.py``: dieselben Kanten, die das Skript druckt."""
    import importlib.util

    modul = sys.modules.get("importgraph_benchmark")
    if modul is None:
        spec = importlib.util.spec_from_file_location(
            "importgraph_benchmark", ROOT / "benchmarks" / "importgraph.py"
        )
        assert spec is not None and spec.loader is not None
        modul = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = modul  # dataclasses sucht das Modul dort
        spec.loader.exec_module(modul)
    return modul


_KANTEN: dict[Path, tuple[list, list[str]]] = {}


def _kanten(wurzel: Path = ROOT) -> tuple[list, list[str]]:
    if wurzel not in _KANTEN:
        _KANTEN[wurzel] = _importgraph().kanten(wurzel)
    return _KANTEN[wurzel]


def _kurz(paket: str) -> str:
    return paket if paket == "referee" else paket.removeprefix("referee.")


def _art(i) -> str:
    return (
        "in einer Funktion"
        if i.in_funktion
        else "unter TYPE_CHECKING"
        if i.nur_typen
        else ("auf Modulebene")
    )


def _verstoesse(importe: list, schichten=SCHICHTEN) -> list[str]:
    """Je Import zwischen zwei Paketen, der nicht nach unten zeigt, eine Zeile: Datei, Zeile,
    die Kante und warum."""
    ig = _importgraph()
    stufe = {p: n for n, schicht in enumerate(schichten) for p in schicht}
    aus = []
    for i in importe:
        a, b = _kurz(ig.paket(i.von)), _kurz(ig.paket(i.nach))
        if a == b:
            continue
        if a not in stufe or b not in stufe:
            fehlt = a if a not in stufe else b
            aus.append(f"{i.stelle}: {i.von} → {i.nach}: Paket {fehlt} steht in keiner Schicht")
        elif stufe[b] >= stufe[a]:
            wohin = "nach oben" if stufe[b] > stufe[a] else "in die eigene Schicht"
            aus.append(
                f"{i.stelle}: {i.von} → {i.nach} ({_art(i)}) zeigt {wohin}: "
                f"{a} (Schicht {stufe[a] + 1}) → {b} (Schicht {stufe[b] + 1})"
            )
    return aus


def _zyklen_gemeldet(ig, zyklen: list[list[str]], je: dict[tuple[str, str], list]) -> list[str]:
    """Je Zyklus ein kürzester Kreis, je Kante die erste Stelle (und wie viele es noch gibt)."""
    zeilen = []
    for teil in zyklen:
        weg = ig.kreis(teil, je)
        zeilen.append("Zyklus " + " → ".join(weg))
        for a, b in zip(weg, weg[1:]):
            stellen = {i.stelle: i for i in je[(a, b)]}
            i = next(iter(stellen.values()))
            mehr = f", und {len(stellen) - 1} weitere" if len(stellen) > 1 else ""
            zeilen.append(f"  {i.stelle}: {i.von} → {i.nach} ({_art(i)}{mehr})")
    return zeilen


def test_schichten_nennen_jedes_paket_einmal():
    ig = _importgraph()
    pakete = {_kurz(ig.paket(m)) for m in ig.module(ROOT)}
    genannt = [p for schicht in SCHICHTEN for p in schicht]
    assert len(genannt) == len(set(genannt)), "ein Paket in zwei Schichten"
    assert set(genannt) == pakete, (set(genannt) - pakete, pakete - set(genannt))


def test_jeder_import_zeigt_nach_unten():
    """Jeder Import zwischen Paketen zeigt in eine tiefere Schicht (``SCHICHTEN``) – gezählt
    wird jeder: auf Modulebene, in einer Funktion (ein Import dort versteckt die Abhängigkeit
    nur) und unter ``TYPE_CHECKING`` (auch ein Typ aus einer Schicht darüber bindet nach oben).
    Damit importiert auch nichts unter ``referee/cli/`` die Kommandozeile."""
    verstoesse = _verstoesse(_kanten()[0])
    if verstoesse:
        pytest.fail("Importe gegen die Schichten:\n" + "\n".join(verstoesse), pytrace=False)


def test_kein_zyklus_zwischen_paketen():
    """Unabhängig von der Liste der Schichten: der Graph der Pakete hat keinen Zyklus."""
    ig = _importgraph()
    importe = _kanten()[0]
    je = ig.paketkanten(importe)
    zeilen = _zyklen_gemeldet(ig, ig.paketzyklen(importe), je)
    if zeilen:
        pytest.fail("\n".join(zeilen), pytrace=False)


def test_kein_zyklus_in_einem_paket():
    """Die Module eines Pakets – der Regelkerne, der Suche, des Tischmodus und aller anderen –
    importieren einander ohne Zyklus, auch über Importe in Funktionen und unter
    ``TYPE_CHECKING``: was beide brauchen, liegt in einem Modul darunter."""
    ig = _importgraph()
    importe = _kanten()[0]
    je: dict[tuple[str, str], list] = {}
    for i in importe:
        je.setdefault((i.von, i.nach), []).append(i)
    zeilen = _zyklen_gemeldet(ig, ig.innere_zyklen(importe), je)
    if zeilen:
        pytest.fail("\n".join(zeilen), pytrace=False)


def test_berechnete_importe_sind_bekannt():
    offen = _kanten()[1]
    dateien = {o.split(":", 1)[0] for o in offen}
    assert dateien == set(BERECHNET), offen


def test_pruefung_findet_jede_art_von_import(tmp_path):
    """Die Prüfung selbst, an einem kleinen Paketbaum: sie findet Importe auf Modulebene, in
    Funktionen (auch verschachtelt), unter ``TYPE_CHECKING``, relative und
    ``importlib.import_module("…")``; ein Import nach oben, einer in die eigene Schicht und ein
    Zyklus in einem Paket werden gemeldet – mit Datei und Zeile."""
    ig = _importgraph()
    dateien = {
        "referee/__init__.py": "",
        "referee/errors.py": "",
        "referee/store/__init__.py": "from referee.store.a import x\n",
        "referee/store/a.py": (
            "from typing import TYPE_CHECKING\n"
            "from . import b\n"
            "if TYPE_CHECKING:\n"
            "    from referee.buch import Buch\n"
            "def f():\n"
            "    def g():\n"
            "        import referee.cli.tisch\n"
            "    import importlib\n"
            "    return importlib.import_module('referee.buch.antworten')\n"
            "x = 1\n"
        ),
        "referee/store/b.py": "from ..store import a\nfrom referee.errors import Fehler\n",
        "referee/buch/__init__.py": "from referee.store import x\n",
        "referee/buch/antworten.py": "",
        "referee/cli/__init__.py": "",
        "referee/cli/tisch.py": "from referee import buch\nfrom referee.buch import antworten\n",
    }
    for name, text in dateien.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    importe, offen = ig.kanten(tmp_path)
    assert offen == []
    kanten = {(i.stelle, i.von, i.nach, i.in_funktion, i.nur_typen) for i in importe}
    assert kanten == {
        ("referee/store/__init__.py:1", "referee.store", "referee.store.a", False, False),
        ("referee/store/a.py:2", "referee.store.a", "referee.store.b", False, False),
        ("referee/store/a.py:4", "referee.store.a", "referee.buch", False, True),
        ("referee/store/a.py:7", "referee.store.a", "referee.cli.tisch", True, False),
        ("referee/store/a.py:9", "referee.store.a", "referee.buch.antworten", True, False),
        ("referee/store/b.py:1", "referee.store.b", "referee.store.a", False, False),
        ("referee/store/b.py:2", "referee.store.b", "referee.errors", False, False),
        ("referee/buch/__init__.py:1", "referee.buch", "referee.store", False, False),
        ("referee/cli/tisch.py:1", "referee.cli.tisch", "referee.buch", False, False),
        ("referee/cli/tisch.py:2", "referee.cli.tisch", "referee.buch.antworten", False, False),
    }
    schichten = (("referee", "errors"), ("store",), ("buch", "cli"))
    assert sorted(_verstoesse(importe, schichten)) == [
        "referee/cli/tisch.py:1: referee.cli.tisch → referee.buch (auf Modulebene) zeigt in die "
        "eigene Schicht: cli (Schicht 3) → buch (Schicht 3)",
        "referee/cli/tisch.py:2: referee.cli.tisch → referee.buch.antworten (auf Modulebene) "
        "zeigt in die eigene Schicht: cli (Schicht 3) → buch (Schicht 3)",
        "referee/store/a.py:4: referee.store.a → referee.buch (unter TYPE_CHECKING) zeigt nach "
        "oben: store (Schicht 2) → buch (Schicht 3)",
        "referee/store/a.py:7: referee.store.a → referee.cli.tisch (in einer Funktion) zeigt "
        "nach oben: store (Schicht 2) → cli (Schicht 3)",
        "referee/store/a.py:9: referee.store.a → referee.buch.antworten (in einer Funktion) "
        "zeigt nach oben: store (Schicht 2) → buch (Schicht 3)",
    ]
    zyklen = ig.paketzyklen(importe)
    assert zyklen == [["referee.buch", "referee.cli", "referee.store"]]
    assert _zyklen_gemeldet(ig, zyklen, ig.paketkanten(importe)) == [
        "Zyklus referee.buch → referee.store → referee.buch",
        "  referee/buch/__init__.py:1: referee.buch → referee.store (auf Modulebene)",
        "  referee/store/a.py:4: referee.store.a → referee.buch (unter TYPE_CHECKING, und 1 "
        "weitere)",
    ]
    assert ig.innere_zyklen(importe) == [["referee.store.a", "referee.store.b"]]
