"""Where an action puts the figures it moves, read off the public board: for interfaces that show a choice
on the board before it is made (the web page lights up each legal action's destinations). The core works it
out (`tables.moved_positions`); an interface never does it itself."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..actions import ACTIONS, LURE, PLAY
from ..cards import FIGURE_NAMES
from ..tables import moved_positions

STREET = FIGURE_NAMES[:5]  # the figures a card or a lure moves (Charlie moves only at the end of a turn)


def destinations(aid: int, figures: Mapping[str, int]) -> dict[str, int]:
    """The figures a play or a lure moves on the board `figures` (a view's, by name), each with the space it
    lands on; {} for a discard or `end`. Legality aside: give it legal actions."""
    action = ACTIONS[aid]
    if action.kind not in (PLAY, LURE):
        return {}
    pos = [figures[name] for name in STREET]
    new = moved_positions(action, pos)
    return {name: p for name, p, old in zip(STREET, new, pos, strict=True) if p != old}


def turn_destinations(aids: Iterable[int], figures: Mapping[str, int]) -> list[dict[str, int]]:
    """`destinations` of the actions of one turn, each on the board the ones before it left."""
    board = dict(figures)
    steps = []
    for aid in aids:
        moved = destinations(aid, board)
        board.update(moved)
        steps.append(moved)
    return steps
