"""The helpers that start PostgreSQL, server processes and HAProxy on loopback, for the scripts that need them
(load_web.py, cluster.py). They live with the tests that use them too (tests/processes.py,
tests/web/pgcluster.py, tests/web/webcluster.py); this module puts those folders on the import path, so a
script runs from a fresh checkout as its docs show, without PYTHONPATH."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
for folder in (TESTS, TESTS / "web"):  # tests/ and tests/web are no packages: their helpers import each other by name
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from pgcluster import PostgresCluster  # noqa: E402
from webcluster import Process, WebCluster  # noqa: E402

__all__ = ["PostgresCluster", "Process", "WebCluster"]
