"""`TimesSquareSB3VecEnv`: the compiled vector environment as a Stable-Baselines3 `VecEnv`.

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor
    from timessquare.envs.sb3 import TimesSquareSB3VecEnv
    env = VecMonitor(TimesSquareSB3VecEnv(num_envs=16, opponent="heuristic"))
    model = MaskablePPO("MlpPolicy", env, verbose=1).learn(100_000)

`VecMonitor` adds the episode statistics (`ep_rew_mean`, `ep_len_mean` in the log, `info["episode"]`):
without it Stable-Baselines3 logs none for a VecEnv it did not build itself.

Stable-Baselines3 takes no Gymnasium vector environment: it wants its own `VecEnv`, which resets a game
the moment it ends (the step returns the new game's first observation, the last one goes into
`info["terminal_observation"]`). This adapter gives that over `TimesSquareVectorEnv` (vector.py), with
`autoreset()` dealing the ended games at once, so the N games still run in C. `action_masks()` (and
`env_method("action_masks")`, what sb3-contrib's MaskablePPO calls) gives the legal-id masks. Each info
holds `seat` ("A" or "B"), `illegal_action` when the action was illegal (a penalty, as in vector.py) and,
when a game ended, `result` ("A", "B" or "draw").

Self-play (`opponent="self"`): each row is the seat to move's (`seat` names it), the reward is that of the
seat that acted, and `rewards` gives both seats' ([A, B]): at a game's end the seat that did not make the last
move finds its result there, not in the reward (a VecEnv has one reward a row).

`set_attr("illegal_reward", value, indices)` changes the penalty from the next step on, in those games only
(`get_attr("illegal_reward")` reads it, one value a game); no other attribute can be set (each game is a row
of one compiled environment, not an object of its own), and asking to is an error.

Stable-Baselines3 and sb3-contrib are the optional extra `sb3` (they bring PyTorch): this module is never
imported by the package itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from ..errors import TimesSquareError
from ..variants import Rules
from .vector import TimesSquareVectorEnv

Indices = None | int | Iterable[int]
SETTABLE = ("illegal_reward",)


class TimesSquareSB3VecEnv(VecEnv):  # type: ignore[misc]  # VecEnv is untyped here (mypy skips SB3)
    def __init__(
        self,
        num_envs: int = 8,
        opponent: str = "random",
        seat: str = "random",
        illegal_reward: float = -0.1,
        rules: Rules | Sequence[str] | None = None,
        engine: str = "auto",
    ) -> None:
        self.venv = TimesSquareVectorEnv(
            num_envs, opponent=opponent, seat=seat, illegal_reward=illegal_reward, rules=rules, engine=engine
        )
        self.render_mode = None
        self._actions = np.zeros(num_envs, np.int64)
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)

    def reset(self) -> np.ndarray[Any, Any]:
        seeds = self._seeds if any(s is not None for s in self._seeds) else None
        obs, info = self.venv.reset(seed=seeds)
        self.reset_infos = [{"seat": str(info["seat"][i])} for i in range(self.num_envs)]
        self._reset_seeds()
        self._reset_options()
        return obs

    def step_async(self, actions: np.ndarray[Any, Any]) -> None:
        self._actions = np.asarray(actions, np.int64).reshape(self.num_envs)

    def step_wait(
        self,
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], list[dict[str, Any]]]:
        obs, rewards, terminated, truncated, info = self.venv.step(self._actions)
        done = terminated | truncated
        infos: list[dict[str, Any]] = [{"seat": str(seat)} for seat in info["seat"]]
        if "rewards" in info:  # self-play: each seat's reward
            for row, seat_rewards in zip(infos, info["rewards"].tolist(), strict=True):
                row["rewards"] = seat_rewards
        for i in np.flatnonzero(info["illegal_action"]):
            infos[i]["illegal_action"] = True
        for i in np.flatnonzero(done):
            infos[i]["terminal_observation"] = obs[i].copy()
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            if terminated[i]:
                infos[i]["result"] = str(info["result"][i])
        if done.any():
            obs, _ = self.venv.autoreset()
        return obs, rewards, done, infos

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal-id masks as booleans, one row a game (never all False: see vector.py)."""
        return self.venv.action_masks()

    def close(self) -> None:
        self.venv.close()

    def _indices(self, indices: Indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        rows = [indices] if isinstance(indices, int) else list(indices)
        bad = [i for i in rows if not 0 <= i < self.num_envs]
        if bad:
            raise TimesSquareError(f"no game {bad[0]} (there are {self.num_envs})")
        return rows

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        rows = self._indices(indices)
        if attr_name == "illegal_reward":
            penalties = self.venv.illegal_rewards
            return [float(penalties[i]) for i in rows]
        value = (
            getattr(self, attr_name) if attr_name in ("render_mode", "action_masks") else getattr(self.venv, attr_name)
        )
        return [value for _ in rows]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        if attr_name not in SETTABLE:
            settable = ", ".join(SETTABLE)
            raise TimesSquareError(f"set_attr: {attr_name!r} cannot be set here (only {settable}, per game)")
        self.venv.set_illegal_reward(value, self._indices(indices))

    def env_method(
        self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any
    ) -> list[Any]:
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        return [False for _ in self._indices(indices)]
