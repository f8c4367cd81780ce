"""What online play adds to each game's room (sockets/rooms.RoomHooks): its clock (a change after the running
clock's deadline is the loss on time; each commit passes the turn's time on), its ratings settled at the end,
the names and clocks in each state message, and no hints in a rated game or one with a clock."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from ...cards import SEAT_NAMES
from ..sockets.rooms import Room, RoomHooks
from ..storage.online_games import OnlineGame
from .game_cache import OnlineGames
from .rating_change import rating_changes
from .ratings import both_moved, new_ratings
from .store import OnlineStore

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

    def presence(self, room: Room, seat: int) -> None:
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

    async def flagged(self, room: Room) -> int | None:
        game = await self.games.game(room.id)
        if game is None or game.clock is None or room.session.to_move is None:
            return None
        seat = game.clock.flagged(self.now())
        return None if seat is None else SEAT_NAMES.index(seat)

    async def committed(self, room: Room) -> None:
        """The move is stored already: a failure here is logged, and the sweep settles a finished game later."""
        try:
            await self._committed(room)
        except Exception:
            log.exception("could not update the clock or the ratings of game %s", room.id)
            self.games.forget(room.id)

    async def _committed(self, room: Room) -> None:
        game = await self.games.game(room.id)
        if game is None or game.finished:
            return
        session, now = room.session, self.now()
        if game.clock is not None:
            to_move = None if session.to_move is None else SEAT_NAMES[session.to_move]
            clock = game.clock.stopped(now) if to_move is None else game.clock.turn_passed(to_move, now)
            if clock != game.clock:
                await self.run(self.store.set_clock, game.game_id, clock)
                game = OnlineGame(game.game_id, game.accounts, game.level, game.rated, clock, game.finished)
                self.games.remember(game.game_id, game)
        if session.outcome is not None:
            await self.settle(game, session.outcome.result, now, both_moved(session))

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
        clock = None if game.clock is None else game.clock.document(self.now())
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
