"""The helpers that start PostgreSQL, server processes and HAProxy on loopback, for the scripts that need them
(load_web.py, cluster.py, commit_cost.py). They live with the tests that use them too (tests/processes.py,
tests/web/pgcluster.py, tests/web/webcluster.py); this module puts those folders on the import path, so a
script runs from a fresh checkout as its docs show, without PYTHONPATH."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
for folder in (TESTS, TESTS / "web"):  # tests/ and tests/web are no packages: their helpers import each other by name
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from pgcluster import PostgresCluster  # noqa: E402
from webcluster import Process, WebCluster  # noqa: E402

__all__ = ["PostgresCluster", "Process", "WebCluster", "throwaway_database"]


@contextmanager
def throwaway_database(kind: str, sqlite_options: str = "") -> Iterator[str]:
    """The URL of a fresh database for one run, gone afterwards: a SQLite file in a temporary folder (its URL
    ending in `sqlite_options`, such as `?synchronous=full`), or a PostgreSQL cluster of its own with its
    default durable settings."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/run.sqlite3{sqlite_options}"
        return
    cluster = PostgresCluster(durable=True).start()
    try:
        yield cluster.url
    finally:
        cluster.stop()
