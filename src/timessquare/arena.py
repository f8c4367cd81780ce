"""The arena: paired games between two players, with win rate, confidence interval and Elo (issue 3).

Every deal is played twice, once with each player in seat A, so the luck of the deal cancels out. Games run
in parallel worker processes, each of which builds its own players from their names. The statistics are
explained in docs/arena.md.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import multiprocessing.util
import os
import random
import statistics
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import SEAT_NAMES
from .errors import TimesSquareError
from .game import Game
from .players import Player, make_player
from .selfplay import play_game
from .variants import Rules

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class GameOutcome:
    """One arena game as a worker reports it; `turn_seconds` is per player (player1, player2), not per seat."""

    index: int
    player1_seat: int
    result: str | None
    forfeit_seat: str | None
    turn_seconds: tuple[list[float], list[float]]
    record: dict[str, Any] | None

    @property
    def player1_points(self) -> float:
        if self.result == "draw":
            return 0.5
        return 1.0 if self.result == SEAT_NAMES[self.player1_seat] else 0.0


@dataclass
class ArenaReport:
    """The tally of an arena run, from PLAYER1's side."""

    player1: str
    player2: str
    seed: int
    outcomes: list[GameOutcome] = field(default_factory=list)

    @property
    def labels(self) -> tuple[str, str]:
        """The names as given, made distinct with `#1` and `#2` when both players have the same name."""
        if self.player1 == self.player2:
            return f"{self.player1}#1", f"{self.player2}#2"
        return self.player1, self.player2

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def _count(self, points: float) -> int:
        return sum(1 for o in self.outcomes if o.player1_points == points)

    @property
    def wins(self) -> int:
        return self._count(1.0)

    @property
    def draws(self) -> int:
        return self._count(0.5)

    @property
    def losses(self) -> int:
        return self._count(0.0)

    @property
    def win_rate(self) -> float:
        """PLAYER1's share of the points (a win 1, a draw 1/2)."""
        return sum(o.player1_points for o in self.outcomes) / self.games if self.games else 0.5

    @property
    def ci95(self) -> tuple[float, float]:
        """The wider of the Wilson interval over games and the normal interval over pairs (docs/arena.md)."""
        return confidence_interval(self.win_rate, self.games, self.pair_scores())

    def pair_scores(self) -> list[float]:
        """PLAYER1's mean points in each complete pair (a deal played in both seatings)."""
        by_index = {o.index: o.player1_points for o in self.outcomes}
        return [(by_index[i] + by_index[i + 1]) / 2 for i in sorted(by_index) if i % 2 == 0 and i + 1 in by_index]

    @property
    def elo(self) -> float:
        return elo_difference(self.win_rate, self.games)

    @property
    def elo_ci95(self) -> tuple[float, float]:
        low, high = self.ci95
        return elo_difference(low, self.games), elo_difference(high, self.games)

    def forfeits(self, player: int) -> int:
        """Games that `player` (0 = PLAYER1, 1 = PLAYER2) lost by forfeit."""
        return sum(
            1
            for o in self.outcomes
            if o.forfeit_seat is not None and o.forfeit_seat == SEAT_NAMES[o.player1_seat ^ player]
        )

    def turn_times(self, player: int) -> list[float]:
        return [t for o in self.outcomes for t in o.turn_seconds[player]]

    def mean_think(self, player: int) -> float:
        times = self.turn_times(player)
        return sum(times) / len(times) if times else 0.0

    def max_think(self, player: int) -> float:
        return max(self.turn_times(player), default=0.0)

    def to_json(self) -> dict[str, Any]:
        labels = self.labels
        low, high = self.ci95
        elo_low, elo_high = self.elo_ci95
        return {
            "player1": self.player1,
            "player2": self.player2,
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 6),
            "ci95": [round(low, 6), round(high, 6)],
            "elo": round(self.elo, 1),
            "elo_ci95": [round(elo_low, 1), round(elo_high, 1)],
            "forfeits": {labels[p]: self.forfeits(p) for p in (0, 1)},
            "mean_think_s": {labels[p]: round(self.mean_think(p), 6) for p in (0, 1)},
            "max_think_s": {labels[p]: round(self.max_think(p), 6) for p in (0, 1)},
        }


