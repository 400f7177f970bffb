"""Der Bericht zum Ende des Abends: Wer zahlt wem, Statistik, Export-Formate.

Reiner Kern ohne Ein-/Ausgabe, ohne typer/rich und ohne Datenbank:
``ausgleich`` (Überweisungen), ``geld`` (Euro-Schreibweise), ``statistik``,
``abendbericht`` (das Bericht-dict), ``grafik`` (Sparkline, SVG) und ``formate``.
"""
