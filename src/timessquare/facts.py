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

# Bounds on a game (the proof, step by step, is in docs/research.md, "Bounds"): the non-mover always
# holds 8 cards, so the second supply has at most 55 - 8 = 47 cards and at most 39 + 47 = 86 cards are ever
# drawn; every completed card turn draws at least one, so there are at most 86 of them plus one cut short by
# a win; each has at most 9 actions (8 cards, `end`); at most 3 lures follow one another (each puts another
# of Sue and her bodyguards on Hal's space, where no lure can reach it), so at most 3 * 88 lures.
MAX_SECOND_SUPPLY: Final = 55 - 8
MAX_CARD_TURNS: Final = 39 + MAX_SECOND_SUPPLY + 1
MAX_LURES: Final = 3 * (MAX_CARD_TURNS + 1)
MAX_GAME_LENGTH: Final = (MAX_CARD_TURNS - 1) * 9 + 8 + MAX_LURES  # 1,046 player actions
# OpenSpiel's chance nodes: the deal is 56 (the fist draw of Hal, then one a card), the reshuffle one a card.
MAX_CHANCE_NODES: Final = 1 + 55 + MAX_SECOND_SUPPLY  # 103
