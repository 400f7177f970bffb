"""Der Suchindex: der Wortindex (``referee.suche.wortindex``) mit den Fragen an ihn.

``Suchindex`` ist ein ``Wortindex`` mit je einer Methode für das, was ``suchwoerter``,
``bewertung`` und ``antwort`` über ihm rechnen. Er steht über allen dreien: sie bekommen einen
``Wortindex`` und importieren nichts von hier, so zeigt jeder Import in ``referee.suche`` nach
unten (``tests/test_architektur.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.regeltexte import Abschnitt
from referee.suche import konstanten
from referee.suche.antwort import Abwaegung, Antwort, abwaegung, antwort, vorschlaege
from referee.suche.bewertung import Treffer, suche
from referee.suche.suchwoerter import Suchwort, suchwoerter
from referee.suche.wortindex import Wortindex


class Suchindex(Wortindex):
    """Der Wortindex, den man fragt: Suchwörter, Suche, Abwägung, Antwort, Vorschläge."""

    def _suchwoerter(
        self, frage: str, namen: frozenset[str] = frozenset()
    ) -> tuple[list[Suchwort], set[str]]:
        """Die gewichteten Suchwörter der Frage und die Spiele, die sie nennt."""
        return suchwoerter(self, frage, namen)

    def suche(
        self,
        frage: str,
        spiel: str | None = None,
        anzahl: int = 3,
        mindest_score: float = konstanten.MINDEST_SCORE,
        vage: bool = False,
        art: str | None = "regel",
        namen: Iterable[str] = (),
    ) -> list[Treffer]:
        """Die besten ``anzahl`` Abschnitte zu ``frage`` (``bewertung.suche``); ``namen``: die
        Namen vom Tisch, Füllwörter."""
        return suche(self, frage, spiel, anzahl, mindest_score, vage, art, self.namen(namen))

    def abwaegung(
        self,
        frage: str,
        spiel: str | None = None,
        mindest_score: float = konstanten.MINDEST_SCORE,
        namen: Iterable[str] = (),
    ) -> Abwaegung:
        """Woraus die Antwort entscheidet, ob der Regeltext schweigt (``antwort.abwaegung``)."""
        return abwaegung(self, frage, spiel, mindest_score, self.namen(namen))

    def antwort(
        self,
        frage: str,
        spiel: str | None = None,
        anzahl: int = 3,
        mindest_score: float = konstanten.MINDEST_SCORE,
        namen: Iterable[str] = (),
    ) -> Antwort:
        """Regelstellen und Konventionen zu ``frage`` (``antwort.antwort``); ``namen``: die
        Namen vom Tisch (Spieler des Abends, bekannte Spieler), Füllwörter."""
        return antwort(self, frage, spiel, anzahl, mindest_score, self.namen(namen))

    def vorschlaege(
        self, frage: str, spiel: str | None = None, anzahl: int = 3, namen: Iterable[str] = ()
    ) -> list[Abschnitt]:
        """Die nächstliegenden Abschnitte für „Meintest du …?“ (``antwort.vorschlaege``)."""
        return vorschlaege(self, frage, spiel, anzahl, self.namen(namen))


__all__ = ["Suchindex"]
