"""The analysis never delays a computer's turn (issue 19): it runs in a process of its own at the lowest
priority, outside the turn workers' queue, and a turn is chosen while it is busy."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

import pytest

from timessquare.arena.selfplay import play_games
from timessquare.errors import TimesSquareError
from timessquare.players.analysis import turn_count
from timessquare.record import to_record
from timessquare.variants import DEFAULT_RULES
from timessquare.web.sockets.table import Table
from timessquare.web.workers.pool import WorkerPool

HOURS_OF_SEARCH = 10**7  # iterations per turn: the analysis cannot finish while the test runs


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="process priorities are POSIX")
def test_a_computer_turn_is_chosen_while_the_analysis_worker_is_busy() -> None:
    record = to_record(next(play_games(1, 41, DEFAULT_RULES, "easy", "easy")))
    table = Table.new("g0000000001", "friend", "friend", "A", DEFAULT_RULES)
    seat = table.session.to_move
    assert seat is not None
    legal = table.session.legal_ids(seat)

    async def run() -> None:
        pool = WorkerPool(1)
        analysis_pids: list[int] = []
        busy: asyncio.Task[list[Any]] | None = None
        try:
            await pool.search_turns(record, [1], 1)  # the analysis worker is started
            assert pool._analysis is not None
            analysis_pids = list(pool._analysis._processes)  # type: ignore[attr-defined]
            busy = asyncio.create_task(pool.search_turns(record, range(1, turn_count(record) + 1), HOURS_OF_SEARCH))
            await asyncio.sleep(0)  # the long search is handed to the analysis worker
            chosen = await pool.choose(
                table.game_id, seat, "hard", table.session.rules, table.session.view(seat), legal
            )
            assert chosen in legal and not busy.done()
            turn_pid = await asyncio.get_running_loop().run_in_executor(pool._executor(0), os.getpid)
            assert turn_pid not in analysis_pids  # not the same process, so not the same queue
            lowest = [os.getpriority(os.PRIO_PROCESS, pid) for pid in analysis_pids]
            assert lowest == [19] * len(analysis_pids)
            assert os.getpriority(os.PRIO_PROCESS, turn_pid) == os.getpriority(os.PRIO_PROCESS, 0)
        finally:
            for pid in analysis_pids:
                os.kill(pid, signal.SIGKILL)
            if busy is not None:
                with pytest.raises(TimesSquareError):
                    await busy
            pool.close()

    asyncio.run(run())
