"""The four named levels for people to play against: `easy`, `medium`, `hard`, `expert`.

- easy: the heuristic player, but one turn in three is a random complete turn;
- medium: the heuristic player (the best turn by the evaluation, no search);
- hard: ISMCTS with two worker processes, under a second per turn (0.7 s of search plus overhead);
- expert: ISMCTS with two worker processes, at most 2 seconds per turn (1.7 s of search plus overhead).

In short matches (duplicate deals) medium beat easy 52 of 60 and expert beat medium 30 of 40; the search
needs a few hundred iterations (about 300 a second on one core) before it plays better than the heuristic,
so hard gets both cores too. In a daemonic process (a pool worker) the two shares run one after the other.

The registry passes `params["level"]`; a level takes no other parameters (use `ismcts:...` to tune).
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import TimesSquareError
from ..variants import Rules
from .base import Player
from .heuristic import HeuristicPlayer
from .ismcts import SearchConfig, SearchPlayer, ismcts_search
from .registry import read_params

LEVELS = ("easy", "medium", "hard", "expert")
EASY_NOISE = 1 / 3
HARD_CONFIG = SearchConfig(seconds=0.7, workers=2)
EXPERT_CONFIG = SearchConfig(seconds=1.7, workers=2)


SEARCH_LEVELS = {"hard": HARD_CONFIG, "expert": EXPERT_CONFIG}


def level_player(level: str, rules: Rules) -> Player:
    """The player of a named level."""
    if level == "easy":
        return HeuristicPlayer(rules, noise=EASY_NOISE, name="easy")
    if level == "medium":
        return HeuristicPlayer(rules, name="medium")
    if level == "hard":
        return SearchPlayer(rules, HARD_CONFIG, ismcts_search, "hard")
    if level == "expert":
        return SearchPlayer(rules, EXPERT_CONFIG, ismcts_search, "expert")
    raise TimesSquareError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")


def make(rules: Rules, params: dict[str, str]) -> Player:
    """A level by name; the search levels also take `iterations=N` (a fixed budget per turn in place of
    their time, for measurements that must not depend on the machine's load) and `workers=W`."""
    level = params.get("level", "")
    budget = {k: v for k, v in params.items() if k != "level"}
    if level not in SEARCH_LEVELS:
        if budget:
            unknown = ", ".join(sorted(budget))
            raise TimesSquareError(f"{level or 'a level'}: unknown parameter(s) {unknown} (it takes none)")
        return level_player(level, rules)
    values = read_params(level, budget, {"iterations": 0, "workers": SEARCH_LEVELS[level].workers})
    config = replace(SEARCH_LEVELS[level], workers=max(1, int(values["workers"])))
    if values["iterations"] > 0:
        config = replace(config, iterations=int(values["iterations"]), seconds=0.0)
    return SearchPlayer(rules, config, ismcts_search, level)
