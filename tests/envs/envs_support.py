"""Helpers shared by the tests of timessquare.envs: decoding an observation and hiding-place tampering."""

from __future__ import annotations

import random
from typing import Any

from timessquare.cards import CARD_INDEX, FIGURE_NAMES, NUM_CARD_TYPES
from timessquare.envs.encoding import JOKER_LOCKS, SLICES, TURN_MODES
from timessquare.game import Game
from timessquare.state import State
from timessquare.view import PlayerView


def counts(codes: Any) -> list[int]:
    out = [0] * NUM_CARD_TYPES
    for code in codes:
        out[CARD_INDEX[code]] += 1
    return out


def part(obs: Any, name: str) -> list[float]:
    s = SLICES[name]
    return [float(x) for x in obs[s.start : s.stop]]


def one_hot_index(values: list[float]) -> int:
    assert sorted(values) == [0.0] * (len(values) - 1) + [1.0], values
    return values.index(1.0)


def second_supply_from_record(game: Game) -> list[int]:
    """The second supply's composition read from the full record's `shuffle C C ...` entry (independently
    of the encoder, which reads the public history)."""
    for move in game.moves:
        if move.startswith("shuffle "):
            return counts(move.split()[1:])
    return [0] * NUM_CARD_TYPES


def assert_observation_matches(obs: Any, game: Game, seat: int) -> None:
    """Every slice of `obs` says what the engine's view of `seat` says."""
    view = PlayerView.of(game.state, seat, game.moves)
    for name in FIGURE_NAMES:
        assert one_hot_index(part(obs, name)) == view.figures[name], name
    assert one_hot_index(part(obs, "seat")) == seat
    assert one_hot_index(part(obs, "to_move")) == view.to_move
    assert part(obs, "hand") == view.hand_counts() == game.state.hands[seat]
    assert part(obs, "opponent_hand_size") == [game.state.hand_sizes[1 - seat]]
    assert part(obs, "supply_size") == [len(game.state.supply)]
    assert part(obs, "second_supply") == [1.0 if game.state.supply_number == 2 else 0.0]
    assert part(obs, "discard") == counts(view.discard)
    expected_made_of = second_supply_from_record(game) if game.state.supply_number == 2 else [0] * NUM_CARD_TYPES
    assert part(obs, "second_supply_made_of") == expected_made_of
    assert one_hot_index(part(obs, "turn_mode")) == TURN_MODES.index(view.turn["mode"])
    assert part(obs, "turn_cards") == counts(view.turn["cards"])
    assert one_hot_index(part(obs, "joker")) == JOKER_LOCKS.index(view.turn["joker"])


def scramble_hidden(state: State, seat: int, rng: random.Random) -> bool:
    """Deal the cards `seat` cannot see anew: the opponent's hand and the supply, same sizes, same cards
    overall, in a new split and order. Returns whether the opponent's hand changed."""
    other = 1 - seat
    before = state.hands[other][:]
    hidden = [c for c in range(NUM_CARD_TYPES) for _ in range(state.hands[other][c])] + state.supply
    for _ in range(20):
        rng.shuffle(hidden)
        size = state.hand_sizes[other]
        hand = [0] * NUM_CARD_TYPES
        for c in hidden[:size]:
            hand[c] += 1
        if hand != before or len(set(hidden)) == 1:
            break
    state.hands[other] = hand
    state.supply = hidden[size:]
    from timessquare.tables import hand_key

    state.hand_keys[other] = hand_key(hand)
    return hand != before
