"""Die Saison: der reine Kern einer Jahreswertung über Abende und Turniere (kein I/O).

- ``referee.saison.wertung``: die Wertung – Summe, beste N, Platzpunkte, Schnitt, Gewichte je
  Art; benannte Wertungen mit Quelle in ``data/saison_wertungen.json``.
- ``referee.saison.rangliste``: aus den Ergebnissen der Ereignisse die Rangliste (Streichergebnisse,
  geteilte Plätze, Gleichstand: Siege, bestes Ergebnis, direkter Vergleich) und der Verlauf der
  Plätze über die Saison.
- ``referee.saison.namen``: dieselbe Person unter zwei Namen (Aliase, nie geraten).
- ``referee.saison.statistik``: Kennzahlen je Person über die Spiele der Saison.

Die Antworten, das Lesen aus dem Buch und die PDFs stehen beim Buch (``referee.buch.saison``).
Die Module werden einzeln importiert; dieses Paket lädt beim Import nichts.
"""
