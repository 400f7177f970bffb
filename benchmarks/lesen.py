"""Benchmark: Lesebefehle über einen Abend mit 200 Einträgen gegen eine nackte Typer-App.

Issue 25, Punkt 10: „Lesen ist sofort da“ – jeder Lesebefehl (``stand``, ``verlauf``,
``abend``, ``export --format text``) soll als ganzer Prozess höchstens 1,3 × so lange
brauchen wie eine nackte Typer-App mit zwei Befehlen, die genauso gestartet wird. Ein Skript,
das Zahlen druckt, kein Test.

Was es tut:

1. legt in einem Temp-Verzeichnis ein Buch an (``referee.buch.Buch``, in einem eigenen
   Prozess): ein Abend, 200 Schafkopf-Einträge gemischter Spielarten (Rufspiel, Soli,
   Wenz, Geier, Farbwenz/-geier, Ramsch, mit Laufenden, Klopfern, Stößen, Schwarz, Tout),
   dazu sabai-, SAUFN- und Schlafmütze-Einträge, eine Korrektur und ein Storno;
2. schreibt die nackte App (``typer``, Befehle ``eins`` und ``zwei``, je eine Zeile);
3. misst abwechselnd in einer Schleife (jede Runde beginnt bei einem anderen Befehl)
   ``--laeufe`` ganze Prozesse je Befehl, stdout in eine Pipe (kein TTY), alle mit demselben
   Interpreter: ``[python, app.py, "eins"]`` gegen ``[python, "-m", "referee", "--db", …]``;
   dazu einmal ``referee stand`` über das Konsolenskript ``.venv/bin/referee`` und einmal
   „wie die Entwickler-Shell“ (``PYTHONDONTWRITEBYTECODE=1``: referee ohne ``.pyc``, jedes
   Mal neu übersetzt). Gedruckt: Median und Minimum der Wandzeit und der Median der CPU-Zeit
   (user + sys) – die hängt weniger an der Last; mit ``--instruktionen`` dazu die
   Maschinenbefehle (valgrind), die gar nicht an der Last hängen;
4. zerlegt jeden Befehl in frischen Prozessen (CPU-Zeit): Importe (alle Module, die der
   Befehl lädt, vorab), Typer baut den click-Befehl, erster Aufruf ohne Importe, warmer
   Aufruf (die eigentliche Arbeit); dazu die Zahl der beim Import erzeugten Datenklassen;
5. misst einzelne Importe für sich (rich, referee.buch, referee.store, sqlite_utils,
   platformdirs …), was eine eingefrorene Datenklasse kostet und was das Öffnen eines Buchs
   (Verbindung, Schema-/Migrationsprüfung) gegen eine rohe sqlite3-Verbindung kostet;
6. ``python -X importtime`` (Median über ``--importlaeufe`` Prozesse) für ``stand`` und
   ``export --format text``: Eigenzeit je Paket (typer/click, rich, sqlite_utils, stdlib, je
   referee-Modul …) gegen die nackte App, und die 15 teuersten Module nach kumulierter Zeit;
7. ``cProfile`` von ``referee.cli.main(["--db", p, …])``: der erste Aufruf (Module schon
   geladen) und warme Aufrufe in einer Schleife – Eigenzeit je Bereich (SQL, JSON der
   Einträge, rich, typer/click, referee-Module; Standardbibliothek und eingebaute Funktionen
   anteilig ihren Aufrufern zugerechnet), Zähler (``json.loads``, SQL-Abfragen,
   ``Console.print``, ``aus_json``) und die teuersten Funktionen nach kumulierter Zeit.

Bytecode: gemessen wird mit ``.pyc`` in einem eigenen Cache (``PYTHONPYCACHEPREFIX`` im
Temp-Verzeichnis; ein Aufwärmlauf je Befehl schreibt ihn) – nichts landet im Quellbaum.

Aufruf (mit den Standardwerten gut zwei Minuten, mit ``--instruktionen`` etwa vier)::

    .venv/bin/python benchmarks/lesen.py [--laeufe 21] [--importlaeufe 5] [--commit HEAD]
                                         [--instruktionen]

Ohne ``--commit`` misst es das ``referee``, das der Interpreter importiert (bei der
editierbaren Installation der Arbeitsbaum); mit ``--commit REV`` einen Schnappschuss
(``git archive REV``) – sinnvoll, solange andere im Arbeitsbaum ändern. Auf einer geteilten
Maschine schwanken Wandzeiten stark: Mediane, abwechselnd gemessen, die Last steht im Kopf
und am Ende der Ausgabe.

Befund aus der Messung unten (CPU-ms, Schnappschuss 03eb2e7; nackte App 91 ms, Ziel ≤ 1,3 × ≈
118 ms; Maschinenbefehle: stand 2,59 ×, verlauf 5,26 ×, abend 2,70 ×, export 1,84 ×, ruf 1,17 ×):

1. rich wird geladen, obwohl stdout eine Pipe ist: Import 35 ms (46 Module, ``rich.console``
   allein ~20 ms kumuliert), dazu das Setzen der Tabellen (stand warm ~8 ms von 12, abend ~11
   von 14). Betrifft stand, verlauf, abend; export text lädt rich nicht.
2. ``referee.cli.abend``: für stand/verlauf/abend baut Typer den click-Befehl aus allen
   Befehlen des Moduls (11 Befehle, 26 Signaturen, ``typing.get_type_hints`` wertet die
   String-Annotationen aus): 17–19 ms gegen 2,3 ms bei export und 1,1 ms bei ruf.
3. Datenklassen beim Import: 25 (stand) bis 62 (verlauf) ``@dataclass(frozen=True)`` zu je
   ~0,75 ms; allein ``referee.buch.antworten`` (17 Klassen, alle bei jedem Befehl) 8–10 ms
   eigen, 11–15 ms kumuliert; bei export text ~22 ms von 30 Datenklassen.
4. verlauf: jede Zeile ein eigenes ``Console.print`` über ``_druck`` (413 Aufrufe, je mit
   ``Measurement`` und mehrfach ``Console.size``/``is_terminal``): rich ~72 % der warmen
   109 ms; jedes Ergebnis wird zweimal aus JSON typisiert (824 ``aus_json``) und ``eingabe``
   mitgelesen (431 ``json.loads`` für 214 Einträge).
5. export text: ``referee.schafkopf.spielart`` zieht über ``referee/schafkopf/__init__.py``
   karten und ruf nach (6,5 ms); die Statistik wird je Eintrag aus dem JSON neu gerechnet
   (217 ``json.loads``, ``schafkopf_statistik``) statt aus den Summen in ``werte`` (~3 ms).

Kein Grund: sqlite_utils wird beim Lesen nicht geladen (kostete 70 ms), die Schema-/
Migrationsprüfung beim Öffnen sind ein paar PRAGMAs (~1 ms), stand rechnet keine Einträge nach
(3 ``json.loads``, Summen per SQL), ``python -m referee`` und ``.venv/bin/referee`` sind gleich
teuer. Ohne ``.pyc`` (``PYTHONDONTWRITEBYTECODE=1`` in der Entwickler-Shell) übersetzt Python
referee bei jedem Aufruf neu: hier +16 ms im Median, +41 ms im Minimum, in anderen Läufen bis
+100 ms – Ad-hoc-Messungen in dieser Shell überschätzen das Verhältnis.

Messung 2026-12-01 22:28, load 1,65 (Ende 2,04), 2 Kerne, geteilt (andere ließen Tests laufen)::

    Messung 2026-12-01 22:28, 22:28:17 up 48 min,  0 user,  load average: 1.65, 3.25, 3.55, 2 Kerne
    Aufruf: benchmarks/lesen.py --commit HEAD --instruktionen
    Python 3.11.7 (/work/main/.venv/bin/python); referee: Schnappschuss 03eb2e7 (git archive HEAD)
      importiert aus /tmp/referee-lesen-p0kqzfaf/quelle/referee/__init__.py
    Buch: 214 Einträge in einem Abend (200 geltende Schafkopf), angelegt in 1.3 s; stdout in eine Pipe, COLUMNS=100

    Ganze Prozesse, 21 Läufe je Befehl abwechselnd; × = Verhältnis zur nackten App (Ziel ≤ 1.3 × beim Median der Wandzeit):
                                              Median      ×  Minimum      ×  CPU-Median      ×
      python -c pass                           15 ms  0.15×    12 ms  0.18×       14 ms  0.15×
      nackte Typer-App (eins)                 102 ms  1.00×    67 ms  1.00×       91 ms  1.00×
      referee stand                           228 ms  2.24×   149 ms  2.21×      207 ms  2.27×  ZU LANGSAM
      referee verlauf                         402 ms  3.96×   252 ms  3.73×      363 ms  3.98×  ZU LANGSAM
      referee abend                           244 ms  2.40×   151 ms  2.24×      217 ms  2.37×  ZU LANGSAM
      referee export --format text            160 ms  1.58×   116 ms  1.72×      155 ms  1.70×  ZU LANGSAM
      referee ruf --hand "…"                  109 ms  1.08×    73 ms  1.08×      107 ms  1.17×
      referee stand (.venv/bin/referee)       228 ms  2.24×   151 ms  2.23×      207 ms  2.27×  ZU LANGSAM
      referee stand (ohne .pyc)               244 ms  2.40×   190 ms  2.82×      216 ms  2.37×  ZU LANGSAM
      Mehr als die nackte App (Median, ms): stand +126, verlauf +300, abend +143, export --format text +59, ruf --hand "…" +8, stand (.venv/bin/referee) +126, stand (ohne .pyc) +143

    Maschinenbefehle (callgrind, ein Lauf je Befehl, unabhängig von der Last):
      nackte Typer-App (eins)                 251.5 Mio.   1.00 ×
      referee stand                           650.7 Mio.   2.59 ×
      referee verlauf                        1323.8 Mio.   5.26 ×
      referee abend                           679.8 Mio.   2.70 ×
      referee export --format text            463.7 Mio.   1.84 ×
      referee ruf --hand "…"                  294.9 Mio.   1.17 ×
      referee stand (.venv/bin/referee)       650.7 Mio.   2.59 ×

    Zerlegung in frischen Prozessen (CPU-ms, Median aus 3): Importe = alle Module des Befehls vorab;
      click-B. = Typer baut den click-Befehl (get_command); 1. Aufruf danach, ohne Importe; warm = Median der Wiederholungen
      (die eigentliche Arbeit); Prozess = CPU-Median oben; Datenkl. = beim Import erzeugte Datenklassen von referee.
                                  Importe click-B.  1. Aufruf    warm  Prozess  Module Datenkl.
      nackte Typer-App               49.9      0.0        0.9    0.35       91     107        0
      stand                         146.3     18.5       15.7   11.82      207     211       25
      verlauf                       178.4     17.3      132.5  109.06      363     220       62
      abend                         156.2     18.9       16.8   14.06      217     214       29
      export --format text          119.0      2.3        8.4    5.37      155     156       30
      ruf                            64.5      1.1        0.6    0.19      107     126        4

    Was einzelne Importe kosten (CPU-ms in frischen Prozessen, Median aus 7; „nach“ = schon geladen):
      typer (lädt auch die nackte App)                       62.4 ms
      rich: console, table, text, box, measure               35.3 ms  nach typer
      referee.buch (Antworten, Stand, Ergebnis)              15.6 ms  nach typer
      referee.store (Speicher, mit sqlite3)                  10.4 ms  nach typer,referee.buch
      sqlite3 allein                                          2.0 ms  nach typer
      referee.cli.abend (Befehle stand/verlauf/abend …)       3.2 ms  nach typer,referee.cli
      referee.schafkopf.spielart (+ Paket: karten, ruf)       6.5 ms  nach typer,referee.buch,referee.store
      referee.bericht.formate                                 3.4 ms  nach typer,referee.buch,referee.store
      sqlite_utils (nur für Migrationen)                     69.7 ms  nach typer
      platformdirs (nur ohne --db/REFEREE_DB)                 4.7 ms  nach typer
      eine eingefrorene Datenklasse (@dataclass(frozen=True))   0.75 ms  je Klasse
      Buch öffnen und schließen (Verbindung, Schema-/Migrationsprüfung, WAL; ohne Importe): erstes 1.98 ms, danach 1.04 ms;
      rohe sqlite3-Verbindung mit einem PRAGMA 0.66 ms (Wandzeit, Median)

    -X importtime, referee stand (Median je Modul): Importe 111 ms, nackte App 59 ms, Mehr +52 ms
      Paket/Modul (Eigenzeit summiert)            referee     App    Mehr Module
      rich                                         22.2ms   0.0ms  +22.2ms   46
      referee.buch.antworten                        8.2ms   0.0ms   +8.2ms    1
      stdlib                                       53.6ms  46.1ms   +7.5ms  130
      referee.store.daten                           2.9ms   0.0ms   +2.9ms    1
      referee.cli                                   2.0ms   0.0ms   +2.0ms    1
      referee.buch.stand                            1.7ms   0.0ms   +1.7ms    1
      referee.ergebnis                              1.1ms   0.0ms   +1.1ms    1
      referee.store                                 0.9ms   0.0ms   +0.9ms    1
      referee.bericht.ausgleich                     0.9ms   0.0ms   +0.9ms    1
      referee.buch                                  0.6ms   0.0ms   +0.6ms    1
      referee.cli.ausgabe                           0.4ms   0.0ms   +0.4ms    1
      referee.cli.gruppen                           0.3ms   0.0ms   +0.3ms    1
      referee.store.abende                          0.3ms   0.0ms   +0.3ms    1
      referee.bericht.grafik                        0.3ms   0.0ms   +0.3ms    1
      referee.zahlen                                0.3ms   0.0ms   +0.3ms    1
      Die 15 teuersten Module nach kumulierter Zeit (237 Module geladen):
      Modul                                      kumuliert   eigen  in der App?
      referee.cli                                   53.4ms   2.0ms  nein
      referee.cli.gruppen                           34.2ms   0.3ms  nein
      typer                                         33.9ms   0.3ms  ja
      typer.main                                    23.5ms   1.3ms  ja
      rich.console                                  20.0ms   3.3ms  nein
      referee.buch                                  11.5ms   0.6ms  nein
      referee.buch.antworten                        10.9ms   8.2ms  nein
      dataclasses                                    8.9ms   0.6ms  nein
      typer._click.exceptions                        7.6ms   0.0ms  ja
      typer._click                                   7.6ms   0.2ms  ja
      typer._click.core                              7.5ms   1.1ms  ja
      inspect                                        7.2ms   1.7ms  ja
      rich._log_render                               7.1ms   0.2ms  nein
      rich.themes                                    7.0ms   0.1ms  nein
      rich.text                                      6.9ms   1.3ms  nein

    -X importtime, referee export --format text (Median je Modul): Importe 96 ms, nackte App 59 ms, Mehr +37 ms
      Paket/Modul (Eigenzeit summiert)            referee     App    Mehr Module
      referee.buch.antworten                        9.9ms   0.0ms   +9.9ms    1
      referee.buch.stand                            3.3ms   0.0ms   +3.3ms    1
      referee.store.daten                           2.9ms   0.0ms   +2.9ms    1
      referee.schafkopf.spielart                    2.8ms   0.0ms   +2.8ms    1
      stdlib                                       48.8ms  46.1ms   +2.7ms  117
      referee.cli                                   2.3ms   0.0ms   +2.3ms    1
      referee.schafkopf.karten                      1.5ms   0.0ms   +1.5ms    1
      referee.schafkopf                             1.5ms   0.0ms   +1.5ms    1
      referee.schafkopf.ruf                         1.4ms   0.0ms   +1.4ms    1
      referee.ergebnis                              1.3ms   0.0ms   +1.3ms    1
      referee.bericht.ausgleich                     0.9ms   0.0ms   +0.9ms    1
      referee.bericht.formate                       0.7ms   0.0ms   +0.7ms    1
      referee.store.datei                           0.6ms   0.0ms   +0.6ms    1
      referee.buch                                  0.6ms   0.0ms   +0.6ms    1
      referee.store                                 0.5ms   0.0ms   +0.5ms    1
      Die 15 teuersten Module nach kumulierter Zeit (183 Module geladen):
      Modul                                      kumuliert   eigen  in der App?
      referee.cli                                   49.1ms   2.3ms  nein
      referee.cli.gruppen                           32.5ms   0.3ms  nein
      typer                                         32.2ms   0.3ms  ja
      typer.main                                    22.0ms   1.2ms  ja
      referee.buch                                  15.5ms   0.6ms  nein
      referee.buch.antworten                        14.8ms   9.9ms  nein
      dataclasses                                    9.1ms   0.8ms  nein
      referee.schafkopf.spielart                     8.1ms   2.8ms  nein
      inspect                                        7.4ms   2.1ms  ja
      typer._click.exceptions                        7.3ms   0.0ms  ja
      typer._click                                   7.3ms   0.1ms  ja
      typer._click.core                              7.2ms   0.9ms  ja
      typer._click.types                             5.4ms   0.9ms  ja
      referee.store                                  5.3ms   0.5ms  nein
      referee.schafkopf                              5.3ms   1.5ms  nein

    cProfile erster Aufruf referee stand (Module schon importiert): 63.8 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        typer/click (Parsen, Aufruf)              31.97 ms   50%
        rich (Darstellung)                        16.87 ms   26%
        stdlib/eingebaut                           5.75 ms    9%
        sqlite3 (SQL lesen)                        3.56 ms    6%
        referee.bericht.statistik                  1.08 ms    2%
        referee.store                              1.03 ms    2%
        referee.cli.abend                          0.98 ms    2%
        referee.cli                                0.73 ms    1%
        referee.cli.ausgabe                        0.40 ms    1%
        referee.buch.stand                         0.39 ms    1%
      Aufrufe je Befehl: json.loads 3×, sqlite3 execute 26×, rich print 5×, aus_json 0×
      Top 12 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
         37.61   0.02       1×  referee/cli/__init__.py:360(_befehl)
         37.13   0.01       1×  typer/main.py:1173(get_command)
         37.13   0.02       1×  typer/main.py:1163(get_group)
         37.10   0.13       6×  typer/main.py:1283(get_group_from_info)
         34.96   0.21      11×  typer/main.py:1387(get_command_from_info)
         31.87   1.59      26×  typer/utils.py:107(get_params_from_function)
         25.65   0.03       1×  referee/cli/abend.py:568(stand)
         19.03   0.25      17×  typer/main.py:1368(get_params_convertors_ctx_param_name_from_function)
         18.56   0.04       1×  referee/cli/abend.py:79(_zeige_stand)
         17.60   0.09       5×  referee/cli/abend.py:221(_druck)
         16.80   0.12      17×  typer/main.py:1491(get_callback)
         15.44   0.68      26×  typing.py:2300(get_type_hints)

    cProfile warm, referee stand (20 Aufrufe): 20.4 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        rich (Darstellung)                        13.39 ms   66%
        sqlite3 (SQL lesen)                        2.47 ms   12%
        referee.bericht.statistik                  0.84 ms    4%
        referee.cli.abend                          0.82 ms    4%
        referee.store                              0.70 ms    3%
        typer/click (Parsen, Aufruf)               0.67 ms    3%
        referee.buch.stand                         0.46 ms    2%
        referee.cli.ausgabe                        0.27 ms    1%
        referee.bericht.grafik                     0.20 ms    1%
        referee.cli                                0.16 ms    1%
      Aufrufe je Befehl: json.loads 3×, sqlite3 execute 26×, rich print 5×, aus_json 0×
      Top 20 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
         19.97   0.03       1×  referee/cli/abend.py:568(stand)
         14.84   0.03       1×  referee/cli/abend.py:79(_zeige_stand)
         14.16   0.08       5×  referee/cli/abend.py:221(_druck)
          9.43   0.07       5×  rich/console.py:1652(print)
          7.99   0.10     129×  <method 'extend' of 'list' objects>
          7.95   0.36     473×  rich/console.py:1294(render)
          7.10   0.05     113×  rich/table.py:475(__rich_console__)
          5.34   0.21      18×  rich/table.py:716(_measure_column)
          5.30   0.28     113×  rich/table.py:755(_render)
          5.25   0.57     187×  rich/measure.py:78(get)
          3.99   0.32     136×  rich/segment.py:306(split_and_crop_lines)
          3.99   0.00       1×  referee/buch/__init__.py:439(stand)
          3.99   0.01      10×  referee/cli/abend.py:231(<genexpr>)
          3.87   0.21      60×  rich/console.py:1345(render_lines)
          3.79   0.00       1×  rich/console.py:469(__rich_measure__)
          3.79   0.01       1×  rich/measure.py:125(measure_renderables)
          3.77   0.00       1×  rich/measure.py:144(<listcomp>)
          3.70   0.01       1×  rich/table.py:320(__rich_measure__)
          3.70   0.02       1×  referee/buch/__init__.py:434(_stand)
          3.68   0.10       1×  referee/buch/stand.py:85(stand_lesen)

    cProfile erster Aufruf referee export --format text (Module schon importiert): 25.7 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        typer/click (Parsen, Aufruf)              10.97 ms   43%
        sqlite3 (SQL lesen)                        3.31 ms   13%
        json (Ergebnisse/Daten)                    3.18 ms   12%
        referee.bericht.statistik                  2.64 ms   10%
        referee.bericht.abendbericht               1.95 ms    8%
        referee.store.austausch                    0.87 ms    3%
        referee.cli                                0.61 ms    2%
        referee.cli.export                         0.37 ms    1%
        referee.buch                               0.29 ms    1%
        referee.store                              0.28 ms    1%
      Aufrufe je Befehl: json.loads 217×, sqlite3 execute 22×, rich print 0×, aus_json 0×
      Top 12 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
         13.91   0.35       1×  referee/cli/export.py:104(export)
         11.28   0.08       1×  referee/buch/__init__.py:545(exportieren)
         10.47   0.07       1×  referee/buch/__init__.py:518(_bericht)
          6.52   0.03       1×  referee/cli/__init__.py:360(_befehl)
          6.22   0.01       1×  typer/main.py:1173(get_command)
          6.21   0.02       1×  typer/main.py:1163(get_group)
          6.18   0.14       6×  typer/main.py:1283(get_group_from_info)
          5.29   0.03       1×  referee/store/austausch.py:37(eintraege_leicht)
          5.00   0.10       3×  typer/main.py:1387(get_command_from_info)
          4.68   0.09       1×  referee/bericht/abendbericht.py:90(baue_bericht)
          4.44   0.05       2×  typer/_click/core.py:694(make_context)
          4.23   0.05       2×  typer/_click/core.py:718(parse_args)

    cProfile warm, referee export --format text (20 Aufrufe): 9.6 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        sqlite3 (SQL lesen)                        2.05 ms   21%
        json (Ergebnisse/Daten)                    1.99 ms   21%
        referee.bericht.statistik                  1.95 ms   20%
        referee.bericht.abendbericht               1.05 ms   11%
        typer/click (Parsen, Aufruf)               0.76 ms    8%
        referee.store.austausch                    0.38 ms    4%
        referee.cli.export                         0.30 ms    3%
        referee.buch                               0.19 ms    2%
        referee.cli                                0.17 ms    2%
        referee.store                              0.14 ms    2%
      Aufrufe je Befehl: json.loads 217×, sqlite3 execute 22×, rich print 0×, aus_json 0×
      Top 20 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
          8.61   0.30       1×  referee/cli/export.py:104(export)
          6.89   0.07       1×  referee/buch/__init__.py:545(exportieren)
          6.34   0.04       1×  referee/buch/__init__.py:518(_bericht)
          3.08   0.05       1×  referee/bericht/abendbericht.py:90(baue_bericht)
          3.05   0.01       1×  referee/store/austausch.py:37(eintraege_leicht)
          2.16   0.23       1×  referee/store/austausch.py:48(<listcomp>)
          1.98   0.16     217×  json/__init__.py:299(loads)
          1.96   0.01       1×  referee/bericht/statistik.py:239(statistik)
          1.76   0.28     217×  json/decoder.py:332(decode)
          1.68   1.20       1×  referee/bericht/statistik.py:72(schafkopf_statistik)
          1.31   1.31     217×  json/decoder.py:343(raw_decode)
          1.01   1.01      22×  <method 'execute' of 'sqlite3.Connection' objects>
          0.99   0.01       1×  referee/cli/gruppen.py:115(buch_oeffnen)
          0.97   0.03       5×  referee/store/__init__.py:303(_lies)
          0.96   0.01       1×  referee/buch/__init__.py:70(__init__)
          0.95   0.01       1×  referee/store/__init__.py:191(oeffne)
          0.89   0.01       1×  referee/store/__init__.py:208(__init__)
          0.87   0.52       1×  referee/bericht/abendbericht.py:42(spieler_reihenfolge)
          0.81   0.03       1×  referee/store/__init__.py:100(verbinde)
          0.63   0.63    5094×  <method 'get' of 'dict' objects>

    cProfile warm, referee verlauf (20 Aufrufe): 275.7 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        rich (Darstellung)                       198.89 ms   72%
        referee.cli.abend                         14.38 ms    5%
        referee.cli.ausgabe                       13.25 ms    5%
        json (Ergebnisse/Daten)                   11.96 ms    4%
        referee.ergebnis                           9.60 ms    3%
        referee.schafkopf.ergebnis                 8.30 ms    3%
        referee.schafkopf.spielart                 4.77 ms    2%
        referee.bericht.geld                       3.51 ms    1%
        referee.spiele                        3.10 ms    1%
        referee.buch.ansicht                       2.10 ms    1%
      Aufrufe je Befehl: json.loads 431×, sqlite3 execute 22×, rich print 413×, aus_json 824×
      Top 12 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
        279.83   2.42       1×  referee/cli/abend.py:593(verlauf)
        218.31   4.24     413×  referee/cli/abend.py:221(_druck)
        145.62   3.95     413×  rich/console.py:1652(print)
         64.79   2.65    2891×  <method 'extend' of 'list' objects>
         63.63   1.99    1239×  rich/console.py:1294(render)
         63.25  10.24    1652×  rich/console.py:1004(size)
         59.24   2.55    1239×  rich/text.py:689(__rich_console__)
         50.80   2.93     826×  rich/console.py:990(options)
         46.61   4.22     413×  rich/text.py:1201(wrap)
         42.40   7.19    2892×  rich/console.py:930(is_terminal)
         33.82   7.39   11156×  <frozen _collections_abc>:771(get)
         33.82   2.65    1652×  rich/console.py:978(is_dumb_terminal)

    cProfile warm, referee abend (20 Aufrufe): 28.7 ms je Aufruf unter cProfile
      Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):
        rich (Darstellung)                        22.12 ms   77%
        sqlite3 (SQL lesen)                        2.50 ms    9%
        referee.cli.abend                          1.22 ms    4%
        referee.cli.ausgabe                        0.79 ms    3%
        typer/click (Parsen, Aufruf)               0.75 ms    3%
        referee.store                              0.21 ms    1%
        referee.store.abende                       0.20 ms    1%
        referee.cli                                0.18 ms    1%
        referee.buch.stand                         0.15 ms    1%
      Aufrufe je Befehl: json.loads 3×, sqlite3 execute 29×, rich print 21×, aus_json 0×
      Top 12 nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe
         28.21   0.01       1×  referee/cli/abend.py:269(abend_zeigen)
         24.68   0.08       1×  referee/cli/abend.py:326(_zeige_abend)
         23.75   0.28      21×  referee/cli/abend.py:221(_druck)
         16.24   0.25      21×  rich/console.py:1652(print)
         13.93   0.03       1×  referee/cli/abend.py:79(_zeige_stand)
         11.16   0.22     251×  <method 'extend' of 'list' objects>
         11.04   0.44     451×  rich/console.py:1294(render)
          6.58   0.05      93×  rich/table.py:475(__rich_console__)
          5.97   0.31     148×  rich/text.py:689(__rich_console__)
          5.63   0.59     173×  rich/measure.py:78(get)
          4.93   0.27      93×  rich/table.py:755(_render)
          4.86   0.21      15×  rich/table.py:716(_measure_column)

    Ende: 22:30:49 up 50 min,  0 user,  load average: 2.04, 2.95, 3.40; Laufzeit 153 s
"""

