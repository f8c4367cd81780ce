"""A game's chat on its socket (docs/web-protocol.md "Chat"): the two players talk; spectators neither read
nor write it (as lichess keeps the players' chat to the players: a watcher could otherwise tell a player what
to play, and it is one room less to moderate). Each message is stored with the game before it is sent, so a
player who comes back gets the conversation; a player may file a message of the other seat for the operator.

Limits: 300 characters a message (messages.py), and per seat of a game and per address a burst of 5, then one
message every 2 seconds; past that the message is refused with `rate_limited` and nothing is stored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from ...cards import SEAT_NAMES
from ..guards.security import KeyedLimiter
from ..storage.chat import ChatStore
from ..storage.writer import Database
from . import messages
from .messages import ProtocolError
from .rooms import Member, Room

RATE = 0.5  # messages a second, after ...
BURST = 5  # ... this many at once
REPORTS_RATE, REPORTS_BURST = 0.1, 3


class Chat:
    def __init__(self, database: Database, store: ChatStore) -> None:
        self.database = database
        self.store = store
        self.said = KeyedLimiter(RATE, BURST)
        self.reported = KeyedLimiter(REPORTS_RATE, REPORTS_BURST)

    def _seat(self, room: Room, connection: Member) -> str:
        seat = connection.seat
        if seat is None:
            raise ProtocolError("forbidden", "only the players chat in a game")
        if not room.session.is_person(1 - seat):
            raise ProtocolError("forbidden", "there is nobody to talk to in a game against the computer")
        return SEAT_NAMES[seat]

    def _limit(self, limiter: KeyedLimiter, room: Room, seat: str, address: str) -> None:
        if not (limiter.allow(f"{room.id}:{seat}") and limiter.allow(address)):
            raise ProtocolError("rate_limited", "too many chat messages: wait a moment")

    async def say(self, room: Room, connection: Member, text: str) -> None:
        seat = self._seat(room, connection)
        self._limit(self.said, room, seat, connection.address)
        name = room.rooms.hooks.seat_name(room, seat)
        line = await self.database.run(self.store.say, room.id, seat, name, text, datetime.now(UTC))
        text_out = messages.encode(line.message())
        for member in list(room.connections):
            if member.seat is not None:
                member.send_text(text_out)

    async def joined(self, room: Room, connection: Member) -> None:
        """A player who joins gets the game's conversation so far (nothing when there is none)."""
        if connection.seat is None:
            return
        lines = await self.database.run(self.store.history, room.id)
        if lines:
            connection.send({"v": messages.VERSION, "type": "chat_history", "messages": [_m(x) for x in lines]})

    async def report(self, room: Room, connection: Member, message_id: int) -> dict[str, Any]:
        seat = self._seat(room, connection)
        self._limit(self.reported, room, seat, connection.address)
        filed = await self.database.run(self.store.report, room.id, message_id, seat, datetime.now(UTC))
        if not filed:
            raise ProtocolError("not_found", "there is no such message of the other player in this game")
        return {"v": messages.VERSION, "type": "reported", "id": message_id}


def _m(line: Any) -> dict[str, Any]:
    message: dict[str, Any] = line.message()
    del message["v"], message["type"]
    return message
