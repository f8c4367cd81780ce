#!/usr/bin/env python3
"""Train a small masked policy on the CPU with plain numpy, then show through the arena that it beats random.

    .venv/bin/python scripts/train_masked_policy.py --seconds 120 --out /tmp/policy.npz --arena-games 100
    .venv/bin/python scripts/train_masked_policy.py play --weights /tmp/policy.npz   # as a player program

The learner plays Gymnasium's "TimesSquare-v0" (a random seat each game) against our `random` player.
The policy is a one-hidden-layer network (observation -> 64 tanh -> 95 logits) whose logits are masked to
the legal action ids before the softmax, so it only ever picks legal actions; it learns by REINFORCE with a
learned value baseline and Adam, the reward being the game's result (+1 / 0 / -1). Nothing but numpy.

After training it writes the weights and runs `timessquare arena` programmatically between
`cmd:<this script> play --weights FILE` (the greedy policy over the player protocol) and `random`, on
paired deals, and prints the arena's report.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from timessquare.actions import NUM_ACTIONS
from timessquare.arena import run_arena
from timessquare.arena.report import summary_lines
from timessquare.envs.encoding import OBSERVATION_HIGH, OBSERVATION_SIZE, encode_view
from timessquare.envs.gym_env import TimesSquareEnv
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

HIDDEN = 64
SCALE = 1.0 / OBSERVATION_HIGH  # every observation value into [0, 1]


class MaskedPolicy:
    """Weights and the forward pass; `W1, b1` the hidden layer, `W2, b2` the logits, `v, c` the value."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.params: dict[str, np.ndarray[Any, Any]] = {
            "W1": rng.normal(0.0, 1.0 / np.sqrt(OBSERVATION_SIZE), (OBSERVATION_SIZE, HIDDEN)),
            "b1": np.zeros(HIDDEN),
            "W2": rng.normal(0.0, 0.01, (HIDDEN, NUM_ACTIONS)),
            "b2": np.zeros(NUM_ACTIONS),
            "v": np.zeros(HIDDEN),
            "c": np.zeros(1),
        }

    def forward(self, x: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> tuple[Any, Any, Any]:
        """Hidden activations, masked action probabilities, value (batched over the first axis)."""
        p = self.params
        h = np.tanh(x @ p["W1"] + p["b1"])
        logits = h @ p["W2"] + p["b2"]
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        probs = e / e.sum(axis=-1, keepdims=True)
        value = h @ p["v"] + p["c"][0]
        return h, probs, value

    def save(self, path: Path) -> None:
        np.savez(path, **self.params)

    @classmethod
    def load(cls, path: Path) -> MaskedPolicy:
        policy = cls(np.random.default_rng(0))
        with np.load(path) as data:
            policy.params = {k: data[k] for k in policy.params}
        return policy


class Adam:
    def __init__(self, params: dict[str, np.ndarray[Any, Any]], lr: float) -> None:
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.s = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray[Any, Any]], grads: dict[str, np.ndarray[Any, Any]]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.s[k] = 0.999 * self.s[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            s_hat = self.s[k] / (1 - 0.999**self.t)
            params[k] -= self.lr * m_hat / (np.sqrt(s_hat) + 1e-8)  # descent on the loss


def play_episode(env: TimesSquareEnv, policy: MaskedPolicy, rng: np.random.Generator, seed: int) -> tuple[Any, ...]:
    xs, masks, actions = [], [], []
    obs, info = env.reset(seed=seed)
    while True:
        x = obs * SCALE
        mask = info["action_mask"]
        _, probs, _ = policy.forward(x, mask)
        action = int(rng.choice(NUM_ACTIONS, p=probs))
        xs.append(x)
        masks.append(mask)
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return np.array(xs), np.array(masks), np.array(actions), float(reward)


def update(policy: MaskedPolicy, opt: Adam, batch: list[tuple[Any, ...]], entropy: float) -> None:
    """One REINFORCE step with a value baseline over a batch of episodes (gradients of the loss)."""
    x = np.concatenate([b[0] for b in batch])
    mask = np.concatenate([b[1] for b in batch])
    actions = np.concatenate([b[2] for b in batch])
    returns = np.concatenate([np.full(len(b[2]), b[3]) for b in batch])
    n = len(actions)
    h, probs, value = policy.forward(x, mask)
    advantage = returns - value
    onehot = np.zeros_like(probs)
    onehot[np.arange(n), actions] = 1.0
    # d(-log pi(a) * A)/dlogits = (pi - onehot) * A ; entropy bonus pushes toward the masked uniform
    safe = np.where(probs > 0, probs, 1.0)
    log_p = np.log(safe)
    ent_grad = probs * (log_p - (probs * log_p).sum(axis=1, keepdims=True))
    dlogits = ((probs - onehot) * advantage[:, None] + entropy * ent_grad) / n
    dvalue = -(advantage) / n  # d(0.5 * (R - V)^2)/dV
    p = policy.params
    grads = {
        "W2": h.T @ dlogits,
        "b2": dlogits.sum(axis=0),
        "v": h.T @ dvalue,
        "c": np.array([dvalue.sum()]),
    }
    dh = dlogits @ p["W2"].T + np.outer(dvalue, p["v"])
    dpre = dh * (1.0 - h * h)
    grads["W1"] = x.T @ dpre
    grads["b1"] = dpre.sum(axis=0)
    opt.step(p, grads)


def quick_win_rate(policy: MaskedPolicy, games: int, seed: int) -> float:
    """Greedy policy against random, in process (the arena gives the real figure afterwards)."""
    env = TimesSquareEnv(opponent="random")
    points = 0.0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        while True:
            _, probs, _ = policy.forward(obs * SCALE, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(np.argmax(probs)))
            if terminated or truncated:
                points += (reward + 1) / 2
                break
    return points / games


class PolicyPlayer:
    """The trained policy as one of our players (greedy over the legal actions)."""

    def __init__(self, path: Path) -> None:
        self.policy = MaskedPolicy.load(path)
        self.name = f"masked-policy:{path.name}"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(legal)] = 1
        _, probs, _ = self.policy.forward(encode_view(view) * SCALE, mask)
        return int(np.argmax(probs))

    def close(self) -> None:
        pass


