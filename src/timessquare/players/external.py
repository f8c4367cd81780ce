"""Outside programs as players over the player protocol of FORMATS.md, and ours served the same way."""

from __future__ import annotations

from ..errors import TimesSquareError
from ..variants import Rules
from .base import Player


def make(rules: Rules, params: dict[str, str]) -> Player:
    raise TimesSquareError("outside players (cmd:) are not built yet")


def serve(name: str, rules: Rules) -> int:
    raise TimesSquareError("`timessquare player` is not built yet")
