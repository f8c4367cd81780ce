"""`textbook`: a plain single-observer ISMCTS of the usual textbook kind, as a yardstick for our search.

What an ordinary ambitious search player for this game would be (Cowling, Powley and Whitehouse 2012):
- the tree holds the searcher's own decisions, one node per single action, keyed by what the searcher has
  seen (its actions and the opponent's replies); selection is UCB1 with availability counts (a child is
  compared over the iterations in which its action was legal in the sampled world);
- every iteration samples a world uniformly from the view (sampling.py): a random determinisation;
- the opponent replies greedily in that world: the heuristic player's best complete turn with its own hand
  of the world (not searched in the tree);
- a new node's value comes from a uniformly random playout to the end of the game (win 1, draw 1/2), or
  with `greedy=1` from a playout in which both sides play the heuristic's best turns to the end.

Budget per turn (`seconds=S`, default 1, or `iterations=N`): the search runs at the first decision of a
turn; the later decisions of the same turn follow the tree's most visited path while it has been visited
at least 20 times, and search again with a quarter of the budget where it has not. It runs on the compiled
core when that is built (the same game, faster), else on the reference engine.

Parameters: seconds, iterations, explore (UCB constant, default 0.7), cap (turns listed for the greedy reply),
greedy (0: random playouts, the default; 1: greedy playouts).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Protocol

from .. import _fastcore as fastcore
from ..actions import END_ID
from ..chance import resolve_chance
from ..errors import TimesSquareError
from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .base import BasePlayer
from .evaluation import result_value
from .heuristic import best_turn
from .ismcts import SEARCH_SHARE
from .params import read_params
from .sampling import WorldSampler

DEFAULTS = {"seconds": 1.0, "iterations": 0, "explore": 0.7, "cap": 400, "greedy": 0}
FOLLOW_VISITS = 20  # a planned action is followed without a new search when its node saw this many visits


class Game(Protocol):
    """The few verbs the search needs, from a reference State or a compiled Core (see `Engine`)."""

    @property
    def result(self) -> int | None: ...
    @property
    def to_move(self) -> int: ...
    def legal_ids(self) -> tuple[int, ...]: ...


class Node:
    """One of the searcher's information sets: its children by action (own) or by the opponent's turn."""

    __slots__ = ("avail", "children", "replies", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.children: dict[int, Node] = {}
        self.replies: dict[tuple[int, ...], Node] = {}


class Engine:
    """Applies actions, greedy replies and random playouts on the reference engine or the compiled core."""

    def __init__(self, rules: Rules, cap: int, greedy: bool = False) -> None:
        self.compiled = fastcore.available()
        self.cap = cap
        self.rules = rules
        self.greedy = greedy

    def world(self, sampler: WorldSampler, rng: random.Random) -> State | fastcore.Core:
        world = sampler.sample(rng)
        return fastcore.to_core(world) if self.compiled else world

    def apply(self, state: State | fastcore.Core, aid: int, rng: random.Random) -> State | fastcore.Core:
        state.apply(aid)
        return self._chance(state, rng)

    def _chance(self, state: State | fastcore.Core, rng: random.Random) -> State | fastcore.Core:
        if isinstance(state, State):
            resolve_chance(state, rng)
        elif state.chance:
            state.resolve_chance(rng.getrandbits(64))
        return state

    def reply(self, state: State | fastcore.Core, rng: random.Random) -> tuple[tuple[int, ...], State | fastcore.Core]:
        """The opponent's greedy turn in this world: its actions and the state after it (and its draw)."""
        mover = state.to_move
        if isinstance(state, State):
            turn = best_turn(state, mover, self.cap)[0]
            after = turn.state.clone()
            if turn.ends_with_draw:
                after.apply(END_ID)
            return turn.actions, self._chance(after, rng)
        actions, _, core = state.best_turn(mover, self.cap)
        if actions[-1] == END_ID:
            core.apply(END_ID)
        return actions, self._chance(core, rng)

    def playout(self, state: State | fastcore.Core, seat: int, rng: random.Random) -> float:
        """A playout to the end (uniformly random, or greedy): 1 for a win of `seat`, 0 for a loss, 1/2 for a
        draw."""
        if state.result is not None:
            return result_value(state.result, seat)
        if self.greedy:
            while state.result is None:
                state = self.reply(state, rng)[1]
            return result_value(state.result, seat)
        if isinstance(state, State):
            while state.result is None:
                ids = state.legal_ids()
                if ids:
                    state.apply(ids[rng.randrange(len(ids))])
                else:
                    resolve_chance(state, rng)
            return result_value(state.result, seat)
        return result_value(state.rollout(rng.getrandbits(64)), seat)


