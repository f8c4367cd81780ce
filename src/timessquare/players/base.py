"""The one interface of every computer player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..view import PlayerView


class Player(Protocol):
    """A computer player. `choose` sees only what a player at the table sees: the view, the legal action
    ids (sorted) and a seeded random generator; it returns one of the legal ids."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int: ...

    def close(self) -> None:
        """Release what the player holds (an outside program, worker processes); may be a no-op."""
        ...
