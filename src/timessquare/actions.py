"""The 95 actions of FORMATS.md: notation strings and stable integer ids, both ways.

An action id is the action's index in `ACTIONS`. The order is part of the public contract
(docs/notation.md lists it) and never changes within format version 1:

    0-1    S sue+1, S sue-1
    2-3    SS group+1, SS group-1
    4-7    G1 low+1, G1 low-1, G1 high+1, G1 high-1
    8-11   G2 low+1 high+1, G2 low+1 high-1, G2 low-1 high+1, G2 low-1 high-1
    12-15  G2 low+2, G2 low-2, G2 high+2, G2 high-2
    16     GA
    17-22  H1 hal+1, H1 hal-1, H2 hal+2, H2 hal-2, H3 hal+3, H3 hal-3
    23-33  D1 deb+1, D1 deb-1, ... D5 deb-5, DM deb=8
    34-44  the same eleven Deb cards as jokers on sue (R9)
    45-55  ... on hal
    56-66  ... on low
    67-77  ... on high
    78-80  lure sue, lure low, lure high
    81-93  discard S, discard G1, ... discard DM (card order of R4)
    94     end
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import (
    CARD_CODES,
    CARD_COLOUR,
    D1,
    D5,
    DEB,
    DM,
    G1,
    G2,
    GA,
    H1,
    HAL,
    HIGH,
    LOW,
    MIDDLE,
    NUM_CARD_TYPES,
    SUE,
    S,
)
from .errors import InvalidActionError

# Action kinds.
PLAY, LURE, DISCARD, END = range(4)

# What a Deb card moved (R9.2): Deb herself, or the joker's figure type.
ON_DEB, JOKER_SUE, JOKER_HAL, JOKER_GUARDS = range(4)


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a value with a notation string and a stable id.

    `steps` lists (figure, signed step) for relative moves; `to_middle` is the figure a `DM` card sends
    to space 8; `GA` has neither (its targets depend on Sue). `deb_use` says, for a Deb card, whether it
    moves Deb or which joker figure type it uses (R9).
    """

    id: int
    notation: str
    kind: int
    card: int = -1
    cards_used: int = 0
    steps: tuple[tuple[int, int], ...] = ()
    to_middle: int = -1
    lure_figure: int = -1
    deb_use: int = -1

    @property
    def colour(self) -> int:
        return CARD_COLOUR[self.card] if self.kind == PLAY else -1

    @property
    def is_joker(self) -> bool:
        return self.deb_use in (JOKER_SUE, JOKER_HAL, JOKER_GUARDS)

    @classmethod
    def from_notation(cls, notation: str) -> Action:
        return ACTIONS[action_id(notation)]

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action.from_notation({self.notation!r})"


def _sign(step: int) -> str:
    return f"+{step}" if step > 0 else str(step)


def _build() -> tuple[Action, ...]:
    out: list[Action] = []

    def add(notation: str, kind: int, **fields: object) -> None:
        out.append(Action(len(out), notation, kind, **fields))  # type: ignore[arg-type]

    for d in (1, -1):
        add(f"S sue{_sign(d)}", PLAY, card=S, cards_used=1, steps=((SUE, d),))
    for d in (1, -1):
        add(f"SS group{_sign(d)}", PLAY, card=S, cards_used=2, steps=((LOW, d), (SUE, d), (HIGH, d)))
    for fig in (LOW, HIGH):
        for d in (1, -1):
            add(f"G1 {_name(fig)}{_sign(d)}", PLAY, card=G1, cards_used=1, steps=((fig, d),))
    for dl in (1, -1):
        for dh in (1, -1):
            add(f"G2 low{_sign(dl)} high{_sign(dh)}", PLAY, card=G2, cards_used=1, steps=((LOW, dl), (HIGH, dh)))
    for fig in (LOW, HIGH):
        for d in (2, -2):
            add(f"G2 {_name(fig)}{_sign(d)}", PLAY, card=G2, cards_used=1, steps=((fig, d),))
    add("GA", PLAY, card=GA, cards_used=1)
    for value in (1, 2, 3):
        for d in (value, -value):
            add(f"H{value} hal{_sign(d)}", PLAY, card=H1 + value - 1, cards_used=1, steps=((HAL, d),))
    for fig, use in ((DEB, ON_DEB), (SUE, JOKER_SUE), (HAL, JOKER_HAL), (LOW, JOKER_GUARDS), (HIGH, JOKER_GUARDS)):
        for value in range(1, 6):
            for d in (value, -value):
                card = D1 + value - 1
                add(f"D{value} {_name(fig)}{_sign(d)}", PLAY, card=card, cards_used=1, steps=((fig, d),), deb_use=use)
        add(f"DM {_name(fig)}=8", PLAY, card=DM, cards_used=1, to_middle=fig, deb_use=use)
    for fig in (SUE, LOW, HIGH):
        add(f"lure {_name(fig)}", LURE, lure_figure=fig)
    for card in range(NUM_CARD_TYPES):
        add(f"discard {CARD_CODES[card]}", DISCARD, card=card, cards_used=1)
    add("end", END)
    return tuple(out)


def _name(fig: int) -> str:
    return ("sue", "low", "high", "hal", "deb")[fig]


ACTIONS: Final = _build()
NUM_ACTIONS: Final = len(ACTIONS)
ACTION_IDS: Final = {a.notation: a.id for a in ACTIONS}
END_ID: Final = ACTION_IDS["end"]
assert NUM_ACTIONS == 95, NUM_ACTIONS
assert ACTIONS[ACTION_IDS["DM deb=8"]].to_middle == DEB and ACTIONS[33].notation == "DM deb=8"
assert D5 - D1 == 4 and MIDDLE == 8


# The same fields as flat tuples indexed by id, for hot loops (tuple indexing beats attribute access).
ACTION_KIND: Final = tuple(a.kind for a in ACTIONS)
ACTION_CARD: Final = tuple(a.card for a in ACTIONS)
ACTION_CARDS_USED: Final = tuple(a.cards_used for a in ACTIONS)
ACTION_STEPS: Final = tuple(a.steps for a in ACTIONS)
ACTION_TO_MIDDLE: Final = tuple(a.to_middle for a in ACTIONS)
ACTION_LURE_FIGURE: Final = tuple(a.lure_figure for a in ACTIONS)


def action_id(notation: str) -> int:
    """The id of a notation string; raises InvalidActionError for a string that is not one of the 95."""
    try:
        return ACTION_IDS[notation]
    except (KeyError, TypeError):
        raise InvalidActionError(notation) from None


def checked_id(action: str | int) -> int:
    """The id of an action given by its notation or by its id; raises InvalidActionError for neither."""
    return action_id(action) if isinstance(action, str) else action_id(notation(action))


def notation(aid: int) -> str:
    """The notation string of an action id; raises InvalidActionError for an id outside 0-94."""
    if not isinstance(aid, int) or isinstance(aid, bool) or not 0 <= aid < NUM_ACTIONS:
        raise InvalidActionError(str(aid), "no action has this id (ids are 0-94)")
    return ACTIONS[aid].notation
