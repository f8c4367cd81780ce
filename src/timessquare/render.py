"""Plain-text pictures of a view: a pure function of what a player may see (R10)."""

from __future__ import annotations

from .cards import SEAT_NAMES
from .catalog import ENGLISH, words
from .view import PlayerView

LETTERS = {"sue": "S", "low": "g", "high": "g", "hal": "H", "deb": "D"}


def legend(lang: str = ENGLISH) -> str:
    """What the letters and marks of the picture mean (the catalogs' `text.legend`)."""
    return words("text.legend", lang)


def board_lines(view: PlayerView, lang: str = ENGLISH) -> list[str]:
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
    street, strip = words("text.street", lang), words("text.strip", lang)
    width = max(len(street), len(strip))
    blank = " " * (width + 1)
    return [
        f"{street:<{width}} {number_row}",
        blank + marks,
        *(blank + row for row in figure_rows),
        f"{strip:<{width}} {charlie}",
    ]


def status_lines(view: PlayerView, lang: str = ENGLISH) -> list[str]:
    sizes = words("text.hands", lang, a=view.hand_sizes[0], b=view.hand_sizes[1])
    supply = words("text.supply", lang, n=view.supply_number, size=view.supply_size)
    top = view.discard[-1] if view.discard else words("text.none", lang)
    lines = [f"{sizes}   {supply}   {words('text.discard', lang, n=len(view.discard), top=top)}"]
    if view.result is None:
        mode = words(f"text.mode.{view.turn['mode']}", lang)
        cards = " ".join(view.turn["cards"])
        lines.append(words("text.toMove", lang, seat=SEAT_NAMES[view.to_move], mode=mode, cards=cards))
    else:
        result = words("text.draw", lang) if view.result == "draw" else view.result
        lines.append(words("text.over", lang, result=result))
    if view.hand is not None:
        lines.append(words("text.hand", lang, cards=" ".join(view.hand)))
    return lines


def render(view: PlayerView, lang: str = ENGLISH) -> str:
    """The board and the facts of `view` as text, in words of `lang` (catalog.py)."""
    return "\n".join(board_lines(view, lang) + status_lines(view, lang))