class TextbookSearch:
    """The tree of one decision's search."""

    def __init__(self, view: PlayerView, rules: Rules, engine: Engine, explore: float) -> None:
        assert view.seat is not None
        self.seat = view.seat
        self.sampler = WorldSampler(view, rules)
        self.engine = engine
        self.explore = explore
        self.root = Node()

    def run(self, rng: random.Random, iterations: int, deadline: float | None) -> int:
        done = 0
        clock = time.perf_counter
        while (not iterations or done < iterations) and (deadline is None or clock() < deadline):
            self.iterate(rng)
            done += 1
        return done

    def iterate(self, rng: random.Random) -> None:
        engine, seat = self.engine, self.seat
        state = engine.world(self.sampler, rng)
        node = self.root
        path = [node]
        while state.result is None:
            if state.to_move != seat:
                actions, state = engine.reply(state, rng)
                node = node.replies.setdefault(actions, Node())
                path.append(node)
                continue
            legal = state.legal_ids()
            untried = [aid for aid in legal if aid not in node.children]
            for aid in legal:
                child = node.children.get(aid)
                if child is not None:
                    child.avail += 1
            if untried:  # expand one new action, then play out
                aid = untried[rng.randrange(len(untried))]
                child = node.children[aid] = Node()
                child.avail = 1
                path.append(child)
                state = engine.apply(state, aid, rng)
                break
            aid = self._select(node, legal)
            node = node.children[aid]
            path.append(node)
            state = engine.apply(state, aid, rng)
        value = engine.playout(state, seat, rng)
        for visited in path:
            visited.visits += 1
            visited.value += value

    def _select(self, node: Node, legal: Sequence[int]) -> int:
        best, best_score = legal[0], -1.0
        for aid in legal:
            child = node.children[aid]
            score = child.value / child.visits + self.explore * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = aid, score
        return best


class TextbookPlayer(BasePlayer):
    """Searches at a turn's first decision and follows the tree while it is well visited."""

    def __init__(
        self, rules: Rules, seconds: float, iterations: int, explore: float, cap: int, greedy: bool = False
    ) -> None:
        self.rules = rules
        self.seconds = seconds
        self.iterations = iterations
        self.explore = explore
        self.engine = Engine(rules, cap, greedy)
        self.name = "textbook"
        self.node: Node | None = None  # where the current turn stands in the last search's tree
        self.moves_seen = -1
        self.until = 0.0  # set by `limit_time`: the time.monotonic() by which this decision's search stops

    def limit_time(self, seconds: float, since: float) -> None:
        """The host gives this decision `seconds` from `since` (a time.monotonic()): the search stops at
        SEARCH_SHARE of them, whatever its own budget."""
        self.until = since + seconds * SEARCH_SHARE if seconds > 0 else 0.0  # 0 or less: no limit

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.node = None
            return legal[0]
        node = self.node if self.moves_seen == len(view.moves) else None
        if node is not None and node.visits >= FOLLOW_VISITS and node.children:
            aid = max(node.children, key=lambda a: node.children[a].visits)
            if aid in legal and node.children[aid].visits >= FOLLOW_VISITS:
                return self._play(node, aid, view)
        share = 1.0 if node is None and (view.turn["mode"] == "start") else 0.25
        search = TextbookSearch(view, self.rules, self.engine, self.explore)
        deadline = time.perf_counter() + self.seconds * share if self.seconds > 0 else None
        if self.until > 0:
            until = time.perf_counter() + (self.until - time.monotonic())
            deadline = until if deadline is None else min(deadline, until)
        search.run(rng, max(1, int(self.iterations * share)) if self.iterations else 0, deadline)
        children = search.root.children
        playable = [aid for aid in children if aid in legal] or list(legal)
        aid = max(playable, key=lambda a: children[a].visits if a in children else -1)
        return self._play(search.root, aid, view)

    def _play(self, node: Node, aid: int, view: PlayerView) -> int:
        child = node.children.get(aid)
        self.node = child if aid != END_ID else None
        self.moves_seen = len(view.moves) + 1
        return aid

    def start_game(self, seat: int) -> None:
        self.node = None


def make(rules: Rules, params: dict[str, str]) -> TextbookPlayer:
    values = read_params("textbook", params, DEFAULTS)
    seconds = values["seconds"] if "seconds" in params or "iterations" not in params else 0.0
    iterations = int(values["iterations"])
    if iterations <= 0 and seconds <= 0:
        raise TimesSquareError("textbook: give a budget, iterations=N or seconds=S")
    cap = max(1, int(values["cap"]))
    return TextbookPlayer(rules, seconds, iterations, values["explore"], cap, bool(values["greedy"]))
