"""Opening the database: a URL (SQLite by default, PostgreSQL by URL), its engine, and the migrations.

`sqlite:///path` or `postgresql://user:pass@host/db` (also `postgres://`, which Heroku-style hosts give);
PostgreSQL goes through psycopg 3. The schema is brought up to date with Alembic at every start.
"""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime
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
# A database that does not answer must not hang the server: every wait on it is bounded (the server gives
# up on a call after CALL_SECONDS, see rooms.Database; these keep the threads it leaves behind from piling up).
CONNECT_SECONDS = 3  # to open a connection (PostgreSQL's connect_timeout)
POOL_SECONDS = 3  # for a free connection of the pool
LOCK_SECONDS = 3  # SQLite's busy timeout: for another writer's lock
STATEMENT_SECONDS = 10  # PostgreSQL's statement_timeout, told to the server (it cannot help a stopped one)


class DatabaseUnavailable(TimesSquareError):
    """The database did not answer in time, or refused the work (down, stopped, full, read-only)."""


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


def free_bytes(url: URL) -> int | None:
    """Room left on the disk of a SQLite file (None for PostgreSQL, or a database in memory). A full disk can
    still take a write that rewrites a page in place (the health row), while a new game needs new pages."""
    database = url.database or ""
    if dialect_name(url) != "sqlite" or database in ("", ":memory:") or database.startswith("file::memory:"):
        return None
    return shutil.disk_usage(Path(database).expanduser().parent).free


def dialect_name(url: URL) -> str:
    """`sqlite` or `postgresql`."""
    return "postgresql" if url.get_backend_name() in ("postgres", "postgresql") else "sqlite"


SYNCHRONOUS = ("full", "normal")


def make_engine(url_text: str) -> Engine:
    """An engine for the URL; a SQLite file's folder is created, and SQLite is set up for threads and for
    durable commits: a write-ahead log with synchronous=FULL (a commit is flushed to disk before it
    returns), or `?synchronous=normal` in the URL (a commit survives the server's crash, but a power cut
    may lose the last ones; commits are then several times faster). Its checkpoints are left to a
    background thread (storage.store), so that no commit waits for one."""
    url = parse_database_url(url_text)
    options: dict[str, Any] = {"pool_pre_ping": True}
    if dialect_name(url) == "sqlite":
        synchronous = url.query.get("synchronous", "full")
        if synchronous not in SYNCHRONOUS:
            raise TimesSquareError(f"synchronous must be full or normal, not {synchronous!r}")
        url = url.difference_update_query(["synchronous"])
        database = url.database or ""
        memory = database in ("", ":memory:") or database.startswith("file::memory:")
        if not memory:
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        options = {"connect_args": {"check_same_thread": False, "timeout": LOCK_SECONDS}}
        if memory:
            from sqlalchemy.pool import StaticPool

            options["poolclass"] = StaticPool  # one shared connection, or each would get its own empty database
        engine = create_engine(url, **options)
        pragmas: tuple[str, ...] = ("journal_mode=WAL", f"synchronous={synchronous.upper()}", "foreign_keys=ON")
        pragmas += (f"busy_timeout={LOCK_SECONDS * 1000}",)
        if not memory:
            pragmas += ("wal_autocheckpoint=0",)

        def set_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            for pragma in pragmas:
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()

        event.listen(engine, "connect", set_pragmas)
        return engine
    options.update(pool_size=10, max_overflow=10, pool_timeout=POOL_SECONDS)
    options["connect_args"] = {
        "connect_timeout": CONNECT_SECONDS,
        "options": f"-c statement_timeout={STATEMENT_SECONDS * 1000} -c lock_timeout={LOCK_SECONDS * 1000}",
    }
    return create_engine(url, **options)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every time stored is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration not yet applied (a new database gets the whole schema)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
