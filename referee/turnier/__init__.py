"""Preisschafkopf: der reine Regelkern eines Turniers (kein I/O, keine Datenbank, keine CLI).

Von oben nach unten gelesen, wie ein Turnier läuft:

- ``referee.turnier.wertung``: die Wertung – Punkte eines Spiels (ein ``Tarif`` in Punkten,
  gerechnet wie am Abend), Plus/Minus oder nur Pluspunkte, welche Spielarten, Klopfen und Stoß
  erlaubt sind; benannte Wertungen mit Quelle in ``data/turnier_wertungen.json``.
- ``referee.turnier.teilnehmer``: die Teilnehmerliste aus einer CSV-Datei.
- ``referee.turnier.auslosung``: die Tische einer Runde (Vierer, Fünfer nur wenn nötig),
  reproduzierbar aus Startwert und Runde, mit möglichst wenig Wiederbegegnungen; die Plätze am
  Fünfertisch gehen reihum.
- ``referee.turnier.spiel``: ein Spiel an einem Tisch (Geber reihum, am Fünfertisch setzt er
  aus) → Punkte je Startnummer und gewonnene Soli.
- ``referee.turnier.blatt``: das Tischblatt (die Summen vom Papier) und seine Prüfung.
- ``referee.turnier.stand``: was ein Tisch zählt (das Tischblatt geht den Spielen vor) und die
  Konten je Startnummer.
- ``referee.turnier.rangliste``: Punkte, dann Soli, gleiche Plätze bei vollem Gleichstand.
- ``referee.turnier.daten``: die Datensätze (Turnier, Teilnehmer, Tisch, der getypte
  Tischeintrag).

Die Antworten des Turnierbuchs und die PDFs stehen beim Buch (``referee.buch.turnier``), wie die
Antworten des Abends.

Die Module werden einzeln importiert; dieses Paket lädt beim Import nichts (der Speicher
braucht nur ``daten``).
"""
