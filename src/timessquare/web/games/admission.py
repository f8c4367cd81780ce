"""Who asks for a new game (`Asker`), and the check every start passes before anything is written (`Admits`).

The game starter (starter.py) asks it on each of its ways in — a game with a link, a lobby challenge taken, a
quick pairing, a game against the computer, a rematch of any kind — so that no new way to start a game can
skip the new-game rates or the cap on computer games at work (api/quotas.py keeps both). A tournament's
pairing is the server's own start: nobody asks, and nothing is counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from starlette.requests import HTTPConnection


@dataclass(frozen=True)
class Asker:
    """The client whose request starts a game: its address and, when logged in, its account."""

    address: str
    account: int | None = None

    @classmethod
    def of(cls, connection: HTTPConnection, account_id: int | None = None) -> Asker:
        return cls(connection.client.host if connection.client else "?", account_id)

    @property
    def owner(self) -> tuple[str, ...]:
        """Whose game it is, most particular first: the account (when logged in), then the address (the
        worker pool shares its computer turns out by these keys: workers/fairness.py)."""
        address = f"address:{self.address}"
        return (address,) if self.account is None else (f"account:{self.account}", address)


class Admits(Protocol):
    def __call__(self, asker: Asker, computer: bool) -> tuple[str, ...]:
        """Count one new game for `asker` and return its owner keys, or raise a refusal (429) past its rate
        or, for a game against the computer, while its owner's other computer games keep enough workers busy."""
        ...
