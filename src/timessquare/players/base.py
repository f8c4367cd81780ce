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
    ids (sorted) and a seeded random generator; it returns one of the legal ids (or raises Forfeit).

    The game session calls `start_game(seat)` before the player's first decision of a game (0 = A,
    1 = B) and `end_game(result, end)` once the game is over or stopped (`result` "A", "B", "draw" or
    None; `end` in words; it must not raise). An outside program starts and stops its process there."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int: ...

    def start_game(self, seat: int) -> None: ...

    def end_game(self, result: str | None, end: str) -> None: ...

    def close(self) -> None:
        """Release what the player holds (an outside program, worker processes); may be a no-op."""
        ...


class BasePlayer:
    """The hooks of `Player` that most players do not need, as no-ops."""

    def start_game(self, seat: int) -> None:
        return None

    def end_game(self, result: str | None, end: str) -> None:
        return None

    def close(self) -> None:
        return None
