"""Die Tisch-Sitzung: Zeile lesen → Kurzform oder Befehl → Buch → Antwort und Fußleiste.

Zwei Wege hinein, eine Verarbeitung (``Tisch.verarbeite``):

- interaktiv (``interaktiv``): eine ``PromptSession`` von prompt_toolkit mit
  Vervollständigung, Verlauf in der Datei und der Fußleiste mit dem Stand;
- als Skript (``skript``), wenn stdin kein Terminal ist: Zeile für Zeile, eine
  Antwort je Eingabezeile (ein Eintrag: eine Zeile; ``stand``, ``hilfe``, ``?`` mehrere), Halt
  bei der ersten fehlerhaften Zeile (Exit 2).

Jeder Eintrag ist geschrieben, sobald seine Antwort erscheint; Ctrl-C leert die Zeile,
Ctrl-D oder ``q`` beenden die Sitzung.

Die Sitzung liegt unter der Kommandozeile und neben dem Live-Stand und importiert keins von
beiden: wer sie baut (``referee/cli/tisch.py``), gibt ihr die Befehle von ``referee``
(``Kommandozeile``) und den Start des Live-Stands (``live_starten``) mit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from referee.eingabe import kurz
from referee.errors import RefereeFehler
from referee.text import darstellbar
from referee.tisch import anzeige
from referee.tisch.dienst import HILFE, Sitzungsbuch
from referee.tisch.turnier import TurnierSitzungsbuch
from referee.zahlen import ist_ziffern

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession

    from referee.tisch.anzeige import Lage
    from referee.tisch.turnier import Turniertischlage


def hilfe_zeilen(breite: int, hilfe: str = HILFE) -> list[str]:
    """Die Hilfe für ``breite`` Spalten: schmal (unter 70) steht die Erklärung unter der
    Kurzform statt daneben."""
    import re

    if breite >= 70:
        return hilfe.splitlines()
    aus: list[str] = []
    for zeile in hilfe.splitlines():
        m = re.match(r"^  (\S.*?)\s{2,}(\S.*)$", zeile)
        if m:
            aus.append("  " + m.group(1))
            aus += ["      " + z.lstrip() for z in anzeige.umbrechen(m.group(2), breite - 6)]
        else:
            aus += anzeige.umbrechen(zeile, breite)
    return aus


def terminalbreite() -> int:
    """Spalten des Terminals (ohne Terminal: 80), für den Umbruch der Antworten."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


class Ausgang(Protocol):
    """Wie ein Befehl ausging (``referee.cli.Ausgang``) – was die Sitzung davon liest."""

    @property
    def code(self) -> int: ...
    @property
    def art(self) -> str | None: ...
    @property
    def meldung(self) -> str: ...
    @property
    def gemeldet(self) -> bool: ...


@dataclass(frozen=True)
class Kommandozeile:
    """Was die Sitzung von der Kommandozeile bekommt, die sie baut (``referee/cli/tisch.py``):
    die Befehle von ``referee``, die in der Sitzung ohne ``referee`` gehen (``tisch`` selbst
    wird erkannt und freundlich abgelehnt), wie einer im selben Prozess läuft
    (``referee.cli.ausfuehren``) und der click-Befehlsbaum für die Vervollständigung."""

    befehle: frozenset[str]
    ausfuehren: Callable[[list[str]], Ausgang]
    befehlsbaum: Callable[[], Any]


@dataclass(frozen=True)
class Antwort:
    """Ausgang einer Zeile: ``ok`` (sonst ``meldung``), ``ende`` = Sitzung verlassen."""

    ok: bool = True
    ende: bool = False
    meldung: str = ""


