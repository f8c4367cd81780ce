"""The group commit's statements on the database driver's own cursors. SQLAlchemy compiles each statement once
per dialect (so the tables stay described in one place, schema.py), and a batch then runs without SQLAlchemy's
work around every statement, which was a third of a small commit's processor time; on PostgreSQL all the
statements of a batch go in one pipeline, one round trip where each statement cost one.

A driver's error comes out as SQLAlchemy's own, as from `Connection.execute`, with a lost connection
invalidated, so callers handle both alike (storage/writer.py); the engine's `before_cursor_execute` listeners
see these statements as they see the others (the tests' injected failures).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

Rows = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Prepared:
    """A statement as its dialect's driver takes it: the SQL text, and how a row of named values becomes the
    driver's parameters (in order for a positional driver such as sqlite3, by name for psycopg), each value
    through the type's conversion where it has one (SQLite keeps times as text)."""

    sql: str
    positional: bool
    fields: tuple[tuple[str, Callable[[Any], Any] | None], ...]  # each parameter's name and conversion

    def parameters(self, row: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        if self.positional:
            return tuple(row[name] if convert is None else convert(row[name]) for name, convert in self.fields)
        return {name: row[name] if convert is None else convert(row[name]) for name, convert in self.fields}


@lru_cache(maxsize=64)  # a few statements, for each engine's dialect
def prepared(statement: ClauseElement, dialect: Dialect) -> Prepared:
    compiled = statement.compile(dialect=dialect)
    assert isinstance(compiled, SQLCompiler)  # (a DML or SELECT statement's)
    names = tuple(compiled.positiontup or ()) if compiled.positional else tuple(compiled.binds)
    fields = tuple((name, compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)) for name in names)
    return Prepared(compiled.string, compiled.positional, fields)


def run_batch(connection: Connection, work: Sequence[tuple[ClauseElement, Rows]]) -> list[int]:
    """Each statement once per row, in order, in the connection's transaction (begun here if it is not yet);
    the rows each changed (0 for a statement without rows, which is not sent). Nothing is committed here."""
    if not connection.in_transaction():
        connection.begin()  # else the connection's commit would not know there is anything to commit
    counts = [0] * len(work)
    jobs = [(i, statement, rows) for i, (statement, rows) in enumerate(work) if rows]
    if not jobs:
        return counts
    dialect = connection.dialect
    fairy = connection.connection
    driver = fairy.driver_connection
    cursors: list[tuple[int, Any]] = []
    sql = None
    try:
        with ExitStack() as stack:
            if dialect.name == "postgresql":
                stack.enter_context(driver.pipeline())  # type: ignore[union-attr]
            for i, statement, rows in jobs:
                job = prepared(statement, dialect)
                sql = job.sql
                cursor = driver.cursor()  # type: ignore[union-attr]
                cursors.append((i, cursor))
                parameters = [job.parameters(row) for row in rows]
                for listener in connection.dispatch.before_cursor_execute:  # as SQLAlchemy's own statements
                    listener(connection, cursor, job.sql, parameters, None, True)
                cursor.executemany(job.sql, parameters)
        for i, cursor in cursors:
            counts[i] = cursor.rowcount
        return counts
    except dialect.loaded_dbapi.Error as e:
        lost = dialect.is_disconnect(e, fairy.dbapi_connection, cursors[-1][1] if cursors else None)
        if lost:
            connection.invalidate(e)
        raise DBAPIError.instance(
            sql, None, e, dialect.loaded_dbapi.Error, connection_invalidated=lost, dialect=dialect
        ) from e
    finally:
        for _, cursor in cursors:
            cursor.close()
