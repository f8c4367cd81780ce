"""Fair shares of what makes work for the server: how often one account and one address may ask for it, and
how many of their games may keep the computer players busy at once (the game starter asks `Admission` on
every way a game starts: games/admission.py).

Every request that makes something (a game, a computer game, a challenge, a tutorial step) or looks a player
up is counted per client address and, when logged in, per account, at rates of its own kind; past them it is
`429` with `Retry-After`. A new game against the computer is also refused (`429`) while its owner already
has COMPUTER_GAMES_PER_ACCOUNT games (COMPUTER_GAMES_PER_ADDRESS for an address) whose computer player is at
work or waiting for a worker: one account cannot fill the worker pool's queue, and what it has queued waits
its turn behind everybody else's (workers/fairness.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from ..games.admission import Asker
from ..guards.security import KeyedLimiter
from ..metrics import REFUSALS
from ..workers.pool import WorkerPool
from .requests import ApiError

COMPUTER_GAMES_PER_ACCOUNT = 4
COMPUTER_GAMES_PER_ADDRESS = 8


@dataclass(frozen=True)
class Kind:
    per_minute: float  # per address, for every `per_minute` of the server's setting (`create_per_minute`)
    account_share: float  # the part of it one account gets (0: only the address is counted)
    words: str


KINDS = {
    "games": Kind(1.0, 0.0, "too many new games from here: wait a minute"),
    "computer": Kind(1.0, 0.5, "too many new games against the computer: wait a minute"),
    "lobby": Kind(1.0, 0.5, "too many challenges at once: wait a minute"),
    "learn": Kind(4.0, 0.0, "too many tutorial steps at once: wait a moment"),
    "lookup": Kind(2.0, 0.0, "too many player look-ups: wait a moment"),
}


class Quotas:
    """The request rates of each kind, per address and per account; `per_minute` 0 turns them all off."""

    def __init__(self, per_minute: float) -> None:
        self.limiters: dict[str, tuple[KeyedLimiter, KeyedLimiter]] = {}
        for name, kind in KINDS.items():
            by_address = per_minute * kind.per_minute / 60
            by_account = by_address * kind.account_share
            self.limiters[name] = (
                KeyedLimiter(by_address, max(1.0, by_address * 15)),  # bursts of a quarter of a minute's
                KeyedLimiter(by_account, max(1.0, by_account * 15)),
            )

    def check(self, connection: HTTPConnection, kind: str, account_id: int | None = None) -> None:
        """Count one request of this kind; 429 past the address's rate or the account's."""
        self.count(Asker.of(connection, account_id), kind)

    def count(self, asker: Asker, kind: str) -> None:
        by_address, by_account = self.limiters[kind]
        address, account_id, account = asker.address, asker.account, str(asker.account)
        if not by_address.allow(address):
            REFUSALS.labels(f"{kind}_per_address").inc()
            raise ApiError(429, "rate_limited", KINDS[kind].words, by_address.wait(address))
        if account_id is not None and not by_account.allow(account):
            REFUSALS.labels(f"{kind}_per_account").inc()
            raise ApiError(429, "rate_limited", KINDS[kind].words, by_account.wait(account))


class Admission:
    """The starter's one check (games/admission.Admits): a new game counts at the new-game rate of its kind
    ("computer" against a level, else "games"), and a game against the computer is refused (429) while its
    owner already has COMPUTER_GAMES_PER_ACCOUNT games (COMPUTER_GAMES_PER_ADDRESS for an address) whose
    computer player is at work or waiting for a worker."""

    def __init__(self, quotas: Quotas, pool: WorkerPool) -> None:
        self.quotas = quotas
        self.pool = pool

    def __call__(self, asker: Asker, computer: bool) -> tuple[str, ...]:
        if computer:
            self._below_the_cap(asker)
        self.quotas.count(asker, "computer" if computer else "games")
        return asker.owner

    def _below_the_cap(self, asker: Asker) -> None:
        for key in asker.owner:
            cap = COMPUTER_GAMES_PER_ACCOUNT if key.startswith("account:") else COMPUTER_GAMES_PER_ADDRESS
            if self.pool.computer_games(key) >= cap:
                REFUSALS.labels("computer_games_at_work").inc()
                words = f"the computer is still thinking in {cap} of your games: play them first"
                raise ApiError(429, "rate_limited", words, 2)
