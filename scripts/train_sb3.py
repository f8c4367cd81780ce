"""Train Stable-Baselines3's PPO or sb3-contrib's MaskablePPO on the compiled games, then measure it.

    .venv/bin/python scripts/train_sb3.py --algo maskable-ppo --steps 200000 --opponent heuristic --out /tmp/mppo.zip

The learner plays `TimesSquareSB3VecEnv` (timessquare.envs.sb3: the C games as SB3's VecEnv) against
`--opponent` (random, heuristic or learned, all compiled; a random seat each game). `maskable-ppo` samples
only legal actions (the masks of `action_masks()`); `ppo` sees no mask, and an illegal action costs the
penalty (-0.1) and changes nothing. At the end the greedy policy (masked for maskable-ppo) plays
`--eval-games` games against random, against the heuristic and against the learned player; the script
prints its points per game (win 1, draw 1/2) with 95% Wilson intervals, the training time and the CPU
time. Needs the extra sb3 (`pip install -e '.[sb3]'`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from timessquare.arena.stats import wilson_interval


def evaluate(model: Any, masked: bool, opponent: str, games: int, seed: int) -> tuple[float, int, int]:
    """The greedy policy's points per game against `opponent` over `games` finished games, and how many of
    them were cut at the bound on game length (an unmasked policy that repeats an illegal action: a loss)."""
    from timessquare.envs.sb3 import TimesSquareSB3VecEnv

    env = TimesSquareSB3VecEnv(num_envs=16, opponent=opponent)
    env.seed(seed)
    obs = env.reset()
    points, played, cut = 0.0, 0, 0
    while played < games:
        masks = env.action_masks()
        if masked:
            actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        else:
            actions, _ = model.predict(obs, deterministic=True)
        obs, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            if infos[i].get("TimeLimit.truncated"):
                cut += 1
            else:
                points += (float(rewards[i]) + 1) / 2
            played += 1
    env.close()
    return points / played, played, cut


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--algo", choices=("maskable-ppo", "ppo"), default="maskable-ppo")
    parser.add_argument("--steps", type=int, default=200_000, help="learner steps (default 200000)")
    parser.add_argument("--opponent", choices=("random", "heuristic", "learned"), default="heuristic")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together (default 16)")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="where to save the model (SB3's zip)")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3 import PPO

    torch.set_num_threads(1)  # one core: more threads only fight over a busy machine

    from timessquare.envs.sb3 import TimesSquareSB3VecEnv

    env = TimesSquareSB3VecEnv(num_envs=args.envs, opponent=args.opponent)
    env.seed(args.seed)
    masked = args.algo == "maskable-ppo"
    algo = MaskablePPO if masked else PPO
    model = algo("MlpPolicy", env, n_steps=256, batch_size=256, seed=args.seed, device="cpu", verbose=0)
    wall, cpu = time.time(), time.process_time()
    model.learn(total_timesteps=args.steps)
    wall, cpu = time.time() - wall, time.process_time() - cpu
    print(f"{args.algo}: {model.num_timesteps} steps against {args.opponent} in {wall:.0f} s ({cpu:.0f} CPU s)")
    if args.out:
        model.save(args.out)
    for opponent in ("random", "heuristic", "learned"):
        score, played, cut = evaluate(model, masked, opponent, args.eval_games, args.seed + 100)
        lo, hi = wilson_interval(score, played)
        cuts = f", {cut} cut at the length bound (lost)" if cut else ""
        print(f"  greedy vs {opponent}: {score:.1%} of {played} games ({lo:.1%} .. {hi:.1%}){cuts}")


if __name__ == "__main__":
    main()
