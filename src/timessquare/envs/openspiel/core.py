"""The whole of a "python_times_square" state (game.py) in one plain object: the engine's `State`, the chance
event's outcome so far, and the histories OpenSpiel asks for (the public moves, each seat's information
state, the cards each seat has held, the actions each seat has taken). The observers (observer.py) read it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any, Final

from ...actions import ACTIONS, END_ID, NUM_ACTIONS
from ...cards import CARD_CODES, CARD_COUNTS, DECK_SIZE, NUM_CARD_TYPES, SEAT_NAMES
from ...facts import DEAL, RESHUFFLE
from ...players.sampling import WorldSampler
from ...state import State
from ...variants import Rules
from ...view import SHUFFLE, PlayerView

DEAL_LENGTH: Final = 1 + DECK_SIZE  # the fist draw, then 55 cards


class Core:
    """Everything a state holds, in one object whose deep copy is the engine's cheap clone.

    OpenSpiel clones a Python state by deep-copying its attributes; the engine's `State.clone()` and
    copies of a few flat lists do the same job without walking the rule tables.
    """

    def __init__(self, rules: Rules) -> None:
        self.state = State.undealt(rules)
        self.rules = rules
        self.outcome: list[int] = []  # the chance event's outcome so far
        self.moves: list[str] = []  # the public history in notation (`shuffle` for the reshuffle)
        self.info = ["", ""]  # each seat's information-state string
        self.seen = [[0] * NUM_CARD_TYPES, [0] * NUM_CARD_TYPES]  # cards each seat has held, per type
        self.actions = [[0] * NUM_ACTIONS, [0] * NUM_ACTIONS]  # each seat's actions so far, per id
        self.hand_before_end: list[int] | None = None  # the mover's hand when `end` interrupted by a reshuffle

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        new = Core.__new__(Core)
        new.state = self.state.clone()
        new.rules = self.rules
        new.outcome = self.outcome[:]
        new.moves = self.moves[:]
        new.info = self.info[:]
        new.seen = [self.seen[0][:], self.seen[1][:]]
        new.actions = [self.actions[0][:], self.actions[1][:]]
        new.hand_before_end = None if self.hand_before_end is None else self.hand_before_end[:]
        return new

    # ----------------------------------------------------------------- records

    def note(self, token: str, seat: int | None = None) -> None:
        """Add `token` to the information state of `seat`, or of both seats when None (public)."""
        for s in (0, 1) if seat is None else (seat,):
            self.info[s] = f"{self.info[s]}; {token}" if self.info[s] else token

    def note_draw(self, seat: int, before: Sequence[int]) -> None:
        drawn = [n - b for n, b in zip(self.state.hands[seat], before, strict=True)]
        if any(drawn):
            for c, n in enumerate(drawn):
                self.seen[seat][c] += n
            self.note("drew:" + ",".join(CARD_CODES[c] for c in range(NUM_CARD_TYPES) for _ in range(drawn[c])), seat)

    # ----------------------------------------------------------------- chance

    def remaining(self) -> list[int]:
        """Counts per card type of the cards the current chance event has still to place."""
        if self.state.chance_due == DEAL:
            counts = list(CARD_COUNTS)
            cards = self.outcome[1:]
        else:
            counts = [0] * NUM_CARD_TYPES
            for c in self.state.discard:
                counts[c] += 1
            cards = self.outcome
        for c in cards:
            counts[c] -= 1
        return counts

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.state.chance_due == DEAL and not self.outcome:
            return [(0, 0.5), (1, 0.5)]  # the fist draw (R2.2)
        counts = self.remaining()
        total = sum(counts)
        return [(c, n / total) for c, n in enumerate(counts) if n]

    def apply_chance_card(self, outcome: int) -> None:
        self.outcome.append(outcome)
        due = self.state.chance_due
        if due == DEAL and len(self.outcome) == DEAL_LENGTH:
            self.state.apply_chance(self.outcome)
            self.outcome = []
            hal = self.state.to_move  # the seat with Hal starts (R2.4)
            self.note(f"hal:{SEAT_NAMES[hal]}")
            for seat in (0, 1):
                self.seen[seat] = self.state.hands[seat][:]
                self.note("hand:" + ",".join(CARD_CODES[c] for c in range(13) for _ in range(self.seen[seat][c])), seat)
        elif due == RESHUFFLE and len(self.outcome) == len(self.state.discard):
            mover = self.state.to_move
            self.state.apply_chance(self.outcome)
            self.outcome = []
            self.moves.append(SHUFFLE)
            self.note(SHUFFLE)
            before = self.hand_before_end
            assert before is not None
            self.hand_before_end = None
            self.note_draw(mover, before)

    # ----------------------------------------------------------------- players

    def apply_action(self, aid: int) -> None:
        state = self.state
        mover = state.to_move
        self.actions[mover][aid] += 1
        self.moves.append(ACTIONS[aid].notation)
        self.note(ACTIONS[aid].notation)
        if aid != END_ID:
            state.apply(aid)
            return
        before = state.hands[mover][:]
        state.apply(aid)
        if state.chance_due == RESHUFFLE:
            self.hand_before_end = before  # the draw goes on once the reshuffle is complete
        else:
            self.note_draw(mover, before)

    def view(self, seat: int) -> PlayerView:
        return PlayerView.of(self.state, seat, self.moves)

    # ----------------------------------------------------------------- resampling

    def resampled(self, seat: int, rng: random.Random) -> Core:
        """A copy in which the cards `seat` cannot see are dealt anew, consistently with its view.

        The seat's information state is kept; the opponent's private history is unknown in the new world,
        so its information state becomes the public history with the hand it holds there."""
        world = WorldSampler(self.view(seat), self.rules).sample(rng)
        new = copy.deepcopy(self)
        new.state = world
        other = 1 - seat
        hand = world.hands[other]
        new.seen[other] = hand[:]
        public = "; ".join(self.moves)
        codes = ",".join(CARD_CODES[c] for c in range(NUM_CARD_TYPES) for _ in range(hand[c]))
        new.info[other] = f"sampled:{codes} after:{public}"
        return new
