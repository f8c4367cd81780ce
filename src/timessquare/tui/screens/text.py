"""A screen that shows a text (the rules in short, the keys) over the game until a key closes it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from ..words import ENGLISH, localize_bindings


class TextScreen(ModalScreen[None]):
    """Markdown text, scrollable with the arrow keys; Escape or q closes it."""

    DEFAULT_CSS = """
    TextScreen { background: $background; }
    TextScreen VerticalScroll { height: 1fr; padding: 0 1; }
    TextScreen Markdown { margin: 0; padding: 0; }
    """
    BINDINGS = [
        Binding("escape", "close", "close"),
        Binding("q", "close", "close", show=False),
        Binding("r", "close", "close", show=False),
        Binding("question_mark", "close", "close", show=False),
    ]

    def __init__(self, markdown: str, lang: str = ENGLISH) -> None:
        super().__init__()
        self.markdown = markdown
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
