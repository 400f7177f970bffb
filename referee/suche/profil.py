"""Gelernte Profile: je Abschnitt Gewichte über die Merkmale einer Frage, und die Art der Frage.

Die Merkmale einer Frage (``profil_merkmale``) sind ihre Stämme, Stammpaare und Buchstaben-Vierer
(Mundart und Tippfehler teilen Vierer mit der Schriftform). Aus den Beispielfragen
(``data/beispielfragen.json``) lernt ein gemitteltes Perzeptron je Abschnitt ein Profil, so dass
jede Beispielfrage ihren Abschnitt vor alle anderen setzt; ein zweites, ebenso gelerntes
Zwei-Klassen-Modell schätzt die Art der Frage (nach einer Regel oder einer Konvention). Das
Ergebnis liegt fertig in ``data/beispielprofil.txt`` (``python -m referee.beispielprofil``).

Wie die Passung die Rangfolge ordnet, entscheidet ``referee.suche.bewertung``; wie die Art
„der Regeltext schweigt“ verschiebt, ``referee.suche.antwort``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from referee.regeltexte import Abschnitt
from referee.suche import konstanten
from referee.suche.satz import FRAGEWOERTER, frage_woerter
from referee.suche.woerterbuch import stoppwoerter
from referee.suche.wortformen import stamm

if TYPE_CHECKING:
    import random

#: Wörter, die in der Frage Füllwörter sind, aber für das Profil die Art der Frage tragen
#: („darf ich …“ fragt nach einer Regel, „was kostet …“ nach Geld).
_PROFIL_FUELLWOERTER = frozenset({"darf", "muss", "kann", "viel", "kostet", "zahlt"})


def profil_merkmale(frage: str, namen: frozenset[str] = frozenset()) -> dict[str, float]:
    """Merkmale einer Frage für die Profile: Stämme, Stammpaare, Buchstaben-Vierer; die
    ``namen`` vom Tisch fallen weg wie Füllwörter.

    >>> sorted(profil_merkmale("Wer gibt?"))
    ['p:wer geb', 'v:<geb', 'v:ben>', 'v:eben', 'v:gebe', 'w:geb', 'w:wer']
    """
    stopp = stoppwoerter() | namen if namen else stoppwoerter()
    merkmale: dict[str, float] = {}
    staemme: list[str] = []
    for w in frage_woerter(frage):
        fuellwort = w in stopp
        if fuellwort and w not in FRAGEWOERTER and w not in _PROFIL_FUELLWOERTER:
            continue
        s = stamm(w)
        staemme.append(s)
        merkmale["w:" + s] = merkmale.get("w:" + s, 0.0) + 1.0
        if not fuellwort:
            x = f"<{w}>"
            for i in range(len(x) - 3):
                v = "v:" + x[i : i + 4]
                merkmale[v] = merkmale.get(v, 0.0) + konstanten.GEWICHT_VIERER
    for erstes, zweites in zip(staemme, staemme[1:]):
        paar = f"p:{erstes} {zweites}"
        merkmale[paar] = merkmale.get(paar, 0.0) + 1.0
    return merkmale


class Profile:
    """Je Abschnitt ein gelerntes Profil: Gewichte über ``profil_merkmale`` (tf-idf-Vektor der
    Frage), so gelernt, dass jede Beispielfrage ihren Abschnitt vor alle anderen setzt
    (gemitteltes Mehrklassen-Perzeptron mit Marge). Anders als ein Schwerpunkt der
    Beispielfragen lernt es, welche Merkmale zwei ähnliche Abschnitte *unterscheiden*
    (eine Regelstelle und ihr FAQ-Zwilling, Wenz und Solo). ``aehnlichkeit`` gibt je
    Abschnitt das Skalarprodukt mit der Frage (etwa 0–1, auch negativ).

    Lernen dauert Sekunden; deshalb liegt das Profil der mitgelieferten Beispielfragen fertig
    in ``data/beispielprofil.txt`` (``python -m referee.beispielprofil``) und gilt nur, wenn
    seine Prüfsumme zu den Merkmalen der Beispielfragen passt – sonst wird neu gelernt.

    Gespeichert als Text, eine Zeile „merkmal<Tab>idf nummer:gewicht …“ je Merkmal, in Fächern
    nach den ersten ``_FACH`` Zeichen des Merkmals: rund 900 Zeichenketten statt Zehntausender
    Objekte, schnell aus dem Cache geladen; gelesen nur für die Merkmale der Frage.
    """

    _FACH = 4

    def __init__(self, faecher: dict[str, str], pruefsumme: str = "", art: float = 0.0) -> None:
        self._faecher = faecher
        self.pruefsumme = pruefsumme
        self._art = art  # Grundwert der Art (Konvention gegen Regel), ohne Merkmale
        # zerlegte Zeilen je Merkmal (None: unbekannt), gemerkt für weitere Fragen
        self._zerlegt: dict[str, tuple[float, tuple[int, ...], tuple[float, ...]] | None] = {}

    @staticmethod
    def _dokumente(
        fragen: Iterable[tuple[str, int]], konventionen: Collection[int] = ()
    ) -> tuple[list[tuple[dict[str, float], int]], str]:
        """Merkmale je Frage und die Prüfsumme über alles, woraus gelernt wird."""
        import hashlib

        dokumente = [(profil_merkmale(frage), i) for frage, i in fragen]
        h = hashlib.sha256(
            f"{konstanten.PROFIL_DURCHGAENGE} {konstanten.PROFIL_MARGE} {konstanten.PROFIL_STARTWERT} {konstanten.PROFIL_KLEINST}\n".encode()
        )
        h.update(("konventionen " + " ".join(map(str, sorted(konventionen))) + "\n").encode())
        for merkmale, i in dokumente:
            zeile = " ".join(f"{m}={x:g}" for m, x in sorted(merkmale.items()))
            h.update(f"{i}\t{zeile}\n".encode())
        return dokumente, h.hexdigest()[:32]

    @classmethod
    def lernen(
        cls,
        fragen: Iterable[tuple[str, int]],
        vorgelernt: str | None = None,
        konventionen: Collection[int] = (),
    ) -> Profile:
        """``fragen``: ``(frage, abschnittsnummer)``. ``vorgelernt``: ``als_text`` eines
        früheren Lernens; gilt, wenn es aus genau diesen Merkmalen gelernt ist.
        ``konventionen``: die Nummern der Konventionen – für die Art (``bewerten``)."""
        import random

        dokumente, pruefsumme = cls._dokumente(fragen, konventionen)
        if vorgelernt is not None:
            fertig = cls.aus_text(vorgelernt)
            if fertig is not None and fertig.pruefsumme == pruefsumme:
                return fertig
        df: dict[str, int] = {}
        for merkmale, _ in dokumente:
            for m in merkmale:
                df[m] = df.get(m, 0) + 1
        idf = {m: math.log(1.0 + len(dokumente) / n) for m, n in df.items()}
        reihe = [(tfidf_vektor(merkmale, idf), i) for merkmale, i in dokumente]
        # Gemitteltes Perzeptron: w die laufenden Gewichte, u die mit dem Schritt gewichteten
        # Änderungen; gemittelt ist w − u / schritt (ohne je Schritt alle Gewichte zu summieren).
        w: dict[str, dict[int, float]] = {}
        u: dict[str, dict[int, float]] = {}
        schritt = 1
        zufall = random.Random(konstanten.PROFIL_STARTWERT)
        for _ in range(konstanten.PROFIL_DURCHGAENGE):
            zufall.shuffle(reihe)
            for vektor, ziel in reihe:
                punkte: dict[int, float] = {}
                for m, x in vektor.items():
                    for j, y in w.get(m, {}).items():
                        punkte[j] = punkte.get(j, 0.0) + x * y
                richtig = punkte.pop(ziel, 0.0)
                gegner = max(punkte, key=punkte.__getitem__) if punkte else None
                if (
                    richtig - (punkte[gegner] if gegner is not None else 0.0)
                    < konstanten.PROFIL_MARGE
                ):
                    for m, x in vektor.items():
                        wm = w.setdefault(m, {})
                        um = u.setdefault(m, {})
                        wm[ziel] = wm.get(ziel, 0.0) + x
                        um[ziel] = um.get(ziel, 0.0) + schritt * x
                        if gegner is not None:
                            wm[gegner] = wm.get(gegner, 0.0) - x
                            um[gegner] = um.get(gegner, 0.0) - schritt * x
                schritt += 1
        art, art_grund = cls._art_lernen(reihe, frozenset(konventionen), zufall)
        faecher: dict[str, list[str]] = {}
        for m in sorted(w.keys() | art.keys()):
            eintraege = [
                f"{j}:{g:.4g}"
                for j in sorted(w.get(m, {}))
                if abs(g := w[m][j] - u[m][j] / schritt) >= konstanten.PROFIL_KLEINST
            ]
            if abs(art.get(m, 0.0)) >= konstanten.PROFIL_KLEINST:
                eintraege.append(f"k:{art[m]:.4g}")
            if eintraege:
                zeile = f"{m}\t{idf[m]:.6g} " + " ".join(eintraege)
                faecher.setdefault(m[: cls._FACH], []).append(zeile)
        return cls(
            {k: "\n" + "\n".join(v) + "\n" for k, v in faecher.items()},
            pruefsumme,
            float(f"{art_grund:.4g}"),
        )

    @staticmethod
    def _art_lernen(
        reihe: list[tuple[dict[str, float], int]],
        konventionen: frozenset[int],
        zufall: random.Random,
    ) -> tuple[dict[str, float], float]:
        """Die Art der Frage: Gewichte und Grundwert eines gemittelten Perzeptrons mit Marge,
        positiv für Fragen nach einer Konvention, negativ für Fragen nach einer Regel.

        Ein eigenes Zwei-Klassen-Modell trennt beides schärfer als der Vergleich des besten
        Konventions- mit dem besten Regelprofil: es sieht alle Konventionsfragen zusammen."""
        if not konventionen:
            return {}, 0.0
        w: dict[str, float] = {}
        u: dict[str, float] = {}
        grund = grund_u = 0.0
        schritt = 1
        for _ in range(konstanten.PROFIL_DURCHGAENGE):
            zufall.shuffle(reihe)
            for vektor, ziel in reihe:
                y = 1.0 if ziel in konventionen else -1.0
                wert = grund + sum(x * w.get(m, 0.0) for m, x in vektor.items())
                if y * wert < konstanten.PROFIL_MARGE:
                    for m, x in vektor.items():
                        w[m] = w.get(m, 0.0) + y * x
                        u[m] = u.get(m, 0.0) + schritt * y * x
                    grund += y
                    grund_u += schritt * y
                schritt += 1
        return {m: w[m] - u[m] / schritt for m in w}, grund - grund_u / schritt

    def als_text(self) -> str:
        """Für ``data/beispielprofil.txt``: Kopfzeilen, dann eine Zeile je Merkmal."""
        kopf = (
            "# referee: gelernte Profile der Beispielfragen – erzeugt mit\n"
            "# python -m referee.beispielprofil, nicht von Hand ändern\n"
            f"# pruefsumme {self.pruefsumme}\n"
            f"# art {self._art:.4g}\n"
        )
        zeilen = [z for fach in sorted(self._faecher) for z in self._faecher[fach].split("\n") if z]
        return kopf + "\n".join(zeilen) + "\n"

    @classmethod
    def aus_text(cls, text: str) -> Profile | None:
        """Umkehrung von ``als_text``; None, wenn der Text nicht so aussieht."""
        pruefsumme = ""
        art = 0.0
        faecher: dict[str, list[str]] = {}
        for zeile in text.splitlines():
            if zeile.startswith("# pruefsumme "):
                pruefsumme = zeile.removeprefix("# pruefsumme ").strip()
            elif zeile.startswith("# art "):
                try:
                    art = float(zeile.removeprefix("# art "))
                except ValueError:
                    return None
            elif zeile and not zeile.startswith("#"):
                if "\t" not in zeile:
                    return None
                faecher.setdefault(zeile[: min(cls._FACH, zeile.index("\t"))], []).append(zeile)
        if not pruefsumme:
            return None
        return cls({k: "\n" + "\n".join(v) + "\n" for k, v in faecher.items()}, pruefsumme, art)

    def zustand(self) -> tuple[dict[str, str], str, float]:
        return self._faecher, self.pruefsumme, self._art

    def _zeile(self, merkmal: str) -> list[str] | None:
        """„idf nummer:gewicht …“ des Merkmals, in Teilen; None, wenn es unbekannt ist."""
        fach = self._faecher.get(merkmal[: self._FACH])
        if fach is None:
            return None
        start = fach.find(f"\n{merkmal}\t")
        if start < 0:
            return None
        start += len(merkmal) + 2
        return fach[start : fach.index("\n", start)].split(" ")

    def bewerten(
        self, frage: str, namen: frozenset[str] = frozenset()
    ) -> tuple[dict[int, float], float]:
        """Abschnittsnummer → Skalarprodukt der Frage mit dem Profil (nur Abschnitte mit einem
        Gewicht für ein Merkmal der Frage), und die Art der Frage: über 0 eher nach einer
        Konvention, unter 0 eher nach einer Regel gefragt (etwa −4 bis 4). ``namen``: die
        Namen vom Tisch (Füllwörter)."""
        merkmale = profil_merkmale(frage, namen)
        zeilen = {m: z for m in merkmale if (z := self._merkmal(m)) is not None}
        idf = {m: z[0] for m, z in zeilen.items()}
        ergebnis: dict[int, float] = {}
        art = self._art
        for m, x in tfidf_vektor(merkmale, idf).items():
            _, nummern, gewichte = zeilen[m]
            for i, gewicht in zip(nummern, gewichte):
                if i < 0:  # „k:…“: das Gewicht für die Art der Frage
                    art += x * gewicht
                    continue
                ergebnis[i] = ergebnis.get(i, 0.0) + x * gewicht
        return ergebnis, art

    def _merkmal(self, merkmal: str) -> tuple[float, tuple[int, ...], tuple[float, ...]] | None:
        """idf, Abschnittsnummern (−1 für die Art) und Gewichte eines Merkmals; gemerkt."""
        if merkmal in self._zerlegt:
            return self._zerlegt[merkmal]
        teile = self._zeile(merkmal)
        ergebnis = None
        if teile is not None:
            paare = [eintrag.split(":") for eintrag in teile[1:]]
            ergebnis = (
                float(teile[0]),
                tuple(-1 if n == "k" else int(n) for n, _ in paare),
                tuple(float(g) for _, g in paare),
            )
        if len(self._zerlegt) >= 50_000:
            self._zerlegt.clear()  # nicht unbegrenzt (ein langer Live-Abend)
        self._zerlegt[merkmal] = ergebnis
        return ergebnis

    def aehnlichkeit(self, frage: str) -> dict[int, float]:
        """Nur die Abschnitte aus ``bewerten``."""
        return self.bewerten(frage)[0]


def profil_fragen(
    liste: Sequence[Abschnitt], beispiele: Iterable[tuple[str, str]]
) -> list[tuple[str, int]]:
    """Woraus die Profile lernen: die Beispielfragen ``(frage, id)`` und jeder Titel, je mit
    der Nummer seines Abschnitts (Beispiele zu fremden ids fallen weg)."""
    nummer = {a.id: i for i, a in enumerate(liste)}
    return [
        *((frage, nummer[ziel]) for frage, ziel in beispiele if ziel in nummer),
        *((a.titel, i) for i, a in enumerate(liste)),
    ]


def tfidf_vektor(merkmale: Mapping[str, float], idf: Mapping[str, float]) -> dict[str, float]:
    """Normierter tf-idf-Vektor (tf gedämpft: 1 + ln tf; Vierer unter 1 linear); Merkmale
    ohne idf (nie in einer Beispielfrage) fallen weg."""
    gewichtet = {
        m: (1.0 + math.log(x) if x >= 1.0 else x) * idf[m] for m, x in merkmale.items() if m in idf
    }
    laenge = math.sqrt(sum(x * x for x in gewichtet.values())) or 1.0
    return {m: x / laenge for m, x in gewichtet.items()}
