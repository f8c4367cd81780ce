"""What the environments' `render()` shows: the public board (a spectator's view, no hand), as text or as
an RGB picture; the text ends with the result once the game is over. One function for both environments."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ..game import Game
from ..render import render as render_text
from ..view import PlayerView
from .picture import board_picture


def render_public(game: Game, render_mode: str | None, how_to_set: str) -> str | np.ndarray[Any, Any] | None:
    """`render()` of an environment in `render_mode`: "ansi" returns the text, "human" prints it, "rgb_array"
    returns the picture; without a mode it warns (`how_to_set`: how to pass one) and returns None."""
    if render_mode is None:
        gymnasium.logger.warn(f"render() called without a render_mode; {how_to_set}")
        return None
    view = PlayerView.of(game.state, None, game.moves)
    if render_mode == "rgb_array":
        return board_picture(view)
    text = render_text(view)
    if game.is_over:
        text += f"\nresult: {game.result} ({game.end_reason()})"
    if render_mode == "ansi":
        return text
    print(text)
    return None
