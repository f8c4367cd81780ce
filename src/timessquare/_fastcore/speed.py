"""Speed of both paths, measured in one run: random play (actions per second) and the expert's search
(iterations per second on a fixed set of positions). `timessquare bench` reports them side by side.

The search positions are reached by seeded games of the heuristic player, so they are the same on every
machine and in every run: a position early in the game, two in the middle and one after the reshuffle.
The search is the expert's (ismcts with the level's depth, width, pool and playouts) on one core.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ..chance import resolve_chance
from ..game import Game
from ..state import new_game
from ..variants import DEFAULT_RULES, Rules
from ..view import PlayerView
from . import available, to_core

PATHS = ("python", "compiled")
SEARCH_POSITION_TURNS = (2, 8, 16, 24)  # turns of heuristic play before each search position (seed 1)


@dataclass
class PathSpeed:
    """What one path did: random play and search, each with the time it took."""

    actions: int
    games: int
    play_seconds: float
    iterations: int
    search_seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.play_seconds if self.play_seconds > 0 else 0.0

    @property
    def search_iterations_per_second(self) -> float:
        return self.iterations / self.search_seconds if self.search_seconds > 0 else 0.0


def random_play_python(seconds: float, seed: int, rules: Rules) -> tuple[int, int, float]:
    """Complete random games on the reference engine: (games, actions, seconds)."""
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
    return games, actions, clock() - start


def random_play_compiled(seconds: float, seed: int, rules: Rules) -> tuple[int, int, float]:
    """The same on the compiled core: 64 seeded deals played in turn, choices and reshuffles drawn in C."""
    from . import compiled_module

    module = compiled_module()
    assert module is not None
    rng = random.Random(seed)
    deals = [to_core(new_game(rng=random.Random(rng.getrandbits(64)), rules=rules)) for _ in range(64)]
    elapsed, games, actions = module.random_play(deals, seconds, rng.getrandbits(64))
    return games, actions, elapsed


def search_views(rules: Rules = DEFAULT_RULES, seed: int = 1) -> list[PlayerView]:
    """The fixed search positions: the view of the seat to move after some turns of heuristic play."""
    from ..players.heuristic import HeuristicPlayer

    views = []
    for turns in SEARCH_POSITION_TURNS:
        game = Game.new(seed, rules)
        player = HeuristicPlayer(rules)
        rng = random.Random(seed)
        done = 0
        while done < turns and not game.is_over:
            seat = game.state.to_move
            mover_before = seat
            game.apply(player.choose(game.view(seat), game.state.legal_ids(), rng))
            done += game.state.to_move != mover_before
        if not game.is_over:
            views.append(game.view(game.state.to_move))
    return views


def search_speed(path: str, seconds: float, rules: Rules = DEFAULT_RULES, seed: int = 1) -> tuple[int, float]:
    """The expert's search on one core on each fixed position for its share of `seconds`, on `path`:
    (iterations, seconds searched)."""
    from ..players.ismcts import ismcts_search
    from ..players.levels import EXPERT_CONFIG

    views = search_views(rules, seed)
    config = replace(EXPERT_CONFIG, workers=1, seconds=seconds / len(views), iterations=0, compiled=path == "compiled")
    iterations = 0
    clock = time.perf_counter
    start = clock()
    for i, view in enumerate(views):
        iterations += ismcts_search(view, rules, config, seed + i).iterations
    return iterations, clock() - start


def measure(seconds: float = 10.0, seed: int = 0, rules: Rules = DEFAULT_RULES) -> dict[str, PathSpeed | None]:
    """Both paths, each given a quarter of `seconds` for random play and a quarter for search. The compiled
    path is None where it is not built."""
    paths = PATHS if available() else PATHS[:1]
    share = seconds / 4
    out: dict[str, PathSpeed | None] = {"python": None, "compiled": None}
    for path in paths:
        play = random_play_python if path == "python" else random_play_compiled
        games, actions, play_seconds = play(share, seed, rules)
        iterations, search_seconds = search_speed(path, share, rules)
        out[path] = PathSpeed(actions, games, play_seconds, iterations, search_seconds)
    return out

