"""`referee frage` für ganze Sätze (issue 14): Zahlwörter, Mundart, Konventionen, Enthaltung.

Die Beispiele stammen aus dem Issue und aus dem Regeltext, nicht aus einem Lauf der Suche.
Eine Trefferquote als Maß gilt nur auf den zurückgehaltenen Katalogen (nie gelernt, nie
abgestimmt, issue 28); auf den gelernten ist sie Trainings-Recall gegen Rückschritte. Die
genauen Zahlen druckt ``benchmarks/frage.py``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from conftest import ok

from referee.errors import Eingabefehler
from referee.regeltexte import (
    abschnitte,
    konvention,
    konventionen,
    parse_konventionen,
)
from referee.suche import (
    Antwort,
    antwort,
    frage_woerter,
    woerter,
)

DATA = Path(__file__).parent / "data"
SAETZE = json.loads((DATA / "fragen_saetze.json").read_text(encoding="utf-8"))["fragen"]
#: Runde 2: blind geschrieben und zuerst gemessen, danach zum Abstimmen benutzt (Beispielfragen).
NEU = json.loads((DATA / "fragen_saetze_neu.json").read_text(encoding="utf-8"))["fragen"]
#: Runden 3 bis 36, je 150–170 Sätze, blind geschrieben und beschriftet, bevor die Suche darauf
#: lief. Runden 3, 4 und 6 bis 28: zuerst gemessen, danach Beispielfragen; Runde 5: nur in der
#: Kreuzvalidierung; Runden 29 bis 36: nie zum Abstimmen benutzt (Rollen: ``ROLLEN``).
RUNDEN = {
    nr: json.loads((DATA / f"fragen_saetze_runde{nr}.json").read_text(encoding="utf-8"))["fragen"]
    for nr in range(3, 37)
}


def _ids(a: Antwort) -> list[str]:
    return [t.abschnitt.id for t in a.treffer]


def _konv(a: Antwort) -> list[str]:
    return [k.konvention.id for k in a.konventionen]


# --------------------------------------------------------------------------- Zahlwörter


# --------------------------------------------------------------------------- Mundart


# --------------------------------------------------------------------------- Beispiele aus dem Issue


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        ("was bewirkt die dreizehn", "sabai.funktionskarten"),
        ("was macht die elf", "sabai.funktionskarten"),
        ("hab zu jeder sau entweder die sau selber oder keine farbe", "schafkopf.gesperrt"),
        ("welche karten sind trumpf", "schafkopf.truempfe"),
        ("koa sau rufbar, hob ois selber oder koa farb", "schafkopf.gesperrt"),
        ("mit einundsechzig gewonnen?", "schafkopf.faq-augen"),
    ],
)
def test_satzfragen_aus_dem_issue(frage, erwartet):
    a = antwort(frage)
    assert a.regeltext_schweigt is False
    assert erwartet in _ids(a)[:3], _ids(a)


def test_was_kostet_ein_sauspiel_tarif_und_laufende():
    a = antwort("was kostet ein sauspiel")
    assert a.regeltext_schweigt is True
    assert _konv(a)[0] == "konvention.tarif"
    assert "schafkopf.laufende" in _ids(a)


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        ("wie viel kostet schneider", "konvention.schneider"),
        ("was ist wenn keiner spielt", "konvention.ramsch"),
        ("was ist ein wenz", "konvention.wenz"),
        ("wer gibt", "konvention.geber"),
        ("ramsch", "konvention.ramsch"),
        ("was kostet ein solo", "konvention.solo"),
    ],
)
def test_regeltext_schweigt_konvention(frage, erwartet):
    a = antwort(frage)
    assert a.regeltext_schweigt is True
    assert _konv(a)[0] == erwartet


# --------------------------------------------------------------------------- Tippfehler


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        # vertauschte Buchstaben (Damerau: ein Fehler)
        ("davonlafuen", {"schafkopf.davonlaufen", "schafkopf.faq-davonlaufen"}),
        # Umlaut ohne e: über → uber; Stichzwang steht in den Stichregeln
        ("muss ich uberstechen", {"schafkopf.stichregeln"}),
        # Zahlwort vertippt: 13 give
        ("was macht die drizehn", {"sabai.funktionskarten", "sabai.ass-move"}),
        # Spielname vertippt: vier verdeckte Karten (Spielvorbereitung)
        ("wie viele karten bekommt jeder beim saabi", {"sabai.vorbereitung"}),
        ("wer faengt bei schlafumetze an", {"schlafmuetze.spielablauf"}),
        # Umlaut ohne e in einem Verb mit Vorsilbe: zurückstoßen = Retour
        ("kann der spielmacher zuruckstossen", {"schafkopf.stoss"}),
    ],
)
def test_tippfehler_werden_berichtigt(frage, erwartet):
    assert _ids(antwort(frage))[0] in erwartet


def test_vertipptes_geldwort_nennt_konvention():
    a = antwort("was kreigt man fuer schneider")
    assert a.regeltext_schweigt and _konv(a)[0] == "konvention.schneider"


def test_kartenkuerzel_wie_bei_ruf_hand():
    # die Kurzform aus `referee ruf --hand` versteht auch `referee frage`
    assert {"eichelober", "herz10", "grasunter"} <= set(frage_woerter("EO, h10 und GU"))
    assert "schellen" not in frage_woerter("SO teuer?")  # Betonung, kein Schellen-Ober
    assert "schellen" not in frage_woerter("SO GEHT DAS NICHT, EO?")  # alles groß
    assert "eichelober" in frage_woerter("EO")  # nur ein Kürzel: gemeint ist die Karte
    a = antwort("Ich hab EO, GO und HO – sind das drei Laufende?")
    assert _ids(a)[0] in {"schafkopf.faq-laufende", "schafkopf.laufende"}
    assert _ids(antwort("hab EU und GU, ist das trumpf"))[0] == "schafkopf.truempfe"


def test_modalverb_ist_fuellwort_und_teuer_fragt_nach_geld():
    assert _ids(antwort("ich will davonlaufen"))[0] in {
        "schafkopf.davonlaufen",
        "schafkopf.faq-davonlaufen",
    }
    a = antwort("wie teuer ist ein solo")
    assert a.regeltext_schweigt and _konv(a)[0] == "konvention.solo"


def test_ablaut_findet_die_ansage():
    """„Die konkrete Sau wird erst bei der endgültigen Spielansage genannt.“"""
    assert _ids(antwort("wann wird die sau genannt"))[0] == "schafkopf.ansage"


def test_stichwort_mit_verbzusatz_wie_in_der_frage():
    """Stichwort „wer spielt mit“ (faq-partner); die Frage zieht „spielt … mit“ zusammen."""
    assert _ids(antwort("wer spielt mit mir"))[0] == "schafkopf.faq-partner"


@pytest.mark.parametrize("frage", ["Davonlaufen", "wann darf ich davonlaufen", "Bedienpflicht"])
def test_regelfragen_schweigen_nicht(frage):
    a = antwort(frage)
    assert a.regeltext_schweigt is False and a.konventionen == ()


@pytest.mark.parametrize(
    "frage", ["wie wird das wetter morgen", "wer bestellt die pizza", "wann faehrt der letzte bus"]
)
def test_fremde_frage_enthaelt_sich(frage):
    a = antwort(frage)
    assert a.treffer == () and a.konventionen == ()


@pytest.mark.parametrize(
    ("frage", "erwartet"),
    [
        ("Kriegt man wie beim UNO eine Strafkarte, wenn man falsch reinwirft?", "sabai.reinwerfen"),
        ("Muss man im Gegensatz zum Doppelkopf die Ruf-Sau zugeben?", None),
    ],
)
def test_anderes_spiel_nur_zum_vergleich(frage, erwartet):
    # „wie bei UNO“ vergleicht nur: gefragt ist nach einem der vier Spiele
    a = antwort(frage)
    assert a.treffer != ()
    if erwartet:
        assert a.treffer[0].abschnitt.id == erwartet


@pytest.mark.parametrize(
    "frage",
    ["darf man bei uno eine +4 auf eine +2 legen", "Wie beim Skat reizen?", "wie geht skat"],
)
def test_frage_nach_anderem_spiel_enthaelt_sich(frage):
    a = antwort(frage)
    assert a.treffer == () and a.konventionen == ()


# --------------------------------------------------------------------------- Kataloge


def test_satzkatalog_umfang_und_gueltige_ids():
    ids = {a.id for a in abschnitte()}
    kids = {k.id for k in konventionen()}
    assert len(SAETZE) >= 300
    assert len({e["frage"] for e in SAETZE}) == len(SAETZE)
    zurueck = [e for e in SAETZE if e["teil"] == "zurueckgehalten"]
    assert 0.25 <= len(zurueck) / len(SAETZE) <= 0.35
    for e in SAETZE:
        assert set(e["abschnitte"]) <= ids, e
        assert set(e["konventionen"]) <= kids, e
        assert e["schweigt"] == bool(e["konventionen"]), e
    for spiel in ("schafkopf", "sabai", "saufn", "schlafmuetze"):
        assert sum(any(a.startswith(spiel) for a in e["abschnitte"]) for e in SAETZE) >= 25


#: Die Rolle jedes Katalogs (tests/data/fragen_aufteilung.json): „gelernt“ (Sätze sind
#: Beispielfragen), „abgestimmt“ (Runde 5, Kreuzvalidierung), „zurueckgehalten“ (nie gelernt,
#: nie abgestimmt – nur hier zählt eine Trefferquote als Maß).
ROLLEN = json.loads((DATA / "fragen_aufteilung.json").read_text(encoding="utf-8"))["rollen"]
TEILE: dict[str, list[dict]] = {}
for _e in [*SAETZE, *NEU, *(e for fragen in RUNDEN.values() for e in fragen)]:
    TEILE.setdefault(_e["teil"], []).append(_e)
ZURUECKGEHALTEN = [t for t in TEILE if ROLLEN[t] == "zurueckgehalten"]
GELERNT = [t for t in TEILE if ROLLEN[t] == "gelernt"]


def _zahlen(fragen: list[dict]) -> dict[str, int]:
    """Wie ``benchmarks/frage.py``: Top-1/Top-3 (eine Regelfrage zählt nur, wenn der Text nicht
    fälschlich „schweigt“; eine Konventionsfrage nur, wenn er schweigt), Konvention genannt,
    fälschlich „schweigt“ bei Regelfragen."""
    z = dict.fromkeys(("n", "top1", "top3", "konv_n", "konv", "regel_n", "falsch"), 0)
    for e in fragen:
        z["n"] += 1
        try:
            a = antwort(e["frage"])
        except Eingabefehler:
            a = Antwort(e["frage"], (), (), False)
        if e.get("nichts"):
            ok1 = ok3 = not a.treffer and not a.konventionen
        elif e["schweigt"]:
            ok1 = a.regeltext_schweigt and _konv(a)[:1] != [] and _konv(a)[0] in e["konventionen"]
            ok3 = a.regeltext_schweigt and bool(set(_konv(a)) & set(e["konventionen"]))
            z["konv_n"] += 1
            z["konv"] += bool(set(_konv(a)) & set(e["konventionen"]))
        else:
            ok1 = not a.regeltext_schweigt and _ids(a)[:1] != [] and _ids(a)[0] in e["abschnitte"]
            ok3 = not a.regeltext_schweigt and bool(set(_ids(a)) & set(e["abschnitte"]))
            z["regel_n"] += 1
            z["falsch"] += a.regeltext_schweigt
        z["top1"] += ok1
        z["top3"] += ok3
    return z


def _ziel_erreicht(z: dict[str, int], schweigt: bool = True) -> bool:
    """Das Niveau, das issue 28 annimmt: Top-1 ≥ 95 %, Top-3 ≥ 96 %, Konvention genannt
    ≥ 95 % und – über alle Kataloge zusammen (``schweigt``) – fälschlich „schweigt“ ≤ 0,5 %
    der Regelfragen (in einem Katalog mit 110 Regelfragen wäre das schon ein einziger Fall)."""
    return (
        z["top1"] >= 0.95 * z["n"]
        and z["top3"] >= 0.96 * z["n"]
        and z["konv"] >= 0.95 * z["konv_n"]
        and (not schweigt or z["falsch"] <= 0.005 * z["regel_n"])
    )


def test_jeder_katalog_hat_eine_rolle():
    assert set(TEILE) == set(ROLLEN)
    assert set(ROLLEN.values()) == {"gelernt", "abgestimmt", "zurueckgehalten"}
    assert {"zurueckgehalten", *(f"runde{nr}" for nr in range(29, 37))} == set(ZURUECKGEHALTEN)


@functools.cache
def _zurueckgehalten_zahlen(teil: str) -> dict[str, int]:
    """Die Zahlen eines nie gelernten Katalogs, je Prozess einmal gerechnet: die Summe und der
    Test des Katalogs teilen sie. Je Katalog statt alle in einer Fixture: übernimmt ein zweiter
    Arbeiter (xdist, ``worksteal``: vom Ende der Warteschlange) einige der Tests, rechnet er nur
    deren Kataloge nach, nicht alle – deshalb steht die Summe vor den Katalogen."""
    return _zahlen(TEILE[teil])


def test_zurueckgehaltene_kataloge_zusammen_selten_faelschlich_schweigt():
    """Über alle nie gelernten Kataloge: das ganze Niveau, auch fälschlich „schweigt“ ≤ 0,5 %."""
    zahlen = [_zurueckgehalten_zahlen(teil) for teil in ZURUECKGEHALTEN]
    summe = {k: sum(z[k] for z in zahlen) for k in zahlen[0]}
    assert _ziel_erreicht(summe), summe


@pytest.mark.parametrize("teil", ZURUECKGEHALTEN)
def test_zurueckgehaltener_katalog_auf_dem_angenommenen_niveau(teil):
    """Je nie gelernter Katalog das Niveau des Issues (auf keinem davon ist etwas gewählt)."""
    z = _zurueckgehalten_zahlen(teil)
    assert _ziel_erreicht(z, schweigt=False), (teil, z)


def test_trainingsrecall_gelernte_kataloge():
    """Nur gegen Rückschritte: ihre Sätze sind Beispielfragen, die Quote misst Erinnern, nicht
    Antworten auf neue Fragen (zuletzt 99,7 % Top-1, kein fälschlich „schweigt“). Geprüft wird
    jede dritte Frage je Katalog (Suite-Zeit); alle zählt ``benchmarks/frage.py``."""
    zahlen = {teil: _zahlen(TEILE[teil][::3]) for teil in GELERNT}
    summe = {k: sum(z[k] for z in zahlen.values()) for k in next(iter(zahlen.values()))}
    assert summe["top1"] >= 0.99 * summe["n"] and summe["falsch"] == 0, summe
    assert all(z["top1"] >= 0.95 * z["n"] for z in zahlen.values()), zahlen


def test_trainingsrecall_abstimmungsrunde_5():
    """Runde 5 stand nie in den Beispielfragen, aber in der Kreuzvalidierung, die die Zahlen
    wählte: eine Untergrenze gegen Rückschritte, kein Maß für neue Fragen."""
    z = _zahlen(TEILE["runde5"])
    assert _ziel_erreicht(z), z


def test_neuer_katalog_gueltig_und_getrennt():
    ids = {a.id for a in abschnitte()}
    kids = {k.id for k in konventionen()}
    assert len(NEU) >= 100
    assert not {e["frage"] for e in NEU} & {e["frage"] for e in SAETZE}
    for e in NEU:
        assert e["teil"] == "neu"
        assert set(e["abschnitte"]) <= ids, e
        assert set(e["konventionen"]) <= kids, e
        assert e["schweigt"] == bool(e["konventionen"]), e


# --------------------------------------------------------------------------- Preise (issue 28)

#: Neue Sätze (für issue 28 geschrieben, in keinem Katalog und keiner Beispielfrage): jede
#: Frage nach einem Preis oder einer Verdopplung, die der Regeltext nicht festlegt, nennt die
#: Konvention und sagt „der Regeltext schweigt“.
PREISFRAGEN = [
    ("Wie viel Geld kriegt man für ein gewonnenes Rufspiel?", {"konvention.tarif"}),
    ("Was zahlen die drei Gegner, wenn der Solospieler gewinnt?", {"konvention.solo"}),
    ("Um wie viel wird das Spiel teurer, wenn einer klopft?", {"konvention.klopfer"}),
    ("Wenn zwei Leute gelegt haben, was kostet dann das Spiel?", {"konvention.klopfer"}),
    ("Wird der Preis beim zweiten Klopfer nochmal verdoppelt?", {"konvention.klopfer"}),
    ("Verdoppelt ein Retour den Preis noch einmal?", {"konvention.stoss"}),
    ("Was bringt ein Kontra beim Solo an Geld?", {"konvention.stoss"}),
    pytest.param(
        "Wie oft darf man stoßen, bis es nicht mehr teurer wird?",
        {"konvention.stoss"},
        marks=pytest.mark.xfail(
            strict=True,
            reason="bekannter Fehlgriff: die Regelstelle zum Stoß liegt vorn, die Konvention "
            "erreicht knapp nicht 90 % ihres Scores",
        ),
    ),
    ("Wie viel extra gibt es, wenn die Gegner gar keinen Stich machen?", {"konvention.schwarz"}),
    ("Kostet der Schneider beim Wenz auch was extra?", {"konvention.schneider"}),
    pytest.param(
        "Was bekommt man pro Laufendem beim Geier?",
        {"konvention.laufende"},
        marks=pytest.mark.xfail(
            strict=True,
            reason="bekannter Fehlgriff: schweigt richtig, nennt aber den Geier vor den "
            "Laufenden (beide genannt)",
        ),
    ),
    ("Was muss beim Ramsch der Verlierer jedem anderen zahlen?", {"konvention.ramsch"}),
    ("Wird der Ramsch teurer, wenn einer keinen Stich hat?", {"konvention.ramsch-gleichstand"}),
    ("Wie teuer ist ein Bettel bei euch?", {"konvention.bettel"}),
    ("Was zahlt man, wenn einer alle Ober und alle Unter hat?", {"konvention.sie"}),
    ("Mit welchem Faktor wird ein Tout abgerechnet?", {"konvention.tout"}),
    ("Kostet ein Farbwenz gleich viel wie ein Herz-Solo?", {"konvention.wenz", "konvention.solo"}),
    ("Wie viel Cent sind Schneider und Schwarz zusammen?", {"konvention.schwarz"}),
    ("Was kostet eine Hochzeit?", {"konvention.hochzeit"}),
    ("Wer ist bei einer Hochzeit mein Partner?", {"konvention.hochzeit"}),
    ("Spielt ihr beim Schafkopf mit Hochzeit?", {"konvention.hochzeit"}),
    ("Ich hab beide alten Ober, darf ich dann Hochzeit ansagen?", {"konvention.hochzeit"}),
    ("Was ist, wenn der Hochzeiter die ersten drei Stiche selbst macht?", {"konvention.hochzeit"}),
    ("Wie trage ich eine Hochzeit bei referee ein?", {"konvention.hochzeit"}),
    ("Gibt es bei euch Bockrunden, in denen alles doppelt zählt?", {"konvention.bock"}),
    ("Was kostet ein Spiel in der Bockrunde?", {"konvention.bock"}),
]


def test_preisfragen_sind_neue_saetze():
    """Kein Satz der Preisfragen steht (bis auf Schreibweise) in den Beispielfragen oder einem
    Katalog: sie prüfen, was die Suche kann, nicht, was sie gelernt hat."""
    saetze = [p.values[0] if hasattr(p, "values") else p[0] for p in PREISFRAGEN]
    gefaltet = {" ".join(woerter(s)) for s in saetze}
    bank = {" ".join(woerter(f)) for fragen in BEISPIELE.values() for f in fragen}
    kataloge = {" ".join(woerter(e["frage"])) for fragen in TEILE.values() for e in fragen}
    assert len(gefaltet) == len(saetze)
    assert not gefaltet & bank and not gefaltet & kataloge


@pytest.mark.parametrize(("frage", "erwartet"), PREISFRAGEN)
def test_preisfrage_schweigt_mit_konvention(frage, erwartet):
    a = antwort(frage)
    assert a.regeltext_schweigt, (frage, _konv(a), _ids(a))
    assert _konv(a)[:1] and _konv(a)[0] in erwartet, (frage, _konv(a))


@pytest.mark.parametrize(
    ("frage", "stelle"),
    [
        # „Jeder Verlierer zahlt bei vereinbartem Geldspiel an einen Gewinner.“
        ("Zahlt beim Sauspiel jeder Verlierer an beide Gewinner?", "schafkopf.laufende"),
        # „Ein Spieler der Gegenspielerpartei kann einen Stoß beziehungsweise Kontra geben.“
        ("Wer von uns darf beim Sauspiel Kontra sagen?", "schafkopf.stoss"),
        # „Beim Rufspiel gibt es zwei Gewinner und zwei Verlierer.“
        ("Wie viele Gewinner hat ein Rufspiel?", "schafkopf.laufende"),
    ],
)
def test_geldnahe_frage_die_der_text_regelt_schweigt_nicht(frage, stelle):
    """Wer an wen zahlt, wer stoßen darf, wie viele gewinnen: das legt der Text fest – nur der
    Betrag nicht."""
    a = antwort(frage)
    assert not a.regeltext_schweigt, (frage, _konv(a))
    assert stelle in _ids(a)[:2], (frage, _ids(a))


def test_hochzeit_ist_keine_spielart_von_referee():
    """Die Konvention sagt, was referee mit einer Hochzeit tut: als Rufspiel eintragen, keine
    eigene Spielart; die Regelstelle dazu ist „Varianten sind Absprachen einer Runde“."""
    k = konvention("konvention.hochzeit")
    assert k.stelle == "schafkopf.varianten"
    assert "Rufspiel" in k.einstellung and "keine eigene Spielart" in k.einstellung
    assert "eintragen rufspiel" in k.aendern
    a = antwort("Wie geht bei euch die Hochzeit?")
    assert a.regeltext_schweigt and _konv(a)[0] == "konvention.hochzeit"
    assert _ids(a)[0] == "schafkopf.varianten"


def test_cli_hochzeit_nennt_den_rufspielpreis_des_abends(cli):
    ok(cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--tarif", "5-10-20"))
    r = ok(cli("frage", "Was kostet bei uns eine Hochzeit?"))
    assert "Der Regeltext legt das nicht fest." in r.stdout
    assert "Rufspielpreis 10 ct" in r.stdout and "Tarif 5-10-20 des offenen Abends" in r.stdout


# --------------------------------------------------------------------------- Konventionskorpus


def test_konventionen_vollstaendig_und_mit_einstellung():
    ids = {a.id for a in abschnitte()}
    liste = konventionen()
    assert len(liste) >= 20
    for k in liste:
        assert k.id.startswith("konvention.") and k.text and k.einstellung and k.aendern
        assert k.stelle is None or k.stelle in ids, k.id
    for pflicht in ("tarif", "schneider", "schwarz", "laufende", "solo", "klopfer", "stoss"):
        assert konvention(f"konvention.{pflicht}").spiel == "schafkopf"
    assert konvention("konvention.sabai-gleichstand").spiel == "sabai"


def test_einstellung_mit_tarifwerten():
    k = konvention("konvention.schneider")
    assert k.einstellung_fuer({"schneider": 5}) == "Schneider: +5 ct"
    w = konvention("konvention.laufende").einstellung_fuer(
        {"laufende": 20, "laufende_ab": {"rufspiel": 3, "solo": 3, "wenz": 2, "farbwenz": 3}}
    )
    assert w.startswith("je Laufender 20 ct; zählen ab 3 (Rufspiel, Solo), ab 2 beim Wenz")
    assert "ja" in konvention("konvention.ramsch").einstellung_fuer({"ramsch_erlaubt": True})


def test_konventionsparser_meldet_kaputtes_format():
    with pytest.raises(ValueError, match="id"):
        parse_konventionen("# K\n\n## Ohne id\nspiel: sabai\n\nText.\n")
    with pytest.raises(ValueError):
        parse_konventionen("# K\n\n## X\nid: konvention.x\nspiel: poker\n\nText.\n")


# --------------------------------------------------------------------------- Kommandozeile


def test_cli_konvention_ohne_abend_standardtarif(cli, db_pfad):
    r = cli("frage", "wie viel kostet schneider")
    assert r.returncode == 0, r.stderr
    assert "Der Regeltext legt das nicht fest. referee rechnet nach Konvention:" in r.stdout
    assert "Schneider: +10 ct (Tarif 10-20-50, kein offener Abend)" in r.stdout
    assert not db_pfad.exists()  # frage legt keine Datenbank an


def test_cli_konvention_mit_tarif_des_offenen_abends(cli):
    r = cli("abend", "neu", "--spieler", "Anna", "Ben", "Cem", "Dora", "--tarif", "5-10-20")
    assert r.returncode == 0, r.stderr
    r = cli("frage", "wie viel kostet schneider", "--json")
    assert r.returncode == 0, r.stderr
    daten = json.loads(r.stdout)
    assert daten["regeltext_schweigt"] is True
    erste = daten["konventionen"][0]
    assert list(erste) == ["id", "titel", "text", "einstellung", "score"]
    assert erste["id"] == "konvention.schneider"
    assert erste["einstellung"] == "Schneider: +5 ct (Tarif 5-10-20 des offenen Abends)"


def test_regelstelle_der_konvention_auch_ohne_gemeinsames_wort_im_json(cli):
    """„was kostet schneider“: kein Wort der Frage steht in der Stelle zum Schneider (wie viele
    Augen die Spielerpartei braucht). Die Textausgabe zeigt sie trotzdem; früher fehlte sie in
    ``--json`` (leere Trefferliste), jetzt steht sie dort zuerst, mit Score 0."""
    r = cli("frage", "was kostet schneider", "--json")
    assert r.returncode == 0, r.stderr
    daten = json.loads(r.stdout)
    assert daten["regeltext_schweigt"] is True
    assert daten["konventionen"][0]["id"] == "konvention.schneider"
    assert [(t["abschnitt"], t["score"]) for t in daten["treffer"]][:1] == [
        ("schafkopf.faq-augen", 0.0)
    ]
    text = cli("frage", "was kostet schneider").stdout
    assert "Wie viele Augen braucht die Spielerpartei?" in text


def test_schweigender_text_zeigt_die_regelstelle_der_konvention_zuerst():
    # „Einen allgemein verbindlichen Tarif gibt es nicht“ steht in schafkopf.laufende
    a = antwort("was kostet ein sauspiel")
    assert a.regeltext_schweigt
    assert _konv(a)[0] == "konvention.tarif"
    assert _ids(a)[0] == "schafkopf.laufende"
    assert 0.0 < a.treffer[0].score <= 100.0


def test_cli_was_kostet_ein_sauspiel_zeigt_regelstelle_dann_konvention(cli):
    r = cli("frage", "was kostet ein sauspiel")
    assert r.returncode == 0, r.stderr
    stelle = r.stdout.index("Einen allgemein verbindlichen Tarif gibt es nicht.")
    konv = r.stdout.index("Der Regeltext legt das nicht fest. referee rechnet nach Konvention:")
    assert stelle < konv
    assert "Rufspiel 20 ct" in r.stdout


def test_cli_fremde_frage_nichts_passendes_mit_drei_titeln(cli):
    r = cli("frage", "wie wird das wetter morgen")
    assert r.returncode == 1
    assert r.stderr.startswith("Nichts Passendes zu „wie wird das wetter morgen“ gefunden.")
    assert r.stderr.count("“ (") == 3  # drei nächstliegende Abschnitte mit id


def test_cli_pipe_ohne_rich():
    code = (
        "import sys, io; from referee.cli import main; sys.argv=['referee','frage','Davonlaufen'];"
        "\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('RICH' if 'rich.console' in sys.modules else 'OHNE', file=sys.stderr)"
    )
    import subprocess
    import sys

    from conftest import _env

    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), check=True
    )
    assert "Schafkopf · Davonlaufen" in r.stdout
    assert r.stderr.strip() == "OHNE"


# --------------------------------------------------------------------------- Beispielfragen

BEISPIELE = json.loads(
    (Path(__file__).parent.parent / "data" / "beispielfragen.json").read_text(encoding="utf-8")
)["beispiele"]


def test_beispielfragen_gueltig_und_ohne_zurueckgehaltene():
    ids = {a.id for a in abschnitte()} | {k.id for k in konventionen()}
    assert set(BEISPIELE) == ids  # jeder Abschnitt und jede Konvention hat Beispiele
    alle = [f.casefold() for fragen in BEISPIELE.values() for f in fragen]
    assert len(alle) == len(set(alle)) >= 1500
    # kein Satz eines zurückgehaltenen Katalogs – auch nicht bis auf Groß-/Kleinschreibung,
    # Umlaute und Satzzeichen („Wann endet eine Partie?“ = „wann endet eine partie“)
    gefaltet = {" ".join(woerter(f)) for f in alle}
    zurueck = {" ".join(woerter(e["frage"])) for t in ZURUECKGEHALTEN for e in TEILE[t]}
    assert sorted(zurueck & gefaltet) == []
    # und wörtlich keiner aus Runde 5 (Entwicklungsmenge der Kreuzvalidierung)
    assert not {e["frage"].casefold() for e in TEILE["runde5"]} & set(alle)


@pytest.mark.parametrize(
    ("nr", "anzahl"),
    [(3, 170), (4, 160), (5, 160), *((nr, 150) for nr in range(6, 37))],
)
def test_runden_3_bis_36_gueltig(nr, anzahl):
    ids = {a.id for a in abschnitte()}
    kids = {k.id for k in konventionen()}
    fragen = RUNDEN[nr]
    assert len(fragen) == anzahl
    assert len({e["frage"].casefold() for e in fragen}) == anzahl
    for e in fragen:
        assert e["teil"] == f"runde{nr}"
        assert set(e["abschnitte"]) <= ids, e
        assert set(e["konventionen"]) <= kids, e
        if nr >= 10:
            # ab Runde 10 darf eine Regelfrage eine passende Konvention mitnennen
            assert not e["schweigt"] or e["konventionen"], e
            assert e.get("nichts", False) == (not e["abschnitte"] and not e["konventionen"]), e
        else:
            assert e["schweigt"] == bool(e["konventionen"]), e


# --------------------------------------------------------------------------- Profile
