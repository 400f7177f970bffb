"""Die Arbeit an den Tischen: Tischblatt, Spiel eintragen, korrigieren, stornieren, dazu was ein
Tisch-Handy und ``tisch --turnier`` brauchen (Spiele des Tisches, Links, darf hier noch
geschrieben werden?). Teil des Turnierbuchs (``referee.buch.turnier.Turnierbuch``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.buch.turnier.antworten import (
    BlattEingetragen,
    SpielEingetragen,
    Tischstand,
    TurnierStorno,
)
from referee.buch.turnier.grund import Turniergrund
from referee.errors import Eingabefehler, Zustandsfehler

if TYPE_CHECKING:
    from referee.schafkopf.angaben import SchafkopfAngaben
    from referee.turnier.daten import Turnier, Turniereintrag
    from referee.turnier.spiel import Tischlage, Turnierspiel


class Tischarbeit(Turniergrund):
    """Was an einem Tisch geschieht (je eine Methode, jede schreibende eine Transaktion)."""

    def ergebnis(
        self,
        runde: int,
        tisch: int,
        punkte: Mapping[str, int],
        soli: Mapping[str, int] | None = None,
        turnier_id: int | None = None,
    ) -> BlattEingetragen:
        """Das Tischblatt einer Runde (die Summen vom Papier, Name → Punkte, dazu gewonnene
        Soli): geprüft (jeder Platz genau einmal, Plus/Minus geht auf null) und eingetragen;
        gibt es schon ein Blatt für den Tisch, ersetzt es dieses als Korrektur. Ein Blatt geht
        den einzelnen Spielen des Tisches vor."""
        from referee.turnier.blatt import Tischblatt, pruefe_blatt

        with self.store.einheit():
            t = self._offen(turnier_id)
            lage = self.tischlage(runde, tisch, t.id)
            self._pruefe_keine_ersetzten(t, lage.tisch, [*punkte, *(soli or {})])
            je = _je_startnummer(lage, punkte, "Punkte")
            alt = [
                e
                for e in self.store.turnier_eintraege(t.id, runde=runde, tisch=tisch)
                if e.art == "blatt"
            ]
            bezug = alt[-1].id if alt else None
            uebernommen = soli is None and bezug is not None
            if uebernommen:  # eine Korrektur ohne --soli behält die Soli des alten Blatts
                frueher = alt[-1].ergebnis
                soli_je = dict(frueher.soli) if frueher is not None else {}
            else:
                soli_je = _je_startnummer(lage, soli or {}, "Soli")
            namen = {s.startnummer: s.name for s in lage.sitze}
            pruefe_blatt(
                je,
                lage.tisch.startnummern,
                lage.wertung,
                soli=soli_je,
                spiele=t.spiele,
                namen=namen,
            )
            reihe = lage.tisch.startnummern
            blatt = Tischblatt(
                runde,
                tisch,
                tuple((s, je[s]) for s in reihe),
                tuple((s, soli_je.get(s, 0)) for s in reihe),
            )
            e = self.store.turnier_eintragen(
                t.id,
                runde,
                tisch,
                "blatt",
                blatt,
                eingabe={"punkte": dict(punkte), "soli": dict(soli or {})},
                bezug=bezug,
            )
        return BlattEingetragen(t, e, blatt, tuple(namen.items()), bezug, uebernommen)

    def spiel_eintragen(
        self,
        runde: int,
        tisch: int,
        angaben: SchafkopfAngaben,
        *,
        schluessel: str | None = None,
        turnier_id: int | None = None,
        spiel_nr: int | None = None,
        eingabe: Mapping[str, str] | None = None,
        laufend: bool = False,
    ) -> SpielEingetragen:
        """Ein Spiel an Tisch ``tisch`` von Runde ``runde`` eintragen (Kommandozeile, Handy).

        Geprüft werden die Turnierregeln (``Regelverstoss``: Spielart, Klopfen, Stoß), die
        Namen am Tisch und die Fakten; gezählt mit der Wertung des Turniers. ``schluessel``
        (je Absendung eines Handys): derselbe noch einmal schreibt nichts und antwortet mit dem
        ersten Eintrag (``wiederholt``). Hat inzwischen jemand anderes an diesem Tisch
        eingetragen (anderer Geber), ``Zustandsfehler`` – nichts geschrieben; ebenso, wenn
        ``spiel_nr`` (das wievielte Spiel des Tisches der Schreiber einzutragen meint) nicht
        das nächste ist. ``eingabe``: wie es eingegeben wurde (``{"handy": "r an be 71"}``),
        wird mit den Angaben gespeichert. ``laufend``: nur in der laufenden Runde und solange
        der Tisch nicht fertig ist (``pruefe_laufenden_tisch``; ein Tisch-Handy)."""
        from referee.turnier.spiel import spiel_werten

        schluessel = _schluessel(schluessel)
        # Nummer, Geber und Schreiben in einer Transaktion: niemand trägt an diesem Tisch
        # ein, zwischen dem Lesen der Spiele und dem Schreiben dieses (issue 35, Punkt 10)
        with self.store.einheit():
            t = self._offen(turnier_id)
            frueher = self._wiederholt(schluessel, t.id, runde, tisch)
            if frueher is not None:
                return frueher
            if laufend:
                self.pruefe_laufenden_tisch(runde, tisch, t.id, neues_spiel=True)
            lage, vorher = self._lage_und_spiele(t, runde, tisch)
            self._pruefe_keine_ersetzten(t, lage.tisch, _namen_der_angaben(angaben))
            if lage.spiele >= t.spiele:
                raise Zustandsfehler(
                    f"Tisch {tisch} hat alle {t.spiele} Spiele von Runde {runde}; ein weiteres "
                    "wird nicht eingetragen (ein falsches Spiel korrigieren: --korrektur ID)."
                )
            if spiel_nr is not None and spiel_nr != lage.spiele + 1:
                raise Zustandsfehler(
                    f"An Tisch {tisch} (Runde {runde}) gelten schon {lage.spiele} Spiele; dieses "
                    f"wäre Spiel {lage.spiele + 1}, nicht {spiel_nr} – nichts eingetragen. Steht "
                    "es schon in den letzten Einträgen (von einem anderen Handy)?"
                )
            spiel = spiel_werten(angaben, lage)
            e = self._spiel_schreiben(
                t, spiel, angaben, None, schluessel, vorher, eingabe, laufend=laufend
            )
        return self._gespielt(t, e, spiel)

    def vorschau(
        self,
        runde: int,
        tisch: int,
        angaben: SchafkopfAngaben,
        *,
        korrektur_von: int | None = None,
        turnier_id: int | None = None,
    ) -> Turnierspiel:
        """Was das Spiel an diesem Tisch ergäbe (Punkte je Startnummer, Soli, Werterklärung) –
        dieselbe Rechnung wie ``spiel_eintragen``, nichts geschrieben. ``korrektur_von``: als
        Korrektur dieses geltenden Spiels des Tisches (derselbe Geber wie damals)."""
        from referee.turnier.spiel import spiel_werten

        t = self._turnier(turnier_id)
        if korrektur_von is not None:
            self._am_tisch(korrektur_von, t.id, runde, tisch, "nichts berechnet")
        lage = self.tischlage(runde, tisch, t.id, vor=korrektur_von)
        return spiel_werten(angaben, lage)

    def spiel_korrigieren(
        self,
        eintrag_id: int,
        angaben: SchafkopfAngaben,
        *,
        schluessel: str | None = None,
        runde: int | None = None,
        tisch: int | None = None,
        turnier_id: int | None = None,
        eingabe: Mapping[str, str] | None = None,
        laufend: bool = False,
    ) -> SpielEingetragen:
        """Ein geltendes Spiel durch neue Fakten ersetzen (Korrektur, das Original bleibt
        sichtbar); es zählt an seinem Platz in der Spielfolge (derselbe Geber). ``runde``,
        ``tisch`` und ``turnier_id``, falls angegeben, müssen die des Spiels sein (ein
        Tisch-Handy korrigiert nur seinen Tisch); ``laufend``: nur in der laufenden Runde."""
        from referee.turnier.spiel import spiel_werten

        schluessel = _schluessel(schluessel)
        with self.store.einheit():  # wie spiel_eintragen: lesen, rechnen, schreiben in einem
            if (runde, tisch, turnier_id) != (None, None, None):
                self._am_tisch(eintrag_id, turnier_id, runde, tisch, "nichts eingetragen")
            frueher = self._wiederholt(
                schluessel, *self._ort_von(eintrag_id, turnier_id, runde, tisch)
            )
            if frueher is not None:
                return frueher
            alt = self.store.turnier_eintrag_geltend(eintrag_id)
            if alt.art != "spiel":
                raise Eingabefehler(
                    f"Eintrag {eintrag_id} ist kein Spiel ({alt.art}); ein Blatt korrigiert ein "
                    "neues „referee turnier ergebnis“ für denselben Tisch."
                )
            t = self._offen(alt.turnier_id)
            if laufend:
                self.pruefe_laufenden_tisch(alt.runde, alt.tisch, t.id)
            lage = self.tischlage(alt.runde, alt.tisch, t.id, vor=eintrag_id)
            self._pruefe_keine_ersetzten(t, lage.tisch, _namen_der_angaben(angaben))
            spiel = spiel_werten(angaben, lage)
            e = self._spiel_schreiben(
                t, spiel, angaben, eintrag_id, schluessel, (), eingabe, laufend=laufend
            )
        return self._gespielt(t, e, spiel)

    def _ort_von(
        self, eintrag_id: int, turnier_id: int | None, runde: int | None, tisch: int | None
    ) -> tuple[int, int, int]:
        """Turnier, Runde und Tisch, an denen geschrieben werden soll: die angegebenen, sonst
        die des Eintrags ``eintrag_id``."""
        e = self.store.turnier_eintrag(eintrag_id)
        return (
            e.turnier_id if turnier_id is None else turnier_id,
            e.runde if runde is None else runde,
            e.tisch if tisch is None else tisch,
        )

    def _am_tisch(
        self,
        eintrag_id: int,
        turnier_id: int | None,
        runde: int | None,
        tisch: int | None,
        folge: str,
    ) -> Turniereintrag:
        """Der Eintrag ``eintrag_id`` – er muss zu Turnier, Runde und Tisch gehören, soweit
        angegeben (ein Tisch-Handy ändert nur seinen Tisch); sonst ``Eingabefehler``."""
        e = self.store.turnier_eintrag(eintrag_id)
        if turnier_id is not None and e.turnier_id != turnier_id:
            raise Eingabefehler(
                f"Eintrag #{eintrag_id} gehört nicht zu Turnier {turnier_id}; {folge}."
            )
        if (runde is not None and e.runde != runde) or (tisch is not None and e.tisch != tisch):
            raise Eingabefehler(
                f"Eintrag #{eintrag_id} steht an Tisch {e.tisch} (Runde {e.runde}), nicht an "
                f"Tisch {tisch} (Runde {runde}); {folge}."
            )
        return e

    def _spiel_schreiben(
        self,
        t: Turnier,
        spiel: Turnierspiel,
        angaben: SchafkopfAngaben,
        bezug: int | None,
        schluessel: str | None,
        vorher: Sequence[int],
        eingabe: Mapping[str, str] | None = None,
        *,
        laufend: bool = False,
    ) -> Turniereintrag:
        """Das gewertete Spiel schreiben. ``vorher``: die geltenden Spiele des Tisches, aus
        denen Nummer und Geber kamen – gelesen in derselben Einheit (``store.einheit``); der
        Speicher prüft sie beim Schreiben noch einmal."""
        return self.store.turnier_eintragen(
            t.id,
            spiel.runde,
            spiel.tisch,
            "spiel",
            spiel,
            eingabe={**(eingabe or {}), "angaben": angaben.als_json()},
            bezug=bezug,
            schluessel=schluessel,
            nur_gueltig=vorher,
            spiele_vorher=None if bezug is not None else len(vorher),
            nur_laufende_runde=laufend,
        )

    def _wiederholt(
        self, schluessel: str | None, turnier_id: int, runde: int, tisch: int
    ) -> SpielEingetragen | None:
        """Hat ``schluessel`` schon ein Spiel geschrieben, die Antwort von damals
        (``wiederholt``). Gehört der Schlüssel zu einem Eintrag eines anderen Tisches (oder zu
        einem Storno): ``Eingabefehler`` – ein Handy bekäme sonst „eingetragen“ mit dem Spiel
        eines anderen Tisches, obwohl seines nicht im Buch steht."""
        if schluessel is None:
            return None
        e = self.store.turnier_eintrag_zum_schluessel(schluessel)
        if e is None:
            return None
        _schluessel_passt(e, turnier_id, runde, tisch, "spiel")
        return self._gespielt(self._turnier(e.turnier_id), e, wiederholt=True)

    def _gespielt(
        self,
        t: Turnier,
        e: Turniereintrag,
        gewertet: object = None,
        *,
        wiederholt: bool = False,
    ) -> SpielEingetragen:
        """Die Antwort zu einem geschriebenen Spiel (``gewertet``: das eben gerechnete
        ``Turnierspiel`` mit Werterklärung), mit dem Tisch, wie er jetzt steht."""
        from referee.turnier.spiel import Turnierspiel

        if isinstance(gewertet, Turnierspiel):
            spiel = gewertet
        else:
            spiel = Turnierspiel.aus_eintrag(e, tarif=self.wertung_von(t).tarif)
        lage = self.tischlage(e.runde, e.tisch, t.id)
        stand = self._tischstand(t, e.runde, e.tisch)
        summen: dict[int, int] = {}
        for x in self._spiele_am_tisch(t, e.runde, e.tisch):
            for s, p in Turnierspiel.aus_eintrag(x).punkte:
                summen[s] = summen.get(s, 0) + p
        return SpielEingetragen(
            t,
            e,
            spiel,
            tuple((s.startnummer, s.name) for s in lage.sitze),
            stand,
            tuple(summen.items()),
            lage.geber.startnummer if not stand.fertig else None,
            e.bezug,
            wiederholt,
        )

    def rueckgaengig(
        self,
        eintrag_id: int,
        *,
        schluessel: str | None = None,
        runde: int | None = None,
        tisch: int | None = None,
        turnier_id: int | None = None,
        nur_letztes: bool = False,
        laufend: bool = False,
    ) -> TurnierStorno:
        """Ein geltendes Blatt oder Spiel stornieren (bleibt sichtbar); eine stornierte
        Korrektur lässt das Original wieder gelten. ``runde``/``tisch``/``turnier_id``, falls
        angegeben, müssen die des Eintrags sein (ein Tisch-Handy storniert nur an seinem
        Tisch); ``nur_letztes``: nur, solange er das letzte geltende Spiel seines Tisches ist
        (sonst ``Zustandsfehler`` – ein Handy nimmt nicht zurück, was es nicht als letztes
        sah); ``laufend``: nur in der laufenden Runde. Ein wiederholter ``schluessel``
        antwortet mit dem ersten Storno."""
        schluessel = _schluessel(schluessel)
        with self.store.einheit():  # prüfen und stornieren, ohne dass dazwischen jemand schreibt
            if (runde, tisch, turnier_id) != (None, None, None):
                self._am_tisch(eintrag_id, turnier_id, runde, tisch, "nichts storniert")
            frueher = self.store.turnier_eintrag_zum_schluessel(schluessel) if schluessel else None
            if frueher is not None:
                ort = self._ort_von(eintrag_id, turnier_id, runde, tisch)
                _schluessel_passt(frueher, *ort, "storno")
                return self._storniert(frueher, wiederholt=True)
            e = self.store.turnier_eintrag(eintrag_id)
            t = self._turnier(e.turnier_id)
            if laufend:
                self.pruefe_laufenden_tisch(e.runde, e.tisch, t.id)
            if nur_letztes:
                spiele = self._spiele_am_tisch(t, e.runde, e.tisch)
                if e.gilt and e.art == "spiel" and spiele and spiele[-1].id != eintrag_id:
                    raise Zustandsfehler(
                        f"Spiel #{eintrag_id} ist nicht mehr das letzte an Tisch {e.tisch} "
                        f"(zuletzt gilt #{spiele[-1].id}); nichts rückgängig gemacht."
                    )
            storno = self.store.turnier_storno(
                eintrag_id, schluessel=schluessel, nur_laufende_runde=laufend
            )
        return self._storniert(storno)

    def _storniert(self, storno: Turniereintrag, *, wiederholt: bool = False) -> TurnierStorno:
        """Die Antwort zu einem Storno: was er aufhob, was wieder gilt, wie weit der Tisch ist."""
        alt = self.store.turnier_eintrag(storno.bezug or storno.id)
        t = self._turnier(alt.turnier_id)
        wieder = (
            alt.bezug
            if alt.bezug is not None and self.store.turnier_eintrag(alt.bezug).gilt
            else None
        )
        stand = self._tischstand(t, alt.runde, alt.tisch)
        return TurnierStorno(t, storno, alt, stand, wieder, wiederholt)

    # ------------------------------------------------------------ für die Tische (Handy, tisch)

    def tischspiele(
        self, runde: int, tisch: int, turnier_id: int | None = None
    ) -> tuple[Turniereintrag, ...]:
        """Die geltenden Spiele eines Tisches in Spielfolge (eine Korrektur am Platz des
        Originals) – für die Liste der letzten Einträge am Tisch."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        return tuple(self._spiele_am_tisch(t, runde, tisch))

    def tischversionen(self, runde: int, turnier_id: int | None = None) -> dict[int, int]:
        """Je Tisch der Runde die Nummer seines jüngsten Eintrags (Spiel, Blatt oder Storno;
        ein Tisch ohne Eintrag fehlt): ändert sich, sobald sich am Tisch etwas ändert (für
        Live-Ansichten)."""
        t = self._turnier(turnier_id)
        aus: dict[int, int] = {}
        for e in self.store.turnier_eintraege(t.id, runde=runde, alle=True):
            aus[e.tisch] = max(aus.get(e.tisch, 0), e.id)
        return aus

    def tisch_link(self, runde: int, tisch: int, turnier_id: int | None = None) -> str:
        """Der Schlüssel im Schreib-Link eines Tisches (128 Bit, URL-sicher): abgeleitet aus
        einem Geheimnis des Buchs, also nach einem Neustart von ``turnier live`` derselbe –
        die gedruckten QR-Codes gelten weiter; je Turnier, Runde, Auslosung und Tisch ein
        anderer."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        # eine neue Auslosung derselben Runde (nach dem Zurücknehmen) bekommt neue Links: ein
        # QR-Code der zurückgenommenen schreibt nie an einen Tisch mit anderen Spielern
        nr = self.store.auslosung_nr(t.id, runde)
        fassung = f" auslosung {nr}" if nr > 1 else ""
        return self._abgeleitet(f"turnier {t.id} runde {runde}{fassung} tisch {tisch}")

    def lese_link(self, turnier_id: int | None = None) -> str:
        """Der Schlüssel im Lese-Link von ``turnier live`` (Rangliste), abgeleitet wie die
        Tisch-Links – nie einer von ihnen."""
        return self._abgeleitet(f"turnier {self._turnier(turnier_id).id} lesen")

    def _abgeleitet(self, wofuer: str) -> str:
        import base64
        import hashlib
        import hmac

        geheim = bytes.fromhex(self.store.geheimnis("turnier-tischlinks"))
        roh = hmac.new(geheim, wofuer.encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(roh).rstrip(b"=").decode()

    def pruefe_laufenden_tisch(
        self, runde: int, tisch: int, turnier_id: int | None = None, *, neues_spiel: bool = False
    ) -> Tischstand:
        """Darf an diesem Tisch noch geschrieben werden (ein Tisch-Handy, ``tisch --turnier``)?
        Das Turnier ist offen und ``runde`` die zuletzt ausgeloste (oder die davor, solange an
        der neuen nichts eingetragen ist); für ``neues_spiel`` dazu:
        kein Tischblatt eingegeben und noch nicht alle Spiele. Sonst ``Zustandsfehler`` mit
        dem Grund; zurück der Stand des Tisches."""
        t = self._turnier(turnier_id)
        self._tisch(t, runde, tisch)
        if not t.offen:
            raise Zustandsfehler(f"Turnier {t.id} ist beendet; hier wird nichts mehr eingetragen.")
        if runde not in self.store.laufende_runden(t.id):
            gezogen = self.store.gezogene_runden(t.id)
            raise Zustandsfehler(
                f"Runde {runde} ist vorbei: Runde {gezogen} ist ausgelost. Eingetragen wird nur "
                f"in der laufenden Runde – dafür gibt es neue Links je Tisch; Korrekturen an "
                f"Runde {runde} macht die Turnierleitung."
            )
        stand = self._tischstand(t, runde, tisch)
        if neues_spiel and stand.quelle == "blatt":
            raise Zustandsfehler(
                f"Für Tisch {tisch} (Runde {runde}) ist das Tischblatt vom Papier eingegeben; "
                "es zählt statt der Spiele. Nichts eingetragen."
            )
        if neues_spiel and stand.fertig:
            raise Zustandsfehler(
                f"Tisch {tisch} hat alle {stand.soll} Spiele von Runde {runde}; ein weiteres "
                "wird nicht eingetragen (Korrigieren und Rückgängig gehen weiter)."
            )
        return stand


# --------------------------------------------------------------------------- Hilfen


def _je_startnummer(lage: Tischlage, werte: Mapping[str, int], was: str) -> dict[int, int]:
    """Name → Wert zu Startnummer → Wert; unbekannte Namen auf einmal, doppelte Plätze."""
    aus: dict[int, int] = {}
    fehler: list[str] = []
    for name, wert in werte.items():
        try:
            nr = lage.startnummer(name)
        except Eingabefehler as e:
            fehler.append(e.meldung.removesuffix(" Nichts eingetragen."))
            continue
        if nr in aus:
            fehler.append(f"{was}: Nr. {nr} steht doppelt da („{name}“).")
        aus[nr] = wert
    if fehler:
        raise Eingabefehler(" ".join(fehler) + " Nichts eingetragen.")
    return aus


def _schluessel_passt(e: Turniereintrag, turnier_id: int, runde: int, tisch: int, art: str) -> None:
    """Ein schon benutzter Schlüssel gilt als Wiederholung nur für dieselbe Art Eintrag an
    demselben Tisch; sonst ``Eingabefehler`` (422): die Antwort von damals gehörte zu einem
    anderen Eintrag, und der jetzige stünde nicht im Buch (issue 35, Punkt 13)."""
    if (e.turnier_id, e.runde, e.tisch) != (turnier_id, runde, tisch):
        raise Eingabefehler(
            f"Dieser Schlüssel hat schon Eintrag #{e.id} an Tisch {e.tisch} (Runde {e.runde}) "
            f"geschrieben, nicht an Tisch {tisch} (Runde {runde}); nichts geschrieben. Jede "
            "Absendung braucht einen eigenen Schlüssel."
        )
    if (e.art == "storno") != (art == "storno"):
        was = "einen Storno" if e.art == "storno" else "ein Blatt oder Spiel"
        raise Eingabefehler(
            f"Dieser Schlüssel hat schon {was} geschrieben (#{e.id}); nichts geschrieben. Jede "
            "Absendung braucht einen eigenen Schlüssel."
        )


def _namen_der_angaben(angaben: SchafkopfAngaben) -> list[str]:
    """Jeder Name, den die Angaben eines Spiels nennen (Partei, Jungfrauen, Durchmarsch,
    Mitspieler am Fünfertisch)."""
    return [
        *angaben.partei,
        *angaben.jungfrauen,
        *filter(None, [angaben.durchmarsch]),
        *angaben.tisch,
    ]


def _schluessel(schluessel: str | None) -> str | None:
    """Ein Idempotenz-Schlüssel wie beim Buch der Abende (8–100 Zeichen)."""
    from referee.buch.schluessel import pruefe_schluessel

    return pruefe_schluessel(schluessel)


__all__ = ["Tischarbeit"]
