"""The turn search of `ismcts` and `pimc` on the compiled core: the same tree, the same choices.

`CompiledTurnSearch` inherits the tree, the selection rules and the root statistics of `TurnSearch`
(players/ismcts.py) and replaces only the work inside an iteration: the worlds become `Core` states and
listing a node's turns, evaluating them, keeping the best `top`, and the heuristic playout run in C. The
chance events are the reference's too: the reshuffle's outcome is asked of the iteration's random
generator exactly as `chance.resolve_chance` asks it. So with the same seed and an iteration budget both
paths return the same root statistics, which tests/test_fastcore_search.py checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..actions import END_ID
from ..players.evaluation import result_value
from ..players.ismcts import Node, SearchConfig, TurnSearch, _select, _select_available
from ..players.sampling import WorldSampler
from ..players.turns import Turn
from ..state import State
from . import to_core
from ._core import Core

Chance = Callable[[list[int]], Sequence[int]]
# Worlds as Core states with a chance callable, or as the reference gives them (ismcts.WorldSource)
AnyWorldSource = Callable[[random.Random], tuple[State | Core, random.Random | Chance]]


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
        self.worlds: list[tuple[Core, int]] = [(to_core(world), seed) for world, seed in worlds or []]
        self.next = 0

    def __call__(self, rng: random.Random) -> tuple[Core, Chance]:
        if len(self.worlds) < self.size:
            world, seed = self.sampler.sample_with_chance(rng)
            self.worlds.append((to_core(world), seed))
        core, seed = self.worlds[self.next % len(self.worlds)]
        self.next += 1
        return core, SeededChance(seed)  # Core.played copies: the pooled world is never changed


class CompiledFreshWorlds:
    """`ismcts.FreshWorlds` as Core states."""

    def __init__(self, sampler: WorldSampler) -> None:
        self.sampler = sampler

    def __call__(self, rng: random.Random) -> tuple[Core, Chance]:
        world, seed = self.sampler.sample_with_chance(rng)
        return to_core(world), SeededChance(seed)


class CompiledTurnSearch(TurnSearch):
    """`TurnSearch` whose iterations run on the compiled core. `worlds` may give Core states with a chance
    callable (CompiledPool, CompiledFreshWorlds) or, like the reference, States with a random generator."""

    def __init__(
        self, seat: int, config: SearchConfig, worlds: AnyWorldSource, roots: tuple[list[Turn], list[float]]
    ) -> None:
        super().__init__(seat, config, _no_worlds, roots)
        self.sources = worlds

    def iterate(self, rng: random.Random) -> None:
        world, given = self.sources(rng)
        core = to_core(world) if isinstance(world, State) else world
        chance = chance_from(given) if isinstance(given, random.Random) else given
        self.root_visits += 1
        i = _select(self.root_nodes, self.root_visits, self.config.explore)
        node = self.root_nodes[i]
        state = core.played(self.root_turns[i].actions, chance)
        value = self._descend_compiled(state, node, 1, chance)
        node.visits += 1
        node.value_sum += value

    def _descend_compiled(self, state: Core, parent: Node, depth: int, chance: Chance) -> float:
        """`TurnSearch._descend` on a Core state."""
        seat = self.seat
        config = self.config
        if state.result is not None:
            return result_value(state.result, seat)
        if depth >= config.depth:
            return state.playout(seat, config.playout, config.playout_cap, chance, config.symmetric)
        mover = state.to_move
        # the mover's best `top` turns, best first, equal values the later turn first (as `_candidates`)
        cands = state.top_turns(mover, config.cap, config.top, True)
        children = parent.children
        nodes = []
        for actions, value, _ in cands:
            child = children.get(actions)
            if child is None:
                child = children[actions] = Node(mover, value)
            child.avail += 1
            nodes.append(child)
        k = _select_available(nodes, config.explore)
        child = nodes[k]
        actions, _, nxt = cands[k]
        if actions[-1] == END_ID:
            nxt = nxt.finished_turn(chance)
        if child.visits == 0:  # a new node gets its first value from a playout
            value = nxt.playout(seat, config.playout, config.playout_cap, chance, config.symmetric)
        else:
            value = self._descend_compiled(nxt, child, depth + 1, chance)
        child.visits += 1
        child.value_sum += value if mover == seat else 1.0 - value
        return value


def _no_worlds(rng: random.Random) -> tuple[State, random.Random]:
    raise AssertionError("CompiledTurnSearch takes its worlds from `sources`")
