"""Words for the move notation of FORMATS.md: "D3 sue+3" -> "Deb moves Sue 3 toward B".

Pure functions of the public notation (and the public board where a move's size depends on it), so the
move log, the replay viewer and the choices on screen all say the same thing in the same words.
"""

from __future__ import annotations

from ..actions import ACTIONS, DISCARD, END, LURE, action_id
from ..cards import CARD_CODES, DEB, HAL, HIGH, LOW, SEAT_NAMES, SUE
from ..errors import InvalidActionError

# How a person calls each figure of the notation.
FIGURE_WORDS = {
    SUE: "Sue",
    LOW: "the A-side bodyguard",
    HIGH: "the B-side bodyguard",
    HAL: "Hal",
    DEB: "Deb",
}
SHUFFLE_WORDS = "the discard pile is shuffled: it becomes the second supply"


def toward(step: int) -> str:
    """A signed step's direction: + is toward B (higher numbers), - toward A (FORMATS.md)."""
    return "toward B" if step > 0 else "toward A"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(move: str, seat: int | None = None) -> str:
    """The words for one entry of a game's moves; `seat` (0 = A, 1 = B) names who did it where that matters.

    Card plays say what the card did ("Sue moves 1 toward B", "Deb moves Sue 3 toward B" for a joker);
    lures, discards and `end` say who acted ("A lures Sue to Hal", "B discards G2", "A ends the turn").
    A `shuffle …` entry of a record is described without its (secret) order.
    """
    if move == "shuffle" or move.startswith("shuffle "):
        return _capital(SHUFFLE_WORDS)
    try:
        action = ACTIONS[action_id(move)]
    except InvalidActionError:
        return f"{move!r} (not an action of the notation)"
    if action.kind == LURE:
        figure = FIGURE_WORDS[action.lure_figure]
        return f"{SEAT_NAMES[seat]} lures {figure} to Hal" if seat is not None else f"Lure {figure} to Hal"
    if action.kind == DISCARD:
        code = CARD_CODES[action.card]
        return f"{SEAT_NAMES[seat]} discards {code}" if seat is not None else f"Discard {code}"
    if action.kind == END:
        return f"{SEAT_NAMES[seat]} ends the turn" if seat is not None else "End the turn"
    return _capital(_play_words(move))


def _play_words(move: str) -> str:
    action = ACTIONS[action_id(move)]
    code = CARD_CODES[action.card]
    if move.startswith("SS "):
        return f"Sue and both bodyguards move 1 {toward(action.steps[0][1])}"
    if code == "GA":
        return "both bodyguards move next to Sue"
    if code == "G2" and len(action.steps) == 2:
        (_, low_step), (_, high_step) = action.steps
        if low_step == high_step:
            return f"both bodyguards move 1 {toward(low_step)}"
        if low_step > 0:
            return "both bodyguards move 1 toward Sue"
        return "both bodyguards move 1 away from Sue"
    joker = action.is_joker
    if action.to_middle >= 0:
        figure = FIGURE_WORDS[action.to_middle]
        return f"Deb moves {figure} to the middle" if joker else f"{figure} moves to the middle"
    figure_index, step = action.steps[0]
    figure = FIGURE_WORDS[figure_index]
    if joker:
        return f"Deb moves {figure} {abs(step)} {toward(step)}"
    return f"{figure} moves {abs(step)} {toward(step)}"


def describe_charlie(before: int, after: int) -> str:
    """Charlie's step at the end of a turn (R7): "Charlie moves 2 toward A", or "Charlie stays"."""
    if after == before:
        return "Charlie stays"
    return f"Charlie moves {abs(after - before)} {toward(after - before)}"


def describe_draw(seat: int, count: int) -> str:
    """The draw of R6.1: "A draws 3 cards"."""
    if count == 0:
        return f"{SEAT_NAMES[seat]} draws nothing"
    return f"{SEAT_NAMES[seat]} draws {count} card{'s' if count != 1 else ''}"



# ----------------------------------------------------------------------------- other languages
# The same words in French (the rulebook's other language; the web game speaks both).

LANGUAGES = ("en", "fr")

_FR_FIGURES = {
    SUE: "Sue",
    LOW: "le garde du corps côté A",
    HIGH: "le garde du corps côté B",
    HAL: "Hal",
    DEB: "Deb",
}


def _fr_toward(step: int) -> str:
    return "vers B" if step > 0 else "vers A"


def describe_fr(move: str, seat: int | None = None) -> str:
    """`describe` in French."""
    if move == "shuffle" or move.startswith("shuffle "):
        return "La défausse est mélangée : elle devient la seconde pioche"
    try:
        action = ACTIONS[action_id(move)]
    except InvalidActionError:
        return f"{move!r} (pas une action de la notation)"
    who = SEAT_NAMES[seat] if seat is not None else None
    if action.kind == LURE:
        figure = _FR_FIGURES[action.lure_figure]
        return f"{who} attire {figure} vers Hal" if who else f"Attirer {figure} vers Hal"
    if action.kind == DISCARD:
        code = CARD_CODES[action.card]
        return f"{who} défausse {code}" if who else f"Défausser {code}"
    if action.kind == END:
        return f"{who} termine son tour" if who else "Terminer le tour"
    code = CARD_CODES[action.card]
    if move.startswith("SS "):
        return f"Sue et ses deux gardes se déplacent de 1 {_fr_toward(action.steps[0][1])}"
    if code == "GA":
        return "Les deux gardes se placent contre Sue"
    if code == "G2" and len(action.steps) == 2:
        (_, low_step), (_, high_step) = action.steps
        if low_step == high_step:
            return f"Les deux gardes se déplacent de 1 {_fr_toward(low_step)}"
        return "Les deux gardes se rapprochent de Sue" if low_step > 0 else "Les deux gardes s'éloignent de Sue"
    if action.to_middle >= 0:
        figure = _FR_FIGURES[action.to_middle]
        return f"Deb place {figure} au milieu" if action.is_joker else _capital(f"{figure} va au milieu")
    figure_index, step = action.steps[0]
    figure = _FR_FIGURES[figure_index]
    if action.is_joker:
        return f"Deb déplace {figure} de {abs(step)} {_fr_toward(step)}"
    return _capital(f"{figure} se déplace de {abs(step)} {_fr_toward(step)}")
