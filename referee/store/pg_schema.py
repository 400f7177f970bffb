"""Das Schema des Buchs auf PostgreSQL: dieselben Tabellen und Spalten wie eine frisch
migrierte SQLite-Datei (``referee.store.schema``), in PostgreSQL-DDL, mit denselben Zusagen in
der Datenbank – nur anhängend (Trigger in PL/pgSQL), eindeutige Schlüssel, Fremdschlüssel.

Ein PostgreSQL-Buch beginnt beim aktuellen Schema (``SCHEMA``): die alten SQLite-Migrationen
werden nicht nachgespielt – wer ein altes Buch hat, zieht es um (``referee umziehen``).

**Eine Tabelle dazu** (auf der SQLite-Seite eine neue Migration): hier in ``TABELLEN`` eine
Zeile je Spalte und Einschränkung, in ``INDIZES`` ihre Indizes, in ``NUR_ANHAENGEN`` (nie
löschen) und ``UNVERAENDERLICH`` (Spalten, die nie geändert werden; ``None``: die ganze Zeile)
ihre Zusagen, ``SCHEMA`` auf die neue Version. ``tests/test_pg_schema.py`` vergleicht die
Tabellen und Spalten mit einer frisch migrierten SQLite-Datei und scheitert, bis beides passt.

Typen: Text ist ``text COLLATE "C"`` (vergleicht und sortiert nach Bytes wie SQLites BINARY –
sonst ordnete ``ORDER BY name`` je nach Locale des Servers anders), ganze Zahlen ``bigint``
(SQLites INTEGER hat 64 Bit). Die ids (``INTEGER PRIMARY KEY`` in SQLite: neue id = größte + 1)
vergibt ``referee_neue_id()`` genauso – unter der Schreibsperre des Buchs (siehe
``referee.store.postgres``) ohne Wettlauf. Tabellen ohne eigene id bekommen eine Spalte
``rowid`` (``bigserial``), damit „in der Reihenfolge des Schreibens“ (``ORDER BY rowid``) auf
beiden Seiten dasselbe heißt.
"""

from __future__ import annotations

#: Die Schemaversion, die dieses DDL beschreibt (muss ``SCHEMA_AKTUELL`` sein)
SCHEMA = 11

_T = 'text COLLATE "C"'
_I = "bigint"

