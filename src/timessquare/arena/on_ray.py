"""The arena's and self-play's games as Ray tasks (the optional extra `cluster`): `--ray [ADDRESS]`.

Each game is one task: it builds its two players from their names where it runs (or reuses those of an
earlier task in the same Ray worker process), plays the game exactly as a local run does (the same deal
seed, the same players' generator) and sends back its outcome or record. With iteration budgets the
results are therefore those of the local run, whatever the cluster; with time budgets they depend on the
machines, as they do locally. Without an address Ray starts on this machine (and stops at the end); with
one (`HOST:PORT` of a head started by `ray start --head`) the tasks go to that cluster, whose machines must
have this package installed (docs/research.md).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from typing import Any

import ray

from ..errors import TimesSquareError
from ..game import Game
from ..record import to_record
from ..variants import Rules
from .selfplay import play_game
from .stats import GameOutcome
from .table import GameTask, Table

_tables: dict[tuple[str, str, Rules, bool], Table] = {}  # the players of this Ray worker process


def _table(player1: str, player2: str, rules: Rules, keep_records: bool) -> Table:
    key = (player1, player2, rules, keep_records)
    found = _tables.get(key)
    if found is None:
        found = _tables[key] = Table(*key)
    return found


@ray.remote
def arena_game_task(player1: str, player2: str, rules: Rules, keep_records: bool, task: GameTask) -> GameOutcome:
    return _table(player1, player2, rules, keep_records).play(task)


@ray.remote
def selfplay_game_task(
    spec_a: str, spec_b: str, rules: Rules, index: int, game_seed: int
) -> tuple[int, dict[str, Any]]:
    """Self-play game `index` as `selfplay.play_games` plays it: its record."""
    table = _table(spec_a, spec_b, rules, True)
    game = Game.new(game_seed, rules, players={"A": spec_a, "B": spec_b})
    play_game(game, table.players, random.Random(game_seed ^ 0x5EED))
    return index, to_record(game)


class RaySession:
    """Ray for one command: connected (or started) on entry, shut down on exit."""

    def __init__(self, address: str | None) -> None:
        self.address = address

    def __enter__(self) -> RaySession:
        try:
            ray.init(
                address=self.address or None,
                include_dashboard=False if self.address is None else None,
                logging_level=logging.ERROR,
                log_to_driver=False,
            )
        except (ConnectionError, RuntimeError, ValueError) as e:
            where = f"the Ray cluster at {self.address}" if self.address else "a Ray on this machine"
            raise TimesSquareError(f"--ray: cannot use {where}: {e}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        ray.shutdown()

    @staticmethod
    def as_completed(refs: list[Any]) -> Iterator[Any]:
        """The tasks' results in the order they finish."""
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])


def ray_arena_games(
    player1: str, player2: str, rules: Rules, tasks: list[GameTask], keep_records: bool, address: str | None
) -> Iterator[GameOutcome]:
    """The outcomes of `tasks` as Ray tasks, in the order they finish."""
    with RaySession(address) as session:
        refs = [arena_game_task.remote(player1, player2, rules, keep_records, task) for task in tasks]
        yield from session.as_completed(refs)


def ray_selfplay_records(
    seeds: list[int], spec_a: str, spec_b: str, rules: Rules, address: str | None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(game index, record) of each self-play game, in the order they finish."""
    with RaySession(address) as session:
        refs = [selfplay_game_task.remote(spec_a, spec_b, rules, i, seed) for i, seed in enumerate(seeds)]
        yield from session.as_completed(refs)
