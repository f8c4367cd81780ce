"""The replay viewer: steps through a game record forwards and backwards, from any seat's view or none."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static

from ...cards import SEAT_NAMES
from ...session.describe import describe
from ...session.log import entries_for, result_words
from ...session.timeline import Timeline
from ..palette import SEAT_STYLE
from ..widgets.board import Board
from ..widgets.hand import HandBar
from ..widgets.size import BOARD_SCREEN, SizeNotice
from ..widgets.status import InfoLine, status_parts

VIEWPOINT_NAMES = {None: "spectator", 0: "A's view", 1: "B's view"}


def step_line(timeline: Timeline, index: int) -> Text:
    """The list line of step `index` (0: the start of the game)."""
    if index == 0:
        return Text("  0 start of the game", "italic")
    step = timeline.steps[index - 1]
    text = Text(f"{index:>3} ")
    text.append(SEAT_NAMES[step.mover], SEAT_STYLE[step.mover])
    text.append(f" {step.move}", "bold")
    text.append("  " + describe(step.move, step.mover).removeprefix(SEAT_NAMES[step.mover] + " "))
    return text


class ReplayScreen(ModalScreen[None]):
    """Modal, so the game's keys stay asleep while it shows.

    `viewpoints` are the views the person may switch between (a running game's record: only their own)."""

    DEFAULT_CSS = """
    ReplayScreen { background: $background; }
    ReplayScreen #replay-header { height: auto; background: $panel; }
    ReplayScreen #replay-status { height: auto; }
    ReplayScreen #replay-steps { height: 1fr; border: round $accent; }
    ReplayScreen #replay-words { height: auto; min-height: 2; }
    """
    BINDINGS = [
        Binding("right", "step(1)", "Next"),
        Binding("left", "step(-1)", "Back"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("v", "viewpoint", "View"),
        Binding("escape", "leave", "Leave"),
        Binding("q", "leave", "Leave", show=False),
    ]

    def __init__(self, timeline: Timeline, viewpoints: tuple[int | None, ...] = (None, 0, 1)) -> None:
        super().__init__()
        self.timeline = timeline
        self.viewpoints = viewpoints
        self.viewpoint: int | None = viewpoints[0]
        self.index = 0

    def compose(self) -> ComposeResult:
        yield InfoLine(id="replay-header")
        yield Board(id="replay-board")
        yield InfoLine(id="replay-status")
        yield HandBar(id="replay-hand")
        yield OptionList(*[step_line(self.timeline, i) for i in range(len(self.timeline.steps) + 1)], id="replay-steps")
        yield Static(id="replay-words")
        yield Footer(compact=True, show_command_palette=False)
        yield SizeNotice()

    def on_mount(self) -> None:
        self.add_class(BOARD_SCREEN)
        self.query_one("#replay-steps", OptionList).focus()
        self.show_step(0)

    @property
    def last(self) -> int:
        return len(self.timeline.steps)

    def show_step(self, index: int) -> None:
        self.index = max(0, min(index, self.last))
        steps = self.query_one("#replay-steps", OptionList)
        if steps.highlighted != self.index:
            steps.highlighted = self.index
        view = self.timeline.view_at(self.index, self.viewpoint)
        players = self.timeline.game.players
        header = [
            Text(f"Replay: step {self.index} of {self.last}", "bold"),
            Text(VIEWPOINT_NAMES[self.viewpoint], "bold"),
            Text(f"A: {players['A']} vs B: {players['B']}"),
            Text("← → step, v view"),
        ]
        self.query_one("#replay-header", InfoLine).show(header)
        self.query_one(Board).show(view)
        self.query_one("#replay-status", InfoLine).show(status_parts(view))
        self.query_one(HandBar).show(view, owner="Hand")
        self.query_one("#replay-words", Static).update(self.step_words())

    def step_words(self) -> str:
        if self.index == 0:
            return f"{SEAT_NAMES[self.timeline.start.to_move]} moves first (Hal is on their side, R2.4)."
        step = self.timeline.steps[self.index - 1]
        before = self.timeline.view_at(self.index - 1, None)
        after = self.timeline.view_at(self.index, None)
        entries = entries_for(step.move, step.mover, before, after)
        words = ". ".join(e.words for e in entries)
        if self.index == self.last and self.timeline.game.forfeit:
            words += ". " + result_words(self.timeline.game.outcome)
        return words

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.index:
            self.show_step(event.option_index)

    def action_step(self, delta: int) -> None:
        self.show_step(self.index + delta)

    def action_jump(self, index: int) -> None:
        self.show_step(self.last if index < 0 else index)

    def action_viewpoint(self) -> None:
        at = self.viewpoints.index(self.viewpoint)
        self.viewpoint = self.viewpoints[(at + 1) % len(self.viewpoints)]
        self.show_step(self.index)

    def action_leave(self) -> None:
        self.dismiss(None)
