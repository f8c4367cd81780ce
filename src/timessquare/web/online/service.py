"""Online play inside one server process: the room hooks (clocks, loss on time, ratings, names on the board),
the deadline sweep, seat tokens for accounts, and the listeners of the lobby socket.

Time is read from `now()` (injected: tests move it by hand). Deadlines live in the database; the sweep asks it
which have passed, so a clock survives a restart and no timer is kept in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import anyio

from ...cards import SEAT_NAMES
from ..guards.security import account_seat_token
from ..sockets.rooms import Room, RoomHooks, Rooms, unavailable
from ..storage import DatabaseUnavailable
from .presence import Presence
from .ratings import both_moved, new_ratings
from .store import Account, OnlineGame, OnlineStore

log = logging.getLogger("timessquare.web")

LEFT_THE_GAME = "left the game"  # the forfeit reason of a leaver claimed against
SWEEP_SECONDS = 1.0
CACHE = 10_000  # online games remembered (the stored row; a game not online is remembered as None)


def system_now() -> datetime:
    return datetime.now(UTC)


class Online(RoomHooks):
    def __init__(self, store: OnlineStore, rooms: Rooms, now: Callable[[], datetime] = system_now) -> None:
        self.store = store
        self.rooms = rooms
        self.now = now
        self.cache: OrderedDict[str, OnlineGame | None] = OrderedDict()
        self.names: dict[int, Account] = {}
        self.lobby_listeners: set[Any] = set()  # lobby.LobbyListener
        self._sweeper: asyncio.Task[None] | None = None
        self._seat_key: bytes | None = None
        self.presence = Presence(store, rooms, now)
        rooms.hooks = self

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        return await self.rooms.database.run(function, *args)

    # ------------------------------------------------------------- online games

    async def game(self, game_id: str) -> OnlineGame | None:
        if game_id in self.cache:
            self.cache.move_to_end(game_id)
            return self.cache[game_id]
        game: OnlineGame | None = await self.run(self.store.online_game, game_id)
        self._remember(game_id, game)
        if game is not None:
            await self._learn_names(game)
        return game

    def _remember(self, game_id: str, game: OnlineGame | None) -> None:
        self.cache[game_id] = game
        self.cache.move_to_end(game_id)
        while len(self.cache) > CACHE:  # the oldest go, but never a live room's: its rules (hints) are read here
            old = next((g for g in self.cache if g not in self.rooms.rooms), None)
            if old is None:
                break
            del self.cache[old]

    async def _learn_names(self, game: OnlineGame) -> None:
        ids = [i for i in game.accounts.values() if i is not None and i not in self.names]
        if ids:
            self.names.update(await self.run(self.store.accounts_by_id, ids))

    async def add_game(self, game: OnlineGame) -> None:
        await self.run(self.store.add_online_game, game)
        self._remember(game.game_id, game)
        await self._learn_names(game)

    def forget_account(self, account_id: int) -> None:
        """Its name is read again (its games keep their rules: rated stays rated, R11.6)."""
        self.names.pop(account_id, None)

    # ----------------------------------------------------------------- the hooks

    async def loaded(self, game_id: str) -> None:
        await self.game(game_id)

    async def flagged(self, room: Room) -> int | None:
        game = await self.game(room.id)
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
            self.cache.pop(room.id, None)

    async def _committed(self, room: Room) -> None:
        game = await self.game(room.id)
        if game is None or game.finished:
            return
        session, now = room.session, self.now()
        if game.clock is not None:
            to_move = None if session.to_move is None else SEAT_NAMES[session.to_move]
            clock = game.clock.stopped(now) if to_move is None else game.clock.turn_passed(to_move, now)
            if clock != game.clock:
                await self.run(self.store.set_clock, game.game_id, clock)
                game = OnlineGame(game.game_id, game.accounts, game.level, game.rated, clock, game.finished)
                self._remember(game.game_id, game)
        if session.outcome is not None:
            await self.settle(game, session.outcome.result, now, both_moved(session))

    async def settle(self, game: OnlineGame, result: str, now: datetime, played: bool) -> None:
        new = await self.run(self.store.settle, game.game_id, result, now, new_ratings, played)
        self._remember(game.game_id, _finished(game))  # settled here, or already by another process (None)
        for account_id in new or {}:
            self.names.pop(account_id, None)
        await self._learn_names(game)

    def state_extra(self, room: Room) -> dict[str, Any]:
        game = self.cache.get(room.id)
        if game is None:
            return {}
        players = {}
        for seat, account_id in game.accounts.items():
            account = self.names.get(account_id) if account_id is not None else None
            players[seat] = None if account is None else account.document()
        clock = None if game.clock is None else game.clock.document(self.now())
        return {"online": {"rated": game.rated, "level": game.level, "accounts": players, "clock": clock}}

    def hints_allowed(self, room: Room) -> bool:
        game = self.cache.get(room.id)  # a live room's is always here (_remember): None is a game not online
        return game is None or (not game.rated and game.clock is None)  # no help in a lobby game or a rated one

    # ------------------------------------------------------------- time running out

    async def sweep(self) -> int:
        """End every game whose running clock has passed its deadline (a loss on time); how many ended. (And
        tell the database, now and then, which seats this process sees at their tables: presence.py.)"""
        await self.presence.mark(self.cache)
        ended = 0
        for game_id, result in await self.run(self.store.unsettled):  # a settlement that failed after the end
            game, room = await self.game(game_id), await self.rooms.get(game_id)
            if game is not None:
                await self.settle(game, result, self.now(), room is not None and both_moved(room.session))
        for game_id in await self.run(self.store.past_deadline, self.now()):
            self.cache.pop(game_id, None)  # read the stored clock, not a remembered one
            room = await self.rooms.get(game_id)
            if room is None:
                continue
            async with room.lock:
                if room.session.to_move is not None and await self.flagged(room) is not None:
                    await room.change(lambda: None)  # change() turns it into the loss on time
                    ended += 1
        return ended

    async def _sweep_forever(self) -> None:
        while True:
            await anyio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except DatabaseUnavailable as e:  # an outage: a line now and then, not a traceback a second
                unavailable.warning("the clock sweep: %s", e)
            except Exception:
                log.exception("the clock sweep failed; trying again")

    def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="clock sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    # ---------------------------------------------------------------- seat tokens

    async def seat_token(self, game_id: str, seat: str, account_id: int) -> str:
        """The seat token of an account's seat in an online game: derived from a server key and the account's
        password hash, so the account can fetch it again from any device while the database keeps only its
        hash, and a new password makes new tokens (seat_tokens.py)."""
        if self._seat_key is None:
            self._seat_key = (await self.run(self.store.key, "seat_tokens")).encode()
        account = (await self.run(self.store.accounts_by_id, [account_id])).get(account_id)
        return account_seat_token(self._seat_key, game_id, seat, account_id, account.password_hash if account else None)

    # ------------------------------------------------------------------- lobby

    def tell_lobby(self, message: dict[str, Any], account_ids: set[int] | None = None) -> None:
        """A message to every lobby socket (or only to those of these accounts)."""
        for listener in list(self.lobby_listeners):
            if account_ids is None or listener.account_id in account_ids:
                listener.send(message)


def _finished(game: OnlineGame) -> OnlineGame:
    return OnlineGame(game.game_id, game.accounts, game.level, game.rated, game.clock, True)
