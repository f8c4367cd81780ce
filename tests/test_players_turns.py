"""Complete turns (players/turns.py) and the evaluation (players/evaluation.py)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from positions import make_state, step
from timessquare.actions import ACTIONS, DISCARD, END_ID, LURE, action_id
from timessquare.cards import CHARLIE, LAST_SPACE, A, B
from timessquare.game import Game
from timessquare.players.evaluation import (
    FEATURE_NAMES,
    WEIGHTS,
    discard_order,
    evaluate,
    features,
    frame,
)
from timessquare.players.turns import after_turn_outcome, complete_turns
from timessquare.state import State
from timessquare.tables import TK_START


def random_state(seed: int, actions: int) -> State:
    rng = random.Random(seed)
    game = Game.new(seed)
    for _ in range(actions):
        legal = game.state.legal_ids()
        if not legal:
            break
        game.apply_checked(legal[rng.randrange(len(legal))])
    return game.state


# A game still going, after up to 120 random actions from a random deal.
LIVE_STATES = st.builds(random_state, st.integers(0, 2**32 - 1), st.integers(0, 120)).filter(
    lambda state: state.result is None
)


def replay_turn(start: State, actions: tuple[int, ...]) -> State:
    state = start.clone()
    for aid in actions:
        if aid == END_ID:
            break
        state.apply_checked(aid)  # the checked path: every action of a turn must be legal in order
    return state


@settings(max_examples=25, deadline=None)
@given(state=LIVE_STATES)
def test_every_turn_is_legal_and_leads_where_it_says(state: State) -> None:
    turns = complete_turns(state)
    assert turns
    seen = set()
    for turn in turns:
        after = replay_turn(state, turn.actions)
        assert after.pos == turn.state.pos and after.hands == turn.state.hands
        assert after.turn_key == turn.state.turn_key and after.result == turn.state.result
        # R5.4: a turn closes with `end`, a lure (R5.2) or the end of the game (R8.1)
        last = ACTIONS[turn.actions[-1]]
        assert turn.actions[-1] == END_ID or last.kind == LURE or turn.state.result is not None
        if turn.actions[-1] == END_ID:
            key = (tuple(after.pos), after.turn_key, tuple(after.hands[state.to_move]))
            assert key not in seen, "turns are told apart by where they lead"
            seen.add(key)


def test_r5_3_trades_come_in_card_order_only_once() -> None:
    state = make_state(hand_a="S S G2 H2 D3 D3 DM G1")
    trades = [t for t in complete_turns(state) if ACTIONS[t.actions[0]].kind == DISCARD]
    # the sub-multisets of {S:2, G1, G2, H2, D3:2, DM}, the empty one left out
    assert len(trades) == 3 * 2 * 2 * 2 * 3 * 2 - 1
    ordered = [t for t in complete_turns(state, discard_order=discard_order(state, A)) if t.state.turn_key == 1]
    assert [len(t.actions) - 1 for t in ordered] == list(range(1, 9))


def test_r8_1_a_winning_turn_is_found_and_stops_at_the_win() -> None:
    # A's outer bodyguard is on the outer space: two S cards take Sue from 3 to 1 (R3, R8.1)
    state = make_state(sue=3, low=0, high=5, hal=9, deb=11, hand_a="S S G2 H2 D3 D3 DM G1")
    wins = [t for t in complete_turns(state) if t.state.result == A]
    assert [ACTIONS[a].notation for a in wins[0].actions] == ["S sue-1", "S sue-1"]


def test_a_turn_in_progress_may_end_at_once() -> None:
    state = make_state(hand_a="S S G2 H2 D3 D3 DM G1")
    state.apply_checked("S sue-1")
    turns = complete_turns(state)
    assert turns[0].actions == (END_ID,)
    assert all(ACTIONS[a].notation.startswith(("S", "end")) for t in turns for a in t.actions)


def test_the_cap_bounds_the_number_of_turns() -> None:
    state = make_state(hand_a="D1 D2 D2 D3 D3 D4 D5 DM", deb=3)
    assert len(complete_turns(state, cap=50)) == 50


@settings(max_examples=25, deadline=None)
@given(state=LIVE_STATES)
def test_r7_the_outcome_of_a_turn_matches_the_real_end_of_it(state: State) -> None:
    for turn in complete_turns(state, cap=60):
        outcome = after_turn_outcome(turn.state)
        real = turn.state.clone()
        if turn.ends_with_draw:
            step(real, END_ID, random.Random(0))
        assert outcome.result == real.result
        if real.result is None:
            assert outcome.pos[CHARLIE] == real.pos[CHARLIE]  # Charlie's step does not depend on the draw
            assert outcome.to_move == real.to_move


def test_evaluation_is_a_probability_and_knows_finished_games() -> None:
    state = random_state(4, 20)
    for seat in (A, B):
        assert 0.0 < evaluate(state, seat) < 1.0
    won = make_state(sue=3, low=0, high=5, hand_a="S S G2 H2 D3 D3 DM G1")
    won.apply_checked("S sue-1")
    won.apply_checked("S sue-1")
    assert evaluate(won, A) == 1.0 and evaluate(won, B) == 0.0


def test_evaluation_is_the_logistic_of_its_weighted_features() -> None:
    import math

    state = random_state(8, 40)
    assert len(WEIGHTS) == len(FEATURE_NAMES) == len(features(state, A))
    logit = sum(w * f for w, f in zip(WEIGHTS, features(state, A), strict=True))
    assert math.isclose(evaluate(state, A), 1 / (1 + math.exp(-logit)))


def mirrored(state: State) -> State:
    """The same game with the seats swapped: the board turned around, hands and turn exchanged."""
    top = LAST_SPACE
    sue, low, high, hal, deb, charlie = state.pos
    pos = [top - sue, top - high, top - low, top - hal, top - deb, top - charlie]
    return State(
        pos,
        [state.hands[B], state.hands[A]],
        state.supply,
        state.supply_number,
        state.discard,
        1 - state.to_move,
        state.turn_key,
        state.turn_cards,
    )


@settings(max_examples=30, deadline=None)
@given(state=LIVE_STATES)
def test_evaluation_does_not_favour_a_seat(state: State) -> None:
    other = mirrored(state)
    assert frame(state.pos, A) == frame(other.pos, B)
    assert evaluate(state, A) == evaluate(other, B)
    assert evaluate(state, B) == evaluate(other, A)


def test_r10_evaluation_ignores_the_opponent_hand_and_the_supply_order() -> None:
    state = random_state(11, 25)
    twin = state.clone()
    pool = twin.supply + [c for c in range(13) for _ in range(twin.hands[B][c])]
    random.Random(3).shuffle(pool)
    twin.hands[B] = [0] * 13
    for card in pool[: state.hand_sizes[B]]:
        twin.hands[B][card] += 1
    twin.supply = pool[state.hand_sizes[B] :]
    assert twin.hands[B] != state.hands[B]
    assert evaluate(state, A) == evaluate(twin, A)


def test_lure_turns_and_plays_are_both_offered_at_a_turn_start() -> None:
    state = make_state(sue=8, low=6, high=10, hal=7, deb=9, hand_a="S S G2 H2 D3 D3 DM G1")
    assert state.turn_key == TK_START
    firsts = {ACTIONS[t.actions[0]].notation for t in complete_turns(state)}
    assert {"lure sue", "lure low", "S sue-1", "SS group-1", "discard S", "H2 hal-2"} <= firsts
    assert action_id("lure high") not in {t.actions[0] for t in complete_turns(state)}
