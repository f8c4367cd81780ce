"""`ismcts`: information-set Monte Carlo tree search over complete turns (single observer, as in
OpenSpiel's `algorithms/ismcts.py`).

Every iteration starts from a *world* sampled from the searcher's view (sampling.py), so the opponent's
hand and the supply order are guessed afresh each time and never read from the real game (R10). The tree
is keyed by what the searcher sees: the sequence of complete turns from the root. Its edges are complete
turns (turns.py), not single actions, because a turn is several actions by one player with nothing
hidden in between. At a node, only the turns available in the sampled world compete (availability
counts); each child starts with the mover's one-ply evaluation as one virtual visit, and selection is UCB.
Below `depth` turns (and at a node's first visit) a playout of `playout` turns of the heuristic player,
each side with its own hand of the sampled world, leads to a position scored by the evaluation
(evaluation.py): in short matches, two playout turns made the search much stronger than evaluating at once.

Budget: `iterations=N` (in all), or `seconds=S` per turn (wall clock; default 1). A turn's search happens
at its first decision; the chosen turn's remaining actions are then played without searching again.
With `workers=2` (the default) two processes search from independent samples and their root statistics
are merged (root parallelisation); `workers=1` searches in-process. With an iteration budget a seeded
search is reproducible.

Parameters: seconds, iterations, workers, depth (turns in the tree, default 2), width (own turns searched
at the root, the best by the one-ply evaluation, default 24), top (opponent turns considered per world,
default 4), explore (UCB constant, default 0.3), playout (heuristic turns after a leaf, default 2), cap
(turns enumerated per node), compiled (1, the default: iterations run on the compiled core when it is
built, about 40 times faster with the same results; 0: on the pure-Python reference), learned (0, the
default: the linear evaluation; 1: the learned evaluation of learned_net.py for the tree's candidates, the
playouts and the leaves; 2: for the leaves' values only; 3: for the leaves and for the root, where it
chooses the `width` turns searched and gives each its first value; 4: as 3, and for the candidate replies
in the tree, the playouts' turns staying linear; on the compiled core; with 1 and 2 the root's filter stays
linear).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from multiprocessing.pool import Pool
from typing import TypeAlias

from .. import _fastcore as fastcore
from ..actions import END_ID
from ..chance import resolve_chance
from ..errors import TimesSquareError
from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .compiled_worlds import Chance, CompiledFreshWorlds, CompiledPool, chance_from
from .evaluation import discard_order, evaluate, result_value
from .heuristic import Plan, TurnPlayer, best_turn
from .learned_net import install, shipped_net
from .opponent_model import ModelConfig, OpponentModel, weighted_worlds
from .params import read_params
from .sampling import WorldSampler
from .turns import Turn, complete_turns

WorldSource = Callable[[random.Random], tuple[State, random.Random]]  # a world and its chance events
# Worlds as Core states with a chance callable (compiled_worlds.py), or as the reference gives them (a string:
# the type `Core` exists only for the type checker)
AnyWorldSource: TypeAlias = "Callable[[random.Random], tuple[State | fastcore.Core, random.Random | Chance]]"


@dataclass(frozen=True)
class SearchConfig:
    """How long and how a search runs. `iterations` 0 means no iteration limit, `seconds` 0 no time limit."""

    iterations: int = 0
    seconds: float = 1.0
    workers: int = 2
    depth: int = 2
    top: int = 4
    explore: float = 0.3
    playout: int = 2
    cap: int = 400
    root_cap: int = 1500
    playout_cap: int = 200
    width: int = 24  # root turns searched: the best by their one-ply evaluation (immediate wins always)
    worlds: int = 8  # PIMC only: how many worlds are sampled and searched
    pool: int = 32  # ISMCTS: worlds sampled once and played in turn (0: a fresh world every iteration)
    parts: int = 1  # how many root-parallel searches share this budget (set by `split`)
    compiled: bool = True  # iterations on the compiled core when it is built (_fastcore: the same results)
    model: bool = False  # ISMCTS: the pool's worlds weighed by the opponent model (opponent_model.py)
    model_turns: int = 3  # the opponent's past turns the model reads
    beta: float = 40.0  # how sharply the model expects the opponent to prefer better turns (fitted: 40)
    candidates: int = 8  # worlds sampled for each pool world the model keeps
    symmetric: bool = False  # leaves valued from both sides: (mine + 1 - the opponent's with its world hand) / 2
    learned: int = 0  # the learned evaluation (learned_net.py), compiled: 1 everywhere, 2 leaves, 3 root and leaves
    until: float = 0.0  # a time.monotonic() by which every search stops, whatever its budget (0: none)

    def split(self, parts: int) -> SearchConfig:
        """The share of one of `parts` root-parallel searches: iterations are divided, time is not."""
        if parts <= 1:
            return self
        iterations = -(-self.iterations // parts) if self.iterations else 0
        return replace(self, iterations=iterations, workers=1, parts=parts)


LEARNED_ROOT = 3  # `learned=3`: the learned evaluation at the root (filter and first values) and the leaves
LEARNED_TREE = 4  # `learned=4`: as 3, and for the tree's candidate turns (the playouts' turns stay linear)
SEARCH_SHARE = 0.7  # of the time a host gives a decision (limit_time), the part the search may use

SEARCH_DEFAULTS: dict[str, float] = {
    "iterations": 0,
    "seconds": 1.0,
    "workers": 2,
    "depth": 2,
    "top": 4,
    "explore": 0.3,
    "playout": 2,
    "cap": 400,
    "width": 24,
    "pool": 32,
    "compiled": 1,
    "model": 0,
    "model_turns": 3,
    "beta": 40.0,
    "candidates": 8,
    "symmetric": 0,
    "learned": 0,
}


def config_from_params(player: str, params: Mapping[str, str], defaults: Mapping[str, float]) -> SearchConfig:
    values = read_params(player, params, defaults)
    seconds = values["seconds"] if "seconds" in params or "iterations" not in params else 0.0
    config = SearchConfig(
        iterations=int(values["iterations"]),
        seconds=seconds,
        workers=max(1, int(values["workers"])),
        depth=max(1, int(values["depth"])),
        top=max(1, int(values["top"])),
        explore=values["explore"],
        playout=int(values["playout"]),
        cap=max(1, int(values["cap"])),
        worlds=max(1, int(values.get("worlds", 8))),
        width=max(1, int(values["width"])),
        pool=int(values.get("pool", 0)),
        compiled=bool(values.get("compiled", 1)),
        model=bool(values.get("model", 0)),
        model_turns=max(1, int(values.get("model_turns", 3))),
        beta=values.get("beta", 40.0),
        candidates=max(1, int(values.get("candidates", 8))),
        symmetric=bool(values.get("symmetric", 0)),
        learned=learned_mode(player, values.get("learned", 0)),
    )
    if config.iterations <= 0 and config.seconds <= 0:
        raise TimesSquareError(f"{player}: give a budget, iterations=N or seconds=S")
    return config


def learned_mode(player: str, value: float) -> int:
    """The parameter `learned` (0 to 4), checked."""
    if value not in (0, 1, 2, LEARNED_ROOT, LEARNED_TREE):
        raise TimesSquareError(
            f"{player}: learned is 0 (the linear evaluation), 1 (the learned one), 2 (at leaves), "
            "3 (root and leaves) or 4 (root, tree and leaves)"
        )
    return int(value)


class Node:
    """Statistics of one complete turn in the tree, from the point of view of the player who made it."""

    __slots__ = ("avail", "children", "mover", "start", "value_sum", "visits")

    def __init__(self, mover: int, start: float) -> None:
        self.mover = mover
        self.start = start  # the mover's one-ply evaluation of the turn: one virtual visit
        self.visits = 0
        self.value_sum = 0.0
        self.avail = 0
        self.children: dict[tuple[int, ...], Node] = {}

    def mean(self) -> float:
        return (self.value_sum + self.start) / (self.visits + 1)


@dataclass
class RootStats:
    """What a search found at the root: for each root turn (its actions) the visits and summed value from the
    searcher's side. Plain numbers, so that worker processes send back little."""

    turns: list[tuple[int, ...]]
    visits: list[int]
    value_sums: list[float]
    iterations: int
    priors: list[float]  # the one-ply evaluation of each root turn

    def merge(self, other: RootStats) -> None:
        index = {actions: i for i, actions in enumerate(self.turns)}
        for actions, n, w in zip(other.turns, other.visits, other.value_sums, strict=True):
            i = index[actions]
            self.visits[i] += n
            self.value_sums[i] += w
        self.iterations += other.iterations

    def best(self) -> int:
        """The most visited root turn (ties: the better value, then the first)."""
        return max(range(len(self.turns)), key=lambda i: (self.visits[i], self.win_probability(i), -i))

    def win_probability(self, i: int) -> float:
        """The searcher's estimated chance after root turn `i`: its mean value, or its prior if unvisited."""
        return self.value_sums[i] / self.visits[i] if self.visits[i] else self.priors[i]


