"""Die Live-Seiten eines Turniers als HTML – rein: Daten (``referee.live.turnierdaten``) hinein,
Text heraus.

- ``inhalt``: der Teil der Lese-Seite, der sich ändert – Rangliste (Platz, Startnummer, Name,
  Punkte, Soli) und wie weit jeder Tisch der laufenden Runde ist. Auf dem Handy (390 px) eine
  Spalte; ab 60rem Breite (Beamer) groß geschrieben, die Rangliste in Blöcken nebeneinander,
  die Tische daneben.
- ``seite``: die ganze Lese-Seite (derselbe Rahmen wie die des Abends, ``seite.dokument``).
- ``tisch_inhalt``: der Stand eines Tisches unter seiner Eingabeseite (Plätze mit
  Startnummer, Punkte aus den Spielen).

Die Seite schickt der Server bei jeder Änderung neu (Ereignisstrom wie beim Abend, dasselbe
Skript ``seite.SKRIPT``); ohne JavaScript lädt sie regelmäßig neu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.live.basis import BASIS, lesedokument, stil
from referee.text import html_text

if TYPE_CHECKING:
    from referee.live.turnierdaten import Tischansicht, Turnierlage
    from referee.turnier.rangliste import Rangzeile

#: So viele Plätze stehen in einem Block der Rangliste (auf dem Beamer nebeneinander).
BLOCK = 15

#: Der Stil der Rangliste: der Grundstil (``referee.live.basis``), dazu eine feste Tabelle, die
#: Tische mit Fortschrittsbalken und ab 60rem Breite (Beamer) alles groß und nebeneinander.
STIL = stil(
    BASIS,
    """
