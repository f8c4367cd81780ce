"""Opening the database: a URL (SQLite by default, PostgreSQL by URL), its engine, and the migrations.

`sqlite:///path` or `postgresql://user:pass@host/db` (also `postgres://`, which Heroku-style hosts give);
PostgreSQL goes through psycopg 3. The schema is brought up to date with Alembic at every start.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from ...errors import TimesSquareError

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
DATABASE_FILE = "games.sqlite3"


def data_folder() -> Path:
    """The per-user data folder: $XDG_DATA_HOME/timessquare, else ~/.local/share/timessquare."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "timessquare"


def default_database_url() -> str:
    return f"sqlite:///{data_folder() / DATABASE_FILE}"


def parse_database_url(text: str) -> URL:
    """A SQLAlchemy URL for `text`; raises TimesSquareError with a clear message for anything else."""
    try:
        url = make_url(text)
    except ArgumentError:
        raise TimesSquareError(
            f"not a database URL: {text!r} (use sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB)"
        ) from None
    backend = url.get_backend_name()
    if backend in ("postgres", "postgresql"):
        url = url.set(drivername="postgresql+psycopg")
    elif backend == "sqlite":
        url = url.set(drivername="sqlite+pysqlite")
    else:
        raise TimesSquareError(f"unsupported database {backend!r}: use sqlite:///PATH or postgresql://…")
    return url


def dialect_name(url: URL) -> str:
    """`sqlite` or `postgresql`."""
    return "postgresql" if url.get_backend_name() in ("postgres", "postgresql") else "sqlite"


def make_engine(url_text: str) -> Engine:
    """An engine for the URL; a SQLite file's folder is created, and SQLite is set up for durable commits
    (write-ahead log, synchronous=FULL: a commit is on disk before it returns) and for threads."""
    url = parse_database_url(url_text)
    options: dict[str, Any] = {"pool_pre_ping": True}
    if dialect_name(url) == "sqlite":
        database = url.database or ""
        memory = database in ("", ":memory:") or database.startswith("file::memory:")
        if not memory:
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        options = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if memory:
            from sqlalchemy.pool import StaticPool

            options["poolclass"] = StaticPool  # one shared connection, or each would get its own empty database
        engine = create_engine(url, **options)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    options.update(pool_size=10, max_overflow=10)
    return create_engine(url, **options)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=30000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration not yet applied (a new database gets the whole schema)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
