"""A game in progress: a state plus its history, the unit that players, records and interfaces share."""

from __future__ import annotations

import random

from .actions import ACTIONS
from .cards import CARD_CODES, SEAT_NAMES
from .chance import sample_chance
from .errors import TimesSquareError
from .outcome import Outcome
from .position import to_document
from .state import State, new_game
from .variants import DEFAULT_RULES, Rules
from .view import SHUFFLE, PlayerView


class Game:
    """A state with its start position and move history (`shuffle …` entries included, as in a record).

    The paths are named as on State: `apply_checked` (notation or id) for people and the network, `apply`
    (a legal id, unchecked) for search and self-play; `apply_chance` gives a chance event its outcome.
    After a move that makes a chance event due, the game draws its outcome from `rng` (a fresh generator
    unless given) by itself; while `rng` is None the outcome must be given with `apply_chance` (a replay
    takes it from the record's `shuffle` entry).
    """

    def __init__(self, state: State, players: dict[str, str] | None = None, rng: random.Random | None = None) -> None:
        self.start = to_document(state)
        self.state = state
        self.rng: random.Random | None = rng if rng is not None else random.Random()
        self.moves: list[str] = []
        self.players = players or {"A": "A", "B": "B"}
        self.forfeit: dict[str, str] | None = None

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        rules: Rules = DEFAULT_RULES,
        players: dict[str, str] | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A new deal; later chance events (the reshuffle) draw from the same generator as the deal."""
        rng = rng if rng is not None else random.Random(seed)
        return cls(new_game(rules=rules, rng=rng), players, rng)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def result(self) -> str | None:
        """`A`, `B`, `draw` or None; a forfeit counts as the other seat's win."""
        if self.forfeit:
            return "B" if self.forfeit["seat"] == "A" else "A"
        return self.state.result_name

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[str]:
        return [] if self.forfeit else self.state.legal_actions()

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` (0, 1, or None for a spectator) may know now (R10)."""
        return PlayerView.of(self.state, seat, self.moves)

    def apply_checked(self, action: str | int) -> int:
        """Check and apply an action; returns its id. The game is unchanged when this raises."""
        if self.forfeit:
            raise TimesSquareError(f"the game is over: {self.forfeit['seat']} forfeited")
        aid = self.state.apply_checked(action)
        self._after(aid)
        return aid

    def apply(self, aid: int) -> None:
        """Apply a legal action id without checks, and record it."""
        self.state.apply(aid)
        self._after(aid)

    def apply_chance(self, outcome: tuple[int, ...] | list[int]) -> None:
        """Give the chance event due its outcome (the reshuffle: the new supply in draw order), and record it."""
        self.state.apply_chance(outcome)
        self.moves.append(" ".join([SHUFFLE, *(CARD_CODES[c] for c in outcome)]))

    def _after(self, aid: int) -> None:
        self.moves.append(ACTIONS[aid].notation)
        if self.state.chance_due is not None and self.rng is not None:
            self.apply_chance(sample_chance(self.state, self.rng))

    def resign(self, seat: int, reason: str) -> None:
        """End the game as a forfeit of `seat` (a resignation, or an outside program's failure)."""
        if self.is_over:
            return
        self.forfeit = {"seat": SEAT_NAMES[seat], "reason": reason}

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, as data (None while it runs): a forfeit, else the state's R8 ending."""
        if self.forfeit:
            return Outcome.forfeited(self.forfeit["seat"], self.forfeit["reason"])
        return self.state.outcome

    def end_reason(self) -> str:
        """How the game ended in the record's English words ("" while it runs)."""
        outcome = self.outcome
        return "" if outcome is None else outcome.words()