from __future__ import annotations

import argparse
import ast
import datetime
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HIER = Path(__file__).resolve().parent
ROOT = HIER.parent
HAND = "EO GU H9 G10 G7 S8 SK EA"
ZIEL = 1.3
VIER = ["Anna", "Ben", "Cem", "Dora"]

LESEN = {
    "stand": ["stand"],
    "verlauf": ["verlauf"],
    "abend": ["abend"],
    "export --format text": ["export", "--format", "text"],
}
RUF = ["ruf", "--hand", HAND]

NACKTE_APP = '''"""Eine nackte Typer-App mit zwei Befehlen (Bezugsgröße für benchmarks/lesen.py)."""

import typer

app = typer.Typer()


@app.command()
def eins() -> None:
    print("eins")


@app.command()
def zwei() -> None:
    print("zwei")


if __name__ == "__main__":
    app()
'''

# Läuft als ``python -c KIND auftrag.txt``: importiert vor der Messung nur sys und time (der
# Auftrag ist ein Python-Literal, gelesen mit eval – ohne json), damit kein Modul, das referee
# (oder die App) ohnehin lädt, schon vorher geladen ist. Gemessen wird CPU-Zeit des Prozesses
# (``time.process_time``): wer auf einen Kern wartet, verbraucht keine.
# Stufe "module": einmal aufrufen, die geladenen Module und die dabei definierten Datenklassen
# von referee notieren.
# Stufe "zerlegen": diese Module vorab importieren (Importzeit), den click-Befehl bauen, dann
# erster Aufruf, dann warme Aufrufe (Median), dann cProfile der warmen Aufrufe.
# Stufe "erster": die Module vorab importieren, dann den ersten Aufruf profilieren.
KIND = r"""
import sys, time
uhr = time.process_time
auftrag_datei = sys.argv[1]
with open(auftrag_datei, encoding="utf-8") as f:
    auftrag = eval(f.read(), {"__builtins__": {}})
vorher = set(sys.modules)


def aufruf_bauen():
    if auftrag["art"] == "app":
        import importlib.util
        spec = importlib.util.spec_from_file_location("nackte_app", auftrag["datei"])
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)

        def aufruf():
            mod.app(auftrag["args"], standalone_mode=False)
        return aufruf
    import referee.cli

    def aufruf():
        try:
            referee.cli.main(auftrag["args"])
        except SystemExit as exc:
            if exc.code:
                raise RuntimeError(f"Exit {exc.code}") from None
    return aufruf


stufe = auftrag["stufe"]
ergebnis = {}
if stufe == "module":
    aufruf_bauen()()
    ergebnis["module"] = [m for m in sys.modules if m not in vorher]
    ergebnis["datenklassen"] = sum(
        1
        for name, mod in list(sys.modules.items())
        if name.startswith("referee")
        for obj in list(vars(mod).values())
        if isinstance(obj, type)
        and obj.__module__ == name
        and "__dataclass_fields__" in obj.__dict__
    )
else:
    import importlib
    t0 = uhr()
    for name in auftrag["module"]:
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except Exception:
                pass
    aufruf = aufruf_bauen()
    t1 = uhr()
    ergebnis["importe_ms"] = (t1 - t0) * 1000
    ergebnis["befehl_ms"] = 0.0
    if stufe == "zerlegen" and auftrag["art"] == "referee":
        # den click-Befehl vorab bauen, wie main es täte (Typer: get_command über alle
        # geladenen Befehle); fehlt eine dieser Hilfen, zählt es zum ersten Aufruf
        import referee.cli as c
        try:
            c.lade_befehle(c._module_fuer(auftrag["args"]))
            c._hilfe_eindeutschen()
            c._befehl()
        except AttributeError:
            pass
        ergebnis["befehl_ms"] = (uhr() - t1) * 1000
    if stufe == "erster":
        import cProfile
        pr = cProfile.Profile()
        pr.enable()
        aufruf()
        pr.disable()
        pr.dump_stats(auftrag["profil"])
    else:
        t2 = uhr()
        aufruf()
        ergebnis["erster_ms"] = (uhr() - t2) * 1000
        warm = []
        for _ in range(auftrag["warm"]):
            t3 = uhr()
            aufruf()
            warm.append((uhr() - t3) * 1000)
        warm.sort()
        ergebnis["warm_ms"] = warm[len(warm) // 2]
        import cProfile
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(auftrag["profil_laeufe"]):
            aufruf()
        pr.disable()
        pr.dump_stats(auftrag["profil"])
with open(auftrag["aus"], "w", encoding="utf-8") as f:
    f.write(repr(ergebnis))
"""

