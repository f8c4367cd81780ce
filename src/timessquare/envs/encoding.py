"""The observation and action encodings shared by the PettingZoo, Gymnasium and OpenSpiel interfaces.

An observation is a pure function of one seat's `PlayerView` (R10): nothing else reaches it, so it cannot
carry the opponent's hand or the supply order. `OBSERVATION_LAYOUT` is the table of its slices (also in
docs/research.md); `OBSERVATION_FORMAT` names this version and changes whenever the layout does.

Actions are the engine's 95 stable action ids (docs/notation.md); the mask is 1 where an id is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from ..actions import NUM_ACTIONS
from ..cards import CARD_COUNTS, CARD_INDEX, DECK_SIZE, FIGURE_NAMES, HAND_SIZE, NUM_CARD_TYPES, NUM_SPACES
from ..game import Game
from ..players.sampling import second_supply_composition
from ..view import PlayerView

OBSERVATION_FORMAT: Final = "times-square/observation/1"
TURN_MODES: Final = ("start", "play", "trade")
JOKER_LOCKS: Final = (None, "sue", "hal", "guards")

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Slice:
    """One named part of the observation vector: `size` values from `start`, each at most its `high`."""

    name: str
    start: int
    size: int
    meaning: str
    high: tuple[float, ...]

    @property
    def stop(self) -> int:
        return self.start + self.size


_FIGURE_WORDS: Final = {
    "sue": "Sue",
    "low": "the low bodyguard (A's side of Sue)",
    "high": "the high bodyguard (B's side of Sue)",
    "hal": "Hal",
    "deb": "Deb",
    "charlie": "Charlie on his strip",
}


def _layout() -> tuple[Slice, ...]:
    hand_high = tuple(float(min(n, HAND_SIZE)) for n in CARD_COUNTS)
    deck_high = tuple(float(n) for n in CARD_COUNTS)
    parts: list[tuple[str, int, str, tuple[float, ...]]] = [
        *(
            (name, NUM_SPACES, f"one-hot: the space (0-16) of {_FIGURE_WORDS[name]}", (1.0,) * NUM_SPACES)
            for name in FIGURE_NAMES
        ),
        ("seat", 2, "one-hot: the observing seat (A, B)", (1.0, 1.0)),
        ("to_move", 2, "one-hot: the seat to move (A, B)", (1.0, 1.0)),
        ("hand", NUM_CARD_TYPES, "own hand: count of each card type (order S G1 G2 GA H1 H2 H3 D1-D5 DM)", hand_high),
        ("opponent_hand_size", 1, "the opponent's number of cards (0-8)", (float(HAND_SIZE),)),
        ("supply_size", 1, "cards in the supply (0-55)", (float(DECK_SIZE),)),
        ("second_supply", 1, "1 once the discard pile has become the second supply (R6.2)", (1.0,)),
        ("discard", NUM_CARD_TYPES, "the discard pile: count of each card type", deck_high),
        (
            "second_supply_made_of",
            NUM_CARD_TYPES,
            "the second supply as it was made at the reshuffle: count of each card type (0 before)",
            deck_high,
        ),
        ("turn_mode", len(TURN_MODES), "one-hot: this turn so far (start, play, trade)", (1.0,) * len(TURN_MODES)),
        ("turn_cards", NUM_CARD_TYPES, "cards played or discarded this turn: count of each card type", hand_high),
        (
            "joker",
            len(JOKER_LOCKS),
            "one-hot: the Deb joker lock of this turn (none, sue, hal, guards; R9.2)",
            (1.0,) * len(JOKER_LOCKS),
        ),
    ]
    out = []
    start = 0
    for name, size, meaning, high in parts:
        assert len(high) == size, name
        out.append(Slice(name, start, size, meaning, high))
        start += size
    return tuple(out)


OBSERVATION_LAYOUT: Final = _layout()
OBSERVATION_SIZE: Final = OBSERVATION_LAYOUT[-1].stop
SLICES: Final = {s.name: s for s in OBSERVATION_LAYOUT}
OBSERVATION_HIGH: Final = np.array([h for s in OBSERVATION_LAYOUT for h in s.high], dtype=np.float32)


def _counts(codes: Sequence[str]) -> list[int]:
    counts = [0] * NUM_CARD_TYPES
    for code in codes:
        counts[CARD_INDEX[code]] += 1
    return counts


def encode_view(view: PlayerView, out: FloatArray | None = None) -> FloatArray:
    """The observation vector of a seat's view (float32, `OBSERVATION_SIZE` long); fills `out` if given."""
    if view.seat is None:
        raise ValueError("an observation belongs to a seat: a spectator's view has no hand to encode")
    obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32) if out is None else out
    if out is not None:
        obs.fill(0.0)
    for i, name in enumerate(FIGURE_NAMES):
        obs[i * NUM_SPACES + view.figures[name]] = 1.0
    obs[SLICES["seat"].start + view.seat] = 1.0
    obs[SLICES["to_move"].start + view.to_move] = 1.0
    s = SLICES["hand"].start
    obs[s : s + NUM_CARD_TYPES] = view.hand_counts()
    obs[SLICES["opponent_hand_size"].start] = view.hand_sizes[1 - view.seat]
    obs[SLICES["supply_size"].start] = view.supply_size
    obs[SLICES["second_supply"].start] = 1.0 if view.supply_number == 2 else 0.0
    s = SLICES["discard"].start
    obs[s : s + NUM_CARD_TYPES] = _counts(view.discard)
    if view.supply_number == 2:
        made_of = second_supply_composition(view.moves)
        if made_of is not None:
            s = SLICES["second_supply_made_of"].start
            obs[s : s + NUM_CARD_TYPES] = made_of
    obs[SLICES["turn_mode"].start + TURN_MODES.index(view.turn["mode"])] = 1.0
    s = SLICES["turn_cards"].start
    obs[s : s + NUM_CARD_TYPES] = _counts(view.turn["cards"])
    obs[SLICES["joker"].start + JOKER_LOCKS.index(view.turn["joker"])] = 1.0
    return obs


STATE_SIZE: Final = 2 * OBSERVATION_SIZE
STATE_HIGH: Final = np.concatenate([OBSERVATION_HIGH, OBSERVATION_HIGH])


def encode_state(game: Game) -> FloatArray:
    """The environments' `state()`: A's observation then B's (`STATE_SIZE` values), what the two seats know
    between them, for a centralised critic. The supply's order is in neither, so it is not here either."""
    out = np.empty(STATE_SIZE, dtype=np.float32)
    encode_view(game.view(0), out[:OBSERVATION_SIZE])
    encode_view(game.view(1), out[OBSERVATION_SIZE:])
    return out


def action_mask(legal: Sequence[int]) -> MaskArray:
    """The 95-long 0/1 int8 mask of the legal action ids."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[list(legal)] = 1
    return mask


def layout_table() -> str:
    """The observation layout as a Markdown table (docs/research.md shows it; a test keeps them equal)."""
    rows = ["| slice | name | size | meaning |", "|---|---|---|---|"]
    for s in OBSERVATION_LAYOUT:
        rows.append(f"| {s.start}-{s.stop - 1} | `{s.name}` | {s.size} | {s.meaning} |")
    return "\n".join(rows)
