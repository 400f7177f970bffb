"""Die Antworten des Buchs: eingefrorene Datenklassen, jede mit ``als_json()``.

``als_json()`` gibt genau das dict, das ``referee … --json`` druckt (und die Live-Seite
ausliefert). Nur Standardbibliothek; ``Abend`` und ``Eintrag`` kommen aus ``referee.store``,
werden hier aber nur als Typen genannt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.buch.stand import Stand

if TYPE_CHECKING:
    from referee.bericht.ausgleich import Ueberweisung

if TYPE_CHECKING:
    from referee.bericht.kennzahlen import Kennzahlen, SpielerKennzahlen
    from referee.ergebnis import Ergebnis
    from referee.sabai.runde import Spielstand
    from referee.schafkopf.tisch import Geberfolge
    from referee.store import Abend, Eintrag, Ereignis
    from referee.store.sicherung import Gesichert


def ueberweisungen_aus(daten: Mapping[str, Any]) -> tuple[Ueberweisung, ...]:
    """Die Überweisungen eines gespeicherten ``bezahlt``-Ereignisses (JSON aus dem Speicher)."""
    from referee.bericht.ausgleich import Ueberweisung

    return tuple(
        Ueberweisung(str(u["von"]), str(u["an"]), int(u["cent"]))
        for u in daten.get("ueberweisungen") or ()
    )


@dataclass(frozen=True)
class AbendAnsicht:
    """``referee abend``: der Abend (Tarif und Hausregeln, wie sie jetzt gelten), wer als
    Nächstes gibt, der Stand; dazu die Ereignisse (Regeländerungen, bezahlt, Ende, wieder
    geöffnet) und die Konventionen, nach denen der Abend rechnet (je einmal)."""

    abend: Abend
    geber: Geberfolge
    stand: Stand
    ereignisse: tuple[Ereignis, ...] = ()
    konventionen: tuple[str, ...] = ()

    def als_json(self) -> dict[str, Any]:
        return {
            "abend": self.abend.als_json(),
            "geber": self.geber.als_json(),
            "stand": self.stand.als_json(),
            "ereignisse": [e.als_json() for e in self.ereignisse],
            "konventionen": list(self.konventionen),
        }


@dataclass(frozen=True)
class RegelGeaendert:
    """``referee abend regel``: Hausregeln/Preise gelten ab dem nächsten Eintrag."""

    ereignis: Ereignis
    abend: Abend
    gesetzt: Mapping[str, Any] = field(hash=False)  # Schlüssel → neuer Wert (Tarif-Form)
    vorher: Mapping[str, Any] = field(hash=False)  # Schlüssel → alter Wert

    def als_json(self) -> dict[str, Any]:
        return {
            "ereignis": self.ereignis.id,
            "abend": self.abend.id,
            "gesetzt": dict(self.gesetzt),
            "vorher": dict(self.vorher),
            "ab_eintrag_nach": self.ereignis.nach_eintrag,
            "hausregeln": dict(self.abend.hausregeln),
            "tarif": dict(self.abend.tarif),
        }


@dataclass(frozen=True)
class Bezahlt:
    """``referee abend bezahlt``: die Überweisungen des Abends sind beglichen."""

    ereignis: Ereignis
    abend: Abend
    stand: Stand

    @property
    def ueberweisungen(self) -> tuple[Ueberweisung, ...]:
        """Was beglichen wurde (aus dem gespeicherten Ereignis)."""
        return ueberweisungen_aus(self.ereignis.daten)

    def als_json(self) -> dict[str, Any]:
        return {
            "ereignis": self.ereignis.id,
            "abend": self.abend.id,
            "bezahlt": dict(self.ereignis.daten.get("cent") or {}),
            "ueberweisungen": [u.als_json() for u in self.ueberweisungen],
            "stand": self.stand.als_json(),
        }


@dataclass(frozen=True)
class AbendWieder:
    """``referee abend wieder N``: ein beendeter Abend ist wieder offen."""

    abend: Abend
    ereignis: Ereignis
    stand: Stand

    def als_json(self) -> dict[str, Any]:
        return {
            "abend": self.abend.als_json(),
            "ereignis": self.ereignis.id,
            "stand": self.stand.als_json(),
        }


@dataclass(frozen=True)
class EreignisRueckgaengig:
    """``referee rueckgaengig``, wenn zuletzt eine Regeländerung oder ``bezahlt`` kam: deren
    Storno (das Ereignis bleibt sichtbar)."""

    storno: Ereignis
    storniert: Ereignis
    stand: Stand

    def als_json(self) -> dict[str, Any]:
        return {
            "ereignis_storno": self.storno.als_json(),
            "ereignis_storniert": self.storniert.als_json(),
            "stand": self.stand.als_json(),
        }


@dataclass(frozen=True)
class AbendNeu:
    """``referee abend neu``: der neue Abend und wer dabei neu angelegt wurde."""

    abend: Abend
    neu_angelegt: tuple[str, ...]
    geber: Geberfolge
    stand: Stand

    def als_json(self) -> dict[str, Any]:
        return {
            "abend": self.abend.als_json(),
            "geber": self.geber.als_json(),
            "neu_angelegt": list(self.neu_angelegt),
        }


@dataclass(frozen=True)
class AbendEnde:
    """``referee abend ende``: der geschlossene Abend und sein Endstand."""

    abend: Abend
    stand: Stand

    def als_json(self) -> dict[str, Any]:
        return {"abend": self.abend.als_json(), "stand": self.stand.als_json()}


@dataclass(frozen=True)
class AbendListe:
    """``referee abend liste``: alle Abende, älteste zuerst, mit der Zahl geltender Einträge."""

    abende: tuple[Abend, ...]
    eintraege: Mapping[int, int] = field(hash=False)

    def als_json(self) -> list[dict[str, Any]]:
        return [dict(a.als_json(), eintraege=self.eintraege.get(a.id, 0)) for a in self.abende]


@dataclass(frozen=True)
class Namen:
    """Die Spielernamen des Buchs: die des offenen Abends und alle bekannten (für Füllwörter
    in ``frage``, Vervollständigung); leer, wenn es noch kein Buch gibt."""

    am_tisch: tuple[str, ...]
    bekannt: tuple[str, ...]

    def als_json(self) -> dict[str, Any]:
        return {"am_tisch": list(self.am_tisch), "bekannt": list(self.bekannt)}


@dataclass(frozen=True)
class Vorschau:
    """Was ein Eintrag (oder die Korrektur von ``ersetzt``) ergäbe; nichts geschrieben.
    ``doppelt``: ein gleicher Eintrag der letzten Minuten (zwei Handys, ein Spiel)."""

    ergebnis: Ergebnis
    abend: Abend
    doppelt: Eintrag | None = None
    ersetzt: Eintrag | None = None

    def als_json(self) -> dict[str, Any]:
        """``{"spiel", "zeile", "werte", "erklaerung", "ergebnis", "doppelt", "ersetzt"}`` –
        ``werte`` wie im Stand (Schafkopf: ``cent`` je Spieler), ``erklaerung`` nur beim
        Schafkopf."""
        erg = self.ergebnis
        erklaerung = getattr(erg, "erklaerung_nach", None)
        return {
            "spiel": erg.spiel,
            "zeile": erg.zeile(),
            "werte": {g: dict(je) for g, je in erg.werte().items()},
            "erklaerung": erklaerung(self.abend.tarif) if erklaerung else None,
            "ergebnis": erg.als_json(),
            "doppelt": None if self.doppelt is None else self.doppelt.id,
            "ersetzt": None if self.ersetzt is None else self.ersetzt.id,
        }


@dataclass(frozen=True)
class Eingetragen:
    """Ein neuer Eintrag (oder eine Korrektur: ``ersetzt``) mit dem Stand danach."""

    eintrag: Eintrag
    abend: Abend
    ergebnis: Ergebnis
    stand: Stand
    ersetzt: Eintrag | None = None
    geber: Geberfolge | None = None  # Schafkopf, Abend offen: das nächste Spiel
    sabai_spiel: Spielstand | None = None  # sabai: der Spielstand des laufenden Spiels
    #: Korrektur: was sich gegenüber dem Ersetzten ändert, ``{groesse: {name: differenz}}``
    #: (nur Änderungen ≠ 0; Schafkopf ``cent``, sabai ``siegpunkte`` …)
    aenderung: Mapping[str, Mapping[str, int]] | None = field(default=None, hash=False)
    #: Konventionen dieses Eintrags, die an diesem Abend noch nicht genannt wurden
    konventionen_neu: tuple[str, ...] = ()
    wiederholt: bool = False  # derselbe Schlüssel schon einmal: nichts neu geschrieben

    def als_json(self) -> dict[str, Any]:
        """``{"eintrag", "abend", "spiel", "ergebnis", "stand"}`` – ``stand`` ist der Teil des
        Spiels (Schafkopf: Cent je Spieler); dazu ``ersetzt`` bei einer Korrektur, ``geber``
        beim Schafkopf, ``spielstand`` bei sabai."""
        spiel = self.eintrag.spiel
        d: dict[str, Any] = {
            "eintrag": self.eintrag.id,
            "abend": self.abend.id,
            "spiel": spiel,
            "ergebnis": self.ergebnis.als_json(),
            "stand": self.stand.teil(spiel),
        }
        if self.ersetzt is not None:
            d["ersetzt"] = self.ersetzt.id
        if self.geber is not None:
            d["geber"] = self.geber.als_json()
        if self.sabai_spiel is not None:
            d["spielstand"] = self.sabai_spiel.als_json()
        if self.aenderung is not None:
            d["aenderung"] = {g: dict(je) for g, je in self.aenderung.items()}
        d["konventionen_neu"] = list(self.konventionen_neu)
        return d


@dataclass(frozen=True)
class Rueckgaengig:
    """``referee rueckgaengig``: der Storno, der stornierte Eintrag, was wieder gilt, der Stand."""

    storno: Eintrag
    storniert: Eintrag
    stand: Stand
    wieder: Eintrag | None = None  # Storno einer Korrektur: das Original gilt wieder
    wiederholt: bool = False  # derselbe Schlüssel schon einmal: nichts neu geschrieben

    def als_json(self) -> dict[str, Any]:
        return {
            "storno": self.storno.als_json(),
            "storniert": self.storniert.als_json(),
            "wieder": None if self.wieder is None else self.wieder.id,
            "stand": self.stand.als_json(),
        }


@dataclass(frozen=True)
class Verlauf:
    """``referee verlauf``: die geltenden Einträge in Spielfolge (eine Korrektur am Platz des
    Originals) oder mit ``--alle`` das ganze Protokoll in der Reihenfolge des Schreibens.

    ``aufgehoben``: für jeden nicht mehr geltenden Eintrag der Storno oder die Korrektur,
    die ihn aufhebt."""

    abend: Abend
    eintraege: tuple[Eintrag, ...]
    aufgehoben: Mapping[int, Eintrag] = field(hash=False)
    #: Regeländerungen, bezahlt, Ende, wieder geöffnet (mit ``--alle`` auch Stornos);
    #: ``nach_eintrag`` sagt, nach welchem Eintrag sie kamen
    ereignisse: tuple[Ereignis, ...] = ()
    #: ``{korrektur_id: id des ursprünglichen Eintrags}`` (``Abendspeicher.spielreihenfolge``)
    platz: Mapping[int, int] = field(default_factory=dict, hash=False)

    def als_json(self) -> dict[str, Any]:
        return {
            "abend": self.abend.id,
            "ereignisse": [e.als_json() for e in self.ereignisse],
            "eintraege": [
                dict(
                    e.als_json(),
                    aufgehoben_durch=self.aufgehoben[e.id].id if e.id in self.aufgehoben else None,
                )
                for e in self.eintraege
            ],
        }


@dataclass(frozen=True)
class SabaiSpielstand:
    """``referee sabai spielstand``: die Spiele (je bis zur Partie mit ``letzte``) des Abends."""

    abend: Abend
    spiele: tuple[Spielstand, ...]

    def als_json(self) -> dict[str, Any]:
        return {"abend": self.abend.id, "spiele": [s.als_json() for s in self.spiele]}


@dataclass(frozen=True, slots=True)
class Ruhmestat:
    """Ein Eintrag der Hall of Fame: wer, an welchem Abend (Datum, Ort), mit welchem Eintrag."""

    name: str
    datum: str
    abend: int
    ort: str | None
    eintrag: int
    zeit: str

    def als_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "datum": self.datum,
            "abend": self.abend,
            "ort": self.ort,
            "eintrag": self.eintrag,
            "zeit": self.zeit,
        }


@dataclass(frozen=True)
class Ruhmeshalle:
    """``referee sabai ruhmeshalle``: wer mit allen vier Jokern abschloss, wann und wo."""

    eintraege: tuple[Ruhmestat, ...]

    def als_json(self) -> dict[str, Any]:
        return {"ruhmeshalle": [e.als_json() for e in self.eintraege]}


@dataclass(frozen=True)
class Export:
    """``referee export``: der fertige Text im gewählten Format."""

    inhalt: str
    format: str
    anzahl: int  # Einträge
    abende: tuple[Abend, ...]
    gesamt: bool

    @property
    def beschreibung(self) -> str:
        """``json, Abend 3, 12 Einträge``."""
        wo = "alle Abende" if self.gesamt else f"Abend {self.abende[0].id}"
        return f"{self.format}, {wo}, {self.anzahl} Eintr{'ag' if self.anzahl == 1 else 'äge'}"


@dataclass(frozen=True)
class Importiert:
    """``referee import``: was übernommen wurde."""

    spieler: int
    abende: int
    eintraege: int
    pfad: str
    #: Abende und Turniere der Datei ohne Kennung (ein älterer Export): sie bekamen neue
    ohne_kennung: int = 0
    turniere: int = 0
    #: davon Turniere (für die Warnung)
    ohne_kennung_turniere: int = 0

    def als_json(self) -> dict[str, Any]:
        return {
            "spieler": self.spieler,
            "abende": self.abende,
            "eintraege": self.eintraege,
            "turniere": self.turniere,
        }


@dataclass(frozen=True)
class Dazugenommen:
    """``referee import --dazu``: was aus der Datei dazukam und was schon da war; ``spieler``,
    ``abende``, ``eintraege`` zählen das ganze Buch danach."""

    abende_neu: int
    abende_ergaenzt: int
    abende_vorhanden: int
    eintraege_neu: int
    spieler_neu: int
    spieler: int
    abende: int
    eintraege: int
    pfad: str
    ohne_kennung: int = 0
    turniere_neu: int = 0
    turniere_ergaenzt: int = 0
    turniere_vorhanden: int = 0
    #: Turniere im Buch danach
    turniere: int = 0
    #: davon ohne Kennung (für die Warnung; ``ohne_kennung`` zählt sie mit)
    ohne_kennung_turniere: int = 0

    def als_json(self) -> dict[str, Any]:
        return {
            "abende_neu": self.abende_neu,
            "abende_ergaenzt": self.abende_ergaenzt,
            "abende_vorhanden": self.abende_vorhanden,
            "eintraege_neu": self.eintraege_neu,
            "spieler_neu": self.spieler_neu,
            "turniere_neu": self.turniere_neu,
            "turniere_ergaenzt": self.turniere_ergaenzt,
            "turniere_vorhanden": self.turniere_vorhanden,
            "ohne_kennung": self.ohne_kennung,
            "buch": {"spieler": self.spieler, "abende": self.abende, "eintraege": self.eintraege},
        }


@dataclass(frozen=True)
class Umzug:
    """``referee umziehen``: woher, wohin (ohne Passwort) und wie viele Zeilen je Tabelle."""

    quelle: str
    ziel: str
    zeilen: dict[str, int]

    def als_json(self) -> dict[str, Any]:
        z = self.zeilen
        return {  # ohne die Quelle: wohin, steht im Befehl; woher, weiß der Aufrufer
            "ziel": self.ziel,
            "spieler": z.get("spieler", 0),
            "abende": z.get("abende", 0),
            "eintraege": z.get("eintraege", 0),
            "turniere": z.get("turniere", 0),
            "zeilen": sum(z.values()),
        }


@dataclass(frozen=True)
class Statistik:
    """``referee statistik``: Kennzahlen je Spiel und Spieler (``referee.bericht.kennzahlen``)
    – aller Spieler oder, mit ``--spieler``, einer Person."""

    abende: tuple[Abend, ...]
    gesamt: bool
    kennzahlen: Kennzahlen | SpielerKennzahlen

    @property
    def spieler(self) -> str | None:
        """Die eine Person (``--spieler``), sonst ``None``."""
        from referee.bericht.kennzahlen import SpielerKennzahlen

        k = self.kennzahlen
        return k.spieler if isinstance(k, SpielerKennzahlen) else None

    def als_json(self) -> dict[str, Any]:
        return {"abend": None if self.gesamt else self.abende[0].id, **self.kennzahlen.als_json()}


@dataclass(frozen=True)
class Sicherung:
    """``referee sicherung DATEI``: die geschriebene, geprüfte Kopie des Buchs."""

    gesichert: Gesichert

    def als_json(self) -> dict[str, Any]:
        g = self.gesichert
        return {
            "datei": str(g.datei),
            "bytes": g.groesse,
            "schema": g.schema,
            "integritaet": g.integritaet,
            "tabellen": [{"tabelle": t, "zeilen": n} for t, n in g.tabellen],
        }


from referee.buch.antwortnamen import ANTWORTEN  # noqa: E402 – die eine Liste der Antworten

__all__ = [*ANTWORTEN]  # noqa: PLE0604 – Namen (str)
