"""Times Square for OpenSpiel: importing this package registers the Python game "python_times_square".

    import pyspiel
    import timessquare.envs.openspiel
    game = pyspiel.load_game("python_times_square")

See game.py (chance nodes, information state, resampling), core.py (what a state holds), observer.py
(tensors and strings) and player.py (OpenSpiel's IS-MCTS bot as one of our players, for `timessquare arena`).
"""

from __future__ import annotations

import pyspiel

from .game import GAME_NAME, GAME_TYPE, TimesSquareGame, TimesSquareState

if GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, TimesSquareGame)

__all__ = ["GAME_NAME", "TimesSquareGame", "TimesSquareState"]
