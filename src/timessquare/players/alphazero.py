"""`alphazero`: PUCT search over sampled worlds with a learned prior and value (an AlphaZero-style baseline).

AlphaZero's search needs the whole state; this game hides the opponent's hand and the supply order. So the
search is information-set MCTS with AlphaZero's selection and leaf values: each simulation draws a world
consistent with the player's view (sampling.py, as the `ismcts` search does), walks one tree of action ids
(the root is the player's information set; an edge is an action id, whatever the world) choosing at each
node, among the actions legal in that world, the one with the best Q + c * P * sqrt(N) / (1 + n), where P
is the network's prior (alphazero_net.py) renormalised over those actions. A node where only one action is
legal is walked through. At the first node reached with a choice the network's value of the position for
the seat to move is backed up (each edge counts it from the view of the seat that chose it); a game's end
backs up its result. Every network input is the observation of the seat to move in that world: its own
hand, the public facts, never the other hand or the supply order (in the sampled world, the opponent's
"own hand" is the sampled one, as it must be for a model of the opponent).

The move played is the most visited root action (self-play: drawn in proportion to the visits for the first
moves, with Dirichlet noise on the root's prior, scripts/train_alphazero.py). Parameters:
`simulations=N` (a decision's budget, default 32, as in training), `seconds=S` (a time budget instead;
with both, the first reached), `c=C` (the exploration constant, default 1.5), `net=PATH` (a net written
by the training script in place of the shipped one). A decision with one legal action is answered without search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _fastcore as fastcore
from ..cards import NUM_CARD_TYPES
from ..chance import resolve_chance
from ..errors import TimesSquareError
from ..variants import Rules
from ..view import PlayerView
from .alphazero_net import PolicyValueNet, Sparse, load_net, observe, shipped_net, softmax
from .base import BasePlayer
from .ismcts import SEARCH_SHARE
from .params import read_params
from .sampling import WorldSampler, second_supply_composition

DEFAULT_SIMULATIONS = 32  # as in self-play (scripts/train_alphazero.py --simulations)
DEFAULT_C = 1.5


@dataclass(frozen=True)
class AZConfig:
    simulations: int = DEFAULT_SIMULATIONS
    seconds: float = 0.0
    c: float = DEFAULT_C
    # self-play only: Dirichlet noise on the root's prior (alpha, weight) and the moves drawn from the visits
    noise_alpha: float = 0.0
    noise_weight: float = 0.0
    sample_moves: int = 0


class Node:
    """A point of the player's tree: the hidden layer of the first world's observation there (None until the
    network has been asked), the logits met so far, and the edges: action id -> [visits, total value, child]."""

    __slots__ = ("edges", "h", "logits")

    def __init__(self) -> None:
        self.h: Any = None
        self.logits: dict[int, float] = {}
        self.edges: dict[int, list[Any]] = {}


class World:
    """One sampled world the search walks: a compiled `Core` where the core is built, else a `State`."""

    __slots__ = ("chance_rng", "compiled", "made_of", "state")

    def __init__(self, state: Any, compiled: bool, made_of: list[int] | None, chance_seed: int) -> None:
        self.state = state
        self.compiled = compiled
        self.made_of = made_of
        self.chance_rng = random.Random(chance_seed)

    def fields(self) -> tuple[Any, ...]:
        """(pos, hands, supply size, supply number, discard, to_move, turn key, turn cards, result)."""
        if self.compiled:
            pos, hands, supply, number, discard, to_move, tk, cards, result, *_ = self.state.snapshot()
            return pos, hands, len(supply), number, discard, to_move, tk, cards, result
        s = self.state
        return s.pos, s.hands, len(s.supply), s.supply_number, s.discard, s.to_move, s.turn_key, s.turn_cards, s.result

    def settle_chance(self) -> None:
        """Resolve a due reshuffle (R6.2) from the world's own generator, keeping what the pile was made of."""
        due = self.state.chance if self.compiled else self.state.chance_due is not None
        if not due:
            return
        pile = self.state.snapshot()[4] if self.compiled else self.state.discard
        counts = [0] * NUM_CARD_TYPES
        for card in pile:
            counts[card] += 1
        self.made_of = counts
        if self.compiled:
            self.state.resolve_chance(self.chance_rng.getrandbits(64))
        else:
            resolve_chance(self.state, self.chance_rng)


def observation_of(world: World) -> Sparse:
    """The network's input: the seat to move's observation in this world."""
    pos, hands, supply, number, discard, to_move, tk, cards, _ = world.fields()
    mover = to_move
    return observe(
        pos, hands[mover], sum(hands[1 - mover]), supply, number, discard, world.made_of, mover, tk, cards, mover
    )


