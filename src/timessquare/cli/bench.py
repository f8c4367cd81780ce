"""Throughput on one core, on both paths: the reference engine in Python and the compiled core (C).

- random play: complete random games (list legal actions, pick one uniformly, apply), `run` in Python and
  `_fastcore.speed.random_play_compiled` in C;
- search: the expert's search on a fixed set of positions, in iterations per second, on each path.

- the vector environment (`timessquare.envs.vector`, where the `rl` extra is installed): learner steps
  per second with observations and masks, `measure_vector_env`.

`measure_paths` runs all four beside each other, interleaved position by position for the search, so that
the load of the machine weighs alike on both paths.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..chance import resolve_chance
from ..state import new_game
from ..variants import DEFAULT_RULES, Rules


@dataclass
class BenchResult:
    seconds: float
    games: int
    actions: int

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def run(seconds: float = 10.0, seed: int = 0, rules: Rules = DEFAULT_RULES) -> BenchResult:
    """Play complete random games for about `seconds`; deals, choices and reshuffles all seeded."""
    rng = random.Random(seed)
    pick = rng.random
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        chance = random.Random(rng.getrandbits(64))  # the deal's and the reshuffle's outcomes
        state = new_game(rng=chance, rules=rules)
        while state.result is None:
            ids = state.legal_ids()
            if ids:
                state.apply(ids[int(pick() * len(ids))])  # uniform: random() < 1, so the index < len(ids)
                actions += 1
            else:  # no player acts while a chance event is due
                resolve_chance(state, chance)
        games += 1
    return BenchResult(clock() - start, games, actions)


@dataclass
class PathSpeed:
    """One path's figures: random play and the expert's search, with the time each took."""

    games: int = 0
    actions: int = 0
    play_seconds: float = 0.0
    iterations: int = 0
    search_seconds: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def search_iterations_per_second(self) -> float:
        return self.iterations / self.search_seconds if self.search_seconds > 0 else 0.0

    def as_json(self) -> dict[str, float]:
        return {
            "actions_per_second": round(self.actions_per_second, 1),
            "games_per_second": round(self.games_per_second, 2),
            "search_iterations_per_second": round(self.search_iterations_per_second, 1),
            "games": self.games,
            "actions": self.actions,
            "iterations": self.iterations,
        }


def measure_paths(seconds: float = 10.0, seed: int = 0, rules: Rules = DEFAULT_RULES) -> dict[str, PathSpeed | None]:
    """Both paths: each gets a quarter of `seconds` for random play and a quarter for the search (the
    expert's, on one core, on `_fastcore.speed.search_views`). "compiled" is None where it is not built."""
    from .. import _fastcore
    from .._fastcore import speed

    compiled = _fastcore.available()
    share = seconds / 4
    paths: dict[str, PathSpeed | None] = {"python": PathSpeed(), "compiled": PathSpeed() if compiled else None}
    python = paths["python"]
    assert python is not None
    reference = run(share, seed, rules)
    python.games, python.actions, python.play_seconds = reference.games, reference.actions, reference.seconds
    fast = paths["compiled"]
    if fast is not None:
        fast.games, fast.actions, fast.play_seconds = speed.random_play_compiled(share, seed, rules)
    views = speed.search_views(rules)
    for view in views:
        for path in (python, fast):
            if path is not None:
                iterations, took = speed.search_speed(view, share / len(views), path is fast, rules)
                path.iterations += iterations
                path.search_seconds += took
    return paths


def measure_vector_env(seconds: float, seed: int = 0) -> dict[str, float | str] | None:
    """The vector environment's learner steps per second (envs/vector_speed.py), or None where the
    optional `rl` extra (numpy, Gymnasium) is not installed."""
    try:
        from ..envs.vector_speed import vector_steps_per_second  # the optional extra rl
    except ImportError:
        return None
    return vector_steps_per_second(seconds, seed)
