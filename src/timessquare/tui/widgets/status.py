"""The two status lines: who plays whom and whose turn it is; the supply, the discard pile, the other hand.

Each is a few parts joined by `│`; where the terminal is too narrow for all of them on one line, the line
breaks between two parts (`InfoLine`), so nothing is cut off and no part is split.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import Static

from ...cards import CARD_CODES, CARD_COLOUR, CARD_INDEX, COLOUR_NAMES, SEAT_NAMES
from ...view import PlayerView
from ..palette import SEAT_STYLE, card_style

JOKER_WORDS = {"sue": "Sue", "hal": "Hal", "guards": "the bodyguards"}
SUPPLY_WORDS = {1: "first", 2: "last"}


def turn_words(view: PlayerView) -> str:
    """What the seat to move has done so far this turn (R5), in words."""
    turn = view.turn
    cards = turn["cards"]
    if turn["mode"] == "start":
        return "nothing played yet"
    if turn["mode"] == "trade":
        return f"trading ({' '.join(cards)})"
    colour = COLOUR_NAMES[CARD_COLOUR[CARD_INDEX[cards[0]]]]
    joker = f", Deb cards move {JOKER_WORDS[turn['joker']]}" if turn["joker"] else ""
    return f"playing {colour} ({' '.join(cards)}){joker}"


def header_parts(view: PlayerView, names: tuple[str, str], note: str = "") -> list[Text]:
    """`A: you vs B: random`, `A to move: playing green (S S)` (or the result), and the note if any."""
    players = Text()
    for seat in (0, 1):
        if seat:
            players.append(" vs ")
        players.append(SEAT_NAMES[seat], SEAT_STYLE[seat])
        players.append(f": {names[seat]}")
    turn = Text()
    if view.result is not None:
        outcome = "a draw" if view.result == "draw" else f"{view.result} won"
        turn.append(f"game over: {outcome}", "bold")
    else:
        turn.append(SEAT_NAMES[view.to_move], SEAT_STYLE[view.to_move])
        turn.append(f" to move: {turn_words(view)}")
    return [players, turn, *([Text(note, "italic")] if note else [])]


def header_text(view: PlayerView, names: tuple[str, str], note: str = "") -> Text:
    """`A: you  vs  B: random │ A to move: playing green (S S)`, or the result, on one line."""
    return fit_parts(header_parts(view, names, note), None)


def status_parts(view: PlayerView, discard_shown: int = 5) -> list[Text]:
    """The public piles (R6.3, R10.1): supply size and which supply, the discard pile, the other hand."""
    supply = Text()
    supply.append(f"Supply {view.supply_number} ({SUPPLY_WORDS.get(view.supply_number, '?')}): ", "bold")
    supply.append(f"{view.supply_size}")
    discard = Text()
    discard.append(f"Discard {len(view.discard)}", "bold")
    if view.discard:
        discard.append(": …" if len(view.discard) > discard_shown else ": ")
        for i, code in enumerate(view.discard[-discard_shown:]):
            if i:
                discard.append(" ")
            discard.append(code, card_style(CARD_CODES.index(code)))
    if view.seat is None:
        hands = Text(f"hands: A {view.hand_sizes[0]}, B {view.hand_sizes[1]}")
    else:
        other = 1 - view.seat
        hands = Text(f"{SEAT_NAMES[other]}'s hand: {view.hand_sizes[other]} cards")
    return [supply, discard, hands]


def status_text(view: PlayerView, discard_shown: int = 5) -> Text:
    """The status line's parts on one line."""
    return fit_parts(status_parts(view, discard_shown), None)


SEPARATOR = " │ "


def fit_parts(parts: Sequence[Text], width: int | None) -> Text:
    """The parts joined by `│` on as few lines of at most `width` cells as they fit (None: one line).

    A line breaks between two parts only; a part longer than the whole width is left to wrap at its spaces.
    """
    text = Text()
    used = 0
    for i, part in enumerate(parts):
        if i:
            if width is not None and used + len(SEPARATOR) + part.cell_len > width:
                text.append("\n")
                used = 0
            else:
                text.append(SEPARATOR, "dim")
                used += len(SEPARATOR)
        text.append_text(part)
        used += part.cell_len
    return text


class InfoLine(Static):
    """A status line: its parts laid out again whenever its width changes (see `fit_parts`)."""

    DEFAULT_CSS = """
    InfoLine { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.parts: list[Text] = []

    def show(self, parts: Sequence[Text]) -> None:
        self.parts = list(parts)
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_region.width
        self.update(fit_parts(self.parts, width if width > 0 else None))
