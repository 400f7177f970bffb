"""Die Textform einer Partie: was Menschen schreiben, als Partie-JSON (``partie_aus_text``).

Die Form steht in ``TEXTFORM``; ``referee.schafkopf.partie`` liest damit Partie-Dateien, die
nicht mit ``{`` oder ``[`` beginnen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.errors import Eingabefehler, RefereeFehler
from referee.schafkopf.tarif import ja_nein, tarif_laden
from referee.zahlen import ist_ziffern

#: Die Sitze am Tisch, im Uhrzeigersinn
SITZE = (0, 1, 2, 3)


TEXTFORM = """\
spiel: rufspiel gras        # Spielart und Farbe (Ruf-Sau bzw. Trumpffarbe)
namen: Anna Ben Cem Dora    # optional, Sitz 0–3
spieler: Anna               # Sitz 0–3 oder Name
klopfer: Anna               # optional; Sitze/Namen
stoesse: Dora Anna          # optional; Stoß, Retour … in Reihenfolge
tout: nein                  # optional (ja/nein); ebenso sie:
tarif: 10-20-50 laufende_ab=2   # optional: Tarifname und/oder schluessel=wert
haende:                     # vier Zeilen, Sitz 0–3 (wahlweise „Name: Karten“)
  HO GU SU HA H9 H8 GK G8
  …
