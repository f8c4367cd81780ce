"""The `alphazero` player's network: one seat's observation in, a prior over the 95 action ids and a value out.

Input: the observation of the research environments (format `times-square/observation/1`, docs/research.md:
168 counts and one-hots of the seat's own view), written here from a game state's public fields and the
seat's own hand only (`observe`), so that the search can read it in every sampled world; a test holds it
equal to `envs.encoding.encode_view` and blind to the hidden cards. Each input is divided by `scale` (the
largest value it can take), then one hidden layer of tanh units, then two heads: a logit for each action id
(softmax over the legal ones: the prior) and tanh of one unit (the value: the expected result for the seat
to move, +1 a win, -1 a loss).

Inference needs neither PyTorch nor NumPy: with NumPy the layers are matrix products; without it they run in
pure Python over the observation's few non-zero inputs (a test holds the two paths equal). The weights ship
as JSON with each array as base64 of little-endian float32 (`alphazero_net.json`, package data), written by
scripts/train_alphazero.py.
"""

from __future__ import annotations

import base64
import json
import math
import random
import sys
from array import array
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..actions import NUM_ACTIONS
from ..cards import CARD_COUNTS, DECK_SIZE, HAND_SIZE, NUM_CARD_TYPES, NUM_SPACES
from ..errors import TimesSquareError
from ..position import JOKER_OF_TURN_KEY
from ..tables import NUM_TURN_KEYS, TK_START, TK_TRADE

NET_FORMAT: Final = "times-square/alphazero-net/1"
SHIPPED: Final = "alphazero_net.json"

# The observation's slices (envs/encoding.py's OBSERVATION_LAYOUT, which this layer cannot import: a test
# holds them equal): six figures' one-hot spaces, then the seat's facts.
FIGURES: Final = 6
SEAT: Final = FIGURES * NUM_SPACES  # 102
TO_MOVE: Final = SEAT + 2
HAND: Final = TO_MOVE + 2
OPPONENT_HAND_SIZE: Final = HAND + NUM_CARD_TYPES
SUPPLY_SIZE: Final = OPPONENT_HAND_SIZE + 1
SECOND_SUPPLY: Final = SUPPLY_SIZE + 1
DISCARD: Final = SECOND_SUPPLY + 1
MADE_OF: Final = DISCARD + NUM_CARD_TYPES
TURN_MODE: Final = MADE_OF + NUM_CARD_TYPES
TURN_CARDS: Final = TURN_MODE + 3
JOKER: Final = TURN_CARDS + NUM_CARD_TYPES
OBSERVATION_SIZE: Final = JOKER + 4  # 168
JOKER_LOCKS: Final = (None, "sue", "hal", "guards")
# For each turn key: its turn mode (start, play, trade) and its joker lock, as the observation numbers them.
MODE_OF_KEY: Final = tuple(0 if tk == TK_START else 2 if tk == TK_TRADE else 1 for tk in range(NUM_TURN_KEYS))
JOKER_OF_KEY: Final = tuple(JOKER_LOCKS.index(JOKER_OF_TURN_KEY.get(tk)) for tk in range(NUM_TURN_KEYS))


def observation_high() -> list[float]:
    """The largest value of each input (the environments' OBSERVATION_HIGH): what the network divides by."""
    high = [1.0] * OBSERVATION_SIZE
    for c in range(NUM_CARD_TYPES):
        high[HAND + c] = high[TURN_CARDS + c] = float(min(CARD_COUNTS[c], HAND_SIZE))
        high[DISCARD + c] = high[MADE_OF + c] = float(CARD_COUNTS[c])
    high[OPPONENT_HAND_SIZE] = float(HAND_SIZE)
    high[SUPPLY_SIZE] = float(DECK_SIZE)
    return high


Sparse = list[tuple[int, float]]  # the non-zero inputs: (index, value)