class Tisch:
    """Eine Sitzung über einem ``Sitzungsbuch`` (oder dem Buch eines Turniertisches,
    ``referee.tisch.turnier.TurnierSitzungsbuch``): verarbeitet Zeilen und hält die Fußleiste
    aktuell.

    Befehle von ``referee`` gehen nur mit ``kommandozeile`` (ohne sie ist ``stand`` eine
    unbekannte Zeile), ``live`` nur mit ``live_starten(pfad, host=…, port=…, schreiben=…)``
    (wie ``referee.live.starte_im_hintergrund``; ohne: eine Meldung).
    """

    def __init__(
        self,
        buch: Sitzungsbuch | TurnierSitzungsbuch,
        schreibe: Callable[[str], None] | None = None,
        *,
        knapp: bool = False,
        kommandozeile: Kommandozeile | None = None,
        live_starten: Callable[..., Any] | None = None,
    ) -> None:
        self.buch = buch
        # die Kodierung des Terminals, bevor prompt_toolkit stdout umleitet: ohne UTF-8 die
        # ASCII-Formen (Joerg, EUR) wie bei jedem Befehl, nicht „?“
        kodierung = getattr(sys.stdout, "encoding", None)
        self.schreibe = schreibe or (lambda text: print(darstellbar(text, kodierung), flush=True))
        self.knapp = knapp  # Skript: eine Ergebniszeile je Eingabezeile
        self._kommandozeile = kommandozeile
        self._live_starten = live_starten
        self.befehle = kommandozeile.befehle if kommandozeile is not None else frozenset()
        self._leiste: dict[int, list[str]] = {}
        self._lage: Lage | Turniertischlage | None = None
        self._veraltet = True
        self.live: Any = None
        self._gezeigt: set[str] = set()  # Konventionshinweise: einmal je Sitzung

    # ------------------------------------------------------------ Fußleiste

    def lage(self) -> Lage | Turniertischlage | None:
        """Die aktuelle Lage (neu gelesen, wenn irgendwer geschrieben hat)."""
        if self.buch.geaendert() or self._veraltet:
            self._lage = self.buch.lage()
            self._leiste.clear()
            self._veraltet = False
        return self._lage

    def spieler(self) -> tuple[str, ...]:
        """Die Spieler des offenen Abends (aus der zwischengespeicherten Lage)."""
        lage = self.lage()
        return lage.spieler if lage is not None else ()  # am Turniertisch: kurz.Mitspieler

    def leiste(self, breite: int = 40) -> str:
        """Der Text der Fußleiste für ``breite`` Spalten (zwischengespeichert)."""
        lage = self.lage()
        if breite not in self._leiste:
            self._leiste[breite] = self.buch.leiste(lage, breite)
        return "\n".join(self._leiste[breite])

    # ------------------------------------------------------------ Zeilen

    def verarbeite(self, zeile: str) -> Antwort:
        """Eine Zeile ausführen; Fehler werden gemeldet (``Antwort.ok`` falsch), nie geworfen."""
        try:
            eingabe = kurz.lies(zeile, self.spieler(), self.befehle)
            if eingabe is None:
                return Antwort()
            return self._ausfuehren(eingabe, zeile)
        except RefereeFehler as exc:
            return Antwort(ok=False, meldung=exc.meldung)

    def _ausfuehren(self, e: kurz.Eingabe, zeile: str) -> Antwort:
        abgelehnt = self.buch.ablehnen(e)
        if abgelehnt:
            return Antwort(ok=False, meldung=abgelehnt)
        if isinstance(e, kurz.Sitzung):
            return self._sitzung(e)
        if isinstance(e, kurz.Befehl):
            return self.cli(list(e.args))
        if isinstance(e, kurz.Korrektur):
            g = self.buch.korrigieren(e.nr, e.spiel, zeile)
            self._gebucht(f"#{g.id} ersetzt #{g.ersetzt}: {g.text}", g.spiel, g.hinweise)
            return Antwort()
        g = self.buch.eintragen(e, zeile)
        self._gebucht(f"#{g.id} {g.text}", g.spiel, g.hinweise)
        return Antwort()

    def _gebucht(self, text: str, spiel: str, hinweise: tuple[str, ...] = ()) -> None:
        """Antwort auf einen Eintrag: lange Form mit Wert, der neue Stand; im Terminal dazu
        jeder Konventionshinweis beim ersten Mal (nicht nach jedem Spiel)."""
        self._veraltet = True
        stand = self.buch.stand_zeile(self.lage(), spiel)
        if self.knapp:
            self.schreibe(f"{text} | {stand}" if stand else text)
            return
        breite = terminalbreite()
        neu = [h for h in hinweise if h not in self._gezeigt]
        self._gezeigt.update(neu)
        for teil in [text, stand, *neu]:
            for z in anzeige.umbrechen(teil, breite) if teil else ():
                self.schreibe(z)

    def _sitzung(self, e: kurz.Sitzung) -> Antwort:
        if e.was == "ende":
            return Antwort(ende=True)
        if e.was == "hilfe":
            if self.knapp:
                self.schreibe(self.buch.hilfe)
            else:
                for z in hilfe_zeilen(terminalbreite(), self.buch.hilfe):
                    self.schreibe(z)
            return Antwort()
        if e.was == "rueckgaengig":
            text, spiel = self.buch.rueckgaengig(int(e.args[0]) if e.args else None)
            self._gebucht(text, spiel)
            return Antwort()
        return self._live(e.args)

    def _live(self, args: tuple[str, ...] = ()) -> Antwort:
        """``live [schreiben] [--host H] [--port N]``: den Live-Stand (``referee.live``) im
        Hintergrund starten, Link und QR-Code zeigen; er läuft, bis die Sitzung endet. Mit
        ``schreiben`` dazu der Link zum Eintragen vom Handy (wie ``referee live --schreiben``)."""
        rest = list(args)
        schreiben = bool(rest) and rest[0].casefold() in ("schreiben", "--schreiben")
        if schreiben:
            rest.pop(0)
        if self.live is not None:
            if not schreiben or getattr(self.live, "url_schreiben", None):
                self.schreibe(f"Der Live-Stand läuft schon: {self.live.url}")
                if getattr(self.live, "url_schreiben", None):
                    self.schreibe(f"Eintragen: {self.live.url_schreiben}")
                return Antwort()
            # läuft nur lesend: neu starten, jetzt mit dem Link zum Eintragen
            self.schreibe("Der Live-Stand startet neu, jetzt mit Link zum Eintragen.")
            self.schliessen()
        optionen: dict[str, Any] = {}
        form = "Form: live [--host H] [--port N] (mit Link zum Eintragen: live schreiben …)."
        while rest:
            opt = rest.pop(0)
            if opt not in ("--host", "--port") or not rest:
                return Antwort(ok=False, meldung=f"„live {' '.join(args)}“: {form}")
            wert = rest.pop(0)
            if opt == "--port" and not ist_ziffern(wert):
                return Antwort(ok=False, meldung=f"--port „{wert}“ ist keine Zahl.")
            optionen[opt[2:]] = int(wert) if opt == "--port" else wert
        if self._live_starten is None:
            return Antwort(ok=False, meldung="„live“ gibt es in dieser Sitzung nicht.")
        if schreiben:
            optionen["schreiben"] = True
        self.live = self._live_starten(self.buch.pfad, **optionen)
        self.schreibe(f"Live-Stand: {self.live.url}")
        if not self.knapp:
            self.schreibe(self.live.qr_text())
        url_schreiben = getattr(self.live, "url_schreiben", None)
        if url_schreiben:
            self.schreibe(f"Eintragen: {url_schreiben}")
            if not self.knapp:
                self.schreibe(self.live.qr_text(url=url_schreiben))
        lokal = getattr(self.live, "nur_lokal", False)
        if lokal:
            self.schreibe("Nur auf diesem Rechner erreichbar.")
        elif url_schreiben:
            self.schreibe(
                "Jeder im selben WLAN mit dem Link „Live-Stand“ sieht den Stand; nur lesen. "
                "Wer den Link „Eintragen“ hat, kann eintragen, korrigieren und rückgängig machen – nur an die "
                "weitergeben, die schreiben sollen. Beide gelten, bis die Sitzung endet."
            )
        else:
            self.schreibe(
                "Jeder im selben WLAN mit diesem Link/QR-Code sieht den Stand; nur lesen. "
                "Er läuft, bis die Sitzung endet."
            )
        return Antwort()

    def schliessen(self) -> None:
        """Am Ende der Sitzung: den Live-Stand anhalten (falls gestartet)."""
        if self.live is not None:
            self.live.stoppe()
            self.live = None

    # ------------------------------------------------------------ Befehle der Kommandozeile

    def click_befehl(self) -> Any:
        """Der click-Befehlsbaum von ``referee`` mit allen Befehlen (für die Vervollständigung;
        ohne Kommandozeile ``None``)."""
        k = self._kommandozeile
        return k.befehlsbaum() if k is not None else None

    def cli(self, args: list[str]) -> Antwort:
        """Einen ``referee``-Befehl im selben Prozess ausführen (gegen die DB der Sitzung) –
        über ``referee.cli.ausfuehren`` (``Kommandozeile.ausfuehren``), denselben Weg wie die
        Kommandozeile: dort allein wird ein Fehler zu Exit-Code und Meldung.

        Antwortet der Befehl selbst mit Exit 0/1 (ja/nein), ist das eine Antwort. Exit 2/3, ein
        Abbruch und jeder Fehler, den erst der Rand meldet – auch ein Regelverstoß (Exit 1),
        etwa „Nicht eingetragen: die Verteilung verstößt gegen die Regeln“ –, werden eine
        Fehlermeldung (die vom Rand, sonst „… endete mit Exit-Code N.“) und halten ein Skript
        an: was nicht eingetragen wurde, soll keine späteren Zeilen überholen. Die Sitzung endet nie durch einen Befehl; nur
        Ctrl-C, bevor der Befehl läuft, fliegt weiter wie Ctrl-C in der Sitzung, und mit
        ``REFEREE_DEBUG`` jeder Fehler, den auch die Kommandozeile dann zeigt (Traceback).
        """
        if self._kommandozeile is None:
            return Antwort(ok=False, meldung="In dieser Sitzung gehen keine Befehle von referee.")
        if args and args[0] == "tisch":
            return Antwort(ok=False, meldung="Du bist schon am Tisch.")
        vorne = args[: args.index("--")] if "--" in args else args
        if any(a == "--db" or a.startswith("--db=") for a in vorne):
            return Antwort(
                ok=False,
                meldung=f"In der Sitzung gilt ihr Buch ({self.buch.pfad}); --db geht hier nicht. "
                "Für ein anderes Buch: die Sitzung beenden und referee --db PFAD tisch.",
            )
        try:
            ausgang = self._kommandozeile.ausfuehren(["--db", self.buch.pfad, *args])
        finally:
            self._veraltet = True
            sys.stdout.flush()
        if ausgang.art == "abbruch":  # Ctrl-C vor dem Befehl selbst (click macht sonst Abbruch)
            raise KeyboardInterrupt
        if ausgang.code >= 2 or ausgang.gemeldet:
            meldung = ausgang.meldung or f"„{' '.join(args)}“ endete mit Exit-Code {ausgang.code}."
            return Antwort(ok=False, meldung=meldung)
        return Antwort()