#: Tabelle → Spalten und Einschränkungen (in der Reihenfolge der SQLite-Tabelle)
TABELLEN: dict[str, tuple[str, ...]] = {
    # Schema 9; zuerst, damit ein Umzug die Kennung vor ihrem Abend/Turnier schreibt (dessen
    # Trigger legt sonst eine neue an)
    "kennungen": (
        f"art {_T} NOT NULL",
        f"id {_I} NOT NULL",
        f"uuid {_T} NOT NULL UNIQUE",
        "PRIMARY KEY (art, id)",
    ),
    "spieler": (
        f"id {_I} PRIMARY KEY",
        f"name {_T} NOT NULL",
        f"schluessel {_T} NOT NULL",
        f"angelegt {_T} NOT NULL",
    ),
    "abende": (
        f"id {_I} PRIMARY KEY",
        f"datum {_T} NOT NULL",
        f"ort {_T}",
        f"tarif {_T} NOT NULL",
        f"hausregeln {_T} NOT NULL",
        f"offen {_I} NOT NULL",
        f"begonnen {_T} NOT NULL",
        f"beendet {_T}",
        f"geber_start {_I} NOT NULL DEFAULT 0",
    ),
    "abend_spieler": (
        f"abend_id {_I} REFERENCES abende(id)",
        f"spieler_id {_I} REFERENCES spieler(id)",
        f"platz {_I} NOT NULL",
        "PRIMARY KEY (abend_id, spieler_id)",
    ),
    "eintraege": (
        f"id {_I} PRIMARY KEY",
        f"abend_id {_I} NOT NULL REFERENCES abende(id)",
        f"zeit {_T} NOT NULL",
        f"spiel {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"bezug {_I} REFERENCES eintraege(id)",
        f"eingabe {_T} NOT NULL",
        f"ergebnis {_T} NOT NULL",
        f"nr {_I} NOT NULL DEFAULT 0",
        f"gilt {_I} NOT NULL DEFAULT 1",
    ),
    "werte": (
        f"eintrag_id {_I} NOT NULL REFERENCES eintraege(id)",
        f"abend_id {_I} NOT NULL REFERENCES abende(id)",
        f"spieler_id {_I} NOT NULL REFERENCES spieler(id)",
        f"spiel {_T} NOT NULL",
        f"groesse {_T} NOT NULL",
        f"wert {_I} NOT NULL",
        f"gilt {_I} NOT NULL",
        "rowid bigserial PRIMARY KEY",
    ),
    "ereignisse": (
        f"id {_I} PRIMARY KEY",
        f"abend_id {_I} NOT NULL REFERENCES abende(id)",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"bezug {_I} REFERENCES ereignisse(id)",
        f"nach_eintrag {_I} NOT NULL",
        f"daten {_T} NOT NULL",
        f"gilt {_I} NOT NULL",
    ),
    "schluessel": (
        f"schluessel {_T} PRIMARY KEY",
        f"eintrag_id {_I} NOT NULL REFERENCES eintraege(id)",
        f"zeit {_T} NOT NULL",
    ),
    "turniere": (
        f"id {_I} PRIMARY KEY",
        f"name {_T} NOT NULL",
        f"runden {_I} NOT NULL",
        f"spiele {_I} NOT NULL",
        f"wertung {_T} NOT NULL",
        f"seed {_I} NOT NULL",
        f"angelegt {_T} NOT NULL",
    ),
    "turnier_teilnehmer": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"startnummer {_I} NOT NULL",
        f"name {_T} NOT NULL",
        f"schluessel {_T} NOT NULL",
        f"ab_runde {_I} NOT NULL",
        f"art {_T} NOT NULL",
        f"zeit {_T} NOT NULL",
    ),
    # Schema 11: je Runde mehrere Auslosungen, höchstens eine gilt (``gilt`` setzt ein Trigger)
    "turnier_runden": (
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"runde {_I} NOT NULL",
        f"auslosung {_I} NOT NULL",
        f"zeit {_T} NOT NULL",
        f"wiederholungen {_I} NOT NULL",
        f"gilt {_I} NOT NULL",
        "PRIMARY KEY (turnier_id, runde, auslosung)",
    ),
    "turnier_tische": (
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"runde {_I} NOT NULL",
        f"auslosung {_I} NOT NULL",
        f"tisch {_I} NOT NULL",
        f"platz {_I} NOT NULL",
        f"startnummer {_I} NOT NULL",
        f"gilt {_I} NOT NULL",
        "PRIMARY KEY (turnier_id, runde, auslosung, tisch, platz)",
    ),
    "turnier_eintraege": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"runde {_I} NOT NULL",
        f"tisch {_I} NOT NULL",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"bezug {_I} REFERENCES turnier_eintraege(id)",
        f"eingabe {_T} NOT NULL",
        f"ergebnis {_T} NOT NULL",
        f"gilt {_I} NOT NULL",
    ),
    "turnier_werte": (
        f"eintrag_id {_I} REFERENCES turnier_eintraege(id)",
        f"turnier_id {_I} NOT NULL",
        f"runde {_I} NOT NULL",
        f"tisch {_I} NOT NULL",
        f"startnummer {_I} NOT NULL",
        f"punkte {_I} NOT NULL",
        f"soli {_I} NOT NULL",
        f"gilt {_I} NOT NULL",
        "rowid bigserial PRIMARY KEY",
    ),
    "turnier_ereignisse": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"startnummer {_I}",
        f"runde {_I}",
        f"bezug {_I} REFERENCES turnier_ereignisse(id)",
        f"gilt {_I} NOT NULL",
        f"auslosung {_I}",
    ),
    "turnier_schluessel": (
        f"schluessel {_T} PRIMARY KEY",
        f"eintrag_id {_I} NOT NULL REFERENCES turnier_eintraege(id)",
        f"zeit {_T} NOT NULL",
    ),
    "geheimnisse": (
        f"name {_T} PRIMARY KEY",
        f"wert {_T} NOT NULL",
        f"angelegt {_T} NOT NULL",
    ),
    # Schema 10: was die Turnierleitung dazu festhält (``referee.store.turnierkasse``)
    "turnier_eckdaten": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"wert {_T} NOT NULL",
    ),
    "turnier_zahlungen": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"zeit {_T} NOT NULL",
        f"startnummer {_I} NOT NULL",
        f"betrag {_I} NOT NULL",
        f"bezug {_I} REFERENCES turnier_zahlungen(id)",
    ),
    "turnier_preislisten": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"zeit {_T} NOT NULL",
        f"liste {_T} NOT NULL",
    ),
    "turnier_vereine": (
        f"id {_I} PRIMARY KEY",
        f"turnier_id {_I} NOT NULL REFERENCES turniere(id)",
        f"zeit {_T} NOT NULL",
        f"startnummer {_I} NOT NULL",
        f"verein {_T}",
        f"mannschaft {_T}",
    ),
    # Schema 8: Saisons, ihre Änderungen, Namen derselben Person
    "saisons": (
        f"id {_I} PRIMARY KEY",
        f"name {_T} NOT NULL",
        f"von {_T} NOT NULL",
        f"bis {_T} NOT NULL",
        f"wertung {_T} NOT NULL",
        f"angelegt {_T} NOT NULL",
    ),
    "saison_aenderungen": (
        f"id {_I} PRIMARY KEY",
        f"saison_id {_I} NOT NULL REFERENCES saisons(id)",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"ereignis_art {_T}",
        f"ereignis_id {_I}",
        f"daten {_T} NOT NULL",
    ),
    "spieler_aliase": (
        f"id {_I} PRIMARY KEY",
        f"zeit {_T} NOT NULL",
        f"art {_T} NOT NULL",
        f"name {_T} NOT NULL",
        f"schluessel {_T} NOT NULL",
        f"ziel {_T} NOT NULL",
        f"ziel_schluessel {_T} NOT NULL",
        f"bezug {_I} REFERENCES spieler_aliase(id)",
    ),
}

