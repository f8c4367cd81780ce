"""Hot seat: the screen between two turns that hides both hands until the next person takes the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..words import ENGLISH, localize_bindings, tui_words


class HandOverScreen(ModalScreen[None]):
    """Covers the whole screen (opaque): nothing of the game shows until `seat_name` presses Enter."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > Vertical { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    HandOverScreen Static { width: 100%; content-align: center middle; text-align: center; }
    HandOverScreen Button { width: 100%; margin-top: 1; }
    """
    BINDINGS = [Binding("enter", "ready", "showHand"), Binding("space", "ready", "showHand", show=False)]

    def __init__(self, seat_name: str, last_words: str = "", lang: str = ENGLISH) -> None:
        super().__init__()
        self.seat_name = seat_name
        self.last_words = last_words
        self.lang = lang
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        seat, lang = self.seat_name, self.lang
        with Vertical():
            yield Static(tui_words("handover.title", lang, seat=seat), id="handover-title")
            if self.last_words:
                yield Static(self.last_words, id="handover-last")
            yield Static(tui_words("handover.help", lang, seat=seat))
            yield Button(tui_words("handover.ready", lang, seat=seat), id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