# --------------------------------------------------------------------------- Skript


#: UTF-8-Folgebytes (10xxxxxx): Zeichen zählen, ohne zu dekodieren.
_FOLGEBYTES = bytes(range(0x80, 0xC0))


def zeilen_lesen(strom: Any, grenze: int = kurz.MAX_ZEICHEN) -> Iterable[str]:
    """Zeilen aus einem Bytestrom, UTF-8 (Unlesbares wird „�“). Eine Zeile über ``grenze``
    Zeichen (sicher erst ab 4 Bytes je Zeichen) wird nicht ganz gelesen, sondern übersprungen;
    ihre Zeichen werden dabei gezählt und gemeldet (``kurz.UeberlangeZeile``)."""
    hoechstens = 4 * grenze + 2  # UTF-8: höchstens 4 Bytes je Zeichen, dazu \r\n
    while True:
        roh = strom.readline(hoechstens + 1)
        if not roh:
            return
        if len(roh) > hoechstens and not roh.endswith(b"\n"):
            zeichen = len(roh.translate(None, _FOLGEBYTES))
            while roh and not roh.endswith(b"\n"):  # den Rest der Zeile überspringen
                roh = strom.readline(65536)
                zeichen += len(roh.rstrip(b"\r\n").translate(None, _FOLGEBYTES))
            zu_lang = kurz.UeberlangeZeile("")
            zu_lang.zeichen = zeichen
            yield zu_lang
            continue
        yield roh.decode("utf-8", errors="replace")


