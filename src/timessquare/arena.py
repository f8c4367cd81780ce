"""The arena: paired games between two players, with win rate, confidence interval and Elo (issue 3)."""

from __future__ import annotations

import argparse

from .errors import TimesSquareError
from .variants import Rules


def run_arena_command(args: argparse.Namespace, rules: Rules) -> int:
    raise TimesSquareError("the arena is not built yet")