def root_turns(root: State, seat: int, config: SearchConfig) -> tuple[list[Turn], list[float]]:
    """The root turns worth searching, with their one-ply evaluations: the best `config.width` (immediate
    wins first). The one-ply evaluation is a good filter: in test positions the search's choice was among
    its first five almost always, and the budget goes further on fewer turns. With `learned=3` the
    evaluation is the learned one (the `learned` player's ranking of its own turns)."""
    turns = complete_turns(root, config.root_cap, discard_order(root, seat))
    if config.learned in (LEARNED_ROOT, LEARNED_TREE) and config.compiled and fastcore.available():
        priors = learned_values(root, seat, turns, config.root_cap)
    else:
        priors = [evaluate(t.state, seat) for t in turns]
    best = sorted(range(len(turns)), key=lambda i: -priors[i])[: config.width]
    return [turns[i] for i in best], [priors[i] for i in best]


def learned_values(root: State, seat: int, turns: Sequence[Turn], cap: int) -> list[float]:
    """The learned evaluation of each of `turns` from `root` for `seat`, computed in C (the turns C lists
    from the same root are the same; one it does not list is valued in Python)."""
    install(shipped_net())
    with fastcore.evaluation_mode(fastcore.EVAL_NET):
        by_actions = {actions: value for actions, value, _ in fastcore.to_core(root).scored_turns(seat, cap)}
    net = shipped_net()
    return [by_actions[t.actions] if t.actions in by_actions else net.value(t.state, seat) for t in turns]