#: (Tabelle, Spalten, eindeutig) – wie die Indizes der SQLite-Datei
INDIZES: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("spieler", ("schluessel",), True),
    ("eintraege", ("abend_id",), False),
    ("eintraege", ("abend_id", "nr"), True),
    ("eintraege", ("gilt", "spiel"), False),
    ("eintraege", ("bezug",), False),
    ("werte", ("eintrag_id",), False),
    ("werte", ("gilt", "spiel", "groesse", "spieler_id", "wert"), False),
    ("werte", ("abend_id", "gilt", "spiel", "groesse", "spieler_id", "wert"), False),
    ("ereignisse", ("abend_id", "art", "gilt"), False),
    ("turnier_teilnehmer", ("turnier_id", "schluessel"), True),
    ("turnier_teilnehmer", ("turnier_id", "startnummer", "ab_runde"), False),
    ("turnier_tische", ("turnier_id", "runde", "auslosung", "startnummer"), True),
    ("turnier_tische", ("turnier_id", "gilt", "runde", "tisch"), False),
    ("turnier_eintraege", ("turnier_id", "runde", "tisch", "gilt"), False),
    ("turnier_eintraege", ("bezug",), False),
    ("turnier_werte", ("eintrag_id",), False),
    (
        "turnier_werte",
        ("turnier_id", "gilt", "runde", "tisch", "startnummer", "punkte", "soli"),
        False,
    ),
    ("turnier_ereignisse", ("turnier_id", "art", "gilt"), False),
    ("turnier_eckdaten", ("turnier_id", "art"), False),
    ("turnier_zahlungen", ("turnier_id", "startnummer"), False),
    ("turnier_zahlungen", ("bezug",), True),
    ("turnier_preislisten", ("turnier_id",), False),
    ("turnier_vereine", ("turnier_id", "startnummer"), False),
    ("saison_aenderungen", ("saison_id", "art"), False),
    ("spieler_aliase", ("schluessel",), False),
)

_TURNIER_NIE = "Turnierdaten werden nie gelöscht, nur storniert."
#: Tabelle → Meldung: Zeilen werden nie gelöscht
NUR_ANHAENGEN: dict[str, str] = {
    "eintraege": "Einträge werden nie gelöscht, nur storniert.",
    "werte": "Werte werden nie gelöscht.",
    "ereignisse": "Ereignisse werden nie gelöscht, nur storniert.",
    **{
        t: _TURNIER_NIE
        for t in (
            "turniere",
            "turnier_teilnehmer",
            "turnier_runden",
            "turnier_tische",
            "turnier_eintraege",
            "turnier_werte",
            "turnier_ereignisse",
            "turnier_schluessel",
            "turnier_eckdaten",
            "turnier_zahlungen",
            "turnier_preislisten",
            "turnier_vereine",
        )
    },
}

