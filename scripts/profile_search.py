"""Profile the expert's search iteration on the fixed bench positions, on either path.

    .venv/bin/python scripts/profile_search.py                 # compiled path, 3000 iterations a position
    .venv/bin/python scripts/profile_search.py --python        # the pure-Python reference path
    .venv/bin/python scripts/profile_search.py --iterations 300 --top 30

Prints the iterations per second and the functions that take the time (cProfile, sorted by own time).
On the reference path the time goes to listing complete turns (turns.py), evaluating them (evaluation.py)
and cloning states; on the compiled path to the two C calls per iteration (a node's best turns, the
playout) and to the tree's selection in Python.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from dataclasses import replace

from timessquare import _fastcore
from timessquare.cli.bench import SEARCH_SEED, search_views
from timessquare.players.ismcts import ismcts_search
from timessquare.players.levels import EXPERT_CONFIG
from timessquare.variants import DEFAULT_RULES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="store_true", help="profile the pure-Python reference path")
    parser.add_argument("--iterations", type=int, default=0, help="per position (default 3000, Python 300)")
    parser.add_argument("--top", type=int, default=20, help="functions to list")
    args = parser.parse_args()
    compiled = not args.python
    if compiled and not _fastcore.available():
        parser.error("the compiled core is not built here; use --python")
    iterations = args.iterations or (3000 if compiled else 300)
    config = replace(EXPERT_CONFIG, workers=1, seconds=0, iterations=iterations, compiled=compiled)
    views = search_views()
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    for view in views:
        ismcts_search(view, DEFAULT_RULES, config, SEARCH_SEED)
    profile.disable()
    took = time.perf_counter() - start
    path = "compiled" if compiled else "python"
    print(f"{path}: {iterations * len(views)} iterations in {took:.2f} s under the profiler")
    print(f"{path}: {iterations * len(views) / took:,.0f} iterations per second (profiled; bench measures without)")
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
