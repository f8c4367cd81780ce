"""Sampling chance outcomes: the one place where randomness enters a game (the state holds none).

`State.apply_chance` takes an outcome; these functions draw one uniformly from a random generator, in the
same way the engine always has, so a seed gives the same deal and the same reshuffle as before. This module
sits below `state.py` (whose `new_game` deals with `sample_deal`): it reads a state through `ChanceState`,
the part of `State` it needs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .cards import A, B, full_deck
from .errors import TimesSquareError
from .facts import DEAL, RESHUFFLE


class ChanceState(Protocol):
    """What sampling reads of a state (a `state.State`): the chance event due, the discard pile that the
    reshuffle shuffles, and where the outcome goes."""

    @property
    def chance_due(self) -> str | None: ...

    @property
    def discard(self) -> Sequence[int]: ...

    def apply_chance(self, outcome: Sequence[int]) -> None: ...


def sample_chance(state: ChanceState, rng: random.Random) -> tuple[int, ...]:
    """An outcome of the chance event due in `state`, drawn uniformly (see `State.apply_chance`)."""
    if state.chance_due == DEAL:
        return sample_deal(rng)
    if state.chance_due == RESHUFFLE:
        order = list(state.discard)
        rng.shuffle(order)
        return tuple(order)
    raise TimesSquareError("no chance event is due")


def sample_deal(rng: random.Random) -> tuple[int, ...]:
    """The deal of R2: the fist draw (the seat that holds Hal), then the shuffled deck in dealing order."""
    hal_seat = A if rng.random() < 0.5 else B  # R2.2 the fist draw
    deck = full_deck()
    rng.shuffle(deck)
    return (hal_seat, *deck)


def resolve_chance(state: ChanceState, rng: random.Random) -> tuple[int, ...] | None:
    """Give the chance event due (if any) an outcome drawn from `rng`; returns that outcome, or None."""
    if state.chance_due is None:
        return None
    outcome = sample_chance(state, rng)
    state.apply_chance(outcome)
    return outcome
