"""A throwaway PostgreSQL cluster on loopback, for the storage tests and the load script.

`PostgresCluster().start()` runs initdb into a temporary folder and starts a server on 127.0.0.1 on a free
port (no Unix socket); `stop()` shuts it down and removes the folder. PostgreSQL refuses to run as root,
so as root the cluster belongs to the user `nobody` and its programs run through `runuser`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def find_bindir() -> Path | None:
    """The folder with initdb, pg_ctl and postgres: Debian's newest /usr/lib/postgresql/N/bin, else PATH."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name or 0))
    for folder in reversed(candidates):
        if all((Path(folder) / tool).exists() for tool in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl") and shutil.which("postgres"):
        return Path(found).parent
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresCluster:
    def __init__(self, durable: bool = False, user: str = "nobody") -> None:
        bindir = find_bindir()
        if bindir is None:
            raise FileNotFoundError("PostgreSQL's initdb, pg_ctl and postgres were not found")
        self.bindir = bindir
        self.durable = durable  # False: fsync off, for fast tests; True: PostgreSQL's defaults
        self.as_root = os.geteuid() == 0
        self.user = user
        self.folder: Path | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 60) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd="/")
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stdout}{done.stderr}")

    def start(self) -> PostgresCluster:
        self.folder = Path(tempfile.mkdtemp(prefix="timessquare-pg-"))
        data = self.folder / "data"
        if self.as_root:
            shutil.chown(self.folder, self.user)
        self._run("initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        settings = ["-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''", "-c max_connections=100"]
        if not self.durable:
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        for attempt in range(5):
            self.port = _free_port()
            options = " ".join([f"-p {self.port}", *settings])
            try:
                self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
                return self
            except RuntimeError:
                if attempt == 4:
                    raise
                time.sleep(0.2)  # the port was taken meanwhile: try another
        return self

    def stop(self) -> None:
        if self.folder is None:
            return
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop", timeout=30)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def processes(self) -> list[int]:
        """The server's processes: the postmaster and every backend it started."""
        assert self.folder is not None
        postmaster = int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = Path(stat).read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == postmaster:
                    children.append(int(Path(stat).parent.name))
        return [postmaster, *children]

    def pause(self) -> None:
        """Stop every process of the server (SIGSTOP): it accepts connections and answers nothing."""
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):  # a backend that ended since it was listed
                os.kill(pid, signal.SIGSTOP)

    def resume(self) -> None:
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):  # a backend that ended since it was listed
                os.kill(pid, signal.SIGCONT)

    def __enter__(self) -> PostgresCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
