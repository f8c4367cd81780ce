"""`TimesSquareSB3VecEnv`: the compiled vector environment as a Stable-Baselines3 `VecEnv`.

    from sb3_contrib import MaskablePPO
    from timessquare.envs.sb3 import TimesSquareSB3VecEnv
    env = TimesSquareSB3VecEnv(num_envs=16, opponent="heuristic")
    model = MaskablePPO("MlpPolicy", env).learn(100_000)

Stable-Baselines3 takes no Gymnasium vector environment: it wants its own `VecEnv`, which resets a game
the moment it ends (the step returns the new game's first observation, the last one goes into
`info["terminal_observation"]`). This adapter gives that over `TimesSquareVectorEnv` (vector.py), with
`autoreset()` dealing the ended games at once, so the N games still run in C. `action_masks()` (and
`env_method("action_masks")`, what sb3-contrib's MaskablePPO calls) gives the legal-id masks. Each info
holds `seat` ("A" or "B"), `illegal_action` when the action was illegal (a penalty, as in vector.py) and,
when a game ended, `result` ("A", "B" or "draw").

Stable-Baselines3 and sb3-contrib are the optional extra `sb3` (they bring PyTorch): this module is never
imported by the package itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from ..variants import Rules
from .vector import TimesSquareVectorEnv

Indices = None | int | Iterable[int]


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
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        value = (
            getattr(self, attr_name) if attr_name in ("render_mode", "action_masks") else getattr(self.venv, attr_name)
        )
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        setattr(self.venv, attr_name, value)

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