class TurnSearch:
    """One tree search from a root whose worlds come from `worlds` (a fresh sample each time for ISMCTS, a
    fixed world for PIMC). The root's turns are `roots` (from `root_turns`: the view's public facts and own
    hand), the same in every world."""

    def __init__(
        self, seat: int, config: SearchConfig, worlds: WorldSource, roots: tuple[list[Turn], list[float]]
    ) -> None:
        self.seat = seat
        self.config = config
        self.worlds = worlds
        self.root_turns = roots[0]
        self.root_nodes = [Node(seat, prior) for prior in roots[1]]
        self.root_visits = 0
        self.chance = random.Random(0)  # the chance events (the reshuffle) of the current iteration's world

    def run(self, rng: random.Random, deadline: float | None = None) -> RootStats:
        iterations = 0
        limit = self.config.iterations
        clock = time.perf_counter
        while (not limit or iterations < limit) and (deadline is None or clock() < deadline):
            self.iterate(rng)
            iterations += 1
        return RootStats(
            [t.actions for t in self.root_turns],
            [n.visits for n in self.root_nodes],
            [n.value_sum for n in self.root_nodes],
            iterations,
            [n.start for n in self.root_nodes],
        )

    def iterate(self, rng: random.Random) -> None:
        world, self.chance = self.worlds(rng)
        self.root_visits += 1
        i = _select(self.root_nodes, self.root_visits, self.config.explore)
        node = self.root_nodes[i]
        for aid in self.root_turns[i].actions:
            world.apply(aid)
        resolve_chance(world, self.chance)
        value = self._descend(world, node, 1, rng)
        node.visits += 1
        node.value_sum += value

    def _descend(self, state: State, parent: Node, depth: int, rng: random.Random) -> float:
        """The searcher's value of `state` (a turn's start), searching below `parent`; updates the tree."""
        seat = self.seat
        if state.result is not None:
            return result_value(state.result, seat)
        if depth >= self.config.depth:
            return self._leaf(state, rng)
        mover = state.to_move
        cands = self._candidates(state, mover)
        nodes = []
        for turn, value in cands:
            child = parent.children.get(turn.actions)
            if child is None:
                child = parent.children[turn.actions] = Node(mover, value)
            child.avail += 1
            nodes.append(child)
        k = _select_available(nodes, self.config.explore)
        child, turn = nodes[k], cands[k][0]
        nxt = turn.state.clone()
        if turn.ends_with_draw:
            nxt.apply(END_ID)
            resolve_chance(nxt, self.chance)
        # a new node gets its first value from a playout
        value = self._leaf(nxt, rng) if child.visits == 0 else self._descend(nxt, child, depth + 1, rng)
        child.visits += 1
        child.value_sum += value if mover == seat else 1.0 - value
        return value

    def _candidates(self, state: State, mover: int) -> list[tuple[Turn, float]]:
        """The mover's best `top` turns in this world by his own one-ply evaluation (best first)."""
        turns = complete_turns(state, self.config.cap, discard_order(state, mover))
        scored = sorted(((evaluate(t.state, mover), i) for i, t in enumerate(turns)), reverse=True)
        return [(turns[i], v) for v, i in scored[: self.config.top]]

    def _leaf(self, state: State, rng: random.Random) -> float:
        """The searcher's value of a turn's start: `playout` turns of the heuristic player (each side with
        its own hand of this world), then the evaluation."""
        turns = self.config.playout
        for i in range(turns):
            if state.result is not None:
                break
            turn = best_turn(state, state.to_move, self.config.playout_cap)[0]
            state = turn.state
            if turn.ends_with_draw and i < turns - 1:  # the last one is evaluated before its draw
                state = state.clone()
                state.apply(END_ID)
                resolve_chance(state, self.chance)
        if state.result is not None:
            return result_value(state.result, self.seat)
        if self.config.symmetric:  # the opponent's view of the same world, its sampled hand included
            return (evaluate(state, self.seat) + 1.0 - evaluate(state, 1 - self.seat)) / 2
        return evaluate(state, self.seat)


