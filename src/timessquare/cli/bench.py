"""Engine throughput: complete random games on one core (list legal actions, pick one uniformly, apply)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

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
