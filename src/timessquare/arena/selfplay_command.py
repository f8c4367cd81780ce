"""`timessquare selfplay --games N --seed S --out DIR [--a P] [--b P] [--ray [ADDRESS]]`: the games' records
in DIR, played here one after the other or as Ray tasks (the same records for the same seed when the
players have iteration budgets), with a progress line on a terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..record import to_record
from ..variants import Rules
from .records import prepare_folder, write_record
from .report import ProgressLine, ray_address
from .selfplay import game_seeds, play_games

Tally = dict[str | None, int]


def selfplay_records(args: argparse.Namespace, rules: Rules) -> tuple[Path, Tally]:
    """Play and write the records; returns the folder and the results' tally (A, B, draw)."""
    out = prepare_folder(args.out, args.games)
    address = ray_address(args)
    tally: Tally = {"A": 0, "B": 0, "draw": 0, None: 0}
    bar = ProgressLine(args.games) if sys.stderr.isatty() else None
    try:
        for done, (i, record) in enumerate(records(args, rules, address), start=1):
            write_record(out, i, record)
            tally[record["result"]] += 1
            if bar is not None:
                bar.show(done, f"A {tally['A']}, B {tally['B']}, draws {tally['draw']}")
    finally:
        if bar is not None:
            bar.finish()
    return out, tally


def records(args: argparse.Namespace, rules: Rules, address: str | None) -> Iterator[tuple[int, dict[str, Any]]]:
    if address is None:
        for i, game in enumerate(play_games(args.games, args.seed, rules, args.a, args.b)):
            yield i, to_record(game)
        return
    from .on_ray import ray_selfplay_records  # the optional extra cluster

    yield from ray_selfplay_records(game_seeds(args.games, args.seed), args.a, args.b, rules, address or None)
