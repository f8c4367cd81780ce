"""Train the learned evaluation behind the player `learned` and the expert's `eval=learned` (docs/research.md).

    .venv/bin/python scripts/train_learned.py --games 12000 --iterations 2 --out /tmp/learned.npz

The method, fitted value iteration on the compiled core (expert iteration with a one-ply improver):

1. `generate`: games between players (round 0: the heuristic against itself, each seat with a random share
   of random complete turns, so that positions vary; later rounds: the newest learned player against the
   heuristic and against itself). Every complete turn's end position (before the draw) is kept, from both
   seats' views, with the game's result.
2. `fit`: a small network (the evaluation's 44 features -> 32 tanh -> 1 logistic) fitted to the results by
   Adam on the log loss, 10% of the games held out.
3. Each round's network plays the next round's games; at the end the curve (the learned player against
   random, heuristic, medium and hard after each round) is drawn as an SVG, by default outside docs/.

Everything the player reads is the seat's own view (the evaluation's features, evaluation.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from timessquare.actions import END_ID
from timessquare.game import Game
from timessquare.players.evaluation import features, result_value
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.registry import make_player
from timessquare.players.turns import after_turn_outcome
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES


def after_turn_states(game: Game, players: list, rng: random.Random) -> list[State]:
    """Play one game; return the end state of every complete turn before its draw."""
    kept: list[State] = []
    while not game.is_over:
        state = game.state
        seat = state.to_move
        aid = players[seat].choose(game.view(seat), state.legal_ids(), rng)
        if aid == END_ID:
            kept.append(state.clone())
        game.apply_checked(aid)
        if game.state.to_move != seat and aid != END_ID and not game.is_over:
            kept.append(game.state.clone())  # a lure: its end position is the next turn's start
    return kept


def generate(games: int, seed: int, specs: list[str], out: Path) -> None:
    rng = random.Random(seed)
    rows: list[list[float]] = []
    targets: list[float] = []
    groups: list[int] = []
    start = time.time()
    for g in range(games):
        if specs:
            pair = [make_player(rng.choice(specs)) for _ in range(2)]
        else:
            pair = [HeuristicPlayer(DEFAULT_RULES, noise=rng.choice([0.0, 0.1, 0.2, 0.3])) for _ in range(2)]
        game = Game.new(rng.getrandbits(64))
        states = after_turn_states(game, pair, rng)
        result = game.state.result
        assert result is not None
        for state in states:
            if after_turn_outcome(state).result is not None:
                continue  # the turn ends the game: its value is exact, nothing to learn
            for seat in (0, 1):
                rows.append(features(state, seat))
                targets.append(result_value(result, seat))
                groups.append(g)
        for p in pair:
            p.close()
        if (g + 1) % 500 == 0:
            print(f"{g + 1} games, {len(rows)} rows, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    np.savez_compressed(out, x=np.array(rows, np.float32), y=np.array(targets, np.float32), g=np.array(groups))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("games", type=int)
    g.add_argument("seed", type=int)
    g.add_argument("out", type=Path)
    g.add_argument("--players", default="", help="comma-separated player specs (default: the noisy heuristic)")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.games, args.seed, [s for s in args.players.split(",") if s], args.out)


if __name__ == "__main__":
    main()
