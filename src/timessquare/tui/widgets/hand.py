"""The own hand, grouped by colour, with the number key of each card type; a card can be clicked."""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...cards import CARD_CODES, SEAT_NAMES
from ...view import PlayerView
from ..menu import hand_cards
from ..palette import card_style
from ..words import ENGLISH, tui_words


class HandBar(Widget):
    """One line: `Your hand (A): 1 S S  2 G2  3 H2 …`. Cards marked for a trade show in brackets."""

    DEFAULT_CSS = """
    HandBar { height: 1; width: 100%; }
    """

    class Picked(Message):
        """A card was clicked: its place in `hand_cards(view)`."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self._spans: list[tuple[int, int, int]] = []  # (first column, last column + 1, card index)

    def show(
        self,
        view: PlayerView,
        marked: Collection[int] = (),
        selected: int | None = None,
        hidden_note: str = "",
        owner: str = "",
        lang: str = ENGLISH,
    ) -> None:
        """Show `view`'s hand; `marked` are card places marked for a trade, `selected` a card type picked;
        `owner`: whose hand it is (default: the person's own)."""
        text = Text()
        spans: list[tuple[int, int, int]] = []
        if view.hand is None:
            sizes = tui_words("hand.sizes", lang, a=view.hand_sizes[0], b=view.hand_sizes[1])
            text.append(hidden_note or sizes, "italic")
        else:
            owner = owner or tui_words("hand.yours", lang)
            text.append(tui_words("hand.owner", lang, owner=owner, seat=SEAT_NAMES[view.seat or 0]), "bold")
            group = 0
            previous = -1
            for index, card in enumerate(hand_cards(view)):
                if card != previous:
                    group += 1
                    text.append("  " if group > 1 else " ")
                    key_style = "bold reverse" if card == selected else "bold"
                    text.append(str(group), key_style)
                    previous = card
                code = CARD_CODES[card]
                chip = f"[{code}]" if index in marked else code
                text.append(" ")
                start = len(text)
                style = card_style(card) + (" underline" if card == selected or index in marked else "")
                text.append(chip, style)
                spans.append((start, start + len(chip), index))
            if not view.hand:
                text.append(tui_words("hand.empty", lang), "italic")
        self._text = text
        self._spans = spans
        self.refresh()

    def render(self) -> Text:
        return self._text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        for first, after, index in self._spans:
            if first <= offset.x < after:
                self.post_message(self.Picked(index))
                return
