"""How much the opponent model (players/opponent_model.py) learns about the opponent's hand: a diagnostic.

In games of the heuristic against itself, at a sample of turn starts, the seat to move weighs 400 uniformly
sampled worlds by the model, as the search would. Printed: how far the mean sampled opponent hand is from
the true one (the sum over card types of the absolute differences) with uniform weights and with the
model's weights, the model's log-likelihood of the true hand against that of an average sample, and the
effective number of worlds the weights leave. Reading the true hand is what makes this a diagnostic.

    .venv/bin/python scripts/model_information.py --beta 40
"""

from __future__ import annotations

import argparse
import math
import random

from timessquare.game import Game
from timessquare.players.heuristic import HeuristicPlayer
from timessquare.players.opponent_model import ModelConfig, OpponentModel
from timessquare.players.sampling import WorldSampler
from timessquare.tables import TK_START
from timessquare.variants import DEFAULT_RULES

SAMPLES = 400


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beta", type=float, default=40.0)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    heuristic = HeuristicPlayer(DEFAULT_RULES)
    config = ModelConfig(beta=args.beta)
    n = 0
    uniform_error = model_error = truth_ll = sample_ll = ess = 0.0
    for _ in range(args.games):
        game = Game.new(rng.getrandbits(64))
        turns = 0
        while not game.is_over:
            state = game.state
            at_start = state.turn_key == TK_START
            if at_start and turns >= 3 and rng.random() < 0.3:
                seat = state.to_move
                view = game.view(seat)
                model = OpponentModel(view, DEFAULT_RULES, config, compiled=True)
                if model.past:
                    sampler = WorldSampler(view, DEFAULT_RULES)
                    true = state.hands[1 - seat]
                    hands = [sampler.sample(rng).hands[1 - seat] for _ in range(SAMPLES)]
                    logs = [model.log_weight(hand, rng) for hand in hands]
                    top = max(logs)
                    weights = [math.exp(w - top) for w in logs]
                    total = sum(weights)
                    for card, count in enumerate(true):
                        uniform_error += abs(sum(h[card] for h in hands) / SAMPLES - count)
                        model_error += abs(
                            sum(w * h[card] for w, h in zip(weights, hands, strict=True)) / total - count
                        )
                    truth_ll += model.log_weight(true, rng)
                    sample_ll += sum(logs) / SAMPLES
                    ess += total * total / sum(w * w for w in weights)
                    n += 1
            game.apply(heuristic.choose(game.view(state.to_move), state.legal_ids(), rng))
            turns += at_start
    print(
        f"beta {args.beta}: {n} positions; distance of the mean hand from the truth: uniform {uniform_error / n:.3f}, "
        f"model {model_error / n:.3f}; log-likelihood of the true hand {truth_ll / n:.2f} against a sample's "
        f"{sample_ll / n:.2f}; effective worlds {ess / n:.0f} of {SAMPLES}"
    )


if __name__ == "__main__":
    main()
