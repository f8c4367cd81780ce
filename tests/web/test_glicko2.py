"""Glicko-2 against the worked example of Glickman's paper, and the properties a rating system must have."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timessquare.web.online.glicko2 import MIN_DEVIATION, Rating, rate, rate_game


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(player, games)
    # the paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999 (it rounds on the way: we get 1464.051)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600
    assert 100 < after.deviation < 101


def test_newcomers_start_provisional_and_settle() -> None:
    a, b = Rating(), Rating()
    assert a.provisional
    for i in range(30):
        a, b = rate_game(a, b, 1.0 if i % 2 else 0.0)
    assert not a.provisional
    assert a.deviation >= MIN_DEVIATION


scores = st.sampled_from([0.0, 0.5, 1.0])
ratings = st.builds(Rating, st.floats(800, 2400), st.floats(MIN_DEVIATION, 350), st.floats(0.04, 0.08))


@given(ratings, ratings)
def test_the_winner_gains_and_the_loser_loses(a: Rating, b: Rating) -> None:
    a_won, b_lost = rate_game(a, b, 1.0)
    assert a_won.rating > a.rating
    assert b_lost.rating < b.rating


@given(ratings, ratings, scores)
def test_a_better_score_never_gives_a_lower_rating(a: Rating, b: Rating, score: float) -> None:
    worse, _ = rate_game(a, b, score)
    better, _ = rate_game(a, b, min(1.0, score + 0.5))
    assert better.rating >= worse.rating
