"""The club on two processes for the browser tests: a throwaway PostgreSQL on loopback, two `timessquare serve`
processes on it and HAProxy in front (tests/web/pgcluster.py and webcluster.py, the documented cluster), with
one test-only rule: a browser context carrying the cookie PIN_COOKIE=s1 has its pages, API calls and lobby
socket sent to s1 (=s2: to s2). Game sockets are not pinned: HAProxy hashes them by game id, as in production,
so in a game between two pinned accounts at least one of them plays on the other process.

It answers to what the tests read of a one-process server (e2e_server.Server): `url` (the proxy's),
`database_url`; and `pin(context, index)` puts the index-th page a test opens on s1, s2, s1, ...; `logged()`
is what the processes wrote since it was last asked (warnings and errors only: a club test wants none)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from e2e_server import ANALYSIS_ITERATIONS

sys.path.insert(2, str(Path(__file__).parent.parent / "web"))  # the cluster's helpers live with the web tests
from pgcluster import PostgresCluster
from webcluster import WebCluster

PIN_COOKIE = "timessquare_test_process"  # only the tests' HAProxy reads it; the server never does


class ClusterServer:
    process_count = 2

    def __init__(self) -> None:
        self.database = PostgresCluster().start()
        try:
            options = ["--analysis-iterations", str(ANALYSIS_ITERATIONS)]
            self.web = WebCluster(self.database.url, processes=2, options=options, pin_cookie=PIN_COOKIE)
        except BaseException:
            self.database.stop()
            raise
        self.url = self.web.url
        self.database_url = self.database.url
        self.read: dict[str, int] = {}  # the lines of each process's output `logged()` has returned

    def pin(self, context: Any, index: int) -> str:
        """Pins a browser context to a process, s1 for the first page a test opens, s2 for the second, ..."""
        name = self.web.processes[index % len(self.web.processes)].name
        context.add_cookies([{"name": PIN_COOKIE, "value": name, "url": self.url}])
        return name

    def logged(self) -> list[str]:
        lines = []
        for process in self.web.processes:
            lines += [f"{process.name}: {line}" for line in process.output[self.read.get(process.name, 0) :]]
            self.read[process.name] = len(process.output)
        return lines

    def stop(self) -> None:
        try:
            self.web.stop()
        finally:
            self.database.stop()
