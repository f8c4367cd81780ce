"""`TimesSquareVectorEnv`: N games of a learner against one of our players, as Gymnasium's `VectorEnv`.

    from timessquare.envs.vector import TimesSquareVectorEnv
    envs = TimesSquareVectorEnv(num_envs=64, opponent="heuristic")
    obs, info = envs.reset(seed=1)               # obs (64, 168) float32; info["action_mask"] (64, 95) int8
    obs, rewards, terminated, truncated, info = envs.step(actions)

Each sub-environment is `TimesSquare-v0` (gym_env.py): the same observation, mask, rewards (+1 / 0 / -1 at
the end), illegal actions as a penalty (nothing happens, the reward is `illegal_reward`,
`info["illegal_action"]` is True), truncation after `MAX_GAME_LENGTH` learner steps. Autoreset is
Gymnasium's default, next step: the step after an episode's end deals that sub-environment anew (its
action is ignored, its reward 0). A mask row is never all zero: on the step where a game ends, when no
action is legal but the next step still takes one (and ignores it), the row marks `end` (94) alone.
`info["seat"]` names the learner's seat ("A" or "B"); on the step where a game ends `info["result"]`
gives its result ("A", "B" or "draw"; "" elsewhere, `info["_result"]` marks where).
`gymnasium.make_vec("TimesSquare-v0", num_envs=N)` builds this class (the registered vector entry point).

Self-play, `opponent="self"` (C engine): there is no opponent; the caller plays both seats. Each row's
observation and mask are those of the seat to move, and `info["seat"]` names it (the other seat's hand is
never in it); `rewards[i]` is the reward of the seat that took the step's action, and `info["rewards"]`
(N, 2) gives each seat its own (columns A, B): at a game's end both seats' results, so the seat that did not
make the last move gets its +1 / 0 / -1 there. On the step where a game ends, the row stays with the seat that
made the last move. Truncation counts the actions of both seats.

The illegal-action penalty can change between steps, per sub-environment: `set_illegal_reward(value,
indices)` (the Stable-Baselines3 adapter's `set_attr("illegal_reward", ...)`); `illegal_rewards` reads it.

Two engines, the same interface:
- "c": all N games stepped in C (`_fastcore/_vector.c`), observations and masks written into preallocated
  arrays; opponents `random`, `heuristic` (= `medium`) and `learned` (the shipped learned network's choice,
  players/learned.py, evaluated in C) are compiled too, and `self`. Seeded: `reset(seed=S)` fixes every
  deal, reshuffle and random opponent action of every sub-environment from then on.
- "python": N `TimesSquare-v0` environments in turn: any opponent (`easy`, `ismcts:iterations=300`, ...)
  but `self` (two learning seats without the compiled core: the PettingZoo environments, envs/aec.py), and
  everything on a machine without the compiled core. Seeded as well (sub-environment i from S + i),
  but its games are not those of the C engine for the same seed (another generator).
`engine="auto"` (the default) takes C where it can.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import _fastcore
from ..actions import END_ID, NUM_ACTIONS
from ..cards import SEAT_NAMES, full_deck
from ..errors import TimesSquareError
from ..facts import MAX_GAME_LENGTH
from ..players.learned_net import install, shipped_net
from ..players.turns import DEFAULT_TURN_CAP
from ..position import JOKER_OF_TURN_KEY
from ..tables import NUM_TURN_KEYS, TK_START, TK_TRADE
from ..variants import Rules
from .aec import check_choice, rules_of
from .encoding import JOKER_LOCKS, OBSERVATION_HIGH, OBSERVATION_LAYOUT, OBSERVATION_SIZE, TURN_MODES
from .gym_env import SEAT_CHOICES, TimesSquareEnv

if TYPE_CHECKING:
    from .._fastcore._core import Vector

# The opponents compiled in C (medium is the heuristic by another name), by their number in _vector.c;
# `self` is self-play (the caller plays both seats).
SELF_PLAY: Final = "self"
LEARNED: Final = "learned"
C_OPPONENTS: Final = {"random": 0, "heuristic": 1, "medium": 1, LEARNED: 2, SELF_PLAY: 3}
ENGINES: Final = ("auto", "c", "python")
Arrays = tuple[np.ndarray[Any, Any], ...]
Seed = int | Sequence[int | None] | None
_SEATS: Final = np.array(SEAT_NAMES)


def terminal_mask() -> np.ndarray[Any, Any]:
    """The mask row of a step where the game has ended: `end` alone (the next step's action is ignored)."""
    row = np.zeros(NUM_ACTIONS, np.int8)
    row[END_ID] = 1
    return row


COMPILED_SLICES: Final = (
    "seat",
    "to_move",
    "hand",
    "opponent_hand_size",
    "supply_size",
    "second_supply",
    "discard",
    "second_supply_made_of",
    "turn_mode",
    "turn_cards",
    "joker",
)


def compiled_layout() -> list[int]:
    """The observation's slice starts in the order _vector.c reads them (the six figures' one-hot blocks
    first, in the order of `State.pos`), then the size."""
    starts = {s.name: s.start for s in OBSERVATION_LAYOUT}
    return [starts["sue"], *(starts[name] for name in COMPILED_SLICES), OBSERVATION_SIZE]


def turn_key_tables() -> tuple[list[int], list[int]]:
    """For each turn key: the index of its turn mode and of its joker lock (position.turn_document's)."""
    modes = [
        TURN_MODES.index("start" if tk == TK_START else "trade" if tk == TK_TRADE else "play")
        for tk in range(NUM_TURN_KEYS)
    ]
    jokers = [JOKER_LOCKS.index(JOKER_OF_TURN_KEY.get(tk)) for tk in range(NUM_TURN_KEYS)]
    return modes, jokers


class TimesSquareVectorEnv(VectorEnv[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]):
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int = 8,
        opponent: str = "random",
        seat: str = "random",
        illegal_reward: float = -0.1,
        rules: Rules | Sequence[str] | None = None,
        engine: str = "auto",
        copy: bool = True,
        record: bool = False,
        max_episode_steps: int = MAX_GAME_LENGTH,
    ) -> None:
        check_choice("seat", seat, SEAT_CHOICES)
        check_choice("engine", engine, ENGINES)
        if num_envs < 1:
            raise TimesSquareError(f"num_envs must be 1 or more (got {num_envs})")
        if max_episode_steps != MAX_GAME_LENGTH:
            raise TimesSquareError(f"max_episode_steps is the bound on game length, {MAX_GAME_LENGTH}")
        if opponent == SELF_PLAY and seat != "random":
            raise TimesSquareError("opponent='self' plays both seats: leave seat at 'random' (the seat to move)")
        self.num_envs = num_envs
        self.opponent = opponent
        self.rules = rules_of(rules)
        self._illegal_rewards = np.full(num_envs, check_reward(illegal_reward), np.float32)
        self.copy = copy
        compiled = _fastcore.compiled_module()
        if engine == "auto":
            engine = "c" if compiled is not None and opponent in C_OPPONENTS else "python"
        if engine == "c":
            if compiled is None:
                raise TimesSquareError("the compiled core is not built here: use engine='python'")
            if opponent not in C_OPPONENTS:
                known = ", ".join(C_OPPONENTS)
                raise TimesSquareError(f"the C engine plays {known}; opponent {opponent!r} needs engine='python'")
        elif opponent == SELF_PLAY:
            raise TimesSquareError(
                "self-play (opponent='self') runs on the compiled core only: build it, or use the PettingZoo "
                "environments (timessquare.envs.aec) for two learning seats in pure Python"
            )
        self.engine = engine
        self.single_observation_space = gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        n = num_envs
        self._obs = np.zeros((n, OBSERVATION_SIZE), np.float32)
        self._mask = np.zeros((n, NUM_ACTIONS), np.int8)
        self._rewards = np.zeros(n, np.float32)
        self._seat_rewards = np.zeros((n, 2), np.float32)
        self._terminated = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        self._illegal = np.zeros(n, np.bool_)
        self._seats = np.zeros(n, np.int8)
        self._actions = np.zeros(n, np.int64)
        self._all = np.ones(n, np.bool_)
        if engine == "c":
            assert compiled is not None
            modes, jokers = turn_key_tables()
            vector_type: type[Vector] = compiled.Vector  # the stub's signatures (_core.pyi), checked by mypy
            self._vector = vector_type(
                _fastcore.tables(self.rules),
                n,
                C_OPPONENTS[opponent],
                SEAT_CHOICES.index(seat) if seat != "random" else 2,
                MAX_GAME_LENGTH,
                DEFAULT_TURN_CAP,
                compiled_layout(),
                modes,
                jokers,
                full_deck(),
                record,
            )
        else:
            self._envs = [
                TimesSquareEnv(opponent=opponent, seat=seat, illegal_reward=illegal_reward, rules=self.rules)
                for _ in range(n)
            ]
            self._needs_reset = np.zeros(n, np.bool_)
            self._steps = np.zeros(n, np.int64)
        self._started = False

    # ----------------------------------------------------------------- the API

    def reset(
        self, *, seed: Seed = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Every sub-environment dealt anew. With `seed` the run is fixed from here on; without, the seed is
        drawn from the environment's generator (`np_random`). `seed` may also be a list, one seed (or None:
        drawn) a sub-environment (on the C engine `[S] * num_envs` deals what `S` deals)."""
        self._check_open()
        if isinstance(seed, Sequence):
            if len(seed) != self.num_envs:
                raise TimesSquareError(
                    f"seed: a list of {self.num_envs} seeds, one a sub-environment (got {len(seed)})"
                )
            given = [s for s in seed if s is not None]
            if given:
                self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(int(given[0]))
            seeds = [int(s) if s is not None else int(self.np_random.integers(0, 2**62)) for s in seed]
            each = seeds
        else:
            if seed is not None:
                self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
            base = int(seed) if seed is not None else int(self.np_random.integers(0, 2**62))
            seeds = [base] * self.num_envs
            each = [base + i for i in range(self.num_envs)]  # the Python engine: sub-environment i from S + i
        if self.engine == "c":
            with self._compiled_opponent():
                self._vector.reset(seeds, self._obs, self._mask, self._seats)
        else:
            for i, env in enumerate(self._envs):
                obs, info = env.reset(seed=each[i])
                self._python_write(i, obs, info)
            self._needs_reset[:] = False
            self._steps[:] = 0
        self._illegal[:] = False
        self._terminated[:] = False
        self._truncated[:] = False
        self._started = True
        return self._out(self._obs), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], dict[str, Any]]:
        self._check_open()
        if not self._started:
            raise TimesSquareError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise TimesSquareError(
                f"actions: {self.num_envs} integer action ids are needed (got {acts.shape} {acts.dtype})"
            )
        self._actions[:] = acts
        if self.engine == "c":
            with self._compiled_opponent():
                self._vector.step(
                    self._actions,
                    self._illegal_rewards,
                    self._obs,
                    self._mask,
                    self._rewards,
                    self._seat_rewards,
                    self._terminated.view(np.int8),
                    self._truncated.view(np.int8),
                    self._illegal.view(np.int8),
                    self._seats,
                )
        else:
            self._python_step()
        return (
            self._out(self._obs),
            self._out(self._rewards),
            self._out(self._terminated),
            self._out(self._truncated),
            self._infos(),
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-id masks as booleans, one row a sub-environment (for masked learners)."""
        return self._mask.astype(bool)

    @property
    def illegal_rewards(self) -> np.ndarray[Any, Any]:
        """Each sub-environment's penalty for an illegal action (a copy)."""
        return self._illegal_rewards.copy()

    @property
    def illegal_reward(self) -> float:
        """The penalty for an illegal action, when every sub-environment has the same (else: read
        `illegal_rewards`)."""
        first = float(self._illegal_rewards[0])
        if not np.all(self._illegal_rewards == first):
            raise TimesSquareError("the sub-environments have different illegal_reward values: read illegal_rewards")
        return first

    @illegal_reward.setter
    def illegal_reward(self, value: float) -> None:
        self.set_illegal_reward(value)

    def set_illegal_reward(self, value: float, indices: Sequence[int] | None = None) -> None:
        """The penalty for an illegal action from the next step on, in the sub-environments `indices` (all
        of them when None)."""
        reward = check_reward(value)
        rows = list(range(self.num_envs)) if indices is None else [int(i) for i in indices]
        bad = [i for i in rows if not 0 <= i < self.num_envs]
        if bad:
            raise TimesSquareError(f"no sub-environment {bad[0]} (there are {self.num_envs})")
        self._illegal_rewards[rows] = reward
        if self.engine == "python":
            for i in rows:
                self._envs[i].illegal_reward = reward

    def trajectory(self, index: int) -> tuple[tuple[int, ...], str, list[int | tuple[int, ...]]]:
        """Sub-environment `index`'s game so far (C engine, `record=True`): the deal's outcome (as
        `State.apply_chance` takes it), the learner's seat, and every action id of either seat with each
        reshuffle as the new supply in draw order."""
        if self.engine != "c":
            raise TimesSquareError("trajectory() is the C engine's record (record=True)")
        deal, seat, events = self._vector.trajectory(index)
        return deal, SEAT_NAMES[seat], events

    def autoreset(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Deal anew, now, every sub-environment whose game ended at the last step (the deal its next step
        would have made), for a same-step autoreset (Stable-Baselines3's VecEnv, envs/sb3.py). Returns the
        observations of all sub-environments and a boolean array, True where one was dealt anew; the last
        step's `info["action_mask"]` is stale for those rows: read `action_masks()`."""
        self._check_open()
        done = np.zeros(self.num_envs, np.bool_)
        if self.engine == "c":
            with self._compiled_opponent():
                self._vector.autoreset(self._obs, self._mask, self._seats, done.view(np.int8))
        else:
            for i in map(int, np.flatnonzero(self._needs_reset)):
                obs, info = self._envs[i].reset()
                self._steps[i] = 0
                self._needs_reset[i] = False
                self._python_write(i, obs, info)
                done[i] = True
        return self._out(self._obs), done

    def close_extras(self, **kwargs: Any) -> None:
        if self.engine == "python":
            for env in self._envs:
                env.close()

    def _check_open(self) -> None:
        if self.closed:
            raise TimesSquareError("the vector environment is closed")

    def _compiled_opponent(self) -> contextlib.AbstractContextManager[None]:
        """Around each call into the C engine: for the learned opponent, the shipped network handed to C (it
        may hold another one since the last call: the process has one); the mode itself is set by C."""
        if self.opponent != LEARNED:
            return contextlib.nullcontext()
        install(shipped_net())
        return _fastcore.evaluation_mode(_fastcore.EVAL_NET)

    # ----------------------------------------------------------------- the parts

    def _out(self, array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, Any]:
        ended = self._terminated.copy()
        results = np.full(self.num_envs, "", "<U4")
        if ended.any():
            # the reward of the seat that made the last move says who won: +1 its seat, -1 the other, 0 a draw
            won = np.where(self._rewards[ended] > 0, self._seats[ended], 1 - self._seats[ended])
            results[ended] = np.where(self._rewards[ended] == 0, "draw", _SEATS[won])
        info = {
            "action_mask": self._out(self._mask),
            "_action_mask": self._all,
            "seat": _SEATS[self._seats],
            "_seat": self._all,
            "illegal_action": self._out(self._illegal),
            "_illegal_action": self._all,
            "result": results,
            "_result": ended,
        }
        if self.opponent == SELF_PLAY:
            info["rewards"] = self._out(self._seat_rewards)
            info["_rewards"] = self._all
        return info

    def _python_write(self, i: int, obs: np.ndarray[Any, Any], info: dict[str, Any]) -> None:
        self._obs[i] = obs
        self._mask[i] = info["action_mask"] if "result" not in info else terminal_mask()
        self._seats[i] = SEAT_NAMES.index(info["seat"])

    def _python_step(self) -> None:
        for i, env in enumerate(self._envs):
            reward, terminated, truncated, illegal = 0.0, False, False, False
            if self._needs_reset[i]:
                obs, info = env.reset()
                self._steps[i] = 0
                self._needs_reset[i] = False
            else:
                obs, reward, terminated, _, info = env.step(int(self._actions[i]))
                self._steps[i] += 1
                illegal = "illegal_action" in info
                truncated = not terminated and self._steps[i] >= MAX_GAME_LENGTH
                self._needs_reset[i] = terminated or truncated
            self._python_write(i, obs, info)
            self._rewards[i] = reward
            self._terminated[i] = terminated
            self._truncated[i] = truncated
            self._illegal[i] = illegal


def check_reward(value: Any) -> float:
    """An illegal-action penalty: a finite number."""
    try:
        reward = float(value)
    except (TypeError, ValueError):
        raise TimesSquareError(f"illegal_reward must be a number (got {value!r})") from None
    if not math.isfinite(reward):
        raise TimesSquareError(f"illegal_reward must be finite (got {value!r})")
    return reward