h2{font-size:1.05rem;margin:1rem 0 .3rem;overflow-wrap:anywhere}
.meta{color:var(--mut);margin:.2rem 0;font-size:.92rem;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{padding:.26rem .3rem;border-bottom:1px solid var(--linie);text-align:left;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
th{font-size:.8rem;color:var(--mut);font-weight:600}
.z{text-align:right;font-variant-numeric:tabular-nums}
col.platz{width:3rem}col.nr{width:2.8rem}col.punkte{width:4.2rem}col.soli{width:2.8rem}
.block+.block thead{display:none}
tr.vorn td{font-weight:700}
ul.tische{list-style:none;margin:0;padding:0}
ul.tische li{display:grid;grid-template-columns:4.6rem 1fr 4.4rem;gap:.5rem;align-items:center;padding:.22rem 0;border-bottom:1px solid var(--linie)}
ul.tische li.fertig{color:var(--mut)}
progress{width:100%;height:.8rem;accent-color:var(--plus)}
@media (min-width:60rem){
body{max-width:none;padding:.8rem 1.6rem;font-size:clamp(18px,1.45vw,30px);line-height:1.25}
h1{font-size:1.3rem}
th,td{padding:.18rem .3rem}
ul.tische li{padding:.12rem 0}
#stand{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,1fr);gap:0 2rem}
#stand>.kopf{grid-column:1/-1}
.bloecke{display:grid;grid-template-columns:repeat(auto-fill,minmax(19em,1fr));gap:0 1.6rem;align-items:start}
.block+.block thead{display:table-header-group}
h2{margin:.6rem 0 .3rem}
}
""",
)


def _punkte(p: int) -> str:
    klasse = "plus" if p > 0 else "minus" if p < 0 else ""
    text = f"{p:+d}" if p else "0"
    return f'<span class="{klasse}">{html_text(text)}</span>' if klasse else text


def _block(zeilen: tuple[Rangzeile, ...]) -> str:
    kopf = (
        '<colgroup><col class="platz"><col class="nr"><col><col class="punkte">'
        '<col class="soli"></colgroup>'
        '<thead><tr><th class="z">Platz</th><th class="z">Nr.</th><th>Name</th>'
        '<th class="z">Punkte</th><th class="z">Soli</th></tr></thead>'
    )
    reihen = []
    for z in zeilen:
        name = z.name + (" (abgemeldet)" if z.konto.abgemeldet else "")
        vorn = ' class="vorn"' if z.platz <= 3 else ""
        reihen.append(
            f'<tr{vorn}><td class="z">{z.platz}.</td>'
            f'<td class="z">{z.startnummer}</td><td title="{html_text(name)}">{html_text(name)}</td>'
            f'<td class="z">{_punkte(z.punkte)}</td><td class="z">{z.soli}</td></tr>'
        )
    return f'<table class="block">{kopf}<tbody>{"".join(reihen)}</tbody></table>'


def rangliste_html(zeilen: tuple[Rangzeile, ...], block: int = BLOCK) -> str:
    """Die Rangliste in Blöcken zu höchstens ``block`` Plätzen, gleich lang (26 Spieler: zwei
    zu 13) – auf dem Handy untereinander wie eine Tabelle, auf dem Beamer nebeneinander, jeder
    mit Kopf."""
    if not zeilen:
        return "<p>Noch niemand angemeldet.</p>"
    bloecke = -(-len(zeilen) // block)
    je = -(-len(zeilen) // bloecke)
    teile = [_block(zeilen[i : i + je]) for i in range(0, len(zeilen), je)]
    return f'<div class="bloecke">{"".join(teile)}</div>'


def _tische(lage: Turnierlage) -> str:
    if not lage.runde:
        return (
            '<section class="tischteil"><h2>Tische</h2><p>Noch nicht ausgelost '
            "(<code>referee turnier auslosung</code>).</p></section>"
        )
    fortschritt = lage.fortschritt
    punkte = []
    for s in fortschritt:
        wie = "Blatt" if s.quelle == "blatt" else f"{s.spiele}/{s.soll}"
        wert = s.soll if s.quelle == "blatt" else min(s.spiele, s.soll)
        fertig_ = ' class="fertig"' if s.fertig else ""
        punkte.append(
            f"<li{fertig_}><span>Tisch {s.tisch}</span>"
            f'<progress max="{s.soll}" value="{wert}">{html_text(wie)}</progress>'
            f'<span class="z">{html_text(wie)}{" ✓" if s.fertig else ""}</span></li>'
        )
    fertig = sum(s.fertig for s in fortschritt)
    gespielt = sum(s.spiele for s in fortschritt if s.quelle != "blatt")
    soll = sum(s.soll for s in fortschritt if s.quelle != "blatt")
    zusammen = f"Fertig: {fertig} von {len(fortschritt)} Tischen"
    if soll:
        zusammen += f" · Spiele {gespielt}/{soll}"
    return (
        f'<section class="tischteil"><h2>Runde {lage.runde}: Tische</h2>'
        f'<ul class="tische">{"".join(punkte)}</ul><p class="meta">{html_text(zusammen)}</p></section>'
    )


def inhalt(lage: Turnierlage | None, meldung: str | None = None) -> str:
    """Der Teil der Lese-Seite, der sich ändert: Kopf, Rangliste, Tische der laufenden Runde.
    Ohne Turnier steht dort ``meldung``."""
    if lage is None:
        return f"<p>{html_text(meldung or 'Noch kein Turnier.')}</p>"
    t = lage.turnier
    teile = [
        f"Runde {lage.runde} von {t.runden}" if lage.runde else f"{t.runden} Runden",
        f"{t.spiele} Spiele je Tisch",
    ]
    teile.append(f"{len(lage.stand.rangliste)} Spieler")
    if lage.wertung.name:
        teile.append(f"Wertung {lage.wertung.name}")
    if not t.offen:
        teile.append("beendet")
    kopf = f'<div class="kopf"><h2>{html_text(t.name)}</h2><p class="meta">{html_text(" · ".join(teile))}</p></div>'
    rang = (
        f'<section class="rangteil"><h2>Rangliste</h2>{rangliste_html(lage.stand.rangliste)}'
        "</section>"
    )
    return kopf + rang + _tische(lage)


def seite(teil: str, titel: str, pfad: str, zeit: str, neu_laden: int) -> str:
    """Die ganze Lese-Seite um ``teil`` (aus ``inhalt``): derselbe Rahmen wie die Lese-Seite
    eines Abends (``referee.live.basis.lesedokument``) mit diesem Stil; ``pfad`` ist
    ``/<token>``."""
    return lesedokument(teil, titel, "Rangliste live", STIL, pfad, zeit, neu_laden)


def tisch_inhalt(a: Tischansicht | None, meldung: str | None = None) -> str:
    """Der Stand eines Tisches unter seiner Eingabeseite: die Plätze (Startnummer, Name) mit
    den Punkten aus den Spielen und wie weit der Tisch ist."""
    if a is None:
        return f"<p>{html_text(meldung or 'Dieser Tisch ist nicht zu finden.')}</p>"
    st = a.stand
    summen = a.summen()
    reihen = "".join(
        f'<tr><td class="z">{s.startnummer}</td><td>{html_text(s.name)}</td>'
        f'<td class="z">{_punkte(summen.get(s.startnummer, 0))}</td></tr>'
        for s in a.lage.sitze
    )
    tabelle = (
        '<table><thead><tr><th class="z">Nr.</th><th>Name</th><th class="z">Punkte</th></tr>'
        f"</thead><tbody>{reihen}</tbody></table>"
    )
    wie = (
        "Das Tischblatt vom Papier ist eingegeben und zählt statt der Spiele."
        if st.quelle == "blatt"
        else f"{st.text()} · Punkte aus den eingetragenen Spielen."
    )
    return (
        f"<h2>{html_text(a.turnier.name)} · Runde {st.runde} · Tisch {st.tisch}</h2>"
        f'{tabelle}<p class="meta">{html_text(wie)}</p>'
    )


__all__ = ["BLOCK", "STIL", "inhalt", "rangliste_html", "seite", "tisch_inhalt"]
