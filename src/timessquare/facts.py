"""The game's facts in one place: what a framework (OpenSpiel, PettingZoo, an arena) needs to know of it.

Times Square is a two-player, zero-sum (win/draw/loss), sequential game of imperfect information (each
hand is hidden, and so is the order of the supply) with explicit chance events.
"""

from __future__ import annotations

from typing import Final

NAME: Final = "times_square"
NUM_PLAYERS: Final = 2
SEATS: Final = ("A", "B")
NUM_ACTIONS: Final = 95  # the stable action ids of actions.py (docs/notation.md); checked there
PERFECT_INFORMATION: Final = False
ZERO_SUM: Final = True

# The chance events (State.chance_due): the deal of R2 before the first turn, and the reshuffle of R6.2
# when an `end` empties the first supply. Their outcomes are described in State.apply_chance.
DEAL: Final = "deal"
RESHUFFLE: Final = "reshuffle"
CHANCE_EVENTS: Final = (DEAL, RESHUFFLE)

RESULTS: Final = ("A", "B", "draw")  # the winner's seat, or a draw (R8.2 only); utilities +1 / 0 / -1

# A bound on the length of a game, in player actions. Every turn that is not a lure plays or discards at
# least one card and draws (R6.1), and at most 55 + 55 cards are ever drawn, so there are fewer than 110
# such turns; a lure moves a figure onto Hal's space, where no lure can reach it again until a card moves
# something, so at most three lures follow one another; and a turn has at most 9 actions (8 cards, `end`).
# 4 * 110 turns * 9 actions is under 4000. Self-play games average about 96 actions.
MAX_GAME_LENGTH: Final = 4000
