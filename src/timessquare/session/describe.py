"""Words for the move notation of FORMATS.md: "D3 sue+3" -> "Deb moves Sue 3 toward B".

Pure functions of the public notation (and the public board where a move's size depends on it), so the
move log, the replay viewer and the choices on screen all say the same thing in the same words.
"""

from __future__ import annotations

from typing import Any

from ..actions import ACTIONS, DISCARD, END, LURE, action_id
from ..cards import CARD_CODES, FIGURE_NAMES, SEAT_NAMES
from ..catalog import LANGUAGES, counted, words
from ..errors import InvalidActionError

# The catalogs' key of each kind of phrase (`_move_parts`); lures, discards and `end` also have a command.
_KEYS = {
    "invalid": "move.invalid",
    "shuffle": "effect.shuffle",
    "lure": "move.lure",
    "discard": "move.discard",
    "end": "move.end",
    "lure_command": "effect.lureAny",
    "discard_command": "effect.discard",
    "end_command": "effect.end",
    "group": "move.group",
    "guards_beside": "move.guardsBeside",
    "guards": "move.guards",
    "guards_in": "move.guardsIn",
    "guards_out": "move.guardsOut",
    "joker_middle": "move.jokerMiddle",
    "middle": "move.middle",
    "joker_step": "move.jokerStep",
    "step": "move.step",
}


def toward(step: int, lang: str = LANGUAGES[0]) -> str:
    """A signed step's direction: + is toward B (higher numbers), - toward A (FORMATS.md)."""
    return words("dir.toB" if step > 0 else "dir.toA", lang)


def figure_words(figure: int, lang: str = LANGUAGES[0]) -> str:
    """How a person calls a figure of the notation: "Sue", "the A-side bodyguard"."""
    return words(f"fig.{FIGURE_NAMES[figure]}", lang)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(move: str, seat: int | None = None, lang: str = LANGUAGES[0]) -> str:
    """The words for one entry of a game's moves; `seat` (0 = A, 1 = B) names who did it where that matters;
    `lang` is one of the catalogs' languages (catalog.py).

    Card plays say what the card did ("Sue moves 1 toward B", "Deb moves Sue 3 toward B" for a joker);
    lures, discards and `end` say who acted ("A lures Sue to Hal", "B discards G2"), or without a seat give
    the command ("Discard G2"). A `shuffle …` entry of a record is described without its (secret) order.
    """
    kind, params = _move_parts(move)
    if "figure" in params:
        params["figure"] = figure_words(params["figure"], lang)
    if "dir" in params:
        params["dir"] = toward(params["dir"], lang)
    if kind in ("lure", "discard", "end"):  # who did it, or (no seat) the command
        if seat is None:
            return words(_KEYS[kind + "_command"], lang, card=params.pop("code", ""), **params)
        return words(_KEYS[kind], lang, who=SEAT_NAMES[seat], **params)
    text = words(_KEYS[kind], lang, **params)
    return text if kind == "invalid" else capital(text)


def _move_parts(move: str) -> tuple[str, dict[str, Any]]:
    """What a move of the notation does, without words: a kind of phrase and its parameters."""
    if move == "shuffle" or move.startswith("shuffle "):
        return "shuffle", {}
    try:
        action = ACTIONS[action_id(move)]
    except InvalidActionError:
        return "invalid", {"move": repr(move)}
    if action.kind == LURE:
        return "lure", {"figure": action.lure_figure}
    if action.kind == DISCARD:
        return "discard", {"code": CARD_CODES[action.card]}
    if action.kind == END:
        return "end", {}
    code = CARD_CODES[action.card]
    if move.startswith("SS "):
        return "group", {"dir": action.steps[0][1]}
    if code == "GA":
        return "guards_beside", {}
    if code == "G2" and len(action.steps) == 2:
        (_, low_step), (_, high_step) = action.steps
        if low_step == high_step:
            return "guards", {"dir": low_step}
        return ("guards_in" if low_step > 0 else "guards_out"), {}
    joker = "joker_" if action.is_joker else ""
    if action.to_middle >= 0:
        return joker + "middle", {"figure": action.to_middle}
    figure, step = action.steps[0]
    return joker + "step", {"figure": figure, "n": abs(step), "dir": step}


def describe_charlie(before: int, after: int, lang: str = LANGUAGES[0]) -> str:
    """Charlie's step at the end of a turn (R7): "Charlie moves 2 toward A", or "Charlie stays"."""
    if after == before:
        return words("log.charlieStays", lang)
    return words("log.charlie", lang, n=abs(after - before), dir=toward(after - before, lang))


def describe_draw(seat: int, count: int, lang: str = LANGUAGES[0]) -> str:
    """The draw of R6.1: "A draws 3 cards"."""
    if count == 0:
        return words("log.drawNothing", lang, seat=SEAT_NAMES[seat])
    return counted("log.draws", count, lang, seat=SEAT_NAMES[seat])
