"""Der Wortindex: Felder je Wort, Wortpaare, Vokabular, Beispielfragen und Profile.

Ein ``Wortindex`` wird einmal aus den Abschnitten (Regeltexte und Konventionen) und den
Beispielfragen gebaut (``referee.suche.cache`` hält ihn über Prozesse hinweg) und beantwortet
danach nur noch Nachschlagefragen:

- **Felder** (``posting``): je Wort die Abschnitte und das Feldgewicht, in dem es dort steht
  (Titel > Stichworte > Text > Beispielfrage, ``konstanten.GEWICHT_*``); ein Abschnitt mit
  einer Zahl trägt das Kunstwort ``#zahl``, eine Konvention mit Geldwort ``#geld``.
- **Wortpaare** (``paar``): welche Abschnitte zwei Wörter unmittelbar hintereinander haben.
- **Vokabular** (``aehnliche``): Korpuswörter, die einem Suchwort ähneln – gleich, gleicher
  Stamm, Tippfehler (rapidfuzz ``ratio``, für richtig geschriebene Korpuswörter vorberechnet),
  Teilwort eines Kompositums; ``zerteile`` zerlegt ein unbekanntes Kompositum in bekannte Teile.
- **Beispielfragen**: ein zweiter, kleiner Index, dessen Einträge die Fragen sind und auf ihren
  Abschnitt zeigen; dazu die gelernten Profile (``referee.suche.profil``).

Suchen, bewerten und antworten tun ``suchwoerter``, ``bewertung`` und ``antwort`` über ihm;
``referee.suche.suchindex.Suchindex`` ist der Wortindex mit diesen Fragen als Methoden (über
allen dreien, damit keiner von ihnen nach oben importiert).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Self, TypeAlias

from referee.regeltexte import Abschnitt
from referee.suche import konstanten
from referee.suche.falten import woerter
from referee.suche.profil import Profile, profil_fragen
from referee.suche.satz import absicht_im_text, frage_woerter, inhaltswoerter, verb_mit_partikel
from referee.suche.woerterbuch import namen_als_fuellwoerter, staemme, stoppwoerter, synonyme
from referee.suche.wortformen import VORSILBEN, stamm

#: Der Zustand eines ``Wortindex`` als reine Daten für ``marshal`` (``zustand``/``aus_zustand``):
#: Beispielindex (Ziele, sein Zustand, Profile) oder ``None``, Abschnitts-ids (``None`` beim
#: Beispielindex), Postings, Wortpaare, Titelstämme, größte idf, dann das Vokabular
#: (Wörter, Teilwort-Blob, Anfänge, Stammwörter, vorberechnete Nachbarn).
Zustand: TypeAlias = tuple[
    "tuple[tuple[int, ...], Zustand, tuple[dict[str, str], str, float] | None] | None",
    tuple[str, ...] | None,
    dict[str, str],
    dict[str, str],
    list[str],
    float,
    list[str],
    str,
    list[int],
    dict[str, str],
    dict[str, str] | None,
]


class Postings:
    """Wort → (Abschnittsnummern, Feldgewichte), je Wort als Text gespeichert („3 17 256“, ein
    Gewicht ungleich 1 als „17:0.55“) und erst zerlegt, wenn eine Frage das Wort braucht
    (gemerkt). So sind es wenige Objekte: der Beispielindex hat über 3000 Wörter mit je Dutzenden
    Beispielen, und Zehntausende Zahlen aus dem Cache zu laden kostete jeden Start Millisekunden.
    """

    __slots__ = ("_einheitlich", "_text", "_zerlegt")

    def __init__(self, text: dict[str, str]) -> None:
        self._text = text
        self._zerlegt: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = {}
        self._einheitlich: bool | None = None

    def einheitlich(self) -> bool:
        """Hat jeder Eintrag dasselbe Feldgewicht (1)? Beim Beispielindex ja: jede Beispielfrage
        ist der Titel ihres Eintrags."""
        if self._einheitlich is None:
            self._einheitlich = not any(":" in t for t in self._text.values())
        return self._einheitlich

    @classmethod
    def aus_feldern(cls, felder: dict[str, tuple[tuple[int, ...], tuple[float, ...]]]) -> Postings:
        """Aus Nummern und Gewichten je Wort (so wie ``__getitem__`` sie wieder liefert)."""
        return cls(
            {
                wort: " ".join(
                    str(i) if g == 1.0 else f"{i}:{g!r}" for i, g in zip(nummern, gewichte)
                )
                for wort, (nummern, gewichte) in felder.items()
            }
        )

    def __getitem__(self, wort: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
        paar = self._zerlegt.get(wort)
        if paar is None:
            text = self._text[wort]
            teile = text.split(" ")
            if ":" not in text:
                paar = (tuple(map(int, teile)), (1.0,) * len(teile))
            else:
                zahlen = [t.partition(":") for t in teile]
                paar = (
                    tuple(int(i) for i, _, _ in zahlen),
                    tuple(float(g) if g else 1.0 for _, _, g in zahlen),
                )
            self._zerlegt[wort] = paar
        return paar

    def __contains__(self, wort: object) -> bool:
        return wort in self._text

    def __iter__(self) -> Iterator[str]:
        return iter(self._text)

    def __len__(self) -> int:
        return len(self._text)

    def text(self) -> dict[str, str]:
        """Die Textform je Wort (für den Cache)."""
        return self._text


#: So viele Wörter merkt sich ``Wortindex.aehnliche`` höchstens (dann fängt es neu an).
_MERKEN = 4096


def art(a: Abschnitt) -> str:
    """``"konvention"`` für Einträge aus ``data/konventionen.md``, sonst ``"regel"``."""
    return "konvention" if a.id.startswith("konvention.") else "regel"


def profile_lernen(
    liste: Sequence[Abschnitt], beispiele: Iterable[tuple[str, str]], vorgelernt: str | None = None
) -> Profile:
    """Die Profile der Abschnitte ``liste`` aus den Beispielfragen (oder ``vorgelernt``)."""
    konventionen = [i for i, a in enumerate(liste) if art(a) == "konvention"]
    return Profile.lernen(profil_fragen(liste, beispiele), vorgelernt, konventionen)


class Wortindex:
    """Vorberechneter Index über Abschnitte: Vokabular, Felder je Wort, idf."""

    def __init__(
        self,
        liste: Iterable[Abschnitt],
        beispiele: Iterable[tuple[str, str]] = (),
        titel_sind_fragen: bool = False,
        vorgelernt: str | None = None,
    ) -> None:
        """``beispiele``: ``(frage, id)``; ``titel_sind_fragen``: die Titel sind Fragen von
        Spielern (der Beispielindex) und werden wie eine Frage zerlegt; ``vorgelernt``: fertig
        gelernte Profile (``Profile.als_text``), die gelten, wenn sie zu den Beispielen passen."""
        self.abschnitte: tuple[Abschnitt, ...] = tuple(liste)
        # Beim Beispielindex: der Hauptindex, dessen Vokabular (Tippfehler, Stämme) er nutzt
        self._quelle: Wortindex | None = None
        self._aehnlich: dict[tuple[str, bool], dict[str, float]] = {}
        beispiele = list(beispiele)
        self._beispiele_setzen(beispiele)
        self.profile: Profile | None = None
        self._letztes_profil: tuple[tuple[str, frozenset[str]], dict[int, float], float] = (
            ("", frozenset()),
            {},
            0.0,
        )
        if beispiele and not titel_sind_fragen:
            self.profile = profile_lernen(self.abschnitte, beispiele, vorgelernt)
        je_abschnitt: dict[str, list[str]] = {}
        for frage, ziel in beispiele:
            je_abschnitt.setdefault(ziel, []).append(frage)
        felder: list[dict[str, float]] = []
        paare: dict[str, set[int]] = {}
        for i, a in enumerate(self.abschnitte):
            f: dict[str, float] = {}
            teile = [
                (
                    konstanten.GEWICHT_TEXT_KONVENTION
                    if art(a) == "konvention"
                    else konstanten.GEWICHT_TEXT,
                    a.text,
                ),
                *((konstanten.GEWICHT_STICHWORT, s) for s in a.stichworte),
                (konstanten.GEWICHT_TITEL, a.titel),
                # Beispielfragen erweitern den Abschnitt um die Wörter der Spieler
                *((konstanten.GEWICHT_BEISPIELTEXT, frage) for frage in je_abschnitt.get(a.id, ())),
            ]
            for nr, (gewicht, teil) in enumerate(teile):
                stichwort = 0 < nr <= len(a.stichworte)  # (Titel und Beispiele danach)
                titel = nr == len(a.stichworte) + 1
                if nr > len(a.stichworte) + 1 or (titel and titel_sind_fragen):
                    # eine Frage von Spielern: zerlegt wie die Frage selbst (Mundart, Zahlwörter,
                    # „wer spielt zusammen“ → auch ``zusammenspielt``)
                    gefaltet = frage_woerter(teil)
                    folge = inhaltswoerter(gefaltet)
                    gefaltet = gefaltet + verb_mit_partikel(gefaltet)
                else:
                    gefaltet = woerter(teil)
                    if stichwort and len(gefaltet) > 1 and gefaltet[-1] in VORSILBEN:
                        # wie in der Frage: „wer spielt mit“ → auch ``mitspielt``
                        gefaltet.append(gefaltet[-1] + gefaltet[-2])
                    folge = inhaltswoerter(gefaltet)
                for wort in gefaltet:
                    if gewicht > f.get(wort, 0.0):
                        f[wort] = gewicht
                    absicht = absicht_im_text(wort, art(a))
                    if absicht and gewicht > f.get(absicht, 0.0):
                        f[absicht] = gewicht
                # Wortfolgen je Titel, Text und einzelnem Stichwort (nicht über Stichwortgrenzen)
                for erstes, zweites in zip(folge, folge[1:]):
                    paare.setdefault(f"{erstes} {zweites}", set()).add(i)
            felder.append(f)
        # Wortpaar → Abschnittsnummern, als Text je erstem Wort („\nzweites 1,4\nanderes 7“):
        # wenige Objekte, die schnell aus dem Cache geladen und beim Beenden freigegeben sind;
        # gelesen nur für die Paare der Frage (``paar``)
        je_erstem: dict[str, list[str]] = {}
        for schluessel, menge in paare.items():
            erstes, zweites = schluessel.split(" ")
            je_erstem.setdefault(erstes, []).append(
                f"\n{zweites} " + ",".join(map(str, sorted(menge)))
            )
        self._paare: dict[str, str] = {k: "".join(v) for k, v in je_erstem.items()}
        # Wort → (Abschnittsnummern, Feldgewichte): zwei Tupel statt eines Paars je Abschnitt –
        # weniger Objekte, schneller aus dem Cache geladen und beim Beenden freigegeben
        nummern: dict[str, list[int]] = {}
        gewichte: dict[str, list[float]] = {}
        for i, f in enumerate(felder):
            for wort, g in f.items():
                nummern.setdefault(wort, []).append(i)
                gewichte.setdefault(wort, []).append(g)
        self._ableiten(
            Postings.aus_feldern({w: (tuple(nummern[w]), tuple(gewichte[w])) for w in nummern})
        )
        self._nachbarn: dict[str, str] | None = None
        # je Abschnitt die Stämme seines Titels, durch Leerzeichen getrennt
        zerlegen = frage_woerter if titel_sind_fragen else woerter
        self.titel_staemme: list[str] = [
            " ".join(sorted(set(staemme(inhaltswoerter(zerlegen(a.titel))))))
            for a in self.abschnitte
        ]

    def _beispiele_setzen(self, beispiele: Iterable[tuple[str, str]]) -> None:
        """Beispielfragen ``(frage, id)`` als eigener kleiner Index: je Frage ein Eintrag,
        dessen Titel die Frage ist und der auf den Abschnitt ``id`` zeigt."""
        nummer = {a.id: i for i, a in enumerate(self.abschnitte)}
        eintraege: list[Abschnitt] = []
        self.ziele: list[int] = []
        for frage, ziel in beispiele:
            if ziel not in nummer:
                continue  # Beispiel zu einem Abschnitt, den dieser Index nicht hat
            a = self.abschnitte[nummer[ziel]]
            eintraege.append(Abschnitt(a.id, a.spiel, frage, ""))
            self.ziele.append(nummer[ziel])
        self.beispiele: Wortindex | None = None
        if eintraege:
            # Die Wörter der Beispielfragen stehen auch im Hauptindex (eigenes Feld): der
            # Beispielindex braucht kein eigenes Vokabular und erkennt dieselben Tippfehler.
            self.beispiele = Wortindex(eintraege, titel_sind_fragen=True)
            self.beispiele._quelle = self

    # -- Zwischenspeichern ---------------------------------------------------------------

    def nachbarn_berechnen(self) -> None:
        """Für jedes Korpuswort die unscharf ähnlichen vorab (wie ``process.extract`` in
        ``aehnliche``): Fragen aus richtig geschriebenen Wörtern brauchen dann kein
        rapidfuzz beim Start. Für den mitgelieferten Korpus, einmal vor dem Cache."""
        nachbarn: dict[str, str] = {}
        for wort in self.vokabular:
            # „wort ähnlichkeit“ je Zeile: ein Objekt je Korpuswort (schnell geladen)
            nachbarn[wort] = "\n".join(
                f"{k} {sc!r}" for k, sc in _unscharf(wort, self.vokabular, False) if k != wort
            )
        self._nachbarn = nachbarn

    def zustand(self) -> Zustand:
        """Der berechnete Zustand als reine Daten (für ``marshal``); ohne die Abschnitte."""
        beispiele = None
        if self.beispiele is not None:
            profile = None if self.profile is None else self.profile.zustand()
            beispiele = (tuple(self.ziele), self.beispiele.zustand(), profile)
        vokabular = (self.vokabular, self._blob, self._anfaenge, self.stammwoerter, self._nachbarn)
        # die ids prüft nur der Hauptindex: die Einträge des Beispielindex folgen aus ``ziele``
        ids: tuple[str, ...] | None = tuple(a.id for a in self.abschnitte)
        if self._quelle is not None:
            vokabular = ([], "", [], {}, None)  # das der Quelle
            ids = None
        return (
            beispiele,
            ids,
            self.posting.text(),
            self._paare,
            self.titel_staemme,
            self.idf_max,
            *vokabular,
        )

    @classmethod
    def aus_zustand(cls, liste: Iterable[Abschnitt], zustand: Zustand) -> Self:
        """Index aus ``zustand()`` und denselben Abschnitten; ``ValueError`` wenn sie abweichen."""
        ix = cls.__new__(cls)
        ix.abschnitte = tuple(liste)
        (
            beispiele,
            ids,
            posting,
            ix._paare,
            ix.titel_staemme,
            ix.idf_max,
            ix.vokabular,
            ix._blob,
            ix._anfaenge,
            ix.stammwoerter,
            ix._nachbarn,
        ) = zustand
        if ids is not None and tuple(a.id for a in ix.abschnitte) != ids:
            raise ValueError("Zwischengespeicherter Index passt nicht zu den Abschnitten.")
        ix.posting = Postings(posting)
        ix._quelle = None
        ix._aehnlich = {}
        ix.beispiele = None
        ix.profile = None
        ix._letztes_profil = (("", frozenset()), {}, 0.0)
        ix.ziele = []
        if beispiele is not None:
            ziele, unterzustand, profile = beispiele
            ix.ziele = list(ziele)
            ix.profile = None if profile is None else Profile(*profile)
            # Nach dem Aufbau braucht der Beispielindex von seinen Einträgen nur id und Spiel:
            # der Abschnitt, auf den die Beispielfrage zeigt, genügt (nichts neu anzulegen).
            ix.beispiele = Wortindex.aus_zustand([ix.abschnitte[i] for i in ziele], unterzustand)
            ix.beispiele._quelle = ix
        return ix

    def _ableiten(self, posting: Postings) -> None:
        """Aus den Postings: Vokabular, Teilwort-Blob, Stämme."""
        self.posting = posting
        self.idf_max = math.log(1.0 + max(len(self.abschnitte), 1))
        self.vokabular: list[str] = sorted(posting)
        # Alle Wörter in einer Zeichenkette: Teilwortsuche mit str.find statt Python-Schleife.
        self._blob = "\n".join(self.vokabular) + "\n"
        self._anfaenge: list[int] = []
        pos = 0
        for w in self.vokabular:
            self._anfaenge.append(pos)
            pos += len(w) + 1
        je_stamm: dict[str, list[str]] = {}
        for w in self.vokabular:
            je_stamm.setdefault(stamm(w), []).append(w)
        self.stammwoerter: dict[str, str] = {k: " ".join(v) for k, v in je_stamm.items()}

    def paar(self, erstes: str, zweites: str) -> list[int]:
        """Die Abschnitte, in denen ``zweites`` direkt auf ``erstes`` folgt."""
        text = self._paare.get(erstes)
        if text is None:
            return []
        start = text.find(f"\n{zweites} ")
        if start < 0:
            return []
        start += len(zweites) + 2
        ende = text.find("\n", start)
        return [int(n) for n in text[start : None if ende < 0 else ende].split(",")]

    def idf(self, wort: str) -> float:
        """Seltenheit eines Korpusworts: ln(1 + Abschnitte / Abschnitte mit dem Wort)."""
        return math.log(1.0 + max(len(self.abschnitte), 1) / len(self.posting[wort][0]))

    # -- Ähnlichkeit eines Suchworts mit dem Vokabular ---------------------------------

    def aehnliche(self, wort: str, tippfehler: bool = True) -> dict[str, float]:
        """Korpuswörter, die ``wort`` ähneln, mit Ähnlichkeit 0–100 (nicht verändern: gemerkt).

        ``tippfehler=False`` für Synonyme aus der Datei: die sind richtig geschrieben,
        unscharfer Vergleich brächte nur Rauschen (``kriegen`` ~ ``regeln``). Gemerkt je Wort:
        eine Antwort fragt Haupt- und Beispielindex und die Regelstelle der Konvention.
        """
        schluessel = (wort, tippfehler)
        treffer = self._aehnlich.get(schluessel)
        if treffer is None:
            if len(self._aehnlich) >= _MERKEN:
                self._aehnlich.clear()  # ein langer Live-Abend: nicht unbegrenzt
            treffer = self._aehnliche_berechnen(wort, tippfehler)
            self._aehnlich[schluessel] = treffer
        return treffer

    def _aehnliche_berechnen(self, wort: str, tippfehler: bool) -> dict[str, float]:
        if self._quelle is not None:  # Beispielindex: Ähnliche im Vokabular der Quelle
            return {
                k: v
                for k, v in self._quelle.aehnliche(wort, tippfehler).items()
                if k in self.posting
            }
        treffer: dict[str, float] = {}
        if wort in self.posting:
            treffer[wort] = 100.0
        # Gleicher Stamm (angeschaut ~ anschauen, leg ~ gelegt), nur längere Korpuswörter
        if len(wort) >= 3:
            for kandidat in self.stammwoerter.get(stamm(wort), "").split():
                if len(kandidat) >= 5 and treffer.get(kandidat, 0.0) < konstanten.AEHNLICH_STAMM:
                    treffer[kandidat] = konstanten.AEHNLICH_STAMM
        if len(wort) < 4:
            return treffer  # kurze Wörter (Kartenwerte, Buchstaben) sonst nur exakt
        unscharf: Iterable[tuple[str, float]] = ()
        if tippfehler and self._nachbarn is not None and wort in self._nachbarn:
            unscharf = _nachbarn_lesen(self._nachbarn[wort])  # vorberechnet: ohne rapidfuzz
        elif tippfehler:
            unscharf = _unscharf(wort, self.vokabular, wort not in self.posting)
        for kandidat, score in unscharf:
            # Tippfehler: jeder Punkt Abstand zählt doppelt (95 → 90, 77 → 54)
            score = 100.0 - 2.0 * (100.0 - score)
            if score > treffer.get(kandidat, 0.0):
                treffer[kandidat] = score
        # Teilwort: ein Korpuswort enthält das Suchwort (Komposita, Beugungen)
        start = 0
        blob = self._blob
        while True:
            pos = blob.find(wort, start)
            if pos < 0:
                break
            i = bisect.bisect_right(self._anfaenge, pos) - 1
            kandidat = self.vokabular[i]
            start = self._anfaenge[i] + len(kandidat) + 1
            if kandidat == wort:
                continue
            score = self._teilwort(wort, kandidat, pos - self._anfaenge[i])
            if score > treffer.get(kandidat, 0.0):
                treffer[kandidat] = score
        return treffer

    def _bekannt(self, teil: str) -> str | None:
        """Das Korpuswort zu einem Teil eines Kompositums (auch ohne Fugen-s/-n/-en/-e)."""
        if len(teil) < 3 or teil in stoppwoerter():
            return None
        kandidaten = [teil]
        if teil.endswith(("s", "n", "e")):
            kandidaten.append(teil[:-1])
        if teil.endswith("en"):
            kandidaten.append(teil[:-2])
        for kandidat in kandidaten:
            if len(kandidat) >= 3 and kandidat in self.posting:
                return kandidat
        treffer = self.stammwoerter.get(stamm(teil))
        return teil if treffer else None

    def zerteile(self, wort: str, tiefe: int = 3) -> list[str] | None:
        """Ein im Korpus unbekanntes Kompositum in bekannte Teile zerlegen, sonst None.

        Der längste bekannte Anfang zuerst; höchstens ``tiefe`` Teile, jeder ≥ 3 Buchstaben,
        der letzte ≥ 5 („Hochzeit“ bleibt ganz).
        """
        if tiefe < 2 or not 6 <= len(wort) <= konstanten.LAENGSTES_KOMPOSITUM:
            return None
        if not wort.isalpha() or wort in self.posting:
            return None
        if tiefe == 3 and (synonyme(wort) or stamm(wort) in self.stammwoerter):
            return None
        for schnitt in range(len(wort) - 3, 2, -1):
            vorn = self._bekannt(wort[:schnitt])
            if vorn is None:
                continue
            rest = wort[schnitt:]
            hinten = self._bekannt(rest) if len(rest) >= 5 else None  # nicht hoch|zeit
            if hinten is not None:
                return [vorn, hinten]
            weiter = self.zerteile(rest, tiefe - 1)
            if weiter:
                return [vorn, *weiter]
        if tiefe == 3:  # trennbare Vorsilbe vor bekanntem Verb: zurück|stoßen → stoßen
            for vorsilbe in VORSILBEN:
                rest = wort[len(vorsilbe) :]
                if wort.startswith(vorsilbe) and len(rest) >= 4 and self._bekannt(rest):
                    return [rest]
        return None

    def _ist_wort(self, teil: str) -> bool:
        """Ist ``teil`` ein eigenes Wort des Korpus (auch mit Fugen-s / -e / -n)?"""
        if len(teil) < 3:
            return False
        if teil in self.posting:
            return True
        if teil[-1] in "sen" and teil[:-1] in self.posting and len(teil) > 3:
            return True
        return len(teil) > 3 and teil + "e" in self.posting  # farb|karten ← Farbe

    def _teilwort(self, wort: str, kandidat: str, pos: int) -> float:
        """Ähnlichkeit, wenn ``kandidat`` das Suchwort ``wort`` an Stelle ``pos`` enthält.

        Echte Komposita (der Rest ist selbst ein Wort: ``spiel|ende``,
        ``schluecke|verteilung``) zählen 90; ein Anfang (Beugung: ``laufende|n``) je nach
        Länge 80–100; sonstiges Enthaltensein nur 55–70.
        """
        vorn, hinten = kandidat[:pos], kandidat[pos + len(wort) :]
        anteil = len(wort) / len(kandidat)
        if (not vorn and self._ist_wort(hinten)) or (not hinten and self._ist_wort(vorn)):
            return 90.0
        if not vorn:
            return 80.0 + 20.0 * anteil
        return 55.0 + 15.0 * anteil

    def ist_wortanfang(self, wort: str) -> bool:
        """Beginnt ein Korpuswort mit ``wort`` (oder ist es eines)? (``kleine`` → ``kleinere``)"""
        return ("\n" + wort) in ("\n" + self._blob)

    def namen(self, namen: Iterable[str]) -> frozenset[str]:
        """Die Namen vom Tisch als Füllwörter (``woerterbuch.namen_als_fuellwoerter``) – außer
        Wörtern der Regeltexte und Konventionen: ein Spieler „König“ oder „Geier“ nimmt der
        Frage nicht die Karte oder das Spiel. Wörter, die nur in Beispielfragen stehen (dort
        sind Namen häufig), bleiben Namen."""
        if not namen:
            return frozenset()
        return frozenset(
            w
            for w in namen_als_fuellwoerter(namen)
            if w not in self.posting
            or all(g == konstanten.GEWICHT_BEISPIELTEXT for g in self.posting[w][1])
        )

    def profil_bewertung(
        self, frage: str, namen: frozenset[str] = frozenset()
    ) -> tuple[dict[int, float], float]:
        """``Profile.bewerten`` der letzten Frage (eine Antwort fragt mehrmals)."""
        assert self.profile is not None
        letztes = self._letztes_profil  # einmal gelesen: der Live-Server fragt aus Threads
        if letztes[0] != (frage, namen):
            letztes = ((frage, namen), *self.profile.bewerten(frage, namen))
            self._letztes_profil = letztes
        return letztes[1], letztes[2]


def _nachbarn_lesen(text: str) -> list[tuple[str, float]]:
    """Die vorberechneten Nachbarn eines Worts aus ihrer Textform (``nachbarn_berechnen``)."""
    return [(k, float(sc)) for k, sc in (z.split(" ") for z in text.split("\n") if z)]


def _unscharf(wort: str, vokabular: Sequence[str], vertippt: bool) -> list[tuple[str, float]]:
    """Korpuswörter, die ``wort`` bis auf Tippfehler gleichen, mit ``ratio`` (0–100).

    Ist ``wort`` selbst kein Korpuswort (``vertippt``), zählen vertauschte Nachbarn
    (shcwarz) als ein Tippfehler statt zwei Änderungen wie bei ``ratio``: dieselbe Formel
    mit der Damerau-Distanz (OSA). Ein richtig geschriebenes Wort rückt so nicht näher an
    andere echte Wörter.
    """
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import OSA

    treffer = process.extract(
        wort, vokabular, scorer=fuzz.ratio, score_cutoff=_grenze(wort), limit=None
    )
    if not vertippt:
        return [(k, float(sc)) for k, sc, _ in treffer]
    return [
        (k, max(float(sc), 100.0 * (1.0 - OSA.distance(wort, k) / (len(wort) + len(k)))))
        for k, sc, _ in treffer
    ]


def _grenze(wort: str) -> float:
    """Mindest-``ratio`` für einen Tippfehler-Kandidaten (kurze Wörter strenger)."""
    return 80.0 if len(wort) <= 5 else 75.0
