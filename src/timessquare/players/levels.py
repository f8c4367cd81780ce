"""The four named levels for people to play against: `easy`, `medium`, `hard`, `expert`.

- easy: the heuristic player, but one turn in three is a random complete turn;
- medium: the heuristic player (the best turn by the evaluation, no search);
- hard: ISMCTS in one process, 0.5 s a turn, two turns deep over a pool of 32 sampled worlds;
- expert: ISMCTS with two worker processes, at most 2 seconds a turn (1.7 s of search plus overhead), over
  256 sampled worlds per worker instead of 32, and three turns deep instead of two (its own turn, the
  opponent's reply, its own next turn; then the playout).

Why these (docs/strength.md): on the compiled core a search iteration costs about 80 µs instead of 3 ms,
but more iterations of the same search did not make it stronger (10,000 against 1,000 iterations scored 46%
over 40 games): with 32 worlds every pairing of a root turn, a world and an opponent reply is seen early.
What did pay was more worlds and a third turn in the tree (against the heuristic, 75.5% against 69.8% over
the same 600 games at 3,000 iterations). So hard keeps the old search on one core, and the expert spends its
time on more worlds, searched deeper.

Iterations per turn on the four bench positions, on the development machine nearly idle: hard 7,400-13,700,
the expert 40,000-71,000 in all (a depth-3 iteration costs about twice a depth-2 one); under the machine's
usual load about half. hard and expert take `seconds=S` (the search's time a turn, in place of their 0.5 s
and 1.7 s: an equal-time match is `expert:seconds=0.25,workers=1` against `ismcts:seconds=0.25,...`), and
for measurements that must not depend on the machine's load `iterations=N` (per turn, in all) in place of
their time (HARD_ITERATIONS, EXPERT_ITERATIONS: what each level's time buys under load); with both, the
search stops at whichever comes first. `workers=W` sets the worker processes. In a daemonic process (a pool
worker) the expert's two shares run one after the other.

The registry passes `params["level"]`; easy and medium take no other parameters (use `ismcts:...` to tune).
hard and expert also take `learned=1` (the learned evaluation of learned_net.py in their search),
`learned=2` (at the leaves only), `learned=3` (at the root, to choose and seed the turns searched, and at
the leaves) or `learned=4` (as 3, and for the replies in the tree); the default, 0, is the linear
evaluation.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import TimesSquareError
from ..variants import Rules
from .base import Player
from .heuristic import HeuristicPlayer
from .ismcts import SearchConfig, SearchPlayer, ismcts_search, learned_mode
from .params import read_params

LEVELS = ("easy", "medium", "hard", "expert")  # weakest first: the one list of them (the page gets it too)
EASY_NOISE = 1 / 3
HARD_CONFIG = SearchConfig(seconds=0.5, workers=1)
EXPERT_CONFIG = SearchConfig(seconds=1.7, workers=2, pool=256, depth=3)
# What each level's time buys on the development machine (compiled core, usual load): for arena budgets.
HARD_ITERATIONS = 4_000
EXPERT_ITERATIONS = 24_000


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
    """A level by name; the search levels also take `seconds=S` (the search's time a turn in place of
    theirs), `iterations=N` (a fixed budget per turn in place of their time, for measurements that must not
    depend on the machine's load), `workers=W` and `learned=0..4`."""
    level = params.get("level", "")
    budget = {k: v for k, v in params.items() if k != "level"}
    if level not in SEARCH_LEVELS:
        if budget:
            unknown = ", ".join(sorted(budget))
            raise TimesSquareError(f"{level or 'a level'}: unknown parameter(s) {unknown} (it takes none)")
        return level_player(level, rules)
    defaults = {"iterations": 0, "seconds": 0, "workers": SEARCH_LEVELS[level].workers, "learned": 0}
    values = read_params(level, budget, defaults)
    learned = learned_mode(level, values["learned"])
    config = replace(SEARCH_LEVELS[level], workers=max(1, int(values["workers"])), learned=learned)
    if "seconds" in budget and values["seconds"] <= 0:
        raise TimesSquareError(f"{level}: seconds is the search's time a turn, more than 0 (got {budget['seconds']})")
    iterations = int(values["iterations"])
    if iterations > 0 or values["seconds"] > 0:
        # the budget given replaces the level's time; with both, the search stops at whichever comes first
        config = replace(config, iterations=iterations, seconds=values["seconds"])
    return SearchPlayer(rules, config, ismcts_search, level)
