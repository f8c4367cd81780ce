#!/usr/bin/env python3
"""Train a small masked policy on the CPU with plain numpy on the vector environment, against our heuristic.

    .venv/bin/python scripts/train_masked_policy.py --seconds 600 --out /tmp/policy.npz --curve docs/learning-curve.svg
    .venv/bin/python scripts/train_masked_policy.py play --weights /tmp/policy.npz   # as a player program

The learner plays `timessquare.envs.vector.TimesSquareVectorEnv` (a random seat each game, the games
stepped in C): half of its batches against `random`, half against `heuristic` (the level medium), so that
it sees wins early and the opponent it has to beat all along. The policy is a one-hidden-layer network
(observation -> 128 tanh -> 95 logits) whose logits are masked to the legal action ids before the softmax,
so it only ever picks legal actions; it learns by REINFORCE with a learned value baseline and Adam, the
reward being the game's result (+1 / 0 / -1). Nothing but numpy.

Every `--report` seconds it measures the greedy policy against random and the heuristic (the learning
curve, written as an SVG picture); at the end, its win rate against random, easy and medium with 95%
intervals (Wilson), on games apart from training.
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
from timessquare.arena.stats import wilson_interval
from timessquare.envs.encoding import OBSERVATION_HIGH, OBSERVATION_SIZE, encode_view
from timessquare.envs.vector import TimesSquareVectorEnv
from timessquare.variants import DEFAULT_RULES
from timessquare.view import PlayerView

HIDDEN = 128
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


class Collector:
    """Episodes from a vector environment under the (sampling) policy: each sub-environment's steps are kept
    until its game ends, then handed out whole (observations, masks, actions, the final reward)."""

    def __init__(self, opponent: str, num_envs: int, seed: int) -> None:
        self.envs = TimesSquareVectorEnv(num_envs, opponent=opponent, copy=False)
        obs, info = self.envs.reset(seed=seed)
        self.obs, self.mask = obs, info["action_mask"]
        self.steps: list[list[tuple[Any, Any, int]]] = [[] for _ in range(num_envs)]
        self.fresh = np.zeros(num_envs, bool)

    def episodes(self, policy: MaskedPolicy, rng: np.random.Generator, wanted: int) -> list[tuple[Any, ...]]:
        done: list[tuple[Any, ...]] = []
        while len(done) < wanted:
            x = self.obs * SCALE
            # an ended game's mask row is `end` alone (never all zero): that step is ignored and not kept
            _, probs, _ = policy.forward(x, self.mask)
            actions = (probs.cumsum(axis=1) > rng.random((len(probs), 1))).argmax(axis=1)
            for i in np.flatnonzero(~self.fresh):
                self.steps[i].append((x[i].copy(), self.mask[i].copy(), int(actions[i])))
            obs, rewards, terminated, truncated, info = self.envs.step(actions)
            for i in np.flatnonzero(terminated | truncated):
                xs, masks, acts = zip(*self.steps[i], strict=True)
                done.append((np.array(xs), np.array(masks), np.array(acts), float(rewards[i])))
                self.steps[i] = []
            self.fresh = terminated | truncated
            self.obs, self.mask = obs, info["action_mask"]
        return done


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


def greedy_score(policy: MaskedPolicy, opponent: str, games: int, seed: int) -> tuple[float, int]:
    """(points per game, games) of the greedy policy against `opponent`: win 1, draw 1/2, on the vector
    environment (C where the opponent is compiled), deals from `seed` (apart from training's)."""
    num_envs = min(games, 64)
    envs = TimesSquareVectorEnv(num_envs, opponent=opponent, copy=False)
    obs, info = envs.reset(seed=seed)
    points, played = 0.0, 0
    while played < games:
        _, probs, _ = policy.forward(obs * SCALE, info["action_mask"])
        obs, rewards, terminated, truncated, info = envs.step(probs.argmax(axis=1))
        for i in np.flatnonzero(terminated | truncated)[: games - played]:
            points += (rewards[i] + 1) / 2
            played += 1
    envs.close()
    return points / played, played


def write_curve(path: Path, curve: list[tuple[float, int, float, float]]) -> None:
    """The learning curve as an SVG picture: greedy points per game against random and the heuristic, over
    the training games."""
    width, height, margin = 640, 360, 48
    most = max(games for _, games, _, _ in curve) or 1

    def point(games: int, score: float) -> str:
        return (
            f"{margin + (width - 2 * margin) * games / most:.1f},{height - margin - (height - 2 * margin) * score:.1f}"
        )

    lines = []
    for k, (colour, label) in enumerate((("#1f77b4", "vs random"), ("#d62728", "vs heuristic (medium)"))):
        points = " ".join(point(g, row[2 + k]) for row in curve for g in [row[1]])
        lines.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        lines.append(f'<text x="{width - margin - 150}" y="{margin + 16 * k}" fill="{colour}">{label}</text>')
    grid = []
    for tenth in range(0, 11, 2):
        y = height - margin - (height - 2 * margin) * tenth / 10
        grid.append(f'<line x1="{margin}" y1="{y:.1f}" x2="{width - margin}" y2="{y:.1f}" stroke="#ddd"/>')
        grid.append(f'<text x="8" y="{y + 4:.1f}">{tenth * 10}%</text>')
    seconds = curve[-1][0]
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
    title = f"greedy policy: points per game (200 games a point) over {most:,} training games, {seconds:.0f} s"
    svg = f"""{head} font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
{chr(10).join(grid)}
<text x="{margin}" y="20">{title}</text>
<text x="{width / 2 - 40}" y="{height - 12}">training games</text>
{chr(10).join(lines)}
</svg>
"""
    path.write_text(svg, encoding="utf-8")


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
    sources = [Collector(name, args.envs, args.seed * 7 + k) for k, name in enumerate(("random", "heuristic"))]
    curve: list[tuple[float, int, float, float]] = []

    def measure(elapsed: float, games: int) -> None:
        vs_random = greedy_score(policy, "random", 200, 10_000)[0]
        vs_heuristic = greedy_score(policy, "heuristic", 200, 20_000)[0]
        curve.append((elapsed, games, vs_random, vs_heuristic))
        print(
            f"{elapsed:6.0f} s  {games:7d} games  greedy vs random {vs_random:6.1%}  vs heuristic {vs_heuristic:6.1%}"
        )

    start = time.process_time()  # CPU time: the budget is one core's, whatever the machine's load
    games = updates = 0
    measure(0.0, 0)
    next_report = args.report
    while time.process_time() - start < args.seconds:
        batch = sources[updates % 2].episodes(policy, rng, args.batch)
        games += len(batch)
        update(policy, opt, batch, args.entropy)
        updates += 1
        if time.process_time() - start >= next_report:
            measure(time.process_time() - start, games)
            next_report += args.report
    elapsed = time.process_time() - start
    measure(elapsed, games)
    print(f"trained {games} games ({updates} updates) in {elapsed:.0f} s of CPU time")
    out = Path(args.out)
    policy.save(out)
    print(f"weights: {out}")
    if args.curve:
        write_curve(Path(args.curve), curve)
        print(f"learning curve: {args.curve}")
    print("greedy policy, games apart from training (a random seat each):")
    for opponent, games_wanted in (
        ("random", args.eval_games),
        ("easy", args.eval_games // 2),
        ("medium", args.eval_games),
    ):
        score, played = greedy_score(policy, opponent, games_wanted, 30_000)
        low, high = wilson_interval(score, played)
        print(f"  vs {opponent:<7} {score:6.1%} of the points over {played} games (95% CI {low:.1%} .. {high:.1%})")
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
    parser.add_argument("--seconds", type=float, default=600.0, help="training: CPU seconds (default 600)")
    parser.add_argument("--batch", type=int, default=64, help="games per update")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--report", type=float, default=60.0, help="CPU seconds between curve points")
    parser.add_argument("--curve", help="where to write the learning curve (SVG)")
    parser.add_argument("--eval-games", type=int, default=1000, help="games against random and medium at the end")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="masked_policy.npz", help="where to write the weights")
    args = parser.parse_args(argv)
    return play(args) if args.command == "play" else train(args)


if __name__ == "__main__":
    raise SystemExit(main())