stiche:                     # je Stich: wer ausspielt, dann die Karten in Spielreihenfolge
  Anna: H8 H7 HK H10
  …"""


def partie_aus_text(text: str) -> dict[str, Any]:
    """Die Textform einer Partie (für Menschen) in die Partie-JSON übersetzen.

    Die Form steht in ``TEXTFORM``: Zeilen ``schluessel: wert``, darunter ``haende:`` mit vier
    Zeilen (Sitz 0–3, wahlweise ``Name: Karten``) und ``stiche:`` mit je einer Zeile
    ``Ausspieler: Karten in Spielreihenfolge``; ``#`` beginnt einen Kommentar. Sitze dürfen
    als Zahl 0–3 oder (mit ``namen:``) als Name stehen. Fehler nennen die Zeile.

    >>> d = partie_aus_text('''
    ... spiel: wenz
    ... spieler: 1
    ... haende:
    ...   EO
    ...   GO
    ...   HO
    ...   SO
    ... stiche:
    ...   0: EO GO HO SO
    ... ''')
    >>> d["spiel"], d["farbe"], d["spieler"], d["stiche"]
    ('wenz', None, 1, [{'aus': 0, 'karten': ['EO', 'GO', 'HO', 'SO']}])
    """
    daten: dict[str, tuple[int, str]] = {}  # Schlüssel → (Zeile, Wert)
    maengel: list[str] = []
    block: str | None = None
    haende: list[tuple[int, str | None, list[str]]] = []
    stiche: list[tuple[int, str, list[str]]] = []
    einfach = ("spiel", "namen", "spieler", "klopfer", "stoesse", "tout", "sie", "tarif")
    for nr, roh in enumerate(text.splitlines(), start=1):
        zeile = roh.split("#", 1)[0].strip()
        if not zeile:
            continue
        kopf, doppelpunkt, rest = zeile.partition(":")
        schluessel = kopf.strip().casefold().replace("ö", "oe").replace("ä", "ae")
        if doppelpunkt and schluessel in ("haende", "stiche") and not rest.strip():
            block = schluessel
            continue
        if doppelpunkt and schluessel in einfach:
            block = None
            if schluessel in daten:
                maengel.append(f"Zeile {nr}: „{schluessel}“ steht doppelt.")
            daten[schluessel] = (nr, rest.strip())
            continue
        if block == "haende":
            wer, karten = (kopf.strip(), rest) if doppelpunkt else (None, zeile)
            haende.append((nr, wer, karten.replace(",", " ").split()))
        elif block == "stiche":
            if not doppelpunkt:
                maengel.append(
                    f"Zeile {nr}: Ein Stich braucht die Form „Ausspieler: Karte Karte Karte Karte“ "
                    f"(z. B. „0: H8 H7 HK H10“), nicht „{zeile}“."
                )
                continue
            stiche.append((nr, kopf.strip(), rest.replace(",", " ").split()))
        else:
            maengel.append(
                f"Zeile {nr}: unbekannte Angabe „{zeile}“. Erlaubt sind die Zeilen "
                f"{', '.join(e + ':' for e in einfach)}, haende: und stiche: (je gefolgt von Zeilen)."
            )

    namen: list[str] | None = None
    if "namen" in daten:
        namen = daten["namen"][1].replace(",", " ").split()

    def sitz(wort: str, nr: int) -> int | None:
        if ist_ziffern(wort) and len(wort) == 1 and int(wort) in SITZE:
            return int(wort)
        if namen and wort in namen:
            return namen.index(wort)
        bekannt = (
            f"0–3 oder einer der Namen {', '.join(namen)}"
            if namen
            else "0–3 (oder Namen mit „namen:“)"
        )
        maengel.append(f"Zeile {nr}: „{wort}“ ist kein Sitz; erlaubt: {bekannt}.")
        return None

    def wahr(schl: str) -> bool | None:
        if schl not in daten:
            return None
        nr, wert = daten[schl]
        if not wert:
            return False  # „tout:“ ohne Wert
        try:
            return ja_nein(wert, f"{schl}:")
        except Eingabefehler as e:
            maengel.append(f"Zeile {nr}: {e.meldung}")
            return None

    aus: dict[str, Any] = {}  # die Partie-JSON, wie ``lies_partie`` sie liest (Werte je Schlüssel)
    if "spiel" in daten:
        nr, wert = daten["spiel"]
        teile = wert.split()
        if not teile or len(teile) > 2:
            maengel.append(
                f"Zeile {nr}: „spiel: {wert}“ – erwartet Spielart und ggf. Farbe, z. B. „rufspiel gras“."
            )
        else:
            aus["spiel"] = teile[0]
            aus["farbe"] = teile[1] if len(teile) == 2 else None
    if namen is not None:
        aus["namen"] = namen
    if "spieler" in daten:
        nr, wert = daten["spieler"]
        aus["spieler"] = sitz(wert, nr)
    for schl in ("klopfer", "stoesse"):
        if schl in daten:
            nr, wert = daten[schl]
            aus[schl] = [sitz(w, nr) for w in wert.replace(",", " ").split()]
    for schl in ("tout", "sie"):
        wahrheit = wahr(schl)
        if wahrheit is not None:
            aus[schl] = wahrheit
    if "tarif" in daten:
        nr, wert = daten["tarif"]
        worte = wert.split()
        name = next((w for w in worte if "=" not in w), None)
        setzen = [w for w in worte if "=" in w]
        try:
            t = tarif_laden(name, setzen or None)
            if setzen:
                t = replace(t, name=f"{t.name} mit {' '.join(setzen)}")
            aus["tarif"] = t
        except RefereeFehler as e:
            maengel.append(f"Zeile {nr}: {e.meldung}")
    if haende:
        if len(haende) != 4:
            maengel.append(
                f"Unter „haende:“ stehen {len(haende)} Zeilen; es braucht vier (Sitz 0–3)."
            )
        else:
            geordnet: list[list[str] | None] = [None] * 4
            for i, (nr, wer, hand_tokens) in enumerate(haende):
                s = i if wer is None else sitz(wer, nr)
                if s is not None:
                    if geordnet[s] is not None:
                        maengel.append(f"Zeile {nr}: Die Hand von Sitz {s} steht doppelt.")
                    geordnet[s] = hand_tokens
            aus["haende"] = geordnet
    if "haende" not in aus and not haende:
        aus["haende"] = None
    aus["stiche"] = [{"aus": sitz(wer, nr), "karten": ks} for nr, wer, ks in stiche]
    if maengel:
        raise Eingabefehler(
            " ".join(maengel) + " Form der Textpartie: siehe referee schafkopf partie --help."
        )
    return {k: v for k, v in aus.items() if v is not None or k in ("farbe",)}


__all__ = ["SITZE", "TEXTFORM", "partie_aus_text"]
