"""The two status lines: who plays whom and whose turn it is; the supply, the discard pile, the other hand."""

from __future__ import annotations

from rich.text import Text

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


def header_text(view: PlayerView, names: tuple[str, str], note: str = "") -> Text:
    """`A: you  vs  B: random │ A to move: playing green (S S)`, or the result."""
    text = Text()
    for seat in (0, 1):
        if seat:
            text.append(" vs ")
        text.append(SEAT_NAMES[seat], SEAT_STYLE[seat])
        text.append(f": {names[seat]}")
    text.append(" │ ", "dim")
    if view.result is not None:
        outcome = "a draw" if view.result == "draw" else f"{view.result} won"
        text.append(f"game over: {outcome}", "bold")
    else:
        text.append(SEAT_NAMES[view.to_move], SEAT_STYLE[view.to_move])
        text.append(f" to move: {turn_words(view)}")
    if note:
        text.append(" │ ", "dim")
        text.append(note, "italic")
    return text


def status_text(view: PlayerView, discard_shown: int = 5) -> Text:
    """The public piles (R6.3, R10.1): supply size and which supply, the discard pile, the other hand."""
    text = Text()
    text.append(f"Supply {view.supply_number} ({SUPPLY_WORDS.get(view.supply_number, '?')}): ", "bold")
    text.append(f"{view.supply_size}")
    text.append(" │ ", "dim")
    text.append(f"Discard {len(view.discard)}", "bold")
    if view.discard:
        text.append(": …" if len(view.discard) > discard_shown else ": ")
        for i, code in enumerate(view.discard[-discard_shown:]):
            if i:
                text.append(" ")
            text.append(code, card_style(CARD_CODES.index(code)))
    text.append(" │ ", "dim")
    if view.seat is None:
        text.append(f"hands: A {view.hand_sizes[0]}, B {view.hand_sizes[1]}")
    else:
        other = 1 - view.seat
        text.append(f"{SEAT_NAMES[other]}'s hand: {view.hand_sizes[other]} cards")
    return text
