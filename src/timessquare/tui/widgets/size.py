"""What a screen with the board shows when the terminal is smaller than the board needs: the sizes.

Below 80x24 the board and the panels would lose rows without a word; instead every other widget of the
screen is hidden (by the breakpoint classes in `SIZE_CSS`) and this notice says how big the terminal must be.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..words import ENGLISH, tui_words

MIN_WIDTH, MIN_HEIGHT = 80, 24
BOARD_SCREEN = "board-screen"  # the class of the screens that show the board (and hold a SizeNotice)

# For the App: the breakpoint classes Textual puts on the screen as the terminal's size changes.
WIDTH_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-wide-enough")]
HEIGHT_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-tall-enough")]
SIZE_CSS = f"""
.{BOARD_SCREEN}.-too-narrow > *, .{BOARD_SCREEN}.-too-short > * {{ display: none; }}
.{BOARD_SCREEN}.-too-narrow > SizeNotice, .{BOARD_SCREEN}.-too-short > SizeNotice {{ display: block; }}
"""


def too_small_words(width: int, height: int, lang: str = ENGLISH) -> str:
    return tui_words("tooSmall", lang, width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)


class SizeNotice(Widget):
    """Hidden unless the terminal is too small; then the only thing on its screen."""

    DEFAULT_CSS = """
    SizeNotice { display: none; width: 100%; height: 100%; content-align: center middle; text-align: center; }
    """

    def __init__(self, lang: str = ENGLISH) -> None:
        super().__init__()
        self.lang = lang

    def render(self) -> Text:
        width, height = self.app.size
        return Text(too_small_words(width, height, self.lang))
