"""A player's name and parameters as text (`ismcts:seconds=1.5,iterations=300`), read for the registry and
for each kind of player's `make`."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import TimesSquareError


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
