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
from ...catalog import counted, words
from ...view import PlayerView
from ..palette import SEAT_STYLE, card_style
from ..words import ENGLISH, tui_words


def turn_words(view: PlayerView, lang: str = ENGLISH) -> str:
    """What the seat to move has done so far this turn (R5), in words of `lang`."""
    turn = view.turn
    cards = " ".join(turn["cards"])
    if turn["mode"] == "start":
        return tui_words("turn.start", lang)
    if turn["mode"] == "trade":
        return tui_words("turn.trading", lang, cards=cards)
    colour = words(f"colour.{COLOUR_NAMES[CARD_COLOUR[CARD_INDEX[turn['cards'][0]]]]}", lang)
    joker = tui_words(f"turn.joker.{turn['joker']}", lang) if turn["joker"] else ""
    return tui_words("turn.playing", lang, colour=colour, cards=cards, joker=joker)


def header_parts(view: PlayerView, names: tuple[str, str], note: str = "", lang: str = ENGLISH) -> list[Text]:
    """`A: you vs B: random`, `A to move: playing green (S S)` (or the result), and the note if any."""
    players = Text()
    for seat in (0, 1):
        if seat:
            players.append(tui_words("header.versus", lang))
        players.append(SEAT_NAMES[seat], SEAT_STYLE[seat])
        players.append(f": {names[seat]}")
    turn = Text()
    if view.result is not None:
        outcome = tui_words("header.draw" if view.result == "draw" else "header.won", lang, seat=view.result)
        turn.append(tui_words("header.over", lang, outcome=outcome), "bold")
    else:
        turn.append(SEAT_NAMES[view.to_move], SEAT_STYLE[view.to_move])
        turn.append(tui_words("header.toMove", lang, turn=turn_words(view, lang)))
    return [players, turn, *([Text(note, "italic")] if note else [])]


def header_text(view: PlayerView, names: tuple[str, str], note: str = "", lang: str = ENGLISH) -> Text:
    """`A: you  vs  B: random │ A to move: playing green (S S)`, or the result, on one line."""
    return fit_parts(header_parts(view, names, note, lang), None)


def status_parts(view: PlayerView, discard_shown: int = 5, lang: str = ENGLISH) -> list[Text]:
    """The public piles (R6.3, R10.1): supply size and which supply, the discard pile, the other hand."""
    supply = Text()
    supply.append(tui_words(f"status.supply{view.supply_number}", lang), "bold")
    supply.append(f"{view.supply_size}")
    discard = Text()
    discard.append(tui_words("status.discard", lang, n=len(view.discard)), "bold")
    if view.discard:
        discard.append(": …" if len(view.discard) > discard_shown else ": ")
        for i, code in enumerate(view.discard[-discard_shown:]):
            if i:
                discard.append(" ")
            discard.append(code, card_style(CARD_CODES.index(code)))
    if view.seat is None:
        hands = Text(tui_words("status.hands", lang, a=view.hand_sizes[0], b=view.hand_sizes[1]))
    else:
        other = 1 - view.seat
        hands = Text(counted("tui.status.otherHand", view.hand_sizes[other], lang, seat=SEAT_NAMES[other]))
    return [supply, discard, hands]


def status_text(view: PlayerView, discard_shown: int = 5, lang: str = ENGLISH) -> Text:
    """The status line's parts on one line."""
    return fit_parts(status_parts(view, discard_shown, lang), None)


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
