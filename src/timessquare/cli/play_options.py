"""`timessquare play`'s options that cannot go together: refused with a reason instead of one silently winning."""

from __future__ import annotations

import argparse

from .inputs import UsageError

DEFAULTS = {"seat": "random", "opponent": "medium"}  # left None by the parser: to tell "not given"


def check_play_options(args: argparse.Namespace) -> argparse.Namespace:
    """The options with their defaults filled in; raises UsageError naming two options that contradict each
    other."""
    if args.load and args.replay:
        raise UsageError("--load and --replay: choose one (continue a saved game, or step through one)")
    if args.replay:
        given = [o for o, v in (("--seed", args.seed), ("--seat", args.seat), ("--opponent", args.opponent)) if v]
        given += ["--hotseat"] if args.hotseat else []
        given += ["--plain"] if args.plain else []
        if given:
            raise UsageError(f"--replay steps through a recorded game: {given[0]} has nothing to do with it")
    if args.hotseat:
        if args.opponent is not None:
            raise UsageError("--hotseat is two people at one screen: there is no computer for --opponent")
        if args.seat is not None:
            raise UsageError("--hotseat is two people at one screen: both seats are people's, --seat has no use")
    if args.plain and (args.load or args.hotseat):
        option = "--load" if args.load else "--hotseat"
        raise UsageError(f"--plain plays a new game against the computer: it has no {option} (leave out --plain)")
    filled = argparse.Namespace(**vars(args))
    for option, default in DEFAULTS.items():
        if getattr(filled, option) is None:
            setattr(filled, option, default)
    return filled
