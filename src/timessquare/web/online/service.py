"""Online play inside one server process, its parts put together: the online games remembered (game_cache.py),
the room hooks (room_hooks.py: clocks, loss on time, ratings, names on the board; club_hooks.py: who is here,
the rematch asked for), the deadline sweep (deadline_sweep.py), the lobby's sockets (lobby_listeners.py), who
is online on any process (accounts_here.py), and the seat tokens of accounts and the one way games start
(web/games/). Each route reaches the part it needs through `request.app.state.online`.

Time is read from `now()` (injected: tests move it by hand).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..games.starter import GameStarter
from ..sockets.rooms import Rooms
from .accounts_here import AccountsHere
from .club_hooks import ClubRoomHooks
from .club_store import ClubStore
from .deadline_sweep import DeadlineSweep
from .game_cache import OnlineGames
from .lobby_listeners import LobbyListeners
from .presence import Presence
from .store import OnlineStore

LEFT_THE_GAME = "left the game"  # the forfeit reason of a leaver claimed against


class Online:
    def __init__(self, store: OnlineStore, rooms: Rooms, starter: GameStarter, now: Callable[[], datetime]) -> None:
        self.store = store
        self.club = ClubStore(store.engine)
        self.process = secrets.token_hex(6)  # this server process, among those on one database
        self.rooms = rooms
        self.starter = starter
        self.seat_tokens = starter.tokens
        self.now = now
        self.games = OnlineGames(store, self.run)
        self.games.live = lambda game_id: game_id in rooms.rooms  # a live room's rules stay remembered
        self.lobby = LobbyListeners()
        self.here = AccountsHere(self.club, self.process, self.lobby, self.run)
        self.hooks = ClubRoomHooks(store, self.games, self.run, now)
        self.hooks.here = self.here
        self.offers = self.hooks.offers
        self.presence = Presence(store, rooms, now)
        self.sweeper = DeadlineSweep(store, self.games, self.hooks, rooms, self.run, now, self.presence)
        self.sweeper.sweepers.append(self.here.tick)
        rooms.hooks = self.hooks
        rooms.database.store.settler = self.hooks.settle_in  # a game's end and its ratings: one transaction

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` off the event loop, bounded in time (storage/writer.Database.run)."""
        return await self.rooms.database.run(function, *args)

    def start(self) -> None:
        self.sweeper.start()

    async def close(self) -> None:
        await self.sweeper.close()
        await self.here.close()
