"""Eine ganze Partie prüfen und abrechnen: Geben, Ruf, jeder Stich, Augen, Laufende, Geld.

Eingabe ist die Partie-JSON (siehe ``lies_partie``)::

    {"spiel": "rufspiel", "farbe": "gras", "tout": false, "spieler": 0,
     "namen": ["Anna", "Ben", "Cem", "Dora"],             # optional
     "haende": [["HO", "GU", ...], [...], [...], [...]],   # das Geben, je Sitz 0–3
     "klopfer": [0], "stoesse": [3, 0],                    # Sitze; Stoß, Retour … in Reihenfolge
     "stiche": [{"aus": 0, "karten": ["H8", "H7", "HK", "H10"]}, ...],
     "tarif": {"grund": 20, "solo": 50, ...}}              # optional; sonst Standardtarif

Geprüft wird (alle Fehler zusammen, jeder als ``Partiefehler(stich, sitz, karte, grund)``):

- das Geben: 4 Hände gleicher Größe, 8 Karten (langes Blatt) oder 6 (kurzes), alle verschieden
  – sonst ``Eingabefehler`` (Exit 2), denn dann gibt es keine Partie zu prüfen;
- der Ruf: die gerufene Sau muss für den Spielmacher rufbar sein (``referee.schafkopf.ruf``);
- Klopfer (jeder Sitz höchstens einmal) und Stöße (erst ein Gegenspieler, dann abwechselnd
  die andere Partei; der gerufene Partner gibt keinen ersten Stoß, ``schafkopf.stoss``);
- jeder Stich: ausspielen muss, wer den vorigen Stich bekommen hat, jede Karte muss in der
  Hand sein und nach ``referee.schafkopf.zug`` erlaubt (Bedienpflicht, Suchen, Bindung,
  Davonlaufen – der Zustand „davongelaufen“ wird mitgeführt).

Dann: Spielerpartei (Rufspiel: Spielmacher + Halter der Ruf-Sau; sonst der Spielmacher
allein), Augen, Stiche, Laufende (ununterbrochen vom höchsten Trumpf abwärts bei einer
Partei, „mit“ oder „ohne“, über die Hände der Partei hinweg) und die Abrechnung über
``referee.schafkopf.abrechnung``.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

from referee.errors import Eingabefehler, RefereeFehler
from referee.schafkopf.abrechnung import (
    Abrechnung,
    Fakten,
    abrechnen,
    hoechster_trumpf_platz,
    zahlungen_nach_sitz,
)
from referee.schafkopf.karten import (
    _NACH_TEXT,
    AUGEN_JE_NR,
    FORMEN,
    Blatt,
    Karte,
    _falte,
    _token_fehler,
)
from referee.schafkopf.karten import kurz as _KURZ_KARTEN
from referee.schafkopf.partie_text import SITZE, TEXTFORM, partie_aus_text
from referee.schafkopf.ruf import ruf_auskunft
from referee.schafkopf.spielart import Spiel, Spielart
from referee.schafkopf.tarif import Tarif, tarif_laden
from referee.schafkopf.zug import STICHREGELN, _entscheide, ist_davonlaufen

STOSS = "schafkopf.stoss"
#: Sitz nach Index ``aus + j`` (0–7): ``(aus + j) % 4`` als Tabelle.
SITZ_NACH = (0, 1, 2, 3, 0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class Stich:
    """Ein Stich: wer ausspielt (Sitz) und die Karten in Spielreihenfolge."""

    aus: int
    karten: tuple[Karte, ...]


@dataclass(frozen=True, slots=True)
class Partie:
    """Eine gelesene, aber noch nicht geprüfte Partie."""

    spiel: Spiel
    spieler: int
    haende: tuple[tuple[Karte, ...], ...]
    stiche: tuple[Stich, ...]
    blatt: Blatt = Blatt.LANG
    tout: bool = False
    sie: bool = False
    klopfer: tuple[int, ...] = ()
    stoesse: tuple[int, ...] = ()
    namen: tuple[str, ...] | None = None
    tarif: Tarif | None = None  # None = Standardtarif


@dataclass(frozen=True, slots=True)
class Partiefehler:
    """Ein Regelverstoß in der Partie. ``stich`` zählt ab 1 (``None``: vor dem ersten Stich)."""

    stich: int | None
    sitz: int | None
    karte: str | None
    grund: str
    abschnitt: str | None = None
    hand: tuple[Karte, ...] = ()
    """Die Hand des Sitzes vor dieser Karte (bei verbotenen Karten; sonst leer)."""

    def als_json(self) -> dict[str, Any]:
        return {"stich": self.stich, "sitz": self.sitz, "karte": self.karte, "grund": self.grund}


@dataclass(frozen=True, slots=True)
class Partiebericht:
    """Ergebnis von ``partie_bericht``; bei ``gueltig`` auch Augen, Laufende und Zahlungen."""

    partie: Partie
    gueltig: bool
    fehler: tuple[Partiefehler, ...]
    sieger: tuple[int, ...] = ()  # Sitz, der Stich i bekam
    augen: tuple[int, ...] = ()  # je Sitz
    stiche_je_sitz: tuple[int, ...] = ()
    spieler_partei: tuple[int, ...] = ()
    augen_spieler: int | None = None
    stiche_spieler: int | None = None
    laufende: int = 0
    abrechnung: Abrechnung | None = None  # nur bei gültiger Partie
    zahlungen: tuple[int, ...] = ()
    davongelaufen: int | None = None  # Sitz, der davongelaufen ist

    @property
    def konventionen(self) -> tuple[str, ...]:
        """Angewandte Konventionen (Abrechnung, dazu die Bettel-Reihenfolge)."""
        k = tuple(self.abrechnung.konventionen) if self.abrechnung is not None else ()
        if self.partie.spiel.konvention is not None:
            k += (self.partie.spiel.konvention,)
        return k

    @property
    def gewonnen(self) -> bool | None:
        return None if self.abrechnung is None else self.abrechnung.gewonnen

    @property
    def laufende_mit(self) -> bool:
        """Laufende „mit“ (die Spielerpartei hält den höchsten Trumpf) oder „ohne“
        (``schafkopf.laufende``)."""
        p = self.partie
        truempfe = p.spiel.truempfe(p.blatt)
        return bool(truempfe) and any(truempfe[0] in p.haende[s] for s in self.spieler_partei)

    def als_json(self) -> dict[str, Any]:
        """Die JSON-Antwort von ``referee schafkopf partie --json``."""
        if not self.gueltig:
            return {"gueltig": False, "fehler": [f.als_json() for f in self.fehler]}
        a = self.abrechnung
        assert a is not None  # gültig heißt abgerechnet
        d: dict[str, Any] = {
            "gueltig": True,
            "spiel": self.partie.spiel.art.value,
            "farbe": self.partie.spiel.farbe.wort if self.partie.spiel.farbe else None,
            "name": self.partie.spiel.beschreibung,
            "spieler_partei": list(self.spieler_partei),
            "augen_spieler": self.augen_spieler,
            "stiche_spieler": self.stiche_spieler,
            "gewonnen": a.gewonnen,
            "schneider": a.schneider,
            "schwarz": a.schwarz,
            "laufende": self.laufende,
            "laufende_gewertet": a.laufende_gewertet,
            "wert": a.wert,
            "zahlungen": list(self.zahlungen),
            "augen": list(self.augen),
            "stiche": list(self.stiche_je_sitz),
            "erklaerung": a.erklaerung,
            "konventionen": list(self.konventionen),
        }
        if self.partie.namen:
            d["namen"] = list(self.partie.namen)
            d["zahlungen_namen"] = dict(zip(self.partie.namen, self.zahlungen))
        if self.partie.spiel.art is Spielart.RAMSCH:
            d["verlierer"] = list(a.verlierer)
            d["jungfrauen"] = list(a.jungfrauen)
            d["durchmarsch"] = a.durchmarsch
        return d


# --- Lesen ------------------------------------------------------------------

_SCHLUESSEL = (
    "spiel",
    "farbe",
    "tout",
    "sie",
    "spieler",
    "namen",
    "haende",
    "klopfer",
    "stoesse",
    "stiche",
    "tarif",
    "quelle",
    "erwartet",
    "kommentar",
)

_SCHLUESSEL_MENGE = frozenset(_SCHLUESSEL)
_TARIF_CACHE: dict[Hashable, Tarif] = {}
_DICTARTIG = (dict, Mapping)  # dict zuerst: schneller als die ABC-Prüfung


def _tarif(roh: Any) -> Tarif | None:
    """``tarif`` der Partie: ``Any``, denn es ist der rohe JSON-Wert (oder schon ein ``Tarif``
    aus der Textform); ``Tarif.aus_json`` prüft ihn."""
    if roh is None:
        return None
    if isinstance(roh, Tarif):
        return roh
    try:
        schluessel: Hashable = tuple(roh.items())
        t = _TARIF_CACHE.get(schluessel)
    except (TypeError, AttributeError):  # laufende_ab als Objekt o. ä.
        schluessel = json.dumps(roh, sort_keys=True, default=str)
        t = _TARIF_CACHE.get(schluessel)
    if t is None:
        t = Tarif.aus_json(roh)
        if len(_TARIF_CACHE) < 256:
            _TARIF_CACHE[schluessel] = t
    return t


def _karte(tok: object, wo: str, maengel: list[str]) -> Karte | None:
    if isinstance(tok, str):
        k = _NACH_TEXT.get(tok) or _NACH_TEXT.get(_falte(tok))
        if k is not None:
            return k
        maengel.append(_token_fehler(tok, None, formen=False).meldung.rstrip(".") + f" ({wo}).")
    else:
        maengel.append(f"{wo}: „{tok}“ ist keine Karte (erwartet ein Text wie „EO“).")
    return None


def _sitz(wert: object, wo: str, maengel: list[str]) -> int | None:
    if isinstance(wert, bool) or not isinstance(wert, int) or wert not in SITZE:
        maengel.append(f"{wo}: „{wert}“ ist kein Sitz (erlaubt sind 0, 1, 2, 3).")
        return None
    return wert


def mit_tarif(partie: Partie, name: str | None = None, setzen: Sequence[str] = ()) -> Partie:
    """Die Partie mit anderem Tarif: ``name`` ersetzt den Tarif der Partie; ``setzen``
    (``["grund=30"]``) ändert den Tarif der Partie – oder, ohne einen, den benannten bzw.
    den Standardtarif. Ohne beides bleibt die Partie, wie sie ist."""
    if name is None and not setzen:
        return partie
    if name is not None or partie.tarif is None:
        return replace(partie, tarif=tarif_laden(name, list(setzen) or None))
    return replace(partie, tarif=partie.tarif.mit(setzen))


def partie_berichte(
    text: str, quelle: str = "Die Partie", tarif: str | None = None, setzen: Sequence[str] = ()
) -> tuple[list[Partiebericht], bool]:
    """Der Text einer Partie-Datei (JSON-Objekt, JSON-Liste oder Textform) → ein Bericht je
    Partie, mit Tarif ``tarif``/``setzen`` (siehe ``mit_tarif``); dazu, ob es eine Liste war.

    Eingabefehler nennen bei einer Liste die Nummer der Partie.
    """
    daten = partie_daten(text, quelle)
    liste = isinstance(daten, list)
    partien = daten if liste else [daten]
    if liste and not partien:
        raise Eingabefehler(f"„{quelle}“ enthält eine leere Liste von Partien.")
    berichte = []
    for i, d in enumerate(partien, start=1):
        try:
            p = lies_partie(d)
        except Eingabefehler as e:
            if liste:
                raise Eingabefehler(f"Partie {i}: {e.meldung}") from None
            raise
        berichte.append(partie_bericht(mit_tarif(p, tarif, setzen)))
    return berichte, liste


def partie_daten(text: str, quelle: str = "Die Partie") -> Any:
    """Der Text einer Partie-Datei → Partie-JSON (ein Objekt oder eine Liste von Partien;
    ``Any``: ungeprüftes JSON, ``lies_partie`` prüft es).

    Beginnt der Text mit ``{`` oder ``[``, ist er JSON, sonst die Textform
    (``partie_aus_text``). ``quelle`` (z. B. der Dateiname) steht in der Fehlermeldung.

    >>> partie_daten('{"spiel": "wenz"}')
    {'spiel': 'wenz'}
    """
    if not text.lstrip().startswith(("{", "[")):
        return partie_aus_text(text)
    from referee.jsonform import json_von_aussen

    return json_von_aussen(text, f"„{quelle}“")


def lies_partie(daten: Mapping[str, Any] | str) -> Partie:
    """Partie-JSON (Objekt oder Text) lesen; alle Eingabemängel zusammen als ``Eingabefehler``.

    Ein Text, der nicht mit ``{`` beginnt, wird als Textform gelesen (``partie_aus_text``).
    """
    if isinstance(daten, str) and not daten.lstrip().startswith(("{", "[")):
        daten = partie_aus_text(daten)
    if isinstance(daten, str):
        from referee.jsonform import json_von_aussen

        daten = json_von_aussen(daten, "Die Partie")
    if not isinstance(daten, _DICTARTIG):
        raise Eingabefehler(
            "Die Partie muss ein JSON-Objekt sein (mit spiel, spieler, haende, stiche …)."
        )
    maengel: list[str] = []
    if not _SCHLUESSEL_MENGE.issuperset(daten):
        unbekannt = [k for k in daten if k not in _SCHLUESSEL_MENGE]
        if unbekannt:
            maengel.append(
                "Unbekannte Schlüssel: "
                + ", ".join(f"„{k}“" for k in unbekannt)
                + f". Erlaubt sind: {', '.join(_SCHLUESSEL[:11])}."
            )
    for pflicht in ("spiel", "spieler", "haende", "stiche"):
        if pflicht not in daten:
            maengel.append(f"Es fehlt „{pflicht}“.")
    if maengel and any(p not in daten for p in ("spiel", "spieler", "haende", "stiche")):
        raise Eingabefehler(" ".join(maengel))

    spiel: Spiel | None = None
    try:
        spiel = Spiel.aus_text(daten["spiel"], daten.get("farbe"))
    except RefereeFehler as e:  # auch „Herz-Sau gerufen“: so ist die Partie nicht lesbar
        maengel.append(e.meldung)
    spieler = _sitz(daten["spieler"], "spieler", maengel)

    haende_roh = daten["haende"]
    haende: list[tuple[Karte, ...]] = []
    blatt = Blatt.LANG
    if (
        not isinstance(haende_roh, list)
        or len(haende_roh) != 4
        or not all(map(list.__instancecheck__, haende_roh))
    ):
        maengel.append(
            "„haende“ muss eine Liste von vier Händen (Listen von Karten) sein, je Sitz 0–3."
        )
    else:
        groessen = set(map(len, haende_roh))
        if len(groessen) != 1 or Blatt.zu_handgroesse(groessen.pop()) is None:
            maengel.append(
                "Alle vier Hände müssen 8 Karten (langes Blatt) oder 6 Karten (kurzes Blatt) "
                f"haben, nicht {', '.join(str(len(h)) for h in haende_roh)}."
            )
        else:
            blatt = Blatt.zu_handgroesse(len(haende_roh[0]))  # type: ignore[assignment]  # eben geprüft: nicht None
        get = _NACH_TEXT.get
        for sitz, roh in enumerate(haende_roh):
            try:  # schneller Weg: jedes Token in Kurzform
                hand: tuple[Karte | None, ...] = tuple(map(get, roh))
            except TypeError:  # ein Token ist nicht hashbar (Liste, Objekt)
                hand = (None,)
            if None in hand:  # langsamer Weg nur für Fehlermeldungen und Langformen
                langsam = [
                    _karte(t, f"Hand von Sitz {sitz}, Position {pos}", maengel)
                    for pos, t in enumerate(roh, start=1)
                ]
                hand = tuple(k for k in langsam if k is not None)
            haende.append(hand)  # type: ignore[arg-type]  # None ist oben herausgefiltert (heißer Pfad: kein cast)
        alle = [*chain.from_iterable(haende)]
        wo_ist = set(alle)
        if len(wo_ist) != len(alle):
            doppelt: dict[Karte, list[int]] = {}
            for sitz, h in enumerate(haende):
                for k in h:
                    doppelt.setdefault(k, []).append(sitz)
            maengel.append(
                "Doppelt gegeben: "
                + ", ".join(
                    f"{k} (Sitz {' und '.join(map(str, s))})"
                    for k, s in doppelt.items()
                    if len(s) > 1
                )
                + "."
            )
        if blatt is Blatt.KURZ:
            falsch = [str(k) for k in wo_ist if k not in _KURZ]
            if falsch:
                maengel.append(
                    f"Mit 6 Karten je Hand wird mit dem kurzen Blatt gespielt; "
                    f"{', '.join(falsch)} gehören nicht dazu."
                )

    stiche_roh = daten["stiche"]
    stiche: list[Stich] = []
    if not isinstance(stiche_roh, list):
        maengel.append(
            '„stiche“ muss eine Liste von Stichen sein ({"aus": Sitz, "karten": [...]}).'
        )
    else:
        if len(stiche_roh) != blatt.handgroesse:
            maengel.append(
                f"Die Partie hat {len(stiche_roh)} Stiche; mit dem {blatt.value}en Blatt "
                f"sind es {blatt.handgroesse}."
            )
        get = _NACH_TEXT.get
        for i, s in enumerate(stiche_roh, start=1):
            if not isinstance(s, _DICTARTIG) or "aus" not in s or "karten" not in s:
                maengel.append(
                    f'Stich {i} muss die Form {{"aus": Sitz, "karten": [4 Karten]}} haben.'
                )
                continue
            aus = s["aus"]
            if aus.__class__ is not int or aus not in SITZE:  # schneller Weg: ein Sitz 0–3
                aus = _sitz(aus, f"Stich {i}, aus", maengel)
            karten_roh = s["karten"]
            if not isinstance(karten_roh, list) or len(karten_roh) != 4:
                maengel.append(f"Stich {i} muss genau 4 Karten haben.")
                continue
            try:
                karten: tuple[Karte | None, ...] = tuple(map(get, karten_roh))
            except TypeError:
                karten = (None,)
            if None in karten:
                karten = tuple(
                    _karte(t, f"Stich {i}, Karte {j}", maengel)
                    for j, t in enumerate(karten_roh, start=1)
                )
            if aus is not None and None not in karten:
                stiche.append(Stich(aus, karten))  # type: ignore[arg-type]  # „None not in karten“ eben geprüft

    klopfer = _sitzliste(daten.get("klopfer", []), "klopfer", maengel)
    stoesse = _sitzliste(daten.get("stoesse", []), "stoesse", maengel)
    namen = daten.get("namen")
    if namen is not None and (
        not isinstance(namen, list)
        or len(namen) != 4
        or not all(isinstance(n, str) and n.strip() for n in namen)
        or len(set(namen)) != 4
    ):
        maengel.append("„namen“ muss eine Liste von vier verschiedenen Namen sein (Sitz 0–3).")
        namen = None
    tout = daten.get("tout", False)
    sie = daten.get("sie", False)
    if tout.__class__ is not bool or sie.__class__ is not bool:
        for schl, wert in (("tout", tout), ("sie", sie)):
            if not isinstance(wert, bool):
                maengel.append(f"„{schl}“ muss true oder false sein, nicht „{wert}“.")
    tarif = None
    if daten.get("tarif") is not None:
        try:
            tarif = _tarif(daten["tarif"])
        except RefereeFehler as e:
            maengel.append(e.meldung)
    if maengel:
        if any("Unbekannte Karte" in m or "ist mehrdeutig" in m for m in maengel):
            maengel.append(f"Karten schreibt man in der {FORMEN}.")
        raise Eingabefehler(" ".join(maengel))
    assert spiel is not None and spieler is not None  # sonst stünde es in maengel
    return Partie(
        spiel=spiel,
        spieler=spieler,
        haende=tuple(haende),
        stiche=tuple(stiche),
        blatt=blatt,
        tout=bool(tout),
        sie=bool(sie),
        klopfer=klopfer,
        stoesse=stoesse,
        namen=tuple(namen) if namen else None,
        tarif=tarif,
    )


def _sitzliste(wert: object, name: str, maengel: list[str]) -> tuple[int, ...]:
    if not isinstance(wert, list):
        maengel.append(f"„{name}“ muss eine Liste von Sitzen (0–3) sein.")
        return ()
    aus = []
    for x in wert:
        s = _sitz(x, name, maengel)
        if s is not None:
            aus.append(s)
    return tuple(aus)


_KURZ = frozenset(_KURZ_KARTEN)


# --- Prüfen -----------------------------------------------------------------


def laufende(
    spiel: Spiel,
    haende: Sequence[Sequence[Karte]],
    partei: Sequence[int],
    blatt: Blatt = Blatt.LANG,
) -> int:
    """Laufende: ununterbrochen vom höchsten Trumpf abwärts bei einer Partei („mit“ oder „ohne“).

    Gezählt über die Hände aller Mitglieder der Partei (``schafkopf.laufende``); Ramsch und
    Bettel haben keine Laufenden.
    """
    if spiel.art in (Spielart.RAMSCH, Spielart.BETTEL):
        return 0
    bei_partei = [False] * 32
    for sitz in partei:
        for k in haende[sitz]:
            bei_partei[k.nr] = True
    truempfe = spiel.truempfe(blatt)
    if not truempfe:
        return 0
    mit = bei_partei[truempfe[0].nr]
    n = 0
    for k in truempfe:
        if bei_partei[k.nr] != mit:
            break
        n += 1
    return n


def _wer(p: Partie, sitz: int) -> str:
    """``Sitz 3 (Dora)`` bzw. ``Sitz 3`` – für Meldungen."""
    return f"Sitz {sitz} ({p.namen[sitz]})" if p.namen else f"Sitz {sitz}"


def _pruefe_vorab(p: Partie, partei: tuple[int, ...], fehler: list[Partiefehler]) -> None:
    spiel = p.spiel
    if spiel.art is Spielart.RUFSPIEL:
        assert spiel.farbe is not None  # ein Rufspiel ruft immer eine Sau (Spiel.__post_init__)
        a = ruf_auskunft(p.haende[p.spieler], spiel.farbe)
        if not a.erlaubt:
            fehler.append(
                Partiefehler(
                    None,
                    p.spieler,
                    f"{spiel.farbe.value}A",
                    f"Der Ruf ist nicht erlaubt: {a.grund}",
                    a.abschnitt,
                )
            )
    if p.tout and not spiel.art.solo_artig:
        fehler.append(
            Partiefehler(
                None,
                p.spieler,
                None,
                f"Tout gibt es nur bei Solo-artigen Spielen, nicht beim {spiel.art.name_de}.",
            )
        )
    if p.sie:
        ou = [k for k in p.haende[p.spieler] if k.schlag.value in "OU"]
        if spiel.art is not Spielart.SOLO or len(ou) != 8:
            fehler.append(
                Partiefehler(
                    None,
                    p.spieler,
                    None,
                    "Sie heißt: Der Spieler eines Solos hält alle "
                    "vier Ober und alle vier Unter – das passt nicht zu dieser Partie.",
                )
            )
    gesehen = set()
    for s in p.klopfer:
        if s in gesehen:
            fehler.append(
                Partiefehler(
                    None, s, None, f"Sitz {s} hat zweimal geklopft; jeder klopft höchstens einmal."
                )
            )
        gesehen.add(s)
    if p.stoesse and spiel.art is Spielart.RAMSCH:
        fehler.append(Partiefehler(None, p.stoesse[0], None, "Beim Ramsch gibt es keinen Stoß."))
    elif p.stoesse:
        for i, s in enumerate(p.stoesse):
            gegner = s not in partei
            if i % 2 == 0 and not gegner:
                was = (
                    "den ersten Stoß" if i == 0 else f"den {i + 1}. Stoß (wieder die Gegenspieler)"
                )
                wer = "der gerufene Partner" if s != p.spieler else "der Spieler"
                fehler.append(
                    Partiefehler(
                        None,
                        s,
                        None,
                        f"Sitz {s} ist {wer} und darf nicht {was} geben; "
                        f"Stoß geben nur die Gegenspieler ({STOSS}).",
                        STOSS,
                    )
                )
            elif i % 2 == 1 and gegner:
                fehler.append(
                    Partiefehler(
                        None,
                        s,
                        None,
                        f"Sitz {s} ist Gegenspieler; das Retour (Stoß {i + 1}) "
                        f"gibt die Spielerpartei ({STOSS}).",
                        STOSS,
                    )
                )


def partie_bericht(partie: Partie | Mapping[str, Any] | str) -> Partiebericht:
    """Die ganze Partie prüfen und – wenn alles regelgerecht war – abrechnen."""
    p = partie if isinstance(partie, Partie) else lies_partie(partie)
    spiel = p.spiel
    n = p.blatt.handgroesse
    fehler: list[Partiefehler] = []

    rufsau = spiel.rufsau
    partner = None
    if rufsau is not None:
        partner = next((s for s in SITZE if rufsau in p.haende[s]), None)
    if spiel.art is Spielart.RAMSCH:
        partei: tuple[int, ...] = ()
    elif partner is not None and partner != p.spieler:
        partei = tuple(sorted((p.spieler, partner)))
    else:
        partei = (p.spieler,)
    _pruefe_vorab(p, partei, fehler)

    haende = [list(h) for h in p.haende]
    davongelaufen = [False] * 4
    davon_sitz = None
    augen = [0, 0, 0, 0]
    stiche = [0, 0, 0, 0]
    sieger_liste = []
    vorher = None
    je_nr = AUGEN_JE_NR
    for i, st in enumerate(p.stiche):
        nr = i + 1
        letzter = i == n - 1
        aus = st.aus
        if vorher is not None and aus != vorher:
            fehler.append(
                Partiefehler(
                    nr,
                    aus,
                    None,
                    f"{_wer(p, aus)} spielt aus, aber {_wer(p, vorher)} "
                    f"hat den vorigen Stich bekommen und muss ausspielen ({STICHREGELN}).",
                    STICHREGELN,
                )
            )
        karten = st.karten
        ausgespielt = None
        for j, karte in enumerate(karten):
            sitz = SITZ_NACH[aus + j]
            hand = haende[sitz]
            if karte not in hand:
                wo = next((s for s in SITZE if karte in p.haende[s]), None)
                grund = f"{karte} ist nicht (mehr) in der Hand von {_wer(p, sitz)}" + (
                    f"; sie wurde {_wer(p, wo)} gegeben."
                    if wo is not None and wo != sitz
                    else "; sie wurde schon gespielt."
                )
                fehler.append(Partiefehler(nr, sitz, str(karte), grund, None, tuple(hand)))
                ausgespielt = karten[0]
                continue
            gebunden = rufsau is not None and not davongelaufen[sitz] and rufsau in hand
            # „letzter Stich“ zählt nur für die gebundene Ruf-Sau
            letzte_karte = gebunden and (letzter or len(hand) == 1)
            if karte not in _entscheide(hand, ausgespielt, spiel, gebunden, letzte_karte, False)[0]:
                erlaubt, verboten, _ = _entscheide(
                    hand, ausgespielt, spiel, gebunden, letzte_karte, True
                )
                v = next((v for v in verboten if v.karte is karte), None)
                grund = (v.grund if v else "Nicht erlaubt.") + (
                    f" Erlaubt wären: {' '.join(str(k) for k in erlaubt)}."
                )
                fehler.append(
                    Partiefehler(
                        nr, sitz, str(karte), grund, v.abschnitt if v else None, tuple(hand)
                    )
                )
            elif gebunden and ist_davonlaufen(hand, karten[:j], spiel, karte):
                davongelaufen[sitz] = True
                davon_sitz = sitz
            hand.remove(karte)
            ausgespielt = karten[0]
        sieger = SITZ_NACH[aus + spiel.stich_gewinner(karten)]  # wie stichsieger()
        sieger_liste.append(sieger)
        stiche[sieger] += 1
        a, b, c, d = karten
        augen[sieger] += je_nr[a.nr] + je_nr[b.nr] + je_nr[c.nr] + je_nr[d.nr]
        vorher = sieger

    if fehler:
        return Partiebericht(
            p,
            False,
            tuple(fehler),
            tuple(sieger_liste),
            tuple(augen),
            tuple(stiche),
            partei,
            davongelaufen=davon_sitz,
        )

    lauf = laufende(spiel, p.haende, partei, p.blatt) if partei else 0
    augen_sp = sum(augen[s] for s in partei) if partei else None
    stiche_sp = sum(stiche[s] for s in partei) if partei else None
    if spiel.art is Spielart.RAMSCH:
        verlierer = _ramsch_verlierer(p.haende, augen)
        fakten = Fakten(
            Spielart.RAMSCH,
            klopfer=len(p.klopfer),
            kurz=p.blatt is Blatt.KURZ,
            augen=tuple(augen),
            stiche=tuple(stiche),
            ramsch_verlierer=verlierer,
        )
    else:
        fakten = Fakten(
            spiel.art,
            farbe=spiel.farbe,
            augen_spieler=augen_sp,
            laufende=lauf,
            stiche_spieler=stiche_sp,
            tout=p.tout,
            sie=p.sie,
            klopfer=len(p.klopfer),
            stoesse=len(p.stoesse),
            kurz=p.blatt is Blatt.KURZ,
        )
    abrechnung = abrechnen(fakten, p.tarif) if p.tarif is not None else abrechnen(fakten)
    zahlungen = tuple(zahlungen_nach_sitz(abrechnung, partei))
    return Partiebericht(
        p,
        True,
        (),
        tuple(sieger_liste),
        tuple(augen),
        tuple(stiche),
        partei,
        augen_sp,
        stiche_sp,
        lauf,
        abrechnung,
        zahlungen,
        davon_sitz,
    )


def _ramsch_verlierer(haende: Sequence[Sequence[Karte]], augen: Sequence[int]) -> int | None:
    """Bei Gleichstand der Höchsten: wer von ihnen den höchsten Trumpf hatte (Konvention,
    ``abrechnung.hoechster_trumpf_platz``); ohne Gleichstand ``None``."""
    hoechst = max(augen)
    gleiche = [s for s in SITZE if augen[s] == hoechst]
    if len(gleiche) < 2:
        return None
    return hoechster_trumpf_platz(haende, gleiche)


__all__ = [
    "TEXTFORM",
    "Partie",
    "Partiebericht",
    "Partiefehler",
    "Stich",
    "laufende",
    "lies_partie",
    "mit_tarif",
    "partie_aus_text",
    "partie_bericht",
    "partie_berichte",
    "partie_daten",
]
