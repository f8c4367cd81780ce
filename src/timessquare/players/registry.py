"""Players by name with parameters: `random`, `heuristic`, `ismcts:seconds=1.5`, `cmd:python3 bot.py`.

Each kind of player lives in its own module with a `make(rules, params) -> Player` function; this registry
only maps names to those modules (imported on first use, so a light player never loads a heavy one).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from ..errors import TimesSquareError
from ..variants import DEFAULT_RULES, Rules
from .base import Player

Factory = Callable[[Rules, dict[str, str]], Player]

# The levels for people to play against (levels.py makes them), weakest first: the one list of them.
LEVELS = ("easy", "medium", "hard", "expert")
# name -> module under timessquare.players that defines make(rules, params)
_MODULES: dict[str, str] = {
    "random": "random_player",
    "heuristic": "heuristic",
    "ismcts": "ismcts",
    "pimc": "pimc",
    "textbook": "textbook",
    **dict.fromkeys(LEVELS, "levels"),
}
PLAYER_NAMES = tuple(_MODULES)
EXTERNAL_PREFIX = "cmd:"


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"ismcts:seconds=1.5,iterations=300"` -> ("ismcts", {"seconds": "1.5", "iterations": "300"})."""
    name, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise TimesSquareError(f"player {spec!r}: parameters are key=value, separated by commas")
            params[key.strip()] = value.strip()
    return name.strip(), params


def read_params(player: str, params: Mapping[str, str], defaults: Mapping[str, float]) -> dict[str, float]:
    """Numeric player parameters with defaults; unknown names or values that are not numbers are refused."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        known = ", ".join(sorted(defaults)) or "none"
        raise TimesSquareError(f"{player}: unknown parameter(s) {', '.join(unknown)} (known: {known})")
    values = dict(defaults)
    for key, text in params.items():
        try:
            value = float(text)
        except ValueError:
            raise TimesSquareError(f"{player}: parameter {key}={text!r} is not a number") from None
        if value < 0 or value != value:
            raise TimesSquareError(f"{player}: parameter {key}={text!r} must not be negative")
        values[key] = value
    return values


def make_player(spec: str, rules: Rules = DEFAULT_RULES) -> Player:
    """A player from its registered name and parameters; raises TimesSquareError for an unknown one."""
    if spec.startswith(EXTERNAL_PREFIX):
        module = importlib.import_module("..protocol.client", __package__)
        return module.make(rules, {"command": spec[len(EXTERNAL_PREFIX) :]})  # type: ignore[no-any-return]
    name, params = parse_spec(spec)
    module_name = _MODULES.get(name)
    if module_name is None:
        known = ", ".join([*sorted(_MODULES), "cmd:COMMAND"])
        raise TimesSquareError(f"unknown player {name!r} (known: {known})")
    module = importlib.import_module(f".{module_name}", __package__)
    if name in LEVELS:
        params = {**params, "level": name}
    return module.make(rules, params)  # type: ignore[no-any-return]
