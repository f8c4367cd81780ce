"""The arena's statistics: one game's outcome, the tally of a run, win rate, 95% intervals and Elo.

docs/arena.md explains the interval: the wider of Wilson over games and a normal interval over pair scores.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import SEAT_NAMES

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass(frozen=True)
class GameOutcome:
    """One arena game as a worker reports it; `turn_seconds` is per player (player1, player2), not per seat."""

    index: int
    player1_seat: int
    result: str | None
    forfeit_seat: str | None
    forfeit_reason: str | None
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
        return len(self.forfeit_reasons(player))

    def forfeit_reasons(self, player: int) -> list[str]:
        """Why `player` lost each of its games lost by forfeit, in game order."""
        return [
            o.forfeit_reason or "no reason given"
            for o in sorted(self.outcomes, key=lambda o: o.index)
            if o.forfeit_seat is not None and o.forfeit_seat == SEAT_NAMES[o.player1_seat ^ player]
        ]

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
