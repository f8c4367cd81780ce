"""Replays and records of finished games: built off the event loop, kept (a finished game never changes),
and limited per client.

Building the replay of a long game takes tens of milliseconds of CPU; on the event loop that was a pause
for every socket of the server. Here it runs in a thread of its own (the loop keeps its turn, the GIL is
handed over every few milliseconds), the encoded answer is kept for the next asker, and one client
address builds at most `per_client` at once: more is `429` with `Retry-After`.
"""

from __future__ import annotations

import json
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

import anyio

from ...errors import TimesSquareError


class TooManyAtOnce(TimesSquareError):
    """This client is building as many answers as it may at once."""


def encode(document: Any) -> bytes:
    """As Starlette's JSONResponse writes it."""
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


class FinishedGames:
    def __init__(self, kept: int = 256, per_client: int = 2, threads: int = 2) -> None:
        self.kept = kept
        self.per_client = per_client
        self.limiter = anyio.CapacityLimiter(threads)
        self.cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self.building: Counter[str] = Counter()

    async def get(
        self, key: Hashable, client: str, load: Callable[[], Awaitable[Any]], build: Callable[[Any], Any]
    ) -> bytes:
        """The answer for `key`: kept, or `build(await load())` in a thread, encoded and kept."""
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            return found
        if self.building[client] >= self.per_client:
            raise TooManyAtOnce("wait for your other replays to arrive")
        self.building[client] += 1
        try:
            stored = await load()
            body = await anyio.to_thread.run_sync(lambda: encode(build(stored)), limiter=self.limiter)
        finally:
            self.building[client] -= 1
            if self.building[client] <= 0:
                del self.building[client]
        self.cache[key] = body
        while len(self.cache) > self.kept:
            self.cache.popitem(last=False)
        return body