_SAISON_NIE = "Saisondaten werden nie gelöscht; eine Änderung ist eine neue Zeile."
_SAISON_FEST = "Saisondaten sind unveränderlich; eine Änderung ist eine neue Zeile."
NUR_ANHAENGEN |= dict.fromkeys(("saisons", "saison_aenderungen", "spieler_aliase"), _SAISON_NIE)

_EINTRAG_FEST = "Einträge sind unveränderlich; Korrektur statt Änderung."
_EREIGNIS_FEST = "Ereignisse sind unveränderlich; Storno statt Änderung."
_TURNIER_FEST = "Turnierdaten sind unveränderlich."
#: Tabelle → (Spalten, die nie geändert werden – ``None``: keine –, Meldung)
UNVERAENDERLICH: dict[str, tuple[tuple[str, ...] | None, str]] = {
    "eintraege": (
        ("id", "abend_id", "nr", "zeit", "spiel", "art", "bezug", "eingabe", "ergebnis"),
        _EINTRAG_FEST,
    ),
    "werte": (
        ("eintrag_id", "abend_id", "spieler_id", "spiel", "groesse", "wert"),
        "Werte sind unveränderlich.",
    ),
    "ereignisse": (
        ("id", "abend_id", "zeit", "art", "bezug", "nach_eintrag", "daten"),
        _EREIGNIS_FEST,
    ),
    "schluessel": (None, "Schlüssel sind unveränderlich."),
    "geheimnisse": (None, "Geheimnisse sind unveränderlich."),
    "turniere": (None, _TURNIER_FEST),
    "turnier_teilnehmer": (None, _TURNIER_FEST),
    "turnier_runden": (
        ("turnier_id", "runde", "auslosung", "zeit", "wiederholungen"),
        _TURNIER_FEST,
    ),
    "turnier_tische": (
        ("turnier_id", "runde", "auslosung", "tisch", "platz", "startnummer"),
        _TURNIER_FEST,
    ),
    "turnier_schluessel": (None, "Schlüssel sind unveränderlich."),
    "turnier_eintraege": (
        ("id", "turnier_id", "runde", "tisch", "zeit", "art", "bezug", "eingabe", "ergebnis"),
        _EINTRAG_FEST,
    ),
    "turnier_werte": (
        ("eintrag_id", "turnier_id", "runde", "tisch", "startnummer", "punkte", "soli"),
        "Werte sind unveränderlich.",
    ),
    "turnier_ereignisse": (
        ("id", "turnier_id", "zeit", "art", "startnummer", "runde", "bezug", "auslosung"),
        _EREIGNIS_FEST,
    ),
    "turnier_eckdaten": (None, _TURNIER_FEST),
    "turnier_zahlungen": (None, _TURNIER_FEST),
    "turnier_preislisten": (None, _TURNIER_FEST),
    "turnier_vereine": (None, _TURNIER_FEST),
    "saisons": (None, _SAISON_FEST),
    "saison_aenderungen": (None, _SAISON_FEST),
    "spieler_aliase": (None, _SAISON_FEST),
    "kennungen": (None, "Kennungen sind unveränderlich."),
}

