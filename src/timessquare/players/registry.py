"""Players by name with parameters: `random`, `heuristic`, `ismcts:seconds=1.5`, `cmd:python3 bot.py`.

Each kind of player lives in its own module with a `make(rules, params) -> Player` function; this registry
maps names to those functions. Players written `cmd:COMMAND` are outside programs, which the player
protocol runs: the players know nothing of the protocol, so it registers them here (`register_external`)
when it is imported (protocol/__init__.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import TimesSquareError
from ..variants import DEFAULT_RULES, Rules
from . import alphazero, heuristic, ismcts, learned, levels, pimc, random_player, textbook
from .base import Player
from .params import parse_spec

Factory = Callable[[Rules, dict[str, str]], Player]

_FACTORIES: dict[str, Factory] = {
    "random": random_player.make,
    "heuristic": heuristic.make,
    "learned": learned.make,
    "alphazero": alphazero.make,
    "ismcts": ismcts.make,
    "pimc": pimc.make,
    "textbook": textbook.make,
    **dict.fromkeys(levels.LEVELS, levels.make),
}
PLAYER_NAMES = tuple(_FACTORIES)
EXTERNAL_PREFIX = "cmd:"
_external: list[Factory] = []  # the protocol's `make` for `cmd:` players, once registered


def register_external(make: Factory) -> None:
    """`make(rules, {"command": COMMAND})` makes the player written `cmd:COMMAND` (the protocol's client)."""
    _external[:] = [make]


def make_player(spec: str, rules: Rules = DEFAULT_RULES) -> Player:
    """A player from its registered name and parameters; raises TimesSquareError for an unknown one."""
    if spec.startswith(EXTERNAL_PREFIX):
        if not _external:
            protocol = "outside programs play through the player protocol: import timessquare.protocol"
            raise TimesSquareError(f"{spec!r}: {protocol}")
        return _external[0](rules, {"command": spec[len(EXTERNAL_PREFIX) :]})
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join([*sorted(_FACTORIES), "cmd:COMMAND"])
        raise TimesSquareError(f"unknown player {name!r} (known: {known})")
    if name in levels.LEVELS:
        params = {**params, "level": name}
    return factory(rules, params)


__all__ = ["EXTERNAL_PREFIX", "PLAYER_NAMES", "Factory", "make_player", "register_external"]
