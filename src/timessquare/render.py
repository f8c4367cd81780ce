"""Plain-text pictures of a view: a pure function of what a player may see (R10)."""

from __future__ import annotations

from .cards import SEAT_NAMES
from .view import PlayerView

LETTERS = {"sue": "S", "low": "g", "high": "g", "hal": "H", "deb": "D"}
LEGEND = (
    "Board: S Sue, g a bodyguard, H Hal, D Deb, C Charlie (on his strip below the street); "
    "A] and [B are the club entrances, () the sewer cover in the middle."
)


def board_lines(view: PlayerView) -> list[str]:
    """The street 0-16 with A's entrance left, B's right, the figures under it and Charlie's strip below."""
    spaces = range(17)
    number_row = " ".join(f"{i:>2}" for i in spaces)
    marks = " ".join(("A]" if i <= 1 else "[B" if i >= 15 else "()" if i == 8 else " .") for i in spaces)
    stacks: list[list[str]] = [[] for _ in spaces]
    for name in ("sue", "low", "high", "hal", "deb"):
        stacks[view.figures[name]].append(LETTERS[name])
    height = max(len(s) for s in stacks)
    figure_rows = [" ".join(f"{(s[r] if r < len(s) else ''):>2}" for s in stacks) for r in range(height)]
    charlie = " ".join(" C" if i == view.figures["charlie"] else " -" for i in spaces)
    return ["street " + number_row, "       " + marks, *("       " + row for row in figure_rows), "strip  " + charlie]


def status_lines(view: PlayerView) -> list[str]:
    sizes = f"hands: A {view.hand_sizes[0]}, B {view.hand_sizes[1]}"
    supply = f"supply {view.supply_number}: {view.supply_size} cards"
    top = view.discard[-1] if view.discard else "none"
    lines = [f"{sizes}   {supply}   discard: {len(view.discard)} (top {top})"]
    if view.result is None:
        lines.append(
            f"{SEAT_NAMES[view.to_move]} to move; this turn: {view.turn['mode']} {' '.join(view.turn['cards'])}"
        )
    else:
        lines.append(f"game over: {view.result}")
    if view.hand is not None:
        lines.append("your hand: " + " ".join(view.hand))
    return lines


def render(view: PlayerView) -> str:
    return "\n".join(board_lines(view) + status_lines(view))
