"""Throughput on one core, on both paths: the reference engine in Python and the compiled core (C).

- random play: complete random games (list legal actions, pick one uniformly, apply), `run` in Python and
  `random_play_compiled` in C;
- search: the expert's search (`search_speed`) on a fixed set of positions (`search_views`), in iterations
  per second, on each path. The positions are reached by seeded games of the heuristic player, so they are
  the same on every machine and in every run: one early, one in the middle, two after the reshuffle.

- the vector environment (`timessquare.envs.vector`, where the `rl` extra is installed): learner steps
  per second with observations and masks, `measure_vector_env`.

`measure_paths` runs all four beside each other, interleaved position by position for the search, so that
the load of the machine weighs alike on both paths.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

from .. import _fastcore
from ..chance import resolve_chance
from ..game import Game
from ..players.heuristic import HeuristicPlayer
from ..players.ismcts import ismcts_search
from ..players.levels import EXPERT_CONFIG
from ..state import new_game
from ..variants import DEFAULT_RULES, Rules
from ..view import PlayerView

SEARCH_SEED = 1
SEARCH_POSITION_TURNS = (2, 8, 16, 24)  # turns of heuristic play before each search position


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


def random_play_compiled(seconds: float, seed: int, rules: Rules = DEFAULT_RULES) -> tuple[int, int, float]:
    """Complete random games on the compiled core for about `seconds`: 64 seeded deals played in turn,
    actions chosen uniformly and reshuffles drawn in C. Returns (games, actions, seconds)."""
    module = _fastcore.compiled_module()
    if module is None:
        raise RuntimeError("the compiled core is not available")
    rng = random.Random(seed)
    deals = [_fastcore.to_core(new_game(rng=random.Random(rng.getrandbits(64)), rules=rules)) for _ in range(64)]
    elapsed, games, actions = module.random_play(deals, seconds, rng.getrandbits(64))
    return games, actions, elapsed


def search_views(rules: Rules = DEFAULT_RULES) -> list[PlayerView]:
    """The fixed search positions: the view of the seat to move after some turns of heuristic play."""
    views = (view_after_turns(SEARCH_SEED, turns, rules) for turns in SEARCH_POSITION_TURNS)
    return [view for view in views if view is not None]


def view_after_turns(seed: int, turns: int, rules: Rules = DEFAULT_RULES) -> PlayerView | None:
    """The view of the seat to move after `turns` turns of heuristic self-play from deal `seed` (None when
    the game ended first): a reproducible position at a turn's start."""
    game = Game.new(seed, rules)
    player = HeuristicPlayer(rules)
    rng = random.Random(seed)
    done = 0
    while done < turns and not game.is_over:
        seat = game.state.to_move
        game.apply(player.choose(game.view(seat), game.state.legal_ids(), rng))
        done += game.state.to_move != seat
    return None if game.is_over else game.view(game.state.to_move)


def search_speed(view: PlayerView, seconds: float, compiled: bool, rules: Rules = DEFAULT_RULES) -> tuple[int, float]:
    """The expert's search (its depth, width, pool and playouts) on one core from `view` for `seconds`, on
    the compiled path or the reference: (iterations, seconds it took)."""
    config = replace(EXPERT_CONFIG, workers=1, seconds=seconds, iterations=0, compiled=compiled)
    start = time.perf_counter()
    stats = ismcts_search(view, rules, config, SEARCH_SEED)
    return stats.iterations, time.perf_counter() - start


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
    expert's, on one core, on `search_views`). "compiled" is None where it is not built."""
    compiled = _fastcore.available()
    share = seconds / 4
    paths: dict[str, PathSpeed | None] = {"python": PathSpeed(), "compiled": PathSpeed() if compiled else None}
    python = paths["python"]
    assert python is not None
    reference = run(share, seed, rules)
    python.games, python.actions, python.play_seconds = reference.games, reference.actions, reference.seconds
    fast = paths["compiled"]
    if fast is not None:
        fast.games, fast.actions, fast.play_seconds = random_play_compiled(share, seed, rules)
    views = search_views(rules)
    for view in views:
        for path in (python, fast):
            if path is not None:
                iterations, took = search_speed(view, share / len(views), path is fast, rules)
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
