"""The OpenSpiel game python_times_square: OpenSpiel's random simulation test, explicit chance nodes that
give the engine the same outcome as its own sampler, resampling from an information state, no hidden
information in what a player observes, OpenSpiel's IS-MCTS bot, and the player program for the arena."""

from __future__ import annotations

import io
import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is in the optional extra rl (pip install -e '.[rl]'); no wheel installed here"
)

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import timessquare.envs.openspiel  # noqa: E402, F401  (registers python_times_square)
from timessquare.cards import NUM_CARD_TYPES  # noqa: E402
from timessquare.chance import sample_chance  # noqa: E402
from timessquare.envs.encoding import OBSERVATION_SIZE, encode_view  # noqa: E402
from timessquare.envs.openspiel.game import DEAL_LENGTH  # noqa: E402
from timessquare.envs.openspiel.player import OpenSpielISMCTSPlayer, state_at_view  # noqa: E402
from timessquare.facts import MAX_GAME_LENGTH  # noqa: E402
from timessquare.game import Game  # noqa: E402
from timessquare.protocol.messages import PROTOCOL  # noqa: E402
from timessquare.protocol.server import serve  # noqa: E402
from timessquare.state import State  # noqa: E402
from timessquare.view import PlayerView  # noqa: E402


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return pyspiel.load_game("python_times_square")


def sample(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def random_play(game, seed: int, visit=None):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if visit is not None:
            visit(state)
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_facts(game) -> None:  # type: ignore[no-untyped-def]
    info = game.get_type()
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 95 and game.max_chance_outcomes() == NUM_CARD_TYPES
    assert game.max_game_length() == MAX_GAME_LENGTH
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]
    assert game.information_state_tensor_shape() == [OBSERVATION_SIZE + 2 * 95 + NUM_CARD_TYPES]


def test_openspiel_random_simulation_test(game) -> None:  # type: ignore[no-untyped-def]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_chance_nodes_are_small_and_sum_to_one(game) -> None:  # type: ignore[no-untyped-def]
    sizes = []

    def visit(state):  # type: ignore[no-untyped-def]
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert 1 <= len(outcomes) <= NUM_CARD_TYPES
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            sizes.append(len(outcomes))

    end = random_play(game, 3, visit)
    assert len(sizes) > DEAL_LENGTH  # the deal and a reshuffle
    assert end.returns()[0] == -end.returns()[1]


def test_chance_nodes_give_the_engine_the_outcome_its_own_sampler_would(game) -> None:  # type: ignore[no-untyped-def]
    """Feeding the deal that `sample_chance` draws, one node at a time, gives the same state as new_game."""
    expected = Game.new(seed=42)
    outcome = sample_chance(State.undealt(), random.Random(42))
    state = game.new_initial_state()
    for value in outcome:
        assert state.is_chance_node()
        state.apply_action(value)
    assert not state.is_chance_node()
    assert state.core.state.hands == expected.state.hands
    assert state.core.state.supply == expected.state.supply
    assert state.core.state.pos == expected.state.pos
    assert state.current_player() == expected.state.to_move


def test_resample_from_infostate_keeps_the_information_state(game) -> None:  # type: ignore[no-untyped-def]
    """What OpenSpiel's ResampleInfostateTest checks (it has no Python binding), at every decision."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = [0]

    def visit(state):  # type: ignore[no-untyped-def]
        if state.is_chance_node():
            return
        for p in (0, 1):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.current_player() == state.current_player()
            assert other.legal_actions() == state.legal_actions() or p != state.current_player()
            changed[0] += other.core.state.hands[1 - p] != state.core.state.hands[1 - p]

    random_play(game, 5, visit)
    assert changed[0] > 50  # the hidden cards really are dealt anew


def test_no_hidden_information_in_what_a_player_observes(game) -> None:  # type: ignore[no-untyped-def]
    """Two deals that differ only in B's hand and the supply order look the same to A."""
    rng = random.Random(1)
    outcome = list(sample_chance(State.undealt(), rng))
    hal, cards = outcome[0], outcome[1:]
    other_cards = cards[:8] + rng.sample(cards[8:], len(cards) - 8)
    states = []
    for deck in (cards, other_cards):
        state = game.new_initial_state()
        for value in (hal, *deck):
            state.apply_action(value)
        states.append(state)
    first, second = states
    assert (
        first.core.state.hands[1] != second.core.state.hands[1] or first.core.state.supply != second.core.state.supply
    )
    for fn in ("information_state_string", "information_state_tensor", "observation_string", "observation_tensor"):
        assert getattr(first, fn)(0) == getattr(second, fn)(0), fn
    assert first.observation_tensor(0) == list(encode_view(PlayerView.of(first.core.state, 0, [])))


def test_openspiel_ismcts_bot_plays_whole_games(game) -> None:  # type: ignore[no-untyped-def]
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=random_state)
    rng = random.Random(0)
    state = game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            bot_moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert bot_moves > 5 and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_state_at_view_roots_a_search_at_the_players_knowledge(game) -> None:  # type: ignore[no-untyped-def]
    played = Game.new(seed=3)
    view = played.view(played.state.to_move)
    state = state_at_view(game, view, random.Random(0))
    assert state.current_player() == view.seat
    assert state.legal_actions() == list(played.state.legal_ids())
    assert state.observation_tensor(view.seat) == list(encode_view(view))


def test_player_program_answers_over_the_player_protocol() -> None:
    played = Game.new(seed=5)
    seat = played.state.to_move
    view = played.view(seat)
    legal = [a for a in played.state.legal_actions()]
    lines = [
        {"type": "hello", "protocol": PROTOCOL, "seat": "AB"[seat]},
        {"type": "act", "view": view.to_document(), "legal": legal},
        {"type": "result", "result": "A", "end": "test"},
    ]
    stdin = io.BytesIO("".join(json.dumps(m) + "\n" for m in lines).encode())
    stdout = io.BytesIO()
    player = OpenSpielISMCTSPlayer(simulations=5)
    assert serve("openspiel-ismcts", played.rules, stdin, stdout, player=player) == 0
    replies = [json.loads(line) for line in stdout.getvalue().decode().splitlines()]
    assert replies[0]["type"] == "hello"
    assert replies[1]["type"] == "action" and replies[1]["action"] in legal
