"""The opponent model (players/opponent_model.py): it reads only the public history, rebuilds the public
positions of the opponent's past turns exactly, values turns alike on both paths, and prefers the worlds
whose hands explain the opponent's play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from timessquare import _fastcore as fast
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.ismcts import SearchConfig, ismcts_search
from timessquare.players.opponent_model import (
    opponent_turns,
    turn_log_likelihood,
    turn_state,
)
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES


def heuristic_game(seed: int, stop_turns: int = 99) -> tuple[Game, list[tuple[int, State]]]:
    """A heuristic game, with (move count, state copy, hand of the mover) at each turn's start."""
    game = Game.new(seed)
    player = HeuristicPlayer(DEFAULT_RULES)
    rng = random.Random(seed)
    starts: list[tuple[int, State]] = []
    turns = 0
    while not game.is_over and turns < stop_turns:
        if game.state.turn_key == 0:
            starts.append((len(game.moves), game.state.clone()))
        seat = game.state.to_move
        game.apply(player.choose(game.view(seat), game.state.legal_ids(), rng))
        turns += game.state.to_move != seat
    return game, starts


def test_the_past_turns_are_the_public_positions_and_actions_of_the_game() -> None:
    for seed in (1, 2, 3):
        game, starts = heuristic_game(seed, stop_turns=22)
        if game.is_over:
            continue
        seat = game.state.to_move
        past = opponent_turns(game.view(seat), DEFAULT_RULES, 50)
        opponent_starts = [(n, s) for n, s in starts if s.to_move == 1 - seat]
        assert len(past) == len(opponent_starts) > 5
        for turn, (n, state) in zip(past, reversed(opponent_starts), strict=True):
            assert turn.pos == tuple(state.pos)
            assert turn.discard == tuple(state.discard)
            assert turn.supply_size == len(state.supply)
            assert turn.supply_number == state.supply_number
            assert turn.hand_size == state.hand_sizes[1 - seat]
            assert game.moves[n] == _notation(turn.actions[0])


def _notation(aid: int) -> str:
    from timessquare.actions import ACTIONS

    return ACTIONS[aid].notation


@pytest.mark.skipif(not fast.available(), reason="the compiled core is not built on this machine")
def test_both_paths_give_the_same_likelihood_of_a_turn() -> None:
    checked = 0
    for seed in (5, 7):
        game, _ = heuristic_game(seed, stop_turns=20)
        assert not game.is_over
        seat = game.state.to_move
        rng = random.Random(seed)
        for turn in opponent_turns(game.view(seat), DEFAULT_RULES, 8):
            hand = [0] * 13
            for card in turn.played:
                hand[card] += 1
            while sum(hand) < turn.hand_size:
                hand[rng.randrange(13)] += 1
            state = turn_state(turn, 1 - seat, hand, DEFAULT_RULES)
            core = fast.turn_start_core(
                DEFAULT_RULES, turn.pos, 1 - seat, hand, turn.supply_size, turn.supply_number, turn.discard
            )
            for beta in (5.0, 20.0):
                assert core.turn_likelihood(turn.actions, beta, 0.1, 400) == turn_log_likelihood(
                    state, turn.actions, beta, 0.1
                )
            checked += 1
    assert checked >= 8


def test_the_hand_that_explains_the_play_weighs_more() -> None:
    """The heuristic's turns are likelier under its true hand than under random hands that hold the cards it
    played (in most of its turns: a random hand may hold no better card either)."""
    better = cases = 0
    rng = random.Random(1)
    for seed in (1, 2, 8):
        game, starts = heuristic_game(seed, stop_turns=16)
        assert not game.is_over
        seat = game.state.to_move
        opponent = 1 - seat
        starts_of_opponent = [s for _, s in starts if s.to_move == opponent]
        past = opponent_turns(game.view(seat), DEFAULT_RULES, 4)
        for turn, start in zip(past, starts_of_opponent[::-1][:4], strict=True):
            true_hand = list(start.hands[opponent])
            truth = turn_log_likelihood(turn_state(turn, opponent, true_hand, DEFAULT_RULES), turn.actions, 20.0, 0.1)
            others = []
            for _ in range(6):
                hand = [0] * 13
                for card in turn.played:
                    hand[card] += 1
                while sum(hand) < turn.hand_size:
                    hand[rng.randrange(13)] += 1
                state = turn_state(turn, opponent, hand, DEFAULT_RULES)
                others.append(turn_log_likelihood(state, turn.actions, 20.0, 0.1))
            better += truth > sum(others) / len(others)
            cases += 1
    assert cases == 12 and better >= 9


@pytest.mark.skipif(not fast.available(), reason="the compiled core is not built on this machine")
def test_a_search_with_the_model_gives_the_same_statistics_on_both_paths() -> None:
    game, _ = heuristic_game(7, stop_turns=14)
    view = game.view(game.state.to_move)
    config = SearchConfig(iterations=60, seconds=0, workers=1, model=True, candidates=3, pool=8)
    reference = ismcts_search(view, DEFAULT_RULES, replace(config, compiled=False), 3)
    compiled = ismcts_search(view, DEFAULT_RULES, config, 3)
    assert (compiled.visits, compiled.value_sums) == (reference.visits, reference.value_sums)
    plain = ismcts_search(view, DEFAULT_RULES, replace(config, model=False), 3)
    assert plain.value_sums != compiled.value_sums  # the model changed which worlds were searched


def test_the_model_is_a_player_parameter() -> None:
    player = make_player("ismcts:iterations=30,workers=1,model=1,beta=10,candidates=4,model_turns=2")
    config = player.config  # type: ignore[attr-defined]
    assert (config.model, config.beta, config.candidates, config.model_turns) == (True, 10.0, 4, 2)