def train(args: argparse.Namespace) -> int:
    rng = np.random.default_rng(args.seed)
    policy = MaskedPolicy(rng)
    opt = Adam(policy.params, args.lr)
    env = TimesSquareEnv(opponent="random")
    print(f"greedy win rate vs random before training: {quick_win_rate(policy, 200, 10_000):.1%} (200 games)")
    start = time.perf_counter()
    episodes = updates = 0
    recent: list[float] = []
    next_report = start + 20
    while time.perf_counter() - start < args.seconds:
        batch = [play_episode(env, policy, rng, args.seed * 1_000_003 + episodes + i) for i in range(args.batch)]
        episodes += args.batch
        recent.extend(b[3] for b in batch)
        update(policy, opt, batch, args.entropy)
        updates += 1
        if time.perf_counter() >= next_report:
            mean = np.mean(recent[-500:])
            print(f"{time.perf_counter() - start:6.0f} s  {episodes:6d} games  mean reward (last 500) {mean:+.3f}")
            next_report += 20
    elapsed = time.perf_counter() - start
    print(f"trained {episodes} games ({updates} updates) in {elapsed:.0f} s")
    print(f"greedy win rate vs random after training: {quick_win_rate(policy, 200, 10_000):.1%} (200 games)")
    out = Path(args.out)
    policy.save(out)
    print(f"weights: {out}")
    if args.arena_games:
        me = f"cmd:{sys.executable} {Path(__file__).resolve()} play --weights {out.resolve()}"
        t0 = time.perf_counter()
        report = run_arena(me, "random", args.arena_games, args.seed, DEFAULT_RULES, workers=1)
        for line in summary_lines(report):
            print(line)
        print(f"arena: {time.perf_counter() - t0:.0f} s")
    return 0


def play(args: argparse.Namespace) -> int:
    from timessquare.protocol.server import serve

    path = Path(args.weights)
    if not path.is_file():
        print(f"error: no weights file {path} (train first: this script without `play`)", file=sys.stderr)
        return 2
    player = PolicyPlayer(path)
    return serve(player.name, DEFAULT_RULES, player=player)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("play", help="serve trained weights over the player protocol")
    p.add_argument("--weights", required=True)
    parser.add_argument("--seconds", type=float, default=120.0, help="training time (default 120)")
    parser.add_argument("--batch", type=int, default=32, help="games per update")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="masked_policy.npz", help="where to write the weights")
    parser.add_argument("--arena-games", type=int, default=100, help="arena games vs random after training (0: none)")
    args = parser.parse_args(argv)
    return play(args) if args.command == "play" else train(args)


if __name__ == "__main__":
    raise SystemExit(main())
