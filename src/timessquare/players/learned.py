"""`learned`: the policy of the learned evaluation alone, no search.

At the first decision of its turn the player lists its distinct complete turns (turns.py, as the heuristic
does), values where each leads before the draw with the learned evaluation (learned_net.py: a small
network trained on game results, scripts/train_learned.py) and plays the best; it never looks at the
opponent's reply or samples hidden cards. It differs from `heuristic` only by the evaluation: the heuristic's
is a hand-made logistic model, this one a network fitted to who won.

It runs on the compiled core when it is built (the network evaluated in C) and in pure Python otherwise:
neither NumPy nor a training framework is needed. Parameters: `cap=N` (at most N turns considered, default
1500), `compiled=0` (the pure-Python path, to compare).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import _fastcore as fastcore
from ..state import State
from ..variants import Rules
from ..view import PlayerView
from .evaluation import discard_order
from .heuristic import Plan, TurnPlayer
from .learned_net import LearnedNet, install, shipped_net
from .params import read_params
from .turns import DEFAULT_TURN_CAP, complete_turns


class LearnedPlayer(TurnPlayer):
    def __init__(
        self,
        rules: Rules,
        net: LearnedNet | None = None,
        cap: int = DEFAULT_TURN_CAP,
        compiled: bool = True,
        name: str = "learned",
    ) -> None:
        self.rules = rules
        self.net = net if net is not None else shipped_net()
        self.cap = cap
        self.compiled = compiled
        self.name = name
        self.plan = Plan([], [])

    def choose_turn(self, template: State, view: PlayerView, rng: random.Random) -> Sequence[int]:
        assert view.seat is not None
        seat = view.seat
        if self.compiled and fastcore.available():
            install(self.net)
            with fastcore.evaluation_mode(fastcore.EVAL_NET):
                entries = fastcore.to_core(template).scored_turns(seat, self.cap)
            best = max(range(len(entries)), key=lambda i: entries[i][1])  # the first of equals
            return entries[best][0]
        turns = complete_turns(template, self.cap, discard_order(template, seat))
        values = [self.net.value(t.state, seat) for t in turns]
        return turns[max(range(len(turns)), key=values.__getitem__)].actions


def make(rules: Rules, params: dict[str, str]) -> LearnedPlayer:
    values = read_params("learned", params, {"cap": DEFAULT_TURN_CAP, "compiled": 1})
    return LearnedPlayer(rules, cap=max(1, int(values["cap"])), compiled=values["compiled"] != 0)
