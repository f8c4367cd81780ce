"""The worker pool: computer players choose from a view in another process, hints are bounded, and a
worker that dies is replaced."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from timessquare.variants import DEFAULT_RULES
from timessquare.web.sockets.table import Table
from timessquare.web.workers.pool import PoolBusy, WorkerPool


def a_person_to_move() -> Table:
    return Table.new("g0000000001", "friend", "friend", "A", DEFAULT_RULES)


def test_a_computer_player_chooses_a_legal_action_in_a_worker() -> None:
    table = a_person_to_move()
    seat = table.session.to_move
    assert seat is not None
    legal = table.session.legal_ids(seat)

    async def run() -> tuple[int, int]:
        pool = WorkerPool(1)
        try:
            chosen = await pool.choose(
                table.game_id, seat, "medium", table.session.rules, table.session.view(seat), legal
            )
            pid = await asyncio.get_running_loop().run_in_executor(pool._executor(0), os.getpid)
            return chosen, pid
        finally:
            pool.close()

    chosen, pid = asyncio.run(run())
    assert chosen in legal and pid != os.getpid()


def test_hints_beyond_the_queue_are_refused_and_a_dead_worker_is_replaced() -> None:
    table = a_person_to_move()
    seat = table.session.to_move
    assert seat is not None

    async def run() -> None:
        pool = WorkerPool(1, hint_queue=1)
        try:
            first = asyncio.create_task(pool.hint(table.session.rules, table.session.view(seat), 0.3))
            await asyncio.sleep(0)  # the first hint is now waiting for the worker
            with pytest.raises(PoolBusy):
                await pool.hint(table.session.rules, table.session.view(seat), 0.3)
            hint = await first
            assert hint.action in table.session.legal_ids(seat) and 0 <= hint.win_probability <= 1
            # Kill the worker: the next request starts a new one.
            pid = await asyncio.get_running_loop().run_in_executor(pool._executor(0), os.getpid)
            os.kill(pid, signal.SIGKILL)
            legal = table.session.legal_ids(seat)
            assert (
                await pool.choose(table.game_id, seat, "random", table.session.rules, table.session.view(seat), legal)
                in legal
            )
        finally:
            pool.close()

    asyncio.run(run())
