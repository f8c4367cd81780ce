"""Who is online, across server processes: each process writes a row per account it has a socket of (a lobby
socket, or a game socket of the account's seat) to `present_accounts`, when the account comes and when it goes,
and tells the lobby (so every process's lobby sockets read the list again: who_is_online.py). Every
RENEW_SECONDS it renews its rows, drops those of a process not heard of for STALE (one killed), and looks at the
flags the operator set on its accounts: a banned account's sockets close (moderation_here.py), whichever way the
ban came (`timessquare admin` with SQLite cannot tell a running server: this look finds it).

The moments are the system's, not the online games' clock (tests move that one by hand).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from ...cards import SEAT_NAMES
from ...session.clock import system_now
from .club_store import ClubStore
from .lobby_listeners import LobbyListeners

log = logging.getLogger("timessquare.web")
RENEW_SECONDS = 5.0
STALE = timedelta(seconds=20)


class AccountsHere:
    def __init__(
        self,
        store: ClubStore,
        process: str,
        lobby: LobbyListeners,
        run: Callable[..., Awaitable[Any]],
    ) -> None:
        self.store = store
        self.process = process
        self.lobby = lobby
        self.run = run
        self.seats: dict[tuple[str, int], int] = {}  # (game, seat) with a socket here -> the seat's account
        self.written: set[int] = set()  # the accounts whose row this process wrote
        self.lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[bool]] = set()
        self.renewed_at = 0.0
        self.told: Callable[[], None] = lambda: None  # the lobby changed (lobby_news.LobbyNews.changed)
        self.flagged: Callable[[set[int]], Awaitable[None]] | None = None  # banned accounts here (moderation_here)

    def accounts(self) -> set[int]:
        here = {listener.account_id for listener in self.lobby if listener.account_id is not None}
        return here | set(self.seats.values())

    def seat(self, game_id: str, seat: int, account_id: int | None, connected: bool) -> None:
        """A game socket of a seat came (the seat's first) or went (its last): its account is here or not."""
        key = (game_id, seat)
        if connected and account_id is not None:
            self.seats[key] = account_id
        else:
            self.seats.pop(key, None)
        self.changed()

    def changed(self) -> None:
        """Write who is here soon (from a place that cannot wait)."""
        task = asyncio.create_task(self.update(), name="accounts here")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def update(self) -> bool:
        """Write who is here now, and tell the lobby (every lobby socket gets it again) if that changed."""
        async with self.lock:
            want = self.accounts()
            came, went = want - self.written, self.written - want
            if not came and not went:
                return False
            try:
                await self.run(self.store.present, self.process, came, went, system_now())
            except Exception as e:  # the next renewal writes it
                log.warning("could not write who is online: %s", e)
                return False
            self.written = want
        self.told()
        return True

    async def tick(self) -> None:
        """Each second (the deadline sweep): every RENEW_SECONDS, renew the rows and look at the flags."""
        if time.monotonic() - self.renewed_at < RENEW_SECONDS:
            return
        self.renewed_at = time.monotonic()
        async with self.lock:
            here = self.accounts()
            gone = await self.run(self.store.renew, self.process, here, system_now(), STALE)
            self.written = here
        if gone:
            self.told()
        flags = await self.run(self.store.flags, list(here))
        banned = {i for i, (is_banned, _) in flags.items() if is_banned}
        if banned and self.flagged is not None:
            await self.flagged(banned)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        try:
            await self.run(self.store.leave, self.process)
        except Exception as e:  # the rows go stale and the other processes drop them
            log.warning("could not say this process's accounts are gone: %s", e)


def seat_account(accounts: dict[str, int | None], seat: int) -> int | None:
    return accounts.get(SEAT_NAMES[seat])
