"""How fast the vector environment runs (`timessquare bench --json`: "vector_env"; docs/research.md).

Learner steps per second on one core, observations and masks included: `num_envs` games against the
compiled `random` opponent, stepped with masked random actions. The actions come from a few tables of
random numbers made before the clock starts (the legal id with the highest number, in numpy), and the
environment hands out its own arrays (`copy=False`), so the figure is the environment's, with only a light
policy around it: the result says so ("actions": "drawn in advance", "copy": false). A policy that draws
each action with numpy when it is taken, with copies on, gets less (scripts/bench_envs.py measures both;
docs/research.md gives the figures side by side). On a shared machine the process gets part of a core:
"steps_per_cpu_second" (steps over the process's CPU time) is what one core does.
"""

from __future__ import annotations

import time

import numpy as np

from .vector import TimesSquareVectorEnv

NOISE_TABLES = 16


def vector_steps_per_second(
    seconds: float, seed: int = 0, num_envs: int = 256, opponent: str = "random"
) -> dict[str, float | str]:
    """{"steps_per_second", "steps_per_cpu_second", "steps", "seconds", "num_envs", "engine", "opponent",
    "actions", "copy"} of about `seconds` of masked random play."""
    envs = TimesSquareVectorEnv(num_envs, opponent=opponent, copy=False)
    _, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    noise = rng.integers(1, 255, (NOISE_TABLES, num_envs, info["action_mask"].shape[1]), dtype=np.uint8)
    mask = info["action_mask"].view(np.uint8)
    steps = k = 0
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(16):
            actions = (mask * noise[k % NOISE_TABLES]).argmax(axis=1)
            mask = envs.step(actions)[4]["action_mask"].view(np.uint8)
            k += 1
        steps += 16 * num_envs
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "steps_per_second": round(steps / elapsed, 1),
        "steps_per_cpu_second": round(steps / max(cpu, 1e-9), 1),
        "steps": steps,
        "seconds": round(elapsed, 3),
        "num_envs": num_envs,
        "engine": envs.engine,
        "opponent": opponent,
        "actions": "drawn in advance",
        "copy": False,
    }