def _select(nodes: Sequence[Node], total: int, explore: float) -> int:
    """UCB over children that are always available (the root: the searcher's own hand is known)."""
    log_total = math.log(total + 1)
    best, best_score = 0, -1.0
    for i, node in enumerate(nodes):
        score = node.mean() + explore * math.sqrt(log_total / (node.visits + 1))
        if score > best_score:
            best, best_score = i, score
    return best


def _select_available(nodes: Sequence[Node], explore: float) -> int:
    """UCB with availability counts: a child is compared over the iterations in which it was available."""
    best, best_score = 0, -1.0
    for i, node in enumerate(nodes):
        score = node.mean() + explore * math.sqrt(math.log(node.avail + 1) / (node.visits + 1))
        if score > best_score:
            best, best_score = i, score
    return best


class CompiledTurnSearch(TurnSearch):
    """`TurnSearch` whose iterations run on the compiled core (_fastcore): the same tree, the same selection
    and root statistics; the worlds become `Core` states, and listing a node's turns, evaluating them,
    keeping the best `top`, and the heuristic playout run in C. `worlds` may give Core states with a chance
    callable (compiled_worlds.py) or, like the reference, States with a random generator."""

    def __init__(
        self, seat: int, config: SearchConfig, worlds: AnyWorldSource, roots: tuple[list[Turn], list[float]]
    ) -> None:
        super().__init__(seat, config, _no_worlds, roots)
        self.sources = worlds

    def iterate(self, rng: random.Random) -> None:
        world, given = self.sources(rng)
        core = fastcore.to_core(world) if isinstance(world, State) else world
        chance = chance_from(given) if isinstance(given, random.Random) else given
        self.root_visits += 1
        i = _select(self.root_nodes, self.root_visits, self.config.explore)
        node = self.root_nodes[i]
        state = core.played(self.root_turns[i].actions, chance)
        value = self._descend_compiled(state, node, 1, chance)
        node.visits += 1
        node.value_sum += value

    def _descend_compiled(self, state: fastcore.Core, parent: Node, depth: int, chance: Chance) -> float:
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


# ----------------------------------------------------------------------------- one search, in or out of process


