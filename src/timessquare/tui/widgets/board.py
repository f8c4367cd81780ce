"""The board as on the table: the street 0-16 with the sewer cover (8), the clubs' entrances at the ends
(A: 0-1, B: 15-16), the figures, and Charlie's strip beside the street.

Each figure kind has its own lane, so figures on one space stack instead of hiding each other: lane one
holds Sue and her bodyguards (never two on a space, R3), lane two Hal, lane three Deb. A highlighted
choice is previewed: the moved figures stand where they would go (marked), their old spaces show a ghost.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual.widgets import Static

from ...cards import LAST_SPACE, MIDDLE, A, B
from ...view import PlayerView
from ..palette import CLUB_STYLE, FIGURE_STYLE
from ..preview import moved_figures
from ..words import ENGLISH, tui_words

SPACES = range(LAST_SPACE + 1)
MARGIN = 6  # room for the row names at the left
LANES = (("sue", "low", "high"), ("hal",), ("deb",))
MOVED_STYLE = "reverse bold underline"
GHOST_STYLE = "dim italic"
TARGET_STYLE = "reverse bold"
BOARD_HEIGHT = 6


def _club_row(you: int | None, lang: str) -> Text:
    """Which side is whose: A's club and half at the left, the middle, B's half and club at the right (the
    catalogs' words padded to the columns of the spaces below them)."""
    mark = [tui_words("board.you", lang) if you == seat else "" for seat in (A, B)]
    row = Text(" " * MARGIN)
    row.append(tui_words("board.clubA", lang).ljust(8), CLUB_STYLE[A])
    row.append(f"◀─ {tui_words('board.halfA', lang)}{mark[A]} ".ljust(24, "─"), "dim")
    row.append(tui_words("board.middle", lang).rjust(4), "bold")
    row.append(f" {tui_words('board.halfB', lang)}{mark[B]} ─▶".rjust(24, "─"), "dim")
    row.append(tui_words("board.clubB", lang).rjust(8), CLUB_STYLE[B])
    return row


def _separator(space: int) -> tuple[str, str]:
    """The line left of a space: a heavy one where a club's entrance begins or ends."""
    return ("┃", "bold") if space in (2, LAST_SPACE - 1) else ("│", "dim")


def _number_row(targets: Collection[int], lang: str) -> Text:
    row = Text(tui_words("board.space", lang).ljust(MARGIN))
    for space in SPACES:
        label = "(8)" if space == MIDDLE else f"{space:^3}"
        style = CLUB_STYLE[A] if space <= 1 else CLUB_STYLE[B] if space >= LAST_SPACE - 1 else ""
        if space == MIDDLE:
            style = "bold"
        if space in targets:
            style = TARGET_STYLE
        row.append(" ")
        row.append(label, style)
    return row


def board_text(
    figures: dict[str, int],
    *,
    preview: int | None = None,
    targets: Collection[int] = (),
    you: int | None = None,
    lang: str = ENGLISH,
) -> Text:
    """The board of a view's `figures`; `preview` is an action id to show, `targets` spaces to highlight."""
    moves = moved_figures(figures, preview) if preview is not None else []
    where = dict(figures)
    ghosts: dict[str, int] = {}
    for name, old, new in moves:
        where[name] = new
        ghosts[name] = old
    moved = {name for name, _, _ in moves}
    # three letters per figure (the board gives each space three columns), a bodyguard's label for both
    label = {name: tui_words(f"board.figure.{'guard' if name in ('low', 'high') else name}", lang) for name in where}
    rows = [_club_row(you, lang), _number_row(targets, lang)]
    for lane_number, lane in enumerate(LANES):
        row = Text(tui_words("board.street", lang).ljust(MARGIN) if lane_number == 0 else " " * MARGIN)
        for space in SPACES:
            row.append(*_separator(space))
            here = [name for name in lane if where[name] == space]
            gone = [name for name in lane if ghosts.get(name) == space]
            if here:
                name = here[0]
                style = f"{FIGURE_STYLE[name]} {MOVED_STYLE}" if name in moved else FIGURE_STYLE[name]
                row.append(label[name], style)
            elif gone:
                row.append(label[gone[0]].lower(), GHOST_STYLE)
            else:
                row.append("   ")
        row.append("│", "dim")
        rows.append(row)
    strip = Text(tui_words("board.strip", lang).ljust(MARGIN))
    for space in SPACES:
        strip.append(" ")
        if figures["charlie"] == space:
            strip.append(label["charlie"], FIGURE_STYLE["charlie"])
        else:
            strip.append(" · ", "dim")
    rows.append(strip)
    return Text("\n").join(rows)


class Board(Static):
    """The board widget: shows a view's figures, and a preview of the highlighted choice."""

    DEFAULT_CSS = """
    Board { height: 6; width: 100%; }
    """

    def __init__(self, *, id: str | None = None, lang: str = ENGLISH) -> None:
        super().__init__(id=id)
        self.lang = lang

    def show(
        self, view: PlayerView, preview: int | None = None, targets: Collection[int] = (), you: int | None = None
    ) -> None:
        self.update(board_text(view.figures, preview=preview, targets=targets, you=you, lang=self.lang))
