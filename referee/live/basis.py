"""Was alle Live-Seiten teilen: der Rahmen (``dokument``, ``lesedokument``) und der Grundstil
– rein.

Die drei Seiten (``seite``: Lese-Seite eines Abends, ``eingabeseite``: Eingabeseite,
``turnierseite``: Rangliste) nehmen ``BASIS`` und schreiben danach nur, was sie anders oder
zusätzlich haben; Lese- und Eingabeseite zeigen beide den Stand eines Abends und nehmen dazu
``STAND``. Keine Seite importiert eine andere. Jeder Stil steht eingebettet in seiner Seite;
sein Hash steht in der Content-Security-Policy (``csp``).
"""

from __future__ import annotations

import base64
import hashlib

from referee.text import html_text

#: Farben (hell und dunkel nach Gerät), Rahmen, Kopf mit Status, Plus und Minus, Fuß.
BASIS = """
:root{color-scheme:light dark;--bg:#fff;--fg:#111;--mut:#555;--linie:#ddd;--karte:#f3f4f6;--plus:#1a7f37;--minus:#c62828;--akzent:#0b63c5}
@media (prefers-color-scheme:dark){:root{--bg:#111316;--fg:#ececec;--mut:#a4a8ae;--linie:#33373d;--karte:#1c1f24;--plus:#5bd68f;--minus:#ff7b72;--akzent:#6cb6ff}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:40rem;padding:.6rem .75rem 2rem;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);-webkit-text-size-adjust:100%}
header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 .6rem;border-bottom:1px solid var(--linie);padding-bottom:.3rem}
h1{font-size:1.25rem;margin:0}
#status{font-size:.85rem;color:var(--mut);margin:0}#status.live::before{content:"● ";color:var(--plus)}#status.weg{color:var(--minus)}
.plus{color:var(--plus)}.minus{color:var(--minus)}
footer{margin-top:1.4rem;font-size:.8rem;color:var(--mut)}a{color:var(--akzent)}
""".strip()

#: Der Stand eines Abends (``seite.inhalt``): Tabellen, das Saldo-Diagramm (dunkel
#: umgefärbt), der nächste Geber, die Einträge.
STAND = """
@media (prefers-color-scheme:dark){figure svg>rect{fill:var(--karte)}figure svg text{fill:var(--fg)}figure svg line[stroke="#dddddd"]{stroke:#3a3f46}
figure svg line[stroke="#555555"]{stroke:#8a9099}figure svg [stroke="#000000"]{stroke:#ececec}}
h2,.meta{overflow-wrap:anywhere}
.geber{background:var(--karte);border-radius:.5rem;padding:.45rem .6rem;margin:.6rem 0}
table{border-collapse:collapse;width:100%;margin:.2rem 0}
th,td{padding:.28rem .35rem;border-bottom:1px solid var(--linie);text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{font-size:.85rem;color:var(--mut);font-weight:600}
td.z,th.z{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
figure{margin:.5rem 0;border-radius:.5rem;overflow:hidden}svg{width:100%;height:auto;display:block}
ol.eintraege{list-style:none;padding:0;margin:0}
ol.eintraege li{border-bottom:1px solid var(--linie);padding:.4rem 0;overflow-wrap:anywhere}
.kopf{font-size:.8rem;color:var(--mut)}.wert{font-size:.88rem;color:var(--mut)}
.betraege{font-size:.9rem;font-variant-numeric:tabular-nums}.nw{display:inline-block;max-width:100%;overflow-wrap:anywhere}
""".strip()


def stil(*teile: str) -> str:
    """Der Stil einer Seite aus seinen Teilen (später überschreibt früher)."""
    return "\n".join(t.strip() for t in teile)


def csp(*stile: str) -> str:
    """Die Content-Security-Policy: nichts von außen, Skript nur vom eigenen Server, Stil nur
    als genau diese eingebetteten Blöcke (ihr SHA-256), keine Formulare, kein Einbetten in
    fremde Seiten."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in stile
    )
    return (
        "default-src 'none'; script-src 'self'; connect-src 'self'; "
        f"style-src {hashes}; img-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )


def dokument(
    titel: str,
    stil: str,
    skript: str,
    ueberschrift: str,
    zeit: str,
    koerper: list[str],
    kopf: str = "",
) -> str:
    """Der Rahmen jeder Seite: Kopf fürs Handy, ``stil`` eingebettet (sein Hash steht in der
    CSP), ``skript`` als einzige Skriptquelle, die Überschrift mit dem Status, dann
    ``koerper`` (schon HTML). ``kopf``: weitere Zeilen im ``<head>``."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="de">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="color-scheme" content="light dark">',
            '<meta name="referrer" content="no-referrer">',
            *([kopf] if kopf else []),
            f"<title>{html_text(titel)}</title>",
            f"<style>{stil}</style>",
            f'<script src="{html_text(skript)}" defer></script>',
            "</head>",
            "<body>",
            f'<header><h1>{html_text(ueberschrift)}</h1><p id="status">Stand {html_text(zeit)}</p></header>',
            *koerper,
            "</body>",
            "</html>",
        ]
    )


def lesedokument(
    teil: str, titel: str, ueberschrift: str, stil: str, pfad: str, zeit: str, neu_laden: int
) -> str:
    """Der Rahmen einer Lese-Seite (Abend oder Rangliste) um ``teil``: ohne JavaScript lädt sie
    alle ``neu_laden`` Sekunden neu, sonst hält ``app.js`` sie über den Ereignisstrom aktuell;
    ``pfad`` ist ``/<token>`` (Skript, Ereignisse und ``stand.json`` liegen darunter)."""
    p = html_text(pfad)
    return dokument(
        titel,
        stil,
        f"{pfad}/app.js",
        ueberschrift,
        zeit,
        [
            f'<noscript><p class="meta">Ohne JavaScript lädt die Seite alle {int(neu_laden)} s '
            "neu.</p></noscript>",
            f'<main id="stand" data-quelle="{p}/ereignisse">{teil}</main>',
            f'<footer>Nur lesen · aktualisiert sich selbst · <a href="{p}/stand.json">'
            "stand.json</a></footer>",
        ],
        kopf=f'<noscript><meta http-equiv="refresh" content="{int(neu_laden)}"></noscript>',
    )


__all__ = ["BASIS", "STAND", "csp", "dokument", "lesedokument", "stil"]