def ismcts_search(view: PlayerView, rules: Rules, config: SearchConfig, seed: int) -> RootStats:
    """One single-observer ISMCTS from `view`: every iteration plays in a world sampled from the view (from
    a pool of `config.pool` worlds taken in turn, or a fresh one each time when the pool is 0)."""
    assert view.seat is not None
    if config.learned and config.compiled and fastcore.available():
        install(shipped_net())
        modes = {LEARNED_ROOT: fastcore.EVAL_NET_LEAVES, LEARNED_TREE: fastcore.EVAL_NET_TREE}
        with fastcore.evaluation_mode(modes.get(config.learned, config.learned)):  # the root's is root_turns
            return _ismcts_search(view, rules, config, seed)
    return _ismcts_search(view, rules, config, seed)


def _ismcts_search(view: PlayerView, rules: Rules, config: SearchConfig, seed: int) -> RootStats:
    assert view.seat is not None
    sampler = WorldSampler(view, rules)
    roots = root_turns(sampler.template, view.seat, config)
    pooled = model_worlds(view, rules, sampler, config, seed) if config.model and config.pool > 0 else None
    search = compiled_ismcts(sampler, view.seat, config, roots, pooled) if config.compiled else None
    if search is None:
        worlds = WorldPool(sampler, config.pool, pooled) if config.pool > 0 else FreshWorlds(sampler)
        search = TurnSearch(view.seat, config, worlds, roots)
    return search.run(random.Random(seed), search_deadline(config))


def search_deadline(config: SearchConfig, seconds: float | None = None) -> float | None:
    """When a search that starts now must stop, on `time.perf_counter()`'s clock: after `seconds` (by
    default the config's) when the config has a time budget, and by `config.until` in any case."""
    now = time.perf_counter()
    spend = config.seconds if seconds is None else seconds
    deadline = now + max(spend, 0.0) if config.seconds > 0 else None
    if config.until > 0:
        until = now + (config.until - time.monotonic())  # the same moment on this clock
        deadline = until if deadline is None else min(deadline, until)
    return deadline


def turn_search(
    seat: int, config: SearchConfig, worlds: WorldSource, roots: tuple[list[Turn], list[float]]
) -> TurnSearch:
    """A TurnSearch, whose iterations run on the compiled core when `config.compiled` and it is built."""
    if config.compiled and fastcore.available():
        return CompiledTurnSearch(seat, config, worlds, roots)
    return TurnSearch(seat, config, worlds, roots)


def compiled_ismcts(
    sampler: WorldSampler,
    seat: int,
    config: SearchConfig,
    roots: tuple[list[Turn], list[float]],
    pooled: list[tuple[State, int]] | None = None,
) -> TurnSearch | None:
    """The ISMCTS search on the compiled core with its worlds kept as compiled states, or None when the
    compiled core is not built (or turned off)."""
    if not fastcore.available():
        return None
    worlds = CompiledPool(sampler, config.pool, pooled) if config.pool > 0 else CompiledFreshWorlds(sampler)
    return CompiledTurnSearch(seat, config, worlds, roots)


MODEL_SEED_SALT = 0x0990_0E17  # the model's draws come from their own generator: the search's stay as they were


def model_worlds(
    view: PlayerView, rules: Rules, sampler: WorldSampler, config: SearchConfig, seed: int
) -> list[tuple[State, int]]:
    """The pool's worlds drawn in proportion to the opponent model's weights (opponent_model.py)."""
    model_config = ModelConfig(turns=config.model_turns, beta=config.beta, candidates=config.candidates)
    model = OpponentModel(view, rules, model_config, config.compiled)
    return weighted_worlds(sampler, model, config.pool, random.Random(seed ^ MODEL_SEED_SALT))


class WorldPool:
    """Worlds sampled once and then played in turn (common random numbers): the root turns are compared in
    much the same worlds, so the luck of the sample weighs less on their differences, and the opponent's
    nodes meet the same hands again. The tree is still keyed by the searcher's information only."""

    def __init__(self, sampler: WorldSampler, size: int, worlds: list[tuple[State, int]] | None = None) -> None:
        self.sampler = sampler
        self.size = size
        self.worlds: list[tuple[State, int]] = list(worlds or [])  # given: the opponent model's choice
        self.next = 0

    def __call__(self, rng: random.Random) -> tuple[State, random.Random]:
        if len(self.worlds) < self.size:
            self.worlds.append(self.sampler.sample_with_chance(rng))
        world, chance_seed = self.worlds[self.next % len(self.worlds)]
        self.next += 1
        return world.clone(), random.Random(chance_seed)  # the same world, the same reshuffle


