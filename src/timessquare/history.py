"""Projections of a game's history: lists that are functions of it, never kept beside it by hand.

A game has one history: its record (`Game.moves`) and the events its actions produced (`Game.events`), each
appended once, by the game, as it changes. Everything else that looks like a history (the moves as every seat
may see them, the log, the log in words of a language, the log as the network sends it) is made from those on
demand. Making it anew on every request would cost the whole game's length each time, so a `Projection` keeps
what it made and, when asked again after the history grew, makes only the new items: a history only grows, so
the items made before are still right (a shorter one starts it over).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T")

Make = Callable[[int, int], Iterable[T]]  # the projection's items for its history's items from start to stop


class Projection(Generic[T]):
    """One item for each item of one history (a list that only grows, owned by whoever owns this), each made
    once, in order. `made` is what is made so far: a caller that finds it as long as the history has it all
    without asking `of` (the hot paths do: a call less)."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: tuple[T, ...] = ()

    def of(self, length: int, make: Make[T]) -> tuple[T, ...]:
        """The projection of the history now `length` items long: `make(start, stop)` makes the items for its
        items from `start` to `stop`, asked only for those not made yet."""
        made = self.made
        if len(made) != length:
            if len(made) > length:
                made = ()
            made = self.made = made + tuple(make(len(made), length))
        return made
