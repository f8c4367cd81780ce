"""The choices panel: the list of what the person can do next (menu.py builds it), keyboard and mouse.

A line too long for the panel is wrapped by hand, never in the middle of a figure's move: the words go on
under their own column (a hanging indent), broken after a comma or a semicolon before anywhere else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import OptionList

from ..menu import Choice, Kind

PREFIX = 6  # the key (3 columns) and the ✗ mark (3 columns) before each label
MIN_WORDS = 12  # the narrowest column of words worth a hanging indent
_CLAUSES = re.compile(r".+?(?:[,;] |$)")  # "low 0→1, high 12→13" → "low 0→1, ", "high 12→13"


def _pieces(text: str, room: int) -> list[str]:
    """`text` cut into pieces to wrap between: clauses, and the words of a clause longer than `room`."""
    pieces: list[str] = []
    for clause in _CLAUSES.findall(text):
        if cell_len(clause.rstrip()) <= room:
            pieces.append(clause)
        else:
            pieces.extend(re.findall(r"\S+\s*", clause))
    return pieces


def wrap_label(label: str, width: int | None, hang: int = 0) -> list[str]:
    """The label in lines of at most `width` cells; `label[:hang]` (a card or an action) stays together on
    the first line and the continuation lines start `hang` cells in, under the words (at the left edge
    where the words would be too narrow there). `width` None: one line."""
    if width is None or cell_len(label) <= width:
        return [label]
    indent = hang if width - hang >= MIN_WORDS else 0
    head, rest = label[:hang], label[hang:]
    pieces = [*_pieces(head, width), *_pieces(rest, width - indent)]
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line.strip() and cell_len(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = " " * indent
        line += piece
    lines.append(line.rstrip())
    return lines


def choice_prompt(choice: Choice, width: int | None = None) -> Text:
    """The key, then the words (in lines of at most `width` cells in all); a choice that is not legal now is
    marked ✗ and dim."""
    text = Text()
    text.append(f"{choice.key:>3}" if choice.key else "   ", "bold")
    if choice.kind == Kind.NOTE:
        mark, style = " ", "italic"
    elif choice.legal:
        mark, style = "   ", ""
    else:
        mark, style = " ✗ ", "dim"
    room = None if width is None else max(width - PREFIX, 8)
    lines = wrap_label(choice.label, room, choice.hang)
    text.append(mark + ("\n" + " " * PREFIX).join(lines), style)
    return text


class ChoiceList(OptionList):
    """An OptionList that remembers the `Choice` behind each line and wraps the lines to its width."""

    DEFAULT_CSS = """
    ChoiceList { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []
        self.laid_out_for: int | None = None  # the width the lines were wrapped for

    def text_width(self) -> int | None:
        """The cells a line may take: the panel's inside, less room for a scrollbar (None before layout)."""
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        return width if width > 0 else None

    def show(self, choices: Sequence[Choice], highlight: int | None = None) -> None:
        """Replace the lines; the highlight goes to `highlight`, else to the first legal choice to act on."""
        self.choices = list(choices)
        width = self.laid_out_for = self.text_width()
        self.set_options([choice_prompt(c, width) for c in self.choices])
        if highlight is None:
            actionable = [i for i, c in enumerate(self.choices) if c.legal and c.kind not in (Kind.BACK, Kind.NOTE)]
            highlight = actionable[0] if actionable else 0
        if self.choices:
            self.highlighted = min(highlight, len(self.choices) - 1)

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines again for the new width, in place: the highlight (and what it says) stays."""
        width = self.text_width()
        if width == self.laid_out_for:
            return
        self.laid_out_for = width
        for index, choice in enumerate(self.choices):
            self.replace_option_prompt_at_index(index, choice_prompt(choice, width))

    def choice_at(self, index: int | None) -> Choice | None:
        if index is None or not 0 <= index < len(self.choices):
            return None
        return self.choices[index]

    @property
    def current(self) -> Choice | None:
        return self.choice_at(self.highlighted)
