"""Players by name with parameters: `random`, `heuristic`, `ismcts:seconds=1.5,iterations=3000`."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import TimesSquareError
from ..variants import DEFAULT_RULES, Rules
from .base import Player
from .random_player import RandomPlayer

Factory = Callable[[Rules, dict[str, str]], Player]

_FACTORIES: dict[str, Factory] = {
    "random": lambda rules, params: RandomPlayer(),
}
PLAYER_NAMES = tuple(_FACTORIES)


def register(name: str, factory: Factory) -> None:
    _FACTORIES[name] = factory


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"ismcts:seconds=1.5,iterations=300"` -> ("ismcts", {"seconds": "1.5", "iterations": "300"})."""
    name, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise TimesSquareError(f"player {spec!r}: parameters are key=value, separated by commas")
            params[key.strip()] = value.strip()
    return name.strip(), params


def make_player(spec: str, rules: Rules = DEFAULT_RULES) -> Player:
    """A player from its registered name and parameters; raises TimesSquareError for an unknown one."""
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise TimesSquareError(f"unknown player {name!r} (known: {', '.join(sorted(_FACTORIES))})")
    return factory(rules, params)
