"""The room hooks of online play (room_hooks.py) with the club's shared state: a seat's game socket makes its
account present on this process (accounts_here.py), and a game read from the database learns the rematch asked
for in it, on whichever process it was asked (storage/offers.py)."""

from __future__ import annotations

from ...cards import SEAT_NAMES
from ..sockets.rooms import Room
from ..storage.offers import OfferStore
from .accounts_here import AccountsHere
from .room_hooks import OnlineRoomHooks

REMATCH = "rematch"


class ClubRoomHooks(OnlineRoomHooks):
    here: AccountsHere
    offers: OfferStore

    def presence(self, room: Room, seat: int) -> None:
        super().presence(room, seat)
        game = self.games.known(room.id)
        account_id = None if game is None else game.accounts.get(SEAT_NAMES[seat])
        self.here.seat(room.id, seat, account_id, any(c.seat == seat for c in room.connections))

    async def loaded(self, game_id: str) -> None:
        await super().loaded(game_id)
        if self.games.known(game_id) is None:
            return
        asked = await self.run(self.offers.standing, game_id, REMATCH)
        if asked is None:
            self.rematch_offers.pop(game_id, None)
        else:
            self.rematch_offers[game_id] = asked.seat
