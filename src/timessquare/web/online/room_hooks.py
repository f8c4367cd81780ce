"""What online play adds to each game's room (sockets/rooms.RoomHooks): what this process remembers of a game's
end (its rating changes, for the end dialog), the names and the clock in each state message, and no hints in a
rated game or one with a clock. It writes nothing after a change: the session keeps the clock (it decides a
loss on time before anything is applied) and the store writes each change whole, its clock and its ratings with
its moves (storage/store.py)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from ...cards import SEAT_NAMES
from ...session.change import Change
from ..sockets.rooms import Member, Room, RoomHooks
from ..storage.online_games import OnlineGame
from .game_cache import OnlineGames
from .rating_change import rating_changes
from .ratings import new_ratings
from .store import OnlineStore, settle_in

log = logging.getLogger("timessquare.web")
REMEMBERED = 10_000  # games whose presence and rating changes are kept


class OnlineRoomHooks(RoomHooks):
    def __init__(
        self, store: OnlineStore, games: OnlineGames, run: Callable[..., Awaitable[Any]], now: Callable[[], datetime]
    ) -> None:
        self.store = store
        self.games = games
        self.run = run
        self.now = now
        self.rematch_offers: dict[str, str] = {}  # game id -> the seat that asked for a rematch (rematch.py)
        self.changes: OrderedDict[str, dict[int, int]] = OrderedDict()  # finished game -> account -> points
        self.away: OrderedDict[str, dict[str, datetime]] = OrderedDict()  # game id -> seat -> gone since

    async def loaded(self, game_id: str) -> None:
        game = await self.games.game(game_id)
        if game is not None:
            await self._learn_changes(game)
        if game is not None and game_id not in self.away:  # nobody is known to be here yet
            self.away[game_id] = dict.fromkeys(SEAT_NAMES, self.now())
            while len(self.away) > REMEMBERED:
                self.away.popitem(last=False)

    def presence(self, room: Room, seat: int, joining: Member | None = None) -> None:
        if self.games.known(room.id) is None:
            return
        away, name = self.away.setdefault(room.id, {}), SEAT_NAMES[seat]
        if any(c.seat == seat for c in room.connections):
            away.pop(name, None)
        elif name not in away:
            away[name] = self.now()
        # The other seat's page shows the claim only against a player who is away; its own message, as a
        # whole state would tell nothing else new.
        message = {"v": 1, "type": "presence", "away_ms": self._away_ms(room.id)}
        for connection in list(room.connections):
            if connection is not joining:  # its state, just sent, says so already
                connection.send(message)

    def _away_ms(self, game_id: str) -> dict[str, int | None]:
        now, away = self.now(), self.away.get(game_id, {})
        return {seat: None if seat not in away else _ms(now - away[seat]) for seat in SEAT_NAMES}

    def away_since(self, game_id: str, seat: str) -> datetime | None:
        """Since when the seat has had no socket in this game (None: it has one)."""
        return self.away.get(game_id, {}).get(seat)

    def seat_name(self, room: Room, seat: str) -> str | None:
        game = self.games.known(room.id)
        account_id = None if game is None else game.accounts.get(seat)
        account = None if account_id is None else self.games.names.get(account_id)
        return None if account is None else account.name

    async def _learn_changes(self, game: OnlineGame) -> None:
        """The rating change of a finished rated game, for its end dialog (rating_change.py)."""
        if game.rated and game.finished and game.game_id not in self.changes:
            self.changes[game.game_id] = await self.run(rating_changes, self.store.engine, game.game_id)
            while len(self.changes) > REMEMBERED:
                self.changes.popitem(last=False)

    async def changed_elsewhere(self, game_id: str) -> None:
        self.games.forget(game_id)  # its clock or its end, as the other process stored them
        await self.games.game(game_id)

    @staticmethod
    def settle_in(connection: Any, game_id: str, result: str, now: datetime, played: bool) -> object:
        """The store's settler (storage/store.Settler): a finished game's online row and ratings, written in the
        transaction of the change that ended it."""
        return settle_in(connection, game_id, result, now, new_ratings, played)

    async def committed(self, room: Room, change: Change) -> None:
        """A change that ended an online game is stored with its ratings: this process learns them (reads only;
        a failure is logged, and the end dialog reads them on the next join)."""
        if change.outcome is None:
            return
        try:
            game = self.games.known(room.id)
            if game is not None and not game.finished:
                await self._ended(game)
        except Exception:
            log.exception("could not read the ratings of game %s", room.id)
            self.games.forget(room.id)

    async def _ended(self, game: OnlineGame) -> None:
        self.games.remember(game.game_id, _finished(game))
        self.games.forget_names(i for i in game.accounts.values() if i is not None)
        await self.games.learn_names(game)
        await self._learn_changes(_finished(game))

    async def settle(self, game: OnlineGame, result: str, now: datetime, played: bool) -> None:
        """The game is over: its ratings, once (by this process or another one); none if a player never moved
        (`played` False: the game is aborted, R11.5)."""
        new = await self.run(self.store.settle, game.game_id, result, now, new_ratings, played)
        self.games.remember(game.game_id, _finished(game))  # settled here, or already by another process (None)
        self.games.forget_names(new or {})
        await self.games.learn_names(game)
        await self._learn_changes(_finished(game))

    def state_extra(self, room: Room) -> dict[str, Any]:
        game = self.games.known(room.id)
        if game is None:
            return {}
        players = {}
        for seat, account_id in game.accounts.items():
            account = self.games.names.get(account_id) if account_id is not None else None
            players[seat] = None if account is None else account.document()
        clock = None if room.session.clock is None else room.session.clock.document(self.now())
        changes = self.changes.get(room.id)
        return {
            "online": {
                "rated": game.rated,
                "level": game.level,
                "accounts": players,
                "clock": clock,
                "rematch_offer": self.rematch_offers.get(room.id),
                "away_ms": self._away_ms(room.id),
                "rating_change": {
                    seat: None if i is None or changes is None else changes.get(i) for seat, i in game.accounts.items()
                },
            }
        }

    def hints_allowed(self, room: Room) -> bool:
        game = self.games.known(room.id)
        return game is None or (not game.rated and game.clock is None)  # no help in a lobby game or a rated one


def _ms(delta: timedelta) -> int:
    return max(0, int(delta.total_seconds() * 1000))


def _finished(game: OnlineGame) -> OnlineGame:
    return OnlineGame(game.game_id, game.accounts, game.level, game.rated, game.clock, True)
