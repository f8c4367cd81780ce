"""A computer-player worker leaves with its server, even a server killed by SIGKILL while the worker is deep in
a compiled computation that holds the interpreter (its watching thread cannot run then): the kernel ends it
(workers/pool.py, `_warm_up`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

SERVER = """
import multiprocessing, sys, time
from concurrent.futures import ProcessPoolExecutor
from timessquare.web.workers.pool import _warm_up

if __name__ == "__main__":
    executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_warm_up)
    executor.submit(sum, range(10**13))  # C code that never lets go of the interpreter, for hours
    time.sleep(0.5)
    print(*executor._processes, flush=True)
    time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_a_busy_worker_leaves_with_its_killed_server() -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert alive(worker)
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        deadline = time.monotonic() + 10  # a poll with a limit, not a measured time: it is gone long before
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker)
    finally:
        server.kill()
        if "worker" in locals() and alive(worker):
            os.kill(worker, signal.SIGKILL)
