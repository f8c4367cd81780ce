"""`pimc`: perfect-information Monte Carlo, the classical baseline for ISMCTS.

It samples `worlds` complete states from the view (sampling.py) and searches each one as if its hidden
cards were known, with the same turn search, evaluation and budget parameters as `ismcts` (so the arena
compares them at equal thinking time), then lets the worlds vote: the root turn with the most visits over
all worlds is played. Inside one world the opponent's hand, the supply order and even the reshuffle are
fixed, so each search is clairvoyant; the known weakness of the method (strategy fusion) is what ISMCTS
avoids by sampling a new world at every iteration.

Budget: `iterations=N` (in all, shared by the worlds) or `seconds=S` per turn (shared likewise); with
`workers=2` (the default) the worlds are split between two processes.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .ismcts import (
    SEARCH_DEFAULTS,
    RootStats,
    SearchConfig,
    SearchPlayer,
    config_from_params,
    root_turns,
    search_deadline,
    turn_search,
)
from .sampling import WorldSampler

PIMC_DEFAULTS = {**{k: v for k, v in SEARCH_DEFAULTS.items() if k != "pool"}, "worlds": 8}


def pimc_search(view: PlayerView, rules: Rules, config: SearchConfig, seed: int) -> RootStats:
    """Search `config.worlds` sampled worlds one after the other, each with its share of the budget, and
    add up their root statistics (a worker of a root-parallel search gets its share of the worlds)."""
    assert view.seat is not None
    rng = random.Random(seed)
    sampler = WorldSampler(view, rules)
    worlds = -(-config.worlds // config.parts)  # this worker's share of the worlds
    roots = root_turns(sampler.template, view.seat, config)  # the same in every world: enumerated once
    total: RootStats | None = None
    start = time.perf_counter()
    for k in range(worlds):
        world, chance_seed = sampler.sample_with_chance(rng)

        def fixed(_: random.Random, world: State = world, seed: int = chance_seed) -> tuple[State, random.Random]:
            return world.clone(), random.Random(seed)  # the same reshuffle every time: nothing left hidden

        share = replace(config, iterations=-(-config.iterations // worlds))
        search = turn_search(view.seat, share, fixed, roots)  # on the compiled core when it is built
        deadline = search_deadline(config, start + config.seconds * (k + 1) / worlds - time.perf_counter())
        stats = search.run(random.Random(rng.getrandbits(64)), deadline)
        if total is None:
            total = stats
        else:
            total.merge(stats)
    assert total is not None
    return total


def make(rules: Rules, params: dict[str, str]) -> SearchPlayer:
    config = config_from_params("pimc", params, PIMC_DEFAULTS)
    return SearchPlayer(rules, config, pimc_search, "pimc")
