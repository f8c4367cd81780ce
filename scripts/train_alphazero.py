"""Train the `alphazero` player's policy+value network by self-play with search (docs/research.md).

    .venv/bin/python scripts/train_alphazero.py --out /tmp/alphazero_net.json                # up to 110 minutes
    .venv/bin/python scripts/train_alphazero.py --minutes 30 --out /tmp/az.json --ray        # games on a local Ray
    RAY_AUTH_MODE=token .venv/bin/python scripts/train_alphazero.py --ray HEAD:6379 --out /tmp/az.json

AlphaZero's loop with its search made for hidden cards (players/alphazero.py: PUCT over worlds sampled from
the seat's view, the network's prior at each node and its value at the leaf):

1. Self-play: `--games` games a iteration between two copies of the current net's player, each searching
   `--simulations` simulations a decision, with Dirichlet noise on the root's prior and the first
   `--sample-moves` decisions of each seat drawn in proportion to the visits. Each searched decision gives
   a sample: the seat's observation, the legal ids, the visit shares (the policy's target) and the game's
   result for that seat (the value's target). With `--ray [ADDRESS]` the games are Ray tasks (a local Ray
   without an address; a cluster's head with one: every machine needs this package, docs/research.md).
2. A replay buffer of the last `--buffer` samples.
3. Training: `--steps` Adam steps a iteration on minibatches of `--batch` drawn from the buffer; the loss is
   the cross-entropy of the masked softmax to the visit shares plus the squared error of the value.

It stops after `--iterations` (0: no limit) or when `--minutes` of wall clock are spent, whichever first
(an iteration is not cut: the last one starts before the time is up). The same seed and iteration count
give the same games and the same weights on one machine (the games from seeded generators, iteration k's
from `--seed` + k; the fit's sums through NumPy's BLAS, whose last bits can differ on another machine or
BLAS build). `--out` gets the net (JSON, alphazero_net.py's format), its `about` the command, the seed,
every parameter (`parameters`), the games, samples and iterations in all, the minutes spent and each
iteration's losses.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from timessquare.actions import NUM_ACTIONS
from timessquare.arena.alphazero_selfplay import GameSamples, Sample, local_games
from timessquare.arena.selfplay import game_seeds
from timessquare.errors import TimesSquareError
from timessquare.players.alphazero import AZConfig
from timessquare.players.alphazero_net import OBSERVATION_SIZE, PolicyValueNet, initial_net, observation_high
from timessquare.variants import DEFAULT_RULES

DEFAULT_MINUTES = 110.0


class Trainer:
    """The network's weights as NumPy arrays (first layer on the scaled input), with Adam's moments."""

    def __init__(self, net: PolicyValueNet, lr: float, weight_decay: float) -> None:
        w1, b1, wp, bp, wv, bv = net.raw
        hidden = net.hidden_size
        self.params = {
            "w1": np.array(w1, np.float64).reshape(OBSERVATION_SIZE, hidden),
            "b1": np.array(b1, np.float64),
            "wp": np.array(wp, np.float64).reshape(hidden, NUM_ACTIONS),
            "bp": np.array(bp, np.float64),
            "wv": np.array(wv, np.float64),
            "bv": np.array([bv], np.float64),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0
        self.lr = lr
        self.weight_decay = weight_decay
        self.scale = 1.0 / np.array(observation_high(), np.float64)

    def losses(
        self, x: np.ndarray, mask: np.ndarray, pi: np.ndarray, z: np.ndarray, grad: bool
    ) -> tuple[float, float, dict[str, np.ndarray]]:
        p = self.params
        xs = x * self.scale
        h = np.tanh(xs @ p["w1"] + p["b1"])
        logits = h @ p["wp"] + p["bp"]
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits) * mask
        probs = exp / exp.sum(axis=1, keepdims=True)
        logp = np.log(np.maximum(probs, 1e-12))
        n = len(x)
        policy_loss = float(-(pi * logp).sum() / n)
        v = np.tanh(h @ p["wv"] + p["bv"][0])
        value_loss = float(((v - z) ** 2).mean())
        grads: dict[str, np.ndarray] = {}
        if grad:
            d_logits = (probs - pi) / n  # softmax cross-entropy, masked entries have probs = pi = 0
            d_v = 2.0 * (v - z) / n * (1.0 - v * v)
            grads["wp"] = h.T @ d_logits
            grads["bp"] = d_logits.sum(axis=0)
            grads["wv"] = h.T @ d_v
            grads["bv"] = np.array([d_v.sum()])
            d_h = d_logits @ p["wp"].T + np.outer(d_v, p["wv"])
            d_pre = d_h * (1.0 - h * h)
            grads["w1"] = xs.T @ d_pre
            grads["b1"] = d_pre.sum(axis=0)
        return policy_loss, value_loss, grads

    def step(self, grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for k, g in grads.items():
            if k in ("w1", "wp", "wv"):
                g = g + self.weight_decay * self.params[k]
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.t)
            v_hat = self.v[k] / (1 - b2**self.t)
            self.params[k] -= self.lr * m_hat / (np.sqrt(v_hat) + eps)

    def net(self, about: dict[str, Any]) -> PolicyValueNet:
        """The weights as a net, rounded to float32 as its file holds them (the games are played by that)."""
        p = {k: v.astype(np.float32).astype(np.float64) for k, v in self.params.items()}
        doc = PolicyValueNet(
            p["w1"].ravel().tolist(),
            p["b1"].tolist(),
            p["wp"].ravel().tolist(),
            p["bp"].tolist(),
            p["wv"].tolist(),
            float(p["bv"][0]),
            about=about,
        ).to_document()
        return PolicyValueNet.from_document(doc)


def batch_arrays(samples: Sequence[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n = len(samples)
    x = np.zeros((n, OBSERVATION_SIZE), np.float64)
    mask = np.zeros((n, NUM_ACTIONS), bool)
    pi = np.zeros((n, NUM_ACTIONS), np.float64)
    z = np.zeros(n, np.float64)
    for row, (obs, legal, shares, result) in enumerate(samples):
        for i, v in obs:
            x[row, i] = v
        mask[row, legal] = True
        pi[row, legal] = shares
        z[row] = result
    return x, mask, pi, z


def play(net: PolicyValueNet, name: str, config: AZConfig, seeds: list[int], address: str | None) -> list[GameSamples]:
    if address is None:
        return list(local_games(net, config, DEFAULT_RULES, seeds))
    from timessquare.arena.alphazero_selfplay import ray_games

    return list(ray_games(net, name, config, DEFAULT_RULES, seeds))


def train(args: argparse.Namespace, command: str) -> PolicyValueNet:
    start = time.monotonic()
    deadline = start + args.minutes * 60.0
    trainer = Trainer(initial_net(args.hidden, args.seed), args.lr, args.weight_decay)
    config = AZConfig(
        simulations=args.simulations,
        c=args.c,
        noise_alpha=args.noise_alpha,
        noise_weight=args.noise_weight,
        sample_moves=args.sample_moves,
    )
    buffer: deque[Sample] = deque(maxlen=args.buffer)
    history: list[dict[str, Any]] = []
    recipe = {k: v for k, v in vars(args).items() if k not in ("out", "ray", "address")}
    about: dict[str, Any] = {"command": command, "parameters": recipe}  # the totals below: games, iterations
    net = trainer.net(about)
    games = samples = 0
    iteration = 0
    while (args.iterations == 0 or iteration < args.iterations) and time.monotonic() < deadline:
        seeds = game_seeds(args.games, args.seed + iteration)
        played = play(net, f"it{iteration}", config, seeds, args.address)
        wins = [0, 0, 0]
        for _, result, game_samples in played:
            buffer.extend(game_samples)
            samples += len(game_samples)
            wins[2 if result is None else result] += 1
        games += len(played)
        rng = np.random.default_rng(args.seed + iteration)
        data = list(buffer)
        losses = []
        for _ in range(args.steps):
            pick = rng.integers(0, len(data), size=min(args.batch, len(data)))
            policy_loss, value_loss, grads = trainer.losses(*batch_arrays([data[i] for i in pick]), grad=True)
            trainer.step(grads)
            losses.append((policy_loss, value_loss))
        first = losses[0] if losses else (float("nan"), float("nan"))
        last = losses[-1] if losses else first
        entry = {
            "iteration": iteration,
            "games": games,
            "samples": samples,
            "buffer": len(buffer),
            "a_b_draw": wins,
            "policy_loss": [round(first[0], 4), round(last[0], 4)],
            "value_loss": [round(first[1], 4), round(last[1], 4)],
            "minutes": round((time.monotonic() - start) / 60.0, 2),
        }
        history.append(entry)
        print(json.dumps(entry), flush=True)
        iteration += 1
        about = {**about, "iterations": iteration, "games": games, "samples": samples, "history": history}
        about["minutes_spent"] = entry["minutes"]
        net = trainer.net(about)
        if args.out is not None:
            save(net, args.out)  # after every iteration: a run stopped early still leaves its latest net
    return net


def save(net: PolicyValueNet, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(net.to_document(), indent=1) + "\n", "utf-8")
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--minutes", type=float, default=DEFAULT_MINUTES, help=f"wall-clock budget (default {DEFAULT_MINUTES:g})"
    )
    parser.add_argument(
        "--iterations", type=int, default=0, help="stop after this many iterations (default 0: the time decides)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="the net (JSON), written after every iteration")
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="self-play games as Ray tasks (no address: a Ray on this machine)",
    )
    parser.add_argument("--games", type=int, default=32, help="self-play games a iteration (default 32)")
    parser.add_argument(
        "--simulations", type=int, default=32, help="search simulations a decision in self-play (default 32)"
    )
    parser.add_argument("--c", type=float, default=1.5, help="PUCT's exploration constant (default 1.5)")
    parser.add_argument("--noise-alpha", type=float, default=0.3, help="Dirichlet alpha at the root (default 0.3)")
    parser.add_argument(
        "--noise-weight", type=float, default=0.25, help="the noise's share of the root prior (default 0.25)"
    )
    parser.add_argument(
        "--sample-moves", type=int, default=12, help="each seat's first decisions drawn from the visits (default 12)"
    )
    parser.add_argument("--hidden", type=int, default=128, help="hidden units (default 128)")
    parser.add_argument("--buffer", type=int, default=50_000, help="replay buffer: the last N samples (default 50000)")
    parser.add_argument("--batch", type=int, default=256, help="minibatch size (default 256)")
    parser.add_argument("--steps", type=int, default=100, help="Adam steps a iteration (default 100)")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's step size (default 0.001)")
    parser.add_argument("--weight-decay", type=float, default=1e-4, help="L2 on the weights (default 0.0001)")
    args = parser.parse_args(argv)
    for name in ("games", "simulations", "hidden", "buffer", "batch"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.minutes <= 0 or args.iterations < 0 or args.steps < 0:
        parser.error("--minutes must be more than 0, --iterations and --steps not negative")
    args.address = None if args.ray is None else args.ray
    command = shlex.join(["scripts/train_alphazero.py", *(sys.argv[1:] if argv is None else argv)])
    random.seed(args.seed)
    try:
        if args.address is None:
            net = train(args, command)
        else:
            from timessquare.arena.on_ray import RaySession

            with RaySession(args.address or None):
                net = train(args, command)
    except TimesSquareError as e:
        print(f"train_alphazero: {e}", file=sys.stderr)
        return 2
    about = net.about
    done = f"{about.get('iterations', 0)} iterations, {about.get('games', 0)} games, {about.get('samples', 0)} samples"
    print(f"{done} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
