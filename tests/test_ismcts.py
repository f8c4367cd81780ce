"""The turn search behind `ismcts` and `pimc`: budgets, seeds, root statistics, parallel workers."""

from __future__ import annotations

import multiprocessing
import random
from dataclasses import replace

import pytest

from positions import make_state
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.players.ismcts import SearchConfig, SearchPlayer, WorldPool, ismcts_search
from timessquare.players.pimc import pimc_search
from timessquare.players.sampling import WorldSampler
from timessquare.players.turns import after_turn_outcome
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

CONFIG = SearchConfig(iterations=120, seconds=0, workers=1)


def middle_game_view() -> PlayerView:
    rng = random.Random(3)
    game = Game.new(3)
    player = make_player("heuristic")
    while len(game.moves) < 20:
        seat = game.state.to_move
        game.apply_checked(player.choose(game.view(seat), game.state.legal_ids(), rng))
    while game.state.turn_key != 0:  # to the start of a turn
        seat = game.state.to_move
        game.apply_checked(player.choose(game.view(seat), game.state.legal_ids(), rng))
    assert not game.is_over
    return game.view(game.state.to_move)


def test_an_iteration_budget_is_spent_exactly() -> None:
    view = middle_game_view()
    for search in (ismcts_search, pimc_search):
        stats = search(view, DEFAULT_RULES, CONFIG, 1)
        assert stats.iterations == CONFIG.iterations
        assert sum(stats.visits) == CONFIG.iterations


def test_a_seeded_search_with_an_iteration_budget_is_reproducible() -> None:
    view = middle_game_view()
    for search in (ismcts_search, pimc_search):
        first = search(view, DEFAULT_RULES, replace(CONFIG, worlds=2), 42)
        again = search(view, DEFAULT_RULES, replace(CONFIG, worlds=2), 42)
        assert first.visits == again.visits
        assert first.value_sums == again.value_sums
        other = search(view, DEFAULT_RULES, replace(CONFIG, worlds=2), 43)
        assert other.value_sums != first.value_sums


def test_root_statistics_hold_the_searchers_win_chances() -> None:
    view = middle_game_view()
    stats = ismcts_search(view, DEFAULT_RULES, CONFIG, 5)
    best = stats.best()
    assert stats.visits[best] == max(stats.visits)
    assert all(0.0 <= stats.win_probability(i) <= 1.0 for i in range(len(stats.turns)))


def test_workers_split_the_iterations_and_merge_their_roots() -> None:
    assert CONFIG.split(2).iterations == 60 and CONFIG.split(2).parts == 2
    assert replace(CONFIG, iterations=121).split(2).iterations == 61
    view = middle_game_view()
    player = SearchPlayer(DEFAULT_RULES, replace(CONFIG, workers=2), ismcts_search, "ismcts")
    try:
        stats = player.search(view, random.Random(1))
        again = player.search(view, random.Random(1))
    finally:
        player.close()
    assert stats.iterations == 120
    assert sum(stats.visits) == 120
    assert stats.visits == again.visits  # two seeded workers are as reproducible as one


def test_a_search_player_takes_an_immediate_win_without_searching() -> None:
    # R8.1: Sue onto A's inner entrance with the low bodyguard on the outer one
    state = make_state(sue=3, low=0, high=5, hal=9, deb=11, hand_a="S S G2 H2 D3 D3 DM G1", hand_b="S G2 G2")
    player = make_player("ismcts:iterations=50,workers=1")
    stats = player.search(PlayerView.of(state, 0), random.Random(1))  # type: ignore[attr-defined]
    assert stats.iterations == 0
    state.apply_checked(stats.turns[stats.best()][0])
    state.apply_checked(stats.turns[stats.best()][1])
    assert state.result == 0


def test_the_search_sees_the_opponents_threat() -> None:
    # Charlie is three steps from B's entrance and B's income is 3 (Deb and a bodyguard on B's entrance, and
    # the half bonus): a turn of A that leaves all three loses at the end of B's next turn (R7, R8.1).
    state = make_state(
        sue=12, low=11, high=15, hal=3, deb=16, charlie=12, hand_a="D5 DM G2 G2 S S H2 H1", hand_b="S G2"
    )
    view = PlayerView.of(state, 0)
    stats = ismcts_search(view, DEFAULT_RULES, SearchConfig(iterations=400, seconds=0, workers=1), 3)
    after = state.clone()
    for aid in stats.turns[stats.best()][:-1]:  # up to the `end` (a lure would have ended the turn itself)
        after.apply_checked(aid)
    outcome = after_turn_outcome(after)
    b_income = (outcome.pos[2] >= 15) + (outcome.pos[3] >= 15) + (outcome.pos[4] >= 15) + (outcome.pos[1] > 8)
    assert outcome.pos[5] + b_income < 15


def test_pimc_and_ismcts_search_the_same_root_turns() -> None:
    view = middle_game_view()
    a = ismcts_search(view, DEFAULT_RULES, CONFIG, 1)
    b = pimc_search(view, DEFAULT_RULES, replace(CONFIG, worlds=3), 1)
    assert a.turns == b.turns


def test_inside_a_daemonic_process_the_worker_shares_run_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # a pool worker (a parallel arena) may not start processes; the seeded result stays the same
    view = middle_game_view()
    config = replace(CONFIG, workers=2)
    player = SearchPlayer(DEFAULT_RULES, config, ismcts_search, "ismcts")
    try:
        with_pool = player.search(view, random.Random(9))
    finally:
        player.close()

    class Daemon:
        daemon = True

    monkeypatch.setattr(multiprocessing, "current_process", lambda: Daemon())
    alone = SearchPlayer(DEFAULT_RULES, config, ismcts_search, "ismcts")
    in_turn = alone.search(view, random.Random(9))
    assert alone.pool is None
    assert in_turn.visits == with_pool.visits


def test_a_pool_of_worlds_is_sampled_once_and_played_in_turn() -> None:
    view = middle_game_view()
    stats = ismcts_search(view, DEFAULT_RULES, replace(CONFIG, pool=5), 4)
    assert sum(stats.visits) == CONFIG.iterations
    assert ismcts_search(view, DEFAULT_RULES, replace(CONFIG, pool=5), 4).value_sums == stats.value_sums
    sampler = WorldSampler(view, DEFAULT_RULES)
    pool = WorldPool(sampler, 3)
    rng = random.Random(1)
    worlds = [pool(rng)[0] for _ in range(7)]
    assert [w.hands for w in worlds[:3]] == [w.hands for w in worlds[3:6]]
    assert worlds[0].supply == worlds[6].supply and worlds[0] is not worlds[6]
    assert all(PlayerView.of(w, view.seat, view.moves) == view for w in worlds)
