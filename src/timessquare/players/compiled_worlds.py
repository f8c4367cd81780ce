"""The search's worlds as compiled `Core` states (`_fastcore`), for `ismcts.CompiledTurnSearch`.

The same samples from the same generator as `ismcts.WorldPool` and `ismcts.FreshWorlds`, and the same
chance events: the reshuffle's outcome is asked of the world's random generator exactly as
`chance.resolve_chance` asks it. So with the same seed and an iteration budget both paths return the same
root statistics, which tests/test_fastcore_search.py checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .. import _fastcore as fastcore
from ..state import State
from .sampling import WorldSampler

Chance = Callable[[list[int]], Sequence[int]]


def chance_from(rng: random.Random) -> Chance:
    """The reshuffle's outcome drawn from `rng` as `chance.sample_chance` draws it (the pile shuffled)."""

    def outcome(pile: list[int]) -> list[int]:
        rng.shuffle(pile)
        return pile

    return outcome


class SeededChance:
    """`chance_from(random.Random(seed))`, made only when a reshuffle is met (most iterations meet none)."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, pile: list[int]) -> list[int]:
        random.Random(self.seed).shuffle(pile)
        return pile


class CompiledPool:
    """`ismcts.WorldPool` with the worlds kept as Core states: the same samples from the same generator."""

    def __init__(self, sampler: WorldSampler, size: int, worlds: list[tuple[State, int]] | None = None) -> None:
        self.sampler = sampler
        self.size = size
        self.worlds: list[tuple[fastcore.Core, int]] = [(fastcore.to_core(world), seed) for world, seed in worlds or []]
        self.next = 0

    def __call__(self, rng: random.Random) -> tuple[fastcore.Core, Chance]:
        if len(self.worlds) < self.size:
            world, seed = self.sampler.sample_with_chance(rng)
            self.worlds.append((fastcore.to_core(world), seed))
        core, seed = self.worlds[self.next % len(self.worlds)]
        self.next += 1
        return core, SeededChance(seed)  # Core.played copies: the pooled world is never changed


class CompiledFreshWorlds:
    """`ismcts.FreshWorlds` as Core states."""

    def __init__(self, sampler: WorldSampler) -> None:
        self.sampler = sampler

    def __call__(self, rng: random.Random) -> tuple[fastcore.Core, Chance]:
        world, seed = self.sampler.sample_with_chance(rng)
        return fastcore.to_core(world), SeededChance(seed)
