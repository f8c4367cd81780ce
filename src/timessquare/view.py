"""A player's view of a state (R10): what one seat may know, and nothing more.

Everything that leaves the engine toward a player (a computer player, the network, a screen, a log,
an observation for learning) is built from a `PlayerView`, never from a `State`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import CARD_CODES, DECK_SIZE, FIGURE_NAMES, NUM_CARD_TYPES, SEAT_NAMES, A, B
from .errors import FormatError
from .jsonread import check_fields, whole_number
from .outcome import Outcome
from .position import (
    TURN_FIELDS,
    card_list,
    codes,
    figures_document,
    hand_codes,
    result_code,
    seat_index,
    turn_document,
)
from .state import State

VIEW_FORMAT = "times-square/view/1"
SHUFFLE = "shuffle"


def public_moves(moves: Sequence[str]) -> list[str]:
    """The public history: a record's `shuffle …` entries become the bare word `shuffle` (R10.2)."""
    return [SHUFFLE if m.startswith(SHUFFLE) else m for m in moves]


@dataclass(frozen=True)
class PlayerView:
    """What seat `seat` (0 = A, 1 = B, None = spectator) knows of a game (R10).

    `hand` is the seat's own hand as sorted codes (None for a spectator); `hand_sizes` gives both sizes;
    `moves` is the public history since the deal in notation (shuffles reduced to `shuffle`).
    """

    seat: int | None
    figures: dict[str, int]
    to_move: int
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, int]
    supply_size: int
    supply_number: int
    discard: tuple[str, ...]
    turn: dict[str, Any]
    moves: tuple[str, ...]
    result: str | None
    # How the game ended (public, R8): not part of the view document, so not compared either.
    outcome: Outcome | None = field(default=None, compare=False)

    @classmethod
    def of(cls, state: State, seat: int | None, moves: Sequence[str] = (), public: bool = False) -> PlayerView:
        """The view of `state` for `seat`; `moves` is the game's history (shuffle orders are removed here,
        unless `public` says they are gone already)."""
        return cls(
            seat=seat,
            figures=figures_document(state),
            to_move=state.to_move,
            hand=None if seat is None else tuple(hand_codes(state.hands[seat])),
            hand_sizes=(state.hand_sizes[A], state.hand_sizes[B]),
            supply_size=len(state.supply),
            supply_number=state.supply_number,
            discard=tuple(codes(state.discard)),
            turn=turn_document(state),
            moves=tuple(moves) if public else tuple(public_moves(moves)),
            result=state.result_name,
            outcome=state.outcome,
        )

    @property
    def opponent_hand_size(self) -> int:
        if self.seat is None:
            raise ValueError("a spectator has no opponent")
        return self.hand_sizes[1 - self.seat]

    def hand_counts(self) -> list[int]:
        """The own hand as counts per card type (order of R4)."""
        counts = [0] * NUM_CARD_TYPES
        for code in self.hand or ():
            counts[CARD_CODES.index(code)] += 1
        return counts

    def to_document(self) -> dict[str, Any]:
        """The view document of FORMATS.md."""
        doc: dict[str, Any] = {
            "format": VIEW_FORMAT,
            "seat": None if self.seat is None else SEAT_NAMES[self.seat],
            "figures": dict(self.figures),
            "to_move": SEAT_NAMES[self.to_move],
            "hand": None if self.hand is None else list(self.hand),
        }
        if self.seat is None:
            doc["hand_sizes"] = {"A": self.hand_sizes[A], "B": self.hand_sizes[B]}
        else:
            doc["opponent_hand_size"] = self.hand_sizes[1 - self.seat]
        doc.update(
            supply_size=self.supply_size,
            supply_number=self.supply_number,
            discard=list(self.discard),
            turn={"mode": self.turn["mode"], "cards": list(self.turn["cards"]), "joker": self.turn["joker"]},
            moves=list(self.moves),
            result=self.result,
        )
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_document())

    @classmethod
    def from_document(cls, doc: object) -> PlayerView:
        """Read a view document (as an outside player program receives it); raises FormatError naming the field."""
        if isinstance(doc, dict) and "format" in doc and doc["format"] != VIEW_FORMAT:
            raise FormatError("format", f"unknown format {json.dumps(doc['format'])} (expected {VIEW_FORMAT!r})")
        spectator = isinstance(doc, dict) and doc.get("seat") is None
        size_field = "hand_sizes" if spectator else "opponent_hand_size"
        head = ("format", "seat", "figures", "to_move", "hand", size_field, "supply_size", "supply_number")
        doc = check_fields(doc, "", (*head, "discard", "turn", "moves", "result"))
        seat = None if spectator else seat_index(doc["seat"], "seat")
        figures = {fig: whole_number(doc["figures"], f"figures.{fig}", 0, 16) for fig in FIGURE_NAMES}
        check_fields(doc["figures"], "figures", FIGURE_NAMES)
        if spectator:
            if doc["hand"] is not None:
                raise FormatError("hand", "a spectator's view has no hand (null)")
            hand = None
            sizes = check_fields(doc["hand_sizes"], "hand_sizes", ("A", "B"))
            hand_sizes = (whole_number(sizes, "A", 0, DECK_SIZE), whole_number(sizes, "B", 0, DECK_SIZE))
        else:
            hand = tuple(sorted(CARD_CODES[c] for c in card_list(doc["hand"], "hand")))
            other = whole_number(doc, "opponent_hand_size", 0, DECK_SIZE)
            hand_sizes = (len(hand), other) if seat == A else (other, len(hand))
        turn = check_fields(doc["turn"], "turn", TURN_FIELDS)
        if turn["mode"] not in ("start", "play", "trade"):
            raise FormatError("turn.mode", f'must be "start", "play" or "trade", not {json.dumps(turn["mode"])}')
        if turn["joker"] not in (None, "sue", "hal", "guards"):
            raise FormatError("turn.joker", f'must be null, "sue", "hal" or "guards", not {json.dumps(turn["joker"])}')
        moves = doc["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise FormatError("moves", "must be an array of action strings")
        supply_number = whole_number(doc, "supply_number", 1, 2)
        result_code(doc["result"], "result")
        return cls(
            seat=seat,
            figures=figures,
            to_move=seat_index(doc["to_move"], "to_move"),
            hand=hand,
            hand_sizes=hand_sizes,
            supply_size=whole_number(doc, "supply_size", 0, DECK_SIZE),
            supply_number=supply_number,
            discard=tuple(CARD_CODES[c] for c in card_list(doc["discard"], "discard")),
            turn={"mode": turn["mode"], "cards": codes(card_list(turn["cards"], "turn.cards")), "joker": turn["joker"]},
            moves=tuple(moves),
            result=doc["result"],
        )