class FreshWorlds:
    """A new world every iteration, with its own chance events."""

    def __init__(self, sampler: WorldSampler) -> None:
        self.sampler = sampler

    def __call__(self, rng: random.Random) -> tuple[State, random.Random]:
        world, chance_seed = self.sampler.sample_with_chance(rng)
        return world, random.Random(chance_seed)


SearchFunction = Callable[[PlayerView, Rules, SearchConfig, int], RootStats]


def _run_search(args: tuple[SearchFunction, PlayerView, Rules, SearchConfig, int]) -> RootStats:
    function, view, rules, config, seed = args
    return function(view, rules, config, seed)


class SearchPlayer(TurnPlayer):
    """A player that searches at the first decision of each turn and then plays the chosen turn out.

    `function` is the search of one worker; with `config.workers` > 1 that many processes run it from
    different seeds and the root statistics are merged.
    """

    def __init__(self, rules: Rules, config: SearchConfig, function: SearchFunction, name: str) -> None:
        self.rules = rules
        self.config = config
        self.function = function
        self.name = name
        self.plan = Plan([], [])
        self.pool: Pool | None = None
        self.last_stats: RootStats | None = None
        self.until = 0.0  # set by `limit_time`: the time.monotonic() by which this decision's search stops

    def choose_turn(self, template: State, view: PlayerView, rng: random.Random) -> Sequence[int]:
        stats = self.search(view, rng)
        return stats.turns[stats.best()]

    def limit_time(self, seconds: float, since: float) -> None:
        """The host gives this decision `seconds` from `since` (a time.monotonic()), as the player protocol
        does: the search stops at SEARCH_SHARE of them, whatever its own budget, leaving the rest for what
        follows it (merging the workers' statistics, the answer) on a busy machine."""
        self.until = since + seconds * SEARCH_SHARE if seconds > 0 else 0.0  # 0 or less: no limit

    def search(self, view: PlayerView, rng: random.Random) -> RootStats:
        """Root statistics for `view`; a turn that wins at once, or the only turn, is taken without search."""
        workers = self.config.workers
        seeds = [rng.getrandbits(64) for _ in range(workers)]
        assert view.seat is not None
        quick = obvious_turn(WorldSampler(view, self.rules).template, view.seat, self.config)
        if quick is not None:
            self.last_stats = quick
            return quick
        share = self.config.split(workers)
        if self.until > 0:
            share = replace(share, until=self.until)
        if workers == 1:
            stats = self.function(view, self.rules, share, seeds[0])
        else:
            if multiprocessing.current_process().daemon:
                # A daemonic process (a pool worker, as in a parallel arena) may not start processes: the
                # shares run one after the other, each with its part of the time, so the turn's time holds.
                one_by_one = replace(share, seconds=share.seconds / workers)
                results = [self.function(view, self.rules, one_by_one, seed) for seed in seeds]
            else:
                jobs = [(self.function, view, self.rules, share, seed) for seed in seeds]
                results = self._pool().map(_run_search, jobs)
            stats = results[0]
            for other in results[1:]:
                stats.merge(other)
        self.last_stats = stats
        return stats

    def _pool(self) -> Pool:
        if self.pool is None:
            methods = multiprocessing.get_all_start_methods()
            # fork starts in milliseconds and needs no importable __main__; elsewhere spawn is the only choice
            context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            self.pool = context.Pool(self.config.workers)
        return self.pool

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None


def obvious_turn(root: State, seat: int, config: SearchConfig) -> RootStats | None:
    """A turn that needs no search: one that wins at once, or the only complete turn there is; else None."""
    turns = complete_turns(root, config.root_cap, discard_order(root, seat))
    for turn in turns:
        if turn.state.result == seat:
            return RootStats([turn.actions], [1], [1.0], 0, [1.0])
    if len(turns) == 1:
        value = evaluate(turns[0].state, seat)
        return RootStats([turns[0].actions], [1], [value], 0, [value])
    return None


def make(rules: Rules, params: dict[str, str]) -> SearchPlayer:
    config = config_from_params("ismcts", params, SEARCH_DEFAULTS)
    return SearchPlayer(rules, config, ismcts_search, "ismcts")
