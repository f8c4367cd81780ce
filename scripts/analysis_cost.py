"""What the game analysis (players/analysis.py) costs, and how much its estimates move with the seed.

Plays `--games` games (hard at 1,000 iterations against medium, seeded), analyses each twice, with seeds 0
and 1, at `--iterations` per turn, and prints per game: turns, processor seconds of one analysis, its
marks; then over all turns: the mean and largest difference between the two seeds' estimates of the played
turn and of its cost, and how many marks the two analyses agree on. That spread is why a mistake starts at
10 points (docs/strength.md, "Game analysis").

    .venv/bin/python scripts/analysis_cost.py --games 6 --seed 41 --iterations 6000
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from timessquare.arena.selfplay import play_games
from timessquare.players.analysis import ANALYSIS_ITERATIONS, GameAnalysis, analyse
from timessquare.record import to_record
from timessquare.variants import DEFAULT_RULES


def timed(record: dict[str, Any], iterations: int, seed: int) -> tuple[GameAnalysis, float]:
    start = time.process_time()
    analysis = analyse(record, iterations, seed)
    return analysis, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--iterations", type=int, default=ANALYSIS_ITERATIONS)
    args = parser.parse_args()
    played_gaps: list[float] = []
    cost_gaps: list[int] = []
    marks = agreed = turns = 0
    seconds = 0.0
    for number, game in enumerate(
        play_games(args.games, args.seed, DEFAULT_RULES, "hard:iterations=1000,workers=1", "medium"), start=1
    ):
        record = to_record(game)
        first, spent = timed(record, args.iterations, 0)
        second, _ = timed(record, args.iterations, 1)
        seconds += spent
        turns += len(first.turns)
        for one, other in zip(first.turns, second.turns, strict=True):
            played_gaps.append(abs(one.played.win_chance - other.played.win_chance))
            cost_gaps.append(abs(one.cost - other.cost))
            if one.mark or other.mark:
                marks += 1
                agreed += one.mark == other.mark
        marked = sum(t.mark is not None for t in first.turns)
        print(f"game {number}: {len(first.turns)} turns, {spent:.1f} s of processor, {marked} marked")
    print(
        f"{args.games} games, {turns} turns: {seconds / args.games:.1f} s of processor a game on average,"
        f" {1000 * seconds / max(1, turns):.0f} ms a turn ({args.iterations:,} iterations a turn)"
    )
    mean_played = 100 * sum(played_gaps) / max(1, len(played_gaps))
    print(
        f"seed 0 against seed 1: the played turn's estimate differs by {mean_played:.1f} points on average,"
        f" {100 * max(played_gaps, default=0):.0f} at most; the cost by"
        f" {sum(cost_gaps) / max(1, len(cost_gaps)):.1f} points on average, {max(cost_gaps, default=0)} at most;"
        f" {agreed} of {marks} turns marked by either analysis get the same mark from both"
    )


if __name__ == "__main__":
    main()
