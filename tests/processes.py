"""Stopping the servers the tests start: each runs in a session of its own (`start_new_session`), so that
stopping it takes its worker processes too (a SIGKILLed server stops none of them itself)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess


def kill_group(process: subprocess.Popen[str]) -> None:
    """SIGKILL to `process` and to every process of its group."""
    with contextlib.suppress(ProcessLookupError):  # the whole group is gone already
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def stop_group(process: subprocess.Popen[str]) -> None:
    """Ask `process` to stop (SIGTERM, 10 s), then kill whatever of its group is left."""
    if process.poll() is None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)
    kill_group(process)
