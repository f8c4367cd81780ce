"""The colours and labels of the pieces, as on the table (Sue green, bodyguards grey, Hal yellow, Deb red).

Every piece also has a name on screen, so a terminal without colour (NO_COLOR) loses nothing.
"""

from __future__ import annotations

from ..cards import CARD_COLOUR, GREEN, GREY, RED, YELLOW

# Three letters per figure: the board gives each space three columns.
FIGURE_LABEL = {"sue": "Sue", "low": "Grd", "high": "Grd", "hal": "Hal", "deb": "Deb", "charlie": "Cha"}
FIGURE_STYLE = {
    "sue": "bold black on green3",
    "low": "black on grey70",
    "high": "black on grey70",
    "hal": "bold black on yellow",
    "deb": "bold white on red3",
    "charlie": "bold white on magenta",
}
COLOUR_STYLE = {
    GREEN: "bold black on green3",
    GREY: "black on grey70",
    YELLOW: "bold black on yellow",
    RED: "bold white on red3",
}
# A's club and B's club; also how the log shows each seat.
CLUB_STYLE = ("bold white on blue", "bold black on dark_cyan")
SEAT_STYLE = ("bold blue", "bold dark_cyan")


def card_style(card: int) -> str:
    """A card's style is its colour's: the colour of the figure it moves (R4)."""
    return COLOUR_STYLE[CARD_COLOUR[card]]
