"""Rule variants: the rulings of RULES.md marked *(variant flag)*, each selectable by name.

The default `Rules()` is RULES.md as written. A table that reads a ruling differently names a variant:

- `toward-mover` (R4.1): every signed card move (S, SS, G1, G2, H, D and jokers) goes toward the active
  player's own end; `GA` and `DM` have no direction and stay as they are.
- `first-deb-card-locks` (R9.2): the first Deb card of a turn fixes the figure type for the whole turn,
  Deb herself included (a turn that began with a Deb card on Deb may only move Deb).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import TimesSquareError

VARIANT_NAMES = ("toward-mover", "first-deb-card-locks")


@dataclass(frozen=True, slots=True)
class Rules:
    """Which variant flags are on; hashable, so tables can be cached per rule set."""

    toward_mover: bool = False
    first_deb_card_locks: bool = False

    @classmethod
    def from_names(cls, names: Iterable[str]) -> Rules:
        flags = {"toward_mover": False, "first_deb_card_locks": False}
        for name in names:
            if name not in VARIANT_NAMES:
                known = ", ".join(VARIANT_NAMES)
                raise TimesSquareError(f"unknown rule variant {name!r} (known: {known})")
            flags[name.replace("-", "_")] = True
        return cls(**flags)

    @property
    def names(self) -> list[str]:
        """The names of the variants that are on, in the order of VARIANT_NAMES."""
        return [n for n in VARIANT_NAMES if getattr(self, n.replace("-", "_"))]


DEFAULT_RULES = Rules()
