"""Eine Saison als Quelle der Live-Seiten (``referee saison live``): ihre Rangliste für Handys und
Beamer, nur lesen.

Dieselbe Anwendung wie beim Abend und beim Turnier (``referee.live.app``): Beobachter,
Ereignisstrom, Sicherheitsköpfe; ``stand.json`` ist ``referee saison stand --json``. Anders ist
nur, was gelesen wird – das Saisonbuch (``referee.buch.saison``) – und dass es keine
Schreib-Links gibt: ein Spiel trägt man am Abend oder am Turniertisch ein, die Saison zählt es
dann mit (der Beobachter sieht jede Änderung der Datei).

Das Token des Lese-Links kommt aus dem Geheimnis des Buchs (``Saisonbuch.lese_link``): nach
einem Neustart derselbe Link.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from referee.errors import RefereeFehler
from referee.live.basis import BASIS, lesedokument, stil
from referee.live.quelle import Lesung, Schreibansicht, Schreiblink
from referee.text import html_text

if TYPE_CHECKING:
    from referee.buch.saison import Saisonbuch
    from referee.buch.saison.antworten import Saisonstand

#: Eine Saison neu zu rechnen kostet bei einem Jahr voller Abende einige zehn Millisekunden:
#: höchstens zweimal je Sekunde.
MINDESTABSTAND = 0.5

STIL = stil(
    BASIS,
    """
h2{font-size:1.05rem;margin:1rem 0 .3rem;overflow-wrap:anywhere}
.meta{color:var(--mut);margin:.2rem 0;font-size:.92rem;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}
th,td{padding:.26rem .3rem;border-bottom:1px solid var(--linie);text-align:left;white-space:nowrap}
th{font-size:.8rem;color:var(--mut);font-weight:600}
.z{text-align:right;font-variant-numeric:tabular-nums}
tr.vorn td{font-weight:700}
@media (min-width:60rem){body{max-width:none;padding:.8rem 1.6rem;font-size:clamp(18px,1.45vw,30px)}}
""",
)

Saisonlesung = Lesung["Saisonstand | None"]


def inhalt(stand: Saisonstand | None, meldung: str | None = None) -> str:
    """Der Teil der Seite, der sich ändert: Name, Zeitraum, Wertung und die Rangliste."""
    from referee.buch.saison.formate import wert_text

    if stand is None:
        return f"<p>{html_text(meldung or 'Keine Saison.')}</p>"
    s = stand.saison
    kopf = (
        f'<div class="kopf"><h2>{html_text(s.name)}</h2><p class="meta">'
        f"{html_text(s.von)} bis {html_text(s.bis)} · {len(stand.ereignisse)} Abende und "
        f"Turniere · {html_text(stand.wertung.text())}</p></div>"
    )
    if not stand.rangliste:
        return kopf + "<p>Noch keine Ergebnisse in dieser Saison.</p>"
    reihen = "".join(
        f"<tr{' class=vorn' if z.platz is not None and z.platz <= 3 else ''}>"
        f'<td class="z">{"–" if z.platz is None else f"{z.platz}."}</td>'
        f'<td>{html_text(z.name)}</td><td class="z">{html_text(wert_text(z.wert))}</td>'
        f'<td class="z">{sum(w.zaehlt for w in z.ereignisse)}/{len(z.ereignisse)}</td>'
        f'<td class="z">{z.spiele}</td><td class="z">{z.soli}</td></tr>'
        for z in stand.rangliste
    )
    return (
        kopf + '<table><thead><tr><th class="z">Platz</th><th>Name</th><th class="z">Wert</th>'
        '<th class="z">zählt</th><th class="z">Spiele</th><th class="z">Soli</th></tr></thead>'
        f"<tbody>{reihen}</tbody></table>"
    )


class Saisonquelle:
    """Die Saison ``saison_id`` (``None``: die jüngste, bei jedem Lesen neu bestimmt)."""

    ohne_felder: frozenset[str] = frozenset()
    mindestabstand = MINDESTABSTAND

    def __init__(self, db: Path, saison_id: int | None) -> None:
        self.db = Path(db)
        self.saison_id = saison_id

    def lese_token(self) -> str:
        with self.oeffne() as sb:
            return sb.lese_link(self.saison_id)

    def oeffne(self) -> Saisonbuch:
        from referee.buch.saison import Saisonbuch

        return Saisonbuch(self.db)

    def lies(self, buch: Saisonbuch | None, vorher: Saisonlesung | None) -> Saisonlesung:
        fehler: dict[str, Any] | None = None
        stand = None
        try:
            if buch is not None:
                stand = buch.stand(self.saison_id)
        except RefereeFehler as exc:
            fehler = exc.als_json()
        text = json.dumps(stand.als_json(), ensure_ascii=False, indent=2) + "\n" if stand else None
        meldung = fehler["fehler"]["meldung"] if fehler else None
        return Lesung(stand, inhalt(stand, meldung), text, fehler)

    def leseseite(self, lesung: Saisonlesung, pfad: str, zeit: str, neu_laden: int) -> str:
        titel = f"Saison · {lesung.daten.saison.name}" if lesung.daten else "Saison"
        return lesedokument(lesung.teil, titel, "Saison live", STIL, pfad, zeit, neu_laden)

    def schreiblinks(self, lesung: Saisonlesung) -> list[tuple[Schreiblink, str]]:
        return []  # nur lesen

    # Ohne Schreib-Links ruft die Anwendung nichts davon auf (``referee.live.app``).
    def schreibansicht(self, *args: object) -> Schreibansicht:
        _nur_lesen()

    def vorschau(self, *args: object) -> NoReturn:
        _nur_lesen()

    def eintrag(self, *args: object) -> NoReturn:
        _nur_lesen()

    def rueckgaengig(self, *args: object) -> NoReturn:
        _nur_lesen()

    def korrektur(self, *args: object) -> NoReturn:
        _nur_lesen()

    def konflikt(self, *args: object) -> NoReturn:
        _nur_lesen()


def _nur_lesen() -> NoReturn:
    raise AssertionError("Die Saison hat keine Schreib-Links.")  # Programmfehler


__all__ = ["MINDESTABSTAND", "Saisonquelle", "inhalt"]