# ``python -c PROBE vorher ziel``: CPU-Zeit für den Import von ``ziel`` (Module, mit Komma
# getrennt), nachdem ``vorher`` schon geladen ist – was ein Import auf diesem Weg kostet.
PROBE = r"""
import sys, time, importlib
for m in filter(None, sys.argv[1].split(",")):
    importlib.import_module(m)
t = time.process_time()
for m in sys.argv[2].split(","):
    importlib.import_module(m)
print((time.process_time() - t) * 1000)
"""
IMPORTPROBEN = [
    ("typer (lädt auch die nackte App)", "", "typer"),
    (
        "rich: console, table, text, box, measure",
        "typer",
        "rich.console,rich.table,rich.text,rich.box,rich.measure",
    ),
    ("referee.buch (Antworten, Stand, Ergebnis)", "typer", "referee.buch"),
    ("referee.store (Speicher, mit sqlite3)", "typer,referee.buch", "referee.store"),
    ("sqlite3 allein", "typer", "sqlite3"),
    ("referee.cli.abend (Befehle stand/verlauf/abend …)", "typer,referee.cli", "referee.cli.abend"),
    (
        "referee.schafkopf.spielart (+ Paket: karten, ruf)",
        "typer,referee.buch,referee.store",
        "referee.schafkopf.spielart",
    ),
    ("referee.bericht.formate", "typer,referee.buch,referee.store", "referee.bericht.formate"),
    ("sqlite_utils (nur für Migrationen)", "typer", "sqlite_utils"),
    ("platformdirs (nur ohne --db/REFEREE_DB)", "typer", "platformdirs"),
]

