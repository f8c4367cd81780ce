"""Research interfaces (the optional `rl` extra: `pip install timessquare[rl]`): PettingZoo, Gymnasium, OpenSpiel.

    from timessquare.envs import times_square_v0          # PettingZoo AEC (and parallel) environment
    import gymnasium, timessquare.envs                     # registers "TimesSquare-v0"
    gymnasium.make("TimesSquare-v0", opponent="heuristic")
    import pyspiel, timessquare.envs.openspiel             # registers "python_times_square"

Everything here sees the game through `PlayerView` (encoding.py), as every player does; the rules core
never imports this package.
"""

from __future__ import annotations

from . import times_square_v0
from .gym_env import register

register()

__all__ = ["times_square_v0"]
