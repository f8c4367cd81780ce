"""OpenSpiel observers of "python_times_square": what a player may know, as tensors and strings.

- observation (`perfect_recall=False`): tensor `observation` = `encode_view` of the player's view (the
  layout of encoding.py); string = the player's view as text (board, sizes, own hand);
- information state (`perfect_recall=True`): tensor = `observation`, then `actions_A` and `actions_B` (how
  many times each seat has taken each of the 95 action ids) and `cards_held` (how many cards of each
  type the player has ever held: the hand dealt plus every draw); string = the perfect-recall history
  kept by the state (game.py). The tensor is a fixed-size summary; the string is the exact key.
Only a single player's private information is supported (`private_info=SINGLE_PLAYER`), as the game's
interest lies there; other kinds are refused with a clear error.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import pyspiel

from ...actions import NUM_ACTIONS
from ...cards import NUM_CARD_TYPES
from ...facts import DEAL
from ...render import render as render_text
from ..encoding import OBSERVATION_SIZE, encode_view
from .core import Core


class HoldsCore(Protocol):
    """A state of the game (game.py's `TimesSquareState`): the observer reads only its `core`."""

    @property
    def core(self) -> Core: ...


class TimesSquareObserver:
    """Conforms to OpenSpiel's PyObserver interface: `tensor`, `dict`, `set_from`, `string_from`."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_times_square observers take no parameters (got {sorted(params)})")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("python_times_square observes for one player: public info plus that player's own")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        pieces = [("observation", OBSERVATION_SIZE)]
        if self.perfect_recall:
            pieces += [("actions_A", NUM_ACTIONS), ("actions_B", NUM_ACTIONS), ("cards_held", NUM_CARD_TYPES)]
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: HoldsCore, player: int) -> None:
        self.tensor.fill(0.0)
        core = state.core
        if player < 0 or core.state.chance_due == DEAL:
            return  # before the deal nothing is known yet (and OpenSpiel asks player -1 only for the shape)
        encode_view(core.view(player), out=self.dict["observation"])
        if self.perfect_recall:
            self.dict["actions_A"][:] = core.actions[0]
            self.dict["actions_B"][:] = core.actions[1]
            self.dict["cards_held"][:] = core.seen[player]

    def string_from(self, state: HoldsCore, player: int) -> str:
        core = state.core
        if core.state.chance_due == DEAL:
            return "the deal is under way"
        if self.perfect_recall:
            return core.info[player]
        return render_text(core.view(player))
