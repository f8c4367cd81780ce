"""Fit the opponent model's sharpness `beta` to the turns of a player (players/opponent_model.py).

    .venv/bin/python scripts/fit_opponent_beta.py "ismcts:iterations=1500,workers=1" --games 6

Plays seeded games of the player against itself, and for every complete turn asks how likely the softened
one-ply player finds it, given the hand the mover really held: the mean log-likelihood for each `beta`
(with the model's uniform share 0 and 0.1). The best `beta` is the one with the highest mean. Needs the
compiled core (the likelihood of every turn lists all of the mover's turns).
"""

from __future__ import annotations

import argparse
import random
import time

from timessquare import _fastcore
from timessquare.actions import END_ID, action_id
from timessquare.game import Game
from timessquare.players import make_player
from timessquare.state import State
from timessquare.variants import DEFAULT_RULES

BETAS = (2.0, 5.0, 10.0, 20.0, 40.0, 80.0)


def turns_with_hands(game: Game, starts: dict[int, State]) -> list[tuple[State, list[int]]]:
    """Each complete turn of the game (ended by `end` or a lure) with the state at its start."""
    out = []
    indices = sorted(starts)
    for k, i in enumerate(indices):
        j = indices[k + 1] if k + 1 < len(indices) else len(game.moves)
        actions = []
        for move in game.moves[i:j]:
            if move.startswith("shuffle"):
                break
            actions.append(action_id(move))
        if actions and (actions[-1] == END_ID or game.moves[i].startswith("lure")):
            out.append((starts[i], actions))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("player")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    if not _fastcore.available():
        parser.error("the compiled core is not built here")
    sums = {(beta, eps): 0.0 for beta in BETAS for eps in (0.0, 0.1)}
    count = 0
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        game = Game.new(seed)
        rng = random.Random(seed)
        players = [make_player(args.player), make_player(args.player)]
        starts: dict[int, State] = {}
        while not game.is_over:
            state = game.state
            if state.turn_key == 0:
                starts[len(game.moves)] = state.clone()
            seat = state.to_move
            game.apply(players[seat].choose(game.view(seat), state.legal_ids(), rng))
        for player in players:
            player.close()
        for state, actions in turns_with_hands(game, starts):
            mover = state.to_move
            hand, supply = state.hands[mover], len(state.supply)
            core = _fastcore.turn_start_core(
                DEFAULT_RULES, state.pos, mover, hand, supply, state.supply_number, state.discard
            )
            for beta, eps in sums:
                sums[beta, eps] += core.turn_likelihood(actions, beta, eps, 1500)
            count += 1
    print(f"{args.player}: {count} turns of {args.games} games in {time.perf_counter() - start:.0f} s")
    for beta in BETAS:
        print(
            f"beta {beta:5g}: mean log-likelihood {sums[beta, 0.0] / count:.3f} (uniform share 0.1: "
            f"{sums[beta, 0.1] / count:.3f})"
        )


if __name__ == "__main__":
    main()
