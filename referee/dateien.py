"""Dateien, die der Benutzer nennt, begrenzt lesen – und Betriebssystemfehler auf Deutsch.

Gelesen werden nur gewöhnliche Dateien oder ``-`` (stdin), höchstens ``HOECHSTENS_BYTES``
(50 MB). Eine FIFO, ein Gerät wie ``/dev/zero`` oder ein Verzeichnis wird abgewiesen, bevor
etwas gelesen wird (geöffnet wird mit ``O_NONBLOCK``, damit eine FIFO ohne Schreiber nicht
hängt). Jeder ``OSError`` wird zu einem ``Eingabefehler`` mit einer deutschen Zeile.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from referee.errors import Eingabefehler

#: Größte Datei, die referee liest (Import, Partien): 50 MB.
HOECHSTENS_BYTES = 50 * 1024 * 1024

_GRUND = {
    errno.ENOENT: "gibt es nicht",
    errno.EACCES: "darf nicht benutzt werden (keine Berechtigung)",
    errno.EPERM: "darf nicht benutzt werden (keine Berechtigung)",
    errno.ENAMETOOLONG: "hat einen zu langen Namen",
    errno.EISDIR: "ist ein Verzeichnis, keine Datei",
    errno.ENOTDIR: "liegt nicht in einem Verzeichnis (ein Teil des Pfads ist eine Datei)",
    errno.EROFS: "liegt auf einem schreibgeschützten Dateisystem",
    errno.ENOSPC: "kann nicht geschrieben werden: kein Platz mehr auf dem Datenträger",
    errno.EDQUOT: "kann nicht geschrieben werden: Kontingent erschöpft",
    errno.ELOOP: "ist eine Kette symbolischer Links ohne Ende",
    errno.ENXIO: "ist kein gewöhnliches Ziel (Gerät oder FIFO ohne Gegenstelle)",
    errno.ETXTBSY: "wird gerade benutzt",
    errno.EEXIST: "gibt es schon",
    errno.EIO: "kann wegen eines Ein-/Ausgabefehlers nicht benutzt werden",
}


def os_meldung(exc: OSError, pfad: object = None) -> str:
    """Eine deutsche Zeile für einen Betriebssystemfehler, mit dem Pfad, um den es geht."""
    from referee.text import zeigbar

    ziel = pfad if pfad is not None else (exc.filename if exc.filename is not None else None)
    grund = _GRUND.get(exc.errno or 0)
    if grund is None:
        grund = f"kann nicht benutzt werden (Systemfehler {exc.errno or '?'})"
    if ziel is None:
        return f"Eine Datei {grund}."
    return f"„{zeigbar(os.fsdecode(ziel) if isinstance(ziel, bytes) else str(ziel), 120)}“ {grund}."


def ist_gewoehnlich(modus: int) -> bool:
    """Nur gewöhnliche Dateien werden gelesen (keine FIFO, kein Gerät, kein Verzeichnis)."""
    return stat.S_ISREG(modus)


def _keine_datei(pfad: str, modus: int) -> Eingabefehler:
    art = (
        "ein Verzeichnis"
        if stat.S_ISDIR(modus)
        else "eine FIFO"
        if stat.S_ISFIFO(modus)
        else "ein Gerät"
        if stat.S_ISCHR(modus) or stat.S_ISBLK(modus)
        else "ein Socket"
        if stat.S_ISSOCK(modus)
        else "keine gewöhnliche Datei"
    )
    from referee.text import zeigbar

    return Eingabefehler(f"„{zeigbar(pfad, 120)}“ ist {art}; gelesen werden nur Dateien oder -.")


def oeffne_lesend(pfad: str) -> int:
    """Einen Dateideskriptor einer gewöhnlichen Datei (sonst ``Eingabefehler``), ohne zu hängen."""
    try:
        fd = os.open(pfad, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise Eingabefehler(os_meldung(exc, pfad)) from None
    try:
        st = os.fstat(fd)
        if not ist_gewoehnlich(st.st_mode):
            raise _keine_datei(pfad, st.st_mode)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _zu_gross(pfad: str) -> Eingabefehler:
    return Eingabefehler(
        f"„{pfad}“ ist größer als {HOECHSTENS_BYTES // (1024 * 1024)} MB; so große Dateien "
        "liest referee nicht."
    )


def lies_bytes(pfad: str) -> bytes:
    """Den Inhalt einer Datei (oder von stdin bei ``-``), höchstens ``HOECHSTENS_BYTES``."""
    if pfad == "-":
        quelle = getattr(sys.stdin, "buffer", None)
        if quelle is None:  # stdin ohne Bytes (z. B. in Tests): Text lesen
            text = sys.stdin.read(HOECHSTENS_BYTES + 1)
            daten = text.encode("utf-8", "surrogatepass")
        else:
            daten = quelle.read(HOECHSTENS_BYTES + 1)
        if len(daten) > HOECHSTENS_BYTES:
            raise _zu_gross("stdin")
        return daten
    fd = oeffne_lesend(pfad)
    try:
        if os.fstat(fd).st_size > HOECHSTENS_BYTES:
            raise _zu_gross(pfad)
        teile = []
        gelesen = 0
        while gelesen <= HOECHSTENS_BYTES:
            stueck = os.read(fd, min(1 << 20, HOECHSTENS_BYTES + 1 - gelesen))
            if not stueck:
                break
            teile.append(stueck)
            gelesen += len(stueck)
        if gelesen > HOECHSTENS_BYTES:
            raise _zu_gross(pfad)
        return b"".join(teile)
    except OSError as exc:
        raise Eingabefehler(os_meldung(exc, pfad)) from None
    finally:
        os.close(fd)


def lies_text(pfad: str) -> str:
    """Wie ``lies_bytes``, als UTF-8-Text (ein BOM am Anfang wird übergangen)."""
    daten = lies_bytes(pfad)
    try:
        return daten.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        name = "stdin" if pfad == "-" else pfad
        raise Eingabefehler(
            f"„{name}“ ist kein UTF-8-Text (ungültiges Byte an Stelle {exc.start})."
        ) from None


def pruefe_ziel(ziel: Path, ueberschreiben: bool, wer: str = "-o") -> Path:
    """Darf nach ``ziel`` geschrieben werden (``wer`` braucht einen Dateinamen)? Ein
    Verzeichnis, ein Gerät, eine vorhandene Datei ohne ``ueberschreiben``, ein fehlendes
    Verzeichnis: ``Eingabefehler``. Gibt das Verzeichnis zurück, in das geschrieben wird."""
    if ziel.is_dir():
        raise Eingabefehler(f"{ziel} ist ein Verzeichnis; {wer} braucht einen Dateinamen.")
    if ziel.exists() and not ziel.is_file():  # nie ein Gerät oder eine FIFO ersetzen
        raise Eingabefehler(f"{ziel} ist keine gewöhnliche Datei; {wer} braucht einen Dateinamen.")
    if ziel.exists() and not ueberschreiben:
        raise Eingabefehler(f"Die Datei {ziel} gibt es schon; mit --force wird sie überschrieben.")
    ordner = ziel.parent if str(ziel.parent) else Path(".")
    if not ordner.is_dir():
        raise Eingabefehler(f"Das Verzeichnis {ordner} gibt es nicht.")
    return ordner


def schreibe_atomar(ziel: Path, inhalt: str | bytes, ueberschreiben: bool) -> None:
    """Inhalt (Text als UTF-8 oder Bytes, z. B. eine PDF) in eine temporäre Datei im selben
    Verzeichnis, dann umbenennen – ``-o DATEI`` von ``export`` und ``turnier``.

    Ohne ``ueberschreiben`` wird eine vorhandene Datei nie ersetzt (auch nicht, wenn sie
    zwischen Prüfung und Umbenennen entsteht: ``os.link`` schlägt dann fehl).
    """
    import tempfile

    ziel = Path(ziel)
    ordner = pruefe_ziel(ziel, ueberschreiben)
    fd, tmp = tempfile.mkstemp(dir=ordner, prefix=f".{ziel.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(inhalt.encode("utf-8") if isinstance(inhalt, str) else inhalt)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644 & ~_umask())
        if ueberschreiben:
            os.replace(tmp, ziel)
        else:
            try:
                os.link(tmp, ziel)
            except FileExistsError:
                raise Eingabefehler(
                    f"Die Datei {ziel} gibt es schon; mit --force wird sie überschrieben."
                ) from None
            except OSError:  # Dateisystem ohne harte Links
                if ziel.exists():
                    raise Eingabefehler(
                        f"Die Datei {ziel} gibt es schon; mit --force wird sie überschrieben."
                    ) from None
                os.replace(tmp, ziel)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _umask() -> int:
    alt = os.umask(0)
    os.umask(alt)
    return alt
