"""A change of a game as one value: what the session makes of each message it accepts (an action, a whole trade,
a resignation, a forfeit or a claim, an agreed draw or an abort, a loss on time, or a change another process
made), and the one thing the rest of the program reads of it.

The store writes a change whole, in one transaction (its record entries, its clock, its end); the wire tells it
to each seat as that seat may know it (`seen_by`); the log is its events in words. One counter orders changes:
the game's `version`, before and after.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..events import Event
from ..outcome import Outcome
from .clock import Clock
from .log import LogEntry, entries_of

ACTION = "action"  # a person's action, or several of one turn (a trade's discards and its `end`), or a computer's
FORFEIT = "forfeit"  # a resignation, a computer's forfeit, a claim against a player who left
AGREED = "agreed"  # a draw by agreement, or an abort
TIME = "time"  # the seat to move ran out of time: decided before the message that came too late was applied
CAUGHT_UP = "caught_up"  # what another process stored, applied here from the store's tail
KINDS = (ACTION, FORFEIT, AGREED, TIME, CAUGHT_UP)


@dataclass(frozen=True)
class Change:
    """One accepted change. `moves` are the record's new entries from index `before` on (a reshuffle's order
    included: for storage, never for a seat); `events` what happened, whole (a draw's cards included: `seen_by`
    is what one seat may know); `clock` the game's clock after the change (None: the game has no clock);
    `outcome` how the game ended, once it has. Its `moves` and `events` are slices of the game's one history
    (game.py); `log` is made from the events when asked."""

    kind: str
    before: int
    after: int
    moves: tuple[str, ...]
    events: tuple[Event, ...]
    clock: Clock | None
    outcome: Outcome | None

    @cached_property
    def log(self) -> tuple[LogEntry, ...]:
        """The events as public log lines (a draw says how many cards, never which)."""
        return tuple(entries_of(self.events))

    @property
    def first_ply(self) -> int:
        """The record index of `moves[0]`: a live game's version is its record's length."""
        return self.before

    @property
    def ended(self) -> bool:
        return self.outcome is not None

    def seen_by(self, seat: int | None) -> tuple[Event, ...]:
        """The events as `seat` (None: a spectator) may know them: a draw's cards only for the drawer (R10)."""
        return tuple(event.seen_by(seat) for event in self.events)