class Search:
    """One decision's search from a view: `run(...)` returns the root's visit count of each legal action."""

    def __init__(self, net: PolicyValueNet, view: PlayerView, rules: Rules, config: AZConfig) -> None:
        self.net = net
        self.config = config
        self.sampler = WorldSampler(view, rules)
        self.compiled = fastcore.available()
        self.made_of = second_supply_composition(view.moves) if view.supply_number == 2 else None
        self.root = Node()
        self.root_obs: Sparse = []

    def world(self, rng: random.Random) -> World:
        state, seed = self.sampler.sample_with_chance(rng)
        core: Any = fastcore.to_core(state) if self.compiled else state
        return World(core, self.compiled, self.made_of, seed)

    def run(self, legal: Sequence[int], rng: random.Random, deadline: float | None = None) -> dict[int, int]:
        root = self.root
        first = self.world(rng)
        self.root_obs = observation_of(first)  # the view's own observation: the same in every world
        root.h = self.net.hidden(self.root_obs)
        prior = softmax(self.net.logits(root.h, legal))
        if self.config.noise_weight > 0:
            noise = [rng.gammavariate(self.config.noise_alpha, 1.0) for _ in legal]
            total = sum(noise) or 1.0
            w = self.config.noise_weight
            prior = [(1 - w) * p + w * n / total for p, n in zip(prior, noise, strict=True)]
        # the root's prior fixed once (with its noise): stored as logits so that selection reads it alike
        root.logits = {a: math.log(max(p, 1e-12)) for a, p in zip(legal, prior, strict=True)}
        for a in legal:
            root.edges[a] = [0, 0.0, None]
        for k in range(max(1, self.config.simulations)):
            self.simulate(first if k == 0 else self.world(rng))
            if deadline is not None and time.monotonic() >= deadline:
                break
        return {a: root.edges[a][0] for a in legal}

    def simulate(self, world: World) -> None:
        path: list[tuple[list[Any], int]] = []  # (edge, the seat that chose it)
        node = self.root
        value, value_seat = 0.0, 0
        while True:
            world.settle_chance()
            state = world.state
            result = state.result
            if result is not None:
                value_seat = 0
                value = 0.0 if result == 2 else (1.0 if result == 0 else -1.0)
                break
            mover = state.to_move
            legal = state.legal_ids()
            if len(legal) == 1:
                action = legal[0]
            else:
                if node.h is None:  # a new node with a choice: the network's value ends the walk
                    node.h = self.net.hidden(observation_of(world))
                    value, value_seat = self.net.value(node.h), mover
                    break
                action = self.select(node, legal)
            edge = node.edges.get(action)
            if edge is None:
                edge = node.edges[action] = [0, 0.0, Node()]
            elif edge[2] is None:
                edge[2] = Node()
            path.append((edge, mover))
            state.apply(action)
            node = edge[2]
        for edge, seat in path:
            edge[0] += 1
            edge[1] += value if seat == value_seat else -value

    def select(self, node: Node, legal: Sequence[int]) -> int:
        missing = [a for a in legal if a not in node.logits]
        if missing:
            node.logits.update(zip(missing, self.net.logits(node.h, missing), strict=True))
        prior = softmax([node.logits[a] for a in legal])
        edges = node.edges
        visits = [edges[a][0] if a in edges else 0 for a in legal]
        total = sum(visits)
        scale = self.config.c * math.sqrt(total + 1)
        best, best_score = legal[0], -math.inf
        for a, p, n in zip(legal, prior, visits, strict=True):
            q = edges[a][1] / n if n else 0.0
            score = q + scale * p / (1 + n)
            if score > best_score:
                best, best_score = a, score
        return best


Trace = list[tuple[Sparse, list[int], list[float], int]]  # (observation, legal, visit shares, seat)


class AlphaZeroPlayer(BasePlayer):
    def __init__(self, rules: Rules, net: PolicyValueNet | None = None, config: AZConfig | None = None) -> None:
        self.rules = rules
        self.net = net if net is not None else shipped_net()
        self.config = config or AZConfig()
        self.name = "alphazero"
        self.trace: Trace | None = None  # self-play: each searched decision's observation and visit shares
        self.decisions = 0
        self.until = 0.0  # the player protocol's limit for this decision (time.monotonic()), 0: none

    def limit_time(self, seconds: float, since: float) -> None:
        """The host gives this decision `seconds` from `since`: the search stops at SEARCH_SHARE of them
        (as the other searching players do, ismcts.py), whatever its own budget."""
        self.until = since + seconds * SEARCH_SHARE if seconds > 0 else 0.0

    def start_game(self, seat: int) -> None:
        self.decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        limits = [time.monotonic() + self.config.seconds] if self.config.seconds > 0 else []
        limits += [self.until] if self.until > 0 else []
        deadline = min(limits) if limits else None
        search = Search(self.net, view, self.rules, self.config)
        visits = search.run(legal, rng, deadline)
        counts = [visits[a] for a in legal]
        total = sum(counts)
        if self.trace is not None:
            assert view.seat is not None
            self.trace.append((search.root_obs, list(legal), [n / total for n in counts], view.seat))
        self.decisions += 1
        if self.decisions <= self.config.sample_moves:
            return rng.choices(list(legal), weights=counts)[0]
        return legal[max(range(len(legal)), key=counts.__getitem__)]  # the first of equals


def make(rules: Rules, params: dict[str, str]) -> AlphaZeroPlayer:
    params = dict(params)
    path = params.pop("net", None)
    defaults = {"simulations": DEFAULT_SIMULATIONS, "seconds": 0, "c": DEFAULT_C}
    values = read_params("alphazero", params, defaults)
    if "simulations" in params and values["simulations"] < 1:
        raise TimesSquareError("alphazero: simulations is a decision's budget, at least 1")
    if "seconds" in params and values["seconds"] <= 0:
        raise TimesSquareError(f"alphazero: seconds is a decision's time, more than 0 (got {params['seconds']})")
    simulations = int(values["simulations"])
    if "seconds" in params and "simulations" not in params:
        simulations = 1_000_000  # the time decides
    net = load_net(path) if path else None
    config = AZConfig(simulations=simulations, seconds=values["seconds"], c=values["c"])
    return AlphaZeroPlayer(rules, net, config)