# ``python -c DATENKLASSE``: CPU-Zeit je eingefrorener Datenklasse mit vier Feldern (``exec`` der
# erzeugten Methoden beim Import) – gemittelt über 40 Klassen.
DATENKLASSE = r"""
import sys, time, types
from dataclasses import dataclass, field
m = types.ModuleType("probe"); sys.modules["probe"] = m
t = time.process_time()
for i in range(40):
    ns = {"__module__": "probe", "__annotations__": {"a": "int", "b": "str", "c": "tuple", "d": "dict"},
          "c": (), "d": field(default_factory=dict)}
    dataclass(frozen=True)(type(f"K{i}", (), ns))
print((time.process_time() - t) * 1000 / 40)
"""

# ``python -c OEFFNEN pfad``: ein Buch öffnen und schließen (Verbindung, Schema-/Migrations-
# prüfung, WAL) gegen eine rohe sqlite3-Verbindung mit einem PRAGMA; Median in ms. Die Module
# sind vorher geladen: das erste Öffnen zählt ohne Importe (liest dafür den Dateikopf).
OEFFNEN = r"""
import sys, time, sqlite3
import referee.spiele, referee.store
from referee.buch import Buch
p = sys.argv[1]
def median(f, n=40):
    w = []
    for _ in range(n):
        t = time.perf_counter(); f(); w.append((time.perf_counter() - t) * 1000)
    w.sort()
    return w[n // 2]
t = time.perf_counter(); Buch(p).schliessen(); erst = (time.perf_counter() - t) * 1000
def roh():
    c = sqlite3.connect(p); c.execute("PRAGMA user_version").fetchone(); c.close()
print(repr({"erst": erst, "buch": median(lambda: Buch(p).schliessen()), "roh": median(roh)}))
"""


