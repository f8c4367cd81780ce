"""Seat tokens of accounts' seats: derived from a server key and the account's password hash, so an account can
fetch its token again from any device while the database keeps only its hash, as for every seat, and a new
password makes new tokens (online/seat_renewal.py)."""

from __future__ import annotations

from sqlalchemy import Engine, select

from ..guards.security import account_seat_token
from ..storage.online_schema import accounts
from ..storage.writer import Database

KEY_NAME = "seat_tokens"  # its row in `server_keys`


class SeatTokens:
    def __init__(self, database: Database) -> None:
        self.database = database
        self._key: bytes | None = None

    async def of(self, game_id: str, seat: str, account_id: int) -> str:
        """The seat token of an account's seat in a game."""
        if self._key is None:
            self._key = (await self.database.run(self.database.store.server_key, KEY_NAME)).encode()
        secret = await self.database.run(password_hash_of, self.database.store.engine, account_id)
        return account_seat_token(self._key, game_id, seat, account_id, secret)

    def known(self, game_id: str, seat: str, account_id: int) -> str:
        """`of` without waiting, once a call of `of` has read the key: for a transaction's own thread (the
        rematch's), which reads the password hash itself."""
        assert self._key is not None, "ask `of` first"
        secret = password_hash_of(self.database.store.engine, account_id)
        return account_seat_token(self._key, game_id, seat, account_id, secret)


def password_hash_of(engine: Engine, account_id: int) -> str | None:
    with engine.connect() as c:
        value = c.execute(select(accounts.c.password_hash).where(accounts.c.id == account_id)).scalar()
    return None if value is None else str(value)
