"""Times Square for PettingZoo, version 0, laid out as PettingZoo's classic games are.

    from timessquare.envs import times_square_v0
    env = times_square_v0.env(render_mode="ansi")     # AEC, wrapped as PettingZoo's classic games
    env = times_square_v0.raw_env()                    # AEC, unwrapped
    par = times_square_v0.parallel_env()               # the parallel API: only the seat to move acts

The options are those of `TimesSquareAEC` (aec.py) and `TimesSquareParallel` (parallel.py); docs/research.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, cast

import gymnasium
from pettingzoo.utils import wrappers

from .aec import Observation, TimesSquareAEC
from .encoding import FloatArray
from .parallel import TimesSquareParallel

__all__ = ["AECEnvironment", "env", "parallel_env", "raw_env"]


class AECEnvironment(Protocol):
    """What `env()` offers: PettingZoo's AEC interface (PettingZoo itself ships no type information)."""

    agents: list[str]
    possible_agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    state_space: gymnasium.spaces.Box

    @property
    def unwrapped(self) -> TimesSquareAEC: ...

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...
    def step(self, action: Any) -> None: ...
    def observe(self, agent: str) -> Observation: ...
    def last(self, observe: bool = True) -> tuple[Observation, float, bool, bool, dict[str, Any]]: ...
    def agent_iter(self, max_iter: int = ...) -> Iterator[str]: ...
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]: ...
    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]: ...
    def state(self) -> FloatArray: ...
    def render(self) -> Any: ...
    def close(self) -> None: ...


def raw_env(**kwargs: Any) -> TimesSquareAEC:
    return TimesSquareAEC(**kwargs)


def env(**kwargs: Any) -> AECEnvironment:
    """The AEC environment behind PettingZoo's order check (reset before step, no render before reset).

    Illegal actions are handled by the environment itself (its `illegal_action` option), so the wrappers
    that would second-guess it (TerminateIllegalWrapper, AssertOutOfBoundsWrapper) are not used."""
    return cast(AECEnvironment, wrappers.OrderEnforcingWrapper(raw_env(**kwargs)))


def parallel_env(**kwargs: Any) -> TimesSquareParallel:
    """The parallel API: every step each agent sends an action and only the seat to move's is applied;
    each agent's mask is its own (the legal ids for the seat to move, all zero for the other)."""
    return TimesSquareParallel(**kwargs)