# --------------------------------------------------------------------------- Buch anlegen


def buch_anlegen(pfad: Path) -> None:
    """Ein Abend mit 200 Schafkopf-Einträgen und ein paar anderen (läuft im eigenen Prozess,
    damit ``referee`` von dort kommt, wo die Messung es hernimmt)."""
    import random

    from referee.buch import Buch
    from referee.sabai.ergebnis import SabaiAngaben
    from referee.saufn.ergebnis import SaufnAngaben
    from referee.schafkopf.angaben import SchafkopfAngaben as Sk
    from referee.schlafmuetze.ergebnis import SchlafmuetzeAngaben

    rnd = random.Random(25)
    augen = [30, 45, 59, 61, 71, 85, 91, 100]

    def schafkopf() -> Sk:
        r = rnd.random()
        a = rnd.choice(augen)
        if r < 0.5:
            partei = tuple(rnd.sample(VIER, 2))
            return Sk.angesagt(
                "rufspiel",
                partei,
                augen=a,
                laufende=rnd.choice([0, 0, 0, 3, 4]),
                klopfer=rnd.choice([0, 0, 0, 1]),
                stoesse=rnd.choice([0, 0, 0, 0, 1]),
            )
        solist = (rnd.choice(VIER),)
        if r < 0.62:
            farbe = rnd.choice(["Eichel", "Gras", "Herz", "Schellen"])
            return Sk.angesagt(f"{farbe}-Solo", solist, augen=a, laufende=rnd.choice([0, 0, 3, 4]))
        if r < 0.72:
            return Sk.angesagt("wenz", solist, augen=a, laufende=rnd.choice([0, 0, 2]))
        if r < 0.78:
            return Sk.angesagt("geier", solist, augen=a, klopfer=rnd.choice([0, 1]))
        if r < 0.83:
            return Sk.angesagt(rnd.choice(["Gras-Wenz", "Eichel-Geier"]), solist, augen=a)
        if r < 0.86:
            return Sk.angesagt("wenz", solist, augen=120, schwarz=True)
        if r < 0.88:
            return Sk.angesagt("Herz-Solo", solist, augen=120, schwarz=True, tout=True)
        andere = [n for n in VIER if n not in solist]
        return Sk.angesagt("ramsch", solist, jungfrauen=rnd.choice([(), (), (rnd.choice(andere),)]))

    with Buch(pfad) as buch:
        buch.abend_neu(VIER, ort="Post")
        for nr in range(1, 201):
            buch.eintragen(schafkopf())
            if nr % 50 == 0:
                buch.eintragen(
                    SabaiAngaben(
                        (("Anna", "3 7 J"), ("Ben", "AJ 2 2"), ("Cem", ""), ("Dora", "14 0"))
                    )
                )
                buch.eintragen(SaufnAngaben(tuple(rnd.sample(VIER, 3))))
                buch.eintragen(SchlafmuetzeAngaben(rnd.choice(VIER)))
        buch.korrigieren(7, Sk.angesagt("rufspiel", ("Anna", "Ben"), augen=71))
        buch.rueckgaengig()


# --------------------------------------------------------------------------- Hilfen


