"""One lobby for several server processes on one PostgreSQL: a change of the challenges, and a game `started`
for an account, are told to every process on the channel `timessquare_lobby` (LISTEN/NOTIFY, as the games'
moves are: storage/notify.py), and each process tells its own lobby sockets.

A payload is `PROCESS changed` or `PROCESS started GAME SEAT ACCOUNT`; a process skips its own. The seat
token of a started game is derived by the process that tells the socket (service.seat_token), never sent.
With SQLite (one process) nothing is sent.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from sqlalchemy.engine import URL

from ..api.requests import game_links
from ..storage.database import dialect_name
from ..storage.notify import ChangeListener
from .lobby_news import LobbyNews
from .service import Online

CHANNEL = "timessquare_lobby"


class LobbyWire:
    def __init__(self, online: Online, news: LobbyNews) -> None:
        self.online = online
        self.news = news
        self.me = secrets.token_hex(6)
        self.listener: ChangeListener | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    def start(self, url: URL) -> None:
        if dialect_name(url) == "postgresql":
            missed = lambda: self.news.changed(publish=False)  # noqa: E731  (the connection came back: tell all)
            self.listener = ChangeListener(url, self.heard, missed, channel=CHANNEL, parse=self.parse)
            self.listener.start(asyncio.get_running_loop())

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.stop()

    async def publish_changed(self) -> None:
        await self.online.run(self.online.store.notify_lobby, CHANNEL, f"{self.me} changed")

    async def publish_started(self, game_id: str, seat: str, account_id: int) -> None:
        await self.online.run(
            self.online.store.notify_lobby, CHANNEL, f"{self.me} started {game_id} {seat} {account_id}"
        )

    def parse(self, payload: str) -> tuple[str, ...] | None:
        words = payload.split()
        return None if len(words) < 2 or words[0] == self.me else tuple(words[1:])

    def heard(self, kind: str, *args: Any) -> None:
        """Another process changed the lobby (told here without telling the others again), or started a game."""
        if kind == "changed":
            self.news.changed(publish=False)
        elif kind == "started" and len(args) == 3 and str(args[2]).isdigit():
            task = asyncio.create_task(self._started(str(args[0]), str(args[1]), int(args[2])))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _started(self, game_id: str, seat: str, account_id: int) -> None:
        if not any(listener.account_id == account_id for listener in self.online.lobby):
            return
        token = await self.online.seat_tokens.of(game_id, seat, account_id)
        self.online.lobby.tell({"type": "started", **game_links(game_id, seat, token, None)}, {account_id})
