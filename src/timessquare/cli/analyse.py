"""`timessquare analyse RECORD`: the expert's look back at a game, as a table for people or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..cards import SEAT_NAMES
from ..players.analysis import BLUNDER_POINTS, MISTAKE_POINTS, GameAnalysis, TurnAnalysis, analyse
from ..variants import Rules


def run(args: argparse.Namespace, record: dict[str, object], rules: Rules | None) -> int:
    progress = _progress if sys.stderr.isatty() and not args.json else None
    analysis = analyse(record, args.iterations, args.seed, rules, progress)
    if progress is not None:
        sys.stderr.write("\r\033[K")
    if args.json:
        print(json.dumps(analysis.to_document(), indent=1))
    else:
        sys.stdout.write(report(analysis))
    return 0


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\ranalysing: turn {done} of {total} ...")
    sys.stderr.flush()


def report(analysis: GameAnalysis) -> str:
    """The analysis for people: one line per turn, the marked turns with the expert's choice below."""
    players = analysis.players
    lines = [
        f"A: {players['A']}, B: {players['B']}; {_result(analysis.result)}.",
        f"Each seat's chance to win after each turn, as the expert's search estimates it from what that seat"
        f" knew ({analysis.iterations:,} iterations a turn, seed {analysis.seed}). A turn {MISTAKE_POINTS} points"
        f" or more below the expert's choice is a mistake, {BLUNDER_POINTS} or more a blunder.",
        "",
        "turn  seat     A     B  played",
    ]
    for turn in analysis.turns:
        lines.append(
            f"{turn.number:4}  {SEAT_NAMES[turn.seat]:>4}  {_percent(turn.win_chance[0]):>4}"
            f"  {_percent(turn.win_chance[1]):>4}  {_actions(turn.played.actions)}"
        )
        if turn.mark is not None:
            lines.append(f"{'':26}{_judgement(turn)}")
    if not analysis.turns:
        lines.append("(no complete turn yet)")
    lines.append("")
    for seat, name in enumerate(SEAT_NAMES):
        own = [t for t in analysis.turns if t.seat == seat]
        mistakes = sum(t.mark == "mistake" for t in own)
        blunders = sum(t.mark == "blunder" for t in own)
        counts = (_count(len(own), "turn"), _count(mistakes, "mistake"), _count(blunders, "blunder"))
        lines.append(f"{name}: {', '.join(counts)}.")
    costliest = analysis.costliest()
    if costliest:
        named = ", ".join(f"turn {t.number} ({SEAT_NAMES[t.seat]}, {t.cost} points)" for t in costliest)
        lines.append(f"The costliest turns: {named}.")
    return "\n".join(lines) + "\n"


def _judgement(turn: TurnAnalysis) -> str:
    return (
        f"{turn.mark}, {turn.cost} points: the expert would play {_actions(turn.best.actions)}"
        f" ({_percent(turn.best.win_chance)} against {_percent(turn.played.win_chance)})"
    )


def _result(result: str | None) -> str:
    if result is None:
        return "the game is still running"
    return "a draw" if result == "draw" else f"{result} won"


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def _actions(actions: Sequence[str]) -> str:
    return ", ".join(actions)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
