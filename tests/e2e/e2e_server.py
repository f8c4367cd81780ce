"""The real server for the browser tests: `timessquare serve` in a subprocess, on a free port, with an SQLite
file of the test's own. It can be killed with SIGKILL and started again on the same port and database."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from processes import kill_group, stop_group

READY = re.compile(r"ready at (http://\S+)")
ANALYSIS_ITERATIONS = 24  # the analyst's budget per turn: the tests check the analysis reaches the page


class Server:
    """`timessquare serve` in a subprocess; `kill()` is SIGKILL (nothing flushed), `start()` again resumes."""

    process_count = 1  # the club's tests also run on two (e2e_cluster.ClusterServer)

    def __init__(self, database: Path, analysis_iterations: int = ANALYSIS_ITERATIONS) -> None:
        self.database_url = f"sqlite:///{database}"
        self.analysis_iterations = analysis_iterations
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Server:
        command = [
            sys.executable,
            "-m",
            "timessquare",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            "--workers",
            "1",
            "--analysis-iterations",
            str(self.analysis_iterations),
        ]
        # a session of its own, so that a kill takes its worker processes too (SIGKILL lets it stop none)
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        lines: list[str] = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server stopped before it was ready:\n" + "".join(lines))
            lines.append(line)
            match = READY.search(line)
            if match:
                self.url = match.group(1)
                self.port = int(self.url.rsplit(":", 1)[1])
                break
        else:
            raise RuntimeError("the server did not say it was ready:\n" + "".join(lines))
        self._wait_healthy(deadline)
        return self

    def _wait_healthy(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if json.load(answer).get("ok"):
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server never answered /healthz")

    def kill(self) -> None:
        if self.process:
            kill_group(self.process)

    def stop(self) -> None:
        if self.process:
            stop_group(self.process)


def json_get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)
