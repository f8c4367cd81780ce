"""How a finished game ended, as data (as python-chess's `Outcome`): the result, the way it ended, its details.

The core decides the outcome once, where the rule applies (R8 in `state.py`, a forfeit in `game.py`); every
sentence about an ending (the record's `end` field, the log's last line, a screen's verdict, in any language)
is made from this data, and nothing reads an ending back out of words.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .catalog import catalog


class Termination(enum.Enum):
    """The ways a game ends: Sue or Charlie on a club's entrance (R8.1), the second supply running out
    (R8.2), a person's resignation, or a forfeit (a computer player's failure, an illegal action)."""

    SUE = "sue"
    CHARLIE = "charlie"
    SUPPLY = "supply"
    RESIGNATION = "resignation"
    FORFEIT = "forfeit"
    AGREED = "agreed"  # the players agreed to a draw (docs/rules.md R11.9)
    ABORTED = "aborted"  # called off before both had acted: nobody won or lost (R11.9)


RESIGNED = "resigned"  # the record's forfeit reason of a resignation (FORMATS.md)
ABORTED = "aborted"  # the result of a game called off (the record's `agreed`, FORMATS.md)
AGREED_RESULTS = ("draw", ABORTED)  # what the record's `agreed` may say

# The English words of an ending (the catalogs' `ending.*`): the record's `end` field (FORMATS.md), kept
# exactly as it always was.
END_WORDS = {
    key: catalog()[f"ending.{key}"]
    for key in ("entrance", "deck", "sue", "charlie", "none", "forfeit", "agreed", "aborted")
}


@dataclass(frozen=True)
class Outcome:
    """`result`: "A", "B" or "draw". `seat`: the owner of the entrance reached (SUE, CHARLIE), or the seat
    that resigned or forfeited. `deciding` (SUPPLY only): which figure's half decided R8.2, "sue",
    "charlie", or "none" for a draw. `reason` (FORFEIT, RESIGNATION): the reason on record."""

    result: str  # "aborted" too, for a game called off (R11.9)
    termination: Termination
    seat: str | None = None
    deciding: str | None = None
    reason: str = ""

    @property
    def winner(self) -> str | None:
        return None if self.result in AGREED_RESULTS else self.result

    @classmethod
    def entrance(cls, figure: str, owner: str) -> Outcome:
        """R8.1: `figure` ("sue" or "charlie") reached the entrance of `owner`'s club, who wins."""
        return cls(owner, Termination(figure), seat=owner)

    @classmethod
    def supply(cls, result: str, deciding: str) -> Outcome:
        """R8.2: the second supply ran out; `deciding` is the figure whose half gave `result`."""
        return cls(result, Termination.SUPPLY, deciding=deciding)

    @classmethod
    def forfeited(cls, seat: str, reason: str) -> Outcome:
        """`seat` gave up (reason `resigned`) or lost by forfeit: the other seat wins."""
        kind = Termination.RESIGNATION if reason == RESIGNED else Termination.FORFEIT
        return cls("B" if seat == "A" else "A", kind, seat=seat, reason=reason)

    @classmethod
    def agreed(cls, result: str) -> Outcome:
        """The players stopped the game: a draw by agreement, or an abort ("aborted")."""
        return cls(result, Termination.ABORTED if result == ABORTED else Termination.AGREED)

    def words(self) -> str:
        """How it ended in English, as the record's `end` field says it."""
        kind = self.termination
        if kind in (Termination.SUE, Termination.CHARLIE):
            return END_WORDS["entrance"].format(figure=kind.value.capitalize(), owner=self.seat)
        if kind is Termination.SUPPLY:
            why = END_WORDS[self.deciding or "none"].format(winner=self.winner or "")
            return END_WORDS["deck"].format(why=why)
        if kind in (Termination.AGREED, Termination.ABORTED):
            return END_WORDS[kind.value]
        return END_WORDS["forfeit"].format(seat=self.seat, reason=self.reason)
