"""The colours and labels of the pieces, as on the table (Sue green, bodyguards grey, Hal yellow, Deb red).

Every piece also has a name on screen, so a terminal without colour (NO_COLOR) loses nothing.
"""

from __future__ import annotations

from ..cards import CARD_COLOUR, GREEN, GREY, RED, YELLOW

# Explicit colours: Textual re-colours the sixteen named ANSI colours by its theme (yellow turns orange).
SUE_GREEN = "bold #000000 on #3cb043"
GUARD_GREY = "#000000 on #a8a8a8"
HAL_YELLOW = "bold #000000 on #f2d024"
DEB_RED = "bold #ffffff on #c8282d"
CHARLIE_MAGENTA = "bold #ffffff on #b03cb0"
FIGURE_STYLE = {
    "sue": SUE_GREEN,
    "low": GUARD_GREY,
    "high": GUARD_GREY,
    "hal": HAL_YELLOW,
    "deb": DEB_RED,
    "charlie": CHARLIE_MAGENTA,
}
COLOUR_STYLE = {GREEN: SUE_GREEN, GREY: GUARD_GREY, YELLOW: HAL_YELLOW, RED: DEB_RED}
# A's club and B's club; also how the log shows each seat.
CLUB_STYLE = ("bold #ffffff on #2f5fd0", "bold #000000 on #2fb0b0")
SEAT_STYLE = ("bold #6f9bff", "bold #3fc8c8")


def card_style(card: int) -> str:
    """A card's style is its colour's: the colour of the figure it moves (R4)."""
    return COLOUR_STYLE[CARD_COLOUR[card]]
