"""Der eine Zugang der Tisch-Sitzung zum Buch (Adapter).

Alles, was die Sitzung ins Buch schreibt oder daraus liest, geht durch ``Buch``: Abend
sicherstellen, Spiel eintragen, korrigieren, rückgängig, die Lage für die Fußleiste. Die
Wege sind dieselben wie die der Befehle ``referee schafkopf eintragen``, ``sabai runde
--eintragen``, ``saufn ende --eintragen``, ``schlafmuetze sieg`` (gleiche Regelkerne, gleiche
Speicherfunktionen) – ein Test prüft, dass ein Abend über beide Wege denselben Stand ergibt.

Wenn die Dienstschicht ``referee.buch`` da ist, ändert sich nur dieses Modul.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.errors import Eingabefehler
from referee.tisch import kurz


@dataclass(frozen=True)
class Gebucht:
    """Ein geschriebener Eintrag: Nummer, Spiel und die lange Form mit Wert."""

    id: int
    spiel: str
    text: str
    ersetzt: int | None = None
    hinweise: tuple[str, ...] = ()  # Konventionen und Lesarten, die für diesen Eintrag galten


@dataclass(frozen=True)
class Lage:
    """Was die Fußleiste zeigt: Stände des Abends, Geber, Spielnummer."""

    abend: int
    spieler: tuple[str, ...]
    schafkopf: dict[str, int] = field(default_factory=dict)
    sabai: dict[str, int] = field(default_factory=dict)
    saufn: dict[str, dict[str, int]] = field(default_factory=dict)
    schlafmuetze: dict[str, int] = field(default_factory=dict)
    spiele: int = 0  # geltende Schafkopfspiele
    eintraege: int = 0  # geltende Einträge aller Spiele
    geber: str | None = None
    ausspieler: str | None = None


class Buch:
    """Das Buch einer Sitzung: eine Datenbank, der offene Abend."""

    def __init__(self, db: str | None = None) -> None:
        from referee.store import oeffne

        self.db = db
        self._store = oeffne(db)
        self.pfad = str(self._store.pfad)
        self._version: int | None = None

    def schliessen(self) -> None:
        self._store.schliessen()

    # ------------------------------------------------------------ Abend

    def abend_sicherstellen(
        self, spieler: Sequence[str] = (), tarif: str | None = None, setzen: Sequence[str] = ()
    ) -> tuple[int, bool, list[str]]:
        """Der offene Abend, sonst ein neuer mit ``spieler``: (Abend-Nr, neu?, angelegte Namen).

        Ohne offenen Abend und ohne Spieler: ``Zustandsfehler`` mit der Form des Aufrufs.
        """
        from referee.errors import Zustandsfehler

        a = self._store.aktueller_abend()
        if a is not None:
            return a.id, False, []
        if not spieler:
            raise Zustandsfehler(
                "Kein offener Abend. Beginne einen: referee tisch --spieler Anna Ben Cem Dora."
            )
        from referee.schafkopf.tarif import setzungen, tarif_laden

        gesetzt = setzungen(list(setzen))
        t = tarif_laden(tarif, gesetzt)
        a, angelegt = self._store.abend_neu(list(spieler), tarif=t.to_dict(), hausregeln=gesetzt)
        return a.id, True, angelegt

    def spieler(self) -> tuple[str, ...]:
        """Die Spieler des offenen Abends (Sitzordnung); leer ohne offenen Abend."""
        a = self._store.aktueller_abend()
        return a.spieler if a is not None else ()

    # ------------------------------------------------------------ Schreiben

    def eintragen(self, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Ein Spiel in den offenen Abend eintragen (eine Transaktion)."""
        a = self._store.abend()
        art, ergebnis, text, hinweise = self._ergebnis(a, spiel)
        e = self._store.eintragen(art, ergebnis, {"tisch": zeile}, abend_id=a.id)
        return Gebucht(e.id, art, text, hinweise=hinweise)

    def korrigieren(self, nr: int, spiel: kurz.Spiel, zeile: str = "") -> Gebucht:
        """Eintrag ``nr`` durch ``spiel`` ersetzen (desselben Spiels); das Original bleibt."""
        from referee.errors import Regelverstoss

        alt = self._store.eintrag(nr)
        if alt.art == "storno":
            raise Regelverstoss(
                f"Eintrag #{alt.id} ist ein Storno; korrigiert wird das Spiel selbst (#{alt.bezug})."
            )
        a = self._store.abend(alt.abend_id)
        if not a.offen:
            raise Regelverstoss(f"Abend {a.id} ist beendet; dort wird nichts mehr korrigiert.")
        tisch = list(alt.ergebnis.get("zahlungen", {})) if alt.spiel == "schafkopf" else None
        art, ergebnis, text, hinweise = self._ergebnis(a, spiel, tisch)
        if art != alt.spiel:
            from referee.store import SPIEL_NAMEN

            raise Eingabefehler(
                f"Eintrag #{alt.id} ist {SPIEL_NAMEN[alt.spiel]}, nicht {SPIEL_NAMEN[art]}; "
                "korrigiert wird mit den Angaben desselben Spiels."
            )
        e = self._store.korrektur(alt.id, ergebnis, {"tisch": zeile})
        return Gebucht(e.id, art, text, ersetzt=alt.id, hinweise=hinweise)

    def rueckgaengig(self) -> tuple[str, str]:
        """Den letzten geltenden Eintrag stornieren: (Meldung, Spiel des stornierten Eintrags)."""
        storno = self._store.rueckgaengig()
        alt = self._store.eintrag(storno.bezug or 0)
        text = f"Eintrag #{alt.id} storniert (Storno #{storno.id})"
        if alt.art == "korrektur":
            text += f"; es gilt wieder #{alt.bezug}"
        return text + ".", alt.spiel

    def _ergebnis(
        self, a: Any, spiel: kurz.Spiel, tisch: list[str] | None = None
    ) -> tuple[str, dict, str, tuple[str, ...]]:
        if isinstance(spiel, kurz.Schafkopf):
            ergebnis, text = _schafkopf(self._store, a, spiel, tisch)
            return "schafkopf", ergebnis, text, tuple(ergebnis.get("konventionen") or ())
        if isinstance(spiel, kurz.Sabai):
            return ("sabai", *_sabai(spiel))
        if isinstance(spiel, kurz.Saufn):
            return ("saufn", *_saufn(a, spiel), ())
        return ("schlafmuetze", *_schlafmuetze(a, spiel), ())

    # ------------------------------------------------------------ Lesen

    def geaendert(self) -> bool:
        """Hat eine andere Verbindung (ein anderer Befehl) seit dem letzten Blick geschrieben?

        ``PRAGMA data_version`` kostet Mikrosekunden; so bleibt die Fußleiste aktuell, ohne
        bei jedem Neuzeichnen den Stand zu rechnen.
        """
        conn = self._store._conn
        if conn is None:
            return self._version is None
        v = conn.execute("PRAGMA data_version").fetchone()[0]
        alt, self._version = self._version, v
        return alt != v

    def lage(self) -> Lage | None:
        """Stände, Geber und Spielnummer des offenen Abends (``None`` ohne offenen Abend)."""
        a = self._store.aktueller_abend()
        if a is None:
            return None
        st = self._store.stand(a.id)
        g = self._store.geber(a) if len(a.spieler) >= 4 else None
        return Lage(
            abend=a.id,
            spieler=a.spieler,
            schafkopf=st["schafkopf"],
            sabai=st["sabai"],
            saufn=st["saufn"],
            schlafmuetze=st["schlafmuetze"],
            spiele=st["partien"]["schafkopf"],
            eintraege=sum(st["partien"].values()),
            geber=g["geber"] if g else None,
            ausspieler=g["ausspieler"] if g else None,
        )


