"""Refit the weights of the evaluation (src/timessquare/players/evaluation.py) from self-play.

How the shipped weights were made, so the step can be repeated after the features change:

    .venv/bin/python scripts/fit_evaluation.py generate 2000 1 /tmp/positions.jsonl
    .venv/bin/python scripts/fit_evaluation.py fit /tmp/positions.jsonl

`generate` plays noisy heuristic self-play games (noise 0 to 0.3 per player, so positions vary) and writes
every turn-start position with the game's result; `--player SPEC` plays those games with any registered
player instead (for example the expert's search, `"ismcts:iterations=2000,workers=1,pool=256,depth=3"`).
`fit` computes the features of each position from both seats, fits a logistic regression (Newton's method,
small L2) on 80% of them, prints the held-out log loss and accuracy of the new and the current weights, and
prints the new WEIGHTS tuple to paste into evaluation.py. Then test the new weights in the arena against the
old ones before keeping them.

`fit` needs NumPy, which is not a dependency of the project (install it into .venv by hand to refit).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from timessquare.game import Game
from timessquare.players.evaluation import FEATURE_NAMES, WEIGHTS, features, result_value
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.registry import make_player
from timessquare.position import from_document, to_document
from timessquare.tables import TK_START
from timessquare.variants import DEFAULT_RULES


def generate(games: int, seed: int, out: Path, spec: str | None) -> None:
    rng = random.Random(seed)
    with out.open("w", encoding="utf-8") as f:
        for _ in range(games):
            if spec is None:
                players = [HeuristicPlayer(DEFAULT_RULES, noise=rng.choice([0.0, 0.1, 0.2, 0.3])) for _ in range(2)]
            else:
                players = [make_player(spec) for _ in range(2)]
            game = Game.new(rng.getrandbits(64))
            docs = []
            while not game.is_over:
                state = game.state
                if state.turn_key == TK_START:
                    docs.append(to_document(state))
                seat = state.to_move
                game.apply_checked(players[seat].choose(game.view(seat), state.legal_ids(), rng))
            for doc in docs:
                f.write(json.dumps({"doc": doc, "result": game.state.result}) + "\n")
            f.flush()
            for player in players:
                player.close()


def fit(paths: list[Path]) -> None:
    try:
        import numpy as np
    except ImportError:
        sys.exit("fit needs NumPy: .venv/bin/pip install numpy")
    rows, targets = [], []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            state = from_document(record["doc"])
            for seat in (0, 1):
                rows.append(features(state, seat))
                targets.append(result_value(record["result"], seat))
    x, y = np.array(rows), np.array(targets)
    order = np.random.default_rng(0).permutation(len(y))
    train, test = order[: int(len(y) * 0.8)], order[int(len(y) * 0.8) :]

    def newton(x: np.ndarray, y: np.ndarray, l2: float = 1e-2) -> np.ndarray:
        w = np.zeros(x.shape[1])
        for _ in range(30):
            p = 1 / (1 + np.exp(-x @ w))
            gradient = x.T @ (p - y) + l2 * w
            hessian = (x.T * (p * (1 - p))) @ x + l2 * np.eye(x.shape[1])
            w -= np.linalg.solve(hessian, gradient)
        return w

    def quality(w: np.ndarray) -> str:
        p = np.clip(1 / (1 + np.exp(-x[test] @ w)), 1e-6, 1 - 1e-6)
        loss = -np.mean(y[test] * np.log(p) + (1 - y[test]) * np.log(1 - p))
        return f"log loss {loss:.4f}, accuracy {np.mean((p > 0.5) == (y[test] > 0.5)):.4f}"

    weights = newton(x[train], y[train])
    print(f"{len(y)} samples; held out: new {quality(weights)}; current {quality(np.array(WEIGHTS))}")
    for name, new, old in zip(FEATURE_NAMES, weights, WEIGHTS, strict=True):
        print(f"  {name:<28} {new:8.3f}  (now {old:6.2f})")
    print("WEIGHTS = (" + ", ".join(f"{float(w):.3f}" for w in weights) + ")")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play positions with results")
    g.add_argument("games", type=int)
    g.add_argument("seed", type=int)
    g.add_argument("out", type=Path)
    g.add_argument("--player", help="a player spec for both seats (default: the noisy heuristic)")
    f = sub.add_parser("fit", help="fit the weights (needs NumPy)")
    f.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.games, args.seed, args.out, args.player)
    else:
        fit(args.paths)


if __name__ == "__main__":
    main()
