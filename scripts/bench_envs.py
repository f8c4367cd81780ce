#!/usr/bin/env python3
"""Environment steps per second under masked uniform random play: ours (the vector environment, the
PettingZoo AEC, Gymnasium, OpenSpiel) beside PettingZoo's classic games and OpenSpiel's C++ games, all in
the same run. The environments take turns in several short rounds, so that a load that comes and goes on a
shared machine falls on all of them alike; each first plays a warm-up second, not counted.

    .venv/bin/python scripts/bench_envs.py [--seconds 5] [--envs times_square_vector,times_square,connect_four]

A step is one agent's action with its observation and mask ready: for PettingZoo `env.last()` then
`env.step()`; for Gymnasium and the vector environment one learner action (the opponent, our compiled or
Python `random`, moves inside the step; in self-play the caller's action for the seat to move); for
OpenSpiel one player action with the observation tensor of the player to act (chance outcomes sampled, not
counted). "cpu steps/s" is steps over the process's CPU time: on a shared machine, what one whole core does.

How the vector environment's actions are drawn changes its figure, so each row says it:
- `times_square_vector`: the legal id with the highest of a few tables of random numbers drawn before the
  clock starts, and `copy=False` (the environment's own arrays, no copy a step): the environment's cost
  with the lightest policy around it;
- the `..._per_step` rows and the opponents' rows: a fresh random legal id each step from numpy's generator
  (`rng.random` over the mask, then argmax), and `copy=True` (the default): what a numpy policy pays, and
  the like-for-like comparison with the other environments here, which also draw each action when taken.

PettingZoo's card games need `rlcard` and connect four needs `pygame` (the extra `rl-compare`); an
environment whose dependencies are missing is reported as such and skipped.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[float, np.random.Generator], tuple[int, int]]  # (seconds, rng) -> (steps, games)


def pettingzoo(module_name: str) -> Runner:
    env = importlib.import_module(module_name).env()

    def run(seconds: float, rng: np.random.Generator) -> tuple[int, int]:
        steps = games = 0
        deadline = time.perf_counter() + seconds
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
        return steps, games

    return run


def gymnasium_env() -> Runner:
    import gymnasium

    import timessquare.envs  # noqa: F401  (registers TimesSquare-v0)

    env = gymnasium.make("TimesSquare-v0", opponent="random")

    def run(seconds: float, rng: np.random.Generator) -> tuple[int, int]:
        steps = games = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            _, info = env.reset(seed=int(rng.integers(2**31)))
            games += 1
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
                done = terminated or truncated
                steps += 1
        return steps, games

    return run


def vector_env_per_step(num_envs: int, opponent: str) -> Runner:
    """The vector environment with a random legal id drawn each step, copies on (the default)."""
    from timessquare.envs.vector import TimesSquareVectorEnv

    envs = TimesSquareVectorEnv(num_envs, opponent=opponent)
    state: dict[str, Any] = {}

    def run(seconds: float, rng: np.random.Generator) -> tuple[int, int]:
        if not state:
            state["mask"] = envs.reset(seed=int(rng.integers(2**31)))[1]["action_mask"]
        steps = games = 0
        mask = state["mask"]
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(16):
                actions = np.where(mask > 0, rng.random(mask.shape), -1.0).argmax(axis=1)
                _, _, terminated, truncated, info = envs.step(actions)
                mask = info["action_mask"]
                games += int(terminated.sum() + truncated.sum())
            steps += 16 * num_envs
        state["mask"] = mask
        return steps, games

    return run


def vector_env(num_envs: int = 256) -> Runner:
    """The vector environment with its actions drawn in advance and copy=False (`timessquare bench`'s)."""
    from timessquare.envs.vector import TimesSquareVectorEnv

    envs = TimesSquareVectorEnv(num_envs, opponent="random", copy=False)
    state: dict[str, Any] = {}

    def run(seconds: float, rng: np.random.Generator) -> tuple[int, int]:
        if not state:
            state["mask"] = envs.reset(seed=int(rng.integers(2**31)))[1]["action_mask"].view(np.uint8)
            state["noise"] = rng.integers(1, 255, (16, num_envs, 95), dtype=np.uint8)
        steps = games = k = 0
        mask, noise = state["mask"], state["noise"]
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(16):
                _, _, terminated, truncated, info = envs.step((mask * noise[k % 16]).argmax(axis=1))
                mask = info["action_mask"].view(np.uint8)
                games += int(terminated.sum() + truncated.sum())
                k += 1
            steps += 16 * num_envs
        state["mask"] = mask
        return steps, games

    return run


def openspiel(game_name: str) -> Runner:
    import pyspiel

    if game_name.startswith("python_"):
        import timessquare.envs.openspiel  # noqa: F401  (registers python_times_square)
    game = pyspiel.load_game(game_name)

    def run(seconds: float, rng: np.random.Generator) -> tuple[int, int]:
        steps = games = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            games += 1
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
                    continue
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
                steps += 1
        return steps, games

    return run


ENVIRONMENTS: dict[str, tuple[Callable[[], Runner], str]] = {
    # name: (how to make its runner, what it is)
    "times_square_vector": (vector_env, "ours: 256 games in C vs random; actions drawn in advance, copy=False"),
    "times_square_vector_per_step": (
        lambda: vector_env_per_step(256, "random"),
        "ours: 256 games in C vs random; an action drawn each step, copy=True",
    ),
    "times_square_vector_self": (
        lambda: vector_env_per_step(256, "self"),
        "ours: 256 games in C, self-play (both seats); an action drawn each step, copy=True",
    ),
    "times_square_vector_heuristic": (
        lambda: vector_env_per_step(64, "heuristic"),
        "ours: 64 games in C vs the compiled heuristic; an action drawn each step, copy=True",
    ),
    "times_square_vector_learned": (
        lambda: vector_env_per_step(64, "learned"),
        "ours: 64 games in C vs the compiled learned player; an action drawn each step, copy=True",
    ),
    "times_square": (lambda: pettingzoo("timessquare.envs.times_square_v0"), "this project: PettingZoo AEC"),
    "times_square_gym": (gymnasium_env, "this project: Gymnasium TimesSquare-v0 vs random"),
    "times_square_openspiel": (lambda: openspiel("python_times_square"), "this project: OpenSpiel (Python game)"),
    "leduc_holdem": (lambda: pettingzoo("pettingzoo.classic.leduc_holdem_v4"), "PettingZoo classic card game (rlcard)"),
    "texas_holdem": (lambda: pettingzoo("pettingzoo.classic.texas_holdem_v4"), "PettingZoo classic card game (rlcard)"),
    "connect_four": (lambda: pettingzoo("pettingzoo.classic.connect_four_v3"), "PettingZoo classic board game"),
    "tictactoe": (lambda: pettingzoo("pettingzoo.classic.tictactoe_v3"), "PettingZoo classic board game"),
    "openspiel_connect_four": (lambda: openspiel("connect_four"), "OpenSpiel C++ game"),
    "openspiel_leduc_poker": (lambda: openspiel("leduc_poker"), "OpenSpiel C++ card game"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of play per environment (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds the seconds are split into (default 5)")
    parser.add_argument(
        "--envs",
        default="times_square_vector,times_square_vector_per_step,times_square,times_square_gym,"
        "times_square_openspiel,connect_four,openspiel_connect_four",
        help=f"comma-separated, from: {', '.join(ENVIRONMENTS)}",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.envs.split(",") if n.strip()]
    unknown = [n for n in names if n not in ENVIRONMENTS]
    if unknown:
        print(f"error: unknown environment(s) {', '.join(unknown)} (known: {', '.join(ENVIRONMENTS)})", file=sys.stderr)
        return 2
    runners: dict[str, tuple[Runner, str]] = {}
    for name in names:
        make, what = ENVIRONMENTS[name]
        try:
            runners[name] = (make(), what)
        except ImportError as e:
            print(f"{name}: skipped, missing dependency: {e.name or e}")
    rounds = max(1, args.rounds)
    totals = {name: [0.0, 0.0, 0, 0] for name in runners}  # wall seconds, CPU seconds, steps, games
    rng = np.random.default_rng(args.seed)
    for run, _what in runners.values():
        run(1.0, rng)  # warm-up: caches, lazily built tables, imports
    for _ in range(rounds):
        for name, (run, _what) in runners.items():
            wall, cpu = time.perf_counter(), time.process_time()
            steps, games = run(args.seconds / rounds, rng)
            totals[name][0] += time.perf_counter() - wall
            totals[name][1] += time.process_time() - cpu
            totals[name][2] += steps
            totals[name][3] += games
    print(f"masked random play, {args.seconds:g} s each in {rounds} rounds, one process")
    print(f"{'environment':<24} {'steps/s':>11} {'cpu steps/s':>12} {'steps':>10} {'games':>7}  what")
    for name, (_run, what) in runners.items():
        wall, cpu, steps, games = totals[name]
        print(f"{name:<24} {steps / wall:>11,.0f} {steps / max(cpu, 1e-9):>12,.0f} {steps:>10,} {games:>7,}  {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
