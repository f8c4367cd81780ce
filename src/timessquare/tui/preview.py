"""Where an action would move the figures: the board's preview of a highlighted choice (from the view only)."""

from __future__ import annotations

from ..actions import ACTIONS, LURE, PLAY
from ..cards import FIGURE_NAMES
from ..tables import moved_positions

STREET_FIGURES = FIGURE_NAMES[:5]  # sue, low, high, hal, deb: the figures cards and lures move


def moved_figures(figures: dict[str, int], aid: int) -> list[tuple[str, int, int]]:
    """(figure, from, to) for each figure the action moves; empty for discards and `end`.

    Unchecked: an illegal action may show a figure off the board (the choice says why it is illegal).
    """
    action = ACTIONS[aid]
    if action.kind not in (PLAY, LURE):
        return []
    before = [figures[name] for name in STREET_FIGURES]
    after = moved_positions(action, before)
    return [(name, old, new) for name, old, new in zip(STREET_FIGURES, before, after, strict=True) if old != new]
