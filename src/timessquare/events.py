"""What a change of the game did, as values: the action, the draw, a reshuffle, Charlie's step, whose turn it
is, the end. `Game` records them as it applies each action (R6, R6.2, R7, R8), so that the log, the replays
and the network say what happened without comparing positions before and after.

An event is public except for one field: a draw's `cards`, which only the drawer may see (R10).
`seen_by(seat)` is the event as one seat (or a spectator, None) may know it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .outcome import Outcome

MOVE = "move"  # `seat` took the action `notation`
DRAW = "draw"  # `seat` drew `number` cards (`cards`: which, for the drawer only) at the end of a turn (R6)
SHUFFLE = "shuffle"  # the discard pile became the second supply (R6.2); its order stays secret
CHARLIE = "charlie"  # Charlie stepped `number` spaces (+ toward B) at the end of a turn (R7)
TO_MOVE = "to_move"  # the next turn is `seat`'s
OVER = "over"  # the game ended: `outcome`


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    notation: str = ""
    number: int = 0
    cards: tuple[int, ...] = ()
    outcome: Outcome | None = None

    def seen_by(self, seat: int | None) -> Event:
        """The event as `seat` may know it: a draw's cards only for the drawer."""
        if self.cards and seat != self.seat:
            return replace(self, cards=())
        return self

    @property
    def starts_action(self) -> bool:
        """An action's events begin with its MOVE (a forfeit's OVER belongs to no action)."""
        return self.kind == MOVE