# --------------------------------------------------------------------------- je Spiel


def _schafkopf(store: Any, a: Any, s: kurz.Schafkopf, tisch: list[str] | None) -> tuple[dict, str]:
    """Wie ``referee schafkopf eintragen``: Tisch laut Geberfolge, Tarif des Abends."""
    from referee.schafkopf.eintrag import ergebnis_aus_fakten
    from referee.schafkopf.tarif import Tarif

    alle = store.schafkopf_tisch(a, list(s.tisch) or tisch or [])
    fehlt = [n for n in (*s.partei, *s.jungfrauen, s.durchmarsch) if n and n not in alle]
    if fehlt:
        raise Eingabefehler(
            f"„{fehlt[0]}“ spielt dieses Spiel nicht mit (am Tisch: {', '.join(alle)})."
        )
    ergebnis, ab = ergebnis_aus_fakten(
        s.spielart,
        alle,
        list(s.partei),
        augen=s.augen,
        laufende=s.laufende,
        schwarz=s.schwarz,
        stiche=s.stiche,
        tout=s.tout,
        sie=s.sie,
        klopfer=s.klopfer,
        stoesse=s.stoesse,
        kurz=s.kurz,
        jungfrauen=list(s.jungfrauen),
        durchmarsch=s.durchmarsch,
        tarif=Tarif.from_dict(a.tarif) if a.tarif else None,
    )
    if s.farbe is not None:
        ergebnis["farbe"] = s.farbe.wort
    return ergebnis, _schafkopf_text(s, ergebnis, ab)


