#!/usr/bin/env python3
"""How far over the player protocol's `seconds` a player program goes, on a machine with cores kept busy:
the host-side time of each decision (timessquare.protocol.timing), worst and mean, over turn starts of a
seeded game.

    .venv/bin/python scripts/measure_overrun.py --player expert --seconds 2 --decisions 10 --busy 1
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from timessquare.protocol.timing import decision_times, turn_start_decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="expert")
    parser.add_argument("--seconds", type=float, default=2.0, help="the protocol's seconds per decision")
    parser.add_argument("--decisions", type=int, default=10)
    parser.add_argument("--busy", type=int, default=1, help="processes that keep a core busy meanwhile")
    args = parser.parse_args(argv)
    loaders = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        times = decision_times(args.player, args.seconds, turn_start_decisions(args.decisions, every=2))
    finally:
        for loader in loaders:
            loader.kill()
            loader.wait()
    worst = max(times)
    print(f"{args.player}, {args.seconds:g} s a decision, {len(times)} decisions, {args.busy} busy core(s):")
    print(f"worst {worst:.3f} s ({worst / args.seconds - 1:+.1%}), mean {sum(times) / len(times):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
