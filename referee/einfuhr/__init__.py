"""Import eines JSON-Exports: erst ganz prüfen, dann alles oder nichts schreiben.

Reihenfolge (``importieren``):

1. ``pruefe_export``: die ganze Datei gegen das Exportformat – Typen, Pflichtfelder, nur
   ganze Zahlen (keine Kommazahlen, keine Wahrheitswerte als Zahl) im Bereich
   ``referee.zahlen.GRENZE``, eindeutige Ids und Namen, gültige Bezüge (Abend, Storno,
   Korrektur), höchstens ein offener Abend, Texte ohne Steuerzeichen, Tarife, die der
   Schafkopf-Kern kennt. Die Wertzeilen jedes Eintrags (Cent, Punkte …) werden aus seinem
   Ergebnis mit dem Code des Spiels **neu berechnet** (``_werte_neu_berechnen``) und mit der
   Datei verglichen; jeder Abend muss in Cent null ergeben; ein Storno hat keine Werte.
   Jedes Ergebnis wird aus den Fakten seines Spiels **nachgerechnet, wie ``eintragen`` es
   tut** (``_ergebnisse_nachrechnen``: Schafkopf aus Spielart, Spielern, Augen, Laufenden,
   Klopfern … nach dem Tarif, der an dieser Stelle des Abends galt, oder aus der Partie;
   sabai aus den Händen; SAUFN und Schlafmütze aus Plätzen, Sieger und Mitspielenden) und muss
   der Datei gleichen. Datum und Zeiten müssen echte ISO-Daten und -Zeiten sein.
2. Probeimport in eine temporäre Datenbank neben dem Ziel, deren Export genau der Datei
   gleichen muss (so fällt auch ein falsches ``gilt`` oder eine falsche Reihenfolge auf), und
   Stand, Bericht und Statistik müssen sich aus ihr berechnen lassen.
3. Erst dann das Ziel: ein neuer Pfad bekommt die geprüfte Datei durch atomares Verlinken;
   eine vorhandene leere Datenbank den Import in einer Transaktion.

Die temporäre Datei heißt ``.referee-import-<pid>-<zufall>.db``. SIGTERM und SIGHUP brechen
einen Import ab wie Strg-C (die temporären Dateien werden entfernt); was ein getöteter Import
(SIGKILL) liegen ließ, räumt der nächste Import im selben Verzeichnis weg – nur Dateien genau
dieses Musters, deren Prozess nicht mehr lebt.

Jeder Fehler ist ein ``Eingabefehler`` (Exit 2) mit einer Meldung, die die erste schlechte
Stelle nennt (``Eintrag 7, Spieler „Ben“: …``); das Ziel bleibt genau, wie es war.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from referee.einfuhr.bausteine import JsonObjekt, _Fehler, _fehler
from referee.einfuhr.pruefung import pruefe_export
from referee.errors import Zustandsfehler

#: Was aus einer importierten Datei berechnet werden muss (``Buch.importieren`` gibt es mit).
Auswerten = Callable[[Path], None]

# ---------------------------------------------------------------- Import


def _entfernen(pfad: Path) -> None:
    for endung in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            Path(str(pfad) + endung).unlink(missing_ok=True)


#: Die temporäre Datenbank eines Imports: ``.referee-import-<pid>-<zufall>.db`` (``zufall``
#: wie ``tempfile`` ihn bildet), dazu SQLites ``-wal``, ``-shm``, ``-journal``.
_TEMP_PRAEFIX = ".referee-import-"
_TEMP_MUSTER = re.compile(r"\.referee-import-([0-9]{1,10})-[a-z0-9_]{8}\.db(-wal|-shm|-journal)?")


def _temp_pfad(ordner: Path) -> Path:
    """Ein freier Name für die temporäre Datenbank in ``ordner`` (die Datei selbst legt erst
    SQLite an); mit der eigenen Prozessnummer, damit ein späterer Import Reste erkennt."""
    import tempfile

    fd, name = tempfile.mkstemp(dir=ordner, prefix=f"{_TEMP_PRAEFIX}{os.getpid()}-", suffix=".db")
    try:
        os.close(fd)
    finally:  # auch bei einem Signal genau hier bleibt nichts liegen
        os.unlink(name)
    return Path(name)


def _lebt(pid: int) -> bool:
    """Gibt es den Prozess ``pid`` (noch)? Im Zweifel ja."""
    if pid <= 0 or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # z. B. PermissionError: er lebt, gehört nur anderen
        return True
    return True


def _reste_entfernen(ordner: Path) -> None:
    """Was getötete Importe (SIGKILL, Absturz, Stromausfall) in ``ordner`` liegen ließen:
    nur Dateien genau des Musters ``.referee-import-<pid>-<zufall>.db`` (und ``-wal``,
    ``-shm``, ``-journal``), deren Prozess nicht mehr lebt."""
    if os.name != "posix":  # os.kill(pid, 0) prüft nur unter POSIX, ob es pid gibt
        return
    try:
        namen = os.listdir(ordner)
    except OSError:
        return
    tot: dict[int, bool] = {}
    for name in namen:
        m = _TEMP_MUSTER.fullmatch(name)
        if m is None:
            continue
        pid = int(m.group(1))
        if pid not in tot:
            tot[pid] = not _lebt(pid)
        if tot[pid]:
            with contextlib.suppress(OSError):
                (ordner / name).unlink()


@contextlib.contextmanager
def _abbruch_bei_signal() -> Iterator[Callable[[], None]]:
    """SIGTERM und SIGHUP brechen ab wie Strg-C: ``KeyboardInterrupt``, die ``finally``-Blöcke
    räumen die temporären Dateien weg, die Kommandozeile endet wie bei Strg-C (Exit 130).

    Nur im Haupt-Thread (nur dort gibt es Signalbehandlung) und nur für Signale mit der
    Standardbehandlung (die den Prozess ohne Aufräumen beendete): wer ein Signal ignoriert
    (``nohup``) oder selbst behandelt, behält das. Ein zweites Signal während des Aufräumens
    unterbricht es nicht; danach gilt wieder die alte Behandlung.

    Gibt ``halt`` zurück: ruft der Import es vor dem Einsetzen der Datei, bricht er auch dann
    ab, wenn das ``KeyboardInterrupt`` des Signals unterwegs verloren ging (Python verschluckt
    Ausnahmen in manchen Rückrufen, etwa beim Sperren eines Moduls während eines Imports)."""
    import signal
    import threading

    abgebrochen: list[int] = []

    def halt() -> None:
        if abgebrochen:
            raise KeyboardInterrupt(f"Signal {abgebrochen[0]}")

    if threading.current_thread() is not threading.main_thread():
        yield halt
        return

    def abbrechen(signum: int, _frame: Any) -> None:
        if not abgebrochen:
            abgebrochen.append(signum)
            raise KeyboardInterrupt(f"Signal {signum}")

    alt: dict[Any, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(sig) == signal.SIG_DFL:
                alt[sig] = signal.signal(sig, abbrechen)
    try:
        yield halt
    finally:
        for sig, behandlung in alt.items():
            with contextlib.suppress(OSError, ValueError):
                signal.signal(sig, behandlung)


def _erste_abweichung(a: Any, b: Any, pfad: str = "") -> str:
    """Wo sich zwei JSON-Werte zuerst unterscheiden (``eintraege[3].gilt``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{pfad} (Felder oder ihre Reihenfolge)"
        for k in a:
            if json.dumps(a[k]) != json.dumps(b[k]):
                return _erste_abweichung(a[k], b[k], f"{pfad}.{k}" if pfad else str(k))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if json.dumps(x) != json.dumps(y):
                return _erste_abweichung(x, y, f"{pfad}[{i}]")
    return pfad or "Datei"


def _benannt(daten: JsonObjekt, stelle: str) -> tuple[str, str]:
    """``eintraege[3].gilt`` → (``Eintrag 7``, ``gilt``): die Stelle so, wie ein Mensch sie sucht."""
    m = re.match(r"(eintraege|abende|spieler|ereignisse)\[(\d+)\]\.?(.*)", stelle)
    if not m:
        return "Datei", stelle
    liste, i, rest = m.group(1), int(m.group(2)), m.group(3)
    wort = {
        "eintraege": "Eintrag",
        "abende": "Abend",
        "spieler": "Spieler",
        "ereignisse": "Ereignis",
    }[liste]
    try:
        nummer = daten[liste][i]["id"]
    except (KeyError, IndexError, TypeError):
        nummer = i + 1
    return f"{wort} {nummer}", rest or "Reihenfolge"


def _probe(daten: JsonObjekt, tmp: Path, auswerten: Auswerten) -> None:
    """In die temporäre Datenbank ``tmp`` importieren und prüfen, dass sie genau die Datei
    ergibt und sich auswerten lässt (``auswerten``; der Aufrufer räumt ``tmp`` auf)."""
    from referee.spiele import store_oeffnen

    with store_oeffnen(tmp) as s:
        s.importieren(daten)
        zurueck = s.export()
        # ohne den Stand (abgeleitet) und mit dem Schema dieser Version (Export 4 = 5)
        ohne_stand = {k: v for k, v in daten.items() if k != "stand"}
        ohne_stand["schema"] = zurueck["schema"]
        if json.dumps(zurueck, ensure_ascii=False) != json.dumps(ohne_stand, ensure_ascii=False):
            wo, stelle = _benannt(ohne_stand, _erste_abweichung(ohne_stand, zurueck))
            raise _fehler(
                wo,
                f"„{stelle}“ passt nicht zu den übrigen Angaben (so speichert referee es nicht; "
                "z. B. „gilt“ nach Storno/Korrektur, Reihenfolge oder Schreibweise).",
            )
    try:
        auswerten(tmp)
    except _Fehler:
        raise
    except Exception:
        raise _fehler(
            "Datei", "die Einträge lassen sich nicht auswerten (Stand, Verlauf oder Bericht)."
        ) from None


def importieren(
    daten: Any, ziel: Path, auswerten: Auswerten, *, dazu: bool = False
) -> dict[str, int]:
    """Den Export ``daten`` in die Datenbank ``ziel`` übernehmen – geprüft, alles oder nichts.

    ``auswerten(pfad)`` rechnet aus der Probedatei alles, was die lesenden Befehle zeigen
    (Stand, Verlauf, Statistik, Exportformate): das Buch gibt es mit (``Buch.importieren``),
    denn die Einfuhr steht unter dem Buch und kennt es nicht. Scheitert es, ist die Datei
    nicht auswertbar (``Eingabefehler``).

    ``ziel`` muss fehlen oder eine leere Datenbank sein (sonst ``Zustandsfehler``).
    Rückgabe: ``{"spieler": n, "abende": n, "eintraege": n}``. SIGTERM und SIGHUP brechen
    ab wie Strg-C (``KeyboardInterrupt``), ohne temporäre Dateien zu hinterlassen.

    ``dazu`` (``import --dazu``): ``ziel`` darf Daten haben; die Abende der Datei kommen nach
    ``referee.einfuhr.dazu`` dazu, und das ganze zusammengeführte Buch wird geprüft und
    nachgerechnet wie eine Datei (Turniere ebenso, ``referee.einfuhr.dazu_turniere``).
    Rückgabe dann zusätzlich ``abende_neu``, ``abende_ergaenzt``, ``abende_vorhanden``,
    ``eintraege_neu``, ``spieler_neu``, ``turniere_neu``, ``turniere_ergaenzt``,
    ``turniere_vorhanden``.

    Immer dabei: ``ohne_kennung`` – wie viele Abende und Turniere der Datei keine Kennung
    hatten (ein älterer Export) und eine neue bekamen; ``ohne_kennung_turniere`` davon die
    Turniere.
    """
    with _abbruch_bei_signal() as halt:
        return _importieren(daten, ziel, auswerten, halt, dazu)


def _importieren(
    daten: Any, ziel: Path, auswerten: Auswerten, halt: Callable[[], None], dazu: bool
) -> dict[str, int]:
    from referee.einfuhr.dazu import kennungen_ergaenzen
    from referee.spiele import store_oeffnen

    pruefe_export(daten)
    daten, ohne_abende, ohne_turniere = kennungen_ergaenzen(daten)
    ohne_kennung = {
        "ohne_kennung": ohne_abende + ohne_turniere,
        "ohne_kennung_turniere": ohne_turniere,
    }
    with store_oeffnen(ziel) as s:
        hat_daten = bool(s.existiert and (s.spieler_alle() or s.abende() or s.export_turniere()))
        alt = s.export() if hat_daten and dazu else None
        vorhanden = ziel.exists()
    if alt is not None:
        return _dazu(daten, alt, ziel, auswerten, halt) | ohne_kennung
    if hat_daten:
        raise Zustandsfehler(
            f"Die Datenbank {ziel} ist nicht leer; importiert wird nur in eine leere "
            "(andere Datei mit --db wählen) oder mit --dazu."
        )
    with _probeordner(ziel) as ordner:
        _einsetzen(daten, ziel, vorhanden, _temp_pfad(ordner), auswerten, halt)
    zahlen = {
        "spieler": len(daten["spieler"]),
        "abende": len(daten["abende"]),
        "eintraege": len(daten["eintraege"]),
        "turniere": len((daten.get("turniere") or {}).get("turniere") or []),
    } | ohne_kennung
    if dazu:  # in ein leeres Buch: alles ist neu
        zahlen |= {
            "abende_neu": zahlen["abende"],
            "abende_ergaenzt": 0,
            "abende_vorhanden": 0,
            "eintraege_neu": zahlen["eintraege"],
            "spieler_neu": zahlen["spieler"],
            "turniere_neu": zahlen["turniere"],
            "turniere_ergaenzt": 0,
            "turniere_vorhanden": 0,
        }
    return zahlen


@contextlib.contextmanager
def _probeordner(ziel: Path) -> Iterator[Path]:
    """Wo die Probe-Datenbank eines Imports liegt: neben dem Ziel (dort werden Reste getöteter
    Importe entfernt) – bei einem PostgreSQL-Buch, neben dem nichts liegt, ein eigener
    temporärer Ordner, der danach wieder verschwindet."""
    from referee.pfade import ist_pg

    if ist_pg(ziel):
        import shutil
        import tempfile

        ordner = Path(tempfile.mkdtemp(prefix="referee-import-"))
        try:
            yield ordner
        finally:
            shutil.rmtree(ordner, ignore_errors=True)
        return
    ordner = ziel.parent if str(ziel.parent) else Path(".")
    ordner.mkdir(parents=True, exist_ok=True)
    _reste_entfernen(ordner)
    yield ordner


def _einsetzen(
    daten: Any,
    ziel: Path,
    vorhanden: bool,
    tmp: Path,
    auswerten: Auswerten,
    halt: Callable[[], None],
) -> None:
    """Probeimport nach ``tmp``; dann die Probedatei als neues Buch einsetzen (fehlte ``ziel``)
    oder in das leere vorhandene Buch importieren (eine Transaktion)."""
    from referee.spiele import store_oeffnen

    try:
        _probe(daten, tmp, auswerten)
        halt()  # ein Signal während der Probe: nichts einsetzen, auch wenn es verloren ging
        eingesetzt = False
        if not vorhanden:
            try:
                os.link(tmp, ziel)  # atomar, und nie über eine inzwischen entstandene Datei
                eingesetzt = True
            except FileExistsError:
                pass
            except OSError:  # Dateisystem ohne harte Links
                if not ziel.exists():
                    os.replace(tmp, ziel)
                    eingesetzt = True
        if not eingesetzt:
            with store_oeffnen(ziel) as s:
                s.importieren(daten)
    finally:
        _entfernen(tmp)


def _dazu(
    daten: JsonObjekt,
    alt: JsonObjekt,
    ziel: Path,
    auswerten: Auswerten,
    halt: Callable[[], None],
) -> dict[str, int]:
    """``import --dazu`` in ein Buch mit Daten: zusammenführen, das Ganze prüfen und probehalber
    importieren, dann nur das Fehlende schreiben (eine Transaktion, danach gleich dem Ganzen)."""
    from referee.einfuhr.dazu import zusammenfuehren
    from referee.spiele import store_oeffnen

    z = zusammenfuehren(alt, daten)
    if not z.nichts_neu:
        pruefe_export(z.daten)
        with _probeordner(ziel) as ordner:
            tmp = _temp_pfad(ordner)
            try:
                _probe(z.daten, tmp, auswerten)
                halt()
                with store_oeffnen(ziel) as s:
                    s.importieren(z.daten, dazu=True)
            finally:
                _entfernen(tmp)
    return {
        "spieler": len(z.daten["spieler"]),
        "abende": len(z.daten["abende"]),
        "eintraege": len(z.daten["eintraege"]),
        "abende_neu": z.abende_neu,
        "abende_ergaenzt": z.abende_ergaenzt,
        "abende_vorhanden": z.abende_vorhanden,
        "eintraege_neu": z.eintraege_neu,
        "spieler_neu": z.spieler_neu,
        "turniere": len((z.daten.get("turniere") or {}).get("turniere") or []),
        "turniere_neu": z.turniere.neu,
        "turniere_ergaenzt": z.turniere.ergaenzt,
        "turniere_vorhanden": z.turniere.vorhanden,
    }