def _last() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _lauf_ms(befehl: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Ein ganzer Prozess, stdout/stderr in Pipes; (Wandzeit ms, CPU-Zeit ms, Fehlertext oder "").

    Die CPU-Zeit (user + sys des Kindes) hängt weniger an der Last als die Wandzeit: wer auf
    einen Kern wartet, verbraucht keine."""
    import resource

    vorher = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(befehl, env=env, capture_output=True)
    ms = (time.perf_counter() - t0) * 1000
    nachher = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (nachher.ru_utime + nachher.ru_stime - vorher.ru_utime - vorher.ru_stime) * 1000
    if r.returncode != 0:
        zeile = (r.stderr.decode(errors="replace").strip().splitlines() or ["ohne Ausgabe"])[-1]
        return ms, cpu, f"Exit {r.returncode}: {zeile[:120]}"
    return ms, cpu, ""


def _kind(auftrag: dict, env: dict[str, str], tmp: Path) -> dict:
    datei, aus = tmp / "auftrag.txt", tmp / "aus.txt"
    auftrag = {**auftrag, "aus": str(aus)}
    datei.write_text(repr(auftrag), encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-c", KIND, str(datei)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError(f"Zerlegung scheiterte: {r.stderr.strip()[-400:]}")
    return ast.literal_eval(aus.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- Messungen


def ganze_prozesse(
    messungen: list[tuple[str, list[str], dict[str, str]]], laeufe: int
) -> tuple[dict[str, list[tuple[float, float]]], dict[str, list[str]]]:
    """Abwechselnd: Runde i beginnt beim i-ten Befehl (kein Befehl immer zuerst).
    Je Befehl die Liste (Wandzeit, CPU-Zeit) der gelungenen Läufe und die Fehler."""
    for _, befehl, env in messungen:  # Aufwärmen: .pyc schreiben, Seiten-Cache füllen
        _lauf_ms(befehl, env)
    zeiten: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in messungen}
    fehler: dict[str, list[str]] = {name: [] for name, _, _ in messungen}
    for runde in range(laeufe):
        k = runde % len(messungen)
        for name, befehl, env in messungen[k:] + messungen[:k]:
            ms, cpu, f = _lauf_ms(befehl, env)
            if f:
                fehler[name].append(f)
            else:
                zeiten[name].append((ms, cpu))
    return zeiten, fehler


_IMPORTZEILE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def importzeiten(befehl: list[str], env: dict[str, str]) -> dict[str, tuple[int, int]]:
    """``-X importtime`` eines Prozesses: Modul -> (eigen µs, kumuliert µs)."""
    r = subprocess.run(befehl, env=env, capture_output=True, text=True)
    aus: dict[str, tuple[int, int]] = {}
    for m in _IMPORTZEILE.finditer(r.stderr):
        aus[m.group(4)] = (int(m.group(1)), int(m.group(2)))
    return aus


def _median_importe(laeufe: list[dict[str, tuple[int, int]]]) -> dict[str, tuple[float, float]]:
    namen = {n for lauf in laeufe for n in lauf}
    aus = {}
    for n in namen:
        werte = [lauf[n] for lauf in laeufe if n in lauf]
        aus[n] = (
            statistics.median(w[0] for w in werte) / 1000,
            statistics.median(w[1] for w in werte) / 1000,
        )
    return aus


def _gruppe(modul: str, stdlib: frozenset[str]) -> str:
    oben = modul.split(".", maxsplit=1)[0]
    if oben in ("typer", "click", "annotated_doc", "shellingham"):
        return "typer/click"
    if oben == "referee":
        return modul
    if oben in stdlib or oben.startswith("_") or oben == "encodings":
        return "stdlib"
    return oben


def importe_drucken(
    name: str, ref: dict[str, tuple[float, float]], app: dict[str, tuple[float, float]]
) -> None:
    stdlib = frozenset(sys.stdlib_module_names)
    gruppen: dict[str, list[float]] = {}
    for modul, (eigen, _) in ref.items():
        gruppen.setdefault(_gruppe(modul, stdlib), [0.0, 0.0, 0])[0] += eigen
        gruppen[_gruppe(modul, stdlib)][2] += 1
    for modul, (eigen, _) in app.items():
        gruppen.setdefault(_gruppe(modul, stdlib), [0.0, 0.0, 0])[1] += eigen
    summe_ref = sum(g[0] for g in gruppen.values())
    summe_app = sum(g[1] for g in gruppen.values())
    print(
        f"\n-X importtime, referee {name} (Median je Modul): Importe {summe_ref:.0f} ms, "
        f"nackte App {summe_app:.0f} ms, Mehr {summe_ref - summe_app:+.0f} ms"
    )
    print(f"  {'Paket/Modul (Eigenzeit summiert)':42} {'referee':>8} {'App':>7} {'Mehr':>7} Module")
    for g, (r, a, n) in sorted(gruppen.items(), key=lambda x: -(x[1][0] - x[1][1]))[:15]:
        print(f"  {g:42} {r:6.1f}ms {a:5.1f}ms {r - a:+6.1f}ms {n:4d}")
    print(f"  Die 15 teuersten Module nach kumulierter Zeit ({len(ref)} Module geladen):")
    print(f"  {'Modul':42} {'kumuliert':>9} {'eigen':>7}  in der App?")
    for modul, (eigen, kum) in sorted(ref.items(), key=lambda x: -x[1][1])[:15]:
        print(f"  {modul:42} {kum:7.1f}ms {eigen:5.1f}ms  {'ja' if modul in app else 'nein'}")


NEUTRAL = "stdlib/eingebaut"

# Die Aufrufkette, die jeder Befehl gleich durchläuft (Typer/click, referee.cli.main): in den
# Top-Listen ausgelassen, damit dort steht, was der Befehl selbst tut
RAHMEN = {
    ("typer/core.py", "main"),
    ("typer/core.py", "_main"),
    ("typer/core.py", "invoke"),
    ("typer/_click/core.py", "invoke"),
    ("typer/_click/core.py", "main"),
    ("typer/main.py", "wrapper"),
    ("referee/cli/__init__.py", "main"),
    ("referee/cli/__init__.py", "ausfuehren"),
    ("referee/cli/__init__.py", "_ausfuehren"),
}


def _bereich(datei: str, funktion: str) -> str:
    if "sqlite3" in funktion or "/sqlite3/" in datei:
        return "sqlite3 (SQL lesen)"
    if "/json/" in datei or "_json" in funktion or funktion in ("loads", "dumps"):
        return "json (Ergebnisse/Daten)"
    if "/rich/" in datei:
        return "rich (Darstellung)"
    if "/typer/" in datei or "/click/" in datei:
        return "typer/click (Parsen, Aufruf)"
    if "/referee/" in datei:
        teil = datei.rsplit("/referee/", 1)[1].removesuffix(".py").removesuffix("/__init__")
        return "referee." + teil.replace("/", ".")
    return NEUTRAL


def _anteile(roh: dict, schluessel: tuple, memo: dict, unterwegs: set) -> dict[str, float]:
    """Wem die Eigenzeit einer Funktion zufällt: Standardbibliothek und eingebaute Funktionen
    (``len``, ``re``, ``list.extend`` …) anteilig ihren Aufrufern (nach deren kumulierter Zeit),
    bis ein Bereich erreicht ist – sonst stünde Arbeit von rich unter „eingebaut“."""
    if schluessel in memo:
        return memo[schluessel]
    datei, _, funktion = schluessel
    b = _bereich(datei, funktion)
    if b != NEUTRAL or schluessel in unterwegs or schluessel not in roh:
        return {b: 1.0}
    gewichte = {k: v[3] for k, v in roh[schluessel][4].items()}
    summe = sum(gewichte.values())
    if not summe:
        memo[schluessel] = {b: 1.0}
        return memo[schluessel]
    unterwegs.add(schluessel)
    aus: dict[str, float] = {}
    for k, g in gewichte.items():
        for bb, anteil in _anteile(roh, k, memo, unterwegs).items():
            aus[bb] = aus.get(bb, 0.0) + anteil * g / summe
    unterwegs.discard(schluessel)
    memo[schluessel] = aus
    return aus


def _kurz(datei: str, zeile: int, funktion: str) -> str:
    if datei == "~":
        return funktion
    for marke in ("/site-packages/", "/referee/", "/lib/python3."):
        if marke in datei:
            rest = datei.rsplit(marke, 1)[1]
            if marke == "/referee/":
                rest = "referee/" + rest
            elif marke.startswith("/lib/"):
                rest = rest.split("/", 1)[1]
            return f"{rest}:{zeile}({funktion})"
    return f"{Path(datei).name}:{zeile}({funktion})"


def profil_drucken(pfad: Path, laeufe: int, top: int, titel: str) -> None:
    st = pstats.Stats(str(pfad))
    roh = st.stats  # type: ignore[attr-defined]
    bereiche: dict[str, float] = {}
    gesamt = 0.0
    memo: dict = {}
    zaehler = {"json.loads": 0, "sqlite3 execute": 0, "rich print": 0, "aus_json": 0}
    for schluessel, (_cc, nc, tt, _ct, _callers) in roh.items():
        datei, _zeile, funktion = schluessel
        for b, anteil in _anteile(roh, schluessel, memo, set()).items():
            bereiche[b] = bereiche.get(b, 0.0) + tt * anteil
        gesamt += tt
        if funktion == "loads" and "/json/" in datei:
            zaehler["json.loads"] += nc
        elif "execute" in funktion and "sqlite3" in funktion:
            zaehler["sqlite3 execute"] += nc
        elif funktion == "print" and datei.endswith("rich/console.py"):
            zaehler["rich print"] += nc
        elif funktion.endswith("aus_json"):
            zaehler["aus_json"] += nc
    print(f"\n{titel}: {gesamt / laeufe * 1000:.1f} ms je Aufruf unter cProfile")
    print("  Eigenzeit je Bereich, ms je Aufruf (stdlib/eingebaut anteilig den Aufrufern):")
    for b, t in sorted(bereiche.items(), key=lambda x: -x[1])[:10]:
        if t / gesamt >= 0.005:
            print(f"    {b:40} {t / laeufe * 1000:6.2f} ms  {t / gesamt:4.0%}")
    print(
        "  Aufrufe je Befehl: "
        + ", ".join(f"{k} {v / laeufe:.0f}×" for k, v in zaehler.items())
        + f"\n  Top {top} nach kumulierter Zeit (ohne die Typer/click-Aufrufkette und "
        "referee.cli.main), ms je Aufruf: kumuliert, eigen, Aufrufe"
    )
    zeilen = sorted(roh.items(), key=lambda x: -x[1][3])
    gezeigt = 0
    for (datei, zeile, funktion), (_cc, nc, tt, ct, _callers) in zeilen:
        if datei == "<string>" or funktion == "<module>" or funktion.startswith("<built-in"):
            continue
        if any(datei.endswith("/" + d) and funktion == f for d, f in RAHMEN):
            continue
        print(
            f"    {ct / laeufe * 1000:6.2f} {tt / laeufe * 1000:6.2f} {nc / laeufe:7.0f}×  "
            f"{_kurz(datei, zeile, funktion)}"
        )
        gezeigt += 1
        if gezeigt >= top:
            break


# --------------------------------------------------------------------------- Hauptteil


def _schnappschuss(commit: str, ziel: Path) -> str:
    """``git archive`` von referee/, rules_de/ und data/ (liest nur, ändert nichts)."""
    rev = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", commit],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    ziel.mkdir(parents=True)
    archiv = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "referee", "rules_de", "data"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(ziel)], input=archiv, check=True)
    return rev


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--laeufe", type=int, default=21, help="ganze Prozesse je Befehl")
    ap.add_argument("--importlaeufe", type=int, default=5, help="-X importtime-Prozesse")
    ap.add_argument("--warm", type=int, default=15, help="warme Aufrufe je Befehl")
    ap.add_argument("--profil", type=int, default=20, help="warme Aufrufe unter cProfile")
    ap.add_argument("--zerlegungen", type=int, default=3, help="Prozesse je Zerlegung")
    ap.add_argument("--proben", type=int, default=7, help="Prozesse je Importprobe")
    ap.add_argument("--commit", help="einen Schnappschuss dieses Commits messen (git archive)")
    ap.add_argument("--instruktionen", action="store_true", help="auch valgrind (callgrind)")
    ap.add_argument("--anlegen", metavar="PFAD", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.anlegen:
        buch_anlegen(Path(args.anlegen))
        return

    beginn = time.perf_counter()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory(prefix="referee-lesen-") as t:
        tmp = Path(t)
        # Alle Kindprozesse starten im Temp-Verzeichnis: ``python -m``/``-c`` setzen das
        # Arbeitsverzeichnis an den Anfang von sys.path – aus dem Projektordner gestartet,
        # käme referee sonst immer aus dem Arbeitsbaum (auch mit --commit)
        os.chdir(tmp)
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("PYTHONDONTWRITEBYTECODE", "REFEREE_DEBUG", "REFEREE_DB")
        }
        env.update(NO_COLOR="1", COLUMNS="100", PYTHONPYCACHEPREFIX=str(tmp / "pyc"))
        quelle = "Arbeitsbaum (importiertes referee)"
        if args.commit:
            rev = _schnappschuss(args.commit, tmp / "quelle")
            env["PYTHONPATH"] = os.pathsep.join(
                [str(tmp / "quelle"), *filter(None, [os.environ.get("PYTHONPATH")])]
            )
            quelle = f"Schnappschuss {rev} (git archive {args.commit})"
        # wie die Shell der Entwickler: PYTHONDONTWRITEBYTECODE=1, kein Cache für referee
        env_roh = {k: v for k, v in env.items() if k != "PYTHONPYCACHEPREFIX"}
        env_roh["PYTHONDONTWRITEBYTECODE"] = "1"

        db = tmp / "abend.db"
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--anlegen", str(db)],
            env=env_roh,
            check=True,
        )
        anlegen_s = time.perf_counter() - t0
        app_datei = tmp / "nackte_app.py"
        app_datei.write_text(NACKTE_APP, encoding="utf-8")

        import sqlite3

        with sqlite3.connect(db) as c:
            n_e = c.execute("SELECT count(*) FROM eintraege").fetchone()[0]
            n_sk = c.execute(
                "SELECT count(*) FROM eintraege WHERE spiel = 'schafkopf' AND gilt = 1"
            ).fetchone()[0]
        c.close()

        py = sys.executable
        ref = [py, "-m", "referee", "--db", str(db)]
        skript = Path(py).with_name("referee")
        app = [py, str(app_datei), "eins"]
        messungen = [
            ("python -c pass", [py, "-c", "pass"], env),
            ("nackte Typer-App (eins)", app, env),
            *((f"referee {n}", [*ref, *a], env) for n, a in LESEN.items()),
            ('referee ruf --hand "…"', [*ref, *RUF], env),
        ]
        if skript.exists():
            messungen.append(
                ("referee stand (.venv/bin/referee)", [str(skript), "--db", str(db), "stand"], env)
            )
        messungen.append(("referee stand (ohne .pyc)", [*ref, "stand"], env_roh))

        print(
            f"Messung {datetime.datetime.now():%Y-%m-%d %H:%M}, {_last()}, {os.cpu_count()} Kerne"
        )
        print(f"Aufruf: benchmarks/lesen.py {' '.join(sys.argv[1:])}".rstrip())
        herkunft = subprocess.run(
            [py, "-c", "import referee; print(referee.__file__)"],
            env=env,
            capture_output=True,
            text=True,
        ).stdout.strip()
        print(f"Python {sys.version.split()[0]} ({py}); referee: {quelle}")
        print(f"  importiert aus {herkunft}")
        print(
            f"Buch: {n_e} Einträge in einem Abend ({n_sk} geltende Schafkopf), "
            f"angelegt in {anlegen_s:.1f} s; stdout in eine Pipe, COLUMNS=100"
        )
        zeiten, fehler = ganze_prozesse(messungen, args.laeufe)
        app_name = "nackte Typer-App (eins)"
        if not zeiten[app_name]:
            raise SystemExit(f"Die nackte App scheiterte: {fehler[app_name][0]}")
        basis = statistics.median(w for w, _ in zeiten[app_name])
        basis_min = min(w for w, _ in zeiten[app_name])
        basis_cpu = statistics.median(c for _, c in zeiten[app_name])
        print(
            f"\nGanze Prozesse, {args.laeufe} Läufe je Befehl abwechselnd; × = Verhältnis zur "
            f"nackten App (Ziel ≤ {ZIEL} × beim Median der Wandzeit):"
        )
        print(
            f"  {'':36} {'Median':>9} {'×':>6}  {'Minimum':>7} {'×':>6}  "
            f"{'CPU-Median':>10} {'×':>6}"
        )
        medians: dict[str, float] = {}
        cpu_medians: dict[str, float] = {}
        for name, _, _ in messungen:
            if not zeiten[name]:
                print(f"  {name:36} scheiterte: {fehler[name][0]}")
                continue
            wand = [w for w, _ in zeiten[name]]
            cpu = cpu_medians[name] = statistics.median(c for _, c in zeiten[name])
            med = medians[name] = statistics.median(wand)
            urteil = ""
            if name.startswith("referee") and "ruf" not in name:
                urteil = "ok" if med / basis <= ZIEL else "ZU LANGSAM"
            f = f" ({len(fehler[name])} gescheitert)" if fehler[name] else ""
            print(
                f"  {name:36} {med:6.0f} ms {med / basis:5.2f}×  {min(wand):4.0f} ms "
                f"{min(wand) / basis_min:5.2f}×  {cpu:7.0f} ms {cpu / basis_cpu:5.2f}×  "
                f"{urteil}{f}".rstrip()
            )
        print(
            "  Mehr als die nackte App (Median, ms): "
            + ", ".join(
                f"{n.removeprefix('referee ')} {medians[n] - basis:+.0f}"
                for n in medians
                if n.startswith("referee ")
            )
        )

        if args.instruktionen:
            from instruktionen import instruktionen

            print("\nMaschinenbefehle (callgrind, ein Lauf je Befehl, unabhängig von der Last):")
            basis_ir = None
            for name, befehl, e in messungen:
                if name == "python -c pass" or "ohne .pyc" in name:
                    continue
                ir = instruktionen(befehl, e)
                if ir is None:
                    print("  valgrind fehlt oder hat nichts gezählt.")
                    break
                basis_ir = basis_ir or ir
                print(f"  {name:36} {ir / 1e6:8.1f} Mio.  {ir / basis_ir:5.2f} ×")

        # ------------------------------------------------------------ Zerlegung
        print(
            f"\nZerlegung in frischen Prozessen (CPU-ms, Median aus {args.zerlegungen}): Importe = "
            "alle Module des Befehls vorab;\n  click-B. = Typer baut den click-Befehl "
            "(get_command); 1. Aufruf danach, ohne Importe; warm = Median der Wiederholungen\n"
            "  (die eigentliche Arbeit); Prozess = CPU-Median oben; Datenkl. = beim Import "
            "erzeugte Datenklassen von referee."
        )
        print(
            f"  {'':26} {'Importe':>8} {'click-B.':>8} {'1. Aufruf':>10} {'warm':>7} "
            f"{'Prozess':>8} {'Module':>7} {'Datenkl.':>8}"
        )
        ziele: list[tuple[str, dict]] = [
            ("nackte Typer-App", {"art": "app", "datei": str(app_datei), "args": ["eins"]})
        ]
        for n, a in [*LESEN.items(), ("ruf", RUF)]:
            ziele.append((n, {"art": "referee", "args": ["--db", str(db), *a]}))
        prozess_name = {
            "nackte Typer-App": "nackte Typer-App (eins)",
            "ruf": 'referee ruf --hand "…"',
        }
        profile: dict[str, Path] = {}
        erste: dict[str, Path] = {}
        for n, auftrag in ziele:
            modul_erg = _kind({**auftrag, "stufe": "module"}, env, tmp)
            mods = modul_erg["module"]
            profile[n] = tmp / f"profil-{len(profile)}.prof"
            erg_liste = [
                _kind(
                    {
                        **auftrag,
                        "stufe": "zerlegen",
                        "module": mods,
                        "warm": args.warm,
                        "profil_laeufe": args.profil if i == 0 else 0,
                        "profil": str(profile[n]) if i == 0 else str(tmp / "verworfen.prof"),
                    },
                    env,
                    tmp,
                )
                for i in range(args.zerlegungen)
            ]
            erg = {k: statistics.median(e[k] for e in erg_liste) for k in erg_liste[0]}
            if n in ("stand", "export --format text"):
                erste[n] = tmp / f"erster-{len(erste)}.prof"
                _kind(
                    {**auftrag, "stufe": "erster", "module": mods, "profil": str(erste[n])},
                    env,
                    tmp,
                )
            prozess = cpu_medians.get(prozess_name.get(n, f"referee {n}"), 0.0)
            print(
                f"  {n:26} {erg['importe_ms']:8.1f} {erg['befehl_ms']:8.1f} "
                f"{erg['erster_ms']:10.1f} {erg['warm_ms']:7.2f} {prozess:8.0f} {len(mods):7d} "
                f"{modul_erg['datenklassen']:8d}"
            )

        # ------------------------------------------------------------ einzelne Kosten
        print(
            f"\nWas einzelne Importe kosten (CPU-ms in frischen Prozessen, Median aus "
            f"{args.proben}; „nach“ = schon geladen):"
        )
        for titel, vorher, ziel in IMPORTPROBEN:
            w = []
            for _ in range(args.proben):
                r = subprocess.run(
                    [py, "-c", PROBE, vorher, ziel], env=env, capture_output=True, text=True
                )
                if r.returncode != 0:
                    break
                w.append(float(r.stdout))
            nach = f"nach {vorher}" if vorher else ""
            if w:
                print(f"  {titel:52} {statistics.median(w):6.1f} ms  {nach}".rstrip())
            else:
                print(f"  {titel:52} scheiterte: {r.stderr.strip().splitlines()[-1][:80]}")
        w = [
            float(subprocess.run([py, "-c", DATENKLASSE], env=env, capture_output=True).stdout)
            for _ in range(args.proben)
        ]
        print(
            f"  {'eine eingefrorene Datenklasse (@dataclass(frozen=True))':52} "
            f"{statistics.median(w):6.2f} ms  je Klasse"
        )
        r = subprocess.run([py, "-c", OEFFNEN, str(db)], env=env, capture_output=True, text=True)
        if r.returncode == 0:
            o = ast.literal_eval(r.stdout.strip())
            print(
                f"  Buch öffnen und schließen (Verbindung, Schema-/Migrationsprüfung, WAL; ohne "
                f"Importe): erstes {o['erst']:.2f} ms, danach {o['buch']:.2f} ms;\n  rohe "
                f"sqlite3-Verbindung mit einem PRAGMA {o['roh']:.2f} ms (Wandzeit, Median)"
            )

        # ------------------------------------------------------------ -X importtime
        imp_app, imp_ref = [], {n: [] for n in ("stand", "export --format text")}
        for _ in range(args.importlaeufe):
            imp_app.append(importzeiten([py, "-X", "importtime", *app[1:]], env))
            for n, liste in imp_ref.items():
                liste.append(importzeiten([py, "-X", "importtime", *ref[1:], *LESEN[n]], env))
        app_imp = _median_importe(imp_app)
        for n, laeufe in imp_ref.items():
            importe_drucken(n, _median_importe(laeufe), app_imp)

        # ------------------------------------------------------------ cProfile
        for n in ("stand", "export --format text"):
            profil_drucken(
                erste[n], 1, 12, f"cProfile erster Aufruf referee {n} (Module schon importiert)"
            )
            profil_drucken(
                profile[n], args.profil, 20, f"cProfile warm, referee {n} ({args.profil} Aufrufe)"
            )
        for n in ("verlauf", "abend"):
            profil_drucken(
                profile[n], args.profil, 12, f"cProfile warm, referee {n} ({args.profil} Aufrufe)"
            )
        print(f"\nEnde: {_last()}; Laufzeit {time.perf_counter() - beginn:.0f} s")
        shutil.rmtree(tmp / "pyc", ignore_errors=True)
        os.chdir(ROOT)


if __name__ == "__main__":
    main()
