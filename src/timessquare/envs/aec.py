"""The PettingZoo AEC environment (`times_square_v0.raw_env`): agents "A" and "B", one engine action a step.

Each agent observes `{"observation": encode_view(its own view), "action_mask": 95 x int8}`; the mask is
all zero except for the agent to act. Chance (the deal, the reshuffle) is drawn from the environment's
generator, seeded by `reset(seed=...)`. Rewards come at the end: +1 win, -1 loss, 0 draw.

Options (docs/research.md):
- `illegal_action`: "lose" (default, as PettingZoo's classic games: the offender forfeits, -1 / +1),
  "penalty" (nothing happens, the offender gets `illegal_reward` and must act again) or "raise" (the
  engine's IllegalActionError / InvalidActionError, saying which rule forbids the action);
- `max_cycles`: the episode is truncated after this many cycles (a cycle is one step of each agent);
  the default, the engine's bound on game length, never cuts a game short;
- `turn_order`: "game" (default: the agent to act is the seat to move, so one seat may act several times
  in a row within its turn) or "lockstep" (the agents alternate A, B, A, ...; the seat that is not to move
  makes a no-op step with an all-zero mask, its action ignored). Lockstep is what PettingZoo's parallel
  API needs: `times_square_v0.parallel_env()` is built on it;
- `rules`: rule variant names (docs/rules.md), e.g. `["toward-mover"]`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..actions import ACTIONS, NUM_ACTIONS
from ..cards import SEAT_NAMES
from ..errors import InvalidActionError, TimesSquareError
from ..facts import MAX_GAME_LENGTH
from ..game import Game
from ..variants import Rules
from .encoding import (
    OBSERVATION_HIGH,
    OBSERVATION_SIZE,
    STATE_HIGH,
    STATE_SIZE,
    FloatArray,
    action_mask,
    encode_state,
    encode_view,
)
from .rendering import render_public

AGENTS: Final = list(SEAT_NAMES)
ILLEGAL_POLICIES: Final = ("lose", "penalty", "raise")
TURN_ORDERS: Final = ("game", "lockstep")
Observation = dict[str, np.ndarray[Any, Any]]


def observation_space() -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


def state_space() -> gymnasium.spaces.Box:
    """The space of `state()`: both seats' observations side by side (encoding.encode_state)."""
    return gymnasium.spaces.Box(0.0, STATE_HIGH, (STATE_SIZE,), np.float32)


def action_id_of(action: object) -> int:
    """An action id from what a learner passes (int, numpy integer); InvalidActionError otherwise."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise InvalidActionError(repr(action), "an action is an integer id 0-94")
    aid = int(action)
    if not 0 <= aid < NUM_ACTIONS:
        raise InvalidActionError(str(aid), "no action has this id (ids are 0-94)")
    return aid


def judge_action(game: Game, action: object, illegal_action: str) -> tuple[int, str | None]:
    """The id of a learner's action and, when it is not legal here, how to name it (`info["illegal_action"]`).

    With `illegal_action="raise"` a bad action raises instead: InvalidActionError for something that is no
    action id, IllegalActionError naming the rule for an illegal one."""
    try:
        aid = action_id_of(action)
        legal = game.state.is_legal(aid)
    except InvalidActionError:
        if illegal_action == "raise":
            raise
        aid, legal = -1, False
    if legal:
        return aid, None
    if illegal_action == "raise":
        game.state.apply_checked(aid)  # raises IllegalActionError naming the rule
        raise AssertionError("unreachable: the action was found illegal")  # pragma: no cover
    return aid, ACTIONS[aid].notation if aid >= 0 else repr(action)


def rules_of(rules: Rules | Sequence[str] | None) -> Rules:
    if rules is None:
        return Rules()
    return rules if isinstance(rules, Rules) else Rules.from_names(list(rules))


def check_choice(name: str, value: str, choices: Sequence[str]) -> None:
    if value not in choices:
        raise TimesSquareError(f"{name} must be one of {', '.join(map(repr, choices))} (got {value!r})")


def check_options(render_mode: str | None, render_modes: Sequence[str], illegal_action: str, max_cycles: int) -> None:
    """The options the AEC and the parallel environment share, checked the same way for both."""
    if render_mode is not None:
        check_choice("render_mode", render_mode, render_modes)
    check_choice("illegal_action", illegal_action, ILLEGAL_POLICIES)
    if max_cycles < 1:
        raise TimesSquareError(f"max_cycles must be 1 or more (got {max_cycles})")


class SharedEnv:
    """What the AEC and the parallel environment do alike: their common options, spaces, deal and pictures."""

    metadata: dict[str, Any] = {
        "name": "times_square_v0",
        "render_modes": ["human", "ansi", "rgb_array"],
        "render_fps": 2,
    }

    def _set_up(
        self,
        render_mode: str | None,
        max_cycles: int,
        illegal_action: str,
        illegal_reward: float,
        rules: Rules | Sequence[str] | None,
    ) -> None:
        check_options(render_mode, self.metadata["render_modes"], illegal_action, max_cycles)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.rules = rules_of(rules)
        self.possible_agents = AGENTS[:]
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

    def _deal(self, seed: int | None) -> Game:
        """A new game; with `seed` the deal and every later chance event follow from it, without it the
        environment's generator goes on."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = Game.new(rules=self.rules, rng=self._rng, players={"A": "A", "B": "B"})
        return self.game

    def _game(self) -> Game:
        if self.game is None:
            raise TimesSquareError("call reset() before using the environment")
        return self.game

    def state(self) -> FloatArray:
        """Both seats' observations side by side (A's, then B's): what the two agents know between them,
        for a centralised critic; the supply's order is in neither."""
        return encode_state(self._game())

    def render(self) -> str | np.ndarray[Any, Any] | None:
        """The public board (a spectator's view: no hand is shown): text, or an RGB array."""
        return render_public(self._game(), self.render_mode, "pass render_mode= to the environment")


