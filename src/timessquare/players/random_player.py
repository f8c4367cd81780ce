"""`random`: uniform over the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..errors import TimesSquareError
from ..variants import Rules
from ..view import PlayerView
from .base import BasePlayer


class RandomPlayer(BasePlayer):
    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[int], rng: random.Random) -> int:
        return legal[rng.randrange(len(legal))]


def make(rules: Rules, params: dict[str, str]) -> RandomPlayer:
    if params:
        raise TimesSquareError(f"random takes no parameters (got {', '.join(params)})")
    return RandomPlayer()
