"""Words for the move notation of FORMATS.md: "D3 sue+3" -> "Deb moves Sue 3 toward B".

Pure functions of the public notation (and the public board where a move's size depends on it), so the
move log, the replay viewer and the choices on screen all say the same thing in the same words.
"""

from __future__ import annotations

from typing import Any

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


def describe(move: str, seat: int | None = None, lang: str = "en") -> str:
    """The words for one entry of a game's moves; `seat` (0 = A, 1 = B) names who did it where that matters;
    `lang` is "en" or "fr" (LANGUAGES).

    Card plays say what the card did ("Sue moves 1 toward B", "Deb moves Sue 3 toward B" for a joker);
    lures, discards and `end` say who acted ("A lures Sue to Hal", "B discards G2", "A ends the turn").
    A `shuffle …` entry of a record is described without its (secret) order.
    """
    words = _WORDS["fr" if lang == "fr" else "en"]
    kind, params = _move_parts(move)
    if "figure" in params:
        params["figure"] = words["figures"][params["figure"]]
    if "dir" in params:
        params["dir"] = words["toward_b" if params["dir"] > 0 else "toward_a"]
    if kind in ("lure", "discard", "end"):  # who did it, or (no seat) the command
        template = words[kind] if seat is not None else words[kind + "_command"]
        return str(template.format(who=SEAT_NAMES[seat] if seat is not None else "", **params))
    text = str(words[kind].format(**params))
    return text if kind == "invalid" else _capital(text)


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



# ----------------------------------------------------------------------------- the words
# English, and French (the rulebook's other language; the web game speaks both).

LANGUAGES = ("en", "fr")

_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "figures": FIGURE_WORDS,
        "toward_a": "toward A",
        "toward_b": "toward B",
        "shuffle": SHUFFLE_WORDS,
        "invalid": "{move} (not an action of the notation)",
        "lure": "{who} lures {figure} to Hal",
        "lure_command": "Lure {figure} to Hal",
        "discard": "{who} discards {code}",
        "discard_command": "Discard {code}",
        "end": "{who} ends the turn",
        "end_command": "End the turn",
        "group": "Sue and both bodyguards move 1 {dir}",
        "guards_beside": "both bodyguards move next to Sue",
        "guards": "both bodyguards move 1 {dir}",
        "guards_in": "both bodyguards move 1 toward Sue",
        "guards_out": "both bodyguards move 1 away from Sue",
        "joker_middle": "Deb moves {figure} to the middle",
        "middle": "{figure} moves to the middle",
        "joker_step": "Deb moves {figure} {n} {dir}",
        "step": "{figure} moves {n} {dir}",
    },
    "fr": {
        "figures": {
            SUE: "Sue",
            LOW: "le garde du corps côté A",
            HIGH: "le garde du corps côté B",
            HAL: "Hal",
            DEB: "Deb",
        },
        "toward_a": "vers A",
        "toward_b": "vers B",
        "shuffle": "la défausse est mélangée : elle devient la seconde pioche",
        "invalid": "{move} (pas une action de la notation)",
        "lure": "{who} attire {figure} vers Hal",
        "lure_command": "Attirer {figure} vers Hal",
        "discard": "{who} défausse {code}",
        "discard_command": "Défausser {code}",
        "end": "{who} termine son tour",
        "end_command": "Terminer le tour",
        "group": "Sue et ses deux gardes se déplacent de 1 {dir}",
        "guards_beside": "les deux gardes se placent contre Sue",
        "guards": "les deux gardes se déplacent de 1 {dir}",
        "guards_in": "les deux gardes se rapprochent de Sue",
        "guards_out": "les deux gardes s'éloignent de Sue",
        "joker_middle": "Deb place {figure} au milieu",
        "middle": "{figure} va au milieu",
        "joker_step": "Deb déplace {figure} de {n} {dir}",
        "step": "{figure} se déplace de {n} {dir}",
    },
}
