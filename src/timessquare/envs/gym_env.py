"""The Gymnasium single-agent environment "TimesSquare-v0": the learner plays one seat, a computer player
of ours (any name `timessquare arena` takes: "random", "heuristic", "ismcts:iterations=300", ...) the other.
A searching opponent should be given an iteration budget: one given seconds (the levels hard and expert,
`ismcts` without `iterations=`) searches as far as the machine's load allows, so a seed no longer fixes the
run; the environment warns (TimeBudgetWarning) when it gets one.

    import gymnasium, timessquare.envs
    env = gymnasium.make("TimesSquare-v0", opponent="heuristic")
    obs, info = env.reset(seed=1)          # info["action_mask"]: the 95 legal-id mask, info["seat"]

Observation: `encode_view` of the learner's view (encoding.py). Action: an engine action id (0-94).
Reward: +1 win, -1 loss, 0 draw, at the end. The opponent moves inside `step`, and sees only its own view.

Illegal actions follow the `illegal_action` option (docs/research.md):
- "penalty" (default): nothing happens; the reward is `illegal_reward` (-0.1), `info["illegal_action"]`
  names the action, and the learner acts again on the same position;
- "raise": the engine's InvalidActionError (not an id 0-94) or IllegalActionError (the rule that forbids it).
The registration caps an episode at the engine's bound on game length (`max_episode_steps`), so a learner
that keeps choosing illegal actions is truncated rather than stuck.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np

from .. import protocol  # noqa: F401  (registers the players written cmd:COMMAND with make_player)
from ..actions import NUM_ACTIONS
from ..cards import SEAT_NAMES
from ..errors import TimesSquareError
from ..facts import MAX_GAME_LENGTH
from ..game import Game
from ..players import Player, make_player
from ..players.base import Forfeit
from ..variants import Rules
from .aec import check_choice, judge_action, rules_of
from .encoding import OBSERVATION_HIGH, OBSERVATION_SIZE, FloatArray, action_mask, encode_view
from .rendering import render_public

ENV_ID: Final = "TimesSquare-v0"
SEAT_CHOICES: Final = ("A", "B", "random")
GYM_ILLEGAL_POLICIES: Final = ("penalty", "raise")


class TimeBudgetWarning(UserWarning):
    """The opponent searches for a time, not a number of iterations: the same seed may give other games."""


def time_budget(player: Player) -> float:
    """The seconds a searching player spends on a turn (0: none, or an iteration budget only)."""
    config = getattr(player, "config", None)
    return float(getattr(config, "seconds", 0.0) or 0.0)


class TimesSquareEnv(gymnasium.Env[FloatArray, int]):
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        opponent: str = "random",
        seat: str = "random",
        illegal_action: str = "penalty",
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
        rules: Rules | Sequence[str] | None = None,
    ) -> None:
        check_choice("seat", seat, SEAT_CHOICES)
        check_choice("illegal_action", illegal_action, GYM_ILLEGAL_POLICIES)
        if render_mode is not None:
            check_choice("render_mode", render_mode, self.metadata["render_modes"])
        self.rules = rules_of(rules)
        self.opponent_name = opponent
        self.opponent: Player = make_player(opponent, self.rules)  # an unknown name fails here, clearly
        if time_budget(self.opponent) > 0:
            warnings.warn(
                f"opponent {opponent!r} searches for a time, so runs are not reproducible: give it an iteration "
                "budget (e.g. 'ismcts:iterations=300', 'expert:iterations=24000')",
                TimeBudgetWarning,
                stacklevel=2,
            )
        self.seat_choice = seat
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)  # type: ignore[assignment]
        self.game: Game | None = None
        self.seat = 0
        self._opponent_rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """A new deal (and, with `seat="random"`, a new seat for the learner), all from the seed."""
        super().reset(seed=seed)
        draw = self.np_random.integers(0, 2**63 - 1, size=2)
        choice = self.seat_choice
        self.seat = int(self.np_random.integers(2)) if choice == "random" else SEAT_NAMES.index(choice)
        players = {SEAT_NAMES[self.seat]: "learner", SEAT_NAMES[1 - self.seat]: self.opponent_name}
        self.game = Game.new(rules=self.rules, rng=random.Random(int(draw[0])), players=players)
        self._opponent_rng = random.Random(int(draw[1]))
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        game = self._game()
        if game.is_over:
            raise TimesSquareError("the game is over: call reset() to start a new one")
        aid, illegal = judge_action(game, action, self.illegal_action)
        if illegal is not None:
            return self._observation(), self.illegal_reward, False, False, {**self._info(), "illegal_action": illegal}
        game.apply(aid)
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        reward = 0.0
        if game.is_over:
            result = game.result
            reward = 0.0 if result == "draw" else 1.0 if result == SEAT_NAMES[self.seat] else -1.0
        return self._observation(), reward, game.is_over, False, self._info()

    def _opponent_moves(self) -> None:
        """The opponent plays until the learner is to move or the game is over."""
        game = self._game()
        other = 1 - self.seat
        while not game.is_over and game.state.to_move == other:
            legal = game.state.legal_ids()
            try:
                aid = self.opponent.choose(game.view(other), legal, self._opponent_rng)
            except Forfeit as e:
                game.resign(other, e.reason)
                return
            if aid not in legal:
                game.resign(other, f"{self.opponent_name} chose an illegal action ({aid})")
                return
            game.apply(aid)

    def _game(self) -> Game:
        if self.game is None:
            raise TimesSquareError("call reset() before step()")
        return self.game

    def _observation(self) -> FloatArray:
        return encode_view(self._game().view(self.seat))

    def _info(self) -> dict[str, Any]:
        game = self._game()
        legal = () if game.is_over else game.state.legal_ids()
        info: dict[str, Any] = {"action_mask": action_mask(legal), "seat": SEAT_NAMES[self.seat]}
        if game.is_over:
            info["result"] = game.result
            info["end"] = game.end_reason()
        return info

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-id mask as booleans (the method sb3-contrib's MaskablePPO looks for)."""
        return self._info()["action_mask"].astype(bool)  # type: ignore[no-any-return]

    def render(self) -> Any:
        """The public board (no hand is shown): text, or an RGB array."""
        return render_public(self._game(), self.render_mode, "pass render_mode= to gymnasium.make")

    def close(self) -> None:
        self.opponent.close()


def register() -> None:
    """Register "TimesSquare-v0" with Gymnasium (once; importing timessquare.envs does it), with the vector
    environment as its vector entry point: `gymnasium.make_vec("TimesSquare-v0", num_envs=N)` gives the
    compiled `TimesSquareVectorEnv` (vector.py), not Gymnasium's loop over N single environments."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="timessquare.envs.gym_env:TimesSquareEnv",
            vector_entry_point="timessquare.envs.vector:TimesSquareVectorEnv",
            max_episode_steps=MAX_GAME_LENGTH,
        )