#: Trigger, die das abgeleitete „gilt“ setzen: ein Eintrag mit Bezug hebt das Bezogene auf;
#: ein Storno einer Korrektur lässt das Original wieder gelten (wie ``schema.py``, Schema 3/6)
_AUFHEBEN = """
CREATE FUNCTION eintraege_aufheben() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE eintraege SET gilt = 0 WHERE id = NEW.bezug;
    UPDATE werte SET gilt = 0 WHERE eintrag_id = NEW.bezug;
    IF NEW.art = 'storno' THEN
        UPDATE eintraege SET gilt = 1 WHERE id =
            (SELECT bezug FROM eintraege WHERE id = NEW.bezug AND art = 'korrektur');
        UPDATE werte SET gilt = 1 WHERE eintrag_id =
            (SELECT bezug FROM eintraege WHERE id = NEW.bezug AND art = 'korrektur');
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER eintraege_aufheben AFTER INSERT ON eintraege FOR EACH ROW
    WHEN (NEW.bezug IS NOT NULL) EXECUTE FUNCTION eintraege_aufheben();

CREATE FUNCTION ereignisse_aufheben() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE ereignisse SET gilt = 0 WHERE id = NEW.bezug;
    RETURN NULL;
END $$;
CREATE TRIGGER ereignisse_aufheben AFTER INSERT ON ereignisse FOR EACH ROW
    WHEN (NEW.bezug IS NOT NULL) EXECUTE FUNCTION ereignisse_aufheben();

CREATE FUNCTION turnier_eintraege_aufheben() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE turnier_eintraege SET gilt = 0 WHERE id = NEW.bezug;
    UPDATE turnier_werte SET gilt = 0 WHERE eintrag_id = NEW.bezug;
    IF NEW.art = 'storno' THEN
        UPDATE turnier_eintraege SET gilt = 1 WHERE id =
            (SELECT bezug FROM turnier_eintraege WHERE id = NEW.bezug AND art != 'storno');
        UPDATE turnier_werte SET gilt = 1 WHERE eintrag_id =
            (SELECT bezug FROM turnier_eintraege WHERE id = NEW.bezug AND art != 'storno');
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER turnier_eintraege_aufheben AFTER INSERT ON turnier_eintraege FOR EACH ROW
    WHEN (NEW.bezug IS NOT NULL) EXECUTE FUNCTION turnier_eintraege_aufheben();

CREATE FUNCTION turnier_ereignisse_aufheben() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE turnier_ereignisse SET gilt = 0 WHERE id = NEW.bezug;
    RETURN NULL;
END $$;
CREATE TRIGGER turnier_ereignisse_aufheben AFTER INSERT ON turnier_ereignisse FOR EACH ROW
    WHEN (NEW.bezug IS NOT NULL) EXECUTE FUNCTION turnier_ereignisse_aufheben();
"""

#: Schema 11: das Ereignis ``auslosung_zurueck`` nimmt eine Auslosung zurück (ihr ``gilt`` und
#: das ihrer Tische wird 0); je Runde gilt höchstens eine, und 0 bleibt 0
_TURNIERLEITUNG = """
CREATE FUNCTION turnier_auslosung_zurueck() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE turnier_runden SET gilt = 0 WHERE turnier_id = NEW.turnier_id
        AND runde = NEW.runde AND auslosung = NEW.auslosung AND gilt = 1;
    UPDATE turnier_tische SET gilt = 0 WHERE turnier_id = NEW.turnier_id
        AND runde = NEW.runde AND auslosung = NEW.auslosung AND gilt = 1;
    RETURN NULL;
END $$;
CREATE TRIGGER turnier_auslosung_zurueck AFTER INSERT ON turnier_ereignisse FOR EACH ROW
    WHEN (NEW.art = 'auslosung_zurueck') EXECUTE FUNCTION turnier_auslosung_zurueck();
CREATE UNIQUE INDEX turnier_runden_eine_gilt ON turnier_runden (turnier_id, runde)
    WHERE gilt = 1;
CREATE TRIGGER turnier_runden_gilt_nur_einmal BEFORE UPDATE OF gilt ON turnier_runden
    FOR EACH ROW WHEN (NOT (OLD.gilt = 1 AND NEW.gilt = 0))
    EXECUTE FUNCTION referee_verbot('Eine zurückgenommene Auslosung bleibt zurückgenommen.');
CREATE TRIGGER turnier_tische_gilt_nur_einmal BEFORE UPDATE OF gilt ON turnier_tische
    FOR EACH ROW WHEN (NOT (OLD.gilt = 1 AND NEW.gilt = 0))
    EXECUTE FUNCTION referee_verbot('Eine zurückgenommene Auslosung bleibt zurückgenommen.');
"""

#: Schema 9: jeder neue Abend und jedes neue Turnier bekommt eine zufällige Kennung, wenn der
#: Import sie nicht vorher eingetragen hat; ein verworfener (gelöschter) Abend nimmt seine mit;
#: sonst wird keine Kennung gelöscht, solange es ihren Abend/ihr Turnier gibt
_KENNUNGEN = """
CREATE FUNCTION referee_kennung() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO kennungen (art, id, uuid) VALUES (TG_ARGV[0], NEW.id, gen_random_uuid()::text)
        ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE FUNCTION referee_kennung_weg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM kennungen WHERE art = TG_ARGV[0] AND id = OLD.id;
    RETURN NULL;
END $$;
CREATE TRIGGER abende_kennung AFTER INSERT ON abende FOR EACH ROW
    EXECUTE FUNCTION referee_kennung('abend');
CREATE TRIGGER abende_kennung_weg AFTER DELETE ON abende FOR EACH ROW
    EXECUTE FUNCTION referee_kennung_weg('abend');
CREATE TRIGGER turniere_kennung AFTER INSERT ON turniere FOR EACH ROW
    EXECUTE FUNCTION referee_kennung('turnier');
CREATE TRIGGER turniere_kennung_weg AFTER DELETE ON turniere FOR EACH ROW
    EXECUTE FUNCTION referee_kennung_weg('turnier');
CREATE FUNCTION kennungen_nie_loeschen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD.art = 'abend' AND EXISTS (SELECT 1 FROM abende WHERE id = OLD.id))
       OR (OLD.art = 'turnier' AND EXISTS (SELECT 1 FROM turniere WHERE id = OLD.id)) THEN
        RAISE EXCEPTION 'Kennungen werden nie gelöscht.' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER kennungen_nie_loeschen BEFORE DELETE ON kennungen FOR EACH ROW
    EXECUTE FUNCTION kennungen_nie_loeschen();
"""

