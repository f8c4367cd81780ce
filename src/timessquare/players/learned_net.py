"""The learned evaluation: a small network over the evaluation's features, trained on game results.

    value = sigmoid(linear . f + bias + w2 . tanh(x W1 + b1) + b2)

where f = evaluation.features(state, seat) and x = f followed by the board itself (each figure's space in
the seat's coordinates, one-hot, and who moves next), the seat's own cards by type, the cards it has to
draw, and the deck timer (the cards left, which supply): `net_inputs`.

The linear part starts at the hand-fitted evaluation (evaluation.py) and the tanh layer learns what a sum of
the features cannot say (scripts/train_learned.py, docs/research.md "The learned player"). It reads the
same things as the linear evaluation: the board, the deck timer and the seat's own hand, never the
opponent's hand or the supply order (R10).

The weights ship with the package as JSON (`learned_net.json`, a few tens of kilobytes): the network runs
in the compiled core when it is built (`_fastcore.use_net`, `evaluation_mode`) and in pure Python here
otherwise, so neither NumPy nor any training framework is needed to play with it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .. import _fastcore as fastcore
from ..cards import HAND_SIZE, LAST_SPACE, NUM_CARD_TYPES
from ..errors import TimesSquareError
from ..state import State
from .evaluation import FEATURE_NAMES, NUM_FEATURES, SECOND_SUPPLY_ESTIMATE, features, frame, result_value
from .turns import Outcome, after_turn_outcome

NET_FORMAT = "times-square/learned-eval/2"
NET_FILE = "learned_net.json"
SPACES = LAST_SPACE + 1
# The inputs after the features, in the order C reads them (_core.c, net_logit): the board part first.
EXTRA_INPUTS = (
    ("figures one-hot", 6 * SPACES),
    ("me to move", 1),
    ("hand", NUM_CARD_TYPES),
    ("refill", 1),
    ("cards left / 40", 1),
    ("second supply", 1),
)
NUM_INPUTS = NUM_FEATURES + sum(size for _, size in EXTRA_INPUTS)


def net_inputs(state: State, seat: int, outcome: Outcome) -> list[float]:
    """The network's inputs for `seat` at the end of the turn in `state` (outcome: its after_turn_outcome)."""
    x = features(state, seat, outcome)
    board = [0.0] * (6 * SPACES)
    for i, space in enumerate(frame(outcome.pos, seat)):
        board[i * SPACES + space] = 1.0
    second = state.supply_number == 2
    supply = len(state.supply) - outcome.drawn
    left = supply if second else max(0, supply) + SECOND_SUPPLY_ESTIMATE
    hand = state.hands[seat]
    refill = HAND_SIZE - state.hand_sizes[seat]
    x += board
    x.append(1.0 if outcome.to_move == seat else 0.0)
    x += [float(hand[c]) for c in range(NUM_CARD_TYPES)]
    x += [float(refill), left / 40.0, 1.0 if second else 0.0]
    return x


@dataclass(frozen=True)
class LearnedNet:
    linear: tuple[float, ...]
    bias: float
    w1: tuple[tuple[float, ...], ...]  # one row a feature, one column a hidden unit
    b1: tuple[float, ...]
    w2: tuple[float, ...]
    b2: float
    about: dict[str, Any]

    @property
    def hidden(self) -> int:
        return len(self.b1)

    def logit(self, x: list[float]) -> float:
        """The logit of the inputs `x` (net_inputs)."""
        pre = list(self.b1)
        for v, row in zip(x, self.w1, strict=True):
            if v:
                pre = [p + v * w for p, w in zip(pre, row, strict=True)]
        out = sum(w * v for w, v in zip(self.linear, x, strict=False)) + self.bias + self.b2  # the features only
        return out + sum(w * math.tanh(p) for w, p in zip(self.w2, pre, strict=True))

    def value(self, state: State, seat: int) -> float:
        """The estimated probability that `seat` wins (a draw one half), as evaluation.evaluate gives it."""
        outcome = after_turn_outcome(state)
        if outcome.result is not None:
            return result_value(outcome.result, seat)
        logit = self.logit(net_inputs(state, seat, outcome))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))

    def compiled_weights(self) -> fastcore.NetWeights:
        flat = tuple(w for row in self.w1 for w in row)
        return self.linear, self.bias, flat, self.b1, self.w2, self.b2

    def document(self) -> dict[str, Any]:
        return {
            "format": NET_FORMAT,
            "features": list(FEATURE_NAMES),
            "linear": list(self.linear),
            "bias": self.bias,
            "w1": [list(row) for row in self.w1],
            "b1": list(self.b1),
            "w2": list(self.w2),
            "b2": self.b2,
            "about": self.about,
        }


def net_from_document(doc: dict[str, Any]) -> LearnedNet:
    if doc.get("format") != NET_FORMAT:
        raise TimesSquareError(f"not a learned evaluation ({NET_FORMAT})")
    if doc.get("features") != list(FEATURE_NAMES):
        raise TimesSquareError("the learned evaluation was trained on other features: retrain it")
    w1 = tuple(tuple(float(w) for w in row) for row in doc["w1"])
    b1 = tuple(float(b) for b in doc["b1"])
    if len(w1) != NUM_INPUTS or any(len(row) != len(b1) for row in w1) or len(doc["w2"]) != len(b1):
        raise TimesSquareError("the learned evaluation's layers do not fit together")
    return LearnedNet(
        linear=tuple(float(w) for w in doc["linear"]),
        bias=float(doc["bias"]),
        w1=w1,
        b1=b1,
        w2=tuple(float(w) for w in doc["w2"]),
        b2=float(doc["b2"]),
        about=dict(doc.get("about", {})),
    )


def load_net(path: Path | None = None) -> LearnedNet:
    """A learned evaluation from a file, or the one shipped with the package."""
    if path is None:
        text = resources.files(__package__).joinpath(NET_FILE).read_text(encoding="utf-8")
    else:
        text = path.read_text(encoding="utf-8")
    return net_from_document(json.loads(text))


_installed: list[LearnedNet] = []  # the net the compiled core holds (use_net)


def install(net: LearnedNet) -> None:
    """Hand `net` to the compiled core, unless it holds it already (used where `evaluation_mode` says)."""
    if not _installed or _installed[0] is not net:
        fastcore.use_net(net.compiled_weights())
        _installed[:] = [net]


@cache
def shipped_net() -> LearnedNet:
    """The learned evaluation shipped with the package."""
    return load_net()