def _schafkopf_text(s: kurz.Schafkopf, r: dict, ab: Any) -> str:
    """``Rufspiel Anna+Ben gewonnen · 71 Augen · 3 Laufende → 50 ct: 20 (Rufspiel) + …``."""
    if s.spielart.value == "ramsch":
        if r.get("durchmarsch"):
            kopf = f"Ramsch · Durchmarsch {r['durchmarsch']}"
        else:
            kopf = "Ramsch · verliert " + "+".join(r.get("verlierer") or [])
            if r.get("jungfrauen"):
                kopf += " · Jungfrau " + "+".join(r["jungfrauen"])
        teile = [kopf]
    else:
        wer = "+".join(s.partei)
        teile = [f"{s.name} {wer} " + ("gewonnen" if ab.gewonnen else "verloren")]
        if s.augen is not None:
            teile.append(f"{s.augen} Augen")
        if s.stiche is not None:
            teile.append(f"{s.stiche} Stiche")
        if ab.laufende_gewertet:
            teile.append(f"{ab.laufende_gewertet} Laufende")
        if ab.schwarz:
            teile.append("schwarz")
        elif ab.schneider:
            teile.append("Schneider")
        if ab.tout:
            teile.append("Tout")
        if ab.sie:
            teile.append("Sie")
    if s.klopfer:
        teile.append(f"{s.klopfer}× geklopft")
    if s.stoesse:
        teile.append(f"{s.stoesse}× Stoß")
    return " · ".join(teile) + f" → {ab.wert} ct: {ab.erklaerung}"


def _sabai(s: kurz.Sabai) -> tuple[dict, str, tuple[str, ...]]:
    """Wie ``referee sabai runde … --eintragen`` (Standardregeln)."""
    from referee.sabai import Regeln, lies_runde, pruefe_letzte_partie, werte_runde, zahl

    runde = lies_runde(list(s.haende))
    if s.letzte:
        pruefe_letzte_partie(runde)
    e = werte_runde(runde, Regeln())
    punkte = " · ".join(f"{x.name} {zahl(x.punkte)}" for x in e.spieler)
    sp = ", ".join(
        f"{x.name} {zahl(x.siegpunkte, vorzeichen=True)}" for x in e.spieler if x.siegpunkte
    )
    text = f"sabai-sabai: {punkte} → Siegespunkte: {sp or 'keine'}"
    if any(x.ruhmeshalle for x in e.spieler):
        text += " · Ruhmeshalle: " + ", ".join(x.name for x in e.spieler if x.ruhmeshalle)
    if s.letzte:
        text += " (letzte Partie)"
    return e.als_eintrag(s.letzte), text, tuple(str(h) for h in e.hinweise)


def _saufn(a: Any, s: kurz.Saufn) -> tuple[dict, str]:
    """Wie ``referee saufn ende --platz … --eintragen`` (Mitspieler: die des Abends)."""
    from referee.saufn import ende

    se = ende.spielende(list(s.plaetze), list(a.spieler))
    plaetze = " · ".join(f"{i}. {n}" for i, n in enumerate(se.plaetze, start=1))
    verteilen = ", ".join(f"{v.name} {v.schluecke}" for v in se.verteiler)
    return se.als_eintrag(None), f"SAUFN: {plaetze} → Schlücke verteilen: {verteilen}"


def _schlafmuetze(a: Any, s: kurz.Schlafmuetze) -> tuple[dict, str]:
    """Wie ``referee schlafmuetze sieg NAME`` (ohne ``mit``: alle Spieler des Abends)."""
    from referee.schlafmuetze import pruefe_sieg

    sieger, spieler = pruefe_sieg(s.sieger, list(s.spieler or a.spieler))
    return (
        {"sieger": sieger, "spieler": list(spieler)},
        f"Schlafmütze: {sieger} gewinnt (mit {', '.join(spieler)})",
    )


__all__ = ["Buch", "Gebucht", "Lage"]
