"""Speed measurements that need the compiled core or the search: `timessquare bench` (cli/bench.py) puts
them beside the reference engine's random play.

- `random_play_compiled`: complete random games in C, as `cli.bench.run` plays them in Python;
- `search_views` and `search_speed`: the expert's search on one core on a fixed set of positions, on
  either path. The positions are reached by seeded games of the heuristic player, so they are the same on
  every machine and in every run: one early, one in the middle, two after the reshuffle.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from ..game import Game
from ..state import new_game
from ..variants import DEFAULT_RULES, Rules
from ..view import PlayerView
from . import compiled_module, to_core

SEARCH_SEED = 1
SEARCH_POSITION_TURNS = (2, 8, 16, 24)  # turns of heuristic play before each search position


def random_play_compiled(seconds: float, seed: int, rules: Rules = DEFAULT_RULES) -> tuple[int, int, float]:
    """Complete random games on the compiled core for about `seconds`: 64 seeded deals played in turn,
    actions chosen uniformly and reshuffles drawn in C. Returns (games, actions, seconds)."""
    module = compiled_module()
    if module is None:
        raise RuntimeError("the compiled core is not available")
    rng = random.Random(seed)
    deals = [to_core(new_game(rng=random.Random(rng.getrandbits(64)), rules=rules)) for _ in range(64)]
    elapsed, games, actions = module.random_play(deals, seconds, rng.getrandbits(64))
    return games, actions, elapsed


def search_views(rules: Rules = DEFAULT_RULES) -> list[PlayerView]:
    """The fixed search positions: the view of the seat to move after some turns of heuristic play."""
    views = (view_after_turns(SEARCH_SEED, turns, rules) for turns in SEARCH_POSITION_TURNS)
    return [view for view in views if view is not None]


def view_after_turns(seed: int, turns: int, rules: Rules = DEFAULT_RULES) -> PlayerView | None:
    """The view of the seat to move after `turns` turns of heuristic self-play from deal `seed` (None when
    the game ended first): a reproducible position at a turn's start."""
    from ..players.heuristic import HeuristicPlayer

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
    from ..players.ismcts import ismcts_search
    from ..players.levels import EXPERT_CONFIG

    config = replace(EXPERT_CONFIG, workers=1, seconds=seconds, iterations=0, compiled=compiled)
    start = time.perf_counter()
    stats = ismcts_search(view, rules, config, SEARCH_SEED)
    return stats.iterations, time.perf_counter() - start
