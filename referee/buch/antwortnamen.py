"""Die Namen der Antworten des Buchs – eine Liste für ``referee.buch`` und ``antworten``.

``referee.buch`` lädt eine Antwort erst beim ersten Zugriff (Startzeit: ``referee stand``
braucht nur ``Stand``) und braucht dafür nur ihre Namen; ``referee.buch.antworten`` nimmt sie
als ``__all__``. Die Liste liegt hier unter beiden, damit ``antworten`` nichts aus dem Paket
über ihm importiert (``tests/test_architektur.py``); ein Test prüft, dass jede Antwortklasse
darin steht.
"""

ANTWORTEN = (
    "AbendAnsicht",
    "AbendEnde",
    "AbendListe",
    "AbendNeu",
    "AbendWieder",
    "Bezahlt",
    "Dazugenommen",
    "Eingetragen",
    "EreignisRueckgaengig",
    "Export",
    "Importiert",
    "Namen",
    "RegelGeaendert",
    "Rueckgaengig",
    "Ruhmeshalle",
    "Ruhmestat",
    "SabaiSpielstand",
    "Sicherung",
    "Stand",
    "Statistik",
    "Umzug",
    "Verlauf",
    "Vorschau",
)

__all__ = ["ANTWORTEN"]
