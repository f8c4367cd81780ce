#!/usr/bin/env python3
"""The names and notation the pages use, written from their one home in Python as data (static/js/names.json,
which static/js/names.js hands to the page's modules): the levels, the seats, the figures, the cards' colours
and values, the 95 actions of docs/notation.md as the page reads them, and the draw at the end of a turn by hand
size. `python scripts/gen_page_names.py` writes the file again; tests/web/test_pagenames.py checks that it is
current."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from timessquare.actions import ACTIONS, DISCARD, END, LURE, PLAY, Action
from timessquare.cards import (
    CARD_CODES,
    CARD_COLOUR,
    COLOUR_NAMES,
    FIGURE_NAMES,
    HAND_SIZE,
    LAST_SPACE,
    MIDDLE,
    SEAT_NAMES,
)
from timessquare.players.levels import LEVELS
from timessquare.state import cards_to_draw

DATA = Path(__file__).resolve().parent.parent / "src" / "timessquare" / "web" / "static" / "js" / "names.json"
KINDS = {PLAY: "play", LURE: "lure", DISCARD: "discard", END: "end"}
GROUP = "group"  # the notation's name for Sue with both bodyguards (two S cards, "SS group+1")


def page_action(action: Action) -> dict[str, Any]:
    """One action as the page reads it: its kind, the card it plays or discards and how many, its moves
    ({figure, step} or {figure, to}), whether it is a joker (R9), the lured figure."""
    card = CARD_CODES[action.card] if action.card >= 0 else None
    out: dict[str, Any] = {"notation": action.notation, "kind": KINDS[action.kind], "card": card}
    out["cards"] = action.cards_used if action.kind == PLAY else int(action.kind == DISCARD)
    moves: list[dict[str, Any]] = []
    if action.to_middle >= 0:
        moves = [{"figure": FIGURE_NAMES[action.to_middle], "to": MIDDLE}]
    elif action.cards_used == 2:
        moves = [{"figure": GROUP, "step": action.steps[0][1]}]
    else:
        moves = [{"figure": FIGURE_NAMES[figure], "step": step} for figure, step in action.steps]
    out["moves"] = moves
    if action.kind == PLAY:
        out["joker"] = action.is_joker
        if not action.steps and action.to_middle < 0:
            out["allNextToSue"] = True
    if action.kind == LURE:
        out["figure"] = FIGURE_NAMES[action.lure_figure]
    return out


def card_value(code: int) -> int:
    """The spaces a single card of this type moves its figure (0 for GA and DM, which name no distance)."""
    singles = [a for a in ACTIONS if a.kind == PLAY and a.card == code and a.cards_used == 1]
    return max((abs(step) for a in singles for _, step in a.steps), default=0)


def page_names() -> dict[str, Any]:
    """Every name the page reads, by the name names.js exports it under."""
    return {
        "LEVELS": list(LEVELS),
        "SEATS": list(SEAT_NAMES),
        "MIDDLE": MIDDLE,
        "LAST_SPACE": LAST_SPACE,
        "FIGURES": list(FIGURE_NAMES),
        "STREET_FIGURES": [name for name in FIGURE_NAMES if name != "charlie"],
        "CARD_COLOURS": {code: COLOUR_NAMES[CARD_COLOUR[i]] for i, code in enumerate(CARD_CODES)},
        "CARD_VALUES": {code: card_value(i) for i, code in enumerate(CARD_CODES)},
        "ACTIONS": [page_action(action) for action in ACTIONS],
        # R6.1 as data, by hand size (a hand holds at most HAND_SIZE cards between turns, twice that is room to
        # spare): what a seat would draw if its turn ended now, which a `change` does not repeat
        "DRAWS_AT_END": [cards_to_draw(size) for size in range(2 * HAND_SIZE + 1)],
    }


def data_text() -> str:
    """names.json, byte for byte: one name a line, and one action a line, so that a change reads as a diff."""

    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    entries = []
    for name, value in page_names().items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows = ",\n".join(f"  {dumps(row)}" for row in value)
            entries.append(f"{dumps(name)}: [\n{rows}\n ]")
        else:
            entries.append(f"{dumps(name)}: {dumps(value)}")
    return "{\n " + ",\n ".join(entries) + "\n}\n"


def main() -> None:
    argparse.ArgumentParser(description="Write web/static/js/names.json from the rules core.").parse_args()
    DATA.write_text(data_text(), encoding="utf-8")
    print(f"wrote {DATA}", file=sys.stderr)


if __name__ == "__main__":
    main()
