"""A game's chat on its socket (docs/web-protocol.md "Chat"): the two players talk; spectators neither read
nor write it (as lichess keeps the players' chat to the players: a watcher could otherwise tell a player what
to play, and it is one room less to moderate). Each message is stored with the game before it is sent, so a
player who comes back gets the conversation; a player may file a message of the other seat for the operator.

Limits: 300 characters a message (messages.py); per seat of a game and per account (the lobby's chat
included) a burst of 5, then one message every 2 seconds; per address, which a household or a school shares,
a burst of 20, then 2 a second. Past one of them the message is refused with `rate_limited` and nothing is
stored. An account the operator muted or banned says nothing (`speaker`, online/club_news.py), whichever socket
it opened when; a line said is told to the players' sockets on the other server processes too (`told`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
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
BURST = 5  # ... this many at once (per seat of a game, per account)
ADDRESS_RATE, ADDRESS_BURST = 2.0, 20  # one address: a household, a school
REPORTS_RATE, REPORTS_BURST = 0.1, 3


async def _anyone(room: Room, seat: str) -> int | None:
    return None


async def _nobody_told(line_id: int) -> None:
    return None


class Chat:
    def __init__(self, database: Database, store: ChatStore) -> None:
        self.database = database
        self.store = store
        self.said = KeyedLimiter(RATE, BURST)
        self.said_from = KeyedLimiter(ADDRESS_RATE, ADDRESS_BURST)
        self.reported = KeyedLimiter(REPORTS_RATE, REPORTS_BURST)
        # The account at a seat, refused (ProtocolError) when the operator muted it; None: no account.
        self.speaker: Callable[[Room, str], Awaitable[int | None]] = _anyone
        self.told: Callable[[int], Awaitable[None]] = _nobody_told  # a line said: the other processes

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

    def allow(self, keys: list[str], address: str) -> bool:
        """One message more for each key (a seat of a game, an account) and the address, or none at all."""
        allowed = [key for key in keys if self.said.allow(key)]
        if len(allowed) == len(keys) and self.said_from.allow(address):
            return True
        for key in allowed:  # a refused message spends nothing
            self.said.give_back(key)
        return False

    async def say(self, room: Room, connection: Member, text: str) -> None:
        seat = self._seat(room, connection)
        account_id = await self.speaker(room, seat)
        keys = [f"{room.id}:{seat}"] + ([] if account_id is None else [f"account:{account_id}"])
        if not self.allow(keys, connection.address):
            raise ProtocolError("rate_limited", "too many chat messages: wait a moment")
        name = room.rooms.hooks.seat_name(room, seat)
        line = await self.database.run(self.store.say, room.id, seat, name, text, datetime.now(UTC))
        tell_players(room, line.message())
        await self.told(line.id)

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


def tell_players(room: Room, message: dict[str, Any]) -> None:
    """A game's chat line to its players' sockets here (spectators read no chat)."""
    text_out = messages.encode(message)
    for member in list(room.connections):
        if member.seat is not None:
            member.send_text(text_out)
