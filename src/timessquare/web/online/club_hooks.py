"""The room hooks of online play (room_hooks.py) with the club's shared state and rules: a seat's game socket
makes its account present on this process (accounts_here.py); a game read from the database learns the
rematch asked for in it, on whichever process it was asked (storage/offers.py), and the tournament it belongs
to (its page links back). A rated game against the computer and a tournament game cannot be aborted
(docs/rules.md R11.5, R11.10; they are rated however early they end: store.settle_in)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from ...cards import SEAT_NAMES
from ..sockets.rooms import Member, Room
from ..storage.offers import OfferStore
from ..storage.online_games import OnlineGame
from .accounts_here import AccountsHere
from .game_cache import OnlineGames
from .room_hooks import REMEMBERED, OnlineRoomHooks
from .store import BANNED, OnlineStore

REMATCH = "rematch"
Run = Callable[..., Awaitable[Any]]


async def _no_tournament(game_id: str) -> str | None:
    return None


class ClubRoomHooks(OnlineRoomHooks):
    def __init__(self, store: OnlineStore, games: OnlineGames, run: Run, now: Callable[[], datetime]) -> None:
        super().__init__(store, games, run, now)
        self.here: AccountsHere | None = None  # set by service.Online
        self.offers = OfferStore(store.engine)
        self.tournament_lookup: Callable[[str], Awaitable[str | None]] = _no_tournament  # set by routes.install
        self.tournaments: OrderedDict[str, str | None] = OrderedDict()  # game -> its tournament, if any

    def presence(self, room: Room, seat: int, joining: Member | None = None) -> None:
        super().presence(room, seat, joining)
        game = self.games.known(room.id)
        account_id = None if game is None else game.accounts.get(SEAT_NAMES[seat])
        if self.here is not None:
            self.here.seat(room.id, seat, account_id, any(c.seat == seat for c in room.connections))

    async def seat_refused(self, game_id: str, seat: int) -> str | None:
        """A banned account's seat tokens no longer join its games (read now: the ban may be a minute old, and its
        page would join again as soon as the ban closed its socket)."""
        game = await self.games.game(game_id)
        account_id = None if game is None else game.accounts.get(SEAT_NAMES[seat])
        if account_id is None or self.here is None:
            return None
        banned, _ = (await self.run(self.here.store.flags, [account_id])).get(account_id, (False, False))
        return BANNED if banned else None

    async def loaded(self, game_id: str) -> None:
        await super().loaded(game_id)
        if self.games.known(game_id) is None:
            return
        asked = await self.run(self.offers.standing, game_id, REMATCH)
        if asked is None:
            self.rematch_offers.pop(game_id, None)
        else:
            self.rematch_offers[game_id] = asked.seat
        await self.tournament_of(game_id)

    async def tournament_of(self, game_id: str) -> str | None:
        """The tournament of an online game (read once, then remembered: a game never changes tournament)."""
        if game_id not in self.tournaments:
            self.tournaments[game_id] = await self.tournament_lookup(game_id)
            while len(self.tournaments) > REMEMBERED:
                self.tournaments.popitem(last=False)
        return self.tournaments[game_id]

    async def no_abort(self, game_id: str) -> str | None:
        """Why this game cannot be aborted, if it cannot."""
        game = await self.games.game(game_id)
        if game is not None:
            await self.tournament_of(game_id)
        return _no_abort(game, self.tournaments.get(game_id))

    def state_extra(self, room: Room) -> dict[str, Any]:
        extra = super().state_extra(room)
        if "online" in extra:
            tournament = self.tournaments.get(room.id)
            extra["online"]["tournament"] = tournament
            extra["online"]["abort"] = _no_abort(self.games.known(room.id), tournament) is None
        return extra


def _no_abort(game: OnlineGame | None, tournament: str | None) -> str | None:
    if game is None or not game.rated:
        return None
    if game.level is not None:
        return "a rated game against the computer cannot be aborted: resign instead (R11.5)"
    if tournament is not None:
        return "a tournament game cannot be aborted (R11.10)"
    return None
