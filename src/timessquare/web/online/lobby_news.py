"""The lobby's changes told to its sockets at most a few times a second: however many challenges are posted
and cancelled meanwhile, each lobby socket gets the lobby as it is after them, once per interval (a burst of
changes from one account once sent every lobby socket a message per change). With several processes, each
round also tells the others once (lobby_wire.py, `publish`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("timessquare.web")
INTERVAL_SECONDS = 0.25


class LobbyNews:
    """`changed()` after a change; `tell_all` (the lobby read once and sent to every socket) runs soon after,
    at most once per `interval`, and again if more changed while it ran."""

    def __init__(self, tell_all: Callable[[], Awaitable[None]], interval: float = INTERVAL_SECONDS) -> None:
        self.tell_all = tell_all
        self.publish: Callable[[], Awaitable[None]] | None = None  # tells the other processes (lobby_wire.py)
        self.interval = interval
        self.dirty = False
        self.unpublished = False
        self.told_at = -interval
        self.task: asyncio.Task[None] | None = None
        self.broadcasts = 0

    def changed(self, publish: bool = True) -> None:
        """The lobby changed (here, or `publish=False`: another process said so)."""
        self.dirty = True
        self.unpublished = self.unpublished or publish
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._tell(), name="lobby news")

    async def _tell(self) -> None:
        while self.dirty:
            wait = self.told_at + self.interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)  # a pause between broadcasts; the changes meanwhile go out together
            self.dirty = False  # a change from now on is read by the next round
            self.told_at = time.monotonic()
            self.broadcasts += 1
            publish, self.unpublished = self.unpublished and self.publish is not None, False
            try:
                await self.tell_all()
                if publish and self.publish is not None:
                    await self.publish()
            except Exception as e:  # the database is away: the next change tells everything again
                log.warning("could not tell the lobby sockets of a change: %s", e)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
