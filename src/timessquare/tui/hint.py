"""The hint on request: asks the hint service (timessquare.players.hints, loaded only when asked for) and
says its advice in words. The service sees only the view of the person asking (R10)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..actions import ACTIONS
from ..session.describe import describe
from ..variants import Rules
from ..view import PlayerView

HINTS_MODULE = "timessquare.players.hints"


class Hint(Protocol):
    action: int
    turn: tuple[int, ...]
    win_probability: float


Suggest = Callable[..., Any]


def load_suggest() -> Suggest | str:
    """The service's `suggest` function, or why there is none (in words for the screen)."""
    try:
        from ..players.hints import suggest  # the one optional part of the players: the TUI runs without it
    except ImportError as e:
        return f"hints are not available in this version ({HINTS_MODULE} is missing: {e})"
    return suggest


def ask(suggest: Suggest, view: PlayerView, rules: Rules, seconds: float, rng: random.Random) -> Hint:
    """Run the service (slow: call it from a worker thread)."""
    return suggest(view, rules, seconds=seconds, rng=rng)  # type: ignore[no-any-return]


def hint_words(hint: Hint) -> str:
    """ "Hint: D3 sue-3 (Deb moves Sue 3 toward A), then end. Chance to win about 62%." """
    first = ACTIONS[hint.action].notation
    text = f"Hint: {first} ({describe(first)})"
    # `turn` is the whole suggested turn; it normally begins with `action`.
    later = hint.turn[1:] if hint.turn and hint.turn[0] == hint.action else hint.turn
    rest = [ACTIONS[a].notation for a in later]
    if rest:
        text += ", then " + ", ".join(rest)
    return text + f". Chance to win about {round(100 * hint.win_probability)}%."
