"""The club's news between server processes on one PostgreSQL: each change of the state the processes share
(the challenges, who is online, a chat line, an offer, a rematch, a game started for an account, a
tournament's round, an operator's ban or mute) is stored in the database first, then told to every process on
the channel `timessquare_lobby` (LISTEN/NOTIFY, as the games' moves are: storage/notify.py); each process
tells its own sockets (club_news.py says what each kind does).

A payload is `PROCESS KIND WORD...`: the sending process (`admin` for `timessquare admin`), the kind, and its
words (ids, never a secret: a seat token is derived by the process that tells the socket). A process skips its
own notices: it told its own sockets already, the same way (`tell_here`). With SQLite there is one process and
nothing is sent; `timessquare admin`'s changes are found by the process's own look every few seconds
(accounts_here.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import URL

from ..storage.database import dialect_name
from ..storage.notify import LOBBY_CHANNEL, ChangeListener
from .lobby_news import LobbyNews
from .service import Online

CHANNEL = LOBBY_CHANNEL
log = logging.getLogger("timessquare.web")
Handler = Callable[..., Awaitable[None]]


class LobbyWire:
    def __init__(self, online: Online, news: LobbyNews) -> None:
        self.online = online
        self.news = news
        self.me = online.process
        self.listener: ChangeListener | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.handlers: dict[str, Handler] = {}
        self.shared = False  # other processes may listen (PostgreSQL)

    def on(self, kind: str, handler: Handler) -> None:
        """`handler(*words)` for each notice of `kind` from another process (and for `tell_here`)."""
        self.handlers[kind] = handler

    def start(self, url: URL) -> None:
        if dialect_name(url) == "postgresql":
            self.shared = True
            missed = lambda: self.news.changed(publish=False)  # noqa: E731  (the connection came back: tell all)
            self.listener = ChangeListener(url, self.heard, missed, channel=CHANNEL, parse=self.parse)
            self.listener.start(asyncio.get_running_loop())

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.stop()

    async def publish(self, kind: str, *words: object) -> None:
        """Tell the other processes (PostgreSQL only: with SQLite there are none)."""
        if self.shared:
            payload = " ".join([self.me, kind, *map(str, words)])
            await self.online.run(self.online.store.notify_lobby, CHANNEL, payload)

    async def tell_here(self, kind: str, *words: object) -> None:
        """Do here what a notice of `kind` does on every other process."""
        handler = self.handlers.get(kind)
        if handler is not None:
            await handler(*map(str, words))

    async def tell_everywhere(self, kind: str, *words: object) -> None:
        """This process's sockets and every other process's: the one way a piece of club news goes out."""
        await self.tell_here(kind, *words)
        await self.publish(kind, *words)

    async def publish_changed(self) -> None:
        await self.publish("changed")

    def parse(self, payload: str) -> tuple[str, ...] | None:
        words = payload.split()
        return None if len(words) < 2 or words[0] == self.me else tuple(words[1:])

    def heard(self, kind: str, *words: str) -> None:
        """Another process (or the operator's command) told something (on the event loop)."""
        if kind == "changed":
            self.news.changed(publish=False)
            return
        handler = self.handlers.get(kind)
        if handler is not None:
            task = asyncio.create_task(self._handle(kind, handler, words), name=f"club news {kind}")
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _handle(self, kind: str, handler: Handler, words: tuple[str, ...]) -> None:
        try:
            await handler(*words)
        except TypeError:  # a notice with the wrong words (an older or newer server): nothing to do
            log.warning("a club notice %r with unexpected words %r", kind, words)
        except Exception as e:  # the database is away: this process's sockets miss this one piece of news
            log.warning("could not pass on a club notice %r: %s", kind, e)
