"""Limits on what one client address may hold, so that no client can use up the server for the others.

Each address may hold a few sockets, fewer still that have not joined a game yet, and a socket must join
within a few seconds; the server as a whole holds no more sockets than its open-file limit leaves room for.
A refusal is one warning line in the log (at most one every few seconds for each reason), never a trace.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import resource
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio

from ...errors import TimesSquareError
from ..metrics import REFUSALS, SOCKETS

log = logging.getLogger("timessquare.web")
T = TypeVar("T")
FILES_KEPT_FREE = 200  # for the database connections, the worker pipes, static files and HTTP requests


class Throttled:
    """A logger for things a client can cause in bulk: one line every `seconds`, with how many were left out."""

    def __init__(self, logger: logging.Logger, seconds: float = 10.0) -> None:
        self.logger = logger
        self.seconds = seconds
        self.last = -seconds
        self.left_out = 0

    def warning(self, message: str, *args: Any) -> None:
        moment = time.monotonic()
        if moment - self.last < self.seconds:
            self.left_out += 1
            return
        if self.left_out:
            message += f" (and {self.left_out} more like it since the last such line)"
        self.last, self.left_out = moment, 0
        self.logger.warning(message, *args)


CLIENT_NOISE = (  # uvicorn's lines about what a client sent: a fuzzer or a flood writes thousands of them
    "Invalid HTTP request received.",
    "Unsupported upgrade request.",
    "ASGI callable returned without sending handshake.",
    "ASGI callable returned without completing handshake.",
)


class QuietClientNoise(logging.Filter):
    """On uvicorn's log: each kind of line a client causes at most once every `seconds`, with how many like
    it were left out (the rest of the log untouched)."""

    def __init__(self, seconds: float = 10.0) -> None:
        super().__init__()
        self.seconds = seconds
        self.last: dict[str, float] = {}
        self.left_out: Counter[str] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = str(record.msg)
        if kind not in CLIENT_NOISE:
            return True
        moment = time.monotonic()
        if moment - self.last.get(kind, -self.seconds) < self.seconds:
            self.left_out[kind] += 1
            return False
        self.last[kind] = moment
        if self.left_out[kind]:
            record.msg = f"{kind} (and {self.left_out.pop(kind)} more like it since the last such line)"
        record.exc_info = None  # a client's mistake, not the server's: no traceback
        return True


def raise_open_file_limit() -> int:
    """Raise this process's open-file limit to what the system allows; returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def socket_capacity() -> int:
    """How many game sockets fit under the open-file limit, with room kept for everything else."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    return max(16, soft - FILES_KEPT_FREE)


@dataclass
class SocketLimits:
    per_address: int = 64  # sockets of one address (a family behind one router plays a few games at once)
    unjoined_per_address: int = 8  # sockets of one address that have not joined a game yet
    join_seconds: float = 5.0  # time a socket has to join a game
    total: int = 0  # sockets in all (0: what the open-file limit allows)


class SocketCounts:
    """The sockets open now, by client address; `admit` says why a new one is refused, or None."""

    def __init__(self, limits: SocketLimits) -> None:
        self.limits = limits
        self.total = limits.total or socket_capacity()
        self.count = 0
        self.open: Counter[str] = Counter()
        self.unjoined: Counter[str] = Counter()
        self.refusals = Throttled(log)

    def admit(self, address: str) -> tuple[int, str] | None:
        """None (the socket is counted), or the HTTP status and the words of a refusal."""
        if self.count >= self.total:
            self.refusals.warning("the server is full (%d sockets): refusing new sockets", self.total)
            REFUSALS.labels("sockets_in_all").inc()
            return 503, "the server is full: try again in a minute"
        if self.open[address] >= self.limits.per_address:
            self.refusals.warning("%s holds %d sockets: refusing more", address, self.open[address])
            REFUSALS.labels("sockets_per_address").inc()
            return 429, "too many connections from your address"
        if self.unjoined[address] >= self.limits.unjoined_per_address:
            self.refusals.warning(
                "%s holds %d sockets that joined no game: refusing more", address, self.unjoined[address]
            )
            REFUSALS.labels("sockets_not_joined").inc()
            return 429, "too many connections from your address that joined no game yet"
        self.count += 1
        SOCKETS.set(self.count)
        self.open[address] += 1
        self.unjoined[address] += 1
        return None

    def joined(self, address: str) -> None:
        self._drop(self.unjoined, address)

    def closed(self, address: str, joined: bool) -> None:
        self.count -= 1
        SOCKETS.set(self.count)
        self._drop(self.open, address)
        if not joined:
            self._drop(self.unjoined, address)

    @staticmethod
    def _drop(counter: Counter[str], address: str) -> None:
        counter[address] -= 1
        if counter[address] <= 0:
            del counter[address]


class GateFull(TimesSquareError):
    """Too much of one kind of heavy work is running or waiting: come back in a moment."""


class WorkGate:
    """Heavy work of one kind (a password's hash, a tutorial step) in threads, at most `at_once` at a time and
    `waiting` more in line; past that, GateFull at once, so that a flood is refused instead of queued behind."""

    def __init__(self, at_once: int, waiting: int) -> None:
        self.free = at_once
        self.waiting = waiting
        self.line: deque[asyncio.Future[None]] = deque()
        self.refused = 0

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        if self.free > 0 and not self.line:
            self.free -= 1
        else:
            if len(self.line) >= self.waiting:
                self.refused += 1
                REFUSALS.labels("work_gate").inc()
                raise GateFull("the server is busy: try again in a moment")
            turn = asyncio.get_running_loop().create_future()
            self.line.append(turn)
            try:
                await turn  # a finished call hands its place over
            except asyncio.CancelledError:
                if turn in self.line:
                    self.line.remove(turn)
                elif not turn.cancelled():
                    self._hand_over()
                raise
        try:
            return await anyio.to_thread.run_sync(functools.partial(function, *args))
        finally:
            self._hand_over()

    def _hand_over(self) -> None:
        while self.line:
            turn = self.line.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1
