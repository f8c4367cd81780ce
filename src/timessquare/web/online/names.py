"""Account names: what is allowed, and the key that makes look-alikes one name.

A name is 3 to 20 letters, digits, `_` or `-`, starting with a letter (ASCII only: no script, no lookalike
letters from other alphabets, nothing to escape). Two names that differ only in case, in `_`/`-`, or in
characters that look alike (0/o, 1/l/i, 5/s, 2/z, 8/b, vv/w, rn/m) are the same name: the second is refused.
"""

from __future__ import annotations

import re

from ...players.levels import LEVELS

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,19}")
RESERVED = {
    "you",
    "friend",
    *LEVELS,  # the computer's levels, by their names
    "random",
    "admin",
    "anonymous",
    "bot",
    "computer",
    "deleted",
    "system",
    "moderator",
    "timessquare",
}
_FOLD = str.maketrans({"0": "o", "1": "l", "i": "l", "5": "s", "2": "z", "8": "b", "_": None, "-": None})
_PAIRS = (("vv", "w"), ("rn", "m"), ("cl", "d"))


def name_problem(name: object) -> str | None:
    """Why a name cannot be an account's name (None: it can)."""
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        return "a name is 3 to 20 letters, digits, _ or -, starting with a letter"
    key = name_key(name)
    if key in {name_key(r) for r in RESERVED} or key.startswith("deleted"):
        return "that name is reserved"
    return None


def name_key(name: str) -> str:
    """The name folded so that look-alikes fall together (stored unique)."""
    key = name.lower().translate(_FOLD)
    for pair, one in _PAIRS:
        key = key.replace(pair, one)
    return key


def is_name(text: str) -> bool:
    return NAME.fullmatch(text) is not None or re.fullmatch(r"deleted-\d{1,12}", text) is not None
