"""Changes made by other server processes reach this one's sockets: PostgreSQL `LISTEN`.

Several `timessquare serve` processes may share one PostgreSQL (docs/web.md, "Past one process"). Each
commit of a game's moves sends `NOTIFY` (storage/changes.py); here a thread of each process listens with a
connection of its own and hands every change to the event loop, where a room holding an older version of
that game is read back from the database, and each of its sockets gets the fresh state (Rooms.changed).
While the listening connection is lost, every room is read back once it is there again. The lobby's changes
travel the same way on a channel of their own (online/lobby_wire.py).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import URL

from ..guards.limits import Throttled
from .changes import CHANNEL, parse

log = logging.getLogger("timessquare.web")
LOBBY_CHANNEL = "timessquare_lobby"  # the club's news: online/lobby_wire.py (and `timessquare admin`)
POLL_SECONDS = 1.0  # how often the thread looks whether it is told to stop


class ChangeListener:
    def __init__(
        self,
        url: URL,
        changed: Callable[..., None],
        lost: Callable[[], None],
        channel: str = CHANNEL,
        parse: Callable[[str], tuple[Any, ...] | None] = parse,
        wanted: Callable[..., bool] | None = None,
    ) -> None:
        """`changed(*parse(payload))` on the event loop for each notice on `channel` (parse: None to skip), if
        `wanted(*parse(payload))`, which this thread asks (it may only read): every process hears every commit of
        every process, its own included, and waking the event loop for each cost the processes more the more
        of them there were."""
        self.conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.changed = changed
        self.channel = channel
        self.parse = parse
        self.wanted = wanted
        self.lost = lost  # every room may have missed changes: read them all back
        self.stop_event = threading.Event()
        self.thread: threading.Thread | None = None
        self.problems = Throttled(log, 30.0)

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.thread = threading.Thread(target=self._listen, args=(loop,), name="change listener", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join(POLL_SECONDS * 3)

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        import psycopg

        first = True
        while not self.stop_event.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=3) as connection:
                    connection.execute(f"LISTEN {self.channel}")
                    if not first:
                        loop.call_soon_threadsafe(self.lost)
                    first = False
                    while not self.stop_event.is_set():
                        for notice in connection.notifies(timeout=POLL_SECONDS):
                            change = self.parse(notice.payload)
                            if change is not None and (self.wanted is None or self.wanted(*change)):
                                loop.call_soon_threadsafe(self.changed, *change)
            except Exception as e:  # the database is away: try again in a moment
                first = False
                self.problems.warning("listening for other processes' moves: %s", str(e).strip()[:200])
                self.stop_event.wait(POLL_SECONDS)
