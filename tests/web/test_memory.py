"""The server and its workers keep their memory flat (web/memory.py): few malloc pools, inherited by every worker
process, and a thread in each that hands free memory back to the system."""

from __future__ import annotations

import asyncio
import sys
import threading

import pytest

from timessquare.web import memory
from timessquare.web.workers.pool import WorkerPool


def _what_the_worker_has() -> tuple[str | None, list[str]]:
    import os

    return os.environ.get("MALLOC_ARENA_MAX"), [thread.name for thread in threading.enumerate()]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_a_worker_inherits_the_pool_limit_and_trims_its_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    memory.limit_arenas()
    assert memory._libc() is not None

    async def ask() -> tuple[str | None, list[str]]:
        pool = WorkerPool(workers=1)
        try:
            result: tuple[str | None, list[str]] = await pool._call(0, _what_the_worker_has)
            return result
        finally:
            pool.close()

    arenas, threads = asyncio.run(ask())
    assert arenas == str(memory.ARENAS)
    assert threads.count("memory trim") == 1


def test_trimming_starts_one_thread_however_often_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_trimming", False)
    before = [t for t in threading.enumerate() if t.name == "memory trim"]
    memory.keep_trimming(3600)
    memory.keep_trimming(3600)
    after = [t for t in threading.enumerate() if t.name == "memory trim"]
    assert len(after) == len(before) + (1 if memory._libc() is not None else 0)
    memory.trim()  # harmless at any moment
