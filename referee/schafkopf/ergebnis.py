"""Das typisierte Ergebnis eines Schafkopfspiels fürs Buch.

Ein Schafkopfspiel hat von der Zeile bis zur Datenbank drei Formen (``referee.ergebnis``):

1. Eingabe: ``SchafkopfAngaben`` (die Fakten vom Tisch) oder ``SchafkopfPartie`` (eine ganze
   Partie aus einer Datei) – ``referee.schafkopf.angaben``; jeder Leser (Optionen, Kurzzeile,
   Datei) gibt sie genau einmal.
2. Ergebnis: ``SchafkopfErgebnis`` (hier) – Zahlungen in Cent je Name und die Fakten des
   Spiels; ``werte()`` gibt dem Buch die Größe ``CENT``. Es entsteht mit der ``Abendlage`` über
   die Rechnung in ``referee.schafkopf.eintrag`` – direkt, ohne JSON dazwischen. Auch ein Spiel
   am Turniertisch trägt es (``referee.turnier.spiel.Turnierspiel``).
3. Gespeicherter Eintrag: ``referee.ergebnis.Eintrag`` mit diesem Ergebnis.

Was die Rechnung innen braucht – ``Fakten`` und ``Abrechnung`` (Plätze 0–3 statt Namen, der
Tarif; ``referee.schafkopf.abrechnung``) und ``Partiebericht`` (``referee.schafkopf.partie``) –
bleibt in ``referee.schafkopf.eintrag``; nach außen geht nur das Ergebnis. JSON gibt es an
einer Stelle: ``als_json``/``aus_json`` (die gespeicherte und exportierte Form).

>>> e = SchafkopfErgebnis.aus_json({"zahlungen": {"Anna": 50, "Ben": 50, "Cem": -50,
...                                 "Dora": -50}, "spielart": "rufspiel", "spieler": "Anna"})
>>> e.werte()
{'cent': {'Anna': 50, 'Ben': 50, 'Cem': -50, 'Dora': -50}}
>>> e.mit_namen(str.upper).spieler
'ANNA'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from referee.ergebnis import (
    CENT,
    SCHAFKOPF,
    Werte,
    ganzzahl,
    namensliste,
    objekt,
    text,
    zahlen_je_name,
)
from referee.errors import Eingabefehler


def _wahr(wert: object, wo: str) -> bool:
    if not isinstance(wert, bool):
        raise Eingabefehler(f"{wo}: {wert!r} ist nicht true/false.")
    return wert


@dataclass(frozen=True)
class SchafkopfErgebnis:
    """Ein Schafkopfspiel im Buch: Zahlungen (Cent je Name, Summe null) und Fakten."""

    spiel: ClassVar[str] = SCHAFKOPF

    zahlungen: tuple[tuple[str, int], ...]
    spielart: str | None = None
    farbe: str | None = None
    spieler: str | None = None
    partner: str | None = None
    gewonnen: bool | None = None
    wert: int | None = None
    augen: int | None = None
    laufende: int = 0
    schneider: bool = False
    schwarz: bool = False
    tout: bool = False
    sie: bool = False
    klopfer: int = 0
    stoesse: int = 0
    stiche: int | None = None
    konventionen: tuple[str, ...] = ()
    # nur beim Ramsch (sonst None)
    verlierer: tuple[str, ...] | None = None
    jungfrauen: tuple[str, ...] | None = None
    durchmarsch: str | None = None
    #: nicht gespeichert: die Werterklärung („20 + 30 (3 Laufende × 10)“), falls berechnet
    erklaerung: str | None = field(default=None, compare=False)
    #: nicht gespeichert: was zusätzlich in die ``eingabe`` des Eintrags gehört (die Partie,
    #: als JSON gespeichert)
    eingabe_zusatz: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not self.zahlungen:
            raise Eingabefehler("Schafkopf-Ergebnis ohne „zahlungen“.")
        summe = sum(c for _, c in self.zahlungen)
        if summe != 0:
            raise Eingabefehler(
                f"Die Zahlungen ergeben {summe} Cent statt null; nicht eingetragen."
            )
        namen = [n for n, _ in self.zahlungen]
        if len(set(namen)) != len(namen):
            raise Eingabefehler("Schafkopf-Ergebnis: ein Name steht doppelt in „zahlungen“.")

    # ------------------------------------------------------------ Vertrag

    def werte(self) -> Werte:
        """``{"cent": {name: cent}}`` – die Zahl der Spiele zählt das Buch selbst."""
        return {CENT: dict(self.zahlungen)}

    def namen(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.zahlungen)

    def mit_namen(self, ersetze: Callable[[str], str]) -> SchafkopfErgebnis:
        def liste(xs: tuple[str, ...] | None) -> tuple[str, ...] | None:
            return None if xs is None else tuple(ersetze(n) for n in xs)

        return replace(
            self,
            zahlungen=tuple((ersetze(n), c) for n, c in self.zahlungen),
            spieler=None if self.spieler is None else ersetze(self.spieler),
            partner=None if self.partner is None else ersetze(self.partner),
            verlierer=liste(self.verlierer),
            jungfrauen=liste(self.jungfrauen),
            durchmarsch=None if self.durchmarsch is None else ersetze(self.durchmarsch),
        )

    @property
    def ramsch(self) -> bool:
        return self.spielart == "ramsch"

    # ------------------------------------------------------------ Ansicht (eine für alle)

    @property
    def spielname(self) -> str:
        """``Rufspiel``, ``Herz-Solo``, ``Eichel-Wenz`` (wie in der Abrechnung)."""
        from referee.schafkopf.spielart import spielname_aus_ergebnis

        return spielname_aus_ergebnis(self.spielart, self.farbe)

    @property
    def wer(self) -> str:
        """Die Spielerpartei: ``Anna+Ben`` (Rufspiel) oder ``Cem`` (Solo)."""
        return "+".join(x for x in (self.spieler, self.partner) if x)

    def zeile(self) -> str:
        """Was das Spiel festhält, ohne Beträge – so steht es im Verlauf und auf der Live-Seite:
        ``Rufspiel Anna+Ben gewonnen (71 Augen, 3 Laufende)``, ``Ramsch: verliert Cem``.

        >>> SchafkopfErgebnis.aus_json({"zahlungen": {"A": 20, "B": 20, "C": -20, "D": -20},
        ...     "spielart": "rufspiel", "spieler": "A", "partner": "B", "gewonnen": True,
        ...     "augen": 71}).zeile()
        'Rufspiel A+B gewonnen (71 Augen)'
        """
        if self.ramsch:
            if self.durchmarsch:
                text = f"Ramsch: Durchmarsch {self.durchmarsch}"
            else:
                text = "Ramsch: verliert " + "+".join(self.verlierer or ())
            if self.jungfrauen:
                text += ", Jungfrau " + "+".join(self.jungfrauen)
            return text
        text = f"{self.spielname} {self.wer} " + ("gewonnen" if self.gewonnen else "verloren")
        extra = []
        if self.augen is not None:
            extra.append(f"{self.augen} Augen")
        if self.laufende:
            extra.append(f"{self.laufende} Laufende")
        for an, wort in ((self.schwarz, "schwarz"), (self.tout, "Tout"), (self.sie, "Sie")):
            if an:
                extra.append(wort)
        if self.schneider and not self.schwarz:
            extra.append("Schneider")
        if self.klopfer:
            extra.append(f"{self.klopfer}× geklopft")
        if self.stoesse:
            extra.append(f"{self.stoesse}× Stoß")
        return text + (" (" + ", ".join(extra) + ")" if extra else "")

    def zeile_mit_wert(self) -> str:
        """Die lange Form eines eben eingetragenen Spiels, mit Wert und Werterklärung (``tisch``):
        ``Rufspiel Anna+Ben gewonnen · 71 Augen · 3 Laufende → 50 ct: 20 (Rufspiel) + …``."""
        if self.ramsch:
            if self.durchmarsch:
                kopf = f"Ramsch · Durchmarsch {self.durchmarsch}"
            else:
                kopf = "Ramsch · verliert " + "+".join(self.verlierer or ())
                if self.jungfrauen:
                    kopf += " · Jungfrau " + "+".join(self.jungfrauen)
            teile = [kopf]
        else:
            teile = [
                f"{self.spielname} {self.wer} " + ("gewonnen" if self.gewonnen else "verloren")
            ]
            if self.augen is not None:
                teile.append(f"{self.augen} Augen")
            if self.stiche is not None:
                teile.append(f"{self.stiche} Stiche")
            if self.laufende:
                teile.append(f"{self.laufende} Laufende")
            if self.schwarz:
                teile.append("schwarz")
            elif self.schneider:
                teile.append("Schneider")
            if self.tout:
                teile.append("Tout")
            if self.sie:
                teile.append("Sie")
        if self.klopfer:
            teile.append(f"{self.klopfer}× geklopft")
        if self.stoesse:
            teile.append(f"{self.stoesse}× Stoß")
        return " · ".join(teile) + f" → {self.wert} ct: {self.erklaerung}"

    def betraege(self) -> tuple[tuple[str, int], ...]:
        """Cent je Spieler (Sitzordnung des Spiels)."""
        return self.zahlungen

    def erklaerung_nach(self, tarif: Mapping[str, Any] | None) -> str | None:
        """Die Werterklärung (``20 (Rufspiel) + 30 (3 Laufende × 10) = 50 ct``), aus den
        gespeicherten Fakten mit dem Tarif ``tarif`` (JSON-Form) nachgerechnet. Gespeichert ist nur der
        Wert: ergibt die Abrechnung einen anderen (etwa nach einer Tarifänderung), ``None``."""
        from referee.errors import RefereeFehler
        from referee.schafkopf.abrechnung import Fakten, abrechnen
        from referee.schafkopf.spielart import Spielart
        from referee.schafkopf.tarif import Tarif

        try:
            art = Spielart.parse(str(self.spielart))
            sitz = {n: i for i, (n, _) in enumerate(self.zahlungen)}
            if art is Spielart.RAMSCH and self.durchmarsch:
                fakten = Fakten(
                    art,
                    durchmarsch=sitz[self.durchmarsch],
                    klopfer=self.klopfer,
                    stoesse=self.stoesse,
                )
            elif art is Spielart.RAMSCH:
                verlierer = tuple(sitz[n] for n in self.verlierer or ())
                fakten = Fakten(
                    art,
                    ramsch_verlierer=verlierer[0] if len(verlierer) == 1 else verlierer,
                    jungfrauen=tuple(sitz[n] for n in self.jungfrauen or ()),
                    klopfer=self.klopfer,
                    stoesse=self.stoesse,
                )
            else:
                fakten = Fakten(
                    art,
                    augen_spieler=self.augen,
                    laufende=self.laufende,
                    schwarz=self.schwarz,
                    stiche_spieler=self.stiche,
                    tout=self.tout,
                    sie=self.sie,
                    klopfer=self.klopfer,
                    stoesse=self.stoesse,
                )
            ab = abrechnen(fakten, Tarif.aus_json(dict(tarif)) if tarif else None)
        except (RefereeFehler, KeyError, TypeError, ValueError):
            return None
        return f"{ab.erklaerung} ct" if ab.wert == self.wert else None

    def als_json(self) -> dict[str, Any]:
        """Die gespeicherte Form (Schlüssel wie in ``referee.schafkopf.eintrag``)."""
        d: dict[str, Any] = {
            "zahlungen": dict(self.zahlungen),
            "spielart": self.spielart,
            "spieler": self.spieler,
            "partner": self.partner,
            "gewonnen": self.gewonnen,
            "wert": self.wert,
            "augen": self.augen,
            "laufende": self.laufende,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "tout": self.tout,
            "klopfer": self.klopfer,
            "stoesse": self.stoesse,
            "konventionen": list(self.konventionen),
        }
        if self.farbe is not None:
            d["farbe"] = self.farbe
        if not self.ramsch:
            d["sie"] = self.sie
        if not self.ramsch or self.stiche is not None:
            d["stiche"] = self.stiche
        if self.ramsch or self.verlierer is not None:
            d["verlierer"] = list(self.verlierer or ())
            d["jungfrauen"] = list(self.jungfrauen or ())
            d["durchmarsch"] = self.durchmarsch
        return d

    @classmethod
    def aus_json(
        cls,
        daten: object,
        *,
        erklaerung: str | None = None,
        eingabe_zusatz: Mapping[str, Any] | None = None,
    ) -> SchafkopfErgebnis:
        """Aus der gespeicherten (oder exportierten) Form; fehlende Felder haben Standardwerte.
        ``erklaerung`` und ``eingabe_zusatz`` werden nicht gespeichert (siehe oben).

        Wirft ``Eingabefehler``, wenn ein Feld den falschen Typ hat oder die Zahlungen nicht
        null ergeben."""
        d = objekt(daten, "schafkopf")
        g = d.get
        zahlungen = zahlen_je_name(g("zahlungen"), "Schafkopf-Ergebnis „zahlungen“")
        for feld, art in _FELDER:  # jedes Feld geprüft, in dieser Reihenfolge
            wert = g(feld)
            if art == "zaehler":
                wert = wert or 0
            elif wert is None:
                continue
            if type(wert) is not _TYP[art] or (
                isinstance(wert, list) and not all(type(n) is str for n in wert)
            ):
                _PRUEFE[art](wert, f"Schafkopf-Ergebnis „{feld}“")
        ramsch_listen = "verlierer" in d or "jungfrauen" in d or g("spielart") == "ramsch"
        return cls(
            zahlungen=zahlungen,
            spielart=g("spielart"),
            farbe=g("farbe"),
            spieler=g("spieler"),
            partner=g("partner"),
            gewonnen=g("gewonnen"),
            wert=g("wert"),
            augen=g("augen"),
            laufende=g("laufende") or 0,
            schneider=bool(g("schneider")),
            schwarz=bool(g("schwarz")),
            tout=bool(g("tout")),
            sie=bool(g("sie")),
            klopfer=g("klopfer") or 0,
            stoesse=g("stoesse") or 0,
            stiche=g("stiche"),
            konventionen=tuple(g("konventionen") or ()),
            verlierer=tuple(g("verlierer") or ()) if ramsch_listen else None,
            jungfrauen=tuple(g("jungfrauen") or ()) if ramsch_listen else None,
            durchmarsch=g("durchmarsch"),
            erklaerung=erklaerung,
            eingabe_zusatz={} if eingabe_zusatz is None else eingabe_zusatz,
        )


#: Die Felder der gespeicherten Form (außer ``zahlungen``) in der Reihenfolge ihrer Prüfung, je
#: mit ihrer Art: Text, Zahl, wahr/falsch (jeweils auch ``null``), Zähler (fehlend: 0), Schalter
#: (fehlend: false), Namen (eine Liste). Hat ein Feld schon den Typ, den ``als_json`` schreibt
#: (so liest der Speicher jeden Eintrag), gibt es nichts weiter zu tun; sonst meldet die Prüfung
#: der Art den Fehler.
_FELDER = (
    ("spielart", "text"),
    ("farbe", "text"),
    ("spieler", "text"),
    ("partner", "text"),
    ("gewonnen", "wahr"),
    ("wert", "zahl"),
    ("augen", "zahl"),
    ("laufende", "zaehler"),
    ("schneider", "wahr"),
    ("schwarz", "wahr"),
    ("tout", "wahr"),
    ("sie", "wahr"),
    ("klopfer", "zaehler"),
    ("stoesse", "zaehler"),
    ("stiche", "zahl"),
    ("konventionen", "namen"),
    ("verlierer", "namen"),
    ("jungfrauen", "namen"),
    ("durchmarsch", "text"),
)
_TYP: dict[str, type] = {"text": str, "zahl": int, "zaehler": int, "wahr": bool, "namen": list}


#: die Prüfung je Art (mit der Meldung, wenn es nicht passt); sie gibt den geprüften Wert
_PRUEFE: dict[str, Callable[[object, str], object]] = {
    "text": text,
    "zahl": ganzzahl,
    "zaehler": ganzzahl,
    "wahr": _wahr,
    "namen": namensliste,
}

__all__ = ["SchafkopfErgebnis"]