def observe(
    pos: Sequence[int],
    own_hand: Sequence[int],
    opponent_hand_size: int,
    supply_size: int,
    supply_number: int,
    discard: Sequence[int],
    made_of: Sequence[int] | None,
    to_move: int,
    turn_key: int,
    turn_cards: Sequence[int],
    seat: int,
) -> Sparse:
    """The observation of `seat` from public fields and its own hand (nothing else is taken), as its non-zero
    inputs in ascending order; `made_of` is the second supply's composition as it was made (None before)."""
    out: dict[int, float] = {f * NUM_SPACES + pos[f]: 1.0 for f in range(FIGURES)}
    out[SEAT + seat] = 1.0
    out[TO_MOVE + to_move] = 1.0
    for c in range(NUM_CARD_TYPES):
        if own_hand[c]:
            out[HAND + c] = float(own_hand[c])
    if opponent_hand_size:
        out[OPPONENT_HAND_SIZE] = float(opponent_hand_size)
    if supply_size:
        out[SUPPLY_SIZE] = float(supply_size)
    if supply_number == 2:
        out[SECOND_SUPPLY] = 1.0
        for c in range(NUM_CARD_TYPES):
            if made_of is not None and made_of[c]:
                out[MADE_OF + c] = float(made_of[c])
    for card in discard:
        out[DISCARD + card] = out.get(DISCARD + card, 0.0) + 1.0
    out[TURN_MODE + MODE_OF_KEY[turn_key]] = 1.0
    for card in turn_cards:
        out[TURN_CARDS + card] = out.get(TURN_CARDS + card, 0.0) + 1.0
    out[JOKER + JOKER_OF_KEY[turn_key]] = 1.0
    return sorted(out.items())


def dense(sparse: Sparse) -> list[float]:
    """The observation as its 168 values (the environments' vector)."""
    values = [0.0] * OBSERVATION_SIZE
    for i, v in sparse:
        values[i] = v
    return values


def _numpy() -> Any:
    """NumPy if it is installed (the extra `rl`), else None: the pure-Python path serves."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


class PolicyValueNet:
    """The weights (`w1` inputs x hidden, row by row; `wp` hidden x 95; `wv` hidden) and their evaluation.

    `hidden(obs)` is the hidden layer of an observation; `value(h)` and `logits(h, actions)` read the heads
    from it (a search node keeps `h` and asks for the logits of the actions it meets)."""

    def __init__(
        self,
        w1: Sequence[float],
        b1: Sequence[float],
        wp: Sequence[float],
        bp: Sequence[float],
        wv: Sequence[float],
        bv: float,
        about: dict[str, Any] | None = None,
        use_numpy: bool = True,
    ) -> None:
        hidden = len(b1)
        if len(w1) != OBSERVATION_SIZE * hidden or len(wp) != hidden * NUM_ACTIONS or len(bp) != NUM_ACTIONS:
            raise TimesSquareError("alphazero net: the weights' sizes do not fit the observation and the actions")
        if len(wv) != hidden:
            raise TimesSquareError("alphazero net: the value head has the wrong size")
        self.hidden_size = hidden
        self.about = dict(about or {})
        scale = [1.0 / h for h in observation_high()]
        # The input scale folded into the first layer: x / high @ w1 == x @ (w1 / high, row by row).
        self.rows = [[w1[i * hidden + j] * scale[i] for j in range(hidden)] for i in range(OBSERVATION_SIZE)]
        self.b1 = list(b1)
        self.columns = [[wp[j * NUM_ACTIONS + a] for j in range(hidden)] for a in range(NUM_ACTIONS)]
        self.bp = list(bp)
        self.wv = list(wv)
        self.bv = float(bv)
        self.raw = (list(w1), list(b1), list(wp), list(bp), list(wv), float(bv))
        self.np = _numpy() if use_numpy else None
        if self.np is not None:
            np = self.np
            self.a_rows = np.array(self.rows, dtype=np.float64)
            self.a_b1 = np.array(self.b1, dtype=np.float64)
            self.a_wp = np.array(self.columns, dtype=np.float64)  # actions x hidden
            self.a_bp = np.array(self.bp, dtype=np.float64)
            self.a_wv = np.array(self.wv, dtype=np.float64)

    # -- evaluation

    def hidden(self, obs: Sparse) -> Any:
        """tanh(b1 + x/high @ w1): a NumPy array, or a list on the pure-Python path."""
        if self.np is not None:
            index = [i for i, _ in obs]
            values = self.np.array([v for _, v in obs])
            return self.np.tanh(self.a_b1 + values @ self.a_rows[index])
        h = list(self.b1)
        for i, v in obs:
            row = self.rows[i]
            for j in range(self.hidden_size):
                h[j] += v * row[j]
        return [math.tanh(x) for x in h]

    def value(self, h: Any) -> float:
        """The value head: the expected result for the seat to move, in [-1, 1]."""
        if self.np is not None:
            return float(self.np.tanh(self.bv + float(h @ self.a_wv)))
        return math.tanh(self.bv + sum(x * w for x, w in zip(h, self.wv, strict=True)))

    def logits(self, h: Any, actions: Sequence[int]) -> list[float]:
        """The policy head's logit of each of `actions`."""
        if self.np is not None:
            return [float(x) for x in self.a_wp[list(actions)] @ h + self.a_bp[list(actions)]]
        return [self.bp[a] + sum(x * w for x, w in zip(h, self.columns[a], strict=True)) for a in actions]

    def evaluate(self, obs: Sparse, legal: Sequence[int]) -> tuple[list[float], float]:
        """The prior over `legal` (softmax of their logits) and the value of an observation."""
        h = self.hidden(obs)
        return softmax(self.logits(h, legal)), self.value(h)

    # -- files

    def to_document(self) -> dict[str, Any]:
        w1, b1, wp, bp, wv, bv = self.raw
        return {
            "format": NET_FORMAT,
            "inputs": OBSERVATION_SIZE,
            "hidden": self.hidden_size,
            "actions": NUM_ACTIONS,
            "about": self.about,
            "weights": {name: _pack(values) for name, values in (("w1", w1), ("b1", b1), ("wp", wp), ("bp", bp))}
            | {"wv": _pack(wv), "bv": bv},
        }

    @classmethod
    def from_document(cls, doc: Any, use_numpy: bool = True) -> PolicyValueNet:
        if not isinstance(doc, dict) or doc.get("format") != NET_FORMAT:
            raise TimesSquareError(f"alphazero net: not a {NET_FORMAT} document")
        if doc.get("inputs") != OBSERVATION_SIZE or doc.get("actions") != NUM_ACTIONS:
            raise TimesSquareError("alphazero net: made for another observation or action set")
        try:
            w = doc["weights"]
            w1, b1, wp, bp, wv = (_unpack(w[name]) for name in ("w1", "b1", "wp", "bp", "wv"))
            bv = float(w["bv"])
        except (KeyError, TypeError, ValueError) as e:
            raise TimesSquareError(f"alphazero net: unreadable weights ({e})") from None
        return cls(w1, b1, wp, bp, wv, bv, about=doc.get("about"), use_numpy=use_numpy)


