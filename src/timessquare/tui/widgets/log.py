"""The move log: every action in notation and in words, and what followed it (draws, Charlie, the end)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

from ...cards import SEAT_NAMES
from ...catalog import ENGLISH
from ...session.log import LogEntry
from ..palette import SEAT_STYLE


def entry_text(entry: LogEntry, lang: str = ENGLISH) -> Text:
    """`A D3 sue+3  Deb moves Sue 3 toward B`, in words of `lang`; what the game itself did is indented."""
    text = Text()
    if entry.seat is None:
        text.append("  · " + entry.text(lang), "italic")
        return text
    text.append(SEAT_NAMES[entry.seat], SEAT_STYLE[entry.seat])
    words = entry.text(lang).removeprefix(SEAT_NAMES[entry.seat] + " ")  # the seat is already shown
    if entry.notation:
        text.append(" " + entry.notation, "bold")
        text.append("  " + words)
    else:
        text.append(" " + words)
    return text


class MoveLog(RichLog):
    """The log of the game, newest at the bottom."""

    def __init__(self, *, id: str | None = None, lang: str = ENGLISH) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=10)
        self.lang = lang

    def add(self, entries: Iterable[LogEntry]) -> None:
        for entry in entries:
            self.write(entry_text(entry, self.lang))

    def reset(self, entries: Iterable[LogEntry]) -> None:
        self.clear()
        self.add(entries)