def confidence_interval(rate: float, games: int, pair_scores: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The 95% interval of the arena: the Wilson interval over games, widened to the normal interval over the
    pairs' mean scores where that one is wider (when the two games of a deal tend to go to the same player)."""
    low, high = wilson_interval(rate, games, z)
    if len(pair_scores) >= 2:
        half = z * statistics.stdev(pair_scores) / math.sqrt(len(pair_scores))
        low, high = min(low, max(0.0, rate - half)), max(high, min(1.0, rate + half))
    return low, high


def wilson_interval(rate: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share `rate` of `games` trials (a draw counts as half a win)."""
    if games <= 0:
        return 0.0, 1.0
    z2n = z * z / games
    center = (rate + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(rate * (1 - rate) / games + z2n / (4 * games)) / (1 + z2n)
    # The interval always holds `rate`; min/max only keep rounding errors from saying otherwise at 0 and 1.
    return max(0.0, min(center - half, rate)), min(1.0, max(center + half, rate))


def elo_difference(rate: float, games: int) -> float:
    """The Elo difference that predicts the score share `rate`. A share of 0 or 1 would be infinite: it is
    clamped to half a game from the end, 1/(2 games) and 1 - 1/(2 games)."""
    edge = 0.5 / max(games, 1)
    rate = min(max(rate, edge), 1 - edge)
    return 400.0 * math.log10(rate / (1 - rate))


# --------------------------------------------------------------------------- the games


def deal_seeds(seed: int, pairs: int) -> list[int]:
    """The seed of each deal: the same `seed` gives the same deals."""
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(pairs)]


@dataclass(frozen=True)
class GameTask:
    """Game `index` of the arena: deal `deal_seed`, PLAYER1 in seat A when `index` is even, else in seat B."""

    index: int
    deal_seed: int

    @property
    def player1_seat(self) -> int:
        return self.index % 2


class _Table:
    """The two players of one process, built from their names; reused from game to game."""

    def __init__(self, player1: str, player2: str, rules: Rules, keep_records: bool) -> None:
        self.names = (player1, player2)
        self.rules = rules
        self.keep_records = keep_records
        self.players: tuple[Player, Player] = (make_player(player1, rules), make_player(player2, rules))

    def play(self, task: GameTask) -> GameOutcome:
        p1_seat = task.player1_seat
        by_seat = (0, 1) if p1_seat == 0 else (1, 0)  # the player (0 = PLAYER1) in seat A, then in seat B
        names = {SEAT_NAMES[s]: self.names[by_seat[s]] for s in (0, 1)}
        game = Game.new(task.deal_seed, self.rules, players=names)
        seat_seconds: tuple[list[float], list[float]] = ([], [])
        players = (self.players[by_seat[0]], self.players[by_seat[1]])
        play_game(game, players, random.Random(task.deal_seed * 2 + p1_seat), turn_seconds=seat_seconds)
        return GameOutcome(
            index=task.index,
            player1_seat=p1_seat,
            result=game.result,
            forfeit_seat=game.forfeit["seat"] if game.forfeit else None,
            turn_seconds=(seat_seconds[p1_seat], seat_seconds[1 - p1_seat]),
            record=game.to_record() if self.keep_records else None,
        )

    def close(self) -> None:
        for player in self.players:
            player.close()


_worker_table: _Table | None = None  # the players of a worker process, made at its first game


def _play_in_worker(job: tuple[str, str, Rules, bool, GameTask]) -> GameOutcome:
    global _worker_table
    if _worker_table is None:
        _worker_table = _Table(*job[:4])
        # Close the players (their processes, their pools) when the worker process ends normally.
        multiprocessing.util.Finalize(None, _worker_table.close, exitpriority=10)
    return _worker_table.play(job[4])


def play_arena_games(
    player1: str, player2: str, rules: Rules, tasks: list[GameTask], workers: int, keep_records: bool
) -> Iterator[GameOutcome]:
    """The outcomes of `tasks`, in the order they finish; on `workers` processes (1: in this process)."""
    if workers <= 1 or len(tasks) <= 1:
        table = _Table(player1, player2, rules, keep_records)
        try:
            for task in tasks:
                yield table.play(task)
        finally:
            table.close()
        return
    jobs = [(player1, player2, rules, keep_records, task) for task in tasks]
    with multiprocessing.get_context().Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap_unordered(_play_in_worker, jobs)
        pool.close()
        pool.join()  # a normal exit of the workers runs their Finalize (players closed)


def run_arena(
    player1: str,
    player2: str,
    games: int,
    seed: int,
    rules: Rules,
    workers: int = 1,
    keep_records: bool = False,
    progress: Callable[[ArenaReport], None] | None = None,
) -> ArenaReport:
    """Play `games` games (rounded up to whole pairs) between two players given by name."""
    if games < 1:
        raise TimesSquareError(f"--games must be 1 or more (got {games})")
    if workers < 1:
        raise TimesSquareError(f"--workers must be 1 or more (got {workers})")
    for name in (player1, player2):
        make_player(name, rules).close()  # an unknown name fails here, before any worker starts
    pairs = (games + 1) // 2
    tasks = [GameTask(2 * k + swap, seed_k) for k, seed_k in enumerate(deal_seeds(seed, pairs)) for swap in (0, 1)]
    report = ArenaReport(player1, player2, seed)
    for outcome in play_arena_games(player1, player2, rules, tasks, workers, keep_records):
        report.outcomes.append(outcome)
        if progress is not None:
            progress(report)
    report.outcomes.sort(key=lambda o: o.index)
    return report


# --------------------------------------------------------------------------- the command


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
