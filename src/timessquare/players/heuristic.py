"""`heuristic`: plays the complete turn whose end position the evaluation likes best (one ply, no search).

The player looks at the distinct complete turns of its hand (turns.py), evaluates where each leads before
the draw (evaluation.py, which reads only the board, the deck timer and the own hand), plays the first
action of the best one and keeps the rest as its plan for the following decisions of the same turn. It
re-plans whenever the view is not the one the plan expected.

Parameters: `noise=P` (0..1, default 0): with probability P a turn is drawn at random instead (the easy
level); `cap=N`: at most N turns are considered (default 1500).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import END_ID
from ..errors import TimesSquareError
from ..position import hand_codes
from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .base import BasePlayer
from .evaluation import WEIGHTS, discard_order, evaluate
from .params import read_params
from .sampling import WorldSampler
from .turns import DEFAULT_TURN_CAP, Turn, complete_turns

# What a view must show after each planned action for the plan to go on: moves so far, figures, hand.
Signature = tuple[int, tuple[int, ...], tuple[str, ...]]


def signature(state: State, seat: int, moves_played: int) -> Signature:
    """The parts of a view that a plan checks before it goes on."""
    return moves_played, tuple(state.pos), tuple(hand_codes(state.hands[seat]))


def view_signature(view: PlayerView) -> Signature:
    assert view.hand is not None
    figures = tuple(view.figures.values())
    return len(view.moves), figures, view.hand


@dataclass
class Plan:
    """The rest of a turn decided earlier: actions with the view expected before each of them."""

    actions: list[int]
    expected: list[Signature]

    def next_action(self, view: PlayerView, legal: Sequence[int]) -> int | None:
        if not self.actions or view.seat != view.to_move or view_signature(view) != self.expected[0]:
            return None
        aid = self.actions[0]
        if aid not in legal:
            return None
        del self.actions[0], self.expected[0]
        return aid


def make_plan(start: State, seat: int, moves_played: int, actions: Sequence[int]) -> Plan:
    """A plan for the actions after the first of `actions`, played from `start` (which is not changed)."""
    state = start.clone()
    expected = []
    for i, aid in enumerate(actions[:-1]):
        if aid == END_ID:
            break
        state.apply(aid)
        expected.append(signature(state, seat, moves_played + i + 1))
    return Plan(list(actions[1 : 1 + len(expected)]), expected)


def best_turn(
    state: State, seat: int, cap: int = DEFAULT_TURN_CAP, weights: tuple[float, ...] = WEIGHTS
) -> tuple[Turn, float, list[Turn], list[float]]:
    """The turn with the best evaluation for `seat` (the first of equals), its value, and all turns with
    their values."""
    turns = complete_turns(state, cap, discard_order(state, seat, weights))
    values = [evaluate(t.state, seat, weights) for t in turns]
    best = max(range(len(turns)), key=values.__getitem__)
    return turns[best], values[best], turns, values


class TurnPlayer(BasePlayer):
    """A player that decides a whole complete turn at the turn's first decision (`choose_turn`) and plays
    the rest of it from its plan, deciding again only when the view is not the one the plan expected."""

    rules: Rules
    plan: Plan

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        planned = self.plan.next_action(view, legal)
        if planned is not None:
            return planned
        if len(legal) == 1:
            return legal[0]
        assert view.seat is not None
        # The known facts only: the template world holds the view's public facts and my hand.
        template = WorldSampler(view, self.rules).template
        actions = self.choose_turn(template, view, rng)
        self.plan = make_plan(template, view.seat, len(view.moves), actions)
        return actions[0]

    def choose_turn(self, template: State, view: PlayerView, rng: random.Random) -> Sequence[int]:
        """The actions of the complete turn to play from `template` (the view's public facts, own hand)."""
        raise NotImplementedError


class HeuristicPlayer(TurnPlayer):
    """The one-ply player; `noise` is the chance of a random complete turn instead of the best one."""

    def __init__(
        self,
        rules: Rules,
        noise: float = 0.0,
        cap: int = DEFAULT_TURN_CAP,
        name: str = "heuristic",
        weights: tuple[float, ...] = WEIGHTS,
    ) -> None:
        self.rules = rules
        self.weights = weights
        self.noise = noise
        self.cap = cap
        self.name = name
        self.plan = Plan([], [])

    def choose_turn(self, template: State, view: PlayerView, rng: random.Random) -> Sequence[int]:
        assert view.seat is not None
        # The evaluation never reads the opponent's hand or the supply order of the template.
        turn, _, turns, _ = best_turn(template, view.seat, self.cap, self.weights)
        if self.noise > 0 and rng.random() < self.noise:
            turn = turns[rng.randrange(len(turns))]
        return turn.actions


def make(rules: Rules, params: dict[str, str]) -> HeuristicPlayer:
    values = read_params("heuristic", params, {"noise": 0.0, "cap": DEFAULT_TURN_CAP})
    if values["noise"] > 1:
        raise TimesSquareError("heuristic: noise is a probability (0..1)")
    return HeuristicPlayer(rules, noise=values["noise"], cap=max(1, int(values["cap"])))
