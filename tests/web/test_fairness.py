"""Fairness of the worker pool (issue 17, finding 1): computer turns before any hint, hints one client at a
time, never every worker on hints, and one hint at a time per client."""

from __future__ import annotations

import asyncio

import pytest

from timessquare.variants import DEFAULT_RULES
from timessquare.web.sockets.table import Table
from timessquare.web.workers.fairness import FairQueue, Job
from timessquare.web.workers.pool import PoolBusy, WorkerPool


def job(
    loop: asyncio.AbstractEventLoop, name: str, hint: bool = False, client: str = "", worker: int | None = None
) -> Job:
    return Job(print, (name,), loop.create_future(), hint=hint, client=client, worker=worker)


def test_computer_turns_first_then_hints_client_by_client() -> None:
    loop = asyncio.new_event_loop()
    try:
        queue = FairQueue(workers=3)
        jobs = [
            job(loop, "flood 1", True, "1.1.1.1"),
            job(loop, "flood 2", True, "1.1.1.1"),
            job(loop, "flood 3", True, "1.1.1.1"),
            job(loop, "other", True, "2.2.2.2"),
            job(loop, "turn", worker=None),
            job(loop, "plan on 1", worker=1),
        ]
        for j in jobs:
            queue.put(j)
        taken = [queue.take(0), queue.take(0)]  # worker 0 never takes worker 1's turn in progress ...
        queue.hint_workers.add(0)
        taken.append(queue.take(2))
        queue.hint_workers.add(2)
        taken.append(queue.take(2))  # ... two hints at most on three workers
        assert [j.args[0] if j else None for j in taken] == ["turn", "flood 1", "other", None]
        assert queue.take(1).args[0] == "plan on 1"  # type: ignore[union-attr]
        queue.hint_workers.clear()
        assert [queue.take(0).args[0] for _ in range(2)] == ["flood 2", "flood 3"]  # type: ignore[union-attr]
    finally:
        loop.close()


def test_a_turn_in_progress_moves_on_when_its_worker_is_busy_with_a_hint() -> None:
    loop = asyncio.new_event_loop()
    try:
        queue = FairQueue(workers=2)
        queue.put(job(loop, "plan on 1", worker=1))
        assert queue.take(0) is None  # its worker is busy with another computer turn: it waits for it
        queue.hint_workers.add(1)
        assert queue.take(0).args[0] == "plan on 1"  # type: ignore[union-attr]
    finally:
        loop.close()


def test_a_single_worker_still_serves_hints() -> None:
    loop = asyncio.new_event_loop()
    try:
        queue = FairQueue(workers=1)
        queue.put(job(loop, "hint", True, "a"))
        assert queue.take(0) is not None
    finally:
        loop.close()


def test_a_computer_turn_overtakes_waiting_hints_and_a_client_gets_one_hint_at_a_time() -> None:
    table = Table.new("g0000000001", "friend", "friend", "A", DEFAULT_RULES)
    session = table.session
    seat = session.to_move
    assert seat is not None
    view, legal = session.view(seat), session.legal_ids(seat)
    finished: list[str] = []

    async def run() -> None:
        pool = WorkerPool(1, hint_queue=8)
        pool.start()
        try:

            async def named(name: str, work: object) -> None:
                await work  # type: ignore[misc]
                finished.append(name)

            first = asyncio.create_task(named("hint 1", pool.hint(session.rules, view, 0.4, ("1.1.1.1", "g:0"))))
            await asyncio.sleep(0.05)  # the first hint now runs
            with pytest.raises(PoolBusy):  # the same client again
                await pool.hint(session.rules, view, 0.4, ("1.1.1.1", "h:0"))
            others = asyncio.create_task(named("hint 2", pool.hint(session.rules, view, 0.1, ("2.2.2.2", "k:0"))))
            await asyncio.sleep(0.05)
            turn = asyncio.create_task(
                named("turn", pool.choose("g0000000002", seat, "random", session.rules, view, legal))
            )
            await asyncio.gather(first, others, turn)
        finally:
            pool.close()

    asyncio.run(run())
    assert finished == ["hint 1", "turn", "hint 2"]
