"""Seat tokens of accounts' seats: derived from a server key, so an account can fetch its token again from any
device while the database keeps only its hash, as for every seat."""

from __future__ import annotations

import base64
import hashlib
import hmac

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
        digest = hmac.new(self._key, f"{game_id}:{seat}:{account_id}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")
