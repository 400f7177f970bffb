"""referee – Regel-Schiedsrichter und Punkteschreiber für Kartenabende.

Pakete je Spiel (reiner Regelkern, ohne Ein-/Ausgabe):
``referee.schafkopf``, ``referee.sabai``, ``referee.saufn``, ``referee.schlafmuetze``.
Regelsuche: ``referee.suche``. Speicher: ``referee.store``. Kommandozeile: ``referee.cli``.
"""

__version__ = "0.1.0"
