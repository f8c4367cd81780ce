"""Several `timessquare serve` processes on one PostgreSQL behind HAProxy, all on loopback: for the cluster
test, `scripts/cluster.sh` and `scripts/load_web.py --processes`.

HAProxy routes each game's socket by its game id (a consistent hash of the id in `/ws/games/{id}`), checks
every process's `/healthz` each second and sends a game whose process is down to another one; everything
else (pages, the API) goes to any process. It adds `X-Forwarded-For` (the processes run `--behind-proxy`)
and names the process that answered in `X-Served-By`.

For the browser tests only, `WebCluster(..., pin_cookie=NAME)` adds one rule per process: a request carrying
the cookie NAME=s1 (pages, API calls, the lobby socket) goes to s1, and so on, so that a test can put two
accounts on two processes as the balancing may; game sockets stay hashed by game id as without it. Without
`pin_cookie` the configuration is the documented one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from processes import kill_group, stop_group

HAPROXY_CONFIG = """global
    maxconn 4000
defaults
    mode http
    option http-server-close
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    retries 2
    option redispatch
frontend web
    bind 127.0.0.1:{port}
    option forwardfor
    http-request set-header X-Game %[path,field(4,/)] if {{ path_beg /ws/games/ }}
    default_backend games
backend games
    balance hdr(X-Game)
    hash-type consistent
    option httpchk GET /healthz
    http-response set-header X-Served-By %s
{pins}{servers}
"""
PIN = "    use-server {name} if {{ req.cook({cookie}) -m str {name} }} !{{ path_beg /ws/games/ }}\n"


def find_haproxy() -> str | None:
    return shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


def _cpu_seconds(stat: Path) -> float:
    """User + system CPU time in a /proc stat file (a process's or one thread's)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Process:
    """One `timessquare serve` on a free port: for the cluster, tests/web/test_reconnect.py and load_web.py."""

    def __init__(
        self,
        database_url: str,
        name: str,
        workers: int = 1,
        serve_code: str | None = None,
        behind_proxy: bool = True,
        options: Sequence[str] = (),
    ) -> None:
        """`serve_code`: Python run as `python -c CODE DATABASE_URL` instead of the command (load_web.py's,
        which lifts the limits made for people). `behind_proxy`: the cluster's processes sit behind HAProxy.
        `options`: more of `timessquare serve`'s options (the browser tests' small analysis budget)."""
        self.name = name
        command = [sys.executable, "-m", "timessquare", "serve", "--host", "127.0.0.1", "--port", "0"]
        command += ["--database-url", database_url, "--workers", str(workers), *options]
        command += ["--behind-proxy"] if behind_proxy else []
        if serve_code is not None:
            command = [sys.executable, "-c", serve_code, database_url]
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,  # a kill takes its worker processes too
        )
        assert self.process.stdout is not None
        self.output: list[str] = []
        for line in self.process.stdout:
            self.output.append(line)
            if "ready at " in line:
                self.url = line.split("ready at ")[1].split()[0]
                self.port = int(self.url.rsplit(":", 1)[1])
                threading.Thread(target=self.output.extend, args=(self.process.stdout,), daemon=True).start()
                return
        raise RuntimeError(f"{name} did not start:\n{''.join(self.output)}")

    def cpu_seconds(self) -> float:
        """The process's CPU time so far (user + system), from /proc."""
        return _cpu_seconds(Path(f"/proc/{self.process.pid}/stat"))

    def loop_cpu_seconds(self) -> float:
        """... of its main thread alone, the one that runs the event loop (the rest: the commit thread, the
        database calls' threads, the change listener)."""
        return _cpu_seconds(Path(f"/proc/{self.process.pid}/task/{self.process.pid}/stat"))

    def kill(self) -> None:
        kill_group(self.process)

    def stop(self) -> None:
        stop_group(self.process)


class WebCluster:
    def __init__(
        self,
        database_url: str,
        processes: int = 2,
        workers: int = 1,
        serve_code: str | None = None,
        options: Sequence[str] = (),
        pin_cookie: str | None = None,
    ) -> None:
        """`options`: more options of each `timessquare serve`; `pin_cookie`: the browser tests' pinning rules
        (the module's docstring)."""
        haproxy = find_haproxy()
        if haproxy is None:
            raise FileNotFoundError("haproxy is not installed (scripts/ensure_package.sh installs it)")
        self.processes: list[Process] = []
        self.folder = Path(tempfile.mkdtemp(prefix="timessquare-haproxy-"))
        self.haproxy: subprocess.Popen[str] | None = None
        try:
            for index in range(processes):  # one after another: the first migrates the schema
                self.processes.append(Process(database_url, f"s{index + 1}", workers, serve_code, options=options))
            self.port = free_port()
            servers = "\n".join(
                f"    server {p.name} 127.0.0.1:{p.port} check inter 1s fall 2 rise 1" for p in self.processes
            )
            config = self.folder / "haproxy.cfg"
            pins = "".join(PIN.format(name=p.name, cookie=pin_cookie) for p in self.processes) if pin_cookie else ""
            config.write_text(HAPROXY_CONFIG.format(port=self.port, pins=pins, servers=servers))
            self.haproxy = subprocess.Popen(
                [haproxy, "-db", "-f", str(config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            self.url = f"http://127.0.0.1:{self.port}"
            self.wait_healthy()
        except BaseException:
            self.stop()
            raise

    def wait_healthy(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("HAProxy never answered /healthz")

    def process(self, name: str) -> Process:
        return next(p for p in self.processes if p.name == name)

    def stop(self) -> None:
        if self.haproxy is not None and self.haproxy.poll() is None:
            self.haproxy.terminate()
            try:
                self.haproxy.wait(10)
            except subprocess.TimeoutExpired:
                self.haproxy.kill()
        for process in self.processes:
            process.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
