#!/usr/bin/env python3
"""Environment steps per second of PettingZoo random play: times_square_v0 beside PettingZoo's own classic
environments, measured in the same run with the same loop (masked uniform random actions, `env.last()`
then `env.step()` for every agent turn, resets included). The environments take turns in several short
rounds, so that a load that comes and goes on a shared machine falls on all of them alike; each first
plays a warm-up second, not counted (our engine builds its legality tables on first use).

    .venv/bin/python scripts/bench_envs.py [--seconds 5] [--envs times_square,leduc_holdem,connect_four]

PettingZoo's card games need `rlcard` and connect four needs `pygame` (`pip install 'pettingzoo[classic]'`);
an environment whose dependencies are missing is reported as such and skipped.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from typing import Any

import numpy as np

ENVIRONMENTS: dict[str, tuple[str, str]] = {
    # name: (module, what it is)
    "times_square": ("timessquare.envs.times_square_v0", "this project"),
    "leduc_holdem": ("pettingzoo.classic.leduc_holdem_v4", "PettingZoo classic card game (rlcard)"),
    "texas_holdem": ("pettingzoo.classic.texas_holdem_v4", "PettingZoo classic card game (rlcard)"),
    "connect_four": ("pettingzoo.classic.connect_four_v3", "PettingZoo classic board game"),
    "tictactoe": ("pettingzoo.classic.tictactoe_v3", "PettingZoo classic board game"),
}


def play_for(env: Any, seconds: float, rng: np.random.Generator) -> tuple[float, int, int]:
    """(elapsed seconds, steps, games) of masked random play for about `seconds` (whole games)."""
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=int(rng.integers(2**31)))
        games += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return time.perf_counter() - start, steps, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of play per environment (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds the seconds are split into (default 5)")
    parser.add_argument(
        "--envs",
        default="times_square,leduc_holdem,connect_four",
        help=f"comma-separated, from: {', '.join(ENVIRONMENTS)}",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.envs.split(",") if n.strip()]
    unknown = [n for n in names if n not in ENVIRONMENTS]
    if unknown:
        print(f"error: unknown environment(s) {', '.join(unknown)} (known: {', '.join(ENVIRONMENTS)})", file=sys.stderr)
        return 2
    envs: dict[str, tuple[Any, str]] = {}
    for name in names:
        module_name, what = ENVIRONMENTS[name]
        try:
            envs[name] = (importlib.import_module(module_name).env(), what)
        except ImportError as e:
            print(f"{name}: skipped, missing dependency: {e.name or e}")
    rounds = max(1, args.rounds)
    totals = {name: [0.0, 0, 0] for name in envs}
    rng = np.random.default_rng(args.seed)
    for env, _what in envs.values():
        play_for(env, 1.0, rng)  # warm-up: caches, lazily built tables, imports
    for _ in range(rounds):
        for name, (env, _what) in envs.items():
            elapsed, steps, games = play_for(env, args.seconds / rounds, rng)
            totals[name][0] += elapsed
            totals[name][1] += steps
            totals[name][2] += games
    print(f"PettingZoo AEC, masked random play, {args.seconds:g} s each in {rounds} rounds, one process")
    print(f"{'environment':<16} {'steps/s':>10} {'steps':>9} {'games':>7} {'steps/game':>10}  what")
    results: dict[str, float] = {}
    for name, (env, what) in envs.items():
        elapsed, steps, games = totals[name]
        results[name] = steps / elapsed
        print(f"{name:<16} {results[name]:>10,.0f} {steps:>9,} {games:>7,} {steps / games:>10.1f}  {what}")
        env.close()
    if "times_square" in results:
        ours = results["times_square"]
        for name, rate in results.items():
            if name != "times_square":
                print(f"times_square / {name}: {ours / rate:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
