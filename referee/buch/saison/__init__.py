"""Das Saisonbuch: was ein Organisator einer Jahreswertung tut, je eine Methode.

::

    from referee.buch.saison import Saisonbuch

    with Saisonbuch(pfad) as sb:                    # dieselbe Datei wie Abende und Turniere
        sb.neu("Jahreswertung 2027", von="2027-01-01", bis="2027-12-31", wertung="beste:8")
        sb.zuordnen("dazu", "turnier", 3)            # gleich welches Datum
        sb.stand()                                   # -> Saisonstand (Rangliste)
        sb.statistik(spieler="Sepp")                 # -> Saisonstatistik
        sb.zusammenfuehren("Sepp", "Sepp Huber")     # derselbe Mensch, nur ein Vermerk
        sb.spieler()                                 # -> Spielerliste (wer wer ist)

Eine Saison umfasst die Abende und Turniere in ihrem Zeitraum, dazu die ausdrücklich
dazugenommenen, ohne die ausdrücklich weggelassenen (``saison dazu|weg``; die jüngste Zeile gilt).
Saisons dürfen sich überschneiden: ein Ereignis kann in mehreren zählen. Welche Saison: die
Nummer (``saison_id``) oder die jüngste.

Die Rechnung steckt im Kern (``referee.saison``), das Lesen der Ereignisse in ``lesen``; hier
wird geprüft, zusammengesetzt und über den Speicher (``referee.store.saison``) geschrieben –
jede schreibende Methode eine Transaktion, ein Fehler schreibt nichts.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Self

from referee.buch.saison.antworten import (
    Ereignisinfo,
    Getrennt,
    Person,
    Rangverlauf,
    SaisonAnsicht,
    SaisonListe,
    SaisonNeu,
    Saisonstand,
    Saisonstatistik,
    SaisonWertungen,
    Saisonwertungsbeschreibung,
    Spielerliste,
    Zugeordnet,
    Zusammengefuehrt,
)
from referee.errors import Eingabefehler

if TYPE_CHECKING:
    from referee.buch.turnier import Turnierbuch
    from referee.saison.daten import Saison
    from referee.saison.rangliste import Ereignis
    from referee.saison.statistik import Abendspiel
    from referee.store import Abend, Abendspeicher, Saisonspeicher
    from referee.turnier.daten import Turnier

#: Länge eines Saisonnamens, längster Zeitraum (Jahre).
NAME_HOECHSTENS = 100
JAHRE_HOECHSTENS = 10


def _datum(text: str, was: str) -> str:
    try:
        return date.fromisoformat(str(text).strip()).isoformat()
    except ValueError:
        raise Eingabefehler(f"{was} „{text}“ ist kein Datum der Form JJJJ-MM-TT.") from None


class Saisonbuch:
    """Die Saisons einer Buchdatei (``--db``; sonst ``$REFEREE_DB``/Datenverzeichnis). Lesen
    legt nie eine Datei an."""

    def __init__(self, pfad: str | os.PathLike[str] | None = None) -> None:
        from referee.spiele import store_oeffnen
        from referee.store import oeffne_saisons

        self.abende: Abendspeicher = store_oeffnen(pfad)
        self.store: Saisonspeicher = oeffne_saisons(self.abende.verbindung)
        self._turnierbuch: Turnierbuch | None = None

    @property
    def pfad(self) -> str:
        return str(self.abende.pfad)

    def datenversion(self) -> int:
        """Ändert sich, sobald ein anderer Prozess etwas festschreibt (für die Live-Seite)."""
        return self.abende.datenversion()

    def meldungen_fd(self) -> int | None:
        """Lesbar bei fremden Commits (PostgreSQL: LISTEN/NOTIFY); ``None`` bei SQLite."""
        return self.abende.meldungen_fd()

    def schliessen(self) -> None:
        if self._turnierbuch is not None:
            self._turnierbuch.schliessen()
            self._turnierbuch = None
        self.abende.schliessen()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.schliessen()

    def _turniere(self) -> Turnierbuch:
        if self._turnierbuch is None:
            from referee.buch.turnier import Turnierbuch

            self._turnierbuch = Turnierbuch(self.abende.pfad)
        return self._turnierbuch

    def _turnierdatum(self, t: Turnier) -> str:
        """Das Datum eines Turniers: aus ``turnier neu --datum``/``eckdaten``, sonst der Tag,
        an dem es angelegt wurde (wie ``referee.buch.saison.lesen.turnier_ereignis``)."""
        return self._turniere().eckdaten_von(t).datum or t.angelegt[:10]

    def _alle_turniere(self) -> list[Turnier]:
        if not self.abende.existiert:
            return []
        return list(self._turniere().store.turniere())

    # ------------------------------------------------------------ Saisons anlegen und ändern

    def _saison(self, saison_id: int | None) -> Saison:
        if saison_id is not None:
            return self.store.saison(saison_id)
        alle = self.store.saisons()
        if not alle:
            from referee.store import KeineDaten
            from referee.store.saison import BEISPIEL

            raise KeineDaten(f"Es gibt noch keine Saison. {BEISPIEL}")
        return alle[-1]

    @staticmethod
    def _zeitraum(von: str, bis: str) -> tuple[str, str]:
        v, b = _datum(von, "--von"), _datum(bis, "--bis")
        if b < v:
            raise Eingabefehler(f"--bis {b} liegt vor --von {v}.")
        if date.fromisoformat(b).year - date.fromisoformat(v).year >= JAHRE_HOECHSTENS:
            raise Eingabefehler(f"Eine Saison dauert höchstens {JAHRE_HOECHSTENS} Jahre.")
        return v, b

    @staticmethod
    def _name(name: str) -> str:
        from referee.text import freier_text

        titel = freier_text(name, "Der Name der Saison", NAME_HOECHSTENS)
        if not titel:
            raise Eingabefehler("Die Saison braucht einen Namen, z. B. „Jahreswertung 2027“.")
        return titel

    def neu(
        self,
        name: str,
        *,
        von: str,
        bis: str,
        wertung: str | None = None,
        setzen: Sequence[str] = (),
    ) -> SaisonNeu:
        """Eine Saison anlegen: Name, Zeitraum (beide Tage eingeschlossen), Wertung
        (``beste:8``, ``platzpunkte:25,20,16``, …) mit ``setzen`` (``["turniere=20"]``)."""
        from referee.saison.wertung import wertung_laden

        titel = self._name(name)
        v, b = self._zeitraum(von, bis)
        w = wertung_laden(wertung, list(setzen))
        s = self.store.saison_neu(titel, v, b, w.als_json())
        return SaisonNeu(s, w.text(), self._infos(s)[0])

    def aendern(
        self,
        saison_id: int | None = None,
        *,
        name: str | None = None,
        von: str | None = None,
        bis: str | None = None,
        wertung: str | None = None,
        setzen: Sequence[str] = (),
    ) -> SaisonAnsicht:
        """Eine neue Fassung der Saison (Name, Zeitraum, Wertung; Fehlendes bleibt). Die alte
        Fassung bleibt als Zeile stehen."""
        from referee.saison.wertung import Saisonwertung, wertung_laden

        s = self._saison(saison_id)
        if name is None and von is None and bis is None and wertung is None and not setzen:
            raise Eingabefehler(
                "Nichts zu ändern: --name, --von, --bis, --wertung oder --set angeben."
            )
        titel = self._name(name) if name is not None else s.name
        v, b = self._zeitraum(von or s.von, bis or s.bis)
        if wertung is not None:
            w = wertung_laden(wertung, list(setzen))
        else:
            w = Saisonwertung.aus_json(s.wertung)
            if setzen:
                w = w.mit(list(setzen))
        self.store.saison_fassung(s.id, titel, v, b, w.als_json())
        return self.zeigen(s.id)

    def zuordnen(
        self, art: str, ereignis_art: str, ereignis_id: int, saison_id: int | None = None
    ) -> Zugeordnet:
        """``art`` ``dazu``: Abend oder Turnier gehört zur Saison (gleich welches Datum);
        ``weg``: gehört nicht dazu (auch wenn das Datum passt)."""
        if art not in ("dazu", "weg"):
            raise Eingabefehler(f"„{art}“: saison dazu oder saison weg.")
        if ereignis_art not in ("abend", "turnier"):
            raise Eingabefehler(
                f"„{ereignis_art}“ ist weder abend noch turnier (z. B. referee saison dazu "
                "turnier 3)."
            )
        s = self._saison(saison_id)
        a = self.store.zuordnen(s.id, art, ereignis_art, ereignis_id)
        drin, weg = self._infos(s)
        alle = {(e.art, e.id): e for e in (*drin, *weg)}
        return Zugeordnet(s, a, alle[(ereignis_art, ereignis_id)], drin)

    # ------------------------------------------------------------ lesen

    def liste(self) -> SaisonListe:
        """Alle Saisons mit der Zahl ihrer Ereignisse."""
        saisons = tuple(self.store.saisons())
        return SaisonListe(saisons, tuple(len(self._infos(s)[0]) for s in saisons))

    def zeigen(self, saison_id: int | None = None) -> SaisonAnsicht:
        """Die Saison: Wertung in Worten, ihre Ereignisse, die weggelassenen, die Änderungen."""
        from referee.saison.wertung import Saisonwertung

        s = self._saison(saison_id)
        drin, weg = self._infos(s)
        return SaisonAnsicht(
            s,
            Saisonwertung.aus_json(s.wertung).text(),
            drin,
            weg,
            tuple(self.store.aenderungen(s.id)),
        )

    @staticmethod
    def wertungen() -> SaisonWertungen:
        """Die mitgelieferten Saisonwertungen mit Beschreibung und Quelle."""
        from referee.saison.wertung import wertung_laden, wertung_texte

        texte = wertung_texte()
        return SaisonWertungen(
            tuple(
                Saisonwertungsbeschreibung(
                    n,
                    texte[n]["beschreibung"],
                    texte[n]["quelle"],
                    {
                        k: v
                        for k, v in wertung_laden(n).als_json().items()
                        if k not in ("name", "beschreibung", "quelle")
                    },
                )
                for n in texte
            )
        )

    def _zuordnung(self, s: Saison) -> dict[tuple[str, int], str]:
        """Je ausdrücklich zugeordnetem Ereignis die jüngste Zeile (``dazu``/``weg``)."""
        aus: dict[tuple[str, int], str] = {}
        for a in self.store.aenderungen(s.id):
            if a.art in ("dazu", "weg") and a.ereignis_art and a.ereignis_id is not None:
                aus[(a.ereignis_art, a.ereignis_id)] = a.art
        return aus

    def _mitglieder(
        self, s: Saison
    ) -> tuple[list[Abend], list[Turnier], dict[tuple[str, int], str]]:
        """Die Abende und Turniere der Saison und je Ereignis der Grund (``datum``, ``dazu``);
        weggelassene stehen mit ``weg`` im Grund, nicht in den Listen."""
        zuordnung = self._zuordnung(s)
        grund: dict[tuple[str, int], str] = {}

        def gehoert(art: str, eid: int, datum: str) -> bool:
            z = zuordnung.get((art, eid))
            if z is not None:
                grund[(art, eid)] = z
                return z == "dazu"
            if s.enthaelt(datum):
                grund[(art, eid)] = "datum"
                return True
            return False

        abende = [a for a in self.abende.abende() if gehoert("abend", a.id, a.datum)]
        turniere = [
            t for t in self._alle_turniere() if gehoert("turnier", t.id, self._turnierdatum(t))
        ]
        return abende, turniere, grund

    def _infos(self, s: Saison) -> tuple[tuple[Ereignisinfo, ...], tuple[Ereignisinfo, ...]]:
        """Die Ereignisse der Saison und die ausdrücklich weggelassenen, je kurz."""
        _, _, grund = self._mitglieder(s)
        infos = []
        for a in self.abende.abende():
            if ("abend", a.id) in grund:
                titel = f"Abend {a.id}" + (f" · {a.ort}" if a.ort else "")
                g = grund[("abend", a.id)]
                infos.append(Ereignisinfo("abend", a.id, a.datum, titel, g, len(a.spieler)))
        for t in self._alle_turniere():
            if ("turnier", t.id) in grund:
                n = len(self._turniere().store.teilnehmer(t.id))
                g = grund[("turnier", t.id)]
                infos.append(Ereignisinfo("turnier", t.id, self._turnierdatum(t), t.name, g, n))
        infos.sort(key=lambda e: (e.datum, e.art, e.id))
        return (
            tuple(e for e in infos if e.grund != "weg"),
            tuple(e for e in infos if e.grund == "weg"),
        )

    def ereignisse(self, saison_id: int | None = None) -> tuple[Saison, list[Ereignis]]:
        """Die Saison und ihre Ereignisse mit Teilnahmen (Namen als Personen, Aliase
        aufgelöst) – Grundlage von Rangliste, Statistik und Live-Seite."""
        from referee.buch.saison.lesen import abend_ereignisse, turnier_ereignis
        from referee.saison.namen import aufloesung, geltende

        s = self._saison(saison_id)
        abende, turniere, _ = self._mitglieder(s)
        aufl = aufloesung(geltende(self.store.alias_verlauf()))
        ereignisse = abend_ereignisse(self.abende, abende, aufl) if abende else []
        for t in turniere:
            e = turnier_ereignis(self._turniere(), t, aufl)
            if e.teilnahmen:
                ereignisse.append(e)
        return s, ereignisse

    def stand(self, saison_id: int | None = None) -> Saisonstand:
        """Die Rangliste der Saison nach ihrer Wertung."""
        from referee.saison.rangliste import saisonrangliste
        from referee.saison.wertung import Saisonwertung

        s, ereignisse = self.ereignisse(saison_id)
        w = Saisonwertung.aus_json(s.wertung)
        gewertet = tuple(
            sorted((e for e in ereignisse if w.gewicht(e.art)), key=lambda e: e.ordnung)
        )
        return Saisonstand(s, w, saisonrangliste(gewertet, w), gewertet)

    def statistik(
        self, saison_id: int | None = None, spieler: str | None = None
    ) -> Saisonstatistik:
        """Kennzahlen je Person (oder nur ``spieler``), die besten Rufspiel-Paare, der Verlauf
        der Plätze über die Saison."""
        from referee.saison.namen import aufloesung, finde, geltende, person
        from referee.saison.rangliste import rangverlauf
        from referee.saison.statistik import kennzahlen, paare
        from referee.saison.wertung import Saisonwertung

        s, ereignisse = self.ereignisse(saison_id)
        aufl = aufloesung(geltende(self.store.alias_verlauf()))
        abende, _, _ = self._mitglieder(s)
        kz = kennzahlen(self._abendspiele(abende, aufl), ereignisse)
        w = Saisonwertung.aus_json(s.wertung)
        gewertet, plaetze = rangverlauf(ereignisse, w)
        verlauf = Rangverlauf(gewertet, plaetze)
        if spieler is not None:
            name = finde(person(spieler, aufl), kz, "Spieler")
            return Saisonstatistik(
                s,
                (kz[name],),
                tuple(p for p in paare(kz) if name in p.namen),
                Rangverlauf(gewertet, {name: plaetze.get(name, [None] * len(gewertet))}),
            )
        return Saisonstatistik(s, tuple(kz.values()), paare(kz), verlauf)

    def _abendspiele(self, abende: Sequence[Abend], aufl: dict[str, str]) -> list[Abendspiel]:
        """Die geltenden Schafkopfspiele der Abende (zeitlich, in Spielfolge), Namen als
        Personen."""
        from referee.bericht.statistik import solo_artig
        from referee.ergebnis import SCHAFKOPF
        from referee.saison.namen import person
        from referee.saison.statistik import Abendspiel
        from referee.schafkopf.ergebnis import SchafkopfErgebnis

        aus = []
        for a in sorted(abende, key=lambda a: (a.datum, a.id)):
            for e in self.abende.eintraege(a.id, spiel=SCHAFKOPF):
                erg = e.ergebnis
                if not isinstance(erg, SchafkopfErgebnis):
                    continue
                spielart, spieler, partner = str(erg.spielart), erg.spieler, erg.partner
                aus.append(
                    Abendspiel(
                        a.id,
                        a.datum,
                        tuple((person(n, aufl), int(c)) for n, c in erg.zahlungen),
                        spielart,
                        person(spieler, aufl) if spieler else None,
                        person(partner, aufl) if partner else None,
                        bool(erg.gewonnen),
                        solo_artig(spielart),
                    )
                )
        return aus

    def lese_link(self, saison_id: int | None = None) -> str:
        """Der Schlüssel im Lese-Link von ``saison live`` (128 Bit, aus dem Geheimnis des
        Buchs abgeleitet: nach einem Neustart derselbe)."""
        import base64
        import hashlib
        import hmac

        s = self._saison(saison_id)
        geheim = bytes.fromhex(self.abende.geheimnis("saison-lesen"))
        roh = hmac.new(geheim, f"saison {s.id} lesen".encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(roh).rstrip(b"=").decode()

    # ------------------------------------------------------------ Namen

    def _bekannte_namen(self) -> dict[str, tuple[int, int]]:
        """Jeder geschriebene Name mit der Zahl seiner Abende und Turniere."""
        zahl: dict[str, list[int]] = {}
        for a in self.abende.abende():
            for n in a.spieler:
                zahl.setdefault(n, [0, 0])[0] += 1
        for t in self._alle_turniere():
            for n in {x.name for x in self._turniere().store.teilnehmer(t.id)}:
                zahl.setdefault(n, [0, 0])[1] += 1
        return {n: (a, t) for n, (a, t) in zahl.items()}

    def _person(
        self, name: str, aufl: dict[str, str], bekannt: dict[str, tuple[int, int]]
    ) -> Person:
        from referee.namen import namensschluessel
        from referee.saison.namen import person

        p = person(name, aufl)
        k = namensschluessel(p)
        namen = sorted(
            (n for n in bekannt if namensschluessel(person(n, aufl)) == k),
            key=namensschluessel,
        )
        return Person(
            p,
            tuple(namen) or (p,),
            sum(bekannt[n][0] for n in namen),
            sum(bekannt[n][1] for n in namen),
        )

    def zusammenfuehren(self, name: str, ziel: str) -> Zusammengefuehrt:
        """„``name`` ist ``ziel``“: in jeder Saison zählen beide als eine Person (unter
        ``ziel``). Beide Namen müssen in einem Abend oder Turnier vorkommen; passt ein Name auf
        mehrere, fragt referee zurück (``Mehrdeutig``). Die Geschichte bleibt unverändert."""
        from referee.saison.namen import aufloesung, finde, geltende

        bekannt = self._bekannte_namen()
        n = finde(name, bekannt)
        z = finde(ziel, bekannt)
        alias = self.store.alias_neu(n, z)
        aufl = aufloesung(geltende(self.store.alias_verlauf()))
        return Zusammengefuehrt(alias, self._person(z, aufl, bekannt))

    def trennen(self, name: str) -> Getrennt:
        """Den Alias von ``name`` aufheben (eine neue Zeile; der Alias bleibt im Verlauf)."""
        trennung, alt = self.store.alias_aufheben(name)
        return Getrennt(trennung, alt)

    def spieler(self) -> Spielerliste:
        """Wer wer ist: jede Person mit den Namen, unter denen sie geschrieben wurde."""
        from referee.namen import namensschluessel
        from referee.saison.namen import aufloesung, geltende, person

        aufl = aufloesung(geltende(self.store.alias_verlauf()))
        bekannt = self._bekannte_namen()
        personen = {person(n, aufl) for n in bekannt}
        return Spielerliste(
            tuple(self._person(p, aufl, bekannt) for p in sorted(personen, key=namensschluessel))
        )


__all__ = ["Saisonbuch"]
