"""The group commit's own thread (storage/writer.py): each caller returns once its batch is written, a failing
or hung database gives DatabaseUnavailable within the time limit (never a hang), and the next batch is
written once the database answers again."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from timessquare.web.storage.database import DatabaseUnavailable
from timessquare.web.storage.store import Append
from timessquare.web.storage.writer import Database


class FakeConnection:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


class FakeEngine:
    def __init__(self) -> None:
        self.connections: list[FakeConnection] = []

    def connect(self) -> FakeConnection:
        self.connections.append(FakeConnection())
        return self.connections[-1]


class FakeStore:
    """Writes nothing: records the batches, refuses the games named in `stale`, and can fail or hang."""

    def __init__(self) -> None:
        self.engine = FakeEngine()
        self.held: list[FakeConnection] = []  # the connection each batch was written with
        self.batches: list[list[str]] = []
        self.stale: set[str] = set()
        self.broken: set[str] = set()  # games whose change's own statements fail (not the database)
        self.fail = False
        self.release = threading.Event()
        self.release.set()

    def append_many(self, appends: Sequence[Append], held: FakeConnection) -> list[bool]:
        assert not held.closed
        self.held.append(held)
        self.release.wait()
        if self.fail:
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))
        if any(a.game_id in self.broken for a in appends):
            raise ValueError("a settlement that fails")
        self.batches.append([a.game_id for a in appends])
        return [a.game_id not in self.stale for a in appends]


def append(game_id: str) -> Append:
    return Append(game_id, 0, 0, ["S 1"], None)  # type: ignore[arg-type]  # the fake store reads no progress


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_every_caller_returns_once_written_and_a_stale_game_is_refused() -> None:
    store = FakeStore()
    store.stale = {"g3"}
    database = Database(store)  # type: ignore[arg-type]

    async def main() -> list[BaseException | None]:
        results = await asyncio.gather(*(database.append(append(f"g{i}")) for i in range(6)), return_exceptions=True)
        database.close()
        return results

    results = run(main())
    assert len(store.engine.connections) == 1  # one connection kept for every batch
    assert sorted(g for batch in store.batches for g in batch) == [f"g{i}" for i in range(6)]
    assert [type(r).__name__ for r in results] == ["NoneType"] * 3 + ["VersionConflict"] + ["NoneType"] * 2
    assert len(store.batches) < 6  # they waited for one another: fewer commits than moves


def test_a_failing_database_is_told_and_the_next_batch_is_written() -> None:
    store = FakeStore()
    store.fail = True
    database = Database(store)  # type: ignore[arg-type]

    async def main() -> None:
        with pytest.raises(DatabaseUnavailable, match="disk I/O error"):
            await database.append(append("g1"))
        store.fail = False
        await database.append(append("g2"))
        database.close()

    run(main())
    assert store.batches == [["g2"]]
    first, second = store.engine.connections  # the failed batch's connection is not used again
    assert first.closed and store.held == [first, second]


def test_a_hung_database_gives_an_error_within_the_limit_not_a_hang() -> None:
    store = FakeStore()
    store.release.clear()
    database = Database(store)  # type: ignore[arg-type]
    database.CALL_SECONDS = 0.2

    async def main() -> None:
        with pytest.raises(DatabaseUnavailable, match="did not answer"):
            await database.append(append("g1"))
        store.release.set()  # the database answers again: the given-up batch is written, then the next
        await database.append(append("g2"))
        database.close()

    run(main())
    assert store.batches == [["g1"], ["g2"]]


def test_a_lost_connection_is_replaced_and_the_batch_written() -> None:
    """A database that restarted: the kept connection fails as invalidated, the batch goes again on a fresh
    one, and its caller never hears of it."""
    store = FakeStore()
    calls = {"n": 0}
    write = store.append_many

    def lost_once(appends: Sequence[Append], held: FakeConnection) -> list[bool]:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OperationalError("UPDATE", {}, Exception("server closed the connection"), connection_invalidated=True)
        return write(appends, held)

    store.append_many = lost_once  # type: ignore[method-assign]
    database = Database(store)  # type: ignore[arg-type]

    async def main() -> None:
        await database.append(append("g1"))
        database.close()

    run(main())
    assert store.batches == [["g1"]]
    first, second = store.engine.connections
    assert first.closed and store.held == [second]


def test_a_change_whose_own_write_fails_fails_alone_not_its_batch() -> None:
    """A failure of one change's statements (its settlement, say), not of the database: that game's caller
    gets the error; every other change of the batch is written (each again in a transaction of its own)."""
    store = FakeStore()
    store.broken = {"g2"}
    store.release.clear()  # the first batch waits, so that the others gather into one batch behind it
    database = Database(store)  # type: ignore[arg-type]

    async def main() -> list[BaseException | None]:
        first = asyncio.ensure_future(database.append(append("g0")))
        await asyncio.sleep(0)  # (a turn of the loop: g0's batch is on its way to the thread)
        rest = [asyncio.ensure_future(database.append(append(f"g{i}"))) for i in range(1, 5)]
        await asyncio.sleep(0)
        store.release.set()
        results = await asyncio.gather(first, *rest, return_exceptions=True)
        database.close()
        return results

    results = run(main())
    assert [type(r).__name__ for r in results] == ["NoneType", "NoneType", "ValueError", "NoneType", "NoneType"]
    assert sorted(g for batch in store.batches for g in batch) == ["g0", "g1", "g3", "g4"]
    assert ["g1", "g2", "g3", "g4"] not in store.batches  # the batch that failed was written again one by one


def test_while_moves_keep_coming_a_small_batch_waits_for_other_games_moves() -> None:
    store = FakeStore()
    database = Database(store)  # type: ignore[arg-type]

    async def main() -> None:
        await database.append(append("g0"))  # a batch was just written: moves are coming
        arrived: list[asyncio.Future[None]] = []

        async def window(seconds: float) -> None:  # another game's move comes while the batch waits
            assert seconds == database.WINDOW_SECONDS
            arrived.append(asyncio.ensure_future(database.append(append("g2"))))
            await asyncio.sleep(0)

        database._wait = window
        await database.append(append("g1"))
        await arrived[0]
        database.close()

    run(main())
    assert store.batches == [["g0"], ["g1", "g2"]]  # one commit for both


def test_a_batch_waiting_for_company_is_written_once_enough_moves_wait() -> None:
    """The window is the most a move waits: once BATCH_WANTED moves wait, they are written at once (here the
    window is an hour long, so a batch that waited for it would never be written)."""
    store = FakeStore()
    database = Database(store)  # type: ignore[arg-type]
    database.WINDOW_SECONDS = 3600.0
    wanted = database.BATCH_WANTED

    async def main() -> None:
        await database.append(append("g0"))  # a batch was just written: moves are coming
        moves = [asyncio.ensure_future(database.append(append("g1")))]
        for _ in range(3):  # (turns of the loop: g1's batch now waits for company)
            await asyncio.sleep(0)
        assert database._enough is not None and not store.batches[1:]
        moves += [asyncio.ensure_future(database.append(append(f"g{i}"))) for i in range(2, wanted + 1)]
        await asyncio.wait_for(asyncio.gather(*moves), 10)
        database.close()

    run(main())
    assert store.batches == [["g0"], [f"g{i}" for i in range(1, wanted + 1)]]


def watch_the_window(database: Database) -> list[float]:
    """The windows the group commit waits, noted instead of waited."""
    waited: list[float] = []

    async def window(seconds: float) -> None:
        waited.append(seconds)

    database._wait = window
    return waited


def test_a_lone_move_after_a_quiet_moment_is_written_without_waiting() -> None:
    store = FakeStore()
    database = Database(store)  # type: ignore[arg-type]
    waited = watch_the_window(database)

    async def main() -> None:
        await database.append(append("g1"))
        database.close()

    run(main())
    assert waited == [] and store.batches == [["g1"]]


def test_the_moves_of_a_lone_game_never_wait_however_fast_they_come() -> None:
    """Only other games' moves can join a commit: a game alone (two bots at full speed) waits for nobody."""
    store = FakeStore()
    database = Database(store)  # type: ignore[arg-type]
    waited = watch_the_window(database)

    async def main() -> None:
        for _ in range(5):
            await database.append(append("g1"))
        await database.append(append("g2"))  # another game now: g1 committed a moment ago, so g2 waits
        database.close()

    run(main())
    assert store.batches == [["g1"]] * 5 + [["g2"]]
    assert waited == [database.WINDOW_SECONDS]
