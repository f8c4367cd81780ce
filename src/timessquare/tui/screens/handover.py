"""Hot seat: the screen between two turns that hides both hands until the next person takes the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandOverScreen(ModalScreen[None]):
    """Covers the whole screen (opaque): nothing of the game shows until `seat_name` presses Enter."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > Vertical { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    HandOverScreen Static { width: 100%; content-align: center middle; text-align: center; }
    HandOverScreen Button { width: 100%; margin-top: 1; }
    """
    BINDINGS = [Binding("enter", "ready", "Show my hand"), Binding("space", "ready", "Show my hand", show=False)]

    def __init__(self, seat_name: str, last_words: str = "") -> None:
        super().__init__()
        self.seat_name = seat_name
        self.last_words = last_words

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Hand the screen to {self.seat_name}.", id="handover-title")
            if self.last_words:
                yield Static(self.last_words, id="handover-last")
            yield Static(f"{self.seat_name}: press Enter when the other player cannot see the screen.")
            yield Button(f"I am {self.seat_name}: show my hand", id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