_FUNKTIONEN = """
CREATE TABLE referee_schema (version integer NOT NULL);

-- verbietet, was der Trigger schützt (Löschen, Ändern); die Meldung als Argument
CREATE FUNCTION referee_verbot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END $$;

-- die id wie SQLites INTEGER PRIMARY KEY: ohne Angabe die größte vorhandene + 1
CREATE FUNCTION referee_neue_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.id IS NULL THEN
        EXECUTE format('SELECT COALESCE(MAX(id), 0) + 1 FROM %I', TG_TABLE_NAME) INTO NEW.id;
    END IF;
    RETURN NEW;
END $$;
"""


def _zitat(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def spalten(tabelle: str) -> list[str]:
    """Die Spaltennamen einer Tabelle aus ``TABELLEN`` (ohne Einschränkungszeilen)."""
    return [
        zeile.split()[0]
        for zeile in TABELLEN[tabelle]
        if zeile.split()[0] not in ("PRIMARY", "FOREIGN", "UNIQUE", "CHECK")
    ]


#: Tabellen mit eigener id als Primärschlüssel (wie SQLites ``INTEGER PRIMARY KEY``: ``INSERT``
#: liefert sie mit ``RETURNING id`` wie ``lastrowid``, ohne Angabe vergibt sie der Trigger)
MIT_ID = frozenset(
    t for t in TABELLEN if any(z.startswith("id ") and "PRIMARY KEY" in z for z in TABELLEN[t])
)


def ddl() -> str:
    """Das ganze Schema als ein SQL-Text (eine Transaktion)."""
    teile = [_FUNKTIONEN]
    for tabelle, zeilen in TABELLEN.items():
        teile.append(f"CREATE TABLE {tabelle} (\n    " + ",\n    ".join(zeilen) + "\n);")
        if tabelle in MIT_ID:
            teile.append(
                f"CREATE TRIGGER {tabelle}_neue_id BEFORE INSERT ON {tabelle} FOR EACH ROW "
                "EXECUTE FUNCTION referee_neue_id();"
            )
    for tabelle, cols, eindeutig in INDIZES:
        name = "_".join((tabelle, *cols))[:60]
        art = "UNIQUE INDEX" if eindeutig else "INDEX"
        teile.append(f"CREATE {art} {name} ON {tabelle} ({', '.join(cols)});")
    for tabelle, meldung in NUR_ANHAENGEN.items():
        teile.append(
            f"CREATE TRIGGER {tabelle}_nie_loeschen BEFORE DELETE ON {tabelle} FOR EACH ROW "
            f"EXECUTE FUNCTION referee_verbot({_zitat(meldung)});"
        )
    for tabelle, (fest, meldung) in UNVERAENDERLICH.items():
        of = f" OF {', '.join(fest)}" if fest else ""
        teile.append(
            f"CREATE TRIGGER {tabelle}_unveraenderlich BEFORE UPDATE{of} ON {tabelle} "
            f"FOR EACH ROW EXECUTE FUNCTION referee_verbot({_zitat(meldung)});"
        )
    teile.append(_AUFHEBEN)
    teile.append(_KENNUNGEN)
    teile.append(_TURNIERLEITUNG)
    teile.append(f"INSERT INTO referee_schema VALUES ({SCHEMA});")
    return "\n".join(teile)


__all__ = ["INDIZES", "MIT_ID", "NUR_ANHAENGEN", "SCHEMA", "TABELLEN", "UNVERAENDERLICH", "ddl"]
