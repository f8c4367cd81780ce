"""Times Square (Reiner Knizia, Kosmos 2006): the rules engine and public formats.

The core (this package's top-level modules) uses the standard library only. Start with `new_game`.
"""

from .actions import ACTIONS, NUM_ACTIONS, Action, action_id, notation
from .errors import FormatError, GameOverError, IllegalActionError, InvalidActionError, TimesSquareError
from .state import State, new_game
from .variants import DEFAULT_RULES, Rules

__all__ = [
    "ACTIONS",
    "DEFAULT_RULES",
    "NUM_ACTIONS",
    "Action",
    "FormatError",
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "Rules",
    "State",
    "TimesSquareError",
    "action_id",
    "new_game",
    "notation",
]
