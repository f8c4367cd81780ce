"""How strong the expert's search could be with the information it lacks: a diagnostic, not a player.

A search that is handed hidden information plays the heuristic on paired deals (each deal twice, seats
swapped), with the expert's search otherwise unchanged:

- `all`: it searches the true game (the opponent's hand and the supply's order): perfect information;
- `hand`: it knows the opponent's hand, but the supply's order is drawn afresh in each iteration: what a
  perfect model of the opponent's hand could give at most.

This is the ceiling that honest play (sampled worlds, docs/strength.md) is measured against. It cheats by
construction, so it lives here and never in the players (R10).

    .venv/bin/python scripts/strength_bounds.py --games 200 --iterations 3000 --know hand
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from multiprocessing import Pool

from timessquare.game import Game
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.ismcts import obvious_turn, root_turns, turn_search
from timessquare.players.levels import EXPERT_CONFIG
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES


def play(job: tuple[int, int, int, str]) -> float:
    """One game on deal `seed`; the knowing search sits in seat `index % 2`. Its points (draw: one half)."""
    index, seed, iterations, know = job
    seat = index % 2
    rng = random.Random(seed * 2 + seat)
    game = Game.new(seed)
    heuristic = HeuristicPlayer(DEFAULT_RULES)
    config = replace(EXPERT_CONFIG, iterations=iterations, seconds=0.0, workers=1)
    while not game.is_over:
        state = game.state
        if state.to_move != seat:
            game.apply(heuristic.choose(game.view(state.to_move), state.legal_ids(), rng))
            continue
        truth = state.clone()
        quick = obvious_turn(truth, seat, config)
        if quick is not None:
            actions = quick.turns[0]
        else:
            roots = root_turns(truth, seat, config)

            def world(r: random.Random, truth: State = truth) -> tuple[State, random.Random]:
                w = truth.clone()
                if know == "hand":
                    supply = list(w.supply)
                    r.shuffle(supply)
                    w.supply = supply
                return w, random.Random(r.getrandbits(64))

            stats = turn_search(seat, config, world, roots).run(rng)
            actions = stats.turns[stats.best()]
        for aid in actions:
            if game.is_over or game.state.to_move != seat:
                break
            game.apply(aid)
    result = game.state.result
    return 1.0 if result == seat else 0.5 if result == 2 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--know", choices=("all", "hand"), default="all")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = [rng.getrandbits(64) for _ in range(args.games // 2)]
    jobs = [(i, seeds[i // 2], args.iterations, args.know) for i in range(2 * len(seeds))]
    with Pool(args.workers) as pool:
        points = pool.map(play, jobs)
    n = len(points)
    rate = sum(points) / n
    half = 1.96 * (rate * (1 - rate) / n) ** 0.5
    print(
        f"search knowing {args.know}, {args.iterations} iterations, vs heuristic: {sum(points)}/{n} points, "
        f"{100 * rate:.1f}% (about ±{100 * half:.1f})"
    )


if __name__ == "__main__":
    main()
