"""Worlds sampled from a view (players/sampling.py): consistent with the view, and nothing more (R10, R6.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timessquare.cards import CARD_COUNTS, NUM_CARD_TYPES, S
from timessquare.errors import TimesSquareError
from timessquare.game import Game
from timessquare.players.sampling import WorldSampler, second_supply_composition, unseen_counts
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView


def random_game(seed: int, actions: int) -> Game:
    """A game after up to `actions` random actions (fewer if it ends first)."""
    rng = random.Random(seed)
    game = Game.new(seed)
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.state.legal_ids()
        game.apply_checked(legal[rng.randrange(len(legal))])
    return game


def counts(cards: list[int]) -> list[int]:
    out = [0] * NUM_CARD_TYPES
    for card in cards:
        out[card] += 1
    return out


def running_game_after_reshuffle(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(seed)
    while game.state.supply_number == 1 or game.state.turn_key != 0:
        if game.is_over:
            game = Game.new(rng.getrandbits(32))
            continue
        legal = game.state.legal_ids()
        game.apply_checked(legal[rng.randrange(len(legal))])
    assert not game.is_over
    return game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), actions=st.integers(0, 150), sample_seed=st.integers(0, 2**32 - 1))
def test_every_sampled_world_shows_the_same_view(seed: int, actions: int, sample_seed: int) -> None:
    game = random_game(seed, actions)
    if game.is_over:
        return
    rng = random.Random(sample_seed)
    for seat in (0, 1):
        view = game.view(seat)
        sampler = WorldSampler(view, DEFAULT_RULES)
        for _ in range(3):
            world = sampler.sample(rng)
            assert PlayerView.of(world, seat, view.moves) == view
            assert world.legal_ids() == game.state.legal_ids() or world.to_move != seat


def test_r6_2_second_supply_worlds_hold_only_cards_of_the_reshuffled_pile() -> None:
    for seed in range(4):
        game = running_game_after_reshuffle(seed)
        state = game.state
        seat = state.to_move
        view = game.view(seat)
        composition = second_supply_composition(view.moves)
        assert composition is not None
        allowed = [min(u, k) for u, k in zip(unseen_counts(view), composition, strict=True)]
        # the constraint is sound: the true supply obeys it
        assert all(n <= a for n, a in zip(counts(state.supply), allowed, strict=True))
        rng = random.Random(seed)
        sampler = WorldSampler(view, DEFAULT_RULES)
        for _ in range(20):
            world = sampler.sample(rng)
            assert all(n <= a for n, a in zip(counts(world.supply), allowed, strict=True))
            assert PlayerView.of(world, seat, view.moves) == view


def test_r6_2_composition_counts_every_card_played_or_discarded_before_the_shuffle() -> None:
    moves = ["SS group-1", "S sue-1", "end", "discard G2", "discard DM", "end", "lure sue", "shuffle", "S sue+1"]
    composition = second_supply_composition(moves)
    assert composition is not None
    assert composition[S] == 3
    assert sum(composition) == 5
    assert second_supply_composition(moves[:7]) is None


def test_the_unseen_cards_are_the_deck_minus_own_hand_and_discard_pile() -> None:
    game = random_game(3, 30)
    view = game.view(0)
    unseen = unseen_counts(view)
    state = game.state
    hidden = counts(state.supply)
    for card, n in enumerate(state.hands[1]):
        hidden[card] += n
    assert unseen == hidden
    assert sum(unseen) + sum(view.hand_counts()) + len(view.discard) == sum(CARD_COUNTS)


def test_sampling_is_seeded_and_varies_the_opponent_hand() -> None:
    view = Game.new(5).view(0)
    sampler = WorldSampler(view, DEFAULT_RULES)
    first = [sampler.sample(random.Random(9)) for _ in range(2)]
    assert first[0].hands == first[1].hands and first[0].supply == first[1].supply
    rng = random.Random(1)
    hands = {tuple(sampler.sample(rng).hands[1]) for _ in range(20)}
    assert len(hands) > 10


def test_worlds_come_with_the_seed_of_their_own_chance_events() -> None:
    view = Game.new(5).view(0)
    sampler = WorldSampler(view, DEFAULT_RULES)
    (w1, s1), (w2, s2) = sampler.sample_with_chance(random.Random(2)), sampler.sample_with_chance(random.Random(2))
    assert s1 == s2 and w1.hands == w2.hands and w1.supply == w2.supply  # the same seed, the same world
    assert sampler.sample_with_chance(random.Random(3))[1] != s1


def test_a_spectator_view_cannot_be_sampled() -> None:
    with pytest.raises(TimesSquareError):
        WorldSampler(Game.new(1).view(None), DEFAULT_RULES)
