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

import random
from typing import Any, Final

import pyspiel

from ...actions import ACTIONS, NUM_ACTIONS
from ...cards import CARD_CODES, HAND_SIZE, NUM_CARD_TYPES, SEAT_NAMES, A
from ...facts import DEAL, MAX_CHANCE_NODES, MAX_GAME_LENGTH
from ...position import dumps
from ...variants import DEFAULT_RULES, Rules
from .core import DEAL_LENGTH, Core
from .observer import TimesSquareObserver

GAME_NAME: Final = "python_times_square"

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
        return TimesSquareObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


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
