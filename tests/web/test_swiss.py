"""Swiss pairings and standings (web/online/swiss.py, docs/rules.md R11.10)."""

from __future__ import annotations

import itertools
import random

import pytest

from timessquare.web.online.swiss import NoPairing, Result, pair, scores, standings


def test_the_first_round_pairs_by_rating_and_the_lowest_gets_the_bye() -> None:
    ratings = {1: 1700.0, 2: 1600.0, 3: 1500.0, 4: 1400.0, 5: 1300.0}
    pairs, bye = pair(list(ratings), ratings, [])
    assert pairs == [(1, 2), (3, 4)] and bye == 5


def test_rounds_pair_by_score_never_repeat_and_give_each_bye_once() -> None:
    rng = random.Random(7)
    for players in (6, 7, 8):
        ids = list(range(players))
        ratings = {p: 1500.0 + rng.randrange(-200, 200) for p in ids}
        results: list[Result] = []
        for _ in range(players - 1 if players % 2 == 0 else players - 2):
            pairs, bye = pair(ids, ratings, results)
            met = {frozenset((r.white, r.black)) for r in results if r.black is not None}
            assert not met & {frozenset(p) for p in pairs}  # no repeat
            if bye is not None:
                assert bye not in {r.white for r in results if r.black is None}
                results.append(Result(bye, None, None))
            points = scores(ids, results)
            for white, black in pairs:
                assert points[white] >= points[black] - 1  # neighbours on the score table
                outcome = rng.choice(["white", "black", "draw"])
                winner = white if outcome == "white" else black if outcome == "black" else None
                results.append(Result(white, black, winner, outcome == "draw"))
            assert sorted(itertools.chain(*pairs, [bye] if bye is not None else [])) == ids


def test_standings_break_ties_by_buchholz() -> None:
    # 1 and 3 both win, then draw each other: 1.5 each; 1 beat 2 (who then won), 3 beat 4 (who lost again).
    results = [Result(1, 2, 1), Result(3, 4, 3), Result(1, 3, None, draw=True), Result(2, 4, 2)]
    table = standings([1, 2, 3, 4], {3: 1900.0}, results)
    assert [(s.player, s.score, s.buchholz) for s in table] == [
        (1, 1.5, 2.5),
        (3, 1.5, 1.5),
        (2, 1.0, 1.5),
        (4, 0.0, 2.5),
    ]


def test_more_rounds_than_opponents_cannot_be_paired() -> None:
    results = [Result(1, 2, 1)]
    with pytest.raises(NoPairing):
        pair([1, 2], {}, results)
