"""Hints for a person at the table: the turn the search would play from here, and the chances.

`suggest(view, rules, seconds)` runs ISMCTS in-process (no worker processes, so an interface may call it
from any thread) from the asking seat's view only (R10), and returns the next action, the whole suggested
turn and the estimated probability of winning.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import TimesSquareError
from ..variants import Rules
from ..view import PlayerView
from .ismcts import SearchConfig, SearchPlayer, ismcts_search


@dataclass(frozen=True)
class Hint:
    """A suggestion: `action` (an action id) is `turn[0]`; `turn` runs to the end of the turn;
    `win_probability` is the estimate for the asking seat (0..1), after that turn."""

    action: int
    turn: tuple[int, ...]
    win_probability: float


def suggest(view: PlayerView, rules: Rules, seconds: float = 1.0, rng: random.Random | None = None) -> Hint:
    """The turn ISMCTS suggests for `view.seat`, who must be to move in a running game."""
    if view.seat is None:
        raise TimesSquareError("a spectator gets no hints: there is no hand to play")
    if view.result is not None:
        raise TimesSquareError("the game is over")
    if view.to_move != view.seat:
        raise TimesSquareError("it is not this seat's turn")
    if seconds <= 0:
        raise TimesSquareError("hints need some thinking time (seconds > 0)")
    rng = rng if rng is not None else random.Random()
    searcher = SearchPlayer(rules, SearchConfig(seconds=seconds, workers=1), ismcts_search, "hint")
    stats = searcher.search(view, rng)
    best = stats.best()
    turn = stats.turns[best]
    return Hint(turn[0], turn, stats.win_probability(best))
