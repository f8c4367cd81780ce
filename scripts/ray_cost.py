#!/usr/bin/env python3
"""What a game costs as a Ray task (`timessquare arena ... --ray`): Ray's start, then the same games run as
Ray tasks and in this process, on this machine (a Ray of this machine, on loopback; or ADDRESS).

    .venv/bin/python scripts/ray_cost.py --games 200 --players random,heuristic [--address HOST:PORT]
"""

from __future__ import annotations

import argparse
import os
import time

from timessquare.arena.on_ray import RaySession, arena_game_task
from timessquare.arena.runner import deal_seeds
from timessquare.arena.table import GameTask, Table
from timessquare.variants import DEFAULT_RULES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="random,heuristic")
    parser.add_argument("--address", default=None, help="a Ray cluster's HOST:PORT (default: a Ray of this machine)")
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if args.address is None:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback only
    one, two = args.players.split(",")
    tasks = [GameTask(i, seed) for i, seed in enumerate(deal_seeds(1, args.games))]
    table = Table(one, two, DEFAULT_RULES, False)
    start = time.perf_counter()
    for task in tasks:
        table.play(task)
    local = time.perf_counter() - start
    start = time.perf_counter()
    with RaySession(args.address) as session:
        started = time.perf_counter() - start
        list(session.as_completed([arena_game_task.remote(one, two, DEFAULT_RULES, False, t) for t in tasks[:4]]))
        start = time.perf_counter()
        refs = [arena_game_task.remote(one, two, DEFAULT_RULES, False, t) for t in tasks]
        list(session.as_completed(refs))
        remote = time.perf_counter() - start
    each_local, each_remote = 1000 * local / args.games, 1000 * remote / args.games
    print(f"{args.games} games {one} vs {two}: in this process {local:.2f} s ({each_local:.1f} ms a game)")
    print(f"as Ray tasks: {remote:.2f} s ({each_remote:.1f} ms a game), after Ray's start of {started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
