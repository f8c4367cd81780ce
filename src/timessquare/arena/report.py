"""`timessquare arena`: run the arena from the command line and print its report (or its JSON)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections import Counter
from collections.abc import Iterable

from ..errors import TimesSquareError
from ..variants import Rules
from .records import prepare_folder, write_record
from .runner import run_arena
from .stats import ArenaReport


def run_arena_command(args: argparse.Namespace, rules: Rules) -> int:
    """`timessquare arena PLAYER1 PLAYER2 --games N --seed S [--out DIR] [--json] [--workers W] [--ray [ADDR]]`.

    Why games were lost by forfeit is said on stderr, once per distinct reason; a player that lost every
    game by forfeit never played at all (a program that cannot start, say): then the exit status is 2."""
    workers = args.workers if args.workers is not None else os.cpu_count() or 1
    if args.games < 1:
        raise TimesSquareError(f"--games must be 1 or more (got {args.games})")
    out = prepare_folder(args.out, (args.games + 1) // 2 * 2) if args.out else None
    if args.games % 2:
        print(f"arena: {args.games} games rounded up to {args.games + 1}: every deal is played twice", file=sys.stderr)
    bar = ProgressLine((args.games + 1) // 2 * 2) if sys.stderr.isatty() else None
    try:
        report = run_arena(
            args.player1, args.player2, args.games, args.seed, rules, workers, out is not None, bar, ray_address(args)
        )
    finally:
        if bar is not None:
            bar.finish()
    if out is not None:
        for outcome in report.outcomes:
            assert outcome.record is not None
            write_record(out, outcome.index, outcome.record)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        for line in summary_lines(report):
            print(line)
    for line in forfeit_lines(report):
        print(line, file=sys.stderr)
    never = [label for p, label in enumerate(report.labels) if report.forfeits(p) == report.games]
    if never:
        raise TimesSquareError(f"{never[0]} never played: it lost all {report.games} games by forfeit (see above)")
    return 0


def ray_address(args: argparse.Namespace) -> str | None:
    """`--ray`: None (not asked for), "" (a Ray on this machine) or a cluster's address; a clear error when
    Ray is not installed."""
    address: str | None = getattr(args, "ray", None)
    if address is None:
        return None
    if importlib.util.find_spec("ray") is None:
        raise TimesSquareError("--ray needs Ray: pip install -e '.[cluster]' (docs/research.md)")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # Ray would report its use over the network
    if address != LOCAL_RAY:
        return address
    # A Ray of this machine only: its servers listen on the loopback address, not on every interface.
    os.environ.setdefault(RAY_SINGLE_MACHINE, "0")
    return ""


LOCAL_RAY = "local"  # what a bare --ray stands for
RAY_SINGLE_MACHINE = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"  # "0": Ray runs as one machine, on 127.0.0.1


def forfeit_lines(report: ArenaReport) -> Iterable[str]:
    """`arena: cmd:./bot lost 4 games by forfeit: cannot start ./bot: No such file or directory`, once for
    each player and distinct reason."""
    for p, label in enumerate(report.labels):
        reasons = Counter(report.forfeit_reasons(p))
        for reason, count in reasons.items():
            yield f"arena: {label} lost {count} game{'s' if count != 1 else ''} by forfeit: {reason}"


class ProgressLine:
    """One line on a terminal's stderr, rewritten in place: games done and the score so far."""

    def __init__(self, total: int) -> None:
        self.total = total

    def __call__(self, report: ArenaReport) -> None:
        self.show(report.games, f"{report.wins}-{report.draws}-{report.losses} (W-D-L of {report.labels[0]})")

    def show(self, done: int, score: str) -> None:
        width = 30
        filled = width * done // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games  {score}")
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
