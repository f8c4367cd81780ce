"""Computer players: every one receives a player's view, never the full state (R10).

`make_player("random")`, `make_player("ismcts:seconds=1.5")`: see `registry.py` for the names.
"""

from .base import Player
from .registry import PLAYER_NAMES, make_player

__all__ = ["PLAYER_NAMES", "Player", "make_player"]
