"""Who a rated game moves, and by how much: Glicko-2 (glicko2.py) between accounts, and against the computer.

The computer levels hold fixed ratings placed by the measured Elo differences of docs/strength.md (easy is
put at 1100; medium beat easy by +467, hard beat medium by +119, the expert beat hard 58.4% over 800 games,
+59). A person's rated game against a level moves only the person: the level's strength is measured, so it is
an anchor that does not drift, and someone with nobody online to play can still earn a rating.
"""

from __future__ import annotations

from typing import Any

from ...events import MOVE
from ...players.levels import LEVELS
from .glicko2 import MIN_DEVIATION, Rating, rate

# Each level's rating, in the order of LEVELS (a level added there without its rating here fails at import).
LEVEL_RATINGS = dict(zip(LEVELS, (1100.0, 1567.0, 1686.0, 1745.0), strict=True))
LEVEL_DEVIATION = 60.0  # about the width of the measured intervals, in rating points

SCORES = {"A": {"A": 1.0, "B": 0.0, "draw": 0.5}, "B": {"A": 0.0, "B": 1.0, "draw": 0.5}}


def both_moved(session: Any) -> bool:
    """Did each player take an action? (A game one side never moved in is aborted, not rated: R11.5.)"""
    return {event.seat for event in session.game.events if event.kind == MOVE} >= {0, 1}


def level_rating(level: str) -> Rating:
    return Rating(LEVEL_RATINGS[level], LEVEL_DEVIATION)


REPEATS_IN_FULL = 3  # rated games between the same two players in a day that move the ratings fully ...
REPEAT_DAYS = 1  # ... (the day: the REPEAT_DAYS before the game's end); each further one moves them half as much
DISTINCT_OPPONENTS = 5  # a rating is shown (player page, leaderboard) after rated games against this many


def repeat_weight(earlier: int) -> float:
    """How much a rated game counts after `earlier` rated games between the same two players in the day."""
    return 1.0 if earlier < REPEATS_IN_FULL else 0.5 ** (earlier - REPEATS_IN_FULL + 1)


def weighted(before: Rating, after: Rating, weight: float) -> Rating:
    """Part of a rating change: a repeated pairing moves rating and deviation `weight` of the way."""
    if weight >= 1.0:
        return after
    return Rating(
        before.rating + (after.rating - before.rating) * weight,
        before.deviation + (after.deviation - before.deviation) * weight,
        before.volatility + (after.volatility - before.volatility) * weight,
    )


def new_ratings(game: Any, accounts: dict[int, Any], result: str, weight: float = 1.0) -> dict[int, Rating]:
    """The new rating of each account in a finished rated game (`game`: store.OnlineGame; `accounts` by id),
    the change scaled by `weight` (repeat_weight)."""
    if result not in SCORES["A"]:  # an aborted game (R11.9) moves nobody and is not counted
        return {}
    before: dict[str, Rating] = {}
    for seat, account_id in game.accounts.items():
        if account_id is not None and account_id in accounts:
            before[seat] = accounts[account_id].rating
        elif game.level is not None:
            before[seat] = level_rating(game.level)
    if len(before) != 2:  # an account was deleted meanwhile: nobody's rating moves
        return {}
    new: dict[int, Rating] = {}
    for seat, other in (("A", "B"), ("B", "A")):
        account_id = game.accounts[seat]
        if account_id is not None and account_id in accounts:
            score = SCORES[seat][result]
            after = rate(before[seat], [(before[other], score)], min_deviation=MIN_DEVIATION)
            new[account_id] = weighted(before[seat], after, weight)
    return new
