"""Das Buch der Spielabende und Turniere: eine SQLite-Datenbank (sqlite-utils), nur anhängend.

Zwei Speicher über einer Datei und einem Transaktionshelfer (``referee.store.verbindung``):
``Abendspeicher`` (``oeffne``: Spieler, Abende, Ereignisse, Einträge, Export/Import) und
``Turnierspeicher`` (``oeffne_turniere``: Turniere, Teilnehmer, Auslosungen, Tischeinträge),
dazu ``Saisonspeicher`` (``oeffne_saisons``: Saisons, ihre Änderungen, Aliase der Namen).

Der Speicher kennt keine Spielregeln: er legt ab, was ``referee.buch`` ihm gibt – ein
typisiertes Ergebnis (``referee.ergebnis.Ergebnis``): seine JSON-Form (``als_json()``, die Spalte
``ergebnis``) und seine summierbaren Werte (``werte()``: ``{groesse: {name: wert}}``, z. B.
``cent``, ``siegpunkte``, ``platz1``, ``sieg``, ``partien``) – und gibt getypte Einträge zurück
(``Eintrag``, das Ergebnis mit ``ergebnis_aus`` gelesen, dem Spielkatalog ``referee.spiele``,
den man ihm beim Öffnen gibt) und getypte Summen (``Summen``). Benutzt wird er über
``referee.buch``; die Methoden hier sind dessen Unterbau::

    store = oeffne(pfad, ergebnis_aus=...)  # Pfad: oeffne(pfad) > $REFEREE_DB > Datenverz.
    store.existiert                      # gibt es schon Daten? (Lesen legt nie eine Datei an)
    store.datenversion()                 # PRAGMA data_version: ändert sich bei fremden Commits
    store.abend(None | id), store.aktueller_abend(), store.abende(), store.abende_waehlen(…)
    store.abend_neu([...], ort=…, datum=…, tarif={…}, hausregeln={…}, neu=(), geber=None)
    store.abend_beenden(None | id)
    e = store.eintragen(ergebnis, eingabe, abend_id=None)   # -> Eintrag (ergebnis getypt)
    store.korrektur(17, ergebnis, eingabe)   # Korrektur-Eintrag ersetzt 17
    store.rueckgaengig(eintrag_id=None)  # Storno des letzten geltenden Eintrags (oder von id)
    store.eintrag(17), store.eintraege(abend_id, alle=False, spiel=None)
    store.spielreihenfolge(3)            # {korrektur_id: original_id}: Korrektur am Platz des Originals
    store.summen(abend_id), store.partien_je_spiel(abend_id)    # Summen je spiel/groesse/name
    store.werte_in_spielfolge(3, spiel, groesse)        # Werte je Eintrag in Spielfolge
    store.export(abend_id) / store.importieren(daten)   # JSON-Rundreise (nur in leere Datei)

Fehler: ``Eingabefehler`` (Exit 2: unbekannter Spieler, unbrauchbares Ergebnis),
``Zustandsfehler`` (Exit 2: kein offener Abend, Abend beendet, schon storniert, Datei nicht
leer), ``KeineDaten`` (ein ``Zustandsfehler``: nichts Passendes da), ``SpeicherFehler``
(Exit 2: keine/fremde/neuere Datenbank, Sperre). Bei jedem Fehler bleibt die Datei
unverändert (alles in einer Transaktion, Prüfungen vor dem Schreiben).

Summen werden nie gespeichert, immer aus den geltenden Werten abgeleitet (ein indiziertes
SQL-Aggregat). Einträge werden nie geändert oder gelöscht (Trigger verbieten es): ein Storno
(``art = 'storno'``) oder eine Korrektur (``art = 'korrektur'``) verweist mit ``bezug`` auf
den Eintrag, den es aufhebt; ein Trigger setzt dabei das abgeleitete Merkmal ``gilt`` des
alten Eintrags und seiner Werte auf 0. Wird eine Korrektur storniert, gilt das Ersetzte
wieder (Schema 3).

Verbindung: ``verbinde()`` ist die einzige Stelle, die eine Verbindung öffnet
(``foreign_keys=ON``, WAL, ``busy_timeout``); jede schreibende Einheit läuft in
``BEGIN IMMEDIATE … COMMIT`` (``Verbindung.schreiben``), bei Fehlern ROLLBACK. Die Datei entsteht
erst beim ersten Schreiben; lesende Befehle legen nichts an. Schemaversionen mit
``sqlite_utils.Migrations`` (``PRAGMA user_version`` = Zahl der angewandten Migrationen).
Die Migration auf Schema 2 leitet Werte aus alten Ergebnissen ab: auch dafür liest er sie mit
``ergebnis_aus``. sqlite3 und sqlite-utils
werden erst in den Funktionen importiert (Startzeit der CLI).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from referee.ergebnis import Eintrag, Summen
from referee.pfade import db_pfad
from referee.store.austausch import Austausch
from referee.store.datei import angelegte_leere_entfernen
from referee.store.daten import (
    ARTEN,
    EREIGNIS_ARTEN,
    EXPORT_FORMAT,
    EXPORT_SCHEMA_AB,
    SCHEMA_AKTUELL,
    Abend,
    Ereignis,
    ErgebnisAus,
    KeineDaten,
    Spieler,
    Wiederholt,
    aufgehoben_durch,
)
from referee.store.saison import Saisonspeicher
from referee.store.schema import migrationen
from referee.store.turnier import Turnierspeicher
from referee.store.verbindung import Verbindung, verbinde

if TYPE_CHECKING:
    from referee.turnier.daten import TischergebnisAus


class Abendspeicher(Austausch):
    """Der Speicher der Abende einer Buchdatei: Spieler, Abende, Ereignisse, Einträge (getypt),
    Summen, Export und Import. Lesen ohne Datei liefert „leer“."""


def oeffne(
    pfad: str | os.PathLike[str] | None = None, *, ergebnis_aus: ErgebnisAus | None = None
) -> Abendspeicher:
    """Den Speicher der Abende öffnen. Legt nichts an: die Datei entsteht beim ersten Schreiben.

    ``ergebnis_aus`` (der Spielkatalog, ``referee.spiele``) liest gespeicherte Ergebnisse in die
    Datenklassen ihrer Spiele: für jeden gelesenen Eintrag und die Migration alter Dateien.
    Ohne ihn gehen Abende und Ereignisse, aber keine Einträge.

    Wirft ``SpeicherFehler``, wenn am Pfad keine (referee-)SQLite-Datenbank liegt oder sie
    von einer neueren Version stammt – die Datei bleibt dann unverändert.
    """
    v = Verbindung(db_pfad(pfad), ergebnis_aus=ergebnis_aus)
    return Abendspeicher(v, ergebnis_aus)


def oeffne_turniere(
    pfad: str | os.PathLike[str] | None = None,
    *,
    ergebnis_aus: ErgebnisAus | None = None,
    tischergebnis_aus: TischergebnisAus | None = None,
) -> Turnierspeicher:
    """Den Speicher der Turniere öffnen (dieselbe Datei wie die Abende). ``tischergebnis_aus``
    liest die Ergebnisse der Tischeinträge getypt (``referee.turnier.spiel``);
    ``ergebnis_aus`` wie bei ``oeffne`` (für die Migration alter Dateien)."""
    v = Verbindung(db_pfad(pfad), ergebnis_aus=ergebnis_aus)
    return Turnierspeicher(v, tischergebnis_aus)


def oeffne_saisons(verbindung: Verbindung) -> Saisonspeicher:
    """Den Speicher der Saisons über einer schon offenen Verbindung (etwa der des Speichers der
    Abende: ``oeffne_saisons(abende.verbindung)``) – dieselbe Datei, eine Verbindung."""
    return Saisonspeicher(verbindung)


__all__ = [
    "ARTEN",
    "EREIGNIS_ARTEN",
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA_AB",
    "SCHEMA_AKTUELL",
    "Abend",
    "Abendspeicher",
    "Eintrag",
    "Ereignis",
    "ErgebnisAus",
    "KeineDaten",
    "Saisonspeicher",
    "Spieler",
    "Summen",
    "Turnierspeicher",
    "Verbindung",
    "Wiederholt",
    "angelegte_leere_entfernen",
    "aufgehoben_durch",
    "db_pfad",
    "migrationen",
    "oeffne",
    "oeffne_saisons",
    "oeffne_turniere",
    "verbinde",
]
