"""The arena's games: paired deals (each played twice, once with each player in seat A, so the luck of the
deal cancels out), run in parallel worker processes, each of which builds its own players from their names.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import random
from collections.abc import Callable, Iterator

from ..errors import TimesSquareError
from ..players import make_player
from ..variants import Rules
from .stats import ArenaReport, GameOutcome
from .table import GameTask, Table


def deal_seeds(seed: int, pairs: int) -> list[int]:
    """The seed of each deal: the same `seed` gives the same deals."""
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(pairs)]


_worker_table: Table | None = None  # the players of a worker process, made at its first game


def _play_in_worker(job: tuple[str, str, Rules, bool, GameTask]) -> GameOutcome:
    global _worker_table
    if _worker_table is None:
        _worker_table = Table(*job[:4])
        # Close the players (their processes, their pools) when the worker process ends normally.
        multiprocessing.util.Finalize(None, _worker_table.close, exitpriority=10)
    return _worker_table.play(job[4])


def play_arena_games(
    player1: str, player2: str, rules: Rules, tasks: list[GameTask], workers: int, keep_records: bool
) -> Iterator[GameOutcome]:
    """The outcomes of `tasks`, in the order they finish; on `workers` processes (1: in this process)."""
    if workers <= 1 or len(tasks) <= 1:
        table = Table(player1, player2, rules, keep_records)
        try:
            for task in tasks:
                yield table.play(task)
        finally:
            table.close()
        return
    jobs = [(player1, player2, rules, keep_records, task) for task in tasks]
    with multiprocessing.get_context().Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap_unordered(_play_in_worker, jobs)
        pool.close()
        pool.join()  # a normal exit of the workers runs their Finalize (players closed)


def run_arena(
    player1: str,
    player2: str,
    games: int,
    seed: int,
    rules: Rules,
    workers: int = 1,
    keep_records: bool = False,
    progress: Callable[[ArenaReport], None] | None = None,
    ray: str | None = None,
) -> ArenaReport:
    """Play `games` games (rounded up to whole pairs) between two players given by name: on `workers`
    processes, or with `ray` as Ray tasks ("" for a Ray started on this machine, else a cluster's address)."""
    if games < 1:
        raise TimesSquareError(f"--games must be 1 or more (got {games})")
    if workers < 1:
        raise TimesSquareError(f"--workers must be 1 or more (got {workers})")
    for name in (player1, player2):
        make_player(name, rules).close()  # an unknown name fails here, before any worker starts
    pairs = (games + 1) // 2
    tasks = [GameTask(2 * k + swap, seed_k) for k, seed_k in enumerate(deal_seeds(seed, pairs)) for swap in (0, 1)]
    report = ArenaReport(player1, player2, seed)
    if ray is not None:
        from .on_ray import ray_arena_games  # the optional extra cluster

        outcomes = ray_arena_games(player1, player2, rules, tasks, keep_records, ray or None)
    else:
        outcomes = play_arena_games(player1, player2, rules, tasks, workers, keep_records)
    for outcome in outcomes:
        report.outcomes.append(outcome)
        if progress is not None:
            progress(report)
    report.outcomes.sort(key=lambda o: o.index)
    return report
