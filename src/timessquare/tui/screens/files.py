"""The save and load dialogs: one line to type a file name in, Enter to go on, Escape to cancel."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..words import ENGLISH, localize_bindings


class PathDialog(ModalScreen[str | None]):
    """Asks for a file path; dismisses with the path typed, or None when cancelled."""

    DEFAULT_CSS = """
    PathDialog { align: center middle; }
    PathDialog > Vertical { width: 72; height: auto; border: heavy $accent; padding: 0 1; background: $surface; }
    PathDialog Input { width: 100%; }
    PathDialog .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, default: str, hint: str, lang: str = ENGLISH) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.hint = hint
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="dialog-title")
            yield Input(value=self.default, id="path")
            yield Static(self.hint, classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        self.dismiss(path or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
