"""The "Learn to play" tutorial as data: a fixed deal and the script of a short game on it.

The learner plays seat A (Hal stands on A's side, so A begins, R2.4); seat B's turns are scripted. Each
`Step` is one action the learner is asked for, in the notation of FORMATS.md, with the rules it teaches
and the key of its words in the catalogs (`tutorial.<key>.do`, `.done`, `.topic`). Each `Reply` is one whole
turn of B, shown move by move. `tests/test_tutorial.py` replays the script through the game session: every
action is legal, every rule R1-R10 is taught, and the game ends as `RESULT` says.

The story: a green turn (a group move, then Sue alone), B lures Sue back, a red turn (Deb, then Deb's joker
twice on a bodyguard, which brings Charlie over), a trade for Hal cards, Hal to A's entrance (Charlie twice
as fast), and Sue lured onto Hal at A's door: A wins (R8.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Step:
    """One action the learner takes: `action` (notation), the `rules` it teaches, its words' `key`."""

    action: str
    rules: tuple[str, ...]
    key: str


@dataclass(frozen=True)
class Reply:
    """One scripted turn of B (its actions, in order), the rules it shows and its words' key (`.done`)."""

    actions: tuple[str, ...]
    rules: tuple[str, ...]
    key: str


# Everything drawn in the game is at the front of the supply, in the order it is drawn: after A's first
# turn S G2 H1, A's second G2 S D4, B's first H2, A's trade H3 H3, B's second G1, A's Hal turn S D3, B's
# last D3. The rest never comes out.
DEAL: dict[str, Any] = {
    "format": "times-square/position/1",
    "figures": {"sue": 8, "low": 6, "high": 10, "hal": 7, "deb": 9, "charlie": 8},
    "to_move": "A",
    "hands": {
        "A": ["S", "S", "S", "D5", "D3", "D2", "G1", "DM"],
        "B": ["S", "S", "S", "G2", "G2", "H2", "D4", "D3"],
    },
    "supply": [
        *("S", "G2", "H1", "G2", "S", "D4", "H2", "H3", "H3", "G1", "S", "D3", "D3"),
        *("H2", "G2", "S", "D2", "H2", "GA", "G2", "S", "H2", "G1", "D1", "G2", "H2"),
        *("D2", "S", "G2", "H1", "H2", "GA", "D4", "G2", "G1", "H2", "D3", "G2", "DM"),
    ],
    "supply_number": 1,
    "discard": [],
    "turn": {"mode": "start", "cards": [], "joker": None},
    "result": None,
}

SCRIPT: tuple[Step | Reply, ...] = (
    Step("SS group-1", ("R1", "R2", "R4"), "group"),
    Step("S sue-1", ("R3", "R5"), "sue"),
    Step("end", ("R6", "R7", "R10"), "draw"),
    Reply(("lure sue",), ("R5",), "lured"),
    Step("D5 deb-5", ("R4",), "deb"),
    Step("D3 low-3", ("R9",), "joker"),
    Step("D2 low-2", ("R9",), "lock"),
    Step("end", ("R7",), "charlie"),
    Reply(("S sue+1", "end"), ("R5",), "push"),
    Step("discard G1", ("R5",), "trade"),
    Step("discard DM", ("R5",), "trade2"),
    Step("end", ("R6",), "traded"),
    Reply(("G2 high+2", "end"), ("R4",), "guard"),
    Step("H3 hal-3", ("R4",), "hal"),
    Step("H3 hal-3", ("R4",), "hal2"),
    Step("end", ("R7",), "charlie2"),
    Reply(("S sue+1", "end"), ("R8",), "last"),
    Step("lure sue", ("R5", "R8"), "win"),
)

RESULT = "A"  # the learner wins, with Sue on A's entrance (R8.1)
LEARNER = 0  # seat A
STEPS: tuple[Step, ...] = tuple(item for item in SCRIPT if isinstance(item, Step))
