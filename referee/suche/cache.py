"""Der Index über Regeltexte und Konventionen – einmal gebaut, danach aus einer Datei geladen.

``index()`` sucht der Reihe nach im Benutzer-Cache (``~/.cache/referee/``), im mitgelieferten
Index des Wheels (``data/suchindex.bin``, ``hatch_build.py``) und baut sonst einmal im Speicher
(einige Sekunden) und legt das Ergebnis im Benutzer-Cache ab. Beide Dateien sind nur Daten
(``marshal``, kein Code), geschlüsselt mit einer Prüfsumme über Korpus, Daten und den Code
dieses Pakets (``_korpus_schluessel``).

Dazu die mitgelieferten Daten, aus denen der Index lernt: die Beispielfragen
(``data/beispielfragen.json``) und ihr gelerntes Profil (``data/beispielprofil.txt``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from referee.regeltexte import SPIELE, Abschnitt, abschnitte, konventionen
from referee.suche.suchindex import Suchindex
from referee.suche.woerterbuch import vorrat, vorrat_setzen
from referee.suche.wortindex import profile_lernen

#: Format des zwischengespeicherten Index (bei Änderung des Zustands hochzählen).
_CACHE_FORMAT = 16


def _korpus_schluessel() -> str:
    """Prüfsumme über alles, woraus der Index entsteht: Regeltexte, Daten, der Code dieses
    Pakets (jedes Modul von ``referee.suche``).

    CRC-32 (``zlib``, schnell importiert) und Länge genügen: Es geht nur darum, einen
    veralteten Cache zu erkennen, nicht um Schutz gegen Absicht. Vom gelernten Profil
    (``data/beispielprofil.txt``, 1,5 MB) zählt nur der Kopf: seine Prüfsumme über die
    Beispielfragen und die Lern-Zahlen ändert sich mit allem, woraus es gelernt ist – den Rest
    bei jedem Start zu lesen kostete Millisekunden.
    """
    import zlib

    from referee.resources import datei, verzeichnis

    pruef = zlib.crc32(str(_CACHE_FORMAT).encode())
    laenge = 0
    regeln = verzeichnis("rules_de")
    for pfad in (
        *(regeln / f"{s}.md" for s in SPIELE),
        datei("konventionen.md"),
        datei("synonyme.json"),
        datei("stoppwoerter.txt"),
        datei("beispielfragen.json"),
        *sorted(Path(__file__).parent.glob("*.py")),
    ):
        inhalt = pfad.read_bytes()
        pruef = zlib.crc32(inhalt, pruef)
        laenge += len(inhalt)
    kopf = _profilkopf(datei("beispielprofil.txt"))
    return f"{zlib.crc32(kopf, pruef):08x}{laenge + len(kopf):x}"


def _profilkopf(pfad: Path) -> bytes:
    """Die Kopfzeilen (``#``) des gelernten Profils, mit Prüfsumme und Grundwert der Art."""
    try:
        with open(pfad, "rb") as f:
            anfang = f.read(1024)
    except OSError:
        return b""
    kopf = []
    for zeile in anfang.split(b"\n"):
        if not zeile.startswith(b"#"):
            break
        kopf.append(zeile)
    return b"\n".join(kopf)


def _cache_pfad(schluessel: str) -> Path:
    """``~/.cache/referee/`` (XDG) unter Linux ohne platformdirs zu laden, sonst platformdirs."""
    import sys

    if sys.platform.startswith("linux"):
        basis = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        ordner = Path(basis) / "referee"
    else:
        import platformdirs

        ordner = platformdirs.user_cache_path("referee", appauthor=False)
    return ordner / f"suchindex-{schluessel}.bin"


#: Der mitgelieferte Index in ``data/`` – nur im gebauten Wheel (``hatch_build.py``).
MITGELIEFERTER_INDEX = "suchindex.bin"


def _mitgelieferter_index() -> Path:
    """Pfad des mitgelieferten Index (``referee/data/suchindex.bin`` im installierten Paket;
    im Quellbaum gibt es ihn nicht)."""
    from referee.resources import datei

    return datei(MITGELIEFERTER_INDEX)


def _kopfzeile(schluessel: str) -> bytes:
    """Erste Zeile einer Indexdatei: Kennung, Format und Korpus-Schlüssel (ASCII).

    Danach folgt der Zustand (``marshal``, nur Daten: Wörterbücher, Listen, Tupel, Zeichenketten,
    Zahlen – über CPython-3-Versionen hinweg lesbar). Passt die Zeile nicht, bleibt der Rest
    ungelesen.
    """
    return f"referee-suchindex {_CACHE_FORMAT} {schluessel}\n".encode("ascii")


def _korpus_liste() -> list[Abschnitt]:
    """Regelabschnitte und Konventionen: alles, worüber der Index sucht."""
    return [*abschnitte(), *(k.als_abschnitt() for k in konventionen())]


def _index_lesen(pfad: Path, schluessel: str, liste: Sequence[Abschnitt]) -> Suchindex | None:
    """Der Index aus einer Datei von ``_index_schreiben``; None, wenn sie fehlt, unlesbar oder
    kaputt ist oder zu einem anderen Korpus (Schlüssel) oder Format gehört."""
    import gc
    import marshal
    import mmap

    kopf = _kopfzeile(schluessel)
    # Der Zustand sind Zehntausende kleiner Objekte ohne Zyklen, die bis zum Ende des
    # Prozesses leben: die Speicherbereinigung liefe beim Laden umsonst (halbiert die
    # Ladezeit), und ``gc.freeze`` nimmt sie aus allen späteren Läufen, auch dem beim Beenden.
    an = gc.isenabled()
    gc.disable()
    try:
        with open(pfad, "rb") as f:
            if f.readline(len(kopf)) != kopf:
                return None
            # aus der eingeblendeten Datei statt über eine Kopie: 3 MB frischen Speicher
            # anzulegen und zu füllen kostete jeden Start einige Millisekunden
            with (
                mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as karte,
                memoryview(karte) as ganz,
                ganz[len(kopf) :] as rest,
            ):
                zustand, listen = marshal.loads(rest)
        ix = Suchindex.aus_zustand(liste, zustand)
        vorrat_setzen(listen)  # die gefalteten Wortlisten derselben Dateien
        gc.freeze()
        return ix
    except (OSError, ValueError, EOFError, TypeError, KeyError, IndexError):
        return None
    finally:
        if an:
            gc.enable()


def _index_schreiben(ix: Suchindex, pfad: Path, schluessel: str) -> None:
    """``ix`` nach ``pfad`` (Kopfzeile, dann ``marshal`` des Zustands und der gefalteten
    Wortlisten aus ``woerterbuch``), über eine temporäre Datei daneben:
    ein gleichzeitig startender Prozess liest nie eine halbe Datei. ``OSError``, wenn der Ordner
    nicht anzulegen oder nicht schreibbar ist."""
    import marshal

    pfad.parent.mkdir(parents=True, exist_ok=True)
    neu = pfad.with_name(f"{pfad.name}.{os.getpid()}.tmp")
    try:
        with open(neu, "wb") as f:
            f.write(_kopfzeile(schluessel))
            f.write(marshal.dumps((ix.zustand(), vorrat())))
        os.replace(neu, pfad)
    finally:
        neu.unlink(missing_ok=True)


def index_bauen(liste: Sequence[Abschnitt] | None = None) -> Suchindex:
    """Den Index neu bauen (einige Sekunden), ohne Cache: samt Beispielfragen, Profilen und
    vorberechneten Nachbarn, also genau das, was ``index`` speichert und lädt."""
    if liste is None:
        liste = _korpus_liste()
    ix = Suchindex(liste, beispielfragen(), vorgelernt=beispielprofil())
    ix.nachbarn_berechnen()
    return ix


def mitgelieferten_index_schreiben(ziel: Path) -> str:
    """Den Index aus dem Korpus dieser Installation bauen und als mitgelieferten Index nach
    ``ziel`` schreiben (für ``hatch_build.py``); gibt den Korpus-Schlüssel zurück."""
    schluessel = _korpus_schluessel()
    _index_schreiben(index_bauen(), ziel, schluessel)
    return schluessel


@cache
def index() -> Suchindex:
    """Der Index über Regeltexte und Konventionen (gleiche idf für beide).

    Gesucht wird der Reihe nach: im Benutzer-Cache (``~/.cache/referee/``); im mitgelieferten
    Index des Wheels (``data/suchindex.bin``), wenn sein Schlüssel zum Korpus passt; sonst wird
    einmal im Speicher gebaut und versucht, das Ergebnis im Benutzer-Cache abzulegen. Ist der
    Cache nicht schreibbar, bleibt das still; je Prozess wird höchstens einmal gebaut
    (``@cache``). Beide Dateien sind nur Daten (``marshal``, kein Code), geschlüsselt mit einer
    Prüfsumme über Korpus und Code (``_korpus_schluessel``).
    """
    liste = _korpus_liste()
    schluessel = _korpus_schluessel()
    cache_pfad: Path | None
    try:
        cache_pfad = _cache_pfad(schluessel)
    except (OSError, RuntimeError, ValueError):
        cache_pfad = None  # kein Heimatverzeichnis bestimmbar: ohne Benutzer-Cache
    for pfad in (cache_pfad, _mitgelieferter_index()):
        if pfad is not None and (ix := _index_lesen(pfad, schluessel, liste)) is not None:
            return ix
    ix = index_bauen(liste)
    if cache_pfad is not None:
        try:
            _index_schreiben(ix, cache_pfad, schluessel)
            for alt in cache_pfad.parent.glob("suchindex-*.bin"):
                if alt != cache_pfad:
                    alt.unlink(missing_ok=True)
        except (OSError, ValueError):
            pass  # Cache nicht schreibbar: dieser Prozess sucht im gebauten Index
    return ix


def beispielfragen() -> list[tuple[str, str]]:
    """``(frage, id)`` aus ``data/beispielfragen.json``: so fragen Spieler nach diesem Abschnitt."""
    from referee.resources import lade_json

    daten = lade_json("beispielfragen.json")["beispiele"]
    return [(frage, ziel) for ziel, fragen in daten.items() for frage in fragen]


def beispielprofil() -> str | None:
    """``data/beispielprofil.txt``: die aus den Beispielfragen gelernten Profile (oder None)."""
    from referee.resources import datei

    try:
        return datei("beispielprofil.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def beispielprofil_lernen() -> tuple[str, str]:
    """Die Profile aus den mitgelieferten Beispielfragen neu lernen (einige Sekunden):
    ``(text für data/beispielprofil.txt, prüfsumme)``."""
    profile = profile_lernen(_korpus_liste(), beispielfragen())
    return profile.als_text(), profile.pruefsumme
