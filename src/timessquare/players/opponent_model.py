"""A model of the opponent: sampled worlds weighed by how likely the opponent's observed turns were.

Uniform sampling (sampling.py) treats every hand the opponent could hold as equally likely. But a player
reveals its hand by its play: the cards it did not play when they would have won, the colour it chose, what
it traded away. This module reads the public history of the view (nothing else: R10) and gives each sampled
world a weight, the likelihood of the opponent's last few turns had it held that world's cards:

- the public position before each of the opponent's past turns is rebuilt by replaying the public moves
  from the deal (the figures, the discard pile, the supply's size: all public; the hands are placeholders);
- the opponent's hand at the start of its latest turn was the cards it kept (still in its hand now) plus the
  cards it played; which of its present cards were kept and which were drawn afterwards is not known, so a
  kept set is drawn at random (a uniform subset of the right size; going back turn by turn the same way);
- the likelihood of a turn is that of a softened one-ply player: a softmax over every complete turn of that
  hand (all trades included) of `beta` times the evaluation's value, mixed with a uniform choice at
  `epsilon` so that no turn is impossible (the opponent is not our heuristic).

`weighted_pool` samples `candidates` worlds, weighs them and draws the search's pool of worlds in
proportion to the weights (systematic resampling). With the compiled core the likelihood runs in C
(`Core.turn_likelihood`, checked against `turn_log_likelihood` by tests/test_opponent_model.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import _fastcore as fastcore
from ..actions import ACTIONS, DISCARD, END_ID, LURE, PLAY, action_id
from ..cards import NUM_CARD_TYPES, full_deck
from ..state import State
from ..tables import TK_START
from ..variants import Rules
from ..view import SHUFFLE, PlayerView
from .evaluation import evaluate
from .sampling import WorldSampler
from .turns import complete_turns

TURN_CAP = 400


@dataclass(frozen=True)
class PastTurn:
    """One of the opponent's complete turns as everyone saw it: the public position at its start (`pos`,
    the supply's size and number, the discard pile), the opponent's hand size then, and its actions."""

    pos: tuple[int, ...]
    supply_size: int
    supply_number: int
    discard: tuple[int, ...]
    hand_size: int
    actions: tuple[int, ...]

    @property
    def played(self) -> list[int]:
        """The cards the turn took from the hand (played or discarded), as card types."""
        cards = []
        for aid in self.actions:
            action = ACTIONS[aid]
            if action.kind in (PLAY, DISCARD):
                cards.extend([action.card] * action.cards_used)
        return cards


def opponent_turns(view: PlayerView, rules: Rules, limit: int) -> list[PastTurn]:
    """The opponent's last `limit` complete turns, the latest first, from the view's public history."""
    assert view.seat is not None
    if view.result is not None:
        return []  # nothing left to decide (and the last turn may not have passed)
    opponent = 1 - view.seat
    moves = view.moves
    finished = sum(1 for m in moves if m == "end" or m.startswith("lure"))
    first = view.to_move if finished % 2 == 0 else 1 - view.to_move  # the seat with Hal moved first (R2.4)
    state = State.undealt(rules)
    state.apply_chance((first, *full_deck()))  # the public facts of the deal; the cards are placeholders
    turns: list[PastTurn] = []
    start: State | None = None
    actions: list[int] = []
    for move in moves:
        if move == SHUFFLE:
            state.apply_chance(list(state.discard))  # the order is hidden and does not matter here
            continue
        if state.turn_key == TK_START and state.to_move == opponent:
            start, actions = state.clone(), []
        aid = action_id(move)
        mover = state.to_move
        state.apply(aid)  # unchecked: the placeholder hands may go negative, the public facts stay right
        if start is not None and mover == opponent:
            actions.append(aid)
            if aid == END_ID or ACTIONS[aid].kind == LURE:
                turns.append(_past_turn(start, opponent, actions))
                start = None
    return turns[::-1][:limit]


def _past_turn(start: State, opponent: int, actions: list[int]) -> PastTurn:
    return PastTurn(
        tuple(start.pos),
        len(start.supply),
        start.supply_number,
        tuple(start.discard),
        start.hand_sizes[opponent],
        tuple(actions),
    )


def turn_state(turn: PastTurn, mover: int, hand: Sequence[int], rules: Rules) -> State:
    """The position at `turn`'s start with `hand` as the mover's (the other hand left empty: the mover's
    turns and values never read it; the supply holds placeholders of the right number)."""
    hands = [[0] * NUM_CARD_TYPES, [0] * NUM_CARD_TYPES]
    hands[mover] = list(hand)
    return State(turn.pos, hands, [0] * turn.supply_size, turn.supply_number, turn.discard, mover, rules=rules)


def turn_log_likelihood(
    state: State, actions: Sequence[int], beta: float, epsilon: float, cap: int = TURN_CAP
) -> float:
    """The log-probability that the mover of `state` (at a turn's start) plays the complete turn `actions`,
    under a softmax of `beta` times the one-ply values of all its complete turns, mixed with a uniform
    choice at `epsilon`. The reference of `Core.turn_likelihood`."""
    mover = state.to_move
    observed = state.clone()
    for aid in actions:
        if aid != END_ID:
            observed.apply(aid)
    v_obs = evaluate(observed, mover)
    turns = complete_turns(state, cap)
    values = [evaluate(t.state, mover) for t in turns]
    if ACTIONS[actions[0]].kind == LURE:
        found = any(t.actions == (actions[0],) for t in turns)
    else:
        key = _key(observed, mover)
        found = any(ACTIONS[t.actions[0]].kind != LURE and _key(t.state, mover) == key for t in turns)
    if not found:
        values.append(v_obs)
    vmax = max([v_obs, *values])
    total = sum(math.exp(beta * (v - vmax)) for v in values)
    p = math.exp(beta * (v_obs - vmax)) / total
    return math.log((1.0 - epsilon) * p + epsilon / len(values))


def _key(state: State, mover: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    return tuple(state.pos[:5]), state.turn_key, tuple(state.hands[mover])


@dataclass(frozen=True)
class ModelConfig:
    """How the opponent model weighs worlds: `turns` past turns, softmax sharpness `beta`, the uniform
    share `epsilon`, and `candidates` worlds sampled for each world kept."""

    turns: int = 3
    beta: float = 40.0  # the best fit to the turns of ismcts self-play (mean log-likelihood, docs/strength.md)
    epsilon: float = 0.1
    candidates: int = 8


class OpponentModel:
    """The weight of a world's opponent hand under the opponent's observed turns (see the module's doc)."""

    def __init__(self, view: PlayerView, rules: Rules, config: ModelConfig, compiled: bool) -> None:
        assert view.seat is not None
        self.opponent = 1 - view.seat
        self.rules = rules
        self.config = config
        self.past = opponent_turns(view, rules, config.turns)
        self.compiled = compiled and fastcore.available()

    def log_weight(self, hand: Sequence[int], rng: random.Random) -> float:
        """The log-likelihood of the past turns for an opponent that holds `hand` now (kept sets drawn)."""
        total = 0.0
        later = list(hand)  # the hand at the start of the later turn (at first: now)
        for turn in self.past:
            played = turn.played
            keep = turn.hand_size - len(played)
            cards = [c for c in range(NUM_CARD_TYPES) for _ in range(later[c])]
            if keep < 0 or keep > len(cards):
                return -math.inf  # this world cannot have led here
            kept = rng.sample(cards, keep)
            start = [0] * NUM_CARD_TYPES
            for c in kept + played:
                start[c] += 1
            total += self._likelihood(turn, start)
            later = start
        return total

    def _likelihood(self, turn: PastTurn, hand: list[int]) -> float:
        config = self.config
        if self.compiled:
            core = fastcore.turn_start_core(
                self.rules, turn.pos, self.opponent, hand, turn.supply_size, turn.supply_number, turn.discard
            )
            return core.turn_likelihood(turn.actions, config.beta, config.epsilon, TURN_CAP)
        state = turn_state(turn, self.opponent, hand, self.rules)
        return turn_log_likelihood(state, turn.actions, config.beta, config.epsilon)


def weighted_worlds(
    sampler: WorldSampler, model: OpponentModel, size: int, rng: random.Random
) -> list[tuple[State, int]]:
    """`size` worlds (with their chance seeds) drawn in proportion to the model's weights from
    `size * candidates` uniformly sampled ones (systematic resampling)."""
    candidates = [sampler.sample_with_chance(rng) for _ in range(size * model.config.candidates)]
    if not model.past:
        return candidates[:size]
    logs = [model.log_weight(world.hands[model.opponent], rng) for world, _ in candidates]
    top = max(logs)
    if top == -math.inf:
        return candidates[:size]
    weights = [math.exp(w - top) for w in logs]
    step = sum(weights) / size
    point = rng.random() * step
    chosen: list[tuple[State, int]] = []
    acc = 0.0
    for candidate, weight in zip(candidates, weights, strict=True):
        acc += weight
        while point < acc and len(chosen) < size:
            chosen.append(candidate)
            point += step
    while len(chosen) < size:  # rounding at the end of the sum
        chosen.append(candidates[-1])
    return chosen
