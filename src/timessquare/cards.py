"""The 55 cards of R4: codes, counts and colours, and the figures and seats of the board (R1)."""

from __future__ import annotations

from typing import Final

# Card indices, in the order of R4's table (and of FORMATS.md's card codes).
S, G1, G2, GA, H1, H2, H3, D1, D2, D3, D4, D5, DM = range(13)
CARD_CODES: Final = ("S", "G1", "G2", "GA", "H1", "H2", "H3", "D1", "D2", "D3", "D4", "D5", "DM")
CARD_INDEX: Final = {code: i for i, code in enumerate(CARD_CODES)}
CARD_COUNTS: Final = (12, 4, 10, 2, 2, 8, 2, 1, 3, 5, 3, 1, 2)
NUM_CARD_TYPES: Final = len(CARD_CODES)
DECK_SIZE: Final = sum(CARD_COUNTS)
HAND_SIZE: Final = 8

# Colours (R4): a card's colour is the figure it moves.
GREEN, GREY, YELLOW, RED = range(4)
COLOUR_NAMES: Final = ("green", "grey", "yellow", "red")
CARD_COLOUR: Final = (GREEN, GREY, GREY, GREY, YELLOW, YELLOW, YELLOW, RED, RED, RED, RED, RED, RED)

# Figures: their index in a state's position list.
SUE, LOW, HIGH, HAL, DEB, CHARLIE = range(6)
FIGURE_NAMES: Final = ("sue", "low", "high", "hal", "deb", "charlie")

# The board (R1).
NUM_SPACES: Final = 17
LAST_SPACE: Final = 16
MIDDLE: Final = 8

# Seats.
A, B = 0, 1
SEAT_NAMES: Final = ("A", "B")
DRAW: Final = 2  # a result code beside A and B
RESULT_NAMES: Final = ("A", "B", "draw")


def card_code(card: int) -> str:
    """The code of a card index (`card_code(G2) == "G2"`)."""
    return CARD_CODES[card]


def full_deck() -> list[int]:
    """All 55 cards as indices, grouped by type (shuffle before use)."""
    deck: list[int] = []
    for card, count in enumerate(CARD_COUNTS):
        deck.extend([card] * count)
    return deck
