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
from .words import ENGLISH, tui_words

HINTS_MODULE = "timessquare.players.hints"


class Hint(Protocol):
    action: int
    turn: tuple[int, ...]
    win_probability: float


Suggest = Callable[..., Any]


def load_suggest(lang: str = ENGLISH) -> Suggest | str:
    """The service's `suggest` function, or why there is none (in words of `lang` for the screen)."""
    try:
        from ..players.hints import suggest  # the one optional part of the players: the TUI runs without it
    except ImportError as e:
        return tui_words("hint.missing", lang, module=HINTS_MODULE, error=e)
    return suggest


def ask(suggest: Suggest, view: PlayerView, rules: Rules, seconds: float, rng: random.Random) -> Hint:
    """Run the service (slow: call it from a worker thread)."""
    return suggest(view, rules, seconds=seconds, rng=rng)  # type: ignore[no-any-return]


def hint_words(hint: Hint, lang: str = ENGLISH) -> str:
    """ "Hint: D3 sue-3 (Deb moves Sue 3 toward A), then end. Chance to win about 62%." in words of `lang`."""
    first = ACTIONS[hint.action].notation
    # `turn` is the whole suggested turn; it normally begins with `action`.
    later = hint.turn[1:] if hint.turn and hint.turn[0] == hint.action else hint.turn
    rest = ", ".join(ACTIONS[a].notation for a in later)
    return tui_words(
        "hint.text",
        lang,
        action=first,
        words=describe(first, lang=lang),
        then=tui_words("hint.then", lang, actions=rest) if rest else "",
        p=round(100 * hint.win_probability),
    )
