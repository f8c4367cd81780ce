"""The one interface of every computer player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..errors import TimesSquareError
from ..view import PlayerView


class Forfeit(TimesSquareError):
    """Raised by a player's `choose` to lose the game by forfeit; `reason` goes into the game record."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class Player(Protocol):
    """A computer player. `choose` sees only what a player at the table sees: the view, the legal action
    ids (sorted) and a seeded random generator; it returns one of the legal ids."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int: ...

    def close(self) -> None:
        """Release what the player holds (an outside program, worker processes); may be a no-op."""
        ...
