"""Times Square as an OpenSpiel Python game, "python_times_square" (registered by importing the package).

Chance is explicit, one small chance node at a time (at most 13 outcomes each), and the engine gets each
event's outcome through `State.apply_chance` once it is complete:
- the deal (R2): first the fist draw of Hal (outcome 0 = A, 1 = B), then 55 nodes, one card each (the
  outcome is the card type, 0-12 in the order of R4, with probability proportional to the cards of that
  type not yet dealt): A's 8 cards, B's 8, then the supply in draw order;
- the reshuffle (R6.2): as many nodes as the discard pile holds cards, one card each, the second supply in
  draw order.
Player actions are the engine's 95 stable action ids (docs/notation.md).

The information-state string is perfect recall: the public history (the fist draw, every player action,
the reshuffle as the bare word `shuffle`) with the player's private observations (the own hand dealt, the
cards drawn at each own `end`). The tensors and the observation string are described in docs/research.md.
`resample_from_infostate` fills in the hidden cards with the project's sampler (players/sampling.py).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any, Final

import pyspiel

from ...actions import ACTIONS, END_ID, NUM_ACTIONS
from ...cards import CARD_CODES, CARD_COUNTS, DECK_SIZE, HAND_SIZE, NUM_CARD_TYPES, SEAT_NAMES, A
from ...facts import DEAL, MAX_CHANCE_NODES, MAX_GAME_LENGTH, RESHUFFLE
from ...players.sampling import WorldSampler
from ...state import State
from ...variants import DEFAULT_RULES, Rules
from ...view import SHUFFLE, PlayerView

GAME_NAME: Final = "python_times_square"
DEAL_LENGTH: Final = 1 + DECK_SIZE  # the fist draw, then 55 cards

GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Times Square (Reiner Knizia), Python",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variants": ""},
)


def game_info() -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=NUM_CARD_TYPES,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class TimesSquareGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game; parameter `variants`: rule variant names separated by commas (docs/rules.md)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        names = [n for n in str(params.get("variants", "")).split(",") if n.strip()]
        self.rules: Rules = Rules.from_names([n.strip() for n in names]) if names else DEFAULT_RULES
        super().__init__(GAME_TYPE, game_info(), params)

    def max_chance_nodes_in_history(self) -> int:
        """The proven bound (facts.MAX_CHANCE_NODES); pyspiel's GameInfo has no field for it, so a Python
        game would report max_game_length here. C++ callers still see that larger number."""
        return MAX_CHANCE_NODES

    def max_history_length(self) -> int:
        return MAX_GAME_LENGTH + MAX_CHANCE_NODES

    def new_initial_state(self) -> TimesSquareState:
        return TimesSquareState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Any:
        from .observer import TimesSquareObserver

        return TimesSquareObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


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


class TimesSquareState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    def __init__(self, game: TimesSquareGame, core: Core | None = None) -> None:
        super().__init__(game)
        self.core = core if core is not None else Core(game.rules)

    # ----------------------------------------------------------------- the OpenSpiel API

    def current_player(self) -> int:
        state = self.core.state
        if state.chance_due is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        state = self.core.state
        if player != state.to_move or state.chance_due is not None:
            return []
        return list(state.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.core.state.chance_due is not None:
            self.core.apply_chance_card(int(action))
        else:
            self.core.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self.core
            if core.state.chance_due == DEAL:
                if not core.outcome:
                    return f"fist draw: Hal to {SEAT_NAMES[action]}"
                n = len(core.outcome) - 1
                where = "A" if n < HAND_SIZE else "B" if n < 2 * HAND_SIZE else f"supply #{n - 2 * HAND_SIZE + 1}"
                return f"deal {CARD_CODES[action]} to {where}"
            return f"second supply #{len(core.outcome) + 1}: {CARD_CODES[action]}"
        return str(ACTIONS[action].notation)

    def is_terminal(self) -> bool:
        return self.core.state.result is not None

    def returns(self) -> list[float]:
        result = self.core.state.result
        if result is None or result == 2:
            return [0.0, 0.0]
        return [1.0, -1.0] if result == A else [-1.0, 1.0]

    def __str__(self) -> str:
        """The whole state (hidden cards included), for debugging: the engine's position document."""
        from ...position import dumps

        core = self.core
        if core.state.chance_due == DEAL:
            return f"dealing: {len(core.outcome)} of {DEAL_LENGTH} outcomes"
        return f"{dumps(core.state)} outcome-so-far={core.outcome}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TimesSquareState:
        """A state with the same information state for `player_id`: the hidden cards (the opponent's
        hand, the supply order) drawn anew by the project's world sampler.

        `probability_sampler` is OpenSpiel's sampler (a callable giving numbers in [0, 1)); it seeds the
        draw, so a seeded sampler gives the same worlds."""
        if self.current_player() < 0:
            raise ValueError("resample_from_infostate is defined at a player's decision, not at chance or the end")
        seed = int(probability_sampler() * 2**53)
        core = self.core.resampled(player_id, random.Random(seed))
        return TimesSquareState(self.get_game(), core)
