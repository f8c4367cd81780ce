"""The full-screen terminal game; until it is built, the plain game stands in."""

from __future__ import annotations

import argparse

from ..variants import Rules


def run_tui(args: argparse.Namespace, rules: Rules) -> int:
    from ..textgame import play_text_game

    return play_text_game(rules, args.seed, args.seat, "random")
