"""A long-running process's memory kept flat: the server and its worker processes run for weeks.

Python gives its small objects back to the C library's allocator, which keeps freed memory for reuse rather
than returning it to the system; with a pool of each per thread (glibc makes up to eight per core), a server
whose database calls run on a dozen threads held ever more half-empty pools. Issue 31's soak saw the server
grow ~15 MB an hour with the memory Python itself held flat. So: at most two pools per process (the workers
inherit the setting through the environment), and every minute what is free is handed back (`malloc_trim`).
Neither changes what the program computes; on a system without glibc both are skipped.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import threading
import time
from functools import cache

ARENAS = 2  # glibc's malloc pools per process (its default: eight per core)
TRIM_SECONDS = 60.0
M_ARENA_MAX = -8  # mallopt(3)


@cache  # the library is looked up once, not on every trim
def _libc() -> ctypes.CDLL | None:
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6")
        if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt"):
            return libc
    return None


def limit_arenas() -> None:
    """At most ARENAS malloc pools in this process and in the processes it starts (call before threads start)."""
    os.environ.setdefault("MALLOC_ARENA_MAX", str(ARENAS))
    libc = _libc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, int(os.environ["MALLOC_ARENA_MAX"]))


def trim() -> None:
    """Hand the allocator's free memory back to the system now."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def keep_trimming(seconds: float = TRIM_SECONDS) -> None:
    """Trim every `seconds` on a daemon thread, for the life of the process (once per process)."""
    global _trimming
    if _trimming or _libc() is None:
        return
    _trimming = True
    threading.Thread(target=_trim_forever, args=(seconds,), name="memory trim", daemon=True).start()


_trimming = False


def _trim_forever(seconds: float) -> None:
    while True:
        time.sleep(seconds)
        trim()
