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

from collections.abc import Sequence
from typing import Any

from pettingzoo import ParallelEnv

from ..errors import TimesSquareError
from ..facts import MAX_GAME_LENGTH
from ..variants import Rules
from .aec import (
    AGENTS,
    Observation,
    SharedEnv,
    judge_action,
)
from .encoding import action_mask, encode_view

StepResult = tuple[
    dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
]


class TimesSquareParallel(SharedEnv, ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata: dict[str, Any] = SharedEnv.metadata

    def __init__(
        self,
        render_mode: str | None = None,
        max_cycles: int = MAX_GAME_LENGTH,
        illegal_action: str = "lose",
        illegal_reward: float = -0.1,
        rules: Rules | Sequence[str] | None = None,
    ) -> None:
        self._set_up(render_mode, max_cycles, illegal_action, illegal_reward, rules)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new deal; with `seed` the deal and every later chance event follow from it."""
        self._deal(seed)
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

    def close(self) -> None:
        self.game = None