class TimesSquareAEC(SharedEnv, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata: dict[str, Any] = {**SharedEnv.metadata, "is_parallelizable": False}

    def __init__(
        self,
        render_mode: str | None = None,
        max_cycles: int = MAX_GAME_LENGTH,
        illegal_action: str = "lose",
        illegal_reward: float = -0.1,
        turn_order: str = "game",
        rules: Rules | Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self._set_up(render_mode, max_cycles, illegal_action, illegal_reward, rules)
        check_choice("turn_order", turn_order, TURN_ORDERS)
        self.turn_order = turn_order
        if turn_order == "lockstep":
            self.metadata = {**self.metadata, "is_parallelizable": True}
        self._pending_result: str | None = None  # lockstep: the game ended mid-cycle
        self._cache: dict[str, Observation] = {}

    # ----------------------------------------------------------------- the episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal. With `seed` the deal and every later chance event follow from it; without, the
        environment's generator goes on (a new deal each time)."""
        game = self._deal(seed)
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._steps = 0
        self._pending_result = None
        self._cache = {}
        self.agent_selection = AGENTS[0] if self.turn_order == "lockstep" else AGENTS[game.state.to_move]
        if self.render_mode == "human":
            self.render()

    def _mover(self) -> str | None:
        """The agent whose action the engine awaits, or None when the game is over."""
        game = self._game()
        return None if game.is_over else AGENTS[game.state.to_move]

    def observe(self, agent: str) -> Observation:
        cached = self._cache.get(agent)
        if cached is not None:
            return cached
        game = self._game()
        seat = AGENTS.index(agent)
        view = game.view(seat)
        legal = game.state.legal_ids() if agent == self.agent_selection == self._mover() else ()
        obs: Observation = {"observation": encode_view(view), "action_mask": action_mask(legal)}
        self._cache[agent] = obs
        return obs

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = {}
        self._cache = {}
        self._steps += 1
        if agent == self._mover():
            self._act(game, agent, action)
        # else: lockstep, the waiting seat's no-op step
        if self.turn_order == "lockstep":
            self.agent_selection = AGENTS[self._steps % 2]
            if self._steps % 2 == 0 and self._pending_result is not None:
                self._finish(self._pending_result)  # deaths only at the end of a cycle (the parallel API)
        elif not game.is_over:
            self.agent_selection = AGENTS[game.state.to_move]
        cycle_done = self.turn_order == "game" or self._steps % 2 == 0
        if cycle_done and self._steps >= 2 * self.max_cycles and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _act(self, game: Game, agent: str, action: Any) -> None:
        seat = AGENTS.index(agent)
        aid, illegal = judge_action(game, action, self.illegal_action)
        if illegal is None:
            game.apply(aid)
        else:
            self.infos[agent] = {"illegal_action": illegal}
            if self.illegal_action == "penalty":
                self.rewards[agent] = self.illegal_reward
                return
            game.resign(seat, f"illegal action {illegal}")
        if game.is_over:
            result = game.result
            assert result is not None
            if self.turn_order == "lockstep" and self._steps % 2 == 1:
                self._pending_result = result
            else:
                self._finish(result)

    def _finish(self, result: str) -> None:
        for agent in AGENTS:
            self.rewards[agent] = 0.0 if result == "draw" else 1.0 if result == agent else -1.0
        self.terminations = dict.fromkeys(self.agents, True)
        self._pending_result = None

    def close(self) -> None:
        self.game = None
        self._cache = {}
