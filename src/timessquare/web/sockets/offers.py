"""Stopping a game by agreement, on its socket (docs/rules.md R11.9, docs/web-protocol.md "Offers"):

- `abort`: a seat that has not acted yet calls the game off (over.result "aborted": nobody wins, no rating
  moves, it counts for nobody);
- `offer` "draw": a draw offer; the same offer from the other seat accepts it (over.result "draw"); a move or a
  `decline` turns it down;
- no takeback: a turn ends with its draw (R6), so a player who took his turn back would know the cards on top
  of the supply (R10); R11.9 says so.

An offer stands only on the state it was made on: any change of the game (a move) ends it. Offers are limited
per seat of a game: 3 at once, then one every 30 seconds (`rate_limited`), so nobody can flood the other seat.
Offers live in memory only: a restart (rare) forgets an offer, which the player can make again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import SEAT_NAMES
from ...outcome import ABORTED
from ..guards.security import KeyedLimiter
from . import messages
from .messages import ProtocolError
from .rooms import Member, Room

RATE, BURST = 1 / 30, 3
KINDS = ("draw",)


@dataclass(frozen=True)
class Offer:
    kind: str
    seat: str
    version: int  # the game's version when it was made: it stands while the game has not changed

    def message(self) -> dict[str, object]:
        return {"v": messages.VERSION, "type": "offer", "offer": self.kind, "seat": self.seat}


class Offers:
    def __init__(self) -> None:
        self.standing: dict[str, Offer] = {}  # game id -> the offer on the table
        self.limiter = KeyedLimiter(RATE, BURST)

    def current(self, room: Room) -> Offer | None:
        offer = self.standing.get(room.id)
        if offer is not None and (offer.version != room.session.version or room.session.is_over):
            del self.standing[room.id]  # a move (or the end) turned it down
            return None
        return offer

    def _seat(self, room: Room, connection: Member) -> str:
        if connection.seat is None:
            raise ProtocolError("forbidden", "only the players can do that")
        if room.session.is_over:
            raise ProtocolError("game_over", "the game is over")
        return SEAT_NAMES[connection.seat]

    async def abort(self, room: Room, connection: Member) -> None:
        seat = self._seat(room, connection)
        async with room.lock:
            if any(entry.seat == connection.seat and entry.notation for entry in room.session.log):
                raise ProtocolError("forbidden", f"{seat} has moved already: offer a draw or resign instead")
            self.standing.pop(room.id, None)
            await room.change(lambda: room.session.agree(ABORTED))

    async def offer(self, room: Room, connection: Member, kind: str) -> None:
        seat = self._seat(room, connection)
        if connection.seat is not None and not room.session.is_person(1 - connection.seat):
            raise ProtocolError("forbidden", "the computer does not take offers")
        async with room.lock:
            standing = self.current(room)
            if standing is not None and standing.kind == kind and standing.seat != seat:
                del self.standing[room.id]  # the other seat offered it: agreed
                await room.change(lambda: room.session.agree("draw"))
                return
            if standing is not None and standing.seat == seat and standing.kind == kind:
                return  # made already
            if not self.limiter.allow(f"{room.id}:{seat}"):
                raise ProtocolError("rate_limited", "too many offers: wait a little before the next")
            offer = Offer(kind, seat, room.session.version)
            self.standing[room.id] = offer
            _tell_players(room, offer.message())

    async def decline(self, room: Room, connection: Member) -> None:
        seat = self._seat(room, connection)
        standing = self.current(room)
        if standing is None or standing.seat == seat:
            raise ProtocolError("conflict", "there is no offer of the other player to decline")
        del self.standing[room.id]
        _tell_players(room, {"v": messages.VERSION, "type": "declined", "offer": standing.kind, "seat": seat})

    def joined(self, room: Room, connection: Member) -> None:
        """A player who comes back sees the offer on the table."""
        standing = self.current(room)
        if standing is not None and connection.seat is not None:
            connection.send(standing.message())


def _tell_players(room: Room, message: dict[str, object]) -> None:
    text = messages.encode(message)
    for member in list(room.connections):
        if member.seat is not None:
            member.send_text(text)
