"""`timessquare serve`'s pieces: database URLs, the default data folder, a port in use, SQLite's flush."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from sqlalchemy import text

from timessquare.errors import TimesSquareError
from timessquare.web.serve import address, bind, check_database, where
from timessquare.web.storage import default_database_url, make_engine, parse_database_url


def test_database_urls() -> None:
    assert parse_database_url("postgres://u:p@h/db").drivername == "postgresql+psycopg"
    assert parse_database_url("postgresql://u:p@h/db").drivername == "postgresql+psycopg"
    assert parse_database_url("sqlite:///x.db").drivername == "sqlite+pysqlite"
    for bad in ("mysql://u@h/db", "not a url"):
        with pytest.raises(TimesSquareError):
            parse_database_url(bad)
    assert "secret" not in where("postgresql://ts:secret@db.example/games")


def test_the_default_database_is_in_the_per_user_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_database_url() == f"sqlite:///{tmp_path}/timessquare/games.sqlite3"


@pytest.mark.parametrize(("query", "level"), [("", 2), ("?synchronous=full", 2), ("?synchronous=normal", 1)])
def test_sqlite_flushes_every_commit_unless_told(tmp_path: Path, query: str, level: int) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/a/b.sqlite3{query}")  # the folders are made
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA synchronous")).scalar_one() == level
        assert connection.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
    engine.dispose()
    with pytest.raises(TimesSquareError, match="synchronous"):
        make_engine(f"sqlite:///{tmp_path}/c.sqlite3?synchronous=off")


def test_a_port_in_use_is_a_clear_error() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        with pytest.raises(TimesSquareError, match="already in use"):
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()
    free = bind("127.0.0.1", 0)
    assert address("127.0.0.1", free.getsockname()[1]).startswith("http://127.0.0.1:")
    free.close()
    assert address("::1", 80) == "http://[::1]:80"


def test_an_unreachable_database_is_a_clear_error() -> None:
    with pytest.raises(TimesSquareError, match="cannot reach the PostgreSQL database"):
        check_database("postgresql://nobody@127.0.0.1:1/none")
