"""The store as the event loop uses it: each call runs in a worker thread, so the loop never waits on a disk
or a network, and moves are written by a group commit on a thread of its own."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import anyio
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as SATimeoutError

from ..metrics import DATABASE_ERRORS
from .database import DatabaseUnavailable
from .store import Append, GameStore, VersionConflict

T = TypeVar("T")


class Database:
    """The store, called from worker threads so the event loop never waits on a disk or a network.

    Moves go through `append`, a group commit: the moves of every game that arrive while a transaction is
    being written wait for the next one, which writes them all with one commit. Each caller still returns
    only once its own move is on disk, but the disk's flush is shared, so hundreds of games cost about as
    much as one.
    """

    BATCH = 256
    CALL_SECONDS = 4.0  # a call that takes longer is given up (its thread is left to finish): never a hang
    # A commit costs about as much for one game's move as for a dozen (the statements' setup, the flush, the
    # hand-overs between threads). So while other games' moves keep coming (another game committed under
    # BUSY_SECONDS ago), a batch of fewer than BATCH_WANTED moves waits for them before it is written, as
    # PostgreSQL's commit_delay does, until there are that many or WINDOW_SECONDS have passed: some
    # milliseconds more for a move, a good part of the server's processor time less per move at hundreds of
    # games (docs/web.md). Waiting for a number rather than a time keeps the batches as big when the games are
    # shared by several processes, each hearing fewer of them. A move with no other game about (a lone game,
    # even a fast one between two bots) is written at once.
    WINDOW_SECONDS = 0.020
    BUSY_SECONDS = 0.05
    BATCH_WANTED = 4

    def __init__(self, store: GameStore, threads: int = 16) -> None:
        self.store = store
        self.limiter = anyio.CapacityLimiter(threads)
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        # The group commit's batches go to one thread that lives as long as the server: handing each batch to
        # a new worker thread (anyio's, as `run` does) cost more of the loop's time than the batch's SQL.
        self._batches: queue.SimpleQueue[tuple[Sequence[Append], asyncio.Future[list[bool | Exception]]] | None] = (
            queue.SimpleQueue()
        )
        self._committer: threading.Thread | None = None
        self._committed: dict[str, float] = {}  # the games written under BUSY_SECONDS ago, and when (loop time)
        self._enough: asyncio.Event | None = None  # set when BATCH_WANTED moves wait, while a batch waits for company
        self._wait: Callable[[float], Awaitable[None]] = self._gather  # the window's wait (tests watch it)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a thread; raises DatabaseUnavailable when the database does not answer in
        time or fails (a hung database gives an error within CALL_SECONDS, never a hang)."""
        try:
            with anyio.fail_after(self.CALL_SECONDS):
                return await anyio.to_thread.run_sync(function, *args, limiter=self.limiter, abandon_on_cancel=True)
        except TimeoutError:
            raise self._timed_out() from None
        except (OperationalError, InterfaceError, SATimeoutError) as e:  # down, unreachable, full, read-only
            raise self._failed(e) from e

    def _timed_out(self) -> DatabaseUnavailable:
        DATABASE_ERRORS.inc()
        return DatabaseUnavailable(f"the database did not answer within {self.CALL_SECONDS:g} seconds")

    def _failed(self, e: Exception) -> DatabaseUnavailable:
        DATABASE_ERRORS.inc()
        reason = str(getattr(e, "orig", None) or e).strip()[:200]
        return DatabaseUnavailable(f"the database failed: {reason}")

    async def _commit(self, batch: Sequence[Append]) -> list[bool | Exception]:
        """`store.append_many(batch)` on the committer thread, with `run`'s time limit and errors."""
        if self._committer is None or not self._committer.is_alive():
            self._committer = threading.Thread(target=self._commit_batches, name="group commit", daemon=True)
            self._committer.start()
        done: asyncio.Future[list[bool | Exception]] = asyncio.get_running_loop().create_future()
        self._batches.put((batch, done))
        try:
            async with asyncio.timeout(self.CALL_SECONDS):
                return await done
        except TimeoutError:  # the batch is given up; its thread finishes it (or not) and goes on
            raise self._timed_out() from None
        except (OperationalError, InterfaceError, SATimeoutError) as e:
            raise self._failed(e) from e

    def _commit_batches(self) -> None:
        # The thread keeps its connection: taking one from the pool for each batch (and PostgreSQL's ping
        # before it) cost a round trip and more of the commit's time than its statements. After any failure
        # it takes a fresh one for the next batch.
        connection: Connection | None = None
        try:
            while (job := self._batches.get()) is not None:
                batch, done = job
                try:
                    written, connection = self._write(batch, connection)
                except _DATABASE_DOWN as e:  # the database itself: every change of the batch fails
                    connection = None  # (closed by _write)
                    _hand_back(done, None, e)
                except Exception as e:
                    connection = None
                    if len(batch) == 1:
                        _hand_back(done, None, e)
                        continue
                    # One change's own statements failed (a settlement's, say), not the database: each change
                    # again in a transaction of its own, so that only the failing one's game hears of it.
                    alone: list[bool | Exception] = []
                    for item in batch:
                        try:
                            each, connection = self._write([item], connection)
                            alone += each
                        except Exception as error:
                            connection = None
                            alone.append(error)
                    _hand_back(done, alone, None)
                except BaseException as e:  # handed to the waiting task, which raises it
                    connection = None
                    _hand_back(done, None, e)
                else:
                    _hand_back(done, written, None)
        finally:
            if connection is not None:
                connection.close()

    def _write(
        self, batch: Sequence[Append], connection: Connection | None
    ) -> tuple[list[bool | Exception], Connection]:
        """`store.append_many(batch)` on the kept connection (a fresh one if there is none); the connection
        to keep. On a failure the connection it used is closed (rolled back, and back to the pool or thrown
        away if broken) before the error is raised."""
        if connection is None:
            connection = self.store.engine.connect()
        try:
            try:
                return list(self.store.append_many(batch, connection)), connection
            except DBAPIError as e:
                if not e.connection_invalidated:
                    raise
                # The kept connection was lost (a database restarted), which the pool's ping would have found:
                # once more on a fresh one. Safe even if the commit was what failed: a game already written is
                # at its new version, and its guarded update is refused.
                connection.close()
                connection = self.store.engine.connect()
                return list(self.store.append_many(batch, connection)), connection
        except BaseException:
            connection.close()
            raise

    async def append(self, item: Append) -> None:
        """Commit one game's new moves (raises VersionConflict, or the database's error)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._writer is None or self._writer.done():
            self._wake = asyncio.Event()
            self._writer = asyncio.create_task(self._write_batches(), name="database writer")
        assert self._wake is not None
        self._wake.set()
        if self._enough is not None and len(self._pending) >= self.BATCH_WANTED:
            self._enough.set()
        await future

    async def _gather(self, seconds: float) -> None:
        """Wait for other games' moves: `seconds` at most, less once BATCH_WANTED moves wait."""
        self._enough = enough = asyncio.Event()
        try:
            async with asyncio.timeout(seconds):
                await enough.wait()
        except TimeoutError:
            pass
        finally:
            self._enough = None

    async def _write_batches(self) -> None:
        assert self._wake is not None
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            if len(self._pending) < self.BATCH_WANTED and self.WINDOW_SECONDS > 0 and self._company(loop.time()):
                await self._wait(self.WINDOW_SECONDS)  # the other games' moves join this commit
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[: self.BATCH], self._pending[self.BATCH :]
                try:
                    written = await self._commit([item for item, _ in batch])
                except Exception as e:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(e)
                    continue
                at = loop.time()
                for item, _ in batch:
                    self._committed[item.game_id] = at
                for (item, future), ok in zip(batch, written, strict=True):
                    if future.done():
                        continue
                    if isinstance(ok, Exception):  # this change's own failure: its game only
                        future.set_exception(ok)
                    elif ok:
                        future.set_result(None)
                    else:
                        future.set_exception(VersionConflict(f"game {item.game_id} changed meanwhile"))

    def _company(self, now: float) -> bool:
        """Whether a game other than those waiting to be written committed under BUSY_SECONDS ago (its next
        move may well come within the window); forgets the games written longer ago."""
        recent = {game: at for game, at in self._committed.items() if now - at < self.BUSY_SECONDS}
        self._committed = recent
        waiting = {item.game_id for item, _ in self._pending}
        return any(game not in waiting for game in recent)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        self._batches.put(None)


_DATABASE_DOWN = (OperationalError, InterfaceError, SATimeoutError, DatabaseUnavailable)


def _hand_back(
    done: asyncio.Future[list[bool | Exception]], written: list[bool | Exception] | None, error: BaseException | None
) -> None:
    """Settle `done` on its event loop (from the commit thread); nothing if that loop is closed (the server
    stopped while the batch was written)."""
    with contextlib.suppress(RuntimeError):
        done.get_loop().call_soon_threadsafe(_settle, done, written, error)


def _settle(
    done: asyncio.Future[list[bool | Exception]], written: list[bool | Exception] | None, error: BaseException | None
) -> None:
    if done.done():  # given up on (the time limit, or the server closing)
        return
    if error is not None:
        done.set_exception(error)
    else:
        assert written is not None
        done.set_result(written)
