"""The PettingZoo parallel environment (`times_square_v0.parallel_env()`): agents "A" and "B" every step.

Each step every live agent sends an action and **only the seat to move's action is applied** (one engine
action a step); the other agent's action is ignored, whatever it is. After the step each agent observes
its own view with its own mask: the legal ids for the seat to move, all zero for the other. So an agent
that acts on its returned mask never plays out of turn and never plays an illegal action, and when a turn
passes the new mover sees the position before it acts.

Options are those of the AEC environment (aec.py) but `turn_order`; `max_cycles` counts parallel steps.
`state()` is the two seats' observations side by side (encoding.encode_state), for centralised critics.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv

from ..actions import NUM_ACTIONS
from ..errors import TimesSquareError
from ..facts import MAX_GAME_LENGTH
from ..game import Game
from ..variants import Rules
from .aec import (
    AGENTS,
    Observation,
    check_options,
    judge_action,
    observation_space,
    rules_of,
    state_space,
)
from .encoding import FloatArray, action_mask, encode_state, encode_view
from .rendering import render_public

StepResult = tuple[
    dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
]


class TimesSquareParallel(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata: dict[str, Any] = {
        "name": "times_square_v0",
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 2,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        max_cycles: int = MAX_GAME_LENGTH,
        illegal_action: str = "lose",
        illegal_reward: float = -0.1,
        rules: Rules | Sequence[str] | None = None,
    ) -> None:
        check_options(render_mode, self.metadata["render_modes"], illegal_action, max_cycles)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.rules = rules_of(rules)
        self.possible_agents = AGENTS[:]
        self.agents: list[str] = []
        self.observation_spaces = dict.fromkeys(AGENTS, observation_space())
        self.action_spaces = {agent: gymnasium.spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self.state_space = state_space()
        self._rng = random.Random()
        self.game: Game | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new deal; with `seed` the deal and every later chance event follow from it."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = Game.new(rules=self.rules, rng=self._rng, players={"A": "A", "B": "B"})
        self.agents = AGENTS[:]
        self._steps = 0
        if self.render_mode == "human":
            self.render()
        return self._observations(), {agent: {} for agent in AGENTS}

    def step(self, actions: dict[str, Any]) -> StepResult:
        """Apply the action of the seat to move (the others' are ignored); a missing one counts as illegal."""
        game = self._game()
        if not self.agents:
            raise TimesSquareError("the game is over: call reset() to start a new one")
        mover = AGENTS[game.state.to_move]
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps += 1
        aid, illegal = judge_action(game, actions.get(mover), self.illegal_action)
        if illegal is None:
            game.apply(aid)
        else:
            infos[mover] = {"illegal_action": illegal}
            if self.illegal_action == "penalty":
                rewards[mover] = self.illegal_reward
            else:
                game.resign(AGENTS.index(mover), f"illegal action {illegal}")
        terminated = game.is_over
        if terminated:
            result = game.result
            rewards = {a: 0.0 if result == "draw" else 1.0 if result == a else -1.0 for a in self.agents}
        truncated = not terminated and self._steps >= self.max_cycles
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        if terminated or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        game = self._game()
        legal = game.state.legal_ids() if not game.is_over else ()
        to_move = -1 if game.is_over else game.state.to_move
        return {
            agent: {
                "observation": encode_view(game.view(seat)),
                "action_mask": action_mask(legal if seat == to_move else ()),
            }
            for seat, agent in enumerate(AGENTS)
        }

    def state(self) -> FloatArray:
        """Both seats' observations side by side (A's, then B's): what the two agents know between them,
        for a centralised critic; the supply's order is in neither."""
        return encode_state(self._game())

    def _game(self) -> Game:
        if self.game is None:
            raise TimesSquareError("call reset() before using the environment")
        return self.game

    def render(self) -> str | np.ndarray[Any, Any] | None:
        """The public board (a spectator's view: no hand is shown): text, or an RGB array."""
        return render_public(self._game(), self.render_mode, "pass render_mode= to the environment")

    def close(self) -> None:
        self.game = None