def skript(tisch: Tisch, zeilen: Iterable[str], fehler: Callable[[str], None]) -> int:
    """Zeilen der Reihe nach; bei der ersten fehlerhaften Halt mit Zeilennummer → Exit 2."""
    for nr, zeile in enumerate(zeilen, start=1):
        if not isinstance(zeile, kurz.UeberlangeZeile):  # die behält ihre Länge in Bytes
            zeile = zeile.rstrip("\r\n")
        a = tisch.verarbeite(zeile)
        if not a.ok:
            davor = " (die Zeilen davor sind eingetragen)" if nr > 1 else ""
            fehler(f"Zeile {nr}: {a.meldung}{davor}")
            return 2
        if a.ende:
            break
    return 0


# --------------------------------------------------------------------------- interaktiv


def verlauf_datei() -> str:
    """Die Verlaufsdatei im Benutzer-Datenverzeichnis (wie die Datenbank, über platformdirs)."""
    import platformdirs

    pfad = platformdirs.user_data_path("referee", appauthor=False)
    pfad.mkdir(parents=True, exist_ok=True)
    return str(pfad / "tisch-verlauf.txt")


def sitzung_bauen(
    tisch: Tisch, *, eingabe: Any = None, ausgabe: Any = None, verlauf: Any = None
) -> PromptSession[str]:
    """Die ``PromptSession`` der Sitzung (Vervollständigung, Verlauf, Fußleiste)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.history import FileHistory

    from referee.tisch.vervollstaendigung import TischVervollstaendigung

    kodierung = getattr(sys.stdout, "encoding", None)  # vor patch_stdout gelesen

    def fussleiste() -> str:
        try:
            breite = get_app().output.get_size().columns
        except Exception:  # ohne laufende Anwendung (Tests): 40 Spalten
            breite = 40
        # ein Terminal ohne UTF-8: die ASCII-Formen (Joerg, EUR) statt „?“
        return darstellbar(tisch.leiste(breite), kodierung)

    return PromptSession(
        message="tisch> ",
        history=verlauf if verlauf is not None else FileHistory(verlauf_datei()),
        completer=TischVervollstaendigung(tisch),
        complete_while_typing=True,
        bottom_toolbar=fussleiste,
        input=eingabe,
        output=ausgabe,
    )


def interaktiv(tisch: Tisch, session: Any = None) -> int:
    """Die Schleife am Terminal; endet mit ``q`` oder Ctrl-D (Exit 0)."""
    from prompt_toolkit.patch_stdout import patch_stdout

    session = session or sitzung_bauen(tisch)
    tisch.schreibe("Am Tisch. hilfe zeigt die Kurzformen, q oder Ctrl-D beendet.")
    with patch_stdout(raw=True):
        while True:
            try:
                zeile = session.prompt()
            except KeyboardInterrupt:
                continue  # Ctrl-C: Zeile verwerfen
            except EOFError:
                break
            try:
                a = tisch.verarbeite(zeile)
            except KeyboardInterrupt:  # Ctrl-C während eines Befehls: nichts halb geschrieben
                tisch.schreibe("Abgebrochen.")
                continue
            if not a.ok:
                for z in anzeige.umbrechen(f"Fehler: {a.meldung}", terminalbreite()):
                    tisch.schreibe(z)
            if a.ende:
                break
    return 0


__all__ = [
    "HILFE",
    "Antwort",
    "Ausgang",
    "Kommandozeile",
    "Tisch",
    "interaktiv",
    "sitzung_bauen",
    "skript",
]
