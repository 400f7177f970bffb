"""Die getypte Eingabe eines Spiels – je Spiel ein Adapter, dazu die Grammatik der Kurzzeile.

Was ein Spiel am Tisch festhält, kommt auf mehreren Wegen herein und wird auf jedem genau einmal
zur getypten Eingabe seines Spiels – der ersten der drei Formen, die ein Spiel hat:

1. **Eingabe** (``SchafkopfAngaben``/``SchafkopfPartie``, ``SabaiAngaben``, ``SaufnAngaben``,
   ``SchlafmuetzeAngaben``; in ``referee/<spiel>/``): die Fakten, wie der Tisch sie nennt, mit
   Namen, wie sie eingegeben wurden. Sie kennt den Abend noch nicht.
2. **Ergebnis** (``SchafkopfErgebnis`` …, ``referee.ergebnis``): was ``Buch`` mit dem Abend
   (``Abendlage``) daraus macht – Namen in der Schreibweise des Abends, gerechnet.
3. **Gespeicherter Eintrag** (``referee.store.Eintrag``): das Ergebnis mit Nummer, Zeit, Art und
   Bezug, wie der Speicher es zurückgibt (sein Ergebnis wieder getypt).

Die Wege hierher:

- die Optionen der Befehle (``schafkopf eintragen``, ``korrektur`` …): ``referee.cli.eingabe``
  erklärt die Optionen, die Adapter hier machen aus ihren Werten die Eingabe
  (``referee.eingabe.schafkopf.schafkopf_angaben`` → ``SchafkopfAngaben``/``SchafkopfPartie``,
  ``sabai.sabai_angaben``, ``saufn.saufn_angaben``, ``schlafmuetze.schlafmuetze_angaben``);
- eine Partie-Datei (``--partie``): ``SchafkopfPartie``;
- die Kurzzeile von ``tisch``, vom Handy und vom Turniertisch (``r an be 71 l3``, ``sb …``,
  ``sf …``, ``sm …``): ``referee.eingabe.kurz`` – sie gibt die Eingabe direkt, ohne die Zeile in
  Optionen oder Text zurückzuverwandeln.

Rein, ohne Kommandozeile und ohne I/O (außer dem Lesen einer Partie-Datei für ``--partie``).
"""

from __future__ import annotations

from collections.abc import Iterable


def werte(eingaben: Iterable[str] | None) -> list[str]:
    """Mehrere Werte, Kommas trennen auch: ``["Anna,Ben", "Cem"]`` → 3."""
    return [t.strip() for e in (eingaben or []) for t in e.split(",") if t.strip()]


__all__ = ["werte"]
