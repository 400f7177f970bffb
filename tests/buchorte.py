"""Die zwei Orte eines Buchs für die Tests: eine SQLite-Datei und eine PostgreSQL-Datenbank.

``buchort`` (Fixture, parametrisiert ``sqlite``/``postgresql``) gibt je Test ein leeres Buch:
einen Pfad im tmp-Verzeichnis oder eine URL auf ein frisches Schema in der Datenbank aus
``REFEREE_TEST_PG`` (``postgresql://…``; ``.ci/run`` startet dafür einen Wegwerf-Server).
Fehlt die Variable, überspringt der PostgreSQL-Teil mit sichtbarem Grund (``pytest -ra``);
unter ``CI=true`` ist das ein Fehler (wie ``werkzeuge.werkzeug``).

Jedes Test-Buch ist ein eigenes Schema (``search_path`` in der URL): so teilen sich die
xdist-Arbeiter einen Server, ohne einander zu sehen, und das Aufräumen ist ein
``DROP SCHEMA … CASCADE``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
from werkzeuge import unter_ci

VARIABLE = "REFEREE_TEST_PG"


def pg_basis() -> str:
    """Die Server-URL aus ``REFEREE_TEST_PG`` – sonst überspringt der Test (unter CI: Fehler)."""
    url = os.environ.get(VARIABLE, "").strip()
    if not url:
        grund = (
            f"kein PostgreSQL für die Tests: {VARIABLE}=postgresql://… setzen "
            "(.ci/run startet einen Wegwerf-Server)"
        )
        if unter_ci():
            pytest.fail(f"{grund}; unter CI=true ist das ein Fehler")
        pytest.skip(grund)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail(f"{VARIABLE} ist gesetzt, aber psycopg fehlt: pip install -e '.[postgres]'")
    return url


def mit_schema(url: str, schema: str) -> str:
    """``url`` mit ``search_path`` auf ``schema`` (libpq-Parameter ``options``)."""
    teile = urlsplit(url)
    abfrage = [(k, v) for k, v in parse_qsl(teile.query) if k != "options"]
    abfrage.append(("options", f"-csearch_path={schema}"))
    return urlunsplit((teile.scheme, teile.netloc, teile.path, urlencode(abfrage), ""))


def neues_schema(basis: str) -> tuple[str, str]:
    """Ein frisches, leeres Schema: (Name, URL dorthin)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(basis, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return name, mit_schema(basis, name)


def schema_weg(basis: str, name: str) -> None:
    import psycopg

    with psycopg.connect(basis, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


@contextmanager
def _frisches_pg_buch() -> Iterator[str]:
    basis = pg_basis()
    name, url = neues_schema(basis)
    try:
        yield url
    finally:
        schema_weg(basis, name)


@pytest.fixture
def pg_buch() -> Iterator[str]:
    """Die URL eines leeren PostgreSQL-Buchs (übersprungen ohne ``REFEREE_TEST_PG``)."""
    with _frisches_pg_buch() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def buchort(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """Ein leeres Buch: SQLite-Datei oder PostgreSQL-Schema (beide Seiten derselben Tests)."""
    if request.param == "sqlite":
        yield str(tmp_path / "buch.db")
        return
    with _frisches_pg_buch() as url:
        yield url
