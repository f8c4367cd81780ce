"""`timessquare arena`: run the arena from the command line and print its report (or its JSON)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path

from ..errors import TimesSquareError
from ..variants import Rules
from .runner import run_arena
from .stats import ArenaReport


def run_arena_command(args: argparse.Namespace, rules: Rules) -> int:
    """`timessquare arena PLAYER1 PLAYER2 --games N --seed S [--out DIR] [--json] [--workers W]`."""
    workers = args.workers if args.workers is not None else os.cpu_count() or 1
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TimesSquareError(f"cannot create {out}: {e.strerror}") from None
    if args.games >= 1 and args.games % 2:
        print(f"arena: {args.games} games rounded up to {args.games + 1}: every deal is played twice", file=sys.stderr)
    bar = _ProgressLine((args.games + 1) // 2 * 2) if sys.stderr.isatty() else None
    try:
        report = run_arena(args.player1, args.player2, args.games, args.seed, rules, workers, out is not None, bar)
    finally:
        if bar is not None:
            bar.finish()
    if out is not None:
        for outcome in report.outcomes:
            path = out / f"game-{outcome.index + 1:05d}.json"
            path.write_text(json.dumps(outcome.record, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        for line in summary_lines(report):
            print(line)
    return 0


class _ProgressLine:
    """One line on a terminal's stderr, rewritten in place: games done and the score so far."""

    def __init__(self, total: int) -> None:
        self.total = total

    def __call__(self, report: ArenaReport) -> None:
        done = report.games
        width = 30
        filled = width * done // self.total
        text = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games"
        sys.stderr.write(f"{text}  {report.wins}-{report.draws}-{report.losses} (W-D-L of {report.labels[0]})")
        sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _seconds(value: float) -> str:
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.2f} s"


def summary_lines(report: ArenaReport) -> Iterable[str]:
    one, two = report.labels
    low, high = report.ci95
    elo_low, elo_high = report.elo_ci95
    deals = f"{report.games // 2} deals, each played in both seatings"
    yield f"{one} vs {two}: {report.games} games ({deals}), seed {report.seed}"
    yield f"{one}: {report.wins} wins, {report.draws} draws, {report.losses} losses"
    yield f"win rate of {one}: {report.win_rate:.1%} (95% CI {low:.1%} .. {high:.1%})"
    yield f"Elo difference: {report.elo:+.0f} (95% CI {elo_low:+.0f} .. {elo_high:+.0f})"
    for p, label in enumerate(report.labels):
        mean, longest = _seconds(report.mean_think(p)), _seconds(report.max_think(p))
        forfeits = report.forfeits(p)
        lost = f", lost {forfeits} by forfeit" if forfeits else ""
        yield f"think time per turn of {label}: mean {mean}, longest {longest}{lost}"
