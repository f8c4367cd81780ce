"""Time running out: once a second, every game whose running clock has passed its stored deadline ends (a loss
on time), and a finished game whose ratings were not settled (the server stopped in between) is settled.

Deadlines live in the database and the sweep asks it which have passed, so a clock survives a restart and no
timer is kept in memory; time is read from the injected `now()` (tests move it by hand and call `sweep`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import anyio

from ..sockets.messages import ProtocolError
from ..sockets.rooms import Rooms, unavailable
from ..storage import DatabaseUnavailable
from .game_cache import OnlineGames
from .presence import Presence
from .room_hooks import OnlineRoomHooks
from .store import OnlineStore

log = logging.getLogger("timessquare.web")

SWEEP_SECONDS = 1.0


class DeadlineSweep:
    def __init__(
        self,
        store: OnlineStore,
        games: OnlineGames,
        hooks: OnlineRoomHooks,
        rooms: Rooms,
        run: Callable[..., Awaitable[Any]],
        now: Callable[[], datetime],
        presence: Presence,
    ) -> None:
        self.store = store
        self.games = games
        self.hooks = hooks
        self.rooms = rooms
        self.run = run
        self.now = now
        self.presence = presence
        self._task: asyncio.Task[None] | None = None
        self.sweepers: list[Callable[[], Awaitable[None]]] = []  # more work each second (tournaments.py)

    async def sweep(self) -> int:
        """End every game whose running clock has passed its deadline (a loss on time); how many ended. (And
        tell the database, now and then, which seats this process sees at their tables: presence.py.)"""
        await self.presence.mark(self.games.cache)
        ended = 0
        for game_id, result in await self.run(self.store.unsettled):  # a settlement that failed after the end
            game, room = await self.games.game(game_id), await self.rooms.get(game_id)
            if game is not None:
                await self.hooks.settle(game, result, self.now(), room is not None and room.session.both_moved)
        for game_id in await self.run(self.store.past_deadline, self.now()):
            self.games.forget(game_id)  # read the stored clock, not a remembered one
            room = await self.rooms.get(game_id)
            if room is None:
                continue
            async with room.lock:
                try:
                    if await room.change(room.session.time_check) is not None:  # the loss on time, if run out
                        ended += 1
                except ProtocolError as e:  # its write failed (the room said why, and reads it back): next sweep
                    unavailable.warning("the clock sweep could not end game %s: %s", game_id, e)
        for sweeper in self.sweepers:
            await sweeper()
        return ended

    async def _forever(self) -> None:
        while True:
            await anyio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except DatabaseUnavailable as e:  # an outage: a line now and then, not a traceback a second
                unavailable.warning("the clock sweep: %s", e)
            except Exception:
                log.exception("the clock sweep failed; trying again")

    def start(self) -> None:
        self._task = asyncio.create_task(self._forever(), name="clock sweep")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