def softmax(logits: Sequence[float]) -> list[float]:
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    total = sum(exps)
    return [e / total for e in exps]


def _pack(values: Sequence[float]) -> str:
    packed = array("f", values)
    if sys.byteorder != "little":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def _unpack(text: str) -> list[float]:
    values = array("f")
    values.frombytes(base64.b64decode(text.encode("ascii"), validate=True))
    if sys.byteorder != "little":
        values.byteswap()
    return list(values)


def load_net(path: str | Path, use_numpy: bool = True) -> PolicyValueNet:
    """A net from a file written by scripts/train_alphazero.py; a clear error for anything else."""
    try:
        doc = json.loads(Path(path).read_text("utf-8"))
    except (OSError, ValueError) as e:
        raise TimesSquareError(f"alphazero net {path}: cannot read it ({e})") from None
    return PolicyValueNet.from_document(doc, use_numpy)


@cache
def shipped_net() -> PolicyValueNet:
    """The net shipped with the package (trained by scripts/train_alphazero.py; its `about` says how)."""
    text = resources.files(__package__).joinpath(SHIPPED).read_text("utf-8")
    return PolicyValueNet.from_document(json.loads(text))


def initial_net(hidden: int, seed: int) -> PolicyValueNet:
    """Small random weights (uniform, Glorot's bound), the same for the same seed; the heads start at zero."""
    rng = random.Random(seed)
    bound = math.sqrt(6.0 / (OBSERVATION_SIZE + hidden))
    w1 = [rng.uniform(-bound, bound) for _ in range(OBSERVATION_SIZE * hidden)]
    return PolicyValueNet(
        w1, [0.0] * hidden, [0.0] * (hidden * NUM_ACTIONS), [0.0] * NUM_ACTIONS, [0.0] * hidden, 0.0, use_numpy=True
    )
