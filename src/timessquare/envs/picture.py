"""An RGB picture of the board drawn with numpy alone (our own simple drawing: no artwork).

It is a pure function of a view, and the environments hand it a spectator's view, so it shows only what
is public (R10.1): the street and its figures, Charlie's strip, both hand sizes and the supply.

Layout, left to right the 17 spaces (A's club on the left): a row of spaces (A's entrance blue, B's
orange, the middle dark), figure markers stacked above the street (Sue green, the bodyguards grey, Hal
yellow, Deb red), Charlie's strip under the street with Charlie as a white marker, and at the bottom one
bar per hand (8 cards full) and a bar for the supply (55 cards full; darker once it is the second supply).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..cards import DECK_SIZE, HAND_SIZE, LAST_SPACE, MIDDLE, NUM_SPACES
from ..view import PlayerView

Image = npt.NDArray[np.uint8]

CELL: Final = 28  # pixels per space
MARGIN: Final = 8
WIDTH: Final = NUM_SPACES * CELL + 2 * MARGIN
STACK_TOP: Final = MARGIN
STREET_TOP: Final = STACK_TOP + 5 * CELL
STRIP_TOP: Final = STREET_TOP + CELL + 4
BARS_TOP: Final = STRIP_TOP + CELL // 2 + 10
BAR_HEIGHT: Final = 8
HEIGHT: Final = BARS_TOP + 3 * (BAR_HEIGHT + 4) + MARGIN

BACKGROUND: Final = (24, 24, 32)
SPACE: Final = (70, 70, 84)
A_COLOUR: Final = (60, 110, 220)
B_COLOUR: Final = (230, 130, 40)
MIDDLE_COLOUR: Final = (40, 40, 48)
STRIP: Final = (50, 50, 60)
FIGURE_COLOURS: Final = {
    "sue": (60, 190, 80),
    "low": (170, 170, 170),
    "high": (170, 170, 170),
    "hal": (235, 210, 50),
    "deb": (215, 50, 50),
}
CHARLIE_COLOUR: Final = (245, 245, 245)
SUPPLY_COLOURS: Final = ((140, 140, 160), (90, 90, 120))  # first supply, second supply


def _fill(img: Image, top: int, left: int, height: int, width: int, colour: tuple[int, int, int]) -> None:
    img[top : top + height, left : left + width] = colour


def _space_colour(space: int) -> tuple[int, int, int]:
    if space <= 1:
        return A_COLOUR
    if space >= LAST_SPACE - 1:
        return B_COLOUR
    return MIDDLE_COLOUR if space == MIDDLE else SPACE


def board_picture(view: PlayerView) -> Image:
    """The board of `view` as a (HEIGHT, WIDTH, 3) uint8 array."""
    img = np.empty((HEIGHT, WIDTH, 3), dtype=np.uint8)
    img[:] = BACKGROUND
    for space in range(NUM_SPACES):
        left = MARGIN + space * CELL
        _fill(img, STREET_TOP, left + 1, CELL - 2, CELL - 2, _space_colour(space))
        _fill(img, STRIP_TOP, left + 1, CELL // 2, CELL - 2, STRIP)
    # Figures stand in a stack above their space, the first named lowest.
    height = [0] * NUM_SPACES
    for name, colour in FIGURE_COLOURS.items():
        space = view.figures[name]
        level = height[space]
        height[space] += 1
        top = STREET_TOP - (level + 1) * CELL + 3
        _fill(img, top, MARGIN + space * CELL + 4, CELL - 6, CELL - 8, colour)
    charlie = view.figures["charlie"]
    _fill(img, STRIP_TOP + 2, MARGIN + charlie * CELL + 6, CELL // 2 - 4, CELL - 12, CHARLIE_COLOUR)
    # Bars: A's hand, B's hand, the supply.
    full = NUM_SPACES * CELL
    bars = (
        (view.hand_sizes[0] / HAND_SIZE, A_COLOUR),
        (view.hand_sizes[1] / HAND_SIZE, B_COLOUR),
        (view.supply_size / DECK_SIZE, SUPPLY_COLOURS[view.supply_number - 1]),
    )
    for i, (fraction, colour) in enumerate(bars):
        top = BARS_TOP + i * (BAR_HEIGHT + 4)
        _fill(img, top, MARGIN, BAR_HEIGHT, full, STRIP)
        _fill(img, top, MARGIN, BAR_HEIGHT, round(full * min(1.0, fraction)), colour)
    return img
