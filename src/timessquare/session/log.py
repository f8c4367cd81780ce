"""The move log: one entry per action, in notation and in words, plus what followed from it in public.

An `end` or a lure is followed by the draw (R6), the reshuffle (R6.2), Charlie's step (R7) and the end of
the game (R8). None of these is in the notation, so they are read off the public views before and after
the action (spectator views: the log is the same for both players and shows nothing hidden, R10).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SEAT_NAMES
from ..view import PlayerView
from .describe import SHUFFLE_WORDS, describe, describe_charlie, describe_draw


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: who (0, 1, or None for what the game itself did), the notation (or ""), words."""

    seat: int | None
    notation: str
    words: str


def result_words(result: str | None, end_reason: str) -> str:
    """ "Game over: Sue reached A's entrance. A wins." """
    if result is None:
        return ""
    outcome = "A draw." if result == "draw" else f"{result} wins."
    return f"Game over: {end_reason}. {outcome}" if end_reason else f"Game over. {outcome}"


def entries_for(move: str, mover: int, before: PlayerView, after: PlayerView, end_reason: str = "") -> list[LogEntry]:
    """The log entries of one action `move` by seat `mover`, given the public views around it."""
    entries = [LogEntry(mover, move, describe(move, mover))]
    turn_over = move == "end" or move.startswith("lure ")
    if move == "end":
        drawn = after.hand_sizes[mover] - before.hand_sizes[mover]
        entries.append(LogEntry(None, "", describe_draw(mover, drawn)))
        if after.supply_number != before.supply_number:
            entries.append(LogEntry(None, "", f"{SHUFFLE_WORDS[:1].upper()}{SHUFFLE_WORDS[1:]}"))
    charlie_before, charlie_after = before.figures["charlie"], after.figures["charlie"]
    # R7 happens unless the game ended first (R8.1 mid-turn, or R8.2 during the draw).
    if charlie_after != charlie_before or (turn_over and after.result is None):
        entries.append(LogEntry(None, "", describe_charlie(charlie_before, charlie_after)))
    if after.result is not None:
        entries.append(LogEntry(None, "", result_words(after.result, end_reason)))
    elif turn_over:
        entries.append(LogEntry(None, "", f"{SEAT_NAMES[after.to_move]} to move"))
    return entries
