"""What online play adds to each game's room (sockets/rooms.RoomHooks): its clock (a change after the running
clock's deadline is the loss on time; each commit passes the turn's time on), its ratings settled at the end,
the names and clocks in each state message, and no hints in a rated game or one with a clock."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from ...cards import SEAT_NAMES
from ..sockets.rooms import Room, RoomHooks
from ..storage.online_games import OnlineGame
from .game_cache import OnlineGames
from .ratings import both_moved, new_ratings
from .store import OnlineStore

log = logging.getLogger("timessquare.web")


class OnlineRoomHooks(RoomHooks):
    def __init__(
        self, store: OnlineStore, games: OnlineGames, run: Callable[..., Awaitable[Any]], now: Callable[[], datetime]
    ) -> None:
        self.store = store
        self.games = games
        self.run = run
        self.now = now

    async def loaded(self, game_id: str) -> None:
        await self.games.game(game_id)

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

    def state_extra(self, room: Room) -> dict[str, Any]:
        game = self.games.known(room.id)
        if game is None:
            return {}
        players = {}
        for seat, account_id in game.accounts.items():
            account = self.games.names.get(account_id) if account_id is not None else None
            players[seat] = None if account is None else account.document()
        clock = None if game.clock is None else game.clock.document(self.now())
        return {"online": {"rated": game.rated, "level": game.level, "accounts": players, "clock": clock}}

    def hints_allowed(self, room: Room) -> bool:
        game = self.games.known(room.id)
        return game is None or (not game.rated and game.clock is None)  # no help in a lobby game or a rated one


def _finished(game: OnlineGame) -> OnlineGame:
    return OnlineGame(game.game_id, game.accounts, game.level, game.rated, game.clock, True)
