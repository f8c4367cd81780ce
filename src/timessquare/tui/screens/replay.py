"""The replay viewer: steps through a game record forwards and backwards, from any seat's view or none."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static

from ...cards import SEAT_NAMES
from ...session.describe import describe
from ...session.log import entries_of
from ...session.timeline import Timeline
from ..palette import SEAT_STYLE
from ..widgets.board import Board
from ..widgets.hand import HandBar
from ..widgets.size import BOARD_SCREEN, SizeNotice
from ..widgets.status import InfoLine, status_parts
from ..words import ENGLISH, localize_bindings, player_words, tui_words

VIEWPOINT_KEYS = {None: "replay.spectator", 0: "replay.viewA", 1: "replay.viewB"}


def step_line(timeline: Timeline, index: int, lang: str = ENGLISH) -> Text:
    """The list line of step `index` (0: the start of the game)."""
    if index == 0:
        return Text(f"  0 {tui_words('replay.start', lang)}", "italic")
    step = timeline.steps[index - 1]
    text = Text(f"{index:>3} ")
    text.append(SEAT_NAMES[step.mover], SEAT_STYLE[step.mover])
    text.append(f" {step.move}", "bold")
    text.append("  " + describe(step.move, step.mover, lang).removeprefix(SEAT_NAMES[step.mover] + " "))
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
        Binding("right", "step(1)", "next"),
        Binding("left", "step(-1)", "previous"),
        Binding("home", "jump(0)", "first", show=False),
        Binding("end", "jump(-1)", "last", show=False),
        Binding("v", "viewpoint", "view"),
        Binding("escape", "leave", "leave"),
        Binding("q", "leave", "leave", show=False),
    ]

    def __init__(
        self, timeline: Timeline, viewpoints: tuple[int | None, ...] = (None, 0, 1), lang: str = ENGLISH
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.viewpoints = viewpoints
        self.viewpoint: int | None = viewpoints[0]
        self.index = 0
        self.lang = lang
        localize_bindings(self, lang)

    def compose(self) -> ComposeResult:
        lines = [step_line(self.timeline, i, self.lang) for i in range(len(self.timeline.steps) + 1)]
        yield InfoLine(id="replay-header")
        yield Board(id="replay-board", lang=self.lang)
        yield InfoLine(id="replay-status")
        yield HandBar(id="replay-hand")
        yield OptionList(*lines, id="replay-steps")
        yield Static(id="replay-words")
        yield Footer(compact=True, show_command_palette=False)
        yield SizeNotice(self.lang)

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
        players, lang = self.timeline.game.players, self.lang
        header = [
            Text(tui_words("replay.step", lang, n=self.index, last=self.last), "bold"),
            Text(tui_words(VIEWPOINT_KEYS[self.viewpoint], lang), "bold"),
            Text(tui_words("replay.players", lang, **{s.lower(): player_words(players[s], s, lang) for s in "AB"})),
            Text(tui_words("replay.keys", lang)),
        ]
        self.query_one("#replay-header", InfoLine).show(header)
        self.query_one(Board).show(view)
        self.query_one("#replay-status", InfoLine).show(status_parts(view, lang=lang))
        self.query_one(HandBar).show(view, owner=tui_words("hand.replay", lang), lang=lang)
        self.query_one("#replay-words", Static).update(self.step_words())

    def step_words(self) -> str:
        lang = self.lang
        if self.index == 0:
            return tui_words("replay.first", lang, seat=SEAT_NAMES[self.timeline.start.to_move])
        step = self.timeline.steps[self.index - 1]  # its events end with a forfeit's, on the last step
        return ". ".join(entry.text(lang) for entry in entries_of(step.events))

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
