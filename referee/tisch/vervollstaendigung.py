"""Vervollständigung am Tisch (prompt_toolkit): Befehle, Spiel-Kurzformen, Spieler, Optionen.

Wie pgcli das Schema kennt, kennt diese Vervollständigung den Abend: die Spieler kommen aus
der Sitzung, die Befehle und ihre Optionen aus der Typer-App selbst (click-Befehlsbaum).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from referee.eingabe import kurz

_SPIEL_META = {
    "r": "Rufspiel",
    "w": "Wenz",
    "g": "Geier",
    "b": "Bettel",
    "ra": "Ramsch",
    "ramsch": "Ramsch",
    "hs": "Herz-Solo",
    "es": "Eichel-Solo",
    "gs": "Gras-Solo",
    "ss": "Schellen-Solo",
    "sb": "sabai-Runde",
    "sf": "SAUFN-Plätze",
    "sm": "Schlafmütze-Sieg",
}
_SITZUNG_META = {
    "u": "letzten Eintrag stornieren",
    "q": "Sitzung beenden",
    "hilfe": "Kurzformen zeigen",
    "live": "Live-Stand fürs Handy",
}
_ZUSAETZE = {
    "schwarz": "Zusatz",
    "tout": "Zusatz",
    "sie": "Zusatz",
    "kurz": "kurze Karte",
    "l3": "3 Laufende",
    "k1": "1 Klopfer",
    "x1": "1 Stoß",
}


def _passend(woerter: Iterable[tuple[str, str]], anfang: str) -> Iterator[Completion]:
    klein = anfang.casefold()
    for wort, meta in woerter:
        if wort.casefold().startswith(klein) and wort != anfang:
            yield Completion(wort, start_position=-len(anfang), display_meta=meta)


def _spieler_passend(
    spieler: tuple[str, ...], anfang: str, vorn: str = "", meta: str = "Spieler"
) -> Iterator[Completion]:
    """Die Spieler, auf die ``anfang`` passt (wie die Zeile sie liest: ``hu`` passt auf Sepp
    Huber, ``jo`` auf Jörg); eingesetzt wird der Name oder – hat er Leerzeichen oder ist er ein
    Zusatzwort – das lesbarste Wort, das ihn eindeutig nennt (``huber``), gezeigt der Name.
    ``vorn``: was im Wort davor steht (``an+`` bei ``an+be``)."""
    from referee.namen import namen_zum_wort, schreibweise

    for name in spieler:
        if anfang and not namen_zum_wort(anfang, [name]):
            continue
        wort = name
        if len(name.split()) != 1 or not kurz.namenswort(name):
            wort = schreibweise(name, spieler, kurz.namenswort) or f'"{name}"'
        if wort != anfang:
            yield Completion(
                vorn + wort,
                start_position=-len(vorn + anfang),
                display=vorn + name,
                display_meta=meta,
            )


class TischVervollstaendigung(Completer):
    """Kennt die Sitzung (``referee.tisch.sitzung.Tisch``): Spieler des Abends und Befehle."""

    def __init__(self, tisch: Any) -> None:
        self.tisch = tisch

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        text = document.text_before_cursor
        if text.startswith(("?", "#")) and " " not in text:
            return
        anfang = "" if not text or text[-1].isspace() else text.split()[-1]
        davor = text.split()[:-1] if anfang else text.split()
        if text.startswith("#") and davor:
            davor = davor[1:]  # „#12 r an …“: wie ein Spiel
        if not davor:
            yield from _passend(self._erste_woerter(), anfang)
            return
        kopf = davor[0]
        if kopf in self.tisch.befehle:
            yield from _passend(self._befehl_woerter(davor, anfang), anfang)
            return
        spieler = tuple(self.tisch.spieler())
        if "+" in anfang:  # an+be: den Teil nach dem letzten + ergänzen
            vorn, plus, rest = anfang.rpartition("+")
            yield from _spieler_passend(spieler, rest, vorn + plus, "Partner")
            return
        extra: list[tuple[str, str]] = []
        k = kopf.casefold()
        if k in ("ramsch", "ra"):
            extra = [("j", "Jungfrau"), ("dm", "Durchmarsch")]
        elif k == "sb":
            extra = [("letzte", "letzte Partie")]
        elif k == "sm":
            extra = [("mit", "Mitspieler")]
        yield from _spieler_passend(spieler, anfang)
        if k in ("sb", "sf", "sm"):
            yield from _passend(extra, anfang)
            return
        yield from _passend(extra + list(_ZUSAETZE.items()), anfang)

    def _erste_woerter(self) -> list[tuple[str, str]]:
        woerter = list(_SITZUNG_META.items())
        woerter += [(f, _SPIEL_META.get(f, _art_name(f))) for f in kurz.kurzformen()]
        woerter += [(b, "Befehl") for b in sorted(self.tisch.befehle) if b != "tisch"]
        return woerter

    def _befehl_woerter(self, davor: list[str], anfang: str) -> list[tuple[str, str]]:
        """Unterbefehle und Optionen aus dem click-Befehlsbaum; für Werte die Spieler."""
        befehl = self.tisch.click_befehl()
        for w in davor:
            unter = getattr(befehl, "commands", None)
            if unter is None or w not in unter:
                break
            befehl = unter[w]
        woerter: list[tuple[str, str]] = []
        unter = getattr(befehl, "commands", None)
        if unter:
            woerter += [
                (n, (c.short_help or c.help or "").split("\n")[0][:30]) for n, c in unter.items()
            ]
        for p in getattr(befehl, "params", []):
            for opt in getattr(p, "opts", []):
                if opt.startswith("--") and opt not in ("--db",):
                    woerter.append((opt, (getattr(p, "help", "") or "")[:30]))
        if not anfang.startswith("-"):
            woerter += [(n, "Spieler") for n in self.tisch.spieler()]
        return woerter


def _art_name(form: str) -> str:
    """``fwe`` → ``Eichel-Wenz`` (für die Anzeige neben der Kurzform)."""
    try:
        ansage = kurz.spielart(form)
    except Exception:
        return ""
    return ansage.name_de


__all__ = ["TischVervollstaendigung"]
