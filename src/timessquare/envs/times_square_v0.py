"""Times Square for PettingZoo, version 0, laid out as PettingZoo's classic games are.

    from timessquare.envs import times_square_v0
    env = times_square_v0.env(render_mode="ansi")     # AEC, wrapped as PettingZoo's classic games
    env = times_square_v0.raw_env()                    # AEC, unwrapped
    par = times_square_v0.parallel_env()               # the parallel API (lockstep turn order)

The options are those of `TimesSquareAEC` (aec.py; docs/research.md).
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from .aec import TimesSquareAEC

__all__ = ["env", "parallel_env", "raw_env"]


def raw_env(**kwargs: Any) -> TimesSquareAEC:
    return TimesSquareAEC(**kwargs)


def env(**kwargs: Any) -> Any:
    """The AEC environment behind PettingZoo's order check (reset before step, no render before reset).

    Illegal actions are handled by the environment itself (its `illegal_action` option), so the wrappers
    that would second-guess it (TerminateIllegalWrapper, AssertOutOfBoundsWrapper) are not used."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> Any:
    """The parallel API: each step, every agent sends an action and only the seat to move's counts (the
    other's mask is all zero). Built on the lockstep turn order, where the agents alternate."""
    if kwargs.setdefault("turn_order", "lockstep") != "lockstep":
        raise ValueError("the parallel API needs turn_order='lockstep'")
    return aec_to_parallel_wrapper(env(**kwargs))
