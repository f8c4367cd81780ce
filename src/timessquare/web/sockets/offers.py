"""Stopping a game by agreement, on its socket (docs/rules.md R11.9, docs/web-protocol.md "Offers"):

- `abort`: a seat that has not acted yet calls the game off (over.result "aborted": nobody wins, no rating
  moves, it counts for nobody); a tournament's game has no abort (`may_abort`: online/tournament_games.py);
- `offer` "draw": a draw offer; the same offer from the other seat accepts it (over.result "draw"); a move or a
  `decline` turns it down;
- no takeback: a turn ends with its draw (R6), so a player who took his turn back would know the cards on top
  of the supply (R10); R11.9 says so.

An offer stands only on the state it was made on: any change of the game (a move) ends it. The offer on the
table is a row of the database (storage/offers.py), so the two players may hold sockets on two server
processes: the one that takes it is told to the other process (`told`, online/club_news.py). Offers are
limited per seat of a game: 3 at once, then one every 30 seconds (`rate_limited`), so nobody can flood the
other seat.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from ...cards import SEAT_NAMES
from ...outcome import ABORTED
from ..guards.security import KeyedLimiter
from ..storage.offers import OfferStore, StandingOffer
from ..storage.writer import Database
from . import messages
from .messages import ProtocolError
from .rooms import Member, Room

RATE, BURST = 1 / 30, 3
KINDS = ("draw",)
DRAW = "draw"


def offer_message(kind: str, seat: str) -> dict[str, object]:
    return {"v": messages.VERSION, "type": "offer", "offer": kind, "seat": seat}


def declined_message(kind: str, seat: str) -> dict[str, object]:
    return {"v": messages.VERSION, "type": "declined", "offer": kind, "seat": seat}


async def _nobody_told(kind: str, *words: object) -> None:
    return None


async def _always(room: Room) -> str | None:
    return None


class Offers:
    def __init__(self, database: Database, store: OfferStore) -> None:
        self.database = database
        self.store = store
        self.limiter = KeyedLimiter(RATE, BURST)
        self.told: Callable[..., Awaitable[None]] = _nobody_told  # the other processes (online/club_news.py)
        self.may_abort: Callable[[Room], Awaitable[str | None]] = _always  # why not, if not (a tournament game)

    async def current(self, room: Room) -> StandingOffer | None:
        offer: StandingOffer | None = await self.database.run(self.store.standing, room.id, DRAW)
        if offer is not None and (offer.version != room.session.version or room.session.is_over):
            return None  # a move (or the end) turned it down; the row goes with the next offer
        return offer

    def _seat(self, room: Room, connection: Member) -> str:
        if connection.seat is None:
            raise ProtocolError("forbidden", "only the players can do that")
        if room.session.is_over:
            raise ProtocolError("game_over", "the game is over")
        return SEAT_NAMES[connection.seat]

    async def abort(self, room: Room, connection: Member) -> None:
        seat = self._seat(room, connection)
        refusal = await self.may_abort(room)
        if refusal is not None:
            raise ProtocolError("forbidden", refusal)
        async with room.lock:
            if any(entry.seat == connection.seat and entry.notation for entry in room.session.log):
                raise ProtocolError("forbidden", f"{seat} has moved already: offer a draw or resign instead")
            await room.change(lambda: room.session.agree(ABORTED))

    async def offer(self, room: Room, connection: Member, kind: str) -> None:
        seat = self._seat(room, connection)
        if connection.seat is not None and not room.session.is_person(1 - connection.seat):
            raise ProtocolError("forbidden", "the computer does not take offers")
        async with room.lock:
            standing = await self.current(room)
            agrees = standing is not None and standing.kind == kind and standing.seat != seat
            if not agrees and standing is not None and standing.seat == seat:
                return  # made already
            if not agrees and not self.limiter.allow(f"{room.id}:{seat}"):
                raise ProtocolError("rate_limited", "too many offers: wait a little before the next")
            version = room.session.version
            result = await self.database.run(self.store.offer, room.id, kind, seat, version, datetime.now(UTC))
            if result == "agreed":  # the other seat offered it, here or on another process: agreed
                await room.change(lambda: room.session.agree("draw"))
            elif result == "made":
                tell_players(room, offer_message(kind, seat))
                await self.told("offer", room.id, kind, seat)

    async def decline(self, room: Room, connection: Member) -> None:
        seat = self._seat(room, connection)
        standing = await self.current(room)
        if standing is None or standing.seat == seat:
            raise ProtocolError("conflict", "there is no offer of the other player to decline")
        if await self.database.run(self.store.withdraw, room.id, standing.kind, standing.seat) is None:
            raise ProtocolError("conflict", "there is no offer of the other player to decline")
        tell_players(room, declined_message(standing.kind, seat))
        await self.told("declined", room.id, standing.kind, seat)

    async def joined(self, room: Room, connection: Member) -> None:
        """A player who comes back sees the offer on the table."""
        if connection.seat is None:
            return
        standing = await self.current(room)
        if standing is not None:
            connection.send(offer_message(standing.kind, standing.seat))


def tell_players(room: Room, message: dict[str, object]) -> None:
    text = messages.encode(message)
    for member in list(room.connections):
        if member.seat is not None:
            member.send_text(text)
