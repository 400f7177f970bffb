"""Die abgestimmten Zahlen der Regelsuche – alle an einer Stelle, je mit ihrer Herkunft.

Jede Zahl nennt, wie sie gewählt wurde: gemessen (mit ``benchmarks/frage.py``, auf welchen
Katalogen), gemeinsam in einem Gitter gewählt (``--kalibrieren``, ``--kreuzvalidierung``) oder
gesetzt und nie gemessen. In Klammern der Commit, der die Zahl eingeführt oder zuletzt
geändert hat (``git log -S NAME -- referee/suche.py`` bis zur Aufteilung in dieses Paket).

Nie gewählt auf den zurückgehaltenen Katalogen (``tests/data/fragen_saetze.json`` Teil
„zurueckgehalten“, Runden 29 bis 36); siehe ``benchmarks/frage.py`` für die Trennung.

Die Module lesen die Zahlen zur Laufzeit als ``konstanten.NAME``: der Benchmark setzt sie für
ein Gitter hier um, und jede Suche sieht den neuen Wert.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- Felder

#: Gewichte der Felder eines Abschnitts: Titel > Stichworte > Text. Gesetzt mit der ersten
#: Suche (ce9a565, Stichwortkatalog mit 98 Fragen), seitdem nicht mehr geändert.
GEWICHT_TITEL = 1.0
GEWICHT_STICHWORT = 0.8
GEWICHT_TEXT = 0.55
#: Der Text einer Konvention erklärt mit vielen allgemeinen Wörtern; er zählt weniger, Titel und
#: Stichworte tragen die Suche. Gesetzt, als die Konventionen in den Index kamen (2c6d60a).
GEWICHT_TEXT_KONVENTION = 0.2
#: Feldgewicht der Wörter aus Beispielfragen im Abschnitt (Text 0,55, Stichwort 0,8). Gewählt
#: mit ``--kalibrieren`` (Gitter 0,3/0,5), zuletzt 9c7b0dd: 0,3 → 0,5.
GEWICHT_BEISPIELTEXT = 0.5

# --------------------------------------------------------------------------- Suchwörter

#: Faktor für ein Wort, das nur über ein Synonym passt. Gesetzt (ce9a565).
GEWICHT_SYNONYM = 0.9
#: Schwache Fragewörter („wie viele“, „erlaubt“; Liste in synonyme.json) zählen halb. Gesetzt
#: (553803f, Stichwortkatalog 123 Fragen).
GEWICHT_SCHWACH = 0.5
#: Suchwörter, die im Korpus nirgends vorkommen, im Nenner (statt des höchsten idf). Erst 0,25
#: (f24b4e7), dann auf dem ersten Satzkatalog gemessen 1,0 (2c6d60a); von ``--kalibrieren``
#: bestätigt (Gitter 0,5/1,0).
GEWICHT_UNBEKANNT = 1.0
#: Fragewörter („wer gibt“, „wann darf ich“) zählen wenig, nur wörtlich, und bevorzugen
#: Abschnitte, die diese Art Frage beantworten. Gesetzt (2c6d60a).
GEWICHT_FRAGEWORT = 0.3
#: Absicht einer Frage: „wie viele …“ sucht eine Zahl (``#zahl``), „was kostet …“ einen Preis,
#: den nur die Konventionen nennen (``#geld``); so stark sucht die Frage das Kunstwort. Je
#: Absicht auf dem Stichwort- und dem ersten Satzkatalog gemessen (f57f044; vorher eine Zahl
#: 0,3 für beide).
GEWICHT_ABSICHT = {"#zahl": 1.0, "#geld": 0.3}
#: Teile eines Bindestrich-Kompositums (das Kompositum selbst zählt voll). Gesetzt (f24b4e7).
GEWICHT_TEIL = 0.5
#: Ein unbekanntes Verb, das nach Abtrennen der Vorsilbe bekannt ist (``zurückstoßen``).
#: Gesetzt (6009d20: „Verb ohne Vorsilbe zählt fast voll“).
GEWICHT_VERB_OHNE_VORSILBE = 0.8
#: Suchwörter, die nur ein Spiel benennen, zählen so viel, bevorzugen dafür das Spiel
#: (Roh-Score mal ``BONUS_SPIEL``). Beide gesetzt (ce9a565).
GEWICHT_SPIELNAME = 0.2
BONUS_SPIEL = 2.0
#: Nennt die Frage ein Spiel, zählen Abschnitte anderer Spiele mit diesem Anteil ihres Scores.
#: Nicht kalibriert (9c7b0dd): auf den Katalogen ohne Wirkung zwischen 0,6 und 1; „wer verliert
#: bei sabai“ fand sonst über eine Beispielfrage den Ramsch.
FAKTOR_ANDERES_SPIEL = 0.8

# --------------------------------------------------------------------------- Tippfehler

#: Vertippte Füllwörter werden ab dieser Länge berichtigt, andere Gerüstwörter (Spielname,
#: Zahl-, Mengenwort) ab vier Buchstaben; kürzere Füllwörter wären zu oft ein anderes, echtes
#: Wort („Bier“ ist kein vertipptes „hier“). Gesetzt (0a3a7e3).
MINDEST_LAENGE_BERICHTIGUNG = 5
#: Ein vertipptes Korpuswort wird ab dieser Länge berichtigt („Handy“ ist kein „Hand“).
#: Gesetzt (0a3a7e3).
MINDEST_LAENGE_KORPUS = 6
#: Ähnlichkeit (0–100) zweier Wörter mit gleichem Stamm. Gesetzt (f24b4e7).
AEHNLICH_STAMM = 90.0
#: Ein Abschnitt kommt nur in Frage, wenn mindestens ein Suchwort darin so ähnlich (0–1)
#: vorkommt; nur vage Anklänge („hallo“ ~ „Hall“ of Fame: 0,78) reichen nicht. Gesetzt an
#: genau diesem Beispiel (f24b4e7).
SICHER_ERKANNT = 0.8

# --------------------------------------------------------------------------- Zuschläge

#: Zwei aufeinanderfolgende Suchwörter, die auch im Abschnitt unmittelbar aufeinander folgen
#: (in beliebiger Reihenfolge), als Anteil ihres mittleren Ideals. Gesetzt (ce9a565).
BONUS_PAAR = 0.35
#: Ähnlichkeit der ganzen Frage mit dem Titel (FAQ-Fragen!) als Zuschlag in Score-Punkten.
#: Erst 12 (ce9a565), auf beiden Katalogen gemessen 8 (1756cee: Sätze +2, Stichworte gleich).
BONUS_TITEL = 8.0
#: So viele Kandidaten werden mit dem Titel-Zuschlag neu sortiert. Gesetzt (ce9a565).
NEU_SORTIEREN = 30

# --------------------------------------------------------------------------- Schwellen

# ``MINDEST_SCORE``, ``GEWICHT_BEISPIEL``, ``ABDECKUNG``, ``MINDEST_BEISPIEL``,
# ``GEWICHT_BEISPIELTEXT`` und ``GEWICHT_UNBEKANNT`` sind gemeinsam gewählt mit
# ``benchmarks/frage.py --kalibrieren`` (Gitter ``GITTER`` dort, 144 Kombinationen; 9c7b0dd):
# die meisten richtigen Entscheidungen auf den Satzkatalogen Runden 2 bis 4, denselben Sätzen
# mit einem unbekannten Namen davor („Korbinian, darf ich …“) und den fremden Fragen (831 von
# 869), dann der Stichwortkatalog – mit Beispielfragen ohne genau diese Sätze. Das Gitter ist
# flach: die nächsten Nachbarn liegen eine Entscheidung darunter. Mit den gelernten Profilen
# nicht neu gewählt.

#: Unter diesem Roh-Score (angezeigt ≈ 33,6) gilt ein Treffer als nicht relevant (45 verliert
#: Fragen mit einem Namen darin: jedes unbekannte Wort senkt den Score). 35 (ce9a565), 40
#: (1ff63c6), wieder 35 (9c7b0dd).
MINDEST_SCORE = 35.0
#: Ein Abschnitt bekommt mindestens dieses Vielfache des Scores seiner ähnlichsten
#: Beispielfrage (über 100 möglich: zählt beim Sortieren, angezeigt wird 100). 1,1 (1ff63c6),
#: 1,0 (9c7b0dd).
GEWICHT_BEISPIEL = 1.0
#: Der Score einer Beispielfrage zählt mit (Anteil ihrer Wörter, die die Frage trifft) hoch
#: diesem Wert: ein einzelnes gemeinsames Wort mit einer langen Beispielfrage belegt wenig.
#: 0,5 (1ff63c6), 1,0 (9c7b0dd).
ABDECKUNG = 1.0
#: Eine Beispielfrage unter diesem Roh-Score (angezeigt ≈ 38) zählt nicht: sie beruht meist
#: auf einem einzigen, oft nur unscharf getroffenen Wort („Wetter“ ≈ „weiter“). 50 (1ff63c6),
#: 40 (9c7b0dd).
MINDEST_BEISPIEL = 40.0

# --------------------------------------------------------------------------- Profile

#: Die Profile ordnen die Treffer je Art nach Score + dieses Gewicht × 100 × Passung der Frage
#: zum Profil eines Abschnitts. Gewählt mit ``benchmarks/frage.py --kreuzvalidierung``: je
#: Satzkatalog (Abstimmungsteil, Runden 2–28) Beispielfragen und Profile ohne diesen Katalog,
#: 4330 Fragen. Nach Top-1: 0 (nur die Art der Frage) 4172, 0,1: 4233, 0,2: 4235, 0,3: 4238,
#: 0,5: 4234 (b5350e9; vorher 0,5, 0,1, 0,3, 0,5).
GEWICHT_PROFIL = 0.3
#: Gewicht eines Buchstaben-Vierers eines Inhaltsworts im Profil: Mundart und Tippfehler teilen
#: Vierer mit der Schriftform („spuin“/„spielen“ kaum, „schelln“/„schellen“ viel). Gesetzt
#: (03e7089), seitdem nicht gemessen.
GEWICHT_VIERER = 0.25
#: Gelernte Profile: Durchgänge über die Beispielfragen und Marge des gemittelten Perzeptrons.
#: Gewählt mit ``--kreuzvalidierung`` auf Abstimmungsteil und Runden 2–5 (b1a3992, 880 Fragen).
PROFIL_DURCHGAENGE = 8
PROFIL_MARGE = 0.3
#: Startwert der Zufallsreihenfolge beim Lernen: gleiche Beispielfragen, gleiche Profile.
PROFIL_STARTWERT = 1
#: Gewichte unter diesem Betrag fallen beim Speichern weg (kleiner, schneller, gleich gut;
#: b1a3992).
PROFIL_KLEINST = 1e-3

# --------------------------------------------------------------------------- Antwort

#: Angezeigte Score-Punkte, um die die beste Konvention vor (> 0) oder hinter (< 0) der besten
#: Regelstelle liegen muss, damit „der Regeltext schweigt“ gilt. Gewählt mit
#: ``--kreuzvalidierung`` zusammen mit ``VORTEIL_GELD``, ``PROFIL_ART`` und ``GEWICHT_ART``
#: (28 Satzkataloge, 4330 Fragen, 3520 Einstellungen; 42f3964): die wenigsten Regelfragen mit
#: fälschlich „schweigt“ (0), dann die meisten richtigen Antworten (Top-1 97,9 %, Top-3
#: 98,9 %). Mit jeder Runde neuer Beispielfragen neu gewählt: 0 (3f9cd54), 9, 6, 9, 27, 30,
#: 33, 36, 39, 24, 21.
VORSPRUNG_KONVENTION = 21.0
#: Fragt die Frage nach Geld („was kostet“, „wie viel kriegt“), genügt der Konvention so viele
#: Punkte weniger Vorsprung: Preise nennt kein Regeltext, nur die Konventionen. Gewählt mit
#: ``VORSPRUNG_KONVENTION`` (zuletzt b5350e9; vorher 6, 3, 0, 6, 10, 3).
VORTEIL_GELD = 10.0
#: Der Vorsprung sinkt um ``PROFIL_ART`` × 100 × (beste Passung zu einem Konventionsprofil −
#: beste zu einem Regelprofil). Gewählt mit ``VORSPRUNG_KONVENTION`` (zuletzt b5350e9).
PROFIL_ART = 0.2
#: Die gelernte Art der Frage (über 0 eher nach einer Konvention gefragt, etwa −4 bis 4) senkt
#: den Vorsprung um dieses Gewicht je Einheit. Gewählt mit ``VORSPRUNG_KONVENTION`` (42f3964;
#: eingeführt mit 25 in cbe5177).
GEWICHT_ART = 5.0
#: Schweigt der Text nicht, nennt die Antwort eine Konvention nur, wenn ihr Score mindestens
#: dieser Anteil vom Score der besten Regelstelle ist. Gesetzt (de138e9: „Stoß verändert den
#: Preis“ – um wie viel?).
NAEHE_KONVENTION = 0.9
#: So viele Konventionen nennt die Antwort höchstens. Gesetzt (2c6d60a).
ANZAHL_KONVENTIONEN = 2
#: Längeres zerlegt ``Wortindex.zerteile`` nicht: so lange Komposita hat kein Regeltext und
#: keine Frage am Tisch (die längsten um 25 Buchstaben), und die Zerlegung wächst mit der
#: dritten Potenz der Länge – ein Wort aus 2.000 „ä“ brauchte 2,9 s. Eine Grenze, kein
#: abgestimmter Wert.
LAENGSTES_KOMPOSITUM = 40
