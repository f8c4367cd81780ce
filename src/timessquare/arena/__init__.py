"""The arena and self-play: games between players given by name, and their statistics (docs/arena.md)."""

from .runner import deal_seeds, play_arena_games, run_arena
from .stats import ArenaReport, GameOutcome, confidence_interval, elo_difference, wilson_interval
from .table import GameTask

__all__ = [
    "ArenaReport",
    "GameOutcome",
    "GameTask",
    "confidence_interval",
    "deal_seeds",
    "elo_difference",
    "play_arena_games",
    "run_arena",
    "wilson_interval",
]
