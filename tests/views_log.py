"""The move log worked out the old way, by comparing the public views before and after each action: an
oracle independent of the game's events (events.py), which the tests hold the session's log against."""

from __future__ import annotations

from timessquare.cards import SEAT_NAMES
from timessquare.catalog import words
from timessquare.session.describe import describe, describe_charlie, describe_draw
from timessquare.session.log import LogEntry, over_entry
from timessquare.view import PlayerView


def entries_for(move: str, mover: int, before: PlayerView, after: PlayerView) -> list[LogEntry]:
    """The log entries of one action `move` by seat `mover`, given the public views around it."""
    entries = [LogEntry(mover, move, describe(move, mover), "move")]
    turn_over = move == "end" or move.startswith("lure ")
    if move == "end":
        drawn = after.hand_sizes[mover] - before.hand_sizes[mover]
        entries.append(LogEntry(None, "", describe_draw(mover, drawn), "draw", number=drawn, subject=SEAT_NAMES[mover]))
        if after.supply_number != before.supply_number:
            entries.append(LogEntry(None, "", describe("shuffle"), "shuffle"))
    charlie_before, charlie_after = before.figures["charlie"], after.figures["charlie"]
    # R7 happens unless the game ended first (R8.1 mid-turn, or R8.2 during the draw).
    if charlie_after != charlie_before or (turn_over and after.result is None):
        text = describe_charlie(charlie_before, charlie_after)
        entries.append(LogEntry(None, "", text, "charlie", number=charlie_after - charlie_before))
    if after.outcome is not None:
        entries.append(over_entry(after.outcome))
    elif turn_over:
        seat = SEAT_NAMES[after.to_move]
        entries.append(LogEntry(None, "", words("log.toMove", seat=seat), "to_move", subject=seat))
    return entries
